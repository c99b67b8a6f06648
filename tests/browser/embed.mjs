// The documentation embed (web/embed.js, web/src/embed/) and the static site
// (scripts/build-site.mjs), served from a sub-path by a plain static file server
// (tests/js/lib/browser.mjs serveStatic, which records every request):
//   - a page of twenty code blocks in the markup of Sphinx, MkDocs Material, Docusaurus,
//     mdBook, Jupyter Book and plain HTML (fixtures/embed-page.mjs) becomes twenty cells
//     and asks for nothing of the engine until the first Run; then there is exactly one
//     worker, however many cells run;
//   - the cells share one session in page order (a Run runs the cells above first), a
//     marked cell has its own, Reset clears them; `>>>` blocks run without prompts and
//     their printed output is compared (a match, or a diff);
//   - the memory inspector opens under a cell's output; labels follow <html lang>;
//   - the playground of the static folder runs from the sub-path, and the engine loads
//     where the host serves .wasm with the wrong MIME type;
//   - the static site's playground, after one visit, reloads and runs with the network
//     off (its service worker, web/sw.js), and a new release replaces the cached engine;
//   - screenshots at 1400 and 375 px, light and dark (build/screenshots/embed-*.png).

import fs from 'node:fs';
import path from 'node:path';
import { buildSite } from '../../scripts/build-site.mjs';
import { serveStatic } from '../js/lib/browser.mjs';
import { ROOT, assert, assertEqual, openPage, screenshotPath, ENGINE_READY_MS } from './lib.mjs';
import { BLOCKS, pageHtml, markedPageHtml, PAGE_CSS } from './fixtures/embed-page.mjs';

export const SITE_PREFIX = '/docs/project/';
const ourWorkers = (page) => page.workers().filter((w) => w.url().endsWith('/src/runner/worker.js'));
const ENGINE_REQUEST = /\/src\/runner\/worker\.js|\/pkg\/|\.wasm$/;

/** Writes the static site under <tmp>/www/docs/project/ and the test pages beside it. */
export function prepareSite({ release } = {}) {
  const www = path.join(ROOT, 'build', 'embed-test', 'www');
  fs.rmSync(www, { recursive: true, force: true });
  buildSite({ out: path.join(www, SITE_PREFIX), ...(release ? { release } : {}) });
  const guide = path.join(www, 'docs', 'guide');
  fs.mkdirSync(guide, { recursive: true });
  fs.writeFileSync(path.join(guide, 'page.css'), PAGE_CSS);
  fs.writeFileSync(path.join(guide, 'twenty.html'), pageHtml({ src: '../project/embed.js' }));
  fs.writeFileSync(path.join(guide, 'marked.html'), markedPageHtml({ src: '../project/embed.js' }));
  fs.writeFileSync(path.join(guide, 'zh.html'), pageHtml({ src: '../project/embed.js', lang: 'zh-CN', title: '步长教程' }));
  return www;
}

// What each cell shows: [{ state, run, outState, text, check, code, isolated }].
export function cells(page) {
  return page.$$eval('.stridelab-cell', (hosts) => hosts.map((h) => {
    const r = h.shadowRoot;
    const out = r.querySelector('.out');
    const check = r.querySelector('.check');
    return {
      state: h.dataset.state,
      run: Number(out.dataset.run),
      outState: out.dataset.state,
      text: [...out.querySelectorAll('pre.stdout, pre.repr, pre.error-message')].map((p) => p.textContent).join(''),
      check: check.hidden ? null : check.dataset.state,
      checkText: check.textContent,
      code: r.querySelector('.code').value,
      runLabel: r.querySelector('.run').textContent,
      isolated: r.querySelector('.badge').classList.contains('is-isolated'),
    };
  }));
}

export async function clickRun(page, i) {
  const before = (await cells(page))[i].run;
  await page.locator('.stridelab-cell').nth(i).locator('button.run').click();
  await page.waitForFunction(([k, n]) => {
    const h = document.querySelectorAll('.stridelab-cell')[k];
    return Number(h?.shadowRoot.querySelector('.out').dataset.run) > n && h.dataset.state !== 'running';
  }, [i, before], { timeout: ENGINE_READY_MS });
}

const expectedText = (i) => BLOCKS[i][2];

