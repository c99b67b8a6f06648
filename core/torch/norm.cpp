// norm: batch_norm's and group_norm's CPU kernels (norm.hpp).
#include "core/torch/norm.hpp"

#include <cmath>
#include <cstring>
#include <vector>

#include "core/ops/copy.hpp"
#include "core/torch/dense.hpp"

namespace sl {

namespace {

// Writes v into the (contiguous or not) tensor a in C order (the running stats' in-place update).
template <class T>
void write_back(const ArrayPtr& a, const std::vector<T>& v) {
  ArrayPtr src = tensor_of(v, a->shape, a->dtype);
  copy_into(*a, *src);
}

// (N, C, S): the layout both kernels walk.
struct NCS {
  int64_t N, C, S;
};
NCS layout(const Array& x) {
  NCS l{x.shape[0], x.ndim() > 1 ? x.shape[1] : 1, 1};
  for (int k = 2; k < x.ndim(); ++k) l.S *= x.shape[size_t(k)];
  return l;
}

template <class T>
BatchNormResult bn_forward(const ArrayPtr& xa, const ArrayPtr& wa, const ArrayPtr& ba, const ArrayPtr& rma, const ArrayPtr& rva,
                           bool training, double momentum, double eps) {
  const DType dt = xa->dtype;
  const NCS L = layout(*xa);
  std::vector<T> x = dense<T>(xa, dt), w = dense<T>(wa, dt), b = dense<T>(ba, dt);
  std::vector<T> rm = dense<T>(rma, dt), rv = dense<T>(rva, dt);
  std::vector<T> mean(size_t(L.C)), invstd(size_t(L.C)), y(x.size());
  const int64_t M = L.N * L.S;
  for (int64_t c = 0; c < L.C; ++c) {
    if (training) {
      // acc_type<float, CPU> is double: the sums run in double, mean and var_sum are stored as T
      double sum = 0;
      for (int64_t n = 0; n < L.N; ++n)
        for (int64_t s = 0; s < L.S; ++s) sum += x[size_t((n * L.C + c) * L.S + s)];
      const T m = T(sum / double(M));
      double acc = 0;
      for (int64_t n = 0; n < L.N; ++n)
        for (int64_t s = 0; s < L.S; ++s) {
          const T d = x[size_t((n * L.C + c) * L.S + s)] - m;
          acc += d * d;
        }
      const T var_sum = T(acc);
      mean[size_t(c)] = m;
      invstd[size_t(c)] = T(1.0 / std::sqrt(double(var_sum / T(M)) + eps));
      // momentum is a double: the update runs in double and is rounded once
      if (!rm.empty()) rm[size_t(c)] = T(momentum * m + (1 - momentum) * rm[size_t(c)]);
      if (!rv.empty()) rv[size_t(c)] = T(momentum * (var_sum / T(M - 1)) + (1 - momentum) * rv[size_t(c)]);
    } else {
      mean[size_t(c)] = rm[size_t(c)];
      invstd[size_t(c)] = T(1.0 / std::sqrt(double(rv[size_t(c)]) + eps));
    }
    const T alpha = invstd[size_t(c)] * (w.empty() ? T(1) : w[size_t(c)]);
    const T beta = (b.empty() ? T(0) : b[size_t(c)]) - mean[size_t(c)] * alpha;
    for (int64_t n = 0; n < L.N; ++n)
      for (int64_t s = 0; s < L.S; ++s) {
        const size_t i = size_t((n * L.C + c) * L.S + s);
        y[i] = x[i] * alpha + beta;
      }
  }
  if (training && rma) write_back(rma, rm);
  if (training && rva) write_back(rva, rv);
  BatchNormResult r;
  r.output = tensor_of(y, xa->shape, dt);
  r.save_mean = training ? tensor_of(mean, Shape{L.C}, dt) : tensor_of(std::vector<T>(), Shape{0}, dt);
  r.save_invstd = training ? tensor_of(invstd, Shape{L.C}, dt) : tensor_of(std::vector<T>(), Shape{0}, dt);
  return r;
}

template <class T>
NormGrads bn_backward(const ArrayPtr& ga, const ArrayPtr& xa, const ArrayPtr& wa, const ArrayPtr& rma, const ArrayPtr& rva,
                      const ArrayPtr& sma, const ArrayPtr& sia, bool training, double eps, std::array<bool, 3> mask) {
  const DType dt = xa->dtype;
  const NCS L = layout(*xa);
  std::vector<T> gy = dense<T>(ga, dt), x = dense<T>(xa, dt), w = dense<T>(wa, dt);
  std::vector<T> mean = training ? dense<T>(sma, dt) : dense<T>(rma, dt);
  std::vector<T> invstd = training ? dense<T>(sia, dt) : dense<T>(rva, dt);
  if (!training)
    for (T& v : invstd) v = T(1.0 / std::sqrt(double(v) + eps));
  std::vector<T> gx(mask[0] ? x.size() : 0), gw(mask[1] ? size_t(L.C) : 0), gb(mask[2] ? size_t(L.C) : 0);
  const int64_t M = L.N * L.S;
  for (int64_t c = 0; c < L.C; ++c) {
    const T m = mean[size_t(c)], is = invstd[size_t(c)], wc = w.empty() ? T(1) : w[size_t(c)];
    T sum = T(0), dotp = T(0);
    for (int64_t n = 0; n < L.N; ++n)
      for (int64_t s = 0; s < L.S; ++s) {
        const size_t i = size_t((n * L.C + c) * L.S + s);
        sum += gy[i];
        dotp += (x[i] - m) * gy[i];
      }
    if (mask[0]) {
      const T k = dotp * is * is / T(M), grad_mean = sum / T(M);
      for (int64_t n = 0; n < L.N; ++n)
        for (int64_t s = 0; s < L.S; ++s) {
          const size_t i = size_t((n * L.C + c) * L.S + s);
          gx[i] = training ? (gy[i] - grad_mean - (x[i] - m) * k) * is * wc : gy[i] * is * wc;
        }
    }
    if (mask[1]) gw[size_t(c)] = dotp * is;
    if (mask[2]) gb[size_t(c)] = sum;
  }
  NormGrads r;
  if (mask[0]) r.input = tensor_of(gx, xa->shape, dt);
  if (mask[1]) r.weight = tensor_of(gw, Shape{L.C}, dt);
  if (mask[2]) r.bias = tensor_of(gb, Shape{L.C}, dt);
  return r;
}

template <class T>
GroupNormResult gn_forward(const ArrayPtr& xa, const ArrayPtr& wa, const ArrayPtr& ba, int64_t G, double eps) {
  const DType dt = xa->dtype;
  const NCS L = layout(*xa);
  const int64_t D = L.C / G, K = D * L.S;
  std::vector<T> x = dense<T>(xa, dt), w = dense<T>(wa, dt), b = dense<T>(ba, dt);
  std::vector<T> y(x.size()), mean(size_t(L.N * G)), rstd(size_t(L.N * G));
  for (int64_t n = 0; n < L.N; ++n)
    for (int64_t g = 0; g < G; ++g) {
      const T* p = x.data() + (n * L.C + g * D) * L.S;
      T sum = T(0);
      for (int64_t i = 0; i < K; ++i) sum += p[i];
      const T m = sum / T(K);
      T ss = T(0);
      for (int64_t i = 0; i < K; ++i) ss += (p[i] - m) * (p[i] - m);
      const T var = std::max(ss / T(K), T(0));
      const T r = T(1) / std::sqrt(var + T(eps));
      mean[size_t(n * G + g)] = m;
      rstd[size_t(n * G + g)] = r;
      for (int64_t d = 0; d < D; ++d) {
        const int64_t c = g * D + d;
        const T scale = r * (w.empty() ? T(1) : w[size_t(c)]);
        const T bias = -scale * m + (b.empty() ? T(0) : b[size_t(c)]);
        for (int64_t s = 0; s < L.S; ++s) {
          const size_t i = size_t((n * L.C + c) * L.S + s);
          y[i] = x[i] * scale + bias;
        }
      }
    }
  return {tensor_of(y, xa->shape, dt), tensor_of(mean, Shape{L.N, G}, dt), tensor_of(rstd, Shape{L.N, G}, dt)};
}

template <class T>
NormGrads gn_backward(const ArrayPtr& ga, const ArrayPtr& xa, const ArrayPtr& ma, const ArrayPtr& ra, const ArrayPtr& wa, int64_t G,
                      std::array<bool, 3> mask) {
  const DType dt = xa->dtype;
  const NCS L = layout(*xa);
  const int64_t D = L.C / G;
  std::vector<T> gy = dense<T>(ga, dt), x = dense<T>(xa, dt), mean = dense<T>(ma, dt), rstd = dense<T>(ra, dt), w = dense<T>(wa, dt);
  std::vector<T> ds(size_t(L.N * L.C), T(0)), db(size_t(L.N * L.C), T(0));
  for (int64_t nc = 0; nc < L.N * L.C; ++nc)
    for (int64_t s = 0; s < L.S; ++s) {
      ds[size_t(nc)] += gy[size_t(nc * L.S + s)] * x[size_t(nc * L.S + s)];
      db[size_t(nc)] += gy[size_t(nc * L.S + s)];
    }
  std::vector<T> gx(mask[0] ? x.size() : 0), gw(mask[1] ? size_t(L.C) : 0, T(0)), gb(mask[2] ? size_t(L.C) : 0, T(0));
  const T s_inv = T(1) / T(D * L.S);
  for (int64_t n = 0; n < L.N; ++n)
    for (int64_t g = 0; g < G; ++g) {
      const T m = mean[size_t(n * G + g)], r = rstd[size_t(n * G + g)];
      T u = T(0), v = T(0);
      for (int64_t d = 0; d < D; ++d) {
        const int64_t c = g * D + d;
        const T wc = w.empty() ? T(1) : w[size_t(c)];
        u += ds[size_t(n * L.C + c)] * wc;
        v += db[size_t(n * L.C + c)] * wc;
      }
      const T c2 = (v * m - u) * r * r * r * s_inv;
      const T c3 = -c2 * m - v * r * s_inv;
      for (int64_t d = 0; d < D && mask[0]; ++d) {
        const int64_t c = g * D + d;
        const T c1 = r * (w.empty() ? T(1) : w[size_t(c)]);
        for (int64_t s = 0; s < L.S; ++s) {
          const size_t i = size_t((n * L.C + c) * L.S + s);
          gx[i] = c1 * gy[i] + c2 * x[i] + c3;
        }
      }
      for (int64_t d = 0; d < D; ++d) {
        const int64_t c = g * D + d;
        if (mask[1]) gw[size_t(c)] += (ds[size_t(n * L.C + c)] - db[size_t(n * L.C + c)] * m) * r;
        if (mask[2]) gb[size_t(c)] += db[size_t(n * L.C + c)];
      }
    }
  NormGrads out;
  if (mask[0]) out.input = tensor_of(gx, xa->shape, dt);
  if (mask[1]) out.weight = tensor_of(gw, Shape{L.C}, dt);
  if (mask[2]) out.bias = tensor_of(gb, Shape{L.C}, dt);
  return out;
}

}  // namespace

BatchNormResult batch_norm_forward(const ArrayPtr& x, const ArrayPtr& weight, const ArrayPtr& bias, const ArrayPtr& running_mean,
                                   const ArrayPtr& running_var, bool training, double momentum, double eps) {
  return x->dtype == DType::F32 ? bn_forward<float>(x, weight, bias, running_mean, running_var, training, momentum, eps)
                                : bn_forward<double>(x, weight, bias, running_mean, running_var, training, momentum, eps);
}
NormGrads batch_norm_backward(const ArrayPtr& grad, const ArrayPtr& x, const ArrayPtr& weight, const ArrayPtr& running_mean,
                              const ArrayPtr& running_var, const ArrayPtr& save_mean, const ArrayPtr& save_invstd, bool training,
                              double eps, std::array<bool, 3> mask) {
  return x->dtype == DType::F32
             ? bn_backward<float>(grad, x, weight, running_mean, running_var, save_mean, save_invstd, training, eps, mask)
             : bn_backward<double>(grad, x, weight, running_mean, running_var, save_mean, save_invstd, training, eps, mask);
}
GroupNormResult group_norm_forward(const ArrayPtr& x, const ArrayPtr& weight, const ArrayPtr& bias, int64_t groups, double eps) {
  return x->dtype == DType::F32 ? gn_forward<float>(x, weight, bias, groups, eps) : gn_forward<double>(x, weight, bias, groups, eps);
}
NormGrads group_norm_backward(const ArrayPtr& grad, const ArrayPtr& x, const ArrayPtr& mean, const ArrayPtr& rstd,
                              const ArrayPtr& weight, int64_t groups, std::array<bool, 3> mask) {
  return x->dtype == DType::F32 ? gn_backward<float>(grad, x, mean, rstd, weight, groups, mask)
                                : gn_backward<double>(grad, x, mean, rstd, weight, groups, mask);
}

}  // namespace sl
