// kernels/matmul: see matmul.hpp.
//
// The float kernel is the Goto/BLIS decomposition (Goto & van de Geijn,
// "Anatomy of High-Performance Matrix Multiplication", 2008):
//
//   for jc in N step NC:            B block  B[pc:pc+KC, jc:jc+NC]  packed once
//     for pc in K step KC:          into NR-column panels, k-major
//       pack B block
//       for ic in M step MC:        A block  A[ic:ic+MC, pc:pc+KC]  packed into
//         pack A block              MR-row panels, k-major
//         for jr in NC step NR:     micro-kernel: the MR x NR tile of C held in
//           for ir in MC step MR:   registers, C_tile (+)= sum_k a[:,k] b[k,:]
//
// Packing makes every micro-kernel read contiguous (zero-padded at the edges,
// so the micro-kernel never branches on size), whatever the operands' strides.
// Micro-tile: MR = 4 rows by NR = 2 SIMD batches (8 floats / 4 doubles with
// 128-bit SSE2 or WASM SIMD): 8 accumulators + 2 B batches + 1 broadcast A
// value = 11 vector registers, comfortably under the 16 that x86-64 has (and
// that V8 maps wasm's registers to, one of them reserved as scratch), so
// nothing spills. Blocks: KC = 256 (an A and a B micro-panel, MR*KC + NR*KC
// elements = 12 KiB of floats, stay in L1), MC = 128 rows of A (128 KiB in
// L2), NC = 2048 columns of B.
//
// Summation order: each C element is ONE running sum over k in order, from 0
// (a later K block starts from the partial sum the earlier ones left in C),
// with a separate multiply and add -- no FMA is ever used (wasm has none;
// natively we never ask for one). That is exactly the naive loop
// (sum = 0; sum += a*b), and exactly what NumPy computes on the machines the
// oracle was recorded on: NumPy 1.24 there calls the reference (netlib) BLAS,
// whose dgemm/sgemm, dgemv and ddot all accumulate each element in k order
// from zero, and its own no-BLAS loop does the same. So float matmul results
// match NumPy bit for bit, not just to rounding. The order costs no speed: a
// register tile holds one accumulator per C element anyway, and the k loop
// is the micro-kernel's loop. Measured in wasm (V8 TurboFan, one core of
// this project's machines, 1024 x 1024): ~50 GFLOP/s float32 (4 x 8 tile:
// 8 mul + 8 add + 6 loads per k, the two FP add and two FP mul pipes full)
// and ~25 GFLOP/s float64. None of the oracle's matmul cases needs the order
// (they are small and their printed digits do not see the last bit), but
// tests/core/kernels/test_matmul.cpp holds it for every size.
#include "core/kernels/matmul.hpp"

#include <cstring>
#include <type_traits>
#include <vector>

#include "core/model/element.hpp"
#include "core/kernels/simd.hpp"

