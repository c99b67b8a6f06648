#include "core/kernels/reduce.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "core/kernels/elementwise.hpp"
#include "core/kernels/ops.hpp"
#include "core/kernels/simd.hpp"
#include "core/model/element.hpp"
#include "core/model/iter.hpp"
#include "core/model/strides.hpp"

namespace sl {

namespace {

constexpr int64_t kBufSize = 8192;  // NPY_BUFSIZE: the longest run a reduction's inner loop sees
constexpr int64_t kPwBlock = 128;   // PW_BLOCKSIZE in loops_utils.h.src

// Note [Pairwise summation]
// Problem: s = x_0 + ... + x_{n-1} in floating point, where a left-to-right
// sum has error growing like O(n eps) and NumPy's answer is what users
// compare with. NumPy's pairwise_sum (numpy/core/src/umath/loops_utils.h.src):
//   n < 8:        s = ((0 + x_0) + x_1) + ...                (left to right)
//   n <= 128:     eight accumulators r_j = x_j + x_{j+8} + x_{j+16} + ...
//                 over the largest multiple of 8, then
//                 s = ((r0+r1)+(r2+r3)) + ((r4+r5)+(r6+r7)), then the
//                 remaining n % 8 elements added left to right;
//   n > 128:      m = n/2 rounded down to a multiple of 8, s = S(x[:m]) + S(x[m:]).
// Error O(log n eps); cost n additions. The eight accumulators are independent,
// so they are exactly the lanes of xsimd batches (2 x 4 floats or 4 x 2 doubles
// on 128-bit SIMD): the batch loop below adds the same numbers in the same
// order as the scalar one and gives the same bits.
template <class T, class Acc>
Acc pairwise_scalar(const char* a, int64_t n, int64_t s) {
  auto at = [&](int64_t i) { return Acc(load<T>(a + i * s)); };
  if (n < 8) {
    Acc res = Acc(0);
    for (int64_t i = 0; i < n; ++i) res += at(i);
    return res;
  }
  if (n <= kPwBlock) {
    Acc r[8];
    for (int j = 0; j < 8; ++j) r[j] = at(j);
    int64_t i = 8;
    for (; i < n - (n % 8); i += 8)
      for (int j = 0; j < 8; ++j) r[j] += at(i + j);
    Acc res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) res += at(i);
    return res;
  }
  int64_t n2 = n / 2;
  n2 -= n2 % 8;
  return pairwise_scalar<T, Acc>(a, n2, s) + pairwise_scalar<T, Acc>(a + n2 * s, n - n2, s);
}

template <class T>
T pairwise(const char* a, int64_t n, int64_t s) {
#if SL_SIMD
  if constexpr (std::is_floating_point_v<T>) {
    using B = xsimd::batch<T>;
    constexpr int64_t W = B::size;
    if constexpr (W <= 8 && 8 % W == 0) {
      if (s == int64_t(sizeof(T)) && n >= 8) {
        if (n > kPwBlock) {
          int64_t n2 = n / 2;
          n2 -= n2 % 8;
          return pairwise<T>(a, n2, s) + pairwise<T>(a + n2 * s, n - n2, s);
        }
        constexpr int NB = int(8 / W);
        const T* p = reinterpret_cast<const T*>(a);
        B r[NB];
        for (int b = 0; b < NB; ++b) r[b] = B::load_unaligned(p + b * W);
        int64_t i = 8;
        for (; i < n - (n % 8); i += 8)
          for (int b = 0; b < NB; ++b) r[b] += B::load_unaligned(p + i + b * W);
        T lanes[8];
        for (int b = 0; b < NB; ++b) r[b].store_unaligned(lanes + b * W);
        T res = ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]));
        for (; i < n; ++i) res += load<T>(a + i * s);
        return res;
      }
    }
  }
#endif
  return pairwise_scalar<T, T>(a, n, s);
}

