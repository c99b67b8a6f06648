// "View or copy?" mode, the logic (no DOM): recognise a one-statement program that makes
// an array from an existing one, classify each operation with the rule table, read the
// truth from the snapshots taken before and after the run, and explain it.
//
//   analyzeStatement(code, snapshot)  -> null | Analysis     (before running: ask?)
//   judge(analysis, result, before, after) -> Verdict        (after running: what happened)
//
// The rule texts live in viewcopy-messages.js (EN + ZH) under vc.rule.<id>.*.
// The parser is deliberately small: one assignment `name = <chain>`, where <chain> is a
// variable or a numpy/torch function call on one, followed by attribute, method and
// subscript steps (`a.T.copy()`, `np.ascontiguousarray(a[:, 1:])`, `t.view(2, 6)`).
// Anything else is not asked about; the program just runs.

// ---- tiny scanner ------------------------------------------------------------------

const OPEN = { '(': ')', '[': ']', '{': '}' };

/** Index of the bracket closing the one at s[i], or -1. Skips string literals. */
export function matchClose(s, i) {
  const stack = [];
  for (let k = i; k < s.length; k += 1) {
    const c = s[k];
    if (c === '"' || c === "'") {
      k = skipString(s, k);
      if (k < 0) return -1;
      continue;
    }
    if (OPEN[c]) stack.push(OPEN[c]);
    else if (c === ')' || c === ']' || c === '}') {
      if (stack.pop() !== c) return -1;
      if (!stack.length) return k;
    }
  }
  return -1;
}

function skipString(s, k) {
  const q = s[k];
  const triple = s.slice(k, k + 3) === q.repeat(3);
  const end = triple ? q.repeat(3) : q;
  for (let j = k + end.length; j < s.length; j += 1) {
    if (s[j] === '\\') { j += 1; continue; }
    if (s.startsWith(end, j)) return j + end.length - 1;
    if (!triple && s[j] === '\n') return -1;
  }
  return -1;
}

/** Splits at top-level separators (commas), outside brackets and strings. */
export function splitTop(s, sep = ',') {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let k = 0; k < s.length; k += 1) {
    const c = s[k];
    if (c === '"' || c === "'") {
      const e = skipString(s, k);
      if (e < 0) return null;
      k = e;
    } else if (OPEN[c]) depth += 1;
    else if (c === ')' || c === ']' || c === '}') depth -= 1;
    else if (c === sep && depth === 0) {
      parts.push(s.slice(start, k));
      start = k + 1;
    }
  }
  parts.push(s.slice(start));
  return parts.map((p) => p.trim());
}

/** Removes comments (outside strings) and blank lines; null if a string never ends. */
function stripComments(code) {
  let out = '';
  for (let k = 0; k < code.length; k += 1) {
    const c = code[k];
    if (c === '"' || c === "'") {
      const e = skipString(code, k);
      if (e < 0) return null;
      out += code.slice(k, e + 1);
      k = e;
    } else if (c === '#') {
      while (k < code.length && code[k] !== '\n') k += 1;
      out += '\n';
    } else out += c;
  }
  return out;
}

// ---- statement parsing ---------------------------------------------------------------

const IDENT = /^[A-Za-z_]\w*/;

/**
 * Parses `<chain>` fully (must consume all of s) or returns null.
 * chain   := primary trailer*
 * primary := NAME | MODULE('.'NAME)* '(' args ')'
 * trailer := '.' NAME ['(' args ')'] | '[' index ']'
 * @returns {{ root: string, steps: Step[], rest: string } | null}
 */
