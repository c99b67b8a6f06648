// Byte strip: the selected array's storage as rows of cells (bytes, or elements of the
// selected itemsize), like a hex dump. The selected array's elements are lit in
// logical (C) order, as a colour ramp and, when cells are wide enough, numbered by
// flat index. Cells used by several logical elements (zero strides, as_strided
// windows) are hatched and show the count. Under each row, one lane per other variable
// on the same storage shows that variable's element boundaries as ticks (e.g. an int8
// view of float32 data).
//
// Big storages are summarised: rows no element touches are folded into one line
// ("7,999,920 bytes not touched by small"), cells aggregate 2^k units when zoomed out,
// and at most 2048 cells are drawn (a window around the zoom anchor). Enumeration of
// element addresses (layout.js) is capped at 1e5 elements with a visible note.
//
// On a timeline step, the bytes whose values that step's statement changed (the
// model's `written` ranges, from the engine's trace) are outlined in red -- after a
// write through a view, the parent's bytes that changed -- and named in the legend
// and the tooltip.
//
// Zoom: Ctrl+wheel or a trackpad pinch (Chrome reports it as Ctrl+wheel), a two-finger
// pinch on touch screens, the − / + / fit buttons, or the -, + and 0 keys.

import { el, svg, clearNode, formatInt, formatIndex, formatBytes, signed, textWidth } from './dom.js';
import { layoutOf, lowerBound } from './layout.js';
import { isArrayVar } from './model.js';
import { fieldAt } from './pictures.js';

const LABEL_W = 66;
const BYTE_W = [13, 17, 22, 30, 40];
const ELEM_W = [26, 32, 40, 52, 64];
const LANE_H = 5;
const LANE_GAP = 4;
const ROW_GAP = 6;
const FOLD_H = 26;
const HEAD_H = 18;
const CELL_CAP = 2048;
const BADGE_CAP = 512; // ×n badges drawn at most (hatching still marks every overlap)
const FIT_ROWS = 14;
const FIT_ROWS_ZOOMED = 4;
const MAX_LANES = 3;
const ALSO_CAP = 12; // other variables looked up for a tooltip
const RAMP = 12;
const FOLD_FONT = '11px system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif';
let instanceCounter = 0;

export class ByteStrip {
  constructor({ container, t, lang, onSelect }) {
    this.container = container;
    this.t = t;
    this.lang = lang;
    this.onSelect = onSelect;
    this.uid = `sl${(instanceCounter += 1)}`;
    this.unit = 'byte';
    this.zoom = null; // null = fit; else integer level (see levelOf)
    this.compare = 'auto';
    this.anchorByte = null;
    this.key = null;
    this.model = null;
    this.selected = null;
    this.frame = 0;
    this.cursor = null; // focused cell start byte (keyboard)
    this.pointers = new Map();
    this.pinchDist = 0;
    this.width = 0;
    this.build();
  }

  /** Sets every static label again (the page may have switched language). */
  relabel() {
    const t = this.t;
    this.unitToggle.setAttribute('aria-label', t('inspector.strip.unit'));
    this.unitButtons.byte.textContent = t('inspector.strip.bytes');
    this.unitButtons.element.textContent = t('inspector.strip.elements');
    this.unitButtons.char.textContent = t('inspector.strip.chars');
    for (const [b, key] of [[this.zoomOutBtn, 'inspector.strip.zoomOut'], [this.zoomInBtn, 'inspector.strip.zoomIn'], [this.fitBtn, 'inspector.strip.fit']]) {
      b.title = t(key);
      b.setAttribute('aria-label', t(key));
    }
    this.fitBtn.textContent = t('inspector.strip.fit');
    this.compareSelect.setAttribute('aria-label', t('inspector.strip.compare'));
    this.compareLabel.textContent = t('inspector.strip.compare');
    this.hint.textContent = t('inspector.strip.hint');
    this.empty.textContent = t('inspector.strip.none');
  }

