// frozen: running the frozen Python modules (Note [Frozen modules], frozen.hpp).
#include "core/lang/frozen.hpp"

#include "core/lang/interp.hpp"
#include "core/lang/parser.hpp"

namespace sl::lang {

namespace {

bool in_package(const std::string& name, const std::string& package) {
  return name == package || (name.size() > package.size() && name.compare(0, package.size(), package) == 0 &&
                             name[package.size()] == '.');
}

}  // namespace

void Interp::load_frozen(const std::string& package, const std::string& dotted) {
  const auto& table = frozen_sources();
  if (frozen_state_.size() != table.size()) frozen_state_.assign(table.size(), 0);
  for (size_t i = 0; i < table.size(); ++i) {
    // A package's modules run when it is first imported; a module imported by
    // name while another one runs (its dependency) runs then.
    if (frozen_state_[i] == 0 && (in_package(table[i].name, package) || dotted == table[i].name) &&
        modules.count(package))
      run_frozen(i);
  }
}

// Runs one frozen module in a fresh module scope whose __name__ is the
// module's dotted name, then publishes its names on the ModuleObj registered
// under that name (created, and attached to its parent package, if needed).
void Interp::run_frozen(size_t index) {
  const FrozenSource& src = frozen_sources()[index];
  frozen_state_[index] = 1;
  std::unique_ptr<Module> tree = parse_module(src.text);
  auto env = std::make_shared<Env>();
  env->vars["__name__"] = make_str(src.name);
  const std::string name = src.name;
  std::shared_ptr<ModuleObj> mod;
  if (auto it = modules.find(name); it != modules.end()) {
    mod = it->second;
  } else {
    mod = std::make_shared<ModuleObj>(name);
    modules[name] = mod;
    size_t dot = name.rfind('.');
    if (dot != std::string::npos) {
      auto parent = modules.find(name.substr(0, dot));
      if (parent != modules.end()) parent->second->attrs[name.substr(dot + 1)] = Value(std::static_pointer_cast<Obj>(mod));
    }
  }
  frames_.push_back({"<module>", 0});
  try {
    Value ret;
    for (auto& s : tree->body) exec(*s, env, ret);
  } catch (const PyError& e) {
    frames_.pop_back();
    frozen_state_[index] = 0;
    throw PyError("SystemError", "stridelab's frozen module " + name + " failed to initialise: " + e.type + ": " + e.msg);
  }
  frames_.pop_back();
  for (auto& [k, v] : env->vars) mod->attrs[k] = v;
  frozen_trees_.push_back(std::move(tree));
  frozen_state_[index] = 2;
}

}  // namespace sl::lang
