// The page's one editor behind a stable interface: a plain <textarea> first (plain.js,
// usable the moment the page script runs, so the first Run waits for the engine only),
// then CodeMirror (codemirror.js, its own chunk) once upgrade() has loaded it, keeping
// the text, the selection, the focus and a marked error line. The rest of the page
// holds this object and never learns which editor is behind it.

import { createPlainEditor } from './plain.js';

/** The per-response nonce the server put in the page; CodeMirror's <style>s need it (CSP). */
export function cspNonce(doc) {
  const nonce = doc.querySelector('meta[property="csp-nonce"]')?.nonce ?? '';
  // Served any other way, the placeholder stays and no nonce is used.
  return nonce.startsWith('__') ? '' : nonce;
}

/**
 * @param {object} options
 *   parent: the editor's element; doc: the starting program; wrap, label: as the
 *   editors take them; events: { onRun, onChange(code, isEdit), onHistory(dir, current) };
 *   body: gets data-editor="code" once CodeMirror runs, "plain" if it could not load.
 */
export function createEditorHost({ parent, doc, wrap, label, events, body, load = () => import('./codemirror.js') }) {
  let current = createPlainEditor({ parent, doc, wrap, label, ...events });

  /** settings: { nonce, dark, wrap, label, completionSource } as they are now. */
  async function upgrade(settings) {
    let createEditor;
    try {
      ({ createEditor } = await load());
    } catch {
      body.dataset.editor = 'plain';  // the textarea stays; everything else works
      return;
    }
    const was = current.handOver();
    const code = createEditor({ parent, doc: was.code, ...settings, ...events });
    code.view.dispatch({ selection: { anchor: was.selection[0], head: was.selection[1] } });
    if (was.errorLine != null) code.markErrorLine(was.errorLine);
    if (was.focused) code.focus();
    current = code;
    body.dataset.editor = 'code';
  }

  return {
    getCode: () => current.getCode(),
    setCode: (code) => current.setCode(code),
    setLabel: (text) => current.setLabel(text),
    markErrorLine: (line) => current.markErrorLine(line),
    markStepLines: (range) => current.markStepLines(range),
    goToLine: (line) => current.goToLine(line),
    setWrap: (value) => current.setWrap(value),
    setDark: (value) => current.setDark(value),
    focus: () => current.focus(),
    upgrade,
  };
}
