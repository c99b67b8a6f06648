// torch/promotion: which dtype a tensor op computes in, and the loop it runs:
// at::native::result_type (TensorIterator's compute_types with its priority
// categories) and the kernel checks ATen's CPU dispatch makes before a loop
// runs ("\"abs_cpu\" not implemented for 'Bool'", bool subtraction refused).
//
// Owns PyTorch's half of Note [Flavor rules] (core/ops/ufunc.hpp): ufunc_call
// asks this wing, through the table install_torch_rules fills, for the loop of
// any call with a tensor operand. The dtype lattice itself (c10's
// promoteTypes, canCast, the type names) is the data model's (core/model/dtype.hpp).
// Invariant: a resolved loop exists for its dtype (ufunc_loops), or the call
// raised PyTorch's RuntimeError/TypeError before anything was allocated.
#pragma once
#include <vector>

#include "core/ops/ufunc.hpp"

namespace sl {

// torch.result_type: priority dim > 0 tensors > 0-dim tensors > wrapped
// numbers, a lower priority only lifting the category (bool < int < float <
// complex); wrapped floats count as the default dtype float32.
DType torch_result_type(const std::vector<UfuncOperand>& operands);
// The loop of an elementwise op over tensors: torch_result_type (or dtype=),
// integer inputs of true division and the float functions computed in float32.
UfuncLoop torch_resolve_loop(Ufunc op, const std::vector<UfuncOperand>& operands, const UfuncOptions& opt);
// Installs the two above as the Torch flavor's rules (idempotent).
void install_torch_rules();
// TensorIteratorBase::compute_types for an iterator built without
// promote_inputs_to_common_dtype (check_all_same_dtype, its default): every
// operand, in the iterator's order, must have the first one's dtype, else
// RuntimeError "Found dtype Long but expected Float" (mse_loss_backward and
// huber_loss_backward build theirs that way; smooth_l1's promotes).
void check_all_same_dtype(const std::vector<const Array*>& operands);

}  // namespace sl
