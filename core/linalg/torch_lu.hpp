// torch_lu: torch.linalg's LU-based functions (det, slogdet, solve, inv,
// lu_factor) as PyTorch 2.6 computes them on the CPU with the reference
// LAPACK: in the tensor's own precision (float32 stays float32, unlike
// numpy.linalg), and, for a real C-contiguous matrix, on its buffer read
// column-major -- that is, factoring A^T and solving with trans = 'T'
// (_linalg_det_out, _linalg_slogdet, _linalg_solve_ex_out's use_A_T), which
// is why det([[4., 7.], [2., 6.]]) is 10.000002 and not 10.
//
// Invariant: results are new C-contiguous torch tensors of the input's dtype
// (float32, float64, complex64, complex128); `info` is LAPACK's per matrix.
#pragma once
#include <vector>

#include "core/model/array.hpp"

namespace sl::linalg {

struct TorchFactor {
  ArrayPtr lu;                // the factors of each matrix (of A^T when transposed)
  ArrayPtr pivots;            // int32, 1-based as LAPACK's ipiv
  std::vector<int64_t> info;  // 0, or the first zero pivot (1-based)
  bool transposed = false;
};
// a: (..., n, n) of a floating or complex dtype (the caller checks). lu_factor's
// own layout (transposed = false) or det's (the transpose of a real C-contiguous a).
TorchFactor torch_lu_factor(const ArrayPtr& a, bool allow_transposed);
// det = prod(diag(U)) * (-1)^(row swaps).
ArrayPtr torch_det(const TorchFactor& f);
// sign and log|det|: sign = prod(sgn(diag(U))) * (-1)^swaps, logabsdet = sum(log|u_ii|).
std::pair<ArrayPtr, ArrayPtr> torch_slogdet(const TorchFactor& f);
// X with A X = B for each matrix of the (broadcast) batch; b: (..., n, k), the
// caller having made a vector a column. f: torch_lu_factor(A, true).
ArrayPtr torch_lu_solve(const TorchFactor& f, const ArrayPtr& b);

// linalg.solve_triangular(A, B, upper, left=True, unitriangular): a and b
// already broadcast to one batch, (..., n, n) and (..., n, k), one dtype.
ArrayPtr torch_solve_triangular(const ArrayPtr& a, const ArrayPtr& b, bool upper, bool unit);

// linalg.householder_product(A, tau) (orgqr): the first n columns of
// H_1 H_2 ... H_k, H_i = I - tau_i v_i v_i^H with v_i = (0, .., 0, 1, A[i+1:, i]),
// computed as the reference LAPACK's org2r does (reflectors applied from the
// last to the first through larf's gemv and ger). a: (..., m, n), tau: (..., k).
ArrayPtr torch_householder_product(const ArrayPtr& a, const ArrayPtr& tau);

}  // namespace sl::linalg
