// loss: the losses' CPU kernels (loss.hpp).
//
// Note [Loss kernels' order]: each kernel evaluates the expression of the
// ATen function it mirrors, operation by operation, in the element type:
// - nll_loss_out_frame (LossNLL.cpp): 'none' writes -x[i, t_i] * w[t_i]; the
//   reductions accumulate -x[i, t_i] * w[t_i] (and w[t_i]) into an 8-level
//   cascade of partial sums: level 0 takes every sample, and after sample b
//   level j is added into level j+1 (and cleared) while the j-th group of
//   `level_power` bits of b is zero, level_power = max(4, ceil(log2 N) / 8);
//   the levels are then summed in order. 'mean' divides by the weight sum
//   (the count of samples not ignored without weights).
// - nll_loss_backward_out_frame: g' = -(mean ? g / total_weight : g), then
//   w[t] * g' at each counted sample ('none': -w[t] * g_i).
// - smooth_l1 / huber forward (BinaryOpsKernel.cpp): z = |a - b|;
//   z < beta ? 0.5 * z * z / beta : z - 0.5 * beta, and
//   z < delta ? 0.5 * z * z : delta * (z - 0.5 * delta).
// - smooth_l1_backward (PointwiseOpsKernel.cpp): the vectorized loop computes
//   norm * (x / beta or +-1) * g on blocks of two vectors (16 floats, 8
//   doubles), the scalar tail norm * x * g / beta (or +-norm * g): both are
//   reproduced, so the digits follow the element's position as in PyTorch.
//   huber_backward: x <= -delta: -norm * g * delta; x >= delta: norm * g *
//   delta; else norm * x * g.
// - binary_cross_entropy (Loss.cpp, built without FMA): (t - 1) *
//   max(log1p(-x), -100) - t * max(log(x), -100); backward g * (x - t) /
//   max((1 - x) * x, 1e-12), then * weight, then / numel for 'mean'.
// - binary_cross_entropy_with_logits: log_sigmoid's vectorized kernel
//   min(x, 0) - log1p(exp(-|x|)) (PyTorch: Sleef exp and log1p; here Sleef's
//   exp for float32 as the engine has it and libm's log1p: the last bit of a
//   float32 loss may differ), then (1 - t) * x - that (pos_weight: times
//   1 + (pw - 1) * t first), times weight.
// norm is 1 / numel computed in double and rounded to the element type (a
// Scalar entering a kernel).
#include "core/torch/loss.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "core/kernels/activation.hpp"
#include "core/model/error.hpp"
#include "core/ops/copy.hpp"
#include "core/torch/dense.hpp"
#include "core/ops/views.hpp"

