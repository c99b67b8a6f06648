// stridelab: the npm package entry (ES module; Node 18+ and browsers).
//
//   import { init } from 'stridelab';
//   const lib = await init();
//   const s = lib.session();
//   const { stdout, error } = s.run('import numpy as np\nprint(np.arange(3))');
//   s.dispose();
//
// The Emscripten glue (dist/stridelab-core.mjs) is built for web and workers
// and never fetches: this loader instantiates the .wasm itself (fs in Node,
// fetch/streaming in browsers) through Emscripten's instantiateWasm hook.
import createStridelabCore from '../dist/stridelab-core.mjs';

const wasmUrl = new URL('../dist/stridelab-core.wasm', import.meta.url);
const isNode = typeof process === 'object' && process?.versions?.node != null && typeof window === 'undefined';

async function loadWasmBytes() {
  if (isNode && wasmUrl.protocol === 'file:') {
    const fs = await import('node:fs/promises');
    return fs.readFile(wasmUrl);
  }
  return null;
}

async function instantiate(imports, bytes) {
  if (bytes) return (await WebAssembly.instantiate(bytes, imports)).instance;
  const resp = fetch(wasmUrl, { credentials: 'same-origin' });
  if (WebAssembly.instantiateStreaming) {
    try {
      return (await WebAssembly.instantiateStreaming(resp, imports)).instance;
    } catch (e) {
      // wrong MIME type: fall back to bytes
    }
  }
  const buf = await (await fetch(wasmUrl, { credentials: 'same-origin' })).arrayBuffer();
  return (await WebAssembly.instantiate(buf, imports)).instance;
}

const registry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((handle) => { try { handle.delete(); } catch { /* already gone */ } })
  : null;

class Session {
  #handle;
  constructor(core) {
    this.#handle = new core.Session();
    registry?.register(this, this.#handle, this);
  }
  /** Runs Python code; returns { stdout, error, traceback, line, col, repr }. */
  run(code, { echo = false } = {}) {
    if (!this.#handle) throw new Error('stridelab: session has been disposed');
    if (typeof code !== 'string') throw new TypeError('stridelab: run(code) expects a string');
    return JSON.parse(this.#handle.run(code, echo));
  }
  /**
   * The inspection snapshot of every variable: layout, flags, base chains,
   * sharing groups and the memory gauge (see docs/api.md for the shape).
   */
  snapshot() {
    if (!this.#handle) throw new Error('stridelab: session has been disposed');
    return JSON.parse(this.#handle.snapshot());
  }
  /** Limits statements per run (a runaway loop raises TimeoutError); -1 = unlimited. */
  setStepBudget(steps) {
    this.#handle.setStepBudget(steps);
  }
  dispose() {
    if (!this.#handle) return;
    registry?.unregister(this);
    this.#handle.delete();
    this.#handle = null;
  }
  get disposed() {
    return this.#handle == null;
  }
}

let corePromise = null;

/** Loads the engine once; resolves to { session() }. */
export function init() {
  if (!corePromise) {
    corePromise = (async () => {
      const bytes = await loadWasmBytes();
      const core = await createStridelabCore({
        instantiateWasm(imports, done) {
          instantiate(imports, bytes).then((inst) => done(inst), (err) => {
            throw err;
          });
          return {};
        },
        print: () => {},
        printErr: (s) => console.warn('[stridelab]', s),
      });
      return {
        session: () => new Session(core),
        version: '0.1.0',
      };
    })();
  }
  return corePromise;
}

export default { init };
