// kernels/npy_wide: the float32 exp, log, tanh, sin and cos of npy_umath.hpp
// for targets without a fused multiply-add (WebAssembly SIMD, plain SSE2),
// with every fused step computed in float64 lanes.
//
// Note [float32 in float64 lanes]
// A block of 4 floats is widened into two f64x2 halves for the fused steps of
// NumPy's algorithm; each is done in double and rounded to float precision
// (`rf`: demote + promote) where NumPy rounds, and the block is narrowed once
// at the end. Why this gives NumPy's bits:
//   - a*b of two floats is exact in double (24 + 24 bits), so the double
//     a*b + c differs from the fused float result only if rounding the sum
//     to double and then to float rounds twice in different directions,
//     which needs the double sum on a float midpoint (or in float's
//     subnormal range). That is rare and depends on the data; it is not ruled
//     out by an argument here but by running every float32 input through each
//     kernel against the same algorithm with the hardware FMA
//     (tests/tools/npy_wide_proof.cpp, docs/numerics.md). It found one
//     step where it matters, sin/cos's last (s*r + r, two inputs and their
//     negatives): a block where that sum sits on a float midpoint takes
//     `fma_f_exact_fix` (a whole-block test, so the common path has no fix-up
//     work); every other step is the plain double multiply-add, with no
//     rounding-to-odd and no fix-up branch.
//     A change to any kernel here must be proven again with that tool.
//   - a single float +, -, *, / done in double and rounded to float is the
//     float result (double has 53 >= 2*24 + 2 bits: double rounding is
//     innocuous for these operations); so is the same operation in f32x4
//     lanes, which the kernels use where it saves the round trip (exp's and
//     log's quotient P/Q, exp's first Cody-Waite step, exact in float).
//   - a step's rounding to float followed by nothing but the final narrowing
//     is left to the narrowing (`horner_open`): rounding to float twice is
//     rounding once.
//   - scaling by 2^q rounds once, to a subnormal or to infinity, as AVX-512's
//     vscalefps does: exp multiplies by 2^(q>>1) (exact) and 2^(q - (q>>1)).
//   - sin/cos evaluate, per lane, only the polynomial NumPy keeps for that
//     lane (the same operations on the same values), and every kernel runs
//     its special lanes (NaN, inf, out of range, subnormal) on an
//     out-of-line path taken only by blocks that have one.
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

// The common case of each kernel (a block without special lanes) is forced
// inline into the ufunc loop, where V8 keeps its constants out of the loop;
// the rare paths stay out of line. (Left to itself clang outlined the
// common path, which is called from both, and V8 then rebuilt every
// constant at each call: 3 instructions each.)
#define SL_WIDE_HOT __attribute__((always_inline)) inline
#define SL_WIDE_COLD __attribute__((noinline)) inline

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
// All-ones lanes where the integer in the low bits of a biased double
// (q + 1.5*2^52) is odd.
inline D2 dodd(D2 qb) { return wasm_i64x2_eq(wasm_v128_and(qb, wasm_i64x2_splat(1)), wasm_i64x2_splat(1)); }
inline D2 dor(D2 a, D2 b) { return wasm_v128_or(a, b); }
inline bool dany(D2 m) { return wasm_v128_any_true(m); }

