// The memory debugger's timeline: every Run is recorded by the engine statement by
// statement (run(code, { trace }), core/api/trace.hpp), and this strip under the
// editor moves through the recording -- a slider, step buttons, and the keyboard
// (Left/Right, Home/End while the timeline has focus). Each step hands the page its
// snapshot, the previous step's (so the inspector marks what that statement changed),
// the statement's lines and what had been printed by then; the page shows them
// (run-timeline.js). Steps where an array's bytes changed through another name (a write
// through a view) are marked on the slider and named in the label, and so are the steps
// that changed what autograd graphs keep (step.graph, core/api/trace.hpp): a backward()
// freeing saved tensors, an in-place write into a tensor a graph saved (the later
// backward() refuses it). All text is built from t() strings and engine data as text nodes.

import { t } from '../i18n/i18n.js';
import { el } from './output.js';

/** Steps whose statement changed some array's bytes through another name. */
export function throughOtherChanges(step) {
  return (step?.changed ?? []).filter((c) => c.throughOther).map((c) => c.name);
}

/** What a step did to the memory autograd graphs keep: bytes freed, saved tensors written in place. */
export function graphEvents(step) {
  const g = step?.graph;
  return { freed: g?.freedBytes ?? 0, bumped: Array.isArray(g?.bumped) ? g.bumped : [] };
}

/** The marks a step gets on the slider: 'through' (bytes changed through another name), 'freed', 'bumped'. */
export function stepMarks(step) {
  const { freed, bumped } = graphEvents(step);
  return [throughOtherChanges(step).length ? 'through' : null, freed > 0 ? 'freed' : null, bumped.length ? 'bumped' : null]
    .filter(Boolean);
}

// 8000000 -> "8 MB" (the inspector's decimal units)
function bytesText(n) {
  const units = ['B', 'kB', 'MB', 'GB'];
  let v = n;
  let u = 0;
  while (v >= 1000 && u < units.length - 1) { v /= 1000; u += 1; }
  return `${u ? v.toFixed(v < 10 ? 2 : v < 100 ? 1 : 0).replace(/\.?0+$/, '') : v} ${units[u]}`;
}

export class Timeline {
  /**
   * @param {{ root: Element, onStep: (step: object, index: number, previous: object|null) => void }} options
   *   onStep: called with the step shown (and the step before it, or null for the first).
   */
  constructor({ root, onStep }) {
    this.root = root;
    this.onStep = onStep;
    this.trace = null;
    this.index = -1;
    this.#build();
  }

