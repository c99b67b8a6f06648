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
//        `floor` is when an empty page's first script ran (the browser's own start-up).
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';

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
  process.stdout.write(JSON.stringify({ ms, phases, page: pageRuns, floor }));
} catch (e) {
  process.stdout.write(JSON.stringify({ error: String(e && e.message || e).split('\n')[0] }));
} finally {
  if (browser) await browser.close();
  server?.close();
}
