// session_state: what a session owns of the engine's mutable state, and how
// the engine reaches the state of the session that is running.
//
// Owns: SessionState (one per session: a set of typed slots, one per kind of
// setting a program can make, each slot's type declared by the part of the
// engine it belongs to, next to the code that reads it), the active session,
// and ActiveSession, the scope that installs one for a boundary call.
// Invariant: inside a boundary call of a session (sl::Session's methods,
// lang::Interp's constructor and run()), session_state<T>() is that session's
// T; outside every one it is the process's own (the engine's direct callers:
// the native tests, the CLI). This header names no slot type, so every part
// of the engine can include it without an include running back up.
#pragma once
#include <cstddef>
#include <memory>
#include <vector>

namespace sl {

// Note [Session state]
// NumPy, PyTorch and CPython keep what a program sets in process-wide state:
// NumPy's error state (the extobj context variable) and arrayprint's options,
// torch's PRINT_OPTS, default dtype, GradMode and default generator, the
// hidden instance behind the random module's functions. One Python process
// runs one program. One stridelab module runs several sessions at once (the
// page's editor and console, the package's users, the tests), and each must be
// a process of its own: two sessions never see each other's settings.
//
// CPython's subinterpreters meet the same problem and answer it the same way:
// per-interpreter state in PyInterpreterState, reached from code that takes no
// interpreter argument through the current thread state. Here the engine is
// single-threaded (wasm without threads) and no boundary call of one session
// runs inside another's (nothing in a program reaches another session, and a
// run calls no JavaScript), so "current" is one pointer: ActiveSession sets it
// on entry to a boundary call and puts the previous one back on exit, which
// keeps nested entries right (Interp::run inside Session::run, an import
// inside Session::new_array). The code below the boundary reads its settings
// through session_state<T>() and takes no session argument, as NumPy's loops
// read the error state from the context rather than from an argument:
// format_array prints under the running session's print options, ufunc_call
// raises under its error state.
//
// A slot is a struct whose default constructor gives what a fresh process
// starts with (np.geterr()'s defaults, precision=8, torch.float32, grad
// enabled, ...). It is made at its first use in the session, so a session that
// never imports torch holds no torch state. Objects that belong to one
// session's interpreter (its type objects, a formatter= callable) live in
// slots too, never in a static that the next session would find.
//
// What stays process-wide is what no program can observe, each with a comment
// where it is: tables built once from constants (method tables, ufunc loops,
// the slot ids below), counters that only have to be unique (Names stamps,
// NaN identities), scratch that lives between a throw and its catch (the last
// syntax error's position), depth counters of native frames on the stack
// (zero between boundary calls), and the cycle collector (it frees garbage,
// and whose garbage it frees no program can tell).
class SessionState {
 public:
  SessionState() = default;
  SessionState(const SessionState&) = delete;
  SessionState& operator=(const SessionState&) = delete;

  // The session's T, made with T's defaults on first use.
  template <class T>
  T& get() {
    const size_t k = slot_id<T>();
    if (k < slots_.size() && slots_[k]) return *static_cast<T*>(slots_[k].get());
    if (slots_.size() <= k) slots_.resize(k + 1);
    auto p = std::make_shared<T>();  // shared_ptr<void> keeps T's destructor
    slots_[k] = p;
    return *p;
  }
  // Drops every slot. Interp's destructor calls it before its last cycle
  // collection: a slot may hold Python objects (a formatter= callable) whose
  // cycles that collection should see unrooted.
  void clear() { slots_.clear(); }

 private:
  static size_t next_slot_id();
  // One id per slot type for the whole process, assigned at its first use: a
  // numbering of types, the same in every session, that no program can see.
  template <class T>
  static size_t slot_id() {
    static const size_t k = next_slot_id();
    return k;
  }
  std::vector<std::shared_ptr<void>> slots_;
};

namespace detail {
// The running session's state; null outside every boundary call.
inline SessionState* active_session = nullptr;
SessionState& process_session_state();
}  // namespace detail

// The state of the session that is running, else the process's own.
inline SessionState& active_session_state() {
  return detail::active_session ? *detail::active_session : detail::process_session_state();
}
template <class T>
T& session_state() {
  return active_session_state().get<T>();
}

// Makes `s` the running session's state for the scope's lifetime.
class ActiveSession {
 public:
  explicit ActiveSession(SessionState& s) : saved_(detail::active_session) { detail::active_session = &s; }
  ~ActiveSession() { detail::active_session = saved_; }
  ActiveSession(const ActiveSession&) = delete;
  ActiveSession& operator=(const ActiveSession&) = delete;

 private:
  SessionState* saved_;
};

}  // namespace sl
