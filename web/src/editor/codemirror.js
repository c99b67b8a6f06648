// The code editor: CodeMirror 6 with Python, a Shift-Enter "run" key at the highest
// precedence, and an error-line marker that lasts until the next edit or run.
//
// The `codemirror` meta package is not used (basicSetup); the extensions are listed
// here from the scoped packages so the set is explicit and nothing unused is bundled.

import {
  EditorView, keymap, lineNumbers, highlightActiveLineGutter, highlightSpecialChars,
  drawSelection, dropCursor, rectangularSelection, crosshairCursor, highlightActiveLine,
  Decoration, GutterMarker, gutterLineClass,
} from '@codemirror/view';
import { EditorState, StateEffect, StateField, Prec, Compartment, RangeSet } from '@codemirror/state';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import {
  indentOnInput, indentUnit, syntaxHighlighting, bracketMatching, foldGutter, foldKeymap,
  HighlightStyle,
} from '@codemirror/language';
import {
  autocompletion, completionKeymap, closeBrackets, closeBracketsKeymap, closeCompletion,
} from '@codemirror/autocomplete';
import { python, localCompletionSource, globalCompletion } from '@codemirror/lang-python';
import { tags as t } from '@lezer/highlight';

// ---- marked lines: the error line and the timeline's current statement ---------------

// A field of line decorations set by `effect` (a value { from, to } of 1-based lines,
// or null to clear) and dropped by any edit: a mark describes the text that ran.
function lineMarksField(effect, decoration, provide) {
  return StateField.define({
    create: () => Decoration.none,
    update(decorations, tr) {
      for (const e of tr.effects) {
        if (!e.is(effect)) continue;
        const range = e.value;
        if (!range || range.to < 1 || range.from > tr.state.doc.lines) return Decoration.none;
        const marks = [];
        for (let n = Math.max(1, range.from); n <= Math.min(tr.state.doc.lines, range.to); n += 1) {
          marks.push(decoration.range(tr.state.doc.line(n).from));
        }
        return Decoration.set(marks);
      }
      return tr.docChanged ? Decoration.none : decorations;
    },
    provide,
  });
}

const setErrorLine = StateEffect.define();

class ErrorGutterMarker extends GutterMarker {
  elementClass = 'cm-errorLineGutter';
}
const errorGutterMarker = new ErrorGutterMarker();

const errorLineField = lineMarksField(setErrorLine, Decoration.line({ class: 'cm-errorLine' }), (field) => [
  EditorView.decorations.from(field),
  gutterLineClass.compute([field], (state) => {
    const markers = [];
    state.field(field).between(0, state.doc.length, (from) => {
      markers.push(errorGutterMarker.range(from));
    });
    return RangeSet.of(markers);
  }),
]);

const setStepLines = StateEffect.define();
const stepLinesField = lineMarksField(setStepLines, Decoration.line({ class: 'cm-stepLine' }),
  (field) => EditorView.decorations.from(field));

// ---- typing over a selection ------------------------------------------------------

// When text replaces a selection that crosses highlighted tokens or lines, Chromium's
// own contenteditable editing keeps the look of what it deleted by writing style=""
// attributes, which the page's CSP refuses (a console error per keystroke; CodeMirror
// then repairs the DOM anyway). Taking over that one case, before the browser edits,
// leaves the DOM to CodeMirror. Input handlers (closing brackets wrap the selection)
// still get their say, as on CodeMirror's own path.
const typeOverSelection = EditorView.domEventHandlers({
  beforeinput(event, view) {
    if (event.inputType !== 'insertText' || event.isComposing || view.composing || !event.data) return false;
    const { state } = view;
    if (state.selection.ranges.every((r) => r.empty)) return false;
    event.preventDefault();
    const text = event.data;
    const { from, to } = state.selection.main;
    const insert = () => state.update(state.replaceSelection(text), { userEvent: 'input.type', scrollIntoView: true });
    const handled = state.facet(EditorView.inputHandler).some((h) => h(view, from, to, text, insert));
    if (!handled) view.dispatch(insert());
    return true;
  },
});

// ---- completion ---------------------------------------------------------------------

function notAfterDot(source) {
  return (context) => (context.matchBefore(/\.\w*$/) ? null : source(context));
}

// ---- REPL history -----------------------------------------------------------------

// Up on the first line / Down on the last line step through the run history, as in a
// terminal REPL; anywhere else they move the cursor as usual. An open completion list
// takes the keys first (its keymap has the highest precedence).
function runHistoryKeymap(onHistory) {
  const step = (dir) => (view) => {
    const { state } = view;
    const sel = state.selection;
    if (sel.ranges.length !== 1 || !sel.main.empty) return false;
    const line = state.doc.lineAt(sel.main.head);
    if (dir < 0 && line.number !== 1) return false;
    if (dir > 0 && line.number !== state.doc.lines) return false;
    const text = onHistory(dir, state.doc.toString());
    if (text == null) return false;
    const firstLineEnd = text.indexOf('\n') < 0 ? text.length : text.indexOf('\n');
    view.dispatch({
      changes: { from: 0, to: state.doc.length, insert: text },
      // Going back: stay on the first line, so Up keeps walking back. Forward: the end.
      selection: { anchor: dir < 0 ? firstLineEnd : text.length },
      userEvent: 'input.history',
      scrollIntoView: true,
    });
    return true;
  };
  return keymap.of([
    { key: 'ArrowUp', run: step(-1) },
    { key: 'ArrowDown', run: step(1) },
  ]);
}

