// Advanced indexing (core/ops/index), take / put / nonzero, repeat and the NumPy
// sort ports (core/ops/sort). Results are checked element by element against a
// direct evaluation of NumPy's indexing rule; messages, results of fancy
// assignment and argsort orders of equal keys are the reference's: pins
// (tests/core/pins.hpp) recorded through refpy from the programs of
// tests/tools/lang/corpus/pins_index.txt, one printed line per check.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <random>
#include <sstream>

#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/ops/index.hpp"
#include "core/numpy/join.hpp"
#include "core/ops/sort.hpp"
#include "core/ops/views.hpp"
#include "tests/core/pins.hpp"

using namespace sl;

namespace {
std::string line(const char* name, size_t k) { return pins::line("pins_index", name, k); }
std::vector<int64_t> int_line(const char* name, size_t k) {
  std::istringstream in(line(name, k));
  std::vector<int64_t> out;
  for (int64_t v; in >> v;) out.push_back(v);
  return out;
}
ArrayPtr arange(const Shape& shape, DType dt = DType::I64) {
  ArrayPtr a = make_array(dt, shape);
  for (int64_t i = 0; i < a->size(); ++i) store_as(dt, a->data() + i * a->itemsize(), i);
  return a;
}
ArrayPtr ints(const Shape& shape, std::vector<int64_t> v) {
  ArrayPtr a = make_array(DType::I64, shape);
  REQUIRE(int64_t(v.size()) == a->size());
  for (size_t i = 0; i < v.size(); ++i) store<int64_t>(a->data() + 8 * i, v[i]);
  return a;
}
ArrayPtr bools(const Shape& shape, std::vector<int> v) {
  ArrayPtr a = make_array(DType::Bool, shape);
  for (size_t i = 0; i < v.size(); ++i) store<bool>(a->data() + i, v[i] != 0);
  return a;
}
int64_t at(const Array& a, const std::vector<int64_t>& idx) {
  return load_as<int64_t>(a.dtype, a.storage->data() + flat_offset(a, idx));
}
std::vector<int64_t> values(const Array& a) {
  std::vector<int64_t> out;
  if (a.size() == 0) return out;
  std::vector<int64_t> idx(a.ndim(), 0);
  for (;;) {
    out.push_back(at(a, idx));
    int k = a.ndim() - 1;
    for (; k >= 0; --k) {
      if (++idx[k] < a.shape[k]) break;
      idx[k] = 0;
    }
    if (k < 0) return out;
  }
}
FancyIndexItem arr(ArrayPtr x) {
  FancyIndexItem it;
  it.kind = x->dtype == DType::Bool ? FancyIndexItem::BoolArray : FancyIndexItem::IntArray;
  it.arr = std::move(x);
  return it;
}
FancyIndexItem all() {
  FancyIndexItem it;
  it.basic.kind = IndexItem::Slice;
  return it;
}
FancyIndexItem integer(int64_t i) {
  FancyIndexItem it;
  it.basic.i = i;
  return it;
}
FancyIndexItem newaxis() {
  FancyIndexItem it;
  it.basic.kind = IndexItem::NewAxis;
  return it;
}
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const PyError& e) {
    return e.type + ": " + e.msg;
  }
  return "no error";
}
}  // namespace

TEST_CASE("integer-array indexing gathers a copy, element by element", "[index]") {
  ArrayPtr a = arange({3, 4});
  // a[[0, 2], [1, 3]] -> [1, 11]
  ArrayPtr r = fancy_getitem(a, {arr(ints({2}, {0, 2})), arr(ints({2}, {1, 3}))});
  CHECK(values(*r) == std::vector<int64_t>{1, 11});
  CHECK(r->storage != a->storage);
  CHECK(r->owndata);
  // a[[[0], [2]], [1, 3]] broadcasts the index arrays to (2, 2)
  r = fancy_getitem(a, {arr(ints({2, 1}, {0, 2})), arr(ints({2}, {1, 3}))});
  CHECK(r->shape == Shape{2, 2});
  CHECK(values(*r) == std::vector<int64_t>{1, 3, 9, 11});
  // negative indices count from the end
  r = fancy_getitem(a, {arr(ints({3}, {-1, 0, -3}))});
  CHECK(r->shape == Shape{3, 4});
  for (int64_t j = 0; j < 4; ++j) {
    CHECK(at(*r, {0, j}) == at(*a, {2, j}));
    CHECK(at(*r, {2, j}) == at(*a, {0, j}));
  }
}

