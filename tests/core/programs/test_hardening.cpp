// Regression tests for what the sanitizers and the fuzzers found
// (docs/hardening.md; fuzz targets in tests/fuzz/). One TEST_CASE per finding.
#include <catch2/catch.hpp>

#include <functional>
#include <string>

#include "core/model/array.hpp"
#include "core/model/error.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/model/overlap.hpp"
#include "core/ops/views.hpp"
#include "tests/core/run_text.hpp"

using namespace sl;

namespace {
std::string error_type_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const PyError& e) {
    return e.type;
  }
  return "";
}
// These tests pin the exception's type only.
std::string run(const std::string& code) { return run_text::run(code, run_text::ErrorForm::TypeOnly); }
}  // namespace

// check_in_storage summed the spans of the axes in 64 bits: eight spans of
// 2**61 - 1 bytes wrap to -8, so a 16-byte storage "contained" a view reaching
// 2^64 bytes past it and reading it crashed (found by reading the code for
// fuzz_eval's huge-stride grammar; the fuzzers reach it too).
TEST_CASE("as_strided: spans that wrap 64 bits are refused", "[hardening][views]") {
  ArrayPtr x = make_array(DType::F64, Shape{2});
  Strides huge(8, (int64_t(1) << 61) - 1);
  CHECK(error_type_of([&] { make_view(x, DType::F64, Shape(8, 2), huge, 8); }) == "ValueError");
  CHECK(error_type_of([&] { as_strided(x, Shape(8, 2), huge); }) == "ValueError");
  // negative spans wrap the lower bound the same way
  Strides neg(8, -((int64_t(1) << 61) - 1));
  CHECK(error_type_of([&] { make_view(x, DType::F64, Shape(8, 2), neg, 8); }) == "ValueError");
  // still fine: the same strides on length-1 axes address one element
  CHECK_NOTHROW(make_view(x, DType::F64, Shape(8, 1), huge, 8));
  CHECK(run("import numpy as np\nfrom numpy.lib.stride_tricks import as_strided\n"
            "a = np.zeros(2)\nb = as_strided(a[1:], shape=(2,)*8, strides=(2**61-1,)*8)\nprint(b.sum())") ==
        "!ValueError");
}

// offset_bounds_from_strides multiplied stride * (dim - 1) axis by axis and
// only then noticed a zero-length axis: an empty array (which may carry any
// strides) with a huge stride on another axis overflowed int64 (UBSan, found
// by fuzz_overlap on its first seeds).
TEST_CASE("overlap: empty arrays with huge strides on other axes", "[hardening][overlap]") {
  ArrayPtr x = make_array(DType::U8, Shape{16});
  ArrayPtr e = make_view(x, DType::U8, Shape{6, 0}, Strides{INT64_MIN + 169, 1}, 0);
  int64_t lo = -1, hi = -1;
  offset_bounds_from_strides(1, e->shape, e->strides, lo, hi);
  CHECK(lo == 0);
  CHECK(hi == 0);
  CHECK(solve_may_share_memory(*e, *x, -1) == MemOverlap::No);
  CHECK(solve_may_share_memory(*x, *e, 0) == MemOverlap::No);
}

// Torch strides and offsets are taken in elements and kept in bytes: an
// element stride PyTorch accepts on a length-1 axis overflowed int64 when
// multiplied by the itemsize (UBSan in torch_views.cpp view_elems), and the
// bounds check's 128-bit sum could overflow with two huge sizes and strides.
TEST_CASE("torch as_strided: element strides that overflow bytes are refused", "[hardening][torch]") {
  CHECK(run("import torch\nt = torch.zeros(4, dtype=torch.float64)\nu = t.as_strided((1,), (2**62,))") ==
        "!RuntimeError");
  CHECK(run("import torch\nt = torch.zeros(4, dtype=torch.float64)\nu = t.as_strided((0,), (1,), 2**62)") ==
        "!RuntimeError");
  CHECK(run("import torch\nt = torch.zeros(4)\nu = t.as_strided((2**62, 2**62), (2**62, 2**62))") ==
        "!RuntimeError");
  CHECK(run("import torch\nt = torch.zeros(4)\nprint(t.as_strided((1,), (2**40,)).tolist())") == "[0.0]\n");
}

// A bool view of bytes other than 0 / 1: load<bool> copied the byte into a C++
// bool, which is undefined (UBSan "load of value 2, which is not a valid value
// for type 'bool'", found by fuzz_eval printing a torch uint8 -> bool view).
TEST_CASE("bool views of arbitrary bytes read nonzero as True", "[hardening][dtype]") {
  CHECK(run("import numpy as np\nb = np.array([0, 2, 255], dtype=np.uint8).view(np.bool_)\nprint(b, b.sum(), b.tolist())") ==
        "[False  True  True] 2 [False, True, True]\n");
  CHECK(run("import torch\nt = torch.tensor([0, 2, 7], dtype=torch.uint8).view(torch.bool)\nprint(t)") ==
        "tensor([False,  True,  True])\n");
}

// movedim on a 0-d tensor: dims 0 / -1 are valid (wrap_dim treats 0-d as 1-d)
// but torch_movedim then wrote order[0] of an empty vector (UBSan "reference
// binding to null pointer", found by fuzz_eval). PyTorch returns a view.
TEST_CASE("torch movedim of a 0-d tensor", "[hardening][torch]") {
  CHECK(run("import torch\na = torch.tensor(1.5)\nprint(a.movedim(0, 0), a.movedim(-1, 0), a.movedim(0, -1)._base is a)") ==
        "tensor(1.5000) tensor(1.5000) True\n");
  CHECK(run("import torch\ntorch.tensor(1.5).movedim(1, 0)") == "!IndexError");
}

// list.sort read the list's own vector while the key function appended to it
// (heap-use-after-free under ASan in sort_values; in wasm a trap or a random
// error). CPython empties the list for the sort and raises afterwards
// (Note [Sorting Python values], core/lang/builtins/builtins.cpp).
TEST_CASE("list.sort whose key function appends to the list", "[hardening][lang]") {
  CHECK(run("a = [3, 1, 2]\na.sort(key=lambda x: (a.append(x), x)[1])") == "!ValueError");
  CHECK(run("a = [3, 1, 2]\ntry:\n    a.sort(key=lambda x: (a.append(x), x)[1])\nexcept ValueError:\n    pass\nprint(a)") ==
        "[1, 2, 3]\n");
  CHECK(run("class E:\n    def __eq__(s, o):\n        L.clear()\n        return False\nL = [E(), E(), 3]\nprint(L.count(3), L)") ==
        "0 []\n");
}
