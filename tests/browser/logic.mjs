// The page's logic modules, in Node (no browser needed): share-link encoding and its
// defences, the i18n dictionaries, the run history, and the view-or-copy rule engine
// (statement analysis, the no-copy reshape algorithm, verdicts from real snapshots).

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, assert, assertEqual } from './lib.mjs';

const mod = (p) => import(pathToFileURL(path.join(ROOT, p)).href);

class MemoryStorage {
  constructor() { this.map = new Map(); }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) { this.map.set(k, String(v)); }
  removeItem(k) { this.map.delete(k); }
}

export default async function logic({ results }) {
  const { check } = results;
  const share = await mod('web/src/share.js');
  const vc = await mod('web/src/viewcopy.js');
  const { RunHistory } = await mod('web/src/history.js');

  await check('share: round trip of unicode, quotes and markup; compact', async () => {
    const code = "import numpy as np\n# 视图 — ünïcødé \"q\" 'q' </script><img src=x onerror=alert(1)>\n".repeat(20);
    const fragment = await share.encodeCode(code);
    assert(fragment.startsWith('code='), fragment.slice(0, 20));
    assert(fragment.length < code.length, `compressed: ${fragment.length} vs ${code.length}`);
    assertEqual(await share.decodeFragment(`#${fragment}`), { code }, 'decoded');
    const plain = `src=${Buffer.from('print(1)').toString('base64url')}`;
    assertEqual(await share.decodeFragment(plain), { code: 'print(1)' }, 'plain form');
    assertEqual(await share.decodeFragment('#other=1'), null, 'no program');
    assertEqual(await share.decodeFragment(''), null, 'empty');
  });

  await check('share: hostile links are refused with an error code, never thrown', async () => {
    assertEqual(await share.decodeFragment('#code=!!!'), { error: 'invalid' }, 'not base64url');
    assertEqual(await share.decodeFragment('#code=AAAA'), { error: 'invalid' }, 'not deflate');
    assertEqual(await share.decodeFragment(`#src=${Buffer.from([0xff, 0xfe, 0x00]).toString('base64url')}`), { error: 'invalid' }, 'not UTF-8');
    assertEqual(await share.decodeFragment(`#src=${Buffer.from('a\u0000b').toString('base64url')}`), { error: 'invalid' }, 'NUL');
    assertEqual(await share.decodeFragment(`#src=${'A'.repeat(share.MAX_FRAGMENT_CHARS + 1)}`), { error: 'too-large' }, 'long fragment');
    // A small link that inflates to megabytes (a "zip bomb") stops at the limit.
    const bomb = await share.encodeCode('a'.repeat(2_000_000));
    assert(bomb.length < share.MAX_FRAGMENT_CHARS, `bomb link ${bomb.length} chars`);
    assertEqual(await share.decodeFragment(bomb), { error: 'too-large' }, 'inflation bomb');
  });

  await check('i18n: merged dictionaries (tags like zh-CN), fallback to English, then the key', async () => {
    const i18n = await mod('web/src/i18n.js');
    i18n.addMessagesFromModule({ messages: { en: { 'x.hello': 'Hello {name}' }, 'zh-CN': { 'x.hello': '你好 {name}' } } });
    i18n.setLang('en', { persist: false });
    assertEqual(i18n.t('x.hello', { name: 'a' }), 'Hello a', 'en');
    i18n.setLang('zh', { persist: false });
    assertEqual(i18n.t('x.hello', { name: 'a' }), '你好 a', 'zh');
    assertEqual(i18n.t('toolbar.run'), '运行', 'page key in zh');
    i18n.addMessages({ en: { 'x.onlyEn': 'only English' } });
    assertEqual(i18n.t('x.onlyEn'), 'only English', 'fallback to English');
    assertEqual(i18n.t('x.missing'), 'x.missing', 'fallback to the key');
    const storage = new MemoryStorage();
    assertEqual(i18n.detectLang({ storage, navigatorLike: { languages: ['zh-TW', 'en'] } }), 'zh', 'navigator zh');
    assertEqual(i18n.detectLang({ storage, navigatorLike: { languages: ['fr-FR'] } }), 'en', 'other -> en');
    storage.setItem('stridelab.lang', 'zh');
    assertEqual(i18n.detectLang({ storage, navigatorLike: { languages: ['en'] } }), 'zh', 'stored choice wins');
    i18n.setLang('en', { persist: false });
  });

  await check('i18n: every EN key has a ZH translation and the same placeholders', async () => {
    const { MESSAGES } = await mod('web/src/messages.js');
    const problems = [];
    const vars = (s) => [...String(s).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');
    for (const [k, v] of Object.entries(MESSAGES.en)) {
      if (!(k in MESSAGES.zh)) problems.push(`missing zh: ${k}`);
      else if (vars(v) !== vars(MESSAGES.zh[k])) problems.push(`placeholders differ: ${k}`);
    }
    for (const k of Object.keys(MESSAGES.zh)) if (!(k in MESSAGES.en)) problems.push(`missing en: ${k}`);
    if (problems.length) throw new Error(problems.join('\n'));
  });

  await check('history: back/forward, the draft, duplicates, persistence', async () => {
    const storage = new MemoryStorage();
    const h = new RunHistory({ storage });
    h.push('a = 1');
    h.push('b = 2');
    h.push('b = 2');
    assertEqual(h.entries, ['a = 1', 'b = 2'], 'entries');
    assertEqual(h.back('draft'), 'b = 2', 'back 1');
    assertEqual(h.back('b = 2'), 'a = 1', 'back 2');
    assertEqual(h.back('a = 1'), null, 'at the oldest');
    assertEqual(h.forward(), 'b = 2', 'forward');
    assertEqual(h.forward(), 'draft', 'draft back');
    assertEqual(h.forward(), null, 'not navigating');
    assertEqual(h.back('b = 2'), 'a = 1', 'skips the entry on screen');
    assertEqual(new RunHistory({ storage }).entries, ['a = 1', 'b = 2'], 'persisted');
  });

  await check('view-or-copy: which statements are asked about, and the rules they map to', async () => {
    const snapshot = {
      variables: [
        { name: 'a', topLevel: true, kind: 'ndarray', dtype: 'int64', itemsize: 8, shape: [3, 4], strides: [32, 8], storage: 1, object: 0 },
        { name: 'm', topLevel: true, kind: 'ndarray', dtype: 'bool', itemsize: 1, shape: [3, 4], strides: [4, 1], storage: 2, object: 1 },
        { name: 't', topLevel: true, kind: 'tensor', dtype: 'float32', itemsize: 4, shape: [2, 3], strides: [12, 4], elementStrides: [3, 1], storage: 3, object: 2 },
        { name: 'i', topLevel: true, kind: 'other', type: 'int', preview: '2' },
      ],
    };
    const rules = (code) => vc.analyzeStatement(code, snapshot)?.rules.map((r) => r.rule).join(' > ') ?? null;
    const cases = {
      'b = a[:, ::2]': 'basic-index',
      'b = a[i]': 'basic-index',
      'b = a[1, 2]': 'scalar-index',
      'c = a[[0, 2]]': 'fancy-index',
      'c = a[m]': 'bool-index',
      'c = a[a > 5]': 'bool-index',
      'd = a.reshape(6, 2)  # a comment': 'reshape',
      'e = a.T.copy()': 'transpose > copy',
      'f = a.view(np.int8)': 'view-dtype',
      'g = a.ravel()': 'ravel',
      'h = np.ascontiguousarray(a.T)': 'transpose > ascontiguous',
      'k = np.asarray(a)': 'asarray',
      'n = a.astype(np.float32)': 'astype',
      'p = a + 1': 'arith',
      'q = a': 'alias',
      'r = np.array(a)': 'np-array',
      'u = t.view(3, 2)': 'torch-view',
      'u = t.view(torch.int32)': 'torch-view-dtype',
      'u = t.reshape(-1)': 'torch-reshape',
      'u = t.t().contiguous()': 'transpose > torch-contiguous',
      'u = t[0]': 'basic-index',
      'u = torch.from_numpy(a)': 'from-numpy',
      'w = t.numpy()': 'numpy-bridge',
      'print(a)': null,
      'b = a[:, ::2]\nc = 1': null,
      'b = zz[0]': null,
      'b = a[:, ::2]; c = 1': null,
      'if True: b = a': null,
    };
    const wrong = Object.entries(cases).filter(([code, want]) => rules(code) !== want)
      .map(([code, want]) => `${JSON.stringify(code)}: ${rules(code)} (want ${want})`);
    if (wrong.length) throw new Error(wrong.join('\n'));
  });

  await check('view-or-copy: the no-copy reshape algorithm (NumPy / ATen computeStride)', async () => {
    assertEqual(vc.nocopyReshape([3, 2], [32, 16], [6], 8), { ok: true, strides: [16] }, 'a[:, ::2] -> (6,)');
    const t = vc.nocopyReshape([4, 3], [8, 32], [12], 8);
    assertEqual([t.ok, t.group, t.dims, t.strides, t.at], [false, [0, 1], [4, 3], [8, 32], 0], 'a.T -> (12,)');
    assertEqual(vc.nocopyReshape([2, 3, 4], [96, 32, 8], [6, 4], 8), { ok: true, strides: [32, 8] }, 'contiguous');
    // LLMs-from-scratch: (b, heads, tokens, head_dim).transpose(1, 2).view(b, tokens, d_out)
    assertEqual(vc.nocopyReshape([2, 6, 2, 2], [24, 2, 12, 1], [2, 6, 4], 1).ok, false, 'MHA: view fails');
    assertEqual(vc.nocopyReshape([2, 3, 2, 1], [6, 1, 3, 1], [2, 3, 2], 1).ok, true, 'MHA with head_dim 1: view works');
    assertEqual(vc.nocopyReshape([2, 1, 3], [24, 8, 8], [2, 3, 1], 8), { ok: true, strides: [24, 8, 8] }, 'length-1 axes');
    assertEqual(vc.evalInt('b * num_tokens // 2', new Map([['b', 2], ['num_tokens', 6]])), 6, 'evalInt');
    assertEqual(vc.parseShapeArgs({ positional: ['(3, -1)'], keywords: {} }, 12), [3, 4], '(3, -1)');
    assertEqual(vc.followLayout({ shape: [3, 4], strides: [32, 8], itemsize: 8 }, { rule: 'basic-index', step: { kind: 'index', parts: [':', '::2'] } }),
      { shape: [3, 2], strides: [32, 16], itemsize: 8 }, 'layout after a[:, ::2]');
  });

  await check('view-or-copy: verdicts from real engine snapshots', async () => {
    const { init } = await mod('wasm/index.js');
    const lib = await init();
    const s = lib.session();
    try {
      s.run('import numpy as np\na = np.arange(12).reshape(3, 4)');
      const verdict = (code) => {
        const before = s.snapshot();
        const analysis = vc.analyzeStatement(code, before);
        assert(analysis, `not analysed: ${code}`);
        const r = s.run(code, { echo: true });
        return { r, v: vc.judge(analysis, r, before, s.snapshot()) };
      };
      const want = {
        'b = a[:, ::2]': 'view', 'e = a.T.copy()': 'copy', 'f = a.view(np.int8)': 'view', 'k = a[:, ::2].reshape(6)': 'view',
        'h = a.T.reshape(12)': 'copy', 'z = a': 'same', 'x = a[1, 2]': 'scalar', 'c = a[[0, 2]]': 'copy', 'g = a.ravel()': 'view',
      };
      for (const [code, outcome] of Object.entries(want)) {
        const { r, v } = verdict(code);
        assert(!r.error, `${code}: ${r.error}`);
        assertEqual(v.outcome, outcome, code);
      }
      // a is 3x4 int64: a.T has strides (8, 32); merging its axes needs 8 == 3 * 32.
      const { r, v } = verdict('n = a.T.reshape(2, 6)');
      assert(!r.error, `n = a.T.reshape(2, 6): ${r.error}`);
      assertEqual(v.outcome, 'copy', 'n = a.T.reshape(2, 6)');
      const d = v.details.find((x) => x.rule === 'reshape');
      assert(d, `no reshape rule in ${JSON.stringify(v.details)}`);
      assertEqual([d.note, d.noteVars.left, d.noteVars.dim, d.noteVars.right], ['cannotMerge', 8, 3, 32], 'the failing stride check');
    } finally {
      s.dispose();
    }
  });
}
