// bigint: the limb arithmetic behind Python's arbitrary-precision int
// (see bigint.hpp for the representation and its invariant).
#include "core/lang/objects/bigint.hpp"

#include <algorithm>
#include <cmath>

namespace sl::lang {

using Mag = std::vector<uint32_t>;

namespace {

void trim(Mag& m) {
  while (!m.empty() && m.back() == 0) m.pop_back();
}

Mag add_mag(const Mag& a, const Mag& b) {
  const Mag& x = a.size() >= b.size() ? a : b;
  const Mag& y = a.size() >= b.size() ? b : a;
  Mag r(x.size() + 1);
  uint64_t carry = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    uint64_t s = uint64_t(x[i]) + (i < y.size() ? y[i] : 0) + carry;
    r[i] = uint32_t(s);
    carry = s >> 32;
  }
  r[x.size()] = uint32_t(carry);
  trim(r);
  return r;
}

// a - b for |a| >= |b|.
Mag sub_mag(const Mag& a, const Mag& b) {
  Mag r(a.size());
  int64_t borrow = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    int64_t d = int64_t(a[i]) - (i < b.size() ? int64_t(b[i]) : 0) - borrow;
    borrow = d < 0;
    r[i] = uint32_t(d + (borrow << 32));
  }
  trim(r);
  return r;
}

Mag mul_mag(const Mag& a, const Mag& b) {
  if (a.empty() || b.empty()) return {};
  Mag r(a.size() + b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    uint64_t carry = 0;
    const uint64_t ai = a[i];
    for (size_t j = 0; j < b.size(); ++j) {
      uint64_t p = ai * b[j] + r[i + j] + carry;  // < 2**64: (2**32-1)**2 + 2*(2**32-1)
      r[i + j] = uint32_t(p);
      carry = p >> 32;
    }
    r[i + b.size()] = uint32_t(carry);
  }
  trim(r);
  return r;
}

// Divides m in place by a single limb d > 0; returns the remainder.
uint32_t divmod_small(Mag& m, uint32_t d) {
  uint64_t rem = 0;
  for (size_t i = m.size(); i-- > 0;) {
    uint64_t cur = (rem << 32) | m[i];
    m[i] = uint32_t(cur / d);
    rem = cur % d;
  }
  trim(m);
  return uint32_t(rem);
}

// m * f + add in place (f, add < 2**32).
void mul_add_small(Mag& m, uint32_t f, uint32_t add) {
  uint64_t carry = add;
  for (auto& limb : m) {
    uint64_t p = uint64_t(limb) * f + carry;
    limb = uint32_t(p);
    carry = p >> 32;
  }
  if (carry) m.push_back(uint32_t(carry));
}

Mag shl_mag(const Mag& a, uint64_t n) {
  if (a.empty()) return {};
  size_t limbs = size_t(n / 32);
  unsigned bits = unsigned(n % 32);
  Mag r(a.size() + limbs + 1, 0);
  for (size_t i = 0; i < a.size(); ++i) {
    uint64_t v = uint64_t(a[i]) << bits;
    r[i + limbs] |= uint32_t(v);
    r[i + limbs + 1] |= uint32_t(v >> 32);
  }
  trim(r);
  return r;
}

Mag shr_mag(const Mag& a, uint64_t n) {
  size_t limbs = size_t(std::min<uint64_t>(n / 32, a.size()));
  unsigned bits = unsigned(n % 32);
  Mag r(a.size() - limbs);
  for (size_t i = 0; i < r.size(); ++i) {
    uint64_t v = a[i + limbs];
    if (i + limbs + 1 < a.size()) v |= uint64_t(a[i + limbs + 1]) << 32;
    r[i] = uint32_t(v >> bits);
  }
  trim(r);
  return r;
}

// Any of the low n bits of a set?
bool low_bits_nonzero(const Mag& a, uint64_t n) {
  size_t limbs = size_t(std::min<uint64_t>(n / 32, a.size()));
  for (size_t i = 0; i < limbs; ++i)
    if (a[i]) return true;
  unsigned bits = unsigned(n % 32);
  return limbs < a.size() && bits && (a[limbs] & ((uint32_t(1) << bits) - 1));
}

BigInt make(Mag m, bool neg) {
  BigInt r;
  r.mag = std::move(m);
  r.neg = neg;
  r.normalize();
  return r;
}

uint64_t top_u64(const Mag& m, uint64_t& shift, bool& sticky) {
  uint64_t bl = 0;
  if (!m.empty()) bl = uint64_t(m.size() - 1) * 32 + (32 - __builtin_clz(m.back()));
  shift = bl > 64 ? bl - 64 : 0;
  Mag top = shr_mag(m, shift);
  sticky = low_bits_nonzero(m, shift);
  uint64_t v = 0;
  for (size_t i = top.size(); i-- > 0;) v = (v << 32) | top[i];
  return v;
}

}  // namespace

