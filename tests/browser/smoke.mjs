#!/usr/bin/env node
// Browser smoke test for the playground page, against the real engine build.
//
//   node scripts/build-web.mjs && node tests/browser/smoke.mjs
//
// Starts the static server in-process on a free port, drives Debian's Chromium with
// playwright-core, and checks: the engine loads; a program typed into the editor runs
// with Shift+Enter and prints NumPy's exact text; an exception is shown as an error
// with its line; the Run button works; variables persist across runs until Reset.
// Any console error or uncaught page error fails the run.
// Screenshot: build/screenshots/smoke.png.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCREENSHOT_DIR = path.join(ROOT, 'build', 'screenshots');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
const TOTAL_BUDGET_MS = 55_000;
const ENGINE_READY_MS = 20_000;
const RUN_MS = 10_000;

const PROGRAM = `import numpy as np
a = np.arange(12).reshape(3, 4)
v = a[:, ::2]
print(v)
print(v.base is a.base, np.shares_memory(a, v), v.strides)`;

const EXPECTED = `[[ 0  2]
 [ 4  6]
 [ 8 10]]
True True (32, 16)`;

let passed = 0;
let failed = 0;

async function check(name, fn) {
  try {
    await fn();
    passed += 1;
    console.log(`ok   ${name}`);
    return true;
  } catch (err) {
    failed += 1;
    console.log(`FAIL ${name}\n     ${String(err?.message ?? err).split('\n').join('\n     ')}`);
    return false;
  }
}

function assertEqual(actual, expected, what) {
  if (actual !== expected) {
    throw new Error(`${what}:\n  expected ${JSON.stringify(expected)}\n  actual   ${JSON.stringify(actual)}`);
  }
}

// Replaces the editor's text through the real keyboard path: select all, then one
// text insertion over the selection (as an IME or dictation would; typing key by key
// would trigger auto-close brackets and auto-indent).
async function setEditorText(page, text) {
  await page.click('.cm-content');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
  const shown = await page.$$eval('.cm-content .cm-line', (lines) => lines.map((l) => l.textContent).join('\n'));
  assertEqual(shown, text, 'editor text');
}

async function runCount(page) {
  return Number(await page.getAttribute('#output', 'data-run'));
}

// Waits until the output panel has rendered a run newer than `before`.
async function waitForRun(page, before) {
  await page.waitForFunction(
    (n) => Number(document.querySelector('#output')?.dataset.run) > n,
    before, { timeout: RUN_MS },
  );
  await page.waitForSelector('#status[data-state="ready"]', { timeout: RUN_MS });
}

async function stdoutText(page) {
  return page.$eval('#output', (o) => [...o.querySelectorAll('.out-stdout')].map((p) => p.textContent).join(''));
}

