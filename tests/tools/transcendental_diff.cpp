// Differential harness, native side: applies one of stridelab's elementwise
// kernels (sl::ops, the functors the ufunc loops run) to raw little-endian
// input files and writes the raw results. tests/tools/transcendental_diff.py
// generates the inputs, runs NumPy on the same data and compares bit for bit.
// Not part of the shipped build:
//   g++ -O2 -std=c++20 -I. -I.deps/xsimd-13.2.0-1/usr/include \
//       tests/tools/transcendental_diff.cpp core/kernels/svml_pow.cpp -o build/transcendental_diff
//   transcendental_diff FUNC f32|f64 OUT IN1 [IN2]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

template <class T>
int main_t(int argc, char** argv) {
  const std::string fn = argv[1];
  std::vector<T> a = read_all<T>(argv[4]);
  std::vector<T> b = argc > 5 ? read_all<T>(argv[5]) : std::vector<T>();
  if (!b.empty() && b.size() != a.size()) { std::fprintf(stderr, "size mismatch\n"); return 2; }
  std::vector<T> o(a.size());
  auto t0 = std::chrono::steady_clock::now();
  if (!run<T>(fn, a, b, o)) { std::fprintf(stderr, "unknown function %s\n", fn.c_str()); return 2; }
  auto t1 = std::chrono::steady_clock::now();
  double ns = std::chrono::duration<double, std::nano>(t1 - t0).count() / double(a.size() ? a.size() : 1);
  std::fprintf(stderr, "%s %s: %.2f ns/element\n", fn.c_str(), argv[2], ns);
  FILE* f = std::fopen(argv[3], "wb");
  std::fwrite(o.data(), sizeof(T), o.size(), f);
  std::fclose(f);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) { std::fprintf(stderr, "usage: %s FUNC f32|f64 OUT IN1 [IN2]\n", argv[0]); return 2; }
  if (std::strcmp(argv[2], "f64") == 0) return main_t<double>(argc, argv);
  if (std::strcmp(argv[2], "f32") == 0) return main_t<float>(argc, argv);
  return 2;
}
