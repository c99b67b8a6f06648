// frontend/index: advanced (fancy) indexing as both front ends read a key --
// integer and boolean arrays, lists and ranges beside ints, slices, None and
// Ellipsis -- converted to the engine's FancyIndexItems (NumPy's
// prepare_index), then core/index's fancy_getitem / fancy_setitem.
//
// Invariant: a key either converts or raises NumPy's IndexError (a tensor
// index of another dtype PyTorch's); the layout is the engine's.
#pragma once
#include "core/lang/eval/interp.hpp"

namespace sl::lang {

// a[key] / a[key] = x for a key that is not a basic index.
Value advanced_getitem(Interp& in, const ArrayPtr& a, const Value& key);
void advanced_setitem(Interp& in, const ArrayPtr& a, const Value& key, const Value& x);

}  // namespace sl::lang
