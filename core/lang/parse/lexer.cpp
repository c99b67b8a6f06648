// lexer: tokenize() (lexer.hpp).
#include "core/lang/parse/lexer.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "core/model/error.hpp"
#include "core/text/unicode_db.hpp"
#include "core/text/utf8.hpp"

namespace sl::lang {

// Process-wide scratch (Note [Session state]): set by the throw, read by the
// catch in the same boundary call (Interp::run).
SyntaxErrorInfo& last_syntax_error() {
  static SyntaxErrorInfo info;
  return info;
}

void syntax_error(const std::string& msg, int line, int col, int end_line, int end_col) {
  last_syntax_error() = {line, col, end_line ? end_line : line, end_col};
  throw PyError("SyntaxError", msg);
}

void indentation_error(const std::string& msg, int line, int col, const char* type, int end_col) {
  last_syntax_error() = {line, col, line, end_col};
  throw PyError(type, msg);
}

// mirrors print_error_text (Python/pythonrun.c, 3.11): offsets are 1-based;
// end_offset <= offset gives one caret; leading blanks are stripped and the
// caret is dropped when it would point left of the text.
std::string syntax_error_caret(const std::string& text, int offset, int end_offset) {
  long reps = (end_offset > 0 && end_offset > offset) ? end_offset - offset : 1;
  long off = long(offset) - 1;
  size_t a = 0;
  while (a < text.size() && (text[a] == ' ' || text[a] == '\t' || text[a] == '\f')) {
    ++a;
    --off;
  }
  std::string t = text.substr(a);
  while (!t.empty() && (t.back() == '\n' || t.back() == '\r')) t.pop_back();
  long len = long(t.size());
  if (off > len) off = len;
  std::string out = "    " + t + "\n";
  if (off < 0) return out;
  out += "    " + std::string(size_t(off), ' ') + std::string(size_t(reps), '^') + "\n";
  return out;
}

bool source_line(const std::string& src, int line, std::string& out, bool& has_newline) {
  if (line < 1) return false;
  size_t st = 0;
  for (int k = 1; k < line && st != std::string::npos; ++k) {
    st = src.find('\n', st);
    if (st != std::string::npos) ++st;
  }
  if (st == std::string::npos || st > src.size()) return false;
  const size_t nl = src.find('\n', st);
  has_newline = nl != std::string::npos;
  out = src.substr(st, has_newline ? nl - st : std::string::npos);
  return true;
}

namespace {

bool is_id_start(unsigned char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80; }
bool is_id_char(unsigned char c) { return is_id_start(c) || (c >= '0' && c <= '9'); }


struct Lexer {
  const std::string& s;
  size_t i = 0;
  size_t body_start = 0;  // where the string literal being read starts its text
  int line;
  size_t line_start = 0;
  std::vector<Token> out;
  std::vector<int> indents{0};
  std::vector<int> alt_indents{0};
  std::vector<std::pair<char, std::pair<int, int>>> brackets;
  bool expr_mode;

  Lexer(const std::string& src, int first_line, bool em) : s(src), line(first_line), expr_mode(em) {}

  int col() const { return int(i - line_start); }
  char peek(size_t k = 0) const { return i + k < s.size() ? s[i + k] : '\0'; }

  void push(Tok k, std::string text, int l, int c) {
    Token t;
    t.kind = k;
    t.text = std::move(text);
    t.line = l;
    t.col = c;
    t.end_line = line;
    t.end_col = k == Tok::Newline ? c : col();
    t.depth = int(brackets.size());
    out.push_back(std::move(t));
  }

