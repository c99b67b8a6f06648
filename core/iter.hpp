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

#include "core/array.hpp"

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

}  // namespace sl