// The complex pairwise sum (CFLOAT/CDOUBLE_pairwise_sum): NumPy walks the
// interleaved (re, im) floats, n counting floats, with accumulators
// r0..r7 = (re, im) of four consecutive elements.
template <class F>
void pairwise_cplx(F& rr, F& ri, const char* a, int64_t n, int64_t es) {
  auto re = [&](int64_t e) { return load<F>(a + e * es); };
  auto im = [&](int64_t e) { return load<F>(a + e * es + int64_t(sizeof(F))); };
  if (n < 8) {
    rr = F(0);
    ri = F(0);
    for (int64_t i = 0; i < n; i += 2) {
      rr += re(i / 2);
      ri += im(i / 2);
    }
    return;
  }
  if (n <= kPwBlock) {
    F r[8];
    for (int k = 0; k < 4; ++k) {
      r[2 * k] = re(k);
      r[2 * k + 1] = im(k);
    }
    int64_t i = 8;
    for (; i < n - (n % 8); i += 8)
      for (int k = 0; k < 4; ++k) {
        r[2 * k] += re(i / 2 + k);
        r[2 * k + 1] += im(i / 2 + k);
      }
    rr = (r[0] + r[2]) + (r[4] + r[6]);
    ri = (r[1] + r[3]) + (r[5] + r[7]);
    for (; i < n; i += 2) {
      rr += re(i / 2);
      ri += im(i / 2);
    }
    return;
  }
  int64_t n2 = n / 2;
  n2 -= n2 % 8;
  F rr1, ri1, rr2, ri2;
  pairwise_cplx<F>(rr1, ri1, a, n2, es);
  pairwise_cplx<F>(rr2, ri2, a + (n2 / 2) * es, n - n2, es);
  rr = rr1 + rr2;
  ri = ri1 + ri2;
}

Ufunc ufunc_of(ReduceOp op) {
  switch (op) {
    case ReduceOp::sum: return Ufunc::add;
    case ReduceOp::prod: return Ufunc::multiply;
    case ReduceOp::max: return Ufunc::maximum;
    case ReduceOp::min: return Ufunc::minimum;
    case ReduceOp::fmax: return Ufunc::fmax;
    case ReduceOp::fmin: return Ufunc::fmin;
    case ReduceOp::any: return Ufunc::logical_or;
    case ReduceOp::all: return Ufunc::logical_and;
  }
  return Ufunc::add;
}

// One inner-loop call of a binary reduction: *out = *out op x_0 op ... op x_{n-1}
// (NumPy's IS_BINARY_REDUCE loops: float16 accumulates in float and rounds
// once per call; sums use pairwise summation).
template <class Op, class T>
void fold_run(char* po, const char* p, int64_t n, int64_t s) {
  using C = ops::compute_t<T>;
  if constexpr (std::is_same_v<Op, ops::add> && (ops::is_flt<T> || ops::is_cplx<T>)) {
    if constexpr (ops::is_cplx<T>) {
      using F = typename T::value_type;
      F rr, ri;
      pairwise_cplx<F>(rr, ri, p, 2 * n, s);
      T acc = load<T>(po);
      store(po, T(acc.real() + rr, acc.imag() + ri));
    } else if constexpr (ops::is_half<T>) {
      float acc = float(load<half>(po));
      acc += pairwise_scalar<half, float>(p, n, s);
      store(po, half(acc));
    } else {
      T acc = load<T>(po);
      acc += pairwise<T>(p, n, s);
      store(po, acc);
    }
  } else {
    C acc = C(load<T>(po));
    int64_t i = 0;
#if SL_SIMD
    // Order-insensitive folds (integer sums wrap exactly; max/min, any/all)
    // keep one accumulator per lane, then fold the lanes.
    constexpr bool lanes_ok = simd::batchable<T> && Op::template vec<T> &&
                              (std::is_same_v<Op, ops::maximum> || std::is_same_v<Op, ops::minimum> ||
                               (std::is_same_v<Op, ops::add> && std::is_integral_v<T>));
    if constexpr (lanes_ok) {
      using B = xsimd::batch<T>;
      constexpr int64_t W = B::size;
      if (s == int64_t(sizeof(T)) && n >= 2 * W) {
        const T* q = reinterpret_cast<const T*>(p);
        B r = B::load_unaligned(q);
        for (i = W; i + W <= n; i += W) r = Op::v(r, B::load_unaligned(q + i));
        T lanes[W];
        r.store_unaligned(lanes);
        for (int64_t k = 0; k < W; ++k) acc = Op::f(acc, lanes[k]);
      }
    }
#endif
    if constexpr (ops::is_half<T> && requires { Op::half_f(0.0f, 0.0f); }) {
      for (; i < n; ++i) acc = Op::half_f(acc, C(load<T>(p + i * s)));  // float16 tie rule (ops.hpp)
    }
    for (; i < n; ++i) acc = Op::f(acc, C(load<T>(p + i * s)));
    if constexpr (std::is_same_v<decltype(Op::f(acc, acc)), bool>) store(po, bool(acc));
    else store(po, T(acc));
  }
}

