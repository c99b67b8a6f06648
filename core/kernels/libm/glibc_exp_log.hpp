// kernels/libm: float64 exp, exp2, log, log2, pow (glibc_exp_log.cpp) and sin,
// cos (glibc_sincos.cpp) returning exactly the bits glibc's libm returns on
// an x86-64 CPU with FMA (the reference CPU: NumPy 2.2 on AVX2 calls the C
// library for these float64 ufuncs, element by element, and for its scalar
// math).
//
// Owns: the seven functions and their data (glibc_tables.inc and
// glibc_sincos_tables.inc, generated; see the generators named there).
// Invariant: for every double input (pairs for pow), the result's bits equal
// glibc 2.28+'s x86-64 FMA variants (__exp_fma, __log_fma, __pow_fma, ...
// which the dynamic loader selects on any AVX2+FMA CPU), on every target we
// build for -- natively (checked against the host's glibc in the tests) and in
// wasm, whose musl implements the same algorithms without FMA and so differs
// in the last bit for some inputs.
//
// exp/exp2/log/log2/pow are ARM's optimized-routines (glibc's
// sysdeps/ieee754/dbl-64 e_exp.c, e_exp2.c, e_log.c, e_log2.c, e_pow.c),
// written here from their mathematics (sin/cos: see glibc_sincos.cpp):
//   exp   x = k ln2/128 + r, |r| <= ln2/256; 2^(k/128) = H[k mod 128] 2^(k/128 div)
//         (1 + T); exp(x) ~ scale (1 + (T + r + r^2 P(r))), P of degree 3.
//   exp2  the same with x = k/128 + r.
//   log   x = 2^k z, z in [OFF, 2 OFF); c near z with 1/c in a 128-entry table;
//         log x = k ln2 + log c + log1p(z/c - 1), r = z/c - 1 one fused
//         multiply-add (exact), log1p(r) - r ~ r^2 Q(r); near 1
//         (|x - 1| < 1/16) a single degree-11 polynomial in r = x - 1 with the
//         r - r^2/2 head summed in extra precision.
//   log2  the same scaled by 1/ln2, carried in two parts.
//   pow   x^y = exp(y log x) with log x in double-double (hi + lo, about 68
//         bits: a 128-entry table of 1/c, log c split at 2^-43 and its tail)
//         and the exp above with an extra input tail; the sign for negative x
//         and integral y is folded into the scale's sign bit.
// Which operations are fused matters for the last bit. glibc's FMA variants
// are the generic C compiled with -mfma -mavx2 by GCC, which contracts every
// product whose only uses are additions or subtractions into fused
// multiply-adds (-ffp-contract=fast, GCC's default for C); the code below
// writes each such contraction as an explicit fpx::fma_rn, and every other
// operation as a plain rounded one, in the source's order.
#pragma once
#include <cmath>
#include <complex>
#include <type_traits>

namespace sl::glibc {

double exp(double x);
double exp2(double x);
double log(double x);
double log2(double x);
double pow(double x, double y);
double sin(double x);  // glibc_sincos.cpp
double cos(double x);

}  // namespace sl::glibc

// What the kernels call for "the C library's f(x)": glibc's bits for the
// float64 functions ported above, the platform's std:: function otherwise
// (float32, complex).
namespace sl::libm {
#define SL_LIBM_FORWARD(NAME)                                          \
  template <class T> inline T NAME(T x) {                              \
    if constexpr (std::is_same_v<T, double>) return glibc::NAME(x);    \
    else return std::NAME(x);                                          \
  }
SL_LIBM_FORWARD(exp)
SL_LIBM_FORWARD(exp2)
SL_LIBM_FORWARD(log)
SL_LIBM_FORWARD(log2)
SL_LIBM_FORWARD(sin)
SL_LIBM_FORWARD(cos)
#undef SL_LIBM_FORWARD
// Not ported: the platform's function (glibc natively; musl in wasm).
template <class T> inline T tanh(T x) { return std::tanh(x); }
template <class T> inline T pow(T x, T y) {
  if constexpr (std::is_same_v<T, double>) return glibc::pow(x, y);
  else return std::pow(x, y);
}
}  // namespace sl::libm
