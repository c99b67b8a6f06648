// np_views: see install_numpy_views.
#include "core/lang/interp.hpp"
#include "core/lang/np_util.hpp"

namespace sl::lang {

void install_numpy_views(Interp& in, ModuleObj& np) {}

}  // namespace sl::lang
