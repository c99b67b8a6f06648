// Completion names asked of the engine: which of the curated lists' names really exist
// (hasattr in a throwaway session, runner/worker.js 'probe'). Until it answers, or when it
// cannot, the static lists stay as they are.

import { PROBES, probeProgram, STATIC_LISTS } from './completions.js';

/**
 * Starts probing `delayMs` after the call: after the page has settled, so the first
 * run is never queued behind it. One request per group, so a run the user starts
 * meanwhile waits for one group at most; `isBusy()` (a run, or the engine loading)
 * holds the next request back. Replaces `lists[group]` as answers come, and calls
 * onDone() once every group has answered.
 */
export function probeCompletions({ engine, lists, isBusy, onDone, delayMs = 1500, pollMs = 500 }) {
  const go = async () => {
    for (const p of PROBES) {
      while (isBusy()) await new Promise((resolve) => setTimeout(resolve, pollMs));
      try {
        const found = await engine.probe({ [p.group]: probeProgram(p, STATIC_LISTS[p.group]) });
        const names = found?.[p.group];
        if (Array.isArray(names)) lists[p.group] = names;
        else if (names === null && (p.group === 'torch' || p.group === 'tensor')) lists[p.group] = [];
      } catch {
        return; // the engine restarted: keep the static lists
      }
    }
    onDone();
  };
  setTimeout(go, delayMs);
}
