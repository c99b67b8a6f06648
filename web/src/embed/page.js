// The page side of the embed: one engine (one worker, web/src/runner/worker.js) for
// every cell of the page, started by the first run, never before.
//
// Sessions: the cells share one session in page order. Running a cell first runs,
// top to bottom, the shared cells above it that have not run since the last reset,
// so a tutorial's later snippet finds the variables its earlier ones made. A cell
// marked `isolated` runs in a session of its own (the worker's named sessions). Runs
// are queued: one at a time, in the order asked. Reset ends every session; Stop (a
// run that takes long) ends the worker, which also ends every session, and the next
// run starts a new one.
//
// A prompt block (`>>>`) whose code was not edited runs example by example, each
// with the interpreter's echo, so that each example's output can be compared with
// what the page printed for it (./prompts.js).

import { Engine } from '../runner/engine.js';
import { shownOutput, outputMatches } from './prompts.js';

const STOP_AFTER_MS = 700;

// A worker must come from the page's origin; a script served from elsewhere (a CDN,
// the project's own static site) starts it through a same-origin module that imports
// it, which the other host must allow (CORS).
export function workerUrlFor(url, pageOrigin = globalThis.location?.origin) {
  const target = new URL(url);
  if (!pageOrigin || target.origin === pageOrigin) return target.href;
  const shim = new Blob([`import ${JSON.stringify(target.href)};\n`], { type: 'text/javascript' });
  return URL.createObjectURL(shim);
}

const before = (a, b) => Boolean(a.host.compareDocumentPosition(b.host) & Node.DOCUMENT_POSITION_FOLLOWING);

export class EmbedPage {
  /**
   * @param {{ workerUrl: string, t: Function, inspectorLang: string, inspectorCss: string,
   *           loadInspector?: () => Promise<{ createInspector: Function }>, EngineClass?: Function }} options
   */
  constructor({ workerUrl, t, inspectorLang, inspectorCss, loadInspector, EngineClass = Engine }) {
    Object.assign(this, { workerUrl, t, inspectorLang, inspectorCss, EngineClass });
    this.loadInspector = loadInspector ?? (() => import('../inspector/index.js'));
    this.cells = [];
    this.engine = null;
    this.started = null;
    this.queue = Promise.resolve();
    this.snapshots = new Map();   // session key -> its snapshot after the latest cell
    this.inspectorModule = null;
  }

  add(cell) {
    this.cells.push(cell);
    cell.onStop = () => this.stop();
  }

  /** The cells still on the page, in page order. */
  live() {
    this.cells = this.cells.filter((c) => c.host.isConnected);
    return [...this.cells].sort((a, b) => (before(a, b) ? -1 : 1));
  }

  /** Runs `cell` (after the shared cells above it that have not run); resolves when shown. */
  run(cell) {
    const job = this.queue.then(() => this.#runNow(cell));
    this.queue = job.catch(() => {});
    return job;
  }

  async #runNow(cell) {
    const todo = cell.isolated ? [cell] : [...this.live().filter((c) => !c.isolated && !c.ran && before(c, cell)), cell];
    for (const c of todo) c.setState(c === cell ? 'loading' : 'queued');
    try {
      await this.#ensureEngine();
    } catch (err) {
      this.#dropEngine();
      for (const c of todo) {
        c.setState('error');
        c.showNote(`${this.t('failed')} ${err?.name ?? 'Error'}: ${err?.message ?? err}`, 'error');
      }
      return;
    }
    for (const c of todo) {
      const ok = await this.#runCell(c, c === cell ? todo.length - 1 : 0);
      if (!ok) {
        for (const rest of todo.slice(todo.indexOf(c) + 1)) rest.setState('idle');
        return;
      }
    }
  }

