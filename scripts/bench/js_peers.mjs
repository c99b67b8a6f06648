// JS peers of `npm run bench`, each timed on the same work as the Python programs:
// TF.js (tfjs-backend-wasm, single thread, SIMD), scijs ndarray + ndarray-ops,
// @stdlib/ndarray (base/binary, base/unary, base/assign) and plain TypedArray loops.
//   node scripts/bench/js_peers.mjs [id,id,...]   -> {peer: {benchId: [seconds...] | {error} | null}}
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { BENCHES, N16M } from './specs.mjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ONLY = process.argv[2] ? process.argv[2].split(',') : null; // benchmark ids
const log = (s) => process.stderr.write(s + '\n');

// Same rules as the Python template (specs.mjs pythonCode): an untimed warm-up
// (at least once, until 0.3 s, at most 20 times: JIT and wasm tier-up), then
// 5 reps, 3 if one takes > 1 s, 1 if > 5 s.
function time(fn, inner = 1) {
  const w = performance.now();
  for (let k = 0; k < 1 || (k < 20 && performance.now() - w < 300); k++) for (let i = 0; i < inner; i++) fn();
  const ts = [];
  for (let k = 0; k < 5; k++) {
    const t = performance.now();
    for (let i = 0; i < inner; i++) fn();
    ts.push((performance.now() - t) / 1e3 / inner);
    if (ts[0] * inner > 5.0) break; // one rep for very slow cases
    if (k + 1 >= 3 && ts[0] * inner > 1.0) break;
  }
  return ts;
}

function input16M() {
  const a = new Float32Array(N16M);
  for (let i = 0; i < N16M; i++) a[i] = Math.fround(Math.fround((i % 1000) * Math.fround(0.004)) - 2);
  return a;
}

const out = {};
const byId = Object.fromEntries(BENCHES.map((b) => [b.id, b]));
async function peer(name, fns) {
  out[name] = {};
  for (const [id, make] of Object.entries(fns)) {
    if (ONLY && !ONLY.includes(id)) continue;
    try {
      const fn = await make();
      out[name][id] = fn ? time(fn, byId[id]?.inner ?? 1) : null;
    } catch (e) {
      out[name][id] = { error: String(e && e.message || e).split('\n')[0] };
    }
    if (global.gc) global.gc();
    log(`  ${name.padEnd(7)} ${id.padEnd(12)} ${out[name][id]?.error ? 'ERROR ' + out[name][id].error : 'done'}`);
  }
}

const A = input16M();
const B = A.map((x) => x * 0.5);
// log's input (specs.mjs): the same values shifted to (0, 4).
const P = (() => { const p = new Float32Array(N16M); for (let i = 0; i < N16M; i++) p[i] = Math.fround(Math.fround((i % 1000) * Math.fround(0.004)) + Math.fround(0.002)); return p; })();
const typedUnary = (f, x = A) => () => { const c = new Float32Array(N16M); return () => { for (let i = 0; i < N16M; i++) c[i] = f(x[i]); }; };

// ---- plain TypedArray loops ----
await peer('typed', {
  add: () => { const c = new Float32Array(N16M); return () => { for (let i = 0; i < N16M; i++) c[i] = A[i] + B[i]; }; },
  tanh: () => { const c = new Float32Array(N16M); return () => { for (let i = 0; i < N16M; i++) c[i] = Math.tanh(A[i]); }; },
  exp: () => { const c = new Float32Array(N16M); return () => { for (let i = 0; i < N16M; i++) c[i] = Math.exp(A[i]); }; },
  log: typedUnary(Math.log, P), sin: typedUnary(Math.sin), cos: typedUnary(Math.cos),
  sum: () => () => { let s = 0; for (let i = 0; i < N16M; i++) s += A[i]; return s; },
  copy: () => { const c = new Float32Array(N16M); return () => c.set(A); },
  transpose: () => {
    const n = 4096, m = new Float32Array(n * n).fill(1), t = new Float32Array(n * n);
    return () => { for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) t[i * n + j] = m[j * n + i]; };
  },
  ...Object.fromEntries([256, 512, 1024].map((n) => [`sgemm${n}`, () => {
    const x = new Float32Array(n * n).fill(0.5), y = new Float32Array(n * n).fill(0.25), z = new Float32Array(n * n);
    return () => { // i-k-j loop order (row-major, unit stride inner loop)
      z.fill(0);
      for (let i = 0; i < n; i++) for (let k = 0; k < n; k++) {
        const xik = x[i * n + k], yo = k * n, zo = i * n;
        for (let j = 0; j < n; j++) z[zo + j] += xik * y[yo + j];
      }
    };
  }])),
});

