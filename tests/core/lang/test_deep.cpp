// Deep programs end as CPython 3.13 ends them, never with a native stack
// overflow (issue 29): operator chains evaluate without a frame per term
// (Note [Operator chains], ceval.cpp), the compiler's nesting limit is
// CPython's (Note [Compile-time nesting], parser.cpp), brackets stop at the
// tokenizer's 200 levels. The programs are generated here; every expected
// result is the reference's, measured with ../shared/oracle/refpy on the same
// program text (e.g. `x = 1+1+...` with 9,999 terms prints 9999, with 10,000
// raises RecursionError while compiling).
#include <catch2/catch.hpp>

#include <string>

#include "tests/core/run_text.hpp"

namespace {
std::string sum_of_ones(int n) {
  std::string s = "1";
  for (int k = 1; k < n; ++k) s += "+1";
  return s;
}
std::string nested_parens(int n) { return std::string(size_t(n), '(') + "1" + std::string(size_t(n), ')'); }
const char* kCompileDepth = "!RecursionError: maximum recursion depth exceeded during compilation";
}  // namespace

TEST_CASE("an operator chain as long as CPython compiles evaluates", "[lang][deep]") {
  CHECK(run_text::run("x = " + sum_of_ones(4000) + "\nprint(x)") == "4000\n");
  CHECK(run_text::run("x = " + sum_of_ones(9999) + "\nprint(x)") == "9999\n");
  // an error inside the chain names its operator's line and leaves the session usable
  sl::lang::Interp in;
  CHECK(run_text::run(in, "x = " + sum_of_ones(5000) + " + 'a'") ==
        "!TypeError: unsupported operand type(s) for +: 'int' and 'str'");
  CHECK(run_text::run(in, "print(" + sum_of_ones(3) + ")") == "3\n");
}

TEST_CASE("past CPython's compile-time nesting: RecursionError before anything runs", "[lang][deep]") {
  CHECK(run_text::run("print('ran')\nx = " + sum_of_ones(10000)) == kCompileDepth);
  CHECK(run_text::run("x = " + sum_of_ones(100000)) == kCompileDepth);
  CHECK(run_text::run("print(" + sum_of_ones(9999) + ")") == kCompileDepth);
  CHECK(run_text::run("def f():\n    return " + sum_of_ones(9999) + "\nprint(f())") == kCompileDepth);
}

TEST_CASE("brackets nest 200 deep at most", "[lang][deep]") {
  CHECK(run_text::run("print(" + nested_parens(199) + ")") == "1\n");
  CHECK(run_text::run("print(" + nested_parens(200) + ")") == "!SyntaxError: too many nested parentheses");
  CHECK(run_text::run("x = " + std::string(500, '-') + "1\nprint(x)") == "1\n");
}
