// numfmt: number -> text the way CPython and NumPy print numbers.
//
// shortest_digits gives the shortest decimal digit string that reads back as
// the same value of the given precision (float16/32/64), which is what Python's
// repr(float) and NumPy's default (unique=True, Dragon4) printing start from.
// libc++ 14 (Emscripten 3.1.6) has no floating-point std::to_chars, so the
// digits come from correctly rounded printf ("%.*e") at increasing precision,
// checked by a correctly rounded read-back (strtod/strtof).
//
// Owns: number -> digits and the Python format-spec mini-language; it knows
// nothing of arrays. Invariant: every digit string it returns reads back
// (correctly rounded) as the value it was made from at the stated precision,
// or is the correctly rounded decimal the caller asked for.
#pragma once
#include <functional>
#include <string>

#include "core/model/dtype.hpp"

namespace sl {

struct Digits {
  std::string digits;  // no leading zeros, no trailing zeros ("0" for zero)
  int exp10 = 0;       // value = 0.d1d2d3... * 10^exp10   (Python's "decpt")
  bool negative = false;
};

// Shortest round-tripping digits for a value of `dt` precision (F16, F32, F64).
Digits shortest_digits(double v, DType dt = DType::F64);
// Correctly rounded to `ndigits` significant digits (ndigits >= 1).
Digits rounded_digits(double v, int ndigits);
// Correctly rounded to `frac` digits after the decimal point.
Digits fixed_digits(double v, int frac);

// repr(float) in CPython ("0.1", "1e-05", "1e+20", "5.0", "inf", "nan").
std::string py_float_repr(double v);
// str(complex) / repr(complex) in CPython ("(1+2j)", "2j").
std::string py_complex_repr(double re, double im);

// The format-spec mini-language for str.format / f-strings / format().
std::string format_int_spec(int64_t v, const std::string& spec);
// The same for an integer of any size: its sign, the digits of its magnitude
// in base 2, 8, 10 or 16 (lowercase), and its value as a double (for the
// float presentation types; may raise).
std::string format_int_spec(bool neg, const std::function<std::string(int)>& digits,
                            const std::function<double()>& as_double, const std::string& spec);
std::string format_float_spec(double v, const std::string& spec);
std::string format_str_spec(const std::string& s, const std::string& spec);

}  // namespace sl
