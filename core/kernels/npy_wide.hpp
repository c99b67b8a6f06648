// kernels/npy_wide: the float32 exp, log, tanh, sin and cos of npy_umath.hpp
// for targets without a fused multiply-add (WebAssembly SIMD, plain SSE2),
// computed in float64 lanes from start to end.
//
// Note [float32 in float64 lanes]
// A block of 4 floats is widened once into two f64x2 halves; every float
// operation of NumPy's algorithm is then done in double and rounded to float
// precision (`rf`: demote + promote) where NumPy rounds, and the block is
// narrowed once at the end. Why this gives NumPy's bits:
//   - a*b of two floats is exact in double (24 + 24 bits), so the double
//     a*b + c differs from the fused float result only if rounding the sum
//     to double and then to float rounds twice in different directions,
//     which needs the double sum on a float midpoint (or in float's
//     subnormal range). That is rare and depends on the data; it is not ruled
//     out by an argument here but by running every float32 input through each
//     kernel against the same algorithm with the hardware FMA
//     (tests/tools/npy_wide_proof.cpp, docs/numerics.md). It found one
//     step where it matters, sin/cos's last (s*r + r, two inputs and their
//     negatives), which is `fma_f_exact`; every other step is the plain
//     double multiply-add, with no rounding-to-odd and no fix-up branch.
//     A change to any kernel here must be proven again with that tool.
//   - a single float +, -, *, / done in double and rounded to float is the
//     float result (double has 53 >= 2*24 + 2 bits: double rounding is
//     innocuous for these operations).
//   - scaling by 2^q in double is exact, and narrowing rounds once, to a
//     subnormal or to infinity as AVX-512's vscalefps does.
// The scalar forms in npy_umath.hpp (tails, strided runs) compute the same
// roundings with exact FMA, so both give identical bits.
//
// Only raw intrinsics (no xsimd) so that the proof tool can compile this
// exact code next to the hardware-FMA reference (-mfma -ffp-contract=off).
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <utility>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define SL_NPYK_WIDE 1
#elif defined(__SSE2__)
#include <emmintrin.h>
#define SL_NPYK_WIDE 1
#endif

#if defined(SL_NPYK_WIDE)
namespace sl::npyk::wide {

// ---------------------------------------------------------------- lanes
#if defined(__wasm_simd128__)
using F4 = v128_t;  // 4 x float
using D2 = v128_t;  // 2 x double
using I4 = v128_t;  // 4 x int32
inline D2 dset(double v) { return wasm_f64x2_splat(v); }
inline D2 dmul(D2 a, D2 b) { return wasm_f64x2_mul(a, b); }
inline D2 dadd(D2 a, D2 b) { return wasm_f64x2_add(a, b); }
inline D2 dsub(D2 a, D2 b) { return wasm_f64x2_sub(a, b); }
inline D2 ddiv(D2 a, D2 b) { return wasm_f64x2_div(a, b); }
// The empty asm keeps LLVM 14 from folding demote + promote into a 2-lane
// fptrunc/fpext, which it lowers lane by lane (extract, f32.demote_f64,
// f64.promote_f32, replace: 4x the instructions).
inline D2 rf(D2 v) {
  v128_t t = wasm_f32x4_demote_f64x2_zero(v);
  __asm__("" : "+r"(t));
  return wasm_f64x2_promote_low_f32x4(t);
}
inline D2 lo(F4 v) { return wasm_f64x2_promote_low_f32x4(v); }
inline D2 hi(F4 v) { return wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(v, v, 2, 3, 2, 3)); }
inline F4 join(D2 a, D2 b) {
  return wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(a), wasm_f32x4_demote_f64x2_zero(b), 0, 1, 4, 5);
}
// The 64-bit lanes shifted left by 52 (an exponent field from an integer).
inline D2 shl52(D2 v) { return wasm_i64x2_shl(v, 52); }
// The low 32 bits of each 64-bit lane of a and b, as 4 int32 lanes.
inline I4 low_words(D2 a, D2 b) { return wasm_i32x4_shuffle(a, b, 0, 2, 4, 6); }
inline D2 dabs(D2 a) { return wasm_f64x2_abs(a); }
inline D2 dxor(D2 a, D2 b) { return wasm_v128_xor(a, b); }
inline D2 dand(D2 a, D2 b) { return wasm_v128_and(a, b); }
inline D2 dne(D2 a, D2 b) { return wasm_f64x2_ne(a, b); }
inline D2 dsel(D2 m, D2 a, D2 b) { return wasm_v128_bitselect(a, b, m); }
// All-ones lanes where v lies exactly halfway between two floats (the 29
// bits below float precision are 1000...0).
inline D2 dmidpoint(D2 v) {
  return wasm_i64x2_eq(wasm_v128_and(v, wasm_i64x2_splat(0x1fffffff)), wasm_i64x2_splat(0x10000000));
}
// (x, y) as a double pair from two addresses.
inline D2 dpair(const double* x, const double* y) { return wasm_v128_load64_lane(y, wasm_v128_load64_zero(x), 1); }

