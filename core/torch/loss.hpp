// loss: the CPU kernels of the losses that have a node of their own in
// PyTorch (nll_loss, smooth_l1_loss, huber_loss, binary_cross_entropy,
// binary_cross_entropy_with_logits) and of their backward, in the order of
// operations of aten/src/ATen/native/{LossNLL.cpp, Loss.cpp,
// cpu/PointwiseOpsKernel.cpp, cpu/BinaryOpsKernel.cpp} so float32 results
// carry the reference's bits (Note [Loss kernels' order]).
//
// Invariant: inputs are float32 or float64 tensors of one dtype (the front end
// checks and words the errors); results are new contiguous torch tensors of
// that dtype; a Python error here is the one the kernel raises
// (IndexError "Target 5 is out of bounds.", RuntimeError for a BCE input
// outside [0, 1]).
#pragma once
#include "core/model/array.hpp"

namespace sl {

// at::Reduction's values (what the nodes keep in ints[0]).
enum class LossReduction : int64_t { none = 0, mean = 1, sum = 2 };

// nll_loss over log-probabilities `input` (C), (N, C) or (N, C, d...) -- nll_loss2d
// -- and class indices `target` (), (N) or (N, d...) (int64), weight (C) or null:
// output is () for mean/sum or a 1-D input, (N) or (N, d...) for 'none';
// total_weight is the 0-d sum of the counted samples' weights (their count
// without weights).
struct NllForward {
  ArrayPtr output, total_weight;
};
NllForward nll_loss_forward(const ArrayPtr& input, const ArrayPtr& target, const ArrayPtr& weight, LossReduction r, int64_t ignore_index);
// nll_loss_backward: zeros of input's shape with -w[t] * g (g / total_weight
// for 'mean') at each counted sample's target.
ArrayPtr nll_loss_backward(const ArrayPtr& grad, const ArrayPtr& input, const ArrayPtr& target, const ArrayPtr& weight, LossReduction r,
                           int64_t ignore_index, const ArrayPtr& total_weight);

// The elementwise (unreduced) losses of input and target (same shape after
// broadcasting, which the caller did): param is beta / delta (unused by BCE).
enum class PointLoss { smooth_l1, huber, bce };
ArrayPtr point_loss(PointLoss kind, const ArrayPtr& input, const ArrayPtr& target, double param);
// d loss / d input for the elementwise losses, times grad (broadcast to
// input's shape), with norm 1/numel for 'mean'; BCE's weight (broadcast) or null.
ArrayPtr point_loss_backward(PointLoss kind, const ArrayPtr& grad, const ArrayPtr& input, const ArrayPtr& target, const ArrayPtr& weight,
                             LossReduction r, double param);

// binary_cross_entropy's gradient with respect to the target
// (FunctionsManual.cpp binary_cross_entropy_target_backward): -logit(x) * g,
// times weight, divided by numel for 'mean'; logit's kernel log(x / (1 - x))
// (Sleef's log on the vector blocks of 16 floats, libm's on the tail).
ArrayPtr bce_target_backward(const ArrayPtr& grad, const ArrayPtr& input, const ArrayPtr& weight, LossReduction r);

// binary_cross_entropy_with_logits (unreduced): (1 - t) * x - log_sigmoid(x)
// (times 1 + (pos_weight - 1) * t on the log_sigmoid term), times weight.
ArrayPtr bce_with_logits(const ArrayPtr& input, const ArrayPtr& target, const ArrayPtr& weight, const ArrayPtr& pos_weight);
// Its backward (FunctionsManual.cpp binary_cross_entropy_with_logits_backward):
// (sigmoid(x) - t) * g, or ((pw * t + 1 - t) * sigmoid(x) - pw * t) * g; times
// weight; divided by numel for 'mean'.
ArrayPtr bce_with_logits_backward(const ArrayPtr& grad, const ArrayPtr& input, const ArrayPtr& target, const ArrayPtr& weight,
                                  const ArrayPtr& pos_weight, LossReduction r);
// Its gradient with respect to the target (FunctionsManual.cpp
// binary_cross_entropy_with_logits_target_backward): -x * g, or
// (log_sigmoid(-x) - pw * log_sigmoid(x)) * g; times weight; divided by numel
// for 'mean'. log_sigmoid(z) = min(z, 0) - log1p(exp(-|z|)), ATen's CPU kernel.
ArrayPtr bce_with_logits_target_backward(const ArrayPtr& grad, const ArrayPtr& input, const ArrayPtr& weight,
                                         const ArrayPtr& pos_weight, LossReduction r);

}  // namespace sl
