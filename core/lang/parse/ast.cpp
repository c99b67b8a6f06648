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

}  // namespace sl::lang
