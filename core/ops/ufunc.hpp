// ufunc: NumPy's universal-function machinery (and PyTorch's elementwise
// dispatch) over the engine's arrays -- type resolution, broadcasting, output
// allocation or checking, overlap handling, then the kernel loop.
//
// One call: (1) resolve the loop: the dtype the inputs are cast to and the
// output dtype, by NumPy 2's rules (NEP 50: Python scalars are weak, see
// Note [Weak Python scalars]) or by torch.result_type when any operand is a
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

#include "core/model/array.hpp"
#include "core/kernels/elementwise.hpp"
#include "core/ops/ufunc_types.hpp"

namespace sl {

// NumPy's casting rules (np.can_cast(from, to, casting)); Casting is in ufunc_types.hpp.
bool can_cast(DType from, DType to, Casting casting);
const char* casting_name(Casting c);  // "same_kind"

// Note [Floating-point errors] (ufunc.cpp): the np.errstate categories whose
// mode is 'raise'; a loop that meets one raises FloatingPointError. 0 (the
// default: divide/over/invalid 'warn', under 'ignore') skips the check. The
// running session's (Note [Session state], core/model/session_state.hpp).
enum FpError : unsigned { kFpDivide = 1, kFpOverflow = 2, kFpUnderflow = 4, kFpInvalid = 8 };
unsigned& fp_raise_mask();


// Note [Weak Python scalars] (NEP 50, NumPy >= 2.0): the dtypes of NumPy
// scalars and arrays of any ndim promote as np.promote_types does, whatever
// their values; a Python bool/int/float/complex is "weak": it cannot raise the
// precision of the strongly typed operands, only their kind, to that kind's
// default (int64, float64, complex128; complex64 next to float16/float32).
// So int8_array + 1 stays int8, float32_array * np.float64(2.5) is float64,
// np.float32(3) + 3.0 is float32, int_array + 1.5 is float64. A Python int
// that does not fit the integer loop it meets raises OverflowError ("Python
// integer 300 out of bounds for int8"), except in comparisons, which compare
// exact values. With Python scalars only, their default dtypes promote.
// Mirrors NumPy 2's abstract DTypes (abstractdtypes.c: PyLongDType etc. and
// their common_dtype) and the NEP 50 branch of PyArray_ResultType.
// np.min_scalar_type (still public in NumPy 2) is value-based, as it always was.
DType result_type(const std::vector<UfuncOperand>& operands);
DType min_scalar_type(const Array& zero_d, bool& small_unsigned);

// Note [Flavor rules]: ufunc_call is the one elementwise engine both front
// ends run, but which loop a call runs is a library's rule: NumPy's (NEP 50,
// resolve_loop below for NumPy arrays and scalars) belongs here; a flavor with
// rules of its own installs them once, before its first array exists
// (install_torch_rules, core/torch/promotion.hpp, called by the torch front
// end at `import torch` and by the test runner). A call with a tensor operand
// then resolves by torch's table, so this wing never names PyTorch's rules.
using LoopResolver = UfuncLoop (*)(Ufunc op, const std::vector<UfuncOperand>& operands, const UfuncOptions& opt);
struct FlavorRules {
  LoopResolver resolve_loop = nullptr;
  DType (*result_type)(const std::vector<UfuncOperand>& operands) = nullptr;
};
void set_flavor_rules(Flavor flavor, const FlavorRules& rules);
const FlavorRules& flavor_rules(Flavor flavor);  // raises when none were installed

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

}  // namespace sl
