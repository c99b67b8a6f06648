// numpy/routines: NumPy's everyday routines as Python functions -- meshgrid, ix_,
// indices, unravel_index/ravel_multi_index, searchsorted, digitize, bincount,
// histogram, interp, vander, kron, cross, convolve/correlate, append/insert/
// delete, rot90, average, fromfunction, apply_along_axis, ndindex/ndenumerate
// and the set routines (intersect1d, union1d, setdiff1d, setxor1d, isin).
//
// Invariant: this file converts Python arguments and calls the engine
// (core/numpy/routines, core/ops/views, core/numpy/join); what is a view and what is a copy is
// decided there. The few routines NumPy writes in terms of other NumPy functions
// (average, the set routines, apply_along_axis) call those through the numpy
// module, as NumPy's Python does. Names are registered from the table at the end.
#include <cmath>
#include <cstring>

#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/ops/index.hpp"
#include "core/numpy/join.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"
#include "core/numpy/routines.hpp"
#include "core/ops/sort.hpp"
#include "core/model/strides.hpp"
#include "core/ops/views.hpp"
#include "core/ops/copy.hpp"

namespace sl::lang {

namespace {

bool is_seq(const Value& v) { return v.as<TupleObj>() || v.as<ListObj>() || (v.is_array() && v.arr().ndim() > 0); }

bool flag(Interp& in, Args& a, size_t i, const char* name, bool dflt) {
  return in.truthy(a.optional(i, name, Value::boolean(dflt)));
}

std::string str_arg(Interp& in, const Value& v, const char* what) {
  auto* s = v.as<StrObj>();
  if (!s) in.raise_exc("TypeError", std::string(what) + " must be a str");
  return s->s;
}

std::optional<int64_t> opt_axis(Interp& in, const Value& v) {
  if (v.is_none()) return std::nullopt;
  return in.index_value(v);
}

std::optional<double> opt_float(Interp& in, const Value& v) {
  if (v.is_none()) return std::nullopt;
  return in.float_value(v);
}

// A 0-d engine result as NumPy's scalar when the input was a scalar.
Value scalar_or_array(Interp& in, const ArrayPtr& r, bool scalar) {
  if (scalar && r->ndim() == 0) return element_value(in, *r, r->data());
  return wrap(r);
}

Value tuple_of(const std::vector<ArrayPtr>& arrays) {
  std::vector<Value> items;
  for (auto& a : arrays) items.push_back(wrap(a));
  return make_tuple(std::move(items));
}

// A numpy function by name (for the routines NumPy composes from others).
Value np_attr(Interp& in, const char* name) { return in.modules.at("numpy")->attrs.at(name); }
Value call_np(Interp& in, const char* name, std::vector<Value> pos) { return in.call(np_attr(in, name), std::move(pos)); }

std::vector<ArrayPtr> arrays_of(Interp& in, const std::vector<Value>& vs) {
  std::vector<ArrayPtr> out;
  for (auto& v : vs) out.push_back(to_array(in, v));
  return out;
}

// ---- grids and index arithmetic

Value np_meshgrid(Interp& in, Args& a) {
  bool copy = flag(in, a, 99, "copy", true), sparse = flag(in, a, 99, "sparse", false);
  std::string indexing = str_arg(in, a.optional(99, "indexing", make_str("xy")), "indexing");
  if (!a.kw.empty()) in.raise_exc("TypeError", "meshgrid() got an unexpected keyword argument '" + a.kw[0].first + "'");
  if (indexing != "xy" && indexing != "ij") in.raise_exc("ValueError", "Valid values for `indexing` are 'xy' and 'ij'.");
  std::vector<ArrayPtr> xs;
  for (auto& v : a.pos) xs.push_back(ravel(to_array(in, v)));
  return tuple_of(meshgrid(xs, indexing == "xy", sparse, copy));
}

Value np_ix_(Interp& in, Args& a) {
  if (!a.kw.empty()) in.raise_exc("TypeError", "ix_() got an unexpected keyword argument '" + a.kw[0].first + "'");
  std::vector<ArrayPtr> seqs;
  for (auto& v : a.pos) {
    ArrayPtr s = to_array(in, v);
    if (!v.is_array() && s->size() == 0) s = copy_as(*s, DType::I64);  // ix_([]) indexes with intp
    seqs.push_back(s);
  }
  return tuple_of(ix_(seqs));
}

Value np_indices(Interp& in, Args& a) {
  Shape dims = to_shape(in, a.required(0, "dimensions"));
  Value dtv = a.optional(1, "dtype");
  bool sparse = flag(in, a, 2, "sparse", false);
  a.finish(3);
  DType dt = dtv.is_none() ? DType::I64 : to_dtype(in, dtv);
  if (sparse) return tuple_of(indices_sparse(dims, dt));
  return wrap(indices_dense(dims, dt));
}


Value np_unravel_index(Interp& in, Args& a) {
  Value iv = a.required(0, "indices");
  Shape dims = to_shape(in, a.required(1, "shape"));
  char order = order_arg(in, a.optional(2, "order"), 'C', OrderUse::Create);
  a.finish(3);
  ArrayPtr idx = to_array(in, iv);
  std::vector<Value> items;
  for (auto& r : unravel_index(idx, dims, order)) items.push_back(scalar_or_array(in, r, idx->ndim() == 0));
  return make_tuple(std::move(items));
}

Value np_ravel_multi_index(Interp& in, Args& a) {
  Value mi = a.required(0, "multi_index");
  Shape dims = to_shape(in, a.required(1, "dims"));
  Value modev = a.optional(2, "mode", make_str("raise"));
  char order = order_arg(in, a.optional(3, "order"), 'C', OrderUse::Create);
  a.finish(4);
  std::string modes;
  for (auto& m : modev.as<StrObj>() ? std::vector<Value>{modev} : in.to_vector(modev)) {
    std::string s = str_arg(in, m, "mode");
    if (s != "raise" && s != "wrap" && s != "clip") in.raise_exc("ValueError", "clipmode not understood");
    modes.push_back(s[0]);
  }
  std::vector<ArrayPtr> coords = arrays_of(in, in.to_vector(mi));
  bool scalar = true;
  for (auto& c : coords) scalar = scalar && c->ndim() == 0;
  return scalar_or_array(in, ravel_multi_index(coords, dims, modes, order), scalar);
}

// ---- searching and counting

bool side_arg(Interp& in, const Value& v) {
  std::string s = v.is_none() ? "left" : str_arg(in, v, "side");
  if (s != "left" && s != "right")
    in.raise_exc("ValueError", "search side must be 'left' or 'right' (got '" + s + "')");
  return s == "right";
}

Value searchsorted_value(Interp& in, const ArrayPtr& self, Args& a, size_t first) {
  Value v = a.required(first, "v");
  bool right = side_arg(in, a.optional(first + 1, "side"));
  Value sorter = a.optional(first + 2, "sorter");
  a.finish(first + 3);
  ArrayPtr vv = to_array(in, v);
  ArrayPtr s = sorter.is_none() ? nullptr : to_array(in, sorter);
  return scalar_or_array(in, searchsorted(self, vv, right, s), vv->ndim() == 0);
}
Value np_searchsorted(Interp& in, Args& a) { return searchsorted_value(in, to_array(in, a.required(0, "a")), a, 1); }
Value ndarray_searchsorted(Interp& in, const ArrayPtr& self, Args& a) { return searchsorted_value(in, self, a, 0); }

Value np_digitize(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "x")), bins = to_array(in, a.required(1, "bins"));
  bool right = flag(in, a, 2, "right", false);
  a.finish(3);
  return scalar_or_array(in, digitize(x, bins, right), x->ndim() == 0);
}

Value np_bincount(Interp& in, Args& a) {
  Value xv = a.required(0, "x");
  // a list converts unsafely to intp (PyArray_ContiguousFromAny); an array must cast safely
  ArrayPtr x = xv.is_array() ? xv.array() : copy_as(*to_array(in, xv), DType::I64);
  Value w = a.optional(1, "weights");
  int64_t minlength = in.index_value(a.optional(2, "minlength", Value::integer(0)));
  a.finish(3);
  return wrap(bincount(x, w.is_none() ? nullptr : to_array(in, w), minlength));
}

