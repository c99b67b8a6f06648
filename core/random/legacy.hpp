// random: NumPy's legacy random stream (numpy.random.RandomState), bit for bit.
//
// A RandomState is an MT19937 generator (624 32-bit words of key + position)
// plus the one cached Gaussian of the polar method. Every draw consumes the
// generator exactly as NumPy 1.24's mtrand/legacy code does, so that
// `np.random.seed(42); np.random.randn(5)` here prints what NumPy prints.
// The upstream function mirrored is named at each algorithm
// (numpy/random/src/mt19937/mt19937.c, src/distributions/distributions.c,
// src/legacy/legacy-distributions.c, mtrand.pyx, _bounded_integers.pyx).
//
// Invariant: 0 <= pos <= 624; when pos == 624 the next draw regenerates the
// whole key ("twists") first. has_gauss_ says whether gauss_ holds the second
// value of the last polar pair.
#pragma once
#include <cstdint>

#include "core/random/mt19937.hpp"

namespace sl {

class RandomState {
 public:
  RandomState() { seed_entropy(); }  // like RandomState(): fresh entropy

  // np.random.seed(int): init_genrand on the 32-bit seed (the caller checks
  // 0 <= seed < 2^32). seed(array): init_by_array on the words.
  void seed(uint32_t s);
  void seed_array(const uint32_t* words, int n);
  void seed_entropy();  // seed(None)

  MT19937& mt() { return mt_; }
  bool has_gauss() const { return has_gauss_; }
  double cached_gauss() const { return gauss_; }
  void set_gauss(bool has, double g) { has_gauss_ = has; gauss_ = has ? g : 0.0; }

  uint32_t next32() { return mt_.next32(); }
  uint64_t next64() { return mt_.next64(); }
  double next_double() { return mt_.next_double(); }

  // legacy_gauss: polar Box-Muller. Draw x1, x2 uniform on (-1, 1) until
  // 0 < r2 = x1^2 + x2^2 < 1; with f = sqrt(-2 ln(r2) / r2) return f*x2 and
  // keep f*x1 for the next call.
  double gauss();
  void fill_uniform(double* out, int64_t n);
  void fill_gauss(double* out, int64_t n);

  // legacy_standard_exponential: -log(1 - U).
  double standard_exponential();
  // legacy_standard_gamma (Marsaglia-Tsang for shape >= 1, with the legacy
  // Gaussian; rejection from the exponential for shape < 1).
  double standard_gamma(double shape);
  // random_poisson: multiplication method for lam < 10, Hoermann's PTRS otherwise.
  int64_t poisson(double lam);
  // legacy_random_binomial: inversion for n*min(p,1-p) <= 30, BTPE otherwise.
  int64_t binomial(int64_t n, double p);

  // random_interval (the `rk_interval` of old randomkit): a uniform integer on
  // [0, max] by masked rejection with the smallest all-ones mask >= max,
  // using 32-bit draws when max < 2^32. Used by shuffle / permutation.
  uint64_t interval(uint64_t max);

  // random_bounded_uint64_fill (masked, as the legacy randint always is):
  // out[i] = off + v with v uniform on [0, rng] found by masked rejection
  // (draw, AND with gen_mask(rng), retry while > rng); the 32-bit generator is
  // used whenever rng < 2^32.
  void bounded_u64_fill(uint64_t off, uint64_t rng, int64_t n, uint64_t* out);

  // The 8-, 16- and 1-bit generators take their bits from one buffered 32-bit
  // draw, low bits first (buffered_uint8 / buffered_uint16 /
  // buffered_bounded_bool); a buffer lives for one randint call.
  struct BitBuffer {
    uint32_t buf = 0;
    int bcnt = 0;
  };
  // One value off + [0, rng] (wrapping in the type) for an integer type of
  // `bits` bits (1 = bool), mirroring random_bounded_uint64 /
  // random_buffered_bounded_uint{32,16,8} / random_buffered_bounded_bool with
  // the masked method. `mask` is gen_mask(rng).
  uint64_t bounded(int bits, uint64_t off, uint64_t rng, uint64_t mask, BitBuffer& b);

 private:
  MT19937 mt_;
  bool has_gauss_ = false;
  double gauss_ = 0.0;
};

}  // namespace sl
