// kernels/ops: the elementwise operations of the ufuncs, written once as
// functors templated on the element type.
//
// Each functor says which loop types it has (`ok<T>`, NumPy's `ufunc.types`
// without the object/datetime loops), computes one element (`f`), and when a
// batch form exists, computes a whole xsimd batch (`v`, used when `vec<T>`;
// compiled only when SL_SIMD, so a scalar build never sees xsimd).
// The batch form must give the same bits as `f` for every input, NaN, inf and
// -0.0 included: the contiguous fast path and the strided / tail path must
// agree, and tests check that they do.
//
// Element semantics are NumPy's (numpy/core/src/umath/loops*.c.src,
// npy_math_internal.h.src): integers wrap around; integer division and
// remainder by zero give 0; floor_divide / remainder follow Python's signs
// (npy_divmod); shifts by >= the bit width give 0 (or -1 for negative values
// shifted right); maximum/minimum propagate NaN from either side, fmax/fmin
// ignore it; complex numbers compare lexicographically. float16 is computed in
// float32 and rounded once, as NumPy's `e` loops do.
#pragma once
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "core/model/dtype.hpp"
#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/kernels/simd.hpp"
#include "core/kernels/npy_umath.hpp"
#include "core/kernels/libm/glibc_exp_log.hpp"

