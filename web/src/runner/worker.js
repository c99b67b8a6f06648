// The engine's home: a module Web Worker that owns one interpreter session.
//
// Protocol (ids -> promises on the page side, see engine.js):
//   page -> worker  { id, type: 'init' | 'run' | 'reset' | 'snapshot' | 'probe', ... }
//   worker -> page  { id, ok: true, value } | { id, ok: false, error: { name, message, fatal } }
// Python errors are not RPC failures: they come back inside a successful 'run' value
// ({ stdout, error, traceback, line, col, repr, exitCode, explainError, ms, snapshot, trace }). An RPC failure means the
// engine itself broke (failed to load, or threw/aborted); `fatal` tells the page to
// start a fresh worker.
//
// The session lives across 'run' messages, so variables persist like a REPL;
// 'reset' disposes it and opens a new one. A request may name a session ('run',
// 'reset' and 'snapshot' take { session: name }): one engine then serves several
// independent sessions, each opened on its first use (web/embed.js gives a page's
// isolated cells their own); without a name it is the default session. Every run returns the inspection snapshot
// in the same engine call (run(code, { snapshot: true })); after a reset the worker
// takes it with session.snapshot(). Either way it is sent along, so the page never
// needs a second round trip to draw the inspector.
//
// Used by the playground page, by the <stride-lab> element (web/widget/) and by the
// documentation embed (web/embed.js).

// Relative to this file, so the served folder may sit under any sub-path: web/ is
// served at the top and the package at pkg/ (scripts/serve.mjs, scripts/build-site.mjs).
const ENGINE_URL = new URL('../../pkg/wasm/index.js', import.meta.url).href;
// Started under this name, the page compiles the engine and posts the
// WebAssembly.Module as { type: 'wasm-module', module } (Note [Engine boot] in
// boot.js); `module: null` means it could not, and the worker loads the .wasm itself.
const MODULE_WORKER_NAME = 'stridelab-engine+module';

let lib = null;
let session = null;
const named = new Map();  // name -> session, for requests that name one
let loading = null;
let receiveModule = null;
const moduleFromPage = self.name === MODULE_WORKER_NAME
  ? new Promise((resolve) => { receiveModule = resolve; })
  : null;

function load() {
  // A dynamic import (rather than a static one) lets a missing or broken engine
  // reach the page as data instead of as an opaque worker 'error' event.
  loading ??= (async () => {
    const [{ init }, wasmModule] = await Promise.all([import(ENGINE_URL), moduleFromPage]);
    performance.mark?.('stridelab:worker-imported');
    lib = await init(wasmModule ? { wasmModule } : {});
    performance.mark?.('stridelab:worker-instantiated');
    session = lib.session();
    performance.mark?.('stridelab:worker-session');
    return { version: typeof lib.version === 'string' ? lib.version : null };
  })();
  return loading;
}

// The engine's second part (Note [Two-part engine] in wasm/index.js) is fetched and
// compiled once the first run has answered, or once the engine has been idle for
// PREFETCH_IDLE_MS after it loaded (a visitor reading the code before running it),
// whichever comes first, so that it never delays a first result; a program that needs
// it sooner loads it on the spot (a one-off pause).
const PREFETCH_IDLE_MS = 250;
let prefetching = null;
function prefetchLater() {
  prefetching ??= new Promise((resolve) => setTimeout(resolve, 0))
    .then(() => {
      performance.mark?.('stridelab:worker-prefetch');
      return lib.prefetch?.();
    })
    .then(() => performance.mark?.('stridelab:worker-prefetched'))
    .catch(() => { prefetching = null; });
  return prefetching;
}

// The session a request names (opened on first use), or the default one.
function sessionFor(name) {
  if (name == null || name === '') return session;
  const key = String(name);
  if (!named.has(key)) named.set(key, lib.session());
  return named.get(key);
}

function text(value) {
  return value == null ? null : String(value);
}

function position(value) {
  return Number.isInteger(value) && value > 0 ? value : null;
}

