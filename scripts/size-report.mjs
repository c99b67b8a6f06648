#!/usr/bin/env node
// Where the shipped engine's bytes are (issue 35 goal 3): every number raw and gzip -9.
//
//   node scripts/size-report.mjs [DIST_DIR] [--pack] [--objects BUILD_DIR]
//
//  1. the engine's files (the two parts the package ships, the glue, and the whole
//     engine the build keeps beside them for the size tools), and the two parts as
//     they would be with the deferred data in the first part;
//  2. each part's sections (code, data, the rest), and the data by where it comes
//     from: the deferred data (Note [Deferred data] in core/model/deferred_data.hpp;
//     the frozen Python modules found by their text, the rest of it the Unicode
//     tables) and the rest of the data (strings, the other tables);
//  3. with --objects BUILD_DIR (a wasm build tree): the data symbols of its object
//     files, by source file (llvm-readobj --symbols; before the link drops what
//     nothing uses, and .bss included);
//  4. with --pack: what `npm pack` puts in the tarball, by folder, and its size.
// Code by function (source file, C++ name) needs a build with a name section:
// scripts/wasm-size.mjs says how.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dataSegments, sections, withDataSegments } from './wasm-binary.mjs';
import { deferredSymbols } from './split-engine.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (n) => (args.includes(n) ? args[args.indexOf(n) + 1] : null);
const dist = path.resolve(args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1] === '--objects')) ?? path.join(ROOT, 'dist'));
const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const n = (x) => x.toLocaleString('en-US');
const row = (label, raw, z, extra = '') => console.log(`  ${label.padEnd(58)} ${n(raw).padStart(11)} ${n(z).padStart(10)}${extra}`);
const header = (title) => console.log(`\n${title}\n  ${''.padEnd(58)} ${'raw'.padStart(11)} ${'gzip -9'.padStart(10)}`);

const FILES = [
  ['stridelab-core.wasm', 'first part (shipped)'],
  ['stridelab-core.deferred.wasm', 'second part (shipped)'],
  ['stridelab-core.mjs', 'glue (shipped)'],
  ['stridelab-core.full.wasm', 'the whole engine (not shipped)'],
];
const bytesOf = {};
header(`1. engine files (${path.relative(process.cwd(), dist) || '.'})`);
for (const [f, label] of FILES) {
  const p = path.join(dist, f);
  if (!fs.existsSync(p)) continue;
  bytesOf[f] = fs.readFileSync(p);
  row(`${f}: ${label}`, bytesOf[f].length, gz(bytesOf[f]));
}
if (!bytesOf['stridelab-core.wasm']) {
  console.error(`no engine in ${dist}: build stridelab_module first`);
  process.exit(1);
}
// The parts as they would be with the deferred data in the first part (the split as it was
// before Note [Deferred data]): the second part's data segments put back.
if (bytesOf['stridelab-core.deferred.wasm']) {
  const first = bytesOf['stridelab-core.wasm'], second = bytesOf['stridelab-core.deferred.wasm'];
  const moved = dataSegments(second);
  if (moved.length) {
    const joined = withDataSegments(first, [...dataSegments(first), ...moved].sort((a, b) => a.address - b.address));
    const rest = withDataSegments(second, []);
    row('(first part with the deferred data in it)', joined.length, gz(joined));
    row('(second part without it)', rest.length, gz(rest));
  }
}

// The frozen modules' text, as embed.cmake embeds it (the file as scripts/frozen-strip.py
// wrote it into the wasm tree, then a NUL).
const strippedDir = path.join(ROOT, 'build/wasm/generated/frozen');
const frozenDir = fs.existsSync(strippedDir) ? strippedDir : path.join(ROOT, 'core/lang/frozen');
const frozen = fs.readdirSync(frozenDir).filter((f) => f.endsWith('.py')).sort()
  .map((f) => ({ f, text: Buffer.concat([fs.readFileSync(path.join(frozenDir, f)), Buffer.from([0])]) }));

function dataBreakdown(bytes, range) {
  const segs = dataSegments(bytes);
  const total = Buffer.concat(segs.map((s) => s.bytes));
  const outRange = [];
  // The range as memory holds it (zeros between segments), so that a text split
  // across segments is still found.
  const image = range ? Buffer.alloc(range[1] - range[0]) : Buffer.alloc(0);
  let inRange = 0;
  for (const s of segs) {
    const a = s.address, b = a + s.bytes.length;
    const lo = range ? Math.max(a, range[0]) : b, hi = range ? Math.min(b, range[1]) : b;
    if (lo < hi) {
      if (a < lo) outRange.push(s.bytes.subarray(0, lo - a));
      image.set(s.bytes.subarray(lo - a, hi - a), lo - range[0]);
      inRange += hi - lo;
      if (hi < b) outRange.push(s.bytes.subarray(hi - a));
    } else outRange.push(s.bytes);
  }
  const found = inRange ? frozen.filter((m) => image.indexOf(m.text) >= 0) : [];
  const frozenText = Buffer.concat(found.map((m) => m.text));
  return { total, deferred: inRange ? image : Buffer.alloc(0), other: Buffer.concat(outRange), frozenText, frozenFound: found.length };
}

