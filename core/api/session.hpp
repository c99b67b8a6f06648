// session: the engine's boundary API -- run code, get the result as JSON.
// The wasm bindings and the native tests use the same entry point, so
// everything the page and the npm package see is testable natively.
#pragma once
#include <memory>
#include <string>

namespace sl::lang {
class Interp;
}

namespace sl {

class Session {
 public:
  Session();
  ~Session();
  // Runs `code`; returns {"stdout":..., "error":..., "traceback":..., "line":..., "repr":...} as JSON.
  std::string run(const std::string& code, bool echo);
  void set_step_budget(double steps);
  // The inspection snapshot of the session's variables (core/api/snapshot.hpp).
  std::string snapshot();

 private:
  std::unique_ptr<lang::Interp> in_;
};

// JSON string literal for UTF-8 text (invalid bytes become U+FFFD).
std::string json_string(const std::string& s);

}  // namespace sl
