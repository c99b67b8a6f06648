// The published package, as a user gets it: npm pack -> install the tarball
// into an empty folder -> use it from there (Node, the CLI, an esbuild bundle
// in Chromium). Also type-checks a usage sample against the .d.ts.
// The pack + install is shared with the other test files of the run
// (tests/js/lib/installed.mjs); this file's fixtures go to its own folder.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { installed, scratch, root } from './lib/installed.mjs';
import { serveStatic, launchChromium, openAndWait } from './lib/browser.mjs';

let app;

test.after(() => { if (app) fs.rmSync(app, { recursive: true, force: true }); });

// The budget was 1 MB until the breadth of issues 14-16 landed (1,127,053 bytes at
// 826e5e8); issue 17 (goal 5) set it at 1.5 MB (1.5 MiB here; 1,169,558 bytes with the
// engine of 283f5f8). The breadth of issues 29-32 took it to 1,865,527 bytes at d916122:
// the data section alone is 414 KB gzipped (the frozen Python modules 112 KB, the Unicode
// tables 182 KB), all of it in the engine's first part. Issue 35 (goal 3) moved that data
// to the second part (Note [Deferred data]), which leaves the package's size as it was
// (1,993,851 -> 1,993,925 bytes), and the embed's copy of the inspector out (-> 1,954,536);
// the budget stayed 2 MiB (scripts/size-report.mjs --pack says where the bytes are).
// The breadth of issues 31-33 and 32's files (the Tensor API, NumPy's routines, zlib,
// pickle, np.save, torch.save) took it to 2,113,902 bytes at the merge of those branches
// (the frozen modules already without their comment lines, -25 KB): 1.44 MB of it is the
// second part, which a session loads only when it needs it; what a session downloads is
// issue 35's measure (its goal 3), not the tarball's. The budget is 2.5 MiB.
test('npm pack makes a tarball under 2.5 MiB with only the shipped files', () => {
  const { size, files, tarball } = installed();
  assert.ok(size < 2.5 * 1024 * 1024, `tarball is ${size} bytes`);
  for (const f of ['wasm/index.js', 'wasm/index.d.ts', 'wasm/cli.js', 'dist/stridelab-core.wasm', 'dist/stridelab-core.deferred.wasm', 'dist/stridelab-core.mjs', 'package.json']) {
    assert.ok(files.includes(f), `missing ${f}`);
  }
  assert.ok(!files.some((f) => f.startsWith('core/') || f.startsWith('tests/') || f.startsWith('build/')), 'sources leaked into the tarball');
  console.log(`# tarball ${path.basename(tarball)}: ${size} bytes, ${files.length} files`);
});

// The served page, the widget and the worker load these by path, unbundled: each file
// they load (a script src, a relative import, a worker URL) must be in the tarball too.
// URLs are relative (the served folder may sit under any sub-path): web/ is served at the
// top, the package itself at pkg/ (scripts/serve.mjs, scripts/build-site.mjs).
test('the tarball holds every file the page, the widget, the docs embed and the worker load by path', () => {
  const { files } = installed();
  const entries = ['web/index.html', 'web/widget/stride-lab.js', 'web/src/runner/boot.js', 'web/src/runner/worker.js',
    'web/src/runner/engine.js', 'web/src/share/link.js', 'web/embed.js'];
  // A classic script's URLs are its page's: boot.js runs in web/index.html; embed.js
  // resolves against the folder it was served from.
  const baseOf = (f) => (f === 'web/src/runner/boot.js' ? 'web' : path.posix.dirname(f));
  for (const f of [...entries, 'web/embed.css', 'web/dist/embed.js', 'web/inspector.css']) assert.ok(files.includes(f), `missing ${f}`);
  const missing = [];
  for (const f of entries) {
    const text = fs.readFileSync(path.join(root, f), 'utf8');
    // Loaded where they are written, or named as a served path ('/src/...', as WORKER_URL is).
    const refs = [...text.matchAll(/(?:from\s+|import\(|new URL\(|new Worker\(|src=)['"]([^'"]+\.js)['"]|['"](\/src\/[^'"]+\.js)['"]/g)]
      .map((m) => m[1] ?? m[2]);
    for (const ref of refs) {
      // Absolute paths are served from web/ (scripts/serve.mjs), except /pkg/ (the package itself).
      if (ref.startsWith('/pkg/') || /^[a-z]+:/.test(ref)) continue;  // the package itself; another site
      const served = ref.startsWith('/') ? path.posix.join('web', ref) : path.posix.join(baseOf(f), ref);
      const target = served.startsWith('web/pkg/') ? served.slice('web/pkg/'.length) : served;
      if (!files.includes(target)) missing.push(`${f} loads ${ref} (${target})`);
    }
  }
  assert.deepEqual(missing, []);
});

test('the tarball installs into an empty folder without any download', () => {
  // installed() ran `npm install --offline <tarball>` in a folder holding only a package.json.
  const dir = installed().app;
  assert.ok(fs.existsSync(path.join(dir, 'node_modules', 'stridelab', 'dist', 'stridelab-core.wasm')));
  assert.deepEqual(fs.readdirSync(path.join(dir, 'node_modules')).filter((d) => !d.startsWith('.')), ['stridelab'], 'the package has no dependencies');
  app = scratch('pack');
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
  const bin = path.join(installed().app, 'node_modules', '.bin', 'stridelab');
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
  // both parts of the engine (Note [Two-part engine]): the second is found beside the first
  for (const f of ['stridelab-core.wasm', 'stridelab-core.deferred.wasm']) {
    fs.copyFileSync(path.join(installed().app, 'node_modules', 'stridelab', 'dist', f), path.join(web, f));
  }
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>app</title><link rel="icon" href="data:,"><pre id="out"></pre><script type="module" src="bundle.js"></script>');
  const server = await serveStatic(web);
  const browser = await launchChromium();
  try {
    const { page, errors } = await openAndWait(browser, `${server.url}/`);
    assert.equal(await page.textContent('#out'), '(32, 16) True\n');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.close();
  }
});

test('the .d.ts type-checks a usage sample (tsc --noEmit)', () => {
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tests', 'js', 'fixtures', 'tsconfig.json')], { cwd: root, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
