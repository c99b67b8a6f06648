// Base chain graph: the selected array → … → the object that owns the bytes, drawn
// top to bottom as SVG so it fits a 375 px column. Other variables whose bytes belong
// to the same owner sit beside the selected one, each with its own arrow. Unnamed
// objects are "(hidden copy)" (an array no variable names) and as_strided's
// DummyArray; NumPy's `.base` and PyTorch's `._base` both collapse to the owner, so
// chains are short and the picture stays small.

import { el, svg, formatBytes, formatTuple, textWidth, truncate } from './dom.js';
import { isArrayVar } from './model.js';

const NODE_H = 44;
const ROW_GAP = 46;
const COL_GAP = 12;
const PAD_X = 12;
const MIN_W = 92;
const MAX_W = 210;
const TITLE_FONT = '600 12.5px ui-monospace, "SF Mono", "Cascadia Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace';
let chainCounter = 0;
const META_FONT = '11px system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif';

function fitText(text, font, max) {
  let s = String(text);
  if (textWidth(s, font) <= max) return s;
  while (s.length > 2 && textWidth(`${s}…`, font) > max) s = s.slice(0, -1);
  return `${s}…`;
}

function makeNode(spec, maxW = MAX_W) {
  const inner = maxW - 2 * PAD_X;
  const title = fitText(spec.title, TITLE_FONT, inner);
  const meta = fitText(spec.meta ?? '', META_FONT, inner);
  const w = Math.max(MIN_W, Math.min(maxW,
    Math.ceil(Math.max(textWidth(title, TITLE_FONT), textWidth(meta, META_FONT))) + 2 * PAD_X));
  return { ...spec, title, meta, w, h: NODE_H, x: 0, y: 0 };
}

export function renderChain({ container, model, selected, t, lang, onSelect, width }) {
  const v = model.byName.get(selected);
  if (!isArrayVar(v)) {
    container.append(el('p', 'sl-empty', t('inspector.chain.none')));
    return;
  }
  const chain = model.chain(v);
  const ownerDesc = model.describeObject(chain.length ? chain[chain.length - 1].id : v.object);
  const describeVar = (w) => `${t('inspector.chain.view')} · ${w.dtype} ${formatTuple(w.shape)}`;
  const ownerNode = ownerNodeFor({ v, chain, ownerDesc, model, t, lang });
  const middle = middleNodes({ chain, model, t, describeVar });
  const avail = Math.max(240, width);
  const { top, siblings } = topRow({ v, chain, model, t, describeVar, avail });
  const { svgW, svgH, selNode } = placeNodes({ top, middle, ownerNode, avail });
  const summary = summaryText({ v, chain, siblings, ownerDesc, ownerNode, t });

  const root = svg('svg', {
    class: 'sl-chain-svg', width: svgW, height: svgH, viewBox: `0 0 ${svgW} ${svgH}`,
    role: 'img', 'aria-label': summary,
  });
  const uid = `sl-chain-${(chainCounter += 1)}`;
  const marker = (id, cls) => svg('marker', {
    id, viewBox: '0 0 10 10', refX: '9', refY: '5', markerWidth: '7', markerHeight: '7', orient: 'auto-start-reverse',
  }, svg('path', { d: 'M0,1 L9,5 L0,9 z', class: cls }));
  root.append(svg('defs', null, marker(`${uid}-a`, 'sl-arrowhead'), marker(`${uid}-s`, 'sl-arrowhead is-strong')));
  // selected → middle… → owner; siblings → owner
  const path = [selNode, ...middle, ownerNode].filter(Boolean);
  root.append(drawEdges({ path, top, ownerNode, uid, baseAttr: v.kind === 'tensor' ? '._base' : '.base' }));
  root.append(drawNodes({ nodes: [...top, ...middle, ownerNode], v, model, onSelect }));

  container.append(el('div', 'sl-chain-scroll', root));
  container.append(el('p', 'sl-caption', summary));
}

