// format: arrays and scalars as text, exactly as NumPy 1.24's arrayprint
// (array2string, array_repr, array_str) and NumPy's scalar str/repr print them.
// Float digits come from numfmt (shortest round-trip digits for the dtype).
//
// Owns: NumPy's print options (np.set_printoptions state) and the text of
// ndarrays and NumPy scalars. Invariant: formatting reads an array only
// through its layout (shape, byte strides, offset), never writes it, and its
// output depends only on the values shown and the print options.
#pragma once
#include <string>

#include "core/array.hpp"

namespace sl {

struct PrintOptions {
  int precision = 8;
  int64_t threshold = 1000;
  int edgeitems = 3;
  int linewidth = 75;
  bool suppress = false;
  std::string nanstr = "nan";
  std::string infstr = "inf";
  char sign = '-';
  std::string floatmode = "maxprec";  // fixed, unique, maxprec, maxprec_equal
};
PrintOptions& print_options();  // np.set_printoptions / np.get_printoptions

// str(a) / repr(a) for a NumPy array (flavour NumPy).
std::string array_str(const Array& a);
std::string array_repr(const Array& a);
// np.array2string(a, separator=..., prefix=...)
std::string array2string(const Array& a, const std::string& separator, const std::string& prefix,
                         const std::string& suffix = "");

// A NumPy scalar (the element at p of dtype dt): str() and repr() (NumPy 1.24
// repr equals str for numbers; repr_np2 gives NumPy 2's "np.float64(0.1)").
std::string scalar_str(DType dt, const char* p);
std::string scalar_repr_np2(DType dt, const char* p);
// The same for a 0-d scalar array of any dtype (flexible ones included).
std::string scalar_str(const Array& a);
std::string scalar_repr_np2(const Array& a);
// A structured element (np.void record) as str() prints it: "(1, 5.0, b'ab')".
std::string record_scalar_str(const Array& a, const char* p);

// Python-style shortest repr of a float of dtype precision ("0.1", "1e-05", "inf").
std::string float_scalar_str(double v, DType dt);

}  // namespace sl
