// kernels/libm/glibc_exp_log: see glibc_exp_log.hpp (glibc's float64 exp,
// exp2, log, log2, pow as its x86-64 FMA build computes them).
#include "core/kernels/libm/glibc_exp_log.hpp"

#include <cstdint>
#include <limits>

#include "core/kernels/fp_exact.hpp"

namespace sl::glibc {
namespace {

namespace tab {
#include "core/kernels/libm/glibc_tables.inc"
}

using fpx::bits;
using fpx::fma_rn;
inline double d(uint64_t b) { return fpx::from_bits(b); }
inline uint32_t top12(double x) { return uint32_t(bits(x) >> 52); }

constexpr int kExpBits = 7, kExpN = 1 << kExpBits;
constexpr double kInf = std::numeric_limits<double>::infinity();

// Overflow / underflow results with the sign of `neg` (glibc computes them as
// a product that overflows or underflows, which is +-inf / +-0 in
// round-to-nearest).
inline double oflow(bool neg) { return neg ? -kInf : kInf; }
inline double uflow(bool neg) { return neg ? -0.0 : 0.0; }
inline double invalid(double x) { return (x - x) / (x - x); }

// scale * (1 + tmp) when it may overflow (k > 0) or land in the subnormal
// range (k < 0); `sbits` is scale's bit pattern with a possibly wrapped
// exponent, `down`/`up` the exponent glibc's exp and pow (1009) or exp2 (1)
// take out for k > 0 and multiply back. In the subnormal range the sum is
// formed as 1 + y in extra precision so that the final scaling rounds once.
// `fused`: the k > 0 sum is one fused multiply-add in glibc's FMA build; the
// k < 0 sums never are, because GCC fuses a product only into additions in
// its own basic block, and scale * tmp there also feeds the branch below.
double scale_special(double tmp, uint64_t sbits, uint64_t ki, uint64_t down, double up, bool fused, bool pow_sign) {
  if ((ki & 0x80000000u) == 0) {
    sbits -= down << 52;
    const double scale = d(sbits);
    return up * (fused ? fma_rn(scale, tmp, scale) : scale + scale * tmp);
  }
  sbits += 1022ull << 52;
  const double scale = d(sbits);
  const double st = scale * tmp;
  double y = scale + st;
  if ((pow_sign ? (y < 0 ? -y : y) : y) < 1.0) {
    const double one = (pow_sign && y < 0.0) ? -1.0 : 1.0;
    double lo = (scale - y) + st;
    const double hi = one + y;
    lo = ((one - hi) + y) + lo;
    y = (hi + lo) - one;
    if (y == 0.0) y = pow_sign ? d(sbits & 0x8000000000000000ull) : 0.0;
  }
  return 0x1p-1022 * y;
}

// exp(x + xtail) with the result's sign bit from sign_bias (pow's exp_inline;
// exp itself is the case xtail = 0, sign_bias = 0).
double exp_core(double x, double xtail, uint64_t sign_bias, bool from_pow) {
  uint32_t abstop = top12(x) & 0x7ff;
  if (abstop - top12(0x1p-54) >= top12(512.0) - top12(0x1p-54)) {
    if (abstop - top12(0x1p-54) >= 0x80000000u) {  // |x| < 2^-54
      const double one = 1.0 + x;
      return sign_bias ? -one : one;
    }
    if (abstop >= top12(1024.0)) {
      if (!from_pow) {
        if (bits(x) == bits(-kInf)) return 0.0;
        if (abstop >= top12(kInf)) return 1.0 + x;
      }
      return (bits(x) >> 63) ? uflow(sign_bias) : oflow(sign_bias);
    }
    abstop = 0;  // large |x|: special-cased below
  }
  // x = k ln2/N + r: k = round(x N/ln2) by adding 1.5 * 2^52 (one fused
  // multiply-add in the FMA build), r in two steps with ln2/N split in two.
  double kd = fma_rn(d(tab::kExpInvLn2N), x, d(tab::kExpShift));
  const uint64_t ki = bits(kd);
  kd -= d(tab::kExpShift);
  double r = fma_rn(kd, d(tab::kExpNegLn2loN), fma_rn(kd, d(tab::kExpNegLn2hiN), x));
  if (from_pow) r += xtail;
  const uint64_t idx = 2 * (ki % kExpN);
  const uint64_t top = (ki + sign_bias) << (52 - kExpBits);
  const double tail = d(tab::kExpTab[idx]);
  const uint64_t sbits = tab::kExpTab[idx + 1] + top;
  const double r2 = r * r;
  const double c2 = d(tab::kExpPoly[0]), c3 = d(tab::kExpPoly[1]), c4 = d(tab::kExpPoly[2]), c5 = d(tab::kExpPoly[3]);
  const double tmp = fma_rn(r2 * r2, fma_rn(r, c5, c4), fma_rn(r2, fma_rn(r, c3, c2), tail + r));
  if (abstop == 0) return scale_special(tmp, sbits, ki, 1009, 0x1p1009, true, from_pow);
  const double scale = d(sbits);
  return fma_rn(scale, tmp, scale);
}

// 0: y not an integer; 1: odd integer; 2: even integer (y finite, nonzero).
int checkint(uint64_t iy) {
  const int e = int(iy >> 52 & 0x7ff);
  if (e < 0x3ff) return 0;
  if (e > 0x3ff + 52) return 2;
  if (iy & ((1ull << (0x3ff + 52 - e)) - 1)) return 0;
  if (iy & (1ull << (0x3ff + 52 - e))) return 1;
  return 2;
}
inline bool is_snan(uint64_t i) { return (i & 0x7ff8000000000000ull) == 0x7ff0000000000000ull && (i << 12) != 0; }
inline bool zeroinfnan(uint64_t i) { return 2 * i - 1 >= 2 * bits(kInf) - 1; }

// log x as hi + lo (pow's log_inline); ix is x's bits, subnormals normalised
// with the exponent allowed to go below zero.
double pow_log(uint64_t ix, double& lo_out) {
  constexpr uint64_t kOff = 0x3fe6955500000000ull;
  const uint64_t tmp = ix - kOff;
  const int i = int((tmp >> (52 - 7)) % 128);
  const int64_t k = int64_t(tmp) >> 52;
  const uint64_t iz = ix - (tmp & 0xfffull << 52);
  const double z = d(iz), kd = double(k);
  const double invc = d(tab::kPowTab[3 * i]), logc = d(tab::kPowTab[3 * i + 1]), logctail = d(tab::kPowTab[3 * i + 2]);
  const double a0 = d(tab::kPowPoly[0]);
  const double r = fma_rn(z, invc, -1.0);  // exact
  const double t1 = fma_rn(kd, d(tab::kPowLn2hi), logc);
  const double t2 = t1 + r;
  const double lo1 = fma_rn(kd, d(tab::kPowLn2lo), logctail);
  const double lo2 = (t1 - t2) + r;
  const double ar = a0 * r, ar2 = r * ar, ar3 = r * ar2;
  const double hi = t2 + ar2;
  const double lo3 = fma_rn(ar, r, -ar2);
  const double lo4 = (t2 - hi) + ar2;
  auto P = [](int j) { return d(tab::kPowPoly[j]); };
  const double q = fma_rn(ar2, fma_rn(ar2, fma_rn(r, P(6), P(5)), fma_rn(r, P(4), P(3))), fma_rn(r, P(2), P(1)));
  const double lo = fma_rn(ar3, q, ((lo1 + lo2) + lo3) + lo4);
  const double y = hi + lo;
  lo_out = (hi - y) + lo;
  return y;
}

}  // namespace

double exp(double x) { return exp_core(x, 0.0, 0, false); }

// glibc has no FMA variant of exp2 on x86-64: nothing here is fused.
double exp2(double x) {
  uint32_t abstop = top12(x) & 0x7ff;
  if (abstop - top12(0x1p-54) >= top12(512.0) - top12(0x1p-54)) {
    if (abstop - top12(0x1p-54) >= 0x80000000u) return 1.0 + x;
    if (abstop >= top12(1024.0)) {
      if (bits(x) == bits(-kInf)) return 0.0;
      if (abstop >= top12(kInf)) return 1.0 + x;
      if (!(bits(x) >> 63)) return oflow(false);
      if (bits(x) >= bits(-1075.0)) return uflow(false);
    }
    if (2 * bits(x) > 2 * bits(928.0)) abstop = 0;  // large |x|: special-cased below
  }
  const double shift = d(tab::kExp2Shift);
  double kd = x + shift;  // k/N rounded, k in the low bits
  const uint64_t ki = bits(kd);
  kd -= shift;
  const double r = x - kd;
  const uint64_t idx = 2 * (ki % kExpN);
  const uint64_t top = ki << (52 - kExpBits);
  const double tail = d(tab::kExpTab[idx]);
  const uint64_t sbits = tab::kExpTab[idx + 1] + top;
  auto C = [](int j) { return d(tab::kExp2Poly[j - 1]); };
  const double r2 = r * r;
  const double tmp = ((tail + r * C(1)) + r2 * (C(2) + r * C(3))) + r2 * r2 * (C(4) + r * C(5));
  if (abstop == 0) return scale_special(tmp, sbits, ki, 1, 2.0, false, false);
  const double scale = d(sbits);
  return scale + scale * tmp;
}

double log(double x) {
  uint64_t ix = bits(x);
  const uint32_t top = uint32_t(ix >> 48);
  constexpr uint64_t kLo = 0x3fee000000000000ull;  // bits of 1 - 2^-4
  constexpr uint64_t kHi = 0x3ff1090000000000ull;  // bits of 1 + 0x1.09p-4
  auto B = [](int j) { return d(tab::kLogPoly1[j]); };
  if (ix - kLo < kHi - kLo) {
    if (ix == bits(1.0)) return 0.0;
    const double r = x - 1.0, r2 = r * r, r3 = r * r2;
    const double p3 = fma_rn(r3, B(10), fma_rn(r2, B(9), fma_rn(r, B(8), B(7))));
    const double p2 = fma_rn(r3, p3, fma_rn(r2, B(6), fma_rn(r, B(5), B(4))));
    const double p1 = fma_rn(r3, p2, fma_rn(r2, B(3), fma_rn(r, B(2), B(1))));
    // r - r^2/2 in extra precision: r split at 2^-27 so rhi^2 is exact.
    const double w = r * 0x1p27;
    const double rhi = (r + w) - w, rlo = r - rhi;
    const double h2 = rhi * rhi;
    const double hi = fma_rn(h2, B(0), r);
    double lo = fma_rn(h2, B(0), r - hi);
    lo = fma_rn(B(0) * rlo, rhi + r, lo);
    double y = fma_rn(r3, p1, lo);
    y += hi;
    return y;
  }
  if (top - 0x0010 >= 0x7ff0 - 0x0010) {  // x < 2^-1022, inf or nan
    if (ix * 2 == 0) return -kInf;
    if (ix == bits(kInf)) return x;
    if ((top & 0x8000) || (top & 0x7ff0) == 0x7ff0) return invalid(x);
    ix = bits(x * 0x1p52);  // subnormal: normalise
    ix -= 52ull << 52;
  }
  constexpr uint64_t kOff = 0x3fe6000000000000ull;
  const uint64_t tmp = ix - kOff;
  const int i = int((tmp >> (52 - 7)) % 128);
  const int64_t k = int64_t(tmp) >> 52;
  const uint64_t iz = ix - (tmp & 0xfffull << 52);
  const double invc = d(tab::kLogTab[2 * i]), logc = d(tab::kLogTab[2 * i + 1]);
  const double z = d(iz), kd = double(k);
  const double r = fma_rn(z, invc, -1.0);
  const double w = fma_rn(kd, d(tab::kLogLn2hi), logc);
  const double hi = w + r;
  const double lo = fma_rn(kd, d(tab::kLogLn2lo), (w - hi) + r);
  auto A = [](int j) { return d(tab::kLogPoly[j]); };
  const double r2 = r * r;
  const double q = fma_rn(r2, fma_rn(r, A(4), A(3)), fma_rn(r, A(2), A(1)));
  return fma_rn(r * r2, q, fma_rn(r2, A(0), lo)) + hi;
}

double log2(double x) {
  uint64_t ix = bits(x);
  const uint32_t top = uint32_t(ix >> 48);
  const double inv_hi = d(tab::kLog2InvLn2hi), inv_lo = d(tab::kLog2InvLn2lo);
  constexpr uint64_t kLo = 0x3feea4af00000000ull;  // bits of 1 - 0x1.5b51p-5
  constexpr uint64_t kHi = 0x3ff0b55900000000ull;  // bits of 1 + 0x1.6ab2p-5
  if (ix - kLo < kHi - kLo) {
    if (ix == bits(1.0)) return 0.0;
    auto B = [](int j) { return d(tab::kLog2Poly1[j]); };
    const double r = x - 1.0;
    const double hi = r * inv_hi;
    double lo = fma_rn(r, inv_lo, fma_rn(r, inv_hi, -hi));
    const double r2 = r * r, r4 = r2 * r2;
    const double p0 = fma_rn(r, B(1), B(0));
    const double y = fma_rn(r2, p0, hi);
    lo += fma_rn(r2, p0, hi - y);
    const double q = fma_rn(r4, fma_rn(r2, fma_rn(r, B(9), B(8)), fma_rn(r, B(7), B(6))),
                            fma_rn(r2, fma_rn(r, B(5), B(4)), fma_rn(r, B(3), B(2))));
    lo = fma_rn(r4, q, lo);
    return y + lo;
  }
  if (top - 0x0010 >= 0x7ff0 - 0x0010) {
    if (ix * 2 == 0) return -kInf;
    if (ix == bits(kInf)) return x;
    if ((top & 0x8000) || (top & 0x7ff0) == 0x7ff0) return invalid(x);
    ix = bits(x * 0x1p52);
    ix -= 52ull << 52;
  }
  constexpr uint64_t kOff = 0x3fe6000000000000ull;
  const uint64_t tmp = ix - kOff;
  const int i = int((tmp >> (52 - 6)) % 64);
  const int64_t k = int64_t(tmp) >> 52;
  const uint64_t iz = ix - (tmp & 0xfffull << 52);
  const double invc = d(tab::kLog2Tab[2 * i]), logc = d(tab::kLog2Tab[2 * i + 1]);
  const double z = d(iz), kd = double(k);
  const double r = fma_rn(z, invc, -1.0);
  const double t1 = r * inv_hi;
  const double t2 = fma_rn(r, inv_lo, fma_rn(r, inv_hi, -t1));
  const double t3 = kd + logc;
  const double hi = t3 + t1;
  const double lo = ((t3 - hi) + t1) + t2;
  auto A = [](int j) { return d(tab::kLog2Poly[j]); };
  const double r2 = r * r, r4 = r2 * r2;
  const double p = fma_rn(r4, fma_rn(r, A(5), A(4)), fma_rn(r2, fma_rn(r, A(3), A(2)), fma_rn(r, A(1), A(0))));
  return fma_rn(r2, p, lo) + hi;
}

double pow(double x, double y) {
  constexpr uint64_t kSignBias = 0x800ull << kExpBits;
  uint64_t sign_bias = 0;
  uint64_t ix = bits(x);
  const uint64_t iy = bits(y);
  uint32_t topx = top12(x);
  const uint32_t topy = top12(y);
  if (topx - 0x001 >= 0x7ff - 0x001 || (topy & 0x7ff) - 0x3be >= 0x43e - 0x3be) {
    // x is subnormal, zero, inf, nan or negative; or |y| < 2^-65 or
    // |y| >= 2^63 or y is nan.
    if (zeroinfnan(iy)) {
      // A signalling NaN operand still gives NaN where a quiet one gives 1.
      if (2 * iy == 0) return is_snan(ix) ? x + y : 1.0;
      if (ix == bits(1.0)) return is_snan(iy) ? x + y : 1.0;
      if (2 * ix > 2 * bits(kInf) || 2 * iy > 2 * bits(kInf)) return x + y;
      if (2 * ix == 2 * bits(1.0)) return 1.0;
      if ((2 * ix < 2 * bits(1.0)) == !(iy >> 63)) return 0.0;  // |x| < 1, y = inf or |x| > 1, y = -inf
      return y * y;
    }
    if (zeroinfnan(ix)) {
      double x2 = x * x;
      if ((ix >> 63) && checkint(iy) == 1) x2 = -x2;
      return (iy >> 63) ? 1 / x2 : x2;
    }
    if (ix >> 63) {  // x < 0: only integral y
      const int yint = checkint(iy);
      if (yint == 0) return invalid(x);
      if (yint == 1) sign_bias = kSignBias;
      ix &= 0x7fffffffffffffffull;
      topx &= 0x7ff;
    }
    if ((topy & 0x7ff) - 0x3be >= 0x43e - 0x3be) {
      if (ix == bits(1.0)) return 1.0;
      if ((topy & 0x7ff) < 0x3be) return ix > bits(1.0) ? 1.0 + y : 1.0 - y;  // |y| tiny
      return (ix > bits(1.0)) == (topy < 0x800) ? oflow(false) : uflow(false);
    }
    if (topx == 0) {  // subnormal x: normalise, exponent kept below zero
      ix = bits(x * 0x1p52);
      ix &= 0x7fffffffffffffffull;
      ix -= 52ull << 52;
    }
  }
  double lo;
  const double hi = pow_log(ix, lo);
  const double ehi = y * hi;
  const double elo = fma_rn(y, lo, fma_rn(y, hi, -ehi));
  return exp_core(ehi, elo, sign_bias, true);
}

}  // namespace sl::glibc
