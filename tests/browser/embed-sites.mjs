// Real documentation sites with the embed added exactly as docs/embedding.md says:
// a MkDocs Material site (Debian's mkdocs + mkdocs-material; `extra_javascript`), a
// Sphinx site with the Furo theme (Debian's python3-sphinx + furo; `html_js_files`) and
// a Docusaurus site (npm's @docusaurus/core + preset-classic, pinned in
// tests/browser/fixtures/docusaurus; `scripts`), built here from a small tutorial, the
// static folder copied into each as the guide says, served by a plain static file
// server from a sub-path. Chromium then runs their cells: nothing of the engine before
// the first Run, one worker, the shared session in page order, a marked cell's own
// session, a `>>>` block compared, the inspector.
// Screenshots: build/screenshots/mkdocs-*.png, sphinx-*.png, docusaurus-*.png.
// scripts/setup.sh --test installs the generators; a missing one fails its check.

import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { buildSite } from '../../scripts/build-site.mjs';
import { serveStatic } from '../js/lib/browser.mjs';
import { ROOT, assert, assertEqual, openPage } from './lib.mjs';
import { cells, clickRun, screenshots } from './embed.mjs';

const TMP = path.join(ROOT, 'build', 'embed-sites');
// Debian's furo package ships its theme script unbundled (furo.js starts with an import
// statement but is loaded as a classic script) and links a normalize.css of Debian's
// documentation tree; the Sphinx site has no favicon. Those are the generator's, not
// the embed's: allowed by message, and the 404s only for those addresses.
const THEME_FAULTS = {
  sphinx: { messages: /Cannot use import statement outside a module|status of 404/, missing: /\/javascript\/normalize\.css\/|\/favicon\.ico$/ },
  mkdocs: { messages: /^$/, missing: /^$/ },
  docusaurus: { messages: /^$/, missing: /^$/ },
};
const ourWorkers = (page) => page.workers().filter((w) => w.url().endsWith('/src/runner/worker.js'));
const ENGINE_REQUEST = /\/src\/runner\/worker\.js|\/pkg\/|\.wasm$/;

// The tutorial, the same in both sites: [kind, code]; kind 'isolated' is marked to run
// in a session of its own, 'pycon' is written with prompts.
const TUTORIAL = [
  ['python', 'import numpy as np\na = np.arange(12).reshape(3, 4)\nprint(a.strides)'],
  ['python', 'v = a[:, 1]\nprint(v.strides, v.base is a)'],
  ['pycon', '>>> a.T.strides\n(8, 32)\n>>> v.shape\n(3,)'],
  ['isolated', "print('a' in globals())"],
];
// recorded with refpy (Python 3.13, NumPy 2.2)
const EXPECTED = ['(32, 8)\n', '(32,) False\n', '(8, 32)\n(3,)\n', 'False\n'];

// theme: 'material' (with pymdownx, as docs/embedding.md says), or MkDocs' own
// default theme (Python-Markdown's fenced code: <pre><code class="language-python">;
// its highlight.js comes from a CDN, which this machine cannot reach: left off).
function mkdocsSite(out, theme = 'material') {
  const dir = path.join(TMP, `mkdocs-${theme}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'docs'), { recursive: true });
  // docs/embedding.md, "MkDocs": the folder in docs/, extra_javascript, and pymdownx's
  // pygments_lang_class so that Python blocks say they are Python.
  buildSite({ out: path.join(dir, 'docs', 'stridelab') });
  const config = theme === 'material' ? `site_name: Strides
theme:
  name: material
  font: false
  palette:
    - media: "(prefers-color-scheme: light)"
      scheme: default
    - media: "(prefers-color-scheme: dark)"
      scheme: slate
markdown_extensions:
  - pymdownx.highlight:
      pygments_lang_class: true
  - pymdownx.superfences
extra_javascript:
  - stridelab/embed.js
` : `site_name: Strides
theme:
  name: mkdocs
  highlightjs: false
markdown_extensions:
  - fenced_code
  - attr_list
extra_javascript:
  - stridelab/embed.js
`;
  fs.writeFileSync(path.join(dir, 'mkdocs.yml'), config);
  const fence = ([kind, code]) => {
    if (kind === 'isolated') return `\`\`\` { .python .stridelab-isolated }\n${code}\n\`\`\``;
    if (kind === 'pycon' && theme !== 'material') return `\`\`\`python\n${code}\n\`\`\``;
    return `\`\`\`${kind}\n${code}\n\`\`\``;
  };
  fs.writeFileSync(path.join(dir, 'docs', 'index.md'), `# Strides\n\n${TUTORIAL.map((b, i) => `Step ${i + 1}.\n\n${fence(b)}\n`).join('\n')}`);
  execFileSync('mkdocs', ['build', '-q', '-d', out], { cwd: dir, stdio: 'pipe' });
}

