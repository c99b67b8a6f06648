// stridelab: the npm package entry (ES module; Node 18+, browsers, workers, bundlers).
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
// Everything crossing the boundary is JSON text or raw bytes; see docs/api.md.
import createStridelabCore from '../dist/stridelab-core.mjs';

// Where the .wasm is by default: beside this module, as the package ships it.
// The literal `new URL('...', import.meta.url)` is what Vite (tested), webpack 5
// and Parcel recognise to emit the file as an asset and rewrite the URL. In a
// classic-script bundle (esbuild/rollup `iife`) import.meta.url is empty: then
// there is no default and init() asks for { wasmUrl } or { wasmBinary }.
function defaultWasmUrl() {
  try {
    return new URL('../dist/stridelab-core.wasm', import.meta.url);
  } catch {
    return null;
  }
}
// The base for a relative { wasmUrl }: this module, else the page or worker.
function baseUrl() {
  return import.meta.url || globalThis.location?.href;
}
const isNode = typeof process === 'object' && process?.versions?.node != null && typeof window === 'undefined';

// The engine draws entropy through the Web Crypto global (Emscripten's
// getentropy). Node 19+ has it; Node 18 keeps it behind a flag, so install
// node:crypto's webcrypto there, as later Nodes do. Nothing else is touched.
async function ensureWebCrypto() {
  if (!isNode || typeof globalThis.crypto?.getRandomValues === 'function') return;
  const cryptoModule = 'node:crypto';
  const { webcrypto } = await import(/* @vite-ignore */ cryptoModule);
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, writable: true, configurable: true, enumerable: false });
}

async function loadWasmBytes(options) {
  await ensureWebCrypto();
  // A compiled module (or a promise of one): a page that started compiling the
  // engine before this package was even imported (the playground's boot.js).
  if (options.wasmModule) {
    const mod = await options.wasmModule;
    if (!(mod instanceof WebAssembly.Module)) throw new TypeError('stridelab: init({ wasmModule }) needs a WebAssembly.Module or a promise of one');
    return mod;
  }
  if (options.wasmBinary) return options.wasmBinary;
  const url = options.wasmUrl ? new URL(options.wasmUrl, baseUrl()) : defaultWasmUrl();
  if (!url) throw new Error('stridelab: cannot tell where stridelab-core.wasm is (bundled as a classic script?): pass init({ wasmUrl }) or init({ wasmBinary })');
  if (isNode && url.protocol === 'file:') {
    // A non-literal specifier keeps browser bundlers from trying to resolve it.
    const fsModule = 'node:fs/promises';
    const fs = await import(/* @vite-ignore */ fsModule);
    return fs.readFile(url);
  }
  return url;
}

async function instantiate(imports, source) {
  if (source instanceof WebAssembly.Module) return WebAssembly.instantiate(source, imports);
  if (!(source instanceof URL)) return (await WebAssembly.instantiate(source, imports)).instance;
  if (WebAssembly.instantiateStreaming) {
    try {
      return (await WebAssembly.instantiateStreaming(fetch(source, { credentials: 'same-origin' }), imports)).instance;
    } catch {
      // served with the wrong MIME type: fall back to bytes
    }
  }
  const resp = await fetch(source, { credentials: 'same-origin' });
  if (!resp.ok) throw new Error(`stridelab: cannot load ${source} (${resp.status})`);
  return (await WebAssembly.instantiate(await resp.arrayBuffer(), imports)).instance;
}

// dtype name <-> TypedArray constructor.
const TYPED = {
  bool: Uint8Array, int8: Int8Array, int16: Int16Array, int32: Int32Array, int64: BigInt64Array,
  uint8: Uint8Array, uint16: Uint16Array, uint32: Uint32Array, uint64: BigUint64Array,
  float16: Uint16Array, float32: Float32Array, float64: Float64Array,
  complex64: Float32Array, complex128: Float64Array,
};
function dtypeOfTyped(a) {
  if (a instanceof Float64Array) return 'float64';
  if (a instanceof Float32Array) return 'float32';
  if (a instanceof Int32Array) return 'int32';
  if (a instanceof Int16Array) return 'int16';
  if (a instanceof Int8Array) return 'int8';
  if (a instanceof Uint8Array || a instanceof Uint8ClampedArray) return 'uint8';
  if (a instanceof Uint16Array) return 'uint16';
  if (a instanceof Uint32Array) return 'uint32';
  if (a instanceof BigInt64Array) return 'int64';
  if (a instanceof BigUint64Array) return 'uint64';
  throw new TypeError('stridelab: unsupported TypedArray');
}

