// digest: MD5, SHA-1, SHA-2, SHA-3/SHAKE and CRC-32 (digest.hpp).
//
// The Merkle-Damgard hashes (MD5, SHA-1, SHA-2) as math: the message M is
// padded to M || 0x80 || 0^k || len(M) in bits (64-bit, or 128-bit for
// SHA-384/512; little-endian for MD5, big-endian for SHA), k the least that
// makes the length a multiple of the block size b (64 or 128 bytes); the
// state H_0 = IV is folded block by block, H_i = compress(H_{i-1}, block_i),
// and the digest is H_n's words serialised (truncated for SHA-224/384).
//   MD5 (RFC 1321): 64 steps, T_i = floor(2^32 |sin(i + 1)|).
//   SHA-1 (FIPS 180-4 6.1): 80 steps over W_t = rotl1(W_{t-3}^W_{t-8}^W_{t-14}^W_{t-16}).
//   SHA-256/512 (6.2, 6.4): K = the first 32/64 bits of the fractional parts of the cube
//   roots of the first 64/80 primes, IV those of the square roots of the first 8 (SHA-384:
//   primes 9-16; SHA-224: the low 32 bits of SHA-384's); computed exactly below as
//   floor(p^(1/k) 2^64) = the integer k-th root of p 2^(64k), bit by bit.
// SHA-3 (FIPS 202): the sponge over Keccak-f[1600] with rate r = 200 - 2d bytes (d the
// digest size; SHAKE128: 168, SHAKE256: 136); pad10*1 after the domain bits 01 (SHA-3,
// byte 0x06) or 1111 (SHAKE, 0x1F). The round constants come from the LFSR
// x^8 + x^6 + x^5 + x^4 + 1 and the rotation offsets from the (x, y) -> (y, 2x + 3y) walk
// (FIPS 202 3.2.2, 3.2.5), computed rather than tabulated.
// BLAKE2 (RFC 7693): h = IV ^ parameter block (IV: SHA-512's for BLAKE2b, SHA-256's for
// BLAKE2s); each 128/64-byte block (the key, zero-padded, first when there is one) is
// compressed with the byte counter t and, for the last block only (zero-padded), the final
// flag: 12/10 rounds of G over the 4x4 word matrix (columns, then diagonals) with message
// words in the order sigma[r mod 10], rotations (32, 24, 16, 63) / (16, 12, 8, 7).
// CRC-32: the reflected polynomial 0xEDB88320, initial and final xor 0xFFFFFFFF.
#include "core/lang/modules/digest.hpp"

#include <cmath>
#include <cstring>
#include <vector>

#include "core/lang/objects/bigint.hpp"

