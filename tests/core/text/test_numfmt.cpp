// Number text (core/text/numfmt): shortest_digits against brute force on random
// doubles, floats and halves -- the digits read back to the same value, no
// string one digit shorter does (every candidate of that length near the
// value is tried), and the digits carry no leading or trailing zeros;
// rounded_digits against the correctly rounded printf; py_float_repr reads back.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>

#include "core/model/dtype.hpp"
#include "core/text/numfmt.hpp"

using namespace sl;

namespace {
// The value 0.d1d2...dn * 10^exp10 read back at `dt` precision.
double read_back(const std::string& digits, int exp10, bool neg, DType dt) {
  std::string text = std::string(neg ? "-" : "") + "0." + digits + "e" + std::to_string(exp10);
  double d = std::strtod(text.c_str(), nullptr);
  if (dt == DType::F32) return std::strtof(text.c_str(), nullptr);
  if (dt == DType::F16) return float(half(d));  // double -> half rounds once (from_double)
  return d;
}

double at_precision(double v, DType dt) {
  if (dt == DType::F32) return float(v);
  if (dt == DType::F16) return float(half(v));
  return v;
}

// Whether some string of n significant digits reads back as v: the candidates
// are the n-digit roundings of v down and up (any n-digit string that reads
// back as v lies between them).
bool shorter_exists(double v, int n, DType dt) {
  if (n < 1) return false;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*e", n - 1, std::fabs(v));
  std::string s(buf);
  size_t e = s.find('e');
  std::string mant = s.substr(0, e);
  int exp = std::atoi(s.c_str() + e + 1);
  mant.erase(std::remove(mant.begin(), mant.end(), '.'), mant.end());
  // mant is n digits d1..dn: value d1.d2..dn * 10^exp = 0.d1..dn * 10^(exp+1).
  for (int delta : {-1, 0, 1}) {
    long long m = std::stoll(mant) + delta;
    if (m <= 0) continue;
    std::string md = std::to_string(m);
    int ex = exp + 1 + int(md.size()) - n;
    if (read_back(md, ex, std::signbit(v), dt) == v) return true;
  }
  return false;
}
}  // namespace

TEST_CASE("shortest_digits: reads back, and no shorter digit string does (float64/32/16)", "[numfmt]") {
  // The brute-force checker itself: 0.3 has a 1-digit form, 0.1 + 0.2 needs 17 digits.
  CHECK(shorter_exists(0.3, 1, DType::F64));
  CHECK_FALSE(shorter_exists(0.1 + 0.2, 16, DType::F64));
  CHECK(shorter_exists(double(0.1f), 1, DType::F32));
  std::mt19937_64 rng(31);
  const DType dts[] = {DType::F64, DType::F32, DType::F16};
  for (int i = 0; i < 30000; ++i) {
    DType dt = dts[i % 3];
    int span = dt == DType::F64 ? 300 : dt == DType::F32 ? 37 : 4;
    std::uniform_real_distribution<double> e(-span, span), m(1, 10);
    double v = at_precision(m(rng) * std::pow(10.0, std::floor(e(rng))) * (i % 5 == 0 ? -1 : 1), dt);
    if (!std::isfinite(v) || v == 0) continue;
    Digits d = shortest_digits(v, dt);
    INFO(name(dt) << " " << v << " -> 0." << d.digits << "e" << d.exp10);
    CHECK(d.negative == std::signbit(v));
    REQUIRE(!d.digits.empty());
    CHECK(d.digits.front() != '0');
    CHECK(d.digits.back() != '0');
    CHECK(read_back(d.digits, d.exp10, d.negative, dt) == v);
    CHECK_FALSE(shorter_exists(v, int(d.digits.size()) - 1, dt));
  }
}

TEST_CASE("rounded_digits is printf's correctly rounded %.*e; py_float_repr reads back", "[numfmt]") {
  std::mt19937_64 rng(32);
  std::uniform_real_distribution<double> e(-300, 300), m(1, 10);
  for (int i = 0; i < 20000; ++i) {
    double v = m(rng) * std::pow(10.0, std::floor(e(rng)));
    int n = 1 + i % 17;
    Digits d = rounded_digits(v, n);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*e", n - 1, v);
    INFO(v << " to " << n << " digits: " << buf);
    CHECK(std::strtod(buf, nullptr) == read_back(d.digits, d.exp10, false, DType::F64));
    std::string r = py_float_repr(v);
    CHECK(std::strtod(r.c_str(), nullptr) == v);
  }
  CHECK(py_float_repr(0.1) == "0.1");
  CHECK(py_float_repr(1e-5) == "1e-05");
  CHECK(py_float_repr(1e16) == "1e+16");
  CHECK(py_float_repr(5.0) == "5.0");
  CHECK(py_float_repr(-0.0) == "-0.0");
}
