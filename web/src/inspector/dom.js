// DOM and formatting helpers for the inspector.
//
// Everything that comes from the engine (names, previews, dtype strings) goes in as
// text: textContent or text nodes, never innerHTML. Styles are classes from
// web/inspector.css; the few computed geometries (bar widths, tooltip position) are
// set through the CSSOM (`el.style.x = ...`), which a `style-src 'self'` CSP allows.

export const SVG_NS = 'http://www.w3.org/2000/svg';

/** el('div', 'cls', 'text') or el('div', { class, title, ... }, child, child). */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  applyAttrs(node, attrs);
  append(node, children);
  return node;
}

export function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  applyAttrs(node, attrs);
  append(node, children);
  return node;
}

function applyAttrs(node, attrs) {
  if (attrs == null) return;
  if (typeof attrs === 'string') {
    if (attrs) node.setAttribute('class', attrs);
    return;
  }
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null || v === false) continue;
    if (k === 'text') node.textContent = String(v);
    else if (k === 'class') node.setAttribute('class', v);
    else if (k === 'dataset') for (const [dk, dv] of Object.entries(v)) node.dataset[dk] = String(dv);
    else if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
}

function append(node, children) {
  for (const c of children) {
    if (c == null || c === false) continue;
    if (Array.isArray(c)) append(node, c);
    else node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function clearNode(node) {
  while (node.firstChild) node.firstChild.remove();
}

const nfCache = new Map();
function nf(lang, opts) {
  const key = lang + JSON.stringify(opts);
  let f = nfCache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'zh-CN' ? 'zh-CN' : 'en-US', opts);
    nfCache.set(key, f);
  }
  return f;
}

/** 8000000 -> "8,000,000" */
export function formatInt(n, lang = 'en') {
  return Number.isFinite(n) ? nf(lang, { maximumFractionDigits: 0 }).format(n) : String(n);
}

/** Decimal units, as `du`, NumPy users and the seed articles count: 8000000 -> "8 MB". */
export function formatBytes(n, lang = 'en') {
  if (!Number.isFinite(n)) return '—';
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let v = Math.abs(n);
  let u = 0;
  while (v >= 1000 && u < units.length - 1) { v /= 1000; u += 1; }
  const digits = u === 0 ? 0 : v < 10 ? 2 : v < 100 ? 1 : 0;
  const s = nf(lang, { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(v);
  return `${n < 0 ? '-' : ''}${s} ${units[u]}`;
}

/** Python tuple text: [3, 4] -> "(3, 4)", [5] -> "(5,)", [] -> "()". */
export function formatTuple(values) {
  if (!Array.isArray(values)) return '';
  if (values.length === 1) return `(${values[0]},)`;
  return `(${values.join(', ')})`;
}

/** Index text for a tooltip: name[1, 2]. */
export function formatIndex(idx) {
  return `[${idx.join(', ')}]`;
}

/** A signed factor inside a formula: 3 -> "3", -8 -> "(−8)". */
export function signed(n) {
  return n < 0 ? `(−${-n})` : String(n);
}

export function truncate(s, max) {
  const str = String(s ?? '');
  return str.length > max ? `${str.slice(0, max - 1)}…` : str;
}

/** Text width in px for SVG layout, measured on a shared canvas (estimated without one). */
let measureCtx = null;
export function textWidth(text, font) {
  if (measureCtx === null) {
    try {
      measureCtx = document.createElement('canvas').getContext('2d') || false;
    } catch {
      measureCtx = false;
    }
  }
  if (!measureCtx) return String(text).length * 7.2;
  measureCtx.font = font;
  return measureCtx.measureText(String(text)).width;
}
