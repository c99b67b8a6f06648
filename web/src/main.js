// stridelab playground: editor + output + memory inspector + engine worker, wired together.
//
// States (shown in the header, and as data-state on #status for tests):
//   loading -> ready <-> running ; error when the engine cannot load or crashed.
// A Python exception is not an engine error: it is shown in the output panel and the
// engine stays ready.
//
// Page options: ?embed=1 (compact layout for iframes: editor + output, no
// persistence); #code=... / #src=... (a shared program, see share.js).

import { createPlainEditor } from './plain-editor.js';
import { Engine } from './engine.js';
import { Output, el } from './output.js';
import { t, initLang, setLang, getLang, onLangChange, applyTranslations } from './i18n.js';
import { initTheme, cycleTheme, onThemeChange, resolvedTheme, themeChoice } from './theme.js';
import { RunHistory } from './history.js';
import { STATIC_LISTS, PROBES, probeProgram, createCompletionSource, importAliases } from './completions.js';
import { decodeFragment, encodeCode, shareUrl, MAX_FRAGMENT_CHARS } from './share.js';
import { createGallery } from './gallery.js';
import { questionFor, verdictOf, predictionCorrect, questionCard, verdictCard, formatBytes } from './vcui.js';
import { InspectorHost } from './inspector-host.js';
import { Timeline } from './timeline.js';

const DEFAULT_PROGRAM = `import numpy as np
a = np.arange(12).reshape(3, 4)
v = a[:, ::2]
print(v)
print(v.base is a.base, np.shares_memory(a, v), v.strides)
`;

const STORAGE_KEY = 'stridelab.playground.code';
const VC_KEY = 'stridelab.playground.viewcopy';
// A run longer than this turns the Run button into Stop (terminates the worker).
const STOP_AFTER_MS = 700;

const $ = (selector) => document.querySelector(selector);

// The server replaces the placeholder with a per-response nonce; served any other
// way, the placeholder stays and no nonce is used.
function cspNonce() {
  const nonce = $('meta[property="csp-nonce"]')?.nonce ?? '';
  return nonce.startsWith('__') ? '' : nonce;
}

function readStorage(storage, key) {
  try { return storage?.getItem(key) ?? null; } catch { return null; }
}

function writeStorage(storage, key, value) {
  try { storage?.setItem(key, value); } catch { /* private mode, quota: not fatal */ }
}