  void run() {
    bool at_line_start = !expr_mode;
    while (i <= s.size()) {
      if (at_line_start) {
        at_line_start = false;
        if (handle_indent()) continue;
      }
      if (i >= s.size()) break;
      char c = s[i];
      if (c == '#') {
        while (i < s.size() && s[i] != '\n') ++i;
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\f' || c == '\r') {
        ++i;
        continue;
      }
      if (c == '\\' && (peek(1) == '\n' || (peek(1) == '\r' && peek(2) == '\n'))) {
        i += peek(1) == '\r' ? 3 : 2;
        ++line;
        line_start = i;
        continue;
      }
      if (c == '\n') {
        if (brackets.empty() && !expr_mode) {
          if (!out.empty() && out.back().kind != Tok::Newline && out.back().kind != Tok::Indent &&
              out.back().kind != Tok::Dedent)
            push(Tok::Newline, "", line, col());
          at_line_start = true;
        }
        ++i;
        ++line;
        line_start = i;
        continue;
      }
      if (is_id_start((unsigned char)c)) {
        size_t st = i;
        int cl = col();
        while (i < s.size() && is_id_char((unsigned char)s[i])) ++i;
        std::string word = s.substr(st, i - st);
        if (!is_ascii(word)) word = verify_identifier(st, word);
        if (i < s.size() && (s[i] == '\'' || s[i] == '"') && word.size() <= 2) {
          std::string p;
          for (char ch : word) p += char(tolower(ch));
          if (p == "r" || p == "f" || p == "b" || p == "rf" || p == "fr" || p == "br" || p == "rb" || p == "u") {
            lex_string(p, cl);
            continue;
          }
        }
        push(Tok::Name, word, line, cl);
        continue;
      }
      if ((c >= '0' && c <= '9') || (c == '.' && peek(1) >= '0' && peek(1) <= '9')) {
        lex_number();
        continue;
      }
      if (c == '\'' || c == '"') {
        lex_string("", col());
        continue;
      }
      lex_op();
    }
    if (!brackets.empty()) {
      auto [ch, pos] = brackets.back();
      syntax_error(std::string("'") + ch + "' was never closed", pos.first, pos.second);
    }
    if (!expr_mode) {
      if (!out.empty() && out.back().kind != Tok::Newline && out.back().kind != Tok::Dedent &&
          out.back().kind != Tok::Indent)
        push(Tok::Newline, "", line, col());
      while (indents.size() > 1) {
        indents.pop_back();
        push(Tok::Dedent, "", line, 0);
      }
    }
    push(Tok::End, "", line, col());
  }

  // Returns true if the line was blank/comment-only (consumed).
  bool handle_indent() {
    // mirrors tok_get's indentation pass: col with tabs to multiples of 8,
    // altcol with tabs as 1 column; disagreeing comparisons are a TabError.
    int width = 0, alt = 0;
    size_t j = i;
    while (j < s.size() && (s[j] == ' ' || s[j] == '\t' || s[j] == '\f')) {
      if (s[j] == '\t') {
        width = (width / 8 + 1) * 8;
        ++alt;
      } else if (s[j] == ' ') {
        ++width;
        ++alt;
      } else {
        width = alt = 0;
      }
      ++j;
    }
    if (j >= s.size() || s[j] == '\n' || s[j] == '#' || (s[j] == '\r' && j + 1 < s.size() && s[j + 1] == '\n')) {
      // blank or comment line: no indentation tokens
      i = j;
      while (i < s.size() && s[i] != '\n') ++i;
      if (i < s.size()) {
        ++i;
        ++line;
        line_start = i;
        // stay at line start for the next line
        return handle_indent() || true;
      }
      return true;
    }
    i = j;
    const char* tab_error = "inconsistent use of tabs and spaces in indentation";
    if (width > indents.back()) {
      if (alt <= alt_indents.back()) indentation_error(tab_error, line, 0, "TabError");
      if (out.empty() || out.back().kind != Tok::Newline) {
        indentation_error("unexpected indent", line, col() - 1);
      }
      indents.push_back(width);
      alt_indents.push_back(alt);
      push(Tok::Indent, "", line, col() - 1);
    } else {
      if (width == indents.back() && alt != alt_indents.back()) indentation_error(tab_error, line, 0, "TabError");
      while (width < indents.back()) {
        indents.pop_back();
        alt_indents.pop_back();
        push(Tok::Dedent, "", line, width);
      }
      if (width != indents.back()) {
        size_t e = s.find('\n', line_start);
        int len = int((e == std::string::npos ? s.size() : e) - line_start);
        if (len > 0 && s[line_start + size_t(len) - 1] == '\r') --len;
        indentation_error("unindent does not match any outer indentation level", line, len);
      }
      if (alt != alt_indents.back()) indentation_error(tab_error, line, 0, "TabError");
    }
    return false;
  }

