#!/usr/bin/env node
// Splits the linked engine in two parts: the functions a first program runs, and
// the rest (Note [Two-part engine] in wasm/index.js says how the loader joins them).
//
//   node scripts/split-engine.mjs DIST_DIR
//     reads   DIST_DIR/stridelab-core.wasm            (the whole engine, as emcc linked it)
//     writes  DIST_DIR/stridelab-core.full.wasm       (that whole engine, kept for the size tools)
//             DIST_DIR/stridelab-core.wasm            (the first part)
//             DIST_DIR/stridelab-core.deferred.wasm   (the second part)
//
// CMake runs it after every link of stridelab_module. Run again on a DIST_DIR
// already split, it splits the kept whole engine again (same result).
//
// The problem: partition the engine's functions F into P (first part) and
// S = F \ P so that the programs a page runs first call only P, with P as small
// as that allows. P is measured, not guessed: Binaryen's wasm-split instruments
// the whole engine (a flag per function, set when it first runs), the FIRST
// programs below run on it through the package's own loader exactly as the
// playground's worker runs them (echo, snapshot, a reset), and the profile the
// instrumented module writes is P. wasm-split then writes P with the data, the
// memory, the tables and the imports into the first part, and S into the second,
// which imports everything it needs from the first. A function of S called
// before the second part is loaded goes through a placeholder (an import of the
// first part from the "placeholder" namespace, named by its table slot), which
// the loader answers by loading the second part.
//
// Then the deferred data (Note [Deferred data] in core/model/deferred_data.hpp):
// the tables no first program reads (the frozen Python modules' source, the
// Unicode tables) move from the first part's data into the second's, unless a
// first program read them (the profile run says so); a check on the split engine
// follows (the moved bytes are not in memory before the second part is, and are
// after it, and a program reading them gets the right answer).
//
// Exported for scripts/bench/split_size.mjs, which measures other workloads
// with the same two steps.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dataSegments, imports, withDataSegments } from './wasm-binary.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The features the engine is built with (CMakeLists.txt: -msimd128, -fwasm-exceptions;
// the rest are Emscripten's defaults). wasm-split must be told; it does not detect them.
export const FEATURES = ['--enable-simd', '--enable-exception-handling', '--enable-bulk-memory', '--enable-sign-ext',
  '--enable-mutable-globals', '--enable-nontrapping-float-to-int'];

// What a visitor's first minute runs: the playground's print(1) share link, a first
// look at views and strides, an error with its traceback, a reduction and a loop.
// Each runs as the worker runs it (web/src/runner/worker.js): run with echo and a step
// trace, the snapshot, then a reset (a new session and its snapshot).
// torch is not among them (issue 35 goal 3: torch's code loads when first used): with
// 'import torch\nt = torch.arange(6).view(2, 3)\nprint(t.t().is_contiguous())' the first
// part was 1,003,427 bytes (386,280 gzipped), without it 898,582 (347,321).
export const FIRST_PROGRAMS = [
  'print(1)',
  'import numpy as np\na = np.arange(12).reshape(3, 4)\nv = a[:, ::2]\nv[0, 0] = 99\nprint(a, v.strides, np.shares_memory(a, v))\nv',
  'x = [1, 2, 3]\nx[5]',
  'import numpy as np\nx = np.linspace(0, 1, 5)\nprint(x * 2 + 1, x.sum(), x.mean(), np.arange(10).sum())\nfor i in range(3):\n    print(i, i / 2)',
];

export function wasmSplit(args) {
  const r = spawnSync('wasm-split', [...args, ...FEATURES], { encoding: 'utf8' });
  if (r.error) throw new Error(`wasm-split: ${r.error.code === 'ENOENT' ? 'not found (Debian package binaryen)' : r.error.message}`);
  if (r.status !== 0) throw new Error(`wasm-split ${args[0]}: ${(r.stderr || '').trim().split('\n').pop()}`);
}

// True when a .wasm is a first part already (it imports placeholders).
export function isFirstPart(bytes) {
  return WebAssembly.Module.imports(new WebAssembly.Module(bytes)).some((i) => i.module === 'placeholder');
}

// Whether the last profileOf() run read deferred data (Note [Deferred data]).
let deferredDataRead = false;

// The addresses of the deferred data's symbols (the link exports them: CMakeLists.txt),
// which Emscripten writes into the glue as constants (Module["___start_sl_deferred"]=N)
// and takes out of the .wasm's exports: { __start_sl_deferred, __stop_sl_deferred,
// sl_deferred_data_in }, each a number or missing.
export function deferredSymbols(glueFile) {
  const text = fs.existsSync(glueFile) ? fs.readFileSync(glueFile, 'utf8') : '';
  const out = {};
  for (const name of ['__start_sl_deferred', '__stop_sl_deferred', 'sl_deferred_data_in']) {
    const m = new RegExp(`Module\\["_${name}"\\]\\s*=\\s*(\\d+)`).exec(text);
    if (m) out[name] = Number(m[1]);
  }
  return out;
}

