// strides: layout arithmetic on (shape, byte strides) with no storage in sight --
// default strides, contiguity, the no-copy reshape, broadcasting, and the small
// shape-to-text helpers every error message needs.
//
// Invariant: pure functions of shapes and strides -- no Array, no storage, no
// allocation; the no-copy reshape and broadcasting rules exist only here.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/model/dtype.hpp"
#include "core/model/shape.hpp"

namespace sl {

Strides default_strides(const Shape& shape, int64_t itemsize, char order = 'C');
bool is_c_contiguous(const Shape& shape, const Strides& strides, int64_t itemsize);
bool is_f_contiguous(const Shape& shape, const Strides& strides, int64_t itemsize);

// NumPy reshape's "-1" inference (_fix_unknown_dimension): every negative entry
// is an unknown; more than one raises, a wrong size raises with NumPy's quirky text.
Shape infer_reshape(const Shape& requested, int64_t size);

// Why a no-copy reshape failed, for core/model/explain: the old axes (numbered in
// old_shape) that had to be merged or re-split together, and the position in
// `axes` where their strides stop nesting (NumPy: s[at] != d[at+1] * s[at+1];
// PyTorch: the chunk [axes] is not covered exactly, at == -1).
struct ReshapeBlock {
  std::vector<int64_t> axes;
  int at = -1;
};

// The no-copy reshape (mirrors NumPy's _attempt_nocopy_reshape).
// Returns the strides of `new_shape` viewing the same elements in `order`
// ('C' or 'F') as (old_shape, old_strides), or nullopt when a copy is needed
// (then *why, if given, names the axes that could not be merged).
std::optional<Strides> nocopy_reshape(const Shape& old_shape, const Strides& old_strides,
                                      const Shape& new_shape, int64_t itemsize, char order,
                                      ReshapeBlock* why = nullptr);

// PyTorch's view stride rule (mirrors at::detail::computeStride); strides in
// any unit (elements for tensors). nullopt when the view is impossible (then
// *why, if given, names the old chunk the new sizes could not cover exactly).
std::optional<Strides> torch_compute_stride(const Shape& old_shape, const Strides& old_strides,
                                            const Shape& new_shape, ReshapeBlock* why = nullptr);

// Broadcasting (NumPy's broadcast rules): the common shape of the inputs, or
// ValueError "operands could not be broadcast together with shapes (3,4) (3,) ".
Shape broadcast_shapes(const std::vector<Shape>& shapes);
bool try_broadcast_shapes(const std::vector<Shape>& shapes, Shape& out);
// at::infer_size (ExpandUtils.cpp): the shape two tensors broadcast to (NumPy's
// rule, strides.hpp try_broadcast_shapes); RuntimeError "The size of tensor a
// (3) must match the size of tensor b (4) at non-singleton dimension 1".
Shape torch_broadcast_shapes(const Shape& a, const Shape& b);
// Strides that read `shape`/`strides` as if it had `target` shape (zero strides
// for the broadcast axes). The caller has checked compatibility.
Strides broadcast_strides(const Shape& shape, const Strides& strides, const Shape& target);

// "(3, 4)" / "(3,)" / "()" : Python's tuple repr of a shape.
std::string shape_repr(const Shape& s);
// "(3,4)" : NumPy's compact form used in broadcasting errors.
std::string shape_compact(const Shape& s);
// "[3, 4]" : PyTorch's list form.
std::string list_repr(const std::vector<int64_t>& s);
// "7.45 GiB" : NumPy's _ArrayMemoryError size text.
std::string format_bytes_gib(int64_t n);

// Normalises an axis argument (negative counts from the end); raises NumPy's
// AxisError "axis 3 is out of bounds for array of dimension 2".
int normalize_axis(int64_t axis, int ndim);

}  // namespace sl
