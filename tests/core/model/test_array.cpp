// Arrays (core/model/array): fresh arrays' layouts by definition (C and F strides,
// owning, zeroed); views share storage and collapse base to the owner; the byte
// extent and the in-storage check against brute force over every element of
// random layouts.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "core/model/array.hpp"
#include "core/model/error.hpp"
#include "tests/core/brute.hpp"

using namespace sl;

TEST_CASE("make_array: C and F strides by definition, owning, zeroed", "[array]") {
  std::mt19937 rng(21);
  for (int trial = 0; trial < 100; ++trial) {
    Shape s(1 + rng() % 4);
    for (auto& d : s) d = 1 + int64_t(rng() % 5);
    for (char order : {'C', 'F'}) {
      ArrayPtr a = make_array(DType::I32, s, order);
      CHECK(a->owndata);
      CHECK(a->base == nullptr);
      CHECK(a->storage->nbytes() == a->size() * 4);
      // C: stride_j = 4 * prod(shape[j+1:]); F: 4 * prod(shape[:j]).
      for (size_t j = 0; j < s.size(); ++j) {
        int64_t want = 4;
        if (order == 'C') for (size_t k = j + 1; k < s.size(); ++k) want *= s[k];
        else for (size_t k = 0; k < j; ++k) want *= s[k];
        CHECK(a->strides[j] == want);
      }
      CHECK((order == 'C' ? a->c_contiguous() : a->f_contiguous()));
      bool zero = true;
      brute::for_each_index(s, [&](const std::vector<int64_t>& idx) { zero = zero && brute::at(*a, idx) == 0; });
      CHECK(zero);
    }
  }
}

TEST_CASE("make_view: shares storage, base is the owner, writeable inherited", "[array]") {
  ArrayPtr a = brute::iota({4, 6});
  ArrayPtr v = make_view(a, DType::F64, {2, 3}, {96, 16}, 8);
  ArrayPtr w = make_view(v, DType::F64, {3}, {16}, 8);
  CHECK(v->storage == a->storage);
  CHECK(w->storage == a->storage);
  CHECK(v->base == a);
  CHECK(w->base == a);  // not v: base collapses to the array that owns the data
  CHECK_FALSE(v->owndata);
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 3; ++j) CHECK(brute::at(*v, {i, j}) == brute::at(*a, {2 * i, 2 * j + 1}));
  a->writeable = false;
  CHECK_FALSE(make_view(a, DType::F64, {6}, {8}, 0)->writeable);
  CHECK_THROWS_AS(make_view(a, DType::F64, {25}, {8}, 0), PyError);
  CHECK_THROWS_AS(make_view(a, DType::F64, {2}, {8}, -8), PyError);
}

TEST_CASE("byte_extent and check_in_storage agree with the elements' own offsets", "[array]") {
  std::mt19937 rng(22);
  std::uniform_int_distribution<int64_t> st(-40, 40), off(-16, 120), len(0, 4);
  for (int trial = 0; trial < 3000; ++trial) {
    Shape s(1 + rng() % 3);
    Strides t(s.size());
    for (auto& d : s) d = len(rng);
    for (auto& x : t) x = st(rng);
    int64_t offset = off(rng), nbytes = 96;
    int itemsize = 1 << (rng() % 4);
    // Brute force: the lowest and highest byte any element touches.
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    brute::for_each_index(s, [&](const std::vector<int64_t>& idx) {
      int64_t o = offset;
      for (size_t j = 0; j < idx.size(); ++j) o += idx[j] * t[j];
      lo = std::min(lo, o);
      hi = std::max(hi, o + itemsize);
    });
    bool empty = lo == INT64_MAX;
    bool inside = empty || (lo >= 0 && hi <= nbytes);
    INFO("trial " << trial);
    bool threw = false;
    try {
      check_in_storage(s, t, offset, itemsize, nbytes);
    } catch (const PyError&) {
      threw = true;
    }
    if (!empty) CHECK(threw == !inside);
    if (inside && !empty && itemsize == 8) {
      ArrayPtr parent = make_array(DType::U8, {nbytes});
      ArrayPtr v = make_view(parent, DType::F64, s, t, offset);
      ByteExtent e = byte_extent(*v);
      CHECK(e.lo == lo);
      CHECK(e.hi == hi);
    }
  }
}
