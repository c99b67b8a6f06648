// The legacy random stream against values printed by real NumPy 1.24
// (/usr/bin/python3: np.random.seed(...); print(repr(...))). Every expected
// number below came from NumPy; doubles are compared exactly (repr round-trips).
#include <catch2/catch.hpp>

#include <chrono>
#include <vector>

#include "core/lang/interp.hpp"
#include "core/random.hpp"

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

std::string run(const std::string& code) {
  sl::lang::Interp in;
  auto r = in.run("import numpy as np\n" + code);
  if (!r.ok) return r.out + "!" + r.error_type + ": " + r.error_msg;
  return r.out;
}

}  // namespace

TEST_CASE("seeding: init_genrand for ints, init_by_array for arrays", "[random]") {
  RandomState rs;
  rs.seed(42);  // np.random.seed(42); np.random.get_state()[1]
  CHECK(rs.mt().key()[0] == 42u);
  CHECK(rs.mt().key()[1] == 3107752595u);
  CHECK(rs.mt().key()[2] == 1895908407u);
  CHECK(rs.mt().key()[622] == 836540831u);
  CHECK(rs.mt().key()[623] == 26719530u);
  CHECK(rs.mt().pos() == 624);
  const uint32_t words[] = {1, 2, 3};  // np.random.seed([1, 2, 3])
  rs.seed_array(words, 3);
  CHECK(rs.mt().key()[0] == 2147483648u);
  CHECK(rs.mt().key()[1] == 188977461u);
  CHECK(rs.mt().key()[2] == 1294596893u);
  CHECK(rs.mt().key()[622] == 2189402571u);
  CHECK(rs.mt().key()[623] == 2738794993u);
}

TEST_CASE("randn: the polar method with its cached second value", "[random]") {
  RandomState rs;
  rs.seed(42);
  CHECK(gauss(rs, 5) == std::vector<double>{0.4967141530112327, -0.13826430117118466, 0.6476885381006925,
                                            1.5230298564080254, -0.23415337472333597});
  // split draws continue the same stream, through the cached value
  rs.seed(42);
  std::vector<double> a = gauss(rs, 3);
  CHECK(rs.has_gauss());
  std::vector<double> b = gauss(rs, 2);
  CHECK(a[2] == 0.6476885381006925);
  CHECK(b[0] == 1.5230298564080254);
  CHECK(b[1] == -0.23415337472333597);
  rs.seed(10);  // np.random.normal(3.0, 2.0, 3)
  CHECK(3.0 + 2.0 * rs.gauss() == 5.663173008259037);
  CHECK(3.0 + 2.0 * rs.gauss() == 4.430557948796811);
  CHECK(3.0 + 2.0 * rs.gauss() == -0.09080058422253634);
  double lo = -2, hi = 5;  // np.random.uniform(-2, 5, 3)
  CHECK(lo + (hi - lo) * rs.next_double() == -0.6135599466826323);
  CHECK(lo + (hi - lo) * rs.next_double() == 3.3237149853927113);
  CHECK(lo + (hi - lo) * rs.next_double() == -0.816224144062252);
}

TEST_CASE("rand: 53-bit doubles, and the twist over a million draws", "[random]") {
  RandomState rs;
  rs.seed(0);
  CHECK(uniform(rs, 3) == std::vector<double>{0.5488135039273248, 0.7151893663724195, 0.6027633760716439});
  rs.seed(1);
  std::vector<double> x = uniform(rs, 1000001);
  CHECK(x.back() == 0.1382964100000177);
}

TEST_CASE("randint: masked rejection, 32-bit path when the range fits", "[random]") {
  RandomState rs;
  rs.seed(0);
  uniform(rs, 3);  // np.random.seed(0); np.random.rand(3); np.random.randint(0, 50257, 8)
  CHECK(randint(rs, 0, 50257, 8, 64) == std::vector<int64_t>{30403, 32103, 41993, 20757, 46884, 14935, 15430, 48600});
  rs.seed(3);
  CHECK(randint(rs, -5, int64_t(1) << 33, 4, 64) == std::vector<int64_t>{7902520958, 521102275, 2445173520, 6172134030});
  CHECK(randint(rs, 0, int64_t(1) << 62, 3, 64) ==
        std::vector<int64_t>{2698631211761052523, 2316640183508190889, 3822956344058944405});
  rs.seed(4);  // uint8, then int16, then bool: each call with a fresh bit buffer
  CHECK(randint(rs, 0, 200, 7, 8, false) == std::vector<int64_t>{122, 68, 143, 174, 32, 143, 183});
  CHECK(randint(rs, -300, 300, 5, 16) == std::vector<int64_t>{-247, -43, 60, 299, 156});
  CHECK(randint(rs, 0, 2, 35, 1) == std::vector<int64_t>{0, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 1, 1, 0, 1, 0, 0, 1,
                                                          1, 1, 1, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 1, 1, 0, 0});
  rs.seed(5);  // the full ranges: no rejection
  CHECK(randint(rs, 0, int64_t(1) << 32, 3, 32, false) == std::vector<int64_t>{953453411, 236996814, 3739766767});
  CHECK(randint(rs, INT64_MIN, INT64_MAX, 2, 64) == std::vector<int64_t>{6111919869629533158, -2513610613693213296});
}

