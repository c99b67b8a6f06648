// The step trace (Note [Step trace] in core/lang/eval/interp.hpp, core/api/trace.hpp):
// one recorded step per statement of the user's program, the marks for bytes
// changed through another name, and the recording's budget.
#include <catch2/catch.hpp>

#include <regex>
#include <string>
#include <vector>

#include "core/api/session.hpp"
#include "core/api/trace.hpp"
#include "core/lang/eval/interp.hpp"

namespace {

size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

// The "line" of every recorded step, in order.
std::vector<int> step_lines(const std::string& json) {
  std::vector<int> out;
  static const std::regex re("\\{\"line\":([0-9]+),\"endLine\"");
  for (auto it = std::sregex_iterator(json.begin(), json.end(), re); it != std::sregex_iterator(); ++it)
    out.push_back(std::stoi((*it)[1]));
  return out;
}

std::string trace_of(const std::string& json) {
  const size_t at = json.find("\"trace\":");
  REQUIRE(at != std::string::npos);
  return json.substr(at);
}

}  // namespace

TEST_CASE("a write through a view is marked on its step, against the name it went through (seed 000)", "[trace]") {
  sl::Session s;
  const std::string r = s.run_traced("import numpy as np\n"
                                     "a = np.arange(6)\n"
                                     "v = a[::2]\n"
                                     "v[0] = 99\n"
                                     "a[1] = 7\n"
                                     "print(a)\n", false, 500);
  const std::string t = trace_of(r);
  CHECK(step_lines(t) == std::vector<int>{1, 2, 3, 4, 5, 6});
  CHECK(count(t, "\"top\":true") == 6);
  // line 4 writes through v: a changed through another name, v through its own
  CHECK(t.find("{\"line\":4,\"endLine\":4,\"top\":true,\"stdoutLength\":0,\"names\":[\"v\"],\"changed\":["
               "{\"name\":\"a\",\"throughOther\":true},{\"name\":\"v\",\"throughOther\":false}]") != std::string::npos);
  // line 5 writes a[1]: a is named, and v (elements 0, 2, 4) did not change
  CHECK(t.find("{\"line\":5,\"endLine\":5,\"top\":true,\"stdoutLength\":0,\"names\":[\"a\"],\"changed\":["
               "{\"name\":\"a\",\"throughOther\":false}]") != std::string::npos);
  // the print: what had been printed when the step finished
  CHECK(t.find("{\"line\":6,\"endLine\":6,\"top\":true,\"stdoutLength\":20,") != std::string::npos);
  CHECK(t.find("\"skipped\":0,\"maxSteps\":500") != std::string::npos);
}

TEST_CASE("steps inside loops and calls are recorded up to the cap, then only top-level ones", "[trace]") {
  sl::Session s;
  const std::string r = s.run_traced("def f(n):\n"
                                     "    y = n * 2\n"
                                     "    return y\n"
                                     "total = 0\n"
                                     "for i in range(100):\n"
                                     "    total += f(i)\n"
                                     "print(total)\n", false, 20);
  const std::string t = trace_of(r);
  const std::vector<int> lines = step_lines(t);
  REQUIRE(lines.size() == 22);  // 20 steps, then the loop statement and the print (top level)
  CHECK(std::vector<int>(lines.begin(), lines.begin() + 6) == std::vector<int>{1, 4, 2, 3, 6, 2});
  CHECK(lines[20] == 5);
  CHECK(lines[21] == 7);
  CHECK(count(t, "\"top\":false") == 18);
  // 1 + 1 + 100 * (y=, return, total+=) + loop + print = 304 statements, 22 recorded
  CHECK(t.find("\"skipped\":282,\"maxSteps\":20") != std::string::npos);
}

TEST_CASE("a frozen module's statements are not the program's steps", "[trace]") {
  sl::Session s;
  const std::string r = s.run_traced("import torch\n"
                                     "import torch.nn as nn\n"
                                     "lin = nn.Linear(2, 3)\n"
                                     "w = lin.weight\n", false, 500);
  REQUIRE(r.find("\"error\":null") != std::string::npos);
  CHECK(step_lines(trace_of(r)) == std::vector<int>{1, 2, 3, 4});
  CHECK(count(trace_of(r), "\"top\":false") == 0);
}

TEST_CASE("an unchanged snapshot is stored once; the byte budget bounds the recording", "[trace]") {
  sl::Session s;
  const std::string r = s.run_traced("x = 1\nx = 1\nx = 2\n", false, 500);
  const std::string t = trace_of(r);
  CHECK(count(t, "\"sameAs\":0") == 1);
  CHECK(count(t, "\"snapshot\":") == 2);

  // A budget of 1 byte: the first snapshot fills it; later statements are kept
  // only at the top level, until twice the budget, and then counted as skipped.
  sl::lang::Interp in;
  sl::TraceOptions opt;
  opt.max_bytes = 1;
  sl::TraceRecorder rec(in, opt);
  in.step_observer = [&](const sl::lang::Stmt& st, bool top) { rec.on_step(st, top); };
  REQUIRE(in.run("a = [0]\nfor i in range(3):\n    a.append(i)\nb = 1\n").ok);
  in.step_observer = nullptr;
  sl::JsonWriter w;
  rec.write(w);
  const std::string t2 = w.take();
  CHECK(step_lines(t2) == std::vector<int>{1});
  CHECK(t2.find("\"skipped\":5") != std::string::npos);
}

