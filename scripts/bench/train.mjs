// The training-step benchmarks (issue 30, item 8; issue 35, goal 4): the programs
// of scripts/bench/training/ timed in stridelab (the package API) and in the
// reference's PyTorch (../shared/oracle/refpy: Python 3.13 + PyTorch 2.6, one
// thread), each engine in a fresh process. Every program defines step() -> the
// loss; the same driver text runs in both: WARM untimed steps (their losses must
// agree between the engines to 4 decimals, so both trained the same model), then
// REPS timed steps (time.perf_counter).
//
//   node scripts/bench/train.mjs [--only=mlp] [--pkg=DIR]   prints the table
// bench.mjs imports runTrain() and puts the table in docs/benchmarks.md.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from './specs.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const DIR = path.join(HERE, 'training');
const WARM = 2;
const REPS = 5;
// refpy binds the current folder into its chroot, so the script lives under the repository.
const REFPY = process.env.STRIDELAB_REFPY || path.resolve(ROOT, '../shared/oracle/refpy');

export const TRAIN_PROGRAMS = [
  { id: 'mlp', label: 'MLP 64-128-10, batch 32: forward, cross-entropy, backward, Adam step' },
  { id: 'attention', label: 'causal self-attention 768 wide, 12 heads, 256 tokens: forward, MSE, backward, AdamW step' },
];

function driverCode(source) {
  return `${source}

import json as _json
import time as _time
_answer = [round(step(), 4) for _k in range(${WARM})]
_times = []
for _k in range(${REPS}):
    _t = _time.perf_counter()
    step()
    _times.append(_time.perf_counter() - _t)
print(_json.dumps({"answer": _answer, "times": _times}))
`;
}

const lastJson = (text) => JSON.parse(text.trim().split('\n').pop());
const failure = (r) => (r.error?.message || r.stderr || `status ${r.status}`).trim().split('\n').slice(-2).join(' | ');

function timeStridelab(id, code, entry, nodeFlags) {
  const file = path.join(ROOT, 'build/bench', `train-${id}-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify([{ id, code }]));
  try {
    const r = spawnSync(process.execPath, [...nodeFlags, path.join(HERE, 'stridelab_runner.mjs'), entry, file, 'stridelab'],
      { encoding: 'utf8', maxBuffer: 1 << 26, timeout: 900000 });
    if (r.status !== 0) return { error: failure(r) };
    return JSON.parse(r.stdout).results[id];
  } finally {
    fs.rmSync(file, { force: true });
  }
}

function timeReference(id, code) {
  if (!fs.existsSync(REFPY)) return { error: `no reference: ${REFPY} is missing` };
  const rel = path.join('build/bench', `train-${id}-${process.pid}.py`);
  fs.writeFileSync(path.join(ROOT, rel), code);
  try {
    const r = spawnSync(REFPY, [rel], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26, timeout: 900000 });
    if (r.status !== 0) return { error: `refpy: ${failure(r)}` };
    return lastJson(r.stdout);
  } finally {
    fs.rmSync(path.join(ROOT, rel), { force: true });
  }
}

// {rows: [{id, label, stridelab, reference, answerOk}]}: medians in seconds per step.
export function runTrain({ entry, only, nodeFlags = [], log = () => {} }) {
  fs.mkdirSync(path.join(ROOT, 'build/bench'), { recursive: true });
  const rows = [];
  for (const p of TRAIN_PROGRAMS.filter((q) => !only || only.includes(q.id))) {
    const code = driverCode(fs.readFileSync(path.join(DIR, `${p.id}.py`), 'utf8'));
    const row = { id: p.id, label: p.label };
    for (const [eng, run] of [['stridelab', () => timeStridelab(p.id, code, entry, nodeFlags)], ['reference', () => timeReference(p.id, code)]]) {
      const r = run();
      row[eng] = r.error ? { error: r.error } : { answer: r.answer, times: r.times, median: median(r.times) };
      log(`  ${eng.padEnd(9)} ${p.id.padEnd(10)} ${r.error ? 'ERROR ' + r.error : (median(r.times) * 1e3).toFixed(1) + ' ms per step'}`);
    }
    row.answerOk = !row.stridelab.error && !row.reference.error &&
      JSON.stringify(row.stridelab.answer) === JSON.stringify(row.reference.answer);
    rows.push(row);
  }
  return { rows, warm: WARM, reps: REPS };
}

// Speed relative to the reference's PyTorch (> 1: stridelab is faster).
export function trainTable(train) {
  const f = (x) => (x == null ? '–' : x >= 10 ? x.toFixed(1) : x.toFixed(2));
  const cell = (r, e) => (r[e].error ? `error: ${r[e].error.slice(0, 100)}` : `${(r[e].median * 1e3).toFixed(1)} ms`);
  const ratio = (r) => (r.answerOk ? r.reference.median / r.stridelab.median : null);
  const lines = [
    '| training step | stridelab | PyTorch 2.6 (reference, 1 thread, native) | vs PyTorch | losses agree |',
    '|---|---|---|---|---|',
    ...train.rows.map((r) => `| ${r.label} | ${cell(r, 'stridelab')} | ${cell(r, 'reference')} | ${ratio(r) == null ? '–' : f(ratio(r)) + 'x'} | ${r.answerOk ? 'yes' : '**no**'} |`),
  ];
  return { md: lines.join('\n'), ratios: Object.fromEntries(train.rows.map((r) => [r.id, ratio(r)])) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',');
  const pkg = path.resolve(args.find((a) => a.startsWith('--pkg='))?.slice(6) ?? ROOT);
  const train = runTrain({ entry: path.join(pkg, 'wasm/index.js'), only, log: (s) => process.stderr.write(s + '\n') });
  console.log(trainTable(train).md);
}
