// stridelab memory inspector: renders the engine's inspection snapshot
// (session.snapshot(), built by core/api/snapshot.cpp) as eight panels — variables,
// autograd memory (a tensor's .grad, optimizer state, the graph behind it and what it
// saved; shown when the program uses autograd), why the selected array is a view or a
// copy (the engine's explanation), byte strip (hover: address and every variable's
// element there), layout pictures (record field lanes, text code points, the stride
// walk), base chain, sharing groups, memory gauge.
// It never talks to the engine: the page hands it snapshots. update(snapshot, previous)
// takes any snapshot (after a run, or a step of a timeline) and keeps the selection;
// update(snapshot, previous, step) with a timeline step also marks, in the byte strip,
// the bytes that step's statement changed (step.bytesChanged).
//
//   import { createInspector } from './inspector/index.js';
//   const inspector = createInspector(document.querySelector('#inspector'), {
//     t: (key, vars) => i18n.t(key, vars),   // optional; unknown keys use ./i18n.js
//     lang: 'en',                             // 'en' | 'zh-CN': fallback dictionary, number format
//     onSelect: (name) => {},                 // the user selected an array
//   });
//   inspector.update(snapshot, previousSnapshot);   // after every run
//   inspector.update(step.snapshot, previousSnapshot, step);   // a timeline step
//   inspector.select('v');  inspector.clear();  inspector.destroy();
//
// The root element also receives a bubbling `inspector:select` CustomEvent
// ({ detail: { name } }) and carries data-selected / data-state for tests.
// Styles: web/inspector.css (all classes are prefixed `sl-`).

import { el, clearNode, formatInt } from './dom.js';
import { wrapTranslator, resolveLang } from './i18n.js';
import { buildModel, isArrayVar } from './model.js';
import { renderTable } from './table.js';
import { renderChain } from './chain.js';
import { renderSharing } from './sharing.js';
import { renderGauge } from './gauge.js';
import { ByteStrip } from './strip.js';
import { renderExplain } from './explain.js';
import { renderPictures } from './pictures.js';
import { renderAutograd } from './autograd.js';

export { messages, createTranslator } from './i18n.js';

function panel(cls, title, ...extraHead) {
  const titleEl = el('h3', 'sl-panel-title', title);
  const meta = el('div', 'sl-panel-meta', ...extraHead);
  const head = el('header', 'sl-panel-head', titleEl, meta);
  const body = el('div', 'sl-panel-body');
  const section = el('section', { class: `sl-panel ${cls}` }, head, body);
  return { section, head, body, meta, titleEl };
}

export function createInspector(root, opts = {}) {
  if (!(root instanceof Element)) throw new TypeError('createInspector: root must be an Element');
  // opts.lang fixes the language of the fallback dictionary (and number format);
  // without it, <html lang> is read on every call.
  const lang = resolveLang(opts.lang ?? document.documentElement.lang ?? 'en');
  const t = wrapTranslator(opts.t, opts.lang ? lang : () => resolveLang(document.documentElement.lang));
  const inspector = new Inspector(root, { t, lang, onSelect: typeof opts.onSelect === 'function' ? opts.onSelect : null });
  return {
    update: (snapshot, previous, step) => inspector.update(snapshot, previous, step),
    clear: () => inspector.clear(),
    destroy: () => inspector.destroy(),
    select: (name) => inspector.select(name),
    /** Draws the byte strip and the selection's panels now instead of on the next animation frame. */
    flush: () => inspector.flush(),
    get selected() { return inspector.selected; },
    get element() { return root; },
  };
}

// The eight panels in their grid, built once; update() fills their bodies.
function buildPanels(t) {
  const ui = { emptyMsg: el('p', 'sl-inspector-empty', t('inspector.empty')) };
  ui.vars = panel('sl-p-vars', t('inspector.vars.title'));
  ui.legendText = el('span', null, t('inspector.vars.legendChanged'));
  ui.legendChanged = el('span', 'sl-legend-changed',
    el('span', { class: 'sl-changed-swatch', 'aria-hidden': 'true' }), ui.legendText);
  ui.varsCount = el('span', 'sl-count');
  ui.vars.meta.append(ui.legendChanged, ui.varsCount);
  for (const [key, cls, title] of PANELS) ui[key] = panel(cls, t(title));
  ui.grid = el('div', 'sl-grid', ui.chain.section, ui.share.section, ui.mem.section);
  ui.duo = el('div', 'sl-duo', ui.explain.section, ui.pictures.section);
  ui.content = el('div', 'sl-content', ui.vars.section, ui.strip.section, ui.duo, ui.grid);
  return ui;
}

