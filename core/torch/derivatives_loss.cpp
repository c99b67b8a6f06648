// derivatives_loss: the backward formulas of softmax, log_softmax and the
// losses with a node of their own (tools/autograd/derivatives.yaml), over
// PyTorch's CPU kernels' order of operations (derivatives.hpp's invariant
// holds here too; the loss kernels are core/torch/loss.hpp's).
//
// The losses' nodes keep: saved[0] self, saved[1] target, then the optional
// tensors (weight, pos_weight; nll_loss: weight, total_weight), ints[0] the
// reduction (at::Reduction: 0 none, 1 mean, 2 sum), and ints[1] nll_loss's
// ignore_index or scalars[0] smooth_l1's beta / huber's delta.
#include <cmath>
#include <cstring>
#include <functional>
#include <map>

#include "core/kernels/activation.hpp"
#include "core/kernels/npy_umath.hpp"
#include "core/model/error.hpp"
#include "core/ops/copy.hpp"
#include "core/torch/derivatives.hpp"
#include "core/torch/loss.hpp"
#include "core/torch/promotion.hpp"

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
// Along the last dim the sums fold vector lanes (reduce_all_*); along another
// dim the kernel runs vectors across the inner dim, so each lane sums in order
// and the lanes past the last full vector take the scalar loop (libm's exp).
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
      T s;
      if (inner == 1) {
        s = log ? reduce_all_sum(gr.data(), n) : reduce_all_dot(gr.data(), yr.data(), n);
      } else {  // lanes across the inner dim: each sums along dim in order
        s = 0;
        for (int64_t i = 0; i < n; ++i) s = log ? s + gr[size_t(i)] : fma(gr[size_t(i)], yr[size_t(i)], s);
      }
      // the inner lanes past the last full vector take the scalar loop's libm exp
      const bool scalar_lane = inner > 1 && k >= inner - inner % int64_t(32 / sizeof(T));
      for (int64_t i = 0; i < n; ++i) {
        const T e = log ? (scalar_lane ? T(std::exp(yr[size_t(i)])) : T(exp_like(yr[size_t(i)]))) : yr[size_t(i)];
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

namespace {

// A saved tensor that the op may not have had (weight=None): null then.
ArrayPtr unpack_optional(const GradNode& n, size_t slot) {
  return slot < n.saved.size() && n.saved[slot].was_saved ? unpack(n, slot) : nullptr;
}
bool needs_grad(const GradNode& n, size_t i) { return i < n.next.size() && n.next[i] != nullptr; }
LossReduction reduction_of(const GradNode& n) { return LossReduction(n.ints.at(0)); }
ArrayPtr negated(const ArrayPtr& a) {
  ArrayPtr r = copy_as(*a, a->dtype, 'C');
  r->flavor = Flavor::Torch;
  if (a->dtype == DType::F32)
    for (float* p = reinterpret_cast<float*>(r->data()), *e = p + r->size(); p != e; ++p) *p = -*p;
  else
    for (double* p = reinterpret_cast<double*>(r->data()), *e = p + r->size(); p != e; ++p) *p = -*p;
  return r;
}

}  // namespace

void add_loss_formulas(std::map<std::string, Formula>& f) {
  // nll_loss: self: nll_loss_backward(grad, self, target, weight, reduction, ignore_index, total_weight)
  // nll_loss2d: self: nll_loss2d_backward(grad, self, target, weight, reduction, ignore_index, total_weight)
  f["NllLossBackward0"] = f["NllLoss2DBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr self = unpack(n, 0), target = unpack(n, 1), weight = unpack_optional(n, 2), total = unpack(n, 3);
    return {nll_loss_backward(g, self, target, weight, reduction_of(n), n.ints.at(1), total)};
  };
  // smooth_l1_loss: self: smooth_l1_loss_backward(grad, self, target, reduction, beta)
  //                 target: -smooth_l1_loss_backward(grad, self, target, reduction, beta)
  // huber_loss:     self: huber_loss_backward(grad, self, target, reduction, delta)
  //                 target: -huber_loss_backward(grad, self, target, reduction, delta)
  //   huber_loss_backward's iterator (grad_input, self, target, grad) does not promote, smooth_l1's does
  auto pointwise = [](PointLoss k) {
    return [k](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
      ArrayPtr self = unpack(n, 0), target = unpack(n, 1);
      if (k == PointLoss::huber) check_all_same_dtype({self.get(), self.get(), target.get(), g.get()});
      const DType dt = torch_promote(self->dtype, target->dtype);
      auto as = [](const ArrayPtr& a, DType d) { return a->dtype == d ? a : t_cast(a, d); };
      ArrayPtr gs = as(point_loss_backward(k, as(g, dt), as(self, dt), as(target, dt), nullptr, reduction_of(n), n.scalars.at(0)), self->dtype);
      return {needs_grad(n, 0) ? gs : nullptr, needs_grad(n, 1) ? negated(gs) : nullptr};
    };
  };
  f["SmoothL1LossBackward0"] = pointwise(PointLoss::smooth_l1);
  f["HuberLossBackward0"] = pointwise(PointLoss::huber);
  // binary_cross_entropy: self: binary_cross_entropy_backward(grad, self, target, weight, reduction)
  //   target: binary_cross_entropy_target_backward(grad, self, target, weight, reduction)
  f["BinaryCrossEntropyBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr self = unpack(n, 0), weight = unpack_optional(n, 2);
    ArrayPtr gs = needs_grad(n, 0) ? point_loss_backward(PointLoss::bce, g, self, unpack(n, 1), weight, reduction_of(n), 0.0) : nullptr;
    ArrayPtr gt = needs_grad(n, 1) ? bce_target_backward(g, self, weight, reduction_of(n)) : nullptr;
    return {gs, gt};
  };
  // binary_cross_entropy_with_logits: self: binary_cross_entropy_with_logits_backward(grad, self, target, weight, pos_weight, reduction)
  //   target: binary_cross_entropy_with_logits_target_backward(grad, self, target, weight, pos_weight, reduction)
  f["BinaryCrossEntropyWithLogitsBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr self = unpack(n, 0), weight = unpack_optional(n, 2), pw = unpack_optional(n, 3);
    ArrayPtr gs = needs_grad(n, 0) ? bce_with_logits_backward(g, self, unpack(n, 1), weight, pw, reduction_of(n)) : nullptr;
    ArrayPtr gt = needs_grad(n, 1) ? bce_with_logits_target_backward(g, self, weight, pw, reduction_of(n)) : nullptr;
    return {gs, gt};
  };
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
