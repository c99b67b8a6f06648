// Issue 28: no function in web/ is longer than 80 lines, as measured by
// scripts/function-lengths.mjs (also run by hand: node scripts/function-lengths.mjs web).
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
