#!/usr/bin/env node
// Browser tests for the playground page, the <stride-lab> element and the examples,
// against the real engine build: one static server (in-process, free port), one
// headless Chromium (Debian's, through playwright-core), every test file in turn.
//
//   node scripts/build-web.mjs && node tests/browser/smoke.mjs [name ...]
//
// Test files export `default async function ({ browser, baseUrl, results })` and
// report through results.check(name, fn). The last line is `N passed, M failed`;
// the exit code is 1 when anything failed. Screenshots go to build/screenshots/.
// Optional names (e.g. `widget`) run only those files.
//
// tests/browser/inspector.mjs (the memory inspector's own test, a standalone script
// with its own server and browser) runs alongside, as a child process; its output is
// printed after ours and its counts are added to the summary.

import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';
import { ROOT, CHROMIUM, CHROMIUM_ARGS, Results } from './lib.mjs';

const TESTS = ['playground', 'widget', 'examples', 'embed', 'embed-sites', 'training', 'deep'];
// A watchdog against a hung browser, not a speed goal (those are in `npm run bench`):
// with the inspector suite run alongside, the playground checks alone took 104-141 s
// on this 2-core machine at load averages 3-5, and a clean-clone run of 6ed0cf1 at
// load average 7 overran the former 150 s; training.mjs (issue 30) adds its runs and
// 16 screenshots.
const TOTAL_BUDGET_MS = 420_000;

const results = new Results();
const started = Date.now();

// Runs a standalone test script; resolves to { output, passed, failed }.
function runScript(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    child.on('close', (code) => {
      const m = /(\d+) passed, (\d+) failed\s*$/.exec(output.trim());
      const passed = m ? Number(m[1]) : 0;
      const failed = m ? Number(m[2]) : 1;
      resolve({ output, passed, failed: code && !failed ? 1 : failed });
    });
    child.on('error', (err) => resolve({ output: String(err), passed: 0, failed: 1 }));
  });
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
  const only = process.argv.slice(2);
  const files = only.length ? TESTS.filter((n) => only.includes(n)) : TESTS;
  const inspectorTest = path.join(ROOT, 'tests/browser/inspector.mjs');
  const side = (!only.length || only.includes('inspector')) && fs.existsSync(inspectorTest)
    ? runScript(inspectorTest) : null;

  let server = null;
  let browser = null;
  try {
    ({ server } = await startServer({ port: 0 }));
    const baseUrl = `http://localhost:${server.address().port}/`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true, timeout: 20_000 });
    for (const name of files) {
      console.log(`\n-- ${name} --`);
      const t0 = Date.now();
      try {
        const mod = await import(`./${name}.mjs`);
        await mod.default({ browser, baseUrl, results });
      } catch (err) {
        results.failed += 1;
        console.log(`FAIL ${name}: ${err?.stack ?? err}`);
      }
      console.log(`   (${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    }
  } finally {
    await browser?.close().catch(() => {});
    if (server) {
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(resolve));
    }
  }
  if (side) {
    const r = await side;
    console.log('\n-- inspector (tests/browser/inspector.mjs, run alongside) --');
    console.log(r.output.trimEnd());
    results.passed += r.passed;
    results.failed += r.failed;
  }
}

const watchdog = setTimeout(() => {
  console.log(`FAIL browser tests exceeded ${TOTAL_BUDGET_MS / 1000} s`);
  console.log(`${results.passed} passed, ${results.failed + 1} failed`);
  process.exit(1);
}, TOTAL_BUDGET_MS);
watchdog.unref();

try {
  await main();
} catch (err) {
  results.failed += 1;
  console.log(`FAIL ${err?.message ?? err}`);
}
console.log(`\nbrowser tests took ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${results.passed} passed, ${results.failed} failed`);
clearTimeout(watchdog);
process.exit(results.failed ? 1 : 0);
