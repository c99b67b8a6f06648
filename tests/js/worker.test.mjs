// stridelab inside a dedicated Web Worker in headless Chromium, from the
// installed tarball: a module worker that imports the package with no bundler
// (the .wasm found at its default place beside the package), and an esbuild
// bundle loaded as a classic worker (told where the .wasm is). Both run the
// shared job (tests/js/fixtures/job.js): a seed program, setArray/getArray
// (copy and zero-copy), set(), snapshot(), and post the results back.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { installed, scratch, root } from './lib/installed.mjs';
import { serveStatic, launchChromium, openAndWait } from './lib/browser.mjs';
import { EXPECTED } from './fixtures/job.js';

const fixtures = path.join(root, 'tests', 'js', 'fixtures');
let dir, server, browser;

test.before(async () => {
  const { app } = installed();
  dir = scratch('worker');
  for (const f of ['job.js', 'worker-body.js']) fs.copyFileSync(path.join(fixtures, f), path.join(dir, f));
  for (const f of fs.readdirSync(path.join(fixtures, 'worker'))) fs.copyFileSync(path.join(fixtures, 'worker', f), path.join(dir, f));
  // The server's root is the app folder, so /node_modules/stridelab/... is reachable as a CDN would serve it.
  server = await serveStatic(app);
  browser = await launchChromium();
});

test.after(async () => {
  await browser?.close();
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const base = () => `${server.url}/${path.basename(dir)}`;
const expected = { ...EXPECTED, inWorker: true, t: { ...EXPECTED.t, dataType: 'Float32Array' } };

test('a module worker imports the package unbundled and finds the .wasm itself', async () => {
  const { page, errors } = await openAndWait(browser, `${base()}/index.html?src=module-worker.js&type=module`);
  const text = await page.textContent('#out');
  assert.deepEqual(JSON.parse(text.startsWith('{') ? text : '{}'), expected, text);
  assert.deepEqual(errors, []);
  assert.ok(server.requests.includes('/node_modules/stridelab/dist/stridelab-core.wasm'), 'the .wasm was not loaded from its default place');
  // the job needs functions of the engine's second part: loaded on the spot, from beside the first
  assert.ok(server.requests.includes('/node_modules/stridelab/dist/stridelab-core.deferred.wasm'), 'the second part was not loaded from its default place');
  await page.close();
});

test('an esbuild bundle runs as a classic worker (wasmUrl given)', async () => {
  const esbuild = await import(path.join(root, 'node_modules', 'esbuild', 'lib', 'main.js'));
  await esbuild.build({ entryPoints: [path.join(dir, 'bundled-worker.js')], bundle: true, format: 'iife', platform: 'browser',
    outfile: path.join(dir, 'bundled-worker.iife.js'), logLevel: 'silent', absWorkingDir: dir });
  fs.copyFileSync(path.join(installed().app, 'node_modules', 'stridelab', 'dist', 'stridelab-core.wasm'), path.join(dir, 'engine.wasm'));
  // the second part beside it, named after it (engine.wasm -> engine.deferred.wasm)
  fs.copyFileSync(path.join(installed().app, 'node_modules', 'stridelab', 'dist', 'stridelab-core.deferred.wasm'), path.join(dir, 'engine.deferred.wasm'));
  const { page, errors } = await openAndWait(browser, `${base()}/index.html?src=bundled-worker.iife.js&type=classic&wasm=engine.wasm`);
  const text = await page.textContent('#out');
  assert.deepEqual(JSON.parse(text.startsWith('{') ? text : '{}'), expected, text);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a classic-script bundle without wasmUrl fails fast with advice, not a hang', async () => {
  const { page } = await openAndWait(browser, `${base()}/index.html?src=bundled-worker.iife.js&type=classic`);
  assert.match(await page.textContent('#out'), /^failed: stridelab: cannot tell where stridelab-core\.wasm is .*init\(\{ wasmUrl \}\)/);
  await page.close();
});
