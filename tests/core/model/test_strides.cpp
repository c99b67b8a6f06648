// Layout arithmetic: contiguity flags, the no-copy reshape (checked element by
// element against the parent), PyTorch's computeStride, broadcasting.
#include <catch2/catch.hpp>

#include <random>

#include "core/model/element.hpp"
#include "core/model/strides.hpp"
#include "core/ops/views.hpp"

using namespace sl;

namespace {
ArrayPtr arange_i64(const Shape& shape) {
  ArrayPtr a = make_array(DType::I64, shape);
  for (int64_t i = 0; i < a->size(); ++i) store<int64_t>(a->data() + 8 * i, i);
  return a;
}
// Visits all elements of `a` in C order of its logical index.
std::vector<int64_t> values(const Array& a) {
  std::vector<int64_t> out;
  std::vector<int64_t> idx(a.ndim(), 0);
  if (a.size() == 0) return out;
  for (;;) {
    out.push_back(load<int64_t>(a.storage->data() + flat_offset(a, idx)));
    int k = a.ndim() - 1;
    for (; k >= 0; --k) {
      if (++idx[k] < a.shape[k]) break;
      idx[k] = 0;
    }
    if (k < 0) break;
  }
  return out;
}
}  // namespace

TEST_CASE("contiguity follows NumPy's relaxed rules", "[strides]") {
  CHECK(is_c_contiguous({3, 4}, {32, 8}, 8));
  CHECK_FALSE(is_f_contiguous({3, 4}, {32, 8}, 8));
  CHECK(is_f_contiguous({3, 4}, {8, 24}, 8));
  CHECK(is_c_contiguous({1, 4}, {12345, 8}, 8));  // length-1 axes are ignored
  CHECK(is_f_contiguous({1, 4}, {12345, 8}, 8));
  CHECK(is_c_contiguous({3, 0}, {7, 9}, 8));  // empty: both
  CHECK(is_f_contiguous({3, 0}, {7, 9}, 8));
  CHECK_FALSE(is_c_contiguous({3}, {0}, 8));  // stride 0 on a long axis
  CHECK(is_c_contiguous({}, {}, 8));
}

TEST_CASE("reshape without copy visits the same elements in C order", "[strides][reshape]") {
  ArrayPtr a = arange_i64({4, 6});
  struct Case { std::vector<IndexItem> idx; Shape to; bool view; };
  auto sl = [](std::optional<int64_t> b, std::optional<int64_t> e, std::optional<int64_t> s) {
    IndexItem it; it.kind = IndexItem::Slice; it.start = b; it.stop = e; it.step = s; return it;
  };
  std::vector<Case> cases = {
      {{sl({}, {}, 2)}, {2, 2, 3}, true},              // rows 0,2 : splits the contiguous row axis
      {{sl({}, {}, {}), sl({}, {}, 2)}, {12}, true},   // every other column of 6: rows stay evenly spaced
      {{sl({}, {}, {}), sl({}, 3, {})}, {12}, false},  // first 3 of 6 columns: needs a copy
      {{sl({}, {}, {}), sl({}, {}, 2)}, {4, 3, 1}, true},
      {{sl(1, {}, {})}, {3, 2, 3}, true},
      {{sl({}, {}, -1)}, {2, 2, 6}, true},
  };
  for (auto& c : cases) {
    ArrayPtr v = basic_index(a, c.idx);
    ArrayPtr r = reshape(v, c.to);
    CHECK(values(*r) == values(*v));
    bool shares = r->storage == a->storage;
    CHECK(shares == c.view);
  }
}

TEST_CASE("NumPy reshape errors carry NumPy's text", "[reshape]") {
  ArrayPtr a = arange_i64({12});
  REQUIRE_THROWS_WITH(reshape(a, {3, 5}), "cannot reshape array of size 12 into shape (3,5)");
  REQUIRE_THROWS_WITH(reshape(a, {5, -1}), "cannot reshape array of size 12 into shape (5,newaxis)");
  REQUIRE_THROWS_WITH(reshape(a, {-1, 5}), "cannot reshape array of size 12 into shape (5)");
  REQUIRE_THROWS_WITH(reshape(a, {-1, -1}), "can only specify one unknown dimension");
}

TEST_CASE("torch computeStride agrees with NumPy where both can view", "[strides][torch]") {
  // (2,3,4) transposed (1,2) -> view as (2,12) is impossible, (2,4,3)->(8,3) fine
  Shape s = {2, 4, 3};
  Strides st = {12, 1, 4};  // element strides of a (2,3,4) tensor transposed(1,2)
  CHECK_FALSE(torch_compute_stride(s, st, {2, 12}).has_value());
  auto ok = torch_compute_stride({2, 3, 4}, {12, 4, 1}, {6, 4});
  REQUIRE(ok);
  CHECK(*ok == Strides{4, 1});
  // test_flatten_view: as_strided((2,3,2,3,5,4),(6,2,15,5,1,0)) merges in three chunks
  auto f = torch_compute_stride({2, 3, 2, 3, 5, 4}, {6, 2, 15, 5, 1, 0}, {6, 30, 4});
  REQUIRE(f);
  CHECK(*f == Strides{2, 1, 0});
  CHECK_FALSE(torch_compute_stride({2, 3, 2, 3, 5, 4}, {6, 2, 15, 5, 1, 0}, {6, 6, 20}).has_value());
  // The same reshape through NumPy's algorithm (strides in the same unit).
  auto n = nocopy_reshape({2, 3, 4}, {12, 4, 1}, {6, 4}, 1, 'C');
  REQUIRE(n);
  CHECK(*n == Strides{4, 1});
}

