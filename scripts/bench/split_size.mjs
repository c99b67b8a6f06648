#!/usr/bin/env node
// What a session needs of the engine: the .wasm split (Binaryen's wasm-split)
// into the functions a workload calls and the rest, each gzipped.
//
//   node scripts/bench/split_size.mjs [package dir]
//     -> {workloads: [{name, programs, primaryGz, secondaryGz, primaryFunctions?}]} or {error}
//
// The .wasm is instrumented (wasm-split --instrument), the workload runs through
// the package's own loader on the instrumented module, the profile it writes says
// which functions ran, and wasm-split --profile splits the original .wasm in two:
// the primary module (every function that ran, plus the data, tables and
// imports) and the secondary (the rest). A split engine would download only the
// primary before the first result and fetch the secondary in the background;
// this script measures that, it does not ship it. Workloads: print(1); a first
// NumPy program (the views of the seeds); the whole conformance set (270
// programs of every kind). Needs wasm-split (Debian's binaryen, which emscripten
// depends on).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PKG = path.resolve(process.argv[2] || ROOT);
const FEATURES = ['--enable-simd', '--enable-exception-handling', '--enable-bulk-memory', '--enable-sign-ext',
  '--enable-mutable-globals', '--enable-nontrapping-float-to-int'];
const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;

function run(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.error || r.status !== 0) throw new Error(`${cmd} ${args[0]}: ${(r.stderr || String(r.error)).trim().split('\n').pop()}`);
}

async function profileOf(instrumented, programs) {
  // The package's loader instantiates the module it is given; the instance's
  // exports (memory, __write_profile) are taken from WebAssembly.instantiate.
  let instance;
  const orig = WebAssembly.instantiate;
  WebAssembly.instantiate = async (...a) => {
    const r = await orig.apply(WebAssembly, a);
    instance = r.instance ?? r;
    return r;
  };
  try {
    const { init } = await import(pathToFileURL(path.join(PKG, 'wasm/index.js')).href + `?${Math.random()}`);
    const lib = await init({ wasmModule: await WebAssembly.compile(instrumented) });
    for (const code of programs) {
      const s = lib.session();
      s.run(code);
      s.snapshot();
      s.dispose();
    }
  } finally {
    WebAssembly.instantiate = orig;
  }
  const ex = instance.exports;
  const mem = Object.values(ex).find((v) => v instanceof WebAssembly.Memory);
  const room = 1 << 20;
  const at = mem.buffer.byteLength;
  mem.grow(room >> 16);  // the profile goes past the end of what the engine uses
  const n = ex.__write_profile(at, room);
  return Buffer.from(new Uint8Array(mem.buffer, at, n));
}

try {
  const wasmFile = path.join(PKG, 'dist/stridelab-core.wasm');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stridelab-split-'));
  const instrFile = path.join(dir, 'instrumented.wasm');
  run('wasm-split', ['--instrument', wasmFile, '-o', instrFile, ...FEATURES]);
  const instrumented = fs.readFileSync(instrFile);
  const oracle = path.join(ROOT, '..', 'shared', 'conformance', 'oracle.jsonl');
  const cases = fs.readFileSync(oracle, 'utf8').trim().split('\n').map((l) => JSON.parse(l).code);
  const workloads = [
    ['print(1)', ['print(1)']],
    ['a first NumPy program', ['import numpy as np\na = np.arange(12).reshape(3, 4)\nv = a[:, ::2]\nv[0, 0] = 99\nprint(a, v.strides, np.shares_memory(a, v))']],
    ['the conformance set', cases],
  ];
  const out = [];
  for (const [name, programs] of workloads) {
    const prof = path.join(dir, 'profile.data');
    fs.writeFileSync(prof, await profileOf(instrumented, programs));
    const p1 = path.join(dir, 'primary.wasm'), p2 = path.join(dir, 'secondary.wasm');
    run('wasm-split', [wasmFile, `--profile=${prof}`, '-o1', p1, '-o2', p2, ...FEATURES]);
    out.push({ name, programs: programs.length, primaryGz: gz(fs.readFileSync(p1)), secondaryGz: gz(fs.readFileSync(p2)) });
  }
  fs.rmSync(dir, { recursive: true, force: true });
  process.stdout.write(JSON.stringify({ workloads: out }));
} catch (e) {
  process.stdout.write(JSON.stringify({ error: String(e && e.message || e).split('\n')[0] }));
}
