// The npm package contract: init() -> session() -> run() -> dispose().
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../wasm/index.js';

test('init resolves once and sessions are independent', async () => {
  const lib = await init();
  assert.equal(await init(), lib);
  const a = lib.session();
  const b = lib.session();
  a.run('x = 41');
  assert.equal(a.run('print(x + 1)').stdout, '42\n');
  assert.equal(b.run('print(x)').error, "NameError: name 'x' is not defined");
  a.dispose();
  b.dispose();
});

test('run returns stdout and errors as data', async () => {
  const s = (await init()).session();
  const ok = s.run('import numpy as np\na = np.arange(12).reshape(3, 4)\nv = a[:, ::2]\nprint(v)\nprint(v.base is a.base, np.shares_memory(a, v), v.strides)');
  assert.deepEqual([ok.stdout, ok.error], ['[[ 0  2]\n [ 4  6]\n [ 8 10]]\nTrue True (32, 16)\n', null]);
  const bad = s.run('x = 1\ny = 1 / 0');
  assert.equal(bad.error, 'ZeroDivisionError: division by zero');
  assert.equal(bad.line, 2);
  assert.match(bad.traceback, /line 2, in <module>/);
  const syn = s.run('if True\n  pass');
  assert.equal(syn.error, "SyntaxError: expected ':'");
  assert.equal(syn.line, 1);
  s.dispose();
});

test('run({ snapshot: true }) returns the snapshot in the same result, with each array explained', async () => {
  const s = (await init()).session();
  const r = s.run('import numpy as np\na = np.arange(12).reshape(3, 4)\nh = a.T.reshape(12)', { snapshot: true });
  assert.equal(r.error, null);
  assert.deepEqual(r.snapshot, s.snapshot());  // the same document the separate call returns
  const h = r.snapshot.variables.find((v) => v.name === 'h').explain;
  assert.equal(h.thisRun, true);
  assert.deepEqual(h.steps.map((x) => x.rule), ['reshape-copy', 'transpose', 'reshape-contiguous']);  // a was made in this run too
  assert.deepEqual(h.steps[0].facts, { axes: [0, 1], dims: [4, 3], strides: [8, 32], newShape: [12], at: 0, needed: 96, order: 'C' });
  assert.equal(s.run('x = 1').snapshot, undefined);
  const bad = s.run('import torch\nu = torch.arange(12).reshape(3, 4).t().view(12)');
  assert.match(bad.error, /^RuntimeError: view size is not compatible/);
  assert.equal(bad.explainError.steps[0].rule, 'torch-view-fail');
  assert.deepEqual(bad.explainError.steps[0].facts, { axes: [1], dims: [3], strides: [4], newShape: [12] });
  s.dispose();
});

test('a disposed session refuses to run', async () => {
  const s = (await init()).session();
  s.dispose();
  assert.equal(s.disposed, true);
  assert.throws(() => s.run('1'), /disposed/);
  s.dispose();  // idempotent
});

test('echo gives the repr of a trailing expression', async () => {
  const s = (await init()).session();
  assert.equal(s.run('1 + 2', { echo: true }).repr, '3');
  assert.equal(s.run('x = 1', { echo: true }).repr, null);
  s.dispose();
});

test('a step budget stops runaway loops and the session stays usable', async () => {
  const s = (await init()).session();
  s.setStepBudget(10000);
  const r = s.run('while True:\n    pass');
  assert.match(r.error, /^TimeoutError/);
  assert.equal(s.run('print(1)').stdout, '1\n');
  s.dispose();
});

