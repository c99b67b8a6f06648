// Autograd panel: the memory of training for the selected tensor, from the
// snapshot's `autograd` records (core/api/snapshot.cpp, core/api/graph_view.hpp):
// a parameter's `.grad` (a storage of its own), an optimizer's state tensors, the
// graph behind a tensor -- its grad_fn nodes and what each saved for backward, with
// shape and bytes, drawn here as SVG -- and the run's "modified by an inplace
// operation" error told from the engine's write log. Nothing here decides anything:
// every fact is the engine's; this file words and draws them.

import { el, svg, formatBytes, formatTuple, truncate } from './dom.js';
import { isArrayVar } from './model.js';
import { richNode } from '../explain/render.js';

const BOX_W = 196;
const HEAD_H = 22;
const LINE_H = 15;
const GAP_X = 14;
const GAP_Y = 26;
const MAX_NODES = 24;

/** The short name a node is drawn with ("AccumulateGrad" for torch::autograd::AccumulateGrad). */
function nodeLabel(n) {
  return String(n.name ?? '?').replace(/^torch::autograd::/, '');
}

const edgesOf = (nodes, id) => [...(nodes[id]?.next ?? []), nodes[id]?.wraps].filter((e) => e != null && nodes[e]);

/** Every node reachable from `root`, in topological order (a node before the nodes it feeds into). */
function topoOrder(nodes, root) {
  const seen = new Set();
  const post = [];
  const stack = [[root, 0]];
  while (stack.length) {
    const top = stack[stack.length - 1];
    const [id, k] = top;
    if (k === 0) {
      if (seen.has(id)) { stack.pop(); continue; }
      seen.add(id);
    }
    const edges = edgesOf(nodes, id);
    if (k < edges.length) {
      top[1] = k + 1;
      if (!seen.has(edges[k])) stack.push([edges[k], 0]);
    } else {
      stack.pop();
      post.push(id);
    }
  }
  return post.reverse();
}

/**
 * The nodes drawn for the graph behind `root` (at most `max`, nearest first) in layers:
 * a node's layer is its longest path from the root, so every edge points down.
 */
export function graphLayers(nodes, root, max = MAX_NODES) {
  const order = topoOrder(nodes, root);
  const near = [root];
  const picked = new Set(near);
  for (let i = 0; i < near.length && near.length < max; i += 1) {
    for (const e of edgesOf(nodes, near[i])) {
      if (picked.has(e) || near.length >= max) continue;
      picked.add(e);
      near.push(e);
    }
  }
  const depth = new Map([[root, 0]]);
  for (const id of order) {
    if (!picked.has(id) || !depth.has(id)) continue;
    for (const e of edgesOf(nodes, id)) if (picked.has(e)) depth.set(e, Math.max(depth.get(e) ?? 0, depth.get(id) + 1));
  }
  const layers = [];
  for (const id of order) if (picked.has(id)) (layers[depth.get(id)] ??= []).push(id);
  return { layers: layers.filter(Boolean), shown: near, hiddenCount: order.length - near.length };
}

function savedClass(s) {
  if (s.nbytes == null) return 'is-freed';
  if (s.stale) return 'is-stale';
  if (!s.sharesWith?.length) return 'is-hidden';
  return 'is-shared';
}

function savedLine(s, lang) {
  if (s.nbytes == null) return `${s.name}`;
  return `${s.name} ${formatTuple(s.shape ?? [])} · ${formatBytes(s.nbytes, lang)}`;
}

/** One node's box: its name (the leaf's for AccumulateGrad), then a line per saved tensor. */
function nodeBox(n, x, y, t, lang) {
  const saved = n.saved ?? [];
  const h = HEAD_H + LINE_H * saved.length + (saved.length ? 6 : 0);
  const cls = `sl-ag-node${n.released ? ' is-released' : ''}${n.variable ? ' is-leaf' : ''}`;
  const g = svg('g', { class: cls, dataset: { node: n.id, name: n.name } });
  g.append(svg('rect', { x, y, width: BOX_W, height: h, rx: 6 }));
  const title = n.variable ? `${nodeLabel(n)} → ${n.variable}` : nodeLabel(n);
  g.append(svg('text', { x: x + 8, y: y + 15, class: 'sl-ag-name' }, truncate(title, 28)));
  if (n.released) g.append(svg('text', { x: x + BOX_W - 8, y: y + 15, class: 'sl-ag-freed', 'text-anchor': 'end' }, t('inspector.ag.freed')));
  saved.forEach((s, i) => {
    const line = svg('text', { x: x + 10, y: y + HEAD_H + 11 + LINE_H * i, class: `sl-ag-saved ${savedClass(s)}` },
      truncate(savedLine(s, lang), 30));
    line.append(svg('title', null, savedTitle(n, s, t, lang)));
    g.append(line);
  });
  return { g, h };
}

