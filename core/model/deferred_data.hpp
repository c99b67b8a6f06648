// deferred_data: read-only tables the engine's first part does not carry.
//
// Note [Deferred data]
// The wasm build ships the engine in two parts (Note [Two-part engine] in
// wasm/index.js): the functions a first program runs, with all of the data, and
// the rest. Some data only the rest reads: the frozen Python modules' source
// (core/lang/frozen), the Unicode tables (core/text/unicode_db). A table defined
// with SL_DEFERRED_DATA is placed in the linker section `sl_deferred`; after the
// split, scripts/split-engine.mjs cuts the bytes between the linker's
// __start_sl_deferred and __stop_sl_deferred out of the first part's data and
// puts them in the second part as its own data segments, at the same addresses:
// they reach memory when the second part is instantiated, and until then those
// addresses hold zeros. So every reader calls need_deferred_data() before it
// reads: in the wasm build, until the second part is known to be in, a call
// through a function pointer to a function of the second part (the split puts
// it there because no first program calls it; split-engine.mjs checks that the
// moved bytes read back only after the second part is in), which loads that part
// the way any call into it does. Natively it does nothing.
//
// Invariant: SL_DEFERRED_DATA only on const data with a constant initializer
// (nothing writes it: the second part's instantiation would overwrite the write).
#pragma once

#if defined(__EMSCRIPTEN__)
#define SL_DEFERRED_DATA __attribute__((section("sl_deferred")))

// True once the second part is in. Exported by the link (CMakeLists.txt) so that
// split-engine.mjs can tell whether a first program read deferred data: then the
// data stays in the first part.
extern "C" bool sl_deferred_data_in;

namespace sl {

void load_deferred_data();

// Before any read of SL_DEFERRED_DATA.
inline void need_deferred_data() {
  if (!sl_deferred_data_in) load_deferred_data();
}

}  // namespace sl

#else
#define SL_DEFERRED_DATA

namespace sl {

inline void need_deferred_data() {}

}  // namespace sl

#endif
