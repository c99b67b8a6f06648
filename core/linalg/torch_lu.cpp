// torch_lu: see torch_lu.hpp.
#include "core/linalg/torch_lu.hpp"

#include <cmath>
#include <complex>
#include <cstring>

#include "core/linalg/lu.hpp"
#include "core/model/element.hpp"
#include "core/model/strides.hpp"
#include "core/ops/copy.hpp"

namespace sl::linalg {

namespace {

template <class F>
void visit_lapack(DType dt, F&& f) {
  switch (dt) {
    case DType::F32: f(float{}); break;
    case DType::F64: f(double{}); break;
    case DType::C64: f(std::complex<float>{}); break;
    default: f(std::complex<double>{}); break;
  }
}

int64_t batch_count(const Shape& s) {
  int64_t c = 1;
  for (size_t i = 0; i + 2 < s.size(); ++i) c *= s[i];
  return c;
}

template <class T> T sgn(T x) {
  if constexpr (std::is_floating_point_v<T>) return x > 0 ? T(1) : x < 0 ? T(-1) : T(0);
  else return x == T(0) ? T(0) : x / T(std::abs(x));
}

}  // namespace

TorchFactor torch_lu_factor(const ArrayPtr& a, bool allow_transposed) {
  TorchFactor f;
  f.transposed = allow_transposed && !is_complex(a->dtype) && a->c_contiguous();
  Array src = *a;
  if (!f.transposed) {  // the column-major copy LAPACK is given, read here row-major as A
  } else {              // A's buffer read column-major: A^T row-major
    const int nd = src.ndim();
    std::swap(src.shape[size_t(nd - 1)], src.shape[size_t(nd - 2)]);
    std::swap(src.strides[size_t(nd - 1)], src.strides[size_t(nd - 2)]);
  }
  f.lu = copy_as(src, a->dtype, 'C');
  f.lu->flavor = Flavor::Torch;
  const int64_t n = a->shape.back(), count = batch_count(a->shape);
  Shape ps(a->shape.begin(), a->shape.end() - 1);
  f.pivots = make_array(DType::I32, ps, 'C', Flavor::Torch);
  f.info.assign(size_t(count), 0);
  visit_lapack(a->dtype, [&](auto tag) {
    using T = decltype(tag);
    std::vector<int64_t> piv;
    for (int64_t b = 0; b < count; ++b) {
      lu(reinterpret_cast<T*>(f.lu->data()) + b * n * n, n, piv, &f.info[size_t(b)]);
      for (int64_t j = 0; j < n; ++j) store<int32_t>(f.pivots->data() + (b * n + j) * 4, int32_t(piv[size_t(j)] + 1));
    }
  });
  return f;
}

ArrayPtr torch_det(const TorchFactor& f) {
  const Shape& s = f.lu->shape;
  Shape bs(s.begin(), s.end() - 2);
  ArrayPtr out = make_array(f.lu->dtype, bs, 'C', Flavor::Torch);
  const int64_t n = s.back(), count = batch_count(s);
  visit_lapack(f.lu->dtype, [&](auto tag) {
    using T = decltype(tag);
    for (int64_t b = 0; b < count; ++b) {
      const T* LU = reinterpret_cast<const T*>(f.lu->data()) + b * n * n;
      T p = n ? LU[0] : T(1);
      for (int64_t i = 1; i < n; ++i) p *= LU[i * n + i];
      int swaps = 0;
      for (int64_t j = 0; j < n; ++j) swaps += load<int32_t>(f.pivots->data() + (b * n + j) * 4) != j + 1;
      store<T>(out->data() + b * int64_t(sizeof(T)), swaps % 2 ? p * T(-1) : p);
    }
  });
  return out;
}

std::pair<ArrayPtr, ArrayPtr> torch_slogdet(const TorchFactor& f) {
  const Shape& s = f.lu->shape;
  Shape bs(s.begin(), s.end() - 2);
  const DType rt = is_complex(f.lu->dtype) ? (f.lu->dtype == DType::C64 ? DType::F32 : DType::F64) : f.lu->dtype;
  ArrayPtr sign = make_array(f.lu->dtype, bs, 'C', Flavor::Torch), logabs = make_array(rt, bs, 'C', Flavor::Torch);
  const int64_t n = s.back(), count = batch_count(s);
  visit_lapack(f.lu->dtype, [&](auto tag) {
    using T = decltype(tag);
    using R = decltype(std::abs(T{}));
    for (int64_t b = 0; b < count; ++b) {
      const T* LU = reinterpret_cast<const T*>(f.lu->data()) + b * n * n;
      T sg = T(1);
      R la = R(0);
      for (int64_t i = 0; i < n; ++i) sg *= sgn(LU[i * n + i]);
      for (int64_t i = 0; i < n; ++i) la += std::log(std::abs(LU[i * n + i]));
      int swaps = 0;
      for (int64_t j = 0; j < n; ++j) swaps += load<int32_t>(f.pivots->data() + (b * n + j) * 4) != j + 1;
      store<T>(sign->data() + b * int64_t(sizeof(T)), swaps % 2 ? sg * T(-1) : sg);
      store<R>(logabs->data() + b * int64_t(sizeof(R)), la);
    }
  });
  return {sign, logabs};
}

ArrayPtr torch_lu_solve(const TorchFactor& f, const ArrayPtr& b) {
  const Shape& as = f.lu->shape;
  const int64_t n = as.back(), k = b->shape.back();
  Shape abatch(as.begin(), as.end() - 2), bbatch(b->shape.begin(), b->shape.end() - 2);
  Shape batch = broadcast_shapes({abatch, bbatch});
  Shape bfull = batch;
  bfull.push_back(n), bfull.push_back(k);
  Array bv = *b;
  bv.shape = bfull;
  bv.strides = broadcast_strides(b->shape, b->strides, bfull);
  ArrayPtr X = copy_as(bv, f.lu->dtype, 'C');
  X->flavor = Flavor::Torch;
  Shape afull = batch;
  afull.push_back(n), afull.push_back(n);
  Strides ast = broadcast_strides(as, f.lu->strides, afull);
  Shape pfull = batch;
  pfull.push_back(n);
  Strides pst = broadcast_strides(f.pivots->shape, f.pivots->strides, pfull);
  const int64_t count = batch_count(afull);
  visit_lapack(f.lu->dtype, [&](auto tag) {
    using T = decltype(tag);
    std::vector<int64_t> piv(static_cast<size_t>(n));
    for (int64_t i = 0; i < count; ++i) {
      // the i-th matrix of the broadcast batch: its factors' offset through the broadcast strides
      int64_t aoff = 0, poff = 0, rem = i;
      for (int d = int(batch.size()) - 1; d >= 0; --d) {
        const int64_t idx = rem % batch[size_t(d)];
        rem /= batch[size_t(d)];
        aoff += idx * ast[size_t(d)];
        poff += idx * pst[size_t(d)];
      }
      const T* LU = reinterpret_cast<const T*>(f.lu->data() + aoff);
      for (int64_t j = 0; j < n; ++j) piv[size_t(j)] = load<int32_t>(f.pivots->data() + poff + j * 4) - 1;
      T* B = reinterpret_cast<T*>(X->data()) + i * n * k;
      if (f.transposed) lu_solve_transposed(LU, n, piv, B, k);
      else lu_solve(LU, n, piv, B, k);
    }
  });
  return X;
}

ArrayPtr torch_solve_triangular(const ArrayPtr& a, const ArrayPtr& b, bool upper, bool unit) {
  ArrayPtr A = copy_as(*a, a->dtype, 'C'), X = copy_as(*b, a->dtype, 'C');
  X->flavor = Flavor::Torch;
  const int64_t n = a->shape.back(), k = b->shape.back(), count = batch_count(a->shape);
  visit_lapack(a->dtype, [&](auto tag) {
    using T = decltype(tag);
    for (int64_t i = 0; i < count; ++i)
      triangular_solve(reinterpret_cast<const T*>(A->data()) + i * n * n, n, reinterpret_cast<T*>(X->data()) + i * n * k, k,
                       upper, unit);
  });
  return X;
}

namespace {

// org2r on a column-major m x n matrix (element (r, c) at A[c * m + r]).
template <class T>
void org2r(T* A, int64_t m, int64_t n, int64_t k, const T* tau) {
  auto at = [&](int64_t r, int64_t c) -> T& { return A[c * m + r]; };
  for (int64_t j = k; j < n; ++j) {
    for (int64_t l = 0; l < m; ++l) at(l, j) = T(0);
    at(j, j) = T(1);
  }
  std::vector<T> w(static_cast<size_t>(n));
  for (int64_t i = k - 1; i >= 0; --i) {
    if (i < n - 1) {
      at(i, i) = T(1);
      // larf('Left'): w = C^H v over C = A(i:m, i+1:n), then C -= tau v w^H
      for (int64_t j = i + 1; j < n; ++j) {
        T s = T(0);
        for (int64_t l = i; l < m; ++l) s += at(l, j) * at(l, i);
        w[size_t(j)] = s;
      }
      for (int64_t j = i + 1; j < n; ++j) {
        const T t = -tau[i] * w[size_t(j)];
        for (int64_t l = i; l < m; ++l) at(l, j) += at(l, i) * t;
      }
    }
    for (int64_t l = i + 1; l < m; ++l) at(l, i) *= -tau[i];
    at(i, i) = T(1) - tau[i];
    for (int64_t l = 0; l < i; ++l) at(l, i) = T(0);
  }
}

}  // namespace

ArrayPtr torch_householder_product(const ArrayPtr& a, const ArrayPtr& tau) {
  const int64_t m = a->shape[size_t(a->ndim() - 2)], n = a->shape.back(), k = tau->shape.back();
  // a column-major copy: the transpose's C order
  Array at = *a;
  std::swap(at.shape[size_t(at.ndim() - 1)], at.shape[size_t(at.ndim() - 2)]);
  std::swap(at.strides[size_t(at.ndim() - 1)], at.strides[size_t(at.ndim() - 2)]);
  ArrayPtr Q = copy_as(at, a->dtype, 'C');
  ArrayPtr t = copy_as(*tau, a->dtype, 'C');
  const int64_t count = batch_count(a->shape);
  visit_lapack(a->dtype, [&](auto tag) {
    using T = decltype(tag);
    for (int64_t b = 0; b < count; ++b)
      org2r(reinterpret_cast<T*>(Q->data()) + b * m * n, m, n, k, reinterpret_cast<const T*>(t->data()) + b * k);
  });
  // back to (..., m, n): the column-major buffer read as its transpose
  Array qv = *Q;
  std::swap(qv.shape[size_t(qv.ndim() - 1)], qv.shape[size_t(qv.ndim() - 2)]);
  std::swap(qv.strides[size_t(qv.ndim() - 1)], qv.strides[size_t(qv.ndim() - 2)]);
  ArrayPtr out = copy_as(qv, a->dtype, 'C');
  out->flavor = Flavor::Torch;
  return out;
}

}  // namespace sl::linalg
