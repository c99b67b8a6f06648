// frozen: Python modules whose source is compiled into the engine.
//
// Note [Frozen modules]: some modules are most faithfully written in Python,
// as their upstream is (torch.nn: a Module is an object whose __setattr__
// files parameters, buffers and submodules into dicts, and users subclass it,
// override its methods and read its dicts). Their source lives in
// core/lang/frozen/<dotted.name>.py and is embedded at build time
// (frozen/embed.cmake), like CPython's frozen modules. A session runs each
// one at most once: when it is imported by name (import torch.nn), or when a
// name is missing from a module of its package (torch.no_grad, torch.nn.Linear
// after a bare import torch -- which in PyTorch imports torch.nn too), so a
// program that never touches them never pays for them. The module's names
// (its __all__ when it has one) join the native ones registered under that name.
// The native package they extend is itself installed at its first import
// (Note [Builtin modules at first import], modules/modules.hpp), and before
// them: import_module installs torch, then runs torch.nn.
//
// Invariant: frozen source is ordinary stridelab Python; it reaches the
// engine only through the natives the front ends register (torch._C,
// torch.nn.functional, ...), never through a private channel.
//
// Note [Frozen C types]: where CPython's module is written in C (datetime,
// _csv), its types' tp_name is "module.Name", and every message that names
// the type says so ("unsupported operand type(s) for +: 'datetime.date' and
// 'int'"), while a class statement's type is named by its bare name. A
// frozen module that stands for such a C module lists those classes in
// `__c_types__` (a tuple of names in its scope); each gets TypeObj::c_named,
// which makes its messages name it module.Name. Their subclasses are
// ordinary classes again, as CPython's heap subclasses of a C type are.
//
// Note [Deferred data] (core/model/deferred_data.hpp): the source text is deferred
// data, read through text(), which brings it in first.
#pragma once
#include <vector>

#include "core/model/deferred_data.hpp"

namespace sl::lang {

struct FrozenSource {
  const char* name;  // "torch.nn"
  const char* file;  // "torch.nn.py", what tracebacks name
  const char* deferred_text;  // SL_DEFERRED_DATA: read it through text()
  const char* text() const {
    need_deferred_data();
    return deferred_text;
  }
};

// Every frozen module, sorted by name (generated from core/lang/frozen/*.py).
const std::vector<FrozenSource>& frozen_sources();

}  // namespace sl::lang
