// ufunc: NumPy's universal-function machinery (and PyTorch's elementwise
// dispatch) over the engine's arrays -- type resolution, broadcasting, output
// allocation or checking, overlap handling, then the kernel loop.
//
// One call: (1) resolve the loop: the dtype the inputs are cast to and the
// output dtype, by NumPy 1.24's rules (value-based casting for 0-d operands,
// see Note [Value-based casting]) or by torch.result_type when any operand is a
// tensor; (2) broadcast the inputs and `out` together; (3) allocate the result
// in the inputs' memory order (NumPy's 'K' order) or check `out` (writeable,
// right shape, castable under `casting`); (4) copy any input that may share
// memory with the output (NumPy >= 1.13: results as if nothing were shared;
// PyTorch refuses partial overlap instead); (5) run the loop over the
// broadcast layout with for_each_strided.
//
// Invariant: the result never aliases an input unless it is `out`; every
// error is the PyError NumPy / PyTorch raise, with their wording.
#pragma once
#include <optional>
#include <vector>

#include "core/array.hpp"
#include "core/kernels/elementwise.hpp"

namespace sl {

// NumPy's casting rules (np.can_cast(from, to, casting)).
enum class Casting { No, Equiv, Safe, SameKind, Unsafe };
bool can_cast(DType from, DType to, Casting casting);
const char* casting_name(Casting c);  // "same_kind"

// One input of a ufunc as type resolution sees it. Python scalars arrive as
// 0-d arrays of their default dtype (bool, int64, float64, complex128) with
// python_scalar set: NumPy treats them like 0-d arrays (value-based), PyTorch
// as "wrapped numbers" of the lowest priority.
struct UfuncOperand {
  ArrayPtr array;
  bool python_scalar = false;
};

struct UfuncOptions {
  ArrayPtr out;                     // out=: the result is written here (and returned)
  std::optional<DType> dtype;       // dtype=: the loop's dtype
  Casting casting = Casting::SameKind;
};

// The loop a call runs: inputs are cast to `in`, the kernel writes `out`.
struct UfuncLoop {
  DType in;
  DType out;
};

// Note [Value-based casting]: NumPy 1.24 (before NEP 50) types a 0-d operand
// (Python scalar, NumPy scalar or 0-d array) by its value when it is mixed with
// n-d arrays whose kind (bool < integer < inexact) is at least its own: the
// scalar then counts as the smallest dtype holding its value
// (np.min_scalar_type), with a non-negative integer that also fits the signed
// type of its size acting as that signed type against signed operands. So
// int8_array + 1 stays int8, float32_array * np.float64(2.5) stays float32, but
// int8_array + 300 is int16 and int_array + 1.5 is float64. When every
// operand is 0-d, plain promotion applies (np.int8(3) + 1 is int64).
// Mirrors convert_datatype.c: should_use_min_scalar, min_scalar_type_num,
// promote_types and the legacy PyArray_ResultType loop.
DType result_type(const std::vector<UfuncOperand>& operands);
DType min_scalar_type(const Array& zero_d, bool& small_unsigned);
// torch.result_type: priority dim > 0 tensors > 0-dim tensors > wrapped
// numbers, a lower priority only lifting the category (bool < int < float <
// complex); wrapped floats count as the default dtype float32.
DType torch_result_type(const std::vector<UfuncOperand>& operands);
DType torch_promote(DType a, DType b);

UfuncLoop resolve_loop(Ufunc op, const std::vector<UfuncOperand>& operands, const UfuncOptions& opt);

// Runs the ufunc. Returns `opt.out` when given; otherwise a new array: a NumPy
// scalar (Flavor::Scalar) when the result is 0-d and no operand is a tensor, a
// tensor when any operand is one.
ArrayPtr ufunc_call(Ufunc op, const std::vector<UfuncOperand>& operands, const UfuncOptions& opt = {});

// Shorthands for engine code (no Python scalars involved).
ArrayPtr ufunc_call2(Ufunc op, const ArrayPtr& a, const ArrayPtr& b, ArrayPtr out = nullptr);
ArrayPtr ufunc_call1(Ufunc op, const ArrayPtr& a, ArrayPtr out = nullptr);

// A new array whose memory order follows `perm` (outermost first): NumPy's
// NPY_KEEPORDER allocation.
ArrayPtr make_array_in_order(DType dt, const Shape& shape, const std::vector<int>& perm, Flavor flavor, bool zeroed = true);

// The torch name of a dtype in messages: Float, Long, Bool, ComplexFloat, ...
const char* torch_type_name(DType dt);

}  // namespace sl