namespace sl {

namespace {

template <class T>
struct Blocking {
#if SL_SIMD
  static constexpr int W = int(xsimd::batch<T>::size);
#else
  static constexpr int W = int(16 / sizeof(T));  // same panel geometry as 128-bit SIMD
#endif
  static constexpr int MR = 4;
  static constexpr int NRB = 2;  // batches per tile row
  static constexpr int NR = NRB * W;
  static constexpr int64_t KC = 256;
  static constexpr int64_t MC = 128;  // multiple of MR
  static constexpr int64_t NC = 2048; // multiple of NR
};

template <class T>
std::vector<T>& scratch(int which) {
  thread_local std::vector<T> buf[2];
  return buf[which];
}

// Packs A[0:mc, 0:kc] (byte strides rs, cs) into ceil(mc/MR) panels; panel p
// holds, for each k, the MR values A[p*MR + r, k] (zero past mc).
template <class T>
void pack_a(int64_t mc, int64_t kc, const char* A, int64_t rs, int64_t cs, T* dst) {
  constexpr int MR = Blocking<T>::MR;
  for (int64_t i0 = 0; i0 < mc; i0 += MR) {
    int64_t mr = std::min<int64_t>(MR, mc - i0);
    const char* a = A + i0 * rs;
    if (mr == MR && cs == int64_t(sizeof(T))) {
      for (int64_t k = 0; k < kc; ++k)
        for (int r = 0; r < MR; ++r) dst[k * MR + r] = load<T>(a + r * rs + k * int64_t(sizeof(T)));
    } else {
      for (int64_t k = 0; k < kc; ++k)
        for (int r = 0; r < MR; ++r) dst[k * MR + r] = r < mr ? load<T>(a + r * rs + k * cs) : T(0);
    }
    dst += kc * MR;
  }
}

// Packs B[0:kc, 0:nc] into ceil(nc/NR) panels; panel q holds, for each k, the
// NR values B[k, q*NR + c] (zero past nc).
template <class T>
void pack_b(int64_t kc, int64_t nc, const char* B, int64_t rs, int64_t cs, T* dst) {
  constexpr int NR = Blocking<T>::NR;
  for (int64_t j0 = 0; j0 < nc; j0 += NR) {
    int64_t nr = std::min<int64_t>(NR, nc - j0);
    const char* b = B + j0 * cs;
    if (nr == NR && cs == int64_t(sizeof(T))) {
      for (int64_t k = 0; k < kc; ++k) std::memcpy(dst + k * NR, b + k * rs, sizeof(T) * NR);
    } else {
      for (int64_t k = 0; k < kc; ++k)
        for (int c = 0; c < NR; ++c) dst[k * NR + c] = c < nr ? load<T>(b + k * rs + c * cs) : T(0);
    }
    dst += kc * NR;
  }
}

// The tile's starting sums: zeros for the first K block, else the partial
// sums already in C (so that every element is one running sum over k in
// order, across blocks too).
template <class T>
void read_tile(T* t, int mr, int nr, const char* C, int64_t rs, int64_t cs, bool accumulate) {
  constexpr int MR = Blocking<T>::MR, NR = Blocking<T>::NR;
  for (int r = 0; r < MR; ++r)
    for (int c = 0; c < NR; ++c) t[r * NR + c] = accumulate && r < mr && c < nr ? load<T>(C + r * rs + c * cs) : T(0);
}

template <class T>
void write_tile(const T* t, int mr, int nr, char* C, int64_t rs, int64_t cs) {
  constexpr int NR = Blocking<T>::NR;
  for (int r = 0; r < mr; ++r)
    for (int c = 0; c < nr; ++c) store<T>(C + r * rs + c * cs, t[r * NR + c]);
}

// The micro-kernel: tile[r][c] += a[k*MR + r] * b[k*NR + c] for k in order over
// the packed panels, the tile starting from zero (first K block) or from C's
// partial sums. Whole tiles over contiguous, aligned C rows are read and
// written with vector loads/stores; edge tiles go through a small buffer.
template <class T>
__attribute__((noinline)) void micro_kernel(int64_t kc, const T* a, const T* b, int mr, int nr, char* C, int64_t rs,
                                            int64_t cs, bool accumulate) {
  constexpr int MR = Blocking<T>::MR;
  constexpr int NR = Blocking<T>::NR;
#if SL_SIMD
  using V = xsimd::batch<T>;
  constexpr int W = Blocking<T>::W;
  static_assert(MR == 4 && Blocking<T>::NRB == 2, "the unrolled tile below is 4 x 2 batches");
  const bool direct = mr == MR && nr == NR && cs == int64_t(sizeof(T)) &&
                      (reinterpret_cast<uintptr_t>(C) % sizeof(T)) == 0 && (rs % int64_t(sizeof(T))) == 0;
  alignas(64) T t[MR * NR];
  auto row = [&](int r) { return reinterpret_cast<T*>(C + r * rs); };
  if (!direct) read_tile(t, mr, nr, C, rs, cs, accumulate);
  auto init = [&](int r, int j) {
    if (!direct) return V::load_unaligned(t + r * NR + j * W);
    return accumulate ? V::load_unaligned(row(r) + j * W) : V(T(0));
  };
  V c00 = init(0, 0), c01 = init(0, 1), c10 = init(1, 0), c11 = init(1, 1);
  V c20 = init(2, 0), c21 = init(2, 1), c30 = init(3, 0), c31 = init(3, 1);
  for (int64_t k = 0; k < kc; ++k) {
    const V b0 = V::load_unaligned(b);
    const V b1 = V::load_unaligned(b + W);
    V ar(a[0]);
    c00 += ar * b0;
    c01 += ar * b1;
    ar = V(a[1]);
    c10 += ar * b0;
    c11 += ar * b1;
    ar = V(a[2]);
    c20 += ar * b0;
    c21 += ar * b1;
    ar = V(a[3]);
    c30 += ar * b0;
    c31 += ar * b1;
    a += MR;
    b += NR;
  }
  if (direct) {
    c00.store_unaligned(row(0)), c01.store_unaligned(row(0) + W);
    c10.store_unaligned(row(1)), c11.store_unaligned(row(1) + W);
    c20.store_unaligned(row(2)), c21.store_unaligned(row(2) + W);
    c30.store_unaligned(row(3)), c31.store_unaligned(row(3) + W);
    return;
  }
  c00.store_unaligned(t + 0 * NR), c01.store_unaligned(t + 0 * NR + W);
  c10.store_unaligned(t + 1 * NR), c11.store_unaligned(t + 1 * NR + W);
  c20.store_unaligned(t + 2 * NR), c21.store_unaligned(t + 2 * NR + W);
  c30.store_unaligned(t + 3 * NR), c31.store_unaligned(t + 3 * NR + W);
  write_tile(t, mr, nr, C, rs, cs);
#else
  T t[MR * NR];
  read_tile(t, mr, nr, C, rs, cs, accumulate);
  for (int64_t k = 0; k < kc; ++k) {
    for (int r = 0; r < MR; ++r)
      for (int c = 0; c < NR; ++c) t[r * NR + c] += a[r] * b[c];
    a += MR;
    b += NR;
  }
  write_tile(t, mr, nr, C, rs, cs);
#endif
}

// y[M] = A[M,K] @ x[K] (N == 1): one dot product per row, summed in order.
template <class T>
void gemv_rows(int64_t M, int64_t K, const char* A, int64_t a_rs, int64_t a_cs, const char* x, int64_t x_s, char* y,
               int64_t y_s) {
  for (int64_t i = 0; i < M; ++i) {
    T s = 0;
    const char* a = A + i * a_rs;
    for (int64_t k = 0; k < K; ++k) s += load<T>(a + k * a_cs) * load<T>(x + k * x_s);
    store<T>(y + i * y_s, s);
  }
}

// y[N] = x[K] @ B[K,N] (M == 1): y = sum_k x[k] * B[k,:] row by row (each y[j]
// still sums over k in order), vectorised along the contiguous rows of B.
template <class T>
void gemv_cols(int64_t N, int64_t K, const char* x, int64_t x_s, const char* B, int64_t b_rs, int64_t b_cs, char* y,
               int64_t y_s) {
  std::vector<T>& acc = scratch<T>(0);
  acc.assign(size_t(N), T(0));
  T* s = acc.data();
  for (int64_t k = 0; k < K; ++k) {
    const T xk = load<T>(x + k * x_s);
    const char* b = B + k * b_rs;
    int64_t j = 0;
#if SL_SIMD
    using V = xsimd::batch<T>;
    constexpr int64_t W = V::size;
    if (b_cs == int64_t(sizeof(T)) && (reinterpret_cast<uintptr_t>(b) % sizeof(T)) == 0) {
      const V vx(xk);
      const T* bp = reinterpret_cast<const T*>(b);
      for (; j + W <= N; j += W) (V::load_unaligned(s + j) + vx * V::load_unaligned(bp + j)).store_unaligned(s + j);
    }
#endif
    for (; j < N; ++j) s[j] += xk * load<T>(b + j * b_cs);
  }
  for (int64_t j = 0; j < N; ++j) store<T>(y + j * y_s, s[j]);
}

}  // namespace

template <class T>
void gemm_reference(int64_t M, int64_t N, int64_t K, const char* A, int64_t a_rs, int64_t a_cs, const char* B,
                    int64_t b_rs, int64_t b_cs, char* C, int64_t c_rs, int64_t c_cs) {
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < N; ++j) {
      T s = 0;
      for (int64_t k = 0; k < K; ++k) s += load<T>(A + i * a_rs + k * a_cs) * load<T>(B + k * b_rs + j * b_cs);
      store<T>(C + i * c_rs + j * c_cs, s);
    }
}

