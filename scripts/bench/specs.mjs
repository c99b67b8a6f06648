// The benchmark list, shared by every runner. Each benchmark is one Python statement
// timed inside Python (time.perf_counter) with its setup outside the timed part, so
// stridelab's statement parse is excluded: the statement is parsed once, as part of
// the loop, and executed `inner` times per repetition.
export const N16M = 1 << 24;

export const BENCHES = [
  { id: 'add', label: 'float32 add 16M', unit: 'GB/s', work: 12 * N16M, inner: 1,
    setup: `a = (np.arange(${N16M}) % 1000).astype(np.float32) * np.float32(0.004) - np.float32(2.0)\nb = a * np.float32(0.5)`,
    stmt: 'c = a + b' },
  { id: 'tanh', label: 'float32 tanh 16M', unit: 'Melem/s', work: N16M / 1e6 * 1e9 / 1e9, perElem: N16M, inner: 1,
    setup: `a = (np.arange(${N16M}) % 1000).astype(np.float32) * np.float32(0.004) - np.float32(2.0)`,
    stmt: 'c = np.tanh(a)' },
  { id: 'exp', label: 'float32 exp 16M', unit: 'Melem/s', perElem: N16M, inner: 1,
    setup: `a = (np.arange(${N16M}) % 1000).astype(np.float32) * np.float32(0.004) - np.float32(2.0)`,
    stmt: 'c = np.exp(a)' },
  // Issue 17, goal 3: the other float32 functions NumPy and stridelab compute
  // with NumPy's own SIMD algorithms (log on the same values shifted positive).
  { id: 'log', label: 'float32 log 16M', unit: 'Melem/s', perElem: N16M, inner: 1,
    setup: `a = (np.arange(${N16M}) % 1000).astype(np.float32) * np.float32(0.004) + np.float32(0.002)`,
    stmt: 'c = np.log(a)' },
  ...['sin', 'cos'].map((f) => ({ id: f, label: `float32 ${f} 16M`, unit: 'Melem/s', perElem: N16M, inner: 1,
    setup: `a = (np.arange(${N16M}) % 1000).astype(np.float32) * np.float32(0.004) - np.float32(2.0)`,
    stmt: `c = np.${f}(a)` })),
  { id: 'sum', label: 'float32 sum 16M', unit: 'GB/s', work: 4 * N16M, inner: 1,
    setup: `a = (np.arange(${N16M}) % 1000).astype(np.float32) * np.float32(0.004) - np.float32(2.0)`,
    stmt: 's = a.sum()' },
  // A reference, not a target: a straight 64 MB copy into an existing array
  // (memcpy), the memory bandwidth each engine got in this run.
  { id: 'copy', label: 'float32 copy 16M (`c[...] = a`, reference)', unit: 'GB/s', work: 8 * N16M, inner: 1,
    setup: `a = (np.arange(${N16M}) % 1000).astype(np.float32) * np.float32(0.004) - np.float32(2.0)\nc = np.empty_like(a)`,
    stmt: 'c[...] = a' },
  { id: 'transpose', label: 'contiguous(a.T) 4096x4096 f32', unit: 'ms', inner: 1,
    setup: 'm = np.ones((4096, 4096), dtype=np.float32)',
    stmt: 't = np.ascontiguousarray(m.T)' },
  // The transposed copy's guard (issue 17, goal 2): the same array copied
  // without transposing, in the same run -- the transposed copy must stay
  // within a small factor of it (report.mjs), whatever the machine's load.
  { id: 'copy2d', label: 'contiguous(a) 4096x4096 f32 (plain copy, the transpose\'s guard)', unit: 'ms', inner: 1,
    setup: 'm = np.ones((4096, 4096), dtype=np.float32)',
    stmt: 't = m.copy()' },
  ...[256, 512, 1024].map((n) => ({
    id: `sgemm${n}`, label: `sgemm ${n}`, unit: 'GFLOP/s', flops: 2 * n ** 3, inner: n === 256 ? 4 : 1, n,
    setup: `x = np.ones((${n}, ${n}), dtype=np.float32) * np.float32(0.5)\ny = np.ones((${n}, ${n}), dtype=np.float32) * np.float32(0.25)`,
    stmt: 'z = x @ y',
  })),
  { id: 'stmt_pass', label: 'loop baseline `pass`', unit: 'us/stmt', inner: 20000, overhead: true,
    setup: 'x = 0', stmt: 'pass' },
  { id: 'stmt_view', label: 'statement `v = x[:, ::2]` (8x8)', unit: 'us/stmt', inner: 20000, overhead: true,
    setup: 'x = np.ones((8, 8))', stmt: 'v = x[:, ::2]' },
  { id: 'stmt_shares', label: 'statement `np.shares_memory(a, b)`', unit: 'us/stmt', inner: 20000, overhead: true,
    setup: 'a = np.ones(16)\nb = a[::2]', stmt: 'r = np.shares_memory(a, b)' },
  { id: 'stmt_attr', label: 'statement `r = p.x` (user class)', unit: 'us/stmt', inner: 20000, overhead: true,
    setup: 'class P:\n    def __init__(self, x, y):\n        self.x = x\n        self.y = y\n    def norm(self):\n        return self.x * self.x + self.y * self.y\np = P(3.0, 4.0)', stmt: 'r = p.x' },
  { id: 'stmt_method', label: 'statement `r = p.norm()` (user class)', unit: 'us/stmt', inner: 20000, overhead: true,
    setup: 'class P:\n    def __init__(self, x, y):\n        self.x = x\n        self.y = y\n    def norm(self):\n        return self.x * self.x + self.y * self.y\np = P(3.0, 4.0)', stmt: 'r = p.norm()' },
];

