// finalize: running an object's finalizer (`__del__`, a suspended generator's
// close()) when its last reference goes or the cycle collector finds it garbage.
//
// Owns: Finalizers (the objects whose finalizer is due, one queue per running
// program), FinalizingDelete (the shared_ptr deleter of the objects that have a
// finalizer), and the rule of when the queue runs (Note [Finalization]).
// Invariant: no Python code runs inside a deleter or a collection; a finalizer
// runs only at a safe point of the evaluator (Interp::run_finalizers), with
// the object alive again (resurrected) for as long as the finalizer runs.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "core/lang/objects/value.hpp"

namespace sl::lang {

// Note [Finalization]
// CPython runs tp_finalize (a class's __del__, gen_close for a suspended
// generator: PEP 442) when an object's reference count reaches zero, inside
// the Py_DECREF that dropped it, and for unreachable cycles from the collector
// before it clears them (Modules/gcmodule.c, finalize_garbage). Each object is
// finalized once (the FINALIZED bit), and a finalizer may resurrect its object
// by storing `self` somewhere.
//
// Here a reference is a shared_ptr, and the last one can go anywhere in the
// engine's C++: in the middle of a vector's erase, inside a dict's rehash,
// during stack unwinding. Running Python code there would let the program see
// (and change) a container that is half way through an operation, which is
// how interpreters get use-after-free bugs. So a finalizer is deferred by a
// few native steps, never by a Python one:
//  - An object that has a finalizer is owned through FinalizingDelete. When
//    the count reaches zero the deleter does not free the object: it marks it
//    finalized, wraps the same pointer in a new shared_ptr (the object is alive
//    again, C++17's enable_shared_from_this rule re-points weak_from_this to
//    the new owner) and appends it to the running program's queue.
//  - The evaluator runs the queue at its safe points: the start of every
//    statement (where the cycle collector runs too), the end of every call
//    expression (so a function's locals are finalized before its caller goes
//    on, as in CPython: `print(f())` prints f's __del__ output first), and the
//    end of a run. A finalizer's exception is printed as CPython's
//    PyErr_WriteUnraisable prints it ("Exception ignored in: ...") and the
//    program goes on.
//  - When the finalizer has run, the queue drops its reference. If the
//    finalizer stored `self`, the object lives on (resurrected) and is freed
//    for real, without a second finalizer call, when that reference goes.
//  - The collector asks each unreachable object to queue its finalizer
//    (GcNode::gc_finalize); if any did, it clears nothing in that round: the
//    queued objects keep what they reach alive, their finalizers see their
//    attributes intact, and the next collection frees the cycle (gc.collect()
//    from Python runs the queue and collects again at once).
//  - Outside a run (a session being disposed, the native tests' direct
//    calls) there is no queue: objects are freed without their finalizer, as
//    CPython skips finalizers of objects still alive at a hard exit.
// The difference from CPython that remains: inside one expression, a
// finalizer runs when the enclosing call returns, not at the exact decref
// (`x = None` in a statement still finalizes before the next statement).
// Mirrors Objects/typeobject.c slot_tp_finalize, Objects/genobject.c
// _PyGen_Finalize, Python/errors.c PyErr_WriteUnraisable.
struct Finalizers {
  std::vector<Value> pending;  // objects whose finalizer is due (alive again)
  bool running = false;        // Interp::run_finalizers is draining the queue

  // The running program's queue; null outside every run.
  static Finalizers*& active() {
    static Finalizers* f = nullptr;  // process-wide pointer; the queue is the Interp's
    return f;
  }
  // Creation order of the objects that have a finalizer (Interp::finish_program
  // drops them in it); process-wide, as it only has to be increasing.
  static uint64_t next_serial() {
    static uint64_t n = 0;
    return ++n;
  }
  // Installs `f` as the running program's queue for the scope's lifetime.
  struct Scope {
    Finalizers* saved;
    explicit Scope(Finalizers& f) : saved(active()) { active() = &f; }
    ~Scope() { active() = saved; }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
  };
  // Appends `o` (its count is zero or it is unreachable garbage) to the queue.
  // Returns false when there is no queue or it could not grow.
  static bool defer(const std::shared_ptr<Obj>& o) noexcept {
    Finalizers* f = active();
    if (!f) return false;
    try {
      f->pending.push_back(Value(o));
    } catch (...) {
      return false;
    }
    return true;
  }
};

// The deleter of an object that has a finalizer (T has `bool finalized` and
// `bool finalizer_due() const`): defers the finalizer once, then frees.
template <class T>
struct FinalizingDelete {
  void operator()(T* p) const noexcept {
    if (!p->finalized && Finalizers::active() && p->finalizer_due()) {
      p->finalized = true;
      std::shared_ptr<Obj> again;
      try {
        again = std::shared_ptr<T>(p, FinalizingDelete<T>{});
      } catch (...) {
        return;  // no memory for a control block: the constructor freed p (finalized is set)
      }
      Finalizers::defer(again);  // on failure `again` frees p here, without the finalizer
      return;
    }
    delete p;
  }
};

}  // namespace sl::lang
