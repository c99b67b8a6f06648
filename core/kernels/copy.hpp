// kernels/copy: strided copies and numeric dtype casts between two layouts
// that the caller has allocated and checked.
//
// Invariant: no allocation, no Python error: both arrays exist, have the same
// shape, numeric dtypes (flexible ones convert element by element in
// core/ops/copy.cpp) and do not overlap (core/ops/copy.hpp's copy_into makes
// the temporary when they might).
#pragma once
#include "core/model/array.hpp"

namespace sl {

// Copies src's elements (logical C order of the shape) into dst of the same
// shape, converting dtype with NumPy's unsafe-cast semantics (element.hpp).
// A plane of two axes that one side walks across is copied in tiles
// (Note [Blocked transpose] in copy.cpp).
void copy_raw(const Array& dst, const Array& src);

// Fills every element of dst with one value given as a 16-byte scalar of dtype `dt`.
void fill(const Array& dst, DType dt, const void* value);

}  // namespace sl
