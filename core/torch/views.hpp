// torch_views: PyTorch's view and copy operations over the engine's arrays,
// with PyTorch's rules and error messages (aten/src/ATen/native/TensorShape.cpp,
// TensorUtils.cpp, MemoryOverlap.cpp, TensorConversions.cpp).
//
// Owns: the torch flavour of the view algebra, contiguity/overlap checks and
// the copies torch makes, plus the c10 names they print.
// Invariant: every function takes and returns torch-flavoured arrays. Views are made by
// make_view, so `_base` collapses to the root tensor (Note [Base collapses to
// the owner]) and nothing reaches outside a storage. Arguments that PyTorch
// takes in elements (as_strided's strides and offset) are in elements here
// too; the engine's strides stay bytes (Note [Strides are bytes]).
// Errors are PyError("RuntimeError" / "IndexError", PyTorch's wording).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/model/array.hpp"
#include "core/model/overlap.hpp"

namespace sl {

// c10::maybe_wrap_dim: a negative dim counts from the end; 0-d tensors accept
// dims in [-1, 0] unless wrap_scalar is false. IndexError "Dimension out of range
// (expected to be in range of [-2, 1], but got 2)".
int64_t torch_wrap_dim(int64_t dim, int64_t ndim, bool wrap_scalar = true);

// Tensor.type() / Tensor.toString(): "torch.FloatTensor" (c10's type name,
// core/ops/ufunc.hpp torch_type_name, + "Tensor").
std::string torch_tensor_type_string(DType dt);

// Element strides and offset of a tensor (bytes / itemsize).
std::vector<int64_t> torch_strides(const Array& t);
int64_t torch_storage_offset(const Array& t);

// at::infer_size: one -1 is inferred; RuntimeError "shape '[4, 2]' is invalid
// for input of size 6", "only one dimension can be inferred", "invalid shape dimension -2".
Shape torch_infer_size(const Shape& shape, int64_t numel);

// Tensor.view(*shape) (computeStride) -- RuntimeError "view size is not
// compatible with input tensor's size and stride ...".
ArrayPtr torch_view(const ArrayPtr& t, const Shape& shape);
// Tensor.reshape: a view when computeStride allows it, else a contiguous clone
// (not a view: `_base` None).
ArrayPtr torch_reshape(const ArrayPtr& t, const Shape& shape);
// Tensor.view(dtype) (TensorConversions.cpp: view_dtype).
ArrayPtr torch_view_dtype(const ArrayPtr& t, DType dt);

ArrayPtr torch_transpose(const ArrayPtr& t, int64_t d0, int64_t d1);
ArrayPtr torch_t(const ArrayPtr& t);                         // <= 2-D
ArrayPtr torch_reverse_dims(const ArrayPtr& t);              // Tensor.T
ArrayPtr torch_permute(const ArrayPtr& t, const std::vector<int64_t>& dims);
ArrayPtr torch_movedim(const ArrayPtr& t, const std::vector<int64_t>& src, const std::vector<int64_t>& dst);
ArrayPtr torch_unsqueeze(const ArrayPtr& t, int64_t dim);
ArrayPtr torch_squeeze(const ArrayPtr& t);                   // every size-1 dim
ArrayPtr torch_squeeze_dim(const ArrayPtr& t, int64_t dim);  // that dim, if size 1
// Tensor.expand (inferExpandGeometry): -1 keeps a size, expanded dims get stride 0.
ArrayPtr torch_expand(const ArrayPtr& t, const Shape& sizes);
// Tensor.flatten(start, end) as a reshape of the dims [start, end].
ArrayPtr torch_flatten(const ArrayPtr& t, int64_t start, int64_t end);
ArrayPtr torch_unflatten(const ArrayPtr& t, int64_t dim, const Shape& sizes);
// Tensor.as_strided(size, stride, storage_offset) -- strides and offset in elements.
ArrayPtr torch_as_strided(const ArrayPtr& t, const Shape& size, const std::vector<int64_t>& stride,
                          int64_t storage_offset);
// Tensor.unfold(dim, size, step): windows along dim, a new last dim of length size.
ArrayPtr torch_unfold(const ArrayPtr& t, int64_t dim, int64_t size, int64_t step);
ArrayPtr torch_narrow(const ArrayPtr& t, int64_t dim, int64_t start, int64_t length);
ArrayPtr torch_select(const ArrayPtr& t, int64_t dim, int64_t index);
ArrayPtr torch_diagonal(const ArrayPtr& t, int64_t offset, int64_t dim1, int64_t dim2);
std::vector<ArrayPtr> torch_chunk(const ArrayPtr& t, int64_t chunks, int64_t dim);
std::vector<ArrayPtr> torch_split(const ArrayPtr& t, int64_t split_size, int64_t dim);
std::vector<ArrayPtr> torch_split_with_sizes(const ArrayPtr& t, const std::vector<int64_t>& sizes, int64_t dim);
std::vector<ArrayPtr> torch_unbind(const ArrayPtr& t, int64_t dim);
// Tensor.detach() / .data: the same storage and layout, but not a view (_base None).
ArrayPtr torch_alias_root(const ArrayPtr& t);

// ---- contiguity, density and overlap (TensorImpl / MemoryOverlap.cpp)
bool torch_is_contiguous(const Array& t);
// torch_is_non_overlapping_and_dense and torch's overlap checks: core/model/overlap.hpp.

// ---- copies
// empty_like(t, dtype) with memory_format=preserve_format: a non-overlapping
// and dense input keeps its strides (a transposed tensor stays transposed);
// anything else gets contiguous strides. Zero-filled.
ArrayPtr torch_empty_like(const Array& t, DType dt);
// clone() (preserve format) / .to(dtype) copies.
ArrayPtr torch_clone(const Array& t, DType dt);
ArrayPtr torch_clone(const Array& t);
// clone(memory_format=torch.contiguous_format), contiguous()'s copy.
ArrayPtr torch_contiguous_copy(const Array& t, DType dt);
// contiguous(): t itself when already contiguous.
ArrayPtr torch_contiguous(const ArrayPtr& t);

// ---- joins, triangles and equality: new contiguous tensors (copies)
// torch.cat (TensorShape.cpp cat_meta/cat_out): 1-D empty tensors are skipped
// (legacy behaviour); the others agree except along dim; the dtype is the
// promotion of all inputs. RuntimeError in PyTorch's words otherwise.
ArrayPtr torch_cat(const std::vector<ArrayPtr>& ts, int64_t dim);
// torch.stack: equal shapes, each unsqueezed at dim, then cat.
ArrayPtr torch_stack(const std::vector<ArrayPtr>& ts, int64_t dim);
// torch.triu (upper) / torch.tril on the last two dims.
ArrayPtr torch_tri(const ArrayPtr& t, int64_t diagonal, bool upper);
// torch.equal: same shape and equal values after promotion; NaN != NaN.
bool torch_equal(const Array& a, const Array& b);

// c10::promoteTypes for the dtypes torch has (NumPy's table except that an
// integer or bool with a floating type gives that floating type).
DType torch_promote_types(DType a, DType b);
// Expands `src` (shape broadcastable to `shape`) to `shape` as a stride-0 layout
// (for reading only); RuntimeError in expand's words otherwise.
Array torch_broadcast_to(const Array& src, const Shape& shape);

}  // namespace sl
