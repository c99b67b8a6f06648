// index: advanced ("fancy") indexing -- integer-array and boolean indices --
// and its relatives take / nonzero. Every operation here makes a COPY.
//
// Mirrors NumPy's mapping.c (prepare_index, get_view_from_index,
// mapiter_fill_info, PyArray_MapIterSwapAxes, array_assign_boolean_subscript)
// and item_selection.c (PyArray_TakeFrom, PyArray_Nonzero).
//
// Note [Fancy index result layout]: an index is split into its basic part
// (slices, None, ..., integers), applied as a view, and its array part. The
// index arrays broadcast to a shape B; the axes of the view they do not index
// form the subspace S. The gathered values are written into a new C-ordered
// array of shape B + S. When the array indices (integers count as array
// indices here) are consecutive in the index and not first, NumPy moves B to
// where the first of them stood: the result is then a *transposed view* of that
// B + S array (so `x[:, [0, 1]]` has base != None, OWNDATA False and
// non-C-contiguous strides, exactly as in NumPy); otherwise the result owns its data.
// The memory order of the B + S array is NumPy's too (PyArray_MapIterNew):
// when the subspace holds more than one element, B is C-ordered outermost and
// S follows the view's strides sorted by magnitude; when the subspace is
// trivial (one element), the whole array follows the index arrays' memory
// order the way an nditer allocating its output would (so `x[i.T, 0]` is
// F-ordered when i is C-ordered).
//
// Invariant: fancy results never alias the input; the basic part of an index
// goes through the same view code (make_view) as basic indexing.
#pragma once
#include <cstdint>
#include <vector>

#include "core/model/array.hpp"
#include "core/ops/views.hpp"

namespace sl {

// One entry of an index that may contain arrays.
struct FancyIndexItem {
  enum Kind {
    Basic,      // an int, slice, None or ... (IndexItem)
    IntArray,   // an integer array (any integer dtype, any shape): indexes one axis
    BoolArray,  // a boolean array of ndim k >= 1: indexes k axes (acts as its nonzero())
    Bool0d,     // True / False / a 0-d boolean array: adds a length-1 (or 0) axis
  } kind = Basic;
  IndexItem basic;
  ArrayPtr arr;
  bool value = false;
};

// The analysed index (prepare_index + mapiter_fill_info).
struct FancyPlan {
  ArrayPtr view;                // a after the basic part; indexed axes still in place
  std::vector<int> fancy_axes;  // their positions in `view` (one per index array)
  std::vector<int> orig_axes;   // the same axes numbered in `a` (for messages; -1 for Bool0d)
  std::vector<ArrayPtr> index;  // int64, C-contiguous, original shapes (not yet bounds-checked)
  std::vector<Strides> index_strides;  // the index arrays' own strides (their memory order)
  Shape bshape;                 // broadcast shape B of the index arrays
  Shape sub_shape;              // the subspace S: axes of `view` not indexed by arrays
  Strides sub_strides;
  int consec = 0;               // where B goes in the result (0: first)
  bool single_bool = false;     // NumPy's HAS_BOOL: one boolean array matching a's shape exactly
  Shape result_shape;
};

// Validates and analyses an index in NumPy's order of checks: ellipsis count,
// "too many indices", boolean dims, integer bounds, index broadcasting, then
// (after broadcasting) the bounds of every index array, which are normalised.
// With check_bounds=false the last step is left to check_fancy_bounds (NumPy's
// assignment checks the value's shape before the indices' bounds).
FancyPlan plan_fancy_index(const ArrayPtr& a, const std::vector<FancyIndexItem>& idx, bool check_bounds = true);
void check_fancy_bounds(FancyPlan& p);

// a[idx]: a copy (see Note [Fancy index result layout]).
ArrayPtr fancy_getitem(const ArrayPtr& a, const std::vector<FancyIndexItem>& idx);

// a[idx] = value: value (any dtype, cast unsafely) broadcasts to the result
// shape; repeated indices are written in order, so the last write wins. The
// caller has checked that a is writeable.
void fancy_setitem(const ArrayPtr& a, const std::vector<FancyIndexItem>& idx, const ArrayPtr& value);

// a.nonzero(): one int64 array of coordinates per axis, in C order.
std::vector<ArrayPtr> nonzero(const Array& a);
int64_t count_nonzero(const Array& a);

// np.take(a, indices, axis, mode): a.shape[:axis] + indices.shape + a.shape[axis+1:],
// C-contiguous and owning. mode 'r'aise, 'w'rap or 'c'lip. `indices` any
// numeric dtype (cast to int64 unsafely). axis must already be normalised.
ArrayPtr take(const ArrayPtr& a, const Array& indices, int axis, char mode = 'r');

// np.put(a, indices, values, mode): a.flat[indices] = values (values repeat
// cyclically). a must be C-contiguous-addressable via flat indices; any layout works.
void put(const ArrayPtr& a, const Array& indices, const Array& values, char mode = 'r');

}  // namespace sl
