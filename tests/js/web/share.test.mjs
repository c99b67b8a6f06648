// web/src/share/: the link codec and its defences (link.js), the program a page opens
// with (restore.js), the embed option (embed.js) and the share links while the page
// runs (links.js), each against a plain location object, a recording history and a
// fake clipboard -- what main.js injects as window.location, window.history and
// navigator.clipboard.
import test from 'node:test';
import assert from 'node:assert/strict';
import { restoreProgram, linkErrorKey } from '../../../web/src/share/restore.js';
import { isEmbed } from '../../../web/src/share/embed.js';
import { createShareLinks } from '../../../web/src/share/links.js';
import * as share from '../../../web/src/share/link.js';
import { encodeCode, MAX_FRAGMENT_CHARS } from '../../../web/src/share/link.js';
import { setLang, t } from '../../../web/src/i18n/i18n.js';

setLang('en', { persist: false });

test('share: round trip of unicode, quotes and markup; compact', async () => {
  const code = "import numpy as np\n# 视图 — ünïcødé \"q\" 'q' </script><img src=x onerror=alert(1)>\n".repeat(20);
  const fragment = await share.encodeCode(code);
  assert.ok(fragment.startsWith('code='), fragment.slice(0, 20));
  assert.ok(fragment.length < code.length, `compressed: ${fragment.length} vs ${code.length}`);
  assert.deepEqual(await share.decodeFragment(`#${fragment}`), { code }, 'decoded');
  const plain = `src=${Buffer.from('print(1)').toString('base64url')}`;
  assert.deepEqual(await share.decodeFragment(plain), { code: 'print(1)' }, 'plain form');
  assert.deepEqual(await share.decodeFragment('#other=1'), null, 'no program');
  assert.deepEqual(await share.decodeFragment(''), null, 'empty');
});

test('share: hostile links are refused with an error code, never thrown', async () => {
  assert.deepEqual(await share.decodeFragment('#code=!!!'), { error: 'invalid' }, 'not base64url');
  assert.deepEqual(await share.decodeFragment('#code=AAAA'), { error: 'invalid' }, 'not deflate');
  assert.deepEqual(await share.decodeFragment(`#src=${Buffer.from([0xff, 0xfe, 0x00]).toString('base64url')}`), { error: 'invalid' }, 'not UTF-8');
  assert.deepEqual(await share.decodeFragment(`#src=${Buffer.from('a\u0000b').toString('base64url')}`), { error: 'invalid' }, 'NUL');
  assert.deepEqual(await share.decodeFragment(`#src=${'A'.repeat(share.MAX_FRAGMENT_CHARS + 1)}`), { error: 'too-large' }, 'long fragment');
  // A small link that inflates to megabytes (a "zip bomb") stops at the limit.
  const bomb = await share.encodeCode('a'.repeat(2_000_000));
  assert.ok(bomb.length < share.MAX_FRAGMENT_CHARS, `bomb link ${bomb.length} chars`);
  assert.deepEqual(await share.decodeFragment(bomb), { error: 'too-large' }, 'inflation bomb');
});

const page = (over = {}) => ({ origin: 'https://lab.example', pathname: '/play/', search: '', hash: '', ...over });

test('restore: a link in the fragment wins over the stored program', async () => {
  const hash = `#${await encodeCode('print("from the link")')}`;
  assert.deepEqual(await restoreProgram({ location: page({ hash }), stored: 'x = 1', fallback: 'default' }),
    { code: 'print("from the link")', fromLink: true, problem: null });
});

test('restore: no link gives the stored program, else the default (blank counts as none)', async () => {
  assert.deepEqual(await restoreProgram({ location: page(), stored: 'x = 1', fallback: 'default' }),
    { code: 'x = 1', fromLink: false, problem: null });
  assert.deepEqual(await restoreProgram({ location: page({ hash: '#other=1' }), stored: ' \n', fallback: 'default' }),
    { code: 'default', fromLink: false, problem: null });
  assert.deepEqual(await restoreProgram({ location: page(), stored: null, fallback: 'default' }),
    { code: 'default', fromLink: false, problem: null });
});

