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
// The engine ships in two parts (Note [Two-part engine] below).
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
// The engine's second part, beside the first (Note [Two-part engine]); a literal
// URL for the same bundlers' sake.
function defaultDeferredUrl() {
  try {
    return new URL('../dist/stridelab-core.deferred.wasm', import.meta.url);
  } catch {
    return null;
  }
}
// The base for a relative { wasmUrl }: this module, else the page or worker.
function baseUrl() {
  return import.meta.url || globalThis.location?.href;
}
const isNode = typeof process === 'object' && process?.versions?.node != null && typeof window === 'undefined';
// A page's main thread: nothing may block there (no synchronous fetch of bytes,
// and Chromium refuses to compile a large module synchronously).
const isWindow = typeof window === 'object' && typeof document === 'object';

// V8's machine stack on this thread, which bounds how deep a program may
// recurse (Note [Recursion depth], core/lang/eval/interp.hpp): 984 KB on Node's
// threads (or what --stack-size says) and on a page's main thread, 500 KB in a
// browser worker (Chromium's kWorkerMaxStackSize; the smallest of the engines
// measured, so the safe value for a worker of any browser).
function hostStackBytes() {
  if (isNode) {
    const flag = [...(process.execArgv ?? []), ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)]
      .map((a) => /^--stack[-_]size=(\d+)$/.exec(a)).find(Boolean);
    return (flag ? Number(flag[1]) : 984) * 1024;
  }
  return isWindow ? 984 * 1024 : 500 * 1024;
}

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

// -> { module, instance }
async function instantiate(imports, source) {
  if (source instanceof URL) source = await compileUrl(source);
  if (source instanceof WebAssembly.Module) return { module: source, instance: await WebAssembly.instantiate(source, imports) };
  return WebAssembly.instantiate(source, imports);
}

// A .wasm by URL, compiled while it downloads where the server allows it.
async function compileUrl(url) {
  if (WebAssembly.compileStreaming) {
    try {
      return await WebAssembly.compileStreaming(fetch(url, { credentials: 'same-origin' }));
    } catch {
      // served with the wrong MIME type: fall back to bytes
    }
  }
  return WebAssembly.compile(await fetchBytes(url));
}

async function fetchBytes(url) {
  const resp = await fetch(url, { credentials: 'same-origin' });
  if (!resp.ok) throw new Error(`stridelab: cannot load ${url} (${resp.status})`);
  return resp.arrayBuffer();
}

