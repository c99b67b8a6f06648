// ufunc_types: the vocabulary of one elementwise call -- its operands, its
// options (out=, dtype=, casting=) and the loop it resolved to -- shared by
// the ufunc machinery (ufunc.hpp) and the text loops it hands flexible
// operands to (strings.hpp), which must not depend on each other's code.
#pragma once
#include <optional>

#include "core/model/array.hpp"

namespace sl {

// NumPy's casting rules (np.can_cast(from, to, casting)).
enum class Casting { No, Equiv, Safe, SameKind, Unsafe };

// One input of a ufunc as type resolution sees it. Python scalars arrive as
// 0-d arrays of their default dtype (bool, int64, float64, complex128) with
// python_scalar set: NumPy treats them as weak (NEP 50), PyTorch as "wrapped
// numbers" of the lowest priority.
struct UfuncOperand {
  ArrayPtr array;
  bool python_scalar = false;
};

struct UfuncOptions {
  ArrayPtr out;                     // out=: the result is written here (and returned)
  std::optional<DType> dtype;       // dtype=: the loop's dtype
  Casting casting = Casting::SameKind;
  // An operator between NumPy scalars (or a scalar and a Python number):
  // NumPy's scalar math, whose errors say "scalar divide" (Note [Floating-point errors]).
  bool scalar_math = false;
};

// The loop a call runs: inputs are cast to `in`, the kernel writes `out`.
struct UfuncLoop {
  DType in;
  DType out;
};

}  // namespace sl
