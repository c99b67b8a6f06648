// sort: ports of NumPy's npysort quicksort / heapsort (see sort.hpp).
#include "core/ops/sort.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "core/model/descr.hpp"
#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/text/flexible.hpp"

namespace sl {

namespace {

// npysort_common.h: the "less" of every type. NaNs compare greater than
// everything else, so they gather at the end.
template <class T>
struct Less {
  static bool less(const T& a, const T& b) {
    if constexpr (std::is_same_v<T, half>) {
      float x = float(a), y = float(b);
      return x < y || (y != y && x == x);
    } else if constexpr (std::is_floating_point_v<T>) {
      return a < b || (b != b && a == a);
    } else if constexpr (is_complex_t<T>::value) {
      auto ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
      if (ar < br) return ai == ai || bi != bi;
      if (ar > br) return bi != bi && ai == ai;
      if (ar == br || (ar != ar && br != br)) return ai < bi || (bi != bi && ai == ai);
      return br != br;
    } else {
      return a < b;
    }
  }
};

// A flexible element as a sort value: its address and the comparison key of
// its dtype (Note [Flexible dtypes]). The algorithms below move these refs;
// the bytes are moved once the order is known.
struct ElemKey {
  struct Leaf {
    int64_t offset;
    DTypeFull type;
  };
  std::vector<Leaf> leaves;  // compared in this order
};
struct ElemRef {
  const char* p = nullptr;
  const ElemKey* key = nullptr;
};

int compare_leaf(const ElemKey::Leaf& l, const char* a, const char* b) {
  a += l.offset;
  b += l.offset;
  if (l.type.descr && l.type.descr->kind != DType::Void) return compare_str(*l.type.descr, a, *l.type.descr, b);
  if (l.type.descr) return std::memcmp(a, b, size_t(l.type.itemsize()));
  return visit_dtype(l.type.dt, [&](auto t) {
    using T = std::conditional_t<std::is_same_v<decltype(t), bool>, uint8_t, decltype(t)>;
    const T x = load<T>(a), y = load<T>(b);
    return Less<T>::less(x, y) ? -1 : Less<T>::less(y, x) ? 1 : 0;
  });
}

template <>
struct Less<ElemRef> {
  static bool less(const ElemRef& a, const ElemRef& b) {
    for (const ElemKey::Leaf& l : a.key->leaves) {
      int c = compare_leaf(l, a.p, b.p);
      if (c) return c < 0;
    }
    return false;
  }
};

void add_leaves(ElemKey& k, const DTypeFull& t, int64_t offset) {
  if (t.descr && t.descr->structured()) {
    for (const Field& f : t.descr->fields) add_leaves(k, f.type, offset + f.offset);
    return;
  }
  k.leaves.push_back({offset, t});
}

ElemKey elem_key(const Array& a, const std::vector<std::string>& order) {
  ElemKey k;
  const DTypeFull t{a.dtype, a.descr};
  if (!order.empty()) {
    if (!a.descr || !a.descr->structured()) value_error("Cannot specify order when the array has no fields.");
    std::vector<std::string> done;
    for (const std::string& n : order) {
      const Field* f = a.descr->field(n);
      if (!f) value_error("no field of name " + n);
      add_leaves(k, f->type, f->offset);
      done.push_back(n);
    }
    for (const Field& f : a.descr->fields)
      if (std::find(done.begin(), done.end(), f.name) == done.end()) add_leaves(k, f.type, f.offset);
    return k;
  }
  add_leaves(k, t, 0);
  return k;
}

constexpr int64_t kSmallQuicksort = 15;  // SMALL_QUICKSORT
constexpr int kQsStack = 128;            // PYA_QS_STACK (NPY_BITSOF_INTP * 2)

// npy_get_msb: floor(log2 n).
int get_msb(uint64_t n) {
  int depth = 0;
  while (n >>= 1) ++depth;
  return depth;
}

// heapsort.cpp: heapsort_ and aheapsort_ share one shape -- build a max-heap
// over the 1-based slots start[0..n-1], then repeatedly move the root to the
// end and sift the displaced element down. `less` orders the slot contents
// (the values themselves, or for aheapsort_ the values the indices name).
template <class E, class Less_>
void heap_sort_slots(E* start, int64_t n, Less_ less) {
  auto a = [start](int64_t i) -> E& { return start[i - 1]; };
  auto sift_down = [&](E tmp, int64_t i, int64_t m) {
    for (int64_t j = i << 1; j <= m;) {
      if (j < m && less(a(j), a(j + 1))) j += 1;
      if (!less(tmp, a(j))) break;
      a(i) = a(j);
      i = j;
      j += j;
    }
    a(i) = tmp;
  };
  for (int64_t l = n >> 1; l > 0; --l) sift_down(a(l), l, n);
  while (n > 1) {
    E tmp = a(n);
    a(n) = a(1);
    n -= 1;
    sift_down(tmp, 1, n);
  }
}

template <class T>
void heapsort_(T* start, int64_t n) {
  heap_sort_slots(start, n, [](const T& x, const T& y) { return Less<T>::less(x, y); });
}

// aheapsort_: sorts the index array tosort by v[tosort].
template <class T>
void aheapsort_(const T* v, int64_t* tosort, int64_t n) {
  heap_sort_slots(tosort, n, [v](int64_t x, int64_t y) { return Less<T>::less(v[x], v[y]); });
}

// quicksort.cpp: quicksort_. Partitions of more than 16 elements are split
// around the median of (first, middle, last); the smaller side is processed
// first and the larger pushed on a stack; small partitions finish with
// insertion sort; when the depth budget 2*msb(n) is spent, heapsort.
template <class T>
void quicksort_(T* start, int64_t num) {
  T vp;
  T* pl = start;
  T* pr = pl + num - 1;
  T* stack[kQsStack];
  T** sptr = stack;
  T *pm, *pi, *pj, *pk;
  int depth[kQsStack];
  int* psdepth = depth;
  int cdepth = get_msb(uint64_t(num)) * 2;
  for (;;) {
    if (cdepth < 0) {
      heapsort_(pl, pr - pl + 1);
      goto stack_pop;
    }
    while ((pr - pl) > kSmallQuicksort) {
      pm = pl + ((pr - pl) >> 1);
      if (Less<T>::less(*pm, *pl)) std::swap(*pm, *pl);
      if (Less<T>::less(*pr, *pm)) std::swap(*pr, *pm);
      if (Less<T>::less(*pm, *pl)) std::swap(*pm, *pl);
      vp = *pm;
      pi = pl;
      pj = pr - 1;
      std::swap(*pm, *pj);
      for (;;) {
        do ++pi;
        while (Less<T>::less(*pi, vp));
        do --pj;
        while (Less<T>::less(vp, *pj));
        if (pi >= pj) break;
        std::swap(*pi, *pj);
      }
      pk = pr - 1;
      std::swap(*pi, *pk);
      if (pi - pl < pr - pi) {
        *sptr++ = pi + 1;
        *sptr++ = pr;
        pr = pi - 1;
      } else {
        *sptr++ = pl;
        *sptr++ = pi - 1;
        pl = pi + 1;
      }
      *psdepth++ = --cdepth;
    }
    for (pi = pl + 1; pi <= pr; ++pi) {  // insertion sort
      vp = *pi;
      pj = pi;
      pk = pi - 1;
      while (pj > pl && Less<T>::less(vp, *pk)) *pj-- = *pk--;
      *pj = vp;
    }
  stack_pop:
    if (sptr == stack) break;
    pr = *(--sptr);
    pl = *(--sptr);
    cdepth = *(--psdepth);
  }
}

// quicksort.cpp: aquicksort_, the same algorithm permuting indices.
template <class T>
void aquicksort_(const T* v, int64_t* tosort, int64_t num) {
  T vp;
  int64_t* pl = tosort;
  int64_t* pr = tosort + num - 1;
  int64_t* stack[kQsStack];
  int64_t** sptr = stack;
  int64_t *pm, *pi, *pj, *pk, vi;
  int depth[kQsStack];
  int* psdepth = depth;
  int cdepth = get_msb(uint64_t(num)) * 2;
  for (;;) {
    if (cdepth < 0) {
      aheapsort_(v, pl, pr - pl + 1);
      goto stack_pop;
    }
    while ((pr - pl) > kSmallQuicksort) {
      pm = pl + ((pr - pl) >> 1);
      if (Less<T>::less(v[*pm], v[*pl])) std::swap(*pm, *pl);
      if (Less<T>::less(v[*pr], v[*pm])) std::swap(*pr, *pm);
      if (Less<T>::less(v[*pm], v[*pl])) std::swap(*pm, *pl);
      vp = v[*pm];
      pi = pl;
      pj = pr - 1;
      std::swap(*pm, *pj);
      for (;;) {
        do ++pi;
        while (Less<T>::less(v[*pi], vp));
        do --pj;
        while (Less<T>::less(vp, v[*pj]));
        if (pi >= pj) break;
        std::swap(*pi, *pj);
      }
      pk = pr - 1;
      std::swap(*pi, *pk);
      if (pi - pl < pr - pi) {
        *sptr++ = pi + 1;
        *sptr++ = pr;
        pr = pi - 1;
      } else {
        *sptr++ = pl;
        *sptr++ = pi - 1;
        pl = pi + 1;
      }
      *psdepth++ = --cdepth;
    }
    for (pi = pl + 1; pi <= pr; ++pi) {
      vi = *pi;
      vp = v[vi];
      pj = pi;
      pk = pi - 1;
      while (pj > pl && Less<T>::less(vp, v[*pk])) *pj-- = *pk--;
      *pj = vi;
    }
  stack_pop:
    if (sptr == stack) break;
    pr = *(--sptr);
    pl = *(--sptr);
    cdepth = *(--psdepth);
  }
}

// The 'stable' kind: a top-down merge sort (insertion sort below 16
// elements; a merge takes the left element on ties, so equal keys keep their
// order -- any stable sort gives the same result). One small function per
// element type instead of std::stable_sort's family of helpers (about 4 KB
// of wasm per type, 55 instantiations, before this).
template <class E, class Less_>
void merge_sort_rec(E* a, E* tmp, int64_t n, Less_& less) {
  if (n <= 16) {
    for (int64_t i = 1; i < n; ++i) {
      E v = a[i];
      int64_t j = i;
      for (; j > 0 && less(v, a[j - 1]); --j) a[j] = a[j - 1];
      a[j] = v;
    }
    return;
  }
  const int64_t h = n / 2;
  merge_sort_rec(a, tmp, h, less);
  merge_sort_rec(a + h, tmp, n - h, less);
  if (!less(a[h], a[h - 1])) return;  // already in order
  std::copy(a, a + h, tmp);
  int64_t i = 0, j = h, k = 0;
  while (i < h && j < n) a[k++] = less(a[j], tmp[i]) ? a[j++] : tmp[i++];
  while (i < h) a[k++] = tmp[i++];
}

template <class E, class Less_>
void stable_sort_(E* a, int64_t n, Less_ less) {
  if (n < 2) return;
  std::vector<E> tmp(size_t(n / 2 + 1));
  merge_sort_rec(a, tmp.data(), n, less);
}

// Calls f(offset of the lane's first element) for every lane along `axis`.
template <class F>
void for_each_lane(const Array& a, int axis, F&& f) {
  for (int64_t d : a.shape)
    if (d == 0) return;
  std::vector<int> outer;
  for (int k = 0; k < a.ndim(); ++k)
    if (k != axis) outer.push_back(k);
  std::vector<int64_t> idx(outer.size(), 0);
  int64_t off = a.offset;
  for (;;) {
    f(off);
    int j = int(outer.size()) - 1;
    for (; j >= 0; --j) {
      int ax = outer[j];
      if (++idx[j] < a.shape[ax]) {
        off += a.strides[ax];
        break;
      }
      off -= (a.shape[ax] - 1) * a.strides[ax];
      idx[j] = 0;
    }
    if (j < 0) return;
  }
}

}  // namespace

SortKind parse_sort_kind(const std::string& s) {
  char c = s.empty() ? '\0' : char(std::tolower((unsigned char)s[0]));
  if (c == 'q') return SortKind::Quick;
  if (c == 'h') return SortKind::Heap;
  if (c == 'm' || c == 's') return SortKind::Stable;
  value_error("sort kind must be one of 'quick', 'heap', or 'stable' (got '" + s + "')");
}

namespace {
template <class T>
void sort_values(T* v, int64_t n, SortKind kind) {
  if (kind == SortKind::Quick) quicksort_(v, n);
  else if (kind == SortKind::Heap) heapsort_(v, n);
  else stable_sort_(v, n, [](const T& x, const T& y) { return Less<T>::less(x, y); });
}
template <class T>
void argsort_values(const T* v, int64_t* idx, int64_t n, SortKind kind) {
  if (kind == SortKind::Quick) aquicksort_(v, idx, n);
  else if (kind == SortKind::Heap) aheapsort_(v, idx, n);
  else stable_sort_(idx, n, [&](int64_t x, int64_t y) { return Less<T>::less(v[size_t(x)], v[size_t(y)]); });
}

// Text and records: the algorithms order refs; the lane's bytes are then
// rewritten in that order.
void sort_flexible(const Array& a, int axis, SortKind kind, const std::vector<std::string>& order) {
  const int64_t n = a.shape[axis], stride = a.strides[axis], isz = a.itemsize();
  const ElemKey key = elem_key(a, order);
  char* base = a.storage->data();
  std::vector<ElemRef> refs(static_cast<size_t>(n));
  std::vector<char> tmp(size_t(n * isz));
  for_each_lane(a, axis, [&](int64_t off) {
    for (int64_t k = 0; k < n; ++k) refs[size_t(k)] = {base + off + k * stride, &key};
    sort_values(refs.data(), n, kind);
    for (int64_t k = 0; k < n; ++k) std::memcpy(tmp.data() + k * isz, refs[size_t(k)].p, size_t(isz));
    for (int64_t k = 0; k < n; ++k) std::memcpy(base + off + k * stride, tmp.data() + k * isz, size_t(isz));
  });
}

// Note [Sort keys]
// The algorithms depend on the elements only through Less, and for integers
// Less is a < b, which widening to int64 (signed) or uint64 (unsigned, bool)
// preserves: the same comparisons give the same answers, so the same moves
// happen and equal elements end in the same places. Integers narrower than 64
// bits are therefore sorted as 64-bit keys and narrowed back (exactly), and
// the algorithms are compiled for 7 key types instead of 14 dtypes (README
// "Download size"). Floating types keep their own type: converting a NaN
// between widths may not keep its payload bits.
template <class T>
using sort_key_t =
    std::conditional_t<std::is_integral_v<T> && (sizeof(T) < 8), std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>, T>;
// The storage type of a dtype's elements as the sort reads them (bool lanes
// as bytes: std::vector<bool> has no data()).
template <class V>
using sort_elem_t = std::conditional_t<std::is_same_v<V, bool>, uint8_t, V>;

// A dtype's lanes as keys: read n elements (byte stride s) into K keys, and
// write keys back as elements. Only these two are compiled per dtype; the
// lane walks and the algorithms once per key type.
template <class K>
struct KeyIO {
  void (*read)(K* dst, const char* p, int64_t n, int64_t s);
  void (*write)(char* p, const K* src, int64_t n, int64_t s);
};
template <class T, class K>
void read_keys(K* dst, const char* p, int64_t n, int64_t s) {
  for (int64_t k = 0; k < n; ++k) dst[k] = K(load<T>(p + k * s));
}
template <class T, class K>
void write_keys(char* p, const K* src, int64_t n, int64_t s) {
  for (int64_t k = 0; k < n; ++k) store(p + k * s, T(src[k]));
}
// Calls f(KeyIO<K>) with the key type and converters of dtype dt.
template <class F>
void with_keys(DType dt, F&& f) {
  visit_dtype(dt, [&](auto t) {
    using T = sort_elem_t<decltype(t)>;
    using K = sort_key_t<T>;
    f(KeyIO<K>{&read_keys<T, K>, &write_keys<T, K>});
  });
}

template <class K>
[[gnu::noinline]] void sort_lanes(const Array& a, int axis, SortKind kind, KeyIO<K> io) {
  const int64_t n = a.shape[axis], stride = a.strides[axis];
  char* base = a.storage->data();
  std::vector<K> buf(static_cast<size_t>(n));
  for_each_lane(a, axis, [&](int64_t off) {
    io.read(buf.data(), base + off, n, stride);
    sort_values(buf.data(), n, kind);
    io.write(base + off, buf.data(), n, stride);
  });
}

template <class K>
[[gnu::noinline]] void sort_run(char* p, int64_t n, int64_t itemsize, KeyIO<K> io) {
  std::vector<K> buf(static_cast<size_t>(n));
  io.read(buf.data(), p, n, itemsize);
  quicksort_(buf.data(), n);
  io.write(p, buf.data(), n, itemsize);
}

// The output lane walks `out` with the same multi-index as a's lane.
template <class K>
[[gnu::noinline]] void argsort_lanes(const Array& a, int axis, SortKind kind, const Array& out, KeyIO<K> io) {
  const int64_t n = a.shape[axis], stride = a.strides[axis];
  std::vector<K> v(static_cast<size_t>(n));
  std::vector<int64_t> idx(static_cast<size_t>(n));
  std::vector<int64_t> out_offsets;
  for_each_lane(out, axis, [&](int64_t off) { out_offsets.push_back(off); });
  size_t lane = 0;
  const int64_t ostride = out.strides[axis];
  for_each_lane(a, axis, [&](int64_t off) {
    io.read(v.data(), a.storage->data() + off, n, stride);
    for (int64_t k = 0; k < n; ++k) idx[size_t(k)] = k;
    argsort_values(v.data(), idx.data(), n, kind);
    char* dst = out.storage->data() + out_offsets[lane++];
    for (int64_t k = 0; k < n; ++k) store(dst + k * ostride, idx[size_t(k)]);
  });
}

}  // namespace

void sort_inplace(const Array& a, int axis, SortKind kind, const std::vector<std::string>& order) {
  if (a.ndim() == 0) return;
  if (a.descr || !order.empty()) return sort_flexible(a, axis, kind, order);
  with_keys(a.dtype, [&](auto io) { sort_lanes(a, axis, kind, io); });
}

void sort_contiguous(DType dt, char* p, int64_t n) {
  with_keys(dt, [&](auto io) { sort_run(p, n, itemsize(dt), io); });
}

ArrayPtr argsort(const Array& a, int axis, SortKind kind, const std::vector<std::string>& order) {
  ArrayPtr out = make_array(DType::I64, a.shape, 'C', a.is_torch() ? Flavor::Torch : Flavor::NumPy);
  if (a.ndim() == 0) return out;
  const int64_t n = a.shape[axis], stride = a.strides[axis];
  const char* base = a.storage->data();
  // The output lane walks out with the same multi-index as a.
  Array o = *out;
  o.offset = 0;
  if (out->size() == 0) return out;
  if (a.descr || !order.empty()) {
    const ElemKey key = elem_key(a, order);
    std::vector<ElemRef> v(static_cast<size_t>(n));
    std::vector<int64_t> idx(static_cast<size_t>(n));
    std::vector<int64_t> out_offsets;
    for_each_lane(o, axis, [&](int64_t off) { out_offsets.push_back(off); });
    size_t lane = 0;
    for_each_lane(a, axis, [&](int64_t off) {
      for (int64_t k = 0; k < n; ++k) {
        v[size_t(k)] = {base + off + k * stride, &key};
        idx[size_t(k)] = k;
      }
      argsort_values(v.data(), idx.data(), n, kind);
      char* dst = out->storage->data() + out_offsets[lane++];
      for (int64_t k = 0; k < n; ++k) store(dst + k * o.strides[axis], idx[size_t(k)]);
    });
    return out;
  }
  with_keys(a.dtype, [&](auto io) { argsort_lanes(a, axis, kind, o, io); });  // Note [Sort keys]
  return out;
}

}  // namespace sl
