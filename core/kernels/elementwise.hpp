// kernels/elementwise: the inner loops of the ufuncs -- one functor per
// operation (kernels/ops.hpp), run over any strided layout by the shared
// iterator (core/model/iter.hpp), with an xsimd batch loop for contiguous and
// scalar-broadcast runs and a scalar loop for everything else and the tails.
//
// Invariant: a loop reads its inputs and writes its output only through the
// pointers and strides it is given, which the caller has checked lie inside
// their storages; the batch and scalar paths produce the same bits.
#pragma once
#include <array>
#include <cstdint>

#include "core/model/array.hpp"

namespace sl {

// X(id, functor in sl::ops, number of inputs, NumPy's ufunc name)
#define SL_UFUNC_LIST(X)                                                         \
  X(add, add, 2, "add")                                                          \
  X(subtract, subtract, 2, "subtract")                                           \
  X(multiply, multiply, 2, "multiply")                                           \
  X(divide, divide, 2, "divide")                                                 \
  X(floor_divide, floor_divide, 2, "floor_divide")                               \
  X(remainder, remainder, 2, "remainder")                                        \
  X(fmod, fmod, 2, "fmod")                                                       \
  X(power, power, 2, "power")                                                    \
  X(maximum, maximum, 2, "maximum")                                              \
  X(minimum, minimum, 2, "minimum")                                              \
  X(fmax, fmax, 2, "fmax")                                                       \
  X(fmin, fmin, 2, "fmin")                                                       \
  X(arctan2, arctan2, 2, "arctan2")                                              \
  X(hypot, hypot, 2, "hypot")                                                    \
  X(copysign, copysign, 2, "copysign")                                           \
  X(logaddexp, logaddexp, 2, "logaddexp")                                        \
  X(logaddexp2, logaddexp2, 2, "logaddexp2")                                     \
  X(gcd, gcd, 2, "gcd")                                                          \
  X(lcm, lcm, 2, "lcm")                                                          \
  X(heaviside, heaviside, 2, "heaviside")                                        \
  X(nextafter, nextafter, 2, "nextafter")                                        \
  X(float_power, float_power, 2, "float_power")                                  \
  X(bitwise_and, bitwise_and, 2, "bitwise_and")                                  \
  X(bitwise_or, bitwise_or, 2, "bitwise_or")                                     \
  X(bitwise_xor, bitwise_xor, 2, "bitwise_xor")                                  \
  X(left_shift, left_shift, 2, "left_shift")                                     \
  X(right_shift, right_shift, 2, "right_shift")                                  \
  X(logical_and, logical_and, 2, "logical_and")                                  \
  X(logical_or, logical_or, 2, "logical_or")                                     \
  X(logical_xor, logical_xor, 2, "logical_xor")                                  \
  X(equal, equal, 2, "equal")                                                    \
  X(not_equal, not_equal, 2, "not_equal")                                        \
  X(less, less, 2, "less")                                                       \
  X(less_equal, less_equal, 2, "less_equal")                                     \
  X(greater, greater, 2, "greater")                                              \
  X(greater_equal, greater_equal, 2, "greater_equal")                            \
  X(negative, negative, 1, "negative")                                           \
  X(positive, positive, 1, "positive")                                           \
  X(absolute, absolute, 1, "absolute")                                           \
  X(invert, invert, 1, "invert")                                                 \
  X(logical_not, logical_not, 1, "logical_not")                                  \
  X(sign, sign, 1, "sign")                                                       \
  X(square, square, 1, "square")                                                 \
  X(reciprocal, reciprocal, 1, "reciprocal")                                     \
  X(sqrt, sqrt, 1, "sqrt")                                                       \
  X(cbrt, cbrt, 1, "cbrt")                                                       \
  X(exp, exp, 1, "exp")                                                          \
  X(exp2, exp2, 1, "exp2")                                                       \
  X(expm1, expm1, 1, "expm1")                                                    \
  X(log, log, 1, "log")                                                          \
  X(log2, log2, 1, "log2")                                                       \
  X(log10, log10, 1, "log10")                                                    \
  X(log1p, log1p, 1, "log1p")                                                    \
  X(sin, sin, 1, "sin")                                                          \
  X(cos, cos, 1, "cos")                                                          \
  X(tan, tan, 1, "tan")                                                          \
  X(arcsin, arcsin, 1, "arcsin")                                                 \
  X(arccos, arccos, 1, "arccos")                                                 \
  X(arctan, arctan, 1, "arctan")                                                 \
  X(sinh, sinh, 1, "sinh")                                                       \
  X(cosh, cosh, 1, "cosh")                                                       \
  X(tanh, tanh, 1, "tanh")                                                       \
  X(arcsinh, arcsinh, 1, "arcsinh")                                              \
  X(arccosh, arccosh, 1, "arccosh")                                              \
  X(arctanh, arctanh, 1, "arctanh")                                              \
  X(deg2rad, deg2rad, 1, "deg2rad")                                              \
  X(rad2deg, rad2deg, 1, "rad2deg")                                              \
  X(degrees, rad2deg, 1, "degrees")                                              \
  X(radians, deg2rad, 1, "radians")                                              \
  X(fabs, fabs, 1, "fabs")                                                       \
  X(floor, floor, 1, "floor")                                                    \
  X(ceil, ceil, 1, "ceil")                                                       \
  X(trunc, trunc, 1, "trunc")                                                    \
  X(rint, rint, 1, "rint")                                                       \
  X(isnan, isnan, 1, "isnan")                                                    \
  X(isinf, isinf, 1, "isinf")                                                    \
  X(isfinite, isfinite, 1, "isfinite")                                           \
  X(signbit, signbit, 1, "signbit")                                              \
  X(spacing, spacing, 1, "spacing")                                              \
  X(conjugate, conjugate, 1, "conjugate")                                        \
  X(bitwise_count, bitwise_count, 1, "bitwise_count")

enum class Ufunc : uint8_t {
#define SL_X(id, fn, nin, name) id,
  SL_UFUNC_LIST(SL_X)
#undef SL_X
  kCount
};

const char* ufunc_name(Ufunc op);   // "add", "divide" (true_divide's name), ...
int ufunc_nin(Ufunc op);            // 1 or 2
// The loop input dtypes the kernel has: bit d set when DType(d) has a loop.
uint32_t ufunc_loops(Ufunc op);
// The output dtype of the loop whose inputs are `in` (bool for comparisons,
// the real part for absolute of complex, `in` otherwise).
DType ufunc_loop_output(Ufunc op, DType in);

// Runs the loop of `op` whose inputs are dtype `in` over `shape`. Operand 0 is
// the output (dtype ufunc_loop_output(op, in)), then the nin inputs, each with
// its base pointer and byte strides for `shape` (stride 0 broadcasts).
void run_ufunc_loop(Ufunc op, DType in, const Shape& shape, const std::array<char*, 3>& ptrs,
                    const std::array<const Strides*, 3>& strides);

// The same for a 1-D run of n elements with one stride per operand (the
// reduction and accumulate drivers use it).
void run_ufunc_run(Ufunc op, DType in, char* out, int64_t so, const char* a, int64_t sa, const char* b,
                   int64_t sb, int64_t n);

}  // namespace sl
