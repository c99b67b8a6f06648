// parser: tokens -> syntax tree (recursive descent over Python 3.11's grammar
// for the subset stridelab runs), plus the scope analysis functions need.
// Invariant: a returned tree is complete (every FuncDef's locals/globals/
// nonlocals filled, every operator an enum from ops.hpp); anything the
// subset does not run is a SyntaxError here, never a surprise in the evaluator.
#pragma once
#include <string>

#include "core/lang/parse/ast.hpp"

namespace sl::lang {

// Throws PyError("SyntaxError") (position in last_syntax_error()).
std::unique_ptr<Module> parse_module(const std::string& src);
// Parses one expression (f-string replacement fields); line is the line it sits on.
ExprP parse_expression(const std::string& src, int line, int col);

}  // namespace sl::lang
