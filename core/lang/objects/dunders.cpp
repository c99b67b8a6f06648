// dunders: the object protocol's fallbacks for instances of user classes --
// the special methods CPython's type slots call (tp_repr, nb_bool, tp_getattro
// with __getattr__, tp_richcompare, nb_add and the reflected operands,
// tp_iter/tp_iternext). abstract.cpp calls these before its builtin cases when
// an operand's class is a heap type (classes.hpp).
// Invariant: a user method returning NotImplemented is never the result of an
// operator; the other operand's reflected method, then the builtin rule, is.
#include "core/lang/objects/array_hooks.hpp"
#include "core/lang/objects/bytes.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/lang/objects/protocol.hpp"

namespace sl::lang {


bool ObjectProtocol::instance_repr(const Value& v, std::string& out) {
  Value r;
  if (call_special(in_, v, "__repr__", {}, r)) {
    out = special_str(r, "__repr__");
    return true;
  }
  if (auto* inst = v.as<InstanceObj>(); inst && !inst->builtin_base.is_none()) {
    out = repr(inst->builtin_base);
    return true;
  }
  return false;
}

std::string ObjectProtocol::special_str(const Value& r, const char* method) {
  auto* s = r.as<StrObj>();
  if (!s) type_error(std::string(method) + " returned non-string (type " + type_of(r)->name + ")");
  return s->s;
}

// mirrors PyObject_IsTrue: __bool__, else __len__ != 0, else true.
bool ObjectProtocol::instance_truthy(const Value& v) {
  Value r;
  if (call_special(in_, v, "__bool__", {}, r)) {
    if (!r.is_bool()) type_error("__bool__ should return bool, returned " + type_of(r)->name);
    return r.as_bool();
  }
  Value f;
  if (find_special(v, "__len__", f)) return len(v) != 0;
  auto* inst = v.as<InstanceObj>();
  if (!inst->builtin_base.is_none()) return truthy(inst->builtin_base);
  return true;
}

Value ObjectProtocol::instance_attr(const Value& v, const std::string& name) {
  Value out;
  if (instance_getattr(in_, v, name, out)) return out;
  Value hook;
  if (name != "__getattr__" && find_special(v, "__getattr__", hook))
    return in_.call(hook, std::vector<Value>{v, make_str(name)});
  in_.raise_attribute_error(v, name, "'" + type_of(v)->name + "' object has no attribute '" + name + "'");
}

namespace {
CmpOp reflected(CmpOp op) {
  switch (op) {
    case CmpOp::Lt: return CmpOp::Gt;
    case CmpOp::Le: return CmpOp::Ge;
    case CmpOp::Gt: return CmpOp::Lt;
    case CmpOp::Ge: return CmpOp::Le;
    default: return op;
  }
}

// x.__op__(y) for a user class; __ne__ without a definition of its own is the
// negation of __eq__ (object.__ne__). False when x defines neither or the
// method returned NotImplemented.
bool try_compare(Interp& in, CmpOp op, const Value& x, const Value& y, Value& out) {
  if (!heap_type_of(x)) return false;
  Value r;
  if (call_special(in, x, op_info(op).dunder, {y}, r)) {
    if (is_not_implemented(in, r)) return false;
    out = r;
    return true;
  }
  if (op == CmpOp::Ne && call_special(in, x, "__eq__", {y}, r)) {
    if (is_not_implemented(in, r)) return false;
    out = Value::boolean(!in.truthy(r));
    return true;
  }
  return false;
}

Value builtin_part(const Value& v) {
  auto* inst = v.as<InstanceObj>();
  return inst && !inst->builtin_base.is_none() ? inst->builtin_base : v;
}
}  // namespace

// mirrors do_richcompare: the right operand's reflected method first when its
// class is a proper subclass of the left's, then the left's method, then the
// right's; == and != fall back to identity.
Value ObjectProtocol::rich_compare(CmpOp op, const Value& a, const Value& b) {
  TypeObj *ta = type_of(a), *tb = type_of(b);
  Value out;
  bool right_first = ta != tb && tb->is_subclass_of(ta);
  if (right_first && try_compare(in_, reflected(op), b, a, out)) return out;
  if (try_compare(in_, op, a, b, out)) return out;
  if (!right_first && try_compare(in_, reflected(op), b, a, out)) return out;
  Value pa = builtin_part(a), pb = builtin_part(b);
  if (pa.identity() != a.identity() || pb.identity() != b.identity()) {
    if (!heap_type_of(pa) && !heap_type_of(pb)) return compare(op, pa, pb);
  }
  bool same = a.identity() == b.identity();
  if (op == CmpOp::Eq) return Value::boolean(same);
  if (op == CmpOp::Ne) return Value::boolean(!same);
  type_error(std::string("'") + op_symbol(op) + "' not supported between instances of '" + ta->tp_name() + "' and '" +
             tb->tp_name() + "'");
}

// mirrors binary_op1: a.__op__(b), then b.__rop__(a) (first when b's class is
// a proper subclass of a's and overrides it); false when neither applies.
bool ObjectProtocol::user_binop(BinOp op, const Value& a, const Value& b, Value& out) {
  TypeObj *ta = type_of(a), *tb = type_of(b);
  const BinOpInfo& info = op_info(op);
  auto attempt = [&](const Value& self, const char* name, const Value& other) {
    Value r;
    if (!heap_type_of(self) || !call_special(in_, self, name, {other}, r) || is_not_implemented(in_, r)) return false;
    out = r;
    return true;
  };
  bool right_first = ta != tb && tb->is_subclass_of(ta);
  if (right_first && attempt(b, info.rdunder, a)) return true;
  if (attempt(a, info.dunder, b)) return true;
  if (a.is_array()) array_user_operand(in_, info, a, b);  // Note [Front-end table]
  if (!right_first && ta != tb && attempt(b, info.rdunder, a)) return true;
  Value pa = builtin_part(a), pb = builtin_part(b);
  if (pa.identity() != a.identity() || pb.identity() != b.identity()) {
    if (!heap_type_of(pa) && !heap_type_of(pb)) {
      out = binop(op, pa, pb);
      return true;
    }
  }
  // str % obj and bytes % obj format obj (str.__mod__ accepts any right operand)
  if (op == BinOp::Mod && !heap_type_of(a) && (a.as<StrObj>() || a.as<BytesObj>())) return false;
  // a sequence times a non-int: the sequence's message ("can't multiply sequence by non-int ...")
  auto is_seq = [&](const Value& x) { return !heap_type_of(x) && (x.as<StrObj>() || x.as<ListObj>() || x.as<TupleObj>() || x.as<BytesObj>()); };
  if (op == BinOp::Mul && (is_seq(a) || is_seq(b))) return false;
  if (heap_type_of(a) || heap_type_of(b))
    type_error("unsupported operand type(s) for " + std::string(op == BinOp::Pow ? "** or pow()" : info.symbol) +
               ": '" + ta->tp_name() + "' and '" + tb->tp_name() + "'");
  return false;
}

// mirrors PyObject_GetIter: __iter__, else the sequence protocol over
// __getitem__ with 0, 1, ... until IndexError.
namespace {
bool iter_is_self(ObjectProtocol& p, const Value& r) {
  try {
    return p.iter(r).identity() == r.identity();
  } catch (const PyError&) {
    return false;
  }
}
}  // namespace

Value ObjectProtocol::instance_iter(const Value& v) {
  Value r;
  if (call_special(in_, v, "__iter__", {}, r)) {
    // the result must be an iterator: iter() of it is itself
    Value nx;
    bool ok = r.as<InstanceObj>() ? find_special(r, "__next__", nx) : !heap_type_of(r) && r.is_obj() && iter_is_self(*this, r);
    if (!ok) type_error("iter() returned non-iterator of type '" + type_name(r) + "'");
    return r;
  }
  auto* inst = v.as<InstanceObj>();
  if (!inst->builtin_base.is_none()) return iter(inst->builtin_base);
  Value gi;
  if (!find_special(v, "__getitem__", gi)) type_error("'" + type_of(v)->name + "' object is not iterable");
  auto i = std::make_shared<int64_t>(0);
  Interp* in = &in_;
  Value self = v;
  return Value(std::static_pointer_cast<Obj>(std::make_shared<IteratorObj>("iterator", [in, self, i](Value& out) {
    if (*i < 0) return false;
    try {
      out = in->getitem(self, Value::integer((*i)++));
      return true;
    } catch (const PyError& e) {
      if (e.type != "IndexError" && e.type != "StopIteration") throw;
      *i = -1;
      return false;
    }
  })));
}

bool ObjectProtocol::instance_next(const Value& it, Value& out) {
  Value f;
  if (!find_special(it, "__next__", f)) type_error("'" + type_of(it)->name + "' object is not an iterator");
  try {
    out = in_.call(f, std::vector<Value>{it});
    return true;
  } catch (const PyError& e) {
    if (e.type == "StopIteration") return false;
    throw;
  }
}

std::string ObjectProtocol::function_qualname(const Value& f) {
  auto* fo = f.as<FunctionObj>();
  if (!fo) return "";
  if (auto* owner = fo->owner.as<TypeObj>()) return (owner->qual.empty() ? owner->name : owner->qual) + "." + fo->def->name;
  return fo->def->qualname.empty() ? fo->def->name : fo->def->qualname;  // outer.<locals>.inner
}

}  // namespace sl::lang
