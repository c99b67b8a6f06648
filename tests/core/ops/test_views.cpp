// The view zoo (core/ops/views): every view is compared element by element with
// its parent through the index mapping the operation defines, and checked to
// share the parent's storage; layouts and errors are the reference's: pins
// (tests/core/pins.hpp) recorded through refpy from the programs of
// tests/tools/lang/corpus/pins_views.txt, one printed line per check. Ideas
// from NumPy's test_stride_tricks.py and test_multiarray.py::TestViewDtype.
#include <catch2/catch.hpp>

#include <functional>

#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/numpy/join.hpp"
#include "core/model/strides.hpp"
#include "core/ops/views.hpp"
#include "tests/core/brute.hpp"
#include "tests/core/pins.hpp"

using namespace sl;

namespace {
ArrayPtr arange_i64(const Shape& shape) {
  ArrayPtr a = make_array(DType::I64, shape);
  for (int64_t i = 0; i < a->size(); ++i) store<int64_t>(a->data() + 8 * i, i);
  return a;
}
int64_t at(const Array& a, const std::vector<int64_t>& idx) {
  return load_as<int64_t>(a.dtype, a.storage->data() + flat_offset(a, idx));
}
// Every element of view v equals parent[map(index)], and v shares parent's storage.
void check_view(const Array& parent, const Array& v,
                const std::function<std::vector<int64_t>(const std::vector<int64_t>&)>& map) {
  REQUIRE(v.storage == parent.storage);
  int n = 0;
  brute::for_each_index(v.shape, [&](const std::vector<int64_t>& idx) {
    CHECK(flat_offset(v, idx) == flat_offset(parent, map(idx)));
    ++n;
  });
  CHECK(n == v.size());
}
std::string line(const char* name, size_t k) { return pins::line("pins_views", name, k); }
using pins::tuple_text;
std::string layout(const Array& a) { return tuple_text(a.shape) + " " + tuple_text(a.strides); }
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const PyError& e) {
    return e.type + ": " + e.msg;
  }
  return "no error";
}
IndexItem sl_(std::optional<int64_t> b, std::optional<int64_t> e, std::optional<int64_t> s = {}) {
  IndexItem it;
  it.kind = IndexItem::Slice;
  it.start = b;
  it.stop = e;
  it.step = s;
  return it;
}
}  // namespace

TEST_CASE("swapaxes, moveaxis and transpose permute axes without copying", "[views]") {
  ArrayPtr a = arange_i64({2, 3, 4});
  ArrayPtr s = swapaxes(a, 0, 2);
  CHECK(layout(*s) == line("swapaxes and moveaxis layouts", 0));
  check_view(*a, *s, [](auto& i) { return std::vector<int64_t>{i[2], i[1], i[0]}; });
  ArrayPtr m = moveaxis(a, {0}, {-1});
  CHECK(layout(*m) == line("swapaxes and moveaxis layouts", 1));
  check_view(*a, *m, [](auto& i) { return std::vector<int64_t>{i[2], i[0], i[1]}; });
  ArrayPtr m2 = moveaxis(a, {0, 1}, {-1, -2});
  CHECK(layout(*m2) == line("swapaxes and moveaxis layouts", 2));
  CHECK(m2->base == a);
  CHECK(error_of([&] { swapaxes(a, 0, 5); }) == line("swapaxes and moveaxis errors", 0));
  CHECK(error_of([&] { moveaxis(a, {0, 0}, {1, 2}); }) == line("swapaxes and moveaxis errors", 1));
  CHECK(error_of([&] { moveaxis(a, {0, 1}, {0}); }) == line("swapaxes and moveaxis errors", 2));
}