function savedTitle(n, s, t, lang) {
  const parts = [t('inspector.ag.savedBy', { node: nodeLabel(n), slot: s.name })];
  if (s.nbytes != null) parts.push(`${s.dtype ?? ''} ${formatTuple(s.shape ?? [])} · ${formatBytes(s.nbytes, lang)}`);
  parts.push(s.sharesWith?.length ? t('inspector.ag.sharesWith', { names: s.sharesWith.join(', ') }) : t('inspector.ag.onlyGraph'));
  if (s.stale) parts.push(t('inspector.ag.stale', { from: s.savedVersion, to: s.version }));
  if (s.line) parts.push(t('inspector.ag.savedAt', { line: s.line, source: s.source ?? '' }).replaceAll('`', ''));
  return parts.join('\n');
}

/** Positions of the boxes, layer by layer (root on top), each layer centred. */
function placeBoxes(nodes, layers, t, lang) {
  const width = Math.max(...layers.map((l) => l.length * BOX_W + (l.length - 1) * GAP_X), BOX_W);
  const boxes = new Map();
  let y = 4;
  for (const layer of layers) {
    const lw = layer.length * BOX_W + (layer.length - 1) * GAP_X;
    let x = (width - lw) / 2 + 4;
    let lh = 0;
    for (const id of layer) {
      const box = nodeBox(nodes[id], x, y, t, lang);
      boxes.set(id, { ...box, x, y });
      lh = Math.max(lh, box.h);
      x += BOX_W + GAP_X;
    }
    y += lh + GAP_Y;
  }
  return { boxes, width: width + 8, height: y - GAP_Y + 8 };
}

/** The picture of the graph behind node `root`: boxes and the edges into each input's node. */
export function graphPicture(nodes, root, { t, lang, name }) {
  const { layers, hiddenCount } = graphLayers(nodes, root);
  const { boxes, width, height } = placeBoxes(nodes, layers, t, lang);
  const pic = svg('svg', { class: 'sl-ag-graph', viewBox: `0 0 ${width} ${height}`, width, height, role: 'img',
    'aria-label': t('inspector.ag.picture', { name }) });
  const edges = svg('g', { class: 'sl-ag-edges' });
  for (const [id, b] of boxes) {
    for (const e of edgesOf(nodes, id)) {
      const to = boxes.get(e);
      if (!to) continue;
      const x1 = b.x + BOX_W / 2;
      const y1 = b.y + b.h;
      const x2 = to.x + BOX_W / 2;
      const my = (y1 + to.y) / 2;
      edges.append(svg('path', { d: `M${x1} ${y1} C${x1} ${my} ${x2} ${my} ${x2} ${to.y - 3}`,
        class: e === nodes[id].wraps ? 'is-wraps' : null }));
    }
  }
  pic.append(edges, ...[...boxes.values()].map((b) => b.g));
  const wrap = el('div', 'sl-ag-picture', pic);
  if (hiddenCount > 0) wrap.append(el('p', 'sl-caption', t('inspector.ag.more', { n: hiddenCount })));
  return wrap;
}

function selectButton(name, label, onSelect) {
  const b = el('button', { type: 'button', class: 'sl-link', dataset: { name } }, label);
  b.addEventListener('click', () => onSelect(name));
  return b;
}

/** What the selected tensor is to autograd, in sentences: a leaf and its .grad, a gradient, optimizer state. */
function roleLines(model, v, { t, lang, onSelect }) {
  const out = [];
  const a = v.autograd;
  const bytes = formatBytes(v.storageBytes ?? v.nbytes, lang);
  if (v.gradOf) {
    const p = el('p', 'sl-ag-line', richNode('span', null, t('inspector.ag.gradOf', { name: v.name, of: v.gradOf, storage: v.storage, bytes })));
    if (model.byName.has(v.gradOf)) p.append(' ', selectButton(v.gradOf, t('inspector.ag.select', { name: v.gradOf }), onSelect));
    out.push(p);
  }
  if (v.optimizerState) {
    const s = v.optimizerState;
    out.push(richNode('p', 'sl-ag-line', t('inspector.ag.state', { name: v.name, owner: s.owner, key: s.key, param: s.param ?? '?', storage: v.storage, bytes })));
  }
  if (a?.isLeaf && a.requiresGrad) {
    out.push(richNode('p', 'sl-ag-line', t(a.isParameter ? 'inspector.ag.param' : 'inspector.ag.leaf', { name: v.name })));
    const g = a.grad ? model.byName.get(a.grad) : null;
    if (!g) out.push(richNode('p', 'sl-ag-line', t('inspector.ag.noGradYet')));
    else {
      const p = el('p', 'sl-ag-line', richNode('span', null, t('inspector.ag.hasGrad', { grad: g.name, storage: g.storage, bytes: formatBytes(g.storageBytes, lang) })));
      p.append(' ', selectButton(g.name, t('inspector.ag.select', { name: g.name }), onSelect));
      out.push(p);
    }
  }
  return out;
}

