// Finding a page's Python code blocks, as documentation generators write them, and
// reading their code back as text.
//
// Each generator wraps a highlighted block in markup of its own; a rule names the
// outermost element of one block (the "container": what a cell replaces) and where
// its code is inside it:
//   Sphinx (every theme), Jupyter Book / MyST   <div class="highlight-python notranslate"><div class="highlight"><pre>
//                                               (also highlight-python3 / -py / -pycon / -ipython3 / -default)
//   MkDocs Material (pymdownx.highlight)        <div class="language-python highlight"><pre><span></span><code>
//   Docusaurus                                  <div class="language-python theme-code-block"><div><pre class="prism-code language-python"><code>
//                                               (one <span class="token-line"> per line, ended by <br>)
//   MkDocs default theme, mdBook, plain HTML    <pre><code class="language-python">
// The first rule that holds an element claims it; an element inside a claimed block is
// not a block of its own.

const PY = ['python', 'python3', 'py', 'py3', 'pycon', 'ipython', 'ipython3'];
const any = (prefix, names = PY) => names.map((l) => `${prefix}${l}`);

export const RULES = [
  {
    name: 'sphinx',
    container: [...any('div.highlight-'), 'div.highlight-default'].join(','),
    code: (c) => c.querySelector('pre'),
    // Sphinx's "default" language is Python when Pygments could read the block as
    // Python, and plain text (no token spans) when it could not, such as a shell
    // session; a block with an error token (.err) is not Python either. A doctest
    // paragraph is always Python.
    accept: (c) => !c.matches('.highlight-default') || c.matches('.doctest')
      || (c.querySelector('pre span[class]') != null && c.querySelector('pre .err') == null),
  },
  {
    name: 'docusaurus',
    container: any('div.theme-code-block.language-').join(','),
    code: (c) => c.querySelector('pre code') ?? c.querySelector('pre'),
  },
  {
    name: 'mkdocs-material',
    container: any('div.highlight.language-').join(','),
    code: (c) => c.querySelector('td.code pre code') ?? c.querySelector('pre code') ?? c.querySelector('pre'),
  },
  {
    name: 'prism',
    container: any('pre.prism-code.language-').join(','),
    code: (c) => c.querySelector('code') ?? c,
  },
  {
    name: 'plain',
    // the <pre> around the code element
    container: [...any('pre > code.language-'), ...any('pre > code.lang-'), 'pre > code.python', 'pre > code.hljs.python'].join(','),
    toContainer: (codeEl) => codeEl.parentElement,
    code: (c) => c.querySelector('code'),
  },
];

// Markup inside a block that is not code: line numbers, copy buttons, annotations.
const NOT_CODE = '.linenos, .lineno, .linenodiv, .ln, button, .copybutton, .md-clipboard, .md-annotation__index, .buttons';

/**
 * The Python blocks under `root`, in document order: [{ container, codeEl, rule }].
 * `extra` (a CSS selector) adds elements whose own text is the code.
 */
export function findBlocks(root, { extra = '' } = {}) {
  const found = [];
  const claimed = new Set();
  const inside = (el) => found.some((b) => b.container !== el && b.container.contains(el));
  for (const rule of RULES) {
    for (const hit of root.querySelectorAll(rule.container)) {
      const container = rule.toContainer ? rule.toContainer(hit) : hit;
      if (!container || claimed.has(container) || inside(container) || container.closest('[data-stridelab-cell]')) continue;
      const codeEl = rule.code(container);
      if (!codeEl || (rule.accept && !rule.accept(container))) continue;
      claimed.add(container);
      found.push({ container, codeEl, rule: rule.name });
    }
  }
  if (extra) {
    for (const el of root.querySelectorAll(extra)) {
      if (claimed.has(el) || inside(el) || el.closest('[data-stridelab-cell]')) continue;
      claimed.add(el);
      found.push({ container: el, codeEl: el, rule: 'selector' });
    }
  }
  // Containers found by a later rule may sit inside an earlier rule's: keep the outer.
  const outer = found.filter((b) => !found.some((o) => o !== b && o.container.contains(b.container)));
  return outer.sort((x, y) => (x.container.compareDocumentPosition(y.container) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
}

/**
 * The code of a block as text: <br> and each Docusaurus token line end a line, markup
 * that is not code is left out, the common indentation and the blank lines around
 * are removed.
 */
export function blockText(codeEl) {
  let text = '';
  const walk = (node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === 3) {
        text += child.nodeValue;
      } else if (child.nodeType === 1) {
        if (child.matches(NOT_CODE)) continue;
        if (child.tagName === 'BR') {
          text += '\n';
          continue;
        }
        walk(child);
        if (child.classList.contains('token-line') && !text.endsWith('\n')) text += '\n';
      }
    }
  };
  walk(codeEl);
  return dedent(text);
}

export function dedent(text) {
  const lines = String(text).replace(/\r\n?/g, '\n').replace(/\t/g, '    ').replace(/\u00a0/g, ' ').split('\n');
  while (lines.length && !lines[0].trim()) lines.shift();
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  const indents = lines.filter((l) => l.trim()).map((l) => l.match(/^ */)[0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut).replace(/\s+$/, '')).join('\n');
}

// Marks a block (or an element around it, up to its container's parent) carries:
// a class `stridelab` / `stridelab-<word>`, or data-stridelab="<word> ...".
// Words: (none: the block is chosen), isolated (a session of its own), autorun (runs
// when it scrolls into view), skip (never a cell).
export function blockMarks(container) {
  const marks = new Set();
  let chosen = false;
  const els = [container, container.parentElement, container.querySelector('pre'), container.querySelector('code')].filter(Boolean);
  for (const el of els) {
    for (const cls of el.classList) {
      // mdBook writes an info string `python,stridelab` as one class per word; some
      // generators keep the commas: split on them too.
      for (const word of cls.split(',')) {
        const m = /^stridelab(?:-([a-z]+))?$/.exec(word);
        if (m) {
          chosen = true;
          if (m[1]) marks.add(m[1]);
        }
      }
    }
    const data = el.getAttribute('data-stridelab');
    if (data != null) {
      chosen = true;
      for (const word of data.split(/[\s,]+/)) if (word) marks.add(word);
    }
  }
  return { chosen, isolated: marks.has('isolated'), autorun: marks.has('autorun'), skip: marks.has('skip') };
}
