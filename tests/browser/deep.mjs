// Deep programs in the playground's own Web Worker (issue 29 item 2): the same
// programs as Node's main-thread test (tests/js/deep.test.mjs), typed into the
// page and run as a user runs them. Each ends as the reference ends it (a
// value, or CPython's RecursionError / SyntaxError), the page reports no
// worker or console error, and the engine answers the next program. A
// Chromium worker has about half the V8 stack of a main thread (Note
// [Recursion depth]), the case the engine's stack budget must still hold.
import { assert, assertEqual, openPage, runCount, runProgram, stdoutText, waitForRun, ENGINE_READY_MS, RUN_MS } from './lib.mjs';
import { DEEP_PROGRAMS, AFTER } from '../js/fixtures/deep/programs.mjs';

const RECURSION = /^(RecursionError: )?maximum recursion depth exceeded/;

// Pastes a program as a user would and runs it. Not runProgram: its check reads
// the editor's lines back from the DOM, where CodeMirror draws only the visible
// part of a 10,000-character line.
async function pasteAndRun(page, code) {
  await page.click('.cm-content');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(code);
  const before = await runCount(page);
  await page.keyboard.press('Shift+Enter');
  await waitForRun(page, before, RUN_MS * 3);
}

const clip = (s) => (s.length > 200 ? `${s.slice(0, 200)}...` : s);

async function lastLine(page) {
  const err = await page.$('#output .out-error');
  const text = err ? await err.textContent() : await stdoutText(page);
  return text.trimEnd().split('\n').pop().trim();
}

export default async function deep({ browser, baseUrl, results }) {
  const { check } = results;
  const { page, problems, close } = await openPage(browser);
  await page.goto(baseUrl);
  await page.waitForSelector('#status[data-state="ready"]', { timeout: ENGINE_READY_MS });
  for (const p of DEEP_PROGRAMS) {
    await check(`deep program in the page's worker: ${p.name}`, async () => {
      await pasteAndRun(page, p.code);
      const last = clip(await lastLine(page));
      if (p.expectError) assert(last.endsWith(p.expectError), `${p.name}: ${last}`);
      else if (!(p.stackBound && RECURSION.test(last))) assertEqual(last, p.expect, p.name);
      await runProgram(page, AFTER.code);
      assertEqual((await stdoutText(page)).trim(), AFTER.expect, `the engine after "${p.name}"`);
      assertEqual(problems, [], 'console or worker errors');
    });
  }
  await close();
}
