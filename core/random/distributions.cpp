// rng/distributions: see distributions.hpp.
#include "core/random/distributions.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>
#include <vector>

#include "core/kernels/libm/glibc_exp_log.hpp"
#include "core/random/mt19937.hpp"
#include "core/random/ziggurat_tables.hpp"

namespace sl::rng {

// ---------------------------------------------------------------- ziggurat

double standard_normal(BitGenerator& g) {
  for (;;) {
    uint64_t r = g.next64();
    int idx = int(r & 0xff);
    r >>= 8;
    bool negative = r & 1;
    uint64_t rabs = (r >> 1) & 0x000fffffffffffffull;
    double x = double(rabs) * wi_double[idx];
    if (negative) x = -x;
    if (rabs < ki_double[idx]) return x;
    if (idx == 0) {
      // the tail beyond r: x = r + E1/r with E2 >= E1^2/2 (1 - U avoids log(0))
      for (;;) {
        double xx = -ziggurat_nor_inv_r * std::log1p(-g.next_double());
        double yy = -std::log1p(-g.next_double());
        if (yy + yy > xx * xx) return ((rabs >> 8) & 1) ? -(ziggurat_nor_r + xx) : ziggurat_nor_r + xx;
      }
    }
    if ((fi_double[idx - 1] - fi_double[idx]) * g.next_double() + fi_double[idx] < glibc::exp(-0.5 * x * x)) return x;
  }
}

float standard_normal_f(BitGenerator& g) {
  for (;;) {
    uint32_t r = g.next32();
    int idx = int(r & 0xff);
    bool negative = (r >> 8) & 1;
    uint32_t rabs = (r >> 9) & 0x0007fffffu;
    float x = float(rabs) * wi_float[idx];
    if (negative) x = -x;
    if (rabs < ki_float[idx]) return x;
    if (idx == 0) {
      for (;;) {
        float xx = -ziggurat_nor_inv_r_f * std::log1p(-g.next_float());
        float yy = -std::log1p(-g.next_float());
        if (yy + yy > xx * xx) return ((rabs >> 8) & 1) ? -(ziggurat_nor_r_f + xx) : ziggurat_nor_r_f + xx;
      }
    }
    // the comparison is in double, as upstream's exp(-0.5 * x * x) promotes
    if (double((fi_float[idx - 1] - fi_float[idx]) * g.next_float() + fi_float[idx]) <
        glibc::exp(-0.5 * double(x) * double(x)))
      return x;
  }
}

double standard_exponential(BitGenerator& g) {
  for (;;) {
    uint64_t ri = g.next64() >> 3;
    int idx = int(ri & 0xff);
    ri >>= 8;
    double x = double(ri) * we_double[idx];
    if (ri < ke_double[idx]) return x;
    if (idx == 0) return ziggurat_exp_r - std::log1p(-g.next_double());
    if ((fe_double[idx - 1] - fe_double[idx]) * g.next_double() + fe_double[idx] < glibc::exp(-x)) return x;
  }
}

float standard_exponential_f(BitGenerator& g) {
  for (;;) {
    uint32_t ri = g.next32() >> 1;
    int idx = int(ri & 0xff);
    ri >>= 8;
    float x = float(ri) * we_float[idx];
    if (ri < ke_float[idx]) return x;
    if (idx == 0) return ziggurat_exp_r_f - std::log1p(-g.next_float());
    if ((fe_float[idx - 1] - fe_float[idx]) * g.next_float() + fe_float[idx] < std::exp(-x)) return x;
  }
}

// ---------------------------------------------------------------- discrete

double loggam(double x) {
  // mirrors random_loggam: Stirling's series in 1/x0^2 with x shifted to x0 >= 7,
  // then the shift undone with log(x0 - 1) terms.
  static const double a[10] = {8.333333333333333e-02, -2.777777777777778e-03, 7.936507936507937e-04,
                               -5.952380952380952e-04, 8.417508417508418e-04, -1.917526917526918e-03,
                               6.410256410256410e-03, -2.955065359477124e-02, 1.796443723688307e-01,
                               -1.39243221690590e+00};
  double x0 = x;
  int64_t n = 0;
  if (x == 1.0 || x == 2.0) return 0.0;
  if (x <= 7.0) {
    n = int64_t(7 - x);
    x0 = x + double(n);
  }
  double x2 = 1.0 / (x0 * x0);
  double xp = 2 * M_PI;
  double gl0 = a[9];
  for (int k = 8; k >= 0; --k) {
    gl0 *= x2;
    gl0 += a[k];
  }
  double gl = gl0 / x0 + 0.5 * std::log(xp) + (x0 - 0.5) * std::log(x0) - x0;
  if (x <= 7.0) {
    for (int64_t k = 1; k <= n; ++k) {
      gl -= std::log(x0 - 1.0);
      x0 -= 1.0;
    }
  }
  return gl;
}
double glibc_log(double x) { return glibc::log(x); }
double glibc_exp(double x) { return glibc::exp(x); }

namespace {

int64_t binomial_inversion(BitGenerator& g, int64_t n, double p) {
  // random_binomial_inversion
  double q = 1.0 - p;
  double qn = glibc::exp(double(n) * std::log1p(-p));
  double np = double(n) * p;
  int64_t bound = int64_t(std::min(double(n), np + 10.0 * std::sqrt(np * q + 1)));
  int64_t X = 0;
  double px = qn;
  double U = g.next_double();
  while (U > px) {
    ++X;
    if (X > bound) {
      X = 0;
      px = qn;
      U = g.next_double();
    } else {
      U -= px;
      px = (double(n - X + 1) * p * px) / (double(X) * q);
    }
  }
  return X;
}

// The last step of BTPE: Stirling's series for log(k!) error terms.
double stirling_tail(double v) {
  double v2 = v * v;
  return (13860. - (462. - (132. - (99. - 140. / v2) / v2) / v2) / v2) / v / 166320.;
}

int64_t binomial_btpe(BitGenerator& g, int64_t n, double p) {
  // random_binomial_btpe, in the upstream's step structure (each `continue`
  // is its "goto Step10": a fresh pair of uniforms).
  double r = std::min(p, 1.0 - p), q = 1.0 - r;
  double fm = double(n) * r + r;
  int64_t m = int64_t(std::floor(fm));
  double p1 = std::floor(2.195 * std::sqrt(double(n) * r * q) - 4.6 * q) + 0.5;
  double xm = double(m) + 0.5, xl = xm - p1, xr = xm + p1;
  double c = 0.134 + 20.5 / (15.3 + double(m));
  double a = (fm - xl) / (fm - xl * r);
  double laml = a * (1.0 + a / 2.0);
  a = (xr - fm) / (xr * q);
  double lamr = a * (1.0 + a / 2.0);
  double p2 = p1 * (1.0 + 2.0 * c), p3 = p2 + c / laml, p4 = p3 + c / lamr;
  for (;;) {
    double nrq = double(n) * r * q;
    double u = g.next_double() * p4, v = g.next_double();
    int64_t y;
    if (u <= p1) {  // Step 10: the triangle
      y = int64_t(std::floor(xm - p1 * v + u));
      return p > 0.5 ? n - y : y;
    }
    if (u <= p2) {  // Step 20: the parallelograms
      double x = xl + (u - p1) / c;
      v = v * c + 1.0 - std::fabs(double(m) - x + 0.5) / p1;
      if (v > 1.0) continue;
      y = int64_t(std::floor(x));
    } else if (u <= p3) {  // Step 30: left exponential tail
      y = int64_t(std::floor(xl + glibc::log(v) / laml));
      if (y < 0 || v == 0.0) continue;
      v = v * (u - p2) * laml;
    } else {  // Step 40: right exponential tail
      y = int64_t(std::floor(xr - glibc::log(v) / lamr));
      if (y > n || v == 0.0) continue;
      v = v * (u - p3) * lamr;
    }
    int64_t k = y > m ? y - m : m - y;
    if (!(k > 20 && double(k) < nrq / 2.0 - 1)) {  // Step 50: explicit ratio f(y)/f(m)
      double s = r / q, aa = s * double(n + 1), F = 1.0;
      if (m < y)
        for (int64_t i = m + 1; i <= y; ++i) F *= (aa / double(i) - s);
      else if (m > y)
        for (int64_t i = y + 1; i <= m; ++i) F /= (aa / double(i) - s);
      if (v > F) continue;
      return p > 0.5 ? n - y : y;
    }
    // Step 52: squeeze on log(v), then the bound with Stirling's terms
    double dk = double(k);
    double rho = (dk / nrq) * ((dk * (dk / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5);
    double t = -dk * dk / (2 * nrq);
    double A = glibc::log(v);
    if (A < (t - rho)) return p > 0.5 ? n - y : y;
    if (A > (t + rho)) continue;
    double x1 = double(y) + 1, f1 = double(m) + 1, z = double(n) + 1 - double(m), w = double(n) - double(y) + 1;
    if (A > (xm * glibc::log(f1 / x1) + (double(n - m) + 0.5) * glibc::log(z / w) +
             double(y - m) * glibc::log(w * r / (x1 * q)) + stirling_tail(f1) + stirling_tail(z) -
             stirling_tail(x1) - stirling_tail(w)))
      continue;
    return p > 0.5 ? n - y : y;
  }
}

}  // namespace

int64_t binomial(BitGenerator& g, double p, int64_t n) {
  if (n == 0 || p == 0.0) return 0;
  if (p <= 0.5) return p * double(n) <= 30.0 ? binomial_inversion(g, n, p) : binomial_btpe(g, n, p);
  double q = 1.0 - p;
  return n - (q * double(n) <= 30.0 ? binomial_inversion(g, n, q) : binomial_btpe(g, n, q));
}

// ---------------------------------------------------------------- integers

namespace {

// buffered_uint8 / buffered_uint16: low bits of one 32-bit draw first.
uint32_t buffered(BitGenerator& g, int bits, IntBuffer& b) {
  if (!b.bcnt) {
    b.buf = g.next32();
    b.bcnt = bits == 8 ? 3 : 1;
  } else {
    b.buf >>= bits;
    --b.bcnt;
  }
  return bits == 8 ? uint32_t(uint8_t(b.buf)) : uint32_t(uint16_t(b.buf));
}

// Lemire's method in W bits: m = x * (rng + 1); reject while the low W bits of m
// fall below (2^W - (rng + 1)) mod (rng + 1); the answer is m >> W.
template <int W, class Draw>
uint64_t lemire(uint64_t rng, Draw draw) {
  using wide = std::conditional_t<W == 64, u128, uint64_t>;
  const uint64_t full = W == 64 ? ~uint64_t(0) : (uint64_t(1) << W) - 1;
  const uint64_t excl = rng + 1;
  wide m = wide(draw()) * excl;
  uint64_t leftover = uint64_t(m) & full;
  if (leftover < excl) {
    uint64_t threshold = (full - rng) % excl;
    while (leftover < threshold) {
      m = wide(draw()) * excl;
      leftover = uint64_t(m) & full;
    }
  }
  return uint64_t(m >> W);
}

}  // namespace

uint64_t bounded(BitGenerator& g, int bits, uint64_t off, uint64_t rng, IntBuffer& b) {
  if (bits == 1) {  // buffered_bounded_bool
    if (rng == 0) return off;
    if (!b.bcnt) {
      b.buf = g.next32();
      b.bcnt = 31;
    } else {
      b.buf >>= 1;
      --b.bcnt;
    }
    return b.buf & 1u;
  }
  if (rng == 0) return off;
  if (bits == 8 || bits == 16) {
    uint64_t full = bits == 8 ? 0xffu : 0xffffu;
    uint64_t v = rng == full ? buffered(g, bits, b)
                 : bits == 8 ? lemire<8>(rng, [&] { return buffered(g, 8, b); })
                             : lemire<16>(rng, [&] { return buffered(g, 16, b); });
    return (off + v) & full;
  }
  // 32- and 64-bit types: a range that fits in 32 bits uses 32-bit draws
  if (bits == 32 || rng <= 0xffffffffu) {
    uint64_t v = rng == 0xffffffffu ? g.next32() : lemire<32>(rng, [&] { return g.next32(); });
    return bits == 32 ? uint64_t(uint32_t(off + v)) : off + v;
  }
  if (rng == ~uint64_t(0)) return off + g.next64();
  return off + lemire<64>(rng, [&] { return g.next64(); });
}

uint64_t interval(BitGenerator& g, uint64_t max) {
  if (max == 0) return 0;
  uint64_t mask = gen_mask(max), v;
  if (max <= 0xffffffffu) {
    while ((v = (g.next32() & mask)) > max) {
    }
  } else {
    while ((v = (g.next64() & mask)) > max) {
    }
  }
  return v;
}

void shuffle_raw(BitGenerator& g, int64_t n, int64_t first, int64_t itemsize, int64_t stride, char* data) {
  std::vector<char> buf(static_cast<size_t>(itemsize));
  for (int64_t i = n - 1; i >= first; --i) {
    int64_t j = int64_t(interval(g, uint64_t(i)));
    std::memcpy(buf.data(), data + j * stride, size_t(itemsize));
    std::memmove(data + j * stride, data + i * stride, size_t(itemsize));
    std::memcpy(data + i * stride, buf.data(), size_t(itemsize));
  }
}

void shuffle_int(BitGenerator& g, int64_t n, int64_t first, int64_t* data) {
  IntBuffer b;
  for (int64_t i = n - 1; i >= first; --i) {
    int64_t j = int64_t(bounded(g, 64, 0, uint64_t(i), b));
    std::swap(data[i], data[j]);
  }
}

void sample_without_replacement(BitGenerator& g, int64_t pop, int64_t size, bool shuffle, int64_t* out) {
  int64_t cutoff = shuffle ? 50 : 20;
  if (pop > 10000 && size > pop / cutoff) {
    std::vector<int64_t> idx(static_cast<size_t>(pop));
    for (int64_t i = 0; i < pop; ++i) idx[size_t(i)] = i;
    shuffle_int(g, pop, std::max<int64_t>(pop - size, 1), idx.data());
    std::copy(idx.end() - size, idx.end(), out);
    return;
  }
  // Floyd: for j = pop-size .. pop-1 take v in [0, j]; if v was taken, take j.
  uint64_t mask = gen_mask(uint64_t(1.2 * double(size)));
  const uint64_t empty = ~uint64_t(0);
  std::vector<uint64_t> set(static_cast<size_t>(mask + 1), empty);
  IntBuffer b;
  for (int64_t j = pop - size; j < pop; ++j) {
    uint64_t val = bounded(g, 64, 0, uint64_t(j), b);
    uint64_t loc = val & mask;
    while (set[loc] != empty && set[loc] != val) loc = (loc + 1) & mask;
    if (set[loc] == empty) {
      set[loc] = val;
      out[j - pop + size] = int64_t(val);
    } else {
      loc = uint64_t(j) & mask;
      while (set[loc] != empty) loc = (loc + 1) & mask;
      set[loc] = uint64_t(j);
      out[j - pop + size] = j;
    }
  }
  if (shuffle) shuffle_int(g, size, 1, out);
}

}  // namespace sl::rng
