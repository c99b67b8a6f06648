// The overlap solver (core/model/overlap): the Diophantine solver against NumPy's
// own answers (tests/data/overlap_*.jsonl, recorded through refpy from
// numpy._core._multiarray_tests by tests/tools/gen_overlap.py),
// shares_memory / internal overlap against brute force (enumerate the bytes),
// and the cases of NumPy's test_mem_overlap.py.
#include <catch2/catch.hpp>

#include <random>
#include <set>
#include <sstream>

#include "core/model/overlap.hpp"
#include "core/ops/views.hpp"
#include "tests/core/program_cases.hpp"

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
// Two different index vectors reaching a common byte.
bool brute_internal_overlap(const Array& a) {
  return int64_t(bytes_of(a).size()) != a.size() * a.itemsize();
}
IndexItem slice(std::optional<int64_t> b, std::optional<int64_t> e, std::optional<int64_t> s) {
  IndexItem it;
  it.kind = IndexItem::Slice;
  it.start = b;
  it.stop = e;
  it.step = s;
  return it;
}
IndexItem integer(int64_t i) {
  IndexItem it;
  it.i = i;
  return it;
}
DType int_dtype(int isz) {
  return isz == 1 ? DType::I8 : isz == 2 ? DType::I16 : isz == 4 ? DType::I32 : DType::I64;
}

std::vector<int64_t> int_list(const std::string& text) {
  std::vector<int64_t> out;
  std::istringstream in(text);
  for (std::string t; in >> t;) out.push_back(std::stoll(t));
  return out;
}
int flag(const program_cases::Record& r, const char* key) { return std::stoi(program_cases::field(r, key)); }

// An in-bounds layout over `base` (int8) starting at byte `off`.
ArrayPtr layout(const ArrayPtr& base, DType dt, const Shape& shape, const Strides& strides, int64_t off) {
  return make_view(base, dt, shape, strides, off);
}
}  // namespace

TEST_CASE("solve_diophantine reproduces NumPy's answers, solutions and work counting", "[overlap]") {
  int checked = 0, solved = 0;
  for (const auto& c : program_cases::read_jsonl("overlap_diophantine.jsonl")) {
    std::vector<int64_t> A = int_list(program_cases::field(c, "A")), U = int_list(program_cases::field(c, "U"));
    REQUIRE(A.size() == U.size());
    int64_t b = std::stoll(program_cases::field(c, "b"));
    int result = flag(c, "result");
    std::vector<DiophantineTerm> terms;
    for (size_t k = 0; k < A.size(); ++k) terms.push_back({A[k], U[k]});
    INFO("case " << checked << " b=" << b << " max_work=" << flag(c, "max_work"));
    ++checked;
    if (flag(c, "simplify") && !diophantine_simplify(terms, b)) {
      CHECK(result == 3);
      continue;
    }
    std::vector<int64_t> x;
    MemOverlap r = solve_diophantine(terms, b, flag(c, "max_work"), flag(c, "nontrivial") != 0, x);
    switch (result) {
      case 0: CHECK(r == MemOverlap::No); break;
      case 1:
        REQUIRE(r == MemOverlap::Yes);
        CHECK(x == int_list(program_cases::field(c, "x")));  // the same solution: the same search order
        ++solved;
        break;
      case 2: CHECK(r == MemOverlap::TooHard); break;
      case 3: CHECK(r == MemOverlap::Overflow); break;
      default: FAIL("unknown result kind " << result);
    }
  }
  CHECK(checked > 200);
  CHECK(solved > 30);
}

TEST_CASE("solutions found by solve_diophantine satisfy the equation and bounds", "[overlap]") {
  std::mt19937_64 rng(99);
  int yes = 0;
  for (int iter = 0; iter < 2000; ++iter) {
    std::uniform_int_distribution<int> nd(1, 5);
    std::vector<DiophantineTerm> t(size_t(nd(rng)));
    for (auto& x : t) x = {int64_t(rng() % 40) + 1, int64_t(rng() % 8)};
    int64_t b = int64_t(rng() % 200);
    std::vector<int64_t> x;
    MemOverlap r = solve_diophantine(t, b, -1, false, x);
    // brute force over all x (small bounds)
    bool feasible = false;
    std::vector<int64_t> v(t.size(), 0);
    for (;;) {
      int64_t s = 0;
      for (size_t k = 0; k < t.size(); ++k) s += t[k].a * v[k];
      if (s == b) feasible = true;
      size_t k = 0;
      for (; k < t.size(); ++k) {
        if (++v[k] <= t[k].ub) break;
        v[k] = 0;
      }
      if (k == t.size()) break;
    }
    CHECK((r == MemOverlap::Yes) == feasible);
    if (r == MemOverlap::Yes) {
      ++yes;
      int64_t s = 0;
      for (size_t k = 0; k < t.size(); ++k) {
        CHECK(x[k] >= 0);
        CHECK(x[k] <= t[k].ub);
        s += t[k].a * x[k];
      }
      CHECK(s == b);
    }
  }
  CHECK(yes > 200);
}

