// torch_views: see torch_views.hpp. Each function names the ATen function it
// mirrors; sizes and strides below are in ELEMENTS unless a name says bytes.
#include "core/torch/views.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <string>

#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/model/explain.hpp"
#include "core/ops/copy.hpp"
#include "core/model/strides.hpp"
#include "core/ops/ufunc.hpp"
#include "core/ops/views.hpp"

namespace sl {

namespace {

std::string str(int64_t v) { return std::to_string(v); }

// A view of t's storage from element-unit geometry.
ArrayPtr view_elems(const ArrayPtr& t, DType dt, Shape shape, const std::vector<int64_t>& estrides,
                    int64_t eoffset) {
  const int64_t isz = itemsize(dt);
  Strides bytes(estrides.size());
  // Strides are kept in bytes (Note [Strides are bytes]); an element stride
  // that PyTorch would accept on a length-1 or empty axis (t.as_strided((1,),
  // (2**62,))) can overflow that, so it is refused instead of wrapping.
  for (size_t k = 0; k < estrides.size(); ++k)
    if (__builtin_mul_overflow(estrides[k], isz, &bytes[k]))
      runtime_error("as_strided: stride " + std::to_string(estrides[k]) + " of a " + std::to_string(isz) +
                    "-byte element does not fit in 64 bits of bytes");
  int64_t boffset;
  if (__builtin_mul_overflow(eoffset, isz, &boffset))
    runtime_error("as_strided: storage offset " + std::to_string(eoffset) + " of a " + std::to_string(isz) +
                  "-byte element does not fit in 64 bits of bytes");
  return make_view(t, dt, std::move(shape), std::move(bytes), boffset);
}

ArrayPtr view_elems(const ArrayPtr& t, Shape shape, const std::vector<int64_t>& estrides, int64_t eoffset) {
  return view_elems(t, t->dtype, std::move(shape), estrides, eoffset);
}

}  // namespace

std::string torch_tensor_type_string(DType dt) { return std::string("torch.") + torch_type_name(dt) + "Tensor"; }

int64_t torch_wrap_dim(int64_t dim, int64_t ndim, bool wrap_scalar) {
  if (ndim <= 0) {
    if (!wrap_scalar) index_error("Dimension specified as " + str(dim) + " but tensor has no dimensions");
    ndim = 1;
  }
  int64_t lo = -ndim, hi = ndim - 1;
  if (dim < lo || dim > hi)
    index_error("Dimension out of range (expected to be in range of [" + str(lo) + ", " + str(hi) + "], but got " +
                str(dim) + ")");
  return dim < 0 ? dim + ndim : dim;
}

std::vector<int64_t> torch_strides(const Array& t) {
  std::vector<int64_t> s(t.strides.size());
  for (size_t k = 0; k < s.size(); ++k) s[k] = t.strides[k] / t.itemsize();
  return s;
}

int64_t torch_storage_offset(const Array& t) { return t.offset / t.itemsize(); }

// Mirrors at::infer_size (ATen/InferSize.h).
Shape torch_infer_size(const Shape& shape, int64_t numel) {
  Shape res = shape;
  int64_t newsize = 1;
  int infer_dim = -1;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1) {
      if (infer_dim >= 0) runtime_error("only one dimension can be inferred");
      infer_dim = int(d);
    } else if (shape[d] >= 0) {
      newsize *= shape[d];
    } else {
      runtime_error("invalid shape dimension " + str(shape[d]));
    }
  }
  if (numel == newsize || (infer_dim >= 0 && newsize > 0 && numel % newsize == 0)) {
    if (infer_dim >= 0) {
      if (newsize == 0)
        runtime_error("cannot reshape tensor of 0 elements into shape " + list_repr(shape) +
                      " because the unspecified dimension size -1 can be any value and is ambiguous");
      res[size_t(infer_dim)] = numel / newsize;
    }
    return res;
  }
  runtime_error("shape '" + list_repr(shape) + "' is invalid for input of size " + str(numel));
}

// Mirrors at::native::view (TensorShape.cpp): infer_size, then computeStride.
ArrayPtr torch_view(const ArrayPtr& t, const Shape& shape) {
  Shape size = torch_infer_size(shape, t->size());
  ReshapeBlock block;
  auto st = torch_compute_stride(t->shape, torch_strides(*t), size, &block);
  if (!st) explain_failure(*t, "torch-view-fail", reshape_block_facts(*t, block, size));
  if (!st)
    runtime_error(
        "view size is not compatible with input tensor's size and stride (at least one dimension spans across "
        "two contiguous subspaces). Use .reshape(...) instead.");
  return explained(view_elems(t, size, *st, torch_storage_offset(*t)), *t, "torch-view", Verdict::View);
}

