// The bad-input battery (issue 8), generated from the interpreter itself: every
// public callable of numpy, numpy.*, torch and the builtins, and every ndarray
// and Tensor method, is called with wrong types and wrong arity. Each call
// must end in a Python exception of a known type (or succeed), and the session
// must be unchanged: every variable bound as before, every array's bytes as
// before. Writes to read-only views and out-of-bounds as_strided are covered
// the same way. The oracle half (NaN/inf through every kernel, empty and 0-d
// arrays through every op, NumPy's own output) is tests/data/battery_oracle.jsonl (run by test_corpus.cpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"
#include "tests/core/program_cases.hpp"

using namespace sl::lang;

namespace {

// Everything the session can see, printed: values, flags and the raw contents
// of every array (so a write that happened before an error shows).
// torch.set_printoptions takes any value and a tensor's printing fails on an
// unusable one (as PyTorch's does): the print options are settings, not data,
// so they go back to the default profile before the session is printed.
std::string state(Interp& in) {
  auto r = in.run(
      "torch.set_printoptions(profile='default')\n"
      "print(repr(a), a.flags.writeable, repr(ro), ro.flags.writeable, repr(v), repr(t), repr(tv), l, d, s, n, f, "
      "c, repr(z), repr(e))");
  REQUIRE(r.ok);
  return r.out;
}

std::vector<std::string> callables(Interp& in) {
  std::vector<std::string> out;
  for (auto& [mod, m] : in.modules) {
    std::string prefix;
    if (mod == "numpy") prefix = "np.";
    else if (mod.rfind("numpy.", 0) == 0) prefix = "np." + mod.substr(6) + ".";
    else if (mod == "torch") prefix = "torch.";
    else if (mod.rfind("torch.", 0) == 0) prefix = mod + ".";
    else if (mod == "math") prefix = "math.";
    else continue;
    for (auto& [name, val] : m->attrs) {
      if (name.empty() || name[0] == '_') continue;
      if (!val.is_obj()) continue;
      ObjKind k = val.obj()->kind;
      if (k == ObjKind::Builtin || k == ObjKind::Function || k == ObjKind::Type) out.push_back(prefix + name);
    }
  }
  for (auto& [name, val] : in.builtins) {
    if (name.empty() || name[0] == '_' || name == "input" || name == "breakpoint" || name == "exit" || name == "quit") continue;
    if (val.is_obj() && (val.obj()->kind == ObjKind::Builtin || val.obj()->kind == ObjKind::Type)) out.push_back(name);
  }
  for (auto& m : array_method_names(false)) out.push_back("a." + m);
  for (auto& m : array_method_names(true)) out.push_back("t." + m);
  std::sort(out.begin(), out.end());
  return out;
}

const char* kSetup =
    "import numpy as np\nimport torch\nimport math\n"
    "from numpy.lib.stride_tricks import as_strided, sliding_window_view\n"
    "a = np.arange(12.0).reshape(3, 4)\nro = np.arange(5)\nro.flags.writeable = False\nv = a[:, 1::2]\n"
    "t = torch.arange(6.).view(2, 3)\ntv = t.t()\nl = [1, 2, 3]\nd = {'k': 1}\ns = 'text'\nn = 7\nf = 2.5\n"
    "c = 1 + 2j\nz = np.array(3)\ne = np.zeros((0, 2))\n";

// Wrong arity, wrong types, hostile values. Each is appended to a callable.
const std::vector<std::string> kArgs = {
    "()", "(None)", "('x')", "(l)", "(d)", "(a, a, a, a, a, a, a, a, a)", "(a, bogus=1)", "(a, axis=9)",
    "(a, dtype='nope')", "([[1], [2, 3]])", "(t)", "(e)", "(z)", "(-1)", "(2 ** 62)", "(1e308)", "(float('nan'))",
    "(ro, ro)", "(a, -5)", "(s, s)", "(c)", "(v, out=ro)", "((2, -3))", "(a, (1, 2, 3, 4))", "(t, dim=5)",
    "(lambda: 0)", "(np)", "(a, l, d, n, f)"};

// Calls that may legitimately run for a long time or allocate a lot with
// these arguments are bounded by the step budget and the memory limit; the
// ones below would only print or sleep.
bool skipped(const std::string& fn) {
  static const std::set<std::string> skip = {"print", "time.sleep", "help", "exec", "eval", "open", "globals", "locals"};
  return skip.count(fn) > 0;
}

// Runs every callable with every argument list in one session and calls
// `seen(code, result, changed)`; `changed` is whether the call left the
// session different (then the fixtures are set up again).
template <class F>
size_t for_each_bad_call(F seen) {
  Interp in;
  in.step_budget = 200000;
  REQUIRE(in.run(kSetup).ok);
  const std::string before = state(in);
  std::vector<std::string> fns = callables(in);
  INFO(fns.size() << " callables");
  CHECK(fns.size() > 300);
  size_t calls = 0;
  for (const std::string& fn : fns) {
    if (skipped(fn)) continue;
    for (const std::string& args : kArgs) {
      std::string call = fn + args;
      auto r = in.run("__r = " + call);
      ++calls;
      std::string after = state(in);
      seen(call, r, after != before);
      if (after != before) REQUIRE(in.run(kSetup).ok);
      in.run("__r = None");
    }
  }
  return calls;
}

// Programs that do not parse (or nest past the parser's limits); the reference's
// error type for each is recorded beside the bad calls' (battery_errors.jsonl).
std::vector<std::string> malformed_programs() {
  return {
      "a = ",           "a = [1, 2",        "def f(:\n  pass",      "if a\n  pass",       "for in l: pass",
      "x = (1,, 2)",    "a[1:2:3:4]",       "lambda: (yield)",      "return 5\na = 0",    "a = 1 +* 2",
      "\tif True:\n  pass", "x = '''unterminated", "f'{a!z}'",      "a = 0x",            "@",
      "a = 1e",         "class",            "del 1",               "(a) = 1 = 2",         "a.b.c. = 1",
      "x = [" + std::string(300, '[') + "]",  std::string(200, '(') + "1" + std::string(200, ')'),
      "a = -" + std::string(5000, '-') + "1",  "a = " + std::string(3000, '~') + "1",
      "nonlocal a",     "break",            "continue",            "a = 1\n  b = 2",      "\xff\xfe",
      "a = 'x' 'y' 3",  "print(*)",         "f(**)",               "a = {1: }",           "a = [i for i in]",
  };}

// What a call ended in, as the reference records it: "" or the error type.
std::string outcome(const Interp::Result& r) { return r.ok ? "" : r.error_type; }

// tests/data/battery_errors.jsonl: call (or malformed program) -> the reference's outcome.
std::map<std::string, std::string> recorded_outcomes() {
  std::map<std::string, std::string> out;
  for (const auto& rec : program_cases::read_jsonl("battery_errors.jsonl"))
    out[program_cases::field(rec, rec.count("call") ? "call" : "program")] = program_cases::field(rec, "error");
  return out;
}

// tests/data/battery_errors_pending.jsonl: the calls (and programs) whose
// outcome does not match the reference yet, each with the issue that owns it.
std::map<std::string, std::string> pending_calls() {
  std::map<std::string, std::string> out;
  for (const auto& rec : program_cases::read_jsonl("battery_errors_pending.jsonl"))
    out[program_cases::field(rec, rec.count("call") ? "call" : "program")] = program_cases::field(rec, "issue");
  return out;
}

// Compares one outcome with the recorded one; pending mismatches are counted
// per issue, pending entries that match now are collected as XPASS.
struct Verdicts {
  std::map<std::string, std::string> want = recorded_outcomes(), pending = pending_calls();
  std::map<std::string, size_t> pending_by_issue;
  std::vector<std::string> xpass;
  size_t unrecorded = 0;

