// symtable: Note [Symbol table checks] (symtable.hpp).
#include "core/lang/parse/symtable.hpp"

#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/lang/parse/lexer.hpp"

namespace sl::lang {

namespace {

// symtable.h's DEF_* flags, those these checks read.
enum : unsigned { kGlobal = 1, kLocal = 2, kParam = 4, kNonlocal = 8, kUse = 16, kAnnot = 32, kImport = 64, kCompIter = 128 };

struct Loc {
  int line = 0, col = 0, end_line = 0, end_col = -1;
};
Loc loc_of(const Stmt& s) { return Loc{s.line, s.col, s.end_line ? s.end_line : s.line, s.end_col}; }

struct Scope {
  enum Kind { Module, Function, Class } kind;
  bool comprehension = false;  // a comprehension or generator expression (walrus binds outside)
  const char* comp_kind = nullptr;  // "list comprehension", ..., "generator expression"
  Scope* parent = nullptr;
  std::vector<std::string> order;  // names in the order first seen (symtable's dict order)
  std::unordered_map<std::string, unsigned> flags;
  std::unordered_map<std::string, Loc> directive;  // the first global/nonlocal naming it
  std::vector<std::unique_ptr<Scope>> children;

  unsigned get(const std::string& n) const {
    auto it = flags.find(n);
    return it == flags.end() ? 0 : it->second;
  }
  void add(const std::string& n, unsigned f) {
    auto [it, fresh] = flags.emplace(n, 0u);
    if (fresh) order.push_back(n);
    it->second |= f;
  }
};

[[noreturn]] void fail(const std::string& msg, const Loc& l) { syntax_error(msg, l.line, l.col, l.end_line, l.end_col); }

const char* comprehension_kind(EK k) {
  switch (k) {
    case EK::ListComp: return "list comprehension";
    case EK::SetComp: return "set comprehension";
    case EK::DictComp: return "dict comprehension";
    default: return "generator expression";
  }
}

class Builder {
 public:
  explicit Builder(const ExprEnds& ends) : ends_(ends) {}

  void body(const Body& b, Scope& s) {
    for (const auto& st : b) stmt(*st, s);
  }

  Scope& open(Scope& parent, Scope::Kind k, const char* comp_kind = nullptr) {
    parent.children.push_back(std::make_unique<Scope>());
    Scope& c = *parent.children.back();
    c.kind = k;
    c.comprehension = comp_kind != nullptr;
    c.comp_kind = comp_kind;
    c.parent = &parent;
    return c;
  }

 private:
  const ExprEnds& ends_;

  Loc expr_loc(const Expr& e) const {
    auto it = ends_.find(&e);
    if (it == ends_.end()) return Loc{e.line, e.col, e.line, -1};
    return Loc{e.line, e.col, it->second.first, it->second.second};
  }

  // A starred expression stands only in a display, a call's arguments or a
  // target; anywhere else the compiler refuses it (compiler_visit_expr's
  // Starred_kind).
  const Expr* not_starred(const Expr* e) const {
    if (e && e->kind == EK::Starred) fail("can't use starred expression here", expr_loc(*e));
    return e;
  }

  // mirrors the Global_kind / Nonlocal_kind cases of symtable_visit_stmt
  void declare(const Stmt& st, Scope& s) {
    const bool global = st.kind == SK::Global;
    const std::string what = global ? "global" : "nonlocal";
    for (const Alias& a : st.names) {
      const unsigned cur = s.get(a.name);
      if (cur & (kParam | kLocal | kUse | kAnnot)) {
        const std::string q = "'" + a.name + "'";
        if (cur & kParam) fail("name " + q + " is parameter and " + what, loc_of(st));
        if (cur & kUse) fail("name " + q + " is used prior to " + what + " declaration", loc_of(st));
        if (cur & kAnnot) fail("annotated name " + q + " can't be " + what, loc_of(st));
        fail("name " + q + " is assigned to before " + what + " declaration", loc_of(st));
      }
      s.add(a.name, global ? kGlobal : kNonlocal);
      s.directive.emplace(a.name, loc_of(st));
    }
  }

  void function(const FuncDef& f, Scope& s) {
    Scope& c = open(s, Scope::Function);
    for (const Param& p : f.params) c.add(p.name, kParam);
    body(f.body, c);
  }

