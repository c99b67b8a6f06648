// interp: the tree-walking evaluator of stridelab's Python subset.
//
// One Interp is one session: its globals persist across run() calls, like a
// REPL. run() parses and executes a program, captures what it prints, and
// reports an uncaught exception as data (type, message, line, traceback text).
// Builtins, the numpy and torch modules register themselves through the
// install_* functions (the modules at their first import: Note [Builtin
// modules at first import]); the evaluator knows nothing about arrays beyond
// the hooks in array_hooks.hpp.
//
// Owns: scopes (Env), function objects, the statement and expression
// evaluator (eval/ceval.cpp), calls and argument binding to Python functions,
// exceptions in flight and tracebacks, the session limits (steps, depth,
// output), and the session's settings (SessionState: Note [Session state],
// core/model/session_state.hpp). The object protocol is ObjectProtocol's (objects/protocol.hpp):
// Interp holds one and forwards its members with one-line inline functions,
// so the front ends' call sites (in.repr(v), in.getattr(v, "x"),
// in.binop("+", a, b)) compile unchanged; the forwarders hold no logic.
//
// Note [Session below the object model]
// This header declares the session; it includes only declarations -- the
// syntax tree, the object representation and the object protocol's class
// (protocol.hpp, a header of declarations only) -- so every layer above (the
// object model's implementation, the builtins, the standard modules, the
// front ends) can take an Interp& without a loop back to itself. The
// session's members and the protocol are defined by the files that own
// them, each named for what it implements and sitting above this header:
// the evaluator in ceval.cpp (statements, expressions, calls, exceptions),
// the protocol in objects/abstract.cpp and dunders.cpp, generators in
// generator.cpp, frozen modules in frozen/frozen.cpp -- as CPython's
// Include/ declares what Python/ceval.c and Objects/abstract.c define.
// Invariant: every statement runs between the step/interrupt checks of exec(),
// and frames() names the line each active frame is on.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/lang/objects/finalize.hpp"
#include "core/lang/objects/protocol.hpp"
#include "core/lang/objects/value.hpp"
#include "core/lang/parse/ast.hpp"
#include "core/model/session_state.hpp"

namespace sl {
namespace detail {
struct ExplainState;
}
}  // namespace sl

