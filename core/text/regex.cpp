// text/regex: see regex.hpp.
//
// Three parts, as CPython splits them:
//  1. the parser (mirrors Lib/re/_parser.py: Tokenizer, State, _parse_sub,
//     _parse, _escape, _class_escape, _parse_flags, fix_flags) builds a tree
//     of Nodes and raises CPython's messages at CPython's positions;
//  2. the compiler (mirrors Lib/re/_compiler.py: _compile, _combine_flags,
//     the width check of look-behinds, SubPattern.getwidth) turns the tree
//     into a flat program of Insts, resolving the flags each node sees;
//  3. the machine (mirrors Modules/_sre/sre_lib.h: SRE(match), SRE(search))
//     runs the program by backtracking.
//
// Note [Backtracking without recursion]
// The problem: find the first path through the program, in priority order
// (greedy alternatives first), from a start position to a Match instruction.
// A choice point (Split, a repeat's next iteration) pushes the alternative
// it did not take -- (pc, sp) -- on an explicit stack; every register write
// (a group mark, a repeat counter) pushes the old value first. A failure pops
// entries, undoing writes, until it reaches a choice point and resumes
// there. The stack is a std::vector on the heap, so a subject of a million
// characters costs memory, never C++ stack depth (SRE(match) does the same
// with its heap-allocated contexts). Repeats of one character (`.*`, `[a-z]+`,
// `x{2,5}?`) push one entry for the whole run, not one per character, as
// sre's REPEAT_ONE/MIN_REPEAT_ONE do. Only a look-around and an atomic group
// run a nested machine (a C++ call) on their own stack: the depth is the
// pattern's nesting of those, never the subject's length. A nested run that
// succeeds leaves its register writes in place, and the outer stack gets one
// entry restoring all registers, so backtracking past it undoes them.
// Cost: exponential in the worst case, as every backtracking engine
// (CPython's included) is; an empty iteration of a repeat ends the repeat,
// so `(a*)*` terminates.
//
// Note [Unicode classes in patterns]
// In a str pattern (without ASCII) \w, \d, \s and IGNORECASE follow Unicode,
// as _sre's SRE_UNI_IS_* and sre_lower_unicode do: \s is exactly
// Py_UNICODE_ISSPACE's set; \d is the decimal digits of the common scripts;
// \w is letters and digits (ranges covering Latin, Greek, Cyrillic, Armenian,
// Hebrew, Arabic, Devanagari, Thai, Georgian, Hangul, kana, CJK and the
// fullwidth forms) and '_'; case folding pairs ASCII, Latin-1, Latin
// Extended-A and Additional, Greek, Cyrillic, Armenian and fullwidth letters.
// stridelab has no Unicode character database yet (issue 32: unicodedata);
// when it does, these functions read it instead of their ranges.
#include "core/text/regex.hpp"
#include "core/text/utf8.hpp"

#include <algorithm>
#include <cstdio>

namespace sl::regex {

namespace {

constexpr int64_t kMaxRepeat = 4294967295LL;  // _sre.MAXREPEAT
constexpr int64_t kMaxGroups = 1073741823LL;  // _sre.MAXGROUPS (64-bit: 2**30 - 1)

struct Range {
  uint32_t lo, hi;
};
constexpr Range kDecimal[] = {
    {0x30, 0x39}, {0x660, 0x669}, {0x6F0, 0x6F9}, {0x7C0, 0x7C9}, {0x966, 0x96F}, {0x9E6, 0x9EF},
    {0xA66, 0xA6F}, {0xAE6, 0xAEF}, {0xB66, 0xB6F}, {0xBE6, 0xBEF}, {0xC66, 0xC6F}, {0xCE6, 0xCEF},
    {0xD66, 0xD6F}, {0xDE6, 0xDEF}, {0xE50, 0xE59}, {0xED0, 0xED9}, {0xF20, 0xF29}, {0x1040, 0x1049},
    {0x1090, 0x1099}, {0x17E0, 0x17E9}, {0x1810, 0x1819}, {0x1946, 0x194F}, {0x19D0, 0x19D9},
    {0xA620, 0xA629}, {0xA8D0, 0xA8D9}, {0xA900, 0xA909}, {0xFF10, 0xFF19}, {0x1D7CE, 0x1D7FF},
};
constexpr Range kOtherNumeric[] = {
    {0xB2, 0xB3}, {0xB9, 0xB9}, {0xBC, 0xBE}, {0x2070, 0x2070}, {0x2074, 0x2079}, {0x2080, 0x2089},
    {0x2150, 0x2189}, {0x2460, 0x249B}, {0x24EA, 0x24FF}, {0x2776, 0x2793}, {0x3007, 0x3007},
    {0x3021, 0x3029}, {0x3038, 0x303A}, {0x3192, 0x3195}, {0x3220, 0x3229}, {0x3248, 0x324F},
    {0x3251, 0x325F}, {0x3280, 0x3289}, {0x32B1, 0x32BF},
};
constexpr Range kAlpha[] = {
    {0xAA, 0xAA}, {0xB5, 0xB5}, {0xBA, 0xBA}, {0xC0, 0xD6}, {0xD8, 0xF6}, {0xF8, 0x2C1}, {0x2C6, 0x2D1},
    {0x2E0, 0x2E4}, {0x2EC, 0x2EC}, {0x2EE, 0x2EE}, {0x370, 0x374}, {0x376, 0x377}, {0x37A, 0x37D},
    {0x37F, 0x37F}, {0x386, 0x386}, {0x388, 0x38A}, {0x38C, 0x38C}, {0x38E, 0x3A1}, {0x3A3, 0x3F5},
    {0x3F7, 0x481}, {0x48A, 0x52F}, {0x531, 0x556}, {0x559, 0x559}, {0x560, 0x588}, {0x5D0, 0x5EA},
    {0x5EF, 0x5F2}, {0x620, 0x64A}, {0x66E, 0x66F}, {0x671, 0x6D3}, {0x6D5, 0x6D5}, {0x6FA, 0x6FC},
    {0x904, 0x939}, {0x93D, 0x93D}, {0x950, 0x950}, {0x958, 0x961}, {0x971, 0x980}, {0xE01, 0xE30},
    {0xE32, 0xE33}, {0xE40, 0xE46}, {0x10A0, 0x10C5}, {0x10D0, 0x10FA}, {0x10FC, 0x1248},
    {0x1E00, 0x1F15}, {0x1F18, 0x1F1D}, {0x1F20, 0x1F45}, {0x1F48, 0x1F4D}, {0x1F50, 0x1F7D},
    {0x1F80, 0x1FB4}, {0x1FB6, 0x1FBC}, {0x1FC2, 0x1FC4}, {0x1FC6, 0x1FCC}, {0x1FD0, 0x1FD3},
    {0x1FD6, 0x1FDB}, {0x1FE0, 0x1FEC}, {0x1FF2, 0x1FF4}, {0x1FF6, 0x1FFC}, {0x2071, 0x2071},
    {0x207F, 0x207F}, {0x2090, 0x209C}, {0x2102, 0x2102}, {0x2107, 0x2107}, {0x210A, 0x2113},
    {0x2115, 0x2115}, {0x2119, 0x211D}, {0x2124, 0x2124}, {0x2126, 0x2126}, {0x2128, 0x2128},
    {0x212A, 0x212D}, {0x212F, 0x2139}, {0x2C00, 0x2CE4}, {0x2D00, 0x2D25}, {0x3005, 0x3006},
    {0x3031, 0x3035}, {0x303B, 0x303C}, {0x3041, 0x3096}, {0x309D, 0x309F}, {0x30A1, 0x30FA},
    {0x30FC, 0x30FF}, {0x3105, 0x312F}, {0x3131, 0x318E}, {0x3400, 0x4DBF}, {0x4E00, 0x9FFF},
    {0xA000, 0xA48C}, {0xAC00, 0xD7A3}, {0xF900, 0xFA6D}, {0xFB00, 0xFB06}, {0xFF21, 0xFF3A},
    {0xFF41, 0xFF5A}, {0xFF66, 0xFFBE}, {0x10000, 0x1000B}, {0x1D400, 0x1D6A5}, {0x20000, 0x2A6DF},
    {0x2A700, 0x2EBE0}, {0x2F800, 0x2FA1D}, {0x30000, 0x3134A},
};

template <size_t N>
bool in_ranges(const Range (&t)[N], uint32_t c) {
  for (const Range& r : t)
    if (c >= r.lo && c <= r.hi) return true;
  return false;
}

uint32_t ascii_lower(uint32_t c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }
uint32_t ascii_upper(uint32_t c) { return c >= 'a' && c <= 'z' ? c - 32 : c; }

}  // namespace

// Note [Unicode classes in patterns].
uint32_t lower_cp(uint32_t c) {
  if (c < 0x80) return ascii_lower(c);
  if ((c >= 0xC0 && c <= 0xDE && c != 0xD7)) return c + 32;
  if (c == 0x178) return 0xFF;
  if (c >= 0x100 && c <= 0x17F) {
    if (c == 0x130) return 'i';
    if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E)) return (c & 1) ? c + 1 : c;
    if (c == 0x131 || c == 0x138 || c == 0x149 || c == 0x17F) return c;
    return (c & 1) ? c : c + 1;
  }
  if (c >= 0x391 && c <= 0x3AB && c != 0x3A2) return c + 32;
  if (c >= 0x410 && c <= 0x42F) return c + 32;
  if (c >= 0x400 && c <= 0x40F) return c + 80;
  if ((c >= 0x460 && c <= 0x481) || (c >= 0x48A && c <= 0x4BF) || (c >= 0x4D0 && c <= 0x52F)) return (c & 1) ? c : c + 1;
  if (c >= 0x531 && c <= 0x556) return c + 48;
  if ((c >= 0x1E00 && c <= 0x1E95) || (c >= 0x1EA0 && c <= 0x1EFF)) return (c & 1) ? c : c + 1;
  if (c >= 0xFF21 && c <= 0xFF3A) return c + 32;
  return c;
}

