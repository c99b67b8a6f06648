// The page's two layouts: side by side, or stacked on narrow screens (phones), where
// the editor soft-wraps (a side scroll would hide code) and the output, below the
// editor, is brought into view after a run.

// Matches the stacked layout in style.css.
const NARROW = '(max-width: 760px)';

/** { narrow: MediaQueryList, revealOutput() } for `win` (the window) and the output pane. */
export function createLayout({ win, pane }) {
  const narrow = win.matchMedia(NARROW);
  function revealOutput() {
    if (!narrow.matches) return;
    const r = pane.getBoundingClientRect();
    const smooth = !win.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (r.top > win.innerHeight - 80 || r.bottom < 0) pane.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
  }
  return { narrow, revealOutput };
}