// Note [fmin/fmax reduction ties]
// fmin/fmax may return either operand when they compare equal (0.0 and -0.0),
// and NumPy 2.2's float32/float64 reduce loop (loops_minmax.dispatch.c.src,
// its AVX2 build on the reference CPU) decides by its code path, so the
// sign of a zero result depends on the run's length and layout. Its first
// element is not in the run: NumPy copies it into the output first. Checked
// against refpy on random 0.0/-0.0/NaN/1 runs:
//   contiguous (simd_reduce_c): acc = the output broadcast to W lanes (one
//     AVX2 vector: 4 doubles / 8 floats); per 8W elements acc = V(acc,
//     V(V(V(v0,v1), V(v2,v3)), V(V(v4,v5), V(v6,v7)))), then per W elements
//     acc = V(acc, v), where V is vminpd/vmaxpd (ties and a NaN first operand
//     give the second, a NaN second operand keeps the first); the lanes are
//     reduced by npyv_reduce_minp's tree (NaN lanes read as +-inf unless all
//     are NaN): V(low half, high half) down to one lane; the remaining
//     elements fold in with ties keeping the accumulator.
//   strided: ties give the new element (exact for runs of < 9 elements).
// Elementwise loops (axis=0 of a C array, binary calls) take the second
// operand, as ops::fmin does; float16 keeps the first (ops.hpp half_f).
template <class Op, class T>
inline constexpr bool npy_fminmax_run = (std::is_same_v<Op, ops::fmin> || std::is_same_v<Op, ops::fmax>) &&
                                        (std::is_same_v<T, float> || std::is_same_v<T, double>);

template <bool IsMin, class T>
T fminmax_lane(T a, T b) {  // vminpd / vmaxpd under a not-NaN(b) mask
  if (std::isnan(b)) return a;
  return (IsMin ? a < b : a > b) ? a : b;
}

template <bool IsMin, class T>
T fminmax_keep(T a, T b) {  // scalar fmin/fmax keeping the accumulator on ties
  if (std::isnan(b)) return a;
  if (std::isnan(a)) return b;
  return (IsMin ? b < a : b > a) ? b : a;
}

template <class Op, class T>
void fminmax_run(char* po, const char* p, int64_t n, int64_t s) {
  constexpr bool kMin = std::is_same_v<Op, ops::fmin>;
  constexpr int W = 32 / int(sizeof(T));  // one AVX2 vector
  T r = load<T>(po);
  if (n < 1) return;
  if (s != int64_t(sizeof(T))) {
    for (int64_t i = 0; i < n; ++i) {
      const T x = load<T>(p + i * s);
      if (std::isnan(x)) continue;
      r = (std::isnan(r) || (kMin ? !(r < x) : !(r > x))) ? x : r;
    }
    store(po, r);
    return;
  }
  T acc[W], v[8][W];
  for (int k = 0; k < W; ++k) acc[k] = r;
  auto V = [](T* out, const T* a, const T* b) {
    for (int k = 0; k < W; ++k) out[k] = fminmax_lane<kMin>(a[k], b[k]);
  };
  int64_t i = 0;
  for (; n - i >= 8 * W; i += 8 * W) {
    for (int j = 0; j < 8; ++j)
      for (int k = 0; k < W; ++k) v[j][k] = load<T>(p + (i + j * W + k) * s);
    V(v[0], v[0], v[1]); V(v[2], v[2], v[3]); V(v[4], v[4], v[5]); V(v[6], v[6], v[7]);
    V(v[0], v[0], v[2]); V(v[4], v[4], v[6]); V(v[0], v[0], v[4]);
    V(acc, acc, v[0]);
  }
  for (; n - i >= W; i += W) {
    for (int k = 0; k < W; ++k) v[0][k] = load<T>(p + (i + k) * s);
    V(acc, acc, v[0]);
  }
  bool all_nan = true;
  for (int k = 0; k < W; ++k) all_nan = all_nan && std::isnan(acc[k]);
  if (all_nan) {
    r = acc[0];
  } else {
    const T fill = kMin ? std::numeric_limits<T>::infinity() : -std::numeric_limits<T>::infinity();
    for (int k = 0; k < W; ++k)
      if (std::isnan(acc[k])) acc[k] = fill;
    for (int len = W; len > 1; len /= 2) {
      const int h = len / 2;
      for (int k = 0; k < h; ++k) acc[k] = fminmax_lane<kMin>(acc[k], acc[k + h]);
    }
    r = acc[0];
  }
  for (; i < n; ++i) r = fminmax_keep<kMin>(r, load<T>(p + i * s));
  store(po, r);
}

