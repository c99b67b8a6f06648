// pool: 2-d pooling's CPU kernels (pool.hpp).
#include "core/torch/pool.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "core/ops/copy.hpp"
#include "core/torch/dense.hpp"

namespace sl {

namespace {

// The planes of a (C, H, W) or (N, C, H, W) tensor and the output shape for (OH, OW).
struct Planes {
  int64_t count, H, W;
};
Planes planes_of(const Array& x) {
  const int nd = x.ndim();
  return {x.size() / std::max<int64_t>(1, x.shape[size_t(nd - 2)] * x.shape[size_t(nd - 1)]), x.shape[size_t(nd - 2)],
          x.shape[size_t(nd - 1)]};
}
Shape with_plane(const Array& x, int64_t oh, int64_t ow) {
  Shape s = x.shape;
  s[s.size() - 2] = oh;
  s[s.size() - 1] = ow;
  return s;
}

int64_t adaptive_start(int64_t a, int64_t out, int64_t in) { return (a * in) / out; }
int64_t adaptive_end(int64_t a, int64_t out, int64_t in) { return ((a + 1) * in + out - 1) / out; }

// The largest element of plane c over the window rows [h0, h1) by dh, columns
// [w0, w1) by dw, and its in-plane index, written to output element o. As ATen's
// max_pool2d_with_indices: from -inf at the first tap's index, a NaN wins.
template <class T>
void window_max(const std::vector<T>& x, const Planes& P, int64_t c, int64_t h0, int64_t h1, int64_t dh, int64_t w0,
                int64_t w1, int64_t dw, std::vector<T>& y, std::vector<int64_t>& idx, size_t o) {
  T mx = -INFINITY;
  int64_t mi = h0 * P.W + w0;
  for (int64_t h = h0; h < h1; h += dh)
    for (int64_t w = w0; w < w1; w += dw) {
      const T v = x[size_t((c * P.H + h) * P.W + w)];
      if (v > mx || std::isnan(v)) {
        mx = v;
        mi = h * P.W + w;
      }
    }
  y[o] = mx;
  idx[o] = mi;
}

template <class T>
PoolResult max_pool(const ArrayPtr& xa, const PoolGeometry& g) {
  const Planes P = planes_of(*xa);
  const int64_t OH = pooling_output_size(P.H, g.kernel[0], g.pad[0], g.stride[0], g.dilation[0], g.ceil_mode);
  const int64_t OW = pooling_output_size(P.W, g.kernel[1], g.pad[1], g.stride[1], g.dilation[1], g.ceil_mode);
  std::vector<T> x = dense<T>(xa, xa->dtype), y(size_t(P.count * OH * OW));
  std::vector<int64_t> idx(y.size());
  for (int64_t c = 0; c < P.count; ++c)
    for (int64_t i = 0; i < OH; ++i)
      for (int64_t j = 0; j < OW; ++j) {
        const int64_t h0 = i * g.stride[0] - g.pad[0], w0 = j * g.stride[1] - g.pad[1];
        const int64_t h1 = std::min(h0 + (g.kernel[0] - 1) * g.dilation[0] + 1, P.H);
        const int64_t w1 = std::min(w0 + (g.kernel[1] - 1) * g.dilation[1] + 1, P.W);
        int64_t hs = h0, ws = w0;
        while (hs < 0) hs += g.dilation[0];
        while (ws < 0) ws += g.dilation[1];
        window_max(x, P, c, hs, h1, g.dilation[0], ws, w1, g.dilation[1], y, idx, size_t((c * OH + i) * OW + j));
      }
  const Shape s = with_plane(*xa, OH, OW);
  return {tensor_of(y, s, xa->dtype), tensor_of(idx, s, DType::I64)};
}

template <class T>
PoolResult adaptive_max(const ArrayPtr& xa, int64_t OH, int64_t OW) {
  const Planes P = planes_of(*xa);
  std::vector<T> x = dense<T>(xa, xa->dtype), y(size_t(P.count * OH * OW));
  std::vector<int64_t> idx(y.size());
  for (int64_t c = 0; c < P.count; ++c)
    for (int64_t i = 0; i < OH; ++i)
      for (int64_t j = 0; j < OW; ++j) {
        const int64_t h0 = adaptive_start(i, OH, P.H), h1 = adaptive_end(i, OH, P.H);
        const int64_t w0 = adaptive_start(j, OW, P.W), w1 = adaptive_end(j, OW, P.W);
        window_max(x, P, c, h0, h1, 1, w0, w1, 1, y, idx, size_t((c * OH + i) * OW + j));
      }
  const Shape s = with_plane(*xa, OH, OW);
  return {tensor_of(y, s, xa->dtype), tensor_of(idx, s, DType::I64)};
}

template <class T>
ArrayPtr max_backward(const ArrayPtr& ga, const ArrayPtr& xa, const ArrayPtr& ia) {
  const Planes P = planes_of(*xa);
  std::vector<T> gy = dense<T>(ga, xa->dtype), gx(size_t(xa->size()), T(0));
  std::vector<int64_t> idx = dense<int64_t>(ia, DType::I64);
  const int64_t per = P.count ? int64_t(gy.size()) / P.count : 0;
  for (int64_t c = 0; c < P.count; ++c)
    for (int64_t k = 0; k < per; ++k) gx[size_t(c * P.H * P.W + idx[size_t(c * per + k)])] += gy[size_t(c * per + k)];
  return tensor_of(gx, xa->shape, xa->dtype);
}

// The window of avg pool output (i, j): clipped bounds and divisor; false when empty.
struct AvgWindow {
  int64_t h0, h1, w0, w1, divisor;
};
bool avg_window(const Planes& P, const PoolGeometry& g, bool cip, int64_t div_override, int64_t i, int64_t j,
                AvgWindow& win) {
  int64_t h0 = i * g.stride[0] - g.pad[0], w0 = j * g.stride[1] - g.pad[1];
  int64_t h1 = std::min(h0 + g.kernel[0], P.H + g.pad[0]), w1 = std::min(w0 + g.kernel[1], P.W + g.pad[1]);
  const int64_t pool_size = (h1 - h0) * (w1 - w0);
  h0 = std::max<int64_t>(h0, 0);
  w0 = std::max<int64_t>(w0, 0);
  h1 = std::min(h1, P.H);
  w1 = std::min(w1, P.W);
  if (h0 >= h1 || w0 >= w1) return false;
  win = {h0, h1, w0, w1, div_override ? div_override : cip ? pool_size : (h1 - h0) * (w1 - w0)};
  return true;
}

template <class T>
ArrayPtr avg_pool(const ArrayPtr& xa, const PoolGeometry& g, bool cip, int64_t div_override) {
  const Planes P = planes_of(*xa);
  const int64_t OH = pooling_output_size(P.H, g.kernel[0], g.pad[0], g.stride[0], 1, g.ceil_mode);
  const int64_t OW = pooling_output_size(P.W, g.kernel[1], g.pad[1], g.stride[1], 1, g.ceil_mode);
  std::vector<T> x = dense<T>(xa, xa->dtype), y(size_t(P.count * OH * OW), T(0));
  for (int64_t c = 0; c < P.count; ++c)
    for (int64_t i = 0; i < OH; ++i)
      for (int64_t j = 0; j < OW; ++j) {
        AvgWindow win;
        if (!avg_window(P, g, cip, div_override, i, j, win)) continue;
        T sum = T(0);
        for (int64_t h = win.h0; h < win.h1; ++h)
          for (int64_t w = win.w0; w < win.w1; ++w) sum += x[size_t((c * P.H + h) * P.W + w)];
        y[size_t((c * OH + i) * OW + j)] = sum / T(win.divisor);
      }
  return tensor_of(y, with_plane(*xa, OH, OW), xa->dtype);
}

template <class T>
ArrayPtr avg_backward(const ArrayPtr& ga, const ArrayPtr& xa, const PoolGeometry& g, bool cip, int64_t div_override) {
  const Planes P = planes_of(*xa);
  const int64_t OH = ga->shape[ga->shape.size() - 2], OW = ga->shape.back();
  std::vector<T> gy = dense<T>(ga, xa->dtype), gx(size_t(xa->size()), T(0));
  for (int64_t c = 0; c < P.count; ++c)
    for (int64_t i = 0; i < OH; ++i)
      for (int64_t j = 0; j < OW; ++j) {
        AvgWindow win;
        if (!avg_window(P, g, cip, div_override, i, j, win)) continue;
        const T delta = gy[size_t((c * OH + i) * OW + j)] / T(win.divisor);
        for (int64_t h = win.h0; h < win.h1; ++h)
          for (int64_t w = win.w0; w < win.w1; ++w) gx[size_t((c * P.H + h) * P.W + w)] += delta;
      }
  return tensor_of(gx, xa->shape, xa->dtype);
}

template <class T>
ArrayPtr adaptive_avg(const ArrayPtr& xa, int64_t OH, int64_t OW) {
  const Planes P = planes_of(*xa);
  std::vector<T> x = dense<T>(xa, xa->dtype), y(size_t(P.count * OH * OW));
  for (int64_t c = 0; c < P.count; ++c)
    for (int64_t i = 0; i < OH; ++i)
      for (int64_t j = 0; j < OW; ++j) {
        const int64_t h0 = adaptive_start(i, OH, P.H), h1 = adaptive_end(i, OH, P.H);
        const int64_t w0 = adaptive_start(j, OW, P.W), w1 = adaptive_end(j, OW, P.W);
        T sum = T(0);
        for (int64_t h = h0; h < h1; ++h)
          for (int64_t w = w0; w < w1; ++w) sum += x[size_t((c * P.H + h) * P.W + w)];
        y[size_t((c * OH + i) * OW + j)] = sum / T(h1 - h0) / T(w1 - w0);
      }
  return tensor_of(y, with_plane(*xa, OH, OW), xa->dtype);
}

template <class T>
ArrayPtr adaptive_avg_backward(const ArrayPtr& ga, const ArrayPtr& xa) {
  const Planes P = planes_of(*xa);
  const int64_t OH = ga->shape[ga->shape.size() - 2], OW = ga->shape.back();
  std::vector<T> gy = dense<T>(ga, xa->dtype), gx(size_t(xa->size()), T(0));
  for (int64_t c = 0; c < P.count; ++c)
    for (int64_t i = 0; i < OH; ++i)
      for (int64_t j = 0; j < OW; ++j) {
        const int64_t h0 = adaptive_start(i, OH, P.H), h1 = adaptive_end(i, OH, P.H);
        const int64_t w0 = adaptive_start(j, OW, P.W), w1 = adaptive_end(j, OW, P.W);
        const T delta = gy[size_t((c * OH + i) * OW + j)] / T(h1 - h0) / T(w1 - w0);
        for (int64_t h = h0; h < h1; ++h)
          for (int64_t w = w0; w < w1; ++w) gx[size_t((c * P.H + h) * P.W + w)] += delta;
      }
  return tensor_of(gx, xa->shape, xa->dtype);
}

bool is_f32(const ArrayPtr& x) { return x->dtype == DType::F32; }

}  // namespace

int64_t pooling_output_size(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dilation, bool ceil_mode) {
  const int64_t num = in + 2 * pad - dilation * (k - 1) - 1 + (ceil_mode ? stride - 1 : 0);
  int64_t out = (num >= 0 ? num / stride : -((-num + stride - 1) / stride)) + 1;
  if (ceil_mode && (out - 1) * stride >= in + pad) --out;
  return out;
}

PoolResult max_pool2d(const ArrayPtr& x, const PoolGeometry& g) {
  return is_f32(x) ? max_pool<float>(x, g) : max_pool<double>(x, g);
}
PoolResult adaptive_max_pool2d(const ArrayPtr& x, int64_t oh, int64_t ow) {
  return is_f32(x) ? adaptive_max<float>(x, oh, ow) : adaptive_max<double>(x, oh, ow);
}
ArrayPtr max_pool2d_backward(const ArrayPtr& grad, const ArrayPtr& x, const ArrayPtr& indices) {
  return is_f32(x) ? max_backward<float>(grad, x, indices) : max_backward<double>(grad, x, indices);
}
ArrayPtr avg_pool2d(const ArrayPtr& x, const PoolGeometry& g, bool cip, int64_t div) {
  return is_f32(x) ? avg_pool<float>(x, g, cip, div) : avg_pool<double>(x, g, cip, div);
}
ArrayPtr avg_pool2d_backward(const ArrayPtr& grad, const ArrayPtr& x, const PoolGeometry& g, bool cip, int64_t div) {
  return is_f32(x) ? avg_backward<float>(grad, x, g, cip, div) : avg_backward<double>(grad, x, g, cip, div);
}
ArrayPtr adaptive_avg_pool2d(const ArrayPtr& x, int64_t oh, int64_t ow) {
  return is_f32(x) ? adaptive_avg<float>(x, oh, ow) : adaptive_avg<double>(x, oh, ow);
}
ArrayPtr adaptive_avg_pool2d_backward(const ArrayPtr& grad, const ArrayPtr& x) {
  return is_f32(x) ? adaptive_avg_backward<float>(grad, x) : adaptive_avg_backward<double>(grad, x);
}

}  // namespace sl
