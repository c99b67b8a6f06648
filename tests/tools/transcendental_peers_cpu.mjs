// TF.js (wasm backend, SIMD, one thread) float32 exp/log/tanh/sin/cos on the inputs of
// `npm run bench` (specs.mjs), 2^22 elements, timed by the CPU time of the Node process
// (process.cpuUsage: the shared machine makes wall time meaningless), best of 9 after 3 warm-ups.
import path from 'node:path';
import { createRequire } from 'node:module';
// Run from the project root: node --no-liftoff tests/tools/transcendental_peers_cpu.mjs
const require = createRequire(path.resolve('scripts/bench/js_peers.mjs'));
const tf = require('@tensorflow/tfjs-core');
const wasm = require('@tensorflow/tfjs-backend-wasm');
wasm.setWasmPaths(path.resolve('node_modules/@tensorflow/tfjs-backend-wasm/dist') + path.sep);
wasm.setThreadsCount(1);
tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
tf.env().set('WASM_HAS_SIMD_SUPPORT', true);
await tf.setBackend('wasm'); await tf.ready();
const N = 1 << 22;
const A = new Float32Array(N), P = new Float32Array(N);
for (let i = 0; i < N; i++) { A[i] = Math.fround(Math.fround((i % 1000) * Math.fround(0.004)) - 2); P[i] = Math.fround(Math.fround((i % 1000) * Math.fround(0.004)) + Math.fround(0.002)); }
const a = tf.tensor1d(A), p = tf.tensor1d(P);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) * 1e-6; };
for (const [n, f] of [['exp', () => tf.exp(a)], ['log', () => tf.log(p)], ['tanh', () => tf.tanh(a)], ['sin', () => tf.sin(a)], ['cos', () => tf.cos(a)]]) {
  let best = 1e9;
  for (let r = 0; r < 12; r++) { const t = cpu(); const y = f(); y.dispose(); const s = cpu() - t; if (r > 2 && s < best) best = s; }
  console.log(n, (N / best / 1e6).toFixed(1), 'Melem/s (CPU time)');
}