async function checkLazyAndOneWorker({ page, server, check, www }) {
  await check('embed: twenty blocks of six generators become twenty cells; nothing of the engine is requested before a Run', async () => {
    await page.goto(`${server.url}/docs/guide/twenty.html`);
    await page.waitForFunction(() => document.querySelectorAll('.stridelab-cell').length === 20
      && [...document.querySelectorAll('.stridelab-cell')].every((h) => !h.style.visibility), null, { timeout: 10_000 });
    const shown = await cells(page);
    assertEqual(shown.map((c) => c.state), Array(20).fill('idle'), 'cell states');
    assertEqual(shown[0].code, BLOCKS[0][1], 'Sphinx block code');
    assertEqual(shown[2].code, BLOCKS[2][1], 'Docusaurus block code (token lines)');
    assertEqual(shown[1].code, BLOCKS[1][1], 'MkDocs Material block code (line anchors)');
    assertEqual(shown[5].code, "a[0]\na.dtype", 'doctest block without its prompts');
    const hiddenOriginals = await page.$$eval('[data-stridelab-original]', (els) => els.filter((e) => getComputedStyle(e).display === 'none').length);
    assertEqual(hiddenOriginals, 20, 'original blocks hidden');
    const others = await page.$$eval('code.language-js, pre.stridelab-skip, div.highlight-default:not(.doctest)',
      (els) => els.map((e) => e.closest('[data-stridelab-original]') == null && getComputedStyle(e).display !== 'none'));
    assertEqual(others, [true, true, true], 'a JavaScript block, a shell session and a block marked skip stay as they are');
    await page.mouse.move(300, 300);
    await page.waitForTimeout(300);
    const early = server.requests.filter((r) => ENGINE_REQUEST.test(r) || /dist\/inspector\.js/.test(r));
    assertEqual(early, [], 'engine requests before any Run');
    assertEqual(ourWorkers(page).length, 0, 'workers before any Run');
    // Everything this page asked for is under the site's sub-path (or the page's own folder).
    const outside = server.requests.filter((r) => !r.startsWith(SITE_PREFIX) && !r.startsWith('/docs/guide/'));
    assertEqual(outside, [], 'requests outside the sub-path');
    assert(fs.existsSync(path.join(www, SITE_PREFIX, 'embed.js')), 'embed.js in the static folder');
  });

  await check('embed: Run on the fourth cell runs the three above first, in one worker; their outputs are exact', async () => {
    await clickRun(page, 3);
    const shown = await cells(page);
    for (const i of [0, 1, 2, 3]) assertEqual(shown[i].text, expectedText(i), `cell ${i + 1} output`);
    assertEqual(shown.slice(4).map((c) => c.run), Array(16).fill(0), 'cells below did not run');
    assertEqual(ourWorkers(page).length, 1, 'workers after the first Run');
    const meta = await page.locator('.stridelab-cell').nth(3).locator('.meta').textContent();
    assert(/Ran 3 cell\(s\) above first/.test(meta), `meta: ${meta}`);
  });
}

