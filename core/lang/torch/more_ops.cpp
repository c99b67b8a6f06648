// torch/more_ops: block_diag, diag_embed and nanmedian (kernels with a node of
// their own: BlockDiagBackward0, DiagEmbedBackward0, NanmedianBackward0/1, the
// formulas in core/torch/derivatives_more.cpp), histc (no derivative in
// PyTorch), and the composites combinations, quantile and nanquantile, built
// from the ops ATen builds them from (Itertools.cpp, Sorting.cpp).
//
// Invariant: arguments are checked, with PyTorch 2.6's messages, before any
// element is computed.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/lang/torch/autograd.hpp"
#include "core/lang/torch/composite_method.hpp"
#include "core/lang/torch/convert.hpp"
#include "core/model/strides.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/views.hpp"
#include "core/torch/autograd.hpp"
#include "core/torch/promotion.hpp"
#include "core/torch/scans.hpp"
#include "core/torch/views.hpp"

namespace sl::lang {

namespace {

using Kw = std::vector<std::pair<std::string, Value>>;

Value call(Interp& in, const Value& f, std::vector<Value> pos, Kw kw = {}) {
  Args a;
  a.pos = std::move(pos);
  a.kw = std::move(kw);
  return in.call(f, a);
}
Value method(Interp& in, const Value& self, const char* name, std::vector<Value> pos = {}, Kw kw = {}) {
  return call(in, in.getattr(self, name), std::move(pos), std::move(kw));
}
Value torch_attr(Interp& in, const char* name) { return in.modules.at("torch")->attrs.at(name); }
Value ival(int64_t v) { return Value::integer(v); }
ArrayPtr as_torch_view(ArrayPtr a) {
  a->flavor = Flavor::Torch;
  return a;
}
// t's elements as a new contiguous 1-d tensor
ArrayPtr as_torch_copy(const ArrayPtr& t) { return as_torch_view(reshape(copy_as(*t, t->dtype, 'C'), {t->size()})); }

struct NoGrad {
  GradMode prev = grad_mode();
  NoGrad() { grad_mode().enabled = false; }
  ~NoGrad() { grad_mode() = prev; }
};

ArrayPtr kernel(Interp& in, const char* node, const std::vector<ArrayPtr>& inputs, const std::function<ArrayPtr()>& compute,
                const std::function<void(GradNode&, const ArrayPtr&)>& save) {
  return record_kernel(
      in, node, inputs,
      [&] {
        NoGrad ng;
        return compute();
      },
      save);
}

// ---- combinations(input, r=2, with_replacement=False): meshgrid of r copies,
// each masked by i_1 < i_2 < ... (<= with replacement), stacked as columns.
Value combinations_fn(Interp& in, Args& a) {
  ArrayPtr t = tensor_arg(in, a.required(0, "input"), "combinations", "input", 1);
  const int64_t r = int_arg(in, a.optional(1, "r", ival(2)), "combinations", "r");
  const bool rep = bool_arg(in, a.optional(2, "with_replacement", Value::boolean(false)), "combinations", "with_replacement");
  a.finish(3);
  if (t->ndim() != 1) in.raise_exc("RuntimeError", "Expect a 1D vector, but got shape " + list_repr(t->shape));
  if (r < 0) in.raise_exc("RuntimeError", "Expect a non-negative number, but got " + std::to_string(r));
  if (r == 0) return call(in, torch_attr(in, "empty"), {ival(0)}, {{"dtype", dtype_value(in, t->dtype, true)}});
  const int64_t n = t->shape[0];
  std::vector<Value> copies(static_cast<size_t>(r), Value(t));
  std::vector<Value> grids = meshgrid_ij(in, copies);
  // _triu_mask: true where each index is below (or, with replacement, at most) the next
  Shape ms(size_t(r), n);
  ArrayPtr mask = make_array(DType::Bool, ms, 'C', Flavor::Torch);
  int64_t total = mask->size();
  std::vector<int64_t> idx(size_t(r), 0);
  for (int64_t p = 0; p < total; ++p) {
    int64_t rest = p;
    for (int64_t k = r - 1; k >= 0; --k) {
      idx[size_t(k)] = rest % n;
      rest /= n;
    }
    bool ok = true;
    for (int64_t k = 0; k + 1 < r; ++k) ok &= rep ? idx[size_t(k)] <= idx[size_t(k + 1)] : idx[size_t(k)] < idx[size_t(k + 1)];
    reinterpret_cast<bool*>(mask->data())[p] = ok;
  }
  std::vector<Value> cols;
  for (const Value& g : grids) cols.push_back(method(in, g, "masked_select", {Value(mask)}));
  return call(in, torch_attr(in, "stack"), {make_list(cols), ival(1)});
}

// ---- block_diag(*tensors): each input (a 0-d one as 1x1, a 1-d one as a row) placed down the diagonal.
Value block_diag_fn(Interp& in, Args& a) {
  a.finish(a.pos.size());
  std::vector<ArrayPtr> ts;
  for (size_t i = 0; i < a.pos.size(); ++i) {
    if (!is_tensor(a.pos[i]))
      in.raise_exc("TypeError", "expected Tensor as element " + std::to_string(i) + " in argument 0, but got " + in.type_of(a.pos[i])->name);
    ts.push_back(a.pos[i].array());
    if (ts.back()->ndim() > 2)
      in.raise_exc("RuntimeError", "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input " + std::to_string(i) +
                                       " has " + std::to_string(ts.back()->ndim()) + " dimensions");
  }
  DType dt = ts.empty() ? torch_default_dtype() : ts[0]->dtype;
  for (auto& t : ts) dt = torch_promote(dt, t->dtype);
  auto extent = [](const ArrayPtr& t) -> std::pair<int64_t, int64_t> {
    if (t->ndim() == 2) return {t->shape[0], t->shape[1]};
    return {1, t->ndim() == 1 ? t->shape[0] : 1};
  };
  int64_t rows = ts.empty() ? 1 : 0, cols = 0;  // no tensors: a 1 x 0 result
  for (auto& t : ts) {
    rows += extent(t).first;
    cols += extent(t).second;
  }
  return Value(kernel(
      in, "BlockDiagBackward0", ts,
      [&] {
        ArrayPtr r = make_array(dt, {rows, cols}, 'C', Flavor::Torch);
        int64_t r0 = 0, c0 = 0;
        for (auto& t : ts) {
          auto [h, w] = extent(t);
          ArrayPtr blk = make_view(r, dt, {h, w}, r->strides, r->offset + r0 * r->strides[0] + c0 * r->strides[1]);
          copy_into(*blk, *reshape(copy_as(*t, dt, 'C'), {h, w}));
          r0 += h;
          c0 += w;
        }
        return r;
      },
      [&](GradNode& n, const ArrayPtr&) {
        for (auto& t : ts) n.sizes.push_back(t->shape);
      }));
}

// ---- diag_embed(input, offset=0, dim1=-2, dim2=-1)
Value diag_embed_impl(Interp& in, const ArrayPtr& t, Args& a) {
  const int64_t offset = int_arg(in, a.optional(0, "offset", ival(0)), "diag_embed", "offset");
  const int64_t dim1 = int_arg(in, a.optional(1, "dim1", ival(-2)), "diag_embed", "dim1");
  const int64_t dim2 = int_arg(in, a.optional(2, "dim2", ival(-1)), "diag_embed", "dim2");
  a.finish(3);
  const int64_t nd = t->ndim() + 1;
  const int64_t d1 = torch_wrap_dim(dim1, nd), d2 = torch_wrap_dim(dim2, nd);
  if (d1 == d2) in.raise_exc("RuntimeError", "diagonal dimensions cannot be identical " + std::to_string(dim1) + ", " + std::to_string(dim2));
  const int64_t m = (t->ndim() ? t->shape.back() : 1) + std::abs(offset);
  Shape out;
  for (int64_t k = 0, j = 0; k < nd; ++k) out.push_back(k == d1 || k == d2 ? m : t->shape[size_t(j++)]);
  return Value(kernel(
      in, "DiagEmbedBackward0", {t}, [&] { return diag_embed_kernel(*t, out, offset, d1, d2); },
      [&](GradNode& n, const ArrayPtr&) {
        n.ints = {offset, d1, d2};
        n.sizes = {t->shape};
      }));
}

// ---- nanmedian(input) / nanmedian(input, dim, keepdim=False)
Value nanmedian_impl(Interp& in, const ArrayPtr& t, const Value& dimv, const Value& keepv) {
  if (is_complex(t->dtype) || t->dtype == DType::Bool)
    in.raise_exc("RuntimeError", std::string("\"nanmedian_cpu\" not implemented for '") + torch_type_name(t->dtype) + "'");
  if (dimv.is_none()) {
    CumMinMax r;
    return Value(kernel(
        in, "NanmedianBackward0", {t},
        [&] {
          ArrayPtr flat = as_torch_copy(t);
          r = nanmedian_kernel(*flat, 0);
          return r.values;
        },
        [&](GradNode& n, const ArrayPtr& out) {
          save_tensor(n, 0, t, false);
          save_tensor(n, 1, out, true);
        }));
  }
  const int64_t dim = torch_wrap_dim(int_arg(in, dimv, "nanmedian", "dim"), t->ndim());
  const bool keepdim = bool_arg(in, keepv, "nanmedian", "keepdim");
  if (t->ndim() && t->shape[size_t(dim)] == 0)
    in.raise_exc("IndexError", "nanmedian(): Expected reduction dim " + std::to_string(dim) + " to have non-zero size.");
  CumMinMax r;
  Shape ks = t->shape;
  if (!ks.empty()) ks[size_t(dim)] = 1;
  ArrayPtr values = kernel(
      in, "NanmedianBackward1", {t},
      [&] {
        r = nanmedian_kernel(*t, t->ndim() ? dim : 0);
        if (keepdim && t->ndim()) {
          r.values = as_torch_view(reshape(r.values, ks));
          r.indices = as_torch_view(reshape(r.indices, ks));
        }
        return r.values;
      },
      [&](GradNode& n, const ArrayPtr&) {
        save_tensor(n, 0, r.indices, true);
        n.ints = {t->ndim() ? dim : 0};
        n.keepdim = keepdim;
        n.sizes = {t->shape};
      });
  return return_pair(in, "nanmedian", values, r.indices);
}
Value nanmedian_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value d = a.optional(0, "dim"), k = a.optional(1, "keepdim", Value::boolean(false));
  a.finish(2);
  return nanmedian_impl(in, t, d, k);
}

// ---- histc(input, bins=100, min=0, max=0) (SummaryOps / HistogramKernel.cpp: the
// linear-interpolation bin with a local search against linspace's edges; the last
// bin includes its right edge; elements outside [min, max] are left out)
std::string edge_text(double v) {
  if (std::isnan(v)) return "-nan";  // ATen's aminmax of a NaN gives x86's default NaN, negative
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}
template <class T>
void histc_fill(const Array& x, int64_t bins, double lo, double hi, Array& out) {
  ArrayPtr src = copy_as(x, x.dtype, 'C');
  const T* s = reinterpret_cast<const T*>(src->data());
  T* h = reinterpret_cast<T*>(out.data());
  // linspace(lo, hi, bins + 1) in T: the first half from lo, the rest from hi
  std::vector<T> edges(size_t(bins + 1));
  const T start = T(lo), end = T(hi);
  const T step = (end - start) / T(bins);
  const int64_t half = (bins + 1) / 2;
  for (int64_t i = 0; i <= bins; ++i) edges[size_t(i)] = i < half ? T(start + step * T(i)) : T(end - step * T(bins - i));
  const T left = edges.front(), right = edges.back();
  for (int64_t i = 0; i < x.size(); ++i) {
    const T e = s[i];
    if (!(e >= left && e <= right)) continue;
    int64_t pos = int64_t((e - left) * T(bins) / (right - left));
    const int64_t pmin = std::max<int64_t>(0, pos - 1), pmax = std::min<int64_t>(pos + 2, bins + 1);
    pos = int64_t(std::upper_bound(edges.begin() + pmin, edges.begin() + pmax, e) - edges.begin()) - 1;
    if (pos == bins) pos -= 1;
    h[pos] += T(1);
  }
}
Value histc_impl(Interp& in, const ArrayPtr& t, Args& a) {
  const int64_t bins = int_arg(in, a.optional(0, "bins", ival(100)), "histc", "bins");
  double lo = in.float_value(a.optional(1, "min", ival(0))), hi = in.float_value(a.optional(2, "max", ival(0)));
  Value out;
  a.take(3, "out", out);
  a.finish(3);
  if (!is_float(t->dtype) || t->dtype == DType::F16)
    in.raise_exc("RuntimeError", std::string("\"histogram_cpu\" not implemented for '") + torch_type_name(t->dtype) + "'");
  if (bins <= 0) in.raise_exc("RuntimeError", "torch.histogram(): bins must be > 0, but got " + std::to_string(bins) + " for dimension 0");
  if (lo == hi && t->size() > 0) {
    Value mm = method(in, Value(t), "aminmax");
    lo = in.float_value(method(in, in.getitem(mm, ival(0)), "item"));
    hi = in.float_value(method(in, in.getitem(mm, ival(1)), "item"));
  }
  if (lo == hi) {
    lo -= 1;
    hi += 1;
  }
  if (std::isinf(lo) || std::isinf(hi) || std::isnan(lo) || std::isnan(hi))
    in.raise_exc("RuntimeError", "torch.histc: range of [" + edge_text(lo) + ", " + edge_text(hi) + "] is not finite");
  if (!(lo < hi)) in.raise_exc("RuntimeError", "torch.histc: max must be larger than min");
  ArrayPtr h = make_array(t->dtype, {bins}, 'C', Flavor::Torch);
  if (t->dtype == DType::F64) histc_fill<double>(*t, bins, lo, hi, *h);
  else histc_fill<float>(*t, bins, lo, hi, *h);
  if (!out.is_none()) return method(in, out, "copy_", {Value(h)});
  return Value(h);
}

// ---- quantile / nanquantile(input, q, dim=None, keepdim=False, *, interpolation='linear')
// (Sorting.cpp quantile_impl): sort along dim, rank = q * (n - 1) (NaN: the last
// index; nanquantile: q * (non-NaN count - 1)), then the values at floor/ceil of
// the rank, lerp'd for 'linear' and 'midpoint'.
Value quantile_impl(Interp& in, const ArrayPtr& t, Args& a, bool ignore_nan) {
  const char* fname = ignore_nan ? "nanquantile" : "quantile";
  Value qv = a.required(0, "q"), dimv = a.optional(1, "dim"), keepv = a.optional(2, "keepdim", Value::boolean(false));
  Value interp = a.optional(99, "interpolation", make_str("linear"));
  Value out;
  a.take(99, "out", out);
  a.finish(3);
  const bool keepdim = bool_arg(in, keepv, fname, "keepdim");
  const std::string mode = in.str(interp);
  const std::string f = fname;
  if (t->size() == 0) in.raise_exc("RuntimeError", f + "() input tensor must be non-empty");
  const bool number = qv.is_int() || qv.is_float() || qv.is_bool();
  if (!is_tensor(qv) && !number) {
    Args shown;
    shown.pos = a.pos;
    invalid_combination(in, f, shown,
                        {"Tensor q, int dim = None, bool keepdim = False, *, str interpolation = \"linear\"",
                         "float q, int dim = None, bool keepdim = False, *, str interpolation = \"linear\""});
  }
  ArrayPtr q = is_tensor(qv) ? qv.array() : nullptr;
  if (q && q->ndim() > 1) in.raise_exc("RuntimeError", f + "() q must be a scalar or 1D tensor");
  if (t->dtype != DType::F32 && t->dtype != DType::F64) in.raise_exc("RuntimeError", f + "() input tensor must be either float or double dtype");
  if (q && q->dtype != t->dtype) in.raise_exc("RuntimeError", f + "() q tensor must be same dtype as the input tensor");
  if (mode != "linear" && mode != "lower" && mode != "higher" && mode != "midpoint" && mode != "nearest")
    in.raise_exc("RuntimeError", f + "() interpolation must be one of linear, lower, higher, midpoint or nearest, but got " + mode);
  Value qt = q ? Value(q) : call(in, torch_attr(in, "tensor"), {qv}, {{"dtype", dtype_value(in, t->dtype, true)}});
  {
    ArrayPtr qc = copy_as(qt.arr(), DType::F64, 'C');
    for (int64_t i = 0; i < qc->size(); ++i) {
      const double v = reinterpret_cast<const double*>(qc->data())[i];
      if (!(v >= 0 && v <= 1)) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%g", v);
        in.raise_exc("RuntimeError", f + "() q " + (q ? "values " : "") + "must be in the range [0, 1] but got " + buf);
      }
    }
  }
  const bool scalar_q = qt.arr().ndim() == 0;
  Value x(t);
  Value sorted;
  int64_t dim = -1;
  if (dimv.is_none()) {
    sorted = in.getitem(method(in, method(in, x, "flatten"), "sort"), ival(0));
  } else {
    dim = torch_wrap_dim(int_arg(in, dimv, fname, "dim"), t->ndim());
    Value moved = dim == t->ndim() - 1 || t->ndim() == 0 ? x : method(in, method(in, x, "unsqueeze", {ival(-1)}), "transpose", {ival(dim), ival(-1)});
    sorted = in.getitem(method(in, moved, "sort"), ival(0));
  }
  // the output's shape: q's dim first, then the input's without dim (kept as 1 with keepdim)
  Shape oshape;
  if (dimv.is_none()) {
    if (keepdim) oshape.assign(size_t(t->ndim()), 1);
  } else {
    oshape = t->shape;
    if (!oshape.empty()) {
      if (keepdim) oshape[size_t(dim)] = 1;
      else oshape.erase(oshape.begin() + dim);
    }
  }
  Shape vshape = oshape;  // the sorted values viewed as (*out_shape, n)
  vshape.push_back(sorted.arr().shape.back());
  sorted = method(in, sorted, "reshape", {torch_size_value(in, vshape)});
  Value qcol = method(in, qt, "reshape", {ival(-1)});  // q as the last dim
  Value ranks;
  if (ignore_nan) {
    Value cnt = method(in, method(in, method(in, sorted, "isnan"), "logical_not"), "sum", {ival(-1)}, {{"keepdim", Value::boolean(true)}});
    ranks = in.binop(BinOp::Mul, qcol, in.binop(BinOp::Sub, cnt, ival(1)));
    ranks = method(in, ranks, "masked_fill", {in.compare(CmpOp::Lt, ranks, ival(0)), ival(0)});
  } else {
    const int64_t last = sorted.arr().shape.back() - 1;
    Value nan = method(in, method(in, sorted, "isnan"), "any", {ival(-1)}, {{"keepdim", Value::boolean(true)}});
    Value both = call(in, torch_attr(in, "broadcast_tensors"), {in.binop(BinOp::Mul, qcol, ival(last)), nan});
    ranks = method(in, in.getitem(both, ival(0)), "masked_fill", {in.getitem(both, ival(1)), ival(last)});
  }
  if (mode == "lower") ranks = method(in, ranks, "floor");
  else if (mode == "higher") ranks = method(in, ranks, "ceil");
  else if (mode == "nearest") ranks = method(in, ranks, "round");
  Value below = method(in, ranks, "long");
  Value vb = method(in, sorted, "gather", {ival(-1), below});
  if (mode == "linear" || mode == "midpoint") {
    Value w = mode == "midpoint" ? call(in, torch_attr(in, "full_like"), {ranks, Value::floating(0.5)}) : in.binop(BinOp::Sub, ranks, below);
    Value va = method(in, sorted, "gather", {ival(-1), method(in, method(in, ranks, "ceil"), "long")});
    vb = method(in, vb, "lerp", {va, w});
  }
  Value r;
  if (scalar_q) {
    r = method(in, vb, "squeeze", {ival(-1)});
  } else {  // the quantiles' dim moved to the front
    const int64_t nd = vb.arr().ndim();
    r = nd == 1 ? vb : method(in, method(in, method(in, vb, "unsqueeze", {ival(0)}), "transpose", {ival(0), ival(-1)}), "squeeze", {ival(-1)});
  }
  if (!out.is_none()) return method(in, out, "copy_", {r});
  return r;
}
Value quantile_method(Interp& in, const ArrayPtr& t, Args& a) { return quantile_impl(in, t, a, false); }
Value nanquantile_method(Interp& in, const ArrayPtr& t, Args& a) { return quantile_impl(in, t, a, true); }
Value diag_embed_method(Interp& in, const ArrayPtr& t, Args& a) { return diag_embed_impl(in, t, a); }
Value histc_method(Interp& in, const ArrayPtr& t, Args& a) { return histc_impl(in, t, a); }

