// math_module: CPython 3.13's `math` on float64 and the interpreter's ints.
// Float functions call the C library (glibc's own bits for exp/exp2/log/log2/
// pow/sin/cos through kernels/libm, so wasm prints what CPython on Linux
// prints); factorial, comb, perm, gcd and lcm are exact on Python ints of any
// size (core/lang/bigint); isqrt takes int64 arguments.
// Invariant: errors are CPython's: a NaN from a non-NaN argument is
// ValueError("math domain error"); an infinity from a finite argument is
// OverflowError("math range error") for functions that can overflow, else the
// domain error (mirrors math_1 / math_2 in Modules/mathmodule.c).
#include <cmath>
#include <cstring>
#include <numeric>

#include "core/kernels/libm/glibc_exp_log.hpp"
#include "core/lang/modules/modules.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/lang/objects/pyint.hpp"

namespace sl::lang {

namespace {

[[noreturn]] void domain_error(Interp& in) { in.raise_exc("ValueError", "math domain error"); }
[[noreturn]] void range_error(Interp& in) { in.raise_exc("OverflowError", "math range error"); }

// A real argument: int, bool, float or a NumPy scalar; anything else is TypeError.
double real(Interp& in, const Value& v) {
  if (v.is_float()) return v.as_float();
  if (v.is_int() || v.is_bool()) return double(v.as_int());
  if (is_pyint(v)) return in.float_value(v);  // a big int: correctly rounded, OverflowError past the double range
  if (v.is_array()) return in.float_value(v);  // the array's own conversion (and its ValueError past one element)
  in.raise_exc("TypeError", "must be real number, not " + in.type_of(v)->name);
}
// An integer argument (bool and int; NumPy integer scalars by __index__).
int64_t integer(Interp& in, const Value& v) {
  if (v.is_int() || v.is_bool()) return v.as_int();
  if (v.is_float() || !in.is_int_like(v))
    in.raise_exc("TypeError", "'" + in.type_of(v)->name + "' object cannot be interpreted as an integer");
  return in.index_value(v);
}

// The result check of math_1: r = f(x).
double checked(Interp& in, double x, double r, bool can_overflow) {
  if (std::isnan(r) && !std::isnan(x)) domain_error(in);
  if (std::isinf(r) && std::isfinite(x)) {
    if (can_overflow) range_error(in);
    domain_error(in);
  }
  return r;
}

struct UnaryMathDef {
  const char* name;
  double (*fn)(double);
  bool can_overflow;
  bool unchecked = false;  // degrees / radians: a plain product, inf past the range (not math_1)
};
double d_sqrt(double x) { return std::sqrt(x); }
double d_exp(double x) { return sl::glibc::exp(x); }
double d_exp2(double x) { return sl::glibc::exp2(x); }
double d_expm1(double x) { return std::expm1(x); }
double d_log2(double x) { return x > 0 ? sl::glibc::log2(x) : x == 0 ? -INFINITY : NAN; }
double d_log10(double x) { return x > 0 ? std::log10(x) : x == 0 ? -INFINITY : NAN; }
double d_log1p(double x) { return std::log1p(x); }
double d_sin(double x) { return std::isinf(x) ? NAN : sl::glibc::sin(x); }
double d_cos(double x) { return std::isinf(x) ? NAN : sl::glibc::cos(x); }
double d_tan(double x) { return std::isinf(x) ? NAN : std::tan(x); }
double d_asin(double x) { return std::asin(x); }
double d_acos(double x) { return std::acos(x); }
double d_atan(double x) { return std::atan(x); }
double d_sinh(double x) { return std::sinh(x); }
double d_cosh(double x) { return std::cosh(x); }
double d_tanh(double x) { return std::tanh(x); }
double d_asinh(double x) { return std::asinh(x); }
double d_acosh(double x) { return std::acosh(x); }
double d_atanh(double x) { return std::atanh(x); }
double d_erf(double x) { return std::erf(x); }
double d_erfc(double x) { return std::erfc(x); }
double d_fabs(double x) { return std::fabs(x); }
double d_cbrt(double x) { return std::cbrt(x); }
// degrees/radians: one multiplication by 180/pi or pi/180, as CPython.
double d_degrees(double x) { return x * (180.0 / M_PI); }
double d_radians(double x) { return x * (M_PI / 180.0); }
// gamma: CPython rejects the poles (0 and negative integers) and -inf.
double d_gamma(double x) {
  if (std::isnan(x)) return x;
  if (x == -INFINITY || (x <= 0 && x == std::floor(x))) return NAN;
  return std::tgamma(x);
}
double d_lgamma(double x) {
  if (std::isnan(x)) return x;
  if (std::isinf(x)) return INFINITY;
  if (x <= 0 && x == std::floor(x)) return NAN;  // a pole: CPython's domain error
  int sign;
  return lgamma_r(x, &sign);
}

const UnaryMathDef kUnaryMath[] = {
    {"sqrt", d_sqrt, false},   {"exp", d_exp, true},       {"exp2", d_exp2, true},    {"expm1", d_expm1, true},
    {"log2", d_log2, false},   {"log10", d_log10, false},  {"log1p", d_log1p, false}, {"sin", d_sin, false},
    {"cos", d_cos, false},     {"tan", d_tan, false},      {"asin", d_asin, false},   {"acos", d_acos, false},
    {"atan", d_atan, false},   {"sinh", d_sinh, true},     {"cosh", d_cosh, true},    {"tanh", d_tanh, false},
    {"asinh", d_asinh, false}, {"acosh", d_acosh, false},  {"atanh", d_atanh, false}, {"erf", d_erf, false},
    {"erfc", d_erfc, false},   {"fabs", d_fabs, false},    {"cbrt", d_cbrt, false},   {"degrees", d_degrees, false, true},
    {"radians", d_radians, false, true}, {"gamma", d_gamma, true}, {"lgamma", d_lgamma, true},
};

// floor / ceil / trunc return ints (CPython's messages for infinities and NaN: int_from_double).
// The result is a Python int of any size (math.floor(1e308) is exact).
// floor/ceil/trunc: the type's own __floor__ / __ceil__ / __trunc__ first
// (a Fraction's is exact), else the float rounded (mirrors math_floor).
Value rounded(Interp& in, Args& a, double (*f)(double), const char* dunder) {
  Value x = a.required(0, "x");
  a.finish(1);
  if (x.is_int() || x.is_bool()) return Value::integer(x.as_int());
  if (is_pyint(x)) return x;
  if (Value r; call_special(in, x, dunder, {}, r)) return r;
  return int_from_double(in, f(real(in, x)));
}
Value math_floor(Interp& in, Args& a) { return rounded(in, a, std::floor, "__floor__"); }
Value math_ceil(Interp& in, Args& a) { return rounded(in, a, std::ceil, "__ceil__"); }
// math.trunc asks the type for __trunc__ alone (no float() fallback, unlike
// floor and ceil): an ndarray or a Tensor has none.
Value math_trunc(Interp& in, Args& a) {
  if (!a.pos.empty() && a.pos[0].is_array() && a.pos[0].arr().flavor != Flavor::Scalar) {
    const Value& x = a.pos[0];
    in.raise_exc("TypeError", "type " + std::string(x.arr().is_torch() ? "Tensor" : "numpy.ndarray") +
                                  " doesn't define __trunc__ method");
  }
  return rounded(in, a, std::trunc, "__trunc__");
}

// The one argument x of a math function, converted after the arity check (as CPython's argument clinic).
double sole_real(Interp& in, Args& a) {
  Value x = a.required(0, "x");
  a.finish(1);
  return real(in, x);
}
Value math_isnan(Interp& in, Args& a) { return Value::boolean(std::isnan(sole_real(in, a))); }
Value math_isinf(Interp& in, Args& a) { return Value::boolean(std::isinf(sole_real(in, a))); }
Value math_isfinite(Interp& in, Args& a) { return Value::boolean(std::isfinite(sole_real(in, a))); }

// log(x[, base]): log(x) / log(base); 0 and negatives are domain errors.
Value math_log(Interp& in, Args& a) {
  if (a.pos.empty() || a.pos.size() > 2 || !a.kw.empty())
    in.raise_exc("TypeError", "log expected 1 or 2 arguments, got " + std::to_string(a.pos.size()));
  auto ln = [&](const Value& v) {
    double x = real(in, v);
    if (std::isnan(x)) return x;
    if (x <= 0) in.raise_exc("ValueError", "math domain error");
    return sl::glibc::log(x);
  };
  double num = ln(a.pos[0]);
  if (a.pos.size() == 1) return Value::floating(num);
  double den = ln(a.pos[1]);
  if (den == 0) in.raise_exc("ZeroDivisionError", "float division by zero");
  return Value::floating(num / den);
}

// math.pow: C pow with CPython's special cases (math_pow_impl).
Value math_pow(Interp& in, Args& a) {
  Value xv = a.required(0, "x"), yv = a.required(1, "y");
  a.finish(2);
  double x = real(in, xv), y = real(in, yv);
  if (!std::isfinite(x) || !std::isfinite(y)) {
    if (std::isnan(x)) return Value::floating(y == 0.0 ? 1.0 : x);
    if (std::isnan(y)) return Value::floating(x == 1.0 ? 1.0 : y);
    return Value::floating(std::pow(x, y));
  }
  if (x == 0.0 && y < 0.0) domain_error(in);
  if (x < 0.0 && y != std::floor(y)) domain_error(in);
  double r = sl::glibc::pow(x, y);
  if (std::isinf(r)) range_error(in);
  return Value::floating(r);
}

Value binary_real(Interp& in, Args& a, double (*f)(double, double), const char* n1, const char* n2) {
  Value xv = a.required(0, n1), yv = a.required(1, n2);
  a.finish(2);
  double x = real(in, xv), y = real(in, yv);
  double r = f(x, y);
  if (std::isnan(r) && !std::isnan(x) && !std::isnan(y)) domain_error(in);
  return Value::floating(r);
}
double d_atan2(double y, double x) { return std::atan2(y, x); }
double d_copysign(double x, double y) { return std::copysign(x, y); }
double d_fmod(double x, double y) {
  if (std::isinf(y) && std::isfinite(x)) return x;
  return std::fmod(x, y);
}
double d_remainder(double x, double y) { return std::remainder(x, y); }
Value math_atan2(Interp& in, Args& a) { return binary_real(in, a, d_atan2, "y", "x"); }
Value math_copysign(Interp& in, Args& a) { return binary_real(in, a, d_copysign, "x", "y"); }
Value math_fmod(Interp& in, Args& a) { return binary_real(in, a, d_fmod, "x", "y"); }
Value math_remainder(Interp& in, Args& a) { return binary_real(in, a, d_remainder, "x", "y"); }

Value math_frexp(Interp& in, Args& a) {
  Value xv = a.required(0, "x");
  a.finish(1);
  double x = real(in, xv);
  int e = 0;
  double m = (std::isnan(x) || std::isinf(x) || x == 0) ? x : std::frexp(x, &e);
  return make_tuple({Value::floating(m), Value::integer(e)});
}
Value math_ldexp(Interp& in, Args& a) {
  Value xv = a.required(0, "x"), iv = a.required(1, "i");
  a.finish(2);
  double x = real(in, xv);
  int64_t e = integer(in, iv);
  if (x == 0 || !std::isfinite(x)) return Value::floating(x);
  double r = std::ldexp(x, int(std::max<int64_t>(-100000, std::min<int64_t>(100000, e))));
  if (std::isinf(r)) range_error(in);
  return Value::floating(r);
}
Value math_modf(Interp& in, Args& a) {
  Value xv = a.required(0, "x");
  a.finish(1);
  double x = real(in, xv);
  if (std::isinf(x)) return make_tuple({Value::floating(std::copysign(0.0, x)), Value::floating(x)});
  double ip;
  double fp = std::modf(x, &ip);
  return make_tuple({Value::floating(fp), Value::floating(ip)});
}
// isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0): |a-b| <= max(rel_tol*max(|a|,|b|), abs_tol).
Value math_isclose(Interp& in, Args& a) {
  Value xv = a.required(0, "a"), yv = a.required(1, "b");
  Value relv = a.optional(99, "rel_tol", Value::floating(1e-9)), absv = a.optional(99, "abs_tol", Value::floating(0.0));
  a.finish(2);
  double x = real(in, xv), y = real(in, yv), rel = real(in, relv), abs_tol = real(in, absv);
  if (rel < 0.0 || abs_tol < 0.0) in.raise_exc("ValueError", "tolerances must be non-negative");
  if (x == y) return Value::boolean(true);
  if (std::isinf(x) || std::isinf(y)) return Value::boolean(false);
  double diff = std::fabs(y - x);
  return Value::boolean((diff <= std::fabs(rel * y)) || (diff <= std::fabs(rel * x)) || (diff <= abs_tol));
}
Value math_nextafter(Interp& in, Args& a) {
  Value xv = a.required(0, "x"), yv = a.required(1, "y"), steps = a.optional(99, "steps");
  a.finish(2);
  double x = real(in, xv), y = real(in, yv);
  if (steps.is_none()) return Value::floating(std::nextafter(x, y));
  int64_t n = integer(in, steps);
  if (n < 0) in.raise_exc("ValueError", "steps must be a non-negative integer");
  for (int64_t k = 0; k < n && x != y && !std::isnan(x); ++k) x = std::nextafter(x, y);
  return Value::floating(std::isnan(y) ? y : x);
}
// ulp(x): the distance from |x| to the next float away from zero (toward zero at the largest finite).
Value math_ulp(Interp& in, Args& a) {
  Value xv = a.required(0, "x");
  a.finish(1);
  double x = real(in, xv);
  if (std::isnan(x)) return Value::floating(x);
  x = std::fabs(x);
  if (std::isinf(x)) return Value::floating(x);
  double up = std::nextafter(x, INFINITY);
  if (std::isinf(up)) return Value::floating(x - std::nextafter(x, -INFINITY));
  return Value::floating(up - x);
}

// ---------------------------------------------------------------- sums and norms
// fsum: Shewchuk's exact partial sums ("Adaptive Precision Floating-Point
// Arithmetic", 1997), then the correctly rounded total with the half-way
// correction of CPython's math_fsum (msum).
Value math_fsum(Interp& in, Args& a) {
  Value seq = a.required(0, "seq");
  a.finish(1);
  std::vector<double> partials;
  double special = 0.0, inf_sum = 0.0;
  bool have_special = false;
  for (auto& v : in.to_vector(seq)) {
    double x = real(in, v);
    if (!std::isfinite(x)) {
      if (std::isinf(x)) inf_sum += x;
      special += x;
      have_special = true;
      continue;
    }
    size_t i = 0;
    for (double y : partials) {
      if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
      double hi = x + y;
      double lo = y - (hi - x);
      if (lo != 0.0) partials[i++] = lo;
      x = hi;
    }
    if (!std::isfinite(x)) in.raise_exc("OverflowError", "intermediate overflow in fsum");
    partials.resize(i);
    partials.push_back(x);
  }
  if (have_special) {
    if (std::isnan(inf_sum)) in.raise_exc("ValueError", "-inf + inf in fsum");
    return Value::floating(special);
  }
  double hi = 0.0;
  size_t n = partials.size();
  if (n > 0) {
    hi = partials[--n];
    double lo = 0.0;
    while (n > 0) {
      double x = hi, y = partials[--n];
      hi = x + y;
      double yr = hi - x;
      lo = y - yr;
      if (lo != 0.0) break;
    }
    // Round half-even across the remaining partials: nudge when the next one has the same sign.
    if (n > 0 && ((lo < 0.0 && partials[n - 1] < 0.0) || (lo > 0.0 && partials[n - 1] > 0.0))) {
      double y = lo * 2.0, x = hi + y;
      if (y == x - hi) hi = x;
    }
  }
  return Value::floating(hi);
}

// The Euclidean norm of a vector, as accurately as double-double arithmetic
// gives it: scale by the largest magnitude, sum the squares in double-double,
// take the root and refine it with one Newton step on the exact residual
// (the plan of CPython's vector_norm).
double vector_norm(std::vector<double> v) {
  double mx = 0.0;
  bool nan = false;
  for (double x : v) {
    x = std::fabs(x);
    if (std::isinf(x)) return INFINITY;
    if (std::isnan(x)) nan = true;
    else mx = std::max(mx, x);
  }
  if (nan) return NAN;
  if (mx == 0.0 || v.size() == 1) return mx;
  int e;
  std::frexp(mx, &e);
  double scale = std::ldexp(1.0, -e);
  double hi = 0.0, lo = 0.0;
  for (double x : v) {
    x *= scale;
    double p = x * x, pe = std::fma(x, x, -p);
    double s = hi + p, bp = s - hi, se = (hi - (s - bp)) + (p - bp);
    hi = s;
    lo += se + pe;
  }
  double sum = hi + lo, sum_lo = lo - (sum - hi);
  double h = std::sqrt(sum);
  double hh = h * h, hh_lo = std::fma(h, h, -hh);
  double residual = (sum - hh) - hh_lo + sum_lo;
  h += residual / (2.0 * h);
  return h / scale;
}
Value math_hypot(Interp& in, Args& a) {
  if (!a.kw.empty()) in.raise_exc("TypeError", "hypot() takes no keyword arguments");
  std::vector<double> v;
  for (auto& x : a.pos) v.push_back(real(in, x));
  return Value::floating(v.empty() ? 0.0 : vector_norm(v));
}
Value math_dist(Interp& in, Args& a) {
  Value p = a.required(0, "p"), q = a.required(1, "q");
  a.finish(2);
  auto ps = in.to_vector(p), qs = in.to_vector(q);
  if (ps.size() != qs.size()) in.raise_exc("ValueError", "both points must have the same number of dimensions");
  std::vector<double> d;
  for (size_t k = 0; k < ps.size(); ++k) d.push_back(real(in, ps[k]) - real(in, qs[k]));
  return Value::floating(d.empty() ? 0.0 : vector_norm(d));
}
// sumprod(p, q): ints exactly, floats accumulated in double-double (CPython
// 3.13 keeps the sum exact until one rounding, for the same inputs).
Value math_sumprod(Interp& in, Args& a) {
  Value p = a.required(0, "p"), q = a.required(1, "q");
  a.finish(2);
  auto ps = in.to_vector(p), qs = in.to_vector(q);
  if (ps.size() != qs.size()) in.raise_exc("ValueError", "Inputs are not the same length");
  bool all_int = true, all_num = true;
  for (size_t k = 0; k < ps.size(); ++k) {
    for (const Value* v : {&ps[k], &qs[k]}) {
      all_int &= v->is_int() || v->is_bool();
      all_num &= v->is_int() || v->is_bool() || v->is_float();
    }
  }
  if (all_int || !all_num) {
    Value acc = Value::integer(0);
    for (size_t k = 0; k < ps.size(); ++k) acc = in.binop(BinOp::Add, acc, in.binop(BinOp::Mul, ps[k], qs[k]));
    return acc;
  }
  double hi = 0.0, lo = 0.0;
  for (size_t k = 0; k < ps.size(); ++k) {
    double x = real(in, ps[k]), y = real(in, qs[k]);
    double pr = x * y, pe = std::fma(x, y, -pr);
    double s = hi + pr, bp = s - hi, se = (hi - (s - bp)) + (pr - bp);
    hi = s;
    lo += se + pe;
  }
  return Value::floating(hi + lo);
}
Value math_prod(Interp& in, Args& a) {
  Value it = a.required(0, "iterable");
  Value acc = a.optional(99, "start", Value::integer(1));
  a.finish(1);
  for (auto& x : in.to_vector(it)) acc = in.binop(BinOp::Mul, acc, x);
  return acc;
}

// ---------------------------------------------------------------- integers
// The integer functions work on Python ints of any size (core/lang/bigint).
BigInt big_of(Interp& in, const Value& v) {
  if (!is_pyint(v)) integer(in, v);  // raises CPython's TypeError for non-integers
  return to_bigint(v);
}
BigInt big_abs(const BigInt& x) { return x.sign() < 0 ? -x : x; }
BigInt big_gcd(BigInt x, BigInt y) {  // Euclid on magnitudes
  x = big_abs(x);
  y = big_abs(y);
  while (!y.is_zero()) {
    BigInt q, r;
    floor_divmod(x, y, q, r);
    x = y;
    y = r;
  }
  return x;
}

// The product lo * (lo+1) * ... * (hi-1) by halves (binary splitting), so the
// big multiplications pair operands of similar size.
BigInt range_product(int64_t lo, int64_t hi) {
  if (hi - lo <= 16) {
    BigInt r(1);
    for (int64_t k = lo; k < hi; ++k) r = r * BigInt(k);
    return r;
  }
  int64_t mid = lo + (hi - lo) / 2;
  return range_product(lo, mid) * range_product(mid, hi);
}
// Results are refused past 2**22 bits (1.26 million digits): beyond that the
// schoolbook multiplications take minutes, and a playground must answer.
// log2 of the result comes from lgamma: log2(n!) = lgamma(n + 1) / ln 2.
void check_result_bits(Interp& in, const char* fn, double log2_result) {
  if (log2_result > double(uint64_t(1) << 22))
    in.raise_exc("MemoryError", std::string(fn) + "() result would exceed stridelab's 2**22-bit limit for ints");
}
double log2_factorial(int64_t n) { return std::lgamma(double(n) + 1) / std::log(2.0); }

Value math_factorial(Interp& in, Args& a) {
  Value x = a.required(0, "n");
  a.finish(1);
  int64_t n = integer(in, x);
  if (n < 0) in.raise_exc("ValueError", "factorial() not defined for negative values");
  check_result_bits(in, "factorial", log2_factorial(n));
  return make_int(range_product(2, n + 1));
}
// perm(n, k) = n! / (n-k)!, comb(n, k) = n! / (k! (n-k)!) by the
// multiplicative formula (each comb step's product is divisible by i).
Value math_perm(Interp& in, Args& a) {
  int64_t n = integer(in, a.required(0, "n"));
  Value kv = a.optional(1, "k");
  a.finish(2);
  if (n < 0) in.raise_exc("ValueError", "n must be a non-negative integer");
  int64_t k = kv.is_none() ? n : integer(in, kv);
  if (k < 0) in.raise_exc("ValueError", "k must be a non-negative integer");
  if (k > n) return Value::integer(0);
  check_result_bits(in, "perm", log2_factorial(n) - log2_factorial(n - k));
  return make_int(range_product(n - k + 1, n + 1));
}
Value math_comb(Interp& in, Args& a) {
  int64_t n = integer(in, a.required(0, "n")), k = integer(in, a.required(1, "k"));
  a.finish(2);
  if (n < 0) in.raise_exc("ValueError", "n must be a non-negative integer");
  if (k < 0) in.raise_exc("ValueError", "k must be a non-negative integer");
  if (k > n) return Value::integer(0);
  k = std::min(k, n - k);
  check_result_bits(in, "comb", log2_factorial(n) - log2_factorial(k) - log2_factorial(n - k));
  BigInt q, rem;  // comb = (n-k+1 ... n) / k!, exact
  floor_divmod(range_product(n - k + 1, n + 1), range_product(2, k + 1), q, rem);
  return make_int(q);
}
Value math_gcd(Interp& in, Args& a) {
  if (!a.kw.empty()) in.raise_exc("TypeError", "gcd() takes no keyword arguments");
  BigInt g(0);
  for (auto& v : a.pos) g = big_gcd(g, big_of(in, v));
  return make_int(g);
}
Value math_lcm(Interp& in, Args& a) {
  if (!a.kw.empty()) in.raise_exc("TypeError", "lcm() takes no keyword arguments");
  BigInt l(1);
  for (auto& v : a.pos) {
    BigInt m = big_abs(big_of(in, v));
    if (m.is_zero() || l.is_zero()) {
      l = BigInt(0);
      continue;
    }
    BigInt q, r;
    floor_divmod(l, big_gcd(l, m), q, r);
    l = q * m;
  }
  return make_int(l);
}
// isqrt(n): the floor of the exact square root (a float guess corrected exactly).
Value math_isqrt(Interp& in, Args& a) {
  int64_t n = integer(in, a.required(0, "n"));
  a.finish(1);
  if (n < 0) in.raise_exc("ValueError", "isqrt() argument must be nonnegative");
  auto r = int64_t(std::sqrt(double(n)));
  while (r > 0 && __int128(r) * r > n) --r;
  while (__int128(r + 1) * (r + 1) <= n) ++r;
  return Value::integer(r);
}

const ModuleFnDef kMath[] = {
    {"floor", math_floor},       {"ceil", math_ceil},         {"trunc", math_trunc},       {"isnan", math_isnan},
    {"isinf", math_isinf},       {"isfinite", math_isfinite}, {"log", math_log},           {"pow", math_pow},
    {"atan2", math_atan2},       {"copysign", math_copysign}, {"fmod", math_fmod},         {"remainder", math_remainder},
    {"frexp", math_frexp},       {"ldexp", math_ldexp},       {"modf", math_modf},         {"isclose", math_isclose},
    {"nextafter", math_nextafter}, {"ulp", math_ulp},         {"fsum", math_fsum},         {"hypot", math_hypot},
    {"dist", math_dist},         {"sumprod", math_sumprod},   {"prod", math_prod},         {"factorial", math_factorial},
    {"perm", math_perm},         {"comb", math_comb},         {"gcd", math_gcd},           {"lcm", math_lcm},
    {"isqrt", math_isqrt},
};

}  // namespace

void install_math_module(Interp& in) {
  ModuleObj& math = new_module(in, "math");
  def_functions(in, math, kMath);
  for (const auto& d : kUnaryMath) {
    math.attrs[d.name] = in.builtin(d.name, [fn = d.fn, ovf = d.can_overflow, raw = d.unchecked](Interp& in, Args& a) -> Value {
      Value xv = a.required(0, "x");
      a.finish(1);  // arity before conversion, as CPython's argument clinic
      double x = real(in, xv);
      return Value::floating(raw ? fn(x) : checked(in, x, fn(x), ovf));
    });
  }
  math.attrs["pi"] = Value::floating(M_PI);
  math.attrs["e"] = Value::floating(M_E);
  math.attrs["tau"] = Value::floating(2 * M_PI);
  math.attrs["inf"] = Value::floating(INFINITY);
  math.attrs["nan"] = Value::new_float(NAN);
}

}  // namespace sl::lang
