// random: see random.hpp. Each function names the NumPy 1.24 C function whose
// stream it reproduces; reordering any draw would change every later value.
#include "core/random/legacy.hpp"

#include "core/random/distributions.hpp"

#include <chrono>
#include <cmath>
#include <random>

namespace sl {

// ---------------------------------------------------------------- MT19937

void RandomState::seed(uint32_t s) {
  mt_.seed(s);
  has_gauss_ = false;
  gauss_ = 0.0;
}

void RandomState::seed_array(const uint32_t* words, int n) {
  mt_.init_by_array(words, n);
  has_gauss_ = false;
  gauss_ = 0.0;
}

void RandomState::seed_entropy() {
  // _legacy_seeding(None): key[0] = 0x80000000 and the rest from fresh entropy
  // (NumPy takes it from a SeedSequence; any unpredictable words will do).
  // One entropy read seeds a SplitMix64 that spreads it over the key.
  uint64_t x = uint64_t(std::chrono::high_resolution_clock::now().time_since_epoch().count());
  try {
    std::random_device rd;
    x ^= uint64_t(rd()) << 32 | rd();
  } catch (...) {
  }
  x ^= uint64_t(reinterpret_cast<uintptr_t>(this));
  uint32_t* k = mt_.key();
  for (int i = 1; i < MT19937::kN; ++i) {
    uint64_t z = (x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    k[i] = uint32_t((z ^ (z >> 31)) >> 32);
  }
  k[0] = 0x80000000u;
  mt_.set_pos(MT19937::kN);
  has_gauss_ = false;
  gauss_ = 0.0;
}

// ---------------------------------------------------------------- continuous

double RandomState::gauss() {
  if (has_gauss_) {
    has_gauss_ = false;
    double t = gauss_;
    gauss_ = 0.0;
    return t;
  }
  double x1, x2, r2;
  do {
    x1 = 2.0 * mt_.next_double() - 1.0;
    x2 = 2.0 * mt_.next_double() - 1.0;
    r2 = x1 * x1 + x2 * x2;
  } while (r2 >= 1.0 || r2 == 0.0);
  double f = std::sqrt(-2.0 * std::log(r2) / r2);
  gauss_ = f * x1;
  has_gauss_ = true;
  return f * x2;
}

void RandomState::fill_uniform(double* out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) out[i] = mt_.next_double();
}

void RandomState::fill_gauss(double* out, int64_t n) {
  // Same stream as n calls of gauss(), with the pair loop unrolled: after a
  // possible cached value, each polar pair yields f*x2 then f*x1.
  int64_t i = 0;
  if (n > 0 && has_gauss_) out[i++] = gauss();
  MT19937& mt = mt_;
  for (; i + 1 < n; i += 2) {
    double x1, x2, r2;
    do {
      x1 = 2.0 * mt.next_double() - 1.0;
      x2 = 2.0 * mt.next_double() - 1.0;
      r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    double f = std::sqrt(-2.0 * std::log(r2) / r2);
    out[i] = f * x2;
    out[i + 1] = f * x1;
  }
  if (i < n) out[i] = gauss();  // leaves the second value cached, as NumPy does
}

double RandomState::standard_exponential() { return -std::log(1.0 - mt_.next_double()); }

double RandomState::standard_gamma(double shape) {
  // mirrors legacy_standard_gamma
  if (shape == 1.0) return standard_exponential();
  if (shape == 0.0) return 0.0;
  if (shape < 1.0) {
    for (;;) {
      double U = mt_.next_double();
      double V = standard_exponential();
      if (U <= 1.0 - shape) {
        double X = std::pow(U, 1. / shape);
        if (X <= V) return X;
      } else {
        double Y = -std::log((1 - U) / shape);
        double X = std::pow(1.0 - shape + shape * Y, 1. / shape);
        if (X <= (V + Y)) return X;
      }
    }
  }
  double b = shape - 1. / 3., c = 1. / std::sqrt(9 * b);
  for (;;) {
    double X, V;
    do {
      X = gauss();
      V = 1.0 + c * X;
    } while (V <= 0.0);
    V = V * V * V;
    double U = mt_.next_double();
    if (U < 1.0 - 0.0331 * (X * X) * (X * X)) return b * V;
    if (std::log(U) < 0.5 * X * X + b * (1. - V + std::log(V))) return b * V;
  }
}


int64_t RandomState::poisson(double lam) {
  return rng::poisson_from([this] { return mt_.next_double(); }, lam);
}

namespace {

int64_t binomial_inversion(MT19937& mt, int64_t n, double p) {
  // random_binomial_inversion
  double q = 1.0 - p;
  double qn = std::exp(double(n) * std::log(q));
  double np = double(n) * p;
  int64_t bound = int64_t(std::min(double(n), np + 10.0 * std::sqrt(np * q + 1)));
  int64_t X = 0;
  double px = qn;
  double U = mt.next_double();
  while (U > px) {
    ++X;
    if (X > bound) {
      X = 0;
      px = qn;
      U = mt.next_double();
    } else {
      U -= px;
      px = (double(n - X + 1) * p * px) / (double(X) * q);
    }
  }
  return X;
}

int64_t binomial_btpe(MT19937& mt, int64_t n, double p) {
  // random_binomial_btpe (Kachitvichyanukul & Schmeiser's BTPE), kept in the
  // upstream's goto structure so that every draw happens in the same order.
  double r = std::min(p, 1.0 - p);
  double q = 1.0 - r;
  double fm = double(n) * r + r;
  int64_t m = int64_t(std::floor(fm));
  double p1 = std::floor(2.195 * std::sqrt(double(n) * r * q) - 4.6 * q) + 0.5;
  double xm = double(m) + 0.5;
  double xl = xm - p1, xr = xm + p1;
  double c = 0.134 + 20.5 / (15.3 + double(m));
  double a = (fm - xl) / (fm - xl * r);
  double laml = a * (1.0 + a / 2.0);
  a = (xr - fm) / (xr * q);
  double lamr = a * (1.0 + a / 2.0);
  double p2 = p1 * (1.0 + 2.0 * c);
  double p3 = p2 + c / laml;
  double p4 = p3 + c / lamr;
  double nrq, u, v, s, F, rho, t, A, x1, x2, f1, f2, z, z2, w, w2, x;
  int64_t y, k, i;

Step10:
  nrq = double(n) * r * q;
  u = mt.next_double() * p4;
  v = mt.next_double();
  if (u > p1) goto Step20;
  y = int64_t(std::floor(xm - p1 * v + u));
  goto Step60;
Step20:
  if (u > p2) goto Step30;
  x = xl + (u - p1) / c;
  v = v * c + 1.0 - std::fabs(double(m) - x + 0.5) / p1;
  if (v > 1.0) goto Step10;
  y = int64_t(std::floor(x));
  goto Step50;
Step30:
  if (u > p3) goto Step40;
  y = int64_t(std::floor(xl + std::log(v) / laml));
  if (y < 0 || v == 0.0) goto Step10;
  v = v * (u - p2) * laml;
  goto Step50;
Step40:
  y = int64_t(std::floor(xr - std::log(v) / lamr));
  if (y > n || v == 0.0) goto Step10;
  v = v * (u - p3) * lamr;
Step50:
  k = y > m ? y - m : m - y;
  if (k > 20 && double(k) < nrq / 2.0 - 1) goto Step52;
  s = r / q;
  a = s * double(n + 1);
  F = 1.0;
  if (m < y) {
    for (i = m + 1; i <= y; ++i) F *= (a / double(i) - s);
  } else if (m > y) {
    for (i = y + 1; i <= m; ++i) F /= (a / double(i) - s);
  }
  if (v > F) goto Step10;
  goto Step60;
Step52:
  rho = (double(k) / nrq) * ((double(k) * (double(k) / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5);
  t = -double(k) * double(k) / (2 * nrq);
  A = std::log(v);
  if (A < (t - rho)) goto Step60;
  if (A > (t + rho)) goto Step10;
  x1 = double(y + 1);
  f1 = double(m + 1);
  z = double(n + 1 - m);
  w = double(n - y + 1);
  x2 = x1 * x1;
  f2 = f1 * f1;
  z2 = z * z;
  w2 = w * w;
  if (A > (xm * std::log(f1 / x1) + (double(n - m) + 0.5) * std::log(z / w) +
           double(y - m) * std::log(w * r / (x1 * q)) +
           (13680. - (462. - (132. - (99. - 140. / f2) / f2) / f2) / f2) / f1 / 166320. +
           (13680. - (462. - (132. - (99. - 140. / z2) / z2) / z2) / z2) / z / 166320. +
           (13680. - (462. - (132. - (99. - 140. / x2) / x2) / x2) / x2) / x1 / 166320. +
           (13680. - (462. - (132. - (99. - 140. / w2) / w2) / w2) / w2) / w / 166320.))
    goto Step10;
Step60:
  if (p > 0.5) y = n - y;
  return y;
}

}  // namespace

int64_t RandomState::binomial(int64_t n, double p) {
  // legacy_random_binomial_original
  if (p <= 0.5) {
    if (p * double(n) <= 30.0) return binomial_inversion(mt_, n, p);
    return binomial_btpe(mt_, n, p);
  }
  double q = 1.0 - p;
  if (q * double(n) <= 30.0) return n - binomial_inversion(mt_, n, q);
  return n - binomial_btpe(mt_, n, q);
}

// ---------------------------------------------------------------- integers

uint64_t RandomState::interval(uint64_t max) {
  if (max == 0) return 0;
  uint64_t mask = gen_mask(max), value;
  if (max <= 0xffffffffu) {
    while ((value = (mt_.next32() & mask)) > max) {
    }
  } else {
    while ((value = (mt_.next64() & mask)) > max) {
    }
  }
  return value;
}

void RandomState::bounded_u64_fill(uint64_t off, uint64_t rng, int64_t n, uint64_t* out) {
  uint64_t mask = gen_mask(rng);
  if (rng == 0 || rng > 0xffffffffu) {
    BitBuffer b;
    for (int64_t i = 0; i < n; ++i) out[i] = bounded(64, off, rng, mask, b);
    return;
  }
  // the hot path of randint: 32-bit masked rejection
  uint32_t m32 = uint32_t(mask), r32 = uint32_t(rng);
  for (int64_t i = 0; i < n; ++i) {
    uint32_t v;
    while ((v = (mt_.next32() & m32)) > r32) {
    }
    out[i] = off + v;
  }
}

uint64_t RandomState::bounded(int bits, uint64_t off, uint64_t rng, uint64_t mask, BitBuffer& b) {
  if (bits == 1) {
    if (rng == 0) return off;
    if (!b.bcnt) {
      b.buf = mt_.next32();
      b.bcnt = 31;
    } else {
      b.buf >>= 1;
      --b.bcnt;
    }
    return (b.buf & 1u) != 0;
  }
  if (rng == 0) return off;
  if (bits == 8 || bits == 16) {
    // buffered_uint8 / buffered_uint16
    auto draw = [&]() -> uint32_t {
      if (!b.bcnt) {
        b.buf = mt_.next32();
        b.bcnt = bits == 8 ? 3 : 1;
      } else {
        b.buf >>= bits;
        --b.bcnt;
      }
      return bits == 8 ? uint32_t(uint8_t(b.buf)) : uint32_t(uint16_t(b.buf));
    };
    uint64_t full = bits == 8 ? 0xffu : 0xffffu;
    uint32_t v;
    if (rng == full) v = draw();
    else
      while ((v = (draw() & uint32_t(mask))) > rng) {
      }
    return (off + v) & full;
  }
  if (bits == 32 || rng <= 0xffffffffu) {
    uint32_t v;
    if (rng == 0xffffffffu) v = mt_.next32();
    else
      while ((v = (mt_.next32() & uint32_t(mask))) > rng) {
      }
    return bits == 32 ? uint64_t(uint32_t(off + v)) : off + v;
  }
  if (rng == ~uint64_t(0)) return off + mt_.next64();
  uint64_t v;
  while ((v = (mt_.next64() & mask)) > rng) {
  }
  return off + v;
}

}  // namespace sl
