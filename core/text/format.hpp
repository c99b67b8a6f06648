// format: arrays and scalars as text, exactly as NumPy 2.2's arrayprint
// (array2string, array_repr, array_str) and NumPy's scalar str/repr print them.
// Float digits come from numfmt (shortest round-trip digits for the dtype).
//
// Owns: NumPy's print options (np.set_printoptions state, one per session:
// Note [Session state]) and the text of ndarrays and NumPy scalars. Invariant: formatting reads an array only
// through its layout (shape, byte strides, offset), never writes it, and its
// output depends only on the values shown and the print options.
#pragma once
#include <functional>
#include <map>
#include <string>

#include "core/model/array.hpp"

namespace sl {

// One formatter= callable of np.set_printoptions / np.array2string: the text
// of the element at p of array a. The front end that set it implements it
// (it calls the Python function) and reads its own callable back for
// np.get_printoptions by casting to its type: only the front end makes them.
struct ElementFormatter {
  virtual ~ElementFormatter() = default;
  virtual std::string format(const Array& a, const char* p) const = 0;
};
using ElementFormatterPtr = std::shared_ptr<const ElementFormatter>;

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
  // formatter=, by NumPy's keys: 'bool', 'int', 'float', 'complexfloat',
  // 'numpystr', 'void', then the groups 'int_kind', 'float_kind',
  // 'complex_kind', 'str_kind' and 'all'; a type's own key wins over its group,
  // a group over 'all' (_get_formatdict). A callable belongs to the session
  // that set it, as the options do.
  std::map<std::string, ElementFormatterPtr> formatter;
};
// np.set_printoptions / np.get_printoptions: the running session's (Note
// [Session state], core/model/session_state.hpp).
PrintOptions& print_options();

// str(a) / repr(a) for a NumPy array (flavour NumPy), under the print options
// `opt` (np.array_str / np.array_repr with arguments), else print_options().
std::string array_str(const Array& a, const PrintOptions* opt = nullptr);
std::string array_repr(const Array& a, const PrintOptions* opt = nullptr);
// np.array2string(a, separator=..., prefix=..., suffix=...)
std::string array2string(const Array& a, const std::string& separator, const std::string& prefix,
                         const std::string& suffix = "", const PrintOptions* opt = nullptr);

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

// Python scalar text of one flexible element: np.str_ / np.bytes_ / np.void.
std::string flexible_scalar_str(const Array& a, const char* p);
std::string flexible_scalar_repr(const Array& a, const char* p);

}  // namespace sl
