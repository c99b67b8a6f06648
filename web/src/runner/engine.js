// Page side of the engine worker: request/response RPC over postMessage, with ids
// mapped to promises. The worker is served unbundled; its default URL is relative to
// the page (the playground, web/index.html, sits at the top of the served folder) and
// not to this file, which is bundled into web/dist/ and would move with it. Pages
// elsewhere (the <stride-lab> element, web/embed.js) pass their own workerUrl.

export const WORKER_URL = 'src/runner/worker.js';
// The worker name that tells worker.js to wait for a posted WebAssembly.Module.
const MODULE_WORKER_NAME = 'stridelab-engine+module';

export class EngineError extends Error {
  constructor(message, { name = 'EngineError', fatal = true } = {}) {
    super(message);
    this.name = name;
    this.fatal = fatal;
  }
}

export class Engine {
  /**
   * @param {{ workerUrl?: string, onState?: (state: 'loading'|'ready'|'error', detail?: Error) => void,
   *           adopt?: Worker|null, wasmModule?: Promise<WebAssembly.Module>|null }} [options]
   *   adopt: a worker already started for workerUrl (see boot.js), used by the first start().
   *   wasmModule: the engine compiled on the page (boot.js); later workers get it posted
   *   instead of downloading and compiling the .wasm again (Note [Engine boot]).
   */
  constructor({ workerUrl = WORKER_URL, onState = () => {}, adopt = null, wasmModule = null } = {}) {
    this.workerUrl = workerUrl;
    this.onState = onState;
    this.adopt = adopt;
    this.wasmModule = wasmModule;
    this.worker = null;
    this.pending = new Map();
    this.nextId = 1;
    this.ready = null;
  }

  /** Starts (or restarts) the worker; resolves once the engine has loaded. */
  start() {
    this.#stopWorker(new EngineError('The engine was restarted.', { name: 'Restarted' }));
    this.onState('loading');
    const worker = this.adopt ?? this.#newWorker();
    this.adopt = null;
    this.worker = worker;
    worker.onmessage = (event) => this.#receive(event.data);
    // Fires when the worker script itself cannot load or throws outside a request.
    worker.onerror = (event) => {
      event.preventDefault();
      this.#failAll(new EngineError(event.message || 'The engine worker failed to start.'));
    };
    worker.onmessageerror = () => this.#failAll(new EngineError('The engine sent a message that could not be read.'));
    this.ready = this.#call('init').then(
      (info) => {
        if (this.worker === worker) this.onState('ready');
        return info;
      },
      (err) => {
        if (this.worker === worker) this.onState('error', err);
        throw err;
      },
    );
    // Callers observe failures through their own requests; avoid an unhandled rejection.
    this.ready.catch(() => {});
    return this.ready;
  }

  #newWorker() {
    const module = this.wasmModule;
    const worker = new Worker(this.workerUrl, { type: 'module', name: module ? MODULE_WORKER_NAME : 'stridelab-engine' });
    module?.then((m) => worker.postMessage({ type: 'wasm-module', module: m }),
      () => worker.postMessage({ type: 'wasm-module', module: null }));
    return worker;
  }

  /** Runs code in the persistent session. Python errors resolve (as data); engine failures reject. */
  /** `session` names one of the worker's sessions (worker.js); without it, the default one. */
  async run(code, { snapshot = true, trace = 0, session = null } = {}) {
    await this.ready;
    return this.#call('run', session == null ? { code, snapshot, trace } : { code, snapshot, trace, session });
  }

  /**
   * Disposes the session and opens a fresh one (variables are cleared); resolves to { snapshot }.
   * { session } resets that named session; { all: true } every session of the worker.
   */
  async reset({ session = null, all = false } = {}) {
    await this.ready;
    return this.#call('reset', { ...(session == null ? {} : { session }), ...(all ? { all } : {}) });
  }

  /** The session's inspection snapshot: { snapshot, snapshotError }. */
  async snapshot({ session = null } = {}) {
    await this.ready;
    return this.#call('snapshot', session == null ? {} : { session });
  }

  /** Runs each { group: code } in a throwaway session; resolves to { group: lines|null }. */
  async probe(programs) {
    await this.ready;
    return this.#call('probe', { programs });
  }

  /** Ends the worker for good (the <stride-lab> element, when removed from the page). */
  terminate() {
    this.#stopWorker(new EngineError('The engine was stopped.', { name: 'Restarted' }));
  }

  #call(type, payload = {}) {
    const worker = this.worker;
    if (!worker) return Promise.reject(new EngineError('The engine is not running.'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, type, ...payload });
    });
  }

  #receive(message) {
    const entry = this.pending.get(message?.id);
    if (!entry) return;
    this.pending.delete(message.id);
    if (message.ok) entry.resolve(message.value);
    else entry.reject(new EngineError(message.error?.message ?? 'Unknown engine failure', {
      name: message.error?.name ?? 'Error',
      fatal: message.error?.fatal !== false,
    }));
  }

  #failAll(err) {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of pending) reject(err);
    if (this.worker) this.onState('error', err);
  }

  #stopWorker(reason) {
    if (!this.worker) return;
    this.worker.onmessage = this.worker.onerror = this.worker.onmessageerror = null;
    this.worker.terminate();
    this.worker = null;
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of pending) reject(reason);
  }
}