// One run of a reduction's inner loop; `first` when the output's first
// element (already copied into it) starts the run and NumPy would skip it.
template <class Op, class T>
void fold_block_run(char* po, const char* p, int64_t n, int64_t s, bool first) {
  if constexpr (npy_fminmax_run<Op, T>) {
    if (first) fminmax_run<Op, T>(po, p + s, n - 1, s);
    else fminmax_run<Op, T>(po, p, n, s);
  } else {
    fold_run<Op, T>(po, p, n, s);
  }
}

// One inner-loop call of a reduction, (op, dtype) chosen: fold_block_run or
// fold_run below. The walks (reduce_blocks, reduce_typed) are compiled once
// and call it per run of up to NPY_BUFSIZE elements, instead of being
// instantiated for each of the ~90 (op, dtype) pairs (that was 224 KB of
// wasm code, 6% of the engine's).
using FoldFn = void (*)(char* po, const char* p, int64_t n, int64_t s, bool first);

struct FoldLoop {
  FoldFn block;   // fold_block_run<Op, T>
  FoldFn single;  // fold_run<Op, T>: a 0-d reduction
  int64_t isz;    // sizeof(T)
  bool fminmax;   // npy_fminmax_run<Op, T>: Note [fmin/fmax reduction ties]
};

template <class Op, class T>
void fold_block_fn(char* po, const char* p, int64_t n, int64_t s, bool first) {
  fold_block_run<Op, T>(po, p, n, s, first);
}
template <class Op, class T>
void fold_single_fn(char* po, const char* p, int64_t n, int64_t s, bool) {
  fold_run<Op, T>(po, p, n, s);
}
template <class Op, class T>
FoldLoop fold_loop() {
  return {&fold_block_fn<Op, T>, &fold_single_fn<Op, T>, int64_t(sizeof(T)), npy_fminmax_run<Op, T>};
}

// Copies one element of isz bytes (the gather of reduce_blocks).
inline void copy_elem(char* d, const char* s, int64_t isz) {
  switch (isz) {
    case 1: std::memcpy(d, s, 1); return;
    case 2: std::memcpy(d, s, 2); return;
    case 4: std::memcpy(d, s, 4); return;
    case 8: std::memcpy(d, s, 8); return;
    case 16: std::memcpy(d, s, 16); return;
    default: std::memcpy(d, s, size_t(isz)); return;
  }
}

