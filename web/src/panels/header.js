// The header's engine state and Run button. States (shown in the header, and as
// data-state on #status and data-engine on <body> for tests):
//   loading -> ready <-> running ; error when the engine cannot load or crashed.
// The runner decides the state (runner/status.js); this shows it, and keeps what it
// shows so that a language change can word it again.

import { t } from '../i18n/i18n.js';

/**
 * @param {{ status: Element, statusText: Element, runButton: Element, runLabel: Element,
 *           resetButton: Element, body: HTMLElement }} elements
 */
export function createHeader({ status, statusText, runButton, runLabel, resetButton, body }) {
  let shown = { state: 'loading', detail: '' };
  let stopMode = false;

  /** detail: the engine failure behind an 'error' state (the status tooltip). */
  function showState(state, detail = '') {
    shown = { state, detail };
    status.dataset.state = state;
    statusText.textContent = t(`status.${state}`);
    status.title = detail || t(`status.${state}`);
    body.dataset.engine = state;
    resetButton.disabled = state === 'loading';
    runButton.disabled = state === 'error';
  }

  // A long run turns Run into Stop; the button acts as it reads (runner/controls.js).
  function showStopMode(on) {
    stopMode = on;
    runButton.classList.toggle('is-stop', on);
    runLabel.textContent = t(on ? 'toolbar.stop' : 'toolbar.run');
    runButton.title = t(on ? 'toolbar.stopTitle' : 'toolbar.runTitle');
  }

  return {
    showState,
    showStopMode,
    stopMode: () => stopMode,
    renderTexts() {
      showState(shown.state, shown.detail);
      showStopMode(stopMode);
    },
  };
}
