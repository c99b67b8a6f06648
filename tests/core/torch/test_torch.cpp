// The torch engine layer: PyTorch's view algebra (torch_views) and printing
// (format_torch). Expected strides, offsets and messages are the reference's:
// pins (tests/core/pins.hpp) recorded through refpy (PyTorch 2.6) from the
// programs of tests/tools/lang/corpus/pins_torch.txt, one printed line per
// check; every view is also compared element by element with the parent it
// reads.
#include <catch2/catch.hpp>

#include <functional>

#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/torch/format.hpp"
#include "core/ops/copy.hpp"
#include "core/model/strides.hpp"
#include "core/torch/views.hpp"
#include "tests/core/pins.hpp"

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

std::string line(const char* name, size_t k) { return pins::line("pins_torch", name, k); }
std::string st(const Array& t) { return pins::tuple_text(torch_strides(t)); }

}  // namespace

TEST_CASE("torch views: computeStride view, reshape and their _base", "[torch][views]") {
  ArrayPtr x = arange_t({2, 2, 3, 2}, DType::F32);  // (b, heads, tokens, head_dim)
  ArrayPtr cv = torch_transpose(x, 1, 2);
  CHECK(st(*cv) + (torch_is_contiguous(*cv) ? " True" : " False") == line("view reshape and their errors", 0));
  CHECK(error_of([&] { torch_view(cv, {2, 3, 4}); }) == line("view reshape and their errors", 3));
  // reshape copies instead: contiguous, not a view, same values as the transposed parent.
  ArrayPtr r = torch_reshape(cv, {2, 3, 4});
  CHECK(st(*r) + (r->base == nullptr ? " True" : " False") == line("view reshape and their errors", 1));
  CHECK(r->storage != x->storage);
  CHECK(values(*r) == values(*cv));

  // A size-1 last dim never breaks a chunk: (2,3,2,1).transpose(1,2).view(2,2,3).
  ArrayPtr y = torch_transpose(arange_t({2, 3, 2, 1}, DType::F32), 1, 2);
  ArrayPtr z = torch_view(y, {2, 2, 3});
  CHECK(st(*z) + " " + pins::tuple_text(torch_view(arange_t({12}), {3, -1})->shape) == line("view reshape and their errors", 2));
  CHECK(values(*z) == values(*y));
  CHECK(z->base == y->base);  // _base is the root tensor, not the transposed view

  CHECK(error_of([&] { torch_view(arange_t({6}), {4, 2}); }) == line("view reshape and their errors", 4));
  CHECK(error_of([&] { torch_view(arange_t({6}), {-1, -1}); }) == line("view reshape and their errors", 5));
  CHECK(error_of([&] { torch_view(arange_t({6}), {-2, 3}); }) == line("view reshape and their errors", 6));
}

TEST_CASE("torch views: transpose, permute, unsqueeze, expand, flatten", "[torch][views]") {
  ArrayPtr m = arange_t({3, 4});
  ArrayPtr t = torch_t(m);
  CHECK(values(*t) == dv({0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}));
  CHECK(error_of([&] { torch_transpose(make_array(DType::F32, {2, 3}, 'C', Flavor::Torch), 0, 2); }) == line("transpose permute unsqueeze expand errors", 0));
  CHECK(error_of([&] { torch_t(arange_t({2, 3, 4})); }) == line("transpose permute unsqueeze expand errors", 1));

  ArrayPtr p = torch_permute(arange_t({2, 3, 4}), {2, 0, 1});
  CHECK(st(*t) + " " + pins::tuple_text(p->shape) + " " + st(*p) == line("transpose permute unsqueeze expand flatten", 0));
  CHECK(error_of([&] { torch_permute(m, {0, 0}); }) == line("transpose permute unsqueeze expand errors", 2));
  CHECK(st(*torch_movedim(arange_t({2, 3, 4}), {0, 1}, {2, 0})) == line("transpose permute unsqueeze expand flatten", 1));

  CHECK(st(*torch_unsqueeze(m, 1)) + " " + st(*torch_unsqueeze(m, 2)) + " " + st(*torch_unsqueeze(arange_t({2, 3}), -1)) ==
        line("transpose permute unsqueeze expand flatten", 2));
  CHECK(error_of([&] { torch_unsqueeze(m, 3); }) == line("transpose permute unsqueeze expand errors", 3));

  ArrayPtr e = torch_expand(arange_t({3}), {4, 3});
  CHECK(values(*e) == dv({0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2}));
  CHECK(st(*e) + " " + st(*torch_expand(arange_t({3}), {1, 3})) + " " + st(*torch_expand(arange_t({}), {3, 2})) ==
        line("transpose permute unsqueeze expand flatten", 3));
  CHECK(error_of([&] { torch_expand(arange_t({3}), {2, 4}); }) == line("transpose permute unsqueeze expand errors", 4));
  CHECK(error_of([&] { torch_expand(make_array(DType::F32, {3, 4}, 'C', Flavor::Torch), {2}); }) == line("transpose permute unsqueeze expand errors", 5));

  ArrayPtr x = arange_t({2, 3, 4});
  CHECK(pins::tuple_text(torch_flatten(x, 1, -1)->shape) + " " + st(*torch_unflatten(m, 1, {2, 2})) == line("transpose permute unsqueeze expand flatten", 4));
  CHECK(torch_flatten(x, 1, 1) == x);  // start == end returns the tensor itself
}