test('variables cross the boundary as data', async () => {
  const s = (await init()).session();
  s.set('cfg', { n: 3, name: 'héllo', xs: [1, 2.5, null, true] });
  assert.equal(s.run("print(cfg['n'] * 2, cfg['name'], cfg['xs'])").stdout, "6 héllo [1, 2.5, None, True]\n");
  s.run('y = {"a": [1, (2, 3)], "b": 1.5, "c": float("nan")}');
  const y = s.get('y');
  assert.deepEqual(y.a, [1, [2, 3]]);
  assert.equal(y.b, 1.5);
  assert.ok(Number.isNaN(y.c));
  assert.deepEqual(s.variables(), ['cfg', 'y']);
  s.delete('y');
  assert.throws(() => s.get('y'), /NameError: name 'y' is not defined/);
  assert.throws(() => s.set('not valid', 1), /ValueError: not a valid Python identifier/);
  s.dispose();
});

test('TypedArrays in and out, zero-copy where the layout allows', async () => {
  const s = (await init()).session();
  s.setArray('x', new Float32Array([1, 2, 3, 4, 5, 6]), { shape: [2, 3] });
  assert.equal(s.run('print(x.dtype, x.shape, x.strides)\nprint(x.T)').stdout, 'float32 (2, 3) (12, 4)\n[[1. 4.]\n [2. 5.]\n [3. 6.]]\n');
  s.run('t = x.T');
  const t = s.getArray('t');  // non-contiguous: a C-order copy
  assert.deepEqual([...t.data], [1, 4, 2, 5, 3, 6]);
  assert.deepEqual(t.shape, [3, 2]);
  const live = s.getArray('x', { copy: false });  // contiguous: a view of wasm memory
  live.data[0] = 100;
  assert.equal(s.run('print(x[0, 0], t[0, 0])').stdout, '100.0 100.0\n');
  s.setArray('m', [[1, 2], [3, 4]]);
  assert.equal(s.run('print(m.dtype, m.sum() if hasattr(m, "sum") else 10)').stdout.split(' ')[0], 'int64');
  s.setArray('b', new BigInt64Array([5n, -6n]));
  assert.deepEqual([...s.getArray('b').data], [5n, -6n]);
  assert.throws(() => s.setArray('bad', new Float64Array(3), { shape: [2, 2] }), /RangeError|bytes given/);
  s.dispose();
});

test('no handle or storage leaks across sessions', async () => {
  const lib = await init();
  const before = lib.stats();
  for (let i = 0; i < 20; i++) {
    const s = lib.session();
    s.run('import numpy as np\na = np.arange(100000)\nv = a[::2]\nw = v.reshape(-1, 10)');
    s.setArray('z', new Float64Array(1000));
    s.getArray('w');
    s.dispose();
  }
  const after = lib.stats();
  assert.equal(after.liveSessions, before.liveSessions);
  assert.equal(after.liveStorages, before.liveStorages);
  assert.equal(after.liveBytes, before.liveBytes);
});

test('a .wasm that cannot load makes init() reject (not hang), and is not cached', async () => {
  await assert.rejects(init({ wasmUrl: new URL('file:///nonexistent/stridelab-core.wasm') }), /ENOENT/);
  await assert.rejects(init({ wasmBinary: new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 99]) }), /CompileError|WebAssembly/);
  await assert.rejects(init({ wasmUrl: 'file:///nonexistent/stridelab-core.wasm' }), /ENOENT/);
});

test('init({ wasmModule }) uses a module compiled already (or a promise of one)', async () => {
  const fs = await import('node:fs/promises');
  const bytes = await fs.readFile(new URL('../../dist/stridelab-core.wasm', import.meta.url));
  const compiled = WebAssembly.compile(bytes);
  const lib = await init({ wasmModule: compiled });
  const s = lib.session();
  assert.equal(s.run('import numpy as np\nprint(np.arange(4).sum())').stdout, '6\n');
  s.dispose();
  // The same module again: the cached library, not a second instance.
  assert.equal(await init({ wasmModule: compiled }), lib);
  await assert.rejects(init({ wasmModule: Promise.resolve(bytes) }), /WebAssembly\.Module/);
});

