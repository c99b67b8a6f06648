// shape: the two vectors every layout is made of. A shape is the extent of
// each axis; strides are the byte step of each axis (Note [Strides are bytes],
// core/model/array.hpp).
// Invariant: ndim <= kMaxDims wherever an ndarray is made (NumPy's NPY_MAXDIMS); a
// tensor has no such limit in PyTorch, and none here.
#pragma once
#include <cstdint>
#include <vector>

namespace sl {

using Shape = std::vector<int64_t>;
using Strides = std::vector<int64_t>;
constexpr int kMaxDims = 64;  // NPY_MAXDIMS in NumPy 2

}  // namespace sl