  // `path`: the icon, drawn in a 16 x 16 box (fonts may lack the media-control glyphs).
  #button(cls, key, path, action) {
    const b = el('button', `btn btn-icon timeline-btn ${cls}`);
    b.type = 'button';
    b.dataset.i18nKey = key;
    const NS = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(NS, 'svg');
    svg.setAttribute('viewBox', '0 0 16 16');
    svg.setAttribute('width', '14');
    svg.setAttribute('height', '14');
    svg.setAttribute('aria-hidden', 'true');
    svg.classList.add('icon', 'timeline-icon');
    const shape = document.createElementNS(NS, 'path');
    shape.setAttribute('d', path);
    svg.append(shape);
    b.append(svg);
    b.addEventListener('click', () => action());
    return b;
  }

  #build() {
    this.first = this.#button('timeline-first', 'timeline.first', 'M3 3h2v10H3zM13 3v10L6 8z', () => this.go(0));
    this.prev = this.#button('timeline-prev', 'timeline.prev', 'M11 3v10L4 8z', () => this.go(this.index - 1));
    this.next = this.#button('timeline-next', 'timeline.next', 'M5 3v10l7-5z', () => this.go(this.index + 1));
    this.last = this.#button('timeline-last', 'timeline.last', 'M11 3h2v10h-2zM3 3v10l7-5z', () => this.go(this.count() - 1));
    this.range = el('input', 'timeline-range');
    this.range.type = 'range';
    this.range.min = '0';
    this.range.step = '1';
    this.range.addEventListener('input', () => this.go(Number(this.range.value)));
    this.marks = el('div', 'timeline-marks');
    this.marks.setAttribute('aria-hidden', 'true');
    const track = el('div', 'timeline-track');
    track.append(this.marks, this.range);
    this.label = el('div', 'timeline-label');
    this.label.setAttribute('aria-live', 'polite');
    this.notice = el('div', 'timeline-notice');
    this.notice.hidden = true;
    const controls = el('div', 'timeline-controls');
    controls.append(this.first, this.prev, track, this.next, this.last);
    this.root.replaceChildren(controls, this.label, this.notice);
    // Left/Right and Home/End anywhere in the timeline (the slider has them natively).
    this.root.addEventListener('keydown', (event) => {
      if (event.target === this.range || event.altKey || event.ctrlKey || event.metaKey) return;
      const to = { ArrowLeft: this.index - 1, ArrowRight: this.index + 1, Home: 0, End: this.count() - 1 }[event.key];
      if (to == null) return;
      event.preventDefault();
      this.go(to);
    });
    this.root.hidden = true;
    this.renderTexts();
  }

  count() {
    return this.trace?.steps?.length ?? 0;
  }

  /** A run's recording (result.trace); shows its last step, the program's final state. */
  load(trace) {
    this.trace = trace?.steps?.length ? trace : null;
    this.root.hidden = !this.trace;
    this.root.dataset.steps = String(this.count());
    if (!this.trace) {
      this.index = -1;
      return;
    }
    this.range.max = String(this.count() - 1);
    this.marks.replaceChildren(...this.trace.steps.flatMap((step, i) => stepMarks(step).map((kind) => {
      const mark = el('span', `timeline-mark is-${kind}`);
      mark.dataset.step = String(i);
      mark.dataset.kind = kind;
      mark.style.left = `${this.count() > 1 ? (100 * i) / (this.count() - 1) : 0}%`;
      return mark;
    })));
    const marked = (kind) => this.trace.steps.map((s, i) => (stepMarks(s).includes(kind) ? i : null)).filter((i) => i != null).join(' ');
    this.root.dataset.marked = marked('through');
    this.root.dataset.freed = marked('freed');
    this.root.dataset.bumped = marked('bumped');
    this.index = -1;
    this.go(this.count() - 1, { silent: true });
  }

  clear() {
    this.load(null);
  }

  /** Shows step `i` (clamped). */
  go(i, { silent = false } = {}) {
    if (!this.trace) return;
    const to = Math.max(0, Math.min(this.count() - 1, Math.trunc(i)));
    if (to === this.index) return;
    this.index = to;
    this.range.value = String(to);
    this.root.dataset.step = String(to);
    this.renderTexts();
    if (!silent) this.onStep(this.trace.steps[to], to, to > 0 ? this.trace.steps[to - 1] : null);
  }

  /** Labels in the current language (also after a language change). */
  renderTexts() {
    for (const b of [this.first, this.prev, this.next, this.last]) {
      const text = t(b.dataset.i18nKey);
      b.title = text;
      b.setAttribute('aria-label', text);
    }
    this.range.setAttribute('aria-label', t('timeline.slider'));
    if (!this.trace) return;
    const n = this.count();
    const step = this.trace.steps[this.index];
    this.first.disabled = this.prev.disabled = this.index <= 0;
    this.next.disabled = this.last.disabled = this.index >= n - 1;
    const where = step.line === step.endLine ? t('timeline.line', { line: step.line }) : t('timeline.lines', { from: step.line, to: step.endLine });
    this.range.setAttribute('aria-valuetext', `${t('timeline.step', { i: this.index + 1, n })}, ${where}`);
    const parts = [el('span', 'timeline-pos', t('timeline.step', { i: this.index + 1, n })), el('span', 'timeline-where', where)];
    const through = throughOtherChanges(step);
    if (through.length) {
      const other = (step.names ?? []).join(', ');
      parts.push(el('span', 'timeline-through', t('timeline.through', { names: through.join(', '), by: other || '?' })));
    }
    const { freed, bumped } = graphEvents(step);
    if (freed > 0) parts.push(el('span', 'timeline-freed', t('timeline.freed', { bytes: bytesText(freed) })));
    for (const b of bumped) {
      parts.push(el('span', 'timeline-bumped', t('timeline.bumped', { node: b.node, slot: b.slot, from: b.savedVersion, to: b.version })));
    }
    this.label.replaceChildren(...parts);
    const { skipped = 0, maxSteps = 0 } = this.trace;
    this.notice.hidden = !skipped;
    if (skipped) this.notice.textContent = t('timeline.skipped', { n: skipped.toLocaleString(), max: maxSteps });
  }
}
