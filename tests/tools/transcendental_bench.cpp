// Throughput of the transcendental ufunc kernels (sl::ops functors run the way
// the contiguous ufunc loop runs them: batches + scalar tail), against the C
// library element by element (the old kernels). Not part of the shipped build:
//   g++ -O2 -DNDEBUG -std=c++20 -I. -isystem .deps/xsimd-13.2.0-1/usr/include \
//       tests/tools/transcendental_bench.cpp core/kernels/libm/*.cpp -o build/numerics-tools/bench
//   em++ (same flags) -msimd128 -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=node -o bench.js
//   node --no-liftoff --no-experimental-fetch bench.js
// (in Node the time is the process's CPU time, process.cpuUsage()).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <random>
#include <vector>

#include "core/kernels/ops.hpp"

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
// CPU time of the Node process (user + system), in microseconds.
EM_JS(double, sl_bench_cpu_us, (), {
  if (typeof process === 'undefined' || !process.cpuUsage) return performance.now() * 1000;
  const u = process.cpuUsage();
  return u.user + u.system;
});
#endif

namespace {

template <class Op, class T>
void run_ops(const std::vector<T>& a, std::vector<T>& o) {
  size_t i = 0;
#if SL_SIMD
  if constexpr (Op::template vec<T>) {
    using B = xsimd::batch<T>;
    for (; i + B::size <= a.size(); i += B::size) Op::v(B::load_unaligned(a.data() + i)).store_unaligned(o.data() + i);
  }
#endif
  for (; i < a.size(); ++i) o[i] = Op::template f<T>(a[i]);
}

// CPU time of this process where the platform has it (the machines are
// shared; wall time is not meaningful under load), wall time otherwise.
inline double now_s() {
#if defined(__EMSCRIPTEN__)
  return 1e-6 * sl_bench_cpu_us();
#elif defined(CLOCK_PROCESS_CPUTIME_ID)
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
#else
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
#endif
}

volatile double g_sink;

template <class T, class F>
double melems(const std::vector<T>& o, F&& f) {
  double best = 1e30;
  for (int rep = 0; rep < 7; ++rep) {
    const double t0 = now_s();
    f();
    const double s = now_s() - t0;
    double sum = 0;  // keeps the loop from being optimised away
    for (size_t i = 0; i < o.size(); i += 97) sum += double(o[i]);
    g_sink = sum;
    if (s < best) best = s;
  }
  return double(o.size()) / best / 1e6;
}

template <class Op, class T, class L>
void bench(const char* name, T lo, T hi, L libm) {
  const size_t n = 1 << 20;
  std::mt19937 g(1);
  std::uniform_real_distribution<double> u{double(lo), double(hi)};
  std::vector<T> a(n), o(n);
  for (auto& v : a) v = T(u(g));
  const double now = melems(o, [&] { run_ops<Op, T>(a, o); });
  const double old = melems(o, [&] { for (size_t i = 0; i < n; ++i) o[i] = libm(a[i]); });
  std::printf("%-5s %s  new %8.1f Melem/s   libm %8.1f Melem/s   x%.1f\n", name, sizeof(T) == 4 ? "f32" : "f64", now,
              old, now / old);
}

}  // namespace

int main() {
  std::printf("arch %s\n", sl::simd::arch_name());
  bench<sl::ops::exp, float>("exp", -80.f, 80.f, [](float x) { return std::exp(x); });
  bench<sl::ops::log, float>("log", 1e-3f, 1e3f, [](float x) { return std::log(x); });
  bench<sl::ops::tanh, float>("tanh", -5.f, 5.f, [](float x) { return std::tanh(x); });
  bench<sl::ops::sin, float>("sin", -100.f, 100.f, [](float x) { return std::sin(x); });
  bench<sl::ops::cos, float>("cos", -100.f, 100.f, [](float x) { return std::cos(x); });
  bench<sl::ops::tanh, double>("tanh", -5.0, 5.0, [](double x) { return std::tanh(x); });
  bench<sl::ops::exp, double>("exp", -700.0, 700.0, [](double x) { return std::exp(x); });
}
