// ops: spelling -> enum lookups over the tables in ops.hpp.
#include "core/lang/objects/ops.hpp"

namespace sl::lang {

namespace {
template <class Row, size_t N, class Op>
bool find_symbol(const Row (&rows)[N], const std::string& s, Op& out) {
  for (const auto& r : rows)
    if (s == r.symbol) {
      out = r.op;
      return true;
    }
  return false;
}
}  // namespace

bool parse_binop(const std::string& s, BinOp& out) { return find_symbol(kBinOps, s, out); }
bool parse_cmpop(const std::string& s, CmpOp& out) { return find_symbol(kCmpOps, s, out); }
bool parse_unaryop(const std::string& s, UnaryOp& out) { return find_symbol(kUnaryOps, s, out); }

}  // namespace sl::lang
