// derivatives_more: the backward formulas of the nodes core/lang/torch/scans.cpp
// records (tools/autograd/derivatives.yaml, FunctionsManual.cpp), over the
// kernels of torch/scans.hpp and the engine's ufuncs and matmul.
//
// The nodes keep:
// - IndexAddBackward0: saved[0] index; ints[0] dim; scalars[0] alpha; sizes[0]
//   source's shape; edges self, source.
// - ScatterAddBackward0: saved[0] index; ints[0] dim; edges self, src.
// - CummaxBackward0 / CumminBackward0: saved[0] indices (result1); ints[0] dim;
//   sizes[0] self's shape.
// - LogcumsumexpBackward0: saved[0] self, saved[1] result; ints[0] dim.
// - AddmvBackward0 / AddrBackward0 / BaddbmmBackward0 / AddbmmBackward0:
//   saved[0], saved[1] the two product operands; scalars beta, alpha; edges
//   self and the two operands.
// - StdMeanBackward0 / VarMeanBackward0: one node per output (the engine's
//   nodes have one output each): ints[0] the output (0 std, 1 mean, 2 var),
//   ints[1..] the reduced dims; scalars[0] correction; keepdim; saved[0] self,
//   saved[1] the std result (the std output's node only).
// - BlockDiagBackward0: sizes the inputs' shapes; edges one per input.
// - DiagEmbedBackward0: ints offset, dim1, dim2 (of the output); sizes[0] self's shape.
// - NanmedianBackward0: saved[0] self, saved[1] result. NanmedianBackward1 and
//   MaxBackward0 / MinBackward0 (max.dim, min.dim): saved[0] indices (result1);
//   ints[0] dim; keepdim; sizes[0] self's shape. SignBackward0: nothing.
// - MaximumBackward0 / MinimumBackward0: saved[0] self, saved[1] other; edges self, other.
// - LinalgVectorNormBackward0 / NormBackward1: saved[0] self, saved[1] result;
//   scalars[0] ord; ints the reduced dims (none: all); keepdim.
// - ScatterReduceBackward0: saved[0] index; ints dim, reduction (0 sum, 1 mean,
//   2 prod/amax/amin: refused), include_self; sizes[0] src's shape.
// - GatherBackward0: saved[0] index; ints[0] dim; sizes[0] self's shape.
// These formulas refuse a create_graph pass (differentiable_formula()).
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <string>

#include "core/linalg/linalg.hpp"
#include "core/model/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/reduce.hpp"
#include "core/ops/ufunc.hpp"
#include "core/ops/views.hpp"
#include "core/torch/derivatives.hpp"
#include "core/torch/scans.hpp"
#include "core/torch/sum.hpp"

