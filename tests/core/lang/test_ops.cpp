// The operator enums (core/lang/objects/ops.hpp): every spelling parses back to its
// operator, and the messages that name an operator spell it as CPython does
// (expected strings recorded from the reference, Python 3.13).
#include <catch2/catch.hpp>

#include "core/lang/eval/interp.hpp"
#include "core/lang/objects/ops.hpp"
#include "tests/core/run_text.hpp"

using namespace sl::lang;

using run_text::run;

TEST_CASE("operator spellings round-trip through the tables", "[lang][ops]") {
  for (const auto& row : kBinOps) {
    BinOp op{};
    REQUIRE(parse_binop(row.symbol, op));
    CHECK(op == row.op);
    CHECK(std::string(row.dunder).find("__") == 0);
  }
  for (const auto& row : kCmpOps) {
    CmpOp op{};
    REQUIRE(parse_cmpop(row.symbol, op));
    CHECK(op == row.op);
  }
  for (const auto& row : kUnaryOps) {
    UnaryOp op{};
    REQUIRE(parse_unaryop(row.symbol, op));
    CHECK(op == row.op);
  }
  BinOp b{};
  CHECK_FALSE(parse_binop("+=", b));
  CHECK_FALSE(parse_binop("==", b));
}

TEST_CASE("error messages spell the operator", "[lang][ops][errors]") {
  const char* bin[][2] = {{"+", "+"},   {"-", "-"},   {"/", "/"},   {"//", "//"}, {"%", "%"},
                          {"**", "** or pow()"},      {"@", "@"},   {"<<", "<<"}, {">>", ">>"},
                          {"&", "&"},   {"|", "|"},   {"^", "^"}};
  for (auto& [op, shown] : bin) {
    CHECK(run(std::string("1 ") + op + " 'a'") ==
          std::string("!TypeError: unsupported operand type(s) for ") + shown + ": 'int' and 'str'");
    CHECK(run(std::string("x = 1.5\nx ") + op + "= None") ==
          std::string("!TypeError: unsupported operand type(s) for ") + op + "=: 'float' and 'NoneType'");
  }
  for (const char* op : {"<", "<=", ">", ">="})
    CHECK(run(std::string("1 ") + op + " 'a'") ==
          std::string("!TypeError: '") + op + "' not supported between instances of 'int' and 'str'");
  for (const char* op : {"-", "+", "~"})
    CHECK(run(std::string(op) + "'a'") == std::string("!TypeError: bad operand type for unary ") + op + ": 'str'");
}

TEST_CASE("front ends can still name an operator by its spelling", "[lang][ops]") {
  Interp in;
  CHECK(in.binop("+", Value::integer(2), Value::integer(3)).as_int() == 5);
  CHECK(in.binop(BinOp::Mul, Value::integer(2), Value::integer(3)).as_int() == 6);
  CHECK(in.truthy(in.compare("<", Value::integer(2), Value::integer(3))));
  CHECK(in.unaryop("-", Value::integer(2)).as_int() == -2);
  CHECK_THROWS_AS(in.binop("+=", Value::integer(2), Value::integer(3)), sl::PyError);
}
