// sort: np.sort / ndarray.sort / np.argsort along one axis, with NumPy's own
// algorithms so that the order of equal elements (visible through argsort)
// is NumPy's.
//
// Mirrors numpy/core/src/npysort: 'quicksort' is NumPy's introsort
// (quicksort.cpp: median-of-3 partition, insertion sort below 16 elements,
// heapsort when the depth limit 2*floor(log2 n) runs out) -- NOT stable;
// 'heapsort' is heapsort.cpp; 'stable' / 'mergesort' are stable sorts (their
// result is unique, so any stable algorithm gives NumPy's). NaNs sort to the
// end (npysort_common.h: a < b || (b != b && a == a)).
//
// Invariant: the visiting order of elements is NumPy's, so equal elements
// end where NumPy puts them; sort results are copies (or the array itself,
// in place, for ndarray.sort).
#pragma once
#include <string>
#include <vector>

#include "core/model/array.hpp"

namespace sl {

enum class SortKind { Quick, Heap, Stable };

// Parses NumPy's kind names ('quicksort', 'heapsort', 'stable', 'mergesort');
// None means quicksort. ValueError "sort kind must be one of 'quick', 'heap', or 'stable' (got 'x')".
SortKind parse_sort_kind(const std::string& name);

// Sorts every 1-d lane of a along `axis` in place (a writeable, axis normalised).
// Text sorts by code points; records compare field by field, the fields named
// in `order` first, then the rest in dtype order (NumPy's VOID_compare).
void sort_inplace(const Array& a, int axis, SortKind kind, const std::vector<std::string>& order = {});

// Sorts the n contiguous elements of a plain (non-flexible) dtype at p in
// place, ascending with NaN last: NumPy's quicksort (quantile, median).
void sort_contiguous(DType dt, char* p, int64_t n);

// The int64 indices that sort each lane along `axis`; C-contiguous, a's shape.
ArrayPtr argsort(const Array& a, int axis, SortKind kind, const std::vector<std::string>& order = {});

}  // namespace sl
