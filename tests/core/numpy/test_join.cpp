// Joining (core/numpy/join): concatenate and repeat on random strided inputs against
// the definition, element by element; every result is a copy that owns fresh
// storage; the memory order of a concatenation follows its inputs'.
#include <catch2/catch.hpp>

#include <random>

#include "core/model/error.hpp"
#include "core/numpy/join.hpp"
#include "tests/core/brute.hpp"

using namespace sl;

namespace {
// A view of shape `shape` with random signs of steps: a reversed-axes view of a fresh iota.
ArrayPtr strided_of(const Shape& shape, std::mt19937& rng, double start) {
  Shape big = shape;
  for (auto& d : big) d *= 2;
  ArrayPtr p = brute::iota(big, [&](int64_t i) { return start + double(i); });
  Strides st(shape.size());
  int64_t off = 0;
  for (size_t j = 0; j < shape.size(); ++j) {
    bool neg = rng() % 2;
    st[j] = p->strides[j] * (neg ? -2 : 2);
    if (neg && shape[j] > 0) off += (big[j] - 2) * p->strides[j];
  }
  return make_view(p, DType::F64, shape, st, off);
}

void check_owns(const Array& r, const std::vector<ArrayPtr>& inputs) {
  CHECK(r.owndata);
  CHECK(r.base == nullptr);
  for (auto& a : inputs) CHECK(r.storage != a->storage);
}
}  // namespace

TEST_CASE("concatenate along each axis equals the definition, as a fresh copy", "[join]") {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 150; ++trial) {
    int nd = 1 + int(rng() % 3);
    int axis = int(rng() % nd);
    Shape base(nd);
    for (auto& d : base) d = 1 + int64_t(rng() % 4);
    std::vector<ArrayPtr> parts;
    std::vector<int64_t> starts;
    int64_t total = 0;
    for (int k = 0, n = 1 + int(rng() % 3); k < n; ++k) {
      Shape s = base;
      s[axis] = int64_t(rng() % 4);  // zero-length pieces too
      parts.push_back(strided_of(s, rng, 1000.0 * k));
      starts.push_back(total);
      total += s[axis];
    }
    ArrayPtr r = concatenate(parts, axis);
    Shape want_shape = base;
    want_shape[axis] = total;
    INFO("trial " << trial << " axis " << axis);
    REQUIRE(r->shape == want_shape);
    check_owns(*r, parts);
    brute::for_each_index(r->shape, [&](const std::vector<int64_t>& idx) {
      size_t k = 0;
      while (k + 1 < parts.size() && idx[axis] >= starts[k + 1]) ++k;
      auto src = idx;
      src[axis] -= starts[k];
      CHECK(brute::at(*r, idx) == brute::at(*parts[k], src));
    });
  }
}

TEST_CASE("concatenate: axis=None ravels; F-ordered inputs give an F-ordered result; shape errors", "[join]") {
  std::mt19937 rng(4);
  ArrayPtr a = strided_of({2, 3}, rng, 0), b = strided_of({4}, rng, 100);
  ArrayPtr r = concatenate({a, b}, std::nullopt);
  REQUIRE(r->shape == Shape{10});
  int64_t i = 0;
  brute::for_each_index(a->shape, [&](const std::vector<int64_t>& idx) { CHECK(brute::at(*r, {i++}) == brute::at(*a, idx)); });
  for (int64_t j = 0; j < 4; ++j) CHECK(brute::at(*r, {i++}) == brute::at(*b, {j}));

  ArrayPtr f1 = make_array(DType::F64, {3, 2}, 'F'), f2 = make_array(DType::F64, {3, 5}, 'F');
  ArrayPtr rf = concatenate({f1, f2}, 1);
  CHECK(rf->f_contiguous());
  CHECK_FALSE(rf->c_contiguous());

  CHECK_THROWS_AS(concatenate({a, strided_of({3, 3}, rng, 0)}, 1), PyError);
  CHECK_THROWS_AS(concatenate({a, b}, 0), PyError);
}

TEST_CASE("repeat equals the definition for scalar and per-element counts", "[join]") {
  std::mt19937 rng(8);
  for (int trial = 0; trial < 150; ++trial) {
    Shape s(1 + rng() % 3);
    for (auto& d : s) d = 1 + int64_t(rng() % 4);
    ArrayPtr a = strided_of(s, rng, 0);
    int axis = int(rng() % s.size());
    bool scalar = trial % 2;
    std::vector<int64_t> reps(scalar ? 1 : size_t(s[axis]));
    for (auto& r : reps) r = int64_t(rng() % 4);
    ArrayPtr r = repeat(a, reps, scalar, axis);
    // Output position j along axis comes from input position src[j].
    std::vector<int64_t> src;
    for (int64_t i = 0; i < s[axis]; ++i)
      for (int64_t c = 0; c < (scalar ? reps[0] : reps[i]); ++c) src.push_back(i);
    Shape want = s;
    want[axis] = int64_t(src.size());
    INFO("trial " << trial);
    REQUIRE(r->shape == want);
    check_owns(*r, {a});
    brute::for_each_index(r->shape, [&](const std::vector<int64_t>& idx) {
      auto from = idx;
      from[axis] = src[idx[axis]];
      CHECK(brute::at(*r, idx) == brute::at(*a, from));
    });
  }
  ArrayPtr a = brute::iota({3});
  CHECK_THROWS_AS(repeat(a, {1, 2}, false, 0), PyError);
  CHECK_THROWS_AS(repeat(a, {-1}, true, 0), PyError);
}
