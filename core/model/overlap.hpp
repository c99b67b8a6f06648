// overlap: do two arrays (or one array with itself) touch the same bytes?
//
// Mirrors NumPy's numpy/core/src/common/mem_overlap.c: the question is turned
// into a bounded linear Diophantine equation (one term per axis and one per
// itemsize) and decided exactly by a depth-first search over Euclid's
// parametrisation of its solutions, with a work budget. The algorithm and its
// cost are written out in overlap.cpp.
//
// Invariant: the answer is never wrong. No means no byte is shared, Yes means
// one is; when the budget runs out the answer is TooHard, and when a bound does
// not fit in 64 bits it is Overflow (callers that must decide treat both as
// "may share").
#pragma once
#include <cstdint>
#include <vector>

#include "core/model/array.hpp"

namespace sl {

enum class MemOverlap { No, Yes, TooHard, Overflow };

// max_work: 0 = extents only (may_share_memory), -1 = unbounded (shares_memory's
// default), otherwise the number of solution candidates the search may consider.
MemOverlap solve_may_share_memory(const Array& a, const Array& b, int64_t max_work);
MemOverlap solve_may_have_internal_overlap(const Array& a, int64_t max_work);

// ---- the solver itself, exposed for tests (mem_overlap.c's names) ----

// One term a * x with 0 <= x <= ub of  sum_i a_i x_i = b.
struct DiophantineTerm {
  int64_t a, ub;
};

// Combine equal coefficients, sort them descending, trim each bound to b / a
// and drop variables whose bound becomes 0. Preserves feasibility. Returns
// false on integer overflow (mirrors diophantine_simplify; -1 there).
bool diophantine_simplify(std::vector<DiophantineTerm>& terms, int64_t b);

// Decides  sum_i E[i].a x[i] == b,  0 <= x[i] <= E[i].ub,  E[i].a > 0.
// With require_ub_nontrivial, b is replaced by sum E[i].a * (E[i].ub / 2) and
// the trivial solution x[i] = ub[i] / 2 does not count (every ub must be even).
// On Yes, x (resized to the number of terms) holds a solution.
// Mirrors solve_diophantine, including how `max_work` counts candidates.
MemOverlap solve_diophantine(const std::vector<DiophantineTerm>& terms, int64_t b, int64_t max_work,
                             bool require_ub_nontrivial, std::vector<int64_t>& x);

// The half-open byte range [lower, upper) of a layout relative to its first
// element (offset_bounds_from_strides); empty (0, 0) when any dim is 0.
void offset_bounds_from_strides(int itemsize, const Shape& shape, const Strides& strides, int64_t& lower,
                                int64_t& upper);

// ---- addresses ----
// Note [Addresses]: the engine reports real addresses in its own memory (the
// process's natively, the wasm heap's in the browser): a storage's base address
// plus a byte offset. NumPy's __array_interface__['data'][0], .ctypes.data and
// byte_bounds, and torch's data_ptr(), all come from these two functions, so two
// views of one owner differ by exactly the difference of their offsets.
int64_t data_address(const Array& a);  // the address of element 0 (data + offset)
// byte_extent as addresses: [first byte, one past the last) the array can touch.
ByteExtent address_extent(const Array& a);

// ---- PyTorch's checks (aten/src/ATen/MemoryOverlap.cpp, TensorImpl) ----
// PyTorch does not solve the Diophantine problem above: it asks whether a
// tensor is non-overlapping and dense, and compares dense tensors by their
// byte ranges; anything else is TooHard and allowed. Both front ends' rules
// live here, beside each other, so the inspector can say which one decided.
// compute_non_overlapping_and_dense: the strides are a permutation of some
// contiguous strides (size-1 dims ignored).
bool torch_is_non_overlapping_and_dense(const Array& t);
enum class TorchOverlap { No, Yes, TooHard };
enum class TorchOverlapStatus { Full, Partial, No, TooHard };
TorchOverlap torch_has_internal_overlap(const Array& t);
TorchOverlapStatus torch_get_overlap_status(const Array& a, const Array& b);
// RuntimeError "unsupported operation: more than one element of the written-to
// tensor refers to a single memory location. Please clone() the tensor before
// performing the operation."
void torch_assert_no_internal_overlap(const Array& t);
// RuntimeError "unsupported operation: some elements of the input tensor and the
// written-to tensor refer to a single memory location. Please clone() the tensor
// before performing the operation."
void torch_assert_no_partial_overlap(const Array& a, const Array& b);

}  // namespace sl
