// core/model/explain: each view-or-copy rule is produced by a small program and its
// numbers are the ones the decision used. Expected verdicts are NumPy 2.2 /
// PyTorch 2.6 behaviour (checked with the reference interpreter).
#include <catch2/catch.hpp>

#include "core/api/session.hpp"
#include "core/model/explain.hpp"
#include "core/lang/eval/interp.hpp"

using sl::Explain;
using sl::Verdict;
using sl::lang::Interp;
using Ints = std::vector<int64_t>;

namespace {

const Explain& why(Interp& in, const std::string& name) {
  auto it = in.globals->vars.find(name);
  REQUIRE(it != in.globals->vars.end());
  REQUIRE(it->second.is_array());
  REQUIRE(it->second.arr().why);
  return *it->second.arr().why;
}

const sl::ExplainFact& fact_of(const Explain& e, const std::string& key) {
  for (const auto& f : e.facts)
    if (f.key == key) return f;
  FAIL("no fact " << key << " in rule " << e.rule);
  throw;
}
Ints ints(const Explain& e, const std::string& key) { return fact_of(e, key).ints.vec(); }
int64_t num(const Explain& e, const std::string& key) {
  const auto& f = fact_of(e, key);
  REQUIRE_FALSE(f.list);
  REQUIRE(f.ints.size() == 1);
  return f.ints[0];
}
std::string text(const Explain& e, const std::string& key) { return fact_of(e, key).str(); }

Interp& run(Interp& in, const std::string& code) {
  auto r = in.run("import numpy as np\nimport torch\n" + code);
  INFO(r.error_type << ": " << r.error_msg);
  REQUIRE(r.ok);
  return in;
}

}  // namespace

TEST_CASE("basic indexing is a view: each stride is the slice step times the parent stride", "[explain]") {
  Interp in;
  run(in, "a = np.arange(24).reshape(4, 6)\nb = a[1:, ::2]\nc = a[2, None, ...]\n");
  const Explain& b = why(in, "b");
  CHECK(b.rule == "basic-index");
  CHECK(b.verdict == Verdict::View);
  CHECK(text(b, "components") == "slice,slice");
  CHECK(ints(b, "steps") == Ints{1, 2});
  CHECK(ints(b, "parentStrides") == Ints{48, 8});
  CHECK(b.out_strides == Ints{48, 16});  // 16 B = 2 x 8 B
  CHECK(num(b, "offsetMoved") == 48);
  const Explain& c = why(in, "c");
  CHECK(text(c, "components") == "int,newaxis,ellipsis");
  CHECK(ints(c, "steps") == Ints{0, 1});
  CHECK(num(c, "offsetMoved") == 96);
}

TEST_CASE("a record longer than its inline lists: six axes, five index components", "[explain]") {
  // Note [Records without allocations]: lists of more than 4 values move to the
  // heap; the record and its JSON must read the same either way.
  sl::Session s;
  std::string r = s.run("import numpy as np\na = np.zeros((2, 3, 2, 2, 3, 2))\nb = a[1, ::2, None, :, ..., ::-1]\n",
                        false, true);
  CHECK(r.find("\"rule\":\"basic-index\",\"verdict\":\"view\",\"unit\":\"bytes\",\"itemsize\":8,"
               "\"inShape\":[2,3,2,2,3,2],\"inStrides\":[576,192,96,48,16,8],\"inOffset\":0") != std::string::npos);
  CHECK(r.find("\"outShape\":[2,1,2,2,3,2],\"outStrides\":[384,0,96,48,16,-8],\"outOffset\":584") != std::string::npos);
  CHECK(r.find("\"facts\":{\"components\":\"int,slice,newaxis,slice,ellipsis,slice\",\"steps\":[2,0,1,1,1,-1],"
               "\"parentStrides\":[192,0,96,48,16,8],\"offsetMoved\":584}") != std::string::npos);
  Interp in;
  run(in, "a = np.zeros((2, 3, 2, 2, 3, 2))\nb = a[1, ::2, None, :, ..., ::-1]\nc = b[0]\n");
  const Explain& c = why(in, "c");
  REQUIRE(c.input);  // the earlier step, copied with its long lists
  CHECK(c.input->in_shape == Ints{2, 3, 2, 2, 3, 2});
  CHECK(c.input->out_strides == Ints{384, 0, 96, 48, 16, -8});
  CHECK(ints(*c.input, "steps") == Ints{2, 0, 1, 1, 1, -1});
}

