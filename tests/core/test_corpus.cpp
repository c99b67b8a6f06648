// The committed program corpora (tests/data/), run through one driver
// (program_cases.hpp): the language and printing corpus (tests/data/lang/, made
// by tests/tools/lang/gen.py) and the bad-input battery's reference half
// (tests/data/battery_oracle.jsonl, made by tests/tools/gen_battery.py). Each
// generator's header says how to rerun it.
#include <set>
#include <utility>

#include "tests/core/program_cases.hpp"

using program_cases::check_file;
using program_cases::field;
using program_cases::read_jsonl;

namespace {

struct Topic {
  const char* file;  // under tests/data/lang/
  const char* title;
};
// The corpus topics in the order the generator's corpus lists them.
const Topic k_topics[] = {
    {"operators", "operators, precedence, int/float division signs, float repr"},
    {"assignment", "assignment, unpacking, augmented assignment, del, statement atomicity"},
    {"control", "if/while/for with else, break, continue, finally"},
    {"functions", "functions: defaults, *args, **kwargs, keyword-only, closures, nonlocal, global, lambda"},
    {"comprehensions", "comprehensions and generator expressions, scoping"},
    {"slicing", "slicing of str/list/tuple/range incl. negative steps"},
    {"exceptions", "try/except/else/finally, matching by base class, raise from, errstate"},
    {"fstrings", "f-strings, format specs, str.format and % formatting"},
    {"methods", "str/list/dict/tuple/set methods"},
    {"builtins", "builtins"},
    {"syntax", "SyntaxError and IndentationError: message, line and caret"},
    {"tracebacks", "runtime errors: messages and the traceback lines"},
    {"np_print", "NumPy printing"},
    {"torch_print", "PyTorch printing"},
    {"torch_rng", "PyTorch's CPU generator: rand/randn/randint/randperm/normal/bernoulli/multinomial"},
    {"torch_functions", "torch.nn.functional and the missing torch functions"},
};

size_t run_topic(const char* name) {
  for (const Topic& t : k_topics)
    if (std::string(t.file) == name) {
      INFO(t.title);
      program_cases::Pending pending("lang/pending.txt");
      return check_file(std::string("lang/") + t.file + ".jsonl", std::string(t.file) + "/", pending);
    }
  FAIL("no topic " << name);
  return 0;
}

}  // namespace

TEST_CASE("corpus: operators, precedence, division signs, float repr", "[lang][corpus]") { run_topic("operators"); }
TEST_CASE("corpus: assignment, unpacking, augmented assignment, del", "[lang][corpus]") { run_topic("assignment"); }
TEST_CASE("corpus: if/while/for with else, break, continue, finally", "[lang][corpus]") { run_topic("control"); }
TEST_CASE("corpus: functions, closures, nonlocal, global, lambda", "[lang][corpus]") { run_topic("functions"); }
TEST_CASE("corpus: comprehensions and generator expressions", "[lang][corpus]") { run_topic("comprehensions"); }
TEST_CASE("corpus: slicing of str/list/tuple/range", "[lang][corpus]") { run_topic("slicing"); }
TEST_CASE("corpus: try/except/else/finally, raise from, errstate", "[lang][corpus]") { run_topic("exceptions"); }
TEST_CASE("corpus: f-strings, format specs, str.format and %", "[lang][corpus]") { run_topic("fstrings"); }
TEST_CASE("corpus: str/list/dict/tuple/set methods", "[lang][corpus]") { run_topic("methods"); }
TEST_CASE("corpus: builtins", "[lang][corpus]") { run_topic("builtins"); }
TEST_CASE("corpus: SyntaxError and IndentationError", "[lang][syntax][corpus]") { run_topic("syntax"); }
TEST_CASE("corpus: runtime errors and traceback lines", "[lang][errors][corpus]") { run_topic("tracebacks"); }
TEST_CASE("corpus: NumPy printing", "[format][numpy][corpus]") { run_topic("np_print"); }
TEST_CASE("corpus: PyTorch printing", "[format][torch][corpus]") { run_topic("torch_print"); }
TEST_CASE("corpus: PyTorch's CPU generator", "[torch][random][corpus]") { run_topic("torch_rng"); }
TEST_CASE("corpus: torch.nn.functional and torch functions", "[torch][corpus]") { run_topic("torch_functions"); }

TEST_CASE("corpus: every file under tests/data/lang is a topic above", "[lang][corpus]") {
  std::set<std::string> listed;
  for (const Topic& t : k_topics) listed.insert(std::string(t.file) + ".jsonl");
  auto files = program_cases::list_dir("lang", ".jsonl");
  CHECK(files.size() == listed.size());
  for (const std::string& f : files) {
    INFO(f << " is not run by any TEST_CASE");
    CHECK(listed.count(f) == 1);
  }
}

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

std::string run_battery_program(const std::string& code) {
  sl::lang::Interp in;
  auto r = in.run(code);
  if (!r.ok) return r.out + "!" + r.error_type + ": " + r.error_msg;
  return r.out;
}

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
