// lapack: operation-for-operation ports of the reference LAPACK 3.11 / BLAS
// routines behind numpy.linalg.
//
// NumPy 1.24 on the project's machines (and the oracle's) links Debian's
// reference (netlib) BLAS and LAPACK. Reference BLAS loops are plain Fortran:
// every dot product, gemv and gemm element is one running sum in index order,
// with separate multiplies and adds. Porting the LAPACK routines statement by
// statement (same loops, same reciprocal-vs-divide choices, same skipping of
// zeros) therefore reproduces NumPy's factors bit for bit -- including the
// signs of Householder vectors, eigenvector directions, eigenvalue order and
// -0.0 entries -- for the unblocked code paths LAPACK takes on small matrices.
// Each function names the routine it mirrors.
//
// Matrices are row-major with a leading dimension (the Fortran column index
// is our second index); a "column vector" has stride ld.
//
// Invariant: every routine keeps its LAPACK name and the order of its
// floating-point operations; larger routines are split along LAPACK's own
// subroutines (dlarf, dlartg, dlanv2, dlaln2, dladiv, ...), never re-associated.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace sl::lapack {

// dnrm2 (the 3.10+ version, Blue's scaled sum of squares): sqrt(sum x_i^2)
// with separate accumulators for tiny and huge entries.
template <class T>
T nrm2(int64_t n, const T* x, int64_t inc) {
  constexpr bool dbl = std::is_same_v<T, double>;
  const T tsml = dbl ? T(1.4916681462400413e-154) : T(1.0842021724855044e-19);  // 2^-511 | 2^-63
  const T tbig = dbl ? T(1.9979190722022350e+146) : T(4503599627370496.0);      // 2^486  | 2^52
  const T ssml = dbl ? T(4.4989137945431964e+161) : T(3.777893186295716e+22);   // 2^537  | 2^75
  const T sbig = dbl ? T(1.1113793747425387e-162) : T(1.3234889800848443e-23);  // 2^-538 | 2^-76
  bool notbig = true;
  T asml = 0, amed = 0, abig = 0;
  for (int64_t i = 0; i < n; ++i) {
    T ax = std::abs(x[i * inc]);
    if (ax > tbig) {
      abig += (ax * sbig) * (ax * sbig);
      notbig = false;
    } else if (ax < tsml) {
      if (notbig) asml += (ax * ssml) * (ax * ssml);
    } else {
      amed += ax * ax;
    }
  }
  T scl, sumsq;
  if (abig > 0) {
    if (amed > 0 || std::isnan(amed)) abig += (amed * sbig) * sbig;
    scl = T(1) / sbig;
    sumsq = abig;
  } else if (asml > 0) {
    if (amed > 0 || std::isnan(amed)) {
      amed = std::sqrt(amed);
      asml = std::sqrt(asml) / ssml;
      T ymin = asml > amed ? amed : asml, ymax = asml > amed ? asml : amed;
      scl = 1;
      sumsq = ymax * ymax * (T(1) + (ymin / ymax) * (ymin / ymax));
    } else {
      scl = T(1) / ssml;
      sumsq = asml;
    }
  } else {
    scl = 1;
    sumsq = amed;
  }
  return scl * std::sqrt(sumsq);
}

// dlapy2: sqrt(x^2 + y^2) as w * sqrt(1 + (z/w)^2).
template <class T>
T lapy2(T x, T y) {
  if (std::isnan(x)) return x;
  if (std::isnan(y)) return y;
  T xa = std::abs(x), ya = std::abs(y), w = std::max(xa, ya), z = std::min(xa, ya);
  if (z == 0 || w > std::numeric_limits<T>::max()) return w;
  return w * std::sqrt(T(1) + (z / w) * (z / w));
}