export function parseChain(s, aliases) {
  let i = 0;
  const ws = () => { while (s[i] === ' ' || s[i] === '\t') i += 1; };
  ws();
  const m = IDENT.exec(s.slice(i));
  if (!m) return null;
  let steps = [];
  let root;
  if (aliases[m[0]]) {
    // a module function: np.ascontiguousarray(...), np.lib.stride_tricks.as_strided(...)
    const path = [aliases[m[0]]];
    i += m[0].length;
    while (s[i] === '.') {
      const n = IDENT.exec(s.slice(i + 1));
      if (!n) return null;
      path.push(n[0]);
      i += 1 + n[0].length;
    }
    ws();
    if (s[i] !== '(') return null;
    const close = matchClose(s, i);
    if (close < 0) return null;
    const args = parseArgs(s.slice(i + 1, close));
    if (!args || !args.positional.length) return null;
    const inner = parseChain(args.positional[0], aliases);
    if (!inner || inner.rest) return null;
    root = inner.root;
    steps = [...inner.steps, { kind: 'func', lib: path[0], name: path[path.length - 1], path, args }];
    i = close + 1;
  } else {
    root = m[0];
    i += m[0].length;
  }
  for (;;) {
    ws();
    if (s[i] === '.') {
      const n = IDENT.exec(s.slice(i + 1));
      if (!n) return null;
      i += 1 + n[0].length;
      ws();
      if (s[i] === '(') {
        const close = matchClose(s, i);
        if (close < 0) return null;
        const args = parseArgs(s.slice(i + 1, close));
        if (!args) return null;
        steps.push({ kind: 'method', name: n[0], args });
        i = close + 1;
      } else {
        steps.push({ kind: 'attr', name: n[0] });
      }
    } else if (s[i] === '[') {
      const close = matchClose(s, i);
      if (close < 0) return null;
      const parts = splitTop(s.slice(i + 1, close));
      if (!parts) return null;
      steps.push({ kind: 'index', raw: s.slice(i + 1, close), parts });
      i = close + 1;
    } else break;
  }
  return { root, steps, rest: s.slice(i).trim() };
}

function parseArgs(raw) {
  const parts = raw.trim() ? splitTop(raw) : [];
  if (!parts) return null;
  const positional = [];
  const keywords = {};
  for (const p of parts) {
    if (!p) continue;
    const kw = /^([A-Za-z_]\w*)\s*=(?!=)\s*([\s\S]+)$/.exec(p);
    if (kw) keywords[kw[1]] = kw[2].trim();
    else positional.push(p);
  }
  return { raw: raw.trim(), positional, keywords };
}

export function importAliases(code) {
  const aliases = { np: 'numpy', numpy: 'numpy', torch: 'torch' };
  const re = /^\s*import\s+(numpy|torch)(?:\s+as\s+([A-Za-z_]\w*))?/gm;
  let m;
  while ((m = re.exec(code))) aliases[m[2] ?? m[1]] = m[1];
  return aliases;
}

// ---- classification ------------------------------------------------------------------

// expect: what the rule predicts. 'depends' = decided by the layout (the explanation
// then says which way it went and why).
const NP_METHODS = {
  transpose: 'transpose', swapaxes: 'transpose',
  reshape: 'reshape', ravel: 'ravel', flatten: 'flatten', copy: 'copy', astype: 'astype',
  squeeze: 'squeeze', diagonal: 'diagonal',
};
const NP_FUNCS = {
  array: 'np-array', asarray: 'asarray', asanyarray: 'asarray', ascontiguousarray: 'ascontiguous',
  asfortranarray: 'asfortran', copy: 'copy', reshape: 'reshape', ravel: 'ravel', transpose: 'transpose',
  swapaxes: 'transpose', moveaxis: 'transpose', rollaxis: 'transpose', expand_dims: 'squeeze', squeeze: 'squeeze',
  atleast_1d: 'squeeze', atleast_2d: 'squeeze', atleast_3d: 'squeeze', broadcast_to: 'broadcast',
  as_strided: 'as-strided', sliding_window_view: 'as-strided', flip: 'flip', fliplr: 'flip', flipud: 'flip',
  rot90: 'flip', diagonal: 'diagonal',
};
const TORCH_METHODS = {
  view: 'torch-view', reshape: 'torch-reshape', reshape_as: 'torch-reshape', view_as: 'torch-view',
  contiguous: 'torch-contiguous', flatten: 'torch-reshape', t: 'transpose', transpose: 'transpose', permute: 'transpose',
  movedim: 'transpose', expand: 'expand', expand_as: 'expand', unsqueeze: 'squeeze', squeeze: 'squeeze',
  narrow: 'torch-narrow', select: 'torch-narrow', unfold: 'torch-narrow', diagonal: 'torch-narrow',
  as_strided: 'as-strided', clone: 'copy', detach: 'detach', numpy: 'numpy-bridge', flip: 'torch-flip',
  to: 'torch-to', float: 'torch-to', double: 'torch-to', half: 'torch-to', int: 'torch-to', long: 'torch-to',
  bool: 'torch-to', type: 'torch-to',
};
const TORCH_FUNCS = {
  from_numpy: 'from-numpy', tensor: 'torch-tensor', as_tensor: 'as-tensor', clone: 'copy', reshape: 'torch-reshape',
  flatten: 'torch-reshape', transpose: 'transpose', permute: 'transpose', t: 'transpose', movedim: 'transpose',
  as_strided: 'as-strided', narrow: 'torch-narrow', select: 'torch-narrow', squeeze: 'squeeze', unsqueeze: 'squeeze',
  flip: 'torch-flip', diagonal: 'torch-narrow',
};
const COMPUTE = new Set(`sum mean max min prod std var cumsum cumprod round clip conj dot argmax argmin argsort
  nonzero repeat take compress abs exp log sqrt sin cos tanh concatenate stack vstack hstack tile sort where add
  subtract multiply divide matmul maximum minimum cat softmax outer square negative power`.split(/\s+/));