// Nested JS arrays -> { shape, flat } (rectangular only).
function flatten(nested) {
  const shape = [];
  for (let x = nested; Array.isArray(x); x = x[0]) shape.push(x.length);
  const flat = [];
  const walk = (x, d) => {
    if (d === shape.length) {
      if (Array.isArray(x)) throw new TypeError('stridelab: ragged nested array');
      flat.push(x);
      return;
    }
    if (!Array.isArray(x) || x.length !== shape[d]) throw new TypeError('stridelab: ragged nested array');
    for (const y of x) walk(y, d + 1);
  };
  walk(nested, 0);
  return { shape, flat };
}

function toJsonValue(v) {
  return JSON.stringify(v, (key, x) => {
    if (typeof x === 'bigint') return Number(x);
    if (typeof x === 'number' && !Number.isFinite(x)) throw new TypeError('stridelab: set() cannot take NaN/Infinity (use setArray)');
    return x;
  });
}

function fromJsonValue(v) {
  if (Array.isArray(v)) return v.map(fromJsonValue);
  if (v && typeof v === 'object') {
    if ('$float' in v) return v.$float === 'nan' ? NaN : v.$float === 'inf' ? Infinity : -Infinity;
    if ('$complex' in v) return { re: fromJsonValue(v.$complex[0]), im: fromJsonValue(v.$complex[1]) };
    const out = {};
    for (const [k, x] of Object.entries(v)) out[k] = fromJsonValue(x);
    return out;
  }
  return v;
}

function unwrap(json) {
  const r = JSON.parse(json);
  if (r.error) {
    const e = new Error(r.error);
    e.name = r.error.slice(0, r.error.indexOf(':')) || 'Error';
    throw e;
  }
  return r;
}

const registry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((handle) => { try { handle.delete(); } catch { /* already gone */ } })
  : null;

let liveSessions = 0;

