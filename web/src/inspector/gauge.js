// Memory gauge: live heap bytes as a stacked bar — owned by a named variable, kept
// alive only through views (the owner has no name left: `small = arr[:10]; del arr`
// keeps all of arr's 8 MB), kept alive by autograd graphs (tensors saved for
// backward that no variable holds: heap.graphBytes), and not reachable from
// variables — with exact numbers,
// then the storages kept alive only through views and who keeps them.

import { el, formatBytes, formatInt } from './dom.js';
import { isArrayVar } from './model.js';

export function renderGauge({ container, model, t, lang, onSelect }) {
  const heap = model.heap;
  if (!heap) {
    container.append(el('p', 'sl-empty', t('inspector.empty')));
    return;
  }
  const live = Math.max(0, heap.liveBytes ?? 0);
  const reachable = Math.max(0, heap.reachableBytes ?? 0);
  const viewOnly = Math.max(0, heap.viewOnlyBytes ?? 0);
  const named = Math.max(0, reachable - viewOnly);
  const graph = Math.max(0, Math.min(heap.graphBytes ?? 0, live - reachable));
  const other = Math.max(0, live - reachable - graph);
  const total = Math.max(live, reachable, 1);

  const head = el('div', 'sl-gauge-head',
    el('span', 'sl-gauge-total', formatBytes(live, lang)),
    el('span', 'sl-gauge-label', t('inspector.mem.live')),
    el('span', 'sl-gauge-sub',
      `${t('inspector.mem.storages', { n: formatInt(heap.liveStorages ?? 0, lang) })} · ${t('inspector.mem.peak', { bytes: formatBytes(heap.peakBytes ?? 0, lang) })}`));
  container.append(head);

  const segs = [
    ['named', named, 'inspector.mem.named'],
    ['view-only', viewOnly, 'inspector.mem.viewOnly'],
    ...(graph > 0 || model.snapshot?.autograd?.nodes?.length ? [['graph', graph, 'inspector.mem.graph']] : []),
    ['other', other, 'inspector.mem.other'],
  ];
  const bar = el('div', { class: 'sl-gauge-bar', role: 'img',
    'aria-label': segs.map(([, n, key]) => `${t(key)}: ${formatBytes(n, lang)}`).join('; ') });
  for (const [cls, n] of segs) {
    if (n <= 0) continue;
    const seg = el('div', { class: `sl-gauge-seg s-${cls}` });
    // A sliver stays visible for tiny non-zero parts.
    seg.style.flexGrow = String(n / total);
    seg.style.minWidth = '3px';
    bar.append(seg);
  }
  container.append(bar);

  const legend = el('dl', 'sl-gauge-legend');
  for (const [cls, n, key] of segs) {
    legend.append(el('div', { class: `sl-gauge-row s-${cls}${n > 0 ? '' : ' is-zero'}`, dataset: { part: cls, bytes: n } },
      el('dt', null, el('span', { class: `sl-swatch s-${cls}`, 'aria-hidden': 'true' }), t(key)),
      el('dd', null, el('span', 'sl-gauge-human', formatBytes(n, lang)),
        el('span', 'sl-gauge-exact', `${formatInt(n, lang)} B`))));
  }
  container.append(legend);

  // Which storages are alive only through views, and who holds them.
  const viewOnlyStorages = [...model.storages.values()].filter((s) => !s.ownerNamed);
  if (viewOnlyStorages.length) {
    const ul = el('ul', 'sl-kept');
    for (const s of viewOnlyStorages.sort((a, b) => b.nbytes - a.nbytes).slice(0, 6)) {
      const holders = (s.holders ?? []).filter((n) => isArrayVar(model.byName.get(n)));
      const li = el('li', { class: 'sl-kept-item', dataset: { storage: s.id } });
      li.append(el('div', 'sl-kept-line', t('inspector.mem.keptBy', {
        id: s.id, bytes: formatBytes(s.nbytes, lang), names: holders.join(', ') || '?',
      })));
      // The seed 001 lesson: a 10-element slice keeps the whole buffer alive.
      // Only when no holder spans the whole buffer (else nothing is wasted).
      const held = holders.map((n) => model.byName.get(n)).sort((a, b) => a.nbytes - b.nbytes);
      const smallest = held[0];
      const largest = held[held.length - 1];
      if (smallest && largest.nbytes < s.nbytes) {
        const btn = el('button', { type: 'button', class: 'sl-link', dataset: { name: smallest.name } },
          t('inspector.mem.keptBySmall', { name: smallest.name, used: formatBytes(smallest.nbytes, lang) }));
        btn.addEventListener('click', () => onSelect(smallest.name));
        li.append(el('div', 'sl-kept-sub', btn));
      }
      ul.append(li);
    }
    container.append(ul);
  } else if (live > 0) {
    container.append(el('p', 'sl-caption', t('inspector.mem.noViewOnly')));
  }
}