namespace sl::lang {

namespace {

inline uint32_t rotl32(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }
inline uint32_t rotr32(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }
inline uint64_t rotr64(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }
inline uint64_t rotl64(uint64_t x, int n) { return n == 0 ? x : (x << n) | (x >> (64 - n)); }

// ---- SHA-2's constants: fractional bits of roots of primes, exactly
std::vector<uint64_t> first_primes(size_t n) {
  std::vector<uint64_t> ps;
  for (uint64_t c = 2; ps.size() < n; ++c) {
    bool prime = true;
    for (uint64_t p : ps) {
      if (p * p > c) break;
      if (c % p == 0) { prime = false; break; }
    }
    if (prime) ps.push_back(c);
  }
  return ps;
}

// The low 64 bits of floor(p^(1/k) * 2^64): the largest x with x^k <= p * 2^(64k).
uint64_t root_fraction(uint64_t p, int k) {
  const BigInt target = shift_left(BigInt::from_u64(p), 64 * uint64_t(k));
  BigInt x;
  for (int bit = 64 + 9; bit >= 0; --bit) {
    BigInt trial = x + shift_left(BigInt(1), uint64_t(bit));
    if (compare(pow(trial, uint64_t(k)), target) <= 0) x = trial;
  }
  uint64_t lo = 0;
  if (!x.mag.empty()) lo = x.mag[0];
  if (x.mag.size() > 1) lo |= uint64_t(x.mag[1]) << 32;
  return lo;
}

struct Sha2Tables {
  uint64_t k[80], sqrt_first16[16];
  Sha2Tables() {
    std::vector<uint64_t> ps = first_primes(80);
    for (int i = 0; i < 80; ++i) k[i] = root_fraction(ps[i], 3);
    for (int i = 0; i < 16; ++i) sqrt_first16[i] = root_fraction(ps[i], 2);
  }
};
const Sha2Tables& sha2() {
  static const Sha2Tables t;
  return t;
}

// ---- the Merkle-Damgard frame: buffering, padding, length
template <class Self, size_t Block, size_t LenBytes, bool BigEndian>
class MerkleDamgard : public Digest {
 public:
  void update(std::string_view data) override {
    total_ += data.size();
    size_t i = 0;
    if (fill_) {
      size_t take = std::min(Block - fill_, data.size());
      std::memcpy(buf_ + fill_, data.data(), take);
      fill_ += take;
      i = take;
      if (fill_ < Block) return;
      static_cast<Self*>(this)->compress(buf_);
      fill_ = 0;
    }
    for (; i + Block <= data.size(); i += Block) static_cast<Self*>(this)->compress(reinterpret_cast<const uint8_t*>(data.data()) + i);
    std::memcpy(buf_, data.data() + i, data.size() - i);
    fill_ = data.size() - i;
  }
  std::string digest(size_t) const override {
    Self s(static_cast<const Self&>(*this));
    uint8_t pad[2 * Block] = {0x80};
    size_t n = (fill_ < Block - LenBytes) ? Block - LenBytes - fill_ : 2 * Block - LenBytes - fill_;
    const uint64_t bits = total_ * 8;
    uint8_t len[LenBytes] = {};
    for (size_t b = 0; b < 8; ++b) len[BigEndian ? LenBytes - 1 - b : b] = uint8_t(bits >> (8 * b));
    s.update(std::string_view(reinterpret_cast<const char*>(pad), n));
    s.update(std::string_view(reinterpret_cast<const char*>(len), LenBytes));
    return s.output();
  }
  std::unique_ptr<Digest> clone() const override { return std::make_unique<Self>(static_cast<const Self&>(*this)); }
  size_t block_size() const override { return Block; }

 protected:
  template <class W>
  static W load(const uint8_t* p) {
    W w = 0;
    for (size_t b = 0; b < sizeof(W); ++b) w |= W(p[b]) << (8 * (BigEndian ? sizeof(W) - 1 - b : b));
    return w;
  }
  template <class W>
  static void store(std::string& out, W w) {
    for (size_t b = 0; b < sizeof(W); ++b) out.push_back(char(uint8_t(w >> (8 * (BigEndian ? sizeof(W) - 1 - b : b)))));
  }

 private:
  uint8_t buf_[Block] = {};
  size_t fill_ = 0;
  uint64_t total_ = 0;
};

class Md5 : public MerkleDamgard<Md5, 64, 8, false> {
 public:
  void compress(const uint8_t* p) {
    static const auto table = [] {
      std::vector<uint32_t> t(64);
      for (int i = 0; i < 64; ++i) t[size_t(i)] = uint32_t(std::floor(std::fabs(std::sin(double(i + 1))) * 4294967296.0));
      return t;
    }();
    static const int shift[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};
    uint32_t m[16];
    for (int i = 0; i < 16; ++i) m[i] = load<uint32_t>(p + 4 * i);
    uint32_t a = h_[0], b = h_[1], c = h_[2], d = h_[3];
    for (int i = 0; i < 64; ++i) {
      uint32_t f;
      int g;
      if (i < 16) { f = (b & c) | (~b & d); g = i; }
      else if (i < 32) { f = (d & b) | (~d & c); g = (5 * i + 1) % 16; }
      else if (i < 48) { f = b ^ c ^ d; g = (3 * i + 5) % 16; }
      else { f = c ^ (b | ~d); g = (7 * i) % 16; }
      f += a + table[size_t(i)] + m[g];
      a = d;
      d = c;
      c = b;
      b += rotl32(f, shift[i / 16][i % 4]);
    }
    h_[0] += a; h_[1] += b; h_[2] += c; h_[3] += d;
  }
  std::string output() const {
    std::string out;
    for (uint32_t w : h_) store(out, w);
    return out;
  }
  size_t digest_size() const override { return 16; }

