// shape: the two vectors every layout is made of. A shape is the extent of
// each axis; strides are the byte step of each axis (Note [Strides are bytes],
// core/model/array.hpp).
// Invariant: ndim <= kMaxDims wherever an array is made (NumPy's NPY_MAXDIMS).
#pragma once
#include <cstdint>
#include <vector>

namespace sl {

using Shape = std::vector<int64_t>;
using Strides = std::vector<int64_t>;
constexpr int kMaxDims = 32;  // NPY_MAXDIMS in NumPy 1.24

}  // namespace sl
