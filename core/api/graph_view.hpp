// graph_view: what the inspector shows of the autograd graphs behind a
// session's tensors -- their nodes (grad_fn and its next_functions, the
// AccumulateGrad of each leaf, the node a CopySlices wraps) and the tensors
// each node saved for backward, as memory the graph keeps alive.
//
// The problem: given the tensors a program names, the set N of nodes reachable
// from their grad_fns, and for each storage S held by a saved tensor of a node
// in N, its bytes and the (node, slot) pairs that hold it. The bytes "the graph
// behind t holds" are sum(nbytes(S)) over the distinct storages saved by nodes
// reachable from t.grad_fn; the part no variable holds is the memory backward()
// frees (PyTorch's SavedVariable::reset_data on release, engine.cpp).
//
// Invariant: building a view only reads the graph (no unpack, no hooks run);
// it visits at most max_nodes nodes (a training loop's long chain is cut and
// says so).
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <unordered_map>
#include <vector>

#include "core/torch/autograd.hpp"

namespace sl {

struct GraphView {
  struct Saver {
    int node;
    size_t slot;
  };
  struct SavedStorage {
    const Storage* storage;
    std::vector<Saver> by;
  };
  std::vector<const GradNode*> nodes;                // numbered in visit order
  std::unordered_map<const GradNode*, int> id;
  std::map<uint64_t, SavedStorage> saved;            // storage id -> who saved it
  bool truncated = false;

  // The id of a node (-1: not in the view).
  int id_of(const GradNode* n) const {
    auto it = id.find(n);
    return it == id.end() ? -1 : it->second;
  }
  // Distinct saved storages under `root` (itself included): {bytes, bytes of those not in `visible`, count}.
  struct Held {
    int64_t bytes = 0, hidden = 0;
    int count = 0;
  };
  Held held_under(const GradNode* root, const std::set<uint64_t>& visible) const;
};

// The view of the graphs behind `tensors` (each tensor's grad_fn).
GraphView build_graph_view(const std::vector<const Array*>& tensors, size_t max_nodes = 400);

// The saved tensors that still hold data, for the step trace: per (node
// sequence_nr, slot), its storage, bytes and both versions.
struct SavedCensusItem {
  uint64_t node_seq;
  size_t slot;
  uint64_t storage;
  int64_t nbytes;
  uint32_t saved_version, version;
  std::string node, slot_name;
  bool hidden = false;  // no variable holds the storage (set by the snapshot)
};
std::vector<SavedCensusItem> saved_census(const GraphView& g);

}  // namespace sl
