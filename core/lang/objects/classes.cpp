// classes: user-defined classes (classes.hpp).
#include "core/lang/objects/classes.hpp"

#include <algorithm>
#include <cstdio>

#include "core/lang/builtins/builtins.hpp"
#include "core/lang/objects/finalize.hpp"

namespace sl::lang {

namespace {

Value obj_value(std::shared_ptr<Obj> o) { return Value(std::move(o)); }

GenericObj* generic_of(const Value& v, TypeObj* ty) {
  auto* g = v.as<GenericObj>();
  return g && g->type == ty ? g : nullptr;
}

Value attr_or_none(GenericObj* g, const char* name) {
  auto it = g->attrs.find(name);
  return it == g->attrs.end() ? Value() : it->second;
}

// The C3 linearisation of a class with bases B1..Bn (mirrors mro_implementation
// in Objects/typeobject.c): L(C) = C + merge(L(B1), ..., L(Bn), [B1..Bn]),
// where merge repeatedly takes the first head that appears in no list's tail.
std::vector<TypeObj*> c3_linearize(TypeObj* t) {
  std::vector<std::vector<TypeObj*>> seqs;
  for (auto* b : t->bases) seqs.push_back(mro_of(b));
  seqs.push_back(t->bases);
  std::vector<TypeObj*> out{t};
  for (;;) {
    seqs.erase(std::remove_if(seqs.begin(), seqs.end(), [](auto& s) { return s.empty(); }), seqs.end());
    if (seqs.empty()) return out;
    TypeObj* pick = nullptr;
    for (auto& s : seqs) {
      TypeObj* cand = s.front();
      bool in_tail = false;
      for (auto& o : seqs)
        if (std::find(o.begin() + 1, o.end(), cand) != o.end()) in_tail = true;
      if (!in_tail) {
        pick = cand;
        break;
      }
    }
    if (!pick) {
      std::string names;
      std::vector<TypeObj*> seen;
      for (auto& s : seqs) {
        if (std::find(seen.begin(), seen.end(), s.front()) != seen.end()) continue;
        seen.push_back(s.front());
        if (!names.empty()) names += ", ";
        names += s.front()->name;
      }
      type_error("Cannot create a consistent method resolution order (MRO) for bases " + names);
    }
    out.push_back(pick);
    for (auto& s : seqs)
      if (s.front() == pick) s.erase(s.begin());
  }
}

bool has_user_special(TypeObj* t, const std::string& name, Value& out) {
  for (auto* c : mro_of(t)) {
    if (!c->heap) continue;
    auto it = c->attrs.find(name);
    if (it != c->attrs.end()) {
      out = it->second;
      return true;
    }
  }
  return false;
}

bool is_property(Interp& in, const Value& v) { return generic_of(v, in.t.property) != nullptr; }

// A data descriptor: property, or an instance whose class defines __set__.
bool is_data_descriptor(Interp& in, const Value& v) {
  Value f;
  return is_property(in, v) || (v.as<InstanceObj>() && find_special(v, "__set__", f));
}

// descr.__get__(self, cls) for the descriptor kinds Python has: functions and
// natives bind, classmethod binds the class, staticmethod unwraps, property
// calls its getter, a user descriptor's __get__ runs. has_self false: the
// attribute is read from the class itself.
Value descr_get(Interp& in, const Value& attr, bool has_self, const Value& self, TypeObj* cls) {
  if (!attr.is_obj()) return attr;
  switch (attr.obj()->kind) {
    case ObjKind::Function:
    case ObjKind::Builtin:
      if (!has_self) return attr;
      return obj_value(std::make_shared<BoundMethodObj>(self, attr));
    case ObjKind::Generic: {
      auto* g = static_cast<GenericObj*>(attr.obj());
      if (g->type == in.t.classmethod)
        return obj_value(std::make_shared<BoundMethodObj>(type_ref(cls), attr_or_none(g, "__func__")));
      if (g->type == in.t.staticmethod) return attr_or_none(g, "__func__");
      if (g->type == in.t.property) {
        if (!has_self) return attr;
        Value fget = attr_or_none(g, "fget");
        if (fget.is_none()) in.raise_exc("AttributeError", "property of '" + cls->name + "' object has no getter");
        return in.call(fget, std::vector<Value>{self});
      }
      return attr;
    }
    case ObjKind::Instance: {
      Value get;
      if (find_special(attr, "__get__", get))
        return in.call(descr_get(in, get, true, attr, heap_type_of(attr)), std::vector<Value>{has_self ? self : Value(), type_ref(cls)});
      return attr;
    }
    default: return attr;
  }
}

// Whether instances of `ty` have a finalizer: __del__ in the class or a base
// (looked up along the MRO once per type epoch, Note [Type attribute cache]).
bool type_has_finalizer(TypeObj* ty) {
  if (ty->del_epoch == Names::type_epoch()) return ty->has_del;
  bool has = false;
  for (auto* c : mro_of(ty))
    if (c->attrs.count("__del__")) {
      has = true;
      break;
    }
  ty->del_epoch = Names::type_epoch();
  ty->has_del = has;
  return has;
}

}  // namespace

bool InstanceObj::finalizer_due() const { return type_has_finalizer(type); }

bool InstanceObj::gc_finalize() {
  if (finalized || !Finalizers::active() || !finalizer_due()) return false;
  finalized = true;
  return Finalizers::defer(shared_from_this());
}

namespace {

// A class whose own __abstractmethods__ is a non-empty set cannot be
// instantiated (mirrors object_new's Py_TPFLAGS_IS_ABSTRACT check; abc's
// ABCMeta computes the set): the names sorted, quoted, comma-separated.
void check_not_abstract(Interp& in, TypeObj* ty) {
  auto it = ty->attrs.find("__abstractmethods__");
  if (it == ty->attrs.end() || !it->second.as<SetObj>() || in.len(it->second) == 0) return;
  std::vector<std::string> names;
  for (auto& n : in.to_vector(it->second)) names.push_back(in.str(n));
  std::sort(names.begin(), names.end());
  std::string list;
  for (auto& n : names) list += (list.empty() ? "'" : ", '") + n + "'";
  type_error("Can't instantiate abstract class " + ty->name + " without an implementation for abstract method" +
             (names.size() > 1 ? "s " : " ") + list);
}

// The immutable builtin a heap class derives from (int, float, str, tuple or a
// native tuple type such as a namedtuple class), whose value its instances
// carry as builtin_base; nullptr: none.
TypeObj* value_base(Interp& in, TypeObj* ty) {
  for (auto* c : mro_of(ty)) {
    if (c == in.t.int_ || c == in.t.float_ || c == in.t.str || c == in.t.tuple) return c;
    if (!c->heap && c->is_subclass_of(in.t.tuple)) return c;  // namedtuple('P', ...): its constructor makes the value
  }
  return nullptr;
}

Value new_instance(Interp& in, TypeObj* ty) {
  check_not_abstract(in, ty);
  // An instance whose class defines __del__ is owned through FinalizingDelete
  // (one more allocation: the control block is apart from the object).
  auto o = type_has_finalizer(ty) ? std::shared_ptr<InstanceObj>(new InstanceObj(ty, type_ref(ty)), FinalizingDelete<InstanceObj>{})
                                  : std::make_shared<InstanceObj>(ty, type_ref(ty));
  if (!o->finalized && ty->has_del) o->serial = Finalizers::next_serial();
  if (!ty->has_slots) o->dict = obj_value(std::make_shared<DictObj>());
  o->slots.resize(ty->slots.size());
  o->slot_set.assign(ty->slots.size(), false);
  for (auto* c : mro_of(ty)) {
    if (c == in.t.list) o->builtin_base = make_list();
    if (c == in.t.dict) o->builtin_base = obj_value(std::make_shared<DictObj>());
  }
  return obj_value(o);
}

long slot_index(TypeObj* ty, const std::string& name) {
  auto it = std::find(ty->slots.begin(), ty->slots.end(), name);
  return it == ty->slots.end() ? -1 : long(it - ty->slots.begin());
}

// Note [Instance dict scan]
// Reading obj.x looks "x" up in the instance dict. Hashing needs a str object
// (an allocation) and SipHash, which cost more than the whole lookup when the
// dict is small, as instance dicts are. When every key of a small dict is a
// plain str, dict equality for a str key is byte equality, so a scan over the
// entries finds exactly what the hashed lookup would; a key of any other kind
// (a user object whose __eq__ could answer, an np.str_) sends the lookup down
// the hashed path, which asks __eq__ as CPython does.
constexpr size_t kScanEntries = 16;
Value dict_get(Interp& in, DictObj* d, const std::string& name, bool& found) {
  const HashTable& t = d->t;
  if (!t.slots && t.entries.size() <= kScanEntries) {
    bool all_str = true;
    for (size_t k = 0; k < t.entries.size() && all_str; ++k) {
      if (!t.alive[k]) continue;
      auto* s = t.entries[k].first.as<StrObj>();
      if (!s) all_str = false;
      else if (s->s == name) {
        found = true;
        return t.entries[k].second;
      }
    }
    if (all_str) {
      found = false;
      return Value();
    }
  }
  long i = table_lookup(in, d->t, make_str(name));
  found = i >= 0;
  return found ? d->t.entries[size_t(i)].second : Value();
}

}  // namespace

Value type_ref(TypeObj* t) {
  if (auto sp = t->weak_from_this().lock()) return Value(sp);
  return Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), t));
}

