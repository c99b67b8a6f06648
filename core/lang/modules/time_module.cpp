// time_module: `time` -- the clocks (time, perf_counter, monotonic) read one
// steady clock, so differences are elapsed seconds; sleep returns at once (the
// engine runs inside one call from the page and never blocks).
#include <chrono>

#include "core/lang/modules/modules.hpp"

namespace sl::lang {

namespace {

Value time_now(Interp&, Args&) {
  using namespace std::chrono;
  return Value::floating(duration<double>(steady_clock::now().time_since_epoch()).count());
}
Value time_sleep(Interp&, Args&) { return Value(); }

const ModuleFnDef kTime[] = {
    {"time", time_now}, {"perf_counter", time_now}, {"monotonic", time_now}, {"sleep", time_sleep},
};

}  // namespace

void install_time_module(Interp& in) { def_functions(in, new_module(in, "time"), kTime); }

}  // namespace sl::lang
