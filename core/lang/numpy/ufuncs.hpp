// numpy/ufuncs (internal): helpers shared by the ufunc front end (numpy/ufuncs.cpp) and
// the reductions front end (numpy/reduce.cpp).
#pragma once
#include <optional>
#include <vector>

#include "core/lang/eval/interp.hpp"
#include "core/ops/ufunc.hpp"

namespace sl::lang {

// A Python value as a ufunc operand: arrays (and NumPy scalars, tensors) as
// they are, Python bool/int/float/complex as 0-d arrays of their default dtype
// marked python_scalar, lists and tuples through np.asarray. Returns false
// when the value is not array-like (str, None, objects).
bool to_operand(Interp& in, const Value& v, UfuncOperand& out);
UfuncOperand operand_or_raise(Interp& in, const Value& v);

// The Python value of a result: a 0-d NumPy array becomes a NumPy scalar
// (np.float64(...)), as NumPy's ufuncs and reductions return.
Value result_value(ArrayPtr r);

// out= as NumPy takes it: None, an array, or a 1-tuple holding either.
ArrayPtr out_arg(Interp& in, const Value& v);

// Whose rule reads an axis. NumpyC: NumPy's C converters (PyArray_PyIntAsInt):
// an integer, a list is not one ("'list' object cannot be interpreted as an
// integer"), that fits a C int (ValueError "integer won't fit into a C int").
// NumpyPython: NumPy's functions written in Python (mean, var, median, ...),
// which hand the axis to normalize_axis_index, whose parser raises
// OverflowError "Python int too large to convert to C int" instead. Torch: a
// tensor method computed here (Tensor.std, ...): a list of dims is allowed and
// an out-of-range dim is PyTorch's IndexError "Dimension out of range
// (expected to be in range of [-2, 1], but got 5)". NumpySequence: NumPy's
// normalize_axis_tuple (median, quantile, ...), NumpyPython's words, and a list
// of axes is as good as a tuple.
enum class AxisReader { NumpyC, NumpyPython, NumpySequence, Torch };
// An int parameter that NumPy's C code reads into a C int: PyArg_ParseTuple's
// "i" (ndarray.diagonal, ndarray.round) refuses a value past INT_MAX with
// OverflowError "signed integer is greater than maximum" (below INT_MIN: "...
// less than minimum"); npy_parse_arguments' converter (ndarray.trace) with
// "Python int too large to convert to C int".
enum class CIntReader { ParseTuple, NpyParse };
int c_int_arg(Interp& in, const Value& v, CIntReader how);
int axis_int(Interp& in, const Value& v, AxisReader how = AxisReader::NumpyC);
// The axis argument of a reduction: None (all axes), an int or a tuple of ints,
// normalised; AxisError / "duplicate value in 'axis'" as NumPy raises.
std::vector<bool> reduce_axes(Interp& in, const Value& axis, int ndim, AxisReader how = AxisReader::NumpyC);
// A single axis (None -> nullopt), normalised.
std::optional<int> single_axis(Interp& in, const Value& axis, int ndim, AxisReader how = AxisReader::NumpyC);

// ufunc.reduce / ufunc.accumulate (numpy/reduce.cpp).
Value ufunc_reduce(Interp& in, Ufunc op, Args& a);
Value ufunc_accumulate(Interp& in, Ufunc op, Args& a);
Value ufunc_reduceat(Interp& in, Ufunc op, Args& a);

// Installed from install_numpy_math.
void install_numpy_reductions(Interp& in, ModuleObj& np);

}  // namespace sl::lang