inline F4 fset(float v) { return wasm_f32x4_splat(v); }
inline F4 fadd(F4 a, F4 b) { return wasm_f32x4_add(a, b); }
inline F4 fsub(F4 a, F4 b) { return wasm_f32x4_sub(a, b); }
inline F4 fmul(F4 a, F4 b) { return wasm_f32x4_mul(a, b); }
inline F4 fabs4(F4 a) { return wasm_f32x4_abs(a); }
inline F4 fnearest(F4 a) { return wasm_f32x4_nearest(a); }  // ties to even
inline F4 flt(F4 a, F4 b) { return wasm_f32x4_lt(a, b); }
inline F4 fle(F4 a, F4 b) { return wasm_f32x4_le(a, b); }
inline F4 fge(F4 a, F4 b) { return wasm_f32x4_ge(a, b); }
inline F4 feq(F4 a, F4 b) { return wasm_f32x4_eq(a, b); }
inline F4 fne(F4 a, F4 b) { return wasm_f32x4_ne(a, b); }
inline F4 vor(F4 a, F4 b) { return wasm_v128_or(a, b); }
inline F4 vand(F4 a, F4 b) { return wasm_v128_and(a, b); }
inline F4 vandnot(F4 a, F4 m) { return wasm_v128_andnot(a, m); }  // a & ~m
inline F4 vxor(F4 a, F4 b) { return wasm_v128_xor(a, b); }
inline F4 sel(F4 m, F4 a, F4 b) { return wasm_v128_bitselect(a, b, m); }  // m ? a : b
inline F4 i2f(I4 v) { return wasm_f32x4_convert_i32x4(v); }
inline I4 iset(int32_t v) { return wasm_i32x4_splat(v); }
inline I4 iadd(I4 a, I4 b) { return wasm_i32x4_add(a, b); }
inline I4 isub(I4 a, I4 b) { return wasm_i32x4_sub(a, b); }
inline I4 ieq(I4 a, I4 b) { return wasm_i32x4_eq(a, b); }
inline I4 igt(I4 a, I4 b) { return wasm_i32x4_gt(a, b); }
template <int N> inline I4 isrl(I4 v) { return wasm_u32x4_shr(v, N); }
template <int N> inline I4 isra(I4 v) { return wasm_i32x4_shr(v, N); }
inline bool all_set(F4 m) { return wasm_i32x4_all_true(m); }
inline int lane_i(I4 v, int k) {
  switch (k) {
    case 0: return wasm_i32x4_extract_lane(v, 0);
    case 1: return wasm_i32x4_extract_lane(v, 1);
    case 2: return wasm_i32x4_extract_lane(v, 2);
    default: return wasm_i32x4_extract_lane(v, 3);
  }
}
#else
using F4 = __m128;
using D2 = __m128d;
using I4 = __m128i;
inline D2 dset(double v) { return _mm_set1_pd(v); }
inline D2 dmul(D2 a, D2 b) { return _mm_mul_pd(a, b); }
inline D2 dadd(D2 a, D2 b) { return _mm_add_pd(a, b); }
inline D2 dsub(D2 a, D2 b) { return _mm_sub_pd(a, b); }
inline D2 ddiv(D2 a, D2 b) { return _mm_div_pd(a, b); }
inline D2 rf(D2 v) { return _mm_cvtps_pd(_mm_cvtpd_ps(v)); }
inline D2 lo(F4 v) { return _mm_cvtps_pd(v); }
inline D2 hi(F4 v) { return _mm_cvtps_pd(_mm_movehl_ps(v, v)); }
inline F4 join(D2 a, D2 b) { return _mm_movelh_ps(_mm_cvtpd_ps(a), _mm_cvtpd_ps(b)); }
inline D2 shl52(D2 v) { return _mm_castsi128_pd(_mm_slli_epi64(_mm_castpd_si128(v), 52)); }
inline I4 low_words(D2 a, D2 b) {
  return _mm_castps_si128(_mm_shuffle_ps(_mm_castpd_ps(a), _mm_castpd_ps(b), _MM_SHUFFLE(2, 0, 2, 0)));
}
inline D2 dpair(const double* x, const double* y) { return _mm_loadh_pd(_mm_load_sd(x), y); }
inline D2 dabs(D2 a) { return _mm_andnot_pd(_mm_set1_pd(-0.0), a); }
inline D2 dxor(D2 a, D2 b) { return _mm_xor_pd(a, b); }
inline D2 dand(D2 a, D2 b) { return _mm_and_pd(a, b); }
inline D2 dne(D2 a, D2 b) { return _mm_cmpneq_pd(a, b); }
inline D2 dsel(D2 m, D2 a, D2 b) { return _mm_or_pd(_mm_and_pd(m, a), _mm_andnot_pd(m, b)); }
inline D2 dmidpoint(D2 v) {
  // SSE2 has no 64-bit compare: compare the low 32-bit words and copy each
  // result over its whole lane (the 29 bits are all in the low word).
  const __m128i lo = _mm_and_si128(_mm_castpd_si128(v), _mm_set1_epi64x(0x1fffffff));
  const __m128i eq = _mm_cmpeq_epi32(lo, _mm_set1_epi64x(0x10000000));
  return _mm_castsi128_pd(_mm_shuffle_epi32(eq, _MM_SHUFFLE(2, 2, 0, 0)));
}

