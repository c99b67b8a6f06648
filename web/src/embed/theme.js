// Light or dark, as the documentation page is drawn: every generator has its own
// switch (Material's data-md-color-scheme, Furo's and Docusaurus' data-theme, mdBook's
// theme classes, a system preference), so the cells read the result instead of the
// switch: the colour actually painted behind the block. The first opaque background
// among the element and its ancestors decides, by its relative luminance (WCAG 2
// definition). A page with no background at all shows the browser's canvas, which is
// white unless the page opts into dark with `color-scheme` (CSS Color Adjust 1):
// Docusaurus' light theme paints nothing behind its content, on a dark system too.

function parseRgb(color) {
  const m = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)/.exec(String(color));
  if (!m) return null;
  const alpha = m[4] == null ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
  return { r: +m[1], g: +m[2], b: +m[3], alpha };
}

/** WCAG relative luminance of sRGB channels 0..255. */
export function luminance({ r, g, b }) {
  const lin = (c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** 'dark' or 'light' for the background painted behind `el`. */
export function themeBehind(el, win = globalThis.window) {
  for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
    const c = parseRgb(win.getComputedStyle(node).backgroundColor);
    if (c && c.alpha > 0.5) return luminance(c) < 0.2 ? 'dark' : 'light';
  }
  const scheme = String(win.getComputedStyle(el.ownerDocument?.documentElement ?? el).colorScheme ?? '');
  if (!/\bdark\b/.test(scheme)) return 'light';
  return !/\blight\b/.test(scheme) || win.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * Calls onChange() whenever the page may have switched theme: an attribute of <html>
 * or <body> (class, data-theme, data-md-color-scheme, style) or the system preference.
 * Returns a function that stops watching.
 */
export function watchTheme(onChange, { doc = globalThis.document, win = globalThis.window } = {}) {
  const observer = new MutationObserver(() => onChange());
  const attributeFilter = ['class', 'style', 'data-theme', 'data-md-color-scheme', 'data-bs-theme', 'data-mode'];
  observer.observe(doc.documentElement, { attributes: true, attributeFilter });
  if (doc.body) observer.observe(doc.body, { attributes: true, attributeFilter });
  const media = win.matchMedia?.('(prefers-color-scheme: dark)');
  media?.addEventListener?.('change', onChange);
  return () => {
    observer.disconnect();
    media?.removeEventListener?.('change', onChange);
  };
}
