// The editor the page starts with: a plain <textarea> with the code editor's interface
// (getCode, setCode, markErrorLine, goToLine, focus, ...), usable the moment the page
// script runs. CodeMirror (codemirror.js, about 430 KB of the bundle) loads as its own
// chunk and replaces it (host.js `upgrade`), keeping the text, the cursor, the
// focus and a marked error line. Until then Shift+Enter / Ctrl+Enter run the program,
// Tab indents, and the first Run needs nothing but the engine (issue 17, goal 6).

export function createPlainEditor({ parent, doc, wrap = false, label = 'Python program', onRun, onChange }) {
  const area = document.createElement('textarea');
  area.className = 'editor-plain';
  area.spellcheck = false;
  area.autocapitalize = 'off';
  area.setAttribute('autocomplete', 'off');
  area.setAttribute('autocorrect', 'off');
  area.setAttribute('aria-label', label);
  area.wrap = wrap ? 'soft' : 'off';
  area.value = doc;
  parent.append(area);
  let errorLine = null;

  area.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.shiftKey || event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onRun();
    } else if (event.key === 'Tab' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      area.setRangeText('    ', area.selectionStart, area.selectionEnd, 'end');
      onChange?.(area.value, true);
    }
  });
  area.addEventListener('input', () => {
    errorLine = null;
    onChange?.(area.value, true);
  });

  const lineStart = (line) => {
    const lines = area.value.split('\n');
    if (line < 1 || line > lines.length) return -1;
    return lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  };

  return {
    plain: true,
    getCode: () => area.value,
    setCode(code) {
      area.value = code;
      area.setSelectionRange(code.length, code.length);
      onChange?.(code, false);
    },
    setLabel: (text) => area.setAttribute('aria-label', text),
    /** Remembered (and handed to CodeMirror when it takes over); a textarea cannot show it. */
    markErrorLine(line) { errorLine = line ?? null; },
    goToLine(line) {
      const pos = lineStart(line);
      if (pos < 0) return;
      area.focus();
      area.setSelectionRange(pos, pos);
    },
    setWrap(value) { area.wrap = value ? 'soft' : 'off'; },
    /** A textarea cannot highlight lines; the timeline's label names them. */
    markStepLines() {},
    setDark() { /* the textarea takes its colours from the page's custom properties */ },
    focus: () => area.focus(),
    /** What CodeMirror needs to take over; removes the textarea. */
    handOver() {
      const state = {
        code: area.value,
        selection: [area.selectionStart, area.selectionEnd],
        focused: document.activeElement === area,
        errorLine,
      };
      area.remove();
      return state;
    },
  };
}
