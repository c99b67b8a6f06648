// Variables table: one row per variable (container members indented under their
// container), layout columns for arrays, and a "changed by the last run" highlight.
// Clicking a row (or Enter/Space on it) selects that array for the other panels.

import { el, formatBytes, formatInt, formatTuple, truncate } from './dom.js';
import { isArrayVar } from './model.js';

const FLAG_BADGES = [
  // [label, test, title key, tone]
  ['C', (f) => f.C_CONTIGUOUS, 'inspector.flag.C', 'on'],
  ['F', (f) => f.F_CONTIGUOUS, 'inspector.flag.F', 'on'],
  ['OWN', (f) => f.OWNDATA, 'inspector.flag.OWN', 'own'],
  ['RO', (f) => f.WRITEABLE === false, 'inspector.flag.RO', 'warn'],
  ['UA', (f) => f.ALIGNED === false, 'inspector.flag.UA', 'warn'],
  ['WB', (f) => f.WRITEBACKIFCOPY, 'inspector.flag.WB', 'warn'],
];

export function ownerText(model, v, t) {
  const chain = model.chain(v);
  if (!chain.length) return null;
  const owner = model.describeObject(chain[chain.length - 1].id);
  const ownerLabel = owner.kind === 'named' ? owner.names[0]
    : owner.kind === 'dummy' ? t('inspector.owner.dummy')
      : owner.kind === 'hidden' ? t('inspector.owner.hidden') : t('inspector.owner.unknown');
  if (chain[0].obj?.kind === 'DummyArray' && chain.length > 1) {
    return `${t('inspector.owner.dummy')} → ${ownerLabel}`;
  }
  return ownerLabel;
}

const COLUMNS = ['name', 'kind', 'dtype', 'shape', 'strides', 'offset', 'flags', 'nbytes', 'data'];

export function renderTable({ container, model, selected, t, lang, onSelect }) {
  const head = el('thead', null, el('tr', null,
    COLUMNS.map((c) => el('th', { scope: 'col', class: `c-${c}` }, t(`inspector.vars.col.${c}`)))));
  const body = el('tbody');
  for (const v of model.vars) body.append(variableRow({ v, model, selected, t, lang }));
  const table = el('table', { class: 'sl-table', role: 'grid' }, head, body);

  // One roving tab stop: the selected row (or the first array row).
  const rows = [...body.querySelectorAll('tr.is-array')];
  const focusRow = rows.find((r) => r.dataset.name === selected) ?? rows[0];
  if (focusRow) focusRow.tabIndex = 0;
  bindRowKeys(body, rows, onSelect);
  container.append(el('div', { class: 'sl-table-wrap' }, table));
  return table;
}

function variableRow({ v, model, selected, t, lang }) {
  const isArr = isArrayVar(v);
  const changed = model.changed.has(v.name);
  const tr = el('tr', {
    class: ['sl-row', isArr ? 'is-array' : 'is-other', v.topLevel === false ? 'is-member' : '',
      changed ? 'is-changed' : '', isArr && v.name === selected ? 'is-selected' : ''].filter(Boolean).join(' '),
    dataset: { name: v.name },
  });
  const nameCell = el('th', { scope: 'row', class: 'c-name' });
  nameCell.append(el('span', { class: 'sl-varname', title: v.name }, shownName(v)));
  if (changed) {
    nameCell.append(el('span', { class: 'sl-changed-dot', title: t(model.step ? 'inspector.vars.changedTitleStep' : 'inspector.vars.changedTitle'), 'aria-label': t('inspector.vars.changed') }));
  }
  tr.append(nameCell);
  tr.append(el('td', { class: 'c-kind' }, el('span', { class: `sl-kind k-${safeClass(v.kind)}` }, kindLabel(v.kind, t))));
  if (isArr) {
    arrayCells(tr, { v, model, t, lang });
    tr.tabIndex = -1;
    tr.setAttribute('aria-selected', v.name === selected ? 'true' : 'false');
    tr.title = t('inspector.vars.select', { name: v.name });
  } else {
    tr.append(el('td', { class: 'c-dtype c-type mono' }, v.dtype ?? v.type ?? ''));
    tr.append(el('td', { class: 'c-preview mono', colspan: String(COLUMNS.length - 3), title: v.preview ?? '' },
      truncate(oneLine(v.preview ?? v.type ?? ''), 120)));
  }
  return tr;
}

