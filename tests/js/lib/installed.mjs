// The published package as a user gets it, shared by the test files of one
// run: `npm pack` the repository, then `npm install --offline` the tarball into
// an empty folder (`app`). Under `node --test` every test file is a child of
// the same runner, so the first file to ask packs and installs (under a lock)
// and the others reuse it; a file run on its own gets its own copy.
// Test files write their fixtures into scratch folders inside `app` (so that
// `import 'stridelab'` resolves from there) and never change `app` itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const base = path.join(os.tmpdir(), 'stridelab-js-tests');
const underRunner = process.env.NODE_TEST_CONTEXT != null;
const owner = underRunner ? process.ppid : process.pid;
const dir = path.join(base, `run-${owner}`);
const readyFile = path.join(dir, 'ready.json');

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

// Folders of runs whose runner is gone (the runner cannot clean up after its
// children: the next run does).
function removeStale() {
  for (const name of fs.existsSync(base) ? fs.readdirSync(base) : []) {
    const m = /^run-(\d+)$/.exec(name);
    if (m && Number(m[1]) !== owner && !alive(Number(m[1]))) fs.rmSync(path.join(base, name), { recursive: true, force: true });
  }
}

function writeReady(value) {
  fs.writeFileSync(`${readyFile}.tmp`, JSON.stringify(value));
  fs.renameSync(`${readyFile}.tmp`, readyFile);
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

let cached = null;

/**
 * { root, work, app, tarball, size, files }: `app` has the tarball installed
 * (app/node_modules/stridelab); `files` are the tarball's paths.
 */
export function installed() {
  if (cached) return cached;
  fs.mkdirSync(base, { recursive: true });
  removeStale();
  let mine = false;
  try {
    fs.mkdirSync(dir);
    mine = true;
  } catch (e) {
    if (e.code !== 'EEXIST') throw e;
  }
  if (mine) {
    if (!underRunner) process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    try {
      const out = execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      const info = JSON.parse(out)[0];
      const tarball = path.join(dir, info.filename);
      const app = path.join(dir, 'app');
      fs.mkdirSync(app);
      fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
      execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      const result = { root, work: dir, app, tarball, size: fs.statSync(tarball).size, files: info.files.map((f) => f.path) };
      writeReady(result);
    } catch (e) {
      writeReady({ error: String(e.stderr || e.message || e) });
      throw e;
    }
  } else {
    const deadline = Date.now() + 180_000;
    while (!fs.existsSync(readyFile)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for another test file to pack stridelab (${dir})`);
      sleep(100);
    }
  }
  const result = JSON.parse(fs.readFileSync(readyFile, 'utf8'));
  if (result.error) throw new Error(`packing or installing stridelab failed: ${result.error}`);
  cached = result;
  return result;
}

/** A fresh folder inside the installed app, for one test file's fixtures. */
export function scratch(name) {
  return fs.mkdtempSync(path.join(installed().app, `${name}-`));
}
