// Deep programs in Node's main thread, through the package (issue 29 item 2):
// each ends as the reference ends it -- a value, or the RecursionError CPython
// raises -- and none throws out of run(); the session and the engine stay
// usable after each. The same programs run in the page's worker in Chromium
// (tests/browser/deep.mjs).
import test from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../wasm/index.js';
import { DEEP_PROGRAMS, AFTER } from './fixtures/deep/programs.mjs';

const RECURSION = /^maximum recursion depth exceeded/;

export function checkDeep(p, r) {
  const last = r.error ?? r.stdout.trimEnd().split("\n").pop();
  if (p.expectError) return assert.equal(last, p.expectError, p.name);
  assert.equal(r.error, null, `${p.name}: ${last}`);
  if (p.stackBound && RECURSION.test(last)) return;  // Note [Recursion depth]: V8's stack, not CPython's frames
  assert.equal(last, p.expect, p.name);
}

test('deep programs end as CPython ends them, in Node\'s main thread', async () => {
  const lib = await init();
  const s = lib.session();
  for (const p of DEEP_PROGRAMS) {
    let r;
    assert.doesNotThrow(() => { r = s.run(p.code); }, p.name);
    checkDeep(p, r);
    assert.equal(s.run(AFTER.code).stdout.trim(), AFTER.expect, `the session after "${p.name}"`);
  }
  s.dispose();
});
