// torch/autograd: recording tensor ops for printing and introspection (the
// front end of core/torch/autograd.hpp; Note [Recording at the boundary] in
// torch/autograd.cpp).
//
// Owns: the one wrapper every tensor method, torch function and operator
// goes through when something requires grad (record_call), the node names
// PyTorch 2.6 prints (node_name), the autograd attributes of tensors, grad
// mode's natives and the torch.nn.Parameter type.
// Invariant: a call that involves no tensor requiring grad (or runs with grad
// mode off) is the undecorated call.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "core/torch/autograd.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/objects/ops.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"

namespace sl::lang {

// One user-visible op: its name as the user called it ("add", "matmul",
// "sum", "linear"), the tensor it was called on (null for functions), and
// its arguments (before the implementation consumed them).
struct OpCall {
  std::string op;
  ArrayPtr self;
  std::vector<Value> pos;
  std::vector<std::pair<std::string, Value>> kw;
  bool inplace = false;         // an operator's in-place form (a += b)
  bool result_is_view = false;  // filled per result
  bool no_formula = false;      // the node's state is saved by its caller (a loss), not by save_for_backward
};

// The node name PyTorch 2.6 gives the op's result ("AddmmBackward0").
std::string node_name(const OpCall& c);
// Fills the state of `t`'s grad_fn for the op `c` (inputs as record_call
// collected them; inplace: `t` is self after the write). Defined with the
// rest of the backward surface in torch/backward.cpp.
void save_for_backward(const OpCall& c, const std::vector<ArrayPtr>& inputs, const ArrayPtr& t, bool inplace);
// Note [Version counter] (core/model/storage.hpp): a user-visible in-place write
// (the op `op`) bumps it, and is logged (Note [Write log], core/torch/autograd.hpp).
inline void bump_version(const ArrayPtr& t, const std::string& op) { note_write(t, op); }
// False while an op's implementation runs below the autograd boundary (Note
// [Recording at the boundary]): a write there is not a user-visible one.
bool outside_recorded_op();
// Whether a method name is an in-place write (add_, masked_fill_; not requires_grad_).
bool is_inplace_op(const std::string& op);
// Whether a call with these operands must be recorded (grad mode on, not
// inside another op, some tensor argument requiring grad).
bool autograd_wanted(const ArrayPtr& self, const std::vector<Value>& pos,
                     const std::vector<std::pair<std::string, Value>>& kw);
// Runs compute() below autograd and records its tensor results (in-place:
// checks before, records after).
Value record_call(Interp& in, OpCall c, const std::function<Value()>& compute);

// A kernel with a node of its own (convolution, pooling: Note [Convolution
// and pooling nodes], torch/conv.cpp): compute() runs, then, when some input
// requires grad, its result gets the node `name` with one edge per input (a
// null input is a None edge) and save() fills the node's state.
ArrayPtr record_kernel(Interp& in, const char* name, const std::vector<ArrayPtr>& inputs, const std::function<ArrayPtr()>& compute,
                       const std::function<void(GradNode&, const ArrayPtr&)>& save);

// a op b / op a on tensors (the operator hooks), recorded as the ATen op they call.
Value record_operator(Interp& in, BinOp op, const Value& a, const Value& b, bool inplace,
                      const std::function<Value()>& compute);
Value record_unary(Interp& in, UnaryOp op, const Value& a, const std::function<Value()>& compute);
// A tensor method call (bind_array_method routes every torch method here).
Value call_tensor_method(Interp& in, const std::string& name, const ArrayMethod& fn, const ArrayPtr& self, Args& a);
// A torch.* / torch.nn.functional function that records under `name`.
NativeFn recorded_function(const std::string& name, NativeFn fn);

// A torch factory (torch.zeros, torch.tensor, ...) that takes requires_grad=True.
NativeFn factory_function(NativeFn fn);
// requires_grad, is_leaf, grad_fn, grad, data (false: not an autograd attribute).
bool tensor_autograd_getattr(Interp& in, const ArrayPtr& t, const std::string& name, Value& out);
bool tensor_autograd_setattr(Interp& in, const ArrayPtr& t, const std::string& name, const Value& x);
// t.requires_grad = flag, with PyTorch's checks (leaves only, floating dtypes).
// dtype_message: the RuntimeError for an integer tensor (PyTorch words it
// differently for the factory keyword, requires_grad_() and the attribute).
void set_requires_grad(Interp& in, const ArrayPtr& t, bool flag, const char* dtype_message);
// The Python object of a node (None for null).
Value grad_fn_value(Interp& in, const GradNodePtr& n);

// Grad mode natives (torch.is_grad_enabled, torch._C._set_grad_enabled, ...),
// Tensor.requires_grad_/retain_grad/backward, torch.nn.Parameter.
void install_torch_autograd(Interp& in, ModuleObj& torch);

}  // namespace sl::lang
