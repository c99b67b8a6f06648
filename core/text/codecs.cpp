// text/codecs: see codecs.hpp.
#include "core/text/codecs.hpp"

#include <cctype>
#include <cstdio>

namespace sl {

namespace {

struct Alias {
  const char* name;  // normalized: lower case, runs of punctuation as one '_'
  CodecId id;
};
// encodings/aliases.py's rows for the codecs below, and the codecs' own names.
const Alias kAliases[] = {
    {"utf_8", CodecId::Utf8},       {"utf8", CodecId::Utf8},          {"u8", CodecId::Utf8},
    {"utf", CodecId::Utf8},         {"cp65001", CodecId::Utf8},       {"utf8_ucs2", CodecId::Utf8},
    {"utf8_ucs4", CodecId::Utf8},   {"utf_16", CodecId::Utf16},       {"utf16", CodecId::Utf16},
    {"u16", CodecId::Utf16},        {"utf_16_le", CodecId::Utf16LE},  {"utf_16le", CodecId::Utf16LE},
    {"unicodelittleunmarked", CodecId::Utf16LE}, {"utf_16_be", CodecId::Utf16BE}, {"utf_16be", CodecId::Utf16BE},
    {"unicodebigunmarked", CodecId::Utf16BE},    {"utf_32", CodecId::Utf32},      {"utf32", CodecId::Utf32},
    {"u32", CodecId::Utf32},        {"utf_32_le", CodecId::Utf32LE},  {"utf_32le", CodecId::Utf32LE},
    {"utf_32_be", CodecId::Utf32BE}, {"utf_32be", CodecId::Utf32BE},  {"latin_1", CodecId::Latin1},
    {"latin1", CodecId::Latin1},    {"latin", CodecId::Latin1},       {"l1", CodecId::Latin1},
    {"iso8859_1", CodecId::Latin1}, {"iso_8859_1", CodecId::Latin1},  {"iso_8859_1_1987", CodecId::Latin1},
    {"iso_ir_100", CodecId::Latin1}, {"8859", CodecId::Latin1},       {"cp819", CodecId::Latin1},
    {"ibm819", CodecId::Latin1},    {"csisolatin1", CodecId::Latin1}, {"ascii", CodecId::Ascii},
    {"us_ascii", CodecId::Ascii},   {"646", CodecId::Ascii},          {"us", CodecId::Ascii},
    {"ansi_x3.4_1968", CodecId::Ascii}, {"ansi_x3_4_1968", CodecId::Ascii}, {"ansi_x3.4_1986", CodecId::Ascii},
    {"cp367", CodecId::Ascii},      {"csascii", CodecId::Ascii},      {"ibm367", CodecId::Ascii},
    {"iso646_us", CodecId::Ascii},  {"iso_646.irv_1991", CodecId::Ascii}, {"iso_ir_6", CodecId::Ascii},
};

// encodings.normalize_encoding, lower-cased as codecs.lookup does first:
// every run of characters other than ASCII letters, digits and '.' becomes
// one '_' between the kept parts.
std::string normalize(const std::string& name) {
  std::string out;
  bool punct = false;
  for (unsigned char c : name) {
    const bool keep = (c < 0x80 && isalnum(c)) || c == '.';
    if (keep) {
      if (punct && !out.empty()) out += '_';
      out += char(tolower(c));
      punct = false;
    } else {
      punct = true;
    }
  }
  return out;
}

bool is_surrogate(uint32_t c) { return c >= 0xd800 && c <= 0xdfff; }

void put16(std::string& out, uint32_t u, bool be) {
  out += char(be ? u >> 8 : u & 0xff);
  out += char(be ? u & 0xff : u >> 8);
}
void put32(std::string& out, uint32_t u, bool be) {
  for (int k = 0; k < 4; ++k) out += char(u >> (8 * (be ? 3 - k : k)));
}

// Writes code point c in the codec's own form (no checks).
void put_unit(std::string& out, CodecId codec, uint32_t c) {
  switch (codec) {
    case CodecId::Utf8: {
      if (c < 0x80) out += char(c);
      else if (c < 0x800) {
        out += char(0xc0 | (c >> 6));
        out += char(0x80 | (c & 0x3f));
      } else if (c < 0x10000) {
        out += char(0xe0 | (c >> 12));
        out += char(0x80 | ((c >> 6) & 0x3f));
        out += char(0x80 | (c & 0x3f));
      } else {
        out += char(0xf0 | (c >> 18));
        out += char(0x80 | ((c >> 12) & 0x3f));
        out += char(0x80 | ((c >> 6) & 0x3f));
        out += char(0x80 | (c & 0x3f));
      }
      return;
    }
    case CodecId::Utf16:
    case CodecId::Utf16LE:
    case CodecId::Utf16BE: {
      const bool be = codec == CodecId::Utf16BE;
      if (c >= 0x10000) {
        put16(out, 0xd800 | ((c - 0x10000) >> 10), be);
        put16(out, 0xdc00 | ((c - 0x10000) & 0x3ff), be);
      } else {
        put16(out, c, be);
      }
      return;
    }
    case CodecId::Utf32:
    case CodecId::Utf32LE:
    case CodecId::Utf32BE: put32(out, c, codec == CodecId::Utf32BE); return;
    case CodecId::Latin1:
    case CodecId::Ascii: out += char(c); return;
  }
}

bool is_utf(CodecId c) { return c != CodecId::Latin1 && c != CodecId::Ascii; }

// Can the codec write c at all (strict)? Its reason when not.
const char* unencodable(CodecId codec, uint32_t c) {
  if (codec == CodecId::Ascii) return c < 0x80 ? nullptr : "ordinal not in range(128)";
  if (codec == CodecId::Latin1) return c < 0x100 ? nullptr : "ordinal not in range(256)";
  return is_surrogate(c) ? "surrogates not allowed" : nullptr;
}

void append_hex(std::string& out, const char* fmt, uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, fmt, v);
  out += buf;
}

// The encode handlers (Python/codecs.c): what replaces cps[start, end), or false.
bool encode_replacement(const std::vector<uint32_t>& cps, size_t start, size_t end, CodecId codec, ErrorHandler h,
                        std::string& out) {
  switch (h) {
    case ErrorHandler::Ignore: return true;
    case ErrorHandler::Replace:
      for (size_t k = start; k < end; ++k) put_unit(out, codec, '?');
      return true;
    case ErrorHandler::BackslashReplace:
    case ErrorHandler::XmlCharRefReplace:
      for (size_t k = start; k < end; ++k) {
        std::string text;
        const uint32_t c = cps[k];
        if (h == ErrorHandler::XmlCharRefReplace) append_hex(text, "&#%u;", c);
        else append_hex(text, c < 0x100 ? "\\x%02x" : c < 0x10000 ? "\\u%04x" : "\\U%08x", c);
        for (char ch : text) put_unit(out, codec, uint32_t(ch));
      }
      return true;
    case ErrorHandler::SurrogateEscape: {
      // U+DC80..U+DCFF stand for the bytes 0x80..0xFF; anything else fails
      std::string bytes;
      for (size_t k = start; k < end; ++k) {
        if (cps[k] < 0xdc80 || cps[k] > 0xdcff) return false;
        bytes += char(cps[k] - 0xdc00);
      }
      out += bytes;
      return true;
    }
    case ErrorHandler::SurrogatePass: {
      if (!is_utf(codec)) return false;
      std::string units;
      for (size_t k = start; k < end; ++k) {
        if (!is_surrogate(cps[k])) return false;
        if (codec == CodecId::Utf8) put_unit(units, codec, cps[k]);
        else if (codec == CodecId::Utf16 || codec == CodecId::Utf16LE || codec == CodecId::Utf16BE) put16(units, cps[k], codec == CodecId::Utf16BE);
        else put32(units, cps[k], codec == CodecId::Utf32BE);
      }
      out += units;
      return true;
    }
    case ErrorHandler::Strict:
    case ErrorHandler::Unknown: return false;
  }
  return false;
}

void fail(CodecError& err, CodecId codec, size_t start, size_t end, const char* reason, ErrorHandler h) {
  err.failed = true;
  err.unknown_handler = h == ErrorHandler::Unknown;
  err.codec = codec;
  err.start = start;
  err.end = end;
  err.reason = reason;
}

// One UTF-8 sequence at s[i..]: its code point and length, or an error kind
// (Objects/stringlib/codecs.h utf8_decode): 0 truncated but valid so far
// ("unexpected end of data"), 1 invalid start byte, k >= 2 invalid
// continuation after k - 1 good bytes.
int utf8_step(std::string_view s, size_t i, uint32_t& cp, size_t& len) {
  const auto at = [&](size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const auto cont = [](unsigned char c) { return (c & 0xc0) == 0x80; };
  const size_t left = s.size() - i;
  const unsigned char c = at(0);
  if (c < 0x80) {
    cp = c;
    len = 1;
    return -1;
  }
  if (c < 0xc2) return 1;
  if (c < 0xe0) {
    if (left < 2) return 0;
    if (!cont(at(1))) return 2;
    cp = (c & 0x1fu) << 6 | (at(1) & 0x3fu);
    len = 2;
    return -1;
  }
  if (c < 0xf0) {
    if (left < 2) return 0;
    const unsigned char c2 = at(1);
    if (!cont(c2) || (c2 < 0xa0 ? c == 0xe0 : c == 0xed)) return 2;
    if (left < 3) return 0;
    if (!cont(at(2))) return 3;
    cp = (c & 0x0fu) << 12 | (c2 & 0x3fu) << 6 | (at(2) & 0x3fu);
    len = 3;
    return -1;
  }
  if (c < 0xf5) {
    if (left < 2) return 0;
    const unsigned char c2 = at(1);
    if (!cont(c2) || (c2 < 0x90 ? c == 0xf0 : c == 0xf4)) return 2;
    if (left < 3) return 0;
    if (!cont(at(2))) return 3;
    if (left < 4) return 0;
    if (!cont(at(3))) return 4;
    cp = (c & 0x07u) << 18 | (c2 & 0x3fu) << 12 | (at(2) & 0x3fu) << 6 | (at(3) & 0x3fu);
    len = 4;
    return -1;
  }
  return 1;
}

// The decode handlers: what stands for in[start, end) and where decoding
// resumes (`resume`), or false. surrogatepass reads one encoded surrogate at
// `start` in the codec's own form.
bool decode_replacement(std::string_view in, size_t start, size_t end, CodecId codec, ErrorHandler h,
                        std::vector<uint32_t>& out, size_t& resume) {
  resume = end;
  switch (h) {
    case ErrorHandler::Ignore: return true;
    case ErrorHandler::Replace: out.push_back(0xfffd); return true;
    case ErrorHandler::BackslashReplace:
      for (size_t k = start; k < end; ++k) {
        std::string t;
        append_hex(t, "\\x%02x", static_cast<unsigned char>(in[k]));
        for (char c : t) out.push_back(uint32_t(c));
      }
      return true;
    case ErrorHandler::SurrogateEscape: {
      std::vector<uint32_t> esc;
      for (size_t k = start; k < end; ++k) {
        const unsigned char b = static_cast<unsigned char>(in[k]);
        if (b < 0x80) return false;
        esc.push_back(0xdc00 + b);
      }
      out.insert(out.end(), esc.begin(), esc.end());
      return true;
    }
    case ErrorHandler::SurrogatePass: {
      const auto b = [&](size_t k) { return uint32_t(static_cast<unsigned char>(in[start + k])); };
      const size_t left = in.size() - start;
      uint32_t c = 0;
      size_t n = 0;
      if (codec == CodecId::Utf8) {
        if (left >= 3 && (b(0) & 0xf0) == 0xe0 && (b(1) & 0xc0) == 0x80 && (b(2) & 0xc0) == 0x80) {
          c = (b(0) & 0x0f) << 12 | (b(1) & 0x3f) << 6 | (b(2) & 0x3f);
          n = 3;
        }
      } else if (codec == CodecId::Utf16LE || codec == CodecId::Utf16BE) {
        if (left >= 2) c = codec == CodecId::Utf16BE ? b(0) << 8 | b(1) : b(1) << 8 | b(0), n = 2;
      } else if (codec == CodecId::Utf32LE || codec == CodecId::Utf32BE) {
        if (left >= 4)
          c = codec == CodecId::Utf32BE ? b(0) << 24 | b(1) << 16 | b(2) << 8 | b(3) : b(3) << 24 | b(2) << 16 | b(1) << 8 | b(0), n = 4;
      }
      if (n == 0 || !is_surrogate(c)) return false;
      out.push_back(c);
      resume = start + n;
      return true;
    }
    case ErrorHandler::Strict:
    case ErrorHandler::Unknown: return false;
  }
  return false;
}

bool decode_utf8_bytes(std::string_view in, ErrorHandler h, std::vector<uint32_t>& out, CodecError& err) {
  for (size_t i = 0; i < in.size();) {
    uint32_t cp = 0;
    size_t len = 0;
    const int r = utf8_step(in, i, cp, len);
    if (r < 0) {
      out.push_back(cp);
      i += len;
      continue;
    }
    const size_t end = r == 0 ? in.size() : r == 1 ? i + 1 : i + size_t(r) - 1;
    const char* reason = r == 0 ? "unexpected end of data" : r == 1 ? "invalid start byte" : "invalid continuation byte";
    size_t resume;
    if (!decode_replacement(in, i, end, CodecId::Utf8, h, out, resume)) {
      fail(err, CodecId::Utf8, i, end, reason, h);
      return false;
    }
    i = resume;
  }
  return true;
}

// UTF-16 and UTF-32 (PyUnicode_DecodeUTF16Stateful / DecodeUTF32Stateful):
// the BOM, when the codec reads one, sets the byte order (little-endian when
// absent) and the name the errors carry ("utf-16-le").
bool decode_utf16_32(std::string_view in, CodecId codec, ErrorHandler h, std::vector<uint32_t>& out, CodecError& err) {
  const bool wide = codec == CodecId::Utf32 || codec == CodecId::Utf32LE || codec == CodecId::Utf32BE;
  const size_t unit = wide ? 4 : 2;
  bool be = codec == CodecId::Utf16BE || codec == CodecId::Utf32BE;
  size_t i = 0;
  const auto u8 = [&](size_t k) { return uint32_t(static_cast<unsigned char>(in[k])); };
  const auto read = [&](size_t k) {
    if (wide) return be ? u8(k) << 24 | u8(k + 1) << 16 | u8(k + 2) << 8 | u8(k + 3) : u8(k + 3) << 24 | u8(k + 2) << 16 | u8(k + 1) << 8 | u8(k);
    return be ? u8(k) << 8 | u8(k + 1) : u8(k + 1) << 8 | u8(k);
  };
  if ((codec == CodecId::Utf16 || codec == CodecId::Utf32) && in.size() >= unit) {
    be = false;
    const uint32_t bom = read(0);
    if (bom == 0xfeff) i = unit;
    else if ((wide && bom == 0xfffe0000u) || (!wide && bom == 0xfffe)) be = true, i = unit;
  }
  const CodecId named = wide ? (be ? CodecId::Utf32BE : CodecId::Utf32LE) : (be ? CodecId::Utf16BE : CodecId::Utf16LE);
  while (i < in.size()) {
    size_t end = 0;
    const char* reason = nullptr;
    if (in.size() - i < unit) {
      end = in.size();
      reason = "truncated data";
    } else if (wide) {
      const uint32_t c = read(i);
      if (c < 0x110000 && !is_surrogate(c)) {
        out.push_back(c);
        i += 4;
        continue;
      }
      end = i + 4;
      reason = c >= 0x110000 ? "code point not in range(0x110000)" : "code point in surrogate code point range(0xd800, 0xe000)";
    } else {
      const uint32_t c = read(i);
      if (!is_surrogate(c)) {
        out.push_back(c);
        i += 2;
        continue;
      }
      end = i + 2;
      if (c >= 0xdc00) reason = "illegal encoding";
      else if (in.size() - i < 4) reason = in.size() - i == 2 ? "unexpected end of data" : "illegal UTF-16 surrogate";
      else {
        const uint32_t d = read(i + 2);
        if (d >= 0xdc00 && d <= 0xdfff) {
          out.push_back(0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00));
          i += 4;
          continue;
        }
        reason = "illegal UTF-16 surrogate";
      }
      if (std::string(reason) == "unexpected end of data") end = in.size();
    }
    size_t resume;
    if (!decode_replacement(in, i, end, named, h, out, resume)) {
      fail(err, named, i, end, reason, h);
      return false;
    }
    i = resume;
  }
  return true;
}

std::string char_escape(uint32_t c) {
  std::string t;
  append_hex(t, c < 0x100 ? "\\x%02x" : c < 0x10000 ? "\\u%04x" : "\\U%08x", c);
  return t;
}

}  // namespace

