// The two bounds on a Python call's depth (Note [Recursion depth], interp.hpp).
//
// Problem: a call at Python depth d (frames, the module's included) is allowed
// when d + 1 <= sys.getrecursionlimit() -- CPython 3.13's rule in
// _Py_EnterRecursivePy (Python/ceval.c: py_recursion_remaining) -- and when
// the stack this run has used, base - sp, is under the budget B of the host:
//   native: the thread's stack (RLIMIT_STACK for the main thread, at most
//     64 MB counted), less 1 MB for the C++ below the last check (a builtin's
//     own recursion, the exception machinery, the allocator);
//   wasm:  two stacks. The shadow stack in linear memory (TOTAL_STACK in
//     CMakeLists.txt) holds the frames whose addresses escape; V8's machine
//     stack holds every wasm frame and is the one that runs out first: V8's
//     limit is 984 KB on Node's and a page's main thread, 500 KB in a
//     Chromium worker (Blink's kWorkerMaxStackSize). Only the shadow stack's
//     pointer is visible to wasm code, so B is the shadow bytes a run may use:
//     the host's V8 stack (Interp::host_stack_bytes, which the package sets
//     when it loads the engine) less a reserve, over the largest ratio of V8
//     to shadow bytes measured per level (docs/hardening.md).
// Either bound raises the same RecursionError CPython raises at its limit.
//
// Code can also run with no base marked: the interpreter's destructor runs
// __del__ and weakref callbacks, and a host (a fuzz target, a test) may build
// the snapshot without a Session call around it. Natively the thread's real
// stack bounds then decide, as CPython 3.14 finds them
// (_Py_InitializeRecursionLimits, pthread_getattr_np): a check fails when
// fewer than kNativeReserve bytes remain below the stack pointer. Under wasm
// every entry from the host goes through a Session call, which marks a base.
#include "core/lang/eval/interp.hpp"

#include <sys/resource.h>
#ifndef __EMSCRIPTEN__
#include <pthread.h>
#endif

#include <algorithm>
#include <cstdint>
#include <string>

namespace sl::lang {

size_t Interp::host_stack_bytes = size_t(984) << 10;

#ifdef __EMSCRIPTEN__
// V8 bytes per shadow-stack byte, measured per level of recursion on this
// build (docs/hardening.md, "Recursion depth under wasm"): from 0.69 (Python
// calls in expressions) to 1.12 (json.loads of nested arrays); the budget
// assumes 1.15. kHostReserve is the V8 stack the host's own frames (the page's
// worker script, the package's run()) and the last check's callees may use.
constexpr size_t kV8PerShadowPercent = 115;
constexpr size_t kHostReserve = size_t(96) << 10;
#endif

size_t Interp::default_stack_budget() {
#ifdef __EMSCRIPTEN__
  size_t host = std::max(host_stack_bytes, kHostReserve * 2);
  return (host - kHostReserve) * 100 / kV8PerShadowPercent;
#else
  struct rlimit rl {};
  size_t total = 8u << 20;
  if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) total = size_t(rl.rlim_cur);
  total = std::min<size_t>(total, size_t(64) << 20);
  return total > (2u << 20) ? total - (1u << 20) : total / 2;
#endif
}

#ifndef __EMSCRIPTEN__
namespace {
constexpr size_t kNativeReserve = size_t(1) << 20;

// The lowest address this thread may use for frames it checks, plus the
// reserve; null when the bounds cannot be read (then only the depth counts).
const char* native_stack_floor() {
  thread_local const char* floor = [] {
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return static_cast<const char*>(nullptr);
    void* low = nullptr;
    size_t size = 0;
    const bool ok = pthread_attr_getstack(&attr, &low, &size) == 0 && size > 2 * kNativeReserve;
    pthread_attr_destroy(&attr);
    return ok ? static_cast<const char*>(low) + kNativeReserve : static_cast<const char*>(nullptr);
  }();
  return floor;
}
}  // namespace
#endif

bool Interp::stack_exhausted() const {
  char here = 0;
  if (!stack_base_) {
#ifndef __EMSCRIPTEN__
    const char* floor = native_stack_floor();
    return floor && reinterpret_cast<std::uintptr_t>(&here) < reinterpret_cast<std::uintptr_t>(floor);
#else
    return false;
#endif
  }
  // The stack grows down on every target stridelab builds for; an address above
  // the base (a call made after run() returned) counts as no use.
  std::intptr_t used = reinterpret_cast<std::intptr_t>(stack_base_) - reinterpret_cast<std::intptr_t>(&here);
  return used > 0 && size_t(used) > stack_budget;
}

void Interp::check_recursion() {
  if (depth_ + 2 > recursion_limit || stack_exhausted()) raise_exc("RecursionError", "maximum recursion depth exceeded");
}

Interp::FrameCharge::FrameCharge(Interp& in, int frames) : in(in), frames(frames) {
  if (in.depth_ + 1 + frames > in.recursion_limit || in.stack_exhausted())
    in.raise_exc("RecursionError", "maximum recursion depth exceeded");
  in.depth_ += frames;
}

constexpr int kCRecursionLimit = 10000;  // Py_C_RECURSION_LIMIT (Include/cpython/pystate.h, 3.13)

// When the stack budget runs out, the message says what the recursion is:
// `where` when it walks data (C levels well beyond the Python frames, e.g. a
// nested list's repr), else the Python frames' message, as CPython's for a
// __repr__ that calls repr (one level of each per step), whatever the limit.
Interp::CRecursion::CRecursion(Interp& in, const char* where) : in(in) {
  const bool counted = ++in.c_depth_ > kCRecursionLimit;
  if (counted || in.stack_exhausted()) {
    --in.c_depth_;
    const bool c_first = counted || in.c_depth_ > 2 * in.depth_;
    in.raise_exc("RecursionError", std::string("maximum recursion depth exceeded") + (c_first ? where : ""));
  }
}

}  // namespace sl::lang
