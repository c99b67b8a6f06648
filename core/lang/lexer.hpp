// lexer: Python source text -> tokens, with INDENT/DEDENT from indentation and
// implicit line joining inside brackets (the tokenize module's rules).
#pragma once
#include <string>
#include <vector>

namespace sl::lang {

enum class Tok { Name, Int, Float, Imag, String, Op, Newline, Indent, Dedent, End };

struct Token {
  Tok kind;
  std::string text;   // names, operators, number text; decoded value for strings
  int line = 0, col = 0;  // 1-based line, 0-based column (CPython's offsets are 1-based; see SyntaxError)
  // strings only
  bool fstring = false;
  bool bytes = false;
  bool raw = false;
  int end_line = 0;
};

// Throws PyError("SyntaxError", ...) with text like CPython's; the line/col of
// the problem are reported through SyntaxErrorInfo.
std::vector<Token> tokenize(const std::string& src, int first_line = 1, bool expression_mode = false);

struct SyntaxErrorInfo {
  int line = 0, col = 0;
};
// The position of the last SyntaxError raised by tokenize/parse on this thread.
SyntaxErrorInfo& last_syntax_error();
[[noreturn]] void syntax_error(const std::string& msg, int line, int col);

}  // namespace sl::lang

namespace sl::lang {
// Decodes Python backslash escapes (\n, \x41, \u4e2d, ...) in a non-raw literal.
std::string unescape_python(const std::string& s);
}  // namespace sl::lang