const range = (() => {
  const c = deferredSymbols(path.join(dist, 'stridelab-core.mjs'));
  return c.__start_sl_deferred != null ? [c.__start_sl_deferred, c.__stop_sl_deferred] : null;
})();
for (const [f, label] of FILES) {
  const b = bytesOf[f];
  if (!b || !f.endsWith('.wasm')) continue;
  header(`2. ${f} (${label})`);
  const secs = sections(b);
  let rest = [];
  for (const s of secs) {
    const body = b.subarray(s.from, s.to);
    if (s.id === 10) row('code section', body.length, gz(body));
    else if (s.id === 11) row('data section', body.length, gz(body));
    else rest.push(body);
  }
  const restBytes = Buffer.concat(rest);
  row('the other sections (types, imports, exports, tables, ...)', restBytes.length, gz(restBytes));
  const d = dataBreakdown(b, range);
  if (!d.total.length) continue;
  if (d.deferred.length) {
    row(`  deferred data (${range[0]}..${range[1]})`, d.deferred.length, gz(d.deferred));
    row(`    frozen Python modules (${d.frozenFound} of ${frozen.length} found)`, d.frozenText.length, gz(d.frozenText));
    const unicode = d.deferred.length - d.frozenText.length;
    row('    the rest of it: the Unicode tables', unicode, gz(d.deferred) - gz(d.frozenText), ' (gzip: the difference)');
  } else if (range) {
    console.log('    (no deferred data in this part)');
  }
  row('  the rest of the data (strings, other tables)', d.other.length, gz(d.other));
}

const objects = opt('--objects');
if (objects) {
  console.log(`\n3. data symbols of the objects in ${objects} (llvm-readobj --symbols), bytes by source file`);
  const objs = execFileSync('find', [objects, '-name', '*.o', '-path', '*CMakeFiles*'], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  const bySource = new Map();
  for (const o of objs) {
    const out = execFileSync('llvm-readobj', ['--symbols', o], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const src = o.replace(/^.*CMakeFiles\/[^/]+\.dir\//, '').replace(/\.o$/, '');
    // Symbol blocks: Name, Type: DATA, ..., Size (defined data symbols only; .bss is included
    // here, though it holds no bytes in the .wasm)
    for (const m of out.matchAll(/Name: (\S+)\s+Type: DATA[\s\S]*?(?:Size: 0x([0-9A-Fa-f]+)|\n  \})/g)) {
      if (!m[2]) continue;
      const e = bySource.get(src) ?? { size: 0, top: [] };
      e.size += parseInt(m[2], 16);
      e.top.push([parseInt(m[2], 16), m[1]]);
      bySource.set(src, e);
    }
  }
  for (const [src, e] of [...bySource].sort((x, y) => y[1].size - x[1].size).slice(0, 25)) {
    const top = e.top.sort((x, y) => y[0] - x[0]).slice(0, 3).map(([s, name]) => `${name.slice(0, 40)} ${n(s)}`).join(', ');
    console.log(`  ${n(e.size).padStart(9)}  ${src}: ${top}`);
  }
}

if (args.includes('--pack')) {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const p = JSON.parse(out)[0];
  console.log(`\n4. npm pack: ${p.filename}: ${n(p.size)} bytes packed (${n(p.unpackedSize)} unpacked, ${p.entryCount} files); budget 2 MiB = 2,097,152`);
  const groups = new Map();
  for (const f of p.files) {
    const g = f.path.startsWith('web/dist/') ? 'web/dist/' : f.path.includes('/') ? f.path.split('/')[0] + '/' : f.path;
    const e = groups.get(g) ?? { size: 0, gz: 0, files: 0 };
    e.size += f.size;
    e.gz += gz(fs.readFileSync(path.join(ROOT, f.path)));
    e.files += 1;
    groups.set(g, e);
  }
  console.log(`  ${'folder'.padEnd(58)} ${'raw'.padStart(11)} ${'gzip -9'.padStart(10)} files`);
  for (const [g, e] of [...groups].sort((x, y) => y[1].size - x[1].size)) row(g, e.size, e.gz, `  ${e.files}`);
  for (const f of p.files.sort((a, b) => b.size - a.size).slice(0, 12)) row(`  ${f.path}`, f.size, gz(fs.readFileSync(path.join(ROOT, f.path))));
}
