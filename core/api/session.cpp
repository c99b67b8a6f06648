#include "core/api/session.hpp"

#include <algorithm>
#include <cstdio>
#include <malloc.h>

#include "core/api/json_writer.hpp"
#include "core/api/jsonvalue.hpp"
#include "core/api/snapshot.hpp"
#include "core/api/trace.hpp"
#include "core/model/explain.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/model/storage.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/builtins/builtins.hpp"
#include "core/lang/modules/memfs.hpp"
#include "core/ops/copy.hpp"
#include "core/model/session_state.hpp"

namespace sl {

Session::Session() : in_(std::make_unique<lang::Interp>()) {}
Session::~Session() = default;

std::string Session::snapshot() {
  const ActiveSession active(in_->state());
  const lang::Interp::StackBase stack(*in_);  // Note [Recursion depth]
  return snapshot_json(*in_);
}

namespace {

bool valid_identifier(const std::string& n) {
  static const char* kw[] = {"False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
                             "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
                             "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise",
                             "return", "try", "while", "with", "yield"};
  if (n.empty() || isdigit((unsigned char)n[0])) return false;
  for (unsigned char c : n)
    if (!(c == '_' || isalnum(c) || c >= 0x80)) return false;
  for (const char* k : kw)
    if (n == k) return false;
  return true;
}

std::string error_json(const std::string& message) {
  return JsonWriter().begin_object().field("error", message).end_object().take();
}
std::string error_json(const PyError& e) { return error_json(e.type + ": " + e.msg); }
std::string ok_json() { return JsonWriter().begin_object().field("ok", true).end_object().take(); }

void check_name(const std::string& name) {
  if (!valid_identifier(name)) value_error("not a valid Python identifier: " + json_string(name));
}

}  // namespace

std::string Session::set_json(const std::string& name, const std::string& json) {
  const ActiveSession active(in_->state());
  const lang::Interp::StackBase stack(*in_);  // Note [Recursion depth]
  try {
    check_name(name);
    in_->globals->vars[name] = json_to_value(*in_, json);
    return ok_json();
  } catch (const PyError& e) {
    return error_json(e);
  }
}

std::string Session::get_json(const std::string& name) {
  const ActiveSession active(in_->state());
  const lang::Interp::StackBase stack(*in_);  // Note [Recursion depth]
  try {
    auto it = in_->globals->vars.find(name);
    if (it == in_->globals->vars.end()) raise("NameError", "name '" + name + "' is not defined");
    return JsonWriter().begin_object().key("value").raw(value_to_json(*in_, it->second)).end_object().take();
  } catch (const PyError& e) {
    return error_json(e);
  }
}

std::string Session::del_var(const std::string& name) {
  const ActiveSession active(in_->state());
  const lang::Interp::StackBase stack(*in_);  // Note [Recursion depth]
  auto it = in_->globals->vars.find(name);
  if (it == in_->globals->vars.end()) return error_json("NameError: name '" + name + "' is not defined");
  in_->globals->vars.erase(it);
  return ok_json();
}

std::string Session::variables() {
  const ActiveSession active(in_->state());
  const lang::Interp::StackBase stack(*in_);  // Note [Recursion depth]
  std::vector<std::string> names;
  for (auto& [k, v] : in_->globals->vars)
    if (!v.as<lang::ModuleObj>() && !lang::is_module_dunder(k)) names.push_back(k);
  std::sort(names.begin(), names.end());
  JsonWriter w;
  w.begin_object().key("names").begin_array();
  for (auto& n : names) w.value(n);
  return w.end_array().end_object().take();
}

std::string Session::new_array(const std::string& name, const std::string& dtype, const std::string& shape_json,
                               bool torch) {
  const ActiveSession active(in_->state());
  const lang::Interp::StackBase stack(*in_);  // Note [Recursion depth]
  try {
    check_name(name);
    DType dt;
    if (!parse_dtype(dtype, dt)) type_error("data type '" + dtype + "' not understood");
    lang::Value sv = json_to_value(*in_, shape_json);
    Shape shape = lang::to_shape(*in_, sv);
    // An array's type and methods are its front end's: installed first, as C
    // code calls import_array() (Note [Builtin modules at first import]).
    in_->load_builtin(torch ? "torch" : "numpy");
    ArrayPtr a = make_array(dt, shape, 'C', torch ? Flavor::Torch : Flavor::NumPy);
    in_->globals->vars[name] = lang::Value(a);
    return JsonWriter().begin_object().field("ptr", uint64_t(reinterpret_cast<uintptr_t>(a->data())))
        .field("nbytes", a->nbytes()).end_object().take();
  } catch (const PyError& e) {
    return error_json(e);
  }
}

std::string Session::export_array(const std::string& name) {
  const ActiveSession active(in_->state());
  const lang::Interp::StackBase stack(*in_);  // Note [Recursion depth]
  try {
    auto it = in_->globals->vars.find(name);
    if (it == in_->globals->vars.end()) raise("NameError", "name '" + name + "' is not defined");
    if (!it->second.is_array()) type_error("'" + name + "' is not an array (it is " + in_->type_name(it->second) + ")");
    ArrayPtr a = it->second.array();
    ArrayPtr flat = a->c_contiguous() ? a : copy_array(*a, 'C');
    if (flat != a) exports_.push_back(flat);
    JsonWriter w;
    w.begin_object();
    array_layout_fields(w, *a);
    w.field("ptr", uint64_t(reinterpret_cast<uintptr_t>(flat->data()))).field("copied", flat != a);
    return w.end_object().take();
  } catch (const PyError& e) {
    return error_json(e);
  }
}

void Session::release_exports() {
  const ActiveSession active(in_->state());
  const lang::Interp::StackBase stack(*in_);  // Note [Recursion depth]
  exports_.clear();
  file_export_.clear();
  file_export_.shrink_to_fit();
}

std::string Session::write_file(const std::string& path, const std::string& data) {
  const ActiveSession active(in_->state());
  const lang::Interp::StackBase stack(*in_);  // Note [Recursion depth]
  lang::MemFs& fs = in_->state().get<lang::MemFs>();
  if (int e = fs.write_file(path, data)) return error_json(lang::os_error_text(e, path));
  JsonWriter w;
  w.begin_object();
  w.field("ok", true).field("path", fs.absolute(path));
  return w.end_object().take();
}

std::string Session::read_file(const std::string& path) {
  const ActiveSession active(in_->state());
  const lang::Interp::StackBase stack(*in_);  // Note [Recursion depth]
  lang::MemFs& fs = in_->state().get<lang::MemFs>();
  if (int e = fs.read_file(path, file_export_)) return error_json(lang::os_error_text(e, path));
  JsonWriter w;
  w.begin_object();
  w.field("ptr", uint64_t(reinterpret_cast<uintptr_t>(file_export_.data())))
      .field("nbytes", int64_t(file_export_.size()));
  return w.end_object().take();
}

std::string Session::list_files() {
  const ActiveSession active(in_->state());
  const lang::Interp::StackBase stack(*in_);  // Note [Recursion depth]
  lang::MemFs& fs = in_->state().get<lang::MemFs>();
  JsonWriter w;
  w.begin_object();
  w.field("cwd", fs.getcwd());
  w.key("files").begin_array();
  for (const auto& [path, size] : fs.list_files()) {
    w.begin_object();
    w.field("path", path).field("size", size);
    w.end_object();
  }
  w.end_array();
  return w.end_object().take();
}

// Bytes the C/C++ allocator has handed out and not taken back (array storages
// and every interpreter object): what a leak check compares with a baseline.
static int64_t malloc_in_use() {
#if defined(__EMSCRIPTEN__)
  return int64_t(mallinfo().uordblks);
#elif defined(__GLIBC__)
  return int64_t(mallinfo2().uordblks);
#else
  return -1;
#endif
}

void Session::set_host_stack(double bytes) {
  if (bytes >= 64 * 1024 && bytes <= double(size_t(1) << 30)) lang::Interp::host_stack_bytes = size_t(bytes);
}

std::string Session::heap_stats() {
  JsonWriter w;
  w.begin_object().field("liveBytes", Storage::live_bytes()).field("liveStorages", Storage::live_count());
  return w.field("mallocBytes", malloc_in_use()).end_object().take();
}

void Session::set_step_budget(double steps) {
  const ActiveSession active(in_->state());
  const lang::Interp::StackBase stack(*in_);  // Note [Recursion depth]
  in_->step_budget = steps < 0 ? -1 : int64_t(steps);
}

std::string Session::run(const std::string& code, bool echo, bool with_snapshot) {
  return run_impl(code, echo, "<stdin>", with_snapshot);
}
std::string Session::run_file(const std::string& code, const std::string& filename) {
  return run_impl(code, false, filename, false);
}

std::string Session::run_traced(const std::string& code, bool echo, int max_steps) {
  return run_impl(code, echo, "<stdin>", true, max_steps < 1 ? 1 : max_steps);
}

std::string Session::run_impl(const std::string& code, bool echo, const std::string& filename, bool with_snapshot,
                              int trace_steps) {
  const ActiveSession active(in_->state());
  const lang::Interp::StackBase stack(*in_);  // Note [Recursion depth]
  exports_.clear();
  explain_begin_run(code);
  std::unique_ptr<TraceRecorder> trace;
  if (trace_steps > 0) {
    TraceOptions opt;
    opt.max_steps = trace_steps;
    trace = std::make_unique<TraceRecorder>(*in_, opt);
    in_->step_observer = [rec = trace.get()](const lang::Stmt& s, bool top) { rec->on_step(s, top); };
  }
  lang::Interp::Result r = in_->run(code, echo, filename);
  in_->step_observer = nullptr;
  JsonWriter w;
  w.begin_object().field("stdout", r.out);
  if (r.ok) {
    w.key("error").null().key("traceback").null().key("line").null().key("col").null();
  } else {
    w.field("error", r.error_type + (r.error_msg.empty() ? "" : ": " + r.error_msg)).field("traceback", r.traceback);
    w.key("line");
    if (r.line > 0) w.value(int64_t(r.line));
    else w.null();
    w.key("col");
    if (r.col > 0) w.value(int64_t(r.col));
    else w.null();
  }
  w.key("repr");
  if (r.has_echo) w.value(r.echo);
  else w.null();
  w.key("exitCode");  // Note [Program exit]: null unless the program raised SystemExit
  if (r.exited) w.value(int64_t(r.exit_code));
  else w.null();
  w.key("explainError");
  explain_failure_json(w);
  if (with_snapshot) w.key("snapshot").raw(snapshot_json(*in_));
  if (trace) trace->write(w.key("trace"));
  return w.end_object().take();
}

}  // namespace sl