// The profile of `programs` run on the instrumented engine `instrumented` (bytes):
// what wasm-split --profile reads. `loader` is the package entry (wasm/index.js).
export async function profileOf(instrumented, programs, { loader = path.join(ROOT, 'wasm/index.js'), worker = true } = {}) {
  // The loader instantiates the module it is given; the instance (whose exports
  // hold the memory and __write_profile) is taken from WebAssembly.instantiate.
  let instance;
  const orig = WebAssembly.instantiate;
  WebAssembly.instantiate = async (...a) => {
    const r = await orig.apply(WebAssembly, a);
    instance = r.instance ?? r;
    return r;
  };
  try {
    const { init } = await import(pathToFileURL(loader).href + `?profile=${Math.random()}`);
    const lib = await init({ wasmModule: await WebAssembly.compile(instrumented) });
    for (const code of programs) {
      const s = lib.session();
      if (worker) {
        // the playground (a step trace for the memory debugger, then the snapshot)
        // and the package's other form of the same call
        s.run(code, { echo: true, trace: 500 });
        s.snapshot();
        s.run(code, { echo: true, snapshot: true });
        s.dispose();
        const fresh = lib.session();
        fresh.snapshot();
        fresh.dispose();
      } else {
        s.run(code);
        s.snapshot();
        s.dispose();
      }
    }
  } finally {
    WebAssembly.instantiate = orig;
  }
  const ex = instance.exports;
  const mem = Object.values(ex).find((v) => v instanceof WebAssembly.Memory);
  const flag = deferredSymbols(path.join(path.dirname(loader), '../dist/stridelab-core.mjs')).sl_deferred_data_in;
  deferredDataRead = flag != null && new Uint8Array(mem.buffer)[flag] !== 0;
  const room = 1 << 20;
  const at = mem.buffer.byteLength;
  mem.grow(room >> 16);  // the profile goes past the end of what the engine uses
  const n = ex.__write_profile(at, room);
  return Buffer.from(new Uint8Array(mem.buffer, at, n));
}

