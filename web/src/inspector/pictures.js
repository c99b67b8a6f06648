// Layout pictures of the selected array, from the snapshot alone:
//
//  - records (structured dtypes): one lane per field across the record's bytes, the
//    padding bytes no field covers hatched (the engine lists fields and padding);
//  - text ('U' / 'S'): each element as its characters, one cell per code point (4
//    bytes, UCS-4) or per byte, the zero padding of short strings marked (the engine
//    lists the code units of the first elements);
//  - the stride walk: a play / step control that visits the elements in logical (C)
//    order and lights each one on two tracks, the logical order and the address
//    order, so a transpose jumps, a negative stride walks backwards and a zero stride
//    (broadcasting) comes back to the same bytes. Element addresses are the snapshot's
//    offset + Σ index × stride (layout.js); no layout rule is decided here.
//
// Everything is HTML with text nodes; geometry (lane positions) goes through the
// CSSOM. The walk's timer is owned by a Walk object that the panel stops on re-render.

import { el, formatInt, formatIndex, signed } from './dom.js';
import { isArrayVar } from './model.js';
import { layoutOf } from './layout.js';

export const WALK_CAP = 48;
const TEXT_ROWS = 12;
const STEP_MS = 650;

/** Fields flattened (nested records as `outer.inner`, offsets from the record start). */
export function flatFields(fields, at = 0, prefix = '') {
  const out = [];
  for (const f of fields ?? []) {
    const name = prefix ? `${prefix}.${f.name}` : f.name;
    if (Array.isArray(f.fields) && f.fields.length) out.push(...flatFields(f.fields, at + f.offset, name));
    else out.push({ ...f, name, offset: at + f.offset });
  }
  return out;
}

/** Which field (or padding) byte k of a record belongs to: { field, index } | { pad: true } | null. */
export function fieldAt(v, k) {
  if (!Array.isArray(v?.fields)) return null;
  const flat = flatFields(v.fields);
  for (let i = 0; i < flat.length; i += 1) {
    const f = flat[i];
    if (k >= f.offset && k < f.offset + f.itemsize) return { field: f, index: i };
  }
  return { pad: true };
}

function pct(x, total) {
  return `${(100 * x) / Math.max(1, total)}%`;
}

// ---- records -------------------------------------------------------------------------

function renderRecord(v, t) {
  const isz = v.itemsize;
  const flat = flatFields(v.fields);
  const padding = Array.isArray(v.padding) ? v.padding : [];
  const padBytes = padding.reduce((s, [a, b]) => s + (b - a), 0);
  const sec = el('section', { class: 'sl-pic sl-pic-record', dataset: { itemsize: isz } });
  sec.append(el('h4', 'sl-pic-title', t('inspector.record.title')));
  sec.append(el('p', 'sl-pic-caption', t('inspector.record.caption', {
    bytes: isz, n: flat.length, pad: padBytes,
  })));

  // One row of byte cells (a record's bytes), coloured by field, padding hatched.
  if (isz > 0 && isz <= 64) {
    const bytes = el('div', { class: 'sl-rec-bytes', role: 'img', 'aria-label': t('inspector.record.bytesLabel', { bytes: isz }) });
    for (let k = 0; k < isz; k += 1) {
      const at = fieldAt(v, k);
      const cell = el('span', {
        class: `sl-rec-byte ${at?.pad ? 'is-pad' : `f${at.index % 8}`}`,
        dataset: { byte: k, ...(at?.pad ? { pad: '1' } : { field: at.field.name }) },
        title: at?.pad ? t('inspector.record.padByte', { k }) : t('inspector.record.fieldByte', { k, field: at.field.name, i: k - at.field.offset }),
      }, at?.pad ? '' : String(k));
      bytes.append(cell);
    }
    sec.append(bytes);
  }

  const lanes = el('div', 'sl-rec-lanes');
  const lane = (cls, label, meta, segments, data) => {
    const track = el('div', 'sl-rec-track');
    track.style.setProperty('--sl-bytes', String(Math.max(1, isz)));
    for (const [a, b] of segments) {
      const seg = el('span', `sl-rec-seg ${cls}`);
      seg.style.left = pct(a, isz);
      seg.style.width = pct(b - a, isz);
      track.append(seg);
    }
    const row = el('div', { class: `sl-rec-lane ${cls}`, dataset: data },
      el('span', 'sl-rec-name', label), el('span', 'sl-rec-meta', meta), track);
    lanes.append(row);
  };
  flat.forEach((f, i) => {
    const shape = Array.isArray(f.subShape) ? ` × ${f.subShape.join('×')}` : '';
    lane(`f${i % 8}`, f.name, t(f.itemsize === 1 ? 'inspector.record.fieldMeta1' : 'inspector.record.fieldMeta', {
      dtype: f.dtype, lo: f.offset, hi: f.offset + f.itemsize - 1, n: f.itemsize,
    }) + shape, [[f.offset, f.offset + f.itemsize]], { field: f.name, offset: f.offset, size: f.itemsize });
  });
  if (padding.length) {
    lane('is-pad', t('inspector.record.padding'), padding.map(([a, b]) => (b - a === 1 ? `${a}` : `${a}–${b - 1}`)).join(', '),
      padding, { pad: padding.map(([a, b]) => `${a}-${b}`).join(' ') });
  }
  sec.append(lanes);
  return sec;
}

