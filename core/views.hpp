// views: operations that make a new array over the same storage (never copy).
// Each returns a view made by make_view, so base collapsing, WRITEABLE
// inheritance and the in-storage check apply to all of them.
#pragma once
#include <optional>
#include <vector>

#include "core/array.hpp"

namespace sl {

// One entry of a basic index: an integer, a slice, None (new axis) or `...`.
struct IndexItem {
  enum Kind { Int, Slice, NewAxis, Ellipsis } kind = Int;
  int64_t i = 0;                                  // Int
  std::optional<int64_t> start, stop, step;       // Slice (nullopt = omitted)
};

// Python's slice.indices(n): normalised start and step, and the element count.
struct SliceRange {
  int64_t start, step, count;
};
SliceRange slice_range(const IndexItem& s, int64_t n);

// a[idx] for a basic index (NumPy's view-producing indexing).
ArrayPtr basic_index(const ArrayPtr& a, const std::vector<IndexItem>& idx);

// arr.view() : same layout, base collapses to the owner.
ArrayPtr view_same(const ArrayPtr& a);

// NumPy reshape (order 'C', 'F' or 'A'): a view when possible (no-copy
// algorithm), otherwise a view of a private copy (NumPy's behaviour).
ArrayPtr reshape(const ArrayPtr& a, const Shape& requested, char order = 'C');
// The view-only variant used by `a.shape = ...` (AttributeError when impossible).
ArrayPtr reshape_nocopy_or_throw(const ArrayPtr& a, const Shape& requested);

// transpose with an explicit permutation (empty: reverse).
ArrayPtr transpose(const ArrayPtr& a, const std::vector<int64_t>& axes);

}  // namespace sl

namespace sl {
// arr.view(dtype) with NumPy >= 1.23 rules (getset.c: array_descr_set).
ArrayPtr view_dtype(const ArrayPtr& a, DType dt);
}  // namespace sl
