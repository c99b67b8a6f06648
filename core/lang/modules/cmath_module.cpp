// cmath_module: `cmath` -- the complex elementary functions with CPython's
// branch cuts, formulas and errors (Modules/cmathmodule.c): finite arguments
// go through CPython's own formulas (written here after them, so the last
// bits agree: they are not the C library's; exp, log, sin and cos are glibc's
// own, kernels/libm, so wasm prints the same), non-finite ones take the C99
// Annex G special values, written out, with CPython's table entry where the
// two differ (marked), and the errors
// are CPython's: a domain error (log(0), atanh(+-1), exp(x + inf j), ...)
// is ValueError('math domain error'), an overflow OverflowError('math range
// error'). Written here: the module is a page of formulas over libm.
//
// The formulas, as math (z = x + iy; each mirrors the cmathmodule.c function named):
//   sqrt  (c_sqrt): s = 2 sqrt(|x|/8 + hypot(|x|/8, |y|/8)) (scaled by 2^53 when both
//         parts are subnormal), d = |y| / 2s; x >= 0: s + i copysign(d, y), else d + i copysign(s, y).
//   log   (c_log): log|z| as log1p((M-1)(M+1) + m^2)/2 when 0.71 <= |z| <= 1.73 (M, m the larger
//         and smaller of |x|, |y|), log(hypot/2) + ln 2 near overflow; arg z = atan2(y, x).
//   acos  (c_acos): 2 atan2(Re s1, Re s2) + i asinh(Re s2 Im s1 - Im s2 Re s1), s1 = sqrt(1 - z),
//         s2 = sqrt(1 + z); acosh, asinh likewise (Kahan, "Branch cuts for complex elementary
//         functions"); asin z = -i asinh(iz), atan z = -i atanh(iz), cos z = cosh(iz),
//         sin z = -i sinh(iz), tan z = -i tanh(iz).
//   atanh (c_atanh): for x >= 0, log1p(4x / ((1-x)^2 + y^2)) / 4 - i atan2(-2y, (1-x)(1+x) - y^2) / 2,
//         odd in z; for |z| near overflow x / (4 |z/2|^2) + i pi/2 sign(y); at z = 1 a domain error.
//   exp, cosh, sinh, tanh: e^x (cos y + i sin y) and the like, with e^(x-1) e when e^x would
//         overflow and tanh's 1/cosh form (c_tanh).
#include <cfloat>
#include <cmath>
#include <complex>

#include "core/kernels/libm/glibc_exp_log.hpp"
#include "core/lang/builtins/builtins.hpp"
#include "core/lang/modules/modules.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/lang/objects/pyint.hpp"

