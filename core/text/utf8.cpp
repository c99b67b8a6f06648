// text/utf8: see utf8.hpp.
#include "core/text/utf8.hpp"

#include <cstring>

namespace sl {

void append_utf8(std::string& out, uint32_t c) {
  if (c < 0x80) {
    out += char(c);
  } else if (c < 0x800) {
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
}


std::vector<uint32_t> decode_utf8(const std::string& s) {
  std::vector<uint32_t> cps;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = s[i];
    int n = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    uint32_t v = n == 1 ? c : n == 2 ? c & 0x1f : n == 3 ? c & 0x0f : c & 0x07;
    for (int k = 1; k < n && i + k < s.size(); ++k) v = v << 6 | (uint8_t(s[i + k]) & 0x3f);
    cps.push_back(v);
    i += n;
  }
  return cps;
}

size_t utf8_len(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xc0) != 0x80;
  return n;
}

bool is_ascii(const std::string& s) {
  // eight bytes at a time: no byte with its high bit set
  size_t i = 0;
  const size_t n = s.size();
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    if (w & 0x8080808080808080ull) return false;
  }
  for (; i < n; ++i)
    if ((unsigned char)s[i] & 0x80) return false;
  return true;
}

std::vector<size_t> utf8_starts(const std::string& s) {
  std::vector<size_t> at;
  at.reserve(s.size() + 1);
  for (size_t i = 0; i < s.size(); ++i)
    if (((unsigned char)s[i] & 0xc0) != 0x80) at.push_back(i);
  at.push_back(s.size());
  return at;
}

}  // namespace sl
