// Deep programs in the playground's own Web Worker (issue 29 item 2): the same
// programs as Node's main-thread test (tests/js/deep.test.mjs), typed into the
// page and run as a user runs them. Each ends as the reference ends it (a
// value, or CPython's RecursionError / SyntaxError), the page reports no
// worker or console error, and the engine answers the next program. A
// Chromium worker has about half the V8 stack of a main thread (Note
// [Recursion depth]), the case the engine's stack budget must still hold.
import { assert, assertEqual, openPage, runProgram, stdoutText, ENGINE_READY_MS } from './lib.mjs';
import { DEEP_PROGRAMS, AFTER } from '../js/fixtures/deep/programs.mjs';

const RECURSION = /^(RecursionError: )?maximum recursion depth exceeded/;

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
      await runProgram(page, p.code);
      const last = await lastLine(page);
      if (p.expectError) assert(last.endsWith(p.expectError), `${p.name}: ${last}`);
      else if (!(p.stackBound && RECURSION.test(last))) assertEqual(last, p.expect, p.name);
      await runProgram(page, AFTER.code);
      assertEqual((await stdoutText(page)).trim(), AFTER.expect, `the engine after "${p.name}"`);
      assertEqual(problems, [], 'console or worker errors');
    });
  }
  await close();
}