// Mirrors at::native::reshape: a view (_reshape_alias) when computeStride
// succeeds, else _unsafe_view(clone(contiguous)) -- a fresh tensor, no _base.
ArrayPtr torch_reshape(const ArrayPtr& t, const Shape& shape) {
  Shape size = torch_infer_size(shape, t->size());
  ReshapeBlock block;
  if (auto st = torch_compute_stride(t->shape, torch_strides(*t), size, &block))
    return explained(view_elems(t, size, *st, torch_storage_offset(*t)), *t, "torch-reshape-view", Verdict::View);
  ArrayPtr c = torch_contiguous_copy(*t, t->dtype);
  c->shape = size;
  c->strides = default_strides(size, c->itemsize(), 'C');
  return explained(c, *t, "torch-reshape-copy", Verdict::Copy, reshape_block_facts(*t, block, size));
}

// Mirrors at::native::view_dtype (TensorConversions.cpp). With r the itemsize
// ratio: downsizing needs stride(-1) == 1, multiplies the other strides, the
// last size and the storage offset by r; upsizing needs size(-1) % r == 0,
// storage_offset % r == 0, stride(-1) == 1 and stride(i) % r == 0, and divides.
ArrayPtr torch_view_dtype(const ArrayPtr& t, DType dt) {
  const int64_t old_sz = t->itemsize(), new_sz = itemsize(dt);
  std::vector<int64_t> st = torch_strides(*t);
  Shape shape = t->shape;
  int64_t off = torch_storage_offset(*t);
  auto what = [&] {
    return std::string(" to view ") + torch_type_name(t->dtype) + " as " + torch_type_name(dt) +
           " (different element sizes)";
  };
  if (old_sz == new_sz) return view_elems(t, dt, shape, st, off);
  const int nd = t->ndim();
  if (nd == 0) runtime_error("self.dim() cannot be 0" + what());
  if (old_sz > new_sz) {
    int64_t r = old_sz / new_sz;
    if (st[size_t(nd - 1)] != 1) runtime_error("self.stride(-1) must be 1" + what() + ", but got " + str(st[size_t(nd - 1)]));
    for (int k = 0; k < nd - 1; ++k) st[size_t(k)] *= r;
    st[size_t(nd - 1)] = 1;
    shape[size_t(nd - 1)] *= r;
    return view_elems(t, dt, shape, st, off * r);
  }
  int64_t r = new_sz / old_sz;
  if (shape[size_t(nd - 1)] % r != 0)
    runtime_error("self.size(-1) must be divisible by " + str(r) + what() + ", but got " + str(shape[size_t(nd - 1)]));
  if (off % r != 0)
    runtime_error("self.storage_offset() must be divisible by " + str(r) + what() + ", but got " + str(off));
  if (st[size_t(nd - 1)] != 1) runtime_error("self.stride(-1) must be 1" + what() + ", but got " + str(st[size_t(nd - 1)]));
  for (int k = 0; k < nd - 1; ++k) {
    if (st[size_t(k)] % r != 0)
      runtime_error("self.stride(" + str(k) + ") must be divisible by " + str(r) + what() + ", but got " +
                    str(st[size_t(k)]));
    st[size_t(k)] /= r;
  }
  st[size_t(nd - 1)] = 1;
  shape[size_t(nd - 1)] /= r;
  return view_elems(t, dt, shape, st, off / r);
}

// Mirrors at::native::transpose (dim0 == dim1 gives an alias).
ArrayPtr torch_transpose(const ArrayPtr& t, int64_t d0, int64_t d1) {
  d0 = torch_wrap_dim(d0, t->ndim());
  d1 = torch_wrap_dim(d1, t->ndim());
  Shape shape = t->shape;
  Strides strides = t->strides;
  if (t->ndim() > 0) {
    std::swap(shape[size_t(d0)], shape[size_t(d1)]);
    std::swap(strides[size_t(d0)], strides[size_t(d1)]);
  }
  std::vector<int64_t> axes(size_t(t->ndim()));
  for (size_t k = 0; k < axes.size(); ++k) axes[k] = k == size_t(d0) ? d1 : k == size_t(d1) ? d0 : int64_t(k);
  return explained(make_view(t, t->dtype, shape, strides, t->offset), *t, "transpose", Verdict::View,
                   {fact("axes", axes)});
}

