// Brute-force helpers for the room tests: index enumeration in C order, random
// strided layouts over a shared storage, and element access through the
// layout's own arithmetic (offset + sum(i_j * stride_j)), independent of the
// engine's iterators.
#pragma once
#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "core/model/array.hpp"
#include "core/model/element.hpp"

namespace brute {

// Calls f(index) for every index of shape in C order (nothing for an empty shape).
inline void for_each_index(const sl::Shape& shape, const std::function<void(const std::vector<int64_t>&)>& f) {
  for (int64_t d : shape)
    if (d == 0) return;
  std::vector<int64_t> idx(shape.size(), 0);
  for (;;) {
    f(idx);
    int k = int(shape.size()) - 1;
    for (; k >= 0; --k) {
      if (++idx[k] < shape[k]) break;
      idx[k] = 0;
    }
    if (k < 0) return;
  }
}

// Byte offset of `index` from storage->data(), by the definition.
inline int64_t offset_of(const sl::Array& a, const std::vector<int64_t>& index) {
  int64_t off = a.offset;
  for (size_t j = 0; j < index.size(); ++j) off += index[j] * a.strides[j];
  return off;
}

inline double at(const sl::Array& a, const std::vector<int64_t>& index) {
  return sl::load_as<double>(a.dtype, a.storage->data() + offset_of(a, index));
}

// A C-contiguous float64 array holding 0, 1, 2, ... (or `fill(i)`).
inline sl::ArrayPtr iota(const sl::Shape& shape, const std::function<double(int64_t)>& fill = nullptr) {
  sl::ArrayPtr a = sl::make_array(sl::DType::F64, shape);
  for (int64_t i = 0; i < a->size(); ++i) sl::store<double>(a->data() + 8 * i, fill ? fill(i) : double(i));
  return a;
}

// A random view of a fresh parent: random shape (ndim in [1, max_nd], axes in
// [1, 5]), each axis a random step of the parent's (sign included) and a
// random subset of axes broadcast (stride 0) when `broadcast`.
inline sl::ArrayPtr random_view(std::mt19937& rng, int max_nd, bool broadcast = false) {
  std::uniform_int_distribution<int> nd_d(1, max_nd), len_d(1, 5), step_d(1, 3), coin(0, 3);
  int nd = nd_d(rng);
  sl::Shape shape(nd), pshape(nd);
  std::vector<int64_t> step(nd);
  for (int j = 0; j < nd; ++j) {
    shape[j] = len_d(rng);
    step[j] = step_d(rng) * (coin(rng) == 0 ? -1 : 1);
    pshape[j] = (shape[j] - 1) * (step[j] < 0 ? -step[j] : step[j]) + 1;
  }
  sl::ArrayPtr parent = iota(pshape);
  sl::Strides strides(nd);
  int64_t offset = 0;
  for (int j = 0; j < nd; ++j) {
    strides[j] = parent->strides[j] * step[j];
    if (step[j] < 0) offset += (pshape[j] - 1) * parent->strides[j];
    if (broadcast && coin(rng) == 0) strides[j] = 0;
  }
  return sl::make_view(parent, sl::DType::F64, shape, strides, offset);
}

}  // namespace brute
