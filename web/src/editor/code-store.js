// The visitor's program between visits: saved as they type (debounced, since every
// keystroke reports the text), read back when the page opens. An embed passes no
// storage: it shows the code it was given and must not overwrite the visitor's own work
// in this origin's storage.

import { readStorage, writeStorage } from '../util/storage.js';
import { debounce } from '../util/timing.js';

export const CODE_KEY = 'stridelab.playground.code';

// What the page opens with when nothing is saved and no link is followed: a view whose
// strides and base the inspector can show at once.
export const DEFAULT_PROGRAM = `import numpy as np
a = np.arange(12).reshape(3, 4)
v = a[:, ::2]
print(v)
print(v.base is a.base, np.shares_memory(a, v), v.strides)
`;

/** { read(): string|null, save(code) } over `storage` (null: nothing is kept). */
export function createCodeStore(storage, { delayMs = 300 } = {}) {
  return {
    read: () => readStorage(storage, CODE_KEY),
    save: debounce((code) => writeStorage(storage, CODE_KEY, code), delayMs),
  };
}
