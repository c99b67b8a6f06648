// Ports of upstream tests (PyTorch's test_view_ops.py, NumPy's
// test_stride_tricks.py), run as programs through the interpreter: each
// program in tests/data/upstream.jsonl restates an upstream test (named by the
// case) with prints in place of asserts; the expected text is the reference's
// (tests/tools/gen_upstream.py says how to rerun it). Element-level view checks
// and the x += x.T port live in test_views.cpp, test_torch.cpp and test_ufunc.cpp.
#include "tests/core/program_cases.hpp"

TEST_CASE("upstream ports: PyTorch test_view_ops.py and NumPy test_stride_tricks.py as programs",
          "[views][torch][stride_tricks][upstream]") {
  program_cases::Pending pending("upstream_pending.txt");
  CHECK(program_cases::check_file("upstream.jsonl", "", pending) >= 5);
}
