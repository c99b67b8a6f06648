// stridelab playground: the composition root. It finds the page's elements, makes each
// part from its folder and wires their callbacks together; the behaviour lives in the
// parts (README "Layout": runner/, editor/, panels/, quiz/, share/, prefs/, i18n/, explain/,
// and the memory inspector in inspector/). What the page reads from outside -- storage,
// the location and the session history -- is passed in, so every part can be given
// plain objects instead.
//
// Page options: ?embed=1 (compact layout for iframes: editor + output, no
// persistence, share/embed.js); #code=... / #src=... (a shared program, share/).

import { createEngineStatus, takeBooted } from './runner/status.js';
import { createRuns } from './runner/runs.js';
import { bindRunControls } from './runner/controls.js';
import { createEditorHost, cspNonce } from './editor/host.js';
import { createCodeStore, DEFAULT_PROGRAM } from './editor/code-store.js';
import { RunHistory } from './editor/history.js';
import { STATIC_LISTS, createCompletionSource, importAliases } from './editor/completions.js';
import { probeCompletions } from './editor/probe.js';
import { Output } from './panels/output.js';
import { createHeader } from './panels/header.js';
import { createToast } from './panels/toast.js';
import { createLayout } from './panels/layout.js';
import { createSnapshots } from './panels/snapshots.js';
import { createRunTimeline } from './panels/run-timeline.js';
import { createGallery } from './panels/gallery.js';
import { InspectorHost } from './panels/inspector-host.js';
import { createQuiz } from './quiz/mode.js';
import { isEmbed, createOpenLink } from './share/embed.js';
import { restoreProgram, linkErrorKey } from './share/restore.js';
import { createShareLinks } from './share/links.js';
import { initTheme, onThemeChange, resolvedTheme } from './prefs/theme.js';
import { createPrefControls } from './prefs/controls.js';
import { t, initLang, getLang, onLangChange, applyTranslations } from './i18n/i18n.js';
import { registerOffline } from './runner/offline.js';

const $ = (selector) => document.querySelector(selector);

async function main({ storage = globalThis.localStorage, location = globalThis.location, history = globalThis.history } = {}) {
  performance.mark?.('stridelab:main-start');
  const embed = isEmbed(location);
  if (embed) document.documentElement.classList.add('is-embed');
  initTheme({ storage });
  initLang({ storage });

  // The engine first: it is what the first result waits for.
  const { header, output, status, lists } = startEngine({ onLine: (line) => editor.goToLine(line) });
  const prefs = createPrefControls({ doc: document, langButton: $('#lang'), themeButton: $('#theme'), themeLabel: $('#theme-label'), storage });
  const inspector = new InspectorHost({
    root: $('#inspector'),
    onState(s) { document.body.dataset.inspector = s === 'ready' ? 'ready' : 'missing'; },
  });
  const snapshots = createSnapshots({ inspector, meta: $('#inspector-meta') });
  const layout = createLayout({ win: window, pane: $('.pane-output') });

  const toast = createToast($('#toast'));

  // An embedded playground shows the code it was given; it must not overwrite the
  // visitor's own work (or history) in this origin's storage.
  const codeStorage = embed ? null : storage;
  const codeStore = createCodeStore(codeStorage);
  const restored = await restoreProgram({ location, stored: codeStore.read(), fallback: DEFAULT_PROGRAM });
  const { editor, runHistory } = composeEditor({
    restored, codeStorage, codeStore, layout, embed, location, history, output, toast, onRun: () => runs.run(),
  });
  const timeline = createRunTimeline({ root: $('#timeline'), snapshots, output, editor });
  const quiz = createQuiz({
    storage, embed, toggle: $('#vc-toggle'), banner: $('#vc-banner'), body: document.body, output, toast, editor,
  });
  const runs = createRuns({
    status, header, output, editor, snapshots, timeline, history: runHistory, quiz,
    revealOutput: layout.revealOutput, frame: (fn) => requestAnimationFrame(fn),
  });
  bindRunControls({ doc: document, runButton: $('#run'), resetButton: $('#reset'), header, runs });
  composeGallery({ editor, runs, output });

  onThemeChange((theme) => {
    editor.setDark(theme === 'dark');
    prefs.render();
  });
  onLangChange(() => {
    header.renderTexts();
    prefs.render();
    editor.setLabel(t('editor.label'));
    timeline.renderTexts();
    output.rerender();
    snapshots.renderMeta();
  });

  const completionSource = createCompletionSource(() => ({
    lists, variables: snapshots.current()?.variables ?? [], aliases: importAliases(editor.getCode()),
  }));
  await openPage({ header, status, prefs, quiz, output, editor, runs, restored, embed }, () => ({
    nonce: cspNonce(document), dark: resolvedTheme() === 'dark', wrap: layout.narrow.matches, label: t('editor.label'), completionSource,
  }));
  // The static site works offline after this visit (runner/offline.js); not before the
  // page is ready, so that the cache's downloads never compete with the first result.
  registerOffline();
}

