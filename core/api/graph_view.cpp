#include "core/api/graph_view.hpp"

#include "core/model/storage.hpp"

namespace sl {

namespace {

// A node's edges in the picture: next_functions, then the node a CopySlices wraps.
template <class F>
void for_each_edge(const GradNode& n, F&& f) {
  for (auto& e : n.next)
    if (e) f(e.get());
  if (n.wrapped) f(n.wrapped.get());
}

}  // namespace

GraphView build_graph_view(const std::vector<const Array*>& tensors, size_t max_nodes) {
  GraphView g;
  std::vector<const GradNode*> stack;
  auto visit = [&](const GradNode* n) {
    if (!n || g.id.count(n)) return;
    if (g.nodes.size() >= max_nodes) {
      g.truncated = true;
      return;
    }
    g.id[n] = int(g.nodes.size());
    g.nodes.push_back(n);
    stack.push_back(n);
  };
  for (const Array* t : tensors) {
    if (!t->autograd || !t->autograd->grad_fn) continue;
    visit(t->autograd->grad_fn.get());
    while (!stack.empty()) {  // depth first, so a chain's nodes are numbered in order
      const GradNode* n = stack.back();
      stack.pop_back();
      for_each_edge(*n, visit);
    }
  }
  for (size_t k = 0; k < g.nodes.size(); ++k) {
    const GradNode& n = *g.nodes[k];
    for (size_t s = 0; s < n.saved.size(); ++s) {
      const ArrayPtr& d = n.saved[s].data;
      if (!d || !d->storage) continue;
      auto& entry = g.saved[d->storage->id()];
      entry.storage = d->storage.get();
      entry.by.push_back({int(k), s});
    }
  }
  return g;
}

GraphView::Held GraphView::held_under(const GradNode* root, const std::set<uint64_t>& visible) const {
  Held h;
  if (id_of(root) < 0) return h;
  std::set<const GradNode*> seen{root};
  std::vector<const GradNode*> stack{root};
  std::set<uint64_t> counted;
  while (!stack.empty()) {
    const GradNode* n = stack.back();
    stack.pop_back();
    for (const SavedTensor& s : n->saved) {
      if (!s.data || !s.data->storage || !counted.insert(s.data->storage->id()).second) continue;
      h.bytes += s.data->storage->nbytes();
      if (!visible.count(s.data->storage->id())) h.hidden += s.data->storage->nbytes();
      ++h.count;
    }
    for_each_edge(*n, [&](const GradNode* e) {
      if (id_of(e) >= 0 && seen.insert(e).second) stack.push_back(e);
    });
  }
  return h;
}

std::vector<SavedCensusItem> saved_census(const GraphView& g) {
  std::vector<SavedCensusItem> out;
  for (const GradNode* n : g.nodes)
    for (size_t s = 0; s < n->saved.size(); ++s) {
      const SavedTensor& t = n->saved[s];
      if (!t.data || !t.data->storage) continue;
      out.push_back({n->sequence_nr, s, t.data->storage->id(), t.data->storage->nbytes(), t.version,
                     t.data->version(), n->name, saved_slot_name(*n, s)});
    }
  return out;
}

}  // namespace sl
