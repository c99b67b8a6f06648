// json_writer: the one way core/api writes JSON text.
//
// Owns: the output buffer and the comma/nesting bookkeeping. The caller states
// structure (begin_object / key / value / end_object ...) and never writes a
// quote or a comma itself.
//
// Invariant: whatever sequence of calls a correct caller makes, the text is
// valid JSON; every string (keys included) goes through string(), which
// escapes control characters and replaces each byte that does not start a
// valid UTF-8 sequence with U+FFFD, so arbitrary bytes from Python strings
// cannot break the page's JSON.parse. Numbers are integers or finite doubles
// (non-finite doubles are the caller's business: jsonvalue writes them as
// {"$float":...}).
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sl {

class JsonWriter {
 public:
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  // An object member's name; the next value (or begin_*) is its value.
  JsonWriter& key(const std::string& k);

  JsonWriter& value(const std::string& s);
  JsonWriter& value(const char* s) { return value(std::string(s)); }
  JsonWriter& value(bool b);
  JsonWriter& value(int v) { return value(int64_t(v)); }
  JsonWriter& value(int64_t v);
  JsonWriter& value(uint64_t v);
  JsonWriter& value(double d);  // finite: shortest round-trip form (%.17g)
  JsonWriter& null();
  JsonWriter& ints(std::span<const int64_t> v);  // [1,2,3]
  JsonWriter& ints(const std::vector<int64_t>& v) { return ints(std::span<const int64_t>(v)); }
  // Pre-made JSON text (a nested document from another writer).
  JsonWriter& raw(const std::string& json);

  // key(k).value(v) in one call.
  template <class T>
  JsonWriter& field(const std::string& k, const T& v) {
    key(k);
    return value(v);
  }

  const std::string& str() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  void before_value();
  std::string out_;
  // One entry per open container: true once it holds a member (comma needed).
  std::vector<bool> nonempty_;
  bool after_key_ = false;
};

// JSON string literal for UTF-8 text (invalid bytes become U+FFFD).
std::string json_string(const std::string& s);

}  // namespace sl