TEST_CASE("torch views: as_strided, unfold, narrow, select, diagonal, chunk, split", "[torch][views]") {
  ArrayPtr f = arange_t({3, 4}, DType::F32);
  ArrayPtr a = torch_as_strided(f, {2, 2}, {4, 2}, 1);
  CHECK(values(*a) == dv({1, 3, 5, 7}));
  CHECK(error_of([&] { torch_as_strided(arange_t({4}), {3, 3}, {1, 1}, 2); }) == line("as_strided unfold narrow select split errors", 0));
  CHECK(error_of([&] { torch_as_strided(arange_t({3, 4}), {2, 2}, {1, 1}, -1); }) == line("as_strided unfold narrow select split errors", 1));
  CHECK(error_of([&] { torch_as_strided(arange_t({3, 4}), {2, 2}, {-1, 1}, 1); }) == line("as_strided unfold narrow select split errors", 2));

  ArrayPtr w = torch_unfold(arange_t({7}, DType::F32), 0, 3, 2);
  CHECK(std::to_string(torch_storage_offset(*a)) + " " + st(*w) == line("as_strided unfold narrow select diagonal chunk split", 0));
  CHECK(values(*w) == dv({0, 1, 2, 2, 3, 4, 4, 5, 6}));
  CHECK(error_of([&] { torch_unfold(arange_t({3, 4}), 0, 4, 1); }) == line("as_strided unfold narrow select split errors", 3));

  ArrayPtr m = arange_t({3, 4});
  CHECK(values(*torch_narrow(m, 0, -1, 1)) == dv({8, 9, 10, 11}));
  CHECK(error_of([&] { torch_narrow(m, 0, 2, 2); }) == line("as_strided unfold narrow select split errors", 4));
  CHECK(error_of([&] { torch_select(m, 0, 5); }) == line("as_strided unfold narrow select split errors", 5));

  ArrayPtr d = torch_diagonal(arange_t({2, 3, 4}), 1, 1, 2);
  CHECK(values(*d) == dv({1, 6, 11, 13, 18, 23}));
  CHECK(std::to_string(torch_storage_offset(*torch_select(m, 0, -1))) + " " + std::to_string(torch_storage_offset(*d)) + " " +
            st(*torch_diagonal(arange_t({2, 3, 4}), 0, 0, 1)) ==
        line("as_strided unfold narrow select diagonal chunk split", 1));

  auto parts = torch_chunk(arange_t({10}), 3, 0);
  REQUIRE(parts.size() == 3);
  CHECK(std::to_string(parts.size()) + " " + std::to_string(torch_storage_offset(*parts[1])) + " " +
            std::to_string(parts[2]->size()) + " " + std::to_string(torch_chunk(arange_t({10}), 4, 0).size()) ==
        line("as_strided unfold narrow select diagonal chunk split", 2));
  CHECK(error_of([&] { torch_split_with_sizes(arange_t({10}), {3, 3}, 0); }) == line("as_strided unfold narrow select split errors", 6));
  CHECK(error_of([&] { torch_split(arange_t({10}), 0, 0); }) == line("as_strided unfold narrow select split errors", 7));
}

TEST_CASE("torch view(dtype) follows TensorConversions.cpp view_dtype", "[torch][views]") {
  ArrayPtr f = arange_t({3, 4}, DType::F32);
  ArrayPtr s = torch_view_dtype(f, DType::I16);
  CHECK(pins::tuple_text(s->shape) + " " + st(*s) == line("view dtype layouts and errors", 0));
  ArrayPtr d = torch_view_dtype(make_view(f, f->dtype, {2, 2}, {16, 4}, 16), DType::F64);  // f[1:, :2]
  ArrayPtr bits = torch_view_dtype(arange_t({2}, DType::F32), DType::I32);
  std::vector<double> bv = values(*bits);
  CHECK(st(*d) + " " + std::to_string(torch_storage_offset(*d)) + " [" + std::to_string(int64_t(bv[0])) + ", " +
            std::to_string(int64_t(bv[1])) + "]" ==
        line("view dtype layouts and errors", 1));
  CHECK(error_of([&] { torch_view_dtype(torch_t(f), DType::I16); }) == line("view dtype layouts and errors", 2));
  CHECK(error_of([&] { torch_view_dtype(make_view(f, f->dtype, {3, 3}, {16, 4}, 4), DType::F64); }) == line("view dtype layouts and errors", 3));
  CHECK(error_of([&] { torch_view_dtype(arange_t({}, DType::F32), DType::I16); }) == line("view dtype layouts and errors", 4));
}

