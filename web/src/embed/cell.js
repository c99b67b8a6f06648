// One cell: a documentation page's code block made runnable. It is drawn in a shadow
// root (the page's own styles never reach it) put just before the block, which is then
// hidden. The bar holds the session badge, the status, Reset (the whole page) and
// Run; then the editable code, the output, the comparison with the output the page
// printed (prompt blocks, ./prompts.js) and the memory inspector, collapsed, which the
// page's own modules draw (web/src/inspector/) once it is opened.
//
// The cell shows; it does not run anything itself: Run and Reset go to the page
// (./page.js), which answers with show*() calls.

import { lineDiff } from './prompts.js';
import { themeBehind } from './theme.js';

const MAX_SHOWN_CHARS = 100_000;

function node(tag, className, text) {
  const n = document.createElement(tag);
  if (className) n.className = className;
  if (text != null) n.textContent = text;
  return n;
}

function button(className, part) {
  const b = node('button', className);
  b.type = 'button';
  b.setAttribute('part', part);
  return b;
}

// The bar and the code: everything a cell shows before it runs.
function buildFrame(t, source, isolated) {
  const frame = node('div', 'frame');
  frame.setAttribute('part', 'frame');
  const bar = node('div', 'bar');
  const brand = node('span', 'brand', 'stridelab');
  const badge = node('span', isolated ? 'badge is-isolated' : 'badge', t(isolated ? 'isolated' : 'shared'));
  const status = node('span', 'status');
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  const reset = button('reset', 'reset');
  reset.textContent = t('reset');
  reset.title = t('resetTitle');
  const run = button('run', 'run');
  run.title = t(isolated ? 'runTitleIsolated' : 'runTitle');
  bar.append(brand, badge, status, reset, run);

  const code = node('textarea', 'code');
  code.spellcheck = false;
  code.autocapitalize = 'off';
  code.setAttribute('autocomplete', 'off');
  code.setAttribute('autocorrect', 'off');
  code.setAttribute('aria-label', t('code'));
  code.wrap = 'off';
  code.value = source;

  const out = node('div', 'out');
  out.setAttribute('role', 'log');
  out.setAttribute('aria-label', t('output'));
  out.dataset.state = 'idle';
  out.dataset.run = '0';
  out.hidden = true;
  const check = node('div', 'check');
  check.hidden = true;

  const details = node('details', 'inspect');
  details.hidden = true;
  const summary = node('summary', null);
  summary.append(node('span', 'inspect-title', t('inspector')), node('span', 'inspect-note', t('inspectorNote')));
  const inspectorRoot = node('div', 'inspector');
  details.append(summary, inspectorRoot);
  frame.append(bar, code, out, check, details);
  return { frame, status, reset, run, code, out, check, details, inspectorRoot };
}

export class Cell {
  /**
   * @param {{ index: number, container: Element, source: string, prompts: object|null,
   *           marks: { isolated: boolean, autorun: boolean }, t: Function, styleUrls: string[],
   *           onRun: (cell) => void, onReset: () => void, onInspect: (cell) => void }} options
   *   prompts: parsePrompts()'s answer for a `>>>` block (its examples are compared), or null.
   */
  constructor({ index, container, source, prompts, marks, t, styleUrls, onRun, onReset, onInspect }) {
    Object.assign(this, { index, container, source, prompts, t });
    this.isolated = marks.isolated;
    this.autorun = marks.autorun;
    this.ran = false;
    this.snapshot = null;
    this.previous = null;
    this.inspector = null;
    this.runs = 0;
    this.host = document.createElement('div');
    this.host.className = 'stridelab-cell';
    this.host.dataset.stridelabCell = String(index);
    const root = this.host.attachShadow({ mode: 'open' });
    this.ui = buildFrame(t, source, this.isolated);
    const links = styleUrls.map((href) => Object.assign(document.createElement('link'), { rel: 'stylesheet', href }));
    root.append(...links, this.ui.frame);
    this.#wire({ onRun, onReset, onInspect });
    this.setStopMode(false);
    this.setState('idle');
    this.#fitRows();
    // Shown once its stylesheet has loaded, in place of the block: never an unstyled flash.
    this.styled = Promise.all(links.map((l) => new Promise((resolve) => {
      l.addEventListener('load', resolve, { once: true });
      l.addEventListener('error', resolve, { once: true });
    })));
  }

