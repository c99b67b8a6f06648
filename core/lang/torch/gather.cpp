// torch/gather: the index-driven tensor ops tutorials use -- gather, scatter
// (and scatter_), index_select, masked_select, diag, logsumexp, topk,
// log_softmax as a method, norm, meshgrid and einsum. Each returns a new
// tensor (a copy), as PyTorch's do; the autograd boundary records them
// (torch/autograd.cpp) under their own names (GatherBackward0, ...).
//
// Invariant: every index is checked against its dim before any element is
// read or written; a failed check raises PyTorch's message and writes nothing.
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/model/element.hpp"
#include "core/torch/format.hpp"
#include "core/ops/copy.hpp"
#include "core/lang/torch/autograd.hpp"
#include "core/lang/torch/convert.hpp"
#include "core/model/strides.hpp"
#include "core/torch/views.hpp"
#include "core/ops/ufunc.hpp"

namespace sl::lang {

namespace {

Value method(Interp& in, const Value& self, const char* name, std::vector<Value> pos) {
  return in.call(in.getattr(self, name), std::move(pos));
}

int64_t dim_of(Interp& in, const Value& v, int64_t ndim, const char* fname) {
  return torch_wrap_dim(int_arg(in, v, fname, "dim"), ndim);
}

// C-order element offsets of a C-contiguous shape.
std::vector<int64_t> c_strides(const Shape& s) {
  std::vector<int64_t> st(s.size(), 1);
  for (int64_t k = int64_t(s.size()) - 2; k >= 0; --k) st[size_t(k)] = st[size_t(k + 1)] * s[size_t(k + 1)];
  return st;
}

// The shared walk of gather and scatter (aten/src/ATen/native/cpu/ScatterGatherKernel.cpp):
// for every position p of index, the element of self at p with p[dim]
// replaced by index[p]. Checks the ranks, the other dims' sizes and every
// index value first.
struct IndexWalk {
  ArrayPtr idx;                 // int64, C-contiguous copy of index
  std::vector<int64_t> self_off;  // per index position: element offset into the C-contiguous self
};

IndexWalk index_walk(Interp& in, const Array& self, int64_t dim, const ArrayPtr& index, const char* fname, bool gather) {
  if (index->dtype != DType::I64)
    in.raise_exc("RuntimeError", std::string(fname) + "(): Expected dtype int64 for index");
  if (index->ndim() != self.ndim() && !(index->ndim() <= 1 && self.ndim() <= 1))
    in.raise_exc("RuntimeError", std::string("Index tensor must have the same number of dimensions as ") +
                                     (gather ? "input" : "self") + " tensor");
  for (int k = 0; k < index->ndim(); ++k)
    if (k != dim && index->shape[size_t(k)] > (self.ndim() ? self.shape[size_t(k)] : 1))
      in.raise_exc("RuntimeError", "Size does not match at dimension " + std::to_string(k) + " expected index " +
                                       list_repr(index->shape) + " to be smaller than self " + list_repr(self.shape) +
                                       " apart from dimension " + std::to_string(dim));
  IndexWalk w;
  w.idx = copy_as(*index, DType::I64, 'C');
  const int64_t n = w.idx->size();
  const int64_t* iv = reinterpret_cast<const int64_t*>(w.idx->data());
  const std::vector<int64_t> ist = c_strides(index->shape), sst = c_strides(self.shape);
  const int64_t limit = self.ndim() ? self.shape[size_t(dim)] : 1;
  w.self_off.resize(size_t(n));
  for (int64_t p = 0; p < n; ++p) {
    const int64_t v = iv[p];
    if (v < -limit || v >= limit)
      in.raise_exc("RuntimeError", std::string("index ") + std::to_string(v) + " is out of bounds for dimension " +
                                       std::to_string(dim) + " with size " + std::to_string(limit));
    int64_t rest = p, off = 0;
    for (int k = 0; k < index->ndim(); ++k) {
      const int64_t c = rest / ist[size_t(k)];
      rest %= ist[size_t(k)];
      off += (k == dim ? (v < 0 ? v + limit : v) : c) * sst[size_t(k)];
    }
    w.self_off[size_t(p)] = off;
  }
  return w;
}

// Tensor.gather(dim, index): out[p] = self[p with p[dim] = index[p]].
Value gather_method(Interp& in, const ArrayPtr& t, Args& a) {
  const int64_t dim = dim_of(in, a.required(0, "dim"), t->ndim(), "gather");
  ArrayPtr index = tensor_arg(in, a.required(1, "index"), "gather", "index", 2);
  Value sg;
  a.take(2, "sparse_grad", sg);
  a.finish(3);
  IndexWalk w = index_walk(in, *t, dim, index, "gather", true);
  ArrayPtr src = copy_as(*t, t->dtype, 'C');
  ArrayPtr out = make_array(t->dtype, index->shape, 'C', Flavor::Torch, false);
  const int64_t isz = t->itemsize();
  for (size_t p = 0; p < w.self_off.size(); ++p)
    std::memcpy(out->data() + int64_t(p) * isz, src->data() + w.self_off[p] * isz, size_t(isz));
  return Value(out);
}

// Tensor.scatter_(dim, index, src or value): self[p with p[dim] = index[p]] = src[p].
Value scatter_inplace(Interp& in, const ArrayPtr& t, Args& a) {
  const int64_t dim = dim_of(in, a.required(0, "dim"), t->ndim(), "scatter_");
  ArrayPtr index = tensor_arg(in, a.required(1, "index"), "scatter_", "index", 2);
  Value src = a.optional(2, "src");
  if (src.is_none()) src = a.optional(2, "value");
  Value reduce;
  a.take(3, "reduce", reduce);
  a.finish(4);
  if (!reduce.is_none()) in.raise_exc("NotImplementedError", "stridelab's scatter_ takes no reduce=");
  if (src.is_none()) in.raise_exc("TypeError", "scatter_() missing 1 required positional argument: \"src\"");
  if (!t->c_contiguous()) in.raise_exc("NotImplementedError", "stridelab's scatter_ writes into contiguous tensors only");
  IndexWalk w = index_walk(in, *t, dim, index, "scatter", false);
  const int64_t isz = t->itemsize();
  if (is_tensor(src)) {
    const Array& s = src.arr();
    if (s.dtype != t->dtype)
      in.raise_exc("RuntimeError", std::string("scatter(): Expected self.dtype to be equal to src.dtype"));
    for (int k = 0; k < index->ndim(); ++k)
      if (index->shape[size_t(k)] > (s.ndim() ? s.shape[size_t(k)] : 1))
        in.raise_exc("RuntimeError", "Size does not match at dimension " + std::to_string(k) + " expected index " +
                                         list_repr(index->shape) + " to be smaller than src " + list_repr(s.shape));
    ArrayPtr sc = copy_as(s, s.dtype, 'C');
    const std::vector<int64_t> ist = c_strides(index->shape), sst = c_strides(s.shape);
    for (size_t p = 0; p < w.self_off.size(); ++p) {
      int64_t rest = int64_t(p), off = 0;
      for (int k = 0; k < index->ndim(); ++k) {
        off += rest / ist[size_t(k)] * sst[size_t(k)];
        rest %= ist[size_t(k)];
      }
      std::memcpy(t->data() + w.self_off[p] * isz, sc->data() + off * isz, size_t(isz));
    }
  } else {
    alignas(16) char buf[16] = {};
    torch_scalar_to_bytes(in, src, t->dtype, buf);
    for (size_t p = 0; p < w.self_off.size(); ++p) std::memcpy(t->data() + w.self_off[p] * isz, buf, size_t(isz));
  }
  return Value(t);
}

Value scatter_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value c = method(in, Value(t), "clone", {});
  return scatter_inplace(in, c.array(), a);
}

// Tensor.index_select(dim, index): the rows index names along dim (a copy).
Value index_select_method(Interp& in, const ArrayPtr& t, Args& a) {
  const int64_t dim = dim_of(in, a.required(0, "dim"), t->ndim(), "index_select");
  ArrayPtr index = tensor_arg(in, a.required(1, "index"), "index_select", "index", 2);
  a.finish(2);
  if (index->ndim() > 1) in.raise_exc("IndexError", "index_select(): Index is supposed to be a vector");
  if (index->dtype != DType::I64 && index->dtype != DType::I32)
    in.raise_exc("RuntimeError", "index_select(): Expected dtype int32 or int64 for index");
  std::vector<Value> key(size_t(std::max(t->ndim(), 1)), Value(std::make_shared<SliceObj>(Value(), Value(), Value())));
  const int64_t n = t->ndim() ? t->shape[size_t(dim)] : 1;
  ArrayPtr ic = copy_as(*index, DType::I64, 'C');
  for (int64_t i = 0; i < ic->size(); ++i) {
    const int64_t v = reinterpret_cast<const int64_t*>(ic->data())[i];
    if (v < 0 || v >= n) in.raise_exc("IndexError", "index out of range in self");
  }
  key[size_t(dim)] = Value(torch_alias_root(index->ndim() == 0 ? torch_reshape(ic, {1}) : ic));
  return in.getitem(Value(t), make_tuple(key));
}

// Tensor.masked_select(mask): the elements where the broadcast mask is true, 1-D.
Value masked_select_method(Interp& in, const ArrayPtr& t, Args& a) {
  ArrayPtr mask = tensor_arg(in, a.required(0, "mask"), "masked_select", "mask", 1);
  a.finish(1);
  if (mask->dtype != DType::Bool)
    in.raise_exc("RuntimeError", std::string("masked_select: expected BoolTensor for mask"));
  Shape b;
  if (!try_broadcast_shapes({t->shape, mask->shape}, b))
    in.raise_exc("RuntimeError", "The size of tensor a (" + std::to_string(t->ndim() ? t->shape.back() : 1) +
                                     ") must match the size of tensor b (" + std::to_string(mask->ndim() ? mask->shape.back() : 1) +
                                     ") at non-singleton dimension " + std::to_string(std::max(t->ndim(), mask->ndim()) - 1));
  Value tv = Value(torch_expand(t, b)), mv = Value(torch_expand(mask, b));
  return in.getitem(tv, mv);
}

// Tensor.diag(diagonal=0): a 1-D tensor becomes a square matrix with it on
// the chosen diagonal; a 2-D tensor gives a copy of that diagonal.
Value diag_method(Interp& in, const ArrayPtr& t, Args& a) {
  const int64_t k = int_arg(in, a.optional(0, "diagonal", Value::integer(0)), "diag", "diagonal");
  a.finish(1);
  if (t->ndim() == 2) return method(in, method(in, Value(t), "diagonal", {Value::integer(k)}), "clone", {});
  if (t->ndim() != 1) in.raise_exc("RuntimeError", "diag(): Supports 1D or 2D tensors. Got " + std::to_string(t->ndim()) + "D");
  const int64_t n = t->shape[0], m = n + std::abs(k);
  ArrayPtr out = make_array(t->dtype, {m, m}, 'C', Flavor::Torch);
  ArrayPtr src = copy_as(*t, t->dtype, 'C');
  const int64_t isz = t->itemsize();
  for (int64_t i = 0; i < n; ++i) {
    const int64_t r = k >= 0 ? i : i - k, c = k >= 0 ? i + k : i;
    std::memcpy(out->data() + (r * m + c) * isz, src->data() + i * isz, size_t(isz));
  }
  return Value(out);
}

// Tensor.logsumexp(dim, keepdim=False) = m + log(sum(exp(x - m))), m the max (0 where it is infinite).
Value logsumexp_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value dim = a.required(0, "dim");
  Value keep = a.optional(1, "keepdim", Value::boolean(false));
  a.finish(2);
  bool_arg(in, keep, "logsumexp", "keepdim");
  Value x = Value(t);
  if (!is_inexact(t->dtype)) x = method(in, x, "float", {});
  Args ma;
  ma.kw = {{"dim", dim}, {"keepdim", Value::boolean(true)}};
  Value m = in.call(in.getattr(x, "amax"), ma);
  Value finite = in.call(in.modules.at("torch")->attrs.at("isinf"), std::vector<Value>{m});
  m = method(in, m, "masked_fill", {finite, Value::floating(0.0)});
  Value s = method(in, method(in, method(in, x, "sub", {m}), "exp", {}), "sum", {dim, Value::boolean(true)});
  Value r = method(in, method(in, s, "log", {}), "add", {m});
  if (!in.truthy(keep)) r = in.call(in.getattr(r, "squeeze"), std::vector<Value>{dim});
  return r;
}