uint32_t upper_cp(uint32_t c) {
  if (c < 0x80) return ascii_upper(c);
  if (c == 0xB5) return 0x39C;
  if (c >= 0xE0 && c <= 0xFE && c != 0xF7) return c - 32;
  if (c == 0xFF) return 0x178;
  if (c >= 0x100 && c <= 0x17F) {
    if (c == 0x131) return 'I';
    if (c == 0x17F) return 'S';
    if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E)) return (c & 1) ? c : c - 1;
    if (c == 0x130 || c == 0x138 || c == 0x149 || c == 0x178) return c;
    return (c & 1) ? c - 1 : c;
  }
  if (c == 0x3C2) return 0x3A3;
  if (c >= 0x3B1 && c <= 0x3CB) return c - 32;
  if (c >= 0x430 && c <= 0x44F) return c - 32;
  if (c >= 0x450 && c <= 0x45F) return c - 80;
  if ((c >= 0x460 && c <= 0x481) || (c >= 0x48A && c <= 0x4BF) || (c >= 0x4D0 && c <= 0x52F)) return (c & 1) ? c - 1 : c;
  if (c >= 0x561 && c <= 0x586) return c - 48;
  if ((c >= 0x1E00 && c <= 0x1E95) || (c >= 0x1EA0 && c <= 0x1EFF)) return (c & 1) ? c - 1 : c;
  if (c >= 0xFF41 && c <= 0xFF5A) return c - 32;
  return c;
}

bool is_digit_cp(uint32_t c, bool unicode) {
  if (c < 0x80 || !unicode) return c >= '0' && c <= '9';
  return in_ranges(kDecimal, c);
}

