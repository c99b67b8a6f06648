// The published package, as a user gets it: npm pack -> install the tarball
// into an empty folder -> use it from there (Node, the CLI, an esbuild bundle
// in Chromium). Also type-checks a usage sample against the .d.ts.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'stridelab-pack-'));
const app = path.join(work, 'app');
let tarball;

test.after(() => fs.rmSync(work, { recursive: true, force: true }));

test('npm pack makes a tarball under 1 MB with only the shipped files', () => {
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' });
  const info = JSON.parse(out)[0];
  tarball = path.join(work, info.filename);
  const size = fs.statSync(tarball).size;
  assert.ok(size < 1024 * 1024, `tarball is ${size} bytes`);
  const files = info.files.map((f) => f.path);
  for (const f of ['wasm/index.js', 'wasm/index.d.ts', 'wasm/cli.js', 'dist/stridelab-core.wasm', 'dist/stridelab-core.mjs', 'package.json']) {
    assert.ok(files.includes(f), `missing ${f}`);
  }
  assert.ok(!files.some((f) => f.startsWith('core/') || f.startsWith('tests/') || f.startsWith('build/')), 'sources leaked into the tarball');
  console.log(`# tarball ${info.filename}: ${size} bytes, ${files.length} files`);
});

test('the tarball installs into an empty folder without any download', () => {
  fs.mkdirSync(app);
  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: app, encoding: 'utf8' });
  assert.ok(fs.existsSync(path.join(app, 'node_modules', 'stridelab', 'dist', 'stridelab-core.wasm')));
});

test('imports in Node without flags and runs a seed example', () => {
  fs.writeFileSync(path.join(app, 'seed.mjs'), `
import { init } from 'stridelab';
const s = (await init()).session();
const r = s.run(\`import numpy as np
arr = np.arange(12).reshape(3, 4)
view = arr.view()
view[0, 0] = 999
print(arr)
print(np.shares_memory(arr, view), view.base is arr, view.base is arr.base)\`);
process.stdout.write(JSON.stringify(r));
s.dispose();
`);
  const r = JSON.parse(execFileSync(process.execPath, ['seed.mjs'], { cwd: app, encoding: 'utf8' }));
  assert.equal(r.error, null);
  assert.equal(r.stdout, '[[999   1   2   3]\n [  4   5   6   7]\n [  8   9  10  11]]\nTrue False True\n');
});

test('the CLI runs a script and reports errors Python-style', () => {
  fs.writeFileSync(path.join(app, 'ok.py'), 'import numpy as np\nprint(np.arange(4).reshape(2, 2).T.strides)\n');
  fs.writeFileSync(path.join(app, 'bad.py'), 'import numpy as np\na = np.arange(6)\nprint(a.shape)\na.reshape(4, 4)\n');
  const bin = path.join(app, 'node_modules', '.bin', 'stridelab');
  const ok = spawnSync(bin, ['run', 'ok.py'], { cwd: app, encoding: 'utf8' });
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal(ok.stdout, '(8, 16)\n');
  const bad = spawnSync(bin, ['run', 'bad.py'], { cwd: app, encoding: 'utf8' });
  assert.equal(bad.status, 1);
  assert.equal(bad.stdout, '(6,)\n');
  assert.equal(bad.stderr, 'Traceback (most recent call last):\n  File "bad.py", line 4, in <module>\n    a.reshape(4, 4)\nValueError: cannot reshape array of size 6 into shape (4,4)\n');
});

test('an esbuild bundle runs in Chromium', async () => {
  const esbuild = await import(path.join(root, 'node_modules', 'esbuild', 'lib', 'main.js'));
  const web = path.join(app, 'web');
  fs.mkdirSync(web);
  fs.writeFileSync(path.join(app, 'main.js'), `
import { init } from 'stridelab';
const lib = await init({ wasmUrl: new URL('./stridelab-core.wasm', document.baseURI) });
const s = lib.session();
const r = s.run('import numpy as np\\nv = np.arange(12).reshape(3, 4)[:, ::2]\\nprint(v.strides, v.base is not None)');
document.getElementById('out').textContent = r.stdout;
document.title = 'done';
`);
  await esbuild.build({ entryPoints: [path.join(app, 'main.js')], bundle: true, format: 'esm', platform: 'browser',
    outfile: path.join(web, 'bundle.js'), logLevel: 'silent', absWorkingDir: app });
  fs.copyFileSync(path.join(app, 'node_modules', 'stridelab', 'dist', 'stridelab-core.wasm'), path.join(web, 'stridelab-core.wasm'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>app</title><link rel="icon" href="data:,"><pre id="out"></pre><script type="module" src="bundle.js"></script>');
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
  const server = http.createServer((req, res) => {
    const f = path.join(web, path.normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, ''));
    if (!f.startsWith(web) || !fs.existsSync(f) || fs.statSync(f).isDirectory()) {
      const index = path.join(web, 'index.html');
      if (req.url === '/') { res.writeHead(200, { 'content-type': types['.html'] }); return res.end(fs.readFileSync(index)); }
      res.writeHead(404); return res.end();
    }
    res.writeHead(200, { 'content-type': types[path.extname(f)] ?? 'application/octet-stream' });
    res.end(fs.readFileSync(f));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { chromium } = await import(path.join(root, 'node_modules', 'playwright-core', 'index.mjs'));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => document.title === 'done', null, { timeout: 30000 });
    assert.equal(await page.textContent('#out'), '(32, 16) True\n');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.close();
  }
});

test('the .d.ts type-checks a usage sample (tsc --noEmit)', () => {
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tests', 'js', 'fixtures', 'tsconfig.json')], { cwd: root, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
