#!/usr/bin/env node
// `npm run bench`: the side-by-side benchmark suite (issue 6).
//
// In one run, times every benchmark in scripts/bench/specs.mjs for
//   stridelab (wasm SIMD, through the package API), stridelab's scalar build
//   (STRIDELAB_SIMD=OFF, built from a copy of the working tree into /tmp),
//   native NumPy (Debian's /usr/bin/python3 + python3-numpy, one BLAS thread),
//   TF.js (tfjs-backend-wasm, one thread, SIMD), scijs ndarray + ndarray-ops,
//   @stdlib/ndarray and plain TypedArray loops,
// plus cold start (Node and headless Chromium) and the gzipped engine size; prints
// medians and ratios and writes docs/benchmarks.md and docs/benchmarks.svg.
//
//   npm run bench                   everything
//   npm run bench -- --no-scalar    skip the scalar build
//   npm run bench -- --reuse-scalar use the last scalar build in /tmp as is (no rebuild)
//   npm run bench -- --no-browser   skip Chromium
//   npm run bench -- --only=add,sum benchmarks subset (ids from specs.mjs; `interp` for the interpreter's)
//   npm run bench -- --interp=nbody,richards  the interpreter programs to run (scripts/bench/programs/)
//   npm run bench -- --no-interp    skip the interpreter programs (stridelab, Pyodide, CPython)
//   npm run bench -- --no-train     skip the training steps (stridelab, the reference's PyTorch)
//   npm run bench -- --report-only  re-render the docs from build/bench/results.json
//   npm run bench -- --pkg=DIR      time the engine in DIR/wasm/index.js + DIR/dist/ instead of the
//                                   repository's own (a private build, e.g. CMake's STRIDELAB_DIST_DIR,
//                                   so the shared dist/ others test against is never rebuilt for a bench)
//   npm run bench -- --allow-dirty  time a tree with uncommitted changes (the document says so)
//
// Honest numbers (issue 17): the bench refuses a tree with uncommitted changes
// unless told, times the build `npm start` serves (it runs that build first, so
// dist/ is the default build of this tree, never a stale or private one), and
// records the commit, the compile and link flags of that build and the load.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BENCHES, pythonCode, metric, higherIsBetter, median } from './bench/specs.mjs';
import { writeReport } from './bench/report.mjs';
import { runInterp } from './bench/interp.mjs';
import { runTrain } from './bench/train.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(ROOT);
const args = process.argv.slice(2);
const flag = (f) => args.includes(f);
const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const benches = only ? BENCHES.filter((b) => only.includes(b.id)) : BENCHES;
const PY = '/usr/bin/python3';
const SCALAR_DIR = process.env.STRIDELAB_SCALAR_DIR || '/tmp/stridelab-bench-scalar';
// The package whose engine is timed: wasm/index.js and dist/ under PKG.
const PKG = path.resolve(args.find((a) => a.startsWith('--pkg='))?.slice(6) ?? ROOT);
const ENTRY = path.join(PKG, 'wasm/index.js');
const DIST = (f) => path.join(PKG, 'dist', f);
const t0 = Date.now();
// Raw results of the last run (git-ignored build/): `--report-only` re-renders the docs from it.
const RAW = path.join(ROOT, 'build/bench/results.json');
if (flag('--report-only')) {
  const raw = JSON.parse(fs.readFileSync(RAW, 'utf8'));
  const { writeReport: w } = await import('./bench/report.mjs');
  const rep = w({ ...raw, benches: BENCHES.filter((b) => raw.benchIds.includes(b.id)), ROOT });
  console.log(rep.console);
  process.exit(0);
}
const log = (s) => console.log(s);
const step = (s) => log(`\n== ${s} (${((Date.now() - t0) / 1e3).toFixed(0)} s) ==`);

function sh(cmd, cmdArgs, opts = {}) {
  const r = spawnSync(cmd, cmdArgs, { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['pipe', 'pipe', 'inherit'], ...opts });
  return r;
}
function jsonOf(r, what) {
  if (r.status !== 0) return { error: `${what} exited with status ${r.status}${r.signal ? ' (' + r.signal + ')' : ''}` };
  try { return JSON.parse(r.stdout); } catch { return { error: `${what}: unreadable output` }; }
}
const uptime = () => sh('uptime', []).stdout.trim();

