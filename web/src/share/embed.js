// The compact layout for iframes (?embed=1): editor and output, a Run button and an
// "Open in stridelab" link that carries the program to the full playground. `location`
// is passed in (window.location on the page) so that both read from a plain object in
// tests.

import { shareUrl } from './link.js';
import { debounce } from '../util/timing.js';

/** Whether the page was opened as an embed (`?embed=1`). */
export function isEmbed(location) {
  return new URLSearchParams(location.search).get('embed') === '1';
}

/**
 * Keeps `anchor` (the "Open in stridelab" link) pointing at the full playground with
 * the current program; returns update(code), debounced because every keystroke calls
 * it and encoding compresses. Outside an embed it does nothing: the link is hidden.
 */
export function createOpenLink({ anchor, location, embed, delayMs = 300 }) {
  return debounce(async (code) => {
    if (!embed) return;
    try {
      // the playground's own folder: the page may be served from a sub-path
      anchor.href = await shareUrl(code, { base: new URL('./', location.href).href });
    } catch { /* keep the plain link */ }
  }, delayMs);
}