inline F4 fset(float v) { return _mm_set1_ps(v); }
inline F4 fadd(F4 a, F4 b) { return _mm_add_ps(a, b); }
inline F4 fsub(F4 a, F4 b) { return _mm_sub_ps(a, b); }
inline F4 fmul(F4 a, F4 b) { return _mm_mul_ps(a, b); }
inline F4 fabs4(F4 a) { return _mm_andnot_ps(_mm_set1_ps(-0.0f), a); }
// Ties to even for |a| < 2^22 (all this file needs), as NumPy's AVX2 code
// rounds: + 1.5*2^23 - 1.5*2^23.
inline F4 fnearest(F4 a) { return _mm_sub_ps(_mm_add_ps(a, _mm_set1_ps(0x1.8p23f)), _mm_set1_ps(0x1.8p23f)); }
inline F4 flt(F4 a, F4 b) { return _mm_cmplt_ps(a, b); }
inline F4 fle(F4 a, F4 b) { return _mm_cmple_ps(a, b); }
inline F4 fge(F4 a, F4 b) { return _mm_cmpge_ps(a, b); }
inline F4 feq(F4 a, F4 b) { return _mm_cmpeq_ps(a, b); }
inline F4 fne(F4 a, F4 b) { return _mm_cmpneq_ps(a, b); }
inline F4 vor(F4 a, F4 b) { return _mm_or_ps(a, b); }
inline F4 vand(F4 a, F4 b) { return _mm_and_ps(a, b); }
inline F4 vandnot(F4 a, F4 m) { return _mm_andnot_ps(m, a); }  // a & ~m
inline F4 vxor(F4 a, F4 b) { return _mm_xor_ps(a, b); }
inline F4 vand(I4 a, F4 b) { return _mm_and_ps(_mm_castsi128_ps(a), b); }
inline F4 sel(F4 m, F4 a, F4 b) { return _mm_or_ps(_mm_and_ps(m, a), _mm_andnot_ps(m, b)); }
inline F4 sel(I4 m, F4 a, F4 b) { return sel(_mm_castsi128_ps(m), a, b); }
inline I4 sel(I4 m, I4 a, I4 b) { return _mm_or_si128(_mm_and_si128(m, a), _mm_andnot_si128(m, b)); }
inline F4 i2f(I4 v) { return _mm_cvtepi32_ps(v); }
inline I4 iset(int32_t v) { return _mm_set1_epi32(v); }
inline I4 iadd(I4 a, I4 b) { return _mm_add_epi32(a, b); }
inline I4 isub(I4 a, I4 b) { return _mm_sub_epi32(a, b); }
inline I4 ieq(I4 a, I4 b) { return _mm_cmpeq_epi32(a, b); }
inline I4 igt(I4 a, I4 b) { return _mm_cmpgt_epi32(a, b); }
inline I4 vand(I4 a, I4 b) { return _mm_and_si128(a, b); }
inline I4 vor(I4 a, I4 b) { return _mm_or_si128(a, b); }
template <int N> inline I4 isrl(I4 v) { return _mm_srli_epi32(v, N); }
template <int N> inline I4 isra(I4 v) { return _mm_srai_epi32(v, N); }
inline bool all_set(F4 m) { return _mm_movemask_ps(m) == 0xf; }
inline int lane_i(I4 v, int k) {
  alignas(16) int32_t t[4];
  _mm_store_si128(reinterpret_cast<__m128i*>(t), v);
  return t[k];
}
#endif
// Bit reinterpretations (no-ops on wasm, where every lane type is v128_t).
#if defined(__wasm_simd128__)
inline I4 f2i_bits(F4 v) { return v; }
inline F4 i2f_bits(I4 v) { return v; }
#else
inline I4 f2i_bits(F4 v) { return _mm_castps_si128(v); }
inline F4 i2f_bits(I4 v) { return _mm_castsi128_ps(v); }
#endif

