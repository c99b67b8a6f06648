// The evaluator (core/lang/interp): statement atomicity across REPL runs. The
// language corpus (tests/data/lang/, run by test_corpus.cpp) covers the rest of
// the evaluator program by program.
#include <catch2/catch.hpp>

#include <string>

#include "core/lang/eval/interp.hpp"


// Statement atomicity across REPL runs: a run that fails leaves every variable
// as it was before the failing statement (the same values CPython keeps, as the
// try/except versions of these programs in k_assignment show).
TEST_CASE("a failing statement leaves variables as they were (REPL runs)", "[lang][errors][atomicity]") {
  struct Step {
    const char* setup;
    const char* failing;
    const char* error;  // last traceback line
    const char* check;
    const char* expected;
  };
  const Step steps[] = {
      {"a, b = 1, 2", "a, b = b, 1/0", "ZeroDivisionError: division by zero", "print(a, b)", "1 2\n"},
      {"def f():\n    raise ValueError('nope')\nx = 'before'", "x = f()", "ValueError: nope", "print(x)", "before\n"},
      {"d = {'n': 1}", "d['n'] += None", "TypeError: unsupported operand type(s) for +=: 'int' and 'NoneType'",
       "print(d)", "{'n': 1}\n"},
      {"x = 5", "x += 'a'", "TypeError: unsupported operand type(s) for +=: 'int' and 'str'", "print(x)", "5\n"},
      {"a, b = 1, 2", "a, b = [7, 8, 9]", "ValueError: too many values to unpack (expected 2)", "print(a, b)", "1 2\n"},
      {"xs = [1, 2]", "xs = [1 / (n - 2) for n in range(4)]", "ZeroDivisionError: division by zero", "print(xs)", "[1, 2]\n"},
      {"a = b = 0", "a = b = int('x')", "ValueError: invalid literal for int() with base 10: 'x'", "print(a, b)", "0 0\n"},
      {"x = 1", "x = 2\ny = (", "SyntaxError: '(' was never closed", "print(x)", "1\n"},
      {"import numpy as np\na = np.arange(6)", "a = a.reshape(4, 4)",
       "ValueError: cannot reshape array of size 6 into shape (4,4)", "print(a)", "[0 1 2 3 4 5]\n"},
  };
  for (const Step& st : steps) {
    INFO(st.failing);
    sl::lang::Interp in;
    REQUIRE(in.run(st.setup).ok);
    auto r = in.run(st.failing);
    REQUIRE_FALSE(r.ok);
    std::string tb = r.traceback;
    while (!tb.empty() && tb.back() == '\n') tb.pop_back();
    CHECK(tb.substr(tb.rfind('\n') + 1) == st.error);
    CHECK(in.run(st.check).out == st.expected);
  }
}

