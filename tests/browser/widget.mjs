// The <stride-lab> element in a bare documentation page (web/widget/demo.html): the
// autorun element runs when it scrolls into view, the other loads its engine only when
// used, each in a worker of its own; output is text; the page's strict CSP holds.

import { assert, assertEqual, openPage, screenshotPath, ENGINE_READY_MS } from './lib.mjs';

const shadowText = (page, id, selector) => page.$eval(`#${id}`, (el, sel) => {
  const n = el.shadowRoot?.querySelector(sel);
  return n ? n.textContent : null;
}, selector);

export default async function widget({ browser, baseUrl, results }) {
  const { check } = results;
  const { page, problems, dialogs, close } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  const url = `${baseUrl}widget/demo.html`;

  await check('demo page is served with a strict CSP and no inline script or style', async () => {
    const res = await page.goto(url);
    const csp = res.headers()['content-security-policy'] ?? '';
    assert(/script-src 'self'/.test(csp) && !/unsafe-inline/.test(csp), `CSP: ${csp}`);
    const html = await res.text();
    const inline = html.match(/<script(?![^>]*\bsrc=)[^>]*>|<style\b|\sstyle=|\son[a-z]+=/gi) ?? [];
    assertEqual(inline, [], 'inline scripts, styles or handlers in the demo page source');
  });

  await check('<stride-lab autorun>: runs on its own, shows the exact output', async () => {
    await page.waitForFunction(() => document.querySelector('#autorun-demo')?.shadowRoot?.querySelector('.out')?.dataset.state === 'ok',
      null, { timeout: ENGINE_READY_MS });
    const out = await shadowText(page, 'autorun-demo', '.out .stdout');
    assertEqual(out, '[[ 0  2]\n [ 4  6]\n [ 8 10]]\n(32, 16) True\n', 'autorun output');
  });

  await check('<stride-lab> without autorun: no engine until used; Run loads it and runs', async () => {
    assertEqual(await page.$eval('#click-demo', (el) => el.dataset.state), 'idle', 'state before use');
    assertEqual(page.workers().length, 1, 'workers before the click (only the autorun element)');
    const code = await page.$eval('#click-demo', (el) => el.code);
    assert(code.startsWith('import numpy as np\na = np.arange(12)') && code.includes('(a < 5).sum()'), `code from <template>: ${code}`);
    await page.$eval('#click-demo', (el) => el.shadowRoot.querySelector('.run').click());
    await page.waitForFunction(() => document.querySelector('#click-demo')?.shadowRoot?.querySelector('.out')?.dataset.run === '1',
      null, { timeout: ENGINE_READY_MS });
    assertEqual(page.workers().length, 2, 'a worker of its own');
    const state = await page.$eval('#click-demo', (el) => el.shadowRoot.querySelector('.out').dataset.state);
    const text = await shadowText(page, 'click-demo', '.out');
    if (state === 'error') {
      // The engine build in use may not have advanced indexing yet: the element must
      // still show the error as an error, as text.
      assert(/Error/.test(text), `error output: ${text}`);
      results.info(`widget click-to-run: engine says ${text.split('\n')[0]}`);
    } else {
      assert(text.includes('[[ 0  1  2  3]\n [ 8  9 10 11]]') && text.includes('False'), `output: ${text}`);
    }
  });

  await check('<stride-lab>: edited code runs; printed markup stays text; Shift+Enter in the code runs it', async () => {
    await page.$eval('#click-demo', (el) => { el.code = "print('<img src=x onerror=alert(1)>')\n6 * 7"; });
    await page.$eval('#click-demo', (el) => el.shadowRoot.querySelector('.code').focus());
    await page.keyboard.press('Shift+Enter');
    await page.waitForFunction(() => document.querySelector('#click-demo')?.shadowRoot?.querySelector('.out')?.dataset.run === '2',
      null, { timeout: ENGINE_READY_MS });
    assertEqual(await shadowText(page, 'click-demo', '.out .stdout'), '<img src=x onerror=alert(1)>\n', 'stdout');
    assertEqual(await shadowText(page, 'click-demo', '.out .repr'), '42', 'echo');
    const imgs = await page.$eval('#click-demo', (el) => el.shadowRoot.querySelectorAll('img').length);
    assertEqual(imgs, 0, 'elements from output');
    const href = await page.$eval('#click-demo', (el) => el.shadowRoot.querySelector('.open').href);
    assert(href.includes('#code='), `open link ${href}`);
  });

  await check('<stride-lab>: Stop ends a runaway loop', async () => {
    await page.$eval('#click-demo', (el) => { el.code = 'while True: pass'; el.run(); });
    await page.waitForFunction(() => document.querySelector('#click-demo')?.shadowRoot?.querySelector('.run.is-stop'), null, { timeout: 5000 });
    await page.$eval('#click-demo', (el) => el.shadowRoot.querySelector('.run').click());
    await page.waitForFunction(() => document.querySelector('#click-demo')?.shadowRoot?.querySelector('.out')?.dataset.state === 'note',
      null, { timeout: 5000 });
    const note = await shadowText(page, 'click-demo', '.out .note');
    assert(/Stopped/.test(note), note);
    await page.$eval('#click-demo', (el) => { el.code = 'print(5)'; el.run(); });
    await page.waitForFunction(() => document.querySelector('#click-demo')?.shadowRoot?.querySelector('.out .stdout')?.textContent === '5\n',
      null, { timeout: ENGINE_READY_MS });
  });

  await check('screenshot: the demo page (build/screenshots/widget-demo.png, widget-375.png)', async () => {
    await page.reload();
    await page.waitForFunction(() => document.querySelector('#autorun-demo')?.shadowRoot?.querySelector('.out')?.dataset.state === 'ok',
      null, { timeout: ENGINE_READY_MS });
    await page.screenshot({ path: screenshotPath('widget-demo.png'), fullPage: true });
    const narrow = await openPage(browser, { viewport: { width: 375, height: 812 }, colorScheme: 'dark' });
    await narrow.page.goto(url);
    await narrow.page.waitForFunction(() => document.querySelector('#autorun-demo')?.shadowRoot?.querySelector('.out')?.dataset.state === 'ok',
      null, { timeout: ENGINE_READY_MS });
    const overflow = await narrow.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(overflow <= 0, `horizontal overflow at 375 px: ${overflow}px`);
    await narrow.page.screenshot({ path: screenshotPath('widget-375.png'), fullPage: true });
    problems.push(...narrow.problems);
    await narrow.close();
  });

  await check('widget page: no console errors, page errors or dialogs', async () => {
    const all = [...problems, ...dialogs.map((d) => `dialog: ${d}`)];
    if (all.length) throw new Error(all.join('\n'));
  });
  await close();
}
