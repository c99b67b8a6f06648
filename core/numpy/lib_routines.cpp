#include "core/numpy/lib_routines.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/model/strides.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/views.hpp"

namespace sl {

namespace {

// The address of every element of `a` in C order (NumPy's a.flat order).
std::vector<char*> c_order(const Array& a) {
  std::vector<char*> out;
  const int64_t n = a.size();
  if (n == 0) return out;
  out.reserve(size_t(n));
  const int nd = a.ndim();
  std::vector<int64_t> idx(size_t(nd), 0);
  char* p = a.data();
  for (int64_t k = 0; k < n; ++k) {
    out.push_back(p);
    for (int d = nd - 1; d >= 0; --d) {
      if (++idx[size_t(d)] < a.shape[size_t(d)]) {
        p += a.strides[size_t(d)];
        break;
      }
      p -= a.strides[size_t(d)] * (a.shape[size_t(d)] - 1);
      idx[size_t(d)] = 0;
    }
  }
  return out;
}

// A boolean mask's elements in C order (any dtype: nonzero is True).
std::vector<uint8_t> mask_values(const Array& mask) {
  ArrayPtr m = copy_as(mask, DType::Bool, 'C');
  std::vector<uint8_t> out(size_t(m->size()));
  if (!out.empty()) std::memcpy(out.data(), m->data(), out.size());
  return out;
}

void check_writeable(const Array& a) {
  if (!a.writeable) value_error("assignment destination is read-only");
}

}  // namespace

std::pair<ArrayPtr, ArrayPtr> tri_indices(int64_t n, int64_t m, int64_t k, bool upper) {
  // NumPy builds the n x m boolean tri() first: its allocation is the size check
  // (a huge n is a MemoryError there, not a loop over n * m positions here)
  ArrayPtr mask = make_array(DType::Bool, {n, m});
  std::vector<int64_t> rows, cols;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < m; ++j)
      if (upper ? j - i >= k : j - i <= k) {
        rows.push_back(i);
        cols.push_back(j);
      }
  const int64_t len = int64_t(rows.size());
  ArrayPtr r = make_array(DType::I64, {len}), c = make_array(DType::I64, {len});
  if (len) {
    std::memcpy(r->data(), rows.data(), rows.size() * 8);
    std::memcpy(c->data(), cols.data(), cols.size() * 8);
  }
  return {r, c};
}

std::vector<ArrayPtr> along_axis_index(const Shape& shape, const ArrayPtr& indices, int axis) {
  if (!is_integer(indices->dtype)) index_error("`indices` must be an integer array");
  if (int64_t(shape.size()) != indices->ndim())
    value_error("`indices` and `arr` must have the same number of dimensions");
  std::vector<ArrayPtr> out;
  for (int d = 0; d < int(shape.size()); ++d) {
    if (d == axis) {
      out.push_back(indices);
      continue;
    }
    Shape s(shape.size(), 1);
    s[size_t(d)] = shape[size_t(d)];
    ArrayPtr r = make_array(DType::I64, s);
    for (int64_t i = 0; i < shape[size_t(d)]; ++i) store<int64_t>(r->data() + 8 * i, i);
    out.push_back(r);
  }
  return out;
}

void fill_diagonal(const ArrayPtr& a, const Array& vals, bool wrap) {
  if (a->ndim() < 2) value_error("array must be at least 2-d");
  int64_t step, end = a->size();
  if (a->ndim() == 2) {
    step = a->shape[1] + 1;
    if (!wrap) end = std::min(end, a->shape[1] * a->shape[1]);
  } else {
    for (int d = 1; d < a->ndim(); ++d)
      if (a->shape[size_t(d)] != a->shape[0]) value_error("All dimensions of input must be of equal length");
    step = 1;
    int64_t prod = 1;
    for (int d = 0; d + 1 < a->ndim(); ++d) step += (prod *= a->shape[size_t(d)]);
  }
  if (!a->writeable) value_error("underlying array is read-only");
  std::vector<char*> dst = c_order(*a);
  std::vector<char*> src = c_order(vals);
  if (src.empty()) return;
  const size_t isz = size_t(a->itemsize());
  size_t v = 0;
  for (int64_t k = 0; k < end; k += step, ++v) std::memmove(dst[size_t(k)], src[v % src.size()], isz);
}

void place(const ArrayPtr& arr, const Array& mask, const Array& vals) {
  if (mask.size() != arr->size()) value_error("place: mask and data must be the same size");
  std::vector<uint8_t> m = mask_values(mask);
  std::vector<char*> dst = c_order(*arr), src = c_order(vals);
  bool any = false;
  for (uint8_t b : m) any = any || b;
  if (!any) return;
  if (src.empty()) value_error("Cannot insert from an empty array!");
  check_writeable(*arr);
  const size_t isz = size_t(arr->itemsize());
  size_t v = 0;
  for (size_t i = 0; i < m.size(); ++i)
    if (m[i]) std::memmove(dst[i], src[v++ % src.size()], isz);
}

void putmask(const ArrayPtr& a, const Array& mask, const Array& values) {
  check_writeable(*a);
  if (mask.size() != a->size()) value_error("putmask: mask and data must be the same size");
  std::vector<char*> src = c_order(values);
  if (src.empty()) return;
  std::vector<uint8_t> m = mask_values(mask);
  std::vector<char*> dst = c_order(*a);
  const size_t isz = size_t(a->itemsize());
  for (size_t i = 0; i < m.size(); ++i)
    if (m[i]) std::memmove(dst[i], src[i % src.size()], isz);
}

