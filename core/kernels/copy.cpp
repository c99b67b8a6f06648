#include "core/kernels/copy.hpp"

#include <algorithm>
#include <cstring>

#include "core/model/element.hpp"
#include "core/model/iter.hpp"
#include "core/kernels/simd.hpp"
#include "core/model/overlap.hpp"
#include "core/model/strides.hpp"

namespace sl {

namespace {

template <class To, class From>
void cast_loop(char* d, int64_t ds, const char* s, int64_t ss, int64_t n) {
  if constexpr (std::is_same_v<To, From>) {
    if (ds == sizeof(To) && ss == sizeof(From)) {
      std::memcpy(d, s, size_t(n) * sizeof(To));
      return;
    }
  }
  for (int64_t k = 0; k < n; ++k, d += ds, s += ss) store(d, cast_value<To>(load<From>(s)));
}

// The cast loops of every dtype pair, one function each, picked by one table
// lookup (the walks around them are compiled once, not per pair).
using CastFn = void (*)(char* d, int64_t ds, const char* s, int64_t ss, int64_t n);
CastFn cast_fn(DType to, DType from) {
  return visit_dtype(to, [&](auto dt) {
    return visit_dtype(from, [&](auto sdt) -> CastFn { return &cast_loop<decltype(dt), decltype(sdt)>; });
  });
}

// Note [Uninitialised results]
// A result that a kernel overwrites completely (ufunc_call's fresh output,
// copy_as) is allocated without zeroing: calloc in wasm is malloc + memset
// (dlmalloc has no mmap there to get fresh zero pages from), one extra write
// pass over the result -- a third more memory traffic for `c = a + b` (NumPy
// allocates its results with malloc, not calloc, too). Everything else keeps
// the Storage invariant (zeroed bytes); an exception thrown mid-kernel
// discards the result before anything reads it.

// Note [Blocked transpose copy]
// Problem: dst[i, c] = src[i, c] over a plane of R x C elements where dst walks
// memory along c (its smallest stride, the row) and src along i (its smallest
// stride, the column): `np.ascontiguousarray(a.T)`, `t.contiguous()`,
// `a.T.copy()`, `a.T.astype(...)`. Walked in dst order, every element read
// lands in a different cache line of src (for 4096 x 4096 float32 the lines are
// 16 KiB apart, so they also map to the same L1 set and evict each other):
// about 1 GB/s, one cache line moved per element. Walked in tiles of T x T
// elements instead, each src line and each dst line is used whole while it is
// in cache. Inside a tile, W x W blocks (W = lanes of a 128-bit vector: 4 for
// 4-byte, 2 for 8-byte elements) are W vector loads along src's columns, one
// register transpose (xsimd::transpose: 8 shuffles for 4 x 4) and W vector
// stores along dst's rows. The tile goes through a small aligned buffer so
// that dst rows are written as whole cache lines, after the tile's src lines
// have all been read whole: neither side keeps a partly used line waiting
// while 16 other lines of the same L1 set are touched.
// Same bits as the element loop: a copy moves bytes; casts (astype) use the
// same tiling with the element conversion in the inner loop.
// The kernels are built without loop unrolling (CMakeLists.txt: size); the
// fixed W-step loops of a block are unrolled explicitly, which keeps the W
// vectors in registers instead of a stack array (in wasm: linear memory) and
// halves the time per block (a standalone em++ microbenchmark of this loop
// nest on a 128 x 128 float32 plane, in cache, Node 20: 14.6 -> 7.3 ms per
// 16M elements).
// Tile order: panels. Each tile reads T src lines that lie in T different
// pages (one per c), and a tile row (c running, i fixed) would bring C/T * T =
// C new pages per strip of T rows: 4096 for a 4096 x 4096 plane, more than
// the second-level TLB holds (2048 entries on the EPYC measured), so every
// src line cost a page walk. Walking the plane in panels of kPanel columns
// (all rows of one panel, then the next) keeps kPanel src pages in use for
// 1024 / T strips running: each src page is translated once per 4 KiB read
// instead of once per 64 bytes. Measured with a standalone em++ -O2 copy of
// this loop nest on 4096 x 4096 float32 (Node 20, --no-liftoff, best of 7,
// load ~3): tiles row after row 10.4 ms, panels of 128 / 256 / 512 / 1024
// columns 8.7 / 7.7 / 7.2 / 7.3 ms, square super-blocks of 128 8.5 ms;
// memcpy of the same 64 MB 4.3 ms.
#if defined(__clang__)
#define SL_UNROLL _Pragma("clang loop unroll(full)")
#else
#define SL_UNROLL
#endif
constexpr int64_t kTile = 16;    // elements per tile side (a 64-byte line of float32)
constexpr int64_t kPanel = 512;  // columns (src pages) per panel of tiles

// Calls f(ib, ie, cb, ce) for the tiles of [i0, i1) x [c0, c1), T x T each
// (the last ones cut at the edges), in panels of kPanel columns.
template <class F>
void for_each_tile(int64_t T, int64_t i0, int64_t i1, int64_t c0, int64_t c1, F&& f) {
  for (int64_t pb = c0; pb < c1; pb += kPanel) {
    const int64_t pe = std::min(pb + kPanel, c1);
    for (int64_t ib = i0; ib < i1; ib += T)
      for (int64_t cb = pb; cb < pe; cb += T) f(ib, std::min(ib + T, i1), cb, std::min(cb + T, pe));
  }
}

// The plane of a blocked copy: dst[i, c] at d + i*dr + c*dc, src at s + i*sr + c*sc.
struct Plane {
  int64_t R, C;
  int64_t dr, dc, sr, sc;
};

// Scalar tiles over [i0, i1) x [c0, c1) (the edges, other element sizes):
// raw elements of type E.
template <class E>
void plane_scalar(const Plane& P, char* d, const char* s, int64_t i0, int64_t i1, int64_t c0, int64_t c1) {
  for_each_tile(kTile, i0, i1, c0, c1, [&](int64_t ib, int64_t ie, int64_t cb, int64_t ce) {
    for (int64_t i = ib; i < ie; ++i) {
      char* dp = d + i * P.dr + cb * P.dc;
      const char* sp = s + i * P.sr + cb * P.sc;
      for (int64_t c = cb; c < ce; ++c, dp += P.dc, sp += P.sc) store(dp, load<E>(sp));
    }
  });
}

// Casting tiles: each tile row is one call of the pair's cast loop.
void plane_cast(const Plane& P, char* d, const char* s, CastFn f) {
  for_each_tile(kTile, 0, P.R, 0, P.C, [&](int64_t ib, int64_t ie, int64_t cb, int64_t ce) {
    for (int64_t i = ib; i < ie; ++i) f(d + i * P.dr + cb * P.dc, P.dc, s + i * P.sr + cb * P.sc, P.sc, ce - cb);
  });
}

// Raw elements of one byte size (a copy moves bits, whatever the dtype).
struct Bytes16 {
  char b[16];
};

template <class E>
void plane_copy(const Plane& P, char* d, const char* s) {
  int64_t R0 = 0, C0 = 0;  // [0, R0) x [0, C0): whole SIMD tiles
#if SL_SIMD
  if constexpr (sizeof(E) == 4 || sizeof(E) == 8) {
    // The lanes move as float / double (bit patterns, NaN payloads included:
    // loads, shuffles and stores never touch them): xsimd 13.2's SSE2
    // transpose of integer batches writes them through batch<float>*, which
    // g++ -O2 reorders against the integer reads (strict aliasing) and leaves
    // the blocks untransposed.
    using F = std::conditional_t<sizeof(E) == 4, float, double>;
    using B = xsimd::batch<F>;
    constexpr int64_t W = int64_t(B::size);
    constexpr int64_t T = kTile % W == 0 ? kTile : W;
    constexpr int64_t E_ = int64_t(sizeof(E));
    if (P.dc == E_ && P.sr == E_) {
      R0 = P.R - P.R % T;
      C0 = P.C - P.C % T;
      alignas(64) F buf[T * T];
      for_each_tile(T, 0, R0, 0, C0, [&](int64_t ib, int64_t, int64_t cb, int64_t) {
        // src column c (i = ib..ib+T) is contiguous: read W columns at a
        // time, W x W blocks transposed into the buffer's rows.
        for (int64_t c = 0; c < T; c += W)
          for (int64_t b = 0; b < T; b += W) {
            B m[W];
            const char* sp = s + (ib + b) * E_ + (cb + c) * P.sc;
            SL_UNROLL for (int64_t k = 0; k < W; ++k) m[k] = B::load_unaligned(reinterpret_cast<const F*>(sp + k * P.sc));
            xsimd::transpose(m, m + W);
            SL_UNROLL for (int64_t k = 0; k < W; ++k) m[k].store_aligned(buf + (b + k) * T + c);
          }
        for (int64_t r = 0; r < T; ++r) {
          F* dp = reinterpret_cast<F*>(d + (ib + r) * P.dr + cb * E_);
          SL_UNROLL for (int64_t c = 0; c < T; c += W) B::load_aligned(buf + r * T + c).store_unaligned(dp + c);
        }
      });
    }
  }
#endif
  plane_scalar<E>(P, d, s, 0, R0, C0, P.C);   // right edge of the SIMD rows
  plane_scalar<E>(P, d, s, R0, P.R, 0, P.C);  // bottom rows
}

// Finds the plane of a transposing copy in the coalesced layout L (operand 0
// dst, 1 src): axis l, dst's smallest stride, and axis p != l, src's smallest,
// with src's stride along l large enough that the element loop would touch a
// new cache line per element. Flips l and p (moving the bases) so that dst's
// stride along l and src's along p are positive. Returns false when the layout
// is not such a transpose (then the plain strided loop is as good).
bool find_plane(StridedLayout<2>& L, std::array<char*, 2>& base, int isz, int& l, int& p) {
  const int nd = int(L.shape.size());
  if (nd < 2) return false;
  auto mag = [](int64_t x) { return x < 0 ? -x : x; };
  l = 0, p = 0;
  for (int k = 1; k < nd; ++k) {
    if (mag(L.strides[0][k]) < mag(L.strides[0][l])) l = k;
    if (mag(L.strides[1][k]) < mag(L.strides[1][p])) p = k;
  }
  if (l == p) return false;
  if (mag(L.strides[1][l]) < 64 || mag(L.strides[0][p]) <= mag(L.strides[0][l])) return false;
  if (mag(L.strides[0][l]) > 2 * isz || mag(L.strides[1][p]) > 2 * isz) return false;  // not row / column walks
  if (L.shape[l] < 4 || L.shape[p] < 4) return false;
  for (int ax : {l, p}) {
    const int who = ax == l ? 0 : 1;
    if (L.strides[who][ax] < 0) {
      for (int k = 0; k < 2; ++k) {
        base[k] += (L.shape[ax] - 1) * L.strides[k][ax];
        L.strides[k][ax] = -L.strides[k][ax];
      }
    }
  }
  return true;
}

// The blocked path of copy_raw: the plane (p, l) tiled, the other axes walked
// by the shared iterator. Returns false when the layout is not a transpose.
bool blocked_copy(const Array& dst, const Array& src) {
  // Tiles change the order of the writes, which only a destination that
  // overlaps itself could tell.
  if (!nested_nonoverlapping(dst.shape, dst.strides, dst.itemsize())) return false;
  StridedLayout<2> L = coalesce<2>(dst.shape, {&dst.strides, &src.strides});
  if (L.empty) return true;
  std::array<char*, 2> base{dst.data(), src.data()};
  int l, p;
  if (!find_plane(L, base, dst.itemsize(), l, p)) return false;
  const Plane P{L.shape[p], L.shape[l], L.strides[0][p], L.strides[0][l], L.strides[1][p], L.strides[1][l]};
  const CastFn cast = dst.dtype == src.dtype ? nullptr : cast_fn(dst.dtype, src.dtype);
  auto plane = [&](char* d, const char* s) {
    if (cast) return plane_cast(P, d, s, cast);
    switch (dst.itemsize()) {
      case 1: return plane_copy<uint8_t>(P, d, s);
      case 2: return plane_copy<uint16_t>(P, d, s);
      case 4: return plane_copy<uint32_t>(P, d, s);
      case 8: return plane_copy<uint64_t>(P, d, s);
      default: return plane_copy<Bytes16>(P, d, s);
    }
  };
  // The other axes, in order: each position is one plane.
  Shape oshape;
  Strides od, os;
  for (int k = 0; k < int(L.shape.size()); ++k)
    if (k != l && k != p) {
      oshape.push_back(L.shape[k]);
      od.push_back(L.strides[0][k]);
      os.push_back(L.strides[1][k]);
    }
  if (oshape.empty()) {
    plane(base[0], base[1]);
    return true;
  }
  for_each_strided<2>(oshape, base, {&od, &os}, [&](std::array<char*, 2>& q, const std::array<int64_t, 2>& st, int64_t n) {
    for (int64_t j = 0; j < n; ++j) plane(q[0] + j * st[0], q[1] + j * st[1]);
  });
  return true;
}


}  // namespace

void copy_raw(const Array& dst, const Array& src) {
  if (blocked_copy(dst, src)) return;
  std::array<char*, 2> base{dst.data(), src.data()};
  std::array<const Strides*, 2> st{&dst.strides, &src.strides};
  const CastFn f = cast_fn(dst.dtype, src.dtype);
  for_each_strided_any_order<2>(dst.shape, base, st, dst.itemsize(), [f](std::array<char*, 2>& p, const std::array<int64_t, 2>& s, int64_t n) {
    f(p[0], s[0], p[1], s[1], n);
  });
}

void fill(const Array& dst, DType dt, const void* value) {
  const char* v = static_cast<const char*>(value);
  std::array<char*, 1> base{dst.data()};
  std::array<const Strides*, 1> st{&dst.strides};
  visit_dtype(dst.dtype, [&](auto t) {
    using To = decltype(t);
    To x = load_as<To>(dt, v);
    for_each_strided<1>(dst.shape, base, st, [x](std::array<char*, 1>& p, const std::array<int64_t, 1>& s, int64_t n) {
      char* d = p[0];
      for (int64_t k = 0; k < n; ++k, d += s[0]) store(d, x);
    });
  });
}

}  // namespace sl
