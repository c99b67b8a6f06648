// signature: the parameter list of a native callable, and the binding check that
// runs before any of its arguments is converted.
//
// CPython binds a call to a `def` in one pass before the body runs (too many
// positionals, an unknown or repeated keyword, a missing required argument are
// TypeErrors that no argument's value can preempt); NumPy's C parser
// (npy_parse_arguments), Cython's and CPython's own C parsers do the same, each
// in its own words. A native here converts its arguments one by one as it takes
// them (Args::required / optional / finish), so without this check
// np.reshape([[1], [2, 3]]) would fail on the ragged list before noticing that
// `shape` is missing. A Signature, attached where the native is registered,
// makes the arity and keyword checks first, in the words of the parser the
// reference uses for that callable; the body's own conversions run afterwards
// unchanged.
//
// Invariant: check() accepts exactly the calls the parameter list binds, and the
// message of each refusal is the reference parser's.
#pragma once
#include <string>
#include <vector>

#include "core/lang/eval/interp.hpp"

namespace sl::lang {

// Whose words a refusal uses.
enum class SigStyle {
  Python,  // a `def`: "f() takes from 1 to 3 positional arguments but 4 were given",
           // "f() missing 2 required positional arguments: 'a' and 'b'"
  NumpyC,  // npy_parse_arguments: as Python, but "f() missing required argument 'x' (pos 0)"
  Cython,  // Cython / PyArg_ParseTupleAndKeywords: "f() takes at most 4 positional arguments (9 given)"
  CTuple,  // a C method that parses a tuple only (PyArg_ParseTuple): "ndarray.fill() takes no keyword
           // arguments", "fill() takes exactly 1 argument (2 given)"; `name` is qualified
};

struct Signature {
  std::string name;                 // as messages show it ("reshape", "_sum", "AxisError.__init__")
  SigStyle style = SigStyle::Python;
  std::vector<std::string> params;  // positional parameters, in order
  size_t posonly = 0;               // the first `posonly` of them take no keyword
  size_t required = 0;              // the first `required` of them have no default
  std::vector<std::string> kwonly;  // keyword-only parameters
  std::vector<bool> kwonly_required;
  bool varargs = false, varkw = false;

  // "reshape(a, /, shape=, order=, *, newshape=, copy=)": a name followed by `=`
  // has a default (its value is not needed here), `/` ends the positional-only
  // parameters, `*` (or `*args`) starts the keyword-only ones, `**kw` takes any
  // keyword.
  static Signature parse(const std::string& text, SigStyle style = SigStyle::Python);

  // Raises TypeError, in the style's words, when `a` does not bind.
  void check(Interp& in, const Args& a) const;
};

// Wraps a native so that `sig` checks each call before `fn` runs.
NativeFn with_signature(Signature sig, NativeFn fn);

// Note [One row per callable]
// A public callable's parameter list sits in the registration row that names
// it and its implementation (FnEntry, def_fn, the method tables: frontend/
// registry.hpp), as the reference's inspect.signature shows it, defaults left
// out (only whether there is one matters to binding). A row without one binds
// as its body takes its arguments.
struct Params {
  const char* text = nullptr;  // "reshape(a, /, shape=, order=, *, newshape=, copy=)", or null
  SigStyle style = SigStyle::Python;
};

}  // namespace sl::lang
