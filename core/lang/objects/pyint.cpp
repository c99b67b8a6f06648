// pyint: Python int semantics over the immediate / BigInt pair (pyint.hpp).
#include "core/lang/objects/pyint.hpp"

#include <cmath>
#include <cstring>

#include "core/lang/eval/interp.hpp"
#include "core/text/numfmt.hpp"
#include "core/text/unicode_db.hpp"
#include "core/text/utf8.hpp"

namespace sl::lang {

bool is_bigint(const Value& v) { return v.as<BigIntObj>() != nullptr; }
bool is_pyint(const Value& v) { return v.is_int() || v.is_bool() || is_bigint(v); }

BigInt to_bigint(const Value& v) {
  if (auto* b = v.as<BigIntObj>()) return b->v;
  return BigInt(v.as_int());
}

Value make_int(BigInt b) {
  int64_t x;
  if (b.fits_int64(x)) return Value::integer(x);
  return Value(std::static_pointer_cast<Obj>(std::make_shared<BigIntObj>(std::move(b))));
}

namespace {

// Results past this many bits are refused with MemoryError instead of
// exhausting the session's memory (CPython would try, then fail the same way).
constexpr uint64_t kMaxBits = uint64_t(1) << 28;

bool small(const Value& a, const Value& b) { return !is_bigint(a) && !is_bigint(b); }
// |x| < 2**53: exact as a double (no llabs: it overflows on INT64_MIN).
bool exact_in_double(int64_t x) { return x > -(int64_t(1) << 53) && x < (int64_t(1) << 53); }

Value big_pow(Interp& in, const Value& a, const Value& b) {
  if (is_bigint(b) || b.as_int() < 0) {
    if (b.as<BigIntObj>() && !b.as<BigIntObj>()->v.neg) {  // huge positive exponent
      BigInt base = to_bigint(a);
      if (base.is_zero()) return Value::integer(0);
      if (base.bit_length() == 1) return make_int(base.neg && !(b.as<BigIntObj>()->v.mag[0] & 1) ? -base : base);
      in.raise_exc("MemoryError", "");
    }
    double x = int_to_double(in, a), y = int_to_double(in, b);
    if (x == 0) in.raise_exc("ZeroDivisionError", "0.0 cannot be raised to a negative power");
    return Value::floating(std::pow(x, y));
  }
  BigInt base = to_bigint(a);
  uint64_t e = uint64_t(b.as_int());
  if (base.bit_length() > 1 && (base.bit_length() - 1) * e > kMaxBits) in.raise_exc("MemoryError", "");
  return make_int(pow(base, e));
}

Value shift(Interp& in, BinOp op, const Value& a, const Value& b) {
  BigInt y = to_bigint(b);
  if (y.neg) in.raise_exc("ValueError", "negative shift count");
  BigInt x = to_bigint(a);
  int64_t n;
  bool fits = y.fits_int64(n);
  if (op == BinOp::RShift) {
    if (!fits || uint64_t(n) >= x.bit_length()) return Value::integer(x.neg ? -1 : 0);
    return make_int(shift_right(x, uint64_t(n)));
  }
  if (x.is_zero()) return Value::integer(0);
  if (!fits) in.raise_exc("OverflowError", "too many digits in integer");
  if (uint64_t(n) > kMaxBits) in.raise_exc("MemoryError", "");
  return make_int(shift_left(x, uint64_t(n)));
}

// The int64 fast path; false when the result needs a BigInt.
bool small_binop(BinOp op, int64_t x, int64_t y, Value& out) {
  int64_t r;
  switch (op) {
    case BinOp::Add: if (__builtin_add_overflow(x, y, &r)) return false; break;
    case BinOp::Sub: if (__builtin_sub_overflow(x, y, &r)) return false; break;
    case BinOp::Mul: if (__builtin_mul_overflow(x, y, &r)) return false; break;
    case BinOp::FloorDiv:
      if (x == INT64_MIN && y == -1) return false;
      r = x / y;
      if ((x % y != 0) && ((x < 0) != (y < 0))) --r;
      break;
    case BinOp::Mod:
      if (y == -1) { r = 0; break; }
      r = x % y;
      if (r != 0 && ((r < 0) != (y < 0))) r += y;
      break;
    default: return false;
  }
  out = Value::integer(r);
  return true;
}

}  // namespace

bool int_binop(Interp& in, BinOp op, const Value& a, const Value& b, Value& out) {
  const bool both_bool = a.is_bool() && b.is_bool();
  switch (op) {
    case BinOp::MatMul: return false;
    case BinOp::TrueDiv: {
      if (to_bigint(b).is_zero()) in.raise_exc("ZeroDivisionError", "division by zero");
      if (small(a, b) && exact_in_double(a.as_int()) && exact_in_double(b.as_int())) {
        out = Value::floating(double(a.as_int()) / double(b.as_int()));
        return true;
      }
      bool overflow;
      double d = true_divide(to_bigint(a), to_bigint(b), overflow);
      if (overflow) in.raise_exc("OverflowError", "integer division result too large for a float");
      out = Value::floating(d);
      return true;
    }
    case BinOp::FloorDiv:
    case BinOp::Mod:
      if (to_bigint(b).is_zero())
        in.raise_exc("ZeroDivisionError", op == BinOp::Mod ? "integer modulo by zero" : "integer division or modulo by zero");
      break;
    case BinOp::Pow: out = big_pow(in, a, b); return true;
    case BinOp::LShift:
    case BinOp::RShift: out = shift(in, op, a, b); return true;
    case BinOp::BitAnd:
    case BinOp::BitOr:
    case BinOp::BitXor: {
      char c = op == BinOp::BitAnd ? '&' : op == BinOp::BitOr ? '|' : '^';
      if (small(a, b)) {
        int64_t x = a.as_int(), y = b.as_int();
        int64_t r = c == '&' ? x & y : c == '|' ? x | y : x ^ y;
        out = both_bool ? Value::boolean(r) : Value::integer(r);
      } else {
        out = make_int(bitwise(c, to_bigint(a), to_bigint(b)));
      }
      return true;
    }
    default: break;
  }
  if (small(a, b) && small_binop(op, a.as_int(), b.as_int(), out)) return true;
  BigInt x = to_bigint(a), y = to_bigint(b), q, r;
  switch (op) {
    case BinOp::Add: out = make_int(x + y); return true;
    case BinOp::Sub: out = make_int(x - y); return true;
    case BinOp::Mul:
      if (x.bit_length() + y.bit_length() > kMaxBits) in.raise_exc("MemoryError", "");
      out = make_int(x * y);
      return true;
    case BinOp::FloorDiv: floor_divmod(x, y, q, r); out = make_int(std::move(q)); return true;
    case BinOp::Mod: floor_divmod(x, y, q, r); out = make_int(std::move(r)); return true;
    default: return false;
  }
}

Value int_unaryop(Interp& in, UnaryOp op, const Value& a) {
  if (!is_bigint(a)) {
    int64_t x = a.as_int();
    if (op == UnaryOp::Pos) return Value::integer(x);
    if (op == UnaryOp::Invert) return Value::integer(~x);
    if (x != INT64_MIN) return Value::integer(-x);
  }
  BigInt x = to_bigint(a);
  if (op == UnaryOp::Pos) return a;
  return make_int(op == UnaryOp::Invert ? invert(x) : -x);
}

int int_compare(const Value& a, const Value& b) {
  if (small(a, b)) return a.as_int() < b.as_int() ? -1 : a.as_int() > b.as_int();
  return compare(to_bigint(a), to_bigint(b));
}

// Exactness: a double's integer part converts to a BigInt exactly, so the
// int compares with floor(d) exactly and a nonzero fraction breaks a tie.
int int_float_compare(const Value& i, double d) {
  if (std::isnan(d)) return 2;
  if (std::isinf(d)) return d > 0 ? -1 : 1;
  if (!is_bigint(i) && exact_in_double(i.as_int())) {
    double x = double(i.as_int());
    return x < d ? -1 : x > d;
  }
  double fl = std::floor(d);
  int c = compare(to_bigint(i), BigInt::from_double(fl));
  if (c != 0) return c;
  return d > fl ? -1 : 0;
}

double int_to_double(Interp& in, const Value& i) {
  if (!is_bigint(i)) return double(i.as_int());
  bool overflow;
  double d = i.as<BigIntObj>()->v.to_double(overflow);
  if (overflow) in.raise_exc("OverflowError", "int too large to convert to float");
  return d;
}

Value int_from_double(Interp& in, double d) {
  if (std::isnan(d)) in.raise_exc("ValueError", "cannot convert float NaN to integer");
  if (std::isinf(d)) in.raise_exc("OverflowError", "cannot convert float infinity to integer");
  return make_int(BigInt::from_double(d));
}

std::string int_to_decimal(Interp& in, const Value& i) {
  if (!is_bigint(i)) return std::to_string(i.as_int());
  const BigInt& b = i.as<BigIntObj>()->v;
  // 10**4300 has 14284.5 bits: a cheap bound first, the exact count after.
  const char* msg = "Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit";
  if (b.bit_length() > 14300) in.raise_exc("ValueError", msg);
  std::string s = b.to_string(10);
  if (s.size() - (b.neg ? 1 : 0) > kIntMaxStrDigits) in.raise_exc("ValueError", msg);
  return s;
}

// Accepts what CPython's int(str, base) accepts: surrounding whitespace, a
// sign, the 0x/0o/0b prefix (base 0 or the matching base), single
// underscores between digits (and after a prefix), no leading zeros in base
// 0 for a nonzero value.
// Unicode digits and spaces read as their ASCII forms first (int('١٢٣') is 123).
Value int_from_string(Interp& in, const std::string& text, int base) {
  if (base != 0 && (base < 2 || base > 36)) in.raise_exc("ValueError", "int() base must be >= 2 and <= 36, or 0");
  auto bad = [&]() {
    in.raise_exc("ValueError", "invalid literal for int() with base " + std::to_string(base) + ": " + in.repr(make_str(text)));
  };
  const std::string s0 = is_ascii(text) ? text : unicode::decimal_and_space_to_ascii(text);
  size_t lo = 0, hi = s0.size();
  while (lo < hi && std::isspace((unsigned char)s0[lo])) ++lo;
  while (hi > lo && std::isspace((unsigned char)s0[hi - 1])) --hi;
  std::string_view s(s0.data() + lo, hi - lo);
  bool neg = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  int b = base;
  bool prefixed = false;
  if (s.size() >= 2 && s[0] == '0') {
    char p = char(std::tolower((unsigned char)s[1]));
    int pb = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
    if (pb && (base == 0 || base == pb)) {
      b = pb;
      prefixed = true;
      s.remove_prefix(2);
    }
  }
  if (b == 0) b = 10;
  std::string digits;
  bool prev_us = !prefixed;  // an underscore may follow a prefix, not start the digits
  for (char c : s) {
    if (c == '_') {
      if (prev_us) bad();
      prev_us = true;
      continue;
    }
    digits += c;
    prev_us = false;
  }
  if (digits.empty() || (prev_us && !s.empty())) bad();
  if (base == 0 && !prefixed && digits.size() > 1 && digits[0] == '0' && digits.find_first_not_of('0') != std::string::npos) bad();
  if ((b & (b - 1)) != 0 && digits.size() > kIntMaxStrDigits)
    in.raise_exc("ValueError", "Exceeds the limit (4300 digits) for integer string conversion: value has " +
                                   std::to_string(digits.size()) + " digits; use sys.set_int_max_str_digits() to increase the limit");
  BigInt r;
  if (!BigInt::parse(digits, b, r)) bad();
  if (neg) r = -r;
  return make_int(std::move(r));
}

Value int_pow_mod(Interp& in, const Value& base, const Value& exp, const Value& mod) {
  BigInt m = to_bigint(mod), e = to_bigint(exp), x = to_bigint(base);
  if (m.is_zero()) in.raise_exc("ValueError", "pow() 3rd argument cannot be 0");
  BigInt am = m;
  am.neg = false;
  if (e.neg) {
    BigInt inv;
    if (!mod_inverse(x, am, inv)) in.raise_exc("ValueError", "base is not invertible for the given modulus");
    x = inv;
    e = -e;
  }
  BigInt r = pow_mod(x, e, am);
  if (m.neg && !r.is_zero()) r = r - am;  // the result takes the modulus' sign
  return make_int(std::move(r));
}

int64_t int_hash(const Value& i) {
  if (!is_bigint(i)) {
    int64_t x = i.as_int();
    const int64_t P = (int64_t(1) << 61) - 1;
    int64_t h = x == INT64_MIN ? -((int64_t(1) << 2) % P) : x % P;  // 2**63 == 4 (mod P)
    return h == -1 ? -2 : h;
  }
  return i.as<BigIntObj>()->v.py_hash();
}

// CPython's _Py_HashDouble: the exact rational value of d reduced mod
// P = 2**61 - 1, fed 28 bits of the mantissa at a time; the binary exponent
// becomes a rotation (2**61 == 1 mod P).
int64_t float_hash(double d) {
  const uint64_t P = (uint64_t(1) << 61) - 1;
  if (std::isinf(d)) return d > 0 ? 314159 : -314159;
  if (std::isnan(d)) return 0;
  int e;
  double m = std::frexp(d, &e);
  int sign = 1;
  if (m < 0) {
    sign = -1;
    m = -m;
  }
  uint64_t x = 0;
  while (m != 0) {
    x = ((x << 28) & P) | x >> (61 - 28);
    m *= 268435456.0;
    e -= 28;
    uint64_t y = uint64_t(m);
    m -= double(y);
    x += y;
    if (x >= P) x -= P;
  }
  e = e >= 0 ? e % 61 : 61 - 1 - ((-1 - e) % 61);
  x = ((x << e) & P) | x >> (61 - e);
  int64_t h = int64_t(x) * sign;
  return h == -1 ? -2 : h;
}

std::string int_format(Interp& in, const Value& v, const std::string& spec) {
  if (spec.empty()) return int_to_decimal(in, v);
  if (!is_bigint(v)) return format_int_spec(v.as_int(), spec);
  const BigInt& b = v.as<BigIntObj>()->v;
  auto digits = [&](int base) {
    std::string s = base == 10 ? int_to_decimal(in, v) : b.to_string(base);
    return b.neg ? s.substr(1) : s;
  };
  return format_int_spec(b.neg, digits, [&] { return int_to_double(in, v); }, spec);
}

int64_t int_to_int64(Interp& in, const Value& i, const char* type, const std::string& msg) {
  if (auto* b = i.as<BigIntObj>()) {
    int64_t x;
    if (!b->v.fits_int64(x)) in.raise_exc(type, msg);
    return x;
  }
  return i.as_int();
}

}  // namespace sl::lang
