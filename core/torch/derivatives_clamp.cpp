// derivatives_clamp: the backward formulas of clamp, clamp_min and clamp_max
// (tools/autograd/derivatives.yaml; FunctionsManual.cpp clamp_backward and
// clamp_backward_min_max). Each gradient is the incoming one where a predicate
// on self and the bounds holds, else zero: a select, so it is exact in any dtype.
//   clamp(self, min?, max?):     self: grad where min <= self <= max (the given bounds)
//   clamp.Tensor(self, min?, max?): self as above; with both bounds
//                                min: grad where self < min and min < max,
//                                max: grad where self > max or max < min;
//                                with one bound, min: self < min, max: self > max
//   clamp_min(self, min):        self: grad where self >= min (min: self < min)
//   clamp_max(self, max):        self: grad where self <= max (max: self > max)
// NaN compares false, so a NaN self gets a zero gradient, as in PyTorch.
//
// Node state (lang/torch/backward.cpp save_clamp): saved[0] self, saved[1] min,
// saved[2] max (tensor bounds, when given; the node's edges are self and the
// given ones, in that order); scalars {min, max} and ints {has_min, has_max}
// for number bounds.
#include <cstring>
#include <functional>
#include <map>

#include "core/model/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/views.hpp"
#include "core/torch/derivatives.hpp"

namespace sl {

namespace {

using Formula = std::function<std::vector<ArrayPtr>(GradNode&, const ArrayPtr&)>;

bool needs(const GradNode& n, size_t i) { return i < n.next.size() && n.next[i] != nullptr; }

// A tensor's values at g's shape as doubles (every dtype a bound or self can
// have converts exactly enough for a comparison with its own kind).
std::vector<double> values_at(const ArrayPtr& a, const Shape& shape) {
  ArrayPtr c = copy_as(*broadcast_to(a, shape), DType::F64, 'C');
  const auto* p = reinterpret_cast<const double*>(c->data());
  return std::vector<double>(p, p + c->size());
}

// grad where keep(i), else 0, in grad's dtype and shape.
template <class Keep>
ArrayPtr select_grad(const ArrayPtr& g, Keep keep) {
  ArrayPtr r = copy_as(*g, g->dtype, 'C');
  r->flavor = Flavor::Torch;
  const int64_t e = r->itemsize();
  for (int64_t i = 0; i < r->size(); ++i)
    if (!keep(size_t(i))) std::memset(r->data() + i * e, 0, size_t(e));  // +0 is all zero bytes
  return r;
}

struct Bounds {
  bool has_min = false, has_max = false;
  std::vector<double> lo, hi;  // per element of g
};

Bounds bounds_of(const GradNode& n, const Shape& shape, bool tensors) {
  Bounds b;
  if (tensors) {
    b.has_min = n.saved.size() > 1 && n.saved[1].was_saved;
    b.has_max = n.saved.size() > 2 && n.saved[2].was_saved;
    if (b.has_min) b.lo = values_at(unpack(n, 1), shape);
    if (b.has_max) b.hi = values_at(unpack(n, 2), shape);
  } else {
    b.has_min = n.ints.at(0) != 0, b.has_max = n.ints.at(1) != 0;
    size_t count = 1;
    for (int64_t d : shape) count *= size_t(d);
    if (b.has_min) b.lo.assign(count, n.scalars.at(0));
    if (b.has_max) b.hi.assign(count, n.scalars.at(1));
  }
  return b;
}

std::vector<ArrayPtr> clamp_backward(GradNode& n, const ArrayPtr& g, bool tensors) {
  const std::vector<double> x = values_at(unpack(n, 0), g->shape);
  const Bounds b = bounds_of(n, g->shape, tensors);
  ArrayPtr ds;
  if (needs(n, 0))
    ds = select_grad(g, [&](size_t i) { return (!b.has_min || x[i] >= b.lo[i]) && (!b.has_max || x[i] <= b.hi[i]); });
  if (!tensors) return {ds};
  // the edges are self and the tensor bounds given, in order
  std::vector<ArrayPtr> out{ds};
  if (b.has_min) {
    const size_t edge = out.size();
    out.push_back(needs(n, edge) ? select_grad(g, [&](size_t i) { return x[i] < b.lo[i] && (!b.has_max || b.lo[i] < b.hi[i]); })
                                 : nullptr);
  }
  if (b.has_max) {
    const size_t edge = out.size();
    out.push_back(needs(n, edge) ? select_grad(g, [&](size_t i) { return x[i] > b.hi[i] || (b.has_min && b.hi[i] < b.lo[i]); })
                                 : nullptr);
  }
  return out;
}

}  // namespace

void add_clamp_formulas(std::map<std::string, Formula>& f) {
  // scalar bounds: clamp, clamp_min.Scalar / clamp_max.Scalar (one edge, self)
  for (const char* name : {"ClampBackward1", "ClampMinBackward0", "ClampMaxBackward0"})
    f[name] = [](GradNode& n, const ArrayPtr& g) { return clamp_backward(n, g, false); };
  // tensor bounds: clamp.Tensor, clamp_min.Tensor, clamp_max.Tensor (edges self, min, max)
  for (const char* name : {"ClampBackward0", "ClampMinBackward1", "ClampMaxBackward1"})
    f[name] = [](GradNode& n, const ArrayPtr& g) { return clamp_backward(n, g, true); };
}

}  // namespace sl
