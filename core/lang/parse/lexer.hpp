// lexer: Python source text -> tokens, with INDENT/DEDENT from indentation and
// implicit line joining inside brackets (the tokenize module's rules).
// Invariant: INDENT and DEDENT tokens balance, and the stream ends with End.
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
  int end_col = 0;    // 0-based column just past the token on end_line
  int depth = 0;      // bracket nesting level the token sits in
};

// Throws PyError("SyntaxError", ...) with text like CPython's; the line/col of
// the problem are reported through SyntaxErrorInfo.
std::vector<Token> tokenize(const std::string& src, int first_line = 1, bool expression_mode = false);

struct SyntaxErrorInfo {
  int line = 0, col = 0;          // col 0-based; -1: CPython shows no caret
  int end_line = 0, end_col = -1;  // end_col 0-based exclusive; -1: a single caret
};
// The position of the last SyntaxError raised by tokenize/parse on this thread.
SyntaxErrorInfo& last_syntax_error();
[[noreturn]] void syntax_error(const std::string& msg, int line, int col, int end_line = 0, int end_col = -1);
// IndentationError / TabError: a single caret, unless end_col (0-based,
// exclusive) spans a token ("expected an indented block" marks the token found).
[[noreturn]] void indentation_error(const std::string& msg, int line, int col, const char* type = "IndentationError",
                                    int end_col = -1);
// The caret block CPython prints under a SyntaxError (print_error_text in
// Python/pythonrun.c): the stripped source line and the ^ marks, or "" if no text.
std::string syntax_error_caret(const std::string& line_text, int offset, int end_offset);
// Line `line` (1-based) of src with its newline ('\n'), if it has one;
// false when src has no such line.
bool source_line(const std::string& src, int line, std::string& out, bool& has_newline);

}  // namespace sl::lang

namespace sl::lang {
// Decodes Python backslash escapes (\n, \x41, \u4e2d, ...) in a non-raw literal.
std::string unescape_python(const std::string& s);
}  // namespace sl::lang
