// modules: the standard (and tutorial third-party) modules a program can
// import besides numpy and torch, one file per module: math_module.cpp,
// time_module.cpp, psutil_module.cpp, random_module.cpp,
// collections_module.cpp, functools_module.cpp, itertools_module.cpp,
// operator_module.cpp, sys_module.cpp, copy_module.cpp, gc_module.cpp, string_module.cpp,
// unicodedata_module.cpp, weakref_module.cpp (_weakref), json_module.cpp, typing_module.cpp, struct_module.cpp, hashlib_module.cpp and binascii_module.cpp
// (over digest.hpp), zlib_module.cpp (over zlib 1.3.1, the one C library in the engine), pickle_module.cpp, codecs_module.cpp (_codecs), posix_module.cpp (over
// memfs.hpp, the session's file system), sre_module.cpp (the native half of the
// frozen re.py). Each registers its names from a table.
// Also the table of every builtin module, numpy and torch included, which a
// session installs at its first import (Note [Builtin modules at first import]).
// Invariant: a module is a ModuleObj in Interp::modules under its import name,
// registered once, when the session first imports it; importing one runs no
// Python code.
#pragma once

#include <vector>

#include "core/lang/eval/interp.hpp"

namespace sl::lang {

// Note [Builtin modules at first import]
// A session opens with the language alone: the builtin names and types and
// generators. Every module built into stridelab -- numpy and torch with all
// their submodules, and each standard module -- is installed the first time
// the session asks for it, as CPython creates a builtin module only when an
// import reaches it (PyImport_ImportModule finds no sys.modules entry, the
// builtin importer's _imp.create_builtin runs the module's init function once
// and the module is filed in sys.modules). Asking is an import naming the
// module or a submodule of it (`import numpy.linalg`, `from torch import nn`
// install the whole package first, then look the submodule up), or the
// host's own need: Session::new_array installs numpy or torch before it makes
// an ndarray or a tensor, as C code calls import_array() before it makes an
// array. builtin_modules() maps each top-level name to its installer and to
// the one builtin module that installer uses, installed before it: torch's
// reads numpy's types (PyTorch imports numpy too), functools' and sys's build
// namedtuples from collections. A module installed as a dependency is in
// sys.modules but bound in no program scope: after `import torch`, `np` is a
// NameError and 'numpy' in sys.modules is True, as in CPython.
// Why: the browser compiles each wasm function at its first call, so a
// session that installed numpy's and torch's front ends when it opened made
// the page's first result, even print(1), wait for all of them (~100 ms).
// Invariants: a package is installed at most once per session, and whole
// (numpy brings numpy.linalg, numpy.random, ...; the frozen modules stay
// lazier, Note [Frozen modules]); an unknown name installs nothing, so the
// ModuleNotFoundError text is unchanged; installing advances the type epoch
// (Note [Type attribute cache]), since it creates classes and method tables
// after attribute sites may have cached a miss; Interp::modules holds exactly
// what was installed, which is what sys.modules, dir(module), the snapshot
// and ~Interp see.
struct BuiltinModule {
  const char* name;         // the top-level import name: "numpy"
  void (*install)(Interp&);  // registers it, and its submodules, in Interp::modules
  const char* needs;        // a builtin module the installer uses, installed first; nullptr if none
};
// Every builtin module (Interp::load_builtin looks a name up here).
const std::vector<BuiltinModule>& builtin_modules();

// The library front ends (lang/numpy, lang/torch): the table names them, the
// evaluator does not.
void install_numpy(Interp& in);
void install_torch(Interp& in);
void install_math_module(Interp& in);
void install_time_module(Interp& in);
void install_psutil_module(Interp& in);
void install_dataclasses_module(Interp& in);
void install_random_module(Interp& in);
void install_collections_module(Interp& in);
void install_functools_module(Interp& in);
void install_itertools_module(Interp& in);
void install_operator_module(Interp& in);
void install_sys_module(Interp& in);
void install_copy_module(Interp& in);
void install_gc_module(Interp& in);
void install_string_module(Interp& in);
void install_unicodedata_module(Interp& in);
void install_weakref_module(Interp& in);
void install_json_module(Interp& in);
void install_typing_module(Interp& in);
void install_posix_module(Interp& in);
void install_struct_module(Interp& in);
void install_sre_module(Interp& in);
void install_linecache_module(Interp& in);
void install_hashlib_module(Interp& in);
void install_binascii_module(Interp& in);
void install_cmath_module(Interp& in);
void install_zlib_module(Interp& in);
void install_pickle_module(Interp& in);
void install_codecs_module(Interp& in);

// A module's native functions: (name, function) rows.
struct ModuleFnDef {
  const char* name;
  Value (*fn)(Interp&, Args&);
};
template <size_t N>
void def_functions(Interp& in, ModuleObj& m, const ModuleFnDef (&table)[N]) {
  for (const auto& d : table) m.attrs[d.name] = in.builtin(d.name, d.fn);
}
// A new, empty module registered under `name`.
ModuleObj& new_module(Interp& in, const char* name);

}  // namespace sl::lang
