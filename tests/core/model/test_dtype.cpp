// dtypes (core/model/dtype): the C type behind each dtype has its itemsize; float16
// conversions against brute force over every one of the 65,536 bit patterns
// (round trip) and the nearest-value search (double -> half, ties to even);
// the promotion table gives a dtype both sides cast to safely, the smallest of its kind; names parse.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "core/model/dtype.hpp"

using namespace sl;

namespace {
std::vector<DType> all_dtypes() {
  std::vector<DType> out;
  for (int i = 0; i < kNumDTypes; ++i) out.push_back(DType(i));
  return out;
}
}  // namespace

TEST_CASE("itemsize is the size of the dtype's C type", "[dtype]") {
  for (DType dt : all_dtypes()) {
    INFO(name(dt));
    CHECK(itemsize(dt) == visit_dtype(dt, [](auto v) { return int(sizeof(v)); }));
    CHECK(visit_dtype(dt, [](auto v) { return dtype_of<decltype(v)>::value; }) == dt);
  }
}

TEST_CASE("float16: every bit pattern survives half -> float -> half", "[dtype][float16]") {
  for (uint32_t b = 0; b < 65536; ++b) {
    float f = half::from_bits(uint16_t(b));
    half back(f);
    if (std::isnan(f)) {
      CHECK(std::isnan(float(back)));
      continue;
    }
    INFO("bits " << b);
    CHECK(back.bits == b);
    CHECK(half(double(f)).bits == b);
  }
}

TEST_CASE("float16: double -> half is the nearest half, ties to even, overflow to inf", "[dtype][float16]") {
  // Every finite non-negative half value, in increasing order (bits 0..0x7bff).
  std::vector<double> vals;
  for (uint32_t b = 0; b <= 0x7bff; ++b) vals.push_back(float(half::from_bits(uint16_t(b))));
  auto nearest = [&](double x) -> uint16_t {
    double ax = std::fabs(x);
    uint16_t sign = std::signbit(x) ? 0x8000 : 0;
    // Beyond the largest half by half an ulp (65520) or more: infinity.
    if (ax >= 65520.0) return sign | 0x7c00;
    auto it = std::lower_bound(vals.begin(), vals.end(), ax);
    size_t hi = size_t(it - vals.begin());
    if (hi == 0) return sign;
    if (hi == vals.size()) return sign | uint16_t(hi - 1);
    double dlo = ax - vals[hi - 1], dhi = vals[hi] - ax;
    size_t pick = dlo < dhi ? hi - 1 : dhi < dlo ? hi : ((hi - 1) % 2 == 0 ? hi - 1 : hi);
    return sign | uint16_t(pick);
  };
  std::mt19937_64 rng(16);
  std::uniform_real_distribution<double> exp_d(-27, 17), mant_d(1, 2);
  for (int i = 0; i < 200000; ++i) {
    double x = std::ldexp(mant_d(rng), int(std::floor(exp_d(rng)))) * (i % 2 ? -1 : 1);
    INFO(x);
    CHECK(half(x).bits == nearest(x));
  }
  // Exact midpoints between neighbours: ties go to the even pattern.
  for (uint32_t b = 0; b + 1 <= 0x7bff; b += 37) {
    double mid = (vals[b] + vals[b + 1]) / 2;
    CHECK(half(mid).bits == nearest(mid));
  }
  CHECK(half(std::numeric_limits<double>::infinity()).bits == 0x7c00);
  CHECK(std::isnan(float(half(std::nan("")))));
}

TEST_CASE("promotion: symmetric, idempotent, the smallest dtype of its kind both cast to safely", "[dtype][promotion]") {
  auto dts = all_dtypes();
  for (DType a : dts) {
    CHECK(promote(a, a) == a);
    CHECK(can_cast_safe(a, a));
    for (DType b : dts) {
      DType p = promote(a, b);
      INFO(name(a) << " + " << name(b) << " -> " << name(p));
      CHECK(promote(b, a) == p);
      CHECK(can_cast_safe(a, p));
      CHECK(can_cast_safe(b, p));
      // Least within its kind: no smaller dtype of p's kind holds both safely.
      // (Across kinds NumPy's table is not a lattice: int8 + uint8 is int16,
      // though both also cast safely to float16.)
      for (DType c : dts)
        if (info(c).kind == info(p).kind && can_cast_safe(a, c) && can_cast_safe(b, c)) CHECK(itemsize(p) <= itemsize(c));
    }
  }
  CHECK(promote(DType::I64, DType::U64) == DType::F64);
  CHECK(promote(DType::F16, DType::I16) == DType::F32);
  CHECK(promote(DType::C64, DType::F64) == DType::C128);
}

TEST_CASE("dtype names: every canonical name parses back; aliases; complex parts", "[dtype]") {
  for (DType dt : all_dtypes()) {
    DType got = DType::Bool;
    INFO(name(dt));
    CHECK(parse_dtype(name(dt), got));
    CHECK(got == dt);
    if (is_inexact(dt)) {
      CHECK(is_complex(to_complex(dt)));
      CHECK(real_part(to_complex(dt)) == (is_complex(dt) ? real_part(dt) : dt == DType::F16 ? DType::F32 : dt));
    }
  }
  DType d = DType::Bool;
  CHECK((parse_dtype("f4", d) && d == DType::F32));
  CHECK((parse_dtype("<i4", d) && d == DType::I32));
  CHECK((parse_dtype("float", d) && d == DType::F64));
  CHECK((parse_dtype("complex", d) && d == DType::C128));
  CHECK_FALSE(parse_dtype("nope", d));
}