ArrayPtr torch_t(const ArrayPtr& t) {
  if (t->ndim() > 2) runtime_error("t() expects a tensor with <= 2 dimensions, but self is " + str(t->ndim()) + "D");
  return torch_transpose(t, 0, t->ndim() < 2 ? 0 : 1);
}

// Mirrors numpy_T: permute with the dims reversed.
ArrayPtr torch_reverse_dims(const ArrayPtr& t) {
  std::vector<int64_t> dims;
  for (int64_t k = t->ndim() - 1; k >= 0; --k) dims.push_back(k);
  return torch_permute(t, dims);
}

ArrayPtr torch_permute(const ArrayPtr& t, const std::vector<int64_t>& dims) {
  const int64_t nd = t->ndim();
  if (int64_t(dims.size()) != nd)
    runtime_error(
        "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired "
        "ordering of dimensions i.e. input.dim() = " +
        str(nd) + " is not equal to len(dims) = " + str(int64_t(dims.size())));
  std::vector<bool> seen(size_t(nd), false);
  Shape shape(static_cast<size_t>(nd));
  Strides strides(static_cast<size_t>(nd));
  std::vector<int64_t> perm(static_cast<size_t>(nd));
  for (int64_t k = 0; k < nd; ++k) {
    int64_t d = torch_wrap_dim(dims[size_t(k)], nd);
    if (seen[size_t(d)]) runtime_error("permute(): duplicate dims are not allowed.");
    seen[size_t(d)] = true;
    shape[size_t(k)] = t->shape[size_t(d)];
    strides[size_t(k)] = t->strides[size_t(d)];
    perm[size_t(k)] = d;
  }
  return explained(make_view(t, t->dtype, shape, strides, t->offset), *t, "transpose", Verdict::View,
                   {fact("axes", perm)});
}

// Mirrors at::native::movedim: the named dims go to their destinations, the
// others keep their relative order in the remaining slots; then permute.
ArrayPtr torch_movedim(const ArrayPtr& t, const std::vector<int64_t>& src, const std::vector<int64_t>& dst) {
  const int64_t nd = t->ndim();
  if (src.size() != dst.size())
    runtime_error("movedim: Invalid source or destination dims: source (" + list_repr(src) + " dims) should contain the same number of dims as destination (" + list_repr(dst) + " dims)");
  std::vector<int64_t> s, d;
  for (int64_t x : src) s.push_back(torch_wrap_dim(x, nd));
  for (int64_t x : dst) d.push_back(torch_wrap_dim(x, nd));
  auto check_unique = [](const std::vector<int64_t>& v, const std::vector<int64_t>& shown, const char* what) {
    std::vector<int64_t> sorted = v;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
      runtime_error(std::string("movedim: repeated dim in `") + what + "` (" + list_repr(shown) + ")");
  };
  check_unique(s, src, "source");
  check_unique(d, dst, "destination");
  // A 0-d tensor accepts dim 0 / -1 (wrap_dim treats it as 1-d) but has no
  // slot to move it to: the result is a plain view (order[0] was written out
  // of bounds; found by fuzz_eval).
  if (nd == 0) return torch_permute(t, {});
  std::vector<int64_t> order(size_t(nd), -1);
  std::vector<bool> src_used(size_t(nd), false);
  for (size_t k = 0; k < s.size(); ++k) {
    order[size_t(d[k])] = s[k];
    src_used[size_t(s[k])] = true;
  }
  int64_t next_src = 0;
  for (int64_t slot = 0; slot < nd; ++slot) {
    if (order[size_t(slot)] >= 0) continue;
    while (src_used[size_t(next_src)]) ++next_src;
    order[size_t(slot)] = next_src++;
  }
  return torch_permute(t, order);
}

// Mirrors inferUnsqueezeGeometry: the new dim's stride is size*stride of the
// dim it is inserted before (1 at the end).
ArrayPtr torch_unsqueeze(const ArrayPtr& t, int64_t dim) {
  dim = torch_wrap_dim(dim, t->ndim() + 1);
  std::vector<int64_t> st = torch_strides(*t);
  Shape shape = t->shape;
  int64_t new_stride = dim >= t->ndim() ? 1 : shape[size_t(dim)] * st[size_t(dim)];
  shape.insert(shape.begin() + dim, 1);
  st.insert(st.begin() + dim, new_stride);
  return view_elems(t, shape, st, torch_storage_offset(*t));
}

