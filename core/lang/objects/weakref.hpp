// weakref: the native half of weak references -- a handle that names an object
// without owning it, the list of handles per object, and their clearing when the
// object dies (the frozen weakref.py builds ref, proxy and the weak containers on it).
//
// Invariant: a handle's target is either alive or null; it is nulled, and the
// object's list dropped, before the object's attributes go (clear_weakrefs from the
// destructor, or from the collector for garbage), and no Python code runs then:
// callbacks are queued as finalizers are (Note [Finalization], finalize.hpp).
#pragma once
#include <memory>

#include "core/lang/objects/value.hpp"

namespace sl::lang {

// Note [Weak references]
// CPython keeps each object's weak references in a list (tp_weaklistoffset) and
// clears it in PyObject_ClearWeakRefs when the object dies: after __del__ (which
// may resurrect it) and before its dict is cleared; then it calls the callback of
// every cleared reference that is still alive, in list order. The cycle collector
// does the same for garbage before any finalizer runs (handle_weakrefs in
// Modules/gcmodule.c), except that a weak reference that is garbage itself has its
// callback dropped, not called. The list keeps the basic reference (ref(o) with no
// callback, shared by every such call) first, then the basic proxy, then the
// references with callbacks, newest first (weakref___new__'s insert_head /
// insert_after).
// Here an object that has a weak reference is flagged (GcNode::gc_weakly_referenced)
// and its handles are listed in a process-wide table keyed by the object, so no other
// object pays for the list. The object's destructor (InstanceObj's first, before its
// dict goes) or the collector calls clear_weakrefs; each handle's Python owner (the
// weakref.ref instance) is held weakly, and a due callback is queued with the owner
// held, to run at the evaluator's next safe point (Interp::finalize_one).
struct WeakHandleObj : GenericObj {
  enum Kind { kBasicRef, kBasicProxy, kOther };
  GcNode* target = nullptr;    // the referent, or null once it died
  std::weak_ptr<Obj> owner;    // the weakref.ref / proxy instance this handle serves
  Value callback;              // None, or called with the owner when the referent dies
  Value due_owner;             // the owner, held while its callback is queued
  Kind kind = kOther;
  explicit WeakHandleObj(TypeObj* t) : GenericObj(t) {}
  ~WeakHandleObj() override;
  void gc_traverse(GcVisitor& v) override { v(callback); v(due_owner); }
  void gc_clear(GcGraveyard& g) override { g.take(callback); g.take(due_owner); }
};

// The handle v is, or null. The engine has no RTTI in wasm, so a handle is known by
// its type, _weakref.weakref_handle, which only _weakref.handle() instantiates.
WeakHandleObj* as_weak_handle(const Value& v);
// Lists h among target's weak references, in CPython's order for its kind.
void add_weakref(WeakHandleObj& h, Obj& target);
// The handles naming target, in list order (empty when none).
std::vector<WeakHandleObj*> weakrefs_of(const GcNode* target);

}  // namespace sl::lang
