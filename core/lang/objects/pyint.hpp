// pyint: Python's int on top of two representations -- the int64 immediate
// (Tag::Int, the fast path) and BigIntObj (a heap BigInt, bigint.hpp).
//
// Owns: promotion and demotion, int operators (+ - * // % ** << >> & | ^ ~,
// unary minus), exact int/float comparison, conversion to float (correctly
// rounded) and to decimal text under CPython's 4300-digit limit, int(str,
// base), Python's hash of ints and floats, and the one checked conversion
// from a Python int to a machine integer that front ends use.
// Invariant: a Value holding an int that fits in int64 is always the
// immediate; a BigIntObj never holds a value that fits (make_int demotes).
#pragma once
#include <cstdint>
#include <string>

#include "core/lang/objects/bigint.hpp"
#include "core/lang/objects/ops.hpp"
#include "core/lang/objects/value.hpp"

namespace sl::lang {

class Interp;

// CPython 3.13's default sys.get_int_max_str_digits().
constexpr size_t kIntMaxStrDigits = 4300;

bool is_pyint(const Value& v);  // int, bool or a big int
bool is_bigint(const Value& v);
BigInt to_bigint(const Value& v);  // v must satisfy is_pyint
Value make_int(BigInt b);          // demotes to the immediate when it fits

// int op int (bool counts as int); false when ints do not define `op` (@).
bool int_binop(Interp& in, BinOp op, const Value& a, const Value& b, Value& out);
Value int_unaryop(Interp& in, UnaryOp op, const Value& a);
int int_compare(const Value& a, const Value& b);  // -1, 0, 1
// Exact comparison of an int with a double as CPython's float_richcompare:
// -1, 0, 1, or 2 when d is NaN (unordered).
int int_float_compare(const Value& i, double d);
// float(i): correctly rounded; OverflowError "int too large to convert to float".
double int_to_double(Interp& in, const Value& i);
// int(d) for a finite double (ValueError / OverflowError for NaN / inf).
Value int_from_double(Interp& in, double d);
// str(i), with CPython's ValueError past kIntMaxStrDigits digits.
std::string int_to_decimal(Interp& in, const Value& i);
// format(i, spec) for an int of any size (bool excluded: "True" for "").
std::string int_format(Interp& in, const Value& i, const std::string& spec);
// Parses int(s, base) text (sign, prefix, underscores, surrounding spaces).
Value int_from_string(Interp& in, const std::string& s, int base);
// pow(base, exp, mod) for ints, including negative exponents (an inverse).
Value int_pow_mod(Interp& in, const Value& base, const Value& exp, const Value& mod);

// Python's hash (sys.hash_info: modulus 2**61 - 1, inf 314159).
int64_t int_hash(const Value& i);
int64_t float_hash(double d);

// The int64 a Python int holds; for a big int raises `type` with `msg`
// (each front end names its own: NumPy "Python int too large to convert to
// C long", PyTorch "Overflow when unpacking long", indexing IndexError).
int64_t int_to_int64(Interp& in, const Value& i, const char* type, const std::string& msg);

}  // namespace sl::lang