TEST_CASE("squeeze and expand_dims", "[views]") {
  ArrayPtr a = reshape(arange_i64({6}), {1, 2, 1, 3});
  ArrayPtr s = squeeze(a);
  CHECK(layout(*s) == line("squeeze and expand_dims layouts", 0));
  check_view(*a, *s, [](auto& i) { return std::vector<int64_t>{0, i[0], 0, i[1]}; });
  CHECK(squeeze(s) == s);  // nothing to squeeze: the array itself (PyArray_Squeeze)
  ArrayPtr s2 = squeeze_axes(a, {2});
  CHECK(layout(*s2) == line("squeeze and expand_dims layouts", 1));
  CHECK(error_of([&] { squeeze_axes(a, {1}); }) == line("squeeze and expand_dims errors", 0));
  CHECK(error_of([&] { squeeze_axes(a, {0, 0}); }) == line("squeeze and expand_dims errors", 1));
  ArrayPtr e = expand_dims(s, {1});
  CHECK(layout(*e) == line("squeeze and expand_dims layouts", 2));
  check_view(*a, *e, [](auto& i) { return std::vector<int64_t>{0, i[0], 0, i[2]}; });
  CHECK(layout(*expand_dims(s, {0, -1})) == line("squeeze and expand_dims layouts", 3));
  CHECK(error_of([&] { expand_dims(s, {0, 0}); }) == line("squeeze and expand_dims errors", 2));
  // a non-contiguous input
  ArrayPtr nc = basic_index(arange_i64({3, 4}), {sl_({}, {}), sl_({}, {}, 2)});
  CHECK(layout(*expand_dims(nc, {1})) == line("squeeze and expand_dims layouts", 4));
}

TEST_CASE("diagonal is a read-only strided view", "[views]") {
  ArrayPtr a = arange_i64({3, 4});
  size_t row = 0;
  for (int64_t off : {-2, -1, 0, 1, 3, 4, 9}) {
    ArrayPtr d = diagonal(a, off, 0, 1);
    CHECK(layout(*d) + (d->writeable ? " True" : " False") == line("diagonal layouts", row++));
    int64_t expect_len = std::max<int64_t>(0, std::min(off >= 0 ? 3 : 3 + off, off >= 0 ? 4 - off : 4));
    CHECK(d->shape == Shape{expect_len});
    check_view(*a, *d, [&](auto& i) {
      return off >= 0 ? std::vector<int64_t>{i[0], i[0] + off} : std::vector<int64_t>{i[0] - off, i[0]};
    });
  }
  ArrayPtr b = arange_i64({2, 3, 4});
  // axes (2, 0): the remaining axis 1 first, then the diagonal b[k + 1, j, k]
  // (the offset moves along axis2 = 0).
  ArrayPtr d = diagonal(b, 1, 2, 0);
  CHECK(layout(*d) == line("diagonal layouts", 7));
  check_view(*b, *d, [](auto& i) { return std::vector<int64_t>{i[1] + 1, i[0], i[1]}; });
  CHECK(error_of([&] { diagonal(arange_i64({3}), 0, 0, 1); }) == line("diagonal errors", 0));
  CHECK(error_of([&] { diagonal(a, 0, 1, 1); }) == line("diagonal errors", 1));
  CHECK(error_of([&] { diagonal(b, 0, 0, 3); }) == line("diagonal errors", 2));
}

TEST_CASE("flip and real/imag views", "[views]") {
  ArrayPtr a = arange_i64({3, 4});
  ArrayPtr f = flip(a, {}, true);
  CHECK(layout(*f) == line("flip and complex part layouts", 0));
  check_view(*a, *f, [](auto& i) { return std::vector<int64_t>{2 - i[0], 3 - i[1]}; });
  ArrayPtr f1 = flip(a, {1}, false);
  check_view(*a, *f1, [](auto& i) { return std::vector<int64_t>{i[0], 3 - i[1]}; });

  ArrayPtr z = make_array(DType::C128, {3});
  for (int k = 0; k < 3; ++k) store(z->data() + 16 * k, c128(k, 10 * k));
  ArrayPtr re = complex_part(z, false), im = complex_part(z, true);
  CHECK(std::string(name(re->dtype)) + " " + tuple_text(re->strides) + " " + std::to_string(im->offset) ==
        line("flip and complex part layouts", 1));
  CHECK(im->base == z);
  for (int k = 0; k < 3; ++k) {
    CHECK(load<double>(re->data() + 16 * k) == k);
    CHECK(load<double>(im->data() + 16 * k) == 10 * k);
  }
}