/** The sentences over the graph behind a non-leaf: its grad_fn, what it saved, what only it keeps. */
function graphLines(model, v, { t, lang }) {
  const a = v.autograd;
  const nodes = model.snapshot?.autograd?.nodes ?? [];
  const vars = { name: v.name, fn: a.gradFn, n: a.graphSaved ?? 0, bytes: formatBytes(a.graphBytes ?? 0, lang) };
  if (!a.graphSaved) {
    // backward() released the nodes that had saved something (their saved tensors are gone)
    const released = graphLayers(nodes, a.node).shown.some((id) => nodes[id]?.released);
    return [richNode('p', 'sl-ag-line', t('inspector.ag.gradFnOnly', vars)),
      el('p', 'sl-ag-note', t(released ? 'inspector.ag.released' : 'inspector.ag.noSaved'))];
  }
  const out = [richNode('p', 'sl-ag-line', t(a.graphSaved === 1 ? 'inspector.ag.gradFnOne' : 'inspector.ag.gradFn', vars))];
  if (a.graphHiddenBytes > 0) out.push(el('p', 'sl-ag-note is-hidden', t('inspector.ag.hidden', { bytes: formatBytes(a.graphHiddenBytes, lang) })));
  else out.push(el('p', 'sl-ag-note', t('inspector.ag.allShared')));
  return out;
}

/** The saved tensors of the graph behind `root`, one row each (the picture's facts as text). */
function savedList(nodes, root, { t, lang }) {
  const { shown } = graphLayers(nodes, root);
  const ul = el('ul', 'sl-ag-list');
  for (const id of shown) {
    for (const s of nodes[id].saved ?? []) {
      if (s.nbytes == null) continue;
      const li = el('li', { class: `sl-ag-item ${savedClass(s)}`, dataset: { node: nodes[id].name, slot: s.name } });
      li.append(el('div', 'sl-ag-item-head', el('span', 'sl-ag-item-what', t('inspector.ag.savedBy', { node: nodeLabel(nodes[id]), slot: s.name })),
        el('span', 'sl-ag-item-size mono', `${s.dtype} ${formatTuple(s.shape)} · ${formatBytes(s.nbytes, lang)}`)));
      const sub = [s.sharesWith?.length ? t('inspector.ag.sharesWith', { names: s.sharesWith.join(', ') }) : t('inspector.ag.onlyGraph')];
      if (s.stale) sub.push(t('inspector.ag.stale', { from: s.savedVersion, to: s.version }));
      li.append(el('div', 'sl-ag-item-sub', sub.join(' · ')));
      if (s.line) li.append(richNode('div', 'sl-ag-item-src', t('inspector.ag.savedAt', { line: s.line, source: s.source ?? '' })));
      ul.append(li);
    }
  }
  return ul.childNodes.length ? ul : null;
}

/** The run's version-check failure, told from the engine's write log. */
export function failureBox(f, { t }) {
  const box = el('div', { class: 'sl-ag-failure', role: 'note' });
  box.append(el('div', 'sl-ag-failure-title', t('inspector.ag.fail.title')));
  const shape = formatTuple(f.shape ?? []);
  box.append(richNode('p', null, t(f.savedLine ? 'inspector.ag.fail.saved' : 'inspector.ag.fail.savedNoLine', {
    node: f.node, slot: f.slot, dtype: f.dtype, shape, line: f.savedLine, source: f.savedSource ?? '', from: f.savedVersion })));
  for (const w of f.writes ?? []) {
    const via = w.via ?? (w.viewOf ? t('inspector.ag.fail.aView', { base: w.viewOf }) : '?');
    const viewOf = w.via && w.viewOf ? t('inspector.ag.fail.viewOf', { base: w.viewOf }) : '';
    box.append(richNode('p', null, t(w.line ? 'inspector.ag.fail.write' : 'inspector.ag.fail.writeNoLine', {
      line: w.line, source: w.source ?? '', op: w.op, via, viewOf, version: w.version })));
  }
  box.append(richNode('p', null, t('inspector.ag.fail.now', { from: f.savedVersion, to: f.version })));
  box.append(richNode('p', 'sl-ag-fix', t('inspector.ag.fail.fix')));
  return box;
}

export function renderAutograd({ container, model, selected, t, lang, onSelect }) {
  const failure = model?.snapshot?.autograd?.failure;
  if (failure) container.append(failureBox(failure, { t }));
  const v = model?.byName.get(selected);
  const nodes = model?.snapshot?.autograd?.nodes ?? [];
  const a = isArrayVar(v) ? v.autograd : null;
  const lines = isArrayVar(v) ? roleLines(model, v, { t, lang, onSelect }) : [];
  if (a?.node != null && nodes[a.node]) lines.push(...graphLines(model, v, { t, lang }));
  if (!lines.length) {
    if (!failure) container.append(el('p', 'sl-empty', t('inspector.ag.none')));
    return;
  }
  const wrap = el('div', { class: 'sl-ag', dataset: { name: v.name } }, ...lines);
  if (a?.node != null && nodes[a.node]) {
    const detail = el('div', 'sl-ag-detail', graphPicture(nodes, a.node, { t, lang, name: v.name }));
    const list = savedList(nodes, a.node, { t, lang });
    if (list) detail.append(list);
    wrap.append(detail);
  }
  container.append(wrap);
}