export const RULE_EXPECT = {
  alias: 'same', 'basic-index': 'view', 'fancy-index': 'copy', 'bool-index': 'copy', 'scalar-index': 'scalar',
  transpose: 'view', reshape: 'depends', ravel: 'depends', flatten: 'copy', copy: 'copy', astype: 'depends',
  'view-method': 'view', 'view-dtype': 'view', squeeze: 'view', diagonal: 'view', broadcast: 'view',
  'as-strided': 'view', flip: 'view', 'np-array': 'copy', asarray: 'depends', ascontiguous: 'depends',
  asfortran: 'depends', 'real-imag': 'view', compute: 'copy', arith: 'copy',
  'torch-view': 'view-or-error', 'torch-view-dtype': 'view', 'torch-reshape': 'depends', 'torch-contiguous': 'depends',
  expand: 'view', 'torch-narrow': 'view', detach: 'view', 'numpy-bridge': 'view', 'from-numpy': 'view',
  'torch-tensor': 'copy', 'as-tensor': 'depends', 'torch-flip': 'copy', 'torch-to': 'depends', unknown: 'unknown',
};

const DTYPE_ARG = /^(?:(?:np|numpy|torch)\.)?(?:u?int\d+|float\d+|complex\d+|bool_?|bfloat16|half|double|float|int|long|uint8|int8)$|^['"]/;

function classifyIndex(step, lib, ndim, arrays) {
  let ints = 0;
  let basicOther = 0;
  for (const part of step.parts) {
    const p = part.trim();
    if (!p) return { rule: 'unknown' };
    if (p === '...' || p === 'None' || /^(?:np|numpy)\.newaxis$/.test(p)) { basicOther += 1; continue; }
    if (p.startsWith('[') || /^(?:np|numpy|torch)\.(?:array|asarray|tensor|arange)\(/.test(p)) {
      return { rule: /\b(True|False)\b/.test(p) ? 'bool-index' : 'fancy-index', part: p };
    }
    if (/[<>]|==|!=|~/.test(p)) return { rule: 'bool-index', part: p };
    const name = /^[A-Za-z_]\w*$/.exec(p)?.[0];
    if (name && arrays.has(name)) {
      const v = arrays.get(name);
      return { rule: v.dtype === 'bool' ? 'bool-index' : 'fancy-index', part: p };
    }
    if (p.includes(':')) { basicOther += 1; continue; }
    ints += 1; // an integer, an int variable or an int expression
  }
  // NumPy gives a scalar; PyTorch a 0-d tensor that is a view.
  if (lib !== 'torch' && ndim != null && basicOther === 0 && ints === ndim) return { rule: 'scalar-index' };
  return { rule: 'basic-index' };
}

function classifyStep(step, lib, ctx) {
  if (step.kind === 'index') return classifyIndex(step, lib, ctx.ndim, ctx.arrays);
  if (step.kind === 'attr') {
    if (step.name === 'T' || step.name === 'mT') return { rule: 'transpose' };
    if (step.name === 'real' || step.name === 'imag') return { rule: 'real-imag' };
    if (lib === 'torch' && step.name === 'data') return { rule: 'detach' };
    return { rule: 'unknown' };
  }
  if (step.kind === 'method') {
    if (lib === 'torch') {
      let rule = TORCH_METHODS[step.name];
      if (step.name === 'view' && step.args.positional.length === 1 && DTYPE_ARG.test(step.args.positional[0])) rule = 'torch-view-dtype';
      if (step.name === 'view' && step.args.keywords.dtype) rule = 'torch-view-dtype';
      if (rule) return { rule };
    } else {
      let rule = NP_METHODS[step.name];
      if (step.name === 'view') rule = step.args.positional.length || step.args.keywords.dtype ? 'view-dtype' : 'view-method';
      if (rule) return { rule };
    }
    if (COMPUTE.has(step.name)) return { rule: 'compute' };
    return { rule: 'unknown' };
  }
  if (step.kind === 'func') {
    const table = step.lib === 'torch' ? TORCH_FUNCS : NP_FUNCS;
    const rule = table[step.name] ?? (COMPUTE.has(step.name) ? 'compute' : 'unknown');
    return { rule };
  }
  return { rule: 'unknown' };
}

// The library of the object after a step: conversions switch it.
function libAfter(step, lib) {
  if (step.kind === 'method' && step.name === 'numpy') return 'numpy';
  if (step.kind === 'func' && step.lib === 'torch') return 'torch';
  if (step.kind === 'func' && step.lib === 'numpy') return 'numpy';
  return lib;
}

function isArrayVar(v) {
  return v && (v.kind === 'ndarray' || v.kind === 'tensor') && Array.isArray(v.shape);
}

export function variablesByName(snapshot) {
  const map = new Map();
  for (const v of snapshot?.variables ?? []) if (v.topLevel !== false) map.set(v.name, v);
  return map;
}

/**
 * Decides whether to ask, before running. Returns null (just run) or the analysis.
 * @returns {null | { code: string, target: string, source: string, sourceVar: object, steps: Array,
 *   rules: Array<{rule: string, step: object, lib: string, part?: string}>, expect: string, lib: string }}
 */
export function analyzeStatement(code, snapshot) {
  const clean = stripComments(String(code ?? ''));
  if (clean == null) return null;
  const lines = clean.split('\n').map((l) => l.replace(/\s+$/, '')).filter((l) => l.trim());
  if (lines.length !== 1) return null;
  const line = lines[0];
  if (/^\s/.test(line)) return null;
  const asg = /^([A-Za-z_]\w*)\s*=(?!=)\s*(.+)$/.exec(line);
  if (!asg) return null;
  const [, target, expr] = asg;
  if (splitTop(expr, ';')?.length !== 1) return null;
  const aliases = importAliases(String(code));
  const vars = variablesByName(snapshot);
  const arrays = new Map([...vars].filter(([, v]) => isArrayVar(v)));
  // Names that are modules in the program are never array sources.
  const chain = parseChain(expr, aliases);
  if (!chain) return null;
  const sourceVar = arrays.get(chain.root);
  if (!sourceVar) return null;
  let lib = sourceVar.kind === 'tensor' ? 'torch' : 'numpy';
  const rules = [];
  if (!chain.steps.length && !chain.rest) rules.push({ rule: 'alias', lib, step: null });
  let ndim = sourceVar.shape.length;
  for (const step of chain.steps) {
    const c = classifyStep(step, lib, { ndim, arrays });
    rules.push({ ...c, lib, step });
    ndim = null; // only the first step's input shape is known for sure
    lib = libAfter(step, lib);
  }
  if (chain.rest) {
    // `a + 1`, `a[::2] * 2`: an operator makes a new array whatever came before.
    if (!/^(\*\*|[-+*/%@&|^]|\/\/)/.test(chain.rest)) return null;
    rules.push({ rule: 'arith', lib, step: { kind: 'op', raw: chain.rest } });
  }
  if (!rules.length) return null;
  return {
    code: String(code),
    target,
    source: chain.root,
    sourceVar,
    steps: chain.steps,
    rules,
    lib,
    expect: combineExpect(rules.map((r) => RULE_EXPECT[r.rule] ?? 'unknown')),
  };
}

function combineExpect(list) {
  if (list.includes('copy')) return 'copy';
  if (list.includes('scalar')) return 'scalar';
  if (list.includes('unknown')) return 'unknown';
  if (list.includes('view-or-error')) return 'view-or-error';
  if (list.includes('depends')) return 'depends';
  if (list.every((x) => x === 'same')) return 'same';
  return 'view';
}

// ---- the no-copy reshape algorithm -------------------------------------------------

/**
 * NumPy's _attempt_nocopy_reshape (C order), which PyTorch's computeStride matches for
 * these purposes: can `shape`/`strides` (bytes) be seen as `newShape` without moving
 * bytes? Returns { ok: true, strides } or { ok: false, oldAxes, dims, strides: oldStrides,
 * at } where axis `at` (an index into oldAxes) breaks the group: strides[at] !=
 * dims[at + 1] * strides[at + 1].
 */
export function nocopyReshape(shape, strides, newShape, itemsize) {
  const size = shape.reduce((a, b) => a * b, 1);
  const newSize = newShape.reduce((a, b) => a * b, 1);
  if (size !== newSize) return { ok: false, sizeMismatch: true };
  if (size === 0) return { ok: true, strides: newShape.map(() => itemsize) };
  const oldAxes = [];
  for (let k = 0; k < shape.length; k += 1) if (shape[k] !== 1) oldAxes.push(k);
  const od = oldAxes.map((k) => shape[k]);
  const os = oldAxes.map((k) => strides[k]);
  const nd = newShape;
  const ns = new Array(nd.length).fill(0);
  let oi = 0; let oj = 1; let ni = 0; let nj = 1;
  while (ni < nd.length && oi < od.length) {
    let np = nd[ni];
    let op = od[oi];
    while (np !== op) {
      if (np < op) np *= nd[nj++];
      else op *= od[oj++];
    }
    for (let ok = oi; ok < oj - 1; ok += 1) {
      if (os[ok] !== od[ok + 1] * os[ok + 1]) {
        return {
          ok: false,
          group: oldAxes.slice(oi, oj),
          dims: od.slice(oi, oj),
          strides: os.slice(oi, oj),
          at: ok - oi,
          newAxes: range(ni, nj),
        };
      }
    }
    ns[nj - 1] = os[oj - 1];
    for (let nk = nj - 1; nk > ni; nk -= 1) ns[nk - 1] = ns[nk] * nd[nk];
    ni = nj++;
    oi = oj++;
  }
  const last = ni >= 1 ? ns[ni - 1] : itemsize;
  for (let nk = ni; nk < nd.length; nk += 1) ns[nk] = last;
  return { ok: true, strides: ns };
}

function range(a, b) {
  const out = [];
  for (let k = a; k < b; k += 1) out.push(k);
  return out;
}

export function isFContiguous(shape, strides, itemsize) {
  return isCContiguous([...shape].reverse(), [...strides].reverse(), itemsize);
}

/** The layout after a step, for transposes and basic slicing; null when unknown. */
export function followLayout(layout, r, intVars = new Map()) {
  const step = r.step;
  if (!step) return layout;
  const rev = () => ({ ...layout, shape: [...layout.shape].reverse(), strides: [...layout.strides].reverse() });
  if (r.rule === 'transpose') {
    if (step.kind === 'attr' && step.name === 'T') return rev();
    if (step.kind === 'method' && (step.name === 't' || (step.name === 'transpose' && !step.args.positional.length))) return rev();
    if (step.kind === 'method' && step.name === 'transpose' && layout.shape.length === 2) return rev();
    return null;
  }
  if (r.rule === 'basic-index' && step.kind === 'index') return basicIndexLayout(layout, step.parts, intVars);
  return null;
}

function basicIndexLayout(layout, parts, intVars) {
  const shape = [];
  const strides = [];
  const consumed = parts.filter((p) => p !== 'None' && p !== '...' && !/newaxis$/.test(p)).length;
  if (consumed > layout.shape.length) return null;
  let axis = 0;
  for (const part of parts) {
    if (part === 'None' || /newaxis$/.test(part)) { shape.push(1); strides.push(0); continue; }
    if (part === '...') {
      const fill = layout.shape.length - consumed;
      for (let k = 0; k < fill; k += 1, axis += 1) { shape.push(layout.shape[axis]); strides.push(layout.strides[axis]); }
      continue;
    }
    const n = layout.shape[axis];
    const st = layout.strides[axis];
    if (part.includes(':')) {
      const bits = part.split(':');
      if (bits.length > 3) return null;
      const num = (x) => (x.trim() === '' ? null : evalInt(x, intVars));
      const step = bits.length === 3 ? num(bits[2]) : null;
      if (bits.length === 3 && bits[2].trim() !== '' && step == null) return null;
      const stepV = step ?? 1;
      if (stepV === 0) return null;
      const startRaw = bits[0].trim() === '' ? null : num(bits[0]);
      const stopRaw = bits[1].trim() === '' ? null : num(bits[1]);
      if ((bits[0].trim() !== '' && startRaw == null) || (bits[1].trim() !== '' && stopRaw == null)) return null;
      const len = sliceLength(n, startRaw, stopRaw, stepV);
      shape.push(len);
      strides.push(st * stepV);
    } else if (evalInt(part, intVars) == null) {
      return null;
    }
    axis += 1;
  }
  for (; axis < layout.shape.length; axis += 1) { shape.push(layout.shape[axis]); strides.push(layout.strides[axis]); }
  return { ...layout, shape, strides };
}

// Python's slice.indices() length.
function sliceLength(n, start, stop, step) {
  const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), hi);
  let a;
  let b;
  if (step > 0) {
    a = start == null ? 0 : clamp(start < 0 ? start + n : start, 0, n);
    b = stop == null ? n : clamp(stop < 0 ? stop + n : stop, 0, n);
    return Math.max(0, Math.ceil((b - a) / step));
  }
  a = start == null ? n - 1 : clamp(start < 0 ? start + n : start, -1, n - 1);
  b = stop == null ? -1 : clamp(stop < 0 ? stop + n : stop, -1, n - 1);
  return Math.max(0, Math.ceil((a - b) / -step));
}