Value np_histogram(Interp& in, Args& a) {
  ArrayPtr x = ravel(to_array(in, a.required(0, "a")));
  Value bins = a.optional(1, "bins", Value::integer(10)), range = a.optional(2, "range");
  Value density = a.optional(3, "density"), weights = a.optional(4, "weights");
  a.finish(5);
  std::vector<double> edges;
  if (is_seq(bins)) {
    ArrayPtr e = copy_as(*to_array(in, bins), DType::F64);
    edges.resize(size_t(e->size()));
    std::memcpy(edges.data(), e->data(), edges.size() * sizeof(double));
  } else {
    if (bins.as<StrObj>()) in.raise_exc("NotImplementedError", "string bin estimators are not supported by stridelab");
    std::optional<std::pair<double, double>> r;
    if (!range.is_none()) {
      auto lim = in.to_vector(range);
      if (lim.size() != 2) in.raise_exc("ValueError", "too many values to unpack (expected 2)");
      r = std::make_pair(in.float_value(lim[0]), in.float_value(lim[1]));
    }
    edges = histogram_edges(x, in.index_value(bins), r);
  }
  ArrayPtr w = weights.is_none() ? nullptr : ravel(to_array(in, weights));
  ArrayPtr counts = histogram_counts(x, edges, w, !density.is_none() && in.truthy(density));
  ArrayPtr e = make_array(DType::F64, {int64_t(edges.size())});
  std::memcpy(e->data(), edges.data(), edges.size() * sizeof(double));
  if (is_seq(bins)) e = to_array(in, bins);  // NumPy returns the given edges as they are
  return make_tuple({wrap(counts), wrap(e)});
}

// ---- interpolation and products

Value np_interp(Interp& in, Args& a) {
  Value xv = a.required(0, "x");
  ArrayPtr xp = to_array(in, a.required(1, "xp")), fp = to_array(in, a.required(2, "fp"));
  auto left = opt_float(in, a.optional(3, "left")), right = opt_float(in, a.optional(4, "right"));
  auto period = opt_float(in, a.optional(5, "period"));
  a.finish(6);
  ArrayPtr x = to_array(in, xv);
  if (is_complex(fp->dtype)) in.raise_exc("NotImplementedError", "complex interp is not supported by stridelab");
  return scalar_or_array(in, interp(x, xp, fp, left, right, period), x->ndim() == 0);
}

Value np_vander(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "x"));
  Value n = a.optional(1, "N");
  bool inc = flag(in, a, 2, "increasing", false);
  a.finish(3);
  if (x->ndim() != 1) in.raise_exc("ValueError", "x must be a one-dimensional array or sequence.");
  return wrap(vander(x, n.is_none() ? x->shape[0] : in.index_value(n), inc));
}

Value np_kron(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a")), y = to_array(in, a.required(1, "b"));
  a.finish(2);
  return wrap(kron(x, y));
}

Value np_cross(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a")), y = to_array(in, a.required(1, "b"));
  Value axis = a.optional(5, "axis");
  a.finish(6);
  if (!axis.is_none()) {
    x = moveaxis(x, {in.index_value(axis)}, {-1});
    y = moveaxis(y, {in.index_value(axis)}, {-1});
  }
  ArrayPtr r = cross(x, y);
  return scalar_or_array(in, r, r->ndim() == 0);
}

Value correlate_value(Interp& in, Args& a, const char* dflt, bool convolve) {
  ArrayPtr x = to_array(in, a.required(0, "a")), v = to_array(in, a.required(1, "v"));
  std::string mode = str_arg(in, a.optional(2, "mode", make_str(dflt)), "mode");
  a.finish(3);
  if (x->ndim() == 0) x = ravel(x);
  if (v->ndim() == 0) v = ravel(v);
  return wrap(correlate(x, v, mode, convolve));
}
Value np_convolve(Interp& in, Args& a) { return correlate_value(in, a, "full", true); }
Value np_correlate(Interp& in, Args& a) { return correlate_value(in, a, "valid", false); }

// ---- append / insert / delete / rot90

Value np_append(Interp& in, Args& a) {
  ArrayPtr arr = to_array(in, a.required(0, "arr")), values = to_array(in, a.required(1, "values"));
  Value axis = a.optional(2, "axis");
  a.finish(3);
  if (axis.is_none()) return wrap(concatenate({ravel(arr), ravel(values)}, 0));
  return wrap(concatenate({arr, values}, in.index_value(axis)));
}

// The positions an insert/delete `obj` names along an axis of length n: an int,
// a slice, a sequence of ints or a boolean mask.
std::vector<int64_t> positions(Interp& in, const Value& obj, int64_t n, bool& scalar, const char* fname) {
  scalar = false;
  std::vector<int64_t> out;
  if (auto* s = obj.as<SliceObj>()) {
    SliceRange r = slice_range(slice_item(in, *s), n);
    for (int64_t i = 0; i < r.count; ++i) out.push_back(r.start + i * r.step);
    return out;
  }
  ArrayPtr o = to_array(in, obj);
  if (o->dtype == DType::Bool) {
    if (o->ndim() != 1 || o->shape[0] != n)
      in.raise_exc("ValueError", std::string("boolean array argument obj to ") + fname +
                                      " must be one dimensional and match the axis length of " + std::to_string(n));
    auto nz = nonzero(*o)[0];
    for (auto& v : in.to_vector(wrap(nz))) out.push_back(in.index_value(v));
    return out;
  }
  if (!is_integer(o->dtype) && o->size() > 0) in.raise_exc("IndexError", "arrays used as indices must be of integer (or boolean) type");
  scalar = o->ndim() == 0;
  ArrayPtr flat = copy_as(*ravel(o), DType::I64);
  out.resize(size_t(flat->size()));
  if (!out.empty()) std::memcpy(out.data(), flat->data(), out.size() * sizeof(int64_t));
  return out;
}

Value np_delete(Interp& in, Args& a) {
  ArrayPtr arr = to_array(in, a.required(0, "arr"));
  Value obj = a.required(1, "obj");
  auto axis = opt_axis(in, a.optional(2, "axis"));
  a.finish(3);
  int64_t n = axis ? arr->shape[size_t(normalize_axis_index(*axis, arr->ndim()))] : arr->size();
  bool scalar;
  return wrap(delete_items(arr, positions(in, obj, n, scalar, "delete"), axis));
}

Value np_insert(Interp& in, Args& a) {
  ArrayPtr arr = to_array(in, a.required(0, "arr"));
  Value obj = a.required(1, "obj");
  ArrayPtr values = to_array(in, a.required(2, "values"));
  auto axis = opt_axis(in, a.optional(3, "axis"));
  a.finish(4);
  int64_t n = axis ? arr->shape[size_t(normalize_axis_index(*axis, arr->ndim()))] : arr->size();
  bool scalar;
  auto pos = positions(in, obj, n, scalar, "insert");
  if (obj.as<SliceObj>() || (obj.is_array() && obj.arr().dtype == DType::Bool)) scalar = false;
  return wrap(insert_items(arr, pos, scalar, values, axis));
}

Value np_rot90(Interp& in, Args& a) {
  ArrayPtr m = to_array(in, a.required(0, "m"));
  int64_t k = in.index_value(a.optional(1, "k", Value::integer(1)));
  Value axes = a.optional(2, "axes");
  a.finish(3);
  int64_t ax0 = 0, ax1 = 1;
  if (!axes.is_none()) {
    auto v = in.to_vector(axes);
    if (v.size() != 2) in.raise_exc("ValueError", "len(axes) must be 2.");
    ax0 = in.index_value(v[0]);
    ax1 = in.index_value(v[1]);
  }
  if (m->ndim() < 2 && axes.is_none()) in.raise_exc("ValueError", "Axes=(0, 1) out of range for array of ndim=" + std::to_string(m->ndim()) + ".");
  return wrap(rot90(m, k, ax0, ax1));
}

