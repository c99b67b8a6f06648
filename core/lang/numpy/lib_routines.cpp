// numpy/lib_routines: more of numpy.lib's everyday routines as Python functions --
// the along-axis indexing (take_along_axis, put_along_axis), the triangle and
// diagonal index builders and fill_diagonal, the masked edits (select, piecewise,
// extract, place, putmask), nan_to_num, logspace / geomspace, the complex-part
// helpers (real, imag, angle, iscomplex, ...), the array-API unique_* family,
// ediff1d, trim_zeros, diagflat, apply_over_axes, histogram_bin_edges, compress /
// choose, the dtype helpers, binary_repr / base_repr, vecdot / matvec / vecmat, and
// the two-output ufuncs (modf, frexp, ldexp, divmod).
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
#include "core/model/session_state.hpp"
#include "core/numpy/creation.hpp"
#include "core/numpy/join.hpp"
#include "core/numpy/lib_routines.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/ufunc.hpp"
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
  const DType dt = to_array(in, x)->dtype;
  if (is_complex(dt))
    in.raise_exc("TypeError", std::string("This operation is not supported for ") + name(dt) + " values because it would be ambiguous.");
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
  res = wrap(to_array(in, res));
  Value r = call_np(in, "ceil", {x}, {{"out", res}, {"where", call_np(in, "less", {x, Value::integer(0)})}});
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

// ---- differences, trimming, diagonals, axes

Value I(int64_t v) { return Value::integer(v); }

// np.ediff1d(ary, to_end, to_begin): ary.ravel()'s differences with the extras
// around them, in ary's dtype (extras must cast to it under same_kind).
Value np_ediff1d(Interp& in, Args& a) {
  Value ary = call_np(in, "ravel", {wrap(to_array(in, a.required(0, "ary")))});
  Value to_end = a.optional(1, "to_end"), to_begin = a.optional(2, "to_begin");
  a.finish(3);
  Value hi = in.getitem(ary, slice_value(I(1), Value())), lo = in.getitem(ary, slice_value(Value(), I(-1)));
  if (to_begin.is_none() && to_end.is_none()) return in.binop(BinOp::Sub, hi, lo);
  const DType dt = to_array(in, ary)->dtype;
  auto extra = [&](Value v, const char* what) -> Value {
    if (v.is_none()) return v;
    ArrayPtr x = to_array(in, v);
    if (!can_cast(x->dtype, dt, Casting::SameKind))
      in.raise_exc("TypeError", std::string("dtype of `") + what + "` must be compatible with input `ary` under the `same_kind` rule.");
    return call_np(in, "ravel", {wrap(x)});
  };
  to_begin = extra(to_begin, "to_begin");
  to_end = extra(to_end, "to_end");
  const int64_t lb = to_begin.is_none() ? 0 : in.len(to_begin), le = to_end.is_none() ? 0 : in.len(to_end);
  const int64_t ld = std::max<int64_t>(in.len(ary) - 1, 0);
  Value r = call_np(in, "empty", {I(ld + lb + le)}, {{"dtype", dtype_value(in, dt)}});
  if (lb > 0) in.setitem(r, slice_value(Value(), I(lb)), to_begin);
  if (le > 0) in.setitem(r, slice_value(I(lb + ld), Value()), to_end);
  call_np(in, "subtract", {hi, lo, in.getitem(r, slice_value(I(lb), I(lb + ld)))});
  return r;
}

// np.trim_zeros(filt, trim='fb', axis=None): filt sliced from the first to the last
// nonzero position (per axis for an n-d array); the slice is filt's own.
Value np_trim_zeros(Interp& in, Args& a) {
  Value filt = a.required(0, "filt"), trimv = a.optional(1, "trim", make_str("fb")), axis = a.optional(2, "axis");
  a.finish(3);
  ArrayPtr f = to_array(in, filt);
  std::string trim = in.str(in.call(in.getattr(trimv, "lower"), std::vector<Value>{}));
  if (trim != "fb" && trim != "bf" && trim != "f" && trim != "b")
    in.raise_exc("ValueError", "unexpected character(s) in `trim`: " + in.repr(make_str(trim)));
  const int nd = std::max(f->ndim(), 1);
  Value nz = call_np(in, "argwhere", {wrap(f)});
  std::vector<Value> start(static_cast<size_t>(nd)), stop(static_cast<size_t>(nd));
  if (to_array(in, nz)->shape[0] == 0) {
    start.assign(size_t(nd), I(0));
    stop.assign(size_t(nd), I(0));
  } else {
    Value mn = method_call(in, nz, "min", {}, {{"axis", I(0)}}), mx = method_call(in, nz, "max", {}, {{"axis", I(0)}});
    for (int d = 0; d < nd; ++d) {
      if (trim.find('f') != std::string::npos) start[size_t(d)] = I(in.index_value(in.getitem(mn, I(d))));
      if (trim.find('b') != std::string::npos) stop[size_t(d)] = I(in.index_value(in.getitem(mx, I(d))) + 1);
    }
  }
  if (nd == 1) return in.getitem(filt, slice_value(start[0], stop[0]));
  std::vector<Value> key;
  if (axis.is_none()) {
    for (int d = 0; d < nd; ++d) key.push_back(slice_value(start[size_t(d)], stop[size_t(d)]));
  } else {
    const int ax = normalize_axis_index(in.index_value(axis), nd);
    for (int d = 0; d < ax; ++d) key.push_back(slice_value(Value(), Value()));
    key.push_back(slice_value(start[size_t(ax)], stop[size_t(ax)]));
    key.push_back(ellipsis_value());
  }
  return in.getitem(filt, make_tuple(std::move(key)));
}