async function checkSessions({ page, server, check }) {
  await check('embed: >>> blocks run without prompts; a matching output says so, a wrong one shows the diff', async () => {
    await clickRun(page, 6);
    const shown = await cells(page);
    assertEqual(shown[4].text, expectedText(4), 'Jupyter Book cell (run as one above)');
    assertEqual(shown[5].text, "array([0, 1, 2, 3])\ndtype('int64')\n", 'doctest output');
    assertEqual(shown[5].check, 'match', 'doctest comparison');
    assertEqual(shown[6].check, 'diff', 'wrong printed output');
    const diff = await page.locator('.stridelab-cell').nth(6).locator('.diff-lines').textContent();
    assertEqual(diff, '- (4, 3)\n+ (3, 4)\n', 'diff lines');
  });

  await check('embed: a cell marked isolated has its own session; the last cell runs all above it; still one worker', async () => {
    await clickRun(page, 7);
    let shown = await cells(page);
    assert(shown[7].isolated, 'isolated badge');
    assertEqual(shown[7].text, 'no a here\n', 'isolated cell output');
    await clickRun(page, 19);
    shown = await cells(page);
    for (let i = 8; i < 20; i += 1) assertEqual(shown[i].text, expectedText(i), `cell ${i + 1} output`);
    assertEqual(ourWorkers(page).length, 1, 'workers after running every cell');
    const workerRequests = server.requests.filter((r) => r.endsWith('/src/runner/worker.js'));
    assertEqual(workerRequests.length, 1, 'worker script requests');
    const wasm = server.requests.filter((r) => r.endsWith('stridelab-core.wasm'));
    assertEqual(wasm.length, 1, 'engine (.wasm) requests');
  });

  await check('embed: an edited >>> cell runs as one program, not compared; Shift+Enter in the code runs it', async () => {
    const code = page.locator('.stridelab-cell').nth(6).locator('textarea');
    await code.fill('a.shape[::-1]');
    await code.press('Shift+Enter');
    await page.waitForFunction(() => document.querySelectorAll('.stridelab-cell')[6].shadowRoot.querySelector('.check').dataset.state === 'edited');
    const shown = await cells(page);
    assertEqual(shown[6].text, '(4, 3)', 'edited cell output');
  });

  await check('embed: the memory inspector opens under a cell and shows its session\'s arrays', async () => {
    const cell = page.locator('.stridelab-cell').nth(1);
    await cell.locator('details.inspect > summary').click();
    await page.waitForFunction(() => document.querySelectorAll('.stridelab-cell')[1].shadowRoot.querySelector('.sl-inspector .sl-p-vars'), null, { timeout: 10_000 });
    const names = await cell.locator('.sl-p-vars tbody tr th, .sl-p-vars tbody tr td:first-child').allTextContents();
    for (const v of ['a', 'b']) assert(names.some((n) => n.trim().startsWith(v)), `variable ${v} in ${JSON.stringify(names)}`);
  });

  await check('embed: Reset clears every session; a Run then starts again from the top', async () => {
    await page.locator('.stridelab-cell').nth(2).locator('button.reset').click();
    await page.waitForFunction(() => /reset/.test(document.querySelectorAll('.stridelab-cell')[2].shadowRoot.querySelector('.out').textContent));
    let shown = await cells(page);
    assertEqual(shown.filter((c, i) => i !== 2).map((c) => c.state), Array(19).fill('idle'), 'states after reset');
    await clickRun(page, 1);
    shown = await cells(page);
    assertEqual(shown[0].text, expectedText(0), 'first cell ran again');
    assertEqual(shown[1].text, expectedText(1), 'second cell');
    assertEqual(ourWorkers(page).length, 1, 'workers after reset');
  });
}

// Single-page apps (Docusaurus) draw a page's blocks after the script ran, and draw
// them again on navigation: a block that appears later becomes a cell of the same page.
async function checkLateBlocks({ page, check }) {
  await check('embed: a block added after load (a single-page app\'s navigation) becomes a cell on the same engine and session', async () => {
    await page.evaluate(() => {
      const div = document.createElement('div');
      div.innerHTML = '<div class="language-python codeBlockContainer_Ckt0 theme-code-block"><div><pre class="prism-code language-python"><code>'
        + '<span class="token-line">print(a.shape, b.shape)<br></span></code></pre></div></div>';
      document.querySelector('main').append(div);
    });
    await page.waitForFunction(() => document.querySelectorAll('.stridelab-cell').length === 21, null, { timeout: 5000 });
    await page.waitForFunction(() => !document.querySelectorAll('.stridelab-cell')[20].style.visibility);
    await clickRun(page, 20);
    const shown = await cells(page);
    // recorded with refpy: the tutorial's a and b
    assertEqual(shown[20].text, '(3, 4) (3, 2)\n', 'output of the late cell');
    assertEqual(ourWorkers(page).length, 1, 'workers');
    assertEqual(await page.evaluate(() => window.stridelab.cells().length), 21, 'window.stridelab.cells()');
  });
}