namespace sl::ops {

template <class T> inline constexpr bool is_cplx = is_complex_t<T>::value;
template <class T> inline constexpr bool is_half = std::is_same_v<T, half>;
template <class T> inline constexpr bool is_flt = std::is_floating_point_v<T> || is_half<T>;
template <class T> inline constexpr bool is_int = std::is_integral_v<T> && !std::is_same_v<T, bool>;
template <class T> inline constexpr bool is_bool = std::is_same_v<T, bool>;
template <class T> inline constexpr bool is_real_num = is_int<T> || is_flt<T>;  // no bool, no complex
template <class T> inline constexpr bool any_num = true;

// The type an element is computed in: float16 goes through float32.
template <class T> struct compute { using type = T; };
template <> struct compute<half> { using type = float; };
template <class T> using compute_t = typename compute<T>::type;

// Integer arithmetic that wraps around instead of overflowing (signed overflow
// is undefined in C++; NumPy's C loops wrap on every platform we target).
template <class T> inline T wrap_add(T a, T b) { using U = std::make_unsigned_t<T>; return T(U(U(a) + U(b))); }
template <class T> inline T wrap_sub(T a, T b) { using U = std::make_unsigned_t<T>; return T(U(U(a) - U(b))); }
template <class T> inline T wrap_mul(T a, T b) {
  using U = std::make_unsigned_t<T>;
  using W = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, U>;  // avoid int promotion overflow
  return T(U(W(U(a)) * W(U(b))));
}
template <class T> inline T wrap_neg(T a) { using U = std::make_unsigned_t<T>; return T(U(U(0) - U(a))); }

template <class T> inline bool nonzero(T a) {
  if constexpr (is_cplx<T>) return a.real() != 0 || a.imag() != 0;
  else return a != T(0);
}

// NumPy's lexicographic complex comparisons (loops.c.src CGT/CGE/CLT/CLE).
template <class C> inline bool cgt(C x, C y) {
  return (x.real() > y.real() && !std::isnan(x.imag()) && !std::isnan(y.imag())) || (x.real() == y.real() && x.imag() > y.imag());
}
template <class C> inline bool cge(C x, C y) {
  return (x.real() > y.real() && !std::isnan(x.imag()) && !std::isnan(y.imag())) || (x.real() == y.real() && x.imag() >= y.imag());
}
template <class C> inline bool clt(C x, C y) { return cgt(y, x); }
template <class C> inline bool cle(C x, C y) { return cge(y, x); }
template <class C> inline bool cisnan(C x) { return std::isnan(x.real()) || std::isnan(x.imag()); }

// Complex multiply and divide with NumPy's formulas (no C99 Annex G inf
// recovery; Smith's algorithm for division).
template <class C> inline C cmul(C a, C b) {
  return C(a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real());
}
template <class C> inline C cdiv(C a, C b) {
  using F = typename C::value_type;
  const F ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
  const F abs_br = std::fabs(br), abs_bi = std::fabs(bi);
  if (abs_br >= abs_bi) {
    if (abs_br == 0 && abs_bi == 0) return C(ar / abs_br, ai / abs_br);
    const F rat = bi / br, scl = F(1) / (br + bi * rat);
    return C((ar + ai * rat) * scl, (ai - ar * rat) * scl);
  }
  const F rat = br / bi, scl = F(1) / (bi + br * rat);
  return C((ar * rat + ai) * scl, (ai * rat - ar) * scl);
}
// npy_cpow: exact small integer powers by repeated squaring, libm otherwise.
template <class C> inline C cpow(C a, C b) {
  using F = typename C::value_type;
  const F br = b.real(), bi = b.imag();
  if (br == 0 && bi == 0) return C(1, 0);
  if (a.real() == 0 && a.imag() == 0) {
    if (br > 0) return C(0, 0);
    return C(std::numeric_limits<F>::quiet_NaN(), std::numeric_limits<F>::quiet_NaN());
  }
  if (bi == 0 && br > -100 && br < 100 && F(int64_t(br)) == br) {
    int64_t n = int64_t(br);
    if (n == 1) return a;
    if (n == 2) return cmul(a, a);
    if (n == 3) return cmul(a, cmul(a, a));
    int64_t m = n < 0 ? -n : n, mask = 1;
    C aa(1, 0), p = a;
    for (;;) {
      if (m & mask) aa = cmul(aa, p);
      mask <<= 1;
      if (m < mask || mask <= 0) break;
      p = cmul(p, p);
    }
    return br < 0 ? cdiv(C(1, 0), aa) : aa;
  }
  return std::pow(a, b);
}

// Python-style floor division and remainder for floats (npy_divmod).
template <class F> inline F fdivmod(F a, F b, F& mod) {
  F m = std::fmod(a, b);
  if (b == 0) {
    mod = m;
    return a / b;
  }
  F div = (a - m) / b;
  if (m != 0) {
    if ((b < 0) != (m < 0)) {
      m += b;
      div -= F(1);
    }
  } else {
    m = std::copysign(F(0), b);
  }
  F floordiv;
  if (div != 0) {
    floordiv = std::floor(div);
    if (div - floordiv > F(0.5)) floordiv += F(1);
  } else {
    floordiv = std::copysign(F(0), a / b);
  }
  mod = m;
  return floordiv;
}

// Raised by integer kernels that NumPy also stops in (e.g. negative powers).
[[noreturn]] inline void int_negative_power() { value_error("Integers to negative integer powers are not allowed."); }

// ---------------------------------------------------------------- binary

struct add {
  template <class T> static constexpr bool ok = true;
  template <class T> static constexpr bool vec = simd::batchable<T>;
  template <class T> static T f(T a, T b) {
    if constexpr (is_int<T>) return wrap_add(a, b);
    else if constexpr (is_bool<T>) return a || b;
    else return a + b;
  }
#if SL_SIMD
  template <class B> static B v(const B& a, const B& b) { return a + b; }
#endif
};

struct subtract {
  template <class T> static constexpr bool ok = !is_bool<T>;
  template <class T> static constexpr bool vec = simd::batchable<T>;
  template <class T> static T f(T a, T b) {
    if constexpr (is_int<T>) return wrap_sub(a, b);
    else return a - b;
  }
#if SL_SIMD
  template <class B> static B v(const B& a, const B& b) { return a - b; }
#endif
};

struct multiply {
  template <class T> static constexpr bool ok = true;
  // xsimd has no 8-bit multiply on every backend; those stay scalar.
  template <class T> static constexpr bool vec = simd::batchable<T> && sizeof(T) >= 2;
  template <class T> static T f(T a, T b) {
    if constexpr (is_int<T>) return wrap_mul(a, b);
    else if constexpr (is_bool<T>) return a && b;
    else if constexpr (is_cplx<T>) return cmul(a, b);
    else return a * b;
  }
#if SL_SIMD
  template <class B> static B v(const B& a, const B& b) { return a * b; }
#endif
};

// true_divide: floats and complex (integer inputs are resolved to float64).
struct divide {
  template <class T> static constexpr bool ok = is_flt<T> || is_cplx<T>;
  template <class T> static constexpr bool vec = std::is_floating_point_v<T>;
  template <class T> static T f(T a, T b) {
    if constexpr (is_cplx<T>) return cdiv(a, b);
    else return a / b;
  }
#if SL_SIMD
  template <class B> static B v(const B& a, const B& b) { return a / b; }
#endif
};

struct floor_divide {
  template <class T> static constexpr bool ok = is_real_num<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T a, T b) {
    if constexpr (is_int<T>) {
      if (b == 0) return 0;
      if constexpr (std::is_signed_v<T>) {
        if (b == T(-1)) return wrap_neg(a);  // INT_MIN // -1 wraps to INT_MIN
        T q = T(a / b);
        if (((a % b) != 0) && ((a < 0) != (b < 0))) --q;
        return q;
      } else {
        return T(a / b);
      }
    } else {
      if (b == 0) return a / b;
      T m;
      return fdivmod(a, b, m);
    }
  }
};

struct remainder {
  template <class T> static constexpr bool ok = is_real_num<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T a, T b) {
    if constexpr (is_int<T>) {
      if (b == 0) return 0;
      if constexpr (std::is_signed_v<T>) {
        if (b == T(-1)) return 0;
        T r = T(a % b);
        if (r != 0 && ((r < 0) != (b < 0))) r = T(r + b);
        return r;
      } else {
        return T(a % b);
      }
    } else {
      if (b == 0) return std::fmod(a, b);
      T m;
      fdivmod(a, b, m);
      return m;
    }
  }
};