ArrayPtr torch_squeeze(const ArrayPtr& t) {
  auto [shape, strides] = without_axes(*t, unit_axes(*t));
  return make_view(t, t->dtype, std::move(shape), std::move(strides), t->offset);
}
ArrayPtr torch_squeeze_dim(const ArrayPtr& t, int64_t dim) {
  dim = torch_wrap_dim(dim, t->ndim());  // a 0-d tensor takes dim 0 or -1 (and keeps its layout)
  std::vector<bool> drop(size_t(t->ndim()), false);
  if (t->ndim() > 0) drop[size_t(dim)] = t->shape[size_t(dim)] == 1;
  auto [shape, strides] = without_axes(*t, drop);
  return make_view(t, t->dtype, std::move(shape), std::move(strides), t->offset);
}

namespace {
// Mirrors inferExpandGeometry (ATen/ExpandUtils.cpp), element strides.
void expand_geometry(const Array& t, const Shape& sizes, Shape& out_shape, std::vector<int64_t>& out_strides) {
  const int64_t nd = int64_t(sizes.size()), tdim = t.ndim();
  if (nd < tdim)
    runtime_error("expand(" + torch_tensor_type_string(t.dtype) + "{" + list_repr(t.shape) + "}, size=" + list_repr(sizes) +
                  "): the number of sizes provided (" + str(nd) +
                  ") must be greater or equal to the number of dimensions in the tensor (" + str(tdim) + ")");
  std::vector<int64_t> ts = torch_strides(t);
  out_shape.assign(size_t(nd), 0);
  out_strides.assign(size_t(nd), 0);
  for (int64_t i = nd - 1; i >= 0; --i) {
    int64_t offset = nd - 1 - i;
    int64_t dim = tdim - 1 - offset;
    int64_t size = dim >= 0 ? t.shape[size_t(dim)] : 1;
    // A new leading dim of size 1 gets the stride a contiguous layout would;
    // the innermost dim of a 0-d tensor has nothing to derive it from: 0.
    int64_t stride = dim >= 0 ? ts[size_t(dim)] : (i + 1 < nd ? out_shape[size_t(i + 1)] * out_strides[size_t(i + 1)] : 0);
    int64_t target = sizes[size_t(i)];
    if (target == -1) {
      if (dim < 0)
        runtime_error("The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension " + str(i));
      target = size;
    }
    if (size != target) {
      if (size != 1)
        runtime_error("The expanded size of the tensor (" + str(target) + ") must match the existing size (" + str(size) +
                      ") at non-singleton dimension " + str(i) + ".  Target sizes: " + list_repr(sizes) +
                      ".  Tensor sizes: " + list_repr(t.shape));
      size = target;
      stride = 0;
    }
    out_shape[size_t(i)] = size;
    out_strides[size_t(i)] = stride;
  }
}
}  // namespace

ArrayPtr torch_expand(const ArrayPtr& t, const Shape& sizes) {
  Shape shape;
  std::vector<int64_t> st;
  expand_geometry(*t, sizes, shape, st);
  for (int64_t d : shape)
    if (d < 0) runtime_error("Trying to create tensor with negative dimension " + str(d) + ": " + list_repr(shape));
  ArrayPtr v = view_elems(t, shape, st, torch_storage_offset(*t));
  return explained(v, *t, "expand", Verdict::View, {byte_fact("newStrides", v->strides)});
}



Array torch_broadcast_to(const Array& src, const Shape& shape) {
  Shape out_shape;
  std::vector<int64_t> st;
  expand_geometry(src, shape, out_shape, st);
  Array v = src;
  v.shape = out_shape;
  v.strides.resize(st.size());
  for (size_t k = 0; k < st.size(); ++k) v.strides[k] = st[k] * src.itemsize();
  return v;
}

// Mirrors at::native::flatten: dims [start, end] become one (reshape); a 0-d
// tensor becomes shape [1]; start == end returns the tensor itself.
ArrayPtr torch_flatten(const ArrayPtr& t, int64_t start, int64_t end) {
  start = torch_wrap_dim(start, t->ndim());
  end = torch_wrap_dim(end, t->ndim());
  if (start > end) runtime_error("flatten() has invalid args: start_dim cannot come after end_dim");
  if (t->ndim() == 0) return torch_reshape(t, {1});
  if (start == end) return t;
  int64_t slice = 1;
  for (int64_t k = start; k <= end; ++k) slice *= t->shape[size_t(k)];
  Shape shape(t->shape.begin(), t->shape.begin() + start);
  shape.push_back(slice);
  shape.insert(shape.end(), t->shape.begin() + end + 1, t->shape.end());
  return torch_reshape(t, shape);
}