// ---- routines NumPy writes in terms of other NumPy functions

// np.average (numpy/lib/_function_base_impl.py): mean without weights; with them
// sum(a * w, axis) / sum(w, axis) in result_type(a, w) (at least float64 for
// integer and bool a). ZeroDivisionError "Weights sum to zero, can't be normalized".
Value np_average(Interp& in, Args& a) {
  Value x = a.required(0, "a"), axis = a.optional(1, "axis"), w = a.optional(2, "weights");
  bool returned = flag(in, a, 3, "returned", false);
  Value keepdims = a.optional(99, "keepdims", Value::boolean(false));
  a.finish(4);
  ArrayPtr arr = to_array(in, x);
  Value avg, scl;
  if (w.is_none()) {
    Args m;
    m.pos = {wrap(arr), axis};
    m.kw = {{"keepdims", keepdims}};
    avg = in.call(np_attr(in, "mean"), m);
    ArrayPtr av = to_array(in, avg);
    double ratio = double(arr->size()) / double(std::max<int64_t>(av->size(), 1));
    scl = call_np(in, "asarray", {Value::floating(ratio), dtype_value(in, av->dtype)});
    if (av->ndim() == 0) scl = element_value(in, *to_array(in, scl), to_array(in, scl)->data());
  } else {
    ArrayPtr wgt = to_array(in, w);
    DType rt = promote(arr->dtype, wgt->dtype);
    if (is_integer(arr->dtype) || arr->dtype == DType::Bool) rt = promote(rt, DType::F64);
    if (arr->shape != wgt->shape) {
      if (axis.is_none())
        in.raise_exc("TypeError", "Axis must be specified when shapes of a and weights differ.");
      if (wgt->ndim() != 1) in.raise_exc("TypeError", "1D weights expected when shapes of a and weights differ.");
      int ax = normalize_axis_index(in.index_value(axis), arr->ndim());
      if (wgt->shape[0] != arr->shape[size_t(ax)])
        in.raise_exc("ValueError", "Length of weights not compatible with specified axis.");
      Shape s(size_t(arr->ndim()), 1);
      s[size_t(ax)] = -1;
      wgt = reshape(broadcast_to(reshape(wgt, s), arr->shape), arr->shape);
    }
    Args sw;
    sw.pos = {wrap(wgt), axis};
    sw.kw = {{"dtype", dtype_value(in, rt)}, {"keepdims", keepdims}};
    scl = in.call(np_attr(in, "sum"), sw);
    if (in.truthy(call_np(in, "any", {in.compare(CmpOp::Eq, scl, Value::floating(0.0))})))
      in.raise_exc("ZeroDivisionError", "Weights sum to zero, can't be normalized");
    Args s;
    s.pos = {call_np(in, "multiply", {wrap(arr), wrap(wgt)}), axis};
    s.kw = {{"dtype", dtype_value(in, rt)}, {"keepdims", keepdims}};
    avg = in.binop(BinOp::TrueDiv, in.call(np_attr(in, "sum"), s), scl);
  }
  if (!returned) return avg;
  ArrayPtr av = to_array(in, avg), sv = to_array(in, scl);
  if (sv->shape != av->shape) scl = wrap(copy_array(*broadcast_to(sv, av->shape)));
  return make_tuple({avg, scl});
}

// np.fromfunction(function, shape, dtype=float, **kwargs): function(*indices(shape, dtype), **kwargs).
Value np_fromfunction(Interp& in, Args& a) {
  Value fn = a.required(0, "function");
  Shape shape = to_shape(in, a.required(1, "shape"));
  Value dtv = a.optional(2, "dtype");
  Args call;
  call.kw = std::move(a.kw);
  if (a.pos.size() > 3) in.raise_exc("TypeError", "fromfunction() takes 2 positional arguments but " + std::to_string(a.pos.size()) + " were given");
  ArrayPtr grid = indices_dense(shape, dtv.is_none() ? DType::F64 : to_dtype(in, dtv));
  for (int64_t k = 0; k < int64_t(shape.size()); ++k) {
    IndexItem it;
    it.kind = IndexItem::Int;
    it.i = k;
    call.pos.push_back(wrap(copy_array(*basic_index(grid, {it}))));
  }
  return in.call(fn, call);
}

// np.apply_along_axis(func1d, axis, arr, *args, **kwargs): func1d on every 1-d
// lane along axis; the results (all one shape) replace that axis.
Value np_apply_along_axis(Interp& in, Args& a) {
  Value fn = a.required(0, "func1d");
  int64_t axis_in = in.index_value(a.required(1, "axis"));
  ArrayPtr arr = to_array(in, a.required(2, "arr"));
  std::vector<Value> extra(a.pos.begin() + std::min<size_t>(3, a.pos.size()), a.pos.end());
  int ax = normalize_axis_index(axis_in, arr->ndim());
  ArrayPtr moved = moveaxis(arr, {ax}, {-1});
  Shape outer(moved->shape.begin(), moved->shape.end() - 1);
  const int64_t n = shape_size(outer);
  if (n == 0) in.raise_exc("ValueError", "Cannot apply_along_axis when any iteration dimensions are 0");
  ArrayPtr lanes = reshape(moved, {n, moved->shape.back()});
  std::vector<ArrayPtr> results;
  for (int64_t i = 0; i < n; ++i) {
    IndexItem it;
    it.kind = IndexItem::Int;
    it.i = i;
    Args c;
    c.pos = {wrap(basic_index(lanes, {it}))};
    c.pos.insert(c.pos.end(), extra.begin(), extra.end());
    c.kw = a.kw;
    results.push_back(to_array(in, in.call(fn, c)));
  }
  ArrayPtr st = stack(results, 0);
  Shape res_shape = outer;
  res_shape.insert(res_shape.end(), results[0]->shape.begin(), results[0]->shape.end());
  ArrayPtr r = reshape(st, res_shape);
  // the result's own axes go where `axis` was
  std::vector<int64_t> src, dst;
  for (int k = 0; k < results[0]->ndim(); ++k) {
    src.push_back(int64_t(outer.size()) + k);
    dst.push_back(ax + k);
  }
  return wrap(copy_array(*moveaxis(r, src, dst)));
}

// np.ndindex(*shape): the index tuples of shape in C order.
Value ndindex_iter(const Shape& shape, std::function<Value(const Shape&, int64_t)> item) {
  auto i = std::make_shared<int64_t>(0);
  const int64_t n = shape_size(shape);
  return Value(std::make_shared<IteratorObj>("ndindex", [shape, n, i, item](Value& out) {
    if (*i >= n) return false;
    Shape idx(shape.size());
    int64_t r = (*i)++;
    for (size_t k = shape.size(); k-- > 0;) {
      idx[k] = r % shape[k];
      r /= shape[k];
    }
    out = item(idx, *i - 1);
    return true;
  }));
}
Value index_tuple(const Shape& idx) {
  std::vector<Value> t;
  for (int64_t x : idx) t.push_back(Value::integer(x));
  return make_tuple(std::move(t));
}
Value np_ndindex(Interp& in, Args& a) {
  if (!a.kw.empty()) in.raise_exc("TypeError", "ndindex() got an unexpected keyword argument '" + a.kw[0].first + "'");
  Shape shape = a.pos.size() == 1 ? to_shape(in, a.pos[0]) : to_shape(in, make_tuple(a.pos));
  return ndindex_iter(shape, [](const Shape& idx, int64_t) { return index_tuple(idx); });
}
Value np_ndenumerate(Interp& in, Args& a) {
  ArrayPtr arr = to_array(in, a.required(0, "arr"));
  a.finish(1);
  Interp* ip = &in;
  return ndindex_iter(arr->shape, [ip, arr](const Shape& idx, int64_t) {
    return make_tuple({index_tuple(idx), element_value(*ip, *arr, arr->data() + flat_offset(*arr, idx))});
  });
}

// ---- set routines (numpy/lib/_arraysetops_impl.py), over np.unique and sorting