  // A generator expression's function (make_genexp, parser.cpp): nested
  // for/if statements around the `yield elt` the parser wrote, which is not
  // the program's own yield; the element and the conditions are visited.
  void genexp(const FuncDef& f, Scope& s) {
    Scope& c = open(s, Scope::Function, comprehension_kind(EK::GenExp));
    for (const Param& p : f.params) c.add(p.name, kParam);
    for (const auto& st : f.body) genexp_stmt(*st, c);
  }
  void genexp_stmt(const Stmt& st, Scope& c) {
    if (st.kind == SK::For) {
      expr(st.value.get(), c);
      for (const auto& t : st.targets) comp_target(t.get(), c);
    } else if (st.kind == SK::If) {
      expr(st.value.get(), c);
    } else if (st.kind == SK::Expr && st.value && st.value->kind == EK::Yield) {
      expr(st.value->a.get(), c);
      return;
    }
    for (const auto& b : st.body) genexp_stmt(*b, c);
  }
  // A comprehension's for-target: bound there, and an iteration variable a
  // walrus may not rebind.
  void comp_target(const Expr* e, Scope& c) {
    target(e, c);
    mark_iter(e, c);
  }
  static void mark_iter(const Expr* e, Scope& c) {
    if (!e) return;
    if (e->kind == EK::Name) c.add(e->name, kCompIter);
    for (const auto& x : e->elts) mark_iter(x.get(), c);
    if (e->kind == EK::Starred) mark_iter(e->a.get(), c);
  }

  void stmt(const Stmt& st, Scope& s) {
    switch (st.kind) {
      case SK::Global: case SK::Nonlocal: declare(st, s); return;
      case SK::FunctionDef:
        for (const auto& d : st.decorators) expr(d.get(), s);
        for (const Param& p : st.func->params) expr(p.dflt.get(), s);
        s.add(st.func->name, kLocal);
        function(*st.func, s);
        return;
      case SK::ClassDef: {
        for (const auto& d : st.decorators) expr(d.get(), s);
        for (const auto& b : st.items) expr(b.get(), s);
        for (const auto& k : st.keywords) expr(k.value.get(), s);
        s.add(st.name, kLocal);
        Scope& c = open(s, Scope::Class);
        body(st.body, c);
        return;
      }
      case SK::AnnAssign: {
        const Expr* t = st.targets.empty() ? nullptr : st.targets[0].get();
        if (t && t->kind == EK::Name) {
          const unsigned cur = s.get(t->name);
          if ((cur & (kGlobal | kNonlocal)) && s.kind != Scope::Module)
            fail("annotated name '" + t->name + "' can't be " + (cur & kGlobal ? "global" : "nonlocal"), loc_of(st));
          s.add(t->name, kAnnot | kLocal);
        } else if (t) {
          target(t, s);
        }
        expr(st.extra.get(), s);
        expr(not_starred(st.value.get()), s);
        return;
      }
      case SK::Import:
        for (const Alias& a : st.names) s.add(a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname, kImport);
        return;
      case SK::ImportFrom:
        for (const Alias& a : st.names) {
          if (a.name != "*") {
            s.add(a.asname.empty() ? a.name : a.asname, kImport);
          } else if (s.kind != Scope::Module) {
            Loc l = loc_of(st);
            l.col = l.end_col - 1;  // the star itself (symtable_visit_alias)
            fail("import * only allowed at module level", l);
          }
        }
        return;
      default: break;
    }
    // Assign, AugAssign, Del, For, With: targets are bindings; the rest is read
    for (const auto& x : st.items) expr(not_starred(x.get()), s);
    for (const auto& t : st.targets) target(t.get(), s);
    expr(not_starred(st.value.get()), s);
    expr(not_starred(st.extra.get()), s);
    body(st.body, s);
    for (const Handler& h : st.handlers) {
      expr(h.type.get(), s);
      if (!h.name.empty()) s.add(h.name, kLocal);
      body(h.body, s);
    }
    body(st.orelse, s);
    body(st.finalbody, s);
  }

  void target(const Expr* e, Scope& s) {
    if (!e) return;
    switch (e->kind) {
      case EK::Name: s.add(e->name, kLocal); return;
      case EK::Tuple: case EK::List:
        for (const auto& x : e->elts) target(x.get(), s);
        return;
      case EK::Starred: target(e->a.get(), s); return;
      default: expr(e, s); return;  // a.b, a[i]: their parts are read
    }
  }

  // The scope a walrus in `s` binds in: past comprehensions (PEP 572).
  static Scope& walrus_scope(Scope& s) {
    Scope* t = &s;
    while (t->comprehension && t->parent) t = t->parent;
    return *t;
  }

