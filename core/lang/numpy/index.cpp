// numpy/index: advanced (integer-array and boolean) indexing of numpy arrays --
// always a copy -- and the index-producing / index-consuming functions:
// take, put, nonzero, flatnonzero, argwhere, sort, argsort, unique.
// The algorithms live in the engine (core/ops/index, core/ops/sort); this file
// converts Python index expressions and arguments.
#include <cmath>
#include <cstring>

#include "core/model/element.hpp"
#include "core/ops/index.hpp"
#include "core/numpy/join.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"
#include "core/ops/copy.hpp"
#include "core/lang/numpy/ufuncs.hpp"
#include "core/numpy/routines.hpp"
#include "core/ops/sort.hpp"
#include "core/model/strides.hpp"
#include "core/ops/views.hpp"

namespace sl::lang {

namespace {

Value array_return(Interp& in, const ArrayPtr& r) {
  if (r->ndim() == 0 && !r->is_torch()) return element_value(in, *r, r->data());
  return wrap(r);
}

std::optional<int64_t> axis_arg(Interp& in, const Value& v) {
  if (v.is_none()) return std::nullopt;
  return in.index_value(v);
}

char clipmode(Interp& in, const Value& v) {
  std::string s = v.is_none() ? "raise" : in.str(v);
  char c = s.empty() ? '\0' : char(std::tolower((unsigned char)s[0]));
  if (c == 'r' || c == 'w' || c == 'c') return c;
  in.raise_exc("ValueError", "clipmode must be one of 'clip', 'raise', or 'wrap' (got '" + s + "')");
}

SortKind kind_arg(Interp& in, const Value& v) {
  if (v.is_none()) return SortKind::Quick;
  return parse_sort_kind(in.str(v));
}

// order= of sort/argsort: field names (a str or a list of them); the engine
// refuses it for arrays without fields.
std::vector<std::string> order_names(Interp& in, const Value& order) {
  std::vector<std::string> names;
  if (order.is_none()) return names;
  if (auto* s = order.as<StrObj>()) return {s->s};
  for (auto& x : in.to_vector(order)) names.push_back(in.str(x));
  if (names.empty()) names.push_back("");
  return names;
}

// PyArray_TakeFrom (np.take / ndarray.take).
Value take_impl(Interp& in, const ArrayPtr& a0, const Value& indices, const Value& axisv, const Value& out,
                const Value& mode) {
  ArrayPtr a = a0;
  int axis = 0;
  if (auto ax = axis_arg(in, axisv)) {
    a = a->ndim() == 0 ? reshape(a, {1}) : a;
    axis = normalize_axis_index(*ax, a->ndim());
  } else {
    a = ravel(a, 'C');
  }
  ArrayPtr ind = to_array(in, indices);
  if (!is_integer(ind->dtype) && ind->dtype != DType::Bool && !is_float(ind->dtype))
    in.raise_exc("TypeError", "Cannot cast array data from dtype('" + std::string(name(ind->dtype)) +
                                  "') to dtype('int64') according to the rule 'safe'");
  ArrayPtr r = take(a, *ind, axis, clipmode(in, mode));
  if (!out.is_none()) {
    ArrayPtr o = to_array(in, out);
    if (o->shape != r->shape) in.raise_exc("ValueError", "output array does not match result of ndarray.take");
    if (!o->writeable) in.raise_exc("ValueError", "output array is read-only");
    copy_into(*o, *r);
    return out;
  }
  return array_return(in, r);
}

const char* const kNonzero0d = "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.";

Value nonzero_value(Interp& in, const ArrayPtr& a0) {
  if (a0->ndim() == 0 && !a0->is_torch()) in.raise_exc("ValueError", kNonzero0d);  // NumPy 2: no longer read as 1-d
  ArrayPtr a = a0->ndim() == 0 ? reshape(a0, {1}) : a0;
  std::vector<Value> items;
  for (auto& x : nonzero(*a)) items.push_back(wrap(x));
  return make_tuple(std::move(items));
}

// numpy.argwhere: transpose(nonzero(a)) -- a transposed view of the
// (ndim, N) array of coordinates.
ArrayPtr argwhere(const ArrayPtr& a) {
  if (a->ndim() == 0) {
    ArrayPtr r = argwhere(reshape(a, {1}));
    IndexItem all, none;
    all.kind = IndexItem::Slice;
    none.kind = IndexItem::Slice;
    none.stop = 0;
    return basic_index(r, {all, none});
  }
  std::vector<ArrayPtr> nz = nonzero(*a);
  int64_t n = nz.empty() ? 0 : nz[0]->size();
  ArrayPtr coords = make_array(DType::I64, {int64_t(nz.size()), n});
  for (size_t k = 0; k < nz.size(); ++k)
    for (int64_t j = 0; j < n; ++j)
      store<int64_t>(coords->data() + (int64_t(k) * n + j) * 8, load<int64_t>(nz[k]->data() + j * nz[k]->strides[0]));
  return transpose(coords, {});
}

}  // namespace

namespace {

// ---- the functions install_numpy_index registers

Value np_take(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  Value ind = a.required(1, "indices");
  Value axis = a.optional(2, "axis"), out = a.optional(3, "out"), mode = a.optional(4, "mode");
  a.finish(5);
  return take_impl(in, x, ind, axis, out, mode);
}

Value ndarray_take(Interp& in, const ArrayPtr& self, Args& a) {
  Value ind = a.required(0, "indices");
  Value axis = a.optional(1, "axis"), out = a.optional(2, "out"), mode = a.optional(3, "mode");
  a.finish(4);
  return take_impl(in, self, ind, axis, out, mode);
}

Value np_nonzero(Interp& in, Args& a) {
  ArrayPtr x = to_array_dims_first(in, a.required(0, "a"));
  a.finish(1);
  return nonzero_value(in, x);
}

Value ndarray_nonzero(Interp& in, const ArrayPtr& self, Args& a) {
  a.finish(0);
  return nonzero_value(in, self);
}

Value np_flatnonzero(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  a.finish(1);
  return wrap(nonzero(*ravel(x, 'C'))[0]);
}

Value np_argwhere(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  a.finish(1);
  return wrap(argwhere(x));
}

Value np_sort(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  Value axis = a.optional(1, "axis", Value::integer(-1)), kind = a.optional(2, "kind"), order = a.optional(3, "order");
  a.finish(4);
  const std::vector<std::string> names = order_names(in, order);
  ArrayPtr c;
  if (axis.is_none()) {
    c = flatten(x, 'C');
    sort_inplace(*c, 0, kind_arg(in, kind), names);
  } else {
    int ax = normalize_axis_index(axis_int(in, axis, AxisReader::NumpyPython), x->ndim());
    c = copy_array(*x, 'K');
    sort_inplace(*c, ax, kind_arg(in, kind), names);
  }
  return wrap(c);
}

Value ndarray_sort(Interp& in, const ArrayPtr& self, Args& a) {
  Value axis = a.optional(0, "axis", Value::integer(-1)), kind = a.optional(1, "kind"), order = a.optional(2, "order");
  a.finish(3);
  int ax = normalize_axis_index(axis_int(in, axis, AxisReader::NumpyPython), self->ndim());
  const std::vector<std::string> names = order_names(in, order);
  if (!self->writeable) in.raise_exc("ValueError", "sort array is read-only");
  sort_inplace(*self, ax, kind_arg(in, kind), names);
  return Value();
}

// numpy/lib/arraysetops.py: unique via _unique1d (axis=None).
Value np_unique(Interp& in, Args& a) {
  ArrayPtr ar = to_array(in, a.required(0, "ar"));
  bool return_index = in.truthy(a.optional(1, "return_index", Value::boolean(false)));
  bool return_inverse = in.truthy(a.optional(2, "return_inverse", Value::boolean(false)));
  bool return_counts = in.truthy(a.optional(3, "return_counts", Value::boolean(false)));
  Value axis = a.optional(4, "axis");
  bool equal_nan = in.truthy(a.optional(99, "equal_nan", Value::boolean(true)));
  a.finish(5);
  if (!axis.is_none()) {  // core/numpy/routines: subarrays along the axis
    UniqueAxis u = unique_axis(ar, normalize_axis_index(in.index_value(axis), ar->ndim()));
    std::vector<Value> ret{wrap(u.values)};
    if (return_index) ret.push_back(wrap(u.index));
    if (return_inverse) ret.push_back(wrap(u.inverse));
    if (return_counts) ret.push_back(wrap(u.counts));
    return ret.size() == 1 ? ret[0] : make_tuple(std::move(ret));
  }
  ArrayPtr flat = flatten(ar, 'C');
  const int64_t n = flat->size();
  ArrayPtr perm, aux;
  if (return_index || return_inverse) {
    perm = argsort(*flat, 0, return_index ? SortKind::Stable : SortKind::Quick);
    aux = take(flat, *perm, 0);
  } else {
    sort_inplace(*flat, 0, SortKind::Quick);
    aux = flat;
  }
  // mask[i]: aux[i] starts a new run (NaNs collapse to one when equal_nan).
  std::vector<uint8_t> mask(size_t(n), 0);
  visit_dtype(aux->dtype, [&](auto t) {
    using T = decltype(t);
    const char* p = aux->data();
    auto at = [&](int64_t i) { return load<T>(p + i * aux->itemsize()); };
    auto isnan_ = [&](int64_t i) {
      if constexpr (is_complex_t<T>::value) return std::isnan(at(i).real()) || std::isnan(at(i).imag());
      else if constexpr (std::is_same_v<T, half>) return std::isnan(float(at(i)));
      else if constexpr (std::is_floating_point_v<T>) return std::isnan(at(i));
      else return false;
    };
    auto ne = [&](int64_t i, int64_t j) {
      if constexpr (std::is_same_v<T, half>) return float(at(i)) != float(at(j));
      else return at(i) != at(j);
    };
    if (n == 0) return;
    mask[0] = 1;
    int64_t firstnan = -1;
    if (equal_nan && is_inexact(aux->dtype) && isnan_(n - 1)) {
      firstnan = 0;
      while (!isnan_(firstnan)) ++firstnan;  // searchsorted(aux, aux[-1], 'left')
    }
    int64_t end = firstnan >= 0 ? firstnan : n;
    for (int64_t i = 1; i < end; ++i) mask[size_t(i)] = ne(i, i - 1);
    if (firstnan >= 0) mask[size_t(firstnan)] = 1;
  });
  std::vector<int64_t> sel, starts;
  for (int64_t i = 0; i < n; ++i)
    if (mask[size_t(i)]) sel.push_back(i);
  ArrayPtr selv = make_array(DType::I64, {int64_t(sel.size())});
  if (!sel.empty()) std::memcpy(selv->data(), sel.data(), sel.size() * 8);
  std::vector<Value> ret{wrap(take(aux, *selv, 0))};
  if (return_index) ret.push_back(wrap(take(perm, *selv, 0)));
  if (return_inverse) {
    ArrayPtr inv = make_array(DType::I64, {n});
    int64_t run = -1;
    for (int64_t i = 0; i < n; ++i) {
      run += mask[size_t(i)];
      int64_t j = load<int64_t>(perm->data() + 8 * i);
      store<int64_t>(inv->data() + 8 * j, run);
    }
    ret.push_back(wrap(reshape(inv, ar->shape)));  // NumPy 2: the input's shape when axis is None
  }
  if (return_counts) {
    ArrayPtr counts = make_array(DType::I64, {int64_t(sel.size())});
    for (size_t k = 0; k < sel.size(); ++k)
      store<int64_t>(counts->data() + 8 * k, (k + 1 < sel.size() ? sel[k + 1] : n) - sel[k]);
    ret.push_back(wrap(counts));
  }
  if (ret.size() == 1) return ret[0];
  return make_tuple(std::move(ret));
}

Value put_value(Interp& in, const ArrayPtr& x, Args& a, size_t first) {
  Value ind = a.required(first, "ind"), v = a.required(first + 1, "v");
  Value mode = a.optional(first + 2, "mode");
  a.finish(first + 3);
  if (!x->writeable) in.raise_exc("ValueError", "put: output array is read-only");
  ArrayPtr iv = to_array(in, ind);
  ArrayPtr vv = v.is_array() ? v.array() : to_array(in, v, x->dtype);
  put(x, *iv, *vv, clipmode(in, mode));
  return Value();
}
Value np_put(Interp& in, Args& a) {
  Value xv = a.required(0, "a");
  if (!xv.is_array()) in.raise_exc("TypeError", "argument 1 must be numpy.ndarray, not " + in.type_of(xv)->name);
  return put_value(in, xv.array(), a, 1);
}
Value ndarray_put(Interp& in, const ArrayPtr& self, Args& a) { return put_value(in, self, a, 0); }

Value argsort_value(Interp& in, const ArrayPtr& x, const Value& axis, const Value& kind, const Value& order) {
  const std::vector<std::string> names = order_names(in, order);
  if (axis.is_none()) return wrap(argsort(*ravel(x, 'C'), 0, kind_arg(in, kind), names));
  if (x->ndim() == 0) return wrap(argsort(*reshape(x, {1}), 0, kind_arg(in, kind), names));
  int ax = normalize_axis_index(axis_int(in, axis), x->ndim());
  return wrap(argsort(*x, ax, kind_arg(in, kind), names));
}
Value np_argsort(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  Value axis = a.optional(1, "axis", Value::integer(-1)), kind = a.optional(2, "kind"), order = a.optional(3, "order");
  a.finish(4);
  return argsort_value(in, x, axis, kind, order);
}
Value ndarray_argsort(Interp& in, const ArrayPtr& self, Args& a) {
  Value axis = a.optional(0, "axis", Value::integer(-1)), kind = a.optional(1, "kind"), order = a.optional(2, "order");
  a.finish(3);
  return argsort_value(in, self, axis, kind, order);
}

const FnEntry kIndexFns[] = {
    {"take", np_take, {"take(a, indices, axis=, out=, mode=)"}},
    {"nonzero", np_nonzero, {"nonzero(a)"}},
    {"flatnonzero", np_flatnonzero, {"flatnonzero(a)"}},
    {"argwhere", np_argwhere, {"argwhere(a)"}},
    {"sort", np_sort, {"sort(a, axis=, kind=, order=, *, stable=)"}},
    {"unique", np_unique, {"unique(ar, return_index=, return_inverse=, return_counts=, axis=, *, equal_nan=)"}},
    {"put", np_put, {"put(a, ind, v, mode=)"}},
    {"argsort", np_argsort, {"argsort(a, axis=, kind=, order=, *, stable=)"}},
};

const MethodEntry kIndexMethods[] = {
    {"take", ndarray_take},
    {"nonzero", ndarray_nonzero},
    {"sort", ndarray_sort},
    {"put", ndarray_put},
    {"argsort", ndarray_argsort},
};

}  // namespace

void install_numpy_index(Interp& in, ModuleObj& np) {
  def_fns(in, np, kIndexFns);
  def_ndarray_methods(kIndexMethods);
}

}  // namespace sl::lang
