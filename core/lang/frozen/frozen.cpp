// frozen: running the frozen Python modules (Note [Frozen modules], frozen.hpp).
#include "core/lang/frozen/frozen.hpp"

#include "core/lang/eval/interp.hpp"
#include "core/lang/parse/parser.hpp"

namespace sl::lang {

namespace {

bool in_package(const std::string& name, const std::string& package) {
  return name == package || (name.size() > package.size() && name.compare(0, package.size(), package) == 0 &&
                             name[package.size()] == '.');
}

}  // namespace

// Runs the frozen module `dotted` and, first, its frozen parent packages
// (import torch.utils.data runs torch.utils, then torch.utils.data), so each
// attaches to its parent as it is created.
void Interp::load_frozen(const std::string& dotted) {
  const auto& table = frozen_sources();
  if (frozen_state_.size() != table.size()) frozen_state_.assign(table.size(), 0);
  for (size_t dot = dotted.find('.'); dot != std::string::npos; dot = dotted.find('.', dot + 1))
    load_frozen(dotted.substr(0, dot));
  for (size_t i = 0; i < table.size(); ++i)
    if (frozen_state_[i] == 0 && dotted == table[i].name) run_frozen(i);
}

bool Interp::load_frozen_package(const std::string& module, const std::string& name) {
  const auto& table = frozen_sources();
  if (frozen_state_.size() != table.size()) frozen_state_.assign(table.size(), 0);
  if (!name.empty()) {
    const std::string sub = module + "." + name;
    for (size_t i = 0; i < table.size(); ++i)
      if (frozen_state_[i] == 0 && sub == table[i].name) {
        load_frozen(sub);
        return true;
      }
  }
  const std::string package = module.substr(0, module.find('.'));
  bool ran = false;
  for (size_t i = 0; i < table.size(); ++i) {
    if (frozen_state_[i] == 0 && in_package(table[i].name, package) && modules.count(package)) {
      load_frozen(table[i].name);  // its parents first, as an import would
      ran = true;
    }
  }
  return ran;
}


// Runs one frozen module in a fresh module scope whose __name__ is the
// module's dotted name, then publishes its names on the ModuleObj registered
// under that name (created, and attached to its parent package, if needed).
void Interp::run_frozen(size_t index) {
  const FrozenSource& src = frozen_sources()[index];
  frozen_state_[index] = 1;
  std::unique_ptr<Module> tree = parse_module(src.text());
  mark_untraced(tree->body);
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
  frames_.push_back({&kModuleFrame, 0});
  try {
    Value ret;
    for (auto& s : tree->body) exec(*s, env, ret);
  } catch (const PyError& e) {
    frames_.pop_back();
    frozen_state_[index] = 0;
    throw PyError("SystemError", "stridelab's frozen module " + name + " failed to initialise: " + e.type + ": " + e.msg);
  }
  frames_.pop_back();
  // Note [Frozen C types] (frozen.hpp): the classes __c_types__ names.
  if (auto ct = env->vars.find("__c_types__"); ct != env->vars.end()) {
    for (const Value& n : to_vector(ct->second)) {
      auto c = env->vars.find(str(n));
      if (c != env->vars.end())
        if (auto* t = c->second.as<TypeObj>()) t->c_named = true;
    }
    env->vars.erase(ct);
  }
  // A module that lists __all__ publishes those names (its helpers and the
  // modules it imported stay private to its scope), else every name.
  auto all = env->vars.find("__all__");
  if (all != env->vars.end() && (all->second.as<ListObj>() || all->second.as<TupleObj>())) {
    for (const Value& n : to_vector(all->second)) {
      const std::string key = str(n);
      auto it = env->vars.find(key);
      if (it != env->vars.end()) mod->attrs[key] = it->second;
    }
  } else {
    for (auto& [k, v] : env->vars) mod->attrs[k] = v;
  }
  frozen_trees_.push_back(std::move(tree));
  frozen_state_[index] = 2;
}

}  // namespace sl::lang