// Tensor.topk(k, dim=-1, largest=True, sorted=True): torch.return_types.topk.
Value topk_method(Interp& in, const ArrayPtr& t, Args& a) {
  const int64_t k = int_arg(in, a.required(0, "k"), "topk", "k", IntParam::SymInt);
  Value dim = a.optional(1, "dim", Value::integer(-1));
  const bool largest = in.truthy(a.optional(2, "largest", Value::boolean(true)));
  Value srt;
  a.take(3, "sorted", srt);
  a.finish(4);
  const int64_t d = torch_wrap_dim(int_arg(in, dim, "topk", "dim"), t->ndim());
  const int64_t n = t->ndim() ? t->shape[size_t(d)] : 1;
  if (k < 0 || k > n) in.raise_exc("RuntimeError", "selected index k out of range");
  Args sa;
  sa.pos = {Value::integer(d), Value::boolean(largest)};
  Value sorted = in.call(in.getattr(Value(t), "sort"), sa);
  Value vals = in.getitem(sorted, Value::integer(0)), idx = in.getitem(sorted, Value::integer(1));
  vals = method(in, method(in, vals, "narrow", {Value::integer(d), Value::integer(0), Value::integer(k)}), "clone", {});
  idx = method(in, method(in, idx, "narrow", {Value::integer(d), Value::integer(0), Value::integer(k)}), "clone", {});
  return return_pair(in, "topk", vals.array(), idx.array());
}