function debounce(fn, ms) {
  let timer = 0;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

async function main({ storage = globalThis.localStorage } = {}) {
  performance.mark?.('stridelab:main-start');
  const embed = new URLSearchParams(location.search).get('embed') === '1';
  if (embed) document.documentElement.classList.add('is-embed');
  // An embedded playground shows the code it was given; it must not overwrite the
  // visitor's own work (or history) in this origin's storage.
  const codeStorage = embed ? null : storage;

  initTheme({ storage });
  initLang({ storage });

  const statusEl = $('#status');
  const statusText = $('#status .status-text');
  const runButton = $('#run');
  const runLabel = $('#run .btn-label');
  const resetButton = $('#reset');
  const vcToggle = $('#vc-toggle');
  const vcBanner = $('#vc-banner');
  const langButton = $('#lang');
  const themeButton = $('#theme');
  const toastEl = $('#toast');

  let state = 'loading';
  let stateDetail = '';         // the engine failure behind an 'error' state (status tooltip)
  let editor = null;            // created once a shared link (if any) has been decoded
  let stopTimer = 0;
  let stopMode = false;
  let snapshot = null;          // the latest inspection snapshot
  let vcMode = !embed && readStorage(storage, VC_KEY) === '1';
  const score = { right: 0, total: 0 };
  let probed = false;           // completion names asked of the engine (once)
  const lists = { ...STATIC_LISTS };

  // ---- engine (started first: it is what the first result waits for) ----------------

  // boot.js may have started the worker already (the embed layout uses it too).
  const boot = globalThis.__stridelabBoot;
  delete globalThis.__stridelabBoot;
  if (boot?.failed) boot.worker.terminate();
  const booted = boot && !boot.failed ? boot.worker : null;
  const engine = new Engine({
    adopt: booted,
    wasmModule: boot?.module ?? null,
    onState(next, err) {
      if (state === 'running' && next === 'ready') return; // settled by the run itself
      setState(next, err ? `${err.name}: ${err.message}` : '');
      if (next === 'error' && err && err.name !== 'Restarted') {
        output.showEngineFailure(() => t('engine.failedToLoad'), `${err.name}: ${err.message}`,
          () => t('engine.failedToLoadNote'));
      }
    },
  });
  engine.start().then(() => {
    performance.mark?.('stridelab:engine-ready');
    scheduleProbe();
  }, () => {});

  // ---- header: status, run/stop, language, theme -------------------------------------

  function setState(next, detail = '') {
    state = next;
    stateDetail = detail;
    const title = detail;
    statusEl.dataset.state = next;
    statusText.textContent = t(`status.${next}`);
    statusEl.title = title || t(`status.${next}`);
    document.body.dataset.engine = next;
    resetButton.disabled = next === 'loading';
    runButton.disabled = next === 'error';
  }

  function setStopMode(on) {
    stopMode = on;
    runButton.classList.toggle('is-stop', on);
    runLabel.textContent = t(on ? 'toolbar.stop' : 'toolbar.run');
    runButton.title = t(on ? 'toolbar.stopTitle' : 'toolbar.runTitle');
  }

  function renderPrefs() {
    document.title = t('app.title');
    langButton.querySelector('.btn-lang-label').textContent = t('prefs.languageShort');
    langButton.title = t('prefs.language');
    langButton.setAttribute('aria-label', t('prefs.language'));
    const choice = themeChoice();
    const label = t('prefs.theme', {
      choice: t(`prefs.theme.${choice}`, { resolved: t(`prefs.theme.${resolvedTheme()}`) }),
    });
    themeButton.title = label;
    themeButton.setAttribute('aria-label', label);
    $('#theme-label').textContent = label;
  }

  langButton.addEventListener('click', () => setLang(getLang() === 'en' ? 'zh' : 'en', { storage }));
  themeButton.addEventListener('click', () => cycleTheme({ storage }));
  onThemeChange((theme) => {
    editor?.setDark(theme === 'dark');
    renderPrefs();
  });
  onLangChange(() => {
    setState(state, stateDetail);
    setStopMode(stopMode);
    renderPrefs();
    editor?.setLabel(t('editor.label'));
    timeline.renderTexts();
    output.rerender();
    renderInspectorMeta();
  });

  // ---- output, inspector -----------------------------------------------------------

  const output = new Output({
    root: $('#output'),
    meta: $('#run-meta'),
    onLine: (line) => editor?.goToLine(line),
  });

  const inspector = new InspectorHost({
    root: $('#inspector'),
    onState(s) { document.body.dataset.inspector = s === 'ready' ? 'ready' : 'missing'; },
  });

  function renderInspectorMeta() {
    const meta = $('#inspector-meta');
    const arrays = (snapshot?.variables ?? []).filter((v) => v.topLevel !== false && (v.kind === 'ndarray' || v.kind === 'tensor'));
    if (!snapshot || !arrays.length) {
      meta.textContent = '';
      return;
    }
    const bytes = formatBytes(snapshot.heap?.liveBytes ?? 0);
    meta.textContent = arrays.length === 1 ? t('memory.metaOne', { bytes }) : t('memory.meta', { count: arrays.length, bytes });
  }

  // ---- timeline: the run, statement by statement (Note [Step trace], core/api/trace.hpp) --

  // The most steps a run records; the engine counts the statements past it.
  const TRACE_STEPS = 500;
  let traced = null;  // { result, before, prelude } of the run the timeline holds
  const utf8 = { enc: new TextEncoder(), dec: new TextDecoder() };
  const timeline = new Timeline({
    root: $('#timeline'),
    onStep(step, index, previous) {
      if (!traced) return;
      drawing++;  // a run's drawing still waiting for its frame (takeSnapshot) is superseded
      if (index === timeline.count() - 1) {
        // The last step is the whole run: its output (an error included) and final state,
        // against the step before it as every step is (a run's own view compares with the
        // state before the run).
        inspector.update(traced.result.snapshot, previous ? previous.snapshot : traced.before, step);
        output.showResult(traced.result, { prelude: traced.prelude, step: true });
        editor.markStepLines(null);
        return;
      }
      inspector.update(step.snapshot, previous ? previous.snapshot : traced.before, step);
      const stdout = utf8.dec.decode(utf8.enc.encode(traced.result.stdout).slice(0, step.stdoutLength));
      output.showResult({ ...traced.result, stdout, error: null, traceback: null, line: null, repr: null },
        { prelude: () => [el('p', 'out-note out-note-step', t('timeline.atStep'))], step: true });
      editor.markStepLines({ from: step.line, to: step.endLine });
    },
  });

  // `afterPaint`: draw the inspector only once the frame showing the output is on
  // screen (its first drawing can take a good part of 100 ms); the page's state is
  // updated at once either way, and a later snapshot's drawing supersedes this one.
  let drawing = 0;
  function takeSnapshot(next, { afterPaint = false } = {}) {
    if (next === undefined) return;
    const previous = snapshot;
    snapshot = next ?? null;
    const token = ++drawing;
    const draw = () => {
      if (token !== drawing) return;
      if (next) inspector.update(next, previous);
      else inspector.clear();
      renderInspectorMeta();
    };
    if (afterPaint) afterNextPaint(draw);
    else draw();
  }

  // ---- editor: code, history, completion ---------------------------------------------

  const runHistory = new RunHistory({ storage: codeStorage, persist: !embed });
  // Matches the stacked layout in style.css, where a side scroll would hide code.
  const narrowQuery = matchMedia('(max-width: 760px)');
  const saveCode = debounce((code) => writeStorage(codeStorage, STORAGE_KEY, code), 300);
  const updateOpenLink = debounce(async (code) => {
    if (!embed) return;
    try {
      $('#open-full').href = await shareUrl(code, { base: `${location.origin}/` });
    } catch { /* keep the plain link */ }
  }, 300);

  let initialCode = readStorage(codeStorage, STORAGE_KEY);
  if (!initialCode?.trim()) initialCode = DEFAULT_PROGRAM;
  let fromLink = false;
  let linkProblem = null;
  const shared = await decodeFragment(location.hash);
  if (shared?.code != null) {
    initialCode = shared.code;
    fromLink = true;
  } else if (shared?.error) {
    linkProblem = shared.error;
  }

  const completionSource = createCompletionSource(() => ({
    lists,
    variables: snapshot?.variables ?? [],
    aliases: importAliases(editor?.getCode() ?? ''),
  }));

  // The page starts with a plain textarea and CodeMirror takes over once its chunk has
  // loaded (upgradeEditor below): the first Run waits for the engine only.
  const editorEvents = {
    onRun: () => run(),
    onChange(code, isEdit) {
      saveCode(code);
      updateOpenLink(code);
      if (isEdit) {
        runHistory.reset();
        // The link described the code as it was; after an edit a reload should show the
        // edited code (from storage), not the link's.
        if (fromLink && !embed) {
          fromLink = false;
          history.replaceState(null, '', location.pathname + location.search);
        }
      }
    },
    onHistory(dir, current) {
      return dir < 0 ? runHistory.back(current) : runHistory.forward();
    },
  };
  editor = createPlainEditor({
    parent: $('#editor'), doc: initialCode, wrap: narrowQuery.matches, label: t('editor.label'), ...editorEvents,
  });
  async function upgradeEditor() {
    let createEditor;
    try {
      ({ createEditor } = await import('./editor.js'));
    } catch {
      document.body.dataset.editor = 'plain';  // the textarea stays; everything else works
      return;
    }
    const was = editor.handOver();
    const code = createEditor({
      parent: $('#editor'),
      doc: was.code,
      nonce: cspNonce(),
      dark: resolvedTheme() === 'dark',
      wrap: narrowQuery.matches,
      label: t('editor.label'),
      completionSource,
      ...editorEvents,
    });
    code.view.dispatch({ selection: { anchor: was.selection[0], head: was.selection[1] } });
    if (was.errorLine != null) code.markErrorLine(was.errorLine);
    if (was.focused) code.focus();
    editor = code;
    document.body.dataset.editor = 'code';
  }
  narrowQuery.addEventListener('change', (e) => editor.setWrap(e.matches));
  updateOpenLink(initialCode);

  // ---- running -----------------------------------------------------------------------

  let pendingQuestion = null;

  async function run({ skipQuiz = false } = {}) {
    if (state === 'running' || state === 'error') return;
    const code = editor.getCode();
    if (vcMode && !skipQuiz) {
      const question = questionFor(code, snapshot);
      if (question) {
        ask(question);
        return;
      }
    }
    await execute(code);
  }

  function ask(question) {
    const id = {};
    pendingQuestion = id;
    output.showNodes('question', () => [questionCard({
      question,
      onAnswer(choice) {
        if (pendingQuestion !== id) return;
        pendingQuestion = null;
        execute(question.code, choice ? { question, prediction: choice } : {});
      },
    })]);
    output.root.querySelector('.vc-choice')?.focus();
  }

  let firstResultMarked = false;
  // Runs in progress (from the click to the result drawn), and who waits for none.
  let executing = 0;
  const whenIdle = [];
  const runsSettled = () => (executing ? new Promise((resolve) => whenIdle.push(resolve)) : Promise.resolve());
  async function execute(...args) {
    executing++;
    try {
      return await executeNow(...args);
    } finally {
      if (--executing === 0) whenIdle.splice(0).forEach((resolve) => resolve());
    }
  }

  async function executeNow(code, { question = null, prediction = null } = {}) {
    if (!performance.getEntriesByName?.('stridelab:run-click').length) performance.mark?.('stridelab:run-click');
    pendingQuestion = null;
    if (state === 'running' || state === 'error') return;
    if (state === 'loading') {
      try { await engine.ready; } catch { return; }
      if (state !== 'ready') return;
    }
    runHistory.push(code);
    editor.markErrorLine(null);
    setState('running');
    output.showRunning();
    stopTimer = setTimeout(() => setStopMode(true), STOP_AFTER_MS);
    const before = snapshot;
    try {
      const result = await engine.run(code, { trace: TRACE_STEPS });
      setState('ready');
      takeSnapshot(result.snapshot, { afterPaint: true });
      let prelude = null;
      if (question) {
        const verdict = verdictOf(question, result, before, snapshot);
        const correct = prediction ? predictionCorrect(prediction, verdict.outcome) : null;
        if (correct != null) {
          score.total += 1;
          if (correct) score.right += 1;
        }
        const at = { ...score };
        const after = snapshot;
        prelude = () => [verdictCard({ question, verdict, prediction, after, score: at })];
      }
      output.showResult(result, { prelude });
      traced = { result, before, prelude };
      editor.markStepLines(null);
      timeline.load(result.trace);
      // The first result is on screen when the frame that shows it is painted.
      if (!firstResultMarked) {
        firstResultMarked = true;
        requestAnimationFrame(() => performance.mark?.('stridelab:first-result'));
      }
      revealOutput();
      // Mark the line only if it still refers to the text that ran.
      if (result.error && result.line != null && editor.getCode() === code) {
        editor.markErrorLine(result.line);
      }
    } catch (err) {
      takeSnapshot(null);
      clearTimeline();
      if (err.name === 'Restarted') {
        output.showNote(() => t('run.stopped'), { tone: 'stop' });
      } else {
        output.showEngineFailure(() => t('engine.crashed'), `${err.name}: ${err.message}`,
          () => t('engine.restartedNote'));
        engine.start().catch(() => {});
      }
    } finally {
      clearTimeout(stopTimer);
      setStopMode(false);
    }
  }

  // Stacked layout (phones): the output is below the editor; bring it into view.
  function revealOutput() {
    if (!narrowQuery.matches) return;
    const pane = $('.pane-output');
    const r = pane.getBoundingClientRect();
    const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (r.top > innerHeight - 80 || r.bottom < 0) pane.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
  }

  function stop() {
    // The engine is synchronous inside the worker: the only way to interrupt a run
    // is to end the worker. The pending run rejects with 'Restarted'.
    engine.start().catch(() => {});
  }

  // The timeline belongs to one run: a reset, a stop or a failed run ends it.
  function clearTimeline() {
    traced = null;
    timeline.clear();
    editor.markStepLines(null);
  }

  async function reset() {
    editor.markErrorLine(null);
    clearTimeline();
    pendingQuestion = null;
    if (state === 'running') return stop();
    if (state === 'error') {
      takeSnapshot(null);
      engine.start().catch(() => {});
      output.showNote(() => t('engine.restarted'));
      return;
    }
    try {
      const value = await engine.reset();
      takeSnapshot(value?.snapshot ?? null);
      output.showNote(() => t('run.reset'));
    } catch (err) {
      takeSnapshot(null);
      output.showEngineFailure(() => t('engine.resetFailed'), `${err.name}: ${err.message}`,
        () => t('engine.restartedNote'));
      engine.start().catch(() => {});
    }
  }

  runButton.addEventListener('click', () => (stopMode ? stop() : run()));
  resetButton.addEventListener('click', () => reset());

  // Shift+Enter anywhere on the page (the editor handles its own first).
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || !event.shiftKey || event.defaultPrevented) return;
    const target = event.target;
    if (target instanceof Element && target.closest('button, a, input, textarea, select, summary, dialog, .cm-editor')) return;
    event.preventDefault();
    run();
  });

  // ---- completion lists from the engine ----------------------------------------------

  function scheduleProbe() {
    if (probed) return;
    probed = true;
    // After the page has settled, so the first run is never queued behind it.
    // One request per group, so a run the user starts meanwhile waits for one group at most.
    const go = async () => {
      for (const p of PROBES) {
        while (state === 'running' || state === 'loading') await new Promise((r) => setTimeout(r, 500));
        try {
          const found = await engine.probe({ [p.group]: probeProgram(p, STATIC_LISTS[p.group]) });
          const names = found?.[p.group];
          if (Array.isArray(names)) lists[p.group] = names;
          else if (names === null && (p.group === 'torch' || p.group === 'tensor')) lists[p.group] = [];
        } catch {
          return; // the engine restarted: keep the static lists
        }
      }
      document.body.dataset.completions = 'engine';
    };
    setTimeout(go, 1500);
  }

  // ---- view or copy? -----------------------------------------------------------------

  function renderVcMode() {
    vcToggle.setAttribute('aria-pressed', String(vcMode));
    vcBanner.hidden = !vcMode;
    document.body.dataset.viewcopy = vcMode ? 'on' : 'off';
  }
  vcToggle.addEventListener('click', () => {
    vcMode = !vcMode;
    writeStorage(storage, VC_KEY, vcMode ? '1' : '0');
    renderVcMode();
    toast(t(vcMode ? 'vc.on' : 'vc.off'));
    editor.focus();
  });

  // ---- share -------------------------------------------------------------------------

  let toastTimer = 0;
  function toast(message) {
    toastEl.textContent = message;
    toastEl.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { toastEl.hidden = true; }, 2600);
  }

  $('#share').addEventListener('click', async () => {
    const code = editor.getCode();
    let fragment;
    try {
      fragment = await encodeCode(code);
    } catch {
      toast(t('share.failed'));
      return;
    }
    if (fragment.length > MAX_FRAGMENT_CHARS) {
      toast(t('share.tooLong'));
      return;
    }
    const url = `${location.origin}${location.pathname}#${fragment}`;
    history.replaceState(null, '', url);
    fromLink = true;
    try {
      await navigator.clipboard.writeText(url);
      toast(t('share.copied'));
    } catch {
      toast(t('share.inAddressBar'));
    }
  });

  // A link opened in a tab that is already showing the playground.
  window.addEventListener('hashchange', async () => {
    const next = await decodeFragment(location.hash);
    if (next?.code != null && next.code !== editor.getCode()) {
      editor.setCode(next.code);
      fromLink = true;
      output.showNote(() => t('share.loaded'));
    } else if (next?.error) {
      output.showNote(() => t(errorKey(next.error)), { tone: 'warn' });
    }
  });

  // ---- examples ----------------------------------------------------------------------

  createGallery({
    dialog: $('#gallery'),
    list: $('#gallery-list'),
    openButton: $('#examples'),
    closeButton: $('#gallery-close'),
    autorun: $('#gallery-autorun'),
    onPick(example, autorun) {
      editor.setCode(example.code);
      editor.markErrorLine(null);
      editor.focus();
      if (autorun) run({ skipQuiz: true });
      else output.showNote(() => t('gallery.loaded', { title: example.title?.[getLang()] ?? example.title?.en ?? '' }));
    },
  });

  // ---- start -------------------------------------------------------------------------

  applyTranslations(document);
  setState(state === 'loading' ? 'loading' : state);
  setStopMode(false);
  renderPrefs();
  renderVcMode();
  if (linkProblem) output.showNote(() => t(errorKey(linkProblem)), { tone: 'warn' });
  else if (fromLink && !embed) output.showNote(() => t('share.loaded'));
  else output.showIntro();
  editor.focus();
  // 'interactive': Run works (plain editor); 'ready': the code editor has taken over.
  document.body.dataset.page = 'interactive';
  performance.mark?.('stridelab:page-interactive');
  // The code editor's chunk is about 430 KB of JavaScript whose evaluation holds the
  // main thread for 100-200 ms: a Run clicked as soon as the page allowed it (a share
  // link) has its result drawn first. The timeout lets a click in reaction to
  // 'interactive' start its run before the check.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await runsSettled();
  await upgradeEditor();
  document.body.dataset.page = 'ready';
  performance.mark?.('stridelab:page-ready');
}

// Calls `fn` once the next frame has been painted: requestAnimationFrame runs just
// before the paint, and a task queued from there runs after it.
function afterNextPaint(fn) {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

function errorKey(code) {
  return code === 'too-large' ? 'share.tooLarge' : code === 'unsupported' ? 'share.unsupported' : 'share.invalid';
}

main();
