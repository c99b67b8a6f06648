// Running programs: Run (through the view-or-copy question when that mode is on), the
// result drawn everywhere it shows (output, memory pane, timeline, the editor's error
// line), Stop, and Reset. One run at a time; a run started while the engine loads
// waits for it.

import { t } from '../i18n/i18n.js';

// A run longer than this turns the Run button into Stop (which ends the worker).
const STOP_AFTER_MS = 700;
// The most steps a run records (Note [Step trace]); the engine counts the statements past it.
const TRACE_STEPS = 500;

/**
 * @param {object} parts
 *   status (status.js); header: { showStopMode }; output (panels/output.js); editor
 *   (editor/host.js); snapshots (panels/snapshots.js); timeline (panels/run-timeline.js);
 *   history: { push } (editor/history.js); quiz (quiz/mode.js); revealOutput();
 *   frame(fn): runs fn before the next paint (requestAnimationFrame on the page).
 * @returns {{ run, execute, stop, reset, settled }}
 */
export function createRuns(parts) {
  const { status, header, output, editor, snapshots, timeline, history, quiz } = parts;
  const engine = status.engine;
  let firstResultMarked = false;
  // Runs in progress (from the click to the result drawn), and who waits for none.
  let executing = 0;
  const whenIdle = [];
  const busy = () => status.state === 'running' || status.state === 'error';
  // The engine is synchronous inside the worker: the only way to interrupt a run is to
  // end the worker. A pending run rejects with 'Restarted'.
  const restart = () => engine.start().catch(() => {});

  function failure(key, err) {
    output.showEngineFailure(() => t(key), `${err.name}: ${err.message}`, () => t('engine.restartedNote'));
    restart();
  }

  const show = (code, result, before, answer) => {
    const first = !firstResultMarked;
    firstResultMarked = true;
    showResult(parts, { code, result, before, first, ...answer });
  };

  async function run({ skipQuiz = false } = {}) {
    if (busy()) return;
    const code = editor.getCode();
    if (!skipQuiz && quiz.ask(code, snapshots.current(), execute)) return;
    await execute(code);
  }

  async function execute(code, answer) {
    executing++;
    try {
      return await executeNow(code, answer);
    } finally {
      if (--executing === 0) whenIdle.splice(0).forEach((resolve) => resolve());
    }
  }

  async function executeNow(code, { question = null, prediction = null } = {}) {
    if (!performance.getEntriesByName?.('stridelab:run-click').length) performance.mark?.('stridelab:run-click');
    quiz.cancel();
    if (busy()) return;
    if (status.state === 'loading') {
      try { await engine.ready; } catch { return; }
      if (status.state !== 'ready') return;
    }
    history.push(code);
    editor.markErrorLine(null);
    status.set('running');
    output.showRunning();
    const stopTimer = setTimeout(() => header.showStopMode(true), STOP_AFTER_MS);
    const before = snapshots.current();
    try {
      const result = await engine.run(code, { trace: TRACE_STEPS });
      show(code, result, before, { question, prediction });
    } catch (err) {
      snapshots.take(null);
      timeline.clear();
      if (err.name === 'Restarted') output.showNote(() => t('run.stopped'), { tone: 'stop' });
      else failure('engine.crashed', err);
    } finally {
      clearTimeout(stopTimer);
      header.showStopMode(false);
    }
  }

  return {
    run,
    execute,
    stop: restart,
    reset: () => resetSession(parts, { restart, failure }),
    /** Resolves once no run is in progress (at once when none is). */
    settled: () => (executing ? new Promise((resolve) => whenIdle.push(resolve)) : Promise.resolve()),
  };
}

// A finished run on screen: the state back to ready, the memory pane, the verdict when
// the run answered a question, the output, the timeline, the failing line.
function showResult({ status, output, editor, snapshots, timeline, quiz, revealOutput, frame }, { code, result, before, first, question, prediction }) {
  status.set('ready');
  snapshots.take(result.snapshot, { afterPaint: true });
  const prelude = question ? quiz.verdict(question, prediction, result, before, snapshots.current()) : null;
  output.showResult(result, { prelude });
  timeline.load(result, before, prelude);
  // The first result is on screen when the frame that shows it is painted.
  if (first) frame(() => performance.mark?.('stridelab:first-result'));
  revealOutput();
  // Mark the line only if it still refers to the text that ran.
  if (result.error && result.line != null && editor.getCode() === code) editor.markErrorLine(result.line);
}

// Reset: a fresh session (variables cleared); a run in progress is stopped instead,
// and an engine in error is started again.
async function resetSession({ status, output, editor, snapshots, timeline, quiz }, { restart, failure }) {
  editor.markErrorLine(null);
  timeline.clear();
  quiz.cancel();
  if (status.state === 'running') return restart();
  if (status.state === 'error') {
    snapshots.take(null);
    restart();
    output.showNote(() => t('engine.restarted'));
    return;
  }
  try {
    const value = await status.engine.reset();
    snapshots.take(value?.snapshot ?? null);
    output.showNote(() => t('run.reset'));
  } catch (err) {
    snapshots.take(null);
    failure('engine.resetFailed', err);
  }
}
