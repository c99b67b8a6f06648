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