// Walks a reduction whose innermost (memory-order) axis is reduced. NumPy's
// buffered reduction iterator (nditer: npyiter_checkreducesize) gives the add
// loop, for each output element, the elements of its innermost block of
// reduced axes in memory order, cut into runs of at most NPY_BUFSIZE: block
// b of R elements is summed as ((out + S(b[0:8192])) + S(b[8192:16384])) + ...
// Blocks are visited in memory order of the outer axes.
void reduce_blocks(const FoldLoop& f, const StridedLayout<2>& L, char* out0, const char* in0, bool skip_first) {
  const int nd = int(L.shape.size());
  const int64_t isz = f.isz;
  int g = nd;
  while (g > 0 && L.strides[0][g - 1] == 0) --g;  // [g, nd): the inner reduced axes
  // Note [fmin/fmax reduction ties]: which block holds each output's first element.
  std::vector<char> seen;
  if (f.fminmax && skip_first) {
    int64_t span = 0;
    for (int k = 0; k < g; ++k) span += (L.shape[k] - 1) * L.strides[0][k];
    seen.assign(size_t(span / isz + 1), 0);
  }
  auto first_of = [&](char* po) {
    if (seen.empty()) return false;
    char& fl = seen[size_t((po - out0) / isz)];
    const bool r = !fl;
    fl = 1;
    return r;
  };
  int64_t R = 1;
  for (int k = g; k < nd; ++k) R *= L.shape[k];
  const bool single = nd - g == 1;
  std::vector<char> buf;
  if (!single) buf.resize(size_t(std::min(R, kBufSize) * isz));
  std::vector<int64_t> gidx(nd - g);
  auto block = [&](char* po, const char* pi) {
    const bool first = first_of(po);
    if (single) {
      const int64_t s = L.strides[1][nd - 1];
      for (int64_t c = 0; c < R; c += kBufSize) f.block(po, pi + c * s, std::min(kBufSize, R - c), s, first && c == 0);
      return;
    }
    // Several reduced axes that do not coalesce: gather each run in C order
    // of those axes, as NumPy's buffer does.
    std::fill(gidx.begin(), gidx.end(), 0);
    const char* p = pi;
    for (int64_t c = 0; c < R; c += kBufSize) {
      int64_t len = std::min(kBufSize, R - c);
      for (int64_t i = 0; i < len; ++i) {
        copy_elem(buf.data() + i * isz, p, isz);
        for (int k = nd - g - 1; k >= 0; --k) {
          int ax = g + k;
          if (++gidx[k] < L.shape[ax]) {
            p += L.strides[1][ax];
            break;
          }
          p -= (L.shape[ax] - 1) * L.strides[1][ax];
          gidx[k] = 0;
        }
      }
      f.block(po, buf.data(), len, isz, first && c == 0);
    }
  };
  if (g == 0) {
    block(out0, in0);
    return;
  }
  Shape oshape(L.shape.begin(), L.shape.begin() + g);
  Strides so(L.strides[0].begin(), L.strides[0].begin() + g), si(L.strides[1].begin(), L.strides[1].begin() + g);
  std::array<const Strides*, 2> st{&so, &si};
  for_each_strided<2>(oshape, {out0, const_cast<char*>(in0)}, st, [&](std::array<char*, 2>& p, const std::array<int64_t, 2>& s, int64_t n) {
    for (int64_t j = 0; j < n; ++j) block(p[0] + j * s[0], p[1] + j * s[1]);
  });
}

void reduce_typed(const FoldLoop& f, ReduceOp rop, DType work, const Shape& sh, const Strides& so, const Strides& si, char* out,
                  const char* in, bool skip_first) {
  StridedLayout<2> L = coalesce<2>(sh, {&so, &si});
  if (L.empty) return;
  if (L.shape.empty()) {
    f.single(out, in, 1, 0, false);
    return;
  }
  if (L.strides[0].back() == 0) {
    reduce_blocks(f, L, out, in, skip_first);
    return;
  }
  // The innermost axis is kept: the loop is elementwise out[i] = out[i] op x[i],
  // once per position of the reduced axes, in memory order.
  std::array<const Strides*, 2> st{&so, &si};
  Ufunc uf = ufunc_of(rop);
  for_each_strided<2>(sh, {out, const_cast<char*>(in)}, st, [&](std::array<char*, 2>& p, const std::array<int64_t, 2>& s, int64_t n) {
    run_ufunc_run(uf, work, p[0], s[0], p[0], s[0], p[1], s[1], n);
  });
}

