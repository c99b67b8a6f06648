// gc: the collector (gc.hpp).
#include "core/lang/objects/gc.hpp"

#include <algorithm>


namespace sl::lang {

struct Gc {
  GcNode* head = nullptr;
  int64_t tracked = 0;
  int64_t allocs_since = 0;
  int64_t threshold = 10000;
  int64_t collections = 0;
  int64_t collected = 0;
  bool running = false;

  void link(GcNode* n) {
    n->next_ = head;
    if (head) head->prev_ = n;
    head = n;
    ++tracked;
    ++allocs_since;
  }
  void unlink(GcNode* n) {
    if (n->prev_) n->prev_->next_ = n->next_;
    else head = n->next_;
    if (n->next_) n->next_->prev_ = n->prev_;
    n->prev_ = n->next_ = nullptr;
    --tracked;
  }
};

namespace {
// One collector for every session (Note [Session state]): it only frees
// what nothing reaches, and whose garbage a collection frees no program can see.
Gc& gc() {
  static Gc* g = new Gc;  // never destroyed: objects may untrack during static destruction
  return *g;
}
}  // namespace

// Needs access to GcNode's private fields, hence a friend-visible helper.
struct GcAccess {
  static int64_t& refs(GcNode* n) { return n->refs_; }
  static bool& reached(GcNode* n) { return n->reached_; }
  static GcNode* next(GcNode* n) { return n->next_; }
};

void GcGraveyard::take(std::shared_ptr<Env>& e) {
  if (e) envs.push_back(std::move(e));
  e.reset();
}

GcNode::GcNode(bool tracked) : tracked_(tracked) {
  if (tracked_) gc().link(this);
}

GcNode::~GcNode() {
  if (tracked_) gc().unlink(this);
}

bool gc_is_unreachable(const GcNode* n) {
  return gc().running && n->gc_tracked() && !GcAccess::reached(const_cast<GcNode*>(n));
}

int64_t gc_collect() {
  Gc& g = gc();
  if (g.running) return 0;
  g.running = true;
  std::vector<GcNode*> nodes;
  nodes.reserve(size_t(g.tracked));
  for (GcNode* n = g.head; n; n = GcAccess::next(n)) nodes.push_back(n);

  // update_refs: gc_refs = rc; an object no shared_ptr owns is a root.
  for (GcNode* n : nodes) {
    long rc = n->gc_refcount();
    GcAccess::refs(n) = rc > 0 ? rc : INT64_MAX / 2;
    GcAccess::reached(n) = false;
  }
  // subtract_refs: remove the references containers hold on each other.
  struct Sub final : GcVisitor {
    void visit(GcNode* c) override { --GcAccess::refs(c); }
  } sub;
  for (GcNode* n : nodes) n->gc_traverse(sub);

  // move_unreachable: mark everything reachable from the externally referenced.
  struct Mark final : GcVisitor {
    std::vector<GcNode*> stack;
    void visit(GcNode* c) override {
      if (!GcAccess::reached(c)) {
        GcAccess::reached(c) = true;
        stack.push_back(c);
      }
    }
  } mark;
  for (GcNode* n : nodes) {
    if (GcAccess::refs(n) > 0 && !GcAccess::reached(n)) {
      GcAccess::reached(n) = true;
      mark.stack.push_back(n);
    }
  }
  while (!mark.stack.empty()) {
    GcNode* n = mark.stack.back();
    mark.stack.pop_back();
    n->gc_traverse(mark);
  }

  // handle_weakrefs: weak references to garbage are cleared before any finalizer
  // runs or any object is cleared; the callbacks of those that are not garbage
  // themselves are queued (Note [Weak references], weakref.hpp).
  for (GcNode* n : nodes)
    if (!GcAccess::reached(n) && n->gc_weakly_referenced()) clear_weakrefs(n);

  // delete_garbage: hold every unreachable object, clear them all, then let go.
  std::vector<std::shared_ptr<void>> hold;
  for (GcNode* n : nodes) {
    if (!GcAccess::reached(n)) {
      std::shared_ptr<void> s = n->gc_strong();
      if (s) hold.push_back(std::move(s));
    }
  }
  // finalize_garbage (Note [Finalization], finalize.hpp): garbage with a
  // finalizer due is queued, alive again through the queue, and this round
  // clears nothing; the next one frees what is still unreachable then.
  // Oldest first, as CPython's generation lists keep allocation order (the
  // list here is newest first).
  bool finalizing = false;
  for (auto it = nodes.rbegin(); it != nodes.rend(); ++it)
    if (!GcAccess::reached(*it) && (*it)->gc_finalize()) finalizing = true;
  if (finalizing) {
    hold.clear();
    ++g.collections;
    g.allocs_since = 0;
    g.running = false;
    return 0;
  }
  int64_t found = int64_t(hold.size());
  {
    GcGraveyard grave;
    for (GcNode* n : nodes)
      if (!GcAccess::reached(n)) n->gc_clear(grave);
    // Dropping the graveyard frees the references; `hold` keeps the cleared
    // objects themselves alive until after this block.
    grave.release();
  }
  hold.clear();

  ++g.collections;
  g.collected += found;
  g.allocs_since = 0;
  g.threshold = std::max<int64_t>(10000, g.tracked);
  g.running = false;
  return found;
}

void gc_maybe_collect() {
  Gc& g = gc();
  if (g.allocs_since > g.threshold && !g.running) gc_collect();
}

GcStats gc_stats() {
  Gc& g = gc();
  return GcStats{g.tracked, g.collections, g.collected};
}

}  // namespace sl::lang
