// frontend/convert: conversions between interpreter values and engine arrays,
// shared by the numpy and torch front ends (dtypes, shapes, array and element
// conversions, basic indices).
//
// Invariant: a conversion either returns a valid engine argument or raises the
// reference's exception; it holds no layout rule (those are the engine's), and
// it names neither front end's functions: what differs by flavour is the
// engine's (Array::flavor) or the front end's own table (Note [Front-end table],
// array_hooks.hpp).
#pragma once
#include <optional>
#include <string>

#include "core/model/array.hpp"
#include "core/model/descr.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/ops/views.hpp"

namespace sl::lang {

// dtype arguments: np.float32, 'float32', 'f4', float, int, bool, complex,
// np.dtype('int8'), torch.float32. Raises TypeError "data type 'x' not understood".
// Flexible dtypes raise TypeError here: callers that take them use to_dtype_full.
DType to_dtype(Interp& in, const Value& v);
// Any dtype argument, flexible and structured ones included ('U5', 'S3',
// [('x', 'f4')], {'names': ...}, 'i4,f8', np.str_); align as np.dtype(align=).
DTypeFull to_dtype_full(Interp& in, const Value& v, bool align = false);
Value dtype_value(Interp& in, const DTypeFull& t);
DTypeFull array_dtype(const Array& a);
// A flexible dtype of size 0 ('U', np.str_, 'S', 'V') sized for data of dtype src
// (the text width of src's numbers, or src's own length); other dtypes as they are.
DTypeFull sized_for(const DTypeFull& t, const DTypeFull& src);
// A 0-d array of dt over a copy of the bytes at p (element reads that need an Array).
ArrayPtr make_view_of_bytes(DType dt, const char* p);
bool is_dtype_like(Interp& in, const Value& v);
Value dtype_value(Interp& in, DType dt, bool torch = false);

// Shapes: an int or a sequence of ints.
Shape to_shape(Interp& in, const Value& v);
// A shape as NumPy's C functions read it (PyArray_IntpConverter: np.empty,
// np.zeros, ...): as to_shape, and None is (), an ndarray of one or more
// dimensions is a sequence (an empty one is ()).
Shape intp_shape(Interp& in, const Value& v);
Shape shape_from_args(Interp& in, Args& a, size_t first);  // reshape(3, 4) or reshape((3, 4))

// Whether np.asarray(v) is a 0-d object array: None, a dict or set, a function,
// a module or a class (the engine has no object dtype, so to_array refuses them;
// a function whose first check is the input's number of dimensions raises its
// own dimension error for these instead, as NumPy does).
bool makes_object_scalar(const Value& v);
// The input of a function whose first check is its number of dimensions
// (np.diag, np.diff, np.fliplr, np.linalg's, ...): such a value stands in as
// a 0-d float64 array, so that check raises the function's own error, as
// NumPy's 0-d object array does; anything else is to_array's.
ArrayPtr to_array_dims_first(Interp& in, const Value& v);

// np.asarray(x) / np.array(x, dtype): Python scalars, nested lists/tuples, arrays.
ArrayPtr to_array(Interp& in, const Value& v, std::optional<DType> dt = std::nullopt, bool copy = false);

// An order= argument, as NumPy's PyArray_OrderConverter reads it: None gives
// `dflt`; a str or bytes of one letter C, F, A or K, either case; other text
// raises ValueError "order must be one of 'C', 'F', 'A', or 'K' (got 'x')",
// any other type TypeError "order must be str, not int". `use` narrows it as
// the callers do: reshape refuses 'K', creation functions take 'C' or 'F'.
enum class OrderUse { Any, Reshape, Create };
char order_arg(Interp& in, const Value& v, char dflt, OrderUse use = OrderUse::Any);
// The same with any dtype (strings infer '<Un' / '|Sn' from the longest item).
ArrayPtr to_array_full(Interp& in, const Value& v, const std::optional<DTypeFull>& dt, bool copy = false);
// Python value -> one element of `a` at p (any dtype: text, records, numbers).
void store_element(Interp& in, const Value& v, const Array& a, char* p);
// The dtype NumPy infers for a Python value (int -> int64, float -> float64, ...).
DType infer_dtype(Interp& in, const Value& v);

// A NumPy scalar (0-d, read-only, flavour Scalar) holding value `p` of dtype dt.
Value make_scalar(DType dt, const void* p);
// Element access as a Python value: NumPy scalar for numpy arrays, 0-d tensor for torch.
Value element_value(Interp& in, const Array& a, const char* p);
// Python value -> bytes of dtype dt (for setitem / fill). Raises on bad input.
void value_to_bytes(Interp& in, const Value& v, DType dt, char* out16);

Value wrap(ArrayPtr a);
Value tuple_of(const std::vector<int64_t>& v);  // a shape or strides as a tuple of ints
ArrayPtr arg_array(Interp& in, const Value& v, const char* what = "a");

// Converts an index expression to a basic index if it is one; returns false for
// advanced (array / list / bool) indices.
bool parse_basic_index(Interp& in, const Value& key, std::vector<IndexItem>& out);
// A Python slice as an engine slice item (bounds stay unnormalised: the
// engine's slice_range is the one normalisation, Python's slice.indices).
IndexItem slice_item(Interp& in, const SliceObj& s);

// Whether v is a torch.Tensor (an array of the Torch flavour).
bool is_tensor(const Value& v);

}  // namespace sl::lang
