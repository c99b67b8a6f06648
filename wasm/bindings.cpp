// Embind registrations only: the engine's boundary lives in core/api.
#include <emscripten/bind.h>

#include "core/api/session.hpp"

EMSCRIPTEN_BINDINGS(stridelab) {
  emscripten::class_<sl::Session>("Session")
      .constructor<>()
      .function("run", &sl::Session::run)
      .function("runTraced", &sl::Session::run_traced)
      .function("runFile", &sl::Session::run_file)
      .function("setStepBudget", &sl::Session::set_step_budget)
      .function("snapshot", &sl::Session::snapshot)
      .function("setJson", &sl::Session::set_json)
      .function("getJson", &sl::Session::get_json)
      .function("delVar", &sl::Session::del_var)
      .function("variables", &sl::Session::variables)
      .function("newArray", &sl::Session::new_array)
      .function("exportArray", &sl::Session::export_array)
      .function("releaseExports", &sl::Session::release_exports)
      .function("writeFile", &sl::Session::write_file)
      .function("readFile", &sl::Session::read_file)
      .function("listFiles", &sl::Session::list_files)
      .class_function("heapStats", &sl::Session::heap_stats)
      .class_function("setHostStack", &sl::Session::set_host_stack);
}
