// Program cases as data: the committed corpora under tests/data/ (JSON lines,
// one object per line) read at test run time by one driver, natively and in
// the wasm Catch2 runner (Node with NODERAWFS reads the same files). The data
// folder is the source tree's tests/data, passed in at build time as
// STRIDELAB_TEST_DATA (CMakeLists.txt).
//
// A record is a flat JSON object whose values are strings or integers. A
// program case has "name", "code", "expected" and "mode": the text the
// reference printed for the program; an error ends the text with '!' and
// either the last traceback line (mode 1) or the whole traceback with
// CPython's ^~ position lines dropped (mode 2), file "prog.py".
//
// Invariant: a missing, unreadable or malformed data file fails the test
// that reads it (it never reads as zero cases).
#pragma once
#include <catch2/catch.hpp>

#include <dirent.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/lang/eval/interp.hpp"

#ifndef STRIDELAB_TEST_DATA
#error "STRIDELAB_TEST_DATA (the source tree's tests/data) must be defined by the build"
#endif

namespace program_cases {

inline std::string data_path(const std::string& rel) { return std::string(STRIDELAB_TEST_DATA) + "/" + rel; }

// One JSON line: string keys, string or integer values (integers kept as text).
using Record = std::map<std::string, std::string>;

class LineParser {
 public:
  explicit LineParser(const std::string& s) : s_(s) {}

  Record object() {
    Record r;
    expect('{');
    skip_ws();
    if (peek() == '}') return ++i_, r;
    for (;;) {
      std::string key = string();
      expect(':');
      skip_ws();
      r[key] = peek() == '"' ? string() : integer();
      skip_ws();
      if (peek() == '}') break;
      expect(',');
    }
    ++i_;
    skip_ws();
    if (i_ != s_.size()) fail("trailing text");
    return r;
  }

 private:
  char peek() const { return i_ < s_.size() ? s_[i_] : '\0'; }
  void skip_ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\r')) ++i_;
  }
  [[noreturn]] void fail(const char* what) const {
    throw std::runtime_error(std::string("malformed JSON line (") + what + ") at column " + std::to_string(i_));
  }
  void expect(char c) {
    skip_ws();
    if (peek() != c) fail("unexpected character");
    ++i_;
  }
  std::string integer() {
    size_t start = i_;
    if (peek() == '-') ++i_;
    while (peek() >= '0' && peek() <= '9') ++i_;
    if (i_ == start) fail("expected a string or an integer");
    return s_.substr(start, i_ - start);
  }
  unsigned hex4() {
    if (i_ + 4 > s_.size()) fail("short \\u escape");
    unsigned v = 0;
    for (int k = 0; k < 4; ++k) {
      char c = s_[i_++];
      v = v * 16 + (c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : (fail("bad hex digit"), 0));
    }
    return v;
  }
  static void put_utf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) {
      out += char(cp);
    } else if (cp < 0x800) {
      out += char(0xC0 | (cp >> 6));
      out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += char(0xE0 | (cp >> 12));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    } else {
      out += char(0xF0 | (cp >> 18));
      out += char(0x80 | ((cp >> 12) & 0x3F));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    }
  }
  std::string string() {
    expect('"');
    std::string out;
    for (;;) {
      if (i_ >= s_.size()) fail("unterminated string");
      char c = s_[i_++];
      if (c == '"') return out;
      if (c != '\\') {
        out += c;
        continue;
      }
      char e = s_[i_++];
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case '"': case '\\': case '/': out += e; break;
        case 'u': {
          uint32_t cp = hex4();
          // A UTF-16 surrogate pair (json.dumps writes astral characters so).
          if (cp >= 0xD800 && cp < 0xDC00 && s_.compare(i_, 2, "\\u") == 0) {
            i_ += 2;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (hex4() - 0xDC00);
          }
          // U+DC80..U+DCFF alone: a byte that is not UTF-8, kept by Python's
          // surrogateescape (a test program may hold such bytes).
          if (cp >= 0xDC80 && cp <= 0xDCFF) out += char(cp - 0xDC00);
          else put_utf8(out, cp);
          break;
        }
        default: fail("unknown escape");
      }
    }
  }
  const std::string& s_;
  size_t i_ = 0;
};

// Every record of tests/data/<rel>; REQUIREs that the file exists and holds at least one.
inline std::vector<Record> read_jsonl(const std::string& rel) {
  std::ifstream f(data_path(rel), std::ios::binary);
  INFO("data file " << data_path(rel));
  REQUIRE(f.good());
  std::vector<Record> out;
  std::string line;
  for (size_t n = 1; std::getline(f, line); ++n) {
    if (line.empty()) continue;
    INFO("line " << n);
    try {
      out.push_back(LineParser(line).object());
    } catch (const std::exception& e) {
      FAIL(e.what());
    }
  }
  REQUIRE(!out.empty());
  return out;
}

// The lines of tests/data/<rel> that are neither blank nor '#' comments.
inline std::vector<std::string> read_list(const std::string& rel) {
  std::ifstream f(data_path(rel), std::ios::binary);
  INFO("data file " << data_path(rel));
  REQUIRE(f.good());
  std::vector<std::string> out;
  std::string line;
  while (std::getline(f, line)) {
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
    if (!line.empty() && line[0] != '#') out.push_back(line);
  }
  return out;
}

