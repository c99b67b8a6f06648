// dataclasses_module: `dataclasses` -- @dataclass turns a class's annotated
// names into fields and adds __init__, __repr__, __eq__ (and with order=True
// the orderings, with frozen=True the read-only __setattr__/__delattr__ and a
// field-tuple __hash__); field(), fields(), asdict(), astuple(), replace(),
// is_dataclass(), MISSING, FrozenInstanceError.
// Invariant: a dataclass's fields live in its "__dataclass_fields__" dict
// (name -> Field, definition order, inherited fields first); the generated
// methods are natives that read that dict from the instance's class at call
// time, so a subclass that adds fields gets its own and inherits the rest.
// Mirrors Lib/dataclasses.py (_process_class, _init_fn, _repr_fn, _cmp_fn).
#include "core/lang/builtins/builtins.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/lang/modules/modules.hpp"

namespace sl::lang {

namespace {

// The module's own objects, read from the registered module (no state outside the Interp).
struct DcTypes {
  TypeObj* field;
  Value missing;
  TypeObj* frozen_error;
};
DcTypes dc(Interp& in) {
  auto& attrs = in.modules["dataclasses"]->attrs;
  return {attrs["Field"].as<TypeObj>(), attrs["MISSING"], attrs["FrozenInstanceError"].as<TypeObj>()};
}

Value gattr(const Value& g, const char* name) {
  auto* o = g.as<GenericObj>();
  auto it = o->attrs.find(name);
  return it == o->attrs.end() ? Value() : it->second;
}
bool is_missing(Interp& in, const Value& v) { return v.identity() == dc(in).missing.identity(); }

Value new_field(Interp& in, Value dflt, Value factory, bool repr, bool compare, bool init) {
  auto g = std::make_shared<GenericObj>(dc(in).field);
  g->attrs["name"] = Value();
  g->attrs["type"] = Value();
  g->attrs["default"] = dflt;
  g->attrs["default_factory"] = factory;
  g->attrs["repr"] = Value::boolean(repr);
  g->attrs["compare"] = Value::boolean(compare);
  g->attrs["init"] = Value::boolean(init);
  return Value(std::static_pointer_cast<Obj>(g));
}

// The Field objects of a dataclass (or of an instance's class), in order.
std::vector<Value> fields_of(Interp& in, const Value& cls_or_obj, bool raise) {
  TypeObj* t = cls_or_obj.as<TypeObj>() ? cls_or_obj.as<TypeObj>() : in.type_of(cls_or_obj);
  Value fd;
  if (!type_lookup(in, t, "__dataclass_fields__", fd) || !fd.as<DictObj>()) {
    if (raise) type_error("must be called with a dataclass type or instance");
    return {};
  }
  std::vector<Value> out;
  auto* d = fd.as<DictObj>();
  for (size_t i = 0; i < d->t.entries.size(); ++i)
    if (d->t.alive[i]) out.push_back(d->t.entries[i].second);
  return out;
}
std::string fname(const Value& f) { return gattr(f, "name").as<StrObj>()->s; }

// ---- the generated methods
Value dc_init(Interp& in, Args& a) {
  Value self = a.pos[0];
  TypeObj* t = in.type_of(self);
  std::string qual = (t->qual.empty() ? t->name : t->qual) + ".__init__()";
  std::vector<Value> fs;
  for (auto& f : fields_of(in, self, true))
    if (in.truthy(gattr(f, "init"))) fs.push_back(f);
  if (a.pos.size() - 1 > fs.size())
    type_error(qual + " takes " + std::to_string(fs.size() + 1) + " positional argument" + (fs.empty() ? "" : "s") +
               " but " + std::to_string(a.pos.size()) + " were given");
  std::vector<std::string> missing;
  std::vector<std::pair<std::string, Value>> values;
  for (size_t k = 0; k < fs.size(); ++k) {
    std::string n = fname(fs[k]);
    Value v;
    bool have = false;
    if (k + 1 < a.pos.size()) {
      v = a.pos[k + 1];
      have = true;
    }
    for (auto it = a.kw.begin(); it != a.kw.end(); ++it) {
      if (it->first != n) continue;
      if (have) type_error(qual + " got multiple values for argument '" + n + "'");
      v = it->second;
      have = true;
      a.kw.erase(it);
      break;
    }
    if (!have && !is_missing(in, gattr(fs[k], "default"))) {
      v = gattr(fs[k], "default");
      have = true;
    }
    if (!have && !is_missing(in, gattr(fs[k], "default_factory"))) {
      v = in.call(gattr(fs[k], "default_factory"), std::vector<Value>{});
      have = true;
    }
    if (!have) missing.push_back(n);
    values.push_back({n, v});
  }
  if (!a.kw.empty()) type_error(qual + " got an unexpected keyword argument '" + a.kw.front().first + "'");
  if (!missing.empty()) {
    std::string names;
    for (size_t k = 0; k < missing.size(); ++k) {
      if (k) names += missing.size() == 2 ? " and " : (k + 1 == missing.size() ? ", and " : ", ");
      names += "'" + missing[k] + "'";
    }
    type_error(qual + " missing " + std::to_string(missing.size()) + " required positional argument" +
               (missing.size() == 1 ? "" : "s") + ": " + names);
  }
  Value fd;
  bool frozen = type_lookup(in, t, "__dataclass_frozen__", fd) && in.truthy(fd);
  for (auto& [n, v] : values) {
    if (frozen) instance_setattr(in, self, n, v);
    else in.setattr(self, n, v);
  }
  Value post;
  if (type_lookup(in, t, "__post_init__", post)) in.call(in.getattr(self, "__post_init__"), std::vector<Value>{});
  return Value();
}

Value dc_repr(Interp& in, Args& a) {
  Value self = a.pos[0];
  TypeObj* t = in.type_of(self);
  std::string s = (t->qual.empty() ? t->name : t->qual) + "(";
  bool first = true;
  for (auto& f : fields_of(in, self, true)) {
    if (!in.truthy(gattr(f, "repr"))) continue;
    if (!first) s += ", ";
    first = false;
    s += fname(f) + "=" + in.repr(in.getattr(self, fname(f)));
  }
  return make_str(s + ")");
}

Value compare_tuple(Interp& in, const Value& obj) {
  std::vector<Value> items;
  for (auto& f : fields_of(in, obj, true))
    if (in.truthy(gattr(f, "compare"))) items.push_back(in.getattr(obj, fname(f)));
  return make_tuple(items);
}
template <CmpOp op>
Value dc_compare(Interp& in, Args& a) {
  Value other = a.required(1, "other");
  if (in.type_of(other) != in.type_of(a.pos[0])) return in.not_implemented;
  return in.compare(op, compare_tuple(in, a.pos[0]), compare_tuple(in, other));
}
Value dc_hash(Interp& in, Args& a) { return Value::integer(int64_t(in.hash(compare_tuple(in, a.pos[0])) >> 2)); }

[[noreturn]] void frozen_error(Interp& in, const std::string& name) {
  Value exc = in.make_exception(dc(in).frozen_error, {make_str("cannot assign to field '" + name + "'")});
  throw PyException("FrozenInstanceError", "cannot assign to field '" + name + "'", exc);
}
Value dc_frozen_setattr(Interp& in, Args& a) { frozen_error(in, as_str(in, a.required(1, "name"), "name")); }
Value dc_frozen_delattr(Interp& in, Args& a) {
  std::string n = as_str(in, a.required(1, "name"), "name");
  Value exc = in.make_exception(dc(in).frozen_error, {make_str("cannot delete field '" + n + "'")});
  throw PyException("FrozenInstanceError", "cannot delete field '" + n + "'", exc);
}

void set_method(Interp& in, TypeObj* t, const char* name, NativeFn fn, bool overwrite) {
  if (!overwrite && t->attrs.count(name)) return;
  if (!t->attrs.count(name)) t->order.push_back(name);
  t->attrs[name] = in.builtin(name, std::move(fn));
}

// mirrors _process_class: collect the fields, then add the methods.
Value process_class(Interp& in, const Value& cls, bool init, bool repr, bool eq, bool order, bool frozen) {
  auto* t = cls.as<TypeObj>();
  if (!t || !t->heap) type_error("dataclass() should be called on a class");
  auto fd = std::make_shared<DictObj>();
  Value fdv(std::static_pointer_cast<Obj>(fd));
  for (auto it = mro_of(t).rbegin(); it != mro_of(t).rend(); ++it) {  // inherited fields first
    if (*it == t) break;
    auto bf = (*it)->attrs.find("__dataclass_fields__");
    if (bf == (*it)->attrs.end() || !bf->second.as<DictObj>()) continue;
    auto* bd = bf->second.as<DictObj>();
    for (size_t i = 0; i < bd->t.entries.size(); ++i)
      if (bd->t.alive[i]) table_set(in, fd->t, bd->t.entries[i].first, bd->t.entries[i].second);
  }
  auto an = t->attrs.find("__annotations__");
  if (an != t->attrs.end() && an->second.as<DictObj>()) {
    auto* ad = an->second.as<DictObj>();
    for (size_t i = 0; i < ad->t.entries.size(); ++i) {
      if (!ad->t.alive[i]) continue;
      const std::string& n = ad->t.entries[i].first.as<StrObj>()->s;
      Value f;
      auto cur = t->attrs.find(n);
      if (cur != t->attrs.end() && cur->second.as<GenericObj>() && cur->second.as<GenericObj>()->type == dc(in).field) {
        f = cur->second;
        Value d = gattr(f, "default");
        if (is_missing(in, d)) t->attrs.erase(n);
        else t->attrs[n] = d;
      } else {
        Value d = cur != t->attrs.end() ? cur->second : dc(in).missing;
        if (d.as<ListObj>() || d.as<DictObj>() || d.as<SetObj>())
          in.raise_exc("ValueError", "mutable default " + in.repr(type_ref(in.type_of(d))) + " for field " + n +
                                         " is not allowed: use default_factory");
        f = new_field(in, d, dc(in).missing, true, true, true);
      }
      f.as<GenericObj>()->attrs["name"] = make_str(n);
      f.as<GenericObj>()->attrs["type"] = ad->t.entries[i].second;
      table_set(in, fd->t, make_str(n), f);
    }
  }
  // a field without a default may not follow one with a default (in __init__'s order)
  bool seen_default = false;
  std::string last_default;
  for (size_t i = 0; i < fd->t.entries.size(); ++i) {
    if (!fd->t.alive[i]) continue;
    Value f = fd->t.entries[i].second;
    if (!in.truthy(gattr(f, "init"))) continue;
    bool has = !is_missing(in, gattr(f, "default")) || !is_missing(in, gattr(f, "default_factory"));
    if (!has && seen_default)
      type_error("non-default argument '" + fname(f) + "' follows default argument '" + last_default + "'");
    if (has) {
      seen_default = true;
      last_default = fname(f);
    }
  }
  t->attrs["__dataclass_fields__"] = fdv;
  t->attrs["__dataclass_frozen__"] = Value::boolean(frozen);
  if (init) set_method(in, t, "__init__", dc_init, false);
  if (repr) set_method(in, t, "__repr__", dc_repr, false);
  bool own_hash = t->attrs.count("__hash__") && !t->attrs["__hash__"].is_none();
  if (eq) {
    set_method(in, t, "__eq__", dc_compare<CmpOp::Eq>, false);
    if (!own_hash) {
      if (frozen) set_method(in, t, "__hash__", dc_hash, true);
      else t->attrs["__hash__"] = Value();
    }
  }
  if (order) {
    if (!eq) in.raise_exc("ValueError", "eq must be true if order is true");
    set_method(in, t, "__lt__", dc_compare<CmpOp::Lt>, false);
    set_method(in, t, "__le__", dc_compare<CmpOp::Le>, false);
    set_method(in, t, "__gt__", dc_compare<CmpOp::Gt>, false);
    set_method(in, t, "__ge__", dc_compare<CmpOp::Ge>, false);
  }
  if (frozen) {
    set_method(in, t, "__setattr__", dc_frozen_setattr, true);
    set_method(in, t, "__delattr__", dc_frozen_delattr, true);
  }
  return cls;
}

struct DcOptions {
  bool init = true, repr = true, eq = true, order = false, frozen = false;
};
Value dc_decorator_with(Interp& in, Args& a, DcOptions o) {
  return process_class(in, a.required(0, "cls"), o.init, o.repr, o.eq, o.order, o.frozen);
}

// dataclass(cls) or dataclass(init=..., repr=..., eq=..., order=..., frozen=...)(cls)
Value dataclasses_dataclass(Interp& in, Args& a) {
  a.fname = "dataclass";
  DcOptions o;
  Value cls = a.pos.empty() ? Value() : a.pos[0];
  for (auto& [k, v] : a.kw) {
    bool b = in.truthy(v);
    if (k == "init") o.init = b;
    else if (k == "repr") o.repr = b;
    else if (k == "eq") o.eq = b;
    else if (k == "order") o.order = b;
    else if (k == "frozen") o.frozen = b;
    else if (k != "unsafe_hash" && k != "match_args" && k != "kw_only" && k != "slots" && k != "weakref_slot")
      type_error("dataclass() got an unexpected keyword argument '" + k + "'");
  }
  if (!cls.is_none()) return process_class(in, cls, o.init, o.repr, o.eq, o.order, o.frozen);
  return in.builtin("wrap", [o](Interp& i, Args& b) { return dc_decorator_with(i, b, o); });
}

Value dataclasses_field(Interp& in, Args& a) {
  a.fname = "field";
  if (!a.pos.empty()) type_error("field() takes 0 positional arguments but " + std::to_string(a.pos.size()) + " were given");
  Value dflt = dc(in).missing, factory = dc(in).missing;
  bool repr = true, compare = true, init = true;
  for (auto& [k, v] : a.kw) {
    if (k == "default") dflt = v;
    else if (k == "default_factory") factory = v;
    else if (k == "repr") repr = in.truthy(v);
    else if (k == "compare") compare = in.truthy(v);
    else if (k == "init") init = in.truthy(v);
    else if (k != "hash" && k != "metadata" && k != "kw_only")
      type_error("field() got an unexpected keyword argument '" + k + "'");
  }
  if (!is_missing(in, dflt) && !is_missing(in, factory))
    in.raise_exc("ValueError", "cannot specify both default and default_factory");
  return new_field(in, dflt, factory, repr, compare, init);
}

Value dataclasses_fields(Interp& in, Args& a) { return make_tuple(fields_of(in, a.required(0, "class_or_instance"), true)); }

Value as_plain(Interp& in, const Value& v, bool dict) {
  if (!v.as<TypeObj>() && !fields_of(in, v, false).empty()) {
    if (dict) {
      auto d = std::make_shared<DictObj>();
      for (auto& f : fields_of(in, v, false))
        table_set(in, d->t, make_str(fname(f)), as_plain(in, in.getattr(v, fname(f)), dict));
      return Value(std::static_pointer_cast<Obj>(d));
    }
    std::vector<Value> items;
    for (auto& f : fields_of(in, v, false)) items.push_back(as_plain(in, in.getattr(v, fname(f)), dict));
    return make_tuple(items);
  }
  if (auto* l = v.as<ListObj>()) {
    std::vector<Value> items;
    for (auto& x : l->items) items.push_back(as_plain(in, x, dict));
    return make_list(items);
  }
  if (auto* t = v.as<TupleObj>()) {
    std::vector<Value> items;
    for (auto& x : t->items) items.push_back(as_plain(in, x, dict));
    return make_tuple(items);
  }
  if (auto* d = v.as<DictObj>()) {
    auto c = std::make_shared<DictObj>();
    for (size_t i = 0; i < d->t.entries.size(); ++i)
      if (d->t.alive[i]) table_set(in, c->t, as_plain(in, d->t.entries[i].first, dict), as_plain(in, d->t.entries[i].second, dict));
    return Value(std::static_pointer_cast<Obj>(c));
  }
  return v;
}
Value check_instance(Interp& in, Args& a, const char* what) {
  Value obj = a.required(0, "obj");
  if (obj.as<TypeObj>() || fields_of(in, obj, false).empty())
    type_error(std::string(what) + "() should be called on dataclass instances");
  return obj;
}
Value dataclasses_asdict(Interp& in, Args& a) { return as_plain(in, check_instance(in, a, "asdict"), true); }
Value dataclasses_astuple(Interp& in, Args& a) { return as_plain(in, check_instance(in, a, "astuple"), false); }

Value dataclasses_replace(Interp& in, Args& a) {
  Value obj = a.required(0, "obj");
  if (obj.as<TypeObj>() || fields_of(in, obj, false).empty())
    type_error("replace() should be called on dataclass instances");
  Args na;
  for (auto& f : fields_of(in, obj, false)) {
    if (!in.truthy(gattr(f, "init"))) continue;
    std::string n = fname(f);
    bool given = false;
    for (auto& [k, v] : a.kw)
      if (k == n) given = true;
    if (!given) na.kw.push_back({n, in.getattr(obj, n)});
  }
  for (auto& kv : a.kw) na.kw.push_back(kv);
  return in.call(type_ref(in.type_of(obj)), na);
}

Value dataclasses_is_dataclass(Interp& in, Args& a) {
  Value x = a.required(0, "obj");
  TypeObj* t = x.as<TypeObj>() ? x.as<TypeObj>() : in.type_of(x);
  Value fd;
  return Value::boolean(type_lookup(in, t, "__dataclass_fields__", fd));
}

Value missing_repr(Interp&, Args&) { return make_str("<dataclasses._MISSING_TYPE object>"); }

const ModuleFnDef kDataclasses[] = {
    {"dataclass", dataclasses_dataclass}, {"field", dataclasses_field},   {"fields", dataclasses_fields},
    {"asdict", dataclasses_asdict},       {"astuple", dataclasses_astuple}, {"replace", dataclasses_replace},
    {"is_dataclass", dataclasses_is_dataclass},
};

}  // namespace

void install_dataclasses_module(Interp& in) {
  ModuleObj& m = new_module(in, "dataclasses");
  def_functions(in, m, kDataclasses);
  TypeObj* field = in.new_type("Field", "dataclasses", {in.t.object});
  auto miss = std::make_shared<GenericObj>(in.new_type("_MISSING_TYPE", "dataclasses", {in.t.object}));
  miss->attrs["__repr__"] = in.builtin("__repr__", missing_repr);
  TypeObj* frozen = in.new_type("FrozenInstanceError", "dataclasses", {in.exception_type("AttributeError")});
  m.attrs["MISSING"] = Value(std::static_pointer_cast<Obj>(miss));
  m.attrs["Field"] = type_ref(field);
  m.attrs["FrozenInstanceError"] = type_ref(frozen);
}

}  // namespace sl::lang