namespace sl {

namespace {

using Formula = std::function<std::vector<ArrayPtr>(GradNode&, const ArrayPtr&)>;

ArrayPtr torch_of(ArrayPtr a) {
  a->flavor = Flavor::Torch;
  return a;
}
bool edge(const GradNode& n, size_t i) { return i < n.next.size() && n.next[i] != nullptr; }
ArrayPtr scalar(double v, DType dt) {
  ArrayPtr s = make_array(DType::F64, {}, 'C', Flavor::Torch);
  *reinterpret_cast<double*>(s->data()) = v;
  return dt == DType::F64 ? s : torch_of(copy_as(*s, dt));
}
// maybe_multiply: t itself for a factor of 1, else t * s (mul.Scalar in t's dtype)
ArrayPtr maybe_multiply(const ArrayPtr& t, double s) {
  return s == 1.0 ? t : torch_of(ufunc_call2(Ufunc::multiply, t, scalar(s, t->dtype)));
}
ArrayPtr mT(const ArrayPtr& x) { return torch_of(swapaxes(x, -2, -1)); }
ArrayPtr mm(const ArrayPtr& a, const ArrayPtr& b) { return torch_of(matmul(a, b)); }
ArrayPtr zeros(DType dt, const Shape& s) { return make_array(dt, s, 'C', Flavor::Torch); }

// where(mask, a, b) for a and b of one dtype, each broadcast to the mask's shape.
ArrayPtr where_select(const ArrayPtr& mask, const ArrayPtr& a, const ArrayPtr& b) {
  const Shape s = mask->shape;
  ArrayPtr m = copy_as(*broadcast_to(mask, s), DType::Bool, 'C');
  ArrayPtr ca = copy_as(*broadcast_to(a, s), a->dtype, 'C'), cb = copy_as(*broadcast_to(b, s), a->dtype, 'C');
  ArrayPtr out = zeros(a->dtype, s);
  const bool* mp = reinterpret_cast<const bool*>(m->data());
  const int64_t e = a->itemsize();
  for (int64_t i = 0; i < out->size(); ++i) std::memcpy(out->data() + i * e, (mp[i] ? ca : cb)->data() + i * e, size_t(e));
  return out;
}
ArrayPtr flip_axis(const ArrayPtr& x, int64_t dim) { return flip(x, {dim}, false); }

// The reduced dims of a var/std/mean node as an axis mask (all dims when none were given).
std::vector<bool> reduced(const GradNode& n, int64_t ndim) {
  std::vector<bool> ax(size_t(ndim), n.ints.size() <= 1);
  for (size_t k = 1; k < n.ints.size(); ++k) ax[size_t(n.ints[k])] = true;
  return ax;
}
// grad unsqueezed at the reduced dims (keepdim=False), then expanded to the input's shape
ArrayPtr unreduce(const ArrayPtr& g, const std::vector<bool>& ax, bool keepdim, const Shape& shape) {
  ArrayPtr r = g;
  if (!keepdim) {
    Shape s;
    for (size_t k = 0; k < shape.size(); ++k) s.push_back(ax[k] ? 1 : shape[k]);
    r = torch_of(reshape(copy_as(*g, g->dtype, 'C'), s));
  }
  return torch_of(broadcast_to(r, shape));
}
int64_t reduced_count(const std::vector<bool>& ax, const Shape& shape) {
  int64_t c = 1;
  for (size_t k = 0; k < shape.size(); ++k)
    if (ax[k]) c *= shape[k];
  return c;
}

// var_backward(grad, self, dim, correction, keepdim) (FunctionsManual.cpp):
// (2 / (N - correction)) * grad * (self - self.mean(dim, keepdim=True))
ArrayPtr var_backward(const ArrayPtr& g, const ArrayPtr& self, const std::vector<bool>& ax, double correction, bool keepdim) {
  const int64_t count = reduced_count(ax, self->shape);
  ArrayPtr gu = unreduce(g, ax, keepdim, self->shape);
  ArrayPtr sum = torch_ordered_sum(*self, ax, self->dtype, true);
  if (!sum) sum = torch_of(reduce(ReduceOp::sum, *self, ax, self->dtype, true, Flavor::Torch));
  ArrayPtr mean = torch_of(ufunc_call2(Ufunc::divide, sum, scalar(double(count), self->dtype)));
  ArrayPtr diff = torch_of(ufunc_call2(Ufunc::subtract, self, mean));
  ArrayPtr scaled = maybe_multiply(gu, 2.0 / (double(count) - correction));
  return torch_of(ufunc_call2(Ufunc::multiply, scaled, diff));
}

}  // namespace

namespace {

void add_index_formulas(std::map<std::string, Formula>& f) {
  // index_add: self: grad; source: maybe_multiply(source.dim() > 0 ?
  //   grad.index_select(dim, index).expand_as(source) : grad.index_select(dim, index.squeeze(0)), alpha)
  f["IndexAddBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr src;
    if (edge(n, 1)) {
      ArrayPtr sel = index_select_kernel(*g, n.ints.at(0), *unpack(n, 0));
      const Shape& ss = n.sizes.at(0);
      src = maybe_multiply(ss.empty() ? torch_of(reshape(sel, {})) : torch_of(broadcast_to(sel, ss)), n.scalars.at(0));
    }
    return {edge(n, 0) ? g : nullptr, src};
  };
  // scatter_reduce: self, src: scatter_reduce_backward(grad, self, dim, index, src, reduce, include_self, result):
  //   sum: grad, grad.gather(dim, index); mean: N = (include_self ? ones : zeros).scatter_add(dim, index, ones),
  //   N == 0 -> 1, grad / N and grad.gather(dim, index) / N.gather(dim, index); without include_self the
  //   self gradient is 0 where anything was scattered (grad_self.scatter(dim, index, 0))
  f["ScatterReduceBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    const int64_t dim = n.ints.at(0), red = n.ints.at(1);
    const bool include_self = n.ints.at(2) != 0;
    if (red == 2) raise("NotImplementedError", "stridelab has no backward formula for scatter_reduce's prod, amax and amin yet (issue 30)");
    ArrayPtr index = unpack(n, 0);
    ArrayPtr gs = g, gsrc = gather_kernel(*g, dim, *index);
    ArrayPtr ones_src = zeros(g->dtype, n.sizes.at(0));
    {
      ArrayPtr one = scalar(1.0, g->dtype);
      ones_src = torch_of(copy_as(*broadcast_to(one, n.sizes.at(0)), g->dtype, 'C'));
    }
    ArrayPtr hit = scatter_add_kernel(*zeros(g->dtype, g->shape), dim, *index, *ones_src);  // how many src went where
    if (red == 1) {
      ArrayPtr N = include_self ? torch_of(ufunc_call2(Ufunc::add, hit, scalar(1.0, g->dtype))) : hit;
      ArrayPtr zero_n = torch_of(ufunc_call2(Ufunc::equal, N, scalar(0.0, g->dtype)));
      N = where_select(zero_n, scalar(1.0, g->dtype), N);
      gs = torch_of(ufunc_call2(Ufunc::divide, g, N));
      gsrc = torch_of(ufunc_call2(Ufunc::divide, gsrc, gather_kernel(*N, dim, *index)));
    }
    if (!include_self) gs = where_select(torch_of(ufunc_call2(Ufunc::greater, hit, scalar(0.0, g->dtype))), scalar(0.0, g->dtype), gs);
    return {edge(n, 0) ? gs : nullptr, edge(n, 1) ? gsrc : nullptr};
  };
  // scatter_add: self: grad; src: grad.gather(dim, index)
  f["ScatterAddBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {edge(n, 0) ? g : nullptr, edge(n, 1) ? gather_kernel(*g, n.ints.at(0), *unpack(n, 0)) : nullptr};
  };
  // cummax / cummin: self: cummaxmin_backward(grad, self, indices, dim): zeros_like(self).scatter_add_(dim, indices, grad)
  auto cum = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    const Shape& s = n.sizes.at(0);
    if (s.empty()) return {g};
    return {scatter_add_kernel(*zeros(g->dtype, s), n.ints.at(0), *unpack(n, 0), *g)};
  };
  f["CummaxBackward0"] = cum;
  f["CumminBackward0"] = cum;
  // logcumsumexp: self: logcumsumexp_backward(grad, self, result, dim): the positive and negative parts of
  //   grad in log space, each reverse-logcumsumexp'd against the result, exp'd and subtracted
  f["LogcumsumexpBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    if (g->ndim() == 0 || g->size() == 0) return {g};
    ArrayPtr self = unpack(n, 0), result = unpack(n, 1);
    const int64_t dim = n.ints.at(0);
    const double lowest = g->dtype == DType::F64 ? std::numeric_limits<double>::lowest() : double(std::numeric_limits<float>::lowest());
    ArrayPtr gmin = scalar(lowest, g->dtype);
    ArrayPtr log_abs = torch_of(ufunc_call1(Ufunc::log, torch_of(ufunc_call1(Ufunc::absolute, g))));
    ArrayPtr zero = scalar(0.0, g->dtype);
    auto where = [&](Ufunc cmp) {
      ArrayPtr mask = torch_of(ufunc_call2(cmp, g, zero));
      return torch_of(where_select(mask, log_abs, gmin));
    };
    auto reverse_lcse = [&](const ArrayPtr& x) {
      ArrayPtr fl = torch_of(copy_as(*flip_axis(x, dim), x->dtype, 'C'));
      return torch_of(copy_as(*flip_axis(logcumsumexp_kernel(*fl, dim), dim), x->dtype, 'C'));
    };
    auto part = [&](Ufunc cmp) {
      ArrayPtr lg = torch_of(ufunc_call2(Ufunc::subtract, where(cmp), result));
      return torch_of(ufunc_call1(Ufunc::exp, torch_of(ufunc_call2(Ufunc::add, reverse_lcse(lg), self))));
    };
    return {torch_of(ufunc_call2(Ufunc::subtract, part(Ufunc::greater), part(Ufunc::less)))};
  };
}

void add_product_formulas(std::map<std::string, Formula>& f) {
  // addmv: self: maybe_multiply(grad, beta); mat: maybe_multiply(grad.ger(vec), alpha);
  //   vec: maybe_multiply(mat.t().mv(grad), alpha)
  f["AddmvBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    const double beta = n.scalars.at(0), alpha = n.scalars.at(1);
    ArrayPtr gs, gm, gv;
    if (edge(n, 0)) gs = maybe_multiply(g, beta);
    if (edge(n, 1)) {
      ArrayPtr v = unpack(n, 1);
      gm = maybe_multiply(mm(torch_of(reshape(g, {g->size(), 1})), torch_of(reshape(v, {1, v->size()}))), alpha);
    }
    if (edge(n, 2)) gv = maybe_multiply(mm(mT(unpack(n, 0)), g), alpha);
    return {gs, gm, gv};
  };
  // addr: self: maybe_multiply(grad, beta); vec1: maybe_multiply(grad.mv(vec2), alpha);
  //   vec2: maybe_multiply(grad.t().mv(vec1), alpha)
  f["AddrBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    const double beta = n.scalars.at(0), alpha = n.scalars.at(1);
    return {edge(n, 0) ? maybe_multiply(g, beta) : nullptr, edge(n, 1) ? maybe_multiply(mm(g, unpack(n, 1)), alpha) : nullptr,
            edge(n, 2) ? maybe_multiply(mm(mT(g), unpack(n, 0)), alpha) : nullptr};
  };
  // baddbmm: self: maybe_multiply(grad, beta); batch1: maybe_multiply(grad.bmm(batch2.transpose(1, 2)), alpha);
  //   batch2: maybe_multiply(batch1.transpose(1, 2).bmm(grad), alpha)
  f["BaddbmmBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    const double beta = n.scalars.at(0), alpha = n.scalars.at(1);
    return {edge(n, 0) ? maybe_multiply(g, beta) : nullptr, edge(n, 1) ? maybe_multiply(mm(g, mT(unpack(n, 1))), alpha) : nullptr,
            edge(n, 2) ? maybe_multiply(mm(mT(unpack(n, 0)), g), alpha) : nullptr};
  };
  // addbmm: as baddbmm with grad.unsqueeze(0).expand({b, n, p}) for the batch gradients
  f["AddbmmBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    const double beta = n.scalars.at(0), alpha = n.scalars.at(1);
    ArrayPtr b1 = edge(n, 1) || edge(n, 2) ? unpack(n, 0) : nullptr, b2 = edge(n, 1) || edge(n, 2) ? unpack(n, 1) : nullptr;
    ArrayPtr ge = b1 ? torch_of(broadcast_to(g, {b1->shape[0], g->shape[0], g->shape[1]})) : nullptr;
    return {edge(n, 0) ? maybe_multiply(g, beta) : nullptr, edge(n, 1) ? maybe_multiply(mm(ge, mT(b2)), alpha) : nullptr,
            edge(n, 2) ? maybe_multiply(mm(mT(b1), ge), alpha) : nullptr};
  };
  // std_mean / var_mean: self: std_mean_backward / var_mean_backward, one output's part per node:
  //   std: var_backward((grad / (result * 2)).masked_fill_(result == 0, 0), ...); var: var_backward(grad, ...);
  //   mean: mean_backward(grad, sizes, dim, numel, keepdim) = expanded grad / N
  auto moments = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr self = unpack(n, 0);
    const std::vector<bool> ax = reduced(n, self->ndim());
    const int which = int(n.ints.at(0));
    if (which == 1) {
      ArrayPtr e = unreduce(g, ax, n.keepdim, self->shape);
      return {torch_of(ufunc_call2(Ufunc::divide, e, scalar(double(reduced_count(ax, self->shape)), g->dtype)))};
    }
    ArrayPtr gv = g;
    if (which == 0) {
      ArrayPtr r = unpack(n, 1);
      ArrayPtr q = torch_of(ufunc_call2(Ufunc::divide, g, torch_of(ufunc_call2(Ufunc::multiply, r, scalar(2.0, r->dtype)))));
      ArrayPtr mask = torch_of(ufunc_call2(Ufunc::equal, r, scalar(0.0, r->dtype)));
      gv = torch_of(where_select(mask, scalar(0.0, q->dtype), q));
    }
    return {var_backward(gv, self, ax, n.scalars.at(0), n.keepdim)};
  };
  f["StdMeanBackward0"] = moments;
  f["VarMeanBackward0"] = moments;
}