// [field of buildPanels' answer, class, title key] of every panel but the variables'.
const PANELS = [
  ['explain', 'sl-p-explain', 'inspector.explain.title'],
  ['pictures', 'sl-p-layout', 'inspector.layout.title'],
  ['strip', 'sl-p-strip', 'inspector.strip.title'],
  ['chain', 'sl-p-chain', 'inspector.chain.title'],
  ['share', 'sl-p-share', 'inspector.share.title'],
  ['mem', 'sl-p-mem', 'inspector.mem.title'],
  ['ag', 'sl-p-ag', 'inspector.ag.title'],
];

class Inspector {
  constructor(root, { t, lang, onSelect }) {
    Object.assign(this, { root, t, lang, onSelectCb: onSelect });
    this.model = null;
    this.selected = null;
    this.destroyed = false;
    this.walkHandle = null;
    this.panelsFrame = 0;
    this.select = this.select.bind(this);
    root.classList.add('sl-inspector');
    root.dataset.state = 'empty';
    this.ui = buildPanels(t);
    this.byteStrip = new ByteStrip({ container: this.ui.strip.body, t, lang, onSelect: (n) => this.select(n) });
    clearNode(root);
    root.append(this.ui.emptyMsg, this.ui.content);
    this.observeWidths();
    this.clear();
  }

  // Panel widths come from a ResizeObserver, so update() never forces a layout.
  observeWidths() {
    const { strip, chain } = this.ui;
    this.widths = new Map();
    this.ro = typeof ResizeObserver === 'function' ? new ResizeObserver((entries) => {
      let chainChanged = false;
      for (const e of entries) {
        const w = Math.round(e.contentRect.width);
        if (!w || Math.abs(w - (this.widths.get(e.target) ?? 0)) < 2) continue;
        this.widths.set(e.target, w);
        if (e.target === strip.body) this.byteStrip.setWidth(w);
        if (e.target === chain.body) chainChanged = true;
      }
      if (chainChanged && this.model) this.renderChainPanel();
    }) : null;
    this.ro?.observe(strip.body);
    this.ro?.observe(chain.body);
  }

  widthOf(node) {
    const known = this.widths.get(node);
    if (known) return known;
    if (!node.clientWidth) return 0;
    const cs = getComputedStyle(node);
    return node.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  }

  defaultSelection(m) {
    if (this.selected && isArrayVar(m.byName.get(this.selected))) return this.selected;
    const changedArr = m.arrays.find((v) => m.changed.has(v.name) && v.topLevel !== false);
    if (changedArr) return changedArr.name;
    return (m.arrays.find((v) => v.topLevel !== false) ?? m.arrays[0])?.name ?? null;
  }

  renderChainPanel() {
    const body = this.ui.chain.body;
    clearNode(body);
    const { model, selected, t, lang } = this;
    renderChain({ container: body, model, selected, t, lang, onSelect: this.select, width: this.widthOf(body) || 320 });
  }

  cancelPanelsFrame() {
    if (this.panelsFrame) cancelAnimationFrame(this.panelsFrame);
    this.panelsFrame = 0;
  }

  // The selection's explanation and layout pictures: drawn at once for a user's
  // selection, on the next animation frame after update() (as the byte strip is),
  // so that a run's update stays cheap however many panels there are; flush()
  // draws them now.
  renderSelectionPanels() {
    this.cancelPanelsFrame();
    if (this.destroyed || !this.model) return;
    const { model, selected, t, lang, ui } = this;
    clearNode(ui.explain.body);
    renderExplain({ container: ui.explain.body, model, selected, t, lang });
    this.walkHandle?.stop();
    clearNode(ui.pictures.body);
    this.walkHandle = renderPictures({ container: ui.pictures.body, model, selected, t, lang, onMark: (m) => this.byteStrip.setMark(m) });
  }

  // In the page (after the variables) only while the snapshot has autograd records (a
  // tensor requiring grad, a graph, a failure): a NumPy program's inspector is unchanged.
  renderAutogradPanel() {
    const { model, selected, t, lang, ui } = this;
    const ag = model.snapshot?.autograd;
    const any = ag?.failure || ag?.nodes?.length || model.arrays.some((v) => v.autograd || v.gradOf || v.optimizerState);
    clearNode(ui.ag.body);
    if (!any) {
      ui.ag.section.remove();
      return;
    }
    if (!ui.ag.section.isConnected) ui.vars.section.after(ui.ag.section);
    renderAutograd({ container: ui.ag.body, model, selected, t, lang, onSelect: this.select });
  }