ArrayPtr torch_unflatten(const ArrayPtr& t, int64_t dim, const Shape& sizes) {
  dim = torch_wrap_dim(dim, t->ndim());
  if (sizes.empty()) runtime_error("unflatten: sizes must be non-empty");
  int64_t n = t->ndim() == 0 ? 1 : t->shape[size_t(dim)];
  Shape inferred;
  if (std::find(sizes.begin(), sizes.end(), -1) != sizes.end()) {
    inferred = torch_infer_size(sizes, n);
  } else {
    int64_t prod = 1;
    for (int64_t s : sizes) prod *= s;
    if (prod != n)
      runtime_error("unflatten: Provided sizes " + list_repr(sizes) + " don't multiply up to the size of dim " + str(dim) +
                    " (" + str(n) + ") in the input tensor");
    inferred = sizes;
  }
  Shape shape(t->shape.begin(), t->shape.begin() + dim);
  shape.insert(shape.end(), inferred.begin(), inferred.end());
  if (t->ndim() > 0) shape.insert(shape.end(), t->shape.begin() + dim + 1, t->shape.end());
  return torch_view(t, shape);
}

// Mirrors setStrided (ATen/native/Resize.h): lengths agree, strides are not
// negative, checkInBoundsForStorage (bytes needed = itemsize * (offset + 1 +
// sum (size_i - 1) * stride_i), nothing when some size is 0), then the offset
// is not negative.
ArrayPtr torch_as_strided(const ArrayPtr& t, const Shape& size, const std::vector<int64_t>& stride,
                          int64_t storage_offset) {
  if (size.size() != stride.size()) runtime_error("mismatch in length of strides and shape");
  for (int64_t s : stride)
    if (s < 0) runtime_error("as_strided: Negative strides are not supported at the moment, got strides: " + list_repr(stride));
  for (int64_t d : size)
    if (d < 0) runtime_error("Trying to create tensor with negative dimension " + str(d) + ": " + list_repr(size));
  const int64_t isz = t->itemsize();
  bool empty = std::find(size.begin(), size.end(), 0) != size.end();
  if (!empty) {
    __int128 need = 1;
    // Each term is below 2^126; saturating keeps the sum inside 128 bits.
    const __int128 huge = __int128(1) << 100;
    for (size_t k = 0; k < size.size(); ++k) {
      need += __int128(size[k] - 1) * stride[k];
      if (need > huge) need = huge;
    }
    need = (need + storage_offset) * isz;
    if (need > t->storage->nbytes()) {
      std::string need_s = need > INT64_MAX ? std::to_string(INT64_MAX) : str(int64_t(need));
      runtime_error("setStorage: sizes " + list_repr(size) + ", strides " + list_repr(stride) + ", storage offset " +
                    str(storage_offset) + ", and itemsize " + str(isz) + " requiring a storage size of " + need_s +
                    " are out of bounds for storage of size " + str(t->storage->nbytes()));
    }
  }
  if (storage_offset < 0) runtime_error("Tensor: invalid storage offset " + str(storage_offset));
  return view_elems(t, size, stride, storage_offset);
}

// Mirrors at::native::unfold: dim d shrinks to (size_d - size) / step + 1
// windows with stride step * stride_d; a new last dim of length `size` walks
// inside a window with stride_d.
ArrayPtr torch_unfold(const ArrayPtr& t, int64_t d, int64_t size, int64_t step) {
  const int64_t nd = t->ndim();
  d = torch_wrap_dim(d, nd);
  Shape sizes = t->shape;
  std::vector<int64_t> st = torch_strides(*t);
  int64_t max_size = nd == 0 ? 1 : sizes[size_t(d)];
  if (size > max_size)
    runtime_error("maximum size for tensor at dimension " + str(d) + " is " + str(max_size) + " but size is " + str(size));
  if (step <= 0) runtime_error("step is " + str(step) + " but must be > 0");
  sizes.push_back(size);
  st.push_back(nd == 0 ? 1 : st[size_t(d)]);
  if (d < nd) {
    sizes[size_t(d)] = (sizes[size_t(d)] - size) / step + 1;
    st[size_t(d)] *= step;
  }
  return torch_as_strided(t, sizes, st, torch_storage_offset(*t));
}

