// Measures which multiple of 1/32 VRCP14PD(m), rounded to nearest by
// VRNDSCALEPD (as __svml_pow8 does), gives for m in [1/2, 1), and prints the
// cell bounds kernels/svml_pow.cpp keeps (kRcpCell). Needs AVX-512F:
//   g++ -O2 -mavx512f tests/tools/measure_rcp14.cpp -o build/measure_rcp14 && build/measure_rcp14
// Method: for each k in 33..64 binary-search the largest m with rounded
// reciprocal >= k/32 (the function is monotone), then check that the rule
// "k = 32 + number of bounds the top-16-bit cell of m is <= to" holds for the
// first, last and 198 random doubles of every one of the 65536 cells.
#include <immintrin.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>

static double rc_hw(double m) {
  __m512d r = _mm512_roundscale_pd(_mm512_rcp14_pd(_mm512_set1_pd(m)), 0x58);
  double o[8];
  _mm512_storeu_pd(o, r);
  return o[0];
}
static uint64_t B(double x) { uint64_t b; std::memcpy(&b, &x, 8); return b; }
static double D(uint64_t b) { double x; std::memcpy(&x, &b, 8); return x; }

int main() {
  uint16_t bound[32];
  for (int k = 33; k <= 64; ++k) {
    const double mid = 32.0 / (k - 0.5);
    uint64_t lo = B(mid * (1 - 1e-3)), hi = B(mid * (1 + 1e-3));
    while (hi - lo > 1) {
      uint64_t md = (lo + hi) / 2;
      if (rc_hw(D(md)) >= k / 32.0) lo = md;
      else hi = md;
    }
    bound[k - 33] = uint16_t((lo >> 36) & 0xFFFF);
  }
  std::mt19937_64 g(7);
  long bad = 0;
  for (uint32_t c = 0; c < 65536; ++c) {
    int k = 32;
    for (int i = 0; i < 32; ++i)
      if (c <= bound[i]) k = 33 + i;
    for (int s = 0; s < 200; ++s) {
      uint64_t low = s == 0 ? 0 : s == 1 ? ((1ull << 36) - 1) : (g() & ((1ull << 36) - 1));
      if (rc_hw(D((0x3FEull << 52) | (uint64_t(c) << 36) | low)) != k / 32.0) ++bad;
    }
  }
  std::printf("constexpr uint16_t kRcpCell[32] = {");
  for (int i = 0; i < 32; ++i) std::printf("%s0x%04x", i ? ", " : "", bound[i]);
  std::printf("};\n// cells checked: 65536 x 200 doubles, disagreements: %ld\n", bad);
  return bad != 0;
}
