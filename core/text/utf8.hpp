// text/utf8: the engine's one UTF-8 codec. Python's str values, the lexer's
// source text and every message are UTF-8 in the engine; NumPy's 'U' elements
// are UCS-4 code points (core/text/flexible.hpp converts between the two).
//
// Invariant: the engine's strings are valid UTF-8 (the lexer and the str
// methods make them), so decoding needs no error path; encoding writes the
// shortest form of each code point.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sl {

// Appends code point c (< 0x110000) as 1 to 4 bytes.
void append_utf8(std::string& out, uint32_t c);
// The code points of UTF-8 text.
std::vector<uint32_t> decode_utf8(const std::string& s);
// Number of code points in UTF-8 text (column widths in printing, len(str)).
size_t utf8_len(const std::string& s);
// Whether every byte is ASCII: then byte offsets are code point indices.
bool is_ascii(const std::string& s);
// The byte offset where each code point starts, and s.size() last (n + 1
// entries): indexing by code point without decoding the text.
std::vector<size_t> utf8_starts(const std::string& s);

}  // namespace sl