// dlarfg: the reflector H = I - tau (1, v)(1, v)^T with H (alpha, x) = (beta, 0),
// beta = -sign(alpha) |(alpha, x)|; x is overwritten by v, alpha by beta.
template <class T>
void larfg(int64_t n, T& alpha, T* x, int64_t inc, T& tau) {
  if (n <= 1) {
    tau = 0;
    return;
  }
  T xnorm = nrm2(n - 1, x, inc);
  if (xnorm == 0) {
    tau = 0;
    return;
  }
  T beta = -std::copysign(lapy2(alpha, xnorm), alpha);
  const T safmin = std::numeric_limits<T>::min() / (std::numeric_limits<T>::epsilon() / 2);
  int knt = 0;
  if (std::abs(beta) < safmin) {
    const T rsafmn = T(1) / safmin;
    do {
      ++knt;
      for (int64_t i = 0; i < n - 1; ++i) x[i * inc] *= rsafmn;
      beta *= rsafmn;
      alpha *= rsafmn;
    } while (std::abs(beta) < safmin && knt < 20);
    xnorm = nrm2(n - 1, x, inc);
    beta = -std::copysign(lapy2(alpha, xnorm), alpha);
  }
  tau = (beta - alpha) / beta;
  const T s = T(1) / (alpha - beta);
  for (int64_t i = 0; i < n - 1; ++i) x[i * inc] *= s;
  for (int j = 0; j < knt; ++j) beta *= safmin;
  alpha = beta;
}

// dlarf('Left'): C := (I - tau v v^T) C for the m x n block C (leading dim
// ldc) and v with stride incv (v[0] is used as stored: callers set it to 1).
// As the reference: trailing zeros of v and trailing zero columns of C are
// skipped, w = C^T v is summed from zero, and columns with w_j == 0 are left alone.
template <class T>
void larf_left(int64_t m, int64_t n, const T* v, int64_t incv, T tau, T* C, int64_t ldc) {
  if (tau == 0) return;
  int64_t lastv = m;
  while (lastv > 0 && v[(lastv - 1) * incv] == 0) --lastv;
  int64_t lastc = n;
  for (; lastc > 0; --lastc) {
    bool nz = false;
    for (int64_t i = 0; i < lastv && !nz; ++i) nz = C[i * ldc + lastc - 1] != 0;
    if (nz) break;
  }
  if (lastv == 0 || lastc == 0) return;
  for (int64_t j = 0; j < lastc; ++j) {
    T temp = 0;
    for (int64_t i = 0; i < lastv; ++i) temp += C[i * ldc + j] * v[i * incv];
    const T w = T(0) + temp;
    if (w == 0) continue;
    const T t = -tau * w;
    for (int64_t i = 0; i < lastv; ++i) C[i * ldc + j] += v[i * incv] * t;
  }
}

// dgeqr2: A = Q R by reflectors from the left; R in the upper triangle, the
// reflectors' v below the diagonal, tau[0..min(m,n)).
template <class T>
void geqr2(int64_t m, int64_t n, T* A, int64_t lda, T* tau) {
  const int64_t k = std::min(m, n);
  for (int64_t i = 0; i < k; ++i) {
    T* aii = A + i * lda + i;
    larfg<T>(m - i, *aii, A + std::min(i + 1, m - 1) * lda + i, lda, tau[i]);
    if (i < n - 1) {
      const T aii_saved = *aii;
      *aii = 1;
      larf_left<T>(m - i, n - i - 1, aii, lda, tau[i], aii + 1, lda);
      *aii = aii_saved;
    }
  }
}

// dorg2r: the first n columns of Q = H_0 ... H_{k-1}, in place over the
// reflectors (columns k..n-1 start as unit vectors).
template <class T>
void org2r(int64_t m, int64_t n, int64_t k, T* A, int64_t lda, const T* tau) {
  if (n <= 0) return;
  for (int64_t j = k; j < n; ++j) {
    for (int64_t l = 0; l < m; ++l) A[l * lda + j] = 0;
    A[j * lda + j] = 1;
  }
  for (int64_t i = k - 1; i >= 0; --i) {
    T* aii = A + i * lda + i;
    if (i < n - 1) {
      *aii = 1;
      larf_left<T>(m - i, n - i - 1, aii, lda, tau[i], aii + 1, lda);
    }
    for (int64_t l = i + 1; l < m; ++l) A[l * lda + i] *= -tau[i];
    *aii = T(1) - tau[i];
    for (int64_t l = 0; l < i; ++l) A[l * lda + i] = 0;
  }
}


// dgeev without left vectors: eigenvalues (wr, wi) of the row-major n x n A
// (destroyed) in LAPACK's order and, when vr is not null, the right
// eigenvectors as dgeev returns them (columns; a complex pair j, j+1 stores
// the real part in column j and the imaginary part in column j+1). Returns
// false when the QR algorithm fails to converge.
bool geev(int64_t n, double* A, double* wr, double* wi, double* vr);

}  // namespace sl::lapack