// ---------------------------------------------------------------- construction
BigInt::BigInt(int64_t v) {
  neg = v < 0;
  uint64_t u = neg ? 0 - uint64_t(v) : uint64_t(v);
  while (u) {
    mag.push_back(uint32_t(u));
    u >>= 32;
  }
}

BigInt BigInt::from_u64(uint64_t v, bool negative) {
  BigInt r(int64_t(0));
  while (v) {
    r.mag.push_back(uint32_t(v));
    v >>= 32;
  }
  r.neg = negative;
  r.normalize();
  return r;
}

BigInt BigInt::from_double(double d) {
  d = std::trunc(d);
  bool negative = d < 0;
  d = std::fabs(d);
  if (d < 18446744073709551616.0) return from_u64(uint64_t(d), negative);
  int e;
  double m = std::frexp(d, &e);                     // d = m * 2**e, 0.5 <= m < 1
  uint64_t mant = uint64_t(std::ldexp(m, 53));       // exact: 53 significant bits
  BigInt r = shift_left(from_u64(mant), uint64_t(e - 53));
  r.neg = negative;
  return r;
}

bool BigInt::parse(std::string_view digits, int base, BigInt& out) {
  // Chunks of k digits with base**k < 2**32 are folded in with one
  // multiply-add over the limbs each.
  uint32_t chunk_mul = 1;
  int k = 0;
  while (uint64_t(chunk_mul) * base < (uint64_t(1) << 32)) {
    chunk_mul *= base;
    ++k;
  }
  Mag m;
  size_t i = 0;
  while (i < digits.size()) {
    size_t n = std::min<size_t>(k, digits.size() - i);
    uint32_t mul = 1, val = 0;
    for (size_t j = 0; j < n; ++j, ++i) {
      char c = digits[i];
      int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'z' ? c - 'a' + 10 : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : 99;
      if (d >= base) return false;
      val = val * base + d;
      mul *= base;
    }
    mul_add_small(m, mul, val);
  }
  out = make(std::move(m), false);
  return true;
}

void BigInt::normalize() {
  trim(mag);
  if (mag.empty()) neg = false;
}

// ---------------------------------------------------------------- queries
bool BigInt::fits_int64(int64_t& out) const {
  if (mag.size() > 2) return false;
  uint64_t u = 0;
  for (size_t i = mag.size(); i-- > 0;) u = (u << 32) | mag[i];
  if (!neg && u > uint64_t(INT64_MAX)) return false;
  if (neg && u > uint64_t(INT64_MAX) + 1) return false;
  out = neg ? int64_t(0 - u) : int64_t(u);
  return true;
}

uint64_t BigInt::bit_length() const {
  if (mag.empty()) return 0;
  return uint64_t(mag.size() - 1) * 32 + (32 - __builtin_clz(mag.back()));
}

uint64_t BigInt::bit_count() const {
  uint64_t n = 0;
  for (uint32_t l : mag) n += __builtin_popcount(l);
  return n;
}

// Rounding: the top 64 bits of |x| with every lower bit ORed into the last
// one (a sticky bit) round to 53 bits exactly as |x| does, and the
// uint64 -> double conversion rounds to nearest, ties to even.
double BigInt::to_double(bool& overflow) const {
  overflow = false;
  uint64_t shift;
  bool sticky;
  uint64_t top = top_u64(mag, shift, sticky);
  if (sticky) top |= 1;
  double d = std::ldexp(double(top), int(std::min<uint64_t>(shift, 4096)));
  if (std::isinf(d)) overflow = true;
  return neg ? -d : d;
}

std::string BigInt::to_string(int base) const {
  static const char kDigits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
  if (mag.empty()) return "0";
  std::string out;
  if ((base & (base - 1)) == 0) {  // power of two: read the bits directly
    int bits = __builtin_ctz(unsigned(base));
    uint64_t bl = bit_length();
    for (uint64_t pos = 0; pos < bl; pos += bits) {
      unsigned d = 0;
      for (int b = 0; b < bits; ++b) {
        uint64_t p = pos + b;
        if (p < bl && (mag[p / 32] >> (p % 32) & 1)) d |= 1u << b;
      }
      out += kDigits[d];
    }
  } else {
    uint32_t chunk = 1;
    int k = 0;
    while (uint64_t(chunk) * base < (uint64_t(1) << 32)) {
      chunk *= base;
      ++k;
    }
    Mag m = mag;
    while (!m.empty()) {
      uint32_t r = divmod_small(m, chunk);
      for (int j = 0; j < k && (r || !m.empty()); ++j) {
        out += kDigits[r % base];
        r /= base;
      }
    }
  }
  if (neg) out += '-';
  std::reverse(out.begin(), out.end());
  return out;
}