inline F4 fset(float v) { return wasm_f32x4_splat(v); }
inline F4 fadd(F4 a, F4 b) { return wasm_f32x4_add(a, b); }
inline F4 fsub(F4 a, F4 b) { return wasm_f32x4_sub(a, b); }
inline F4 fmul(F4 a, F4 b) { return wasm_f32x4_mul(a, b); }
inline F4 fdiv(F4 a, F4 b) { return wasm_f32x4_div(a, b); }
inline F4 fabs4(F4 a) { return wasm_f32x4_abs(a); }
inline F4 fnearest(F4 a) { return wasm_f32x4_nearest(a); }  // ties to even
inline F4 flt(F4 a, F4 b) { return wasm_f32x4_lt(a, b); }
inline F4 fle(F4 a, F4 b) { return wasm_f32x4_le(a, b); }
inline F4 fge(F4 a, F4 b) { return wasm_f32x4_ge(a, b); }
inline F4 fgt(F4 a, F4 b) { return wasm_f32x4_gt(a, b); }
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
template <int N> inline I4 ishl(I4 v) { return wasm_i32x4_shl(v, N); }
template <int N> inline I4 isra(I4 v) { return wasm_i32x4_shr(v, N); }
inline bool all_set(F4 m) { return wasm_i32x4_all_true(m); }
// A comparison mask LLVM no longer knows to be one: `m & v` then stays an
// and (it turns it into a select, which V8 lowers to three instructions).
inline F4 opaque(F4 m) {
  __asm__("" : "+r"(m));
  return m;
}
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
inline D2 dodd(D2 qb) {
  const __m128i one = _mm_set1_epi64x(1);
  const __m128i eq = _mm_cmpeq_epi32(_mm_and_si128(_mm_castpd_si128(qb), one), one);
  return _mm_castsi128_pd(_mm_shuffle_epi32(eq, _MM_SHUFFLE(2, 2, 0, 0)));
}
inline D2 dor(D2 a, D2 b) { return _mm_or_pd(a, b); }
inline bool dany(D2 m) { return _mm_movemask_pd(m) != 0; }

