// Cold start in headless Chromium, two ways, each with a fresh browser context (empty
// HTTP and code caches) per repetition, served by scripts/serve.mjs:
//   package: a minimal page imports the package, instantiates the engine and runs a
//     first statement (the library's own start-up, no UI);
//   page: the playground itself (web/index.html) opened on a share link of `print(1)`,
//     with Run clicked the moment the page accepts it (data-page 'interactive', by a
//     script in the page, so no test-harness latency is counted) -- issue 17's "time to
//     first result": navigation start to the `1` on screen (the page's
//     stridelab:first-result mark), plus the page's other marks for the breakdown.
//   node scripts/bench/cold_browser.mjs [reps] [package dir]
//     -> {ms: [...], phases: [{imported, instantiated, session, run, second}], page: {ms: [...], marks: [{...}]},
//         floor: [...]}
//        or {error}; the package page's phases are times since navigation start after the
//        package module was imported, the engine instantiated, a session opened and the
//        statement run; `second` is how long a second session then took to open (ms);
//        `floor` is when an empty page's first script ran (the browser's own start-up);
//        `repeat` is the playground of the static site (scripts/build-site.mjs, served
//        by a plain static file server) on a repeat visit: the same print(1) share link
//        opened again in the context of a first visit, so the engine comes from the
//        service worker's cache (web/sw.js) and its compiled code from the browser's
//        code cache: {ms: [...]} navigation start to the `1`, or {error}.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
import { buildSite } from '../build-site.mjs';