async function checkLanguageAndSite({ browser, server, check, results }) {
  await check('embed: a page in Chinese (<html lang="zh-CN">) gets Chinese labels and runs', async () => {
    const zh = await openPage(browser, { locale: 'zh-CN' });
    await zh.page.goto(`${server.url}/docs/guide/zh.html`);
    await zh.page.waitForFunction(() => document.querySelectorAll('.stridelab-cell').length === 20);
    await clickRun(zh.page, 0);
    const shown = await cells(zh.page);
    assertEqual(shown[0].runLabel, '运行', 'Run label');
    assertEqual(shown[0].text, expectedText(0), 'output');
    await zh.close();
    assertEqual(zh.problems, [], 'problems');
  });

  await check('static site: the playground runs from the sub-path, every request under it', async () => {
    const pg = await openPage(browser);
    const first = server.requests.length;
    await pg.page.goto(`${server.url}${SITE_PREFIX}`);
    await pg.page.waitForSelector('#status[data-state="ready"]', { timeout: ENGINE_READY_MS });
    await pg.page.click('#run');
    await pg.page.waitForFunction(() => Number(document.querySelector('#output')?.dataset.run) > 0, null, { timeout: ENGINE_READY_MS });
    const out = await pg.page.$eval('#output', (o) => o.textContent);
    assert(out.trim().length > 0 && !/Error/.test(out), `playground output: ${out}`);
    const asked = server.requests.slice(first);
    assertEqual(asked.filter((r) => !r.startsWith(SITE_PREFIX)), [], 'requests outside the sub-path');
    assert(asked.some((r) => r.endsWith('/pkg/dist/stridelab-core.wasm')), 'the engine came from the sub-path');
    await pg.close();
    assertEqual(pg.problems, [], 'problems');
  });

  await check('static site: a host serving .wasm as application/octet-stream still runs the embed', async () => {
    const wrong = await serveStatic(path.join(ROOT, 'build', 'embed-test', 'www'), { types: { '.wasm': 'application/octet-stream' } });
    const p = await openPage(browser);
    try {
      await p.page.goto(`${wrong.url}/docs/guide/twenty.html`);
      await p.page.waitForFunction(() => document.querySelectorAll('.stridelab-cell').length === 20);
      await clickRun(p.page, 1);
      const shown = await cells(p.page);
      assertEqual(shown[1].text, expectedText(1), 'output with the wrong MIME type');
      // Chromium reports the refused streaming compile on the console; nothing else may fail.
      const other = p.problems.filter((m) => !/MIME|application\/wasm|compileStreaming/i.test(m));
      assertEqual(other, [], 'problems');
      results.info(`wrong MIME type: ${p.problems.length} console message(s) about the refused streaming compile`);
    } finally {
      await p.close();
      await wrong.close();
    }
  });
}

async function checkMarked({ browser, server, check }) {
  const m = await openPage(browser, { viewport: { width: 1000, height: 700 } });
  const { page } = m;
  try {
    await check('embed: data-select="marked" takes only marked blocks; an autorun cell runs when scrolled to, not before', async () => {
      const first = server.requests.length;
      await page.goto(`${server.url}/docs/guide/marked.html`);
      await page.waitForFunction(() => document.querySelectorAll('.stridelab-cell').length === 3);
      await page.waitForTimeout(500);
      assertEqual(server.requests.slice(first).filter((r) => ENGINE_REQUEST.test(r)), [], 'engine requests before the autorun cell is in view');
      assertEqual(ourWorkers(page).length, 0, 'workers');
      await page.locator('.stridelab-cell').nth(1).scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.querySelectorAll('.stridelab-cell')[1].shadowRoot.querySelector('.out').dataset.run === '1', null, { timeout: ENGINE_READY_MS });
      const shown = await cells(page);
      assertEqual(shown.map((c) => c.text), ['', '24\n', ''], 'outputs (the marked cell above ran first, without output)');
      assertEqual(shown[0].run, 1, 'the cell above ran');
    });
    await check('embed: Stop ends an endless loop; the sessions restart and the next Run works, still one worker', async () => {
      const loop = page.locator('.stridelab-cell').nth(2);
      await loop.locator('button.run').click();
      await page.waitForFunction(() => document.querySelectorAll('.stridelab-cell')[2].shadowRoot.querySelector('.run.is-stop'), null, { timeout: 5000 });
      await loop.locator('button.run').click();
      await page.waitForFunction(() => /Stopped/.test(document.querySelectorAll('.stridelab-cell')[2].shadowRoot.querySelector('.out').textContent), null, { timeout: 5000 });
      await clickRun(page, 1);
      const shown = await cells(page);
      assertEqual(shown[1].text, '24\n', 'output after Stop (the cell above ran again)');
      // The ended worker leaves Playwright's list when its close event has arrived.
      for (const started = Date.now(); ourWorkers(page).length > 1 && Date.now() - started < 5000;) await page.waitForTimeout(100);
      assertEqual(ourWorkers(page).length, 1, 'workers');
      assertEqual(m.problems, [], 'problems');
    });
  } finally {
    await m.close();
  }
}

const buildId = (www) => /const BUILD = "([0-9a-f]+)"/.exec(fs.readFileSync(path.join(www, SITE_PREFIX, 'sw.js'), 'utf8'))[1];

async function runPlayground(page) {
  await page.waitForSelector('#status[data-state="ready"]', { timeout: ENGINE_READY_MS });
  const before = Number(await page.getAttribute('#output', 'data-run'));
  await page.click('#run');
  await page.waitForFunction((n) => Number(document.querySelector('#output')?.dataset.run) > n, before, { timeout: ENGINE_READY_MS });
  return page.$eval('#output', (o) => o.textContent);
}

