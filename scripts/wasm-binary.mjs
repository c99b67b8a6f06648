// A few reads and rewrites of a .wasm binary's sections (the parts of the format
// the build's tools need: exports and globals, data segments), for
// scripts/split-engine.mjs (Note [Deferred data] in core/model/deferred_data.hpp)
// and scripts/size-report.mjs. Section ids and encodings follow the WebAssembly
// core specification (binary format, chapter 5).

export const SECTION = { custom: 0, type: 1, import: 2, function: 3, table: 4, memory: 5, global: 6, export: 7, start: 8, element: 9, code: 10, data: 11, datacount: 12, tag: 13 };

// A cursor over bytes: LEB128 numbers, names, constant expressions.
export class Reader {
  constructor(bytes, at = 0) {
    this.b = bytes;
    this.i = at;
  }
  u8() { return this.b[this.i++]; }
  uleb() {
    let r = 0, s = 0, x;
    do {
      x = this.b[this.i++];
      r += (x & 0x7f) * 2 ** s;
      s += 7;
    } while (x & 0x80);
    return r;
  }
  sleb() {
    let r = 0n, s = 0n, x;
    do {
      x = this.b[this.i++];
      r |= BigInt(x & 0x7f) << s;
      s += 7n;
    } while (x & 0x80);
    if (x & 0x40) r -= 1n << s;
    return r;
  }
  bytes(n) {
    const out = this.b.subarray(this.i, this.i + n);
    this.i += n;
    return out;
  }
  name() { return Buffer.from(this.bytes(this.uleb())).toString('utf8'); }
  // A constant expression: { op, value } for i32.const/i64.const/global.get, else { op }.
  constExpr() {
    const op = this.u8();
    let value = null;
    if (op === 0x41 || op === 0x42) value = Number(this.sleb());
    else if (op === 0x23) value = this.uleb();
    else if (op === 0x43) this.i += 4;
    else if (op === 0x44) this.i += 8;
    else if (op === 0xd0) this.i += 1;
    else if (op === 0xd2) this.uleb();
    else throw new Error(`unsupported constant expression opcode 0x${op.toString(16)}`);
    if (this.u8() !== 0x0b) throw new Error('constant expression longer than one instruction');
    return { op, value };
  }
}

export function uleb(n) {
  const out = [];
  do {
    let x = n % 128;
    n = Math.floor(n / 128);
    if (n) x |= 0x80;
    out.push(x);
  } while (n);
  return Buffer.from(out);
}
export function sleb(n) {
  const out = [];
  let v = BigInt(n);
  for (;;) {
    const x = Number(v & 0x7fn);
    v >>= 7n;
    if ((v === 0n && !(x & 0x40)) || (v === -1n && (x & 0x40))) {
      out.push(x);
      return Buffer.from(out);
    }
    out.push(x | 0x80);
  }
}

// [{ id, name (custom sections), start (the id byte), body: [from, to) }]
export function sections(bytes) {
  if (bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d) throw new Error('not a .wasm');
  const out = [];
  const r = new Reader(bytes, 8);
  while (r.i < bytes.length) {
    const start = r.i;
    const id = r.u8();
    const size = r.uleb();
    const from = r.i;
    let name = null;
    if (id === 0) name = new Reader(bytes, from).name();
    out.push({ id, name, start, from, to: from + size });
    r.i = from + size;
  }
  return out;
}

const section = (bytes, id) => sections(bytes).find((s) => s.id === id);

// The module's imports: [{ module, name, kind }] (kind 0 func, 1 table, 2 memory, 3 global, 4 tag).
export function imports(bytes) {
  const s = section(bytes, SECTION.import);
  if (!s) return [];
  const r = new Reader(bytes, s.from);
  const out = [];
  for (let n = r.uleb(); n > 0; --n) {
    const module = r.name(), name = r.name(), kind = r.u8();
    if (kind === 0) r.uleb();
    else if (kind === 1) { r.u8(); const fl = r.uleb(); r.uleb(); if (fl & 1) r.uleb(); }
    else if (kind === 2) { const fl = r.uleb(); r.uleb(); if (fl & 1) r.uleb(); }
    else if (kind === 3) r.i += 2;
    else if (kind === 4) { r.u8(); r.uleb(); }
    out.push({ module, name, kind });
  }
  return out;
}

