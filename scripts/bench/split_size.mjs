#!/usr/bin/env node
// What a session needs of the engine: the whole .wasm split (Binaryen's wasm-split)
// into the functions a workload calls and the rest, each gzipped.
//
//   node scripts/bench/split_size.mjs [package dir]
//     -> {workloads: [{name, programs, primaryGz, secondaryGz}]} or {error}
//
// The same two steps as the build's own split (scripts/split-engine.mjs, Note
// [Two-part engine] in wasm/index.js), on the whole engine the build keeps
// (dist/stridelab-core.full.wasm), for other workloads: print(1); a first NumPy
// program (the views of the seeds); the whole conformance set (270 programs of
// every kind). The shipped parts themselves are measured as built (bench.mjs).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { split } from '../split-engine.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PKG = path.resolve(process.argv[2] || ROOT);
const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;

try {
  const full = path.join(PKG, 'dist/stridelab-core.full.wasm');
  if (!fs.existsSync(full)) throw new Error(`${full} is missing (the build writes it; relink stridelab_module)`);
  const oracle = path.join(ROOT, '..', 'shared', 'conformance', 'oracle.jsonl');
  const cases = fs.readFileSync(oracle, 'utf8').trim().split('\n').map((l) => JSON.parse(l).code);
  const workloads = [
    ['print(1)', ['print(1)'], { worker: false }],
    ['a first NumPy program', ['import numpy as np\na = np.arange(12).reshape(3, 4)\nv = a[:, ::2]\nv[0, 0] = 99\nprint(a, v.strides, np.shares_memory(a, v))'], { worker: false }],
    ['the conformance set', cases, { worker: false }],
  ];
  const out = [];
  for (const [name, programs, options] of workloads) {
    const { first, deferred } = await split(full, programs, options);
    out.push({ name, programs: programs.length, primaryGz: gz(first), secondaryGz: gz(deferred) });
  }
  process.stdout.write(JSON.stringify({ workloads: out }));
} catch (e) {
  process.stdout.write(JSON.stringify({ error: String(e && e.message || e).split('\n')[0] }));
}