namespace sl::lang {

struct GeneratorObj;
struct ResumeState;

// A variable scope. Function scopes know their FuncDef (which names are local)
// and keep its locals in slots, one per FuncDef::locals entry (the parser
// resolves each use of a local to its slot: Note [Name caches], ceval.cpp);
// module, class and comprehension scopes keep their names in `vars`.
struct Env : GcNode, std::enable_shared_from_this<Env> {
  Names vars;  // Note [Name stamps] (value.hpp)
  struct Slot {
    Value v;
    bool bound = false;
  };
  std::vector<Slot> slots;  // function scopes: the locals, by FuncDef::slot_of
  std::shared_ptr<Env> parent;  // lexically enclosing scope (null for the module)
  // Which names are local (function scopes only); shared with the function
  // objects, so a closure outliving its defining function keeps it valid.
  std::shared_ptr<const FuncDef> fn;
  // A class body's namespace: functions defined in it close over the
  // enclosing scope instead (class scopes are not visible from methods), and
  // the names keep their definition order (order, annotations).
  bool is_class = false;
  std::vector<std::string> order;
  std::vector<std::pair<std::string, Value>> annotations;
  // A module scope made by exec()/eval() whose namespace's __builtins__ is
  // not the builtins' own dict: where its builtin names are looked up
  // (subscripted, as CPython's LOAD_GLOBAL does a non-dict __builtins__).
  // Used when builtins_overridden.
  Value builtins_override;
  bool builtins_overridden = false;
  // The dict this scope is the namespace of (DictObj::scope's other end), or
  // empty: what globals() and locals() return while code runs in it.
  std::weak_ptr<Obj> namespace_dict;
  // `tracked`: the cycle collector sees this scope (every scope but the call
  // scopes of FuncDef::leaf functions, which nothing can refer to).
  explicit Env(bool tracked = true) : GcNode(tracked) {}
  long gc_refcount() const override { return weak_from_this().use_count(); }
  std::shared_ptr<void> gc_strong() override { return weak_from_this().lock(); }
  // The slot of a function scope's local `name`, or nullptr.
  Slot* slot(const std::string& name) {
    int k = fn ? fn->slot_of(name) : -1;
    return k >= 0 && size_t(k) < slots.size() ? &slots[size_t(k)] : nullptr;
  }
  // The value bound to `name` in this scope (a local's slot, else vars), or nullptr.
  const Value* find(const std::string& name) {
    if (Slot* s = slot(name)) return s->bound ? &s->v : nullptr;
    auto it = vars.find(name);
    return it == vars.end() ? nullptr : &it->second;
  }
  // Unbinds `name`; false when it was not bound.
  bool erase(const std::string& name) {
    if (Slot* s = slot(name)) {
      if (!s->bound) return false;
      s->v = Value();
      s->bound = false;
      return true;
    }
    return vars.erase(name) != 0;
  }
  // Every bound name with its value: the locals in slot order, then vars.
  template <class F>
  void for_each(F&& f) {
    for (size_t k = 0; k < slots.size() && fn; ++k)
      if (slots[k].bound) f(fn->locals[k], slots[k].v);
    for (auto& [k, x] : vars) f(k, x);
  }
  void gc_traverse(GcVisitor& v) override {
    for (auto& s : slots) v(s.v);
    for (auto& [k, x] : vars) v(x);
    for (auto& [k, x] : annotations) v(x);
    v(builtins_override);
    v(parent);
  }
  void gc_clear(GcGraveyard& g) override {
    for (auto& s : slots) {
      g.take(s.v);
      s.bound = false;
    }
    for (auto& [k, x] : vars) g.take(x);
    vars.clear();
    for (auto& [k, x] : annotations) g.take(x);
    annotations.clear();
    g.take(builtins_override);
    builtins_overridden = false;
    g.take(parent);
  }
};
using EnvP = std::shared_ptr<Env>;

struct FunctionObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Function;
  std::shared_ptr<FuncDef> def;
  std::vector<Value> defaults;  // __defaults__: the values of the last len(defaults) positional parameters
  std::vector<std::pair<std::string, Value>> kwdefaults;  // __kwdefaults__
  EnvP closure;
  Value owner;  // the class whose body defined it (zero-argument super(), qualname), else None
  Value dict;  // __dict__ (a DictObj), made on first use
  // __name__, __qualname__, __doc__, __module__ once assigned; until then the FuncDef's
  std::vector<std::pair<std::string, Value>> assigned;
  FunctionObj() : Obj(kKind) {}
  void gc_traverse(GcVisitor& v) override {
    for (auto& x : defaults) v(x);
    for (auto& kv : kwdefaults) v(kv.second);
    for (auto& kv : assigned) v(kv.second);
    v(dict);
    v(closure);
    v(owner);
  }
  void gc_clear(GcGraveyard& g) override {
    for (auto& x : defaults) g.take(x);
    defaults.clear();
    for (auto& kv : kwdefaults) g.take(kv.second);
    kwdefaults.clear();
    for (auto& kv : assigned) g.take(kv.second);
    assigned.clear();
    g.take(dict);
    g.take(closure);
    g.take(owner);
  }
};
// The function attributes (function_attrs.cpp): f.__name__, f.__defaults__,
// f.x, ... as CPython's function objects have them.
bool function_getattr(Interp& in, FunctionObj& f, const std::string& name, Value& out);
void function_setattr(Interp& in, FunctionObj& f, const std::string& name, const Value& x);
std::vector<std::string> function_attribute_names(FunctionObj& f);

// Python exception in flight inside the evaluator: the engine's PyError with
// the exception object attached once it exists.
struct PyException : PyError {
  Value exc;  // an ExceptionObj
  int line = 0;
  std::vector<int> trace_lines;  // innermost last
  std::vector<std::string> trace_funcs;
  int reraise_line = 0;  // bare `raise`: the frame's line is the original one, not the raise statement's
  PyException(std::string t, std::string m, Value e) : PyError(std::move(t), std::move(m)), exc(std::move(e)) {
    has_object = true;
  }
};
// The PyException a caught PyError is, or nullptr (a dynamic_cast without RTTI).
inline const PyException* as_py_exception(const PyError& e) {
  return e.has_object ? static_cast<const PyException*>(&e) : nullptr;
}

