// The interpreter through its API: state across runs, the session JSON, the
// REPL echo, resource limits. Programs with printed output are corpus topics
// (tests/tools/lang/corpus/lang_basics.txt and the others).
#include <catch2/catch.hpp>

#include "core/api/session.hpp"
#include "core/lang/eval/interp.hpp"

using sl::lang::Interp;

TEST_CASE("a failing statement leaves earlier variables intact", "[lang][errors]") {
  Interp in;
  REQUIRE(in.run("import numpy as np\na = np.arange(6)\n").ok);
  auto r = in.run("a = a.reshape(4, 4)");
  CHECK_FALSE(r.ok);
  CHECK(r.error_msg == "cannot reshape array of size 6 into shape (4,4)");
  auto r2 = in.run("print(a)");
  CHECK(r2.out == "[0 1 2 3 4 5]\n");
}

TEST_CASE("session JSON escapes text safely", "[api]") {
  CHECK(sl::json_string("a\"b\\c\n\x01") == "\"a\\\"b\\\\c\\n\\u0001\"");
  CHECK(sl::json_string("中") == "\"中\"");
  CHECK(sl::json_string(std::string("\xff", 1)) == "\"\\ufffd\"");
  sl::Session s;
  CHECK(s.run("print('<b>x</b>')", false) ==
        "{\"stdout\":\"<b>x</b>\\n\",\"error\":null,\"traceback\":null,\"line\":null,\"col\":null,\"repr\":null,"
        "\"exitCode\":null,\"explainError\":null}");
}

TEST_CASE("NumPy scalars print NumPy 2 style in every repr, plain in str", "[lang][echo]") {
  Interp in;
  auto r = in.run("import numpy as np\na = np.arange(5)\na[3]", true);
  REQUIRE(r.has_echo);
  CHECK(r.echo == "np.int64(3)");
  CHECK(in.run("[np.float32(0.5), np.bool_(True)]", true).echo == "[np.float32(0.5), np.True_]");
  CHECK(in.run("print(a[3], repr(a[3]), (a[3], a[3]), f'{a[3]!r} {a[3]}')").out ==
        "3 np.int64(3) (np.int64(3), np.int64(3)) np.int64(3) 3\n");
  CHECK_FALSE(in.run("x = 1", true).has_echo);
  CHECK(in.run("a", true).echo == "array([0, 1, 2, 3, 4])");
}

TEST_CASE("deep nesting raises RecursionError or frees iteratively, never overflows the stack", "[lang][limits]") {
  Interp in;
  REQUIRE(in.run("x = []\nfor i in range(300000):\n    x = [x]\n").ok);
  auto r = in.run("s = repr(x)");
  CHECK_FALSE(r.ok);
  CHECK(r.error_type == "RecursionError");
  auto r2 = in.run("print(x == x, len(x))");  // identity short-cuts; no deep walk
  CHECK(r2.out == "True 1\n");
  CHECK(in.run("del x\nprint('freed')").out == "freed\n");  // 300000-deep release
  CHECK(in.run("d = {}\nfor i in range(100000):\n    d = {'k': d}\ndel d\nprint('ok')").out == "ok\n");
  auto r3 = in.run("def f(n):\n    return f(n + 1)\nf(0)");
  CHECK(r3.error_type == "RecursionError");
  CHECK(in.run("print(1)").out == "1\n");
}
