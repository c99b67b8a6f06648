// web/src/runner/: the engine's state (status.js) and runs (runs.js) against a fake
// Engine that answers as the worker does (engine.js's interface), so the state machine
// loading -> ready <-> running, Stop, Reset and a crashed run are checked without a
// browser. The page parts they drive are recorders.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createEngineStatus, takeBooted } from '../../../web/src/runner/status.js';
import { createRuns } from '../../../web/src/runner/runs.js';
import { EngineError } from '../../../web/src/runner/engine.js';
import { setLang, t } from '../../../web/src/i18n/i18n.js';

setLang('en', { persist: false });

// Answers run() with `answer(code)` (a result, or a thrown EngineError), after `delay()`.
class FakeEngine {
  constructor({ onState, adopt, wasmModule }) {
    Object.assign(this, { onState, adopt, wasmModule, starts: 0, runs: [], resets: 0 });
    this.answer = (code) => ({ stdout: `ran ${code}\n`, error: null, snapshot: { variables: [], tag: code }, trace: [] });
    this.pendingRuns = new Set();
  }
  start() {
    this.starts += 1;
    // A restart ends the run in flight, as ending the worker does.
    for (const reject of this.pendingRuns) reject(new EngineError('The engine was restarted.', { name: 'Restarted' }));
    this.pendingRuns.clear();
    this.onState('loading');
    this.ready = Promise.resolve().then(() => this.onState('ready'));
    return this.ready;
  }
  run(code) {
    this.runs.push(code);
    return new Promise((resolve, reject) => {
      this.pendingRuns.add(reject);
      setTimeout(() => {
        if (!this.pendingRuns.delete(reject)) return;
        try { resolve(this.answer(code)); } catch (err) { reject(err); }
      }, this.delayMs ?? 0);
    });
  }
  async reset() {
    this.resets += 1;
    return { snapshot: { variables: [], tag: 'reset' } };
  }
}

function page({ quizAsks = false } = {}) {
  const log = [];
  const header = { states: [], stop: [], showState(s, d) { this.states.push(d ? `${s}: ${d}` : s); }, showStopMode(on) { this.stop.push(on); } };
  const output = {
    showRunning: () => log.push('running'),
    showResult: (r, { prelude }) => log.push(`result ${r.stdout.trim()}${prelude ? ' +verdict' : ''}`),
    showNote: (message, options) => log.push(`note ${message()}${options?.tone ? ` (${options.tone})` : ''}`),
    showEngineFailure: (title, message) => log.push(`failure ${title()}: ${message}`),
  };
  const status = createEngineStatus({ header, output, booted: { adopt: null, wasmModule: null }, Engine: FakeEngine });
  let shown = null;
  const parts = {
    status, header, output,
    editor: { code: 'x = 1', errorLine: null, getCode() { return this.code; }, markErrorLine(line) { this.errorLine = line; } },
    snapshots: { current: () => shown, take: (next) => { if (next !== undefined) shown = next; } },
    timeline: { load: (r) => log.push(`timeline ${r.trace.length}`), clear: () => log.push('timeline cleared') },
    history: { pushed: [], push(code) { this.pushed.push(code); } },
    quiz: {
      asked: 0, cancelled: 0,
      ask(code, snapshot, run) { if (!quizAsks) return false; this.asked += 1; this.answer = () => run(code, { question: { code }, prediction: 'view' }); return true; },
      verdict: () => () => [],
      cancel() { this.cancelled += 1; },
    },
    revealOutput: () => {},
    frame: (fn) => fn(),
  };
  return { runs: createRuns(parts), parts, log, header, status };
}