  // A left-leaning chain (1+1+...+1 ten thousand terms, a.b.c..., f()()...)
  // is walked down its spine iteratively, then each link's other parts in
  // source order: the native stack stays flat however long the chain (a
  // page worker's stack holds a few thousand frames).
  static bool spine_kind(EK k) { return k == EK::BinOp || k == EK::Attribute || k == EK::Subscript || k == EK::Call; }
  void expr(const Expr* e, Scope& s) {
    if (!e) return;
    if (spine_kind(e->kind) && e->a && spine_kind(e->a->kind)) {
      std::vector<const Expr*> spine;
      for (const Expr* x = e; x && spine_kind(x->kind); x = x->a.get()) spine.push_back(x);
      expr(not_starred(spine.back()->a.get()), s);
      for (size_t k = spine.size(); k-- > 0;) rest(spine[k], s);
      return;
    }
    switch (e->kind) {
      case EK::Name: s.add(e->name, kUse); return;
      case EK::NamedExpr:
        expr(e->a.get(), s);
        if (s.comprehension) {  // symtable_extend_namedexpr_scope
          const Loc name{e->line, e->col, e->line, e->col + int(e->name.size())};
          for (Scope* t = &s; t && t->comprehension; t = t->parent)
            if (t->get(e->name) & kCompIter)
              fail("assignment expression cannot rebind comprehension iteration variable '" + e->name + "'", name);
          if (walrus_scope(s).kind == Scope::Class)
            fail("assignment expression within a comprehension cannot be used in a class body", name);
        }
        walrus_scope(s).add(e->name, kLocal);
        return;
      case EK::Yield: case EK::YieldFrom:
        if (s.comprehension) fail(std::string("'yield' inside ") + s.comp_kind, expr_loc(*e));
        if (s.kind != Scope::Function) fail("'yield' outside function", expr_loc(*e));
        break;
      case EK::Lambda:
        for (const Param& p : e->func->params) expr(p.dflt.get(), s);
        function(*e->func, s);
        return;
      case EK::GenExp:  // a: the first iterable, read here; the rest is the generator function's
        expr(e->a.get(), s);
        if (e->func) genexp(*e->func, s);
        return;
      case EK::ListComp: case EK::SetComp: case EK::DictComp: {
        if (e->generators.empty()) return;
        expr(e->generators[0].iter.get(), s);
        Scope& c = open(s, Scope::Function, comprehension_kind(e->kind));
        for (size_t k = 0; k < e->generators.size(); ++k) {
          const Comprehension& g = e->generators[k];
          if (k) expr(g.iter.get(), c);
          comp_target(g.target.get(), c);
          for (const auto& x : g.ifs) expr(x.get(), c);
        }
        expr(e->a.get(), c);
        expr(e->b.get(), c);
        return;
      }
      default: break;
    }
    expr(not_starred(e->a.get()), s);
    rest(e, s);
  }
  // Every part of e after its first (`a`): read in source order.
  void rest(const Expr* e, Scope& s) {
    expr(not_starred(e->b.get()), s);
    expr(not_starred(e->c.get()), s);
    for (const auto& x : e->elts) expr(x.get(), s);
    for (const auto& x : e->keys) expr(x.get(), s);
    for (const auto& k : e->keywords) expr(k.value.get(), s);
  }
};

// mirrors analyze_block / analyze_name: `bound` holds the names bound in the
// enclosing function scopes; null for the module itself.
void analyze(const Scope& s, const std::unordered_set<std::string>* bound) {
  for (const std::string& n : s.order) {
    const unsigned f = s.get(n);
    if ((f & kGlobal) && (f & kNonlocal)) fail("name '" + n + "' is nonlocal and global", s.directive.at(n));
    if (f & kNonlocal) {
      if (!bound) fail("nonlocal declaration not allowed at module level", s.directive.at(n));
      if (!bound->count(n)) fail("no binding for nonlocal '" + n + "' found", s.directive.at(n));
    }
  }
  std::unordered_set<std::string> next;
  if (bound) next = *bound;
  if (s.kind == Scope::Function)
    for (const std::string& n : s.order) {
      const unsigned f = s.get(n);
      if ((f & (kLocal | kParam | kImport)) && !(f & (kGlobal | kNonlocal))) next.insert(n);
    }
  for (const auto& c : s.children) analyze(*c, &next);
}

}  // namespace

void check_symbols(const Module& m, const ExprEnds& ends) {
  Scope top;
  top.kind = Scope::Module;
  Builder b(ends);
  b.body(m.body, top);
  analyze(top, nullptr);
}

}  // namespace sl::lang
