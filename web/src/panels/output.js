// Output panel rendering. Every string that comes from the engine (or from the
// user's program) is inserted as a text node, never parsed as HTML.

import { t } from '../i18n/i18n.js';

// Past this, the rest of stdout is summarised: a runaway print loop must not freeze
// the page with millions of text lines.
const MAX_SHOWN_CHARS = 200_000;

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

// "ZeroDivisionError: division by zero" -> ["ZeroDivisionError", ": division by zero"]
function splitException(message) {
  const m = /^([A-Za-z_][\w.]*)(:[\s\S]*)?$/.exec(message);
  return m ? [m[1], m[2] ?? ''] : [null, message];
}

function errorBlock({ title, message, line, traceback, onLine }) {
  const block = el('div', 'out-error');
  block.setAttribute('role', 'alert');

  const head = el('div', 'out-error-head');
  if (title) head.append(el('span', 'out-error-kind', title));
  const text = el('pre', 'out-error-message');
  const [name, rest] = splitException(message);
  if (name) text.append(el('strong', 'exc-name', name), document.createTextNode(rest));
  else text.textContent = message;
  head.append(text);

  if (line != null) {
    const button = el('button', 'out-line', t('output.line', { line }));
    button.type = 'button';
    button.dataset.line = String(line);
    button.title = t('output.goToLine', { line });
    button.addEventListener('click', () => onLine?.(line));
    head.append(button);
  }
  block.append(head);

  // The last line of a Python traceback repeats the message; show it only when it
  // adds something (the frames).
  const tb = traceback?.replace(/\s+$/, '');
  if (tb && tb !== message) {
    const details = el('details', 'out-traceback');
    details.append(el('summary', null, t('output.traceback')), el('pre', null, tb));
    block.append(details);
  }
  return block;
}

function clipped(text, className) {
  if (text.length <= MAX_SHOWN_CHARS) return [el('pre', className, text)];
  const rest = text.length - MAX_SHOWN_CHARS;
  return [
    el('pre', className, text.slice(0, MAX_SHOWN_CHARS)),
    el('p', 'out-note out-clipped', t('output.clipped', { count: rest.toLocaleString() })),
  ];
}

const text = (m) => (typeof m === 'function' ? m() : m);

export function formatMs(ms) {
  if (ms < 1) return t('output.lessThan1ms');
  if (ms < 1000) return t('output.ms', { ms: Math.round(ms) });
  return t('output.s', { s: (ms / 1000).toFixed(2) });
}

export class Output {
  /** @param {{ root: Element, meta: Element, onLine?: (line: number) => void }} options */
  constructor({ root, meta, onLine }) {
    this.root = root;
    this.meta = meta;
    this.onLine = onLine;
    this.runs = 0;
    // What is shown, as data, so a language change can build it again in place.
    this.last = null;
    this.rendering = false;
    this.stepping = false;
  }

  // `prelude` (optional) is a function returning nodes shown above the content: the
  // view-or-copy verdict above the program's output.
  #finish(state, metaText, prelude, ...nodes) {
    if (!this.rendering && !this.stepping) this.runs += 1;
    this.root.replaceChildren(...(prelude ? prelude() : []), ...nodes);
    this.root.dataset.state = state;
    this.root.classList.remove('is-stale');
    if (!this.rendering && !this.stepping) this.root.scrollTop = 0;
    this.root.dataset.run = String(this.runs);
    this.meta.textContent = metaText;
  }

  /** Builds what is shown again (after a language change), without counting a run. */
  rerender() {
    const last = this.last;
    if (!last) return;
    this.rendering = true;
    try {
      if (last.kind === 'intro') this.showIntro();
      else if (last.kind === 'result') this.showResult(last.r, { prelude: last.prelude });
      else if (last.kind === 'failure') this.showEngineFailure(last.title, last.message, last.note);
      else if (last.kind === 'note') this.showNote(last.message, { tone: last.tone });
      else if (last.kind === 'custom') this.showNodes(last.state, last.build);
    } finally {
      this.rendering = false;
    }
  }

  showIntro() {
    this.last = { kind: 'intro' };
    const intro = el('div', 'out-intro');
    const p1 = el('p');
    // "Press {shift}+{enter} or {run} to execute the program." with the keys as <kbd>.
    for (const part of t('output.intro1').split(/(\{shift\}|\{enter\}|\{run\})/)) {
      if (part === '{shift}') p1.append(el('kbd', null, 'Shift'));
      else if (part === '{enter}') p1.append(el('kbd', null, 'Enter'));
      else if (part === '{run}') p1.append(el('strong', null, t('toolbar.run')));
      else if (part) p1.append(part);
    }
    intro.append(p1, el('p', null, t('output.intro2')), el('p', null, t('output.intro3')));
    this.root.replaceChildren(intro);
    this.root.dataset.state = 'idle';
    this.root.classList.remove('is-stale');
    this.meta.textContent = '';
  }

  /** Keeps the previous output visible, dimmed, while a run is in progress. */
  showRunning() {
    this.root.classList.add('is-stale');
    this.root.dataset.state = 'running';
    this.meta.textContent = t('status.running');
  }

  /**
   * @param {{ stdout: string, error: string|null, traceback: string|null, line: number|null,
   *           repr?: string|null, exitCode?: number|null, ms?: number }} r
   * @param {{ prelude?: () => Node[] }} [options]
   */
  showResult(r, { prelude = null, step = false } = {}) {
    // step: the timeline shows the same run as of one of its steps (not a new run).
    if (step) {
      this.stepping = true;
      try {
        return this.showResult(r, { prelude });
      } finally {
        this.stepping = false;
      }
    }
    this.last = { kind: 'result', r, prelude };
    const nodes = [];
    if (r.stdout) nodes.push(...clipped(r.stdout, 'out-stdout'));
    // The REPL echo of a trailing expression comes after what the program printed.
    if (r.repr != null && !r.error) nodes.push(...clipped(r.repr, 'out-repr'));
    if (r.error) {
      nodes.push(errorBlock({ message: r.error, line: r.line, traceback: r.traceback, onLine: this.onLine }));
    } else if (Number.isInteger(r.exitCode)) {
      // sys.exit()/exit(): the program ended; the session and its variables live on.
      nodes.push(el('p', 'out-note', t('output.exited', { code: r.exitCode })));
    } else if (!r.stdout && r.repr == null) {
      nodes.push(el('p', 'out-note', t('output.noOutput')));
    }
    const time = typeof r.ms === 'number' ? formatMs(r.ms) : '';
    const meta = r.error ? `${t('output.errorMeta')}${time ? ` \u00b7 ${time}` : ''}` : time;
    this.#finish(r.error ? 'error' : 'ok', meta, prelude, ...nodes);
  }

  /** The engine itself failed (not a Python error). Texts may be functions (re-translated). */
  showEngineFailure(title, message, note) {
    this.last = { kind: 'failure', title, message, note };
    const nodes = [errorBlock({ title: text(title), message: text(message) })];
    if (note) nodes.push(el('p', 'out-note', text(note)));
    this.#finish('engine-error', t('output.engineErrorMeta'), null, ...nodes);
  }

  /** A one-line note in place of a result; `message` may be a function (re-translated). */
  showNote(message, { tone = 'info' } = {}) {
    this.last = { kind: 'note', message, tone };
    this.#finish('note', '', null, el('p', `out-note out-note-${tone}`, text(message)));
  }

  /** Custom content (the view-or-copy question): `build` returns the nodes. */
  showNodes(state, build) {
    this.last = { kind: 'custom', state, build };
    this.#finish(state, '', null, ...build());
  }
}