// Note [Two-part engine] (wasm/index.js): the build ships the functions first programs
// run (stridelab-core.wasm) and the rest (stridelab-core.deferred.wasm). Each test
// below gives init() binaries of its own, so it gets an engine of its own.
const distFile = (f) => new URL(`../../dist/${f}`, import.meta.url);

test('the second part loads on the first call that needs it, and not before', async () => {
  const fs = await import('node:fs/promises');
  const [first, deferred] = await Promise.all(['stridelab-core.wasm', 'stridelab-core.deferred.wasm'].map((f) => fs.readFile(distFile(f))));
  const lib = await init({ wasmBinary: first, deferredBinary: deferred });
  const s = lib.session();
  assert.equal(s.run('print(1)', { echo: true, snapshot: true }).stdout, '1\n');
  assert.equal(lib.stats().deferred, 'not loaded', 'print(1) is one of the first programs the split was measured on');
  // a routine no first program calls, with a C++ exception thrown inside the second
  // part and caught by the first (the tag is shared)
  const r = s.run('import numpy as np\nprint(np.linalg.inv(np.eye(2) * 2))\nnp.linalg.inv(np.zeros((2, 2)))');
  assert.equal(r.stdout, '[[0.5 0. ]\n [0.  0.5]]\n');
  assert.equal(r.error, 'LinAlgError: Singular matrix');
  assert.equal(lib.stats().deferred, 'loaded');
  await lib.prefetch();  // nothing left to do
  s.dispose();
});

// Note [Deferred data] (core/model/deferred_data.hpp): the frozen modules' source and the
// Unicode tables come with the second part; the first part's memory does not hold them.
test('the deferred data (frozen modules, Unicode tables) comes in with the second part', async () => {
  const fs = await import('node:fs/promises');
  const [first, deferred] = await Promise.all(['stridelab-core.wasm', 'stridelab-core.deferred.wasm'].map((f) => fs.readFile(distFile(f))));
  const lib = await init({ wasmBinary: first, deferredBinary: deferred });
  const s = lib.session();
  assert.equal(s.run('print(1)', { echo: true, snapshot: true }).stdout, '1\n');
  assert.equal(lib.stats().deferred, 'not loaded');
  const r = s.run("import textwrap, unicodedata\nprint(textwrap.dedent('  a\\n  b'), unicodedata.name('\u00e9'), unicodedata.lookup('SNOWMAN'), 'stra\u00dfe'.upper(), '\u0130'.lower() == 'i\u0307')");
  assert.equal(r.error, null);
  assert.equal(r.stdout, 'a\nb LATIN SMALL LETTER E WITH ACUTE \u2603 STRASSE True\n');
  assert.equal(lib.stats().deferred, 'loaded');
  // linecache reads a frozen module's source (what tracebacks show of it): the
  // file's own lines, comment-only lines emptied (scripts/frozen-strip.py)
  const lines = (await fs.readFile(new URL('../../core/lang/frozen/textwrap.py', import.meta.url), 'utf8')).split('\n');
  const at = lines.findIndex((l) => l.trim() !== '' && !l.trim().startsWith('#'));
  const getline = (n) => s.run(`import linecache\nprint(linecache.getline('textwrap.py', ${n}), end='')`).stdout;
  assert.equal(getline(at + 1), lines[at] + '\n');
  assert.equal(getline(1), '\n');
  s.dispose();
});

test('prefetch() loads the second part without a call needing it', async () => {
  const fs = await import('node:fs/promises');
  const first = await fs.readFile(distFile('stridelab-core.wasm'));
  const lib = await init({ wasmBinary: first, deferredUrl: distFile('stridelab-core.deferred.wasm') });
  assert.equal(lib.stats().deferred, 'not loaded');
  await lib.prefetch();
  assert.equal(lib.stats().deferred, 'loaded');
  const s = lib.session();
  assert.equal(s.run('import numpy as np\nprint(np.fft.fft(np.ones(4)).real)').stdout, '[4. 0. 0. 0.]\n');
  s.dispose();
});

