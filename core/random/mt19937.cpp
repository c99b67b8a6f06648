// random/mt19937: see mt19937.hpp (mirrors numpy/random/src/mt19937/mt19937.c).
#include "core/random/mt19937.hpp"

namespace sl {

void MT19937::seed(uint32_t s) {
  // mirrors mt19937_seed / init_genrand
  for (int i = 0; i < kN; ++i) {
    key_[i] = s;
    s = 1812433253u * (s ^ (s >> 30)) + uint32_t(i + 1);
  }
  pos_ = kN;
}

void MT19937::init_by_array(const uint32_t* init_key, int key_length) {
  // mirrors mt19937_init_by_array: start from init_genrand(19650218), then two
  // non-linear mixing passes; the first runs max(624, key_length) steps and
  // adds key word j (and j itself), the second runs 623 steps.
  seed(19650218u);
  uint32_t* mt = key_;
  int i = 1, j = 0;
  for (int k = kN > key_length ? kN : key_length; k; --k) {
    mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525u)) + init_key[j] + uint32_t(j);
    ++i;
    ++j;
    if (i >= kN) {
      mt[0] = mt[kN - 1];
      i = 1;
    }
    if (j >= key_length) j = 0;
  }
  for (int k = kN - 1; k; --k) {
    mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941u)) - uint32_t(i);
    ++i;
    if (i >= kN) {
      mt[0] = mt[kN - 1];
      i = 1;
    }
  }
  mt[0] = 0x80000000u;  // MSB is 1: a non-zero initial array
  pos_ = kN;
}

void MT19937::twist() {
  // mirrors mt19937_gen: key[i] = key[i+397] ^ (y >> 1) ^ (y odd ? 0x9908b0df : 0)
  // with y = upper bit of key[i] | lower 31 bits of key[i+1] (indices mod 624).
  constexpr int M = 397;
  constexpr uint32_t A = 0x9908b0dfu, UP = 0x80000000u, LO = 0x7fffffffu;
  int i = 0;
  for (; i < kN - M; ++i) {
    uint32_t y = (key_[i] & UP) | (key_[i + 1] & LO);
    key_[i] = key_[i + M] ^ (y >> 1) ^ (-(y & 1u) & A);
  }
  for (; i < kN - 1; ++i) {
    uint32_t y = (key_[i] & UP) | (key_[i + 1] & LO);
    key_[i] = key_[i + (M - kN)] ^ (y >> 1) ^ (-(y & 1u) & A);
  }
  uint32_t y = (key_[kN - 1] & UP) | (key_[0] & LO);
  key_[kN - 1] = key_[M - 1] ^ (y >> 1) ^ (-(y & 1u) & A);
  pos_ = 0;
}

// ---------------------------------------------------------------- seeding

}  // namespace sl
