#!/usr/bin/env node
// The longest JavaScript functions under a folder, measured in source lines from the
// line a function starts on to the line it ends on (nested functions count towards the
// function that holds them, as ctags' line:/end: fields do for core/'s C++ rule).
//
//   node scripts/function-lengths.mjs web             # the functions over 80 lines
//   node scripts/function-lengths.mjs web --max 40    # over another limit
//   node scripts/function-lengths.mjs web --top 10    # the ten longest, whatever their size
//
// Prints one line per function, `lines path:line name`, longest first, and exits 1
// when a function is over the limit (so a test can hold web/ to it: issue 28 says no
// function over 80 lines in web/). The parser is TypeScript's (a devDependency), which
// reads plain JavaScript and knows where every function ends; counting braces by hand
// would be fooled by template literals and regular expressions.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(m?js)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git']);

/** Every .js/.mjs file below `dir`, built output and dependencies left out. */
export function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) out.push(...sourceFiles(full));
    } else if (SOURCE.test(entry.name)) {
      out.push(full);
    }
  }
  return out.sort();
}

// What a function is called in the report: its own name, else the name it is bound to
// (`const f = () => ...`, `{ onRun() {} }`, `x.onclick = function () {}`).
function functionName(node, source) {
  if (node.name) return node.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)
    || ts.isPropertyDeclaration(parent)) && parent.name) return parent.name.getText(source);
  if (parent && ts.isBinaryExpression(parent)) return parent.left.getText(source);
  return '(anonymous)';
}

function isFunction(node) {
  return ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node)
    || ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node)
    || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node);
}

/** [{ file, line, name, lines }] for every function in one file's text. */
export function functionLengths(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const found = [];
  const visit = (node) => {
    if (isFunction(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file, line: start + 1, name: functionName(node, source), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function parseArgs(argv) {
  const args = { dirs: [], max: 80, top: 0 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--max') args.max = Number(argv[++i]);
    else if (argv[i] === '--top') args.top = Number(argv[++i]);
    else args.dirs.push(argv[i]);
  }
  if (!args.dirs.length || !(args.max > 0) || !(args.top >= 0)) {
    console.error('usage: node scripts/function-lengths.mjs DIR... [--max LINES] [--top N]');
    process.exit(2);
  }
  return args;
}

function main() {
  const { dirs, max, top } = parseArgs(process.argv.slice(2));
  const all = dirs.flatMap(sourceFiles)
    .flatMap((file) => functionLengths(file, fs.readFileSync(file, 'utf8')))
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
  const shown = top ? all.slice(0, top) : all.filter((f) => f.lines > max);
  for (const f of shown) console.log(`${f.lines} ${f.file}:${f.line} ${f.name}`);
  const over = all.filter((f) => f.lines > max).length;
  if (!top) console.log(over ? `${over} function(s) over ${max} lines` : `no function over ${max} lines`);
  process.exit(over ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
