#!/usr/bin/env node
// Where the engine's download goes: section sizes (raw and gzip -9) of a .wasm
// and, when it carries a name section, code bytes per function grouped by
// source file and by C++ name.
//
//   node scripts/wasm-size.mjs FILE.wasm [--lib libstridelab_core.a] [--top N] [--tsv OUT]
//
// Function names need a link with --profiling-funcs, e.g. a private tree:
//   emcmake cmake -S . -B build/sizeX -DCMAKE_BUILD_TYPE=Release \
//     -DSTRIDELAB_DIST_DIR=$PWD/build/sizeX/pkg/dist -DCMAKE_EXE_LINKER_FLAGS=--profiling-funcs
// The build ships the engine split in two (Note [Two-part engine] in wasm/index.js) and
// keeps the whole engine beside the parts: measure dist/stridelab-core.full.wasm.
// --lib maps each function to the object file (source) that defines it, from
// `llvm-nm -C --defined-only` of the static library and, when the library is
// in its CMake tree, CMake's object list (members of the same name told apart).
// The name section is not part of the shipped size: the totals leave it out.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';

const args = process.argv.slice(2);
const opt = (n, d) => (args.includes(n) ? args[args.indexOf(n) + 1] : d);
const file = args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--')));
if (!file) {
  console.error('usage: node scripts/wasm-size.mjs FILE.wasm [--lib LIB.a] [--top N] [--tsv OUT]');
  process.exit(2);
}
const top = Number(opt('--top', 30));
const b = fs.readFileSync(file);
const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;

function leb(i) {
  let r = 0, s = 0, x;
  do {
    x = b[i++];
    r += (x & 0x7f) * 2 ** s;
    s += 7;
  } while (x & 0x80);
  return [r, i];
}
const NAMES = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'elem', 'code', 'data', 'datacount', 'tag'];
const sections = [];
for (let i = 8; i < b.length;) {
  const id = b[i];
  const [n, j] = leb(i + 1);
  let label = NAMES[id] ?? String(id);
  if (id === 0) {
    const [ln, k] = leb(j);
    label = 'custom:' + b.subarray(k, k + ln).toString();
  }
  sections.push({ id, label, off: j, size: n });
  i = j + n;
}

let nImports = 0;
const names = new Map();
const bodies = [];
for (const s of sections) {
  let j = s.off;
  if (s.id === 2) {
    let cnt;
    [cnt, j] = leb(j);
    for (let k = 0; k < cnt; ++k) {
      let l;
      [l, j] = leb(j); j += l;
      [l, j] = leb(j); j += l;
      const kind = b[j++];
      if (kind === 0) { [, j] = leb(j); ++nImports; }
      else if (kind === 1) { j += 1; let fl; [fl, j] = leb(j); [, j] = leb(j); if (fl & 1) [, j] = leb(j); }
      else if (kind === 2) { let fl; [fl, j] = leb(j); [, j] = leb(j); if (fl & 1) [, j] = leb(j); }
      else if (kind === 3) j += 2;
      else if (kind === 4) { j += 1; [, j] = leb(j); }
    }
  } else if (s.id === 10) {
    let cnt;
    [cnt, j] = leb(j);
    for (let f = 0; f < cnt; ++f) {
      let sz;
      [sz, j] = leb(j);
      bodies.push({ index: nImports + f, off: j, size: sz });
      j += sz;
    }
  } else if (s.label === 'custom:name') {
    let ln;
    [ln, j] = leb(j);
    j += ln;
    while (j < s.off + s.size) {
      const sub = b[j];
      let sl;
      [sl, j] = leb(j + 1);
      const end = j + sl;
      if (sub === 1) {
        let cnt, k = j;
        [cnt, k] = leb(k);
        for (let q = 0; q < cnt; ++q) {
          let idx, nl;
          [idx, k] = leb(k);
          [nl, k] = leb(k);
          names.set(idx, b.subarray(k, k + nl).toString());
          k += nl;
        }
      }
      j = end;
    }
  }
}