// The value of each exported global whose initializer is a constant: { name: number }.
export function exportedConstants(bytes) {
  const importedGlobals = imports(bytes).filter((i) => i.kind === 3).length;
  const values = [];
  const g = section(bytes, SECTION.global);
  if (g) {
    const r = new Reader(bytes, g.from);
    for (let n = r.uleb(); n > 0; --n) {
      r.i += 2;  // value type, mutability
      const e = r.constExpr();
      values.push(e.op === 0x41 || e.op === 0x42 ? e.value : null);
    }
  }
  const out = {};
  const e = section(bytes, SECTION.export);
  if (!e) return out;
  const r = new Reader(bytes, e.from);
  for (let n = r.uleb(); n > 0; --n) {
    const name = r.name(), kind = r.u8(), index = r.uleb();
    if (kind === 3 && index >= importedGlobals && values[index - importedGlobals] != null) out[name] = values[index - importedGlobals];
  }
  return out;
}

// The data segments: [{ mode: 'active' | 'passive', address, bytes }] (active ones in memory 0).
export function dataSegments(bytes) {
  const s = section(bytes, SECTION.data);
  if (!s) return [];
  const r = new Reader(bytes, s.from);
  const out = [];
  for (let n = r.uleb(); n > 0; --n) {
    const flags = r.uleb();
    if (flags === 1) {
      out.push({ mode: 'passive', address: null, bytes: r.bytes(r.uleb()) });
      continue;
    }
    if (flags === 2 && r.uleb() !== 0) throw new Error('a data segment for a memory other than 0');
    if (flags > 2) throw new Error(`unknown data segment flags ${flags}`);
    const e = r.constExpr();
    if (e.op !== 0x41) throw new Error('an active data segment whose address is not an i32.const');
    out.push({ mode: 'active', address: e.value >>> 0, bytes: r.bytes(r.uleb()) });
  }
  return out;
}

function encodeSegments(segments) {
  const parts = [uleb(segments.length)];
  for (const seg of segments) {
    if (seg.mode === 'passive') parts.push(uleb(1));
    else parts.push(uleb(0), Buffer.from([0x41]), sleb(seg.address | 0), Buffer.from([0x0b]));
    parts.push(uleb(seg.bytes.length), Buffer.from(seg.bytes));
  }
  return Buffer.concat(parts);
}

const encodeSection = (id, body) => Buffer.concat([Buffer.from([id]), uleb(body.length), body]);

// The module with its data segments replaced by `segments` (the data count
// section, when there is one, follows; a data section is added after the code
// section when there was none).
export function withDataSegments(bytes, segments) {
  const all = sections(bytes);
  const parts = [Buffer.from(bytes.subarray(0, 8))];
  let placed = false;
  const hasCount = all.some((s) => s.id === SECTION.datacount);
  for (const s of all) {
    if (s.id === SECTION.data) {
      parts.push(encodeSection(SECTION.data, encodeSegments(segments)));
      placed = true;
    } else if (s.id === SECTION.datacount) {
      parts.push(encodeSection(SECTION.datacount, uleb(segments.length)));
    } else {
      parts.push(Buffer.from(bytes.subarray(s.start, s.to)));
      if (s.id === SECTION.code && !all.some((t) => t.id === SECTION.data)) {
        parts.push(encodeSection(SECTION.data, encodeSegments(segments)));
        placed = true;
      }
    }
  }
  if (!placed) throw new Error('no code section to put the data section after');
  if (!hasCount && segments.some((s) => s.mode === 'passive')) throw new Error('passive segments need a data count section');
  return Buffer.concat(parts);
}