  // 1 1e5 1if x else y: CPython lets a keyword follow a number (with a warning).
  bool starts_keyword_after_number() const {
    static const char* kws[] = {"and", "else", "for", "if", "in", "is", "not", "or", nullptr};
    for (int k = 0; kws[k]; ++k) {
      size_t n = strlen(kws[k]);
      if (s.compare(i, n, kws[k]) == 0 && (i + n >= s.size() || !is_id_char((unsigned char)s[i + n]))) return true;
    }
    return false;
  }

  // A name with a character outside ASCII (PEP 3131): the tokenizer takes every such
  // byte as part of the name, then checks the code points -- the first XID_Start or
  // '_', the others XID_Continue -- and the parser keeps the name's NFKC form
  // (ﬁ is fi). Mirrors verify_identifier (Parser/tokenizer.c) and new_identifier
  // (Parser/pegen.c): the first character that fails is "invalid character '€'
  // (U+20AC)", or "invalid non-printable character U+00A0" when it cannot be shown.
  std::string verify_identifier(size_t st, const std::string& word) {
    std::vector<uint32_t> cps = decode_utf8(word);
    size_t at = st;
    for (size_t k = 0; k < cps.size(); ++k) {
      const uint32_t c = cps[k];
      const bool ok = k == 0 ? (c == '_' || unicode::is_xid_start(c)) : unicode::is_xid_continue(c);
      if (!ok) {
        i = at;
        char hex[16];
        snprintf(hex, sizeof hex, "%04X", unsigned(c));
        std::string ch;
        append_utf8(ch, c);
        if (unicode::is_printable(c)) syntax_error("invalid character '" + ch + "' (U+" + hex + ")", line, col());
        syntax_error(std::string("invalid non-printable character U+") + hex, line, col());
      }
      at += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    }
    std::string out;
    for (uint32_t c : unicode::normalize(cps, true, true)) append_utf8(out, c);
    return out;
  }

  void lex_number() {
    size_t st = i;
    int cl = col();
    auto digits = [&](auto pred) {
      while (i < s.size() && (pred(s[i]) || (s[i] == '_' && i + 1 < s.size() && pred(s[i + 1])))) ++i;
    };
    auto dec = [](char ch) { return ch >= '0' && ch <= '9'; };
    if (s[i] == '0' && (peek(1) == 'x' || peek(1) == 'X' || peek(1) == 'o' || peek(1) == 'O' || peek(1) == 'b' || peek(1) == 'B')) {
      char base = char(tolower(peek(1)));
      i += 2;
      auto pred = [base](char ch) {
        if (base == 'x') return isxdigit((unsigned char)ch) != 0;
        if (base == 'o') return ch >= '0' && ch <= '7';
        return ch == '0' || ch == '1';
      };
      size_t ds = i;
      digits(pred);
      if (i == ds) syntax_error("invalid " + std::string(base == 'x' ? "hexadecimal" : base == 'o' ? "octal" : "binary") + " literal", line, cl);
      std::string txt = s.substr(st, i - st);
      if (i < s.size() && (unsigned char)s[i] < 0x80 && is_id_char((unsigned char)s[i]))
        syntax_error("invalid " + std::string(base == 'x' ? "hexadecimal" : base == 'o' ? "octal" : "binary") + " literal", line, col() - 1);
      push(Tok::Int, txt, line, cl);
      return;
    }
    bool is_float = false;
    digits(dec);
    if (peek() == '.' ) {
      is_float = true;
      ++i;
      digits(dec);
    }
    if (peek() == 'e' || peek() == 'E') {
      size_t save = i;
      ++i;
      if (peek() == '+' || peek() == '-') ++i;
      if (dec(peek())) {
        is_float = true;
        digits(dec);
      } else {
        i = save;
      }
    }
    Tok kind = is_float ? Tok::Float : Tok::Int;
    if (peek() == 'j' || peek() == 'J') {
      ++i;
      kind = Tok::Imag;
    }
    std::string txt;
    for (size_t k = st; k < i; ++k)
      if (s[k] != '_') txt += s[k];
    if (kind == Tok::Int && txt.size() > 1 && txt[0] == '0') {
      for (char ch : txt)
        if (ch != '0') syntax_error("leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers", line, cl);
    }
    if (i < s.size() && (unsigned char)s[i] < 0x80 && is_id_start((unsigned char)s[i]) && !starts_keyword_after_number())
      syntax_error("invalid decimal literal", line, col() - 1);
    if (kind == Tok::Imag) txt.pop_back();
    push(kind, txt, line, cl);
  }

