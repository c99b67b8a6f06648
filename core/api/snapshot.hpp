// snapshot: the inspection data the playground renders after every run --
// every variable's layout, base chains, which variables share bytes, the
// memory gauge, why each array is a view or a copy (core/model/explain.hpp), and
// what the layout pictures need (addresses, a record's fields and padding, the
// code units of text elements) -- as JSON. The page never reads engine
// internals; this is the whole contract (documented in docs/api.md).
//
// Invariant: the snapshot only reads; building it never changes the session.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/model/array.hpp"

namespace sl::lang {
class Interp;
}

namespace sl {

struct SnapshotOptions {
  int max_container_items = 64;   // list/dict members listed as name[i] / name['k']
  int preview_chars = 400;        // str(value) shown per variable, truncated
  int64_t share_max_work = 20000; // exact overlap solver budget per pair (TOO_HARD -> "may")
  int64_t hash_max_bytes = 64 << 20;  // content hashes for arrays up to this size
  int64_t max_text_elements = 64;     // 'U' / 'S' elements listed as code units (codes)
};

std::string snapshot_json(lang::Interp& in, const SnapshotOptions& opt = {});

// The storages the snapshot shows (held by a variable or by a member it lists), by id.
std::map<uint64_t, const Storage*> snapshot_storages(lang::Interp& in, const SnapshotOptions& opt = {});

struct SavedCensusItem;
// The saved tensors still holding bytes in the graphs behind the tensors the
// snapshot shows (core/api/graph_view.hpp), for the step trace.
std::vector<SavedCensusItem> snapshot_saved(lang::Interp& in, const SnapshotOptions& opt = {});

// FNV-1a of the array's bytes in logical order; nullopt above max_bytes.
std::optional<uint64_t> array_content_hash(const Array& a, int64_t max_bytes);

class JsonWriter;
// The run's refused operation (a torch view() that raised), as the same
// {"thisRun","steps":[record...]} object a variable's "explain" holds; null
// when the run refused nothing (core/model/explain.hpp).
void explain_failure_json(JsonWriter& w);

}  // namespace sl
