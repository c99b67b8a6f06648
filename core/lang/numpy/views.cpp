// numpy/views: the NumPy view/copy zoo as Python functions and ndarray methods --
// views (ravel, squeeze, expand_dims, swapaxes, moveaxis, rollaxis, diagonal,
// flip*, broadcast_to/arrays, numpy.lib.stride_tricks), splits (views), and
// the copies built from pieces (concatenate, stack family, atleast_*d, roll,
// tile, repeat, resize, diag, tri/tril/triu, eye/identity, linspace).
// Where NumPy implements a function in Python, the port follows that Python
// step by step, so that which results are views (and what their .base is)
// comes out as in NumPy.
#include <cmath>
#include <cstring>

#include "core/element.hpp"
#include "core/index.hpp"
#include "core/join.hpp"
#include "core/kernels/copy.hpp"
#include "core/lang/interp.hpp"
#include "core/lang/numpy/convert.hpp"
#include "core/strides.hpp"
#include "core/ufunc.hpp"
#include "core/views.hpp"

namespace sl::lang {

namespace {

// An int or a sequence of ints (axis=, shape=, reps=, ...).
std::vector<int64_t> int_list(Interp& in, const Value& v) {
  std::vector<int64_t> out;
  if (v.as<TupleObj>() || v.as<ListObj>() || (v.is_array() && v.arr().ndim() > 0)) {
    for (auto& x : in.to_vector(v)) out.push_back(in.index_value(x));
    return out;
  }
  out.push_back(in.index_value(v));
  return out;
}
bool is_sequence(const Value& v) { return v.as<TupleObj>() || v.as<ListObj>() || (v.is_array() && v.arr().ndim() > 0); }

char order_arg(Interp& in, const Value& v, char dflt, const char* allowed) {
  if (v.is_none()) return dflt;
  auto* s = v.as<StrObj>();
  if (!s || s->s.size() != 1 || !std::strchr(allowed, toupper((unsigned char)s->s[0])))
    in.raise_exc("ValueError", std::string("order must be one of '") + allowed + "'");
  return char(toupper((unsigned char)s->s[0]));
}

std::vector<ArrayPtr> array_list(Interp& in, const Value& seq) {
  std::vector<ArrayPtr> out;
  for (auto& x : in.to_vector(seq)) out.push_back(to_array(in, x));
  return out;
}

Value list_of(std::vector<ArrayPtr> arrays) {
  std::vector<Value> items;
  for (auto& a : arrays) items.push_back(wrap(a));
  return make_list(std::move(items));
}

IndexItem full_slice() {
  IndexItem it;
  it.kind = IndexItem::Slice;
  return it;
}
IndexItem range_slice(std::optional<int64_t> start, std::optional<int64_t> stop, std::optional<int64_t> step = {}) {
  IndexItem it;
  it.kind = IndexItem::Slice;
  it.start = start;
  it.stop = stop;
  it.step = step;
  return it;
}
IndexItem new_axis() {
  IndexItem it;
  it.kind = IndexItem::NewAxis;
  return it;
}

// ---- atleast_*d (numpy/core/shape_base.py)
ArrayPtr atleast_1d(const ArrayPtr& a) { return a->ndim() == 0 ? reshape(a, {1}) : a; }
ArrayPtr atleast_2d(const ArrayPtr& a) {
  if (a->ndim() == 0) return reshape(a, {1, 1});
  if (a->ndim() == 1) return basic_index(a, {new_axis(), full_slice()});
  return a;
}
ArrayPtr atleast_3d(const ArrayPtr& a) {
  if (a->ndim() == 0) return reshape(a, {1, 1, 1});
  if (a->ndim() == 1) return basic_index(a, {new_axis(), full_slice(), new_axis()});
  if (a->ndim() == 2) return basic_index(a, {full_slice(), full_slice(), new_axis()});
  return a;
}
Value atleast_fn(Interp& in, Args& a, ArrayPtr (*f)(const ArrayPtr&)) {
  if (!a.kw.empty()) in.raise_exc("TypeError", a.fname + "() got an unexpected keyword argument '" + a.kw.front().first + "'");
  std::vector<ArrayPtr> res;
  for (auto& v : a.pos) res.push_back(f(to_array(in, v)));
  if (res.size() == 1) return wrap(res[0]);
  return list_of(res);
}

// ---- concatenate and the stack family
Value with_out(Interp& in, const ArrayPtr& r, const Value& out) {
  if (out.is_none()) return wrap(r);
  ArrayPtr o = to_array(in, out);
  if (o->shape != r->shape) in.raise_exc("ValueError", "Output array is the wrong shape");
  if (!o->writeable) in.raise_exc("ValueError", "output array is read-only");
  copy_into(*o, *r);
  return out;
}

std::optional<DType> opt_dtype(Interp& in, const Value& v) {
  if (v.is_none()) return std::nullopt;
  return to_dtype(in, v);
}

ArrayPtr stack(const std::vector<ArrayPtr>& arrays, int64_t axis, std::optional<DType> dt) {
  if (arrays.empty()) value_error("need at least one array to stack");
  for (auto& x : arrays)
    if (x->shape != arrays[0]->shape) value_error("all input arrays must have the same shape");
  int ax = normalize_axis_index(axis, arrays[0]->ndim() + 1);
  std::vector<IndexItem> sl(size_t(ax), full_slice());
  sl.push_back(new_axis());
  std::vector<ArrayPtr> expanded;
  for (auto& x : arrays) expanded.push_back(basic_index(x, sl));
  return concatenate(expanded, ax, dt);
}

// ---- split family (numpy/lib/shape_base.py)
std::vector<ArrayPtr> array_split(Interp& in, const ArrayPtr& ary, const Value& ios, int64_t axis) {
  if (axis < -ary->ndim() || axis >= ary->ndim()) in.raise_exc("IndexError", "tuple index out of range");
  int64_t ntotal = ary->shape[size_t(axis < 0 ? axis + ary->ndim() : axis)];
  std::vector<int64_t> div;
  if (is_sequence(ios)) {
    div.push_back(0);
    for (int64_t x : int_list(in, ios)) div.push_back(x);
    div.push_back(ntotal);
  } else {
    int64_t nsections = in.index_value(ios);
    if (nsections <= 0) in.raise_exc("ValueError", "number sections must be larger than 0.");
    int64_t each = ntotal / nsections, extras = ntotal % nsections;
    div.push_back(0);
    for (int64_t k = 0; k < nsections; ++k) div.push_back(div.back() + (k < extras ? each + 1 : each));
  }
  ArrayPtr sary = swapaxes(ary, axis, 0);
  std::vector<ArrayPtr> out;
  for (size_t i = 0; i + 1 < div.size(); ++i) {
    ArrayPtr part = basic_index(sary, {range_slice(div[i], div[i + 1])});
    out.push_back(swapaxes(part, axis, 0));
  }
  return out;
}

std::vector<ArrayPtr> split(Interp& in, const ArrayPtr& ary, const Value& ios, int64_t axis) {
  if (!is_sequence(ios)) {
    int64_t sections = in.index_value(ios);
    if (axis < -ary->ndim() || axis >= ary->ndim()) in.raise_exc("IndexError", "tuple index out of range");
    int64_t n = ary->shape[size_t(axis < 0 ? axis + ary->ndim() : axis)];
    if (sections == 0) in.raise_exc("ZeroDivisionError", "integer modulo by zero");
    if (n % sections) in.raise_exc("ValueError", "array split does not result in an equal division");
  }
  return array_split(in, ary, ios, axis);
}

// ---- roll (numpy/core/numeric.py)
ArrayPtr roll(Interp& in, const ArrayPtr& a, const Value& shift, const Value& axisv) {
  if (axisv.is_none()) {
    ArrayPtr r = roll(in, ravel(a, 'C'), shift, Value::integer(0));
    return reshape(r, a->shape);
  }
  std::vector<int64_t> shifts = int_list(in, shift), axes_in = int_list(in, axisv);
  std::vector<int> axes = normalize_axis_tuple(axes_in, a->ndim(), nullptr, true);
  bool shift_seq = is_sequence(shift), axis_seq = is_sequence(axisv);
  if (shift_seq && axis_seq && shifts.size() != axes.size())
    broadcast_shapes_np({Shape{int64_t(shifts.size())}, Shape{int64_t(axes.size())}});
  size_t n = std::max(shifts.size(), axes.size());
  std::vector<int64_t> total(a->ndim(), 0);
  for (size_t k = 0; k < n; ++k) total[axes[axes.size() == 1 ? 0 : k]] += shifts[shifts.size() == 1 ? 0 : k];
  ArrayPtr result = empty_like_keep_order(*a, a->dtype);
  // Each axis contributes one (no shift) or two (original, result) slice pairs.
  std::vector<std::vector<std::pair<IndexItem, IndexItem>>> rolls(a->ndim());
  for (int ax = 0; ax < a->ndim(); ++ax) {
    int64_t len = a->shape[ax] ? a->shape[ax] : 1;
    int64_t off = ((total[ax] % len) + len) % len;
    if (off) {
      rolls[ax] = {{range_slice({}, -off), range_slice(off, {})}, {range_slice(-off, {}), range_slice({}, off)}};
    } else {
      rolls[ax] = {{full_slice(), full_slice()}};
    }
  }
  std::vector<size_t> pick(a->ndim(), 0);
  for (;;) {
    std::vector<IndexItem> src, dst;
    for (int ax = 0; ax < a->ndim(); ++ax) {
      src.push_back(rolls[ax][pick[ax]].first);
      dst.push_back(rolls[ax][pick[ax]].second);
    }
    ArrayPtr d = basic_index(result, dst), s = basic_index(a, src);
    if (d->size()) copy_into(*d, *s);
    int ax = a->ndim() - 1;
    for (; ax >= 0; --ax) {
      if (++pick[ax] < rolls[ax].size()) break;
      pick[ax] = 0;
    }
    if (ax < 0) break;
  }
  return result;
}

// ---- tile (numpy/lib/shape_base.py), built on reshape and repeat.
ArrayPtr tile(Interp& in, const Value& A, const Value& reps) {
  std::vector<int64_t> tup = int_list(in, reps);
  size_t d = tup.size();
  bool all_one = true;
  for (int64_t r : tup) all_one &= r == 1;
  ArrayPtr c = to_array(in, A);
  // np.array(..., ndmin=d): _prepend_ones (ctors.c) -- a view with leading
  // length-1 axes whose stride is the itemsize (F-ordered or 0-d input) or
  // strides[0] * shape[0].
  auto with_ndmin = [&](ArrayPtr x) {
    if (size_t(x->ndim()) >= d) return x;
    bool fortran = x->f_contiguous() && !x->c_contiguous();
    int64_t newstride = fortran || x->ndim() == 0 ? x->itemsize() : x->strides[0] * x->shape[0];
    Shape s = x->shape;
    Strides st = x->strides;
    while (s.size() < d) {
      s.insert(s.begin(), 1);
      st.insert(st.begin(), newstride);
    }
    return make_view(x, x->dtype, s, st, x->offset);
  };
  if (all_one && A.is_array()) return with_ndmin(copy_in_order(*c, c->dtype, 'K'));  // np.array(A, copy=True)
  c = with_ndmin(c);
  if (d < size_t(c->ndim())) tup.insert(tup.begin(), size_t(c->ndim()) - d, 1);
  Shape shape_out;
  for (size_t k = 0; k < tup.size(); ++k) shape_out.push_back(c->shape[k] * tup[k]);
  int64_t n = c->size();
  const Shape c_shape = c->shape;  // zip(c.shape, tup) is taken before the loop rebinds c
  if (n > 0) {
    for (size_t k = 0; k < tup.size(); ++k) {
      int64_t dim_in = c_shape[k], nrep = tup[k];
      if (nrep != 1) c = repeat(reshape(c, {-1, n}), {nrep}, true, 0);
      n /= dim_in;
    }
  }
  return reshape(c, shape_out);
}

// ---- np.resize (numpy/core/fromnumeric.py): the result is a reshaped slice
// of a concatenation, so its .base is that concatenation.
ArrayPtr np_resize(const ArrayPtr& a0, const Shape& new_shape) {
  ArrayPtr a = ravel(a0, 'C');
  int64_t new_size = 1;
  for (int64_t d : new_shape) {
    new_size *= d;
    if (d < 0) value_error("all elements of `new_shape` must be non-negative");
  }
  if (a->size() == 0 || new_size == 0) return make_array(a->dtype, new_shape);
  int64_t repeats = (new_size + a->size() - 1) / a->size();
  std::vector<ArrayPtr> parts(size_t(repeats), a);
  ArrayPtr cat = concatenate(parts, 0);
  return reshape(basic_index(cat, {range_slice({}, new_size)}), new_shape);
}

// ---- linspace (numpy/core/function_base.py), element by element:
// y[i] = i * step + start with step = (stop - start) / div, or
// (i / div) * delta + start when the step underflows to 0; y[-1] = stop.
Value linspace(Interp& in, Args& a) {
  Value startv = a.required(0, "start"), stopv = a.required(1, "stop");
  int64_t num = in.index_value(a.optional(2, "num", Value::integer(50)));
  bool endpoint = in.truthy(a.optional(3, "endpoint", Value::boolean(true)));
  bool retstep = in.truthy(a.optional(4, "retstep", Value::boolean(false)));
  Value dtv = a.optional(5, "dtype");
  int64_t axis = in.index_value(a.optional(6, "axis", Value::integer(0)));
  a.finish(7);
  if (num < 0) in.raise_exc("ValueError", "Number of samples, " + std::to_string(num) + ", must be non-negative.");
  int64_t div = endpoint ? num - 1 : num;
  ArrayPtr s = to_array(in, startv), e = to_array(in, stopv);
  // dt = result_type(start * 1.0, stop * 1.0, float(num)): n-d operands keep
  // their inexact dtype (integers become float64); 0-d ones only contribute
  // their kind (value-based casting).
  bool cplx = is_complex(s->dtype) || is_complex(e->dtype);
  DType dt = DType::F64;
  bool have_nd = false;
  for (const ArrayPtr& x : {s, e}) {
    if (x->ndim() == 0) continue;
    DType d = is_inexact(x->dtype) ? x->dtype : DType::F64;
    dt = have_nd ? promote(dt, d) : d;
    have_nd = true;
  }
  if (cplx && !is_complex(dt)) dt = to_complex(dt);
  Shape bs = broadcast_shapes({s->shape, e->shape});
  Array sb = *s, eb = *e;
  sb.strides = broadcast_strides(s->shape, s->strides, bs);
  sb.shape = bs;
  eb.strides = broadcast_strides(e->shape, e->strides, bs);
  eb.shape = bs;
  ArrayPtr sc = copy_as(sb, DType::C128, 'C'), ec = copy_as(eb, DType::C128, 'C');
  int64_t m = sc->size();
  Shape yshape{num};
  yshape.insert(yshape.end(), bs.begin(), bs.end());
  ArrayPtr y = make_array(DType::C128, yshape);
  const c128* S = reinterpret_cast<const c128*>(sc->data());
  const c128* E = reinterpret_cast<const c128*>(ec->data());
  c128* Y = reinterpret_cast<c128*>(y->data());
  bool any_step_zero = false;
  if (div > 0)
    for (int64_t p = 0; p < m; ++p) any_step_zero |= (E[p] - S[p]) / double(div) == c128(0);
  for (int64_t i = 0; i < num; ++i) {
    for (int64_t p = 0; p < m; ++p) {
      c128 delta = E[p] - S[p];
      c128 v;
      if (div > 0) v = any_step_zero ? (double(i) / double(div)) * delta : double(i) * (delta / double(div));
      else v = double(i) * delta;
      Y[i * m + p] = v + S[p];
    }
  }
  if (endpoint && num > 1)
    for (int64_t p = 0; p < m; ++p) Y[(num - 1) * m + p] = E[p];
  ArrayPtr yr = copy_as(*y, dt, 'C');
  // For scalar start/stop NumPy works in place on arange(num).reshape(-1), so
  // the result is a view of that arange (OWNDATA False); with array
  // start/stop `y * step` makes a new array.
  if (bs.empty() && div > 0) yr = reshape(yr, {num});  // (div <= 0: y = y * delta is new)
  if (axis != 0) yr = moveaxis(yr, {0}, {axis});
  if (!dtv.is_none()) {
    DType want = to_dtype(in, dtv);
    if (is_integer(want)) {
      ArrayPtr f = copy_as(*yr, DType::F64, 'C');
      double* F = reinterpret_cast<double*>(f->data());
      for (int64_t k = 0; k < f->size(); ++k) F[k] = std::floor(F[k]);
      yr = f;
    }
    if (want != yr->dtype) yr = copy_as(*yr, want, 'K');
  }
  if (!retstep) return wrap(yr);
  Value step;
  if (div <= 0 && bs.empty()) {
    step = Value::floating(NAN);  // numpy's `nan`, a Python float
  } else if (m == 1 && bs.empty()) {
    c128 st = (E[0] - S[0]) / double(div);
    alignas(16) char buf[16];
    if (cplx) store_as(DType::C128, buf, st);
    else store_as(DType::F64, buf, st.real());
    step = make_scalar(cplx ? DType::C128 : DType::F64, buf);
  } else {
    ArrayPtr st = make_array(cplx ? DType::C128 : DType::F64, bs);
    for (int64_t p = 0; p < m; ++p) {
      c128 v = div > 0 ? (E[p] - S[p]) / double(div) : c128(NAN, 0);
      if (cplx) store(st->data() + 16 * p, v);
      else store(st->data() + 8 * p, v.real());
    }
    step = wrap(st);
  }
  return make_tuple({wrap(yr), step});
}

// ---- eye / tri / tril / triu / diag
ArrayPtr eye(int64_t n, int64_t m, int64_t k, DType dt, char order) {
  ArrayPtr r = make_array(dt, {n, m}, order);
  alignas(16) char one[16];
  store_as(dt, one, int64_t(1));
  for (int64_t i = 0; i < n; ++i) {
    int64_t j = i + k;
    if (j >= 0 && j < m) std::memcpy(r->data() + i * r->strides[0] + j * r->strides[1], one, size_t(itemsize(dt)));
  }
  return r;
}

// tril (upper=false): keep j - i <= k; triu: keep j - i >= k; over the last two
// axes, broadcast against tri(*m.shape[-2:]) as np.where does.
ArrayPtr tri_mask(Interp& in, const ArrayPtr& m, int64_t k, bool upper) {
  if (m->ndim() == 0) in.raise_exc("TypeError", "tri() missing 1 required positional argument: 'N'");
  int64_t rows = m->ndim() >= 2 ? m->shape[size_t(m->ndim() - 2)] : m->shape[0];
  int64_t cols = m->shape[size_t(m->ndim() - 1)];
  Shape out_shape = broadcast_shapes({m->shape, Shape{rows, cols}});
  Array mb = *m;
  mb.strides = broadcast_strides(m->shape, m->strides, out_shape);
  mb.shape = out_shape;
  // np.where(mask, m, zeros(1)) allocates its output in the operands' memory
  // order (nditer, order 'K'): the mask is C-ordered (rows, cols) bool.
  const size_t nd = out_shape.size();
  Strides mask_st(nd, 0);
  mask_st[nd - 1] = cols == 1 ? 0 : 1;
  if (nd >= 2) mask_st[nd - 2] = rows == 1 ? 0 : cols;
  std::vector<int> perm = nditer_axis_order(out_shape, {mask_st, mb.strides, Strides(nd, 0)});
  ArrayPtr r = make_array(m->dtype, out_shape);
  r->strides = strides_for_perm(out_shape, perm, r->itemsize());
  copy_into(*r, mb);
  // Zero the masked-out elements: element (.., i, j) with j - i > k (tril) / < k (triu).
  const int64_t isz = r->itemsize();
  std::vector<int64_t> idx(nd, 0);
  if (r->size() == 0) return r;
  for (;;) {
    int64_t i = nd >= 2 ? idx[nd - 2] : 0, j = idx[nd - 1];
    if (upper ? j - i < k : j - i > k) std::memset(r->storage->data() + flat_offset(*r, idx), 0, size_t(isz));
    int d = int(nd) - 1;
    for (; d >= 0; --d) {
      if (++idx[size_t(d)] < out_shape[size_t(d)]) break;
      idx[size_t(d)] = 0;
    }
    if (d < 0) break;
  }
  return r;
}

ArrayPtr diag(const ArrayPtr& v, int64_t k) {
  if (v->ndim() == 1) {
    int64_t n = v->shape[0] + (k < 0 ? -k : k);
    ArrayPtr res = make_array(v->dtype, {n, n});
    int isz = v->itemsize();
    for (int64_t i = 0; i < v->shape[0]; ++i) {
      int64_t r = k >= 0 ? i : i - k, c = k >= 0 ? i + k : i;
      std::memcpy(res->data() + (r * n + c) * isz, v->data() + i * v->strides[0], size_t(isz));
    }
    return res;
  }
  if (v->ndim() == 2) return diagonal(v, k, 0, 1);
  value_error("Input must be 1- or 2-d.");
}

// ---- numpy.lib.stride_tricks
std::optional<Shape> opt_shape(Interp& in, const Value& v) {
  if (v.is_none()) return std::nullopt;
  return to_shape(in, v);
}

Value sliding_window_view(Interp& in, Args& a) {
  Value xv = a.required(0, "x"), ws = a.required(1, "window_shape"), axisv = a.optional(2, "axis");
  Value subok = a.optional(99, "subok");
  bool writeable = in.truthy(a.optional(99, "writeable", Value::boolean(false)));
  a.finish(3);
  std::vector<int64_t> window = int_list(in, ws);
  ArrayPtr x = to_array(in, xv);
  for (int64_t w : window)
    if (w < 0) in.raise_exc("ValueError", "`window_shape` cannot contain negative values");
  std::vector<int> axes;
  if (axisv.is_none()) {
    for (int k = 0; k < x->ndim(); ++k) axes.push_back(k);
    if (window.size() != axes.size())
      in.raise_exc("ValueError", "Since axis is `None`, must provide window_shape for all dimensions of `x`; got " +
                                     std::to_string(window.size()) + " window_shape elements and `x.ndim` is " +
                                     std::to_string(x->ndim()) + ".");
  } else {
    axes = normalize_axis_tuple(int_list(in, axisv), x->ndim(), nullptr, true);
    if (window.size() != axes.size())
      in.raise_exc("ValueError", "Must provide matching length window_shape and axis; got " + std::to_string(window.size()) +
                                     " window_shape elements and " + std::to_string(axes.size()) + " axes elements.");
  }
  Strides out_strides = x->strides;
  for (int ax : axes) out_strides.push_back(x->strides[ax]);
  Shape trimmed = x->shape;
  for (size_t k = 0; k < axes.size(); ++k) {
    if (trimmed[axes[k]] < window[k]) in.raise_exc("ValueError", "window shape cannot be larger than input array shape");
    trimmed[axes[k]] -= window[k] - 1;
  }
  Shape out_shape = trimmed;
  out_shape.insert(out_shape.end(), window.begin(), window.end());
  return wrap(as_strided(x, out_shape, out_strides, writeable));
}

Value broadcast_arrays(Interp& in, Args& a) {
  Value subok = a.optional(99, "subok");
  a.finish(1000);
  std::vector<ArrayPtr> args;
  std::vector<Shape> shapes;
  for (auto& v : a.pos) {
    args.push_back(to_array(in, v));
    shapes.push_back(args.back()->shape);
  }
  Shape shape = broadcast_shapes_np(shapes);
  bool all_same = true;
  for (auto& x : args) all_same &= x->shape == shape;
  if (all_same) return list_of(args);
  std::vector<ArrayPtr> out;
  for (auto& x : args) out.push_back(broadcast_to(x, shape, false));
  return list_of(out);
}

// ---- ndarray.flat: numpy.flatiter (iterators.c) -- C-order element access.
int64_t flat_byte_offset(const Array& a, int64_t i) {
  int64_t off = a.offset;
  for (int d = a.ndim() - 1; d >= 0; --d) {
    off += (i % a.shape[d]) * a.strides[d];
    i /= a.shape[d];
  }
  return off;
}

// The flat positions an index selects (slice, ..., integer or boolean array).
std::vector<int64_t> flat_positions(Interp& in, const Array& a, const Value& key, Shape& shape, bool setting) {
  const int64_t n = a.size();
  std::vector<int64_t> pos;
  if (auto* s = key.as<SliceObj>()) {
    IndexItem it;
    it.kind = IndexItem::Slice;
    auto conv = [&](const Value& x) -> std::optional<int64_t> {
      if (x.is_none()) return std::nullopt;
      return in.index_value(x);
    };
    it.start = conv(s->start);
    it.stop = conv(s->stop);
    it.step = conv(s->step);
    SliceRange r = slice_range(it, n);
    for (int64_t k = 0; k < r.count; ++k) pos.push_back(r.start + k * r.step);
    shape = {r.count};
    return pos;
  }
  if (key.as<EllipsisObj>()) {
    for (int64_t k = 0; k < n; ++k) pos.push_back(k);
    shape = {n};
    return pos;
  }
  if (key.is_array() || key.as<ListObj>()) {
    ArrayPtr idx = to_array(in, key);
    if (idx->dtype == DType::Bool) {
      if (idx->ndim() != 1) in.raise_exc("IndexError", "boolean index array should have 1 dimension");
      for (int64_t k = 0; k < idx->shape[0] && k < n; ++k)
        if (load<bool>(idx->data() + k * idx->strides[0])) pos.push_back(k);
      shape = {int64_t(pos.size())};
      return pos;
    }
    if (is_integer(idx->dtype)) {
      ArrayPtr c = copy_as(*idx, DType::I64, 'C');
      for (int64_t k = 0; k < c->size(); ++k) {
        int64_t i = load<int64_t>(c->data() + 8 * k);
        if (i < -n || i >= n)
          in.raise_exc("IndexError", "index " + std::to_string(i) + (setting ? " is out of bounds for size " : " is out of bounds for axis 0 with size ") +
                                         std::to_string(n));
        pos.push_back(i < 0 ? i + n : i);
      }
      shape = c->shape;
      return pos;
    }
  }
  in.raise_exc("IndexError", "unsupported iterator index");
}

bool flat_int_key(Interp& in, const Value& key) {
  return key.is_int() || (key.is_array() && key.arr().ndim() == 0 && is_integer(key.arr().dtype));
}

void flat_assign_positions(Interp& in, const ArrayPtr& a, const std::vector<int64_t>& pos, const Value& x) {
  if (!a->writeable) in.raise_exc("ValueError", "assignment destination is read-only");
  ArrayPtr v = flatten(to_array(in, x, a->dtype), 'C');
  const int64_t nv = v->size();
  if (nv == 0 || pos.empty()) return;
  const int isz = a->itemsize();
  for (size_t k = 0; k < pos.size(); ++k)
    std::memcpy(a->storage->data() + flat_byte_offset(*a, pos[k]), v->data() + int64_t(k % size_t(nv)) * isz, size_t(isz));
}

}  // namespace

Value make_flatiter(Interp& in, const ArrayPtr& a) {
  static TypeObj* flatiter_type = nullptr;
  if (!flatiter_type) flatiter_type = in.new_type("flatiter", "numpy", {in.t.object});
  auto g = std::make_shared<GenericObj>(flatiter_type);
  g->attrs["base"] = wrap(a);
  g->attrs["__len__"] = in.builtin("__len__", [a](Interp&, Args&) -> Value { return Value::integer(a->size()); });
  g->attrs["__getitem__"] = in.builtin("__getitem__", [a](Interp& in, Args& args) -> Value {
    Value key = args.required(0, "key");
    const int64_t n = a->size();
    if (flat_int_key(in, key)) {
      int64_t i = in.index_value(key);
      if (i < -n || i >= n)
        in.raise_exc("IndexError", "index " + std::to_string(i) + " is out of bounds for axis 0 with size " + std::to_string(n));
      if (i < 0) i += n;
      return element_value(in, *a, a->storage->data() + flat_byte_offset(*a, i));
    }
    Shape shape;
    std::vector<int64_t> pos = flat_positions(in, *a, key, shape, false);
    ArrayPtr out = make_array(a->dtype, shape);
    const int isz = a->itemsize();
    for (size_t k = 0; k < pos.size(); ++k)
      std::memcpy(out->data() + int64_t(k) * isz, a->storage->data() + flat_byte_offset(*a, pos[k]), size_t(isz));
    return wrap(out);
  });
  g->attrs["__setitem__"] = in.builtin("__setitem__", [a](Interp& in, Args& args) -> Value {
    Value key = args.required(0, "key"), x = args.required(1, "value");
    const int64_t n = a->size();
    std::vector<int64_t> pos;
    if (flat_int_key(in, key)) {
      int64_t i = in.index_value(key);
      if (i < -n || i >= n)
        in.raise_exc("IndexError", "index " + std::to_string(i) + " is out of bounds for size " + std::to_string(n));
      pos.push_back(i < 0 ? i + n : i);
    } else {
      Shape shape;
      pos = flat_positions(in, *a, key, shape, true);
    }
    flat_assign_positions(in, a, pos, x);
    return Value();
  });
  g->attrs["__iter__"] = in.builtin("__iter__", [a](Interp& in, Args&) -> Value {
    auto i = std::make_shared<int64_t>(0);
    Interp* ip = &in;
    return Value(std::static_pointer_cast<Obj>(std::make_shared<IteratorObj>("flatiter", [ip, a, i](Value& out) {
      if (*i >= a->size()) return false;
      out = element_value(*ip, *a, a->storage->data() + flat_byte_offset(*a, (*i)++));
      return true;
    })));
  });
  g->attrs["copy"] = in.builtin("copy", [a](Interp&, Args&) -> Value { return wrap(flatten(a, 'C')); });
  return Value(std::static_pointer_cast<Obj>(g));
}

// a.flat = x: every element, in C order, from x repeated as needed (array_flat_set).
void flat_assign(Interp& in, const ArrayPtr& a, const Value& x) {
  std::vector<int64_t> pos(size_t(a->size()));
  for (int64_t k = 0; k < a->size(); ++k) pos[size_t(k)] = k;
  flat_assign_positions(in, a, pos, x);
}

void install_numpy_views(Interp& in, ModuleObj& np) {
  // ---- ravel / flatten / squeeze / expand_dims / swapaxes / moveaxis / rollaxis
  def_fn(in, np, "ravel", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    char order = order_arg(in, a.optional(1, "order"), 'C', "CFAK");
    a.finish(2);
    return wrap(ravel(x, order));
  });
  def_ndarray_method("ravel", [](Interp& in, const ArrayPtr& self, Args& a) -> Value {
    char order = order_arg(in, a.optional(0, "order"), 'C', "CFAK");
    a.finish(1);
    return wrap(ravel(self, order));
  });
  def_ndarray_method("flatten", [](Interp& in, const ArrayPtr& self, Args& a) -> Value {
    char order = order_arg(in, a.optional(0, "order"), 'C', "CFAK");
    a.finish(1);
    return wrap(flatten(self, order));
  });
  auto squeeze_impl = [](Interp& in, const ArrayPtr& x, const Value& axis) -> Value {
    if (axis.is_none()) return wrap(squeeze(x));
    return wrap(squeeze_axes(x, int_list(in, axis), !is_sequence(axis)));
  };
  def_fn(in, np, "squeeze", [squeeze_impl](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    Value axis = a.optional(1, "axis");
    a.finish(2);
    return squeeze_impl(in, x, axis);
  });
  def_ndarray_method("squeeze", [squeeze_impl](Interp& in, const ArrayPtr& self, Args& a) -> Value {
    Value axis = a.optional(0, "axis");
    a.finish(1);
    return squeeze_impl(in, self, axis);
  });
  def_fn(in, np, "expand_dims", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    Value axis = a.required(1, "axis");
    a.finish(2);
    return wrap(expand_dims(x, int_list(in, axis)));
  });
  def_fn(in, np, "swapaxes", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    int64_t i = in.index_value(a.required(1, "axis1")), j = in.index_value(a.required(2, "axis2"));
    a.finish(3);
    return wrap(swapaxes(x, i, j));
  });
  def_ndarray_method("swapaxes", [](Interp& in, const ArrayPtr& self, Args& a) -> Value {
    int64_t i = in.index_value(a.required(0, "axis1")), j = in.index_value(a.required(1, "axis2"));
    a.finish(2);
    return wrap(swapaxes(self, i, j));
  });
  def_fn(in, np, "moveaxis", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    Value s = a.required(1, "source"), d = a.required(2, "destination");
    a.finish(3);
    return wrap(moveaxis(x, int_list(in, s), int_list(in, d)));
  });
  def_fn(in, np, "rollaxis", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    int64_t axis = in.index_value(a.required(1, "axis"));
    int64_t start = in.index_value(a.optional(2, "start", Value::integer(0)));
    a.finish(3);
    int n = x->ndim();
    int ax = normalize_axis_index(axis, n);
    if (start < 0) start += n;
    if (!(0 <= start && start < n + 1))
      in.raise_exc("AxisError", "'start' arg requires " + std::to_string(-n) + " <= start < " + std::to_string(n + 1) +
                                    ", but " + std::to_string(start) + " was passed in");
    if (ax < start) --start;
    if (ax == start) return wrap(view_same(x));
    std::vector<int64_t> axes;
    for (int k = 0; k < n; ++k)
      if (k != ax) axes.push_back(k);
    axes.insert(axes.begin() + start, ax);
    return wrap(transpose(x, axes));
  });

  // ---- diagonal / diag / tri family / eye
  auto diagonal_impl = [](Interp& in, const ArrayPtr& x, Args& a, size_t first) -> Value {
    int64_t offset = in.index_value(a.optional(first, "offset", Value::integer(0)));
    int64_t ax1 = in.index_value(a.optional(first + 1, "axis1", Value::integer(0)));
    int64_t ax2 = in.index_value(a.optional(first + 2, "axis2", Value::integer(1)));
    a.finish(first + 3);
    return wrap(diagonal(x, offset, ax1, ax2));
  };
  def_fn(in, np, "diagonal", [diagonal_impl](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    return diagonal_impl(in, x, a, 1);
  });
  def_ndarray_method("diagonal", [diagonal_impl](Interp& in, const ArrayPtr& self, Args& a) -> Value {
    return diagonal_impl(in, self, a, 0);
  });
  def_fn(in, np, "diag", [](Interp& in, Args& a) -> Value {
    ArrayPtr v = to_array(in, a.required(0, "v"));
    int64_t k = in.index_value(a.optional(1, "k", Value::integer(0)));
    a.finish(2);
    return wrap(diag(v, k));
  });
  def_fn(in, np, "tril", [](Interp& in, Args& a) -> Value {
    ArrayPtr m = to_array(in, a.required(0, "m"));
    int64_t k = in.index_value(a.optional(1, "k", Value::integer(0)));
    a.finish(2);
    return wrap(tri_mask(in, m, k, false));
  });
  def_fn(in, np, "triu", [](Interp& in, Args& a) -> Value {
    ArrayPtr m = to_array(in, a.required(0, "m"));
    int64_t k = in.index_value(a.optional(1, "k", Value::integer(0)));
    a.finish(2);
    return wrap(tri_mask(in, m, k, true));
  });
  def_fn(in, np, "tri", [](Interp& in, Args& a) -> Value {
    int64_t n = in.index_value(a.required(0, "N"));
    Value mv = a.optional(1, "M");
    int64_t k = in.index_value(a.optional(2, "k", Value::integer(0)));
    Value dtv = a.optional(3, "dtype");
    a.finish(4);
    int64_t m = mv.is_none() ? n : in.index_value(mv);
    DType dt = dtv.is_none() ? DType::F64 : to_dtype(in, dtv);
    ArrayPtr r = make_array(dt, {n, m});
    alignas(16) char one[16];
    store_as(dt, one, int64_t(1));
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < m; ++j)
        if (j - i <= k) std::memcpy(r->data() + (i * m + j) * itemsize(dt), one, size_t(itemsize(dt)));
    return wrap(r);
  });
  def_fn(in, np, "eye", [](Interp& in, Args& a) -> Value {
    int64_t n = in.index_value(a.required(0, "N"));
    Value mv = a.optional(1, "M");
    int64_t k = in.index_value(a.optional(2, "k", Value::integer(0)));
    Value dtv = a.optional(3, "dtype");
    char order = order_arg(in, a.optional(4, "order"), 'C', "CF");
    Value like = a.optional(99, "like");
    a.finish(5);
    int64_t m = mv.is_none() ? n : in.index_value(mv);
    return wrap(eye(n, m, k, dtv.is_none() ? DType::F64 : to_dtype(in, dtv), order));
  });
  def_fn(in, np, "identity", [](Interp& in, Args& a) -> Value {
    int64_t n = in.index_value(a.required(0, "n"));
    Value dtv = a.optional(1, "dtype");
    Value like = a.optional(99, "like");
    a.finish(2);
    return wrap(eye(n, n, 0, dtv.is_none() ? DType::F64 : to_dtype(in, dtv), 'C'));
  });
  def_fn(in, np, "linspace", linspace);

  // ---- splits (views)
  def_fn(in, np, "split", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "ary"));
    Value ios = a.required(1, "indices_or_sections");
    int64_t axis = in.index_value(a.optional(2, "axis", Value::integer(0)));
    a.finish(3);
    return list_of(split(in, x, ios, axis));
  });
  def_fn(in, np, "array_split", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "ary"));
    Value ios = a.required(1, "indices_or_sections");
    int64_t axis = in.index_value(a.optional(2, "axis", Value::integer(0)));
    a.finish(3);
    return list_of(array_split(in, x, ios, axis));
  });
  struct SplitSpec {
    const char* fname;
    int min_ndim;
    const char* message;
  };
  for (SplitSpec sp : {SplitSpec{"hsplit", 1, "hsplit only works on arrays of 1 or more dimensions"},
                       SplitSpec{"vsplit", 2, "vsplit only works on arrays of 2 or more dimensions"},
                       SplitSpec{"dsplit", 3, "dsplit only works on arrays of 3 or more dimensions"}}) {
    def_fn(in, np, sp.fname, [sp](Interp& in, Args& a) -> Value {
      ArrayPtr x = to_array(in, a.required(0, "ary"));
      Value ios = a.required(1, "indices_or_sections");
      a.finish(2);
      if (x->ndim() < sp.min_ndim) in.raise_exc("ValueError", sp.message);
      int64_t axis = sp.fname[0] == 'h' ? (x->ndim() > 1 ? 1 : 0) : sp.fname[0] == 'v' ? 0 : 2;
      return list_of(split(in, x, ios, axis));
    });
  }

  // ---- joins (copies)
  def_fn(in, np, "concatenate", [](Interp& in, Args& a) -> Value {
    Value seq = a.required(0, "arrays");
    Value axis = a.optional(1, "axis", Value::integer(0)), out = a.optional(2, "out");
    Value dtv = a.optional(99, "dtype"), casting = a.optional(99, "casting");
    a.finish(3);
    std::vector<ArrayPtr> arrays = array_list(in, seq);
    std::optional<int64_t> ax;
    if (!axis.is_none()) ax = in.index_value(axis);
    return with_out(in, concatenate(arrays, ax, opt_dtype(in, dtv)), out);
  });
  def_fn(in, np, "stack", [](Interp& in, Args& a) -> Value {
    Value seq = a.required(0, "arrays");
    int64_t axis = in.index_value(a.optional(1, "axis", Value::integer(0)));
    Value out = a.optional(2, "out"), dtv = a.optional(99, "dtype"), casting = a.optional(99, "casting");
    a.finish(3);
    return with_out(in, stack(array_list(in, seq), axis, opt_dtype(in, dtv)), out);
  });
  auto stack_like = [](const char* fname, int which) {
    return [fname, which](Interp& in, Args& a) -> Value {
      Value seq = a.required(0, "tup");
      Value dtv = a.optional(99, "dtype"), casting = a.optional(99, "casting");
      a.finish(1);
      std::vector<ArrayPtr> arrs;
      for (auto& x : array_list(in, seq)) {
        if (which == 0) arrs.push_back(atleast_2d(x));        // vstack
        else if (which == 1) arrs.push_back(atleast_1d(x));   // hstack
        else if (which == 2) arrs.push_back(atleast_3d(x));   // dstack
        else arrs.push_back(x->ndim() < 2 ? transpose(atleast_2d(x), {}) : x);  // column_stack
      }
      int64_t axis = which == 0 ? 0 : which == 1 ? (!arrs.empty() && arrs[0]->ndim() == 1 ? 0 : 1) : which == 2 ? 2 : 1;
      (void)fname;
      return wrap(concatenate(arrs, axis, opt_dtype(in, dtv)));
    };
  };
  def_fn(in, np, "vstack", stack_like("vstack", 0));
  def_fn(in, np, "row_stack", stack_like("row_stack", 0));
  def_fn(in, np, "hstack", stack_like("hstack", 1));
  def_fn(in, np, "dstack", stack_like("dstack", 2));
  def_fn(in, np, "column_stack", stack_like("column_stack", 3));
  def_fn(in, np, "atleast_1d", [](Interp& in, Args& a) { return atleast_fn(in, a, atleast_1d); });
  def_fn(in, np, "atleast_2d", [](Interp& in, Args& a) { return atleast_fn(in, a, atleast_2d); });
  def_fn(in, np, "atleast_3d", [](Interp& in, Args& a) { return atleast_fn(in, a, atleast_3d); });

  // ---- flips (views), roll / tile / repeat / resize (copies)
  def_fn(in, np, "flip", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "m"));
    Value axis = a.optional(1, "axis");
    a.finish(2);
    if (axis.is_none()) {
      ArrayPtr r = flip(x, {}, true);
      if (r->ndim() == 0) return element_value(in, *r, r->data());  // m[()] is a scalar
      return wrap(r);
    }
    return wrap(flip(x, int_list(in, axis), false));
  });
  // np.diff(a, n=1, axis=-1, prepend=<no value>, append=<no value>)
  // (numpy/lib/function_base.py): n rounds of a[1:] - a[:-1] along axis
  // (not_equal for booleans), after concatenating prepend / append.
  def_fn(in, np, "diff", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    const int64_t n = in.index_value(a.optional(1, "n", Value::integer(1)));
    Value axisv = a.optional(2, "axis", Value::integer(-1));
    Value pre, app;
    const bool has_pre = a.take(3, "prepend", pre), has_app = a.take(4, "append", app);
    a.finish(5);
    if (n == 0) return wrap(x);
    if (n < 0) in.raise_exc("ValueError", "order must be non-negative but got " + std::to_string(n));
    const int nd = x->ndim();
    if (nd == 0) in.raise_exc("ValueError", "diff requires input that is at least one dimensional");
    const int axis = normalize_axis_index(in.index_value(axisv), nd);
    if (has_pre || has_app) {
      auto edge = [&](const Value& v) {
        ArrayPtr e = to_array(in, v);
        if (e->ndim() == 0) {
          Shape sh = x->shape;
          sh[size_t(axis)] = 1;
          e = broadcast_to(e, sh);
        }
        return e;
      };
      std::vector<ArrayPtr> parts;
      if (has_pre) parts.push_back(edge(pre));
      parts.push_back(x);
      if (has_app) parts.push_back(edge(app));
      x = concatenate(parts, axis);
    }
    std::vector<IndexItem> hi(static_cast<size_t>(nd)), lo(static_cast<size_t>(nd));
    for (int k = 0; k < nd; ++k) hi[size_t(k)].kind = lo[size_t(k)].kind = IndexItem::Slice;
    hi[size_t(axis)].start = 1;
    lo[size_t(axis)].stop = -1;
    const Ufunc op = x->dtype == DType::Bool ? Ufunc::not_equal : Ufunc::subtract;
    for (int64_t k = 0; k < n; ++k) x = ufunc_call2(op, basic_index(x, hi), basic_index(x, lo));
    return wrap(x);
  });
  def_fn(in, np, "fliplr", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "m"));
    a.finish(1);
    if (x->ndim() < 2) in.raise_exc("ValueError", "Input must be >= 2-d.");
    return wrap(basic_index(x, {full_slice(), range_slice({}, {}, -1)}));
  });
  def_fn(in, np, "flipud", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "m"));
    a.finish(1);
    if (x->ndim() < 1) in.raise_exc("ValueError", "Input must be >= 1-d.");
    return wrap(basic_index(x, {range_slice({}, {}, -1)}));
  });
  def_fn(in, np, "roll", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    Value shift = a.required(1, "shift"), axis = a.optional(2, "axis");
    a.finish(3);
    return wrap(roll(in, x, shift, axis));
  });
  def_fn(in, np, "tile", [](Interp& in, Args& a) -> Value {
    Value A = a.required(0, "A"), reps = a.required(1, "reps");
    a.finish(2);
    return wrap(tile(in, A, reps));
  });
  auto repeat_impl = [](Interp& in, const ArrayPtr& x, const Value& repeats, const Value& axis) -> Value {
    std::optional<int64_t> ax;
    if (!axis.is_none()) ax = in.index_value(axis);
    return wrap(repeat(x, int_list(in, repeats), !is_sequence(repeats), ax));
  };
  def_fn(in, np, "repeat", [repeat_impl](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    Value r = a.required(1, "repeats"), axis = a.optional(2, "axis");
    a.finish(3);
    return repeat_impl(in, x, r, axis);
  });
  def_ndarray_method("repeat", [repeat_impl](Interp& in, const ArrayPtr& self, Args& a) -> Value {
    Value r = a.required(0, "repeats"), axis = a.optional(1, "axis");
    a.finish(2);
    return repeat_impl(in, self, r, axis);
  });
  def_fn(in, np, "resize", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    Value shape = a.required(1, "new_shape");
    a.finish(2);
    return wrap(np_resize(x, to_shape(in, shape)));
  });

  // ---- broadcasting
  def_fn(in, np, "broadcast_to", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "array"));
    Value shape = a.required(1, "shape"), subok = a.optional(2, "subok");
    a.finish(3);
    return wrap(broadcast_to(x, to_shape(in, shape), true));
  });
  def_fn(in, np, "broadcast_arrays", broadcast_arrays);
  def_fn(in, np, "broadcast_shapes", [](Interp& in, Args& a) -> Value {
    a.finish(1000);
    std::vector<Shape> shapes;
    for (auto& v : a.pos) {
      Shape s = to_shape(in, v);
      for (int64_t d : s)
        if (d < 0) in.raise_exc("ValueError", "negative dimensions are not allowed");
      shapes.push_back(s);
    }
    Shape r = broadcast_shapes_np(shapes);
    std::vector<Value> items;
    for (int64_t d : r) items.push_back(Value::integer(d));
    return make_tuple(std::move(items));
  });

  // numpy/lib/utils.py: byte_bounds -- absolute addresses of the first and
  // one-past-the-last byte the array can touch.
  def_fn(in, np, "byte_bounds", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    a.finish(1);
    int64_t lo = int64_t(uintptr_t(x->data())), hi = lo;
    if (x->c_contiguous()) {
      hi += x->size() * x->itemsize();
    } else {
      for (int k = 0; k < x->ndim(); ++k) {
        if (x->strides[k] < 0) lo += (x->shape[k] - 1) * x->strides[k];
        else hi += (x->shape[k] - 1) * x->strides[k];
      }
      hi += x->itemsize();
    }
    return make_tuple({Value::integer(lo), Value::integer(hi)});
  });

  // ---- numpy.lib.stride_tricks
  ModuleObj& st = submodule(in, "numpy.lib.stride_tricks");
  def_fn(in, st, "as_strided", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "x"));
    Value shape = a.optional(1, "shape"), strides = a.optional(2, "strides"), subok = a.optional(3, "subok");
    bool writeable = in.truthy(a.optional(4, "writeable", Value::boolean(true)));
    a.finish(5);
    std::optional<Strides> s;
    if (!strides.is_none()) s = to_shape(in, strides);
    return wrap(as_strided(x, opt_shape(in, shape), s, writeable));
  });
  def_fn(in, st, "sliding_window_view", sliding_window_view);
  st.attrs["broadcast_to"] = np.attrs["broadcast_to"];
  st.attrs["broadcast_arrays"] = np.attrs["broadcast_arrays"];
  st.attrs["broadcast_shapes"] = np.attrs["broadcast_shapes"];
  ModuleObj& lib = submodule(in, "numpy.lib");
  np.attrs["lib"] = Value(std::static_pointer_cast<Obj>(in.modules["numpy.lib"]));
  (void)lib;
}

}  // namespace sl::lang