TEST_CASE("ravel is a view exactly when the order's layout allows it", "[views]") {
  ArrayPtr a = arange_i64({3, 4});
  ArrayPtr r = ravel(a);
  CHECK(r->storage == a->storage);
  check_view(*a, *r, [](auto& i) { return std::vector<int64_t>{i[0] / 4, i[0] % 4}; });
  ArrayPtr t = transpose(a, {});
  ArrayPtr rc = ravel(t, 'C');  // a copy in C order of the transpose
  CHECK(rc->storage != a->storage);
  CHECK(rc->base == nullptr);
  for (int64_t k = 0; k < 12; ++k) CHECK(at(*rc, {k}) == at(*t, {k / 3, k % 3}));
  CHECK(ravel(t, 'F')->storage == a->storage);
  CHECK(ravel(t, 'K')->storage == a->storage);
  CHECK(ravel(t, 'A')->storage == a->storage);
  // strided 1-d: 'K' needs stride == itemsize, so it copies (NumPy: base is None)
  ArrayPtr step = basic_index(arange_i64({12}), {sl_({}, {}, 2)});
  CHECK(ravel(step, 'K')->base == nullptr);
  // flatten always copies; 'K' walks memory order
  ArrayPtr fl = flatten(t, 'K');
  CHECK(fl->owndata);
  for (int64_t k = 0; k < 12; ++k) CHECK(at(*fl, {k}) == k);
  ArrayPtr fr = flatten(basic_index(a, {sl_({}, {}), sl_({}, {}, -1)}), 'K');
  CHECK(at(*fr, {0}) == 3);  // negative strides are not flipped (PyArray_CopyAsFlat)
}

TEST_CASE("broadcast_to gives stride-0 read-only views; broadcast_arrays warn instead", "[views][stride_tricks]") {
  ArrayPtr a = arange_i64({3});
  ArrayPtr b = broadcast_to(a, {4, 3});
  CHECK(layout(*b) + (b->writeable ? " True" : " False") == line("broadcast_to layouts", 0));
  CHECK(b->base == a);
  check_view(*a, *b, [](auto& i) { return std::vector<int64_t>{i[1]}; });
  ArrayPtr w = broadcast_to(a, {2, 3}, false);
  CHECK(w->writeable);
  CHECK(w->warn_on_write);
  // length-1 axes get stride 0 even when not broadcast (nditer)
  CHECK(tuple_text(broadcast_to(reshape(a, {3, 1}), {3, 1})->strides) + " " +
            tuple_text(broadcast_shapes_np({{3, 1}, {4}, {2, 1, 1}})) ==
        line("broadcast_to layouts", 1));
  CHECK(error_of([&] { broadcast_to(a, {4, 4}); }) == line("broadcast errors", 0));
  CHECK(error_of([&] { broadcast_to(arange_i64({2, 3}), {3}); }) == line("broadcast errors", 1));
  CHECK(error_of([&] { broadcast_to(a, {-1, 3}); }) == line("broadcast errors", 2));
  CHECK(error_of([&] { broadcast_shapes_np({{2, 3}, {4}, {1, 2, 1}}); }) == line("broadcast errors", 3));
}

TEST_CASE("as_strided: DummyBase in .base, in-storage check, writeable flag", "[views][stride_tricks]") {
  ArrayPtr x = arange_i64({8});
  ArrayPtr w = as_strided(x, Shape{6, 3}, Strides{8, 8});
  CHECK(w->base->flavor == Flavor::DummyBase);
  CHECK(w->base->base == x);
  CHECK_FALSE(w->owndata);
  check_view(*x, *w, [](auto& i) { return std::vector<int64_t>{i[0] + i[1]}; });
  // Toeplitz with a negative stride from the middle (stride_tricks/strided_toeplitz)
  ArrayPtr c = basic_index(x, {sl_(3, {})});
  ArrayPtr t = as_strided(c, Shape{4, 4}, Strides{-8, 8});
  check_view(*x, *t, [](auto& i) { return std::vector<int64_t>{3 - i[0] + i[1]}; });
  CHECK(error_of([&] { as_strided(x, Shape{3, 3}, Strides{8, 32}); }) ==
        "ValueError: setStorage: sizes [3, 3], strides [8, 32], storage offset 0, and itemsize 8 requiring a storage "
        "size of 88 are out of bounds for storage of size 64");
  CHECK(error_of([&] { as_strided(x, std::nullopt, Strides{8, 8}); }) == line("as_strided layouts and errors", 1));
  // C-contiguous input without strides: C strides for the new shape
  CHECK(tuple_text(as_strided(x, Shape{2, 4}, std::nullopt)->strides) == line("as_strided layouts and errors", 0));
  CHECK_FALSE(as_strided(x, Shape{2}, Strides{8}, false)->writeable);
  ArrayPtr ro = broadcast_to(x, {2, 8});
  CHECK_FALSE(as_strided(ro, Shape{2}, Strides{8})->writeable);  // read-only input stays read-only
}