void add_shape_formulas(std::map<std::string, Formula>& f) {
  // block_diag: tensors: block_diag_backward(grad, sizes, dtypes): each input's block of grad, viewed as its shape
  f["BlockDiagBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    std::vector<ArrayPtr> out;
    int64_t r0 = 0, c0 = 0;
    for (size_t i = 0; i < n.sizes.size(); ++i) {
      const Shape& s = n.sizes[i];
      const int64_t rows = s.size() == 2 ? s[0] : 1, cols = s.size() == 2 ? s[1] : s.size() == 1 ? s[0] : 1;
      if (edge(n, i)) {
        ArrayPtr blk = make_view(g, g->dtype, {rows, cols}, g->strides, g->offset + r0 * g->strides[0] + c0 * g->strides[1]);
        out.push_back(torch_of(reshape(copy_as(*blk, g->dtype, 'C'), s)));
      } else {
        out.push_back(nullptr);
      }
      r0 += rows;
      c0 += cols;
    }
    return out;
  };
  // diag_embed: self: grad.diagonal(offset, dim1, dim2)
  f["DiagEmbedBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {diag_extract_kernel(*g, n.sizes.at(0), n.ints.at(0), n.ints.at(1), n.ints.at(2))};
  };
  // nanmedian: self: evenly_distribute_backward(grad, self, result): grad / count on the elements equal to the
  //   result (the NaNs when the result is NaN)
  f["NanmedianBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr self = unpack(n, 0), res = unpack(n, 1);
    const bool nan = is_float(res->dtype) && std::isnan(res->dtype == DType::F64 ? *reinterpret_cast<const double*>(res->data())
                                                                                   : double(*reinterpret_cast<const float*>(res->data())));
    ArrayPtr mask = nan ? torch_of(ufunc_call1(Ufunc::isnan, self)) : torch_of(ufunc_call2(Ufunc::equal, self, res));
    ArrayPtr cm = copy_as(*mask, DType::Bool, 'C');
    int64_t count = 0;
    for (int64_t i = 0; i < cm->size(); ++i) count += reinterpret_cast<const bool*>(cm->data())[i];
    ArrayPtr share = torch_of(ufunc_call2(Ufunc::divide, g, scalar(double(count), g->dtype)));
    return {where_select(mask, share, scalar(0.0, g->dtype))};
  };
  // nanmedian.dim: self: value_selecting_reduction_backward(grad, dim, indices, self.sizes(), keepdim)
  f["NanmedianBackward1"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    const Shape& s = n.sizes.at(0);
    if (s.empty()) return {g};
    const int64_t dim = n.ints.at(0);
    ArrayPtr gi = g, ii = unpack(n, 0);
    if (!n.keepdim) {
      Shape k = g->shape;
      k.insert(k.begin() + dim, 1);
      gi = torch_of(reshape(copy_as(*g, g->dtype, 'C'), k));
      ii = torch_of(reshape(copy_as(*ii, DType::I64, 'C'), k));
    }
    return {scatter_add_kernel(*zeros(g->dtype, s), dim, *ii, *gi)};
  };
  // max.dim / min.dim: self: value_selecting_reduction_backward(grad, dim, indices, self.sizes(), keepdim),
  //   the same formula over the saved indices (result1)
  f["MaxBackward0"] = f["MinBackward0"] = f["NanmedianBackward1"];
  // maximum / minimum: self: at::where(self == other, grad / 2, grad).masked_fill_(self < other, 0) (> for
  //   minimum); other: the same with the comparison turned (the engine sums a broadcast gradient to its input)
  auto extremum = [](bool is_max) {
    return [is_max](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
      ArrayPtr self = unpack(n, 0), other = unpack(n, 1);
      ArrayPtr eq = torch_of(ufunc_call2(Ufunc::equal, self, other));
      ArrayPtr shared = where_select(eq, torch_of(ufunc_call2(Ufunc::divide, g, scalar(2.0, g->dtype))), g);
      ArrayPtr zero = scalar(0.0, g->dtype), out_self, out_other;
      if (edge(n, 0)) out_self = where_select(torch_of(ufunc_call2(is_max ? Ufunc::less : Ufunc::greater, self, other)), zero, shared);
      if (edge(n, 1)) out_other = where_select(torch_of(ufunc_call2(is_max ? Ufunc::greater : Ufunc::less, self, other)), zero, shared);
      return {out_self, out_other};
    };
  };
  f["MaximumBackward0"] = extremum(true);
  f["MinimumBackward0"] = extremum(false);
  // sign: self: zeros_like(grad)
  f["SignBackward0"] = [](GradNode&, const ArrayPtr& g) -> std::vector<ArrayPtr> { return {zeros(g->dtype, g->shape)}; };
}

