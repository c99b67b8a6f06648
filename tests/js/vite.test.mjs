// A tiny browser app built with Vite from the installed tarball and run in
// headless Chromium. The app calls init() with no options, on the page and in
// a worker (new Worker(new URL('./worker.js', import.meta.url))): Vite must
// find the package's `new URL('../dist/stridelab-core.wasm', import.meta.url)`,
// emit the .wasm as an asset and rewrite the URL, for `vite build` (served by
// a plain static server, as a user would deploy it) and for the dev server.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { installed, scratch, root } from './lib/installed.mjs';
import { serveStatic, launchChromium, openAndWait } from './lib/browser.mjs';
import { EXPECTED } from './fixtures/job.js';

const fixtures = path.join(root, 'tests', 'js', 'fixtures');
const vitePath = path.join(root, 'node_modules', 'vite', 'dist', 'node', 'index.js');
let dir, browser;

test.before(async () => {
  installed();
  dir = scratch('vite');
  for (const f of ['job.js', 'worker-body.js']) fs.copyFileSync(path.join(fixtures, f), path.join(dir, f));
  for (const f of fs.readdirSync(path.join(fixtures, 'vite'))) fs.copyFileSync(path.join(fixtures, 'vite', f), path.join(dir, f));
  browser = await launchChromium();
});

test.after(async () => {
  await browser?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const expected = {
  page: { ...EXPECTED, inWorker: false },
  worker: { ...EXPECTED, inWorker: true, t: { ...EXPECTED.t, dataType: 'Float32Array' } },
};

async function check(url) {
  const { page, errors } = await openAndWait(browser, url, { timeout: 60000 });
  const text = await page.textContent('#out');
  await page.close();
  assert.deepEqual(JSON.parse(text.startsWith('{') ? text : '{}'), expected, text);
  assert.deepEqual(errors, []);
}

test('vite build: the built app runs in Chromium and ships the .wasm as an asset', async () => {
  const vite = await import(vitePath);
  const t0 = Date.now();
  await vite.build({
    root: dir, configFile: false, logLevel: 'silent', cacheDir: path.join(dir, '.vite-cache'),
    build: { outDir: path.join(dir, 'dist'), emptyOutDir: true },
  });
  console.log(`# vite ${vite.version} build: ${Date.now() - t0} ms`);
  const assets = fs.readdirSync(path.join(dir, 'dist', 'assets'));
  // the engine's two parts (Note [Two-part engine]), each emitted as an asset
  const wasm = ['stridelab-core', 'stridelab-core.deferred'].map((name) => {
    const file = assets.find((f) => f.endsWith('.wasm') && f.startsWith(`${name}-`));
    assert.ok(file, `no ${name} asset: ${assets.join(', ')}`);
    assert.equal(fs.statSync(path.join(dir, 'dist', 'assets', file)).size,
      fs.statSync(path.join(installed().app, 'node_modules', 'stridelab', 'dist', `${name}.wasm`)).size);
    return file;
  });
  assert.equal(assets.filter((f) => f.endsWith('.wasm')).length, 2, `assets: ${assets.join(', ')}`);
  const server = await serveStatic(path.join(dir, 'dist'));
  try {
    await check(`${server.url}/`);
    for (const f of wasm) assert.ok(server.requests.includes(`/assets/${f}`), `requests: ${server.requests.join(', ')}`);
  } finally {
    await server.close();
  }
});

test('vite dev server: the app runs unbuilt', async () => {
  const vite = await import(vitePath);
  const server = await vite.createServer({
    root: dir, configFile: false, logLevel: 'silent', cacheDir: path.join(dir, '.vite-cache'),
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
  });
  await server.listen();
  try {
    await check(server.resolvedUrls.local[0]);
  } finally {
    await server.close();
  }
});