TEST_CASE("broadcasting", "[strides][broadcast]") {
  CHECK(broadcast_shapes({{3, 1}, {1, 4}}) == Shape{3, 4});
  CHECK(broadcast_shapes({{5, 1, 3}, {4, 1}, {}}) == Shape{5, 4, 3});
  REQUIRE_THROWS_WITH(broadcast_shapes({{3, 4}, {3}}), "operands could not be broadcast together with shapes (3,4) (3,) ");
  CHECK(broadcast_strides({3, 1}, {8, 8}, {2, 3, 4}) == Strides{0, 8, 0});
}

TEST_CASE("allocations that cannot be satisfied raise MemoryError with NumPy's text", "[storage]") {
  REQUIRE_THROWS_WITH(make_array(DType::F64, {10000000000}),
                      "Unable to allocate 74.5 GiB for an array with shape (10000000000,) and data type float64");
  try {
    make_array(DType::F64, {1000000, 1000000});
    FAIL("expected MemoryError");
  } catch (const PyError& e) {
    CHECK(e.type == "_ArrayMemoryError");
  }
}

namespace {
// Byte offsets of every element of (shape, strides) visited in `order`
// ('C': last index fastest, 'F': first index fastest).
std::vector<int64_t> offsets_in_order(const Shape& shape, const Strides& strides, char order) {
  std::vector<int64_t> out;
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  if (n == 0) return out;
  int nd = int(shape.size());
  std::vector<int64_t> idx(size_t(nd), 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t off = 0;
    for (int k = 0; k < nd; ++k) off += idx[size_t(k)] * strides[size_t(k)];
    out.push_back(off);
    for (int j = 0; j < nd; ++j) {
      int k = order == 'C' ? nd - 1 - j : j;
      if (++idx[size_t(k)] < shape[size_t(k)]) break;
      idx[size_t(k)] = 0;
    }
  }
  return out;
}

// Brute force: a reshape of a non-empty layout can be a view exactly when the
// element offsets, taken in `order`, are an affine function of the new index.
// Returns the strides that witness it (size-1 axes get the stride NumPy gives
// them is not checked: any stride is valid there).
bool reshape_is_affine(const Shape& old_shape, const Strides& old_strides, const Shape& new_shape, char order) {
  std::vector<int64_t> offs = offsets_in_order(old_shape, old_strides, order);
  int nd = int(new_shape.size());
  Strides s(size_t(nd), 0);
  int64_t step = 1;
  for (int j = 0; j < nd; ++j) {
    int k = order == 'C' ? nd - 1 - j : j;
    if (new_shape[size_t(k)] > 1) s[size_t(k)] = offs[size_t(step)] - offs[0];
    step *= new_shape[size_t(k)];
  }
  return offsets_in_order(new_shape, s, order) == offs;
}
}  // namespace

TEST_CASE("no-copy reshape finds a view exactly when one exists (random layouts, both orders)", "[strides][reshape]") {
  // Property over random layouts: negative, zero (broadcast) and non-unit strides,
  // size-1 axes, 0-d, to random target shapes of the same size. Whenever a view
  // exists (brute-force affinity), nocopy_reshape (NumPy's
  // _attempt_nocopy_reshape) must find one, its strides must visit the same
  // bytes in the same order, and when none exists it must say so.
  std::mt19937 rng(20261121);
  auto factorizations = [&](int64_t n) {
    Shape out;
    while (n > 1) {
      int64_t f = 2;
      while (n % f) ++f;
      // group prime factors randomly into axes, sprinkling size-1 axes
      if (!out.empty() && rng() % 2) out.back() *= f;
      else out.push_back(f);
      n /= f;
      if (rng() % 5 == 0) out.insert(out.begin() + long(rng() % (out.size() + 1)), 1);
    }
    if (rng() % 4 == 0) out.push_back(1);
    return out;
  };
  int views = 0, copies = 0;
  for (int iter = 0; iter < 4000; ++iter) {
    int nd = int(rng() % 5);
    Shape shape;
    Strides strides;
    for (int k = 0; k < nd; ++k) {
      int64_t d = int64_t(rng() % 4) + 1;
      shape.push_back(d);
      static const int64_t choices[] = {8, 16, 24, -8, -16, 0, 48, 8 * 12};
      strides.push_back(choices[rng() % 8]);
    }
    // Make some layouts contiguous-ish so views are common.
    if (rng() % 3 == 0) {
      int64_t st = 8;
      for (int k = nd - 1; k >= 0; --k) {
        strides[size_t(k)] = (rng() % 6 == 0) ? -st : st;
        st *= shape[size_t(k)] * ((rng() % 5 == 0) ? 2 : 1);
      }
    }
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    Shape target = factorizations(n);
    for (char order : {'C', 'F'}) {
      std::optional<Strides> got = nocopy_reshape(shape, strides, target, 8, order);
      bool expect = reshape_is_affine(shape, strides, target, order);
      INFO("shape " << shape_repr(shape) << " strides " << list_repr(strides) << " -> " << shape_repr(target) << " order " << order);
      REQUIRE(got.has_value() == expect);
      if (got) {
        CHECK(offsets_in_order(target, *got, order) == offsets_in_order(shape, strides, order));
        ++views;
      } else {
        ++copies;
      }
    }
    // PyTorch's computeStride (element strides, C order only) decides the same way.
    Strides elem;
    for (int64_t st : strides) elem.push_back(st / 8);
    std::optional<Strides> t = torch_compute_stride(shape, elem, target);
    REQUIRE(t.has_value() == reshape_is_affine(shape, strides, target, 'C'));
    if (t) {
      Strides bytes;
      for (int64_t st : *t) bytes.push_back(st * 8);
      CHECK(offsets_in_order(target, bytes, 'C') == offsets_in_order(shape, strides, 'C'));
    }
  }
  CHECK(views > 1000);
  CHECK(copies > 500);
}