test('status: boot.js\'s worker is adopted once; a failed one is ended, not adopted', () => {
  const worker = { ended: false, terminate() { this.ended = true; } };
  const scope = { __stridelabBoot: { worker, module: 'compiling', failed: false } };
  assert.deepEqual(takeBooted(scope), { adopt: worker, wasmModule: 'compiling' });
  assert.equal('__stridelabBoot' in scope, false);
  assert.deepEqual(takeBooted(scope), { adopt: null, wasmModule: null });
  const failed = { __stridelabBoot: { worker, module: null, failed: true } };
  assert.deepEqual(takeBooted(failed), { adopt: null, wasmModule: null });
  assert.equal(worker.ended, true);
});

test('runs: a run started while the engine loads waits for it, then shows its result', async () => {
  const { runs, parts, log, header, status } = page();
  status.engine.start();
  assert.equal(status.state, 'loading');
  await runs.run();
  assert.deepEqual(header.states, ['loading', 'ready', 'running', 'ready']);
  assert.deepEqual(log, ['running', 'result ran x = 1', 'timeline 0']);
  assert.deepEqual(parts.history.pushed, ['x = 1']);
  assert.equal(parts.snapshots.current().tag, 'x = 1');
  assert.deepEqual(header.stop, [false]);
});

test('runs: a Python error marks its line only while the editor still holds that code', async () => {
  const { runs, parts, status } = page();
  await status.engine.start();
  status.engine.answer = () => ({ stdout: '', error: 'ValueError: x', line: 2, snapshot: null, trace: [] });
  await runs.run();
  assert.equal(parts.editor.errorLine, 2);
  assert.equal(status.state, 'ready', 'a Python error is not an engine error');
  parts.editor.errorLine = null;
  status.engine.delayMs = 5;
  const running = runs.run();
  parts.editor.code = 'edited meanwhile';
  await running;
  assert.equal(parts.editor.errorLine, null);
});

test('runs: Stop ends a long run (Run shows Stop past 700 ms); the engine starts again', async () => {
  const { runs, log, header, status } = page();
  await status.engine.start();
  status.engine.delayMs = 60_000;
  const running = runs.run();
  await new Promise((resolve) => setTimeout(resolve, 750));
  assert.deepEqual(header.stop, [true]);
  await runs.run();  // a second Run while one runs does nothing
  assert.equal(status.engine.runs.length, 1);
  runs.stop();
  await running;
  assert.deepEqual(header.stop, [true, false]);
  assert.deepEqual(log, ['running', 'timeline cleared', `note ${t('run.stopped')} (stop)`]);
  assert.equal(status.engine.starts, 2);
  await status.engine.ready;
  assert.equal(status.state, 'ready');
});

test('runs: a crashed engine is reported and restarted; Reset clears the session', async () => {
  const { runs, log, parts, status } = page();
  await status.engine.start();
  status.engine.answer = () => { throw new EngineError('memory access out of bounds', { name: 'RuntimeError' }); };
  await runs.run();
  assert.deepEqual(log.slice(-1), [`failure ${t('engine.crashed')}: RuntimeError: memory access out of bounds`]);
  assert.equal(status.engine.starts, 2);
  await status.engine.ready;
  await runs.reset();
  assert.equal(status.engine.resets, 1);
  assert.equal(parts.snapshots.current().tag, 'reset');
  assert.deepEqual(log.slice(-2), ['timeline cleared', `note ${t('run.reset')}`]);
});

test('runs: the view-or-copy question holds the run until answered; settled() waits for runs', async () => {
  const { runs, parts, log, status } = page({ quizAsks: true });
  await status.engine.start();
  await runs.run();
  assert.equal(parts.quiz.asked, 1);
  assert.deepEqual(status.engine.runs, []);
  status.engine.delayMs = 20;
  const answered = parts.quiz.answer();
  let settled = false;
  const waiting = runs.settled().then(() => { settled = true; });
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.equal(settled, false);
  await answered;
  await waiting;
  assert.deepEqual(log.slice(-2), ['result ran x = 1 +verdict', 'timeline 0']);
  await runs.run({ skipQuiz: true });
  assert.equal(parts.quiz.asked, 1);
  assert.equal(status.engine.runs.length, 2);
});