// ---- text ----------------------------------------------------------------------------

function glyph(code, charSize) {
  if (code === 0) return '';
  if (charSize === 1 && (code < 0x20 || code > 0x7e)) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return '·';
  try { return String.fromCodePoint(code); } catch { return '?'; }
}

function codeLabel(code, charSize) {
  return charSize === 4 ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `0x${code.toString(16).padStart(2, '0')}`;
}

function renderText(v, t, lang) {
  const cs = v.charSize;
  const codes = v.codes ?? [];
  const sec = el('section', { class: 'sl-pic sl-pic-text', dataset: { kind: v.dtypeKind } });
  sec.append(el('h4', 'sl-pic-title', t('inspector.text.title')));
  sec.append(el('p', 'sl-pic-caption', t(cs === 4 ? 'inspector.text.captionU' : 'inspector.text.captionS', {
    dtype: v.dtype, n: v.chars, bytes: v.itemsize,
  })));
  const L = layoutOf(v, TEXT_ROWS);
  const list = el('div', 'sl-text-rows');
  const rows = Math.min(codes.length, TEXT_ROWS);
  for (let i = 0; i < rows; i += 1) {
    const start = L.offsets[i];
    const idx = L.unravel(i);
    const row = el('div', { class: 'sl-text-row', dataset: { flat: i } });
    row.append(el('span', 'sl-text-name', `${v.name}${formatIndex(idx)}`));
    const cells = el('span', 'sl-text-cells');
    codes[i].forEach((code, k) => {
      const lo = start + k * cs;
      const g = glyph(code, cs);
      const cell = el('span', {
        class: `sl-char${code === 0 ? ' is-pad' : ''}`,
        dataset: { code, byte: lo },
        title: code === 0
          ? t('inspector.text.padTitle', { lo: formatInt(lo, lang), hi: formatInt(lo + cs - 1, lang) })
          : t('inspector.text.charTitle', { ch: g, code: codeLabel(code, cs), lo: formatInt(lo, lang), hi: formatInt(lo + cs - 1, lang) }),
      }, el('span', 'sl-char-glyph', g || '∅'), el('span', 'sl-char-code', code === 0 ? '0' : codeLabel(code, cs)));
      cells.append(cell);
    });
    row.append(cells);
    list.append(row);
  }
  sec.append(list);
  if (v.size > rows) sec.append(el('p', 'sl-pic-caption', t('inspector.text.more', { n: formatInt(v.size - rows, lang) })));
  return sec;
}

// ---- stride walk ----------------------------------------------------------------------

class Walk {
  constructor(v, t, lang, onMark) {
    this.v = v;
    this.t = t;
    this.lang = lang;
    this.onMark = onMark;
    // Only the first WALK_CAP elements are walked: enumerate no more (update() stays cheap).
    this.L = layoutOf(v, WALK_CAP);
    this.n = Math.min(this.L.count, WALK_CAP);
    this.step = -1; // nothing visited yet
    this.timer = 0;
    this.build();
  }

