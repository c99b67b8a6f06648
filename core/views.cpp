#include "core/views.hpp"

#include <string>

#include "core/error.hpp"
#include "core/kernels/copy.hpp"
#include "core/strides.hpp"

namespace sl {

SliceRange slice_range(const IndexItem& s, int64_t n) {
  int64_t step = s.step.value_or(1);
  if (step == 0) value_error("slice step cannot be zero");
  int64_t lower = step < 0 ? -1 : 0, upper = step < 0 ? n - 1 : n;
  auto norm = [&](const std::optional<int64_t>& x, int64_t dflt) {
    if (!x) return dflt;
    int64_t i = *x;
    if (i < 0) {
      i += n;
      if (i < lower) i = lower;
    } else if (i > upper) {
      i = upper;
    }
    return i;
  };
  int64_t start = norm(s.start, step < 0 ? upper : lower);
  int64_t stop = norm(s.stop, step < 0 ? lower : upper);
  int64_t count = step < 0 ? (stop < start ? (start - stop - 1) / (-step) + 1 : 0)
                           : (start < stop ? (stop - start - 1) / step + 1 : 0);
  return {start, step, count};
}

ArrayPtr basic_index(const ArrayPtr& a, const std::vector<IndexItem>& idx) {
  int consumed = 0, ellipses = 0;
  for (const auto& it : idx) {
    if (it.kind == IndexItem::Int || it.kind == IndexItem::Slice) ++consumed;
    if (it.kind == IndexItem::Ellipsis) ++ellipses;
  }
  if (ellipses > 1) index_error("an index can only have a single ellipsis ('...')");
  if (consumed > a->ndim())
    index_error("too many indices for array: array is " + std::to_string(a->ndim()) + "-dimensional, but " +
                std::to_string(consumed) + " were indexed");
  Shape shape;
  Strides strides;
  int64_t offset = a->offset;
  int dim = 0;
  for (const auto& it : idx) {
    switch (it.kind) {
      case IndexItem::Int: {
        int64_t n = a->shape[dim], i = it.i;
        if (i < -n || i >= n)
          index_error("index " + std::to_string(i) + " is out of bounds for axis " + std::to_string(dim) +
                      " with size " + std::to_string(n));
        if (i < 0) i += n;
        offset += i * a->strides[dim];
        ++dim;
        break;
      }
      case IndexItem::Slice: {
        SliceRange r = slice_range(it, a->shape[dim]);
        if (r.count > 0) offset += r.start * a->strides[dim];
        shape.push_back(r.count);
        strides.push_back(r.step * a->strides[dim]);
        ++dim;
        break;
      }
      case IndexItem::NewAxis:
        shape.push_back(1);
        strides.push_back(0);
        break;
      case IndexItem::Ellipsis: {
        int fill = a->ndim() - consumed;
        for (int k = 0; k < fill; ++k, ++dim) {
          shape.push_back(a->shape[dim]);
          strides.push_back(a->strides[dim]);
        }
        break;
      }
    }
  }
  for (; dim < a->ndim(); ++dim) {
    shape.push_back(a->shape[dim]);
    strides.push_back(a->strides[dim]);
  }
  return make_view(a, a->dtype, std::move(shape), std::move(strides), offset);
}

ArrayPtr view_same(const ArrayPtr& a) { return make_view(a, a->dtype, a->shape, a->strides, a->offset); }

ArrayPtr reshape(const ArrayPtr& a, const Shape& requested, char order) {
  if (order == 'A') order = a->f_contiguous() && !a->c_contiguous() ? 'F' : 'C';
  if (requested == a->shape) return view_same(a);
  Shape shape = infer_reshape(requested, a->size());
  int isz = a->itemsize();
  bool contiguous = order == 'F' ? a->f_contiguous() : a->c_contiguous();
  if (contiguous) return make_view(a, a->dtype, shape, default_strides(shape, isz, order), a->offset);
  if (auto st = nocopy_reshape(a->shape, a->strides, shape, isz, order))
    return make_view(a, a->dtype, shape, *st, a->offset);
  // NumPy copies into a private array and returns a view of it: base is the
  // hidden copy, OWNDATA is False (see semantics.md section 1).
  ArrayPtr tmp = copy_array(*a, order);
  return make_view(tmp, tmp->dtype, shape, default_strides(shape, isz, order), tmp->offset);
}

ArrayPtr reshape_nocopy_or_throw(const ArrayPtr& a, const Shape& requested) {
  Shape shape = infer_reshape(requested, a->size());
  int isz = a->itemsize();
  if (a->c_contiguous()) return make_view(a, a->dtype, shape, default_strides(shape, isz, 'C'), a->offset);
  if (auto st = nocopy_reshape(a->shape, a->strides, shape, isz, 'C')) return make_view(a, a->dtype, shape, *st, a->offset);
  raise("AttributeError",
        "Incompatible shape for in-place modification. Use `.reshape()` to make a copy with the desired shape.");
}

ArrayPtr transpose(const ArrayPtr& a, const std::vector<int64_t>& axes_in) {
  int nd = a->ndim();
  std::vector<int64_t> axes = axes_in;
  if (axes.empty()) {
    for (int k = nd - 1; k >= 0; --k) axes.push_back(k);
  }
  if (int(axes.size()) != nd) value_error("axes don't match array");
  std::vector<bool> seen(nd, false);
  Shape shape(nd);
  Strides strides(nd);
  for (int k = 0; k < nd; ++k) {
    int ax = normalize_axis(axes[k], nd);
    if (seen[ax]) value_error("repeated axis in transpose");
    seen[ax] = true;
    shape[k] = a->shape[ax];
    strides[k] = a->strides[ax];
  }
  return make_view(a, a->dtype, std::move(shape), std::move(strides), a->offset);
}

}  // namespace sl

namespace sl {

// Mirrors NumPy's array_descr_set (>= 1.23). Same itemsize: any layout.
// Otherwise the last axis must be contiguous (stride == itemsize), of length 1,
// or the array empty; it is re-split into units of the new itemsize.
ArrayPtr view_dtype(const ArrayPtr& a, DType dt) {
  int old_sz = a->itemsize(), new_sz = itemsize(dt);
  if (old_sz == new_sz) return make_view(a, dt, a->shape, a->strides, a->offset);
  if (a->ndim() == 0) value_error("Changing the dtype of a 0d array is only supported if the itemsize is unchanged");
  int last = a->ndim() - 1;
  Shape shape = a->shape;
  Strides strides = a->strides;
  if (!(shape[last] == 1 || a->size() == 0 || strides[last] == old_sz))
    value_error("To change to a dtype of a different size, the last axis must be contiguous");
  if (new_sz < old_sz) {
    if (old_sz % new_sz != 0)
      value_error("When changing to a smaller dtype, its size must be a divisor of the size of original dtype");
    shape[last] *= old_sz / new_sz;
  } else {
    int64_t total = shape[last] * old_sz;
    if (total % new_sz != 0)
      value_error("When changing to a larger dtype, its size must be a divisor of the total size in bytes of the last axis of the array.");
    shape[last] = total / new_sz;
  }
  strides[last] = new_sz;
  return make_view(a, dt, std::move(shape), std::move(strides), a->offset);
}

}  // namespace sl
