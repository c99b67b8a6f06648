#include "core/torch/scans.hpp"

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <algorithm>
#include <vector>

#include "core/ops/copy.hpp"

namespace sl {

namespace {

struct Axes {
  int64_t outer = 1, n = 1, inner = 1;
};
Axes axes_of(const Shape& s, int64_t dim) {
  Axes a;
  if (s.empty()) return a;
  for (int64_t k = 0; k < int64_t(s.size()); ++k) {
    if (k < dim) a.outer *= s[size_t(k)];
    else if (k == dim) a.n = s[size_t(k)];
    else a.inner *= s[size_t(k)];
  }
  return a;
}

ArrayPtr contiguous(const Array& x, DType dt) { return copy_as(x, dt, 'C'); }
ArrayPtr new_tensor(DType dt, const Shape& s) { return make_array(dt, s, 'C', Flavor::Torch); }
const int64_t* ints(const ArrayPtr& a) { return reinterpret_cast<const int64_t*>(a->data()); }

// C-order offsets of a C-contiguous shape.
std::vector<int64_t> c_strides(const Shape& s) {
  std::vector<int64_t> st(s.size(), 1);
  for (int64_t k = int64_t(s.size()) - 2; k >= 0; --k) st[size_t(k)] = st[size_t(k + 1)] * s[size_t(k + 1)];
  return st;
}

// For every element p of an index of shape `is`, its offset in a C-contiguous
// tensor of shape `ts` (p itself) and in one of shape `xs` with p[dim] = index[p].
template <class F>
void walk_index(const Shape& is, const Shape& xs, const Shape& ts, int64_t dim, const int64_t* idx, F f) {
  const std::vector<int64_t> ist = c_strides(is), xst = c_strides(xs), tst = c_strides(ts);
  int64_t total = 1;
  for (int64_t d : is) total *= d;
  const int64_t lim = xs.empty() ? 1 : xs[size_t(dim)];
  for (int64_t p = 0; p < total; ++p) {
    int64_t rest = p, xo = 0, to = 0;
    for (size_t k = 0; k < is.size(); ++k) {
      const int64_t c = rest / ist[k];
      rest %= ist[k];
      int64_t v = idx[p];
      if (v < 0) v += lim;
      xo += (int64_t(k) == dim ? v : c) * xst[k];
      to += c * tst[k];
    }
    f(xo, to);
  }
}

}  // namespace

ArrayPtr index_add_kernel(const Array& self, int64_t dim, const Array& index, const Array& source, double alpha) {
  ArrayPtr out = contiguous(self, self.dtype), src = contiguous(source, self.dtype), idx = contiguous(index, DType::I64);
  const Axes so = axes_of(self.shape, dim), sa = axes_of(source.shape, dim);
  visit_dtype(self.dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_arithmetic_v<T>) {
      T* o = reinterpret_cast<T*>(out->data());
      const T* s = reinterpret_cast<const T*>(src->data());
      const T a = T(alpha);
      for (int64_t i = 0; i < idx->size(); ++i) {
        int64_t j = ints(idx)[i];
        if (j < 0) j += so.n;
        for (int64_t q = 0; q < so.outer; ++q)
          for (int64_t k = 0; k < so.inner; ++k) {
            const T v = s[(q * sa.n + i) * sa.inner + k];
            if constexpr (std::is_same_v<T, bool>) o[(q * so.n + j) * so.inner + k] |= v;
            else o[(q * so.n + j) * so.inner + k] += alpha == 1.0 ? v : T(a * v);
          }
      }
    }
  });
  return out;
}

ArrayPtr index_select_kernel(const Array& x, int64_t dim, const Array& index) {
  ArrayPtr src = contiguous(x, x.dtype), idx = contiguous(index, DType::I64);
  Shape s = x.shape;
  if (!s.empty()) s[size_t(dim)] = idx->size();
  ArrayPtr out = new_tensor(x.dtype, s);
  const Axes xa = axes_of(x.shape, dim), oa = axes_of(s, dim);
  const int64_t e = x.itemsize();
  for (int64_t q = 0; q < oa.outer; ++q)
    for (int64_t i = 0; i < oa.n; ++i) {
      int64_t j = ints(idx)[i];
      if (j < 0) j += xa.n;
      std::memcpy(out->data() + (q * oa.n + i) * oa.inner * e, src->data() + (q * xa.n + j) * xa.inner * e, size_t(oa.inner * e));
    }
  return out;
}

ArrayPtr gather_kernel(const Array& x, int64_t dim, const Array& index) {
  ArrayPtr src = contiguous(x, x.dtype), idx = contiguous(index, DType::I64);
  ArrayPtr out = new_tensor(x.dtype, index.shape);
  const int64_t e = x.itemsize();
  walk_index(index.shape, x.shape, index.shape, dim, ints(idx),
             [&](int64_t xo, int64_t to) { std::memcpy(out->data() + to * e, src->data() + xo * e, size_t(e)); });
  return out;
}

