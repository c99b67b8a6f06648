// text/codecs: the text encodings CPython ships for tutorials -- utf-8,
// utf-16 and utf-32 (with a BOM, and the -le/-be forms without), latin-1 and
// ascii -- with the standard error handlers (strict, ignore, replace,
// backslashreplace, xmlcharrefreplace, surrogateescape, surrogatepass).
// Mirrors CPython's Objects/unicodeobject.c (PyUnicode_Encode*/Decode*,
// the UTF-8 decoder of Objects/stringlib/codecs.h) and Python/codecs.c (the
// handlers), and encodings.normalize_encoding plus encodings/aliases.py for
// the names.
//
// Note [Code points]
// A Python str is a sequence of code points 0..0x10FFFF, lone surrogates
// (U+D800..U+DFFF) included: '\ud83d' is one code point, and
// '\ud83d\ude00' is two (CPython never pairs them). The engine keeps a str as
// UTF-8 in which a surrogate is written in its 3-byte form (ED A0..BF xx),
// the one byte string per code point that append_utf8 writes, so every
// code point count, index and slice stays a count of lead bytes. Such a str is
// not valid UTF-8 and never leaves the engine as text: encoding it to UTF-8
// with the strict handler fails with "surrogates not allowed", as CPython's
// does (and so does printing it).
//
// Invariant: decoding and encoding are pure functions of (bytes or code
// points, encoding, handler); a failure the handler does not absorb is
// returned as a CodecError (the caller raises UnicodeEncodeError or
// UnicodeDecodeError with its fields); nothing here throws.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sl {

enum class CodecId { Utf8, Utf16, Utf16LE, Utf16BE, Utf32, Utf32LE, Utf32BE, Latin1, Ascii };

// encodings.normalize_encoding + the alias table: 'UTF8', 'utf_8', 'U8' -> Utf8;
// 'latin1', 'ISO-8859-1', 'l1' -> Latin1. False: unknown encoding.
bool lookup_codec(const std::string& name, CodecId& out);
// The codec's name as CPython's errors print it: "utf-8", "utf-16-le", "latin-1".
const char* codec_name(CodecId c);

enum class ErrorHandler { Strict, Ignore, Replace, BackslashReplace, XmlCharRefReplace, SurrogateEscape, SurrogatePass, Unknown };
// Unknown names are only an error once a handler is needed (CPython looks
// handlers up lazily): `'a'.encode('ascii', 'nope')` succeeds.
ErrorHandler lookup_handler(const std::string& name);

// A failure: the codec, the half-open range [start, end) of code points
// (encoding) or bytes (decoding) it could not convert, and CPython's reason.
// unknown_handler: the handler's name was unknown (LookupError).
struct CodecError {
  bool failed = false;
  bool unknown_handler = false;
  CodecId codec = CodecId::Utf8;
  size_t start = 0, end = 0;
  std::string reason;
};

// Code points -> bytes. False (and err filled) when the handler gave up.
bool encode_text(const std::vector<uint32_t>& cps, CodecId codec, ErrorHandler h, std::string& out, CodecError& err);
// Bytes -> code points.
bool decode_bytes(std::string_view in, CodecId codec, ErrorHandler h, std::vector<uint32_t>& out, CodecError& err);

// CPython's UnicodeEncodeError / UnicodeDecodeError str():
// "'ascii' codec can't encode character '\xe9' in position 0: ordinal not in range(128)",
// "'utf-8' codec can't decode bytes in position 0-1: invalid continuation byte".
// `cps` / `bytes` are the object the error is about.
std::string encode_error_message(const std::string& encoding, const std::vector<uint32_t>& cps, size_t start, size_t end,
                                 const std::string& reason);
std::string decode_error_message(const std::string& encoding, std::string_view bytes, size_t start, size_t end,
                                 const std::string& reason);

}  // namespace sl