// The element of rank `r` (0-based, ascending) along dim d of t, with its index,
// as torch.return_types.<name> (kthvalue, median with a dim): from a stable sort.
Value ranked_along(Interp& in, const ArrayPtr& t, const char* name, int64_t d, int64_t r, bool keep) {
  Args sa;
  sa.pos = {Value::integer(d)};
  Value sorted = in.call(in.getattr(Value(t), "sort"), sa);
  Value vals = in.getitem(sorted, Value::integer(0)), idx = in.getitem(sorted, Value::integer(1));
  auto pick = [&](const Value& x) {
    Value y = method(in, x, "narrow", {Value::integer(d), Value::integer(r), Value::integer(1)});
    y = keep ? method(in, y, "clone", {}) : method(in, method(in, y, "squeeze", {Value::integer(d)}), "clone", {});
    return y;
  };
  return return_pair(in, name, pick(vals).array(), pick(idx).array());
}

// Tensor.kthvalue(k, dim=-1, keepdim=False): the k-th smallest along dim.
Value kthvalue_method(Interp& in, const ArrayPtr& t, Args& a) {
  const int64_t k = int_arg(in, a.required(0, "k"), "kthvalue", "k");
  Value dim = a.optional(1, "dim", Value::integer(-1));
  const bool keep = bool_arg(in, a.optional(2, "keepdim", Value::boolean(false)), "kthvalue", "keepdim");
  a.finish(3);
  const int64_t d = torch_wrap_dim(int_arg(in, dim, "kthvalue", "dim"), t->ndim());
  const int64_t n = t->ndim() ? t->shape[size_t(d)] : 1;
  if (k < 1 || k > n)
    in.raise_exc("RuntimeError", "kthvalue(): selected number k out of range for dimension " + std::to_string(d));
  if (t->ndim() == 0) return return_pair(in, "kthvalue", torch_clone(*t), make_array(DType::I64, Shape{}, 'C', Flavor::Torch));
  return ranked_along(in, t, "kthvalue", d, k - 1, keep);
}

