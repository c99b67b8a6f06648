// Cold start in Node: from before the package is imported to the first result.
// Prints {ms} (one measurement; the caller runs it in fresh processes).
import { pathToFileURL } from 'node:url';
const t0 = performance.now();
const { init } = await import(pathToFileURL(process.argv[2]).href);
const lib = await init();
const s = lib.session();
const r = s.run('import numpy as np\nprint(np.arange(10).sum())');
const ms = performance.now() - t0;
if (r.stdout.trim() !== '45') throw new Error('unexpected first result: ' + JSON.stringify(r));
process.stdout.write(JSON.stringify({ ms }));
