// Layout arithmetic: contiguity flags, the no-copy reshape (checked element by
// element against the parent), PyTorch's computeStride, broadcasting.
#include <catch2/catch.hpp>

#include "core/element.hpp"
#include "core/strides.hpp"
#include "core/views.hpp"

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
