// np_linalg: see install_numpy_linalg.
#include "core/lang/interp.hpp"
#include "core/lang/np_util.hpp"

namespace sl::lang {

void install_numpy_linalg(Interp& in, ModuleObj& np) {}

}  // namespace sl::lang