  build() {
    const { v, t, L, n } = this;
    const isz = v.itemsize;
    this.sec = el('section', { class: 'sl-pic sl-pic-walk', dataset: { step: '-1', count: n } });
    this.sec.append(el('h4', 'sl-pic-title', t('inspector.walk.title')));
    this.sec.append(el('p', 'sl-pic-caption', t('inspector.walk.caption', { name: v.name })));

    const btn = (action, label, text) => {
      const b = el('button', { type: 'button', class: 'sl-icon-btn', 'aria-label': label, title: label, dataset: { walk: action } }, text);
      b.addEventListener('click', () => this.act(action));
      return b;
    };
    this.playBtn = btn('play', t('inspector.walk.play'), '▶');
    this.controls = el('div', { class: 'sl-walk-controls', role: 'group', 'aria-label': t('inspector.walk.controls') },
      el('div', 'sl-zoom',
        btn('reset', t('inspector.walk.reset'), '|◀'),
        btn('back', t('inspector.walk.back'), '◀'),
        this.playBtn,
        btn('next', t('inspector.walk.next'), '▶|')));
    this.readout = el('p', { class: 'sl-walk-readout', 'aria-live': 'polite' });
    this.controls.append(this.readout);
    this.sec.append(this.controls);

    // Logical order: element i of the C-order walk.
    this.logical = [];
    const logicalTrack = el('div', 'sl-walk-cells');
    for (let i = 0; i < n; i += 1) {
      const idx = L.unravel(i);
      const c = el('span', { class: 'sl-walk-cell', dataset: { flat: i }, title: `${v.name}${formatIndex(idx)}` }, String(i));
      this.logical.push(c);
      logicalTrack.append(c);
    }
    // Address order: the distinct element starts, ascending, with gaps shown.
    const starts = [...new Set(Array.from(L.offsets.subarray(0, n)))].sort((a, b) => a - b);
    this.addrCell = new Map();
    const addrTrack = el('div', 'sl-walk-cells is-addr');
    starts.forEach((s, k) => {
      if (k > 0 && s > starts[k - 1] + isz) addrTrack.append(el('span', { class: 'sl-walk-gap', 'aria-hidden': 'true', title: t('inspector.walk.gap', { n: formatInt(s - starts[k - 1] - isz, this.lang) }) }, '…'));
      const c = el('span', { class: 'sl-walk-cell', dataset: { byte: s }, title: t('inspector.walk.byteTitle', { b: formatInt(s, this.lang) }) },
        el('span', 'sl-walk-byte', `${formatInt(s, this.lang)}`), el('span', 'sl-walk-visits'));
      this.addrCell.set(s, c);
      addrTrack.append(c);
    });
    this.sec.append(
      el('div', 'sl-walk-track', el('span', 'sl-walk-label', t('inspector.walk.logical')), logicalTrack),
      el('div', 'sl-walk-track', el('span', 'sl-walk-label', t('inspector.walk.address')), addrTrack));
    this.summary = el('p', 'sl-pic-caption sl-walk-summary', this.summaryText());
    this.sec.append(this.summary);
    if (L.count > n) this.sec.append(el('p', 'sl-pic-caption', t('inspector.walk.capped', { n: WALK_CAP, total: formatInt(L.total, this.lang) })));
    this.draw();
  }

  /** What the sequence of jumps between consecutive elements shows. */
  summaryText() {
    const { L, n, v, t } = this;
    if (n < 2) return t('inspector.walk.single');
    let forward = true;
    let back = false;
    for (let i = 1; i < n; i += 1) {
      const d = L.offsets[i] - L.offsets[i - 1];
      if (d !== v.itemsize) forward = false;
      if (d < 0) back = true;
    }
    const same = new Set(L.offsets.subarray(0, n)).size < n;
    if (forward) return t('inspector.walk.inOrder');
    if (same) return t('inspector.walk.revisits');
    return t(back ? 'inspector.walk.backwards' : 'inspector.walk.jumps');
  }

