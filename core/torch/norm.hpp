// norm: the CPU kernels of batch normalization and group normalization and of
// their backward (aten/src/ATen/native/Normalization.cpp batch_norm_cpu /
// batch_norm_backward_cpu with cpu/batch_norm_kernel.cpp's contiguous paths,
// group_norm.cpp native_group_norm with cpu/group_norm_kernel.cpp).
//
// batch_norm over x (N, C, *): per channel c over its M = N * prod(*) values,
// training: mean = sum / M, var_sum = sum (x - mean)^2, invstd = 1 / sqrt(var_sum / M + eps),
//   running_mean <- momentum * mean + (1 - momentum) * running_mean,
//   running_var  <- momentum * var_sum / (M - 1) + (1 - momentum) * running_var;
// eval: mean = running_mean, invstd = 1 / sqrt(running_var + eps);
// y = x * alpha + beta with alpha = invstd * w, beta = b - mean * alpha.
// Backward (derivatives.yaml native_batch_norm: native_batch_norm_backward):
//   sum = sum dy, dotp = sum (x - mean) dy (per channel);
//   training: dx = (dy - sum / M - (x - mean) dotp invstd^2 / M) invstd w,
//   eval: dx = dy invstd w; dw = dotp invstd; db = sum.
// group_norm over x (N, C, *) with G groups: per (n, g) over D = C / G channels
// times HxW values, mean and rstd = 1 / sqrt(var + eps) (biased var), y =
// x * (rstd w_c) + (b_c - rstd w_c mean). Backward (native_group_norm_backward):
//   ds_c = sum dy x, db_c = sum dy per (n, c); then per (n, g)
//   with u = sum_c ds_c w_c, v = sum_c db_c w_c:
//   c2 = (v mean - u) rstd^3 / (D HxW), c3 = -c2 mean - v rstd / (D HxW),
//   dx = rstd w_c dy + c2 x + c3;
//   dw_c = sum_n (ds_c - db_c mean) rstd, db_c = sum_n db_c.
// Sums run in element order: batch_norm's statistics in double (the CPU's
// acc_type of float), the rest in the element type (the vectorized
// reductions' lanes are not reproduced: a float32 result's last bit may differ).
//
// Invariant: float32 or float64 inputs of one dtype, shapes checked by the
// front end (core/lang/torch/norm.cpp); results are new contiguous tensors.
#pragma once
#include <array>

#include "core/model/array.hpp"

namespace sl {

struct BatchNormResult {
  ArrayPtr output, save_mean, save_invstd;  // save_*: (C), empty (0) in eval mode as ATen's
};
// weight/bias/running_mean/running_var may be null; running stats are
// updated in place in training mode.
BatchNormResult batch_norm_forward(const ArrayPtr& x, const ArrayPtr& weight, const ArrayPtr& bias, const ArrayPtr& running_mean,
                                   const ArrayPtr& running_var, bool training, double momentum, double eps);
struct NormGrads {
  ArrayPtr input, weight, bias;
};
NormGrads batch_norm_backward(const ArrayPtr& grad, const ArrayPtr& x, const ArrayPtr& weight, const ArrayPtr& running_mean,
                              const ArrayPtr& running_var, const ArrayPtr& save_mean, const ArrayPtr& save_invstd, bool training,
                              double eps, std::array<bool, 3> mask);

struct GroupNormResult {
  ArrayPtr output, mean, rstd;  // mean, rstd: (N, G)
};
GroupNormResult group_norm_forward(const ArrayPtr& x, const ArrayPtr& weight, const ArrayPtr& bias, int64_t groups, double eps);
NormGrads group_norm_backward(const ArrayPtr& grad, const ArrayPtr& x, const ArrayPtr& mean, const ArrayPtr& rstd,
                              const ArrayPtr& weight, int64_t groups, std::array<bool, 3> mask);

}  // namespace sl
