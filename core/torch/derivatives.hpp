// derivatives: the backward formulas of the ops whose nodes stridelab records.
//
// Each formula is the one tools/autograd/derivatives.yaml states for the ATen
// overload the node names (and the helper in FunctionsManual.cpp it calls),
// evaluated in PyTorch's order through the engine's own ops (ops/ufunc,
// ops/reduce, linalg/matmul), so float32 results carry PyTorch's bits where
// the kernels agree. The comment over each formula names its yaml entry.
//
// Invariant: a formula reads its node's state only through unpack(), which
// refuses a released or modified saved tensor with PyTorch 2.6's messages;
// it returns one gradient per next edge, null where the edge is null or the
// input needs none.
#pragma once
#include <string>
#include <vector>

#include "core/ops/views.hpp"
#include "core/torch/autograd.hpp"

namespace sl {

// Whether `name` has a formula here (the engine refuses other nodes before
// running anything).
bool has_formula(const std::string& name);

// The gradients of the node's inputs given the gradient of its output (grad is
// never null here: the engine skips nodes whose gradient is undefined).
std::vector<ArrayPtr> apply_formula(GradNode& node, const ArrayPtr& grad);

// The saved tensor in slot `slot`, checked (SavedVariable::unpack).
ArrayPtr unpack(const GradNode& node, size_t slot);

// The gradients of matmul(self, other) for a >= 3-d operand (Note [Matmul of
// batches]): the node's saved[0] self, saved[1] other; edges self, other.
std::vector<ArrayPtr> matmul_backward(const GradNode& node, const ArrayPtr& grad);

// at::sum_to: g summed over its leading axes and the axes where `shape` has 1
// (the engine's validate_outputs reduces a broadcast gradient with it).
ArrayPtr sum_to(const ArrayPtr& g, const Shape& shape);

// Basic indexing t[idx] (a view; Select/Slice/Unsqueeze/AliasBackward0):
// saves where the view lies in a contiguous tensor of t's shape, so the
// backward writes grad into zeros of that shape through the same view
// (select_backward / slice_backward: zeros, then copy_ into the view).
void record_index_geometry(GradNode& node, const Shape& in_shape, const std::vector<IndexItem>& idx);

// A matrix stored column-major (mm_mat1_backward's test on the strides).
bool is_column_major(const Array& m);

// A backward pass's grad mode (Note [Double backward], derivatives.cpp): while
// the scope lives, grad mode is create_graph; with it on, the formulas listed by
// differentiable_formula() record the graph of what they compute.
class CreateGraphScope {
 public:
  explicit CreateGraphScope(bool on);
  ~CreateGraphScope();
  CreateGraphScope(const CreateGraphScope&) = delete;
  CreateGraphScope& operator=(const CreateGraphScope&) = delete;

 private:
  bool prev_;
  GradMode prev_mode_;
};
bool creating_graph();
bool differentiable_formula(const std::string& name);
// The engine's own arithmetic (InputBuffer's sum, AccumulateGrad's clone,
// validate_outputs' cast), recorded during a create_graph pass.
ArrayPtr grad_add(const ArrayPtr& a, const ArrayPtr& b);
ArrayPtr grad_cast(const ArrayPtr& a, DType dt);
// as_copy: AccumulateGrad's clone_obey_contract (a copy_ into a new tensor, CopyBackwards);
// else Tensor.clone (retain_grad's hook, CloneBackward0).
ArrayPtr grad_clone(const ArrayPtr& a, bool as_copy);

// Engine arithmetic on tensors (new torch tensors, torch's promotion).
ArrayPtr t_mul(const ArrayPtr& a, const ArrayPtr& b);
ArrayPtr t_add(const ArrayPtr& a, const ArrayPtr& b);
ArrayPtr t_cast(const ArrayPtr& a, DType dt);
ArrayPtr t_clone(const ArrayPtr& a);

}  // namespace sl
