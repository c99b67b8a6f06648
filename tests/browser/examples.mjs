// The examples gallery's data (web/examples/examples.json): well formed, bilingual,
// grouped, and every program runs in the engine (in Node, through the package, each
// in a fresh session) without an error, except the ones marked expectError. A feature
// the current engine build lacks is reported, not failed: the examples are written
// for the NumPy / PyTorch the playground targets.

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, assert, engineLacks } from './lib.mjs';

const PER_EXAMPLE_BUDGET_MS = 8000;

export default async function examples({ results }) {
  const { check } = results;
  const file = path.join(ROOT, 'web/examples/examples.json');
  let data = null;

  await check('examples.json: groups, unique ids, English and Chinese titles, code only', async () => {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
    assert(Array.isArray(data.groups) && data.groups.length >= 6, 'groups');
    assert(Array.isArray(data.examples) && data.examples.length >= 20, 'examples');
    const ids = new Set();
    const groups = new Set(data.groups.map((g) => g.id));
    for (const g of data.groups) assert(g.title?.en && /[\u4e00-\u9fff]/.test(g.title?.zh ?? ''), `group ${g.id} titles`);
    for (const ex of data.examples) {
      assert(!ids.has(ex.id), `duplicate id ${ex.id}`);
      ids.add(ex.id);
      assert(groups.has(ex.group), `${ex.id}: unknown group ${ex.group}`);
      assert(ex.title?.en && /[\u4e00-\u9fff]/.test(ex.title?.zh ?? ''), `${ex.id}: titles`);
      assert(typeof ex.code === 'string' && ex.code.trim(), `${ex.id}: code`);
      assert(!('output' in ex), `${ex.id}: examples carry code only`);
      assert(data.sources?.[ex.source], `${ex.id}: source`);
    }
    for (const g of groups) assert(data.examples.some((x) => x.group === g), `group ${g} is empty`);
  });
  if (!data) return;

  const { init } = await import(pathToFileURL(path.join(ROOT, 'wasm/index.js')).href);
  const lib = await init();
  const lacking = [];
  const timings = [];
  await check(`every example runs without an error (${data.examples.length} programs)`, async () => {
    const failures = [];
    for (const ex of data.examples) {
      const session = lib.session();
      const t0 = performance.now();
      let r;
      try {
        r = session.run(ex.code, { echo: true });
      } finally {
        session.dispose();
      }
      const ms = performance.now() - t0;
      timings.push([ms, ex.id]);
      if (ms > PER_EXAMPLE_BUDGET_MS) failures.push(`${ex.id}: took ${Math.round(ms)} ms`);
      if (ex.expectError) {
        if (!r.error) failures.push(`${ex.id}: expected an error at the end, ran cleanly`);
        else if (engineLacks(r.error) && !/view size is not compatible/.test(r.error)) lacking.push(`${ex.id}: ${r.error}`);
        continue;
      }
      if (r.error) {
        if (engineLacks(r.error)) lacking.push(`${ex.id} (line ${r.line}): ${r.error}`);
        else failures.push(`${ex.id} (line ${r.line}): ${r.error}`);
      }
    }
    if (failures.length) throw new Error(failures.join('\n'));
  });
  timings.sort((a, b) => b[0] - a[0]);
  results.info(`slowest examples: ${timings.slice(0, 3).map(([ms, id]) => `${id} ${Math.round(ms)} ms`).join(', ')}`);
  if (lacking.length) {
    results.info(`${lacking.length} example(s) use features this engine build lacks (not failed):`);
    for (const l of lacking) results.info(`  ${l.split('\n')[0]}`);
  }
}
