// abstract: the object protocol (protocol.hpp) and the insertion-ordered hash
// tables behind dict and set (table_*).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <set>

#include "core/lang/eval/interp.hpp"
#include "core/lang/objects/protocol.hpp"
#include "core/lang/eval/generator.hpp"
#include "core/lang/objects/array_hooks.hpp"
#include "core/lang/objects/bytes.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/lang/builtins/builtins.hpp"
#include "core/lang/objects/pyhash.hpp"
#include "core/lang/objects/pyint.hpp"
#include "core/text/flexible.hpp"
#include "core/text/format.hpp"
#include "core/text/numfmt.hpp"
#include "core/text/unicode_db.hpp"
#include "core/model/slice.hpp"  // slice_range: the one slice normalisation
#include "core/text/utf8.hpp"

namespace sl::lang {

namespace {

// Guards repr of self-referencing containers: [[...]].
struct ReprGuard {
  // The reprs on the stack (process-wide, as g_release_queue is: empty between boundary calls).
  static std::set<const void*>& active() {
    static std::set<const void*> s;
    return s;
  }
  const void* p;
  bool recursive;
  explicit ReprGuard(const void* q) : p(q), recursive(!active().insert(q).second) {}
  ~ReprGuard() {
    if (!recursive) active().erase(p);
  }
};

double mod_f(double a, double b) {
  double r = std::fmod(a, b);
  if (r != 0) {
    if ((b < 0) != (r < 0)) r += b;
  } else {
    r = std::copysign(0.0, b);
  }
  return r;
}

}  // namespace

// Process-wide (Note [Session state]): releases in progress on the stack, drained
// before the outermost one returns.
namespace {
int g_release_depth = 0;
std::vector<std::vector<Value>> g_release_queue;
}  // namespace

// Note [Release order]: CPython drops a list's or a tuple's items last to first
// (list_dealloc, tupledealloc, list_clear, list_ass_slice's recycle loop) and
// a dict's entries first to last, key before value (free_keys_object). The
// order is visible: each drop may run a __del__ or close a generator. A
// vector's clear() leaves the order to the C++ library (libstdc++ goes forward,
// libc++ backward), so release_children pops from the back, and callers lay
// their values out so that the back is what CPython drops first.
void drop_from_back(std::vector<Value>& v) {
  while (!v.empty()) v.pop_back();
}

void release_children(std::vector<Value>&& children) {
  if (children.empty()) return;
  if (g_release_depth > 32) {
    g_release_queue.push_back(std::move(children));
    return;
  }
  ++g_release_depth;
  drop_from_back(children);
  if (g_release_depth == 1) {
    while (!g_release_queue.empty()) {
      std::vector<Value> batch = std::move(g_release_queue.back());
      g_release_queue.pop_back();
      drop_from_back(batch);
    }
  }
  --g_release_depth;
}

void release_table(HashTable& t) {
  std::vector<Value> children;
  children.reserve(t.entries.size() * 2);
  for (auto it = t.entries.rbegin(); it != t.entries.rend(); ++it) {
    children.push_back(std::move(it->second));
    children.push_back(std::move(it->first));
  }
  t.entries.clear();
  release_children(std::move(children));
}

void traverse_table(HashTable& t, GcVisitor& v) {
  for (auto& [k, x] : t.entries) {
    v(k);
    v(x);
  }
}

void clear_table(HashTable& t, GcGraveyard& g) {
  for (auto& [k, x] : t.entries) {
    g.take(k);
    g.take(x);
  }
  t.entries.clear();
  t.alive.clear();
  t.index.clear();
  t.index_fill = 0;
  if (!t.slots) t.hashes.clear();
  t.count = 0;
  if (t.slots) t.make_slots(8);  // a set table always has its slots
}

bool complex_parts(const Value& v, double& re, double& im) {
  if (auto* c = v.as<ComplexObj>()) {
    re = c->re;
    im = c->im;
    return true;
  }
  if (v.is_int() || v.is_bool()) {
    re = double(v.as_int());
    im = 0;
    return true;
  }
  if (v.is_float()) {
    re = v.as_float();
    im = 0;
    return true;
  }
  return false;
}

// unicode_repr: text/flexible's one str repr (non-printable code points escaped by
// the Unicode table, lone surrogates included).
std::string py_str_repr(const std::string& s) { return py_text_repr(s, false); }

ObjectProtocol::ObjectProtocol(Interp& in) : in_(in), t(in.t) {}

namespace {
// An attribute a native subclass of tuple or dict (namedtuple classes,
// collections' dicts) keeps on its type, searched along the bases; None if absent.
Value subtype_attr(const TypeObj* ty, const std::string& name) {
  for (; ty; ty = ty->bases.empty() ? nullptr : ty->bases[0]) {
    auto it = ty->attrs.find(name);
    if (it != ty->attrs.end()) return it->second;
  }
  return Value();
}
// The type a slice, + or * of a tuple subclass keeps: torch.Size stays
// torch.Size; a namedtuple's (a type with _fields) is a plain tuple, as in CPython.
TypeObj* derived_tuple_type(TypeObj* t) {
  return t && !subtype_attr(t, "_fields").is_none() ? nullptr : t;
}
// Instance attributes of those subclasses: a namedtuple's fields (by their
// index in the type's _fields) and the type's data attributes (_fields).
bool subtype_instance_attr(const Value& v, const std::string& name, Value& out) {
  const TypeObj* ty = nullptr;
  auto* tup = v.as<TupleObj>();
  if (tup) ty = tup->type;
  if (auto* d = v.as<DictObj>()) ty = d->type;
  if (!ty) return false;
  if (tup) {
    if (auto* fields = subtype_attr(ty, "_fields").as<TupleObj>())
      for (size_t k = 0; k < fields->items.size() && k < tup->items.size(); ++k)
        if (auto* f = fields->items[k].as<StrObj>(); f && f->s == name) {
          out = tup->items[k];
          return true;
        }
  }
  if (auto* d = v.as<DictObj>()) {  // the subclass's own datum under its name (default_factory)
    auto* extra_name = subtype_attr(ty, "__extra__").as<StrObj>();
    if (extra_name && extra_name->s == "__dict__") {  // instance attributes (OrderedDict's), made on first use
      if (name == "__dict__") {
        if (d->extra.is_none()) d->extra = Value(std::static_pointer_cast<Obj>(std::make_shared<DictObj>()));
        out = d->extra;
        return true;
      }
      if (auto* attrs = d->extra.as<DictObj>())
        for (size_t i = 0; i < attrs->t.entries.size(); ++i)
          if (auto* k = attrs->t.alive[i] ? attrs->t.entries[i].first.as<StrObj>() : nullptr; k && k->s == name) {
            out = attrs->t.entries[i].second;
            return true;
          }
    } else if (extra_name && extra_name->s == name) {
      out = d->extra;
      return true;
    }
  }
  Value r = subtype_attr(ty, name);
  if (r.is_none() || r.as<BuiltinObj>() || r.as<FunctionObj>()) return false;
  out = r;
  return true;
}
}  // namespace

// classes.cpp: a field of the namedtuple a user class derives from, read from the instance's tuple part.
bool tuple_subtype_attr(const Value& v, const std::string& name, Value& out) { return subtype_instance_attr(v, name, out); }

// ---------------------------------------------------------------- types
TypeObj* ObjectProtocol::type_of(const Value& v) {
  switch (v.tag()) {
    case Tag::None: return t.none;
    case Tag::Bool: return t.bool_;
    case Tag::Int: return t.int_;
    case Tag::Float: return t.float_;
    case Tag::Array: return array_type(in_, v);  // Note [Front-end table]
    case Tag::Obj: break;
  }
  Obj* o = v.obj();
  switch (o->kind) {
    case ObjKind::Str: return t.str;
    case ObjKind::List: return t.list;
    case ObjKind::Tuple: return static_cast<TupleObj*>(o)->type ? static_cast<TupleObj*>(o)->type : t.tuple;
    case ObjKind::Dict: return static_cast<DictObj*>(o)->type ? static_cast<DictObj*>(o)->type : t.dict;
    case ObjKind::Set: return static_cast<SetObj*>(o)->frozen && t.frozenset ? t.frozenset : t.set;
    case ObjKind::Function: return t.function;
    case ObjKind::Builtin: return t.builtin;
    case ObjKind::BoundMethod: return t.method;
    case ObjKind::Module: return t.module;
    case ObjKind::Type: return static_cast<TypeObj*>(o)->meta ? static_cast<TypeObj*>(o)->meta : t.type;
    case ObjKind::Exception: return static_cast<ExceptionObj*>(o)->type;
    case ObjKind::Slice: return t.slice;
    case ObjKind::Ellipsis: return t.ellipsis;
    case ObjKind::Range: return t.range;
    case ObjKind::Iterator: return t.iterator;
    case ObjKind::Generator: return t.generator;
    case ObjKind::Cell: return t.cell;
    case ObjKind::DType: return dtype_type(in_, v);
    case ObjKind::Generic: return static_cast<GenericObj*>(o)->type;
    case ObjKind::Complex: return t.complex_;
    case ObjKind::Instance: return static_cast<InstanceObj*>(o)->type;
    case ObjKind::BigInt: return t.int_;
    case ObjKind::Bytes: return static_cast<BytesObj*>(o)->mut ? t.bytearray : t.bytes;
    case ObjKind::MemoryView: return t.memoryview;
  }
  return t.object;
}

// CPython's tp_name: a heap type's is its bare name ("'A' object is not subscriptable")
std::string ObjectProtocol::type_name(const Value& v) {
  TypeObj* t = type_of(v);
  return t->heap && !t->c_named ? t->name : t->qualname();
}

bool ObjectProtocol::isinstance(const Value& v, const TypeObj* ty) { return type_of(v)->is_subclass_of(ty); }

// ---------------------------------------------------------------- repr / str
std::string ObjectProtocol::repr(const Value& v) {
  Interp::CRecursion level(in_, " while getting the repr of an object");
  switch (v.tag()) {
    case Tag::None: return "None";
    case Tag::Bool: return v.as_bool() ? "True" : "False";
    case Tag::Int: return std::to_string(v.as_int());
    case Tag::Float: return py_float_repr(v.as_float());
    case Tag::Array:
      // NEP 51 (NumPy >= 2.0): a scalar's repr names its type, np.float64(0.5).
      if (v.arr().flavor == Flavor::Scalar) return scalar_repr_np2(v.arr());
      return array_repr(in_, v);
    case Tag::Obj: break;
  }
  Obj* o = v.obj();
  if (heap_type_of(v) || meta_of(v)) {
    std::string r;
    if (instance_repr(v, r)) return r;
  }
  switch (o->kind) {
    case ObjKind::BigInt: return int_to_decimal(in_, v);
    case ObjKind::Str: return py_str_repr(static_cast<StrObj*>(o)->s);
    case ObjKind::Bytes:
    case ObjKind::MemoryView: return buffer_repr(in_, v);
    case ObjKind::List:
    case ObjKind::Tuple: {
      bool list = o->kind == ObjKind::List;
      if (!list && static_cast<TupleObj*>(o)->type) {  // a tuple subclass with its own repr (torch.Size)
        TypeObj* sub = static_cast<TupleObj*>(o)->type;
        auto it = sub->attrs.find("__repr__");
        if (it != sub->attrs.end()) {
          Value r = in_.call(it->second, std::vector<Value>{v});
          if (auto* rs = r.as<StrObj>()) return rs->s;
        }
      }
      const auto& items = list ? static_cast<ListObj*>(o)->items : static_cast<TupleObj*>(o)->items;
      ReprGuard g(o);
      if (g.recursive) return list ? "[...]" : "(...)";
      std::string s = list ? "[" : "(";
      // Each item is held (a copy) while its repr runs: a __repr__ may change
      // the container it is in (CPython's list_repr / dict_repr hold a
      // reference to the item the same way); the bounds are read again each step.
      for (size_t k = 0; k < items.size(); ++k) {
        if (k) s += ", ";
        const Value item = items[k];
        s += repr(item);
      }
      if (!list && items.size() == 1) s += ",";
      return s + (list ? "]" : ")");
    }
    case ObjKind::Dict: {
      auto* d = static_cast<DictObj*>(o);
      ReprGuard g(o);
      if (g.recursive) return "{...}";
      if (d->type) {  // a dict subclass with its own repr (collections)
        Value r = subtype_attr(d->type, "__repr__");
        if (!r.is_none()) {
          Value s = in_.call(r, std::vector<Value>{v});
          if (auto* rs = s.as<StrObj>()) return rs->s;
        }
      }
      std::string s = "{";
      bool first = true;
      for (size_t k = 0; k < d->t.entries.size(); ++k) {
        if (!d->t.alive[k]) continue;
        if (!first) s += ", ";
        first = false;
        const Value key = d->t.entries[k].first, value = d->t.entries[k].second;  // held, as for a list
        s += repr(key);
        s += ": ";
        s += repr(value);
      }
      return s + "}";
    }
    case ObjKind::Set: {
      auto* d = static_cast<SetObj*>(o);
      if (d->t.count == 0) return d->frozen ? "frozenset()" : "set()";
      // set_repr lists the keys first (PySequence_List), then reprs the list:
      // a __repr__ that changes the set changes nothing printed
      std::vector<Value> keys;
      for (size_t k = 0; k < d->t.entries.size(); ++k)
        if (d->t.alive[k]) keys.push_back(d->t.entries[k].first);
      std::string s = "{";
      for (size_t k = 0; k < keys.size(); ++k) s += (k ? ", " : "") + repr(keys[k]);
      return d->frozen ? "frozenset(" + s + "})" : s + "}";
    }
    case ObjKind::Function: return "<function " + function_qualname(v) + " at " + hex_id(o) + ">";
    case ObjKind::Builtin: return "<built-in function " + static_cast<BuiltinObj*>(o)->name + ">";
    case ObjKind::BoundMethod: {
      auto* m = static_cast<BoundMethodObj*>(o);
      if (m->fn.as<FunctionObj>()) return "<bound method " + function_qualname(m->fn) + " of " + repr(m->self) + ">";
      std::string n = m->fn.as<BuiltinObj>() ? m->fn.as<BuiltinObj>()->name : "method";
      return "<built-in method " + n + " of " + type_of(m->self)->qualname() + " object at " + hex_id(m->self.identity()) + ">";
    }
    case ObjKind::Module: return "<module '" + static_cast<ModuleObj*>(o)->name + "'>";
    case ObjKind::Type: return "<class '" + static_cast<TypeObj*>(o)->qualname() + "'>";
    case ObjKind::Exception: {
      auto* e = static_cast<ExceptionObj*>(o);
      std::string s = e->type->name + "(";
      for (size_t k = 0; k < e->args.size(); ++k) {
        if (k) s += ", ";
        s += repr(e->args[k]);
      }
      return s + ")";
    }
    case ObjKind::Slice: {
      auto* sl = static_cast<SliceObj*>(o);
      return "slice(" + repr(sl->start) + ", " + repr(sl->stop) + ", " + repr(sl->step) + ")";
    }
    case ObjKind::Ellipsis: return "Ellipsis";
    case ObjKind::Range: {
      auto* r = static_cast<RangeObj*>(o);
      std::string s = "range(" + std::to_string(r->start) + ", " + std::to_string(r->stop);
      if (r->step != 1) s += ", " + std::to_string(r->step);
      return s + ")";
    }
    case ObjKind::Iterator: return "<" + static_cast<IteratorObj*>(o)->type_name + " object at " + hex_id(o) + ">";
    case ObjKind::Generator: {
      const FuncDef& d = static_cast<GeneratorObj*>(o)->def();
      return "<generator object " + (d.qualname.empty() ? d.name : d.qualname) + " at " + hex_id(o) + ">";
    }
    case ObjKind::Cell: return "<cell>";
    case ObjKind::DType: return dtype_object_repr(in_, v);
    case ObjKind::Complex: {
      auto* c = static_cast<ComplexObj*>(o);
      return py_complex_repr(c->re, c->im);
    }
    case ObjKind::Instance: return "<" + type_of(v)->qualname() + " object at " + hex_id(o) + ">";
    case ObjKind::Generic: {
      auto* g = static_cast<GenericObj*>(o);
      if (g->type == in_.t.code) {  // code_repr (Objects/codeobject.c)
        auto at = [&](const char* k) { auto f = g->attrs.find(k); return f == g->attrs.end() ? Value() : f->second; };
        return "<code object " + str(at("co_name")) + " at " + hex_id(o) + ", file \"" + str(at("co_filename")) +
               "\", line " + repr(at("co_firstlineno")) + ">";
      }
      auto it = g->attrs.find("__repr__");
      if (it != g->attrs.end()) {
        Value r = in_.call(it->second, std::vector<Value>{});
        if (auto* s = r.as<StrObj>()) return s->s;
      }
      return "<" + g->type->qualname() + " object at " + hex_id(o) + ">";
    }
  }
  return "<object>";
}

std::string ObjectProtocol::str(const Value& v) {
  if (auto* s = v.as<StrObj>()) return s->s;
  if (auto* inst = v.as<InstanceObj>()) {
    Value r;
    if (call_special(in_, v, "__str__", {}, r)) return special_str(r, "__str__");
    // a str subclass is its text (str_str); int and float have no __str__ of their own: repr
    if (auto* text = inst->builtin_base.as<StrObj>()) return text->s;
  }
  if (v.is_array()) return array_str(in_, v);
  if (auto* e = v.as<ExceptionObj>()) {
    (void)e;
    return in_.exception_str(v);
  }
  if (v.as<DTypeObj>()) return dtype_object_str(in_, v);
  if (auto* g = v.as<GenericObj>()) {
    auto it = g->attrs.find("__str__");
    if (it != g->attrs.end()) {
      Value r = in_.call(it->second, std::vector<Value>{});
      if (auto* s = r.as<StrObj>()) return s->s;
    }
  }
  return repr(v);
}

// ---------------------------------------------------------------- truth / equality / hash
bool ObjectProtocol::truthy(const Value& v) {
  switch (v.tag()) {
    case Tag::None: return false;
    case Tag::Bool:
    case Tag::Int: return v.as_int() != 0;
    case Tag::Float: return v.as_float() != 0.0;
    case Tag::Array: return array_truthy(in_, v);
    case Tag::Obj: break;
  }
  Obj* o = v.obj();
  if (o->kind == ObjKind::Instance) return instance_truthy(v);
  if (o->kind == ObjKind::Type && meta_of(v)) {  // Note [Metaclasses]
    Value r;
    if (call_special(in_, v, "__bool__", {}, r)) return truthy(r);
    if (find_special(v, "__len__", r)) return len(v) != 0;
  }
  switch (o->kind) {
    case ObjKind::Str: return !static_cast<StrObj*>(o)->s.empty();
    case ObjKind::Bytes:
    case ObjKind::MemoryView: return buffer_len(in_, v) != 0;
    case ObjKind::List: return !static_cast<ListObj*>(o)->items.empty();
    case ObjKind::Tuple: return !static_cast<TupleObj*>(o)->items.empty();
    case ObjKind::Dict: return static_cast<DictObj*>(o)->t.count != 0;
    case ObjKind::Set: return static_cast<SetObj*>(o)->t.count != 0;
    case ObjKind::Range: return static_cast<RangeObj*>(o)->length() != 0;
    case ObjKind::Generic:
      if (static_cast<GenericObj*>(o)->attrs.count("__len__")) return len(v) != 0;
      return true;
    case ObjKind::Complex: return static_cast<ComplexObj*>(o)->re != 0 || static_cast<ComplexObj*>(o)->im != 0;
    default: return true;
  }
}

static bool is_num(const Value& v) { return is_pyint(v) || v.is_float(); }

// Two real numbers (ints of any size, bools, floats) compared exactly, as
// CPython does: -1, 0, 1, or 2 when unordered (a NaN).
static int num_cmp(const Value& a, const Value& b) {
  if (!a.is_float() && !b.is_float()) return int_compare(a, b);
  if (a.is_float() && b.is_float()) {
    double x = a.as_float(), y = b.as_float();
    return x < y ? -1 : x > y ? 1 : x == y ? 0 : 2;
  }
  if (b.is_float()) return int_float_compare(a, b.as_float());
  int c = int_float_compare(b, a.as_float());
  return c == 2 ? 2 : -c;
}

bool ObjectProtocol::eq(const Value& a, const Value& b) {
  if (a.tag() == b.tag()) {  // Note [Immediate comparisons]
    if (a.is_int()) return a.as_int() == b.as_int();
    if (a.is_float()) return a.as_float() == b.as_float();
  }
  Interp::CRecursion level(in_, " in comparison");
  if (heap_type_of(a) || heap_type_of(b)) return truthy(rich_compare(CmpOp::Eq, a, b));
  if (is_num(a) && is_num(b)) return num_cmp(a, b) == 0;
  if (a.is_none() || b.is_none()) return a.is_none() && b.is_none();
  if (a.is_array() || b.is_array()) return truthy(compare(CmpOp::Eq, a, b));
  if (a.as<ComplexObj>() || b.as<ComplexObj>()) {
    double ar, ai, br, bi;
    if (!complex_parts(a, ar, ai) || !complex_parts(b, br, bi)) return false;
    return ar == br && ai == bi;
  }
  if (a.identity() == b.identity()) return true;
  if (!a.is_obj() || !b.is_obj()) return false;
  Obj* x = a.obj();
  Obj* y = b.obj();
  if (bool r; buffer_eq(in_, a, b, r)) return r;
  if (x->kind != y->kind) {
    if (a.as<DTypeObj>() || b.as<DTypeObj>()) return dtype_equal(in_, a, b);
    return false;
  }
  switch (x->kind) {
    case ObjKind::Str: return static_cast<StrObj*>(x)->s == static_cast<StrObj*>(y)->s;
    case ObjKind::List:
    case ObjKind::Tuple: {
      const auto& p = x->kind == ObjKind::List ? static_cast<ListObj*>(x)->items : static_cast<TupleObj*>(x)->items;
      const auto& q = x->kind == ObjKind::List ? static_cast<ListObj*>(y)->items : static_cast<TupleObj*>(y)->items;
      // list_richcompare: identity first; the items compared are held and both sizes read
      // again after each comparison (it may run Python that changes either list); when one
      // runs out, the sizes decide.
      if (p.size() != q.size()) return false;
      for (size_t k = 0; k < p.size() && k < q.size(); ++k) {
        if (p[k].is_same(q[k])) continue;
        Value u = p[k], w = q[k];
        if (!eq(u, w)) return false;
      }
      return p.size() == q.size();
    }
    case ObjKind::Dict: {
      auto* d1 = static_cast<DictObj*>(x);
      auto* d2 = static_cast<DictObj*>(y);
      if (d1->t.count != d2->t.count) return false;
      for (size_t k = 0; k < d1->t.entries.size(); ++k) {
        if (!d1->t.alive[k]) continue;
        Value key = d1->t.entries[k].first, val = d1->t.entries[k].second;  // held: Python may run below
        Value other;
        try {
          other = getitem(b, key);
        } catch (const PyError&) {
          return false;
        }
        if (!eq(val, other)) return false;
      }
      return true;
    }
    case ObjKind::Set: {
      auto* s1 = static_cast<SetObj*>(x);
      auto* s2 = static_cast<SetObj*>(y);
      if (s1->t.count != s2->t.count) return false;
      for (size_t k = 0; k < s1->t.entries.size(); ++k)
        if (s1->t.alive[k] && !contains(b, Value(s1->t.entries[k].first))) return false;
      return true;
    }
    case ObjKind::Range: {
      auto* r1 = static_cast<RangeObj*>(x);
      auto* r2 = static_cast<RangeObj*>(y);
      return r1->start == r2->start && r1->stop == r2->stop && r1->step == r2->step;
    }
    case ObjKind::Slice: {
      auto* s1 = static_cast<SliceObj*>(x);
      auto* s2 = static_cast<SliceObj*>(y);
      return eq(s1->start, s2->start) && eq(s1->stop, s2->stop) && eq(s1->step, s2->step);
    }
    case ObjKind::DType: return dtype_equal(in_, a, b);
    default: return false;
  }
}

uint64_t ObjectProtocol::hash(const Value& v) {
  switch (v.tag()) {  // values that hold no others: no recursion to count
    case Tag::None: return uint64_t(kNoneHash);
    case Tag::Bool:
    case Tag::Int: return uint64_t(int_hash(v));
    case Tag::Float: return uint64_t(float_hash(v.as_float()));
    default: break;
  }
  if (auto* so = v.as<StrObj>()) {  // Note [Str hash cache]
    if (!so->hashed) {
      so->hash_value = str_hash(so->s);
      so->hashed = true;
    }
    return uint64_t(so->hash_value);
  }
  Interp::CRecursion level(in_, " while hashing");
  if (v.is_array()) return array_hash(in_, v);
  Obj* o = v.obj();
  if (heap_type_of(v)) {
    Value h;
    if (find_special(v, "__hash__", h)) {
      if (h.is_none()) type_error("unhashable type: '" + type_of(v)->name + "'");
      Value r = in_.call(h, std::vector<Value>{v});
      if (!r.is_int() && !r.is_bool() && !r.as<BigIntObj>()) type_error("__hash__ method should return an integer");
      // mirrors slot_tp_hash: an int that fits a Py_hash_t is the hash itself (-1 becomes -2)
      if (r.is_int() || r.is_bool()) return uint64_t(r.as_int() == -1 ? -2 : r.as_int());
      return hash(r);
    }
    if (auto* inst = v.as<InstanceObj>(); inst && !inst->builtin_base.is_none()) return hash(inst->builtin_base);
  }
  switch (o->kind) {
    case ObjKind::BigInt: return uint64_t(int_hash(v));

    case ObjKind::Bytes:
    case ObjKind::MemoryView: return buffer_hash(in_, v);
    case ObjKind::Tuple: {
      std::vector<int64_t> hs;
      for (auto& x : static_cast<TupleObj*>(o)->items) hs.push_back(int64_t(hash(x)));
      return uint64_t(tuple_hash(hs));
    }
    case ObjKind::List: type_error("unhashable type: 'list'");
    case ObjKind::Dict: type_error("unhashable type: 'dict'");
    case ObjKind::Set: {
      auto* st = static_cast<SetObj*>(o);
      if (!st->frozen) type_error("unhashable type: 'set'");
      std::vector<int64_t> hs;
      for (size_t k = 0; k < st->t.entries.size(); ++k)
        if (st->t.alive[k]) hs.push_back(st->t.hashes[k]);
      return uint64_t(frozenset_hash(hs));
    }
    case ObjKind::DType: return uint64_t(static_cast<DTypeObj*>(o)->dt) * 7919;
    case ObjKind::Complex: {
      auto* c = static_cast<ComplexObj*>(o);
      int64_t h = int64_t(uint64_t(float_hash(c->re)) + 1000003ull * uint64_t(float_hash(c->im)));  // complex_hash
      return uint64_t(h == -1 ? -2 : h);
    }
    default: return uint64_t(uintptr_t(o)) >> 4;  // object.__hash__: the address without its alignment bits
  }
}

// ---------------------------------------------------------------- hash tables
namespace {
// Note [Comparing keys that run Python]
// A key's __eq__ is Python code, and it may change the very table being searched:
// clear it, insert into it (the entry vectors reallocate), delete the entry under
// comparison. As CPython's lookdict and set_lookkey do, a lookup holds its own
// reference to the key it compares (`start`, so the object outlives the call even if
// the table drops it), and after every comparison that ran Python checks that the
// table is still the one it was probing (the same entry storage, size and count, the
// entry still holding `start`); if not, the lookup starts again from the top, reading the
// table as it is now. No iterator, index or reference into the table is used across
// a comparison. The same rule holds for every other container operation that calls
// back: a slice's __index__ runs before the sequence's length is read (slice_indices),
// slice assignment bounds the target again after iterating the new items, and a
// deque's count/index/remove/in hold each item and check the size after each __eq__
// (collections_module.cpp, deque_scan).
struct TableShape {
  const void* data;
  size_t size, count;
  explicit TableShape(const HashTable& t) : data(t.entries.data()), size(t.entries.size()), count(t.count) {}
  bool same(const HashTable& t) const { return data == t.entries.data() && size == t.entries.size() && count == t.count; }
};

// True when the comparison of entry i's key with `key` left the table as it was.
bool still_there(const HashTable& t, const TableShape& shape, size_t i, const Value& start) {
  return shape.same(t) && i < t.entries.size() && t.alive[i] && t.entries[i].first.is_same(start);
}

// A dict index's probe sequence for hash h (Note [Dict index]; lookdict_index).
struct IndexProbe {
  size_t mask, i;
  uint64_t perturb;
  IndexProbe(const HashTable& t, uint64_t h) : mask(t.index.size() - 1), i(size_t(h) & mask), perturb(h) {}
  void next() {
    perturb >>= kPerturbShiftDict;
    i = size_t((uint64_t(i) * 5 + 1 + perturb) & mask);
  }
  static constexpr int kPerturbShiftDict = 5;
};

// Places entry `pos` (hash h) in the first free slot of its probe sequence.
void index_insert(HashTable& t, size_t pos, uint64_t h) {
  for (IndexProbe p(t, h);; p.next()) {
    int32_t& slot = t.index[p.i];
    if (slot == HashTable::kEmpty || slot == HashTable::kDeleted) {
      if (slot == HashTable::kEmpty) ++t.index_fill;
      slot = int32_t(pos);
      return;
    }
  }
}

// A fresh index for the live entries, at most a third full after one more insertion.
void index_rebuild(HashTable& t) {
  size_t n = 8;
  while (n * 2 < (t.count + 1) * 3) n <<= 1;
  t.index.assign(n, HashTable::kEmpty);
  t.index_fill = 0;
  for (size_t k = 0; k < t.entries.size(); ++k)
    if (t.alive[k]) index_insert(t, k, uint64_t(t.hashes[k]));
}

long table_find(Interp& in, HashTable& t, const Value& key, uint64_t h) {
restart:
  if (t.index.empty()) return -1;
  // The index stays as it is while the table keeps its shape: every insertion appends an
  // entry and every removal lowers the count, so an unchanged shape means an unchanged index.
  for (IndexProbe p(t, h);; p.next()) {
    const int32_t slot = t.index[p.i];
    if (slot == HashTable::kEmpty) return -1;
    if (slot == HashTable::kDeleted) continue;
    const size_t i = size_t(slot);
    if (uint64_t(t.hashes[i]) != h || !t.alive[i]) continue;
    if (t.entries[i].first.is_same(key)) return long(i);
    Value start = t.entries[i].first;
    TableShape shape(t);
    bool equal = in.eq(start, key);
    if (!still_there(t, shape, i, start)) goto restart;
    if (equal) return long(i);
  }
}

// CPython's set probing (setobject.c): from slot hash & mask, up to 9
// neighbours when they fit below the mask, then i = 5i + 1 + perturb.
constexpr size_t kLinearProbes = 9;
constexpr int kPerturbShift = 5;

// A live slot j with key's hash: is its key `key`? `restart` is set when the comparison
// ran Python that changed the table (Note [Comparing keys that run Python]).
bool slot_matches(Interp& in, HashTable& t, size_t j, const Value& key, bool& restart) {
  if (t.entries[j].first.is_same(key)) return true;
  Value start = t.entries[j].first;
  TableShape shape(t);
  bool equal = in.eq(start, key);
  restart = !still_there(t, shape, j, start);
  return equal && !restart;
}

// set_lookkey: the slot holding `key`, or -1.
long slot_find(Interp& in, HashTable& t, const Value& key, int64_t h) {
restart:
  size_t mask = t.entries.size() - 1, i = size_t(uint64_t(h) & mask);
  uint64_t perturb = uint64_t(h);  // 64 bits on every target (wasm32's size_t is 32)
  while (true) {
    size_t probes = i + kLinearProbes <= mask ? kLinearProbes : 0;
    for (size_t j = i;; ++j) {
      if (!t.alive[j] && !t.dummy[j]) return -1;
      if (t.alive[j] && t.hashes[j] == h) {
        bool again = false;
        if (slot_matches(in, t, j, key, again)) return long(j);
        if (again) goto restart;
      }
      if (probes-- == 0) break;
    }
    perturb >>= kPerturbShift;
    i = size_t((uint64_t(i) * 5 + 1 + perturb) & mask);
  }
}

// set_insert_clean: the first empty slot on key's probe sequence.
void slot_insert_clean(HashTable& t, const Value& key, int64_t h) {
  size_t mask = t.entries.size() - 1, i = size_t(uint64_t(h) & mask);
  uint64_t perturb = uint64_t(h);  // 64 bits on every target (wasm32's size_t is 32)
  while (true) {
    size_t probes = i + kLinearProbes <= mask ? kLinearProbes : 0;
    for (size_t j = i;; ++j) {
      if (!t.alive[j]) {
        t.entries[j].first = key;
        t.alive[j] = true;
        t.hashes[j] = h;
        return;
      }
      if (probes-- == 0) break;
    }
    perturb >>= kPerturbShift;
    i = size_t((uint64_t(i) * 5 + 1 + perturb) & mask);
  }
}

// set_table_resize: the smallest power of two above min_used, entries
// reinserted in slot order, dummies dropped.
void slot_resize(HashTable& t, size_t min_used) {
  size_t n = 8;
  while (n <= min_used) n <<= 1;
  if (n == 8 && t.entries.size() == 8 && t.fill == t.count) return;  // no dummies to purge
  HashTable old = std::move(t);
  t.make_slots(n);
  for (size_t i = 0; i < old.entries.size(); ++i)
    if (old.alive[i]) slot_insert_clean(t, old.entries[i].first, old.hashes[i]);
  t.count = t.fill = old.count;
}

// set_add_entry: a free slot past a dummy is reused (the last dummy seen on
// the probe sequence, as CPython's loop leaves it).
void slot_add(Interp& in, HashTable& t, const Value& key, int64_t h) {
restart:
  size_t mask = t.entries.size() - 1, i = size_t(uint64_t(h) & mask);
  uint64_t perturb = uint64_t(h);  // 64 bits on every target (wasm32's size_t is 32)
  long freeslot = -1;
  while (true) {
    size_t probes = i + kLinearProbes <= mask ? kLinearProbes : 0;
    for (size_t j = i;; ++j) {
      if (!t.alive[j] && !t.dummy[j]) {
        size_t at = freeslot >= 0 ? size_t(freeslot) : j;
        t.entries[at].first = key;
        t.alive[at] = true;
        t.dummy[at] = false;
        t.hashes[at] = h;
        ++t.count;
        if (freeslot >= 0) return;
        if (++t.fill * 5 < mask * 3) return;
        slot_resize(t, t.count > 50000 ? t.count * 2 : t.count * 4);
        return;
      }
      if (t.alive[j] && t.hashes[j] == h) {
        bool again = false;
        if (slot_matches(in, t, j, key, again)) return;
        if (again) goto restart;
      }
      if (t.dummy[j]) freeslot = long(j);
      if (probes-- == 0) break;
    }
    perturb >>= kPerturbShift;
    i = size_t((uint64_t(i) * 5 + 1 + perturb) & mask);
  }
}
}  // namespace

long table_lookup(Interp& in, HashTable& t, const Value& key) {
  if (t.slots) return slot_find(in, t, key, int64_t(in.hash(key)));
  return table_find(in, t, key, in.hash(key));
}
void table_set(Interp& in, HashTable& t, const Value& key, const Value& val) {
  uint64_t h = in.hash(key);
  if (t.slots) return slot_add(in, t, key, int64_t(h));
  long i = table_find(in, t, key, h);
  if (i >= 0) {
    t.entries[i].second = val;
    return;
  }
  t.entries.push_back({key, val});
  t.alive.push_back(true);
  t.hashes.push_back(int64_t(h));
  ++t.count;
  // Note [Dict index]: grown (and purged of deleted slots) before it is two thirds full
  if ((t.index_fill + 1) * 3 > t.index.size() * 2) index_rebuild(t);
  else index_insert(t, t.entries.size() - 1, h);
}
bool table_erase(Interp& in, HashTable& t, const Value& key) {
  uint64_t h = in.hash(key);
  if (t.slots) {
    long i = slot_find(in, t, key, int64_t(h));
    if (i < 0) return false;
    t.alive[i] = false;
    t.dummy[i] = true;
    t.hashes[i] = -1;
    t.entries[i] = {Value(), Value()};
    --t.count;
    return true;
  }
  long i = table_find(in, t, key, h);
  if (i < 0) return false;
  for (IndexProbe p(t, h);; p.next())
    if (t.index[p.i] == int32_t(i)) {
      t.index[p.i] = HashTable::kDeleted;
      break;
    }
  t.alive[i] = false;
  t.entries[i] = {Value(), Value()};
  --t.count;
  return true;
}

// set_merge: `src`'s keys into the set table `dst` as CPython merges a set
// into a set (update, copy, union): grow first if needed; an empty
// destination of the same size with no dummies in `src` takes the slots as
// they are, an empty one reinserts in slot order, otherwise key by key.
void table_merge_set(Interp& in, HashTable& dst, const HashTable& src) {
  if (&dst == &src || src.count == 0) return;
  if ((dst.fill + src.count) * 5 >= (dst.entries.size() - 1) * 3) slot_resize(dst, (dst.count + src.count) * 2);
  if (dst.fill == 0 && dst.entries.size() == src.entries.size() && src.fill == src.count) {
    dst.entries = src.entries;
    dst.alive = src.alive;
    dst.hashes = src.hashes;
    dst.dummy = src.dummy;
    dst.count = dst.fill = src.count;
    return;
  }
  if (dst.fill == 0) {
    for (size_t i = 0; i < src.entries.size(); ++i)
      if (src.alive[i]) slot_insert_clean(dst, src.entries[i].first, src.hashes[i]);
    dst.count = dst.fill = src.count;
    return;
  }
  for (size_t i = 0; i < src.entries.size(); ++i)
    if (src.alive[i]) slot_add(in, dst, src.entries[i].first, src.hashes[i]);
}

// ---------------------------------------------------------------- attributes
Value ObjectProtocol::getattr(const Value& v, const std::string& name) {
  if (v.is_array()) {
    bool found = false;
    Value r = array_getattr(in_, v, name, found);
    if (found) return r;
  } else if (v.is_obj()) {
    Obj* o = v.obj();
    if (o->kind == ObjKind::Module) {
      auto* m = static_cast<ModuleObj*>(o);
      auto it = m->attrs.find(name);
      if (it != m->attrs.end()) return it->second;
      if (name == "__dict__") {  // the module's names, as a dict (a snapshot)
        auto d = std::make_shared<DictObj>();
        for (auto& [k, x] : m->attrs) table_set(in_, d->t, make_str(k), x);
        return Value(std::static_pointer_cast<Obj>(d));
      }
      if (in_.load_frozen_package(m->name, name)) return getattr(v, name);  // Note [Frozen modules]
      auto sub = in_.modules.find(m->name + "." + name);
      if (sub != in_.modules.end()) return Value(std::static_pointer_cast<Obj>(sub->second));
      // PEP 562: a module-level __getattr__ answers names the module lacks.
      auto hook = m->attrs.find("__getattr__");
      if (hook != m->attrs.end()) return in_.call(hook->second, std::vector<Value>{make_str(name)});
      in_.raise_attribute_error(v, name, "module '" + m->name + "' has no attribute '" + name + "'");
    }
    if (o->kind == ObjKind::Type) {
      // class attributes along the MRO; an unbound method (str.lower) takes the instance first
      auto* ty = static_cast<TypeObj*>(o);
      Value out;
      if (class_getattr(in_, ty, v, name, out)) return out;
      in_.raise_attribute_error(v, name, "type object '" + ty->name + "' has no attribute '" + name + "'");
    }
    if (o->kind == ObjKind::Instance) return instance_attr(v, name);
    if (o->kind == ObjKind::Generic) {
      auto* g = static_cast<GenericObj*>(o);
      auto it = g->attrs.find(name);
      if (it != g->attrs.end()) return it->second;
      // a native type may answer the names it lacks (super objects, nn.Module)
      auto mt = in_.methods.find(g->type);
      if (mt != in_.methods.end()) {
        auto hook = mt->second.find("__getattr__");
        if (hook != mt->second.end() && name != "__getattr__") {
          Args ha;
          ha.pos = {v, make_str(name)};
          return hook->second(in_, ha);
        }
      }
    }
    if (o->kind == ObjKind::Exception) {
      auto* e = static_cast<ExceptionObj*>(o);
      if (name == "args") return make_tuple(e->args);
      if (name == "__cause__") return e->cause;
      if (name == "__context__") return e->context;
      if (name == "__suppress_context__") return Value::boolean(e->suppress_context);
      if (name == "__traceback__") return traceback_snapshot(in_, *e);  // Note [Frame snapshots]
      if (Value r; unicode_error_attr(in_, v, name, r)) return r;
      if (Value r; syntax_error_attr(in_, v, name, r)) {
        if (Value c; instance_getattr(in_, v, name, c)) return c;  // an assignment wins
        return r;
      }
      if (name == "value" && e->type->is_subclass_of(in_.exception_type("StopIteration")))
        return e->args.empty() ? Value() : e->args[0];  // a generator's return value
      if (name == "code" && e->type->is_subclass_of(in_.exception_type("SystemExit"))) {
        // SystemExit_init: code is None, the one argument, or the args tuple; an
        // assignment to e.code (kept in the exception's dict) wins
        if (Value c; instance_getattr(in_, v, name, c)) return c;
        return e->args.empty() ? Value() : e->args.size() == 1 ? e->args[0] : make_tuple(e->args);
      }
      return instance_attr(v, name);
    }
    if (o->kind == ObjKind::DType) {
      bool found = false;
      Value r = dtype_getattr(in_, v, name, found);
      if (found) return r;
    }
    if (o->kind == ObjKind::Function) {
      Value r;
      auto* fo = static_cast<FunctionObj*>(o);
      // a method's qualname names its class (the owner), as CPython's compiler does
      if (name == "__qualname__" && fo->owner.as<TypeObj>()) return make_str(function_qualname(v));
      if (function_getattr(in_, *fo, name, r)) return r;
    }
    if (o->kind == ObjKind::Builtin && name == "__name__") return make_str(static_cast<BuiltinObj*>(o)->name);
    if (o->kind == ObjKind::BoundMethod) {
      auto* m = static_cast<BoundMethodObj*>(o);
      if (name == "__self__") return m->self;
      if (name == "__func__") return m->fn;
      if (name == "__name__" || name == "__qualname__" || name == "__doc__") return getattr(m->fn, name);
    }
    if (o->kind == ObjKind::Slice) {
      auto* s = static_cast<SliceObj*>(o);
      if (name == "start") return s->start;
      if (name == "stop") return s->stop;
      if (name == "step") return s->step;
    }
    if (o->kind == ObjKind::Range) {
      auto* r = static_cast<RangeObj*>(o);
      if (name == "start") return Value::integer(r->start);
      if (name == "stop") return Value::integer(r->stop);
      if (name == "step") return Value::integer(r->step);
    }
  }
  if (auto* c = v.as<ComplexObj>()) {
    if (name == "real") return Value::floating(c->re);
    if (name == "imag") return Value::floating(c->im);
  }
  if (v.is_float()) {
    if (name == "real") return v;
    if (name == "imag") return Value::floating(0.0);
  }
  if (v.is_int() || v.is_bool()) {
    if (name == "real" || name == "numerator") return Value::integer(v.as_int());
    if (name == "imag") return Value::integer(0);
    if (name == "denominator") return Value::integer(1);
  }
  if (name == "__class__") return type_ref(type_of(v));
  if (Value r; subtype_instance_attr(v, name, r)) return r;
  if (Value r; v.as<MemoryViewObj>() && buffer_getattr(in_, v, name, r)) return r;
  // methods of the value's type (and its bases)
  for (const TypeObj* ty = type_of(v); ty; ty = ty->bases.empty() ? nullptr : ty->bases[0]) {
    auto mt = in_.methods.find(ty);
    if (mt != in_.methods.end()) {
      auto it = mt->second.find(name);
      if (it != mt->second.end()) {
        auto b = std::make_shared<BuiltinObj>(name, it->second);
        return Value(std::static_pointer_cast<Obj>(std::make_shared<BoundMethodObj>(v, Value(std::static_pointer_cast<Obj>(b)))));
      }
    }
  }
  in_.raise_attribute_error(v, name, "'" + type_name(v) + "' object has no attribute '" + name + "'");
}

std::vector<std::string> ObjectProtocol::attribute_names(const Value& v) {
  std::vector<std::string> out;
  if (auto* m = v.as<ModuleObj>()) {
    in_.load_frozen_package(m->name);
    for (auto& kv : m->attrs) out.push_back(kv.first);
    for (auto& kv : in_.modules)
      if (kv.first.rfind(m->name + ".", 0) == 0 && kv.first.find('.', m->name.size() + 1) == std::string::npos)
        out.push_back(kv.first.substr(m->name.size() + 1));
    return out;
  }
  if (auto* ty = v.as<TypeObj>()) {
    for (const TypeObj* c = ty; c; c = c->bases.empty() ? nullptr : c->bases[0]) {
      for (auto& kv : c->attrs) out.push_back(kv.first);
      auto mt = in_.methods.find(c);
      if (mt != in_.methods.end())
        for (auto& kv : mt->second) out.push_back(kv.first);
    }
    return out;
  }
  if (v.is_array()) out = array_attribute_names(in_, v);
  if (auto* inst = v.as<InstanceObj>()) {  // object.__dir__: the instance's dict, then its classes' (mirrors _dir_object)
    if (auto* d = inst->dict.as<DictObj>())
      for (size_t i = 0; i < d->t.entries.size(); ++i)
        if (d->t.alive[i] && d->t.entries[i].first.as<StrObj>()) out.push_back(d->t.entries[i].first.as<StrObj>()->s);
    for (const TypeObj* c : mro_of(inst->type))
      for (auto& kv : c->attrs) out.push_back(kv.first);
  }
  if (auto* g = v.as<GenericObj>())
    for (auto& kv : g->attrs) out.push_back(kv.first);
  if (auto* f = v.as<FunctionObj>()) return function_attribute_names(*f);
  if (v.as<ExceptionObj>()) {
    for (const char* n : {"args", "__cause__", "__context__", "__suppress_context__", "with_traceback"}) out.push_back(n);
  }
  if (v.is_int() || v.is_bool()) for (const char* n : {"real", "imag", "numerator", "denominator"}) out.push_back(n);
  if (v.is_float() || v.as<ComplexObj>()) for (const char* n : {"real", "imag"}) out.push_back(n);
  for (const TypeObj* ty = type_of(v); ty; ty = ty->bases.empty() ? nullptr : ty->bases[0]) {
    auto mt = in_.methods.find(ty);
    if (mt != in_.methods.end())
      for (auto& kv : mt->second) out.push_back(kv.first);
  }
  return out;
}

bool ObjectProtocol::hasattr(const Value& v, const std::string& name) {
  try {
    getattr(v, name);
    return true;
  } catch (const PyError& e) {
    if (e.type == "AttributeError") return false;
    throw;
  }
}

void ObjectProtocol::setattr(const Value& v, const std::string& name, const Value& x) {
  if (v.is_array()) return array_setattr(in_, v, name, x);
  if (TypeObj* ht = heap_type_of(v); ht || v.as<ExceptionObj>()) {
    // the hook's arguments (a str of the name) are made only when there is a hook
    if (ht && type_has_setattr(ht)) {
      Value r;
      call_special(in_, v, "__setattr__", {make_str(name), x}, r);
      return;
    }
    return instance_setattr(in_, v, name, x);
  }
  if (auto* ty = v.as<TypeObj>(); ty && ty->heap) {
    if (Value r; ty->meta && call_special(in_, v, "__setattr__", {make_str(name), x}, r)) return;  // Note [Metaclasses]
    if (!ty->attrs.count(name)) ty->order.push_back(name);
    ty->attrs[name] = x;
    return;
  }
  if (auto* g = v.as<GenericObj>()) {
    auto it = g->attrs.find("__setattr__");
    if (it != g->attrs.end()) {
      in_.call(it->second, std::vector<Value>{make_str(name), x});
      return;
    }
  }
  if (auto* m = v.as<ModuleObj>()) {
    m->attrs[name] = x;
    return;
  }
  if (auto* f = v.as<FunctionObj>()) return function_setattr(in_, *f, name, x);
  if (auto* d = v.as<DictObj>(); d && d->type) {  // a dict subclass with instance attributes (OrderedDict)
    auto* extra_name = subtype_attr(d->type, "__extra__").as<StrObj>();
    if (extra_name && extra_name->s == "__dict__") {
      Value attrs;
      subtype_instance_attr(v, "__dict__", attrs);
      table_set(in_, attrs.as<DictObj>()->t, make_str(name), x);
      return;
    }
  }
  in_.raise_exc("AttributeError", "'" + type_name(v) + "' object has no attribute '" + name + "'");
}

void ObjectProtocol::delattr(const Value& v, const std::string& name) {
  if (heap_type_of(v) || v.as<ExceptionObj>()) {
    Value r;
    if (call_special(in_, v, "__delattr__", {make_str(name)}, r)) return;
    return instance_delattr(in_, v, name);
  }
  if (Value r; meta_of(v) && call_special(in_, v, "__delattr__", {make_str(name)}, r)) return;  // Note [Metaclasses]
  if (auto* ty = v.as<TypeObj>(); ty && ty->heap && ty->attrs.erase(name)) return;
  if (auto* m = v.as<ModuleObj>(); m && m->attrs.erase(name)) return;
  in_.raise_attribute_error(v, name, "'" + type_name(v) + "' object has no attribute '" + name + "'");
}

// ---------------------------------------------------------------- subscripts
namespace {
// PySlice_GetIndicesEx: the slice's values as integers (PySlice_Unpack, which may
// run __index__), then normalised by the engine's one slice_range against the
// sequence's length read only after that (PySlice_AdjustIndices): an __index__ that
// resizes the sequence is seen, never read past (Note [Comparing keys that run Python]).
void slice_indices(Interp& in, const SliceObj& s, const std::function<int64_t()>& length, int64_t& start, int64_t& stop,
                   int64_t& step, int64_t& count) {
  auto idx = [&](const Value& x) -> std::optional<int64_t> {
    if (x.is_none()) return std::nullopt;
    if (!in.is_int_like(x)) in.raise_exc("TypeError", "slice indices must be integers or None or have an __index__ method");
    // A big int clamps, as _PyEval_SliceIndex does (to PY_SSIZE_T_MAX/MIN).
    if (is_bigint(x)) return to_bigint(x).neg ? -INT64_MAX : INT64_MAX;
    return in.index_value(x);
  };
  IndexItem item;
  item.kind = IndexItem::Slice;
  item.step = idx(s.step);
  // CPython (PySlice_Unpack) rejects a zero step before it converts start and stop.
  if (item.step == 0) in.raise_exc("ValueError", "slice step cannot be zero");
  item.start = idx(s.start);
  item.stop = idx(s.stop);
  const SliceRange r = slice_range(item, length());
  start = r.start;
  stop = r.stop;
  step = r.step;
  count = r.count;
}
}  // namespace

void py_slice_indices(Interp& in, const SliceObj& s, const std::function<int64_t()>& length, int64_t& start,
                      int64_t& stop, int64_t& step, int64_t& count) {
  slice_indices(in, s, length, start, stop, step, count);
}

// Note [Subscripts by an int]
// xs[i] with xs a list or a tuple and i an int that fits in 64 bits is the
// item at i (from the end when negative) or IndexError, before the
// protocol's dispatch on the receiver and the key (CPython's BINARY_SUBSCR_
// LIST_INT / BINARY_SUBSCR_TUPLE_INT, STORE_SUBSCR_LIST_INT); the same answer
// and the same errors as the general path below.
namespace {
const Value* int_subscript(const Value& v, const Value& key, const char*& what) {
  std::vector<Value>* items;
  if (auto* l = v.as<ListObj>()) {
    items = &l->items;
    what = "list index out of range";
  } else if (auto* t = v.as<TupleObj>()) {
    items = &t->items;
    what = "tuple index out of range";
  } else {
    return nullptr;
  }
  int64_t i = key.as_int();
  const int64_t n = int64_t(items->size());
  if (i < 0) i += n;
  return i < 0 || i >= n ? nullptr : &(*items)[size_t(i)];
}
}  // namespace

// The builtin classes whose __class_getitem__ makes a types.GenericAlias
// (list[int], dict[str, int], collections.deque[int]).
bool ObjectProtocol::generic_builtin(const TypeObj* ty) const {
  const Types& t = in_.t;
  if (ty == t.list || ty == t.dict || ty == t.tuple || ty == t.set || ty == t.frozenset || ty == t.type) return true;
  static const char* const kCollections[] = {"deque", "defaultdict", "OrderedDict", "Counter", "ChainMap"};
  if (ty->module == "collections")
    for (const char* n : kCollections)
      if (ty->name == n) return true;
  return ty->module == "builtins" && ty->name == "enumerate";
}

Value ObjectProtocol::getitem(const Value& v, const Value& key) {
  if (key.is_int() && v.is_obj()) {  // Note [Subscripts by an int]
    const char* what = nullptr;
    if (const Value* x = int_subscript(v, key, what)) return *x;
    if (what) in_.raise_exc("IndexError", what);
  }
  if (v.is_array()) return array_getitem(in_, v, key);
  if (auto* inst = v.as<InstanceObj>()) {
    Value r;
    if (call_special(in_, v, "__getitem__", {key}, r)) return r;
    if (auto* d = inst->builtin_base.as<DictObj>()) {
      if (table_lookup(in_, d->t, key) < 0 && call_special(in_, v, "__missing__", {key}, r)) return r;
    }
    if (!inst->builtin_base.is_none()) return getitem(inst->builtin_base, key);
  }
  if (auto* ty = v.as<TypeObj>(); ty && !ty->heap) {
    if (!generic_builtin(ty)) type_error("type '" + ty->name + "' is not subscriptable");
    return in_.call(in_.getattr(in_.import("types"), "GenericAlias"), std::vector<Value>{v, key});  // list[int] (PEP 585)
  }
  if (auto* ty = v.as<TypeObj>(); ty && ty->heap) {
    Value f;
    if (call_special(in_, v, "__getitem__", {key}, f)) return f;  // a metaclass's (Note [Metaclasses])
    if (class_getattr(in_, ty, v, "__class_getitem__", f)) return in_.call(f, std::vector<Value>{key});
    type_error("type '" + ty->name + "' is not subscriptable");
  }
  if (!v.is_obj()) type_error("'" + type_name(v) + "' object is not subscriptable");
  Obj* o = v.obj();
  auto seq_get = [&](const std::vector<Value>& items, const char* what, bool list) -> Value {
    if (auto* s = key.as<SliceObj>()) {
      int64_t st, sp, step, cnt;
      slice_indices(in_, *s, [&] { return int64_t(items.size()); }, st, sp, step, cnt);
      std::vector<Value> out;
      out.reserve(size_t(cnt));
      for (int64_t k = 0, i = st; k < cnt; ++k, i += step) out.push_back(items[size_t(i)]);
      if (list) return make_list(std::move(out));
      Value r = make_tuple(std::move(out));
      r.as<TupleObj>()->type = derived_tuple_type(static_cast<TupleObj*>(o)->type);  // torch.Size slices are torch.Size
      return r;
    }
    // an array key converts through its own __index__ (its value or its error)
    if (!is_int_like(key) && !(key.is_array() && key.arr().flavor != Flavor::Scalar))
      type_error(std::string(what) + " indices must be integers or slices, not " + type_of(key)->name);
    int64_t i = index_value(key), n = int64_t(items.size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) in_.raise_exc("IndexError", std::string(what) + " index out of range");
    return items[size_t(i)];
  };
  switch (o->kind) {
    case ObjKind::List: return seq_get(static_cast<ListObj*>(o)->items, "list", true);
    case ObjKind::Tuple: return seq_get(static_cast<TupleObj*>(o)->items, "tuple", false);
    case ObjKind::Bytes:
    case ObjKind::MemoryView: return buffer_getitem(in_, v, key);
    case ObjKind::Str: {
      // Indexing by code point: an ASCII text's bytes are its code points
      // (the common case costs the slice, not the text); other text is
      // indexed through the byte offset of each code point.
      const std::string& s = static_cast<StrObj*>(o)->s;
      const bool ascii = is_ascii(s);
      std::vector<size_t> at;
      if (!ascii) at = utf8_starts(s);
      const int64_t n = ascii ? int64_t(s.size()) : int64_t(at.size()) - 1;
      auto cp = [&](int64_t i) {
        return ascii ? std::string_view(s.data() + i, 1) : std::string_view(s.data() + at[size_t(i)], at[size_t(i) + 1] - at[size_t(i)]);
      };
      if (auto* sl = key.as<SliceObj>()) {
        int64_t st, sp, step, cnt;
        slice_indices(in_, *sl, [&] { return int64_t(n); }, st, sp, step, cnt);
        if (step == 1) {
          if (cnt <= 0) return make_str("");
          const size_t b = ascii ? size_t(st) : at[size_t(st)], e = ascii ? size_t(st + cnt) : at[size_t(st + cnt)];
          return make_str(s.substr(b, e - b));
        }
        std::string out;
        for (int64_t k = 0, i = st; k < cnt; ++k, i += step) out += cp(i);
        return make_str(out);
      }
      if (!is_int_like(key)) type_error("string indices must be integers, not '" + type_of(key)->name + "'");
      int64_t i = index_value(key);
      if (i < 0) i += n;
      if (i < 0 || i >= n) in_.raise_exc("IndexError", "string index out of range");
      return make_str(std::string(cp(i)));
    }
    case ObjKind::Dict: {
      auto* d = static_cast<DictObj*>(o);
      long i = table_lookup(in_, d->t, key);
      if (i < 0 && d->type) {  // dict subclasses answer a missing key (defaultdict, Counter)
        Value missing = subtype_attr(d->type, "__missing__");
        if (!missing.is_none()) return in_.call(missing, std::vector<Value>{v, key});
      }
      if (i < 0) {
        Value exc = in_.make_exception(in_.exception_type("KeyError"), {key});
        throw PyException("KeyError", repr(key), exc);
      }
      return d->t.entries[size_t(i)].second;
    }
    case ObjKind::Range: {
      auto* r = static_cast<RangeObj*>(o);
      if (auto* sl = key.as<SliceObj>()) {
        int64_t st, sp, step, cnt;
        slice_indices(in_, *sl, [&] { return int64_t(r->length()); }, st, sp, step, cnt);
        // mirrors compute_slice (Objects/rangeobject.c): the stop keeps the slice's own index
        (void)cnt;
        int64_t ns = r->start + st * r->step, nstop = r->start + sp * r->step, nstep = r->step * step;
        return Value(std::static_pointer_cast<Obj>(std::make_shared<RangeObj>(ns, nstop, nstep)));
      }
      int64_t i = index_value(key), n = r->length();
      if (i < 0) i += n;
      if (i < 0 || i >= n) in_.raise_exc("IndexError", "range object index out of range");
      return Value::integer(r->start + i * r->step);
    }
    case ObjKind::Generic: {
      auto* g = static_cast<GenericObj*>(o);
      auto it = g->attrs.find("__getitem__");
      if (it != g->attrs.end()) return in_.call(it->second, std::vector<Value>{key});
      break;
    }
    case ObjKind::Type: {
      // typing-style subscripts (list[int]) are not supported; numpy types neither
      break;
    }
    default: break;
  }
  type_error("'" + type_name(v) + "' object is not subscriptable");
}

void ObjectProtocol::setitem(const Value& v, const Value& key, const Value& x) {
  if (key.is_int()) {  // Note [Subscripts by an int]
    if (auto* l = v.as<ListObj>()) {
      int64_t i = key.as_int();
      const int64_t n = int64_t(l->items.size());
      if (i < 0) i += n;
      if (i < 0 || i >= n) in_.raise_exc("IndexError", "list assignment index out of range");
      l->items[size_t(i)] = x;
      return;
    }
  }
  if (v.is_array()) return array_setitem(in_, v, key, x);
  if (auto* inst = v.as<InstanceObj>()) {
    Value r;
    if (call_special(in_, v, "__setitem__", {key, x}, r)) return;
    if (!inst->builtin_base.is_none()) return setitem(inst->builtin_base, key, x);
  }
  if (auto* l = v.as<ListObj>()) {
    if (auto* s = key.as<SliceObj>()) {
      int64_t st, sp, step, cnt;
      slice_indices(in_, *s, [&] { return int64_t(l->items.size()); }, st, sp, step, cnt);
      std::vector<Value> repl = to_vector(x);  // may run Python that resizes the list: bounds again after it
      const int64_t now = int64_t(l->items.size());
      if (step == 1) {  // list_ass_slice clamps to the size it sees then
        st = std::min(st, now);
        int64_t stop = std::min(std::max(st, sp), now);
        std::vector<Value> gone(std::make_move_iterator(l->items.begin() + st),
                                std::make_move_iterator(l->items.begin() + stop));
        l->items.erase(l->items.begin() + st, l->items.begin() + stop);
        l->items.insert(l->items.begin() + st, repl.begin(), repl.end());
        release_children(std::move(gone));
        return;
      }
      if (int64_t(repl.size()) != cnt)
        in_.raise_exc("ValueError", "attempt to assign sequence of size " + std::to_string(repl.size()) +
                                    " to extended slice of size " + std::to_string(cnt));
      for (int64_t k = 0, i = st; k < cnt; ++k, i += step)
        if (i >= 0 && i < int64_t(l->items.size())) l->items[size_t(i)] = repl[size_t(k)];
      return;
    }
    if (!is_int_like(key) && !(key.is_array() && key.arr().flavor != Flavor::Scalar))
      type_error("list indices must be integers or slices, not " + type_of(key)->name);
    int64_t i = index_value(key), n = int64_t(l->items.size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) in_.raise_exc("IndexError", "list assignment index out of range");
    l->items[size_t(i)] = x;
    return;
  }
  if (auto* d = v.as<DictObj>()) {
    table_set(in_, d->t, key, x);
    return;
  }
  if (v.as<BytesObj>() || v.as<MemoryViewObj>()) return buffer_setitem(in_, v, key, x);
  if (auto* g = v.as<GenericObj>()) {
    auto it = g->attrs.find("__setitem__");
    if (it != g->attrs.end()) {
      in_.call(it->second, std::vector<Value>{key, x});
      return;
    }
  }
  type_error("'" + type_name(v) + "' object does not support item assignment");
}

void ObjectProtocol::delitem(const Value& v, const Value& key) {
  if (auto* inst = v.as<InstanceObj>()) {
    Value r;
    if (call_special(in_, v, "__delitem__", {key}, r)) return;
    if (!inst->builtin_base.is_none()) return delitem(inst->builtin_base, key);
  }
  if (auto* l = v.as<ListObj>()) {
    if (auto* s = key.as<SliceObj>()) {
      int64_t st, sp, step, cnt;
      slice_indices(in_, *s, [&] { return int64_t(l->items.size()); }, st, sp, step, cnt);
      std::vector<bool> drop(l->items.size(), false);
      for (int64_t k = 0, i = st; k < cnt; ++k, i += step) drop[size_t(i)] = true;
      std::vector<Value> keep;
      for (size_t i = 0; i < l->items.size(); ++i)
        if (!drop[i]) keep.push_back(l->items[i]);
      std::swap(l->items, keep);
      release_children(std::move(keep));
      return;
    }
    int64_t i = index_value(key), n = int64_t(l->items.size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) in_.raise_exc("IndexError", "list assignment index out of range");
    Value gone = std::move(l->items[size_t(i)]);
    l->items.erase(l->items.begin() + i);
    return;
  }
  if (auto* d = v.as<DictObj>()) {
    if (!table_erase(in_, d->t, key)) {
      Value exc = in_.make_exception(in_.exception_type("KeyError"), {key});
      throw PyException("KeyError", repr(key), exc);
    }
    return;
  }
  if (v.is_array()) in_.raise_exc("ValueError", "cannot delete array elements");
  if (v.as<BytesObj>() || v.as<MemoryViewObj>()) return buffer_delitem(in_, v, key);
  type_error("'" + type_name(v) + "' object does not support item deletion");
}

// ---------------------------------------------------------------- numbers
bool ObjectProtocol::is_int_like(const Value& v) {
  if (is_pyint(v)) return true;
  if (Value f; find_special(v, "__index__", f)) return true;
  if (auto* inst = v.as<InstanceObj>(); inst && is_pyint(inst->builtin_base)) return true;  // an int subclass
  if (v.is_array()) {
    int64_t x;
    return v.arr().ndim() == 0 && is_integer(v.arr().dtype) && array_to_int(in_, v, x, true);
  }
  return false;
}

int64_t ObjectProtocol::index_value(const Value& v) {
  if (v.is_int() || v.is_bool()) return v.as_int();
  if (is_bigint(v)) in_.raise_exc("IndexError", "cannot fit 'int' into an index-sized integer");
  if (Value r; call_special(in_, v, "__index__", {}, r)) {
    if (!r.is_int() && !r.is_bool()) type_error("__index__ returned non-int (type " + type_of(r)->name + ")");
    return r.as_int();
  }
  if (auto* inst = v.as<InstanceObj>(); inst && (inst->builtin_base.is_int() || inst->builtin_base.is_bool() || is_bigint(inst->builtin_base)))
    return index_value(inst->builtin_base);  // an int subclass's value
  if (v.is_array()) {
    int64_t x;
    if (array_to_int(in_, v, x, true)) return x;
  }
  type_error("'" + type_name(v) + "' object cannot be interpreted as an integer");
}

double ObjectProtocol::float_value(const Value& v) {
  if (v.is_float()) return v.as_float();
  if (Value r; call_special(in_, v, "__float__", {}, r)) {
    if (!r.is_float()) type_error(type_of(v)->name + ".__float__ returned non-float (type " + type_of(r)->name + ")");
    return r.as_float();
  }
  if (is_pyint(v)) return int_to_double(in_, v);
  if (v.is_array()) return array_to_float(in_, v);
  if (auto* s = v.as<StrObj>()) {
    // Unicode digits and spaces as ASCII (float('١.٥') is 1.5), then Python's whitespace stripped
    std::string x = is_ascii(s->s) ? s->s : unicode::decimal_and_space_to_ascii(s->s);
    x.erase(0, x.find_first_not_of(" \t\n\r\v\f"));
    x.erase(x.find_last_not_of(" \t\n\r\v\f") + 1);
    std::string lower = x;
    for (auto& c : lower) c = char(tolower(c));
    if (lower == "nan" || lower == "+nan" || lower == "-nan") return std::copysign(NAN, lower[0] == '-' ? -1.0 : 1.0);
    if (lower == "inf" || lower == "+inf" || lower == "infinity") return INFINITY;
    if (lower == "-inf" || lower == "-infinity") return -INFINITY;
    char* end = nullptr;
    std::string clean;
    for (char c : x)
      if (c != '_') clean += c;
    double d = std::strtod(clean.c_str(), &end);
    if (clean.empty() || *end) in_.raise_exc("ValueError", "could not convert string to float: " + py_str_repr(s->s));
    return d;
  }
  type_error("float() argument must be a string or a real number, not '" + type_of(v)->name + "'");
}

namespace {

// float op float (an int operand already converted); false for operators
// floats do not define.
bool float_binop(Interp& in, BinOp op, const Value& a, const Value& b, double x, double y, Value& out) {
  switch (op) {
    case BinOp::Add: out = Value::new_float(x + y); return true;
    case BinOp::Sub: out = Value::new_float(x - y); return true;
    case BinOp::Mul: out = Value::new_float(x * y); return true;
    case BinOp::TrueDiv:
      if (y == 0) in.raise_exc("ZeroDivisionError", "float division by zero");
      out = Value::new_float(x / y);
      return true;
    case BinOp::FloorDiv: {
      if (y == 0) in.raise_exc("ZeroDivisionError", "float floor division by zero");
      // mirrors float_divmod (Objects/floatobject.c)
      double mod = std::fmod(x, y), div = (x - mod) / y;
      if (mod != 0 && ((y < 0) != (mod < 0))) div -= 1.0;
      double fd;
      if (div != 0) {
        fd = std::floor(div);
        if (div - fd > 0.5) fd += 1.0;
      } else {
        fd = std::copysign(0.0, x / y);
      }
      out = Value::new_float(fd);
      return true;
    }
    case BinOp::Mod:
      if (y == 0) in.raise_exc("ZeroDivisionError", "float modulo by zero");
      out = Value::new_float(mod_f(x, y));
      return true;
    case BinOp::Pow: {
      if (x == 0 && y < 0) in.raise_exc("ZeroDivisionError", "0.0 cannot be raised to a negative power");
      if (x < 0 && std::floor(y) != y) {
        out = in.binop(BinOp::Pow, in.call(in.builtins["complex"], std::vector<Value>{a}), b);
        return true;
      }
      double r = std::pow(x, y);
      if (std::isinf(r) && !std::isinf(x) && !std::isinf(y)) in.raise_exc("OverflowError", "(34, 'Numerical result out of range')");
      out = Value::new_float(r);
      return true;
    }
    default: return false;
  }
}

// complex op number, when either side is a complex.
bool complex_binop(Interp& in, BinOp op, const Value& a, const Value& b, Value& out) {
  double ar, ai, br, bi;
  if (!(a.as<ComplexObj>() || b.as<ComplexObj>()) || !complex_parts(a, ar, ai) || !complex_parts(b, br, bi)) return false;
  std::complex<double> x(ar, ai), y(br, bi), r;
  if (op == BinOp::Add) r = x + y;
  else if (op == BinOp::Sub) r = x - y;
  else if (op == BinOp::Mul) r = x * y;
  else if (op == BinOp::TrueDiv) {
    if (br == 0 && bi == 0) in.raise_exc("ZeroDivisionError", "complex division by zero");
    r = x / y;
  } else if (op == BinOp::Pow) {
    if (ar == 0 && ai == 0 && (bi != 0 || br < 0)) in.raise_exc("ZeroDivisionError", "0.0 to a negative or complex power");
    if (bi == 0 && br == std::floor(br) && std::fabs(br) <= 100) {
      // CPython uses repeated multiplication for small integral exponents
      int64_t n = int64_t(br);
      std::complex<double> acc(1, 0), base = n < 0 ? std::complex<double>(1, 0) / x : x;
      for (int64_t k = 0; k < std::llabs(n); ++k) acc *= base;
      r = acc;
    } else {
      r = std::pow(x, y);
    }
  } else {
    type_error(std::string("unsupported operand type(s) for ") + op_symbol(op) + ": '" + in.type_of(a)->name + "' and '" +
               in.type_of(b)->name + "'");
  }
  out = make_complex(r.real(), r.imag());
  return true;
}

// str / list / tuple concatenation (+) and repetition (*).
bool sequence_binop(Interp& in, BinOp op, const Value& a, const Value& b, Value& out) {
  if (op == BinOp::Add) {
    if (auto* s = a.as<StrObj>())
      if (auto* s2 = b.as<StrObj>()) {
        out = make_str(s->s + s2->s);
        return true;
      }
    if (auto* l = a.as<ListObj>())
      if (auto* l2 = b.as<ListObj>()) {
        std::vector<Value> v = l->items;
        v.insert(v.end(), l2->items.begin(), l2->items.end());
        out = make_list(std::move(v));
        return true;
      }
    if (auto* l = a.as<TupleObj>())
      if (auto* l2 = b.as<TupleObj>()) {
        std::vector<Value> v = l->items;
        v.insert(v.end(), l2->items.begin(), l2->items.end());
        out = make_tuple(std::move(v));
        out.as<TupleObj>()->type = derived_tuple_type(l->type);  // torch.Size + tuple is a torch.Size
        return true;
      }
    for (TypeObj* ty : {in.t.str, in.t.list, in.t.tuple}) {
      if (in.type_of(a) == ty && in.type_of(b) != ty && !b.is_array())
        type_error("can only concatenate " + ty->name + " (not \"" + in.type_of(b)->name + "\") to " + ty->name);
    }
    return false;
  }
  const bool ai = a.is_int() || a.is_bool(), bi = b.is_int() || b.is_bool();
  if (op != BinOp::Mul || !(ai || bi)) return false;
  const Value& seq = ai ? b : a;
  int64_t n = std::max<int64_t>(0, (ai ? a : b).as_int());
  if (auto* s = seq.as<StrObj>()) {
    if (int64_t(s->s.size()) * n > (int64_t(1) << 30)) in.raise_exc("MemoryError", "");
    std::string r;
    r.reserve(s->s.size() * size_t(n));
    for (int64_t k = 0; k < n; ++k) r += s->s;
    out = make_str(std::move(r));
    return true;
  }
  auto rep = [&](const std::vector<Value>& items) {
    if (int64_t(items.size()) * n > (int64_t(1) << 28)) in.raise_exc("MemoryError", "");
    std::vector<Value> r;
    r.reserve(items.size() * size_t(n));
    for (int64_t k = 0; k < n; ++k) r.insert(r.end(), items.begin(), items.end());
    return r;
  };
  if (auto* l = seq.as<ListObj>()) {
    out = make_list(rep(l->items));
    return true;
  }
  if (auto* l = seq.as<TupleObj>()) {
    out = make_tuple(rep(l->items));
    out.as<TupleObj>()->type = derived_tuple_type(l->type);
    return true;
  }
  return false;
}

std::string binop_spelling(BinOp op) { return op == BinOp::Pow ? "** or pow()" : op_symbol(op); }

}  // namespace

Value ObjectProtocol::binop(BinOp op, const Value& a, const Value& b) {
  // The commonest case first: + - * of two floats, or of two ints whose
  // result fits in 64 bits (the same values float_binop / int_binop give;
  // anything else, an overflow included, takes the general path below).
  if (a.is_float() && b.is_float()) {
    const double x = a.as_float(), y = b.as_float();
    if (op == BinOp::Add) return Value::new_float(x + y);
    if (op == BinOp::Sub) return Value::new_float(x - y);
    if (op == BinOp::Mul) return Value::new_float(x * y);
  } else if (a.is_int() && b.is_int()) {
    int64_t r;
    if (op == BinOp::Add && !__builtin_add_overflow(a.as_int(), b.as_int(), &r)) return Value::integer(r);
    if (op == BinOp::Sub && !__builtin_sub_overflow(a.as_int(), b.as_int(), &r)) return Value::integer(r);
    if (op == BinOp::Mul && !__builtin_mul_overflow(a.as_int(), b.as_int(), &r)) return Value::integer(r);
  }
  if (heap_type_of(a) || heap_type_of(b)) {
    Value r;
    if (user_binop(op, a, b, r)) return r;
  }
  if (a.is_array() || b.is_array()) {
    Value r = array_binop(in_, op, a, b, false);
    if (!r.is_none()) return r;
  }
  Value out;
  bool ai = is_pyint(a), bi = is_pyint(b);
  if (ai && bi && int_binop(in_, op, a, b, out)) return out;
  if ((ai || a.is_float()) && (bi || b.is_float()) && op != BinOp::MatMul) {
    double x = a.is_float() ? a.as_float() : int_to_double(in_, a);
    double y = b.is_float() ? b.as_float() : int_to_double(in_, b);
    if (float_binop(in_, op, a, b, x, y, out)) return out;
  }
  if (complex_binop(in_, op, a, b, out)) return out;
  if (buffer_binop(in_, op, a, b, out)) return out;
  if (sequence_binop(in_, op, a, b, out)) return out;
  if (op == BinOp::Mod && a.as<StrObj>()) return make_str(percent_format(in_, a.as<StrObj>()->s, b));
  if (op == BinOp::BitOr && (a.as<TypeObj>() || b.as<TypeObj>())) {  // type.__or__: int | None (PEP 604)
    Value r = in_.call(in_.getattr(in_.import("types"), "_type_or"), std::vector<Value>{a, b});
    if (!r.is_same(in_.not_implemented)) return r;
  }
  // native subclasses' operators (collections.Counter): methods named by the
  // dunder; a method returning None leaves the operands to the TypeError below
  for (int side = 0; side < 2; ++side) {
    const Value& self = side ? b : a;
    TypeObj* ty = type_of(self);
    if (ty->module == "builtins") continue;
    const BinOpInfo& info = kBinOps[int(op)];
    auto mt = in_.methods.find(ty);
    if (mt == in_.methods.end()) continue;
    auto m = mt->second.find(side ? info.rdunder : info.dunder);
    if (m == mt->second.end()) continue;
    Args args;
    args.pos = {self, side ? a : b};
    Value r = m->second(in_, args);
    if (!r.is_none()) return r;
  }
  if (op == BinOp::BitOr || op == BinOp::BitAnd || op == BinOp::Sub || op == BinOp::BitXor) {
    if (a.as<SetObj>() && b.as<SetObj>()) return set_operation(in_, op, a, b);
    if (op == BinOp::BitOr && a.as<DictObj>() && b.as<DictObj>()) {
      Value d = in_.call(in_.builtins["dict"], std::vector<Value>{a});
      in_.call(getattr(d, "update"), std::vector<Value>{b});
      return d;
    }
  }
  if (op == BinOp::Mul) {
    auto is_seq = [](const Value& x) { return x.as<StrObj>() || x.as<ListObj>() || x.as<TupleObj>() || x.as<BytesObj>(); };
    if ((is_seq(a) && is_bigint(b)) || (is_seq(b) && is_bigint(a)))
      in_.raise_exc("OverflowError", "cannot fit 'int' into an index-sized integer");
    if (is_seq(a) && !b.is_int() && !b.is_bool() && !b.is_array())
      type_error("can't multiply sequence by non-int of type '" + type_of(b)->tp_name() + "'");
    if (is_seq(b) && !a.is_int() && !a.is_bool() && !a.is_array())
      type_error("can't multiply sequence by non-int of type '" + type_of(a)->tp_name() + "'");
  }
  type_error("unsupported operand type(s) for " + binop_spelling(op) + ": '" + type_of(a)->tp_name() + "' and '" + type_of(b)->tp_name() + "'");
}

Value ObjectProtocol::inplace_binop(BinOp op, const Value& a, const Value& b) {
  if (a.is_array() && a.arr().flavor != Flavor::Scalar) {
    Value r = array_binop(in_, op, a, b, true);
    if (!r.is_none()) return r;
  }
  if (heap_type_of(a)) {
    Value r;
    if (call_special(in_, a, op_info(op).idunder, {b}, r) && !is_not_implemented(in_, r)) return r;
  }
  if (Value r; buffer_inplace(in_, op, a, b, r)) return r;
  if (auto* l = a.as<ListObj>()) {
    if (op == BinOp::Add) {
      auto more = to_vector(b);
      l->items.insert(l->items.end(), more.begin(), more.end());
      return a;
    }
  }
  if (auto* sa = a.as<SetObj>(); sa && !sa->frozen && b.as<SetObj>() &&
      (op == BinOp::BitOr || op == BinOp::BitAnd || op == BinOp::Sub || op == BinOp::BitXor)) {
    set_update_op(in_, op, a, b);
    return a;
  }
  try {
    return binop(op, a, b);
  } catch (const PyError& e) {
    // CPython names the augmented operator: "unsupported operand type(s) for +=: ..."
    std::string pre = "unsupported operand type(s) for " + binop_spelling(op) + ": ";
    if (e.type == "TypeError" && e.msg.rfind(pre, 0) == 0 && !as_py_exception(e))
      type_error(std::string("unsupported operand type(s) for ") + op_symbol(op) + "=: " + e.msg.substr(pre.size()));
    throw;
  }
}

Value ObjectProtocol::unaryop(UnaryOp op, const Value& a) {
  if (op == UnaryOp::Not) return Value::boolean(!truthy(a));
  if (a.is_array()) return array_unaryop(in_, op, a);
  if (Value r; heap_type_of(a) && call_special(in_, a, op_info(op).dunder, {}, r)) return r;
  if (is_pyint(a)) return int_unaryop(in_, op, a);
  if (a.is_float()) {
    if (op == UnaryOp::Neg) return Value::new_float(-a.as_float());
    if (op == UnaryOp::Pos) return a;
  }
  if (auto* c = a.as<ComplexObj>()) {
    if (op == UnaryOp::Neg) return make_complex(-c->re, -c->im);
    if (op == UnaryOp::Pos) return a;
  }
  type_error(std::string("bad operand type for unary ") + op_symbol(op) + ": '" + type_of(a)->name + "'");
}

namespace {
template <class T>
bool ordered(CmpOp op, const T& x, const T& y) {
  return op == CmpOp::Lt ? x < y : op == CmpOp::Le ? x <= y : op == CmpOp::Gt ? x > y : x >= y;
}
}  // namespace

// x in container: dict/set by hash, str by substring, arrays elementwise,
// anything else by iteration (identity or ==).
bool ObjectProtocol::contains(const Value& b, const Value& a) {
  if (Value r; meta_of(b) && call_special(in_, b, "__contains__", {a}, r)) return truthy(r);  // Note [Metaclasses]
  if (auto* inst = b.as<InstanceObj>()) {
    Value r;
    if (call_special(in_, b, "__contains__", {a}, r)) return truthy(r);
    if (!inst->builtin_base.is_none()) return contains(inst->builtin_base, a);
  }
  if (auto* g = b.as<GenericObj>()) {  // a native type's own hook (deque's deque_contains)
    auto f = g->attrs.find("__contains__");
    if (f != g->attrs.end()) {
      Value fn = f->second;
      return truthy(in_.call(fn, std::vector<Value>{a}));
    }
  }
  if (auto* d = b.as<DictObj>()) return table_lookup(in_, d->t, a) >= 0;
  if (auto* s = b.as<SetObj>()) return table_lookup(in_, s->t, a) >= 0;
  if (b.as<BytesObj>() || b.as<MemoryViewObj>()) return buffer_contains(in_, b, a);
  if (auto* s = b.as<StrObj>()) {
    auto* sub = a.as<StrObj>();
    if (!sub) type_error("'in <string>' requires string as left operand, not " + type_of(a)->name);
    return s->s.find(sub->s) != std::string::npos;
  }
  if (b.is_array()) return truthy(in_.call(getattr(compare(CmpOp::Eq, b, a), "any"), std::vector<Value>{}));
  Value it = iter(b);
  Value x;
  while (next(it, x))
    if (x.is_same(a) || eq(x, a)) return true;
  return false;
}

// Note [Immediate comparisons]
// Two ints that fit in 64 bits, or two floats, compare as the C++ values do
// (NaN unordered: every ordering false, == false, != true), which is what
// num_cmp and eq answer for them after the protocol's checks; they are
// answered first, as CPython's COMPARE_OP_INT and COMPARE_OP_FLOAT
// specializations answer before PyObject_RichCompare.
namespace {
template <class T>
bool immediate_compare(CmpOp op, T x, T y, bool& out) {
  switch (op) {
    case CmpOp::Lt: out = x < y; return true;
    case CmpOp::Le: out = x <= y; return true;
    case CmpOp::Gt: out = x > y; return true;
    case CmpOp::Ge: out = x >= y; return true;
    case CmpOp::Eq: out = x == y; return true;
    case CmpOp::Ne: out = x != y; return true;
    default: return false;
  }
}
}  // namespace

Value ObjectProtocol::compare(CmpOp op, const Value& a, const Value& b) {
  if (a.tag() == b.tag()) {  // Note [Immediate comparisons]
    bool r;
    if (a.is_int() && immediate_compare(op, a.as_int(), b.as_int(), r)) return Value::boolean(r);
    if (a.is_float() && immediate_compare(op, a.as_float(), b.as_float(), r)) return Value::boolean(r);
  }
  switch (op) {
    case CmpOp::Is:
    case CmpOp::IsNot: {
      bool same = a.is_same(b);
      return Value::boolean(same == (op == CmpOp::Is));
    }
    case CmpOp::In: return Value::boolean(contains(b, a));
    case CmpOp::NotIn: return Value::boolean(!contains(b, a));
    default: break;
  }
  if (heap_type_of(a) || heap_type_of(b)) return rich_compare(op, a, b);
  if (a.is_array() || b.is_array()) {
    Value r = array_compare(in_, op, a, b);
    if (!r.is_none()) return r;
  }
  if (Value r; buffer_compare(in_, op, a, b, r)) return r;
  if (op == CmpOp::Eq) return Value::boolean(eq(a, b));
  if (op == CmpOp::Ne) return Value::boolean(!eq(a, b));
  bool an = is_num(a), bn = is_num(b);
  if (an && bn) {
    int c = num_cmp(a, b);
    return Value::boolean(c != 2 && ordered(op, c, 0));
  }
  auto* s1 = a.as<StrObj>();
  auto* s2 = b.as<StrObj>();
  if (s1 && s2) return Value::boolean(ordered(op, s1->s.compare(s2->s), 0));
  auto seq = [](const Value& v) -> const std::vector<Value>* {
    if (auto* l = v.as<ListObj>()) return &l->items;
    if (auto* t2 = v.as<TupleObj>()) return &t2->items;
    return nullptr;
  };
  const auto* p = seq(a);
  const auto* q = seq(b);
  if (p && q && a.obj()->kind == b.obj()->kind) {
    // list_richcompare: both sizes read again after every comparison, which may run Python
    // that changes either sequence; the items compared are held (Note [Comparing keys that
    // run Python]).
    for (size_t k = 0; k < p->size() && k < q->size(); ++k) {
      if ((*p)[k].is_same((*q)[k])) continue;
      Value u = (*p)[k], w = (*q)[k];
      if (!eq(u, w)) return compare(op, u, w);
    }
    return Value::boolean(ordered(op, p->size(), q->size()));
  }
  auto* sa = a.as<SetObj>();
  auto* sb = b.as<SetObj>();
  if (sa && sb) {  // subset / superset
    auto subset = [&](const Value& x, const Value& y) {
      Value it = iter(x), v;
      while (next(it, v))
        if (!contains(y, v)) return false;
      return true;
    };
    int64_t nx = len(a), ny = len(b);
    if (op == CmpOp::Le) return Value::boolean(subset(a, b));
    if (op == CmpOp::Lt) return Value::boolean(nx < ny && subset(a, b));
    if (op == CmpOp::Ge) return Value::boolean(subset(b, a));
    return Value::boolean(nx > ny && subset(b, a));
  }
  // native module types' orderings (functools.cmp_to_key): the dunder on the
  // left operand's type, else the reflected one (a < b as b > a) on the right's
  static const CmpOp kReflected[] = {CmpOp::Eq, CmpOp::Ne, CmpOp::Gt, CmpOp::Ge, CmpOp::Lt, CmpOp::Le};
  for (int side = 0; side < 2; ++side) {
    TypeObj* ty = type_of(side ? b : a);
    auto mt = in_.methods.find(ty);
    if (ty->module == "builtins" || mt == in_.methods.end()) continue;
    auto m = mt->second.find(kCmpOps[int(side ? kReflected[int(op)] : op)].dunder);
    if (m == mt->second.end()) continue;
    Args args;
    args.pos = {side ? b : a, side ? a : b};
    return m->second(in_, args);
  }
  type_error(std::string("'") + op_symbol(op) + "' not supported between instances of '" + type_of(a)->tp_name() + "' and '" +
             type_of(b)->tp_name() + "'");
}

// ---------------------------------------------------------------- iteration
namespace {
// Iteration over a list's or tuple's items by position: a list that grows
// while it is iterated yields the new items too, as CPython's listiterator does.
template <class Seq>
std::function<bool(Value&)> items_iterator(std::shared_ptr<Seq> seq) {
  auto i = std::make_shared<size_t>(0);
  return [seq, i](Value& out) {
    if (*i >= seq->items.size()) return false;
    out = seq->items[(*i)++];
    return true;
  };
}
}  // namespace

Value ObjectProtocol::iter(const Value& v) {
  auto make = [](std::string name, std::function<bool(Value&)> f) {
    return Value(std::static_pointer_cast<Obj>(std::make_shared<IteratorObj>(std::move(name), std::move(f))));
  };
  if (v.is_array()) return array_iter(in_, v);
  if (!v.is_obj()) type_error("'" + type_of(v)->name + "' object is not iterable");
  Obj* o = v.obj();
  switch (o->kind) {
    case ObjKind::Iterator:
    case ObjKind::Generator: return v;
    case ObjKind::List: return make("list_iterator", items_iterator(v.shared<ListObj>()));
    case ObjKind::Tuple: return make("tuple_iterator", items_iterator(v.shared<TupleObj>()));
    case ObjKind::Bytes:
    case ObjKind::MemoryView: return buffer_iter(in_, v);
    case ObjKind::Str: {
      auto s = v.shared<StrObj>();
      auto i = std::make_shared<size_t>(0);
      return make("str_iterator", [s, i](Value& out) {
        if (*i >= s->s.size()) return false;
        size_t j = *i + 1;
        while (j < s->s.size() && ((unsigned char)s->s[j] & 0xc0) == 0x80) ++j;
        out = make_str(s->s.substr(*i, j - *i));
        *i = j;
        return true;
      });
    }
    case ObjKind::Dict:
    case ObjKind::Set: {
      HashTable* t0 = o->kind == ObjKind::Dict ? &static_cast<DictObj*>(o)->t : &static_cast<SetObj*>(o)->t;
      auto keep = std::static_pointer_cast<Obj>(std::shared_ptr<Obj>(v.shared<Obj>()));
      auto i = std::make_shared<size_t>(0);
      const size_t n0 = t0->count;
      const bool is_set = o->kind == ObjKind::Set;
      return make(is_set ? "set_iterator" : "dict_keyiterator", [keep, t0, i, n0, is_set](Value& out) {
        if (t0->count != n0) raise("RuntimeError", is_set ? "Set changed size during iteration" : "dictionary changed size during iteration");
        while (*i < t0->entries.size() && !t0->alive[*i]) ++*i;
        if (*i >= t0->entries.size()) return false;
        out = t0->entries[(*i)++].first;
        return true;
      });
    }
    case ObjKind::Range: {
      auto r = v.shared<RangeObj>();
      auto i = std::make_shared<int64_t>(0);
      int64_t n = r->length();
      return make("range_iterator", [r, i, n](Value& out) {
        if (*i >= n) return false;
        // start + i * step lies in the range, but i * step alone may not fit: wrap-around arithmetic.
        out = Value::integer(int64_t(uint64_t(r->start) + uint64_t((*i)++) * uint64_t(r->step)));
        return true;
      });
    }
    case ObjKind::Generic: {
      auto* g = static_cast<GenericObj*>(o);
      auto it = g->attrs.find("__iter__");
      if (it != g->attrs.end()) return iter(in_.call(it->second, std::vector<Value>{}));
      break;
    }
    case ObjKind::Instance: return instance_iter(v);
    case ObjKind::Type: {
      Value r;
      if (meta_of(v) && call_special(in_, v, "__iter__", {}, r)) return r;  // Note [Metaclasses]
      break;
    }
    default: break;
  }
  type_error("'" + type_of(v)->name + "' object is not iterable");
}

bool ObjectProtocol::next(const Value& it, Value& out) {
  if (it.as<InstanceObj>()) return instance_next(it, out);
  if (auto* g = it.as<GeneratorObj>()) return in_.gen_resume(*g, false, Value(), out);
  auto* io = it.as<IteratorObj>();
  if (!io) type_error("'" + type_of(it)->name + "' object is not an iterator");
  return io->next(out);
}

std::vector<Value> ObjectProtocol::to_vector(const Value& v) {
  if (auto* l = v.as<ListObj>()) return l->items;
  if (auto* t2 = v.as<TupleObj>()) return t2->items;
  std::vector<Value> out;
  Value it = iter(v);
  Value x;
  while (next(it, x)) {
    out.push_back(x);
    in_.checkpoint();
  }
  return out;
}

int64_t ObjectProtocol::len(const Value& v) {
  if (v.is_array()) return array_len(in_, v);
  if (v.is_obj()) {
    Obj* o = v.obj();
    switch (o->kind) {
      case ObjKind::Str: return int64_t(utf8_len(static_cast<StrObj*>(o)->s));
      case ObjKind::Bytes:
      case ObjKind::MemoryView: return buffer_len(in_, v);
      case ObjKind::List: return int64_t(static_cast<ListObj*>(o)->items.size());
      case ObjKind::Tuple: return int64_t(static_cast<TupleObj*>(o)->items.size());
      case ObjKind::Dict: return int64_t(static_cast<DictObj*>(o)->t.count);
      case ObjKind::Set: return int64_t(static_cast<SetObj*>(o)->t.count);
      case ObjKind::Range: return static_cast<RangeObj*>(o)->length();
      case ObjKind::Generic: {
        auto* g = static_cast<GenericObj*>(o);
        auto it = g->attrs.find("__len__");
        if (it != g->attrs.end()) return index_value(in_.call(it->second, std::vector<Value>{}));
        break;
      }
      case ObjKind::Type:  // a metaclass's __len__ (Note [Metaclasses])
      case ObjKind::Instance: {
        Value r;
        if (call_special(in_, v, "__len__", {}, r)) {
          if (!r.is_int() && !r.is_bool()) type_error("'" + type_of(r)->name + "' object cannot be interpreted as an integer");
          if (r.as_int() < 0) in_.raise_exc("ValueError", "__len__() should return >= 0");
          return r.as_int();
        }
        auto* inst = v.as<InstanceObj>();
        if (inst && !inst->builtin_base.is_none()) return len(inst->builtin_base);
        break;
      }
      default: break;
    }
  }
  type_error("object of type '" + type_of(v)->name + "' has no len()");
}

}  // namespace sl::lang
