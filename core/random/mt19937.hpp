// random/mt19937: the Mersenne Twister both of NumPy's MT19937 streams run
// (the legacy RandomState's and the MT19937 bit generator's), bit for bit, and
// gen_mask, the rejection mask every bounded-integer draw shares.
//
// Invariant: 0 <= pos <= 624; when pos == 624 the next draw regenerates the
// whole key ("twists") first.
#pragma once
#include <cstdint>

namespace sl {

class MT19937 {
 public:
  static constexpr int kN = 624;

  // mirrors mt19937_seed (the classic init_genrand): key[0] = s,
  // key[i] = 1812433253 * (key[i-1] ^ (key[i-1] >> 30)) + i  (mod 2^32).
  // This is what np.random.seed(int) uses (checked against NumPy 1.24's get_state).
  void seed(uint32_t s);
  // mirrors mt19937_init_by_array (init_by_array of the 2002 reference code):
  // np.random.seed(array).
  void init_by_array(const uint32_t* init_key, int key_length);

  // One tempered 32-bit output (mt19937_next32).
  uint32_t next32() {
    if (pos_ == kN) twist();
    uint32_t y = key_[pos_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
  }
  // mt19937_next64: the first draw is the high word.
  uint64_t next64() {
    uint64_t hi = next32();
    return hi << 32 | next32();
  }
  // mt19937_next_double (random_standard_uniform): a 53-bit uniform on [0, 1)
  // from two draws, ((a >> 5) * 2^26 + (b >> 6)) / 2^53.
  double next_double() {
    int32_t a = int32_t(next32() >> 5), b = int32_t(next32() >> 6);
    return (a * 67108864.0 + b) / 9007199254740992.0;
  }

  uint32_t* key() { return key_; }
  const uint32_t* key() const { return key_; }
  int pos() const { return pos_; }
  void set_pos(int p) { pos_ = p; }

 private:
  void twist();  // mt19937_gen: regenerates all 624 words
  uint32_t key_[kN] = {};
  int pos_ = kN;
};

// The smallest 2^k - 1 >= max (gen_mask).
inline uint64_t gen_mask(uint64_t max) {
  uint64_t m = max;
  m |= m >> 1;
  m |= m >> 2;
  m |= m >> 4;
  m |= m >> 8;
  m |= m >> 16;
  m |= m >> 32;
  return m;
}


}  // namespace sl
