// torch_module: the `torch` module and torch.Tensor as Python objects.
#include "core/lang/interp.hpp"
#include "core/lang/np_util.hpp"

namespace sl::lang {

Value tensor_getattr(Interp& in, const Value& a, const std::string& name, bool& found) {
  found = false;
  return Value();
}
std::string tensor_repr(Interp& in, const Value& a) { return "tensor(...)"; }

void install_torch(Interp& in) {
  in.t.tensor = in.new_type("Tensor", "torch", {in.t.object});
  in.t.torch_dtype = in.new_type("dtype", "torch", {in.t.object});
}

}  // namespace sl::lang
