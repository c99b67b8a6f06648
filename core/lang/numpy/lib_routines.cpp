// numpy/lib_routines: more of numpy.lib's everyday routines as Python functions --
// the along-axis indexing (take_along_axis, put_along_axis), the triangle and
// diagonal index builders and fill_diagonal, the masked edits (select, piecewise,
// extract, place, putmask), nan_to_num, logspace / geomspace, the complex-part
// helpers (real, imag, angle, iscomplex, ...), the array-API unique_* family,
// ediff1d, trim_zeros, diagflat, apply_over_axes, histogram_bin_edges.
//
// Invariant: as routines.cpp -- this file converts Python arguments and calls the
// engine (core/numpy/lib_routines, core/ops); what NumPy's Python writes in terms
// of other NumPy functions (select, piecewise, geomspace, ...) calls those through
// the numpy module, in NumPy's order, so their errors are the ones NumPy raises.
// Names are registered from the table at the end.
#include <cmath>
#include <cstring>

#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"
#include "core/lang/numpy/compose.hpp"
#include "core/lang/numpy/ufuncs.hpp"
#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/numpy/creation.hpp"
#include "core/numpy/join.hpp"
#include "core/numpy/lib_routines.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/views.hpp"

namespace sl::lang {

namespace {

Value call_np(Interp& in, const char* name, std::vector<Value> pos, std::vector<std::pair<std::string, Value>> kw = {}) {
  return np_call(in, name, std::move(pos), std::move(kw));
}
Value tuple_of_arrays(const std::vector<ArrayPtr>& arrays) {
  std::vector<Value> items;
  for (auto& x : arrays) items.push_back(wrap(x));
  return make_tuple(std::move(items));
}

// What NumPy's Python reads from an argument it expects to be an ndarray
// (arr.ndim, indices.dtype): a list has no such attribute.
ArrayPtr need_array(Interp& in, const Value& v, const char* attr) {
  if (!v.is_array()) in.raise_exc("AttributeError", "'" + in.type_name(v) + "' object has no attribute '" + attr + "'");
  return v.array();
}

// ---- along-axis indexing (numpy/lib/_shape_base_impl.py)

Value along_axis_key(Interp& in, const ArrayPtr& arr, const ArrayPtr& indices, int axis) {
  return tuple_of_arrays(along_axis_index(arr->shape, indices, axis));
}

Value np_take_along_axis(Interp& in, Args& a) {
  Value av = a.required(0, "arr"), iv = a.required(1, "indices"), axv = a.required(2, "axis");
  a.finish(3);
  if (axv.is_none()) {
    ArrayPtr idx = need_array(in, iv, "ndim");
    if (idx->ndim() != 1) in.raise_exc("ValueError", "when axis=None, `indices` must have a single dimension.");
    ArrayPtr flat = ravel(to_array(in, av));
    return in.getitem(wrap(flat), along_axis_key(in, flat, idx, 0));
  }
  ArrayPtr arr = need_array(in, av, "ndim");
  const int axis = normalize_axis_index(in.index_value(axv), arr->ndim());
  ArrayPtr idx = need_array(in, iv, "dtype");
  return in.getitem(av, along_axis_key(in, arr, idx, axis));
}

Value np_put_along_axis(Interp& in, Args& a) {
  Value av = a.required(0, "arr"), iv = a.required(1, "indices"), vals = a.required(2, "values"),
        axv = a.required(3, "axis");
  a.finish(4);
  if (axv.is_none()) {
    ArrayPtr idx = need_array(in, iv, "ndim");
    if (idx->ndim() != 1) in.raise_exc("ValueError", "when axis=None, `indices` must have a single dimension.");
    ArrayPtr arr = need_array(in, av, "flat");
    along_axis_index({arr->size()}, idx, 0);  // the index checks
    in.setitem(in.getattr(av, "flat"), wrap(idx), vals);
    return Value();
  }
  ArrayPtr arr = need_array(in, av, "ndim");
  const int axis = normalize_axis_index(in.index_value(axv), arr->ndim());
  ArrayPtr idx = need_array(in, iv, "dtype");
  in.setitem(av, along_axis_key(in, arr, idx, axis), vals);
  return Value();
}

// ---- triangles and diagonals (numpy/lib/_twodim_base_impl.py, _index_tricks_impl.py)

Value tri_indices_value(Interp& in, Args& a, bool upper) {
  const int64_t n = in.index_value(a.required(0, "n"));
  const int64_t k = in.index_value(a.optional(1, "k", Value::integer(0)));
  Value mv = a.optional(2, "m");
  a.finish(3);
  const int64_t m = mv.is_none() ? n : in.index_value(mv);
  auto [r, c] = tri_indices(std::max<int64_t>(n, 0), std::max<int64_t>(m, 0), k, upper);
  return make_tuple({wrap(r), wrap(c)});
}
Value np_tril_indices(Interp& in, Args& a) { return tri_indices_value(in, a, false); }
Value np_triu_indices(Interp& in, Args& a) { return tri_indices_value(in, a, true); }

Value tri_indices_from(Interp& in, Args& a, bool upper) {
  ArrayPtr arr = need_array(in, a.required(0, "arr"), "ndim");
  const int64_t k = in.index_value(a.optional(1, "k", Value::integer(0)));
  a.finish(2);
  if (arr->ndim() != 2) in.raise_exc("ValueError", "input array must be 2-d");
  auto [r, c] = tri_indices(arr->shape[0], arr->shape[1], k, upper);
  return make_tuple({wrap(r), wrap(c)});
}
Value np_tril_indices_from(Interp& in, Args& a) { return tri_indices_from(in, a, false); }
Value np_triu_indices_from(Interp& in, Args& a) { return tri_indices_from(in, a, true); }

// diag_indices(n, ndim=2): (arange(n),) * ndim -- one array, ndim times.
Value diag_indices_value(int64_t n, int64_t ndim) {
  ArrayPtr idx = make_array(DType::I64, {std::max<int64_t>(n, 0)});
  for (int64_t i = 0; i < n; ++i) store<int64_t>(idx->data() + 8 * i, i);
  return make_tuple(std::vector<Value>(size_t(std::max<int64_t>(ndim, 0)), wrap(idx)));
}
Value np_diag_indices(Interp& in, Args& a) {
  const int64_t n = in.index_value(a.required(0, "n"));
  const int64_t nd = in.index_value(a.optional(1, "ndim", Value::integer(2)));
  a.finish(2);
  return diag_indices_value(n, nd);
}
Value np_diag_indices_from(Interp& in, Args& a) {
  ArrayPtr arr = need_array(in, a.required(0, "arr"), "ndim");
  a.finish(1);
  if (arr->ndim() < 2) in.raise_exc("ValueError", "input array must be at least 2-d");
  for (int d = 1; d < arr->ndim(); ++d)
    if (arr->shape[size_t(d)] != arr->shape[0]) in.raise_exc("ValueError", "All dimensions of input must be of equal length");
  return diag_indices_value(arr->shape[0], arr->ndim());
}

// Values to write into `dst` as NumPy's flat / setitem assignment converts them:
// a Python scalar through the dtype's own conversion (float() of a complex
// raises), anything else as an array cast unsafely.
ArrayPtr values_for(Interp& in, const Value& v, const Array& dst) {
  if (v.is_array()) return copy_as(v.arr(), dst.dtype);
  if (v.as<ListObj>() || v.as<TupleObj>()) {
    ArrayPtr x = to_array(in, v);
    return x->dtype == dst.dtype ? x : copy_as(*x, dst.dtype);
  }
  ArrayPtr x = make_array(dst.dtype, {});
  store_element(in, v, *x, x->data());
  return x;
}

Value np_fill_diagonal(Interp& in, Args& a) {
  Value av = a.required(0, "a"), val = a.required(1, "val");
  bool wrap = in.truthy(a.optional(2, "wrap", Value::boolean(false)));
  a.finish(3);
  ArrayPtr arr = need_array(in, av, "ndim");
  if (arr->ndim() < 2) in.raise_exc("ValueError", "array must be at least 2-d");
  fill_diagonal(arr, *values_for(in, val, *arr), wrap);
  return Value();
}

// ---- masked edits

// np.select (numpy/lib/_function_base_impl.py): the first true condition's choice,
// `default` elsewhere, in result_type of the choices and default.
Value np_select(Interp& in, Args& a) {
  Value cl = a.required(0, "condlist"), chl = a.required(1, "choicelist"), dflt = a.optional(2, "default", Value::integer(0));
  a.finish(3);
  std::vector<Value> conds = in.to_vector(cl), choices = in.to_vector(chl);
  if (conds.size() != choices.size())
    in.raise_exc("ValueError", "list of cases must be same length as list of conditions");
  if (conds.empty()) in.raise_exc("ValueError", "select with an empty condition list is not possible");
  auto as_choice = [&](const Value& v) {
    return (v.is_int() || v.is_float() || v.as<ComplexObj>()) ? v : wrap(to_array(in, v));
  };
  for (auto& c : choices) c = as_choice(c);
  choices.push_back(as_choice(dflt));
  Value dtype = call_np(in, "result_type", choices);
  std::vector<Value> bconds = in.to_vector(call_np(in, "broadcast_arrays", conds));
  std::vector<Value> bchoices = in.to_vector(call_np(in, "broadcast_arrays", choices));
  for (size_t i = 0; i < bconds.size(); ++i)
    if (to_array(in, bconds[i])->dtype != DType::Bool)
      in.raise_exc("TypeError", "invalid entry " + std::to_string(i) + " in condlist: should be boolean ndarray");
  Value shape = in.getattr(bconds[0], "shape");
  if (to_array(in, bchoices[0])->ndim() != 0)
    shape = in.getattr(in.getitem(call_np(in, "broadcast_arrays", {bconds[0], bchoices[0]}), Value::integer(0)), "shape");
  Value result = call_np(in, "empty", {shape, dtype});
  call_np(in, "copyto", {result, bchoices.back()}, {{"casting", make_str("unsafe")}});
  for (size_t i = conds.size(); i-- > 0;) call_np(in, "copyto", {result, bchoices[i]}, {{"where", bconds[i]}});
  return result;
}

// np.piecewise(x, condlist, funclist, *args, **kw): y = zeros_like(x); for each
// condition, y[cond] = func(x[cond], ...) (or the constant); one extra function
// is the "otherwise" case.
Value np_piecewise(Interp& in, Args& a) {
  Value xv = a.required(0, "x"), cl = a.required(1, "condlist"), fl = a.required(2, "funclist");
  std::vector<Value> extra(a.pos.begin() + std::min<size_t>(3, a.pos.size()), a.pos.end());
  auto kw = a.kw;
  a.kw.clear();
  Value x = wrap(to_array(in, xv));
  const int64_t n2 = in.len(fl);
  const bool scalar_cond = !(cl.as<ListObj>() || cl.as<TupleObj>() || (cl.is_array() && cl.arr().flavor != Flavor::Scalar));
  if (scalar_cond) {
    cl = make_list({cl});
  } else if (to_array(in, x)->ndim() != 0) {
    Value c0 = in.getitem(cl, Value::integer(0));
    if (!(c0.as<ListObj>() || (c0.is_array() && c0.arr().flavor != Flavor::Scalar))) cl = make_list({cl});
  }
  Value conds = call_np(in, "asarray", {cl}, {{"dtype", dtype_value(in, DType::Bool)}});
  int64_t n = in.len(conds);
  if (n == n2 - 1) {
    Value any = call_np(in, "any", {conds}, {{"axis", Value::integer(0)}, {"keepdims", Value::boolean(true)}});
    conds = call_np(in, "concatenate", {make_list({conds, in.unaryop(UnaryOp::Invert, any)})}, {{"axis", Value::integer(0)}});
    ++n;
  } else if (n != n2) {
    in.raise_exc("ValueError", "with " + std::to_string(n) + " condition(s), either " + std::to_string(n) + " or " +
                                   std::to_string(n + 1) + " functions are expected");
  }
  Value y = call_np(in, "zeros_like", {x});
  std::vector<Value> funcs = in.to_vector(fl);
  for (int64_t i = 0; i < n && i < int64_t(funcs.size()); ++i) {
    Value cond = in.getitem(conds, Value::integer(i)), f = funcs[size_t(i)];
    if (!in.truthy(in.call(in.builtins["callable"], std::vector<Value>{f}))) {
      in.setitem(y, cond, f);
      continue;
    }
    Value vals = in.getitem(x, cond);
    if (to_array(in, vals)->size() == 0) continue;
    Args c;
    c.pos = {vals};
    c.pos.insert(c.pos.end(), extra.begin(), extra.end());
    c.kw = kw;
    in.setitem(y, cond, in.call(f, c));
  }
  return y;
}

// np.extract(condition, arr) = take(ravel(arr), nonzero(ravel(condition))[0]).
Value np_extract(Interp& in, Args& a) {
  Value cond = a.required(0, "condition"), arr = a.required(1, "arr");
  a.finish(2);
  Value nz = in.getitem(call_np(in, "nonzero", {call_np(in, "ravel", {cond})}), Value::integer(0));
  return call_np(in, "take", {call_np(in, "ravel", {arr}), nz});
}

Value np_place(Interp& in, Args& a) {
  Value av = a.required(0, "arr"), mask = a.required(1, "mask"), vals = a.required(2, "vals");
  a.finish(3);
  if (!av.is_array() || av.arr().flavor == Flavor::Scalar)
    in.raise_exc("TypeError", "place() argument 1 must be numpy.ndarray, not " + in.type_name(av));
  ArrayPtr arr = av.array();
  ArrayPtr v = to_array(in, vals);
  place(arr, *to_array(in, mask), *(v->dtype == arr->dtype ? v : copy_as(*v, arr->dtype)));
  return Value();
}

Value np_putmask(Interp& in, Args& a) {
  Value av = a.required(0, "a"), mask = a.required(1, "mask"), vals = a.required(2, "values");
  a.finish(3);
  if (!av.is_array() || av.arr().flavor == Flavor::Scalar)
    in.raise_exc("TypeError", "putmask: first argument must be an array");
  ArrayPtr arr = av.array();
  putmask(arr, *to_array(in, mask), *values_for(in, vals, *arr));
  return Value();
}

// ---- nan_to_num, logspace, geomspace

Value np_nan_to_num(Interp& in, Args& a) {
  Value xv = a.required(0, "x");
  bool copy = in.truthy(a.optional(1, "copy", Value::boolean(true)));
  double nan = in.float_value(a.optional(2, "nan", Value::floating(0.0)));
  Value pv = a.optional(3, "posinf"), nv = a.optional(4, "neginf");
  a.finish(5);
  ArrayPtr x = to_array(in, xv);
  const bool scalar = x->ndim() == 0;
  if (copy || !xv.is_array() || x->flavor == Flavor::Scalar) x = copy_array(*x);
  if (!is_inexact(x->dtype)) return scalar ? element_value(in, *x, x->data()) : wrap(x);
  std::optional<double> pinf, ninf;
  if (!pv.is_none()) pinf = in.float_value(pv);
  if (!nv.is_none()) ninf = in.float_value(nv);
  nan_to_num(x, nan, pinf, ninf);
  return scalar ? element_value(in, *x, x->data()) : (copy || !xv.is_array() ? wrap(x) : xv);
}

// np.logspace (numpy/_core/function_base.py): power(base, linspace(start, stop, ...)),
// base broadcast along the new axis.
Value np_logspace(Interp& in, Args& a) {
  Value start = a.required(0, "start"), stop = a.required(1, "stop");
  Value num = a.optional(2, "num", Value::integer(50)), endpoint = a.optional(3, "endpoint", Value::boolean(true));
  Value base = a.optional(4, "base", Value::floating(10.0)), dtype = a.optional(5, "dtype"), axis = a.optional(6, "axis", Value::integer(0));
  a.finish(7);
  const int64_t nd = in.len(call_np(in, "broadcast_shapes", {call_np(in, "shape", {start}), call_np(in, "shape", {stop}),
                                                             call_np(in, "shape", {base})}));
  auto nd_arr = [&](const Value& v) { return call_np(in, "array", {v}, {{"copy", Value()}, {"ndmin", Value::integer(nd)}}); };
  Value y = call_np(in, "linspace", {nd_arr(start), nd_arr(stop)}, {{"num", num}, {"endpoint", endpoint}, {"axis", axis}});
  Value b = call_np(in, "expand_dims", {nd_arr(base)}, {{"axis", axis}});
  Value r = call_np(in, "power", {b, y});
  if (dtype.is_none()) return r;
  Args cast{{dtype}, {{"copy", Value::boolean(false)}}, ""};
  return in.call(in.getattr(r, "astype"), cast);
}

// np.geomspace: logspace of log10(start / sign(start)) .. log10(stop / sign(start))
// times sign(start), with the end points set exactly.
Value np_geomspace(Interp& in, Args& a) {
  Value start = a.required(0, "start"), stop = a.required(1, "stop");
  const int64_t num = in.index_value(a.optional(2, "num", Value::integer(50)));
  Value endpoint = a.optional(3, "endpoint", Value::boolean(true)), dtype = a.optional(4, "dtype");
  Value axis = a.optional(5, "axis", Value::integer(0));
  a.finish(6);
  start = wrap(to_array(in, start));
  stop = wrap(to_array(in, stop));
  if (in.truthy(call_np(in, "any", {in.compare(CmpOp::Eq, start, Value::integer(0))})) ||
      in.truthy(call_np(in, "any", {in.compare(CmpOp::Eq, stop, Value::integer(0))})))
    in.raise_exc("ValueError", "Geometric sequence cannot include zero");
  Value dt = call_np(in, "result_type", {start, stop, Value::floating(double(num)), call_np(in, "zeros", {make_tuple({}), dtype})});
  Value out_dtype = dtype.is_none() ? dt : call_np(in, "dtype", {dtype});
  Args cp{{dt}, {{"copy", Value::boolean(true)}}, ""};
  start = in.call(in.getattr(start, "astype"), cp);
  Args cp2{{dt}, {{"copy", Value::boolean(true)}}, ""};
  stop = in.call(in.getattr(stop, "astype"), cp2);
  Value sign = call_np(in, "sign", {start});
  start = in.inplace_binop(BinOp::TrueDiv, start, sign);
  stop = in.binop(BinOp::TrueDiv, stop, sign);
  Value r = call_np(in, "logspace", {call_np(in, "log10", {start}), call_np(in, "log10", {stop})},
                    {{"num", Value::integer(num)}, {"endpoint", endpoint}, {"base", Value::floating(10.0)}, {"dtype", dt}});
  if (num > 0) {
    in.setitem(r, Value::integer(0), start);
    if (num > 1 && in.truthy(endpoint)) in.setitem(r, Value::integer(-1), stop);
  }
  r = in.binop(BinOp::Mul, sign, r);
  if (in.index_value(axis) != 0) r = call_np(in, "moveaxis", {r, Value::integer(0), axis});
  Args cast{{out_dtype}, {{"copy", Value::boolean(false)}}, ""};
  return in.call(in.getattr(r, "astype"), cast);
}

// ---- complex parts (numpy/lib/_type_check_impl.py, _function_base_impl.py: angle)

Value part_of(Interp& in, Args& a, const char* part) {
  Value v = a.required(0, "val");
  a.finish(1);
  if (v.is_array() || v.is_int() || v.is_float() || v.is_bool() || v.as<ComplexObj>()) return in.getattr(v, part);
  return in.getattr(wrap(to_array(in, v)), part);
}
Value np_real(Interp& in, Args& a) { return part_of(in, a, "real"); }
Value np_imag(Interp& in, Args& a) { return part_of(in, a, "imag"); }

Value np_angle(Interp& in, Args& a) {
  Value z = wrap(to_array(in, a.required(0, "z")));
  bool deg = in.truthy(a.optional(1, "deg", Value::boolean(false)));
  a.finish(2);
  Value re = z, im = Value::integer(0);
  if (is_complex(to_array(in, z)->dtype)) {
    re = in.getattr(z, "real");
    im = in.getattr(z, "imag");
  }
  Value r = call_np(in, "arctan2", {im, re});
  if (deg) r = in.inplace_binop(BinOp::Mul, r, Value::floating(180.0 / M_PI));
  return r;
}

bool complex_obj(Interp& in, const Value& x) {
  if (x.is_array()) return is_complex(x.arr().dtype);
  if (in.hasattr(x, "dtype")) return is_complex(to_dtype(in, in.getattr(x, "dtype")));
  return is_complex(to_array(in, x)->dtype);
}
Value np_iscomplexobj(Interp& in, Args& a) {
  Value x = a.required(0, "x");
  a.finish(1);
  return Value::boolean(complex_obj(in, x));
}
Value np_isrealobj(Interp& in, Args& a) {
  Value x = a.required(0, "x");
  a.finish(1);
  return Value::boolean(!complex_obj(in, x));
}
Value np_iscomplex(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "x"));
  a.finish(1);
  if (is_complex(x->dtype)) return in.compare(CmpOp::Ne, in.getattr(wrap(x), "imag"), Value::integer(0));
  ArrayPtr r = make_array(DType::Bool, x->shape);
  return x->ndim() == 0 ? make_scalar(DType::Bool, r->data()) : wrap(r);
}
Value np_isreal(Interp& in, Args& a) {
  Value x = a.required(0, "x");
  a.finish(1);
  Args c{{x}, {}, ""};
  return in.compare(CmpOp::Eq, np_imag(in, c), Value::integer(0));
}
Value np_real_if_close(Interp& in, Args& a) {
  Value av = wrap(to_array(in, a.required(0, "a")));
  double tol = in.float_value(a.optional(1, "tol", Value::integer(100)));
  a.finish(2);
  DType dt = av.arr().dtype;
  if (!is_complex(dt)) return av;
  if (tol > 1) tol *= dt == DType::C64 ? 1.1920928955078125e-07 : 2.220446049250313e-16;
  Value imag_abs = call_np(in, "absolute", {in.getattr(av, "imag")});
  if (in.truthy(call_np(in, "all", {in.compare(CmpOp::Lt, imag_abs, Value::floating(tol))}))) return in.getattr(av, "real");
  return av;
}