function sphinxSite(out) {
  const dir = path.join(TMP, 'sphinx');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, '_static'), { recursive: true });
  // docs/embedding.md, "Sphinx": the folder in _static/, html_js_files.
  buildSite({ out: path.join(dir, '_static', 'stridelab') });
  fs.writeFileSync(path.join(dir, 'conf.py'), `project = 'Strides'
html_theme = 'furo'
html_static_path = ['_static']
html_js_files = [('stridelab/embed.js', {'type': 'module'})]
`);
  const indent = (code) => code.split('\n').map((l) => `   ${l}`).join('\n');
  const block = ([kind, code]) => {
    if (kind === 'pycon') return code;  // a doctest block: a paragraph that starts with >>>
    if (kind === 'isolated') return `.. code-block:: python\n   :class: stridelab-isolated\n\n${indent(code)}`;
    return `.. code-block:: python\n\n${indent(code)}`;
  };
  fs.writeFileSync(path.join(dir, 'index.rst'), `Strides\n=======\n\n${TUTORIAL.map((b, i) => `Step ${i + 1}.\n\n${block(b)}\n`).join('\n')}`);
  execFileSync('sphinx-build', ['-q', '-b', 'html', '.', out], { cwd: dir, stdio: 'pipe' });
}

// docs/embedding.md, "Docusaurus": the folder in static/, `scripts` with the baseUrl in
// front (the site is served from /docs/docusaurus/). A marked block is a fence inside an
// element with the class (MDX), as the guide says. The generator comes from
// .deps/docusaurus (scripts/setup.sh --test); the site is written in a folder under
// it, so that its packages resolve as in a site's own checkout (through a symlinked
// node_modules webpack resolves them outside the site and the server bundle fails).
const DOCUSAURUS = path.join(ROOT, '.deps', 'docusaurus', 'node_modules');
function docusaurusSite(out, baseUrl) {
  const dir = path.join(ROOT, '.deps', 'docusaurus', 'site');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'docs'), { recursive: true });
  buildSite({ out: path.join(dir, 'static', 'stridelab') });
  fs.writeFileSync(path.join(dir, 'docusaurus.config.js'), `export default {
  title: 'Strides',
  url: 'http://localhost',
  baseUrl: '${baseUrl}',
  onBrokenLinks: 'throw',
  presets: [['classic', { docs: { routeBasePath: '/' }, blog: false }]],
  scripts: [{ src: '${baseUrl}stridelab/embed.js', type: 'module' }],
};
`);
  const block = ([kind, code]) => (kind === 'isolated'
    ? `<div className="stridelab-isolated">\n\n\`\`\`python\n${code}\n\`\`\`\n\n</div>`
    : `\`\`\`${kind}\n${code}\n\`\`\``);
  fs.writeFileSync(path.join(dir, 'docs', 'index.md'), `---\nslug: /\n---\n\n# Strides\n\n${TUTORIAL.map((b, i) => `Step ${i + 1}.\n\n${block(b)}\n`).join('\n')}`);
  const bin = path.join(DOCUSAURUS, '@docusaurus', 'core', 'bin', 'docusaurus.mjs');
  // NODE_PATH is the build scripts' (emcc's acorn): the site resolves only its own modules;
  // --no-minify: a faster build, and the embed reads the page's markup, not its bundle
  execFileSync(process.execPath, [bin, 'build', '--no-minify', '--out-dir', out], {
    cwd: dir, stdio: 'pipe', env: { ...process.env, NODE_PATH: '', DOCUSAURUS_TELEMETRY_DISABLED: '1' },
  });
}

async function checkSite({ browser, server, check, name, pagePath, faults }) {
  const { page, problems, close } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  const missing = [];
  page.on('response', (r) => { if (r.status() >= 400) missing.push(new URL(r.url()).pathname); });
  try {
    await check(`${name}: four cells; no engine request before a Run`, async () => {
      const first = server.requests.length;
      await page.goto(`${server.url}${pagePath}`);
      await page.waitForFunction(() => document.querySelectorAll('.stridelab-cell').length === 4
        && [...document.querySelectorAll('.stridelab-cell')].every((h) => !h.style.visibility), null, { timeout: 10_000 });
      await page.waitForTimeout(300);
      const shown = await cells(page);
      assertEqual(shown.map((c) => c.code), TUTORIAL.map(([k, c]) => (k === 'pycon' ? 'a.T.strides\nv.shape' : c)), 'cell code');
      assertEqual(shown.map((c) => c.isolated), [false, false, false, true], 'isolated marks');
      assertEqual(server.requests.slice(first).filter((r) => ENGINE_REQUEST.test(r)), [], 'engine requests before a Run');
      assertEqual(ourWorkers(page).length, 0, 'workers');
    });
    await check(`${name}: Run on the >>> cell runs the two above first; its output matches the page; one worker`, async () => {
      await clickRun(page, 2);
      const shown = await cells(page);
      assertEqual(shown.slice(0, 3).map((c) => c.text), EXPECTED.slice(0, 3), 'outputs');
      assertEqual(shown[2].check, 'match', 'comparison with the page');
      assertEqual(ourWorkers(page).length, 1, 'workers');
    });
    await check(`${name}: the marked cell runs in its own session; the inspector opens`, async () => {
      await clickRun(page, 3);
      const shown = await cells(page);
      assertEqual(shown[3].text, EXPECTED[3], 'isolated output');
      const cell = page.locator('.stridelab-cell').nth(1);
      await cell.locator('details.inspect > summary').click();
      await page.waitForFunction(() => document.querySelectorAll('.stridelab-cell')[1].shadowRoot.querySelector('.sl-inspector .sl-p-vars'), null, { timeout: 10_000 });
      assertEqual(ourWorkers(page).length, 1, 'workers');
      assertEqual(problems.filter((m) => !faults.messages.test(m)), [], 'problems');
      assertEqual(missing.filter((u) => !faults.missing.test(u)), [], 'requests that failed');
    });
  } finally {
    await close();
  }
}

