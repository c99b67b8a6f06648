// Builds the console table, docs/benchmarks.md and docs/benchmarks.svg (hand-written SVG).
import fs from 'node:fs';
import path from 'node:path';
import { metric, higherIsBetter, median } from './specs.mjs';
import { interpTable } from './interp.mjs';
import { trainTable } from './train.mjs';

export const ENGINES = [
  ['numpy', 'NumPy (native)'],
  ['simd', 'stridelab SIMD'],
  ['scalar', 'stridelab scalar'],
  ['tfjs', 'TF.js wasm'],
  ['ndarray', 'ndarray-ops'],
  ['stdlib', '@stdlib/ndarray'],
  ['typed', 'TypedArray loop'],
];
const COLORS = { numpy: '#4d4d4d', simd: '#1f77b4', scalar: '#9ecae1', tfjs: '#ff7f0e', ndarray: '#2ca02c', stdlib: '#9467bd', typed: '#8c564b' };

const fmt = (x) => x == null || !Number.isFinite(x) ? '–' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toPrecision(2);
const fmtR = (x) => x == null || !Number.isFinite(x) ? '' : `${fmt(x)}x`;

export function writeReport({ benches, results, notes, cold, size, meta, interp, train, ROOT }) {
  const it = interp ? interpTable(interp) : null;
  const tt = train ? trainTable(train) : null;
  // value in the benchmark's unit, and speed relative to NumPy (> 1: faster than NumPy)
  const cell = (eng, b) => {
    const r = results[eng]?.[b.id];
    if (r == null) return { missing: results[eng] ? 'no such op' : (notes[eng] || 'not run') };
    if (!Array.isArray(r)) return { missing: r.error };
    const v = metric(b, median(r));
    const npr = results.numpy?.[b.id];
    const n = Array.isArray(npr) ? metric(b, median(npr)) : null;
    const ratio = n == null ? null : higherIsBetter(b) ? v / n : n / v;
    return { v, ratio, reps: r.length };
  };
  const V = (eng, id) => { const b = benches.find((x) => x.id === id); return b ? cell(eng, b) : { missing: 'not run' }; };

  // ---- the table
  const head = ['benchmark', 'unit', ...ENGINES.map(([, l]) => l)];
  const rows = benches.map((b) => [b.label, b.unit + (higherIsBetter(b) ? ' ↑' : ' ↓'), ...ENGINES.map(([e]) => {
    const c = cell(e, b);
    if (c.missing) return '–';
    return e === 'numpy' ? fmt(c.v) : `${fmt(c.v)} (${fmtR(c.ratio)})`;
  })]);
  const med = (x) => (x?.ms ? median(x.ms) : null);
  const coldRows = [
    ['cold start, Node (import → first result)', 'ms ↓', fmt(med(cold.cpython)) + ' (python3 -c)', fmt(med(cold.node)), '–', '–', '–', '–', '–'],
    ['cold start, Chromium, package only (navigation → first result)', 'ms ↓', '–', cold.chromium?.ms ? fmt(med(cold.chromium)) : '–', '–', '–', '–', '–', '–'],
    ['time to first result, the playground page (navigation → `1` of print(1) shown)', 'ms ↓', '–', cold.chromium?.page?.ms ? fmt(med(cold.chromium.page)) : '–', '–', '–', '–', '–', '–'],
    ['time to first result, a repeat visit of the static site (engine from the service worker\'s cache, compiled code cached)', 'ms ↓', '–', cold.chromium?.repeat?.ms ? fmt(med(cold.chromium.repeat)) : '–', '–', '–', '–', '–', '–'],
    ['engine download before a first result, gzip -9 (first part + glue)', 'KB ↓', '–', fmt((size.firstGz ?? size.engineGz) / 1024), '–', '–', '–', '–', '–'],
    ['engine download in all, gzip -9 (both parts + glue)', 'KB ↓', '–', fmt(size.engineGz / 1024), '–', '–', '–', '–', '–'],
  ];
  const mdTable = [head, head.map(() => '---'), ...rows, ...coldRows].map((r) => `| ${r.join(' | ')} |`).join('\n');

  // ---- targets
  const T = [];
  // issue: which issue's goal the target is (17: performance you can trust; 6: the first benchmark issue's targets, kept as a record).
  const target = (name, ok, got, why, issue = 6) => T.push({ name, ok, got, why, issue });
  const miss = (ok) => (ok == null ? 'n/a' : ok ? '**met**' : '**missed**');
  const r = (id, e = 'simd') => V(e, id);
  const ratioSS = (id) => { const s = r(id), c = r(id, 'scalar'); return s.v && c.v ? s.v / c.v : null; };
  {
    const c = r('add');
    target('add ≥ 0.85x NumPy', c.ratio == null ? null : c.ratio >= 0.85, c.ratio == null ? (c.missing || '–') : `${fmtR(c.ratio)} (${fmt(c.v)} GB/s)${c.ratio < 0.85 ? `, ${fmt(0.85 / c.ratio)}x short of 0.85x` : ''}`,
      'Memory-bound: 12 B/element (two 64 MB inputs read, a 64 MB result written). stridelab\'s path is one 4-lane SIMD loop over the contiguous run into a result allocated without zeroing (Note [Uninitialised results] in core/kernels/copy.cpp); NumPy\'s is an AVX2 loop. What is left is memory traffic, which the shared machine\'s other jobs take their part of.' + (() => { const tf = r('add', 'tfjs'), ty = r('add', 'typed'), sc = r('add', 'scalar'); const parts = []; if (tf.v) parts.push(`TF.js\'s wasm add ${fmt(tf.v)} GB/s`); if (ty.v) parts.push(`a plain JS loop ${fmt(ty.v)} GB/s`); if (sc.v && c.v) parts.push(`stridelab\'s scalar build ${fmt(sc.v)} GB/s (SIMD/scalar ${fmtR(c.v / sc.v)})`); const cs = r('copy'), cn = r('copy', 'numpy'); if (cs.v && cn.v) parts.push(`a straight copy (\`c[...] = a\`, the bandwidth reference) ${fmt(cs.v)} GB/s in stridelab and ${fmt(cn.v)} GB/s in NumPy`); return parts.length ? ' Same run: ' + parts.join('; ') + '.' : ''; })());
  }
  for (const id of ['tanh', 'exp']) {
    const c = r(id), ss = ratioSS(id);
    const ok1 = c.ratio == null ? null : c.ratio >= 0.5, ok2 = ss == null ? null : ss >= 10;
    target(`${id} ≥ 0.5x NumPy`, ok1, c.ratio == null ? (c.missing || '–') : `${fmtR(c.ratio)} (${fmt(c.v)} Melem/s vs NumPy ${fmt(r(id, 'numpy').v)})${c.ratio < 0.5 ? `, ${fmt(0.5 / c.ratio)}x short` : ''}`,
      `NumPy 1.24 has AVX2/AVX-512 float32 ${id} (8–16 lanes, FMA); wasm SIMD has 4 lanes and no FMA, so 0.5x needs a fully vectorised polynomial with no scalar fallback.${ss != null && ss < 2 ? ` The SIMD build is only ${fmtR(ss)} the scalar build here, i.e. ${id} is not (yet) vectorised in the measured tree: it runs at libm speed.` : ''}`);
    target(`${id} ≥ 10x the scalar build`, ok2, ss == null ? (notes.scalar ? 'scalar build unavailable' : '–') : `${fmtR(ss)}${ss < 10 ? `, ${fmt(10 / ss)}x short` : ''}`,
      'The scalar build calls libm per element (≈28 Melem/s in toolchain.md); 10x needs the 4-lane polynomial plus the scalar build staying on libm.');
  }
  // Issue 17, goal 3: float32 exp/log/tanh/sin/cos (bit-exact with the
  // reference) at least 1.5x TF.js's wasm backend and 0.25x native NumPy.
  for (const id of ['exp', 'log', 'tanh', 'sin', 'cos']) {
    const c = r(id), tf = r(id, 'tfjs');
    if (c.v == null) continue;
    const rt = tf.v ? c.v / tf.v : null;
    target(`${id} ≥ 1.5x TF.js and ≥ 0.25x NumPy`, rt == null || c.ratio == null ? null : rt >= 1.5 && c.ratio >= 0.25,
      `${fmt(c.v)} Melem/s: ${rt == null ? 'TF.js –' : `${fmtR(rt)} TF.js (${fmt(tf.v)})`}, ${c.ratio == null ? 'NumPy –' : `${fmtR(c.ratio)} NumPy (${fmt(r(id, 'numpy').v)})`}`,
      'NumPy\'s own algorithm, bit for bit, with every float32 FMA done in float64 lanes (Note [float32 in float64 lanes] in core/kernels/npy_wide.hpp, proven over all 2^32 inputs); NumPy 1.24 runs AVX-512 (16 lanes, hardware FMA) against wasm\'s 4.'
      + (rt != null && rt < 1.5 && r('exp', 'tfjs').v
        ? ` ${id} misses against TF.js alone: TF.js's ${id} ran at ${fmt(tf.v)} Melem/s, ${fmt(tf.v / r('exp', 'tfjs').v)}x its own exp, so it is a much cheaper algorithm than its other functions and than NumPy's, whose results ours must equal; stridelab's ${id} costs per element what its other kernels cost. What would close it: an exact float32 FMA, which wasm lacks (the float64 lanes halve the width of every polynomial step); relaxed SIMD's relaxed_madd is fused on CPUs with FMA but is not guaranteed to be, so it would need a probe at start-up and these kernels as the fallback, proven over all 2^32 inputs again.`
        : ''), 17);
  }
  {
    const c = r('sum');
    target('sum ≥ 1.0x NumPy', c.ratio == null ? null : c.ratio >= 1.0, c.ratio == null ? (c.missing || '–') : `${fmtR(c.ratio)} (${fmt(c.v)} GB/s)${c.ratio < 1 ? `, ${fmt(1 / c.ratio)}x short` : ''}`,
      'Memory-bound (4 B/element). The sum keeps NumPy\'s exact order (pairwise_sum: eight accumulators in blocks of 128, runs of 8192), the eight accumulators being two 4-lane vectors, so it reads at the speed of the memory; NumPy\'s AVX2 loop is in the same position.' + (() => { const sc = r('sum', 'scalar'); return sc.v && c.v ? ` Same run: the scalar build (same order, no SIMD) ${fmt(sc.v)} GB/s (SIMD/scalar ${fmtR(c.v / sc.v)}).` : ''; })());
  }
  {
    const c = r('transpose');
    const ok = c.v == null ? null : c.v <= 15 && c.ratio >= 8;
    target('transposed contiguous() ≤ 15 ms and ≥ 8x NumPy', ok, c.v == null ? (c.missing || '–') : `${fmt(c.v)} ms, ${fmtR(c.ratio)} NumPy (NumPy ${fmt(r('transpose', 'numpy').v)} ms)`,
      '64 MB read + 64 MB written, with every row of the source 16 KiB from the next: the copy is cache-blocked (16 x 16 tiles, 4 x 4 register transposes, each cache line of both sides used whole: Note [Blocked transpose copy] in core/kernels/copy.cpp) into an unzeroed result; NumPy walks the source element by element (≈1 GB/s).' + (() => { const cs = r('copy'); return cs.v && c.v ? ` Same run: a straight copy of 64 MB (\`c[...] = a\`) took ${fmt(8 * 2 ** 24 / cs.v / 1e6)} ms in stridelab (64 MB read + 64 MB written), so the transpose took ${fmtR(c.v / (8 * 2 ** 24 / cs.v / 1e6))} a straight copy\'s time.` : ''; })());
  }
  // Issue 17, goal 1: the numbers are of the default build at a clean HEAD.
  target('the timed engine is the default build of a clean HEAD', !meta.dirty.length && !meta.pkg,
    `commit ${meta.commit}${meta.dirty.length ? `, ${meta.dirty.length} uncommitted paths (--allow-dirty)` : ', clean'}; ${meta.pkg ? `private package ${meta.pkg} (--pkg)` : 'dist/ rebuilt by the bench with the committed flags'}`,
    'scripts/bench.mjs refuses a dirty tree unless --allow-dirty (then the document says so at the top), rebuilds what `npm start` serves before timing, and records the commit, the compile and link flags and the load (top of this document).', 17);
  {
    // Issue 17, goal 2: the transposed copy, and its guard against the plain copy of
    // the same array in the same run (what regressed unnoticed before: a ratio, not a
    // time, so the machine's load cannot hide it).
    const c = r('transpose'), p = r('copy2d');
    target('transposed copy of 4096² float32 ≤ 15 ms and ≥ 8x NumPy', c.v == null ? null : c.v <= 15 && c.ratio >= 8,
      c.v == null ? (c.missing || '–') : `${fmt(c.v)} ms, ${fmtR(c.ratio)} NumPy (NumPy ${fmt(r('transpose', 'numpy').v)} ms)`,
      'Cache-blocked (Note [Blocked transpose copy] in core/kernels/copy.cpp): 16 x 16 tiles of 4 x 4 register transposes. Memory-bound: its floor is the plain copy of the same array (next line), and on a loaded machine both are slower by the share of the memory bus other jobs take.', 17);
    target('guard: transposed copy ≤ 3x the plain copy of the same array (same run)', c.v == null || p.v == null ? null : c.v <= 3 * p.v,
      c.v == null || p.v == null ? '–' : `${fmt(c.v)} ms vs ${fmt(p.v)} ms (${fmt(c.v / p.v)}x)`,
      'Both read 64 MB and write 64 MB; the transposed one reads 16 KiB-strided lines. A ratio above 3 means the blocked path was lost (the element loop runs at about 10x).', 17);
  }
  {
    const kb = size.engineGz / 1024, firstKb = (size.firstGz ?? size.engineGz) / 1024;
    const split = size.code && size.data
      ? ` Of the whole engine (${fmt(size.fullGz / 1024)} KB gzipped before the split), the code section is ${fmt(size.code.raw / 1024)} KB (${fmt(size.code.gz / 1024)} KB gzipped on its own) and the data section ${fmt(size.data.raw / 1024)} KB (${fmt(size.data.gz / 1024)} KB gzipped: strings, the frozen Python modules, tables).`
      : '';
    const sw = size.split?.workloads;
    const splitText = sw?.length
      ? ` What other workloads would need of it, split the same way (scripts/bench/split_size.mjs): ${sw.map((w) => `${w.name} ${fmt(w.primaryGz / 1024)} KB (the rest ${fmt(w.secondaryGz / 1024)} KB)`).join('; ')}.`
      : size.split?.error ? ` (The split measurement failed: ${size.split.error}.)` : '';
    target('engine ≤ 800 KB gzipped', kb <= 800,
      `${fmt(kb)} KB in all: first part ${fmt(size.wasmGz / 1024)} KB + glue ${fmt(size.glueGz / 1024)} KB before a first result (${fmt(firstKb)} KB), second part ${fmt(size.deferredGz / 1024)} KB after it`,
      'The engine ships in two parts (Note [Two-part engine] in wasm/index.js): the build runs the playground\'s first programs on an instrumented copy (print(1), views and strides, an error, a reduction: scripts/split-engine.mjs), and Binaryen\'s wasm-split puts the functions they ran, with the data and the tables, in the first part (the data only the rest reads, the frozen modules and the Unicode tables, goes with the rest: Note [Deferred data]), and the rest in a second part that the playground\'s worker fetches once its first run has answered (or 250 ms after the engine loaded, if no run came) and that a call needing it sooner loads on the spot. So a page downloads, compiles and instantiates ' + fmt(firstKb) + ' KB before its first result; in all the split costs ' + fmt(kb - size.fullGz / 1024 - size.glueGz / 1024) + ' KB of imports and exports between the parts. See README ("Download size") for where the bytes go, per source file and C++ function, and what was cut.' + split + splitText +
      (kb > 800 ? ` The sum is over the line by ${fmt(kb - 800)} KB: no single part of the code holds it (the largest are the interpreter and its objects, the NumPy and PyTorch front ends, the reduction and elementwise loops, one instantiation per op and dtype, and the data: messages, names, signatures); what would close it is cutting breadth.` : ''), 17);
    const pg = cold.chromium?.page?.ms ? median(cold.chromium.page.ms) : null;
    const mk = cold.chromium?.page?.marks;
    const at = (k) => (mk?.length ? median(mk.map((m) => m[k]).filter((x) => x != null)) : null);
    // The package-only page's phases (cold_browser.mjs): where the engine's own
    // share of the time goes, measured in the same run.
    const ph = cold.chromium?.phases;
    const phase = (k) => (ph?.length ? median(ph.map((x) => x[k]).filter((x) => x != null)) : null);
    const [imp, inst, sess, run1, second] = ['imported', 'instantiated', 'session', 'run', 'second'].map(phase);
    const engineSplit = imp != null && inst != null && sess != null && run1 != null && second != null
      ? ` Where the engine's time goes, on the package-only page of the same run (medians since navigation start): package imported ${fmt(imp)} ms, the engine streamed, compiled and instantiated ${fmt(inst)} ms (+${fmt(inst - imp)}; both parts: a page's main thread waits for the second too), a session opened ${fmt(sess)} ms (+${fmt(sess - inst)}), the first statement run ${fmt(run1)} ms (+${fmt(run1 - sess)}; the page's statement imports numpy, so this includes installing NumPy's front end). V8 compiles a wasm function when it is first called (lazy compilation): a session opens with the language alone and installs a builtin module at its first import (Note [Builtin modules at first import] in core/lang/modules/modules.hpp), so print(1) compiles only the interpreter; a second session, opened right after on the same page, took ${fmt(second)} ms.`
      : '';
    const fl = cold.chromium?.floor?.length ? median(cold.chromium.floor) : null;
    const floorText = fl != null
      ? ` The browser's own floor, measured in the same run: an empty page (handed to Chromium by the harness, as the package-only page is) runs its first script ${fmt(fl)} ms after navigation start, in a fresh context each time as for the playground, so ${fmt(100 * fl / 500)}% of the 500 ms is spent before any page can run code; the playground's boot.js starts at ${fmt(at('boot'))} ms.`
      : '';
    target('time to first result in the page ≤ 500 ms (cold cache)', pg == null ? null : pg <= 500,
      pg == null ? (cold.chromium?.error || '–') : `${fmt(pg)} ms (medians: boot.js ${fmt(at('boot'))} ms, .wasm received ${fmt(at('wasm-received'))} ms, page bundle started ${fmt(at('main-start'))} ms, Run usable ${fmt(at('page-interactive'))} ms, engine ready ${fmt(at('engine-ready'))} ms)`,
      `Navigation start to the frame that shows the \`1\` of a print(1) share link, Run clicked the moment the page accepts it; a fresh browser context (empty caches) each time. The page's first element is boot.js, parser-blocking so that it runs before the first layout: it starts the download of the engine's first part (${fmt(size.wasm / 2 ** 20)} MB, ${fmt(firstKb)} KB gzipped with the glue), compiles it on the page while the worker starts, and hands it over (Note [Engine boot] in web/src/runner/boot.js); the second part is fetched by the worker once the first run has answered (Note [Two-part engine] in wasm/index.js). The page accepts Run before CodeMirror has loaded (web/src/editor/plain.js), loads CodeMirror only after a run in flight has drawn its result, and draws the memory inspector in the frame after the output (web/src/panels/snapshots.js). ".wasm received" is when the streaming compiler had taken the last byte of the first part.` + floorText + engineSplit +
      (at('main-start') != null && at('engine-ready') != null && at('page-interactive') != null
        ? (at('worker-started') != null && at('worker-imported') != null && at('worker-instantiated') != null
          ? ` The engine's worker, from its own marks: its global scope exists at ${fmt(at('worker-started'))} ms, it has its modules and the compiled first part at ${fmt(at('worker-imported'))} ms, the engine is instantiated (with the glue's start-up: static constructors, Embind's registrations) at ${fmt(at('worker-instantiated'))} ms and a session open at ${fmt(at('worker-session'))} ms.`
          : '') + ` What remains is the page more than the engine: its bundle (main.js and its chunks, module scripts that run only after the HTML is parsed and the stylesheet applied) starts at ${fmt(at('main-start'))} ms and accepts Run at ${fmt(at('page-interactive'))} ms, the engine is ready in the worker at ${fmt(at('engine-ready'))} ms, and on this 2-core machine the page's main thread, the worker and the browser's own processes share the cores. What would close it: taking the page bundle off the first result's path too (boot.js accepting a Run and drawing a plain first output before main.js takes over, as it already starts the engine before it), and a worker that starts sooner (it waits for the page's main thread); the browser's floor above is not ours to cut.`
        : ''), 17);
  }
  {
    const c = r('sgemm1024'), tf = r('sgemm1024', 'tfjs');
    target('sgemm 1024 ≥ 35 GFLOP/s', c.v == null ? null : c.v >= 35, c.v == null ? (c.missing || '–') : `${fmt(c.v)} GFLOP/s${c.v < 35 ? `, ${fmt(35 / c.v)}x short` : ''}`,
      'Packed A/B panels and a 4 x 8 register tile; wasm SIMD has no FMA, so each k step is 8 multiplies + 8 adds + 6 loads, which fills the two FP multiply and two FP add pipes at 16 flop/cycle. Every C element stays one running sum in k order (the netlib order the oracle\'s NumPy used, bit for bit), which costs nothing: a register tile has one accumulator per element anyway. The kernel is compute-bound, so on this shared 2-core machine it gets whatever share of a core the other jobs leave.');
    target('sgemm 1024 ahead of TF.js wasm', c.v == null || tf.v == null ? null : c.v > tf.v, c.v == null || tf.v == null ? '–' : `${fmt(c.v)} vs TF.js ${fmt(tf.v)} GFLOP/s (${fmtR(c.v / tf.v)})`,
      'TF.js\'s wasm backend uses XNNPACK\'s packed, register-blocked WASM SIMD kernels, the same design (XNNPACK may use a different k order; stridelab keeps netlib\'s). The two ran seconds apart on a shared machine, so a difference of a few percent is within its noise.');
  }
  for (const id of ['stmt_view', 'stmt_shares']) {
    const c = r(id), n = r(id, 'numpy');
    target(`${benches.find((b) => b.id === id)?.label ?? id} ≤ CPython + NumPy`, c.v == null || n.v == null ? null : c.v <= n.v,
      c.v == null ? (c.missing || '–') : `${fmt(c.v)} µs vs ${fmt(n.v)} µs (${fmtR(c.ratio)})`,
      `Per statement, loop overhead included on both sides${r('stmt_pass').v != null && r('stmt_pass', 'numpy').v != null ? ` (the bare \`for\` loop with \`pass\` costs ${fmt(r('stmt_pass').v)} µs per iteration in stridelab vs ${fmt(r('stmt_pass', 'numpy').v)} µs in CPython)` : ''}: stridelab is a tree-walking interpreter compiled to wasm, where CPython runs bytecode natively. A profile of \`v = x[:, ::2]\` is now mostly allocation (malloc/free ≈20%, shared_ptr control blocks, a dict object built and freed per iteration, slice objects, shape/stride vectors copied into make_view), not dispatch: closing the gap needs fewer heap objects per statement in core/lang, not faster kernels.`);
  }
  // Issue 17, goal 4: every per-statement benchmark within 2x CPython + NumPy
  // (scripts/bench/statement-profile.md has the profiles behind the numbers).
  for (const id of ['stmt_pass', 'stmt_view', 'stmt_shares', 'stmt_attr', 'stmt_method']) {
    const c = r(id), n = r(id, 'numpy');
    target(`${benches.find((b) => b.id === id)?.label ?? id} ≤ 2x CPython + NumPy`, c.v == null || n.v == null ? null : c.v <= 2 * n.v,
      c.v == null ? (c.missing || '–') : `${fmt(c.v)} µs vs ${fmt(n.v)} µs (${fmtR(c.ratio)})${c.v > 2 * n.v ? `, ${fmt(c.v / (2 * n.v))}x short` : ''}`,
      'Per statement, loop overhead included on both sides, in the same run. The interpreter reads instance attributes without allocating a key, binds plain positional calls without the general checks, builds a subscript key of literals once, keeps function locals in slots, caches where a name and a class attribute were found, and calls a method without a bound method; what is left is allocation (a view and its explanation record) and the tree walk itself (scripts/bench/statement-profile.md). What would close the rest: for `v = x[:, ::2]`, an explanation record that keeps the index and derives its facts when the inspector asks (about half of the view\'s remaining allocations); for `p.norm()`, a flat instruction form for function bodies, since its profile is now the tree walk\'s fixed cost per node (no allocation or string comparison is left on that path). On this shared 2-core machine the wasm timings move several-fold with the load while CPython\'s move less (though its `r = p.norm()` has read from 0.075 to 0.11 µs across these documents): read several runs.', 17);
  }
  {
    const n = med(cold.node), c = med(cold.chromium), kb = size.engineGz / 1024;
    target('cold start ≤ 300 ms (Node)', n == null ? null : n <= 300, n == null ? (cold.node?.error || '–') : `${fmt(n)} ms`,
      'Includes reading and compiling the whole .wasm (V8 compiles it before the first call) and the first statement; on a loaded 2-core machine the compile threads compete with other jobs.');
    target('cold start ≤ 300 ms (Chromium)', c == null ? null : c <= 300, c == null ? (cold.chromium?.error || '–') : `${fmt(c)} ms`,
      'From navigation start: HTML, the loader, the .wasm download from localhost, streaming compile, instantiate, first run; a fresh browser context each time (empty caches).' + (n != null && c != null ? ` The same engine (compile, instantiate, first statement) starts in ${fmt(n)} ms in Node, so about ${fmt(c - n)} ms of the ${fmt(c)} ms go to what only the browser does (a new context, the page and its module graph, fetching the engine over HTTP: on a page's main thread init() waits for both parts, ${fmt((size.wasm + size.deferred) / 2 ** 20)} MB, since nothing may load synchronously there, Note [Two-part engine]); a page that runs the engine in a worker, as the playground does, waits for the first part only.` : ''));
    target('engine ≤ 400 KB gzipped', kb <= 400, `${fmt(kb)} KB in all (first part ${fmt(size.wasmGz / 1024)} KB + second part ${fmt((size.deferredGz ?? 0) / 1024)} KB + glue ${fmt(size.glueGz / 1024)} KB; loader wasm/index.js ${fmt(size.loaderGz / 1024)} KB more); ${fmt(((size.firstGz ?? size.engineGz)) / 1024)} KB before a first result`,
      `Most of the code is the interpreter (core/lang: the evaluator, builtins and the np/torch modules, about half of the code section in a name-section build of this tree), then the reduction and elementwise loops (one instantiation per op × dtype) and libc++${size.scalarWasmGz ? `; the scalar build's whole engine is ${fmt(size.scalarWasmGz / 1024)} KB gzipped, so the SIMD kernels account for ${fmt(((size.fullGz ?? size.wasmGz) - size.scalarWasmGz) / 1024)} KB of it` : ''}. docs/api.md's "about 310 KB gzipped" predates the kernels.`);
  }

  // ---- SVG
  const svg = chart(benches, cell);
  fs.writeFileSync(path.join(ROOT, 'docs/benchmarks.svg'), svg);

  // ---- markdown
  const notesList = Object.entries(notes).map(([k, v]) => `- **${ENGINES.find(([e]) => e === k)?.[1] ?? ({ simdProbe: 'stridelab SIMD, dist/ mid-rebuild by others (the bench waited)', peers: 'JS peers' }[k] ?? k)}**: ${v}`);
  const missing = [];
  for (const b of benches) for (const [e, l] of ENGINES) {
    const c = cell(e, b);
    if (c.missing && results[e] && c.missing !== 'no such op') missing.push(`${l} / ${b.label}: ${c.missing}`);
  }
  // The hand-written profiles behind the per-statement numbers (issue 17, goal 4).
  const profileFile = path.join(ROOT, 'scripts/bench/statement-profile.md');
  const profile = fs.existsSync(profileFile) ? fs.readFileSync(profileFile, 'utf8').replace(/^# .*\n+/, '').trim() : null;
  const md = `# stridelab benchmarks

Generated by \`npm run bench\` (scripts/bench.mjs) on ${meta.date}. Do not edit by hand.

**Measured tree:** commit \`${meta.commit}\`${meta.dirty.length ? ` **plus uncommitted changes** (\`--allow-dirty\`): ${meta.dirty.filter((l) => !l.startsWith('??')).length} modified and ${meta.dirty.filter((l) => l.startsWith('??')).length} untracked paths (\`git status --porcelain\` at the start of the run)` : ' (clean)'}; ${meta.pkg ? `engine timed from \`${meta.pkg}/dist/\` (\`--pkg\`: a private build of the same tree with the committed CMake flags), built` : 'dist/ built'} ${meta.distTime}.${meta.scalarReused ? ` Scalar build reused from ${meta.scalarReused} (\`--reuse-scalar\`).` : ''}${meta.scalarReused ? '' : ' The scalar build is compiled by the bench from a copy of the same working tree.'}

${meta.flags ? `**Build:** the default build \`npm start\` serves, rebuilt by the bench before timing; compile \`${meta.flags.compile}\`; link \`${meta.flags.link}\`.\n\n` : ''}**Machine:** ${meta.cpu}, ${meta.cores} cores, ${meta.memGB} GB, Node ${meta.node}, NumPy ${meta.numpy ?? '?'} on Python ${meta.python ?? '?'} (BLAS loaded: ${meta.blas ?? '?'}; OpenBLAS/OMP threads = 1), TF.js ${meta.tfjs?.version ?? '?'} (${meta.tfjs?.backend ?? '?'} backend, 1 thread, SIMD).
**Load:** the machine is shared. \`uptime\` at start: \`${meta.uptimeStart}\`; at end: \`${meta.uptimeEnd}\`. With a load average above the core count every engine got only part of a core, so absolute numbers are low and noisy; ratios between engines measured minutes apart carry that noise too. Total run ${meta.seconds} s.${/libblas\.so/.test(meta.blas ?? '') && !/openblas/i.test(meta.blas ?? '') ? `\n\n**NumPy's BLAS here is Debian's reference BLAS (netlib \`libblas.so.3\`), not OpenBLAS** (the machine has no \`libopenblas0\`), so the NumPy sgemm column is ≈25x below the issue's 95 GFLOP/s OpenBLAS figure and every sgemm ratio vs NumPy is flattering. Installing \`libopenblas0-pthread\` switches NumPy to OpenBLAS through Debian's alternatives.` : ''}

## Method

- Every engine does the same work; each benchmark is timed in the engine itself: the Python ones (stridelab SIMD, stridelab scalar, NumPy) run the *same* Python text, timing a statement with \`time.perf_counter()\` around a loop, setup outside the timed part, so stridelab's parse is not counted (scripts/bench/specs.mjs). JS peers are timed with \`performance.now()\` around the same work (scripts/bench/js_peers.mjs).
- Median of 5 repetitions (3 when one repetition takes > 1 s, 1 when > 5 s), after an untimed warm-up (the statement at least once and until 0.3 s; every engine gets the same). V8 runs wasm first in its baseline compiler (Liftoff) and uses a function's optimised code only for calls that start after its background compile finished, which on a loaded machine can be after the timing began (an unoptimised kernel runs 3-4x slower): the wasm engines (stridelab, TF.js) therefore run with \`node --no-liftoff\`, i.e. the optimised code a page runs after its first calls. Start-up is measured separately (cold start, default flags). Results allocate a fresh output each time (\`c = a + b\`), as the NumPy statement does.
- stridelab SIMD: the package API (\`init() → session() → run()\`) on ${meta.pkg ? `\`${meta.pkg}/dist/\`` : 'dist/'}. Scalar: the same sources with \`-DSTRIDELAB_SIMD=OFF\` (no \`-msimd128\`), built into ${'`/tmp/stridelab-bench-scalar`'}.
- The benchmarks run one at a time through every engine back to back (each engine in a fresh process), so the numbers on one row were taken within seconds of each other under the same machine load; rows were taken minutes apart.
- Ratios in parentheses are speed relative to native NumPy (> 1 = faster than NumPy). ↑ higher is better, ↓ lower is better.
- sgemm inputs are constant matrices (0.5, 0.25); TF.js's result is checked. TypedArray sgemm is a naive i-k-j loop; TypedArray transpose a naive loop.

## Results

${mdTable}

![benchmarks](benchmarks.svg)
${it ? `
## Interpreter (issue 35, goal 1)

Pure-Python programs (scripts/bench/programs/, written here after the algorithms and sizes of pyperformance's benchmarks of the same names), each defining \`bench()\`; the same driver text runs in stridelab (the package API), Pyodide ${interp.versions.pyodide} (npm \`pyodide\`, CPython compiled to wasm, in the same Node, same V8 flags) and native CPython ${interp.versions.cpython}: one untimed call whose answer must agree, then the median of 3 timed calls (\`time.perf_counter\`). Ratios are speed relative to the peer (> 1: stridelab is faster).

${it.md}

Goal: at least 1.0x Pyodide as the geometric mean, no program below 0.5x. This run: **${it.vsPyodide.geomean == null ? '–' : it.vsPyodide.geomean.toFixed(2)}x**, lowest ${it.vsPyodide.min == null ? '–' : it.vsPyodide.min.toFixed(2)}x: ${it.vsPyodide.geomean >= 1 && it.vsPyodide.min >= 0.5 ? 'met' : '**missed**'}.
` : ''}${tt ? `
## Training steps (issue 30, item 8; issue 35, goal 4)

The programs of scripts/bench/training/, each defining \`step()\` (forward, loss, backward, optimizer step); the same driver text runs in stridelab (the package API) and in the reference's PyTorch (\`../shared/oracle/refpy\`: Python 3.13 + PyTorch 2.6 from Debian, \`torch.set_num_threads(1)\`, native): ${train.warm} untimed steps whose losses must agree to 4 decimals, then the median of ${train.reps} timed steps. Ratios are speed relative to the reference (> 1: stridelab is faster).

${tt.md}

Goal: the MLP step at least 0.25x the reference's PyTorch. This run: **${tt.ratios.mlp == null ? '–' : tt.ratios.mlp.toFixed(2)}x**: ${tt.ratios.mlp >= 0.25 ? 'met' : '**missed**'}. The reference's PyTorch is Debian's build (\`torch.__config__.show()\`: BLAS_INFO=generic, so its matrix products call Debian's reference BLAS, unblocked), which is why stridelab's blocked SIMD matmul wins the attention step; a PyTorch wheel with MKL or OpenBLAS would do those products several times faster. The MLP step is small enough that per-op overhead, not the products, decides it.
` : ''}
## Goals of issue 17 ("Performance you can trust")

| goal | result | status |
|---|---|---|
${T.filter((t) => t.issue === 17).map((t) => `| ${t.name} | ${t.got} | ${miss(t.ok)} |`).join('\n')}

${[...T.filter((t) => t.issue === 17).reduce((m, t) => m.set(t.why, [...(m.get(t.why) ?? []), t]), new Map())].map(([why, ts]) => `- ${ts.map((t) => `**${t.name}**`).join(', ')}: ${why}`).join('\n')}
${profile ? `\n## Per-statement profiles\n\n${profile}\n` : ''}
## Earlier targets (issue 6)

| target | result | status |
|---|---|---|
${T.filter((t) => t.issue === 6).map((t) => `| ${t.name} | ${t.got} | ${miss(t.ok)} |`).join('\n')}

### Why the misses

${T.filter((t) => t.ok === false).map((t) => `- **${t.name}** — ${t.got}. ${t.why}`).join('\n') || '- none'}
${T.some((t) => t.ok === false) ? `- All timings above were taken with a load average of ${meta.uptimeStart.split('load average:')[1]?.trim() ?? '?'} on ${meta.cores} cores${(() => { const n = r('add', 'numpy'); return n.v ? ` (NumPy's own add ran at ${fmt(n.v)} GB/s in this run; toolchain.md measured 27 GB/s on an idle machine of this kind)` : ''; })()}: absolute targets (ms, GFLOP/s) are missed by the share of the core other jobs took as much as by the code; re-run on an idle machine before drawing conclusions from a near miss.` : ''}

## Not measured / unavailable

${[...notesList, ...missing.map((m) => `- ${m}`)].join('\n') || '- nothing'}
- The per-statement benchmarks compare the interpreters only (stridelab vs CPython + NumPy); JS peers have no interpreter.
- ndarray-ops has no tanh and no matmul; @stdlib/ndarray has no sum and no matmul (its reductions/BLAS live in other @stdlib packages); those cells are "–".
`;
  fs.writeFileSync(path.join(ROOT, 'docs/benchmarks.md'), md);

  // ---- console
  const widths = head.map((_, i) => Math.max(...[head, ...rows, ...coldRows].map((r) => String(r[i]).length)));
  const line = (r) => r.map((x, i) => String(x).padEnd(widths[i])).join('  ');
  const con = [line(head), ...rows.map(line), ...coldRows.map(line), ...(it ? ['', it.md] : []), ...(tt ? ['', tt.md] : []), '', 'targets:', ...T.map((t) => `  ${t.ok == null ? 'n/a   ' : t.ok ? 'met   ' : 'MISSED'} ${t.name}: ${t.got}`)].join('\n');
  return { console: con };
}

// Horizontal grouped bars: speed relative to native NumPy, log scale.
function chart(benches, cell) {
  const engines = ENGINES.filter(([e]) => e !== 'numpy');
  const groups = benches.map((b) => ({ b, bars: engines.map(([e, l]) => ({ e, l, c: cell(e, b) })) }));
  const vals = groups.flatMap((g) => g.bars.map((x) => x.c.ratio)).filter((x) => x > 0 && Number.isFinite(x));
  const lo = Math.pow(10, Math.floor(Math.log10(Math.min(0.1, ...vals))));
  const hi = Math.pow(10, Math.ceil(Math.log10(Math.max(10, ...vals))));
  const L = 250, W = 900, R = 40, barH = 9, gap = 14, top = 50;
  const x = (v) => L + (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo)) * (W - L - R);
  let y = top;
  const parts = [];
  const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  for (const g of groups) {
    const h = g.bars.length * barH;
    parts.push(`<text x="${L - 8}" y="${y + h / 2 + 4}" text-anchor="end" font-size="12">${esc(g.b.label)}</text>`);
    g.bars.forEach((bar, i) => {
      const yy = y + i * barH;
      if (bar.c.ratio > 0) {
        const x0 = x(lo), x1 = x(bar.c.ratio);
        parts.push(`<rect x="${x0}" y="${yy}" width="${Math.max(1, x1 - x0).toFixed(1)}" height="${barH - 1}" fill="${COLORS[bar.e]}"><title>${esc(bar.l)}: ${fmt(bar.c.v)} ${esc(g.b.unit)} (${fmtR(bar.c.ratio)} NumPy)</title></rect>`);
        parts.push(`<text x="${(x1 + 3).toFixed(1)}" y="${yy + barH - 1.5}" font-size="8" fill="#333">${fmtR(bar.c.ratio)}</text>`);
      }
    });
    y += h + gap;
  }
  const grid = [];
  for (let p = Math.log10(lo); p <= Math.log10(hi); p++) {
    const v = Math.pow(10, p), xx = x(v).toFixed(1);
    grid.push(`<line x1="${xx}" y1="${top - 6}" x2="${xx}" y2="${y - gap + 4}" stroke="${v === 1 ? '#000' : '#ddd'}" stroke-width="${v === 1 ? 1.5 : 1}"/>`);
    grid.push(`<text x="${xx}" y="${y + 8}" text-anchor="middle" font-size="11">${v >= 1 ? v : v.toPrecision(1)}x</text>`);
  }
  const legend = engines.map(([e, l], i) => `<rect x="${200 + i * 110}" y="12" width="10" height="10" fill="${COLORS[e]}"/><text x="${214 + i * 110}" y="21" font-size="11">${esc(l)}</text>`);
  const H = y + 30;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif">
<rect width="100%" height="100%" fill="#fff"/>
<text x="10" y="21" font-size="13" font-weight="bold">speed vs native NumPy (log)</text>
${legend.join('\n')}
${grid.join('\n')}
${parts.join('\n')}
<text x="${W / 2}" y="${H - 6}" text-anchor="middle" font-size="11">× native NumPy speed (higher is better; 1x = NumPy; missing bar = engine lacks the op or failed)</text>
</svg>
`;
}
