// Text codecs (core/text/codecs): every code point round-trips through each
// UTF codec and latin-1; surrogateescape gives any byte string back; the
// error ranges and reasons of the decoders and the output of every handler
// match CPython's, read from the pins_codecs programs that the reference
// recorded (tests/tools/lang/corpus/pins_codecs.txt).
#include <catch2/catch.hpp>

#include <cstdio>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/text/codecs.hpp"
#include "tests/core/pins.hpp"

using namespace sl;

namespace {

std::string hex(const std::string& b) {
  std::string out;
  char buf[4];
  for (unsigned char c : b) {
    std::snprintf(buf, sizeof buf, "%02x", c);
    out += buf;
  }
  return out;
}

std::string unhex(const std::string& h) {
  std::string out;
  for (size_t i = 0; i + 1 < h.size(); i += 2) out += char(std::stoi(h.substr(i, 2), nullptr, 16));
  return out;
}

CodecId codec(const std::string& name) {
  CodecId id;
  REQUIRE(lookup_codec(name, id));
  return id;
}

}  // namespace

TEST_CASE("every code point round-trips through the UTF codecs", "[codecs]") {
  std::vector<uint32_t> all;
  for (uint32_t c = 0; c < 0x110000; ++c)
    if (c < 0xd800 || c > 0xdfff) all.push_back(c);
  for (const char* name : {"utf-8", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"}) {
    INFO(name);
    std::string bytes;
    CodecError err;
    REQUIRE(encode_text(all, codec(name), ErrorHandler::Strict, bytes, err));
    std::vector<uint32_t> back;
    REQUIRE(decode_bytes(bytes, codec(name), ErrorHandler::Strict, back, err));
    CHECK(back == all);
  }
  std::vector<uint32_t> latin;
  for (uint32_t c = 0; c < 256; ++c) latin.push_back(c);
  std::string bytes;
  CodecError err;
  REQUIRE(encode_text(latin, codec("latin1"), ErrorHandler::Strict, bytes, err));
  CHECK(bytes.size() == 256);
  std::vector<uint32_t> back;
  REQUIRE(decode_bytes(bytes, codec("L1"), ErrorHandler::Strict, back, err));
  CHECK(back == latin);
}

TEST_CASE("surrogateescape gives any byte string back", "[codecs]") {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    std::string b(size_t(rng() % 24), '\0');
    for (auto& c : b) c = char(rng() % 4 == 0 ? 0x80 + rng() % 0x80 : rng() % 256);
    for (const char* name : {"utf-8", "ascii"}) {
      std::vector<uint32_t> cps;
      CodecError err;
      REQUIRE(decode_bytes(b, codec(name), ErrorHandler::SurrogateEscape, cps, err));
      std::string again;
      REQUIRE(encode_text(cps, codec(name), ErrorHandler::SurrogateEscape, again, err));
      CHECK(hex(again) == hex(b));
    }
  }
}

TEST_CASE("decode error ranges and reasons are CPython's", "[codecs]") {
  std::istringstream pin(pins::text("pins_codecs", "decode errors"));
  int n = 0;
  for (std::string line; std::getline(pin, line);) {
    std::istringstream f(line);
    std::string h, enc, a, b, reason;
    f >> h >> enc >> a;
    std::vector<uint32_t> cps;
    CodecError err;
    const bool ok = decode_bytes(unhex(h), codec(enc), ErrorHandler::Strict, cps, err);
    INFO(line);
    if (a == "ok") {
      CHECK(ok);
      continue;
    }
    f >> b >> reason;
    for (auto& c : reason)
      if (c == '_') c = ' ';
    REQUIRE_FALSE(ok);
    CHECK(err.start == std::stoul(a));
    CHECK(err.end == std::stoul(b));
    CHECK(err.reason == reason);
    ++n;
  }
  CHECK(n > 10);
}

TEST_CASE("decode handlers give CPython's code points", "[codecs]") {
  std::istringstream pin(pins::text("pins_codecs", "decode handlers"));
  for (std::string line; std::getline(pin, line);) {
    std::istringstream f(line);
    std::string h, handler;
    f >> h >> handler;
    std::vector<uint32_t> want;
    for (std::string t; f >> t;) want.push_back(uint32_t(std::stoul(t, nullptr, 16)));
    std::vector<uint32_t> got;
    CodecError err;
    INFO(line);
    REQUIRE(decode_bytes(unhex(h), CodecId::Utf8, lookup_handler(handler), got, err));
    CHECK(got == want);
  }
}

TEST_CASE("encode handlers give CPython's bytes", "[codecs]") {
  const std::vector<uint32_t> s = {'a', 0xe9, 0x20ac, 0xd800, 0xdc80, 0x1f600, 'z'};
  std::istringstream pin(pins::text("pins_codecs", "encode handlers"));
  int n = 0;
  for (std::string line; std::getline(pin, line); ++n) {
    std::istringstream f(line);
    std::string enc, handler, want;
    f >> enc >> handler >> want;
    std::string got;
    CodecError err;
    INFO(line);
    REQUIRE(encode_text(s, codec(enc), lookup_handler(handler), got, err));
    CHECK(hex(got) == want);
  }
  CHECK(n == 20);
}

TEST_CASE("unknown encodings and handlers", "[codecs]") {
  CodecId id;
  CHECK_FALSE(lookup_codec("nope", id));
  CHECK_FALSE(lookup_codec("utf-9", id));
  CHECK(lookup_codec(" UTF--8 ", id));
  CHECK(id == CodecId::Utf8);
  CHECK(lookup_handler("nope") == ErrorHandler::Unknown);
  // an unknown handler matters only once a character fails
  std::string out;
  CodecError err;
  CHECK(encode_text({'a'}, CodecId::Ascii, ErrorHandler::Unknown, out, err));
  CHECK_FALSE(encode_text({0xe9}, CodecId::Ascii, ErrorHandler::Unknown, out, err));
  CHECK(err.unknown_handler);
}