TEST_CASE("a statement that raises ends the trace; the run reports the error", "[trace]") {
  sl::Session s;
  const std::string r = s.run_traced("a = 1\nb = a / 0\nc = 3\n", false, 500);
  CHECK(r.find("ZeroDivisionError") != std::string::npos);
  CHECK(step_lines(trace_of(r)) == std::vector<int>{1});
}

TEST_CASE("a statement over several lines is one step spanning them", "[trace]") {
  sl::Session s;
  const std::string r = s.run_traced("x = [1,\n     2]\ny = 3\n", false, 500);
  CHECK(r.find("{\"line\":1,\"endLine\":2,") != std::string::npos);
  CHECK(r.find("{\"line\":3,\"endLine\":3,") != std::string::npos);
}

TEST_CASE("an echoed trailing expression is a step too", "[trace]") {
  sl::Session s;
  const std::string r = s.run_traced("x = 2\nx * 3\n", true, 500);
  CHECK(r.find("\"repr\":\"6\"") != std::string::npos);
  CHECK(step_lines(trace_of(r)) == std::vector<int>{1, 2});
}

TEST_CASE("each step names the storage bytes whose values it changed, within a bounded copy budget", "[trace]") {
  // Seed 000 again: v[0] = 99 turns a's byte 0 from 0 to 0x63 (little-endian
  // int64, the other 7 bytes stay 0); a[1] = 7 turns byte 8 from 1 to 7.
  sl::lang::Interp in;
  sl::TraceOptions opt;
  sl::TraceRecorder rec(in, opt);
  auto run = [&](const std::string& code) {
    in.step_observer = [&](const sl::lang::Stmt& st, bool top) { rec.on_step(st, top); };
    REQUIRE(in.run(code).ok);
    in.step_observer = nullptr;
    sl::JsonWriter w;
    rec.write(w);
    return w.take();
  };
  std::string t = run("import numpy as np\na = np.arange(6)\nv = a[::2]\nv[0] = 99\na[1] = 7\nv[1:] = v[1:]\n");
  const std::string sid = std::to_string(in.globals->vars.at("a").arr().storage->id());
  const std::string none = "\"bytesChanged\":[]";
  CHECK(count(t, none) == 4);  // the import, the new array, the new view, and a write of equal values
  CHECK(t.find("\"bytesChanged\":[{\"storage\":" + sid + ",\"ranges\":[0,1],\"coarse\":false}]") != std::string::npos);
  CHECK(t.find("\"bytesChanged\":[{\"storage\":" + sid + ",\"ranges\":[8,9],\"coarse\":false}]") != std::string::npos);
}

TEST_CASE("byte changes: runs, the range cap, and storages past the copy budget", "[trace]") {
  sl::lang::Interp in;
  sl::TraceOptions opt;
  opt.max_ranges = 4;
  opt.copy_max_bytes = 1000;  // holds b (200 bytes), not c (4,000) once b is kept
  sl::TraceRecorder rec(in, opt);
  in.step_observer = [&](const sl::lang::Stmt& st, bool top) { rec.on_step(st, top); };
  REQUIRE(in.run("import numpy as np\n"
                 "b = np.zeros(200, np.uint8)\n"
                 "c = np.zeros(1000, np.float32)\n"
                 "b[10:20] = 1\n"
                 "b[::10] = 2\n"
                 "c[:] = 1\n").ok);
  in.step_observer = nullptr;
  sl::JsonWriter w;
  rec.write(w);
  const std::string t = w.take();
  const std::string sb = std::to_string(in.globals->vars.at("b").arr().storage->id());
  // One run of ten bytes.
  CHECK(t.find("{\"storage\":" + sb + ",\"ranges\":[10,20],\"coarse\":false}") != std::string::npos);
  // b[::10] = 2 changes bytes 0, 10, 20, ..., 190 (20 runs): 4 ranges, the last
  // stretched to the last changed byte.
  CHECK(t.find("{\"storage\":" + sb + ",\"ranges\":[0,1,10,11,20,21,30,191],\"coarse\":true}") != std::string::npos);
  // c's 4,000 bytes do not fit the copy budget: its write is unmarked.
  CHECK(t.find("{\"line\":6,") != std::string::npos);
  CHECK(t.substr(t.find("{\"line\":6,")).find("\"bytesChanged\":[]") != std::string::npos);
}
