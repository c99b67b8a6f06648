// join: operations that assemble a new array from pieces -- concatenate,
// repeat, and what NumPy builds on them (stack, roll, tile, resize).
// Invariant: every result holds fresh memory, never an input's: a COPY that
// owns its data, or (tile, resize, as in NumPy) a view of such a copy.
//
// Mirrors NumPy's multiarraymodule.c (PyArray_ConcatenateInto) and
// item_selection.c (PyArray_Repeat), including their error messages.
#pragma once
#include <optional>
#include <vector>

#include "core/model/array.hpp"

namespace sl {

// np.concatenate(arrays, axis, dtype): axis nullopt means axis=None (every
// array raveled). The output's memory order follows the inputs' (NumPy's
// PyArray_CreateMultiSortedStridePerm): concatenating F-ordered arrays gives
// an F-ordered result. dtype defaults to the promotion of the inputs.
ArrayPtr concatenate(const std::vector<ArrayPtr>& arrays, std::optional<int64_t> axis,
                     std::optional<DType> dtype = std::nullopt);

// np.repeat(a, repeats, axis): repeats is one count (broadcast) or one per
// element along the axis; axis nullopt repeats the raveled array.
ArrayPtr repeat(const ArrayPtr& a, const std::vector<int64_t>& repeats, bool repeats_is_scalar,
                std::optional<int64_t> axis);


// np.stack (numpy/core/shape_base.py): concatenate of a[..., None, ...] views. A copy.
ArrayPtr stack(const std::vector<ArrayPtr>& arrays, int64_t axis, std::optional<DType> dtype = std::nullopt);
// np.roll(a, shift, axis) (numpy/core/numeric.py): a copy in a's memory order;
// shifts and axes broadcast; axes nullopt rolls the raveled array.
ArrayPtr roll(const ArrayPtr& a, const std::vector<int64_t>& shifts, const std::optional<std::vector<int64_t>>& axes);
// np.tile(A, reps) (numpy/lib/shape_base.py): built on reshape and repeat, so
// the result may be a view of an intermediate copy, as in NumPy. copy_input:
// A was already an ndarray (all-ones reps then return np.array(A, copy=True)).
ArrayPtr tile(const ArrayPtr& A, std::vector<int64_t> reps, bool copy_input);
// np.resize(a, new_shape) (numpy/core/fromnumeric.py): a reshaped slice of a
// concatenation of copies (its .base is that concatenation).
ArrayPtr resize(const ArrayPtr& a, const Shape& new_shape);

}  // namespace sl