Value np_diagflat(Interp& in, Args& a) {
  Value v = a.required(0, "v"), k = a.optional(1, "k", I(0));
  a.finish(2);
  return call_np(in, "diag", {call_np(in, "ravel", {wrap(to_array(in, v))}), k});
}

// np.apply_over_axes(func, a, axes): val = func(val, axis) for each axis, with the
// reduced axis put back (expand_dims) when func dropped it.
Value np_apply_over_axes(Interp& in, Args& a) {
  Value func = a.required(0, "func"), av = a.required(1, "a"), axes = a.required(2, "axes");
  a.finish(3);
  Value val = wrap(to_array(in, av));
  const int64_t n = in.index_value(in.getattr(av, "ndim"));
  std::vector<Value> list = to_array(in, axes)->ndim() == 0 ? std::vector<Value>{axes} : in.to_vector(axes);
  for (Value ax : list) {
    int64_t k = in.index_value(ax);
    if (k < 0) k += n;
    Value res = in.call(func, std::vector<Value>{val, I(k)});
    const int64_t vd = in.index_value(in.getattr(val, "ndim"));
    if (in.index_value(in.getattr(res, "ndim")) != vd) {
      res = call_np(in, "expand_dims", {res, I(k)});
      if (in.index_value(in.getattr(res, "ndim")) != vd)
        in.raise_exc("ValueError", "function is not returning an array of the correct shape");
    }
    val = res;
  }
  return val;
}

Value np_histogram_bin_edges(Interp& in, Args& a) {
  Value x = a.required(0, "a"), bins = a.optional(1, "bins", I(10)), range = a.optional(2, "range"), w = a.optional(3, "weights");
  a.finish(4);
  return in.getitem(call_np(in, "histogram", {x, bins, range}, {{"weights", w}}), I(1));
}

// ---- cumulative_sum / cumulative_prod (the array API's), compress, choose

Value cumulative(Interp& in, Args& a, const char* fn, int64_t initial) {
  Value x = wrap(to_array(in, a.required(0, "x")));
  Value axis = a.optional(99, "axis"), dtype = a.optional(99, "dtype"), out = a.optional(99, "out");
  bool include_initial = in.truthy(a.optional(99, "include_initial", Value::boolean(false)));
  a.finish(1);
  const int nd = x.arr().ndim();
  if (axis.is_none()) {
    if (nd > 1) in.raise_exc("ValueError", "For arrays which have more than one dimension ``axis`` argument is required.");
    axis = I(0);
  }
  if (nd == 0) in.raise_exc("ValueError", "axis 0 is out of bounds for array of dimension 0");
  Value r = call_np(in, fn, {x}, {{"axis", axis}, {"dtype", dtype}});
  if (include_initial) {
    const int ax = normalize_axis_index(in.index_value(axis), nd);
    std::vector<Value> shape;
    for (int64_t d : to_array(in, r)->shape) shape.push_back(I(d));
    shape[size_t(ax)] = I(1);
    Value first = call_np(in, "full", {make_tuple(shape), I(initial)}, {{"dtype", in.getattr(r, "dtype")}});
    r = call_np(in, "concatenate", {make_list({first, r})}, {{"axis", I(ax)}});
  }
  if (out.is_none()) return r;
  call_np(in, "copyto", {out, r});
  return out;
}
Value np_cumulative_sum(Interp& in, Args& a) { return cumulative(in, a, "cumsum", 0); }
Value np_cumulative_prod(Interp& in, Args& a) { return cumulative(in, a, "cumprod", 1); }

