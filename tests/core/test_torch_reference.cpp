// PyTorch 2.6 reference probes: tests/data/torch_reference.jsonl holds programs
// over the torch front end (printing, views, creation, reductions, indexing,
// error messages) with the text the reference printed for each, mode 1 of
// program_cases.hpp; tests/tools/gen_torch_reference.py says how to rerun it.
// Probes named in tests/data/torch_reference_pending.txt ("issue<TAB>name")
// still differ and are checked to still differ, so a fix shows up as a failure
// asking to drop the entry. The small reader here stands in for the shared
// driver of the tests branch.
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tests/core/program_cases.hpp"

namespace {

// A JSON string starting at s[i] == '"'; i ends past the closing quote.
std::string json_string(const std::string& s, size_t& i) {
  std::string out;
  auto put_utf8 = [&](uint32_t c) {
    if (c < 0x80) {
      out += char(c);
    } else if (c < 0x800) {
      out += char(0xC0 | (c >> 6));
      out += char(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += char(0xE0 | (c >> 12));
      out += char(0x80 | ((c >> 6) & 0x3F));
      out += char(0x80 | (c & 0x3F));
    } else {
      out += char(0xF0 | (c >> 18));
      out += char(0x80 | ((c >> 12) & 0x3F));
      out += char(0x80 | ((c >> 6) & 0x3F));
      out += char(0x80 | (c & 0x3F));
    }
  };
  ++i;
  while (i < s.size() && s[i] != '"') {
    char c = s[i++];
    if (c != '\\') {
      out += c;
      continue;
    }
    char e = s[i++];
    switch (e) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'u': {
        uint32_t c1 = uint32_t(std::stoul(s.substr(i, 4), nullptr, 16));
        i += 4;
        if (c1 >= 0xD800 && c1 < 0xDC00 && s.compare(i, 2, "\\u") == 0) {  // surrogate pair
          uint32_t c2 = uint32_t(std::stoul(s.substr(i + 2, 4), nullptr, 16));
          i += 6;
          c1 = 0x10000 + ((c1 - 0xD800) << 10) + (c2 - 0xDC00);
        }
        put_utf8(c1);
        break;
      }
      default: out += e;  // \" \\ \/
    }
  }
  ++i;
  return out;
}

// One line of the file: a flat object of string and integer fields.
std::map<std::string, std::string> json_object(const std::string& line) {
  std::map<std::string, std::string> obj;
  size_t i = line.find('{') + 1;
  while (i < line.size()) {
    while (i < line.size() && line[i] != '"' && line[i] != '}') ++i;
    if (i >= line.size() || line[i] == '}') break;
    std::string key = json_string(line, i);
    i = line.find(':', i) + 1;
    while (line[i] == ' ') ++i;
    if (line[i] == '"') {
      obj[key] = json_string(line, i);
    } else {
      size_t j = line.find_first_of(",}", i);
      obj[key] = line.substr(i, j - i);
      i = j;
    }
  }
  return obj;
}

// tests/data beside this file's folder, or under the working directory.
std::ifstream open_data(const std::string& name) {
  std::string here = __FILE__;
  std::vector<std::string> dirs = {here.substr(0, here.find_last_of('/') + 1) + "../data/", "tests/data/"};
  for (const auto& d : dirs) {
    std::ifstream f(d + name, std::ios::binary);
    if (f) return f;
  }
  return std::ifstream();
}

}  // namespace

TEST_CASE("PyTorch 2.6 reference probes: printing, views, creation, reductions, indexing, messages",
          "[torch][reference]") {
  std::map<std::string, std::string> pending;  // name -> owning issue
  {
    std::ifstream pf = open_data("torch_reference_pending.txt");
    std::string line;
    while (std::getline(pf, line)) {
      if (line.empty() || line[0] == '#') continue;
      size_t tab = line.find('\t');
      pending[line.substr(tab + 1)] = line.substr(0, tab);
    }
  }
  std::ifstream f = open_data("torch_reference.jsonl");
  REQUIRE(f.good());
  std::string line;
  int run = 0;
  while (std::getline(f, line)) {
    if (line.empty()) continue;
    auto c = json_object(line);
    const std::string name = c["name"], code = c["code"], expected = c["expected"];
    program_cases::Case pc{name.c_str(), std::stoi(c["mode"]), code.c_str(), expected.c_str()};
    INFO(name << "\n" << code);
    std::string got = program_cases::run_case(pc);
    if (pending.count(name)) {
      INFO("pending (issue " << pending[name] << "): now matches, drop it from torch_reference_pending.txt");
      CHECK(got != expected);
    } else {
      CHECK(got == expected);
    }
    ++run;
  }
  CHECK(run >= 100);
}