// The fold loops of op on T (sum/prod/max/min/fmax/fmin of every dtype, any/all of bool).
template <class T>
bool fold_loop_of(ReduceOp op, FoldLoop& f) {
  switch (op) {
    case ReduceOp::sum: f = fold_loop<ops::add, T>(); return true;
    case ReduceOp::prod: f = fold_loop<ops::multiply, T>(); return true;
    case ReduceOp::max: f = fold_loop<ops::maximum, T>(); return true;
    case ReduceOp::min: f = fold_loop<ops::minimum, T>(); return true;
    case ReduceOp::fmax: f = fold_loop<ops::fmax, T>(); return true;
    case ReduceOp::fmin: f = fold_loop<ops::fmin, T>(); return true;
    case ReduceOp::any:
      if constexpr (std::is_same_v<T, bool>) {
        f = fold_loop<ops::logical_or, T>();
        return true;
      }
      break;
    case ReduceOp::all:
      if constexpr (std::is_same_v<T, bool>) {
        f = fold_loop<ops::logical_and, T>();
        return true;
      }
      break;
  }
  return false;
}

// argmax / argmin of one run (NumPy's @TYPE@_argmax: first extreme, first NaN).
template <class T>
int64_t arg_scan(const char* p, int64_t n, int64_t s, bool is_max) {
  using C = ops::compute_t<T>;
  C mp = C(load<T>(p));
  int64_t idx = 0;
  if constexpr (ops::is_cplx<C>) {
    if (ops::cisnan(mp)) return 0;
    for (int64_t i = 1; i < n; ++i) {
      C v = load<T>(p + i * s);
      bool better = is_max ? (v.real() > mp.real() || (v.real() == mp.real() && v.imag() > mp.imag()))
                           : (v.real() < mp.real() || (v.real() == mp.real() && v.imag() < mp.imag()));
      if (better || ops::cisnan(v)) {
        mp = v;
        idx = i;
        if (ops::cisnan(v)) break;
      }
    }
  } else if constexpr (std::is_floating_point_v<C>) {
    if (std::isnan(mp)) return 0;
    for (int64_t i = 1; i < n; ++i) {
      C v = C(load<T>(p + i * s));
      if ((is_max ? v > mp : v < mp) || std::isnan(v)) {
        mp = v;
        idx = i;
        if (std::isnan(v)) break;
      }
    }
  } else {
    for (int64_t i = 1; i < n; ++i) {
      C v = load<T>(p + i * s);
      if (is_max ? v > mp : v < mp) {
        mp = v;
        idx = i;
      }
    }
  }
  return idx;
}

// One cumsum / cumprod lane of n elements: out[i] = out[i-1] op x[i].
template <class T>
void add_mul_scan(char* po, const char* pi, int64_t n, int64_t ss, int64_t rs, bool add) {
  using C = ops::compute_t<T>;
  T acc = load<T>(pi);
  store(po, acc);
  for (int64_t i = 1; i < n; ++i) {
    C x = C(load<T>(pi + i * ss));
    if (add) acc = T(ops::add::f(C(acc), x));
    else acc = T(ops::multiply::f(C(acc), x));
    store(po + i * rs, acc);
  }
}

}  // namespace

// skip_first matters to fmax/fmin only (as before: the other ops ignore it).
void reduce_dispatch(ReduceOp op, DType work, const Shape& sh, const Strides& so, const Strides& si, char* out, const char* in,
                     bool skip_first) {
  FoldLoop f{};
  const bool ok = visit_dtype(work, [&](auto t) { return fold_loop_of<decltype(t)>(op, f); });
  if (!ok) return;
  const bool uses_first = op == ReduceOp::fmax || op == ReduceOp::fmin;
  reduce_typed(f, op, work, sh, so, si, out, in, uses_first && skip_first);
}

ArgScanFn arg_scan_fn(DType dt) {
  return visit_dtype(dt, [](auto t) -> ArgScanFn { return &arg_scan<decltype(t)>; });
}

AddMulScanFn add_mul_scan_fn(DType dt) {
  return visit_dtype(dt, [](auto t) -> AddMulScanFn { return &add_mul_scan<decltype(t)>; });
}

const char* reduce_ufunc_name(ReduceOp op) { return ufunc_name(ufunc_of(op)); }

