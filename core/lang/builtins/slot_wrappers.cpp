// slot_wrappers: the special methods of the builtin types as attributes --
// `(3).__add__(4)`, `int.__mul__` handed to functools.reduce, `dict.__setitem__(self,
// k, v)` and `super().__getitem__(i)` in subclasses of list and dict.
//
// CPython exposes each type slot (nb_add, sq_item, mp_ass_subscript, tp_richcompare,
// ...) as a wrapper_descriptor (typeobject.c's slotdefs: wrap_binaryfunc_l /
// wrap_binaryfunc_r, wrap_unaryfunc, wrap_lenfunc, wrap_objobjargproc, richcmp_*).
// Here the operators are the object protocol's (abstract.cpp), which dispatches on
// both operands at once, so a wrapper computes the operator only where the type's
// own slot would: int's nb_add takes ints, so `(1).__add__(2.5)` is NotImplemented
// and `1 + 2.5` is float's reflected add, as in CPython. The problem per wrapper:
//   __op__(self, other)  = self op other   if other is in the slot's operand family, else NotImplemented
//   __rop__(self, other) = other op self   likewise
// The operator runs on the builtin part of self (InstanceObj::builtin_base for a
// subclass of list or dict), so a subclass's own override is not called again.
// The special-method lookup of the operators (classes.cpp has_user_special) reads
// heap classes only; these natives serve attribute lookup and explicit calls.
// Not here: the in-place forms (list.__iadd__ must return the instance it was
// called on, which a native bound to the builtin part cannot see) and __hash__
// (object's attribute answers it).
#include <string>
#include <vector>

#include "core/lang/builtins/builtins.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/objects/bytes.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/lang/objects/pyint.hpp"

