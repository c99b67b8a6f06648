// weakref_module: `_weakref`, the natives under the frozen weakref.py (Note [Weak
// references], objects/weakref.hpp): a handle naming an object without owning it,
// the referent or None, and the per-object counts and lists CPython's _weakref has.
// Invariant: only the kinds CPython gives a weak reference list are weakly
// referenceable ("cannot create weak reference to 'int' object"); an instance is
// unless every class of its MRO declares __slots__ without '__weakref__'.
#include "core/lang/modules/modules.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/lang/objects/weakref.hpp"

namespace sl::lang {

namespace {

bool weakly_referenceable(const Value& v) {
  const Obj* o = v.is_obj() ? v.obj() : nullptr;
  if (!o) return false;
  switch (o->kind) {
    case ObjKind::Function: case ObjKind::Builtin: case ObjKind::BoundMethod: case ObjKind::Module:
    case ObjKind::Type: case ObjKind::Set: case ObjKind::Generator:
      return true;
    case ObjKind::Instance: {
      for (TypeObj* t : mro_of(static_cast<const InstanceObj*>(o)->type)) {
        if (!t->heap) continue;
        if (!t->has_slots) return true;
        for (const auto& s : t->slots)
          if (s == "__weakref__") return true;
      }
      return false;
    }
    default:
      return false;
  }
}

WeakHandleObj* handle_of(Interp& in, const Value& v) {
  WeakHandleObj* h = as_weak_handle(v);
  if (!h) in.raise_exc("TypeError", "a weakref handle is required");
  return h;
}

Value referent(WeakHandleObj& h) {
  if (!h.target) return Value();
  std::shared_ptr<Obj> o = std::static_pointer_cast<Obj>(static_cast<Obj*>(h.target)->weak_from_this().lock());
  return o ? Value(o) : Value();
}

// handle(obj, owner, callback, kind): a new handle in obj's list.
Value wr_handle(Interp& in, Args& a, TypeObj* type) {
  Value obj = a.required(0, "obj"), owner = a.required(1, "owner"), cb = a.required(2, "callback");
  const int64_t kind = in.index_value(a.required(3, "kind"));
  a.finish(4);
  if (!weakly_referenceable(obj))
    in.raise_exc("TypeError", "cannot create weak reference to '" + in.type_name(obj) + "' object");
  auto h = std::make_shared<WeakHandleObj>(type);
  h->owner = owner.is_obj() ? std::static_pointer_cast<Obj>(owner.obj()->weak_from_this().lock()) : nullptr;
  h->callback = cb;
  h->kind = WeakHandleObj::Kind(std::clamp<int64_t>(kind, 0, 2));
  add_weakref(*h, *obj.obj());
  return Value(std::static_pointer_cast<Obj>(h));
}

Value wr_get(Interp& in, Args& a) {
  WeakHandleObj* h = handle_of(in, a.required(0, "handle"));
  a.finish(1);
  return referent(*h);
}

// The live owners of obj's handles, in list order; kind >= 0 keeps that kind only.
std::vector<Value> owners(const Value& obj, int64_t kind) {
  std::vector<Value> out;
  if (!obj.is_obj()) return out;
  for (WeakHandleObj* h : weakrefs_of(obj.obj()))
    if (kind < 0 || h->kind == kind)
      if (auto o = h->owner.lock()) out.push_back(Value(o));
  return out;
}

Value wr_basic(Interp& in, Args& a) {
  Value obj = a.required(0, "obj");
  const int64_t kind = in.index_value(a.required(1, "kind"));
  a.finish(2);
  std::vector<Value> o = owners(obj, kind);
  return o.empty() ? Value() : o[0];
}

Value wr_getweakrefcount(Interp& in, Args& a) {
  Value obj = a.required(0, "object");
  a.finish(1);
  return Value::integer(obj.is_obj() ? int64_t(weakrefs_of(obj.obj()).size()) : 0);
}

Value wr_getweakrefs(Interp& in, Args& a) {
  Value obj = a.required(0, "object");
  a.finish(1);
  return make_list(owners(obj, -1));
}

}  // namespace

void install_weakref_module(Interp& in) {
  ModuleObj& m = new_module(in, "_weakref");
  TypeObj* handle = in.new_type("weakref_handle", "_weakref", {in.t.object});
  m.attrs["handle"] = in.builtin("handle", [handle](Interp& in, Args& a) { return wr_handle(in, a, handle); });
  m.attrs["get"] = in.builtin("get", wr_get);
  m.attrs["basic"] = in.builtin("basic", wr_basic);
  m.attrs["getweakrefcount"] = in.builtin("getweakrefcount", wr_getweakrefcount);
  m.attrs["getweakrefs"] = in.builtin("getweakrefs", wr_getweakrefs);
}

}  // namespace sl::lang