  void check(const std::string& key, const Interp::Result& r) {
    auto w = want.find(key);
    if (w == want.end()) {
      ++unrecorded;
      FAIL_CHECK(key << " has no recorded reference outcome: rerun tests/tools/gen_battery_errors.py");
      return;
    }
    auto p = pending.find(key);
    // "<crash>": the call kills the reference process (a.repeat(2 ** 62)); the
    // engine must refuse it with a Python error instead.
    bool same = w->second == "<crash>" ? !r.ok : outcome(r) == w->second;
    if (same) {
      if (p != pending.end()) xpass.push_back(key);
      return;
    }
    if (p != pending.end()) {
      ++pending_by_issue[p->second];
      return;
    }
    INFO("the reference: " << (w->second.empty() ? std::string("ok") : w->second));
    CHECK(outcome(r) == w->second);
  }

  void report() {
    CHECK(unrecorded == 0);
    std::ostringstream out;
    for (auto& [issue, n] : pending_by_issue) out << " issue " << issue << ": " << n << ";";
    if (!pending_by_issue.empty()) WARN("pending (tests/data/battery_errors_pending.jsonl):" << out.str());
    for (const std::string& c : xpass) WARN("XPASS " << c << " (matches the reference now: remove it from the pending list)");
  }
};

}  // namespace

// The reference's outcome for each call is recorded by tests/tools/gen_battery_errors.py
// (it runs the same calls, from this list, through ../shared/oracle/refpy).
TEST_CASE("every public function and method: wrong types and arity give the reference's error and change nothing",
          "[battery][hardening]") {
  Verdicts verdicts;
  size_t errors = 0;
  size_t calls = for_each_bad_call([&](const std::string& call, const Interp::Result& r, bool changed) {
    if (!r.ok) ++errors;
    INFO(call << "  ->  " << (r.ok ? std::string("ok") : r.error_type + ": " + r.error_msg));
    CHECK(outcome(r) != "SystemError");
    if (!r.ok) {
      // A call that succeeded may legitimately write (np.copyto(ro, ...)
      // must not, a.fill(0) may); a failed call changes nothing.
      INFO(call << " failed but changed the session");
      CHECK_FALSE(changed);
    }
    verdicts.check(call, r);
  });
  INFO(calls << " calls, " << errors << " errors");
  CHECK(errors > calls / 3);
  verdicts.report();
}