async function checkOffline({ browser, server, check }) {
  const pg = await openPage(browser);
  const { page, context } = pg;
  try {
    await check('offline: after one visit the playground reloads and runs with the network off', async () => {
      await page.goto(`${server.url}${SITE_PREFIX}`);
      await runPlayground(page);
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.waitForFunction(() => navigator.serviceWorker.controller != null, null, { timeout: 10_000 });
      await context.setOffline(true);
      await page.reload();
      const out = await runPlayground(page);
      assert(out.trim().length > 0 && !/Error/.test(out), `offline output: ${out}`);
      await context.setOffline(false);
    });
    await check('offline: a new release replaces the cached engine (one cache, the new build\'s)', async () => {
      const www = prepareSite({ release: 'next-release' });
      const next = buildId(www);
      await page.reload();
      // caches.keys() until only the new build's cache is left (the new worker has
      // installed, then activated and deleted the old one)
      let keys = [];
      for (const started = Date.now(); Date.now() - started < 20_000; await page.waitForTimeout(200)) {
        keys = await page.evaluate(() => caches.keys());
        if (keys.join() === `stridelab-${next}`) break;
      }
      assertEqual(keys, [`stridelab-${next}`], 'caches');
      const cachedWasm = await page.evaluate(async (id) => {
        const cache = await caches.open(`stridelab-${id}`);
        const hit = await cache.match(new URL('pkg/dist/stridelab-core.wasm', location.href).href);
        return hit ? (await hit.arrayBuffer()).byteLength : -1;
      }, next);
      assertEqual(cachedWasm, fs.statSync(path.join(www, SITE_PREFIX, 'pkg/dist/stridelab-core.wasm')).size, 'cached engine size');
      await page.reload();
      await runPlayground(page);
      assertEqual(pg.problems.filter((m) => !/ERR_INTERNET_DISCONNECTED/.test(m)), [], 'problems');
    });
  } finally {
    await context.setOffline(false);
    await pg.close();
  }
}

// Screenshots of the tutorial page with cells run and an inspector open.
export async function screenshots({ browser, url, name, check, prepare, allowed = () => false }) {
  for (const [width, scheme] of [[1400, 'light'], [1400, 'dark'], [375, 'light'], [375, 'dark']]) {
    await check(`screenshot: ${name} at ${width} px, ${scheme} (build/screenshots/${name}-${width}-${scheme}.png)`, async () => {
      const s = await openPage(browser, { viewport: { width, height: 900 }, colorScheme: scheme });
      try {
        await s.page.goto(url);
        await prepare(s.page);
        const overflow = await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert(overflow <= 0, `horizontal overflow: ${overflow}px`);
        await s.page.screenshot({ path: screenshotPath(`${name}-${width}-${scheme}.png`), fullPage: false });
        assertEqual(s.problems.filter((m) => !allowed(m)), [], 'problems');
      } finally {
        await s.close();
      }
    });
  }
}

export default async function embed({ browser, results }) {
  const { check } = results;
  const www = prepareSite();
  const server = await serveStatic(www);
  const { page, problems, dialogs, close } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  try {
    await checkLazyAndOneWorker({ page, server, check, www });
    await checkSessions({ page, server, check });
    await checkLateBlocks({ page, check });
    await check('embed page: no console errors, page errors or dialogs', async () => {
      const all = [...problems, ...dialogs.map((d) => `dialog: ${d}`)];
      if (all.length) throw new Error(all.join('\n'));
    });
    await close();
    await checkLanguageAndSite({ browser, server, check, results });
    await checkMarked({ browser, server, check });
    await checkOffline({ browser, server, check });
    await screenshots({
      browser, check, name: 'embed', url: `${server.url}/docs/guide/twenty.html`,
      async prepare(p) {
        await p.waitForFunction(() => document.querySelectorAll('.stridelab-cell').length === 20);
        await clickRun(p, 6);
        await p.locator('.stridelab-cell').nth(5).locator('details.inspect > summary').click();
        await p.waitForFunction(() => document.querySelectorAll('.stridelab-cell')[5].shadowRoot.querySelector('.sl-inspector .sl-p-vars'), null, { timeout: 10_000 });
        await p.locator('.stridelab-cell').nth(5).scrollIntoViewIfNeeded();
        await p.evaluate(() => document.querySelectorAll('.stridelab-cell')[5].scrollIntoView({ block: 'start' }));
      },
    });
  } finally {
    await server.close();
  }
}