TEST_CASE("result shape: adjacent array indices stay in place, separated ones go first", "[index]") {
  ArrayPtr x = make_array(DType::I8, {10, 20, 30, 40, 50});
  ArrayPtr i = make_array(DType::I64, {2, 3, 4});
  // x[:, i, i] -> (10, 2, 3, 4, 40, 50), a transposed view of a (2,3,4,10,40,50) temporary
  ArrayPtr r = fancy_getitem(x, {all(), arr(i), arr(i)});
  CHECK(r->shape == Shape{10, 2, 3, 4, 40, 50});
  CHECK(r->strides == Strides{2000, 240000, 80000, 20000, 50, 1});
  CHECK_FALSE(r->owndata);
  REQUIRE(r->base);
  CHECK(r->base->shape == Shape{2, 3, 4, 10, 40, 50});
  // x[:, i, :, i] -> (2, 3, 4, 10, 30, 50), C-ordered and owning
  r = fancy_getitem(x, {all(), arr(i), all(), arr(i)});
  CHECK(r->shape == Shape{2, 3, 4, 10, 30, 50});
  CHECK(r->strides == Strides{180000, 60000, 15000, 1500, 50, 1});
  CHECK(r->owndata);
  // an integer counts as an array index for placement: a[0, :, [1, 2, 3]] -> (3, 3, 5)
  ArrayPtr a = arange({2, 3, 4, 5});
  CHECK(fancy_getitem(a, {integer(0), all(), arr(ints({3}, {1, 2, 3}))})->shape == Shape{3, 3, 5});
  CHECK(fancy_getitem(a, {all(), arr(ints({2}, {0, 1})), arr(ints({2}, {1, 2}))})->shape == Shape{2, 2, 5});
  CHECK(fancy_getitem(a, {all(), arr(ints({2}, {0, 1})), all(), arr(ints({2}, {1, 2}))})->shape == Shape{2, 2, 4});
  // element check of a mixed index against the rule r[k, p, q] = a[p, i[k], q, j[k]]
  ArrayPtr ii = ints({2}, {2, 0}), jj = ints({2}, {4, 1});
  r = fancy_getitem(a, {all(), arr(ii), all(), arr(jj)});
  for (int64_t k = 0; k < 2; ++k)
    for (int64_t p = 0; p < 2; ++p)
      for (int64_t q = 0; q < 4; ++q) CHECK(at(*r, {k, p, q}) == at(*a, {p, at(*ii, {k}), q, at(*jj, {k})}));
}

TEST_CASE("fancy result memory order follows NumPy's mapiter", "[index]") {
  ArrayPtr a = arange({5, 4}, DType::I16);
  ArrayPtr i = transpose(ints({2, 3}, {0, 1, 2, 3, 3, 0}), {});  // F-ordered (3, 2)
  // trivial subspace: the index arrays' memory order (a[i, 0].strides == (2, 6))
  CHECK(fancy_getitem(a, {arr(i), integer(0)})->strides == Strides{2, 6});
  // non-trivial subspace: B C-ordered, subspace after it (a[i].strides == (16, 8, 2))
  CHECK(fancy_getitem(a, {arr(i)})->strides == Strides{16, 8, 2});
  // the subspace keeps the view's stride order: b.transpose(2, 0, 1)[:, [1, 0]].strides == (2, 24, 6)
  ArrayPtr b = transpose(arange({5, 4, 3}, DType::I16), {2, 0, 1});
  CHECK(fancy_getitem(b, {all(), arr(ints({2}, {1, 0}))})->strides == Strides{2, 24, 6});
  // a new axis in the subspace sorts innermost: a3[[0], None].strides == (24, 2, 8, 2)
  ArrayPtr a3 = arange({2, 3, 4}, DType::I16);
  CHECK(fancy_getitem(a3, {arr(ints({1}, {0})), newaxis()})->strides == Strides{24, 2, 8, 2});
}

