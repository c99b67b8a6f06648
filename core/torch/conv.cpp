// conv: convolution's CPU kernels (conv.hpp).
#include "core/torch/conv.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/ops/copy.hpp"
#include "core/torch/dense.hpp"

namespace sl {

namespace {

// The sizes of one convolution, a 1-d one as 2-d with H = KH = 1.
struct ConvDims {
  int64_t N, C, H, W, O, KH, KW, OH, OW, Cg, Og;
};

ConvDims dims_of(const Array& x, const Array& w, const ConvGeometry& g) {
  const bool two = x.ndim() == 4;
  ConvDims d{};
  d.N = x.shape[0];
  d.C = x.shape[1];
  d.H = two ? x.shape[2] : 1;
  d.W = x.shape.back();
  d.O = w.shape[0];
  d.KH = two ? w.shape[2] : 1;
  d.KW = w.shape.back();
  d.OH = two ? conv_output_size(d.H, d.KH, g.stride[0], g.pad_lo[0], g.pad_hi[0], g.dilation[0]) : 1;
  d.OW = conv_output_size(d.W, d.KW, g.stride[1], g.pad_lo[1], g.pad_hi[1], g.dilation[1]);
  d.Cg = d.C / g.groups;
  d.Og = d.O / g.groups;
  return d;
}

Shape out_shape(const Array& x, const ConvDims& d) {
  return x.ndim() == 4 ? Shape{d.N, d.O, d.OH, d.OW} : Shape{d.N, d.O, d.OW};
}

// Calls f(input offset within the plane, weight tap offset) for each tap of
// output (i, j) that lands inside the input.
template <class F>
void for_taps(const ConvDims& d, const ConvGeometry& g, int64_t i, int64_t j, F&& f) {
  for (int64_t p = 0; p < d.KH; ++p) {
    const int64_t h = i * g.stride[0] - g.pad_lo[0] + p * g.dilation[0];
    if (h < 0 || h >= d.H) continue;
    for (int64_t q = 0; q < d.KW; ++q) {
      const int64_t w = j * g.stride[1] - g.pad_lo[1] + q * g.dilation[1];
      if (w < 0 || w >= d.W) continue;
      f(h * d.W + w, p * d.KW + q);
    }
  }
}

template <class T>
ArrayPtr forward(const ArrayPtr& xa, const ArrayPtr& wa, const ArrayPtr& ba, const ConvGeometry& g) {
  const DType dt = xa->dtype;
  const ConvDims d = dims_of(*xa, *wa, g);
  std::vector<T> x = dense<T>(xa, dt), w = dense<T>(wa, dt), b = ba ? dense<T>(ba, dt) : std::vector<T>();
  std::vector<T> y(size_t(d.N * d.O * d.OH * d.OW));
  const int64_t plane = d.H * d.W, taps = d.KH * d.KW;
  for (int64_t n = 0; n < d.N; ++n)
    for (int64_t o = 0; o < d.O; ++o) {
      const int64_t c0 = (o / d.Og) * d.Cg;
      for (int64_t i = 0; i < d.OH; ++i)
        for (int64_t j = 0; j < d.OW; ++j) {
          T acc = T(0);
          for (int64_t c = 0; c < d.Cg; ++c) {
            const T* xp = x.data() + (n * d.C + c0 + c) * plane;
            const T* wp = w.data() + (o * d.Cg + c) * taps;
            for_taps(d, g, i, j, [&](int64_t xi, int64_t wi) { acc += wp[wi] * xp[xi]; });
          }
          y[size_t(((n * d.O + o) * d.OH + i) * d.OW + j)] = b.empty() ? acc : acc + b[size_t(o)];
        }
    }
  return tensor_of(y, out_shape(*xa, d), dt);
}

// The input's gradient as slow_conv2d_backward computes it: per sample and
// group, the columns col[(c, p, q), (i, j)] = sum_o w[o, c, p, q] dy[o, i, j]
// (the gemm of w^T and dy), then col2im adds each column into the tap it came
// from, in the order (c, p, q, i, j).
template <class T>
void input_grad(const ConvDims& d, const ConvGeometry& g, const std::vector<T>& gy, const std::vector<T>& w, std::vector<T>& gx) {
  const int64_t taps = d.KH * d.KW, P = d.OH * d.OW;
  for (int64_t n = 0; n < d.N; ++n)
    for (int64_t grp = 0; grp < g.groups; ++grp)
      for (int64_t c = 0; c < d.Cg; ++c)
        for (int64_t p = 0; p < d.KH; ++p)
          for (int64_t q = 0; q < d.KW; ++q)
            for (int64_t i = 0; i < d.OH; ++i) {
              const int64_t h = i * g.stride[0] - g.pad_lo[0] + p * g.dilation[0];
              if (h < 0 || h >= d.H) continue;
              for (int64_t j = 0; j < d.OW; ++j) {
                const int64_t x = j * g.stride[1] - g.pad_lo[1] + q * g.dilation[1];
                if (x < 0 || x >= d.W) continue;
                T col = T(0);
                for (int64_t o = grp * d.Og; o < (grp + 1) * d.Og; ++o)
                  col += w[size_t((o * d.Cg + c) * taps + p * d.KW + q)] * gy[size_t((n * d.O + o) * P + i * d.OW + j)];
                gx[size_t(((n * d.C + grp * d.Cg + c) * d.H + h) * d.W + x)] += col;
              }
            }
}

// The weight's and bias's gradients: per sample the gemm dy (O x P) times the
// columns' transpose, summed over the outputs first, then added over samples.
template <class T>
void weight_grad(const ConvDims& d, const ConvGeometry& g, const std::vector<T>& gy, const std::vector<T>& x, std::vector<T>& gw,
                 std::vector<T>& gb) {
  const int64_t plane = d.H * d.W, taps = d.KH * d.KW;
  std::vector<T> part(gw.size());
  for (int64_t n = 0; n < d.N; ++n) {
    std::fill(part.begin(), part.end(), T(0));
    for (int64_t o = 0; o < d.O; ++o) {
      const int64_t c0 = (o / d.Og) * d.Cg;
      T bsum = T(0);
      for (int64_t i = 0; i < d.OH; ++i)
        for (int64_t j = 0; j < d.OW; ++j) {
          const T gv = gy[size_t(((n * d.O + o) * d.OH + i) * d.OW + j)];
          bsum += gv;
          if (gw.empty()) continue;
          for (int64_t c = 0; c < d.Cg; ++c) {
            const size_t xo = size_t((n * d.C + c0 + c) * plane), wo = size_t((o * d.Cg + c) * taps);
            for_taps(d, g, i, j, [&](int64_t xi, int64_t wi) { part[wo + size_t(wi)] += gv * x[xo + size_t(xi)]; });
          }
        }
      if (!gb.empty()) gb[size_t(o)] += bsum;
    }
    for (size_t k = 0; k < gw.size(); ++k) gw[k] += part[k];
  }
}

template <class T>
ConvGrads backward(const ArrayPtr& ga, const ArrayPtr& xa, const ArrayPtr& wa, const ConvGeometry& g, std::array<bool, 3> mask) {
  const DType dt = xa->dtype;
  const ConvDims d = dims_of(*xa, *wa, g);
  std::vector<T> gy = dense<T>(ga, dt), x = dense<T>(xa, dt), w = dense<T>(wa, dt);
  std::vector<T> gx(mask[0] ? x.size() : 0, T(0)), gw(mask[1] ? w.size() : 0, T(0)), gb(mask[2] ? size_t(d.O) : 0, T(0));
  if (mask[0]) input_grad(d, g, gy, w, gx);
  if (mask[1] || mask[2]) weight_grad(d, g, gy, x, gw, gb);
  ConvGrads r;
  if (mask[0]) r.input = tensor_of(gx, xa->shape, dt);
  if (mask[1]) r.weight = tensor_of(gw, wa->shape, dt);
  if (mask[2]) r.bias = tensor_of(gb, Shape{d.O}, dt);
  return r;
}

}  // namespace

int64_t conv_output_size(int64_t in, int64_t k, int64_t stride, int64_t lo, int64_t hi, int64_t dilation) {
  return (in + lo + hi - dilation * (k - 1) - 1) / stride + 1;
}

ArrayPtr conv_forward(const ArrayPtr& x, const ArrayPtr& w, const ArrayPtr& bias, const ConvGeometry& g) {
  return x->dtype == DType::F32 ? forward<float>(x, w, bias, g) : forward<double>(x, w, bias, g);
}

ConvGrads conv_backward(const ArrayPtr& grad, const ArrayPtr& x, const ArrayPtr& w, const ConvGeometry& g,
                        std::array<bool, 3> mask) {
  return x->dtype == DType::F32 ? backward<float>(grad, x, w, g, mask) : backward<double>(grad, x, w, g, mask);
}

}  // namespace sl
