// creation: eye, tri, tril/triu, diag, linspace (see creation.hpp).
#include "core/numpy/creation.hpp"

#include <cmath>
#include <cstring>

#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/ops/copy.hpp"
#include "core/model/strides.hpp"
#include "core/ops/views.hpp"

namespace sl {

ArrayPtr eye(int64_t n, int64_t m, int64_t k, DType dt, char order) {
  ArrayPtr r = make_array(dt, {n, m}, order);
  alignas(16) char one[16];
  store_as(dt, one, int64_t(1));
  for (int64_t i = 0; i < n; ++i) {
    int64_t j = i + k;
    if (j >= 0 && j < m) std::memcpy(r->data() + i * r->strides[0] + j * r->strides[1], one, size_t(itemsize(dt)));
  }
  return r;
}

ArrayPtr tri(int64_t n, int64_t m, int64_t k, DType dt) {
  ArrayPtr r = make_array(dt, {n, m});
  alignas(16) char one[16];
  store_as(dt, one, int64_t(1));
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < m; ++j)
      if (j - i <= k) std::memcpy(r->data() + (i * m + j) * itemsize(dt), one, size_t(itemsize(dt)));
  return r;
}

// np.where(mask, m, zeros(1)) with mask = tri(*m.shape[-2:], k) (or its
// complement): element (.., i, j) is zeroed when j - i > k (tril) / < k (triu).
ArrayPtr tri_mask(const ArrayPtr& m, int64_t k, bool upper) {
  if (m->ndim() == 0) type_error("tri() missing 1 required positional argument: 'N'");
  int64_t rows = m->ndim() >= 2 ? m->shape[size_t(m->ndim() - 2)] : m->shape[0];
  int64_t cols = m->shape[size_t(m->ndim() - 1)];
  Shape out_shape = broadcast_shapes({m->shape, Shape{rows, cols}});
  Array mb = broadcast_layout(*m, out_shape);
  // np.where allocates its output in the operands' memory order (nditer,
  // order 'K'): the mask is C-ordered (rows, cols) bool.
  const size_t nd = out_shape.size();
  Strides mask_st(nd, 0);
  mask_st[nd - 1] = cols == 1 ? 0 : 1;
  if (nd >= 2) mask_st[nd - 2] = rows == 1 ? 0 : cols;
  std::vector<int> perm = nditer_axis_order(out_shape, {mask_st, mb.strides, Strides(nd, 0)});
  ArrayPtr r = make_array(m->dtype, out_shape);
  r->strides = strides_for_perm(out_shape, perm, r->itemsize());
  copy_into(*r, mb);
  const int64_t isz = r->itemsize();
  std::vector<int64_t> idx(nd, 0);
  if (r->size() == 0) return r;
  for (;;) {
    int64_t i = nd >= 2 ? idx[nd - 2] : 0, j = idx[nd - 1];
    if (upper ? j - i < k : j - i > k) std::memset(r->storage->data() + flat_offset(*r, idx), 0, size_t(isz));
    int d = int(nd) - 1;
    for (; d >= 0; --d) {
      if (++idx[size_t(d)] < out_shape[size_t(d)]) break;
      idx[size_t(d)] = 0;
    }
    if (d < 0) break;
  }
  return r;
}

ArrayPtr diag(const ArrayPtr& v, int64_t k) {
  if (v->ndim() == 1) {
    int64_t n = v->shape[0] + (k < 0 ? -k : k);
    ArrayPtr res = make_array(v->dtype, {n, n});
    int isz = v->itemsize();
    for (int64_t i = 0; i < v->shape[0]; ++i) {
      int64_t r = k >= 0 ? i : i - k, c = k >= 0 ? i + k : i;
      std::memcpy(res->data() + (r * n + c) * isz, v->data() + i * v->strides[0], size_t(isz));
    }
    return res;
  }
  if (v->ndim() == 2) return diagonal(v, k, 0, 1);
  value_error("Input must be 1- or 2-d.");
}

