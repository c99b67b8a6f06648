// views: the view-making operations and memory-order helpers (see views.hpp).
#include "core/ops/views.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "core/model/descr.hpp"
#include "core/model/error.hpp"
#include "core/model/explain.hpp"
#include "core/ops/copy.hpp"
#include "core/model/strides.hpp"

namespace sl {

namespace {
// NumPy computes a view's byte offset and strides in npy_intp, which wraps
// (get_view_from_index); only an empty view gets there, since as_strided
// checks the span of a non-empty one (an empty as_strided view of huge
// strides, then indexed: found by fuzz_eval). The same wrapped value,
// without signed overflow.
int64_t wrapped_mul(int64_t a, int64_t b) { return int64_t(uint64_t(a) * uint64_t(b)); }
int64_t wrapped_add(int64_t a, int64_t b) { return int64_t(uint64_t(a) + uint64_t(b)); }
}  // namespace


namespace {
// Rule "basic-index": per output axis the slice step and the parent stride it
// multiplies (stride = step x parent stride), and the bytes the offset moved.
ArrayPtr explain_basic_index(ArrayPtr out, const Array& in, const std::vector<IndexItem>& idx) {
  // The same walk as basic_index: which parent axis each output axis comes from.
  // A subscript makes this record every time it runs, so the facts are written
  // into the record's own lists (Note [Records without allocations]); they are
  // appended, not resized into place, which would zero four facts first.
  static const char* const kWord[] = {"int", "slice", "newaxis", "ellipsis"};
  auto e = make_record(in, "basic-index", Verdict::View, {});
  e->facts.reserve(4);
  e->facts.push_back(word_fact("components", kWord, {}));
  e->facts.push_back(fact("steps", std::vector<int64_t>{}));
  e->facts.push_back(byte_fact("parentStrides", std::vector<int64_t>{}));
  ExplainFact& components = e->facts[0];
  ExplainFact& steps = e->facts[1];
  ExplainFact& parent = e->facts[2];
  components.ints.reserve(idx.size());
  steps.ints.reserve(size_t(out->ndim()));
  parent.ints.reserve(size_t(out->ndim()));
  int consumed = 0;
  for (const auto& it : idx) consumed += it.kind == IndexItem::Int || it.kind == IndexItem::Slice;
  int dim = 0;
  for (const auto& it : idx) {
    components.ints.push_back(it.kind);
    if (it.kind == IndexItem::Int) {
      ++dim;
    } else if (it.kind == IndexItem::Slice) {
      SliceRange r = slice_range(it, in.shape[size_t(dim)]);
      steps.ints.push_back(r.count > 0 ? r.step : 1);
      parent.ints.push_back(in.strides[size_t(dim++)]);
    } else if (it.kind == IndexItem::NewAxis) {
      steps.ints.push_back(0);
      parent.ints.push_back(0);
    } else {
      for (int k = 0; k < in.ndim() - consumed; ++k, ++dim) {
        steps.ints.push_back(1);
        parent.ints.push_back(in.strides[size_t(dim)]);
      }
    }
  }
  for (; dim < in.ndim(); ++dim) steps.ints.push_back(1), parent.ints.push_back(in.strides[size_t(dim)]);
  e->facts.push_back(byte_fact("offsetMoved", out->offset - in.offset));
  set_output(*e, *out);
  out->why = std::move(e);
  return out;
}
}  // namespace

ArrayPtr basic_index(const ArrayPtr& a, const std::vector<IndexItem>& idx) {
  int consumed = 0, ellipses = 0, ints = 0, newaxes = 0;
  for (const auto& it : idx) {
    if (it.kind == IndexItem::Int || it.kind == IndexItem::Slice) ++consumed;
    if (it.kind == IndexItem::Int) ++ints;
    if (it.kind == IndexItem::NewAxis) ++newaxes;
    if (it.kind == IndexItem::Ellipsis) ++ellipses;
  }
  if (ellipses > 1) index_error("an index can only have a single ellipsis ('...')");
  if (consumed > a->ndim())
    index_error("too many indices for array: array is " + std::to_string(a->ndim()) + "-dimensional, but " +
                std::to_string(consumed) + " were indexed");
  // prepare_index's NPY_MAXDIMS check (tensors have no such limit)
  if (const int result = a->ndim() - ints + newaxes; result > kMaxDims && !a->is_torch())
    index_error("number of dimensions must be within [0, " + std::to_string(kMaxDims) + "], indexing result would have " +
                std::to_string(result));
  Shape shape;
  Strides strides;
  shape.reserve(size_t(a->ndim()) + idx.size());  // sized once: at most every axis plus every newaxis
  strides.reserve(size_t(a->ndim()) + idx.size());
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
        offset = wrapped_add(offset, wrapped_mul(i, a->strides[dim]));
        ++dim;
        break;
      }
      case IndexItem::Slice: {
        // get_view_from_index: an empty slice keeps the data pointer and
        // gets step 1 (so its stride is the parent's).
        SliceRange r = slice_range(it, a->shape[dim]);
        if (r.count > 0) offset = wrapped_add(offset, wrapped_mul(r.start, a->strides[dim]));
        shape.push_back(r.count);
        strides.push_back(wrapped_mul(r.count > 0 ? r.step : 1, a->strides[dim]));
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
  return explain_basic_index(make_view(a, a->dtype, std::move(shape), std::move(strides), offset), *a, idx);
}

ArrayPtr view_same(const ArrayPtr& a) { return make_view(a, a->dtype, a->shape, a->strides, a->offset); }

ArrayPtr reshape(const ArrayPtr& a, const Shape& requested, char order, CopyMode copy) {
  if (order == 'A') order = a->f_contiguous() && !a->c_contiguous() ? 'F' : 'C';
  Shape shape = infer_reshape(requested, a->size());
  int isz = a->itemsize();
  const ExplainFact ord = fact("order", std::string(1, order));
  if (copy == CopyMode::Always) {  // reshape(..., copy=True): the copy comes first
    ArrayPtr tmp = copy_array(*a, order);
    return explained(make_view(tmp, tmp->dtype, shape, default_strides(shape, isz, order), tmp->offset), *a, "copy",
                     Verdict::Copy, {ord});
  }
  if (requested == a->shape) return explained(view_same(a), *a, "reshape-same", Verdict::View);
  bool contiguous = order == 'F' ? a->f_contiguous() : a->c_contiguous();
  if (contiguous)
    return explained(make_view(a, a->dtype, shape, default_strides(shape, isz, order), a->offset), *a,
                     "reshape-contiguous", Verdict::View, {ord});
  ReshapeBlock block;
  if (auto st = nocopy_reshape(a->shape, a->strides, shape, isz, order, &block))
    return explained(make_view(a, a->dtype, shape, *st, a->offset), *a, "reshape-regroup", Verdict::View, {ord});
  if (copy == CopyMode::Never) value_error("Unable to avoid creating a copy while reshaping.");
  // NumPy copies into a private array and returns a view of it: base is the
  // hidden copy, OWNDATA is False (see semantics.md section 1).
  ArrayPtr tmp = copy_array(*a, order);
  std::vector<ExplainFact> why = reshape_block_facts(*a, block, shape);
  why.push_back(ord);
  return explained(make_view(tmp, tmp->dtype, shape, default_strides(shape, isz, order), tmp->offset), *a,
                   "reshape-copy", Verdict::Copy, std::move(why));
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
    axes[k] = ax;
  }
  return explained(make_view(a, a->dtype, std::move(shape), std::move(strides), a->offset), *a, "transpose",
                   Verdict::View, {fact("axes", axes)});
}

}  // namespace sl