struct fmod {
  template <class T> static constexpr bool ok = is_real_num<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T a, T b) {
    if constexpr (is_int<T>) {
      if (b == 0) return 0;
      if constexpr (std::is_signed_v<T>) {
        if (b == T(-1)) return 0;
      }
      return T(a % b);
    } else {
      return std::fmod(a, b);
    }
  }
};

struct power {
  template <class T> static constexpr bool ok = !is_bool<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T a, T b) {
    if constexpr (is_int<T>) {
      // npy's integer power: square-and-multiply, wrapping.
      if constexpr (std::is_signed_v<T>) {
        if (b < 0) int_negative_power();
      }
      if (b == 0 || a == 1) return 1;
      T out = (b & 1) ? a : T(1);
      b = T(b >> 1);
      while (b > 0) {
        a = wrap_mul(a, a);
        if (b & 1) out = wrap_mul(out, a);
        b = T(b >> 1);
      }
      return out;
    } else if constexpr (is_cplx<T>) {
      return cpow(a, b);
    } else if constexpr (std::is_same_v<T, double>) {
      // NumPy's float64 loop and its scalar math both call the C library's
      // pow on the reference CPU: glibc's, bit for bit (kernels/libm).
      return libm::pow(a, b);
    } else {
      return std::pow(a, b);
    }
  }
};
// np.float_power: power with float64 and complex128 loops only, so every input
// is computed at least in double precision.
struct float_power {
  template <class T> static constexpr bool ok = std::is_same_v<T, double> || std::is_same_v<T, c128>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T a, T b) { return power::f(a, b); }
};

// np.maximum / np.minimum: NaN wins from either side; ties give the second
// operand (maximum(-0.0, 0.0) is 0.0 and maximum(0.0, -0.0) is -0.0, as NumPy
// 1.24 prints), which also makes a max-reduction keep the later of equal values.
struct maximum {
  template <class T> static constexpr bool ok = true;
  template <class T> static constexpr bool vec = simd::batchable<T>;
  template <class T> static T f(T a, T b) {
    if constexpr (is_cplx<T>) return (cisnan(a) || cge(a, b)) ? a : b;
    else if constexpr (std::is_floating_point_v<T>) return (a > b || std::isnan(a)) ? a : b;
    else return a > b ? a : b;
  }
  // float16 (HALF_maximum, npy_half_ge): ties give the first operand.
  static float half_f(float a, float b) { return (a >= b || std::isnan(a)) ? a : b; }
#if SL_SIMD
  template <class B> static B v(const B& a, const B& b) {
    if constexpr (std::is_floating_point_v<typename B::value_type>) return xsimd::select((a > b) | (a != a), a, b);
    else return xsimd::select(a > b, a, b);
  }
#endif
};
struct minimum {
  template <class T> static constexpr bool ok = true;
  template <class T> static constexpr bool vec = simd::batchable<T>;
  template <class T> static T f(T a, T b) {
    if constexpr (is_cplx<T>) return (cisnan(a) || cle(a, b)) ? a : b;
    else if constexpr (std::is_floating_point_v<T>) return (a < b || std::isnan(a)) ? a : b;
    else return a < b ? a : b;
  }
  // float16 (HALF_minimum, npy_half_le): ties give the first operand.
  static float half_f(float a, float b) { return (a <= b || std::isnan(a)) ? a : b; }
#if SL_SIMD
  template <class B> static B v(const B& a, const B& b) {
    if constexpr (std::is_floating_point_v<typename B::value_type>) return xsimd::select((a < b) | (a != a), a, b);
    else return xsimd::select(a < b, a, b);
  }
#endif
};
// np.fmax / np.fmin: NaN loses unless both are NaN; ties give the second operand.
struct fmax {
  template <class T> static constexpr bool ok = true;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T a, T b) {
    if constexpr (is_cplx<T>) return (cisnan(b) || cge(a, b)) ? a : b;
    else if constexpr (std::is_floating_point_v<T>) return (a > b || std::isnan(b)) ? a : b;
    else return a > b ? a : b;
  }
  // float16 (HALF_fmax, npy_half_ge): ties give the first operand. The
  // float32/64 reduction's own tie rule is in kernels/reduce.cpp
  // (Note [fmin/fmax reduction ties]).
  static float half_f(float a, float b) { return (a >= b || std::isnan(b)) ? a : b; }
};
struct fmin {
  template <class T> static constexpr bool ok = true;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T a, T b) {
    if constexpr (is_cplx<T>) return (cisnan(b) || cle(a, b)) ? a : b;
    else if constexpr (std::is_floating_point_v<T>) return (a < b || std::isnan(b)) ? a : b;
    else return a < b ? a : b;
  }
  static float half_f(float a, float b) { return (a <= b || std::isnan(b)) ? a : b; }
};