TEST_CASE("boolean indices act as their nonzero()", "[index]") {
  ArrayPtr a = arange({3, 4});
  std::vector<int> m{1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0};  // a % 3 == 0
  ArrayPtr r = fancy_getitem(a, {arr(bools({3, 4}, m))});
  CHECK(values(*r) == std::vector<int64_t>{0, 3, 6, 9});
  // a 1-d mask on the first axis keeps the rest
  r = fancy_getitem(a, {arr(bools({3}, {1, 0, 1}))});
  CHECK(r->shape == Shape{2, 4});
  CHECK(at(*r, {1, 2}) == at(*a, {2, 2}));
  CHECK(error_of([&] { fancy_getitem(arange({5}), {arr(bools({2}, {1, 0}))}); }) ==
        "IndexError: boolean index did not match indexed array along axis 0; size of axis is 5 but size of "
        "corresponding boolean axis is 2");
  // boolean axes of length 0 are not checked (NumPy's prepare_index)
  CHECK(fancy_getitem(make_array(DType::F64, {3, 2}), {arr(bools({0}, {}))})->shape == Shape{0, 2});
  FancyIndexItem t;
  t.kind = FancyIndexItem::Bool0d;
  t.value = true;
  CHECK(fancy_getitem(a, {t})->shape == Shape{1, 3, 4});
  t.value = false;
  CHECK(fancy_getitem(a, {t})->shape == Shape{0, 3, 4});
}

TEST_CASE("errors come in NumPy's order", "[index]") {
  ArrayPtr a = arange({2, 3});
  CHECK(error_of([&] { fancy_getitem(a, {arr(ints({2}, {0, 2}))}); }) ==
        line("fancy getitem errors in order", 0));
  CHECK(error_of([&] { fancy_getitem(a, {arr(ints({2}, {0, 1})), arr(ints({3}, {0, 1, 2}))}); }) == line("fancy getitem errors in order", 1));
  // bounds are checked after broadcasting (shape mismatch wins) ...
  CHECK(error_of([&] { fancy_getitem(a, {arr(ints({2}, {5, 1})), arr(ints({3}, {0, 1, 2}))}); }) == line("fancy getitem errors in order", 2));
  // ... integers before it, numbered as axes of a
  ArrayPtr x = arange({2, 3, 4});
  CHECK(error_of([&] { fancy_getitem(x, {integer(7), arr(ints({2}, {0, 1})), arr(ints({3}, {0, 1, 2}))}); }) == line("fancy getitem errors in order", 3));
  CHECK(error_of([&] { fancy_getitem(x, {newaxis(), integer(1), all(), arr(ints({1}, {9}))}); }) == line("fancy getitem errors in order", 4));
  CHECK(error_of([&] { fancy_getitem(a, {arr(ints({1}, {0})), arr(ints({1}, {0})), arr(ints({1}, {0}))}); }) == line("fancy getitem errors in order", 5));
  // an empty result skips the bounds check
  CHECK(line("fancy index of an empty result skips bounds", 0) == "(1, 0)");
  CHECK(fancy_getitem(make_array(DType::F64, {3, 0}), {arr(ints({1}, {5}))})->shape == Shape{1, 0});
}