// compress(condition, a, axis): take(a, nonzero(condition)[0], axis) for a 1-d
// condition no longer than the axis.
Value compress_value(Interp& in, const Value& cond, const Value& arr, const Value& axis, const Value& out) {
  ArrayPtr c = to_array(in, cond);
  if (c->ndim() != 1) in.raise_exc("ValueError", "condition must be a 1-d array");
  Value x = axis.is_none() ? call_np(in, "ravel", {arr}) : wrap(to_array(in, arr));
  ArrayPtr xa = to_array(in, x);
  const int ax = axis.is_none() ? 0 : normalize_axis_index(in.index_value(axis), xa->ndim());
  Value nz = in.getitem(call_np(in, "nonzero", {wrap(c)}), I(0));
  ArrayPtr nza = to_array(in, nz);
  if (nza->size() && load<int64_t>(nza->data() + 8 * (nza->size() - 1)) >= xa->shape[size_t(ax)])
    in.raise_exc("IndexError", "index " + std::to_string(load<int64_t>(nza->data() + 8 * (nza->size() - 1))) +
                                   " is out of bounds for axis " + std::to_string(ax) + " with size " +
                                   std::to_string(xa->shape[size_t(ax)]));
  return call_np(in, "take", {x, nz}, {{"axis", I(ax)}, {"out", out}});
}
Value np_compress(Interp& in, Args& a) {
  Value cond = a.required(0, "condition"), arr = a.required(1, "a"), axis = a.optional(2, "axis"), out = a.optional(3, "out");
  a.finish(4);
  return compress_value(in, cond, arr, axis, out);
}
Value ndarray_compress(Interp& in, const ArrayPtr& self, Args& a) {
  Value cond = a.required(0, "condition"), axis = a.optional(1, "axis"), out = a.optional(2, "out");
  a.finish(3);
  return compress_value(in, cond, wrap(self), axis, out);
}

// choose(a, choices, out, mode): result[i] = choices[a[i]][i], everything broadcast
// together; 'raise' refuses an index outside [0, n), 'wrap' takes it modulo n,
// 'clip' clamps it.
Value choose_value(Interp& in, const Value& av, const Value& choices, const Value& out, const Value& modev) {
  std::string mode = modev.is_none() ? "raise" : in.str(modev);
  // broadcast in NumPy's order (PyArray_Choose): the choices, then the index array
  std::vector<Value> items, ch = in.to_vector(choices);
  for (auto& c : ch) items.push_back(c = wrap(to_array(in, c)));
  items.push_back(wrap(to_array(in, av)));
  Value dtype = call_np(in, "result_type", ch);
  std::vector<Value> b = in.to_vector(call_np(in, "broadcast_arrays", items));
  const int64_t n = int64_t(ch.size());
  Value idx = b.back();
  b.pop_back();
  if (!is_integer(to_array(in, idx)->dtype) && to_array(in, idx)->dtype != DType::Bool)
    in.raise_exc("TypeError", "Cannot cast array data from " + in.repr(in.getattr(idx, "dtype")) + " to dtype('int64') according to the rule 'safe'");
  if (mode == "raise" || mode == "r") {
    if (in.truthy(call_np(in, "any", {call_np(in, "logical_or", {in.compare(CmpOp::Lt, idx, I(0)), in.compare(CmpOp::Ge, idx, I(n))})})))
      in.raise_exc("ValueError", "invalid entry in choice array");
  } else if (mode == "wrap" || mode == "w") {
    idx = call_np(in, "mod", {idx, I(n)});
  } else if (mode == "clip" || mode == "c") {
    idx = call_np(in, "clip", {idx, I(0), I(n - 1)});
  } else {
    in.raise_exc("ValueError", "clipmode must be one of 'clip', 'raise', or 'wrap' (got " + in.repr(modev) + ")");
  }
  Value stacked = call_np(in, "stack", {make_list(b)}, {{"dtype", dtype}});
  Value r = in.getitem(call_np(in, "take_along_axis", {stacked, in.getitem(idx, Value()), I(0)}), I(0));
  if (out.is_none()) return r;
  call_np(in, "copyto", {out, r});
  return out;
}
Value np_choose(Interp& in, Args& a) {
  Value av = a.required(0, "a"), ch = a.required(1, "choices"), out = a.optional(2, "out"), mode = a.optional(3, "mode");
  a.finish(4);
  return choose_value(in, av, ch, out, mode);
}
Value ndarray_choose(Interp& in, const ArrayPtr& self, Args& a) {
  Value ch = a.required(0, "choices"), out = a.optional(1, "out"), mode = a.optional(2, "mode");
  a.finish(3);
  return choose_value(in, wrap(self), ch, out, mode);
}