// Python source of one benchmark: prints the list of per-statement seconds.
// Warm-up first (untimed): the statement runs at least once and until 0.3 s
// have passed (at most 20 times), because V8 first runs wasm in its baseline
// compiler (Liftoff) and swaps in the optimised (TurboFan) code of a function
// only for calls that start after its background compile finished -- without
// the warm-up the first repetitions of a kernel run 3-4x slower (sgemm 256 at
// 13 GFLOP/s instead of 50). Cold start is its own benchmark. NumPy runs the
// same warm-up. Then 5 repetitions; 3 when one takes over a second; 1 when
// it takes over 5 s.
export function pythonCode(b, maxReps = 5) {
  return `import numpy as np
import time
${b.setup}
_w = time.perf_counter()
_k = 0
while _k < 1 or (_k < 20 and time.perf_counter() - _w < 0.3):
    for _i in range(${b.inner}):
        ${b.stmt}
    _k += 1
_ts = []
_k = 0
while _k < ${maxReps}:
    _t = time.perf_counter()
    for _i in range(${b.inner}):
        ${b.stmt}
    _ts.append((time.perf_counter() - _t) / ${b.inner})
    _k += 1
    if _ts[0] * ${b.inner} > 5.0:
        break
    if _k >= 3 and _ts[0] * ${b.inner} > 1.0:
        break
print(_ts)
`;
}

// seconds -> the benchmark's unit (higher is better except ms and us/stmt)
export function metric(b, sec) {
  if (sec == null) return null;
  switch (b.unit) {
    case 'GB/s': return b.work / sec / 1e9;
    case 'Melem/s': return b.perElem / sec / 1e6;
    case 'GFLOP/s': return b.flops / sec / 1e9;
    case 'ms': return sec * 1e3;
    case 'us/stmt': return sec * 1e6;
    default: return sec;
  }
}
export const higherIsBetter = (b) => !['ms', 'us/stmt'].includes(b.unit);

export function median(xs) {
  const s = [...xs].sort((p, q) => p - q);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