  void lex_string(const std::string& prefix, int cl) {
    bool raw = prefix.find('r') != std::string::npos;
    bool fstr = prefix.find('f') != std::string::npos;
    bool bytes = prefix.find('b') != std::string::npos;
    char q = s[i];
    bool triple = peek(1) == q && peek(2) == q;
    int start_line = line;
    i += triple ? 3 : 1;
    body_start = i;
    std::string val;
    for (;;) {
      if (i >= s.size()) {
        if (i > 0 && s[i - 1] == '\n') --line;  // CPython counts the last line holding text
        if (triple) syntax_error("unterminated triple-quoted string literal (detected at line " + std::to_string(line) + ")", start_line, cl);
        syntax_error("unterminated string literal (detected at line " + std::to_string(line) + ")", start_line, cl);
      }
      char c = s[i];
      if (c == q && (!triple || (peek(1) == q && peek(2) == q))) {
        i += triple ? 3 : 1;
        break;
      }
      if (c == '\n') {
        if (!triple) syntax_error("unterminated string literal (detected at line " + std::to_string(line) + ")", start_line, cl);
        val += c;
        ++i;
        ++line;
        line_start = i;
        continue;
      }
      if (c == '\\') {
        char n = peek(1);
        if (n == '\n') {  // line continuation inside a string
          if (raw) val += "\\\n";
          i += 2;
          ++line;
          line_start = i;
          continue;
        }
        if (raw || fstr) {
          // f-strings keep escapes for the f-string parser, which decodes literal parts
          val += c;
          val += n;
          i += 2;
          continue;
        }
        i += 2;
        if (bytes) decode_bytes_escape(n, val);
        else decode_escape(n, val);
        continue;
      }
      if (bytes && (unsigned char)c >= 0x80) syntax_error("bytes can only contain ASCII literal characters", start_line, cl);
      val += c;
      ++i;
    }
    Token t;
    t.kind = Tok::String;
    t.text = std::move(val);
    t.line = start_line;
    t.col = cl;
    t.fstring = fstr;
    t.raw = raw;
    t.bytes = bytes;
    t.end_line = line;
    t.end_col = col();
    t.depth = int(brackets.size());
    out.push_back(std::move(t));
  }