// ---- small predicates and conversions

Value np_asarray_chkfinite(Interp& in, Args& a) {
  Value x = a.required(0, "a"), dtype = a.optional(1, "dtype"), order = a.optional(2, "order");
  a.finish(3);
  Value r = call_np(in, "asarray", {x}, {{"dtype", dtype}, {"order", order}});
  if (is_inexact(to_array(in, r)->dtype) && !in.truthy(method_call(in, call_np(in, "isfinite", {r}), "all", {})))
    in.raise_exc("ValueError", "array must not contain infs or NaNs");
  return r;
}
Value np_iterable(Interp& in, Args& a) {
  Value y = a.required(0, "y");
  a.finish(1);
  try {
    in.iter(y);
  } catch (const PyError& e) {
    if (e.type != "TypeError") throw;
    return Value::boolean(false);
  }
  return Value::boolean(true);
}
// sort_complex(a): sorted (real part first, then imaginary), as complex64 for
// 8- and 16-bit integers, else complex128 unless already complex.
Value np_sort_complex(Interp& in, Args& a) {
  Value b = call_np(in, "array", {a.required(0, "a")}, {{"copy", Value::boolean(true)}});
  a.finish(1);
  method_call(in, b, "sort", {});
  const DType dt = to_array(in, b)->dtype;
  if (is_complex(dt)) return b;
  const bool small = dt == DType::I8 || dt == DType::U8 || dt == DType::I16 || dt == DType::U16;
  return method_call(in, b, "astype", {dtype_value(in, small ? DType::C64 : DType::C128)});
}

// ---- dtype helpers (numpy/lib/_type_check_impl.py, numpy/_core/numeric.py)

Value np_min_scalar_type(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  a.finish(1);
  bool small_unsigned = false;
  DType dt = x->ndim() == 0 ? min_scalar_type(*x, small_unsigned) : x->dtype;
  return dtype_value(in, dt);
}

// common_type(*arrays): the inexact scalar type all of them fit (integers count
// as float64, float16 stays float16); TypeError for other dtypes.
Value np_common_type(Interp& in, Args& a) {
  int precision = 0;  // 0 half, 1 single, 2 double
  bool complex = false;
  precision = a.pos.empty() ? 0 : -1;
  for (const Value& v : a.pos) {
    ArrayPtr x = need_array(in, v, "dtype");
    DType dt = x->dtype;
    int p;
    if (is_integer(dt)) p = 2;
    else if (dt == DType::F16) p = 0;
    else if (dt == DType::F32 || dt == DType::C64) p = 1;
    else if (dt == DType::F64 || dt == DType::C128) p = 2;
    else in.raise_exc("TypeError", "can't get common type for non-numeric array");
    complex = complex || is_complex(dt);
    precision = std::max(precision, p);
  }
  a.kw.clear();
  if (precision < 0) precision = 0;
  static const char* kReal[] = {"float16", "float32", "float64"};
  static const char* kComplex[] = {"complex64", "complex64", "complex128"};
  return in.modules.at("numpy")->attrs.at(complex ? kComplex[precision] : kReal[precision]);
}

// mintypecode(typechars, typeset='GDFgdf', default='d'): of the type codes (or
// arrays' dtype chars) that are in typeset, the one first in NumPy's
// by-element-size order 'GDFgdfQqLlIiHhCcBb?'; 'D' for 'F' with 'd'.
Value np_mintypecode(Interp& in, Args& a) {
  Value chars = a.required(0, "typechars");
  std::string typeset = in.str(a.optional(1, "typeset", make_str("GDFgdf")));
  Value dflt = a.optional(2, "default", make_str("d"));
  a.finish(3);
  std::string found;
  for (const Value& c : in.to_vector(chars)) {
    std::string t = c.as<StrObj>() ? in.str(c) : in.str(in.getattr(in.getattr(wrap(to_array(in, c)), "dtype"), "char"));
    if (!t.empty() && typeset.find(t) != std::string::npos) found += t;
  }
  if (found.empty()) return dflt;
  if (found.find('F') != std::string::npos && found.find('d') != std::string::npos) return make_str("D");
  static const std::string kBySize = "GDFgdfQqLlIiHhCcBb?";
  char best = found[0];
  for (char d : found)
    if (kBySize.find(d) < kBySize.find(best)) best = d;
  return make_str(std::string(1, best));
}

