// Sorting (core/ops/sort): every lane of a random strided view (negative steps
// included) sorted in place against std::stable_sort with NumPy's NaN-last
// order, elements outside the view untouched; argsort's indices against the
// stable order (stable kind: exactly; quicksort/heapsort: a permutation that
// sorts); kind names.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "core/model/error.hpp"
#include "core/ops/sort.hpp"
#include "tests/core/brute.hpp"

using namespace sl;

namespace {
// NumPy's order (npysort_common.h): NaNs after every number.
bool less_nan_last(double a, double b) { return a < b || (std::isnan(b) && !std::isnan(a)); }

// The elements of lane `fixed` (every index but `axis` fixed) in order along axis.
std::vector<double> lane(const Array& a, std::vector<int64_t> idx, int axis) {
  std::vector<double> out;
  for (idx[axis] = 0; idx[axis] < a.shape[axis]; ++idx[axis]) out.push_back(brute::at(a, idx));
  return out;
}

// Every lane start: the indices with idx[axis] == 0.
std::vector<std::vector<int64_t>> lane_starts(const Array& a, int axis) {
  std::vector<std::vector<int64_t>> out;
  Shape s = a.shape;
  s[axis] = 1;
  brute::for_each_index(s, [&](const std::vector<int64_t>& idx) { out.push_back(idx); });
  return out;
}

// Fills a's parent with few distinct values (ties) and some NaNs.
void fill_with_ties(const Array& a, std::mt19937& rng) {
  std::uniform_int_distribution<int> v(0, 6);
  double* p = reinterpret_cast<double*>(a.storage->data());
  for (int64_t i = 0; i < a.storage->nbytes() / 8; ++i) {
    int r = v(rng);
    p[i] = r == 6 ? NAN : double(r - 2);
  }
}
}  // namespace

TEST_CASE("sort_inplace sorts each lane of a strided view and touches nothing else", "[sort]") {
  std::mt19937 rng(5);
  const SortKind kinds[] = {SortKind::Quick, SortKind::Heap, SortKind::Stable};
  for (int trial = 0; trial < 200; ++trial) {
    ArrayPtr v = brute::random_view(rng, 3);
    fill_with_ties(*v, rng);
    int axis = int(rng() % v->ndim());
    // Bytes of the parent that the view does not reach must not change.
    std::vector<char> before(v->storage->data(), v->storage->data() + v->storage->nbytes());
    std::vector<bool> in_view(v->storage->nbytes(), false);
    brute::for_each_index(v->shape, [&](const std::vector<int64_t>& idx) {
      for (int b = 0; b < 8; ++b) in_view[brute::offset_of(*v, idx) + b] = true;
    });
    std::vector<std::vector<double>> want;
    for (auto& start : lane_starts(*v, axis)) {
      auto l = lane(*v, start, axis);
      std::stable_sort(l.begin(), l.end(), less_nan_last);
      want.push_back(l);
    }
    sort_inplace(*v, axis, kinds[trial % 3]);
    size_t k = 0;
    for (auto& start : lane_starts(*v, axis)) {
      auto got = lane(*v, start, axis);
      INFO("trial " << trial << " axis " << axis);
      REQUIRE(got.size() == want[k].size());
      for (size_t i = 0; i < got.size(); ++i)
        CHECK((got[i] == want[k][i] || (std::isnan(got[i]) && std::isnan(want[k][i]))));
      ++k;
    }
    for (size_t b = 0; b < before.size(); ++b)
      if (!in_view[b]) CHECK(v->storage->data()[b] == before[b]);
  }
}

TEST_CASE("argsort: stable indices equal std::stable_sort's; the other kinds give a sorting permutation", "[sort]") {
  std::mt19937 rng(9);
  const SortKind kinds[] = {SortKind::Stable, SortKind::Quick, SortKind::Heap};
  for (int trial = 0; trial < 200; ++trial) {
    ArrayPtr v = brute::random_view(rng, 3);
    fill_with_ties(*v, rng);
    int axis = int(rng() % v->ndim());
    SortKind kind = kinds[trial % 3];
    ArrayPtr idx = argsort(*v, axis, kind);
    REQUIRE(idx->dtype == DType::I64);
    REQUIRE(idx->shape == v->shape);
    REQUIRE(idx->c_contiguous());
    for (auto& start : lane_starts(*v, axis)) {
      auto l = lane(*v, start, axis);
      std::vector<int64_t> order(l.size());
      std::iota(order.begin(), order.end(), 0);
      std::stable_sort(order.begin(), order.end(), [&](int64_t x, int64_t y) { return less_nan_last(l[x], l[y]); });
      std::vector<int64_t> got;
      auto at = start;
      for (at[axis] = 0; at[axis] < v->shape[axis]; ++at[axis])
        got.push_back(load<int64_t>(idx->storage->data() + brute::offset_of(*idx, at)));
      INFO("trial " << trial << " axis " << axis << " kind " << int(kind));
      if (kind == SortKind::Stable) {
        CHECK(got == order);
        continue;
      }
      std::vector<int64_t> perm = got;
      std::sort(perm.begin(), perm.end());
      std::vector<int64_t> all(l.size());
      std::iota(all.begin(), all.end(), 0);
      CHECK(perm == all);
      for (size_t i = 0; i + 1 < got.size(); ++i) CHECK_FALSE(less_nan_last(l[got[i + 1]], l[got[i]]));
    }
  }
}

TEST_CASE("sort kind names are NumPy's", "[sort]") {
  CHECK(parse_sort_kind("quicksort") == SortKind::Quick);
  CHECK(parse_sort_kind("heapsort") == SortKind::Heap);
  CHECK(parse_sort_kind("stable") == SortKind::Stable);
  CHECK(parse_sort_kind("mergesort") == SortKind::Stable);
  CHECK_THROWS_AS(parse_sort_kind("bogo"), PyError);
}
