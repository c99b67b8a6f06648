#!/usr/bin/env node
// The include cycles between modules of core/, and the rules between its wings.
//
//   node scripts/include-cycles.mjs            cycles and wing-rule breaks; exit 1 if any
//   node scripts/include-cycles.mjs --graph    also every module's includes
//
// A module is a header and its source taken together (core/ops/views.hpp + core/ops/views.cpp is
// the module core/ops/views), so "a.cpp includes b.hpp and b.cpp includes a.hpp" is a cycle
// although no header includes itself: the two cannot be understood, tested or moved apart.
// The cycles printed are the strongly connected components of the module graph (Tarjan),
// each with one shortest loop through it as the evidence to read.
//
// The wing rules (README "Layout") are checked on the same graph: a module may include
// only modules of its own wing or of the wings listed below it in WINGS. CMake enforces
// the same order with one library per wing (a wing's include path reaches only the wings
// it links), so this script is the readable report and the build is the wall.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const showGraph = process.argv.includes('--graph');

// Wing of a module path (first match wins) and what each wing may include.
// Kept in step with the wing libraries in CMakeLists.txt.
const WINGS = [
  ['model', /^core\/model\//, []],
  ['text', /^core\/text\//, ['model']],
  ['kernels', /^core\/kernels\//, ['text', 'model']],
  ['ops', /^core\/ops\//, ['kernels', 'text', 'model']],
  ['random', /^core\/random\//, ['kernels', 'model']],
  ['linalg', /^core\/linalg\//, ['ops', 'kernels', 'text', 'model']],
  ['numpy', /^core\/numpy\//, ['linalg', 'random', 'ops', 'kernels', 'text', 'model']],
  ['torch', /^core\/torch\//, ['linalg', 'random', 'ops', 'kernels', 'text', 'model']],
  ['lang', /^core\/lang\/(?!numpy\/|torch\/|modules\/|frontend\/)/, ['text', 'model']],
  ['lang/modules', /^core\/lang\/modules\//, ['lang', 'random', 'kernels', 'text', 'model']],
  ['lang/frontend', /^core\/lang\/frontend\//, ['lang', 'numpy', 'torch', 'linalg', 'random', 'ops', 'kernels', 'text', 'model']],
  ['lang/numpy', /^core\/lang\/numpy\//, ['lang/frontend', 'lang', 'numpy', 'linalg', 'random', 'ops', 'kernels', 'text', 'model']],
  ['lang/torch', /^core\/lang\/torch\//, ['lang/frontend', 'lang', 'torch', 'linalg', 'random', 'ops', 'kernels', 'text', 'model']],
  ['api', /^core\/api\//, ['lang', 'lang/modules', 'lang/frontend', 'lang/numpy', 'lang/torch', 'numpy', 'torch', 'linalg', 'random', 'ops', 'kernels', 'text', 'model']],
  ['cli', /^core\/cli\//, ['api', 'lang', 'text', 'model']],
];
const wingOf = (m) => (WINGS.find(([, re]) => re.test(m)) || ['?'])[0];
const allowed = new Map(WINGS.map(([w, , below]) => [w, new Set([w, ...below])]));

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(hpp|cpp|h|inc)$/.test(name)) out.push(relative(root, p));
  }
  return out;
}

const moduleOf = (file) => file.replace(/\.(hpp|cpp|h|inc)$/, '');
const files = walk(join(root, 'core'));
const present = new Set(files);
const edges = new Map(); // module -> Map(module -> "file:line")
for (const f of files) {
  const from = moduleOf(f);
  if (!edges.has(from)) edges.set(from, new Map());
  const lines = readFileSync(join(root, f), 'utf8').split('\n');
  lines.forEach((line, i) => {
    const m = /^\s*#\s*include\s+"([^"]+)"/.exec(line);
    if (!m) return;
    let target = m[1];
    if (!present.has(target)) target = relative(root, join(root, dirname(f), m[1]));
    if (!present.has(target)) return; // generated or outside core/
    const to = moduleOf(target);
    if (to === from) return;
    if (!edges.get(from).has(to)) edges.get(from).set(to, `${f}:${i + 1}`);
  });
}

// Tarjan's strongly connected components.
const index = new Map(), low = new Map(), onStack = new Set(), stack = [], sccs = [];
let counter = 0;
function strong(v) {
  index.set(v, counter); low.set(v, counter); counter++;
  stack.push(v); onStack.add(v);
  for (const w of (edges.get(v) || new Map()).keys()) {
    if (!index.has(w)) { strong(w); low.set(v, Math.min(low.get(v), low.get(w))); }
    else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const comp = [];
    let w;
    do { w = stack.pop(); onStack.delete(w); comp.push(w); } while (w !== v);
    if (comp.length > 1) sccs.push(comp.sort());
  }
}
for (const v of [...edges.keys()].sort()) if (!index.has(v)) strong(v);

// One shortest loop through a component's first module (breadth first, inside it).
function loopThrough(comp) {
  const inside = new Set(comp), start = comp[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of edges.get(v).keys()) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path = [v];
        for (let u = prev.get(v); u !== null; u = prev.get(u)) path.unshift(u);
        return path.concat(start);
      }
      if (!prev.has(w)) { prev.set(w, v); queue.push(w); }
    }
  }
  return [start];
}

let problems = 0;
for (const comp of sccs) {
  problems++;
  const loop = loopThrough(comp);
  console.log(`cycle of ${comp.length} modules: ${comp.join(', ')}`);
  for (let i = 0; i + 1 < loop.length; i++)
    console.log(`  ${loop[i]} -> ${loop[i + 1]}  (${edges.get(loop[i]).get(loop[i + 1])})`);
}
for (const [from, tos] of [...edges].sort()) {
  const wf = wingOf(from);
  for (const [to, where] of tos) {
    const wt = wingOf(to);
    if (wf === '?' || wt === '?' || !allowed.get(wf).has(wt)) {
      problems++;
      console.log(`wing rule: ${from} [${wf}] includes ${to} [${wt}]  (${where})`);
    }
  }
}
if (showGraph)
  for (const [from, tos] of [...edges].sort())
    console.log(`${from} [${wingOf(from)}] -> ${[...tos.keys()].sort().join(' ')}`);
console.log(problems ? `${sccs.length} include cycle(s), ${problems - sccs.length} wing-rule break(s)`
                     : `no include cycles between the ${edges.size} modules of core/; every include keeps the wing order`);
process.exit(problems ? 1 : 0);
