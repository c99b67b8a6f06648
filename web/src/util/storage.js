// Web Storage that may be missing or refuse: a sandboxed iframe has none, private
// modes and full quotas throw. Losing a saved program or setting is never worth an
// error on the page, so reading gives null and writing is dropped.

export function readStorage(storage, key) {
  try { return storage?.getItem(key) ?? null; } catch { return null; }
}

export function writeStorage(storage, key, value) {
  try { storage?.setItem(key, value); } catch { /* private mode, quota: not fatal */ }
}