template <class T>
void gemm(int64_t M, int64_t N, int64_t K, const char* A, int64_t a_rs, int64_t a_cs, const char* B, int64_t b_rs,
          int64_t b_cs, char* C, int64_t c_rs, int64_t c_cs) {
  using Bk = Blocking<T>;
  if (M <= 0 || N <= 0) return;
  if (K <= 0) {
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < N; ++j) store<T>(C + i * c_rs + j * c_cs, T(0));
    return;
  }
  if (N == 1) return gemv_rows<T>(M, K, A, a_rs, a_cs, B, b_rs, C, c_rs);
  if (M == 1) return gemv_cols<T>(N, K, A, a_cs, B, b_rs, b_cs, C, c_cs);
  // The micro-kernel is called through a pointer the optimisers cannot see
  // through: wasm-opt inlines every function with a single caller, and with
  // gemm and the micro-kernel inlined into matmul_kernel's dtype switch the hot
  // loop sat in one 27 KB function where V8 allocated its registers worse
  // (~33 instead of ~50 GFLOP/s for 1024 x 1024 float32). One indirect call per
  // MR x NR tile (kc multiply-adds of 8 batches) costs nothing measurable.
  static void (*volatile const kernel)(int64_t, const T*, const T*, int, int, char*, int64_t, int64_t, bool) =
      &micro_kernel<T>;
  auto* const mk = kernel;
  std::vector<T>& abuf = scratch<T>(0);
  std::vector<T>& bbuf = scratch<T>(1);
  const int64_t kc_max = std::min<int64_t>(K, Bk::KC);
  const int64_t mc_max = std::min<int64_t>((M + Bk::MR - 1) / Bk::MR * Bk::MR, Bk::MC);
  const int64_t nc_max = std::min<int64_t>((N + Bk::NR - 1) / Bk::NR * Bk::NR, Bk::NC);
  abuf.resize(size_t(mc_max * kc_max));
  bbuf.resize(size_t(nc_max * kc_max));
  for (int64_t jc = 0; jc < N; jc += Bk::NC) {
    const int64_t nc = std::min<int64_t>(Bk::NC, N - jc);
    for (int64_t pc = 0; pc < K; pc += Bk::KC) {
      const int64_t kc = std::min<int64_t>(Bk::KC, K - pc);
      const bool accumulate = pc > 0;
      pack_b<T>(kc, nc, B + pc * b_rs + jc * b_cs, b_rs, b_cs, bbuf.data());
      for (int64_t ic = 0; ic < M; ic += Bk::MC) {
        const int64_t mc = std::min<int64_t>(Bk::MC, M - ic);
        pack_a<T>(mc, kc, A + ic * a_rs + pc * a_cs, a_rs, a_cs, abuf.data());
        for (int64_t jr = 0; jr < nc; jr += Bk::NR) {
          const int nr = int(std::min<int64_t>(Bk::NR, nc - jr));
          const T* bp = bbuf.data() + (jr / Bk::NR) * kc * Bk::NR;
          for (int64_t ir = 0; ir < mc; ir += Bk::MR) {
            const int mr = int(std::min<int64_t>(Bk::MR, mc - ir));
            const T* ap = abuf.data() + (ir / Bk::MR) * kc * Bk::MR;
            char* c = C + (ic + ir) * c_rs + (jc + jr) * c_cs;
            mk(kc, ap, bp, mr, nr, c, c_rs, c_cs, accumulate);
          }
        }
      }
    }
  }
}

