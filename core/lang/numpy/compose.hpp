// numpy/compose: calling NumPy's own functions from a front-end routine, for the
// routines NumPy writes in Python in terms of others (select, cov, gradient, ...):
// the call goes through the session's numpy module, so its checks and errors are
// those of the function NumPy calls.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "core/lang/eval/interp.hpp"

namespace sl::lang {

inline Value np_fn(Interp& in, const char* name) { return in.modules.at("numpy")->attrs.at(name); }
inline Value np_call(Interp& in, const char* name, std::vector<Value> pos,
                     std::vector<std::pair<std::string, Value>> kw = {}) {
  Args c;
  c.pos = std::move(pos);
  c.kw = std::move(kw);
  return in.call(np_fn(in, name), c);
}
inline Value method_call(Interp& in, const Value& obj, const char* name, std::vector<Value> pos,
                         std::vector<std::pair<std::string, Value>> kw = {}) {
  Args c;
  c.pos = std::move(pos);
  c.kw = std::move(kw);
  return in.call(in.getattr(obj, name), c);
}
inline Value slice_value(Value a, Value b, Value c = Value()) { return Value(std::make_shared<SliceObj>(a, b, c)); }

}  // namespace sl::lang
