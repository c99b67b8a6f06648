// What the panels need, derived from one snapshot (and the previous one). Pure data:
// no DOM. The snapshot is the whole contract with the engine (core/api/snapshot.cpp);
// this file only indexes it.

import { layoutOf, layoutsIntersect } from './layout.js';

export const ARRAY_KINDS = new Set(['ndarray', 'tensor']);

export function isArrayVar(v) {
  return v != null && ARRAY_KINDS.has(v.kind) && Array.isArray(v.shape) && Array.isArray(v.strides);
}

// A variable's values changed when its content hash differs. Builds without hashes
// (or arrays above the engine's hash cap, hash null on both sides) fall back to the
// preview text, which is exact for small arrays and a good signal for big ones.
function fingerprint(v) {
  if (typeof v.hash === 'string') return `h:${v.hash}|${v.dtype}|${v.shape?.join(',')}`;
  return `p:${v.preview ?? ''}|${v.dtype ?? ''}|${v.shape?.join(',') ?? ''}`;
}

// `step` (a timeline step, or null): its bytesChanged -- per storage, the byte ranges
// [lo, hi) whose values that statement changed (core/api/trace.hpp) -- for the strip.
export function buildModel(snapshot, previous, step = null) {
  return new SnapshotModel(snapshot, previous, step);
}

function writtenRanges(step) {
  const written = new Map();
  for (const b of Array.isArray(step?.bytesChanged) ? step.bytesChanged : []) {
    if (Array.isArray(b?.ranges) && b.ranges.length >= 2) written.set(b.storage, { ranges: b.ranges, coarse: !!b.coarse });
  }
  return written;
}

function changedNames(vars, previous) {
  const changed = new Set();
  if (!previous || !Array.isArray(previous.variables)) return changed;
  const before = new Map(previous.variables.map((v) => [v.name, v]));
  for (const v of vars) {
    const p = before.get(v.name);
    if (!p) continue;
    if (fingerprint(p) !== fingerprint(v)) changed.add(v.name);
  }
  return changed;
}

// The canonical name of each object (first top-level variable, else first member):
// "b = a" makes b an alias of a; `pair = (a, v)` makes pair[1] an alias of v.
function canonicalNames(arrays) {
  const firstNameOfObject = new Map();
  for (const pass of [true, false]) {
    for (const v of arrays) {
      if ((v.topLevel !== false) !== pass) continue;
      if (v.object != null && v.object >= 0 && !firstNameOfObject.has(v.object)) firstNameOfObject.set(v.object, v.name);
    }
  }
  return firstNameOfObject;
}

class SnapshotModel {
  #firstNameOfObject;
  #tooHardSet;

  constructor(snapshot, previous, step) {
    const vars = Array.isArray(snapshot?.variables) ? snapshot.variables : [];
    this.snapshot = snapshot;
    this.vars = vars;
    this.byName = new Map(vars.map((v) => [v.name, v]));
    this.objects = new Map((snapshot?.objects ?? []).map((o) => [o.id, o]));
    this.storages = new Map((snapshot?.storages ?? []).map((s) => [s.id, s]));
    this.arrays = vars.filter(isArrayVar);
    this.changed = changedNames(vars, previous);
    this.step = step;
    this.written = writtenRanges(step);
    this.groups = (snapshot?.shareGroups ?? []).filter((g) => Array.isArray(g) && g.length > 1);
    this.groupOf = new Map();
    this.groups.forEach((g, i) => g.forEach((name) => this.groupOf.set(name, i)));
    this.tooHard = (snapshot?.tooHardPairs ?? []).filter((p) => Array.isArray(p) && p.length === 2);
    this.heap = snapshot?.heap ?? null;
    this.#firstNameOfObject = canonicalNames(this.arrays);
    this.#tooHardSet = new Set(this.tooHard.map(([a, b]) => pairKey(a, b)));
  }

  aliasOf(v) {
    const first = this.#firstNameOfObject.get(v.object);
    return first != null && first !== v.name ? first : null;
  }

  /** Objects of v's base chain, nearest first: [{ id, obj }]. */
  chain(v) {
    return (v.baseChain ?? []).map((id) => ({ id, obj: this.objects.get(id) ?? null }));
  }

  /** The object holding v's bytes (last of the chain), or v's own object. */
  ownerId(v) {
    const c = v.baseChain ?? [];
    return c.length ? c[c.length - 1] : v.object;
  }

  /**
   * How to name an object: { kind: 'named' | 'hidden' | 'dummy' | 'unknown', names }.
   * Named objects use their variables; unnamed ones are a "hidden copy" (an array
   * no variable names) or as_strided's DummyArray.
   */
  describeObject(id) {
    const obj = this.objects.get(id);
    if (id == null || id < 0 || !obj) return { kind: 'unknown', names: [] };
    if (obj.names?.length) return { kind: 'named', names: obj.names, obj };
    if (obj.kind === 'DummyArray') return { kind: 'dummy', names: [], obj };
    return { kind: 'hidden', names: [], obj };
  }

  /** Other array variables whose bytes belong to the same owner object. */
  siblings(v) {
    const owner = this.ownerId(v);
    const seen = new Set([v.object]);
    return this.arrays.filter((w) => w.name !== v.name && w.object !== owner && this.ownerId(w) === owner &&
      (w.baseChain?.length ?? 0) > 0)
      .filter((w) => {
        // one node per object: its canonical name (aliases add nothing to the graph)
        if (w.object == null || w.object < 0) return true;
        if (seen.has(w.object) || this.aliasOf(w) != null) return false;
        seen.add(w.object);
        return true;
      });
  }

  /** Whether the step wrote (changed the value of) a byte of v's storage in [lo, hi). */
  writtenIn(v, lo, hi) {
    const w = this.written.get(v.storage);
    if (!w) return false;
    for (let i = 0; i + 1 < w.ranges.length; i += 2) if (w.ranges[i] < hi && lo < w.ranges[i + 1]) return true;
    return false;
  }

  /** Variables on the same storage as v (possibly without common bytes). */
  sameStorage(v) {
    return this.arrays.filter((w) => w.name !== v.name && w.storage === v.storage);
  }

  /**
   * Whether a and b have a byte in common: 'yes' | 'no' | 'maybe'. Exact from the
   * two layouts when both are small enough to enumerate; otherwise the engine's
   * answer (same group = yes, a too-hard pair = maybe). The engine's groups are
   * transitive (union-find), so they alone cannot say that two disjoint slices of
   * one matrix do not share.
   */
  shares(aName, bName) {
    const a = this.byName.get(aName);
    const b = this.byName.get(bName);
    if (!isArrayVar(a) || !isArrayVar(b)) return 'no';
    if (a.storage !== b.storage) return 'no';
    if (this.#tooHardSet.has(pairKey(aName, bName))) return 'maybe';
    if (a.size === 0 || b.size === 0) return 'no';
    if (a.extent && b.extent && (a.extent[1] <= b.extent[0] || b.extent[1] <= a.extent[0])) return 'no';
    const small = (x) => x.size <= 20_000;
    if (small(a) && small(b)) {
      const r = layoutsIntersect(layoutOf(a), layoutOf(b));
      if (r !== null) return r ? 'yes' : 'no';
    }
    const ga = this.groupOf.get(aName);
    return ga != null && ga === this.groupOf.get(bName) ? 'yes' : 'no';
  }
}

export function pairKey(a, b) {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}
