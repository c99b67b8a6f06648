#!/usr/bin/env node
// Runs oracle cases through the NATIVE runner (build/<dir>/stridelab_py) -- a
// fast development loop that needs no wasm build. The real gate is
// ../shared/conformance/check.mjs, which runs the npm package.
//
//   node scripts/oracle-native.mjs [--bin build/native/stridelab_py] [--only PREFIX]... [--quiet] [--list-fails]
//                                  [--sanitizers]
// --sanitizers (npm test, with build/asan/stridelab_py): exit 1 if any program
// ends in a sanitizer report (ASan, LSan, UBSan) or a signal; output mismatches
// are still only listed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (n, d) => { const i = args.indexOf(n); return i >= 0 ? args[i + 1] : d; };
const bin = path.resolve(opt('--bin', path.join(here, '..', 'build', 'native', 'stridelab_py')));
const casesFile = path.resolve(opt('--cases', path.join(here, '..', '..', 'shared', 'conformance', 'oracle.jsonl')));
const only = args.flatMap((a, i) => (a === '--only' ? [args[i + 1]] : []));
const quiet = args.includes('--quiet');
const listFails = args.includes('--list-fails');
const sanitizers = args.includes('--sanitizers');
const sanitizerReport = /ERROR: (Address|Leak|Undefined|Memory)Sanitizer|runtime error: |SUMMARY: \w+Sanitizer/;
const reports = [];

const cases = fs.readFileSync(casesFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l))
  .filter((c) => only.length === 0 || only.some((p) => c.id.startsWith(p)));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-oracle-'));
let passed = 0, failed = 0;
const fails = [];
for (const c of cases) {
  const f = path.join(tmp, 'case.py');
  fs.writeFileSync(f, c.code);
  const r = spawnSync(bin, c.echo ? ['--echo', f] : [f], { encoding: 'utf8', timeout: 60000, maxBuffer: 64 << 20 });
  if (sanitizers && (r.signal || sanitizerReport.test(r.stderr || ''))) {
    reports.push(c.id);
    console.log(`SANITIZER ${c.id} (exit ${r.status} ${r.signal ?? ''})\n${(r.stderr || '').split('\n').slice(0, 60).join('\n')}`);
  }
  // The error is the traceback's exception text: everything after the last
  // indented (frame or source) line, so multi-line messages stay whole.
  const errLines = (r.stderr || '').split('\n').filter(Boolean);
  let first = errLines.length - 1;
  while (first > 0 && !errLines[first - 1].startsWith(' ') && !errLines[first - 1].startsWith('Traceback')) first--;
  // The oracle records "TypeName: message"; a traceback qualifies the type by
  // its module (numpy.exceptions.AxisError), so the module part is dropped.
  const text = errLines.slice(Math.max(first, 0)).join('\n').replace(/^(?:[A-Za-z_][\w]*\.)+(?=[A-Za-z_]\w*(?::|$))/, '');
  const error = r.status === 0 ? null : (text || `exit ${r.status} ${r.signal ?? ''}`);
  const ok = r.stdout === c.stdout && error === c.error;
  if (ok) { passed++; continue; }
  failed++;
  fails.push(c.id);
  if (!quiet && !listFails) {
    console.log(`FAIL ${c.id}`);
    if (r.stdout !== c.stdout) {
      console.log(`  expected stdout: ${JSON.stringify(c.stdout)}`);
      console.log(`  got stdout:      ${JSON.stringify(r.stdout)}`);
    }
    if (error !== c.error) {
      console.log(`  expected error:  ${JSON.stringify(c.error)}`);
      console.log(`  got error:       ${JSON.stringify(error)}`);
    }
  }
}
fs.rmSync(tmp, { recursive: true, force: true });
if (listFails) for (const id of fails) console.log(id);
console.log(`${passed} passed, ${failed} failed`);
if (sanitizers) {
  console.log(`${cases.length} programs under the sanitizers: ${reports.length ? `${reports.length} REPORTED: ${reports.join(', ')}` : 'no reports'}`);
  if (reports.length) process.exitCode = 1;
}