const pad = (x, n) => String(x).padStart(n);
let names_bytes = 0;
console.log('section                        bytes      gzip');
for (const s of sections) {
  const body = b.subarray(s.off, s.off + s.size);
  console.log(`${s.label.padEnd(24)} ${pad(s.size, 11)} ${pad(gz(body), 9)}`);
  if (s.label === 'custom:name') names_bytes = s.size;
}
console.log(`${'total (file)'.padEnd(24)} ${pad(b.length, 11)} ${pad(gz(b), 9)}`);
if (names_bytes) console.log(`(the name section, ${names_bytes} bytes, is not shipped: measure the gzip size on a build without --profiling-funcs)`);
if (!names.size) process.exit(0);

// Function -> source file, from the static library's symbols.
const owner = new Map();
const lib = opt('--lib', null);
if (lib) {
  const buildMake = path.join(path.dirname(lib), 'CMakeFiles', 'stridelab_core.dir', 'build.make');
  const objs = fs.existsSync(buildMake)
    ? [...new Set(fs.readFileSync(buildMake, 'utf8').match(/stridelab_core\.dir\/[^ :\n]+\.o\b/g))].map((p) => p.replace('stridelab_core.dir/', '').replace(/\.o$/, ''))
    : [];
  const nm = execFileSync('llvm-nm', ['-C', '--defined-only', lib], { maxBuffer: 1 << 28 }).toString();
  let idx = -1, member = '';
  for (const line of nm.split('\n')) {
    if (line.endsWith('.o:')) { ++idx; member = line.replace(/^.*\(|\)?:$/g, ''); continue; }
    const m = /^\S*\s+([tTwW])\s+(.*)$/.exec(line);
    if (!m) continue;
    const src = objs[idx] ?? member;
    if (!owner.has(m[2]) || m[1] === 'T') owner.set(m[2], src);
  }
}

const rows = bodies.map((f) => ({ name: names.get(f.index) ?? `f${f.index}`, size: f.size }));
const fileOf = (n) => owner.get(n) ?? (/^(std::|void std::|bool std::|int std::|unsigned long std::)/.test(n) ? '(libc++)' : /^[_a-z0-9]+$/.test(n) ? '(libc / runtime)' : '(other)');
const group = (key) => {
  const m = new Map();
  for (const r of rows) {
    const k = key(r.name);
    const g = m.get(k) ?? { size: 0, n: 0 };
    g.size += r.size;
    g.n += 1;
    m.set(k, g);
  }
  return [...m].sort((x, y) => y[1].size - x[1].size);
};
const codeTotal = rows.reduce((s, r) => s + r.size, 0);
console.log(`\ncode: ${codeTotal} bytes in ${rows.length} functions`);
if (lib) {
  console.log('\nby source file (code bytes, functions)');
  for (const [k, g] of group(fileOf).slice(0, top)) console.log(`${pad(g.size, 9)} ${pad(g.n, 5)}  ${k}`);
}
console.log('\nby name prefix (code bytes, functions)');
const prefix = (n) => {
  const s = n.replace(/^(decltype\(auto\)|void|bool|int|long long|double|float|auto) /, '').replace(/std::__2::/g, 'std::');
  const m = /^((?:[A-Za-z_][\w]*::){1,2})(\w+)/.exec(s);
  return m ? m[1] + m[2] : s.slice(0, 40);
};
for (const [k, g] of group(prefix).slice(0, top)) console.log(`${pad(g.size, 9)} ${pad(g.n, 5)}  ${k}`);
console.log('\nlargest functions');
for (const r of [...rows].sort((x, y) => y.size - x.size).slice(0, top)) console.log(`${pad(r.size, 9)}  ${r.name.replace(/std::__2::/g, 'std::').slice(0, 160)}`);
const tsv = opt('--tsv', null);
if (tsv) fs.writeFileSync(tsv, rows.map((r) => `${r.size}\t${fileOf(r.name)}\t${r.name}`).join('\n') + '\n');