struct arctan2 {
  template <class T> static constexpr bool ok = is_flt<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T a, T b) { return std::atan2(a, b); }
};
struct hypot {
  template <class T> static constexpr bool ok = is_flt<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T a, T b) { return std::hypot(a, b); }
};
// np.logaddexp / np.logaddexp2 (npy_logaddexp*, npy_math_internal.h.src):
// log(exp(a) + exp(b)) without overflow; equal arguments (infinities of the
// same sign included) give a + log(2); a NaN difference is returned as is.
struct logaddexp {
  template <class T> static constexpr bool ok = is_flt<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T a, T b) {
    if (a == b) return a + T(0.693147180559945309417232121458176568);
    const T d = a - b;
    if (d > 0) return a + std::log1p(libm::exp(-d));
    if (d <= 0) return b + std::log1p(libm::exp(d));
    return d;
  }
};
struct logaddexp2 {
  template <class T> static constexpr bool ok = is_flt<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T a, T b) {
    constexpr T log2e = T(1.442695040888963407359924681001892137);
    if (a == b) return a + 1;
    const T d = a - b;
    if (d > 0) return a + log2e * std::log1p(libm::exp2(-d));
    if (d <= 0) return b + log2e * std::log1p(libm::exp2(d));
    return d;
  }
};
// np.fabs: float loops only (integers are cast to a float type, complex has none).
struct fabs {
  template <class T> static constexpr bool ok = is_flt<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T x) { return std::fabs(x); }
};
struct copysign {
  template <class T> static constexpr bool ok = is_flt<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T a, T b) { return std::copysign(a, b); }
};

// np.gcd / np.lcm (npy_gcd, npy_lcm; integer loops only): Euclid's algorithm on
// the magnitudes, so gcd >= 0; gcd(0, 0) = 0; lcm = |a / gcd(a, b) * b|, 0 when
// either is 0. Magnitudes are taken as unsigned, so INT_MIN wraps as in C.
struct gcd {
  template <class T> static constexpr bool ok = is_int<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static std::make_unsigned_t<T> mag(T a) {
    using U = std::make_unsigned_t<T>;
    if constexpr (std::is_signed_v<T>) return a < 0 ? U(U(0) - U(a)) : U(a);
    else return a;
  }
  template <class T> static T f(T a, T b) {
    auto x = mag(a), y = mag(b);
    while (y != 0) {
      auto r = decltype(x)(x % y);
      x = y;
      y = r;
    }
    return T(x);
  }
};
struct lcm {
  template <class T> static constexpr bool ok = is_int<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T a, T b) {
    const T g = gcd::f(a, b);
    if (g == 0) return 0;
    const auto r = decltype(gcd::mag(a))(gcd::mag(a) / gcd::mag(g) * gcd::mag(b));
    return T(r);
  }
};
// np.heaviside(x, h0) (npy_heaviside): 0 for x < 0, h0 at 0, 1 for x > 0, NaN for NaN.
struct heaviside {
  template <class T> static constexpr bool ok = is_flt<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T x, T h0) {
    if (std::isnan(x)) return x;
    if (x == 0) return h0;
    return x < 0 ? T(0) : T(1);
  }
};
// np.nextafter(x, y): the next representable value after x towards y. float16
// steps its own bits (npy_half_nextafter) rather than float32's.
struct nextafter {
  template <class T> static constexpr bool ok = is_flt<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T x, T y) { return std::nextafter(x, y); }
  static float half_f(float xf, float yf) {
    const uint16_t x = half(xf).bits, y = half(yf).bits;
    if (std::isnan(xf) || std::isnan(yf)) return std::numeric_limits<float>::quiet_NaN();
    if (xf == yf) return xf;
    uint16_t r;
    if ((x & 0x7fffu) == 0) r = uint16_t((y & 0x8000u) + 1);
    else if (!(x & 0x8000u)) r = int16_t(x) > int16_t(y) ? uint16_t(x - 1) : uint16_t(x + 1);
    else r = (!(y & 0x8000u) || (x & 0x7fffu) > (y & 0x7fffu)) ? uint16_t(x - 1) : uint16_t(x + 1);
    return float(half::from_bits(r));
  }
};
// np.spacing(x) (npy_spacing): the distance from x to the next value of larger
// magnitude (negative for negative x), NaN for inf and NaN. float16 follows
// npy_half_spacing: always positive, and for a negative power of two the gap
// below it (towards zero).
struct spacing {
  template <class T> static constexpr bool ok = is_flt<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T x) {
    if (std::isinf(x)) return std::numeric_limits<T>::quiet_NaN();
    if (std::isnan(x)) return x;
    const T away = x == 0 ? std::numeric_limits<T>::denorm_min() : std::nextafter(x, std::copysign(std::numeric_limits<T>::infinity(), x));
    return x == 0 ? away : away - x;
  }
  static float half_f(float xf) {
    const uint16_t h = half(xf).bits, e = h & 0x7c00u, sig = h & 0x03ffu;
    uint16_t r;
    if (e == 0x7c00u) return std::numeric_limits<float>::quiet_NaN();
    if (h == 0x7bffu) r = 0x7c00u;
    else if ((h & 0x8000u) && sig == 0) r = e > 0x2c00u ? uint16_t(e - 0x2c00u) : e > 0x0400u ? uint16_t(1u << ((e >> 10) - 2)) : uint16_t(1);
    else r = e > 0x2800u ? uint16_t(e - 0x2800u) : e > 0x0400u ? uint16_t(1u << ((e >> 10) - 1)) : uint16_t(1);
    return float(half::from_bits(r));
  }
};