  renderDependent({ defer = false } = {}) {
    const { model, selected, t, lang, ui } = this;
    this.renderChainPanel();
    clearNode(ui.share.body);
    renderSharing({ container: ui.share.body, model, selected, t, lang, onSelect: this.select });
    this.renderAutogradPanel();
    this.byteStrip.setData(model, selected, { width: this.widthOf(ui.strip.body) });
    this.byteStrip.setMark(null);
    this.walkHandle?.stop();
    if (defer) {
      if (!this.panelsFrame) this.panelsFrame = requestAnimationFrame(() => this.renderSelectionPanels());
    } else {
      this.renderSelectionPanels();
    }
    this.root.dataset.selected = selected ?? '';
  }

  // Static labels are set again on every update: the page's t() may have switched
  // language since (it calls update() again after a language change).
  relabel() {
    const { t, ui } = this;
    ui.vars.titleEl.textContent = t('inspector.vars.title');
    for (const [key, , title] of PANELS) ui[key].titleEl.textContent = t(title);
    ui.legendText.textContent = t(this.model?.step ? 'inspector.vars.legendChangedStep' : 'inspector.vars.legendChanged');
    this.byteStrip.relabel();
  }

  update(snapshot, previous = null, step = null) {
    if (this.destroyed) return;
    this.relabel();
    if (!snapshot || !Array.isArray(snapshot.variables)) {
      this.clear();
      return;
    }
    const model = buildModel(snapshot, previous, step);
    this.model = model;
    this.relabel();
    this.selected = this.defaultSelection(model);
    const { ui, t } = this;
    this.root.dataset.state = model.arrays.length ? 'ready' : 'no-arrays';
    ui.emptyMsg.textContent = model.arrays.length ? '' : t(model.vars.length ? 'inspector.noArrays' : 'inspector.empty');
    ui.emptyMsg.hidden = model.arrays.length > 0;
    ui.content.hidden = model.vars.length === 0;
    ui.strip.section.hidden = ui.grid.hidden = ui.duo.hidden = model.arrays.length === 0;
    this.renderVars();
    clearNode(ui.mem.body);
    renderGauge({ container: ui.mem.body, model, t, lang: this.lang, onSelect: this.select });
    this.renderDependent({ defer: true });
  }

  renderVars() {
    const { model, selected, t, lang, ui } = this;
    clearNode(ui.vars.body);
    ui.legendChanged.hidden = model.changed.size === 0;
    const nv = model.vars.length;
    const na = model.arrays.length;
    ui.varsCount.textContent = t('inspector.vars.count', {
      vars: nv === 1 ? t('inspector.vars.oneVar') : t('inspector.vars.nVars', { n: formatInt(nv, lang) }),
      arrays: na === 1 ? t('inspector.vars.oneArray') : t('inspector.vars.nArrays', { n: formatInt(na, lang) }),
    });
    renderTable({ container: ui.vars.body, model, selected, t, lang, onSelect: this.select });
  }

  select(name, { focus = false } = {}) {
    if (this.destroyed || !this.model) return;
    if (!isArrayVar(this.model.byName.get(name))) return;
    const rows = () => this.ui.vars.body.querySelectorAll('tr.is-array');
    if (name !== this.selected) {
      this.selected = name;
      for (const tr of rows()) {
        const on = tr.dataset.name === name;
        tr.classList.toggle('is-selected', on);
        tr.setAttribute('aria-selected', String(on));
        tr.tabIndex = on ? 0 : -1;
      }
      this.renderDependent();
      this.onSelectCb?.(name);
      this.root.dispatchEvent(new CustomEvent('inspector:select', { bubbles: true, detail: { name } }));
    }
    if (focus) [...rows()].find((r) => r.dataset.name === name)?.focus({ preventScroll: false });
  }

  flush() {
    if (this.panelsFrame) this.renderSelectionPanels();
    this.byteStrip.flush();
  }

  clear() {
    this.relabel();
    this.model = null;
    this.selected = null;
    const { root, ui } = this;
    root.dataset.state = 'empty';
    root.dataset.selected = '';
    ui.emptyMsg.textContent = this.t('inspector.empty');
    ui.emptyMsg.hidden = false;
    ui.content.hidden = true;
    this.walkHandle?.stop();
    this.walkHandle = null;
    this.cancelPanelsFrame();
    for (const p of [ui.vars, ui.explain, ui.pictures, ui.chain, ui.share, ui.mem, ui.ag]) clearNode(p.body);
    ui.ag.section.remove();
    this.byteStrip.setData(null, null);
  }

  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.ro?.disconnect();
    this.walkHandle?.stop();
    this.cancelPanelsFrame();
    this.byteStrip.destroy();
    clearNode(this.root);
    this.root.classList.remove('sl-inspector');
    delete this.root.dataset.state;
    delete this.root.dataset.selected;
  }
}
