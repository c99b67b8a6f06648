// The page's logic modules, in Node (no browser needed): share-link encoding and its
// defences, the i18n dictionaries, the run history, and the view-or-copy mode
// (which statements are asked about; verdicts and the engine's explanations from real runs).

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
  const share = await mod('web/src/share/link.js');
  const vc = await mod('web/src/quiz/cards.js');
  const { RunHistory } = await mod('web/src/editor/history.js');

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
    const i18n = await mod('web/src/i18n/i18n.js');
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
    const { MESSAGES } = await mod('web/src/i18n/messages.js');
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

  await check('view-or-copy: which statements are asked about (the form only, no engine rule)', async () => {
    const snapshot = {
      variables: [
        { name: 'a', topLevel: true, kind: 'ndarray', shape: [3, 4], storage: 1, object: 0 },
        { name: 't', topLevel: true, kind: 'tensor', shape: [2, 3], storage: 3, object: 2 },
        { name: 'i', topLevel: true, kind: 'other', type: 'int', preview: '2' },
      ],
    };
    const asked = (code) => {
      const q = vc.questionFor(code, snapshot);
      return q ? `${q.target}<-${q.source}` : null;
    };
    const cases = {
      'b = a[:, ::2]': 'b<-a',
      'b = a[i]': 'b<-a',
      'd = a.reshape(6, 2)  # a comment': 'd<-a',
      '# setup\nh = np.ascontiguousarray(a.T)': 'h<-a',
      'u = torch.from_numpy(a)': 'u<-a',
      'w = t.t().contiguous()': 'w<-t',
      'q = a': 'q<-a',
      'x = np.ones(3).t': null, // `.t` is an attribute, not the variable t
      "s = 'a'": null,
      'print(a)': null,
      'b = a[:, ::2]\nc = 1': null,
      'b = zz[0]': null,
      'b = a[:, ::2]; c = 1': null,
      'if True: b = a': null,
      'b == a': null,
    };
    const wrong = Object.entries(cases).filter(([code, want]) => asked(code) !== want)
      .map(([code, want]) => `${JSON.stringify(code)}: ${asked(code)} (want ${want})`);
    if (wrong.length) throw new Error(wrong.join('\n'));
  });

  await check('view-or-copy: web/src holds no layout, indexing or reshape rule', async () => {
    const fs = await import('node:fs');
    const dir = path.join(ROOT, 'web/src');
    // Every folder of the page (runner/, editor/, panels/, quiz/, inspector/, ...).
    const files = fs.readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.js'));
    assert(files.length > 20 && files.includes(path.join('quiz', 'cards.js')), `web/src read: ${files}`);
    assert(!files.some((f) => path.basename(f).startsWith('viewcopy')), `viewcopy*.js present: ${files}`);
    const banned = /nocopyReshape|basicIndexLayout|isCContiguous|isFContiguous|computeStride\s*\(|sliceLength|followLayout/;
    const hits = files.filter((f) => banned.test(fs.readFileSync(path.join(dir, f), 'utf8')));
    assertEqual(hits, [], 'files re-implementing engine rules');
  });

  await check('view-or-copy: verdicts and the engine\'s explanations from real runs, worded in EN and ZH', async () => {
    const { init } = await mod('wasm/index.js');
    const i18n = await mod('web/src/i18n/i18n.js');
    const lib = await init();
    const s = lib.session();
    try {
      let snap = s.run('import numpy as np\nimport torch\na = np.arange(12).reshape(3, 4)\nt = torch.arange(12.).reshape(3, 4)', { snapshot: true }).snapshot;
      const verdict = (code) => {
        const q = vc.questionFor(code, snap);
        assert(q, `not asked: ${code}`);
        const r = s.run(code, { echo: true, snapshot: true });
        assert(r.snapshot, 'run({ snapshot: true }) returns the snapshot');
        const v = vc.verdictOf(q, r, snap, r.snapshot);
        snap = r.snapshot;
        return v;
      };
      const want = {
        'b = a[:, ::2]': ['view', 'basic-index'],
        'e = a.T.copy()': ['copy', 'copy<transpose'],
        'f = a.view(np.int8)': ['view', 'view-dtype'],
        'k = a[:, ::2].reshape(6)': ['view', 'reshape-regroup<basic-index'],
        'h = a.T.reshape(12)': ['copy', 'reshape-copy<transpose'],
        'r = a.T.ravel()': ['copy', 'ravel-copy<transpose'],
        'z = a': ['same', 'reshape-contiguous'],
        'c = a[[0, 2]]': ['copy', 'advanced-index'],
        'g = np.ascontiguousarray(a.T)': ['copy', 'ascontiguous-copy<transpose'],
        'n = a.astype(np.float32)': ['copy', 'astype-copy'],
        'p = a + 1': ['copy', 'owner'],
        'u = t.t().view(12)': ['error', 'torch-view-fail<transpose'],
        'w = t.t().reshape(12)': ['copy', 'torch-reshape-copy<transpose'],
        'y = t.t().contiguous()': ['copy', 'contiguous-copy<transpose'],
      };
      const seen = new Set();
      for (const [code, [outcome, rules]] of Object.entries(want)) {
        const v = verdict(code);
        const ids = (v.explanation?.steps ?? []).map((x) => x.rule);
        ids.forEach((id) => seen.add(id));
        assertEqual([v.outcome, ids.join('<')], [outcome, rules], code);
      }
      // The numbers come from the engine: a.T.reshape(12) names the axes that could not be merged.
      const h = snap.variables.find((x) => x.name === 'h').explain.steps[0];
      assertEqual([h.facts.axes, h.facts.dims, h.facts.strides, h.facts.at, h.facts.needed], [[0, 1], [4, 3], [8, 32], 0, 96], 'reshape-copy facts');
      const vars = vc.stepVars(h, { a: 'a', b: 'h' });
      assertEqual([vars.axisAt, vars.strideAt, vars.dimNext, vars.strideNext], [0, 8, 3, 32], 'the failing pair');
      // Every rule seen is worded in both languages.
      for (const lang of ['en', 'zh']) {
        i18n.setLang(lang, { persist: false });
        for (const id of seen) assert(i18n.hasMessage(`vc.rule.${id}.title`) && i18n.hasMessage(`vc.rule.${id}.text`), `${lang}: ${id}`);
        const text = i18n.t('vc.rule.reshape-copy.text', vars);
        assert(text.includes('96 B = 3 × 32 B') && !/\{\w+\}/.test(text), `${lang}: ${text}`);
      }
      i18n.setLang('en', { persist: false });
    } finally {
      s.dispose();
    }
  });
}
