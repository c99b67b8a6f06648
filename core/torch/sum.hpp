// torch/sum: a float tensor's sum in PyTorch's CPU order (SumKernel.cpp's
// cascade_sum, Note [Cascade sum] and Note [Cascade sum, outer] in
// kernels/reduce.cpp), for the reductions whose order it fixes: a C-contiguous
// tensor reduced over one run of adjacent dims -- the trailing dims (a row
// sum), or dims followed by kept ones (a column sum, e.g. a bias gradient's
// sum over the batch).
//
// Invariant: null when the pattern or the dtype (float32/float64, the sum in
// the input's dtype) is not one of these; the caller then reduces in NumPy's
// order.
#pragma once
#include <vector>

#include "core/model/array.hpp"

namespace sl {

// sum of t over `axes` (one flag per dim) in dtype acc, keepdim as `keep`.
ArrayPtr torch_ordered_sum(const Array& t, const std::vector<bool>& axes, DType acc, bool keep);

}  // namespace sl