// np.conjugate: the complex conjugate; every other number is itself (no bool loop).
struct conjugate {
  template <class T> static constexpr bool ok = !is_bool<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T x) {
    if constexpr (is_cplx<T>) return std::conj(x);
    else return x;
  }
};

// np.bitwise_count: the number of 1 bits of |x| (uint8 for every integer loop).
struct bitwise_count {
  template <class T> static constexpr bool ok = is_int<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static uint8_t f(T x) {
    auto m = gcd::mag(x);
    uint8_t n = 0;
    for (; m; m = decltype(m)(m & (m - 1))) ++n;
    return n;
  }
};

struct bitwise_and {
  template <class T> static constexpr bool ok = is_int<T> || is_bool<T>;
  template <class T> static constexpr bool vec = is_int<T>;
  template <class T> static T f(T a, T b) { return T(a & b); }
#if SL_SIMD
  template <class B> static B v(const B& a, const B& b) { return a & b; }
#endif
};
struct bitwise_or {
  template <class T> static constexpr bool ok = is_int<T> || is_bool<T>;
  template <class T> static constexpr bool vec = is_int<T>;
  template <class T> static T f(T a, T b) { return T(a | b); }
#if SL_SIMD
  template <class B> static B v(const B& a, const B& b) { return a | b; }
#endif
};
struct bitwise_xor {
  template <class T> static constexpr bool ok = is_int<T> || is_bool<T>;
  template <class T> static constexpr bool vec = is_int<T>;
  template <class T> static T f(T a, T b) { return T(a ^ b); }
#if SL_SIMD
  template <class B> static B v(const B& a, const B& b) { return a ^ b; }
#endif
};
// npy_lshift / npy_rshift: a shift count outside [0, bits) gives 0 (or the
// sign for right shifts of negative values) instead of undefined behaviour.
struct left_shift {
  template <class T> static constexpr bool ok = is_int<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T a, T b) {
    using U = std::make_unsigned_t<T>;
    if (uint64_t(b) < sizeof(T) * 8) return T(U(a) << unsigned(b));
    return 0;
  }
};
struct right_shift {
  template <class T> static constexpr bool ok = is_int<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T a, T b) {
    if (uint64_t(b) < sizeof(T) * 8) return T(a >> unsigned(b));
    if constexpr (std::is_signed_v<T>) return a < 0 ? T(-1) : T(0);
    return 0;
  }
};

struct logical_and {
  template <class T> static constexpr bool ok = true;
  template <class T> static constexpr bool vec = false;
  template <class T> static bool f(T a, T b) { return nonzero(a) && nonzero(b); }
};
struct logical_or {
  template <class T> static constexpr bool ok = true;
  template <class T> static constexpr bool vec = false;
  template <class T> static bool f(T a, T b) { return nonzero(a) || nonzero(b); }
};
struct logical_xor {
  template <class T> static constexpr bool ok = true;
  template <class T> static constexpr bool vec = false;
  template <class T> static bool f(T a, T b) { return nonzero(a) != nonzero(b); }
};

// Comparisons: bool results; the batch form returns a batch_bool that the
// driver expands to one byte per element.
struct equal {
  template <class T> static constexpr bool ok = true;
  template <class T> static constexpr bool vec = simd::batchable<T>;
  template <class T> static bool f(T a, T b) { return a == b; }
#if SL_SIMD
  template <class B> static auto v(const B& a, const B& b) { return a == b; }
#endif
};
struct not_equal {
  template <class T> static constexpr bool ok = true;
  template <class T> static constexpr bool vec = simd::batchable<T>;
  template <class T> static bool f(T a, T b) { return a != b; }
#if SL_SIMD
  template <class B> static auto v(const B& a, const B& b) { return a != b; }
#endif
};
struct less {
  template <class T> static constexpr bool ok = true;
  template <class T> static constexpr bool vec = simd::batchable<T>;
  template <class T> static bool f(T a, T b) {
    if constexpr (is_cplx<T>) return clt(a, b);
    else return a < b;
  }
#if SL_SIMD
  template <class B> static auto v(const B& a, const B& b) { return a < b; }
#endif
};
struct less_equal {
  template <class T> static constexpr bool ok = true;
  template <class T> static constexpr bool vec = simd::batchable<T>;
  template <class T> static bool f(T a, T b) {
    if constexpr (is_cplx<T>) return cle(a, b);
    else return a <= b;
  }
#if SL_SIMD
  template <class B> static auto v(const B& a, const B& b) { return a <= b; }
#endif
};
struct greater {
  template <class T> static constexpr bool ok = true;
  template <class T> static constexpr bool vec = simd::batchable<T>;
  template <class T> static bool f(T a, T b) {
    if constexpr (is_cplx<T>) return cgt(a, b);
    else return a > b;
  }
#if SL_SIMD
  template <class B> static auto v(const B& a, const B& b) { return a > b; }
#endif
};
struct greater_equal {
  template <class T> static constexpr bool ok = true;
  template <class T> static constexpr bool vec = simd::batchable<T>;
  template <class T> static bool f(T a, T b) {
    if constexpr (is_cplx<T>) return cge(a, b);
    else return a >= b;
  }
#if SL_SIMD
  template <class B> static auto v(const B& a, const B& b) { return a >= b; }
#endif
};

