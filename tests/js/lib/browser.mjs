// Headless Chromium (Debian's /usr/bin/chromium through playwright-core; no
// browser downloads) and a tiny static file server on 127.0.0.1 for the
// bundler and worker tests. See shared/docs/toolchain.md for the flags.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { root } from './installed.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.json': 'application/json', '.wasm': 'application/wasm', '.svg': 'image/svg+xml',
};

/**
 * Serves the files under `dir` (`/` is index.html); resolves to
 * { url, close(), requests } where requests lists the paths asked for.
 * `types` overrides the Content-Type of extensions ({ '.wasm': 'application/octet-stream' }:
 * a host that does not know the .wasm MIME type).
 */
export async function serveStatic(dir, { types = {} } = {}) {
  const top = path.resolve(dir);
  const requests = [];
  const server = http.createServer((req, res) => {
    let pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    requests.push(pathname);
    if (pathname.endsWith('/')) pathname += 'index.html';
    const file = path.resolve(top, `.${pathname}`);
    if (!file.startsWith(top + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('not found');
    }
    const ext = path.extname(file);
    res.writeHead(200, { 'content-type': types[ext] ?? TYPES[ext] ?? 'application/octet-stream' });
    res.end(fs.readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests,
    close: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(resolve); }),
  };
}

export async function launchChromium() {
  const { chromium } = await import(path.join(root, 'node_modules', 'playwright-core', 'index.mjs'));
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * Opens `url` in a new page, waits until the page sets document.title to
 * 'done' (or 'failed'), and resolves to { page, errors } where errors are the
 * page's uncaught errors and console errors (workers' included).
 */
export async function openAndWait(browser, url, { timeout = 30000 } = {}) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('worker', (w) => w.on('console', (m) => { if (m.type() === 'error') errors.push(`worker: ${m.text()}`); }));
  await page.goto(url);
  try {
    await page.waitForFunction(() => document.title === 'done' || document.title === 'failed', null, { timeout });
  } catch (e) {
    throw new Error(`${url} did not finish: ${e.message}\npage errors: ${errors.join('\n') || '(none)'}\nbody: ${await page.textContent('body').catch(() => '?')}`);
  }
  return { page, errors };
}