// The header, the output panel and the engine, which boot.js may have started already
// (the embed layout uses it too); completion names are asked of it once it is ready.
function startEngine({ onLine }) {
  const header = createHeader({
    status: $('#status'), statusText: $('#status .status-text'), runButton: $('#run'),
    runLabel: $('#run .btn-label'), resetButton: $('#reset'), body: document.body,
  });
  const output = new Output({ root: $('#output'), meta: $('#run-meta'), onLine });
  const status = createEngineStatus({ header, output, booted: takeBooted(globalThis) });
  const lists = { ...STATIC_LISTS };
  status.engine.start().then(() => {
    performance.mark?.('stridelab:engine-ready');
    probeCompletions({
      engine: status.engine, lists, isBusy: () => status.state === 'running' || status.state === 'loading',
      onDone: () => { document.body.dataset.completions = 'engine'; },
    });
  }, () => {});
  return { header, output, status, lists };
}

// The editor with the program it opens with, its run history and storage, and the
// share links, which follow its edits.
function composeEditor({ restored, codeStorage, codeStore, layout, embed, location, history, output, toast, onRun }) {
  const runHistory = new RunHistory({ storage: codeStorage, persist: !embed });
  const updateOpenLink = createOpenLink({ anchor: $('#open-full'), location, embed });
  const editor = createEditorHost({
    parent: $('#editor'), doc: restored.code, wrap: layout.narrow.matches, label: t('editor.label'), body: document.body,
    events: {
      onRun,
      onChange(code, isEdit) {
        codeStore.save(code);
        updateOpenLink(code);
        if (isEdit) {
          runHistory.reset();
          links.edited();
        }
      },
      onHistory: (dir, current) => (dir < 0 ? runHistory.back(current) : runHistory.forward()),
    },
  });
  const links = createShareLinks({
    location, history, clipboard: navigator.clipboard, events: window, button: $('#share'),
    editor, output, toast, embed, fromLink: restored.fromLink,
  });
  layout.narrow.addEventListener('change', (e) => editor.setWrap(e.matches));
  updateOpenLink(restored.code);
  return { editor, runHistory };
}

function composeGallery({ editor, runs, output }) {
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
      if (autorun) runs.run({ skipQuiz: true });
      else output.showNote(() => t('gallery.loaded', { title: example.title?.[getLang()] ?? example.title?.en ?? '' }));
    },
  });
}

// The page's first state: every text in the current language, the note about the
// program it opened with, the focus in the editor; then CodeMirror takes over.
async function openPage({ header, status, prefs, quiz, output, editor, runs, restored, embed }, editorSettings) {
  applyTranslations(document);
  header.showState(status.state);
  header.showStopMode(false);
  prefs.render();
  quiz.render();
  if (restored.problem) output.showNote(() => t(linkErrorKey(restored.problem)), { tone: 'warn' });
  else if (restored.fromLink && !embed) output.showNote(() => t('share.loaded'));
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
  await runs.settled();
  await editor.upgrade(editorSettings());
  document.body.dataset.page = 'ready';
  performance.mark?.('stridelab:page-ready');
}

main();