const std::vector<TypeObj*>& mro_of(TypeObj* t) {
  if (t->mro.empty()) t->mro = c3_linearize(t);
  return t->mro;
}

TypeObj* heap_type_of(const Value& v) {
  if (!v.is_obj()) return nullptr;
  Obj* o = v.obj();
  if (o->kind == ObjKind::Instance) return static_cast<InstanceObj*>(o)->type;
  if (o->kind == ObjKind::Exception) {
    TypeObj* t = static_cast<ExceptionObj*>(o)->type;
    return t->heap ? t : nullptr;
  }
  return nullptr;
}

// Note [Type attribute cache]
// type_lookup walks the MRO and hashes the name once per class and once per
// native method table: the largest cost of `obj.x` and `obj.m()`. Its answer
// depends only on the class, the name, and the key sets of the namespaces and
// method tables along the MRO (a value assigned to an existing key is read
// through the remembered address). Every change of any class namespace's key
// set, the creation and destruction of a class, and every def_method advance
// one global type epoch (Note [Name stamps], value.hpp). So an attribute site
// (the Attribute node being evaluated, Interp::attr_site) remembers, for one
// class and one epoch, where the name was found -- an element of a class
// namespace, a native method, or nowhere -- and answers from that while both
// match (mirrors the idea of CPython's type version tags and its per-site
// LOAD_ATTR caches). The site is used only for a lookup of that node's own
// name (the same string object), so a nested lookup of another name made
// while the site is active never reads it.
bool type_lookup(Interp& in, TypeObj* t, const std::string& name, Value& out, TypeObj** owner) {
  const Expr* site = in.attr_site();
  AttrCache* cache = site && &site->name == &name ? &site->attr_cache : nullptr;
  AttrCacheEntry* c = cache ? cache->find(t) : nullptr;  // Note [Polymorphic attribute sites]
  if (c && c->epoch == Names::type_epoch()) {
    if (c->value) out = *c->value;
    else if (c->native) out = obj_value(std::make_shared<BuiltinObj>(name, *c->native));
    else return false;
    if (owner) *owner = c->owner;
    return true;
  }
  if (cache) c = &cache->claim(t);
  if (c) {
    c->type = t;
    c->epoch = Names::type_epoch();
    c->value = nullptr;
    c->native = nullptr;
    c->owner = nullptr;
    c->dict_entry = AttrCache::kNoEntry;
    c->slot = -1;
  }
  for (auto* k : mro_of(t)) {
    auto it = k->attrs.find(name);
    if (it != k->attrs.end()) {
      out = it->second;
      if (owner) *owner = k;
      if (c) c->value = &it->second, c->owner = k;
      return true;
    }
    auto mt = in.methods.find(k);
    if (mt != in.methods.end()) {
      auto m = mt->second.find(name);
      if (m != mt->second.end()) {
        out = obj_value(std::make_shared<BuiltinObj>(name, m->second));
        if (owner) *owner = k;
        if (c) c->native = &m->second, c->owner = k;
        return true;
      }
    }
  }
  return false;
}