test('init({ deferredModule }) takes the second part compiled already (or a promise of one)', async () => {
  const fs = await import('node:fs/promises');
  const [first, deferred] = await Promise.all(['stridelab-core.wasm', 'stridelab-core.deferred.wasm'].map((f) => fs.readFile(distFile(f))));
  const lib = await init({ wasmBinary: first, deferredModule: WebAssembly.compile(deferred) });
  const s = lib.session();
  assert.equal(s.run('import numpy as np\nprint(np.linalg.matrix_rank(np.eye(3)))').stdout, '3\n');
  assert.equal(lib.stats().deferred, 'loaded');
  s.dispose();
  await assert.rejects(init({ wasmBinary: Buffer.from(first), deferredModule: Promise.resolve(deferred) }), /deferredModule.*WebAssembly\.Module/);
});

test('a second part that cannot be loaded fails every later call with its cause, not silently', async () => {
  const fs = await import('node:fs/promises');
  const first = await fs.readFile(distFile('stridelab-core.wasm'));
  await assert.rejects(init({ wasmBinary: first }), /two parts.*deferredBinary/);
  const lib = await init({ wasmBinary: first, deferredUrl: new URL('file:///nonexistent/engine.deferred.wasm') });
  await assert.rejects(lib.prefetch(), /second part \(file:\/\/\/nonexistent\/engine\.deferred\.wasm\) could not be loaded: .*ENOENT/);
  const s = lib.session();
  assert.equal(s.run('print(1)').stdout, '1\n');
  assert.throws(() => s.run('import numpy as np\nprint(np.linalg.inv(np.eye(2)))'), /second part .*could not be loaded: .*ENOENT/);
  assert.throws(() => s.run('print(2)'), /second part .*could not be loaded/);
  s.dispose();
});

test('an engine not split (the whole .wasm) needs no second part', async () => {
  const fs = await import('node:fs/promises');
  const lib = await init({ wasmBinary: await fs.readFile(distFile('stridelab-core.full.wasm')) });
  assert.equal(lib.stats().deferred, 'whole');
  await lib.prefetch();
  const s = lib.session();
  assert.equal(s.run('import numpy as np\nprint(np.linalg.det(np.eye(3) * 2))').stdout, '7.999999999999998\n');
  s.dispose();
});

test('each session has its own files: writeFile, readFile, listFiles and open() agree', async () => {
  const lib = await init();
  const a = lib.session();
  const b = lib.session();
  assert.equal(a.writeFile('data.csv', 'x,y\n1,2\n'), '/home/stridelab/data.csv');
  a.writeFile('raw/img.bin', new Uint8Array([0, 255, 7]));
  assert.equal(a.run("print(open('data.csv').read().split(), open('raw/img.bin', 'rb').read())").stdout, "['x,y', '1,2'] b'\\x00\\xff\\x07'\n");
  assert.equal(a.run("with open('out.txt', 'w') as f:\n    f.write('done é')").error, null);
  assert.equal(a.readFile('out.txt', { encoding: 'utf-8' }), 'done é');
  assert.deepEqual([...a.readFile('raw/img.bin')], [0, 255, 7]);
  assert.deepEqual(a.listFiles(), [
    { path: '/home/stridelab/data.csv', size: 8 },
    { path: '/home/stridelab/out.txt', size: 7 },
    { path: '/home/stridelab/raw/img.bin', size: 3 },
  ]);
  assert.deepEqual(b.listFiles(), []);  // the other session sees none of them
  assert.equal(b.run("import os\nprint(os.getcwd(), os.listdir())").stdout, '/home/stridelab []\n');
  assert.throws(() => b.readFile('data.csv'), { name: 'FileNotFoundError', message: "FileNotFoundError: [Errno 2] No such file or directory: 'data.csv'" });
  assert.throws(() => a.writeFile('raw', 'x'), { name: 'IsADirectoryError' });
  a.dispose();
  b.dispose();
});