namespace sl::lang {

namespace {

using C = std::complex<double>;
const double kLargeDouble = DBL_MAX / 4.;
const double kSqrtLargeDouble = std::sqrt(kLargeDouble);
const double kLogLargeDouble = std::log(kLargeDouble);
const double kSqrtDblMin = std::sqrt(DBL_MIN);
const double kLn2 = 0.6931471805599453094;
const double kLn10 = 2.302585092994045684;
const double kE = 2.718281828459045235;
const double kPi = 3.141592653589793238;
const double kInf = HUGE_VAL;

enum class Err { None, Domain, Range };

bool finite(C z) { return std::isfinite(z.real()) && std::isfinite(z.imag()); }

// ---- C99 Annex G's special values (G.6), for arguments with an infinite or nan part;
// written out rather than taken from the C library, whose (musl's, under wasm) differ.
// CPython's tables follow Annex G; where they choose differently, the entry says so.
const double kNan = NAN;

C sqrt_special(double x, double y) {
  if (std::isinf(y)) return C(kInf, y);
  if (x == -kInf) return std::isnan(y) ? C(kNan, kInf) : C(0., std::copysign(kInf, y));
  if (x == kInf) return std::isnan(y) ? C(kInf, kNan) : C(kInf, std::copysign(0., y));
  return C(kNan, kNan);
}

C log_special(double x, double y) {
  if (std::isinf(x) && std::isinf(y)) return C(kInf, std::copysign(x < 0 ? 3 * kPi / 4 : kPi / 4, y));
  if (std::isinf(x)) return std::isnan(y) ? C(kInf, kNan) : C(kInf, std::copysign(x < 0 ? kPi : 0., y));
  if (std::isinf(y)) return std::isnan(x) ? C(kInf, kNan) : C(kInf, std::copysign(kPi / 2, y));
  return C(kNan, kNan);
}

C acos_special(double x, double y) {
  if (std::isinf(y)) {
    if (std::isnan(x)) return C(kNan, std::copysign(kInf, -y));
    return C(x == -kInf ? 3 * kPi / 4 : x == kInf ? kPi / 4 : kPi / 2, std::copysign(kInf, -y));
  }
  if (std::isinf(x)) {
    if (std::isnan(y)) return C(kNan, kInf);  // CPython's table (Annex G leaves the sign open)
    return C(x < 0 ? kPi : 0., std::copysign(kInf, -y));
  }
  if (x == 0. && std::isnan(y)) return C(kPi / 2, kNan);
  return C(kNan, kNan);
}

C acosh_special(double x, double y) {
  if (std::isinf(y)) {
    if (std::isnan(x)) return C(kInf, kNan);
    return C(kInf, std::copysign(x == -kInf ? 3 * kPi / 4 : x == kInf ? kPi / 4 : kPi / 2, y));
  }
  if (std::isinf(x)) return std::isnan(y) ? C(kInf, kNan) : C(kInf, std::copysign(x < 0 ? kPi : 0., y));
  return C(kNan, kNan);  // CPython's table for +-0 + nan j (Annex G: nan + i pi/2)
}

C asinh_special(double x, double y) {
  if (std::isnan(x)) {
    if (y == 0.) return C(kNan, y);
    return std::isinf(y) ? C(kInf, kNan) : C(kNan, kNan);
  }
  if (std::isinf(x)) {
    if (std::isnan(y)) return C(x, kNan);
    return C(x, std::copysign(std::isinf(y) ? kPi / 4 : 0., y));
  }
  if (std::isinf(y)) return C(std::copysign(kInf, x), std::copysign(kPi / 2, y));
  return C(kNan, kNan);
}

C atanh_special(double x, double y) {
  if (std::signbit(x) && !std::isnan(x)) {  // odd
    C r = atanh_special(-x, -y);
    return C(-r.real(), -r.imag());
  }
  if (std::isinf(y)) return C(0., std::copysign(kPi / 2, y));
  if (std::isinf(x)) return std::isnan(y) ? C(0., kNan) : C(0., std::copysign(kPi / 2, y));
  if (x == 0. && std::isnan(y)) return C(x, kNan);
  return C(kNan, kNan);
}

// exp, cosh, sinh and tanh with an infinite real part and a finite nonzero imaginary part
// are written in their functions (inf or 0 times cis y); the rest of their tables here.
C exp_special(double x, double y) {
  if (std::isinf(x) && y == 0.) return C(x > 0 ? kInf : 0., y);
  if (x == -kInf) return C(0., 0.);  // y infinite or nan: CPython's +0 + 0j
  if (x == kInf) return C(kInf, kNan);
  if (std::isnan(x) && y == 0.) return C(kNan, y);
  return C(kNan, kNan);
}

C cosh_special(double x, double y) {
  if (std::isinf(x) && y == 0.) return C(kInf, x > 0 ? y : -y);
  if (std::isinf(x)) return C(kInf, kNan);
  if (x == 0.) return C(kNan, 0.);  // y infinite or nan (CPython's sign)
  if (std::isnan(x) && y == 0.) return C(kNan, 0.);  // CPython's table
  return C(kNan, kNan);
}

C sinh_special(double x, double y) {
  if (std::isinf(x) && y == 0.) return C(x, y);
  if (std::isinf(x)) return C(std::isnan(y) ? kInf : x, kNan);  // CPython: +inf for a nan y
  if (x == 0.) return C(0., kNan);  // CPython's table (Annex G: +-0)
  if (std::isnan(x) && y == 0.) return C(kNan, y);
  return C(kNan, kNan);
}

C tanh_special(double x, double y) {
  if (std::isinf(x)) return C(std::copysign(1., x), std::isfinite(y) ? std::copysign(0., y) : 0.);  // CPython: +0 for inf/nan y
  if (std::isnan(x) && y == 0.) return C(kNan, y);
  return C(kNan, kNan);  // CPython's table for +-0 + nan j too
}

C c_sqrt(C z, Err&) {
  const double x = z.real(), y = z.imag();
  if (!finite(z)) return sqrt_special(x, y);
  if (x == 0. && y == 0.) return C(0., y);
  double ax = std::fabs(x), ay = std::fabs(y), s;
  if (ax < DBL_MIN && ay < DBL_MIN) {
    ax = std::ldexp(ax, 53);
    s = std::ldexp(std::sqrt(ax + std::hypot(ax, std::ldexp(ay, 53))), -27);
  } else {
    ax /= 8.;
    s = 2. * std::sqrt(ax + std::hypot(ax, ay / 8.));
  }
  const double d = ay / (2. * s);
  return x >= 0. ? C(s, std::copysign(d, y)) : C(d, std::copysign(s, y));
}

C c_log(C z, Err& err) {
  const double x = z.real(), y = z.imag();
  if (!finite(z)) return log_special(x, y);
  const double ax = std::fabs(x), ay = std::fabs(y);
  double re;
  if (ax > kLargeDouble || ay > kLargeDouble) {
    re = sl::glibc::log(std::hypot(ax / 2., ay / 2.)) + kLn2;
  } else if (ax < DBL_MIN && ay < DBL_MIN) {
    if (ax > 0. || ay > 0.) {
      re = sl::glibc::log(std::hypot(std::ldexp(ax, DBL_MANT_DIG), std::ldexp(ay, DBL_MANT_DIG))) - DBL_MANT_DIG * kLn2;
    } else {
      err = Err::Domain;
      return C(-kInf, std::atan2(y, x));
    }
  } else {
    const double h = std::hypot(ax, ay);
    if (0.71 <= h && h <= 1.73) {
      const double am = ax > ay ? ax : ay, an = ax > ay ? ay : ax;
      re = std::log1p((am - 1) * (am + 1) + an * an) / 2.;
    } else {
      re = sl::glibc::log(h);
    }
  }
  return C(re, std::atan2(y, x));
}

C c_acos(C z, Err& e) {
  const double x = z.real(), y = z.imag();
  if (!finite(z)) return acos_special(x, y);
  if (std::fabs(x) > kLargeDouble || std::fabs(y) > kLargeDouble) {
    const double re = std::atan2(std::fabs(y), x);
    const double l = sl::glibc::log(std::hypot(x / 2., y / 2.)) + kLn2 * 2.;
    return C(re, x < 0 ? -std::copysign(l, y) : std::copysign(l, -y));
  }
  C s1 = c_sqrt(C(1. - x, -y), e), s2 = c_sqrt(C(1. + x, y), e);
  return C(2. * std::atan2(s1.real(), s2.real()), std::asinh(s2.real() * s1.imag() - s2.imag() * s1.real()));
}

C c_acosh(C z, Err& e) {
  const double x = z.real(), y = z.imag();
  if (!finite(z)) return acosh_special(x, y);
  if (std::fabs(x) > kLargeDouble || std::fabs(y) > kLargeDouble)
    return C(sl::glibc::log(std::hypot(x / 2., y / 2.)) + kLn2 * 2., std::atan2(y, x));
  C s1 = c_sqrt(C(x - 1., y), e), s2 = c_sqrt(C(x + 1., y), e);
  return C(std::asinh(s1.real() * s2.real() + s1.imag() * s2.imag()), 2. * std::atan2(s1.imag(), s2.real()));
}

C c_asinh(C z, Err& e) {
  const double x = z.real(), y = z.imag();
  if (!finite(z)) return asinh_special(x, y);
  if (std::fabs(x) > kLargeDouble || std::fabs(y) > kLargeDouble) {
    const double l = sl::glibc::log(std::hypot(x / 2., y / 2.)) + kLn2 * 2.;
    return C(y >= 0. ? std::copysign(l, x) : -std::copysign(l, -x), std::atan2(y, std::fabs(x)));
  }
  C s1 = c_sqrt(C(1. + y, -x), e), s2 = c_sqrt(C(1. - y, x), e);
  return C(std::asinh(s1.real() * s2.imag() - s2.real() * s1.imag()),
           std::atan2(y, s1.real() * s2.real() - s1.imag() * s2.imag()));
}

C c_asin(C z, Err& e) {
  if (std::isinf(z.real()) && std::isnan(z.imag())) return C(NAN, -kInf);  // CPython's table
  C s = c_asinh(C(-z.imag(), z.real()), e);
  return C(s.imag(), -s.real());
}

C c_atanh(C z, Err& err) {
  const double x = z.real(), y = z.imag();
  if (!finite(z)) return atanh_special(x, y);
  if (x < 0.) {
    C r = c_atanh(C(-x, -y), err);
    return C(-r.real(), -r.imag());
  }
  const double ay = std::fabs(y);
  if (x > kSqrtLargeDouble || ay > kSqrtLargeDouble) {
    const double h = std::hypot(x / 2., y / 2.);
    return C(x / 4. / h / h, -std::copysign(kPi / 2., -y));
  }
  if (x == 1. && ay < kSqrtDblMin) {
    if (ay == 0.) {
      err = Err::Domain;
      return C(kInf, y);
    }
    return C(-sl::glibc::log(std::sqrt(ay) / std::sqrt(std::hypot(ay, 2.))), std::copysign(std::atan2(2., -ay) / 2, y));
  }
  return C(std::log1p(4. * x / ((1 - x) * (1 - x) + ay * ay)) / 4., -std::atan2(-2. * y, (1 - x) * (1 + x) - ay * ay) / 2.);
}

C c_atan(C z, Err& e) {
  if (std::isinf(z.real()) && std::isnan(z.imag())) return C(std::copysign(kPi / 2., z.real()), -0.);  // CPython's table
  C s = c_atanh(C(-z.imag(), z.real()), e);
  return C(s.imag(), -s.real());
}

// exp, cosh and sinh share their treatment of an infinite real part: inf * cis(y), signs by cos, sin
C c_exp(C z, Err& err) {
  const double x = z.real(), y = z.imag();
  if (!finite(z)) {
    C r;
    if (std::isinf(x) && std::isfinite(y) && y != 0.)
      r = x > 0 ? C(std::copysign(kInf, sl::glibc::cos(y)), std::copysign(kInf, sl::glibc::sin(y)))
                : C(std::copysign(0., sl::glibc::cos(y)), std::copysign(0., sl::glibc::sin(y)));
    else
      r = exp_special(x, y);
    if (std::isinf(y) && (std::isfinite(x) || (std::isinf(x) && x > 0))) err = Err::Domain;
    return r;
  }
  C r;
  if (x > kLogLargeDouble) {
    const double l = sl::glibc::exp(x - 1.);
    r = C(l * sl::glibc::cos(y) * kE, l * sl::glibc::sin(y) * kE);
  } else {
    const double l = sl::glibc::exp(x);
    r = C(l * sl::glibc::cos(y), l * sl::glibc::sin(y));
  }
  if (std::isinf(r.real()) || std::isinf(r.imag())) err = Err::Range;
  return r;
}

C c_cosh(C z, Err& err) {
  const double x = z.real(), y = z.imag();
  if (!finite(z)) {
    C r;
    if (std::isinf(x) && std::isfinite(y) && y != 0.)
      r = x > 0 ? C(std::copysign(kInf, sl::glibc::cos(y)), std::copysign(kInf, sl::glibc::sin(y)))
                : C(std::copysign(kInf, sl::glibc::cos(y)), -std::copysign(kInf, sl::glibc::sin(y)));
    else
      r = cosh_special(x, y);
    if (std::isinf(y) && !std::isnan(x)) err = Err::Domain;
    return r;
  }
  C r;
  if (std::fabs(x) > kLogLargeDouble) {
    const double xm1 = x - std::copysign(1., x);
    r = C(sl::glibc::cos(y) * std::cosh(xm1) * kE, sl::glibc::sin(y) * std::sinh(xm1) * kE);
  } else {
    r = C(sl::glibc::cos(y) * std::cosh(x), sl::glibc::sin(y) * std::sinh(x));
  }
  if (std::isinf(r.real()) || std::isinf(r.imag())) err = Err::Range;
  return r;
}

C c_sinh(C z, Err& err) {
  const double x = z.real(), y = z.imag();
  if (!finite(z)) {
    C r;
    if (std::isinf(x) && std::isfinite(y) && y != 0.)
      r = x > 0 ? C(std::copysign(kInf, sl::glibc::cos(y)), std::copysign(kInf, sl::glibc::sin(y)))
                : C(-std::copysign(kInf, sl::glibc::cos(y)), std::copysign(kInf, sl::glibc::sin(y)));
    else
      r = sinh_special(x, y);
    if (std::isinf(y) && !std::isnan(x)) err = Err::Domain;
    return r;
  }
  C r;
  if (std::fabs(x) > kLogLargeDouble) {
    const double xm1 = x - std::copysign(1., x);
    r = C(sl::glibc::cos(y) * std::sinh(xm1) * kE, sl::glibc::sin(y) * std::cosh(xm1) * kE);
  } else {
    r = C(sl::glibc::cos(y) * std::sinh(x), sl::glibc::sin(y) * std::cosh(x));
  }
  if (std::isinf(r.real()) || std::isinf(r.imag())) err = Err::Range;
  return r;
}

C c_tanh(C z, Err& err) {
  const double x = z.real(), y = z.imag();
  if (!finite(z)) {
    C r;
    if (std::isinf(x) && std::isfinite(y) && y != 0.)
      r = C(x > 0 ? 1.0 : -1.0, std::copysign(0., 2. * sl::glibc::sin(y) * sl::glibc::cos(y)));
    else
      r = tanh_special(x, y);
    if (std::isinf(y) && std::isfinite(x)) err = Err::Domain;
    return r;
  }
  if (std::fabs(x) > kLogLargeDouble)
    return C(std::copysign(1., x), 4. * sl::glibc::sin(y) * sl::glibc::cos(y) * sl::glibc::exp(-2. * std::fabs(x)));
  const double tx = std::tanh(x), ty = std::tan(y), cx = 1. / std::cosh(x);
  const double txty = tx * ty, denom = 1. + txty * txty;
  return C(tx * (1. + ty * ty) / denom, ((ty / denom) * cx) * cx);
}

C c_cos(C z, Err& e) { return c_cosh(C(-z.imag(), z.real()), e); }
C c_sin(C z, Err& e) {
  C s = c_sinh(C(-z.imag(), z.real()), e);
  return C(s.imag(), -s.real());
}
C c_tan(C z, Err& e) {
  C s = c_tanh(C(-z.imag(), z.real()), e);
  return C(s.imag(), -s.real());
}
C c_log10(C z, Err& e) {
  C r = c_log(z, e);
  return C(r.real() / kLn10, r.imag() / kLn10);
}

// A complex argument: complex, float, int, or an object with __complex__, __float__ or __index__.
C complex_arg(Interp& in, const Value& v) {
  if (auto* c = v.as<ComplexObj>()) return C(c->re, c->im);
  if (v.is_float()) return C(v.as_float(), 0.);
  if (v.is_int() || v.is_bool() || is_pyint(v)) return C(in.float_value(v), 0.);
  if (in.hasattr(v, "__complex__")) {
    Value r = in.call(in.getattr(v, "__complex__"), std::vector<Value>{});
    auto* c = r.as<ComplexObj>();
    if (!c) in.raise_exc("TypeError", "__complex__ returned non-complex (type " + in.type_name(r) + ")");
    return C(c->re, c->im);
  }
  if (in.hasattr(v, "__float__") || in.hasattr(v, "__index__")) return C(in.float_value(v), 0.);
  in.raise_exc("TypeError", "must be real number, not " + in.type_name(v));
}

Value finish(Interp& in, C r, Err err) {
  if (err == Err::Domain) in.raise_exc("ValueError", "math domain error");
  if (err == Err::Range) in.raise_exc("OverflowError", "math range error");
  return make_complex(r.real(), r.imag());
}

template <C (*F)(C, Err&)>
Value unary(Interp& in, Args& a) {
  Value z = a.required(0, "z");
  a.finish(1);
  Err err = Err::None;
  C r = F(complex_arg(in, z), err);
  return finish(in, r, err);
}

// log(z[, base]) = log z / log base (CPython's complex quotient, _Py_c_quot)
Value cmath_log(Interp& in, Args& a) {
  Value z = a.required(0, "x");
  Value base = a.optional(1, "base");
  a.finish(2);
  Err err = Err::None;
  C r = c_log(complex_arg(in, z), err);
  if (!base.is_none()) {
    // the second c_log's errno replaces the first's, as in cmath_log_impl
    err = Err::None;
    C b = c_log(complex_arg(in, base), err);
    const double abr = std::fabs(b.real()), abi = std::fabs(b.imag());
    if (abr >= abi) {
      if (abr == 0.0) in.raise_exc("ValueError", "math domain error");  // _Py_c_quot's EDOM
      const double ratio = b.imag() / b.real(), denom = b.real() + b.imag() * ratio;
      r = C((r.real() + r.imag() * ratio) / denom, (r.imag() - r.real() * ratio) / denom);
    } else if (abi >= abr) {
      const double ratio = b.real() / b.imag(), denom = b.real() * ratio + b.imag();
      r = C((r.real() * ratio + r.imag()) / denom, (r.imag() * ratio - r.real()) / denom);
    } else {
      r = C(NAN, NAN);
    }
  }
  return finish(in, r, err);
}

Value cmath_phase(Interp& in, Args& a) {
  Value z = a.required(0, "z");
  a.finish(1);
  C c = complex_arg(in, z);
  const double r = std::atan2(c.imag(), c.real());
  // glibc's atan2 reports an underflow to zero as ERANGE (its w_atan2 wrapper: z == 0, y != 0,
  // x finite), which CPython's phase raises as a range error; musl reports nothing, so test here
  if (r == 0. && c.imag() != 0. && std::isfinite(c.real())) in.raise_exc("OverflowError", "math range error");
  return Value::new_float(r);
}

double c_abs(Interp& in, C z) {
  if (!finite(z)) {
    if (std::isinf(z.real()) || std::isinf(z.imag())) return kInf;
    return NAN;
  }
  const double r = std::hypot(z.real(), z.imag());
  if (std::isinf(r)) in.raise_exc("OverflowError", "math range error");
  return r;
}

Value cmath_polar(Interp& in, Args& a) {
  Value z = a.required(0, "z");
  a.finish(1);
  C c = complex_arg(in, z);
  const double r = c_abs(in, c);
  return make_tuple({Value::new_float(r), Value::new_float(std::atan2(c.imag(), c.real()))});
}

Value cmath_rect(Interp& in, Args& a) {
  Value rv = a.required(0, "r");
  Value pv = a.required(1, "phi");
  a.finish(2);
  const double r = in.float_value(rv), phi = in.float_value(pv);
  if (!std::isfinite(r) || !std::isfinite(phi)) {
    C z;
    if (std::isinf(r) && std::isfinite(phi) && phi != 0.) {
      z = r > 0 ? C(std::copysign(kInf, sl::glibc::cos(phi)), std::copysign(kInf, sl::glibc::sin(phi)))
                : C(-std::copysign(kInf, sl::glibc::cos(phi)), -std::copysign(kInf, sl::glibc::sin(phi)));
    } else if (std::isnan(r)) {
      z = phi == 0. ? C(NAN, 0.) : C(NAN, NAN);
    } else if (std::isinf(r)) {  // phi is 0, +-inf or nan
      z = phi == 0. ? C(r, r > 0 ? phi : -phi) : C(kInf, NAN);
    } else if (r == 0.) {  // phi is +-inf or nan
      z = C(0., 0.);
    } else {
      z = C(NAN, NAN);
    }
    if (r != 0. && !std::isnan(r) && std::isinf(phi)) in.raise_exc("ValueError", "math domain error");
    return make_complex(z.real(), z.imag());
  }
  if (phi == 0.0) return make_complex(r, r * phi);
  return make_complex(r * sl::glibc::cos(phi), r * sl::glibc::sin(phi));
}

template <int Which>
Value classify(Interp& in, Args& a) {
  Value z = a.required(0, "z");
  a.finish(1);
  C c = complex_arg(in, z);
  const double x = c.real(), y = c.imag();
  if (Which == 0) return Value::boolean(std::isfinite(x) && std::isfinite(y));
  if (Which == 1) return Value::boolean(std::isinf(x) || std::isinf(y));
  return Value::boolean(std::isnan(x) || std::isnan(y));
}

// isclose: |a - b| <= max(rel_tol * max(|a|, |b|), abs_tol), infinities close only when equal
Value cmath_isclose(Interp& in, Args& a) {
  Value av = a.required(0, "a");
  Value bv = a.required(1, "b");
  Value rel, abs_;
  double rel_tol = a.take(99, "rel_tol", rel) ? in.float_value(rel) : 1e-09;
  double abs_tol = a.take(99, "abs_tol", abs_) ? in.float_value(abs_) : 0.0;
  a.finish(2);
  if (rel_tol < 0.0 || abs_tol < 0.0) in.raise_exc("ValueError", "tolerances must be non-negative");
  C x = complex_arg(in, av), y = complex_arg(in, bv);
  if (x == y) return Value::boolean(true);
  if (std::isinf(x.real()) || std::isinf(x.imag()) || std::isinf(y.real()) || std::isinf(y.imag()))
    return Value::boolean(false);
  const double diff = std::abs(x - y);
  return Value::boolean((diff <= rel_tol * std::abs(y)) || (diff <= rel_tol * std::abs(x)) || diff <= abs_tol);
}

const ModuleFnDef kCmath[] = {
    {"sqrt", unary<c_sqrt>},   {"exp", unary<c_exp>},     {"log10", unary<c_log10>}, {"acos", unary<c_acos>},
    {"asin", unary<c_asin>},   {"atan", unary<c_atan>},   {"acosh", unary<c_acosh>}, {"asinh", unary<c_asinh>},
    {"atanh", unary<c_atanh>}, {"cos", unary<c_cos>},     {"sin", unary<c_sin>},     {"tan", unary<c_tan>},
    {"cosh", unary<c_cosh>},   {"sinh", unary<c_sinh>},   {"tanh", unary<c_tanh>},   {"log", cmath_log},
    {"phase", cmath_phase},    {"polar", cmath_polar},    {"rect", cmath_rect},      {"isfinite", classify<0>},
    {"isinf", classify<1>},    {"isnan", classify<2>},    {"isclose", cmath_isclose},
};

}  // namespace

void install_cmath_module(Interp& in) {
  ModuleObj& m = new_module(in, "cmath");
  def_functions(in, m, kCmath);
  m.attrs["pi"] = Value::floating(kPi);
  m.attrs["e"] = Value::floating(kE);
  m.attrs["tau"] = Value::floating(2 * kPi);
  m.attrs["inf"] = Value::floating(kInf);
  m.attrs["nan"] = Value::new_float(NAN);
  m.attrs["infj"] = make_complex(0., kInf);
  m.attrs["nanj"] = make_complex(0., NAN);
}

}  // namespace sl::lang