  act(action) {
    if (action === 'play') {
      if (this.timer) this.pause();
      else this.play();
      return;
    }
    this.pause();
    if (action === 'reset') this.go(-1);
    else if (action === 'back') this.go(Math.max(-1, this.step - 1));
    else if (action === 'next') this.go(Math.min(this.n - 1, this.step + 1));
  }

  play() {
    if (this.step >= this.n - 1) this.go(-1);
    this.timer = setInterval(() => {
      if (this.step >= this.n - 1) this.pause();
      else this.go(this.step + 1);
    }, STEP_MS);
    this.playBtn.textContent = '❚❚';
    this.playBtn.setAttribute('aria-label', this.t('inspector.walk.pause'));
    this.playBtn.title = this.t('inspector.walk.pause');
    this.sec.dataset.playing = 'true';
    if (this.step < 0) this.go(0);
  }

  pause() {
    if (this.timer) clearInterval(this.timer);
    this.timer = 0;
    this.playBtn.textContent = '▶';
    this.playBtn.setAttribute('aria-label', this.t('inspector.walk.play'));
    this.playBtn.title = this.t('inspector.walk.play');
    delete this.sec.dataset.playing;
  }

  go(k) {
    this.step = k;
    this.draw();
  }

  draw() {
    const { L, v, t, lang, step } = this;
    this.sec.dataset.step = String(step);
    const visits = new Map();
    this.logical.forEach((c, i) => {
      c.classList.toggle('is-visited', i < step);
      c.classList.toggle('is-current', i === step);
    });
    for (let i = 0; i <= step; i += 1) {
      const s = L.offsets[i];
      if (!visits.has(s)) visits.set(s, []);
      visits.get(s).push(i);
    }
    for (const [s, c] of this.addrCell) {
      const seen = visits.get(s) ?? [];
      c.classList.toggle('is-visited', seen.length > 0 && s !== L.offsets[step]);
      c.classList.toggle('is-current', step >= 0 && s === L.offsets[step]);
      c.lastChild.textContent = seen.length ? seen.join(' ') : '';
      c.dataset.visits = seen.join(',');
    }
    if (step < 0) {
      this.readout.textContent = t('inspector.walk.ready', { n: this.n });
      this.onMark?.(null);
      return;
    }
    const idx = L.unravel(step);
    const start = L.offsets[step];
    const terms = idx.map((i, k) => `${i}×${signed(v.strides[k])}`);
    const formula = idx.length ? `${v.offset} + ${terms.join(' + ')}` : `${v.offset}`;
    let jump = '';
    if (step > 0) {
      const d = start - L.offsets[step - 1];
      jump = ` · ${t('inspector.walk.jump', { d: d > 0 ? `+${formatInt(d, lang)}` : d < 0 ? `−${formatInt(-d, lang)}` : '0' })}`;
    }
    this.readout.textContent = `${t('inspector.walk.at', {
      k: step + 1, n: this.n, elem: `${v.name}${formatIndex(idx)}`, b: formatInt(start, lang), formula,
    })}${jump}`;
    this.onMark?.({ lo: start, hi: start + v.itemsize, flat: step });
  }

  stop() {
    this.pause();
  }
}

/** Renders the pictures the selected array needs; returns a handle whose stop() ends the walk's timer. */
export function renderPictures({ container, model, selected, t, lang, onMark }) {
  const v = model?.byName.get(selected);
  if (!isArrayVar(v)) {
    container.append(el('p', 'sl-empty', t('inspector.walk.none')));
    return { stop() {} };
  }
  if (Array.isArray(v.fields) && v.fields.length) container.append(renderRecord(v, t));
  if (Array.isArray(v.codes) && (v.charSize === 4 || v.charSize === 1) && v.codes.length) container.append(renderText(v, t, lang));
  let walk = null;
  if (v.size > 0) {
    walk = new Walk(v, t, lang, onMark);
    container.append(walk.sec);
  } else {
    container.append(el('p', 'sl-empty', t('inspector.strip.empty', { name: v.name })));
  }
  return { stop: () => walk?.stop(), walk };
}