bool lookup_codec(const std::string& name, CodecId& out) {
  const std::string n = normalize(name);
  std::string alt = n;
  for (auto& c : alt)
    if (c == '.') c = '_';
  for (const auto& a : kAliases) {
    if (n == a.name || alt == a.name) {
      out = a.id;
      return true;
    }
  }
  return false;
}

const char* codec_name(CodecId c) {
  switch (c) {
    case CodecId::Utf8: return "utf-8";
    case CodecId::Utf16: return "utf-16";
    case CodecId::Utf16LE: return "utf-16-le";
    case CodecId::Utf16BE: return "utf-16-be";
    case CodecId::Utf32: return "utf-32";
    case CodecId::Utf32LE: return "utf-32-le";
    case CodecId::Utf32BE: return "utf-32-be";
    case CodecId::Latin1: return "latin-1";
    case CodecId::Ascii: return "ascii";
  }
  return "utf-8";
}

ErrorHandler lookup_handler(const std::string& name) {
  static const std::pair<const char*, ErrorHandler> kNames[] = {
      {"strict", ErrorHandler::Strict},
      {"ignore", ErrorHandler::Ignore},
      {"replace", ErrorHandler::Replace},
      {"backslashreplace", ErrorHandler::BackslashReplace},
      {"xmlcharrefreplace", ErrorHandler::XmlCharRefReplace},
      {"surrogateescape", ErrorHandler::SurrogateEscape},
      {"surrogatepass", ErrorHandler::SurrogatePass},
  };
  for (const auto& [n, h] : kNames)
    if (name == n) return h;
  return ErrorHandler::Unknown;
}

