#!/usr/bin/env node
// Regenerates the seed corpora in tests/fuzz/corpus/<target>/ (checked in; run
// again only when the oracle or the gallery changes much):
//   parse:   the conformance oracle's programs and the gallery examples, as text;
//   eval:    the same programs with a leading '#' comment line (fuzz_eval's
//            source mode) plus grammar-mode inputs from a fixed pseudo-random
//            stream;
//   overlap: fixed pseudo-random inputs (two layouts over one storage each).
// Files whose name starts with "regress-" are findings kept as regression
// tests; this script never deletes them.
//   node tests/fuzz/make_corpus.mjs
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const oracle = path.join(root, '..', 'shared', 'conformance', 'oracle.jsonl');
const examples = path.join(root, 'web', 'examples', 'examples.json');

const programs = [];
for (const line of fs.readFileSync(oracle, 'utf8').split('\n').filter(Boolean)) {
  const c = JSON.parse(line);
  programs.push({ id: c.id, code: c.code });
}
for (const e of JSON.parse(fs.readFileSync(examples, 'utf8')).examples) programs.push({ id: `example/${e.id}`, code: e.code });

// xorshift32: the same bytes on every run, so regeneration is a no-op diff.
let state = 0x2545f491;
const rnd = () => { state ^= state << 13; state >>>= 0; state ^= state >>> 17; state ^= state << 5; state >>>= 0; return state; };
const bytes = (n) => Buffer.from(Array.from({ length: n }, () => rnd() & 0xff));

function reset(target) {
  const dir = path.join(here, 'corpus', target);
  fs.mkdirSync(dir, { recursive: true });
  for (const f of fs.readdirSync(dir)) if (!f.startsWith('regress-')) fs.rmSync(path.join(dir, f));
  return dir;
}
const name = (buf) => crypto.createHash('sha1').update(buf).digest('hex').slice(0, 16);
const put = (dir, buf) => fs.writeFileSync(path.join(dir, name(buf)), buf);

const parseDir = reset('parse');
for (const p of programs) put(parseDir, Buffer.from(p.code));
const evalDir = reset('eval');
for (const p of programs) put(evalDir, Buffer.from(`# ${p.id}\n${p.code}`));
for (let k = 0; k < 64; ++k) {
  const b = bytes(64 + (rnd() % 448));
  if (b[0] === 0x23) b[0] = 0;  // grammar mode, not source mode
  put(evalDir, b);
}
const overlapDir = reset('overlap');
for (let k = 0; k < 128; ++k) put(overlapDir, bytes(8 + (rnd() % 40)));

for (const t of ['parse', 'eval', 'overlap']) {
  const dir = path.join(here, 'corpus', t);
  const files = fs.readdirSync(dir);
  const size = files.reduce((s, f) => s + fs.statSync(path.join(dir, f)).size, 0);
  console.log(`${t}: ${files.length} files, ${(size / 1024).toFixed(1)} KB`);
}
