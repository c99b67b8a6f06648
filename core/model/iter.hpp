// iter: the one N-d strided loop every kernel runs on.
//
// Problem: visit every index (i_0..i_{n-1}) of `shape` and, for each of K
// operands with byte strides s^k, hand the kernel the pointers
// p^k = base^k + sum_j i_j * s^k_j. Kernels are fastest on long inner runs, so
// first (1) axes of length 1 are dropped, and (2) adjacent axes j, j+1 are
// merged whenever s^k_j == shape[j+1] * s^k_{j+1} for every operand (the pair
// then walks memory like one axis of length shape[j]*shape[j+1]). The loop then
// calls inner(ptrs, inner_strides, inner_len) once per position of the outer
// axes, in C order of the (coalesced) logical index.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "core/model/array.hpp"

namespace sl {

template <int K>
struct StridedLayout {
  Shape shape;                    // coalesced; empty means one element
  std::array<Strides, K> strides; // per operand, same length as shape
  bool empty = false;             // some axis has length 0
};

template <int K>
StridedLayout<K> coalesce(const Shape& shape, const std::array<const Strides*, K>& strides) {
  StridedLayout<K> out;
  for (int64_t d : shape)
    if (d == 0) out.empty = true;
  if (out.empty) return out;
  for (size_t j = 0; j < shape.size(); ++j) {
    if (shape[j] == 1) continue;
    if (!out.shape.empty()) {
      bool mergeable = true;
      for (int k = 0; k < K; ++k)
        if (out.strides[k].back() != shape[j] * (*strides[k])[j]) mergeable = false;
      if (mergeable) {
        out.shape.back() *= shape[j];
        for (int k = 0; k < K; ++k) out.strides[k].back() = (*strides[k])[j];
        continue;
      }
    }
    out.shape.push_back(shape[j]);
    for (int k = 0; k < K; ++k) out.strides[k].push_back((*strides[k])[j]);
  }
  return out;
}

// inner(std::array<char*, K>& ptrs, const std::array<int64_t, K>& inner_strides, int64_t n)
template <int K, class Inner>
void for_each_strided(const Shape& shape, std::array<char*, K> base,
                      const std::array<const Strides*, K>& strides, Inner&& inner) {
  StridedLayout<K> L = coalesce<K>(shape, strides);
  if (L.empty) return;
  const int nd = int(L.shape.size());
  std::array<int64_t, K> inner_strides{};
  int64_t n = 1;
  if (nd > 0) {
    n = L.shape[nd - 1];
    for (int k = 0; k < K; ++k) inner_strides[k] = L.strides[k][nd - 1];
  }
  if (nd <= 1) {
    inner(base, inner_strides, n);
    return;
  }
  std::vector<int64_t> idx(nd - 1, 0);
  std::array<char*, K> p = base;
  for (;;) {
    inner(p, inner_strides, n);
    int j = nd - 2;
    for (; j >= 0; --j) {
      if (++idx[j] < L.shape[j]) {
        for (int k = 0; k < K; ++k) p[k] += L.strides[k][j];
        break;
      }
      for (int k = 0; k < K; ++k) p[k] -= (L.shape[j] - 1) * L.strides[k][j];
      idx[j] = 0;
    }
    if (j < 0) return;
  }
}

// Whether no two indices of (shape, strides) address overlapping elements of
// `isz` bytes, by the sufficient test NumPy's fast paths use: sorted by |stride|,
// every stride is at least the extent of the axes inside it (so a zero stride
// or interleaved axes answer false, even when another order would be exact).
inline bool nested_nonoverlapping(const Shape& shape, const Strides& strides, int64_t isz) {
  std::array<int64_t, 64> mag{};
  std::array<int64_t, 64> ext{};
  size_t m = 0;
  for (size_t j = 0; j < shape.size(); ++j) {
    if (shape[j] == 1) continue;
    if (shape[j] == 0) return true;
    if (m == mag.size()) return false;
    const int64_t a = strides[j] < 0 ? -strides[j] : strides[j];
    size_t i = m++;
    while (i > 0 && mag[i - 1] > a) {
      mag[i] = mag[i - 1];
      ext[i] = ext[i - 1];
      --i;
    }
    mag[i] = a;
    ext[i] = shape[j];
  }
  int64_t need = isz;  // bytes the inner axes span
  for (size_t i = 0; i < m; ++i) {
    if (mag[i] < need) return false;
    need = mag[i] * ext[i];
  }
  return true;
}

// The same loop for kernels whose result does not depend on the visiting
// order (elementwise ufuncs and copies into a destination that does not
// overlap itself): the axes are first put in the memory order of operand 0
// (the output; decreasing |stride|, ties keep C order, as NumPy's K-order
// iteration does), so that an output laid out like its transposed inputs
// (`np.exp(a.T)`, `a.T + b.T`) is still walked with unit inner strides and
// coalesces. When operand 0 might overlap itself (a zero stride, or strides
// that interleave), the order is observable and the loop keeps C order.
// `isz0` is operand 0's element size.
template <int K, class Inner>
void for_each_strided_any_order(const Shape& shape, std::array<char*, K> base,
                                const std::array<const Strides*, K>& strides, int64_t isz0, Inner&& inner) {
  const size_t nd = shape.size();
  if (nd < 2) return for_each_strided<K>(shape, base, strides, inner);
  auto mag = [](int64_t x) { return x < 0 ? -x : x; };
  const Strides& s0 = *strides[0];
  std::array<int, 64> perm{};
  if (nd > perm.size()) return for_each_strided<K>(shape, base, strides, inner);
  bool identity = true;
  size_t m = 0;
  for (size_t j = 0; j < nd; ++j) {
    if (shape[j] == 1) continue;  // free in any order
    // insertion sort by decreasing |stride| of operand 0, stable
    size_t i = m++;
    while (i > 0 && mag(s0[size_t(perm[i - 1])]) < mag(s0[j])) {
      perm[i] = perm[i - 1];
      --i;
      identity = false;
    }
    perm[i] = int(j);
  }
  if (identity || !nested_nonoverlapping(shape, s0, isz0)) return for_each_strided<K>(shape, base, strides, inner);
  Shape ps(m);
  std::array<Strides, K> pst;
  std::array<const Strides*, K> pp;
  for (int k = 0; k < K; ++k) {
    pst[k].resize(m);
    for (size_t i = 0; i < m; ++i) pst[k][i] = (*strides[k])[size_t(perm[i])];
    pp[k] = &pst[k];
  }
  for (size_t i = 0; i < m; ++i) ps[i] = shape[size_t(perm[i])];
  for_each_strided<K>(ps, base, pp, inner);
}

}  // namespace sl