Value np_isin(Interp& in, Args& a) {
  ArrayPtr el = to_array(in, a.required(0, "element")), test = to_array(in, a.required(1, "test_elements"));
  a.optional(2, "assume_unique");
  bool invert = flag(in, a, 3, "invert", false);
  a.optional(99, "kind");
  a.finish(4);
  return wrap(isin(el, test, invert));
}

Value unique_of(Interp& in, const Value& v) { return call_np(in, "unique", {v}); }
Value concat2(Interp& in, const Value& x, const Value& y) {
  return wrap(concatenate({ravel(to_array(in, x)), ravel(to_array(in, y))}, 0));
}

Value np_union1d(Interp& in, Args& a) {
  Value x = a.required(0, "ar1"), y = a.required(1, "ar2");
  a.finish(2);
  return unique_of(in, concat2(in, x, y));
}

// The sorted concatenation of both arrays' unique values, and a mask of which
// positions equal their successor (present in both).
std::pair<ArrayPtr, std::vector<uint8_t>> sorted_pairs(Interp& in, const Value& x, const Value& y, bool uniq) {
  Value c = uniq ? concat2(in, x, y) : concat2(in, unique_of(in, x), unique_of(in, y));
  ArrayPtr aux = flatten(to_array(in, c));
  sort_inplace(*aux, 0, SortKind::Stable);
  std::vector<uint8_t> eq(size_t(std::max<int64_t>(aux->size() - 1, 0)));
  ArrayPtr lo = basic_index(aux, {[&] { IndexItem it; it.kind = IndexItem::Slice; it.stop = aux->size() - 1; return it; }()});
  ArrayPtr hi = basic_index(aux, {[&] { IndexItem it; it.kind = IndexItem::Slice; it.start = 1; return it; }()});
  ArrayPtr m = to_array(in, call_np(in, "equal", {wrap(lo), wrap(hi)}));
  for (size_t i = 0; i < eq.size(); ++i) eq[i] = load<bool>(m->data() + int64_t(i));
  return {aux, eq};
}

ArrayPtr pick(const ArrayPtr& aux, const std::vector<int64_t>& idx) {
  ArrayPtr ia = make_array(DType::I64, {int64_t(idx.size())});
  if (!idx.empty()) std::memcpy(ia->data(), idx.data(), idx.size() * sizeof(int64_t));
  return take(aux, *ia, 0);
}

Value np_intersect1d(Interp& in, Args& a) {
  Value x = a.required(0, "ar1"), y = a.required(1, "ar2");
  bool uniq = flag(in, a, 2, "assume_unique", false);
  if (flag(in, a, 3, "return_indices", false))
    in.raise_exc("NotImplementedError", "intersect1d(return_indices=True) is not supported by stridelab");
  a.finish(4);
  auto [aux, eq] = sorted_pairs(in, x, y, uniq);
  std::vector<int64_t> idx;
  for (size_t i = 0; i < eq.size(); ++i)
    if (eq[i]) idx.push_back(int64_t(i));
  return wrap(pick(aux, idx));
}

Value np_setxor1d(Interp& in, Args& a) {
  Value x = a.required(0, "ar1"), y = a.required(1, "ar2");
  bool uniq = flag(in, a, 2, "assume_unique", false);
  a.finish(3);
  auto [aux, eq] = sorted_pairs(in, x, y, uniq);
  std::vector<int64_t> idx;
  for (int64_t i = 0; i < aux->size(); ++i) {
    bool same_prev = i > 0 && eq[size_t(i - 1)], same_next = i + 1 < aux->size() && eq[size_t(i)];
    if (!same_prev && !same_next) idx.push_back(i);
  }
  return wrap(pick(aux, idx));
}

Value np_setdiff1d(Interp& in, Args& a) {
  Value x = a.required(0, "ar1"), y = a.required(1, "ar2");
  bool uniq = flag(in, a, 2, "assume_unique", false);
  a.finish(3);
  Value ux = uniq ? wrap(ravel(to_array(in, x))) : unique_of(in, x);
  Args isin;
  isin.pos = {ux, y};
  isin.kw = {{"invert", Value::boolean(true)}};
  Value mask = in.call(np_attr(in, "isin"), isin);
  return in.getitem(ux, mask);
}


// ---- index tricks (numpy/lib/_index_tricks_impl.py): mgrid, ogrid, r_, c_, s_, index_exp

struct GridAxis {
  double start = 0, step = 1;
  int64_t size = 0;
  bool floating = false;  // the axis makes the grid float (a float bound or step, or a complex step)
};

// One slice of mgrid/r_: start:stop:step, or start:stop:Nj for N points (linspace).
GridAxis grid_axis(Interp& in, const SliceObj& s) {
  GridAxis g;
  g.floating = s.start.is_float() || s.stop.is_float() || s.step.is_float();
  g.start = s.start.is_none() ? 0.0 : in.float_value(s.start);
  if (s.stop.is_none()) in.raise_exc("TypeError", "unsupported operand type(s) for -: 'NoneType' and 'int'");
  const double stop = in.float_value(s.stop);
  if (auto* c = s.step.as<ComplexObj>()) {
    g.floating = true;
    g.size = int64_t(std::hypot(c->re, c->im));
    g.step = g.size != 1 ? (stop - g.start) / double(g.size - 1) : 1.0;
    return g;
  }
  g.step = s.step.is_none() ? 1.0 : in.float_value(s.step);
  if (g.step == 0) in.raise_exc("ZeroDivisionError", "division by zero");
  g.size = std::max<int64_t>(0, int64_t(std::ceil((stop - g.start) / g.step)));
  return g;
}

// start + i * step along `axis` of shape, in float64 or int64.
ArrayPtr grid_values(const GridAxis& g, bool floating, const Shape& shape, int axis) {
  ArrayPtr r = make_array(floating ? DType::F64 : DType::I64, shape);
  const int64_t n = r->size();
  int64_t inner = 1;
  for (size_t k = size_t(axis) + 1; k < shape.size(); ++k) inner *= shape[k];
  for (int64_t i = 0; i < n; ++i) {
    const int64_t j = (i / inner) % shape[size_t(axis)];
    if (floating) store<double>(r->data() + i * 8, double(j) * g.step + g.start);
    else store<int64_t>(r->data() + i * 8, j * int64_t(g.step) + int64_t(g.start));
  }
  return r;
}

Value nd_grid(Interp& in, const Value& key, bool sparse) {
  if (auto* s = key.as<SliceObj>()) {
    GridAxis g = grid_axis(in, *s);
    return wrap(grid_values(g, g.floating, {g.size}, 0));
  }
  std::vector<GridAxis> axes;
  bool floating = false;
  for (auto& k : in.to_vector(key)) {
    auto* s = k.as<SliceObj>();
    if (!s) in.raise_exc("TypeError", "'" + in.type_of(k)->name + "' object is not subscriptable");
    axes.push_back(grid_axis(in, *s));
    floating = floating || axes.back().floating;
  }
  Shape dims;
  for (auto& g : axes) dims.push_back(g.size);
  std::vector<ArrayPtr> parts;
  for (size_t k = 0; k < axes.size(); ++k) {
    Shape shape = dims;
    if (sparse)
      for (size_t j = 0; j < shape.size(); ++j)
        if (j != k) shape[j] = 1;
    parts.push_back(grid_values(axes[k], floating, shape, int(k)));
  }
  if (sparse) return tuple_of(parts);
  return wrap(stack(parts, 0));
}

