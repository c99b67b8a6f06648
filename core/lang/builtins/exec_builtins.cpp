// exec_builtins: exec(), eval(), compile(), globals() and locals() -- the
// builtins that hand a program's namespaces to code (the evaluator's half is
// eval/exec_source.cpp).
//
// Note [Namespaces of exec and eval]
// CPython runs exec(code, g, l) with the dict g *as* the module's namespace
// and l as the local one (builtin_exec_impl, PyEval_EvalCode): a name the code
// binds is a key of l, a function it defines keeps g as its __globals__, and a
// name it reads is looked up in l, then g, then g['__builtins__'] (inserted,
// the builtins module's dict, when g has none). Here a namespace is a scope
// (Env), whose names are not a dict, so each dict used as a namespace gets a
// scope of its own (DictObj::scope) and the two are kept equal where code can
// see the difference:
//  - before code runs, the scope is made what the dict says (a program may
//    have written to the dict since); after it runs, by return or exception,
//    the dict is made what the scope says (bound, rebound and deleted names);
//  - the scope is kept with the dict, so the functions a first exec() defined
//    see the names a later exec() into the same dict adds;
//  - a locals dict's scope is a class-body scope whose parent is the globals'
//    (a class body is the same arrangement: its functions close over the
//    module, not over it);
//  - globals() returns a dict that pictures the module scope (scope_is_view):
//    there the scope stays the truth, so `exec(src, globals())` runs in the
//    module itself; locals() in a function is a snapshot, as in CPython 3.13
//    (PEP 667), and exec() there binds into a copy.
// g['__builtins__'] other than the builtins' own dict or module becomes the
// scope's builtins_override, where its builtin names are looked up (lookup in
// ceval.cpp). What differs from CPython: a program that writes into the dict
// while a function defined there runs (`ns['x'] = 2; ns['f']()`) is seen at
// the next exec(), not at once.
#include "core/lang/builtins/builtins.hpp"

#include <algorithm>

#include "core/lang/objects/bytes.hpp"

