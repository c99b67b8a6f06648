// web/src/quiz/: which statements the "View or copy?" mode asks about (their form
// only), and the verdicts with the engine's explanations from real runs, worded in
// English and Chinese.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const mod = (p) => import(pathToFileURL(path.join(ROOT, p)).href);
import * as vc from '../../../web/src/quiz/cards.js';

test('view-or-copy: which statements are asked about (the form only, no engine rule)', async () => {
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

test('view-or-copy: verdicts and the engine\'s explanations from real runs, worded in EN and ZH', async () => {
  const { init } = await mod('wasm/index.js');
  const i18n = await mod('web/src/i18n/i18n.js');
  const lib = await init();
  const s = lib.session();
  try {
    let snap = s.run('import numpy as np\nimport torch\na = np.arange(12).reshape(3, 4)\nt = torch.arange(12.).reshape(3, 4)', { snapshot: true }).snapshot;
    const verdict = (code) => {
      const q = vc.questionFor(code, snap);
      assert.ok(q, `not asked: ${code}`);
      const r = s.run(code, { echo: true, snapshot: true });
      assert.ok(r.snapshot, 'run({ snapshot: true }) returns the snapshot');
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
      assert.deepEqual([v.outcome, ids.join('<')], [outcome, rules], code);
    }
    // The numbers come from the engine: a.T.reshape(12) names the axes that could not be merged.
    const h = snap.variables.find((x) => x.name === 'h').explain.steps[0];
    assert.deepEqual([h.facts.axes, h.facts.dims, h.facts.strides, h.facts.at, h.facts.needed], [[0, 1], [4, 3], [8, 32], 0, 96], 'reshape-copy facts');
    const vars = vc.stepVars(h, { a: 'a', b: 'h' });
    assert.deepEqual([vars.axisAt, vars.strideAt, vars.dimNext, vars.strideNext], [0, 8, 3, 32], 'the failing pair');
    // Every rule seen is worded in both languages.
    for (const lang of ['en', 'zh']) {
      i18n.setLang(lang, { persist: false });
      for (const id of seen) assert.ok(i18n.hasMessage(`vc.rule.${id}.title`) && i18n.hasMessage(`vc.rule.${id}.text`), `${lang}: ${id}`);
      const text = i18n.t('vc.rule.reshape-copy.text', vars);
      assert.ok(text.includes('96 B = 3 × 32 B') && !/\{\w+\}/.test(text), `${lang}: ${text}`);
    }
    i18n.setLang('en', { persist: false });
  } finally {
    s.dispose();
  }
});
