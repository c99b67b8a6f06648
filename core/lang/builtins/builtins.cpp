// builtins: install_builtins and the helpers the builtins files share (see
// builtins.hpp for the layout of this room).
#include "core/lang/builtins/builtins.hpp"

#include <algorithm>

namespace sl::lang {

const std::string& as_str(Interp& in, const Value& v, const char* what) {
  auto* s = v.as<StrObj>();
  if (!s) in.raise_exc("TypeError", std::string(what) + " must be str, not " + in.type_of(v)->name);
  return s->s;
}

Value new_set(Interp& in, const std::vector<Value>& items) {
  auto s = std::make_shared<SetObj>();
  for (auto& x : items) table_set(in, s->t, x, Value());
  return Value(std::static_pointer_cast<Obj>(s));
}

std::vector<Value> table_keys(const HashTable& t) {
  std::vector<Value> out;
  for (size_t i = 0; i < t.entries.size(); ++i)
    if (t.alive[i]) out.push_back(t.entries[i].first);
  return out;
}

void sort_values(Interp& in, std::vector<Value>& v, const Value& key, bool reverse) {
  std::vector<Value> keys;
  keys.reserve(v.size());
  for (auto& x : v) keys.push_back(key.is_none() ? x : in.call(key, std::vector<Value>{x}));
  std::vector<size_t> idx(v.size());
  for (size_t i = 0; i < idx.size(); ++i) idx[i] = i;
  std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) {
    return reverse ? in.truthy(in.compare(CmpOp::Lt, keys[b], keys[a])) : in.truthy(in.compare(CmpOp::Lt, keys[a], keys[b]));
  });
  std::vector<Value> out;
  out.reserve(v.size());
  for (size_t i : idx) out.push_back(v[i]);
  v = std::move(out);
}

void install_builtins(Interp& in) {
  install_builtin_types(in);
  install_class_builtins(in);
  install_builtin_functions(in);
  install_str_methods(in);
  install_container_methods(in);
}

}  // namespace sl::lang
