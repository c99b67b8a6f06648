// lib_routines: the element edits and index builders of numpy.lib that write
// into an existing array or name its positions -- the triangle and diagonal
// index arrays, the along-axis fancy index, fill_diagonal, place, putmask and
// nan_to_num.
//
// Invariant: the writers (fill_diagonal, place, putmask, nan_to_num) change `a`
// in place through its own strides, visiting its elements in C order (NumPy's
// a.flat), and allocate nothing but index arrays; values arrive already in a's
// dtype (the front end converts them as NumPy's setitem does). Index builders
// return new int64 arrays.
#pragma once
#include <optional>
#include <utility>
#include <vector>

#include "core/model/array.hpp"

namespace sl {

// np.tril_indices(n, k, m) / np.triu_indices: the (row, col) pairs of an n x m
// grid with col - row <= k (lower) or col - row >= k (upper), in C order
// (mirrors numpy/lib/_twodim_base_impl.py: tril_indices, nonzero of tri()).
std::pair<ArrayPtr, ArrayPtr> tri_indices(int64_t n, int64_t m, int64_t k, bool upper);

// take_along_axis / put_along_axis's fancy index (mirrors
// numpy/lib/_shape_base_impl.py: _make_along_axis_idx): for each axis d of
// `shape`, arange(shape[d]) shaped 1..n..1 on axis d, except `indices` itself
// on `axis`. IndexError "`indices` must be an integer array", ValueError
// "`indices` and `arr` must have the same number of dimensions".
std::vector<ArrayPtr> along_axis_index(const Shape& shape, const ArrayPtr& indices, int axis);

// np.fill_diagonal(a, val, wrap) (numpy/lib/_index_tricks_impl.py): a.flat[:end:step]
// = val with step = 1 + sum(cumprod(shape[:-1])) (shape[1] + 1 for 2-d), end =
// shape[1]**2 for a tall 2-d array unless wrap; vals (a's dtype, C order) repeat.
// ValueError "array must be at least 2-d", "All dimensions of input must be of equal length".
void fill_diagonal(const ArrayPtr& a, const Array& vals, bool wrap);

// np.place(arr, mask, vals) (multiarray arr_place): the k-th True of mask (C order)
// takes vals[k % len(vals)]. ValueError "place: mask and data must be the same size",
// "Cannot insert from an empty array!".
void place(const ArrayPtr& arr, const Array& mask, const Array& vals);
// np.putmask(a, mask, values) (PyArray_PutMask): a.flat[i] = values[i % len(values)]
// where mask.flat[i]. ValueError "putmask: mask and data must be the same size".
void putmask(const ArrayPtr& a, const Array& mask, const Array& values);

// np.nan_to_num on an inexact array, in place (numpy/lib/_type_check_impl.py):
// NaN -> nan, +inf -> posinf (default the dtype's largest finite value), -inf ->
// neginf (default the most negative); a complex array's parts separately. The
// replacements are rounded to the dtype (1e300 in float32 is inf).
void nan_to_num(const ArrayPtr& x, double nan, std::optional<double> posinf, std::optional<double> neginf);

}  // namespace sl

namespace sl {

// The float ufuncs with an integer operand or two outputs (npy_modf, npy_frexp,
// npy_ldexp), on an input already cast to the loop's float dtype (float16,
// float32 or float64; float16 computed in float32, which is exact for these).
// modf: (fractional part, integral part), both with x's sign. frexp: (mantissa in
// [0.5, 1) with x's sign, int32 exponent) with x = m * 2**e. ldexp: x * 2**e for an
// int32 or int64 e broadcast against x.
std::pair<ArrayPtr, ArrayPtr> modf(const ArrayPtr& x);
std::pair<ArrayPtr, ArrayPtr> frexp(const ArrayPtr& x);
ArrayPtr ldexp(const ArrayPtr& x, const ArrayPtr& e);

}  // namespace sl