namespace sl {

// Mirrors NumPy's array_descr_set (>= 1.23). Same itemsize: any layout.
// Otherwise the last axis must be contiguous (stride == itemsize), of length 1,
// or the array empty; it is re-split into units of the new itemsize.
ArrayPtr view_dtype(const ArrayPtr& a, DType dt) { return view_dtype_full(a, DTypeFull{dt, nullptr}); }

ArrayPtr view_dtype_full(const ArrayPtr& a, const DTypeFull& t) {
  const DType dt = t.dt;
  if (is_flexible(dt) && (!t.descr || t.descr->itemsize == 0)) {
    if (!a->descr || a->dtype != dt) value_error("Changing the dtype to a flexible dtype of size 0 is not supported");
    return view_dtype_full(a, DTypeFull{a->dtype, a->descr});
  }
  int old_sz = a->itemsize(), new_sz = int(t.itemsize());
  const std::vector<ExplainFact> sizes{fact("fromItemsize", int64_t(old_sz)), fact("toItemsize", int64_t(new_sz))};
  if (old_sz == new_sz)
    return explained(make_view(a, dt, a->shape, a->strides, a->offset, t.descr), *a, "view-dtype", Verdict::View, sizes);
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
  return explained(make_view(a, dt, std::move(shape), std::move(strides), a->offset, t.descr), *a, "view-dtype",
                   Verdict::View, sizes);
}

}  // namespace sl

