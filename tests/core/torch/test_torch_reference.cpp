// PyTorch 2.6 as the reference prints it: the probe programs of
// tests/tools/gen_torch_reference.py (tensor printing in every dtype, views and
// storage relations, creation, reductions, indexing, every message the torch
// front end raises), recorded through ../shared/oracle/refpy into
// tests/data/torch_reference.jsonl and run by the shared program driver. The
// probes that do not match yet are in torch_reference_pending.txt with the
// issue that owns each.
#include "tests/core/program_cases.hpp"

TEST_CASE("PyTorch 2.6 probes print what the reference prints", "[torch][reference]") {
  program_cases::Pending pending("torch_reference_pending.txt");
  CHECK(program_cases::check_file("torch_reference.jsonl", "", pending) >= 100);
}