// ---------------------------------------------------------------- prerequisites
step('prerequisites');
if (sh(PY, ['-c', 'import numpy'], { stdio: 'ignore' }).status !== 0) {
  log('python3-numpy missing: installing it with apt (as scripts/setup.sh does)');
  const root = process.getuid?.() === 0;
  const pre = root ? [] : ['sudo'];
  const run = (a) => spawnSync(pre.length ? 'sudo' : a[0], pre.length ? a : a.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', 'python3-numpy']);
}
const git = (a) => sh('git', a, { stdio: ['ignore', 'pipe', 'ignore'] }).stdout?.trim() ?? '';
// Everything that goes into the timed engine or the timing itself.
const dirty = git(['status', '--porcelain', '--', 'core', 'wasm', 'web', 'scripts', 'CMakeLists.txt', 'package.json'])
  .split('\n').filter(Boolean);
if (dirty.length && !flag('--allow-dirty') && !flag('--report-only')) {
  log(`refusing to time a tree with uncommitted changes (${dirty.length} paths, e.g. ${dirty.slice(0, 3).join(', ')}):`);
  log('commit or stash them, or pass --allow-dirty (the document then says the tree was dirty)');
  process.exit(2);
}
if (PKG === ROOT) {
  log('building what `npm start` serves (scripts/stridelab.sh page): the timed engine is the default build of this tree');
  const b = spawnSync('bash', ['scripts/stridelab.sh', 'page'], { stdio: 'inherit' });
  if (b.status !== 0) { log('the build failed: nothing to time'); process.exit(1); }
}
// The compile and link flags of the timed module, as CMake wrote them for build/wasm.
function buildFlags() {
  const dir = path.join(ROOT, 'build/wasm/CMakeFiles/stridelab_module.dir');
  try {
    const compile = /CXX_FLAGS = (.*)/.exec(fs.readFileSync(path.join(dir, 'flags.make'), 'utf8'))?.[1] ?? '?';
    const link = fs.readFileSync(path.join(dir, 'link.txt'), 'utf8').split(/\s+/)
      .filter((w) => /^-(O|s[A-Z]|f|m)/.test(w)).join(' ');
    return { compile, link };
  } catch { return null; }
}
const meta = {
  date: new Date().toISOString(),
  commit: git(['rev-parse', '--short', 'HEAD']),
  dirty,
  flags: PKG === ROOT ? buildFlags() : null,
  distTime: fs.statSync(DIST('stridelab-core.wasm')).mtime.toISOString(),
  pkg: PKG === ROOT ? null : path.relative(ROOT, PKG) || PKG,
  cpu: os.cpus()[0]?.model, cores: os.cpus().length, memGB: (os.totalmem() / 2 ** 30).toFixed(1),
  node: process.version, uptimeStart: uptime(),
};
log(`commit ${meta.commit}${meta.dirty.length ? ` + ${meta.dirty.length} uncommitted files in core/ wasm/` : ''}; ${meta.uptimeStart}`);

const results = {}; // engine -> id -> [seconds] | {error} | null
const notes = {};

// ---------------------------------------------------------------- scalar build
let scalarEntry = null;
if (flag('--reuse-scalar') && fs.existsSync(path.join(SCALAR_DIR, 'src/dist/stridelab-core.wasm'))) {
  scalarEntry = path.join(SCALAR_DIR, 'src/wasm/index.js');
  meta.scalarReused = fs.statSync(path.join(SCALAR_DIR, 'src/dist/stridelab-core.wasm')).mtime.toISOString();
  log(`reusing the scalar build in ${SCALAR_DIR} (built ${meta.scalarReused})`);
} else if (!flag('--no-scalar')) {
  step('scalar build (STRIDELAB_SIMD=OFF, no -msimd128)');
  const r = sh('bash', ['scripts/bench/build-scalar.sh', SCALAR_DIR], { stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status === 0) {
    scalarEntry = path.join(SCALAR_DIR, 'src/wasm/index.js');
    log(`built: ${r.stdout.trim()}`);
  } else {
    const buildLog = fs.existsSync(path.join(SCALAR_DIR, 'build.log')) ? fs.readFileSync(path.join(SCALAR_DIR, 'build.log'), 'utf8') : '';
    const errs = buildLog.split('\n').filter((l) => /error/i.test(l)).slice(0, 6);
    notes.scalar = `the scalar build failed to compile: ${errs.join(' | ').slice(0, 900) || 'see ' + SCALAR_DIR + '/build.log'}`;
    log(notes.scalar);
  }
} else notes.scalar = 'skipped (--no-scalar)';

// ---------------------------------------------------------------- the engines
// Benchmark by benchmark, every engine back to back (NumPy, stridelab SIMD,
// stridelab scalar, the JS peers), each in a fresh process: on a shared machine
// the load changes from minute to minute, and engines timed one after the other
// on the same benchmark see the same load, where engines that each ran the whole
// list saw different loads for the same row (the table's ratios were noise).
const merge = (eng, res) => { results[eng] = { ...(results[eng] ?? {}), ...res }; };
step('stridelab wasm SIMD: probe the engine');
// Others may be relinking dist/ right now (a .wasm newer than its glue fails to
// instantiate): probe, and wait up to ~3 minutes for a loadable engine.
for (let i = 0; i < 12; i++) {
  const p = sh(process.execPath, ['scripts/bench/cold_node.mjs', ENTRY], { stdio: ['ignore', 'pipe', 'pipe'] });
  if (p.status === 0) break;
  const why = (p.stderr || '').split('\n').find((l) => /stridelab|Error/.test(l)) || `status ${p.status}`;
  notes.simdProbe = `dist/ did not load at first (${why.trim().slice(0, 200)}); glue ${fs.statSync(DIST('stridelab-core.mjs')).mtime.toISOString()}, wasm ${fs.statSync(DIST('stridelab-core.wasm')).mtime.toISOString()}`;
  log(`dist/ does not load yet (${why.trim().slice(0, 160)}); waiting 15 s (${i + 1}/12)`);
  spawnSync('sleep', ['15']);
}
meta.distTime = fs.statSync(DIST('stridelab-core.wasm')).mtime.toISOString();
const progFile = path.join(os.tmpdir(), `stridelab-bench-${process.pid}.json`);
const npEnv = { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1', MKL_NUM_THREADS: '1' };
// The wasm engines (stridelab, TF.js) run with V8's optimising compiler from the
// start (--no-liftoff): by default V8 runs wasm in its baseline compiler first
// and swaps a function's optimised code in only after a background compile that,
// on a loaded 2-core machine, can finish after the timed repetitions began. The
// timed code is then the code a page runs after its first few calls, whatever
// the load; start-up is the separate cold-start benchmark (default flags).
const V8_STEADY = ['--no-liftoff'];
for (const b of benches) {
  step(`${b.id}: NumPy, stridelab SIMD${scalarEntry ? ', stridelab scalar' : ''}, JS peers`);
  const progs = [{ id: b.id, code: pythonCode(b) }];
  fs.writeFileSync(progFile, JSON.stringify(progs));
  if (!notes.numpy) {
    const r = jsonOf(sh(PY, ['scripts/bench/numpy_bench.py'], { input: JSON.stringify(progs), env: npEnv }), 'numpy_bench.py');
    if (r.error) notes.numpy = r.error; else { merge('numpy', r.results); meta.numpy = r.numpy; meta.python = r.python; meta.blas = r.blas; }
  }
  if (!notes.simd) {
    const r = jsonOf(sh(process.execPath, [...V8_STEADY, 'scripts/bench/stridelab_runner.mjs', ENTRY, progFile, 'simd']), 'stridelab runner');
    if (r.error) notes.simd = r.error; else merge('simd', r.results);
  }
  if (scalarEntry && !notes.scalarRun) {
    const r = jsonOf(sh(process.execPath, [...V8_STEADY, 'scripts/bench/stridelab_runner.mjs', scalarEntry, progFile, 'scalar']), 'scalar runner');
    if (r.error) notes.scalar = notes.scalarRun = r.error; else merge('scalar', r.results);
  }
  if (!notes.peers) {
    const r = jsonOf(sh(process.execPath, ['--expose-gc', ...V8_STEADY, 'scripts/bench/js_peers.mjs', b.id]), 'js_peers.mjs');
    if (r.error) notes.peers = r.error;
    else {
      for (const k of ['tfjs', 'ndarray', 'stdlib', 'typed']) {
        if (r[k]?.$error) notes[k] = r[k].$error; else if (r[k]) merge(k, r[k]);
      }
      meta.tfjs = r.$tfjsInfo ?? meta.tfjs;
    }
  }
}
delete notes.scalarRun;
fs.rmSync(progFile, { force: true });

// ---------------------------------------------------------------- the interpreter
// Issue 35, goal 1: pure-Python programs, stridelab against Pyodide in the same
// Node and native CPython, program by program (scripts/bench/interp.mjs).
let interp = null;
if (flag('--no-interp') || (only && !only.includes('interp'))) notes.interp = 'skipped (--no-interp or --only)';
else {
  step('interpreter: the programs of scripts/bench/programs in stridelab, Pyodide, CPython');
  const progs = args.find((a) => a.startsWith('--interp='))?.slice(9).split(',');
  interp = runInterp({ entry: ENTRY, only: progs, nodeFlags: V8_STEADY, log });
}

// ---------------------------------------------------------------- training steps
// Issue 30, item 8: forward + backward + optimizer step against the reference's
// PyTorch (scripts/bench/train.mjs; refpy needs the reference set up, as root).
let train = null;
if (flag('--no-train') || (only && !only.includes('train'))) notes.train = 'skipped (--no-train or --only)';
else {
  step('training steps: scripts/bench/training in stridelab and the reference\'s PyTorch');
  train = runTrain({ entry: ENTRY, nodeFlags: V8_STEADY, log });
}

// ---------------------------------------------------------------- cold start, size
step('cold start');
const cold = {};
const coldNode = (entry) => {
  const ms = [];
  for (let i = 0; i < 5; i++) {
    const r = jsonOf(sh(process.execPath, ['scripts/bench/cold_node.mjs', entry]), 'cold_node.mjs');
    if (r.error) return r;
    ms.push(r.ms);
  }
  return { ms };
};
cold.node = coldNode(ENTRY);
{
  const ms = [];
  for (let i = 0; i < 5; i++) {
    const t = process.hrtime.bigint();
    const r = sh(PY, ['-c', 'import numpy as np; print(np.arange(10).sum())']);
    if (r.status === 0) ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  cold.cpython = ms.length ? { ms } : { error: 'python3 -c failed' };
}
if (!flag('--no-browser')) {
  cold.chromium = jsonOf(sh(process.execPath, ['scripts/bench/cold_browser.mjs', '5', PKG], { timeout: 300000 }), 'cold_browser.mjs');
} else cold.chromium = { error: 'skipped (--no-browser)' };

const gz = (f) => zlib.gzipSync(fs.readFileSync(f), { level: 9 }).length;
// The engine ships in two parts (Note [Two-part engine] in wasm/index.js): the first
// (stridelab-core.wasm) is what a page downloads before its first result; the build
// keeps the whole engine it split as stridelab-core.full.wasm.
const FULL = fs.existsSync(DIST('stridelab-core.full.wasm')) ? DIST('stridelab-core.full.wasm') : DIST('stridelab-core.wasm');
const DEFERRED = DIST('stridelab-core.deferred.wasm');
const size = {
  wasm: fs.statSync(DIST('stridelab-core.wasm')).size, wasmGz: gz(DIST('stridelab-core.wasm')),
  deferred: fs.existsSync(DEFERRED) ? fs.statSync(DEFERRED).size : 0, deferredGz: fs.existsSync(DEFERRED) ? gz(DEFERRED) : 0,
  full: fs.statSync(FULL).size, fullGz: gz(FULL),
  glue: fs.statSync(DIST('stridelab-core.mjs')).size, glueGz: gz(DIST('stridelab-core.mjs')),
  loaderGz: gz(ENTRY),
};
size.firstGz = size.wasmGz + size.glueGz;             // before a first result
size.engineGz = size.firstGz + size.deferredGz;       // in all
// The whole engine's code and data sections on their own (raw, gzip -9): the split
// the size goal's explanation quotes (scripts/wasm-size.mjs breaks the code down further).
{
  const b = fs.readFileSync(FULL);
  const leb = (i) => {
    let r = 0, sh = 0, x;
    do { x = b[i++]; r += (x & 0x7f) * 2 ** sh; sh += 7; } while (x & 0x80);
    return [r, i];
  };
  for (let i = 8; i < b.length;) {
    const id = b[i];
    const [n, j] = leb(i + 1);
    const name = id === 10 ? 'code' : id === 11 ? 'data' : null;
    if (name) size[name] = { raw: n, gz: zlib.gzipSync(b.subarray(j, j + n), { level: 9 }).length };
    i = j + n;
  }
}
// What a session needs of it: the .wasm split into the functions a workload
// calls and the rest (scripts/bench/split_size.mjs; measured, not shipped).
size.split = jsonOf(sh(process.execPath, ['scripts/bench/split_size.mjs', PKG], { timeout: 300000 }), 'split_size.mjs');
if (scalarEntry) {
  const sd = path.join(path.dirname(scalarEntry), '../dist');
  const whole = ['stridelab-core.full.wasm', 'stridelab-core.wasm'].map((f) => path.join(sd, f)).find((f) => fs.existsSync(f));
  size.scalarWasmGz = gz(whole);
}

meta.uptimeEnd = uptime();
meta.seconds = Math.round((Date.now() - t0) / 1e3);

// ---------------------------------------------------------------- report
fs.mkdirSync(path.dirname(RAW), { recursive: true });
fs.writeFileSync(RAW, JSON.stringify({ benchIds: benches.map((b) => b.id), results, notes, cold, size, meta, interp, train }, null, 1));
const report = writeReport({ benches, results, notes, cold, size, meta, interp, train, ROOT });
log('\n' + report.console);
log(`\nwrote docs/benchmarks.md and docs/benchmarks.svg in ${meta.seconds} s`);
