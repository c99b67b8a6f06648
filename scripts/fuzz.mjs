#!/usr/bin/env node
// Builds the libFuzzer targets (build/asan: clang, ASan + UBSan, the tree npm
// test's sanitizer suites use; scripts/stridelab.sh sanitizers) and runs them
// with their seed corpora (docs/hardening.md), --jobs at a time (default 1;
// each libFuzzer process uses one core).
//
//   npm run fuzz -- [--minutes N | --seconds S] [--target parse|eval|overlap|lang]... [--jobs N] [--no-build] [--smoke]
//
// Defaults: 5 minutes per target, every target. New inputs, crash/leak/timeout
// artifacts and logs go to fuzz-out/<target>/ (git ignores it); the checked-in
// seeds in tests/fuzz/corpus/<target>/ are only read. --smoke writes new inputs
// to a temporary folder instead (npm test). Prints executions, exec/s and
// libFuzzer's coverage (cov: edges, ft: features) per target; exits 1 if any
// target found something.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const ALL = ['parse', 'eval', 'overlap', 'lang'];
const args = process.argv.slice(2);
const opt = (n, d) => { const i = args.indexOf(n); return i >= 0 ? args[i + 1] : d; };
let targets = args.flatMap((a, i) => (a === '--target' ? args[i + 1].split(',') : []));
if (targets.length === 0) targets = ALL;
for (const t of targets) if (!ALL.includes(t)) { console.error(`unknown target ${t} (${ALL.join(', ')})`); process.exit(2); }
const seconds = Math.round(opt('--seconds') !== undefined ? Number(opt('--seconds')) : Number(opt('--minutes', '5')) * 60);
const smoke = args.includes('--smoke');
const jobs = Math.max(1, Math.min(targets.length, Number(opt('--jobs', '1')) || 1));
const buildDir = 'build/asan';

function sh(cmd, cmdArgs, env = {}) {
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) { console.error(`fuzz: ${cmd} ${cmdArgs.join(' ')} failed`); process.exit(1); }
}

if (!args.includes('--no-build')) {
  // One definition of the sanitizer tree's configuration: scripts/stridelab.sh.
  sh('bash', ['scripts/stridelab.sh', 'sanitizers', ...targets.map((t) => `fuzz_${t}`)]);
}

const env = {
  ...process.env,
  ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=0:symbolize=1',
  UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1',
};
const tmp = smoke ? fs.mkdtempSync(path.join(os.tmpdir(), 'sl-fuzz-')) : null;

function runTarget(t) {
  return new Promise((resolve) => {
    const out = path.join('fuzz-out', t);
    const corpus = smoke ? path.join(tmp, t) : path.join(out, 'corpus');
    fs.mkdirSync(corpus, { recursive: true });
    fs.mkdirSync(out, { recursive: true });
    const fargs = [`-max_total_time=${seconds}`, '-print_final_stats=1', '-timeout=10', '-rss_limit_mb=2048',
      `-artifact_prefix=${out}/`, '-reload=0'];
    if (t !== 'overlap') fargs.push('-dict=tests/fuzz/parse.dict');
    if (t === 'overlap') fargs.push('-max_len=64');
    if (t === 'eval' || t === 'lang') fargs.push('-max_len=4096');
    fargs.push(corpus, path.join('tests', 'fuzz', 'corpus', t));
    const bin = path.join(buildDir, `fuzz_${t}`);
    // With targets side by side, each one's lines are printed together when it ends.
    const held = [];
    const say = jobs > 1 ? (line) => held.push(line) : (line) => console.log(line);
    say(`\n== fuzz_${t}: ${seconds} s ==`);
    say(`$ ${bin} ${fargs.join(' ')}`);
    const log = fs.createWriteStream(path.join(out, smoke ? 'smoke.log' : 'log.txt'));
    const p = spawn(bin, fargs, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const st = { target: t, seconds, execs: 0, execPerSec: 0, cov: 0, ft: 0, corpus: '', rssMb: 0, artifacts: [] };
    let buf = '', lastShown = Date.now();
    const onLine = (line) => {
      log.write(line + '\n');
      let m = line.match(/^#(\d+)\s+(\w+)\s+cov: (\d+) ft: (\d+) corp: (\S+)/);
      if (m) {
        st.execs = Math.max(st.execs, Number(m[1]));
        st.cov = Number(m[3]); st.ft = Number(m[4]); st.corpus = m[5];
        const e = line.match(/exec\/s: (\d+)/); if (e) st.execPerSec = Number(e[1]);
        if (m[2] === 'INITED') say(`  ${line}`);
        else if (Date.now() - lastShown > 60000) { lastShown = Date.now(); say(`  ${line}`); }
      }
      if ((m = line.match(/^stat::number_of_executed_units:\s+(\d+)/))) st.execs = Number(m[1]);
      if ((m = line.match(/^stat::average_exec_per_sec:\s+(\d+)/))) st.execPerSec = Number(m[1]);
      if ((m = line.match(/^stat::peak_rss_mb:\s+(\d+)/))) st.rssMb = Number(m[1]);
      if ((m = line.match(/Test unit written to (\S+)/))) st.artifacts.push(m[1]);
      if (/ERROR: |runtime error:|SUMMARY: |==\d+== |deadly signal|ALARM|out-of-memory/.test(line)) say(`  ${line}`);
    };
    const feed = (chunk) => {
      buf += chunk.toString();
      let i;
      while ((i = buf.indexOf('\n')) >= 0) { onLine(buf.slice(0, i)); buf = buf.slice(i + 1); }
    };
    p.stdout.on('data', feed);
    p.stderr.on('data', feed);
    p.on('close', (code, signal) => {
      if (buf) onLine(buf);
      log.end();
      st.exit = code ?? signal;
      st.ok = code === 0;
      for (const l of held) console.log(l);
      resolve(st);
    });
  });
}

// `jobs` workers take the targets in order; the summary keeps the targets' order.
const results = new Array(targets.length);
let next = 0;
await Promise.all(Array.from({ length: jobs }, async () => {
  while (next < targets.length) { const i = next++; results[i] = await runTarget(targets[i]); }
}));
if (tmp) fs.rmSync(tmp, { recursive: true, force: true });

console.log('\n== fuzz summary ==');
console.log('target    seconds   executions   exec/s     cov      ft   corpus      rss MB  result');
for (const r of results) {
  console.log(`${r.target.padEnd(9)} ${String(r.seconds).padStart(7)} ${String(r.execs).padStart(12)} ${String(r.execPerSec).padStart(8)} ` +
    `${String(r.cov).padStart(7)} ${String(r.ft).padStart(7)}   ${r.corpus.padEnd(10)} ${String(r.rssMb).padStart(7)}  ` +
    (r.ok ? 'ok' : `FOUND SOMETHING (exit ${r.exit}) ${r.artifacts.join(' ')}`));
}
if (!smoke) {
  fs.mkdirSync('fuzz-out', { recursive: true });
  fs.appendFileSync(path.join('fuzz-out', 'history.jsonl'),
    results.map((r) => JSON.stringify({ date: new Date().toISOString(), ...r })).join('\n') + '\n');
}
const bad = results.filter((r) => !r.ok);
if (bad.length) {
  console.log(`\n${bad.length} target(s) found something; logs in fuzz-out/<target>/. Reproduce with build/asan/fuzz_<target> ARTIFACT`);
  process.exit(1);
}
