// fuzz_parse: any bytes -> the lexer and parser (core/lang/lexer, parser).
//
// Contract under test: parsing never crashes, never hangs, never reads out of
// bounds and never lets a non-Python exception escape. Every rejection is a
// PyError (SyntaxError, IndentationError, RecursionError "during compilation",
// ...). Both entry points are driven: parse_module (what Interp::run calls) and
// parse_expression (what f-string replacement fields use).
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/model/error.hpp"
#include "core/lang/parse/parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return -1;  // reject huge inputs: they only slow the search down
  std::string src(reinterpret_cast<const char*>(data), size);
  try {
    auto mod = sl::lang::parse_module(src);
    (void)mod;
  } catch (const sl::PyError&) {
  }
  // The first line on its own as an expression (f-string field parsing).
  std::string first = src.substr(0, src.find('\n'));
  try {
    auto e = sl::lang::parse_expression(first, 1, 0);
    (void)e;
  } catch (const sl::PyError&) {
  }
  return 0;
}
