// kernels/reduce: the loops of reductions (sum, prod, max, min, any, all),
// arg-reductions and accumulations over any strided layout, giving NumPy's
// results digit for digit. Which axes fold, identities, allocation and
// NumPy's errors are core/ops/reduce.hpp's (NumPy keeps umath/reduction.c
// apart from its loops the same way).
//
// Floating-point sums are not associative, so "the same result" means the
// same order of additions as NumPy: its reduction iterator walks the input in
// memory order (K order, strides never negated), hands the add loop runs of at
// most 8192 elements (the buffer size), and the add loop sums each run with
// pairwise summation (see Note [Pairwise summation] in reduce.cpp). Other
// reductions are exact or order-insensitive, and use the plain strided walk.
//
// Invariant: inputs are only read, through their own strides; outputs are
// written only where the caller's layout points; nothing is allocated and no
// Python error is raised here.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "core/model/array.hpp"
#include "core/kernels/elementwise.hpp"

namespace sl {

enum class ReduceOp { sum, prod, max, min, fmax, fmin, any, all };
const char* reduce_ufunc_name(ReduceOp op);  // "add", "maximum", ...

// The fold of one reduction over a prepared layout: `sh` the iteration shape
// (memory order, outermost first), `si` the input's strides and `so` the
// output's (0 on the reduced axes), both in bytes; the output holds the
// starting values (identity, initial, or each slice's first element with
// skip_first). The fold order is NumPy's (Note [Pairwise summation]).
void reduce_dispatch(ReduceOp op, DType work, const Shape& sh, const Strides& so, const Strides& si, char* out,
                     const char* in, bool skip_first);

// argmax / argmin of one run of n elements at byte stride s (NumPy's
// @TYPE@_argmax: the first extreme; the first NaN wins).
using ArgScanFn = int64_t (*)(const char* p, int64_t n, int64_t s, bool is_max);
ArgScanFn arg_scan_fn(DType dt);
// One cumsum / cumprod lane of n elements: out[i] = out[i-1] op x[i] in the dtype.
using AddMulScanFn = void (*)(char* po, const char* pi, int64_t n, int64_t ss, int64_t rs, bool add);
AddMulScanFn add_mul_scan_fn(DType dt);

// PyTorch's float sum of rows (aten/src/ATen/native/cpu/SumKernel.cpp,
// cascade_sum on AVX2): x is C-contiguous; each run of n consecutive
// elements is one row, summed into out (C-contiguous, x.size() / n
// elements of x's dtype, float32 or float64). Returns false for other
// dtypes. See Note [Cascade sum] in reduce.cpp.
bool torch_sum_rows(const Array& x, int64_t n, const Array& out);
// The same kernel's sum over the middle dim of a C-contiguous [A, R, C] block
// (C > 1: the kept columns contiguous) into out, [A, C] C-contiguous. See
// Note [Cascade sum, outer] in reduce.cpp.
bool torch_sum_outer(const Array& x, int64_t A, int64_t R, int64_t C, const Array& out);

// Note [Pairwise summation]: exposed for tests. Sums n elements at `p` with
// byte stride `stride` exactly as NumPy's pairwise_sum does.
float pairwise_sum_f32(const char* p, int64_t n, int64_t stride);
double pairwise_sum_f64(const char* p, int64_t n, int64_t stride);
float pairwise_sum_f16(const char* p, int64_t n, int64_t stride);  // float16 input, float accumulators

}  // namespace sl