TEST_CASE("shuffle and permutation: Fisher-Yates with random_interval", "[random]") {
  RandomState rs;
  rs.seed(6);
  std::vector<int> a{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  for (int i = 9; i >= 1; --i) std::swap(a[size_t(i)], a[size_t(rs.interval(uint64_t(i)))]);
  CHECK(a == std::vector<int>{8, 1, 7, 0, 6, 5, 2, 4, 3, 9});
  CHECK(run("np.random.seed(6)\na = np.arange(10)\nnp.random.shuffle(a)\nprint(a, np.random.permutation(7))") ==
        "[8 1 7 0 6 5 2 4 3 9] [5 0 4 2 6 3 1]\n");
}

TEST_CASE("other legacy distributions", "[random]") {
  RandomState rs;
  rs.seed(7);
  std::vector<int64_t> p;
  for (int i = 0; i < 6; ++i) p.push_back(rs.poisson(4.0));
  for (int i = 0; i < 4; ++i) p.push_back(rs.poisson(40.0));
  CHECK(p == std::vector<int64_t>{5, 2, 4, 5, 5, 5, 38, 37, 45, 41});
  rs.seed(8);
  std::vector<int64_t> b;
  for (int i = 0; i < 6; ++i) b.push_back(rs.binomial(20, 0.3));
  for (int i = 0; i < 4; ++i) b.push_back(rs.binomial(500, 0.6));
  CHECK(b == std::vector<int64_t>{8, 10, 8, 6, 4, 2, 294, 293, 293, 288});
  rs.seed(9);
  CHECK(rs.standard_exponential() == 0.010428340506137716);
  CHECK(rs.standard_exponential() == 0.6969034106650718);
  CHECK(rs.standard_exponential() == 0.684729296837275);
  CHECK(rs.standard_gamma(2.5) == 1.6215260884500018);
  CHECK(rs.standard_gamma(2.5) == 0.6871921922123296);
  CHECK(rs.standard_gamma(2.5) == 0.9961237598254684);
  CHECK(rs.standard_gamma(0.4) == 0.43059581767952704);
  CHECK(rs.standard_gamma(0.4) == 1.4078395001411688);
}

TEST_CASE("np.random front end: results, types, errors", "[random][lang]") {
  CHECK(run("np.random.seed(42)\nprint(np.random.randn(5))") == "[ 0.49671415 -0.1382643   0.64768854  1.52302986 -0.23415337]\n");
  CHECK(run("np.random.seed(0)\nnp.random.rand(3)\nprint(np.random.randint(0, 50257, (2, 4)))") ==
        "[[30403 32103 41993 20757]\n [46884 14935 15430 48600]]\n");
  CHECK(run("np.random.seed(123)\nprint(np.random.normal(loc=1.0, scale=2.0, size=3), np.random.uniform(-1, 1, 2))") ==
        "[-1.17126121  2.99469089  1.565957  ] [ 0.43893794 -0.15378708]\n");
  CHECK(run("print(type(np.random.rand()).__name__, type(np.random.randint(5)).__name__, type(np.random.randint(5, dtype=np.int32)).__name__)") ==
        "float int int32\n");
  CHECK(run("r = np.random.RandomState(42)\nprint(r.randn(2), r.randint(10, size=4))") == "[ 0.49671415 -0.1382643 ] [7 4 6 9]\n");
  // np.random.seed(12345); choice variants
  CHECK(run("np.random.seed(12345)\nprint(np.random.choice(10, 5), np.random.choice(10, 5, replace=False), "
            "np.random.choice(5, 6, p=[0.1, 0.2, 0.3, 0.2, 0.2]), np.random.choice(5, 3, replace=False, p=[0.1, 0.2, 0.3, 0.2, 0.2]))") ==
        "[2 5 1 4 9] [0 4 7 8 3] [3 3 4 0 1 1] [3 4 2]\n");
  CHECK(run("np.random.randint(0)") == "!ValueError: high <= 0");
  CHECK(run("np.random.randint(3, 3)") == "!ValueError: low >= high");
  CHECK(run("np.random.randint(0, 2**40, dtype=np.int32)") == "!ValueError: high is out of bounds for int32");
  CHECK(run("np.random.seed(-1)") == "!ValueError: Seed must be between 0 and 2**32 - 1");
  CHECK(run("np.random.normal(0, -1)") == "!ValueError: scale < 0");
  CHECK(run("np.random.choice(3, 5, replace=False)") ==
        "!ValueError: Cannot take a larger sample than population when 'replace=False'");
  CHECK(run("np.random.normal(np.zeros(2), 1, size=3)") ==
        "!ValueError: shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 with shape (3,) and arg 1 with shape (2,).");
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
