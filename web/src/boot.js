// Starts the engine worker as early as possible: a tiny classic script loaded with
// `async`, so the engine (worker module, glue, wasm) downloads and compiles while the
// page bundle is still loading. main.js adopts the worker (engine.js `adopt`); if this
// script did not run, or the worker failed before main.js took it over, main.js starts
// its own and reports any failure properly.
(function boot() {
  try {
    if (typeof Worker !== 'function') return;
    const state = { worker: new Worker('/src/worker.js', { type: 'module', name: 'stridelab-engine' }), failed: false };
    state.worker.onerror = (event) => {
      event.preventDefault();
      state.failed = true;
    };
    globalThis.__stridelabBoot = state;
  } catch {
    // No module workers (a very old browser): main.js reports it.
  }
}());
