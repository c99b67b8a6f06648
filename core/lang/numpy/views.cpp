// numpy/views: the NumPy view/copy zoo as Python functions and ndarray
// methods -- views (ravel, squeeze, expand_dims, swapaxes, moveaxis, rollaxis,
// diagonal, flip*, broadcast_to/arrays, splits, numpy.lib.stride_tricks) and
// copies (concatenate, the stack family, roll, tile, repeat, resize, diag,
// tri/tril/triu, eye/identity, linspace, diff), plus ndarray.flat.
//
// Invariant: this file converts Python arguments and calls the engine
// (core/ops/views, core/numpy/join, core/numpy/creation); which result is a view and what its
// .base is are decided there, never here. Names are registered from the
// tables at the end, each pointing at a named function.
#include <cmath>
#include <cstring>

#include "core/numpy/creation.hpp"
#include "core/model/element.hpp"
#include "core/ops/index.hpp"
#include "core/numpy/join.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"
#include "core/ops/copy.hpp"
#include "core/lang/numpy/ufuncs.hpp"
#include "core/model/strides.hpp"
#include "core/ops/ufunc.hpp"
#include "core/ops/views.hpp"

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
std::optional<std::vector<int64_t>> opt_int_list(Interp& in, const Value& v) {
  if (v.is_none()) return std::nullopt;
  return int_list(in, v);
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
IndexItem reversed_slice() {
  IndexItem it = full_slice();
  it.step = -1;
  return it;
}

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
DType dtype_or_f64(Interp& in, const Value& v) { return v.is_none() ? DType::F64 : to_dtype(in, v); }

// ---- ravel / flatten / squeeze / expand_dims / swapaxes / moveaxis / rollaxis

Value np_ravel(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  Value ov = a.optional(1, "order");
  a.finish(2);
  return wrap(ravel(x, order_arg(in, ov, 'C')));
}
Value ndarray_ravel(Interp& in, const ArrayPtr& self, Args& a) {
  Value ov = a.optional(0, "order");
  a.finish(1);
  return wrap(ravel(self, order_arg(in, ov, 'C')));
}
Value ndarray_flatten(Interp& in, const ArrayPtr& self, Args& a) {
  Value ov = a.optional(0, "order");
  a.finish(1);
  return wrap(flatten(self, order_arg(in, ov, 'C')));
}
Value squeeze_value(Interp& in, const ArrayPtr& x, const Value& axis) {
  if (axis.is_none()) return wrap(squeeze(x));
  if (!x->is_torch()) {  // PyArray_ConvertMultiAxis: a tuple of C ints or one C int (a list is neither)
    std::vector<int64_t> axes;
    if (auto* t = axis.as<TupleObj>())
      for (const Value& v : t->items) axes.push_back(axis_int(in, v));
    else
      axes.push_back(axis_int(in, axis));
    return wrap(squeeze_axes(x, axes, !axis.as<TupleObj>()));
  }
  return wrap(squeeze_axes(x, int_list(in, axis), !is_sequence(axis)));
}
Value np_squeeze(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  Value axis = a.optional(1, "axis");
  a.finish(2);
  return squeeze_value(in, x, axis);
}
Value ndarray_squeeze(Interp& in, const ArrayPtr& self, Args& a) {
  Value axis = a.optional(0, "axis");
  a.finish(1);
  return squeeze_value(in, self, axis);
}
Value np_expand_dims(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  Value axis = a.required(1, "axis");
  a.finish(2);
  return wrap(expand_dims(x, int_list(in, axis)));
}
Value np_swapaxes(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  int64_t i = in.index_value(a.required(1, "axis1")), j = in.index_value(a.required(2, "axis2"));
  a.finish(3);
  return wrap(swapaxes(x, i, j));
}
Value ndarray_swapaxes(Interp& in, const ArrayPtr& self, Args& a) {
  int64_t i = in.index_value(a.required(0, "axis1")), j = in.index_value(a.required(1, "axis2"));
  a.finish(2);
  return wrap(swapaxes(self, i, j));
}
Value np_moveaxis(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  Value s = a.required(1, "source"), d = a.required(2, "destination");
  a.finish(3);
  return wrap(moveaxis(x, int_list(in, s), int_list(in, d)));
}
Value np_rollaxis(Interp& in, Args& a) {
  Value xv = a.required(0, "a");
  if (!xv.is_array()) in.getattr(xv, "ndim");  // rollaxis reads a.ndim before converting
  ArrayPtr x = to_array(in, xv);
  int64_t axis = in.index_value(a.required(1, "axis"));
  int64_t start = in.index_value(a.optional(2, "start", Value::integer(0)));
  a.finish(3);
  return wrap(rollaxis(x, axis, start));
}

// ---- diagonal / diag / tri family / eye / linspace

Value diagonal_value(Interp& in, const ArrayPtr& x, Args& a, size_t first) {
  int64_t offset = c_int_arg(in, a.optional(first, "offset", Value::integer(0)), CIntReader::ParseTuple);
  int64_t ax1 = c_int_arg(in, a.optional(first + 1, "axis1", Value::integer(0)), CIntReader::ParseTuple);
  int64_t ax2 = c_int_arg(in, a.optional(first + 2, "axis2", Value::integer(1)), CIntReader::ParseTuple);
  a.finish(first + 3);
  return wrap(diagonal(x, offset, ax1, ax2));
}
Value np_diagonal(Interp& in, Args& a) { return diagonal_value(in, to_array_dims_first(in, a.required(0, "a")), a, 1); }
Value ndarray_diagonal(Interp& in, const ArrayPtr& self, Args& a) { return diagonal_value(in, self, a, 0); }
Value np_diag(Interp& in, Args& a) {
  ArrayPtr v = to_array_dims_first(in, a.required(0, "v"));
  int64_t k = in.index_value(a.optional(1, "k", Value::integer(0)));
  a.finish(2);
  return wrap(diag(v, k));
}
// numpy.tri compares N, M and k with numbers (_min_int) before it builds
// anything: an array of several elements there is its truth-value error
// (ValueError; a tensor's RuntimeError).
void tri_scalar_check(Interp& in, const Value& v, bool none_ok = false) {
  if (v.is_array() && v.arr().flavor != Flavor::Scalar && v.arr().size() != 1) in.truthy(v);
  if (!v.is_array() && !(v.is_none() && none_ok) && !v.is_int() && !v.is_float() && !v.is_bool() && !v.as<BigIntObj>())
    in.raise_exc("TypeError", "'<=' not supported between instances of '" + in.type_name(v) + "' and 'int'");
}

// len(arange(start, stop)) for numbers as numpy.arange counts them.
int64_t arange_len(Interp& in, const Value& start, const Value& stop) {
  if (in.is_int_like(start) && in.is_int_like(stop)) return std::max<int64_t>(0, in.index_value(stop) - in.index_value(start));
  const double d = std::ceil(in.float_value(stop) - in.float_value(start));
  if (std::isnan(d)) in.raise_exc("ValueError", "arange: cannot compute length");
  if (d > 9.2e18) in.raise_exc("ValueError", "Maximum allowed size exceeded");
  return d > 0 ? int64_t(d) : 0;
}

Value tri_mask_value(Interp& in, Args& a, bool upper) {
  ArrayPtr m = to_array(in, a.required(0, "m"));
  Value kv = a.optional(1, "k", Value::integer(0));
  tri_scalar_check(in, kv);
  int64_t k = in.index_value(kv);
  a.finish(2);
  return wrap(tri_mask(m, k, upper));
}
Value np_tril(Interp& in, Args& a) { return tri_mask_value(in, a, false); }
Value np_triu(Interp& in, Args& a) { return tri_mask_value(in, a, true); }
// numpy.tri: greater_equal.outer(arange(N), arange(-k, M - k)): N, M and k
// may be any numbers (a float N counts ceil(N) rows, a negative one none);
// row i keeps the columns j with j <= i + floor(k).
Value np_tri(Interp& in, Args& a) {
  Value nv = a.required(0, "N");
  Value mv = a.optional(1, "M");
  Value kv = a.optional(2, "k", Value::integer(0));
  Value dtv = a.optional(3, "dtype");
  a.finish(4);
  tri_scalar_check(in, nv);
  tri_scalar_check(in, mv, true);  // M=None is N
  tri_scalar_check(in, kv);
  if (mv.is_none()) mv = nv;
  const int64_t n = arange_len(in, Value::integer(0), nv);
  const bool int_k = in.is_int_like(kv);
  const int64_t k = int_k ? in.index_value(kv) : int64_t(std::floor(in.float_value(kv)));
  const int64_t m = int_k && in.is_int_like(mv) ? std::max<int64_t>(0, in.index_value(mv)) : arange_len(in, Value::floating(-in.float_value(kv)), Value::floating(in.float_value(mv) - in.float_value(kv)));
  return wrap(tri(n, m, k, dtype_or_f64(in, dtv)));
}
Value np_eye(Interp& in, Args& a) {
  int64_t n = in.index_value(a.required(0, "N"));
  Value mv = a.optional(1, "M");
  int64_t k = in.index_value(a.optional(2, "k", Value::integer(0)));
  Value dtv = a.optional(3, "dtype");
  Value ov = a.optional(4, "order");
  Value like = a.optional(99, "like");
  a.finish(5);
  char order = order_arg(in, ov, 'C', OrderUse::Create);
  int64_t m = mv.is_none() ? n : in.index_value(mv);
  return wrap(eye(n, m, k, dtype_or_f64(in, dtv), order));
}
Value np_identity(Interp& in, Args& a) {
  int64_t n = in.index_value(a.required(0, "n"));
  Value dtv = a.optional(1, "dtype");
  Value like = a.optional(99, "like");
  a.finish(2);
  return wrap(eye(n, n, 0, dtype_or_f64(in, dtv), 'C'));
}
Value np_linspace(Interp& in, Args& a) {
  Value startv = a.required(0, "start"), stopv = a.required(1, "stop");
  int64_t num = in.index_value(a.optional(2, "num", Value::integer(50)));
  bool endpoint = in.truthy(a.optional(3, "endpoint", Value::boolean(true)));
  bool retstep = in.truthy(a.optional(4, "retstep", Value::boolean(false)));
  Value dtv = a.optional(5, "dtype");
  int64_t axis = in.index_value(a.optional(6, "axis", Value::integer(0)));
  a.finish(7);
  if (num < 0) in.raise_exc("ValueError", "Number of samples, " + std::to_string(num) + ", must be non-negative.");
  ArrayPtr s = to_array(in, startv), e = to_array(in, stopv);
  Linspace r = linspace(s, e, num, endpoint, opt_dtype(in, dtv), axis);
  if (!retstep) return wrap(r.samples);
  Value step;
  if (r.step_is_nan) step = Value::floating(NAN);  // numpy's `nan`, a Python float
  else if (r.step->ndim() == 0) step = make_scalar(r.step->dtype, r.step->data());
  else step = wrap(r.step);
  return make_tuple({wrap(r.samples), step});
}

// ---- splits (views)

std::vector<ArrayPtr> split_value(Interp& in, const ArrayPtr& x, const Value& ios, int64_t axis, bool equal) {
  if (is_sequence(ios)) return array_split_at(x, int_list(in, ios), axis);
  return array_split_sections(x, in.index_value(ios), axis, equal);
}
Value split_call(Interp& in, Args& a, bool equal) {
  ArrayPtr x = to_array(in, a.required(0, "ary"));
  Value ios = a.required(1, "indices_or_sections");
  int64_t axis = in.index_value(a.optional(2, "axis", Value::integer(0)));
  a.finish(3);
  return list_of(split_value(in, x, ios, axis, equal));
}
Value np_split(Interp& in, Args& a) { return split_call(in, a, true); }
Value np_array_split(Interp& in, Args& a) { return split_call(in, a, false); }
// hsplit / vsplit / dsplit: np.split along axis 1 (0 for 1-d) / 0 / 2.
Value fixed_axis_split(Interp& in, Args& a, int min_ndim, const char* message, int axis) {
  ArrayPtr x = to_array(in, a.required(0, "ary"));
  Value ios = a.required(1, "indices_or_sections");
  a.finish(2);
  if (x->ndim() < min_ndim) in.raise_exc("ValueError", message);
  if (axis == 1 && x->ndim() == 1) axis = 0;
  return list_of(split_value(in, x, ios, axis, true));
}
Value np_hsplit(Interp& in, Args& a) {
  return fixed_axis_split(in, a, 1, "hsplit only works on arrays of 1 or more dimensions", 1);
}
Value np_vsplit(Interp& in, Args& a) {
  return fixed_axis_split(in, a, 2, "vsplit only works on arrays of 2 or more dimensions", 0);
}
Value np_dsplit(Interp& in, Args& a) {
  return fixed_axis_split(in, a, 3, "dsplit only works on arrays of 3 or more dimensions", 2);
}

// ---- joins (copies)

Value np_concatenate(Interp& in, Args& a) {
  Value seq = a.required(0, "arrays");
  Value axis = a.optional(1, "axis", Value::integer(0)), out = a.optional(2, "out");
  Value dtv = a.optional(99, "dtype"), casting = a.optional(99, "casting");
  a.finish(3);
  std::vector<ArrayPtr> arrays = array_list(in, seq);
  std::optional<int64_t> ax;
  if (!axis.is_none()) ax = in.index_value(axis);
  return with_out(in, concatenate(arrays, ax, opt_dtype(in, dtv)), out);
}
Value np_stack(Interp& in, Args& a) {
  Value seq = a.required(0, "arrays");
  int64_t axis = in.index_value(a.optional(1, "axis", Value::integer(0)));
  Value out = a.optional(2, "out"), dtv = a.optional(99, "dtype"), casting = a.optional(99, "casting");
  a.finish(3);
  return with_out(in, stack(array_list(in, seq), axis, opt_dtype(in, dtv)), out);
}
// vstack / hstack / dstack / column_stack: concatenate after lifting each
// input with `lift`; axis_1d is the axis when the first lifted input is 1-d.
Value lifted_concatenate(Interp& in, Args& a, ArrayPtr (*lift)(const ArrayPtr&), int64_t axis, int64_t axis_1d) {
  Value seq = a.required(0, "tup");
  Value dtv = a.optional(99, "dtype"), casting = a.optional(99, "casting");
  a.finish(1);
  std::vector<ArrayPtr> arrs;
  for (auto& x : array_list(in, seq)) arrs.push_back(lift(x));
  if (!arrs.empty() && arrs[0]->ndim() == 1) axis = axis_1d;
  return wrap(concatenate(arrs, axis, opt_dtype(in, dtv)));
}
ArrayPtr column_of(const ArrayPtr& x) { return x->ndim() < 2 ? transpose(atleast_2d(x), {}) : x; }
Value np_vstack(Interp& in, Args& a) { return lifted_concatenate(in, a, atleast_2d, 0, 0); }
Value np_hstack(Interp& in, Args& a) { return lifted_concatenate(in, a, atleast_1d, 1, 0); }
Value np_dstack(Interp& in, Args& a) { return lifted_concatenate(in, a, atleast_3d, 2, 2); }
Value np_column_stack(Interp& in, Args& a) { return lifted_concatenate(in, a, column_of, 1, 1); }
Value atleast_call(Interp& in, Args& a, ArrayPtr (*f)(const ArrayPtr&)) {
  if (!a.kw.empty()) in.raise_exc("TypeError", a.fname + "() got an unexpected keyword argument '" + a.kw.front().first + "'");
  std::vector<ArrayPtr> res;
  for (auto& v : a.pos) res.push_back(f(to_array(in, v)));
  if (res.size() == 1) return wrap(res[0]);
  return list_of(res);
}
Value np_atleast_1d(Interp& in, Args& a) { return atleast_call(in, a, atleast_1d); }
Value np_atleast_2d(Interp& in, Args& a) { return atleast_call(in, a, atleast_2d); }
Value np_atleast_3d(Interp& in, Args& a) { return atleast_call(in, a, atleast_3d); }

// ---- flips (views), roll / tile / repeat / resize / diff (copies)

Value np_flip(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "m"));
  Value axis = a.optional(1, "axis");
  a.finish(2);
  if (axis.is_none()) {
    ArrayPtr r = flip(x, {}, true);
    if (r->ndim() == 0) return element_value(in, *r, r->data());  // m[()] is a scalar
    return wrap(r);
  }
  return wrap(flip(x, int_list(in, axis), false));
}
Value np_fliplr(Interp& in, Args& a) {
  ArrayPtr x = to_array_dims_first(in, a.required(0, "m"));
  a.finish(1);
  if (x->ndim() < 2) in.raise_exc("ValueError", "Input must be >= 2-d.");
  return wrap(basic_index(x, {full_slice(), reversed_slice()}));
}
Value np_flipud(Interp& in, Args& a) {
  ArrayPtr x = to_array_dims_first(in, a.required(0, "m"));
  a.finish(1);
  if (x->ndim() < 1) in.raise_exc("ValueError", "Input must be >= 1-d.");
  return wrap(basic_index(x, {reversed_slice()}));
}
// np.diff(a, n=1, axis=-1, prepend=<no value>, append=<no value>)
// (numpy/lib/function_base.py): n rounds of a[1:] - a[:-1] along axis
// (not_equal for booleans), after concatenating prepend / append.
Value np_diff(Interp& in, Args& a) {
  ArrayPtr x = to_array_dims_first(in, a.required(0, "a"));
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
  std::vector<IndexItem> hi(static_cast<size_t>(nd), full_slice()), lo(static_cast<size_t>(nd), full_slice());
  hi[size_t(axis)].start = 1;
  lo[size_t(axis)].stop = -1;
  const Ufunc op = x->dtype == DType::Bool ? Ufunc::not_equal : Ufunc::subtract;
  for (int64_t k = 0; k < n; ++k) x = ufunc_call2(op, basic_index(x, hi), basic_index(x, lo));
  return wrap(x);
}
Value np_roll(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  Value shift = a.required(1, "shift"), axis = a.optional(2, "axis");
  a.finish(3);
  return wrap(roll(x, int_list(in, shift), opt_int_list(in, axis)));
}
Value np_tile(Interp& in, Args& a) {
  Value A = a.required(0, "A"), reps = a.required(1, "reps");
  a.finish(2);
  std::vector<int64_t> tup = int_list(in, reps);
  return wrap(tile(to_array(in, A), tup, A.is_array()));
}
Value repeat_value(Interp& in, const ArrayPtr& x, const Value& repeats, const Value& axis) {
  std::optional<int64_t> ax;
  if (!axis.is_none()) ax = in.index_value(axis);
  return wrap(repeat(x, int_list(in, repeats), !is_sequence(repeats), ax));
}
Value np_repeat(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  Value r = a.required(1, "repeats"), axis = a.optional(2, "axis");
  a.finish(3);
  return repeat_value(in, x, r, axis);
}
Value ndarray_repeat(Interp& in, const ArrayPtr& self, Args& a) {
  Value r = a.required(0, "repeats"), axis = a.optional(1, "axis");
  a.finish(2);
  return repeat_value(in, self, r, axis);
}
Value np_resize(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  Value shape = a.required(1, "new_shape");
  a.finish(2);
  return wrap(resize(x, to_shape(in, shape)));
}