// r_/c_ (AxisConcatenator): slices become aranges/linspaces, the rest arrays of at
// least ndmin dims (1-d items placed along trans1d), all in their result type,
// concatenated along axis. A leading string 'axis[,ndmin[,trans1d]]' sets those.
Value axis_concat(Interp& in, const Value& key, int64_t axis, int64_t ndmin, int64_t trans1d) {
  std::vector<Value> items = key.as<TupleObj>() ? in.to_vector(key) : std::vector<Value>{key};
  std::vector<ArrayPtr> objs;
  std::vector<Value> types;
  for (size_t k = 0; k < items.size(); ++k) {
    const Value& item = items[k];
    ArrayPtr obj;
    if (auto* s = item.as<SliceObj>()) {
      GridAxis g = grid_axis(in, *s);
      obj = grid_values(g, g.floating, {g.size}, 0);
      types.push_back(dtype_value(in, obj->dtype));
    } else if (auto* str = item.as<StrObj>()) {
      if (k != 0) in.raise_exc("ValueError", "special directives must be the first entry.");
      std::vector<int64_t> nums;
      size_t p = 0;
      try {
        while (p <= str->s.size()) {
          size_t q = str->s.find(',', p);
          if (q == std::string::npos) q = str->s.size();
          nums.push_back(std::stoll(str->s.substr(p, q - p)));
          p = q + 1;
        }
      } catch (const std::exception&) {
        in.raise_exc("ValueError", "unknown special directive");
      }
      axis = nums[0];
      if (nums.size() > 1) ndmin = nums[1];
      if (nums.size() > 2) trans1d = nums[2];
      continue;
    } else {
      const bool scalar = !item.is_array() && !item.as<ListObj>() && !item.as<TupleObj>();
      obj = to_array(in, item);
      const int item_ndim = obj->ndim();
      types.push_back(scalar ? item : dtype_value(in, obj->dtype));
      while (obj->ndim() < ndmin) obj = expand_dims(obj, {0});
      if (!scalar && trans1d != -1 && item_ndim < ndmin) {
        int64_t k2 = ndmin - item_ndim, k1 = trans1d < 0 ? trans1d + k2 + 1 : trans1d;
        std::vector<int64_t> perm;
        for (int64_t j = 0; j < k1; ++j) perm.push_back(j);
        for (int64_t j = k2; j < ndmin; ++j) perm.push_back(j);
        for (int64_t j = k1; j < k2; ++j) perm.push_back(j);
        obj = transpose(obj, perm);
      }
    }
    while (obj->ndim() < ndmin) obj = expand_dims(obj, {0});
    objs.push_back(obj);
  }
  if (objs.empty()) return wrap(make_array(DType::F64, {0}));
  Args rt;
  rt.pos = types;
  DType dt = to_dtype(in, in.call(np_attr(in, "result_type"), rt));
  return wrap(concatenate(objs, axis, dt));
}

Value index_object(Interp& in, TypeObj* type, NativeFn getitem) {
  auto g = std::make_shared<GenericObj>(type);
  g->attrs["__getitem__"] = in.builtin("__getitem__", std::move(getitem));
  return Value(std::static_pointer_cast<Obj>(g));
}

// ---- lexsort / partition

Value np_lexsort(Interp& in, Args& a) {
  Value keys = a.required(0, "keys");
  int64_t axis = in.index_value(a.optional(1, "axis", Value::integer(-1)));
  a.finish(2);
  std::vector<ArrayPtr> ks;
  if (keys.is_array() && keys.arr().ndim() > 0) {
    ArrayPtr k = to_array(in, keys);
    for (int64_t i = 0; i < k->shape[0]; ++i) {
      IndexItem it;
      it.i = i;
      ks.push_back(basic_index(k, {it}));
    }
  } else {
    ks = arrays_of(in, in.to_vector(keys));
  }
  return wrap(lexsort(ks, axis));
}

Value partition_value(Interp& in, ArrayPtr x, const Value& kth, const Value& axis, const Value& order, bool arg) {
  if (!order.is_none()) in.raise_exc("ValueError", "Cannot specify order when the array has no fields.");
  if (axis.is_none()) x = flatten(x);
  int ax = x->ndim() == 0 ? 0 : normalize_axis_index(axis.is_none() ? 0 : in.index_value(axis), x->ndim());
  if (x->ndim() == 0) in.raise_exc("ValueError", "Cannot partition a 0-d array");
  ArrayPtr k = to_array(in, kth);
  if (!is_integer(k->dtype)) in.raise_exc("TypeError", "Partition index must be integer");
  std::vector<int64_t> ks;
  for (auto& v : in.to_vector(wrap(ravel(k)))) ks.push_back(in.index_value(v));
  return wrap(partition(x, ks, ax, arg));
}
Value np_partition(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  Value kth = a.required(1, "kth"), axis = a.optional(2, "axis", Value::integer(-1));
  a.optional(3, "kind");
  Value order = a.optional(4, "order");
  a.finish(5);
  return partition_value(in, x, kth, axis, order, false);
}
Value np_argpartition(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  Value kth = a.required(1, "kth"), axis = a.optional(2, "axis", Value::integer(-1));
  a.optional(3, "kind");
  Value order = a.optional(4, "order");
  a.finish(5);
  return partition_value(in, x, kth, axis, order, true);
}
Value ndarray_partition(Interp& in, const ArrayPtr& self, Args& a) {
  Value kth = a.required(0, "kth"), axis = a.optional(1, "axis", Value::integer(-1));
  a.optional(2, "kind");
  Value order = a.optional(3, "order");
  a.finish(4);
  if (!self->writeable) in.raise_exc("ValueError", "partition array is read-only");
  ArrayPtr r = to_array(in, partition_value(in, self, kth, axis, order, false));
  copy_into(*self, *r);
  return Value();
}
Value ndarray_argpartition(Interp& in, const ArrayPtr& self, Args& a) {
  Value kth = a.required(0, "kth"), axis = a.optional(1, "axis", Value::integer(-1));
  a.optional(2, "kind");
  Value order = a.optional(3, "order");
  a.finish(4);
  return partition_value(in, self, kth, axis, order, true);
}

// ---- ndarray.setflags(write, align, uic): only WRITEABLE can change here.
Value ndarray_setflags(Interp& in, const ArrayPtr& self, Args& a) {
  Value write = a.optional(0, "write"), align = a.optional(1, "align"), uic = a.optional(2, "uic");
  a.finish(3);
  if (!uic.is_none() && in.truthy(uic)) in.raise_exc("ValueError", "cannot set WRITEBACKIFCOPY flag to True");
  if (!align.is_none() && in.truthy(align) && !self->aligned()) in.raise_exc("ValueError", "cannot set aligned flag of mis-aligned array to True");
  if (write.is_none()) return Value();
  if (in.truthy(write)) {
    // NumPy refuses when the memory's owner is read-only (or for broadcast views)
    if ((self->base && !self->base->writeable && self->base->flavor == Flavor::NumPy) || self->flavor == Flavor::Scalar)
      in.raise_exc("ValueError", "cannot set WRITEABLE flag to True of this array");
    self->writeable = true;
  } else {
    self->writeable = false;
    self->warn_on_write = false;
  }
  return Value();
}

// ---- numpy.emath (numpy/lib/_scimath_impl.py): real inputs whose result leaves
// the reals (sqrt/log of negatives, arcsin of |x| > 1, ...) are computed as complex.
Value emath_apply(Interp& in, Args& a, const char* ufunc, bool (*leaves_reals)(double)) {
  Value x = a.required(0, "x");
  a.finish(1);
  ArrayPtr arr = to_array(in, x);
  bool go_complex = false;
  if (!is_complex(arr->dtype)) {
    ArrayPtr d = copy_as(*arr, DType::F64);
    for (int64_t i = 0; i < d->size() && !go_complex; ++i) go_complex = leaves_reals(load<double>(d->data() + i * 8));
  }
  Value arg = x;
  if (go_complex) {
    ArrayPtr c = copy_as(*arr, arr->dtype == DType::F32 || arr->dtype == DType::F16 ? DType::C64 : DType::C128);
    arg = arr->ndim() == 0 && !x.is_array() ? element_value(in, *c, c->data()) : wrap(c);
  }
  return call_np(in, ufunc, {arg});
}
bool negative(double v) { return v < 0; }
bool outside_unit(double v) { return std::fabs(v) > 1; }
Value emath_sqrt(Interp& in, Args& a) { return emath_apply(in, a, "sqrt", negative); }
Value emath_log(Interp& in, Args& a) { return emath_apply(in, a, "log", negative); }
Value emath_log2(Interp& in, Args& a) { return emath_apply(in, a, "log2", negative); }
Value emath_log10(Interp& in, Args& a) { return emath_apply(in, a, "log10", negative); }
Value emath_arccos(Interp& in, Args& a) { return emath_apply(in, a, "arccos", outside_unit); }
Value emath_arcsin(Interp& in, Args& a) { return emath_apply(in, a, "arcsin", outside_unit); }
Value emath_arctanh(Interp& in, Args& a) { return emath_apply(in, a, "arctanh", outside_unit); }