// Note [Two-part engine]
// The build splits the engine (scripts/split-engine.mjs): stridelab-core.wasm holds
// the functions a first program runs, with the memory, the data and the tables, and
// stridelab-core.deferred.wasm the rest, importing all it needs from the first part
// as { primary: exports }, and the data only the rest reads (the frozen modules'
// source, the Unicode tables: Note [Deferred data] in core/model/deferred_data.hpp),
// which its instantiation writes into the shared memory. In the first part, each deferred function's table slot
// holds a placeholder: an import from the "placeholder" namespace named by the slot's
// number (calls between functions of the two parts go through the table).
// Instantiating the second part fills those slots with the real functions (its
// element segment), so from then on the engine calls them directly. Embind keeps JS
// references to what some slots held when it registered the bindings, so a
// placeholder forwards to the slot's current function every time, not once.
// When the second part is loaded:
//  - prefetch() fetches, compiles and instantiates it without blocking; the
//    playground's worker calls it once its first run has answered, or 250 ms after
//    the engine loaded if no run came first (web/src/runner/worker.js);
//  - on a page's main thread init() waits for prefetch(), since a placeholder could
//    not load anything there (see isWindow): the first part alone gains nothing there,
//    so the second part's download and compile start alongside the first's;
//  - elsewhere (Node, workers) the first placeholder called before prefetch() has
//    finished loads it on the spot, synchronously: Node reads the file, a worker
//    makes a synchronous request, and the module is compiled (unless prefetch()
//    already did) and instantiated. That is a one-off pause inside that call.
// A failure to load it is thrown from the placeholder as a JS error, which the
// engine's own handlers may swallow, so it is also kept (`failure`) and rethrown by
// every later call into the engine (Session). An engine that is not split (a custom
// build; the instrumented copies scripts/split-engine.mjs profiles) has no
// placeholders, and nothing here runs.
class DeferredPart {
  #source;      // { module } | { bytes } | { url } | null (not given)
  #exports = null;
  #table = null;
  #compiled = null;
  #compiling = null;
  #pending = null;
  loaded = false;
  split = false;
  failure = null;
  constructor(source) {
    this.#source = source;
  }
  // The first part's import object for the "placeholder" namespace.
  placeholders() {
    const made = new Map();
    return new Proxy({}, {
      get: (_, name) => {
        if (typeof name !== 'string') return undefined;
        let f = made.get(name);
        if (!f) {
          const slot = Number(name);
          f = (...args) => {
            this.loadNow();
            return this.#table.get(slot)(...args);
          };
          made.set(name, f);
        }
        return f;
      },
    });
  }
  // Called once the first part is instantiated.
  attach(module, instance) {
    this.split = WebAssembly.Module.imports(module).some((i) => i.module === 'placeholder');
    if (!this.split) return;
    this.#exports = instance.exports;
    this.#table = Object.values(instance.exports).find((v) => v instanceof WebAssembly.Table);
    if (!this.#table) throw new Error('stridelab: the engine\'s first part exports no table');
    if (!this.#source) {
      throw new Error('stridelab: this engine ships in two parts (stridelab-core.wasm, stridelab-core.deferred.wasm); '
        + 'with init({ wasmBinary }) pass the second one too: { deferredBinary } or { deferredUrl }');
    }
  }
  #where() {
    const s = this.#source;
    return s?.url ? String(s.url) : s?.bytes ? 'deferredBinary' : 'deferredModule';
  }
  #fail(e) {
    this.failure ??= new Error(`stridelab: the engine's second part (${this.#where()}) could not be loaded: ${e?.message ?? e}`);
    return this.failure;
  }
  #instantiateNow(module) {
    new WebAssembly.Instance(module, { primary: this.#exports });
    this.loaded = true;
  }
  // Synchronously, from a placeholder (never on a page's main thread: init() waited there).
  loadNow() {
    if (this.loaded) return;
    if (this.failure) throw this.failure;
    try {
      if (this.#compiled) return this.#instantiateNow(this.#compiled);
      const s = this.#source;
      this.#instantiateNow(s.module ?? new WebAssembly.Module(s.bytes ?? readSync(s.url)));
    } catch (e) {
      throw this.#fail(e);
    }
  }
  // Starts fetching and compiling without waiting for the first part (a page's main
  // thread, where init() waits for both: the two downloads and compiles overlap).
  startCompiling() {
    if (this.#source) this.#compiling ??= this.#compile();
    this.#compiling?.catch(() => {});  // reported by prefetch()
  }
  // Without blocking; resolves once the second part is in. A failure here (a network
  // error, say) is not kept: a later prefetch() or placeholder tries again.
  prefetch() {
    if (!this.split || this.loaded) return Promise.resolve();
    if (this.failure) return Promise.reject(this.failure);
    this.#pending ??= (async () => {
      try {
        const compiling = this.#compiling ?? this.#compile();
        this.#compiling = null;
        this.#compiled = await compiling;
        if (this.loaded) return;
        if (isWindow) {
          await WebAssembly.instantiate(this.#compiled, { primary: this.#exports });
          this.loaded = true;
        } else {
          this.#instantiateNow(this.#compiled);
        }
      } catch (e) {
        this.#pending = null;
        throw new Error(`stridelab: the engine's second part (${this.#where()}) could not be loaded: ${e?.message ?? e}`);
      }
    })();
    return this.#pending;
  }
  async #compile() {
    const s = this.#source;
    if (s.module) return s.module;
    if (s.bytes) return WebAssembly.compile(s.bytes);
    if (isNode && s.url.protocol === 'file:') return WebAssembly.compile(await nodeFs().promises.readFile(s.url));
    return compileUrl(s.url);
  }
}