  build() {
    const t = this.t;
    this.headLine = el('p', 'sl-strip-of');
    this.unitToggle = el('div', { class: 'sl-seg', role: 'group', 'aria-label': t('inspector.strip.unit') });
    this.unitButtons = {};
    // 'char': a text array's characters (4-byte UCS-4 code points), shown for 'U' dtypes.
    for (const u of ['byte', 'char', 'element']) {
      const b = el('button', { type: 'button', class: 'sl-seg-btn', dataset: { unit: u }, 'aria-pressed': 'false' },
        t(u === 'byte' ? 'inspector.strip.bytes' : u === 'char' ? 'inspector.strip.chars' : 'inspector.strip.elements'));
      b.addEventListener('click', () => this.setUnit(u));
      this.unitButtons[u] = b;
      this.unitToggle.append(b);
    }
    const zoomBtn = (action, label, text) => {
      const b = el('button', { type: 'button', class: 'sl-icon-btn', title: label, 'aria-label': label, dataset: { zoom: action } }, text);
      b.addEventListener('click', () => (action === 'fit' ? this.fit() : this.zoomBy(action === 'in' ? 1 : -1)));
      return b;
    };
    this.zoomOutBtn = zoomBtn('out', t('inspector.strip.zoomOut'), '−');
    this.zoomInBtn = zoomBtn('in', t('inspector.strip.zoomIn'), '+');
    this.fitBtn = zoomBtn('fit', t('inspector.strip.fit'), t('inspector.strip.fit'));
    this.fitBtn.classList.add('is-text');
    this.scaleText = el('span', 'sl-strip-scale');
    this.compareSelect = el('select', { class: 'sl-select', 'aria-label': t('inspector.strip.compare') });
    this.compareSelect.addEventListener('change', () => {
      this.compare = this.compareSelect.value;
      this.rerender();
    });
    this.compareLabel = el('span', 'sl-compare-label', t('inspector.strip.compare'));
    this.compareWrap = el('label', 'sl-compare', this.compareLabel, this.compareSelect);

    this.toolbar = el('div', 'sl-strip-toolbar',
      this.unitToggle,
      el('div', 'sl-zoom', this.zoomOutBtn, this.zoomInBtn, this.fitBtn),
      this.scaleText,
      this.compareWrap);
    this.legend = el('div', 'sl-strip-legend');
    this.note = el('p', 'sl-strip-note');
    this.svgHost = el('div', 'sl-strip-svg-host');
    this.tip = el('div', { class: 'sl-tip', role: 'tooltip', id: `${this.uid}-tip` });
    this.scroll = el('div', {
      class: 'sl-strip-scroll', tabindex: '0', 'aria-describedby': `${this.uid}-tip`,
    }, this.svgHost);
    this.stage = el('div', 'sl-strip-stage', this.scroll, this.tip);
    this.hint = el('p', 'sl-hint', t('inspector.strip.hint'));
    this.body = el('div', 'sl-strip-body', this.headLine, this.toolbar, this.legend, this.note, this.stage, this.hint);
    this.empty = el('p', 'sl-empty', t('inspector.strip.none'));
    this.container.append(this.empty, this.body);

    this.scroll.addEventListener('pointermove', (e) => this.onPointerMove(e));
    this.scroll.addEventListener('pointerleave', () => {
      if (this.cursor == null) this.hideTip();
    });
    this.scroll.addEventListener('pointerdown', (e) => this.onPointerDown(e));
    const up = (e) => this.onPointerUp(e);
    this.scroll.addEventListener('pointerup', up);
    this.scroll.addEventListener('pointercancel', up);
    this.onWheel = (e) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      this.setAnchorFromEvent(e);
      this.zoomBy(e.deltaY < 0 ? 1 : -1);
    };
    this.scroll.addEventListener('wheel', this.onWheel, { passive: false });
    this.scroll.addEventListener('keydown', (e) => this.onKey(e));
    this.scroll.addEventListener('blur', () => {
      this.cursor = null;
      this.hideTip();
      this.drawCursor();
    });
  }

  /** New data (after update() or a new selection). Rendering happens lazily. */
  setData(model, selected, { width } = {}) {
    this.model = model;
    const v = model?.byName.get(selected);
    const key = isArrayVar(v) ? `${selected}|${v.storage}|${v.storageBytes}|${v.offset}|${v.shape}|${v.strides}|${v.itemsize}` : null;
    if (key !== this.key) {
      this.zoom = null;
      this.anchorByte = null;
      this.cursor = null;
      if (selected !== this.selected) this.compare = 'auto';
    }
    this.key = key;
    this.selected = selected;
    if (width) this.width = width;
    this.container.dataset.state = 'pending';
    this.schedule();
  }

  setWidth(width) {
    if (Math.abs(width - this.width) < 1) return;
    this.width = width;
    this.schedule();
  }

  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  /** Renders now (tests and the demo call this through the inspector's flush()). */
  flush() {
    if (this.frame) {
      cancelAnimationFrame(this.frame);
      this.frame = 0;
      this.render();
    }
  }

  destroy() {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.scroll.removeEventListener('wheel', this.onWheel);
  }

  // User actions render at once (the data is cached); data updates wait for a frame.
  rerender() {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.render();
  }

  setUnit(u) {
    if (u === this.unit) return;
    this.unit = u;
    this.zoom = null;
    this.rerender();
  }

  fit() {
    this.zoom = null;
    this.anchorByte = null;
    this.rerender();
  }

  zoomBy(step) {
    const g = this.geom;
    if (!g) return;
    const next = Math.max(g.minZoom, Math.min(g.maxZoom, g.zoom + step));
    if (next === g.zoom) return;
    if (this.anchorByte == null) this.anchorByte = this.visibleCenterByte();
    this.zoom = next;
    this.render();
    this.scrollToByte(this.anchorByte);
  }

  // ---- geometry --------------------------------------------------------------------

  /** Cell width and units per cell at a zoom level. */
  levelOf(z, unit) {
    const ws = unit === 'byte' ? BYTE_W : ELEM_W;
    if (z >= 0) return { k: 1, w: ws[Math.min(z, ws.length - 1)] };
    return { k: 2 ** -z, w: ws[0] };
  }

  availWidth() {
    // this.width is the panel's content width; the scroller adds a border and padding.
    return Math.max(120, (this.width || 600) - LABEL_W - 12);
  }

  cellsPerRow(w) {
    const avail = this.availWidth();
    let n = 4;
    while (n * 2 * w <= avail && n < 128) n *= 2;
    return n;
  }

  /** Display lines for a zoom level: rows (touched) and folds (untouched rows). */
  plan(L, S, unitBytes, z, limit = Infinity) {
    const { k, w: base } = this.levelOf(z, this.unit);
    const cellBytes = unitBytes * k;
    const cpr = this.cellsPerRow(base);
    // Rows are a power of two cells; widen the cells (a little) to fill the width.
    const w = Math.max(base, Math.min(base * 1.5, Math.floor((this.availWidth() / cpr) * 4) / 4));
    const rowBytes = cellBytes * cpr;
    const nRows = Math.max(1, Math.ceil(S / rowBytes));
    // touched rows, merged (adjacent rows merge)
    const ranges = [];
    const runs = L.runs;
    let touched = 0;
    for (let i = 0; i < runs.length; i += 2) {
      const r0 = Math.floor(runs[i] / rowBytes);
      const r1 = Math.floor((runs[i + 1] - 1) / rowBytes);
      const last = ranges[ranges.length - 1];
      if (last && r0 <= last[1] + 1) {
        if (r1 > last[1]) { touched += r1 - last[1]; last[1] = r1; }
      } else {
        ranges.push([r0, r1]);
        touched += r1 - r0 + 1;
      }
      if (touched > limit) return { rows: Infinity };
    }
    if (!ranges.length) ranges.push([0, Math.min(nRows - 1, 1)]);
    const items = [];
    let rows = 0;
    const pushRows = (a, b) => {
      const last = items[items.length - 1];
      if (last && last.type === 'rows' && last.r1 === a - 1) last.r1 = b;
      else items.push({ type: 'rows', r0: a, r1: b });
      rows += b - a + 1;
    };
    const gap = (a, b) => {
      if (b < a) return;
      if (b - a + 1 >= 2) items.push({ type: 'fold', r0: a, r1: b, bytes: Math.min(S, (b + 1) * rowBytes) - a * rowBytes });
      else pushRows(a, b);
    };
    let prev = -1;
    for (const [a, b] of ranges) {
      gap(prev + 1, a - 1);
      pushRows(a, b);
      prev = b;
    }
    gap(prev + 1, nRows - 1);
    return { z, k, w, cellBytes, cpr, rowBytes, nRows, items, rows };
  }

  chooseFit(L, S, unitBytes) {
    // Small: the biggest cells that keep it within a few rows.
    const ws = this.unit === 'byte' ? BYTE_W : ELEM_W;
    if (this.plan(L, S, unitBytes, 0, FIT_ROWS).rows <= FIT_ROWS) {
      let best = 0;
      for (let z = 1; z < ws.length; z += 1) {
        if (this.plan(L, S, unitBytes, z, FIT_ROWS_ZOOMED).rows <= FIT_ROWS_ZOOMED) best = z;
        else break;
      }
      return best;
    }
    // Rows only shrink as cells grow: binary search the largest zoom that fits.
    let lo = this.minZoomFor(S, unitBytes); // always fits (a handful of cells)
    let hi = -1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.plan(L, S, unitBytes, mid, FIT_ROWS).rows <= FIT_ROWS) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  minZoomFor(S, unitBytes) {
    const units = Math.max(1, Math.ceil(S / unitBytes));
    return -Math.max(0, Math.ceil(Math.log2(units / 4)));
  }

  // ---- rendering ---------------------------------------------------------------------

  render() {
    const t = this.t;
    const model = this.model;
    const v = model?.byName.get(this.selected);
    this.hideTip();
    if (!isArrayVar(v)) {
      this.empty.hidden = false;
      this.body.hidden = true;
      this.geom = null;
      this.container.dataset.state = 'empty';
      return;
    }
    this.empty.hidden = true;
    this.body.hidden = false;
    if (!this.width) this.width = this.container.clientWidth ? this.container.clientWidth - 28 : 600;

    const S = Math.max(0, v.storageBytes ?? v.extent?.[1] ?? v.nbytes);
    const L = layoutOf(v);
    const isz = v.itemsize;
    const chars = v.charSize > 1 && Array.isArray(v.codes);
    this.unitButtons.char.hidden = !chars;
    if (this.unit === 'char' && !chars) this.unit = 'byte';
    const unitBytes = this.unit === 'byte' ? 1 : this.unit === 'char' ? v.charSize : isz;
    this.v = v;
    this.L = L;
    this.S = S;

    for (const [u, b] of Object.entries(this.unitButtons)) b.setAttribute('aria-pressed', String(u === this.unit));

    this.headLine.textContent = '';
    this.headLine.append(
      el('span', 'sl-strip-name', v.name),
      ` ${v.dtype} ${v.shape.length === 1 ? `(${v.shape[0]},)` : `(${v.shape.join(', ')})`} · `,
      t('inspector.strip.of', { storage: v.storage, bytes: formatBytes(S, this.lang) }),
    );

    this.lanes = this.pickLanes(v);

    const zoom = this.zoom ?? this.chooseFit(L, S, unitBytes);
    const p = this.plan(L, S, unitBytes, zoom);
    const minZoom = this.minZoomFor(S, unitBytes);
    const maxZoom = (this.unit === 'byte' ? BYTE_W : ELEM_W).length - 1;
    this.geom = { ...p, zoom, minZoom, maxZoom, unitBytes };
    this.zoomInBtn.disabled = zoom >= maxZoom;
    this.zoomOutBtn.disabled = zoom <= minZoom;
    this.fitBtn.disabled = this.zoom == null;
    const unitName = t(this.unit === 'byte' ? 'inspector.unit.bytes' : this.unit === 'char' ? 'inspector.unit.chars' : 'inspector.unit.elements');
    this.scaleText.textContent = p.k > 1 ? t('inspector.strip.cellIs', { n: formatInt(p.k, this.lang), unit: unitName })
      : t('inspector.strip.cellIs', { n: 1, unit: t(this.unit === 'byte' ? 'inspector.unit.byte' : this.unit === 'char' ? 'inspector.unit.char' : 'inspector.unit.element') });

    this.renderLegend(v);
    if (L.capped) {
      this.note.hidden = false;
      this.note.textContent = t('inspector.strip.capped', { n: formatInt(L.count, this.lang), total: formatInt(L.total, this.lang) });
    } else if (L.total === 0) {
      this.note.hidden = false;
      this.note.textContent = t('inspector.strip.empty', { name: v.name });
    } else {
      this.note.hidden = true;
      this.note.textContent = '';
    }
    this.draw(p);
    this.container.dataset.state = 'ready';
    this.container.dataset.unit = this.unit;
    this.container.dataset.cellBytes = String(p.cellBytes);
    this.container.dataset.zoom = String(zoom);
  }

  // Lanes: other variables on the same storage (those sharing bytes first, a
  // different itemsize first among them), as many as the compare menu asks for.
  pickLanes(v) {
    // One lane per object: aliases (b = a, pair[0]) of the selected or of another lane add nothing.
    const seenObjects = new Set([v.object]);
    const topFirst = this.model.sameStorage(v).sort((a, b) => Number(b.topLevel !== false) - Number(a.topLevel !== false));
    const others = topFirst.filter((w) => w.size > 0).filter((w) => {
      if (w.object == null || w.object < 0) return true;
      if (seenObjects.has(w.object)) return false;
      seenObjects.add(w.object);
      return true;
    });
    others.sort((a, b) => rankOther(this.model, v, b) - rankOther(this.model, v, a));
    this.fillCompareSelect(others);
    let lanes;
    if (this.compare === 'none') lanes = [];
    else if (this.compare === 'auto') lanes = others.slice(0, MAX_LANES);
    else lanes = others.filter((w) => w.name === this.compare);
    return lanes.map((w, i) => ({ v: w, L: layoutOf(w), color: i }));
  }

  fillCompareSelect(others) {
    const sel = this.compareSelect;
    clearNode(sel);
    const t = this.t;
    if (!others.length) {
      this.compareWrap.hidden = true;
      return;
    }
    this.compareWrap.hidden = false;
    const auto = others.slice(0, MAX_LANES).map((w) => w.name).join(', ');
    sel.append(el('option', { value: 'auto' }, auto));
    for (const w of others) sel.append(el('option', { value: w.name }, `${w.name} (${w.dtype})`));
    sel.append(el('option', { value: 'none' }, t('inspector.strip.compareNone')));
    if (this.compare !== 'auto' && this.compare !== 'none' && !others.some((w) => w.name === this.compare)) this.compare = 'auto';
    sel.value = this.compare;
  }

  renderLegend(v) {
    const t = this.t;
    clearNode(this.legend);
    this.legend.append(el('span', 'sl-legend-item',
      el('span', { class: 'sl-legend-ramp', 'aria-hidden': 'true' }),
      t('inspector.strip.legendLit', { name: v.name })));
    if (this.L.overlaps.length) {
      this.legend.append(el('span', 'sl-legend-item',
        el('span', { class: 'sl-legend-hatch', 'aria-hidden': 'true' }), t('inspector.strip.legendOverlap')));
    }
    const written = this.model.written.get(v.storage);
    if (written) {
      this.legend.append(el('span', 'sl-legend-item',
        el('span', { class: 'sl-legend-written', 'aria-hidden': 'true' }),
        written.coarse ? t('inspector.strip.legendWrittenCoarse')
          : writtenBytes(written.ranges) === 1 ? t('inspector.strip.legendWrittenOne')
            : t('inspector.strip.legendWritten', { n: formatInt(writtenBytes(written.ranges), this.lang) })));
    }
    if (Array.isArray(v.padding) && v.padding.length) {
      this.legend.append(el('span', 'sl-legend-item',
        el('span', { class: 'sl-legend-pad', 'aria-hidden': 'true' }), t('inspector.strip.legendPad')));
    }
    for (const lane of this.lanes) {
      this.legend.append(el('span', 'sl-legend-item',
        el('span', { class: `sl-legend-lane lane-${lane.color}`, 'aria-hidden': 'true' }),
        t('inspector.strip.legendCompare', { name: lane.v.name, dtype: lane.v.dtype })));
    }
  }

  draw(p) {
    const cellH = Math.max(18, Math.min(p.w, 30));
    const laneBlock = this.lanes.length ? this.lanes.length * (LANE_H + LANE_GAP) + 1 : 0;
    const rowH = cellH + laneBlock + ROW_GAP;
    const width = LABEL_W + p.cpr * p.w + 2;
    let y = HEAD_H;
    const geo = [];
    for (const ln of this.windowLines(p)) {
      const h = ln.type === 'row' ? rowH : FOLD_H;
      geo.push({ ...ln, y0: y, y1: y + h });
      y += h;
    }
    const height = y + 2;
    this.lines = geo;
    this.cellH = cellH;

    const root = svg('svg', {
      class: `sl-strip-svg u-${this.unit}`, width, height, viewBox: `0 0 ${width} ${height}`,
      role: 'img', 'aria-label': this.headLine.textContent,
    });
    const hatchId = `${this.uid}-hatch`;
    root.append(svg('defs', null,
      svg('pattern', { id: hatchId, width: 5, height: 5, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
        svg('rect', { width: 2, height: 5, class: 'sl-hatch-line' }))));
    root.append(this.drawColumnHead(p));

    const rowsG = svg('g', 'sl-rows');
    // What every row needs; badgesLeft counts down across rows (BADGE_CAP in all).
    const ctx = {
      p, width, cellH, hatchId, badgesLeft: BADGE_CAP,
      unitWord: this.t(this.unit === 'byte' ? 'inspector.unit.bytes' : this.unit === 'char' ? 'inspector.unit.chars' : 'inspector.unit.elements'),
      showNumbers: p.w >= 12,
      grouped: this.unit === 'byte' && p.k === 1 && this.v.itemsize > 1,
    };
    for (const ln of geo) rowsG.append(ln.type === 'row' ? this.drawRow(ln, ctx) : this.drawFold(ln, ctx));
    root.append(rowsG);
    root.append(this.drawWritten(geo, cellH));
    this.markG = svg('g', { class: 'sl-mark-g', 'aria-hidden': 'true' });
    root.append(this.markG);
    this.cursorRect = svg('rect', { class: 'sl-cursor', x: 0, y: 0, width: 0, height: 0, visibility: 'hidden' });
    root.append(this.cursorRect);
    clearNode(this.svgHost);
    this.svgHost.append(root);
    this.svgEl = root;
    this.drawCursor();
    this.drawMark();
  }

  /**
   * The lines the strip shows: rows and folds, at most CELL_CAP cells' worth of rows
   * around the anchor, with a 'before' / 'after' line standing for the rows left out.
   */
  windowLines({ cpr, rowBytes, items }) {
    const rowCap = Math.max(4, Math.floor(CELL_CAP / cpr));
    const rowList = [];
    for (const it of items) if (it.type === 'rows') for (let r = it.r0; r <= it.r1; r += 1) rowList.push(r);
    let winLo = 0;
    let winHi = rowList.length;
    if (rowList.length > rowCap) {
      const anchorRow = this.anchorByte != null ? Math.floor(this.anchorByte / rowBytes) : rowList[0];
      let i = lowerBound(rowList, anchorRow);
      i = Math.max(0, Math.min(rowList.length - rowCap, i - Math.floor(rowCap / 2)));
      winLo = i;
      winHi = i + rowCap;
    }
    const firstRow = rowList[winLo] ?? 0;
    const lastRow = rowList[winHi - 1] ?? 0;

    const lines = [];
    if (winLo > 0) lines.push({ type: 'before', bytes: firstRow * rowBytes, toByte: rowList[Math.max(0, winLo - Math.floor(rowCap / 2))] * rowBytes });
    for (const it of items) {
      if (it.type === 'fold') {
        if ((winLo > 0 && it.r1 < firstRow) || (winHi < rowList.length && it.r0 > lastRow)) continue;
        lines.push(it);
      } else {
        for (let r = Math.max(it.r0, firstRow); r <= Math.min(it.r1, lastRow); r += 1) lines.push({ type: 'row', r });
      }
    }
    if (winHi < rowList.length) {
      const endByte = Math.min(this.S, (lastRow + 1) * rowBytes);
      lines.push({ type: 'after', bytes: this.S - endByte, toByte: rowList[Math.min(rowList.length - 1, winHi + Math.floor(rowCap / 2))] * rowBytes });
    }
    return lines;
  }

  /** Column header: offsets within a row. */
  drawColumnHead({ w, cpr, cellBytes }) {
    const head = svg('g', 'sl-colhead');
    head.append(svg('text', { x: LABEL_W - 8, y: 12, class: 'sl-addr-head', 'text-anchor': 'end' }, this.t('inspector.strip.addr')));
    let every = 1;
    while (every * w < 30) every *= 2;
    for (let c = 0; c < cpr && c * cellBytes < this.S; c += every) {
      head.append(svg('text', { x: LABEL_W + c * w + 2, y: 12, class: 'sl-colnum' }, `+${formatInt(c * cellBytes, this.lang)}`));
    }
    return head;
  }

  /** A fold (bytes no element touches), or the link to the rows before / after the window. */
  drawFold(ln, { width, unitWord }) {
    const { t, lang, v, L } = this;
    const g = svg('g', { class: `sl-fold is-${ln.type}`, dataset: { type: ln.type } });
    const midY = ln.y0 + FOLD_H / 2;
    g.append(svg('line', { x1: LABEL_W, x2: width - 2, y1: midY, y2: midY, class: 'sl-fold-line' }));
    const foldKey = L.capped ? 'inspector.strip.foldCapped' : 'inspector.strip.fold';
    const n = formatInt(ln.bytes / this.geom.unitBytes, lang);
    const text = ln.type === 'fold'
      ? t(foldKey, { n, unit: unitWord, name: v.name, count: formatInt(L.count, lang) })
      : t(ln.type === 'before' ? 'inspector.strip.before' : 'inspector.strip.after', { n, unit: unitWord });
    const label = svg('text', { x: LABEL_W + 10, y: midY + 4, class: 'sl-fold-text' }, text);
    const tw = Math.min(width - LABEL_W - 8, textWidth(text, FOLD_FONT) + 14);
    g.append(svg('rect', { x: LABEL_W + 4, y: midY - 9, width: tw, height: 18, rx: 9, class: 'sl-fold-pill' }));
    g.append(label);
    if (ln.type === 'fold') {
      g.append(svg('text', { x: LABEL_W - 8, y: midY + 4, class: 'sl-addr is-fold', 'text-anchor': 'end' }, '⋮'));
    } else {
      g.classList.add('is-link');
      g.addEventListener('click', () => {
        this.anchorByte = ln.toByte;
        this.render();
        this.scrollToByte(ln.toByte);
      });
    }
    return g;
  }

  /** One row: its address, its cells (layers: cells, hatching, numbers and badges on top), the lanes. */
  drawRow(ln, ctx) {
    const rowStart = ln.r * ctx.p.rowBytes;
    const g = svg('g', { class: 'sl-row', dataset: { row: ln.r } });
    g.append(svg('text', { x: LABEL_W - 8, y: ln.y0 + ctx.cellH / 2 + 4, class: 'sl-addr', 'text-anchor': 'end' }, formatInt(rowStart, this.lang)));
    const gCells = svg('g');
    const gHatch = svg('g');
    const gText = svg('g');
    let hatchRun = null;
    const { w, cpr, cellBytes } = ctx.p;
    const flushHatch = () => {
      if (!hatchRun) return;
      gHatch.append(svg('rect', {
        x: LABEL_W + hatchRun.start * w + 0.5, y: ln.y0 + 0.5, width: (hatchRun.end - hatchRun.start) * w - 1.25, height: ctx.cellH - 1,
        rx: Math.min(3, w / 5), class: 'sl-cell-hatch', fill: `url(#${ctx.hatchId})`,
      }));
      hatchRun = null;
    };
    for (let c = 0; c < cpr; c += 1) {
      const lo = rowStart + c * cellBytes;
      if (lo >= this.S) break;
      const x = LABEL_W + c * w;
      const info = this.cellInfo(lo, Math.min(this.S, lo + cellBytes));
      gCells.append(this.drawCell(ln, lo, x, info, ctx));
      // Hatching over runs of overlapped cells (one rect per run keeps the DOM small).
      if (info.overlap) {
        if (hatchRun && hatchRun.end === c) hatchRun.end = c + 1;
        else {
          flushHatch();
          hatchRun = { start: c, end: c + 1 };
        }
      }
      this.drawCellText(gText, ln, lo, x, info, ctx);
    }
    flushHatch();
    g.append(gCells, gHatch, gText);
    this.lanes.forEach((lane, li) => this.drawLane(g, lane, li, ln, rowStart, ctx));
    return g;
  }

  /** A cell's rectangle, lit by the elements in it. */
  drawCell(ln, lo, x, info, { p, cellH, grouped }) {
    const { w, cellBytes } = p;
    const hi = Math.min(this.S, lo + cellBytes);
    const cls = ['sl-cell'];
    if (info.hits > 0) {
      cls.push('is-lit', `r${info.ramp}`);
      if (cellBytes > 1 && info.coverage < 1) cls.push(`cov${Math.max(1, Math.ceil(info.coverage * 4))}`);
    }
    if (info.overlap) cls.push('is-overlap');
    if (info.hits > 0 && this.padCell(lo, hi, info.first)) cls.push('is-pad');
    // Bytes of one multi-byte element sit close together; elements are spaced.
    let x0 = x + 0.75;
    let x1 = x + w - 0.75;
    if (grouped && info.hits > 0) {
      x0 = x + (info.startFlat != null ? 1.25 : 0);
      x1 = x + w - (info.endsHere ? 1.25 : 0.5);
    }
    return svg('rect', {
      x: x0, y: ln.y0 + 0.5, width: Math.max(1, x1 - x0), height: cellH - 1, rx: grouped && info.hits > 0 ? 1.5 : Math.min(3, w / 5),
      class: cls.join(' '),
      dataset: { lo, hi, hits: info.hits, ...(info.first != null ? { flat: info.first } : {}) },
    });
  }

  // Numbers: the flat index of the element starting here (element mode: of the first
  // element in the cell), and a ×n badge where bytes are used n times.
  drawCellText(gText, ln, lo, x, info, ctx) {
    const { p, cellH } = ctx;
    const w = p.w;
    const label = p.k !== 1 ? null
      : this.unit === 'element' ? (info.hits > 0 ? String(info.first) : null)
        : this.unit === 'char' ? (info.hits > 0 ? this.charGlyph(lo, info.first) : null)
        : info.startFlat != null ? String(info.startFlat) : null;
    const badge = p.k === 1 && info.overlap && info.mult > 1 ? `×${info.mult}` : null;
    const badgeW = badge ? badge.length * 5.4 + 5 : 0;
    if (label && ctx.showNumbers && label.length * 6.2 + 3 <= w) {
      const room = badge && w >= 26 ? w - badgeW : w;
      gText.append(svg('text', {
        x: x + (badge && w >= 26 ? room / 2 + 1 : w / 2 - 0.25), y: ln.y0 + cellH / 2 + 3.5, class: 'sl-cell-text', 'text-anchor': 'middle',
      }, label));
    }
    if (badge && w >= 22 && (ctx.badgesLeft -= 1) >= 0) {
      gText.append(svg('rect', { x: x + w - badgeW - 2, y: ln.y0 + 2.5, width: badgeW, height: 11, rx: 5.5, class: 'sl-badge' }));
      gText.append(svg('text', { x: x + w - badgeW / 2 - 2, y: ln.y0 + 11, class: 'sl-badge-text', 'text-anchor': 'middle' }, badge));
    }
  }

  /** Another variable's lane under a row: the bytes its elements cover, a tick where each starts. */
  drawLane(g, lane, li, ln, rowStart, { p, cellH }) {
    const { w, cellBytes, rowBytes } = p;
    const ly = ln.y0 + cellH + 2 + li * (LANE_H + LANE_GAP);
    const rowEnd = Math.min(this.S, rowStart + rowBytes);
    const runs = lane.L.runs;
    for (let i = 0; i < runs.length; i += 2) {
      if (runs[i + 1] <= rowStart) continue;
      if (runs[i] >= rowEnd) break;
      const s = Math.max(runs[i], rowStart);
      const e = Math.min(runs[i + 1], rowEnd);
      g.append(svg('rect', {
        x: LABEL_W + ((s - rowStart) / cellBytes) * w + 0.5, y: ly,
        width: Math.max(1, ((e - s) / cellBytes) * w - 1), height: LANE_H, rx: 1.5,
        class: `sl-lane lane-${lane.color}`, dataset: { lane: lane.v.name },
      }));
    }
    const tickGap = (lane.v.itemsize / cellBytes) * w;
    if (tickGap < 3) return;
    const [a, b] = lane.L.range(rowStart, rowEnd);
    for (let q = a; q < b && q - a < 4096; q += 1) {
      const s = lane.L.sOff[q];
      if (s < rowStart) continue;
      const tx = LABEL_W + ((s - rowStart) / cellBytes) * w + 0.5;
      g.append(svg('line', { x1: tx, x2: tx, y1: ly - 1.5, y2: ly + LANE_H + 1.5, class: `sl-tick lane-${lane.color}` }));
    }
  }

  /** Outlines, row by row, the bytes of this storage the step changed (one rect per run of cells). */
  drawWritten(lines, cellH) {
    const g = svg('g', { class: 'sl-written-g', 'aria-hidden': 'true' });
    const w = this.model.written.get(this.v.storage);
    this.container.dataset.written = w ? pairs(w.ranges).map(([a, b]) => `${a}-${b}`).join(' ') : '';
    if (!w) return g;
    const { rowBytes, cellBytes, w: cw } = this.geom;
    for (const ln of lines) {
      if (ln.type !== 'row') continue;
      const rowStart = ln.r * rowBytes;
      const rowEnd = rowStart + rowBytes;
      let run = null;  // [first cell, end cell) of adjacent written cells
      const flush = () => {
        if (!run) return;
        g.append(svg('rect', { class: 'sl-written', x: LABEL_W + run[0] * cw + 0.5, y: ln.y0 + 0.5, width: (run[1] - run[0]) * cw - 1, height: cellH - 1, rx: 2 }));
        run = null;
      };
      for (const [a, b] of pairs(w.ranges)) {
        const lo = Math.max(a, rowStart);
        const hi = Math.min(b, rowEnd);
        if (lo >= hi) continue;
        const c0 = Math.floor((lo - rowStart) / cellBytes);
        const c1 = Math.ceil((hi - rowStart) / cellBytes);
        if (run && c0 <= run[1]) run[1] = Math.max(run[1], c1);
        else {
          flush();
          run = [c0, c1];
        }
      }
      flush();
    }
    return g;
  }

  /** Outlines bytes [lo, hi) (the stride walk's current element); null clears it. */
  setMark(mark) {
    this.mark = mark && Number.isFinite(mark.lo) ? { lo: mark.lo, hi: mark.hi } : null;
    this.drawMark();
  }

  drawMark() {
    if (!this.markG) return;
    clearNode(this.markG);
    const g = this.geom;
    const m = this.mark;
    this.container.dataset.mark = m ? `${m.lo}-${m.hi}` : '';
    if (!m || !g || !this.lines) return;
    for (const ln of this.lines) {
      if (ln.type !== 'row') continue;
      const rowStart = ln.r * g.rowBytes;
      const a = Math.max(m.lo, rowStart);
      const b = Math.min(m.hi, rowStart + g.rowBytes);
      if (a >= b) continue;
      const x0 = LABEL_W + (Math.floor((a - rowStart) / g.cellBytes)) * g.w;
      const x1 = LABEL_W + Math.ceil((b - rowStart) / g.cellBytes) * g.w;
      this.markG.append(svg('rect', { class: 'sl-mark', x: x0 - 1.5, y: ln.y0 - 1.5, width: x1 - x0 + 3, height: this.cellH + 3, rx: 3 }));
    }
  }

  /** The character stored at storage byte lo of element `flat` (char cells), '' for zero padding. */
  charGlyph(lo, flat) {
    const v = this.v;
    const code = v.codes?.[flat]?.[Math.floor((lo - this.L.offsets[flat]) / v.charSize)];
    if (!Number.isFinite(code)) return null;
    if (code === 0) return '∅';
    return code >= 0x20 && code !== 0x7f ? String.fromCodePoint(code) : '·';
  }

  /** A record's byte cell that lies in its padding (no field covers it). */
  padCell(lo, hi, flat) {
    const pad = this.v?.padding;
    if (!Array.isArray(pad) || !pad.length || hi - lo !== 1 || flat == null) return false;
    const k = lo - this.L.offsets[flat];
    return pad.some(([a, b]) => k >= a && k < b);
  }

  /** Counts for one cell [lo, hi): hits, first flat index, ramp class, overlap. */
  cellInfo(lo, hi) {
    const L = this.L;
    const [a, b] = L.range(lo, hi);
    const hits = b - a;
    if (!hits) return { hits: 0, overlap: false, coverage: 0 };
    let first = Infinity;
    let startFlat = null;
    let endsHere = false;
    for (let q = a; q < b; q += 1) {
      const f = L.sIdx[q];
      if (f < first) first = f;
      if (L.sOff[q] >= lo && (startFlat == null || f < startFlat)) startFlat = f;
      if (L.sOff[q] + L.itemsize <= hi) endsHere = true;
    }
    const overlap = L.overlaps.length > 0 && L.overlapCover(lo, hi) > 0;
    // Multiplicity of the most used byte of a one-byte cell is the hit count; for a
    // wider cell (element mode) count elements meeting its first byte.
    let mult = 1;
    if (overlap) {
      if (hi - lo === 1) mult = hits;
      else if (hi - lo <= 64 && hits <= 4096) {
        let m = 0;
        for (let byte = lo; byte < hi; byte += 1) {
          let c = 0;
          for (let q = a; q < b; q += 1) if (L.sOff[q] <= byte && byte < L.sOff[q] + L.itemsize) c += 1;
          if (c > m) m = c;
        }
        mult = m;
      }
    }
    const denom = Math.max(1, L.count - 1);
    const ramp = Math.min(RAMP - 1, Math.floor((first / denom) * RAMP));
    const coverage = hi - lo > 1 ? L.coverage(lo, hi) / (hi - lo) : 1;
    return { hits, first, startFlat, endsHere, ramp, overlap, mult, coverage };
  }

  // ---- hover, keyboard, pinch ---------------------------------------------------------

  hit(clientX, clientY) {
    if (!this.svgEl || !this.geom) return null;
    const box = this.svgEl.getBoundingClientRect();
    const x = clientX - box.left;
    const y = clientY - box.top;
    const ln = this.lines.find((l) => y >= l.y0 && y < l.y1);
    if (!ln || ln.type !== 'row') return null;
    const { w, cellBytes, rowBytes, cpr } = this.geom;
    const c = Math.floor((x - LABEL_W) / w);
    if (c < 0 || c >= cpr) return null;
    const lo = ln.r * rowBytes + c * cellBytes;
    if (lo >= this.S) return null;
    const yIn = y - ln.y0;
    const laneIdx = yIn > this.cellH ? Math.floor((yIn - this.cellH - 2) / (LANE_H + LANE_GAP)) : -1;
    return { lo, hi: Math.min(this.S, lo + cellBytes), lane: laneIdx >= 0 && laneIdx < this.lanes.length ? laneIdx : -1 };
  }

  onPointerMove(e) {
    if (this.pointers.has(e.pointerId)) {
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.pointers.size === 2) return this.onPinch();
    }
    if (e.pointerType === 'touch' && this.pointers.size > 1) return undefined;
    const h = this.hit(e.clientX, e.clientY);
    if (!h) {
      if (this.cursor == null) this.hideTip();
      return undefined;
    }
    this.anchorByte = h.lo;
    this.showTip(h.lo, h.hi, e.clientX, e.clientY);
    return undefined;
  }

  setAnchorFromEvent(e) {
    const h = this.hit(e.clientX, e.clientY);
    if (h) this.anchorByte = h.lo;
  }

  onPointerDown(e) {
    if (e.pointerType !== 'touch') return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.pointers.size === 2) {
      const [p, q] = [...this.pointers.values()];
      this.pinchDist = Math.hypot(p.x - q.x, p.y - q.y);
      this.setAnchorFromEvent({ clientX: (p.x + q.x) / 2, clientY: (p.y + q.y) / 2 });
    } else {
      const h = this.hit(e.clientX, e.clientY);
      if (h) this.showTip(h.lo, h.hi, e.clientX, e.clientY);
    }
  }

  onPointerUp(e) {
    this.pointers.delete(e.pointerId);
    if (this.pointers.size < 2) this.pinchDist = 0;
  }

  onPinch() {
    const [p, q] = [...this.pointers.values()];
    const d = Math.hypot(p.x - q.x, p.y - q.y);
    if (!this.pinchDist) {
      this.pinchDist = d;
      return;
    }
    const ratio = d / this.pinchDist;
    if (ratio > 1.3 || ratio < 0.77) {
      this.pinchDist = d;
      this.zoomBy(ratio > 1 ? 1 : -1);
    }
  }

  onKey(e) {
    const g = this.geom;
    if (!g) return;
    if (e.key === '+' || e.key === '=') { e.preventDefault(); this.anchorByte = this.cursor ?? this.anchorByte; this.zoomBy(1); return; }
    if (e.key === '-' || e.key === '_') { e.preventDefault(); this.anchorByte = this.cursor ?? this.anchorByte; this.zoomBy(-1); return; }
    if (e.key === '0') { e.preventDefault(); this.fit(); return; }
    if (e.key === 'Escape') { this.cursor = null; this.hideTip(); this.drawCursor(); return; }
    const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: g.cpr, ArrowUp: -g.cpr };
    if (!(e.key in moves)) return;
    e.preventDefault();
    const visible = this.visibleCells();
    if (!visible.length) return;
    let i = this.cursor == null ? 0 : visible.indexOf(this.cursor);
    if (this.cursor != null) {
      // Move by cells inside the drawn rows (skipping folds).
      const target = this.cursor + moves[e.key] * g.cellBytes;
      const j = visible.indexOf(target);
      i = j >= 0 ? j : Math.max(0, Math.min(visible.length - 1, i + Math.sign(moves[e.key])));
    }
    this.cursor = visible[i];
    this.anchorByte = this.cursor;
    this.drawCursor();
    const rect = this.cursorRect.getBoundingClientRect();
    this.showTip(this.cursor, Math.min(this.S, this.cursor + g.cellBytes), rect.right, rect.bottom);
    this.cursorRect.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }

  visibleCells() {
    const out = [];
    const g = this.geom;
    for (const ln of this.lines ?? []) {
      if (ln.type !== 'row') continue;
      for (let c = 0; c < g.cpr; c += 1) {
        const lo = ln.r * g.rowBytes + c * g.cellBytes;
        if (lo >= this.S) break;
        out.push(lo);
      }
    }
    return out;
  }

  drawCursor() {
    if (!this.cursorRect) return;
    const g = this.geom;
    const ln = this.cursor != null && g ? this.lines.find((l) => l.type === 'row' && l.r === Math.floor(this.cursor / g.rowBytes)) : null;
    if (!ln) {
      this.cursorRect.setAttribute('visibility', 'hidden');
      return;
    }
    const c = (this.cursor - ln.r * g.rowBytes) / g.cellBytes;
    this.cursorRect.setAttribute('x', String(LABEL_W + c * g.w - 1));
    this.cursorRect.setAttribute('y', String(ln.y0 - 1));
    this.cursorRect.setAttribute('width', String(g.w + 1));
    this.cursorRect.setAttribute('height', String(this.cellH + 1));
    this.cursorRect.setAttribute('visibility', 'visible');
  }

  visibleCenterByte() {
    const mid = this.scroll.scrollTop + this.scroll.clientHeight / 2;
    const ln = this.lines?.find((l) => l.type === 'row' && l.y1 >= mid) ?? this.lines?.find((l) => l.type === 'row');
    return ln ? ln.r * this.geom.rowBytes : 0;
  }

  scrollToByte(byte) {
    if (byte == null || !this.geom) return;
    const r = Math.floor(byte / this.geom.rowBytes);
    const ln = this.lines.find((l) => l.type === 'row' && l.r === r);
    if (!ln) return;
    const target = ln.y0 - this.scroll.clientHeight / 2 + this.cellH / 2;
    this.scroll.scrollTop = Math.max(0, target);
  }

  hideTip() {
    this.tip.classList.remove('is-visible');
  }

  showTip(lo, hi, clientX, clientY) {
    const lines = this.tipLines(lo, hi);
    clearNode(this.tip);
    for (const [cls, parts] of lines) {
      const row = el('div', `sl-tip-${cls}`);
      for (const part of parts) row.append(typeof part === 'string' ? document.createTextNode(part) : part);
      this.tip.append(row);
    }
    this.tip.classList.add('is-visible');
    this.tip.dataset.lo = String(lo);
    // Position inside the stage, flipped near the right and bottom edges.
    const stage = this.stage.getBoundingClientRect();
    const tw = this.tip.offsetWidth;
    const th = this.tip.offsetHeight;
    let x = clientX - stage.left + 14;
    let y = clientY - stage.top + 16;
    if (x + tw > stage.width - 4) x = Math.max(4, clientX - stage.left - tw - 10);
    if (y + th > stage.height + 40 && clientY - stage.top - th - 12 > 0) y = clientY - stage.top - th - 12;
    this.tip.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`;
  }

  tipLines(lo, hi) {
    const out = this.tipPlace(lo, hi);
    const L = this.L;
    const v = this.v;
    if (this.model.writtenIn(v, lo, hi)) out.push(['written', [this.t('inspector.strip.tipWritten')]]);
    const { flats, total } = L.covering(lo, hi, 4);
    if (!total) {
      out.push(['muted', [L.capped ? this.t('inspector.strip.tipUntouchedCapped', { name: v.name, count: formatInt(L.count, this.lang) })
        : this.t('inspector.strip.tipUntouched', { name: v.name })]]);
    } else {
      this.tipElements(out, lo, hi, flats, total);
    }
    if (total && (hi - lo === 1 || (this.unit === 'char' && this.geom.k === 1))) this.tipInside(out, lo, flats[0]);
    this.tipOthers(out, lo, hi);
    return out;
  }

  /** The tooltip's head (which bytes or element the cell is) and their addresses. */
  tipPlace(lo, hi) {
    const { t, lang, v } = this;
    const g = this.geom;
    let head;
    if (hi - lo === 1) head = t('inspector.strip.tipByte', { b: formatInt(lo, lang) });
    else if (g.k === 1 && this.unit === 'char') head = t('inspector.strip.tipCharCell', { lo: formatInt(lo, lang), hi: formatInt(hi - 1, lang) });
    else if (g.k === 1 && this.unit === 'element') head = t('inspector.strip.tipElem', { c: formatInt(lo / v.itemsize, lang), lo: formatInt(lo, lang), hi: formatInt(hi - 1, lang) });
    else head = t('inspector.strip.tipBytes', { lo: formatInt(lo, lang), hi: formatInt(hi - 1, lang) });
    const out = [['head', [head]]];
    if (Number.isFinite(v.dataAddress)) {
      // Note [Addresses]: storage byte k is at dataAddress - offset + k, the number
      // __array_interface__['data'][0] reports for an array starting there.
      const a0 = v.dataAddress - v.offset + lo;
      const addr = hi - lo === 1
        ? t('inspector.strip.tipAddr', { addr: String(a0), hex: `0x${a0.toString(16)}` })
        : t('inspector.strip.tipAddrs', { lo: String(a0), hi: String(a0 + (hi - lo) - 1), hex: `0x${a0.toString(16)}` });
      out.push(['addr', [addr]]);
    }
    return out;
  }

  /** The selected array's elements in the cell: index, flat index, the address formula. */
  tipElements(out, lo, hi, flats, total) {
    const { t, lang, v, L } = this;
    const isz = v.itemsize;
    if (hi - lo > 1 && this.geom.k > 1) {
      const pct = Math.round((L.coverage(lo, hi) / (hi - lo)) * 100);
      out.push(['muted', [t('inspector.strip.tipCoverage', { pct, name: v.name })]]);
    } else if (total > 1) {
      out.push(['warn', [t('inspector.strip.tipHits', { n: total, name: v.name })]]);
    }
    const tensor = v.kind === 'tensor';
    for (const f of flats) {
      const idx = L.unravel(f);
      const start = L.offsets[f];
      const terms = idx.map((i, k) => `${i}×${signed(v.strides[k])}`);
      const formula = idx.length ? `${v.offset} + ${terms.join(' + ')} = ${formatInt(start, lang)}` : `${v.offset} = ${formatInt(start, lang)}`;
      const span = isz > 1 ? ` (${t('inspector.strip.tipBytes', { lo: formatInt(start, lang), hi: formatInt(start + isz - 1, lang) })})` : '';
      out.push(['elem', [el('span', 'sl-tip-name', `${v.name}${formatIndex(idx)}`),
        el('span', 'sl-tip-flat', t('inspector.strip.tipFlat', { i: formatInt(f, lang) }))]]);
      out.push(['formula', [formula, el('span', 'sl-tip-span', span)]]);
      if (tensor && v.elementStrides) {
        const eterms = idx.map((i, k) => `${i}×${signed(v.elementStrides[k])}`);
        const eoff = v.offset / isz;
        out.push(['formula is-elem', [`${eoff} + ${eterms.join(' + ')} = ${formatInt(start / isz, lang)} (${t('inspector.unit.element')})`]]);
      }
    }
    if (total > flats.length) out.push(['muted', [t('inspector.strip.tipMore', { n: formatInt(total - flats.length, lang) })]]);
  }

  /** Inside one element (`flat`): the record field or padding at byte `lo`, the text's code point. */
  tipInside(out, lo, flat) {
    const { t, v } = this;
    const k = lo - this.L.offsets[flat];
    const at = Array.isArray(v.fields) ? fieldAt(v, k) : null;
    if (at?.pad) out.push(['field is-pad', [t('inspector.strip.tipPad', { k })]]);
    else if (at?.field) out.push(['field', [t('inspector.strip.tipField', { field: at.field.name, dtype: at.field.dtype, i: k - at.field.offset, n: at.field.itemsize })]]);
    if (!v.charSize || !Array.isArray(v.codes?.[flat])) return;
    const ci = Math.floor(k / v.charSize);
    const code = v.codes[flat][ci];
    if (!Number.isFinite(code)) return;
    out.push(['field', [code === 0
      ? t('inspector.strip.tipCharPad', { c: ci })
      : t('inspector.strip.tipChar', { c: ci, code: v.charSize === 4 ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `0x${code.toString(16).padStart(2, '0')}`, ch: code >= 0x20 && code !== 0x7f ? String.fromCodePoint(code) : '·' })]]);
  }

  /** The lanes' elements on these bytes, then every other variable on this storage whose elements cover them. */
  tipOthers(out, lo, hi) {
    const t = this.t;
    for (const lane of this.lanes) {
      const c = lane.L.covering(lo, hi, 1);
      if (!c.total) continue;
      const idx = lane.L.unravel(c.flats[0]);
      out.push(['lane', [el('span', { class: `sl-tip-lane lane-${lane.color}`, 'aria-hidden': 'true' }),
        t('inspector.strip.tipCompare', { name: lane.v.name, index: formatIndex(idx) })]]);
    }
    const laneNames = new Set(this.lanes.map((l) => l.v.name));
    const also = [];
    for (const w of this.model.sameStorage(this.v).slice(0, ALSO_CAP)) {
      if (laneNames.has(w.name) || w.size === 0) continue;
      const c = layoutOf(w).covering(lo, hi, 1);
      if (c.total) also.push(`${w.name}${formatIndex(layoutOf(w).unravel(c.flats[0]))}`);
    }
    if (also.length) out.push(['also', [t('inspector.strip.tipAlso', { names: also.join(', ') })]]);
  }
}

/** [[lo0, hi0], [lo1, hi1], ...] of a flat list of range bounds. */
function pairs(ranges) {
  const out = [];
  for (let i = 0; i + 1 < ranges.length; i += 2) out.push([ranges[i], ranges[i + 1]]);
  return out;
}

function writtenBytes(ranges) {
  return pairs(ranges).reduce((n, [a, b]) => n + (b - a), 0);
}

function rankOther(model, v, w) {
  let r = 0;
  const s = model.shares(v.name, w.name);
  if (s === 'yes') r += 4;
  else if (s === 'maybe') r += 2;
  if (w.itemsize !== v.itemsize || w.dtype !== v.dtype) r += 1;
  return r;
}