Value np_isfortran(Interp& in, Args& a) {
  ArrayPtr x = need_array(in, a.required(0, "a"), "flags");
  a.finish(1);
  Value flags = in.getattr(wrap(x), "flags");
  return Value::boolean(in.truthy(in.getattr(flags, "f_contiguous")) && !in.truthy(in.getattr(flags, "c_contiguous")));
}

// ---- integer formatting (numpy/_core/numeric.py: binary_repr, base_repr)

std::string to_base(uint64_t v, int base) {
  static const char* kDigits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  std::string out;
  for (; v; v /= uint64_t(base)) out.insert(out.begin(), kDigits[v % uint64_t(base)]);
  return out;
}

Value np_binary_repr(Interp& in, Args& a) {
  const int64_t num = in.index_value(a.required(0, "num"));
  Value wv = a.optional(1, "width");
  a.finish(2);
  const bool has_w = !wv.is_none();
  const int64_t width = has_w ? in.index_value(wv) : 0;
  auto check = [&](int64_t binwidth) {
    if (has_w && width < binwidth)
      in.raise_exc("ValueError", "Insufficient bit width=" + std::to_string(width) + " provided for binwidth=" + std::to_string(binwidth));
  };
  if (num == 0) return make_str(std::string(size_t(has_w && width > 0 ? width : 1), '0'));
  const uint64_t mag = num < 0 ? uint64_t(0) - uint64_t(num) : uint64_t(num);
  std::string bin = to_base(mag, 2);
  if (num > 0) {
    check(int64_t(bin.size()));
    return make_str(std::string(size_t(std::max<int64_t>(width - int64_t(bin.size()), 0)), '0') + bin);
  }
  if (!has_w) return make_str("-" + bin);
  int64_t poswidth = int64_t(bin.size());
  if (mag == (uint64_t(1) << (poswidth - 1))) --poswidth;
  const std::string two = to_base((uint64_t(1) << (poswidth + 1)) - mag, 2);
  check(int64_t(two.size()));
  return make_str(std::string(size_t(std::max<int64_t>(width - int64_t(two.size()), 0)), '1') + two);
}

Value np_base_repr(Interp& in, Args& a) {
  Value nv = a.required(0, "number");
  const int64_t base = in.index_value(a.optional(1, "base", I(2))), padding = in.index_value(a.optional(2, "padding", I(0)));
  a.finish(3);
  if (base > 36) in.raise_exc("ValueError", "Bases greater than 36 not handled in base_repr.");
  if (base < 2) in.raise_exc("ValueError", "Bases less than 2 not handled in base_repr.");
  const int64_t num = in.index_value(in.call(in.builtins["int"], std::vector<Value>{nv}));
  std::string r = to_base(num < 0 ? uint64_t(0) - uint64_t(num) : uint64_t(num), int(base));
  if (padding > 0) r = std::string(size_t(padding), '0') + r;
  if (num < 0) r = "-" + r;
  return make_str(r.empty() ? "0" : r);
}

// ---- vecdot / matvec / vecmat: NumPy 2's gufuncs, as sums of broadcast products.

[[noreturn]] void core_dim_error(Interp& in, const char* nm, const char* sig, int op, int dim, int64_t got, int64_t want) {
  in.raise_exc("ValueError", std::string(nm) + ": Input operand " + std::to_string(op) + " has a mismatch in its core dimension " +
                                 std::to_string(dim) + ", with gufunc signature " + sig + " (size " + std::to_string(got) +
                                 " is different from " + std::to_string(want) + ")");
}
void need_core_dims(Interp& in, const char* nm, const char* sig, int op, const Array& x, int need) {
  if (x.ndim() < need)
    in.raise_exc("ValueError", std::string(nm) + ": Input operand " + std::to_string(op) + " does not have enough dimensions (has " +
                                   std::to_string(x.ndim()) + ", gufunc core with signature " + sig + " requires " +
                                   std::to_string(need) + ")");
}

