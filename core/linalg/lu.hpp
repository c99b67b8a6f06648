// lu: LU factorisation with partial pivoting and the solves through it, as
// the reference LAPACK (getrf/getrf2, getrs) computes them on the reference
// BLAS, for any element type (float, double, complex<double>): numpy.linalg
// runs them in double (core/linalg/linalg.cpp), torch.linalg in the tensor's
// own precision (core/linalg/torch_lu.cpp).
//
// Invariant: matrices are row-major n x n (right-hand sides n x nrhs); each
// element receives the same operations in the same order as LAPACK's, so the
// results agree bit for bit with the reference's.
#pragma once
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

namespace sl::linalg {

// getrf2's sfmin: the smallest normal number of the working precision.
template <class T> double lu_safe_min() {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, std::complex<float>>) return std::numeric_limits<float>::min();
  return std::numeric_limits<double>::min();
}

template <class T> double absval(T x) { return std::abs(x); }

// LU with partial pivoting in place, right-looking (mirrors getrf/getrf2: the
// pivot is the first entry of largest magnitude, the column below it is
// scaled by the pivot's reciprocal, and every element a_ij receives its
// updates -l_ik u_kj in k order -- the same operations in the same order as
// the recursive/blocked reference LAPACK on the reference BLAS, so factors,
// det, inv and solve agree with NumPy bit for bit). Row-major n x n. Returns
// false when some pivot is exactly zero (LAPACK's info > 0); the
// factorisation continues past it.
// info (when given): LAPACK's info, the 1-based index of the first exactly
// zero pivot, 0 when there is none.
template <class T>
bool lu(T* A, int64_t n, std::vector<int64_t>& piv, int64_t* info = nullptr) {
  piv.resize(size_t(n));
  bool ok = true;
  if (info) *info = 0;
  for (int64_t j = 0; j < n; ++j) {
    int64_t p = j;
    double best = absval(A[j * n + j]);
    for (int64_t i = j + 1; i < n; ++i)
      if (absval(A[i * n + j]) > best) best = absval(A[i * n + j]), p = i;
    piv[size_t(j)] = p;
    if (A[p * n + j] == T(0)) {
      if (ok && info) *info = j + 1;
      ok = false;
      continue;
    }
    if (p != j)
      for (int64_t k = 0; k < n; ++k) std::swap(A[j * n + k], A[p * n + k]);
    // getrf2: scale by the reciprocal unless the pivot is below the safe minimum
    const bool recip = absval(A[j * n + j]) >= lu_safe_min<T>();
    const T r = T(1) / A[j * n + j];
    for (int64_t i = j + 1; i < n; ++i) {
      T l = recip ? A[i * n + j] * r : A[i * n + j] / A[j * n + j];
      A[i * n + j] = l;
      if (l == T(0)) continue;
      for (int64_t k = j + 1; k < n; ++k) A[i * n + k] -= l * A[j * n + k];
    }
  }
  return ok;
}

// Solves LU X = P B for nrhs right-hand sides (B row-major n x nrhs, in place)
// as getrs does on the reference BLAS: the row swaps, then dtrsm's column
// sweeps -- unit-lower forward (b_i -= l_ik x_k, k ascending), then upper
// backward (x_k = b_k / u_kk, then b_i -= x_k u_ik for i < k, k descending) --
// so each element sees the same operations in the same order.
template <class T>
void lu_solve(const T* LU, int64_t n, const std::vector<int64_t>& piv, T* B, int64_t nrhs) {
  for (int64_t j = 0; j < n; ++j)
    if (piv[size_t(j)] != j)
      for (int64_t c = 0; c < nrhs; ++c) std::swap(B[j * nrhs + c], B[piv[size_t(j)] * nrhs + c]);
  for (int64_t c = 0; c < nrhs; ++c) {
    for (int64_t k = 0; k < n; ++k) {
      const T xk = B[k * nrhs + c];
      if (xk == T(0)) continue;
      for (int64_t i = k + 1; i < n; ++i) B[i * nrhs + c] -= xk * LU[i * n + k];
    }
    for (int64_t k = n - 1; k >= 0; --k) {
      if (B[k * nrhs + c] == T(0)) continue;
      const T xk = B[k * nrhs + c] /= LU[k * n + k];
      for (int64_t i = 0; i < k; ++i) B[i * nrhs + c] -= xk * LU[i * n + k];
    }
  }
}

// Solves A X = B given the factors of M = A^T (P M = L U), as getrs with
// trans = 'T' does on the reference BLAS: dtrsm Left/Upper/Transpose/Non-unit
// (x_i = (b_i - sum_{k<i} u_ki x_k) / u_ii, i ascending), then
// Left/Lower/Transpose/Unit (x_i = b_i - sum_{k>i} l_ki x_k, i descending),
// then the row interchanges in reverse order (laswp with incx = -1). This is
// how torch.linalg.solve / inv use a row-major A without copying it: its
// buffer read column-major is A^T (_linalg_solve_ex_out's use_A_T).
template <class T>
void lu_solve_transposed(const T* LU, int64_t n, const std::vector<int64_t>& piv, T* B, int64_t nrhs) {
  for (int64_t c = 0; c < nrhs; ++c) {
    for (int64_t i = 0; i < n; ++i) {
      T t = B[i * nrhs + c];
      for (int64_t k = 0; k < i; ++k) t -= LU[k * n + i] * B[k * nrhs + c];
      B[i * nrhs + c] = t / LU[i * n + i];
    }
    for (int64_t i = n - 1; i >= 0; --i) {
      T t = B[i * nrhs + c];
      for (int64_t k = i + 1; k < n; ++k) t -= LU[k * n + i] * B[k * nrhs + c];
      B[i * nrhs + c] = t;
    }
  }
  for (int64_t j = n - 1; j >= 0; --j)
    if (piv[size_t(j)] != j)
      for (int64_t c = 0; c < nrhs; ++c) std::swap(B[j * nrhs + c], B[piv[size_t(j)] * nrhs + c]);
}

// Solves T X = B for a triangular T (row-major n x n; B n x nrhs, in place),
// as dtrsm Left/NoTrans does on the reference BLAS: upper by back substitution
// (x_k = b_k / t_kk, then b_i -= x_k t_ik for i < k, k descending), lower by
// forward substitution (k ascending, i > k); a unit diagonal is not divided by.
template <class T>
void triangular_solve(const T* A, int64_t n, T* B, int64_t nrhs, bool upper, bool unit) {
  for (int64_t c = 0; c < nrhs; ++c) {
    for (int64_t s = 0; s < n; ++s) {
      const int64_t k = upper ? n - 1 - s : s;
      if (B[k * nrhs + c] == T(0)) continue;
      if (!unit) B[k * nrhs + c] /= A[k * n + k];
      const T xk = B[k * nrhs + c];
      if (upper)
        for (int64_t i = 0; i < k; ++i) B[i * nrhs + c] -= xk * A[i * n + k];
      else
        for (int64_t i = k + 1; i < n; ++i) B[i * nrhs + c] -= xk * A[i * n + k];
    }
  }
}

}  // namespace sl::linalg