// Mirrors at::native::narrow -> slice(dim, start, start + length).
ArrayPtr torch_narrow(const ArrayPtr& t, int64_t dim, int64_t start, int64_t length) {
  if (t->ndim() == 0) runtime_error("narrow() cannot be applied to a 0-dim tensor.");
  dim = torch_wrap_dim(dim, t->ndim());
  int64_t cur = t->shape[size_t(dim)];
  if (start != cur) start = torch_wrap_dim(start, cur);
  if (length < 0 || start > cur - length)
    runtime_error("start (" + str(start) + ") + length (" + str(length) + ") exceeds dimension size (" + str(cur) + ").");
  Shape shape = t->shape;
  shape[size_t(dim)] = length;
  return make_view(t, t->dtype, shape, t->strides, t->offset + start * t->strides[size_t(dim)]);
}

ArrayPtr torch_select(const ArrayPtr& t, int64_t dim, int64_t index) {
  if (t->ndim() == 0) index_error("select() cannot be applied to a 0-dim tensor.");
  dim = torch_wrap_dim(dim, t->ndim());
  int64_t size = t->shape[size_t(dim)];
  if (index < -size || index >= size)
    index_error("select(): index " + str(index) + " out of range for tensor of size " + list_repr(t->shape) +
                " at dimension " + str(dim));
  if (index < 0) index += size;
  Shape shape = t->shape;
  Strides strides = t->strides;
  int64_t off = t->offset + index * strides[size_t(dim)];
  shape.erase(shape.begin() + dim);
  strides.erase(strides.begin() + dim);
  return make_view(t, t->dtype, shape, strides, off);
}

// Mirrors at::native::diagonal: drop dim1 and dim2, append the diagonal with
// stride stride1 + stride2, starting offset*stride2 in (offset >= 0) or
// -offset*stride1 down.
ArrayPtr torch_diagonal(const ArrayPtr& t, int64_t offset, int64_t dim1_in, int64_t dim2_in) {
  const int64_t nd = t->ndim();
  int64_t dim1 = torch_wrap_dim(dim1_in, nd), dim2 = torch_wrap_dim(dim2_in, nd);
  if (dim1 == dim2) runtime_error("diagonal dimensions cannot be identical " + str(dim1_in) + ", " + str(dim2_in));
  DiagonalLayout d = diagonal_layout(*t, offset, int(dim1), int(dim2));
  return make_view(t, t->dtype, std::move(d.shape), std::move(d.strides), t->offset + (d.raw > 0 ? d.shift : 0));
}

// Mirrors at::native::chunk: pieces of ceil(size / chunks) via split.
std::vector<ArrayPtr> torch_chunk(const ArrayPtr& t, int64_t chunks, int64_t dim) {
  if (t->ndim() == 0) runtime_error("chunk expects at least a 1-dimensional tensor");
  if (chunks <= 0) runtime_error("chunk expects `chunks` to be greater than 0, got: " + str(chunks));
  int64_t wd = torch_wrap_dim(dim, t->ndim());
  int64_t dim_size = t->shape[size_t(wd)];
  int64_t split_size = (dim_size + chunks - 1) / chunks;
  if (split_size == 0 && dim_size == 0) {
    std::vector<int64_t> sizes(size_t(chunks), split_size);
    sizes.back() = split_size - (split_size * chunks - dim_size);
    return torch_split_with_sizes(t, sizes, dim);
  }
  return torch_split(t, split_size, dim);
}

// Mirrors at::native::split: equal pieces of split_size, the last one shorter.
std::vector<ArrayPtr> torch_split(const ArrayPtr& t, int64_t split_size, int64_t dim) {
  if (t->ndim() == 0) runtime_error("split expects at least a 1-dimensional tensor");
  if (split_size < 0) runtime_error("split expects split_size be non-negative, but got split_size=" + str(split_size));
  int64_t wd = torch_wrap_dim(dim, t->ndim());
  int64_t dim_size = t->shape[size_t(wd)];
  if (split_size == 0 && dim_size != 0)
    runtime_error("split_size can only be 0 if dimension size is 0, but got dimension size of " + str(dim_size));
  int64_t num = 1;
  if (split_size != 0) num = std::max<int64_t>((dim_size + split_size - 1) / split_size, 1);
  int64_t last = split_size - (split_size * num - dim_size);
  std::vector<ArrayPtr> out;
  for (int64_t i = 0; i < num; ++i) out.push_back(torch_narrow(t, wd, i * split_size, i < num - 1 ? split_size : last));
  return out;
}