// One float32 FMA step in double lanes: rf(a*b + c) (Note above).
inline D2 fma_f(D2 a, D2 b, D2 c) { return rf(dadd(dmul(a, b), c)); }

// The same step where the proof found double rounding (sin's last step,
// s*r + r, for x = 0x1.d12edp-12 and 0x1.200018p-7): the exact remainder e
// of the double sum (TwoSum), and where the sum sits exactly on a float
// midpoint with e != 0, a nudge of 2^-40 |sum| toward e, far below half a
// float ulp and far above a double ulp, so that the narrowing rounds the
// way the exact sum does. (Float subnormal results do not occur here.)
inline D2 fma_f_exact(D2 a, D2 b, D2 c) {
  const D2 p = dmul(a, b);  // exact
  const D2 s = dadd(p, c);
  const D2 bb = dsub(s, p);
  const D2 e = dadd(dsub(p, dsub(s, bb)), dsub(c, bb));
  const D2 nudge = dxor(dmul(dabs(s), dset(0x1p-40)), dand(e, dset(-0.0)));
  const D2 m = dand(dmidpoint(s), dne(e, dset(0.0)));
  return rf(dsel(m, dadd(s, nudge), s));
}

// Horner's rule, c[0] the leading coefficient, each step a float32 FMA.
// Unrolled by a fold, not a loop: the kernel files are built with
// -fno-unroll-loops (CMakeLists.txt), which left the step loop rolled
// (a coefficient load, promote and splat per step, and a branch).
template <std::size_t N, std::size_t... K>
inline D2 horner_steps(D2 x, const float (&c)[N], std::index_sequence<K...>) {
  D2 r = dset(c[0]);
  ((r = fma_f(r, x, dset(c[K + 1]))), ...);
  return r;
}
template <std::size_t N>
inline D2 horner(D2 x, const float (&c)[N]) {
  return horner_steps(x, c, std::make_index_sequence<N - 1>());
}

// ---------------------------------------------------------------- kernels
constexpr double kRintMagicD = 0x1.8p52;  // v + magic - magic rounds |v| < 2^51 to an integer

// 2^q for integral q (a double) with |q| < 1000.
inline D2 pow2(D2 q) { return shl52(dadd(q, dset(kRintMagicD + 1023.0))); }

// q: x*log2e rounded to an integer (a float); the first Cody-Waite step is
// exact in double (q*ln2hi has at most 8 + 16 bits, and cancels against x):
// no rounding there.
inline D2 exp_half(D2 x, D2 q) {
  D2 r = dadd(dmul(q, dset(coef::kExpLn2Hi)), x);
  r = fma_f(q, dset(coef::kExpLn2Lo), r);
  constexpr float P[] = {coef::kExpP[5], coef::kExpP[4], coef::kExpP[3], coef::kExpP[2], coef::kExpP[1], coef::kExpP[0]};
  constexpr float Q[] = {coef::kExpQ[2], coef::kExpQ[1], coef::kExpQ[0]};
  const D2 f = rf(ddiv(horner(r, P), horner(r, Q)));
  return dmul(f, pow2(q));  // exact; rounded once by the narrowing
}

