// kernels/copy: strided copies and dtype casts between arrays.
#pragma once
#include "core/model/array.hpp"

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

// Fills every element of dst with one value given as a 16-byte scalar of dtype `dt`.
void fill(const Array& dst, DType dt, const void* value);

}  // namespace sl
