// kernels/fp_exact: exactly rounded building blocks for the kernels that
// reproduce other math libraries bit for bit (kernels/npy_umath: NumPy's
// fused SIMD loops; kernels/libm: glibc's FMA build).
//
// Invariant: every function here returns the bits IEEE 754 prescribes for the
// named operation -- a fused multiply-add rounded once to nearest, a sum
// rounded to odd -- on every platform we build for,
// for finite arguments whose products neither overflow nor underflow (the
// callers only use them in that range).
//
// Natively std::fma is the hardware instruction (glibc picks it at load time).
// WebAssembly has no fused multiply-add; musl's fma is exact but software and
// slow, so the wasm build emulates it with error-free transformations:
// Dekker's product, Knuth's TwoSum and a round-to-odd sum, which Boldo and
// Melquiond proved gives the correctly rounded a*b+c ("Emulation of FMA and
// correctly rounded sums: proved algorithms using rounding to odd", IEEE TC
// 2008, Algorithm 5.4). SL_FMA_EMULATED=1 selects the emulation natively too,
// so the differential harness can check it against the hardware.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>

#if !defined(SL_FMA_EMULATED)
#if defined(__wasm__) || defined(__EMSCRIPTEN__)
#define SL_FMA_EMULATED 1
#else
#define SL_FMA_EMULATED 0
#endif
#endif

namespace sl::fpx {

inline uint64_t bits(double x) {
  uint64_t b;
  std::memcpy(&b, &x, 8);
  return b;
}
inline double from_bits(uint64_t b) {
  double x;
  std::memcpy(&x, &b, 8);
  return x;
}

// a + b = s + e exactly (Knuth).
inline double two_sum(double a, double b, double& e) {
  const double s = a + b;
  const double bb = s - a;
  e = (a - (s - bb)) + (b - bb);
  return s;
}

// a * b = p + e exactly (Dekker with Veltkamp splitting; |a|, |b| < 2^995).
inline double two_prod_dekker(double a, double b, double& e) {
  const double p = a * b;
  constexpr double kSplit = 134217729.0;  // 2^27 + 1
  const double ca = kSplit * a, cb = kSplit * b;
  const double ah = ca - (ca - a), al = a - ah;
  const double bh = cb - (cb - b), bl = b - bh;
  e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
  return p;
}

// The neighbour of finite nonzero x one step toward zero / away from zero.
inline double step_toward_zero(double x) { return from_bits(bits(x) - 1); }
inline double step_away_from_zero(double x) { return from_bits(bits(x) + 1); }

// a + b rounded to odd: the exact sum if representable, else whichever of the
// two neighbouring doubles has an odd last bit.
inline double sum_round_to_odd(double a, double b) {
  double e;
  double s = two_sum(a, b, e);
  if (e != 0 && (bits(s) & 1) == 0) s = ((e < 0) == (s < 0)) ? step_away_from_zero(s) : step_toward_zero(s);
  return s;
}

// RN(a*b + c), rounded once.
inline double fma_rn(double a, double b, double c) {
#if SL_FMA_EMULATED
  double pl, tl;
  const double ph = two_prod_dekker(a, b, pl);
  // Outside Dekker's range (splitting overflows, or the product's error
  // underflows) the C library's exact software fma takes over.
  if (!(std::fabs(a) < 0x1p995 && std::fabs(b) < 0x1p995 && (std::fabs(ph) > 0x1p-960 || a == 0 || b == 0) &&
        std::fabs(c) < 0x1p1020))
    return std::fma(a, b, c);
  const double th = two_sum(c, ph, tl);
  return th + sum_round_to_odd(tl, pl);
#else
  return std::fma(a, b, c);
#endif
}

}  // namespace sl::fpx
