// The legacy random stream (core/random/legacy.*) against the reference: every
// expected number is a pin (tests/core/pins.hpp) recorded by refpy from the
// programs of tests/tools/lang/corpus/pins_random.txt; doubles are compared
// exactly (repr round-trips). The front end's printing, types and errors are
// corpus programs (corpus/np_random_legacy.txt).
#include <catch2/catch.hpp>

#include <chrono>
#include <vector>

#include "core/random/legacy.hpp"
#include "tests/core/pins.hpp"

using sl::RandomState;

namespace {

std::vector<double> gauss(RandomState& rs, int n) {
  std::vector<double> v(static_cast<size_t>(n));
  rs.fill_gauss(v.data(), n);
  return v;
}

std::vector<double> uniform(RandomState& rs, int n) {
  std::vector<double> v(static_cast<size_t>(n));
  rs.fill_uniform(v.data(), n);
  return v;
}

// randint(low, high, n, dtype) as _bounded_integers does it: off = low,
// rng = high - 1 - low, one buffer per call, results wrapped to `bits`.
std::vector<int64_t> randint(RandomState& rs, int64_t low, int64_t high, int n, int bits, bool is_signed = true) {
  uint64_t off = uint64_t(low), rng = uint64_t(high) - 1 - uint64_t(low);
  std::vector<int64_t> out;
  if (bits == 64) {
    std::vector<uint64_t> u(static_cast<size_t>(n));
    rs.bounded_u64_fill(off, rng, n, u.data());
    for (uint64_t x : u) out.push_back(int64_t(x));
    return out;
  }
  RandomState::BitBuffer buf;
  for (int i = 0; i < n; ++i) {
    uint64_t v = rs.bounded(bits, off, rng, sl::gen_mask(rng), buf);
    if (bits == 1) out.push_back(int64_t(v));
    else if (bits == 8) out.push_back(is_signed ? int64_t(int8_t(v)) : int64_t(uint8_t(v)));
    else if (bits == 16) out.push_back(is_signed ? int64_t(int16_t(v)) : int64_t(uint16_t(v)));
    else out.push_back(is_signed ? int64_t(int32_t(v)) : int64_t(uint32_t(v)));
  }
  return out;
}


}  // namespace

namespace {

std::vector<double> pin(const char* name) { return pins::doubles("pins_random", name); }
std::vector<int64_t> ipin(const char* name) { return pins::ints("pins_random", name); }
std::vector<int64_t> slice(const std::vector<int64_t>& v, size_t from, size_t n) {
  REQUIRE(from + n <= v.size());
  return {v.begin() + int64_t(from), v.begin() + int64_t(from + n)};
}

}  // namespace

TEST_CASE("seeding: init_genrand for ints, init_by_array for arrays", "[random]") {
  RandomState rs;
  rs.seed(42);
  auto k = ipin("mt state after seed 42");
  REQUIRE(k.size() == 6);
  CHECK(rs.mt().key()[0] == uint32_t(k[0]));
  CHECK(rs.mt().key()[1] == uint32_t(k[1]));
  CHECK(rs.mt().key()[2] == uint32_t(k[2]));
  CHECK(rs.mt().key()[622] == uint32_t(k[3]));
  CHECK(rs.mt().key()[623] == uint32_t(k[4]));
  CHECK(rs.mt().pos() == k[5]);
  const uint32_t words[] = {1, 2, 3};
  rs.seed_array(words, 3);
  k = ipin("mt state after seed array 1 2 3");
  REQUIRE(k.size() == 5);
  CHECK(rs.mt().key()[0] == uint32_t(k[0]));
  CHECK(rs.mt().key()[1] == uint32_t(k[1]));
  CHECK(rs.mt().key()[2] == uint32_t(k[2]));
  CHECK(rs.mt().key()[622] == uint32_t(k[3]));
  CHECK(rs.mt().key()[623] == uint32_t(k[4]));
}

TEST_CASE("randn: the polar method with its cached second value", "[random]") {
  RandomState rs;
  rs.seed(42);
  auto want = pin("standard_normal seed 42 x5");
  CHECK(gauss(rs, 5) == want);
  // split draws continue the same stream, through the cached value
  rs.seed(42);
  std::vector<double> a = gauss(rs, 3);
  CHECK(rs.has_gauss());
  std::vector<double> b = gauss(rs, 2);
  CHECK(a[2] == want[2]);
  CHECK(b[0] == want[3]);
  CHECK(b[1] == want[4]);
  auto nu = pin("normal 3 2 then uniform -2 5 seed 10");
  REQUIRE(nu.size() == 6);
  rs.seed(10);
  for (int i = 0; i < 3; ++i) CHECK(3.0 + 2.0 * rs.gauss() == nu[size_t(i)]);
  double lo = -2, hi = 5;
  for (int i = 3; i < 6; ++i) CHECK(lo + (hi - lo) * rs.next_double() == nu[size_t(i)]);
}