class Session {
  #core;
  #handle;
  constructor(core) {
    this.#core = core;
    this.#handle = new core.Session();
    liveSessions++;
    registry?.register(this, this.#handle, this);
  }
  #h() {
    if (!this.#handle) throw new Error('stridelab: session has been disposed');
    return this.#handle;
  }
  /**
   * Runs Python code; returns { stdout, error, traceback, line, col, repr, explainError }.
   * options: echo (repr of a trailing expression, like the REPL), filename
   * (what tracebacks call the code; default "<stdin>"), snapshot (also return
   * the inspection snapshot taken after the run as `snapshot`: one engine call
   * instead of run() + snapshot()), trace (true, or the most steps to record,
   * default 500: also return `trace`, a snapshot after each statement of the
   * program -- the memory debugger's recording; see docs/api.md).
   */
  run(code, { echo = false, filename, snapshot = false, trace = false } = {}) {
    if (typeof code !== 'string') throw new TypeError('stridelab: run(code) expects a string');
    if (trace) {
      if (filename != null) throw new TypeError('stridelab: run(code, { trace }) does not take a filename');
      const steps = trace === true ? 500 : Number(trace);
      if (!Number.isInteger(steps) || steps < 1) throw new RangeError('stridelab: run(code, { trace }) takes true or a positive whole number of steps');
      const r = JSON.parse(this.#h().runTraced(code, Boolean(echo), steps));
      // A step whose snapshot equals an earlier one's shares that object.
      for (const st of r.trace.steps) if (st.sameAs != null) st.snapshot = r.trace.steps[st.sameAs].snapshot;
      return r;
    }
    if (filename != null) {
      const r = JSON.parse(this.#h().runFile(code, String(filename)));
      return snapshot ? { ...r, snapshot: this.snapshot() } : r;
    }
    return JSON.parse(this.#h().run(code, Boolean(echo), Boolean(snapshot)));
  }
  /** The inspection snapshot (see docs/api.md). */
  snapshot() {
    return JSON.parse(this.#h().snapshot());
  }
  /** Limits statements per run (a runaway loop raises TimeoutError); -1 = unlimited. */
  setStepBudget(steps) {
    this.#h().setStepBudget(steps);
  }
  /**
   * Binds a JS value to a Python variable: null, booleans, numbers (integral
   * numbers become int), strings, arrays (-> list), plain objects (-> dict).
   * TypedArrays and { data, shape, dtype } go through setArray().
   */
  set(name, value) {
    if (ArrayBuffer.isView(value) || (value && ArrayBuffer.isView(value.data))) {
      return this.setArray(name, value.data ?? value, { shape: value.shape, dtype: value.dtype });
    }
    unwrap(this.#h().setJson(name, toJsonValue(value)));
    return this;
  }
  /** Reads a variable back as a JS value; arrays come back as getArray() would. */
  get(name) {
    const { value } = unwrap(this.#h().getJson(name));
    if (value && typeof value === 'object' && '$array' in value) return this.getArray(name);
    return fromJsonValue(value);
  }
  /** Deletes a variable (like `del name`). */
  delete(name) {
    unwrap(this.#h().delVar(name));
  }
  /** Names of the session's variables (modules excluded), sorted. */
  variables() {
    return unwrap(this.#h().variables()).names;
  }
  /**
   * Creates an owning array (a copy of `data`) bound to `name`.
   * data: a TypedArray (dtype from its type unless given) or nested JS arrays.
   * options: { shape = [data.length] or the nesting, dtype, torch = false }.
   */
  setArray(name, data, { shape, dtype, torch = false } = {}) {
    let flat = data;
    if (Array.isArray(data)) {
      const f = flatten(data);
      shape = shape ?? f.shape;
      dtype = dtype ?? (f.flat.every((x) => typeof x === 'boolean') ? 'bool'
        : f.flat.every((x) => Number.isInteger(x)) ? 'int64' : 'float64');
      const Ctor = TYPED[dtype];
      if (!Ctor) throw new TypeError(`stridelab: unsupported dtype ${dtype}`);
      flat = new Ctor(f.flat.length);
      f.flat.forEach((x, i) => { flat[i] = Ctor === BigInt64Array || Ctor === BigUint64Array ? BigInt(x) : Number(x); });
    } else if (!ArrayBuffer.isView(data)) {
      throw new TypeError('stridelab: setArray expects a TypedArray or nested arrays');
    }
    dtype = dtype ?? dtypeOfTyped(flat);
    shape = shape ?? [flat.length];
    const { ptr, nbytes } = unwrap(this.#h().newArray(name, dtype, JSON.stringify(shape), torch));
    const bytes = new Uint8Array(flat.buffer, flat.byteOffset, flat.byteLength);
    if (bytes.length !== nbytes) {
      this.#h().delVar(name);
      throw new RangeError(`stridelab: ${bytes.length} bytes given for ${dtype}${JSON.stringify(shape)} (${nbytes} bytes)`);
    }
    // Read HEAPU8 after the allocation: memory growth replaces the buffer.
    this.#core.HEAPU8.set(bytes, ptr);
    return this;
  }
  /**
   * Reads an array variable: { kind, dtype, shape, strides, data } with data a
   * TypedArray of the elements in C order. By default a copy. With
   * { copy: false } and a C-contiguous array, data is a zero-copy view of
   * wasm memory: valid only until the next call into this library (any call
   * may grow memory, which detaches every such view), and writes to it are
   * writes to the array.
   */
  getArray(name, { copy = true } = {}) {
    const info = unwrap(this.#h().exportArray(name));
    const Ctor = TYPED[info.dtype];
    const count = info.nbytes / Ctor.BYTES_PER_ELEMENT;
    const view = new Ctor(this.#core.HEAPU8.buffer, info.ptr, count);
    const data = copy || info.copied ? view.slice() : view;
    this.#h().releaseExports();
    return { kind: info.kind, dtype: info.dtype, shape: info.shape, strides: info.strides, data };
  }
  dispose() {
    if (!this.#handle) return;
    registry?.unregister(this);
    this.#handle.delete();
    this.#handle = null;
    liveSessions--;
  }
  get disposed() {
    return this.#handle == null;
  }
}

const cores = new Map();

/**
 * Loads the engine (once per wasm source); resolves to the library object.
 * options: { wasmUrl, wasmBinary, wasmModule } to load the .wasm from elsewhere
 * (bundlers, CDNs) or to use a module compiled already.
 */
export function init(options = {}) {
  const key = options.wasmModule ?? options.wasmBinary ?? String(options.wasmUrl ?? defaultWasmUrl());
  if (!cores.has(key)) {
    const pending = (async () => {
      const source = await loadWasmBytes(options);
      let fail;
      const failed = new Promise((_, reject) => { fail = reject; });
      const core = await Promise.race([failed, createStridelabCore({
        // Any locateFile keeps the glue from resolving its own default .wasm
        // URL from import.meta.url (which throws where that is empty); the
        // file itself is loaded by instantiateWasm below, never by the glue.
        locateFile: (file) => file,
        instantiateWasm(imports, done) {
          instantiate(imports, source).then((inst) => done(inst), fail);
          return {};
        },
        print: () => {},
        printErr: (s) => console.warn('[stridelab]', s),
      })]);
      return {
        version: '0.1.0',
        session: () => new Session(core),
        /** Live sessions and the engine's live array storages (leak checks). */
        stats: () => ({ liveSessions, ...JSON.parse(core.Session.heapStats()) }),
      };
    })();
    // A failed load is not cached: a later init() tries again.
    pending.catch(() => cores.delete(key));
    cores.set(key, pending);
  }
  return cores.get(key);
}

export default { init };