// ---- scijs ndarray + ndarray-ops ----
{
  const ndarray = require('ndarray');
  const ops = require('ndarray-ops');
  const a = ndarray(A), b = ndarray(B);
  await peer('ndarray', {
    add: () => { const c = ndarray(new Float32Array(N16M)); return () => ops.add(c, a, b); },
    tanh: () => null, // ndarray-ops has no tanh
    exp: () => { const c = ndarray(new Float32Array(N16M)); return () => ops.exp(c, a); },
    log: () => { const c = ndarray(new Float32Array(N16M)), p = ndarray(P); return () => ops.log(c, p); },
    sin: () => { const c = ndarray(new Float32Array(N16M)); return () => ops.sin(c, a); },
    cos: () => { const c = ndarray(new Float32Array(N16M)); return () => ops.cos(c, a); },
    sum: () => () => ops.sum(a),
    transpose: () => {
      const n = 4096, m = ndarray(new Float32Array(n * n).fill(1), [n, n]), t = ndarray(new Float32Array(n * n), [n, n]);
      return () => ops.assign(t, m.transpose(1, 0));
    },
  });
}

// ---- @stdlib/ndarray (base kernels; it has no sum or matmul) ----
{
  const binary = require('@stdlib/ndarray/base/binary');
  const unary = require('@stdlib/ndarray/base/unary');
  const assign = require('@stdlib/ndarray/base/assign');
  const nd = (data, shape, strides) => ({ dtype: 'float32', data, shape, strides: strides ?? [1], offset: 0, order: 'row-major' });
  const a = nd(A, [N16M]), b = nd(B, [N16M]);
  await peer('stdlib', {
    add: () => { const c = nd(new Float32Array(N16M), [N16M]); return () => binary([a, b, c], (x, y) => x + y); },
    tanh: () => { const c = nd(new Float32Array(N16M), [N16M]); return () => unary([a, c], Math.tanh); },
    exp: () => { const c = nd(new Float32Array(N16M), [N16M]); return () => unary([a, c], Math.exp); },
    log: () => { const c = nd(new Float32Array(N16M), [N16M]), p = nd(P, [N16M]); return () => unary([p, c], Math.log); },
    sin: () => { const c = nd(new Float32Array(N16M), [N16M]); return () => unary([a, c], Math.sin); },
    cos: () => { const c = nd(new Float32Array(N16M), [N16M]); return () => unary([a, c], Math.cos); },
    transpose: () => {
      const n = 4096, m = nd(new Float32Array(n * n).fill(1), [n, n], [1, n]), t = nd(new Float32Array(n * n), [n, n], [n, 1]);
      return () => assign([m, t]);
    },
  });
}

// ---- TF.js, wasm backend, one thread, SIMD ----
{
  let tf;
  try {
    tf = require('@tensorflow/tfjs-core');
    const wasm = require('@tensorflow/tfjs-backend-wasm');
    wasm.setWasmPaths(path.join(ROOT, 'node_modules/@tensorflow/tfjs-backend-wasm/dist') + path.sep);
    wasm.setThreadsCount(1);
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    tf.env().set('WASM_HAS_SIMD_SUPPORT', true);
    const ok = await tf.setBackend('wasm');
    await tf.ready();
    if (!ok || tf.getBackend() !== 'wasm') throw new Error('wasm backend did not start');
  } catch (e) {
    out.tfjs = { $error: String(e && e.message || e).split('\n')[0] };
    tf = null;
    log('  tfjs    ERROR ' + out.tfjs.$error);
  }
  if (tf) {
    const run = (f) => () => { const r = f(); r.dataSync ? null : null; r.dispose(); };
    const a = tf.tensor1d(A), b = tf.tensor1d(B);
    // The wasm backend runs each op synchronously when it is called; reading one value
    // (below, for the first call) proves the result exists.
    await peer('tfjs', {
      add: () => run(() => tf.add(a, b)),
      tanh: () => run(() => tf.tanh(a)),
      exp: () => run(() => tf.exp(a)),
      log: () => { const p = tf.tensor1d(P); return run(() => tf.log(p)); },
      sin: () => run(() => tf.sin(a)),
      cos: () => run(() => tf.cos(a)),
      sum: () => run(() => tf.sum(a)),
      transpose: () => { const m = tf.ones([4096, 4096]); return run(() => tf.transpose(m)); },
      ...Object.fromEntries([256, 512, 1024].map((n) => [`sgemm${n}`, () => {
        const x = tf.fill([n, n], 0.5), y = tf.fill([n, n], 0.25);
        const z = tf.matMul(x, y); const v = z.dataSync()[0]; z.dispose();
        if (v !== 0.125 * n) throw new Error('tfjs matmul wrong: ' + v);
        return run(() => tf.matMul(x, y));
      }])),
    });
    out.$tfjsInfo = { version: tf.version_core, backend: tf.getBackend() };
  }
}
process.stdout.write(JSON.stringify(out));
