// Which program the page opens with: the one a share link carries in the URL fragment,
// else the visitor's own last program (from storage), else the default. `location`
// is injected (window.location on the page) so this is tested with a plain object.

import { decodeFragment } from './link.js';

/**
 * @param {{ location: { hash: string }, stored: string|null, fallback: string }} options
 *   stored: the program saved by the last visit (null when none or in an embed).
 * @returns {Promise<{ code: string, fromLink: boolean, problem: string|null }>}
 *   problem: the link's error code ('invalid', 'too-large', 'unsupported') when the
 *   fragment held a program that could not be read; the page then opens with the rest.
 */
export async function restoreProgram({ location, stored, fallback }) {
  const own = stored?.trim() ? stored : fallback;
  const shared = await decodeFragment(location.hash);
  if (shared?.code != null) return { code: shared.code, fromLink: true, problem: null };
  return { code: own, fromLink: false, problem: shared?.error ?? null };
}

/** The i18n key of the message for a link's error code. */
export function linkErrorKey(code) {
  return code === 'too-large' ? 'share.tooLarge' : code === 'unsupported' ? 'share.unsupported' : 'share.invalid';
}