async function main() {
  for (const file of ['wasm/index.js', 'dist/stridelab-core.wasm']) {
    if (!fs.existsSync(path.join(ROOT, file))) {
      throw new Error(`missing ${file}: build the engine first (npm run build)`);
    }
  }
  if (!fs.existsSync(path.join(ROOT, 'web/dist/main.js'))) {
    throw new Error('missing web/dist/main.js: run node scripts/build-web.mjs first');
  }

  const problems = [];
  let server = null;
  let browser = null;
  try {
    ({ server } = await startServer({ port: 0 }));
    const url = `http://localhost:${server.address().port}/`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true, timeout: 20_000 });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(RUN_MS);
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    // Worker errors reach the page as 'error' events only if unhandled; log them all.
    page.on('worker', (worker) => {
      worker.on('console', (msg) => {
        if (msg.type() === 'error') problems.push(`worker console error: ${msg.text()}`);
      });
    });

    await page.goto(url, { waitUntil: 'load' });

    const ready = await check('engine loads (status "ready")', async () => {
      await page.waitForSelector('#status[data-state="ready"]', { timeout: ENGINE_READY_MS });
    });
    if (!ready) {
      const status = await page.$eval('#status', (e) => e.title || e.textContent).catch(() => '?');
      throw new Error(`engine not ready (${status.trim()}); skipping the remaining checks${
        problems.length ? `\n${problems.join('\n')}` : ''}`);
    }

    await check('Shift+Enter runs a typed NumPy program; output is exact', async () => {
      await setEditorText(page, PROGRAM);
      const before = await runCount(page);
      await page.keyboard.press('Shift+Enter');
      await waitForRun(page, before);
      if (await page.$('#output .out-error')) {
        const msg = await page.$eval('#output .out-error', (e) => e.textContent);
        throw new Error(`unexpected error in output: ${msg}`);
      }
      assertEqual(await stdoutText(page), `${EXPECTED}\n`, 'output');
      assertEqual(await page.getAttribute('#output', 'data-state'), 'ok', 'output state');
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'smoke.png') });
    });

    await check('Run button: 1/0 shows ZeroDivisionError as an error at line 1', async () => {
      await setEditorText(page, '1/0');
      const before = await runCount(page);
      await page.click('#run');
      await waitForRun(page, before);
      assertEqual(await page.getAttribute('#output', 'data-state'), 'error', 'output state');
      const message = await page.$eval('#output .out-error .out-error-message', (e) => e.textContent);
      assertEqual(message, 'ZeroDivisionError: division by zero', 'error message');
      const color = await page.$eval('#output .out-error', (e) => getComputedStyle(e).color);
      const plain = await page.$eval('body', (e) => getComputedStyle(e).color);
      if (color === plain) throw new Error(`error text is not in a distinct colour (${color})`);
      assertEqual(await page.$eval('#output .out-line', (e) => e.textContent), 'line 1', 'line badge');
      const marked = await page.$$eval('.cm-content .cm-line.cm-errorLine', (ls) => ls.map((l) => l.textContent));
      assertEqual(JSON.stringify(marked), JSON.stringify(['1/0']), 'editor error-line mark');
      // An edit clears the mark.
      await page.click('.cm-content');
      await page.keyboard.press('End');
      await page.keyboard.insertText(' ');
      assertEqual(await page.$$eval('.cm-errorLine', (ls) => ls.length), 0, 'error marks after an edit');
    });

    await check('variables persist between runs; Reset clears them', async () => {
      await setEditorText(page, 'x = 41');
      let before = await runCount(page);
      await page.keyboard.press('Shift+Enter');
      await waitForRun(page, before);
      assertEqual(await page.getAttribute('#output', 'data-state'), 'ok', 'state after x = 41');

      await setEditorText(page, 'print(x + 1)');
      before = await runCount(page);
      await page.keyboard.press('Shift+Enter');
      await waitForRun(page, before);
      assertEqual(await stdoutText(page), '42\n', 'output after print(x + 1)');

      before = await runCount(page);
      await page.click('#reset');
      await waitForRun(page, before);
      before = await runCount(page);
      await page.click('#run');
      await waitForRun(page, before);
      const message = await page.$eval('#output .out-error-message', (e) => e.textContent);
      if (!message.startsWith('NameError')) throw new Error(`expected a NameError after Reset, got ${message}`);
    });

    await check('no console errors or uncaught page errors', async () => {
      if (problems.length) throw new Error(problems.join('\n'));
    });
  } finally {
    await browser?.close().catch(() => {});
    if (server) {
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(resolve));
    }
  }
}

const watchdog = setTimeout(() => {
  console.log(`FAIL smoke test exceeded ${TOTAL_BUDGET_MS / 1000} s`);
  console.log(`${passed} passed, ${failed + 1} failed`);
  process.exit(1);
}, TOTAL_BUDGET_MS);
watchdog.unref();

try {
  await main();
} catch (err) {
  failed += 1;
  console.log(`FAIL ${err?.message ?? err}`);
}
console.log(`${passed} passed, ${failed} failed`);
clearTimeout(watchdog);
process.exit(failed ? 1 : 0);
