// join: concatenate and repeat (see join.hpp).
#include "core/join.hpp"

#include <string>

#include "core/error.hpp"
#include "core/index.hpp"
#include "core/kernels/copy.hpp"
#include "core/strides.hpp"
#include "core/views.hpp"

namespace sl {

ArrayPtr concatenate(const std::vector<ArrayPtr>& arrays_in, std::optional<int64_t> axis_in,
                     std::optional<DType> dtype) {
  if (arrays_in.empty()) value_error("need at least one array to concatenate");
  std::vector<ArrayPtr> arrays = arrays_in;
  int64_t axis_v = 0;
  if (!axis_in) {
    // PyArray_ConcatenateFlattenedArrays: every array raveled in C order.
    for (auto& a : arrays) a = ravel(a, 'C');
  } else {
    axis_v = *axis_in;
  }
  const int ndim = arrays[0]->ndim();
  if (ndim == 0) value_error("zero-dimensional arrays cannot be concatenated");
  const int axis = normalize_axis_index(axis_v, ndim);
  Shape shape = arrays[0]->shape;
  for (size_t i = 1; i < arrays.size(); ++i) {
    const Array& a = *arrays[i];
    if (a.ndim() != ndim)
      value_error("all the input arrays must have same number of dimensions, but the array at index 0 has " +
                  std::to_string(ndim) + " dimension(s) and the array at index " + std::to_string(i) + " has " +
                  std::to_string(a.ndim()) + " dimension(s)");
    for (int d = 0; d < ndim; ++d) {
      if (d == axis) {
        shape[d] += a.shape[d];
      } else if (a.shape[d] != shape[d]) {
        value_error("all the input array dimensions except for the concatenation axis must match exactly, but "
                    "along dimension " + std::to_string(d) + ", the array at index 0 has size " +
                    std::to_string(shape[d]) + " and the array at index " + std::to_string(i) + " has size " +
                    std::to_string(a.shape[d]));
      }
    }
  }
  DType dt = arrays[0]->dtype;
  for (size_t i = 1; i < arrays.size(); ++i) dt = promote(dt, arrays[i]->dtype);
  if (dtype) dt = *dtype;
  std::vector<const Array*> ptrs;
  for (auto& a : arrays) ptrs.push_back(a.get());
  const bool torch = arrays[0]->is_torch();
  ArrayPtr out = make_array(dt, shape, 'C', torch ? Flavor::Torch : Flavor::NumPy);
  if (!torch) out->strides = strides_for_perm(shape, multi_sorted_stride_perm(ptrs, ndim), itemsize(dt));
  // Copy each piece into its slab of the output along `axis`.
  int64_t pos = 0;
  for (auto& a : arrays) {
    Array slab = *out;
    slab.shape[axis] = a->shape[axis];
    slab.offset = out->offset + pos * out->strides[axis];
    pos += a->shape[axis];
    if (slab.size() == 0) continue;
    copy_into(slab, *a);
  }
  return out;
}

ArrayPtr repeat(const ArrayPtr& a_in, const std::vector<int64_t>& counts, bool scalar, std::optional<int64_t> axis_in) {
  ArrayPtr a = a_in;
  int axis = 0;
  if (!axis_in) a = ravel(a, 'C');
  else axis = normalize_axis_index(*axis_in, a->ndim() == 0 ? 1 : a->ndim());
  if (a->ndim() == 0) a = reshape(a, {1});
  const int64_t n = a->shape[axis];
  bool broadcast = scalar || counts.size() == 1;
  if (!broadcast && int64_t(counts.size()) != n)
    value_error("operands could not be broadcast together with shape (" + std::to_string(n) + ",) (" +
                std::to_string(counts.size()) + ",)");
  // The output length sum(counts) must not wrap: a.repeat(2**62) would
  // otherwise allocate a few bytes and write far past them.
  auto too_big = [] { value_error("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size."); };
  int64_t total = 0;
  if (broadcast) {
    if (!counts.empty() && __builtin_mul_overflow(counts[0], n, &total)) too_big();
  } else {
    for (int64_t c : counts) {
      if (c < 0) value_error("repeats may not contain negative values.");
      if (__builtin_add_overflow(total, c, &total)) too_big();
    }
  }
  // repeat(a, counts, axis) == take(a, [j repeated counts[j] times], axis).
  ArrayPtr idx = make_array(DType::I64, {total});
  int64_t* p = reinterpret_cast<int64_t*>(idx->data());
  for (int64_t j = 0, pos = 0; j < n; ++j) {
    int64_t c = broadcast ? counts[0] : counts[size_t(j)];
    for (int64_t r = 0; r < c; ++r) p[pos++] = j;
  }
  return take(a, *idx, axis);
}

}  // namespace sl
