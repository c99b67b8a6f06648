// Runs benchmark programs in Pyodide (npm `pyodide`: CPython compiled to wasm)
// in this Node process, the interpreter peer of scripts/bench/interp.mjs.
//   node scripts/bench/pyodide_runner.mjs <benches.json>
// benches.json: [{id, code}]. Writes {results: {id: <last line of stdout as JSON> | {error}}}.
import fs from 'node:fs';
import { loadPyodide } from 'pyodide';

const benches = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const py = await loadPyodide();
const results = {};
for (const b of benches) {
  let out = '';
  py.setStdout({ batched: (s) => { out += s + '\n'; } });
  try {
    py.runPython(b.code, { globals: py.toPy({}) });
    results[b.id] = JSON.parse(out.trim().split('\n').pop());
  } catch (e) {
    results[b.id] = { error: String(e && e.message || e).trim().split('\n').pop() };
  }
}
process.stdout.write(JSON.stringify({ results }));