float pairwise_sum_f32(const char* p, int64_t n, int64_t stride) { return pairwise<float>(p, n, stride); }
double pairwise_sum_f64(const char* p, int64_t n, int64_t stride) { return pairwise<double>(p, n, stride); }
float pairwise_sum_f16(const char* p, int64_t n, int64_t stride) { return pairwise_scalar<half, float>(p, n, stride); }

// Note [Cascade sum]: PyTorch's CPU sum of a contiguous row x_0..x_{n-1}
// (SumKernel.cpp). With W = 32 bytes / sizeof(T) lanes (AVX2: 8 floats, 4
// doubles), rows of at least W elements are summed as vectors: the first
// floor(n / W) * W elements are W-lane vectors v_0..v_{m-1}, summed by
// row_sum (below, on vectors), the remaining scalars are added to 0 in
// order, and then the W lanes of the vector sum in lane order. Shorter rows
// are summed by row_sum on scalars.
// row_sum(y_0..y_{m-1}) reads the y as rows of 4 (ILP accumulators k = 0..3):
// multi_row_sum sums y_{4i+k} over i into acc_k, the leftover y (m mod 4)
// go into acc_0, then acc_0 + acc_1 + acc_2 + acc_3.
// multi_row_sum keeps 4 levels of accumulators: level 0 takes 2^p rows
// (p = max(4, ceil_log2(rows) / 4)), then is added into level 1 and cleared;
// level j is pushed on into level j+1 only when the row count is a multiple
// of 2^(j p) -- a cascade that bounds each partial sum's length. At the end
// the levels are added into level 0 in order. Each output starts at 0 and
// receives the row's sum (0 + s, so -0.0 sums to +0.0).
namespace {

int64_t ceil_log2(int64_t x) {
  if (x <= 2) return 1;
  int64_t last = 63;
  const uint64_t v = uint64_t(x - 1);
  while (last > 0 && !(v >> last)) --last;
  return last + 1;
}

template <class T, int L>
using Lanes = std::array<T, L>;

template <class T, int L>
std::array<Lanes<T, L>, 4> multi_row_sum(const T* in, int64_t row_stride, int64_t col_stride, int64_t rows) {
  constexpr int kLevels = 4;
  const int64_t level_power = std::max<int64_t>(4, ceil_log2(rows) / kLevels);
  const int64_t level_step = int64_t(1) << level_power;
  const int64_t level_mask = level_step - 1;
  std::array<std::array<Lanes<T, L>, 4>, kLevels> acc{};
  auto add_row = [&](int64_t i) {
    for (int k = 0; k < 4; ++k)
      for (int l = 0; l < L; ++l) acc[0][size_t(k)][size_t(l)] += in[i * row_stride + k * col_stride + l];
  };
  int64_t i = 0;
  while (i + level_step <= rows) {
    for (int64_t j = 0; j < level_step; ++j, ++i) add_row(i);
    for (int j = 1; j < kLevels; ++j) {
      for (int k = 0; k < 4; ++k)
        for (int l = 0; l < L; ++l) {
          acc[size_t(j)][size_t(k)][size_t(l)] += acc[size_t(j - 1)][size_t(k)][size_t(l)];
          acc[size_t(j - 1)][size_t(k)][size_t(l)] = T(0);
        }
      const int64_t mask = level_mask << (j * level_power);
      if ((i & mask) != 0) break;
    }
  }
  for (; i < rows; ++i) add_row(i);
  for (int j = 1; j < kLevels; ++j)
    for (int k = 0; k < 4; ++k)
      for (int l = 0; l < L; ++l) acc[0][size_t(k)][size_t(l)] += acc[size_t(j)][size_t(k)][size_t(l)];
  return acc[0];
}

// row_sum over m items of L lanes each, `stride` elements apart.
template <class T, int L>
Lanes<T, L> row_sum(const T* in, int64_t stride, int64_t m) {
  const int64_t m4 = m / 4;
  auto partial = multi_row_sum<T, L>(in, stride * 4, stride, m4);
  for (int64_t i = m4 * 4; i < m; ++i)
    for (int l = 0; l < L; ++l) partial[0][size_t(l)] += in[i * stride + l];
  for (int k = 1; k < 4; ++k)
    for (int l = 0; l < L; ++l) partial[0][size_t(l)] += partial[size_t(k)][size_t(l)];
  return partial[0];
}

template <class T>
T cascade_sum_row(const T* x, int64_t n) {
  constexpr int W = int(32 / sizeof(T));
  if (n < W) return T(0) + row_sum<T, 1>(x, 1, n)[0];
  const int64_t m = n / W;
  const Lanes<T, W> v = row_sum<T, W>(x, W, m);
  T acc = 0;
  for (int64_t k = m * W; k < n; ++k) acc += x[k];
  for (int l = 0; l < W; ++l) acc += v[size_t(l)];
  return T(0) + acc;
}

// Note [Cascade sum, outer]: a sum over the leading dim of a C-contiguous
// [R, C] block (SumKernel.cpp's vectorized_outer_sum, for C >= W, and
// scalar_outer_sum below it), where the kept columns are contiguous and each
// column's R elements lie C apart. Columns go in blocks of 4W (four W-lane
// column vectors as multi_row_sum's four accumulators: every row in order,
// through the level cascade, no ILP split of the rows), then blocks of W
// (row_sum on W-lane vectors: rows split 4 ways), then single columns
// (row_sum on scalars). With C < W the columns go in groups of 4 scalars
// through multi_row_sum, the rest by row_sum. Each output is 0 + its sum.
template <class T>
void cascade_sum_outer(const T* x, int64_t R, int64_t C, T* out) {
  constexpr int W = int(32 / sizeof(T));
  int64_t j = 0;
  if (C >= W) {
    for (; j + 4 * W <= C; j += 4 * W) {
      const auto acc = multi_row_sum<T, W>(x + j, C, W, R);
      for (int k = 0; k < 4; ++k)
        for (int l = 0; l < W; ++l) out[j + k * W + l] = T(0) + acc[size_t(k)][size_t(l)];
    }
    for (; j + W <= C; j += W) {
      const auto v = row_sum<T, W>(x + j, C, R);
      for (int l = 0; l < W; ++l) out[j + l] = T(0) + v[size_t(l)];
    }
  } else {
    for (; j + 4 <= C; j += 4) {
      const auto acc = multi_row_sum<T, 1>(x + j, C, 1, R);
      for (int k = 0; k < 4; ++k) out[j + k] = T(0) + acc[size_t(k)][0];
    }
  }
  for (; j < C; ++j) out[j] = T(0) + row_sum<T, 1>(x + j, C, R)[0];
}

}  // namespace

