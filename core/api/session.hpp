// session: the engine's boundary API -- run code, get the result as JSON.
// The wasm bindings and the native tests use the same entry point, so
// everything the page and the npm package see is testable natively.
// A session owns everything its programs set (Note [Session state],
// core/model/session_state.hpp); invariant: each method runs with its session's
// state installed (ActiveSession), so two sessions never see each other's.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/api/json_writer.hpp"  // json_string, used by callers of this API
#include "core/model/array.hpp"

namespace sl::lang {
class Interp;
}

namespace sl {

class Session {
 public:
  Session();
  ~Session();
  // Runs `code`; returns {"stdout", "error", "traceback", "line", "col", "repr",
  // "explainError"} as JSON, plus "snapshot" (the object snapshot() returns,
  // taken after the run) when with_snapshot: one boundary call per run.
  // "explainError" is why a refused view failed (core/model/explain.hpp), else null.
  std::string run(const std::string& code, bool echo, bool with_snapshot = false);
  // run() plus "trace": the memory debugger's recording of the run, a snapshot
  // after each statement, at most `max_steps` of them (core/api/trace.hpp).
  std::string run_traced(const std::string& code, bool echo, int max_steps);
  std::string run_file(const std::string& code, const std::string& filename);
  void set_step_budget(double steps);
  // The inspection snapshot of the session's variables (core/api/snapshot.hpp).
  std::string snapshot();

  // Variables as data (every result is JSON; failures are {"error":"Type: msg"}).
  std::string set_json(const std::string& name, const std::string& json);  // {"ok":true}
  std::string get_json(const std::string& name);                           // {"value":...}
  std::string del_var(const std::string& name);                            // {"ok":true}
  std::string variables();                                                 // {"names":[...]}
  // Creates a zeroed owning array bound to `name`; returns {"ptr":P,"nbytes":N}
  // so the caller can fill the bytes in place (the bindings copy a TypedArray there).
  std::string new_array(const std::string& name, const std::string& dtype, const std::string& shape_json, bool torch);
  // Layout of the array in `name` plus "ptr": the address of its first element
  // when C-contiguous, else of a C-contiguous copy the session keeps until
  // release_exports() or the next run. {"error":...} if `name` is no array.
  std::string export_array(const std::string& name);
  void release_exports();

  // The session's files (Note [Session file system], core/lang/modules/memfs.hpp);
  // a relative path is relative to the program's working directory.
  // write_file creates or replaces a file with `data` (making its folders):
  // {"ok":true,"path":absolute}; read_file: {"ptr":P,"nbytes":N}, the bytes
  // kept until release_exports() or the next run; list_files:
  // {"cwd":..., "files":[{"path":absolute,"size":N},...]} in path order.
  // Failures are {"error":"FileNotFoundError: [Errno 2] ..."}.
  std::string write_file(const std::string& path, const std::string& data);
  std::string read_file(const std::string& path);
  std::string list_files();

  // Live array storages of the whole module (leak checks).
  static std::string heap_stats();
  // Note [Recursion depth] (core/lang/eval/interp.hpp): V8's stack on the host thread, in bytes.
  static void set_host_stack(double bytes);

 private:
  std::string run_impl(const std::string& code, bool echo, const std::string& filename, bool with_snapshot,
                       int trace_steps = 0);
  std::unique_ptr<lang::Interp> in_;
  std::vector<ArrayPtr> exports_;
  std::string file_export_;  // read_file's bytes, until release_exports()
};

}  // namespace sl