const FnEntry kEmath[] = {
    {"sqrt", emath_sqrt, {"sqrt(x)"}},
    {"log", emath_log, {"log(x)"}},
    {"log2", emath_log2, {"log2(x)"}},
    {"log10", emath_log10, {"log10(x)"}},
    {"arccos", emath_arccos, {"arccos(x)"}},
    {"arcsin", emath_arcsin, {"arcsin(x)"}},
    {"arctanh", emath_arctanh, {"arctanh(x)"}},
};

// np.typecodes: the type characters of each kind (numpy/_core/_type_aliases.py).
Value typecodes(Interp& in) {
  static const std::pair<const char*, const char*> kCodes[] = {
      {"Character", "c"}, {"Integer", "bhilqnp"}, {"UnsignedInteger", "BHILQNP"}, {"Float", "efdg"},
      {"Complex", "FDG"}, {"AllInteger", "bBhHiIlLqQnNpP"}, {"AllFloat", "efdgFDG"}, {"Datetime", "Mm"},
      {"All", "?bhilqnpBHILQNPefdgFDGSUVOMm"}};
  auto d = std::make_shared<DictObj>();
  Value dv(std::static_pointer_cast<Obj>(d));
  for (auto& [k, v] : kCodes) in.setitem(dv, make_str(k), make_str(v));
  return dv;
}

// ---- np.pad: arguments as NumPy's _as_pairs makes them, the padding in core/numpy/routines

// A scalar, a (before, after) pair or one pair per axis, broadcast to ndim pairs.
std::vector<std::pair<double, double>> as_pairs(Interp& in, const Value& v, int ndim, bool as_index) {
  ArrayPtr x = copy_as(*to_array(in, v), DType::F64);
  std::vector<double> f(size_t(x->size()));
  if (!f.empty()) std::memcpy(f.data(), x->data(), f.size() * 8);
  if (as_index)
    for (auto& e : f) {
      e = std::nearbyint(e);
      if (e < 0) in.raise_exc("ValueError", "index can't contain negative values");
    }
  std::vector<std::pair<double, double>> out;
  if (x->ndim() < 3 && f.size() == 1) return std::vector<std::pair<double, double>>(size_t(ndim), {f[0], f[0]});
  if (x->ndim() < 3 && f.size() == 2 && x->shape != Shape{2, 1})
    return std::vector<std::pair<double, double>>(size_t(ndim), {f[0], f[1]});
  Shape target{int64_t(ndim), 2};
  ArrayPtr b;
  try {
    b = copy_array(*broadcast_to(x, target));
  } catch (const PyError&) {
    in.raise_exc("ValueError", "operands could not be broadcast together with remapped shapes [original->remapped]: " +
                                   shape_repr(x->shape) + "  and requested shape " + shape_repr(target));
  }
  for (int k = 0; k < ndim; ++k) out.push_back({load<double>(b->data() + 16 * k), load<double>(b->data() + 16 * k + 8)});
  return out;
}

Value np_pad(Interp& in, Args& a) {
  ArrayPtr arr = to_array(in, a.required(0, "array"));
  Value width = a.required(1, "pad_width");
  PadSpec spec;
  spec.mode = str_arg(in, a.optional(2, "mode", make_str("constant")), "mode");
  Value cv = a.optional(99, "constant_values"), ev = a.optional(99, "end_values"), sl = a.optional(99, "stat_length");
  Value rt = a.optional(99, "reflect_type");
  a.finish(3);
  const int nd = arr->ndim();
  for (auto& [b, c] : as_pairs(in, width, nd, true)) spec.width.push_back({int64_t(b), int64_t(c)});
  const bool has_cv = !cv.is_none(), has_ev = !ev.is_none(), has_sl = !sl.is_none();
  auto refuse = [&](const char* kw) {
    in.raise_exc("ValueError", "unsupported keyword arguments for mode '" + spec.mode + "': {'" + kw + "'}");
  };
  if (spec.mode == "constant") {
    if (has_ev) refuse("end_values");
    spec.values = has_cv ? as_pairs(in, cv, nd, false) : std::vector<std::pair<double, double>>(size_t(nd), {0, 0});
  } else if (spec.mode == "linear_ramp") {
    if (has_cv) refuse("constant_values");
    spec.values = has_ev ? as_pairs(in, ev, nd, false) : std::vector<std::pair<double, double>>(size_t(nd), {0, 0});
  } else if (spec.mode == "mean") {
    if (has_cv) refuse("constant_values");
    if (has_sl)
      for (auto& [b, c] : as_pairs(in, sl, nd, true)) spec.stat_length.push_back({int64_t(b), int64_t(c)});
  } else if (has_cv || has_ev || has_sl) {
    refuse(has_cv ? "constant_values" : has_ev ? "end_values" : "stat_length");
  }
  if (!rt.is_none()) spec.odd = str_arg(in, rt, "reflect_type") == "odd";
  return wrap(pad(arr, spec));
}

// ---- ndarray.resize(new_shape, refcheck=True): in place, new zero-filled bytes
// past the old data (PyArray_Resize). Only an owner may resize; with refcheck an
// owner whose memory a view still uses refuses (NumPy checks the reference count).
Value ndarray_resize(Interp& in, const ArrayPtr& self, Args& a) {
  Value refcheck = Value::boolean(true);
  for (auto it = a.kw.begin(); it != a.kw.end(); ++it)
    if (it->first == "refcheck") {
      refcheck = it->second;
      a.kw.erase(it);
      break;
    }
  Value nsv;
  if (a.kw.size() == 1 && a.kw[0].first == "new_shape") {
    nsv = a.kw[0].second;
    a.kw.clear();
  }
  Shape shape = !nsv.is_none() ? to_shape(in, nsv) : a.pos.empty() ? Shape{} : shape_from_args(in, a, 0);
  if (!a.kw.empty()) in.raise_exc("TypeError", "'" + a.kw[0].first + "' is an invalid keyword argument for this function");
  if (a.pos.empty() && nsv.is_none()) return Value();
  for (int64_t d : shape)
    if (d < 0) in.raise_exc("ValueError", "negative dimensions not allowed");
  if (!self->owndata || self->base || self->flavor != Flavor::NumPy)
    in.raise_exc("ValueError", "cannot resize this array: it does not own its data");
  if (!self->c_contiguous()) in.raise_exc("ValueError", "resize only works on single-segment arrays");
  if (in.truthy(refcheck) && self->storage.use_count() > 1)
    in.raise_exc("ValueError",
                 "cannot resize an array that references or is referenced\nby another array in this way.\n"
                 "Use the np.resize function or refcheck=False");
  ArrayPtr fresh = make_array(self->dtype, shape);
  std::memcpy(fresh->data(), self->data(), size_t(std::min(fresh->nbytes(), self->nbytes())));
  self->storage = fresh->storage;
  self->shape = fresh->shape;
  self->strides = fresh->strides;
  self->offset = 0;
  return Value();
}