// node:fs, loaded by init() in Node so that a placeholder can read synchronously.
let nodeFsModule = null;
function nodeFs() {
  if (!nodeFsModule) throw new Error('node:fs is not loaded');
  return nodeFsModule;
}
async function loadNodeFs() {
  if (!isNode || nodeFsModule) return;
  const fsModule = 'node:fs';  // a non-literal specifier keeps browser bundlers away
  nodeFsModule = await import(/* @vite-ignore */ fsModule);
}

function readSync(url) {
  if (isNode && url.protocol === 'file:') return nodeFs().readFileSync(url);
  if (isWindow || typeof XMLHttpRequest !== 'function') {
    throw new Error('it cannot be fetched synchronously here: await lib.prefetch() before running code');
  }
  const xhr = new XMLHttpRequest();
  xhr.open('GET', String(url), false);
  xhr.responseType = 'arraybuffer';
  xhr.send();
  if (xhr.status !== 200) throw new Error(`HTTP ${xhr.status}`);
  return xhr.response;
}

// Where the second part comes from, given init()'s options.
async function deferredSource(options) {
  if (options.deferredModule) {
    const module = await options.deferredModule;
    if (!(module instanceof WebAssembly.Module)) throw new TypeError('stridelab: init({ deferredModule }) needs a WebAssembly.Module or a promise of one');
    return { module };
  }
  if (options.deferredBinary) return { bytes: options.deferredBinary };
  if (options.deferredUrl) return { url: new URL(options.deferredUrl, baseUrl()) };
  if (options.wasmUrl) {
    // beside the first part: engine.wasm -> engine.deferred.wasm
    const url = new URL(options.wasmUrl, baseUrl());
    url.pathname = url.pathname.endsWith('.wasm') ? url.pathname.replace(/\.wasm$/, '.deferred.wasm') : `${url.pathname}.deferred.wasm`;
    return { url };
  }
  if (options.wasmBinary) return null;
  const url = defaultDeferredUrl();
  return url ? { url } : null;
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
  #deferred;
  #handle;
  constructor(core, deferred) {
    this.#core = core;
    this.#deferred = deferred;
    this.#handle = new core.Session();
    liveSessions++;
    registry?.register(this, this.#handle, this);
  }
  #h() {
    if (!this.#handle) throw new Error('stridelab: session has been disposed');
    if (this.#deferred.failure) throw this.#deferred.failure;
    return this.#handle;
  }
  // An engine call; a failure to load the engine's second part during it is what it
  // throws, whatever the engine made of that error (Note [Two-part engine]).
  #checked(call) {
    let r;
    try {
      r = call(this.#h());
    } catch (e) {
      throw this.#deferred.failure ?? e;
    }
    if (this.#deferred.failure) throw this.#deferred.failure;
    return r;
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
      const r = JSON.parse(this.#checked((h) => h.runTraced(code, Boolean(echo), steps)));
      // A step whose snapshot equals an earlier one's shares that object.
      for (const st of r.trace.steps) if (st.sameAs != null) st.snapshot = r.trace.steps[st.sameAs].snapshot;
      return r;
    }
    if (filename != null) {
      const r = JSON.parse(this.#checked((h) => h.runFile(code, String(filename))));
      return snapshot ? { ...r, snapshot: this.snapshot() } : r;
    }
    return JSON.parse(this.#checked((h) => h.run(code, Boolean(echo), Boolean(snapshot))));
  }
  /** The inspection snapshot (see docs/api.md). */
  snapshot() {
    return JSON.parse(this.#checked((h) => h.snapshot()));
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
  /**
   * Writes a file into the session's own file system (created or replaced,
   * its folders made as needed); a relative path is relative to the program's
   * working directory (/home/stridelab at first). data: a string (written as
   * UTF-8), a Uint8Array or an ArrayBuffer. Returns the file's absolute path.
   */
  writeFile(path, data) {
    if (typeof path !== 'string') throw new TypeError('stridelab: writeFile(path, data) expects a string path');
    let bytes = data;
    if (data instanceof ArrayBuffer) bytes = new Uint8Array(data);
    else if (ArrayBuffer.isView(data) && !(data instanceof Uint8Array)) bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    else if (typeof data === 'string') bytes = new TextEncoder().encode(data);
    if (!(bytes instanceof Uint8Array)) throw new TypeError('stridelab: writeFile(path, data) expects a string, a Uint8Array or an ArrayBuffer');
    return unwrap(this.#checked((h) => h.writeFile(path, bytes))).path;
  }
  /**
   * A file of the session's file system as a Uint8Array (a copy), or as text
   * with { encoding: 'utf-8' }. A missing file throws the engine's error
   * ("FileNotFoundError: [Errno 2] No such file or directory: 'x'").
   */
  readFile(path, { encoding } = {}) {
    if (typeof path !== 'string') throw new TypeError('stridelab: readFile(path) expects a string path');
    const { ptr, nbytes } = unwrap(this.#checked((h) => h.readFile(path)));
    const bytes = new Uint8Array(this.#core.HEAPU8.buffer, ptr, nbytes).slice();
    this.#h().releaseExports();
    if (encoding == null) return bytes;
    return new TextDecoder(encoding).decode(bytes);
  }
  /** Every file of the session, [{ path, size }] by absolute path. */
  listFiles() {
    return unwrap(this.#checked((h) => h.listFiles())).files;
  }
  dispose() {
    if (!this.#handle) return;
    registry?.unregister(this);
    const handle = this.#handle;
    this.#handle = null;
    liveSessions--;
    try {
      handle.delete();
    } catch (e) {
      if (!this.#deferred.failure) throw e;  // an engine missing its second part cannot clean up
    }
  }
  get disposed() {
    return this.#handle == null;
  }
}

const cores = new Map();

/**
 * Loads the engine (once per wasm source); resolves to the library object.
 * options: { wasmUrl, wasmBinary, wasmModule } to load the .wasm from elsewhere
 * (bundlers, CDNs) or to use a module compiled already; { deferredUrl,
 * deferredBinary, deferredModule } the same for the engine's second part
 * (default: beside the first, stridelab-core.deferred.wasm; Note [Two-part engine]).
 */
export function init(options = {}) {
  const key = options.wasmModule ?? options.wasmBinary ?? String(options.wasmUrl ?? defaultWasmUrl());
  if (!cores.has(key)) {
    const pending = (async () => {
      const source = await loadWasmBytes(options);
      await loadNodeFs();
      const deferred = new DeferredPart(await deferredSource(options));
      if (isWindow) deferred.startCompiling();
      let fail;
      const failed = new Promise((_, reject) => { fail = reject; });
      const core = await Promise.race([failed, createStridelabCore({
        // Any locateFile keeps the glue from resolving its own default .wasm
        // URL from import.meta.url (which throws where that is empty); the
        // file itself is loaded by instantiateWasm below, never by the glue.
        locateFile: (file) => file,
        instantiateWasm(imports, done) {
          instantiate({ ...imports, placeholder: deferred.placeholders() }, source).then(({ module, instance }) => {
            deferred.attach(module, instance);
            done(instance);
          }).catch(fail);
          return {};
        },
        print: () => {},
        printErr: (s) => console.warn('[stridelab]', s),
      })]);
      if (isWindow) await deferred.prefetch();
      core.Session.setHostStack(hostStackBytes());
      return {
        version: '0.1.0',
        session: () => new Session(core, deferred),
        /** Loads the engine's second part without blocking (Note [Two-part engine]). */
        prefetch: () => deferred.prefetch(),
        /**
         * Live sessions and the engine's live array storages (leak checks), and
         * whether the engine's second part is in ('whole' for an engine not split).
         */
        stats: () => {
          const part = !deferred.split ? 'whole' : deferred.loaded ? 'loaded' : 'not loaded';  // before the call below
          return { liveSessions, ...JSON.parse(core.Session.heapStats()), deferred: part };
        },
      };
    })();
    // A failed load is not cached: a later init() tries again.
    pending.catch(() => cores.delete(key));
    cores.set(key, pending);
  }
  return cores.get(key);
}

export default { init };
