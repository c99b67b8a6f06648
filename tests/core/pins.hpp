// Pins: reference values that engine-level tests compare against, recorded by
// the reference instead of typed into C++. A pin is a corpus program
// (tests/tools/lang/corpus/pins_<room>.txt, "### name" then code) whose
// printed text tests/tools/lang/harness.py records through
// ../shared/oracle/refpy into tests/data/lang/pins_<room>.jsonl, so every
// expected number below a test is traceable to one refpy run. The same
// programs also run through the interpreter in test_corpus.cpp.
//
// A pin's text is read as whitespace-separated tokens: Python reprs of floats
// (round-trip exact, so doubles compare with ==) or ints; `text` returns it
// whole. Invariant: a missing topic or name fails the test that asks for it.
#pragma once
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tests/core/program_cases.hpp"

namespace pins {

// The recorded text of program `name` in tests/data/lang/<topic>.jsonl.
inline std::string text(const std::string& topic, const std::string& name) {
  static std::map<std::string, std::map<std::string, std::string>> cache;
  auto it = cache.find(topic);
  if (it == cache.end()) {
    std::map<std::string, std::string> by_name;
    for (const auto& r : program_cases::read_jsonl("lang/" + topic + ".jsonl"))
      by_name[program_cases::field(r, "name")] = program_cases::field(r, "expected");
    it = cache.emplace(topic, std::move(by_name)).first;
  }
  auto p = it->second.find(name);
  INFO("pin " << topic << "/" << name);
  REQUIRE(p != it->second.end());
  return p->second;
}

// Line k (from 0) of the pin's text, without its newline.
inline std::string line(const std::string& topic, const std::string& name, size_t k) {
  std::string t = text(topic, name);
  size_t pos = 0;
  for (size_t i = 0; i < k; ++i) {
    pos = t.find('\n', pos);
    INFO("pin " << topic << "/" << name << " has no line " << k);
    REQUIRE(pos != std::string::npos);
    ++pos;
  }
  size_t end = t.find('\n', pos);
  return t.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
}

// A shape or strides as Python prints a tuple: (4, 3, 2), (40,), ().
inline std::string tuple_text(const std::vector<int64_t>& v) {
  std::string out = "(";
  for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + std::to_string(v[i]);
  return out + (v.size() == 1 ? ",)" : ")");
}

inline std::vector<std::string> tokens(const std::string& topic, const std::string& name) {
  std::istringstream in(text(topic, name));
  std::vector<std::string> out;
  for (std::string t; in >> t;) out.push_back(t);
  return out;
}

inline std::vector<double> doubles(const std::string& topic, const std::string& name) {
  std::vector<double> out;
  for (const std::string& t : tokens(topic, name)) {
    char* end = nullptr;
    out.push_back(std::strtod(t.c_str(), &end));
    INFO("pin " << topic << "/" << name << ": token '" << t << "' is not a float");
    REQUIRE(*end == '\0');
  }
  return out;
}

inline double number(const std::string& topic, const std::string& name) {
  auto v = doubles(topic, name);
  INFO("pin " << topic << "/" << name << " holds " << v.size() << " values, not 1");
  REQUIRE(v.size() == 1);
  return v[0];
}

// Integers; values above INT64_MAX (uint64 pins) wrap to their two's complement.
inline std::vector<int64_t> ints(const std::string& topic, const std::string& name) {
  std::vector<int64_t> out;
  for (const std::string& t : tokens(topic, name)) {
    char* end = nullptr;
    out.push_back(t[0] == '-' ? int64_t(std::strtoll(t.c_str(), &end, 10)) : int64_t(std::strtoull(t.c_str(), &end, 10)));
    INFO("pin " << topic << "/" << name << ": token '" << t << "' is not an integer");
    REQUIRE(*end == '\0');
  }
  return out;
}

}  // namespace pins
