// Exhaustive proof of the float64-lane float32 kernels (kernels/npy_wide.hpp,
// Note [float32 in float64 lanes]): every float32 bit pattern goes through
// the wide kernel (4 lanes at a time, as the ufunc loop runs it) and through
// the same algorithm written with a fused multiply-add per step (the scalar
// forms in kernels/npy_umath.hpp), and any input whose bits differ is
// reported. Natively the reference's FMA is the hardware instruction:
//
//   g++ -O2 -std=c++20 -mavx2 -mfma -ffp-contract=off -DSL_FMA_EMULATED=0 -I. \
//       -isystem .deps/xsimd-13.2.0-1/usr/include tests/tools/npy_wide_proof.cpp -o build/nativeA/npy_wide_proof
//   nice -n 10 build/nativeA/npy_wide_proof exp,log,tanh,sin,cos [--chunks A:B] [--sums FILE]
//
// (-ffp-contract=off: the wide kernels' double mul + add must stay two
// roundings, as in wasm, which has no FMA.) The wide code uses SSE2
// intrinsics only, so under -mfma it is the same code as the SSE2 build; the
// reference is npy_umath's batch form (8 lanes, vfmadd), which the test suite
// keeps bit-identical to the scalar form.
// In wasm (reference: the exact FMA emulation, round-to-odd):
//
//   em++ -O2 -std=c++20 -msimd128 -DNDEBUG -I. -isystem .deps/xsimd-13.2.0-1/usr/include \
//       tests/tools/npy_wide_proof.cpp -sENVIRONMENT=node -sNODERAWFS=1 -o build/nativeA/npy_wide_proof.js
//   node build/nativeA/npy_wide_proof.js exp --chunks 60:68 --sums wasm.txt
//
// --chunks A:B limits the run to 2^24-input chunks A..B-1 (of 256); --sums
// writes one line per chunk, "func chunk checksum" (the checksum of
// tests/tools/transcendental_diff: sum of bits(result) * (2i + 1) mod 2^64,
// NaN as all-ones), so runs on different targets can be compared line by line.
// Exit status 1 if any input differs.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/kernels/npy_umath.hpp"

#if !defined(SL_NPYK_WIDE)
#error "needs SSE2 or -msimd128"
#endif

namespace {

using namespace sl::npyk;

// The reference: the algorithm's batch form with the hardware FMA where the
// target has one (xsimd's fma3 batches: 8 lanes, fast), otherwise its scalar
// form (exact FMA emulation).
constexpr uint64_t kRef = 64;
#if defined(__FMA__)
using RB = xsimd::batch<float>;
#define SL_PROOF_REF(F)                                                                     \
  [](const float* in, float* out) {                                                        \
    for (uint64_t j = 0; j < kRef; j += RB::size) sl::npyk::F(RB::load_aligned(in + j)).store_aligned(out + j); \
  }
#else
#define SL_PROOF_REF(F)                                                    \
  [](const float* in, float* out) {                                       \
    for (uint64_t j = 0; j < kRef; ++j) out[j] = sl::npyk::F(in[j]);      \
  }
#endif

uint32_t bits(float x) {
  uint32_t b;
  std::memcpy(&b, &x, 4);
  return b;
}

template <class W, class S>
uint64_t run(const char* name, W wide_fn, S scalar_fn, unsigned c0, unsigned c1, FILE* sums) {
  constexpr uint64_t kChunk = 1ull << 24;
  uint64_t bad = 0;
  alignas(16) float x[4], w[4];
  alignas(64) float xr[kRef], ref[kRef];
  for (unsigned c = c0; c < c1; ++c) {
    uint64_t sum = 0;
    for (uint64_t i = 0; i < kChunk; i += 4) {
      if (i % kRef == 0) {  // the next kRef results of the reference
        for (uint64_t j = 0; j < kRef; ++j) {
          const uint32_t b = uint32_t(c * kChunk + i + j);
          std::memcpy(&xr[j], &b, 4);
        }
        scalar_fn(xr, ref);
      }
      for (int k = 0; k < 4; ++k) {
        const uint32_t b = uint32_t(c * kChunk + i + k);
        std::memcpy(&x[k], &b, 4);
      }
      wide::F4 v;
      std::memcpy(&v, x, 16);
      const wide::F4 r = wide_fn(v);
      std::memcpy(w, &r, 16);
      for (int k = 0; k < 4; ++k) {
        const float s = ref[(i + k) % kRef];
        if (bits(s) != bits(w[k])) {
          if (++bad <= 20)
            std::printf("  %s(%a) [0x%08x]: wide %a [0x%08x], fused %a [0x%08x]\n", name, double(x[k]), bits(x[k]),
                        double(w[k]), bits(w[k]), double(s), bits(s));
        }
        const uint64_t rb = w[k] != w[k] ? ~0ull : uint64_t(bits(w[k]));
        sum += rb * (2 * (i + k) + 1);
      }
    }
    if (sums) std::fprintf(sums, "%s %u %016llx\n", name, c, (unsigned long long)sum);
  }
  return bad;
}

}  // namespace

int main(int argc, char** argv) {
  std::string funcs = "exp,log,tanh,sin,cos";
  unsigned c0 = 0, c1 = 256;
  FILE* sums = nullptr;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--chunks" && i + 1 < argc) {
      std::sscanf(argv[++i], "%u:%u", &c0, &c1);
    } else if (a == "--sums" && i + 1 < argc) {
      sums = std::fopen(argv[++i], "w");
    } else {
      funcs = a;
    }
  }
  if (c1 > 256) c1 = 256;
  uint64_t total_bad = 0;
  size_t pos = 0;
  while (pos <= funcs.size()) {
    size_t end = funcs.find(',', pos);
    if (end == std::string::npos) end = funcs.size();
    const std::string fn = funcs.substr(pos, end - pos);
    pos = end + 1;
    if (fn.empty()) continue;
    const auto t0 = std::chrono::steady_clock::now();
    uint64_t bad = 0;
    if (fn == "exp")
      bad = run("exp", [](wide::F4 v) { return wide::exp(v); }, SL_PROOF_REF(exp), c0, c1, sums);
    else if (fn == "log")
      bad = run("log", [](wide::F4 v) { return wide::log(v); }, SL_PROOF_REF(log), c0, c1, sums);
    else if (fn == "tanh")
      bad = run("tanh", [](wide::F4 v) { return wide::tanh(v); }, SL_PROOF_REF(tanh), c0, c1, sums);
    else if (fn == "sin")
      bad = run("sin", [](wide::F4 v) { return wide::sin(v); }, SL_PROOF_REF(sin), c0, c1, sums);
    else if (fn == "cos")
      bad = run("cos", [](wide::F4 v) { return wide::cos(v); }, SL_PROOF_REF(cos), c0, c1, sums);
    else {
      std::fprintf(stderr, "unknown function %s\n", fn.c_str());
      return 2;
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("PROOF %-5s f32 inputs %llu (chunks %u..%u)  differing %llu  (%.0f s, %s FMA reference)\n", fn.c_str(),
                (unsigned long long)((uint64_t(c1 - c0)) << 24), c0, c1 - 1, (unsigned long long)bad, s,
                SL_FMA_EMULATED ? "emulated" : "hardware");
    std::fflush(stdout);
    total_bad += bad;
  }
  if (sums) std::fclose(sums);
  return total_bad ? 1 : 0;
}