Value np_vecdot(Interp& in, Args& a) {
  Value x1 = wrap(to_array(in, a.required(0, "x1"))), x2 = wrap(to_array(in, a.required(1, "x2")));
  Value axis = a.optional(99, "axis", I(-1));
  a.finish(2);
  const char* sig = "(n),(n)->()";
  need_core_dims(in, "vecdot", sig, 0, x1.arr(), 1);
  need_core_dims(in, "vecdot", sig, 1, x2.arr(), 1);
  x1 = call_np(in, "moveaxis", {x1, axis, I(-1)});
  x2 = call_np(in, "moveaxis", {x2, axis, I(-1)});
  const int64_t n1 = x1.arr().shape.back(), n2 = x2.arr().shape.back();
  if (n1 != n2) core_dim_error(in, "vecdot", sig, 1, 0, n2, n1);
  return call_np(in, "sum", {in.binop(BinOp::Mul, call_np(in, "conjugate", {x1}), x2)}, {{"axis", I(-1)}});
}
Value np_matvec(Interp& in, Args& a) {
  Value x1 = wrap(to_array(in, a.required(0, "x1"))), x2 = wrap(to_array(in, a.required(1, "x2")));
  a.finish(2);
  const char* sig = "(m,n),(n)->(m)";
  need_core_dims(in, "matvec", sig, 0, x1.arr(), 2);
  need_core_dims(in, "matvec", sig, 1, x2.arr(), 1);
  const int64_t n1 = x1.arr().shape.back(), n2 = x2.arr().shape.back();
  if (n1 != n2) core_dim_error(in, "matvec", sig, 1, 0, n2, n1);
  Value v = in.getitem(x2, make_tuple({ellipsis_value(), Value(), slice_value(Value(), Value())}));
  return call_np(in, "sum", {in.binop(BinOp::Mul, x1, v)}, {{"axis", I(-1)}});
}
Value np_vecmat(Interp& in, Args& a) {
  Value x1 = wrap(to_array(in, a.required(0, "x1"))), x2 = wrap(to_array(in, a.required(1, "x2")));
  a.finish(2);
  const char* sig = "(n),(n,m)->(m)";
  need_core_dims(in, "vecmat", sig, 0, x1.arr(), 1);
  need_core_dims(in, "vecmat", sig, 1, x2.arr(), 2);
  const int64_t n1 = x1.arr().shape.back(), n2 = x2.arr().shape[size_t(x2.arr().ndim() - 2)];
  if (n1 != n2) core_dim_error(in, "vecmat", sig, 1, 0, n2, n1);
  Value v = in.getitem(call_np(in, "conjugate", {x1}), make_tuple({ellipsis_value(), slice_value(Value(), Value()), Value()}));
  return call_np(in, "sum", {in.binop(BinOp::Mul, v, x2)}, {{"axis", I(-2)}});
}

// ---- fromiter, in1d, mask_indices

Value np_fromiter(Interp& in, Args& a) {
  // NumPy's own argument parser for fromiter counts positions from 1
  const char* names[] = {"iter", "dtype"};
  for (size_t k = 0; k < 2; ++k) {
    bool kw = false;
    for (auto& p : a.kw) kw = kw || p.first == names[k];
    if (a.pos.size() <= k && !kw)
      in.raise_exc("TypeError", std::string("fromiter() missing required argument '") + names[k] + "' (pos " + std::to_string(k + 1) + ")");
  }
  Value it = a.required(0, "iter"), dtype = a.required(1, "dtype");
  const int64_t count = in.index_value(a.optional(2, "count", I(-1)));
  a.optional(99, "like");
  a.finish(3);
  std::vector<Value> items;
  Value iter = in.iter(it), v;
  while ((count < 0 || int64_t(items.size()) < count) && in.next(iter, v)) items.push_back(v);
  if (count >= 0 && int64_t(items.size()) < count)
    in.raise_exc("ValueError", "iterator too short: Expected " + std::to_string(count) + " but iterator had only " +
                                   std::to_string(items.size()) + " items.");
  return call_np(in, "array", {make_list(items)}, {{"dtype", dtype}});
}
Value np_in1d(Interp& in, Args& a) {
  Value ar1 = a.required(0, "ar1"), ar2 = a.required(1, "ar2");
  Value uniq = a.optional(2, "assume_unique", Value::boolean(false)), inv = a.optional(3, "invert", Value::boolean(false));
  Value kind = a.optional(99, "kind");
  a.finish(4);
  return call_np(in, "ravel", {call_np(in, "isin", {ar1, ar2}, {{"assume_unique", uniq}, {"invert", inv}, {"kind", kind}})});
}
Value np_mask_indices(Interp& in, Args& a) {
  Value n = a.required(0, "n"), fn = a.required(1, "mask_func"), k = a.optional(2, "k", I(0));
  a.finish(3);
  Value m = call_np(in, "ones", {make_tuple({n, n})}, {{"dtype", dtype_value(in, DType::I64)}});
  Value r = in.call(fn, std::vector<Value>{m, k});
  return call_np(in, "nonzero", {in.compare(CmpOp::Ne, r, I(0))});
}

// ---- array-API odds: ndarray.to_device / conjugate, isdtype, typename, buffer size

