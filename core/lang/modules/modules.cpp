// modules: the builtin module table and Interp::load_builtin (modules.hpp).
#include "core/lang/modules/modules.hpp"

namespace sl::lang {

ModuleObj& new_module(Interp& in, const char* name) {
  auto m = std::make_shared<ModuleObj>(name);
  in.modules[name] = m;
  return *m;
}

namespace {

// builtins: the module of the builtin names (len, print, ValueError, ...), a
// snapshot of Interp::builtins made at its first import, as CPython's
// builtins module holds the same objects the bare names find.
void install_builtins_module(Interp& in) {
  ModuleObj& m = new_module(in, "builtins");
  for (auto& [k, v] : in.builtins) m.attrs[k] = v;
}

}  // namespace

const std::vector<BuiltinModule>& builtin_modules() {
  static const std::vector<BuiltinModule> table = {
      {"numpy", install_numpy, nullptr},
      {"torch", install_torch, "numpy"},
      {"math", install_math_module, nullptr},
      {"time", install_time_module, "collections"},
      {"psutil", install_psutil_module, nullptr},
      {"dataclasses", install_dataclasses_module, nullptr},
      {"random", install_random_module, nullptr},
      {"collections", install_collections_module, nullptr},
      {"functools", install_functools_module, "collections"},
      {"itertools", install_itertools_module, nullptr},
      {"operator", install_operator_module, nullptr},
      {"copy", install_copy_module, nullptr},
      {"gc", install_gc_module, nullptr},
      {"string", install_string_module, nullptr},
      {"unicodedata", install_unicodedata_module, nullptr},
      {"_weakref", install_weakref_module, nullptr},
      {"json", install_json_module, nullptr},
      {"typing", install_typing_module, nullptr},
      {"sys", install_sys_module, "collections"},
      {"posix", install_posix_module, nullptr},
      {"struct", install_struct_module, nullptr},
      {"_sre", install_sre_module, nullptr},
      {"linecache", install_linecache_module, nullptr},
      {"hashlib", install_hashlib_module, nullptr},
      {"binascii", install_binascii_module, nullptr},
      {"cmath", install_cmath_module, nullptr},
      {"zlib", install_zlib_module, nullptr},
      {"pickle", install_pickle_module, nullptr},
      {"_codecs", install_codecs_module, nullptr},
      {"builtins", install_builtins_module, nullptr},
  };
  return table;
}

// Note [Builtin modules at first import] (modules.hpp).
bool Interp::load_builtin(const std::string& dotted) {
  const std::string top = dotted.substr(0, dotted.find('.'));
  const auto& table = builtin_modules();
  if (builtin_state_.size() != table.size()) builtin_state_.assign(table.size(), 0);
  for (size_t i = 0; i < table.size(); ++i) {
    if (top != table[i].name) continue;
    if (builtin_state_[i] == 0) {
      builtin_state_[i] = 1;  // installing: a dependency cycle would stop here
      if (table[i].needs) load_builtin(table[i].needs);
      table[i].install(*this);
      Names::advance_type_epoch();  // Note [Type attribute cache]
      builtin_state_[i] = 2;
    }
    return true;
  }
  return false;
}

}  // namespace sl::lang
