// np_index: advanced (integer-array and boolean) indexing -- always a copy.
#include "core/lang/interp.hpp"
#include "core/lang/np_util.hpp"

namespace sl::lang {

Value advanced_getitem(Interp& in, const ArrayPtr& a, const Value& key) {
  in.raise_exc("NotImplementedError", "advanced indexing is not implemented yet in this build");
}
void advanced_setitem(Interp& in, const ArrayPtr& a, const Value& key, const Value& x) {
  in.raise_exc("NotImplementedError", "advanced indexing is not implemented yet in this build");
}

void install_numpy_index(Interp& in, ModuleObj& np) {}

}  // namespace sl::lang
