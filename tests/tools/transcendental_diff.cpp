// Differential harness, engine side: applies stridelab's elementwise kernels
// (sl::ops, the functors the ufunc loops run) to the inputs recorded by
// tests/tools/transcendental_diff.py in the reference (NumPy 2.2, AVX2+FMA,
// through refpy) and counts results whose bits differ from NumPy's (all NaNs
// count as equal: NumPy prints every NaN as nan). Not part of the shipped
// build:
//   g++ -O2 -std=c++20 -I. -isystem .deps/xsimd-13.2.0-1/usr/include tests/tools/transcendental_diff.cpp \
//       core/kernels/libm/*.cpp -o build/numerics-tools/diff
//   build/numerics-tools/diff DIR [--show N] [--summary]
// DIR/cases.tsv lists the recorded cases (function, dtype, category, file
// stem, arity); DIR/exhaustive.tsv, when present, per-chunk checksums of
// NumPy over every float32 bit pattern (see the .py), which the tool
// recomputes. Add -DSL_FMA_EMULATED=1 to check the wasm FMA emulation
// natively; for real wasm build it with em++ (-sNODERAWFS=1
// -sENVIRONMENT=node -msimd128 -sALLOW_MEMORY_GROWTH=1) and run it with
// node --no-experimental-fetch. SL_DIFF_SCALAR=1 in the environment runs the
// scalar (strided/tail) form only.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "core/kernels/ops.hpp"

namespace {

template <class T>
std::vector<T> read_all(const char* path) {
  FILE* f = std::fopen(path, "rb");
  if (!f) { std::perror(path); std::exit(2); }
  std::fseek(f, 0, SEEK_END);
  long n = std::ftell(f);
  std::fseek(f, 0, SEEK_SET);
  std::vector<T> v(size_t(n) / sizeof(T));
  if (std::fread(v.data(), sizeof(T), v.size(), f) != v.size()) { std::perror(path); std::exit(2); }
  std::fclose(f);
  return v;
}

// SL_DIFF_SCALAR=1 in the environment: element by element only (the strided
// and tail path); otherwise the batch form where the op has one, the scalar
// form for the tail -- what the contiguous ufunc loop runs.
inline bool scalar_only() {
  static const bool s = std::getenv("SL_DIFF_SCALAR") && std::getenv("SL_DIFF_SCALAR")[0] == '1';
  return s;
}

template <class Op, class T>
void unary(const std::vector<T>& a, std::vector<T>& o) {
  size_t i = 0;
#if SL_SIMD
  if constexpr (Op::template vec<T>) {
    using B = xsimd::batch<T>;
    if (!scalar_only())
      for (; i + B::size <= a.size(); i += B::size) Op::v(B::load_unaligned(a.data() + i)).store_unaligned(o.data() + i);
  }
#endif
  for (; i < a.size(); ++i) o[i] = Op::template f<T>(a[i]);
}
template <class Op, class T>
void binary(const std::vector<T>& a, const std::vector<T>& b, std::vector<T>& o) {
  for (size_t i = 0; i < a.size(); ++i) o[i] = Op::template f<T>(a[i], b[i]);
}

template <class T>
bool run(const std::string& fn, const std::vector<T>& a, const std::vector<T>& b, std::vector<T>& o) {

#define U(NAME, OP) if (fn == NAME) { unary<sl::ops::OP, T>(a, o); return true; }
#define B(NAME, OP) if (fn == NAME) { binary<sl::ops::OP, T>(a, b, o); return true; }
  B("power", power) B("arctan2", arctan2)
  U("exp", exp) U("log", log) U("exp2", exp2) U("log2", log2) U("log10", log10) U("expm1", expm1)
  U("log1p", log1p) U("sqrt", sqrt) U("cbrt", cbrt) U("sin", sin) U("cos", cos) U("tan", tan)
  U("arcsin", arcsin) U("arccos", arccos) U("arctan", arctan) U("sinh", sinh) U("cosh", cosh)
  U("tanh", tanh) U("arcsinh", arcsinh) U("arccosh", arccosh) U("arctanh", arctanh)
#undef U
#undef B
  return false;
}

template <class T> uint64_t ubits(T x) {
  if (x != x) return ~uint64_t(0);  // every NaN is the same NaN
  if constexpr (sizeof(T) == 4) { uint32_t b; std::memcpy(&b, &x, 4); return b; }
  else { uint64_t b; std::memcpy(&b, &x, 8); return b; }
}

struct Totals { uint64_t bad = 0, n = 0; };
std::map<std::string, Totals> g_totals;
int g_show = 3;
bool g_summary = false;

template <class T>
bool compare_case(const std::string& dir, const std::string& fn, const std::string& tag, const std::string& cat,
                  const std::string& stem, int arity) {
  const std::vector<T> a = read_all<T>((dir + "/" + stem + ".x.bin").c_str());
  const std::vector<T> b = arity > 1 ? read_all<T>((dir + "/" + stem + ".y.bin").c_str()) : std::vector<T>();
  const std::vector<T> ref = read_all<T>((dir + "/" + stem + ".ref.bin").c_str());
  std::vector<T> o(a.size());
  auto t0 = std::chrono::steady_clock::now();
  if (!run<T>(fn, a, b, o)) { std::fprintf(stderr, "unknown function %s\n", fn.c_str()); return false; }
  auto t1 = std::chrono::steady_clock::now();
  const double ns = std::chrono::duration<double, std::nano>(t1 - t0).count() / double(a.size() ? a.size() : 1);
  uint64_t bad = 0;
  int shown = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    if (ubits(o[i]) == ubits(ref[i])) continue;
    if (!g_summary && shown++ < g_show)
      std::printf("      %a%s%s -> numpy %a ours %a\n", double(a[i]), arity > 1 ? " " : "",
                  arity > 1 ? std::to_string(double(b[i])).c_str() : "", double(ref[i]), double(o[i]));
    ++bad;
  }
  if (!g_summary)
    std::printf("%-8s %s %-38s %8llu / %8zu  (%.2f ns/element)\n", fn.c_str(), tag.c_str(), cat.c_str(),
                (unsigned long long)bad, a.size(), ns);
  Totals& t = g_totals[fn + " " + tag];
  t.bad += bad;
  t.n += a.size();
  return true;
}

