// The regular-expression engine (core/text/regex) on inputs that a recursive
// matcher would overflow the C++ stack with (Note [Backtracking without
// recursion]): a long subject through repeats of groups, alternations and
// lazy repeats, and the error positions of bad patterns.
#include <catch2/catch.hpp>

#include "core/text/regex.hpp"

namespace {

std::vector<uint32_t> cps(const std::string& s) { return std::vector<uint32_t>(s.begin(), s.end()); }

bool run_all(const std::string& pattern, const std::vector<uint32_t>& s, sl::regex::Mode mode, std::vector<int64_t>& marks) {
  sl::regex::Compiled c = sl::regex::compile(cps(pattern), 0, false);
  int last = -1;
  return sl::regex::run(*c.prog, s.data(), int64_t(s.size()), 0, int64_t(s.size()), mode, false, marks, last);
}

}  // namespace

TEST_CASE("regex: a million-character subject through group repeats and alternations") {
  const size_t n = 1000000;
  std::vector<uint32_t> s(n, 'a');
  s.push_back('b');
  std::vector<int64_t> marks;
  REQUIRE(run_all("(?:a|c)*b", s, sl::regex::Mode::FullMatch, marks));
  CHECK(marks[1] == int64_t(n + 1));
  REQUIRE(run_all("(a)*?b", s, sl::regex::Mode::Match, marks));
  CHECK(marks[2] == int64_t(n - 1));
  CHECK(marks[3] == int64_t(n));
  REQUIRE(run_all("(?:(a)|x)+$", std::vector<uint32_t>(n, 'a'), sl::regex::Mode::Match, marks));
  CHECK(marks[1] == int64_t(n));
  // No match: every start position fails after scanning; a lead literal skips them.
  CHECK_FALSE(run_all("ab{2}", s, sl::regex::Mode::Search, marks));
  // Backtracking across the whole subject, one character at a time.
  REQUIRE(run_all("(.*)a", s, sl::regex::Mode::Match, marks));
  CHECK(marks[3] == int64_t(n - 1));
}

TEST_CASE("regex: bad patterns report CPython's message and position") {
  auto error_of = [](const std::string& p) {
    try {
      sl::regex::compile(cps(p), 0, false);
    } catch (const sl::regex::RegexError& e) {
      return e.msg + " @" + std::to_string(e.pos);
    }
    return std::string("ok");
  };
  CHECK(error_of("(") == "missing ), unterminated subpattern @0");
  CHECK(error_of("a**") == "multiple repeat @2");
  CHECK(error_of("*") == "nothing to repeat @0");
  CHECK(error_of("x(?i)") == "global flags not at the start of the expression @1");
  CHECK(error_of("(?<=a+)") == "look-behind requires fixed-width pattern @-1");
  CHECK(error_of("[b-a]") == "bad character range b-a @1");
}