TEST_CASE("advanced indexing is a copy and names the component that made it advanced", "[explain]") {
  Interp in;
  run(in, "a = np.arange(12).reshape(3, 4)\nb = a[1:, [0, 2]]\nc = a[a > 5]\nt = torch.arange(6)\nu = t[[0, 2]]\n");
  const Explain& b = why(in, "b");
  CHECK(b.rule == "advanced-index");
  CHECK(b.verdict == Verdict::Copy);
  CHECK(num(b, "component") == 1);
  CHECK(text(b, "componentKind") == "int-array");
  CHECK(ints(b, "indexShape") == Ints{2});
  const Explain& c = why(in, "c");
  CHECK(num(c, "component") == 0);
  CHECK(text(c, "componentKind") == "bool-array");
  CHECK(ints(c, "indexShape") == Ints{3, 4});
  CHECK(why(in, "u").rule == "advanced-index");
}

TEST_CASE("reshape: contiguous, regrouped, or a copy naming the axes that could not be merged", "[explain]") {
  Interp in;
  run(in, "a = np.arange(12).reshape(3, 4)\nb = a.T.reshape(12)\nc = a[:, :2].reshape(3, 2, 1)\n"
          "d = a.reshape(3, 4)\ne = a[::2].reshape(2, 2, 2)\n");
  CHECK(why(in, "a").rule == "reshape-contiguous");
  const Explain& b = why(in, "b");
  CHECK(b.rule == "reshape-copy");
  CHECK(b.verdict == Verdict::Copy);
  CHECK(b.in_shape == Ints{4, 3});
  CHECK(b.in_strides == Ints{8, 32});
  CHECK(ints(b, "axes") == Ints{0, 1});
  CHECK(ints(b, "dims") == Ints{4, 3});
  CHECK(ints(b, "strides") == Ints{8, 32});
  CHECK(num(b, "at") == 0);
  CHECK(num(b, "needed") == 96);  // stride of axis 0 would have to be 3 x 32 B
  CHECK(ints(b, "newShape") == Ints{12});
  // the chain: the transpose that made the input is the earlier step
  REQUIRE(b.input);
  CHECK(b.input->rule == "transpose");
  CHECK(why(in, "c").rule == "reshape-regroup");
  CHECK(why(in, "c").verdict == Verdict::View);
  CHECK(why(in, "d").rule == "reshape-same");
  CHECK(why(in, "e").rule == "reshape-regroup");
}

TEST_CASE("torch view failure is the run's failure record; reshape copies with the same facts", "[explain]") {
  sl::Session s;
  std::string r = s.run("import torch\nt = torch.arange(12).reshape(3, 4).t()\nv = t.view(12)\n", false);
  CHECK(r.find("\"explainError\":{\"thisRun\":true,\"steps\":[{\"rule\":\"torch-view-fail\",\"verdict\":\"error\","
               "\"unit\":\"elements\"") != std::string::npos);
  CHECK(r.find("\"facts\":{\"axes\":[1],\"dims\":[3],\"strides\":[4],\"newShape\":[12]}") != std::string::npos);
  // the next run forgets it
  CHECK(s.run("x = 1\n", false).find("\"explainError\":null") != std::string::npos);
  Interp in;
  run(in, "t = torch.arange(12).reshape(3, 4).t()\nr = t.reshape(12)\nv = t.reshape(4, 3)\nw = t.view(2, 2, 3)\n");
  const Explain& r2 = why(in, "r");
  CHECK(r2.rule == "torch-reshape-copy");
  CHECK(r2.verdict == Verdict::Copy);
  CHECK(ints(r2, "axes") == Ints{1});
  CHECK(why(in, "v").rule == "torch-reshape-view");
  CHECK(why(in, "w").rule == "torch-view");
}

