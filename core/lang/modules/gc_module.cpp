// gc_module: `gc` -- the cycle collector's controls, as CPython 3.13's
// Modules/gcmodule.c has them for what programs call: collect (with the
// finalizers it makes due run before the memory goes, Note [Finalization] in
// objects/finalize.hpp), enable/disable/isenabled (the session's automatic
// collection at statement boundaries), get_threshold/set_threshold (kept and
// reported; the collector here has one generation and its own amortised
// trigger, objects/gc.hpp), is_finalized, and the garbage/callbacks lists.
// Invariant: collect() is a safe point; it returns the number of unreachable
// objects it freed, which counts containers as this engine has them (an
// instance and its __dict__ are two, as in CPython; a closure's scope is one
// more, where CPython counts a cell).
#include "core/lang/builtins/builtins.hpp"
#include "core/lang/eval/generator.hpp"
#include "core/lang/modules/modules.hpp"
#include "core/lang/objects/gc.hpp"

namespace sl::lang {

namespace {

Value gc_collect_fn(Interp& in, Args& a) {
  Value gen = a.optional(0, "generation", Value::integer(2));
  a.finish(1);
  if (!gen.is_int() || gen.as_int() < 0 || gen.as_int() > 2) {
    if (!gen.is_int()) in.raise_exc("TypeError", "'" + in.type_of(gen)->name + "' object cannot be interpreted as an integer");
    in.raise_exc("ValueError", "invalid generation");
  }
  int64_t found = gc_collect();
  in.run_finalizers();  // garbage with a finalizer was queued, and kept: free it now
  found += gc_collect();
  return Value::integer(found);
}

Value gc_enable(Interp& in, Args& a) {
  a.finish(0);
  in.gc_enabled = true;
  return Value();
}
Value gc_disable(Interp& in, Args& a) {
  a.finish(0);
  in.gc_enabled = false;
  return Value();
}
Value gc_isenabled(Interp& in, Args& a) {
  a.finish(0);
  return Value::boolean(in.gc_enabled);
}

// The thresholds a program set (CPython 3.13's defaults: 2000, 10, 10).
struct GcThresholds {
  int64_t t[3] = {2000, 10, 10};
};
Value gc_get_threshold(Interp& in, Args& a) {
  a.finish(0);
  auto& th = session_state<GcThresholds>();
  return make_tuple({Value::integer(th.t[0]), Value::integer(th.t[1]), Value::integer(th.t[2])});
}
Value gc_set_threshold(Interp& in, Args& a) {
  if (a.pos.empty()) in.raise_exc("TypeError", "set_threshold() takes at least 1 argument (0 given)");
  if (a.pos.size() > 3) in.raise_exc("TypeError", "set_threshold() takes at most 3 arguments (" + std::to_string(a.pos.size()) + " given)");
  auto& th = session_state<GcThresholds>();
  for (size_t k = 0; k < a.pos.size(); ++k) {
    if (!a.pos[k].is_int()) in.raise_exc("TypeError", "'" + in.type_of(a.pos[k])->name + "' object cannot be interpreted as an integer");
    th.t[k] = a.pos[k].as_int();
  }
  return Value();
}

Value gc_is_finalized(Interp& in, Args& a) {
  Value x = a.required(0, "obj");
  a.finish(1);
  if (auto* inst = x.as<InstanceObj>()) return Value::boolean(inst->finalized);
  if (auto* g = x.as<GeneratorObj>()) return Value::boolean(g->finalized);
  return Value::boolean(false);
}

const ModuleFnDef kGc[] = {
    {"collect", gc_collect_fn},       {"enable", gc_enable},
    {"disable", gc_disable},          {"isenabled", gc_isenabled},
    {"get_threshold", gc_get_threshold}, {"set_threshold", gc_set_threshold},
    {"is_finalized", gc_is_finalized},
};

}  // namespace

void install_gc_module(Interp& in) {
  ModuleObj& m = new_module(in, "gc");
  def_functions(in, m, kGc);
  m.attrs["garbage"] = make_list();
  m.attrs["callbacks"] = make_list();
}

}  // namespace sl::lang
