// weakref: the handle list and its clearing (weakref.hpp, Note [Weak references]).
#include "core/lang/objects/weakref.hpp"

#include <algorithm>
#include <unordered_map>

#include "core/lang/objects/finalize.hpp"

namespace sl::lang {

namespace {
// Process-wide (Note [Session state]): keyed by the object, which is one session's.
std::unordered_map<const GcNode*, std::vector<WeakHandleObj*>>& registry() {
  static auto* r = new std::unordered_map<const GcNode*, std::vector<WeakHandleObj*>>;  // never destroyed
  return *r;
}
}  // namespace

WeakHandleObj::~WeakHandleObj() {
  if (!target) return;
  auto it = registry().find(target);
  if (it == registry().end()) return;
  auto& list = it->second;
  list.erase(std::remove(list.begin(), list.end(), this), list.end());
  if (list.empty()) {
    target->gc_set_weakly_referenced(false);
    registry().erase(it);
  }
}

WeakHandleObj* as_weak_handle(const Value& v) {
  auto* g = v.as<GenericObj>();
  if (!g || g->type->name != "weakref_handle" || g->type->module != "_weakref") return nullptr;
  return static_cast<WeakHandleObj*>(g);
}

void add_weakref(WeakHandleObj& h, Obj& target) {
  auto& list = registry()[&target];
  target.gc_set_weakly_referenced(true);
  h.target = &target;
  size_t at = 0;  // a basic ref goes first; a basic proxy after it; the others after both
  if (h.kind != WeakHandleObj::kBasicRef)
    while (at < list.size() && (list[at]->kind == WeakHandleObj::kBasicRef ||
                                (h.kind == WeakHandleObj::kOther && list[at]->kind == WeakHandleObj::kBasicProxy)))
      ++at;
  list.insert(list.begin() + long(at), &h);
}

std::vector<WeakHandleObj*> weakrefs_of(const GcNode* target) {
  auto it = registry().find(target);
  return it == registry().end() ? std::vector<WeakHandleObj*>{} : it->second;
}

// mirrors PyObject_ClearWeakRefs and handle_weakrefs: every handle is nulled first,
// then the callbacks of the live, non-garbage owners are queued in list order.
void clear_weakrefs(GcNode* target) {
  auto it = registry().find(target);
  target->gc_set_weakly_referenced(false);
  if (it == registry().end()) return;
  std::vector<WeakHandleObj*> list = std::move(it->second);
  registry().erase(it);
  for (WeakHandleObj* h : list) h->target = nullptr;
  for (WeakHandleObj* h : list) {
    if (h->callback.is_none()) continue;
    std::shared_ptr<Obj> owner = h->owner.lock();
    std::shared_ptr<Obj> self = h->weak_from_this().lock();
    if (!owner || !self || gc_is_unreachable(owner.get()) || gc_is_unreachable(h)) continue;
    h->due_owner = Value(owner);
    if (!Finalizers::defer(self)) h->due_owner = Value();
  }
}

}  // namespace sl::lang
