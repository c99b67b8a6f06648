// The memory pane: the latest inspection snapshot, drawn by the inspector
// (inspector-host.js), and the pane's one-line summary (how many arrays, live bytes).
//
// Drawing is superseded, never queued: each take() or showStep() gets a token, and a
// drawing that waits for its frame draws only if no later snapshot came meanwhile.

import { t } from '../i18n/i18n.js';
import { formatBytes } from '../quiz/cards.js';
import { afterNextPaint } from '../util/timing.js';

/**
 * @param {{ inspector: { update, clear }, meta: Element, afterPaint?: (fn) => void }} options
 *   meta: the pane's summary line.
 */
export function createSnapshots({ inspector, meta, afterPaint = afterNextPaint }) {
  let snapshot = null;
  let drawing = 0;

  function renderMeta() {
    const arrays = (snapshot?.variables ?? []).filter((v) => v.topLevel !== false && (v.kind === 'ndarray' || v.kind === 'tensor'));
    if (!snapshot || !arrays.length) {
      meta.textContent = '';
      return;
    }
    const bytes = formatBytes(snapshot.heap?.liveBytes ?? 0);
    meta.textContent = arrays.length === 1 ? t('memory.metaOne', { bytes }) : t('memory.meta', { count: arrays.length, bytes });
  }

  // `afterPaint`: draw the inspector only once the frame showing the output is on
  // screen (its first drawing can take a good part of 100 ms); the page's state is
  // updated at once either way. `undefined` (a result without a snapshot) keeps the
  // current one; null clears it.
  function take(next, { afterPaint: waitForPaint = false } = {}) {
    if (next === undefined) return;
    const previous = snapshot;
    snapshot = next ?? null;
    const token = ++drawing;
    // The summary line says whether a drawing is still waiting for its frame
    // (data-state="pending"), so whoever waits for a run can wait for its memory too.
    meta.dataset.state = 'pending';
    const draw = () => {
      if (token !== drawing) return;
      if (next) inspector.update(next, previous);
      else inspector.clear();
      renderMeta();
      meta.dataset.state = 'drawn';
    };
    if (waitForPaint) afterPaint(draw);
    else draw();
  }

  /** A timeline step's memory, drawn at once; a run's drawing still waiting is superseded. */
  function showStep(stepSnapshot, previous, step) {
    drawing++;
    inspector.update(stepSnapshot, previous, step);
    meta.dataset.state = 'drawn';
  }

  return { current: () => snapshot, take, showStep, renderMeta };
}
