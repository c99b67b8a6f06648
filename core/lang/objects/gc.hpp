// gc: the cycle collector behind the interpreter's reference counting.
//
// Problem. Objects are counted by shared_ptr, so a set S of containers whose
// references all come from inside S is never freed: a function's closure scope
// that holds the function itself (`def outer(): def inner(): ...`), a list that
// contains itself. Let rc(o) be o's reference count and in(o) the number of
// references to o held by tracked containers. o is referenced from outside the
// tracked graph (a variable scope that is alive, a C++ local, the interpreter)
// exactly when rc(o) > in(o). Everything reachable from such objects through
// container references is alive; every other tracked object is garbage. Garbage
// is cleared (its references moved out and dropped), which breaks its cycles,
// and reference counting then frees it.
//
// Mirrors CPython's Modules/gcmodule.c: update_refs (gc_refs = rc),
// subtract_refs (gc_refs -= in via tp_traverse), move_unreachable (mark from
// gc_refs > 0), delete_garbage (tp_clear). One generation; a collection runs
// when the number of tracked allocations since the last one exceeds the number
// of objects that survived it (amortised O(1) per allocation).
//
// Safety. A traversal may under-report references (the object then only looks
// more alive); it must never report a reference the object does not own.
// Objects that are not owned by a shared_ptr (use count 0) count as roots.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

namespace sl::lang {

class Value;
struct Env;
struct GcNode;

// Sees each reference a container owns.
struct GcVisitor {
  virtual void visit(GcNode* child) = 0;
  void operator()(const Value& v);
  void operator()(const std::shared_ptr<Env>& e);

 protected:
  ~GcVisitor() = default;
};

// References moved out of cleared garbage; dropped after every clear is done.
// Note [Collector below the values]: the collector (gc.cpp) knows objects only
// as GcNodes, so the object representation (value.hpp) can build on it; what
// needs a Value or an Env complete is defined with them (value.cpp: values,
// the graveyard's own lifetime; ceval.cpp: scopes).
struct GcGraveyard {
  GcGraveyard();
  ~GcGraveyard();
  std::vector<Value> values;
  std::vector<std::shared_ptr<Env>> envs;
  void take(Value& v);
  void take(std::shared_ptr<Env>& e);
  // Drops the values (iteratively: release_children), then the scopes.
  void release();
};

struct GcNode {
  explicit GcNode(bool tracked);
  GcNode(const GcNode&) = delete;
  GcNode& operator=(const GcNode&) = delete;
  virtual ~GcNode();

  // Current reference count (0 when not owned by a shared_ptr).
  virtual long gc_refcount() const = 0;
  // A strong reference that keeps the object alive while it is cleared.
  virtual std::shared_ptr<void> gc_strong() = 0;
  virtual void gc_traverse(GcVisitor&) {}
  virtual void gc_clear(GcGraveyard&) {}
  // Garbage that has a finalizer due queues it (Note [Finalization],
  // finalize.hpp) and returns true; the collection then clears nothing.
  virtual bool gc_finalize() { return false; }

  bool gc_tracked() const { return tracked_; }
  // Some weak reference names this object (objects/weakref.hpp keeps the list).
  bool gc_weakly_referenced() const { return weakrefs_; }
  void gc_set_weakly_referenced(bool on) { weakrefs_ = on; }

 private:
  friend struct Gc;
  friend struct GcAccess;
  GcNode* prev_ = nullptr;
  GcNode* next_ = nullptr;
  int64_t refs_ = 0;
  bool tracked_;
  bool reached_ = false;
  bool weakrefs_ = false;
};

struct GcStats {
  int64_t tracked = 0;      // containers alive now
  int64_t collections = 0;  // runs so far
  int64_t collected = 0;    // objects found unreachable, in total
};

// During a collection: n is tracked and found unreachable (handle_weakrefs asks
// whether a weak reference is garbage itself).
bool gc_is_unreachable(const GcNode* n);
// Clears the weak references to target and queues the callbacks of those that
// are not garbage (objects/weakref.cpp; Note [Weak references]).
void clear_weakrefs(GcNode* target);

// Runs a collection when enough containers were allocated since the last one.
void gc_maybe_collect();
// Runs a collection now; returns the number of unreachable objects cleared.
int64_t gc_collect();
GcStats gc_stats();

}  // namespace sl::lang