namespace {

template <class R>
void fix_real(R& v, R nan, R pinf, R ninf) {
  if (std::isnan(v)) v = nan;
  else if (std::isinf(v)) v = v > 0 ? pinf : ninf;
}

template <class T>
void nan_to_num_typed(const std::vector<char*>& ptrs, double nan, std::optional<double> posinf,
                      std::optional<double> neginf) {
  if constexpr (is_complex_t<T>::value) {
    using R = typename T::value_type;
    const R n = R(nan), p = posinf ? R(*posinf) : std::numeric_limits<R>::max(),
            m = neginf ? R(*neginf) : std::numeric_limits<R>::lowest();
    for (char* q : ptrs) {
      T z = load<T>(q);
      R re = z.real(), im = z.imag();
      fix_real(re, n, p, m);
      fix_real(im, n, p, m);
      store<T>(q, T(re, im));
    }
  } else if constexpr (std::is_same_v<T, half>) {
    const float n = float(half(nan)), p = posinf ? float(half(*posinf)) : 65504.0f,
                m = neginf ? float(half(*neginf)) : -65504.0f;
    for (char* q : ptrs) {
      float v = float(load<half>(q));
      if (std::isnan(v) || std::isinf(v)) {
        fix_real(v, n, p, m);
        store<half>(q, half(v));
      }
    }
  } else if constexpr (std::is_floating_point_v<T>) {
    const T n = T(nan), p = posinf ? T(*posinf) : std::numeric_limits<T>::max(),
            m = neginf ? T(*neginf) : std::numeric_limits<T>::lowest();
    for (char* q : ptrs) {
      T v = load<T>(q);
      fix_real(v, n, p, m);
      store<T>(q, v);
    }
  }
}

}  // namespace

void nan_to_num(const ArrayPtr& x, double nan, std::optional<double> posinf, std::optional<double> neginf) {
  if (!is_inexact(x->dtype)) return;
  check_writeable(*x);
  std::vector<char*> ptrs = c_order(*x);
  visit_dtype(x->dtype, [&](auto t) { nan_to_num_typed<decltype(t)>(ptrs, nan, posinf, neginf); });
}

}  // namespace sl

namespace sl {

namespace {

template <class F>
void for_float(DType dt, F&& f) {
  switch (dt) {
    case DType::F16: f(half{}); break;
    case DType::F32: f(float{}); break;
    case DType::F64: f(double{}); break;
    default: runtime_error(std::string("internal error: no float loop for ") + name(dt));
  }
}

}  // namespace

std::pair<ArrayPtr, ArrayPtr> modf(const ArrayPtr& x) {
  ArrayPtr src = copy_array(*x, 'C');
  ArrayPtr frac = make_array(x->dtype, x->shape), whole = make_array(x->dtype, x->shape);
  const int64_t n = src->size(), isz = src->itemsize();
  for_float(x->dtype, [&](auto t) {
    using T = decltype(t);
    using C = std::conditional_t<std::is_same_v<T, half>, float, T>;
    for (int64_t i = 0; i < n; ++i) {
      C ip;
      C fp = std::modf(C(load<T>(src->data() + i * isz)), &ip);
      store<T>(frac->data() + i * isz, T(fp));
      store<T>(whole->data() + i * isz, T(ip));
    }
  });
  return {frac, whole};
}

std::pair<ArrayPtr, ArrayPtr> frexp(const ArrayPtr& x) {
  ArrayPtr src = copy_array(*x, 'C');
  ArrayPtr mant = make_array(x->dtype, x->shape), expo = make_array(DType::I32, x->shape);
  const int64_t n = src->size(), isz = src->itemsize();
  for_float(x->dtype, [&](auto t) {
    using T = decltype(t);
    using C = std::conditional_t<std::is_same_v<T, half>, float, T>;
    for (int64_t i = 0; i < n; ++i) {
      int e = 0;
      C m = std::frexp(C(load<T>(src->data() + i * isz)), &e);
      store<T>(mant->data() + i * isz, T(m));
      store<int32_t>(expo->data() + i * 4, int32_t(e));
    }
  });
  return {mant, expo};
}

ArrayPtr ldexp(const ArrayPtr& x, const ArrayPtr& e) {
  Shape shape;
  if (!try_broadcast_shapes({x->shape, e->shape}, shape))
    value_error("operands could not be broadcast together with shapes " + shape_compact(x->shape) + " " +
                shape_compact(e->shape) + " ");
  ArrayPtr xs = copy_array(*broadcast_to(x, shape), 'C'), es = copy_as(*broadcast_to(e, shape), DType::I64, 'C');
  ArrayPtr out = make_array(x->dtype, shape);
  const int64_t n = out->size(), isz = out->itemsize();
  for_float(x->dtype, [&](auto t) {
    using T = decltype(t);
    using C = std::conditional_t<std::is_same_v<T, half>, float, T>;
    for (int64_t i = 0; i < n; ++i) {
      const int64_t k = load<int64_t>(es->data() + i * 8);
      const int kk = int(std::clamp<int64_t>(k, INT32_MIN, INT32_MAX));
      store<T>(out->data() + i * isz, T(std::ldexp(C(load<T>(xs->data() + i * isz)), kk)));
    }
  });
  return out;
}

}  // namespace sl
