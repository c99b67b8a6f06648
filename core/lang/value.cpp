// value: the out-of-line members of the object model's structs (Args: the
// argument-binding rules natives share).
#include "core/lang/value.hpp"

namespace sl::lang {

bool Args::take(size_t i, const char* name, Value& out) {
  for (auto it = kw.begin(); it != kw.end(); ++it) {
    if (it->first == name) {
      if (i < pos.size())
        type_error(fname + "() got multiple values for argument '" + name + "'");
      out = it->second;
      kw.erase(it);
      return true;
    }
  }
  if (i < pos.size()) {
    out = pos[i];
    return true;
  }
  return false;
}
Value Args::required(size_t i, const char* name) {
  Value v;
  if (!take(i, name, v))
    type_error(fname + "() missing required argument '" + name + "' (pos " + std::to_string(i + 1) + ")");
  return v;
}
Value Args::optional(size_t i, const char* name, Value dflt) {
  Value v;
  return take(i, name, v) ? v : dflt;
}
void Args::finish(size_t max_pos) {
  if (pos.size() > max_pos)
    type_error(fname + "() takes at most " + std::to_string(max_pos) + " positional argument" +
               (max_pos == 1 ? "" : "s") + " (" + std::to_string(pos.size()) + " given)");
  if (!kw.empty()) type_error(fname + "() got an unexpected keyword argument '" + kw.front().first + "'");
}

}  // namespace sl::lang