struct Types {
  TypeObj *object, *type, *none, *bool_, *int_, *float_, *complex_, *str, *list, *tuple, *dict, *set,
      *function, *builtin, *method, *module, *range, *slice, *ellipsis, *iterator, *cell, *generic, *generator;
  TypeObj* frozenset = nullptr;
  TypeObj *bytes = nullptr, *bytearray = nullptr, *memoryview = nullptr;  // builtins/bytes_methods.cpp
  TypeObj *base_exception, *exception;
  TypeObj *property, *classmethod, *staticmethod, *super_, *not_implemented;  // classes.cpp
  TypeObj *frame = nullptr, *code = nullptr, *traceback = nullptr;  // classes.cpp: frame_snapshot
  TypeObj *ndarray, *tensor, *dummy_array, *np_dtype, *torch_dtype;
  TypeObj* parameter = nullptr;  // torch.nn.Parameter: tensors whose autograd record is marked is_parameter
  TypeObj* np_scalar[kNumDTypes + 3];  // numeric scalars, then np.str_, np.bytes_, np.void
  TypeObj *np_generic, *np_number, *np_integer, *np_signedinteger, *np_unsignedinteger, *np_inexact,
      *np_floating, *np_complexfloating, *np_bool_type;
  TypeObj *np_recarray = nullptr, *np_record = nullptr;  // arrays / scalars whose dtype is a record (Descr::record)
};

class Interp {
 public:
  Interp();
  ~Interp();

  struct Result {
    std::string out;           // everything printed
    std::string err;           // what went to stderr, when split_stderr is set (else it is in out)
    bool ok = true;
    std::string error_type;    // "ValueError"
    std::string error_msg;     // str(exc)
    std::string traceback;     // Python-style traceback text
    int line = 0;              // 1-based line of the failing statement (0: unknown)
    int col = 0;               // SyntaxError column (1-based), 0 otherwise
    std::string echo;          // repr of a trailing expression statement (REPL echo), "" if None/none
    bool has_echo = false;
    // The program raised SystemExit (sys.exit(), exit(), quit()) and nothing
    // caught it: it ended, ok, with CPython's exit status (Note [Program exit]).
    bool exited = false;
    int exit_code = 0;
  };
  // `filename` is what tracebacks name ("<stdin>" for the REPL, the script path for the CLI).
  Result run(const std::string& src, bool echo_last_expr = false, const std::string& filename = "<stdin>");
  // An uncaught SystemExit: fills r's exit fields, true (Note [Program exit]).
  bool end_by_system_exit(const PyError& e, Result& r);

  // ---- services for builtins and modules ----
  Value call(const Value& f, Args& a);
  Value call(const Value& f, std::vector<Value> pos);
  // ---- the object protocol (protocol.hpp), forwarded so call sites read in.repr(v)
  // printing, truth, equality
  std::string repr(const Value& v) { return objects_.repr(v); }
  std::string str(const Value& v) { return objects_.str(v); }
  bool truthy(const Value& v) { return objects_.truthy(v); }
  bool eq(const Value& a, const Value& b) { return objects_.eq(a, b); }
  uint64_t hash(const Value& v) { return objects_.hash(v); }
  // attributes
  Value getattr(const Value& v, const std::string& name) { return objects_.getattr(v, name); }
  bool hasattr(const Value& v, const std::string& name) { return objects_.hasattr(v, name); }
  void setattr(const Value& v, const std::string& name, const Value& x) { objects_.setattr(v, name, x); }
  std::vector<std::string> attribute_names(const Value& v) { return objects_.attribute_names(v); }
  // subscripts
  Value getitem(const Value& v, const Value& key) { return objects_.getitem(v, key); }
  void setitem(const Value& v, const Value& key, const Value& x) { objects_.setitem(v, key, x); }
  void delitem(const Value& v, const Value& key) { objects_.delitem(v, key); }
  // operators
  Value binop(BinOp op, const Value& a, const Value& b) { return objects_.binop(op, a, b); }
  Value inplace_binop(BinOp op, const Value& a, const Value& b) { return objects_.inplace_binop(op, a, b); }
  Value unaryop(UnaryOp op, const Value& a) { return objects_.unaryop(op, a); }
  Value compare(CmpOp op, const Value& a, const Value& b) { return objects_.compare(op, a, b); }
  bool contains(const Value& container, const Value& x) { return objects_.contains(container, x); }
  // By spelling, for front-end call sites such as in.binop("*", x, y); the
  // evaluator itself never passes an operator as a string.
  Value binop(const std::string& op, const Value& a, const Value& b) { return binop(binop_named(op), a, b); }
  Value inplace_binop(const std::string& op, const Value& a, const Value& b) {
    return inplace_binop(binop_named(op), a, b);
  }
  Value unaryop(const std::string& op, const Value& a) { return unaryop(unaryop_named(op), a); }
  Value compare(const std::string& op, const Value& a, const Value& b) { return compare(cmpop_named(op), a, b); }
  // iteration
  Value iter(const Value& v) { return objects_.iter(v); }
  bool next(const Value& it, Value& out) { return objects_.next(it, out); }
  std::vector<Value> to_vector(const Value& iterable) { return objects_.to_vector(iterable); }
  int64_t len(const Value& v) { return objects_.len(v); }
  // types and numbers
  TypeObj* type_of(const Value& v) { return objects_.type_of(v); }
  std::string type_name(const Value& v) { return objects_.type_name(v); }
  bool isinstance(const Value& v, const TypeObj* t) { return objects_.isinstance(v, t); }
  int64_t index_value(const Value& v) { return objects_.index_value(v); }
  double float_value(const Value& v) { return objects_.float_value(v); }
  bool is_int_like(const Value& v) { return objects_.is_int_like(v); }
  void print_text(const std::string& s);      // stdout (with the output limit)
  // The console stream sys.stdout starts as (sys_module.cpp): print() without
  // file= writes to whatever sys.stdout is now (contextlib.redirect_stdout,
  // a program's own assignment), as print_file_and_flush reads it.
  Value console_stdout;
  // sys.stdout when a program has replaced it, else None (the console).
  Value redirected_stdout();
  // stderr (sys.stderr.write, print(file=sys.stderr), an ignored exception):
  // the same output as stdout, so the page shows one stream in its order,
  // unless split_stderr keeps it apart in Result::err (the CLI, the corpus,
  // which compare stdout with CPython's).
  void print_err(const std::string& s) {
    if (split_stderr) err_ += s;
    else print_text(s);
  }
  bool split_stderr = false;
  Value none() const { return Value(); }

