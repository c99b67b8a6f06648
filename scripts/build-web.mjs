#!/usr/bin/env node
// Bundles the playground page (web/src/main.js + CodeMirror 6) into web/dist/.
//
//   node scripts/build-web.mjs          # one minified build with a sourcemap
//   node scripts/build-web.mjs --watch  # rebuild on change
//
// The worker (web/src/worker.js) is not bundled: it only imports the package's own
// ES module (/pkg/wasm/index.js) and is served as is at /src/worker.js.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const options = {
  absWorkingDir: root,
  entryPoints: ['web/src/main.js'],
  outdir: 'web/dist',
  bundle: true,
  format: 'esm',
  target: ['es2020'],
  minify: true,
  sourcemap: true,
  legalComments: 'linked',
  logLevel: 'warning',
};

try {
  if (process.argv.includes('--watch')) {
    const ctx = await esbuild.context({ ...options, logLevel: 'info' });
    await ctx.watch();
  } else {
    const result = await esbuild.build(options);
    if (result.errors.length) process.exit(1);
  }
} catch {
  // esbuild has already printed the diagnostics.
  process.exit(1);
}
