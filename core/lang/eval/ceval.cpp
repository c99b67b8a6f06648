// ceval: the evaluator -- Interp's own members (interp.hpp; Note [Session
// below the object model]): setup, run(), exceptions and tracebacks,
// statements (exec and one exec_* per compound kind), name lookup and
// assignment, expressions, calls.
#include "core/lang/objects/bytes.hpp"
#include "core/lang/builtins/builtins.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/objects/protocol.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>

#include "core/model/explain.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/lang/eval/generator.hpp"
#include "core/lang/parse/lexer.hpp"
#include "core/lang/objects/array_hooks.hpp"
#include "core/lang/parse/parser.hpp"
#include "core/lang/objects/pyint.hpp"
#include "core/text/numfmt.hpp"

namespace sl::lang {

// ---------------------------------------------------------------- setup
TypeObj* Interp::new_type(const std::string& name, const std::string& module, std::vector<TypeObj*> bases) {
  // Types live as long as the interpreter.
  auto ty = std::make_shared<TypeObj>(name, module, std::move(bases));
  types_.push_back(ty);
  return ty.get();
}

const std::string Interp::kModuleFrame = "<module>";

namespace {
constexpr size_t kSpareScopes = 32;  // per list (Note [Call scope reuse])
void store_attr(Interp& in, const Expr& e, const Value& o, const Value& v);  // Note [Instance attribute stores]
}

Value Interp::builtin(const std::string& name, NativeFn fn) {
  return Value(std::static_pointer_cast<Obj>(std::make_shared<BuiltinObj>(name, std::move(fn))));
}

Interp::Interp() {
  ActiveSession active(state_);  // the builtins install into this session
  for (auto& spare : spare_scopes_) spare.reserve(kSpareScopes);  // release_call_scope never allocates
  globals = std::make_shared<Env>();
  t.object = new_type("object", "builtins", {});
  t.type = new_type("type", "builtins", {t.object});
  t.none = new_type("NoneType", "builtins", {t.object});
  t.int_ = new_type("int", "builtins", {t.object});
  t.bool_ = new_type("bool", "builtins", {t.int_});
  t.float_ = new_type("float", "builtins", {t.object});
  t.complex_ = new_type("complex", "builtins", {t.object});
  t.str = new_type("str", "builtins", {t.object});
  t.list = new_type("list", "builtins", {t.object});
  t.tuple = new_type("tuple", "builtins", {t.object});
  t.dict = new_type("dict", "builtins", {t.object});
  t.set = new_type("set", "builtins", {t.object});
  t.frozenset = new_type("frozenset", "builtins", {t.object});
  t.function = new_type("function", "builtins", {t.object});
  t.builtin = new_type("builtin_function_or_method", "builtins", {t.object});
  t.method = new_type("method", "builtins", {t.object});
  t.module = new_type("module", "builtins", {t.object});
  t.range = new_type("range", "builtins", {t.object});
  t.slice = new_type("slice", "builtins", {t.object});
  t.ellipsis = new_type("ellipsis", "builtins", {t.object});
  t.iterator = new_type("iterator", "builtins", {t.object});
  t.cell = new_type("cell", "builtins", {t.object});
  t.generic = new_type("object", "builtins", {t.object});
  t.base_exception = new_type("BaseException", "builtins", {t.object});
  t.exception = new_type("Exception", "builtins", {t.base_exception});
  install_builtins(*this);
  install_generators(*this);
  // The names CPython's __main__ starts with (a script's __file__ and
  // __cached__ are run()'s, from its file name).
  for (const char* k : {"__doc__", "__package__", "__loader__", "__spec__"}) globals->vars[k] = Value();
  globals->vars["__name__"] = make_str("__main__");
  globals->vars["__annotations__"] = Value(std::static_pointer_cast<Obj>(std::make_shared<DictObj>()));
  globals->vars["__builtins__"] = import("builtins");
  // numpy, torch and the standard modules wait for their first import
  // (Note [Builtin modules at first import], modules/modules.hpp).
}

// The collector's view of a scope (Note [Collector below the values], gc.hpp).
void GcVisitor::operator()(const std::shared_ptr<Env>& e) {
  if (e && e->gc_tracked()) visit(e.get());
}

Interp::~Interp() {
  // Finalizers still queued (a run stopped inside one) are dropped unrun:
  // outside a run no queue is active, so nothing is queued again.
  finalizers_.pending.clear();
  // Drop the session's variables, then collect the cycles they formed (functions
  // whose closure is the scope that holds them, self-referencing containers).
  if (globals) globals->vars.clear();
  globals.reset();
  // Modules hold what frozen Python code defined (Note [Frozen modules]):
  // classes and functions whose closures are the modules' own scopes.
  for (auto& kv : modules) kv.second->attrs.clear();
  // The builtins and the native method tables too, before the collection: what
  // they hold (types, functions, lambdas that captured values) can be part of a
  // cycle, and the members are destroyed only after this body, so a cycle they
  // closed would wait for some later session's automatic collection. The
  // package's heap check (tests/js/leak.test.mjs) then saw the heap 8-16 bytes
  // off its baseline after a round, depending on when that collection ran.
  builtins.clear();
  methods.clear();
  // The session's settings too (Note [Session state]): a formatter= callable
  // they hold would keep the cycles it is part of out of this collection.
  state_.clear();
  gc_collect();
}

// ---------------------------------------------------------------- operators by spelling
BinOp Interp::binop_named(const std::string& op) {
  BinOp o;
  if (!parse_binop(op, o)) throw PyError("ValueError", "no binary operator '" + op + "'");
  return o;
}
CmpOp Interp::cmpop_named(const std::string& op) {
  CmpOp o;
  if (!parse_cmpop(op, o)) throw PyError("ValueError", "no comparison operator '" + op + "'");
  return o;
}
UnaryOp Interp::unaryop_named(const std::string& op) {
  UnaryOp o;
  if (!parse_unaryop(op, o)) throw PyError("ValueError", "no unary operator '" + op + "'");
  return o;
}

// ---------------------------------------------------------------- exceptions
TypeObj* Interp::exception_type(const std::string& name) {
  auto it = builtins.find(name);
  if (it != builtins.end()) {
    if (auto* ty = it->second.as<TypeObj>()) return ty;
  }
  auto ex = exc_types_.find(name);
  if (ex != exc_types_.end()) return ex->second;
  TypeObj* ty = new_type(name, "builtins", {t.exception});
  exc_types_[name] = ty;
  return ty;
}

TypeObj* Interp::define_exception(const std::string& name, const std::string& module, std::vector<TypeObj*> bases) {
  TypeObj* ty = new_type(name, module, std::move(bases));
  exc_types_[name] = ty;
  return ty;
}

Value Interp::make_exception(TypeObj* ty, std::vector<Value> args) {
  if (is_os_error(*this, ty)) return make_os_error(*this, ty, std::move(args));  // Note [OSError fields]
  return Value(std::static_pointer_cast<Obj>(std::make_shared<ExceptionObj>(ty, std::move(args))));
}

std::string Interp::exception_str(const Value& exc) {
  Value r;
  if (call_special(*this, exc, "__str__", {}, r)) {
    if (auto* s = r.as<StrObj>()) return s->s;
    type_error("__str__ returned non-string (type " + type_of(r)->name + ")");
  }
  return default_exception_str(exc);
}

std::string Interp::default_exception_str(const Value& exc) {
  auto* e = exc.as<ExceptionObj>();
  if (!e) return str(exc);
  if (std::string u; unicode_error_str(*this, exc, u)) return u;
  if (std::string o; os_error_str(*this, exc, o)) return o;
  if (std::string o; syntax_error_str(*this, exc, o)) return o;
  if (e->args.empty()) return "";
  if (e->args.size() == 1) {
    if (e->type->is_subclass_of(exception_type("KeyError"))) return repr(e->args[0]);
    return str(e->args[0]);
  }
  return repr(make_tuple(e->args));
}

void Interp::raise_exc(const std::string& type, const std::string& msg) { throw PyError(type, msg); }

Value Interp::exception_value(const PyError& err) {
  if (auto* pe = as_py_exception(err)) {
    if (!pe->exc.is_none()) return pe->exc;
  }
  return make_exception(exception_type(err.type), {make_str(err.msg)});
}

bool Interp::exception_matches(const PyError& err, const Value& spec, Value& exc_out) {
  exc_out = exception_value(err);
  TypeObj* et = exc_out.as<ExceptionObj>()->type;
  std::function<bool(const Value&)> match = [&](const Value& s) -> bool {
    if (auto* ty = s.as<TypeObj>()) return et->is_subclass_of(ty);
    if (auto* tu = s.as<TupleObj>()) {
      for (auto& x : tu->items)
        if (match(x)) return true;
      return false;
    }
    type_error("catching classes that do not inherit from BaseException is not allowed");
  };
  return match(spec);
}

// ---------------------------------------------------------------- run
// Note [Program exit]
// An uncaught SystemExit ends the program without a traceback, as
// _Py_HandleSystemExit (Python/pythonrun.c) ends CPython's: its code None is
// status 0, an int is the status, anything else is printed to stderr and is
// status 1. The session lives on (the page and the REPL keep its variables);
// the result says the program exited and with which status.
bool Interp::end_by_system_exit(const PyError& e, Result& r) {
  auto* pe = as_py_exception(e);
  auto* eo = pe ? pe->exc.as<ExceptionObj>() : nullptr;
  if (!eo || !eo->type->is_subclass_of(exception_type("SystemExit"))) return false;
  r.exited = true;
  try {
    Value code = getattr(pe->exc, "code");
    if (code.is_none()) {
      r.exit_code = 0;
    } else if (code.is_int() || code.is_bool()) {
      r.exit_code = int(code.as_int());
    } else {
      print_err(str(code) + "\n");
      r.exit_code = 1;
    }
  } catch (const PyError&) {  // a code whose str() fails: CPython's status 1
    r.exit_code = 1;
  }
  return true;
}

// Note [Statement line for explanations]
// Every statement of the user's program tells the explanation records its
// line (explain_at, core/model/explain.hpp), which looks the active session's
// state up by its slot: a measurable part of a statement's cost in a tight
// loop. While run() runs, this session is the active one, so the state is
// found once when the run starts and written directly; outside a run (a
// snapshot's repr calling Python code) the lookup is made as before.
void Interp::explain_statement(int line, int end_line) {
  if (!explain_) return explain_at(line, end_line);
  explain_->line = line;
  explain_->end_line = end_line;
}

Interp::Result Interp::run(const std::string& src, bool echo_last_expr, const std::string& filename) {
  ActiveSession active(state_);
  struct ExplainScope {
    Interp& in;
    sl::detail::ExplainState* saved;
    ~ExplainScope() { in.explain_ = saved; }
  } explain_scope{*this, explain_};
  explain_ = &state_.get<sl::detail::ExplainState>();
  Finalizers::Scope finalizing(finalizers_);  // Note [Finalization]
  filename_ = filename;
  if (!filename.empty() && filename[0] != '<') {  // a script's file (the CLI's), not <stdin>
    globals->vars["__file__"] = make_str(filename);
    globals->vars["__cached__"] = Value();
  }
  Result r;
  out_.clear();
  out_truncated_ = false;
  steps_ = 0;
  checkpoints_ = 0;
  depth_ = 0;
  StackBase base(*this);  // Note [Recursion depth]
  frames_.clear();
  handling_.clear();
  err_.clear();
  std::unique_ptr<Module> mod;
  try {
    mod = parse_module(src);
  } catch (const PyError& e) {
    r.ok = false;
    r.error_type = e.type;
    r.error_msg = e.msg;
    bool syntax = e.type == "SyntaxError" || e.type == "IndentationError" || e.type == "TabError";
    const SyntaxErrorInfo info = last_syntax_error();
    if (syntax) {
      r.line = info.line;
      r.col = info.col + 1;
    }
    // mirrors print_exception for SyntaxError (Python/pythonrun.c)
    r.traceback = "  File \"" + filename + "\", line " + std::to_string(r.line) + "\n";
    std::string text;
    bool newline = false;
    if (syntax && source_line(src, r.line, text, newline)) {
      if (!text.empty() && text.back() == '\r') text.pop_back();
      int line_size = int(text.size()) + (newline ? 1 : 0);
      int offset = info.col + 1;
      int end_offset = info.end_col >= 0 ? info.end_col + 1 : -1;
      if (info.end_line > info.line) end_offset = line_size;
      if (end_offset > line_size + 1) end_offset = line_size + 1;
      r.traceback += syntax_error_caret(text, offset, end_offset);
    }
    r.traceback += e.type + ": " + e.msg + "\n";
    return r;
  }
  // Functions keep their own FuncDef alive; the module tree itself is dropped after the run.
  cur_source_ = &mod->source_lines;
  Module& m = *mod;
  Value ret;
  frames_.push_back({&kModuleFrame, 0});
  size_t nstmt = m.body.size();
  for (size_t k = 0; k < nstmt; ++k) {
    const Stmt& s = *m.body[k];
    try {
     // A C++ exception that is not a Python one (an allocation that failed, a
     // library check) still ends the statement as a Python error, never a crash.
     try {
      if (echo_last_expr && k + 1 == nstmt && s.kind == SK::Expr) {
        frames_.back().second = s.line;
        Value v = eval(*s.value, globals);
        if (!v.is_none()) {
          r.echo = repr(v);
          r.has_echo = true;
          builtins["_"] = v;
        }
        if (step_observer) step_observer(s, true);  // the echoed expression is a step too
        continue;
      }
      Flow f = exec(s, globals, ret);
      (void)f;
     } catch (const PyError&) {
      throw;
     } catch (const std::bad_alloc&) {
      throw PyError("MemoryError", "");
     } catch (const std::exception& ex) {
      throw PyError("SystemError", std::string("internal error in stridelab: ") + ex.what());
     }
    } catch (const PyError& e) {
      if (end_by_system_exit(e, r)) break;
      r.ok = false;
      r.error_type = e.type;
      r.error_msg = e.msg;
      std::vector<std::pair<std::string, int>> tb;
      Value exc;
      if (auto* pe = as_py_exception(e)) {
        if (auto* eo = pe->exc.as<ExceptionObj>()) {
          r.error_type = eo->type->name;
          r.error_msg = exception_str(pe->exc);
          // a SyntaxError's last line is its bare message (its place is above it)
          if (is_syntax_error(*this, pe->exc) && getattr(pe->exc, "filename").as<StrObj>() && getattr(pe->exc, "lineno").is_int())
            r.error_msg = str(getattr(pe->exc, "msg"));
          exc = pe->exc;
        }
        for (size_t i = 0; i < pe->trace_lines.size(); ++i) tb.push_back({pe->trace_funcs[i], pe->trace_lines[i]});
        if (pe->reraise_line) frames_.front().second = pe->reraise_line;
      }
      tb.insert(tb.begin(), {"<module>", frames_.empty() ? s.line : frames_.front().second});
      r.line = tb.front().second;
      if (exc.is_none()) exc = make_exception(exception_type(r.error_type), {make_str(r.error_msg)});
      auto* eo = exc.as<ExceptionObj>();
      eo->tb = tb;
      if (!eo->suggestion.empty()) r.error_msg += ". Did you mean: '" + eo->suggestion + "'?";
      r.traceback = format_traceback(exc, filename);
      break;
    }
  }
  // The end of a run is a safe point: what its last statement dropped is finalized.
  try {
    run_finalizers();
  } catch (const PyError&) {  // a halting stop inside a finalizer: the run has ended anyway
  }
  frames_.clear();
  // A run leaves no spare scopes behind (Note [Call scope reuse]): the
  // session's heap and its tracked containers are what its variables hold.
  for (auto& spare : spare_scopes_) spare.clear();
  cur_source_ = nullptr;
  r.out = std::move(out_);
  if (out_truncated_) r.out += "\n[output truncated: more than " + std::to_string(max_output) + " bytes]\n";
  out_.clear();
  r.err = std::move(err_);
  err_.clear();
  return r;
}

// mirrors print_exception_recursive (Python/pythonrun.c): the cause, or else
// the context unless suppressed, is shown first, then this exception.
std::string Interp::format_traceback(const Value& exc, const std::string& filename) {
  std::vector<const ExceptionObj*> seen;
  std::function<std::string(const Value&)> rec = [&](const Value& v) -> std::string {
    auto* eo = v.as<ExceptionObj>();
    if (!eo) return "";
    seen.push_back(eo);
    std::string text;
    auto unseen = [&](const Value& x) {
      auto* o = x.as<ExceptionObj>();
      return o && std::find(seen.begin(), seen.end(), o) == seen.end();
    };
    if (!eo->cause.is_none()) {
      if (unseen(eo->cause))
        text += rec(eo->cause) + "\nThe above exception was the direct cause of the following exception:\n\n";
    } else if (!eo->context.is_none() && !eo->suppress_context && unseen(eo->context)) {
      text += rec(eo->context) + "\nDuring handling of the above exception, another exception occurred:\n\n";
    }
    if (!eo->tb.empty()) {
      text += "Traceback (most recent call last):\n";
      // CPython folds a run of identical frames after three: "[Previous line repeated N more times]"
      size_t k = 0;
      while (k < eo->tb.size()) {
        size_t run = 1;
        while (k + run < eo->tb.size() && eo->tb[k + run] == eo->tb[k]) ++run;
        for (size_t j = 0; j < std::min<size_t>(run, 3); ++j) {
          auto& [fn, ln] = eo->tb[k];
          text += "  File \"" + filename + "\", line " + std::to_string(ln) + ", in " + fn + "\n";
          if (cur_source_ && ln >= 1 && size_t(ln) <= cur_source_->size()) {
            std::string code = (*cur_source_)[ln - 1];
            size_t a = code.find_first_not_of(" \t");
            size_t b = code.find_last_not_of(" \t\r");
            if (a != std::string::npos) text += "    " + code.substr(a, b - a + 1) + "\n";
          }
        }
        if (run > 3)
          text += "  [Previous line repeated " + std::to_string(run - 3) + " more time" + (run - 3 == 1 ? "" : "s") + "]\n";
        k += run;
      }
    }
    std::string msg = exception_str(v);
    // print_exception for a SyntaxError with its fields (Python/pythonrun.c):
    // the place and the text with its caret, then the bare message
    if (is_syntax_error(*this, v)) {
      Value file = getattr(v, "filename"), line = getattr(v, "lineno");
      if (file.as<StrObj>() && line.is_int()) {
        text += "  File \"" + str(file) + "\", line " + std::to_string(line.as_int()) + "\n";
        Value code = getattr(v, "text"), off = getattr(v, "offset"), end = getattr(v, "end_offset");
        if (auto* c = code.as<StrObj>()) {
          std::string t = c->s;
          while (!t.empty() && (t.back() == '\n' || t.back() == '\r')) t.pop_back();
          text += syntax_error_caret(t, off.is_int() ? int(off.as_int()) : 0, end.is_int() ? int(end.as_int()) : -1);
        }
        msg = str(getattr(v, "msg"));
      }
    }
    // CPython names the type by module and name unless it is a builtin or
    // defined in __main__ (print_exception: numpy.linalg.LinAlgError).
    // It prints the __qualname__ (NumPy's _UFuncNoLoopError, whose __name__ is
    // UFuncTypeError, ends a traceback with its own name).
    const std::string& mod = eo->type->module;
    const std::string& qual = eo->type->qual.empty() ? eo->type->name : eo->type->qual;
    text += (mod.empty() || mod == "builtins" || mod == "__main__" ? "" : mod + ".") + qual +
            (msg.empty() ? "" : ": " + msg);
    if (!eo->suggestion.empty()) text += ". Did you mean: '" + eo->suggestion + "'?";
    return text + "\n";
  };
  return rec(exc);
}

Value Interp::redirected_stdout() {
  if (console_stdout.is_none()) return Value();  // sys was never imported: nothing replaced it
  auto m = modules.find("sys");
  if (m == modules.end()) return Value();
  auto it = m->second->attrs.find("stdout");
  if (it == m->second->attrs.end() || it->second.identity() == console_stdout.identity()) return Value();
  return it->second;
}

void Interp::print_text(const std::string& s) {
  if (out_truncated_) return;
  if (out_.size() + s.size() > max_output) {
    out_.append(s, 0, max_output - out_.size());
    out_truncated_ = true;
    return;
  }
  out_ += s;
}

namespace {
// Note [Constant subscript keys] (parser.cpp): a folded key -- a Const node
// marked with conversion 'k' -- is one object shared by every evaluation of
// its subscript. An array only reads its key, so it gets the shared one. Any
// other receiver (a user __getitem__ may keep its key) gets a fresh copy when
// the key holds a slice, as CPython 3.13 builds a new slice each time; a tuple
// of plain constants stays shared, as CPython's constant tuple is.
Value subscript_key(const Expr& k, Value key, const Value& obj) {
  if (k.kind != EK::Const || k.conversion != 'k' || obj.is_array()) return key;
  auto fresh = [](const Value& x) {
    auto* so = x.as<SliceObj>();
    return so ? Value(std::static_pointer_cast<Obj>(std::make_shared<SliceObj>(so->start, so->stop, so->step))) : x;
  };
  auto* t = key.as<TupleObj>();
  if (!t) return fresh(key);
  if (std::none_of(t->items.begin(), t->items.end(), [](const Value& x) { return x.as<SliceObj>() != nullptr; }))
    return key;
  std::vector<Value> items;
  items.reserve(t->items.size());
  for (auto& x : t->items) items.push_back(fresh(x));
  return make_tuple(std::move(items));
}
// Note [Loops over builtin sequences]
// `for x in xs` and a comprehension's `for` over a list or a plain tuple read
// the items by position, as the listiterator or tupleiterator they would make
// does (CPython's FOR_ITER_LIST / FOR_ITER_TUPLE specializations): an item
// appended during the loop is reached, a list shortened ends it sooner. Over a
// range they count (FOR_ITER_RANGE), with range_iterator's wrap-around
// arithmetic. No iterator object is made and no call goes through one per
// item; the loop holds the sequence as the iterator would. A program cannot
// see the difference: the iterator of a `for` is never bound to a name. Any
// other iterable (a list subclass, whose __iter__ may be Python's, a
// generator, a dict) gets its iterator. A generator's frame keeps its loop's
// iterator to resume it (Note [Generator frames]), so exec_for uses this only
// outside one; a comprehension cannot suspend.
class LoopSource {
 public:
  LoopSource(Interp& in, Value src) : in_(in), hold_(std::move(src)) {
    if (auto* l = hold_.as<ListObj>()) {
      items_ = &l->items;
    } else if (auto* t = hold_.as<TupleObj>(); t && !t->type) {
      items_ = &t->items;
    } else if (auto* r = hold_.as<RangeObj>()) {
      range_ = true;
      start_ = r->start;
      step_ = r->step;
      n_ = r->length();
    } else {
      hold_ = in.iter(hold_);
    }
  }
  bool next(Value& out) {
    if (items_) {
      if (i_ >= items_->size()) return false;
      out = (*items_)[i_++];
      return true;
    }
    if (range_) {
      if (k_ >= n_) return false;
      out = Value::integer(int64_t(uint64_t(start_) + uint64_t(k_++) * uint64_t(step_)));
      return true;
    }
    return in_.next(hold_, out);
  }