// isposinf / isneginf: isinf(x) & signbit(x) (inverted); complex input raises.
Value inf_sign(Interp& in, Args& a, bool negative) {
  Value x = a.required(0, "x"), out = a.optional(1, "out");
  a.finish(2);
  if (is_complex(to_array(in, x)->dtype))
    in.raise_exc("TypeError", "This operation is not supported for complex values because it would be ambiguous.");
  Value sb = call_np(in, "signbit", {x});
  if (!negative) sb = in.unaryop(UnaryOp::Invert, sb);
  return call_np(in, "logical_and", {call_np(in, "isinf", {x}), sb}, {{"out", out}});
}
Value np_isposinf(Interp& in, Args& a) { return inf_sign(in, a, false); }
Value np_isneginf(Interp& in, Args& a) { return inf_sign(in, a, true); }

// np.fix: ceil of the negatives, floor of the rest (float result), NumPy scalar for a 0-d input.
Value np_fix(Interp& in, Args& a) {
  Value x = a.required(0, "x"), out = a.optional(1, "out");
  a.finish(2);
  Value res = call_np(in, "floor", {x}, {{"out", out}});
  Value r = call_np(in, "ceil", {x}, {{"out", res}, {"where", in.compare(CmpOp::Lt, x, Value::integer(0))}});
  if (out.is_none() && r.is_array() && r.arr().ndim() == 0) return in.getitem(r, make_tuple({}));
  return r;
}

