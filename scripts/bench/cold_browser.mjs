// Cold start in headless Chromium: a minimal page (served from the same origin as the
// package, by scripts/serve.mjs) imports the package, instantiates the engine and runs
// a first statement. Time = the page's performance.now() at the first result, i.e. from
// navigation start (HTML + JS + .wasm download, compile, instantiate, first run).
// A fresh browser context (empty HTTP and code caches) per repetition.
//   node scripts/bench/cold_browser.mjs [reps] [package dir]  -> {ms: [...]} or {error}
import { chromium } from 'playwright-core';
import { startServer } from '../serve.mjs';

const reps = Number(process.argv[2] || 5);
const pkgRoot = process.argv[3];  // default: the repository (serve.mjs)
const PAGE = `<!doctype html><meta charset="utf-8"><title>cold start</title>
<script type="module">
import { init } from '/pkg/wasm/index.js';
const lib = await init();
const r = lib.session().run('import numpy as np\\nprint(np.arange(10).sum())');
window.__result = { ms: performance.now(), out: r.stdout.trim(), error: r.error };
</script>`;
let server, browser;
try {
  server = await startServer(pkgRoot ? { port: 0, pkgRoot } : { port: 0 });
  const base = server.url ?? `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const ms = [];
  for (let i = 0; i < reps; i++) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.route('**/__bench_cold.html', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: PAGE }));
    await page.goto(new URL('/__bench_cold.html', base).href);
    const r = await page.waitForFunction(() => window.__result, null, { timeout: 60000 }).then((h) => h.jsonValue());
    if (r.error || r.out !== '45') throw new Error('unexpected first result: ' + JSON.stringify(r));
    ms.push(r.ms);
    await ctx.close();
  }
  process.stdout.write(JSON.stringify({ ms }));
} catch (e) {
  process.stdout.write(JSON.stringify({ error: String(e && e.message || e).split('\n')[0] }));
} finally {
  if (browser) await browser.close();
  if (server) (server.server ?? server).close?.();
}
