// autograd: what a torch tensor knows about the graph that produced it.
//
// PyTorch keeps an AutogradMeta next to each TensorImpl (c10/core/TensorImpl.h:
// autograd_meta_): requires_grad for leaves, grad_fn for results of recorded
// ops, .grad once a backward pass has written it. stridelab mirrors that split:
// Array::autograd is null for every tensor that neither requires grad nor was
// produced by a recorded op (all NumPy arrays, every tensor under no_grad), so
// the memory model pays nothing for it.
//
// Invariants: a tensor with a grad_fn is not a leaf and requires grad; a leaf
// requires grad exactly when requires_grad is set; alias_array() never copies
// the pointer (a view or alias gets its own node from the op that made it).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/array.hpp"

namespace sl {

// One recorded op: torch's Node (torch/csrc/autograd/function.h). name is what
// PyTorch 2.6 prints ("AddmmBackward0"); next holds the nodes of the inputs
// that require grad, in argument order (null for an input that does not),
// as grad_fn.next_functions shows them.
struct GradNode {
  std::string name;
  std::vector<std::shared_ptr<GradNode>> next;
};
using GradNodePtr = std::shared_ptr<GradNode>;

struct AutogradMeta {
  bool requires_grad = false;   // meaningful for leaves; results derive it from grad_fn
  bool is_parameter = false;    // torch.nn.Parameter: prints "Parameter containing:"
  GradNodePtr grad_fn;          // null for leaves
  ArrayPtr grad;                // .grad, null until a backward pass writes it
};

inline bool requires_grad(const Array& a) { return a.autograd && (a.autograd->requires_grad || a.autograd->grad_fn); }
inline bool is_leaf(const Array& a) { return !a.autograd || !a.autograd->grad_fn; }
inline AutogradMeta& autograd_meta(Array& a) {
  if (!a.autograd) a.autograd = std::make_shared<AutogradMeta>();
  return *a.autograd;
}

}  // namespace sl