template void gemm<float>(int64_t, int64_t, int64_t, const char*, int64_t, int64_t, const char*, int64_t, int64_t, char*,
                          int64_t, int64_t);
template void gemm<double>(int64_t, int64_t, int64_t, const char*, int64_t, int64_t, const char*, int64_t, int64_t,
                           char*, int64_t, int64_t);
template void gemm_reference<float>(int64_t, int64_t, int64_t, const char*, int64_t, int64_t, const char*, int64_t,
                                    int64_t, char*, int64_t, int64_t);
template void gemm_reference<double>(int64_t, int64_t, int64_t, const char*, int64_t, int64_t, const char*, int64_t,
                                     int64_t, char*, int64_t, int64_t);

namespace {

// The generic loop (NumPy's @TYPE@_matmul_inner_noblas): out = sum over k in
// order, in the element type -- unsigned arithmetic for integers so that they
// wrap, float for float16 (rounded once at the end), any-of-ands for bool,
// (ar*br - ai*bi, ar*bi + ai*br) for complex.
template <class T>
void generic_matmul(int64_t M, int64_t N, int64_t K, const char* A, int64_t a_rs, int64_t a_cs, const char* B,
                    int64_t b_rs, int64_t b_cs, char* C, int64_t c_rs, int64_t c_cs) {
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < N; ++j) {
      const char* a = A + i * a_rs;
      const char* b = B + j * b_cs;
      char* c = C + i * c_rs + j * c_cs;
      if constexpr (std::is_same_v<T, bool>) {
        bool s = false;
        for (int64_t k = 0; k < K && !s; ++k) s = load<bool>(a + k * a_cs) && load<bool>(b + k * b_rs);
        store<bool>(c, s);
      } else if constexpr (std::is_same_v<T, half>) {
        float s = 0;
        for (int64_t k = 0; k < K; ++k) s += float(load<half>(a + k * a_cs)) * float(load<half>(b + k * b_rs));
        store<half>(c, half(s));
      } else if constexpr (std::is_integral_v<T>) {
        using U = std::make_unsigned_t<T>;
        U s = 0;
        for (int64_t k = 0; k < K; ++k) s = U(s + U(U(load<T>(a + k * a_cs)) * U(load<T>(b + k * b_rs))));
        store<T>(c, T(s));
      } else if constexpr (is_complex_t<T>::value) {
        using R = typename T::value_type;
        R sr = 0, si = 0;
        for (int64_t k = 0; k < K; ++k) {
          T x = load<T>(a + k * a_cs), y = load<T>(b + k * b_rs);
          sr += x.real() * y.real() - x.imag() * y.imag();
          si += x.real() * y.imag() + x.imag() * y.real();
        }
        store<T>(c, T(sr, si));
      } else {
        T s = 0;
        for (int64_t k = 0; k < K; ++k) s += load<T>(a + k * a_cs) * load<T>(b + k * b_rs);
        store<T>(c, s);
      }
    }
}

