// ast: the out-of-line members of the syntax tree's structs (ast.hpp).
#include "core/lang/ast.hpp"

#include <algorithm>

namespace sl::lang {

bool FuncDef::is_local(const std::string& n) const {
  return std::find(locals.begin(), locals.end(), n) != locals.end();
}

}  // namespace sl::lang
