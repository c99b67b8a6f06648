// The timeline of one run (Note [Step trace], core/api/trace.hpp): the Timeline strip
// (timeline.js) moves through the run's steps, and each step is shown everywhere at
// once: the memory pane draws the step's snapshot against the step before it, the
// output shows what had been printed by then, the editor highlights the statement.

import { t } from '../i18n/i18n.js';
import { el } from './output.js';
import { Timeline } from './timeline.js';

/**
 * @param {{ root: Element, snapshots: { showStep }, output: { showResult },
 *           editor: { markStepLines } }} parts
 * @returns {{ load(result, before, prelude), clear(), renderTexts() }}
 */
export function createRunTimeline({ root, snapshots, output, editor }) {
  let traced = null;  // { result, before, prelude } of the run the timeline holds
  const utf8 = { enc: new TextEncoder(), dec: new TextDecoder() };

  function onStep(step, index, previous) {
    if (!traced) return;
    const before = previous ? previous.snapshot : traced.before;
    if (index === timeline.count() - 1) {
      // The last step is the whole run: its output (an error included) and final state,
      // against the step before it as every step is (a run's own view compares with the
      // state before the run).
      snapshots.showStep(traced.result.snapshot, before, step);
      output.showResult(traced.result, { prelude: traced.prelude, step: true });
      editor.markStepLines(null);
      return;
    }
    snapshots.showStep(step.snapshot, before, step);
    // stdoutLength counts UTF-8 bytes, as the engine wrote them.
    const stdout = utf8.dec.decode(utf8.enc.encode(traced.result.stdout).slice(0, step.stdoutLength));
    output.showResult({ ...traced.result, stdout, error: null, traceback: null, line: null, repr: null },
      { prelude: () => [el('p', 'out-note out-note-step', t('timeline.atStep'))], step: true });
    editor.markStepLines({ from: step.line, to: step.endLine });
  }

  const timeline = new Timeline({ root, onStep });

  return {
    /** Takes over a finished run: its result, the snapshot before it, its output's prelude. */
    load(result, before, prelude) {
      traced = { result, before, prelude };
      editor.markStepLines(null);
      timeline.load(result.trace);
    },
    // The timeline belongs to one run: a reset, a stop or a failed run ends it.
    clear() {
      traced = null;
      timeline.clear();
      editor.markStepLines(null);
    },
    renderTexts: () => timeline.renderTexts(),
  };
}