template <Value (*M)(Interp&, const ArrayPtr&, Args&)>
NativeFn as_function(const char* fname) {
  return [fname, m = M](Interp& in, Args& a) -> Value {
    ArrayPtr t = tensor_arg(in, a.required(0, "input"), fname, "input", 1);
    Args rest = a;
    if (!rest.pos.empty()) rest.pos.erase(rest.pos.begin());
    for (auto it = rest.kw.begin(); it != rest.kw.end(); ++it)
      if (it->first == "input") {
        rest.kw.erase(it);
        break;
      }
    return m(in, t, rest);
  };
}

}  // namespace

void install_torch_more_ops(Interp& in, ModuleObj& tm) {
  static const MethodEntry methods[] = {
      {"diag_embed", diag_embed_method, {"diag_embed(offset=, dim1=, dim2=)"}},
      {"nanmedian", nanmedian_method, {"nanmedian(dim=, keepdim=)"}},
      {"histc", histc_method, {"histc(bins=, min=, max=)"}},
      {"quantile", quantile_method, {"quantile(q, dim=, keepdim=, *, interpolation=)"}},
      {"nanquantile", nanquantile_method, {"nanquantile(q, dim=, keepdim=, *, interpolation=)"}},
  };
  for (const MethodEntry& e : methods) def_composite_tensor_method(e.name, e.fn, e.params);
  tm.attrs["_return_nanmedian"] =
      Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), in.new_type("nanmedian", "torch.return_types", {in.t.object})));
  def_fn(in, tm, "combinations", combinations_fn);
  def_fn(in, tm, "block_diag", block_diag_fn);
  def_fn(in, tm, "diag_embed", as_function<diag_embed_method>("diag_embed"));
  def_fn(in, tm, "nanmedian", as_function<nanmedian_method>("nanmedian"));
  def_fn(in, tm, "histc", as_function<histc_method>("histc"));
  def_fn(in, tm, "quantile", as_function<quantile_method>("quantile"));
  def_fn(in, tm, "nanquantile", as_function<nanquantile_method>("nanquantile"));
}

}  // namespace sl::lang
