// kernels/svml_pow: see svml_pow.hpp for the algorithm (mirrors __svml_pow8).
#include "core/kernels/svml_pow.hpp"

#include <cmath>
#include <limits>

#include "core/kernels/fp_exact.hpp"

namespace sl::svml {

namespace {

using fpx::fma_rn;

// ---- double-double arithmetic, only for building the tables at startup.
struct dd {
  double hi, lo;
};
dd dd_from(double a) { return {a, 0.0}; }
dd dd_norm(double hi, double lo) {
  double e;
  double s = fpx::two_sum(hi, lo, e);
  return {s, e};
}
dd dd_add(dd a, dd b) {
  double e;
  double s = fpx::two_sum(a.hi, b.hi, e);
  return dd_norm(s, e + a.lo + b.lo);
}
dd dd_neg(dd a) { return {-a.hi, -a.lo}; }
dd dd_mul(dd a, dd b) {
  double p = a.hi * b.hi;
  double e = std::fma(a.hi, b.hi, -p);
  return dd_norm(p, e + a.hi * b.lo + a.lo * b.hi);
}
dd dd_div(dd a, dd b) {
  double q1 = a.hi / b.hi;
  dd r = dd_add(a, dd_neg(dd_mul(b, dd_from(q1))));
  double q2 = r.hi / b.hi;
  r = dd_add(r, dd_neg(dd_mul(b, dd_from(q2))));
  double q3 = r.hi / b.hi;
  return dd_add(dd_norm(q1, q2), dd_from(q3));
}
// ln(r) = 2 atanh((r-1)/(r+1)), for r in [1, 2].
dd dd_log(dd r) {
  dd s = dd_div(dd_add(r, dd_from(-1.0)), dd_add(r, dd_from(1.0)));
  dd s2 = dd_mul(s, s), term = s, sum = s;
  for (int k = 3; k < 200; k += 2) {
    term = dd_mul(term, s2);
    dd t = dd_div(term, dd_from(double(k)));
    if (std::fabs(t.hi) < 1e-40) break;
    sum = dd_add(sum, t);
  }
  return dd_mul(sum, dd_from(2.0));
}
// e^t for |t| < 1 (Taylor series).
dd dd_exp(dd t) {
  dd sum = dd_from(1.0), term = dd_from(1.0);
  for (int k = 1; k < 60; ++k) {
    term = dd_div(dd_mul(term, t), dd_from(double(k)));
    if (std::fabs(term.hi) < 1e-40) break;
    sum = dd_add(sum, term);
  }
  return sum;
}

struct Tables {
  double th[32], tl[32];  // -log2(k/32) (+1 for k >= 48): high part on a 2^-40 grid, low part
  double the[16];         // RN(2^(j/16))
  double c1h, c2h;        // RN(1/ln 2) and -c1h/2
  Tables() {
    const dd ln2 = dd_log(dd_from(2.0));
    for (int j = 0; j < 32; ++j) {
      const double rc = 1.0 + j / 32.0;
      dd v = dd_neg(dd_div(dd_log(dd_from(rc)), ln2));
      if (j >= 16) v = dd_add(v, dd_from(1.0));
      th[j] = std::nearbyint(v.hi * 0x1p40) * 0x1p-40;
      tl[j] = (v.hi - th[j]) + v.lo;
    }
    for (int j = 0; j < 16; ++j) {
      dd e = dd_exp(dd_mul(ln2, dd_from(j / 16.0)));
      the[j] = e.hi + e.lo;
    }
    c1h = dd_div(dd_from(1.0), ln2).hi;
    c2h = -c1h / 2;
  }
};
const Tables& tables() {
  static const Tables t;
  return t;
}

// Fitted (minimax) polynomial coefficients of SVML's log2(1+R) and 2^Z; they
// have no closed form, so they are the only literal constants here.
// log2(1+R) ~ c1h*R + c1l*R + c2h*R^2 + R^2*(c2l + c3 R + ... + c9 R^7)
constexpr double kC1l = 0x1.777f3ee5e912fp-56;
constexpr double kC2l = 0x1.36b5ddffe5b67p-57;
constexpr double kC3 = 0x1.ec709dc3a03fcp-2;
constexpr double kC4 = -0x1.71547652bc9eap-2;
constexpr double kC5 = 0x1.2776c50f03272p-2;
constexpr double kC6 = -0x1.ec709bc8fb8dfp-3;
constexpr double kC7 = 0x1.a6175fca19d03p-3;
constexpr double kC8 = -0x1.717e59a559f5dp-3;
constexpr double kC9 = 0x1.48799f5374b96p-3;
// 2^Z - 1 ~ Z*(e1 + e2 Z + ... + e6 Z^5)
constexpr double kE1 = 0x1.62e42fefa398bp-1;
constexpr double kE2 = 0x1.ebfbdff84554dp-3;
constexpr double kE3 = 0x1.c6b08d4ad8eb9p-5;
constexpr double kE4 = 0x1.3b2ad1b14ebaap-7;
constexpr double kE5 = 0x1.5d7472783d279p-10;
constexpr double kE6 = 0x1.4a1d7f58c2d59p-13;

// VRCP14PD(m) rounded to 1/32, as k in rc = k/32: the largest k in 33..64 whose
// cell bound holds (cell = top 16 fraction bits of m in [1/2, 1)), else 32.
// Bound i is the last cell where the rounded reciprocal is still >= (33+i)/32,
// measured on AVX-512 hardware by tests/tools/measure_rcp14.cpp.
constexpr uint16_t kRcpCell[32] = {
    0xf822, 0xe914, 0xdae5, 0xcd87, 0xc0df, 0xb4e8, 0xa98e, 0x9eca, 0x9489, 0x8acc, 0x8181,
    0x78a4, 0x702c, 0x6816, 0x6056, 0x58ee, 0x51d1, 0x4afd, 0x446d, 0x3e24, 0x3811, 0x323f,
    0x2c9e, 0x2735, 0x21fc, 0x1cf1, 0x180e, 0x135c, 0x0ecf, 0x0a69, 0x0626, 0x0205};

inline int rcp_k(double m) {
  const uint32_t cell = uint32_t(fpx::bits(m) >> 36) & 0xFFFFu;
  int k = 32;
  // The bounds decrease with i: count how many the cell is still under.
  int lo = 0, hi = 32;  // first i with cell > kRcpCell[i]
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (cell <= kRcpCell[mid]) lo = mid + 1;
    else hi = mid;
  }
  k += lo;
  return k;
}

// The callout lanes (x <= 0, inf/NaN, |y*log2 x| > 1021.5).
double pow_callout(double x, double y) { return std::pow(x, y); }

}  // namespace

