// The strided loop (core/model/iter.hpp): for random layouts (negative steps,
// broadcast axes, length-1 axes, several operands), for_each_strided visits
// every element exactly once, in C order of the logical index, with each
// operand's pointer at offset + sum(i_j * stride_j); coalescing keeps the
// element count and never merges axes whose strides do not chain.
#include <catch2/catch.hpp>

#include <array>
#include <random>

#include "core/model/iter.hpp"
#include "tests/core/brute.hpp"

using namespace sl;

TEST_CASE("for_each_strided visits every element once, in C order, through each operand's strides", "[iter]") {
  std::mt19937 rng(12);
  for (int trial = 0; trial < 300; ++trial) {
    ArrayPtr a = brute::random_view(rng, 5, true);
    // A second operand: a fresh array of a's shape, C- or F-ordered.
    ArrayPtr b = make_array(DType::F64, a->shape, trial % 2 ? 'F' : 'C');
    std::vector<std::array<const char*, 2>> want;
    brute::for_each_index(a->shape, [&](const std::vector<int64_t>& idx) {
      want.push_back({a->storage->data() + brute::offset_of(*a, idx), b->storage->data() + brute::offset_of(*b, idx)});
    });
    std::vector<std::array<const char*, 2>> got;
    for_each_strided<2>(a->shape, {a->data(), b->data()}, {&a->strides, &b->strides},
                        [&](std::array<char*, 2>& p, const std::array<int64_t, 2>& s, int64_t n) {
                          for (int64_t i = 0; i < n; ++i) got.push_back({p[0] + i * s[0], p[1] + i * s[1]});
                        });
    INFO("trial " << trial << " ndim " << a->ndim());
    REQUIRE(got.size() == want.size());
    CHECK(got == want);
  }
}

TEST_CASE("coalesce: merges exactly the chained axes, drops length-1 axes, keeps the count", "[iter]") {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    ArrayPtr a = brute::random_view(rng, 5, trial % 3 == 0);
    auto L = coalesce<1>(a->shape, {&a->strides});
    int64_t count = 1;
    for (int64_t d : L.shape) {
      CHECK(d > 1);
      count *= d;
    }
    CHECK(count == a->size());
    // No two adjacent kept axes chain (else they would have been merged).
    for (size_t j = 0; j + 1 < L.shape.size(); ++j) CHECK(L.strides[0][j] != L.shape[j + 1] * L.strides[0][j + 1]);
  }
  // A C-contiguous block is one run; its transpose is not merged.
  ArrayPtr c = brute::iota({3, 4, 5});
  auto L = coalesce<1>(c->shape, {&c->strides});
  CHECK(L.shape == Shape{60});
  Shape ts = {5, 4, 3};
  Strides tt = {8, 40, 160};
  CHECK(coalesce<1>(ts, {&tt}).shape == Shape{5, 4, 3});
  Shape e = {3, 0, 2};
  Strides es = {16, 16, 8};
  CHECK(coalesce<1>(e, {&es}).empty);
}