// An object no variable names: as_strided's DummyArray, a hidden copy, or unknown.
function unnamedTitle(kind, t) {
  return t(kind === 'dummy' ? 'inspector.chain.dummy' : kind === 'hidden' ? 'inspector.chain.hidden' : 'inspector.chain.unknown');
}

/** The node of the object that owns the bytes (the selected array itself when it has no base). */
function ownerNodeFor({ v, chain, ownerDesc, model, t, lang }) {
  const storageBytes = formatBytes(v.storageBytes, lang);
  if (!chain.length) {
    return makeNode({ role: 'owner', kind: 'named', name: v.name, title: v.name,
      meta: `${t('inspector.chain.ownsData', { bytes: storageBytes })} · ${v.dtype} ${formatTuple(v.shape)}`, selected: true });
  }
  if (ownerDesc.kind === 'named') {
    const ownerVar = model.byName.get(ownerDesc.names[0]);
    return makeNode({ role: 'owner', kind: 'named', name: ownerDesc.names[0],
      title: ownerDesc.names.join(' = '),
      meta: `${t('inspector.chain.ownsData', { bytes: storageBytes })}${ownerVar?.dtype ? ` · ${ownerVar.dtype} ${formatTuple(ownerVar.shape)}` : ''}` });
  }
  return makeNode({ role: 'owner', kind: ownerDesc.kind, title: unnamedTitle(ownerDesc.kind, t),
    meta: t('inspector.chain.ownsData', { bytes: storageBytes }), tip: t('inspector.chain.hiddenTitle') });
}

/** Intermediate objects on the selected array's own chain (e.g. the DummyArray). */
function middleNodes({ chain, model, t, describeVar }) {
  return chain.slice(0, -1).map(({ id, obj }) => {
    const d = model.describeObject(id);
    if (d.kind === 'named') {
      const w = model.byName.get(d.names[0]);
      return makeNode({ role: 'middle', kind: 'named', name: d.names[0], title: d.names.join(' = '), meta: w ? describeVar(w) : '' });
    }
    return makeNode({ role: 'middle', kind: d.kind, title: unnamedTitle(d.kind, t),
      meta: obj?.kind === 'DummyArray' ? 'numpy.lib.stride_tricks' : t('inspector.chain.view'), tip: t('inspector.chain.hiddenTitle') });
  });
}

/** Top row: the selected view first, then the other views of the same owner, as many as fit `avail`. */
function topRow({ v, chain, model, t, describeVar, avail }) {
  const siblings = chain.length ? model.siblings(v)
    : model.arrays.filter((w) => w.name !== v.name && model.ownerId(w) === v.object && (w.baseChain?.length ?? 0) > 0 &&
      model.aliasOf(w) == null);
  const top = [];
  if (chain.length) top.push(makeNode({ role: 'selected', kind: 'named', name: v.name, title: v.name, meta: describeVar(v), selected: true }));
  let used = top.reduce((s, n) => s + n.w + COL_GAP, 0);
  let shown = 0;
  for (const w of siblings) {
    const node = makeNode({ role: 'sibling', kind: 'named', name: w.name, title: w.name, meta: describeVar(w) });
    const rest = siblings.length - shown - 1;
    const reserve = rest > 0 ? MIN_W + COL_GAP : 0;
    if (used + node.w + reserve > avail && top.length > 0) break;
    top.push(node);
    used += node.w + COL_GAP;
    shown += 1;
  }
  if (shown < siblings.length) {
    top.push(makeNode({ role: 'more', kind: 'more', title: t('inspector.chain.more', { n: siblings.length - shown }),
      meta: siblings.slice(shown).map((w) => w.name).join(', ') }, Math.max(MIN_W, Math.min(MAX_W, avail - used))));
  }
  return { top, siblings };
}