// Tensor.median(dim=None, keepdim=False): the lower of the two middle values;
// without a dim, of all elements (a NaN anywhere makes it NaN), with one, the
// values and their indices along it.
Value median_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value dim = a.optional(0, "dim");
  const bool keep = bool_arg(in, a.optional(1, "keepdim", Value::boolean(false)), "median", "keepdim");
  a.finish(2);
  if (dim.is_none()) {
    if (t->size() == 0) in.raise_exc("RuntimeError", "median() input tensor cannot be empty");
    Value flat = method(in, Value(t), "reshape", {Value::integer(-1)});
    if (is_inexact(t->dtype) && in.truthy(method(in, method(in, flat, "isnan", {}), "any", {})))
      return method(in, method(in, flat, "max", {}), "mul", {Value::floating(NAN)});
    Value sorted = in.getitem(method(in, flat, "sort", {}), Value::integer(0));
    return method(in, in.getitem(sorted, Value::integer((t->size() - 1) / 2)), "clone", {});
  }
  const int64_t d = torch_wrap_dim(int_arg(in, dim, "median", "dim"), t->ndim());
  const int64_t n = t->ndim() ? t->shape[size_t(d)] : 1;
  if (n == 0) in.raise_exc("IndexError", "median(): Expected reduction dim " + std::to_string(d) + " to have non-zero size.");
  if (t->ndim() == 0) return return_pair(in, "median", torch_clone(*t), make_array(DType::I64, Shape{}, 'C', Flavor::Torch));
  return ranked_along(in, t, "median", d, (n - 1) / 2, keep);
}

