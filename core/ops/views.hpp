// views: operations that make a new array over the same storage (never copy).
// Each returns a view made by make_view, so base collapsing, WRITEABLE
// inheritance and the in-storage check apply to all of them. The exceptions
// say so in their names and comments: reshape and ravel fall back to a copy
// exactly when NumPy does, flatten / copy_in_order / empty_like_keep_order
// always allocate (with NumPy's memory order).
//
// Invariant: nothing here allocates data except where the name or comment
// says "copy"; every view's `base` is set by make_view (alias_array), never
// here. Also the memory-order helpers every allocation with NumPy's order
// uses (the one axis-ordering sort: nditer_axis_order).
#pragma once
#include <optional>
#include <vector>

#include <string>

#include "core/model/array.hpp"
#include "core/model/descr.hpp"
#include "core/model/slice.hpp"

namespace sl {


// a[idx] for a basic index (NumPy's view-producing indexing).
ArrayPtr basic_index(const ArrayPtr& a, const std::vector<IndexItem>& idx);

// arr.view() : same layout, base collapses to the owner.
ArrayPtr view_same(const ArrayPtr& a);

// NumPy 2's copy= keyword (np.array, np.asarray, reshape, astype): None copies
// only when it must, True always copies, False never does and raises when it
// would have to.
enum class CopyMode { IfNeeded, Always, Never };

// NumPy reshape (order 'C', 'F' or 'A'): a view when possible (no-copy
// algorithm), otherwise a view of a private copy (NumPy's behaviour). With
// copy=True the copy is made first; with copy=False a reshape that needs one
// raises ValueError (mirrors _reshape_with_copy_arg, NumPy >= 2.1).
ArrayPtr reshape(const ArrayPtr& a, const Shape& requested, char order = 'C', CopyMode copy = CopyMode::IfNeeded);
// The view-only variant used by `a.shape = ...` (AttributeError when impossible).
ArrayPtr reshape_nocopy_or_throw(const ArrayPtr& a, const Shape& requested);

// transpose with an explicit permutation (empty: reverse).
ArrayPtr transpose(const ArrayPtr& a, const std::vector<int64_t>& axes);

}  // namespace sl

