// modules: the standard (and tutorial third-party) modules a program can
// import besides numpy and torch, one file per module: math_module.cpp,
// time_module.cpp, psutil_module.cpp, random_module.cpp,
// collections_module.cpp, functools_module.cpp, itertools_module.cpp,
// operator_module.cpp, sys_module.cpp, copy_module.cpp, string_module.cpp,
// json_module.cpp, typing_module.cpp. Each registers its names from a table.
// Invariant: a module is a ModuleObj in Interp::modules under its import name,
// registered once, before any program runs; importing one runs no Python code.
#pragma once

#include "core/lang/interp.hpp"

namespace sl::lang {

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
void install_string_module(Interp& in);
void install_json_module(Interp& in);
void install_typing_module(Interp& in);

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