std::vector<ArrayPtr> torch_split_with_sizes(const ArrayPtr& t, const std::vector<int64_t>& sizes, int64_t dim) {
  if (t->ndim() == 0) runtime_error("split expects at least a 1-dimensional tensor");
  int64_t wd = torch_wrap_dim(dim, t->ndim());
  int64_t dim_size = t->shape[size_t(wd)];
  std::vector<ArrayPtr> out;
  int64_t start = 0;
  for (int64_t len : sizes) {
    if (len < 0)
      runtime_error("split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=" +
                    list_repr(sizes));
    out.push_back(torch_narrow(t, wd, start, len));
    start += len;
  }
  if (start != dim_size)
    runtime_error("split_with_sizes expects split_sizes to sum exactly to " + str(dim_size) +
                  " (input tensor's size at dimension " + str(dim) + "), but got split_sizes=" + list_repr(sizes));
  return out;
}

std::vector<ArrayPtr> torch_unbind(const ArrayPtr& t, int64_t dim) {
  if (t->ndim() == 0) index_error("Dimension specified as 0 but tensor has no dimensions");
  dim = torch_wrap_dim(dim, t->ndim());
  std::vector<ArrayPtr> out;
  for (int64_t i = 0; i < t->shape[size_t(dim)]; ++i) out.push_back(torch_select(t, dim, i));
  return out;
}

ArrayPtr torch_alias_root(const ArrayPtr& t) {
  return alias_array(*t, t->flavor, nullptr);
}

// ---------------------------------------------------------------- contiguity / overlap

bool torch_is_contiguous(const Array& t) { return is_c_contiguous(t.shape, t.strides, t.itemsize()); }

// ---------------------------------------------------------------- copies

ArrayPtr torch_empty_like(const Array& t, DType dt) {
  ArrayPtr out = make_array(dt, t.shape, 'C', Flavor::Torch);
  if (torch_is_non_overlapping_and_dense(t)) {
    std::vector<int64_t> st = torch_strides(t);
    for (size_t k = 0; k < st.size(); ++k) out->strides[k] = st[k] * itemsize(dt);
  }
  return out;
}

ArrayPtr torch_clone(const Array& t, DType dt) {
  ArrayPtr out = torch_empty_like(t, dt);
  copy_into(*out, t);
  return out;
}

ArrayPtr torch_clone(const Array& t) { return torch_clone(t, t.dtype); }

ArrayPtr torch_contiguous_copy(const Array& t, DType dt) {
  ArrayPtr out = make_array(dt, t.shape, 'C', Flavor::Torch);
  copy_into(*out, t);
  return out;
}

ArrayPtr torch_contiguous(const ArrayPtr& t) {
  return explain_contiguous(torch_is_contiguous(*t) ? t : torch_contiguous_copy(*t, t->dtype), t, "contiguous-already", "contiguous-copy");
}

// ---- joins, triangles and equality (copies)