export default async function embedSites({ browser, results }) {
  const { check } = results;
  const www = path.join(TMP, 'www');
  fs.rmSync(www, { recursive: true, force: true });
  const built = { mkdocs: false, sphinx: false, mkdocsDefault: false, docusaurus: false };
  await check('MkDocs Material site builds with the embed added as docs/embedding.md says', async () => {
    mkdocsSite(path.join(www, 'docs', 'mkdocs'));
    assert(fs.readFileSync(path.join(www, 'docs', 'mkdocs', 'index.html'), 'utf8').includes('stridelab/embed.js'), 'script tag in the page');
    built.mkdocs = true;
  });
  await check('MkDocs site (default theme) builds with the embed added as docs/embedding.md says', async () => {
    mkdocsSite(path.join(www, 'docs', 'mkdocs-default'), 'mkdocs');
    const html = fs.readFileSync(path.join(www, 'docs', 'mkdocs-default', 'index.html'), 'utf8');
    assert(html.includes('stridelab/embed.js') && html.includes('<code class="language-python">'), 'script tag and Python blocks in the page');
    built.mkdocsDefault = true;
  });
  await check('Sphinx (Furo) site builds with the embed added as docs/embedding.md says', async () => {
    sphinxSite(path.join(www, 'docs', 'sphinx'));
    assert(fs.readFileSync(path.join(www, 'docs', 'sphinx', 'index.html'), 'utf8').includes('stridelab/embed.js'), 'script tag in the page');
    built.sphinx = true;
  });
  await check('Docusaurus site builds with the embed added as docs/embedding.md says', async () => {
    docusaurusSite(path.join(www, 'docs', 'docusaurus'), '/docs/docusaurus/');
    const html = fs.readFileSync(path.join(www, 'docs', 'docusaurus', 'index.html'), 'utf8');
    assert(html.includes('/docs/docusaurus/stridelab/embed.js') && html.includes('prism-code language-python'), 'script tag and Python blocks in the page');
    built.docusaurus = true;
  });
  const server = await serveStatic(www);
  try {
    const prepare = async (p) => {
      await p.waitForFunction(() => document.querySelectorAll('.stridelab-cell').length === 4);
      await clickRun(p, 2);
      await p.locator('.stridelab-cell').nth(1).locator('details.inspect > summary').click();
      await p.waitForFunction(() => document.querySelectorAll('.stridelab-cell')[1].shadowRoot.querySelector('.sl-inspector .sl-p-vars'), null, { timeout: 10_000 });
      // below the theme's sticky header
      await p.evaluate(() => {
        document.querySelectorAll('.stridelab-cell')[0].scrollIntoView({ block: 'start' });
        window.scrollBy(0, -80);
      });
    };
    if (built.mkdocs) {
      await checkSite({ browser, server, check, name: 'MkDocs Material', pagePath: '/docs/mkdocs/', faults: THEME_FAULTS.mkdocs });
      await screenshots({ browser, check, name: 'mkdocs', url: `${server.url}/docs/mkdocs/`, prepare, allowed: (m) => THEME_FAULTS.mkdocs.messages.test(m) });
    }
    if (built.mkdocsDefault) {
      await checkSite({ browser, server, check, name: 'MkDocs (default theme)', pagePath: '/docs/mkdocs-default/', faults: THEME_FAULTS.mkdocs });
    }
    if (built.sphinx) {
      await checkSite({ browser, server, check, name: 'Sphinx (Furo)', pagePath: '/docs/sphinx/', faults: THEME_FAULTS.sphinx });
      await screenshots({ browser, check, name: 'sphinx', url: `${server.url}/docs/sphinx/`, prepare, allowed: (m) => THEME_FAULTS.sphinx.messages.test(m) });
    }
    if (built.docusaurus) {
      await checkSite({ browser, server, check, name: 'Docusaurus', pagePath: '/docs/docusaurus/', faults: THEME_FAULTS.docusaurus });
      await screenshots({ browser, check, name: 'docusaurus', url: `${server.url}/docs/docusaurus/`, prepare, allowed: (m) => THEME_FAULTS.docusaurus.messages.test(m) });
    }
  } finally {
    await server.close();
  }
}