TEST_CASE("fancy assignment: broadcasting, casting, last write wins", "[index]") {
  ArrayPtr a = make_array(DType::I64, {6});
  fancy_setitem(a, {arr(ints({3}, {0, 2, 4}))}, ints({3}, {1, 2, 3}));
  CHECK(values(*a) == int_line("fancy setitem values", 0));
  fancy_setitem(a, {arr(ints({3}, {1, 1, 1}))}, ints({3}, {7, 8, 9}));
  CHECK(at(*a, {1}) == 9);
  ArrayPtr f = make_array(DType::F64, {1});
  store<double>(f->data(), 7.9);
  fancy_setitem(a, {arr(ints({2}, {3, 5}))}, f);  // cast float -> int, broadcast
  CHECK(values(*a) == int_line("fancy setitem values", 1));
  // c[:, [0, 3]] = [9, 8]: the value broadcasts against the transposed result (3, 2)
  ArrayPtr c = make_array(DType::I64, {3, 4});
  fancy_setitem(c, {all(), arr(ints({2}, {0, 3}))}, ints({2}, {9, 8}));
  for (int64_t r = 0; r < 3; ++r) {
    CHECK(at(*c, {r, 0}) == 9);
    CHECK(at(*c, {r, 3}) == 8);
    CHECK(at(*c, {r, 1}) == 0);
  }
  CHECK(error_of([&] { fancy_setitem(c, {all(), arr(ints({2}, {0, 3}))}, ints({3}, {9, 8, 7})); }) ==
        line("fancy setitem errors", 0));
  // the value's shape is checked before the indices' bounds
  CHECK(error_of([&] { fancy_setitem(c, {arr(ints({2}, {9, 0}))}, ints({3}, {1, 2, 3})); }) ==
        line("fancy setitem errors", 1));
  // a single full-shape mask: array_assign_boolean_subscript's rules
  ArrayPtr m = bools({3, 4}, {0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1});
  CHECK(error_of([&] { fancy_setitem(c, {arr(m)}, ints({3}, {1, 2, 3})); }) == line("fancy setitem errors", 2));
  CHECK(error_of([&] { fancy_setitem(c, {arr(m)}, ints({1, 2}, {1, 2})); }) == line("fancy setitem errors", 3));
  fancy_setitem(c, {arr(m)}, ints({2}, {-1, -2}));
  CHECK(at(*c, {0, 1}) == -1);
  CHECK(at(*c, {2, 3}) == -2);
  // a value that overlaps the destination is copied first (NumPy 2):
  // a[[1, 2, 3]] = a[:3] writes the old values
  ArrayPtr d = arange({6});
  fancy_setitem(d, {arr(ints({3}, {1, 2, 3}))}, basic_index(d, {[] {
                                                             IndexItem s;
                                                             s.kind = IndexItem::Slice;
                                                             s.stop = 3;
                                                             return s;
                                                           }()}));
  CHECK(values(*d) == int_line("fancy setitem copies an overlapping value", 0));
  // ... as is a value that must be cast: a[[1, 2, 3]] = a[:3].astype(int32)
  ArrayPtr e = arange({6});
  IndexItem head;
  head.kind = IndexItem::Slice;
  head.stop = 3;
  fancy_setitem(e, {arr(ints({3}, {1, 2, 3}))}, copy_in_order(*basic_index(e, {head}), DType::I32, 'C'));
  CHECK(values(*e) == int_line("fancy setitem copies an overlapping value", 1));
  // a value broadcast along an index axis: a[[[1, 2, 3], [1, 2, 3]]] = a[:3]
  ArrayPtr h = arange({5});
  fancy_setitem(h, {arr(ints({2, 3}, {1, 2, 3, 1, 2, 3}))}, basic_index(h, {head}));
  CHECK(values(*h) == int_line("fancy setitem copies an overlapping value", 2));
  // and an F-ordered value against C-ordered indices
  ArrayPtr q = arange({8});
  IndexItem four;
  four.kind = IndexItem::Slice;
  four.stop = 4;
  fancy_setitem(q, {arr(ints({2, 2}, {1, 2, 3, 4}))}, transpose(reshape(basic_index(q, {four}), {2, 2}), {}));
  CHECK(values(*q) == int_line("fancy setitem copies an overlapping value", 3));
  // a value with extra leading axes is reshaped to the result's rank when the sizes agree
  ArrayPtr g = make_array(DType::I64, {3, 0});
  CHECK_NOTHROW(fancy_setitem(g, {arr(ints({2}, {0, 1}))}, make_array(DType::I64, {2, 1, 0})));
}

TEST_CASE("nonzero returns strided views of one (N, ndim) array", "[index]") {
  ArrayPtr a = ints({2, 3}, {0, 5, 0, 7, 0, 1});
  std::vector<ArrayPtr> nz = nonzero(*a);
  REQUIRE(nz.size() == 2);
  CHECK(values(*nz[0]) == std::vector<int64_t>{0, 1, 1});
  CHECK(values(*nz[1]) == std::vector<int64_t>{1, 0, 2});
  CHECK(nz[0]->strides == Strides{16});
  CHECK(nz[0]->base == nz[1]->base);
  CHECK(nz[0]->base->shape == Shape{3, 2});
  CHECK(count_nonzero(*a) == 3);
}