export function isCContiguous(shape, strides, itemsize) {
  let expected = itemsize;
  for (let k = shape.length - 1; k >= 0; k -= 1) {
    if (shape[k] === 0) return true;
    if (shape[k] !== 1 && strides[k] !== expected) return false;
    expected *= shape[k];
  }
  return true;
}

// A shape argument of reshape/view: (3, 4), [3, 4], 3, 4, -1 with simple int arithmetic.
export function parseShapeArgs(args, size, intVars) {
  let items = args.positional;
  if (items.length === 1 && /^[([]/.test(items[0])) {
    const inner = items[0].slice(1, -1);
    items = splitTop(inner)?.filter((x) => x !== '') ?? null;
    if (!items) return null;
  }
  if (args.keywords?.shape) return parseShapeArgs({ positional: [args.keywords.shape], keywords: {} }, size, intVars);
  if (!items.length) return null;
  const dims = [];
  for (const it of items) {
    const n = evalInt(it, intVars);
    if (n == null) return null;
    dims.push(n);
  }
  const unknown = dims.filter((d) => d === -1).length;
  if (unknown > 1) return null;
  if (unknown === 1) {
    const known = dims.filter((d) => d !== -1).reduce((a, b) => a * b, 1);
    if (known === 0 || size % known) return null;
    dims[dims.indexOf(-1)] = size / known;
  }
  return dims;
}

/** Integer literals, int variables, + - * // and parentheses; null otherwise. */
export function evalInt(text, intVars = new Map()) {
  const tokens = String(text).match(/\d+|[A-Za-z_]\w*|\/\/|[-+*()]|\S/g) ?? [];
  let i = 0;
  const peek = () => tokens[i];
  const expr = () => {
    let v = term();
    while (v != null && (peek() === '+' || peek() === '-')) {
      const op = tokens[i++];
      const r = term();
      if (r == null) return null;
      v = op === '+' ? v + r : v - r;
    }
    return v;
  };
  const term = () => {
    let v = unary();
    while (v != null && (peek() === '*' || peek() === '//')) {
      const op = tokens[i++];
      const r = unary();
      if (r == null || (op === '//' && r === 0)) return null;
      v = op === '*' ? v * r : Math.floor(v / r);
    }
    return v;
  };
  const unary = () => {
    if (peek() === '-') { i += 1; const v = unary(); return v == null ? null : -v; }
    if (peek() === '+') { i += 1; return unary(); }
    if (peek() === '(') {
      i += 1;
      const v = expr();
      if (tokens[i++] !== ')') return null;
      return v;
    }
    const tok = tokens[i++];
    if (tok == null) return null;
    if (/^\d+$/.test(tok)) return Number(tok);
    if (intVars.has(tok)) return intVars.get(tok);
    return null;
  };
  const v = expr();
  return i === tokens.length && Number.isSafeInteger(v) ? v : null;
}

function intVariables(snapshot) {
  const out = new Map();
  for (const v of snapshot?.variables ?? []) {
    if (v.type === 'int' && /^-?\d+$/.test(v.preview ?? '')) out.set(v.name, Number(v.preview));
  }
  return out;
}

// ---- the verdict -----------------------------------------------------------------

/**
 * What really happened, from the snapshots.
 * @returns {{ outcome: 'view'|'same'|'copy'|'error'|'scalar'|'missing', targetVar?: object,
 *   sourceAfter?: object, details: Array<{rule: string, lib: string, vars: object, note?: string}>,
 *   error?: string }}
 */
export function judge(analysis, result, before, after) {
  const afterVars = variablesByName(after);
  const sourceBefore = analysis.sourceVar;
  const targetVar = afterVars.get(analysis.target);
  const sourceAfter = analysis.target === analysis.source ? null : afterVars.get(analysis.source);
  let outcome;
  if (result?.error) outcome = 'error';
  else if (!targetVar) outcome = 'missing';
  else if (!isArrayVar(targetVar)) outcome = 'scalar';
  else if (sourceAfter && targetVar.object != null && targetVar.object === sourceAfter.object) outcome = 'same';
  else if (targetVar.storage === sourceBefore.storage) outcome = 'view';
  else outcome = 'copy';

  const details = analysis.rules.map((r, index) => explainRule(r, index, { analysis, result, before, targetVar, outcome }));
  return { outcome, targetVar, sourceAfter, details, error: result?.error ?? null };
}

function fmtTuple(xs) {
  return `(${xs.join(', ')}${xs.length === 1 ? ',' : ''})`;
}

// Facts for the rule's "this time" sentence: layout numbers and which branch applied.
function explainRule(r, index, { analysis, result, before, targetVar, outcome }) {
  const src = analysis.sourceVar;
  const direct = index === 0;
  const isLast = index === analysis.rules.length - 1;
  const vars = {
    a: analysis.source,
    b: analysis.target,
    shape: fmtTuple(src.shape),
    strides: fmtTuple(src.strides),
    dtype: src.dtype ?? '',
    op: describeStep(r.step),
  };
  const out = { rule: r.rule, lib: r.lib, vars, note: null, noteVars: {} };
  if (r.part) vars.part = r.part;

  // Layout of this step's input, when it is known: the variable itself, followed through
  // transposes and basic slices with literal bounds.
  const intVars = intVariables(before);
  // Tensors are described in elements (as PyTorch prints strides); arrays in bytes.
  const tensor = src.kind === 'tensor' && Array.isArray(src.elementStrides);
  let layout = tensor
    ? { shape: src.shape, strides: src.elementStrides, itemsize: 1 }
    : { shape: src.shape, strides: src.strides, itemsize: src.itemsize };
  if (tensor) vars.strides = fmtTuple(src.elementStrides);
  for (let k = 0; k < index && layout; k += 1) layout = followLayout(layout, analysis.rules[k], intVars);

  const reshapeLike = r.rule === 'reshape' || r.rule === 'torch-reshape' || r.rule === 'torch-view' || r.rule === 'ravel';
  if (reshapeLike && layout && r.step) {
    const size = layout.shape.reduce((x, y) => x * y, 1);
    let newShape = null;
    if (r.rule === 'ravel' || r.step.name === 'flatten') newShape = [size];
    else if (isLast && targetVar && Array.isArray(targetVar.shape) && !result?.error) newShape = targetVar.shape;
    else if (r.step.args) {
      // np.reshape(a, shape) / torch.reshape(t, shape): the first argument is the source.
      const args = r.step.kind === 'func'
        ? { positional: r.step.args.positional.slice(1), keywords: { shape: r.step.args.keywords.newshape ?? r.step.args.keywords.shape } }
        : r.step.args;
      if (!args.keywords.shape) delete args.keywords.shape;
      newShape = parseShapeArgs(args, size, intVars);
    }
    const contiguous = isCContiguous(layout.shape, layout.strides, layout.itemsize);
    out.noteVars = {
      inShape: fmtTuple(layout.shape),
      inStrides: fmtTuple(layout.strides),
      newShape: newShape ? fmtTuple(newShape) : '?',
    };
    if (r.rule === 'ravel') {
      out.note = contiguous ? 'contiguous' : 'notContiguous';
      if (!contiguous && newShape) {
        const attempt = nocopyReshape(layout.shape, layout.strides, newShape, layout.itemsize);
        out.note = attempt.ok ? 'ravelCopyButReshapeWouldView' : 'ravelCopy';
        if (attempt.ok) out.noteVars.newStrides = fmtTuple(attempt.strides);
      }
    } else if (newShape) {
      if (contiguous) {
        out.note = 'contiguous';
      } else {
        const attempt = nocopyReshape(layout.shape, layout.strides, newShape, layout.itemsize);
        if (attempt.sizeMismatch) out.note = null;
        else if (attempt.ok) {
          out.note = 'regroup';
          out.noteVars.newStrides = fmtTuple(attempt.strides);
        } else {
          const k = attempt.at;
          out.note = 'cannotMerge';
          Object.assign(out.noteVars, {
            axes: fmtTuple(attempt.group),
            dims: fmtTuple(attempt.dims),
            groupStrides: fmtTuple(attempt.strides),
            left: attempt.strides[k],
            dim: attempt.dims[k + 1],
            right: attempt.strides[k + 1],
            product: attempt.dims[k + 1] * attempt.strides[k + 1],
          });
        }
      }
    }
  } else if ((r.rule === 'ascontiguous' || r.rule === 'torch-contiguous') && layout) {
    out.note = isCContiguous(layout.shape, layout.strides, layout.itemsize) ? 'contiguous' : 'notContiguous';
    out.noteVars = { inShape: fmtTuple(layout.shape), inStrides: fmtTuple(layout.strides) };
  } else if (r.rule === 'asfortran' && layout) {
    out.note = isFContiguous(layout.shape, layout.strides, layout.itemsize) ? 'fContiguous' : 'notFContiguous';
  } else if ((r.rule === 'astype' || r.rule === 'torch-to') && isLast && targetVar?.dtype) {
    out.noteVars = { from: src.dtype, to: targetVar.dtype };
    out.note = direct && src.dtype === targetVar.dtype ? 'sameDtype' : 'newDtype';
  } else if (r.rule === 'asarray' || r.rule === 'as-tensor') {
    out.note = outcome === 'same' || outcome === 'view' ? 'noConversion' : 'conversion';
  }
  // A view() that raised, when the layout could not be followed: at least say why.
  if (r.rule === 'torch-view' && result?.error && !out.note) out.note = 'failed';
  return out;
}

export function describeStep(step) {
  if (!step) return '=';
  if (step.kind === 'index') return `[${step.raw}]`;
  if (step.kind === 'attr') return `.${step.name}`;
  if (step.kind === 'method') return `.${step.name}(${step.args.raw})`;
  if (step.kind === 'func') return `${step.path.join('.')}(…)`.replace(/^numpy\./, 'np.');
  if (step.kind === 'op') return step.raw.split(/\s+/)[0];
  return '';
}

/** Was the prediction right? 'same' counts as "view" (no bytes were copied). */
export function predictionCorrect(prediction, outcome) {
  if (outcome === 'view' || outcome === 'same') return prediction === 'view';
  if (outcome === 'copy') return prediction === 'copy';
  return null;
}