// ---- np.block: nested lists of arrays, the innermost concatenated along the last
// axis, the next along the one before, ... (numpy/_core/shape_base.py _block).
std::string block_index(const std::vector<int64_t>& path) {
  std::string s = "arrays";
  for (int64_t i : path)
    if (i >= 0) s += "[" + std::to_string(i) + "]";
  return s;
}
// The index path of the first leaf (NumPy's _block_check_depths_match; -1 marks an
// empty list at the bottom); every leaf must be at the same depth.
std::vector<int64_t> block_depth(Interp& in, const Value& v, std::vector<int64_t> parent, int& max_ndim) {
  if (v.as<TupleObj>())
    in.raise_exc("TypeError", block_index(parent) + " is a tuple. Only lists can be used to arrange blocks, and np.block does not allow implicit conversion from tuple to ndarray.");
  auto* l = v.as<ListObj>();
  if (!l) {
    max_ndim = std::max(max_ndim, to_array(in, v)->ndim());
    return parent;
  }
  if (l->items.empty()) {
    parent.push_back(-1);
    return parent;
  }
  std::vector<int64_t> first;
  for (size_t i = 0; i < l->items.size(); ++i) {
    std::vector<int64_t> p = parent;
    p.push_back(int64_t(i));
    std::vector<int64_t> index = block_depth(in, l->items[i], p, max_ndim);
    if (i == 0) {
      first = index;
      continue;
    }
    if (index.size() != first.size())
      in.raise_exc("ValueError", "List depths are mismatched. First element was at depth " + std::to_string(first.size()) +
                                     ", but there is an element at depth " + std::to_string(index.size()) + " (" +
                                     block_index(index) + ")");
    if (index.back() < 0) first = index;
  }
  return first;
}
ArrayPtr block_build(Interp& in, const Value& v, int depth, int level, int ndim) {
  if (auto* l = v.as<ListObj>()) {
    std::vector<ArrayPtr> parts;
    for (auto& x : l->items) parts.push_back(block_build(in, x, depth, level + 1, ndim));
    return concatenate(parts, -(depth - level));
  }
  ArrayPtr a = to_array(in, v);
  while (a->ndim() < ndim) a = expand_dims(a, {0});
  return a;
}
Value np_block(Interp& in, Args& a) {
  Value arrays = a.required(0, "arrays");
  a.finish(1);
  int max_ndim = 0;
  std::vector<int64_t> first = block_depth(in, arrays, {}, max_ndim);
  if (!first.empty() && first.back() < 0) in.raise_exc("ValueError", "List at " + block_index(first) + " cannot be empty");
  int depth = int(first.size());
  ArrayPtr r = block_build(in, arrays, depth, 0, std::max(depth, max_ndim));
  if (depth == 0) r = copy_array(*r);
  return wrap(r);
}

// ---- polynomials (numpy/lib/_polynomial_impl.py), coefficients highest power first

// polyval(p, x): Horner's rule y = y * x + p_i from y = zeros_like(x).
Value np_polyval(Interp& in, Args& a) {
  Value p = a.required(0, "p"), x = a.required(1, "x");
  a.finish(2);
  Value xv = x.is_array() ? x : wrap(to_array(in, x));
  Value y = call_np(in, "zeros_like", {xv});
  for (auto& c : in.to_vector(wrap(to_array(in, p)))) y = in.binop(BinOp::Add, in.binop(BinOp::Mul, y, xv), c);
  ArrayPtr r = to_array(in, y);
  return r->ndim() == 0 ? element_value(in, *r, r->data()) : y;
}

// polyfit(x, y, deg): least squares on the column-scaled Vandermonde matrix.
Value np_polyfit(Interp& in, Args& a) {
  ArrayPtr x = copy_as(*to_array(in, a.required(0, "x")), DType::F64), y = copy_as(*to_array(in, a.required(1, "y")), DType::F64);
  int64_t deg = in.index_value(a.required(2, "deg"));
  a.finish(3);
  if (deg < 0) in.raise_exc("ValueError", "expected deg >= 0");
  if (x->ndim() != 1) in.raise_exc("TypeError", "expected 1D vector for x");
  if (x->size() == 0) in.raise_exc("TypeError", "expected non-empty vector for x");
  if (y->ndim() < 1 || y->ndim() > 2) in.raise_exc("TypeError", "expected 1D or 2D array for y");
  if (x->shape[0] != y->shape[0]) in.raise_exc("TypeError", "expected x and y to have same length");
  const int64_t order = deg + 1, n = x->shape[0];
  ArrayPtr lhs = vander(x, order, false);
  std::vector<double> scale(static_cast<size_t>(order));
  for (int64_t j = 0; j < order; ++j) {
    double s = 0;
    for (int64_t i = 0; i < n; ++i) s += std::pow(load<double>(lhs->data() + (i * order + j) * 8), 2);
    scale[size_t(j)] = std::sqrt(s);
    for (int64_t i = 0; i < n; ++i) {
      char* p = lhs->data() + (i * order + j) * 8;
      store<double>(p, load<double>(p) / scale[size_t(j)]);
    }
  }
  const double rcond = double(n) * 2.220446049250313e-16;
  Value res = in.call(submodule(in, "numpy.linalg").attrs.at("lstsq"), {wrap(lhs), wrap(y), Value::floating(rcond)});
  ArrayPtr c = copy_array(*to_array(in, in.getitem(res, Value::integer(0))));
  const int64_t cols = c->ndim() == 2 ? c->shape[1] : 1;
  for (int64_t j = 0; j < order; ++j)
    for (int64_t k = 0; k < cols; ++k) {
      char* p = c->data() + (j * cols + k) * 8;
      store<double>(p, load<double>(p) / scale[size_t(j)]);
    }
  return wrap(c);
}

// roots(p): eigenvalues of the companion matrix, plus a zero root per trailing zero.
Value np_roots(Interp& in, Args& a) {
  ArrayPtr p = to_array(in, a.required(0, "p"));
  a.finish(1);
  if (p->ndim() != 1) in.raise_exc("ValueError", "Input must be a rank-1 array.");
  ArrayPtr pd = copy_as(*p, is_complex(p->dtype) ? DType::C128 : DType::F64);
  if (is_complex(p->dtype)) in.raise_exc("NotImplementedError", "roots of complex polynomials are not supported by stridelab");
  std::vector<double> c(size_t(pd->size()));
  if (!c.empty()) std::memcpy(c.data(), pd->data(), c.size() * 8);
  size_t lo = 0, hi = c.size();
  while (lo < hi && c[lo] == 0) ++lo;
  if (lo == hi) return wrap(make_array(DType::F64, {0}));
  while (hi > lo && c[hi - 1] == 0) --hi;
  const int64_t trailing = int64_t(c.size() - hi), deg = int64_t(hi - lo) - 1;
  ArrayPtr roots;
  if (deg >= 1) {
    ArrayPtr comp = make_array(DType::F64, {deg, deg});
    for (int64_t j = 0; j < deg; ++j) store<double>(comp->data() + j * 8, -c[lo + size_t(j) + 1] / c[lo]);
    for (int64_t i = 1; i < deg; ++i) store<double>(comp->data() + (i * deg + i - 1) * 8, 1.0);
    roots = to_array(in, in.call(submodule(in, "numpy.linalg").attrs.at("eigvals"), {wrap(comp)}));
  } else {
    roots = make_array(DType::F64, {0});
  }
  if (trailing > 0) roots = concatenate({roots, make_array(roots->dtype, {trailing})}, 0);
  return wrap(roots);
}

// ---- packbits / unpackbits / byteswap

bool bitorder_little(Interp& in, const Value& v) {
  std::string s = v.is_none() ? "big" : str_arg(in, v, "bitorder");
  if (s != "big" && s != "little") in.raise_exc("ValueError", "'order' must be either 'little' or 'big'");
  return s == "little";
}
Value np_packbits(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  auto axis = opt_axis(in, a.optional(1, "axis"));
  bool little = bitorder_little(in, a.optional(2, "bitorder"));
  a.finish(3);
  return wrap(packbits(x, axis, little));
}
Value np_unpackbits(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  auto axis = opt_axis(in, a.optional(1, "axis"));
  Value count = a.optional(2, "count");
  bool little = bitorder_little(in, a.optional(3, "bitorder"));
  a.finish(4);
  return wrap(unpackbits(x, axis, count.is_none() ? std::nullopt : std::optional<int64_t>(in.index_value(count)), little));
}
Value ndarray_byteswap(Interp& in, const ArrayPtr& self, Args& a) {
  bool inplace = flag(in, a, 0, "inplace", false);
  a.finish(1);
  ArrayPtr r = byteswap(self, inplace);
  return inplace ? wrap(self) : wrap(r);
}