// Every float32 bit pattern, in chunks of 2^24: sum over the chunk of
// bits(result) * (2 i + 1) mod 2^64, NaN as all-ones (the .py computes the
// same in NumPy).
bool compare_exhaustive(const std::string& fn, const std::vector<uint64_t>& want) {
  constexpr uint64_t kChunk = uint64_t(1) << 24;
  std::vector<float> a(kChunk), o(kChunk);
  std::vector<float> none;
  uint64_t bad_chunks = 0;
  for (uint64_t c = 0; c < want.size(); ++c) {
    for (uint64_t i = 0; i < kChunk; ++i) {
      const uint32_t b = uint32_t(c * kChunk + i);
      std::memcpy(&a[i], &b, 4);
    }
    if (!run<float>(fn, a, none, o)) return false;
    uint64_t sum = 0;
    for (uint64_t i = 0; i < kChunk; ++i) sum += (ubits(o[i]) == ~uint64_t(0) ? ~uint64_t(0) : ubits(o[i])) * (2 * i + 1);
    if (sum != want[c]) {
      ++bad_chunks;
      if (!g_summary) std::printf("      chunk %llu (bits 0x%08llx..) differs\n", (unsigned long long)c,
                                  (unsigned long long)(c * kChunk));
    }
  }
  std::printf("EXHAUSTIVE %-8s f32 chunks differing %llu / %zu (2^24 inputs each)\n", fn.c_str(),
              (unsigned long long)bad_chunks, want.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) { std::fprintf(stderr, "usage: %s DIR [--show N] [--summary]\n", argv[0]); return 2; }
  const std::string dir = argv[1];
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--show") == 0 && i + 1 < argc) g_show = std::atoi(argv[++i]);
    else if (std::strcmp(argv[i], "--summary") == 0) g_summary = true;
  }
  std::vector<std::string> order;
  if (FILE* f = std::fopen((dir + "/cases.tsv").c_str(), "r")) {
    char fn[64], tag[8], cat[128], stem[128];
    int arity;
    while (std::fscanf(f, "%63[^\t]\t%7[^\t]\t%127[^\t]\t%127[^\t]\t%d\n", fn, tag, cat, stem, &arity) == 5) {
      const std::string key = std::string(fn) + " " + tag;
      if (!g_totals.count(key)) order.push_back(key);
      const bool ok = std::strcmp(tag, "f64") == 0 ? compare_case<double>(dir, fn, tag, cat, stem, arity)
                                                    : compare_case<float>(dir, fn, tag, cat, stem, arity);
      if (!ok) return 2;
    }
    std::fclose(f);
  }
  for (const auto& k : order) {
    const Totals& t = g_totals[k];
    std::printf("TOTAL %-12s mismatches %llu / %llu = %.4f%%\n", k.c_str(), (unsigned long long)t.bad,
                (unsigned long long)t.n, 100.0 * double(t.bad) / double(t.n ? t.n : 1));
  }
  if (FILE* f = std::fopen((dir + "/exhaustive.tsv").c_str(), "r")) {
    char fn[64];
    static char sums[4096 * 21];
    while (std::fscanf(f, "%63[^\t]\t%s\n", fn, sums) == 2) {
      std::vector<uint64_t> want;
      for (char* p = std::strtok(sums, ","); p; p = std::strtok(nullptr, ",")) want.push_back(std::strtoull(p, nullptr, 10));
      if (!compare_exhaustive(fn, want)) return 2;
    }
    std::fclose(f);
  }
  return 0;
}