// Tensor.isclose(other, rtol=1e-05, atol=1e-08, equal_nan=False): NumPy's
// formula (|a - b| <= atol + rtol * |b|), as a bool tensor.
Value isclose_method(Interp& in, const ArrayPtr& t, Args& a) {
  ArrayPtr other = tensor_arg(in, a.required(0, "other"), "isclose", "other", 1);
  Value rtol = a.optional(1, "rtol", Value::floating(1e-05)), atol = a.optional(2, "atol", Value::floating(1e-08));
  Value eqnan = a.optional(3, "equal_nan", Value::boolean(false));
  a.finish(4);
  Args b;
  b.pos = {Value(t), Value(other)};
  b.kw = {{"rtol", rtol}, {"atol", atol}, {"equal_nan", Value::boolean(bool_arg(in, eqnan, "isclose", "equal_nan"))}};
  Value r = in.call(in.modules.at("numpy")->attrs.at("isclose"), b);
  ArrayPtr out = copy_as(r.arr(), DType::Bool, 'C');
  out->flavor = Flavor::Torch;
  out->writeable = true;
  return Value(out);
}

// Tensor.tensor_split(indices_or_sections, dim=0): views along dim; n
// sections take size // n elements each, the first size % n one more; indices
// cut as the slices t[:i0], t[i0:i1], ..., t[ik:] do.
Value tensor_split_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value ios = a.required(0, "indices_or_sections");
  Value dimv = a.optional(1, "dim", Value::integer(0));
  a.finish(2);
  // the overloads: (tuple of ints indices), (Tensor tensor_indices_or_sections), (int sections)
  if (ios.is_array() && !ios.arr().is_torch() && ios.arr().flavor != Flavor::Scalar)
    invalid_combination(in, "tensor_split", a,
                        {"tuple of ints indices, int dim = 0", "Tensor tensor_indices_or_sections, int dim = 0",
                         "int sections, int dim = 0"});
  if (is_tensor(ios)) {  // a 0-d tensor is the sections, a 1-d one the indices
    const Array& x = ios.arr();
    if (x.dtype != DType::I64)
      in.raise_exc("RuntimeError", std::string("tensor_split expected tensor_indices_or_sections to have dtype of long, but got ") +
                                       torch_type_name(x.dtype));
    if (x.ndim() > 1)
      in.raise_exc("RuntimeError", "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or "
                                   "one-dimensional tensor, but got a tensor with " + std::to_string(x.ndim()) + " dims");
    ios = x.ndim() == 0 ? Value::integer(load<int64_t>(x.data())) : method(in, ios, "tolist", {});
  }
  if (t->ndim() == 0)
    in.raise_exc("RuntimeError", "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims");
  const int64_t d = torch_wrap_dim(int_arg(in, dimv, "tensor_split", "dim"), t->ndim());
  const int64_t n = t->shape[size_t(d)];
  std::vector<std::pair<int64_t, int64_t>> pieces;  // start, length
  if (in.is_int_like(ios) && !ios.as<ListObj>() && !ios.as<TupleObj>()) {
    const int64_t k = in.index_value(ios);
    if (k <= 0) in.raise_exc("RuntimeError", "number of sections must be larger than 0, got " + std::to_string(k));
    if (k >= (int64_t(1) << 60)) in.raise_exc("RuntimeError", "cannot create std::vector larger than max_size()");
    for (int64_t i = 0, start = 0; i < k; ++i) {
      const int64_t len = n / k + (i < n % k);
      pieces.push_back({start, len});
      start += len;
    }
  } else {
    auto clamp = [n](int64_t i) { return std::clamp(i < 0 ? i + n : i, int64_t(0), n); };
    int64_t prev = 0;
    for (const Value& x : in.to_vector(ios)) {
      const int64_t i = clamp(int_arg(in, x, "tensor_split", "indices"));
      pieces.push_back({prev, std::max<int64_t>(0, i - prev)});
      prev = i;
    }
    pieces.push_back({prev, n - prev});
  }
  std::vector<Value> out;
  for (auto [start, len] : pieces)
    out.push_back(method(in, Value(t), "narrow", {Value::integer(d), Value::integer(start), Value::integer(len)}));
  return make_tuple(std::move(out));
}

