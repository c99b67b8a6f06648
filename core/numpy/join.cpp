// join: concatenate and repeat (see join.hpp).
#include "core/numpy/join.hpp"

#include <string>

#include "core/model/descr.hpp"
#include "core/model/error.hpp"
#include "core/ops/index.hpp"
#include "core/ops/copy.hpp"
#include "core/model/strides.hpp"
#include "core/ops/views.hpp"

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
  // Text widens to the longest input (Note [Flexible dtypes]); numbers promote.
  DTypeFull full{arrays[0]->dtype, arrays[0]->descr};
  for (size_t i = 1; i < arrays.size(); ++i) full = promote_full(full, DTypeFull{arrays[i]->dtype, arrays[i]->descr});
  if (dtype) full = {*dtype, is_flexible(*dtype) ? full.descr : nullptr};
  std::vector<const Array*> ptrs;
  for (auto& a : arrays) ptrs.push_back(a.get());
  const bool torch = arrays[0]->is_torch();
  ArrayPtr out = make_array(full.dt, full.descr, shape, 'C', torch ? Flavor::Torch : Flavor::NumPy);
  if (!torch) out->strides = strides_for_perm(shape, multi_sorted_stride_perm(ptrs, ndim), out->itemsize());
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


// ---- copies composed from the views and concatenate/repeat above

namespace {
IndexItem slice_of(std::optional<int64_t> start, std::optional<int64_t> stop) {
  IndexItem it;
  it.kind = IndexItem::Slice;
  it.start = start;
  it.stop = stop;
  return it;
}
}  // namespace

ArrayPtr stack(const std::vector<ArrayPtr>& arrays, int64_t axis, std::optional<DType> dt) {
  if (arrays.empty()) value_error("need at least one array to stack");
  for (auto& x : arrays)
    if (x->shape != arrays[0]->shape) value_error("all input arrays must have the same shape");
  int ax = normalize_axis_index(axis, arrays[0]->ndim() + 1);
  std::vector<IndexItem> sl(size_t(ax), slice_of({}, {}));
  IndexItem nx;
  nx.kind = IndexItem::NewAxis;
  sl.push_back(nx);
  std::vector<ArrayPtr> expanded;
  for (auto& x : arrays) expanded.push_back(basic_index(x, sl));
  return concatenate(expanded, ax, dt);
}

// numpy/core/numeric.py roll: shifts and axes broadcast against each other;
// each axis's total shift s (mod its length) copies a[:-s] to r[s:] and
// a[-s:] to r[:s]; the copies run over every combination of those pieces.
ArrayPtr roll(const ArrayPtr& a, const std::vector<int64_t>& shifts, const std::optional<std::vector<int64_t>>& axes_in) {
  if (!axes_in) return reshape(roll(ravel(a, 'C'), shifts, std::vector<int64_t>{0}), a->shape);
  std::vector<int> axes = normalize_axis_tuple(*axes_in, a->ndim(), nullptr, true);
  const int64_t ns = int64_t(shifts.size()), na = int64_t(axes.size());
  const int64_t n = ns == na ? ns : broadcast_shapes_np({Shape{ns}, Shape{na}})[0];
  std::vector<int64_t> total(a->ndim(), 0);
  for (int64_t k = 0; k < n; ++k) total[axes[na == 1 ? 0 : k]] += shifts[ns == 1 ? 0 : k];
  ArrayPtr result = empty_like_keep_order(*a, a->dtype);
  // Each axis contributes one (no shift) or two (source, destination) slice pairs.
  std::vector<std::vector<std::pair<IndexItem, IndexItem>>> rolls(a->ndim());
  for (int ax = 0; ax < a->ndim(); ++ax) {
    int64_t len = a->shape[ax] ? a->shape[ax] : 1;
    int64_t off = ((total[ax] % len) + len) % len;
    if (off) rolls[ax] = {{slice_of({}, -off), slice_of(off, {})}, {slice_of(-off, {}), slice_of({}, off)}};
    else rolls[ax] = {{slice_of({}, {}), slice_of({}, {})}};
  }
  std::vector<size_t> pick(a->ndim(), 0);
  for (;;) {
    std::vector<IndexItem> src, dst;
    for (int ax = 0; ax < a->ndim(); ++ax) {
      src.push_back(rolls[ax][pick[ax]].first);
      dst.push_back(rolls[ax][pick[ax]].second);
    }
    ArrayPtr d = basic_index(result, dst), s = basic_index(a, src);
    if (d->size()) copy_into(*d, *s);
    int ax = a->ndim() - 1;
    for (; ax >= 0; --ax) {
      if (++pick[ax] < rolls[ax].size()) break;
      pick[ax] = 0;
    }
    if (ax < 0) break;
  }
  return result;
}

namespace {
// np.array(x, copy=False, ndmin=d): _prepend_ones (ctors.c) -- a view with
// leading length-1 axes whose stride is the itemsize (F-ordered or 0-d input)
// or strides[0] * shape[0].
ArrayPtr with_ndmin(const ArrayPtr& x, size_t d) {
  if (size_t(x->ndim()) >= d) return x;
  bool fortran = x->f_contiguous() && !x->c_contiguous();
  int64_t newstride = fortran || x->ndim() == 0 ? x->itemsize() : x->strides[0] * x->shape[0];
  Shape s = x->shape;
  Strides st = x->strides;
  s.insert(s.begin(), d - s.size(), 1);
  st.insert(st.begin(), d - st.size(), newstride);
  return make_view(x, x->dtype, s, st, x->offset);
}
}  // namespace

// numpy/lib/shape_base.py tile, built on reshape and repeat.
ArrayPtr tile(const ArrayPtr& A, std::vector<int64_t> tup, bool copy_input) {
  size_t d = tup.size();
  bool all_one = true;
  for (int64_t r : tup) all_one &= r == 1;
  if (all_one && copy_input) return with_ndmin(copy_in_order(*A, A->dtype, 'K'), d);  // np.array(A, copy=True)
  ArrayPtr c = with_ndmin(A, d);
  if (d < size_t(c->ndim())) tup.insert(tup.begin(), size_t(c->ndim()) - d, 1);
  Shape shape_out;
  for (size_t k = 0; k < tup.size(); ++k) shape_out.push_back(c->shape[k] * tup[k]);
  int64_t n = c->size();
  const Shape c_shape = c->shape;  // zip(c.shape, tup) is taken before the loop rebinds c
  if (n > 0) {
    for (size_t k = 0; k < tup.size(); ++k) {
      int64_t dim_in = c_shape[k], nrep = tup[k];
      if (nrep != 1) c = repeat(reshape(c, {-1, n}), {nrep}, true, 0);
      n /= dim_in;
    }
  }
  return reshape(c, shape_out);
}

// numpy/core/fromnumeric.py resize: the result is a reshaped slice of a
// concatenation, so its .base is that concatenation.
ArrayPtr resize(const ArrayPtr& a0, const Shape& new_shape) {
  ArrayPtr a = ravel(a0, 'C');
  int64_t new_size = 1;
  for (int64_t d : new_shape) {
    new_size *= d;
    if (d < 0) value_error("all elements of `new_shape` must be non-negative");
  }
  if (a->size() == 0 || new_size == 0) return make_array(a->dtype, a->descr, new_shape);
  int64_t repeats = (new_size + a->size() - 1) / a->size();
  std::vector<ArrayPtr> parts(size_t(repeats), a);
  ArrayPtr cat = concatenate(parts, 0);
  return reshape(basic_index(cat, {slice_of({}, new_size)}), new_shape);
}

}  // namespace sl