double pow_f64(double x, double y) {
  // x <= 0 (either zero, negative), inf or NaN; y inf or NaN (vfpclasspd 0xDF / 0x99).
  if (!(x > 0) || !(x < std::numeric_limits<double>::infinity()) || !std::isfinite(y)) return pow_callout(x, y);
  const Tables& t = tables();
  int ex;
  const double m = std::frexp(x, &ex);  // x = m * 2^ex, m in [1/2, 1)
  const int k = rcp_k(m);
  const double rc = k * (1.0 / 32);
  const double R = fma_rn(rc, m, -1.0);
  const double expon = double(rc < 1.5 ? ex : ex - 1);
  const int j = k & 31;
  const double Th = t.th[j], Tl = t.tl[j];

  // log2(1 + R) and the table terms, in SVML's order.
  const double R2 = R * R;
  double P = fma_rn(R, kC9, kC8);
  const double P67 = fma_rn(R, kC7, kC6);
  const double eth = expon + Th;  // exact
  P = fma_rn(P, R2, P67);
  const double P45 = fma_rn(R, kC5, kC4);
  P = fma_rn(P, R2, P45);
  const double R2l = fma_rn(R, R, -R2);
  double low = fma_rn(t.c2h, R2l, Tl);
  const double P23 = fma_rn(R, kC3, kC2l);
  const double high1 = fma_rn(t.c1h, R, eth);
  P = fma_rn(P, R2, P23);
  const double rc1h_hi = high1 - eth;
  low = fma_rn(P, R2, low);
  const double rc1h_lo = fma_rn(R, t.c1h, -rc1h_hi);
  const double high2 = fma_rn(t.c2h, R2, high1);
  double lowsum = fma_rn(kC1l, R, rc1h_lo);
  const double H = high2 + low;
  const double rc2h_hi = high2 - high1;
  const double yH = fpx::mul_rz(y, H);
  const double rc2h_lo = fma_rn(t.c2h, R2, -rc2h_hi);
  const double tlh = H - high2;
  const double yHl = fma_rn(y, H, -yH);  // exact
  double tll = low - tlh;
  lowsum = rc2h_lo + lowsum;
  tll = tll + lowsum;

  // 2^(yH + Zl)
  if (!(std::fabs(yH) <= 1021.5)) return pow_callout(x, y);
  const double n16 = std::floor(yH * 16.0);  // exact: N*16 + j
  // vreducepd rounds the difference with its own rounding mode (down): the
  // difference is >= 0 and not always representable (yH may be finer than it).
  double red_err;
  double reduced = fpx::two_sum(yH, -(n16 * (1.0 / 16)), red_err);
  if (red_err < 0) reduced = fpx::step_toward_zero(reduced);
  const double Zl = fpx::fma_rz(y, tll, yHl);
  const double Z = reduced + Zl;
  const int64_t ni = int64_t(n16);
  const int je = int(ni & 15);
  const int N = int(ni >> 4);  // floor
  const double The = t.the[je];
  const double Z2 = Z * Z;
  const double ZT = Z * The;
  double q = fma_rn(Z, kE6, kE5);
  const double q34 = fma_rn(Z, kE4, kE3);
  const double q12 = fma_rn(Z, kE2, kE1);
  q = fma_rn(q, Z2, q34);
  q = fma_rn(q, Z2, q12);
  const double r = fma_rn(ZT, q, The);
  return r * fpx::from_bits(uint64_t(N + 1023) << 52);
}

}  // namespace sl::svml