bool method_lookup(Interp& in, const Value& v, const std::string& name, Value& fn) {
  auto* inst = v.as<InstanceObj>();
  if (!inst || (name.size() > 1 && name[0] == '_' && (name == "__class__" || name == "__dict__"))) return false;
  TypeObj* ty = inst->type;
  Value ca;
  TypeObj* owner = nullptr;
  if (!type_lookup(in, ty, name, ca, &owner) || !ca.as<FunctionObj>()) return false;
  // a function is no data descriptor: the instance's own attribute, if any, wins
  if (DictObj* d = inst->dict.as<DictObj>()) {
    bool found;
    dict_get(in, d, name, found);
    if (found) return false;
  }
  long si = slot_index(ty, name);
  if (si >= 0 && inst->slot_set[size_t(si)]) return false;
  if (!inst->builtin_base.is_none() && !owner->heap) return false;
  fn = std::move(ca);
  return true;
}

TypeObj* meta_of(const Value& v) {
  auto* t = v.as<TypeObj>();
  return t ? t->meta : nullptr;
}

namespace {
// The heap class whose special methods serve v: an instance's class, or the
// metaclass of a class made by one (Note [Metaclasses]).
TypeObj* special_type(const Value& v) {
  TypeObj* t = heap_type_of(v);
  return t ? t : meta_of(v);
}
}  // namespace

bool type_has_setattr(TypeObj* t) {
  if (t->setattr_epoch == Names::type_epoch()) return t->has_setattr;
  Value hook;
  t->has_setattr = has_user_special(t, "__setattr__", hook);
  t->setattr_epoch = Names::type_epoch();
  return t->has_setattr;
}

bool find_special(const Value& v, const std::string& name, Value& out) {
  TypeObj* t = special_type(v);
  return t && has_user_special(t, name, out);
}

bool call_special(Interp& in, const Value& v, const std::string& name, std::vector<Value> args, Value& out) {
  Value f;
  if (!find_special(v, name, f)) return false;
  if (f.is_none()) type_error("'" + special_type(v)->name + "' object is not callable");
  out = in.call(descr_get(in, f, true, v, special_type(v)), std::move(args));
  return true;
}

bool is_not_implemented(Interp& in, const Value& v) {
  return v.is_obj() && v.identity() == in.not_implemented.identity();
}

DictObj* instance_dict(Interp& in, const Value& v, bool create) {
  if (auto* o = v.as<InstanceObj>()) return o->dict.as<DictObj>();
  if (auto* e = v.as<ExceptionObj>()) {
    if (e->dict.is_none() && create) e->dict = obj_value(std::make_shared<DictObj>());
    return e->dict.as<DictObj>();
  }
  return nullptr;
}

bool tuple_subtype_attr(const Value& v, const std::string& name, Value& out);  // abstract.cpp

bool instance_getattr(Interp& in, const Value& v, const std::string& name, Value& out) {
  TypeObj* ty = in.type_of(v);
  auto* inst = v.as<InstanceObj>();
  const bool dunder = !name.empty() && name[0] == '_';  // only dunder names need the comparisons below
  if (dunder && name == "__class__") {
    out = type_ref(ty);
    return true;
  }
  if (dunder && name == "__dict__") {
    DictObj* d = instance_dict(in, v, true);
    if (!d) return false;
    out = Value(d->shared_from_this());
    return true;
  }
  Value ca;
  TypeObj* owner = nullptr;
  bool have = type_lookup(in, ty, name, ca, &owner);
  if (have && is_data_descriptor(in, ca)) {
    out = descr_get(in, ca, true, v, ty);
    return true;
  }
  if (DictObj* d = instance_dict(in, v, false)) {
    bool found;
    Value x = dict_get(in, d, name, found);
    if (found) {
      out = x;
      return true;
    }
  }
  if (inst) {
    long si = slot_index(ty, name);
    if (si >= 0 && inst->slot_set[size_t(si)]) {
      out = inst->slots[size_t(si)];
      return true;
    }
  }
  // a field of the namedtuple a class derives from (its value is the builtin part)
  if (!have && inst && inst->builtin_base.as<TupleObj>() && tuple_subtype_attr(inst->builtin_base, name, out)) return true;
  if (!have) return false;
  // natives inherited from list / dict act on the builtin part of the instance
  Value self = inst && !inst->builtin_base.is_none() && !owner->heap ? inst->builtin_base : v;
  out = descr_get(in, ca, true, self, ty);
  return true;
}

bool class_getattr(Interp& in, TypeObj* ty, const Value& tv, const std::string& name, Value& out) {
  auto tuple_of = [&](const std::vector<TypeObj*>& ts) {
    std::vector<Value> items;
    for (auto* c : ts) items.push_back(type_ref(c));
    return make_tuple(items);
  };
  if (name == "__name__") out = make_str(ty->name);
  else if (name == "__qualname__") out = make_str(ty->qual.empty() ? ty->name : ty->qual);
  else if (name == "__module__") out = make_str(ty->module);
  else if (name == "__mro__") out = tuple_of(mro_of(ty));
  else if (name == "__bases__") out = tuple_of(ty->bases);
  else if (name == "__base__") out = ty->bases.empty() ? Value() : type_ref(ty->bases[0]);
  else if (name == "__class__") out = ty->meta ? ty->meta_ref : type_ref(in.t.type);
  else if (name == "__dict__") {
    auto d = std::make_shared<DictObj>();
    for (auto& n : ty->order) {
      auto it = ty->attrs.find(n);
      if (it != ty->attrs.end()) table_set(in, d->t, make_str(n), it->second);
    }
    out = obj_value(d);
  } else if (name == "__doc__" && !ty->attrs.count("__doc__")) {
    out = Value();
  } else {
    // Note [Metaclasses]: the metaclass's data descriptors, the class's MRO, the metaclass's other names
    Value ma;
    bool in_meta = ty->meta && type_lookup(in, ty->meta, name, ma);
    if (in_meta && is_data_descriptor(in, ma)) {
      out = descr_get(in, ma, true, tv, ty->meta);
      return true;
    }
    Value ca;
    if (type_lookup(in, ty, name, ca)) {
      out = descr_get(in, ca, false, Value(), ty);
      return true;
    }
    if (in_meta) {
      out = descr_get(in, ma, true, tv, ty->meta);
      return true;
    }
    // methods of the metaclass (type.mro)
    auto mt = in.methods.find(in.t.type);
    if (mt == in.methods.end() || !mt->second.count(name)) return false;
    out = obj_value(std::make_shared<BoundMethodObj>(tv, obj_value(std::make_shared<BuiltinObj>(name, mt->second.at(name)))));
  }
  return true;
}