// ---- look ------------------------------------------------------------------------

// Colours are CSS custom properties (style.css), so one theme serves light and dark.
const theme = EditorView.theme({
  '&': {
    height: '100%',
    color: 'var(--text)',
    backgroundColor: 'var(--editor-bg)',
    fontSize: 'var(--code-size)',
  },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': {
    fontFamily: 'var(--font-mono)',
    lineHeight: '1.6',
    overflow: 'auto',
  },
  '.cm-content': { padding: '14px 0', caretColor: 'var(--accent)' },
  '.cm-line': { padding: '0 16px 0 10px' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--accent)', borderLeftWidth: '2px' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
    { backgroundColor: 'var(--selection)' },
  '.cm-gutters': {
    backgroundColor: 'var(--editor-bg)',
    color: 'var(--text-faint)',
    border: 'none',
  },
  '.cm-lineNumbers .cm-gutterElement': { padding: '0 6px 0 14px', minWidth: '32px' },
  '.cm-foldGutter .cm-gutterElement': { padding: '0 4px', color: 'var(--text-faint)' },
  '.cm-activeLine': { backgroundColor: 'var(--active-line)' },
  '.cm-activeLineGutter': { backgroundColor: 'transparent', color: 'var(--text-muted)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': {
    backgroundColor: 'var(--bracket-bg)',
    outline: '1px solid var(--bracket-outline)',
    color: 'inherit',
  },
  '.cm-nonmatchingBracket, &.cm-focused .cm-nonmatchingBracket': { color: 'var(--error)' },
  '.cm-errorLine, .cm-errorLine.cm-activeLine': {
    backgroundColor: 'var(--error-line-bg)',
    boxShadow: 'inset 3px 0 0 var(--error)',
  },
  '.cm-gutterElement.cm-errorLineGutter': { color: 'var(--error)', fontWeight: '600' },
  '.cm-stepLine, .cm-stepLine.cm-activeLine': {
    backgroundColor: 'var(--step-line-bg)',
    boxShadow: 'inset 3px 0 0 var(--accent)',
  },
  '.cm-tooltip': {
    backgroundColor: 'var(--surface-raised)',
    color: 'var(--text)',
    border: '1px solid var(--border)',
    borderRadius: '6px',
    boxShadow: 'var(--shadow-pop)',
    overflow: 'hidden',
  },
  '.cm-tooltip-autocomplete > ul': { fontFamily: 'var(--font-mono)', fontSize: '12.5px' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    backgroundColor: 'var(--accent)',
    color: 'var(--on-accent)',
  },
  '.cm-completionDetail': { color: 'var(--text-muted)' },
  '.cm-foldPlaceholder': {
    backgroundColor: 'var(--surface-sunken)',
    border: '1px solid var(--border)',
    color: 'var(--text-muted)',
  },
});

const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.moduleKeyword, t.operatorKeyword, t.definitionKeyword], color: 'var(--syn-keyword)' },
  { tag: [t.bool, t.null, t.atom], color: 'var(--syn-atom)' },
  { tag: [t.number], color: 'var(--syn-number)' },
  { tag: [t.string, t.special(t.string), t.regexp], color: 'var(--syn-string)' },
  { tag: [t.escape], color: 'var(--syn-atom)' },
  { tag: [t.comment, t.lineComment, t.blockComment], color: 'var(--syn-comment)', fontStyle: 'italic' },
  { tag: [t.function(t.variableName), t.function(t.propertyName)], color: 'var(--syn-function)' },
  { tag: [t.definition(t.variableName), t.definition(t.function(t.variableName))], color: 'var(--syn-def)' },
  { tag: [t.className, t.definition(t.className)], color: 'var(--syn-class)' },
  { tag: [t.propertyName], color: 'var(--syn-property)' },
  { tag: [t.self, t.special(t.variableName)], color: 'var(--syn-atom)' },
  { tag: [t.operator, t.punctuation, t.bracket, t.paren, t.squareBracket, t.brace], color: 'var(--syn-punct)' },
  { tag: t.meta, color: 'var(--syn-comment)' },
  { tag: t.invalid, color: 'var(--error)' },
]);

// ---- editor ----------------------------------------------------------------------

