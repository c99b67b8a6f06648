// numpy/exceptions: NumPy 2.2's exception classes.
//
// Owns: the module numpy.exceptions (AxisError, ComplexWarning,
// DTypePromotionError, ModuleDeprecationWarning, RankWarning, TooHardError,
// VisibleDeprecationWarning), numpy.linalg.LinAlgError, and the classes of
// numpy._core._exceptions the engine raises by name (UFuncTypeError and its
// private subclasses, _ArrayMemoryError).
// Invariant: none of them is a builtin name, and none is an attribute of numpy
// itself (NumPy 2.0 moved them to numpy.exceptions). The private classes show
// as their base, as NumPy's _display_as_base makes them: __name__ is the
// base's (type(e).__name__ == "UFuncTypeError"), while __qualname__, the class
// repr and the last line of a traceback keep their own
// ("numpy._core._exceptions._UFuncNoLoopError: ufunc 'add' did not ...").
#include <vector>

#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"

namespace sl::lang {

namespace {

struct NpExc {
  const char* name;
  const char* module;
  std::vector<const char*> bases;  // builtin names or names defined above
  bool display_as_base = false;
};

const char kExc[] = "numpy.exceptions";
const char kCore[] = "numpy._core._exceptions";

// In definition order (numpy/exceptions.py, numpy/_core/_exceptions.py, numpy/linalg).
const NpExc kNumpyExceptions[] = {
    {"ComplexWarning", kExc, {"RuntimeWarning"}, false},
    {"ModuleDeprecationWarning", kExc, {"DeprecationWarning"}, false},
    {"VisibleDeprecationWarning", kExc, {"UserWarning"}, false},
    {"RankWarning", kExc, {"RuntimeWarning"}, false},
    {"TooHardError", kExc, {"RuntimeError"}, false},
    {"AxisError", kExc, {"ValueError", "IndexError"}, false},
    {"DTypePromotionError", kExc, {"TypeError"}, false},
    {"UFuncTypeError", kCore, {"TypeError"}, false},
    {"_UFuncNoLoopError", kCore, {"UFuncTypeError"}, true},
    {"_UFuncBinaryResolutionError", kCore, {"_UFuncNoLoopError"}, true},
    {"_UFuncCastingError", kCore, {"UFuncTypeError"}, true},
    {"_UFuncInputCastingError", kCore, {"_UFuncCastingError"}, true},
    {"_UFuncOutputCastingError", kCore, {"_UFuncCastingError"}, true},
    {"_ArrayMemoryError", kCore, {"MemoryError"}, true},
    {"LinAlgError", "numpy.linalg", {"ValueError"}, false},
};

Value type_value(TypeObj* ty) { return Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), ty)); }

}  // namespace

void install_numpy_exceptions(Interp& in) {
  for (const NpExc& e : kNumpyExceptions) {
    std::vector<TypeObj*> bases;
    for (const char* b : e.bases) bases.push_back(in.exception_type(b));
    TypeObj* ty = in.define_exception(e.name, e.module, bases);
    if (e.display_as_base) {
      ty->qual = ty->name;
      ty->name = bases.front()->name;
    }
    submodule(in, e.module).attrs[e.name] = type_value(ty);
  }
}

}  // namespace sl::lang
