// web/src/editor/: the run history (history.js) and the saved program (code-store.js),
// over a storage in memory.
import test from 'node:test';
import assert from 'node:assert/strict';
import { RunHistory } from '../../../web/src/editor/history.js';
import { createCodeStore, CODE_KEY, DEFAULT_PROGRAM } from '../../../web/src/editor/code-store.js';
import { MemoryStorage } from '../lib/memory-storage.mjs';

test('history: back/forward, the draft, duplicates, persistence', async () => {
  const storage = new MemoryStorage();
  const h = new RunHistory({ storage });
  h.push('a = 1');
  h.push('b = 2');
  h.push('b = 2');
  assert.deepEqual(h.entries, ['a = 1', 'b = 2'], 'entries');
  assert.deepEqual(h.back('draft'), 'b = 2', 'back 1');
  assert.deepEqual(h.back('b = 2'), 'a = 1', 'back 2');
  assert.deepEqual(h.back('a = 1'), null, 'at the oldest');
  assert.deepEqual(h.forward(), 'b = 2', 'forward');
  assert.deepEqual(h.forward(), 'draft', 'draft back');
  assert.deepEqual(h.forward(), null, 'not navigating');
  assert.deepEqual(h.back('b = 2'), 'a = 1', 'skips the entry on screen');
  assert.deepEqual(new RunHistory({ storage }).entries, ['a = 1', 'b = 2'], 'persisted');
});

test('code store: the last of a burst of edits is saved; no storage keeps nothing', async () => {
  const storage = new MemoryStorage();
  const store = createCodeStore(storage, { delayMs: 5 });
  assert.equal(store.read(), null);
  store.save('a = 1');
  store.save('a = 12');
  assert.equal(storage.getItem(CODE_KEY), null, 'not before the pause');
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(storage.getItem(CODE_KEY), 'a = 12');
  assert.equal(createCodeStore(storage).read(), 'a = 12', 'read back by the next visit');
  const refusing = { getItem() { throw new Error('denied'); }, setItem() { throw new Error('quota'); } };
  const none = createCodeStore(refusing, { delayMs: 1 });
  assert.equal(none.read(), null);
  none.save('x');
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(createCodeStore(null).read(), null);
  assert.match(DEFAULT_PROGRAM, /^import numpy as np\n/);
});
