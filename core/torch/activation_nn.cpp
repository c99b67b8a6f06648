// activation_nn: torch.nn's activation kernels and their derivatives (activation_nn.hpp).
#include "core/torch/activation_nn.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "core/kernels/activation.hpp"
#include "core/ops/copy.hpp"
#include "core/torch/dense.hpp"

namespace sl {

namespace {

// Note [Vector blocks and the scalar tail]: cpu_kernel_vec runs the
// vectorized lambda on blocks of two vectors (16 floats, 8 doubles) and the
// scalar lambda on the rest; for float32 the vector path's exp / tanh are
// Sleef's and the scalar path's libm's (and elu's vector path is expm1, its
// scalar path exp - 1), so an element's bits follow its position.
float exp_of(float v, bool vec) { return vec ? sleef_expf_u10(v) : std::exp(v); }
double exp_of(double v, bool) { return std::exp(v); }
float tanh_of(float v, bool vec) { return vec ? sleef_tanhf_u10(v) : std::tanh(v); }
double tanh_of(double v, bool) { return std::tanh(v); }
float erf_of(float v, bool vec) { return vec ? vectorized_erff(v) : std::erf(v); }
double erf_of(double v, bool) { return std::erf(v); }

template <class T>
T forward_one(NnActivation op, T x, const ActParams& p, bool vec) {
  const T a = T(p[0]), b = T(p[1]), c = T(p[2]);
  switch (op) {
    case NnActivation::hardtanh: return std::min(std::max(x, a), b);
    case NnActivation::softplus: return x * a > b ? x : T(std::log1p(exp_of(x * a, vec)) / a);
    case NnActivation::mish: return x * tanh_of(T(std::log1p(exp_of(x, vec))), vec);
    case NnActivation::hardswish: return x * std::min(std::max(x + T(3), T(0)), T(6)) / T(6);
    case NnActivation::hardsigmoid: return std::min(std::max(x + T(3), T(0)), T(6)) / T(6);
    case NnActivation::elu: return x <= T(0) ? (vec ? T(std::expm1(x * c)) : exp_of(x * c, false) - T(1)) * (a * b) : x * b;
    case NnActivation::threshold: return x <= a ? b : x;
    case NnActivation::log_sigmoid: return std::min(x, T(0)) - T(std::log1p(exp_of(-std::abs(x), vec)));
    case NnActivation::hardshrink: return (x >= -a && x <= a) ? T(0) : x;
    case NnActivation::softshrink: return x > a ? x - a : (x < -a ? x + a : x * T(0));  // x * 0 keeps -0
    case NnActivation::gelu:
    case NnActivation::gelu_tanh:
    case NnActivation::silu:
    case NnActivation::leaky_relu: break;  // forward in torch/functional.cpp
  }
  return x;
}

template <class T>
T backward_one(NnActivation op, T g, T x, const ActParams& p, bool vec) {
  const T a = T(p[0]), b = T(p[1]), c = T(p[2]);
  switch (op) {
    case NnActivation::hardtanh: return (x <= a || x >= b) ? T(0) : g;
    case NnActivation::softplus: {
      const T z = exp_of(x * a, vec);
      return x * a > b ? g : g * z / (z + T(1));
    }
    case NnActivation::mish: {
      const T sig = T(1) / (T(1) + exp_of(-x, vec));
      const T ts = tanh_of(T(std::log1p(exp_of(x, vec))), vec);
      return g * (ts + x * sig * (T(1) - ts * ts));
    }
    case NnActivation::hardswish: return x < T(-3) ? T(0) : (x <= T(3) ? g * (x / T(3) + T(0.5)) : g);
    case NnActivation::hardsigmoid: return (x > T(-3) && x < T(3)) ? g / T(6) : T(0);
    case NnActivation::elu: return x <= T(0) ? g * c * (a * b) * exp_of(x * c, vec) : g * b;
    case NnActivation::threshold: return x <= a ? T(0) : g;
    case NnActivation::log_sigmoid: {
      const bool neg = x < T(0);
      const T z = exp_of(-std::abs(x), vec);
      return g * ((neg ? T(1) : T(0)) - (neg ? T(1) : T(-1)) * (z / (T(1) + z)));
    }
    case NnActivation::hardshrink:
    case NnActivation::softshrink: return (x >= -a && x <= a) ? T(0) : g;
    case NnActivation::gelu: {  // GeluBackwardKernelImpl, approximate='none'
      const T cdf = T(0.5) * (T(1) + erf_of(x * T(M_SQRT1_2), vec));
      const T pdf = T(M_2_SQRTPI * M_SQRT1_2 * 0.5) * exp_of(x * x * T(-0.5), vec);
      return g * (cdf + x * pdf);  // (the reference runs this one through oneDNN's gelu_erf: a last bit may differ)
    }
    case NnActivation::gelu_tanh: {
      // the reference's GCC fuses each product that feeds one sum (Note [Fused backward kernels], derivatives.cpp)
      const T beta = T(M_SQRT2 * M_2_SQRTPI * 0.5), kappa = T(0.044715);
      const T x_sq = x * x, x_cube = x * x_sq;
      const T u = tanh_of(beta * std::fma(kappa, x_cube, x), vec);
      const T left = T(0.5) * x, right = T(1) + u;
      const T right_d = left * std::fma(-u, u, T(1)) * (beta * std::fma(T(3) * kappa, x_sq, T(1)));
      return g * std::fma(T(0.5), right, right_d);
    }
    case NnActivation::silu: {
      const T s = T(1) / (T(1) + exp_of(-x, vec));
      return g * s * (T(1) + x * (T(1) - s));
    }
    case NnActivation::leaky_relu: return x > T(0) ? g : g * a;
  }
  return g;
}

template <class T>
ArrayPtr run_forward(NnActivation op, const ArrayPtr& xa, const ActParams& p) {
  std::vector<T> x = dense<T>(xa, xa->dtype);
  const size_t vec_end = x.size() - x.size() % (64 / sizeof(T));
  for (size_t i = 0; i < x.size(); ++i) x[i] = forward_one(op, x[i], p, i < vec_end);
  return tensor_of(x, xa->shape, xa->dtype);
}

template <class T>
ArrayPtr run_backward(NnActivation op, const ArrayPtr& ga, const ArrayPtr& xa, const ActParams& p) {
  std::vector<T> x = dense<T>(xa, xa->dtype), g = dense<T>(ga, xa->dtype);
  const size_t vec_end = x.size() - x.size() % (64 / sizeof(T));
  for (size_t i = 0; i < x.size(); ++i) g[i] = backward_one(op, g[i], x[i], p, i < vec_end);
  return tensor_of(g, xa->shape, xa->dtype);
}

}  // namespace

ArrayPtr nn_activation(NnActivation op, const ArrayPtr& x, const ActParams& p) {
  return x->dtype == DType::F32 ? run_forward<float>(op, x, p) : run_forward<double>(op, x, p);
}

ArrayPtr nn_activation_backward(NnActivation op, const ArrayPtr& grad, const ArrayPtr& x, const ActParams& p) {
  return x->dtype == DType::F32 ? run_backward<float>(op, grad, x, p) : run_backward<double>(op, grad, x, p);
}

}  // namespace sl
