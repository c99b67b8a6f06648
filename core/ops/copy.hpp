// ops/copy: copies that allocate or may meet overlapping memory, and the
// element-by-element casts of flexible dtypes (text and records).
//
// Invariant: dst is written as if src had been read in full first (a
// temporary when the two may share memory, NumPy's solve_may_share_memory
// deciding); a cast that NumPy refuses raises NumPy's error before dst changes
// for numbers, element by element for text (as NumPy's loops do).
#pragma once
#include "core/kernels/copy.hpp"  // copy_raw and fill, the loops beneath these copies
#include "core/model/descr.hpp"

namespace sl {

// Copies src's elements (logical C order of the shape) into dst of the same
// shape, converting dtype with NumPy's unsafe-cast semantics (element.hpp).
// The caller guarantees the shapes match and dst is writeable; overlapping
// src/dst are handled (a temporary copy is made when they may overlap).
void copy_into(const Array& dst, const Array& src);

// A new owning array with src's values in `order` ('C', 'F', 'K' keeps the
// memory order of src where possible), optionally cast to `dtype`.
ArrayPtr copy_array(const Array& src, char order = 'C');
ArrayPtr copy_as(const Array& src, DType dtype, char order = 'C');
// The same to any dtype (descr: the flexible dtype's descriptor, else null).
ArrayPtr copy_as(const Array& src, DType dtype, const DescrPtr& descr, char order = 'C');

// Copies src into dst (same shape) when either dtype is flexible: text <-> text
// with truncation and padding, numbers -> text as str() prints them, text ->
// numbers by parsing, records field by field. Raises NumPy's errors otherwise.
void flexible_copy(const Array& dst, const Array& src);

}  // namespace sl
