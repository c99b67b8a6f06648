// The lexer (core/lang/lexer): over every program of the language corpus
// (tests/data/lang/), each name, number and operator token is the source text
// at its reported position; INDENT and DEDENT balance; no NEWLINE inside
// brackets (implicit line joining); bracket depth follows the brackets;
// strings decode their escapes; a name outside ASCII is its NFKC form.
#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/lang/parse/lexer.hpp"
#include "core/text/unicode_db.hpp"
#include "core/text/utf8.hpp"
#include "tests/core/program_cases.hpp"

using namespace sl::lang;

namespace {
std::vector<std::string> lines_of(const std::string& src) {
  std::vector<std::string> out;
  std::istringstream in(src);
  std::string l;
  while (std::getline(in, l)) out.push_back(l);
  return out;
}

// The NFKC form of the name that starts text (its ASCII name characters and every
// byte of a character outside ASCII).
std::string nfkc_name_at(const std::string& text) {
  size_t n = 0;
  while (n < text.size() && (std::isalnum((unsigned char)text[n]) || text[n] == '_' || (unsigned char)text[n] >= 0x80)) ++n;
  std::string out;
  for (uint32_t c : sl::unicode::normalize(sl::decode_utf8(text.substr(0, n)), true, true)) sl::append_utf8(out, c);
  return out;
}

// Checks one program's tokens; returns false when it does not tokenize.
bool check_tokens(const std::string& src) {
  std::vector<Token> toks;
  try {
    toks = tokenize(src);
  } catch (const sl::PyError&) {
    return false;
  }
  auto lines = lines_of(src);
  int indents = 0, dedents = 0, depth = 0;
  REQUIRE(!toks.empty());
  CHECK(toks.back().kind == Tok::End);
  for (const Token& t : toks) {
    INFO("token '" << t.text << "' at " << t.line << ":" << t.col);
    if (t.kind == Tok::Indent) ++indents;
    if (t.kind == Tok::Dedent) ++dedents;
    if (t.kind == Tok::Newline) CHECK(depth == 0);
    // A token's depth is the nesting level after it: "(" is at 1, its ")" at 0.
    bool opens = t.kind == Tok::Op && (t.text == "(" || t.text == "[" || t.text == "{");
    bool closes = t.kind == Tok::Op && (t.text == ")" || t.text == "]" || t.text == "}");
    if (opens) ++depth;
    if (closes) --depth;
    if (t.kind != Tok::Newline && t.kind != Tok::Indent && t.kind != Tok::Dedent && t.kind != Tok::End)
      CHECK(t.depth == depth);
    if (t.kind == Tok::Name || t.kind == Tok::Int || t.kind == Tok::Float || t.kind == Tok::Imag || t.kind == Tok::Op) {
      REQUIRE(t.line >= 1);
      REQUIRE(size_t(t.line) <= lines.size());
      std::string at = lines[t.line - 1].substr(std::min(size_t(t.col), lines[t.line - 1].size()));
      // Decimal number tokens carry their digits without the _ separators
      // (1_000 -> 1000); the other tokens are the source text as written.
      std::string digits = at;
      digits.erase(std::remove(digits.begin(), digits.end(), '_'), digits.end());
      bool number = t.kind == Tok::Int || t.kind == Tok::Float || t.kind == Tok::Imag;
      // A name outside ASCII is the NFKC form of the source's name (PEP 3131: ﬁ is fi).
      if (t.kind == Tok::Name) at = nfkc_name_at(at);
      CHECK((at.compare(0, t.text.size(), t.text) == 0 || (number && digits.compare(0, t.text.size(), t.text) == 0)));
    }
  }
  CHECK(indents == dedents);
  CHECK(depth == 0);
  return true;
}
}  // namespace

TEST_CASE("tokens sit at their positions, brackets and indentation balance (every corpus program)", "[lang][lexer]") {
  size_t tokenized = 0, programs = 0;
  for (const std::string& f : program_cases::list_dir("lang", ".jsonl")) {
    for (const auto& c : program_cases::read_jsonl("lang/" + f)) {
      ++programs;
      INFO(f << ": " << program_cases::field(c, "name"));
      if (check_tokens(program_cases::field(c, "code"))) ++tokenized;
    }
  }
  // The syntax topic holds the programs that do not parse; nearly all others tokenize.
  CHECK(programs > 400);
  CHECK(tokenized > programs * 3 / 4);
}

TEST_CASE("string tokens decode escapes; prefixes are flagged", "[lang][lexer]") {
  auto t = tokenize("s = 'a\\tb\\x41\\u4e2d' + r'\\n' + b'x' + f'{s}'\n");
  std::vector<Token> strs;
  for (auto& k : t)
    if (k.kind == Tok::String) strs.push_back(k);
  REQUIRE(strs.size() == 4);
  CHECK(strs[0].text == "a\tbA\xe4\xb8\xad");
  CHECK(strs[1].raw);
  CHECK(strs[1].text == "\\n");
  CHECK(strs[2].bytes);
  CHECK(strs[3].fstring);
  CHECK(unescape_python("\\n\\\\\\'") == "\n\\'");
}
