// stridelab playground: editor + output + engine worker, wired together.
//
// States (shown in the header, and as data-state on #status for tests):
//   loading -> ready <-> running ; error when the engine cannot load or crashed.
// A Python exception is not an engine error: it is shown in the output panel and the
// engine stays ready.

import { createEditor } from './editor.js';
import { Engine } from './engine.js';
import { Output } from './output.js';

const DEFAULT_PROGRAM = `import numpy as np
a = np.arange(12).reshape(3, 4)
v = a[:, ::2]
print(v)
print(v.base is a.base, np.shares_memory(a, v), v.strides)
`;

const STORAGE_KEY = 'stridelab.playground.code';
const STATUS_TEXT = {
  loading: 'loading engine\u2026',
  ready: 'ready',
  running: 'running\u2026',
  error: 'error',
};
// A run longer than this turns the Run button into Stop (terminates the worker).
const STOP_AFTER_MS = 700;

const $ = (selector) => document.querySelector(selector);

// The server replaces the placeholder with a per-response nonce; served any other
// way, the placeholder stays and no nonce is used.
function cspNonce() {
  const nonce = $('meta[property="csp-nonce"]')?.nonce ?? '';
  return nonce.startsWith('__') ? '' : nonce;
}

function loadCode(storage) {
  try {
    const saved = storage?.getItem(STORAGE_KEY);
    return saved && saved.trim() ? saved : DEFAULT_PROGRAM;
  } catch {
    return DEFAULT_PROGRAM;
  }
}

function debounce(fn, ms) {
  let timer = 0;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

function main({ storage = globalThis.localStorage } = {}) {
  const statusEl = $('#status');
  const statusText = $('#status .status-text');
  const runButton = $('#run');
  const runLabel = $('#run .btn-label');
  const resetButton = $('#reset');

  let state = 'loading';
  let stopTimer = 0;
  let stopMode = false;

  function setState(next, title = '') {
    state = next;
    statusEl.dataset.state = next;
    statusText.textContent = STATUS_TEXT[next];
    statusEl.title = title;
    document.body.dataset.engine = next;
    resetButton.disabled = next === 'loading';
    runButton.disabled = next === 'error';
  }

  function setStopMode(on) {
    stopMode = on;
    runButton.classList.toggle('is-stop', on);
    runLabel.textContent = on ? 'Stop' : 'Run';
    runButton.title = on ? 'Stop the program (restarts the engine; variables are cleared)' : 'Run the program (Shift+Enter)';
  }

  const engine = new Engine({
    onState(next, err) {
      if (state === 'running' && next === 'ready') return; // settled by the run itself
      setState(next, err ? `${err.name}: ${err.message}` : '');
      if (next === 'error' && err && err.name !== 'Restarted') {
        output.showEngineFailure('Engine failed to load', `${err.name}: ${err.message}`,
          'Press Reset to try again, or reload the page.');
      }
    },
  });

  const output = new Output({
    root: $('#output'),
    meta: $('#run-meta'),
    onLine: (line) => editor.goToLine(line),
  });

  const darkQuery = matchMedia('(prefers-color-scheme: dark)');
  // Matches the stacked layout in style.css, where a side scroll would hide code.
  const narrowQuery = matchMedia('(max-width: 760px)');
  const save = debounce((code) => {
    try { storage?.setItem(STORAGE_KEY, code); } catch { /* private mode, quota: not fatal */ }
  }, 300);

  const editor = createEditor({
    parent: $('#editor'),
    doc: loadCode(storage),
    nonce: cspNonce(),
    dark: darkQuery.matches,
    wrap: narrowQuery.matches,
    onRun: () => run(),
    onChange: save,
  });
  darkQuery.addEventListener('change', (e) => editor.setDark(e.matches));
  narrowQuery.addEventListener('change', (e) => editor.setWrap(e.matches));

  async function run() {
    if (state === 'running' || state === 'error') return;
    if (state === 'loading') {
      try { await engine.ready; } catch { return; }
      if (state !== 'ready') return;
    }
    const code = editor.getCode();
    editor.markErrorLine(null);
    setState('running');
    output.showRunning();
    stopTimer = setTimeout(() => setStopMode(true), STOP_AFTER_MS);
    try {
      const result = await engine.run(code);
      setState('ready');
      output.showResult(result);
      // Mark the line only if it still refers to the text that ran.
      if (result.error && result.line != null && editor.getCode() === code) {
        editor.markErrorLine(result.line);
      }
    } catch (err) {
      if (err.name === 'Restarted') {
        output.showNote('Stopped. The engine was restarted, so variables were cleared.');
      } else {
        output.showEngineFailure('The engine crashed', `${err.name}: ${err.message}`,
          'The engine was restarted, so variables were cleared.');
        engine.start();
      }
    } finally {
      clearTimeout(stopTimer);
      setStopMode(false);
    }
  }

  function stop() {
    // The engine is synchronous inside the worker: the only way to interrupt a run
    // is to end the worker. The pending run rejects with 'Restarted'.
    engine.start();
  }

  async function reset() {
    editor.markErrorLine(null);
    if (state === 'running') return stop();
    if (state === 'error') {
      engine.start();
      output.showNote('Engine restarted.');
      return;
    }
    try {
      await engine.reset();
      output.showNote('Session reset. All variables were cleared.');
    } catch (err) {
      output.showEngineFailure('Reset failed', `${err.name}: ${err.message}`,
        'The engine was restarted, so variables were cleared.');
      engine.start();
    }
  }

  runButton.addEventListener('click', () => (stopMode ? stop() : run()));
  resetButton.addEventListener('click', () => reset());

  // Shift+Enter anywhere on the page (the editor handles its own first).
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || !event.shiftKey || event.defaultPrevented) return;
    const target = event.target;
    if (target instanceof Element && target.closest('button, a, input, textarea, select, summary, .cm-editor')) return;
    event.preventDefault();
    run();
  });

  setState('loading');
  output.showIntro();
  engine.start().catch(() => {});
  editor.focus();
}

main();