TEST_CASE("view(dtype) follows TestViewDtype", "[views]") {
  ArrayPtr a = make_array(DType::I32, {10});
  CHECK(error_of([&] { view_dtype(basic_index(a, {sl_({}, {}, 2)}), DType::I16); }) ==
        line("view dtype layouts and errors", 0));
  IndexItem all = sl_({}, {}), na;
  na.kind = IndexItem::NewAxis;
  ArrayPtr col = basic_index(make_array(DType::I32, {5}), {all, na});
  ArrayPtr v = view_dtype(col, DType::I16);
  CHECK(layout(*v) == line("view dtype layouts and errors", 1));
  // int8 (2,3,4).transpose(1,0,2).view(int16)
  ArrayPtr b = transpose(make_array(DType::I8, {2, 3, 4}), {1, 0, 2});
  ArrayPtr bv = view_dtype(b, DType::I16);
  CHECK(layout(*bv) == line("view dtype layouts and errors", 2));
}

TEST_CASE("memory-order helpers match NumPy's stride permutations", "[views]") {
  ArrayPtr a = arange_i64({2, 3});
  ArrayPtr t = transpose(a, {});
  // np.concatenate([a.T, a.T]).strides == (8, 48); np.stack([a.T, a.T]).strides == (48, 8, 24)
  CHECK(concatenate({t, t}, 0)->strides == Strides{8, 48});
  ArrayPtr cat = concatenate({t, t}, 1);
  CHECK(cat->strides == Strides{8, 24});
  for (int64_t i = 0; i < 3; ++i)
    for (int64_t j = 0; j < 4; ++j) CHECK(at(*cat, {i, j}) == at(*t, {i, j % 2}));
  CHECK(concatenate({a, copy_in_order(*t, DType::I64, 'C')}, std::nullopt)->shape == Shape{12});
  CHECK(error_of([&] { concatenate({arange_i64({2, 2}), arange_i64({3, 3})}, 0); }) ==
        "ValueError: all the input array dimensions except for the concatenation axis must match exactly, but along "
        "dimension 1, the array at index 0 has size 2 and the array at index 1 has size 3");
  CHECK(error_of([&] { concatenate({}, 0); }) == "ValueError: need at least one array to concatenate");
  // empty_like(order='K') of a permuted array keeps the permutation
  ArrayPtr p = transpose(arange_i64({2, 3, 4}), {1, 0, 2});
  CHECK(empty_like_keep_order(*p, DType::I64)->strides == Strides{32, 96, 8});
  // nditer allocation order: C order wins conflicts, zero strides do not vote
  CHECK(nditer_axis_order({3, 2}, {{8, 24}}) == std::vector<int>{1, 0});
  CHECK(nditer_axis_order({3, 2}, {{8, 24}, {16, 8}}) == std::vector<int>{0, 1});
  CHECK(nditer_axis_order({3, 2, 1}, {{8, 24, 0}}) == std::vector<int>{1, 0, 2});
}

TEST_CASE("basic slicing: empty slices keep the parent's stride", "[views]") {
  // get_view_from_index: an empty slice has step 1 -- a[:, 3::2].strides == (32, 8) for a (3, 4) int64
  ArrayPtr a = arange_i64({3, 4});
  ArrayPtr e = basic_index(a, {sl_({}, {}), sl_(3, {}, 2)});
  CHECK(e->shape == Shape{3, 1});
  ArrayPtr e2 = basic_index(a, {sl_({}, {}), sl_(5, {}, 2)});
  CHECK(e2->shape == Shape{3, 0});
  CHECK(e2->strides == Strides{32, 8});
  // Empty views may point anywhere (NumPy lets them): no in-storage error.
  ArrayPtr z = make_array(DType::I16, {0, 3});
  CHECK(z->strides == Strides{0, 0});  // NumPy: freshly allocated empty arrays have zero strides
  ArrayPtr t = transpose(reshape(make_array(DType::I16, {0}), {0, 3, 4}), {});  // strides (2, 8, 24)
  IndexItem three;
  three.i = 3;
  ArrayPtr v = basic_index(t, {three, sl_(0, {}, 1)});  // data pointer 6 bytes past an empty buffer
  CHECK(v->shape == Shape{3, 0});
  CHECK(v->offset == 6);
}
