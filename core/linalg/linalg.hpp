// linalg: products and decompositions -- np.matmul / dot / inner / outer /
// vdot / tensordot / einsum / trace and numpy.linalg (inv, solve, det, slogdet,
// norm, svd, qr, eigh, cholesky, matrix_rank, pinv, matrix_power).
//
// Every function returns a new array (copy) except einsum of one operand with
// no summed label, which NumPy returns as a view (diagonal / transpose), and
// so does this. Errors are NumPy 1.24's exact types and texts; numpy.linalg
// failures are "LinAlgError". A 0-d result is returned as a 0-d array: the
// front end turns it into a NumPy scalar where NumPy does.
//
// numpy.linalg computes in float64 (complex128 for complex input, as its
// _commonType does) and returns the input's precision: float32 in, float32
// out; integers become float64. NumPy calls the reference LAPACK 3.11 on the
// oracle's machines: LU (getrf/getrs: inv, solve, det, slogdet), QR
// (geqr2/org2r), Cholesky (potrf2) and the general eigenproblem (geev, see
// core/linalg/lapack.hpp) are operation-for-operation ports and agree bit for bit,
// signs included. svd (one-sided Jacobi), eigh (cyclic Jacobi), pinv and
// lstsq (through that SVD) agree to rounding; the signs of their singular /
// eigen vectors may differ from LAPACK's.
//
// Invariant: sums go through the reduce kernel's pairwise sum (Note
// [Pairwise summation]) and diagonals through views.hpp's diagonal(), so
// each rule has one implementation.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/model/array.hpp"

namespace sl {

// np.matmul: gufunc (n?,k),(k,m?)->(n?,m?) with batch broadcasting.
ArrayPtr matmul(const ArrayPtr& a, const ArrayPtr& b);
// np.dot for operands of ndim >= 1 (0-d operands are a multiply: the caller's job).
ArrayPtr dot(const ArrayPtr& a, const ArrayPtr& b);
ArrayPtr inner(const ArrayPtr& a, const ArrayPtr& b);  // ndim >= 1
ArrayPtr outer(const ArrayPtr& a, const ArrayPtr& b);
ArrayPtr vdot(const ArrayPtr& a, const ArrayPtr& b);
// np.tensordot with explicit axis lists.
ArrayPtr tensordot(const ArrayPtr& a, const ArrayPtr& b, std::vector<int64_t> axes_a, std::vector<int64_t> axes_b);
// np.einsum(subscripts, *operands, dtype=None).
ArrayPtr einsum(const std::string& subscripts, const std::vector<ArrayPtr>& ops, std::optional<DType> dtype = std::nullopt);
// np.trace(a, offset, axis1, axis2, dtype).
ArrayPtr trace(const ArrayPtr& a, int64_t offset, int64_t axis1, int64_t axis2, std::optional<DType> dtype);

namespace linalg {

ArrayPtr inv(const ArrayPtr& a);
ArrayPtr solve(const ArrayPtr& a, const ArrayPtr& b);
ArrayPtr det(const ArrayPtr& a);
std::pair<ArrayPtr, ArrayPtr> slogdet(const ArrayPtr& a);
ArrayPtr cholesky(const ArrayPtr& a);
// svd: (U, S, Vh) or just S when !compute_uv (U and Vh null).
struct SVD {
  ArrayPtr u, s, vh;
};
SVD svd(const ArrayPtr& a, bool full_matrices, bool compute_uv);
// qr mode: "reduced", "complete", "r".
std::pair<ArrayPtr, ArrayPtr> qr(const ArrayPtr& a, const std::string& mode);
// eigh: eigenvalues ascending (and vectors as columns) from the `uplo` triangle.
std::pair<ArrayPtr, ArrayPtr> eigh(const ArrayPtr& a, char uplo, bool compute_v);
// lstsq (dgelsd): the minimum-norm least-squares solution through the SVD;
// singular values <= rcond * s_max count as zero (rcond < 0: machine epsilon).
struct Lstsq {
  ArrayPtr x, residuals, s;
  int64_t rank = 0;
};
Lstsq lstsq(const ArrayPtr& a, const ArrayPtr& b, double rcond);
// eig / eigvals (dgeev): eigenvalues in LAPACK's order and right eigenvectors
// (unit columns); real dtypes when every eigenvalue is real, else complex.
std::pair<ArrayPtr, ArrayPtr> eig(const ArrayPtr& a, bool compute_v);
ArrayPtr matrix_rank(const ArrayPtr& a, std::optional<double> tol);
ArrayPtr pinv(const ArrayPtr& a, double rcond);
ArrayPtr matrix_power(const ArrayPtr& a, int64_t n);

// np.linalg.norm. ord: none, a number (inf/-inf included) or "fro"/"nuc".
struct NormOrd {
  enum Kind { None, Number, Fro, Nuc, Other } kind = None;
  double p = 0;
  std::string text;  // the string given ('fro', 'f', 'nuc', ...), for messages
};
ArrayPtr norm(const ArrayPtr& x, NormOrd ord, std::optional<std::vector<int64_t>> axis, bool keepdims);

}  // namespace linalg

// at::matmul's shape checks (LinearAlgebra.cpp _matmul_impl): the message of
// the kernel each case dispatches to -- dot (1-D @ 1-D), mv (2-D or folded
// N-D @ 1-D), mm (1-D or 2-D @ 2-D, N-D folded to 2-D @ 2-D), bmm (the rest,
// after broadcasting the batch dims). RuntimeError in PyTorch's words.
void torch_check_matmul(const Shape& a, const Shape& b);

}  // namespace sl
