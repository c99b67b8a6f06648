// pyhash: str and tuple hashes as CPython 3.13 computes them (pyhash.hpp).
#include "core/lang/objects/pyhash.hpp"

#include "core/model/descr.hpp"
#include "core/text/utf8.hpp"

#include <algorithm>

namespace sl::lang {

namespace {

uint64_t rotl(uint64_t x, int b) { return (x << b) | (x >> (64 - b)); }

// SipHash-1-3 (Aumasson and Bernstein's SipHash with one compression and
// three finalisation rounds), key (k0, k1), little-endian message words; the
// variant CPython's Python/pyhash.c uses for str and bytes.
uint64_t siphash13(uint64_t k0, uint64_t k1, const uint8_t* p, size_t n) {
  uint64_t v0 = k0 ^ 0x736f6d6570736575ull, v1 = k1 ^ 0x646f72616e646f6dull;
  uint64_t v2 = k0 ^ 0x6c7967656e657261ull, v3 = k1 ^ 0x7465646279746573ull;
  auto round = [&] {
    v0 += v1; v2 += v3; v1 = rotl(v1, 13) ^ v0; v3 = rotl(v3, 16) ^ v2; v0 = rotl(v0, 32);
    v2 += v1; v0 += v3; v1 = rotl(v1, 17) ^ v2; v3 = rotl(v3, 21) ^ v0; v2 = rotl(v2, 32);
  };
  uint64_t b = uint64_t(n) << 56;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t m = 0;
    for (int k = 7; k >= 0; --k) m = (m << 8) | p[i + k];
    v3 ^= m;
    round();
    v0 ^= m;
  }
  uint64_t t = 0;
  for (size_t k = n; k-- > i;) t = (t << 8) | p[k];
  b |= t;
  v3 ^= b;
  round();
  v0 ^= b;
  v2 ^= 0xff;
  round();
  round();
  round();
  return v0 ^ v1 ^ v2 ^ v3;
}


}  // namespace

// CPython hashes a str's canonical PEP 393 storage: one byte per code point
// when all are < 256, two (UCS-2, little-endian) when all are < 65536, else four.
int64_t str_hash(const std::string& s) {
  if (s.empty()) return 0;
  // ASCII text: its UTF-8 bytes are already the one-byte storage
  if (std::all_of(s.begin(), s.end(), [](char c) { return (unsigned char)c < 0x80; })) {
    int64_t h = int64_t(siphash13(0, 0, reinterpret_cast<const uint8_t*>(s.data()), s.size()));
    return h == -1 ? -2 : h;
  }
  std::vector<uint32_t> cps = decode_utf8(s);
  uint32_t top = cps.empty() ? 0 : *std::max_element(cps.begin(), cps.end());
  const int width = top < 0x100 ? 1 : top < 0x10000 ? 2 : 4;
  std::vector<uint8_t> bytes;
  bytes.reserve(cps.size() * width);
  for (uint32_t cp : cps)
    for (int k = 0; k < width; ++k) bytes.push_back(uint8_t(cp >> (8 * k)));
  int64_t h = int64_t(siphash13(0, 0, bytes.data(), bytes.size()));
  return h == -1 ? -2 : h;
}

// tuplehash: acc = P5; per item acc = rotl(acc + h * P2, 31) * P1; then
// acc += len ^ (P5 ^ 3527539), with -1 mapped to 1546275796.
int64_t tuple_hash(const std::vector<int64_t>& item_hashes) {
  const uint64_t P1 = 11400714785074694791ull, P2 = 14029467366897019727ull, P5 = 2870177450012600261ull;
  uint64_t acc = P5;
  for (int64_t h : item_hashes) {
    acc += uint64_t(h) * P2;
    acc = rotl(acc, 31);
    acc *= P1;
  }
  acc += uint64_t(item_hashes.size()) ^ (P5 ^ 3527539ull);
  if (acc == ~uint64_t(0)) return 1546275796;
  return int64_t(acc);
}

// frozenset_hash: each item's hash has its bits shuffled, ((h ^ 89869747) ^
// (h << 16)) * 3644798167, and the results are xor-ed, so that the order of the
// items does not matter; then the count enters, (n + 1) * 1927868237, the bits
// are dispersed (h ^= (h >> 11) ^ (h >> 25); h = h * 69069 + 907133923) so that
// nested frozensets do not collide, and -1 is mapped to 590923713. (CPython xors
// the empty and deleted slots of its table too and cancels them by parity; the
// net value is this.)
int64_t frozenset_hash(const std::vector<int64_t>& item_hashes) {
  uint64_t h = 0;
  for (int64_t x : item_hashes) {
    const uint64_t u = uint64_t(x);
    h ^= ((u ^ 89869747ull) ^ (u << 16)) * 3644798167ull;
  }
  h ^= (uint64_t(item_hashes.size()) + 1) * 1927868237ull;
  h ^= (h >> 11) ^ (h >> 25);
  h = h * 69069u + 907133923ull;
  if (h == ~uint64_t(0)) return 590923713;
  return int64_t(h);
}

}  // namespace sl::lang