// ---- broadcasting, byte_bounds, numpy.lib.stride_tricks

Value np_broadcast_to(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "array"));
  Value shape = a.required(1, "shape"), subok = a.optional(2, "subok");
  a.finish(3);
  return wrap(broadcast_to(x, to_shape(in, shape), true));
}
Value np_broadcast_arrays(Interp& in, Args& a) {
  Value subok = a.optional(99, "subok");
  a.finish(1000);
  std::vector<ArrayPtr> args;
  for (auto& v : a.pos) args.push_back(to_array(in, v));
  return list_of(broadcast_arrays(args));
}
Value np_broadcast_shapes(Interp& in, Args& a) {
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
}
// numpy/lib/utils.py: byte_bounds -- absolute addresses of the first and
// one-past-the-last byte the array can touch.
Value np_byte_bounds(Interp& in, Args& a) {
  Value xv = a.required(0, "a");
  if (!xv.is_array()) in.getattr(xv, "__array_interface__");  // what byte_bounds reads first
  ArrayPtr x = to_array(in, xv);
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
}
Value np_as_strided(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "x"));
  Value shape = a.optional(1, "shape"), strides = a.optional(2, "strides"), subok = a.optional(3, "subok");
  bool writeable = in.truthy(a.optional(4, "writeable", Value::boolean(true)));
  a.finish(5);
  std::optional<Shape> sh;
  std::optional<Strides> st;
  if (!shape.is_none()) sh = to_shape(in, shape);
  if (!strides.is_none()) st = to_shape(in, strides);
  return wrap(as_strided(x, sh, st, writeable));
}
Value np_sliding_window_view(Interp& in, Args& a) {
  Value xv = a.required(0, "x"), ws = a.required(1, "window_shape"), axisv = a.optional(2, "axis");
  Value subok = a.optional(99, "subok");
  bool writeable = in.truthy(a.optional(99, "writeable", Value::boolean(false)));
  a.finish(3);
  std::vector<int64_t> window = int_list(in, ws);
  ArrayPtr x = to_array(in, xv);
  return wrap(sliding_window_view(x, window, opt_int_list(in, axisv), writeable));
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
    SliceRange r = slice_range(slice_item(in, *s), n);
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

namespace {
// The session's numpy.flatiter type, made at its first a.flat (a slot, as
// flags_object's type is: Note [Session state]).
struct FlatiterType {
  TypeObj* t = nullptr;
};
}  // namespace

Value make_flatiter(Interp& in, const ArrayPtr& a) {
  TypeObj*& flatiter_type = in.state().get<FlatiterType>().t;
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

namespace {

const FnEntry kNumpyViewFns[] = {
    {"ravel", np_ravel, {"ravel(a, order=)"}},
    {"squeeze", np_squeeze, {"squeeze(a, axis=)"}},
    {"expand_dims", np_expand_dims, {"expand_dims(a, axis)"}},
    {"swapaxes", np_swapaxes, {"swapaxes(a, axis1, axis2)"}},
    {"moveaxis", np_moveaxis, {"moveaxis(a, source, destination)"}},
    {"rollaxis", np_rollaxis, {"rollaxis(a, axis, start=)"}},
    {"diagonal", np_diagonal, {"diagonal(a, offset=, axis1=, axis2=)"}},
    {"diag", np_diag, {"diag(v, k=)"}},
    {"tril", np_tril, {"tril(m, k=)"}},
    {"triu", np_triu, {"triu(m, k=)"}},
    {"tri", np_tri, {"tri(N, M=, k=, dtype=, *, like=)"}},
    {"eye", np_eye, {"eye(N, M=, k=, dtype=, order=, *, device=, like=)"}},
    {"identity", np_identity, {"identity(n, dtype=, *, like=)"}},
    {"linspace", np_linspace, {"linspace(start, stop, num=, endpoint=, retstep=, dtype=, axis=, *, device=)"}},
    {"split", np_split, {"split(ary, indices_or_sections, axis=)"}},
    {"array_split", np_array_split, {"array_split(ary, indices_or_sections, axis=)"}},
    {"hsplit", np_hsplit, {"hsplit(ary, indices_or_sections)"}},
    {"vsplit", np_vsplit, {"vsplit(ary, indices_or_sections)"}},
    {"dsplit", np_dsplit, {"dsplit(ary, indices_or_sections)"}},
    {"concatenate", np_concatenate, {"concatenate(arrays, axis=, out=, *, dtype=, casting=)"}},
    {"stack", np_stack, {"stack(arrays, axis=, out=, *, dtype=, casting=)"}},
    {"vstack", np_vstack, {"vstack(tup, *, dtype=, casting=)"}},
    {"row_stack", np_vstack, {"row_stack(tup, *, dtype=, casting=)"}},
    {"hstack", np_hstack, {"hstack(tup, *, dtype=, casting=)"}},
    {"dstack", np_dstack, {"dstack(tup)"}},
    {"column_stack", np_column_stack, {"column_stack(tup)"}},
    {"atleast_1d", np_atleast_1d, {"atleast_1d(*arys)"}},
    {"atleast_2d", np_atleast_2d, {"atleast_2d(*arys)"}},
    {"atleast_3d", np_atleast_3d, {"atleast_3d(*arys)"}},
    {"flip", np_flip, {"flip(m, axis=)"}},
    {"diff", np_diff, {"diff(a, n=, axis=, prepend=, append=)"}},
    {"fliplr", np_fliplr, {"fliplr(m)"}},
    {"flipud", np_flipud, {"flipud(m)"}},
    {"roll", np_roll, {"roll(a, shift, axis=)"}},
    {"tile", np_tile, {"tile(A, reps)"}},
    {"repeat", np_repeat, {"repeat(a, repeats, axis=)"}},
    {"resize", np_resize, {"resize(a, new_shape)"}},
    {"broadcast_to", np_broadcast_to, {"broadcast_to(array, shape, subok=)"}},
    {"broadcast_arrays", np_broadcast_arrays, {"broadcast_arrays(*args, subok=)"}},
    {"broadcast_shapes", np_broadcast_shapes, {"broadcast_shapes(*args)"}},
    {"byte_bounds", np_byte_bounds},
};

const MethodEntry kNdarrayViewMethods[] = {
    {"ravel", ndarray_ravel},       {"flatten", ndarray_flatten},   {"squeeze", ndarray_squeeze},
    {"swapaxes", ndarray_swapaxes}, {"diagonal", ndarray_diagonal}, {"repeat", ndarray_repeat},
};

const FnEntry kStrideTricksFns[] = {
    {"as_strided", np_as_strided, {"as_strided(x, shape=, strides=, subok=, writeable=)"}},
    {"sliding_window_view", np_sliding_window_view,
     {"sliding_window_view(x, window_shape, axis=, *, subok=, writeable=)"}},
};

}  // namespace

void install_numpy_views(Interp& in, ModuleObj& np) {
  def_fns(in, np, kNumpyViewFns);
  def_ndarray_methods(kNdarrayViewMethods);
  ModuleObj& st = submodule(in, "numpy.lib.stride_tricks");
  def_fns(in, st, kStrideTricksFns);  // as_strided, sliding_window_view (NumPy 2 dropped the broadcast_* names here)
  submodule(in, "numpy.lib");
  np.attrs["lib"] = Value(std::static_pointer_cast<Obj>(in.modules["numpy.lib"]));
}

}  // namespace sl::lang