bool torch_sum_outer(const Array& x, int64_t A, int64_t R, int64_t C, const Array& out) {
  if (x.dtype != out.dtype || (x.dtype != DType::F32 && x.dtype != DType::F64)) return false;
  auto run = [&](auto* px, auto* po) {
    for (int64_t a = 0; a < A; ++a) {
      if (R == 0) {
        for (int64_t j = 0; j < C; ++j) po[a * C + j] = 0;
      } else {
        cascade_sum_outer(px + a * R * C, R, C, po + a * C);
      }
    }
  };
  if (x.dtype == DType::F32) run(reinterpret_cast<const float*>(x.data()), reinterpret_cast<float*>(out.data()));
  else run(reinterpret_cast<const double*>(x.data()), reinterpret_cast<double*>(out.data()));
  return true;
}

bool torch_sum_rows(const Array& x, int64_t n, const Array& out) {
  if (x.dtype != out.dtype || (x.dtype != DType::F32 && x.dtype != DType::F64)) return false;
  const int64_t rows = n == 0 ? out.size() : x.size() / n;
  auto run = [&](auto* px, auto* po) {
    for (int64_t r = 0; r < rows; ++r) po[r] = n == 0 ? 0 : cascade_sum_row(px + r * n, n);
  };
  if (x.dtype == DType::F32) run(reinterpret_cast<const float*>(x.data()), reinterpret_cast<float*>(out.data()));
  else run(reinterpret_cast<const double*>(x.data()), reinterpret_cast<double*>(out.data()));
  return true;
}

}  // namespace sl