// ---------------------------------------------------------------------------
// The view zoo: squeeze, expand_dims, swapaxes, moveaxis, diagonal, flip,
// real/imag, ravel/flatten, broadcast_to, as_strided.
namespace sl {

int normalize_axis_index(int64_t axis, int ndim, const char* prefix) {
  if (axis < -ndim || axis >= ndim)
    raise("AxisError", std::string(prefix ? std::string(prefix) + ": " : "") + "axis " + std::to_string(axis) +
                           " is out of bounds for array of dimension " + std::to_string(ndim));
  return int(axis < 0 ? axis + ndim : axis);
}

std::vector<int> normalize_axis_tuple(const std::vector<int64_t>& axes, int ndim, const char* argname,
                                      bool allow_duplicate) {
  std::vector<int> out;
  for (int64_t ax : axes) out.push_back(normalize_axis_index(ax, ndim, argname));
  if (!allow_duplicate) {
    for (size_t i = 0; i < out.size(); ++i)
      for (size_t j = i + 1; j < out.size(); ++j)
        if (out[i] == out[j])
          value_error(argname ? "repeated axis in `" + std::string(argname) + "` argument" : "repeated axis");
  }
  return out;
}

// PyArray_Squeeze: drop every axis of length 1; nothing to drop -> a itself.
std::pair<Shape, Strides> without_axes(const Array& a, const std::vector<bool>& drop) {
  std::pair<Shape, Strides> out;
  for (int k = 0; k < a.ndim(); ++k) {
    if (drop[size_t(k)]) continue;
    out.first.push_back(a.shape[size_t(k)]);
    out.second.push_back(a.strides[size_t(k)]);
  }
  return out;
}

std::vector<bool> unit_axes(const Array& a) {
  std::vector<bool> out(size_t(a.ndim()));
  for (int k = 0; k < a.ndim(); ++k) out[size_t(k)] = a.shape[size_t(k)] == 1;
  return out;
}

ArrayPtr squeeze(const ArrayPtr& a) {
  auto [shape, strides] = without_axes(*a, unit_axes(*a));
  if (int(shape.size()) == a->ndim()) return a;  // nothing to squeeze: the array itself
  return make_view(a, a->dtype, std::move(shape), std::move(strides), a->offset);
}

ArrayPtr squeeze_axes(const ArrayPtr& a, const std::vector<int64_t>& axes, bool single) {
  std::vector<bool> drop(size_t(a->ndim()), false);
  for (int64_t ax : axes) {
    // PyArray_ConvertMultiAxis lets a single axis 0 / -1 slip through for 0-d arrays.
    if (single && a->ndim() == 0 && (ax == 0 || ax == -1)) continue;
    int k = normalize_axis_index(ax, a->ndim());
    if (drop[size_t(k)]) value_error("duplicate value in 'axis'");
    drop[size_t(k)] = true;
  }
  for (int k = 0; k < a->ndim(); ++k)
    if (drop[size_t(k)] && a->shape[size_t(k)] != 1)
      value_error("cannot select an axis to squeeze out which has size not equal to one");
  if (axes.empty()) return a;  // np.squeeze(a, axis=()) returns a itself
  auto [shape, strides] = without_axes(*a, drop);
  return make_view(a, a->dtype, std::move(shape), std::move(strides), a->offset);
}

// numpy/lib/shape_base.py: expand_dims.
ArrayPtr expand_dims(const ArrayPtr& a, const std::vector<int64_t>& axes) {
  int out_ndim = int(axes.size()) + a->ndim();
  std::vector<int> ax = normalize_axis_tuple(axes, out_ndim);
  std::vector<bool> is_new(out_ndim, false);
  for (int k : ax) is_new[k] = true;
  Shape shape;
  int next = 0;
  for (int k = 0; k < out_ndim; ++k) shape.push_back(is_new[k] ? 1 : a->shape[next++]);
  return reshape(a, shape);
}

ArrayPtr swapaxes(const ArrayPtr& a, int64_t axis1, int64_t axis2) {
  int n = a->ndim();
  int i = normalize_axis_index(axis1, n, "axis1");
  int j = normalize_axis_index(axis2, n, "axis2");
  std::vector<int64_t> perm(n);
  for (int k = 0; k < n; ++k) perm[k] = k;
  std::swap(perm[i], perm[j]);
  return transpose(a, perm);
}

// numpy/core/numeric.py: moveaxis. The axes not moved keep their order; each
// moved axis is inserted at its destination, in increasing destination order.
ArrayPtr moveaxis(const ArrayPtr& a, const std::vector<int64_t>& source, const std::vector<int64_t>& destination) {
  int n = a->ndim();
  std::vector<int> src = normalize_axis_tuple(source, n, "source");
  std::vector<int> dst = normalize_axis_tuple(destination, n, "destination");
  if (src.size() != dst.size())
    value_error("`source` and `destination` arguments must have the same number of elements");
  std::vector<int64_t> order;
  for (int k = 0; k < n; ++k)
    if (std::find(src.begin(), src.end(), k) == src.end()) order.push_back(k);
  std::vector<std::pair<int, int>> moves;
  for (size_t k = 0; k < src.size(); ++k) moves.push_back({dst[k], src[k]});
  std::sort(moves.begin(), moves.end());
  for (auto [d, s] : moves) order.insert(order.begin() + d, s);
  return transpose(a, order);
}

DiagonalLayout diagonal_layout(const Array& a, int64_t offset, int i, int j) {
  DiagonalLayout d;
  for (int k = 0; k < a.ndim(); ++k) {
    if (k == i || k == j) continue;
    d.shape.push_back(a.shape[size_t(k)]);
    d.strides.push_back(a.strides[size_t(k)]);
  }
  int64_t si = a.strides[size_t(i)], sj = a.strides[size_t(j)];
  d.raw = offset >= 0 ? std::min(a.shape[size_t(i)], a.shape[size_t(j)] - offset)
                      : std::min(a.shape[size_t(i)] + offset, a.shape[size_t(j)]);
  // Only a diagonal that exists moves the start (|k| <= n then, so no overflow).
  if (d.raw >= 0) d.shift = offset >= 0 ? offset * sj : -offset * si;
  d.shape.push_back(std::max<int64_t>(d.raw, 0));
  d.strides.push_back(si + sj);
  return d;
}

ArrayPtr diagonal(const ArrayPtr& a, int64_t offset, int64_t axis1, int64_t axis2) {
  int n = a->ndim();
  if (n < 2) value_error("diag requires an array of at least two dimensions");
  int i = normalize_axis_index(axis1, n, "axis1");
  int j = normalize_axis_index(axis2, n, "axis2");
  if (i == j) value_error("axis1 and axis2 cannot be the same");
  DiagonalLayout d = diagonal_layout(*a, offset, i, j);
  ArrayPtr v = make_view(a, a->dtype, std::move(d.shape), std::move(d.strides), a->offset + (d.raw >= 0 ? d.shift : 0));
  v->writeable = false;  // NumPy >= 1.9: diagonal() is a read-only view
  return v;
}

ArrayPtr flip(const ArrayPtr& a, const std::vector<int64_t>& axes, bool all_axes) {
  std::vector<IndexItem> idx(a->ndim());
  for (auto& it : idx) it.kind = IndexItem::Slice;
  if (all_axes) {
    for (auto& it : idx) it.step = -1;
  } else {
    for (int k : normalize_axis_tuple(axes, a->ndim())) idx[k].step = -1;
  }
  return basic_index(a, idx);
}

ArrayPtr complex_part(const ArrayPtr& a, bool imag) {
  DType rt = real_part(a->dtype);
  return make_view(a, rt, a->shape, a->strides, a->offset + (imag ? itemsize(rt) : 0));
}

namespace {

// PyArray_CreateSortedStridePerm: axes by decreasing |stride|, ties by axis.
std::vector<int> sorted_stride_perm(const Strides& strides) {
  std::vector<int> perm(strides.size());
  for (size_t k = 0; k < perm.size(); ++k) perm[k] = int(k);
  std::stable_sort(perm.begin(), perm.end(), [&](int x, int y) {
    int64_t sx = strides[x] < 0 ? -strides[x] : strides[x], sy = strides[y] < 0 ? -strides[y] : strides[y];
    return sx > sy;
  });
  return perm;
}

}  // namespace

namespace {

// The stable insertion sort shared by NumPy's PyArray_CreateMultiSortedStridePerm
// and npyiter_find_best_axis_ordering. Over positions 1..n-1 of `order`, the
// axis j0 at position i0 moves before the earlier axis j1 when the first
// operand with an opinion says so and no operand says otherwise; pairs nobody
// votes on keep their relative place. vote(op, j0, j1) is -1 (no opinion),
// 0 (keep j1 first) or 1 (j0 belongs first).
template <class Vote>
void sort_axes_by_votes(std::vector<int>& order, size_t nops, Vote vote) {
  const int n = int(order.size());
  for (int i0 = 1; i0 < n; ++i0) {
    int ipos = i0, j0 = order[size_t(i0)];
    for (int i1 = i0 - 1; i1 >= 0; --i1) {
      bool ambig = true, shouldswap = false;
      int j1 = order[size_t(i1)];
      for (size_t op = 0; op < nops; ++op) {
        int v = vote(op, j0, j1);
        if (v < 0) continue;
        if (v == 0) shouldswap = false;
        else if (ambig) shouldswap = true;
        ambig = false;
      }
      if (!ambig) {
        if (shouldswap) ipos = i1;
        else break;
      }
    }
    if (ipos != i0) {
      for (int k = i0; k > ipos; --k) order[size_t(k)] = order[size_t(k - 1)];
      order[size_t(ipos)] = j0;
    }
  }
}

}  // namespace

std::vector<int> multi_sorted_stride_perm(const std::vector<const Array*>& arrays, int ndim) {
  std::vector<int> perm(ndim);
  for (int k = 0; k < ndim; ++k) perm[k] = k;
  // Largest |stride| first; length-1 axes do not vote (zero strides do).
  sort_axes_by_votes(perm, arrays.size(), [&](size_t op, int j0, int j1) {
    const Array* a = arrays[op];
    if (a->shape[j0] == 1 || a->shape[j1] == 1) return -1;
    return std::llabs(a->strides[j0]) <= std::llabs(a->strides[j1]) ? 0 : 1;
  });
  return perm;
}

std::vector<int> nditer_axis_order(const Shape& shape, const std::vector<const Strides*>& operands) {
  const int nd = int(shape.size());
  // The iterator works innermost-first: perm[i] is a C axis, i = 0 innermost;
  // smallest |stride| first, zero strides and length-1 axes do not vote.
  std::vector<int> perm(nd);
  for (int i = 0; i < nd; ++i) perm[i] = nd - 1 - i;
  auto st = [&](size_t op, int axis) -> int64_t { return shape[axis] == 1 ? 0 : std::llabs((*operands[op])[axis]); };
  sort_axes_by_votes(perm, operands.size(), [&](size_t op, int j0, int j1) {
    int64_t s0 = st(op, j0), s1 = st(op, j1);
    if (s0 == 0 || s1 == 0) return -1;
    return s1 <= s0 ? 0 : 1;
  });
  std::reverse(perm.begin(), perm.end());
  return perm;
}

std::vector<int> nditer_axis_order(const Shape& shape, const std::vector<Strides>& operands) {
  std::vector<const Strides*> ptrs;
  for (const Strides& s : operands) ptrs.push_back(&s);
  return nditer_axis_order(shape, ptrs);
}

Strides strides_for_perm(const Shape& shape, const std::vector<int>& perm, int64_t isz) {
  Strides st(shape.size(), 0);
  bool empty = false;
  for (int64_t d : shape) empty |= d == 0;
  if (empty) return st;  // NumPy gives freshly allocated empty arrays zero strides
  int64_t s = isz;
  for (size_t k = perm.size(); k-- > 0;) {
    st[perm[k]] = s;
    s *= shape[perm[k]];
  }
  return st;
}

ArrayPtr empty_like_keep_order(const Array& a, DType dt) {
  Flavor fl = a.is_torch() ? Flavor::Torch : Flavor::NumPy;
  const DescrPtr descr = dt == a.dtype ? a.descr : nullptr;  // a flexible dtype keeps a's descriptor
  if (a.c_contiguous() || a.ndim() <= 1) return make_array(dt, descr, a.shape, 'C', fl);
  if (a.f_contiguous()) return make_array(dt, descr, a.shape, 'F', fl);
  ArrayPtr out = make_array(dt, descr, a.shape, 'C', fl);
  out->strides = strides_for_perm(a.shape, sorted_stride_perm(a.strides), out->itemsize());
  return out;
}

ArrayPtr copy_in_order(const Array& a, DType dt, char order) {
  if (order == 'A') order = a.f_contiguous() && !a.c_contiguous() ? 'F' : 'C';
  if (order != 'K') return copy_as(a, dt, dt == a.dtype ? a.descr : nullptr, order);
  ArrayPtr out = empty_like_keep_order(a, dt);
  copy_into(*out, a);
  return out;
}

ArrayPtr ravel(const ArrayPtr& a, char order) {
  if (order == 'A') order = a->f_contiguous() && !a->c_contiguous() ? 'F' : 'C';
  else if (order == 'K') {
    if (a->c_contiguous()) order = 'C';
    else if (a->f_contiguous()) order = 'F';
  }
  if (order == 'C' && a->c_contiguous()) return reshape(a, {-1}, 'C');
  if (order == 'F' && a->f_contiguous()) return reshape(a, {-1}, 'F');
  if (order == 'K') {
    // A view when the axes sorted by |stride| walk memory contiguously.
    std::vector<int> perm = sorted_stride_perm(a->strides);
    int64_t stride = a->itemsize();
    int i = a->ndim() - 1;
    for (; i >= 0; --i) {
      if (a->shape[perm[i]] == 1) continue;
      if (a->strides[perm[i]] != stride) break;
      stride *= a->shape[perm[i]];
    }
    if (i < 0) return make_view(a, a->dtype, {a->size()}, {a->itemsize()}, a->offset);
  }
  if (order == 'C') return explain_contiguous(flatten(a, order), a, "ravel-already", "ravel-copy");  // why C order could not be kept
  return flatten(a, order);
}

// PyArray_Flatten: a new 1-d array, elements in `order` (K: memory order of
// the axes, without flipping negative strides -- PyArray_CopyAsFlat).
ArrayPtr flatten(const ArrayPtr& a, char order) {
  if (order == 'A') order = a->f_contiguous() && !a->c_contiguous() ? 'F' : 'C';
  Array walk = *a;
  if (order == 'F') {
    std::reverse(walk.shape.begin(), walk.shape.end());
    std::reverse(walk.strides.begin(), walk.strides.end());
  } else if (order == 'K') {
    std::vector<int> perm = multi_sorted_stride_perm({a.get()}, a->ndim());
    for (int k = 0; k < a->ndim(); ++k) {
      walk.shape[k] = a->shape[perm[k]];
      walk.strides[k] = a->strides[perm[k]];
    }
  }
  ArrayPtr out = make_array(a->dtype, a->descr, walk.shape, 'C', a->is_torch() ? Flavor::Torch : Flavor::NumPy);
  copy_into(*out, walk);
  out->shape = {a->size()};
  out->strides = {out->size() ? a->itemsize() : 0};
  return explained(out, *a, "flatten", Verdict::Copy, {fact("order", std::string(1, order))});
}

ArrayPtr broadcast_to(const ArrayPtr& a, const Shape& shape, bool readonly) {
  if (shape.empty() && !a->shape.empty()) value_error("cannot broadcast a non-scalar to a scalar array");
  for (int64_t d : shape)
    if (d < 0) value_error("all elements of broadcast shape must be non-negative");
  const int nd = int(shape.size()), and_ = a->ndim();
  if (and_ > nd) value_error("input operand has more dimensions than allowed by the axis remapping");
  // nditer (npyiter_fill_axisdata): each axis of a must equal the requested
  // length or be 1; axes of length 1 and missing axes get stride 0.
  Strides strides(nd, 0);
  for (int k = 0; k < nd; ++k) {
    int j = k - (nd - and_);
    if (j < 0) continue;
    int64_t d = a->shape[j];
    if (d == 1) continue;
    if (d != shape[k])
      value_error("operands could not be broadcast together with remapped shapes [original->remapped]: " +
                  shape_compact(a->shape) + "  and requested shape " + shape_compact(shape));
    strides[k] = a->strides[j];
  }
  ArrayPtr v = explained(make_view(a, a->dtype, shape, strides, a->offset), *a, "broadcast", Verdict::View,
                         {byte_fact("newStrides", strides)});
  if (readonly) {
    v->writeable = false;
  } else {
    v->writeable = a->writeable;
    v->warn_on_write = a->writeable;
  }
  return v;
}

Shape broadcast_shapes_np(const std::vector<Shape>& shapes) {
  size_t nd = 0;
  for (const auto& s : shapes) nd = std::max(nd, s.size());
  Shape out(nd, 1);
  for (size_t i = 0; i < nd; ++i) {
    size_t src = 0;
    for (size_t j = 0; j < shapes.size(); ++j) {
      long k = long(i) + long(shapes[j].size()) - long(nd);
      if (k < 0) continue;
      int64_t d = shapes[j][size_t(k)];
      if (d == 1) continue;
      if (out[i] == 1) {
        out[i] = d;
        src = j;
      } else if (out[i] != d) {
        value_error("shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg " +
                    std::to_string(src) + " with shape " + shape_repr(shapes[src]) + " and arg " + std::to_string(j) +
                    " with shape " + shape_repr(shapes[j]) + ".");
      }
    }
  }
  return out;
}

ArrayPtr as_strided(const ArrayPtr& x, const std::optional<Shape>& shape, const std::optional<Strides>& strides,
                    bool writeable) {
  // DummyArray(interface, base=x): a stand-in object holding x's memory.
  ArrayPtr dummy = alias_array(*x, Flavor::DummyBase, x);
  dummy->warn_on_write = false;
  Shape sh = shape ? *shape : x->shape;
  Strides st;
  if (strides) st = *strides;
  else if (x->c_contiguous()) st = default_strides(sh, x->itemsize(), 'C');  // interface strides None
  else st = x->strides;
  if (st.size() != sh.size()) value_error("mismatch in length of strides and shape");
  for (int64_t d : sh)
    if (d < 0) value_error("negative dimensions are not allowed");
  ArrayPtr v = explained(make_view(dummy, x->dtype, sh, st, x->offset), *x, "as-strided", Verdict::View,
                         {byte_fact("newStrides", st)});
  v->warn_on_write = false;
  if (!writeable) v->writeable = false;
  return v;
}


// ---- views composed from basic indexing (numpy/core/shape_base.py,
// numpy/lib/shape_base.py, numpy/lib/stride_tricks.py)

namespace {
IndexItem slice_all() {
  IndexItem it;
  it.kind = IndexItem::Slice;
  return it;
}
IndexItem new_axis_item() {
  IndexItem it;
  it.kind = IndexItem::NewAxis;
  return it;
}
}  // namespace

ArrayPtr atleast_1d(const ArrayPtr& a) { return a->ndim() == 0 ? reshape(a, {1}) : a; }
ArrayPtr atleast_2d(const ArrayPtr& a) {
  if (a->ndim() == 0) return reshape(a, {1, 1});
  if (a->ndim() == 1) return basic_index(a, {new_axis_item(), slice_all()});
  return a;
}
ArrayPtr atleast_3d(const ArrayPtr& a) {
  if (a->ndim() == 0) return reshape(a, {1, 1, 1});
  if (a->ndim() == 1) return basic_index(a, {new_axis_item(), slice_all(), new_axis_item()});
  if (a->ndim() == 2) return basic_index(a, {slice_all(), slice_all(), new_axis_item()});
  return a;
}

namespace {
int64_t split_axis_length(const Array& a, int64_t axis) {
  if (axis < -a.ndim() || axis >= a.ndim()) index_error("tuple index out of range");
  return a.shape[size_t(axis < 0 ? axis + a.ndim() : axis)];
}

// The pieces a[..., div[i]:div[i+1], ...] along axis, taken as NumPy does
// through swapaxes(a, axis, 0)[lo:hi] and back.
std::vector<ArrayPtr> split_at_bounds(const ArrayPtr& ary, const std::vector<int64_t>& div, int64_t axis) {
  ArrayPtr sary = swapaxes(ary, axis, 0);
  std::vector<ArrayPtr> out;
  for (size_t i = 0; i + 1 < div.size(); ++i) {
    IndexItem part;
    part.kind = IndexItem::Slice;
    part.start = div[i];
    part.stop = div[i + 1];
    out.push_back(swapaxes(basic_index(sary, {part}), axis, 0));
  }
  return out;
}
}  // namespace

std::vector<ArrayPtr> array_split_at(const ArrayPtr& ary, const std::vector<int64_t>& indices, int64_t axis) {
  std::vector<int64_t> div{0};
  div.insert(div.end(), indices.begin(), indices.end());
  div.push_back(split_axis_length(*ary, axis));
  return split_at_bounds(ary, div, axis);
}

std::vector<ArrayPtr> array_split_sections(const ArrayPtr& ary, int64_t nsections, int64_t axis, bool equal) {
  int64_t ntotal = split_axis_length(*ary, axis);
  if (equal) {
    if (nsections == 0) raise("ZeroDivisionError", "integer modulo by zero");
    if (ntotal % nsections) value_error("array split does not result in an equal division");
  }
  if (nsections <= 0) value_error("number sections must be larger than 0.");
  // The first ntotal % nsections pieces get one extra element.
  int64_t each = ntotal / nsections, extras = ntotal % nsections;
  std::vector<int64_t> div{0};
  for (int64_t k = 0; k < nsections; ++k) div.push_back(div.back() + (k < extras ? each + 1 : each));
  return split_at_bounds(ary, div, axis);
}

ArrayPtr sliding_window_view(const ArrayPtr& x, const std::vector<int64_t>& window,
                             const std::optional<std::vector<int64_t>>& axis, bool writeable) {
  for (int64_t w : window)
    if (w < 0) value_error("`window_shape` cannot contain negative values");
  std::vector<int> axes;
  if (!axis) {
    for (int k = 0; k < x->ndim(); ++k) axes.push_back(k);
    if (window.size() != axes.size())
      value_error("Since axis is `None`, must provide window_shape for all dimensions of `x`; got " +
                  std::to_string(window.size()) + " window_shape elements and `x.ndim` is " + std::to_string(x->ndim()) +
                  ".");
  } else {
    axes = normalize_axis_tuple(*axis, x->ndim(), nullptr, true);
    if (window.size() != axes.size())
      value_error("Must provide matching length window_shape and axis; got " + std::to_string(window.size()) +
                  " window_shape elements and " + std::to_string(axes.size()) + " axes elements.");
  }
  Strides out_strides = x->strides;
  for (int ax : axes) out_strides.push_back(x->strides[ax]);
  Shape out_shape = x->shape;
  for (size_t k = 0; k < axes.size(); ++k) {
    if (out_shape[axes[k]] < window[k]) value_error("window shape cannot be larger than input array shape");
    out_shape[axes[k]] -= window[k] - 1;
  }
  out_shape.insert(out_shape.end(), window.begin(), window.end());
  return as_strided(x, out_shape, out_strides, writeable);
}

// numpy/core/numeric.py rollaxis: axis moved to before `start`, as a transpose
// (or a plain view when it is already there).
ArrayPtr rollaxis(const ArrayPtr& x, int64_t axis, int64_t start) {
  int n = x->ndim();
  int ax = normalize_axis_index(axis, n);
  if (start < 0) start += n;
  if (!(0 <= start && start < n + 1))
    raise("AxisError", "'start' arg requires " + std::to_string(-n) + " <= start < " + std::to_string(n + 1) + ", but " +
                           std::to_string(start) + " was passed in");
  if (ax < start) --start;
  if (ax == start) return view_same(x);
  std::vector<int64_t> axes;
  for (int k = 0; k < n; ++k)
    if (k != ax) axes.push_back(k);
  axes.insert(axes.begin() + start, ax);
  return transpose(x, axes);
}

// numpy/lib/stride_tricks.py broadcast_arrays: the inputs themselves when they
// all have the broadcast shape, else writeable broadcast views of each.
std::vector<ArrayPtr> broadcast_arrays(const std::vector<ArrayPtr>& args) {
  std::vector<Shape> shapes;
  for (auto& x : args) shapes.push_back(x->shape);
  Shape shape = broadcast_shapes_np(shapes);
  bool all_same = true;
  for (auto& x : args) all_same &= x->shape == shape;
  if (all_same) return args;
  std::vector<ArrayPtr> out;
  for (auto& x : args) out.push_back(broadcast_to(x, shape, false));
  return out;
}


ArrayPtr contiguous_ndmin1(const ArrayPtr& a, char order) {
  ArrayPtr x = a;
  if (order == 'F' ? !x->f_contiguous() : !x->c_contiguous()) x = copy_array(*x, order);
  if (x->ndim() == 0) x = make_view(x, x->dtype, {1}, {x->itemsize()}, x->offset);
  return x;
}


Array broadcast_layout(const Array& a, const Shape& target) {
  Array v = a;
  v.strides = broadcast_strides(a.shape, a.strides, target);
  v.shape = target;
  return v;
}

// ---------------------------------------------------------------- record views

namespace {
std::string names_list(const Descr& d) {
  std::string r;
  for (const Field& f : d.fields) r += (r.empty() ? "" : ", ") + f.name;
  return r;
}
}  // namespace

ArrayPtr field_view(const ArrayPtr& a, const std::string& fname) {
  const Field* f = a->descr && a->descr->structured() ? a->descr->field(fname) : nullptr;
  if (!f) value_error("no field of name " + fname);
  DTypeFull t = f->type;
  Shape shape = a->shape;
  Strides strides = a->strides;
  if (t.descr && t.descr->base) {  // subarray field: its axes follow the array's, C-contiguous inside the record
    const Descr& sub = *t.descr;
    t = *sub.base;
    int64_t st = t.itemsize() * shape_size(sub.sub_shape);
    for (int64_t n : sub.sub_shape) {
      st /= n ? n : 1;
      shape.push_back(n);
      strides.push_back(st);
    }
  }
  ArrayPtr v = make_view(a, t.dt, std::move(shape), std::move(strides), a->offset + f->offset, t.descr);
  return explained(v, *a, "field-view", Verdict::View,
                   {fact("field", fname), byte_fact("fieldOffset", f->offset), byte_fact("recordSize", a->itemsize()),
                    fact("dtype", dtype_str(t))});
}

ArrayPtr fields_view(const ArrayPtr& a, const std::vector<std::string>& names) {
  if (!a->descr || !a->descr->structured()) index_error("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices");
  std::vector<FieldSpec> specs;
  std::vector<int64_t> offsets;
  for (const std::string& n : names) {
    const Field* f = a->descr->field(n);
    if (!f) raise("KeyError", "'" + n + "'");
    for (const FieldSpec& s : specs)
      if (s.name == n) value_error("duplicate field of name '" + n + "'");
    specs.push_back({n, f->type});
    offsets.push_back(f->offset);
  }
  auto d = std::make_shared<Descr>(*make_struct_offsets(specs, offsets, a->descr->itemsize, false));
  d->aligned = a->descr->aligned;
  d->alignment = a->descr->alignment;
  d->itemsize = a->descr->itemsize;
  ArrayPtr v = make_view(a, DType::Void, a->shape, a->strides, a->offset, d);
  return explained(v, *a, "fields-view", Verdict::View,
                   {fact("fields", names_list(*d)), byte_fact("recordSize", a->itemsize())});
}

}  // namespace sl