void instance_setattr(Interp& in, const Value& v, const std::string& name, const Value& x) {
  TypeObj* ty = in.type_of(v);
  Value ca;
  if (type_lookup(in, ty, name, ca)) {
    if (auto* g = generic_of(ca, in.t.property)) {
      Value fset = attr_or_none(g, "fset");
      if (fset.is_none())
        in.raise_exc("AttributeError", "property '" + name + "' of '" + ty->name + "' object has no setter");
      in.call(fset, std::vector<Value>{v, x});
      return;
    }
    Value set;
    if (ca.as<InstanceObj>() && find_special(ca, "__set__", set)) {
      in.call(descr_get(in, set, true, ca, heap_type_of(ca)), std::vector<Value>{v, x});
      return;
    }
  }
  if (auto* inst = v.as<InstanceObj>()) {
    long si = slot_index(ty, name);
    if (si >= 0) {
      inst->slots[size_t(si)] = x;
      inst->slot_set[size_t(si)] = true;
      return;
    }
  }
  DictObj* d = instance_dict(in, v, true);
  if (!d)
    in.raise_exc("AttributeError", "'" + ty->name + "' object has no attribute '" + name +
                                       "' and no __dict__ for setting new attributes");
  // Note [Attribute name keys] (ceval.cpp): the site's key object when the name is new to the dict
  const Expr* site = in.attr_site();
  if (site && &site->name == &name) {
    Value& key = site->attr_cache.name_key;
    if (key.is_none()) key = make_str(name);
    table_set(in, d->t, key, x);
    return;
  }
  table_set(in, d->t, make_str(name), x);
}

void instance_delattr(Interp& in, const Value& v, const std::string& name) {
  TypeObj* ty = in.type_of(v);
  Value ca;
  if (type_lookup(in, ty, name, ca)) {
    if (auto* g = generic_of(ca, in.t.property)) {
      Value fdel = attr_or_none(g, "fdel");
      if (fdel.is_none())
        in.raise_exc("AttributeError", "property '" + name + "' of '" + ty->name + "' object has no deleter");
      in.call(fdel, std::vector<Value>{v});
      return;
    }
  }
  if (auto* inst = v.as<InstanceObj>()) {
    long si = slot_index(ty, name);
    if (si >= 0 && inst->slot_set[size_t(si)]) {
      inst->slots[size_t(si)] = Value();
      inst->slot_set[size_t(si)] = false;
      return;
    }
  }
  DictObj* d = instance_dict(in, v, false);
  if (!d || !table_erase(in, d->t, make_str(name)))
    in.raise_attribute_error(v, name, "'" + ty->name + "' object has no attribute '" + name + "'");
}

// ---------------------------------------------------------------- class creation
Value make_class(Interp& in, const std::string& name, const std::vector<Value>& bases,
                 const std::vector<std::pair<std::string, Value>>& ns) {
  std::vector<TypeObj*> bt;
  for (auto& b : bases) {
    auto* t = b.as<TypeObj>();
    if (!t) type_error("bases must be types");
    if (t == in.t.bool_ || t == in.t.function || t == in.t.none)
      type_error("type '" + t->qualname() + "' is not an acceptable base type");
    if (std::find(bt.begin(), bt.end(), t) != bt.end()) type_error("duplicate base class " + t->name);
    bt.push_back(t);
  }
  if (bt.empty()) bt.push_back(in.t.object);
  auto ty = std::make_shared<TypeObj>(name, "__main__", bt, true);
  for (auto* b : bt) ty->base_refs.push_back(type_ref(b));
  ty->mro = c3_linearize(ty.get());
  bool inherited_dict = false;
  for (auto* b : bt) {
    if (b->heap && !b->has_slots) inherited_dict = true;
    if (b->heap) ty->slots.insert(ty->slots.end(), b->slots.begin(), b->slots.end());
  }
  for (auto& [k, v] : ns) {
    Value x = v;
    // __new__ is implicitly a staticmethod, __init_subclass__ and __class_getitem__ classmethods, as in CPython
    if (x.as<FunctionObj>() && (k == "__new__" || k == "__init_subclass__" || k == "__class_getitem__")) {
      auto g = std::make_shared<GenericObj>(k == "__new__" ? in.t.staticmethod : in.t.classmethod);
      g->attrs["__func__"] = x;
      x = obj_value(g);
    }
    if (k == "__module__") {
      if (auto* s = x.as<StrObj>()) ty->module = s->s;
      continue;
    }
    if (k == "__qualname__") {
      if (auto* s = x.as<StrObj>()) ty->qual = s->s;
      continue;
    }
    if (k == "__slots__") {
      std::vector<Value> names = x.as<StrObj>() ? std::vector<Value>{x} : in.to_vector(x);
      for (auto& n : names) ty->slots.push_back(as_str(in, n, "__slots__ items"));
      ty->has_slots = !inherited_dict;
    }
    if (!ty->attrs.count(k)) ty->order.push_back(k);
    ty->attrs[k] = x;
  }
  // A class that defines __eq__ without __hash__ is unhashable.
  if (ty->attrs.count("__eq__") && !ty->attrs.count("__hash__")) {
    ty->attrs["__hash__"] = Value();
    ty->order.push_back("__hash__");
  }
  TypeObj* raw = ty.get();
  ty->call = [raw](Interp& i, Args& a) { return call_heap_type(i, raw, a); };
  Value tv = obj_value(ty);
  // zero-argument super() finds the class through the functions defined in it
  auto own = [&](const Value& f) {
    if (auto* fo = f.as<FunctionObj>()) fo->owner = tv;
  };
  for (auto& [k, v] : ty->attrs) {
    own(v);
    if (auto* g = v.as<GenericObj>())
      for (auto& [gk, gv] : g->attrs) own(gv);
  }
  return tv;
}