const reps = Number(process.argv[2] || 5);
const pkgRoot = process.argv[3];  // default: the repository (serve.mjs)
const PAGE = `<!doctype html><meta charset="utf-8"><title>cold start</title>
<script type="module">
import { init } from '/pkg/wasm/index.js';
const t0 = performance.now();
const lib = await init();
const t1 = performance.now();
const session = lib.session();
const t2 = performance.now();
const r = session.run('import numpy as np\\nprint(np.arange(10).sum())');
const t3 = performance.now();
lib.session();
const second = performance.now() - t3;
window.__result = { ms: t3, out: r.stdout.trim(), error: r.error, phases: { imported: t0, instantiated: t1, session: t2, run: t3, second } };
</script>`;
const FLOOR_PAGE = `<!doctype html><meta charset="utf-8"><title>floor</title>
<script>window.__firstScript = performance.now();</script><p>1</p>`;
// The zero-reaction-time user: clicks Run as soon as the page says it can run.
const CLICK_AT_INTERACTIVE = `(() => {
  const clickWhenReady = () => {
    const page = document.body?.dataset.page;
    if (page === 'interactive' || page === 'ready') { document.getElementById('run').click(); return true; }
    return false;
  };
  const watch = new MutationObserver(() => { if (clickWhenReady()) watch.disconnect(); });
  document.addEventListener('DOMContentLoaded', () => {
    if (!clickWhenReady()) watch.observe(document.body, { attributes: true, attributeFilter: ['data-page'] });
  });
})();`;
const MARKS = ['boot', 'main-start', 'page-interactive', 'engine-ready', 'run-click', 'first-result', 'page-ready'];
const b64url = (text) => Buffer.from(text, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

// The server (scripts/serve.mjs) runs in a process of its own, as a deployment's
// would: in this process its responses would queue behind Playwright's own traffic
// (measured: a 14 KB module took 370 ms to arrive that way on a loaded machine).
function startServerProcess() {
  const serve = new URL('../serve.mjs', import.meta.url).href;
  const opts = JSON.stringify(pkgRoot ? { port: 0, pkgRoot } : { port: 0 });
  const child = spawn(process.execPath, ['--input-type=module', '-e',
    `const { startServer } = await import(${JSON.stringify(serve)}); const s = await startServer(${opts}); console.log(s.url);`],
  { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve({ url: line.trim(), close: () => child.kill() });
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
}

// The static site served by a plain file server (tests/js/lib/browser.mjs), in a process of its own.
function startStaticProcess(dir) {
  const lib = new URL('../../tests/js/lib/browser.mjs', import.meta.url).href;
  const child = spawn(process.execPath, ['--input-type=module', '-e',
    `const { serveStatic } = await import(${JSON.stringify(lib)}); const s = await serveStatic(${JSON.stringify(dir)}); console.log(s.url);`],
  { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve({ url: out.split('\n')[0].trim(), close: () => child.kill() });
    });
    child.on('exit', (code) => reject(new Error(`the static server exited (${code})`)));
  });
}

// A repeat visit's first result: a first visit installs the service worker and caches
// the engine; the second page of the same context is what is timed.
async function repeatVisits(browser, n) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stridelab-site-'));
  let site = null;
  try {
    buildSite({ out: path.join(dir, 'site') });
    site = await startStaticProcess(dir);
    const url = `${site.url}/site/#src=${b64url('print(1)')}`;
    const shown = (page) => page.waitForFunction(() => document.querySelector('#output .out-stdout')?.textContent === '1\n', null, { timeout: 60000 });
    const ms = [];
    for (let i = 0; i < n; i++) {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await ctx.addInitScript(CLICK_AT_INTERACTIVE);
      const first = await ctx.newPage();
      await first.goto(url);
      await shown(first);
      await first.evaluate(() => navigator.serviceWorker.ready);
      await first.waitForFunction(() => navigator.serviceWorker.controller != null, null, { timeout: 60000 });
      await first.close();
      const page = await ctx.newPage();
      await page.goto(url, { waitUntil: 'commit' });
      await shown(page);
      const at = await page.evaluate(() => performance.getEntriesByName('stridelab:first-result')[0]?.startTime ?? null);
      if (at == null) throw new Error('the page did not mark its first result');
      ms.push(at);
      await ctx.close();
    }
    return { ms };
  } catch (e) {
    return { error: String(e && e.message || e).split('\n')[0] };
  } finally {
    site?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

let server, browser;
try {
  server = await startServerProcess();
  const base = server.url;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const ms = [], phases = [];
  for (let i = 0; i < reps; i++) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.route('**/__bench_cold.html', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: PAGE }));
    await page.goto(new URL('/__bench_cold.html', base).href);
    const r = await page.waitForFunction(() => window.__result, null, { timeout: 60000 }).then((h) => h.jsonValue());
    if (r.error || r.out !== '45') throw new Error('unexpected first result: ' + JSON.stringify(r));
    ms.push(r.ms);
    phases.push(r.phases);
    await ctx.close();
  }
  // The browser's own floor: navigation start to the first script of an empty page,
  // fulfilled the same way as the package page (fresh context each time). Whatever a
  // page does comes after this.
  const floor = [];
  for (let i = 0; i < reps; i++) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.route('**/__bench_floor.html', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: FLOOR_PAGE }));
    await page.goto(new URL('/__bench_floor.html', base).href);
    floor.push(await page.waitForFunction(() => window.__firstScript, null, { timeout: 60000 }).then((h) => h.jsonValue()));
    await ctx.close();
  }
  const pageRuns = { ms: [], marks: [] };
  for (let i = 0; i < reps; i++) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    await page.addInitScript(CLICK_AT_INTERACTIVE);
    let worker = null;
    page.on('worker', (w) => { worker ??= w; });
    await page.goto(`${base}#src=${b64url('print(1)')}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.querySelector('#output .out-stdout')?.textContent === '1\n', null, { timeout: 60000 });
    const marks = await page.evaluate((names) => ({
      ...Object.fromEntries(names.map((m) => [m, performance.getEntriesByName(`stridelab:${m}`)[0]?.startTime ?? null])),
      // the last byte of the .wasm taken by the streaming compiler
      'wasm-received': performance.getEntriesByType('resource').find((e) => e.name.endsWith('/stridelab-core.wasm'))?.responseEnd ?? null,
    }), MARKS);
    if (marks['first-result'] == null) throw new Error('the page did not mark its first result');
    // The engine's worker keeps its own marks, on its own clock: moved onto the page's
    // (both clocks are since their own time origin), with the worker's origin itself
    // ('worker-started': its global scope exists).
    if (worker) {
      const pageOrigin = await page.evaluate(() => performance.timeOrigin);
      const w = await worker.evaluate(() => ({ origin: performance.timeOrigin, marks: performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]) })).catch(() => null);
      if (w) {
        const off = w.origin - pageOrigin;
        marks['worker-started'] = off;
        for (const [name, at] of w.marks) if (name.startsWith('stridelab:worker-')) marks[name.slice('stridelab:'.length)] = at + off;
      }
    }
    pageRuns.ms.push(marks['first-result']);
    pageRuns.marks.push(marks);
    await ctx.close();
  }
  const repeat = await repeatVisits(browser, reps);
  process.stdout.write(JSON.stringify({ ms, phases, page: pageRuns, floor, repeat }));
} catch (e) {
  process.stdout.write(JSON.stringify({ error: String(e && e.message || e).split('\n')[0] }));
} finally {
  if (browser) await browser.close();
  server?.close();
}
