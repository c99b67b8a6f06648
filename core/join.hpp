// join: operations that assemble a new array from pieces -- concatenate and
// repeat (np.stack / vstack / hstack / tile / resize are built on them in the
// front end). Every result is a COPY that owns its data.
//
// Mirrors NumPy's multiarraymodule.c (PyArray_ConcatenateInto) and
// item_selection.c (PyArray_Repeat), including their error messages.
#pragma once
#include <optional>
#include <vector>

#include "core/array.hpp"

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

}  // namespace sl