  // The operator a spelling names; an unknown spelling is an internal error (ValueError).
  static BinOp binop_named(const std::string& op);
  static CmpOp cmpop_named(const std::string& op);
  static UnaryOp unaryop_named(const std::string& op);

  // Raise a Python exception of a builtin type name.
  [[noreturn]] void raise_exc(const std::string& type, const std::string& msg);
  TypeObj* exception_type(const std::string& name);  // creates unknown names under Exception
  // An exception class that is not a builtin name (NumPy's): raise_exc(name, ...)
  // and exception_type(name) find it by `name`, which is also its __qualname__.
  TypeObj* define_exception(const std::string& name, const std::string& module, std::vector<TypeObj*> bases);
  Value make_exception(TypeObj* t, std::vector<Value> args);
  std::string exception_str(const Value& exc);          // str(exc), a user __str__ included
  std::string default_exception_str(const Value& exc);  // BaseException.__str__
  void delattr(const Value& v, const std::string& name) { objects_.delattr(v, name); }
  Value not_implemented;  // the NotImplemented singleton
  // The Python functions running, innermost last, with their scopes (super()).
  std::vector<std::pair<FunctionObj*, Env*>>& call_stack() { return call_stack_; }

  // Module registry.
  std::unordered_map<std::string, std::shared_ptr<ModuleObj>> modules;
  std::unordered_map<std::string, Value> builtins;
  Types t{};
  EnvP globals;
  // What this session's programs set (Note [Session state]): the constructor
  // and run() make it the running session's for their duration (sl::Session
  // does for each of its calls), and what belongs to this interpreter (its
  // type objects made on first use) is kept in it.
  SessionState& state() { return state_; }

  // Limits.
  int64_t step_budget = -1;     // statements per run(), -1 = unlimited
  bool gc_enabled = true;       // gc.enable()/gc.disable(): automatic collection at statement boundaries
  // Note [Recursion depth]
  // CPython 3.13 raises RecursionError when a call would make more Python
  // frames (the module's included) than sys.getrecursionlimit(); its Python
  // calls use no C stack, so the limit alone decides. Here each Python call
  // recurses on the real stack (the evaluator walks the tree), so a second
  // bound stands beside the limit: the bytes of stack a run may use from where
  // run() began (stack_budget, measured per platform in stack_guard.cpp). A
  // call that would pass either raises the same RecursionError, before the
  // host's stack (the thread's, or V8's under wasm) runs out.
  int recursion_limit = 1000;
  size_t stack_budget = default_stack_budget();
  static size_t default_stack_budget();
  // The machine stack V8 gives the thread the engine runs on (wasm; the
  // package sets it before the first session): a fact of the host, not a
  // session's setting.
  static size_t host_stack_bytes;
  void check_recursion();
  // Marks where the engine was entered from the host (run(), and every
  // Session call that reads or prints a program's values: the snapshot's
  // reprs walk nested data too); the outermost one counts.
  class StackBase {
   public:
    explicit StackBase(Interp& in) : in_(in), saved_(in.stack_base_) {
      if (!in.stack_base_) in.stack_base_ = reinterpret_cast<const char*>(&marker_);
    }
    ~StackBase() { in_.stack_base_ = saved_; }
    StackBase(const StackBase&) = delete;
    StackBase& operator=(const StackBase&) = delete;