int64_t BigInt::py_hash() const {
  // 2**32 == 2**(32 - 61) mod (2**61 - 1): fold limbs from the top, each
  // step a multiplication by 2**32, i.e. a 61-bit rotation by 32.
  const uint64_t P = (uint64_t(1) << 61) - 1;
  uint64_t x = 0;
  for (size_t i = mag.size(); i-- > 0;) {
    x = ((x << 32) & P) | (x >> 29);
    x += mag[i];
    if (x >= P) x -= P;
  }
  int64_t h = neg ? -int64_t(x) : int64_t(x);
  return h == -1 ? -2 : h;
}

// ---------------------------------------------------------------- arithmetic
int compare_mag(const Mag& a, const Mag& b) {
  if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
  for (size_t i = a.size(); i-- > 0;)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

int compare(const BigInt& a, const BigInt& b) {
  if (a.neg != b.neg) return a.neg ? -1 : 1;
  int c = compare_mag(a.mag, b.mag);
  return a.neg ? -c : c;
}

BigInt operator+(const BigInt& a, const BigInt& b) {
  if (a.neg == b.neg) return make(add_mag(a.mag, b.mag), a.neg);
  int c = compare_mag(a.mag, b.mag);
  if (c == 0) return BigInt();
  return c > 0 ? make(sub_mag(a.mag, b.mag), a.neg) : make(sub_mag(b.mag, a.mag), b.neg);
}

BigInt operator-(const BigInt& a) { return make(a.mag, !a.neg); }
BigInt operator-(const BigInt& a, const BigInt& b) { return a + (-b); }
BigInt operator*(const BigInt& a, const BigInt& b) { return make(mul_mag(a.mag, b.mag), a.neg != b.neg); }

void divmod_mag(const Mag& u, const Mag& v, Mag& q, Mag& r) {
  if (compare_mag(u, v) < 0) {
    q.clear();
    r = u;
    return;
  }
  if (v.size() == 1) {
    q = u;
    uint32_t rem = divmod_small(q, v[0]);
    r.clear();
    if (rem) r.push_back(rem);
    return;
  }
  // D1: normalise so the divisor's top limb has its high bit set; then the
  // two-limb estimate qhat is at most 2 too large (TAOCP 4.3.1, theorem B).
  const unsigned s = unsigned(__builtin_clz(v.back()));
  const size_t n = v.size(), m = u.size() - n;
  Mag vn = shl_mag(v, s);
  Mag un = shl_mag(u, s);
  un.resize(u.size() + 1, 0);
  q.assign(m + 1, 0);
  const uint64_t B = uint64_t(1) << 32;
  for (size_t j = m + 1; j-- > 0;) {
    // D3: estimate qhat from the top two limbs, refine with the third.
    uint64_t num = (uint64_t(un[j + n]) << 32) | un[j + n - 1];
    uint64_t qhat = num / vn[n - 1], rhat = num % vn[n - 1];
    while (qhat >= B || qhat * vn[n - 2] > ((rhat << 32) | un[j + n - 2])) {
      --qhat;
      rhat += vn[n - 1];
      if (rhat >= B) break;
    }
    // D4: multiply and subtract.
    int64_t borrow = 0;
    uint64_t carry = 0;
    for (size_t i = 0; i < n; ++i) {
      uint64_t p = qhat * vn[i] + carry;
      carry = p >> 32;
      int64_t t = int64_t(un[i + j]) - borrow - int64_t(p & 0xffffffffu);
      un[i + j] = uint32_t(t);
      borrow = t < 0;
    }
    int64_t t = int64_t(un[j + n]) - borrow - int64_t(carry);
    un[j + n] = uint32_t(t);
    q[j] = uint32_t(qhat);
    if (t < 0) {  // D6: qhat was one too large; add the divisor back.
      --q[j];
      uint64_t c = 0;
      for (size_t i = 0; i < n; ++i) {
        uint64_t sum = uint64_t(un[i + j]) + vn[i] + c;
        un[i + j] = uint32_t(sum);
        c = sum >> 32;
      }
      un[j + n] = uint32_t(uint64_t(un[j + n]) + c);
    }
  }
  trim(q);
  un.resize(n);
  trim(un);
  r = shr_mag(un, s);  // D8: unnormalise the remainder
}

void floor_divmod(const BigInt& a, const BigInt& b, BigInt& q, BigInt& r) {
  Mag qm, rm;
  divmod_mag(a.mag, b.mag, qm, rm);
  q = make(std::move(qm), a.neg != b.neg);
  r = make(std::move(rm), a.neg);
  if (!r.is_zero() && a.neg != b.neg) {  // truncation -> floor
    q = q - BigInt(1);
    r = r + b;
  }
}

BigInt shift_left(const BigInt& a, uint64_t n) { return make(shl_mag(a.mag, n), a.neg); }

BigInt shift_right(const BigInt& a, uint64_t n) {
  BigInt r = make(shr_mag(a.mag, n), a.neg);
  if (a.neg && low_bits_nonzero(a.mag, n)) r = r - BigInt(1);  // floor, not truncation
  return r;
}

namespace {
// Two's complement of x over `limbs` limbs (x must fit, sign included).
Mag to_twos(const BigInt& x, size_t limbs) {
  Mag r(limbs, 0);
  std::copy(x.mag.begin(), x.mag.end(), r.begin());
  if (x.neg) {
    uint64_t carry = 1;
    for (auto& l : r) {
      uint64_t v = uint64_t(uint32_t(~l)) + carry;
      l = uint32_t(v);
      carry = v >> 32;
    }
  }
  return r;
}
BigInt from_twos(Mag r) {
  bool negative = !r.empty() && (r.back() >> 31);
  if (negative) {
    uint64_t carry = 1;
    for (auto& l : r) {
      uint64_t v = uint64_t(uint32_t(~l)) + carry;
      l = uint32_t(v);
      carry = v >> 32;
    }
  }
  return make(std::move(r), negative);
}
}  // namespace

BigInt bitwise(char op, const BigInt& a, const BigInt& b) {
  size_t limbs = std::max(a.mag.size(), b.mag.size()) + 1;
  Mag x = to_twos(a, limbs), y = to_twos(b, limbs);
  for (size_t i = 0; i < limbs; ++i) x[i] = op == '&' ? x[i] & y[i] : op == '|' ? x[i] | y[i] : x[i] ^ y[i];
  return from_twos(std::move(x));
}

BigInt invert(const BigInt& a) { return -(a + BigInt(1)); }

BigInt pow(const BigInt& base, uint64_t exp) {
  BigInt r(1), b = base;
  while (exp) {
    if (exp & 1) r = r * b;
    exp >>= 1;
    if (exp) b = b * b;
  }
  return r;
}

BigInt pow_mod(const BigInt& base, const BigInt& exp, const BigInt& m) {
  BigInt q, b, r(1);
  floor_divmod(base, m, q, b);
  for (uint64_t i = 0, n = exp.bit_length(); i < n; ++i) {
    if (exp.mag[i / 32] >> (i % 32) & 1) floor_divmod(r * b, m, q, r);
    if (i + 1 < n) floor_divmod(b * b, m, q, b);
  }
  floor_divmod(r, m, q, r);  // m == 1 gives 0
  return r;
}

// Extended Euclid on (a mod m, m): keeps x with x*a == g (mod m).
bool mod_inverse(const BigInt& a, const BigInt& m, BigInt& out) {
  BigInt q, r0, r1 = m, x0(1), x1(0), tmp;
  floor_divmod(a, m, q, r0);
  while (!r1.is_zero()) {
    floor_divmod(r0, r1, q, tmp);
    r0 = r1;
    r1 = tmp;
    tmp = x0 - q * x1;
    x0 = x1;
    x1 = tmp;
  }
  if (compare(r0, BigInt(1)) != 0) return false;
  floor_divmod(x0, m, q, out);
  return true;
}

// a / b: choose a shift s so that q = floor(|a| * 2**s / |b|) has at least 55
// significant bits, fold the remainder into a sticky bit, and let the
// uint64 -> double conversion plus ldexp round once (CPython's
// long_true_divide reaches the same correctly rounded result).
double true_divide(const BigInt& a, const BigInt& b, bool& overflow) {
  overflow = false;
  if (a.is_zero()) return (a.neg != b.neg) ? -0.0 : 0.0;
  int64_t s = 55 + int64_t(b.bit_length()) - int64_t(a.bit_length());
  Mag num = s > 0 ? shl_mag(a.mag, uint64_t(s)) : a.mag;
  Mag den = s < 0 ? shl_mag(b.mag, uint64_t(-s)) : b.mag;
  Mag q, r;
  divmod_mag(num, den, q, r);
  uint64_t qs;
  bool sticky;
  uint64_t top = top_u64(q, qs, sticky);
  if (sticky || !r.empty()) top |= 1;
  int64_t e = int64_t(qs) - s;
  if (e > 2000) {
    overflow = true;
    return 0;
  }
  double d = std::ldexp(double(top), int(std::max<int64_t>(e, -3000)));
  if (std::isinf(d)) overflow = true;
  return a.neg != b.neg ? -d : d;
}

}  // namespace sl::lang