TypeObj* winning_metaclass(Interp& in, TypeObj* explicit_meta, const std::vector<Value>& bases) {
  TypeObj* winner = explicit_meta ? explicit_meta : in.t.type;
  for (auto& b : bases) {
    TypeObj* bm = in.type_of(b);
    if (winner->is_subclass_of(bm)) continue;
    if (bm->is_subclass_of(winner)) {
      winner = bm;
      continue;
    }
    type_error("metaclass conflict: the metaclass of a derived class must be a (non-strict) subclass of the metaclasses of all its bases");
  }
  return winner;
}

namespace {
// After type.__new__ built cls: __set_name__(cls, name) on each value of its
// namespace that defines it, then the parent's __init_subclass__(**kw)
// (mirrors type_new_set_names and type_new_init_subclass).
void class_created_hooks(Interp& in, TypeObj* ty, const Value& cls, const std::vector<std::pair<std::string, Value>>& kw) {
  std::vector<std::pair<std::string, Value>> named;
  for (auto& n : ty->order) {
    auto it = ty->attrs.find(n);
    if (it != ty->attrs.end()) named.push_back(*it);
  }
  for (auto& [n, v] : named) {
    Value r;
    call_special(in, v, "__set_name__", {cls, make_str(n)}, r);
  }
  const auto& mro = mro_of(ty);
  for (size_t i = 1; i < mro.size(); ++i) {
    auto it = mro[i]->attrs.find("__init_subclass__");
    if (it == mro[i]->attrs.end()) continue;
    Args a;
    a.kw = kw;
    in.call(descr_get(in, it->second, false, Value(), ty), a);
    return;
  }
  if (!kw.empty()) type_error(ty->name + ".__init_subclass__() takes no keyword arguments");
}

Value type_new_method(Interp& in, Args& a);
}  // namespace

Value type_new(Interp& in, TypeObj* meta, const std::string& name, const std::vector<Value>& bases,
               const std::vector<std::pair<std::string, Value>>& ns, const std::vector<std::pair<std::string, Value>>& kw) {
  Value cls = make_class(in, name, bases, ns);
  auto* ty = cls.as<TypeObj>();
  if (meta && meta != in.t.type) {
    ty->meta = meta;
    ty->meta_ref = type_ref(meta);
  }
  class_created_hooks(in, ty, cls, kw);
  return cls;
}

namespace {
// type.__new__(meta, name, bases, ns, **kw) (mirrors type_new's argument checks).
Value type_new_method(Interp& in, Args& a) {
  if (a.size() != 4) type_error("type.__new__() takes exactly 3 arguments (" + std::to_string(a.size() ? a.size() - 1 : 0) + " given)");
  auto* meta = a.pos[0].as<TypeObj>();
  if (!meta) type_error("type.__new__(X): X is not a type object (" + in.type_of(a.pos[0])->name + ")");
  if (!meta->is_subclass_of(in.t.type)) type_error("type.__new__(" + meta->name + "): " + meta->name + " is not a subtype of type");
  auto* name = a.pos[1].as<StrObj>();
  auto* bases = a.pos[2].as<TupleObj>();
  auto* ns = a.pos[3].as<DictObj>();
  if (!name) type_error("type.__new__() argument 1 must be str, not " + in.type_of(a.pos[1])->name);
  if (!bases) type_error("type.__new__() argument 2 must be tuple, not " + in.type_of(a.pos[2])->name);
  if (!ns) type_error("type.__new__() argument 3 must be dict, not " + in.type_of(a.pos[3])->name);
  std::vector<std::pair<std::string, Value>> items;
  items.push_back({"__module__", make_str("__main__")});
  for (size_t i = 0; i < ns->t.entries.size(); ++i) {
    if (!ns->t.alive[i]) continue;
    items.push_back({as_str(in, ns->t.entries[i].first, "type() namespace keys"), ns->t.entries[i].second});
  }
  return type_new(in, winning_metaclass(in, meta, bases->items), name->s, bases->items, items, a.kw);
}
}  // namespace

Value call_heap_type(Interp& in, TypeObj* ty, Args& a) {
  Value mc;
  if (ty->meta && has_user_special(ty->meta, "__call__", mc)) {
    Value cls = type_ref(ty);
    return in.call(descr_get(in, mc, true, cls, ty->meta), a);
  }
  return construct_heap_type(in, ty, a);
}

Value construct_heap_type(Interp& in, TypeObj* ty, Args& a) {
  Value init;
  TypeObj* owner = nullptr;
  bool user_init = type_lookup(in, ty, "__init__", init, &owner) && owner->heap;
  if (ty->is_subclass_of(in.t.base_exception)) {
    if (!user_init && !a.kw.empty()) type_error(ty->name + "() takes no keyword arguments");
    if (!user_init) check_exception_args(in, ty, a.pos);
    Value exc = in.make_exception(ty, a.pos);
    exc.as<ExceptionObj>()->cls = type_ref(ty);
    if (user_init) in.call(descr_get(in, init, true, exc, ty), a);
    return exc;
  }
  Value newf, self;
  TypeObj* new_owner = nullptr;
  bool user_new = type_lookup(in, ty, "__new__", newf, &new_owner) && new_owner->heap;
  if (user_new) {
    Args na = a;
    na.pos.insert(na.pos.begin(), type_ref(ty));
    self = in.call(descr_get(in, newf, false, Value(), ty), na);
    if (!in.isinstance(self, ty)) return self;
  } else if (TypeObj* vb = value_base(in, ty)) {
    // int/float/str subclasses: the value is made now, from every argument (int.__new__(cls, *args))
    self = new_instance(in, ty);
    Args va = a;
    self.as<InstanceObj>()->builtin_base = in.call(type_ref(vb), va);
    if (user_init) in.call(descr_get(in, init, true, self, ty), a);
    return self;
  } else if (ty->is_subclass_of(in.t.type)) {
    // a metaclass without a __new__ of its own: type.__new__(ty, name, bases, ns, **kw)
    Args na = a;
    na.pos.insert(na.pos.begin(), type_ref(ty));
    self = in.call(in.builtin("__new__", type_new_method), na);
    if (user_init) in.call(descr_get(in, init, true, self, ty), a);
    return self;
  } else {
    self = new_instance(in, ty);
  }
  if (user_init) {
    Value r = in.call(descr_get(in, init, true, self, ty), a);
    if (!r.is_none()) type_error("__init__() should return None, not '" + in.type_of(r)->name + "'");
  } else if (auto* inst = self.as<InstanceObj>(); inst && (inst->builtin_base.as<ListObj>() || inst->builtin_base.as<DictObj>())) {
    // list / dict subclasses without their own __init__: the builtin's constructor fills the builtin part
    Value made = in.call(type_ref(in.t.dict == in.type_of(inst->builtin_base) ? in.t.dict : in.t.list), a);
    inst->builtin_base = made;
  } else if (!user_new && (!a.pos.empty() || !a.kw.empty())) {
    type_error(ty->name + "() takes no arguments");
  }
  return self;
}

