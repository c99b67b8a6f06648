// numpy/lib_stats: the statistics NumPy writes in Python on top of its ufuncs and
// reductions -- cov, corrcoef, gradient, trapezoid (and the deprecated trapz),
// and the NaN-ignoring nanvar / nanstd / nanargmin / nanargmax / nancumsum /
// nancumprod / nanmedian / nanpercentile / nanquantile.
//
// Invariant: each routine calls the numpy module's own functions in the order
// NumPy's Python does (numpy/lib/_function_base_impl.py, _nanfunctions_impl.py),
// so dtypes, rounding and errors are those of the functions it is made of; no
// layout rule lives here.
#include <cmath>

#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"
#include "core/lang/numpy/compose.hpp"
#include "core/model/error.hpp"
#include "core/ops/views.hpp"

namespace sl::lang {

namespace {

Value I(int64_t v) { return Value::integer(v); }
Value B(bool v) { return Value::boolean(v); }
Value arr_value(Interp& in, const Value& v) { return v.is_array() ? v : wrap(to_array(in, v)); }
int ndim_of(Interp& in, const Value& v) { return to_array(in, v)->ndim(); }
bool truthy_np(Interp& in, const char* fn, const Value& v) { return in.truthy(np_call(in, fn, {v})); }

// A tuple of `nd` slices, `s` on `axis` and ':' elsewhere.
Value slice_on(int nd, int axis, Value s) {
  std::vector<Value> items(size_t(nd), slice_value(Value(), Value()));
  items[size_t(axis)] = s;
  return make_tuple(std::move(items));
}
Value at(Interp& in, const Value& a, int nd, int axis, Value s) { return in.getitem(a, slice_on(nd, axis, s)); }

// ---- cov / corrcoef

// np.cov(m, y, rowvar, bias, ddof, fweights, aweights, *, dtype): the weighted
// covariance of the rows (variables) over the columns (observations):
// c = (X - avg) . (X - avg)^H * (1 / fact), squeezed.
Value np_cov(Interp& in, Args& a) {
  Value m = a.required(0, "m"), y = a.optional(1, "y");
  bool rowvar = in.truthy(a.optional(2, "rowvar", B(true))), bias = in.truthy(a.optional(3, "bias", B(false)));
  Value ddofv = a.optional(4, "ddof"), fw = a.optional(5, "fweights"), aw = a.optional(6, "aweights");
  Value dtype = a.optional(99, "dtype");
  a.finish(7);
  if (!ddofv.is_none() && in.float_value(ddofv) != double(int64_t(in.float_value(ddofv))))
    in.raise_exc("ValueError", "ddof must be integer");
  m = np_call(in, "asarray", {m});
  if (ndim_of(in, m) > 2) in.raise_exc("ValueError", "m has more than 2 dimensions");
  if (!y.is_none()) {
    y = np_call(in, "asarray", {y});
    if (ndim_of(in, y) > 2) in.raise_exc("ValueError", "y has more than 2 dimensions");
  }
  Value f64 = dtype_value(in, DType::F64);
  if (dtype.is_none()) dtype = y.is_none() ? np_call(in, "result_type", {m, f64}) : np_call(in, "result_type", {m, y, f64});
  Value X = np_call(in, "array", {m}, {{"ndmin", I(2)}, {"dtype", dtype}});
  if (!rowvar && ndim_of(in, m) != 1) X = in.getattr(X, "T");
  if (to_array(in, X)->shape[0] == 0) return method_call(in, np_call(in, "array", {make_list()}), "reshape", {I(0), I(0)});
  if (!y.is_none()) {
    y = np_call(in, "array", {y}, {{"copy", Value()}, {"ndmin", I(2)}, {"dtype", dtype}});
    if (!rowvar && to_array(in, y)->shape[0] != 1) y = in.getattr(y, "T");
    X = np_call(in, "concatenate", {make_tuple({X, y})}, {{"axis", I(0)}});
  }
  const int64_t ddof = ddofv.is_none() ? (bias ? 0 : 1) : in.index_value(np_call(in, "int64", {ddofv}));
  const int64_t nobs = to_array(in, X)->shape[1];
  Value w;
  auto weights = [&](Value v, const char* what) {
    v = np_call(in, "asarray", {v}, {{"dtype", dtype_value(in, DType::F64)}});
    ArrayPtr wa = to_array(in, v);
    if (std::string(what) == "fweights" &&
        !truthy_np(in, "all", in.compare(CmpOp::Eq, v, np_call(in, "around", {v}))))
      in.raise_exc("TypeError", "fweights must be integer");
    if (wa->ndim() > 1) in.raise_exc("RuntimeError", std::string("cannot handle multidimensional ") + what);
    if (wa->ndim() == 0 || wa->shape[0] != nobs)
      in.raise_exc("RuntimeError", std::string("incompatible numbers of samples and ") + what);
    if (truthy_np(in, "any", in.compare(CmpOp::Lt, v, I(0))))
      in.raise_exc("ValueError", std::string(what) + " cannot be negative");
    return v;
  };
  if (!fw.is_none()) w = fw = weights(fw, "fweights");
  if (!aw.is_none()) {
    aw = weights(aw, "aweights");
    w = w.is_none() ? aw : in.inplace_binop(BinOp::Mul, w, aw);
  }
  Value res = np_call(in, "average", {X}, {{"axis", I(1)}, {"weights", w}, {"returned", B(true)}});
  Value avg = in.getitem(res, I(0)), w_sum = in.getitem(in.getitem(res, I(1)), I(0));
  Value fact;
  if (w.is_none()) fact = I(nobs - ddof);
  else if (ddof == 0) fact = w_sum;
  else if (aw.is_none()) fact = in.binop(BinOp::Sub, w_sum, I(ddof));
  else
    fact = in.binop(BinOp::Sub, w_sum,
                    in.binop(BinOp::TrueDiv, in.binop(BinOp::Mul, I(ddof), np_call(in, "sum", {in.binop(BinOp::Mul, w, aw)})), w_sum));
  if (!in.truthy(in.compare(CmpOp::Gt, fact, I(0)))) fact = Value::floating(0.0);
  X = in.inplace_binop(BinOp::Sub, X, in.getitem(avg, make_tuple({slice_value(Value(), Value()), Value()})));
  Value XT = w.is_none() ? in.getattr(X, "T") : in.getattr(in.binop(BinOp::Mul, X, w), "T");
  Value c = np_call(in, "dot", {X, method_call(in, XT, "conj", {})});
  c = in.inplace_binop(BinOp::Mul, c, np_call(in, "true_divide", {I(1), fact}));
  return method_call(in, c, "squeeze", {});
}

// np.corrcoef(x, y, rowvar, *, dtype): cov / outer(stddev, stddev), clipped to [-1, 1].
Value np_corrcoef(Interp& in, Args& a) {
  Value x = a.required(0, "x"), y = a.optional(1, "y"), rowvar = a.optional(2, "rowvar", B(true));
  a.optional(3, "bias");
  a.optional(4, "ddof");
  Value dtype = a.optional(99, "dtype");
  a.finish(5);
  Value c = np_call(in, "cov", {x, y, rowvar}, {{"dtype", dtype}});
  if (ndim_of(in, c) != 1 && ndim_of(in, c) != 2) return in.binop(BinOp::TrueDiv, c, c);
  Value d = np_call(in, "diag", {c});
  Value sd = np_call(in, "sqrt", {in.getattr(d, "real")});
  Value all = slice_value(Value(), Value());
  c = in.inplace_binop(BinOp::TrueDiv, c, in.getitem(sd, make_tuple({all, Value()})));
  c = in.inplace_binop(BinOp::TrueDiv, c, in.getitem(sd, make_tuple({Value(), all})));
  Value re = in.getattr(c, "real");
  np_call(in, "clip", {re, I(-1), I(1)}, {{"out", re}});
  if (is_complex(to_array(in, c)->dtype)) {
    Value im = in.getattr(c, "imag");
    np_call(in, "clip", {im, I(-1), I(1)}, {{"out", im}});
  }
  return c;
}

// ---- gradient (numpy/lib/_function_base_impl.py: gradient)

// The spacing of one axis: a scalar, or the differences of a coordinate array
// (a scalar again when they are all equal).
Value axis_spacing(Interp& in, const Value& d, int64_t len) {
  ArrayPtr da = to_array(in, d);
  if (da->ndim() == 0) return d;
  if (da->ndim() != 1) in.raise_exc("ValueError", "distances must be either scalars or 1d");
  if (da->shape[0] != len)
    in.raise_exc("ValueError", "when 1d, distances must match the length of the corresponding dimension");
  Value dv = wrap(da);
  if (is_integer(da->dtype) || da->dtype == DType::Bool) dv = method_call(in, dv, "astype", {dtype_value(in, DType::F64)});
  Value diffx = np_call(in, "diff", {dv});
  if (in.truthy(method_call(in, in.compare(CmpOp::Eq, diffx, in.getitem(diffx, I(0))), "all", {})))
    diffx = in.getitem(diffx, I(0));
  return diffx;
}

// One axis of the gradient: second-order central differences inside, first- or
// second-order one-sided differences at the two ends.
Value gradient_axis(Interp& in, const Value& f, Value out, int nd, int ax, const Value& dx, int edge) {
  auto S = [&](int64_t a0, std::optional<int64_t> b0) { return slice_value(I(a0), b0 ? I(*b0) : Value()); };
  auto F = [&](Value s) { return at(in, f, nd, ax, s); };
  auto set = [&](Value s, Value v) { in.setitem(out, slice_on(nd, ax, s), v); };
  auto mul = [&](Value x, Value y) { return in.binop(BinOp::Mul, x, y); };
  auto add = [&](Value x, Value y) { return in.binop(BinOp::Add, x, y); };
  auto sub = [&](Value x, Value y) { return in.binop(BinOp::Sub, x, y); };
  auto div = [&](Value x, Value y) { return in.binop(BinOp::TrueDiv, x, y); };
  auto neg = [&](Value x) { return in.unaryop(UnaryOp::Neg, x); };
  const bool uniform = to_array(in, dx)->ndim() == 0;
  auto shaped = [&](Value v) {  // a 1-d coefficient along `ax`
    std::vector<Value> shape(size_t(nd), I(1));
    shape[size_t(ax)] = I(-1);
    return method_call(in, v, "reshape", shape);
  };
  if (uniform) {
    set(S(1, -1), div(sub(F(S(2, std::nullopt)), F(S(0, -2))), mul(Value::floating(2.0), dx)));
  } else {
    Value dx1 = in.getitem(dx, slice_value(I(0), I(-1))), dx2 = in.getitem(dx, slice_value(I(1), Value()));
    Value ca = neg(div(dx2, mul(dx1, add(dx1, dx2))));
    Value cb = div(sub(dx2, dx1), mul(dx1, dx2));
    Value cc = div(dx1, mul(dx2, add(dx1, dx2)));
    set(S(1, -1), add(add(mul(shaped(ca), F(S(0, -2))), mul(shaped(cb), F(S(1, -1)))), mul(shaped(cc), F(S(2, std::nullopt)))));
  }
  if (edge == 1) {
    Value d0 = uniform ? dx : in.getitem(dx, I(0)), dn = uniform ? dx : in.getitem(dx, I(-1));
    set(I(0), div(sub(F(I(1)), F(I(0))), d0));
    set(I(-1), div(sub(F(I(-1)), F(I(-2))), dn));
    return out;
  }
  Value a0, b0, c0, an, bn, cn;
  if (uniform) {
    a0 = div(Value::floating(-1.5), dx), b0 = div(Value::floating(2.0), dx), c0 = div(Value::floating(-0.5), dx);
    an = div(Value::floating(0.5), dx), bn = div(Value::floating(-2.0), dx), cn = div(Value::floating(1.5), dx);
  } else {
    Value dx1 = in.getitem(dx, I(0)), dx2 = in.getitem(dx, I(1));
    a0 = neg(div(add(mul(Value::floating(2.0), dx1), dx2), mul(dx1, add(dx1, dx2))));
    b0 = div(add(dx1, dx2), mul(dx1, dx2));
    c0 = neg(div(dx1, mul(dx2, add(dx1, dx2))));
    dx1 = in.getitem(dx, I(-2)), dx2 = in.getitem(dx, I(-1));
    an = div(dx2, mul(dx1, add(dx1, dx2)));
    bn = neg(div(add(dx2, dx1), mul(dx1, dx2)));
    cn = div(add(mul(Value::floating(2.0), dx2), dx1), mul(dx2, add(dx1, dx2)));
  }
  set(I(0), add(add(mul(a0, F(I(0))), mul(b0, F(I(1)))), mul(c0, F(I(2)))));
  set(I(-1), add(add(mul(an, F(I(-3))), mul(bn, F(I(-2)))), mul(cn, F(I(-1)))));
  return out;
}

Value np_gradient(Interp& in, Args& a) {
  Value f = arr_value(in, a.required(0, "f"));
  std::vector<Value> varargs(a.pos.begin() + 1, a.pos.end());
  a.pos.resize(1);
  Value axisv = a.optional(99, "axis");
  const int64_t edge = in.index_value(a.optional(99, "edge_order", I(1)));
  a.finish(1);
  ArrayPtr fa = to_array(in, f);
  const int nd = fa->ndim();
  std::vector<int> axes;
  if (axisv.is_none()) {
    for (int k = 0; k < nd; ++k) axes.push_back(k);
  } else {
    std::vector<int64_t> raw;
    if (axisv.as<TupleObj>() || axisv.as<ListObj>())
      for (auto& v : in.to_vector(axisv)) raw.push_back(in.index_value(v));
    else
      raw.push_back(in.index_value(axisv));
    axes = normalize_axis_tuple(raw, nd);
  }
  const size_t n = varargs.size();
  std::vector<Value> dx;
  if (n == 0) {
    dx.assign(axes.size(), Value::floating(1.0));
  } else if (n == 1 && ndim_of(in, varargs[0]) == 0) {
    dx.assign(axes.size(), varargs[0]);
  } else if (n == axes.size()) {
    for (size_t i = 0; i < n; ++i) dx.push_back(axis_spacing(in, varargs[i], fa->shape[size_t(axes[i])]));
  } else {
    in.raise_exc("TypeError", "invalid number of arguments");
  }
  if (edge > 2) in.raise_exc("ValueError", "'edge_order' greater than 2 not supported");
  DType otype = fa->dtype;
  if (!is_inexact(otype)) {
    if (is_integer(otype)) f = method_call(in, f, "astype", {dtype_value(in, DType::F64)});
    otype = DType::F64;
  }
  std::vector<Value> outs;
  for (size_t i = 0; i < axes.size(); ++i) {
    const int ax = axes[i];
    if (fa->shape[size_t(ax)] < edge + 1)
      in.raise_exc("ValueError", "Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) elements are required.");
    Value out = np_call(in, "empty_like", {f}, {{"dtype", dtype_value(in, otype)}});
    outs.push_back(gradient_axis(in, f, out, nd, ax, dx[i], int(edge)));
  }
  if (outs.size() == 1) return outs[0];
  return make_tuple(std::move(outs));
}

// np.trapezoid(y, x=None, dx=1.0, axis=-1): sum(d * (y[1:] + y[:-1]) / 2.0, axis).
Value trapezoid_value(Interp& in, Args& a) {
  Value y = arr_value(in, a.required(0, "y")), x = a.optional(1, "x"), d = a.optional(2, "dx", Value::floating(1.0));
  const int64_t axis_in = in.index_value(a.optional(3, "axis", I(-1)));
  a.finish(4);
  const int nd = ndim_of(in, y);
  // NumPy indexes a list of nd slices with axis
  if (axis_in >= nd || axis_in < -nd) in.raise_exc("IndexError", "list assignment index out of range");
  if (!x.is_none()) {
    x = arr_value(in, x);
    if (ndim_of(in, x) == 1) {
      d = np_call(in, "diff", {x});
      std::vector<Value> shape(size_t(nd), I(1));
      const int ax = normalize_axis_index(axis_in, nd);
      shape[size_t(ax)] = I(to_array(in, d)->shape[0]);
      d = method_call(in, d, "reshape", shape);
    } else {
      d = np_call(in, "diff", {x}, {{"axis", I(axis_in)}});
    }
  }
  const int ax = normalize_axis_index(axis_in, nd);
  Value s = in.binop(BinOp::Add, at(in, y, nd, ax, slice_value(I(1), Value())), at(in, y, nd, ax, slice_value(Value(), I(-1))));
  Value t = in.binop(BinOp::TrueDiv, in.binop(BinOp::Mul, d, s), Value::floating(2.0));
  return method_call(in, arr_value(in, t), "sum", {I(axis_in)});
}
Value np_trapezoid(Interp& in, Args& a) { return trapezoid_value(in, a); }

// ---- the NaN-ignoring functions (numpy/lib/_nanfunctions_impl.py)

bool inexact(Interp& in, const Value& a) { return is_inexact(to_array(in, a)->dtype); }

// _replace_nan: a copy of an inexact `a` with NaN replaced by `val`, and the mask
// (None for other dtypes, which are returned as they are).
std::pair<Value, Value> replace_nan(Interp& in, Value a, Value val) {
  a = arr_value(in, a);
  if (!inexact(in, a)) return {a, Value()};
  Value mask = np_call(in, "isnan", {a});
  Value c = np_call(in, "array", {a}, {{"copy", B(true)}});
  np_call(in, "copyto", {c, val}, {{"where", mask}});
  return {c, mask};
}

Value nan_cumulative(Interp& in, Args& a, const char* fn, double fill) {
  Value x = a.required(0, "a"), axis = a.optional(1, "axis"), dtype = a.optional(2, "dtype"), out = a.optional(3, "out");
  a.finish(4);
  Value r = replace_nan(in, x, Value::floating(fill)).first;
  return np_call(in, fn, {r}, {{"axis", axis}, {"dtype", dtype}, {"out", out}});
}
Value np_nancumsum(Interp& in, Args& a) { return nan_cumulative(in, a, "cumsum", 0.0); }
Value np_nancumprod(Interp& in, Args& a) { return nan_cumulative(in, a, "cumprod", 1.0); }

Value nan_arg(Interp& in, Args& a, bool is_max) {
  Value x = a.required(0, "a"), axis = a.optional(1, "axis"), out = a.optional(2, "out");
  Value keepdims = a.optional(99, "keepdims", B(false));
  a.finish(3);
  auto [r, mask] = replace_nan(in, x, Value::floating(is_max ? -INFINITY : INFINITY));
  if (!mask.is_none() && to_array(in, mask)->size()) {
    Value all = np_call(in, "all", {mask}, {{"axis", axis}});
    if (truthy_np(in, "any", all)) in.raise_exc("ValueError", "All-NaN slice encountered");
  }
  return np_call(in, is_max ? "argmax" : "argmin", {r}, {{"axis", axis}, {"out", out}, {"keepdims", keepdims}});
}
Value np_nanargmin(Interp& in, Args& a) { return nan_arg(in, a, false); }
Value np_nanargmax(Interp& in, Args& a) { return nan_arg(in, a, true); }

// nanvar: sum(|x - mean|^2) / (count - ddof) over the non-NaN elements; NaN where
// count - ddof <= 0.
Value nanvar_value(Interp& in, Args& a) {
  Value x = a.required(0, "a"), axis = a.optional(1, "axis"), dtype = a.optional(2, "dtype"), out = a.optional(3, "out");
  Value ddof = a.optional(4, "ddof", I(0)), keepdims = a.optional(5, "keepdims", B(false));
  Value where = a.optional(99, "where", B(true)), mean = a.optional(99, "mean"), correction = a.optional(99, "correction");
  a.finish(6);
  auto [arr, mask] = replace_nan(in, x, I(0));
  if (mask.is_none()) {
    std::vector<std::pair<std::string, Value>> kw{{"axis", axis}, {"dtype", dtype}, {"out", out}, {"ddof", ddof},
                                                   {"keepdims", keepdims}};
    if (!(where.is_bool() && where.as_bool())) kw.push_back({"where", where});
    if (!mean.is_none()) kw.push_back({"mean", mean});
    if (!correction.is_none()) kw.push_back({"correction", correction});
    return np_call(in, "var", {arr}, kw);
  }
  if (!correction.is_none()) ddof = correction;
  Value cnt = np_call(in, "sum", {in.unaryop(UnaryOp::Invert, mask)},
                      {{"axis", axis}, {"dtype", dtype_value(in, DType::I64)}, {"keepdims", B(true)}, {"where", where}});
  Value avg = mean;
  if (avg.is_none()) {
    avg = np_call(in, "sum", {arr}, {{"axis", axis}, {"dtype", dtype}, {"keepdims", B(true)}, {"where", where}});
    avg = np_call(in, "true_divide", {avg, cnt}, {{"out", avg}, {"casting", make_str("unsafe")}});
  }
  np_call(in, "subtract", {arr, avg}, {{"out", arr}, {"casting", make_str("unsafe")}, {"where", where}});
  np_call(in, "copyto", {arr, I(0)}, {{"where", mask}, {"casting", make_str("unsafe")}});
  Value sqr = is_complex(to_array(in, arr)->dtype)
                  ? in.getattr(np_call(in, "multiply", {arr, method_call(in, arr, "conj", {})}, {{"out", arr}, {"where", where}}), "real")
                  : np_call(in, "multiply", {arr, arr}, {{"out", arr}, {"where", where}});
  Value var = np_call(in, "sum", {sqr}, {{"axis", axis}, {"dtype", dtype}, {"out", out}, {"keepdims", keepdims}, {"where", where}});
  if (ndim_of(in, var) < ndim_of(in, cnt)) cnt = method_call(in, cnt, "squeeze", {axis});
  Value dof = in.binop(BinOp::Sub, cnt, ddof);
  if (var.is_array() && var.arr().flavor != Flavor::Scalar)
    var = np_call(in, "true_divide", {var, dof}, {{"out", var}, {"casting", make_str("unsafe")}});
  else
    var = np_call(in, "true_divide", {var, dof}, {{"dtype", np_call(in, "result_type", {var})}});
  Value bad = in.compare(CmpOp::Le, dof, I(0));
  if (truthy_np(in, "any", bad)) {
    if (var.is_array() && var.arr().flavor != Flavor::Scalar) np_call(in, "copyto", {var, Value::floating(NAN)}, {{"where", bad}});
    else var = np_call(in, "where", {bad, Value::floating(NAN), var});
    if (var.is_array() && var.arr().ndim() == 0 && var.arr().flavor != Flavor::Scalar) var = in.getitem(var, make_tuple({}));
  }
  return var;
}
Value np_nanvar(Interp& in, Args& a) { return nanvar_value(in, a); }
Value np_nanstd(Interp& in, Args& a) {
  Value var = nanvar_value(in, a);
  if (var.is_array() && var.arr().flavor != Flavor::Scalar) return np_call(in, "sqrt", {var}, {{"out", var}});
  return np_call(in, "sqrt", {var});
}

// nanmedian / nanpercentile / nanquantile: the plain function on the non-NaN
// elements of every lane along the reduced axes (the plain one itself for
// non-float input). Results are q.shape + the kept axes.
Value nan_order_stat(Interp& in, const char* fn, Value x, Value q, Value axis, Value keepdims, std::vector<std::pair<std::string, Value>> kw) {
  x = arr_value(in, x);
  ArrayPtr xa = to_array(in, x);
  std::vector<Value> pos{x};
  if (!q.is_none()) pos.push_back(q);
  if (!is_inexact(xa->dtype)) {
    kw.push_back({"axis", axis});
    kw.push_back({"keepdims", keepdims});
    return np_call(in, fn, pos, kw);
  }
  const int nd = xa->ndim();
  std::vector<int64_t> raw;
  if (axis.is_none()) {
    for (int k = 0; k < nd; ++k) raw.push_back(k);
  } else if (axis.as<TupleObj>() || axis.as<ListObj>()) {
    for (auto& v : in.to_vector(axis)) raw.push_back(in.index_value(v));
  } else {
    raw.push_back(in.index_value(axis));
  }
  std::vector<int> axes = normalize_axis_tuple(raw, nd);
  std::vector<int64_t> src, dst;
  for (size_t k = 0; k < axes.size(); ++k) {
    src.push_back(axes[k]);
    dst.push_back(int64_t(nd - axes.size() + k));
  }
  ArrayPtr moved = moveaxis(xa, src, dst);
  Shape kept(moved->shape.begin(), moved->shape.end() - int64_t(axes.size()));
  int64_t lane = 1, nl = 1;
  for (size_t k = kept.size(); k < moved->shape.size(); ++k) lane *= moved->shape[k];
  for (int64_t d : kept) nl *= d;
  Value lanes = method_call(in, wrap(moved), "reshape", {I(nl), I(lane)});
  std::vector<Value> results;
  for (int64_t i = 0; i < nl; ++i) {
    Value l = in.getitem(lanes, I(i));
    Value c = in.getitem(l, in.unaryop(UnaryOp::Invert, np_call(in, "isnan", {l})));
    if (to_array(in, c)->size() == 0) {  // an all-NaN lane: NaN (NumPy warns "All-NaN slice encountered")
      Value qs = q.is_none() ? make_tuple({}) : in.getattr(arr_value(in, q), "shape");
      results.push_back(np_call(in, "full", {qs, Value::floating(NAN)}, {{"dtype", dtype_value(in, xa->dtype)}}));
      continue;
    }
    std::vector<Value> p{c};
    if (!q.is_none()) p.push_back(q);
    results.push_back(np_call(in, fn, p, kw));
  }
  Value qshape = q.is_none() ? make_tuple({}) : in.getattr(arr_value(in, q), "shape");
  const int64_t qnd = in.len(qshape);
  Value r;
  if (nl == 0) {
    std::vector<Value> shape;
    for (auto& v : in.to_vector(qshape)) shape.push_back(v);
    for (int64_t d : kept) shape.push_back(I(d));
    r = np_call(in, "empty", {make_tuple(shape)}, {{"dtype", dtype_value(in, xa->dtype)}});
  } else {
    r = np_call(in, "stack", {make_list(results)}, {{"axis", I(-1)}});
    std::vector<Value> shape = in.to_vector(qshape);
    for (int64_t d : kept) shape.push_back(I(d));
    r = method_call(in, r, "reshape", {make_tuple(shape)});
  }
  if (in.truthy(keepdims)) {
    std::vector<Value> shape = in.to_vector(qshape);
    ArrayPtr ra = to_array(in, r);
    size_t k = size_t(qnd);
    for (int d = 0; d < nd; ++d) {
      bool red = false;
      for (int ax : axes) red = red || ax == d;
      shape.push_back(red ? I(1) : I(ra->shape[k++]));
    }
    r = method_call(in, r, "reshape", {make_tuple(shape)});
  }
  if (r.is_array() && r.arr().ndim() == 0) r = in.getitem(r, make_tuple({}));
  return r;
}

Value np_nanmedian(Interp& in, Args& a) {
  Value x = a.required(0, "a"), axis = a.optional(1, "axis"), out = a.optional(2, "out");
  a.optional(3, "overwrite_input");
  Value keepdims = a.optional(4, "keepdims", B(false));
  a.finish(5);
  if (!out.is_none()) in.raise_exc("NotImplementedError", "stridelab's np.nanmedian does not take out=");
  return nan_order_stat(in, "median", x, Value(), axis, keepdims, {});
}

Value nan_quantile_value(Interp& in, Args& a, bool percent) {
  Value x = a.required(0, "a"), q = a.required(1, "q"), axis = a.optional(2, "axis"), out = a.optional(3, "out");
  a.optional(4, "overwrite_input");
  Value method = a.optional(5, "method", make_str("linear")), keepdims = a.optional(6, "keepdims", B(false));
  Value weights = a.optional(99, "weights"), interpolation = a.optional(99, "interpolation");
  a.finish(7);
  if (!out.is_none() || !weights.is_none() || !interpolation.is_none())
    in.raise_exc("NotImplementedError", std::string("stridelab's np.nan") + (percent ? "percentile" : "quantile") +
                                            " takes no out=, weights= or interpolation=");
  Value qa = arr_value(in, q);
  Value qf = percent ? np_call(in, "true_divide", {qa, Value::floating(100.0)}) : qa;
  if (!in.truthy(np_call(in, "all", {np_call(in, "logical_and", {in.compare(CmpOp::Ge, qf, I(0)), in.compare(CmpOp::Le, qf, I(1))})})))
    in.raise_exc("ValueError", percent ? "Percentiles must be in the range [0, 100]" : "Quantiles must be in the range [0, 1]");
  return nan_order_stat(in, percent ? "percentile" : "quantile", x, q, axis, keepdims, {{"method", method}});
}
Value np_nanpercentile(Interp& in, Args& a) { return nan_quantile_value(in, a, true); }
Value np_nanquantile(Interp& in, Args& a) { return nan_quantile_value(in, a, false); }

const FnEntry kLibStats[] = {
    {"cov", np_cov, {"cov(m, y=, rowvar=, bias=, ddof=, fweights=, aweights=, *, dtype=)"}},
    {"corrcoef", np_corrcoef, {"corrcoef(x, y=, rowvar=, bias=, ddof=, *, dtype=)"}},
    {"gradient", np_gradient, {"gradient(f, *varargs, axis=, edge_order=)"}},
    {"trapezoid", np_trapezoid, {"trapezoid(y, x=, dx=, axis=)"}},
    {"trapz", np_trapezoid, {"trapz(y, x=, dx=, axis=)"}},
    {"nancumsum", np_nancumsum, {"nancumsum(a, axis=, dtype=, out=)"}},
    {"nancumprod", np_nancumprod, {"nancumprod(a, axis=, dtype=, out=)"}},
    {"nanargmin", np_nanargmin, {"nanargmin(a, axis=, out=, *, keepdims=)"}},
    {"nanargmax", np_nanargmax, {"nanargmax(a, axis=, out=, *, keepdims=)"}},
    {"nanvar", np_nanvar, {"nanvar(a, axis=, dtype=, out=, ddof=, keepdims=, *, where=, mean=, correction=)"}},
    {"nanstd", np_nanstd, {"nanstd(a, axis=, dtype=, out=, ddof=, keepdims=, *, where=, mean=, correction=)"}},
    {"nanmedian", np_nanmedian, {"nanmedian(a, axis=, out=, overwrite_input=, keepdims=)"}},
    {"nanpercentile", np_nanpercentile,
     {"nanpercentile(a, q, axis=, out=, overwrite_input=, method=, keepdims=, *, weights=, interpolation=)"}},
    {"nanquantile", np_nanquantile,
     {"nanquantile(a, q, axis=, out=, overwrite_input=, method=, keepdims=, *, weights=, interpolation=)"}},
};

}  // namespace

void install_numpy_lib_stats(Interp& in, ModuleObj& np) { def_fns(in, np, kLibStats); }

}  // namespace sl::lang
