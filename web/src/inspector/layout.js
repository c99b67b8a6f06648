// Element addresses of a strided array, computed from the snapshot's layout fields.
//
// An element with index (i_0, ..., i_{n-1}) starts at byte
//     offset + Σ_k i_k × strides[k]          (strides in bytes, NumPy's convention)
// inside its storage and covers `itemsize` bytes from there. Negative strides walk
// backwards, a zero stride maps several logical elements onto the same bytes, and
// as_strided windows can make elements overlap; none of this needs special cases
// here: we enumerate starts in logical (C) order and sort them.
//
// Enumeration is capped (ENUM_CAP elements, the first ones in logical order) so the
// page stays responsive for a 1e8-element array; callers show a "showing first N"
// note when `capped` is set. Results are cached by layout, so re-rendering (zoom,
// hover, re-selecting) never re-enumerates.

export const ENUM_CAP = 100_000;
// Sorting packs (start, logical index) into one double: start × PACK + index.
// Starts are < 2^32 (wasm32 heap) and indices < PACK, so the product stays < 2^53.
const PACK = 131_072;

const cache = new Map();
const CACHE_MAX = 24;

export function layoutKey(v) {
  return `${v.storage}|${v.offset}|${v.itemsize}|${v.shape.join(',')}|${v.strides.join(',')}`;
}

/** The (cached) element layout of an array variable from the snapshot. */
export function layoutOf(v, cap = ENUM_CAP) {
  const key = `${layoutKey(v)}|${cap}`;
  let l = cache.get(key);
  if (l) {
    cache.delete(key);
    cache.set(key, l);
    return l;
  }
  l = new ElementLayout(v, cap);
  cache.set(key, l);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value);
  return l;
}

export class ElementLayout {
  constructor(v, cap = ENUM_CAP) {
    this.shape = v.shape.slice();
    this.strides = v.strides.slice();
    this.offset = v.offset;
    this.itemsize = v.itemsize;
    this.total = this.shape.reduce((a, b) => a * b, 1);
    this.count = Math.min(this.total, Math.min(cap, PACK - 1));
    this.capped = this.count < this.total;

    const { shape, strides, count } = this;
    const nd = shape.length;
    // Logical order: offsets[i] is the start byte of flat index i.
    const offsets = new Float64Array(count);
    if (count > 0) {
      const idx = new Array(nd).fill(0);
      let off = this.offset;
      for (let i = 0; i < count; i += 1) {
        offsets[i] = off;
        for (let d = nd - 1; d >= 0; d -= 1) {
          idx[d] += 1;
          off += strides[d];
          if (idx[d] < shape[d]) break;
          off -= strides[d] * shape[d];
          idx[d] = 0;
        }
      }
    }
    this.offsets = offsets;

    // Address order, for "which elements cover byte b".
    const packed = new Float64Array(count);
    for (let i = 0; i < count; i += 1) packed[i] = offsets[i] * PACK + i;
    packed.sort();
    const sOff = new Float64Array(count);
    const sIdx = new Uint32Array(count);
    for (let i = 0; i < count; i += 1) {
      const s = Math.floor(packed[i] / PACK);
      sOff[i] = s;
      sIdx[i] = packed[i] - s * PACK;
    }
    this.sOff = sOff;
    this.sIdx = sIdx;

    // Runs: the union of [start, start + itemsize) as disjoint sorted intervals;
    // overlaps: the bytes covered more than once (same shape).
    const isz = this.itemsize;
    const runs = [];
    const overlaps = [];
    let lo = -1;
    let hi = -1;
    for (let i = 0; i < count; i += 1) {
      const s = sOff[i];
      const e = s + isz;
      if (s < hi) {
        const oe = Math.min(hi, e);
        if (overlaps.length && overlaps[overlaps.length - 1] >= s) {
          overlaps[overlaps.length - 1] = Math.max(overlaps[overlaps.length - 1], oe);
        } else overlaps.push(s, oe);
        if (e > hi) hi = e;
      } else {
        if (hi > lo) runs.push(lo, hi);
        lo = s;
        hi = e;
      }
    }
    if (hi > lo && count > 0) runs.push(lo, hi);
    this.runs = Float64Array.from(runs);
    this.overlaps = Float64Array.from(overlaps);
    this.lo = count ? sOff[0] : 0;
    this.hi = count ? runs[runs.length - 1] : 0;
  }

  /** Index tuple (C order) of a flat logical index. */
  unravel(flat) {
    const idx = new Array(this.shape.length);
    let r = flat;
    for (let d = this.shape.length - 1; d >= 0; d -= 1) {
      const n = this.shape[d];
      idx[d] = n > 0 ? r % n : 0;
      r = n > 0 ? Math.floor(r / n) : 0;
    }
    return idx;
  }

  /** Sorted positions (in sOff/sIdx) of elements whose bytes meet [lo, hi). */
  range(lo, hi) {
    const first = lowerBound(this.sOff, lo - this.itemsize + 1);
    let end = first;
    while (end < this.count && this.sOff[end] < hi) end += 1;
    return [first, end];
  }

  /** Flat indices (logical order) of the elements covering any byte of [lo, hi). */
  covering(lo, hi, max = Infinity) {
    const [a, b] = this.range(lo, hi);
    const out = [];
    for (let p = a; p < b && out.length < max; p += 1) out.push(this.sIdx[p]);
    out.sort((x, y) => x - y);
    return { flats: out, total: b - a };
  }

  /** Bytes of [lo, hi) covered by at least one element. */
  coverage(lo, hi) {
    return intervalCover(this.runs, lo, hi);
  }

  /** Bytes of [lo, hi) covered by two or more elements. */
  overlapCover(lo, hi) {
    return intervalCover(this.overlaps, lo, hi);
  }
}

/** The first index of `sorted` (ascending) whose value is not below `x`. */
export function lowerBound(sorted, x) {
  let a = 0;
  let b = sorted.length;
  while (a < b) {
    const m = (a + b) >>> 1;
    if (sorted[m] < x) a = m + 1;
    else b = m;
  }
  return a;
}

// Interval list [lo0, hi0, lo1, hi1, ...] sorted and disjoint.
function intervalCover(iv, lo, hi) {
  const n = iv.length / 2;
  // first interval whose end > lo
  let a = 0;
  let b = n;
  while (a < b) {
    const m = (a + b) >>> 1;
    if (iv[2 * m + 1] <= lo) a = m + 1;
    else b = m;
  }
  let sum = 0;
  for (let k = a; k < n && iv[2 * k] < hi; k += 1) {
    sum += Math.min(hi, iv[2 * k + 1]) - Math.max(lo, iv[2 * k]);
  }
  return sum;
}

/**
 * Whether two layouts on the same storage have a byte in common: true / false, or
 * null when either enumeration was capped (then only the engine knows).
 */
export function layoutsIntersect(a, b) {
  if (a.capped || b.capped) return null;
  const x = a.runs;
  const y = b.runs;
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    if (x[i + 1] <= y[j]) i += 2;
    else if (y[j + 1] <= x[i]) j += 2;
    else return true;
  }
  return false;
}
