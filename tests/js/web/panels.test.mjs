// web/src/panels/snapshots.js: the memory pane's snapshot and its drawing, which a
// later snapshot or a timeline step supersedes instead of queueing behind.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createSnapshots } from '../../../web/src/panels/snapshots.js';
import { setLang, t } from '../../../web/src/i18n/i18n.js';
import { formatBytes } from '../../../web/src/quiz/cards.js';

setLang('en', { persist: false });

function pane() {
  const drawn = [];
  const frames = [];
  const inspector = {
    update: (snapshot, previous, step) => drawn.push(['update', snapshot.tag, previous?.tag ?? null, step?.tag ?? null]),
    clear: () => drawn.push(['clear']),
  };
  const meta = { textContent: 'stale', dataset: {} };
  const snapshots = createSnapshots({ inspector, meta, afterPaint: (fn) => frames.push(fn) });
  return { snapshots, drawn, frames, meta };
}

const snap = (tag, arrays = 0, liveBytes = 96) => ({
  tag,
  heap: { liveBytes },
  variables: Array.from({ length: arrays }, (_, i) => ({ name: `a${i}`, kind: 'ndarray' })).concat([{ name: 'n', kind: 'other' }]),
});

test('a run\'s snapshot is current at once and drawn after the paint, against the one before', () => {
  const { snapshots, drawn, frames, meta } = pane();
  snapshots.take(snap('first', 1));
  assert.deepEqual(drawn, [['update', 'first', null, null]]);
  assert.equal(meta.textContent, t('memory.metaOne', { bytes: formatBytes(96) }));
  snapshots.take(snap('second', 2, 2048), { afterPaint: true });
  assert.equal(snapshots.current().tag, 'second');
  assert.equal(drawn.length, 1, 'not before the paint');
  assert.equal(meta.dataset.state, 'pending', 'the summary says a drawing waits');
  frames.shift()();
  assert.equal(meta.dataset.state, 'drawn');
  assert.deepEqual(drawn[1], ['update', 'second', 'first', null]);
  assert.equal(meta.textContent, t('memory.meta', { count: 2, bytes: formatBytes(2048) }));
});

test('a later snapshot or a timeline step supersedes a drawing still waiting for its frame', () => {
  const { snapshots, drawn, frames, meta } = pane();
  snapshots.take(snap('run1'), { afterPaint: true });
  snapshots.take(snap('run2'), { afterPaint: true });
  frames.shift()();
  assert.deepEqual(drawn, [], 'run1 was superseded');
  assert.equal(meta.dataset.state, 'pending', 'run2 still waits');
  frames.shift()();
  assert.deepEqual(drawn, [['update', 'run2', 'run1', null]]);
  snapshots.take(snap('run3'), { afterPaint: true });
  snapshots.showStep(snap('step'), snap('before'), { tag: 's1' });
  frames.shift()();
  assert.deepEqual(drawn.slice(1), [['update', 'step', 'before', 's1']]);
});

test('undefined keeps the snapshot (a result without one); null clears the pane', () => {
  const { snapshots, drawn, meta } = pane();
  snapshots.take(snap('kept', 1));
  snapshots.take(undefined);
  assert.equal(snapshots.current().tag, 'kept');
  snapshots.take(null);
  assert.equal(snapshots.current(), null);
  assert.deepEqual(drawn.at(-1), ['clear']);
  assert.equal(meta.textContent, '');
});