// torch.cat (TensorShape.cpp cat_meta/cat_out): 1-D empty tensors are skipped
// (legacy behaviour); the others must agree except along dim; the dtype is
// the promotion of all inputs; the result is contiguous.
ArrayPtr torch_cat(const std::vector<ArrayPtr>& ts, int64_t dim) {
  if (ts.empty()) runtime_error("torch.cat(): expected a non-empty list of Tensors");
  auto skip = [](const Array& t) { return t.ndim() == 1 && t.shape[0] == 0; };
  DType dt = ts[0]->dtype;
  for (auto& t : ts) dt = torch_promote_types(dt, t->dtype);
  for (size_t i = 0; i < ts.size(); ++i)
    if (ts[i]->ndim() == 0)
      runtime_error("zero-dimensional tensor (at position " + str(i) + ") cannot be concatenated");
  size_t valid = ts.size();
  for (size_t i = 0; i < ts.size(); ++i)
    if (!skip(*ts[i])) {
      valid = i;
      break;
    }
  if (valid == ts.size()) {  // every input is an empty 1-D tensor
    torch_wrap_dim(dim, 1);
    return make_array(dt, {0}, 'C', Flavor::Torch);
  }
  const Array& ref = *ts[valid];
  dim = torch_wrap_dim(dim, ref.ndim());
  int64_t total = 0;
  for (size_t i = 0; i < ts.size(); ++i) {
    const Array& t = *ts[i];
    if (skip(t)) continue;
    if (t.ndim() != ref.ndim())
      runtime_error("Tensors must have same number of dimensions: got " + str(ref.ndim()) + " and " +
                                       str(t.ndim()));
    for (int d = 0; d < ref.ndim(); ++d) {
      if (d == dim) continue;
      if (t.shape[size_t(d)] != ref.shape[size_t(d)])
        runtime_error("Sizes of tensors must match except in dimension " + str(dim) +
                                         ". Expected size " + str(ref.shape[size_t(d)]) + " but got size " +
                                         str(t.shape[size_t(d)]) + " for tensor number " + str(i) +
                                         " in the list.");
    }
    total += t.shape[size_t(dim)];
  }
  Shape shape = ref.shape;
  shape[size_t(dim)] = total;
  ArrayPtr out = make_array(dt, shape, 'C', Flavor::Torch);
  int64_t at = 0;
  for (auto& t : ts) {
    if (skip(*t)) continue;
    ArrayPtr dst = torch_narrow(out, dim, at, t->shape[size_t(dim)]);
    copy_into(*dst, *t);
    at += t->shape[size_t(dim)];
  }
  return out;
}

// torch.triu / torch.tril on the last two dims: element (i, j) is kept when
// j - i >= diagonal (triu) or j - i <= diagonal (tril); a contiguous copy.
ArrayPtr torch_tri(const ArrayPtr& t, int64_t diagonal, bool upper) {
  int64_t r = torch_wrap_dim(-2, t->ndim()), c = torch_wrap_dim(-1, t->ndim());
  ArrayPtr out = torch_contiguous_copy(*t, t->dtype);
  const int64_t rows = out->shape[size_t(r)], cols = out->shape[size_t(c)];
  const int64_t mats = rows * cols == 0 ? 0 : out->size() / (rows * cols);
  const int64_t isz = out->itemsize();
  for (int64_t m = 0; m < mats; ++m)
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j)
        if (upper ? j - i < diagonal : j - i > diagonal)
          std::memset(out->data() + ((m * rows + i) * cols + j) * isz, 0, size_t(isz));
  return out;
}

// torch.equal: same shape and equal values (compared after promotion); NaN != NaN.
bool torch_equal(const Array& a, const Array& b) {
  if (a.shape != b.shape) return false;
  if (a.size() == 0) return true;
  DType dt = torch_promote_types(a.dtype, b.dtype);
  ArrayPtr x = copy_as(a, dt), y = copy_as(b, dt);
  const int64_t n = x->size(), isz = x->itemsize();
  bool eq = true;
  visit_dtype(dt, [&](auto t) {
    using T = decltype(t);
    for (int64_t i = 0; i < n && eq; ++i) {
      if constexpr (std::is_same_v<T, half>)
        eq = float(load<T>(x->data() + i * isz)) == float(load<T>(y->data() + i * isz));
      else
        eq = load<T>(x->data() + i * isz) == load<T>(y->data() + i * isz);
    }
  });
  return eq;
}

// torch.stack (TensorShape.cpp stack): every tensor the same shape, each
// unsqueezed at dim (wrapped against ndim + 1), then cat along it: a copy.
ArrayPtr torch_stack(const std::vector<ArrayPtr>& ts, int64_t dim) {
  if (ts.empty()) runtime_error("stack expects a non-empty TensorList");
  dim = torch_wrap_dim(dim, ts[0]->ndim() + 1);
  for (size_t i = 1; i < ts.size(); ++i)
    if (ts[i]->shape != ts[0]->shape)
      runtime_error("stack expects each tensor to be equal size, but got " + list_repr(ts[0]->shape) +
                    " at entry 0 and " + list_repr(ts[i]->shape) + " at entry " + str(int64_t(i)));
  std::vector<ArrayPtr> us;
  for (auto& x : ts) us.push_back(torch_unsqueeze(x, dim));
  return torch_cat(us, dim);
}

DType torch_promote_types(DType a, DType b) {
  if (a == b) return a;
  bool ai = !is_inexact(a), bi = !is_inexact(b);
  if (ai && !bi) return b;
  if (bi && !ai) return a;
  return promote(a, b);
}

}  // namespace sl