TEST_CASE("rand: 53-bit doubles, and the twist over a million draws", "[random]") {
  RandomState rs;
  rs.seed(0);
  CHECK(uniform(rs, 3) == pin("rand seed 0 x3"));
  rs.seed(1);
  std::vector<double> x = uniform(rs, 1000001);
  CHECK(x.back() == pins::number("pins_random", "rand seed 1 element 1000000"));
}

TEST_CASE("randint: masked rejection, 32-bit path when the range fits", "[random]") {
  RandomState rs;
  rs.seed(0);
  uniform(rs, 3);
  CHECK(randint(rs, 0, 50257, 8, 64) == ipin("randint after rand seed 0"));
  rs.seed(3);
  auto r3 = ipin("randint int64 ranges seed 3");
  CHECK(randint(rs, -5, int64_t(1) << 33, 4, 64) == slice(r3, 0, 4));
  CHECK(randint(rs, 0, int64_t(1) << 62, 3, 64) == slice(r3, 4, 3));
  rs.seed(4);  // uint8, then int16, then bool: each call with a fresh bit buffer
  auto r4 = ipin("randint uint8 int16 bool seed 4");
  CHECK(randint(rs, 0, 200, 7, 8, false) == slice(r4, 0, 7));
  CHECK(randint(rs, -300, 300, 5, 16) == slice(r4, 7, 5));
  CHECK(randint(rs, 0, 2, 35, 1) == slice(r4, 12, 35));
  rs.seed(5);  // the full ranges: no rejection
  auto r5 = ipin("randint full ranges seed 5");
  CHECK(randint(rs, 0, int64_t(1) << 32, 3, 32, false) == slice(r5, 0, 3));
  CHECK(randint(rs, INT64_MIN, INT64_MAX, 2, 64) == slice(r5, 3, 2));
}

TEST_CASE("shuffle: Fisher-Yates with random_interval", "[random]") {
  RandomState rs;
  rs.seed(6);
  std::vector<int64_t> a{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  for (int i = 9; i >= 1; --i) std::swap(a[size_t(i)], a[size_t(rs.interval(uint64_t(i)))]);
  CHECK(a == ipin("shuffle arange 10 seed 6"));
}

TEST_CASE("other legacy distributions", "[random]") {
  RandomState rs;
  rs.seed(7);
  std::vector<int64_t> p;
  for (int i = 0; i < 6; ++i) p.push_back(rs.poisson(4.0));
  for (int i = 0; i < 4; ++i) p.push_back(rs.poisson(40.0));
  CHECK(p == ipin("poisson 4 and 40 seed 7"));
  rs.seed(8);
  std::vector<int64_t> b;
  for (int i = 0; i < 6; ++i) b.push_back(rs.binomial(20, 0.3));
  for (int i = 0; i < 4; ++i) b.push_back(rs.binomial(500, 0.6));
  CHECK(b == ipin("binomial seed 8"));
  rs.seed(9);
  auto e = pin("exponential and gamma seed 9");
  REQUIRE(e.size() == 8);
  for (int i = 0; i < 3; ++i) CHECK(rs.standard_exponential() == e[size_t(i)]);
  for (int i = 3; i < 6; ++i) CHECK(rs.standard_gamma(2.5) == e[size_t(i)]);
  for (int i = 6; i < 8; ++i) CHECK(rs.standard_gamma(0.4) == e[size_t(i)]);
}

TEST_CASE("benchmark: 40M legacy normals (the seeds' randn(50257, 768) and friends)", "[.bench][random]") {
  RandomState rs;
  rs.seed(1);
  std::vector<double> v(static_cast<size_t>(40000000));
  auto t0 = std::chrono::steady_clock::now();
  rs.fill_gauss(v.data(), int64_t(v.size()));
  double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  WARN("fill_gauss 40M: " << sec << " s (" << v.size() / sec / 1e6 << " M/s)");
  CHECK(sec < 5.0);
}