  // A bytes literal's escapes name bytes, not code points: \ooo and \xhh are
  // one byte each (an octal value past 0o377 keeps its low 8 bits, as CPython
  // does after its warning), and \u, \U and \N are no escapes at all.
  void decode_bytes_escape(char n, std::string& val) {
    if (n >= '0' && n <= '7') {
      int v = n - '0';
      for (int k = 0; k < 2 && peek() >= '0' && peek() <= '7'; ++k) v = v * 8 + (s[i++] - '0');
      val += char(v & 0xff);
      return;
    }
    if (n == 'x') {
      int v = 0;
      for (int k = 0; k < 2; ++k) {
        char h = peek();
        if (!isxdigit((unsigned char)h))
          syntax_error("(value error) invalid \\x escape at position " + std::to_string(val.size()), line, col());
        v = v * 16 + (isdigit((unsigned char)h) ? h - '0' : tolower(h) - 'a' + 10);
        ++i;
      }
      val += char(v);
      return;
    }
    if (n == 'u' || n == 'U' || n == 'N') {
      val += '\\';
      val += n;
      return;
    }
    decode_escape(n, val);
  }

  // \N{name}: the character unicodedata.lookup names (i is after the N). The error's
  // byte positions count each character outside ASCII before it as the 10 bytes of
  // its \UXXXXXXXX form, as CPython decodes a literal (decode_unicode_with_escapes).
  void decode_named_escape(std::string& val) {
    const size_t back = i - 2;
    size_t pos = 0;
    for (size_t k = body_start; k < back; ++k) {
      const unsigned char b = static_cast<unsigned char>(s[k]);
      pos += b < 0x80 ? 1 : (b & 0xc0) == 0x80 ? 0 : 10;
    }
    const size_t close = peek() == '{' ? s.find('}', i) : std::string::npos;
    const size_t line_end = s.find_first_of("\n\"'", i);
    auto fail = [&](size_t end, const char* why) {
      syntax_error("(unicode error) 'unicodeescape' codec can't decode bytes in position " + std::to_string(pos) + "-" +
                       std::to_string(pos + end) + ": " + why, line, int(body_start - line_start) - 1);
    };
    if (close == std::string::npos || close == i + 1 || (line_end != std::string::npos && line_end < close))
      fail((line_end == std::string::npos ? s.size() : line_end) - back - 1, "malformed \\N character escape");
    uint32_t c = 0;
    if (!unicode::lookup(s.substr(i + 1, close - i - 1), c)) fail(close - back, "unknown Unicode character name");
    append_utf8(val, c);
    i = close + 1;
  }

  void decode_escape(char n, std::string& val) {
    switch (n) {
      case 'n': val += '\n'; break;
      case 't': val += '\t'; break;
      case 'r': val += '\r'; break;
      case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
        int v = n - '0';
        for (int k = 0; k < 2 && peek() >= '0' && peek() <= '7'; ++k) v = v * 8 + (s[i++] - '0');
        append_utf8(val, uint32_t(v));
        break;
      }
      case 'x': case 'u': case 'U': {
        int len = n == 'x' ? 2 : n == 'u' ? 4 : 8;
        uint32_t v = 0;
        for (int k = 0; k < len; ++k) {
          char h = peek();
          if (!isxdigit((unsigned char)h)) syntax_error("(unicode error) 'unicodeescape' codec can't decode bytes: truncated escape", line, col());
          v = v * 16 + uint32_t(isdigit((unsigned char)h) ? h - '0' : tolower(h) - 'a' + 10);
          ++i;
        }
        append_utf8(val, v);
        break;
      }
      case 'N': decode_named_escape(val); break;
      case 'a': val += '\a'; break;
      case 'b': val += '\b'; break;
      case 'f': val += '\f'; break;
      case 'v': val += '\v'; break;
      case '\\': val += '\\'; break;
      case '\'': val += '\''; break;
      case '"': val += '"'; break;
      default: val += '\\'; val += n; break;
    }
  }