// ---------------------------------------------------------------- frame snapshots
Value frame_snapshot(Interp& in, const std::string& name, int line, const Value& back) {
  auto code = std::make_shared<GenericObj>(in.t.code);
  code->attrs["co_name"] = make_str(name);
  code->attrs["co_qualname"] = make_str(name);
  code->attrs["co_filename"] = make_str(in.program_filename());
  auto f = std::make_shared<GenericObj>(in.t.frame);
  f->attrs["f_lineno"] = Value::integer(line);
  f->attrs["f_code"] = obj_value(code);
  f->attrs["f_back"] = back;
  return obj_value(f);
}

Value traceback_snapshot(Interp& in, const ExceptionObj& e) {
  Value next, frame;
  std::vector<Value> frames;
  for (auto& [name, line] : e.tb) frames.push_back(frame = frame_snapshot(in, name, line, frame));
  for (size_t k = frames.size(); k-- > 0;) {
    auto tb = std::make_shared<GenericObj>(in.t.traceback);
    tb->attrs["tb_frame"] = frames[k];
    tb->attrs["tb_lineno"] = Value::integer(e.tb[k].second);
    tb->attrs["tb_next"] = next;
    next = obj_value(tb);
  }
  return next;
}

// ---------------------------------------------------------------- builtins
namespace {

Value new_generic(Interp& in, TypeObj* t, std::initializer_list<std::pair<const char*, Value>> attrs) {
  auto g = std::make_shared<GenericObj>(t);
  for (auto& [k, v] : attrs) g->attrs[k] = v;
  return obj_value(g);
}

Value builtin_property(Interp& in, Args& a) {
  a.fname = "property";
  Value fget = a.optional(0, "fget"), fset = a.optional(1, "fset"), fdel = a.optional(2, "fdel");
  Value doc = a.optional(3, "doc");
  a.finish(4);
  if (doc.is_none() && fget.as<FunctionObj>()) doc = in.getattr(fget, "__doc__");
  return new_generic(in, in.t.property, {{"fget", fget}, {"fset", fset}, {"fdel", fdel}, {"__doc__", doc}});
}

// property.getter / setter / deleter: a copy with one accessor replaced.
Value property_with(Interp& in, Args& a, const char* which) {
  auto* g = a.pos[0].as<GenericObj>();
  Value f = a.required(1, "func");
  auto c = std::make_shared<GenericObj>(in.t.property);
  c->attrs = g->attrs;
  c->attrs[which] = f;
  return obj_value(c);
}
Value property_getter(Interp& in, Args& a) { return property_with(in, a, "fget"); }
Value property_setter(Interp& in, Args& a) { return property_with(in, a, "fset"); }
Value property_deleter(Interp& in, Args& a) { return property_with(in, a, "fdel"); }
Value property_get(Interp& in, Args& a) {
  Value obj = a.required(1, "instance");
  if (obj.is_none()) return a.pos[0];
  return descr_get(in, a.pos[0], true, obj, in.type_of(obj));
}

Value builtin_classmethod(Interp& in, Args& a) {
  a.fname = "classmethod";
  Value f = a.required(0, "function");
  a.finish(1);
  return new_generic(in, in.t.classmethod, {{"__func__", f}});
}
Value builtin_staticmethod(Interp& in, Args& a) {
  a.fname = "staticmethod";
  Value f = a.required(0, "function");
  a.finish(1);
  return new_generic(in, in.t.staticmethod, {{"__func__", f}});
}

Value builtin_super(Interp& in, Args& a) {
  Value cls, self;
  if (a.pos.empty()) {
    auto& cs = in.call_stack();
    if (cs.empty()) in.raise_exc("RuntimeError", "super(): no arguments");
    FunctionObj* f = cs.back().first;
    Env* env = cs.back().second;
    if (f->def->params.empty()) in.raise_exc("RuntimeError", "super(): no arguments");
    if (f->owner.is_none()) in.raise_exc("RuntimeError", "super(): __class__ cell not found");
    const Value* first = env->find(f->def->params[0].name);
    if (!first) in.raise_exc("RuntimeError", "super(): arg[0] deleted");
    cls = f->owner;
    self = *first;
  } else {
    cls = a.pos[0];
    if (!cls.as<TypeObj>()) type_error("super() argument 1 must be a type, not " + in.type_of(cls)->name);
    if (a.pos.size() < 2) type_error("super() without a second argument is not supported");
    self = a.pos[1];
  }
  auto* ct = cls.as<TypeObj>();
  auto* st = self.as<TypeObj>();
  if (!(st && st->is_subclass_of(ct)) && !in.isinstance(self, ct))
    type_error("super(type, obj): obj (instance of " + in.type_of(self)->name + ") is not an instance or subtype of type (" + ct->name + ").");
  return new_generic(in, in.t.super_, {{"__thisclass__", cls}, {"__self__", self}});
}

// super(C, obj).name: the MRO of obj's class after C (mirrors super_getattro).
Value super_getattr(Interp& in, Args& a) {
  auto* g = a.pos[0].as<GenericObj>();
  const std::string& name = as_str(in, a.required(1, "name"), "attribute name");
  Value self = g->attrs["__self__"];
  auto* thisclass = g->attrs["__thisclass__"].as<TypeObj>();
  auto* st = self.as<TypeObj>();
  bool self_is_class = st && st->is_subclass_of(thisclass);
  TypeObj* start = self_is_class ? st : in.type_of(self);
  const auto& mro = mro_of(start);
  auto pos = std::find(mro.begin(), mro.end(), thisclass);
  for (auto it = pos == mro.end() ? pos : pos + 1; it != mro.end(); ++it) {
    TypeObj* c = *it;
    Value ca;
    bool found = false;
    auto at = c->attrs.find(name);
    if (at != c->attrs.end()) {
      ca = at->second;
      found = true;
    } else {
      auto mt = in.methods.find(c);
      if (mt != in.methods.end()) {
        auto m = mt->second.find(name);
        if (m != mt->second.end()) {
          ca = obj_value(std::make_shared<BuiltinObj>(name, m->second));
          found = true;
        }
      }
    }
    if (!found) continue;
    if (self_is_class) return descr_get(in, ca, false, Value(), st);
    auto* inst = self.as<InstanceObj>();
    Value target = inst && !inst->builtin_base.is_none() && !c->heap ? inst->builtin_base : self;
    return descr_get(in, ca, true, target, start);
  }
  in.raise_exc("AttributeError", "'super' object has no attribute '" + name + "'");
}

// ---- object's own methods (what super().__init__() and object.__setattr__ reach)
Value object_init(Interp& in, Args& a) {
  if (a.pos.size() > 1 || !a.kw.empty())
    type_error("object.__init__() takes exactly one argument (the instance to initialize)");
  return Value();
}
Value object_new(Interp& in, Args& a) {
  auto* ty = a.required(0, "cls").as<TypeObj>();
  if (!ty) type_error("object.__new__(X): X is not a type object");
  if (!ty->heap) type_error("object.__new__(" + ty->name + ") is not safe, use " + ty->name + ".__new__()");
  return new_instance(in, ty);
}
Value object_setattr(Interp& in, Args& a) {
  instance_setattr(in, a.pos[0], as_str(in, a.required(1, "name"), "attribute name"), a.required(2, "value"));
  return Value();
}
Value object_delattr(Interp& in, Args& a) {
  instance_delattr(in, a.pos[0], as_str(in, a.required(1, "name"), "attribute name"));
  return Value();
}
Value object_getattribute(Interp& in, Args& a) {
  const std::string& name = as_str(in, a.required(1, "name"), "attribute name");
  Value out;
  if (heap_type_of(a.pos[0]) && instance_getattr(in, a.pos[0], name, out)) return out;
  if (!heap_type_of(a.pos[0])) return in.getattr(a.pos[0], name);
  in.raise_attribute_error(a.pos[0], name, "'" + in.type_of(a.pos[0])->name + "' object has no attribute '" + name + "'");
}
Value object_repr(Interp& in, Args& a) {
  TypeObj* t = in.type_of(a.pos[0]);
  if (!heap_type_of(a.pos[0]) || a.pos[0].as<ExceptionObj>()) return make_str(in.repr(a.pos[0]));
  return make_str("<" + t->qualname() + " object at " + hex_id(a.pos[0].identity()) + ">");
}
Value object_str(Interp& in, Args& a) { return make_str(in.repr(a.pos[0])); }
Value object_eq(Interp& in, Args& a) {
  return a.pos[0].identity() == a.required(1, "other").identity() && a.pos[0].is_obj() ? Value::boolean(true)
                                                                                        : in.not_implemented;
}
Value object_ne(Interp& in, Args& a) {
  Value r = in.compare(CmpOp::Eq, a.pos[0], a.required(1, "other"));
  return Value::boolean(!in.truthy(r));
}
Value object_hash(Interp& in, Args& a) {
  return Value::integer(int64_t(uintptr_t(a.pos[0].identity()) >> 4));
}
Value object_format(Interp& in, Args& a) {
  const std::string& spec = as_str(in, a.required(1, "format_spec"), "format_spec");
  if (!spec.empty()) type_error("unsupported format string passed to " + in.type_of(a.pos[0])->name + ".__format__");
  return make_str(in.str(a.pos[0]));
}
Value object_init_subclass(Interp&, Args&) { return Value(); }

Value exception_init(Interp& in, Args& a) {
  if (auto* e = a.pos[0].as<ExceptionObj>()) e->args.assign(a.pos.begin() + 1, a.pos.end());
  return Value();
}
Value exception_str_method(Interp& in, Args& a) { return make_str(in.default_exception_str(a.pos[0])); }

// list.__init__ / dict.__init__ for subclasses that call super().__init__(...)
Value list_init(Interp& in, Args& a) {
  auto* l = a.pos[0].as<ListObj>();
  Args rest;
  rest.pos.assign(a.pos.begin() + 1, a.pos.end());
  rest.kw = a.kw;
  Value made = in.call(type_ref(in.t.list), rest);
  if (l) l->items = made.as<ListObj>()->items;
  return Value();
}
Value dict_init(Interp& in, Args& a) {
  Args rest;
  rest.pos.assign(a.pos.begin() + 1, a.pos.end());
  rest.kw = a.kw;
  Value made = in.call(type_ref(in.t.dict), rest);
  auto* d = made.as<DictObj>();
  for (size_t i = 0; i < d->t.entries.size(); ++i)
    if (d->t.alive[i]) in.setitem(a.pos[0], d->t.entries[i].first, d->t.entries[i].second);
  return Value();
}

Value builtin_vars(Interp& in, Args& a) {
  a.fname = "vars";
  if (a.pos.empty() && a.kw.empty()) return in.call(in.builtins.at("locals"), std::vector<Value>{});  // vars() is locals()
  Value x = a.required(0, "object");
  a.finish(1);
  if (x.as<TypeObj>()) return in.getattr(x, "__dict__");
  if (DictObj* d = instance_dict(in, x, true)) return Value(d->shared_from_this());
  try {  // any other object's __dict__ (a function's, a module's)
    return in.getattr(x, "__dict__");
  } catch (const PyError& e) {
    if (e.type != "AttributeError") throw;
  }
  type_error("vars() argument must have __dict__ attribute");
}

Value builtin_delattr(Interp& in, Args& a) {
  a.fname = "delattr";
  Value x = a.required(0, "obj");
  in.delattr(x, as_str(in, a.required(1, "name"), "attribute name"));
  return Value();
}

// type.__call__(cls, *args, **kw): the default construction (Note [Metaclasses]).
Value type_call_method(Interp& in, Args& a) {
  auto* ty = a.required(0, "self").as<TypeObj>();
  if (!ty) type_error("descriptor '__call__' requires a 'type' object");
  Args rest = a;
  rest.pos.erase(rest.pos.begin());
  if (ty->heap) return construct_heap_type(in, ty, rest);
  return in.call(type_ref(ty), rest);
}

Value type_init_method(Interp&, Args&) { return Value(); }

// type.__setattr__ / type.__delattr__: a class's own namespace (what a
// metaclass's __setattr__ reaches through super()).
Value type_setattr_method(Interp& in, Args& a) {
  auto* ty = a.required(0, "self").as<TypeObj>();
  const std::string& name = as_str(in, a.required(1, "name"), "attribute name");
  Value x = a.required(2, "value");
  if (!ty || !ty->heap) type_error("cannot set '" + name + "' attribute of immutable type '" + (ty ? ty->name : "?") + "'");
  if (!ty->attrs.count(name)) ty->order.push_back(name);
  ty->attrs[name] = x;
  return Value();
}
Value type_delattr_method(Interp& in, Args& a) {
  auto* ty = a.required(0, "self").as<TypeObj>();
  const std::string& name = as_str(in, a.required(1, "name"), "attribute name");
  if (!ty || !ty->heap || !ty->attrs.erase(name))
    in.raise_exc("AttributeError", "type object '" + (ty ? ty->name : std::string("?")) + "' has no attribute '" + name + "'");
  return Value();
}

// int.__new__(cls, *args), float.__new__, str.__new__, tuple.__new__: for a subclass, an
// instance of it that carries the builtin's value (Note [Metaclasses]'s
// neighbour: what enum's IntEnum and StrEnum members are).
Value value_type_new(Interp& in, Args& a) {
  auto* ty = a.required(0, "cls").as<TypeObj>();
  if (!ty) type_error("int.__new__(X): X is not a type object");
  Args rest = a;
  rest.pos.erase(rest.pos.begin());
  TypeObj* vb = value_base(in, ty);
  if (!vb) type_error(ty->name + " is not a subtype of int, float, str or tuple");
  if (!ty->heap) return in.call(type_ref(ty), rest);
  Value self = new_instance(in, ty);
  self.as<InstanceObj>()->builtin_base = in.call(type_ref(vb), rest);
  return self;
}
const NativeDef kValueNew[] = {{"__new__", value_type_new}};

Value type_mro(Interp& in, Args& a) {
  auto* t = a.pos[0].as<TypeObj>();
  std::vector<Value> items;
  for (auto* c : mro_of(t)) items.push_back(type_ref(c));
  return make_list(items);
}

Value not_implemented_repr(Interp&, Args&) { return make_str("NotImplemented"); }

const NativeDef kPropertyMethods[] = {
    {"getter", property_getter}, {"setter", property_setter}, {"deleter", property_deleter}, {"__get__", property_get}};
const NativeDef kSuperMethods[] = {{"__getattr__", super_getattr}};
const NativeDef kObjectMethods[] = {
    {"__init__", object_init},       {"__new__", object_new},       {"__setattr__", object_setattr},
    {"__delattr__", object_delattr}, {"__getattribute__", object_getattribute},
    {"__repr__", object_repr},       {"__str__", object_str},       {"__eq__", object_eq},
    {"__ne__", object_ne},           {"__hash__", object_hash},     {"__format__", object_format},
    {"__init_subclass__", object_init_subclass},
};
const NativeDef kExceptionMethods[] = {{"__init__", exception_init}, {"__str__", exception_str_method}};
const NativeDef kListInit[] = {{"__init__", list_init}};
const NativeDef kDictInit[] = {{"__init__", dict_init}};
const NativeDef kTypeMethods[] = {
    {"mro", type_mro}, {"__new__", type_new_method}, {"__call__", type_call_method}, {"__init__", type_init_method},
    {"__setattr__", type_setattr_method}, {"__delattr__", type_delattr_method}};
const NativeDef kFunctions[] = {
    {"property", builtin_property}, {"classmethod", builtin_classmethod}, {"staticmethod", builtin_staticmethod},
    {"super", builtin_super},       {"vars", builtin_vars},               {"delattr", builtin_delattr},
};

}  // namespace