bool encode_text(const std::vector<uint32_t>& cps, CodecId codec, ErrorHandler h, std::string& out, CodecError& err) {
  if (codec == CodecId::Utf16) put16(out, 0xfeff, false);
  if (codec == CodecId::Utf32) put32(out, 0xfeff, false);
  for (size_t i = 0; i < cps.size();) {
    const char* reason = unencodable(codec, cps[i]);
    if (!reason) {
      put_unit(out, codec, cps[i++]);
      continue;
    }
    // the run of characters the codec cannot write, as one error
    size_t end = i + 1;
    while (end < cps.size() && unencodable(codec, cps[end])) ++end;
    if (!encode_replacement(cps, i, end, codec, h, out)) {
      fail(err, codec, i, end, reason, h);
      return false;
    }
    i = end;
  }
  return true;
}

bool decode_bytes(std::string_view in, CodecId codec, ErrorHandler h, std::vector<uint32_t>& out, CodecError& err) {
  switch (codec) {
    case CodecId::Utf8: return decode_utf8_bytes(in, h, out, err);
    case CodecId::Latin1:
      for (char c : in) out.push_back(static_cast<unsigned char>(c));
      return true;
    case CodecId::Ascii:
      for (size_t i = 0; i < in.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(in[i]);
        if (c < 0x80) {
          out.push_back(c);
          continue;
        }
        size_t resume;
        if (!decode_replacement(in, i, i + 1, codec, h, out, resume)) {
          fail(err, codec, i, i + 1, "ordinal not in range(128)", h);
          return false;
        }
      }
      return true;
    default: return decode_utf16_32(in, codec, h, out, err);
  }
}

std::string encode_error_message(const std::string& encoding, const std::vector<uint32_t>& cps, size_t start, size_t end,
                                 const std::string& reason) {
  std::string m = "'" + encoding + "' codec can't encode ";
  if (start < cps.size() && end == start + 1) m += "character '" + char_escape(cps[start]) + "' in position " + std::to_string(start);
  else m += "characters in position " + std::to_string(start) + "-" + std::to_string(end - 1);
  return m + ": " + reason;
}

std::string decode_error_message(const std::string& encoding, std::string_view bytes, size_t start, size_t end,
                                 const std::string& reason) {
  std::string m = "'" + encoding + "' codec can't decode ";
  if (start < bytes.size() && end == start + 1) {
    append_hex(m, "byte 0x%02x", static_cast<unsigned char>(bytes[start]));
    m += " in position " + std::to_string(start);
  } else {
    m += "bytes in position " + std::to_string(start) + "-" + std::to_string(end - 1);
  }
  return m + ": " + reason;
}

}  // namespace sl
