// Shared helpers for the browser tests run by smoke.mjs (one Chromium, one server).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCREENSHOT_DIR = path.join(ROOT, 'build', 'screenshots');
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
export const ENGINE_READY_MS = 20_000;
export const RUN_MS = 10_000;

export function assert(cond, message) {
  if (!cond) throw new Error(message);
}

export function assertEqual(actual, expected, what) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`${what}:\n  expected ${JSON.stringify(expected)}\n  actual   ${JSON.stringify(actual)}`);
  }
}

/** A results counter shared by every test file. */
export class Results {
  constructor() {
    this.passed = 0;
    this.failed = 0;
    this.lines = [];
  }

  // Arrow functions: test files destructure them (`const { check } = results`).
  check = async (name, fn) => {
    const started = Date.now();
    const skipsBefore = engineSkips.length;
    try {
      await fn();
      // A skip is a failure unless its reason is a missing optional environment
      // (OPTIONAL_ENVIRONMENTS): the check ran, but did not check everything.
      const skipped = engineSkips.splice(skipsBefore);
      if (skipped.length) {
        throw new Error(`skipped ${skipped.length} part(s), and an engine build lacking a feature is not an optional environment:\n`
          + skipped.map((s) => `SKIP ${s}`).join('\n'));
      }
      this.passed += 1;
      console.log(`ok   ${name} (${Date.now() - started} ms)`);
      return true;
    } catch (err) {
      engineSkips.splice(skipsBefore);
      this.failed += 1;
      console.log(`FAIL ${name}\n     ${String(err?.message ?? err).split('\n').join('\n     ')}`);
      return false;
    }
  };

  /** A line of information in the test output (not a check). */
  info = (text) => {
    console.log(`     ${text}`);
    this.lines.push(text);
  };
}

/**
 * A new page in its own context, collecting console errors, page errors and dialogs.
 * `problems` lists them; `dialogs` counts alert/confirm/prompt (an XSS would fire one).
 */
export async function openPage(browser, { viewport = { width: 1280, height: 800 }, colorScheme = 'light', locale = 'en-US', context = null } = {}) {
  const ctx = context ?? await browser.newContext({ viewport, colorScheme, locale });
  const page = await ctx.newPage();
  page.setDefaultTimeout(RUN_MS);
  const problems = [];
  const dialogs = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.stack || err.message}`));
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    dialog.dismiss().catch(() => {});
  });
  page.on('worker', (worker) => {
    worker.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`worker console error: ${msg.text()}`);
    });
  });
  return { page, context: ctx, problems, dialogs, close: () => (context ? page.close() : ctx.close()) };
}

export function screenshotPath(name) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, name);
}

// ---- playground page helpers ------------------------------------------------------

// Replaces the editor's text through the real keyboard path: select all, then one
// text insertion over the selection (as an IME or dictation would; typing key by key
// would trigger auto-close brackets and auto-indent).
export async function setEditorText(page, text) {
  await page.click('.cm-content');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
  const shown = await editorText(page);
  assertEqual(shown, text, 'editor text');
}

export async function editorText(page) {
  return page.$$eval('.cm-content .cm-line', (lines) => lines.map((l) => l.textContent).join('\n'));
}

export async function runCount(page) {
  return Number(await page.getAttribute('#output', 'data-run'));
}

// Waits until the output panel has rendered a run newer than `before`.
export async function waitForRun(page, before, timeout = RUN_MS) {
  await page.waitForFunction(
    (n) => Number(document.querySelector('#output')?.dataset.run) > n,
    before, { timeout },
  );
  await page.waitForSelector('#status[data-state="ready"]', { timeout });
  // The memory pane draws after the frame that shows the output (snapshots.js).
  await page.waitForSelector('#inspector-meta:not([data-state="pending"])', { state: 'attached', timeout });
}

export async function stdoutText(page) {
  return page.$eval('#output', (o) => [...o.querySelectorAll('.out-stdout')].map((p) => p.textContent).join(''));
}

export async function reprText(page) {
  return page.$eval('#output', (o) => [...o.querySelectorAll('.out-repr')].map((p) => p.textContent).join(''));
}

/** Types a program and runs it with Shift+Enter; resolves after the result is shown. */
export async function runProgram(page, code) {
  await setEditorText(page, code);
  const before = await runCount(page);
  await page.keyboard.press('Shift+Enter');
  await waitForRun(page, before);
}

/**
 * Skips. A test may skip only when an optional environment is missing, and
 * the browser suites have none: `scripts/setup.sh --test` installs Chromium and
 * its fonts, and `npm test` builds the engine and the page before running them
 * (a missing build fails in smoke.mjs). So every skip below fails its check.
 */
export const OPTIONAL_ENVIRONMENTS = Object.freeze([]);

const engineSkips = [];

/**
 * True when `message` is the engine saying it does not implement something
 * (NotImplementedError, a missing module): the caller reports the part it
 * could not check, and the running check FAILS with that reason (Results.check).
 * Any other error, an AttributeError included, is a plain failure.
 */
export function engineLacks(message) {
  const text = String(message ?? '');
  const lacks = /NotImplementedError|No module named/.test(text);
  if (lacks) engineSkips.push(text.split('\n')[0]);
  return lacks;
}
