// The committed program corpora (tests/data/), run through one driver
// (program_cases.hpp): the language and printing corpus (tests/data/lang/, made
// by tests/tools/lang/gen.py) and the bad-input battery's reference half
// (tests/data/battery_oracle.jsonl, made by tests/tools/gen_battery.py). Each
// generator's header says how to rerun it.
#include <set>
#include <utility>

#include "tests/core/program_cases.hpp"
#include "tests/core/run_text.hpp"

using program_cases::check_file;
using program_cases::field;
using program_cases::read_jsonl;

namespace {

// One section per topic file: tests/data/lang/<topic>.jsonl, written by
// tests/tools/lang/harness.py from tests/tools/lang/corpus/<topic>.txt. Topics
// are discovered, so a new corpus file needs no edit here; run one with
// `stridelab_tests "corpus" -c <topic>`.
void run_all_topics() {
  auto files = program_cases::list_dir("lang", ".jsonl");
  REQUIRE(files.size() >= 14);
  for (const std::string& f : files) {
    std::string topic = f.substr(0, f.size() - 6);
    DYNAMIC_SECTION(topic) {
      program_cases::Pending pending("lang/pending.txt");
#ifdef __EMSCRIPTEN__
      // Programs whose numbers come from the C library where CPython and NumPy
      // call glibc's: the wasm build links musl (docs/numerics.md lists the gaps).
      pending.add("lang/wasm_pending.txt");
#endif
      check_file("lang/" + f, topic + "/", pending, /*sharded=*/true);
    }
  }
}

}  // namespace

TEST_CASE("corpus", "[lang][corpus]") { run_all_topics(); }

// --- the battery's reference half ---
// The programs print one entry per expression: a line "EXPR -> RESULT" (not
// indented) and the result's continuation lines. Entries are compared one by
// one, so a failure names its expression.
namespace {

std::vector<std::pair<std::string, std::string>> entries(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(pos, end - pos);
    size_t arrow = line.find(" -> ");
    if (!line.empty() && line[0] != ' ' && arrow != std::string::npos) out.push_back({line.substr(0, arrow), line + "\n"});
    else if (out.empty()) out.push_back({"", line + "\n"});
    else out.back().second += line + "\n";
    pos = end + 1;
  }
  return out;
}

std::string run_battery_program(const std::string& code) { return run_text::run(code); }

// Entries whose reference result comes from the C library where NumPy calls
// libm (npy_* wrappers) and no exact port exists yet: natively glibc gives
// NumPy's bits; the wasm build links musl. Listed in
// tests/data/battery_wasm_pending.txt, not checked under wasm (and reported).
std::set<std::string> wasm_libm_pending() {
#ifdef __EMSCRIPTEN__
  auto l = program_cases::read_list("battery_wasm_pending.txt");
  return {l.begin(), l.end()};
#else
  return {};
#endif
}

}  // namespace

TEST_CASE("battery: special values, empty and 0-d arrays against the reference", "[battery]") {
  auto programs = read_jsonl("battery_oracle.jsonl");
  auto wasm_pending = wasm_libm_pending();
  program_cases::Pending pending("battery_oracle_pending.txt");
  size_t wasm_skipped = 0;
  for (const auto& p : programs) {
    auto g = entries(run_battery_program(field(p, "code"))), w = entries(field(p, "expected"));
    size_t n = std::max(g.size(), w.size());
    for (size_t i = 0; i < n; ++i) {
      std::string key = i < w.size() ? w[i].first : g[i].first;
      if (wasm_pending.count(key)) {
        ++wasm_skipped;
        continue;
      }
      std::string got = i < g.size() ? g[i].second : std::string("<missing>");
      std::string want = i < w.size() ? w[i].second : std::string("<missing>");
      std::string id = field(p, "name") + "/" + key;
      if (got == want) {
        pending.passed(id);
        continue;
      }
      if (pending.mismatch_expected(id)) continue;
      INFO(field(p, "name") << ", entry " << i << ": " << key);
      CHECK(got == want);
    }
  }
  if (wasm_skipped) WARN(wasm_skipped << " battery entries pending under wasm (tests/data/battery_wasm_pending.txt: libm ports)");
}