namespace {

// dt = result_type(start * 1.0, stop * 1.0, float(num)): n-d operands keep
// their inexact dtype (integers become float64); 0-d ones only contribute
// their kind (value-based casting).
DType linspace_dtype(const ArrayPtr& s, const ArrayPtr& e) {
  bool cplx = is_complex(s->dtype) || is_complex(e->dtype);
  DType dt = DType::F64;
  bool have_nd = false;
  for (const ArrayPtr& x : {s, e}) {
    if (x->ndim() == 0) continue;
    DType d = is_inexact(x->dtype) ? x->dtype : DType::F64;
    dt = have_nd ? promote(dt, d) : d;
    have_nd = true;
  }
  if (cplx && !is_complex(dt)) dt = to_complex(dt);
  return dt;
}

ArrayPtr broadcast_copy_c128(const ArrayPtr& x, const Shape& bs) {
  Array b = broadcast_layout(*x, bs);
  return copy_as(b, DType::C128, 'C');
}

}  // namespace

// numpy/core/function_base.py linspace, element by element:
// y[i] = i * step + start with step = (stop - start) / div, or
// (i / div) * delta + start when some step underflows to 0; y[-1] = stop.
Linspace linspace(const ArrayPtr& s, const ArrayPtr& e, int64_t num, bool endpoint, std::optional<DType> want,
                  int64_t axis) {
  if (num < 0) value_error("Number of samples, " + std::to_string(num) + ", must be non-negative.");
  int64_t div = endpoint ? num - 1 : num;
  const bool cplx = is_complex(s->dtype) || is_complex(e->dtype);
  const DType dt = linspace_dtype(s, e);
  Shape bs = broadcast_shapes({s->shape, e->shape});
  ArrayPtr sc = broadcast_copy_c128(s, bs), ec = broadcast_copy_c128(e, bs);
  int64_t m = sc->size();
  Shape yshape{num};
  yshape.insert(yshape.end(), bs.begin(), bs.end());
  ArrayPtr y = make_array(DType::C128, yshape);
  const c128* S = reinterpret_cast<const c128*>(sc->data());
  const c128* E = reinterpret_cast<const c128*>(ec->data());
  c128* Y = reinterpret_cast<c128*>(y->data());
  bool any_step_zero = false;
  if (div > 0)
    for (int64_t p = 0; p < m; ++p) any_step_zero |= (E[p] - S[p]) / double(div) == c128(0);
  for (int64_t i = 0; i < num; ++i) {
    for (int64_t p = 0; p < m; ++p) {
      c128 delta = E[p] - S[p];
      c128 v;
      if (div > 0) v = any_step_zero ? (double(i) / double(div)) * delta : double(i) * (delta / double(div));
      else v = double(i) * delta;
      Y[i * m + p] = v + S[p];
    }
  }
  if (endpoint && num > 1)
    for (int64_t p = 0; p < m; ++p) Y[(num - 1) * m + p] = E[p];
  ArrayPtr yr = copy_as(*y, dt, 'C');
  // For scalar start/stop NumPy works in place on arange(num).reshape(-1), so
  // the result is a view of that arange (OWNDATA False); with array
  // start/stop `y * step` makes a new array.
  if (bs.empty() && div > 0) yr = reshape(yr, {num});  // (div <= 0: y = y * delta is new)
  if (axis != 0) yr = moveaxis(yr, {0}, {axis});
  if (want) {
    if (is_integer(*want)) {
      ArrayPtr f = copy_as(*yr, DType::F64, 'C');
      double* F = reinterpret_cast<double*>(f->data());
      for (int64_t k = 0; k < f->size(); ++k) F[k] = std::floor(F[k]);
      yr = f;
    }
    if (*want != yr->dtype) yr = copy_as(*yr, *want, 'K');
  }
  ArrayPtr st = make_array(cplx ? DType::C128 : DType::F64, bs);
  for (int64_t p = 0; p < m; ++p) {
    c128 v = div > 0 ? (E[p] - S[p]) / double(div) : c128(NAN, 0);
    if (cplx) store(st->data() + 16 * p, v);
    else store(st->data() + 8 * p, v.real());
  }
  return {yr, st, div <= 0 && bs.empty()};
}

}  // namespace sl