// ---- the array-API unique family: namedtuples of np.unique's results.

Value unique_result(Interp& in, const char* type, std::vector<const char*> fields, Value x, bool index, bool inverse,
                    bool counts) {
  Value res = call_np(in, "unique", {x},
                      {{"return_index", Value::boolean(index)}, {"return_inverse", Value::boolean(inverse)},
                       {"return_counts", Value::boolean(counts)}, {"equal_nan", Value::boolean(false)}});
  std::vector<Value> parts = in.to_vector(res);
  if (inverse) {
    size_t k = index ? 2 : 1;
    parts[k] = in.call(in.getattr(parts[k], "reshape"), std::vector<Value>{in.getattr(wrap(to_array(in, x)), "shape")});
  }
  std::vector<Value> names;
  for (const char* f : fields) names.push_back(make_str(f));
  Value cls = in.call(in.getattr(in.import("collections"), "namedtuple"), std::vector<Value>{make_str(type), make_list(names)});
  return in.call(cls, parts);
}
Value np_unique_values(Interp& in, Args& a) {
  Value x = a.required(0, "x");
  a.finish(1);
  return call_np(in, "unique", {x}, {{"equal_nan", Value::boolean(false)}});
}
Value np_unique_counts(Interp& in, Args& a) {
  Value x = a.required(0, "x");
  a.finish(1);
  return unique_result(in, "UniqueCountsResult", {"values", "counts"}, x, false, false, true);
}
Value np_unique_inverse(Interp& in, Args& a) {
  Value x = a.required(0, "x");
  a.finish(1);
  return unique_result(in, "UniqueInverseResult", {"values", "inverse_indices"}, x, false, true, false);
}
Value np_unique_all(Interp& in, Args& a) {
  Value x = a.required(0, "x");
  a.finish(1);
  return unique_result(in, "UniqueAllResult", {"values", "indices", "inverse_indices", "counts"}, x, true, true, true);
}

