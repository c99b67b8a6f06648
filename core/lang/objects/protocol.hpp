// protocol: the object protocol -- Python's semantics of the builtin types:
// type_of, repr/str, truth, equality, hashing, attribute access, subscripts,
// operators (ops.hpp), containment and iteration. Arrays, tensors and NumPy
// scalars take part through the hooks in array_hooks.hpp.
//
// Invariant: an ObjectProtocol belongs to exactly one Interp and holds no
// state of its own beyond the repr/eq/hash nesting depth (which turns runaway
// recursion on self-referencing containers into RecursionError); the types,
// builtins and method tables it consults are the Interp's.
//
// Declarations only (Note [Session below the object model], interp.hpp): the
// protocol is implemented by abstract.cpp and dunders.cpp. Interp forwards
// each public member here with a one-line inline function, so front-end call sites keep the form in.repr(v),
// in.getattr(v, "x"), in.binop("+", a, b).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/lang/objects/ops.hpp"
#include "core/lang/objects/value.hpp"

namespace sl::lang {

class Interp;
struct Types;

class ObjectProtocol {
 public:
  explicit ObjectProtocol(Interp& in);
  ObjectProtocol(const ObjectProtocol&) = delete;
  ObjectProtocol& operator=(const ObjectProtocol&) = delete;

  TypeObj* type_of(const Value& v);
  std::string type_name(const Value& v);  // "int", "numpy.ndarray" as in error messages
  bool isinstance(const Value& v, const TypeObj* t);

  std::string repr(const Value& v);
  std::string str(const Value& v);
  bool truthy(const Value& v);
  bool eq(const Value& a, const Value& b);
  uint64_t hash(const Value& v);

  Value getattr(const Value& v, const std::string& name);
  bool hasattr(const Value& v, const std::string& name);
  void setattr(const Value& v, const std::string& name, const Value& x);
  void delattr(const Value& v, const std::string& name);
  std::vector<std::string> attribute_names(const Value& v);  // what dir(v) would offer, roughly

  Value getitem(const Value& v, const Value& key);
  bool generic_builtin(const TypeObj* ty) const;  // list, dict, ...: list[int] is a types.GenericAlias
  void setitem(const Value& v, const Value& key, const Value& x);
  void delitem(const Value& v, const Value& key);

  bool is_int_like(const Value& v);
  int64_t index_value(const Value& v);  // __index__ (ints, bools, integer numpy scalars)
  double float_value(const Value& v);   // float(x)

  Value binop(BinOp op, const Value& a, const Value& b);
  Value inplace_binop(BinOp op, const Value& a, const Value& b);  // a op= b
  Value unaryop(UnaryOp op, const Value& a);
  Value compare(CmpOp op, const Value& a, const Value& b);
  bool contains(const Value& container, const Value& x);  // x in container

  Value iter(const Value& v);  // an IteratorObj
  bool next(const Value& it, Value& out);
  std::vector<Value> to_vector(const Value& iterable);
  int64_t len(const Value& v);

 private:
  // The data model for instances of user classes (dunders.cpp).
  bool instance_repr(const Value& v, std::string& out);  // false: no user __repr__ / builtin part
  std::string special_str(const Value& r, const char* method);
  bool instance_truthy(const Value& v);
  Value instance_attr(const Value& v, const std::string& name);
  Value rich_compare(CmpOp op, const Value& a, const Value& b);
  bool user_binop(BinOp op, const Value& a, const Value& b, Value& out);
  Value instance_iter(const Value& v);
  bool instance_next(const Value& it, Value& out);
  std::string function_qualname(const Value& f);

  Interp& in_;
  Types& t;  // in_.t, the builtin types
};

}  // namespace sl::lang
