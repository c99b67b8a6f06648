// The engine's home: a module Web Worker that owns one interpreter session.
//
// Protocol (ids -> promises on the page side, see engine.js):
//   page -> worker  { id, type: 'init' | 'run' | 'reset', code? }
//   worker -> page  { id, ok: true, value } | { id, ok: false, error: { name, message, fatal } }
// Python errors are not RPC failures: they come back inside a successful 'run' value
// ({ stdout, error, traceback, line }). An RPC failure means the engine itself broke
// (failed to load, or threw/aborted); `fatal` tells the page to start a fresh worker.
//
// The session lives across 'run' messages, so variables persist like a REPL;
// 'reset' disposes it and opens a new one.

const ENGINE_URL = '/pkg/wasm/index.js';

let lib = null;
let session = null;
let loading = null;

function load() {
  // A dynamic import (rather than a static one) lets a missing or broken engine
  // reach the page as data instead of as an opaque worker 'error' event.
  loading ??= (async () => {
    const { init } = await import(ENGINE_URL);
    lib = await init();
    session = lib.session();
    return { version: typeof lib.version === 'string' ? lib.version : null };
  })();
  return loading;
}

function text(value) {
  return value == null ? null : String(value);
}

const handlers = {
  async init() {
    return load();
  },
  async run({ code }) {
    await load();
    const started = performance.now();
    const r = session.run(String(code ?? ''));
    const ms = performance.now() - started;
    // Copy field by field: the result must be structured-cloneable whatever the
    // engine hands back, and strings stay strings.
    return {
      stdout: text(r?.stdout) ?? '',
      error: text(r?.error),
      traceback: text(r?.traceback),
      line: Number.isInteger(r?.line) && r.line > 0 ? r.line : null,
      ms,
    };
  },
  async reset() {
    await load();
    const old = session;
    session = null;
    try {
      old?.dispose();
    } finally {
      session = lib.session();
    }
    return null;
  },
};

self.onmessage = async (event) => {
  const { id, type, ...payload } = event.data ?? {};
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