TEST_CASE("take, put and repeat", "[index]") {
  ArrayPtr a = arange({2, 5});
  ArrayPtr t = take(a, *ints({2}, {4, -1}), 1);
  CHECK(t->shape == Shape{2, 2});
  CHECK(values(*t) == std::vector<int64_t>{4, 4, 9, 9});
  CHECK(error_of([&] { take(a, *ints({1}, {7}), 1); }) == "IndexError: index 7 is out of bounds for axis 1 with size 5");
  CHECK(values(*take(a, *ints({2}, {7, -8}), 1, 'w')) == std::vector<int64_t>{2, 2, 7, 7});
  CHECK(values(*take(a, *ints({2}, {7, -8}), 1, 'c')) == std::vector<int64_t>{4, 0, 9, 5});
  ArrayPtr ti = take(a, *ints({2, 1}, {1, 0}), 0);  // index shape (2, 1) replaces axis 0
  CHECK(ti->shape == Shape{2, 1, 5});
  CHECK(at(*ti, {0, 0, 3}) == 8);
  ArrayPtr p = arange({5});
  put(p, *ints({3}, {0, 2, -1}), *ints({2}, {10, 20}));  // values repeat cyclically
  CHECK(values(*p) == std::vector<int64_t>{10, 1, 20, 3, 10});
  ArrayPtr r = repeat(arange({3}), {1, 0, 2}, false, 0);
  CHECK(values(*r) == int_line("repeat values and errors", 0));
  CHECK(values(*repeat(arange({2, 2}), {2}, true, std::nullopt)) == int_line("repeat values and errors", 1));
  CHECK(error_of([&] { repeat(arange({3}), {1, 2}, false, 0); }) == line("repeat values and errors", 2));
  CHECK(error_of([&] { repeat(arange({3}), {1, -2, 1}, false, 0); }) == line("repeat values and errors", 3));
}

TEST_CASE("argsort: quicksort is a sort; stable keeps equal keys in order", "[sort]") {
  // The order of equal keys under kind='quicksort' is the port of NumPy's
  // scalar introsort (npysort/quicksort.cpp). NumPy 2.2 on an AVX2 CPU sorts
  // 64-bit keys with x86-simd-sort instead, whose order of equal keys differs;
  // the corpus program pins_index/"argsort quicksort order of equal keys"
  // records the reference's order and is pending (tests/data/lang/pending.txt).
  ArrayPtr a = ints({22}, {1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1});
  ArrayPtr b = ints({26}, {3, 1, 2, 1, 3, 1, 2, 2, 1, 3, 1, 1, 2, 3, 1, 2, 1, 3, 2, 1, 1, 2, 3, 3, 1, 2});
  for (const ArrayPtr& x : {a, b}) {
    std::vector<int64_t> q = values(*argsort(*x, 0, SortKind::Quick));
    std::vector<int64_t> perm = q;
    std::sort(perm.begin(), perm.end());
    for (size_t k = 0; k < perm.size(); ++k) CHECK(perm[k] == int64_t(k));
    for (size_t k = 1; k < q.size(); ++k) CHECK(at(*x, {q[k - 1]}) <= at(*x, {q[k]}));
  }
  // stable: equal keys keep their order
  ArrayPtr s = argsort(*b, 0, SortKind::Stable);
  std::vector<int64_t> sv = values(*s);
  for (size_t k = 1; k < sv.size(); ++k) {
    int64_t x = at(*b, {sv[k - 1]}), y = at(*b, {sv[k]});
    CHECK(x <= y);
    if (x == y) CHECK(sv[k - 1] < sv[k]);
  }
  CHECK(parse_sort_kind("mergesort") == SortKind::Stable);
  CHECK(error_of([] { parse_sort_kind("foo"); }) == line("sort kind error", 0));
}

TEST_CASE("sort matches std::sort on random data, NaNs last, along any axis", "[sort]") {
  std::mt19937 rng(7);
  for (SortKind kind : {SortKind::Quick, SortKind::Heap, SortKind::Stable}) {
    for (int n : {0, 1, 15, 16, 17, 100, 1000}) {
      ArrayPtr a = make_array(DType::F64, {3, n});
      std::vector<std::vector<double>> ref(3);
      for (int r = 0; r < 3; ++r)
        for (int k = 0; k < n; ++k) {
          double v = rng() % 10 == 0 ? NAN : double(rng() % 50);
          store<double>(a->data() + 8 * (r * n + k), v);
          ref[r].push_back(v);
        }
      ArrayPtr idx = argsort(*a, 1, kind);
      sort_inplace(*a, 1, kind);
      for (int r = 0; r < 3; ++r) {
        std::vector<double> expect = ref[r];
        std::stable_sort(expect.begin(), expect.end(), [](double x, double y) { return x < y || (y != y && x == x); });
        for (int k = 0; k < n; ++k) {
          double got = load<double>(a->data() + 8 * (r * n + k));
          double via_idx = ref[r][size_t(at(*idx, {r, k}))];
          if (std::isnan(expect[size_t(k)])) {
            CHECK(std::isnan(got));
            CHECK(std::isnan(via_idx));
          } else {
            CHECK(got == expect[size_t(k)]);
            CHECK(via_idx == expect[size_t(k)]);
          }
        }
      }
    }
  }
}
