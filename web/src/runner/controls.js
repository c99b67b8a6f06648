// The ways to run: the Run button (Stop while a long run goes), Reset, and Shift+Enter
// anywhere on the page (the editor handles its own first; controls that use Enter keep it).

const OWN_ENTER = 'button, a, input, textarea, select, summary, dialog, .cm-editor';

/** Wires `doc`'s keys and the two buttons to `runs` (runs.js); header.stopMode() says what Run shows. */
export function bindRunControls({ doc, runButton, resetButton, header, runs }) {
  runButton.addEventListener('click', () => (header.stopMode() ? runs.stop() : runs.run()));
  resetButton.addEventListener('click', () => runs.reset());
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || !event.shiftKey || event.defaultPrevented) return;
    const target = event.target;
    if (target instanceof Element && target.closest(OWN_ENTER)) return;
    event.preventDefault();
    runs.run();
  });
}