// ---- the ufuncs with an integer operand or two outputs: modf, frexp, ldexp, divmod.
// Each is a numpy.ufunc object (nin, nout, out=) over the engine's loops; the loop
// is the first of NumPy's `types` list every input casts to safely.

using MultiFn = std::vector<ArrayPtr> (*)(Interp& in, const std::vector<UfuncOperand>& ops);

[[noreturn]] void no_safe_loop(Interp& in, const char* nm) {
  in.raise_exc("TypeError", std::string("ufunc '") + nm +
                                "' not supported for the input types, and the inputs could not be safely coerced to any "
                                "supported types according to the casting rule ''safe''");
}
DType float_loop(Interp& in, const char* nm, const UfuncOperand& o) {
  for (DType l : {DType::F16, DType::F32, DType::F64})
    if (can_cast(o.array->dtype, l, Casting::Safe)) return l;
  no_safe_loop(in, nm);
}
ArrayPtr cast_to(const ArrayPtr& a, DType dt) { return a->dtype == dt ? a : copy_as(*a, dt); }

std::vector<ArrayPtr> modf_loop(Interp& in, const std::vector<UfuncOperand>& ops) {
  auto [f, w] = modf(cast_to(ops[0].array, float_loop(in, "modf", ops[0])));
  return {f, w};
}
std::vector<ArrayPtr> frexp_loop(Interp& in, const std::vector<UfuncOperand>& ops) {
  auto [m, e] = frexp(cast_to(ops[0].array, float_loop(in, "frexp", ops[0])));
  return {m, e};
}
std::vector<ArrayPtr> ldexp_loop(Interp& in, const std::vector<UfuncOperand>& ops) {
  static const std::pair<DType, DType> kLoops[] = {{DType::F16, DType::I32}, {DType::F32, DType::I32}, {DType::F16, DType::I64},
                                                   {DType::F32, DType::I64}, {DType::F64, DType::I32}, {DType::F64, DType::I64}};
  for (auto [f, i] : kLoops)
    if (can_cast(ops[0].array->dtype, f, Casting::Safe) && can_cast(ops[1].array->dtype, i, Casting::Safe))
      return {ldexp(cast_to(ops[0].array, f), cast_to(ops[1].array, i))};
  no_safe_loop(in, "ldexp");
}
// divmod(x1, x2) = (floor_divide(x1, x2), remainder(x1, x2)): NumPy's loops compute
// both with npy_divmod, which the two ufuncs' loops also follow.
std::vector<ArrayPtr> divmod_loop(Interp&, const std::vector<UfuncOperand>& ops) {
  ArrayPtr q = ufunc_call(Ufunc::floor_divide, ops), r = ufunc_call(Ufunc::remainder, ops);
  for (ArrayPtr* p : {&q, &r})
    if ((*p)->flavor == Flavor::Scalar) (*p)->flavor = Flavor::NumPy;
  return {q, r};
}

