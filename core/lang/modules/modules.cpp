// modules: install_modules (modules.hpp).
#include "core/lang/modules/modules.hpp"

namespace sl::lang {

ModuleObj& new_module(Interp& in, const char* name) {
  auto m = std::make_shared<ModuleObj>(name);
  in.modules[name] = m;
  return *m;
}

void install_modules(Interp& in) {
  install_math_module(in);
  install_time_module(in);
  install_psutil_module(in);
  install_dataclasses_module(in);
  install_random_module(in);
  install_collections_module(in);
  install_functools_module(in);
  install_itertools_module(in);
  install_operator_module(in);
  install_copy_module(in);
  install_string_module(in);
  install_json_module(in);
  install_typing_module(in);
  install_sys_module(in);
}

}  // namespace sl::lang
