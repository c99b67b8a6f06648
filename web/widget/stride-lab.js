// <stride-lab>: a runnable stridelab snippet for documentation pages.
//
//   <script type="module" src="/widget/stride-lab.js"></script>
//   <stride-lab autorun height="320px">
//   import numpy as np
//   a = np.arange(6)
//   print(a[::2].strides)
//   </stride-lab>
//
// The code is the element's text (write `<` as `&lt;`, or put the code in a <template>
// child, which the HTML parser leaves alone). Attributes:
//   autorun   run as soon as the element scrolls into view
//   height    a CSS height for the whole element (e.g. "320px"); default: fits the code
//   lang      "en" or "zh" for the element's labels (default: the page's <html lang>)
// Each element runs its code in a worker of its own (web/src/runner/worker.js, the same
// engine as the playground) and loads it lazily: on first view for autorun
// elements, on hover/focus/click otherwise. Everything the program prints is shown
// as text. No inline scripts or styles are used, so the element works under a strict
// Content-Security-Policy (styles come from stride-lab.css next to this file; the
// worker and engine must be served from the same origin as this file).

import { Engine } from '../src/runner/engine.js';
import { encodeCode } from '../src/share/link.js';

const WORKER_URL = new URL('../src/runner/worker.js', import.meta.url).href;
const STYLE_URL = new URL('./stride-lab.css', import.meta.url).href;
const PLAYGROUND_URL = new URL('../', import.meta.url).href;
const STOP_AFTER_MS = 700;
const MAX_SHOWN_CHARS = 100_000;

const STRINGS = {
  en: {
    run: 'Run', stop: 'Stop', open: 'Open in stridelab', idle: 'Python · NumPy · PyTorch', loading: 'loading engine…',
    running: 'running…', ready: 'ready', noOutput: 'Ran without output.', stopped: 'Stopped: the session was restarted; variables were cleared.',
    failed: 'The engine could not be loaded.', line: 'line {line}', code: 'Python code (editable)', output: 'Output',
    runTitle: 'Run this code (Shift+Enter in the code)', ms: '{ms} ms',
  },
  zh: {
    run: '运行', stop: '停止', open: '在 stridelab 中打开', idle: 'Python · NumPy · PyTorch', loading: '正在加载引擎…',
    running: '运行中…', ready: '就绪', noOutput: '运行完成,没有输出。', stopped: '已停止:会话已重启,变量已清除。',
    failed: '无法加载引擎。', line: '第 {line} 行', code: 'Python 代码(可编辑)', output: '输出',
    runTitle: '运行这段代码(在代码中按 Shift+Enter)', ms: '{ms} 毫秒',
  },
};

function dedent(text) {
  const lines = String(text).replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
  while (lines.length && !lines[0].trim()) lines.shift();
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  const indents = lines.filter((l) => l.trim()).map((l) => l.match(/^ */)[0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut)).join('\n');
}

function node(tag, className, text) {
  const n = document.createElement(tag);
  if (className) n.className = className;
  if (text != null) n.textContent = text;
  return n;
}

let counter = 0;

export class StrideLabElement extends HTMLElement {
  static get observedAttributes() { return ['height', 'lang']; }

  #built = false;
  #engine = null;
  #state = 'idle';
  #observer = null;
  #stopTimer = 0;
  #stopMode = false;
  #ui = null;
  #linkTimer = 0;

