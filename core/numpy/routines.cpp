// routines: see routines.hpp. Numeric routines read their inputs once as
// C-ordered float64 or int64 vectors (copy_as) and write a new C-contiguous
// array in NumPy's result dtype; the view-returning ones compose core/ops/views.
#include "core/numpy/routines.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/ops/index.hpp"
#include "core/numpy/join.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/sort.hpp"
#include "core/model/strides.hpp"
#include "core/ops/views.hpp"

namespace sl {

namespace {

std::vector<double> doubles(const Array& a) {
  ArrayPtr c = copy_as(a, DType::F64);
  std::vector<double> v(size_t(c->size()));
  if (!v.empty()) std::memcpy(v.data(), c->data(), v.size() * sizeof(double));
  return v;
}

std::vector<int64_t> int64s(const Array& a) {
  ArrayPtr c = copy_as(a, DType::I64);
  std::vector<int64_t> v(size_t(c->size()));
  if (!v.empty()) std::memcpy(v.data(), c->data(), v.size() * sizeof(int64_t));
  return v;
}

// A new C-contiguous array of dtype dt holding values (converted element-wise).
template <class T>
ArrayPtr array_of(DType dt, const Shape& shape, const std::vector<T>& values) {
  ArrayPtr r = make_array(dt, shape);
  char* p = r->data();
  for (size_t i = 0; i < values.size(); ++i) store_as(dt, p + int64_t(i) * r->itemsize(), values[i]);
  return r;
}

void require_1d(const Array& a, const char* what) {
  if (a.ndim() != 1) value_error(std::string(what) + " must be 1-d");
}

IndexItem full_slice() {
  IndexItem it;
  it.kind = IndexItem::Slice;
  return it;
}

std::string out_of_bounds(int64_t i, int axis, int64_t n) {
  return "index " + std::to_string(i) + " is out of bounds for axis " + std::to_string(axis) + " with size " +
         std::to_string(n);
}

// C (or F) multipliers of dims: m_k = prod of the dims after (before) k.
std::vector<int64_t> multipliers(const Shape& dims, char order) {
  std::vector<int64_t> m(dims.size(), 1);
  int64_t acc = 1;
  for (size_t j = 0; j < dims.size(); ++j) {
    size_t k = order == 'F' ? j : dims.size() - 1 - j;
    m[k] = acc;
    acc *= dims[k];
  }
  return m;
}

}  // namespace

// ---- index arithmetic ----

std::vector<ArrayPtr> unravel_index(const ArrayPtr& indices, const Shape& dims, char order) {
  if (!is_integer(indices->dtype) && indices->dtype != DType::Bool)
    type_error("only int indices permitted");
  const int64_t size = shape_size(dims);
  const auto m = multipliers(dims, order);
  const auto flat = int64s(*indices);
  std::vector<std::vector<int64_t>> out(dims.size(), std::vector<int64_t>(flat.size()));
  for (size_t i = 0; i < flat.size(); ++i) {
    int64_t f = flat[i];
    if (f < 0 || f >= size)
      value_error("index " + std::to_string(f) + " is out of bounds for array with size " + std::to_string(size));
    for (size_t k = 0; k < dims.size(); ++k) out[k][i] = (f / m[k]) % dims[k];
  }
  std::vector<ArrayPtr> r;
  for (auto& v : out) r.push_back(array_of(DType::I64, indices->shape, v));
  return r;
}

ArrayPtr ravel_multi_index(const std::vector<ArrayPtr>& coords, const Shape& dims, const std::string& modes,
                           char order) {
  if (coords.size() != dims.size())
    value_error("parameter multi_index must be a sequence of length " + std::to_string(dims.size()));
  std::vector<ArrayPtr> b = broadcast_arrays(coords);
  const Shape shape = b.empty() ? Shape{} : b[0]->shape;
  const auto m = multipliers(dims, order);
  std::vector<int64_t> out(size_t(shape_size(shape)), 0);
  for (size_t k = 0; k < dims.size(); ++k) {
    if (!is_integer(b[k]->dtype)) type_error("only int indices permitted");
    const auto c = int64s(*b[k]);
    const char mode = modes[modes.size() == 1 ? 0 : k];
    for (size_t i = 0; i < c.size(); ++i) {
      int64_t v = c[i];
      if (v < 0 || v >= dims[k]) {
        if (mode == 'r') value_error("invalid entry in coordinates array");
        if (mode == 'w') v = ((v % dims[k]) + dims[k]) % dims[k];
        else v = std::clamp<int64_t>(v, 0, dims[k] - 1);
      }
      out[i] += v * m[k];
    }
  }
  return array_of(DType::I64, shape, out);
}

ArrayPtr indices_dense(const Shape& dims, DType dt) {
  Shape shape{int64_t(dims.size())};
  shape.insert(shape.end(), dims.begin(), dims.end());
  ArrayPtr r = make_array(dt, shape);  // allocates first: too large raises NumPy's MemoryError
  const int64_t per = shape_size(dims);
  const auto m = multipliers(dims, 'C');
  for (size_t k = 0; k < dims.size(); ++k)
    for (int64_t i = 0; i < per; ++i)
      store_as(dt, r->data() + (int64_t(k) * per + i) * r->itemsize(), (i / m[k]) % dims[k]);
  return r;
}

std::vector<ArrayPtr> indices_sparse(const Shape& dims, DType dt) {
  std::vector<ArrayPtr> r;
  for (size_t k = 0; k < dims.size(); ++k) {
    Shape s(dims.size(), 1);
    s[k] = dims[k];
    ArrayPtr a = make_array(dt, s);
    for (int64_t i = 0; i < dims[k]; ++i) store_as(dt, a->data() + i * a->itemsize(), i);
    r.push_back(a);
  }
  return r;
}

std::vector<ArrayPtr> ix_(const std::vector<ArrayPtr>& seqs) {
  std::vector<ArrayPtr> out;
  const size_t nd = seqs.size();
  for (size_t k = 0; k < nd; ++k) {
    ArrayPtr s = seqs[k];
    if (s->ndim() != 1) value_error("Cross index must be 1 dimensional");
    if (s->dtype == DType::Bool) s = nonzero(*s)[0];
    else if (!is_integer(s->dtype) && s->size() > 0)
      value_error("Cross index must be 1 dimensional");  // NumPy indexes with it later; ints only here
    Shape shape(nd, 1);
    shape[k] = s->shape[0];
    out.push_back(reshape(s, shape));
  }
  return out;
}

std::vector<ArrayPtr> meshgrid(const std::vector<ArrayPtr>& xs, bool xy, bool sparse, bool copy) {
  const size_t nd = xs.size();
  std::vector<ArrayPtr> out;
  for (size_t k = 0; k < nd; ++k) {
    Shape s(nd, 1);
    s[k] = -1;
    if (xy && nd > 1 && k < 2) std::swap(s[0], s[1]);
    out.push_back(reshape(xs[k], s));
  }
  if (!sparse && nd > 0) out = broadcast_arrays(out);
  if (copy)
    for (auto& o : out) o = copy_array(*o);
  return out;
}

// ---- searching and counting ----

namespace {
// First i in [0, n) with key < a[i] (right) or key <= a[i] (left), a sorted;
// NaNs sort last as in NumPy (npy_binsearch with the NaN-aware less).
template <class T>
int64_t bisect(const std::vector<T>& a, const std::vector<int64_t>* sorter, T key, bool right) {
  auto at = [&](int64_t i) { return sorter ? a[size_t((*sorter)[size_t(i)])] : a[size_t(i)]; };
  auto less = [](T x, T y) {
    if constexpr (std::is_floating_point_v<T>) return x < y || (y != y && x == x);
    else return x < y;
  };
  int64_t lo = 0, hi = int64_t(a.size());
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    bool go_right = right ? !less(key, at(mid)) : less(at(mid), key);
    if (go_right) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
}  // namespace

ArrayPtr searchsorted(const ArrayPtr& a, const ArrayPtr& v, bool right, const ArrayPtr& sorter) {
  require_1d(*a, "object of too small depth for desired array");
  std::vector<int64_t> sort_idx;
  if (sorter) {
    sort_idx = int64s(*sorter);
    if (int64_t(sort_idx.size()) != a->size()) value_error("sorter.size must equal a.size");
    for (int64_t s : sort_idx)
      if (s < 0 || s >= a->size()) value_error("Sorter index out of range.");
  }
  const bool ints = (is_integer(a->dtype) || a->dtype == DType::Bool) && (is_integer(v->dtype) || v->dtype == DType::Bool) &&
                    a->dtype != DType::U64 && v->dtype != DType::U64;
  std::vector<int64_t> out(size_t(v->size()));
  const std::vector<int64_t>* sp = sorter ? &sort_idx : nullptr;
  if (ints) {
    const auto av = int64s(*a), keys = int64s(*v);
    for (size_t i = 0; i < keys.size(); ++i) out[i] = bisect(av, sp, keys[i], right);
  } else {
    const auto av = doubles(*a), keys = doubles(*v);
    for (size_t i = 0; i < keys.size(); ++i) out[i] = bisect(av, sp, keys[i], right);
  }
  return array_of(DType::I64, v->shape, out);
}

ArrayPtr digitize(const ArrayPtr& x, const ArrayPtr& bins, bool right) {
  if (is_complex(x->dtype)) type_error("x may not be complex");
  if (bins->ndim() != 1) value_error("object too deep for desired array");
  const auto b = doubles(*bins);
  bool inc = true, dec = true;
  for (size_t i = 1; i < b.size(); ++i) {
    if (b[i] < b[i - 1]) inc = false;
    if (b[i] > b[i - 1]) dec = false;
  }
  if (!inc && !dec) value_error("bins must be monotonically increasing or decreasing");
  if (inc) return searchsorted(bins, x, !right);
  // decreasing: len(bins) - searchsorted(bins[::-1], x, side)
  IndexItem rev = full_slice();
  rev.step = -1;
  ArrayPtr r = searchsorted(basic_index(bins, {rev}), x, !right);
  auto v = int64s(*r);
  for (auto& e : v) e = int64_t(b.size()) - e;
  return array_of(DType::I64, r->shape, v);
}

ArrayPtr bincount(const ArrayPtr& x, const ArrayPtr& weights, int64_t minlength) {
  if (minlength < 0) value_error("'minlength' must not be negative");
  if (x->ndim() > 1) value_error("object too deep for desired array");
  if (!is_integer(x->dtype) && x->dtype != DType::Bool && x->size() > 0)
    type_error("Cannot cast array data from dtype('" + std::string(info(x->dtype).name) +
               "') to dtype('int64') according to the rule 'safe'");
  const auto xs = int64s(*x);
  int64_t n = minlength;
  for (int64_t e : xs) {
    if (e < 0) value_error("'list' argument must have no negative elements");
    n = std::max(n, e + 1);
  }
  if (weights && weights->shape != x->shape) value_error("The weights and list don't have the same length.");
  ArrayPtr r = make_array(weights ? DType::F64 : DType::I64, {n});  // zeroed; too large raises MemoryError
  if (!weights) {
    int64_t* c = reinterpret_cast<int64_t*>(r->data());
    for (int64_t e : xs) ++c[e];
    return r;
  }
  const auto w = doubles(*weights);
  double* c = reinterpret_cast<double*>(r->data());
  for (size_t i = 0; i < xs.size(); ++i) c[xs[i]] += w[i];
  return r;
}

std::vector<double> histogram_edges(const ArrayPtr& a, int64_t bins, std::optional<std::pair<double, double>> range) {
  if (bins < 1) value_error("`bins` must be positive, when an integer");
  double lo = 0, hi = 1;
  if (range) {
    lo = range->first;
    hi = range->second;
    if (lo > hi) value_error("max must be larger than min in range parameter.");
    if (!std::isfinite(lo) || !std::isfinite(hi))
      value_error("supplied range of [" + std::to_string(lo) + ", " + std::to_string(hi) + "] is not finite");
  } else if (a->size() > 0) {
    const auto v = doubles(*a);
    lo = *std::min_element(v.begin(), v.end());
    hi = *std::max_element(v.begin(), v.end());
    if (!std::isfinite(lo) || !std::isfinite(hi))
      value_error("autodetected range of [" + std::to_string(lo) + ", " + std::to_string(hi) + "] is not finite");
  }
  if (lo == hi) {
    lo -= 0.5;
    hi += 0.5;
  }
  // np.linspace(lo, hi, bins + 1): lo + i * step, the last edge exactly hi.
  std::vector<double> e(size_t(bins) + 1);
  const double step = (hi - lo) / double(bins);
  for (int64_t i = 0; i <= bins; ++i) e[size_t(i)] = lo + double(i) * step;
  e[size_t(bins)] = hi;
  return e;
}

ArrayPtr histogram_counts(const ArrayPtr& a, const std::vector<double>& edges, const ArrayPtr& weights, bool density) {
  for (size_t i = 1; i < edges.size(); ++i)
    if (edges[i] < edges[i - 1]) value_error("`bins` must increase monotonically, when an array");
  const auto v = doubles(*a);
  std::vector<double> w = weights ? doubles(*weights) : std::vector<double>();
  if (weights && w.size() != v.size()) value_error("weights should have the same shape as a.");
  const size_t nb = edges.size() - 1;
  std::vector<double> c(nb, 0.0);
  for (size_t i = 0; i < v.size(); ++i) {
    const double x = v[i];
    if (!(x >= edges.front() && x <= edges.back())) continue;
    // the bin whose half-open interval holds x; the last bin also holds its right edge
    size_t b = size_t(std::upper_bound(edges.begin(), edges.end(), x) - edges.begin());
    b = b == 0 ? 0 : b - 1;
    if (b >= nb) b = nb - 1;
    c[b] += weights ? w[i] : 1.0;
  }
  if (density) {
    double total = std::accumulate(c.begin(), c.end(), 0.0);
    for (size_t b = 0; b < nb; ++b) c[b] = c[b] / (edges[b + 1] - edges[b]) / total;
    return array_of(DType::F64, {int64_t(nb)}, c);
  }
  const DType dt = weights && is_inexact(weights->dtype) ? weights->dtype : DType::I64;
  return array_of(dt, {int64_t(nb)}, c);
}

ArrayPtr isin(const ArrayPtr& element, const ArrayPtr& test, bool invert) {
  const auto int_like = [](DType d) { return (is_integer(d) || d == DType::Bool) && d != DType::U64; };
  std::vector<uint8_t> out(size_t(element->size()));
  auto run = [&](auto keys, auto set) {
    set.erase(std::remove_if(set.begin(), set.end(), [](auto x) { return x != x; }), set.end());
    std::sort(set.begin(), set.end());
    for (size_t i = 0; i < keys.size(); ++i)  // NaN equals nothing
      out[i] = uint8_t((keys[i] == keys[i] && std::binary_search(set.begin(), set.end(), keys[i])) != invert);
  };
  if (int_like(element->dtype) && int_like(test->dtype)) run(int64s(*element), int64s(*test));
  else run(doubles(*element), doubles(*test));
  return array_of(DType::Bool, element->shape, out);
}

namespace {
// out[..., i, ...] = src[..., idx[..., i, ...], ...] along axis (np.take_along_axis
// for idx of src's shape, in-range int64 indices).
ArrayPtr gather_lanes(const ArrayPtr& src, const Array& idx, int axis) {
  ArrayPtr s = copy_array(*moveaxis(src, {axis}, {-1}));
  ArrayPtr ix = copy_as(*moveaxis(view_same(std::make_shared<Array>(idx)), {axis}, {-1}), DType::I64);
  ArrayPtr out = make_array(src->dtype, s->shape);
  const int64_t len = s->shape.back(), lanes = len ? s->size() / len : 0, isz = s->itemsize();
  for (int64_t l = 0; l < lanes; ++l)
    for (int64_t i = 0; i < len; ++i) {
      const int64_t j = load<int64_t>(ix->data() + (l * len + i) * 8);
      std::memcpy(out->data() + (l * len + i) * isz, s->data() + (l * len + j) * isz, size_t(isz));
    }
  return copy_array(*moveaxis(out, {-1}, {axis}));
}
}  // namespace

ArrayPtr lexsort(const std::vector<ArrayPtr>& keys0, int64_t axis) {
  if (keys0.empty()) type_error("need sequence of keys with len > 0 in lexsort");
  std::vector<ArrayPtr> keys = broadcast_arrays(keys0);
  const int nd = keys[0]->ndim();
  if (nd == 0) {
    ArrayPtr r = make_array(DType::I64, {});
    return r;
  }
  const int ax = normalize_axis_index(axis, nd);
  // idx sorts the keys seen so far; each later key is the more significant one
  ArrayPtr idx = argsort(*keys[0], ax, SortKind::Stable);
  for (size_t k = 1; k < keys.size(); ++k) {
    ArrayPtr perm = argsort(*gather_lanes(keys[k], *idx, ax), ax, SortKind::Stable);
    idx = gather_lanes(idx, *perm, ax);
  }
  return idx;
}

ArrayPtr partition(const ArrayPtr& a, const std::vector<int64_t>& kth, int axis, bool arg) {
  const int64_t n = a->ndim() == 0 ? 1 : a->shape[size_t(axis)];
  for (int64_t k : kth)
    if (k < -n || k >= n) value_error("kth(=" + std::to_string(k) + ") out of bounds (" + std::to_string(n) + ")");
  if (arg) return argsort(*a, axis, SortKind::Stable);
  ArrayPtr c = copy_array(*a);
  sort_inplace(*c, axis, SortKind::Stable);
  return c;
}

UniqueAxis unique_axis(const ArrayPtr& ar, int axis) {
  ArrayPtr moved = copy_array(*moveaxis(ar, {axis}, {0}));
  const int64_t n = moved->shape[0], width = n ? moved->size() / n : 0;
  if (is_complex(ar->dtype)) type_error("unique(axis=) of complex arrays is not supported by stridelab");
  const auto v = doubles(*moved);
  auto row_less = [&](int64_t i, int64_t j) {
    for (int64_t k = 0; k < width; ++k) {
      const double x = v[size_t(i * width + k)], y = v[size_t(j * width + k)];
      if (x != y) return x < y;
    }
    return false;
  };
  std::vector<int64_t> perm(static_cast<size_t>(n));
  std::iota(perm.begin(), perm.end(), 0);
  std::stable_sort(perm.begin(), perm.end(), row_less);
  std::vector<int64_t> first, inverse(static_cast<size_t>(n)), counts;
  for (int64_t r = 0; r < n; ++r) {
    if (r == 0 || row_less(perm[size_t(r - 1)], perm[size_t(r)])) {
      first.push_back(perm[size_t(r)]);
      counts.push_back(0);
    }
    ++counts.back();
    inverse[size_t(perm[size_t(r)])] = int64_t(first.size()) - 1;
  }
  UniqueAxis u;
  u.index = array_of(DType::I64, {int64_t(first.size())}, first);
  u.values = take(ar, *u.index, axis);
  u.inverse = array_of(DType::I64, {n}, inverse);
  u.counts = array_of(DType::I64, {int64_t(counts.size())}, counts);
  return u;
}

// ---- interpolation and polynomial products ----

ArrayPtr interp(const ArrayPtr& x, const ArrayPtr& xp, const ArrayPtr& fp, std::optional<double> left,
                std::optional<double> right, std::optional<double> period) {
  if (xp->ndim() != 1 || fp->ndim() != 1) value_error("object too deep for desired array");
  if (xp->size() != fp->size()) value_error("fp and xp are not of the same length.");
  if (xp->size() == 0) value_error("array of sample points is empty");
  std::vector<double> X = doubles(*xp), F = doubles(*fp), q = doubles(*x);
  if (period) {
    if (*period == 0) value_error("period must be a non-zero value");
    const double p = std::fabs(*period);
    left = right = std::nullopt;
    auto wrap = [&](double t) { double r = std::fmod(t, p); return r < 0 ? r + p : r; };
    for (auto& t : q) t = wrap(t);
    std::vector<size_t> ord(X.size());
    std::iota(ord.begin(), ord.end(), 0);
    for (auto& t : X) t = wrap(t);
    std::stable_sort(ord.begin(), ord.end(), [&](size_t i, size_t j) { return X[i] < X[j]; });
    std::vector<double> X2, F2;
    X2.push_back(X[ord.back()] - p);
    F2.push_back(F[ord.back()]);
    for (size_t i : ord) X2.push_back(X[i]), F2.push_back(F[i]);
    X2.push_back(X[ord.front()] + p);
    F2.push_back(F[ord.front()]);
    X = X2;
    F = F2;
  }
  const double lv = left ? *left : F.front(), rv = right ? *right : F.back();
  const size_t n = X.size();
  std::vector<double> out(q.size());
  for (size_t i = 0; i < q.size(); ++i) {
    const double t = q[i];
    if (std::isnan(t)) { out[i] = t; continue; }
    if (t > X[n - 1]) { out[i] = rv; continue; }
    if (t < X[0]) { out[i] = lv; continue; }
    if (t == X[n - 1]) { out[i] = F[n - 1]; continue; }
    size_t j = size_t(std::upper_bound(X.begin(), X.end(), t) - X.begin()) - 1;
    if (X[j] == t) { out[i] = F[j]; continue; }
    const double slope = (F[j + 1] - F[j]) / (X[j + 1] - X[j]);
    double r = slope * (t - X[j]) + F[j];
    if (std::isnan(r)) {  // NumPy retries from the right end (inf slopes)
      r = slope * (t - X[j + 1]) + F[j + 1];
      if (std::isnan(r) && F[j] == F[j + 1]) r = F[j];
    }
    out[i] = r;
  }
  return array_of(DType::F64, x->shape, out);
}

ArrayPtr vander(const ArrayPtr& x, int64_t n, bool increasing) {
  if (x->ndim() != 1) value_error("x must be a one-dimensional array or sequence.");
  if (n < 0) value_error("negative dimensions are not allowed");
  const DType dt = promote(x->dtype, DType::I64);
  const auto v = doubles(*x);
  std::vector<double> out(v.size() * size_t(n));
  for (size_t i = 0; i < v.size(); ++i) {
    double p = 1;
    for (int64_t j = 0; j < n; ++j) {
      const size_t col = increasing ? size_t(j) : size_t(n - 1 - j);
      out[i * size_t(n) + col] = p;
      p *= v[i];
    }
  }
  return array_of(dt, {int64_t(v.size()), n}, out);
}

ArrayPtr kron(const ArrayPtr& a, const ArrayPtr& b) {
  if (is_complex(a->dtype) || is_complex(b->dtype)) type_error("kron of complex arrays is not supported by stridelab");
  const int nd = std::max(a->ndim(), b->ndim());
  Shape sa(size_t(nd - a->ndim()), 1), sb(size_t(nd - b->ndim()), 1);
  sa.insert(sa.end(), a->shape.begin(), a->shape.end());
  sb.insert(sb.end(), b->shape.begin(), b->shape.end());
  Shape so(static_cast<size_t>(nd));
  for (int k = 0; k < nd; ++k) so[size_t(k)] = sa[size_t(k)] * sb[size_t(k)];
  const auto av = doubles(*a), bv = doubles(*b);
  const auto ma = multipliers(sa, 'C'), mb = multipliers(sb, 'C'), mo = multipliers(so, 'C');
  std::vector<double> out(size_t(shape_size(so)));
  for (size_t i = 0; i < av.size(); ++i)
    for (size_t j = 0; j < bv.size(); ++j) {
      int64_t o = 0;
      for (int k = 0; k < nd; ++k) {
        const int64_t ia = (int64_t(i) / ma[size_t(k)]) % sa[size_t(k)], ib = (int64_t(j) / mb[size_t(k)]) % sb[size_t(k)];
        o += (ia * sb[size_t(k)] + ib) * mo[size_t(k)];
      }
      out[size_t(o)] = av[i] * bv[j];
    }
  const DType dt = a->dtype == DType::Bool && b->dtype == DType::Bool ? DType::Bool : promote(a->dtype, b->dtype);
  return array_of(dt, so, out);
}

ArrayPtr cross(const ArrayPtr& a, const ArrayPtr& b) {
  if (a->ndim() == 0 || b->ndim() == 0) value_error("At least one array has zero dimension");
  const int64_t na = a->shape.back(), nb = b->shape.back();
  if ((na != 2 && na != 3) || (nb != 2 && nb != 3))
    value_error("incompatible dimensions for cross product\n(dimension must be 2 or 3)");
  Shape la(a->shape.begin(), a->shape.end() - 1), lb(b->shape.begin(), b->shape.end() - 1);
  Shape lead = broadcast_shapes_np({la, lb});
  Shape ta = lead, tb = lead;
  ta.push_back(na);
  tb.push_back(nb);
  const auto av = doubles(*broadcast_to(a, ta)), bv = doubles(*broadcast_to(b, tb));
  const int64_t m = shape_size(lead);
  const bool both2 = na == 2 && nb == 2;
  std::vector<double> out;
  for (int64_t i = 0; i < m; ++i) {
    const double* p = av.data() + i * na;
    const double* q = bv.data() + i * nb;
    const double a0 = p[0], a1 = p[1], a2 = na == 3 ? p[2] : 0, b0 = q[0], b1 = q[1], b2 = nb == 3 ? q[2] : 0;
    if (both2) {
      out.push_back(a0 * b1 - a1 * b0);
      continue;
    }
    out.push_back(a1 * b2 - a2 * b1);
    out.push_back(a2 * b0 - a0 * b2);
    out.push_back(a0 * b1 - a1 * b0);
  }
  Shape so = lead;
  if (!both2) so.push_back(3);
  return array_of(promote(a->dtype, b->dtype), so, out);
}

ArrayPtr correlate(const ArrayPtr& a0, const ArrayPtr& v0, const std::string& mode, bool convolve) {
  if (a0->ndim() != 1 || v0->ndim() != 1) value_error("object too deep for desired array");
  if (is_complex(a0->dtype) || is_complex(v0->dtype)) type_error("complex correlate is not supported by stridelab");
  std::vector<double> a = doubles(*a0), v = doubles(*v0);
  if (convolve && v.size() > a.size()) std::swap(a, v);  // np.convolve swaps before its checks
  if (a.empty()) value_error("a cannot be empty");
  if (v.empty()) value_error("v cannot be empty");
  if (convolve) std::reverse(v.begin(), v.end());
  bool swapped = false;
  if (a.size() < v.size()) {
    std::swap(a, v);
    swapped = true;
  }
  const int64_t n = int64_t(a.size()), m = int64_t(v.size());
  int64_t left, len;
  if (mode == "full") left = m - 1, len = n + m - 1;
  else if (mode == "same") left = m / 2, len = n;
  else if (mode == "valid") left = 0, len = n - m + 1;
  else value_error("mode must be one of 'valid', 'same', or 'full' (got '" + mode + "')");
  std::vector<double> out(size_t(len), 0.0);
  for (int64_t i = 0; i < len; ++i) {
    double s = 0;
    for (int64_t j = 0; j < m; ++j) {
      const int64_t k = j + i - left;
      if (k >= 0 && k < n) s += a[size_t(k)] * v[size_t(j)];
    }
    out[size_t(i)] = s;
  }
  if (swapped) std::reverse(out.begin(), out.end());
  return array_of(promote(a0->dtype, v0->dtype), {len}, out);
}

// ---- the element edits ----

ArrayPtr delete_items(const ArrayPtr& arr0, const std::vector<int64_t>& idx, std::optional<int64_t> axis) {
  ArrayPtr arr = axis ? arr0 : ravel(arr0);
  const int ax = axis ? normalize_axis_index(*axis, arr->ndim()) : 0;
  const int64_t n = arr->shape[size_t(ax)];
  std::vector<uint8_t> keep(size_t(n), 1);
  for (int64_t i : idx) {
    if (i < -n || i >= n) index_error(out_of_bounds(i, ax, n));
    keep[size_t(i < 0 ? i + n : i)] = 0;
  }
  std::vector<int64_t> k;
  for (int64_t i = 0; i < n; ++i)
    if (keep[size_t(i)]) k.push_back(i);
  return take(arr, *array_of(DType::I64, {int64_t(k.size())}, k), ax);
}

ArrayPtr insert_items(const ArrayPtr& arr0, const std::vector<int64_t>& idx, bool scalar_index,
                      const ArrayPtr& values0, std::optional<int64_t> axis) {
  ArrayPtr arr = axis ? arr0 : ravel(arr0);
  const int ax = axis ? normalize_axis_index(*axis, arr->ndim()) : 0;
  const int64_t n = arr->shape[size_t(ax)];
  // values as NumPy: cast to arr's dtype, ndmin = arr.ndim
  ArrayPtr values = copy_as(*values0, arr->dtype);
  while (values->ndim() < arr->ndim()) values = expand_dims(values, {0});
  int64_t numnew;
  if (scalar_index) {
    if (values->ndim() > 0) values = moveaxis(values, {0}, {ax});
    numnew = values->ndim() > 0 ? values->shape[size_t(ax)] : 1;
  } else {
    numnew = int64_t(idx.size());
  }
  Shape block = arr->shape;
  block[size_t(ax)] = numnew;
  values = copy_array(*broadcast_to(values, block));
  std::vector<int64_t> pos(idx);
  for (auto& p : pos) {
    if (p < -n || p > n) index_error(out_of_bounds(p, ax, n));
    if (p < 0) p += n;
  }
  // source index along the axis of concatenate([arr, values]) for every output position
  std::vector<int64_t> src(size_t(n + numnew), -1);
  if (scalar_index) {
    for (int64_t j = 0; j < numnew; ++j) src[size_t(pos[0] + j)] = n + j;
  } else {
    std::vector<size_t> order(pos.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t i, size_t j) { return pos[i] < pos[j]; });
    for (size_t j = 0; j < order.size(); ++j) src[size_t(pos[order[j]]) + j] = n + int64_t(order[j]);
  }
  int64_t next = 0;
  for (auto& s : src)
    if (s < 0) s = next++;
  ArrayPtr both = concatenate({arr, values}, ax, arr->dtype);
  return take(both, *array_of(DType::I64, {int64_t(src.size())}, src), ax);
}

namespace {
// The source index in [0, n) of padded position i (relative to the original start).
int64_t pad_source(const std::string& mode, int64_t i, int64_t n) {
  if (mode == "edge") return std::clamp<int64_t>(i, 0, n - 1);
  if (mode == "wrap") return ((i % n) + n) % n;
  if (mode == "reflect") {
    if (n == 1) return 0;
    const int64_t p = 2 * (n - 1);
    int64_t m = ((i % p) + p) % p;
    return m >= n ? p - m : m;
  }
  const int64_t p = 2 * n;  // symmetric
  int64_t m = ((i % p) + p) % p;
  return m >= n ? p - 1 - m : m;
}

double round_half_even(double v) { return v - std::remainder(v, 1.0); }

// Pads every lane (last axis of the C-contiguous src) into dst's lanes.
void pad_lanes(const Array& src, const Array& dst, const PadSpec& spec, int axis) {
  const int64_t n = src.shape.back(), len = dst.shape.back(), isz = src.itemsize();
  const int64_t lanes = n ? src.size() / n : dst.size() / std::max<int64_t>(len, 1);
  const auto [b, c] = spec.width[size_t(axis)];
  const DType dt = src.dtype;
  const bool int_dt = !is_inexact(dt);
  for (int64_t l = 0; l < lanes; ++l) {
    const char* s = src.data() + l * n * isz;
    char* d = dst.data() + l * len * isz;
    if (n) std::memcpy(d + b * isz, s, size_t(n * isz));
    auto put = [&](int64_t j, double v) { store_as(dt, d + j * isz, v); };
    if (spec.mode == "constant") {
      for (int64_t j = 0; j < b; ++j) put(j, spec.values[size_t(axis)].first);
      for (int64_t j = b + n; j < len; ++j) put(j, spec.values[size_t(axis)].second);
    } else if (spec.mode == "linear_ramp") {
      const double e0 = load_as<double>(dt, s), e1 = load_as<double>(dt, s + (n - 1) * isz);
      const double v0 = spec.values[size_t(axis)].first, v1 = spec.values[size_t(axis)].second;
      for (int64_t j = 0; j < b; ++j) {
        double v = v0 + double(j) * ((e0 - v0) / double(b));
        put(j, int_dt ? std::floor(v) : v);
      }
      for (int64_t j = 0; j < c; ++j) {  // reversed linspace(e1, v1, c, endpoint=False)
        double v = v1 + double(c - 1 - j) * ((e1 - v1) / double(c));
        put(b + n + j, int_dt ? std::floor(v) : v);
      }
    } else if (spec.mode == "mean") {
      auto mean = [&](int64_t from, int64_t count) {
        double sum = 0;
        for (int64_t i = 0; i < count; ++i) sum += load_as<double>(dt, s + (from + i) * isz);
        double m = sum / double(count);
        return int_dt ? round_half_even(m) : m;
      };
      auto [s0, s1] = spec.stat_length.empty() ? std::pair<int64_t, int64_t>{-1, -1} : spec.stat_length[size_t(axis)];
      const int64_t k0 = s0 < 0 ? n : std::min(s0, n), k1 = s1 < 0 ? n : std::min(s1, n);
      const double m0 = mean(0, k0), m1 = mean(n - k1, k1);
      for (int64_t j = 0; j < b; ++j) put(j, m0);
      for (int64_t j = b + n; j < len; ++j) put(j, m1);
    } else {
      for (int64_t j = 0; j < len; ++j) {
        if (j >= b && j < b + n) continue;
        std::memcpy(d + j * isz, s + pad_source(spec.mode, j - b, n) * isz, size_t(isz));
      }
      if (spec.odd && (spec.mode == "reflect" || spec.mode == "symmetric")) {
        // odd reflection: 2 * edge - mirrored value
        const double e0 = load_as<double>(dt, s), e1 = load_as<double>(dt, s + (n - 1) * isz);
        for (int64_t j = 0; j < len; ++j) {
          if (j >= b && j < b + n) continue;
          const double edge = j < b ? e0 : e1;
          put(j, 2 * edge - load_as<double>(dt, d + j * isz));
        }
      }
    }
  }
}
}  // namespace

ArrayPtr pad(const ArrayPtr& a, const PadSpec& spec) {
  static const char* kModes[] = {"constant", "edge", "wrap", "reflect", "symmetric", "linear_ramp", "mean"};
  if (std::find_if(std::begin(kModes), std::end(kModes), [&](const char* m) { return spec.mode == m; }) == std::end(kModes))
    value_error("mode '" + spec.mode + "' is not supported");
  ArrayPtr cur = copy_array(*a);
  for (int k = 0; k < a->ndim(); ++k) {
    const auto [b, c] = spec.width[size_t(k)];
    if (b < 0 || c < 0) value_error("index can't contain negative values");
    if (b == 0 && c == 0) continue;
    if (cur->shape[size_t(k)] == 0 && spec.mode != "constant")
      value_error("can't extend empty axis " + std::to_string(k) + " using modes other than 'constant' or 'empty'");
    ArrayPtr src = copy_array(*moveaxis(cur, {k}, {-1}));
    Shape ds = src->shape;
    ds.back() += b + c;
    ArrayPtr dst = make_array(cur->dtype, ds);
    pad_lanes(*src, *dst, spec, k);
    cur = copy_array(*moveaxis(dst, {-1}, {k}));
  }
  return cur;
}

ArrayPtr packbits(const ArrayPtr& a0, std::optional<int64_t> axis, bool little) {
  if (!is_integer(a0->dtype) && a0->dtype != DType::Bool)
    type_error("Expected an input array of integer or boolean data type");
  ArrayPtr a = axis ? a0 : ravel(a0);
  const int ax = axis ? normalize_axis_index(*axis, a->ndim()) : 0;
  if (a->ndim() == 0) a = ravel(a);
  ArrayPtr src = copy_as(*moveaxis(a, {ax}, {-1}), DType::Bool);
  const int64_t n = src->shape.back(), m = (n + 7) / 8, lanes = n ? src->size() / n : 0;
  Shape s = src->shape;
  s.back() = m;
  ArrayPtr out = make_array(DType::U8, s);
  for (int64_t l = 0; l < lanes; ++l)
    for (int64_t i = 0; i < n; ++i)
      if (load<bool>(src->data() + l * n + i)) {
        const int bit = little ? int(i % 8) : 7 - int(i % 8);
        out->data()[l * m + i / 8] = char(uint8_t(out->data()[l * m + i / 8]) | (1u << bit));
      }
  return copy_array(*moveaxis(out, {-1}, {ax}));
}

ArrayPtr unpackbits(const ArrayPtr& a0, std::optional<int64_t> axis, std::optional<int64_t> count, bool little) {
  if (a0->dtype != DType::U8) type_error("Expected an input array of unsigned byte data type");
  ArrayPtr a = axis ? a0 : ravel(a0);
  const int ax = axis ? normalize_axis_index(*axis, a->ndim()) : 0;
  if (a->ndim() == 0) a = ravel(a);
  ArrayPtr src = copy_array(*moveaxis(a, {ax}, {-1}));
  const int64_t m = src->shape.back(), lanes = m ? src->size() / m : 0;
  int64_t n = 8 * m;
  if (count) {
    if (*count < -n) value_error("-count larger than number of elements");
    n = *count < 0 ? n + *count : *count;
  }
  Shape s = src->shape;
  s.back() = n;
  ArrayPtr out = make_array(DType::U8, s);
  for (int64_t l = 0; l < lanes; ++l)
    for (int64_t i = 0; i < std::min(n, 8 * m); ++i) {
      const int bit = little ? int(i % 8) : 7 - int(i % 8);
      out->data()[l * n + i] = char((uint8_t(src->data()[l * m + i / 8]) >> bit) & 1u);
    }
  return copy_array(*moveaxis(out, {-1}, {ax}));
}

ArrayPtr byteswap(const ArrayPtr& a, bool inplace) {
  ArrayPtr r = inplace ? a : copy_array(*a, 'K');
  if (inplace && !a->writeable) value_error("assignment destination is read-only");
  const int part = is_complex(a->dtype) ? a->itemsize() / 2 : a->itemsize();
  ArrayPtr work = inplace ? copy_array(*a) : r;
  for (int64_t i = 0; i < work->size() * a->itemsize(); i += part) std::reverse(work->data() + i, work->data() + i + part);
  if (inplace) copy_into(*a, *work);
  return r;
}

ArrayPtr rot90(const ArrayPtr& m, int64_t k, int64_t axis0, int64_t axis1) {
  const int nd = m->ndim();
  if (axis0 == axis1 || std::llabs(axis0 - axis1) == nd) value_error("Axes must be different.");
  if (axis0 >= nd || axis0 < -nd || axis1 >= nd || axis1 < -nd)
    value_error("Axes=(" + std::to_string(axis0) + ", " + std::to_string(axis1) + ") out of range for array of ndim=" +
                std::to_string(nd) + ".");
  k = ((k % 4) + 4) % 4;
  if (k == 0) return basic_index(m, {full_slice()});
  if (k == 2) return flip(flip(m, {axis0}, false), {axis1}, false);
  std::vector<int64_t> perm(static_cast<size_t>(nd));
  std::iota(perm.begin(), perm.end(), 0);
  std::swap(perm[size_t(axis0 < 0 ? axis0 + nd : axis0)], perm[size_t(axis1 < 0 ? axis1 + nd : axis1)]);
  if (k == 1) return transpose(flip(m, {axis1}, false), perm);
  return flip(transpose(m, perm), {axis1}, false);
}

}  // namespace sl