test('restore: a broken link opens the own program and names the problem', async () => {
  const r = await restoreProgram({ location: page({ hash: '#code=!!!' }), stored: 'x = 1', fallback: 'default' });
  assert.deepEqual(r, { code: 'x = 1', fromLink: false, problem: 'invalid' });
  const long = await restoreProgram({ location: page({ hash: `#src=${'A'.repeat(MAX_FRAGMENT_CHARS + 1)}` }), stored: null, fallback: 'd' });
  assert.equal(long.problem, 'too-large');
  assert.deepEqual(['too-large', 'unsupported', 'invalid', 'other'].map(linkErrorKey),
    ['share.tooLarge', 'share.unsupported', 'share.invalid', 'share.invalid']);
});

test('embed: only ?embed=1 is an embed', () => {
  assert.equal(isEmbed(page({ search: '?embed=1' })), true);
  assert.equal(isEmbed(page({ search: '?x=2&embed=1' })), true);
  assert.equal(isEmbed(page({ search: '?embed=0' })), false);
  assert.equal(isEmbed(page()), false);
});

// The page's parts as links.js sees them, recording what it does to each.
function fixture({ embed = false, fromLink = false, location = page(), clipboard = null } = {}) {
  const seen = { urls: [], toasts: [], notes: [], copied: [] };
  const editor = { code: 'a = 1', getCode() { return this.code; }, setCode(code) { this.code = code; } };
  const links = createShareLinks({
    location,
    history: { replaceState: (state, title, url) => seen.urls.push(url) },
    clipboard: clipboard ?? { writeText: async (text) => { seen.copied.push(text); } },
    events: new EventTarget(),
    button: new EventTarget(),
    editor,
    output: { showNote: (message, options) => seen.notes.push([message(), options?.tone ?? 'info']) },
    toast: (message) => seen.toasts.push(message),
    embed,
    fromLink,
  });
  return { links, seen, editor, location };
}

test('links: Share puts the program in the address bar and on the clipboard', async () => {
  const { links, seen, editor } = fixture();
  editor.code = 'import numpy as np\nprint(np.arange(3))';
  await links.share();
  const want = `https://lab.example/play/#${await encodeCode(editor.code)}`;
  assert.deepEqual(seen.urls, [want]);
  assert.deepEqual(seen.copied, [want]);
  assert.deepEqual(seen.toasts, [t('share.copied')]);
  assert.equal(links.fromLink(), true);
});

test('links: without a clipboard the link stays in the address bar; a huge program is refused', async () => {
  const denied = fixture({ clipboard: { writeText: async () => { throw new Error('denied'); } } });
  await denied.links.share();
  assert.equal(denied.seen.urls.length, 1);
  assert.deepEqual(denied.seen.toasts, [t('share.inAddressBar')]);
  // Random text does not compress: its link is longer than a fragment may be.
  const big = fixture();
  let x = 1;
  big.editor.code = Array.from({ length: 90_000 }, () => String.fromCharCode(33 + ((x = (x * 48271) % 2147483647) % 90))).join('');
  await big.links.share();
  assert.deepEqual(big.seen.urls, []);
  assert.deepEqual(big.seen.toasts, [t('share.tooLong')]);
});

test('links: an edit takes the link out of the address bar once, but never in an embed', async () => {
  const opened = fixture({ fromLink: true, location: page({ search: '?lang=zh', hash: '#src=eA' }) });
  opened.links.edited();
  opened.links.edited();
  assert.deepEqual(opened.seen.urls, ['/play/?lang=zh']);
  assert.equal(opened.links.fromLink(), false);
  const embedded = fixture({ fromLink: true, embed: true });
  embedded.links.edited();
  assert.deepEqual(embedded.seen.urls, []);
  const own = fixture();
  own.links.edited();
  assert.deepEqual(own.seen.urls, []);
});

test('links: a link opened in the tab loads its program, or says why not', async () => {
  const { links, seen, editor, location } = fixture();
  location.hash = `#${await encodeCode('b = 2')}`;
  await links.followHash();
  assert.equal(editor.code, 'b = 2');
  assert.equal(links.fromLink(), true);
  await links.followHash();  // the same program again: nothing to load, nothing said
  location.hash = '#code=AAAA';
  await links.followHash();
  assert.deepEqual(seen.notes, [[t('share.loaded'), 'info'], [t('share.invalid'), 'warn']]);
});