TEST_CASE("diophantine_simplify merges, sorts and trims", "[overlap]") {
  std::vector<DiophantineTerm> t{{3, 5}, {7, 2}, {3, 4}, {100, 9}, {1, 0}};
  REQUIRE(diophantine_simplify(t, 20));
  REQUIRE(t.size() == 2);  // 100 trimmed to 0 and dropped, 1 has ub 0
  CHECK(t[0].a == 7);
  CHECK(t[0].ub == 2);
  CHECK(t[1].a == 3);
  CHECK(t[1].ub == 6);  // 5 + 4 = 9, trimmed to 20 / 3
  std::vector<DiophantineTerm> big{{1, INT64_MAX}, {1, INT64_MAX}};
  CHECK_FALSE(diophantine_simplify(big, 5));  // the merged bound overflows
}

TEST_CASE("internal overlap matches NumPy and brute force", "[overlap]") {
  int n = 0, overlapping = 0;
  for (const auto& c : program_cases::read_jsonl("overlap_internal.jsonl")) {
    std::vector<int64_t> shape = int_list(program_cases::field(c, "shape")), strides = int_list(program_cases::field(c, "strides"));
    REQUIRE(shape.size() == strides.size());
    bool want = flag(c, "overlap") != 0;
    ArrayPtr base = make_array(DType::I8, {4096});
    int64_t lo = 0;
    bool empty = false;
    for (size_t k = 0; k < shape.size(); ++k) {
      empty |= shape[k] == 0;
      if (strides[k] < 0) lo += (shape[k] - 1) * strides[k];
    }
    ArrayPtr a = layout(base, int_dtype(flag(c, "itemsize")), Shape(shape.begin(), shape.end()),
                        Strides(strides.begin(), strides.end()), empty ? 0 : -lo);
    INFO("case " << n);
    MemOverlap r = solve_may_have_internal_overlap(*a, -1);
    CHECK((r == MemOverlap::Yes) == want);
    CHECK(brute_internal_overlap(*a) == want);
    ++n;
    overlapping += want;
  }
  CHECK(n >= 200);
  CHECK(overlapping > 20);
}

TEST_CASE("test_internal_overlap_manual (NumPy test_mem_overlap.py)", "[overlap]") {
  ArrayPtr x = make_array(DType::I8, {1});
  // Stride-0 on an axis longer than 1.
  ArrayPtr base = make_array(DType::I8, {64});
  CHECK(solve_may_have_internal_overlap(*layout(base, DType::I8, {2}, {0}, 0), -1) == MemOverlap::Yes);
  CHECK(solve_may_have_internal_overlap(*layout(base, DType::I8, {1}, {0}, 0), -1) == MemOverlap::No);
  CHECK(solve_may_have_internal_overlap(*layout(base, DType::I8, {4, 4}, {3, 4}, 0), -1) == MemOverlap::No);
  CHECK(solve_may_have_internal_overlap(*layout(base, DType::I8, {5, 4}, {3, 4}, 0), -1) == MemOverlap::Yes);
  CHECK(solve_may_have_internal_overlap(*x, -1) == MemOverlap::No);
}

