// frontend/registry: the registration of module functions and array methods
// (registry.hpp).
#include "core/lang/frontend/registry.hpp"

#include <unordered_map>

#include "core/lang/eval/signature.hpp"

namespace sl::lang {

// A public callable with a listed parameter list binds before its body runs
// (signature.hpp): arity and keyword errors come first, in the reference's words.
void def_fn(Interp& in, ModuleObj& m, const std::string& name, NativeFn fn, Params params) {
  if (params.text) fn = with_signature(Signature::parse(params.text, params.style), std::move(fn));
  m.attrs[name] = in.builtin(name, std::move(fn));
}

ModuleObj& submodule(Interp& in, const std::string& dotted) {
  auto it = in.modules.find(dotted);
  if (it != in.modules.end()) return *it->second;
  auto m = std::make_shared<ModuleObj>(dotted);
  in.modules[dotted] = m;
  size_t dot = dotted.rfind('.');
  if (dot != std::string::npos) {
    ModuleObj& parent = submodule(in, dotted.substr(0, dot));
    parent.attrs[dotted.substr(dot + 1)] = Value(std::static_pointer_cast<Obj>(m));
  }
  return *m;
}

namespace {
TensorMethodBoundary& tensor_boundary() {
  static TensorMethodBoundary b = nullptr;
  return b;
}
}  // namespace

void set_tensor_method_boundary(TensorMethodBoundary boundary) { tensor_boundary() = boundary; }

// Process-wide, as forwarding_depth is: native frames on the stack (Note [Session state]).
int& tensor_method_depth() {
  static int depth = 0;
  return depth;
}

// Process-wide tables (Note [Session state]): every session's install writes
// the same native functions, which capture nothing of a session.
namespace {
std::unordered_map<std::string, ArrayMethod>& ndarray_methods() {
  static std::unordered_map<std::string, ArrayMethod> m;
  return m;
}
std::unordered_map<std::string, ArrayMethod>& tensor_methods() {
  static std::unordered_map<std::string, ArrayMethod> m;
  return m;
}
}  // namespace

namespace {
ArrayMethod method_with_signature(Params params, ArrayMethod fn) {
  if (!params.text) return fn;
  return [sig = Signature::parse(params.text, params.style), fn = std::move(fn)](Interp& in, const ArrayPtr& self,
                                                                                 Args& a) -> Value {
    sig.check(in, a);
    return fn(in, self, a);
  };
}
}  // namespace
void def_ndarray_method(const std::string& name, ArrayMethod fn, Params params) {
  ndarray_methods()[name] = method_with_signature(params, std::move(fn));
}
void def_tensor_method(const std::string& name, ArrayMethod fn, Params params) {
  tensor_methods()[name] = method_with_signature(params, std::move(fn));
}
std::vector<std::string> array_method_names(bool torch) {
  std::vector<std::string> out;
  for (auto& kv : torch ? tensor_methods() : ndarray_methods()) out.push_back(kv.first);
  return out;
}

bool bind_array_method(Interp& in, const ArrayPtr& self, const std::string& name, Value& out) {
  auto& table = self->is_torch() ? tensor_methods() : ndarray_methods();
  auto it = table.find(name);
  if (it == table.end()) return false;
  ArrayMethod fn = it->second;
  if (self->is_torch())  // every tensor method runs through torch's boundary (Note [Tensor method boundary])
    out = in.builtin(name, [fn, self, name](Interp& in, Args& args) -> Value {
      return tensor_boundary()(in, name, fn, self, args);
    });
  else
    out = in.builtin(name, [fn, self](Interp& in, Args& args) -> Value { return fn(in, self, args); });
  return true;
}

}  // namespace sl::lang
