// The engine's state as the page sees it, and the Engine (engine.js) that reports it:
//   loading -> ready <-> running ; error when the engine cannot load or crashed.
// A Python exception is not an engine error: it is shown in the output panel and the
// engine stays ready. The header shows the state (panels/header.js); the runner
// (runs.js) moves it to running and back.

import { Engine as PageEngine } from './engine.js';
import { t } from '../i18n/i18n.js';

/**
 * What boot.js started before the page bundle ran (Note [Engine boot]): its worker to
 * adopt, unless it already failed, and the engine it is compiling. `scope` is the
 * page's global object, where boot.js leaves them; they are taken once.
 * @returns {{ adopt: Worker|null, wasmModule: Promise<WebAssembly.Module>|null }}
 */
export function takeBooted(scope) {
  const boot = scope.__stridelabBoot;
  delete scope.__stridelabBoot;
  if (boot?.failed) boot.worker.terminate();
  return { adopt: boot && !boot.failed ? boot.worker : null, wasmModule: boot?.module ?? null };
}

/**
 * @param {{ header: { showState }, output: { showEngineFailure }, booted: object, Engine?: Function }} parts
 *   booted: takeBooted()'s answer; Engine: the RPC class (a fake in tests).
 * @returns {{ engine, state: string, set(next, detail?) }}
 */
export function createEngineStatus({ header, output, booted, Engine = PageEngine }) {
  let state = 'loading';
  function set(next, detail = '') {
    state = next;
    header.showState(next, detail);
  }
  const engine = new Engine({
    ...booted,
    onState(next, err) {
      if (state === 'running' && next === 'ready') return; // settled by the run itself
      set(next, err ? `${err.name}: ${err.message}` : '');
      if (next === 'error' && err && err.name !== 'Restarted') {
        output.showEngineFailure(() => t('engine.failedToLoad'), `${err.name}: ${err.message}`,
          () => t('engine.failedToLoadNote'));
      }
    },
  });
  return { engine, get state() { return state; }, set };
}
