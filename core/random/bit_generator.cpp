// rng/bit_generator: see bit_generator.hpp. Constants are NumPy's (bit_generator.pyx, pcg64.h).
#include "core/random/bit_generator.hpp"

namespace sl::rng {

namespace {

constexpr uint32_t kInitA = 0x43b0d7e5u, kMultA = 0x931e8875u;
constexpr uint32_t kInitB = 0x8b51f9ddu, kMultB = 0x58f38dedu;
constexpr uint32_t kMixL = 0xca01f9ddu, kMixR = 0x4973f715u;
constexpr int kXShift = 16;

// hashmix: the multiplier `h` advances on every call (input-output).
uint32_t hashmix(uint32_t value, uint32_t& h) {
  value ^= h;
  h *= kMultA;
  value *= h;
  return value ^ (value >> kXShift);
}

uint32_t mix(uint32_t x, uint32_t y) {
  uint32_t r = kMixL * x - kMixR * y;
  return r ^ (r >> kXShift);
}

constexpr u128 kPcgMult = (u128(2549297995355413924ull) << 64) | 4865540595714422341ull;
constexpr uint64_t kCheapMult = 0xda942042e4dd58b5ull;

}  // namespace

std::vector<uint32_t> int_to_words(uint64_t n) {
  std::vector<uint32_t> w;
  if (n == 0) w.push_back(0);
  for (; n; n >>= 32) w.push_back(uint32_t(n));
  return w;
}

std::vector<uint32_t> seed_pool(std::vector<uint32_t> entropy, const std::vector<uint32_t>& spawn_key,
                                uint32_t pool_size) {
  // A spawned sequence pads short entropy with zeros to the pool size first, so
  // that entropy words and spawn-key words never collide (NumPy gh-16539).
  if (!spawn_key.empty() && entropy.size() < pool_size) entropy.resize(pool_size, 0);
  entropy.insert(entropy.end(), spawn_key.begin(), spawn_key.end());
  std::vector<uint32_t> pool(pool_size);
  uint32_t h = kInitA;
  for (size_t i = 0; i < pool_size; ++i) pool[i] = hashmix(i < entropy.size() ? entropy[i] : 0, h);
  // every word influences every other
  for (size_t src = 0; src < pool_size; ++src)
    for (size_t dst = 0; dst < pool_size; ++dst)
      if (src != dst) pool[dst] = mix(pool[dst], hashmix(pool[src], h));
  // entropy beyond the pool is folded into each pool word
  for (size_t src = pool_size; src < entropy.size(); ++src)
    for (size_t dst = 0; dst < pool_size; ++dst) pool[dst] = mix(pool[dst], hashmix(entropy[src], h));
  return pool;
}

std::vector<uint32_t> generate_state(const std::vector<uint32_t>& pool, size_t n_words) {
  std::vector<uint32_t> out(n_words);
  uint32_t h = kInitB;
  for (size_t i = 0; i < n_words; ++i) {
    uint32_t v = pool[i % pool.size()];
    v ^= h;
    h *= kMultB;
    v *= h;
    out[i] = v ^ (v >> kXShift);
  }
  return out;
}

BitGenerator::BitGenerator(Kind kind, const std::vector<uint32_t>& w) : kind_(kind) {
  if (kind == Kind::MT19937) {
    uint32_t* key = mt_.key();
    key[0] = 0x80000000u;  // the most significant bit set: the key is never all zero
    for (int i = 1; i < MT19937::kN; ++i) key[i] = w[size_t(i)];
    mt_.set_pos(MT19937::kN - 1);
    return;
  }
  // generate_state(4, uint64) pairs the words little-endian: word 2k is the low half.
  auto u64 = [&](int k) { return uint64_t(w[2 * k]) | uint64_t(w[2 * k + 1]) << 32; };
  u128 seed = u128(u64(0)) << 64 | u64(1);
  u128 seq = u128(u64(2)) << 64 | u64(3);
  // mirrors pcg64_set_seed, which both classes call: pcg_setseq_128_srandom_r,
  // stepping with PCG's 128-bit multiplier even for PCG64DXSM
  state_ = 0;
  inc_ = (seq << 1) | 1;
  state_ = state_ * kPcgMult + inc_;
  state_ += seed;
  state_ = state_ * kPcgMult + inc_;
}

void BitGenerator::step() {
  state_ = kind_ == Kind::PCG64 ? state_ * kPcgMult + inc_ : state_ * kCheapMult + inc_;
}

uint64_t BitGenerator::next64() {
  if (kind_ == Kind::MT19937) {  // mt19937_next64: the first draw is the high word
    uint64_t hi = mt_.next32();
    return hi << 32 | mt_.next32();
  }
  if (kind_ == Kind::PCG64) {
    step();
    uint64_t hi = uint64_t(state_ >> 64), lo = uint64_t(state_);
    unsigned rot = unsigned(hi >> 58);
    uint64_t x = hi ^ lo;
    return (x >> rot) | (x << ((64 - rot) & 63));
  }
  // DXSM on the state before the step (pcg_cm_random_r)
  uint64_t hi = uint64_t(state_ >> 64), lo = uint64_t(state_) | 1;
  hi ^= hi >> 32;
  hi *= kCheapMult;
  hi ^= hi >> 48;
  hi *= lo;
  step();
  return hi;
}

void BitGenerator::advance(u128 delta) {
  // s_{n+d} = A s_n + C with (A, C) the d-fold composition of (a, inc),
  // built by squaring: (a, c) o (a, c) = (a^2, (a + 1) c).
  u128 acc_mult = 1, acc_plus = 0;
  u128 cur_mult = kind_ == Kind::PCG64 ? kPcgMult : u128(kCheapMult), cur_plus = inc_;
  while (delta > 0) {
    if (delta & 1) {
      acc_mult *= cur_mult;
      acc_plus = acc_plus * cur_mult + cur_plus;
    }
    cur_plus = (cur_mult + 1) * cur_plus;
    cur_mult *= cur_mult;
    delta >>= 1;
  }
  state_ = acc_mult * state_ + acc_plus;
  has_uint32_ = false;
  uinteger_ = 0;
}

}  // namespace sl::rng