Value call_multi(Interp& in, const char* nm, int nin, int nout, MultiFn fn, Args& a) {
  a.fname = nm;
  const size_t nargs = size_t(nin + nout);
  if (a.pos.size() < size_t(nin) || a.pos.size() > nargs)
    in.raise_exc("TypeError", std::string(nm) + "() takes from " + std::to_string(nin) + " to " + std::to_string(nargs) +
                                  " positional arguments but " + std::to_string(a.pos.size()) + " were given");
  std::vector<Value> outs(a.pos.begin() + nin, a.pos.end());
  for (auto& [k, v] : a.kw) {
    if (k != "out") {
      if (k == "where" || k == "casting" || k == "dtype" || k == "order" || k == "subok" || k == "signature")
        in.raise_exc("NotImplementedError", std::string("stridelab's np.") + nm + " takes only out= of the ufunc keywords");
      in.raise_exc("TypeError", std::string(nm) + "() got an unexpected keyword argument '" + k + "'");
    }
    if (!outs.empty()) in.raise_exc("TypeError", "cannot specify 'out' as both a positional and keyword argument");
    if (auto* t = v.as<TupleObj>()) {
      if (int(t->items.size()) != nout)
        in.raise_exc("ValueError", "The 'out' tuple must have exactly one entry per ufunc output");
      outs = t->items;
    } else if (nout == 1) {
      outs = {v};
    } else if (!v.is_none()) {
      in.raise_exc("TypeError", "'out' must be a tuple of arrays");
    }
  }
  a.kw.clear();
  std::vector<UfuncOperand> ops;
  for (int k = 0; k < nin; ++k) ops.push_back(operand_or_raise(in, a.pos[size_t(k)]));
  std::vector<ArrayPtr> res = fn(in, ops);
  std::vector<Value> vals;
  for (int k = 0; k < nout; ++k) {
    Value o = size_t(k) < outs.size() ? outs[size_t(k)] : Value();
    if (o.is_none()) {
      vals.push_back(result_value(res[size_t(k)]));
      continue;
    }
    ArrayPtr dst = out_arg(in, o);
    copy_into(*dst, *broadcast_to(res[size_t(k)], dst->shape));
    vals.push_back(o);
  }
  return nout == 1 ? vals[0] : make_tuple(std::move(vals));
}

