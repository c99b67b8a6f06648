// What holds for the whole of web/: it re-implements no engine rule (the page renders
// the engine's answers), and (issue 28) no function in it is longer than 80 lines, as
// scripts/function-lengths.mjs measures (also run by hand: node scripts/function-lengths.mjs web).
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { functionLengths, sourceFiles } from '../../../scripts/function-lengths.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');


test('the counter measures from the first line to the last, nested functions inside their holder', () => {
  const text = [
    'export function outer() {',        // 1
    '  const inner = () => {',          // 2
    '    return `}`;',                  // 3: a brace in a template is not the end
    '  };',                             // 4
    '  return /}/.test(inner());',      // 5: nor one in a regular expression
    '}',                                // 6
    'class A { method() { return 1; } }',
  ].join('\n');
  const found = functionLengths('x.js', text).map(({ name, line, lines }) => [name, line, lines]);
  assert.deepEqual(found, [['outer', 1, 6], ['inner', 2, 3], ['method', 7, 1]]);
});

test('no function in web/ is over 80 lines', () => {
  const files = sourceFiles(path.join(root, 'web'));
  assert.ok(files.some((f) => f.endsWith(path.join('web', 'src', 'main.js'))), 'web/src/main.js is measured');
  assert.ok(!files.some((f) => f.includes(`${path.sep}dist${path.sep}`)), 'the built bundle is not measured');
  const long = files.flatMap((f) => functionLengths(f, fs.readFileSync(f, 'utf8')))
    .filter((f) => f.lines > 80)
    .map((f) => `${f.lines} ${path.relative(root, f.file)}:${f.line} ${f.name}`);
  assert.deepEqual(long, []);
});

test('view-or-copy: web/src holds no layout, indexing or reshape rule', async () => {
  const fs = await import('node:fs');
  const dir = path.join(root, 'web/src');
  // Every folder of the page (runner/, editor/, panels/, quiz/, inspector/, ...).
  const files = fs.readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.js'));
  assert.ok(files.length > 20 && files.includes(path.join('quiz', 'cards.js')), `web/src read: ${files}`);
  assert.ok(!files.some((f) => path.basename(f).startsWith('viewcopy')), `viewcopy*.js present: ${files}`);
  const banned = /nocopyReshape|basicIndexLayout|isCContiguous|isFContiguous|computeStride\s*\(|sliceLength|followLayout/;
  const hits = files.filter((f) => banned.test(fs.readFileSync(path.join(dir, f), 'utf8')));
  assert.deepEqual(hits, [], 'files re-implementing engine rules');
});
