// Interactive-session blocks (`>>>` / `...` prompts, as Python's doctest and the
// documentation generators' `pycon` blocks write them): the code without its prompts,
// the output the page printed for each example, and the comparison with what ran.
//
// A block is made of examples. An example starts at a `>>> ` line, goes on over the
// `... ` lines right after it (same indentation), and its expected output is every
// following line up to a blank line or the next prompt, with the example's indentation
// removed; `<BLANKLINE>` stands for an empty line of output. Lines before the first
// prompt, and lines after a blank line that ended an output, are prose: not code, not
// output. This follows the rules of CPython's doctest.DocTestParser (its _EXAMPLE_RE
// and the <BLANKLINE> marker), written for this module.
//
// Comparison (doctest's default, without option flags): trailing spaces of each line
// and trailing blank lines do not count; an expected traceback ("Traceback (most
// recent call last):" ... "Name: message") matches an exception whose last line is the
// same, whatever the stack lines in between.

const PROMPT = /^(\s*)>>>(?: (.*)|)$/;
const MORE = /^(\s*)\.\.\.(?: (.*)|)$/;
const TRACEBACK_HEAD = /^Traceback \(most recent call last\):\s*$/;

/** Whether `text` is written as an interactive session (its first code line has a prompt). */
export function hasPrompts(text) {
  const first = String(text).split('\n').find((l) => l.trim());
  return first != null && PROMPT.test(first);
}

/**
 * -> { code, examples: [{ source, want }] } for a prompt block; `code` is what the
 * editor shows (every example's source, in order, without prompts).
 */
export function parsePrompts(text) {
  const examples = [];
  let current = null;
  let inWant = false;
  for (const raw of String(text).replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\s+$/, '');
    const prompt = PROMPT.exec(line);
    if (prompt) {
      current = { indent: prompt[1].length, source: [prompt[2] ?? ''], want: [] };
      examples.push(current);
      inWant = false;
      continue;
    }
    if (!current) continue;
    const more = !inWant ? MORE.exec(line) : null;
    if (more && more[1].length === current.indent) {
      current.source.push(more[2] ?? '');
      continue;
    }
    if (!line.trim()) {
      current = null;
      continue;
    }
    inWant = true;
    const body = line.slice(Math.min(current.indent, line.length - line.trimStart().length));
    current.want.push(body === '<BLANKLINE>' ? '' : body);
  }
  const list = examples.map((e) => ({
    source: e.source.join('\n').replace(/\n+$/, ''),
    want: e.want.length ? `${e.want.join('\n')}\n` : '',
  }));
  return { code: list.map((e) => e.source).join('\n'), examples: list };
}

function normalise(text) {
  return String(text ?? '').split('\n').map((l) => l.replace(/\s+$/, '')).join('\n').replace(/\n+$/, '');
}

/**
 * What an example printed, as the interpreter shows it: its stdout, then the value
 * of an expression statement, or the exception (`traceback` when the engine gave one).
 * @param {{ stdout?: string, repr?: string|null, error?: string|null, traceback?: string|null }} r
 */
export function shownOutput(r) {
  let text = r?.stdout ?? '';
  if (r?.error) {
    const tb = r.traceback || `Traceback (most recent call last):\n${r.error}`;
    text += tb.endsWith('\n') ? tb : `${tb}\n`;
  } else if (r?.repr != null) {
    text += `${r.repr}\n`;
  }
  return text;
}

/** Whether `got` (shownOutput) is what the page printed (`want`). */
export function outputMatches(want, got) {
  const w = normalise(want);
  const g = normalise(got);
  if (w === g) return true;
  const wl = w.split('\n');
  const head = wl.findIndex((l) => TRACEBACK_HEAD.test(l));
  if (head < 0) return false;
  // The output before the traceback must match exactly; then only the exception line.
  const gl = g.split('\n');
  const gotHead = gl.findIndex((l) => TRACEBACK_HEAD.test(l));
  if (gotHead < 0) return false;
  return wl.slice(0, head).join('\n') === gl.slice(0, gotHead).join('\n') && wl[wl.length - 1] === gl[gl.length - 1];
}

/**
 * A line diff of `want` against `got`: [{ op: ' ' | '-' | '+', text }], '-' for lines
 * only on the page, '+' for lines only in what ran (a longest common subsequence).
 */
export function lineDiff(want, got) {
  const a = normalise(want).split('\n');
  const b = normalise(got).split('\n');
  const n = a.length;
  const m = b.length;
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const out = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      out.push({ op: ' ', text: a[i] });
      i += 1;
      j += 1;
    } else if (i < n && (j === m || lcs[i + 1][j] >= lcs[i][j + 1])) {
      out.push({ op: '-', text: a[i] });
      i += 1;
    } else {
      out.push({ op: '+', text: b[j] });
      j += 1;
    }
  }
  return out;
}