Value ndarray_to_device(Interp& in, const ArrayPtr& self, Args& a) {
  Value dev = a.required(0, "device");
  a.optional(99, "stream");
  a.finish(1);
  if (!(dev.as<StrObj>() && in.str(dev) == "cpu"))
    in.raise_exc("ValueError", "Unsupported device: " + in.str(dev) + ". Only 'cpu' is accepted.");
  return wrap(self);
}
Value ndarray_conjugate(Interp& in, const ArrayPtr& self, Args& a) {
  a.finish(0);
  return call_np(in, "conjugate", {wrap(self)});
}

// A NumPy dtype or scalar type as isdtype takes it (the dtype), or nothing.
std::optional<DType> numpy_type(Interp& in, const Value& v) {
  static const char* kTypes[] = {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                                 "float16", "float32", "float64", "complex64", "complex128"};
  if (v.as<DTypeObj>()) return to_dtype(in, v);
  if (v.is_array()) return std::nullopt;
  for (const char* t : kTypes)
    if (v.identity() && in.modules.at("numpy")->attrs.at(t).identity() == v.identity()) return to_dtype(in, v);
  return std::nullopt;
}
std::string class_repr(Interp& in, const Value& v) { return "<class '" + in.type_name(v) + "'>"; }

Value np_isdtype(Interp& in, Args& a) {
  Value dv = a.required(0, "dtype"), kind = a.required(1, "kind");
  a.finish(2);
  auto dt = numpy_type(in, dv);
  if (!dt) in.raise_exc("TypeError", "dtype argument must be a NumPy dtype, but it is a " + class_repr(in, dv) + ".");
  std::vector<Value> kinds = kind.as<TupleObj>() ? kind.as<TupleObj>()->items : std::vector<Value>{kind};
  bool hit = false;
  for (const Value& k : kinds) {
    if (auto* s = k.as<StrObj>()) {
      const std::string& n = s->s;
      const DType d = *dt;
      if (n == "bool") hit = hit || d == DType::Bool;
      else if (n == "signed integer") hit = hit || (is_integer(d) && info(d).kind == 'i');
      else if (n == "unsigned integer") hit = hit || (is_integer(d) && info(d).kind == 'u');
      else if (n == "integral") hit = hit || is_integer(d);
      else if (n == "real floating") hit = hit || is_float(d);
      else if (n == "complex floating") hit = hit || is_complex(d);
      else if (n == "numeric") hit = hit || is_integer(d) || is_inexact(d);
      else in.raise_exc("ValueError", "kind argument is a string, but " + in.repr(k) + " is not a known kind name.");
      continue;
    }
    auto kd = numpy_type(in, k);
    if (!kd)
      in.raise_exc("TypeError", "kind argument must be comprised of NumPy dtypes or strings only, but is a " + class_repr(in, k) + ".");
    hit = hit || *kd == *dt;
  }
  return Value::boolean(hit);
}

// np.typename(char): the C name of a type code (numpy/lib/_type_check_impl.py's table).
Value np_typename(Interp& in, Args& a) {
  Value c = a.required(0, "char");
  a.finish(1);
  static const std::pair<const char*, const char*> kNames[] = {
      {"S1", "character"}, {"?", "bool"}, {"b", "signed char"}, {"B", "unsigned char"}, {"h", "short"},
      {"H", "unsigned short"}, {"i", "integer"}, {"I", "unsigned integer"}, {"l", "long integer"},
      {"L", "unsigned long integer"}, {"q", "long long integer"}, {"Q", "unsigned long long integer"},
      {"f", "single precision"}, {"d", "double precision"}, {"g", "long precision"}, {"F", "complex single precision"},
      {"D", "complex double precision"}, {"G", "complex long double precision"}, {"S", "string"}, {"U", "unicode"},
      {"V", "void"}, {"O", "object"}};
  if (auto* s = c.as<StrObj>())
    for (auto& [k, v] : kNames)
      if (s->s == k) return make_str(v);
  Value exc = in.make_exception(in.exception_type("KeyError"), {c});
  throw PyException("KeyError", in.repr(c), exc);
}