  connectedCallback() {
    if (!this.#built) {
      // Defined before the parser reached our children: wait for them.
      if (document.readyState === 'loading' && !this.textContent.trim()) {
        document.addEventListener('DOMContentLoaded', () => this.connectedCallback(), { once: true });
        return;
      }
      this.#build();
    }
    if (this.hasAttribute('autorun') && !this.#ui.ranOnce) this.#observe();
  }

  disconnectedCallback() {
    this.#observer?.disconnect();
    this.#observer = null;
    // Removed from the page: free the worker (a re-insert starts a fresh one).
    this.#engine?.terminate();
    this.#engine = null;
    this.#setState('idle');
  }

  attributeChangedCallback(name) {
    if (!this.#built) return;
    if (name === 'height') {
      this.#applyHeight();
      this.#fitRows();
    }
    if (name === 'lang') this.#applyLabels();
  }

  /** The code currently in the element's editor. */
  get code() {
    return this.#ui ? this.#ui.code.value : this.#sourceText();
  }

  set code(value) {
    if (this.#ui) {
      this.#ui.code.value = String(value);
      this.#fitRows();
      this.#scheduleLink();
    } else {
      this.textContent = String(value);
    }
  }

  /** Runs the code (loading the engine first if needed); resolves when the output is shown. */
  run() {
    return this.#run();
  }

  #t(key, vars) {
    const lang = (this.getAttribute('lang') || document.documentElement.lang || navigator.language || 'en').toLowerCase();
    const dict = lang.startsWith('zh') ? STRINGS.zh : STRINGS.en;
    const text = dict[key] ?? STRINGS.en[key] ?? key;
    return vars ? text.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m)) : text;
  }

  #sourceText() {
    const holder = this.querySelector(':scope > template, :scope > script[type^="text/"]');
    if (holder instanceof HTMLTemplateElement) return dedent(holder.content.textContent ?? '');
    if (holder) return dedent(holder.textContent ?? '');
    return dedent(this.textContent ?? '');
  }

  #build() {
    this.#built = true;
    const id = `stride-lab-${(counter += 1)}`;
    const root = this.attachShadow({ mode: 'open' });
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = STYLE_URL;

    const frame = node('div', 'frame');
    frame.setAttribute('part', 'frame');
    const bar = node('div', 'bar');
    const brand = node('span', 'brand', 'stridelab');
    const status = node('span', 'status');
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');
    const open = node('a', 'open');
    open.target = '_blank';
    open.rel = 'noopener noreferrer';
    open.href = PLAYGROUND_URL;
    const runButton = node('button', 'run');
    runButton.type = 'button';
    runButton.setAttribute('part', 'run');
    const runLabel = node('span', 'run-label');
    runButton.append(runLabel);
    bar.append(brand, status, open, runButton);

    const code = node('textarea', 'code');
    code.id = `${id}-code`;
    code.spellcheck = false;
    code.autocapitalize = 'off';
    code.setAttribute('autocomplete', 'off');
    code.setAttribute('autocorrect', 'off');
    code.wrap = 'off';
    code.value = this.#sourceText();

    const out = node('div', 'out');
    out.setAttribute('role', 'log');
    out.setAttribute('aria-live', 'polite');
    out.tabIndex = 0;
    out.dataset.state = 'idle';
    out.dataset.run = '0';

    frame.append(bar, code, out);
    root.append(link, frame);
    this.#ui = { frame, status, open, runButton, runLabel, code, out, runs: 0, ranOnce: false };

    runButton.addEventListener('click', () => (this.#stopMode ? this.#stop() : this.#run()));
    code.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.shiftKey || event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        this.#run();
      } else if (event.key === 'Tab' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
        // Indent with spaces, as Python code wants; Escape then Tab leaves the field.
        if (this.#ui.escaped) return;
        event.preventDefault();
        code.setRangeText('    ', code.selectionStart, code.selectionEnd, 'end');
        this.#fitRows();
      } else if (event.key === 'Escape') {
        this.#ui.escaped = true;
      }
    });
    code.addEventListener('keyup', (event) => { if (event.key !== 'Escape' && event.key !== 'Tab') this.#ui.escaped = false; });
    code.addEventListener('input', () => {
      this.#fitRows();
      this.#scheduleLink();
    });
    // Warm the engine up when the reader shows interest.
    const prewarm = () => this.#ensureEngine();
    frame.addEventListener('pointerenter', prewarm, { once: true });
    frame.addEventListener('focusin', prewarm, { once: true });

    this.#applyHeight();
    this.#applyLabels();
    this.#fitRows();
    this.#scheduleLink(0);
    this.#setState('idle');
  }

  #applyLabels() {
    const ui = this.#ui;
    ui.open.textContent = `${this.#t('open')} \u2197`;
    ui.code.setAttribute('aria-label', this.#t('code'));
    ui.out.setAttribute('aria-label', this.#t('output'));
    ui.runButton.title = this.#t('runTitle');
    this.#setStopMode(this.#stopMode);
    this.#setState(this.#state);
  }

  #applyHeight() {
    const h = this.getAttribute('height');
    // CSSOM, not a style attribute: allowed under a strict CSP.
    if (h && /^\d+(\.\d+)?(px|em|rem|vh|%)?$/.test(h.trim())) {
      this.style.height = /\d$/.test(h.trim()) ? `${h.trim()}px` : h.trim();
      this.#ui.frame.classList.add('fixed');
    } else {
      this.style.removeProperty('height');
      this.#ui.frame.classList.remove('fixed');
    }
  }

  #fitRows() {
    const lines = this.#ui.code.value.split('\n').length;
    const rows = Math.min(Math.max(lines, 2), 24);
    this.#ui.code.rows = rows;
    // Chromium adds a row's worth of room for the horizontal scrollbar of a wrap="off"
    // textarea; size it exactly instead (CSSOM, allowed under a strict CSP).
    if (!this.#ui.frame.classList.contains('fixed')) this.#ui.code.style.height = `calc(${rows} * 1.6em + 21px)`;
    else this.#ui.code.style.removeProperty('height');
  }

  #scheduleLink(delay = 300) {
    clearTimeout(this.#linkTimer);
    this.#linkTimer = setTimeout(async () => {
      try {
        this.#ui.open.href = `${PLAYGROUND_URL}#${await encodeCode(this.#ui.code.value)}`;
      } catch { /* keep the plain link */ }
    }, delay);
  }

  #observe() {
    if (this.#observer) return;
    if (typeof IntersectionObserver !== 'function') {
      this.#run();
      return;
    }
    this.#observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      this.#observer.disconnect();
      this.#observer = null;
      this.#run();
    }, { rootMargin: '200px 0px' });
    this.#observer.observe(this);
  }

  #setState(state) {
    this.#state = state;
    this.dataset.state = state;
    if (!this.#ui) return;
    const text = state === 'idle' ? this.#t('idle') : state === 'error' ? this.#t('failed') : this.#t(state);
    this.#ui.status.textContent = text;
    this.#ui.status.dataset.state = state;
  }

  #setStopMode(on) {
    this.#stopMode = on;
    this.#ui.runButton.classList.toggle('is-stop', on);
    this.#ui.runLabel.textContent = this.#t(on ? 'stop' : 'run');
  }

  #ensureEngine() {
    if (this.#engine) return this.#engine.ready;
    this.#engine = new Engine({
      workerUrl: WORKER_URL,
      onState: (s) => {
        if (this.#state === 'running' && s === 'ready') return;
        if (s === 'loading' || s === 'ready' || s === 'error') this.#setState(s);
      },
    });
    return this.#engine.start();
  }

  async #run() {
    if (this.#state === 'running') return;
    const ui = this.#ui;
    ui.ranOnce = true;
    this.#observer?.disconnect();
    this.#observer = null;
    const code = ui.code.value;
    this.#setState('loading');
    ui.out.classList.add('is-stale');
    try {
      await this.#ensureEngine();
    } catch (err) {
      this.#engine?.terminate();
      this.#engine = null;
      this.#setState('error');
      this.#show('error', [this.#errorBlock(`${err?.name ?? 'Error'}: ${err?.message ?? err}`, null)]);
      return;
    }
    this.#setState('running');
    this.#stopTimer = setTimeout(() => this.#setStopMode(true), STOP_AFTER_MS);
    try {
      const r = await this.#engine.run(code, { snapshot: false });
      this.#setState('ready');
      const nodes = [];
      if (r.stdout) nodes.push(...this.#clipped(r.stdout, 'stdout'));
      if (r.repr != null && !r.error) nodes.push(...this.#clipped(r.repr, 'repr'));
      if (r.error) nodes.push(this.#errorBlock(r.error, r.line));
      if (!nodes.length) nodes.push(node('p', 'note', this.#t('noOutput')));
      this.#show(r.error ? 'error' : 'ok', nodes, typeof r.ms === 'number' ? this.#t('ms', { ms: Math.max(1, Math.round(r.ms)) }) : '');
    } catch (err) {
      this.#engine?.terminate();
      this.#engine = null;
      if (err?.name === 'Restarted') {
        this.#setState('idle');
        this.#show('note', [node('p', 'note', this.#t('stopped'))]);
      } else {
        this.#setState('error');
        this.#show('error', [this.#errorBlock(`${err?.name ?? 'Error'}: ${err?.message ?? err}`, null)]);
      }
    } finally {
      clearTimeout(this.#stopTimer);
      this.#setStopMode(false);
    }
  }

  #stop() {
    // The engine cannot be interrupted from outside: end its worker. The pending run
    // rejects with 'Restarted'; the next run starts a fresh worker.
    this.#engine?.terminate();
  }

  #clipped(text, className) {
    if (text.length <= MAX_SHOWN_CHARS) return [node('pre', className, text)];
    return [node('pre', className, text.slice(0, MAX_SHOWN_CHARS)), node('p', 'note', `… ${text.length - MAX_SHOWN_CHARS} more characters`)];
  }

  #errorBlock(message, line) {
    const block = node('div', 'error');
    block.setAttribute('role', 'alert');
    block.append(node('pre', 'error-message', message));
    if (line != null) block.append(node('span', 'error-line', this.#t('line', { line })));
    return block;
  }

  #show(state, nodes, meta = '') {
    const ui = this.#ui;
    ui.runs += 1;
    ui.out.replaceChildren(...nodes);
    if (meta) ui.out.append(node('div', 'meta', meta));
    ui.out.dataset.state = state;
    ui.out.dataset.run = String(ui.runs);
    ui.out.classList.remove('is-stale');
    this.dispatchEvent(new CustomEvent('stride-lab:result', { detail: { state } }));
  }
}

if (!customElements.get('stride-lab')) customElements.define('stride-lab', StrideLabElement);
