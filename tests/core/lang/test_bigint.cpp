// BigInt (core/lang/bigint): the limb arithmetic checked against identities
// on random operands of mixed sizes and signs -- (a*b)//b == a, the floor
// divmod invariant (a == q*b + r with r on b's side of zero and |r| < |b|),
// str/parse round trips in several bases, shifts against multiplication and
// floor division by powers of two, bitwise operators against De Morgan and
// the int64 operators, to_double against the hardware conversion where it is
// exact, and the hash against its definition (x mod 2**61 - 1).
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <string>

#include "core/lang/objects/bigint.hpp"

using sl::lang::BigInt;
using namespace sl::lang;

namespace {

BigInt random_big(std::mt19937_64& rng, size_t max_limbs) {
  BigInt r;
  size_t n = rng() % (max_limbs + 1);
  for (size_t i = 0; i < n; ++i) {
    uint32_t limb = uint32_t(rng());
    if (rng() % 5 == 0) limb = rng() % 2 ? 0xffffffffu : 0;  // runs of ones and zeros stress the carries
    r.mag.push_back(limb);
  }
  r.neg = rng() % 2;
  r.normalize();
  return r;
}

bool equal(const BigInt& a, const BigInt& b) { return compare(a, b) == 0; }

}  // namespace

TEST_CASE("bigint: multiplication and floor division invert each other", "[bigint]") {
  std::mt19937_64 rng(1);
  for (int it = 0; it < 2000; ++it) {
    BigInt a = random_big(rng, 12), b = random_big(rng, 8);
    if (b.is_zero()) continue;
    BigInt q, r;
    floor_divmod(a * b, b, q, r);
    REQUIRE(equal(q, a));
    REQUIRE(r.is_zero());
  }
}

TEST_CASE("bigint: the floor divmod invariant", "[bigint]") {
  std::mt19937_64 rng(2);
  for (int it = 0; it < 3000; ++it) {
    BigInt a = random_big(rng, 14), b = random_big(rng, 7);
    if (b.is_zero()) continue;
    BigInt q, r;
    floor_divmod(a, b, q, r);
    REQUIRE(equal(q * b + r, a));
    BigInt abs_r = r, abs_b = b;
    abs_r.neg = abs_b.neg = false;
    REQUIRE(compare(abs_r, abs_b) < 0);
    REQUIRE((r.is_zero() || r.neg == b.neg));
  }
}

TEST_CASE("bigint: small operands agree with int64 arithmetic", "[bigint]") {
  std::mt19937_64 rng(3);
  for (int it = 0; it < 5000; ++it) {
    int64_t x = int64_t(rng()) >> (rng() % 63), y = int64_t(rng()) >> (rng() % 63);
    if (rng() % 2) x = -x;
    BigInt a(x), b(y);
    int64_t sum, got;
    bool ov = __builtin_add_overflow(x, y, &sum);
    REQUIRE((a + b).fits_int64(got) == !ov);
    if (!ov) REQUIRE(got == sum);
    REQUIRE((bitwise('&', a, b).fits_int64(got) && got == (x & y)));
    REQUIRE((bitwise('|', a, b).fits_int64(got) && got == (x | y)));
    REQUIRE((bitwise('^', a, b).fits_int64(got) && got == (x ^ y)));
    REQUIRE((invert(a).fits_int64(got) && got == ~x));
    if (y != 0 && !(x == INT64_MIN && y == -1)) {
      BigInt q, r;
      floor_divmod(a, b, q, r);
      int64_t fq = x / y, fr = x % y;
      if (fr != 0 && ((fr < 0) != (y < 0))) { --fq; fr += y; }
      REQUIRE((q.fits_int64(got) && got == fq));
      REQUIRE((r.fits_int64(got) && got == fr));
    }
    unsigned s = unsigned(rng() % 64);
    REQUIRE((shift_right(a, s).fits_int64(got) && got == (x >> s)));
  }
}

TEST_CASE("bigint: decimal and radix text round-trips", "[bigint]") {
  std::mt19937_64 rng(4);
  for (int it = 0; it < 500; ++it) {
    BigInt a = random_big(rng, 20);
    for (int base : {2, 7, 8, 10, 16, 36}) {
      std::string s = a.to_string(base);
      BigInt back;
      bool neg = !s.empty() && s[0] == '-';
      REQUIRE(BigInt::parse(neg ? s.substr(1) : s, base, back));
      if (neg) back = -back;
      REQUIRE(equal(back, a));
    }
  }
  REQUIRE(pow(BigInt(2), 100).to_string() == "1267650600228229401496703205376");
  REQUIRE((-pow(BigInt(10), 30)).to_string(16) == "-c9f2c9cd04674edea40000000");
  BigInt bad;
  REQUIRE_FALSE(BigInt::parse("12a", 10, bad));
}