TEST_CASE("astype / copy / ascontiguousarray / contiguous name the flag or the contiguity break", "[explain]") {
  Interp in;
  // c and g are `a` itself (Verdict::Same): the object's record is the latest
  // operation that returned it, so each is checked in its own session.
  run(in, "a = np.arange(6).reshape(2, 3)\nb = a.astype(np.int64)\nd = a.astype(np.float32, copy=False)\n"
          "e = a.copy()\nf = np.ascontiguousarray(a.T)\nt = torch.ones(2, 3)\nu = t.contiguous()\n"
          "w = t.t().contiguous()\nk = t.clone()\nr = a.T.ravel()\nr2 = a.ravel()\n"
          "fl = a.flatten()\nar = np.array(a)\n");
  Interp in_c, in_g;
  run(in_c, "a = np.arange(6).reshape(2, 3)\nc = a.astype(np.int64, copy=False)\n");
  run(in_g, "a = np.arange(6).reshape(2, 3)\ng = np.ascontiguousarray(a)\n");
  const Explain& b = why(in, "b");
  CHECK(b.rule == "astype-copy");
  CHECK(num(b, "copy") == 1);
  CHECK(why(in_c, "c").rule == "astype-no-copy");
  CHECK(why(in_c, "c").verdict == Verdict::Same);
  REQUIRE(why(in_c, "c").input);  // the record it replaced: how `a` was made
  CHECK(why(in_c, "c").input->rule == "reshape-contiguous");
  CHECK(why(in, "d").rule == "astype-new-dtype");
  CHECK(text(why(in, "d"), "to") == "float32");
  CHECK(why(in, "e").rule == "copy");
  const Explain& f = why(in, "f");
  CHECK(f.rule == "ascontiguous-copy");
  CHECK(num(f, "axis") == 1);        // a.T has shape (3, 2), strides (8, 24): axis 1 breaks
  CHECK(num(f, "stride") == 24);
  CHECK(num(f, "expected") == 8);
  CHECK(why(in_g, "g").rule == "ascontiguous-already");
  CHECK(why(in_g, "g").verdict == Verdict::Same);
  CHECK(why(in, "u").rule == "contiguous-already");
  CHECK(why(in, "r").rule == "ravel-copy");
  CHECK(num(why(in, "r"), "axis") == 1);
  CHECK(why(in, "r2").rule == "reshape-contiguous");  // ravel of a contiguous array: reshape(-1)
  CHECK(why(in, "fl").rule == "flatten");
  CHECK(why(in, "ar").rule == "array-copy");
  CHECK(num(why(in, "ar"), "copy") == 1);
  CHECK(why(in, "w").rule == "contiguous-copy");
  CHECK(why(in, "k").rule == "copy");
}

TEST_CASE("transpose, broadcast_to, as_strided and view(dtype) are views with their numbers", "[explain]") {
  Interp in;
  run(in, "a = np.arange(6).reshape(2, 3)\nb = a.transpose(1, 0)\nc = np.broadcast_to(np.arange(3), (4, 3))\n"
          "d = np.lib.stride_tricks.as_strided(a, shape=(2, 2), strides=(8, 8))\ne = a.view(np.int32)\n");
  CHECK(why(in, "b").rule == "transpose");
  CHECK(ints(why(in, "b"), "axes") == Ints{1, 0});
  CHECK(why(in, "c").rule == "broadcast");
  CHECK(ints(why(in, "c"), "newStrides") == Ints{0, 8});
  CHECK(why(in, "d").rule == "as-strided");
  CHECK(ints(why(in, "d"), "newStrides") == Ints{8, 8});
  const Explain& e = why(in, "e");
  CHECK(e.rule == "view-dtype");
  CHECK(num(e, "fromItemsize") == 8);
  CHECK(num(e, "toItemsize") == 4);
  CHECK(e.out_shape == Ints{2, 6});
}

TEST_CASE("the snapshot carries each array's explanation; run() can return the snapshot", "[explain][snapshot]") {
  sl::Session s;
  std::string r = s.run("import numpy as np\na = np.arange(12)\nb = a[::3]\nc = np.ones((3, 3)).diagonal()\n", false, true);
  CHECK(r.find("\"snapshot\":{\"heap\":") != std::string::npos);
  CHECK(r.find("\"explain\":{\"thisRun\":false,\"steps\":[{\"rule\":\"owner\",\"verdict\":\"copy\"") != std::string::npos);
  CHECK(r.find("\"explain\":{\"thisRun\":true,\"steps\":[{\"rule\":\"basic-index\",\"verdict\":\"view\",\"unit\":\"bytes\","
               "\"itemsize\":8,\"inShape\":[12],\"inStrides\":[8],\"inOffset\":0,\"line\":3,\"endLine\":3,"
               "\"source\":\"b = a[::3]\",\"outShape\":[4],\"outStrides\":[24]")
        != std::string::npos);
  CHECK(r.find("\"rule\":\"view-of-base\"") != std::string::npos);  // diagonal: always a view, no decision
  CHECK(s.run("x = 1\n", false).find("\"snapshot\"") == std::string::npos);
  // a record from an earlier run is no longer "thisRun"
  CHECK(s.snapshot().find("\"thisRun\":true") == std::string::npos);
}