// The snapshot must never turn a finished run into an engine failure: a session that
// cannot describe itself still ran the program.
function takeSnapshot(s = session) {
  if (typeof s?.snapshot !== 'function') return { snapshot: null, snapshotError: 'unsupported' };
  try {
    return { snapshot: s.snapshot(), snapshotError: null };
  } catch (err) {
    return { snapshot: null, snapshotError: err?.message ? String(err.message) : String(err) };
  }
}

// Start loading right away, before the first request arrives: the page creates this
// worker early (boot.js) precisely so that the engine is ready sooner. A failure is
// reported to whoever asks (init), not as an unhandled rejection here.
load().then(() => setTimeout(prefetchLater, PREFETCH_IDLE_MS), () => {});

const handlers = {
  async init({ snapshot = false } = {}) {
    const info = await load();
    return snapshot ? { ...info, ...takeSnapshot() } : info;
  },
  async run({ code, snapshot = true, trace = 0, session: name = null }) {
    await load();
    const target = sessionFor(name);
    const started = performance.now();
    // One engine call per run: the snapshot (and the step trace, when asked for) comes
    // back in the same result.
    const steps = Number.isInteger(trace) && trace > 0 ? trace : 0;
    const r = target.run(String(code ?? ''), { echo: true, snapshot, ...(steps ? { trace: steps } : {}) });
    const ms = performance.now() - started;
    // Copy field by field: the result must be structured-cloneable whatever the
    // engine hands back, and strings stay strings.
    const result = {
      stdout: text(r?.stdout) ?? '',
      error: text(r?.error),
      traceback: text(r?.traceback),
      line: position(r?.line),
      col: position(r?.col),
      repr: text(r?.repr),
      exitCode: Number.isInteger(r?.exitCode) ? r.exitCode : null,
      explainError: r?.explainError ?? null,
      ms,
    };
    if (r?.trace) result.trace = r.trace;
    prefetchLater();
    if (!snapshot) return result;
    return r?.snapshot ? { ...result, snapshot: r.snapshot, snapshotError: null } : { ...result, ...takeSnapshot(target) };
  },
  // { session: name } ends that session (the next request opens it afresh);
  // { all: true } ends every named one as well as the default.
  async reset({ session: name = null, all = false } = {}) {
    await load();
    if (all || (name != null && name !== '')) {
      for (const [key, s] of [...named]) {
        if (!all && key !== String(name)) continue;
        named.delete(key);
        s.dispose();
      }
      if (!all) return takeSnapshot(sessionFor(name));
    }
    const old = session;
    session = null;
    try {
      old?.dispose();
    } finally {
      session = lib.session();
    }
    return takeSnapshot();
  },
  async snapshot({ session: name = null } = {}) {
    await load();
    return takeSnapshot(sessionFor(name));
  },
  // Which of the given names exist, for editor completion. Runs in a throwaway session
  // so the user's variables are untouched; each group's program prints the names that
  // pass hasattr(). A group whose setup fails (no torch) yields null.
  async probe({ programs }) {
    await load();
    await prefetchLater();  // not urgent: never the synchronous load
    const out = {};
    for (const [group, code] of Object.entries(programs ?? {})) {
      const s = lib.session();
      try {
        const r = s.run(String(code));
        out[group] = r?.error ? null : String(r?.stdout ?? '').split('\n').filter(Boolean);
      } catch {
        out[group] = null;
      } finally {
        s.dispose();
      }
    }
    return out;
  },
};

self.onmessage = async (event) => {
  const { id, type, ...payload } = event.data ?? {};
  if (type === 'wasm-module' && receiveModule) {
    receiveModule(payload.module instanceof WebAssembly.Module ? payload.module : null);
    receiveModule = null;
    return;
  }
  const handler = Object.hasOwn(handlers, type) ? handlers[type] : null;
  if (!handler) {
    self.postMessage({ id, ok: false, error: { name: 'Error', message: `unknown request: ${type}`, fatal: false } });
    return;
  }
  try {
    const value = await handler(payload);
    self.postMessage({ id, ok: true, value });
  } catch (err) {
    // Anything thrown here is the engine failing (a Python error is data, above),
    // so the module state can no longer be trusted.
    self.postMessage({
      id,
      ok: false,
      error: {
        name: err?.name ? String(err.name) : 'Error',
        message: err?.message ? String(err.message) : String(err),
        fatal: true,
      },
    });
  }
};
