// ops: Python's operators as enums, from the parser through the evaluator to
// the array hooks (array_hooks.hpp) and the ufunc dispatch behind them.
// Invariant: each enumerator has exactly one row in its table, in enum order
// (checked at compile time), giving its Python spelling and dunder names; the
// spelling is what error messages show ("unsupported operand type(s) for +").
// No operator travels as a string past the parser, except through the
// string forwarders kept for front-end call sites (Interp::binop("+", ...)).
#pragma once
#include <cstdint>
#include <iterator>
#include <string>

namespace sl::lang {

enum class BinOp : uint8_t {
  Add, Sub, Mul, TrueDiv, FloorDiv, Mod, Pow, MatMul, LShift, RShift, BitAnd, BitOr, BitXor,
};
enum class CmpOp : uint8_t { Eq, Ne, Lt, Le, Gt, Ge, Is, IsNot, In, NotIn };
enum class UnaryOp : uint8_t { Neg, Pos, Invert, Not };
enum class BoolOp : uint8_t { And, Or };

struct BinOpInfo {
  BinOp op;
  const char* symbol;   // "+"
  const char* dunder;   // "__add__"
  const char* rdunder;  // "__radd__"
  const char* idunder;  // "__iadd__"
};
inline constexpr BinOpInfo kBinOps[] = {
    {BinOp::Add, "+", "__add__", "__radd__", "__iadd__"},
    {BinOp::Sub, "-", "__sub__", "__rsub__", "__isub__"},
    {BinOp::Mul, "*", "__mul__", "__rmul__", "__imul__"},
    {BinOp::TrueDiv, "/", "__truediv__", "__rtruediv__", "__itruediv__"},
    {BinOp::FloorDiv, "//", "__floordiv__", "__rfloordiv__", "__ifloordiv__"},
    {BinOp::Mod, "%", "__mod__", "__rmod__", "__imod__"},
    {BinOp::Pow, "**", "__pow__", "__rpow__", "__ipow__"},
    {BinOp::MatMul, "@", "__matmul__", "__rmatmul__", "__imatmul__"},
    {BinOp::LShift, "<<", "__lshift__", "__rlshift__", "__ilshift__"},
    {BinOp::RShift, ">>", "__rshift__", "__rrshift__", "__irshift__"},
    {BinOp::BitAnd, "&", "__and__", "__rand__", "__iand__"},
    {BinOp::BitOr, "|", "__or__", "__ror__", "__ior__"},
    {BinOp::BitXor, "^", "__xor__", "__rxor__", "__ixor__"},
};

struct CmpOpInfo {
  CmpOp op;
  const char* symbol;  // "<", "not in"
  const char* dunder;  // "__lt__"; "" for is / is not / not in (no method of their own)
};
inline constexpr CmpOpInfo kCmpOps[] = {
    {CmpOp::Eq, "==", "__eq__"},   {CmpOp::Ne, "!=", "__ne__"},   {CmpOp::Lt, "<", "__lt__"},
    {CmpOp::Le, "<=", "__le__"},   {CmpOp::Gt, ">", "__gt__"},    {CmpOp::Ge, ">=", "__ge__"},
    {CmpOp::Is, "is", ""},         {CmpOp::IsNot, "is not", ""},  {CmpOp::In, "in", "__contains__"},
    {CmpOp::NotIn, "not in", ""},
};

struct UnaryOpInfo {
  UnaryOp op;
  const char* symbol;  // "-", "not"
  const char* dunder;  // "__neg__"; "" for not
};
inline constexpr UnaryOpInfo kUnaryOps[] = {
    {UnaryOp::Neg, "-", "__neg__"},
    {UnaryOp::Pos, "+", "__pos__"},
    {UnaryOp::Invert, "~", "__invert__"},
    {UnaryOp::Not, "not", ""},
};

namespace detail {
template <class Row, size_t N>
constexpr bool rows_in_enum_order(const Row (&rows)[N]) {
  for (size_t i = 0; i < N; ++i)
    if (size_t(rows[i].op) != i) return false;
  return true;
}
}  // namespace detail
static_assert(detail::rows_in_enum_order(kBinOps) && std::size(kBinOps) == size_t(BinOp::BitXor) + 1);
static_assert(detail::rows_in_enum_order(kCmpOps) && std::size(kCmpOps) == size_t(CmpOp::NotIn) + 1);
static_assert(detail::rows_in_enum_order(kUnaryOps) && std::size(kUnaryOps) == size_t(UnaryOp::Not) + 1);

constexpr const BinOpInfo& op_info(BinOp op) { return kBinOps[size_t(op)]; }
constexpr const CmpOpInfo& op_info(CmpOp op) { return kCmpOps[size_t(op)]; }
constexpr const UnaryOpInfo& op_info(UnaryOp op) { return kUnaryOps[size_t(op)]; }
constexpr const char* op_symbol(BinOp op) { return op_info(op).symbol; }
constexpr const char* op_symbol(CmpOp op) { return op_info(op).symbol; }
constexpr const char* op_symbol(UnaryOp op) { return op_info(op).symbol; }

// The operator a spelling names ("+" -> Add, "not in" -> NotIn); false if none.
// For the parser and the string forwarders only.
bool parse_binop(const std::string& s, BinOp& out);
bool parse_cmpop(const std::string& s, CmpOp& out);
bool parse_unaryop(const std::string& s, UnaryOp& out);

}  // namespace sl::lang
