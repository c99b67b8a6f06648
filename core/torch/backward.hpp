// backward: the reverse pass over a recorded graph -- PyTorch's Engine
// (torch/csrc/autograd/engine.cpp) for the one CPU thread a session has.
//
// The pass counts each node's dependencies from the roots, then runs nodes
// from a ready queue ordered as PyTorch's CPU ready queue is (the largest
// sequence_nr first, so AccumulateGrad before any formula node), summing the
// gradients that reach a node in arrival order (InputBuffer::accumulate),
// reducing or casting each node's results to the metadata of the node they
// flow into (validate_outputs: at::sum_to for a broadcast operand), and
// releasing every node's saved tensors unless the graph is kept.
//
// Invariant: nothing runs before every node the pass would execute is known
// to have a formula (an unsupported node refuses the whole pass, so no .grad
// is half-written); a leaf's .grad is written only by AccumulateGrad.
#pragma once
#include <vector>

#include "core/torch/autograd.hpp"

namespace sl {

struct BackwardOptions {
  bool keep_graph = false;       // retain_graph
  bool accumulate_grad = true;   // Tensor.backward; false for torch.autograd.grad (capture)
  bool create_graph = false;     // record the pass's own graph (Note [Double backward], derivatives.cpp)
};

// Runs the pass from `roots` (tensors that require grad) seeded with `grads`
// (one per root, shaped as the root). With accumulate_grad, `inputs` (may be
// empty: every leaf) limits the leaves written; without it, returns the
// gradient reaching each of `inputs` (null where none does).
std::vector<ArrayPtr> run_backward(const std::vector<ArrayPtr>& roots, const std::vector<ArrayPtr>& grads,
                                   const std::vector<ArrayPtr>& inputs, const BackwardOptions& opt);

// AccumulateGrad::accumulateGrad: the first gradient is stolen when nothing
// else holds it and its layout is the variable's, else cloned; later ones are
// added in place; in a create_graph pass, a recorded clone, then recorded out-of-place sums.
void accumulate_grad(Array& variable, ArrayPtr new_grad);

}  // namespace sl
