// Light / dark theme: follows the system unless the user picks one (persisted).
//
// The resolved theme is written to <html data-theme="light|dark">; style.css keys its
// palette on that attribute (and on prefers-color-scheme before this script has run,
// so a dark system never flashes white).

const STORAGE_KEY = 'stridelab.theme';
export const THEME_CHOICES = ['system', 'light', 'dark'];

const listeners = new Set();
let choice = 'system';
let media = null;

function systemTheme() {
  return media?.matches ? 'dark' : 'light';
}

export function resolvedTheme() {
  return choice === 'system' ? systemTheme() : choice;
}

export function themeChoice() {
  return choice;
}

function apply() {
  const theme = resolvedTheme();
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.dataset.themeChoice = choice;
  for (const fn of listeners) fn(theme, choice);
}

export function initTheme({ storage = globalThis.localStorage } = {}) {
  media = globalThis.matchMedia?.('(prefers-color-scheme: dark)') ?? null;
  try {
    const saved = storage?.getItem(STORAGE_KEY);
    if (THEME_CHOICES.includes(saved)) choice = saved;
  } catch { /* storage unavailable */ }
  media?.addEventListener?.('change', () => { if (choice === 'system') apply(); });
  apply();
  return resolvedTheme();
}

export function setThemeChoice(next, { storage = globalThis.localStorage } = {}) {
  if (!THEME_CHOICES.includes(next)) return;
  choice = next;
  try {
    if (next === 'system') storage?.removeItem(STORAGE_KEY);
    else storage?.setItem(STORAGE_KEY, next);
  } catch { /* not fatal */ }
  apply();
}

/** system -> light -> dark -> system; but skips the choice that looks like the current one. */
export function cycleTheme(options) {
  const order = ['system', 'light', 'dark'];
  let next = order[(order.indexOf(choice) + 1) % order.length];
  // From "system" (say, light) the first press should visibly change the page.
  if (choice === 'system' && next === resolvedTheme()) next = order[(order.indexOf(next) + 1) % order.length];
  setThemeChoice(next, options);
  return next;
}

export function onThemeChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
