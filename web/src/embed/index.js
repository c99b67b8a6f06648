// stridelab in a documentation page: the module web/embed.js loads (bundled into
// web/dist/embed.js by scripts/build-web.mjs). It finds the page's Python code blocks
// (./blocks.js), makes each a cell (./cell.js) and runs them on one engine for the
// page (./page.js). Nothing of the engine is fetched before a reader runs a cell or a
// cell marked `autorun` scrolls into view.
//
// Settings, from the <script> tag's data- attributes or, for generators that write the
// tag themselves, from a global `stridelabEmbed = { ... }` set before it:
//   select     "all" (default): every Python block; "marked": only the blocks marked
//              with a class `stridelab` (or data-stridelab) on them or their wrapper
//   selector   a CSS selector of more elements whose text is Python code
//   lang       "en" | "zh" for the labels (default: the page's <html lang>)
// A block's marks (classes stridelab-isolated / -autorun / -skip, or data-stridelab=
// "isolated autorun"): a session of its own, run on view, never a cell.
// `window.stridelab` then holds { cells(), run(i), reset() } for the page's own scripts.

import { findBlocks, blockText, blockMarks } from './blocks.js';
import { hasPrompts, parsePrompts } from './prompts.js';
import { Cell } from './cell.js';
import { EmbedPage } from './page.js';
import { translator, pickLang } from './strings.js';
import { watchTheme } from './theme.js';

const SETTINGS = ['select', 'selector', 'lang'];

/** The settings: the script tag's data- attributes over the global object's. */
export function readSettings(script, global) {
  const out = { select: 'all', selector: '', lang: '' };
  for (const key of SETTINGS) {
    const fromScript = script?.dataset?.[key];
    const fromGlobal = global && typeof global === 'object' ? global[key] : undefined;
    const value = fromScript ?? fromGlobal;
    if (typeof value === 'string') out[key] = value.trim();
  }
  if (out.select !== 'marked') out.select = 'all';
  return out;
}

let counter = 0;

function makeCells(page, block, { settings, t, base, observer }) {
  if (block.container.dataset.stridelabOriginal != null) return;
  const marks = blockMarks(block.container);
  if (marks.skip || (settings.select === 'marked' && !marks.chosen)) return;
  const text = blockText(block.codeEl);
  if (!text.trim()) return;
  const prompts = hasPrompts(text) ? parsePrompts(text) : null;
  counter += 1;
  const cell = new Cell({
    index: counter, container: block.container, source: prompts ? prompts.code : text, prompts, marks, t,
    styleUrls: [new URL('embed.css', base).href],
    onRun: (c) => page.run(c),
    onReset: () => page.reset(cell),
    onInspect: (c) => page.inspect(c),
  });
  block.container.dataset.stridelabOriginal = String(counter);
  page.add(cell);
  cell.mount();
  if (cell.autorun) observer?.observe(cell.host);
}

// Note [Hydrated pages]
// Docusaurus, Next.js and Gatsby send server-rendered markup that React then
// hydrates: it walks the DOM expecting exactly the nodes it rendered, and a cell
// inserted before that is a hydration mismatch (React error 418), after which React
// throws the page's DOM away and renders it again. A block inside such an app's root
// is upgraded once React has claimed it (its container carries React's fiber key),
// or after HYDRATION_WAIT_MS on a page whose scripts never hydrate it.
const HYDRATION_ROOTS = '#__docusaurus, #__next, #___gatsby';
const HYDRATION_WAIT_MS = 10_000;
function awaitsHydration(el, doc) {
  const root = el.closest?.(HYDRATION_ROOTS);
  if (!root || !doc.querySelector(HYDRATION_ROOTS)) return false;
  return !Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
}

// Cells marked autorun run once they come near the viewport.
function autorunObserver(page) {
  if (typeof IntersectionObserver !== 'function') return null;
  const observer = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      observer.unobserve(e.target);
      const cell = page.cells.find((c) => c.host === e.target);
      if (cell && !cell.ran) page.run(cell);
    }
  }, { rootMargin: '200px 0px' });
  return observer;
}

/**
 * Upgrades the page's blocks; `base` is the URL of the folder embed.js was served from
 * (the engine, its worker and the styles are found from it).
 */
export function start({ base, script = null, doc = document, global = globalThis } = {}) {
  const settings = readSettings(script, global.stridelabEmbed);
  const lang = pickLang(settings.lang || doc.documentElement.lang || global.navigator?.language);
  const t = translator(lang);
  const page = new EmbedPage({
    workerUrl: new URL('src/runner/worker.js', base).href, t,
    inspectorLang: lang === 'zh' ? 'zh-CN' : 'en', inspectorCss: new URL('inspector.css', base).href,
  });
  const observer = autorunObserver(page);
  const started = Date.now();
  let retry = 0;
  const upgrade = () => {
    // A block the page took away (a framework re-rendering it, a navigation) takes its
    // cell with it; a block drawn again becomes a cell of its own below.
    for (const c of page.cells) if (!c.container.isConnected) c.host.remove();
    let waiting = false;
    for (const block of findBlocks(doc.body ?? doc, { extra: settings.selector })) {
      // Never change markup a framework has yet to hydrate (Note [Hydrated pages]).
      if (awaitsHydration(block.container, doc) && Date.now() - started < HYDRATION_WAIT_MS) {
        waiting = true;
        continue;
      }
      makeCells(page, block, { settings, t, base, observer });
    }
    // Hydration that matches the server's markup changes nothing the observer below sees.
    clearTimeout(retry);
    if (waiting) retry = setTimeout(upgrade, 50);
  };
  upgrade();
  // Pages that draw their content later (Docusaurus and other single-page apps) get
  // their new blocks upgraded as they appear.
  let pending = 0;
  new MutationObserver(() => {
    clearTimeout(pending);
    pending = setTimeout(upgrade, 50);
  }).observe(doc.body ?? doc.documentElement, { childList: true, subtree: true });
  watchTheme(() => { for (const c of page.live()) c.applyTheme(); }, { doc });
  global.stridelab = {
    page,
    cells: () => page.live(),
    run: (i) => page.run(page.live()[i]),
    reset: () => page.reset(),
  };
  return page;
}
