// trace: the memory debugger's recording of a run (Note [Step trace] in
// core/lang/eval/interp.hpp): after each statement of the user's program, the
// inspection snapshot (snapshot.hpp), the line, how much had been printed,
// and which arrays' bytes changed -- marking those changed through another
// name (a write through a view).
//
// Budget: snapshots hold layouts, never array bytes, so a step costs its
// snapshot's JSON text. Recording stops at `max_steps` steps or `max_bytes` of
// text, whichever comes first; after that only the module's top-level
// statements are recorded (so the last step is always the program's final
// state) up to twice the byte budget, and every statement passed over is
// counted in "skipped". A snapshot equal to the previous step's is stored once
// ("sameAs": the index of the step holding it).
//
// Which bytes changed: the recorder keeps a copy of each array variable's
// storage as it was at the last recorded step (storages up to hash_max_bytes,
// at most copy_max_bytes of copies in all, first come first kept) and reports,
// per storage, the byte ranges [lo, hi) that differ now -- the bytes a write
// through a view touched, in the storage offsets the inspector's byte strip
// draws. At most max_ranges ranges per storage and step: past that, the last
// range covers everything up to the last changed byte (a superset, stated by
// "coarse"). Storages above the caps get no byte marks (their variables still
// get the hash-based "changed").
// Invariant: recording only reads the session.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/api/json_writer.hpp"
#include "core/api/snapshot.hpp"

namespace sl {

namespace lang {
class Interp;
struct Stmt;
}  // namespace lang

struct TraceOptions {
  int max_steps = 500;
  int64_t max_bytes = 8 << 20;
  // Arrays above this are not hashed per step (their changes go unmarked).
  int64_t hash_max_bytes = 4 << 20;
  // Bytes of storage copies kept to find which bytes a step changed.
  int64_t copy_max_bytes = 16 << 20;
  int max_ranges = 64;
};

class TraceRecorder {
 public:
  // Takes the graphs' state before the program runs, so a session's earlier
  // graphs (a saved tensor already stale) are not marked on the first step.
  TraceRecorder(lang::Interp& in, const TraceOptions& opt);
  // Interp::step_observer.
  void on_step(const lang::Stmt& s, bool top);
  // {"steps":[...],"skipped":N,"maxSteps":N,"maxBytes":N,"bytes":N}
  void write(JsonWriter& w) const;

 private:
  // An array variable's identity and contents at one step.
  struct Print {
    const void* object;
    int64_t storage;
    bool hashed;
    uint64_t hash;
  };
  // One storage's changed byte ranges at a step: lo0, hi0, lo1, hi1, ...
  struct ByteChange {
    uint64_t storage;
    std::vector<int64_t> ranges;
    bool coarse;
  };
  // What the step did to the memory autograd graphs keep (graph_view.hpp):
  // the bytes their saved tensors hold that no variable holds, after it; the
  // part of those it released (a backward() without retain_graph, a graph
  // dropped) and added; the saved tensors whose version it moved (a later
  // backward through them refuses).
  struct Bump {
    std::string node, slot;
    uint32_t saved_version, version;
  };
  struct GraphChange {
    int64_t saved_bytes = 0, freed_bytes = 0, new_bytes = 0;
    std::vector<Bump> bumped;
  };
  struct Step {
    int line, end_line;
    bool top;
    size_t stdout_size;
    std::string snapshot;  // empty when same_as >= 0
    int same_as = -1;
    std::vector<std::string> names;                          // what the statement mentions
    std::vector<std::pair<std::string, bool>> changed;      // name, through another name
    std::vector<ByteChange> bytes_changed;
    GraphChange graph;
  };
  std::map<std::string, Print> fingerprints() const;
  std::vector<ByteChange> diff_storages();
  GraphChange diff_graph();

  lang::Interp& in_;
  TraceOptions opt_;
  std::vector<Step> steps_;
  std::map<std::string, Print> last_;
  int64_t bytes_ = 0;
  int64_t skipped_ = 0;
  int last_full_ = -1;  // the step whose snapshot text the next equal one points to
  std::map<uint64_t, std::vector<char>> copies_;  // storage id -> its bytes at the last step
  int64_t copy_bytes_ = 0;
  std::map<uint64_t, int64_t> saved_last_;  // saved storage no variable holds -> bytes, at the last step
  std::map<std::pair<uint64_t, size_t>, bool> stale_last_;           // (node sequence_nr, slot) -> stale then
};

}  // namespace sl
