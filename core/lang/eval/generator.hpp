// generator: generator functions and generator objects (PEP 255, 342, 380, 479),
// as CPython 3.13 has them: yield, yield from, send/throw/close, lazy generator
// expressions, StopIteration semantics.
//
// Owns: GeneratorObj (a suspended frame), the resume state of the statements,
// the generator type's methods, and Interp's generator members (generator.cpp).
// Invariant: a generator's frame is only ever run by Interp::gen_resume, which
// installs it as the current generator (gen_); everything a suspended frame holds
// (locals, loop iterators, context managers, remembered operands) is reachable
// from the GeneratorObj and reported to the cycle collector.
//
// Note [Generator frames]
// The interpreter walks the tree with the native stack, and WebAssembly without
// ASYNCIFY cannot switch native stacks, so a generator cannot keep a stack of its
// own. Instead a suspended generator is a *replayable* tree walk:
//  - Statements. Flow::Yield travels up from the statement that yielded like
//    Flow::Return does; on the way each statement that has state pushes one
//    ResumeState (exec_body: the statement index; for: the iterator and part;
//    while/if: the part; with: the managers; try: the part, the exception being
//    handled, the pending exception or return of a finally). The levels form the
//    path from the function body down to the yield, innermost first. Resuming runs
//    the body again with Interp::resume_ pointing at that path: each level pops its
//    state instead of starting fresh, so the walk lands on the suspended statement
//    without running anything else. When the path is empty resume_ is null and
//    execution is ordinary: ordinary function calls pay one null test per body.
//  - Expressions. A yield can sit anywhere inside an expression (`x = f(a(), (yield
//    b))`). It throws YieldSignal, which the innermost exec() turns into
//    Flow::Yield, so the statement is re-executed from its start on resume. The
//    parser marks each node that contains a yield, and each operand such a node
//    evaluates, as resumable; while a statement is suspended the values of the
//    resumable nodes that completed are remembered (memo), so the replay returns
//    them instead of evaluating again (a() is called once), and the yield that
//    suspended returns the value sent in (or raises the exception thrown in).
//    Python forbids yield in comprehensions, so a node completes at most once per
//    evaluation of its statement expression, which makes the memo exact; it is
//    cleared when the outermost resumable node completes.
// A generator expression is compiled to a generator function (parser.cpp,
// make_genexp), so it is lazy by the same mechanism. Cost: nothing for code
// without yield beyond one flag test per expression node and one null test per
// body. A yield that is the whole value of its statement (`yield x`, `v = yield
// x`, `yield from it`: nearly all of them, and every generator expression's)
// suspends by returning Flow::Yield from exec() directly; only a yield nested
// inside a larger expression pays a C++ throw (~tens of microseconds).
// Mirrors Objects/genobject.c (gen_send_ex2, gen_throw, gen_close) and
// Python/ceval.c's SEND / YIELD_VALUE for `yield from`.
#pragma once
#include <exception>
#include <utility>
#include <vector>

#include "core/lang/eval/interp.hpp"

namespace sl::lang {

// Thrown by a yield inside an expression; the innermost exec() catches it.
struct YieldSignal {};

// One level of a suspended generator's statement path (Note [Generator frames]).
struct ResumeState {
  size_t index = 0;  // exec_body: the statement; try: the handler
  int phase = 0;     // compound statements: the part that is running
  int flow = 0;      // try: the Flow a finally block will continue with
  Value a, b;        // for: iterator; with: managers; try: exception handled, pending return value
  std::exception_ptr pending;  // try: the exception a finally block re-raises
  bool cleanup = false;        // try, with: closing the generator here runs code (a handler, finally, __exit__)
};

struct GeneratorObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Generator;
  Value func;  // the FunctionObj whose body runs
  EnvP env;    // the frame's locals
  std::vector<ResumeState> path;                    // innermost level first
  std::vector<std::pair<const Expr*, Value>> memo;  // remembered resumable nodes
  int memo_depth = 0;
  const Expr* suspended_at = nullptr;  // the yield or yield from it waits in
  const Expr* resuming_at = nullptr;   // that node while it is being resumed
  bool resume_throw = false;           // resume_value is an exception to raise there
  Value resume_value;
  Value delegate;  // yield from: the subiterator
  Value yielded;
  int line = 0;  // the frame's current line while suspended
  bool started = false, running = false, finished = false;
  bool finalized = false;  // close() on drop ran or was queued (Note [Finalization], finalize.hpp)
  uint64_t serial = 0;     // creation order (finalize.hpp)
  GeneratorObj() : Obj(kKind) {}
  // Suspended inside a try or with statement: dropping it must close it.
  bool finalizer_due() const;
  bool gc_finalize() override;
  // Chains of generators (`g = (x for x in g)` repeated) are freed without deep
  // native recursion: the frame's values go through release_children.
  ~GeneratorObj() override;
  const FuncDef& def() const;
  void release_frame();  // finished: drop the locals and the resume state, as CPython clears the frame
  void gc_traverse(GcVisitor& v) override;
  void gc_clear(GcGraveyard& g) override;
};

// StopIteration(value), or StopIteration() when value is None (what a finished generator raises).
[[noreturn]] void raise_stop_iteration(Interp& in, const Value& value);

void install_generators(Interp& in);

}  // namespace sl::lang
