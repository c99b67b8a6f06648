// autograd: what a torch tensor knows about the graph that produced it.
//
// PyTorch keeps an AutogradMeta next to each TensorImpl (c10/core/TensorImpl.h:
// autograd_meta_): requires_grad for leaves, grad_fn for results of recorded
// ops, .grad once a backward pass has written it. stridelab mirrors that split:
// Array::autograd is null for every tensor that neither requires grad nor was
// produced by a recorded op (all NumPy arrays, every tensor under no_grad), so
// the memory model pays nothing for it.
//
// What is recorded is what printing and introspection show: each op's node
// name as PyTorch 2.6 prints it (`grad_fn=<AddmmBackward0>`), the nodes of its
// inputs (`grad_fn.next_functions`), requires_grad / is_leaf propagation, grad
// mode (torch.no_grad, inference_mode, set_grad_enabled) and the in-place
// rules (a leaf that requires grad refuses in-place writes; an in-place op on
// a non-leaf becomes its new grad_fn; writing into a view rebases the view's
// base onto CopySlices). There is no backward pass: the nodes hold no saved
// tensors.
//
// Invariants: a tensor with a grad_fn is not a leaf and requires grad; a leaf
// requires grad exactly when requires_grad is set; only floating and complex
// tensors require grad; nothing is recorded while grad mode is off; a record
// is never shared between tensor objects (Note [Autograd state is per tensor]).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/model/array.hpp"

namespace sl {

// One recorded op: torch's Node (torch/csrc/autograd/function.h). name is what
// PyTorch 2.6 prints ("AddmmBackward0"); next holds the nodes of the inputs
// as grad_fn.next_functions shows them, in argument order: the input's grad_fn,
// its AccumulateGrad node for a leaf that requires grad, null otherwise.
struct GradNode {
  std::string name;
  std::vector<std::shared_ptr<GradNode>> next;
  std::weak_ptr<Array> variable;  // AccumulateGrad: the leaf it accumulates into
  // A long chain (a loop of y = y + x) is released without recursion.
  ~GradNode();
};
using GradNodePtr = std::shared_ptr<GradNode>;

struct AutogradMeta {
  bool requires_grad = false;   // meaningful for leaves; results derive it from grad_fn
  bool is_parameter = false;    // torch.nn.Parameter: prints "Parameter containing:"
  GradNodePtr grad_fn;          // null for leaves
  GradNodePtr grad_accumulator; // a leaf's AccumulateGrad node, made on first use
  ArrayPtr grad;                // .grad, null until something assigns it
};

inline bool requires_grad(const Array& a) { return a.autograd && (a.autograd->requires_grad || a.autograd->grad_fn); }
inline bool is_leaf(const Array& a) { return !a.autograd || !a.autograd->grad_fn; }
inline bool is_parameter(const Array& a) { return a.autograd && a.autograd->is_parameter; }
inline AutogradMeta& autograd_meta(Array& a) {
  if (!a.autograd) a.autograd = std::make_shared<AutogradMeta>();
  return *a.autograd;
}

// Grad mode: PyTorch's thread-local GradMode / InferenceMode for the one
// Python thread a session has; grad_mode() is the running session's (Note
// [Session state], core/model/session_state.hpp).
struct GradMode {
  bool enabled = true;
  bool inference = false;
};
GradMode& grad_mode();

// Whether a tensor of this dtype may require grad (floating and complex only).
bool differentiable_dtype(DType dt);

// The node an input contributes to next_functions (grad_fn, AccumulateGrad, or null).
GradNodePtr gradient_edge(const ArrayPtr& input);

// Records an out-of-place op: when grad mode is on and some input requires
// grad, `out` (a tensor the op made, not one of its inputs) gets grad_fn =
// node(name, edges of the inputs). Integer and bool results are never
// recorded. Returns whether it recorded.
bool record_op(const std::string& name, const std::vector<ArrayPtr>& inputs, Array& out);
// The same with the node's edges given (a composite whose node PyTorch
// wires to intermediate nodes: linear's addmm takes weight.t()).
bool record_op_edges(const std::string& name, const std::vector<ArrayPtr>& inputs, std::vector<GradNodePtr> next,
                     Array& out);
GradNodePtr make_grad_node(const std::string& name, std::vector<GradNodePtr> next);

// The in-place rules (torch/csrc/autograd/VariableTypeUtils.h check_inplace,
// variable.cpp rebase_history), in two halves around the write:
// check_inplace refuses (RuntimeError, PyTorch's words) a write into a leaf
// that requires grad or into a view of one while grad mode is on;
// record_inplace then makes `name` self's new grad_fn when self or another
// input requires grad, and, when self is a view, gives its base the node
// CopySlices (which wraps `name`) and the view AsStridedBackward0 (the view
// re-derived from its rebased base).
void check_inplace(const Array& self);
void record_inplace(const std::string& name, const ArrayPtr& self, const std::vector<ArrayPtr>& others);
// Tensor.__setitem__: the write goes into a view of self (check_inplace on
// that view) and rebases self onto CopySlices.
void record_setitem(const ArrayPtr& self, const std::vector<ArrayPtr>& values);

}  // namespace sl
