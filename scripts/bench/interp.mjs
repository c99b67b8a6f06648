// The interpreter benchmarks (issue 35, goal 1): the pure-Python programs of
// scripts/bench/programs/ timed in stridelab (the package API), Pyodide (npm
// `pyodide`, CPython compiled to wasm, in the same Node) and native CPython
// (Debian's /usr/bin/python3), one program at a time through the three, each
// engine in a fresh process. Every program defines bench() -> str; the same
// driver text runs in all three: one untimed call (its answer must agree
// between the engines), then REPS timed calls (time.perf_counter).
//
//   node scripts/bench/interp.mjs [--only=nbody,richards] [--pkg=DIR]   prints the table
// bench.mjs imports runInterp() and puts the table in docs/benchmarks.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from './specs.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const PROGRAMS_DIR = path.join(HERE, 'programs');
const REPS = 3;

export function programs(only) {
  return fs.readdirSync(PROGRAMS_DIR).filter((f) => f.endsWith('.py')).sort()
    .map((f) => ({ id: f.slice(0, -3), file: path.join(PROGRAMS_DIR, f) }))
    .filter((p) => !only || only.includes(p.id));
}

// The program's text followed by the driver; the last line printed is JSON.
export function driverCode(source, reps = REPS) {
  return `${source}

import json as _json
import time as _time
_answer = bench()
_times = []
for _k in range(${reps}):
    _t = _time.perf_counter()
    bench()
    _times.append(_time.perf_counter() - _t)
print(_json.dumps({"answer": _answer, "times": _times}))
`;
}

const lastJson = (text) => JSON.parse(text.trim().split('\n').pop());

function runChild(cmd, argv, input) {
  const r = spawnSync(cmd, argv, { input, encoding: 'utf8', maxBuffer: 1 << 26, timeout: 900000 });
  if (r.status !== 0) return { error: (r.stderr || r.error?.message || `status ${r.status}`).trim().split('\n').slice(-3).join(' | ') };
  try { return JSON.parse(r.stdout); } catch { return { error: `unreadable output: ${r.stdout.slice(-200)}` }; }
}

// One engine over one program: {answer, times} or {error}.
function timeOne(engine, prog, entry, nodeFlags) {
  const code = driverCode(fs.readFileSync(prog.file, 'utf8'));
  const file = path.join(os.tmpdir(), `stridelab-interp-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify([{ id: prog.id, code }]));
  try {
    if (engine === 'stridelab') {
      const r = runChild(process.execPath, [...nodeFlags, path.join(HERE, 'stridelab_runner.mjs'), entry, file, 'stridelab']);
      return r.error ? r : r.results[prog.id];
    }
    if (engine === 'pyodide') {
      const r = runChild(process.execPath, [...nodeFlags, path.join(HERE, 'pyodide_runner.mjs'), file]);
      return r.error ? r : r.results[prog.id];
    }
    const r = spawnSync('/usr/bin/python3', ['-'], { input: code, encoding: 'utf8', maxBuffer: 1 << 26, timeout: 900000 });
    if (r.status !== 0) return { error: (r.stderr || `status ${r.status}`).trim().split('\n').pop() };
    return lastJson(r.stdout);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

export const INTERP_ENGINES = [['stridelab', 'stridelab'], ['pyodide', 'Pyodide'], ['cpython', 'CPython (native)']];

// {rows: [{id, stridelab, pyodide, cpython, answerOk}], versions}. nodeFlags: V8's flags
// for both wasm engines (bench.mjs passes its --no-liftoff to each alike).
export function runInterp({ entry, only, nodeFlags = [], log = () => {} }) {
  const rows = [];
  for (const p of programs(only)) {
    const row = { id: p.id };
    for (const [eng] of INTERP_ENGINES) {
      const r = timeOne(eng, p, entry, nodeFlags);
      row[eng] = r.error ? { error: r.error } : { answer: r.answer, times: r.times, median: median(r.times) };
      log(`  ${eng.padEnd(9)} ${p.id.padEnd(14)} ${r.error ? 'ERROR ' + r.error : median(r.times).toFixed(3) + ' s'}`);
    }
    const answers = INTERP_ENGINES.map(([e]) => row[e].answer).filter((a) => a !== undefined);
    row.answerOk = answers.length === INTERP_ENGINES.length && answers.every((a) => a === answers[0]);
    rows.push(row);
  }
  const pyodidePkg = JSON.parse(fs.readFileSync(path.join(HERE, '../../node_modules/pyodide/package.json'), 'utf8'));
  const cpy = spawnSync('/usr/bin/python3', ['-c', 'import sys; print(sys.version.split()[0])'], { encoding: 'utf8' });
  return { rows, versions: { pyodide: pyodidePkg.version, cpython: cpy.stdout.trim() } };
}

// Speed of stridelab relative to an engine (> 1: stridelab is faster), per row and
// as the geometric mean over the rows both engines ran with the same answer.
export function interpRatios(interp, peer) {
  const per = interp.rows.map((r) => (r.answerOk && r.stridelab.median && r[peer].median ? r[peer].median / r.stridelab.median : null));
  const ok = per.filter((x) => x != null);
  const geomean = ok.length ? Math.exp(ok.reduce((s, x) => s + Math.log(x), 0) / ok.length) : null;
  return { per, geomean, min: ok.length ? Math.min(...ok) : null };
}

export function interpTable(interp) {
  const f = (x) => (x == null ? '–' : x >= 10 ? x.toFixed(1) : x.toFixed(2));
  const vp = interpRatios(interp, 'pyodide');
  const vc = interpRatios(interp, 'cpython');
  const cell = (r, e) => (r[e].error ? `error: ${r[e].error.slice(0, 80)}` : `${(r[e].median * 1e3).toFixed(0)} ms`);
  const lines = [
    '| program | stridelab | Pyodide ' + interp.versions.pyodide + ' | CPython ' + interp.versions.cpython + ' (native) | vs Pyodide | vs CPython | answers agree |',
    '|---|---|---|---|---|---|---|',
    ...interp.rows.map((r, i) => `| ${r.id} | ${cell(r, 'stridelab')} | ${cell(r, 'pyodide')} | ${cell(r, 'cpython')} | ${vp.per[i] == null ? '–' : f(vp.per[i]) + 'x'} | ${vc.per[i] == null ? '–' : f(vc.per[i]) + 'x'} | ${r.answerOk ? 'yes' : '**no**'} |`),
    `| **geometric mean** | | | | **${f(vp.geomean)}x** | ${f(vc.geomean)}x | |`,
  ];
  return { md: lines.join('\n'), vsPyodide: vp, vsCpython: vc };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',');
  const pkg = path.resolve(args.find((a) => a.startsWith('--pkg='))?.slice(6) ?? path.join(HERE, '../..'));
  const interp = runInterp({ entry: path.join(pkg, 'wasm/index.js'), only, log: (s) => process.stderr.write(s + '\n') });
  console.log(interpTable(interp).md);
}
