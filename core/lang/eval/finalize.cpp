// finalize: the evaluator's side of Note [Finalization] (objects/finalize.hpp):
// running the queue of due finalizers, printing what they raise, and the end
// of a program.
#include <algorithm>

#include "core/lang/eval/generator.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/lang/objects/weakref.hpp"
#include "core/model/error.hpp"

namespace sl::lang {

namespace {
uint64_t finalizer_serial(const Value& v) {
  if (auto* inst = v.as<InstanceObj>()) return inst->serial;
  if (auto* g = v.as<GeneratorObj>()) return g->serial;
  return 0;
}
}  // namespace

// Runs the queue in order until it is empty; finalizers that the running ones
// make due (an object a __del__ drops) join its end. A nested safe point
// inside a finalizer leaves the queue to this loop (Finalizers::running).
void Interp::drain_finalizers() {
  finalizers_.running = true;
  struct Done {
    Finalizers& f;
    ~Done() { f.running = false; }
  } done{finalizers_};
  while (!finalizers_.pending.empty()) {
    std::vector<Value> batch;
    batch.swap(finalizers_.pending);
    for (Value& v : batch) {
      finalize_one(v);
      v = Value();  // the queue's reference goes: freed unless the finalizer resurrected it
    }
  }
}

// mirrors slot_tp_finalize (Objects/typeobject.c: __del__ looked up on the
// type, called with the object, an exception written as unraisable) and
// _PyGen_Finalize (Objects/genobject.c: close() of a suspended generator).
void Interp::finalize_one(const Value& v) {
  std::string where;
  try {
    if (auto* inst = v.as<InstanceObj>()) {
      Value fn;
      if (!type_lookup(*this, inst->type, "__del__", fn)) return;
      where = repr(fn);
      call(fn, std::vector<Value>{v});
    } else if (auto* g = v.as<GeneratorObj>()) {
      where = repr(v);
      gen_close(*g);
    } else if (auto* h = as_weak_handle(v)) {
      // a weak reference's callback, with the weakref whose referent died
      // (Note [Weak references], objects/weakref.hpp)
      Value owner = std::move(h->due_owner);
      h->due_owner = Value();
      where = repr(h->callback);
      call(h->callback, std::vector<Value>{owner});
    }
  } catch (const PyError& e) {
    if (halting(e)) throw;  // the session's own stop is never swallowed
    write_unraisable(e, where);
  }
}

// mirrors PyErr_WriteUnraisable (Python/errors.c) through sys.unraisablehook's
// default: "Exception ignored in: <obj>", then the traceback, on stderr (which
// the session prints with stdout, as sys.stderr.write does).
void Interp::write_unraisable(const PyError& e, const std::string& where) {
  Value exc = exception_value(e);
  auto* eo = exc.as<ExceptionObj>();
  if (!eo) return;
  eo->tb.clear();
  if (auto* pe = as_py_exception(e))
    for (size_t i = 0; i < pe->trace_lines.size(); ++i) eo->tb.push_back({pe->trace_funcs[i], pe->trace_lines[i]});
  // raised by the finalizer machinery itself (close() of a generator that
  // ignored GeneratorExit): the frame whose safe point ran it
  if (eo->tb.empty() && !frames_.empty()) eo->tb.push_back({*frames_.back().first, frames_.back().second});
  print_err("Exception ignored in: " + where + "\n" + format_traceback(exc, filename_));
}

// mirrors what Py_FinalizeEx does to __main__ (finalize_modules ->
// _PyModule_ClearDict): every variable is dropped and the finalizers that
// makes due run. CPython drops them in the module dict's insertion order; the
// scope here keeps no order of its names, so objects that have a finalizer are
// dropped in the order they were made (Finalizers::serial), which is that
// order for the usual program (`a = A(); b = A()`).
Interp::Result Interp::finish_program() {
  ActiveSession active(state_);
  Finalizers::Scope finalizing(finalizers_);
  out_.clear();
  err_.clear();
  frames_.clear();
  frames_.push_back({&kModuleFrame, 0});
  std::vector<Value> dropped;
  if (globals) {
    for (auto& kv : globals->vars) {
      if (kv.first == "__builtins__") continue;
      dropped.push_back(std::move(kv.second));
      kv.second = Value();
    }
  }
  std::stable_sort(dropped.begin(), dropped.end(),
                   [](const Value& a, const Value& b) { return finalizer_serial(a) < finalizer_serial(b); });
  try {
    for (Value& v : dropped) {
      v = Value();
      run_finalizers();
    }
    gc_collect();  // cycles among what the variables held
    run_finalizers();
  } catch (const PyError&) {  // a halting stop inside a finalizer ends the program's end too
  }
  frames_.clear();
  Result r;
  r.out = std::move(out_);
  r.err = std::move(err_);
  out_.clear();
  err_.clear();
  return r;
}

}  // namespace sl::lang
