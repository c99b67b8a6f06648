// index: advanced indexing, take, put, nonzero (see index.hpp and
// Note [Fancy index result layout]).
#include "core/ops/index.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/model/explain.hpp"
#include "core/model/iter.hpp"
#include "core/ops/copy.hpp"
#include "core/model/overlap.hpp"
#include "core/model/strides.hpp"

namespace sl {

namespace {

// mapping.c: check_and_adjust_index (PyTorch's message says "dimension").
inline void check_and_adjust_index(int64_t& i, int64_t n, int axis, bool torch = false) {
  if (i < -n || i >= n)
    index_error("index " + std::to_string(i) + " is out of bounds for " + (torch ? "dimension " : "axis ") +
                std::to_string(axis) + " with size " + std::to_string(n));
  if (i < 0) i += n;
}

// Copies one item of `isz` bytes; the common sizes compile to single moves.
inline void copy_item(char* d, const char* s, int isz) {
  switch (isz) {
    case 1: *d = *s; break;
    case 2: std::memcpy(d, s, 2); break;
    case 4: std::memcpy(d, s, 4); break;
    case 8: std::memcpy(d, s, 8); break;
    case 16: std::memcpy(d, s, 16); break;
    default: std::memcpy(d, s, size_t(isz));
  }
}

// A subspace block copy: the coalesced layout of S for (dst, src) computed
// once, then run for every position of the broadcast index space.
struct BlockCopy {
  StridedLayout<2> L;
  int isz;
  BlockCopy(const Shape& shape, const Strides& dst, const Strides& src, int itemsize)
      : L(coalesce<2>(shape, {&dst, &src})), isz(itemsize) {}
  void operator()(char* d, const char* s) const {
    if (L.empty) return;
    const int nd = int(L.shape.size());
    if (nd == 0) {
      copy_item(d, s, isz);
      return;
    }
    const int64_t n = L.shape[nd - 1], ds = L.strides[0][nd - 1], ss = L.strides[1][nd - 1];
    if (nd == 1) {
      if (ds == isz && ss == isz) {
        std::memmove(d, s, size_t(n * isz));  // the value may be a view of the destination
        return;
      }
      for (int64_t k = 0; k < n; ++k) copy_item(d + k * ds, s + k * ss, isz);
      return;
    }
    std::vector<int64_t> idx(nd - 1, 0);
    for (;;) {
      for (int64_t k = 0; k < n; ++k) copy_item(d + k * ds, s + k * ss, isz);
      int j = nd - 2;
      for (; j >= 0; --j) {
        if (++idx[j] < L.shape[j]) {
          d += L.strides[0][j];
          s += L.strides[1][j];
          break;
        }
        d -= (L.shape[j] - 1) * L.strides[0][j];
        s -= (L.shape[j] - 1) * L.strides[1][j];
        idx[j] = 0;
      }
      if (j < 0) return;
    }
  }
};

// Walks the broadcast index space B in C order. For each position calls
// f(view_offset, other_offset): the byte offset (from view->data()) selected
// by the index arrays, and the offset of the same position in another array
// whose B axes have strides `other_bstrides`.
// `order` (optional) lists the B axes outermost first: the walk follows it,
// as NumPy's outer nditer follows the operands' memory order.
template <class F>
void for_each_fancy(const Array& view, const std::vector<int>& fancy_axes, const std::vector<ArrayPtr>& index,
                    const Shape& bshape_in, const Strides& other_in, F&& f, const std::vector<int>* order = nullptr) {
  int64_t total = 1;
  for (int64_t d : bshape_in) total *= d;
  if (total == 0) return;
  const size_t K = index.size();
  const int nd = int(bshape_in.size());
  std::vector<int> perm(nd);
  for (int j = 0; j < nd; ++j) perm[j] = order ? (*order)[j] : j;
  Shape bshape(nd);
  Strides other_bstrides(nd);
  for (int j = 0; j < nd; ++j) {
    bshape[j] = bshape_in[perm[j]];
    other_bstrides[j] = other_in[perm[j]];
  }
  // Element strides of every index array broadcast to B (in walk order).
  std::vector<Strides> ist(K);
  std::vector<const int64_t*> p(K);
  std::vector<int64_t> axis_stride(K);
  for (size_t k = 0; k < K; ++k) {
    Strides bst = broadcast_strides(index[k]->shape, index[k]->strides, bshape_in);
    ist[k].resize(nd);
    for (int j = 0; j < nd; ++j) ist[k][j] = bst[perm[j]] / 8;
    p[k] = reinterpret_cast<const int64_t*>(index[k]->data());
    axis_stride[k] = view.strides[fancy_axes[k]];
  }
  std::vector<int64_t> ctr(nd, 0);
  int64_t other = 0;
  for (int64_t n = 0; n < total; ++n) {
    int64_t off = 0;
    for (size_t k = 0; k < K; ++k) off += *p[k] * axis_stride[k];
    f(off, other);
    for (int j = nd - 1; j >= 0; --j) {
      if (++ctr[j] < bshape[j]) {
        for (size_t k = 0; k < K; ++k) p[k] += ist[k][j];
        other += other_bstrides[j];
        break;
      }
      for (size_t k = 0; k < K; ++k) p[k] -= (bshape[j] - 1) * ist[k][j];
      other -= (bshape[j] - 1) * other_bstrides[j];
      ctr[j] = 0;
    }
  }
}

// Gathers view[index arrays] into dst, an array of shape B + S (any strides).
void gather(const Array& view, const std::vector<int>& fancy_axes, const std::vector<ArrayPtr>& index,
            const Shape& bshape, const Shape& sub_shape, const Strides& sub_strides, const Array& dst) {
  const size_t nb = bshape.size();
  Strides dst_b(dst.strides.begin(), dst.strides.begin() + long(nb));
  Strides dst_s(dst.strides.begin() + long(nb), dst.strides.end());
  BlockCopy block(sub_shape, dst_s, sub_strides, view.itemsize());
  const char* src = view.data();
  char* d0 = dst.data();
  for_each_fancy(view, fancy_axes, index, bshape, dst_b,
                 [&](int64_t off, int64_t doff) { block(d0 + doff, src + off); });
}

// Scatters src (shape B + S, same dtype as view) into view[index arrays],
// walking B in `order` (outermost first): with repeated indices the last
// write wins, and a value overlapping the destination is read as it changes.
void scatter(const Array& view, const std::vector<int>& fancy_axes, const std::vector<ArrayPtr>& index,
             const Shape& bshape, const Shape& sub_shape, const Strides& sub_strides, const Array& src,
             const std::vector<int>& order) {
  const size_t nb = bshape.size();
  Strides src_b(src.strides.begin(), src.strides.begin() + long(nb));
  Strides src_s(src.strides.begin() + long(nb), src.strides.end());
  BlockCopy block(sub_shape, sub_strides, src_s, view.itemsize());
  char* dst = view.data();
  const char* s0 = src.data();
  for_each_fancy(
      view, fancy_axes, index, bshape, src_b, [&](int64_t off, int64_t soff) { block(dst + off, s0 + soff); },
      &order);
}

// The permutation taking the B + S order to the result order (B moved to
// position `consec` of S): result axis r is B+S axis perm[r].
std::vector<int64_t> result_perm(size_t nb, size_t ns, int consec) {
  std::vector<int64_t> perm;
  for (int k = 0; k < consec; ++k) perm.push_back(int64_t(nb) + k);
  for (size_t k = 0; k < nb; ++k) perm.push_back(int64_t(k));
  for (size_t k = size_t(consec); k < ns; ++k) perm.push_back(int64_t(nb + k));
  return perm;
}

// "[2, 3]", as ATen prints sizes in messages.
std::string shape_list(const Shape& s) {
  std::string r = "[";
  for (size_t k = 0; k < s.size(); ++k) r += (k ? ", " : "") + std::to_string(s[k]);
  return r + "]";
}

// One axis of a boolean index against the axis it covers: NumPy skips length-0
// mask axes (prepare_index: value > 0); PyTorch checks every axis
// (index_utils invalid_mask) and names both shapes.
// For a tensor, `sliced` is the shape after the index's basic items (PyTorch
// applies them first, applySlicing) and `sdim` the mask axis's place in it.
void check_mask_dim(const Array& a, const Array& mask, int j, int dim, const Shape& sliced, int sdim) {
  if (a.is_torch() && mask.shape[j] != a.shape[dim])
    index_error("The shape of the mask " + shape_list(mask.shape) + " at index " + std::to_string(j) +
                " does not match the shape of the indexed tensor " + shape_list(sliced) + " at index " +
                std::to_string(sdim));
  if (mask.shape[j] > 0 && mask.shape[j] != a.shape[dim])
    index_error("boolean index did not match indexed array along axis " + std::to_string(dim) + "; size of axis is " +
                std::to_string(a.shape[dim]) + " but size of corresponding boolean axis is " +
                std::to_string(mask.shape[j]));
}

ArrayPtr int64_copy(const Array& a) { return copy_as(a, DType::I64, 'C'); }

// Bounds-checks and normalises every entry of a C-contiguous int64 array.
void normalise_indices(Array& idx, int64_t n, int axis, bool torch) {
  int64_t* p = reinterpret_cast<int64_t*>(idx.data());
  int64_t count = idx.size();
  for (int64_t k = 0; k < count; ++k) check_and_adjust_index(p[k], n, axis, torch);
}

}  // namespace

int64_t count_nonzero(const Array& a) {
  int64_t count = 0;
  std::array<char*, 1> base{a.data()};
  std::array<const Strides*, 1> st{&a.strides};
  visit_dtype(a.dtype, [&](auto t) {
    using T = decltype(t);
    for_each_strided<1>(a.shape, base, st, [&](std::array<char*, 1>& p, const std::array<int64_t, 1>& s, int64_t n) {
      const char* q = p[0];
      for (int64_t k = 0; k < n; ++k, q += s[0]) count += cast_value<bool>(load<T>(q));
    });
  });
  return count;
}

// PyArray_Nonzero: count, then fill a (count, ndim) array of coordinates in C
// order; each returned array is a strided view of one of its columns.
std::vector<ArrayPtr> nonzero(const Array& a) {
  const int nd = a.ndim();
  int64_t count = count_nonzero(a);
  ArrayPtr coords = make_array(DType::I64, {count, nd}, 'C', a.is_torch() ? Flavor::Torch : Flavor::NumPy);
  int64_t* dst = reinterpret_cast<int64_t*>(coords->data());
  std::vector<ArrayPtr> out;
  for (int k = 0; k < nd; ++k) out.push_back(make_view(coords, DType::I64, {count}, {int64_t(8) * nd}, 8 * k));
  if (count == 0 || nd == 0) return out;
  std::vector<int64_t> idx(nd, 0);
  int64_t off = a.offset, w = 0;
  const char* base = a.storage->data();
  visit_dtype(a.dtype, [&](auto t) {
    using T = decltype(t);
    for (;;) {
      if (cast_value<bool>(load<T>(base + off))) {
        for (int k = 0; k < nd; ++k) dst[w * nd + k] = idx[k];
        if (++w == count) return;
      }
      int j = nd - 1;
      for (; j >= 0; --j) {
        if (++idx[j] < a.shape[j]) {
          off += a.strides[j];
          break;
        }
        off -= (a.shape[j] - 1) * a.strides[j];
        idx[j] = 0;
      }
      if (j < 0) return;
    }
  });
  return out;
}

void check_fancy_bounds(FancyPlan& p) {
  // PyArray_MapIterCheckIndices: each index array in turn, in C order --
  // unless the result is empty ("All indices got broadcast away, do *not*
  // check as it always was"; NumPy 1.24 only warns).
  int64_t size = 1;
  for (int64_t d : p.result_shape) size *= d;
  if (size == 0) return;
  for (size_t k = 0; k < p.index.size(); ++k)
    // PyTorch's index kernel names the index tensor's position among them
    normalise_indices(*p.index[k], p.view->shape[p.fancy_axes[k]], p.view->is_torch() ? int(k) : p.orig_axes[k],
                      p.view->is_torch());
}

namespace {

using FancyKind = FancyIndexItem::Kind;

// prepare_index: the number of array axes the index uses; more than ndim, or
// a second ellipsis, is an IndexError.
int count_used_axes(int ndim, const std::vector<FancyIndexItem>& idx) {
  using K = FancyKind;
  int used = 0, ellipses = 0;
  for (const auto& it : idx) {
    if (it.kind == K::Basic) {
      if (it.basic.kind == IndexItem::Int || it.basic.kind == IndexItem::Slice) ++used;
      if (it.basic.kind == IndexItem::Ellipsis && ++ellipses > 1)
        index_error("an index can only have a single ellipsis ('...')");
    } else if (it.kind == K::IntArray) {
      ++used;
    } else if (it.kind == K::BoolArray) {
      used += it.arr->ndim();
    }
  }
  if (used > ndim)
    index_error("too many indices for array: array is " + std::to_string(ndim) + "-dimensional, but " +
                std::to_string(used) + " were indexed");
  return used;
}

// Boolean arrays must match the axes they index exactly.
void check_bool_extents(const ArrayPtr& a, const std::vector<FancyIndexItem>& idx, int ellipsis_width) {
  using K = FancyKind;
  int dim = 0, sdim = 0;
  Shape sliced = a->shape;
  for (const auto& it : idx) {
    if (it.kind == K::BoolArray) {
      for (int j = 0; j < it.arr->ndim(); ++j, ++dim, ++sdim) check_mask_dim(*a, *it.arr, j, dim, sliced, sdim);
    } else if (it.kind == K::IntArray) {
      ++dim;
      ++sdim;
    } else if (it.kind == K::Basic) {
      const IndexItem& b = it.basic;
      if (b.kind == IndexItem::Int && size_t(sdim) < sliced.size()) {
        sliced.erase(sliced.begin() + sdim);
        ++dim;
      } else if (b.kind == IndexItem::Slice && dim < a->ndim()) {
        sliced[size_t(sdim)] = slice_range(b, a->shape[size_t(dim)]).count;
        ++dim;
        ++sdim;
      } else if (b.kind == IndexItem::NewAxis) {
        sliced.insert(sliced.begin() + sdim, 1);
        ++sdim;
      } else if (b.kind == IndexItem::Ellipsis) {
        dim += ellipsis_width;
        sdim += ellipsis_width;
      }
    }
  }
}

// get_view_from_index: the basic part of the index as a view whose
// array-indexed axes stay in place (their positions, source axes, int64
// index arrays and shapes are recorded in p / fancy_shapes).
// mapiter_fill_info: `consec` is the result position of the first array or
// integer index if all of them are adjacent, else 0.
ArrayPtr fancy_base_view(const ArrayPtr& a, const std::vector<FancyIndexItem>& idx, int ellipsis_width, FancyPlan& p,
                         Shape& shape, Strides& strides, std::vector<Shape>& fancy_shapes) {
  using K = FancyKind;
  const int ndim = a->ndim();
  int64_t offset = a->offset;
  int dim = 0, result_dim = 0, consec_status = -1;
  auto mark_fancy = [&]() {
    if (consec_status == -1) {
      p.consec = result_dim;
      consec_status = 0;
    } else if (consec_status == 1) {
      consec_status = 2;
      p.consec = 0;
    }
  };
  auto mark_plain = [&]() {
    if (consec_status == 0) consec_status = 1;
  };
  for (const auto& it : idx) {
    switch (it.kind) {
      case K::Basic:
        switch (it.basic.kind) {
          case IndexItem::Int: {
            mark_fancy();
            int64_t i = it.basic.i;
            check_and_adjust_index(i, a->shape[dim], dim, a->is_torch());
            offset += i * a->strides[dim];
            ++dim;
            break;
          }
          case IndexItem::Slice: {
            mark_plain();
            SliceRange r = slice_range(it.basic, a->shape[dim]);
            if (r.count > 0) offset += r.start * a->strides[dim];
            shape.push_back(r.count);
            strides.push_back((r.count > 0 ? r.step : 1) * a->strides[dim]);
            ++dim;
            ++result_dim;
            break;
          }
          case IndexItem::NewAxis:
            mark_plain();
            shape.push_back(1);
            strides.push_back(0);
            ++result_dim;
            break;
          case IndexItem::Ellipsis:
            mark_plain();
            for (int k = 0; k < ellipsis_width; ++k, ++dim) {
              shape.push_back(a->shape[dim]);
              strides.push_back(a->strides[dim]);
            }
            result_dim += ellipsis_width;
            break;
        }
        break;
      case K::IntArray:
        mark_fancy();
        p.fancy_axes.push_back(int(shape.size()));
        p.orig_axes.push_back(dim);
        p.index.push_back(int64_copy(*it.arr));
        p.index_strides.push_back(it.arr->strides);
        fancy_shapes.push_back(it.arr->shape);
        shape.push_back(a->shape[dim]);
        strides.push_back(a->strides[dim]);
        ++dim;
        break;
      case K::BoolArray: {
        mark_fancy();
        std::vector<ArrayPtr> nz = nonzero(*it.arr);
        for (auto& z : nz) {
          p.fancy_axes.push_back(int(shape.size()));
          p.orig_axes.push_back(dim);
          fancy_shapes.push_back(z->shape);
          p.index.push_back(int64_copy(*z));
          p.index_strides.push_back(z->strides);
          shape.push_back(a->shape[dim]);
          strides.push_back(a->strides[dim]);
          ++dim;
        }
        break;
      }
      case K::Bool0d: {
        // A new axis of length 1 indexed by zeros((1,)) (True) or zeros((0,)) (False).
        mark_fancy();
        p.fancy_axes.push_back(int(shape.size()));
        p.orig_axes.push_back(-1);
        ArrayPtr z = make_array(DType::I64, {it.value ? 1 : 0});
        fancy_shapes.push_back(z->shape);
        p.index.push_back(z);
        p.index_strides.push_back({8});
        shape.push_back(1);
        strides.push_back(0);
        break;
      }
    }
  }
  for (; dim < ndim; ++dim) {  // implicit trailing ellipsis
    shape.push_back(a->shape[dim]);
    strides.push_back(a->strides[dim]);
  }
  return make_view(a, a->dtype, shape, strides, offset);

}

}  // namespace

FancyPlan plan_fancy_index(const ArrayPtr& a, const std::vector<FancyIndexItem>& idx, bool check_bounds) {
  using K = FancyIndexItem::Kind;
  const int ndim = a->ndim();
  const int ellipsis_width = ndim - count_used_axes(ndim, idx);
  FancyPlan p;
  // HAS_BOOL: a single boolean index of exactly the array's shape.
  p.single_bool = idx.size() == 1 && ((idx[0].kind == K::BoolArray && idx[0].arr->shape == a->shape) ||
                                      (idx[0].kind == K::Bool0d && ndim == 0));
  check_bool_extents(a, idx, ellipsis_width);
  Shape shape;
  Strides strides;
  std::vector<Shape> fancy_shapes;
  p.view = fancy_base_view(a, idx, ellipsis_width, p, shape, strides, fancy_shapes);

  // Broadcast the index arrays.
  if (!try_broadcast_shapes(fancy_shapes, p.bshape)) {
    std::string msg = "shape mismatch: indexing arrays could not be broadcast together with shapes ";
    for (const auto& s : fancy_shapes) msg += shape_compact(s) + " ";
    index_error(msg);
  }
  if (p.bshape.size() + shape.size() - p.fancy_axes.size() > size_t(kMaxDims))
    index_error("number of dimensions must be within [0, " + std::to_string(kMaxDims) +
                "], indexing result would have " + std::to_string(p.bshape.size() + shape.size() - p.fancy_axes.size()));

  // The subspace and the result shape.
  std::vector<bool> is_fancy(shape.size(), false);
  for (int ax : p.fancy_axes) is_fancy[ax] = true;
  for (size_t k = 0; k < shape.size(); ++k) {
    if (is_fancy[k]) continue;
    p.sub_shape.push_back(shape[k]);
    p.sub_strides.push_back(strides[k]);
  }
  p.result_shape.assign(p.sub_shape.begin(), p.sub_shape.begin() + p.consec);
  p.result_shape.insert(p.result_shape.end(), p.bshape.begin(), p.bshape.end());
  p.result_shape.insert(p.result_shape.end(), p.sub_shape.begin() + p.consec, p.sub_shape.end());
  if (check_bounds) check_fancy_bounds(p);
  return p;
}

namespace {

// The layout NumPy gives the B + S array (see index.hpp).
Strides fancy_result_strides(const FancyPlan& p, const Shape& tshape, int isz) {
  const size_t nb = p.bshape.size(), ns = p.sub_shape.size();
  int64_t sub_size = 1;
  for (int64_t d : p.sub_shape) sub_size *= d;
  std::vector<int> perm;
  if (sub_size == 1) {
    std::vector<Strides> ops;
    for (size_t k = 0; k < p.index.size(); ++k) {
      Strides bst(nb, 0);
      const Shape& ishape = p.index[k]->shape;
      size_t off = nb - ishape.size();
      for (size_t j = 0; j < ishape.size(); ++j) bst[off + j] = ishape[j] == 1 ? 0 : p.index_strides[k][j];
      bst.resize(nb + ns, 0);
      ops.push_back(std::move(bst));
    }
    perm = nditer_axis_order(tshape, ops);
  } else {
    for (size_t k = 0; k < nb; ++k) perm.push_back(int(k));
    std::vector<int> sp(ns);
    for (size_t k = 0; k < ns; ++k) sp[k] = int(k);
    std::stable_sort(sp.begin(), sp.end(), [&](int x, int y) {
      int64_t sx = p.sub_strides[x] < 0 ? -p.sub_strides[x] : p.sub_strides[x];
      int64_t sy = p.sub_strides[y] < 0 ? -p.sub_strides[y] : p.sub_strides[y];
      return sx > sy;
    });
    for (int k : sp) perm.push_back(int(nb) + k);
  }
  return strides_for_perm(tshape, perm, isz);
}

}  // namespace

namespace {
// Rule "advanced-index": which index component made a[idx] advanced (a copy).
ArrayPtr explain_advanced_index(ArrayPtr out, const Array& in, const std::vector<FancyIndexItem>& idx) {
  for (size_t k = 0; k < idx.size(); ++k) {
    const FancyIndexItem& it = idx[k];
    if (it.kind == FancyIndexItem::Basic) continue;
    const char* kind = it.kind == FancyIndexItem::IntArray    ? "int-array"
                       : it.kind == FancyIndexItem::BoolArray ? "bool-array"
                                                              : "bool-scalar";
    std::vector<ExplainFact> facts{fact("component", int64_t(k)), fact("componentKind", std::string(kind))};
    if (it.arr) facts.push_back(fact("indexShape", it.arr->shape));
    return explained(std::move(out), in, "advanced-index", Verdict::Copy, std::move(facts));
  }
  return out;
}
}  // namespace

ArrayPtr fancy_getitem(const ArrayPtr& a, const std::vector<FancyIndexItem>& idx) {
  FancyPlan p = plan_fancy_index(a, idx);
  const Flavor fl = a->is_torch() ? Flavor::Torch : Flavor::NumPy;
  Shape tshape = p.bshape;
  tshape.insert(tshape.end(), p.sub_shape.begin(), p.sub_shape.end());
  ArrayPtr tmp = make_array(a->dtype, a->descr, tshape, 'C', fl);
  if (!a->is_torch()) tmp->strides = fancy_result_strides(p, tshape, a->itemsize());
  gather(*p.view, p.fancy_axes, p.index, p.bshape, p.sub_shape, p.sub_strides, *tmp);
  if (p.consec == 0) return explain_advanced_index(tmp, *a, idx);
  // PyArray_MapIterSwapAxes: the result is a transposed view of tmp.
  std::vector<int64_t> perm = result_perm(p.bshape.size(), p.sub_shape.size(), p.consec);
  ArrayPtr r = transpose(tmp, perm);
  if (a->is_torch()) r = copy_array(*r, 'C');  // PyTorch returns contiguous results
  return explain_advanced_index(r, *a, idx);
}

void fancy_setitem(const ArrayPtr& a, const std::vector<FancyIndexItem>& idx_in, const ArrayPtr& value_in) {
  // NumPy 2 (array_assign_subscript) copies a value or an index array that
  // may share memory with the destination (bounded check, max_work 1: "too
  // hard" counts as shared) before it writes, so `a[[1, 2, 3]] = a[:3]`
  // reads the old values (NumPy 1.24 read such a value live). PyTorch's
  // index_put_ refuses a value that partially overlaps the tensor instead.
  ArrayPtr value = value_in;
  std::vector<FancyIndexItem> idx = idx_in;
  if (a->is_torch()) {
    torch_assert_no_partial_overlap(*a, *value);
  } else {
    if (solve_may_share_memory(*a, *value, 1) != MemOverlap::No) value = copy_array(*value, 'A');
    for (FancyIndexItem& it : idx)
      if (it.arr && solve_may_share_memory(*a, *it.arr, 1) != MemOverlap::No) it.arr = copy_array(*it.arr, 'A');
  }
  FancyPlan p = plan_fancy_index(a, idx, false);
  if (p.single_bool) {
    // array_assign_boolean_subscript: the value is 0-d or 1-d; a 1-d value of
    // length != 1 supplies one element per True, in C order.
    const Array& v = *value;
    if (v.ndim() > 1)
      type_error("NumPy boolean array indexing assignment requires a 0 or 1-dimensional input, input has " +
                 std::to_string(v.ndim()) + " dimensions");
    int64_t count = p.index[0]->size();  // nonzero() of the mask (zeros((1,)) / zeros((0,)) for 0-d)
    if (v.ndim() == 1 && v.shape[0] != 1 && v.shape[0] != count)
      value_error("NumPy boolean array indexing assignment cannot assign " + std::to_string(v.shape[0]) +
                  " input values to the " + std::to_string(count) + " output values where the mask is true");
  }
  // Broadcast the value to the result shape. A value with more dimensions is
  // first reshaped to its last result.ndim dimensions when the sizes allow
  // (mapiter's PyArray_Newshape: leading length-1 axes, or an empty value).
  ArrayPtr v = value;
  const size_t rnd = p.result_shape.size();
  if (v->shape.size() > rnd) {
    Shape tail(v->shape.end() - long(rnd), v->shape.end());
    int64_t tail_size = 1;
    for (int64_t d : tail) tail_size *= d;
    if (tail_size != v->size())
      value_error("shape mismatch: value array of shape " + shape_compact(v->shape) +
                  " could not be broadcast to indexing result of shape " + shape_compact(p.result_shape));
    v = reshape(v, tail);
  }
  Shape b;
  if (!try_broadcast_shapes({v->shape, p.result_shape}, b) || b != p.result_shape)
    value_error("shape mismatch: value array of shape " + shape_compact(value->shape) +
                " could not be broadcast to indexing result of shape " + shape_compact(p.result_shape));
  check_fancy_bounds(p);
  Array bv = *v;
  bv.strides = broadcast_strides(v->shape, v->strides, p.result_shape);
  bv.shape = p.result_shape;
  // Back to B + S order (the inverse of the result transposition).
  if (p.consec != 0) {
    std::vector<int64_t> perm = result_perm(p.bshape.size(), p.sub_shape.size(), p.consec);
    Array t = bv;
    for (size_t r = 0; r < perm.size(); ++r) {
      t.shape[size_t(perm[r])] = bv.shape[r];
      t.strides[size_t(perm[r])] = bv.strides[r];
    }
    bv = t;
  }
  // The value no longer overlaps the destination (copied above), so it is
  // read in place unless it must be cast or feeds the single-boolean path.
  const size_t nb = p.bshape.size();
  int64_t sub_size = 1;
  for (int64_t d : p.sub_shape) sub_size *= d;
  // The outer walk's order: the nditer order of the index arrays, and of the
  // value when it joins the outer iterator (trivial subspace).
  std::vector<Strides> ops;
  for (size_t k = 0; k < p.index.size(); ++k) {
    Strides bst(nb, 0);
    const Shape& ishape = p.index[k]->shape;
    size_t off = nb - ishape.size();
    for (size_t j = 0; j < ishape.size(); ++j) bst[off + j] = ishape[j] == 1 ? 0 : p.index_strides[k][j];
    ops.push_back(std::move(bst));
  }
  Strides vb(bv.strides.begin(), bv.strides.begin() + long(nb));
  if (sub_size == 1) ops.push_back(vb);
  std::vector<int> order = nditer_axis_order(p.bshape, ops);
  // A flexible value of another descriptor ('U3' into 'U5') is cast too.
  bool buffered = p.single_bool || bv.dtype != a->dtype || bv.descr != a->descr;
  ArrayPtr src;
  if (buffered) src = copy_as(bv, a->dtype, a->descr, 'C');
  scatter(*p.view, p.fancy_axes, p.index, p.bshape, p.sub_shape, p.sub_strides, src ? *src : bv, order);
}

ArrayPtr take(const ArrayPtr& a, const Array& indices, int axis, char mode) {
  const int64_t n = a->shape[axis];
  ArrayPtr ind = int64_copy(indices);
  int64_t* q = reinterpret_cast<int64_t*>(ind->data());
  const int64_t cnt = ind->size();
  if (n == 0 && cnt > 0) index_error("cannot do a non-empty take from an empty axes.");
  for (int64_t k = 0; k < cnt; ++k) {
    if (mode == 'w') {
      q[k] %= n;
      if (q[k] < 0) q[k] += n;
    } else if (mode == 'c') {
      q[k] = q[k] < 0 ? 0 : q[k] >= n ? n - 1 : q[k];
    } else {
      check_and_adjust_index(q[k], n, axis);
    }
  }
  Shape rshape(a->shape.begin(), a->shape.begin() + axis);
  rshape.insert(rshape.end(), ind->shape.begin(), ind->shape.end());
  rshape.insert(rshape.end(), a->shape.begin() + axis + 1, a->shape.end());
  ArrayPtr out = make_array(a->dtype, a->descr, rshape, 'C', a->is_torch() ? Flavor::Torch : Flavor::NumPy);
  // Gather with B = indices.shape, S = the other axes; write into out viewed
  // in B + S order.
  Shape sub_shape;
  Strides sub_strides;
  for (int k = 0; k < a->ndim(); ++k) {
    if (k == axis) continue;
    sub_shape.push_back(a->shape[k]);
    sub_strides.push_back(a->strides[k]);
  }
  const size_t nb = ind->shape.size();
  Array dst = *out;
  dst.shape.clear();
  dst.strides.clear();
  Strides ostr = out->strides;
  if (out->size() == 0) ostr = default_strides(rshape, out->itemsize(), 'C');
  for (size_t k = 0; k < nb; ++k) {
    dst.shape.push_back(rshape[size_t(axis) + k]);
    dst.strides.push_back(ostr[size_t(axis) + k]);
  }
  for (size_t k = 0; k < rshape.size(); ++k) {
    if (k >= size_t(axis) && k < size_t(axis) + nb) continue;
    dst.shape.push_back(rshape[k]);
    dst.strides.push_back(ostr[k]);
  }
  gather(*a, {axis}, {ind}, ind->shape, sub_shape, sub_strides, dst);
  return out;
}

void put(const ArrayPtr& a, const Array& indices, const Array& values, char mode) {
  const int64_t n = a->size();
  ArrayPtr ind = int64_copy(indices);
  const int64_t cnt = ind->size();
  if (cnt == 0) return;
  if (n == 0) index_error("cannot replace elements of an empty array");
  ArrayPtr vals = copy_as(values, a->dtype, a->descr, 'C');
  const int64_t nv = vals->size();
  if (nv == 0) return;
  int64_t* q = reinterpret_cast<int64_t*>(ind->data());
  const int isz = a->itemsize();
  for (int64_t k = 0; k < cnt; ++k) {
    int64_t i = q[k];
    if (mode == 'w') {
      i %= n;
      if (i < 0) i += n;
    } else if (mode == 'c') {
      i = i < 0 ? 0 : i >= n ? n - 1 : i;
    } else {
      check_and_adjust_index(i, n, 0);
    }
    // flat index i -> element of a in C order of its logical index
    int64_t off = a->offset, rem = i;
    for (int d = a->ndim() - 1; d >= 0; --d) {
      off += (rem % a->shape[d]) * a->strides[d];
      rem /= a->shape[d];
    }
    copy_item(a->storage->data() + off, vals->data() + (k % nv) * isz, isz);
  }
}

}  // namespace sl