namespace sl::lang {

namespace {

enum Family : unsigned { kInt = 1, kFloat = 2, kComplex = 4, kStr = 8, kBytes = 16, kList = 32, kTuple = 64, kSet = 128, kDict = 256 };
constexpr unsigned kAny = ~0u;

Value builtin_part(const Value& v) {
  auto* inst = v.as<InstanceObj>();
  return inst && !inst->builtin_base.is_none() ? inst->builtin_base : v;
}

unsigned family_of(const Value& v0) {
  const Value v = builtin_part(v0);
  if (v.is_bool() || v.is_int() || is_bigint(v)) return kInt;
  if (v.is_float()) return kFloat;
  if (v.as<ComplexObj>()) return kComplex;
  if (v.as<StrObj>()) return kStr;
  if (v.as<BytesObj>()) return kBytes;
  if (v.as<ListObj>()) return kList;
  if (v.as<TupleObj>()) return kTuple;
  if (v.as<SetObj>()) return kSet;
  if (v.as<DictObj>()) return kDict;
  return 0;
}

// self, checked against the type the wrapper belongs to (its descriptor check).
Value self_of(Interp& in, Args& a, TypeObj* owner, const char* name) {
  if (a.pos.empty())
    in.raise_exc("TypeError", std::string("descriptor '") + name + "' of '" + owner->name + "' object needs an argument");
  const Value& s = a.pos[0];
  if (in.type_of(s)->is_subclass_of(owner)) return builtin_part(s);
  // list.__getitem__, dict.__getitem__ / __contains__ and set.__contains__ are methods
  // (METH_COEXIST) beside their slots, with a method descriptor's message
  const std::string n(name);
  const bool method = (n == "__getitem__" && (owner == in.t.list || owner == in.t.dict)) ||
                      (n == "__contains__" && (owner == in.t.dict || owner == in.t.set || owner == in.t.frozenset));
  if (method)
    in.raise_exc("TypeError", "descriptor '" + n + "' for '" + owner->name + "' objects doesn't apply to a '" + in.type_of(s)->name +
                                  "' object");
  in.raise_exc("TypeError", "descriptor '" + n + "' requires a '" + owner->name + "' object but received a '" + in.type_of(s)->name + "'");
}

void arity(Interp& in, Args& a, size_t n, const char* name) {
  if (!a.kw.empty()) in.raise_exc("TypeError", std::string(name) + "() takes no keyword arguments");
  if (a.pos.size() != n + 1)
    in.raise_exc("TypeError", "expected " + std::to_string(n) + " argument" + (n == 1 ? "" : "s") + ", got " +
                                  std::to_string(a.pos.size() - 1));
}

struct Binary {
  std::string name;
  BinOp op;
  bool reflected;
  unsigned accepts;  // families of the other operand
  bool sequence = false;  // a sequence's concatenation or repetition (wrap_binaryfunc / wrap_indexargfunc)
};
struct Compare {
  const char* name;
  CmpOp op;
};

// A type's own native of that name (one the type defines already) stays.
void define(Interp& in, TypeObj* t, const std::string& name, NativeFn fn) {
  if (!in.methods[t].count(name)) in.def_method(t, name, std::move(fn));
}

void def_binary(Interp& in, TypeObj* t, const Binary& b) {
  define(in, t, b.name, [t, b](Interp& in, Args& a) -> Value {
    Value self = self_of(in, a, t, b.name.c_str());
    arity(in, a, 1, b.name.c_str());
    const Value& other = a.pos[1];
    if (!(family_of(other) & b.accepts)) {
      // sq_concat / sq_repeat are not binary slots: a sequence's wrong operand is its error
      if (b.sequence && b.op == BinOp::Add) return in.binop(b.op, self, builtin_part(other));
      if (b.sequence) in.raise_exc("TypeError", "'" + in.type_of(other)->name + "' object cannot be interpreted as an integer");
      return in.not_implemented;
    }
    return b.reflected ? in.binop(b.op, builtin_part(other), self) : in.binop(b.op, self, builtin_part(other));
  });
}

void def_compare(Interp& in, TypeObj* t, const Compare& c, unsigned accepts) {
  define(in, t, c.name, [t, c, accepts](Interp& in, Args& a) -> Value {
    Value self = self_of(in, a, t, c.name);
    arity(in, a, 1, c.name);
    if (!(family_of(a.pos[1]) & accepts)) return in.not_implemented;
    return in.compare(c.op, self, builtin_part(a.pos[1]));
  });
}

const Compare kOrder[] = {{"__lt__", CmpOp::Lt}, {"__le__", CmpOp::Le}, {"__gt__", CmpOp::Gt}, {"__ge__", CmpOp::Ge}};
const Compare kEquality[] = {{"__eq__", CmpOp::Eq}, {"__ne__", CmpOp::Ne}};

// The six rich comparisons of a type: == and != over `equal`, the order over `order`.
void def_comparisons(Interp& in, TypeObj* t, unsigned equal, unsigned order) {
  for (const Compare& c : kEquality) def_compare(in, t, c, equal);
  for (const Compare& c : kOrder) def_compare(in, t, c, order);
}

// The arithmetic of a numeric type: each operator, forward and reflected, over `accepts`.
void def_arithmetic(Interp& in, TypeObj* t, const std::vector<std::pair<const char*, BinOp>>& ops, unsigned accepts) {
  for (const auto& [name, op] : ops) {
    def_binary(in, t, {std::string("__") + name + "__", op, false, accepts});
    def_binary(in, t, {std::string("__r") + name + "__", op, true, accepts});
  }
}

void def_unary(Interp& in, TypeObj* t, const char* name, Value (*f)(Interp&, const Value&)) {
  define(in, t, name, [t, name, f](Interp& in, Args& a) -> Value {
    Value self = self_of(in, a, t, name);
    arity(in, a, 0, name);
    return f(in, self);
  });
}

void def_number_unaries(Interp& in, TypeObj* t, bool integral, bool real) {
  def_unary(in, t, "__neg__", [](Interp& in, const Value& x) { return in.unaryop(UnaryOp::Neg, x); });
  def_unary(in, t, "__pos__", [](Interp& in, const Value& x) { return in.unaryop(UnaryOp::Pos, x); });
  def_unary(in, t, "__bool__", [](Interp& in, const Value& x) { return Value::boolean(in.truthy(x)); });
  def_unary(in, t, "__abs__", [](Interp& in, const Value& x) { return in.call(in.builtins.at("abs"), std::vector<Value>{x}); });
  if (integral) {
    def_unary(in, t, "__invert__", [](Interp& in, const Value& x) { return in.unaryop(UnaryOp::Invert, x); });
    def_unary(in, t, "__index__", [](Interp& in, const Value& x) { return in.call(type_ref(in.t.int_), std::vector<Value>{x}); });
  }
  if (real) {
    def_unary(in, t, "__int__", [](Interp& in, const Value& x) { return in.call(type_ref(in.t.int_), std::vector<Value>{x}); });
    def_unary(in, t, "__float__", [](Interp& in, const Value& x) { return in.call(type_ref(in.t.float_), std::vector<Value>{x}); });
  }
}

// __len__, __contains__, __iter__; __getitem__ when `subscript`, and the mutating
// two when `mutable_`.
void def_container(Interp& in, TypeObj* t, bool subscript, bool mutable_) {
  def_unary(in, t, "__len__", [](Interp& in, const Value& x) { return Value::integer(in.len(x)); });
  def_unary(in, t, "__iter__", [](Interp& in, const Value& x) { return in.iter(x); });
  define(in, t, "__contains__", [t](Interp& in, Args& a) -> Value {
    Value self = self_of(in, a, t, "__contains__");
    arity(in, a, 1, "__contains__");
    return Value::boolean(in.contains(self, a.pos[1]));
  });
  if (!subscript) return;
  define(in, t, "__getitem__", [t](Interp& in, Args& a) -> Value {
    Value self = self_of(in, a, t, "__getitem__");
    arity(in, a, 1, "__getitem__");
    return in.getitem(self, a.pos[1]);
  });
  if (!mutable_) return;
  define(in, t, "__setitem__", [t](Interp& in, Args& a) -> Value {
    Value self = self_of(in, a, t, "__setitem__");
    arity(in, a, 2, "__setitem__");
    in.setitem(self, a.pos[1], a.pos[2]);
    return Value();
  });
  define(in, t, "__delitem__", [t](Interp& in, Args& a) -> Value {
    Value self = self_of(in, a, t, "__delitem__");
    arity(in, a, 1, "__delitem__");
    in.delitem(self, a.pos[1]);
    return Value();
  });
}

}  // namespace

void install_slot_wrappers(Interp& in) {
  const std::vector<std::pair<const char*, BinOp>> real = {
      {"add", BinOp::Add}, {"sub", BinOp::Sub}, {"mul", BinOp::Mul}, {"truediv", BinOp::TrueDiv},
      {"floordiv", BinOp::FloorDiv}, {"mod", BinOp::Mod}, {"pow", BinOp::Pow}};
  const std::vector<std::pair<const char*, BinOp>> bits = {
      {"lshift", BinOp::LShift}, {"rshift", BinOp::RShift}, {"and", BinOp::BitAnd}, {"or", BinOp::BitOr}, {"xor", BinOp::BitXor}};
  for (TypeObj* t : {in.t.int_, in.t.bool_}) {  // bool inherits int's slots; & | ^ of two bools stay bool
    def_arithmetic(in, t, real, kInt);
    def_arithmetic(in, t, bits, kInt);
    def_number_unaries(in, t, true, true);
    def_comparisons(in, t, kInt, kInt);
  }
  def_arithmetic(in, in.t.float_, real, kInt | kFloat);
  def_number_unaries(in, in.t.float_, false, true);
  def_comparisons(in, in.t.float_, kInt | kFloat, kInt | kFloat);
  def_arithmetic(in, in.t.complex_, {{"add", BinOp::Add}, {"sub", BinOp::Sub}, {"mul", BinOp::Mul}, {"truediv", BinOp::TrueDiv}, {"pow", BinOp::Pow}},
                 kInt | kFloat | kComplex);
  def_number_unaries(in, in.t.complex_, false, false);
  def_comparisons(in, in.t.complex_, kInt | kFloat | kComplex, 0);  // complex orders nothing: NotImplemented

  // sequences: concatenation with their own kind, repetition by an int
  struct Seq {
    TypeObj* t;
    unsigned self_family;
    bool mutable_;
    bool formats;  // str % x, bytes % x
  };
  for (const Seq& s : {Seq{in.t.str, kStr, false, true}, Seq{in.t.bytes, kBytes, false, true}, Seq{in.t.bytearray, kBytes, true, true},
                       Seq{in.t.list, kList, true, false}, Seq{in.t.tuple, kTuple, false, false}}) {
    def_binary(in, s.t, {"__add__", BinOp::Add, false, s.self_family, true});
    def_binary(in, s.t, {"__mul__", BinOp::Mul, false, kInt, true});
    def_binary(in, s.t, {"__rmul__", BinOp::Mul, true, kInt, true});
    if (s.formats) {
      def_binary(in, s.t, {"__mod__", BinOp::Mod, false, kAny});
      def_binary(in, s.t, {"__rmod__", BinOp::Mod, true, s.self_family});
    }
    def_container(in, s.t, true, s.mutable_);
    def_comparisons(in, s.t, s.self_family, s.self_family);
  }
  for (TypeObj* t : {in.t.set, in.t.frozenset}) {
    def_arithmetic(in, t, {{"and", BinOp::BitAnd}, {"or", BinOp::BitOr}, {"xor", BinOp::BitXor}, {"sub", BinOp::Sub}}, kSet);
    def_container(in, t, false, false);
    def_comparisons(in, t, kSet, kSet);
  }
  def_binary(in, in.t.dict, {"__or__", BinOp::BitOr, false, kDict});
  def_binary(in, in.t.dict, {"__ror__", BinOp::BitOr, true, kDict});
  def_container(in, in.t.dict, true, true);
  def_comparisons(in, in.t.dict, kDict, 0);
  def_container(in, in.t.range, true, false);
}

}  // namespace sl::lang
