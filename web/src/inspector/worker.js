// Engine worker for the inspector demo page (web/inspector-demo.html). Same protocol
// as web/src/worker.js, which web/src/engine.js speaks, plus the inspection snapshot:
//
//   page -> worker  { id, type: 'init' | 'run' | 'reset' | 'snapshot', code? }
//   worker -> page  { id, ok: true, value } | { id, ok: false, error: { name, message, fatal } }
//
// A 'run' value carries the snapshot taken right after the run ({ ..., snapshot }),
// so the page gets output and inspection data in one round trip.

const ENGINE_URL = '/pkg/wasm/index.js';

let lib = null;
let session = null;
let loading = null;

function load() {
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

function takeSnapshot() {
  if (typeof session?.snapshot !== 'function') return { snapshot: null, snapshotError: 'this engine build has no snapshot()' };
  const started = performance.now();
  try {
    const snapshot = session.snapshot();
    return { snapshot, snapshotMs: performance.now() - started };
  } catch (err) {
    return { snapshot: null, snapshotError: String(err?.message ?? err) };
  }
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
    return {
      stdout: text(r?.stdout) ?? '',
      error: text(r?.error),
      traceback: text(r?.traceback),
      line: Number.isInteger(r?.line) && r.line > 0 ? r.line : null,
      ms,
      ...takeSnapshot(),
    };
  },
  async snapshot() {
    await load();
    return takeSnapshot();
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
    return takeSnapshot();
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