TEST_CASE("test_may_share_memory_manual (NumPy test_mem_overlap.py)", "[overlap]") {
  // Base arrays of several layouts; x[:, 0, :] vs x[:, 1, :] never overlap,
  // x[:, ::7] vs x[:, 3::3] always do, with every sign of the steps.
  for (DType dt : {DType::I8, DType::I16, DType::F64}) {
    ArrayPtr xs = make_array(dt, {6, 3, 5});
    ArrayPtr a = basic_index(xs, {slice({}, {}, {}), integer(0), slice({}, {}, {})});
    ArrayPtr b = basic_index(xs, {slice({}, {}, {}), integer(1), slice({}, {}, {})});
    CHECK(solve_may_share_memory(*a, *b, -1) == MemOverlap::No);
    CHECK(solve_may_share_memory(*a, *b, 0) == MemOverlap::TooHard);  // extents overlap
  }
  ArrayPtr x = make_array(DType::I8, {4, 25});
  for (int64_t s1 : {7, -7})
    for (int64_t s2 : {3, -3}) {
      ArrayPtr a = basic_index(x, {slice({}, {}, {}), slice({}, {}, s1)});
      ArrayPtr b = basic_index(x, {slice({}, {}, {}), slice(s2 > 0 ? 3 : -4, {}, s2)});
      CHECK(solve_may_share_memory(*a, *b, -1) == (brute_overlap(*a, *b) ? MemOverlap::Yes : MemOverlap::No));
    }
  // Itemsize matters: an int16 view of int8 data.
  ArrayPtr y = make_array(DType::I8, {20});
  ArrayPtr y16 = view_dtype(y, DType::I16);
  ArrayPtr odd = basic_index(y, {slice(1, {}, 2)});
  CHECK(solve_may_share_memory(*y16, *odd, -1) == MemOverlap::Yes);
  ArrayPtr evens16 = basic_index(y16, {slice(0, {}, 2)});
  ArrayPtr far = basic_index(y, {slice(2, 4, {})});
  CHECK(solve_may_share_memory(*evens16, *far, -1) == MemOverlap::No);
  // Zero-size arrays never overlap anything.
  ArrayPtr empty = basic_index(y, {slice(3, 3, {})});
  CHECK(solve_may_share_memory(*empty, *y, -1) == MemOverlap::No);
  CHECK(solve_may_share_memory(*y, *y, -1) == MemOverlap::Yes);
}

TEST_CASE("shares_memory matches brute force on random layouts (negative strides, dtype views, as_strided)", "[overlap]") {
  std::mt19937 rng(4321);
  ArrayPtr base = make_array(DType::I8, {160});
  std::uniform_int_distribution<int> coin(0, 99);
  auto random_layout = [&](void) -> ArrayPtr {
    static const int64_t stride_choices[] = {0, 1, -1, 2, 3, -3, 4, 5, -6, 7, 8, 12, -12, 16, 24, -24};
    for (;;) {
      int isz = 1 << (rng() % 4);
      int nd = int(rng() % 4);
      Shape shape;
      Strides strides;
      int64_t lo = 0, hi = 0;
      bool empty = false;
      for (int k = 0; k < nd; ++k) {
        shape.push_back(coin(rng) < 5 ? 0 : int64_t(rng() % 5) + 1);
        strides.push_back(stride_choices[rng() % 16] * (coin(rng) < 50 ? 1 : isz));
        empty |= shape.back() == 0;
        if (strides.back() < 0) lo += (shape.back() - 1) * strides.back();
        else hi += (shape.back() - 1) * strides.back();
      }
      if (empty) lo = hi = 0;
      if (hi - lo + isz > 160) continue;
      int64_t off = -lo + int64_t(rng() % uint64_t(160 - isz - hi + lo + 1));
      return layout(base, int_dtype(isz), shape, strides, off);
    }
  };
  int yes = 0, hard = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    ArrayPtr a = random_layout(), b = random_layout();
    bool expect = brute_overlap(*a, *b);
    MemOverlap exact = solve_may_share_memory(*a, *b, -1);
    REQUIRE(exact != MemOverlap::TooHard);
    CHECK((exact == MemOverlap::Yes) == expect);
    yes += expect;
    // A bounded search may give up, but never gives a wrong answer.
    MemOverlap bounded = solve_may_share_memory(*a, *b, 2);
    if (bounded == MemOverlap::TooHard) ++hard;
    else CHECK((bounded == MemOverlap::Yes) == expect);
    // np.may_share_memory (max_work=0, extents only) is never "No" when bytes intersect.
    if (expect) CHECK(solve_may_share_memory(*a, *b, 0) != MemOverlap::No);
    CHECK((solve_may_have_internal_overlap(*a, -1) == MemOverlap::Yes) == brute_internal_overlap(*a));
  }
  CHECK(yes > 300);
  CHECK(hard > 10);
}

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
  CHECK(yes > 20);
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