// Splits the whole engine `fullFile` by the profile of `programs`; returns the two parts' bytes,
// with the deferred data moved to the second part when no program read it
// (`deferredData`: the address range moved, or null, and why not).
// The profile runs through the package's loader and the glue linked with `fullFile`
// (DIST/stridelab-core.mjs beside it: a private build's glue may differ from the
// repository's dist/), assembled as a package in a temporary folder.
export async function split(fullFile, programs, options = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stridelab-split-'));
  try {
    fs.mkdirSync(path.join(dir, 'wasm'));
    fs.mkdirSync(path.join(dir, 'dist'));
    fs.copyFileSync(path.join(ROOT, 'wasm/index.js'), path.join(dir, 'wasm/index.js'));
    fs.copyFileSync(path.join(path.dirname(fullFile), 'stridelab-core.mjs'), path.join(dir, 'dist/stridelab-core.mjs'));
    options = { loader: path.join(dir, 'wasm/index.js'), ...options };
    const instr = path.join(dir, 'instrumented.wasm');
    wasmSplit(['--instrument', fullFile, '-o', instr]);
    const prof = path.join(dir, 'profile.data');
    fs.writeFileSync(prof, await profileOf(fs.readFileSync(instr), programs, options));
    const p1 = path.join(dir, 'first.wasm'), p2 = path.join(dir, 'deferred.wasm');
    wasmSplit([fullFile, `--profile=${prof}`, '-o1', p1, '-o2', p2]);
    const parts = { first: fs.readFileSync(p1), deferred: fs.readFileSync(p2) };
    if (deferredDataRead) return { ...parts, deferredData: { range: null, why: 'a first program read deferred data' } };
    return moveDeferredData(deferredSymbols(path.join(path.dirname(fullFile), 'stridelab-core.mjs')), parts);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Note [Deferred data]: the bytes of [__start_sl_deferred, __stop_sl_deferred) move from
// the first part's data segments to new segments of the second part at the same
// addresses (a segment that straddles an end is cut there). The second part imports
// the first's memory, so instantiating it writes them in.
export function moveDeferredData(symbols, { first, deferred }) {
  const { __start_sl_deferred: start, __stop_sl_deferred: stop } = symbols;
  if (start == null || stop == null || stop <= start) return { first, deferred, deferredData: { range: null, why: 'no deferred data' } };
  if (!imports(deferred).some((i) => i.kind === 2)) throw new Error('the second part imports no memory');
  const keep = [], move = [];
  const segments = dataSegments(first);
  // Segment numbers change; passive segments (named by number in memory.init) would need renumbering.
  if (segments.some((seg) => seg.mode !== 'active')) throw new Error('the first part has passive data segments');
  for (const seg of segments) {
    const a = seg.address, b = a + seg.bytes.length;
    const lo = Math.max(a, start), hi = Math.min(b, stop);
    if (lo >= hi) {
      keep.push(seg);
      continue;
    }
    if (a < lo) keep.push({ mode: 'active', address: a, bytes: seg.bytes.subarray(0, lo - a) });
    move.push({ mode: 'active', address: lo, bytes: seg.bytes.subarray(lo - a, hi - a) });
    if (hi < b) keep.push({ mode: 'active', address: hi, bytes: seg.bytes.subarray(hi - a) });
  }
  const moved = move.reduce((n, seg) => n + seg.bytes.length, 0);
  return {
    first: withDataSegments(first, keep),
    deferred: withDataSegments(deferred, [...dataSegments(deferred), ...move]),
    deferredData: { range: [start, stop], moved },
  };
}

// The split engine in a package of its own (the loader, `glue`, the two parts), on
// which `check(lib, memory)` runs; the first part's instance gives the memory.
async function withSplitEngine({ first, deferred, glue }, check) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stridelab-check-'));
  const orig = WebAssembly.instantiate;
  try {
    fs.mkdirSync(path.join(dir, 'wasm'));
    fs.mkdirSync(path.join(dir, 'dist'));
    fs.copyFileSync(path.join(ROOT, 'wasm/index.js'), path.join(dir, 'wasm/index.js'));
    fs.copyFileSync(glue, path.join(dir, 'dist/stridelab-core.mjs'));
    fs.writeFileSync(path.join(dir, 'dist/stridelab-core.wasm'), first);
    fs.writeFileSync(path.join(dir, 'dist/stridelab-core.deferred.wasm'), deferred);
    let instance;
    WebAssembly.instantiate = async (...a) => {
      const r = await orig.apply(WebAssembly, a);
      instance ??= r.instance ?? r;
      return r;
    };
    const { init } = await import(pathToFileURL(path.join(dir, 'wasm/index.js')).href);
    const lib = await init();
    WebAssembly.instantiate = orig;
    await check(lib, Object.values(instance.exports).find((v) => v instanceof WebAssembly.Memory));
  } finally {
    WebAssembly.instantiate = orig;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// A program that reads each kind of deferred data: a frozen module, the Unicode
// names, the special case mappings, and its output.
const DEFERRED_READER = ["import textwrap, unicodedata\nprint(textwrap.dedent('  x'), unicodedata.name('a'), '\u00df'.upper())", 'x LATIN SMALL LETTER A SS\n'];

// Checks the split engine's deferred data: before the second part is in, its
// addresses hold zeros (the first part does not carry the bytes); a program that
// reads it gets the right answer, and then memory holds what the whole engine's
// data says there.
export async function checkDeferredData(full, parts, glue) {
  const [start, stop] = parts.deferredData.range;
  const want = Buffer.alloc(stop - start);
  for (const seg of dataSegments(full)) {
    const lo = Math.max(seg.address, start), hi = Math.min(seg.address + seg.bytes.length, stop);
    if (lo < hi) want.set(seg.bytes.subarray(lo - seg.address, hi - seg.address), lo - start);
  }
  await withSplitEngine({ ...parts, glue }, async (lib, memory) => {
    const at = () => Buffer.from(new Uint8Array(memory.buffer, start, stop - start));
    // Before any call into the engine (stats() itself calls in).
    const zero = at().findIndex((x) => x !== 0);
    if (zero >= 0) throw new Error(`deferred data is in memory before the second part is (at ${start + zero})`);
    if (lib.stats().deferred !== 'not loaded') throw new Error('the second part was in before any call needed it');
    const s = lib.session();
    const r = s.run(DEFERRED_READER[0]);
    s.dispose();
    if (r.stdout !== DEFERRED_READER[1]) throw new Error(`a program reading deferred data printed ${JSON.stringify(r.stdout)} (${r.error})`);
    if (lib.stats().deferred !== 'loaded') throw new Error('deferred data was read without the second part');
    if (!at().equals(want)) throw new Error('memory does not hold the deferred data once the second part is in');
  });
}

function writeAtomic(file, bytes) {
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, bytes);
  fs.renameSync(tmp, file);
}

async function main() {
  const dist = path.resolve(process.argv[2] || path.join(ROOT, 'dist'));
  const linked = path.join(dist, 'stridelab-core.wasm');
  const full = path.join(dist, 'stridelab-core.full.wasm');
  const bytes = fs.readFileSync(linked);
  if (!isFirstPart(bytes)) writeAtomic(full, bytes);
  else if (!fs.existsSync(full)) throw new Error(`${linked} is a first part already and ${full} is missing: relink`);
  const parts = await split(full, FIRST_PROGRAMS);
  const { first, deferred, deferredData } = parts;
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  if (deferredData.range) await checkDeferredData(fs.readFileSync(full), parts, path.join(dist, 'stridelab-core.mjs'));
  else console.warn(`split-engine: the deferred data stays in the first part: ${deferredData.why}`);
  writeAtomic(path.join(dist, 'stridelab-core.deferred.wasm'), deferred);
  writeAtomic(linked, first);
  const data = deferredData.range ? `; ${kb(deferredData.moved)} of deferred data in the second part` : '';
  console.log(`split-engine: ${kb(fs.statSync(full).size)} -> first part ${kb(first.length)} + deferred ${kb(deferred.length)}${data}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(`split-engine: ${e && e.message || e}`);
    process.exit(1);
  });
}
