// ast: the out-of-line members of the syntax tree's structs (ast.hpp).
#include "core/lang/parse/ast.hpp"

#include <algorithm>

namespace sl::lang {

// `locals` is sorted (the scope analysis builds it so).
int FuncDef::slot_of(const std::string& n) const {
  auto it = std::lower_bound(locals.begin(), locals.end(), n);
  return it != locals.end() && *it == n ? int(it - locals.begin()) : -1;
}

Expr::~Expr() {
  // Unlink the left spine one node at a time: each node dropped here has lost
  // its `a`, so its own destructor recurses only into its shallow parts.
  ExprP p = std::move(a);
  while (p && p->a) {
    ExprP next = std::move(p->a);
    p = std::move(next);
  }
}

void mark_untraced(Expr* e) {
  // the left spine (`a`) in a loop, as ~Expr walks it: a long operator chain
  // from exec()'s source must not recurse once per term
  for (; e; e = e->a.get()) {
    if (e->func) {
      mark_untraced(e->func->body);
      for (auto& p : e->func->params) mark_untraced(p.dflt.get());
    }
    for (Expr* x : {e->b.get(), e->c.get()}) mark_untraced(x);
    for (auto& x : e->elts) mark_untraced(x.get());
    for (auto& x : e->keys) mark_untraced(x.get());
    for (auto& k : e->keywords) mark_untraced(k.value.get());
    for (auto& g : e->generators) {
      mark_untraced(g.target.get());
      mark_untraced(g.iter.get());
      for (auto& x : g.ifs) mark_untraced(x.get());
    }
  }
}
void mark_untraced(Body& body) {
  for (auto& s : body) {
    s->traced = false;
    for (auto& x : s->targets) mark_untraced(x.get());
    for (Expr* x : {s->value.get(), s->extra.get()}) mark_untraced(x);
    for (Body* b : {&s->body, &s->orelse, &s->finalbody}) mark_untraced(*b);
    for (auto& h : s->handlers) {
      mark_untraced(h.type.get());
      mark_untraced(h.body);
    }
    for (auto& x : s->items) mark_untraced(x.get());
    for (auto& x : s->decorators) mark_untraced(x.get());
    for (auto& k : s->keywords) mark_untraced(k.value.get());
    if (s->func) {
      mark_untraced(s->func->body);
      for (auto& p : s->func->params) mark_untraced(p.dflt.get());
    }
  }
}

}  // namespace sl::lang