   private:
    Interp& in_;
    const char* saved_;
    char marker_ = 0;
  };
  // C++ recursion over a program's data (repr, ==, hash, deepcopy, json): one
  // level each, CPython's Py_EnterRecursiveCall(where) with its C limit
  // (Py_C_RECURSION_LIMIT, 10,000 in 3.13) and the same stack budget.
  struct CRecursion {
    CRecursion(Interp& in, const char* where);
    ~CRecursion() { --in.c_depth_; }
    CRecursion(const CRecursion&) = delete;
    CRecursion& operator=(const CRecursion&) = delete;
    Interp& in;
  };
  int depth() const { return depth_; }  // Python frames running, the module's not counted
  // The Python frames a C++ routine stands for where CPython runs Python code
  // (copy.deepcopy's two per container level): checked and counted as calls.
  struct FrameCharge {
    FrameCharge(Interp& in, int frames);
    ~FrameCharge() { in.depth_ -= frames; }
    FrameCharge(const FrameCharge&) = delete;
    FrameCharge& operator=(const FrameCharge&) = delete;
    Interp& in;
    int frames;
  };
  size_t max_output = 8 << 20;  // bytes of stdout kept per run
  volatile int* interrupt_flag = nullptr;

  // Note [Checkpoints]
  // Where a run can be stopped from outside (the step budget, the interrupt
  // flag): at each statement, as CPython's eval loop checks its eval breaker,
  // and at a checkpoint inside a long C++ walk, as the C code CPython runs
  // calls PyErr_CheckSignals (NumPy's sequence discovery does per sequence,
  // gh-18117: np.array of [L, L] with L holding itself walks 2**64 paths in
  // NumPy too, and Ctrl-C ends it). A statement is one step of the budget and
  // kCheckpointsPerStep checkpoints are one, so a walk over many small
  // sequences costs little of it while a walk that never ends still stops.
  static constexpr int64_t kCheckpointsPerStep = 1024;
  void count_step() {
    if (step_budget >= 0 && ++steps_ > step_budget)
      raise_exc("TimeoutError", "step budget of " + std::to_string(step_budget) + " steps exhausted");
    if (interrupt_flag && *interrupt_flag) raise_exc("KeyboardInterrupt", "");
  }
  void checkpoint() {
    if (++checkpoints_ % kCheckpointsPerStep == 0) count_step();
  }

  // Note [Step trace]
  // The memory debugger steps through a program statement by statement. While
  // step_observer is set, exec() calls it after each statement of the user's
  // program has run to completion (not for a frozen module's statements:
  // Stmt::traced), with `top` true for the module's own top-level statements
  // and false for those nested in loops, branches and calls. A statement that
  // raises is not reported (the run's result carries the error), and a
  // generator's suspension is not a completion. The observer only reads the
  // session (the caller takes its snapshot there); it costs one test per
  // statement when unset.
  std::function<void(const Stmt& s, bool top)> step_observer;
  // Bytes printed so far in the current run().
  size_t output_size() const { return out_.size(); }

  // Methods of builtin types: name -> native (self is args.pos[0]).
  std::unordered_map<const TypeObj*, std::unordered_map<std::string, NativeFn>> methods;
  void def_method(TypeObj* type, const std::string& name, NativeFn fn) {
    methods[type][name] = std::move(fn);
    Names::advance_type_epoch();  // Note [Type attribute cache]
  }
  Value builtin(const std::string& name, NativeFn fn);  // a BuiltinObj value
  TypeObj* new_type(const std::string& name, const std::string& module, std::vector<TypeObj*> bases);

  // Evaluation (exposed for comprehensions in builtins).
  Value eval(const Expr& e, const EnvP& env) { return e.resumable ? eval_resumable(e, env) : eval_node(e, env); }

