// rng/bit_generator: NumPy's modern bit streams -- SeedSequence (numpy/random/bit_generator.pyx)
// and the PCG64 / PCG64DXSM / MT19937 bit generators (numpy/random/src/pcg64/, _mt19937.pyx) -- bit for bit.
//
// A SeedSequence turns entropy words (and a spawn key) into a pool of pool_size
// 32-bit words by a multiply-xorshift hash (mirrors SeedSequence.mix_entropy);
// generate_state stretches the pool into any number of seed words. A PCG64 is a
// 128-bit LCG s' = a s + inc (inc odd) whose output permutes the state:
//   PCG64     (XSL-RR):  step first, then rotr64(hi ^ lo, hi >> 58), a = PCG's 128-bit multiplier;
//   PCG64DXSM (DXSM):    output of the pre-step state, hi' = (hi ^ hi>>32) * c ^ ... * (lo|1),
//                        then step with the cheap 64-bit multiplier c.
// The MT19937 bit generator (numpy/random/_mt19937.pyx) is the legacy stream's
// Mersenne Twister (core/random/legacy.hpp) seeded from a SeedSequence instead.
// Invariant: inc_ is odd; has_uint32_ says uinteger_ holds the upper half of the
// last 64-bit draw, which the next 32-bit draw returns (pcg64_next32; MT19937
// draws 32 bits natively and caches nothing).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/random/mt19937.hpp"

namespace sl::rng {

using u128 = unsigned __int128;

// mirrors SeedSequence.__init__/mix_entropy/get_assembled_entropy: `entropy`
// and `spawn_key` are already coerced to 32-bit words (lowest word first).
std::vector<uint32_t> seed_pool(std::vector<uint32_t> entropy, const std::vector<uint32_t>& spawn_key,
                                uint32_t pool_size);
// mirrors SeedSequence.generate_state(n_words, uint32): cycles through the pool,
// hashing each word with a running multiplier.
std::vector<uint32_t> generate_state(const std::vector<uint32_t>& pool, size_t n_words);
// A non-negative integer as 32-bit words, lowest first (0 -> [0]); mirrors _int_to_uint32_array.
std::vector<uint32_t> int_to_words(uint64_t n);

class BitGenerator {
 public:
  enum class Kind { PCG64, PCG64DXSM, MT19937 };
  // How many 32-bit SeedSequence words the kind's seeding reads.
  static size_t seed_words(Kind kind) { return kind == Kind::MT19937 ? 624 : 8; }
  // PCG: mirrors pcg64_set_seed(generate_state(4, uint64)): words 0..1 are the
  // state's high/low halves, words 2..3 the stream's (8 32-bit words,
  // little-endian pairs). MT19937: key = [0x80000000, words[1..623]] with the
  // position at 623 (_mt19937.pyx leaves its loop index there), so the first
  // draw is key[623] before the first twist.
  BitGenerator(Kind kind, const std::vector<uint32_t>& seed_words);

  Kind kind() const { return kind_; }
  const char* name() const {
    return kind_ == Kind::PCG64 ? "PCG64" : kind_ == Kind::PCG64DXSM ? "PCG64DXSM" : "MT19937";
  }

  uint64_t next64();
  uint32_t next32() {
    if (kind_ == Kind::MT19937) return mt_.next32();
    if (has_uint32_) {
      has_uint32_ = false;
      return uinteger_;
    }
    uint64_t v = next64();
    has_uint32_ = true;
    uinteger_ = uint32_t(v >> 32);
    return uint32_t(v);
  }
  // 53 random bits scaled to [0, 1) (pcg64_next_double); 24 bits for float32
  // (next_float in distributions.c).
  double next_double() {
    if (kind_ == Kind::MT19937) return mt_.next_double();
    return double(next64() >> 11) * (1.0 / 9007199254740992.0);
  }
  // random_raw: the native word (32 bits for MT19937)
  uint64_t next_raw() { return kind_ == Kind::MT19937 ? mt_.next32() : next64(); }
  float next_float() { return float(next32() >> 8) * (1.0f / 16777216.0f); }

  // The state as NumPy's `state` property sees it.
  u128 state() const { return state_; }
  u128 inc() const { return inc_; }
  bool has_uint32() const { return has_uint32_; }
  uint32_t uinteger() const { return uinteger_; }
  void set_state(u128 state, u128 inc, bool has_uint32, uint32_t uinteger) {
    state_ = state;
    inc_ = inc;
    has_uint32_ = has_uint32;
    uinteger_ = uinteger;
  }
  // mirrors pcg64_advance: jump by delta steps in O(log delta) (Brown's
  // "Random number generation with arbitrary strides": compose the affine map).
  void advance(u128 delta);

 private:
  void step();
  Kind kind_;
  u128 state_ = 0, inc_ = 1;
  bool has_uint32_ = false;
  uint32_t uinteger_ = 0;
  MT19937 mt_;
};

}  // namespace sl::rng
