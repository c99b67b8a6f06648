// np_random: see install_numpy_random.
#include "core/lang/interp.hpp"
#include "core/lang/np_util.hpp"

namespace sl::lang {

void install_numpy_random(Interp& in, ModuleObj& np) {}

}  // namespace sl::lang
