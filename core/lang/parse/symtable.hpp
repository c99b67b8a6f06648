// symtable: the checks CPython's symbol table makes once a module has parsed:
// global and nonlocal declarations against the uses and bindings before them,
// annotated names declared global or nonlocal, and nonlocal names without a
// binding in an enclosing function.
//
// Owns: check_symbols (Note [Symbol table checks]).
// Invariant: it only reads the tree; the first rule a program breaks raises
// SyntaxError with CPython 3.13's message and position, after every parse
// error (CPython builds the symbol table only for a tree that parsed).
#pragma once
#include <unordered_map>
#include <utility>

#include "core/lang/parse/ast.hpp"

namespace sl::lang {

// Note [Symbol table checks]
// Mirrors Python/symtable.c. Pass 1 (symtable_visit_stmt/expr) walks each
// scope -- the module, a def, a lambda, a class body, a comprehension or
// generator expression -- in source order and keeps, per name, the flags
// seen so far: parameter, bound (assigned, deleted, a for/with/except/import
// target, a def or class name), used (read), annotated, declared global,
// declared nonlocal. A `global`/`nonlocal` statement checks the flags its
// names already have (is parameter / used prior to / annotated name can't
// be / assigned to before ... declaration), and an annotated assignment to
// a name already declared global or nonlocal in a function is refused. Pass 2
// (analyze_block/analyze_name) goes down the scopes with the set of names
// bound in the enclosing function scopes (class bodies add none; the module
// adds none): a nonlocal name must be in it, and a name both global and
// nonlocal is an error at its first declaration. A walrus in a comprehension
// binds in the enclosing function (PEP 572), as symtable_extend_namedexpr_scope,
// which also refuses one that rebinds an iteration variable of a comprehension
// around it, or that would bind in a class body. A `yield` is refused inside a
// comprehension or generator expression ("'yield' inside list comprehension",
// symtable_raise_if_comprehension_block) and `import *` outside the module.
// `ends` holds the end position of each expression node (the parser's).
using ExprEnds = std::unordered_map<const Expr*, std::pair<int, int>>;
void check_symbols(const Module& m, const ExprEnds& ends);

}  // namespace sl::lang