  /** Puts the cell before its block; the block is hidden once the cell is drawn. */
  async mount() {
    this.host.style.setProperty('visibility', 'hidden');
    this.host.style.setProperty('position', 'absolute');
    this.container.before(this.host);
    await this.styled;
    this.host.style.removeProperty('visibility');
    this.host.style.removeProperty('position');
    this.container.style.setProperty('display', 'none', 'important');
    this.container.dataset.stridelabOriginal = String(this.index);
    this.applyTheme();
  }

  applyTheme() {
    this.host.dataset.theme = themeBehind(this.host.parentElement ?? this.container);
    this.ui.inspectorRoot.classList.toggle('sl-theme-dark', this.host.dataset.theme === 'dark');
    this.ui.inspectorRoot.classList.toggle('sl-theme-light', this.host.dataset.theme !== 'dark');
  }

  #wire({ onRun, onReset, onInspect }) {
    const { run, reset, code, details } = this.ui;
    run.addEventListener('click', () => (this.stopMode ? this.onStop?.() : onRun(this)));
    reset.addEventListener('click', () => onReset());
    code.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.shiftKey || event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        onRun(this);
      } else if (event.key === 'Tab' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey && !this.escaped) {
        // Indent with spaces, as Python wants; Escape then Tab leaves the field.
        event.preventDefault();
        code.setRangeText('    ', code.selectionStart, code.selectionEnd, 'end');
        this.#fitRows();
      } else {
        this.escaped = event.key === 'Escape';
      }
    });
    code.addEventListener('input', () => this.#fitRows());
    details.addEventListener('toggle', () => {
      if (details.open) onInspect(this);
    });
  }

  #fitRows() {
    const rows = Math.min(Math.max(this.ui.code.value.split('\n').length, 1), 30);
    this.ui.code.rows = rows;
    this.ui.code.style.height = `calc(${rows} * 1.5em + 20px)`;
  }

  get code() {
    return this.ui.code.value;
  }

  set code(value) {
    this.ui.code.value = String(value);
    this.#fitRows();
  }

  /** Whether the code is still the block's own (only then are prompt outputs compared). */
  get pristine() {
    return this.ui.code.value === this.source;
  }

  setState(state) {
    this.state = state;
    this.host.dataset.state = state;
    const key = state === 'error' ? 'failed' : state;
    this.ui.status.textContent = this.t(key);
    this.ui.status.dataset.state = state;
  }

  setStopMode(on) {
    this.stopMode = on;
    this.ui.run.classList.toggle('is-stop', on);
    this.ui.run.textContent = this.t(on ? 'stop' : 'run');
  }

  /**
   * Shows a run: { stdout, repr, error, line, ms } (a prompt block's examples joined),
   * `ranAbove` cells run first, and the comparison (check) for a prompt block.
   */
  showResult(result, { ranAbove = 0, check = null } = {}) {
    const nodes = [];
    if (result.stdout) nodes.push(...clipped(result.stdout, 'stdout'));
    if (result.repr != null && !result.error) nodes.push(...clipped(result.repr, 'repr'));
    if (result.error) nodes.push(errorBlock(result.error, result.line, this.t));
    if (!nodes.length) nodes.push(node('p', 'note', this.t('noOutput')));
    const meta = [];
    if (ranAbove) meta.push(this.t('ranAbove', { n: ranAbove }));
    if (typeof result.ms === 'number') meta.push(this.t('ms', { ms: Math.max(1, Math.round(result.ms)) }));
    this.#show(result.error ? 'error' : 'ok', nodes, meta.join(' · '));
    this.#showCheck(check);
    this.ran = true;
  }

  showNote(text, state = 'note') {
    this.#show(state, [node('p', 'note', text)], '');
    this.#showCheck(null);
  }

  /** Marks the cell as not run (a reset, a stopped engine); keeps `note` as its output, if any. */
  forget(note = null) {
    this.ran = false;
    this.snapshot = null;
    this.previous = null;
    this.ui.details.hidden = true;
    this.ui.details.open = false;
    this.inspector?.clear?.();
    if (note) this.showNote(note);
  }

  #show(state, nodes, meta) {
    const { out } = this.ui;
    this.runs += 1;
    out.replaceChildren(...nodes);
    if (meta) out.append(node('div', 'meta', meta));
    out.hidden = false;
    out.dataset.state = state;
    out.dataset.run = String(this.runs);
    this.host.dispatchEvent(new CustomEvent('stridelab:result', { bubbles: true, detail: { state, index: this.index } }));
  }

  // check: null | { edited: true } | { total, failures: [{ source, want, got }] }
  #showCheck(check) {
    const box = this.ui.check;
    box.replaceChildren();
    box.hidden = !check;
    if (!check) return;
    if (check.edited) {
      box.dataset.state = 'edited';
      box.append(node('p', 'check-title', this.t('edited')));
      return;
    }
    const ok = check.failures.length === 0;
    box.dataset.state = ok ? 'match' : 'diff';
    const title = ok ? this.t(check.total > 1 ? 'matchMany' : 'match', { n: check.total })
      : this.t('mismatch', { n: check.failures.length, total: check.total });
    box.append(node('p', 'check-title', `${ok ? '\u2713' : '\u2717'} ${title}`));
    for (const f of check.failures) box.append(diffBlock(f, this.t));
  }

  /** Keeps the session's snapshot after this cell (and the one before it, for the changes). */
  setSnapshot(snapshot, previous) {
    this.snapshot = snapshot ?? null;
    this.previous = previous ?? null;
    this.ui.details.hidden = !this.snapshot;
    if (this.ui.details.open) this.drawInspector();
  }

  drawInspector() {
    if (!this.inspector || !this.snapshot) return;
    try {
      this.inspector.update(this.snapshot, this.previous);
    } catch (err) {
      console.warn('[stridelab] inspector.update failed:', err);
    }
  }

  inspectorFailed() {
    this.ui.inspectorRoot.replaceChildren(node('p', 'note', this.t('inspectorFailed')));
  }
}

function clipped(text, className) {
  if (text.length <= MAX_SHOWN_CHARS) return [node('pre', className, text)];
  return [node('pre', className, text.slice(0, MAX_SHOWN_CHARS)), node('p', 'note', `… ${text.length - MAX_SHOWN_CHARS} more characters`)];
}

function errorBlock(message, line, t) {
  const block = node('div', 'error');
  block.setAttribute('role', 'alert');
  block.append(node('pre', 'error-message', message));
  if (line != null) block.append(node('span', 'error-line', t('line', { line })));
  return block;
}

// One example whose output differs: its first source line, then the line diff.
function diffBlock({ source, want, got }, t) {
  const block = node('div', 'diff');
  block.append(node('pre', 'diff-source', `>>> ${source.split('\n')[0]}`));
  const legend = node('p', 'diff-legend');
  legend.append(node('span', 'del', `- ${t('onPage')}`), node('span', 'add', `+ ${t('ran')}`));
  block.append(legend);
  const pre = node('pre', 'diff-lines');
  for (const { op, text } of lineDiff(want, got)) {
    pre.append(node('span', op === '-' ? 'del' : op === '+' ? 'add' : 'same', `${op} ${text}\n`));
  }
  block.append(pre);
  return block;
}
