// Harness for developing and testing the inspector in isolation
// (/inspector-demo.html): a plain textarea, seed examples, and the inspector, fed
// by the real engine in a worker. It reuses the page's RPC (web/src/runner/engine.js)
// with the page's own worker (web/src/runner/worker.js), whose 'run' also returns the snapshot.
//
// Tests drive it through window.inspectorDemo: run(code, { reset }), reset(),
// render(snapshot, previous), and the inspector itself.

import { Engine } from '../runner/engine.js';
import { createInspector } from './index.js';

const $ = (s) => document.querySelector(s);

export const EXAMPLES = [
  {
    id: 'views',
    label: 'a[:, ::2] view',
    code: `import numpy as np
a = np.arange(12).reshape(3, 4)
v = a[:, ::2]
print(v.base is a.base, np.shares_memory(a, v), v.strides)`,
  },
  {
    id: 'write',
    label: 'v[0] = 99 (write through)',
    keep: true,
    code: `v[0] = 99
print(a)`,
  },
  {
    id: 'split',
    label: 'split embedding',
    code: `import numpy as np
emb = np.arange(50, dtype=np.float32).reshape(25, 2)
parts = [emb[0:8], emb[8:16], emb[16:25]]
print(np.shares_memory(emb, parts[0]), np.shares_memory(parts[0], parts[1]))`,
  },
  {
    id: 'dtype',
    label: '.view(np.int32)',
    code: `import numpy as np
f = np.array([1.0, 2.0, 3.0, 4.0], dtype=np.float32)
i = f.view(np.int32)
b = f.view(np.int8)
print(i)`,
  },
  {
    id: 'del',
    label: 'del arr (8 MB kept)',
    code: `import numpy as np
arr = np.arange(0, 1_000_000)
small = arr[:10]
del arr
print(small.base is None)`,
  },
  {
    id: 'transpose',
    label: 'transpose, negative strides',
    code: `import numpy as np
x = np.arange(24).reshape(4, 6)
xt = x.T
rev = x[::-1, ::2]
print(xt.flags['C_CONTIGUOUS'], rev.strides)`,
  },
  {
    id: 'as_strided',
    label: 'as_strided windows',
    code: `import numpy as np
from numpy.lib.stride_tricks import as_strided
base = np.arange(10, dtype=np.int8)
w = as_strided(base, shape=(4, 3), strides=(2, 1))
print(w)`,
  },
];

function main({ location = window.location } = {}) {
  const params = new URLSearchParams(location.search);
  const lang = applyPageOptions(params);
  const code = $('#code');
  const inspector = createInspector($('#inspector'), { lang });
  const session = createDemoSession({ inspector, code, output: $('#output'), status: $('#status') });
  const { run, reset } = session;

  addExampleButtons($('#examples'), { code, run });
  $('#run').addEventListener('click', () => run().catch(() => {}));
  $('#reset').addEventListener('click', () => reset().catch(() => {}));
  code.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && e.shiftKey) {
      e.preventDefault();
      run().catch(() => {});
    }
  });
  $('#theme').addEventListener('change', (e) => {
    const v = e.target.value;
    if (v) document.documentElement.dataset.theme = v;
    else delete document.documentElement.dataset.theme;
  });
  $('#lang').addEventListener('change', (e) => {
    const next = new URLSearchParams(location.search);
    next.set('lang', e.target.value);
    location.search = next.toString();
  });

  const initial = EXAMPLES.find((e) => e.id === params.get('example')) ?? EXAMPLES[0];
  code.value = initial.code;
  if (params.get('auto') !== '0') session.ready.then(() => run(initial.code)).catch(() => {});
  window.inspectorDemo = session;
}

// ?lang=zh-CN|zh and ?theme=dark|light; returns the inspector's language.
function applyPageOptions(params) {
  const lang = params.get('lang') === 'zh-CN' || params.get('lang') === 'zh' ? 'zh-CN' : 'en';
  $('#lang').value = lang;
  document.documentElement.lang = lang === 'zh-CN' ? 'zh-CN' : 'en';
  const theme = params.get('theme');
  if (theme === 'dark' || theme === 'light') {
    document.documentElement.dataset.theme = theme;
    $('#theme').value = theme;
  }
  return lang;
}

function addExampleButtons(examples, { code, run }) {
  for (const ex of EXAMPLES) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'sl-demo-example';
    b.textContent = ex.label;
    b.dataset.example = ex.id;
    b.addEventListener('click', () => {
      code.value = ex.code;
      run(ex.code, { reset: !ex.keep }).catch(() => {});
    });
    examples.append(b);
  }
}

// The engine in its worker and what the harness shows of it; its answer is what tests
// drive as window.inspectorDemo.
function createDemoSession({ inspector, code, output, status }) {
  let snapshot = null;
  let runs = 0;
  const setStatus = (state, text) => {
    status.dataset.state = state;
    status.textContent = text;
  };
  const engine = new Engine({
    workerUrl: '/src/runner/worker.js',
    onState(state, err) {
      if (state === 'loading') setStatus('loading', 'loading engine…');
      else if (state === 'ready') setStatus('ready', 'ready');
      else setStatus('error', err ? `${err.name}: ${err.message}` : 'error');
    },
  });
  const ready = engine.start();
  ready.catch(() => {});

  function show(result) {
    output.classList.toggle('is-error', Boolean(result.error));
    output.textContent = result.error ? `${result.stdout ?? ''}${result.error}` : (result.stdout || '');
    runs += 1;
    output.dataset.run = String(runs);
  }

  function render(next) {
    const previous = snapshot;
    snapshot = next;
    if (next) inspector.update(next, previous);
    else inspector.clear();
  }

  async function run(source = code.value, { reset: fresh = false } = {}) {
    await ready;
    if (source !== code.value) code.value = source;
    if (fresh) render((await engine.reset())?.snapshot ?? null);
    setStatus('running', 'running…');
    try {
      const result = await engine.run(source);
      setStatus('ready', `ready · ${result.ms.toFixed(1)} ms`);
      show(result);
      if (result.snapshotError) output.textContent += `\n[snapshot] ${result.snapshotError}`;
      render(result.snapshot);
      return result;
    } catch (err) {
      setStatus('error', `${err.name}: ${err.message}`);
      throw err;
    }
  }

  async function reset() {
    await ready;
    snapshot = null;
    const r = await engine.reset();
    inspector.clear();
    snapshot = r?.snapshot ?? null;
    output.textContent = '';
  }

  return {
    ready,
    inspector,
    run,
    reset,
    /** Renders a snapshot without the engine (fixtures). */
    render: (next, previous = null) => {
      snapshot = next;
      inspector.update(next, previous);
    },
    get snapshot() { return snapshot; },
    get runs() { return runs; },
  };
}

main();