inline F4 exp(F4 xin) {
  const F4 nan_m = fne(xin, xin);
  const F4 xmax_m = fge(xin, fset(kExpXmax));
  const F4 xmin_m = fle(xin, fset(kExpXmin));
  const F4 x = sel(vor(vor(nan_m, xmax_m), xmin_m), fset(0.0f), xin);
  // NumPy's AVX2 loop rounds x*log2e to float before rounding it to an
  // integer (docs/numerics.md, the near-tie inputs): float lanes do just that.
  const F4 q = fnearest(fmul(x, fset(kLog2e)));
  const F4 r = join(exp_half(lo(x), lo(q)), exp_half(hi(x), hi(q)));
  // Special lanes computed exp(0) = 1.0f (0x3f800000), whose bits are a
  // subset of inf's and of the quiet NaN's: or-ing those in replaces it.
  const F4 inf = fset(std::numeric_limits<float>::infinity());
  const F4 special = vor(vand(xmax_m, inf), vand(nan_m, fset(std::numeric_limits<float>::quiet_NaN())));
  return vandnot(vor(r, special), xmin_m);
}

inline D2 log_half(D2 m, D2 e) {
  constexpr float P[] = {coef::kLogP[5], coef::kLogP[4], coef::kLogP[3], coef::kLogP[2], coef::kLogP[1], coef::kLogP[0]};
  constexpr float Q[] = {coef::kLogQ[5], coef::kLogQ[4], coef::kLogQ[3], coef::kLogQ[2], coef::kLogQ[1], coef::kLogQ[0]};
  const D2 f = rf(ddiv(horner(m, P), horner(m, Q)));
  return dadd(dmul(e, dset(kLn2)), f);  // e*ln2 exact; rounded once by the narrowing
}

inline F4 log(F4 xin) {
  const F4 inf = fset(std::numeric_limits<float>::infinity());
  const F4 neg_m = flt(xin, fset(0.0f));
  const F4 zero_m = feq(xin, fset(0.0f));
  const F4 inf_m = feq(xin, inf);
  const F4 nan_m = fne(xin, xin);
  F4 x = sel(neg_m, fset(0.0f), xin);
  // Exponent and mantissa as in npy_umath's log_f32 (all exact in float).
  const F4 sub_m = flt(x, fset(1.17549435e-38f));
  x = sel(sub_m, fmul(x, fset(0x1p23f)), x);
  const I4 b = f2i_bits(x);
  F4 e = fsub(i2f(isub(vand(isrl<23>(b), iset(0xff)), iset(126))), vand(sub_m, fset(23.0f)));
  F4 m = i2f_bits(vor(vand(b, iset(0x7fffff)), iset(0x3f000000)));
  const F4 small_m = fle(m, fset(kSqrtHalf));
  m = sel(small_m, fadd(m, m), m);
  e = sel(small_m, fsub(e, fset(1.0f)), e);
  m = fsub(m, fset(1.0f));
  F4 r = join(log_half(lo(m), lo(e)), log_half(hi(m), hi(e)));
  r = sel(nan_m, fset(std::numeric_limits<float>::quiet_NaN()), r);
  r = sel(neg_m, fset(-std::numeric_limits<float>::quiet_NaN()), r);
  r = sel(zero_m, fset(-std::numeric_limits<float>::infinity()), r);
  return sel(inf_m, inf, r);
}

// tanh's table per interval: b, c6, c5, ..., c0 as doubles (float values).
struct TanhWide {
  alignas(64) double t[32][8];
  TanhWide() {
    const auto& T = tanh_tables().f32;
    for (int i = 0; i < 32; ++i) {
      t[i][0] = double(T[0][i]);
      for (int k = 0; k < 7; ++k) t[i][1 + k] = double(T[7 - k][i]);
    }
  }
};
inline const TanhWide& tanh_wide() {
  static const TanhWide w;
  return w;
}

// c6 y^6 + ... + c0 by Horner's rule, the coefficients of two lanes' rows.
template <std::size_t... K>
inline D2 tanh_steps(D2 y, const double* a, const double* b, std::index_sequence<K...>) {
  D2 p = dpair(a + 1, b + 1);
  ((p = fma_f(p, y, dpair(a + 2 + K, b + 2 + K))), ...);
  return p;
}
inline D2 tanh_poly(D2 y, const double* a, const double* b) { return tanh_steps(y, a, b, std::make_index_sequence<6>()); }