// Tensor.log_softmax(dim, dtype=None): torch.nn.functional.log_softmax.
Value log_softmax_method(Interp& in, const ArrayPtr& t, Args& a) {
  // Tensor.log_softmax(dim, dtype=None): the second positional is the dtype
  if (a.pos.size() > 1) {
    const Value& dt = a.pos[1];
    if (!dt.is_none() && !(dt.as<DTypeObj>() && dt.as<DTypeObj>()->torch))
      in.raise_exc("TypeError", "log_softmax(): argument 'dtype' (position 2) must be torch.dtype, not " + in.type_name(dt));
    a.kw.emplace_back("dtype", dt);
    a.pos.resize(1);
  }
  a.pos.insert(a.pos.begin(), Value(t));
  return in.call(in.modules.at("torch.nn.functional")->attrs.at("log_softmax"), a);
}

// Tensor.norm(p='fro', dim=None, keepdim=False): the vector p-norm of the
// elements (over dim when given): (sum |x|^p)^(1/p); p = inf the largest |x|.
Value norm_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value p = a.optional(0, "p", make_str("fro"));
  Value dim = a.optional(1, "dim");
  Value keep = a.optional(2, "keepdim", Value::boolean(false));
  Value dt;
  a.take(3, "dtype", dt);
  a.finish(4);
  if (!is_inexact(t->dtype))
    in.raise_exc("RuntimeError", std::string("linalg.vector_norm: Expected a floating point or complex tensor as input. Got ") + torch_type_name(t->dtype));
  double order = 2;
  if (p.as<StrObj>()) {
    if (in.str(p) != "fro") in.raise_exc("NotImplementedError", "stridelab's norm takes p='fro' or a number");
  } else {
    order = in.float_value(p);
  }
  Value x = torch_fn_call(in, "abs", {Value(t)});
  auto reduce = [&](const char* name, const Value& v) {
    if (dim.is_none()) return method(in, v, name, {});
    Args ra;
    ra.kw = {{"dim", dim}, {"keepdim", keep}};
    return in.call(in.getattr(v, name), ra);
  };
  if (std::isinf(order)) return order > 0 ? reduce("amax", x) : reduce("amin", x);
  if (order == 2) return method(in, reduce("sum", method(in, x, "mul", {x})), "sqrt", {});
  if (order == 1) return reduce("sum", x);
  Value s = reduce("sum", method(in, x, "pow", {Value::floating(order)}));
  return method(in, s, "pow", {Value::floating(1.0 / order)});
}

// torch.meshgrid(*tensors, indexing='ij'): views -- each 1-D input viewed
// along its own dim and expanded over the others ('xy' swaps the first two).
Value meshgrid_fn(Interp& in, Args& a) {
  Value ix;
  a.take(999, "indexing", ix);
  std::vector<Value> ts = a.pos;
  if (ts.size() == 1 && (ts[0].as<ListObj>() || ts[0].as<TupleObj>())) ts = in.to_vector(ts[0]);
  a.finish(ts.size() == a.pos.size() ? a.pos.size() : 1);
  const std::string mode = ix.is_none() ? "ij" : in.str(ix);
  if (mode != "ij" && mode != "xy")
    in.raise_exc("RuntimeError", "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: " + mode);
  const size_t n = ts.size();
  if (n == 0) in.raise_exc("RuntimeError", "torch.meshgrid expects a non-empty TensorList");
  std::vector<ArrayPtr> xs;
  for (size_t i = 0; i < n; ++i) {
    ArrayPtr t = tensor_arg(in, ts[i], "meshgrid", "tensors", 1);
    if (t->ndim() > 1)
      in.raise_exc("RuntimeError", "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: " +
                                       format_tensor(*t, torch_default_dtype()));
    xs.push_back(t->ndim() == 0 ? torch_reshape(t, {1}) : t);
  }
  const bool swap = mode == "xy" && n >= 2;
  Shape shape;
  for (size_t i = 0; i < n; ++i) shape.push_back(xs[i]->shape[0]);
  if (swap) std::swap(shape[0], shape[1]);
  std::vector<Value> out;
  for (size_t i = 0; i < n; ++i) {
    size_t at = i;
    if (swap && i < 2) at = 1 - i;
    Shape vs(n, 1);
    vs[at] = xs[i]->shape[0];
    out.push_back(Value(torch_expand(torch_view(xs[i], vs), shape)));
  }
  return make_tuple(out);
}

