#!/usr/bin/env node
// Regenerates the seed corpora in tests/fuzz/corpus/<target>/ (checked in; run
// again only when the oracle or the gallery changes much):
//   parse:   the conformance oracle's programs and the gallery examples, as text;
//   eval:    the same programs with a leading '#' comment line (fuzz_eval's
//            source mode) plus grammar-mode inputs from a fixed pseudo-random
//            stream;
//   overlap: fixed pseudo-random inputs (two layouts over one storage each);
//   lang:    the language corpus's programs about the interpreter's hazards
//            (tests/tools/lang/corpus: LANG_TOPICS below) with a leading '#'
//            comment line (fuzz_lang's source mode) plus grammar-mode inputs.
// Files whose name starts with "regress-" are findings kept as regression
// tests; this script never deletes them.
//   node tests/fuzz/make_corpus.mjs [TARGET...]   (every target without names)
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
// dir null: a target not being regenerated, whose draws still advance the stream.
const put = (dir, buf) => { if (dir) fs.writeFileSync(path.join(dir, name(buf)), buf); };

const LANG_TOPICS = ['hostile', 'recursion', 'finalize', 'generators', 'unicode_ident', 'unicode_str', 'codecs',
  'bytearray', 'bytes', 'memoryview', 'hashing', 'datamodel', 'sorting', 'mod_weakref', 'with_exits', 'mod_unicodedata'];

// The programs of the language corpus's files (`### name` starts one; `## topic` switches topic).
function langPrograms() {
  const out = [];
  const dir = path.join(root, 'tests', 'tools', 'lang', 'corpus');
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.txt')).sort()) {
    let topic = file.replace(/\.txt$/, '');
    let cur = null;
    const flush = () => { if (cur && LANG_TOPICS.includes(cur.topic)) out.push({ id: `${cur.topic}/${cur.name}`, code: cur.lines.join('\n').replace(/\n+$/, '') + '\n' }); };
    for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      if (line.startsWith('## ')) { topic = line.slice(3).trim(); continue; }
      if (line.startsWith('###')) { flush(); cur = { topic, name: line.slice(3).trim(), lines: [] }; continue; }
      if (cur) cur.lines.push(line);
    }
    flush();
  }
  return out;
}

// Grammar-mode inputs: bytes from the fixed stream, never starting with '#'.
function grammarInputs(dir, n, min, spread) {
  for (let k = 0; k < n; ++k) {
    const b = bytes(min + (rnd() % spread));
    if (b[0] === 0x23) b[0] = 0;
    put(dir, b);
  }
}

const TARGETS = {
  parse: (dir) => { for (const p of programs) put(dir, Buffer.from(p.code)); },
  eval: (dir) => {
    for (const p of programs) put(dir, Buffer.from(`# ${p.id}\n${p.code}`));
    grammarInputs(dir, 64, 64, 448);
  },
  overlap: (dir) => { for (let k = 0; k < 128; ++k) put(dir, bytes(8 + (rnd() % 40))); },
  lang: (dir) => {
    for (const p of langPrograms()) put(dir, Buffer.from(`# ${p.id}\n${p.code}`));
    grammarInputs(dir, 64, 64, 960);
  },
};

const chosen = process.argv.slice(2);
for (const t of chosen) if (!TARGETS[t]) { console.error(`unknown target ${t} (${Object.keys(TARGETS).join(', ')})`); process.exit(2); }
// One stream for all targets in this order (lang last): a target not named still draws
// its bytes, so regenerating one leaves the others' files as they were.
for (const [t, make] of Object.entries(TARGETS)) {
  if (chosen.length && !chosen.includes(t)) { make(null); continue; }
  make(reset(t));
  const dir = path.join(here, 'corpus', t);
  const files = fs.readdirSync(dir);
  const size = files.reduce((s, f) => s + fs.statSync(path.join(dir, f)).size, 0);
  console.log(`${t}: ${files.length} files, ${(size / 1024).toFixed(1)} KB`);
}
