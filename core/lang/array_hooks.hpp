// array_hooks: the hooks through which the evaluator treats arrays, tensors and
// NumPy scalars like Python objects (attributes, indexing, operators, printing).
// Declared by the interpreter, implemented by the NumPy/PyTorch front end
// (numpy/ndarray.cpp and friends).
// Invariant: the interpreter reaches array semantics only through these
// functions; a hook that does not apply says so (found=false / None) and the
// interpreter goes on with Python's own rules.
#pragma once
#include <string>

#include "core/lang/ops.hpp"
#include "core/lang/value.hpp"

namespace sl::lang {

class Interp;

Value array_getattr(Interp& in, const Value& a, const std::string& name, bool& found);
void array_setattr(Interp& in, const Value& a, const std::string& name, const Value& x);
Value array_getitem(Interp& in, const Value& a, const Value& key);
void array_setitem(Interp& in, const Value& a, const Value& key, const Value& x);
// a op b (a op= b when inplace). Returns None when the operands are not for
// arrays (e.g. list + array), and the evaluator goes on with Python's rules.
Value array_binop(Interp& in, BinOp op, const Value& a, const Value& b, bool inplace);
// a op b for the rich comparisons (==, !=, <, <=, >, >=; never is / in).
// Returns None when the operands are not for arrays.
Value array_compare(Interp& in, CmpOp op, const Value& a, const Value& b);
// -a, +a, ~a (never `not`, which is truthiness).
Value array_unaryop(Interp& in, UnaryOp op, const Value& a);
std::string array_repr(Interp& in, const Value& a);
std::string array_str(Interp& in, const Value& a);
std::string array_format(Interp& in, const Value& a, const std::string& spec);
bool array_truthy(Interp& in, const Value& a);
int64_t array_len(Interp& in, const Value& a);
Value array_iter(Interp& in, const Value& a);
uint64_t array_hash(Interp& in, const Value& a);
// Python scalars from NumPy scalars / 0-d arrays (int(x), float(x), operator.index)
bool array_to_int(Interp& in, const Value& a, int64_t& out, bool index_only);
double array_to_float(Interp& in, const Value& a);
// dtype == dtype / dtype == 'float32' / dtype == np.float32 (either side a DTypeObj).
bool dtype_equal(Interp& in, const Value& a, const Value& b);
// Attributes of numpy.dtype / torch.dtype objects (itemsize, kind, name, ...).
Value dtype_getattr(Interp& in, const Value& d, const std::string& name, bool& found);

}  // namespace sl::lang