  // ---- generators (generator.cpp; Note [Generator frames] in generator.hpp)
  // Runs g until it yields (true, out = the value) or returns (false, out = the
  // return value); `throwing`: v is an exception raised at the suspended yield.
  bool gen_resume(GeneratorObj& g, bool throwing, const Value& v, Value& out);
  // gen.close(): GeneratorExit at the suspended yield; the value it returned, if any.
  Value gen_close(GeneratorObj& g);
  static bool set_display_is_constant(const Expr& e);

  // ---- finalizers (finalize.cpp; Note [Finalization] in objects/finalize.hpp)
  // Runs the finalizers that are due (a safe point of the evaluator).
  void run_finalizers() {
    if (!finalizers_.pending.empty() && !finalizers_.running) drain_finalizers();
  }
  // A call expression's value, once the finalizers its return made due have
  // run: the callee's locals are finalized before the caller goes on.
  Value after_call(Value v) {
    run_finalizers();
    return v;
  }
  // The program has ended, as CPython's exit ends __main__: the module's
  // variables are dropped and the finalizers that makes due run. Returns what
  // they printed (out, err). The CLI and the corpus call it after a file's run(); the
  // page's sessions keep their variables between runs and never do.
  Result finish_program();

  // ---- exec(), eval() and compile() (exec_source.cpp; Note [Namespaces of exec and eval])
  // Source compiled in a mode ("exec", "eval", "single") for a file name: the
  // payload of a code object (compile()'s result), or SyntaxError with
  // CPython's fields.
  struct CompiledSource;
  std::shared_ptr<CompiledSource> compile_source(const std::string& text, const std::string& filename,
                                                 const std::string& mode, bool strip_leading = false);
  // Runs it with `scope` as its namespace (a module scope, or a locals scope
  // whose parent is one): the expression's value in "eval" mode, else None.
  Value run_compiled(const CompiledSource& code, const EnvP& scope);

