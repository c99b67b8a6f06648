// Run history, like a REPL's: every program that was run, newest last, persisted.
//
// Navigation keeps a cursor into the list and the "draft" (what the editor held before
// the first step back), so stepping forward past the newest entry gives the draft back.

const STORAGE_KEY = 'stridelab.playground.history';
const MAX_ENTRIES = 200;
const MAX_ENTRY_CHARS = 20_000;

export class RunHistory {
  constructor({ storage = globalThis.localStorage, persist = true } = {}) {
    this.storage = persist ? storage : null;
    this.entries = this.#load();
    this.cursor = this.entries.length; // == length: not navigating
    this.draft = null;
  }

  #load() {
    try {
      const raw = this.storage?.getItem(STORAGE_KEY);
      const list = raw ? JSON.parse(raw) : [];
      return Array.isArray(list) ? list.filter((x) => typeof x === 'string').slice(-MAX_ENTRIES) : [];
    } catch {
      return [];
    }
  }

  #save() {
    try {
      this.storage?.setItem(STORAGE_KEY, JSON.stringify(this.entries));
    } catch {
      // Quota: drop the oldest half and try once more.
      this.entries = this.entries.slice(Math.floor(this.entries.length / 2));
      try { this.storage?.setItem(STORAGE_KEY, JSON.stringify(this.entries)); } catch { /* give up */ }
    }
  }

  /** Records a program that ran; consecutive duplicates are kept once. */
  push(code) {
    const text = String(code ?? '');
    if (!text.trim() || text.length > MAX_ENTRY_CHARS) {
      this.reset();
      return;
    }
    if (this.entries[this.entries.length - 1] !== text) {
      this.entries.push(text);
      if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
      this.#save();
    }
    this.reset();
  }

  /** Stops navigating (after a run or an edit). */
  reset() {
    this.cursor = this.entries.length;
    this.draft = null;
  }

  get navigating() {
    return this.cursor < this.entries.length;
  }

  /** One step back; returns the text to show, or null at the oldest entry. */
  back(currentText) {
    if (this.cursor === 0) return null;
    if (!this.navigating) this.draft = currentText;
    // Skip an entry identical to what is shown (the program just run is usually still there).
    let i = this.cursor - 1;
    while (i > 0 && this.entries[i] === currentText) i -= 1;
    if (this.entries[i] === currentText) return null;
    this.cursor = i;
    return this.entries[i];
  }

  /** One step forward; past the newest entry, the draft comes back. null when not navigating. */
  forward() {
    if (!this.navigating) return null;
    this.cursor += 1;
    if (this.cursor >= this.entries.length) {
      const draft = this.draft ?? '';
      this.reset();
      return draft;
    }
    return this.entries[this.cursor];
  }
}