ArrayPtr scatter_add_kernel(const Array& self, int64_t dim, const Array& index, const Array& src) {
  ArrayPtr out = contiguous(self, self.dtype), s = contiguous(src, self.dtype), idx = contiguous(index, DType::I64);
  visit_dtype(self.dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_arithmetic_v<T>) {
      T* o = reinterpret_cast<T*>(out->data());
      const T* v = reinterpret_cast<const T*>(s->data());
      walk_index(index.shape, self.shape, src.shape, dim, ints(idx), [&](int64_t xo, int64_t to) {
        if constexpr (std::is_same_v<T, bool>) o[xo] = o[xo] || v[to];
        else o[xo] += v[to];
      });
    }
  });
  return out;
}

CumMinMax cum_min_max_kernel(const Array& x, int64_t dim, bool max) {
  ArrayPtr src = contiguous(x, x.dtype);
  CumMinMax r{new_tensor(x.dtype, x.shape), new_tensor(DType::I64, x.shape)};
  const Axes a = axes_of(x.shape, dim);
  int64_t* ix = reinterpret_cast<int64_t*>(r.indices->data());
  visit_dtype(x.dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_arithmetic_v<T>) {
      const T* s = reinterpret_cast<const T*>(src->data());
      T* v = reinterpret_cast<T*>(r.values->data());
      auto isnan_ = [](T t) {
        if constexpr (std::is_floating_point_v<T>) return std::isnan(t);
        else return false;
      };
      for (int64_t q = 0; q < a.outer; ++q)
        for (int64_t k = 0; k < a.inner; ++k) {
          const int64_t base = q * a.n * a.inner + k;
          T out = s[base];
          int64_t at = 0;
          for (int64_t i = 0; i < a.n; ++i) {
            const T t = s[base + i * a.inner];
            if (isnan_(t) || (!isnan_(out) && (max ? t >= out : t <= out))) {
              out = t;
              at = i;
            }
            v[base + i * a.inner] = out;
            ix[base + i * a.inner] = at;
          }
        }
    }
  });
  return r;
}

ArrayPtr logcumsumexp_kernel(const Array& x, int64_t dim) {
  ArrayPtr src = contiguous(x, x.dtype);
  ArrayPtr out = new_tensor(x.dtype, x.shape);
  const Axes a = axes_of(x.shape, dim);
  auto run = [&](auto tag) {
    using T = decltype(tag);
    const T* s = reinterpret_cast<const T*>(src->data());
    T* o = reinterpret_cast<T*>(out->data());
    auto log_add_exp = [](T x, T y) -> T {
      const T mn = std::isnan(y) ? y : std::min(x, y), mx = std::isnan(y) ? y : std::max(x, y);
      if (mn != mx || std::isfinite(mn)) return std::log1p(std::exp(mn - mx)) + mx;
      return x;  // both the same infinity
    };
    for (int64_t q = 0; q < a.outer; ++q)
      for (int64_t k = 0; k < a.inner; ++k) {
        const int64_t base = q * a.n * a.inner + k;
        T cum = -std::numeric_limits<T>::infinity();
        for (int64_t i = 0; i < a.n; ++i) {
          cum = log_add_exp(s[base + i * a.inner], cum);
          o[base + i * a.inner] = cum;
        }
      }
  };
  if (x.dtype == DType::F64) run(double{});
  else run(float{});
  return out;
}

}  // namespace sl

namespace sl {

CumMinMax nanmedian_kernel(const Array& x, int64_t dim) {
  ArrayPtr src = copy_as(x, x.dtype, 'C');
  Shape rs = x.shape;
  if (!rs.empty()) rs.erase(rs.begin() + dim);
  CumMinMax r{make_array(x.dtype, rs, 'C', Flavor::Torch), make_array(DType::I64, rs, 'C', Flavor::Torch)};
  const Axes a = axes_of(x.shape, dim);
  int64_t* ix = reinterpret_cast<int64_t*>(r.indices->data());
  visit_dtype(x.dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_arithmetic_v<T>) {
      const T* s = reinterpret_cast<const T*>(src->data());
      T* v = reinterpret_cast<T*>(r.values->data());
      auto isnan_ = [](T t) {
        if constexpr (std::is_floating_point_v<T>) return std::isnan(t);
        else return false;
      };
      std::vector<int64_t> order(size_t(a.n));
      for (int64_t q = 0; q < a.outer; ++q)
        for (int64_t k = 0; k < a.inner; ++k) {
          const int64_t base = q * a.n * a.inner + k;
          for (int64_t i = 0; i < a.n; ++i) order[size_t(i)] = i;
          std::stable_sort(order.begin(), order.end(), [&](int64_t i, int64_t j) {
            const T u = s[base + i * a.inner], w = s[base + j * a.inner];
            return !isnan_(u) && (isnan_(w) || u < w);
          });
          int64_t cnt = 0;
          for (int64_t i = 0; i < a.n; ++i) cnt += !isnan_(s[base + i * a.inner]);
          if (a.n == 0) {  // an empty input's median is NaN
            v[q * a.inner + k] = std::numeric_limits<T>::has_quiet_NaN ? std::numeric_limits<T>::quiet_NaN() : T(0);
            ix[q * a.inner + k] = 0;
            continue;
          }
          const int64_t pick = order[size_t(cnt > 0 ? (cnt - 1) / 2 : 0)];
          v[q * a.inner + k] = s[base + pick * a.inner];
          ix[q * a.inner + k] = pick;
        }
    }
  });
  return r;
}