 private:
  // Yield: a generator's frame suspended (Note [Generator frames]).
  enum class Flow { Normal, Break, Continue, Return, Yield };
  Value eval_node(const Expr& e, const EnvP& env);
  Value eval_binop_chain(const Expr& e, const EnvP& env);  // Note [Operator chains] (ceval.cpp)
  Value eval_resumable(const Expr& e, const EnvP& env);
  Value eval_yield(const Expr& e, const EnvP& env);
  // One step of a yield or yield from: true when the frame suspends (the value
  // is in gen_->yielded), false with the expression's value in out.
  bool yield_step(const Expr& e, const EnvP& env, Value& out);
  bool yield_from_step(const Expr& e, const EnvP& env, Value& out);
  Value make_generator(FunctionObj& f, EnvP env);
  bool resuming() const { return resume_ != nullptr; }
  ResumeState resume_pop();
  Flow suspend(ResumeState st);
  GeneratorObj* gen_ = nullptr;             // the generator whose frame is running
  std::vector<ResumeState>* resume_ = nullptr;  // its path while it is being resumed
  Flow exec_body(const Body& body, const EnvP& env, Value& ret);
  Flow exec(const Stmt& s, const EnvP& env, Value& ret);
  Flow exec_statement(const Stmt& s, const EnvP& env, Value& ret);
  // One per compound or non-trivial statement kind (exec dispatches on s.kind).
  Flow exec_aug_assign(const Stmt& s, const EnvP& env, Value& ret);
  Flow exec_if(const Stmt& s, const EnvP& env, Value& ret);
  Flow exec_while(const Stmt& s, const EnvP& env, Value& ret);
  Flow exec_for(const Stmt& s, const EnvP& env, Value& ret);
  Flow exec_function_def(const Stmt& s, const EnvP& env, Value& ret);
  Flow exec_class_def(const Stmt& s, const EnvP& env, Value& ret);
  Value apply_decorators(const Stmt& s, std::vector<Value>& decorators, Value v);
  Flow exec_try(const Stmt& s, const EnvP& env, Value& ret);
  int try_handler(const Stmt& s, const PyError& e, const EnvP& env, Value& exc);
  Flow exec_raise(const Stmt& s, const EnvP& env, Value& ret);
  Flow exec_assert(const Stmt& s, const EnvP& env, Value& ret);
  Flow exec_with(const Stmt& s, const EnvP& env, Value& ret);
  Flow with_level(const Stmt& s, size_t k, std::vector<Value>& managers, bool resumed, const EnvP& env, Value& ret);
  Flow exec_import(const Stmt& s, const EnvP& env, Value& ret);
  Flow exec_import_from(const Stmt& s, const EnvP& env, Value& ret);
  void assign(const Expr& target, const Value& v, const EnvP& env);
  void del_target(const Expr& target, const EnvP& env);
  Value lookup(const std::string& name, const EnvP& env, const Expr& at);
  // Binds name in env (or where global / nonlocal sends it); the address of
  // the variable when it is an entry of env->vars, else nullptr.
  Value* store(const std::string& name, const Value& v, const EnvP& env);
  // A Name node's read and write through its slot or cache (Note [Name caches], ceval.cpp).
  Value load_name(const Expr& e, const EnvP& env);
  Value load_attr(const Expr& e, const Value& o);
  bool method_lookup_at(const Expr& e, const Value& o, Value& fn);
  void store_name(const Expr& e, const Value& v, const EnvP& env);
  static void bind_param(Env& env, size_t k, Value v) {
    const int sl = env.fn->param_slots[k];
    if (sl >= 0) {
      env.slots[size_t(sl)].v = std::move(v);
      env.slots[size_t(sl)].bound = true;
    } else {
      env.vars[env.fn->params[k].name] = std::move(v);
    }
  }
  Value call_function(FunctionObj& f, Args& a);
  // A call's scope, bound by the caller, then run (Note [Call scope reuse], ceval.cpp).
  EnvP call_scope(const FunctionObj& f);
  Value run_call(FunctionObj& f, EnvP& env);
  // A Python frame while it runs: counted for the recursion limit, named in
  // frames_, its scope what frame_env() answers; all undone when it ends.
  struct FrameEntry {
    Interp& in;
    Env* saved;
    FrameEntry(Interp& i, const std::string* name, int line, Env* scope) : in(i), saved(i.frame_env_) {
      in.check_recursion();
      in.frame_env_ = scope;
      ++in.depth_;
      in.frames_.push_back({name, line});
    }
    ~FrameEntry() {
      --in.depth_;
      in.frames_.pop_back();
      in.frame_env_ = saved;
    }
    FrameEntry(const FrameEntry&) = delete;
    FrameEntry& operator=(const FrameEntry&) = delete;
  };
  void release_call_scope(EnvP& env);
  // Spare call scopes, [0] untracked (FuncDef::leaf), [1] tracked by the cycle collector.
  std::vector<EnvP> spare_scopes_[2];
  Value make_function(const std::shared_ptr<FuncDef>& def, const EnvP& env);
  void bind_arguments(FunctionObj& f, Args& a, Env& env);
  Value eval_call(const Expr& e, const EnvP& env);
  Value eval_comprehension(const Expr& e, const EnvP& env);
  Value format_value(const Value& v, const std::string& spec);
  Value import_module(const std::string& dotted, int line);
  // Note [Frozen modules] (frozen.hpp; frozen.cpp): import runs the frozen
  // module of that name if it has not run in this session.
  void load_frozen(const std::string& dotted);
  void run_frozen(size_t index);
  std::vector<uint8_t> frozen_state_;                 // per frozen_sources() entry: 0 not run, 1 running, 2 done
  std::vector<std::unique_ptr<Module>> frozen_trees_;  // their syntax trees, alive as long as the session
  std::vector<uint8_t> builtin_state_;  // per builtin_modules() entry: 0 not installed, 1 installing, 2 done
  bool exception_matches(const PyError& err, const Value& spec, Value& exc_out);
  Value exception_value(const PyError& err);

  void drain_finalizers();
  void finalize_one(const Value& v);
  void write_unraisable(const PyError& e, const std::string& where);
  Finalizers finalizers_;
  std::string filename_ = "<stdin>";  // the running program's, for the tracebacks finalizers print

