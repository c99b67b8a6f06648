// Output panel rendering. Every string that comes from the engine (or from the
// user's program) is inserted as a text node, never parsed as HTML.

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

// "ZeroDivisionError: division by zero" -> ["ZeroDivisionError", ": division by zero"]
function splitException(message) {
  const m = /^([A-Za-z_][\w.]*)(:[\s\S]*)?$/.exec(message);
  return m ? [m[1], m[2] ?? ''] : [null, message];
}

function errorBlock({ title, message, line, traceback, onLine }) {
  const block = el('div', 'out-error');
  block.setAttribute('role', 'alert');

  const head = el('div', 'out-error-head');
  if (title) head.append(el('span', 'out-error-kind', title));
  const text = el('pre', 'out-error-message');
  const [name, rest] = splitException(message);
  if (name) text.append(el('strong', 'exc-name', name), document.createTextNode(rest));
  else text.textContent = message;
  head.append(text);

  if (line != null) {
    const button = el('button', 'out-line', `line ${line}`);
    button.type = 'button';
    button.title = `Go to line ${line}`;
    button.addEventListener('click', () => onLine?.(line));
    head.append(button);
  }
  block.append(head);

  // The last line of a Python traceback repeats the message; show it only when it
  // adds something (the frames).
  const tb = traceback?.replace(/\s+$/, '');
  if (tb && tb !== message) {
    const details = el('details', 'out-traceback');
    details.append(el('summary', null, 'Traceback'), el('pre', null, tb));
    block.append(details);
  }
  return block;
}

export class Output {
  /** @param {{ root: Element, meta: Element, onLine?: (line: number) => void }} options */
  constructor({ root, meta, onLine }) {
    this.root = root;
    this.meta = meta;
    this.onLine = onLine;
    this.runs = 0;
  }

  #replace(state, ...nodes) {
    this.root.replaceChildren(...nodes);
    this.root.dataset.state = state;
    this.root.classList.remove('is-stale');
    this.root.scrollTop = 0;
  }

  #finish(state, metaText, ...nodes) {
    this.runs += 1;
    this.#replace(state, ...nodes);
    this.root.dataset.run = String(this.runs);
    this.meta.textContent = metaText;
  }

  showIntro() {
    const intro = el('div', 'out-intro');
    const p1 = el('p');
    p1.append('Press ', el('kbd', null, 'Shift'), '+', el('kbd', null, 'Enter'),
      ' or ', el('strong', null, 'Run'), ' to execute the program.');
    const p2 = el('p', null,
      'Variables persist between runs, like a REPL. Reset starts a fresh session.');
    intro.append(p1, p2);
    this.#replace('idle', intro);
    this.meta.textContent = '';
  }

  /** Keeps the previous output visible, dimmed, while a run is in progress. */
  showRunning() {
    this.root.classList.add('is-stale');
    this.root.dataset.state = 'running';
    this.meta.textContent = 'running\u2026';
  }

  /** @param {{ stdout: string, error: string|null, traceback: string|null, line: number|null, ms?: number }} r */
  showResult(r) {
    const nodes = [];
    if (r.stdout) nodes.push(el('pre', 'out-stdout', r.stdout));
    if (r.error) {
      nodes.push(errorBlock({ message: r.error, line: r.line, traceback: r.traceback, onLine: this.onLine }));
    } else if (!r.stdout) {
      nodes.push(el('p', 'out-note', 'Ran without output.'));
    }
    const time = typeof r.ms === 'number' ? formatMs(r.ms) : '';
    const meta = r.error ? `error${time ? ` \u00b7 ${time}` : ''}` : time;
    this.#finish(r.error ? 'error' : 'ok', meta, ...nodes);
  }

  /** The engine itself failed (not a Python error). */
  showEngineFailure(title, message, note) {
    const nodes = [errorBlock({ title, message })];
    if (note) nodes.push(el('p', 'out-note', note));
    this.#finish('engine-error', 'engine error', ...nodes);
  }

  showNote(text) {
    this.#finish('note', '', el('p', 'out-note', text));
  }
}

function formatMs(ms) {
  if (ms < 1) return '<1 ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}