// An array's layout columns: strides and offset in bytes (NumPy) or elements (torch).
function arrayCells(tr, { v, model, t, lang }) {
  const tensor = v.kind === 'tensor';
  tr.append(el('td', { class: 'c-dtype mono' }, v.dtype ?? ''));
  tr.append(el('td', { class: 'c-shape mono' }, formatTuple(v.shape)));
  const strides = tensor ? v.elementStrides ?? v.strides.map((s) => s / v.itemsize) : v.strides;
  tr.append(el('td', { class: 'c-strides mono' }, formatTuple(strides),
    unitTag(tensor, t)));
  const offset = tensor ? v.offset / v.itemsize : v.offset;
  tr.append(el('td', { class: 'c-offset mono' }, String(offset), unitTag(tensor, t)));
  const flags = el('td', { class: 'c-flags' });
  const f = v.flags ?? {};
  for (const [label, test, key, tone] of FLAG_BADGES) {
    if (test(f)) flags.append(el('span', { class: `sl-flag t-${tone}`, title: t(key) }, label));
  }
  if (!flags.childNodes.length) flags.append(el('span', 'sl-none', '–'));
  tr.append(flags);
  tr.append(el('td', { class: 'c-nbytes num', title: `${formatInt(v.nbytes, lang)} B` }, formatBytes(v.nbytes, lang)));
  const data = el('td', { class: 'c-data' });
  const alias = model.aliasOf(v);
  const owner = ownerText(model, v, t);
  if (owner == null) data.append(el('span', { class: 'sl-data is-owner' }, t('inspector.vars.owns')));
  else {
    const [before, after] = splitTemplate(t('inspector.vars.viewOf', { owner: '\u0000' }));
    data.append(el('span', { class: 'sl-data is-view' }, before,
      el('span', { class: 'sl-owner' }, owner), after));
  }
  if (alias) data.append(el('span', { class: 'sl-alias' }, ` · ${t('inspector.vars.aliasOf', { name: alias })}`));
  const role = autogradRole(v, t, lang);
  if (role) data.append(el('span', { class: 'sl-ag-tag' }, role));
  tr.append(data);
}

// A member row sits under its container, so a long path shows its end, from a path
// component on: opt.state[model.weight]['exp_avg_sq'] -> …[model.weight]['exp_avg_sq'].
const MEMBER_CHARS = 32;
function shownName(v) {
  const name = String(v.name ?? '');
  if (v.topLevel !== false || name.length <= MEMBER_CHARS) return name;
  const from = name.length - MEMBER_CHARS;
  for (let i = from; i < name.length; i += 1) if (name[i] === '[' || name[i] === '.') return `…${name.slice(i)}`;
  return `…${name.slice(from)}`;
}

// What a tensor is to autograd, as a short tag: a gradient, an optimizer's state, a
// result whose graph keeps bytes no variable holds (core/api/snapshot.cpp).
function autogradRole(v, t, lang) {
  if (v.gradOf) return t('inspector.vars.gradOf', { name: v.gradOf });
  if (v.optimizerState) return t('inspector.vars.stateOf', { key: v.optimizerState.key, param: v.optimizerState.param ?? '?' });
  const hidden = v.autograd?.graphHiddenBytes;
  return hidden > 0 ? t('inspector.vars.graphKeeps', { bytes: formatBytes(hidden, lang) }) : null;
}

// Click or Enter/Space selects an array's row; arrows, Home and End move the selection.
function bindRowKeys(body, rows, onSelect) {
  body.addEventListener('click', (e) => {
    const tr = e.target.closest('tr.is-array');
    if (tr) onSelect(tr.dataset.name, { focus: true });
  });
  body.addEventListener('keydown', (e) => {
    const tr = e.target.closest('tr.is-array');
    if (!tr) return;
    const i = rows.indexOf(tr);
    let next = null;
    if (e.key === 'ArrowDown') next = rows[i + 1];
    else if (e.key === 'ArrowUp') next = rows[i - 1];
    else if (e.key === 'Home') next = rows[0];
    else if (e.key === 'End') next = rows[rows.length - 1];
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(tr.dataset.name, { focus: true });
      return;
    } else return;
    e.preventDefault();
    if (next) onSelect(next.dataset.name, { focus: true });
  });
}

function unitTag(tensor, t) {
  return el('span', {
    class: 'sl-unit',
    title: t(tensor ? 'inspector.vars.unitElemsTitle' : 'inspector.vars.unitBytesTitle'),
  }, t(tensor ? 'inspector.vars.unitElems' : 'inspector.vars.unitBytes'));
}

function kindLabel(kind, t) {
  const key = `inspector.kind.${kind}`;
  const s = t(key);
  return s === key ? String(kind ?? '') : s;
}

function safeClass(s) {
  return String(s ?? 'other').replace(/[^a-zA-Z0-9_-]/g, '');
}

function oneLine(s) {
  return String(s).replace(/\s*\n\s*/g, ' ');
}

// "view of \0" -> ["view of ", ""], "\0 的视图" -> ["", " 的视图"]
export function splitTemplate(s) {
  const i = s.indexOf('\u0000');
  return i < 0 ? [s, ''] : [s.slice(0, i), s.slice(i + 1)];
}