 private:
  Interp& in_;
  Value hold_;  // the sequence, or the iterator
  const std::vector<Value>* items_ = nullptr;
  size_t i_ = 0;
  bool range_ = false;
  int64_t start_ = 0, step_ = 0, n_ = 0, k_ = 0;
};
}  // namespace

// ---------------------------------------------------------------- statements
Interp::Flow Interp::exec_body(const Body& body, const EnvP& env, Value& ret) {
  size_t k = resuming() ? resume_pop().index : 0;  // Note [Generator frames]
  for (; k < body.size(); ++k) {
    Flow f = exec(*body[k], env, ret);
    if (f != Flow::Normal) {
      if (f == Flow::Yield) {
        ResumeState st;
        st.index = k;
        return suspend(std::move(st));
      }
      return f;
    }
  }
  return Flow::Normal;
}

Interp::Flow Interp::exec(const Stmt& s, const EnvP& env, Value& ret) {
  if (!step_observer || !s.traced) return exec_statement(s, env, ret);
  struct Nest {
    int& n;
    explicit Nest(int& x) : n(++x) {}
    ~Nest() { --n; }
  } nest(nesting_);
  const Flow f = exec_statement(s, env, ret);
  if (f != Flow::Yield) step_observer(s, nesting_ == 1 && frames_.size() == 1);
  return f;
}

Interp::Flow Interp::exec_statement(const Stmt& s, const EnvP& env, Value& ret) {
  // A statement boundary is a safe point for the cycle collector: every object
  // in use is held by a scope or by a C++ local, both of which count as roots.
  if (gc_enabled) gc_maybe_collect();
  run_finalizers();  // Note [Finalization]
  count_step();
  frames_.back().second = s.line;
  if (s.traced) explain_statement(s.line, s.end_line);
  try {
    if (gen_ && (s.kind == SK::Expr || s.kind == SK::Assign) &&
        (s.value->kind == EK::Yield || s.value->kind == EK::YieldFrom)) {
      // a yield at the root of its statement suspends without unwinding (Note [Generator frames])
      Value v;
      if (yield_step(*s.value, env, v)) return Flow::Yield;
      for (auto& tg : s.targets) assign(*tg, v, env);
      return Flow::Normal;
    }
    switch (s.kind) {
      case SK::Expr: {
        eval(*s.value, env);
        return Flow::Normal;
      }
      case SK::Assign: {
        Value v = eval(*s.value, env);
        for (auto& tg : s.targets) assign(*tg, v, env);
        return Flow::Normal;
      }
      case SK::AugAssign: return exec_aug_assign(s, env, ret);
      case SK::Del: {
        for (auto& tg : s.targets) del_target(*tg, env);
        return Flow::Normal;
      }
      case SK::Pass: return Flow::Normal;
      case SK::Break: return Flow::Break;
      case SK::Continue: return Flow::Continue;
      case SK::Return: {
        ret = s.value ? eval(*s.value, env) : Value();
        return Flow::Return;
      }
      case SK::If: return exec_if(s, env, ret);
      case SK::While: return exec_while(s, env, ret);
      case SK::For: return exec_for(s, env, ret);
      case SK::FunctionDef: return exec_function_def(s, env, ret);
      case SK::Try: return exec_try(s, env, ret);
      case SK::Raise: return exec_raise(s, env, ret);
      case SK::Assert: return exec_assert(s, env, ret);
      case SK::With: return exec_with(s, env, ret);
      case SK::Import: return exec_import(s, env, ret);
      case SK::ImportFrom: return exec_import_from(s, env, ret);
      case SK::Global:
      case SK::Nonlocal: return Flow::Normal;
      case SK::AnnAssign: {
        const Expr& tg = *s.targets[0];
        // a class body records its annotations in order (dataclass fields); elsewhere they are not evaluated
        if (env->is_class && tg.kind == EK::Name) env->annotations.push_back({tg.name, eval(*s.extra, env)});
        // a module's go to its __annotations__ (SETUP_ANNOTATIONS, STORE_SUBSCR)
        if (!env->fn && !env->parent && tg.kind == EK::Name)
          if (auto it = env->vars.find("__annotations__"); it != env->vars.end() && it->second.as<DictObj>())
            setitem(it->second, make_str(tg.name), eval(*s.extra, env));
        if (s.value) assign(tg, eval(*s.value, env), env);
        return Flow::Normal;
      }
      case SK::ClassDef: return exec_class_def(s, env, ret);
    }
  } catch (const YieldSignal&) {
    return Flow::Yield;  // a yield inside this statement's expressions
  } catch (PyException&) {
    throw;
  } catch (const PyError& e) {
    if (halting(e)) throw;
    PyException pe(e.type, e.msg, Value());
    pe.exc = exception_value(e);
    throw pe;
  }
  return Flow::Normal;
}

Interp::Flow Interp::exec_aug_assign(const Stmt& s, const EnvP& env, Value& ret) {
    const Expr& tg = *s.targets[0];
    if (tg.kind == EK::Name) {
      Value cur = load_name(tg, env);
      Value rhs = eval(*s.value, env);
      store_name(tg, inplace_binop(s.op, cur, rhs), env);
    } else if (tg.kind == EK::Attribute) {
      // the read and the store share the node's attribute caches
      Value obj = eval(*tg.a, env);
      Value cur = load_attr(tg, obj);
      Value rhs = eval(*s.value, env);
      store_attr(*this, tg, obj, inplace_binop(s.op, cur, rhs));
    } else {
      Value obj = eval(*tg.a, env);
      Value key = subscript_key(*tg.b, eval(*tg.b, env), obj);
      Value cur = getitem(obj, key);
      Value rhs = eval(*s.value, env);
      Value res = inplace_binop(s.op, cur, rhs);
      // In-place array ops already wrote through the view; NumPy still calls
      // __setitem__ with the result, which is then a no-op copy onto itself.
      setitem(obj, key, res);
    }
    return Flow::Normal;
}

// The resumable statements below keep their state in a ResumeState when a
// generator's frame suspends inside them (Note [Generator frames]).
Interp::Flow Interp::exec_if(const Stmt& s, const EnvP& env, Value& ret) {
  bool then = resuming() ? resume_pop().phase == 0 : truthy(eval(*s.value, env));
  Flow f = exec_body(then ? s.body : s.orelse, env, ret);
  if (f != Flow::Yield) return f;
  ResumeState st;
  st.phase = then ? 0 : 1;
  return suspend(std::move(st));
}

Interp::Flow Interp::exec_while(const Stmt& s, const EnvP& env, Value& ret) {
  int phase = resuming() ? resume_pop().phase : -1;  // 0: in the body, 1: in the else block
  auto suspended = [&](int ph) {
    ResumeState st;
    st.phase = ph;
    return suspend(std::move(st));
  };
  if (phase != 1) {
    for (bool in_body = phase == 0; in_body || truthy(eval(*s.value, env)); in_body = false) {
      Flow f = exec_body(s.body, env, ret);
      if (f == Flow::Break) return Flow::Normal;
      if (f == Flow::Return) return f;
      if (f == Flow::Yield) return suspended(0);
      frames_.back().second = s.line;
      if (s.traced) explain_statement(s.line, s.line);  // the condition runs again
      count_step();
    }
  }
  Flow f = exec_body(s.orelse, env, ret);
  return f == Flow::Yield ? suspended(1) : f;
}

Interp::Flow Interp::exec_for(const Stmt& s, const EnvP& env, Value& ret) {
  int phase = -1;  // 0: in the body, 1: in the else block
  Value it;
  if (resuming()) {
    ResumeState st = resume_pop();
    phase = st.phase;
    it = std::move(st.a);
  }
  auto suspended = [&](int ph) {
    ResumeState st;
    st.phase = ph;
    st.a = it;
    return suspend(std::move(st));
  };
  if (phase != 1) {
    if (phase < 0) {
      Value src = eval(*s.value, env);
      if (!gen_) {  // Note [Loops over builtin sequences]
        LoopSource items(*this, std::move(src));
        Value item;
        while (items.next(item)) {
          assign(*s.targets[0], item, env);
          Flow f = exec_body(s.body, env, ret);
          if (f == Flow::Break) return Flow::Normal;
          if (f == Flow::Return) return f;
          frames_.back().second = s.line;
          if (s.traced) explain_statement(s.line, s.line);  // the next item (`for row in a`: a view) is the header's
        }
        return exec_body(s.orelse, env, ret);
      }
      it = iter(src);
    }
    Value item;
    for (bool in_body = phase == 0; in_body || next(it, item); in_body = false) {
      if (!in_body) assign(*s.targets[0], item, env);
      Flow f = exec_body(s.body, env, ret);
      if (f == Flow::Break) return Flow::Normal;
      if (f == Flow::Return) return f;
      if (f == Flow::Yield) return suspended(0);
      frames_.back().second = s.line;
      if (s.traced) explain_statement(s.line, s.line);  // the next item (`for row in a`: a view) is the header's
    }
  }
  Flow f = exec_body(s.orelse, env, ret);
  return f == Flow::Yield ? suspended(1) : f;
}

// A function object: the defaults are evaluated now, in the defining scope.
Value Interp::make_function(const std::shared_ptr<FuncDef>& def, const EnvP& env) {
  auto f = std::make_shared<FunctionObj>();
  f->def = def;
  for (auto& prm : def->params) {
    if (!prm.dflt) continue;
    Value v = eval(*prm.dflt, env);
    if (prm.kind == Param::KwOnly) f->kwdefaults.push_back({prm.name, v});
    else f->defaults.push_back(v);
  }
  f->closure = env->is_class ? env->parent : env;  // functions in a class body close over the enclosing scope
  return Value(std::static_pointer_cast<Obj>(f));
}

Interp::Flow Interp::exec_function_def(const Stmt& s, const EnvP& env, Value& ret) {
    std::vector<Value> decorators;
    for (auto& d : s.decorators) decorators.push_back(eval(*d, env));
    store(s.func->name, apply_decorators(s, decorators, make_function(s.func, env)), env);
    return Flow::Normal;
}

// @d1 @d2 def f: f = d1(d2(f)), innermost decorator first.
Value Interp::apply_decorators(const Stmt& s, std::vector<Value>& decorators, Value v) {
    for (auto it = decorators.rbegin(); it != decorators.rend(); ++it) {
      frames_.back().second = s.line;
      v = call(*it, std::vector<Value>{v});
    }
    return v;
}

// class C(bases, metaclass=type): the body runs in a namespace of its own,
// whose names (in definition order) become the class's attributes.
Interp::Flow Interp::exec_class_def(const Stmt& s, const EnvP& env, Value& ret) {
    std::vector<Value> decorators;
    for (auto& d : s.decorators) decorators.push_back(eval(*d, env));
    std::vector<Value> bases;
    for (auto& b : s.items) {
      if (b->kind == EK::Starred) {
        for (auto& x : to_vector(eval(*b->a, env))) bases.push_back(x);
      } else {
        bases.push_back(eval(*b, env));
      }
    }
    // update_bases (Python/bltinmodule.c): a base that is not a class but has
    // __mro_entries__ (typing's Generic[T], NamedTuple) stands for the
    // classes it returns given the bases as written, kept as __orig_bases__
    std::vector<Value> orig_bases, resolved;
    bool entries_used = false;
    for (const Value& b : bases) {
      if (b.as<TypeObj>() || !hasattr(b, "__mro_entries__")) {
        resolved.push_back(b);
        continue;
      }
      Value entries = call(getattr(b, "__mro_entries__"), std::vector<Value>{make_tuple(bases)});
      auto* t = entries.as<TupleObj>();
      if (!t) type_error("__mro_entries__ must return a tuple");
      resolved.insert(resolved.end(), t->items.begin(), t->items.end());
      entries_used = true;
    }
    if (entries_used) {
      orig_bases = std::move(bases);
      bases = std::move(resolved);
    }
    // Note [Metaclasses] (classes.hpp): metaclass= picks the class's class; the other keywords go to it
    Value explicit_meta;
    std::vector<std::pair<std::string, Value>> class_kw;
    for (auto& k : s.keywords) {
      Value v = eval(*k.value, env);
      if (k.name == "metaclass") explicit_meta = v;
      else class_kw.push_back({k.name, v});
    }
    if (!explicit_meta.is_none() && !explicit_meta.as<TypeObj>())
      type_error("metaclass " + repr(explicit_meta) + " is not a class: stridelab calls only classes as metaclasses");
    TypeObj* meta = winning_metaclass(*this, explicit_meta.as<TypeObj>(), bases);
    auto ns = std::make_shared<Env>();
    ns->parent = env->is_class ? env->parent : env;
    ns->is_class = true;
    // __module__: the defining module's __name__ (a frozen module's dotted name), else __main__
    Value modname = make_str("__main__");
    {
      Env* root = env.get();
      while (root->parent) root = root->parent.get();
      auto nm = root->vars.find("__name__");
      if (root != globals.get() && nm != root->vars.end()) modname = nm->second;
    }
    ns->vars["__module__"] = modname;
    std::string qual = s.name;
    if (env->is_class) {
      auto q = env->vars.find("__qualname__");
      if (q != env->vars.end() && q->second.as<StrObj>()) qual = q->second.as<StrObj>()->s + "." + s.name;
    }
    ns->vars["__qualname__"] = make_str(qual);
    ns->order = {"__module__", "__qualname__"};
    // a class body that opens with a string literal: its __doc__, as CPython's compiler stores it
    if (!s.body.empty() && s.body[0]->kind == SK::Expr && s.body[0]->value->kind == EK::Const &&
        s.body[0]->value->constant.as<StrObj>()) {
      ns->vars["__doc__"] = s.body[0]->value->constant;
      ns->order.push_back("__doc__");
    }
    Value r2;
    exec_body(s.body, ns, r2);
    std::vector<std::pair<std::string, Value>> items;
    for (auto& n : ns->order) {
      auto it = ns->vars.find(n);
      if (it != ns->vars.end()) items.push_back({n, it->second});
    }
    if (!orig_bases.empty()) items.push_back({"__orig_bases__", make_tuple(orig_bases)});
    if (!ns->annotations.empty()) {
      auto d = std::make_shared<DictObj>();
      Value dv(std::static_pointer_cast<Obj>(d));
      for (auto& [k, v] : ns->annotations) setitem(dv, make_str(k), v);
      items.push_back({"__annotations__", dv});
    }
    Value cls;
    if (meta->heap) {
      auto d = std::make_shared<DictObj>();
      Value dv(std::static_pointer_cast<Obj>(d));
      for (auto& [k, v] : items) setitem(dv, make_str(k), v);
      Args ca;
      ca.pos = {make_str(s.name), make_tuple(bases), dv};
      ca.kw = class_kw;
      cls = call(type_ref(meta), ca);
    } else {
      cls = type_new(*this, meta, s.name, bases, items, class_kw);
    }
    store(s.name, apply_decorators(s, decorators, cls), env);
    return Flow::Normal;
}

// Parts of a try statement, in order; a generator suspended in one resumes there.
enum TryPhase { kTryBody, kTryHandler, kTryElse, kTryFinally };

// Finds the handler of s that matches e (-1: none) and binds it: the
// exception's traceback so far, its `as` name.
int Interp::try_handler(const Stmt& s, const PyError& e, const EnvP& env, Value& exc) {
  const int failed_line = frames_.back().second;  // before the except clauses run
  for (size_t k = 0; k < s.handlers.size(); ++k) {
    const Handler& h = s.handlers[k];
    if (h.type ? !exception_matches(e, eval(*h.type, env), exc) : (exc = exception_value(e), false)) continue;
    // the traceback so far: this frame at its current line, then the frames it unwound
    if (auto* eo = exc.as<ExceptionObj>()) {
      eo->tb.clear();
      eo->tb.push_back({*frames_.back().first, failed_line});
      if (auto* pe = as_py_exception(e)) {
        if (pe->reraise_line) eo->tb.back().second = pe->reraise_line;
        for (size_t i = 0; i < pe->trace_lines.size(); ++i) eo->tb.push_back({pe->trace_funcs[i], pe->trace_lines[i]});
      }
    }
    if (!h.name.empty()) store(h.name, exc, env);
    return int(k);
  }
  return -1;
}

Interp::Flow Interp::exec_try(const Stmt& s, const EnvP& env, Value& ret) {
  ResumeState st;  // phase, handler index, exception handled, pending flow / return value / exception
  st.phase = kTryBody;
  st.flow = int(Flow::Normal);
  if (resuming()) {
    st = resume_pop();
    if (st.phase == kTryHandler) handling_.push_back(st.a);
    if (st.phase == kTryFinally && Flow(st.flow) == Flow::Return) ret = st.b;
  }
  // The line a pending exception was raised at: matching the handlers and
  // running `finally` move the frame's line, and the traceback names the
  // raise (CPython's tb_lineno is fixed when the exception passes the frame).
  int pending_line = 0;
  auto raised_at = [&] { return frames_.empty() ? 0 : frames_.back().second; };
  auto suspended = [&](int phase) {
    st.phase = phase;
    st.cleanup = true;
    if (phase == kTryHandler) handling_.pop_back();
    if (phase == kTryFinally) st.b = ret;
    return suspend(std::move(st));
  };
  if (st.phase == kTryBody) {
    try {
      Flow f = exec_body(s.body, env, ret);
      if (f == Flow::Yield) return suspended(kTryBody);
      st.flow = int(f);
      st.phase = f == Flow::Normal && !s.orelse.empty() ? kTryElse : kTryFinally;
    } catch (const PyError& e) {
      if (halting(e)) throw;
      pending_line = raised_at();
      Value exc;
      int h = try_handler(s, e, env, exc);
      if (h < 0) {
        st.pending = std::current_exception();
        st.phase = kTryFinally;
      } else {
        st.index = size_t(h);
        st.a = exc;
        st.phase = kTryHandler;
        handling_.push_back(exc);
      }
    }
  }
  if (st.phase == kTryHandler) {
    const Handler& h = s.handlers[st.index];
    try {
      Flow f = exec_body(h.body, env, ret);
      if (f == Flow::Yield) return suspended(kTryHandler);
      st.flow = int(f);
      handling_.pop_back();
      if (!h.name.empty()) env->erase(h.name);
    } catch (PyException& e2) {
      handling_.pop_back();
      // raised while handling: chain the handled exception as __context__
      if (auto* n = e2.exc.as<ExceptionObj>()) {
        if (n != st.a.as<ExceptionObj>() && n->context.is_none()) n->context = st.a;
      }
      pending_line = raised_at();
      st.pending = std::current_exception();
    } catch (...) {
      handling_.pop_back();
      pending_line = raised_at();
      st.pending = std::current_exception();
    }
    st.a = Value();
    st.phase = kTryFinally;
  }
  if (st.phase == kTryElse) {
    try {
      Flow f = exec_body(s.orelse, env, ret);
      if (f == Flow::Yield) return suspended(kTryElse);
      st.flow = int(f);
    } catch (...) {
      pending_line = raised_at();
      st.pending = std::current_exception();
    }
    st.phase = kTryFinally;
  }
  if (!s.finalbody.empty()) {
    Value saved = ret;
    Value r2;
    Flow ff = exec_body(s.finalbody, env, r2);
    if (ff == Flow::Yield) return suspended(kTryFinally);
    if (ff != Flow::Normal) {  // return/break/continue in finally discards what was pending
      if (ff == Flow::Return) ret = r2;
      return ff;
    }
    ret = saved;
  }
  if (st.pending) {
    if (pending_line > 0 && !frames_.empty()) frames_.back().second = pending_line;
    std::rethrow_exception(st.pending);
  }
  return Flow(st.flow);
}

Interp::Flow Interp::exec_raise(const Stmt& s, const EnvP& env, Value& ret) {
    if (!s.value) {
      if (handling_.empty()) raise_exc("RuntimeError", "No active exception to reraise");
      // re-raise with the traceback it had when caught (CPython keeps the original lines)
      Value v = handling_.back();
      auto* eo = v.as<ExceptionObj>();
      PyException pe(eo->type->name, exception_str(v), v);
          for (size_t i = 0; i < eo->tb.size(); ++i) {
        if (i == 0) pe.reraise_line = eo->tb[0].second;
        else {
          pe.trace_funcs.push_back(eo->tb[i].first);
          pe.trace_lines.push_back(eo->tb[i].second);
        }
      }
          throw pe;
    }
    auto to_exc = [&](Value v) {
      if (auto* ty = v.as<TypeObj>()) {
        if (!ty->is_subclass_of(t.base_exception)) type_error("exceptions must derive from BaseException");
        v = call(v, std::vector<Value>{});
      }
      if (!v.as<ExceptionObj>()) type_error("exceptions must derive from BaseException");
      return v;
    };
    Value v = to_exc(eval(*s.value, env));
    auto* eo = v.as<ExceptionObj>();
    if (s.extra) {
      Value c = eval(*s.extra, env);
      if (!c.is_none()) {
        if (c.as<TypeObj>() || c.as<ExceptionObj>()) c = to_exc(c);
        else type_error("exception causes must derive from BaseException");
      }
      eo->cause = c;
      eo->suppress_context = true;
    }
    throw PyException(eo->type->name, exception_str(v), v);
}

Interp::Flow Interp::exec_assert(const Stmt& s, const EnvP& env, Value& ret) {
    if (!truthy(eval(*s.value, env))) {
      std::vector<Value> args;
      if (s.extra) args.push_back(eval(*s.extra, env));
      Value exc = make_exception(exception_type("AssertionError"), args);
      throw PyException("AssertionError", exception_str(exc), exc);
    }
    return Flow::Normal;
}

// Note [With levels]
// `with A() as a, B() as b: body` is `with A() as a: with B() as b: body`
// (CPython's compiler nests them: compiler_with in Python/compile.c). So each
// manager's __exit__ sees the exception that reaches its own level: an
// __enter__ or a target assignment that raises exits the managers entered
// before it, and an exception raised by an __exit__ goes on to the outer
// managers instead of the body's. While __exit__ runs for an exception, that
// exception is being handled (sys.exc_info(), and the __context__ of what
// __exit__ raises). A generator suspended in the body keeps the managers (one
// ResumeState for the statement: the bound __exit__ methods); its replay
// descends the levels again without entering.
Interp::Flow Interp::exec_with(const Stmt& s, const EnvP& env, Value& ret) {
  std::vector<Value> managers;
  const bool resumed = resuming();
  if (resumed) managers = resume_pop().a.as<TupleObj>()->items;  // suspended in the body
  Flow f = with_level(s, 0, managers, resumed, env, ret);
  if (f == Flow::Yield) {
    ResumeState st;
    st.a = make_tuple(managers);
    st.cleanup = true;
    return suspend(std::move(st));
  }
  return f;
}

Interp::Flow Interp::with_level(const Stmt& s, size_t k, std::vector<Value>& managers, bool resumed, const EnvP& env,
                                Value& ret) {
  if (k == s.items.size()) return exec_body(s.body, env, ret);
  Value entered;
  if (!resumed) {
    // mirrors BEFORE_WITH (Python/bytecodes.c): both methods looked up, __exit__
    // bound, before __enter__ runs
    Value m = eval(*s.items[k], env);
    if (!hasattr(m, "__enter__")) type_error("'" + type_name(m) + "' object does not support the context manager protocol");
    if (!hasattr(m, "__exit__"))
      type_error("'" + type_name(m) + "' object does not support the context manager protocol (missed __exit__ method)");
    Value exit = getattr(m, "__exit__");
    entered = call(getattr(m, "__enter__"), std::vector<Value>{});
    managers.push_back(exit);
  }
  const Value exit = managers[k];  // the bound __exit__
  Flow f;
  try {
    if (!resumed && s.targets[k]) assign(*s.targets[k], entered, env);
    f = with_level(s, k + 1, managers, resumed, env, ret);
  } catch (const PyError& e) {
    // __exit__(type, value, traceback); a true result suppresses the exception
    const bool interrupt = halting(e);
    Value exc = exception_value(e);
    Value ty = type_ref(exc.as<ExceptionObj>()->type);
    handling_.push_back(exc);
    bool suppressed;
    try {
      suppressed = truthy(call(exit, std::vector<Value>{ty, exc, Value()}));
    } catch (PyException& e2) {
      handling_.pop_back();
      if (auto* n = e2.exc.as<ExceptionObj>())  // raised while handling: chained
        if (n != exc.as<ExceptionObj>() && n->context.is_none()) n->context = exc;
      throw;
    } catch (...) {
      handling_.pop_back();
      throw;
    }
    handling_.pop_back();
    if (!suppressed || interrupt) throw;
    return Flow::Normal;
  }
  if (f == Flow::Yield) return f;
  call(exit, std::vector<Value>{Value(), Value(), Value()});
  return f;
}

Interp::Flow Interp::exec_import(const Stmt& s, const EnvP& env, Value& ret) {
    for (auto& a : s.names) {
      Value m = import_module(a.name, s.line);
      if (!a.asname.empty()) {
        store(a.asname, m, env);
      } else {
        std::string top = a.name.substr(0, a.name.find('.'));
        store(top, import_module(top, s.line), env);
      }
    }
    return Flow::Normal;
}

Interp::Flow Interp::exec_import_from(const Stmt& s, const EnvP& env, Value& ret) {
    Value m = import_module(s.module, s.line);
    auto* mo = m.as<ModuleObj>();
    for (auto& a : s.names) {
      if (a.name == "*") {
        for (auto& [k, v] : mo->attrs)
          if (!k.empty() && k[0] != '_') store(k, v, env);
        continue;
      }
      auto it = mo->attrs.find(a.name);
      if (it == mo->attrs.end() && load_frozen_package(s.module, a.name)) it = mo->attrs.find(a.name);
      Value v;
      if (it != mo->attrs.end()) {
        v = it->second;
      } else if (modules.count(s.module + "." + a.name)) {
        v = Value(std::static_pointer_cast<Obj>(modules[s.module + "." + a.name]));
      } else {
        raise_exc("ImportError", "cannot import name '" + a.name + "' from '" + s.module + "' (unknown location)");
      }
      store(a.asname.empty() ? a.name : a.asname, v, env);
    }
    return Flow::Normal;
}


Value Interp::import_module(const std::string& dotted, int line) {
  load_builtin(dotted);  // the package first: a frozen submodule attaches to it
  load_frozen(dotted);
  auto it = modules.find(dotted);
  if (it == modules.end()) {
    std::string top = dotted.substr(0, dotted.find('.'));
    if (!modules.count(top))
      raise_exc("ModuleNotFoundError", "No module named '" + top + "'");
    raise_exc("ModuleNotFoundError", "No module named '" + dotted + "'");
  }
  return Value(std::static_pointer_cast<Obj>(it->second));
}

// ---------------------------------------------------------------- names
// The module scope a scope chain ends in (what `global` names bind in).
static Env* module_scope(const EnvP& env) {
  Env* e = env.get();
  while (e->parent) e = e->parent.get();
  return e;
}

Value Interp::lookup(const std::string& name, const EnvP& env, const Expr& at) {
  bool skip_to_globals = false;
  // Note [Global name cache]: a function scope's read that passes only through
  // function scopes (no slot of theirs answers) and ends in the module scope
  // or the builtins is remembered under the module scope's stamp.
  bool through_functions = env->fn != nullptr;
  for (Env* e = env.get(); e; e = e->parent.get()) {
    if (!e->fn && e->parent) through_functions = false;  // a comprehension or class scope on the way
    if (skip_to_globals && e->parent) continue;
    if (e->fn) {
      if (std::find(e->fn->globals.begin(), e->fn->globals.end(), name) != e->fn->globals.end()) {
        skip_to_globals = true;
        continue;
      }
      if (Env::Slot* sl = e->slot(name)) {
        if (sl->bound) {
          if (e != env.get() && through_functions && !skip_to_globals) {  // Note [Free variable cache]
            at.free_fn = e->fn.get();
            at.free_slot = uint32_t(sl - e->slots.data());
            uint32_t depth = 0;
            for (Env* q = env.get(); q != e; q = q->parent.get()) ++depth;
            at.free_depth = depth;
          }
          return sl->v;
        }
        if (e == env.get())
          raise_exc("UnboundLocalError", "cannot access local variable '" + name + "' where it is not associated with a value");
        raise_exc("NameError", "cannot access free variable '" + name + "' where it is not associated with a value in enclosing scope");
      }
      continue;
    }
    auto it = e->vars.find(name);
    if (it != e->vars.end()) {
      if (e == env.get() || (through_functions && !e->parent)) {  // Note [Name caches]
        at.cache_stamp = e->vars.stamp();
        at.cache_value = &it->second;
      }
      return it->second;
    }
  }
  if (Env* root = module_scope(env); root->builtins_overridden) {
    // exec/eval with a namespace of its own builtins (Note [Namespaces of exec
    // and eval], exec_source.cpp): looked up there, never cached
    const Value over = root->builtins_override, key = make_str(name);
    if (over.as<DictObj>()) {
      if (contains(over, key)) return getitem(over, key);
    } else {
      try {
        return getitem(over, key);  // a mapping's own __getitem__; None: "not subscriptable"
      } catch (const PyError& e) {
        if (e.type != "KeyError") throw;
      }
    }
  } else if (auto b = builtins.find(name); b != builtins.end()) {
    // a module scope, or a function scope whose walk reached it: the builtin
    // answers while no global shadows it
    if ((!env->fn && !env->parent) || through_functions) {
      Env* root = module_scope(env);
      at.cache_stamp = root->vars.stamp();
      at.cache_value = &b->second;
    }
    return b->second;
  }
  // mirrors offer_suggestions_for_name_error: the innermost function's locals,
  // then globals, then builtins
  std::string msg = "name '" + name + "' is not defined";
  std::string sug;
  if (env->fn) sug = suggest_name(name, env->fn->locals);
  if (sug.empty()) {
    std::vector<std::string> g;
    for (auto& kv : globals->vars) g.push_back(kv.first);
    std::sort(g.begin(), g.end());
    sug = suggest_name(name, g);
  }
  if (sug.empty()) {
    std::vector<std::string> bl;
    for (auto& kv : builtins) bl.push_back(kv.first);
    std::sort(bl.begin(), bl.end());
    sug = suggest_name(name, bl);
  }
  Value exc = make_exception(exception_type("NameError"), {make_str(msg)});
  exc.as<ExceptionObj>()->suggestion = sug;
  throw PyException("NameError", msg, exc);
}

namespace {
// mirrors levenshtein_distance in Python/suggestions.c (3.11): moves cost 2,
// a case-only substitution 1; common affixes are trimmed first.
constexpr size_t kMoveCost = 2, kMaxStringSize = 40;
size_t substitution_cost(char a, char b) {
  if ((a & 31) != (b & 31)) return kMoveCost;
  if (a == b) return 0;
  if (a >= 'A' && a <= 'Z') a = char(a + ('a' - 'A'));
  if (b >= 'A' && b <= 'Z') b = char(b + ('a' - 'A'));
  return a == b ? 1 : kMoveCost;
}
size_t levenshtein(const char* a, size_t an, const char* b, size_t bn, size_t max_cost) {
  while (an && bn && a[0] == b[0]) { ++a; ++b; --an; --bn; }
  while (an && bn && a[an - 1] == b[bn - 1]) { --an; --bn; }
  if (an == 0 || bn == 0) return (an + bn) * kMoveCost;
  if (an > kMaxStringSize || bn > kMaxStringSize) return max_cost + 1;
  if (bn < an) { std::swap(a, b); std::swap(an, bn); }
  if ((bn - an) * kMoveCost > max_cost) return max_cost + 1;
  size_t buffer[kMaxStringSize];
  size_t tmp = kMoveCost;
  for (size_t i = 0; i < an; ++i) { buffer[i] = tmp; tmp += kMoveCost; }
  size_t result = 0;
  for (size_t bi = 0; bi < bn; ++bi) {
    char code = b[bi];
    size_t distance = result = bi * kMoveCost;
    size_t minimum = SIZE_MAX;
    for (size_t i = 0; i < an; ++i) {
      size_t substitute = distance + substitution_cost(code, a[i]);
      distance = buffer[i];
      size_t insert_delete = std::min(result, distance) + kMoveCost;
      result = std::min(insert_delete, substitute);
      buffer[i] = result;
      if (result < minimum) minimum = result;
    }
    if (minimum > max_cost) return max_cost + 1;
  }
  return result;
}
}  // namespace

std::string Interp::suggest_name(const std::string& name, const std::vector<std::string>& candidates) {
  if (candidates.size() >= 750) return "";  // MAX_CANDIDATE_ITEMS
  size_t best_d = SIZE_MAX;
  const std::string* best = nullptr;
  for (auto& item : candidates) {
    if (item == name) continue;
    size_t max_d = (name.size() + item.size() + 3) * kMoveCost / 6;
    if (best_d != SIZE_MAX) max_d = std::min(max_d, best_d - 1);
    size_t d = levenshtein(name.data(), name.size(), item.data(), item.size(), max_d);
    if (d > max_d) continue;
    if (!best || d < best_d) {
      best = &item;
      best_d = d;
    }
  }
  return best ? *best : "";
}

void Interp::raise_attribute_error(const Value& v, const std::string& name, const std::string& msg) {
  Value exc = make_exception(exception_type("AttributeError"), {make_str(msg)});
  std::vector<std::string> names = attribute_names(v);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  exc.as<ExceptionObj>()->suggestion = suggest_name(name, names);
  throw PyException("AttributeError", msg, exc);
}

Value* Interp::store(const std::string& name, const Value& v, const EnvP& env) {
  auto bind = [&](Env::Slot& sl) {
    sl.v = v;
    sl.bound = true;
    return nullptr;
  };
  if (env->fn) {
    const FuncDef* f = env->fn.get();
    if (std::find(f->globals.begin(), f->globals.end(), name) != f->globals.end()) {
      module_scope(env)->vars[name] = v;  // the function's own module: a frozen one's, or the program's
      return nullptr;
    }
    if (std::find(f->nonlocals.begin(), f->nonlocals.end(), name) != f->nonlocals.end()) {
      for (Env* e = env->parent.get(); e; e = e->parent.get()) {
        if (Env::Slot* sl = e->slot(name)) return bind(*sl);
      }
      raise_exc("SyntaxError", "no binding for nonlocal '" + name + "' found");
    }
    if (Env::Slot* sl = env->slot(name)) return bind(*sl);
    env->vars[name] = v;  // a name the scope analysis did not see bound here (from m import *)
    return nullptr;
  }
  if (env->is_class && !env->vars.count(name)) env->order.push_back(name);
  Value& x = env->vars[name];
  x = v;
  return &x;
}

// Note [Name caches]
// A name is resolved once, not at every use. The parser gives each use of a
// function's local the local's slot (Expr::slot): the call's scope holds its
// locals in a vector, and reading or binding one is an index. The index is
// used only in a scope of the FuncDef the slot belongs to (a node is evaluated
// in the scope of the function whose body holds it; should any path do
// otherwise, it takes the lookup by name). Every other name lives in a hash map
// (module, class and comprehension scopes, then the builtins); there the node
// remembers the address at which the last lookup found it, with the stamp of
// the scope it started from (Note [Name stamps], value.hpp), and uses it while
// that stamp is unchanged. Only a lookup that found the name in the scope it
// started from, or in the builtins from a module scope (no enclosing scope to
// shadow them), is remembered: a key added to or removed from that scope
// changes the stamp, and nothing else can change where the name resolves. The
// builtins are never removed while a program runs, so their addresses hold.
// Lookups through enclosing function scopes (closures) take the uncached path,
// which is also the one that raises NameError and UnboundLocalError.
//
// Note [Global name cache]
// A function's read of a global or a builtin (`fib` inside fib, a class
// name, `len`) walked the scope chain and hashed the name in the module's map
// (and the builtins') at every use. Which scopes such a read consults is fixed
// by the program's text: a function scope answers only from its slots, and
// which names are its slots is its FuncDef's, so a walk that passes only
// through function scopes -- the running function's and those it is nested
// in -- and finds no slot there ends in the module scope, then the builtins,
// every time. Such a read (CPython's LOAD_GLOBAL with its inline cache,
// specialized as LOAD_GLOBAL_MODULE / LOAD_GLOBAL_BUILTIN) remembers the
// address it found under the stamp of the module scope's map: a global added
// or removed (one that would shadow a builtin, a `del` of the name) changes
// that stamp. A hit walks the parents again to check that each is still a
// function scope (a lambda made in a comprehension has that comprehension's
// scope on its chain, whose names change: no cache there) and compares the
// module scope's stamp. A comprehension or class scope reads with the
// scope's own stamp, as above.
namespace {
// The variable a function scope's read of e remembered (Note [Global name
// cache]), or nullptr when the cache does not hold.
inline const Value* cached_global(const Expr& e, const Env& env) {
  const Env* p = &env;
  while (p->parent) {
    if (!p->fn) return nullptr;
    p = p->parent.get();
  }
  return e.cache_stamp == p->vars.stamp() ? e.cache_value : nullptr;
}

// Note [Free variable cache]
// A read of a variable of an enclosing function (a closure's free variable:
// `u` and `i` inside spectral_norm's generator expressions) walked the chain
// comparing the name with each scope's locals. Like a global's, where it
// resolves is fixed by the program's text: so many function scopes up, in a
// scope of that FuncDef, at that slot (CPython's compiler resolves it once, to
// a cell, LOAD_DEREF). The node remembers the three; a read walks that many
// parents, checks that each was a function scope and that the last is a scope
// of that FuncDef, and reads the slot if it is bound. Anything else -- a
// comprehension scope on the way, an unbound variable (whose error the lookup
// raises) -- takes the lookup.
inline const Value* cached_free(const Expr& e, const Env& env) {
  if (!e.free_fn) return nullptr;
  const Env* p = &env;
  for (uint32_t k = 0; k < e.free_depth; ++k) {
    if (!p->fn || !p->parent) return nullptr;
    p = p->parent.get();
  }
  if (p->fn.get() != e.free_fn || e.free_slot >= p->slots.size()) return nullptr;
  const Env::Slot& sl = p->slots[e.free_slot];
  return sl.bound ? &sl.v : nullptr;
}
}  // namespace

Value Interp::load_name(const Expr& e, const EnvP& env) {
  if (e.slot >= 0 && env->fn.get() == e.slot_fn) {
    const Env::Slot& sl = env->slots[size_t(e.slot)];
    if (sl.bound) return sl.v;
  } else if (env->fn) {
    if (const Value* g = cached_global(e, *env)) return *g;
    if (const Value* f = cached_free(e, *env)) return *f;
  } else if (e.cache_stamp == env->vars.stamp()) {
    return *e.cache_value;
  }
  return lookup(e.name, env, e);
}

void Interp::store_name(const Expr& e, const Value& v, const EnvP& env) {
  if (e.slot >= 0 && env->fn.get() == e.slot_fn) {
    Env::Slot& sl = env->slots[size_t(e.slot)];
    sl.v = v;
    sl.bound = true;
    return;
  }
  if (e.cache_stamp == env->vars.stamp()) {
    *e.cache_value = v;
    return;
  }
  if (Value* x = store(e.name, v, env)) {
    e.cache_stamp = env->vars.stamp();
    e.cache_value = x;
  }
}

void Interp::assign(const Expr& target, const Value& v, const EnvP& env) {
  switch (target.kind) {
    case EK::Name: store_name(target, v, env); return;
    case EK::Attribute: {
      Value obj = eval(*target.a, env);
      store_attr(*this, target, obj, v);
      return;
    }
    case EK::Subscript: {
      Value obj = eval(*target.a, env);
      Value key = subscript_key(*target.b, eval(*target.b, env), obj);
      setitem(obj, key, v);
      return;
    }
    case EK::Tuple:
    case EK::List: {
      // Note [Unpacking a tuple in place]: a tuple of the right length,
      // with no starred target, is unpacked from its own items: a tuple cannot
      // change while its items are assigned (CPython's UNPACK_SEQUENCE_TUPLE).
      if (auto* tu = v.as<TupleObj>(); tu && tu->items.size() == target.elts.size() &&
          std::none_of(target.elts.begin(), target.elts.end(), [](const ExprP& x) { return x->kind == EK::Starred; })) {
        for (size_t k = 0; k < tu->items.size(); ++k) assign(*target.elts[k], tu->items[k], env);
        return;
      }
      std::vector<Value> items;
      try {
        items = to_vector(v);
      } catch (const PyError& e) {
        std::string tail = "' object is not iterable";
        if (e.type == "TypeError" && e.msg == "'" + type_name(v) + tail)
          type_error("cannot unpack non-iterable " + type_name(v) + " object");
        throw;
      }
      int star = -1;
      for (size_t k = 0; k < target.elts.size(); ++k)
        if (target.elts[k]->kind == EK::Starred) star = int(k);
      size_t n = target.elts.size();
      if (star < 0) {
        if (items.size() > n)
          raise_exc("ValueError", "too many values to unpack (expected " + std::to_string(n) + ")");
        if (items.size() < n)
          raise_exc("ValueError", "not enough values to unpack (expected " + std::to_string(n) + ", got " +
                                      std::to_string(items.size()) + ")");
        for (size_t k = 0; k < n; ++k) assign(*target.elts[k], items[k], env);
        return;
      }
      if (items.size() < n - 1)
        raise_exc("ValueError", "not enough values to unpack (expected at least " + std::to_string(n - 1) +
                                    ", got " + std::to_string(items.size()) + ")");
      size_t after = n - 1 - size_t(star);
      for (int k = 0; k < star; ++k) assign(*target.elts[k], items[k], env);
      std::vector<Value> mid(items.begin() + star, items.end() - after);
      assign(*target.elts[star]->a, make_list(mid), env);
      for (size_t k = 0; k < after; ++k) assign(*target.elts[star + 1 + k], items[items.size() - after + k], env);
      return;
    }
    case EK::Starred: raise_exc("SyntaxError", "starred assignment target must be in a list or tuple");
    default: raise_exc("SyntaxError", "cannot assign to expression");
  }
}

void Interp::del_target(const Expr& target, const EnvP& env) {
  switch (target.kind) {
    case EK::Name: {
      Env* e = env.get();
      if (e->fn && std::find(e->fn->globals.begin(), e->fn->globals.end(), target.name) != e->fn->globals.end())
        e = module_scope(env);
      if (!e->erase(target.name)) raise_exc("NameError", "name '" + target.name + "' is not defined");
      return;
    }
    case EK::Subscript: {
      Value obj = eval(*target.a, env);
      delitem(obj, subscript_key(*target.b, eval(*target.b, env), obj));
      return;
    }
    case EK::Attribute: delattr(eval(*target.a, env), target.name); return;
    case EK::Tuple:
    case EK::List:
      for (auto& x : target.elts) del_target(*x, env);
      return;
    default: raise_exc("SyntaxError", "cannot delete expression");
  }
}

// ---------------------------------------------------------------- expressions
// Note [Operands read in place]
// Evaluating `self.x * self.x + self.y * self.y` walked eleven nodes, each a
// call of eval_node (a large function: its prologue, its jump table) and each
// Name a copy of the local's Value (a reference count up and down). Two
// shortcuts, which change no result and no traceback line:
//  - `local.name` reads the local in place (local_ref: a bound slot of the
//    running function's scope) and, when the site's instance dict entry
//    answers (cached_dict_entry: no Python code runs), returns that entry's
//    value; otherwise load_attr gets a copy of the local, since a __getattr__
//    or property could rebind it while it runs. The Name's own line needs no
//    update: a bound local cannot fail, and the Attribute sets its line.
//  - an operator's operands that are such reads are done by the operator
//    itself (operand), without a call of eval_node for them.
// Anything else -- a Name that is not a bound local of this frame, a class
// attribute, a property -- takes eval_node as before.
namespace {
const Value* cached_dict_entry(const Expr& e, const Value& o);

// The value of e when it is a bound local of the running frame (env), read in place; else nullptr.
const Value* local_ref(const Expr& e, const EnvP& env) {
  if (e.kind != EK::Name || e.slot < 0 || e.resumable || env->fn.get() != e.slot_fn) return nullptr;
  const Env::Slot& sl = env->slots[size_t(e.slot)];
  return sl.bound ? &sl.v : nullptr;
}

// An operator's operand: a constant, a bound local (its line set, as
// eval_node sets a Name's), `local.name` answered by the site's dict entry,
// else eval.
Value operand(Interp& in, const Expr& e, const EnvP& env) {
  if (e.kind == EK::Const && !e.resumable) return e.constant;
  if (const Value* local = local_ref(e, env)) {
    if (!in.frames().empty()) in.frames().back().second = e.line;
    return *local;
  }
  if (e.kind == EK::Attribute && !e.resumable) {
    if (const Value* local = local_ref(*e.a, env)) {
      if (const Value* x = cached_dict_entry(e, *local)) {
        if (!in.frames().empty()) in.frames().back().second = e.line;
        return *x;
      }
    }
  }
  return in.eval(e, env);
}
}  // namespace

// Note [Operator chains]: `a + b + c + ...` parses as a left-deep tree, one
// BinOp per operator. Evaluating it by recursion would spend a native frame
// per term, and CPython compiles 9,999 terms (Note [Compile-time nesting],
// parser.cpp), more than wasm's stack holds frames of eval_node. So the
// left spine is walked in a loop: the leftmost operand first, then each
// right operand and its operator, innermost first -- the recursion's order,
// with the frame's line set to each operator's as it runs.
Value Interp::eval_binop_chain(const Expr& e, const EnvP& env) {
  // e itself may be resumable (eval_resumable hands it here); the nodes below
  // it join the loop only when nothing suspends inside them.
  // The spine of a short chain lives on the stack (no allocation per `a + b + c`).
  constexpr size_t kInline = 8;
  const Expr* inline_spine[kInline];
  std::vector<const Expr*> long_spine;
  size_t depth = 0;
  auto push = [&](const Expr* x) {
    if (depth < kInline) {
      inline_spine[depth++] = x;
      return;
    }
    if (long_spine.empty()) long_spine.assign(inline_spine, inline_spine + kInline);
    long_spine.push_back(x);
    ++depth;
  };
  push(&e);
  const Expr* p = e.a.get();
  for (; p->kind == EK::BinOp && !p->resumable; p = p->a.get()) push(p);
  const Expr* const* spine = depth <= kInline ? inline_spine : long_spine.data();
  Value acc = operand(*this, *p, env);
  for (size_t k = depth; k-- > 0;) {
    const Expr& n = *spine[k];
    Value b = operand(*this, *n.b, env);
    if (!frames_.empty()) frames_.back().second = n.line;
    acc = binop(n.binop, acc, b);
  }
  return acc;
}

namespace {
// Whether the stack used since `base` passes `budget` (Note [Recursion depth]).
inline bool past_stack_budget(const char* base, size_t budget) {
  char here = 0;
  const auto sp = reinterpret_cast<std::uintptr_t>(&here), b = reinterpret_cast<std::uintptr_t>(base);
  return sp < b && b - sp > budget;
}
}  // namespace

// Nested expressions recurse here without a Python call (up to the parser's
// 1,000 levels, Note [Parser depth]); a sanitizer's frames are several times
// larger, so the stack bound is checked here too (Note [Recursion depth]),
// inline, and not for the leaves.
// Note [Traceback lines]: like CPython 3.11 a frame's line is that of the
// operation running, so an error inside a multi-line statement names the
// line of the failing call, operator or lookup.
Value Interp::eval_node(const Expr& e, const EnvP& env) {
  if (e.kind != EK::Name && e.kind != EK::Const && (stack_base_ ? past_stack_budget(stack_base_, stack_budget) : stack_exhausted()))
    raise_exc("RecursionError", "maximum recursion depth exceeded");
  switch (e.kind) {
    case EK::Name:
      if (!frames_.empty()) frames_.back().second = e.line;
      return load_name(e, env);
    case EK::Const: return e.constant;
    case EK::Imag: return call(builtins["complex"], std::vector<Value>{Value::floating(0.0), e.constant});
    case EK::FString: {
      std::string s;
      for (auto& part : e.elts) {
        if (part->kind == EK::Const) {
          s += part->constant.as<StrObj>()->s;
          continue;
        }
        Value v = eval(*part->a, env);
        if (part->conversion == 'r') v = make_str(repr(v));
        else if (part->conversion == 's') v = make_str(str(v));
        else if (part->conversion == 'a') v = make_str(repr(v));
        std::string spec;
        if (part->b) spec = eval(*part->b, env).as<StrObj>()->s;
        Value f = format_value(v, spec);
        s += f.as<StrObj>()->s;
      }
      return make_str(s);
    }
    case EK::Formatted: return format_value(eval(*e.a, env), "");
    case EK::List:
    case EK::Tuple:
    case EK::Set: {
      std::vector<Value> items;
      items.reserve(e.elts.size());
      for (auto& x : e.elts) {
        if (x->kind == EK::Starred) {
          auto more = to_vector(eval(*x->a, env));
          items.insert(items.end(), more.begin(), more.end());
        } else {
          items.push_back(eval(*x, env));
        }
      }
      if (e.kind == EK::List) return make_list(std::move(items));
      if (e.kind == EK::Tuple) return make_tuple(std::move(items));
      if (set_display_is_constant(e)) {
        // CPython compiles a display of 3..30 constants to BUILD_SET 0,
        // LOAD_CONST frozenset, SET_UPDATE, and the compiler rebuilds that
        // frozenset from its own iteration order when it merges constants:
        // three tables, each shaping the next one's slots.
        Value first = call(builtins["set"], std::vector<Value>{make_list(std::move(items))});
        Value folded = call(builtins["set"], std::vector<Value>{make_list(to_vector(first))});
        Value out = call(builtins["set"], std::vector<Value>{});
        call(getattr(out, "update"), std::vector<Value>{folded});
        return out;
      }
      return call(builtins["set"], std::vector<Value>{make_list(std::move(items))});
    }
    case EK::Dict: {
      auto d = std::make_shared<DictObj>();
      Value dv(std::static_pointer_cast<Obj>(d));
      for (size_t k = 0; k < e.elts.size(); ++k) {
        if (!e.keys[k]) {
          Value other = eval(*e.elts[k], env);
          Value items = call(getattr(other, "items"), std::vector<Value>{});
          for (auto& kv : to_vector(items)) {
            auto* tu = kv.as<TupleObj>();
            setitem(dv, tu->items[0], tu->items[1]);
          }
          continue;
        }
        Value key = eval(*e.keys[k], env);
        Value val = eval(*e.elts[k], env);
        setitem(dv, key, val);
      }
      return dv;
    }
    case EK::BinOp: {
      if (e.a->kind == EK::BinOp && !e.a->resumable) return eval_binop_chain(e, env);
      Value a = operand(*this, *e.a, env);
      Value b = operand(*this, *e.b, env);
      if (!frames_.empty()) frames_.back().second = e.line;
      return binop(e.binop, a, b);
    }
    case EK::UnaryOp: {
      Value a = eval(*e.a, env);
      return unaryop(e.unop, a);
    }
    case EK::BoolOp: {
      Value v;
      for (size_t k = 0; k < e.elts.size(); ++k) {
        v = eval(*e.elts[k], env);
        if (k + 1 == e.elts.size()) break;  // the last operand is returned untested
        bool tv = truthy(v);
        if (e.boolop == BoolOp::And ? !tv : tv) return v;
      }
      return v;
    }
    case EK::Compare: {
      Value left = operand(*this, *e.a, env);  // Note [Operands read in place]
      Value result;
      for (size_t k = 0; k < e.cmp_ops.size(); ++k) {
        Value right = operand(*this, *e.elts[k], env);
        result = compare(e.cmp_ops[k], left, right);
        if (k + 1 < e.cmp_ops.size() && !truthy(result)) return result;
        left = right;
      }
      return result;
    }
    case EK::Call: return after_call(eval_call(e, env));
    case EK::Attribute: {
      if (const Value* local = local_ref(*e.a, env)) {  // Note [Operands read in place]
        if (!frames_.empty()) frames_.back().second = e.line;
        if (const Value* x = cached_dict_entry(e, *local)) return *x;
        return load_attr(e, Value(*local));  // a copy: getattr may run code that rebinds the local
      }
      Value o = eval(*e.a, env);
      if (!frames_.empty()) frames_.back().second = e.line;
      return load_attr(e, o);
    }
    case EK::Subscript: {
      Value obj = operand(*this, *e.a, env);
      Value key = subscript_key(*e.b, operand(*this, *e.b, env), obj);
      if (!frames_.empty()) frames_.back().second = e.line;
      return getitem(obj, key);
    }
    case EK::Slice: {
      Value a = e.a ? eval(*e.a, env) : Value();
      Value b = e.b ? eval(*e.b, env) : Value();
      Value c = e.c ? eval(*e.c, env) : Value();
      return Value(std::static_pointer_cast<Obj>(std::make_shared<SliceObj>(a, b, c)));
    }
    case EK::IfExp: return truthy(eval(*e.a, env)) ? eval(*e.b, env) : eval(*e.c, env);
    case EK::Lambda: return make_function(e.func, env);
    case EK::ListComp:
    case EK::SetComp:
    case EK::DictComp: return eval_comprehension(e, env);
    case EK::GenExp: {  // a generator function called with the first iterable (make_genexp)
      Value first = iter(eval(*e.a, env));
      auto f = std::make_shared<FunctionObj>();
      f->def = e.func;
      f->closure = env;
      Args a;
      a.pos.push_back(std::move(first));
      return call_function(*f, a);
    }
    case EK::Yield: return eval_yield(e, env);
    case EK::YieldFrom: return eval_yield(e, env);
    case EK::Starred: raise_exc("SyntaxError", "can't use starred expression here");
    case EK::NamedExpr: {
      Value v = eval(*e.a, env);
      // PEP 572: inside a comprehension the target binds in the enclosing function or module scope
      EnvP target = env;
      while (target->parent && (!target->fn || target->fn->is_genexp)) target = target->parent;
      if (target == env) store_name(e, v, env);
      else store(e.name, v, target);
      return v;
    }
  }
  return Value();
}

namespace {
// The entry of a dict's table whose key is the plain str `name`, or -1.
long str_key_entry(const HashTable& t, const std::string& name) {
  if (t.slots) return -1;
  for (size_t k = 0; k < t.entries.size(); ++k) {
    if (!t.alive[k]) continue;
    const auto* s = t.entries[k].first.as<StrObj>();
    if (s && s->s == name) return long(k);
  }
  return -1;
}
}  // namespace

// Note [Instance dict entry cache]
// `obj.x` on an instance whose class has no attribute x (the site's class
// cache says absent, Note [Type attribute cache]) is the instance dict's
// value for "x": instance_getattr consults nothing else before the dict. Such
// a site remembers the index of the dict entry it found, and the next read
// checks that entry's key instead of looking the name up: an alive entry
// whose key is the plain str "x" is the dict's only entry for "x" (keys are
// unique), whichever dict of whichever instance of that class it is.
// Instances made by one __init__ share their entries' order, so one index
// serves them all (the idea of CPython's shared-key instance dicts). A miss
// takes the general path, which refreshes the index.
//
// Note [Attribute name keys]
// Checking that entry's key compared its text with the name, a memcmp per
// read. An attribute site keeps a str object spelling its name (AttrCache::
// name_key): a store at the site that adds the name to an instance dict
// inserts that object as the key (instance_setattr, classes.cpp), and a read
// remembers the key object of the entry it found. A key that is that very
// object spells the name -- str objects are immutable and the cache's strong
// reference keeps it from being freed and its address reused -- so the read
// compares one pointer, and the text only when the objects differ (a dict
// filled elsewhere, or at another site). Instances made by one __init__ share
// its sites' key objects.
//
// Note [Slot attribute cache]
// An attribute declared in __slots__ lives in the instance's slot vector, at
// the name's index in its class's slot list, which is fixed when the class is
// made. Where a site's class cache says the class has no attribute of the
// name (no property or descriptor intercepts it), the site remembers that
// index with the class: a store there writes the slot (instance_setattr puts
// a slot name in its slot whether or not the instance also has a dict), and
// a read of an instance without a dict returns the slot's value if it is set
// (instance_getattr reads the dict first, so an instance with one takes the
// general path; an unset slot does too, for its AttributeError). CPython's
// member descriptors and LOAD_ATTR_SLOT / STORE_ATTR_SLOT.
// o.name at the Attribute node e. A module's attribute is remembered like a
// scope's variable (Note [Name caches]: its namespace is stamped too); other
// receivers take getattr with e as the attribute site (Note [Type attribute
// cache], classes.cpp).
namespace {
// After a general lookup or store at e on inst: the name's slot index, when
// the site's class cache says the class lacks the name (Note [Slot attribute cache]).
void remember_slot(const Expr& e, InstanceObj* inst) {
  if (!inst || inst->type->slots.empty() || e.name == "__dict__" || e.name == "__class__") return;
  AttrCacheEntry* c = e.attr_cache.find(inst->type);
  if (!c || c->epoch != Names::type_epoch() || c->value || c->native) return;
  const auto& names = inst->type->slots;
  auto it = std::find(names.begin(), names.end(), e.name);
  c->slot = it == names.end() ? -1 : int32_t(it - names.begin());
}

// The value of o.name from the instance dict entry the site e remembers, or
// nullptr (Note [Instance dict entry cache]); runs no Python code.
const Value* cached_dict_entry(const Expr& e, const Value& o) {
  auto* inst = o.as<InstanceObj>();
  if (!inst) return nullptr;
  const AttrCacheEntry* ce = e.attr_cache.find(inst->type);  // Note [Polymorphic attribute sites]
  if (!ce) return nullptr;
  const AttrCacheEntry& c = *ce;
  if (c.epoch != Names::type_epoch() || c.value || c.native) return nullptr;
  if (c.slot >= 0) {  // Note [Slot attribute cache]
    const size_t k = size_t(c.slot);
    if (!inst->dict.is_none() || k >= inst->slots.size() || !inst->slot_set[k]) return nullptr;
    return &inst->slots[k];
  }
  if (c.dict_entry == AttrCache::kNoEntry) return nullptr;
  const DictObj* d = inst->dict.as<DictObj>();
  if (!d) return nullptr;
  const HashTable& t = d->t;
  const size_t k = c.dict_entry;
  if (t.slots || k >= t.entries.size() || !t.alive[k]) return nullptr;
  const Value& key = t.entries[k].first;
  if (key.is_obj() && key.identity() == e.attr_cache.name_key.identity()) return &t.entries[k].second;  // Note [Attribute name keys]
  const auto* s = key.as<StrObj>();
  return s && s->s == e.name ? &t.entries[k].second : nullptr;
}
}  // namespace

Value Interp::load_attr(const Expr& e, const Value& o) {
  if (auto* m = o.as<ModuleObj>()) {
    if (e.cache_stamp == m->attrs.stamp()) return *e.cache_value;
    auto it = m->attrs.find(e.name);
    if (it != m->attrs.end()) {
      e.cache_stamp = m->attrs.stamp();
      e.cache_value = &it->second;
      return it->second;
    }
  }
  if (const Value* x = cached_dict_entry(e, o)) return *x;
  AttrCache& cache = e.attr_cache;
  auto* inst = o.as<InstanceObj>();
  // The site's class cache says: this instance's class has no attribute of the name.
  auto absent_in_class = [&] {
    const AttrCacheEntry* c = cache.find(inst->type);
    return c && c->epoch == Names::type_epoch() && !c->value && !c->native;
  };
  const DictObj* d;
  Value r;
  {
    AttrSite site(*this, e);
    r = getattr(o, e.name);
  }
  // The dict again: getattr may have run user code (__getattr__) that
  // replaced it. Small dicts only, so that a site whose instances disagree
  // never rescans a large one on every read.
  remember_slot(e, inst);  // Note [Slot attribute cache]
  d = inst ? inst->dict.as<DictObj>() : nullptr;
  if (d && d->t.entries.size() <= 64 && absent_in_class()) {
    const long k = str_key_entry(d->t, e.name);
    cache.find(inst->type)->dict_entry = k < 0 ? AttrCache::kNoEntry : uint32_t(k);
    if (k >= 0) cache.name_key = d->t.entries[size_t(k)].first;
  }
  return r;
}

// Note [Instance attribute stores]
// `obj.x = v` where the site's caches say that obj's class has no attribute
// x (so no property or other descriptor intercepts the store), that no class
// in its MRO defines __setattr__, that it declares no __slots__, and that the
// instance dict already holds x at the remembered entry, is an assignment to
// that entry's value -- what instance_setattr's table_set would do after its
// lookups (CPython's STORE_ATTR_INSTANCE_VALUE). Otherwise the store takes
// setattr with the site active, and then, when the class cache says absent,
// remembers the entry the name now has in the dict, as a read does (Note
// [Instance dict entry cache]), so that a site that only stores
// (`self.n = self.n + 1` in a loop) finds it the next time.
namespace {
void store_attr(Interp& in, const Expr& e, const Value& o, const Value& v) {
  auto* inst = o.as<InstanceObj>();
  if (inst && !type_has_setattr(inst->type)) {
    const AttrCacheEntry* c = e.attr_cache.find(inst->type);
    if (c && c->slot >= 0 && c->epoch == Names::type_epoch() && !c->value && !c->native &&
        size_t(c->slot) < inst->slots.size()) {  // Note [Slot attribute cache]
      inst->slots[size_t(c->slot)] = v;
      inst->slot_set[size_t(c->slot)] = true;
      return;
    }
    if (inst->type->slots.empty())
      if (const Value* x = cached_dict_entry(e, o)) {
        *const_cast<Value*>(x) = v;
        return;
      }
  }
  {
    Interp::AttrSite site(in, e);
    in.setattr(o, e.name, v);
  }
  if (!inst) return;
  remember_slot(e, inst);
  AttrCacheEntry* c = e.attr_cache.find(inst->type);
  const DictObj* d = inst->dict.as<DictObj>();
  if (!c || c->epoch != Names::type_epoch() || c->value || c->native || !d || d->t.entries.size() > 64) return;
  const long k = str_key_entry(d->t, e.name);
  c->dict_entry = k < 0 ? AttrCache::kNoEntry : uint32_t(k);
  if (k >= 0) e.attr_cache.name_key = d->t.entries[size_t(k)].first;
}
}  // namespace

bool Interp::method_lookup_at(const Expr& e, const Value& o, Value& fn) {
  AttrSite site(*this, e);
  return method_lookup(*this, o, e.name, fn);
}

Value Interp::eval_comprehension(const Expr& e, const EnvP& env) {
  auto scope = std::make_shared<Env>();
  scope->parent = env;
  std::vector<Value> items;
  auto d = e.kind == EK::DictComp ? std::make_shared<DictObj>() : nullptr;
  Value dv = d ? Value(std::static_pointer_cast<Obj>(d)) : Value();
  // The first iterable is evaluated in the enclosing scope (Python semantics),
  // and its iterator made at once (Note [Loops over builtin sequences]).
  LoopSource first(*this, eval(*e.generators[0].iter, env));
  auto loop = [&](auto& self, size_t gi) -> void {
    if (gi == e.generators.size()) {
      if (d) {
        Value k = eval(*e.a, scope);
        setitem(dv, k, eval(*e.b, scope));
      } else {
        items.push_back(eval(*e.a, scope));
      }
      return;
    }
    const Comprehension& g = e.generators[gi];
    auto each = [&](LoopSource& source) {
      Value x;
      while (source.next(x)) {
        checkpoint();
        assign(*g.target, x, scope);
        bool ok = true;
        for (auto& cond : g.ifs)
          if (!truthy(eval(*cond, scope))) {
            ok = false;
            break;
          }
        if (ok) self(self, gi + 1);
      }
    };
    if (gi == 0) {
      each(first);
    } else {
      LoopSource inner(*this, eval(*g.iter, scope));
      each(inner);
    }
  };
  // A list, set or dict comprehension runs inline in the enclosing frame (PEP 709,
  // Python 3.12): a traceback has no <listcomp> line; a generator expression is
  // still a function of its own (<genexpr>, parser.cpp).
  loop(loop, 0);
  if (d) return dv;
  if (e.kind == EK::ListComp) return make_list(std::move(items));
  return call(builtins["set"], std::vector<Value>{make_list(std::move(items))});
}

// The native `at.name` of a builtin container's type (plain list, tuple,
// dict, set, str), as the site's class cache answers it, or nullptr (Note
// [Native method calls]).
namespace {
const NativeFn* builtin_method_at(Interp& in, const Expr& at, const Value& o) {
  if (!o.is_obj()) return nullptr;
  const Obj* ob = o.obj();
  switch (ob->kind) {
    case ObjKind::List:
    case ObjKind::Str:
    case ObjKind::Set: break;
    case ObjKind::Tuple:
      if (static_cast<const TupleObj*>(ob)->type) return nullptr;
      break;
    case ObjKind::Dict:
      if (static_cast<const DictObj*>(ob)->type) return nullptr;
      break;
    default: return nullptr;
  }
  const std::string& name = at.name;
  if (name.size() > 1 && name[0] == '_' && name[1] == '_') return nullptr;
  TypeObj* ty = in.type_of(o);
  const AttrCacheEntry* c = at.attr_cache.find(ty);
  if (!c || c->epoch != Names::type_epoch()) {
    Interp::AttrSite site(in, at);
    Value found;
    if (!type_lookup(in, ty, name, found)) return nullptr;
    c = at.attr_cache.find(ty);
    if (!c) return nullptr;
  }
  return c->value ? nullptr : c->native;
}

// A call with positional arguments only, none of them starred.
bool plain_positional(const Expr& e) {
  return e.keywords.empty() &&
         std::none_of(e.elts.begin(), e.elts.end(), [](const ExprP& x) { return x->kind == EK::Starred; });
}

// Note [Native method calls]
// `xs.append(x)` made a bound method -- a BuiltinObj holding a copy of the
// native, a BoundMethodObj -- and an argument vector, then called through
// them with xs in front. For a plain list, tuple, dict, set or str the
// attribute can only be its type's native method (getattr reaches the method
// tables directly for those receivers, and a dunder name is left to it), so
// the call site looks the native up through its class cache (the answer
// type_lookup gives for the type's MRO, Note [Type attribute cache]) and calls
// it with the receiver first -- what calling the bound method does (CPython's
// LOAD_ATTR_METHOD and CALL_METHOD_DESCRIPTOR_FAST). Only calls without
// keywords or `*` arguments take this path; the arguments are evaluated after
// the lookup, as before. A native that fails names itself (a.fname) as the
// bound method's call did.
Value call_builtin_method(Interp& in, const Expr& e, const NativeFn& fn, Value self, const EnvP& env) {
  Args a;
  a.pos.reserve(e.elts.size() + 1);
  a.pos.push_back(std::move(self));
  for (auto& x : e.elts) a.pos.push_back(operand(in, *x, env));
  if (!in.frames().empty()) in.frames().back().second = e.line;  // Note [Traceback lines]
  a.fname = e.a->name;
  try {
    return fn(in, a);
  } catch (const std::bad_alloc&) {  // a Python MemoryError, which an except clause can catch
    in.raise_exc("MemoryError", "");
  }
}
}  // namespace

// Note [Calls that bind into the scope]
// A call of a function written in Python whose parameters are all plain
// (FuncDef::plain_params), with one positional argument per parameter and no
// `*` or `**` argument, cannot fail to bind. Such a call evaluates its
// arguments straight into the slots of the callee's new scope instead of
// collecting them in an Args vector first (an allocation per call) and binding
// from there; the order of evaluation is unchanged (the callee, then the
// arguments left to right, then the call). A generator function takes the
// general path (its scope becomes the generator's frame).
Value Interp::eval_call(const Expr& e, const EnvP& env) {
  Value f;
  // obj.m(...): a plain method of a user class is called with obj in front,
  // without making the bound method (method_lookup, classes.hpp)
  bool method = false;
  Value self;
  if (e.a->kind == EK::Attribute && !e.a->resumable) {
    const Expr& at = *e.a;
    Value o = operand(*this, *at.a, env);
    if (!frames_.empty()) frames_.back().second = at.line;
    Value m;
    if (method_lookup_at(at, o, m)) {
      method = true;
      f = std::move(m);
      self = std::move(o);
    } else if (const NativeFn* native = plain_positional(e) ? builtin_method_at(*this, at, o) : nullptr) {
      return call_builtin_method(*this, e, *native, std::move(o), env);
    } else {
      f = load_attr(at, o);
    }
  } else {
    f = eval(*e.a, env);
  }
  if (e.keywords.empty()) {
    auto* fo = f.as<FunctionObj>();
    const FuncDef* d = fo ? fo->def.get() : nullptr;
    if (d && d->plain_params && !d->is_generator && d->params.size() == e.elts.size() + method &&
        std::none_of(e.elts.begin(), e.elts.end(), [](const ExprP& x) { return x->kind == EK::Starred; })) {
      EnvP scope = call_scope(*fo);
      size_t k = 0;
      if (method) bind_param(*scope, k++, std::move(self));
      for (auto& x : e.elts) bind_param(*scope, k++, operand(*this, *x, env));
      if (!frames_.empty()) frames_.back().second = e.line;  // Note [Traceback lines]
      return run_call(*fo, scope);
    }
  }
  Args a;
  a.pos.reserve(e.elts.size() + 1);  // + 1: a bound method's self goes in front without a reallocation
  if (method) a.pos.push_back(std::move(self));
  // mirrors _PyObject_FunctionStr: "__main__.f()" for functions (by their
  // qualified name, a bound method by its function's), "len()" for builtins
  auto func_str = [&]() -> std::string {
    const Value* fn = &f;
    if (auto* bm = f.as<BoundMethodObj>()) fn = &bm->fn;
    if (auto* fo = fn->as<FunctionObj>()) {
      const FuncDef& d = *fo->def;
      if (auto* owner = fo->owner.as<TypeObj>()) return "__main__." + (owner->qual.empty() ? owner->name : owner->qual) + "." + d.name + "()";
      return "__main__." + (d.qualname.empty() ? d.name : d.qualname) + "()";
    }
    if (auto* bo = f.as<BuiltinObj>()) return bo->name + "()";
    return type_name(f) + " object";
  };
  for (auto& x : e.elts) {
    if (x->kind == EK::Starred) {
      Value it = eval(*x->a, env);
      std::vector<Value> more;
      try {
        more = to_vector(it);
      } catch (const PyError& err) {
        if (err.type == "TypeError" && err.msg == "'" + type_name(it) + "' object is not iterable")
          type_error(func_str() + " argument after * must be an iterable, not " + type_name(it));
        throw;
      }
      a.pos.insert(a.pos.end(), more.begin(), more.end());
    } else {
      a.pos.push_back(eval(*x, env));
    }
  }
  for (auto& k : e.keywords) {
    if (k.name.empty()) {
      Value m = eval(*k.value, env);
      auto* d = m.as<DictObj>();
      if (!d) type_error(func_str() + " argument after ** must be a mapping, not " + type_name(m));
      for (size_t i = 0; i < d->t.entries.size(); ++i) {
        if (!d->t.alive[i]) continue;
        auto* ks = d->t.entries[i].first.as<StrObj>();
        if (!ks) type_error("keywords must be strings");
        a.kw.push_back({ks->s, d->t.entries[i].second});
      }
    } else {
      a.kw.push_back({k.name, eval(*k.value, env)});
    }
  }
  if (!frames_.empty()) frames_.back().second = e.line;  // Note [Traceback lines]
  if (method) return call_function(*static_cast<FunctionObj*>(f.obj()), a);
  return call(f, a);
}

Value Interp::call(const Value& f, std::vector<Value> pos) {
  Args a;
  a.pos = std::move(pos);
  return call(f, a);
}

Value Interp::call(const Value& f, Args& a) {
  if (f.is_obj()) {
    switch (f.obj()->kind) {
      case ObjKind::Builtin: {
        auto* b = static_cast<BuiltinObj*>(f.obj());
        a.fname = b->name;
        try {
          return b->fn(*this, a);
        } catch (const std::bad_alloc&) {  // a Python MemoryError, which an except clause can catch
          raise_exc("MemoryError", "");
        }
      }
      case ObjKind::Function: return call_function(*static_cast<FunctionObj*>(f.obj()), a);
      case ObjKind::BoundMethod: {
        auto* m = static_cast<BoundMethodObj*>(f.obj());
        a.pos.insert(a.pos.begin(), m->self);
        return call(m->fn, a);
      }
      case ObjKind::Type: {
        auto* ty = static_cast<TypeObj*>(f.obj());
        if (ty->call) {
          a.fname = ty->name;
          return ty->call(*this, a);
        }
        if (ty->is_subclass_of(t.base_exception)) {
          if (!a.kw.empty()) type_error(ty->name + "() takes no keyword arguments");
          check_exception_args(*this, ty, a.pos);
          return make_exception(ty, a.pos);
        }
        type_error("cannot create '" + ty->qualname() + "' instances");
      }
      default: break;
    }
  }
  if (f.is_obj() && f.obj()->kind == ObjKind::Instance) {
    Value c;
    if (find_special(f, "__call__", c) && !c.is_none()) {
      a.pos.insert(a.pos.begin(), f);
      return call(c, a);
    }
  }
  if (f.is_obj() && f.obj()->kind == ObjKind::Generic) {
    auto* g = static_cast<GenericObj*>(f.obj());
    auto it = g->attrs.find("__call__");
    if (it != g->attrs.end()) return call(it->second, a);
  }
  type_error("'" + type_of(f)->name + "' object is not callable");
}

namespace {
// 'a', 'a' and 'b', 'a', 'b', and 'c' (mirrors format_missing in Python/ceval.c)
std::string quoted_names(const std::vector<std::string>& names) {
  std::string out;
  for (size_t k = 0; k < names.size(); ++k) {
    if (k) out += names.size() == 2 ? " and " : (k + 1 == names.size() ? ", and " : ", ");
    out += "'" + names[k] + "'";
  }
  return out;
}
}  // namespace

// Binds a call's arguments to f's parameters in env. Mirrors
// initialize_locals (Python/ceval.c): positionals fill the positional
// parameters, the rest go to *args; keywords match by name any parameter that
// is not positional-only (or go to **kwargs); then the checks, in CPython's
// order: unexpected keyword, multiple values, too many positionals, missing
// positionals, missing keyword-only arguments. Defaults fill what is left.
void Interp::bind_arguments(FunctionObj& f, Args& a, Env& env) {
  const FuncDef& d = *f.def;
  // The common call -- positionals only, one per plain parameter -- binds
  // directly: no checks can fail, so no message text or bookkeeping is built.
  if (a.kw.empty() && a.pos.size() == d.params.size() && d.plain_params) {
    for (size_t k = 0; k < d.params.size(); ++k) bind_param(env, k, a.pos[k]);
    return;
  }
  // messages name the function by its qualified name (A.__init__(), outer.<locals>.f())
  std::string fname = d.qualname.empty() ? d.name : d.qualname;
  if (auto* owner = f.owner.as<TypeObj>()) fname = (owner->qual.empty() ? owner->name : owner->qual) + "." + d.name;
  size_t npos_params = 0;
  int varargs = -1, varkw = -1;
  for (size_t k = 0; k < d.params.size(); ++k) {
    const Param& p = d.params[k];
    if (p.kind == Param::PosOnly || p.kind == Param::Normal) ++npos_params;
    if (p.kind == Param::VarArgs) varargs = int(k);
    if (p.kind == Param::VarKw) varkw = int(k);
  }
  std::vector<Value> vals(d.params.size());
  std::vector<bool> have(d.params.size(), false);
  for (size_t k = 0; k < std::min(a.pos.size(), npos_params); ++k) {
    vals[k] = a.pos[k];
    have[k] = true;
  }
  if (varargs >= 0) {
    std::vector<Value> extra;
    for (size_t k = npos_params; k < a.pos.size(); ++k) extra.push_back(a.pos[k]);
    vals[varargs] = make_tuple(std::move(extra));
    have[varargs] = true;
  }
  Value kwdict;
  if (varkw >= 0) {
    kwdict = Value(std::static_pointer_cast<Obj>(std::make_shared<DictObj>()));
    vals[varkw] = kwdict;
    have[varkw] = true;
  }
  for (auto& [name, v] : a.kw) {
    int found = -1;
    for (size_t k = 0; k < d.params.size(); ++k) {
      const Param& p = d.params[k];
      if ((p.kind == Param::Normal || p.kind == Param::KwOnly) && p.name == name) found = int(k);
    }
    if (found < 0) {
      if (varkw >= 0) {
        setitem(kwdict, make_str(name), v);
        continue;
      }
      std::vector<std::string> posonly;  // mirrors positional_only_passed_as_keyword
      for (auto& kv : a.kw)
        for (auto& p : d.params)
          if (p.kind == Param::PosOnly && p.name == kv.first) posonly.push_back(kv.first);
      if (!posonly.empty()) {
        std::string names;
        for (size_t k = 0; k < posonly.size(); ++k) names += (k ? ", " : "") + posonly[k];
        type_error(fname + "() got some positional-only arguments passed as keyword arguments: '" + names + "'");
      }
      type_error(fname + "() got an unexpected keyword argument '" + name + "'");
    }
    if (have[found]) type_error(fname + "() got multiple values for argument '" + name + "'");
    vals[found] = v;
    have[found] = true;
  }
  const size_t ndef_pos = std::min(f.defaults.size(), npos_params);  // they fill the last positionals
  if (a.pos.size() > npos_params && varargs < 0) {  // mirrors too_many_positional
    size_t kwonly_given = 0;
    for (size_t k = 0; k < d.params.size(); ++k) kwonly_given += d.params[k].kind == Param::KwOnly && have[k];
    std::string sig = ndef_pos ? "from " + std::to_string(npos_params - ndef_pos) + " to " + std::to_string(npos_params)
                               : std::to_string(npos_params);
    bool plural = ndef_pos || npos_params != 1;
    size_t given = a.pos.size();
    std::string kwonly_sig;
    if (kwonly_given)
      kwonly_sig = std::string(" positional argument") + (given != 1 ? "s" : "") + " (and " + std::to_string(kwonly_given) +
                   " keyword-only argument" + (kwonly_given != 1 ? "s" : "") + ")";
    type_error(fname + "() takes " + sig + " positional argument" + (plural ? "s" : "") + " but " + std::to_string(given) +
               kwonly_sig + (given == 1 && !kwonly_given ? " was" : " were") + " given");
  }
  std::vector<std::string> missing, missing_kw;
  for (size_t k = 0; k < d.params.size(); ++k) {
    const Param& p = d.params[k];
    if (have[k]) continue;
    if (k < npos_params && k >= npos_params - ndef_pos) {
      vals[k] = f.defaults[f.defaults.size() - (npos_params - k)];
      continue;
    }
    if (p.kind == Param::KwOnly) {
      auto it = std::find_if(f.kwdefaults.begin(), f.kwdefaults.end(), [&](auto& kv) { return kv.first == p.name; });
      if (it != f.kwdefaults.end()) {
        vals[k] = it->second;
        continue;
      }
    }
    if (p.kind == Param::VarArgs || p.kind == Param::VarKw) continue;
    (p.kind == Param::KwOnly ? missing_kw : missing).push_back(p.name);
  }
  if (!missing.empty())
    type_error(fname + "() missing " + std::to_string(missing.size()) + " required positional argument" +
               (missing.size() == 1 ? "" : "s") + ": " + quoted_names(missing));
  if (!missing_kw.empty())
    type_error(fname + "() missing " + std::to_string(missing_kw.size()) + " required keyword-only argument" +
               (missing_kw.size() == 1 ? "" : "s") + ": " + quoted_names(missing_kw));
  for (size_t k = 0; k < d.params.size(); ++k) bind_param(env, k, std::move(vals[k]));
}

// Note [Call scope reuse]
// A call needs a scope (Env) for its locals. Allocating one per call -- the
// Env with its name map, then its slot vector -- and freeing it at return was
// the largest part of calling a small function, after the tree walk. But a
// scope outlives its call only when something kept a reference to it: a
// function or lambda made in the body (its closure), a comprehension scope
// such a function kept, a generator (whose frame is its scope: never reused).
// No weak reference to a scope is ever kept, and the cycle collector holds
// strong ones only while it runs, between statements. So when a call ends and
// its scope's use count is 1 -- the call's own reference -- nothing can ever
// reach that scope again, and the interpreter keeps it, emptied, for a later
// call instead of freeing it. Emptying does what destruction did: the locals
// are released at once (a local array's storage is freed at return, as in
// CPython), the enclosing scope and the FuncDef are dropped, and `vars` is
// cleared if it holds names (a new stamp; an empty key set's stamp was never
// remembered by a name cache, Note [Name stamps]); the slot vector keeps its
// capacity, so the next call sizes it without allocating.
// Invariant: a spare scope has no slots, no vars, no parent, no FuncDef, and
// the spare list holds its only reference. Tracking by the cycle collector is
// fixed when a GcNode is made, so untracked scopes (FuncDef::leaf) and tracked
// ones are kept apart; each list is bounded, recursion deeper than that
// allocates.
EnvP Interp::call_scope(const FunctionObj& f) {
  const FuncDef& d = *f.def;
  std::vector<EnvP>& spare = spare_scopes_[d.leaf ? 0 : 1];
  EnvP env;
  if (!spare.empty()) {
    env = std::move(spare.back());
    spare.pop_back();
  } else {
    // A leaf function's scope can be referred to by nothing but its call (FuncDef::leaf).
    env = std::make_shared<Env>(!d.leaf);
  }
  env->parent = f.closure;
  env->fn = f.def;
  env->slots.resize(d.locals.size());
  return env;
}

void Interp::release_call_scope(EnvP& env) {
  std::vector<EnvP>& spare = spare_scopes_[env->gc_tracked() ? 1 : 0];
  if (env.use_count() != 1 || spare.size() >= kSpareScopes || env->is_class) {
    env.reset();
    return;
  }
  Env& s = *env;
  s.slots.clear();
  if (!s.vars.empty()) s.vars.clear();
  s.annotations.clear();
  s.order.clear();
  s.parent.reset();
  s.fn.reset();
  spare.push_back(std::move(env));
}

Value Interp::call_function(FunctionObj& f, Args& a) {
  EnvP env = call_scope(f);
  bind_arguments(f, a, *env);
  if (f.def->is_generator) return make_generator(f, std::move(env));
  return run_call(f, env);
}

// Runs f's body in env, its scope with the arguments bound; gives the scope
// back (Note [Call scope reuse]) when the call ends, by return or exception.
Value Interp::run_call(FunctionObj& f, EnvP& env) {
  struct Release {
    Interp& in;
    EnvP& env;
    ~Release() { in.release_call_scope(env); }
  } release{*this, env};
  const FuncDef& d = *f.def;
  FrameEntry frame(*this, &d.name, d.line, env.get());
  call_stack_.push_back({&f, env.get()});
  struct Pop {
    Interp& in;
    ~Pop() { in.call_stack_.pop_back(); }
  } pop{*this};
  Value ret;
  try {
    exec_body(d.body, env, ret);
  } catch (PyException& e) {
    // Note [Frozen frames in tracebacks]
    if (d.body.empty() || d.body.front()->traced) {
      e.trace_lines.insert(e.trace_lines.begin(), e.reraise_line ? e.reraise_line : frames_.back().second);
      e.trace_funcs.insert(e.trace_funcs.begin(), d.name);
    }
    e.reraise_line = 0;
    throw;
  }
  return ret;
}

// Note [Frozen frames in tracebacks]
// A function of a frozen module (Note [Frozen modules]; its statements are
// not Stmt::traced) leaves no line in a traceback. A traceback here names one
// file, the program's, and a frozen function's line numbers are those of its
// module's source: printed, they would point into the user's program. Its
// frames are left out as CPython leaves out the frames of a module written
// in C -- which is what _io, posix and struct are in CPython: open('x')
// failing shows only the user's line, as there.
// A set display CPython folds to a frozenset constant: 3 to 30 elements,
// each a literal (a signed number counts: the AST optimiser folds it).
bool Interp::set_display_is_constant(const Expr& e) {
  if (e.elts.size() < 3 || e.elts.size() > 30) return false;
  for (auto& x : e.elts) {
    const Expr* c = x.get();
    if (c->kind == EK::UnaryOp && c->unop != UnaryOp::Not && c->a && c->a->kind == EK::Const && !c->a->constant.is_obj())
      c = c->a.get();
    if (c->kind != EK::Const && c->kind != EK::Imag) return false;
  }
  return true;
}

Value Interp::format_value(const Value& v, const std::string& spec) {
  if (auto* s = v.as<StrObj>()) return make_str(spec.empty() ? s->s : format_str_spec(s->s, spec));
  if (v.is_bool()) {
    if (spec.empty()) return make_str(v.as_bool() ? "True" : "False");
    return make_str(format_int_spec(v.as_int(), spec));
  }
  if (is_pyint(v)) return make_str(int_format(*this, v, spec));
  if (v.is_float()) return make_str(spec.empty() ? py_float_repr(v.as_float()) : format_float_spec(v.as_float(), spec));
  if (v.is_array()) return make_str(array_format(*this, v, spec));
  if (Value r; call_special(*this, v, "__format__", {make_str(spec)}, r)) return r;
  if (spec.empty()) return make_str(str(v));
  if (heap_type_of(v)) type_error("unsupported format string passed to " + type_of(v)->name + ".__format__");
  if (v.is_none() || v.as<ListObj>() || v.as<TupleObj>() || v.as<DictObj>())
    type_error("unsupported format string passed to " + type_of(v)->name + ".__format__");
  return make_str(format_str_spec(str(v), spec));
}

}  // namespace sl::lang
