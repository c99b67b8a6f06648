// modules: the standard (and tutorial third-party) modules a program can
// import besides numpy and torch, one file per module: math_module.cpp,
// time_module.cpp, psutil_module.cpp. Each registers its names from a table.
// Invariant: a module is a ModuleObj in Interp::modules under its import name,
// registered once, before any program runs; importing one runs no Python code.
#pragma once

#include "core/lang/interp.hpp"

namespace sl::lang {

void install_math_module(Interp& in);
void install_time_module(Interp& in);
void install_psutil_module(Interp& in);
void install_dataclasses_module(Interp& in);

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
