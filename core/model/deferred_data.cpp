// deferred_data: the call that brings the deferred tables in (Note [Deferred data], deferred_data.hpp).
#include "core/model/deferred_data.hpp"

#if defined(__EMSCRIPTEN__)

extern "C" {
bool sl_deferred_data_in = false;
}

namespace sl {

namespace {

// The body is unique (a store of its own constant to its own variable), so that
// Binaryen's duplicate-function elimination cannot fold it into a function of the
// first part; volatile, so that the compiler keeps the store.
volatile int anchor_calls = 0;
__attribute__((noinline)) void deferred_data_anchor() { anchor_calls = anchor_calls + 0x5d1; }

// Called through a pointer the optimiser cannot see through: a direct call could be
// inlined, and the inlined copy would not load the second part.
void (*volatile anchor)() = &deferred_data_anchor;

}  // namespace

void load_deferred_data() {
  anchor();
  sl_deferred_data_in = true;
}

}  // namespace sl

#endif
