#!/usr/bin/env node
// stridelab command line.
//   stridelab run FILE.py     run a script: stdout as Python prints it; on error a
//                             Python-style traceback on stderr and exit status 1
//   stridelab repl            an interactive REPL (history in ~/.stridelab_history)
//   stridelab serve [--port N]  serve the playground (default 8000, PORT overrides)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { init } from './index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const usage = `usage: stridelab run FILE.py | stridelab repl | stridelab serve [--port N]\n`;

async function runFile(file) {
  let code;
  try {
    code = fs.readFileSync(file, 'utf8');
  } catch (e) {
    process.stderr.write(`stridelab: can't open file '${file}': ${e.code ?? e.message}\n`);
    return 2;
  }
  const lib = await init();
  const s = lib.session();
  const r = s.run(code, { filename: file });
  s.dispose();
  process.stdout.write(r.stdout);
  if (r.error) {
    process.stderr.write(r.traceback ?? `${r.error}\n`);
    return 1;
  }
  return 0;
}

// A statement is complete unless brackets are open, the last line opens a
// block (ends with ':'), or we are inside an indented block that has not been
// closed by an empty line (the CPython REPL's rule).
function needsMore(buffer) {
  let depth = 0;
  let quote = null;
  for (let i = 0; i < buffer.length; i++) {
    const c = buffer[i];
    if (quote) {
      if (c === '\\') i++;
      else if (buffer.startsWith(quote, i)) { i += quote.length - 1; quote = null; }
      continue;
    }
    if (c === '#') { while (i < buffer.length && buffer[i] !== '\n') i++; continue; }
    if (buffer.startsWith('"""', i) || buffer.startsWith("'''", i)) { quote = buffer.slice(i, i + 3); i += 2; continue; }
    if (c === '"' || c === "'") { quote = c; continue; }
    if ('([{'.includes(c)) depth++;
    if (')]}'.includes(c)) depth--;
  }
  if (quote && quote.length === 3) return true;
  if (depth > 0) return true;
  const lines = buffer.split('\n');
  const last = lines[lines.length - 1];
  if (/:\s*(#.*)?$/.test(last)) return true;
  if (lines.length > 1 && last.trim() !== '') return true;
  return false;
}

async function repl() {
  const lib = await init();
  let s = lib.session();
  const histFile = path.join(os.homedir(), '.stridelab_history');
  let history = [];
  try {
    history = fs.readFileSync(histFile, 'utf8').split('\n').filter(Boolean).reverse().slice(0, 1000);
  } catch { /* first run */ }
  const rl = readline.createInterface({
    input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY, history, historySize: 1000,
    prompt: '>>> ',
  });
  const isTTY = process.stdin.isTTY;
  if (isTTY) process.stdout.write('stridelab 0.1.0 (Python 3.13, NumPy 2.2, PyTorch 2.6 semantics). Ctrl-D to exit.\n');
  let buffer = '';
  const prompt = () => { rl.setPrompt(buffer ? '... ' : '>>> '); if (isTTY) rl.prompt(); };
  prompt();
  for await (const line of rl) {
    buffer = buffer ? `${buffer}\n${line}` : line;
    if (needsMore(buffer)) {
      prompt();
      continue;
    }
    const code = buffer;
    buffer = '';
    if (code.trim() === '') { prompt(); continue; }
    if (code.trim() === 'exit()' || code.trim() === 'quit()') break;
    fs.appendFile(histFile, code.replace(/\n/g, ' ') + '\n', () => {});
    const r = s.run(code, { echo: true });
    process.stdout.write(r.stdout);
    if (r.repr != null) process.stdout.write(r.repr + '\n');
    if (r.error) process.stderr.write(r.traceback ?? `${r.error}\n`);
    prompt();
  }
  rl.close();
  s.dispose();
  return 0;
}

async function serve(args) {
  const i = args.indexOf('--port');
  const port = i >= 0 ? Number(args[i + 1]) : Number(process.env.PORT ?? 8000);
  const { startServer } = await import(pathToFileURL(path.join(here, '..', 'scripts', 'serve.mjs')).href);
  const { url } = await startServer({ port });
  process.stdout.write(`stridelab playground: ${url}\n`);
  return null;  // keep serving
}

const [cmd, ...rest] = process.argv.slice(2);
let status;
if (cmd === 'run' && rest[0]) status = await runFile(rest[0]);
else if (cmd === 'repl') status = await repl();
else if (cmd === 'serve') status = await serve(rest);
else {
  process.stderr.write(usage);
  status = cmd === '--help' || cmd === '-h' ? 0 : 2;
}
if (status != null) process.exitCode = status;