// Whether axes [0, upto] of (shape, strides) walk memory as one axis with the
// stride of axis `upto` (each stride == next extent * next stride; length-1
// axes are free).
bool merges(const Shape& shape, const Strides& strides, int upto) {
  int64_t expect = strides[size_t(upto)] * shape[size_t(upto)];
  for (int d = upto - 1; d >= 0; --d) {
    if (shape[size_t(d)] == 1) continue;
    if (strides[size_t(d)] != expect) return false;
    expect *= shape[size_t(d)];
  }
  return true;
}

}  // namespace

void matmul_kernel(const Array& a, const Array& b, const Array& out) {
  const int nd = out.ndim();
  const int nb = nd - 2;  // batch axes
  const int64_t M = out.shape[size_t(nd - 2)], N = out.shape[size_t(nd - 1)], K = a.shape[size_t(nd - 1)];
  const int64_t a_rs = a.strides[size_t(nd - 2)], a_cs = a.strides[size_t(nd - 1)];
  const int64_t b_rs = b.strides[size_t(nd - 2)], b_cs = b.strides[size_t(nd - 1)];
  const int64_t c_rs = out.strides[size_t(nd - 2)], c_cs = out.strides[size_t(nd - 1)];
  if (out.size() == 0) return;
  auto one = [&](const char* A, const char* B, char* C, int64_t m) {
    visit_dtype(out.dtype, [&](auto t) {
      using T = decltype(t);
      if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>)
        gemm<T>(m, N, K, A, a_rs, a_cs, B, b_rs, b_cs, C, c_rs, c_cs);
      else
        generic_matmul<T>(m, N, K, A, a_rs, a_cs, B, b_rs, b_cs, C, c_rs, c_cs);
    });
  };
  // x @ W with W shared by every batch (stride 0) and the batch axes of x and
  // out folding into their row axis: one (batch*M, K) @ (K, N) product, so W
  // is packed once.
  bool b_shared = true;
  for (int d = 0; d < nb; ++d)
    if (out.shape[size_t(d)] != 1 && b.strides[size_t(d)] != 0) b_shared = false;
  if (nb > 0 && b_shared && merges(a.shape, a.strides, nd - 2) && merges(out.shape, out.strides, nd - 2)) {
    one(a.data(), b.data(), out.data(), shape_size(Shape(out.shape.begin(), out.shape.end() - 1)));
    return;
  }
  std::vector<int64_t> idx(size_t(nb), 0);
  const char* pa = a.data();
  const char* pb = b.data();
  char* pc = out.data();
  for (;;) {
    one(pa, pb, pc, M);
    int d = nb - 1;
    for (; d >= 0; --d) {
      size_t u = size_t(d);
      if (++idx[u] < out.shape[u]) {
        pa += a.strides[u], pb += b.strides[u], pc += out.strides[u];
        break;
      }
      pa -= (out.shape[u] - 1) * a.strides[u];
      pb -= (out.shape[u] - 1) * b.strides[u];
      pc -= (out.shape[u] - 1) * out.strides[u];
      idx[u] = 0;
    }
    if (d < 0) return;
  }
}

}  // namespace sl
