// array_hooks: the front-end table -- the rows through which the object model
// and the evaluator treat arrays, tensors, NumPy scalars and dtype objects
// like Python objects (type, attributes, indexing, operators, printing).
// Declared by the object model, filled by the front ends when they install
// (lang/numpy/ndarray.cpp the ndarray's row, lang/torch/tensor.cpp the
// Tensor's): Note [Front-end table].
//
// Invariant: the object model and the evaluator reach array semantics only
// through these rows and name no front end; a hook that does not apply says
// so (found=false / None) and the interpreter goes on with Python's own rules.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/lang/objects/ops.hpp"
#include "core/lang/objects/value.hpp"

namespace sl::lang {

class Interp;

// Note [Front-end table]
// One row of function pointers per array flavour (the engine's Array::flavor),
// as CPython's type objects carry their slots: the object model looks the row
// up by the value (hooks_of) and calls it, so it neither includes nor names a
// front end. A front end fills its rows in its install function (numpy's for
// the NumPy, Scalar and DummyBase flavours, torch's for Torch); rows are code,
// not settings, so they are process-wide and a second session's install
// writes the same pointers again. Torch's row starts as a copy of the NumPy
// row and overrides what a tensor does differently (CPython's inherit_slots:
// a subtype's empty slots come from its base), and its overrides hand the
// rest to the NumPy row. Binary operators take the row of the operand with
// the higher `priority` (NumPy's __array_priority__): a tensor beside an
// ndarray answers as a tensor. A value reaches a row only after a front end
// made it, so an empty row is an internal error, reported as one.
struct ArrayHooks {
  int priority = 0;
  TypeObj* (*type_of)(Interp& in, const Value& a) = nullptr;
  // What dir(a) offers beyond the type's own methods.
  std::vector<std::string> (*attribute_names)(Interp& in, const Value& a) = nullptr;
  Value (*getattr)(Interp& in, const Value& a, const std::string& name, bool& found) = nullptr;
  void (*setattr)(Interp& in, const Value& a, const std::string& name, const Value& x) = nullptr;
  Value (*getitem)(Interp& in, const Value& a, const Value& key) = nullptr;
  void (*setitem)(Interp& in, const Value& a, const Value& key, const Value& x) = nullptr;
  // a op b (a op= b when inplace). Returns None when the operands are not for
  // arrays (e.g. list + array), and the evaluator goes on with Python's rules.
  Value (*binop)(Interp& in, BinOp op, const Value& a, const Value& b, bool inplace) = nullptr;
  // a op b for the rich comparisons (==, !=, <, <=, >, >=; never is / in).
  // Returns None when the operands are not for arrays.
  Value (*compare)(Interp& in, CmpOp op, const Value& a, const Value& b) = nullptr;
  // -a, +a, ~a (never `not`, which is truthiness).
  Value (*unaryop)(Interp& in, UnaryOp op, const Value& a) = nullptr;
  // a op b where b is an instance of a user class whose methods did not answer
  // (before b's reflected method runs): raises when the array refuses b;
  // null: the array defers to b.
  void (*user_operand)(Interp& in, const BinOpInfo& op, const Value& a, const Value& b) = nullptr;
  std::string (*repr)(Interp& in, const Value& a) = nullptr;
  std::string (*str)(Interp& in, const Value& a) = nullptr;
  std::string (*format)(Interp& in, const Value& a, const std::string& spec) = nullptr;
  bool (*truthy)(Interp& in, const Value& a) = nullptr;
  int64_t (*len)(Interp& in, const Value& a) = nullptr;
  Value (*iter)(Interp& in, const Value& a) = nullptr;
  uint64_t (*hash)(Interp& in, const Value& a) = nullptr;
  // Python scalars from NumPy scalars / 0-d arrays (int(x), float(x), operator.index)
  bool (*to_int)(Interp& in, const Value& a, int64_t& out, bool index_only) = nullptr;
  double (*to_float)(Interp& in, const Value& a) = nullptr;
  // The dtype objects (DTypeObj) of this front end: numpy.dtype, torch.dtype.
  TypeObj* (*dtype_type)(Interp& in, const Value& d) = nullptr;
  std::string (*dtype_repr)(Interp& in, const Value& d) = nullptr;
  std::string (*dtype_str)(Interp& in, const Value& d) = nullptr;
  // dtype == dtype / dtype == 'float32' / dtype == np.float32 (either side a DTypeObj).
  bool (*dtype_equal)(Interp& in, const Value& a, const Value& b) = nullptr;
  // Attributes of dtype objects (itemsize, kind, name, ...).
  Value (*dtype_getattr)(Interp& in, const Value& d, const std::string& name, bool& found) = nullptr;
};

constexpr int kArrayFlavours = 4;  // the values of Flavor
// Fills the row of one flavour (a front end's install).
void set_array_hooks(Flavor f, const ArrayHooks& row);
// The row of one flavour, empty until a front end filled it.
const ArrayHooks& array_hooks_row(Flavor f);
// The row of an array or a dtype object; an empty row raises SystemError.
const ArrayHooks& hooks_of(const Value& v);
// The row of a binary operator's operands, one of them an array: the array's,
// or of two arrays the one of higher priority.
const ArrayHooks& hooks_of(const Value& a, const Value& b);

// The object model's calls, one per row entry.
inline TypeObj* array_type(Interp& in, const Value& a) { return hooks_of(a).type_of(in, a); }
inline std::vector<std::string> array_attribute_names(Interp& in, const Value& a) {
  return hooks_of(a).attribute_names(in, a);
}
inline Value array_getattr(Interp& in, const Value& a, const std::string& name, bool& found) {
  return hooks_of(a).getattr(in, a, name, found);
}
inline void array_setattr(Interp& in, const Value& a, const std::string& name, const Value& x) {
  hooks_of(a).setattr(in, a, name, x);
}
inline Value array_getitem(Interp& in, const Value& a, const Value& key) { return hooks_of(a).getitem(in, a, key); }
inline void array_setitem(Interp& in, const Value& a, const Value& key, const Value& x) {
  hooks_of(a).setitem(in, a, key, x);
}
inline Value array_binop(Interp& in, BinOp op, const Value& a, const Value& b, bool inplace) {
  return hooks_of(a, b).binop(in, op, a, b, inplace);
}
inline Value array_compare(Interp& in, CmpOp op, const Value& a, const Value& b) {
  return hooks_of(a, b).compare(in, op, a, b);
}
inline Value array_unaryop(Interp& in, UnaryOp op, const Value& a) { return hooks_of(a).unaryop(in, op, a); }
inline void array_user_operand(Interp& in, const BinOpInfo& op, const Value& a, const Value& b) {
  if (auto f = hooks_of(a).user_operand) f(in, op, a, b);
}
inline std::string array_repr(Interp& in, const Value& a) { return hooks_of(a).repr(in, a); }
inline std::string array_str(Interp& in, const Value& a) { return hooks_of(a).str(in, a); }
inline std::string array_format(Interp& in, const Value& a, const std::string& spec) {
  return hooks_of(a).format(in, a, spec);
}
inline bool array_truthy(Interp& in, const Value& a) { return hooks_of(a).truthy(in, a); }
inline int64_t array_len(Interp& in, const Value& a) { return hooks_of(a).len(in, a); }
inline Value array_iter(Interp& in, const Value& a) { return hooks_of(a).iter(in, a); }
inline uint64_t array_hash(Interp& in, const Value& a) { return hooks_of(a).hash(in, a); }
inline bool array_to_int(Interp& in, const Value& a, int64_t& out, bool index_only) {
  return hooks_of(a).to_int(in, a, out, index_only);
}
inline double array_to_float(Interp& in, const Value& a) { return hooks_of(a).to_float(in, a); }
inline TypeObj* dtype_type(Interp& in, const Value& d) { return hooks_of(d).dtype_type(in, d); }
inline std::string dtype_object_repr(Interp& in, const Value& d) { return hooks_of(d).dtype_repr(in, d); }
inline std::string dtype_object_str(Interp& in, const Value& d) { return hooks_of(d).dtype_str(in, d); }
inline bool dtype_equal(Interp& in, const Value& a, const Value& b) {
  return hooks_of(a.as<DTypeObj>() ? a : b).dtype_equal(in, a, b);
}
inline Value dtype_getattr(Interp& in, const Value& d, const std::string& name, bool& found) {
  return hooks_of(d).dtype_getattr(in, d, name, found);
}

}  // namespace sl::lang
