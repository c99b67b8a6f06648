#!/usr/bin/env node
// Bundles the playground page (web/src/main.js + CodeMirror 6) into web/dist/, and the
// documentation embed (web/src/embed/index.js, loaded by web/embed.js) into
// web/dist/embed.js with its own chunks (the memory inspector, loaded when a cell's
// inspector is opened).
//
//   node scripts/build-web.mjs          # one minified build with a sourcemap
//   node scripts/build-web.mjs --watch  # rebuild on change
//
// The worker (web/src/runner/worker.js) is not bundled: it only imports the package's own
// ES module (/pkg/wasm/index.js) and is served as is at /src/runner/worker.js. The
// <stride-lab> element (web/widget/stride-lab.js) is not bundled either.
//
// The memory inspector (web/src/inspector/, another module with its own schedule) is
// reached through the virtual module 'stridelab:inspector': when its index.js exists
// it is an entry of the page's build (web/dist/inspector.js, loaded lazily), otherwise
// the page is built without it. Either way this build succeeds. The embed loads the
// same web/dist/inspector.js (and the chunks it imports) rather than a copy of its own:
// the package ships the inspector once (133 KB less, 39.7 KB gzipped).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'web/dist');

const inspectorPlugin = {
  name: 'stridelab-inspector',
  setup(build) {
    build.onResolve({ filter: /^stridelab:inspector$/ }, () => ({ path: 'inspector', namespace: 'stridelab' }));
    build.onLoad({ filter: /.*/, namespace: 'stridelab' }, () => {
      const index = path.join(root, 'web/src/inspector/index.js');
      const i18n = path.join(root, 'web/src/inspector/i18n.js');
      const css = path.join(root, 'web/inspector.css');
      const lines = [];
      if (fs.existsSync(index)) {
        lines.push('export const available = true;');
        lines.push(`export const load = () => import(${JSON.stringify(index)});`);
        lines.push(fs.existsSync(i18n)
          ? `export const loadMessages = () => import(${JSON.stringify(i18n)});`
          : 'export const loadMessages = async () => null;');
      } else {
        lines.push('export const available = false;');
        lines.push('export const load = async () => null;');
        lines.push('export const loadMessages = async () => null;');
      }
      lines.push(`export const css = ${fs.existsSync(css) ? '"inspector.css"' : 'null'};`);
      return {
        contents: lines.join('\n'),
        resolveDir: path.join(root, 'web/src'),
        // Rebuild in --watch mode when the inspector appears or changes.
        watchFiles: [index, i18n, css].filter((f) => fs.existsSync(f)),
        watchDirs: [path.join(root, 'web/src')],
      };
    });
  },
};

const inspectorIndex = path.join(root, 'web/src/inspector/index.js');
const options = {
  absWorkingDir: root,
  entryPoints: { main: 'web/src/main.js', ...(fs.existsSync(inspectorIndex) ? { inspector: inspectorIndex } : {}) },
  outdir: 'web/dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  target: ['es2020'],
  minify: !process.env.STRIDELAB_NO_MINIFY,
  sourcemap: true,
  legalComments: 'linked',
  logLevel: 'warning',
  chunkNames: 'chunk-[name]-[hash]',
  plugins: [inspectorPlugin],
};

// The embed is a build of its own: the playground's bundle must not gain a shared
// chunk on its first result's path, nor the embed the playground's editor. Its one
// import of the inspector (web/src/embed/page.js) is the page build's entry.
const sharedInspectorPlugin = {
  name: 'stridelab-shared-inspector',
  setup(build) {
    build.onResolve({ filter: /\/inspector\/index\.js$/ }, (args) => (
      path.resolve(args.resolveDir, args.path) === inspectorIndex ? { path: './inspector.js', external: true } : undefined));
  },
};
const embedOptions = {
  ...options,
  entryPoints: { embed: 'web/src/embed/index.js' },
  chunkNames: 'chunk-embed-[name]-[hash]',
  plugins: [sharedInspectorPlugin],
};

// Chunks carry content hashes: drop the ones an earlier build left behind.
function removeOldChunks() {
  if (!fs.existsSync(outdir)) return;
  for (const f of fs.readdirSync(outdir)) {
    if (/^chunk-.*\.js(\.map)?$/.test(f)) fs.rmSync(path.join(outdir, f));
  }
}

try {
  if (process.argv.includes('--watch')) {
    for (const o of [options, embedOptions]) {
      const ctx = await esbuild.context({ ...o, logLevel: 'info' });
      await ctx.watch();
    }
  } else {
    removeOldChunks();
    for (const o of [options, embedOptions]) {
      const result = await esbuild.build(o);
      if (result.errors.length) process.exit(1);
    }
  }
} catch {
  // esbuild has already printed the diagnostics.
  process.exit(1);
}