void add_norm_formulas(std::map<std::string, Formula>& f) {
  // linalg_vector_norm: self: linalg_vector_norm_backward(grad, self, ord, result, dim, keepdim), i.e.
  //   norm_backward: p = 1: sgn(self) * grad; p = 2: grad * (self / norm).masked_fill_(norm == 0, 0);
  //   p = inf: sgn(self) * (grad / mask.sum(dim, true)) * mask, mask = |self| == norm or NaN;
  //   other p: self * |self|^(p - 2) * (grad / norm^(p - 1)).masked_fill_(norm == 0, 0)
  auto vector_norm = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr self = unpack(n, 0), norm = unpack(n, 1);
    const double p = n.scalars.at(0);
    std::vector<bool> ax(size_t(self->ndim()), n.ints.empty());
    for (int64_t d : n.ints) ax[size_t(d)] = true;
    ArrayPtr gu = g, nu = norm;
    if (!n.keepdim && self->ndim() != 0) {
      Shape s;
      for (size_t k = 0; k < self->shape.size(); ++k) s.push_back(ax[k] ? 1 : self->shape[k]);
      gu = torch_of(reshape(copy_as(*g, g->dtype, 'C'), s));
      nu = torch_of(reshape(copy_as(*norm, norm->dtype, 'C'), s));
    }
    auto u1 = [](Ufunc op, const ArrayPtr& a) { return torch_of(ufunc_call1(op, a)); };
    auto u2 = [](Ufunc op, const ArrayPtr& a, const ArrayPtr& b) { return torch_of(ufunc_call2(op, a, b)); };
    const DType dt = self->dtype;
    // pow(Tensor, Scalar) as ATen's kernel special-cases its exponents (PowKernel.cpp)
    auto pw = [&](const ArrayPtr& a, double e) {
      if (e == 0.5) return u1(Ufunc::sqrt, a);
      if (e == 2.0) return u2(Ufunc::multiply, a, a);
      if (e == 3.0) return u2(Ufunc::multiply, u2(Ufunc::multiply, a, a), a);
      if (e == -0.5) return u2(Ufunc::divide, scalar(1.0, dt), u1(Ufunc::sqrt, a));
      if (e == -1.0) return u2(Ufunc::divide, scalar(1.0, dt), a);
      if (e == -2.0) return u2(Ufunc::divide, scalar(1.0, dt), u2(Ufunc::multiply, a, a));
      return u2(Ufunc::power, a, scalar(e, dt));
    };
    auto full = [&](const ArrayPtr& x) { return torch_of(copy_as(*broadcast_to(x, self->shape), x->dtype, 'C')); };
    if (p == 0.0) return {zeros(dt, self->shape)};
    if (p == 1.0) return {u2(Ufunc::multiply, u1(Ufunc::sign, self), gu)};
    if (p == 2.0) {
      ArrayPtr ratio = u2(Ufunc::divide, self, nu);
      ArrayPtr zero_norm = full(u2(Ufunc::equal, nu, scalar(0.0, dt)));
      return {u2(Ufunc::multiply, gu, where_select(zero_norm, scalar(0.0, dt), ratio))};
    }
    if (std::isinf(p)) {
      ArrayPtr ab = u1(Ufunc::absolute, self);
      ArrayPtr mask = u2(Ufunc::logical_or, u2(Ufunc::equal, ab, nu), u1(Ufunc::isnan, ab));
      ArrayPtr cnt = torch_ordered_sum(*copy_as(*mask, dt, 'C'), ax, dt, true);
      if (!cnt) cnt = torch_of(reduce(ReduceOp::sum, *copy_as(*mask, dt, 'C'), ax, dt, true, Flavor::Torch));
      ArrayPtr share = u2(Ufunc::multiply, u2(Ufunc::divide, gu, cnt), torch_of(copy_as(*mask, dt, 'C')));
      return {u2(Ufunc::multiply, u1(Ufunc::sign, self), share)};
    }
    ArrayPtr scale = u2(Ufunc::divide, gu, pw(nu, p - 1.0));
    scale = where_select(full(u2(Ufunc::equal, nu, scalar(0.0, dt))), scalar(0.0, dt), full(scale));
    ArrayPtr ab = u1(Ufunc::absolute, self);
    ArrayPtr scaled;
    if (p < 1.0) {
      ArrayPtr pm = where_select(u2(Ufunc::equal, self, scalar(0.0, dt)), scalar(0.0, dt), pw(ab, p - 1.0));
      scaled = u2(Ufunc::multiply, u1(Ufunc::sign, self), pm);
      return {u2(Ufunc::multiply, u2(Ufunc::multiply, scaled, gu), pw(nu, 1.0 - p))};
    }
    if (p < 2.0) scaled = u2(Ufunc::multiply, u1(Ufunc::sign, self), pw(ab, p - 1.0));
    else scaled = u2(Ufunc::multiply, self, pw(ab, p - 2.0));
    return {u2(Ufunc::multiply, scaled, scale)};
  };
  f["LinalgVectorNormBackward0"] = vector_norm;
  f["NormBackward1"] = vector_norm;
  // gather: self: gather_backward(grad, self, dim, index, sparse_grad): zeros(self.sizes()).scatter_add(dim, index, grad)
  f["GatherBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    const Shape& s = n.sizes.at(0);
    return {scatter_add_kernel(*zeros(g->dtype, s), s.empty() ? 0 : n.ints.at(0), *unpack(n, 0), *g)};
  };
}

}  // namespace

void add_more_formulas(std::map<std::string, std::function<std::vector<ArrayPtr>(GradNode&, const ArrayPtr&)>>& f) {
  add_index_formulas(f);
  add_product_formulas(f);
  add_shape_formulas(f);
  add_norm_formulas(f);
}

}  // namespace sl