namespace {
// For each element of an input of shape `in_shape` (its last dim on the
// diagonal), its offset in the C-contiguous output of shape `out`.
template <class F>
void walk_diagonal(const Shape& in_shape, const Shape& out, int64_t offset, int64_t d1, int64_t d2, F f) {
  const std::vector<int64_t> ost = c_strides(out);
  std::vector<size_t> rest;  // the output dims that hold the input's batch dims
  for (size_t k = 0; k < out.size(); ++k)
    if (int64_t(k) != d1 && int64_t(k) != d2) rest.push_back(k);
  const int64_t n = in_shape.empty() ? 1 : in_shape.back();
  int64_t batch = 1;
  for (size_t k = 0; k + 1 < in_shape.size(); ++k) batch *= in_shape[k];
  for (int64_t b = 0, e = 0; b < batch; ++b) {
    int64_t off = 0, r = b;
    for (size_t k = rest.size(); k-- > 0;) {
      const int64_t sz = in_shape[k];
      off += (r % sz) * ost[rest[k]];
      r /= sz;
    }
    for (int64_t i = 0; i < n; ++i, ++e)
      f(e, off + (i - std::min<int64_t>(offset, 0)) * ost[size_t(d1)] + (i + std::max<int64_t>(offset, 0)) * ost[size_t(d2)]);
  }
}
}  // namespace

ArrayPtr diag_embed_kernel(const Array& x, const Shape& out, int64_t offset, int64_t d1, int64_t d2) {
  ArrayPtr src = copy_as(x, x.dtype, 'C');
  ArrayPtr r = make_array(x.dtype, out, 'C', Flavor::Torch);
  const int64_t e = x.itemsize();
  walk_diagonal(x.shape, out, offset, d1, d2,
                [&](int64_t i, int64_t o) { std::memcpy(r->data() + o * e, src->data() + i * e, size_t(e)); });
  return r;
}

ArrayPtr diag_extract_kernel(const Array& g, const Shape& in_shape, int64_t offset, int64_t d1, int64_t d2) {
  ArrayPtr src = copy_as(g, g.dtype, 'C');
  ArrayPtr r = make_array(g.dtype, in_shape, 'C', Flavor::Torch);
  const int64_t e = g.itemsize();
  walk_diagonal(in_shape, g.shape, offset, d1, d2,
                [&](int64_t i, int64_t o) { std::memcpy(r->data() + i * e, src->data() + o * e, size_t(e)); });
  return r;
}

}  // namespace sl

namespace sl {

ArrayPtr scatter_reduce_kernel(const Array& self, int64_t dim, const Array& index, const Array& src, const std::string& op,
                               bool include_self) {
  ArrayPtr out = copy_as(self, self.dtype, 'C'), s = copy_as(src, self.dtype, 'C'), idx = copy_as(index, DType::I64, 'C');
  std::vector<int64_t> count(size_t(out->size()), include_self ? 1 : 0);
  visit_dtype(self.dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>) {
      T* o = reinterpret_cast<T*>(out->data());
      const T* v = reinterpret_cast<const T*>(s->data());
      auto isnan_ = [](T t) {
        if constexpr (std::is_floating_point_v<T>) return std::isnan(t);
        else return false;
      };
      walk_index(index.shape, self.shape, src.shape, dim, ints(idx), [&](int64_t xo, int64_t to) {
        const T x = v[to];
        int64_t& c = count[size_t(xo)];
        if (c == 0) o[xo] = x;  // the first value where self is not included
        else if (op == "sum" || op == "mean") o[xo] = T(o[xo] + x);
        else if (op == "prod") o[xo] = T(o[xo] * x);
        else if (op == "amax") o[xo] = isnan_(o[xo]) || isnan_(x) ? (isnan_(o[xo]) ? o[xo] : x) : std::max(o[xo], x);
        else o[xo] = isnan_(o[xo]) || isnan_(x) ? (isnan_(o[xo]) ? o[xo] : x) : std::min(o[xo], x);
        ++c;
      });
      if (op == "mean")
        for (int64_t i = 0; i < out->size(); ++i) {
          const int64_t c = std::max<int64_t>(count[size_t(i)], 1);
          if constexpr (std::is_floating_point_v<T>) o[i] = T(o[i] / T(c));
          else {
            const int64_t q = int64_t(o[i]) / c, r = int64_t(o[i]) % c;
            o[i] = T(r != 0 && ((r < 0) != (c < 0)) ? q - 1 : q);
          }
        }
    }
  });
  return out;
}

}  // namespace sl