/** Positions the nodes (top row centred, the chain under the selected one, the owner last). */
function placeNodes({ top, middle, ownerNode, avail }) {
  const rowW = top.reduce((s, n) => s + n.w, 0) + COL_GAP * Math.max(0, top.length - 1);
  const svgW = Math.max(avail, rowW, ownerNode.w, ...middle.map((n) => n.w));
  let x = (svgW - rowW) / 2;
  for (const n of top) {
    n.x = x;
    n.y = 0;
    x += n.w + COL_GAP;
  }
  let y = top.length ? NODE_H + ROW_GAP : 0;
  const selNode = top.find((n) => n.role === 'selected');
  const colX = selNode ? selNode.x + selNode.w / 2 : svgW / 2;
  for (const n of middle) {
    n.x = Math.min(Math.max(0, colX - n.w / 2), svgW - n.w);
    n.y = y;
    y += NODE_H + ROW_GAP;
  }
  ownerNode.x = (svgW - ownerNode.w) / 2;
  ownerNode.y = y;
  return { svgW, svgH: y + NODE_H + 2, selNode };
}

/** The arrows: strong ones (labelled .base / ._base) along `path`, light ones from the siblings. */
function drawEdges({ path, top, ownerNode, uid, baseAttr }) {
  const edges = svg('g', 'sl-edges');
  const edge = (a, b, label, strong) => {
    const x1 = a.x + a.w / 2;
    const y1 = a.y + a.h;
    const x2 = b.x + b.w / 2;
    const y2 = b.y - 2;
    const my = (y1 + y2) / 2;
    edges.append(svg('path', {
      d: `M${x1},${y1} C${x1},${my} ${x2},${my} ${x2},${y2}`,
      class: `sl-edge${strong ? ' is-strong' : ''}`, 'marker-end': `url(#${uid}-${strong ? 's' : 'a'})`,
    }));
    if (label) {
      // Beside the start of the edge, on the side away from where it bends.
      const right = x2 >= x1;
      edges.append(svg('text', {
        x: x1 + (right ? -6 : 6), y: y1 + 15, class: 'sl-edge-label', 'text-anchor': right ? 'end' : 'start',
      }, label));
    }
  };
  for (let i = 0; i + 1 < path.length; i += 1) edge(path[i], path[i + 1], baseAttr, true);
  for (const n of top) if (n.role === 'sibling' || n.role === 'more') edge(n, ownerNode, null, false);
  return edges;
}

/** The boxes; a named one other than the selected array selects its variable (click, Enter, Space). */
function drawNodes({ nodes, v, model, onSelect }) {
  const g0 = svg('g', 'sl-nodes');
  for (const n of nodes) {
    const g = svg('g', {
      class: `sl-node r-${n.role} k-${n.kind}${n.selected ? ' is-selected' : ''}${n.name ? ' is-link' : ''}`,
      transform: `translate(${n.x},${n.y})`,
      dataset: { role: n.role, kind: n.kind, ...(n.name ? { name: n.name } : {}) },
    });
    if (n.tip) g.append(svg('title', null, n.tip));
    else if (n.name) g.append(svg('title', null, n.name));
    g.append(svg('rect', { width: n.w, height: n.h, rx: 8, class: 'sl-node-box' }));
    g.append(svg('text', { x: PAD_X, y: 18, class: 'sl-node-title' }, n.title));
    if (n.meta) g.append(svg('text', { x: PAD_X, y: 34, class: 'sl-node-meta' }, n.meta));
    if (n.name && n.name !== v.name && model.byName.has(n.name)) {
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      g.addEventListener('click', () => onSelect(n.name));
      g.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onSelect(n.name); }
      });
    }
    g0.append(g);
  }
  return g0;
}

function summaryText({ v, chain, siblings, ownerDesc, ownerNode, t }) {
  if (!chain.length) {
    return siblings.length ? t('inspector.chain.ownsViews', { name: v.name, n: siblings.length })
      : t('inspector.chain.owns', { name: v.name });
  }
  const o = ownerDesc.kind === 'named' ? ownerDesc.names[0] : ownerNode.title;
  const s = t('inspector.chain.viewOf', { name: v.name, owner: o });
  return siblings.length ? `${s} ${t('inspector.chain.siblings', { names: truncate(siblings.map((w) => w.name).join(', '), 120) })}` : s;
}