namespace sl {

namespace {

// The elements of a (broadcast to `shape`, cast to dt) in C order.
template <class T>
std::vector<T> elements(const ArrayPtr& a, const Shape& shape, DType dt) {
  return dense<T>(a->shape == shape ? a : broadcast_to(a, shape), dt);
}

int64_t ceil_log2(int64_t n) {
  int64_t k = 0;
  while ((int64_t(1) << k) < n) ++k;
  return k;
}

// The layout nll_loss and nll_loss2d index: input (N, C, M...) as N x C x M
// (M = 1 for a 2-D input; a 1-D input is one sample), target N x M.
struct NllLayout {
  int64_t N = 1, C = 1, M = 1;
  bool batched = false;
};
NllLayout nll_layout(const Array& input) {
  NllLayout l;
  l.batched = input.ndim() >= 2;
  l.N = l.batched ? input.shape[0] : 1;
  l.C = l.batched ? input.shape[1] : input.shape[0];
  for (int k = 2; k < input.ndim(); ++k) l.M *= input.shape[size_t(k)];
  return l;
}

template <class T>
NllForward nll_forward(const ArrayPtr& input, const ArrayPtr& target, const ArrayPtr& weight, LossReduction r, int64_t ignore) {
  const DType dt = input->dtype;
  const NllLayout L = nll_layout(*input);
  const int64_t N = L.N, C = L.C, M = L.M;
  std::vector<T> x = elements<T>(input, input->shape, dt);
  std::vector<int64_t> t = elements<int64_t>(target, target->shape, DType::I64);
  std::vector<T> w = weight ? elements<T>(weight, weight->shape, dt) : std::vector<T>();
  auto check = [&](int64_t c) {
    if (c < 0 || c >= C) raise("IndexError", "Target " + std::to_string(c) + " is out of bounds.");
  };
  if (r == LossReduction::none && L.batched) {
    std::vector<T> out(size_t(N * M), T(0));
    for (int64_t b = 0; b < N; ++b)
      for (int64_t e = 0; e < M; ++e) {
        const int64_t c = t[size_t(b * M + e)];
        if (c == ignore) continue;
        check(c);
        out[size_t(b * M + e)] = -x[size_t((b * C + c) * M + e)] * (w.empty() ? T(1) : w[size_t(c)]);
      }
    return {tensor_of(out, input->ndim() == 2 ? Shape{N} : target->shape, dt), tensor_of(std::vector<T>{T(0)}, {}, dt)};
  }
  if (t.empty()) {  // an empty batch: mean is NaN, sum 0
    const T v = r == LossReduction::mean ? T(NAN) : T(0);
    return {tensor_of(std::vector<T>{v}, {}, dt), tensor_of(std::vector<T>{T(0)}, {}, dt)};
  }
  constexpr int levels = 8;
  const int64_t count = N * M;
  const int64_t power = std::max<int64_t>(4, ceil_log2(count) / levels);
  const int64_t mask = (int64_t(1) << power) - 1;
  T wsum[levels] = {}, lsum[levels] = {};
  int64_t ignored = 0;
  for (int64_t b = 0; b < N; ++b)
    for (int64_t e = 0; e < M; ++e) {
      const int64_t i = b * M + e;  // the cascade's linear index
      const int64_t c = t[size_t(i)];
      if (c == ignore) {
        ++ignored;
        continue;
      }
      check(c);
      const T v = x[size_t((b * C + c) * M + e)];
      if (!w.empty()) {
        lsum[0] -= v * w[size_t(c)];
        wsum[0] += w[size_t(c)];
      } else {
        lsum[0] -= v;
      }
      for (int j = 0; j + 1 < levels; ++j) {
        if ((i & (mask << (j * power))) != 0) break;
        wsum[j + 1] += wsum[j];
        lsum[j + 1] += lsum[j];
        wsum[j] = 0;
        lsum[j] = 0;
      }
    }
  T total = 0, out = 0;
  if (w.empty()) total = T(count - ignored);
  else
    for (T s : wsum) total += s;
  for (T s : lsum) out += s;
  if (r == LossReduction::mean) out /= total;
  return {tensor_of(std::vector<T>{out}, {}, dt), tensor_of(std::vector<T>{total}, {}, dt)};
}

template <class T>
ArrayPtr nll_backward(const ArrayPtr& grad, const ArrayPtr& input, const ArrayPtr& target, const ArrayPtr& weight, LossReduction r,
                      int64_t ignore, const ArrayPtr& total_weight) {
  const DType dt = input->dtype;
  const NllLayout L = nll_layout(*input);
  const int64_t N = L.N, C = L.C, M = L.M;
  std::vector<T> gi(size_t(N * C * M), T(0));
  std::vector<int64_t> t = elements<int64_t>(target, target->shape, DType::I64);
  std::vector<T> w = weight ? elements<T>(weight, weight->shape, dt) : std::vector<T>();
  std::vector<T> g = elements<T>(grad, grad->shape, dt);
  const bool none = r == LossReduction::none && L.batched;
  const T gv = none ? T(0) : -(r == LossReduction::mean ? g[0] / elements<T>(total_weight, {}, dt)[0] : g[0]);
  for (int64_t b = 0; b < N; ++b)
    for (int64_t e = 0; e < M; ++e) {
      const int64_t i = b * M + e, c = t[size_t(i)];
      if (c == ignore) continue;
      if (c < 0 || c >= C) raise("IndexError", "Target " + std::to_string(c) + " is out of bounds.");
      const T wc = w.empty() ? T(1) : w[size_t(c)];
      gi[size_t((b * C + c) * M + e)] = none ? -wc * g[size_t(i)] : (w.empty() ? gv : wc * gv);
    }
  return tensor_of(gi, input->shape, dt);
}

template <class T>
T point_value(PointLoss k, T a, T b, T p) {
  if (k == PointLoss::bce) {
    if (!(a >= T(0) && a <= T(1))) raise("RuntimeError", "all elements of input should be between 0 and 1");
    return (b - T(1)) * std::max(T(std::log1p(-a)), T(-100)) - b * std::max(T(std::log(a)), T(-100));
  }
  const T z = std::abs(a - b);
  if (k == PointLoss::smooth_l1) return z < p ? T(0.5) * z * z / p : z - T(0.5) * p;
  return z < p ? T(0.5) * z * z : p * (z - T(0.5) * p);
}

template <class T>
ArrayPtr point_forward(PointLoss k, const ArrayPtr& input, const ArrayPtr& target, double param) {
  const DType dt = input->dtype;
  std::vector<T> a = elements<T>(input, input->shape, dt), b = elements<T>(target, input->shape, dt);
  for (size_t i = 0; i < a.size(); ++i) a[i] = point_value<T>(k, a[i], b[i], T(param));
  return tensor_of(a, input->shape, dt);
}

template <class T>
ArrayPtr point_backward(PointLoss k, const ArrayPtr& grad, const ArrayPtr& input, const ArrayPtr& target, const ArrayPtr& weight,
                        LossReduction r, double param) {
  const DType dt = input->dtype;
  const Shape& s = input->shape;
  const int64_t n = input->size();
  std::vector<T> a = elements<T>(input, s, dt), b = elements<T>(target, s, dt), g = elements<T>(grad, s, dt);
  const T norm = T(r == LossReduction::mean ? 1.0 / double(n) : 1.0);
  const T p = T(param);
  std::vector<T> out(static_cast<size_t>(n));
  // the vectorized loop's blocks of two vectors (smooth_l1's two forms differ)
  const int64_t block = 2 * int64_t(32 / sizeof(T)), vec_end = n - n % block;
  for (int64_t i = 0; i < n; ++i) {
    const T x = a[size_t(i)] - b[size_t(i)], gv = g[size_t(i)];
    T v;
    if (k == PointLoss::smooth_l1) {
      if (i < vec_end) v = norm * (std::abs(x) >= p ? (x > T(0) ? T(1) : T(-1)) : x / p) * gv;
      else v = x <= -p ? -norm * gv : x >= p ? norm * gv : norm * x * gv / p;
    } else if (k == PointLoss::huber) {
      v = x <= -p ? -norm * gv * p : x >= p ? norm * gv * p : norm * x * gv;
    } else {
      const T in = a[size_t(i)];
      v = gv * (in - b[size_t(i)]) / std::max((T(1) - in) * in, T(1e-12f));
    }
    out[size_t(i)] = v;
  }
  if (k == PointLoss::bce) {
    if (weight) {
      std::vector<T> w = elements<T>(weight, s, dt);
      for (int64_t i = 0; i < n; ++i) out[size_t(i)] *= w[size_t(i)];
    }
    if (r == LossReduction::mean)
      for (auto& v : out) v /= T(n);
  }
  return tensor_of(out, s, dt);
}

template <class T>
ArrayPtr bce_target_grad(const ArrayPtr& grad, const ArrayPtr& input, const ArrayPtr& weight, LossReduction r) {
  const DType dt = input->dtype;
  const Shape& s = input->shape;
  const int64_t n = input->size();
  std::vector<T> x = elements<T>(input, s, dt), g = elements<T>(grad, s, dt);
  std::vector<T> w = weight ? elements<T>(weight, s, dt) : std::vector<T>();
  const int64_t vec_end = n - n % 16;
  for (int64_t i = 0; i < n; ++i) {
    const T q = x[size_t(i)] / (T(1) - x[size_t(i)]);
    T logit;
    if constexpr (sizeof(T) == 4) logit = i < vec_end ? sleef_logf_u10(q) : (x[size_t(i)] == T(1) ? T(INFINITY) : std::log(q));
    else logit = x[size_t(i)] == T(1) ? T(INFINITY) : std::log(q);
    T v = -logit * g[size_t(i)];
    if (!w.empty()) v *= w[size_t(i)];
    if (r == LossReduction::mean) v /= T(n);
    x[size_t(i)] = v;
  }
  return tensor_of(x, s, dt);
}

template <class T>
T exp_of(T x) {
  if constexpr (sizeof(T) == 4) return sleef_expf_u10(x);
  else return std::exp(x);
}

template <class T>
ArrayPtr bcel_forward(const ArrayPtr& input, const ArrayPtr& target, const ArrayPtr& weight, const ArrayPtr& pos_weight) {
  const DType dt = input->dtype;
  const Shape& s = input->shape;
  std::vector<T> x = elements<T>(input, s, dt), t = elements<T>(target, s, dt);
  std::vector<T> pw = pos_weight ? elements<T>(pos_weight, s, dt) : std::vector<T>();
  std::vector<T> w = weight ? elements<T>(weight, s, dt) : std::vector<T>();
  for (size_t i = 0; i < x.size(); ++i) {
    T ls = std::min(x[i], T(0)) - T(std::log1p(exp_of(-std::abs(x[i]))));
    if (!pw.empty()) ls *= (pw[i] - T(1)) * t[i] + T(1);
    T l = (T(1) - t[i]) * x[i] - ls;
    if (!w.empty()) l *= w[i];
    x[i] = l;
  }
  return tensor_of(x, s, dt);
}

template <class T>
ArrayPtr bcel_backward(const ArrayPtr& grad, const ArrayPtr& input, const ArrayPtr& target, const ArrayPtr& weight,
                       const ArrayPtr& pos_weight, LossReduction r) {
  const DType dt = input->dtype;
  const Shape& s = input->shape;
  std::vector<T> x = elements<T>(input, s, dt), t = elements<T>(target, s, dt), g = elements<T>(grad, s, dt);
  std::vector<T> pw = pos_weight ? elements<T>(pos_weight, s, dt) : std::vector<T>();
  std::vector<T> w = weight ? elements<T>(weight, s, dt) : std::vector<T>();
  ArrayPtr sig = copy_as(*tensor_of(x, s, dt), dt, 'C');
  apply_activation(Activation::sigmoid, *sig, *sig);
  const T* sg = reinterpret_cast<const T*>(sig->data());
  const T n = T(input->size());
  for (size_t i = 0; i < x.size(); ++i) {
    T v;
    if (!pw.empty()) {
      const T pt = pw[i] * t[i];
      v = (pt + T(1) - t[i]) * sg[i] - pt;
    } else {
      v = sg[i] - t[i];
    }
    v *= g[i];
    if (!w.empty()) v *= w[i];
    if (r == LossReduction::mean) v /= n;
    x[i] = v;
  }
  return tensor_of(x, s, dt);
}

template <class T>
ArrayPtr bcel_target_grad(const ArrayPtr& grad, const ArrayPtr& input, const ArrayPtr& weight, const ArrayPtr& pos_weight,
                          LossReduction r) {
  const DType dt = input->dtype;
  const Shape& s = input->shape;
  std::vector<T> x = elements<T>(input, s, dt), g = elements<T>(grad, s, dt);
  std::vector<T> pw = pos_weight ? elements<T>(pos_weight, s, dt) : std::vector<T>();
  std::vector<T> w = weight ? elements<T>(weight, s, dt) : std::vector<T>();
  auto log_sigmoid = [](T z) { return std::min(z, T(0)) - std::log1p(std::exp(-std::abs(z))); };
  const T n = T(input->size());
  for (size_t i = 0; i < x.size(); ++i) {
    T v = pw.empty() ? -x[i] : log_sigmoid(-x[i]) - log_sigmoid(x[i]) * pw[i];
    v *= g[i];
    if (!w.empty()) v *= w[i];
    if (r == LossReduction::mean) v /= n;
    x[i] = v;
  }
  return tensor_of(x, s, dt);
}

[[noreturn]] void bad_dtype(DType dt) {
  raise("NotImplementedError", std::string("stridelab's loss kernels take float32 and float64, not ") + name(dt));
}

}  // namespace

NllForward nll_loss_forward(const ArrayPtr& input, const ArrayPtr& target, const ArrayPtr& weight, LossReduction r, int64_t ignore) {
  if (input->dtype == DType::F32) return nll_forward<float>(input, target, weight, r, ignore);
  if (input->dtype == DType::F64) return nll_forward<double>(input, target, weight, r, ignore);
  bad_dtype(input->dtype);
}

ArrayPtr nll_loss_backward(const ArrayPtr& grad, const ArrayPtr& input, const ArrayPtr& target, const ArrayPtr& weight, LossReduction r,
                           int64_t ignore, const ArrayPtr& total_weight) {
  if (input->dtype == DType::F32) return nll_backward<float>(grad, input, target, weight, r, ignore, total_weight);
  if (input->dtype == DType::F64) return nll_backward<double>(grad, input, target, weight, r, ignore, total_weight);
  bad_dtype(input->dtype);
}

ArrayPtr point_loss(PointLoss kind, const ArrayPtr& input, const ArrayPtr& target, double param) {
  if (input->dtype == DType::F32) return point_forward<float>(kind, input, target, param);
  if (input->dtype == DType::F64) return point_forward<double>(kind, input, target, param);
  bad_dtype(input->dtype);
}

ArrayPtr point_loss_backward(PointLoss kind, const ArrayPtr& grad, const ArrayPtr& input, const ArrayPtr& target, const ArrayPtr& weight,
                             LossReduction r, double param) {
  if (input->dtype == DType::F32) return point_backward<float>(kind, grad, input, target, weight, r, param);
  if (input->dtype == DType::F64) return point_backward<double>(kind, grad, input, target, weight, r, param);
  bad_dtype(input->dtype);
}

ArrayPtr bce_target_backward(const ArrayPtr& grad, const ArrayPtr& input, const ArrayPtr& weight, LossReduction r) {
  if (input->dtype == DType::F32) return bce_target_grad<float>(grad, input, weight, r);
  if (input->dtype == DType::F64) return bce_target_grad<double>(grad, input, weight, r);
  bad_dtype(input->dtype);
}

ArrayPtr bce_with_logits(const ArrayPtr& input, const ArrayPtr& target, const ArrayPtr& weight, const ArrayPtr& pos_weight) {
  if (input->dtype == DType::F32) return bcel_forward<float>(input, target, weight, pos_weight);
  if (input->dtype == DType::F64) return bcel_forward<double>(input, target, weight, pos_weight);
  bad_dtype(input->dtype);
}

ArrayPtr bce_with_logits_backward(const ArrayPtr& grad, const ArrayPtr& input, const ArrayPtr& target, const ArrayPtr& weight,
                                  const ArrayPtr& pos_weight, LossReduction r) {
  if (input->dtype == DType::F32) return bcel_backward<float>(grad, input, target, weight, pos_weight, r);
  if (input->dtype == DType::F64) return bcel_backward<double>(grad, input, target, weight, pos_weight, r);
  bad_dtype(input->dtype);
}

ArrayPtr bce_with_logits_target_backward(const ArrayPtr& grad, const ArrayPtr& input, const ArrayPtr& weight,
                                         const ArrayPtr& pos_weight, LossReduction r) {
  if (input->dtype == DType::F32) return bcel_target_grad<float>(grad, input, weight, pos_weight, r);
  if (input->dtype == DType::F64) return bcel_target_grad<double>(grad, input, weight, pos_weight, r);
  bad_dtype(input->dtype);
}

}  // namespace sl