TEST_CASE("torch density and overlap rules (MemoryOverlap.cpp)", "[torch][overlap]") {
  ArrayPtr a = arange_t({4}, DType::F32);
  ArrayPtr e = torch_expand(a, {2, 4});
  CHECK(torch_has_internal_overlap(*e) == TorchOverlap::Yes);
  CHECK(error_of([&] { torch_assert_no_internal_overlap(*e); }) == line("overlap errors", 0));
  ArrayPtr hi = torch_narrow(a, 0, 1, 3), lo = torch_narrow(a, 0, 0, 3);
  CHECK(torch_get_overlap_status(*hi, *lo) == TorchOverlapStatus::Partial);
  CHECK(error_of([&] { torch_assert_no_partial_overlap(*hi, *lo); }) == line("overlap errors", 1));
  CHECK(torch_get_overlap_status(*torch_narrow(a, 0, 0, 2), *torch_narrow(a, 0, 2, 2)) == TorchOverlapStatus::No);
  CHECK(torch_get_overlap_status(*a, *torch_view(a, {4})) == TorchOverlapStatus::Full);
  ArrayPtr m = arange_t({2, 3});
  CHECK(torch_is_non_overlapping_and_dense(*torch_t(m)));
  CHECK_FALSE(torch_is_non_overlapping_and_dense(*torch_narrow(m, 1, 0, 2)));
}

TEST_CASE("torch copies keep the memory format and detach is not a view", "[torch][copy]") {
  ArrayPtr m = arange_t({3, 4});
  ArrayPtr c = torch_clone(*torch_t(m));  // preserve_format: stays transposed
  CHECK(values(*c) == values(*torch_t(m)));
  ArrayPtr s = torch_clone(*make_view(m, m->dtype, {3, 2}, {32, 16}, 0));  // x[:, ::2]: not dense -> contiguous
  ArrayPtr k = torch_contiguous(torch_t(m));
  CHECK(st(*c) + " " + st(*s) + (torch_contiguous(m) == m ? " True " : " False ") + st(*k) +
            (k->base == nullptr ? " None" : " <tensor>") ==
        line("copies keep the memory format", 0));
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
  // The reference's reprs, in the order of the pin program, separated by "---" lines.
  std::vector<std::string> want;
  {
    std::string t = pins::text("pins_torch", "tensor printing"), sep = "\n---\n";
    size_t pos = 0;
    for (size_t e; (e = t.find(sep, pos)) != std::string::npos; pos = e + sep.size()) want.push_back(t.substr(pos, e - pos));
    want.push_back(t.substr(pos, t.size() - pos - (t.empty() || t.back() != '\n' ? 0 : 1)));
  }
  REQUIRE(want.size() == 24);
  std::vector<double> k(25);
  for (int i = 0; i < 25; ++i) k[size_t(i)] = 1000.0 * i;
  ArrayPtr c = make_array(DType::C64, {2}, 'C', Flavor::Torch);
  store(c->data(), c64(1, 2));
  store(c->data() + 8, c64(-3.5f, -1));
  const std::vector<ArrayPtr> tensors = {
      from({1.5, 2.25, -3.0}, DType::F32, {3}), from({1, 2, 3, 4}, DType::I64, {2, 2}), from({1, 0}, DType::Bool, {2}),
      from({0.1, 100000.0}, DType::F32, {2}), from({0, 0, 0, 0}, DType::F64, {2, 2}), from({NAN, 1.5, INFINITY}, DType::F32, {3}),
      from({NAN, 1, -INFINITY}, DType::F32, {3}), from({1e10, 1}, DType::F32, {2}), from({0.0001, 0.001}, DType::F32, {2}),
      from({-0.0, 1.5}, DType::F32, {2}), from({3}, DType::F32, {}), from({-0.5}, DType::F32, {}),
      from({0.1, 0.25}, DType::F16, {2}), make_array(DType::F32, {0, 3}, 'C', Flavor::Torch),
      make_array(DType::I64, {0}, 'C', Flavor::Torch), make_array(DType::I32, {2, 0}, 'C', Flavor::Torch),
      arange_t({2000}), arange_t({3, 1000}), arange_t({2, 3, 5}, DType::F32),
      from(k, DType::I32, {25}),          // rows wrap at 80 columns, the dtype suffix follows the last line
      torch_t(arange_t({2, 501})),        // a transposed, summarised view prints in logical order
      c};
  for (size_t i = 0; i < tensors.size(); ++i) {
    INFO("tensor " << i);
    CHECK(format_tensor(*tensors[i]) == want[i]);
  }
  CHECK(format_torch_size({3, 4}) == want[22]);
  CHECK(format_torch_size({}) == want[23]);
}
