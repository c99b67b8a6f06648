// The parser (core/lang/parser, lexer): error positions. Messages and carets
// for whole programs are in the corpus (tests/data/lang/syntax.jsonl).
#include <catch2/catch.hpp>

#include "core/lang/eval/interp.hpp"

TEST_CASE("SyntaxError reports CPython's line and 1-based column", "[lang][syntax]") {
  sl::lang::Interp in;
  auto r = in.run("x = 1\nprint(x 2)\n");
  CHECK(r.error_type == "SyntaxError");
  CHECK(r.error_msg == "invalid syntax. Perhaps you forgot a comma?");
  CHECK(r.line == 2);
  CHECK(r.col == 7);
  r = in.run("if True:\n        x = 1\n    y = 2\n");
  CHECK(r.error_type == "IndentationError");
  CHECK(r.line == 3);
  CHECK(r.col == 10);
}
