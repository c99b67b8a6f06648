// generator: GeneratorObj, Interp's generator members (resume, yield, yield
// from, the resume path) and the generator type's methods. The design is
// Note [Generator frames] in generator.hpp.
#include "core/lang/eval/generator.hpp"

#include "core/lang/objects/finalize.hpp"

#include "core/model/error.hpp"

namespace sl::lang {

const FuncDef& GeneratorObj::def() const { return *func.as<FunctionObj>()->def; }

GeneratorObj::~GeneratorObj() {
  std::vector<Value> children;
  if (env && env.use_count() == 1) {
    for (auto& s : env->slots) children.push_back(std::move(s.v));
    env->slots.clear();
    for (auto& kv : env->vars) children.push_back(std::move(kv.second));
    env->vars.clear();
  }
  for (auto& st : path) {
    children.push_back(std::move(st.a));
    children.push_back(std::move(st.b));
  }
  for (auto& kv : memo) children.push_back(std::move(kv.second));
  children.push_back(std::move(delegate));
  children.push_back(std::move(yielded));
  children.push_back(std::move(resume_value));
  release_children(std::move(children));
}

void GeneratorObj::release_frame() {
  env.reset();
  path.clear();
  memo.clear();
  delegate = Value();
  yielded = Value();
  resume_value = Value();
  suspended_at = resuming_at = nullptr;
}

void GeneratorObj::gc_traverse(GcVisitor& v) {
  v(func);
  v(env);
  for (auto& st : path) {
    v(st.a);
    v(st.b);
  }
  for (auto& [e, x] : memo) v(x);
  v(resume_value);
  v(delegate);
  v(yielded);
}

void GeneratorObj::gc_clear(GcGraveyard& g) {
  g.take(func);
  g.take(env);
  for (auto& st : path) {
    g.take(st.a);
    g.take(st.b);
  }
  path.clear();
  for (auto& [e, x] : memo) g.take(x);
  memo.clear();
  g.take(resume_value);
  g.take(delegate);
  g.take(yielded);
  finished = true;  // cleared garbage (gc_finalize already ran its finally blocks, if any)
  finalized = true;
}

bool GeneratorObj::finalizer_due() const {
  if (!started || finished || running) return false;
  for (const ResumeState& st : path)
    if (st.cleanup) return true;
  return false;
}

bool GeneratorObj::gc_finalize() {
  if (finalized || !Finalizers::active() || !finalizer_due()) return false;
  finalized = true;
  return Finalizers::defer(shared_from_this());
}

// ---------------------------------------------------------------- the resume path
ResumeState Interp::resume_pop() {
  ResumeState st = std::move(resume_->back());
  resume_->pop_back();
  if (resume_->empty()) resume_ = nullptr;  // arrived: from here on execution is ordinary
  return st;
}

Interp::Flow Interp::suspend(ResumeState st) {
  gen_->path.push_back(std::move(st));
  return Flow::Yield;
}

Value Interp::make_generator(FunctionObj& f, EnvP env) {
  // Owned through FinalizingDelete: dropped while suspended in a try or with
  // statement, it is closed (Note [Finalization]).
  std::shared_ptr<GeneratorObj> g(new GeneratorObj(), FinalizingDelete<GeneratorObj>{});
  g->serial = Finalizers::next_serial();
  g->func = Value(f.shared_from_this());
  g->env = std::move(env);
  g->line = f.def->line;
  return Value(std::static_pointer_cast<Obj>(g));
}

// mirrors gen_send_ex2 (Objects/genobject.c)
bool Interp::gen_resume(GeneratorObj& g, bool throwing, const Value& v, Value& out) {
  if (g.running) raise_exc("ValueError", "generator already executing");
  auto raise_value = [&](const Value& exc) -> void {
    auto* eo = exc.as<ExceptionObj>();
    throw PyException(eo->type->name, exception_str(exc), exc);
  };
  if (g.finished) {
    if (throwing) raise_value(v);
    out = Value();
    return false;
  }
  if (!g.started) {
    if (throwing) {  // raised before the first statement: the generator ends with it
      g.finished = true;
      g.release_frame();
      raise_value(v);
    }
    if (!v.is_none()) type_error("can't send non-None value to a just-started generator");
  }
  check_recursion();
  const FuncDef& d = g.def();
  if (g.started) {
    g.resuming_at = g.suspended_at;
    g.resume_throw = throwing;
    g.resume_value = v;
  }
  g.started = true;
  g.running = true;
  GeneratorObj* saved_gen = gen_;
  Env* saved_env = frame_env_;
  frame_env_ = g.env.get();
  std::vector<ResumeState>* saved_resume = resume_;
  gen_ = &g;
  resume_ = g.path.empty() ? nullptr : &g.path;
  ++depth_;
  frames_.push_back({&d.name, g.line});
  auto leave = [&]() {
    g.line = frames_.back().second;
    frames_.pop_back();
    --depth_;
    gen_ = saved_gen;
    resume_ = saved_resume;
    frame_env_ = saved_env;
    g.running = false;
  };
  Value ret;
  Flow f;
  EnvP env = g.env;  // the frame stays alive while it runs, whatever the body does to g
  try {
    f = exec_body(d.body, env, ret);
  } catch (PyException& e) {
    if (d.body.empty() || d.body.front()->traced) {  // Note [Frozen frames in tracebacks] (ceval.cpp)
      e.trace_lines.insert(e.trace_lines.begin(), e.reraise_line ? e.reraise_line : frames_.back().second);
      e.trace_funcs.insert(e.trace_funcs.begin(), d.name);
    }
    e.reraise_line = 0;
    leave();
    g.finished = true;
    g.release_frame();
    auto* eo = e.exc.as<ExceptionObj>();
    if (eo && eo->type->is_subclass_of(exception_type("StopIteration"))) {
      // PEP 479: a StopIteration escaping a generator becomes a RuntimeError
      Value rt = make_exception(exception_type("RuntimeError"), {make_str("generator raised StopIteration")});
      rt.as<ExceptionObj>()->cause = e.exc;
      rt.as<ExceptionObj>()->suppress_context = true;
      PyException pe("RuntimeError", "generator raised StopIteration", rt);
      pe.trace_lines = e.trace_lines;
      pe.trace_funcs = e.trace_funcs;
      throw pe;
    }
    throw;
  } catch (...) {
    leave();
    g.finished = true;
    g.release_frame();
    throw;
  }
  leave();
  if (f == Flow::Yield) {
    out = std::move(g.yielded);
    g.yielded = Value();
    return true;
  }
  g.finished = true;
  g.release_frame();
  out = f == Flow::Return ? ret : Value();
  return false;
}

// mirrors gen_close: GeneratorExit at the yield; a generator that catches it
// and yields again is an error; its return value (3.13) is close()'s.
Value Interp::gen_close(GeneratorObj& g) {
  if (!g.started || g.finished) {
    g.finished = true;
    g.release_frame();
    return Value();
  }
  Value out;
  try {
    if (gen_resume(g, true, make_exception(exception_type("GeneratorExit"), {}), out))
      raise_exc("RuntimeError", "generator ignored GeneratorExit");
  } catch (const PyError& e) {
    if (e.type == "GeneratorExit" || e.type == "StopIteration") return Value();
    if (auto* pe = as_py_exception(e)) {
      auto* eo = pe->exc.as<ExceptionObj>();
      if (eo && eo->type->is_subclass_of(exception_type("GeneratorExit"))) return Value();
    }
    throw;
  }
  return out;
}

// ---------------------------------------------------------------- expressions
Value Interp::eval_resumable(const Expr& e, const EnvP& env) {
  GeneratorObj* g = gen_;
  if (!g) return eval_node(e, env);  // not inside a generator's frame (cannot happen for parsed code)
  for (auto& [node, v] : g->memo)
    if (node == &e) return v;
  ++g->memo_depth;
  Value v;
  try {
    v = eval_node(e, env);
  } catch (const YieldSignal&) {
    g->memo_depth = 0;  // suspended: the memo is kept for the replay
    throw;
  } catch (...) {
    if (--g->memo_depth == 0) g->memo.clear();
    throw;
  }
  if (--g->memo_depth == 0) g->memo.clear();  // the statement's expression is done
  else g->memo.push_back({&e, v});
  return v;
}

Value Interp::eval_yield(const Expr& e, const EnvP& env) {
  Value out;
  if (yield_step(e, env, out)) throw YieldSignal{};
  return out;
}

bool Interp::yield_step(const Expr& e, const EnvP& env, Value& out) {
  GeneratorObj* g = gen_;
  if (!g) raise_exc("SyntaxError", "'yield' outside function");
  if (e.kind == EK::YieldFrom) return yield_from_step(e, env, out);
  if (g->resuming_at == &e) {  // the replay arrived at the suspended yield
    g->resuming_at = nullptr;
    out = std::move(g->resume_value);
    g->resume_value = Value();
    if (g->resume_throw) {
      auto* eo = out.as<ExceptionObj>();
      throw PyException(eo->type->name, exception_str(out), out);
    }
    return false;
  }
  g->yielded = e.a ? eval(*e.a, env) : Value();
  g->suspended_at = &e;
  return true;
}

// mirrors SEND / the yield-from loop: values the subiterator yields pass
// through; send() and throw() go to it; its return value is the expression's.
bool Interp::yield_from_step(const Expr& e, const EnvP& env, Value& result) {
  GeneratorObj* g = gen_;
  Value it, x;
  bool throwing = false;
  if (g->resuming_at == &e) {
    g->resuming_at = nullptr;
    it = g->delegate;
    x = std::move(g->resume_value);
    g->resume_value = Value();
    throwing = g->resume_throw;
  } else {
    it = iter(eval(*e.a, env));
    g->delegate = it;
  }
  Value out;
  bool more;
  try {
    auto* sub = it.as<GeneratorObj>();
    if (throwing) {
      auto* eo = x.as<ExceptionObj>();
      bool exit = eo && eo->type->is_subclass_of(exception_type("GeneratorExit"));
      if (sub && !exit) {
        more = gen_resume(*sub, true, x, out);
      } else {
        if (sub) gen_close(*sub);
        throw PyException(eo->type->name, exception_str(x), x);
      }
    } else if (sub) {
      more = gen_resume(*sub, false, x, out);
    } else if (x.is_none()) {
      more = next(it, out);
      if (!more) out = Value();
    } else {
      more = true;
      out = call(getattr(it, "send"), std::vector<Value>{x});
    }
  } catch (...) {
    g->delegate = Value();
    throw;
  }
  if (more) {
    g->yielded = out;
    g->suspended_at = &e;
    return true;
  }
  g->delegate = Value();
  result = out;
  return false;
}

void raise_stop_iteration(Interp& in, const Value& value) {
  std::vector<Value> args;
  if (!value.is_none()) args.push_back(value);
  Value exc = in.make_exception(in.exception_type("StopIteration"), args);
  throw PyException("StopIteration", in.exception_str(exc), exc);
}

// ---------------------------------------------------------------- the generator type
namespace {

GeneratorObj& self_gen(Interp& in, Args& a, const char* method) {
  if (a.pos.empty() || !a.pos[0].as<GeneratorObj>())
    type_error(std::string("descriptor '") + method + "' for 'generator' objects doesn't apply to a '" +
               (a.pos.empty() ? std::string("NoneType") : in.type_of(a.pos[0])->name) + "' object");
  return *a.pos[0].as<GeneratorObj>();
}

// Yields the value or raises StopIteration carrying the return value.
Value step(Interp& in, GeneratorObj& g, bool throwing, const Value& v) {
  Value out;
  if (in.gen_resume(g, throwing, v, out)) return out;
  raise_stop_iteration(in, out);
}

Value gen_next(Interp& in, Args& a) {
  GeneratorObj& g = self_gen(in, a, "__next__");
  a.finish(1);
  return step(in, g, false, Value());
}

Value gen_send(Interp& in, Args& a) {
  GeneratorObj& g = self_gen(in, a, "send");
  if (a.pos.size() != 2) type_error("generator.send() takes exactly one argument (" + std::to_string(a.pos.size() - 1) + " given)");
  return step(in, g, false, a.pos[1]);
}

// throw(value), throw(type), throw(type, value): mirrors _gen_throw's normalisation
Value gen_throw(Interp& in, Args& a) {
  GeneratorObj& g = self_gen(in, a, "throw");
  if (a.pos.size() < 2 || a.pos.size() > 4)
    type_error("throw expected at least 1 argument, got " + std::to_string(a.pos.size() - 1));
  Value typ = a.pos[1];
  Value exc;
  if (auto* ty = typ.as<TypeObj>()) {
    if (!ty->is_subclass_of(in.t.base_exception))
      type_error("exceptions must be classes or instances deriving from BaseException, not type");
    Value val = a.pos.size() > 2 ? a.pos[2] : Value();
    if (val.as<ExceptionObj>() && val.as<ExceptionObj>()->type->is_subclass_of(ty)) exc = val;
    else if (val.is_none()) exc = in.make_exception(ty, {});
    else if (auto* tu = val.as<TupleObj>()) exc = in.make_exception(ty, tu->items);
    else exc = in.make_exception(ty, {val});
  } else if (typ.as<ExceptionObj>()) {
    if (a.pos.size() > 2 && !a.pos[2].is_none()) type_error("instance exception may not have a separate value");
    exc = typ;
  } else {
    type_error("exceptions must be classes or instances deriving from BaseException, not " + in.type_of(typ)->name);
  }
  return step(in, g, true, exc);
}

Value gen_close_method(Interp& in, Args& a) {
  GeneratorObj& g = self_gen(in, a, "close");
  a.finish(1);
  return in.gen_close(g);
}

Value gen_iter(Interp& in, Args& a) {
  self_gen(in, a, "__iter__");
  return a.pos[0];
}

const struct {
  const char* name;
  Value (*fn)(Interp&, Args&);
} kGeneratorMethods[] = {
    {"__next__", gen_next}, {"send", gen_send}, {"throw", gen_throw}, {"close", gen_close_method}, {"__iter__", gen_iter},
};

}  // namespace

void install_generators(Interp& in) {
  in.t.generator = in.new_type("generator", "builtins", {in.t.object});
  for (auto& m : kGeneratorMethods) in.def_method(in.t.generator, m.name, m.fn);
}

}  // namespace sl::lang
