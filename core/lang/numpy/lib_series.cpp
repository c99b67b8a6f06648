// numpy/lib_series: numpy.lib's numeric series helpers -- histogramdd and
// histogram2d, the window functions (bartlett, blackman, hamming, hanning), sinc,
// unwrap, and the legacy polynomial helpers on coefficient arrays (poly, polyadd,
// polysub, polymul, polydiv, polyder, polyint).
//
// Invariant: as lib_routines.cpp -- NumPy writes these in Python over its own
// functions, and each is composed from the numpy module's functions in NumPy's
// order (numpy/lib/_histograms_impl.py, _function_base_impl.py,
// _polynomial_impl.py), so dtypes and errors are theirs; no layout rule lives here.
#include <cmath>

#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"
#include "core/lang/numpy/compose.hpp"
#include "core/ops/views.hpp"

namespace sl::lang {

namespace {

Value I(int64_t v) { return Value::integer(v); }

// ---- histogramdd / histogram2d (numpy/lib/_histograms_impl.py: histogramdd)

// The edges of one dimension: n + 1 equal bins over range (or the data's min and
// max, widened by 0.5 when equal), or the given increasing edges.
Value dim_edges(Interp& in, const Value& col, const Value& bins, const Value& range, int i) {
  const std::string si = std::to_string(i);
  if (to_array(in, bins)->ndim() == 0) {
    if (in.truthy(in.compare(CmpOp::Lt, bins, I(1))))
      in.raise_exc("ValueError", "`bins[" + si + "]` must be positive, when an integer");
    Value lo, hi;
    if (!range.is_none()) {
      lo = in.getitem(range, I(0));
      hi = in.getitem(range, I(1));
      if (in.truthy(in.compare(CmpOp::Gt, lo, hi))) in.raise_exc("ValueError", "max must be larger than min in range parameter.");
      if (!in.truthy(np_call(in, "isfinite", {lo})) || !in.truthy(np_call(in, "isfinite", {hi})))
        in.raise_exc("ValueError", "supplied range of [" + in.str(lo) + ", " + in.str(hi) + "] is not finite");
    } else if (to_array(in, col)->size() == 0) {
      lo = I(0);
      hi = I(1);
    } else {
      lo = method_call(in, col, "min", {});
      hi = method_call(in, col, "max", {});
      if (!in.truthy(np_call(in, "isfinite", {lo})) || !in.truthy(np_call(in, "isfinite", {hi})))
        in.raise_exc("ValueError", "autodetected range of [" + in.str(lo) + ", " + in.str(hi) + "] is not finite");
    }
    if (in.eq(lo, hi)) {
      lo = in.binop(BinOp::Sub, lo, Value::floating(0.5));
      hi = in.binop(BinOp::Add, hi, Value::floating(0.5));
    }
    if (!bins.is_int() && !(bins.is_array() && is_integer(bins.arr().dtype)))
      in.raise_exc("TypeError", "`bins[" + si + "]` must be an integer, when a scalar");
    return np_call(in, "linspace", {lo, hi, I(in.index_value(bins) + 1)});
  }
  if (to_array(in, bins)->ndim() != 1) in.raise_exc("ValueError", "`bins[" + si + "]` must be a scalar or 1d array");
  Value e = np_call(in, "asarray", {bins});
  if (in.truthy(np_call(in, "any", {in.compare(CmpOp::Gt, in.getitem(e, slice_value(Value(), I(-1))), in.getitem(e, slice_value(I(1), Value())))})))
    in.raise_exc("ValueError", "`bins[" + si + "]` must be monotonically increasing, when an array");
  return e;
}

// counts[i, j, ...] of the samples in each bin (searchsorted side='right', the
// last edge closed), weighted and / or normalised to a density; float64.
std::pair<Value, std::vector<Value>> histogramdd(Interp& in, Value sample, Value bins, Value range, bool density, Value weights) {
  if (!(sample.is_array() && sample.arr().ndim() == 2)) sample = in.getattr(np_call(in, "atleast_2d", {sample}), "T");
  const int64_t N = to_array(in, sample)->shape[0], D = to_array(in, sample)->shape[1];
  std::vector<Value> binv;
  if (bins.is_int() || (bins.is_array() && bins.arr().ndim() == 0)) {
    binv.assign(size_t(D), bins);
  } else {
    binv = in.to_vector(bins);
    if (int64_t(binv.size()) != D)
      in.raise_exc("ValueError", "The dimension of bins must be equal to the dimension of the sample x.");
  }
  std::vector<Value> ranges = range.is_none() ? std::vector<Value>(size_t(D), Value()) : in.to_vector(range);
  if (int64_t(ranges.size()) != D) in.raise_exc("ValueError", "range argument must have one entry per dimension");
  std::vector<Value> edges, ncount;
  std::vector<Value> nbin;
  Value all = slice_value(Value(), Value());
  for (int64_t i = 0; i < D; ++i) {
    Value col = in.getitem(sample, make_tuple({all, I(i)}));
    Value e = dim_edges(in, col, binv[size_t(i)], ranges[size_t(i)], int(i));
    edges.push_back(e);
    nbin.push_back(I(in.len(e) + 1));
    Value nc = np_call(in, "searchsorted", {e, col}, {{"side", make_str("right")}});
    Value on_edge = in.compare(CmpOp::Eq, col, in.getitem(e, I(-1)));
    in.setitem(nc, on_edge, in.binop(BinOp::Sub, in.getitem(nc, on_edge), I(1)));
    ncount.push_back(nc);
  }
  Value xy = np_call(in, "ravel_multi_index", {make_tuple(ncount), make_tuple(nbin)});
  int64_t total = 1;
  for (auto& b : nbin) total *= b.as_int();
  Value hist = np_call(in, "bincount", {xy}, {{"weights", weights}, {"minlength", I(total)}});
  hist = method_call(in, hist, "reshape", {make_tuple(nbin)});
  hist = method_call(in, hist, "astype", {dtype_value(in, DType::F64)});
  hist = in.getitem(hist, make_tuple(std::vector<Value>(size_t(D), slice_value(I(1), I(-1)))));
  if (to_array(in, hist)->shape != Shape()) {
    ArrayPtr h = to_array(in, hist);
    for (int64_t i = 0; i < D; ++i)
      if (h->shape[size_t(i)] != nbin[size_t(i)].as_int() - 2) in.raise_exc("RuntimeError", "Internal Shape Error");
  }
  if (density) {
    Value sum = method_call(in, hist, "sum", {});
    for (int64_t i = 0; i < D; ++i) {
      std::vector<Value> shape(size_t(D), I(1));
      shape[size_t(i)] = I(nbin[size_t(i)].as_int() - 2);
      hist = in.binop(BinOp::TrueDiv, hist, method_call(in, np_call(in, "diff", {edges[size_t(i)]}), "reshape", {make_tuple(shape)}));
    }
    hist = in.inplace_binop(BinOp::TrueDiv, hist, sum);
  }
  (void)N;
  return {hist, edges};
}

Value np_histogramdd(Interp& in, Args& a) {
  Value sample = a.required(0, "sample"), bins = a.optional(1, "bins", I(10)), range = a.optional(2, "range");
  bool density = in.truthy(a.optional(3, "density", Value::boolean(false)));
  Value weights = a.optional(4, "weights");
  a.finish(5);
  auto [hist, edges] = histogramdd(in, sample, bins, range, density, weights);
  return make_tuple({hist, make_list(edges)});
}

Value np_histogram2d(Interp& in, Args& a) {
  Value x = a.required(0, "x"), y = a.required(1, "y"), bins = a.optional(2, "bins", I(10)), range = a.optional(3, "range");
  bool density = in.truthy(a.optional(4, "density", Value()));
  Value weights = a.optional(5, "weights");
  a.finish(6);
  if (in.len(x) != in.len(y)) in.raise_exc("ValueError", "x and y must have the same length.");
  int64_t nb = 1;
  if (bins.as<ListObj>() || bins.as<TupleObj>() || (bins.is_array() && bins.arr().ndim() > 0)) nb = in.len(bins);
  if (nb != 1 && nb != 2) {
    Value e = np_call(in, "asarray", {bins});
    bins = make_list({e, e});
  }
  auto [hist, edges] = histogramdd(in, make_list({x, y}), bins, range, density, weights);
  return make_tuple({hist, edges[0], edges[1]});
}

// ---- window functions, sinc, unwrap (numpy/lib/_function_base_impl.py)

Value window(Interp& in, Args& a, const char* name) {
  Value mv = a.required(0, "M");
  a.finish(1);
  const int64_t M = in.index_value(np_call(in, "int64", {mv}));
  Value dt = np_call(in, "result_type", {mv, Value::floating(0.0)});
  if (M < 1) return np_call(in, "array", {make_list()}, {{"dtype", dt}});
  if (M == 1) return np_call(in, "ones", {I(1)}, {{"dtype", dt}});
  Value n = np_call(in, "arange", {I(1 - M), I(M), I(2)});
  auto num = [&](double c) { return Value::floating(c); };
  auto cosk = [&](double k) {
    return np_call(in, "cos", {in.binop(BinOp::TrueDiv, in.binop(BinOp::Mul, num(k * M_PI), n), I(M - 1))});
  };
  const std::string nm = name;
  if (nm == "bartlett") {
    Value q = in.binop(BinOp::TrueDiv, n, I(M - 1));
    return np_call(in, "where", {np_call(in, "less_equal", {n, I(0)}), in.binop(BinOp::Add, I(1), q), in.binop(BinOp::Sub, I(1), q)});
  }
  if (nm == "blackman")
    return in.binop(BinOp::Add, in.binop(BinOp::Add, num(0.42), in.binop(BinOp::Mul, num(0.5), cosk(1))), in.binop(BinOp::Mul, num(0.08), cosk(2)));
  const double c0 = nm == "hanning" ? 0.5 : 0.54, c1 = nm == "hanning" ? 0.5 : 0.46;
  return in.binop(BinOp::Add, num(c0), in.binop(BinOp::Mul, num(c1), cosk(1)));
}
Value np_bartlett(Interp& in, Args& a) { return window(in, a, "bartlett"); }
Value np_blackman(Interp& in, Args& a) { return window(in, a, "blackman"); }
Value np_hamming(Interp& in, Args& a) { return window(in, a, "hamming"); }
Value np_hanning(Interp& in, Args& a) { return window(in, a, "hanning"); }

// sinc(x) = sin(pi x) / (pi x), 1 at 0 (x = 0 replaced by 1e-20).
Value np_sinc(Interp& in, Args& a) {
  Value x = wrap(to_array(in, a.required(0, "x")));
  a.finish(1);
  Value y = in.binop(BinOp::Mul, Value::floating(M_PI), np_call(in, "where", {in.compare(CmpOp::Eq, x, I(0)), Value::floating(1.0e-20), x}));
  return in.binop(BinOp::TrueDiv, np_call(in, "sin", {y}), y);
}

// unwrap(p, discont, axis, *, period): jumps between neighbours larger than
// discont (period / 2) corrected by multiples of period.
Value np_unwrap(Interp& in, Args& a) {
  Value p = wrap(to_array(in, a.required(0, "p"))), discont = a.optional(1, "discont");
  Value axis = a.optional(2, "axis", I(-1)), period = a.optional(99, "period", Value::floating(2 * M_PI));
  a.finish(3);
  const int nd = p.arr().ndim();
  Value dd = np_call(in, "diff", {p}, {{"axis", axis}});
  if (discont.is_none()) discont = in.binop(BinOp::TrueDiv, period, I(2));
  std::vector<Value> sl(size_t(nd), slice_value(Value(), Value()));
  sl[size_t(normalize_axis_index(in.index_value(axis), nd))] = slice_value(I(1), Value());
  Value slice1 = make_tuple(sl);
  Value dtype = np_call(in, "result_type", {dd, period});
  Value hi, lo;
  bool ambiguous = true;
  if (is_integer(to_dtype(in, dtype))) {
    Value dm = in.call(in.builtins["divmod"], std::vector<Value>{period, I(2)});
    hi = in.getitem(dm, I(0));
    ambiguous = in.eq(in.getitem(dm, I(1)), I(0));
  } else {
    hi = in.binop(BinOp::TrueDiv, period, I(2));
  }
  lo = in.unaryop(UnaryOp::Neg, hi);
  Value ddmod = in.binop(BinOp::Add, np_call(in, "mod", {in.binop(BinOp::Sub, dd, lo), period}), lo);
  if (ambiguous)
    np_call(in, "copyto", {ddmod, hi}, {{"where", in.binop(BinOp::BitAnd, in.compare(CmpOp::Eq, ddmod, lo), in.compare(CmpOp::Gt, dd, I(0)))}});
  Value ph = in.binop(BinOp::Sub, ddmod, dd);
  np_call(in, "copyto", {ph, I(0)}, {{"where", in.compare(CmpOp::Lt, np_call(in, "absolute", {dd}), discont)}});
  Value up = np_call(in, "array", {p}, {{"copy", Value::boolean(true)}, {"dtype", dtype}});
  in.setitem(up, slice1, in.binop(BinOp::Add, in.getitem(p, slice1), method_call(in, ph, "cumsum", {axis})));
  return up;
}

// ---- the legacy polynomial helpers on coefficient arrays, highest power first
// (numpy/lib/_polynomial_impl.py: poly, polyadd, polysub, polymul, polydiv, polyder, polyint)

Value atleast1(Interp& in, const Value& v) { return np_call(in, "atleast_1d", {v}); }

Value poly_addsub(Interp& in, Args& a, BinOp op) {
  Value a1 = atleast1(in, a.required(0, "a1")), a2 = atleast1(in, a.required(1, "a2"));
  a.finish(2);
  const int64_t diff = in.len(a2) - in.len(a1);
  if (diff > 0) a1 = np_call(in, "concatenate", {make_tuple({np_call(in, "zeros", {I(diff), in.getattr(a1, "dtype")}), a1})});
  if (diff < 0) a2 = np_call(in, "concatenate", {make_tuple({np_call(in, "zeros", {I(-diff), in.getattr(a2, "dtype")}), a2})});
  return in.binop(op, a1, a2);
}
Value np_polyadd(Interp& in, Args& a) { return poly_addsub(in, a, BinOp::Add); }
Value np_polysub(Interp& in, Args& a) { return poly_addsub(in, a, BinOp::Sub); }

// The coefficients poly1d keeps: leading zeros dropped, [0] when none is left.
Value poly_coeffs(Interp& in, const Value& v) {
  Value c = np_call(in, "trim_zeros", {atleast1(in, v)}, {{"trim", make_str("f")}});
  if (in.len(c) == 0) c = np_call(in, "array", {make_list({I(0)})}, {{"dtype", in.getattr(c, "dtype")}});
  return c;
}
Value np_polymul(Interp& in, Args& a) {
  Value a1 = a.required(0, "a1"), a2 = a.required(1, "a2");
  a.finish(2);
  return np_call(in, "convolve", {poly_coeffs(in, a1), poly_coeffs(in, a2)});
}

Value np_polyder(Interp& in, Args& a) {
  Value p = a.required(0, "p");
  int64_t m = in.index_value(in.call(in.builtins["int"], std::vector<Value>{a.optional(1, "m", I(1))}));
  a.finish(2);
  if (m < 0) in.raise_exc("ValueError", "Order of derivative must be positive (see polyint)");
  p = np_call(in, "asarray", {p});
  for (; m > 0; --m) {
    const int64_t n = in.len(p) - 1;
    p = in.binop(BinOp::Mul, in.getitem(p, slice_value(Value(), I(-1))), np_call(in, "arange", {I(n), I(0), I(-1)}));
  }
  return p;
}

Value np_polyint(Interp& in, Args& a) {
  Value p = a.required(0, "p"), k = a.optional(2, "k");
  const int64_t m = in.index_value(in.call(in.builtins["int"], std::vector<Value>{a.optional(1, "m", I(1))}));
  a.finish(3);
  if (m < 0) in.raise_exc("ValueError", "Order of integral must be positive (see polyder)");
  Value f64 = dtype_value(in, DType::F64);
  if (k.is_none()) k = np_call(in, "zeros", {I(m), f64});
  k = atleast1(in, k);
  if (in.len(k) == 1 && m > 1) k = in.binop(BinOp::Mul, in.getitem(k, I(0)), np_call(in, "ones", {I(m), f64}));
  if (in.len(k) < m) in.raise_exc("ValueError", "k must be a scalar or a rank-1 array of length 1 or >m.");
  p = np_call(in, "asarray", {p});
  for (int64_t i = 0; i < m; ++i) {
    Value q = in.binop(BinOp::TrueDiv, p, np_call(in, "arange", {I(in.len(p)), I(0), I(-1)}));
    p = np_call(in, "concatenate", {make_tuple({q, make_list({in.getitem(k, I(i))})})});
  }
  return p;
}

// polydiv(u, v): long division, u = q * v + r, the remainder's leading (near-)zeros dropped.
Value np_polydiv(Interp& in, Args& a) {
  Value u = in.binop(BinOp::Add, atleast1(in, a.required(0, "u")), Value::floating(0.0));
  Value v = in.binop(BinOp::Add, atleast1(in, a.required(1, "v")), Value::floating(0.0));
  a.finish(2);
  Value w = in.binop(BinOp::Add, in.getitem(u, I(0)), in.getitem(v, I(0)));
  const int64_t m = in.len(u) - 1, n = in.len(v) - 1;
  Value scale = in.binop(BinOp::TrueDiv, Value::floating(1.0), in.getitem(v, I(0)));
  Value q = np_call(in, "zeros", {make_tuple({I(std::max<int64_t>(m - n + 1, 1))}), in.getattr(w, "dtype")});
  Value r = method_call(in, u, "astype", {in.getattr(w, "dtype")});
  for (int64_t k = 0; k < m - n + 1; ++k) {
    Value d = in.binop(BinOp::Mul, scale, in.getitem(r, I(k)));
    in.setitem(q, I(k), d);
    Value part = slice_value(I(k), I(k + n + 1));
    in.setitem(r, part, in.inplace_binop(BinOp::Sub, in.getitem(r, part), in.binop(BinOp::Mul, d, v)));
  }
  while (in.truthy(np_call(in, "allclose", {in.getitem(r, I(0)), I(0)}, {{"rtol", Value::floating(1e-14)}})) && in.len(r) > 1)
    r = in.getitem(r, slice_value(I(1), Value()));
  return make_tuple({q, r});
}

// poly(seq_of_zeros): the monic polynomial with those roots (of a square matrix:
// its eigenvalues); real when the complex roots come in conjugate pairs.
Value np_poly(Interp& in, Args& a) {
  Value z = atleast1(in, a.required(0, "seq_of_zeros"));
  a.finish(1);
  ArrayPtr za = to_array(in, z);
  if (za->ndim() == 2 && za->shape[0] == za->shape[1] && za->shape[0] != 0) {
    z = in.call(submodule(in, "numpy.linalg").attrs.at("eigvals"), std::vector<Value>{z});
  } else if (za->ndim() == 1) {
    z = method_call(in, z, "astype", {np_call(in, "mintypecode", {in.getattr(in.getattr(z, "dtype"), "char")})});
  } else {
    in.raise_exc("ValueError", "input must be 1d or non-empty square 2d array.");
  }
  if (in.len(z) == 0) return Value::floating(1.0);
  Value dt = in.getattr(z, "dtype");
  Value r = np_call(in, "ones", {make_tuple({I(1)})}, {{"dtype", dt}});
  for (const Value& zero : in.to_vector(z))
    r = np_call(in, "convolve", {r, np_call(in, "array", {make_list({I(1), in.unaryop(UnaryOp::Neg, zero)})}, {{"dtype", dt}})},
                {{"mode", make_str("full")}});
  if (is_complex(to_array(in, r)->dtype)) {
    Value roots = np_call(in, "asarray", {z, dtype_value(in, DType::C128)});
    if (in.truthy(np_call(in, "all", {in.compare(CmpOp::Eq, np_call(in, "sort", {roots}), np_call(in, "sort", {method_call(in, roots, "conjugate", {})}))})))
      r = method_call(in, in.getattr(r, "real"), "copy", {});
  }
  return r;
}

const FnEntry kLibSeries[] = {
    {"histogramdd", np_histogramdd, {"histogramdd(sample, bins=, range=, density=, weights=)"}},
    {"histogram2d", np_histogram2d, {"histogram2d(x, y, bins=, range=, density=, weights=)"}},
    {"bartlett", np_bartlett, {"bartlett(M)"}},
    {"blackman", np_blackman, {"blackman(M)"}},
    {"hamming", np_hamming, {"hamming(M)"}},
    {"hanning", np_hanning, {"hanning(M)"}},
    {"sinc", np_sinc, {"sinc(x)"}},
    {"unwrap", np_unwrap, {"unwrap(p, discont=, axis=, *, period=)"}},
    {"poly", np_poly, {"poly(seq_of_zeros)"}},
    {"polyadd", np_polyadd, {"polyadd(a1, a2)"}},
    {"polysub", np_polysub, {"polysub(a1, a2)"}},
    {"polymul", np_polymul, {"polymul(a1, a2)"}},
    {"polydiv", np_polydiv, {"polydiv(u, v)"}},
    {"polyder", np_polyder, {"polyder(p, m=)"}},
    {"polyint", np_polyint, {"polyint(p, m=, k=)"}},
};

}  // namespace

void install_numpy_lib_series(Interp& in, ModuleObj& np) { def_fns(in, np, kLibSeries); }

}  // namespace sl::lang