// np.getbufsize / np.setbufsize: the ufunc buffer size, a session setting (stridelab's
// loops are unbuffered; the value is kept and returned as NumPy keeps it).
struct BufSize {
  int64_t size = 8192;
};
Value np_getbufsize(Interp&, Args& a) {
  a.finish(0);
  return I(session_state<BufSize>().size);
}
Value np_setbufsize(Interp& in, Args& a) {
  Value sv = a.required(0, "size");
  a.finish(1);
  const int64_t size = in.index_value(sv);
  const std::string txt = in.str(sv);
  if (size > 10000000) in.raise_exc("ValueError", "Buffer size, " + txt + ", is too big");
  if (size < 5) in.raise_exc("ValueError", "Buffer size, " + txt + ", is too small");
  if (size % 16 != 0) in.raise_exc("ValueError", "Buffer size, " + txt + ", is not a multiple of 16");
  const int64_t old = session_state<BufSize>().size;
  session_state<BufSize>().size = size;
  return I(old);
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
    {"putmask", np_putmask, {"putmask(a, /, mask, values)"}},
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
    {"ediff1d", np_ediff1d, {"ediff1d(ary, to_end=, to_begin=)"}},
    {"trim_zeros", np_trim_zeros, {"trim_zeros(filt, trim=, axis=)"}},
    {"diagflat", np_diagflat, {"diagflat(v, k=)"}},
    {"apply_over_axes", np_apply_over_axes, {"apply_over_axes(func, a, axes)"}},
    {"histogram_bin_edges", np_histogram_bin_edges, {"histogram_bin_edges(a, bins=, range=, weights=)"}},
    {"cumulative_sum", np_cumulative_sum, {"cumulative_sum(x, /, *, axis=, dtype=, out=, include_initial=)"}},
    {"cumulative_prod", np_cumulative_prod, {"cumulative_prod(x, /, *, axis=, dtype=, out=, include_initial=)"}},
    {"compress", np_compress, {"compress(condition, a, axis=, out=)"}},
    {"choose", np_choose, {"choose(a, choices, out=, mode=)"}},
    {"asarray_chkfinite", np_asarray_chkfinite, {"asarray_chkfinite(a, dtype=, order=)"}},
    {"iterable", np_iterable, {"iterable(y)"}},
    {"sort_complex", np_sort_complex, {"sort_complex(a)"}},
    {"min_scalar_type", np_min_scalar_type, {"min_scalar_type(a, /)"}},
    {"common_type", np_common_type, {"common_type(*arrays)"}},
    {"mintypecode", np_mintypecode, {"mintypecode(typechars, typeset=, default=)"}},
    {"isfortran", np_isfortran, {"isfortran(a)"}},
    {"binary_repr", np_binary_repr, {"binary_repr(num, width=)"}},
    {"base_repr", np_base_repr, {"base_repr(number, base=, padding=)"}},
    {"vecdot", np_vecdot, {"vecdot(x1, x2, /, *, axis=)"}},
    {"matvec", np_matvec, {"matvec(x1, x2, /)"}},
    {"vecmat", np_vecmat, {"vecmat(x1, x2, /)"}},
    {"fromiter", np_fromiter},
    {"in1d", np_in1d, {"in1d(ar1, ar2, assume_unique=, invert=, *, kind=)"}},
    {"mask_indices", np_mask_indices, {"mask_indices(n, mask_func, k=)"}},
    {"isdtype", np_isdtype, {"isdtype(dtype, kind)"}},
    {"typename", np_typename, {"typename(char)"}},
    {"getbufsize", np_getbufsize, {"getbufsize()"}},
    {"setbufsize", np_setbufsize, {"setbufsize(size)"}},
};

const MethodEntry kLibRoutineMethods[] = {
    {"compress", ndarray_compress},
    {"choose", ndarray_choose},
    {"to_device", ndarray_to_device},
    {"conjugate", ndarray_conjugate},
};

}  // namespace

void install_numpy_lib_routines(Interp& in, ModuleObj& np) {
  def_fns(in, np, kLibRoutines);
  def_ndarray_methods(kLibRoutineMethods);
  const Value ufunc_type = np.attrs.at("ufunc");
  np.attrs["modf"] = multi_ufunc(in, ufunc_type, "modf", 1, 2, modf_loop);
  np.attrs["frexp"] = multi_ufunc(in, ufunc_type, "frexp", 1, 2, frexp_loop);
  np.attrs["ldexp"] = multi_ufunc(in, ufunc_type, "ldexp", 2, 1, ldexp_loop);
  np.attrs["divmod"] = multi_ufunc(in, ufunc_type, "divmod", 2, 2, divmod_loop);
  np.attrs["little_endian"] = Value::boolean(true);  // every target stridelab builds for
  np.attrs["asanyarray"] = np.attrs.at("asarray");     // no ndarray subclasses to pass through
  np.attrs["long"] = np.attrs.at("int64");             // C long and unsigned long of LP64 targets
  np.attrs["ulong"] = np.attrs.at("uint64");
  np.attrs["uintc"] = np.attrs.at("uint32");
  np.attrs["ushort"] = np.attrs.at("uint16");
}

}  // namespace sl::lang
