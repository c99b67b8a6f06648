// "View or copy?" mode: when it is on, a Run first asks whether the statement makes a
// view or a copy (the question card), runs on the answer, and shows the verdict with
// the engine's reason before the output (the verdict card, cards.js). The switch is
// persisted in `storage`; an embed never turns it on. The score counts this visit's
// answers.

import { t } from '../i18n/i18n.js';
import { questionFor, verdictOf, predictionCorrect, questionCard, verdictCard } from './cards.js';
import { readStorage, writeStorage } from '../util/storage.js';

export const VC_KEY = 'stridelab.playground.viewcopy';

/**
 * @param {object} options
 *   storage, embed; toggle: the mode's button; banner: shown while the mode is on;
 *   body: gets data-viewcopy="on|off"; output: { showNodes, root }; toast(message);
 *   editor: { focus } (the switch hands the focus back to the code).
 */
export function createQuiz({ storage, embed, toggle, banner, body, output, toast, editor }) {
  let on = !embed && readStorage(storage, VC_KEY) === '1';
  let pending = null;  // the question on screen; an answer to an older one is ignored
  const score = { right: 0, total: 0 };

  function render() {
    toggle.setAttribute('aria-pressed', String(on));
    banner.hidden = !on;
    body.dataset.viewcopy = on ? 'on' : 'off';
  }

  toggle.addEventListener('click', () => {
    on = !on;
    writeStorage(storage, VC_KEY, on ? '1' : '0');
    render();
    toast(t(on ? 'vc.on' : 'vc.off'));
    editor.focus();
  });

  /**
   * Asks about `code` if the mode is on and it has a statement to ask about; the answer
   * calls run(code, { question, prediction }) (no prediction: the visitor skipped).
   * Returns whether it asked.
   */
  function ask(code, snapshot, run) {
    const question = on ? questionFor(code, snapshot) : null;
    if (!question) return false;
    const id = {};
    pending = id;
    output.showNodes('question', () => [questionCard({
      question,
      onAnswer(choice) {
        if (pending !== id) return;
        pending = null;
        run(question.code, choice ? { question, prediction: choice } : {});
      },
    })]);
    output.root.querySelector('.vc-choice')?.focus();
    return true;
  }

  /** The verdict card's builder for a run that answered `question`, and the score it adds to. */
  function verdict(question, prediction, result, before, after) {
    const found = verdictOf(question, result, before, after);
    const correct = prediction ? predictionCorrect(prediction, found.outcome) : null;
    if (correct != null) {
      score.total += 1;
      if (correct) score.right += 1;
    }
    const at = { ...score };
    return () => [verdictCard({ question, verdict: found, prediction, after, score: at })];
  }

  return { render, ask, verdict, cancel: () => { pending = null; } };
}
