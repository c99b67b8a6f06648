// The torch engine layer: PyTorch's view algebra (torch_views) and printing
// (format_torch). Expected strides, offsets, messages and text were produced
// by real PyTorch 1.13; every view is also compared element by element with
// the parent it reads.
#include <catch2/catch.hpp>

#include <functional>

#include "core/element.hpp"
#include "core/error.hpp"
#include "core/format_torch.hpp"
#include "core/kernels/copy.hpp"
#include "core/strides.hpp"
#include "core/torch_views.hpp"

using namespace sl;

namespace {

ArrayPtr arange_t(const Shape& shape, DType dt = DType::I64) {
  ArrayPtr a = make_array(dt, shape, 'C', Flavor::Torch);
  for (int64_t i = 0; i < a->size(); ++i) store_as(dt, a->data() + i * a->itemsize(), i);
  return a;
}

// Elements in C order of the logical index, read as doubles through the strides.
std::vector<double> values(const Array& a) {
  std::vector<double> out;
  if (a.size() == 0) return out;
  std::vector<int64_t> idx(size_t(a.ndim()), 0);
  for (;;) {
    out.push_back(load_as<double>(a.dtype, a.storage->data() + flat_offset(a, idx)));
    int k = a.ndim() - 1;
    for (; k >= 0; --k) {
      if (++idx[size_t(k)] < a.shape[size_t(k)]) break;
      idx[size_t(k)] = 0;
    }
    if (k < 0) break;
  }
  return out;
}

std::vector<double> dv(std::initializer_list<double> v) { return v; }

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const PyError& e) {
    return e.type + ": " + e.msg;
  }
  return "no error";
}

}  // namespace

TEST_CASE("torch views: computeStride view, reshape and their _base", "[torch][views]") {
  ArrayPtr x = arange_t({2, 2, 3, 2}, DType::F32);  // (b, heads, tokens, head_dim)
  ArrayPtr cv = torch_transpose(x, 1, 2);
  CHECK(torch_strides(*cv) == std::vector<int64_t>{12, 2, 6, 1});
  CHECK_FALSE(torch_is_contiguous(*cv));
  CHECK(error_of([&] { torch_view(cv, {2, 3, 4}); }) ==
        "RuntimeError: view size is not compatible with input tensor's size and stride (at least one dimension spans "
        "across two contiguous subspaces). Use .reshape(...) instead.");
  // reshape copies instead: contiguous, not a view, same values as the transposed parent.
  ArrayPtr r = torch_reshape(cv, {2, 3, 4});
  CHECK(r->base == nullptr);
  CHECK(r->storage != x->storage);
  CHECK(torch_strides(*r) == std::vector<int64_t>{12, 4, 1});
  CHECK(values(*r) == values(*cv));

  // A size-1 last dim never breaks a chunk: (2,3,2,1).transpose(1,2).view(2,2,3).
  ArrayPtr y = torch_transpose(arange_t({2, 3, 2, 1}, DType::F32), 1, 2);
  ArrayPtr z = torch_view(y, {2, 2, 3});
  CHECK(torch_strides(*z) == std::vector<int64_t>{6, 1, 2});
  CHECK(values(*z) == values(*y));
  CHECK(z->base == y->base);  // _base is the root tensor, not the transposed view

  CHECK(error_of([&] { torch_view(arange_t({6}), {4, 2}); }) == "RuntimeError: shape '[4, 2]' is invalid for input of size 6");
  CHECK(error_of([&] { torch_view(arange_t({6}), {-1, -1}); }) == "RuntimeError: only one dimension can be inferred");
  CHECK(error_of([&] { torch_view(arange_t({6}), {-2, 3}); }) == "RuntimeError: invalid shape dimension -2");
  CHECK(torch_view(arange_t({12}), {3, -1})->shape == Shape{3, 4});
}