  #ensureEngine() {
    if (!this.engine) {
      this.engine = new this.EngineClass({ workerUrl: workerUrlFor(this.workerUrl) });
    }
    this.started ??= this.engine.start();
    return this.started;
  }

  #dropEngine() {
    this.engine?.terminate();
    this.started = null;
    this.snapshots.clear();
  }

  // Runs one cell and shows its result; false when the engine stopped or failed.
  async #runCell(cell, ranAbove) {
    const session = cell.isolated ? `cell-${cell.index}` : null;
    const key = session ?? 'shared';
    const previous = this.snapshots.get(key) ?? null;
    cell.setState('running');
    const timer = setTimeout(() => cell.setStopMode(true), STOP_AFTER_MS);
    try {
      const { result, check } = cell.prompts && cell.pristine
        ? await this.#runExamples(cell.prompts.examples, session)
        : { result: await this.engine.run(cell.code, { snapshot: true, session }), check: cell.prompts ? { edited: true } : null };
      cell.setState('ready');
      cell.showResult(result, { ranAbove, check });
      cell.setSnapshot(result.snapshot, previous);
      if (result.snapshot) this.snapshots.set(key, result.snapshot);
      return true;
    } catch (err) {
      this.#dropEngine();
      const stopped = err?.name === 'Restarted';
      for (const c of this.live()) c.forget();
      cell.setState(stopped ? 'idle' : 'error');
      cell.showNote(stopped ? this.t('stopped') : `${err?.name ?? 'Error'}: ${err?.message ?? err}`, stopped ? 'note' : 'error');
      return false;
    } finally {
      clearTimeout(timer);
      cell.setStopMode(false);
    }
  }

  // A prompt block, one example per engine call (each echoes its own value); the
  // snapshot is taken after the last one.
  async #runExamples(examples, session) {
    let text = '';
    let error = null;
    let line = null;
    let ms = 0;
    let snapshot = null;
    const failures = [];
    for (let i = 0; i < examples.length; i += 1) {
      const ex = examples[i];
      const r = await this.engine.run(ex.source, { snapshot: i === examples.length - 1, session });
      ms += r.ms ?? 0;
      const got = shownOutput(r);
      const expected = outputMatches(ex.want, got);
      if (!expected) failures.push({ source: ex.source, want: ex.want, got });
      // An exception the page shows is output; one it does not is an error.
      if (r.error && !expected && !error) {
        error = r.error;
        line = r.line;
        text += r.stdout ?? '';
      } else {
        text += got;
      }
      if (i === examples.length - 1) snapshot = r.snapshot ?? null;
    }
    return {
      result: { stdout: text, repr: null, error, line, ms, snapshot },
      check: { total: examples.length, failures },
    };
  }

  /** Ends every session; every cell starts again. `from` (the cell whose Reset was used) says so. */
  async reset(from = null) {
    await this.queue;
    if (this.started) {
      try {
        await this.engine.reset({ all: true });
      } catch {
        this.#dropEngine();
      }
    }
    this.snapshots.clear();
    for (const c of this.live()) {
      c.forget();
      c.ui.out.hidden = true;
      c.ui.check.hidden = true;
      c.setState('idle');
    }
    from?.showNote(this.t('resetDone'));
  }

  /** Ends the worker (a run that does not finish); the running cell reports it. */
  stop() {
    this.engine?.terminate();
  }

  /** Draws the memory inspector of `cell`, loading its modules and styles the first time. */
  async inspect(cell) {
    try {
      this.inspectorModule ??= this.loadInspector();
      const mod = await this.inspectorModule;
      if (!cell.inspector) {
        const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: this.inspectorCss });
        const loaded = new Promise((resolve) => {
          link.addEventListener('load', resolve, { once: true });
          link.addEventListener('error', resolve, { once: true });
        });
        cell.host.shadowRoot.prepend(link);
        await loaded;
        cell.inspector = mod.createInspector(cell.ui.inspectorRoot, { lang: this.inspectorLang });
      }
      cell.drawInspector();
    } catch (err) {
      this.inspectorModule = null;
      console.warn('[stridelab] memory inspector unavailable:', err);
      cell.inspectorFailed();
    }
  }
}
