// Sharing groups: variables that share bytes, as coloured chips, one colour per group.
// The engine's groups (shareGroups) are the transitive closure of "shares bytes with",
// so each group also gets a pair matrix: emb shares with every part of a split, yet
// the parts share nothing with each other. Pairs the engine's exact solver gave up on
// (tooHardPairs) are shown as "may share".

import { el } from './dom.js';

export const GROUP_COLORS = 8;

export function renderSharing({ container, model, selected, t, onSelect }) {
  const { groups, tooHard } = model;
  const v = model.byName.get(selected);

  if (v && model.arrays.includes(v)) {
    const with_ = [];
    const disjoint = [];
    const maybe = [];
    for (const w of model.sameStorage(v)) {
      const r = model.shares(v.name, w.name);
      if (r === 'yes') with_.push(w.name);
      else if (r === 'no') disjoint.push(w.name);
      else maybe.push(w.name);
    }
    const line = el('p', 'sl-share-summary');
    line.append(with_.length ? t('inspector.share.selected', { name: v.name, names: with_.join(', ') })
      : t('inspector.share.selectedNone', { name: v.name }));
    if (maybe.length) line.append(' ', el('span', 'sl-muted', t('inspector.share.selectedMaybe', { names: maybe.join(', ') })));
    if (disjoint.length) line.append(' ', el('span', 'sl-muted', t('inspector.share.disjoint', { names: disjoint.join(', ') })));
    container.append(line);
  }

  if (!groups.length && !tooHard.length) {
    container.append(el('p', 'sl-empty', t('inspector.share.none')));
    return;
  }

  const list = el('div', 'sl-groups');
  // The selected variable's group first; colours and numbers stay the engine's order.
  const order = groups.map((names, gi) => [names, gi]);
  order.sort((x, y) => Number(y[0].includes(selected)) - Number(x[0].includes(selected)));
  order.forEach(([names, gi]) => {
    const color = gi % GROUP_COLORS;
    const first = model.byName.get(names[0]);
    const box = el('div', { class: `sl-group g-${color}`, dataset: { group: gi } });
    box.append(el('div', 'sl-group-head',
      el('span', { class: `sl-swatch g-${color}`, 'aria-hidden': 'true' }),
      el('span', 'sl-group-title', t('inspector.share.group', { n: gi + 1 })),
      el('span', 'sl-group-meta', t('inspector.share.groupMeta', { n: names.length, storage: first?.storage ?? '?' }))));
    const chips = el('div', 'sl-chips');
    for (const name of names) chips.append(chip(name, `g-${color}`, name === selected, onSelect, model));
    box.append(chips);
    // Pair details for the selected variable's group (or the only group).
    if (names.includes(selected) || groups.length === 1) {
      box.classList.add('is-open');
      if (names.length <= 8) box.append(pairMatrix(names, model, t));
      else box.append(pairList(names, model, t));
    }
    list.append(box);
  });
  container.append(list);

  if (tooHard.length) {
    const may = el('div', 'sl-group is-maybe');
    may.append(el('div', 'sl-group-head',
      el('span', { class: 'sl-swatch is-maybe', 'aria-hidden': 'true' }),
      el('span', 'sl-group-title', t('inspector.share.may'))));
    const chips = el('div', 'sl-chips');
    for (const [a, b] of tooHard) {
      chips.append(el('span', { class: 'sl-pair-chip is-maybe', dataset: { a, b } },
        chip(a, 'is-maybe', a === selected, onSelect, model), el('span', 'sl-pair-sep', '↔'),
        chip(b, 'is-maybe', b === selected, onSelect, model)));
    }
    may.append(chips);
    container.append(may);
  }
}

function chip(name, cls, isSelected, onSelect, model) {
  const selectable = model.byName.has(name);
  const c = el(selectable ? 'button' : 'span', {
    class: `sl-chip ${cls}${isSelected ? ' is-selected' : ''}`,
    type: selectable ? 'button' : null,
    title: name,
    dataset: { name },
  }, name);
  if (selectable) c.addEventListener('click', () => onSelect(name));
  return c;
}

const MARK = { yes: '●', no: '·', maybe: '?' };

function pairMatrix(names, model, t) {
  const table = el('table', { class: 'sl-matrix', 'aria-label': t('inspector.share.pairs') });
  const head = el('tr', null, el('th', { scope: 'col', class: 'sl-matrix-corner' }));
  names.forEach((_, i) => head.append(el('th', { scope: 'col', title: names[i] }, String(i + 1))));
  table.append(el('thead', null, head));
  const body = el('tbody');
  names.forEach((a, i) => {
    const tr = el('tr', null, el('th', { scope: 'row', title: a },
      el('span', 'sl-matrix-n', `${i + 1}`), el('span', 'sl-matrix-name', a)));
    names.forEach((b, j) => {
      if (i === j) {
        tr.append(el('td', { class: 'is-self', 'aria-hidden': 'true' }, ''));
        return;
      }
      const r = model.shares(a, b);
      tr.append(el('td', {
        class: `is-${r}`,
        title: `${a} ↔ ${b}: ${t(`inspector.share.${r === 'yes' ? 'yes' : r === 'no' ? 'no' : 'maybe'}`)}`,
        dataset: { a, b, share: r },
      }, MARK[r]));
    });
    body.append(tr);
  });
  table.append(body);
  const legend = el('div', 'sl-matrix-legend',
    el('span', null, el('b', 'is-yes', MARK.yes), ' ', t('inspector.share.yes')),
    el('span', null, el('b', 'is-no', MARK.no), ' ', t('inspector.share.no')));
  return el('div', 'sl-matrix-wrap', table, legend);
}

function pairList(names, model, t) {
  const ul = el('ul', 'sl-pair-list');
  for (let i = 0; i < names.length; i += 1) {
    for (let j = i + 1; j < names.length; j += 1) {
      const r = model.shares(names[i], names[j]);
      if (r === 'no') continue;
      ul.append(el('li', { class: `is-${r}`, dataset: { a: names[i], b: names[j], share: r } },
        `${names[i]} ↔ ${names[j]}`));
    }
  }
  return ul;
}