TEST_CASE("torch views: transpose, permute, unsqueeze, expand, flatten", "[torch][views]") {
  ArrayPtr m = arange_t({3, 4});
  ArrayPtr t = torch_t(m);
  CHECK(torch_strides(*t) == std::vector<int64_t>{1, 4});
  CHECK(values(*t) == dv({0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}));
  CHECK(error_of([&] { torch_transpose(make_array(DType::F32, {2, 3}, 'C', Flavor::Torch), 0, 2); }) ==
        "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  CHECK(error_of([&] { torch_t(arange_t({2, 3, 4})); }) == "RuntimeError: t() expects a tensor with <= 2 dimensions, but self is 3D");

  ArrayPtr p = torch_permute(arange_t({2, 3, 4}), {2, 0, 1});
  CHECK(p->shape == Shape{4, 2, 3});
  CHECK(torch_strides(*p) == std::vector<int64_t>{1, 12, 4});
  CHECK(error_of([&] { torch_permute(m, {0, 0}); }) == "RuntimeError: permute(): duplicate dims are not allowed.");
  CHECK(torch_strides(*torch_movedim(arange_t({2, 3, 4}), {0, 1}, {2, 0})) == std::vector<int64_t>{4, 1, 12});

  CHECK(torch_strides(*torch_unsqueeze(m, 1)) == std::vector<int64_t>{4, 4, 1});
  CHECK(torch_strides(*torch_unsqueeze(m, 2)) == std::vector<int64_t>{4, 1, 1});
  CHECK(torch_strides(*torch_unsqueeze(arange_t({2, 3}), -1)) == std::vector<int64_t>{3, 1, 1});
  CHECK(error_of([&] { torch_unsqueeze(m, 3); }) ==
        "IndexError: Dimension out of range (expected to be in range of [-3, 2], but got 3)");

  ArrayPtr e = torch_expand(arange_t({3}), {4, 3});
  CHECK(torch_strides(*e) == std::vector<int64_t>{0, 1});
  CHECK(values(*e) == dv({0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2}));
  CHECK(torch_strides(*torch_expand(arange_t({3}), {1, 3})) == std::vector<int64_t>{3, 1});
  CHECK(torch_strides(*torch_expand(arange_t({}), {3, 2})) == std::vector<int64_t>{0, 0});
  CHECK(error_of([&] { torch_expand(arange_t({3}), {2, 4}); }) ==
        "RuntimeError: The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 1.  "
        "Target sizes: [2, 4].  Tensor sizes: [3]");
  CHECK(error_of([&] { torch_expand(make_array(DType::F32, {3, 4}, 'C', Flavor::Torch), {2}); }) ==
        "RuntimeError: expand(torch.FloatTensor{[3, 4]}, size=[2]): the number of sizes provided (1) must be greater or "
        "equal to the number of dimensions in the tensor (2)");

  ArrayPtr x = arange_t({2, 3, 4});
  CHECK(torch_flatten(x, 1, -1)->shape == Shape{2, 12});
  CHECK(torch_flatten(x, 1, 1) == x);  // start == end returns the tensor itself
  CHECK(torch_strides(*torch_unflatten(m, 1, {2, 2})) == std::vector<int64_t>{4, 2, 1});
}

TEST_CASE("torch views: as_strided, unfold, narrow, select, diagonal, chunk, split", "[torch][views]") {
  ArrayPtr f = arange_t({3, 4}, DType::F32);
  ArrayPtr a = torch_as_strided(f, {2, 2}, {4, 2}, 1);
  CHECK(values(*a) == dv({1, 3, 5, 7}));
  CHECK(torch_storage_offset(*a) == 1);
  CHECK(error_of([&] { torch_as_strided(arange_t({4}), {3, 3}, {1, 1}, 2); }) ==
        "RuntimeError: setStorage: sizes [3, 3], strides [1, 1], storage offset 2, and itemsize 8 requiring a storage "
        "size of 56 are out of bounds for storage of size 32");
  CHECK(error_of([&] { torch_as_strided(arange_t({3, 4}), {2, 2}, {1, 1}, -1); }) == "RuntimeError: Tensor: invalid storage offset -1");
  CHECK(error_of([&] { torch_as_strided(arange_t({3, 4}), {2, 2}, {-1, 1}, 1); }) ==
        "RuntimeError: as_strided: Negative strides are not supported at the moment, got strides: [-1, 1]");

  ArrayPtr w = torch_unfold(arange_t({7}, DType::F32), 0, 3, 2);
  CHECK(torch_strides(*w) == std::vector<int64_t>{2, 1});
  CHECK(values(*w) == dv({0, 1, 2, 2, 3, 4, 4, 5, 6}));
  CHECK(error_of([&] { torch_unfold(arange_t({3, 4}), 0, 4, 1); }) ==
        "RuntimeError: maximum size for tensor at dimension 0 is 3 but size is 4");

  ArrayPtr m = arange_t({3, 4});
  CHECK(values(*torch_narrow(m, 0, -1, 1)) == dv({8, 9, 10, 11}));
  CHECK(error_of([&] { torch_narrow(m, 0, 2, 2); }) == "RuntimeError: start (2) + length (2) exceeds dimension size (3).");
  CHECK(torch_storage_offset(*torch_select(m, 0, -1)) == 8);
  CHECK(error_of([&] { torch_select(m, 0, 5); }) ==
        "IndexError: select(): index 5 out of range for tensor of size [3, 4] at dimension 0");

  ArrayPtr d = torch_diagonal(arange_t({2, 3, 4}), 1, 1, 2);
  CHECK(torch_storage_offset(*d) == 1);
  CHECK(values(*d) == dv({1, 6, 11, 13, 18, 23}));
  CHECK(torch_strides(*torch_diagonal(arange_t({2, 3, 4}), 0, 0, 1)) == std::vector<int64_t>{1, 16});

  auto parts = torch_chunk(arange_t({10}), 3, 0);
  REQUIRE(parts.size() == 3);
  CHECK(torch_storage_offset(*parts[1]) == 4);
  CHECK(parts[2]->size() == 2);
  CHECK(torch_chunk(arange_t({10}), 4, 0).size() == 4);
  CHECK(error_of([&] { torch_split_with_sizes(arange_t({10}), {3, 3}, 0); }) ==
        "RuntimeError: split_with_sizes expects split_sizes to sum exactly to 10 (input tensor's size at dimension 0), "
        "but got split_sizes=[3, 3]");
  CHECK(error_of([&] { torch_split(arange_t({10}), 0, 0); }) ==
        "RuntimeError: split_size can only be 0 if dimension size is 0, but got dimension size of 10");
}

TEST_CASE("torch view(dtype) follows TensorConversions.cpp view_dtype", "[torch][views]") {
  ArrayPtr f = arange_t({3, 4}, DType::F32);
  ArrayPtr s = torch_view_dtype(f, DType::I16);
  CHECK(s->shape == Shape{3, 8});
  CHECK(torch_strides(*s) == std::vector<int64_t>{8, 1});
  ArrayPtr d = torch_view_dtype(make_view(f, f->dtype, {2, 2}, {16, 4}, 16), DType::F64);  // f[1:, :2]
  CHECK(torch_strides(*d) == std::vector<int64_t>{2, 1});
  CHECK(torch_storage_offset(*d) == 2);
  ArrayPtr bits = torch_view_dtype(arange_t({2}, DType::F32), DType::I32);
  CHECK(values(*bits) == dv({0, 1065353216}));
  CHECK(error_of([&] { torch_view_dtype(torch_t(f), DType::I16); }) ==
        "RuntimeError: self.stride(-1) must be 1 to view Float as Short (different element sizes), but got 4");
  CHECK(error_of([&] { torch_view_dtype(make_view(f, f->dtype, {3, 3}, {16, 4}, 4), DType::F64); }) ==
        "RuntimeError: self.size(-1) must be divisible by 2 to view Float as Double (different element sizes), but got 3");
  CHECK(error_of([&] { torch_view_dtype(arange_t({}, DType::F32), DType::I16); }) ==
        "RuntimeError: self.dim() cannot be 0 to view Float as Short (different element sizes)");
}

TEST_CASE("torch density and overlap rules (MemoryOverlap.cpp)", "[torch][overlap]") {
  ArrayPtr a = arange_t({4}, DType::F32);
  ArrayPtr e = torch_expand(a, {2, 4});
  CHECK(torch_has_internal_overlap(*e) == TorchOverlap::Yes);
  CHECK(error_of([&] { torch_assert_no_internal_overlap(*e); }) ==
        "RuntimeError: unsupported operation: more than one element of the written-to tensor refers to a single memory "
        "location. Please clone() the tensor before performing the operation.");
  ArrayPtr hi = torch_narrow(a, 0, 1, 3), lo = torch_narrow(a, 0, 0, 3);
  CHECK(torch_get_overlap_status(*hi, *lo) == TorchOverlapStatus::Partial);
  CHECK(error_of([&] { torch_assert_no_partial_overlap(*hi, *lo); }) ==
        "RuntimeError: unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
        "single memory location. Please clone() the tensor before performing the operation.");
  CHECK(torch_get_overlap_status(*torch_narrow(a, 0, 0, 2), *torch_narrow(a, 0, 2, 2)) == TorchOverlapStatus::No);
  CHECK(torch_get_overlap_status(*a, *torch_view(a, {4})) == TorchOverlapStatus::Full);
  ArrayPtr m = arange_t({2, 3});
  CHECK(torch_is_non_overlapping_and_dense(*torch_t(m)));
  CHECK_FALSE(torch_is_non_overlapping_and_dense(*torch_narrow(m, 1, 0, 2)));
}

TEST_CASE("torch copies keep the memory format and detach is not a view", "[torch][copy]") {
  ArrayPtr m = arange_t({3, 4});
  ArrayPtr c = torch_clone(*torch_t(m));  // preserve_format: stays transposed
  CHECK(torch_strides(*c) == std::vector<int64_t>{1, 4});
  CHECK(values(*c) == values(*torch_t(m)));
  ArrayPtr s = torch_clone(*make_view(m, m->dtype, {3, 2}, {32, 16}, 0));  // x[:, ::2]: not dense -> contiguous
  CHECK(torch_strides(*s) == std::vector<int64_t>{2, 1});
  CHECK(torch_contiguous(m) == m);
  ArrayPtr k = torch_contiguous(torch_t(m));
  CHECK(torch_strides(*k) == std::vector<int64_t>{3, 1});
  CHECK(k->base == nullptr);
  ArrayPtr v = torch_view(m, {12});
  ArrayPtr dt = torch_alias_root(v);
  CHECK(dt->base == nullptr);
  CHECK(dt->storage == m->storage);
  CHECK(torch_view(dt, {3, 4})->base == dt);  // views of the detached tensor collapse to it
  CHECK(torch_promote_types(DType::I64, DType::F16) == DType::F16);
  CHECK(torch_promote_types(DType::U8, DType::I8) == DType::I16);
  CHECK(torch_promote_types(DType::Bool, DType::I8) == DType::I8);
  CHECK(torch_promote_types(DType::F64, DType::C64) == DType::C128);
}

TEST_CASE("tensor printing matches torch/_tensor_str.py", "[torch][format]") {
  auto from = [](std::vector<double> v, DType dt, Shape shape) {
    ArrayPtr a = make_array(dt, shape, 'C', Flavor::Torch);
    for (size_t i = 0; i < v.size(); ++i) store_as(dt, a->data() + int64_t(i) * a->itemsize(), v[i]);
    return a;
  };
  CHECK(format_tensor(*from({1.5, 2.25, -3.0}, DType::F32, {3})) == "tensor([ 1.5000,  2.2500, -3.0000])");
  CHECK(format_tensor(*from({1, 2, 3, 4}, DType::I64, {2, 2})) == "tensor([[1, 2],\n        [3, 4]])");
  CHECK(format_tensor(*from({1, 0}, DType::Bool, {2})) == "tensor([ True, False])");
  CHECK(format_tensor(*from({0.1, 100000.0}, DType::F32, {2})) == "tensor([1.0000e-01, 1.0000e+05])");
  CHECK(format_tensor(*from({0, 0, 0, 0}, DType::F64, {2, 2})) == "tensor([[0., 0.],\n        [0., 0.]], dtype=torch.float64)");
  CHECK(format_tensor(*from({NAN, 1.5, INFINITY}, DType::F32, {3})) == "tensor([   nan, 1.5000,    inf])");
  CHECK(format_tensor(*from({NAN, 1, -INFINITY}, DType::F32, {3})) == "tensor([nan, 1., -inf])");
  CHECK(format_tensor(*from({1e10, 1}, DType::F32, {2})) == "tensor([1.0000e+10, 1.0000e+00])");
  CHECK(format_tensor(*from({0.0001, 0.001}, DType::F32, {2})) == "tensor([1.0000e-04, 1.0000e-03])");
  CHECK(format_tensor(*from({-0.0, 1.5}, DType::F32, {2})) == "tensor([-0.0000, 1.5000])");
  CHECK(format_tensor(*from({3}, DType::F32, {})) == "tensor(3.)");
  CHECK(format_tensor(*from({-0.5}, DType::F32, {})) == "tensor(-0.5000)");
  CHECK(format_tensor(*from({0.1, 0.25}, DType::F16, {2})) == "tensor([0.1000, 0.2500], dtype=torch.float16)");
  CHECK(format_tensor(*make_array(DType::F32, {0, 3}, 'C', Flavor::Torch)) == "tensor([], size=(0, 3))");
  CHECK(format_tensor(*make_array(DType::I64, {0}, 'C', Flavor::Torch)) == "tensor([], dtype=torch.int64)");
  CHECK(format_tensor(*make_array(DType::I32, {2, 0}, 'C', Flavor::Torch)) == "tensor([], size=(2, 0), dtype=torch.int32)");
  CHECK(format_tensor(*arange_t({2000})) == "tensor([   0,    1,    2,  ..., 1997, 1998, 1999])");
  CHECK(format_tensor(*arange_t({3, 1000})) ==
        "tensor([[   0,    1,    2,  ...,  997,  998,  999],\n"
        "        [1000, 1001, 1002,  ..., 1997, 1998, 1999],\n"
        "        [2000, 2001, 2002,  ..., 2997, 2998, 2999]])");
  CHECK(format_tensor(*arange_t({2, 3, 5}, DType::F32)) ==
        "tensor([[[ 0.,  1.,  2.,  3.,  4.],\n"
        "         [ 5.,  6.,  7.,  8.,  9.],\n"
        "         [10., 11., 12., 13., 14.]],\n\n"
        "        [[15., 16., 17., 18., 19.],\n"
        "         [20., 21., 22., 23., 24.],\n"
        "         [25., 26., 27., 28., 29.]]])");
  // Rows wrap at 80 columns and the dtype suffix follows the last line.
  std::vector<double> k(25);
  for (int i = 0; i < 25; ++i) k[size_t(i)] = 1000.0 * i;
  CHECK(format_tensor(*from(k, DType::I32, {25})) ==
        "tensor([    0,  1000,  2000,  3000,  4000,  5000,  6000,  7000,  8000,  9000,\n"
        "        10000, 11000, 12000, 13000, 14000, 15000, 16000, 17000, 18000, 19000,\n"
        "        20000, 21000, 22000, 23000, 24000], dtype=torch.int32)");
  // A transposed, summarised view prints in logical order.
  CHECK(format_tensor(*torch_t(arange_t({2, 501}))) ==
        "tensor([[   0,  501],\n        [   1,  502],\n        [   2,  503],\n        ...,\n"
        "        [ 498,  999],\n        [ 499, 1000],\n        [ 500, 1001]])");
  ArrayPtr c = make_array(DType::C64, {2}, 'C', Flavor::Torch);
  store(c->data(), c64(1, 2));
  store(c->data() + 8, c64(-3.5f, -1));
  CHECK(format_tensor(*c) == "tensor([ 1.0000+2.j, -3.5000-1.j])");
  CHECK(format_torch_size({3, 4}) == "torch.Size([3, 4])");
  CHECK(format_torch_size({}) == "torch.Size([])");
}