// torch.einsum(equation, *operands): NumPy's einsum (the same contraction),
// the result a tensor.
Value einsum_fn(Interp& in, Args& a) {
  std::vector<Value> pos = a.pos;
  if (pos.size() < 2)
    in.raise_exc("ValueError", "einsum(): must specify the equation string and at least one operand, or at least "
                               "one operand and its subscripts list");
  if (pos.size() == 2 && (pos[1].as<ListObj>() || pos[1].as<TupleObj>())) {
    std::vector<Value> ops = in.to_vector(pos[1]);
    pos.resize(1);
    pos.insert(pos.end(), ops.begin(), ops.end());
  }
  for (size_t i = 1; i < pos.size(); ++i) tensor_arg(in, pos[i], "einsum", "operands", int(i) + 1);
  Value r = in.call(in.modules.at("numpy")->attrs.at("einsum"), pos);
  if (r.is_array() && !r.arr().is_torch()) {
    ArrayPtr c = copy_as(r.arr(), r.arr().dtype, 'C');
    c->flavor = Flavor::Torch;
    c->writeable = true;
    return Value(c);
  }
  return r;
}

// torch.pow(input, exponent): either may be a number (pow.Scalar: a number
// to a tensor power).
Value pow_fn(Interp& in, Args& a) {
  Value base = a.required(0, "input"), ex = a.required(1, "exponent");
  a.finish(2);
  if (!is_tensor(base) && !is_tensor(ex))
    in.raise_exc("TypeError", "pow() received an invalid combination of arguments - got (" + in.type_of(base)->name +
                                  ", " + in.type_of(ex)->name + ")");
  return in.binop("**", base, ex);
}

// torch.rsub(input, other, alpha=1) = other - alpha * input.
Value rsub_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value other = a.required(0, "other");
  Value alpha = a.optional(1, "alpha", Value::integer(1));
  a.finish(2);
  Value scaled = in.binop("*", Value(t), alpha);
  return in.binop("-", other, scaled);
}

// torch.rsub(input, other, *, alpha=1): a function only (Tensor has no rsub
// method; `2 - t` reaches it through the operator).
Value rsub_fn(Interp& in, Args& a) {
  ArrayPtr t = tensor_arg(in, a.required(0, "input"), "rsub", "input", 1);
  Args rest;
  rest.pos.assign(a.pos.begin() + 1, a.pos.end());
  rest.kw = std::move(a.kw);
  a.pos.clear();
  a.kw.clear();
  return rsub_method(in, t, rest);
}

// torch.addmm(input, mat1, mat2, *, beta=1, alpha=1) = beta input + alpha (mat1 @ mat2).
Value addmm_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value m1 = a.required(0, "mat1"), m2 = a.required(1, "mat2");
  Value beta = a.optional(2, "beta", Value::integer(1)), alpha = a.optional(3, "alpha", Value::integer(1));
  a.finish(4);
  Value prod = method(in, Value(tensor_arg(in, m1, "addmm", "mat1", 2)), "mm", {m2});
  if (!(alpha.is_int() && alpha.as_int() == 1)) prod = in.binop("*", prod, alpha);
  Value base = Value(t);
  if (!(beta.is_int() && beta.as_int() == 1)) base = in.binop("*", base, beta);
  return in.binop("+", base, prod);
}

// torch.vstack / hstack: cat after making the inputs at least 2-d (vstack)
// or along dim 1 (hstack; dim 0 for 1-d inputs).
Value stack_like(Interp& in, Args& a, bool vertical) {
  Value ts = a.required(0, "tensors");
  a.finish(1);
  if (!ts.as<ListObj>() && !ts.as<TupleObj>())  // a sequence of tensors, not one tensor (nor an ndarray)
    in.raise_exc("TypeError", std::string(vertical ? "vstack" : "hstack") +
                                  "(): argument 'tensors' (position 1) must be tuple of Tensors, not " + in.type_name(ts));
  std::vector<Value> items = in.to_vector(ts), fixed;
  bool all_1d = true;
  for (auto& x : items) {
    ArrayPtr t = tensor_arg(in, x, vertical ? "vstack" : "hstack", "tensors", 1);
    all_1d &= t->ndim() <= 1;
    if (vertical && t->ndim() < 2) fixed.push_back(Value(torch_reshape(t, {1, t->ndim() ? t->shape[0] : 1})));
    else fixed.push_back(x);
  }
  const int64_t dim = vertical ? 0 : (all_1d ? 0 : 1);
  return torch_fn_call(in, "cat", {make_list(fixed), Value::integer(dim)});
}
Value vstack_fn(Interp& in, Args& a) { return stack_like(in, a, true); }
Value hstack_fn(Interp& in, Args& a) { return stack_like(in, a, false); }