// ---- np.vectorize(pyfunc, otypes=None): a callable applying pyfunc to every
// element of its broadcast arguments; the result dtype is otypes[0] or that of
// the first result (numpy/lib/_function_base_impl.py, the basic path).
Value vectorize_call(Interp& in, GenericObj& self, Args& a) {
  if (!a.kw.empty()) in.raise_exc("NotImplementedError", "stridelab's np.vectorize takes positional arguments only");
  std::vector<ArrayPtr> args = broadcast_arrays(arrays_of(in, a.pos));
  const Shape shape = args.empty() ? Shape{} : args[0]->shape;
  const int64_t n = shape_size(shape);
  std::vector<Value> results;
  for (int64_t i = 0; i < n; ++i) {
    Shape idx(shape.size());
    for (int64_t r = i, k = int64_t(shape.size()); k-- > 0;) {
      idx[size_t(k)] = r % shape[size_t(k)];
      r /= shape[size_t(k)];
    }
    std::vector<Value> call;
    for (auto& x : args) call.push_back(element_value(in, *x, x->data() + flat_offset(*x, idx)));
    results.push_back(in.call(self.attrs.at("pyfunc"), call));
  }
  Value otypes = self.attrs.at("otypes");
  if (n == 0 && otypes.is_none())
    in.raise_exc("ValueError", "cannot call `vectorize` on size 0 inputs unless `otypes` is set");
  DType dt = !otypes.is_none() ? to_dtype(in, in.to_vector(otypes).at(0)) : to_array(in, results[0])->dtype;
  ArrayPtr out = make_array(dt, shape);
  for (int64_t i = 0; i < n; ++i) value_to_bytes(in, results[size_t(i)], dt, out->data() + i * out->itemsize());
  return out->ndim() == 0 ? element_value(in, *out, out->data()) : wrap(out);
}
Value np_vectorize(Interp& in, Args& a) {
  Value fn = a.required(0, "pyfunc"), otypes = a.optional(1, "otypes");
  a.optional(2, "doc");
  a.optional(3, "excluded");
  a.optional(4, "cache");
  a.optional(5, "signature");
  a.finish(6);
  TypeObj* type = in.new_type("vectorize", "numpy", {in.t.object});
  auto g = std::make_shared<GenericObj>(type);
  g->attrs["pyfunc"] = fn;
  g->attrs["otypes"] = otypes;
  GenericObj* self = g.get();  // the builtin lives in self's attrs: never outlives it
  g->attrs["__call__"] = in.builtin("__call__", [self](Interp& in, Args& a) { return vectorize_call(in, *self, a); });
  return Value(std::static_pointer_cast<Obj>(g));
}

const FnEntry kRoutines[] = {
    {"meshgrid", np_meshgrid, {"meshgrid(*xi, copy=, sparse=, indexing=)"}},
    {"ix_", np_ix_, {"ix_(*args)"}},
    {"indices", np_indices, {"indices(dimensions, dtype=, sparse=)"}},
    {"unravel_index", np_unravel_index},
    {"ravel_multi_index", np_ravel_multi_index, {"ravel_multi_index(multi_index, dims, mode=, order=)"}},
    {"searchsorted", np_searchsorted, {"searchsorted(a, v, side=, sorter=)"}},
    {"digitize", np_digitize, {"digitize(x, bins, right=)"}},
    {"bincount", np_bincount, {"bincount(x, /, weights=, minlength=)"}},
    {"histogram", np_histogram, {"histogram(a, bins=, range=, density=, weights=)"}},
    {"interp", np_interp, {"interp(x, xp, fp, left=, right=, period=)"}},
    {"vander", np_vander, {"vander(x, N=, increasing=)"}},
    {"kron", np_kron, {"kron(a, b)"}},
    {"cross", np_cross, {"cross(a, b, axisa=, axisb=, axisc=, axis=)"}},
    {"convolve", np_convolve, {"convolve(a, v, mode=)"}},
    {"correlate", np_correlate, {"correlate(a, v, mode=)"}},
    {"append", np_append, {"append(arr, values, axis=)"}},
    {"insert", np_insert, {"insert(arr, obj, values, axis=)"}},
    {"delete", np_delete, {"delete(arr, obj, axis=)"}},
    {"rot90", np_rot90, {"rot90(m, k=, axes=)"}},
    {"average", np_average, {"average(a, axis=, weights=, returned=, *, keepdims=)"}},
    {"fromfunction", np_fromfunction, {"fromfunction(function, shape, *, dtype=, like=, **kwargs)"}},
    {"apply_along_axis", np_apply_along_axis, {"apply_along_axis(func1d, axis, arr, *args, **kwargs)"}},
    {"ndindex", np_ndindex},
    {"ndenumerate", np_ndenumerate},
    {"isin", np_isin, {"isin(element, test_elements, assume_unique=, invert=, *, kind=)"}},
    {"union1d", np_union1d, {"union1d(ar1, ar2)"}},
    {"intersect1d", np_intersect1d, {"intersect1d(ar1, ar2, assume_unique=, return_indices=)"}},
    {"setxor1d", np_setxor1d, {"setxor1d(ar1, ar2, assume_unique=)"}},
    {"setdiff1d", np_setdiff1d, {"setdiff1d(ar1, ar2, assume_unique=)"}},
    {"lexsort", np_lexsort, {"lexsort(keys, axis=)"}},
    {"pad", np_pad, {"pad(array, pad_width, mode=, **kwargs)"}},
    {"block", np_block, {"block(arrays)"}},
    {"packbits", np_packbits, {"packbits(a, /, axis=, bitorder=)"}},
    {"unpackbits", np_unpackbits, {"unpackbits(a, /, axis=, count=, bitorder=)"}},
    {"vectorize", np_vectorize},
    {"polyval", np_polyval, {"polyval(p, x)"}},
    {"polyfit", np_polyfit, {"polyfit(x, y, deg, rcond=, full=, w=, cov=)"}},
    {"roots", np_roots, {"roots(p)"}},
    {"partition", np_partition, {"partition(a, kth, axis=, kind=, order=)"}},
    {"argpartition", np_argpartition, {"argpartition(a, kth, axis=, kind=, order=)"}},
};

const MethodEntry kRoutineMethods[] = {
    {"searchsorted", ndarray_searchsorted},
    {"partition", ndarray_partition},
    {"argpartition", ndarray_argpartition},
    {"setflags", ndarray_setflags},
    {"resize", ndarray_resize},
    {"byteswap", ndarray_byteswap},
};

}  // namespace

void install_numpy_routines(Interp& in, ModuleObj& np) {
  def_fns(in, np, kRoutines);
  // The index-trick objects: instances whose __getitem__ builds the array.
  struct Trick {
    const char* attr;
    const char* type;
    Value (*get)(Interp&, Args&);
  };
  static const Trick kTricks[] = {
      {"mgrid", "MGridClass", [](Interp& in, Args& a) { return nd_grid(in, a.pos.at(0), false); }},
      {"ogrid", "OGridClass", [](Interp& in, Args& a) { return nd_grid(in, a.pos.at(0), true); }},
      {"r_", "RClass", [](Interp& in, Args& a) { return axis_concat(in, a.pos.at(0), 0, 1, -1); }},
      {"c_", "CClass", [](Interp& in, Args& a) { return axis_concat(in, a.pos.at(0), -1, 2, 0); }},
      {"s_", "IndexExpression", [](Interp& in, Args& a) { return a.pos.at(0); }},
      {"index_exp", "IndexExpression",
       [](Interp& in, Args& a) { return a.pos.at(0).as<TupleObj>() ? a.pos.at(0) : make_tuple({a.pos.at(0)}); }},
  };
  for (const Trick& t : kTricks)
    np.attrs[t.attr] = index_object(in, in.new_type(t.type, "numpy.lib._index_tricks_impl", {in.t.object}), t.get);
  def_ndarray_methods(kRoutineMethods);
  def_fns(in, submodule(in, "numpy.emath"), kEmath);
  np.attrs["typecodes"] = typecodes(in);
}

}  // namespace sl::lang