/**
 * @param {{ parent: Element, doc: string, nonce?: string, dark?: boolean, wrap?: boolean,
 *           onRun: () => void, onChange?: (doc: string, isEdit: boolean) => void,
 *           onHistory?: (dir: -1|1, current: string) => string|null,
 *           completionSource?: import('@codemirror/autocomplete').CompletionSource,
 *           label?: string }} options
 */
export function createEditor({
  parent, doc, nonce = '', dark = false, wrap = false, onRun, onChange, onHistory = () => null,
  completionSource = null, label = 'Python program',
}) {
  const compartments = { darkness: new Compartment(), wrapping: new Compartment(), labelling: new Compartment() };
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: editorExtensions({ onRun, onChange, onHistory, completionSource, nonce, dark, wrap, label, compartments }),
    }),
  });
  return editorApi(view, compartments);
}

// Everything the editor does, in one list: the run keys first (highest precedence), the
// usual editing set, Python, the marked lines, and the settings the page can change
// later (dark, wrap, label), each in its compartment.
function editorExtensions({ onRun, onChange, onHistory, completionSource, nonce, dark, wrap, label, compartments }) {
  const { darkness, wrapping, labelling } = compartments;
  const runKeys = Prec.highest(keymap.of([
    // A run closes an open completion list: its names may be stale afterwards.
    { key: 'Shift-Enter', run: (v) => { closeCompletion(v); onRun(); return true; } },
    { key: 'Mod-Enter', run: (v) => { closeCompletion(v); onRun(); return true; } },
  ]));
  return [
    runKeys,
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    foldGutter({ openText: '\u25be', closedText: '\u25b8' }),
    drawSelection(),
    dropCursor(),
    EditorState.allowMultipleSelections.of(true),
    indentOnInput(),
    indentUnit.of('    '),
    syntaxHighlighting(highlight),
    bracketMatching(),
    closeBrackets(),
    // Our source (module members, array methods, session variables) first; Python's
    // own keyword/builtin/local-name sources only where no `x.` member is typed.
    autocompletion(completionSource ? {
      override: [completionSource, notAfterDot(localCompletionSource), notAfterDot(globalCompletion)],
    } : {}),
    rectangularSelection(),
    crosshairCursor(),
    highlightActiveLine(),
    runHistoryKeymap(onHistory),
    keymap.of([
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...historyKeymap,
      ...foldKeymap,
      ...completionKeymap,
      indentWithTab,
    ]),
    python(),
    errorLineField,
    stepLinesField,
    typeOverSelection,
    theme,
    darkness.of(EditorView.darkTheme.of(dark)),
    wrapping.of(wrap ? EditorView.lineWrapping : []),
    // style-mod inserts <style> elements; the page's CSP admits them by nonce.
    EditorView.cspNonce.of(nonce),
    labelling.of(EditorView.contentAttributes.of({ 'aria-label': label })),
    EditorView.updateListener.of((update) => {
      if (!update.docChanged || !onChange) return;
      // History steps are not edits: they must not end the history walk.
      const fromHistory = update.transactions.every((tr) => !tr.docChanged || tr.isUserEvent('input.history'));
      onChange(update.state.doc.toString(), !fromHistory);
    }),
  ];
}

// The interface the page holds (the same as plain.js's, plus `view`).
function editorApi(view, { darkness, wrapping, labelling }) {
  return {
    view,
    getCode: () => view.state.doc.toString(),
    /** Replaces the whole text (undoable), cursor at the end. */
    setCode(code) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: code },
        selection: { anchor: code.length },
        userEvent: 'input.replace',
        scrollIntoView: true,
      });
    },
    setLabel(text) {
      view.dispatch({ effects: labelling.reconfigure(EditorView.contentAttributes.of({ 'aria-label': text })) });
    },
    /** Marks a 1-based line as the failing one; null clears the mark. */
    markErrorLine(line) {
      view.dispatch({ effects: setErrorLine.of(line == null ? null : { from: line, to: line }) });
    },
    /** Highlights lines from..to (1-based) as the timeline's current statement; null clears it. */
    markStepLines(range) {
      view.dispatch({
        effects: [setStepLines.of(range ?? null),
          ...(range && range.from <= view.state.doc.lines
            ? [EditorView.scrollIntoView(view.state.doc.line(Math.max(1, range.from)).from, { y: 'nearest' })] : [])],
      });
    },
    /** Puts the cursor at the start of a 1-based line and focuses the editor. */
    goToLine(line) {
      if (line < 1 || line > view.state.doc.lines) return;
      const pos = view.state.doc.line(line).from;
      view.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: 'center' }) });
      view.focus();
    },
    /** Soft-wraps long lines (narrow screens), or not. */
    setWrap(value) {
      view.dispatch({ effects: wrapping.reconfigure(value ? EditorView.lineWrapping : []) });
    },
    setDark(value) {
      view.dispatch({ effects: darkness.reconfigure(EditorView.darkTheme.of(value)) });
    },
    focus: () => view.focus(),
  };
}