// ---------------------------------------------------------------- unary

struct negative {
  template <class T> static constexpr bool ok = !is_bool<T>;
  template <class T> static constexpr bool vec = simd::batchable<T>;
  template <class T> static T f(T a) {
    if constexpr (is_int<T>) return wrap_neg(a);
    else return -a;
  }
#if SL_SIMD
  template <class B> static B v(const B& a) { return -a; }
#endif
};
struct positive {
  template <class T> static constexpr bool ok = !is_bool<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T a) { return a; }
};
struct absolute {
  template <class T> static constexpr bool ok = true;
  template <class T> static constexpr bool vec = simd::batchable<T> && !std::is_unsigned_v<T>;
  template <class T> static auto f(T a) {
    if constexpr (is_cplx<T>) return std::hypot(a.real(), a.imag());
    else if constexpr (is_bool<T> || std::is_unsigned_v<T>) return a;
    else if constexpr (is_int<T>) return a < 0 ? wrap_neg(a) : a;
    else return std::fabs(a);
  }
#if SL_SIMD
  template <class B> static B v(const B& a) { return xsimd::abs(a); }
#endif
};
struct invert {
  template <class T> static constexpr bool ok = is_int<T> || is_bool<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T a) {
    if constexpr (is_bool<T>) return !a;
    else return T(~a);
  }
};
struct logical_not {
  template <class T> static constexpr bool ok = true;
  template <class T> static constexpr bool vec = false;
  template <class T> static bool f(T a) { return !nonzero(a); }
};
struct sign {
  template <class T> static constexpr bool ok = !is_bool<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T a) {
    if constexpr (is_cplx<T>) {
      // NumPy 2: z / |z| (NumPy 1 took the sign of the real part). An infinite
      // part alone gives its direction, +-1 or +-1j, whatever the other part is;
      // two infinite parts or a NaN give nan+nanj; zero gives 0j.
      using F = typename T::value_type;
      const F re = a.real(), im = a.imag(), nan = std::numeric_limits<F>::quiet_NaN();
      const bool ri = std::isinf(re), ii = std::isinf(im);
      if (ri && ii) return T(nan, nan);
      if (ri) return T(std::copysign(F(1), re), F(0));
      if (ii) return T(F(0), std::copysign(F(1), im));
      if (std::isnan(re) || std::isnan(im)) return T(nan, nan);
      if (re == 0 && im == 0) return T(0, 0);
      const F m = std::hypot(re, im);
      return T(re / m, im / m);
    } else if constexpr (std::is_unsigned_v<T>) {
      return a > 0 ? 1 : 0;
    } else if constexpr (is_int<T>) {
      return T((a > 0) - (a < 0));
    } else {
      return a > 0 ? T(1) : a < 0 ? T(-1) : a == 0 ? T(0) : a;
    }
  }
};
struct square {
  template <class T> static constexpr bool ok = !is_bool<T>;
  template <class T> static constexpr bool vec = std::is_floating_point_v<T> || (is_int<T> && sizeof(T) >= 2);
  template <class T> static T f(T a) { return multiply::f(a, a); }
#if SL_SIMD
  template <class B> static B v(const B& a) { return a * a; }
#endif
};
struct reciprocal {
  template <class T> static constexpr bool ok = !is_bool<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T a) {
    if constexpr (is_cplx<T>) {
      using F = typename T::value_type;
      const F ar = a.real(), ai = a.imag();
      if (std::fabs(ai) <= std::fabs(ar)) {
        const F r = ai / ar, d = ar + ai * r;
        return T(F(1) / d, -r / d);
      }
      const F r = ar / ai, d = ar * r + ai;
      return T(r / d, F(-1) / d);
    } else if constexpr (is_int<T>) {
      return cast_value<T>(1.0 / double(a));
    } else {
      return T(1) / a;
    }
  }
};