namespace sl::lang {

namespace {

// The builtins module's dict, one per session: what exec() inserts as
// __builtins__, and the value that means "the session's own builtins".
struct ExecState {
  Value builtins_dict;
};

Value builtins_dict(Interp& in) {
  Value& d = in.state().get<ExecState>().builtins_dict;
  if (d.is_none()) {
    auto dict = std::make_shared<DictObj>();
    std::vector<std::string> names;
    for (auto& [k, v] : in.builtins) names.push_back(k);
    std::sort(names.begin(), names.end());
    for (auto& k : names) table_set(in, dict->t, S(k), in.builtins[k]);
    d = Value(std::static_pointer_cast<Obj>(dict));
  }
  return d;
}

Env* module_root(Env& e) {
  Env* p = &e;
  while (p->parent) p = p->parent.get();
  return p;
}

const Value* dict_get(Interp& in, DictObj& d, const std::string& key) {
  long k = table_lookup(in, d.t, S(key));
  return k >= 0 ? &d.t.entries[size_t(k)].second : nullptr;
}

// The scope made what the dict says: its str keys are the names.
void dict_to_scope(Interp& in, DictObj& d, Env& env) {
  std::vector<std::string> gone;
  for (auto& [k, v] : env.vars)
    if (!dict_get(in, d, k)) gone.push_back(k);
  for (auto& k : gone) env.vars.erase(k);
  for (size_t i = 0; i < d.t.entries.size(); ++i)
    if (d.t.alive[i])
      if (auto* s = d.t.entries[i].first.as<StrObj>()) env.vars[s->s] = d.t.entries[i].second;
}

// The dict made what the scope says.
void scope_to_dict(Interp& in, Env& env, DictObj& d) {
  for (const Value& key : table_keys(d.t))
    if (auto* s = key.as<StrObj>(); s && !env.find(s->s)) table_erase(in, d.t, key);
  env.for_each([&](const std::string& k, const Value& v) { table_set(in, d.t, S(k), v); });
}

void bind_namespace(DictObj& d, const EnvP& env, bool view) {
  d.scope = env;
  d.scope_is_view = view;
  env->namespace_dict = d.shared_from_this();
}

// The module scope whose namespace is the dict g.
EnvP globals_scope(Interp& in, const Value& g) {
  auto& d = *g.as<DictObj>();
  if (!d.scope_is_view && !dict_get(in, d, "__builtins__")) table_set(in, d.t, S("__builtins__"), builtins_dict(in));
  EnvP env = d.scope;
  if (!env || env->is_class) {
    env = std::make_shared<Env>();
    bind_namespace(d, env, false);
  }
  if (d.scope_is_view) {
    // globals()'s picture: the module scope is the truth; names the program
    // added to the picture since are added to it
    for (size_t i = 0; i < d.t.entries.size(); ++i)
      if (d.t.alive[i])
        if (auto* s = d.t.entries[i].first.as<StrObj>(); s && !env->find(s->s)) env->vars[s->s] = d.t.entries[i].second;
  } else {
    dict_to_scope(in, d, *env);
  }
  env->builtins_overridden = false;
  env->builtins_override = Value();
  if (const Value* b = env->find("__builtins__")) {
    auto* m = b->as<ModuleObj>();
    if (!b->is_same(builtins_dict(in)) && !(m && m->name == "builtins")) {
      env->builtins_overridden = true;
      env->builtins_override = *b;
    }
  }
  return env;
}

// A locals scope over `l` (a dict, or any mapping) whose parent is `parent`.
EnvP locals_scope(Interp& in, const Value& l, const EnvP& parent) {
  EnvP env;
  if (auto* d = l.as<DictObj>()) {
    env = d->scope;
    if (!env || !env->is_class) {
      env = std::make_shared<Env>();
      env->is_class = true;
      bind_namespace(*d, env, false);
    }
    dict_to_scope(in, *d, *env);
  } else {
    env = std::make_shared<Env>();
    env->is_class = true;
    for (const Value& k : in.to_vector(in.call(in.getattr(l, "keys"), std::vector<Value>{})))
      if (auto* s = k.as<StrObj>()) env->vars[s->s] = in.getitem(l, k);
  }
  env->parent = parent;
  return env;
}

using NameValues = std::vector<std::pair<std::string, Value>>;

// What code run in `env` left, written back to the namespace l. A mapping
// that is not a dict sees a __setitem__ for each name bound or rebound, then a
// __delitem__ for each name deleted (CPython's STORE_NAME and DELETE_NAME call
// them as the code runs).
void write_back(Interp& in, Env& env, const Value& l, const NameValues& before) {
  if (auto* d = l.as<DictObj>()) return scope_to_dict(in, env, *d);
  env.for_each([&](const std::string& k, const Value& v) {
    auto was = std::find_if(before.begin(), before.end(), [&](auto& b) { return b.first == k; });
    if (was == before.end() || !was->second.is_same(v)) in.setitem(l, S(k), v);
  });
  for (auto& [k, v] : before)
    if (!env.find(k)) in.delitem(l, S(k));
}

// PyMapping_Check: a type with __getitem__ (a list is one, as in CPython).
bool is_mapping(Interp& in, const Value& v) {
  return v.as<DictObj>() || (!v.is_none() && in.hasattr(v, "__getitem__"));
}

const Interp::CompiledSource* code_payload(Interp& in, const Value& v) {
  auto* g = v.as<GenericObj>();
  if (!g || g->type != in.t.code) return nullptr;
  if (!g->native)
    in.raise_exc("TypeError", "stridelab runs the code objects compile() makes, not a function's __code__");
  return static_cast<const Interp::CompiledSource*>(g->native.get());
}

bool source_text(const Value& v, std::string& out) {
  if (auto* s = v.as<StrObj>()) {
    out = s->s;
    return true;
  }
  if (auto* b = v.as<BytesObj>()) {
    out = b->s;
    return true;
  }
  return false;
}

Value code_object(Interp& in, std::shared_ptr<Interp::CompiledSource> src, const std::string& filename) {
  auto code = std::make_shared<GenericObj>(in.t.code);
  code->attrs["co_name"] = S("<module>");
  code->attrs["co_qualname"] = S("<module>");
  code->attrs["co_filename"] = S(filename);
  code->attrs["co_firstlineno"] = Value::integer(1);
  for (const char* n : {"co_argcount", "co_posonlyargcount", "co_kwonlyargcount", "co_nlocals", "co_flags"})
    code->attrs[n] = Value::integer(0);
  for (const char* n : {"co_varnames", "co_freevars", "co_cellvars"}) code->attrs[n] = make_tuple({});
  code->native = std::move(src);
  return Value(std::static_pointer_cast<Obj>(code));
}

// The scope exec/eval run in, from their globals and locals arguments
// (None: the caller's), with what to write back afterwards.
struct Namespaces {
  EnvP scope;
  Value g, l;                     // the dicts/mapping given (None: the caller's own scope)
  NameValues before;  // a mapping's names and values before the run
};

Namespaces namespaces(Interp& in, Value g, Value l) {
  Namespaces ns;
  if (g.is_none()) {
    Env& frame = in.frame_env();
    EnvP root = module_root(frame)->shared_from_this();
    if (l.is_none()) {
      if (!frame.fn) {
        ns.scope = frame.shared_from_this();  // the module, or code exec() runs
        return ns;
      }
      // in a function: a snapshot of its locals (PEP 667)
      ns.scope = std::make_shared<Env>();
      ns.scope->is_class = true;
      frame.for_each([&](const std::string& k, const Value& v) { ns.scope->vars[k] = v; });
      ns.scope->parent = root;
      return ns;
    }
    ns.l = l;
    ns.scope = locals_scope(in, l, root);
  } else {
    ns.g = g;
    EnvP genv = globals_scope(in, g);
    if (l.is_none() || l.is_same(g)) {
      ns.scope = genv;
    } else {
      ns.l = l;
      ns.scope = locals_scope(in, l, genv);
    }
  }
  if (!ns.l.is_none() && !ns.l.as<DictObj>()) ns.scope->for_each([&](const std::string& k, const Value& v) { ns.before.push_back({k, v}); });
  return ns;
}

Value run_in(Interp& in, const Interp::CompiledSource& code, Value g, Value l) {
  Namespaces ns = namespaces(in, std::move(g), std::move(l));
  auto finish = [&] {
    if (!ns.l.is_none()) write_back(in, *ns.scope, ns.l, ns.before);
    if (auto* d = ns.g.as<DictObj>()) scope_to_dict(in, *d->scope, *d);
  };
  Value result;
  try {
    result = in.run_compiled(code, ns.scope);
  } catch (...) {
    finish();
    throw;
  }
  finish();
  return result;
}

// exec(source, /, globals=None, locals=None, *, closure=None)
Value builtin_exec(Interp& in, Args& a) {
  Value src = a.required(0, "source");
  Value g = a.optional(1, "globals"), l = a.optional(2, "locals"), closure;
  a.take(99, "closure", closure);
  a.finish(3);
  if (!g.is_none() && !g.as<DictObj>()) in.raise_exc("TypeError", "exec() globals must be a dict, not " + in.type_name(g));
  if (!l.is_none() && !is_mapping(in, l)) in.raise_exc("TypeError", "locals must be a mapping or None, not " + in.type_name(l));
  if (!closure.is_none()) in.raise_exc("TypeError", "cannot use a closure with this code object");
  std::shared_ptr<Interp::CompiledSource> compiled;
  const Interp::CompiledSource* code = code_payload(in, src);
  if (!code) {
    std::string text;
    if (!source_text(src, text)) in.raise_exc("TypeError", "exec() arg 1 must be a string, bytes or code object");
    compiled = in.compile_source(text, "<string>", "exec");
    code = compiled.get();
  }
  run_in(in, *code, g, l);
  return Value();
}

// eval(source, /, globals=None, locals=None)
Value builtin_eval(Interp& in, Args& a) {
  Value src = a.required(0, "source");
  Value g = a.optional(1, "globals"), l = a.optional(2, "locals");
  a.finish(3);
  if (!l.is_none() && !is_mapping(in, l)) in.raise_exc("TypeError", "locals must be a mapping");
  if (!g.is_none() && !g.as<DictObj>())
    in.raise_exc("TypeError", is_mapping(in, g) ? "globals must be a real dict; try eval(expr, {}, mapping)"
                                                : "globals must be a dict");
  std::shared_ptr<Interp::CompiledSource> compiled;
  const Interp::CompiledSource* code = code_payload(in, src);
  if (!code) {
    std::string text;
    if (!source_text(src, text)) in.raise_exc("TypeError", "eval() arg 1 must be a string, bytes or code object");
    compiled = in.compile_source(text, "<string>", "eval", true);
    code = compiled.get();
  }
  return run_in(in, *code, g, l);
}

// compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1)
Value builtin_compile(Interp& in, Args& a) {
  const char* const params[] = {"source", "filename", "mode"};
  Value v[3];
  for (size_t k = 0; k < 3; ++k)
    if (!a.take(k, params[k], v[k]))
      in.raise_exc("TypeError", std::string("compile() missing required argument '") + params[k] + "' (pos " +
                                    std::to_string(k + 1) + ")");
  Value flags = a.optional(3, "flags", Value::integer(0));
  a.optional(4, "dont_inherit");
  a.optional(5, "optimize");
  Value feature;
  a.take(99, "_feature_version", feature);
  a.finish(6);
  std::string text;
  if (!source_text(v[0], text)) in.raise_exc("TypeError", "compile() arg 1 must be a string, bytes or AST object");
  const std::string filename = v[1].as<BytesObj>() ? v[1].as<BytesObj>()->s : in.str(v[1]);
  const std::string& mode = as_str(in, v[2], "compile() argument 'mode'");
  if (mode != "exec" && mode != "eval" && mode != "single")
    in.raise_exc("ValueError", "compile() mode must be 'exec', 'eval' or 'single'");
  if (in.index_value(flags) & 0x400)  // PyCF_ONLY_AST
    in.raise_exc("ValueError", "compile(): stridelab has no ast module, so no PyCF_ONLY_AST trees");
  return code_object(in, in.compile_source(text, filename, mode), filename);
}

// globals(): the dict of the running code's module scope (Note [Namespaces
// of exec and eval]): the one exec() was given, or the module's picture.
Value builtin_globals(Interp& in, Args& a) {
  a.finish(0);
  Env* root = module_root(in.frame_env());
  if (auto d = std::static_pointer_cast<DictObj>(root->namespace_dict.lock())) {
    scope_to_dict(in, *root, *d);
    return Value(std::static_pointer_cast<Obj>(d));
  }
  auto d = std::make_shared<DictObj>();
  bind_namespace(*d, root->shared_from_this(), true);
  scope_to_dict(in, *root, *d);
  return Value(std::static_pointer_cast<Obj>(d));
}

// locals(): in a function, its variables as a new dict (a snapshot, as
// CPython 3.13 gives); elsewhere the namespace itself (at module level the
// globals'; in code exec() runs with a locals dict, that dict).
Value builtin_locals(Interp& in, Args& a) {
  a.finish(0);
  Env& frame = in.frame_env();
  if (!frame.fn) {
    if (!frame.parent) return builtin_globals(in, a);
    if (auto d = std::static_pointer_cast<DictObj>(frame.namespace_dict.lock())) {
      scope_to_dict(in, frame, *d);
      return Value(std::static_pointer_cast<Obj>(d));
    }
  }
  auto d = std::make_shared<DictObj>();
  frame.for_each([&](const std::string& k, const Value& v) { table_set(in, d->t, S(k), v); });
  return Value(std::static_pointer_cast<Obj>(d));
}

const NativeDef kExecBuiltins[] = {
    {"exec", builtin_exec},       {"eval", builtin_eval},     {"compile", builtin_compile},
    {"globals", builtin_globals}, {"locals", builtin_locals},
};

}  // namespace

void install_exec_builtins(Interp& in) {
  for (const auto& d : kExecBuiltins) in.builtins[d.name] = in.builtin(d.name, d.fn);
}

}  // namespace sl::lang