void install_class_builtins(Interp& in) {
  in.t.property = in.new_type("property", "builtins", {in.t.object});
  in.t.classmethod = in.new_type("classmethod", "builtins", {in.t.object});
  in.t.staticmethod = in.new_type("staticmethod", "builtins", {in.t.object});
  in.t.super_ = in.new_type("super", "builtins", {in.t.object});
  in.t.not_implemented = in.new_type("NotImplementedType", "builtins", {in.t.object});
  in.t.frame = in.new_type("frame", "builtins", {in.t.object});
  in.t.code = in.new_type("code", "builtins", {in.t.object});
  in.t.traceback = in.new_type("traceback", "builtins", {in.t.object});
  def_methods(in, in.t.property, kPropertyMethods);
  def_methods(in, in.t.super_, kSuperMethods);
  def_methods(in, in.t.object, kObjectMethods);
  def_methods(in, in.t.base_exception, kExceptionMethods);
  def_methods(in, in.t.list, kListInit);
  def_methods(in, in.t.dict, kDictInit);
  def_methods(in, in.t.type, kTypeMethods);
  for (auto* vt : {in.t.int_, in.t.float_, in.t.str, in.t.tuple}) def_methods(in, vt, kValueNew);
  for (const auto& d : kFunctions) in.builtins[d.name] = in.builtin(d.name, d.fn);
  for (auto* t : {in.t.property, in.t.classmethod, in.t.staticmethod, in.t.super_})
    in.builtins[t->name] = type_ref(t);
  in.builtins["property"] = type_ref(in.t.property);
  in.t.property->call = builtin_property;
  in.t.classmethod->call = builtin_classmethod;
  in.t.staticmethod->call = builtin_staticmethod;
  in.t.super_->call = builtin_super;
  auto ni = std::make_shared<GenericObj>(in.t.not_implemented);
  ni->attrs["__repr__"] = in.builtin("__repr__", not_implemented_repr);
  in.not_implemented = obj_value(ni);
  in.builtins["NotImplemented"] = in.not_implemented;
}

}  // namespace sl::lang
