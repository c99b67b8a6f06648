// text/flexible: see flexible.hpp.
#include "core/text/flexible.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/text/unicode_db.hpp"
#include "core/text/utf8.hpp"

namespace sl {

std::string read_str(const Descr& d, const char* p) {
  std::string out;
  if (d.kind == DType::Str) {
    int64_t n = d.itemsize / 4;
    while (n > 0 && load<uint32_t>(p + 4 * (n - 1)) == 0) --n;
    for (int64_t k = 0; k < n; ++k) append_utf8(out, load<uint32_t>(p + 4 * k));
    return out;
  }
  int64_t n = d.itemsize;
  if (d.kind == DType::Bytes)
    while (n > 0 && p[n - 1] == 0) --n;
  return std::string(p, size_t(n));
}

void write_str(const Descr& d, char* p, const std::string& s) {
  std::memset(p, 0, size_t(d.itemsize));
  if (d.kind == DType::Str) {
    std::vector<uint32_t> cps = decode_utf8(s);
    int64_t n = std::min<int64_t>(int64_t(cps.size()), d.itemsize / 4);
    for (int64_t k = 0; k < n; ++k) store(p + 4 * k, cps[size_t(k)]);
    return;
  }
  std::memcpy(p, s.data(), size_t(std::min<int64_t>(int64_t(s.size()), d.itemsize)));
}

void require_ascii(const std::string& text) {
  std::vector<uint32_t> cps = decode_utf8(text);
  for (size_t k = 0; k < cps.size(); ++k) {
    if (cps[k] < 0x80) continue;
    char buf[16];
    const uint32_t c = cps[k];
    std::snprintf(buf, sizeof buf, c < 0x100 ? "\\x%02x" : c < 0x10000 ? "\\u%04x" : "\\U%08x", unsigned(c));
    raise("UnicodeEncodeError", std::string("'ascii' codec can't encode character '") + buf + "' in position " +
                                    std::to_string(k) + ": ordinal not in range(128)");
  }
}

int compare_str(const Descr& da, const char* a, const Descr& db, const char* b) {
  // Code points (or unsigned bytes) in order; a missing position counts as 0,
  // so trailing NULs never decide (NumPy's string comparison loops).
  bool wide_a = da.kind == DType::Str, wide_b = db.kind == DType::Str;
  int64_t na = wide_a ? da.itemsize / 4 : da.itemsize, nb = wide_b ? db.itemsize / 4 : db.itemsize;
  for (int64_t k = 0; k < std::max(na, nb); ++k) {
    uint32_t x = k < na ? (wide_a ? load<uint32_t>(a + 4 * k) : uint8_t(a[k])) : 0;
    uint32_t y = k < nb ? (wide_b ? load<uint32_t>(b + 4 * k) : uint8_t(b[k])) : 0;
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

// Python's repr of str / bytes text (the quote choice and escapes of unicode_repr / bytes_repr).
std::string py_text_repr(const std::string& s, bool bytes) {
  bool has_sq = s.find('\'') != std::string::npos, has_dq = s.find('"') != std::string::npos;
  char q = has_sq && !has_dq ? '"' : '\'';
  std::string out = bytes ? "b" : "";
  out += q;
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80 && !bytes) {  // one code point: kept when printable, else \xhh, \uhhhh, \Uhhhhhhhh
      const size_t n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
      const uint32_t cp = decode_utf8(s.substr(i, n))[0];
      if (unicode::is_printable(cp)) {
        out.append(s, i, n);
      } else {
        char buf[16];
        std::snprintf(buf, sizeof buf, cp < 0x100 ? "\\x%02x" : cp < 0x10000 ? "\\u%04x" : "\\U%08x", unsigned(cp));
        out += buf;
      }
      i += n - 1;
    } else if (c == q || c == '\\') {
      out += '\\';
      out += char(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c == 0x7f || (bytes && c >= 0x80)) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += char(c);
    }
  }
  return out + q;
}

std::string flexible_text_repr(const Descr& d, const char* p) {
  if (d.kind == DType::Void) {  // NumPy writes every byte as an uppercase \xHH escape
    std::string r = "b'";
    for (int64_t k = 0; k < d.itemsize; ++k) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", uint8_t(p[k]));
      r += buf;
    }
    return r + "'";
  }
  return py_text_repr(read_str(d, p), d.kind == DType::Bytes);
}

}  // namespace sl
