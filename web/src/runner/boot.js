// Starts the engine as early as possible: a tiny classic script, the first element of
// <head>, so the engine downloads and compiles while the page bundle is still loading.
//
// Note [Engine boot]
// The engine's critical path is: download the .wasm (the engine's first part, Note
// [Two-part engine] in wasm/index.js), compile it, instantiate it in the worker, open a
// session. This script is parser-blocking on purpose: loaded with `async` it ran only
// after the page's first style and layout pass (measured: 370-590 ms after navigation
// start instead of 110-240 ms), and it is small enough that blocking the parser for it
// costs less than waiting. The worker alone can only start its download after its own
// script, the package module and the Emscripten glue have loaded one after the other
// (three round trips) and after the browser has started the worker thread, which waits
// for the main thread to be free. So this script starts the download and a streaming
// compile on the page right away (the compile runs on the browser's background threads),
// starts the worker, and posts it the compiled WebAssembly.Module once it exists; the
// worker, started under MODULE_WORKER_NAME, waits for that message instead of
// fetching the .wasm itself (worker.js). A failed compile posts `module: null` and the
// worker loads the engine itself, which reports any failure properly. The compiled
// module is kept (state.module) so that an engine restart (Stop) starts its new worker
// without downloading or compiling again (engine.js).
// The page adopts the worker (status.js `takeBooted`, engine.js `adopt`); if this script
// did not run, or the worker failed before the page took it over, the page starts its own.
(function boot() {
  performance.mark?.('stridelab:boot');
  // Relative to the page (web/index.html sits at the top of the served folder), so the
  // playground works from any sub-path of a static host (scripts/build-site.mjs).
  const WASM_URL = 'pkg/dist/stridelab-core.wasm';
  const MODULE_WORKER_NAME = 'stridelab-engine+module';
  try {
    if (typeof Worker !== 'function') return;
    let module = null;
    if (typeof WebAssembly === 'object' && typeof WebAssembly.compileStreaming === 'function') {
      module = WebAssembly.compileStreaming(fetch(WASM_URL, { credentials: 'same-origin' }));
      module.catch(() => {});
    }
    const worker = new Worker('src/runner/worker.js', { type: 'module', name: module ? MODULE_WORKER_NAME : 'stridelab-engine' });
    const state = { worker, module, failed: false };
    if (module) {
      module.then((m) => worker.postMessage({ type: 'wasm-module', module: m }),
        () => worker.postMessage({ type: 'wasm-module', module: null }));
    }
    worker.onerror = (event) => {
      event.preventDefault();
      state.failed = true;
    };
    globalThis.__stridelabBoot = state;
  } catch {
    // No module workers (a very old browser): the page reports it.
  }
}());