// The names in tests/data/<dir> ending in `suffix`, sorted.
inline std::vector<std::string> list_dir(const std::string& dir, const std::string& suffix) {
  std::vector<std::string> out;
  DIR* d = opendir(data_path(dir).c_str());
  INFO("data folder " << data_path(dir));
  REQUIRE(d != nullptr);
  while (dirent* e = readdir(d)) {
    std::string n = e->d_name;
    if (n.size() > suffix.size() && n.compare(n.size() - suffix.size(), suffix.size(), suffix) == 0) out.push_back(n);
  }
  closedir(d);
  std::sort(out.begin(), out.end());
  return out;
}

inline const std::string& field(const Record& r, const char* key) {
  auto it = r.find(key);
  if (it == r.end()) FAIL("record without \"" << key << "\"");
  return it->second;
}

// What a program printed, in the corpus's form for `mode` (see the header).
inline std::string run_program(const std::string& code, int mode) {
  sl::lang::Interp in;
  in.split_stderr = true;  // stdout is compared, as the corpus recorded CPython's
  auto r = in.run(code, false, "prog.py");
  r.out += in.finish_program().out;  // what the program's end prints (its variables' finalizers)
  if (r.exited && r.exit_code != 0) {  // as the harness records a non-zero status: stderr's last line
    std::string err = r.err;
    while (!err.empty() && err.back() == '\n') err.pop_back();
    if (mode == 2) return r.out + "!" + err + (err.empty() ? "" : "\n");
    return r.out + "!" + err.substr(err.rfind('\n') + 1);
  }
  if (r.ok) return r.out;
  if (mode == 2) return r.out + "!" + r.traceback;
  std::string tb = r.traceback;
  while (!tb.empty() && tb.back() == '\n') tb.pop_back();
  return r.out + "!" + tb.substr(tb.rfind('\n') + 1);
}

// A pending list: "issue<TAB>id" lines naming the cases that do not match the
// reference yet, each with the issue that owns it (like tests/conformance.xfail).
// A pending case that fails is counted for its issue; one that passes is
// reported as XPASS (remove it then); any other failure fails the test.
class Pending {
 public:
  explicit Pending(const std::string& rel) : rel_(rel) {
    for (const std::string& line : read_list(rel)) {
      size_t tab = line.find('\t');
      INFO(rel << ": " << line);
      REQUIRE(tab != std::string::npos);
      size_t end = line.find('\t', tab + 1);
      issue_of_[line.substr(tab + 1, end == std::string::npos ? end : end - tab - 1)] = line.substr(0, tab);
    }
  }
  // More entries from another list (the wasm build's: tests/data/lang/wasm_pending.txt).
  void add(const std::string& rel) {
    for (const std::string& line : read_list(rel)) {
      size_t tab = line.find('\t');
      INFO(rel << ": " << line);
      REQUIRE(tab != std::string::npos);
      size_t end = line.find('\t', tab + 1);
      issue_of_[line.substr(tab + 1, end == std::string::npos ? end : end - tab - 1)] = line.substr(0, tab);
    }
  }
  // Whether a mismatch of case `id` is expected (and counts it).
  bool mismatch_expected(const std::string& id) {
    auto it = issue_of_.find(id);
    if (it == issue_of_.end()) return false;
    ++by_issue_[it->second];
    return true;
  }
  void passed(const std::string& id) {
    if (issue_of_.count(id)) WARN("XPASS " << id << " (passes now: remove it from tests/data/" << rel_ << ")");
  }
  ~Pending() {
    if (by_issue_.empty()) return;
    std::ostringstream out;
    for (auto& [issue, n] : by_issue_) out << " issue " << issue << ": " << n << ";";
    WARN("pending (tests/data/" << rel_ << "):" << out.str());
  }

 private:
  std::string rel_;
  std::map<std::string, std::string> issue_of_;
  std::map<std::string, size_t> by_issue_;
};

// Runs every case of tests/data/<rel>; a case's id is `id_prefix` + its name.
// Returns how many ran.
// A share of the corpus programs, for a run split over processes
// (scripts/stridelab.sh runs the sanitizer suite as two shards side by side):
// STRIDELAB_TEST_SHARD=K/N keeps the programs whose running index i (over every
// sharded file this process checks, in order) has i % N == K; unset, every program.
inline bool in_shard() {
  static const std::pair<long, long> shard = [] {
    const char* s = std::getenv("STRIDELAB_TEST_SHARD");
    long k = 0, n = 1;
    if (s && std::sscanf(s, "%ld/%ld", &k, &n) == 2 && n > 0 && k >= 0 && k < n) return std::pair<long, long>(k, n);
    return std::pair<long, long>(0, 1);
  }();
  static long index = 0;
  return index++ % shard.second == shard.first;
}

// `sharded`: the file's programs are shared among the shards (the corpus);
// else every shard that runs the caller runs them all.
inline size_t check_file(const std::string& rel, const std::string& id_prefix, Pending& pending,
                         bool sharded = false) {
  auto cases = read_jsonl(rel);
  for (const Record& c : cases) {
    if (sharded && !in_shard()) continue;
    const std::string& code = field(c, "code");
    std::string id = id_prefix + field(c, "name");
    std::string got = run_program(code, std::stoi(field(c, "mode")));
    if (got == field(c, "expected")) {
      pending.passed(id);
      continue;
    }
    if (pending.mismatch_expected(id)) continue;
    INFO(rel << ": " << id << "\n" << code);
    CHECK(got == field(c, "expected"));
  }
  return cases.size();
}

}  // namespace program_cases