// nc_log10: the complex log scaled by NPY_LOG10E (libstdc++ divides by log(10)).
template <class T> inline T npy_log10(T x) {
  if constexpr (is_cplx<T>) {
    using F = typename T::value_type;
    const T l = std::log(x);
    return T(l.real() * F(0.434294481903251827651128918916605082), l.imag() * F(0.434294481903251827651128918916605082));
  } else {
    return std::log10(x);
  }
}

// Transcendental functions: libm, element by element (a batch version from
// xsimd would differ from NumPy in the last bits). Note [float32 via double]:
// the reference's glibc (2.41) computes these float32 functions correctly
// rounded (its CORE-MATH ports), so float32 (and float16, which NumPy widens
// to float32) is the float64 function rounded to float: equal to the correctly
// rounded result unless the exact value lies within the float64 function's
// error of a float rounding boundary (about 2^-28 of inputs).
#define SL_LIBM_UNARY(NAME, EXPR, CPLX)                                                     \
  struct NAME {                                                                             \
    template <class T> static constexpr bool ok = is_flt<T> || (CPLX && is_cplx<T>);        \
    template <class T> static constexpr bool vec = false;                                   \
    template <class T> static T f(T x) {                                                    \
      if constexpr (std::is_same_v<T, float>) return float(f<double>(double(x)));           \
      else return EXPR;                                                                     \
    }                                                                                       \
  };
SL_LIBM_UNARY(sqrt_, std::sqrt(x), true)
SL_LIBM_UNARY(cbrt, std::cbrt(x), false)
SL_LIBM_UNARY(log10, npy_log10(x), true)
SL_LIBM_UNARY(tan, std::tan(x), true)
SL_LIBM_UNARY(arcsin, std::asin(x), true)
SL_LIBM_UNARY(arccos, std::acos(x), true)
SL_LIBM_UNARY(arctan, std::atan(x), true)
SL_LIBM_UNARY(sinh, std::sinh(x), true)
SL_LIBM_UNARY(cosh, std::cosh(x), true)
SL_LIBM_UNARY(arcsinh, std::asinh(x), true)
SL_LIBM_UNARY(arccosh, std::acosh(x), true)
SL_LIBM_UNARY(arctanh, std::atanh(x), true)
#undef SL_LIBM_UNARY

// floor, ceil, trunc: since NumPy 2.1 bool and the integer types have loops
// of their own that keep the dtype (their values are already integral; the
// '?->?', 'b->b', ... loops), so np.floor(int8 array) is int8, not float16.
#define SL_ROUNDING_UNARY(NAME, FN)                                                      \
  struct NAME {                                                                          \
    template <class T> static constexpr bool ok = is_flt<T> || is_int<T> || is_bool<T>; \
    template <class T> static constexpr bool vec = false;                                \
    template <class T> static T f(T x) {                                                 \
      if constexpr (is_int<T> || is_bool<T>) return x;                                   \
      else if constexpr (std::is_same_v<T, float>) return float(FN(double(x)));          \
      else return FN(x);                                                                 \
    }                                                                                    \
  };
SL_ROUNDING_UNARY(floor, std::floor)
SL_ROUNDING_UNARY(ceil, std::ceil)
SL_ROUNDING_UNARY(trunc, std::trunc)
#undef SL_ROUNDING_UNARY

// exp, log, sin, cos, tanh: NumPy 2.2's own SIMD algorithms
// (kernels/npy_umath.hpp) for float32 and float64 tanh, bit for bit, with a
// batch form; the C library for float64 exp, log, sin and cos (glibc's bits,
// kernels/libm) and complex. `half_f` is what the float16 loops call: NumPy
// widens a half to float32 and calls the C library's float32 function.
#define SL_NPY_UNARY(NAME, VEC_F64)                                                              \
  struct NAME {                                                                                  \
    template <class T> static constexpr bool ok = is_flt<T> || is_cplx<T>;                        \
    template <class T> static constexpr bool vec = std::is_same_v<T, float> || (VEC_F64 && std::is_same_v<T, double>); \
    template <class T> static T f(T x) {                                                         \
      if constexpr (std::is_same_v<T, float> || (VEC_F64 && std::is_same_v<T, double>)) return npyk::NAME(x); \
      else return libm::NAME(x);                                                                 \
    }                                                                                            \
    static float half_f(float x) { return std::NAME(x); }                                        \
    SL_NPY_UNARY_V(NAME)                                                                         \
  };
#if SL_SIMD
#define SL_NPY_UNARY_V(NAME) \
  template <class B> static B v(const B& x) { return npyk::NAME(x); }
#else
#define SL_NPY_UNARY_V(NAME)
#endif
SL_NPY_UNARY(exp, false)
SL_NPY_UNARY(log, false)
SL_NPY_UNARY(sin, false)
SL_NPY_UNARY(cos, false)
SL_NPY_UNARY(tanh, true)
#undef SL_NPY_UNARY
#undef SL_NPY_UNARY_V

