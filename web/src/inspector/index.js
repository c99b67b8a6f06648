// stridelab memory inspector: renders the engine's inspection snapshot
// (session.snapshot(), built by core/api/snapshot.cpp) as seven panels — variables,
// why the selected array is a view or a copy (the engine's explanation), byte strip
// (hover: address and every variable's element there), layout pictures (record field
// lanes, text code points, the stride walk), base chain, sharing groups, memory gauge.
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
  const onSelectCb = typeof opts.onSelect === 'function' ? opts.onSelect : null;

  let model = null;
  let selected = null;
  let destroyed = false;

  root.classList.add('sl-inspector');
  root.dataset.state = 'empty';

  const emptyMsg = el('p', 'sl-inspector-empty', t('inspector.empty'));

  const vars = panel('sl-p-vars', t('inspector.vars.title'));
  const legendText = el('span', null, t('inspector.vars.legendChanged'));
  const legendChanged = el('span', 'sl-legend-changed',
    el('span', { class: 'sl-changed-swatch', 'aria-hidden': 'true' }), legendText);
  const varsCount = el('span', 'sl-count');
  vars.meta.append(legendChanged, varsCount);

  const explain = panel('sl-p-explain', t('inspector.explain.title'));
  const pictures = panel('sl-p-layout', t('inspector.layout.title'));
  const strip = panel('sl-p-strip', t('inspector.strip.title'));
  const chain = panel('sl-p-chain', t('inspector.chain.title'));
  const share = panel('sl-p-share', t('inspector.share.title'));
  const mem = panel('sl-p-mem', t('inspector.mem.title'));

  const byteStrip = new ByteStrip({ container: strip.body, t, lang, onSelect: (n) => select(n) });

  const grid = el('div', 'sl-grid', chain.section, share.section, mem.section);
  const duo = el('div', 'sl-duo', explain.section, pictures.section);
  const content = el('div', 'sl-content', vars.section, strip.section, duo, grid);
  let walkHandle = null;
  clearNode(root);
  root.append(emptyMsg, content);

  // Panel widths come from a ResizeObserver, so update() never forces a layout.
  const widths = new Map();
  const widthOf = (node) => {
    const known = widths.get(node);
    if (known) return known;
    if (!node.clientWidth) return 0;
    const cs = getComputedStyle(node);
    return node.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  };
  const ro = typeof ResizeObserver === 'function' ? new ResizeObserver((entries) => {
    let chainChanged = false;
    for (const e of entries) {
      const w = Math.round(e.contentRect.width);
      if (!w || Math.abs(w - (widths.get(e.target) ?? 0)) < 2) continue;
      widths.set(e.target, w);
      if (e.target === strip.body) byteStrip.setWidth(w);
      if (e.target === chain.body) chainChanged = true;
    }
    if (chainChanged && model) renderChainPanel();
  }) : null;
  ro?.observe(strip.body);
  ro?.observe(chain.body);

  function defaultSelection(m) {
    if (selected && isArrayVar(m.byName.get(selected))) return selected;
    const changedArr = m.arrays.find((v) => m.changed.has(v.name) && v.topLevel !== false);
    if (changedArr) return changedArr.name;
    return (m.arrays.find((v) => v.topLevel !== false) ?? m.arrays[0])?.name ?? null;
  }

  function renderChainPanel() {
    clearNode(chain.body);
    renderChain({ container: chain.body, model, selected, t, lang, onSelect: select, width: widthOf(chain.body) || 320 });
  }

  // The selection's explanation and layout pictures: drawn at once for a user's
  // selection, on the next animation frame after update() (as the byte strip is),
  // so that a run's update stays cheap however many panels there are; flush()
  // draws them now.
  let panelsFrame = 0;
  function renderSelectionPanels() {
    if (panelsFrame) cancelAnimationFrame(panelsFrame);
    panelsFrame = 0;
    if (destroyed || !model) return;
    clearNode(explain.body);
    renderExplain({ container: explain.body, model, selected, t, lang });
    walkHandle?.stop();
    clearNode(pictures.body);
    walkHandle = renderPictures({ container: pictures.body, model, selected, t, lang, onMark: (m) => byteStrip.setMark(m) });
  }

  function renderDependent({ defer = false } = {}) {
    renderChainPanel();
    clearNode(share.body);
    renderSharing({ container: share.body, model, selected, t, lang, onSelect: select });
    byteStrip.setData(model, selected, { width: widthOf(strip.body) });
    byteStrip.setMark(null);
    walkHandle?.stop();
    if (defer) {
      if (!panelsFrame) panelsFrame = requestAnimationFrame(renderSelectionPanels);
    } else {
      renderSelectionPanels();
    }
    root.dataset.selected = selected ?? '';
  }

  // Static labels are set again on every update: the page's t() may have switched
  // language since (it calls update() again after a language change).
  function relabel() {
    vars.titleEl.textContent = t('inspector.vars.title');
    strip.titleEl.textContent = t('inspector.strip.title');
    explain.titleEl.textContent = t('inspector.explain.title');
    pictures.titleEl.textContent = t('inspector.layout.title');
    chain.titleEl.textContent = t('inspector.chain.title');
    share.titleEl.textContent = t('inspector.share.title');
    mem.titleEl.textContent = t('inspector.mem.title');
    legendText.textContent = t(model?.step ? 'inspector.vars.legendChangedStep' : 'inspector.vars.legendChanged');
    byteStrip.relabel();
  }

  function update(snapshot, previous = null, step = null) {
    if (destroyed) return;
    relabel();
    if (!snapshot || !Array.isArray(snapshot.variables)) {
      clear();
      return;
    }
    model = buildModel(snapshot, previous, step);
    relabel();
    selected = defaultSelection(model);
    root.dataset.state = model.arrays.length ? 'ready' : 'no-arrays';
    emptyMsg.textContent = model.arrays.length ? '' : t(model.vars.length ? 'inspector.noArrays' : 'inspector.empty');
    emptyMsg.hidden = model.arrays.length > 0;
    content.hidden = model.vars.length === 0;
    strip.section.hidden = grid.hidden = duo.hidden = model.arrays.length === 0;

    clearNode(vars.body);
    legendChanged.hidden = model.changed.size === 0;
    const nv = model.vars.length;
    const na = model.arrays.length;
    varsCount.textContent = t('inspector.vars.count', {
      vars: nv === 1 ? t('inspector.vars.oneVar') : t('inspector.vars.nVars', { n: formatInt(nv, lang) }),
      arrays: na === 1 ? t('inspector.vars.oneArray') : t('inspector.vars.nArrays', { n: formatInt(na, lang) }),
    });
    renderTable({ container: vars.body, model, selected, t, lang, onSelect: select });

    clearNode(mem.body);
    renderGauge({ container: mem.body, model, t, lang, onSelect: select });
    renderDependent({ defer: true });
  }

  function select(name, { focus = false } = {}) {
    if (destroyed || !model) return;
    if (!isArrayVar(model.byName.get(name))) return;
    if (name !== selected) {
      selected = name;
      for (const tr of vars.body.querySelectorAll('tr.is-array')) {
        const on = tr.dataset.name === name;
        tr.classList.toggle('is-selected', on);
        tr.setAttribute('aria-selected', String(on));
        tr.tabIndex = on ? 0 : -1;
      }
      renderDependent();
      onSelectCb?.(name);
      root.dispatchEvent(new CustomEvent('inspector:select', { bubbles: true, detail: { name } }));
    }
    if (focus) {
      const row = [...vars.body.querySelectorAll('tr.is-array')].find((r) => r.dataset.name === name);
      row?.focus({ preventScroll: false });
    }
  }

  function clear() {
    relabel();
    model = null;
    selected = null;
    root.dataset.state = 'empty';
    root.dataset.selected = '';
    emptyMsg.textContent = t('inspector.empty');
    emptyMsg.hidden = false;
    content.hidden = true;
    walkHandle?.stop();
    walkHandle = null;
    if (panelsFrame) cancelAnimationFrame(panelsFrame);
    panelsFrame = 0;
    for (const p of [vars, explain, pictures, chain, share, mem]) clearNode(p.body);
    byteStrip.setData(null, null);
  }

  function destroy() {
    if (destroyed) return;
    destroyed = true;
    ro?.disconnect();
    walkHandle?.stop();
    if (panelsFrame) cancelAnimationFrame(panelsFrame);
    panelsFrame = 0;
    byteStrip.destroy();
    clearNode(root);
    root.classList.remove('sl-inspector');
    delete root.dataset.state;
    delete root.dataset.selected;
  }

  clear();

  return {
    update,
    clear,
    destroy,
    select: (name) => select(name),
    /** Draws the byte strip and the selection's panels now instead of on the next animation frame. */
    flush: () => {
      if (panelsFrame) renderSelectionPanels();
      byteStrip.flush();
    },
    get selected() { return selected; },
    get element() { return root; },
  };
}
