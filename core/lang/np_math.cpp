// np_math: operators and ufuncs on arrays.
// This file currently routes Python operators on arrays; the ufunc machinery
// (broadcasting, promotion, kernels) lands with the kernels work (issue 6).
#include "core/lang/interp.hpp"
#include "core/lang/np_util.hpp"

namespace sl::lang {

Value ufunc_binop(Interp& in, const std::string& op, const Value& a, const Value& b, bool inplace, bool& found) {
  found = false;
  if (op == "==" || op == "!=") {
    // identity comparison fallback for non-array operands is handled by the caller
  }
  in.raise_exc("NotImplementedError", "operator " + op + " on arrays is not implemented yet in this build");
}

Value ufunc_unary(Interp& in, const std::string& op, const Value& a) {
  in.raise_exc("NotImplementedError", "unary " + op + " on arrays is not implemented yet in this build");
}

void install_numpy_math(Interp& in, ModuleObj& np) {}

}  // namespace sl::lang
