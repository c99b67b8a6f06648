// kernels/libm/glibc_sincos: glibc's float64 sin and cos (see
// glibc_exp_log.hpp for the invariant: glibc's bits on an x86-64 CPU with
// FMA, in every build).
//
// The algorithm (IBM's Accurate Mathematical Library, glibc's
// sysdeps/ieee754/dbl-64/s_sin.c and branred.c), as math:
//   |x| < 2^-26 (cos: 2^-27): sin x = x, cos x = 1.
//   Otherwise x is reduced to a + da (double-double) with |a + da| <= pi/4 and
//   x = n pi/2 + a + da: no reduction below 0.855469; pi/2 - |x| (pi/2 as
//   hp0 + hp1) up to 2.426265; a Cody-Waite reduction with pi/2 in four parts
//   (mp1 + mp2 + pp3 + pp4) below 105414350; Payne-Hanek beyond, with 2/pi in
//   24-bit digits (branred).
//   sin(a + da) for |a| < 0.126 is a Taylor polynomial a - a^3/3! + ... with
//   the first-order da term; otherwise a = X + x with X = k/128 the nearest
//   table point and |x| <= 1/256, and
//     sin(X + x) = sin X cos x + cos X sin x,  cos(X + x) = cos X cos x - sin X sin x
//   with sin X, cos X from a 110-entry double-double table and short
//   polynomials for sin x - x and 1 - cos x; the quadrant n picks sin/cos
//   and the sign.
// glibc's x86-64 library selects __sin_fma/__cos_fma on FMA CPUs: s_sin.c
// compiled with -mfma -mavx2, so GCC contracted each product whose uses are
// all additions in the same basic block (the first product of a sum of
// products, in source order). Each contraction is written out below as
// fpx::fma_rn; branred.c has no FMA build, so the Payne-Hanek reduction is
// plain arithmetic.
#include <cmath>
#include <cstdint>

#include "core/kernels/fp_exact.hpp"
#include "core/kernels/libm/glibc_exp_log.hpp"