// Tensor.flip(dims): a reversed copy (PyTorch copies where NumPy views).
Value flip_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value dims = a.required(0, "dims");
  a.finish(1);
  std::vector<Value> ds = dims.as<TupleObj>() || dims.as<ListObj>() ? in.to_vector(dims) : std::vector<Value>{dims};
  std::vector<Value> key(size_t(t->ndim()), Value(std::make_shared<SliceObj>(Value(), Value(), Value())));
  for (auto& d : ds)
    key[size_t(torch_wrap_dim(int_arg(in, d, "flip", "dims", IntParam::SymInt), t->ndim()))] = Value(std::make_shared<SliceObj>(Value(), Value(), Value::integer(-1)));
  Value view = in.getitem(Value(numpy_from_tensor(t)), make_tuple(key));
  ArrayPtr r = copy_as(view.arr(), t->dtype, 'C');
  r->flavor = Flavor::Torch;
  return Value(r);
}

// Tensor.roll(shifts, dims=None): np.roll's copy, as a tensor.
Value roll_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value shifts = a.required(0, "shifts");
  Value dims = a.optional(1, "dims");
  a.finish(2);
  Args b;
  b.pos = {Value(numpy_from_tensor(t)), shifts};
  if (!dims.is_none()) b.kw.emplace_back("axis", dims);
  Value r = in.call(in.modules.at("numpy")->attrs.at("roll"), b);
  ArrayPtr c = copy_as(r.arr(), t->dtype, 'C');
  c->flavor = Flavor::Torch;
  return Value(c);
}

// Tensor.repeat(*sizes): np.tile's copy (the sizes may add leading dims).
Value repeat_method(Interp& in, const ArrayPtr& t, Args& a) {
  require_sizes(in, a, "repeat", "repeats");
  Shape reps = size_args(in, a, 0, "repeat", "repeats");
  if (int64_t(reps.size()) < t->ndim())
    in.raise_exc("RuntimeError", "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  std::vector<Value> rv;
  for (int64_t r : reps) rv.push_back(Value::integer(r));
  Value r = in.call(in.modules.at("numpy")->attrs.at("tile"), std::vector<Value>{Value(numpy_from_tensor(t)), make_tuple(rv)});
  ArrayPtr c = copy_as(r.arr(), t->dtype, 'C');
  c->flavor = Flavor::Torch;
  return Value(c);
}

// Tensor.reciprocal(): 1 / x, integers in the default float.
Value reciprocal_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  Value x = Value(t);
  if (!is_inexact(t->dtype)) x = method(in, x, "float", {});
  return in.binop("/", Value::integer(1), x);
}

}  // namespace

Value torch_fn_call(Interp& in, const char* name, std::vector<Value> pos) {
  return in.call(in.modules.at("torch")->attrs.at(name), std::move(pos));
}

void install_torch_gather(Interp& in) {
  static const MethodEntry methods[] = {
      {"gather", gather_method},         {"scatter", scatter_method},     {"scatter_", scatter_inplace},
      {"index_select", index_select_method}, {"masked_select", masked_select_method}, {"diag", diag_method},
      {"logsumexp", logsumexp_method},   {"topk", topk_method},           {"log_softmax", log_softmax_method},
      {"norm", norm_method, {"norm(p=, dim=, keepdim=, dtype=)"}},
      {"addmm", addmm_method},
      {"flip", flip_method},             {"roll", roll_method},           {"repeat", repeat_method},
      {"reciprocal", reciprocal_method}, {"kthvalue", kthvalue_method},   {"median", median_method},
      {"isclose", isclose_method},       {"tensor_split", tensor_split_method},
  };
  for (const MethodEntry& e : methods) def_tensor_method(e.name, e.fn, e.params);
  ModuleObj& tm = *in.modules.at("torch");
  def_fn(in, tm, "meshgrid", meshgrid_fn, {"meshgrid(*tensors, indexing=)"});
  def_fn(in, tm, "einsum", recorded_function("einsum", einsum_fn), {"einsum(*args)"});
  def_fn(in, tm, "pow", pow_fn);
  def_fn(in, tm, "rsub", recorded_function("rsub", rsub_fn));
  def_fn(in, tm, "vstack", recorded_function("vstack", vstack_fn));
  def_fn(in, tm, "row_stack", recorded_function("row_stack", vstack_fn));
  def_fn(in, tm, "hstack", recorded_function("hstack", hstack_fn));
}

}  // namespace sl::lang
