// Measures which multiple of 1/32 VRCP14PD(m), rounded to nearest by
// VRNDSCALEPD (imm 0x58, as __svml_log8 does), gives for a mantissa m in
// [1, 2), and prints the cell bounds kernels/npy_umath.hpp keeps
// (kLogRcpCell). Same method as measure_rcp14.cpp (that one is for m in
// [1/2, 1) and __svml_pow8). Needs AVX-512F:
//   g++ -O2 -mavx512f tests/tools/measure_rcp14_log.cpp -o build/measure_rcp14_log && build/measure_rcp14_log
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
  uint16_t bound[16];
  for (int k = 17; k <= 32; ++k) {
    const double mid = 32.0 / (k - 0.5);
    uint64_t lo = B(mid * (1 - 1e-3)), hi = B(mid * (1 + 1e-3));
    if (k == 32) lo = B(1.0);
    while (hi - lo > 1) {
      uint64_t md = (lo + hi) / 2;
      if (rc_hw(D(md)) >= k / 32.0) lo = md;
      else hi = md;
    }
    bound[k - 17] = uint16_t((lo >> 36) & 0xFFFF);
  }
  std::mt19937_64 g(7);
  long bad = 0;
  for (uint32_t c = 0; c < 65536; ++c) {
    int k = 16;
    for (int i = 0; i < 16; ++i)
      if (c <= bound[i]) k = 17 + i;
    for (int s = 0; s < 200; ++s) {
      uint64_t low = s == 0 ? 0 : s == 1 ? ((1ull << 36) - 1) : (g() & ((1ull << 36) - 1));
      if (rc_hw(D((0x3FFull << 52) | (uint64_t(c) << 36) | low)) != k / 32.0) ++bad;
    }
  }
  std::printf("constexpr uint16_t kLogRcpCell[16] = {");
  for (int i = 0; i < 16; ++i) std::printf("%s0x%04x", i ? ", " : "", bound[i]);
  std::printf("};\n// cells checked: 65536 x 200 doubles, disagreements: %ld\n", bad);
  return bad != 0;
}