 private:
  uint32_t h_[4] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u};
};

class Sha1 : public MerkleDamgard<Sha1, 64, 8, true> {
 public:
  void compress(const uint8_t* p) {
    uint32_t w[80];
    for (int t = 0; t < 16; ++t) w[t] = load<uint32_t>(p + 4 * t);
    for (int t = 16; t < 80; ++t) w[t] = rotl32(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
    uint32_t a = h_[0], b = h_[1], c = h_[2], d = h_[3], e = h_[4];
    for (int t = 0; t < 80; ++t) {
      uint32_t f, k;
      if (t < 20) { f = (b & c) | (~b & d); k = 0x5a827999u; }
      else if (t < 40) { f = b ^ c ^ d; k = 0x6ed9eba1u; }
      else if (t < 60) { f = (b & c) | (b & d) | (c & d); k = 0x8f1bbcdcu; }
      else { f = b ^ c ^ d; k = 0xca62c1d6u; }
      uint32_t tmp = rotl32(a, 5) + f + e + k + w[t];
      e = d; d = c; c = rotl32(b, 30); b = a; a = tmp;
    }
    h_[0] += a; h_[1] += b; h_[2] += c; h_[3] += d; h_[4] += e;
  }
  std::string output() const {
    std::string out;
    for (uint32_t w : h_) store(out, w);
    return out;
  }
  size_t digest_size() const override { return 20; }

 private:
  uint32_t h_[5] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u, 0xc3d2e1f0u};
};

class Sha256 : public MerkleDamgard<Sha256, 64, 8, true> {
 public:
  explicit Sha256(bool is224) : size_(is224 ? 28 : 32) {
    for (int i = 0; i < 8; ++i)
      h_[i] = is224 ? uint32_t(sha2().sqrt_first16[8 + i]) : uint32_t(sha2().sqrt_first16[i] >> 32);
  }
  void compress(const uint8_t* p) {
    const Sha2Tables& T = sha2();
    uint32_t w[64];
    for (int t = 0; t < 16; ++t) w[t] = load<uint32_t>(p + 4 * t);
    for (int t = 16; t < 64; ++t) {
      uint32_t s0 = rotr32(w[t - 15], 7) ^ rotr32(w[t - 15], 18) ^ (w[t - 15] >> 3);
      uint32_t s1 = rotr32(w[t - 2], 17) ^ rotr32(w[t - 2], 19) ^ (w[t - 2] >> 10);
      w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint32_t v[8];
    std::memcpy(v, h_, sizeof v);
    for (int t = 0; t < 64; ++t) {
      uint32_t S1 = rotr32(v[4], 6) ^ rotr32(v[4], 11) ^ rotr32(v[4], 25);
      uint32_t ch = (v[4] & v[5]) ^ (~v[4] & v[6]);
      uint32_t t1 = v[7] + S1 + ch + uint32_t(T.k[t] >> 32) + w[t];
      uint32_t S0 = rotr32(v[0], 2) ^ rotr32(v[0], 13) ^ rotr32(v[0], 22);
      uint32_t maj = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
      std::memmove(v + 1, v, 7 * sizeof(uint32_t));
      v[4] += t1;
      v[0] = t1 + S0 + maj;
    }
    for (int i = 0; i < 8; ++i) h_[i] += v[i];
  }
  std::string output() const {
    std::string out;
    for (uint32_t w : h_) store(out, w);
    return out.substr(0, size_);
  }
  size_t digest_size() const override { return size_; }

 private:
  uint32_t h_[8];
  size_t size_;
};

class Sha512 : public MerkleDamgard<Sha512, 128, 16, true> {
 public:
  explicit Sha512(bool is384) : size_(is384 ? 48 : 64) {
    for (int i = 0; i < 8; ++i) h_[i] = sha2().sqrt_first16[(is384 ? 8 : 0) + i];
  }
  void compress(const uint8_t* p) {
    const Sha2Tables& T = sha2();
    uint64_t w[80];
    for (int t = 0; t < 16; ++t) w[t] = load<uint64_t>(p + 8 * t);
    for (int t = 16; t < 80; ++t) {
      uint64_t s0 = rotr64(w[t - 15], 1) ^ rotr64(w[t - 15], 8) ^ (w[t - 15] >> 7);
      uint64_t s1 = rotr64(w[t - 2], 19) ^ rotr64(w[t - 2], 61) ^ (w[t - 2] >> 6);
      w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint64_t v[8];
    std::memcpy(v, h_, sizeof v);
    for (int t = 0; t < 80; ++t) {
      uint64_t S1 = rotr64(v[4], 14) ^ rotr64(v[4], 18) ^ rotr64(v[4], 41);
      uint64_t ch = (v[4] & v[5]) ^ (~v[4] & v[6]);
      uint64_t t1 = v[7] + S1 + ch + T.k[t] + w[t];
      uint64_t S0 = rotr64(v[0], 28) ^ rotr64(v[0], 34) ^ rotr64(v[0], 39);
      uint64_t maj = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
      std::memmove(v + 1, v, 7 * sizeof(uint64_t));
      v[4] += t1;
      v[0] = t1 + S0 + maj;
    }
    for (int i = 0; i < 8; ++i) h_[i] += v[i];
  }
  std::string output() const {
    std::string out;
    for (uint64_t w : h_) store(out, w);
    return out.substr(0, size_);
  }
  size_t digest_size() const override { return size_; }

 private:
  uint64_t h_[8];
  size_t size_;
};

// ---- Keccak-f[1600] and the sponge
struct KeccakTables {
  uint64_t rc[24];
  int rot[25];  // by lane index x + 5y
  KeccakTables() {
    // rc(t): the LFSR x^8 + x^6 + x^5 + x^4 + 1, one output bit per step (FIPS 202 Algorithm 5)
    auto rc_bit = [](int t) {
      if (t % 255 == 0) return 1;
      unsigned r = 1;  // bit i of r is R[i]
      for (int i = 1; i <= t % 255; ++i) {
        r <<= 1;
        unsigned r8 = (r >> 8) & 1;
        r ^= r8 | (r8 << 4) | (r8 << 5) | (r8 << 6);
        r &= 0xff;
      }
      return int(r & 1);
    };
    for (int i = 0; i < 24; ++i) {
      rc[i] = 0;
      for (int j = 0; j <= 6; ++j)
        if (rc_bit(j + 7 * i)) rc[i] |= uint64_t(1) << ((1 << j) - 1);
    }
    rot[0] = 0;
    int x = 1, y = 0;
    for (int t = 0; t < 24; ++t) {
      rot[x + 5 * y] = ((t + 1) * (t + 2) / 2) % 64;
      int nx = y, ny = (2 * x + 3 * y) % 5;
      x = nx;
      y = ny;
    }
  }
};

void keccak_f(uint64_t a[25]) {
  static const KeccakTables T;
  for (int round = 0; round < 24; ++round) {
    uint64_t c[5], b[25];
    for (int x = 0; x < 5; ++x) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
    for (int x = 0; x < 5; ++x) {
      uint64_t d = c[(x + 4) % 5] ^ rotl64(c[(x + 1) % 5], 1);
      for (int y = 0; y < 5; ++y) a[x + 5 * y] ^= d;
    }
    for (int x = 0; x < 5; ++x)
      for (int y = 0; y < 5; ++y) b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl64(a[x + 5 * y], T.rot[x + 5 * y]);
    for (int x = 0; x < 5; ++x)
      for (int y = 0; y < 5; ++y) a[x + 5 * y] = b[x + 5 * y] ^ (~b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
    a[0] ^= T.rc[round];
  }
}

class Sha3 : public Digest {
 public:
  Sha3(size_t rate, size_t size, uint8_t domain) : rate_(rate), size_(size), domain_(domain) {}
  void update(std::string_view data) override {
    for (unsigned char ch : data) {
      reinterpret_cast<uint8_t*>(state_)[fill_] ^= ch;  // lanes are little-endian (wasm and x86 alike)
      if (++fill_ == rate_) {
        keccak_f(state_);
        fill_ = 0;
      }
    }
  }
  std::string digest(size_t length) const override {
    Sha3 s(*this);
    auto* bytes = reinterpret_cast<uint8_t*>(s.state_);
    bytes[s.fill_] ^= domain_;
    bytes[rate_ - 1] ^= 0x80;
    keccak_f(s.state_);
    const size_t n = size_ ? size_ : length;
    std::string out;
    while (out.size() < n) {
      size_t take = std::min(rate_, n - out.size());
      out.append(reinterpret_cast<const char*>(bytes), take);
      if (out.size() < n) keccak_f(s.state_);
    }
    return out;
  }
  std::unique_ptr<Digest> clone() const override { return std::make_unique<Sha3>(*this); }
  size_t digest_size() const override { return size_; }
  size_t block_size() const override { return rate_; }

 private:
  uint64_t state_[25] = {};
  size_t fill_ = 0;
  size_t rate_, size_;
  uint8_t domain_;
};

// ---- BLAKE2
const uint8_t kSigma[10][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0}};

template <class W>
class Blake2 : public Digest {
  static constexpr bool kBig = sizeof(W) == 8;
  static constexpr size_t kBlock = 16 * sizeof(W);
  static constexpr int kRounds = kBig ? 12 : 10;
  static W rotr(W x, int n) { return W(x >> n) | W(x << (8 * sizeof(W) - n)); }
  static W iv(int i) { return kBig ? W(sha2().sqrt_first16[i]) : W(sha2().sqrt_first16[i] >> 32); }
  static W load(const uint8_t* p) {
    W w = 0;
    for (size_t b = 0; b < sizeof(W); ++b) w |= W(p[b]) << (8 * b);
    return w;
  }

