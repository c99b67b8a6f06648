// shares_memory against a brute-force reference: enumerate every byte each
// array touches and intersect.
#include <catch2/catch.hpp>

#include <random>
#include <set>

#include "core/overlap.hpp"
#include "core/views.hpp"

using namespace sl;

namespace {
std::set<int64_t> bytes_of(const Array& a) {
  std::set<int64_t> out;
  if (a.size() == 0) return out;
  std::vector<int64_t> idx(a.ndim(), 0);
  for (;;) {
    int64_t off = flat_offset(a, idx);
    for (int b = 0; b < a.itemsize(); ++b) out.insert(off + b);
    int k = a.ndim() - 1;
    for (; k >= 0; --k) {
      if (++idx[k] < a.shape[k]) break;
      idx[k] = 0;
    }
    if (k < 0) break;
  }
  return out;
}
bool brute_overlap(const Array& a, const Array& b) {
  auto x = bytes_of(a), y = bytes_of(b);
  for (int64_t v : x)
    if (y.count(v)) return true;
  return false;
}
IndexItem slice(std::optional<int64_t> b, std::optional<int64_t> e, std::optional<int64_t> s) {
  IndexItem it;
  it.kind = IndexItem::Slice;
  it.start = b;
  it.stop = e;
  it.step = s;
  return it;
}
}  // namespace

TEST_CASE("shares_memory matches brute force on random strided views", "[overlap]") {
  std::mt19937 rng(1234);
  ArrayPtr base = make_array(DType::I16, {6, 7, 5});
  auto rand_slice = [&](int64_t n) {
    std::uniform_int_distribution<int> d(-3, 3);
    int step = 0;
    while (step == 0) step = d(rng);
    std::uniform_int_distribution<int64_t> p(0, n - 1);
    std::uniform_int_distribution<int> coin(0, 1);
    std::optional<int64_t> stop;
    if (coin(rng)) stop = p(rng);
    return slice(p(rng), stop, int64_t(step));
  };
  int yes = 0;
  for (int iter = 0; iter < 400; ++iter) {
    ArrayPtr a = basic_index(base, {rand_slice(6), rand_slice(7), rand_slice(5)});
    ArrayPtr b = basic_index(base, {rand_slice(6), rand_slice(7), rand_slice(5)});
    if (iter % 3 == 0) b = view_dtype(basic_index(base, {slice({}, {}, {}), rand_slice(7)}), DType::I8);
    bool expect = brute_overlap(*a, *b);
    yes += expect;
    MemOverlap got = solve_may_share_memory(*a, *b, -1);
    REQUIRE(got != MemOverlap::TooHard);
    CHECK((got == MemOverlap::Yes) == expect);
  }
  CHECK(yes > 20);  // the random cases exercise both answers
}

TEST_CASE("may_share_memory is bounds-only", "[overlap]") {
  ArrayPtr x = make_array(DType::F64, {10});
  ArrayPtr evens = basic_index(x, {slice(0, {}, 2)});
  ArrayPtr odds = basic_index(x, {slice(1, {}, 2)});
  CHECK(solve_may_share_memory(*evens, *odds, 0) == MemOverlap::TooHard);  // extents overlap
  CHECK(solve_may_share_memory(*evens, *odds, -1) == MemOverlap::No);
  ArrayPtr empty = basic_index(x, {slice(3, 3, {})});
  CHECK(solve_may_share_memory(*x, *empty, -1) == MemOverlap::No);
}
