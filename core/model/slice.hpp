// slice: the vocabulary of a basic index and Python's one slice
// normalisation, shared by array indexing (core/ops/views) and the
// interpreter's sequences (list, str, range, bytes).
// Invariant: a SliceRange's `count` elements start + k*step (0 <= k < count)
// all lie in [0, n).
#pragma once
#include <cstdint>
#include <optional>

namespace sl {

// One entry of a basic index: an integer, a slice, None (new axis) or `...`.
struct IndexItem {
  enum Kind { Int, Slice, NewAxis, Ellipsis } kind = Int;
  int64_t i = 0;                                  // Int
  std::optional<int64_t> start, stop, step;       // Slice (nullopt = omitted)
};

// Python's slice.indices(n) (PySlice_AdjustIndices): normalised start, stop
// and step, and the element count. The one slice normalisation: array
// indexing and the interpreter's sequences (list, str, range) both use it.
struct SliceRange {
  int64_t start, step, count, stop;
};
SliceRange slice_range(const IndexItem& s, int64_t n);

}  // namespace sl