  void lex_op() {
    static const char* ops3[] = {"**=", "//=", ">>=", "<<=", "...", nullptr};
    static const char* ops2[] = {"**", "//", "==", "!=", "<=", ">=", "<<", ">>", "+=", "-=", "*=", "/=", "%=",
                                 "&=", "|=", "^=", "@=", "->", ":=", nullptr};
    int cl = col();
    for (int k = 0; ops3[k]; ++k)
      if (s.compare(i, 3, ops3[k]) == 0) {
        i += 3;
        push(Tok::Op, ops3[k], line, cl);
        return;
      }
    for (int k = 0; ops2[k]; ++k)
      if (s.compare(i, 2, ops2[k]) == 0) {
        i += 2;
        push(Tok::Op, ops2[k], line, cl);
        return;
      }
    char c = s[i];
    if (strchr("+-*/%@&|^~<>()[]{},:.;=!", c) == nullptr || c == '!') {
      std::string ch(1, c);
      if ((unsigned char)c >= 0x80) syntax_error("invalid character in identifier", line, cl);
      if (c == '$' || c == '?' || c == '`' || c == '!') syntax_error("invalid syntax", line, cl);
      syntax_error("invalid character '" + ch + "'", line, cl);
    }
    if (c == '(' || c == '[' || c == '{') {
      // the tokenizer's MAXLEVEL (Parser/tokenizer.c): 200 open brackets at most
      if (brackets.size() >= 200) syntax_error("too many nested parentheses", line, cl);
      brackets.push_back({c, {line, cl}});
    }
    if (c == ')' || c == ']' || c == '}') {
      char open = c == ')' ? '(' : c == ']' ? '[' : '{';
      if (brackets.empty()) syntax_error(std::string("unmatched '") + c + "'", line, cl);
      if (brackets.back().first != open)
        syntax_error(std::string("closing parenthesis '") + c + "' does not match opening parenthesis '" +
                         brackets.back().first + "'", line, cl);
      brackets.pop_back();
    }
    ++i;
    push(Tok::Op, std::string(1, c), line, cl);
  }
};

}  // namespace

namespace {

// The offset of the first byte that does not start or continue a well-formed
// UTF-8 sequence (RFC 3629: no overlongs, no surrogates, at most U+10FFFF),
// or npos.
size_t first_invalid_utf8(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    size_t n = c < 0x80 ? 1 : c >= 0xc2 && c < 0xe0 ? 2 : c >= 0xe0 && c < 0xf0 ? 3 : c >= 0xf0 && c < 0xf5 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return i;
    for (size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return i;
    const unsigned char c1 = static_cast<unsigned char>(n > 1 ? s[i + 1] : 0);
    if ((c == 0xe0 && c1 < 0xa0) || (c == 0xed && c1 >= 0xa0) || (c == 0xf0 && c1 < 0x90) || (c == 0xf4 && c1 >= 0x90))
      return i;
    i += n;
  }
  return std::string::npos;
}

}  // namespace

std::vector<Token> tokenize(const std::string& src, int first_line, bool expression_mode) {
  // CPython's tokenizer refuses a source that is not UTF-8 (PEP 263)
  if (size_t bad = first_invalid_utf8(src); bad != std::string::npos) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "\\x%02x", static_cast<unsigned char>(src[bad]));
    const int line = first_line + int(std::count(src.begin(), src.begin() + long(bad), '\n'));
    syntax_error(std::string("Non-UTF-8 code starting with '") + hex + "' on line " + std::to_string(line) +
                     ", but no encoding declared; see https://peps.python.org/pep-0263/ for details",
                 line, 0);
  }
  Lexer lx(src, first_line, expression_mode);
  lx.run();
  return std::move(lx.out);
}

}  // namespace sl::lang

namespace sl::lang {
std::string unescape_python(const std::string& s) {
  std::string out;
  Lexer lx(s, 1, true);
  lx.i = 0;
  while (lx.i < s.size()) {
    char c = s[lx.i];
    if (c == '\\' && lx.i + 1 < s.size()) {
      char n = s[lx.i + 1];
      lx.i += 2;
      lx.decode_escape(n, out);
    } else {
      out += c;
      ++lx.i;
    }
  }
  return out;
}
}  // namespace sl::lang
