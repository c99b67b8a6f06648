// The house's walls, as a test: core/ has no include cycle between modules and
// no include against the wing order (scripts/include-cycles.mjs, README
// "Layout"); the build enforces the same order through each wing's include path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../scripts/include-cycles.mjs', import.meta.url));

test('core/ has no include cycle and every include keeps the wing order', () => {
  let out;
  try {
    out = execFileSync(process.execPath, [script], { encoding: 'utf8' });
  } catch (e) {
    assert.fail(`include-cycles.mjs reported problems:\n${e.stdout}`);
  }
  assert.match(out, /no include cycles between the \d+ modules of core\//);
});
