// A Web Storage in memory, for the page's parts that take `storage` (the page passes
// localStorage): what one test writes, the next part made with it reads back.
export class MemoryStorage {
  constructor() { this.map = new Map(); }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) { this.map.set(k, String(v)); }
  removeItem(k) { this.map.delete(k); }
}
