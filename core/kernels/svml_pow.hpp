// kernels/svml_pow: np.power on float64 arrays as NumPy 1.24 computes it on
// an AVX-512 (AVX512_SKX) machine -- the machine the conformance oracle ran on.
//
// The problem. For finite x > 0 and finite y, return the double nearest to
// x^y = 2^(y * log2 x) that Intel's SVML routine __svml_pow8 (numpy/SVML,
// linux/avx512/svml_z0_pow_d_la.s; called from NumPy's
// numpy/core/src/umath/loops_umath_fp.dispatch.c.src, DOUBLE_power) returns.
// SVML's "la" (low accuracy, < 4 ulp; in practice < 1 ulp) pow is not
// correctly rounded: 5.0**1.5 is 0x1.65c55827df1d1p+3 there and ...d2p+3 in
// glibc. Reproducing it bit for bit means reproducing every rounding of the
// algorithm, so we mirror it step by step:
//
//   1. log2 x in triple precision. x = 2^(e+1) * m with m in [1/2, 1) (vgetmant
//      / vgetexp; frexp here, denormals included). rc = VRCP14(m) rounded to a
//      multiple of 1/32, so rc = k/32 with 32 <= k <= 64; R = rc*m - 1 exactly
//      (one fused multiply-subtract, |R| < 2^-5). Then
//        log2 x = E + T(k) + log2(1 + R),
//      with E = e+1 if rc < 1.5 else e, and T(k) = -log2(rc) (+1 when rc >= 1.5),
//      stored as Th (T rounded to a multiple of 2^-40, so E + Th is exact) plus
//      Tl = RN(T - Th). log2(1+R) = c1*R + c2*R^2 + R^2*R*P(R) with c1 = 1/ln 2
//      split c1h + c1l, c2 = -c1h/2 (+ c2l), and P a degree-7 fitted polynomial;
//      the sum is carried as H (the high double) + Tll (the low part), exactly
//      in the order SVML adds the pieces.
//   2. y * log2 x: yH = RZ(y*H) (round toward zero), its exact error
//      yHl = y*H - yH, and Zl = RZ(y*Tll + yHl).
//   3. 2^(yH + Zl): N + j/16 = floor(16*yH)/16, Z = (yH - (N + j/16)) + Zl,
//      2^Z ~ 1 + Z*Q(Z) with Q a degree-5 fitted polynomial, result =
//      (The(j) + The(j)*Z*Q(Z)) * 2^N with The(j) = RN(2^(j/16)).
//   4. Lanes with x <= 0, x or y inf/NaN, or |yH| > 1021.5 (overflow,
//      underflow, denormal results) leave the vector path (SVML's callout,
//      __svml_dpow_cout_rare_internal); here they go to the C library's pow
//      for now (see docs/numerics.md for the mismatch this leaves).
//
// Rounding modes and fused operations are emulated exactly (kernels/fp_exact):
// the result does not depend on the platform's FMA or rounding mode.
//
// VRCP14PD is specified only as |relative error| < 2^-14; which multiple of
// 1/32 it rounds to was measured on AVX-512 hardware
// (tests/tools/measure_rcp14.cpp): it depends only on the top 16 fraction bits
// of m, and changes at 32 cell boundaries kept in svml_pow.cpp.
//
// The tables (Th, Tl, The) are computed at startup from their definitions in
// double-double arithmetic; the fitted polynomial coefficients cannot be
// derived from a closed form and are the only literal constants.
//
// Note [NumPy scalar math]: NumPy uses this vector path for array loops only.
// `np.float64(5) ** 1.5` (scalarmath.c.src) calls the C library's pow, and so
// does `npy_pow` in the strided fallback; a caller evaluating NumPy scalar
// arithmetic sets ScalarMathScope so `power` uses the C library.
#pragma once
#include <cstdint>

namespace sl::svml {

// One lane of __svml_pow8.
double pow_f64(double x, double y);

// Set while evaluating NumPy *scalar* arithmetic (Note [NumPy scalar math]).
inline thread_local bool g_scalar_math = false;
struct ScalarMathScope {
  bool prev;
  ScalarMathScope() : prev(g_scalar_math) { g_scalar_math = true; }
  ~ScalarMathScope() { g_scalar_math = prev; }
  ScalarMathScope(const ScalarMathScope&) = delete;
  ScalarMathScope& operator=(const ScalarMathScope&) = delete;
};

}  // namespace sl::svml
