// Embind registrations only: the engine's boundary lives in core/api.
#include <emscripten/bind.h>

#include "core/api/session.hpp"

EMSCRIPTEN_BINDINGS(stridelab) {
  emscripten::class_<sl::Session>("Session")
      .constructor<>()
      .function("run", &sl::Session::run)
      .function("setStepBudget", &sl::Session::set_step_budget)
      .function("snapshot", &sl::Session::snapshot);
}
