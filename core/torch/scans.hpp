// torch/scans: the CPU kernels of the index-accumulating ops and the scans
// along a dim that have a node of their own -- index_add, scatter_add,
// index_select and gather (for the formulas), cummax / cummin and
// logcumsumexp (aten/src/ATen/native/cpu/ReduceOpsKernel.cpp,
// ScatterGatherKernel.cpp, TensorAdvancedIndexing.cpp).
//
// Each works on C-contiguous copies seen as (outer, n, inner) around its dim:
// element (o, i, k) is at (o * n + i) * inner + k. Results are new contiguous
// torch tensors.
// Invariant: indices are int64 and already checked against their dim by the
// caller (the front end raises PyTorch's messages before calling).
#pragma once
#include <string>

#include "core/model/array.hpp"

namespace sl {

// self with alpha * source[i] added to the slice index[i] of dim (index 1-d,
// source of self's shape with index.size() along dim).
ArrayPtr index_add_kernel(const Array& self, int64_t dim, const Array& index, const Array& source, double alpha);
// x.index_select(dim, index) for a 1-d index.
ArrayPtr index_select_kernel(const Array& x, int64_t dim, const Array& index);
// out[p] = x[p with p[dim] = index[p]] (index of x's rank, each size at most x's).
ArrayPtr gather_kernel(const Array& x, int64_t dim, const Array& index);
// self with src[p] added at p with p[dim] = index[p] (index no larger than src).
ArrayPtr scatter_add_kernel(const Array& self, int64_t dim, const Array& index, const Array& src);

struct CumMinMax {
  ArrayPtr values, indices;
};
// The running max (min) along dim and where it was last reached; a NaN is
// carried from where it appears (cummax_cummin_helper's comparison).
CumMinMax cum_min_max_kernel(const Array& x, int64_t dim, bool max);
// log(sum_{j <= i} exp(x_j)) along dim, in the element type (log1p(exp(min - max)) + max at each step).
ArrayPtr logcumsumexp_kernel(const Array& x, int64_t dim);

}  // namespace sl

namespace sl {
// The lower median of the non-NaN values along dim and its index (the first of
// equal values in a stable sort; NaN, at the first NaN's index, when all are NaN).
CumMinMax nanmedian_kernel(const Array& x, int64_t dim);
// diag_embed: the last dim of x written on the diagonal `offset` of the
// planes (d1, d2) of a zero tensor of shape `out` (d1, d2 wrapped for it); and back.
ArrayPtr diag_embed_kernel(const Array& x, const Shape& out, int64_t offset, int64_t d1, int64_t d2);
ArrayPtr diag_extract_kernel(const Array& g, const Shape& in_shape, int64_t offset, int64_t d1, int64_t d2);
}  // namespace sl

namespace sl {
// scatter_reduce: self with the src values scattered to p[dim] = index[p]
// combined by `op` ("sum", "prod", "mean", "amax", "amin"); include_self=false
// starts each written position from the first value scattered there. mean
// divides by the count (floor division for integers); NaN wins amax / amin.
ArrayPtr scatter_reduce_kernel(const Array& self, int64_t dim, const Array& index, const Array& src, const std::string& op,
                               bool include_self);
}  // namespace sl