bool is_space_cp(uint32_t c, bool unicode) {
  if (c == ' ' || (c >= 9 && c <= 13)) return true;
  if (!unicode) return false;
  return (c >= 0x1C && c <= 0x1F) || c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
         c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

bool is_word_cp(uint32_t c, bool unicode) {
  if (c < 0x80 || !unicode) return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  return in_ranges(kAlpha, c) || in_ranges(kDecimal, c) || in_ranges(kOtherNumeric, c);
}

namespace {

// ------------------------------------------------------------------ the tree

enum class Cat : uint8_t { Digit, NotDigit, Space, NotSpace, Word, NotWord };
enum class At : uint8_t { Beginning, End, BeginningString, EndString, Boundary, NonBoundary };

// One member of a character set: a literal, a range or a category.
struct SetItem {
  enum Kind : uint8_t { Lit, Rng, Category } kind;
  uint32_t lo = 0, hi = 0;
  Cat cat = Cat::Digit;
};

enum class NK : uint8_t { Lit, Any, Set, Cat, At, Seq, Alt, Group, Repeat, Backref, Look, Atomic, Cond };

struct Node {
  NK k;
  uint32_t ch = 0;                 // Lit
  std::vector<SetItem> items;      // Set
  bool negate = false;             // Set, Look
  Cat cat = Cat::Digit;            // Cat
  At at = At::Beginning;           // At
  std::vector<std::unique_ptr<Node>> kids;  // Seq, Alt (branches), Group/Repeat/Look/Atomic (one), Cond (yes[, no])
  int group = 0;                   // Group (0: non-capturing), Backref, Cond
  int add_flags = 0, del_flags = 0;  // Group
  int64_t min = 0, max = 0;        // Repeat
  enum Greed : uint8_t { Greedy, Lazy, Possessive } greed = Greedy;
  bool behind = false;             // Look
  explicit Node(NK kind) : k(kind) {}
};
using NodeP = std::unique_ptr<Node>;

NodeP make(NK k) { return std::make_unique<Node>(k); }

// ------------------------------------------------------------------ the parser

bool is_digit(uint32_t c) { return c >= '0' && c <= '9'; }
bool is_oct(uint32_t c) { return c >= '0' && c <= '7'; }
bool is_hex(uint32_t c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool is_ascii_letter(uint32_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

std::string utf8(const std::vector<uint32_t>& cps) {
  std::string out;
  for (uint32_t c : cps) append_utf8(out, c);
  return out;
}

// repr() of a name as the parser's %r prints it (a plain str: quotes chosen as repr does).
std::string py_repr(const std::vector<uint32_t>& s) {
  bool has_sq = std::find(s.begin(), s.end(), uint32_t('\'')) != s.end();
  bool has_dq = std::find(s.begin(), s.end(), uint32_t('"')) != s.end();
  char q = has_sq && !has_dq ? '"' : '\'';
  std::string out(1, q);
  for (uint32_t c : s) {
    char buf[12];
    if (c == uint32_t(q) || c == '\\') {
      out += '\\';
      out += char(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c == 0x7f) {
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += utf8({c});
    }
  }
  return out + q;
}

bool is_identifier(const std::vector<uint32_t>& s) {
  if (s.empty()) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    uint32_t c = s[i];
    bool ok = c == '_' || is_ascii_letter(c) || (i > 0 && is_digit(c)) || (c >= 0x80 && is_word_cp(c, true));
    if (!ok) return false;
  }
  return true;
}

// Lib/re/_parser.py's Tokenizer: a token is one code point, or a backslash
// and the code point after it.
struct Tokenizer {
  const std::vector<uint32_t>& s;
  bool istext;
  size_t index = 0;
  std::vector<uint32_t> next;  // the current token (empty: end)
  Tokenizer(const std::vector<uint32_t>& p, bool text) : s(p), istext(text) { advance(); }

  [[noreturn]] void fail(const std::string& msg, int64_t offset = 0) const {
    throw RegexError{RegexError::Pattern, msg, tell() - offset};
  }
  void advance() {
    next.clear();
    if (index >= s.size()) return;
    next.push_back(s[index]);
    if (s[index] == '\\') {
      if (index + 1 >= s.size()) throw RegexError{RegexError::Pattern, "bad escape (end of pattern)", int64_t(s.size()) - 1};
      next.push_back(s[index + 1]);
    }
    index += next.size();
  }
  bool at_end() const { return next.empty(); }
  bool next_is(uint32_t c) const { return next.size() == 1 && next[0] == c; }
  bool match(uint32_t c) {
    if (next_is(c)) {
      advance();
      return true;
    }
    return false;
  }
  std::vector<uint32_t> get() {
    std::vector<uint32_t> t = next;
    advance();
    return t;
  }
  int64_t tell() const { return int64_t(index) - int64_t(next.size()); }
  void seek(int64_t i) {
    index = size_t(i);
    advance();
  }
  // Up to n single code points satisfying pred.
  std::vector<uint32_t> getwhile(int n, bool (*pred)(uint32_t)) {
    std::vector<uint32_t> r;
    for (int i = 0; i < n; ++i) {
      if (next.size() != 1 || !pred(next[0])) break;
      r.push_back(next[0]);
      advance();
    }
    return r;
  }
  std::vector<uint32_t> getuntil(uint32_t term, const std::string& name) {
    std::vector<uint32_t> r;
    while (true) {
      std::vector<uint32_t> c = next;
      advance();
      if (c.empty()) {
        if (r.empty()) fail("missing " + name);
        fail("missing " + std::string(1, char(term)) + ", unterminated name", int64_t(r.size()));
      }
      if (c.size() == 1 && c[0] == term) {
        if (r.empty()) fail("missing " + name, 1);
        break;
      }
      r.insert(r.end(), c.begin(), c.end());
    }
    return r;
  }
  void checkgroupname(const std::vector<uint32_t>& name, int64_t offset) const {
    bool ascii = std::all_of(name.begin(), name.end(), [](uint32_t c) { return c < 0x80; });
    if (!istext && !ascii) fail("bad character in group name " + py_repr(name), int64_t(name.size()) + offset);
    if (!is_identifier(name)) fail("bad character in group name " + py_repr(name), int64_t(name.size()) + offset);
  }
};

struct Width {
  int64_t lo = 0, hi = 0;
};

// Lib/re/_parser.py's State.
struct State {
  int flags = 0;
  std::vector<std::pair<std::string, int>> names;
  std::vector<bool> closed{true};       // groupwidths[gid] is not None
  std::vector<const Node*> group_nodes{nullptr};
  std::vector<std::pair<int64_t, int64_t>> grouprefpos;  // (group, position) of (?(n)...) references
  int64_t lookbehindgroups = -1;        // -1: None
  int groups() const { return int(closed.size()); }
  int find(const std::string& n) const {
    for (auto& [k, v] : names)
      if (k == n) return v;
    return -1;
  }
  bool checkgroup(int64_t gid) const { return gid < groups() && closed[size_t(gid)]; }
  void checklookbehindgroup(int64_t gid, const Tokenizer& src) const {
    if (lookbehindgroups >= 0) {
      if (!checkgroup(gid)) src.fail("cannot refer to an open group");
      if (gid >= lookbehindgroups) src.fail("cannot refer to group defined in the same lookbehind subpattern");
    }
  }
};

int flag_of(uint32_t c) {
  switch (c) {
    case 'i': return kIgnoreCase;
    case 'L': return kLocale;
    case 'm': return kMultiline;
    case 's': return kDotAll;
    case 'x': return kVerbose;
    case 'a': return kAscii;
    case 'u': return kUnicode;
    default: return 0;
  }
}
constexpr int kTypeFlags = kAscii | kLocale | kUnicode;
constexpr int kGlobalFlags = kDebug;

class Parser {
 public:
  Parser(const std::vector<uint32_t>& p, bool text, State& st) : src_(p, text), st_(st) {}

  NodeP parse_all(int flags) {
    st_.flags = flags;
    NodeP p = parse_sub(flags & kVerbose, 0);
    if (!src_.at_end()) src_.fail("unbalanced parenthesis");
    return p;
  }

 private:
  Tokenizer src_;
  State& st_;

  std::string tok_text(const std::vector<uint32_t>& t) const { return utf8(t); }

  NodeP parse_sub(bool verbose, int nested) {
    std::vector<NodeP> items;
    while (true) {
      items.push_back(parse(verbose, nested + 1, nested == 0 && items.empty()));
      if (!src_.match('|')) break;
      if (nested == 0) verbose = st_.flags & kVerbose;
    }
    if (items.size() == 1) return std::move(items[0]);
    NodeP alt = make(NK::Alt);
    alt->kids = std::move(items);
    return alt;
  }

  static bool is_repeat(const Node* n) { return n->k == NK::Repeat; }

  // How a parenthesis opens: a capturing group (named or not), a non-capturing or atomic one,
  // with scoped flags.
  struct GroupOpen {
    bool capture = true, atomic = false, named = false;
    std::vector<uint32_t> name;
    int add = 0, del = 0;
  };

  // '(' read: a group, or one of the (?...) forms (sre_parse's _parse, the "(" branch).
  void parse_paren(bool& verbose, int nested, bool first, std::vector<NodeP>& sub) {
    int64_t start = src_.tell() - 1;
    GroupOpen g;
    if (src_.match('?') && !parse_extension(verbose, first, start, sub, g, nested)) return;
    int gid = 0;
    if (g.capture) {
      gid = st_.groups();
      st_.closed.push_back(false);
      st_.group_nodes.push_back(nullptr);
      if (g.named) {
        std::string n = utf8(g.name);
        int old = st_.find(n);
        if (old >= 0)
          src_.fail("redefinition of group name " + py_repr(g.name) + " as group " + std::to_string(gid) + "; was group " +
                        std::to_string(old),
                    int64_t(g.name.size()) + 1);
        st_.names.push_back({n, gid});
      }
    }
    bool sub_verbose = (verbose || (g.add & kVerbose)) && !(g.del & kVerbose);
    NodeP p = parse_sub(sub_verbose, nested + 1);
    if (!src_.match(')')) src_.fail("missing ), unterminated subpattern", src_.tell() - start);
    if (g.atomic) {
      NodeP a = make(NK::Atomic);
      a->kids.push_back(std::move(p));
      sub.push_back(std::move(a));
    } else {
      NodeP node = make(NK::Group);
      node->group = gid;
      node->add_flags = g.add;
      node->del_flags = g.del;
      node->kids.push_back(std::move(p));
      if (gid) {
        st_.closed[size_t(gid)] = true;
        st_.group_nodes[size_t(gid)] = node.get();
      }
      sub.push_back(std::move(node));
    }
  }

  // "(?" read. Returns true when a group's body follows (g says which kind); false when the
  // extension was complete in itself (a comment, global flags, a backreference, a look-around
  // or a conditional, already appended to sub).
  bool parse_extension(bool& verbose, bool first, int64_t start, std::vector<NodeP>& sub, GroupOpen& g, int nested) {
    std::vector<uint32_t> ch = src_.get();
    if (ch.empty()) src_.fail("unexpected end of pattern");
    uint32_t k = ch.size() == 1 ? ch[0] : 0;
    if (k == 'P') {
      if (src_.match('<')) {
        g.name = src_.getuntil('>', "group name");
        src_.checkgroupname(g.name, 1);
        g.named = true;
      } else if (src_.match('=')) {
        g.name = src_.getuntil(')', "group name");
        src_.checkgroupname(g.name, 1);
        int gid = st_.find(utf8(g.name));
        if (gid < 0) src_.fail("unknown group name " + py_repr(g.name), int64_t(g.name.size()) + 1);
        if (!st_.checkgroup(gid)) src_.fail("cannot refer to an open group", int64_t(g.name.size()) + 1);
        st_.checklookbehindgroup(gid, src_);
        NodeP ref = make(NK::Backref);
        ref->group = gid;
        sub.push_back(std::move(ref));
        return false;
      } else {
        std::vector<uint32_t> ch2 = src_.get();
        if (ch2.empty()) src_.fail("unexpected end of pattern");
        src_.fail("unknown extension ?P" + tok_text(ch2), int64_t(ch2.size()) + 2);
      }
    } else if (k == ':') {
      g.capture = false;
    } else if (k == '#') {
      while (true) {
        if (src_.at_end()) src_.fail("missing ), unterminated comment", src_.tell() - start);
        std::vector<uint32_t> t = src_.get();
        if (t.size() == 1 && t[0] == ')') break;
      }
      return false;
    } else if (k == '=' || k == '!' || k == '<') {
      parse_look(k, verbose, nested, start, sub);
      return false;
    } else if (k == '(') {
      parse_cond(verbose, nested, start, sub);
      return false;
    } else if (k == '>') {
      g.capture = false;
      g.atomic = true;
    } else if (flag_of(k) || k == '-') {
      bool global = parse_flags(k, g.add, g.del);
      if (global) {
        if (!first || !sub.empty()) src_.fail("global flags not at the start of the expression", src_.tell() - start);
        verbose = st_.flags & kVerbose;
        return false;
      }
      g.capture = false;
    } else {
      src_.fail("unknown extension ?" + tok_text(ch), int64_t(ch.size()) + 1);
    }
    return true;
  }

  // (?=...), (?!...), (?<=...), (?<!...): k is the character after "(?".
  void parse_look(uint32_t k, bool verbose, int nested, int64_t start, std::vector<NodeP>& sub) {
    bool behind = false;
    if (k == '<') {
      std::vector<uint32_t> ch2 = src_.get();
      if (ch2.empty()) src_.fail("unexpected end of pattern");
      if (!(ch2.size() == 1 && (ch2[0] == '=' || ch2[0] == '!')))
        src_.fail("unknown extension ?<" + tok_text(ch2), int64_t(ch2.size()) + 2);
      k = ch2[0];
      behind = true;
    }
    int64_t saved = st_.lookbehindgroups;
    if (behind && saved < 0) st_.lookbehindgroups = st_.groups();
    NodeP p = parse_sub(verbose, nested + 1);
    if (behind && saved < 0) st_.lookbehindgroups = -1;
    if (!src_.match(')')) src_.fail("missing ), unterminated subpattern", src_.tell() - start);
    NodeP look = make(NK::Look);
    look->behind = behind;
    look->negate = k == '!';
    look->kids.push_back(std::move(p));
    sub.push_back(std::move(look));
  }

  // (?(id/name)yes|no)
  void parse_cond(bool verbose, int nested, int64_t start, std::vector<NodeP>& sub) {
    std::vector<uint32_t> cond = src_.getuntil(')', "group name");
    int64_t gid;
    bool decimal = !cond.empty() && std::all_of(cond.begin(), cond.end(), is_digit);
    if (!decimal) {
      src_.checkgroupname(cond, 1);
      gid = st_.find(utf8(cond));
      if (gid < 0) src_.fail("unknown group name " + py_repr(cond), int64_t(cond.size()) + 1);
    } else {
      gid = 0;
      for (uint32_t d : cond) gid = std::min<int64_t>(gid * 10 + (d - '0'), kMaxGroups + 1);
      if (gid == 0) src_.fail("bad group number", int64_t(cond.size()) + 1);
      if (gid >= kMaxGroups) src_.fail("invalid group reference " + utf8(cond), int64_t(cond.size()) + 1);
      bool seen = false;
      for (auto& [g, pos] : st_.grouprefpos) seen |= g == gid;
      if (!seen) st_.grouprefpos.push_back({gid, src_.tell() - int64_t(cond.size()) - 1});
    }
    st_.checklookbehindgroup(gid, src_);
    NodeP yes = parse(verbose, nested + 1, false);
    NodeP node = make(NK::Cond);
    node->group = int(gid);
    node->kids.push_back(std::move(yes));
    if (src_.match('|')) {
      node->kids.push_back(parse(verbose, nested + 1, false));
      if (src_.next_is('|')) src_.fail("conditional backref with more than two branches");
    }
    if (!src_.match(')')) src_.fail("missing ), unterminated subpattern", src_.tell() - start);
    sub.push_back(std::move(node));
  }

  // A repeat (*, +, ?, {m,n}) applies to the item before it; '{' that does not start a valid
  // repeat is a literal (sre_parse's _parse, the REPEAT_CHARS branch).
  void parse_repeat(uint32_t c, std::vector<NodeP>& sub) {
    int64_t here = src_.tell();
    int64_t mn = 0, mx = kMaxRepeat;
    if (c == '?') {
      mx = 1;
    } else if (c == '+') {
      mn = 1;
    } else if (c == '{') {
      if (src_.next_is('}')) {
        NodeP lit = make(NK::Lit);
        lit->ch = c;
        sub.push_back(std::move(lit));
        return;
      }
      std::vector<uint32_t> lo = src_.getwhile(1 << 30, is_digit), hi;
      if (src_.match(',')) hi = src_.getwhile(1 << 30, is_digit);
      else hi = lo;
      if (!src_.match('}')) {
        NodeP lit = make(NK::Lit);
        lit->ch = c;
        sub.push_back(std::move(lit));
        src_.seek(here);
        return;
      }
      auto num = [](const std::vector<uint32_t>& d) {
        int64_t v = 0;
        for (uint32_t x : d) v = std::min<int64_t>(v * 10 + (x - '0'), kMaxRepeat + 1);
        return v;
      };
      if (!lo.empty()) {
        mn = num(lo);
        if (mn >= kMaxRepeat) throw RegexError{RegexError::Overflow, "the repetition number is too large", -1};
      }
      if (!hi.empty()) {
        mx = num(hi);
        if (mx >= kMaxRepeat) throw RegexError{RegexError::Overflow, "the repetition number is too large", -1};
        if (mx < mn) src_.fail("min repeat greater than max repeat", src_.tell() - here);
      }
    }
    const Node* last = sub.empty() ? nullptr : sub.back().get();
    if (!last || last->k == NK::At) src_.fail("nothing to repeat", src_.tell() - here + 1);
    if (is_repeat(last)) src_.fail("multiple repeat", src_.tell() - here + 1);
    NodeP item = std::move(sub.back());
    sub.pop_back();
    if (item->k == NK::Group && item->group == 0 && !item->add_flags && !item->del_flags) item = std::move(item->kids[0]);
    NodeP rep = make(NK::Repeat);
    rep->min = mn;
    rep->max = mx;
    if (src_.match('?')) rep->greed = Node::Lazy;
    else if (src_.match('+')) rep->greed = Node::Possessive;
    rep->kids.push_back(std::move(item));
    sub.push_back(std::move(rep));
  }


  NodeP parse(bool verbose, int nested, bool first) {
    NodeP seq = make(NK::Seq);
    auto& sub = seq->kids;
    while (true) {
      if (src_.at_end() || src_.next_is('|') || src_.next_is(')')) break;
      std::vector<uint32_t> tok = src_.get();
      uint32_t c = tok[0];
      if (verbose) {
        if (tok.size() == 1 && (c == ' ' || (c >= 9 && c <= 13))) continue;
        if (tok.size() == 1 && c == '#') {
          while (true) {
            std::vector<uint32_t> t = src_.get();
            if (t.empty() || (t.size() == 1 && t[0] == '\n')) break;
          }
          continue;
        }
      }
      if (tok.size() == 2) {
        sub.push_back(escape(tok));
      } else if (c == '[') {
        sub.push_back(parse_set());
      } else if (c == '*' || c == '+' || c == '?' || c == '{') {
        parse_repeat(c, sub);
      } else if (c == '.') {
        sub.push_back(make(NK::Any));
      } else if (c == '(') {
        parse_paren(verbose, nested, first, sub);
      } else if (c == '^') {
        NodeP a = make(NK::At);
        a->at = At::Beginning;
        sub.push_back(std::move(a));
      } else if (c == '$') {
        NodeP a = make(NK::At);
        a->at = At::End;
        sub.push_back(std::move(a));
      } else {
        NodeP lit = make(NK::Lit);
        lit->ch = c;
        sub.push_back(std::move(lit));
      }
    }
    if (sub.size() == 1) return std::move(sub[0]);
    return seq;
  }

  // Returns true for global flags ("(?i)"), else fills add/del for "(?i-m:...)".
  bool parse_flags(uint32_t ch, int& add, int& del) {
    auto get1 = [&]() -> int64_t {
      std::vector<uint32_t> t = src_.get();
      if (t.empty()) return -1;
      return t.size() == 1 ? int64_t(t[0]) : int64_t(0x110000);  // an escape is no flag
    };
    auto isalpha = [](int64_t c) { return c >= 0 && c < 0x110000 && (is_ascii_letter(uint32_t(c)) || (c >= 0x80 && is_word_cp(uint32_t(c), true) && !is_digit_cp(uint32_t(c), true))); };
    int64_t c = ch;
    if (c != '-') {
      while (true) {
        int flag = flag_of(uint32_t(c));
        if (src_.istext) {
          if (c == 'L') src_.fail("bad inline flags: cannot use 'L' flag with a str pattern");
        } else if (c == 'u') {
          src_.fail("bad inline flags: cannot use 'u' flag with a bytes pattern");
        }
        add |= flag;
        if ((flag & kTypeFlags) && (add & kTypeFlags) != flag) src_.fail("bad inline flags: flags 'a', 'u' and 'L' are incompatible");
        c = get1();
        if (c < 0) src_.fail("missing -, : or )");
        if (c == ')' || c == '-' || c == ':') break;
        if (!flag_of(uint32_t(std::min<int64_t>(c, 0x10FFFF))) || c >= 0x110000) src_.fail(isalpha(c) ? "unknown flag" : "missing -, : or )", 1);
      }
    }
    if (c == ')') {
      st_.flags |= add;
      return true;
    }
    if (add & kGlobalFlags) src_.fail("bad inline flags: cannot turn on global flag", 1);
    if (c == '-') {
      c = get1();
      if (c < 0) src_.fail("missing flag");
      if (c >= 0x110000 || !flag_of(uint32_t(c))) src_.fail(isalpha(c) ? "unknown flag" : "missing flag", 1);
      while (true) {
        int flag = flag_of(uint32_t(c));
        if (flag & kTypeFlags) src_.fail("bad inline flags: cannot turn off flags 'a', 'u' and 'L'");
        del |= flag;
        c = get1();
        if (c < 0) src_.fail("missing :");
        if (c == ':') break;
        if (c >= 0x110000 || !flag_of(uint32_t(c))) src_.fail(isalpha(c) ? "unknown flag" : "missing :", 1);
      }
    }
    if (del & kGlobalFlags) src_.fail("bad inline flags: cannot turn off global flag", 1);
    if (add & del) src_.fail("bad inline flags: flag turned on and off", 1);
    return false;
  }

  // \x, \u, \U, \N and octal forms shared by _escape and _class_escape; true when handled.
  bool numeric_escape(const std::vector<uint32_t>& esc, uint32_t& out) {
    uint32_t c = esc[1];
    std::vector<uint32_t> e = esc;
    auto hexval = [](const std::vector<uint32_t>& d, size_t from) {
      uint64_t v = 0;
      for (size_t i = from; i < d.size(); ++i) v = v * 16 + (is_digit(d[i]) ? d[i] - '0' : (d[i] | 32) - 'a' + 10);
      return v;
    };
    if (c == 'x' || (src_.istext && (c == 'u' || c == 'U'))) {
      int want = c == 'x' ? 2 : c == 'u' ? 4 : 8;
      std::vector<uint32_t> d = src_.getwhile(want, is_hex);
      e.insert(e.end(), d.begin(), d.end());
      if (int(d.size()) != want) src_.fail("incomplete escape " + utf8(e), int64_t(e.size()));
      uint64_t v = hexval(e, 2);
      if (v > 0x10FFFF) src_.fail("bad escape " + utf8(e), int64_t(e.size()));
      out = uint32_t(v);
      return true;
    }
    if (c == 'N' && src_.istext) {
      if (!src_.match('{')) src_.fail("missing {", 0);
      std::vector<uint32_t> n = src_.getuntil('}', "character name");
      // No Unicode name database yet (Note [Unicode classes in patterns]).
      src_.fail("undefined character name " + py_repr(n), int64_t(n.size()) + 4);
    }
    return false;
  }

  NodeP literal(uint32_t c) {
    NodeP n = make(NK::Lit);
    n->ch = c;
    return n;
  }

  static bool category(uint32_t c, Cat& cat) {
    switch (c) {
      case 'd': cat = Cat::Digit; return true;
      case 'D': cat = Cat::NotDigit; return true;
      case 's': cat = Cat::Space; return true;
      case 'S': cat = Cat::NotSpace; return true;
      case 'w': cat = Cat::Word; return true;
      case 'W': cat = Cat::NotWord; return true;
      default: return false;
    }
  }
  static bool simple_escape(uint32_t c, uint32_t& out, bool in_class) {
    switch (c) {
      case 'a': out = 7; return true;
      case 'f': out = 12; return true;
      case 'n': out = 10; return true;
      case 'r': out = 13; return true;
      case 't': out = 9; return true;
      case 'v': out = 11; return true;
      case '\\': out = '\\'; return true;
      case 'b':
        if (in_class) {
          out = 8;
          return true;
        }
        return false;
      default: return false;
    }
  }

  // _parser._escape: an escape outside a set.
  NodeP escape(const std::vector<uint32_t>& esc) {
    uint32_t c = esc[1], v;
    Cat cat;
    if (category(c, cat)) {
      NodeP n = make(NK::Cat);
      n->cat = cat;
      return n;
    }
    At at;
    bool is_at = true;
    switch (c) {
      case 'A': at = At::BeginningString; break;
      case 'Z': at = At::EndString; break;
      case 'b': at = At::Boundary; break;
      case 'B': at = At::NonBoundary; break;
      default: is_at = false; at = At::Beginning;
    }
    if (is_at) {
      NodeP n = make(NK::At);
      n->at = at;
      return n;
    }
    if (simple_escape(c, v, false)) return literal(v);
    if (numeric_escape(esc, v)) return literal(v);
    std::vector<uint32_t> e = esc;
    if (c == '0') {
      std::vector<uint32_t> d = src_.getwhile(2, is_oct);
      uint32_t x = 0;
      for (uint32_t o : d) x = x * 8 + (o - '0');
      return literal(x);
    }
    if (is_digit(c)) {
      if (src_.next.size() == 1 && is_digit(src_.next[0])) {
        e.push_back(src_.get()[0]);
        if (is_oct(e[1]) && is_oct(e[2]) && src_.next.size() == 1 && is_oct(src_.next[0])) {
          e.push_back(src_.get()[0]);
          uint32_t x = (e[1] - '0') * 64 + (e[2] - '0') * 8 + (e[3] - '0');
          if (x > 0377) src_.fail("octal escape value " + utf8(e) + " outside of range 0-0o377", int64_t(e.size()));
          return literal(x);
        }
      }
      int64_t group = 0;
      for (size_t i = 1; i < e.size(); ++i) group = group * 10 + (e[i] - '0');
      if (group < st_.groups()) {
        if (!st_.checkgroup(group)) src_.fail("cannot refer to an open group", int64_t(e.size()));
        st_.checklookbehindgroup(group, src_);
        NodeP n = make(NK::Backref);
        n->group = int(group);
        return n;
      }
      src_.fail("invalid group reference " + std::to_string(group), int64_t(e.size()) - 1);
    }
    if (is_ascii_letter(c)) src_.fail("bad escape " + utf8(esc), int64_t(esc.size()));
    return literal(c);
  }

  // _parser._class_escape: an escape inside a set; false with `cat` set for \d \s \w.
  bool class_escape(const std::vector<uint32_t>& esc, uint32_t& out, Cat& cat) {
    uint32_t c = esc[1];
    if (simple_escape(c, out, true)) return true;
    if (category(c, cat)) return false;
    if (numeric_escape(esc, out)) return true;
    if (is_oct(c)) {
      std::vector<uint32_t> e = esc;
      std::vector<uint32_t> d = src_.getwhile(2, is_oct);
      e.insert(e.end(), d.begin(), d.end());
      uint32_t x = 0;
      for (size_t i = 1; i < e.size(); ++i) x = x * 8 + (e[i] - '0');
      if (x > 0377) src_.fail("octal escape value " + utf8(e) + " outside of range 0-0o377", int64_t(e.size()));
      out = x;
      return true;
    }
    if (is_digit(c)) src_.fail("bad escape " + utf8(esc), int64_t(esc.size()));
    if (is_ascii_letter(c)) src_.fail("bad escape " + utf8(esc), int64_t(esc.size()));
    out = c;
    return true;
  }

  NodeP parse_set() {
    int64_t here = src_.tell() - 1;
    NodeP set = make(NK::Set);
    set->negate = src_.match('^');
    auto& items = set->items;
    while (true) {
      std::vector<uint32_t> t = src_.get();
      if (t.empty()) src_.fail("unterminated character set", src_.tell() - here);
      if (t.size() == 1 && t[0] == ']' && !items.empty()) break;
      SetItem a{SetItem::Lit};
      if (t.size() == 2) {
        uint32_t v;
        Cat cat;
        if (class_escape(t, v, cat)) {
          a.lo = a.hi = v;
        } else {
          a.kind = SetItem::Category;
          a.cat = cat;
        }
      } else {
        a.lo = a.hi = t[0];
      }
      if (src_.match('-')) {
        std::vector<uint32_t> that = src_.get();
        if (that.empty()) src_.fail("unterminated character set", src_.tell() - here);
        if (that.size() == 1 && that[0] == ']') {
          items.push_back(a);
          items.push_back(SetItem{SetItem::Lit, '-', '-'});
          break;
        }
        SetItem b{SetItem::Lit};
        if (that.size() == 2) {
          uint32_t v;
          Cat cat;
          if (class_escape(that, v, cat)) {
            b.lo = b.hi = v;
          } else {
            b.kind = SetItem::Category;
          }
        } else {
          b.lo = b.hi = that[0];
        }
        std::string msg = "bad character range " + utf8(t) + "-" + utf8(that);
        if (a.kind != SetItem::Lit || b.kind != SetItem::Lit) src_.fail(msg, int64_t(t.size() + 1 + that.size()));
        if (b.lo < a.lo) src_.fail(msg, int64_t(t.size() + 1 + that.size()));
        items.push_back(SetItem{SetItem::Rng, a.lo, b.lo});
      } else {
        items.push_back(a);
      }
    }
    return set;
  }
};

// ------------------------------------------------------------------ the program

enum class Op : uint8_t {
  Char, Any, Set, Cat, At,
  Save,        // a: slot
  Split,       // try a, then b
  Jmp,         // a
  Backref,     // a: group
  RepInit,     // a: repeat register
  RepLoop,     // a: register, b: exit; min/max; greedy
  RepStart,    // a: register
  RepNext,     // a: register, b: loop pc
  RepOne,      // a single-position body at pc+1 repeated min..max, then b
  Look,        // body at pc+1 .. SubEnd; b: next; behind/negate; width in min
  Atomic,      // body at pc+1 .. SubEnd; b: next
  Cond,        // a: group; yes at pc+1; b: no
  SubEnd, Match,
};

struct Inst {
  Op op;
  bool icase = false, unicode = false, multiline = false, dotall = false, greedy = true, negate = false, behind = false;
  At at = At::Beginning;
  Cat cat = Cat::Digit;
  uint32_t ch = 0;
  int32_t a = 0, b = 0;
  int64_t min = 0, max = 0;
  int set = -1;
};

struct CharSet {
  std::vector<SetItem> items;
  bool negate = false;
};

}  // namespace

struct Program {
  std::vector<Inst> code;
  std::vector<CharSet> sets;
  int groups = 0;
  int repeats = 0;
  bool is_bytes = false;
};

namespace {

bool cat_has(Cat cat, uint32_t c, bool unicode) {
  switch (cat) {
    case Cat::Digit: return is_digit_cp(c, unicode);
    case Cat::NotDigit: return !is_digit_cp(c, unicode);
    case Cat::Space: return is_space_cp(c, unicode);
    case Cat::NotSpace: return !is_space_cp(c, unicode);
    case Cat::Word: return is_word_cp(c, unicode);
    case Cat::NotWord: return !is_word_cp(c, unicode);
  }
  return false;
}

bool set_has_exact(const CharSet& s, uint32_t c, bool unicode) {
  for (const SetItem& it : s.items) {
    if (it.kind == SetItem::Category) {
      if (cat_has(it.cat, c, unicode)) return true;
    } else if (c >= it.lo && c <= it.hi) {
      return true;
    }
  }
  return false;
}

uint32_t fold_lower(uint32_t c, bool unicode) { return unicode ? lower_cp(c) : ascii_lower(c); }
uint32_t fold_upper(uint32_t c, bool unicode) { return unicode ? upper_cp(c) : ascii_upper(c); }

// Whether one subject code point satisfies a single-position instruction.
bool one_matches(const Program& p, const Inst& in, uint32_t c) {
  switch (in.op) {
    case Op::Char:
      if (c == in.ch) return true;
      return in.icase && (fold_lower(c, in.unicode) == fold_lower(in.ch, in.unicode) ||
                          fold_upper(c, in.unicode) == fold_upper(in.ch, in.unicode));
    case Op::Any: return in.dotall || c != '\n';
    case Op::Cat: return cat_has(in.cat, c, in.unicode);
    case Op::Set: {
      const CharSet& s = p.sets[size_t(in.set)];
      bool hit = set_has_exact(s, c, in.unicode) ||
                 (in.icase && (set_has_exact(s, fold_lower(c, in.unicode), in.unicode) ||
                               set_has_exact(s, fold_upper(c, in.unicode), in.unicode)));
      return hit != s.negate;
    }
    default: return false;
  }
}

// Lib/re/_parser.py SubPattern.getwidth: the (min, max) length a node matches.
Width width_of(const Node& n, const State& st) {
  auto sat = [](int64_t v) { return std::min<int64_t>(v, kMaxRepeat); };
  switch (n.k) {
    case NK::Lit: case NK::Any: case NK::Set: case NK::Cat: return {1, 1};
    case NK::At: case NK::Look: return {0, 0};
    case NK::Seq: {
      Width w;
      for (auto& k : n.kids) {
        Width x = width_of(*k, st);
        w.lo = sat(w.lo + x.lo);
        w.hi = sat(w.hi + x.hi);
      }
      return w;
    }
    case NK::Alt: {
      Width w{kMaxRepeat, 0};
      for (auto& k : n.kids) {
        Width x = width_of(*k, st);
        w.lo = std::min(w.lo, x.lo);
        w.hi = std::max(w.hi, x.hi);
      }
      return w;
    }
    case NK::Group: case NK::Atomic: return width_of(*n.kids[0], st);
    case NK::Repeat: {
      Width x = width_of(*n.kids[0], st);
      return {sat(x.lo * n.min), n.max == 0 ? 0 : (x.hi > 0 && n.max >= kMaxRepeat) ? kMaxRepeat : sat(x.hi * n.max)};
    }
    case NK::Backref: {
      const Node* g = size_t(n.group) < st.group_nodes.size() ? st.group_nodes[size_t(n.group)] : nullptr;
      return g ? width_of(*g, st) : Width{0, kMaxRepeat};
    }
    case NK::Cond: {
      Width y = width_of(*n.kids[0], st);
      Width no = n.kids.size() > 1 ? width_of(*n.kids[1], st) : Width{0, 0};
      return {std::min(y.lo, no.lo), std::max(y.hi, no.hi)};
    }
  }
  return {0, 0};
}

// Lib/re/_compiler.py _compile: emits the program for a node under `flags`.
class Compiler {
 public:
  Compiler(Program& p, const State& st) : p_(p), st_(st) {}

  void emit(const Node& n, int flags) {
    bool unicode = flags & kUnicode;
    switch (n.k) {
      case NK::Lit: {
        Inst i{Op::Char};
        i.ch = n.ch;
        i.icase = flags & kIgnoreCase;
        i.unicode = unicode;
        p_.code.push_back(i);
        return;
      }
      case NK::Any: {
        Inst i{Op::Any};
        i.dotall = flags & kDotAll;
        p_.code.push_back(i);
        return;
      }
      case NK::Cat: {
        Inst i{Op::Cat};
        i.cat = n.cat;
        i.unicode = unicode;
        p_.code.push_back(i);
        return;
      }
      case NK::Set: {
        Inst i{Op::Set};
        i.set = int(p_.sets.size());
        p_.sets.push_back(CharSet{n.items, n.negate});
        i.icase = flags & kIgnoreCase;
        i.unicode = unicode;
        p_.code.push_back(i);
        return;
      }
      case NK::At: {
        Inst i{Op::At};
        i.at = n.at;
        i.multiline = flags & kMultiline;
        i.unicode = unicode;
        p_.code.push_back(i);
        return;
      }
      case NK::Seq:
        for (auto& k : n.kids) emit(*k, flags);
        return;
      case NK::Alt: {
        // Split L1, next; L1: a; Jmp end; next: Split L2, next2; ...
        std::vector<size_t> jumps;
        for (size_t b = 0; b < n.kids.size(); ++b) {
          size_t split = 0;
          bool last = b + 1 == n.kids.size();
          if (!last) {
            split = p_.code.size();
            p_.code.push_back(Inst{Op::Split});
            p_.code[split].a = int32_t(split + 1);
          }
          emit(*n.kids[b], flags);
          if (!last) {
            jumps.push_back(p_.code.size());
            p_.code.push_back(Inst{Op::Jmp});
            p_.code[split].b = int32_t(p_.code.size());
          }
        }
        for (size_t j : jumps) p_.code[j].a = int32_t(p_.code.size());
        return;
      }
      case NK::Group: {
        int f = flags;
        if (n.add_flags & kTypeFlags) f &= ~kTypeFlags;
        f = (f | n.add_flags) & ~n.del_flags;
        if (n.group) save(2 * n.group);
        emit(*n.kids[0], f);
        if (n.group) save(2 * n.group + 1);
        return;
      }
      case NK::Backref: {
        Inst i{Op::Backref};
        i.a = n.group;
        i.icase = flags & kIgnoreCase;
        i.unicode = unicode;
        p_.code.push_back(i);
        return;
      }
      case NK::Look: {
        Inst i{Op::Look};
        i.negate = n.negate;
        i.behind = n.behind;
        if (n.behind) {
          Width w = width_of(*n.kids[0], st_);
          if (w.lo >= kMaxRepeat) throw RegexError{RegexError::Pattern, "looks too much behind", -1};
          if (w.lo != w.hi) throw RegexError{RegexError::Pattern, "look-behind requires fixed-width pattern", -1};
          i.min = w.lo;
        }
        sub_program(i, *n.kids[0], flags);
        return;
      }
      case NK::Atomic:
        sub_program(Inst{Op::Atomic}, *n.kids[0], flags);
        return;
      case NK::Cond: {
        size_t at = p_.code.size();
        Inst i{Op::Cond};
        i.a = n.group;
        p_.code.push_back(i);
        emit(*n.kids[0], flags);
        size_t jmp = p_.code.size();
        p_.code.push_back(Inst{Op::Jmp});
        p_.code[at].b = int32_t(p_.code.size());
        if (n.kids.size() > 1) emit(*n.kids[1], flags);
        p_.code[jmp].a = int32_t(p_.code.size());
        return;
      }
      case NK::Repeat: {
        if (n.greed == Node::Possessive) {
          // (x)*+ is (?>(x)*): the repeat runs greedily inside an atomic group.
          size_t at = p_.code.size();
          p_.code.push_back(Inst{Op::Atomic});
          emit_repeat(n, flags, true);
          p_.code.push_back(Inst{Op::SubEnd});
          p_.code[at].b = int32_t(p_.code.size());
          return;
        }
        emit_repeat(n, flags, n.greed == Node::Greedy);
        return;
      }
    }
  }

 private:
  Program& p_;
  const State& st_;

  void save(int slot) {
    Inst i{Op::Save};
    i.a = slot;
    p_.code.push_back(i);
  }

  void sub_program(Inst head, const Node& body, int flags) {
    size_t at = p_.code.size();
    p_.code.push_back(head);
    emit(body, flags);
    p_.code.push_back(Inst{Op::SubEnd});
    p_.code[at].b = int32_t(p_.code.size());
  }

  static bool single(const Node& n) {
    return n.k == NK::Lit || n.k == NK::Any || n.k == NK::Set || n.k == NK::Cat;
  }

  void emit_repeat(const Node& n, int flags, bool greedy) {
    if (n.max == 0) return;  // x{0}: matches the empty string
    if (single(*n.kids[0])) {
      size_t at = p_.code.size();
      Inst r{Op::RepOne};
      r.min = n.min;
      r.max = n.max;
      r.greedy = greedy;
      p_.code.push_back(r);
      emit(*n.kids[0], flags);
      p_.code[at].b = int32_t(p_.code.size());
      return;
    }
    int reg = p_.repeats++;
    Inst init{Op::RepInit};
    init.a = reg;
    p_.code.push_back(init);
    size_t loop = p_.code.size();
    Inst l{Op::RepLoop};
    l.a = reg;
    l.min = n.min;
    l.max = n.max;
    l.greedy = greedy;
    p_.code.push_back(l);
    Inst s{Op::RepStart};
    s.a = reg;
    p_.code.push_back(s);
    emit(*n.kids[0], flags);
    Inst nx{Op::RepNext};
    nx.a = reg;
    nx.b = int32_t(loop);
    p_.code.push_back(nx);
    p_.code[loop].b = int32_t(p_.code.size());
  }
};

// ------------------------------------------------------------------ the machine

// Registers: marks (2 per group, the whole match included), then per repeat
// its count and the position its current iteration started at, then lastindex.
struct Machine {
  const Program& p;
  const uint32_t* s;
  int64_t n;
  int64_t start;          // where this attempt began (must_advance)
  bool fullmatch, must_advance;
  std::vector<int64_t> regs;
  int64_t lastindex_slot;

  enum Kind : uint8_t { Branch, Undo, RepeatBack, RepeatLazy, RestoreAll };
  struct Entry {
    Kind kind;
    int32_t pc;
    int64_t a, b;       // Branch: sp; Undo: slot, old; RepeatBack: lo, cur; RepeatLazy: cur, hi
    size_t snapshot = 0;  // RestoreAll: index into snapshots
  };
  std::vector<std::vector<int64_t>> snapshots;

  int64_t count_slot(int r) const { return 2 * (p.groups + 1) + 2 * r; }
  int64_t begin_slot(int r) const { return 2 * (p.groups + 1) + 2 * r + 1; }

  bool word_at(int64_t i, bool unicode) const { return i >= 0 && i < n && is_word_cp(s[i], unicode); }

  bool at_ok(const Inst& in, int64_t sp) const {
    switch (in.at) {
      case At::Beginning: return sp == 0 || (in.multiline && s[sp - 1] == '\n');
      case At::End:
        return sp == n || (sp == n - 1 && s[sp] == '\n') || (in.multiline && sp < n && s[sp] == '\n');
      case At::BeginningString: return sp == 0;
      case At::EndString: return sp == n;
      case At::Boundary:
        if (n == 0) return false;
        return word_at(sp - 1, in.unicode) != word_at(sp, in.unicode);
      case At::NonBoundary:
        if (n == 0) return false;
        return word_at(sp - 1, in.unicode) == word_at(sp, in.unicode);
    }
    return false;
  }

  // A single-width item repeated (RepOne, the body at pc + 1): greedy takes as many as match
  // and leaves a RepeatBack to give them back one by one; lazy takes the minimum and leaves a
  // RepeatLazy to take one more. Sets pc to the instruction after the loop.
  bool rep_one(const Inst& in, int32_t& pc, int64_t& sp, std::vector<Entry>& stack) {
    const Inst& body = p.code[size_t(pc + 1)];
    int64_t limit = std::min<int64_t>(n - sp, in.max);
    int64_t k = 0;
    if (in.greedy) {
      while (k < limit && one_matches(p, body, s[sp + k])) ++k;
      if (k < in.min) return false;
      if (k > in.min) stack.push_back(Entry{RepeatBack, in.b, sp + in.min, sp + k});
      sp += k;
    } else {
      while (k < in.min && k < limit && one_matches(p, body, s[sp + k])) ++k;
      if (k < in.min) return false;
      sp += k;
      int64_t hi = std::min<int64_t>(n, (sp - k) + std::min<int64_t>(in.max, n));
      if (sp < hi) stack.push_back(Entry{RepeatLazy, pc, sp, hi});
    }
    pc = in.b;
    return true;
  }

  // Keeps the registers a nested run wrote, and leaves a RestoreAll so that backtracking past
  // this point restores the ones before it.
  void keep_nested_writes(std::vector<int64_t>&& saved, std::vector<Entry>& stack) {
    if (saved == regs) return;
    snapshots.push_back(std::move(saved));
    stack.push_back(Entry{RestoreAll, 0, 0, 0, snapshots.size() - 1});
  }

  // A look-around: the body runs as a nested exec at sp (behind: sp - width) and never
  // consumes; captures made inside a positive look-around stay (as in sre).
  bool look(const Inst& in, int32_t& pc, int64_t sp, std::vector<Entry>& stack) {
    int64_t from = in.behind ? sp - in.min : sp;
    bool hit = false;
    std::vector<int64_t> saved = regs;
    if (from >= 0) {
      int64_t e;
      hit = exec(pc + 1, from, e);
    }
    if (hit == in.negate) {
      regs = std::move(saved);
      return false;
    }
    if (hit) keep_nested_writes(std::move(saved), stack);
    else regs = std::move(saved);
    pc = in.b;
    return true;
  }

  // An atomic group (?>...) (and possessive repeats): the body's first match is final; its
  // choice points die with the nested exec.
  bool atomic(const Inst& in, int32_t& pc, int64_t& sp, std::vector<Entry>& stack) {
    std::vector<int64_t> saved = regs;
    int64_t e;
    if (!exec(pc + 1, sp, e)) {
      regs = std::move(saved);
      return false;
    }
    keep_nested_writes(std::move(saved), stack);
    sp = e;
    pc = in.b;
    return true;
  }

  // Backtrack: undo register writes until a choice point, and resume there (false: none left).
  bool backtrack(std::vector<Entry>& stack, int32_t& pc, int64_t& sp) {
    while (!stack.empty()) {
      Entry& e = stack.back();
      switch (e.kind) {
        case Undo:
          regs[size_t(e.a)] = e.b;
          stack.pop_back();
          break;
        case RestoreAll:
          regs = std::move(snapshots[e.snapshot]);
          stack.pop_back();
          break;
        case Branch:
          pc = e.pc;
          sp = e.a;
          stack.pop_back();
          return true;
        case RepeatBack:
          pc = e.pc;
          sp = --e.b;
          if (e.b <= e.a) stack.pop_back();
          return true;
        case RepeatLazy: {
          const Inst& rep = p.code[size_t(e.pc)];
          const Inst& body = p.code[size_t(e.pc + 1)];
          if (e.a < e.b && one_matches(p, body, s[e.a])) {
            sp = ++e.a;
            pc = rep.b;
            if (e.a >= e.b) stack.pop_back();
            return true;
          }
          stack.pop_back();
          break;
        }
      }
    }
    return false;
  }

  // Runs from pc at sp until Match (top level) or SubEnd (nested); the
  // registers hold the successful path's writes. Note [Backtracking without recursion].
  bool exec(int32_t pc, int64_t sp, int64_t& end) {
    std::vector<Entry> stack;
    auto set_reg = [&](int64_t slot, int64_t v) {
      if (regs[size_t(slot)] == v) return;
      stack.push_back(Entry{Undo, 0, slot, regs[size_t(slot)]});
      regs[size_t(slot)] = v;
    };
    while (true) {
      bool ok = true;
      const Inst& in = p.code[size_t(pc)];
      switch (in.op) {
        case Op::Char: case Op::Any: case Op::Set: case Op::Cat:
          if (sp < n && one_matches(p, in, s[sp])) {
            ++sp;
            ++pc;
          } else {
            ok = false;
          }
          break;
        case Op::At:
          if (at_ok(in, sp)) ++pc;
          else ok = false;
          break;
        case Op::Save:
          set_reg(in.a, sp);
          if (in.a & 1) set_reg(lastindex_slot, in.a / 2);
          ++pc;
          break;
        case Op::Split:
          stack.push_back(Entry{Branch, in.b, sp, 0});
          pc = in.a;
          break;
        case Op::Jmp:
          pc = in.a;
          break;
        case Op::Backref: {
          int64_t b0 = regs[size_t(2 * in.a)], b1 = regs[size_t(2 * in.a + 1)];
          if (b0 < 0 || b1 < 0 || b1 < b0 || sp + (b1 - b0) > n) {
            ok = false;
            break;
          }
          for (int64_t k = 0; k < b1 - b0 && ok; ++k) {
            uint32_t x = s[b0 + k], y = s[sp + k];
            ok = x == y || (in.icase && (fold_lower(x, in.unicode) == fold_lower(y, in.unicode) ||
                                         fold_upper(x, in.unicode) == fold_upper(y, in.unicode)));
          }
          if (ok) {
            sp += b1 - b0;
            ++pc;
          }
          break;
        }
        case Op::RepInit:
          set_reg(count_slot(in.a), 0);
          set_reg(begin_slot(in.a), -1);
          ++pc;
          break;
        case Op::RepLoop: {
          int64_t c = regs[size_t(count_slot(in.a))];
          if (c < in.min) {
            pc = pc + 1;
          } else if (c >= in.max || (c > 0 && regs[size_t(begin_slot(in.a))] == sp)) {
            pc = in.b;
          } else if (in.greedy) {
            stack.push_back(Entry{Branch, in.b, sp, 0});
            pc = pc + 1;
          } else {
            stack.push_back(Entry{Branch, pc + 1, sp, 0});
            pc = in.b;
          }
          break;
        }
        case Op::RepStart:
          set_reg(begin_slot(in.a), sp);
          ++pc;
          break;
        case Op::RepNext:
          set_reg(count_slot(in.a), regs[size_t(count_slot(in.a))] + 1);
          pc = in.b;
          break;
        case Op::RepOne:
          ok = rep_one(in, pc, sp, stack);
          break;
        case Op::Look:
          ok = look(in, pc, sp, stack);
          break;
        case Op::Atomic:
          ok = atomic(in, pc, sp, stack);
          break;
        case Op::Cond:
          pc = regs[size_t(2 * in.a + 1)] >= 0 && regs[size_t(2 * in.a)] >= 0 ? pc + 1 : in.b;
          break;
        case Op::SubEnd:
          end = sp;
          return true;
        case Op::Match:
          if ((fullmatch && sp != n) || (must_advance && sp == start)) {
            ok = false;
            break;
          }
          end = sp;
          return true;
      }
      if (ok) continue;
      if (!backtrack(stack, pc, sp)) return false;
    }
  }
};

}  // namespace

Compiled compile(const std::vector<uint32_t>& pattern, int flags, bool is_bytes) {
  State st;
  Parser parser(pattern, !is_bytes, st);
  NodeP tree = parser.parse_all(flags);
  int f = st.flags;
  // Lib/re/_parser.py fix_flags.
  if (!is_bytes) {
    if (f & kLocale) throw RegexError{RegexError::Value, "cannot use LOCALE flag with a str pattern", -1};
    if (!(f & kAscii)) f |= kUnicode;
    else if (f & kUnicode) throw RegexError{RegexError::Value, "ASCII and UNICODE flags are incompatible", -1};
  } else {
    if (f & kUnicode) throw RegexError{RegexError::Value, "cannot use UNICODE flag with a bytes pattern", -1};
    if ((f & kLocale) && (f & kAscii)) throw RegexError{RegexError::Value, "ASCII and LOCALE flags are incompatible", -1};
  }
  for (auto& [g, pos] : st.grouprefpos)
    if (g >= st.groups()) throw RegexError{RegexError::Pattern, "invalid group reference " + std::to_string(g), pos};
  auto prog = std::make_shared<Program>();
  prog->groups = st.groups() - 1;
  prog->is_bytes = is_bytes;
  Compiler comp(*prog, st);
  comp.emit(*tree, f);
  prog->code.push_back(Inst{Op::Match});
  Compiled out;
  out.flags = f;
  out.groups = prog->groups;
  out.names = st.names;
  out.prog = prog;
  return out;
}

// Modules/_sre/sre_lib.h SRE(search) / SRE(match): one anchored attempt per
// start position (pos..endpos), the first success wins.
bool run(const Program& p, const uint32_t* s, int64_t n, int64_t pos, int64_t endpos, Mode mode, bool must_advance,
         std::vector<int64_t>& marks, int& lastindex) {
  endpos = std::clamp<int64_t>(endpos, 0, n);
  pos = std::clamp<int64_t>(pos, 0, n);
  if (pos > endpos) return false;
  Machine m{p, s, endpos, pos, mode == Mode::FullMatch, must_advance, {}, 0, {}};
  const size_t nregs = size_t(2 * (p.groups + 1) + 2 * p.repeats + 1);
  m.lastindex_slot = int64_t(nregs) - 1;
  // A literal first instruction lets the search skip positions that cannot start a match.
  const Inst& first = p.code[0];
  bool lead_char = first.op == Op::Char && !first.icase;
  for (int64_t at = pos; at <= endpos; ++at) {
    if (mode == Mode::Search && lead_char) {
      while (at < endpos && s[at] != first.ch) ++at;
      if (at >= endpos) break;
    }
    m.regs.assign(nregs, -1);
    m.start = at;
    m.snapshots.clear();
    int64_t end;
    if (m.exec(0, at, end)) {
      marks.assign(m.regs.begin(), m.regs.begin() + 2 * (p.groups + 1));
      marks[0] = at;
      marks[1] = end;
      lastindex = int(m.regs[nregs - 1]);
      return true;
    }
    if (mode != Mode::Search) break;
    m.must_advance = false;
  }
  return false;
}

}  // namespace sl::regex