TEST_CASE("JsonWriter: structure, commas and escaping of any bytes", "[api]") {
  sl::JsonWriter w;
  w.begin_object().field("a", int64_t(1)).key("b").begin_array().value("x\"\n").null().value(true).end_array();
  w.key("c").begin_object().end_object().key(std::string("k\xff", 2)).ints({1, -2}).end_object();
  CHECK(w.str() == "{\"a\":1,\"b\":[\"x\\\"\\n\",null,true],\"c\":{},\"k\\ufffd\":[1,-2]}");
  // a truncated 3-byte sequence and an overlong lead byte are replaced, valid text is kept
  CHECK(sl::json_string(std::string("\xe4\xb8", 2) + "\xc0\x80" + "\xe4\xb8\xad") == "\"\\ufffd\\ufffd\\ufffd\\ufffd中\"");
}

TEST_CASE("a record names the program statement that made it and quotes it from the run's text", "[explain]") {
  sl::Session s;
  const std::string r = s.run("import numpy as np\n"
                              "alpha = np.zeros(8)\n"
                              "def halve(x):\n"
                              "    return x[::2]\n"
                              "beta = halve(\n"
                              "    alpha)\n"
                              "gamma = alpha.reshape(\n"
                              "    2, 4)\n",
                              false, true);
  // The view is made inside halve: its line is the one in the function's body.
  CHECK(r.find("\"rule\":\"basic-index\",\"verdict\":\"view\",\"unit\":\"bytes\",\"itemsize\":8,\"inShape\":[8],"
               "\"inStrides\":[8],\"inOffset\":0,\"line\":4,\"endLine\":4,\"source\":\"    return x[::2]\"") != std::string::npos);
  // A statement over two lines is quoted whole.
  CHECK(r.find("\"line\":7,\"endLine\":8,\"source\":\"gamma = alpha.reshape(\\n    2, 4)\"") != std::string::npos);
  // A later run quotes its own text; the earlier record still quotes the earlier run.
  const std::string r2 = s.run("delta = alpha[1:]\n", false, true);
  CHECK(r2.find("\"line\":1,\"endLine\":1,\"source\":\"delta = alpha[1:]\"") != std::string::npos);
  CHECK(r2.find("\"source\":\"    return x[::2]\"") != std::string::npos);
}

TEST_CASE("a view made by a for loop's iteration names the loop's header line", "[explain]") {
  sl::Session s;
  const std::string r = s.run("import numpy as np\n"
                              "m = np.zeros((3, 2))\n"
                              "for row in m:\n"
                              "    total = 1\n",
                              false, true);
  // row is m[2], made by the iteration after the body's last statement ran
  CHECK(r.find("\"line\":3,\"endLine\":3,\"source\":\"for row in m:\"") != std::string::npos);
}

TEST_CASE("a record made inside a frozen module's Python names the user's statement", "[explain]") {
  sl::Session s;
  // nn.Flatten's forward (torch.nn.py) calls input.flatten, which reshapes: a copy here.
  const std::string r = s.run("import torch\n"
                              "flat = torch.nn.Flatten()\n"
                              "x = torch.zeros(2, 3, 4).transpose(1, 2)\n"
                              "y = flat(x)\n",
                              false, true);
  CHECK(r.find("\"line\":4,\"endLine\":4,\"source\":\"y = flat(x)\"") != std::string::npos);
}

TEST_CASE("explain_source: bounded lines, long lines cut, unknown runs empty", "[explain]") {
  sl::explain_begin_run("a\nb\nc\nd\n" + std::string(300, 'x') + "\n");
  const uint64_t run = sl::explain_run();
  CHECK(sl::explain_source(run, 1, 9) == "a\nb\nc");  // at most 3 lines
  CHECK(sl::explain_source(run, 2, 2) == "b");
  CHECK(sl::explain_source(run, 5, 5) == std::string(200, 'x') + "...");
  CHECK(sl::explain_source(run, 0, 0).empty());
  CHECK(sl::explain_source(run + 1, 1, 1).empty());
  for (int k = 0; k < 16; ++k) sl::explain_begin_run("y\n");
  CHECK(sl::explain_source(run, 1, 1).empty());  // only the last 16 runs' text is kept
}
