// Runs the benchmark programs in one stridelab engine, in its own process.
//   node scripts/bench/stridelab_runner.mjs <path to wasm/index.js of the engine> <benches.json>
// benches.json: [{id, code}]. Writes {id: [seconds...] | {error}} as JSON on stdout.
// The engine is loaded through the package API (init -> session -> run). For the scalar
// build this is the copy of wasm/index.js next to the scalar dist/ (same loader).
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

const [entry, file, label = 'engine'] = process.argv.slice(2);
const benches = JSON.parse(fs.readFileSync(file, 'utf8'));
const { init } = await import(pathToFileURL(entry).href);
const lib = await init();
const results = {};
for (const b of benches) {
  const s = lib.session();
  try {
    const r = s.run(b.code, { filename: `bench_${b.id}.py` });
    if (r.error) results[b.id] = { error: r.error };
    else results[b.id] = JSON.parse(r.stdout.trim().split('\n').pop());
  } catch (e) {
    results[b.id] = { error: String(e && e.message || e) };
  } finally {
    try { s.dispose(); } catch { /* aborted module */ }
  }
  process.stderr.write(`  ${label.padEnd(7)} ${b.id.padEnd(12)} ${results[b.id].error ? 'ERROR ' + results[b.id].error : 'done'}\n`);
}
process.stdout.write(JSON.stringify({ results }));
