// routines: NumPy's everyday routines that are neither views nor joins of their
// own -- index arithmetic (unravel_index, ravel_multi_index, indices, ix_,
// meshgrid), binary search and counting (searchsorted, digitize, bincount,
// histogram), interpolation (interp), polynomial-style products (vander, kron,
// cross, convolve/correlate), weighted means (average) and the element edits
// (append, insert, delete), plus rot90.
//
// Invariant: a result is a view exactly where NumPy's Python implementation
// returns one (rot90 = flip/transpose views; meshgrid(copy=False) and
// ix_/indices(sparse) = reshape/broadcast views) and these are built from
// core/ops/views so their .base and explanation come from there; everything else
// is a new C-contiguous array in the dtype NumPy gives.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/model/array.hpp"

namespace sl {

// ---- index arithmetic (numpy/_core/src/multiarray/compiled_base.c) ----
// unravel_index: for each flat index f (int array, any shape) the coordinates
// c_k with f = sum c_k * m_k, m the C (or F) multipliers of dims. ValueError
// "index N is out of bounds for array with size S".
std::vector<ArrayPtr> unravel_index(const ArrayPtr& indices, const Shape& dims, char order);
// ravel_multi_index: sum c_k * m_k per element of the broadcast coordinate
// arrays; mode per axis: 'r'aise, 'w'rap, 'c'lip.
ArrayPtr ravel_multi_index(const std::vector<ArrayPtr>& coords, const Shape& dims, const std::string& modes,
                           char order);
// np.indices(dims, dtype, sparse): grid[k][i...] = i_k. Dense: one (len(dims), *dims)
// array; sparse: arange(d_k) reshaped to 1...d_k...1 (each its own owner).
ArrayPtr indices_dense(const Shape& dims, DType dt);
std::vector<ArrayPtr> indices_sparse(const Shape& dims, DType dt);
// np.ix_: the k-th 1-d sequence reshaped to 1...n...1 (a view of its array; bools
// become their nonzero()).
std::vector<ArrayPtr> ix_(const std::vector<ArrayPtr>& seqs);
// np.meshgrid (numpy/lib/_function_base_impl.py): each x_i raveled and reshaped to
// 1..n_i..1 ('xy' swaps the first two axes), then broadcast against the others
// unless sparse; copy=True copies, copy=False leaves broadcast (read-only
// ... writeable-with-warning in NumPy: broadcast_arrays) views.
std::vector<ArrayPtr> meshgrid(const std::vector<ArrayPtr>& xs, bool xy, bool sparse, bool copy);

// ---- searching and counting ----
// searchsorted(a, v, side): for each v the first i with a[i] >= v ('left') or > v
// ('right'): binary search (npy_binsearch), int64 result of v's shape.
ArrayPtr searchsorted(const ArrayPtr& a, const ArrayPtr& v, bool right, const ArrayPtr& sorter = nullptr);
// digitize(x, bins, right) (numpy/lib/_function_base_impl.py): searchsorted on
// monotonic bins; ValueError "bins must be monotonically increasing or decreasing".
ArrayPtr digitize(const ArrayPtr& x, const ArrayPtr& bins, bool right);
// bincount(x, weights, minlength): counts (int64) or weight sums (float64) of
// each non-negative integer in x.
ArrayPtr bincount(const ArrayPtr& x, const ArrayPtr& weights, int64_t minlength);
// histogram with explicit edges (NumPy's _search_sorted_inclusive: the last bin
// is closed); counts int64, or weight sums in the weights' dtype; density divides
// by the total and the bin widths.
ArrayPtr histogram_counts(const ArrayPtr& a, const std::vector<double>& edges, const ArrayPtr& weights, bool density);
// The edges NumPy computes for bins=n over [lo, hi] (linspace, widened by 0.5
// when lo == hi, range from the data's min/max when not given).
std::vector<double> histogram_edges(const ArrayPtr& a, int64_t bins, std::optional<std::pair<double, double>> range);

// isin(element, test, invert): whether each element equals some test element
// (compared as int64 when both are integers, else as float64); element's shape.
ArrayPtr isin(const ArrayPtr& element, const ArrayPtr& test, bool invert);

// lexsort(keys): the stable permutation that sorts by the last key, ties broken by
// the one before, ...: successive stable argsorts from the first key to the last.
ArrayPtr lexsort(const std::vector<ArrayPtr>& keys, int64_t axis);
// partition / argpartition along axis: every kth element lands where a full sort
// puts it, smaller ones before, larger ones after. stridelab fully sorts (a valid
// partition; NumPy's introselect/SIMD order of the non-kth elements is unspecified).
// ValueError "kth(=5) out of bounds (3)".
ArrayPtr partition(const ArrayPtr& a, const std::vector<int64_t>& kth, int axis, bool arg);

// np.unique(ar, axis=k) (numpy/lib/_arraysetops_impl.py): the distinct subarrays
// along axis k in lexicographic order of their elements (NumPy views each as one
// structured record whose fields compare in order), with, for each, the first
// position it occurs at (index), every position's group (inverse) and the counts.
struct UniqueAxis {
  ArrayPtr values;
  ArrayPtr index, inverse, counts;  // int64, 1-d
};
UniqueAxis unique_axis(const ArrayPtr& ar, int axis);

// ---- interpolation and polynomial products ----
// interp(x, xp, fp, left, right): piecewise-linear, float64 (complex fp not supported).
ArrayPtr interp(const ArrayPtr& x, const ArrayPtr& xp, const ArrayPtr& fp, std::optional<double> left,
                std::optional<double> right, std::optional<double> period);
// vander(x, N, increasing): columns x^(N-1) ... x^0 (multiply.accumulate order).
ArrayPtr vander(const ArrayPtr& x, int64_t n, bool increasing);
// kron(a, b): the block array a[i] * b, shape a.shape * b.shape (after padding ndims).
ArrayPtr kron(const ArrayPtr& a, const ArrayPtr& b);
// cross(a, b) along the last axes of 2- or 3-vectors (numpy/_core/numeric.py);
// 2-vectors give the z component only (2-d result loses the axis).
ArrayPtr cross(const ArrayPtr& a, const ArrayPtr& b);
// convolve / correlate (multiarray.correlate2): modes 'full', 'same', 'valid';
// correlate(a, v)[k] = sum_n a[n+k] * conj(v[n]).
ArrayPtr correlate(const ArrayPtr& a, const ArrayPtr& v, const std::string& mode, bool convolve);

// ---- the element edits (numpy/lib/_function_base_impl.py) ----
// delete(arr, idx, axis): the elements not in idx (ints or a boolean mask); copy.
ArrayPtr delete_items(const ArrayPtr& arr, const std::vector<int64_t>& idx, std::optional<int64_t> axis);
// insert(arr, idx, values, axis): values placed before the given positions
// (a scalar position inserts values as a block; a sequence one per position).
ArrayPtr insert_items(const ArrayPtr& arr, const std::vector<int64_t>& idx, bool scalar_index,
                      const ArrayPtr& values, std::optional<int64_t> axis);
// np.pad (numpy/lib/_arraypad_impl.py), axis by axis over the progressively padded
// array as NumPy does (so corners come from the later axes). Modes: constant
// (values[k] = before/after), edge, wrap, reflect, symmetric (index maps i -> source
// index, periodic with period 2(n-1) / 2n), linear_ramp (end values in values[k];
// linspace(end, edge, width, endpoint=False), floored for integer dtypes), mean
// (stat_length[k] elements from each side, rounded half-even for integers).
struct PadSpec {
  std::string mode = "constant";
  std::vector<std::pair<int64_t, int64_t>> width;  // one per axis
  std::vector<std::pair<double, double>> values;   // constant_values / end_values per axis
  std::vector<std::pair<int64_t, int64_t>> stat_length;  // -1 = the whole axis
  bool odd = false;                                 // reflect_type='odd'
};
ArrayPtr pad(const ArrayPtr& a, const PadSpec& spec);
// packbits: each run of 8 elements along axis (nonzero = 1) as one uint8, the
// first element in the most (bitorder 'big') or least significant bit; the last
// byte zero-padded. unpackbits: the inverse, count bits kept per axis (< 0: drop
// that many from the end).
ArrayPtr packbits(const ArrayPtr& a, std::optional<int64_t> axis, bool little);
ArrayPtr unpackbits(const ArrayPtr& a, std::optional<int64_t> axis, std::optional<int64_t> count, bool little);
// ndarray.byteswap(): every element's bytes reversed (each half of a complex
// separately); a copy, or in place.
ArrayPtr byteswap(const ArrayPtr& a, bool inplace);
// rot90(m, k, axes): flip and transpose views (k mod 4 quarter turns from axes[0]
// towards axes[1]).
ArrayPtr rot90(const ArrayPtr& m, int64_t k, int64_t axis0, int64_t axis1);

}  // namespace sl