 public:
  explicit Blake2(const Blake2Params& p) : size_(p.digest_size), last_node_(p.last_node) {
    uint8_t block[kBig ? 64 : 32] = {};
    block[0] = uint8_t(p.digest_size);
    block[1] = uint8_t(p.key.size());
    block[2] = uint8_t(p.fanout);
    block[3] = uint8_t(p.depth);
    for (int b = 0; b < 4; ++b) block[4 + b] = uint8_t(p.leaf_size >> (8 * b));
    for (int b = 0; b < (kBig ? 8 : 6); ++b) block[8 + b] = uint8_t(p.node_offset >> (8 * b));
    block[kBig ? 16 : 14] = uint8_t(p.node_depth);
    block[kBig ? 17 : 15] = uint8_t(p.inner_size);
    std::memcpy(block + (kBig ? 32 : 16), p.salt.data(), p.salt.size());
    std::memcpy(block + (kBig ? 48 : 24), p.person.data(), p.person.size());
    for (int i = 0; i < 8; ++i) h_[i] = iv(i) ^ load(block + sizeof(W) * size_t(i));
    if (!p.key.empty()) {
      std::string k = p.key;
      k.resize(kBlock, '\0');
      update(k);
    }
  }
  void update(std::string_view data) override {
    for (unsigned char c : data) {
      if (fill_ == kBlock) {  // a full block is compressed only once more data follows it
        counter_ += kBlock;
        compress(buf_, false);
        fill_ = 0;
      }
      buf_[fill_++] = c;
    }
  }
  std::string digest(size_t) const override {
    Blake2 s(*this);
    s.counter_ += s.fill_;
    std::memset(s.buf_ + s.fill_, 0, kBlock - s.fill_);
    s.compress(s.buf_, true);
    std::string out;
    for (W w : s.h_)
      for (size_t b = 0; b < sizeof(W); ++b) out.push_back(char(uint8_t(w >> (8 * b))));
    return out.substr(0, size_);
  }
  std::unique_ptr<Digest> clone() const override { return std::make_unique<Blake2>(*this); }
  size_t digest_size() const override { return size_; }
  size_t block_size() const override { return kBlock; }