// Not a test: the generator's source of calls. With STRIDELAB_BATTERY_CALLS=FILE
// writes FILE, JSON lines {"setup"} then {"call", "got"} per call.
TEST_CASE("battery call list for tests/tools/gen_battery_errors.py", "[.][battery-calls]") {
  const char* path = std::getenv("STRIDELAB_BATTERY_CALLS");
  REQUIRE(path != nullptr);
  std::ofstream out(path);
  REQUIRE(out.good());
  auto q = [](const std::string& s) {
    std::string o = "\"";
    for (unsigned char c : s) {
      if (c == '"' || c == '\\') o += '\\', o += char(c);
      else if (c == '\n') o += "\\n";
      else if (c < 0x20) { char b[8]; std::snprintf(b, sizeof b, "\\u%04x", c); o += b; }
      else o += char(c);
    }
    return o + "\"";
  };
  out << "{\"setup\": " << q(kSetup) << "}\n";
  Interp in;
  for (const std::string& p : malformed_programs()) {
    auto r = in.run(p);
    out << "{\"program\": " << q(p) << ", \"got\": " << q(outcome(r)) << "}\n";
  }
  for_each_bad_call([&](const std::string& call, const Interp::Result& r, bool) {
    out << "{\"call\": " << q(call) << ", \"got\": " << q(outcome(r)) << "}\n";
  });
}

TEST_CASE("writes to read-only views and out-of-bounds as_strided are refused; nothing changes", "[battery][hardening]") {
  Interp in;
  REQUIRE(in.run(kSetup).ok);
  const std::string before = state(in);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"ro[0] = 5", "ValueError"},
      {"ro[1:3] += 1", "ValueError"},
      {"ro[...] = a[0, :1]", "ValueError"},
      {"np.add(ro, 1, out=ro)", "ValueError"},
      {"ro.fill(0)", "ValueError"},
      {"ro.sort()", "ValueError"},
      {"np.put(ro, [0], 1)", "ValueError"},
      {"np.broadcast_to(a[0], (3, 4))[0, 0] = 1", "ValueError"},
      {"a.diagonal()[0] = 1", "ValueError"},
      {"sliding_window_view(a, 2, axis=0)[0, 0, 0] = 1", "ValueError"},
      {"as_strided(a, shape=(4, 4))", "ValueError"},
      {"as_strided(a, shape=(2,), strides=(10 ** 12,))", "ValueError"},
      {"as_strided(a, shape=(2,), strides=(-8,))", "ValueError"},
      {"as_strided(a, shape=(2 ** 40, 2 ** 40), strides=(0, 0))[0, 0] = 1", "ValueError"},
      {"as_strided(a, shape=(-1,))", "ValueError"},
      {"torch.as_strided(t, (3, 3), (1, 1), 2)", "RuntimeError"},
      {"t.as_strided((2,), (-1,))", "RuntimeError"},
      {"t.expand(2, 2, 3).add_(1)", "RuntimeError"},
      {"np.zeros(2 ** 62)", "ValueError"},
      {"np.zeros((2 ** 31, 2 ** 31), dtype=np.int8)", "MemoryError"},  // _ArrayMemoryError, shown as its base
      {"a[:, :3].view(np.int64).shape = (2, 9)", "ValueError"},
      {"a.reshape(5, -1)", "ValueError"},
      {"t.t().view(6)", "RuntimeError"},
  };
  for (auto& [code, type] : cases) {
    auto r = in.run(code);
    INFO(code << "  ->  " << (r.ok ? "ok" : r.error_type + ": " + r.error_msg));
    CHECK_FALSE(r.ok);
    CHECK(r.error_type == type);
    CHECK(state(in) == before);
  }
}

TEST_CASE("malformed and deeply nested programs end as the reference's do; a failed one changes nothing", "[battery][syntax]") {
  Interp in;
  REQUIRE(in.run(kSetup).ok);
  const std::string before = state(in);
  Verdicts verdicts;
  for (const std::string& p : malformed_programs()) {
    auto r = in.run(p);
    INFO(p.substr(0, 80) << "  ->  " << (r.ok ? "ok" : r.error_type + ": " + r.error_msg));
    verdicts.check(p, r);
    if (!r.ok) CHECK(state(in) == before);
    else REQUIRE(in.run(kSetup).ok);
  }
  verdicts.report();
}

TEST_CASE("repeat counts whose total wraps 64 bits are refused (NumPy 1.24 itself crashes here)", "[battery][hardening]") {
  Interp in;
  REQUIRE(in.run("import numpy as np\na = np.arange(12.0).reshape(3, 4)").ok);
  for (const char* code : {"a.repeat(2 ** 62)", "np.repeat(a, [2 ** 62, 2 ** 62, 2 ** 62], axis=0)", "a.repeat(2 ** 61, axis=0)"}) {
    auto r = in.run(code);
    INFO(code);
    CHECK(r.error_type == "ValueError");
    CHECK(r.error_msg.find("array is too big") == 0);
  }
}
