// bigint: arbitrary-precision integers, the heap half of Python's int (the
// interpreter keeps an int64 immediate as the fast path and promotes to a
// BigInt only when a result does not fit; pyint.hpp holds that policy).
//
// Owns: BigInt, a sign-magnitude integer with 32-bit limbs, and its
// arithmetic (schoolbook multiply, Knuth's algorithm D for division), Python's
// floor division and modulo, two's-complement bitwise operators and shifts,
// conversions to and from strings in any base 2..36 and to and from double
// (correctly rounded), and Python's hash of an int (mod 2**61 - 1).
// Invariant: `mag` is little-endian with no leading zero limb; zero has an
// empty `mag` and `neg == false`. Nothing here knows about the interpreter.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sl::lang {

struct BigInt {
  bool neg = false;
  std::vector<uint32_t> mag;

  BigInt() = default;
  explicit BigInt(int64_t v);
  static BigInt from_u64(uint64_t v, bool negative = false);
  // The integer part of a finite double (truncation toward zero, as int(x)).
  static BigInt from_double(double d);
  // Digits only (no sign, prefix or underscore); false if a digit is not
  // below `base`. O(n^2) in the number of digits.
  static bool parse(std::string_view digits, int base, BigInt& out);

  bool is_zero() const { return mag.empty(); }
  int sign() const { return mag.empty() ? 0 : neg ? -1 : 1; }
  bool fits_int64(int64_t& out) const;
  uint64_t bit_length() const;  // of |x|
  uint64_t bit_count() const;   // ones in |x|
  // Nearest double, ties to even; `overflow` set when it would be infinite.
  double to_double(bool& overflow) const;
  // Digits of |x| in `base` (lowercase), with a leading '-' when negative.
  std::string to_string(int base = 10) const;
  // Python's hash(int): x mod (2**61 - 1) carrying the sign; -1 becomes -2.
  int64_t py_hash() const;

  void normalize();
};

int compare(const BigInt& a, const BigInt& b);
int compare_mag(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b);
BigInt operator+(const BigInt& a, const BigInt& b);
BigInt operator-(const BigInt& a, const BigInt& b);
BigInt operator*(const BigInt& a, const BigInt& b);
BigInt operator-(const BigInt& a);
// Python's floor division: q = floor(a / b), r = a - q*b (r has b's sign).
// b must be nonzero.
void floor_divmod(const BigInt& a, const BigInt& b, BigInt& q, BigInt& r);
// Truncating division of magnitudes (Knuth, TAOCP vol. 2, 4.3.1, algorithm D).
void divmod_mag(const std::vector<uint32_t>& u, const std::vector<uint32_t>& v, std::vector<uint32_t>& q,
                std::vector<uint32_t>& r);
BigInt shift_left(const BigInt& a, uint64_t n);
BigInt shift_right(const BigInt& a, uint64_t n);  // floor(a / 2**n)
// Bitwise operators on the infinite two's-complement representation, as
// Python defines them for negative ints. op: '&', '|', '^'.
BigInt bitwise(char op, const BigInt& a, const BigInt& b);
BigInt invert(const BigInt& a);  // ~a == -a - 1
BigInt pow(const BigInt& base, uint64_t exp);
// base**exp mod m for exp >= 0 and m > 0; the result lies in [0, m).
BigInt pow_mod(const BigInt& base, const BigInt& exp, const BigInt& m);
// x with x*a == 1 (mod m), m > 0; false if gcd(a, m) != 1.
bool mod_inverse(const BigInt& a, const BigInt& m, BigInt& out);
// a / b correctly rounded to a double; b nonzero. `overflow` when infinite.
double true_divide(const BigInt& a, const BigInt& b, bool& overflow);

}  // namespace sl::lang
