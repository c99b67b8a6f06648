// activation_nn: the elementwise activations of torch.nn that have a node of
// their own in PyTorch (hardtanh / relu6, softplus, mish, hardswish,
// hardsigmoid, elu / selu, celu, threshold, log_sigmoid, hardshrink,
// softshrink), forward and backward, as the CPU kernels of
// aten/src/ATen/native/cpu/Activation.cpp and the formulas of
// tools/autograd/derivatives.yaml (*_backward) compute them:
//   hardtanh(x; lo, hi)      = min(max(x, lo), hi);   d = lo < x < hi ? g : 0
//   softplus(x; beta, t)     = x beta > t ? x : log1p(exp(x beta)) / beta;
//                              d = x beta > t ? g : g z / (z + 1), z = exp(x beta)
//   mish(x)                  = x tanh(log1p(exp(x)));
//                              d = g (ts + x sigmoid(x) (1 - ts^2)), ts = tanh(log1p(exp(x)))
//   hardswish(x)             = x min(max(x + 3, 0), 6) / 6;
//                              d = x < -3 ? 0 : x <= 3 ? g (x / 3 + 0.5) : g
//   hardsigmoid(x)           = min(max(x + 3, 0), 6) / 6;  d = -3 < x < 3 ? g / 6 : 0
//   elu(x; alpha, scale, is) = x <= 0 ? expm1(x is) alpha scale : x scale (scalar tail: exp - 1);
//                              d = x <= 0 ? g is alpha scale exp(x is) : g scale
//                              (selu: alpha 1.6732632423543772, scale 1.0507009873554805;
//                               celu: scale 1, is 1 / alpha)
//   threshold(x; t, v)       = x <= t ? v : x;        d = x <= t ? 0 : g
//   log_sigmoid(x)           = min(x, 0) - log1p(exp(-|x|));
//                              d = g (m - s z / (1 + z)), z = exp(-|x|), x < 0: m 1, s 1; else m 0, s -1
//   hardshrink(x; l)         = -l <= x <= l ? 0 : x;  d = -l <= x <= l ? 0 : g
//   softshrink(x; l)         = x > l ? x - l : x < -l ? x + l : x * 0;  d = -l <= x <= l ? 0 : g
// and the backward of the ones whose forward lives elsewhere (torch/functional.cpp):
//   gelu: d = g (cdf + x pdf), cdf = (1 + erf(x / sqrt 2)) / 2, pdf = exp(-x^2 / 2) / sqrt(2 pi)
//   gelu tanh: with u = tanh(k (x + 0.044715 x^3)), k = sqrt(2 / pi):
//              d = g ((1 + u) / 2 + x / 2 (1 - u^2) k (1 + 3 0.044715 x^2))
//   silu: d = g s (1 + x (1 - s)), s = 1 / (1 + exp(-x));  leaky_relu(x; a): d = x > 0 ? g : g a
// float32 exp and tanh follow the element's position as the reference's
// vectorized loop does (Note [Vector blocks and the scalar tail],
// activation_nn.cpp); log1p and expm1 are libm's (the reference's Sleef ones
// on the vector blocks may differ in the last bit).
//
// Invariant: x is float32 or float64 (the front end checks); results are new
// contiguous torch tensors of x's dtype and shape.
#pragma once
#include <array>

#include "core/model/array.hpp"

namespace sl {

enum class NnActivation : int64_t {
  hardtanh, softplus, mish, hardswish, hardsigmoid, elu, threshold, log_sigmoid, hardshrink, softshrink,
  gelu, gelu_tanh, silu, leaky_relu,  // backward only
};

// The parameters in the order the table above lists them (unused ones 0).
using ActParams = std::array<double, 3>;

ArrayPtr nn_activation(NnActivation op, const ArrayPtr& x, const ActParams& p);
// d op / d x at x, times grad (grad of x's shape).
ArrayPtr nn_activation_backward(NnActivation op, const ArrayPtr& grad, const ArrayPtr& x, const ActParams& p);

}  // namespace sl