namespace sl::glibc {
namespace {

namespace tab {
#include "core/kernels/libm/glibc_sincos_tables.inc"
}

using fpx::bits;
using fpx::fma_rn;
inline double d(uint64_t b) { return fpx::from_bits(b); }
inline uint32_t low_word(double x) { return uint32_t(bits(x)); }

// Polynomials (IBM's fitted coefficients; s1.. for the Taylor range, sn/cs
// for the table range).
constexpr double s1 = -0x1.5555555555555p-3, s2 = 0x1.1111111110ECEp-7, s3 = -0x1.A01A019DB08B8p-13,
                 s4 = 0x1.71DE27B9A7ED9p-19, s5 = -0x1.ADDFFC2FCDF59p-26;
constexpr double sn3 = -1.66666666666664880952546298448555E-01, sn5 = 8.33333214285722277379541354343671E-03,
                 cs2 = 4.99999999999999999999950396842453E-01, cs4 = -4.16666666666664434524222570944589E-02,
                 cs6 = 1.38888874007937613028114285595617E-03;
// 1.5 * 2^45: adding it rounds |x| to a multiple of 1/128 (the table index in
// the low word).
constexpr double kBig = 0x1.8p45;
// pi/2 as hp0 + hp1; and in four parts for the Cody-Waite reduction.
constexpr double hp0 = 0x1.921FB54442D18p0, hp1 = 0x1.1A62633145C07p-54;
constexpr double mp1 = 0x1.921FB58000000p0, mp2 = -0x1.DDE973C000000p-27, pp3 = -0x1.CB3B398000000p-55,
                 pp4 = -0x1.d747f23e32ed7p-83;
constexpr double hpinv = 0x1.45F306DC9C883p-1, toint = 0x1.8p52;

struct Entry {
  double sn, ssn, cs, ccs;
};
inline Entry lookup(double u) {
  const uint32_t k = low_word(u) << 2;
  return {d(tab::kSinCosTab[k]), d(tab::kSinCosTab[k + 1]), d(tab::kSinCosTab[k + 2]), d(tab::kSinCosTab[k + 3])};
}

// cos(x + dx), |x + dx| <= pi/4 (glibc's do_cos).
double do_cos(double x, double dx) {
  if (x < 0) dx = -dx;
  const double u = kBig + std::fabs(x);
  x = (std::fabs(x) - (u - kBig)) + dx;
  const double xx = x * x;
  const double s = fma_rn(x * xx, fma_rn(xx, sn5, sn3), x);
  const double c = xx * fma_rn(xx, fma_rn(xx, cs6, cs4), cs2);
  const Entry e = lookup(u);
  const double cor = fma_rn(-e.sn, s, fma_rn(-e.cs, c, fma_rn(-s, e.ssn, e.ccs)));
  return e.cs + cor;
}

// sin(x + dx) (glibc's do_sin).
double do_sin(double x, double dx) {
  const double xold = x;
  if (std::fabs(x) < 0.126) {
    const double xx = x * x;
    const double poly = fma_rn(fma_rn(fma_rn(fma_rn(s5, xx, s4), xx, s3), xx, s2), xx, s1);
    const double t = fma_rn(fma_rn(poly, x, -(0.5 * dx)), xx, dx);
    return x + t;
  }
  if (x <= 0) dx = -dx;
  const double u = kBig + std::fabs(x);
  x = std::fabs(x) - (u - kBig);
  const double xx = x * x;
  const double s = x + fma_rn(x * xx, fma_rn(xx, sn5, sn3), dx);
  const double c = fma_rn(x, dx, xx * fma_rn(xx, fma_rn(xx, cs6, cs4), cs2));
  const Entry e = lookup(u);
  const double cor = fma_rn(e.cs, s, fma_rn(-e.sn, c, fma_rn(s, e.ccs, e.ssn)));
  return std::copysign(e.sn + cor, xold);
}

// x = n pi/2 + a + da for |x| < 105414350; returns n mod 4 (reduce_sincos).
int reduce_sincos(double x, double& a, double& da) {
  const double t = fma_rn(x, hpinv, toint);
  const double xn = t - toint;
  const double y = fma_rn(-xn, mp2, fma_rn(-xn, mp1, x));
  const int n = int(low_word(t) & 3);
  const double t2 = fma_rn(-xn, pp3, y);
  double db = fma_rn(-xn, pp3, y - t2);
  const double b = fma_rn(-xn, pp4, t2);
  db += fma_rn(-xn, pp4, t2 - b);
  a = b;
  da = db;
  return n;
}

// Payne-Hanek reduction of one part of x (branred's loop body): the
// integer part of x * 2/pi (mod 4, in `sum`) and the fraction as b + bb.
void branred_part(double x, double& sum, double& b, double& bb) {
  constexpr double big = 0x1.8p52, big1 = 0x1.8p54, tm24 = 0x1p-24;
  int k = int((bits(x) >> 52) & 2047);
  k = (k - 450) / 24;
  if (k < 0) k = 0;
  double gor = fpx::from_bits(bits(0x1p576) - (uint64_t(k * 24) << 52));
  double r[6];
  for (int i = 0; i < 6; ++i) {
    r[i] = x * tab::kTwoOverPi24[k + i] * gor;
    gor *= tm24;
  }
  sum = 0;
  for (int i = 0; i < 3; ++i) {
    const double s = (r[i] + big) - big;
    sum += s;
    r[i] -= s;
  }
  double t = 0;
  for (int i = 0; i < 6; ++i) t += r[5 - i];
  bb = (((((r[0] - t) + r[1]) + r[2]) + r[3]) + r[4]) + r[5];
  const double s = (t + big) - big;
  sum += s;
  t -= s;
  b = t + bb;
  bb = (t - b) + bb;
  sum -= (sum + big1) - big1;
}

// x = n pi/2 + a + da for finite |x| >= 105414350 (glibc's __branred).
int branred(double x, double& a, double& da) {
  constexpr double split = 134217729.0, mp1b = 0x1.921FB58000000p0, mp2b = -0x1.DDE9740000000p-27;
  x *= 0x1p-600;
  double t = x * split;  // split x in two 26-bit halves
  const double x1 = t - (t - x), x2 = x - x1;
  double sum1, b1, bb1, sum2, b2, bb2;
  branred_part(x1, sum1, b1, bb1);
  branred_part(x2, sum2, b2, bb2);
  double sum = sum1 + sum2;
  double b = b1 + b2;
  double bb = std::fabs(b1) > std::fabs(b2) ? (b1 - b) + b2 : (b2 - b) + b1;
  if (b > 0.5) {
    b -= 1.0;
    sum += 1.0;
  } else if (b < -0.5) {
    b += 1.0;
    sum -= 1.0;
  }
  double s = b + (bb + bb1 + bb2);
  t = ((b - s) + bb) + (bb1 + bb2);
  b = s * split;
  const double t1 = b - (b - s), t2 = s - t1;
  b = s * hp0;
  bb = (((t1 * mp1b - b) + t1 * mp2b) + t2 * mp1b) + (t2 * mp2b + s * hp1 + t * hp0);
  s = b + bb;
  t = (b - s) + bb;
  a = s;
  da = t;
  return int(sum) & 3;
}

double do_sincos(double a, double da, int n) {
  const double r = (n & 1) ? do_cos(a, da) : do_sin(a, da);
  return (n & 2) ? -r : r;
}

}  // namespace

double sin(double x) {
  const uint32_t k = uint32_t(bits(x) >> 32) & 0x7fffffffu;
  double a, da;
  if (k < 0x3e500000) return x;
  if (k < 0x3feb6000) return do_sin(x, 0);
  if (k < 0x400368fd) return std::copysign(do_cos(hp0 - std::fabs(x), hp1), x);
  if (k < 0x419921FB) {
    const int n = reduce_sincos(x, a, da);
    return do_sincos(a, da, n);
  }
  if (k < 0x7ff00000) {
    const int n = branred(x, a, da);
    return do_sincos(a, da, n);
  }
  return x / x;
}

double cos(double x) {
  const uint32_t k = uint32_t(bits(x) >> 32) & 0x7fffffffu;
  double a, da;
  if (k < 0x3e400000) return 1.0;
  if (k < 0x3feb6000) return do_cos(x, 0);
  if (k < 0x400368fd) {
    const double y = hp0 - std::fabs(x);
    a = y + hp1;
    da = (y - a) + hp1;
    return do_sin(a, da);
  }
  if (k < 0x419921FB) {
    const int n = reduce_sincos(x, a, da);
    return do_sincos(a, da, n + 1);
  }
  if (k < 0x7ff00000) {
    const int n = branred(x, a, da);
    return do_sincos(a, da, n + 1);
  }
  return x / x;
}

}  // namespace sl::glibc