// sqrt is exact in IEEE arithmetic, so the batch form is allowed.
struct sqrt : sqrt_ {
  template <class T> static constexpr bool vec = std::is_floating_point_v<T>;
#if SL_SIMD
  template <class B> static B v(const B& a) { return xsimd::sqrt(a); }
#endif
};

struct exp2 {
  template <class T> static constexpr bool ok = is_flt<T> || is_cplx<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T x) {
    if constexpr (is_cplx<T>) return std::exp(x * typename T::value_type(0.693147180559945309417232121458176568));
    else return libm::exp2(x);
  }
};
struct expm1 {
  template <class T> static constexpr bool ok = is_flt<T> || is_cplx<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T x) {
    if constexpr (is_cplx<T>) {  // nc_expm1 (funcs.inc.src), whose NaN/inf results NumPy prints
      using F = typename T::value_type;
      const F a = std::sin(x.imag() / 2);
      return T(std::expm1(x.real()) * std::cos(x.imag()) - 2 * a * a, std::exp(x.real()) * std::sin(x.imag()));
    } else if constexpr (std::is_same_v<T, float>) {
      return float(std::expm1(double(x)));  // Note [float32 via double]
    } else {
      return std::expm1(x);
    }
  }
};
struct log2 {
  template <class T> static constexpr bool ok = is_flt<T> || is_cplx<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T x) {
    if constexpr (is_cplx<T>) {  // nc_log2: clog scaled by NPY_LOG2E
      const T l = std::log(x);
      using F = typename T::value_type;
      return T(l.real() * F(1.442695040888963407359924681001892137), l.imag() * F(1.442695040888963407359924681001892137));
    } else {
      return libm::log2(x);
    }
  }
};
struct log1p {
  template <class T> static constexpr bool ok = is_flt<T> || is_cplx<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T x) {
    if constexpr (is_cplx<T>) {  // nc_log1p: log(hypot(re + 1, im)) + i atan2(im, re + 1)
      using F = typename T::value_type;
      const F l = std::hypot(x.real() + F(1), x.imag());
      return T(std::log(l), std::atan2(x.imag(), x.real() + F(1)));
    } else if constexpr (std::is_same_v<T, float>) {
      return float(std::log1p(double(x)));  // Note [float32 via double]
    } else {
      return std::log1p(x);
    }
  }
};
struct deg2rad {
  template <class T> static constexpr bool ok = is_flt<T>;
  template <class T> static constexpr bool vec = false;
  // npy_deg2radf computes its constant in float: NPY_PIf / 180.0f
  template <class T> static T f(T x) {
    if constexpr (std::is_same_v<T, float>) return x * (3.14159265358979323846f / 180.0f);
    else return x * T(3.141592653589793238462643383279502884 / 180.0);
  }
};
struct rad2deg {
  template <class T> static constexpr bool ok = is_flt<T>;
  template <class T> static constexpr bool vec = false;
  // npy_rad2degf: 180.0f / NPY_PIf, rounded in float (57.295776f, not 57.29578f)
  template <class T> static T f(T x) {
    if constexpr (std::is_same_v<T, float>) return x * (180.0f / 3.14159265358979323846f);
    else return x * T(180.0 / 3.141592653589793238462643383279502884);
  }
};
// rint: round half to even (the default floating-point rounding mode).
struct rint {
  template <class T> static constexpr bool ok = is_flt<T> || is_cplx<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static T f(T x) {
    if constexpr (is_cplx<T>) return T(std::nearbyint(x.real()), std::nearbyint(x.imag()));
    else return std::nearbyint(x);
  }
};

struct isnan {
  template <class T> static constexpr bool ok = true;
  template <class T> static constexpr bool vec = false;
  template <class T> static bool f(T x) {
    if constexpr (is_cplx<T>) return cisnan(x);
    else if constexpr (std::is_floating_point_v<T>) return std::isnan(x);
    else return false;
  }
};
struct isinf {
  template <class T> static constexpr bool ok = true;
  template <class T> static constexpr bool vec = false;
  template <class T> static bool f(T x) {
    if constexpr (is_cplx<T>) return std::isinf(x.real()) || std::isinf(x.imag());
    else if constexpr (std::is_floating_point_v<T>) return std::isinf(x);
    else return false;
  }
};
struct isfinite {
  template <class T> static constexpr bool ok = true;
  template <class T> static constexpr bool vec = false;
  template <class T> static bool f(T x) {
    if constexpr (is_cplx<T>) return std::isfinite(x.real()) && std::isfinite(x.imag());
    else if constexpr (std::is_floating_point_v<T>) return std::isfinite(x);
    else return true;
  }
};
struct signbit {
  template <class T> static constexpr bool ok = is_flt<T>;
  template <class T> static constexpr bool vec = false;
  template <class T> static bool f(T x) { return std::signbit(x); }
};

}  // namespace sl::ops
