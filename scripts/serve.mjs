#!/usr/bin/env node
// Static server for the stridelab playground. Dependency-free (node:http only).
//
//   node scripts/serve.mjs            # PORT env var, default 8000
//   node scripts/serve.mjs --port 0   # any free port
//
// Serves web/ at / and, from the package, exactly two kinds of files at /pkg/:
// /pkg/wasm/index.js and /pkg/dist/<file>. Nothing else in the repository is
// reachable: the /pkg/ mapping is a whitelist, and every resolved path is checked
// (after following symlinks) to lie inside its root.
//
// Tests import startServer() and run it in-process on port 0.

import http from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

// Placeholder in web/index.html replaced with the per-response nonce.
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

// CodeMirror 6 themes itself by inserting <style> elements (style-mod), which
// `style-src 'self'` alone blocks. Rather than 'unsafe-inline', the HTML response
// carries a fresh nonce that the page hands to CodeMirror (EditorView.cspNonce).
// Other responses (scripts, the worker, wasm) never insert styles and get no nonce;
// a module worker takes its CSP from its own response, hence the header on every file.
function contentSecurityPolicy(nonce) {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self'",
    nonce ? `style-src 'self' 'nonce-${nonce}'` : "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ');
}

function isInside(child, parent) {
  return child === parent || child.startsWith(parent + path.sep);
}

// Maps a URL path to { file, root } or null. `roots` holds absolute, real paths.
function mapPath(urlPath, roots) {
  if (urlPath === '/pkg/wasm/index.js') {
    return { file: path.join(roots.pkg, 'wasm', 'index.js'), root: roots.pkg };
  }
  if (urlPath.startsWith('/pkg/')) {
    const m = /^\/pkg\/dist\/([^/]+)$/.exec(urlPath);
    if (!m) return null;
    return { file: path.join(roots.pkg, 'dist', m[1]), root: path.join(roots.pkg, 'dist') };
  }
  const rel = urlPath === '/' ? 'index.html' : urlPath.slice(1);
  return { file: path.join(roots.web, rel), root: roots.web };
}

function send(res, status, headers, body, head) {
  res.writeHead(status, headers);
  res.end(head ? undefined : body);
}

async function handle(req, res, roots) {
  const head = req.method === 'HEAD';
  const baseHeaders = {
    'Content-Security-Policy': contentSecurityPolicy(null),
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
  const fail = (status, text, extra = {}) =>
    send(res, status, { ...baseHeaders, 'Content-Type': 'text/plain; charset=utf-8', ...extra },
      `${status} ${text}\n`, head);

  if (req.method !== 'GET' && !head) return fail(405, 'Method Not Allowed', { Allow: 'GET, HEAD' });

  let urlPath;
  try {
    urlPath = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
  } catch {
    return fail(400, 'Bad Request');
  }
  // Reject anything that could climb out or confuse path handling, before resolving.
  if (urlPath.includes('\0') || urlPath.includes('\\') || urlPath.split('/').includes('..')) {
    return fail(400, 'Bad Request');
  }

  const target = mapPath(urlPath, roots);
  if (!target) return fail(404, 'Not Found');
  const resolved = path.resolve(target.file);
  if (!isInside(resolved, target.root)) return fail(404, 'Not Found');

  let real, stat;
  try {
    real = await fs.realpath(resolved);
    stat = await fs.stat(real);
  } catch {
    return fail(404, 'Not Found');
  }
  // A symlink must not lead outside its root either.
  if (!stat.isFile() || !isInside(real, target.root)) return fail(404, 'Not Found');

  const ext = path.extname(real).toLowerCase();
  const type = MIME[ext] || 'application/octet-stream';
  let body = await fs.readFile(real);
  const headers = { ...baseHeaders, 'Content-Type': type };

  if (ext === '.html') {
    const nonce = crypto.randomBytes(16).toString('base64');
    body = Buffer.from(body.toString('utf8').split(NONCE_PLACEHOLDER).join(nonce), 'utf8');
    headers['Content-Security-Policy'] = contentSecurityPolicy(nonce);
  }
  headers['Content-Length'] = body.length;
  send(res, 200, headers, body, head);
}

/**
 * Starts the playground server.
 * @param {{port?: number, root?: string, webRoot?: string, pkgRoot?: string}} [options]
 *   root: the repository (default: this script's repo); webRoot defaults to root/web,
 *   pkgRoot (where wasm/index.js and dist/ live) defaults to root.
 * @returns {Promise<{server: http.Server, port: number, url: string}>}
 */
export async function startServer({ port = 8000, root = REPO_ROOT, webRoot, pkgRoot } = {}) {
  const roots = {
    web: await fs.realpath(path.resolve(webRoot ?? path.join(root, 'web'))),
    pkg: await fs.realpath(path.resolve(pkgRoot ?? root)),
  };
  const server = http.createServer((req, res) => {
    handle(req, res, roots).catch((err) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
      }
      res.end('500 Internal Server Error\n');
      console.error(err);
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actual = server.address().port;
  return { server, port: actual, url: `http://localhost:${actual}/` };
}

function parsePort(argv, env) {
  const i = argv.indexOf('--port');
  const raw = i >= 0 ? argv[i + 1] : (argv.find((a) => a.startsWith('--port='))?.slice(7) ?? env.PORT);
  if (raw === undefined || raw === '') return 8000;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new Error(`invalid port: ${raw}`);
  }
  return n;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const { url } = await startServer({ port: parsePort(process.argv.slice(2), process.env) });
    console.log(`stridelab playground: ${url}`);
  } catch (err) {
    console.error(`serve: ${err.message}`);
    process.exit(1);
  }
}
