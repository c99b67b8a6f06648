// The page's share links while it runs: the Share button puts the program in the URL
// (and on the clipboard), a link opened in a tab already showing the playground loads
// its program, and an edit takes a link's fragment out of the address bar, because a
// reload should then show the edited code (from storage), not the link's.
//
// `location`, `history` (window.history), `clipboard` and `events` (the window, for
// 'hashchange') are injected so all of it runs against plain objects in tests.

import { encodeCode, decodeFragment, MAX_FRAGMENT_CHARS } from './link.js';
import { linkErrorKey } from './restore.js';
import { t } from '../i18n/i18n.js';

/**
 * @param {object} options
 *   button: the Share button; editor: { getCode, setCode }; output: { showNote };
 *   toast(message); embed: an embed never rewrites its own address (its parent page
 *   chose it); fromLink: whether the code on screen came from the URL's fragment.
 * @returns {{ edited(): void, share(): Promise<void>, followHash(): Promise<void>, fromLink(): boolean }}
 */
export function createShareLinks({ location, history, clipboard, events, button, editor, output, toast, embed, fromLink }) {
  let showsLink = fromLink;

  function edited() {
    if (!showsLink || embed) return;
    showsLink = false;
    history.replaceState(null, '', location.pathname + location.search);
  }

  async function share() {
    let fragment;
    try {
      fragment = await encodeCode(editor.getCode());
    } catch {
      toast(t('share.failed'));
      return;
    }
    if (fragment.length > MAX_FRAGMENT_CHARS) {
      toast(t('share.tooLong'));
      return;
    }
    const url = `${location.origin}${location.pathname}#${fragment}`;
    history.replaceState(null, '', url);
    showsLink = true;
    try {
      await clipboard.writeText(url);
      toast(t('share.copied'));
    } catch {
      toast(t('share.inAddressBar'));
    }
  }

  async function followHash() {
    const next = await decodeFragment(location.hash);
    if (next?.code != null && next.code !== editor.getCode()) {
      editor.setCode(next.code);
      showsLink = true;
      output.showNote(() => t('share.loaded'));
    } else if (next?.error) {
      output.showNote(() => t(linkErrorKey(next.error)), { tone: 'warn' });
    }
  }

  button.addEventListener('click', share);
  events.addEventListener('hashchange', followHash);
  return { edited, share, followHash, fromLink: () => showsLink };
}
