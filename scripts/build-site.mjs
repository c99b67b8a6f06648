#!/usr/bin/env node
// Writes the static site: one folder that any static file host serves as it is, from
// its root or from any sub-path (GitHub Pages' /<project>/), with no server code.
//
//   node scripts/build-site.mjs [--out DIR]     # default build/site
//
// Layout (the same as scripts/serve.mjs serves, so every URL between the files is
// relative and means the same in both):
//   index.html, style.css, favicon.svg, inspector.css   the playground
//   dist/                                               its bundle, and the embed's (dist/embed.js)
//   embed.js, embed.css                                 the documentation embed (docs/embedding.md)
//   src/runner/worker.js                                the engine's worker (unbundled)
//   widget/ (+ src/runner/engine.js, src/share/link.js) the <stride-lab> element
//   examples/examples.json                              the gallery
//   pkg/wasm/index.js, pkg/dist/stridelab-core.*        the engine (the npm package's files)
//   manifest.webmanifest, sw.js                         offline use (web/sw.js)
// A host that serves .wasm with another MIME type than application/wasm still works:
// the engine's loader compiles from the bytes when streaming compilation refuses it
// (wasm/index.js compileUrl). Source maps are left out.

import fs from 'node:fs';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const WEB_FILES = [
  'index.html', 'style.css', 'favicon.svg', 'inspector.css', 'embed.js', 'embed.css',
  'src/runner/worker.js', 'src/runner/boot.js', 'src/runner/engine.js', 'src/share/link.js',
  'widget/stride-lab.js', 'widget/stride-lab.css', 'examples/examples.json',
];
const PKG_FILES = ['wasm/index.js', 'dist/stridelab-core.mjs', 'dist/stridelab-core.wasm', 'dist/stridelab-core.deferred.wasm'];

function packageVersion() {
  return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
}

function copy(from, to) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.copyFileSync(from, to);
}

/**
 * Writes the site into `out` (emptied first); returns the list of files written.
 * `release` (default: the package's version) goes into the build id with the files.
 */
export function buildSite({ out = path.join(root, 'build', 'site'), release = packageVersion() } = {}) {
  const missing = [...PKG_FILES, 'web/dist/main.js', 'web/dist/embed.js'].filter((f) => !fs.existsSync(path.join(root, f)));
  if (missing.length) {
    throw new Error(`missing ${missing.join(', ')}: build the engine and the page first (scripts/stridelab.sh page)`);
  }
  fs.rmSync(out, { recursive: true, force: true });
  const written = [];
  for (const f of WEB_FILES) {
    copy(path.join(root, 'web', f), path.join(out, f));
    written.push(f);
  }
  for (const f of fs.readdirSync(path.join(root, 'web', 'dist'))) {
    if (!/\.(js|css|txt)$/.test(f)) continue;
    copy(path.join(root, 'web', 'dist', f), path.join(out, 'dist', f));
    written.push(`dist/${f}`);
  }
  for (const f of PKG_FILES) {
    copy(path.join(root, f), path.join(out, 'pkg', f));
    written.push(`pkg/${f}`);
  }
  written.push(...writeOffline(out, written, release));
  // GitHub Pages runs Jekyll over a folder unless told not to.
  fs.writeFileSync(path.join(out, '.nojekyll'), '');
  return written;
}

// Offline use (web/sw.js, web/src/runner/offline.js): the playground links the web app
// manifest, and sw.js gets the build's id (a hash of every file it caches, so that a
// new release is a new sw.js) and the list of files to cache.
function writeOffline(out, files, release) {
  const index = path.join(out, 'index.html');
  const html = fs.readFileSync(index, 'utf8');
  const link = '<link rel="manifest" href="manifest.webmanifest">\n  <meta name="theme-color" content="#4453d6">';
  if (!html.includes('<link rel="icon"')) throw new Error('web/index.html has no <link rel="icon"> to put the manifest after');
  fs.writeFileSync(index, html.replace(/(<link rel="icon"[^>]*>)/, `$1\n  ${link}`));
  copy(path.join(root, 'web', 'manifest.webmanifest'), path.join(out, 'manifest.webmanifest'));
  const cached = [...files, 'manifest.webmanifest'].filter((f) => !f.endsWith('.txt')).sort();
  const hash = crypto.createHash('sha256').update(String(release)).update('\0');
  for (const f of cached) hash.update(f).update('\0').update(fs.readFileSync(path.join(out, f)));
  const build = hash.digest('hex').slice(0, 16);
  const sw = fs.readFileSync(path.join(root, 'web', 'sw.js'), 'utf8')
    .replace("'__STRIDELAB_BUILD__'", JSON.stringify(build))
    .replace('__STRIDELAB_FILES__', JSON.stringify(cached));
  fs.writeFileSync(path.join(out, 'sw.js'), sw);
  return ['manifest.webmanifest', 'sw.js'];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--out');
  const out = i > 0 ? path.resolve(process.argv[i + 1]) : undefined;
  const files = buildSite({ out });
  console.log(`static site: ${files.length} files in ${path.relative(process.cwd(), out ?? path.join(root, 'build', 'site')) || '.'}`);
}
