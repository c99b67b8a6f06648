// frontend/registry: how the numpy and torch front ends register what they
// define -- module functions (def_fn, FnEntry tables), submodules, and the
// methods of numpy.ndarray and torch.Tensor -- and how a method is bound to
// its array.
//
// Owns: the two method tables (ndarray's, Tensor's), the depth of running
// Tensor methods, and the boundary a bound Tensor method runs through (the
// torch front end installs it: Note [Tensor method boundary]).
// Invariant: a front-end file registers each Python name once, in one row
// with the function that implements it and, for a public callable, its
// parameter list (Note [One row per callable], signature.hpp); nothing here
// names a front end's
// functions, so lang/numpy and lang/torch both build on it and neither on
// the other.
#pragma once
#include <string>
#include <vector>

#include "core/lang/eval/interp.hpp"
#include "core/lang/eval/signature.hpp"

namespace sl::lang {

// m.<name> = fn; with `params`, each call binds to them first (Note [One row
// per callable], signature.hpp).
void def_fn(Interp& in, ModuleObj& m, const std::string& name, NativeFn fn, Params params = {});
// Registration tables: a front-end file lists each Python name next to the
// named function that implements it and, for a public callable, its
// parameter list.
struct FnEntry {
  const char* name;
  Value (*fn)(Interp&, Args&);
  Params params = {};
};
template <size_t N>
void def_fns(Interp& in, ModuleObj& m, const FnEntry (&table)[N]) {
  for (const FnEntry& e : table) def_fn(in, m, e.name, e.fn, e.params);
}
// A row of a table whose implementations are made (closures, wrapped natives)
// rather than named functions.
struct NativeRow {
  const char* name;
  NativeFn fn;
  Params params = {};
};
// A submodule ("numpy.linalg"), created on first use and attached to its parent.
ModuleObj& submodule(Interp& in, const std::string& dotted);

// Methods of numpy.ndarray and torch.Tensor: each front-end file registers its
// own in its install function. `self` is the array the method is bound to.
using ArrayMethod = Fn<Value(Interp&, const ArrayPtr& self, Args&)>;  // Note [Native callables]
void def_ndarray_method(const std::string& name, ArrayMethod fn, Params params = {});
void def_tensor_method(const std::string& name, ArrayMethod fn, Params params = {});
struct MethodEntry {
  const char* name;
  Value (*fn)(Interp&, const ArrayPtr& self, Args&);
  Params params = {};
};
struct MethodRow {
  const char* name;
  ArrayMethod fn;
  Params params = {};
};
template <size_t N>
void def_ndarray_methods(const MethodEntry (&table)[N]) {
  for (const MethodEntry& e : table) def_ndarray_method(e.name, e.fn, e.params);
}
// Names of the registered ndarray (or Tensor) methods, for "Did you mean" suggestions.
std::vector<std::string> array_method_names(bool torch);
// Looks up a registered method and binds it (false when there is none).
bool bind_array_method(Interp& in, const ArrayPtr& self, const std::string& name, Value& out);

// Note [Tensor method boundary]
// Every bound Tensor method runs through one function of the torch front end
// (its autograd boundary, torch/autograd.hpp's call_tensor_method), which
// the torch front end installs when it installs its rows. The registry only
// holds the pointer, so the NumPy front end (which registers the methods that
// both share, such as __format__) and this layer never name torch's code.
// A tensor exists only once torch is installed, so the pointer is set by then.
using TensorMethodBoundary = Value (*)(Interp& in, const std::string& name, const ArrayMethod& fn,
                                       const ArrayPtr& self, Args& a);
void set_tensor_method_boundary(TensorMethodBoundary boundary);

// How many Tensor methods are running: their own calls into NumPy's functions
// with tensors are internal, and NumPy's hand-off of a non-ndarray to its
// method (np.sum(t) is t.sum(axis=..., out=...)) applies to the user's only.
int& tensor_method_depth();
struct TensorMethodScope {
  TensorMethodScope() { ++tensor_method_depth(); }
  ~TensorMethodScope() { --tensor_method_depth(); }
};

}  // namespace sl::lang