// tanh main path; `ok` lanes are all-ones where NumPy does not call the C library.
inline F4 tanh_main(F4 x, F4& ok) {
  const I4 d = vand(f2i_bits(x), iset(0x7fe00000));
  ok = i2f_bits(~igt(d, iset(0x7f000000)));
  I4 v = isub(d, iset(0x3d400000));
  v = vand(v, ~isra<31>(v));  // max(v, 0)
  const I4 vmax = iset(0x3e00000);
  const I4 over = igt(v, vmax);
  v = vor(vand(over, vmax), vand(~over, v));  // min(v, 0x3e00000)
  v = isrl<21>(v);
  const auto& T = tanh_wide().t;
  const double* r0 = T[lane_i(v, 0)];
  const double* r1 = T[lane_i(v, 1)];
  const double* r2 = T[lane_i(v, 2)];
  const double* r3 = T[lane_i(v, 3)];
  const F4 ax = fabs4(x);
  const D2 yl = rf(dsub(lo(ax), dpair(r0, r1)));
  const D2 yh = rf(dsub(hi(ax), dpair(r2, r3)));
  const F4 r = join(tanh_poly(yl, r0, r1), tanh_poly(yh, r2, r3));
  return vor(r, vand(x, fset(-0.0f)));
}

struct SinCosHalf {
  D2 qb, s, c;
};
inline SinCosHalf sincos_half(D2 x) {
  constexpr float C[] = {coef::kCos[4], coef::kCos[3], coef::kCos[2], coef::kCos[1], coef::kCos[0]};
  constexpr float S[] = {coef::kSin[3], coef::kSin[2], coef::kSin[1], coef::kSin[0], 0.0f};
  // fma(x, 2/pi, 1.5*2^23) - 1.5*2^23: the exact product rounded to an
  // integer; the biased form keeps the integer in its low bits.
  const D2 qb = dadd(dmul(x, dset(kTwoOverPi)), dset(kRintMagicD));
  const D2 q = dsub(qb, dset(kRintMagicD));
  D2 r = dadd(dmul(q, dset(coef::kPio2Hi)), x);  // exact (as exp's first step)
  r = fma_f(q, dset(coef::kPio2Med), r);
  r = fma_f(q, dset(coef::kPio2Lo), r);
  const D2 r2 = rf(dmul(r, r));
  return {qb, fma_f_exact(horner(r2, S), r, r), horner(r2, C)};
}

// sin/cos main path: NumPy's Cody-Waite reduction by pi/2 and both
// polynomials, the quadrant picking one; `ok` as for tanh.
template <bool kCos>
inline F4 sincos_main(F4 xin, F4& ok) {
  ok = fle(fabs4(xin), fset(kCos ? kCosMaxCody : kSinMaxCody));
  const F4 nnan = feq(xin, xin);
  const F4 x = sel(vand(nnan, ok), xin, fset(0.0f));
  const SinCosHalf a = sincos_half(lo(x)), b = sincos_half(hi(x));
  I4 iq = low_words(a.qb, b.qb);
  if (kCos) iq = iadd(iq, iset(1));
  const I4 sin_m = ieq(vand(iq, iset(1)), iset(0));
  const I4 neg_m = ieq(vand(iq, iset(2)), iset(2));
  F4 v = sel(sin_m, join(a.s, b.s), join(a.c, b.c));
  // NumPy's 0 - v, as a sign flip: v is never zero in those lanes (q odd or
  // q = 2 mod 4 means |x| >= pi/4, and no float is a multiple of pi/2).
  v = vxor(v, vand(neg_m, fset(-0.0f)));
  return sel(nnan, v, fset(std::numeric_limits<float>::quiet_NaN()));
}

// Lanes NumPy sends to the C library.
template <class F>
inline F4 callout(F4 x, F4 r, F4 ok, F libm) {
  if (all_set(ok)) return r;
  alignas(16) float xs[4], rs[4], ms[4];
  std::memcpy(xs, &x, 16);
  std::memcpy(rs, &r, 16);
  std::memcpy(ms, &ok, 16);
  for (int i = 0; i < 4; ++i) {
    uint32_t m;
    std::memcpy(&m, &ms[i], 4);
    if (!m) rs[i] = libm(xs[i]);
  }
  F4 out;
  std::memcpy(&out, rs, 16);
  return out;
}

inline F4 tanh(F4 x) {
  F4 ok;
  const F4 r = tanh_main(x, ok);
  return callout(x, r, ok, [](float v) { return std::tanh(v); });
}
inline F4 sin(F4 x) {
  F4 ok;
  const F4 r = sincos_main<false>(x, ok);
  return callout(x, r, ok, [](float v) { return std::sin(v); });
}
inline F4 cos(F4 x) {
  F4 ok;
  const F4 r = sincos_main<true>(x, ok);
  return callout(x, r, ok, [](float v) { return std::cos(v); });
}

}  // namespace sl::npyk::wide
#endif
