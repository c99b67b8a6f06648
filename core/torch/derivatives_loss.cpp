// derivatives_loss: the backward formulas of softmax, log_softmax and the
// class losses (tools/autograd/derivatives.yaml), over PyTorch's CPU kernels'
// order of operations (derivatives.hpp's invariant holds here too).
#include <cmath>
#include <cstring>
#include <functional>
#include <map>

#include "core/kernels/activation.hpp"
#include "core/kernels/npy_umath.hpp"
#include "core/model/error.hpp"
#include "core/ops/copy.hpp"
#include "core/torch/derivatives.hpp"

namespace sl {

namespace {

using npyk::prim::fma;
using Formula = std::function<std::vector<ArrayPtr>(GradNode&, const ArrayPtr&)>;

ArrayPtr dense_copy(const ArrayPtr& a, DType dt) {
  ArrayPtr r = copy_as(*a, dt, 'C');
  r->flavor = Flavor::Torch;
  return r;
}

// exp as PyTorch's vectorized loop computes it (Sleef_expf8_u10 for float).
float exp_like(float x) { return sleef_expf_u10(x); }
double exp_like(double x) { return std::exp(x); }

// vec::reduce_all(+) over n floats of a row (functional_base.h): shorter than a
// vector, the lanes summed in order; else vectors of W lanes accumulated
// (the ragged tail blended in lane by lane), then the lanes folded as AVX2's
// shuffles fold them: halves, then pairs, then neighbours.
template <class T>
T reduce_all_sum(const T* x, int64_t n) {
  constexpr int W = int(32 / sizeof(T));
  if (n < W) {
    T acc = x[0];
    for (int64_t i = 1; i < n; ++i) acc += x[i];
    return n == 0 ? T(0) : acc;
  }
  T v[W];
  for (int l = 0; l < W; ++l) v[l] = x[l];
  int64_t d = W;
  for (; d < n - (n % W); d += W)
    for (int l = 0; l < W; ++l) v[l] += x[d + l];
  for (int64_t l = 0; d + l < n; ++l) v[l] += x[d + l];
  for (int width = W / 2; width >= 1; width /= 2)
    for (int l = 0; l < width; ++l) v[l] += v[l + width];
  return v[0];
}

// vec::map2_reduce_all(x * y, +): the same folding, where the reference's
// build fuses each product after the first vector into the accumulator.
template <class T>
T reduce_all_dot(const T* x, const T* y, int64_t n) {
  constexpr int W = int(32 / sizeof(T));
  if (n < W) {
    T acc = x[0] * y[0];
    for (int64_t i = 1; i < n; ++i) acc += x[i] * y[i];
    return n == 0 ? T(0) : acc;
  }
  T v[W];
  for (int l = 0; l < W; ++l) v[l] = x[l] * y[l];
  int64_t d = W;
  for (; d < n - (n % W); d += W)
    for (int l = 0; l < W; ++l) v[l] = fma(x[d + l], y[d + l], v[l]);
  for (int64_t l = 0; d + l < n; ++l) v[l] = fma(x[d + l], y[d + l], v[l]);
  for (int width = W / 2; width >= 1; width /= 2)
    for (int l = 0; l < width; ++l) v[l] += v[l + width];
  return v[0];
}

// _log_softmax_backward_data / _softmax_backward_data on rows of n elements
// `step` apart (one row per outer index, rows `stride` apart when the dim is
// not the last): log: g - exp(y) * sum(g); softmax: (g - sum(g * y)) * y.
template <class T>
void softmax_backward_rows(bool log, T* gi, const T* g, const T* y, int64_t outer, int64_t n, int64_t inner) {
  std::vector<T> gr(static_cast<size_t>(n)), yr(static_cast<size_t>(n));
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t k = 0; k < inner; ++k) {
      const int64_t base = o * n * inner + k;
      for (int64_t i = 0; i < n; ++i) {
        gr[size_t(i)] = g[base + i * inner];
        yr[size_t(i)] = y[base + i * inner];
      }
      const T s = log ? reduce_all_sum(gr.data(), n) : reduce_all_dot(gr.data(), yr.data(), n);
      for (int64_t i = 0; i < n; ++i) {
        const T e = log ? T(exp_like(yr[size_t(i)])) : yr[size_t(i)];
        gi[base + i * inner] = log ? fma(-e, s, gr[size_t(i)]) : (gr[size_t(i)] - s) * e;
      }
    }
}

}  // namespace

// The gradient of (log_)softmax along dim from its output (float32/float64).
ArrayPtr softmax_backward(bool log, const ArrayPtr& grad, const ArrayPtr& output, int64_t dim) {
  const DType dt = output->dtype;
  ArrayPtr g = dense_copy(grad, dt), y = dense_copy(output, dt);
  ArrayPtr gi = make_array(dt, y->shape, 'C', Flavor::Torch);
  const int nd = y->ndim();
  int64_t outer = 1, n = nd == 0 ? 1 : y->shape[size_t(dim)], inner = 1;
  for (int k = 0; k < nd; ++k) {
    if (k < dim) outer *= y->shape[size_t(k)];
    if (k > dim) inner *= y->shape[size_t(k)];
  }
  if (dt == DType::F32)
    softmax_backward_rows(log, reinterpret_cast<float*>(gi->data()), reinterpret_cast<const float*>(g->data()),
                          reinterpret_cast<const float*>(y->data()), outer, n, inner);
  else if (dt == DType::F64)
    softmax_backward_rows(log, reinterpret_cast<double*>(gi->data()), reinterpret_cast<const double*>(g->data()),
                          reinterpret_cast<const double*>(y->data()), outer, n, inner);
  else
    raise("NotImplementedError", "stridelab's softmax backward takes float32 and float64 (issue 30)");
  return gi;
}

void add_loss_formulas(std::map<std::string, Formula>& f) {
  // _log_softmax: self: _log_softmax_backward_data(grad, result, dim, self.scalar_type())
  f["LogSoftmaxBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {softmax_backward(true, g, unpack(n, 0), n.ints.at(0))};
  };
  // _softmax: self: _softmax_backward_data(grad, result, dim, self.scalar_type())
  f["SoftmaxBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {softmax_backward(false, g, unpack(n, 0), n.ints.at(0))};
  };
}

}  // namespace sl
