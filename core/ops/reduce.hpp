// ops/reduce: reductions over axes (sum, prod, max, min, any, all),
// arg-reductions, accumulations (cumsum, cumprod) and order statistics
// (median, quantile) of any strided array: which axes fold, in which memory
// order, from which starting value (identity, initial= or the first element),
// into a result allocated in the input's memory order (NumPy's
// NPY_KEEPORDER), and NumPy's errors for what has no answer. The loops that
// fold are kernels/reduce's (Note [Pairwise summation] there).
//
// Invariant: inputs are only read; every result is a new owning array.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "core/kernels/reduce.hpp"
#include "core/model/array.hpp"

namespace sl {

// Reduces `a` over the axes with axes[k] true, casting the input to `dt` and
// accumulating in it (any/all: the result is bool whatever `dt` says).
// keepdims keeps the reduced axes with length 1. The result has `flavor`
// (a 0-d array when every axis is reduced; the caller makes it a scalar).
// `initial` (a 0-d array, any dtype) replaces the identity as the starting
// value (and lets max/min reduce empty arrays). Raises NumPy's ValueError for
// an empty max/min without one.
ArrayPtr reduce(ReduceOp op, const Array& a, const std::vector<bool>& axes, DType dt, bool keepdims,
                Flavor flavor = Flavor::NumPy, const Array* initial = nullptr);

// argmax / argmin along `axis`, or over the C-order flattened array when axis
// is empty; the first occurrence wins, NaN counts as the extreme.
ArrayPtr arg_reduce(bool is_max, const Array& a, std::optional<int> axis, bool keepdims,
                    Flavor flavor = Flavor::NumPy);

// ufunc.accumulate (np.cumsum is add, np.cumprod multiply) along `axis` (the
// C-order flattened array when empty), computed in `dt`:
// out[0] = in[0], out[i] = op(out[i-1], in[i]), each stored in dt.
ArrayPtr accumulate(Ufunc op, const Array& a, std::optional<int> axis, DType dt, Flavor flavor = Flavor::NumPy);

// np.quantile with method='linear' along `axis` (flattened when empty), for
// fractions `q` in [0, 1] (percentile / 100). The result has shape
// q_shape + (reduced shape); dtype float64 for integer input, else the input's.
// mirrors numpy/lib/function_base.py: _quantile, _get_indexes, _lerp.
ArrayPtr quantile(const Array& a, const std::vector<double>& q, const Shape& q_shape, std::optional<int> axis,
                  bool keepdims);
// np.median along `axis` (flattened when empty): the mean of the middle one or
// two values (mirrors _median); NaN when the slice holds a NaN.
ArrayPtr median(const Array& a, std::optional<int> axis, bool keepdims);

}  // namespace sl
