// array_hooks: the rows of the front-end table (array_hooks.hpp; Note [Front-end table]).
#include "core/lang/objects/array_hooks.hpp"


namespace sl::lang {

namespace {
ArrayHooks* rows() {
  static ArrayHooks table[kArrayFlavours];
  return table;
}
// A DTypeObj answers with the row of the flavour whose dtype it is.
Flavor flavour_of(const Value& v) {
  if (v.is_array()) return v.arr().flavor;
  const auto* d = v.as<DTypeObj>();
  return d && d->torch ? Flavor::Torch : Flavor::NumPy;
}
}  // namespace

void set_array_hooks(Flavor f, const ArrayHooks& row) { rows()[int(f)] = row; }

const ArrayHooks& array_hooks_row(Flavor f) { return rows()[int(f)]; }

const ArrayHooks& hooks_of(const Value& v) {
  const ArrayHooks& row = rows()[int(flavour_of(v))];
  if (!row.type_of) throw PyError("SystemError", "no front end has installed the hooks of this array");
  return row;
}

const ArrayHooks& hooks_of(const Value& a, const Value& b) {
  if (!b.is_array()) return hooks_of(a);
  if (!a.is_array()) return hooks_of(b);
  const ArrayHooks& ra = hooks_of(a);
  const ArrayHooks& rb = hooks_of(b);
  return rb.priority > ra.priority ? rb : ra;
}

}  // namespace sl::lang
