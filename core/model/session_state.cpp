// session_state: see session_state.hpp (Note [Session state]).
#include "core/model/session_state.hpp"

namespace sl {

size_t SessionState::next_slot_id() {
  static size_t next = 0;  // the numbering of slot types (Note [Session state]): not a setting
  return next++;
}

namespace detail {
// What the engine's direct callers (tests calling format_array, the CLI) read
// and set: the process is their session. Never destroyed, as a static that a
// static destructor elsewhere might still reach must not be.
SessionState& process_session_state() {
  static SessionState* s = new SessionState;
  return *s;
}
}  // namespace detail

}  // namespace sl