namespace sl {
// arr.view(dtype) with NumPy >= 1.23 rules (getset.c: array_descr_set).
ArrayPtr view_dtype(const ArrayPtr& a, DType dt);

// ---- axis bookkeeping (numpy.core.multiarray.normalize_axis_index and
// numpy.core.numeric.normalize_axis_tuple). AxisError text:
// "[prefix: ]axis 5 is out of bounds for array of dimension 3".
int normalize_axis_index(int64_t axis, int ndim, const char* prefix = nullptr);
// Duplicates raise "repeated axis" / "repeated axis in `argname` argument".
std::vector<int> normalize_axis_tuple(const std::vector<int64_t>& axes, int ndim, const char* argname = nullptr,
                                      bool allow_duplicate = false);

// ---- views that rearrange axes (all mirror NumPy; none copies) ----
// a.squeeze() / np.squeeze(a, axis): PyArray_Squeeze returns `a` itself when
// there is nothing to remove; PyArray_SqueezeSelected always makes a view.
ArrayPtr squeeze(const ArrayPtr& a);
// single: axis was given as one int rather than a tuple.
ArrayPtr squeeze_axes(const ArrayPtr& a, const std::vector<int64_t>& axes, bool single = false);
// np.expand_dims(a, axis): a reshape with length-1 axes inserted.
ArrayPtr expand_dims(const ArrayPtr& a, const std::vector<int64_t>& axes);
// a.swapaxes(i, j) (PyArray_SwapAxes) and np.moveaxis(a, source, destination).
ArrayPtr swapaxes(const ArrayPtr& a, int64_t axis1, int64_t axis2);
ArrayPtr moveaxis(const ArrayPtr& a, const std::vector<int64_t>& source, const std::vector<int64_t>& destination);
// The layout of `a` without the axes marked in `drop` (each of length 1):
// squeeze in both libraries.
std::pair<Shape, Strides> without_axes(const Array& a, const std::vector<bool>& drop);
// Marks the axes of length 1.
std::vector<bool> unit_axes(const Array& a);
// a.diagonal(offset, axis1, axis2) (PyArray_Diagonal): the two axes are
// replaced by one last axis of stride s1 + s2. The view is READ-ONLY.
ArrayPtr diagonal(const ArrayPtr& a, int64_t offset, int64_t axis1, int64_t axis2);
// The one diagonal rule both libraries use (PyArray_Diagonal, ATen's
// diagonal): for axes i != j and offset k, drop axes i and j and append one
// axis of length max(raw, 0), raw = min(n_i - max(-k, 0), n_j - max(k, 0)),
// with stride s_i + s_j; its first element is `shift` bytes further, k * s_j
// for k >= 0 and -k * s_i for k < 0. NumPy applies the shift when raw >= 0,
// PyTorch only when the length is positive.
struct DiagonalLayout {
  Shape shape;
  Strides strides;
  int64_t raw = 0;
  int64_t shift = 0;
};
DiagonalLayout diagonal_layout(const Array& a, int64_t offset, int i, int j);
// np.flip(a, axes) (empty axes: every axis): negative-step slices.
ArrayPtr flip(const ArrayPtr& a, const std::vector<int64_t>& axes, bool all_axes);
// The real or imaginary part of a complex array as a view of the real dtype
// (same strides, imaginary part at offset + itemsize/2).
ArrayPtr complex_part(const ArrayPtr& a, bool imag);

// ---- ravel / flatten (PyArray_Ravel, PyArray_Flatten) ----
// ravel: a view when the order's contiguity allows it (for 'K', when the
// strides sorted by magnitude are contiguous), else a copy (base None).
ArrayPtr ravel(const ArrayPtr& a, char order = 'C');
// flatten: always a new 1-d owning array; 'K' walks memory order.
ArrayPtr flatten(const ArrayPtr& a, char order = 'C');

// ---- broadcasting views ----
// np.broadcast_to(a, shape) (via NumPy's nditer): axes of length 1 and new
// leading axes get stride 0. readonly=false gives broadcast_arrays' results
// (writeable, warn_on_write). Errors as NumPy words them.
ArrayPtr broadcast_to(const ArrayPtr& a, const Shape& shape, bool readonly = true);
// np.broadcast_shapes / np.broadcast (PyArray_Broadcast): the message names
// the two arguments that disagree: "shape mismatch: objects cannot be
// broadcast to a single shape.  Mismatch is between arg 0 with shape (2, 3)
// and arg 1 with shape (4,)."
Shape broadcast_shapes_np(const std::vector<Shape>& shapes);

// numpy.lib.stride_tricks.as_strided: the result's base is a DummyBase array
// whose base is x (semantics.md section 1). Without strides, a C-contiguous x
// gets C strides for the new shape (its __array_interface__ has strides None).
// Unlike NumPy, a layout reaching outside x's storage is a ValueError
// (design.md: PyTorch's setStorage message).
ArrayPtr as_strided(const ArrayPtr& x, const std::optional<Shape>& shape, const std::optional<Strides>& strides,
                    bool writeable = true);

// ---- memory order helpers ----
// PyArray_CreateMultiSortedStridePerm: the axis order (outermost first) that
// matches the memory layout of all arrays together (C order wins ties and
// conflicts; length-1 axes do not vote). Used to lay out concatenate's output
// and NewLikeArray(order='K').
std::vector<int> multi_sorted_stride_perm(const std::vector<const Array*>& arrays, int ndim);
// npyiter_find_best_axis_ordering: the axis order (outermost first) in which
// an nditer over operands with these strides (already broadcast to `shape`)
// allocates its output: a stable insertion sort by |stride| in which zero
// strides and length-1 axes do not vote and C order wins conflicts.
// The one axis-ordering helper: ufunc outputs, reductions, fancy indexing
// and np.where all allocate through it.
std::vector<int> nditer_axis_order(const Shape& shape, const std::vector<const Strides*>& operands);
std::vector<int> nditer_axis_order(const Shape& shape, const std::vector<Strides>& operands);
// Byte strides of a new array of `shape` laid out in `perm` order (outermost first).
Strides strides_for_perm(const Shape& shape, const std::vector<int>& perm, int64_t itemsize);
// np.empty_like(a) with order='K' (PyArray_NewLikeArray): an owning array with
// a's memory order (C when a is C-contiguous, F when only F-contiguous).
ArrayPtr empty_like_keep_order(const Array& a, DType dt);
// A copy (cast to dt) in order 'C', 'F', 'A' or 'K' as PyArray_NewCopy /
// astype do it: 'K' keeps a's memory order of axes.
ArrayPtr copy_in_order(const Array& a, DType dt, char order);

// ---- views composed from basic indexing ----
// np.atleast_1d/2d/3d (shape_base.py): the input itself when it has enough
// axes, else a view with length-1 axes added where NumPy adds them.
ArrayPtr atleast_1d(const ArrayPtr& a);
ArrayPtr atleast_2d(const ArrayPtr& a);
ArrayPtr atleast_3d(const ArrayPtr& a);
// np.array_split / np.split (numpy/lib/shape_base.py): VIEWS of `ary` cut
// along `axis` at the given indices, or into nsections pieces (the first
// ntotal % nsections one longer); equal = np.split's "equal division" rule.
std::vector<ArrayPtr> array_split_at(const ArrayPtr& ary, const std::vector<int64_t>& indices, int64_t axis);
std::vector<ArrayPtr> array_split_sections(const ArrayPtr& ary, int64_t nsections, int64_t axis, bool equal);
// numpy.lib.stride_tricks.sliding_window_view: a VIEW (through as_strided,
// so its base is the DummyBase) with the window axes appended; axis nullopt
// means every axis. Read-only unless writeable.
ArrayPtr sliding_window_view(const ArrayPtr& x, const std::vector<int64_t>& window,
                             const std::optional<std::vector<int64_t>>& axis, bool writeable);
// np.rollaxis(a, axis, start) (numpy/core/numeric.py): a transposed VIEW.
ArrayPtr rollaxis(const ArrayPtr& a, int64_t axis, int64_t start);
// np.broadcast_arrays (stride_tricks.py): the inputs themselves when they
// already share the broadcast shape, else writeable broadcast VIEWS.
std::vector<ArrayPtr> broadcast_arrays(const std::vector<ArrayPtr>& args);
// np.ascontiguousarray / np.asfortranarray: np.array(a, copy=False,
// order='C'|'F', ndmin=1) -- `a` itself when already contiguous in that
// order, else a COPY in it; a 0-d result becomes a (1,) VIEW (_prepend_ones).
ArrayPtr contiguous_ndmin1(const ArrayPtr& a, char order);
// The layout broadcast_to gives, as a plain Array value (no view object, no
// checks): `a` read as `target`, zero strides on the broadcast axes. The
// caller has checked compatibility; for feeding copy loops.
Array broadcast_layout(const Array& a, const Shape& target);
// ---- views of records: they return VIEWS of a's bytes
// a['x']: the field's bytes in every record: shape a.shape + the subarray
// shape, strides a.strides (the record size when a is contiguous) + the
// subarray's own; offset moves by the field offset. ValueError for a missing name.
ArrayPtr field_view(const ArrayPtr& a, const std::string& name);
// a[['x', 'y']]: NumPy 2 keeps the original offsets and itemsize (a view).
ArrayPtr fields_view(const ArrayPtr& a, const std::vector<std::string>& names);
// a.view(dtype) for any dtype (NumPy's array_descr_set).
ArrayPtr view_dtype_full(const ArrayPtr& a, const DTypeFull& t);

}  // namespace sl