TEST_CASE("bigint: shifts are multiplication and floor division by powers of two", "[bigint]") {
  std::mt19937_64 rng(5);
  for (int it = 0; it < 2000; ++it) {
    BigInt a = random_big(rng, 10);
    uint64_t n = rng() % 200;
    BigInt p = pow(BigInt(2), n), q, r;
    REQUIRE(equal(shift_left(a, n), a * p));
    floor_divmod(a, p, q, r);
    REQUIRE(equal(shift_right(a, n), q));
  }
}

TEST_CASE("bigint: bitwise operators obey De Morgan and x ^ x == 0", "[bigint]") {
  std::mt19937_64 rng(6);
  for (int it = 0; it < 2000; ++it) {
    BigInt a = random_big(rng, 6), b = random_big(rng, 6);
    REQUIRE(equal(invert(bitwise('&', a, b)), bitwise('|', invert(a), invert(b))));
    REQUIRE(bitwise('^', a, a).is_zero());
    // a + b == (a ^ b) + 2 * (a & b)
    REQUIRE(equal(a + b, bitwise('^', a, b) + shift_left(bitwise('&', a, b), 1)));
  }
}

TEST_CASE("bigint: to_double rounds to nearest, ties to even", "[bigint]") {
  std::mt19937_64 rng(7);
  bool overflow;
  for (int it = 0; it < 5000; ++it) {
    uint64_t u = rng() >> (rng() % 64);
    REQUIRE(BigInt::from_u64(u).to_double(overflow) == double(u));
  }
  // 2**53 + 1 ties to 2**53; 2**53 + 3 ties up to 2**53 + 4; a sticky bit far below breaks the tie.
  BigInt two53 = pow(BigInt(2), 53);
  REQUIRE((two53 + BigInt(1)).to_double(overflow) == 9007199254740992.0);
  REQUIRE((two53 + BigInt(3)).to_double(overflow) == 9007199254740996.0);
  BigInt tie = shift_left(two53 + BigInt(1), 100);
  REQUIRE(tie.to_double(overflow) == std::ldexp(9007199254740992.0, 100));
  REQUIRE((tie + BigInt(1)).to_double(overflow) == std::ldexp(9007199254740994.0, 100));
  pow(BigInt(2), 1024).to_double(overflow);
  REQUIRE(overflow);
  for (int it = 0; it < 1000; ++it) {
    double d = std::ldexp(double(rng() >> 11), int(rng() % 900));
    REQUIRE(BigInt::from_double(d).to_double(overflow) == d);
  }
}

TEST_CASE("bigint: true division is correctly rounded", "[bigint]") {
  std::mt19937_64 rng(8);
  bool overflow;
  for (int it = 0; it < 3000; ++it) {
    // operands exact in double: the quotient the hardware rounds once is the reference
    int64_t x = int64_t(rng() >> 11) - (int64_t(1) << 52), y = int64_t(rng() >> (11 + rng() % 50)) + 1;
    REQUIRE(true_divide(BigInt(x), BigInt(y), overflow) == double(x) / double(y));
  }
  REQUIRE(true_divide(pow(BigInt(10), 400), pow(BigInt(10), 399), overflow) == 10.0);
  true_divide(pow(BigInt(10), 400), BigInt(3), overflow);
  REQUIRE(overflow);
}

TEST_CASE("bigint: modular arithmetic", "[bigint]") {
  std::mt19937_64 rng(9);
  for (int it = 0; it < 300; ++it) {
    BigInt m = random_big(rng, 4);
    m.neg = false;
    if (compare(m, BigInt(2)) < 0) continue;
    BigInt a = random_big(rng, 5), inv, q, r;
    if (mod_inverse(a, m, inv)) {
      floor_divmod(a * inv, m, q, r);
      REQUIRE(equal(r, BigInt(1)));
    }
    uint64_t e = rng() % 40;
    floor_divmod(pow(a, e), m, q, r);
    REQUIRE(equal(pow_mod(a, BigInt(int64_t(e)), m), r));
  }
}

TEST_CASE("bigint: hash is the value mod 2**61 - 1", "[bigint]") {
  std::mt19937_64 rng(10);
  const BigInt P = pow(BigInt(2), 61) - BigInt(1);
  for (int it = 0; it < 1000; ++it) {
    BigInt a = random_big(rng, 8), q, r;
    BigInt abs_a = a;
    abs_a.neg = false;
    floor_divmod(abs_a, P, q, r);
    int64_t h;
    REQUIRE(r.fits_int64(h));
    if (a.neg) h = -h;
    if (h == -1) h = -2;
    REQUIRE(a.py_hash() == h);
  }
}