Value multi_ufunc(Interp& in, const Value& ufunc_type, const char* nm, int nin, int nout, MultiFn fn) {
  auto g = std::make_shared<GenericObj>(ufunc_type.as<TypeObj>());
  g->attrs["__call__"] = in.builtin(nm, [nm, nin, nout, fn](Interp& in, Args& a) { return call_multi(in, nm, nin, nout, fn, a); });
  g->attrs["__name__"] = make_str(nm);
  const std::string r = std::string("<ufunc '") + nm + "'>";
  g->attrs["__repr__"] = in.builtin("__repr__", [r](Interp&, Args&) { return make_str(r); });
  g->attrs["nin"] = Value::integer(nin);
  g->attrs["nout"] = Value::integer(nout);
  g->attrs["nargs"] = Value::integer(nin + nout);
  g->attrs["identity"] = Value();
  g->attrs["signature"] = Value();
  return Value(std::static_pointer_cast<Obj>(g));
}

const FnEntry kLibRoutines[] = {
    {"take_along_axis", np_take_along_axis, {"take_along_axis(arr, indices, axis)"}},
    {"put_along_axis", np_put_along_axis, {"put_along_axis(arr, indices, values, axis)"}},
    {"tril_indices", np_tril_indices, {"tril_indices(n, k=, m=)"}},
    {"triu_indices", np_triu_indices, {"triu_indices(n, k=, m=)"}},
    {"tril_indices_from", np_tril_indices_from, {"tril_indices_from(arr, k=)"}},
    {"triu_indices_from", np_triu_indices_from, {"triu_indices_from(arr, k=)"}},
    {"diag_indices", np_diag_indices, {"diag_indices(n, ndim=)"}},
    {"diag_indices_from", np_diag_indices_from, {"diag_indices_from(arr)"}},
    {"fill_diagonal", np_fill_diagonal, {"fill_diagonal(a, val, wrap=)"}},
    {"select", np_select, {"select(condlist, choicelist, default=)"}},
    {"piecewise", np_piecewise, {"piecewise(x, condlist, funclist, *args, **kw)"}},
    {"extract", np_extract, {"extract(condition, arr)"}},
    {"place", np_place, {"place(arr, mask, vals)"}},
    {"putmask", np_putmask, {"putmask(a, /, mask, values)", SigStyle::NumpyC}},
    {"nan_to_num", np_nan_to_num, {"nan_to_num(x, copy=, nan=, posinf=, neginf=)"}},
    {"logspace", np_logspace, {"logspace(start, stop, num=, endpoint=, base=, dtype=, axis=)"}},
    {"geomspace", np_geomspace, {"geomspace(start, stop, num=, endpoint=, dtype=, axis=)"}},
    {"real", np_real, {"real(val)"}},
    {"imag", np_imag, {"imag(val)"}},
    {"angle", np_angle, {"angle(z, deg=)"}},
    {"iscomplexobj", np_iscomplexobj, {"iscomplexobj(x)"}},
    {"isrealobj", np_isrealobj, {"isrealobj(x)"}},
    {"iscomplex", np_iscomplex, {"iscomplex(x)"}},
    {"isreal", np_isreal, {"isreal(x)"}},
    {"real_if_close", np_real_if_close, {"real_if_close(a, tol=)"}},
    {"isposinf", np_isposinf, {"isposinf(x, out=)"}},
    {"isneginf", np_isneginf, {"isneginf(x, out=)"}},
    {"fix", np_fix, {"fix(x, out=)"}},
    {"unique_values", np_unique_values, {"unique_values(x)"}},
    {"unique_counts", np_unique_counts, {"unique_counts(x)"}},
    {"unique_inverse", np_unique_inverse, {"unique_inverse(x)"}},
    {"unique_all", np_unique_all, {"unique_all(x)"}},
};

}  // namespace

void install_numpy_lib_routines(Interp& in, ModuleObj& np) {
  def_fns(in, np, kLibRoutines);
  const Value ufunc_type = np.attrs.at("ufunc");
  np.attrs["modf"] = multi_ufunc(in, ufunc_type, "modf", 1, 2, modf_loop);
  np.attrs["frexp"] = multi_ufunc(in, ufunc_type, "frexp", 1, 2, frexp_loop);
  np.attrs["ldexp"] = multi_ufunc(in, ufunc_type, "ldexp", 2, 1, ldexp_loop);
  np.attrs["divmod"] = multi_ufunc(in, ufunc_type, "divmod", 2, 2, divmod_loop);
}

}  // namespace sl::lang