  std::vector<std::shared_ptr<TypeObj>> types_;
  SessionState state_;
  ObjectProtocol objects_{*this};  // after t / builtins / methods, which it refers to
  std::unordered_map<std::string, TypeObj*> exc_types_;
  std::vector<std::string>* cur_source_ = nullptr;
  std::string out_;
  std::string err_;  // split_stderr's stderr text of the current run
  bool out_truncated_ = false;
  int depth_ = 0;
  const char* stack_base_ = nullptr;  // an address near the top of run()'s frame (Note [Recursion depth])
  int c_depth_ = 0;                   // CRecursion levels active
  bool stack_exhausted() const;
  int nesting_ = 0;  // exec() calls active (Note [Step trace])
  int64_t steps_ = 0;
  int64_t checkpoints_ = 0;  // Note [Checkpoints]
  // The session's own stop, which no except clause or __exit__ may swallow: the
  // KeyboardInterrupt of a set interrupt_flag or the TimeoutError of a spent
  // step budget (a program's own `raise KeyboardInterrupt` is an ordinary exception).
  bool halting(const PyError& e) const {
    return (e.type == "KeyboardInterrupt" && interrupt_flag && *interrupt_flag) ||
           (e.type == "TimeoutError" && step_budget >= 0 && steps_ > step_budget);
  }
  // function name (the FuncDef's, which outlives its frame), current line
  std::vector<std::pair<const std::string*, int>> frames_;
  std::vector<std::pair<FunctionObj*, Env*>> call_stack_;
  std::vector<Value> handling_;  // exceptions whose except-blocks are running (innermost last)
  std::string format_traceback(const Value& exc, const std::string& filename);
 public:
  // CPython's "Did you mean: 'x'?" pick among candidates (mirrors
  // calculate_suggestions in Python/suggestions.c), "" if none is close.
  static std::string suggest_name(const std::string& name, const std::vector<std::string>& candidates);
  // Note [Builtin modules at first import] (modules/modules.hpp): installs
  // the builtin module that `dotted`'s top-level name names (numpy for
  // numpy.linalg), with what its installer needs, unless this session has;
  // false when no builtin module has that name.
  bool load_builtin(const std::string& dotted);
  // `import dotted` as a statement runs it, for natives that delegate to a
  // module (open() to _io): the module, or ModuleNotFoundError.
  Value import(const std::string& dotted) { return import_module(dotted, 0); }
  // A name missing from a module of a package with frozen modules not run yet
  // (torch.no_grad, torch.nn.Linear before `import torch.nn`): runs them all --
  // or, when `name` is itself a frozen submodule not run yet (torch.cuda), only
  // that one and its parents; true when it ran any (the caller looks again).
  bool load_frozen_package(const std::string& module, const std::string& name = "");
  // AttributeError carrying CPython's suggestion for `name` on `v`.
  [[noreturn]] void raise_attribute_error(const Value& v, const std::string& name, const std::string& msg);
  std::vector<std::pair<const std::string*, int>>& frames() { return frames_; }
  // The running program's file name and source lines (sys._getframe, linecache):
  // what tracebacks show; nullptr lines when no program runs.
  const std::string& program_filename() const { return filename_; }
  const std::vector<std::string>* program_lines() const { return cur_source_; }
  // The exception being handled (an except block or an __exit__ running for
  // it: sys.exception(), sys.exc_info()); None when there is none.
  Value handled_exception() const { return handling_.empty() ? Value() : handling_.back(); }
  // The name of a module-level frame.
  static const std::string kModuleFrame;
  // The attribute node being evaluated (a load or a store), whose class
  // attribute cache type_lookup may use for that node's name (Note [Type
  // attribute cache], classes.cpp); null outside one.
  const Expr* attr_site() const { return attr_site_; }
  struct AttrSite {
    Interp& in;
    const Expr* saved;
    AttrSite(Interp& i, const Expr& e) : in(i), saved(i.attr_site_) { in.attr_site_ = &e; }
    ~AttrSite() { in.attr_site_ = saved; }
  };
  // The variables of the running frame (what dir() without arguments lists).
  Env& frame_env() const { return frame_env_ ? *frame_env_ : *globals; }
 private:
  Env* frame_env_ = nullptr;  // the running function's scope; null: the module's
  const Expr* attr_site_ = nullptr;
  // This session's explanation state while run() runs (Note [Statement line
  // for explanations], ceval.cpp); null outside a run.
  sl::detail::ExplainState* explain_ = nullptr;
  void explain_statement(int line, int end_line);
 public:
};

// A name every module scope starts with (__name__, __doc__, __builtins__,
// ...; `__x__` in general): not one the program made, for the inspector.
inline bool is_module_dunder(const std::string& n) {
  return n.size() > 4 && n.compare(0, 2, "__") == 0 && n.compare(n.size() - 2, 2, "__") == 0;
}

// Real and imaginary parts of a Python number (int, float, bool, complex).
bool complex_parts(const Value& v, double& re, double& im);

// Installed by the language when a session opens (the library front ends
// install at their first import: builtin_modules() in modules/modules.hpp).
void install_builtins(Interp& in);

}  // namespace sl::lang
