// ast: the syntax tree the parser builds and the interpreter walks.
// One node struct per family (expressions, statements) with the fields each
// kind uses; kinds are documented next to their fields.
// Invariant: the tree is immutable once parsed (the evaluator only reads it;
// FuncDefs are shared with the function objects that outlive a run).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/lang/objects/ops.hpp"
#include "core/lang/objects/value.hpp"

namespace sl::lang {

struct Expr;
struct Stmt;
struct FuncDef;
using ExprP = std::unique_ptr<Expr>;
using StmtP = std::unique_ptr<Stmt>;
using Body = std::vector<StmtP>;

enum class EK {
  Name,       // name
  Const,      // constant (int, float, str, None, True, False, Ellipsis)
  Imag,       // constant.as_float() is the imaginary part
  FString,    // parts: Const str pieces and FormattedValue
  Formatted,  // a = value, conversion ('r','s','a' or 0), b = format spec (FString) or null
  List, Tuple, Set,  // elts
  Dict,       // keys / elts (values); a null key means **mapping
  BinOp,      // a binop b
  UnaryOp,    // unop a
  BoolOp,     // boolop (and / or), elts
  Compare,    // a, cmp_ops, elts (comparators)
  Call,       // a(elts..., keywords...)
  Attribute,  // a.name
  Subscript,  // a[b]
  Slice,      // a:b:c (any may be null)
  IfExp,      // b if a else c
  Lambda,     // func
  ListComp, SetComp, GenExp,  // a for generators
  DictComp,   // a: b for generators
  Starred,    // *a
  NamedExpr,  // name := a
  Yield,      // yield a (a may be null)
  YieldFrom,  // yield from a
};

// One attribute site's memory of a class lookup (type_lookup, classes.cpp):
// on class `type` at type epoch `epoch`, the attribute was `value` (an element
// of owner->attrs), or the native method `native` of `owner`, or absent.
// When absent, `dict_entry` is where the last instance read there found the
// name in its own dict (Note [Instance dict entry cache], ceval.cpp).
// `name_key` (kept when the rest is refilled) is a plain str spelling the
// site's name, or None: the key a store at this site puts into an instance
// dict, the key a read at this site last found there (Note [Attribute name
// keys], ceval.cpp).
//
// Note [Polymorphic attribute sites]
// A site that sees instances of several classes (a base class's method
// reading self.x for each subclass, richards' tasks, a list of shapes) kept
// one class and refilled it at every change of class: the MRO walk at nearly
// every read. A site keeps up to kWays classes, as CPython's specializer
// keeps a polymorphic site from thrashing (and as V8's inline caches go
// polymorphic): the first inline, the others in a small array made when a
// second class appears; a full site replaces its extra ways in turn.
struct TypeObj;
struct AttrCacheEntry {
  static constexpr uint32_t kNoEntry = UINT32_MAX;
  const TypeObj* type = nullptr;
  uint64_t epoch = 0;
  const Value* value = nullptr;
  const NativeFn* native = nullptr;
  TypeObj* owner = nullptr;
  uint32_t dict_entry = kNoEntry;
  int32_t slot = -1;  // absent in the class: the name's __slots__ index in `type`, or -1 (Note [Slot attribute cache])
};
struct AttrCache {
  static constexpr uint32_t kNoEntry = AttrCacheEntry::kNoEntry;
  static constexpr size_t kWays = 4;
  AttrCacheEntry first;
  std::unique_ptr<AttrCacheEntry[]> more;  // kWays - 1 entries, once a second class was seen
  uint8_t victim = 0;                      // the extra way a full site refills next
  Value name_key;
  // The entry of class t, or nullptr.
  const AttrCacheEntry* find(const TypeObj* t) const {
    if (first.type == t) return &first;
    if (more)
      for (size_t k = 0; k + 1 < kWays; ++k)
        if (more[k].type == t) return &more[k];
    return nullptr;
  }
  AttrCacheEntry* find(const TypeObj* t) { return const_cast<AttrCacheEntry*>(static_cast<const AttrCache*>(this)->find(t)); }
  // The entry to fill for class t: its own, a free one, or the next extra way in turn.
  AttrCacheEntry& claim(const TypeObj* t) {
    if (AttrCacheEntry* e = find(t)) return *e;
    if (!first.type) return first;
    if (!more) more = std::make_unique<AttrCacheEntry[]>(kWays - 1);
    for (size_t k = 0; k + 1 < kWays; ++k)
      if (!more[k].type) return more[k];
    AttrCacheEntry& e = more[victim];
    victim = uint8_t((victim + 1) % (kWays - 1));
    return e;
  }
};

struct Keyword {
  std::string name;  // empty for **mapping
  ExprP value;
};
struct Comprehension {
  ExprP target, iter;
  std::vector<ExprP> ifs;
};

struct Expr {
  EK kind;
  int line = 0, col = 0;
  std::string name;
  BinOp binop = BinOp::Add;        // BinOp
  UnaryOp unop = UnaryOp::Neg;      // UnaryOp
  BoolOp boolop = BoolOp::And;      // BoolOp
  Value constant;
  char conversion = 0;
  ExprP a, b, c;
  std::vector<ExprP> elts;
  std::vector<ExprP> keys;
  std::vector<CmpOp> cmp_ops;  // Compare: one per comparator
  std::vector<Keyword> keywords;
  std::vector<Comprehension> generators;
  std::shared_ptr<FuncDef> func;     // Lambda; GenExp: the generator function (a = first iterable)
  // Inside a generator function: this node contains a yield, or is a direct
  // operand of one that does. Its value is remembered while its statement is
  // suspended, so resuming replays the statement without re-evaluating it
  // (Note [Generator frames], generator.hpp).
  bool resumable = false;
  // Name, NamedExpr: the variable's slot when it is a local of the function
  // whose body holds this node (`slot_fn`), set by the parser's scope
  // analysis; -1 otherwise (Note [Name caches], ceval.cpp).
  int slot = -1;
  const FuncDef* slot_fn = nullptr;
  // Name: where the last lookup found the variable, valid while the scope's
  // stamp is cache_stamp (Note [Name stamps], value.hpp). Attribute: the
  // class attribute cache of this site (Note [Type attribute cache]).
  mutable uint64_t cache_stamp = 0;
  mutable Value* cache_value = nullptr;
  mutable AttrCache attr_cache;
  // Name: a read of an enclosing function's local (a closure variable), as the
  // last lookup found it: free_depth scopes up, in a scope of free_fn, slot
  // free_slot (Note [Free variable cache], ceval.cpp).
  mutable const FuncDef* free_fn = nullptr;
  mutable uint32_t free_depth = 0;
  mutable uint32_t free_slot = 0;
  Expr(EK k, int l, int c0) : kind(k), line(l), col(c0) {}
  Expr(const Expr&) = delete;
  Expr& operator=(const Expr&) = delete;
  // A left-deep chain (Note [Operator chains], ceval.cpp) is freed in a loop,
  // not by a recursion of destructors as deep as the chain.
  ~Expr();
};

struct Param {
  // PosOnly: before a `/` marker; Normal: positional-or-keyword.
  enum Kind { PosOnly, Normal, VarArgs, KwOnly, VarKw } kind = Normal;
  std::string name;
  ExprP dflt;
};

struct FuncDef {
  std::string name;  // "<lambda>" for lambdas, "<genexpr>" for generator expressions
  std::string qualname;  // "outer.<locals>.inner"
  std::vector<Param> params;
  Body body;         // for lambdas: one Return statement
  std::string doc;
  int line = 0;
  bool is_generator = false;  // the body contains yield: calling it makes a generator
  bool is_genexp = false;     // a generator expression's function (walrus binds outside it)
  // Every parameter is positional (no *args, **kwargs, keyword-only): a call
  // with one positional argument per parameter binds without checks (set by
  // the parser's scope analysis; false means "take the general path").
  bool plain_params = false;
  // Scope analysis (filled by the parser): names local to the function body,
  // and names declared global / nonlocal.
  std::vector<std::string> locals, globals, nonlocals;
  bool is_local(const std::string& n) const { return slot_of(n) >= 0; }
  // A local's index in `locals`, which is its slot in the function's scope (Env::slots); -1 if not local.
  int slot_of(const std::string& n) const;
  std::vector<int> param_slots;  // the slot of each parameter
  // No scope nests in the body (def, lambda, class, comprehension, generator
  // expression) and it is not a generator: nothing can keep a reference to a
  // call's scope, so the scope is not tracked by the cycle collector.
  bool leaf = false;
};

enum class SK {
  Expr, Assign, AugAssign, AnnAssign, Del, Pass, Break, Continue, Return, If, While, For,
  FunctionDef, Try, Raise, With, Import, ImportFrom, Global, Nonlocal, Assert,
  ClassDef,  // name in module; bases in items, keywords in keywords; body; decorators
};

struct Handler {
  ExprP type;        // null: bare except
  std::string name;  // "as" name
  Body body;
  int line = 0;
};
struct Alias {
  std::string name, asname;
};

struct Stmt {
  SK kind;
  int line = 0, col = 0, end_line = 0;
  int end_col = -1;  // simple statements: where the last token ends (the symbol table's error positions)
  std::vector<ExprP> targets;  // Assign (chain), Del; For: targets[0]; With: optional_vars; AnnAssign: target
  ExprP value;                 // Expr, Assign, AugAssign, Return, Raise (exc), Assert (test); If/While test; For iter; AnnAssign (may be null)
  ExprP extra;                 // Raise cause; Assert msg; AnnAssign annotation
  BinOp op = BinOp::Add;       // AugAssign
  Body body, orelse, finalbody;
  std::vector<Handler> handlers;
  std::vector<ExprP> items;    // With: context managers
  std::shared_ptr<FuncDef> func;
  std::string module;          // ImportFrom
  std::string name;            // ClassDef
  std::vector<Alias> names;    // Import / ImportFrom / Global / Nonlocal
  std::vector<ExprP> decorators;  // FunctionDef / ClassDef, outermost first
  std::vector<Keyword> keywords;  // ClassDef
  // Part of the user's program (false: a frozen module's, which a step trace
  // does not show; Note [Step trace] in interp.hpp).
  bool traced = true;
  Stmt(SK k, int l, int c0) : kind(k), line(l), col(c0) {}
};

struct Module {
  Body body;
  std::vector<std::string> source_lines;
};

// Marks a tree's statements, its functions' and lambdas' included, as not the
// user's program (Stmt::traced): a frozen module's, or source run by exec() and
// eval(). A step trace passes over them (Note [Step trace]) and a traceback
// leaves out their frames (Note [Frozen frames in tracebacks]).
void mark_untraced(Body& body);
void mark_untraced(Expr* e);

}  // namespace sl::lang