 private:
  void compress(const uint8_t* block, bool last) {
    static const int R[2][4] = {{16, 12, 8, 7}, {32, 24, 16, 63}};
    const int* r = R[kBig];
    W m[16], v[16];
    for (int i = 0; i < 16; ++i) m[i] = load(block + sizeof(W) * size_t(i));
    for (int i = 0; i < 8; ++i) {
      v[i] = h_[i];
      v[i + 8] = iv(i);
    }
    v[12] ^= W(counter_);
    v[13] ^= kBig ? W(0) : W(counter_ >> 32);
    if (last) v[14] = ~v[14];
    if (last && last_node_) v[15] = ~v[15];
    auto g = [&](int a, int b, int c, int d, W x, W y) {
      v[a] = v[a] + v[b] + x; v[d] = rotr(v[d] ^ v[a], r[0]);
      v[c] = v[c] + v[d];     v[b] = rotr(v[b] ^ v[c], r[1]);
      v[a] = v[a] + v[b] + y; v[d] = rotr(v[d] ^ v[a], r[2]);
      v[c] = v[c] + v[d];     v[b] = rotr(v[b] ^ v[c], r[3]);
    };
    for (int round = 0; round < kRounds; ++round) {
      const uint8_t* s = kSigma[round % 10];
      g(0, 4, 8, 12, m[s[0]], m[s[1]]);
      g(1, 5, 9, 13, m[s[2]], m[s[3]]);
      g(2, 6, 10, 14, m[s[4]], m[s[5]]);
      g(3, 7, 11, 15, m[s[6]], m[s[7]]);
      g(0, 5, 10, 15, m[s[8]], m[s[9]]);
      g(1, 6, 11, 12, m[s[10]], m[s[11]]);
      g(2, 7, 8, 13, m[s[12]], m[s[13]]);
      g(3, 4, 9, 14, m[s[14]], m[s[15]]);
    }
    for (int i = 0; i < 8; ++i) h_[i] ^= v[i] ^ v[i + 8];
  }
  W h_[8];
  uint8_t buf_[kBlock] = {};
  size_t fill_ = 0;
  uint64_t counter_ = 0;  // bytes compressed (BLAKE2b's 128-bit counter never passes 2^64 here)
  size_t size_;
  bool last_node_;
};

}  // namespace

std::unique_ptr<Digest> make_blake2(bool big, const Blake2Params& p) {
  if (big) return std::make_unique<Blake2<uint64_t>>(p);
  return std::make_unique<Blake2<uint32_t>>(p);
}

std::unique_ptr<Digest> make_digest(const std::string& name) {
  if (name == "blake2b" || name == "blake2s") {
    Blake2Params p;
    p.digest_size = name == "blake2b" ? 64 : 32;
    return make_blake2(name == "blake2b", p);
  }
  if (name == "md5") return std::make_unique<Md5>();
  if (name == "sha1") return std::make_unique<Sha1>();
  if (name == "sha224") return std::make_unique<Sha256>(true);
  if (name == "sha256") return std::make_unique<Sha256>(false);
  if (name == "sha384") return std::make_unique<Sha512>(true);
  if (name == "sha512") return std::make_unique<Sha512>(false);
  if (name == "sha3_224") return std::make_unique<Sha3>(144, 28, 0x06);
  if (name == "sha3_256") return std::make_unique<Sha3>(136, 32, 0x06);
  if (name == "sha3_384") return std::make_unique<Sha3>(104, 48, 0x06);
  if (name == "sha3_512") return std::make_unique<Sha3>(72, 64, 0x06);
  if (name == "shake_128") return std::make_unique<Sha3>(168, 0, 0x1f);
  if (name == "shake_256") return std::make_unique<Sha3>(136, 0, 0x1f);
  return nullptr;
}

uint32_t crc32_update(uint32_t crc, std::string_view data) {
  static const auto table = [] {
    std::vector<uint32_t> t(256);
    for (uint32_t n = 0; n < 256; ++n) {
      uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  crc = ~crc;
  for (unsigned char ch : data) crc = table[(crc ^ ch) & 0xff] ^ (crc >> 8);
  return ~crc;
}

}  // namespace sl::lang
