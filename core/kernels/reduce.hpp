// kernels/reduce: reductions (sum, prod, max, min, any, all), arg-reductions,
// accumulations (cumsum, cumprod) and order statistics (median, percentile)
// over any strided array, giving NumPy's results digit for digit.
//
// Floating-point sums are not associative, so "the same result" means the
// same order of additions as NumPy: its reduction iterator walks the input in
// memory order (K order, strides never negated), hands the add loop runs of at
// most 8192 elements (the buffer size), and the add loop sums each run with
// pairwise summation (see Note [Pairwise summation] in reduce.cpp). Other
// reductions are exact or order-insensitive, and use the plain strided walk.
//
// Invariant: inputs are only read, through their own strides; results are new
// owning arrays laid out in the input's memory order (NumPy's NPY_KEEPORDER).
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "core/model/array.hpp"
#include "core/kernels/elementwise.hpp"

namespace sl {

enum class ReduceOp { sum, prod, max, min, fmax, fmin, any, all };
const char* reduce_ufunc_name(ReduceOp op);  // "add", "maximum", ...

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

// PyTorch's float sum of rows (aten/src/ATen/native/cpu/SumKernel.cpp,
// cascade_sum on AVX2): x is C-contiguous; each run of n consecutive
// elements is one row, summed into out (C-contiguous, x.size() / n
// elements of x's dtype, float32 or float64). Returns false for other
// dtypes. See Note [Cascade sum] in reduce.cpp.
bool torch_sum_rows(const Array& x, int64_t n, const Array& out);

// Note [Pairwise summation]: exposed for tests. Sums n elements at `p` with
// byte stride `stride` exactly as NumPy's pairwise_sum does.
float pairwise_sum_f32(const char* p, int64_t n, int64_t stride);
double pairwise_sum_f64(const char* p, int64_t n, int64_t stride);
float pairwise_sum_f16(const char* p, int64_t n, int64_t stride);  // float16 input, float accumulators

}  // namespace sl
