// text/regex: the regular-expression engine behind the `re` module: CPython
// 3.13's pattern syntax (Lib/re/_parser.py), compiled to a small instruction
// program (as Lib/re/_compiler.py compiles to _sre's opcodes) and run by a
// backtracking machine with an explicit stack (as Modules/_sre/sre_lib.h's
// SRE(match) keeps its contexts on the heap, never on the C stack).
//
// A pattern and a subject are sequences of code points (a str's code points,
// or a bytes object's byte values); positions are indices into them.
// Invariants: matching never recurses on the subject's length (the C++ stack
// depth is bounded by the pattern's nesting of lookarounds and atomic groups
// alone); a bad pattern raises RegexError with CPython's message and the
// position _parser.py reports; a compiled Program is immutable and may be
// shared by any number of matches.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sl::regex {

// re's flag bits (Lib/re/_constants.py SRE_FLAG_*).
enum : int {
  kTemplate = 1, kIgnoreCase = 2, kLocale = 4, kMultiline = 8, kDotAll = 16,
  kUnicode = 32, kVerbose = 64, kDebug = 128, kAscii = 256,
};

// A bad pattern: CPython's message (without the position) and the index of
// the pattern code point it points at (-1: none).
struct RegexError {
  enum Kind { Pattern, Value, Overflow };  // re.error, ValueError (fix_flags), OverflowError (repeat counts)
  Kind kind;
  std::string msg;
  int64_t pos;
};

struct Program;

struct Compiled {
  std::shared_ptr<const Program> prog;
  int flags = 0;                                    // after inline global flags and the str/bytes default
  int groups = 0;                                   // capturing groups
  std::vector<std::pair<std::string, int>> names;   // (?P<name>...) in order of definition
};

// Parses and compiles `pattern` (code points); `is_bytes` for a bytes pattern.
// Throws RegexError.
Compiled compile(const std::vector<uint32_t>& pattern, int flags, bool is_bytes);

enum class Mode { Match, FullMatch, Search };

// One attempt: searching from `pos` (or anchored there), within [0, endpos)
// of `s`. `marks` receives 2*(groups+1) positions (-1: the group did not take
// part), marks[0..1] the whole match; `lastindex` the last closed group (-1: none).
// `must_advance`: an empty match at `pos` is refused (re.finditer after an empty match).
bool run(const Program& p, const uint32_t* s, int64_t n, int64_t pos, int64_t endpos, Mode mode, bool must_advance,
         std::vector<int64_t>& marks, int& lastindex);

// Case folding and classes the engine uses (and re.escape's, sub's callers may share).
uint32_t lower_cp(uint32_t c);
uint32_t upper_cp(uint32_t c);
bool is_word_cp(uint32_t c, bool unicode);
bool is_digit_cp(uint32_t c, bool unicode);
bool is_space_cp(uint32_t c, bool unicode);

}  // namespace sl::regex