inline F4 fset(float v) { return _mm_set1_ps(v); }
inline F4 fadd(F4 a, F4 b) { return _mm_add_ps(a, b); }
inline F4 fsub(F4 a, F4 b) { return _mm_sub_ps(a, b); }
inline F4 fmul(F4 a, F4 b) { return _mm_mul_ps(a, b); }
inline F4 fdiv(F4 a, F4 b) { return _mm_div_ps(a, b); }
inline F4 fabs4(F4 a) { return _mm_andnot_ps(_mm_set1_ps(-0.0f), a); }
// Ties to even for |a| < 2^22 (all this file needs), as NumPy's AVX2 code
// rounds: + 1.5*2^23 - 1.5*2^23.
inline F4 fnearest(F4 a) { return _mm_sub_ps(_mm_add_ps(a, _mm_set1_ps(0x1.8p23f)), _mm_set1_ps(0x1.8p23f)); }
inline F4 flt(F4 a, F4 b) { return _mm_cmplt_ps(a, b); }
inline F4 fle(F4 a, F4 b) { return _mm_cmple_ps(a, b); }
inline F4 fge(F4 a, F4 b) { return _mm_cmpge_ps(a, b); }
inline F4 fgt(F4 a, F4 b) { return _mm_cmpgt_ps(a, b); }
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
template <int N> inline I4 ishl(I4 v) { return _mm_slli_epi32(v, N); }
template <int N> inline I4 isra(I4 v) { return _mm_srai_epi32(v, N); }
inline bool all_set(F4 m) { return _mm_movemask_ps(m) == 0xf; }
inline F4 opaque(F4 m) { return m; }
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
// s*r + r, for x = 0x1.d12edp-12 and 0x1.200018p-7), in two parts. `s` is
// the double sum p + c of the exact product p = a*b; narrowing it is the
// fused result unless it sits exactly on a float midpoint (`dmidpoint`,
// rare: the caller tests a whole block and calls the fix only then).
// The fix: the exact remainder e of the double sum (TwoSum), and where the
// sum is on a midpoint with e != 0, a nudge of 2^-40 |sum| toward e, far
// below half a float ulp and far above a double ulp, so that the narrowing
// rounds the way the exact sum does. (Float subnormal results do not occur
// here.) Returns the sum to narrow, unrounded.
inline D2 fma_f_exact_fix(D2 p, D2 c, D2 s) {
  const D2 bb = dsub(s, p);
  const D2 e = dadd(dsub(p, dsub(s, bb)), dsub(c, bb));
  const D2 nudge = dxor(dmul(dabs(s), dset(0x1p-40)), dand(e, dset(-0.0)));
  const D2 m = dand(dmidpoint(s), dne(e, dset(0.0)));
  return dsel(m, dadd(s, nudge), s);
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

// The same with the last step left unrounded: the caller narrows it to
// float once (`join`), which is the same rounding.
template <std::size_t N, std::size_t... K>
inline D2 horner_open_steps(D2 x, const float (&c)[N], std::index_sequence<K...>) {
  D2 r = dset(c[0]);
  ((r = fma_f(r, x, dset(c[K + 1]))), ...);
  return dadd(dmul(r, x), dset(c[N - 1]));
}
template <std::size_t N>
inline D2 horner_open(D2 x, const float (&c)[N]) {
  return horner_open_steps(x, c, std::make_index_sequence<N - 2>());
}

// ---------------------------------------------------------------- kernels
constexpr double kRintMagicD = 0x1.8p52;  // v + magic - magic rounds |v| < 2^51 to an integer

// exp: r1 = x - q*ln2hi (the first Cody-Waite step, done in float lanes:
// q*ln2hi has at most 8 + 16 bits and x - q*ln2hi cancels, both exact),
// then the second step and both polynomials in double lanes; P and Q come
// back unrounded and are narrowed by `join`.
struct ExpPQ {
  D2 p, q;
};
inline ExpPQ exp_half(D2 r1, D2 q) {
  const D2 r = fma_f(q, dset(coef::kExpLn2Lo), r1);
  constexpr float P[] = {coef::kExpP[5], coef::kExpP[4], coef::kExpP[3], coef::kExpP[2], coef::kExpP[1], coef::kExpP[0]};
  constexpr float Q[] = {coef::kExpQ[2], coef::kExpQ[1], coef::kExpQ[0]};
  return {horner_open(r, P), horner_open(r, Q)};
}

// exp of x in (kExpXmin, kExpXmax) (other lanes: whatever they give).
SL_WIDE_HOT F4 exp_finite(F4 x) {
  // NumPy's AVX2 loop rounds x*log2e to float before rounding it to an
  // integer (docs/numerics.md, the near-tie inputs): float lanes do just that.
  const F4 q = fnearest(fmul(x, fset(kLog2e)));
  const F4 r1 = fadd(fmul(q, fset(coef::kExpLn2Hi)), x);
  const ExpPQ a = exp_half(lo(r1), lo(q)), b = exp_half(hi(r1), hi(q));
  // The float division (one f32x4 division instead of two f64x2 ones), then
  // f * 2^q rounded once as vscalefps does: 2^(q>>1) keeps the product
  // exact and normal (q >= -150), 2^(q - (q>>1)) rounds it (to a subnormal,
  // or to infinity). q's integer is in the low bits of q + 1.5*2^23.
  const F4 f = fdiv(join(a.p, b.p), join(a.q, b.q));
  const I4 qi = isub(f2i_bits(fadd(q, fset(kRintMagic))), f2i_bits(fset(kRintMagic)));
  const I4 q1 = isra<1>(qi);
  const I4 one = f2i_bits(fset(1.0f));
  return fmul(fmul(f, i2f_bits(iadd(ishl<23>(q1), one))), i2f_bits(iadd(ishl<23>(isub(qi, q1)), one)));
}

// A block with NaN, overflow or underflow lanes.
SL_WIDE_COLD F4 exp_special(F4 xin) {
  const F4 xmax_m = fge(xin, fset(kExpXmax));
  const F4 xmin_m = fle(xin, fset(kExpXmin));
  const F4 nan_m = fne(xin, xin);
  const F4 r = exp_finite(sel(vor(vor(nan_m, xmax_m), xmin_m), fset(0.0f), xin));
  // Special lanes computed exp(0) = 1.0f (0x3f800000), whose bits are a
  // subset of inf's and of the quiet NaN's: or-ing those in replaces it.
  const F4 inf = fset(std::numeric_limits<float>::infinity());
  const F4 special = vor(vand(xmax_m, inf), vand(nan_m, fset(std::numeric_limits<float>::quiet_NaN())));
  return vandnot(vor(r, special), xmin_m);
}
SL_WIDE_HOT F4 exp(F4 xin) {
  // NaN compares false.
  if (all_set(vand(flt(xin, fset(kExpXmax)), fgt(xin, fset(kExpXmin))))) [[likely]] return exp_finite(xin);
  return exp_special(xin);
}

// log of positive normal floats (subnormals scaled by 2^23 before, with
// `ebias` 23 in their lanes). Exponent and mantissa as in npy_umath's
// log_f32, all exact in float; where m <= sqrt(1/2), m + m and e - 1 are
// written m + (m & small) and e - (1 & small) (adding/subtracting +0
// elsewhere: the same values, without two selects). P and Q in double
// lanes, narrowed by `join`; their quotient one f32x4 division (a float
// division either way); e*ln2 + f in double lanes (e*ln2 exact), rounded
// once by the final narrowing.
SL_WIDE_HOT F4 log_finite(F4 x, F4 ebias) {
  const I4 b = f2i_bits(x);
  F4 e = fsub(i2f(isub(vand(isrl<23>(b), iset(0xff)), iset(126))), ebias);
  F4 m = i2f_bits(vor(vand(b, iset(0x7fffff)), iset(0x3f000000)));
  const F4 small_m = opaque(fle(m, fset(kSqrtHalf)));
  m = fadd(m, vand(small_m, m));
  e = fsub(e, vand(small_m, fset(1.0f)));
  m = fsub(m, fset(1.0f));
  constexpr float P[] = {coef::kLogP[5], coef::kLogP[4], coef::kLogP[3], coef::kLogP[2], coef::kLogP[1], coef::kLogP[0]};
  constexpr float Q[] = {coef::kLogQ[5], coef::kLogQ[4], coef::kLogQ[3], coef::kLogQ[2], coef::kLogQ[1], coef::kLogQ[0]};
  const D2 ml = lo(m), mh = hi(m);
  const F4 f = fdiv(join(horner_open(ml, P), horner_open(mh, P)), join(horner_open(ml, Q), horner_open(mh, Q)));
  return join(dadd(dmul(lo(e), dset(kLn2)), lo(f)), dadd(dmul(hi(e), dset(kLn2)), hi(f)));
}

// A block with zero, subnormal, negative, inf or NaN lanes.
SL_WIDE_COLD F4 log_special(F4 xin) {
  const F4 inf = fset(std::numeric_limits<float>::infinity());
  const F4 neg_m = flt(xin, fset(0.0f));
  const F4 zero_m = feq(xin, fset(0.0f));
  const F4 inf_m = feq(xin, inf);
  const F4 nan_m = fne(xin, xin);
  F4 x = sel(neg_m, fset(0.0f), xin);
  // vgetexpps/vgetmantps: subnormals scaled by 2^23 first; zero, inf and
  // NaN lanes get finite junk that is replaced below.
  const F4 sub_m = flt(x, fset(1.17549435e-38f));
  x = sel(sub_m, fmul(x, fset(0x1p23f)), x);
  F4 r = log_finite(x, vand(sub_m, fset(23.0f)));
  r = sel(nan_m, fset(std::numeric_limits<float>::quiet_NaN()), r);
  r = sel(neg_m, fset(-std::numeric_limits<float>::quiet_NaN()), r);
  r = sel(zero_m, fset(-std::numeric_limits<float>::infinity()), r);
  return sel(inf_m, inf, r);
}
SL_WIDE_HOT F4 log(F4 xin) {
  // Positive normal finite floats (NaN compares false).
  const F4 normal_m = vand(fge(xin, fset(1.17549435e-38f)), flt(xin, fset(std::numeric_limits<float>::infinity())));
  if (all_set(normal_m)) [[likely]] return log_finite(xin, fset(0.0f));
  return log_special(xin);
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

// c6 y^6 + ... + c0 by Horner's rule, the coefficients of two lanes' rows;
// the last step unrounded (narrowed once by `join`).
template <std::size_t... K>
inline D2 tanh_steps(D2 y, const double* a, const double* b, std::index_sequence<K...>) {
  D2 p = dpair(a + 1, b + 1);
  ((p = fma_f(p, y, dpair(a + 2 + K, b + 2 + K))), ...);
  return dadd(dmul(p, y), dpair(a + 7, b + 7));
}
inline D2 tanh_poly(D2 y, const double* a, const double* b) { return tanh_steps(y, a, b, std::make_index_sequence<5>()); }

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

// One half of sin/cos: NumPy's Cody-Waite reduction by pi/2, then the one
// polynomial each lane's quadrant takes. NumPy evaluates both the sine and
// the cosine polynomial and picks one per lane; here each lane runs the
// Horner steps of its own polynomial (the coefficients picked per lane by
// the parity of q before the steps; both have 4 steps in r^2), which is the
// same sequence of float operations on the same values for the value kept,
// so the same bits, at half the cost. `v` is the result before narrowing:
// the cosine polynomial (a float) or the sine's last step p*r + r (an
// unrounded double sum, fixed by the caller where it sits on a midpoint).
struct SinCosHalf {
  D2 qb, p, r, v;
};
template <bool kCos>
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
  // sin takes the sine polynomial where q is even, cos where q is odd: the
  // lanes of `odd` take the other function's polynomial. Coefficient k is
  // mine_k ^ ((S_k ^ C_k) & odd).
  const D2 odd = dodd(qb);
  const float* mine = kCos ? C : S;
  const auto coef_k = [&](int k) { return dxor(dset(mine[k]), dand(dxor(dset(S[k]), dset(C[k])), odd)); };
  D2 p = coef_k(0);
  p = fma_f(p, r2, coef_k(1));
  p = fma_f(p, r2, coef_k(2));
  p = fma_f(p, r2, coef_k(3));
  p = fma_f(p, r2, coef_k(4));
  const D2 s = dadd(dmul(p, r), r);  // p*r exact; on a midpoint: fma_f_exact_fix
  return {qb, p, r, kCos ? dsel(odd, s, p) : dsel(odd, p, s)};
}

// A half's v where a sine lane's sum may sit on a float midpoint. (By
// value: references would keep the halves in memory in the common path.)
template <bool kCos>
SL_WIDE_COLD D2 sincos_fix(D2 qb, D2 p, D2 r) {
  const D2 odd = dodd(qb);
  const D2 pr = dmul(p, r);
  const D2 s = fma_f_exact_fix(pr, r, dadd(pr, r));
  return kCos ? dsel(odd, s, p) : dsel(odd, p, s);
}

// sin/cos of finite x with |x| within NumPy's Cody-Waite bound.
template <bool kCos>
SL_WIDE_HOT F4 sincos_finite(F4 x) {
  SinCosHalf a = sincos_half<kCos>(lo(x)), b = sincos_half<kCos>(hi(x));
  // A cosine lane's v is a float, never on a midpoint; a sine lane's may be.
  if (dany(dor(dmidpoint(a.v), dmidpoint(b.v)))) [[unlikely]] {
    a.v = sincos_fix<kCos>(a.qb, a.p, a.r);
    b.v = sincos_fix<kCos>(b.qb, b.p, b.r);
  }
  I4 iq = low_words(a.qb, b.qb);
  if (kCos) iq = iadd(iq, iset(1));
  const I4 neg_m = ieq(vand(iq, iset(2)), iset(2));
  // NumPy's 0 - v, as a sign flip: v is never zero in those lanes (q odd or
  // q = 2 mod 4 means |x| >= pi/4, and no float is a multiple of pi/2).
  return vxor(join(a.v, b.v), vand(neg_m, fset(-0.0f)));
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
// sin/cos: the lanes past the bound, inf and NaN go to the C library (a
// block without them, the common case, skips that work).
template <bool kCos, class F>
SL_WIDE_COLD F4 sincos_special(F4 xin, F4 ok, F libm) {
  const F4 nnan = feq(xin, xin);
  const F4 r = sel(nnan, sincos_finite<kCos>(sel(vand(nnan, ok), xin, fset(0.0f))),
                   fset(std::numeric_limits<float>::quiet_NaN()));
  return callout(xin, r, ok, libm);
}
template <bool kCos, class F>
SL_WIDE_HOT F4 sincos(F4 xin, F libm) {
  const F4 ok = fle(fabs4(xin), fset(kCos ? kCosMaxCody : kSinMaxCody));  // false for NaN
  if (all_set(ok)) [[likely]] return sincos_finite<kCos>(xin);
  return sincos_special<kCos>(xin, ok, libm);
}
SL_WIDE_HOT F4 sin(F4 x) {
  return sincos<false>(x, [](float v) { return std::sin(v); });
}
SL_WIDE_HOT F4 cos(F4 x) {
  return sincos<true>(x, [](float v) { return std::cos(v); });
}

#undef SL_WIDE_HOT
#undef SL_WIDE_COLD
}  // namespace sl::npyk::wide
#endif
