// UI strings: one lookup function, t(key, vars), over mergeable EN / ZH dictionaries.
//
// Other modules (the memory inspector brings its own) add their keys with
// addMessages({ en: {...}, zh: {...} }). A missing key falls back to English, then to
// the key itself, so a forgotten translation shows up as readable English rather than
// as a hole. `{name}` placeholders are filled from `vars`; the result is plain text and
// is only ever inserted with textContent.
//
// Static markup opts in with attributes, applied by applyTranslations():
//   data-i18n="key"            -> textContent
//   data-i18n-title="key"      -> title
//   data-i18n-aria-label="key" -> aria-label
//   data-i18n-placeholder="key"-> placeholder

import { MESSAGES } from './messages.js';

export const LANGUAGES = [
  { code: 'en', label: 'English', short: 'EN', html: 'en' },
  { code: 'zh', label: '简体中文', short: '中文', html: 'zh-CN' },
];

const STORAGE_KEY = 'stridelab.lang';
const dictionaries = { en: {}, zh: {} };
const listeners = new Set();
let current = 'en';

/**
 * Merges { en: {...}, zh: {...} } into the dictionaries. Language keys may be tags
 * ('zh-CN', 'en-US'); either language may be missing.
 */
export function addMessages(dicts) {
  if (!dicts || typeof dicts !== 'object') return;
  for (const [tag, d] of Object.entries(dicts)) {
    const lang = normalize(tag);
    if (lang && d && typeof d === 'object') Object.assign(dictionaries[lang], d);
  }
}

addMessages(MESSAGES);

/** Accepts whatever shape a module exports its dictionaries in. */
export function addMessagesFromModule(mod) {
  if (!mod || typeof mod !== 'object') return;
  const candidates = [mod.default, mod.messages, mod.MESSAGES, mod.dictionaries, mod.DICTIONARIES, mod.strings, mod];
  for (const c of candidates) {
    if (c && typeof c === 'object' && Object.keys(c).some((k) => normalize(k) && typeof c[k] === 'object')) {
      addMessages(c);
      return;
    }
  }
}

function interpolate(text, vars) {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (m, name) => (Object.hasOwn(vars, name) ? String(vars[name]) : m));
}

/** The UI string for `key` in the current language. */
export function t(key, vars) {
  const d = dictionaries[current];
  let text = d && Object.hasOwn(d, key) ? d[key] : undefined;
  if (text === undefined && Object.hasOwn(dictionaries.en, key)) text = dictionaries.en[key];
  if (text === undefined) return key;
  if (typeof text === 'function') return String(text(vars ?? {}));
  return interpolate(String(text), vars);
}

/** Whether a key exists (in any language). */
export function hasMessage(key) {
  return Object.hasOwn(dictionaries.en, key) || Object.hasOwn(dictionaries.zh, key);
}

export function getLang() {
  return current;
}

function normalize(code) {
  if (typeof code !== 'string') return null;
  const c = code.toLowerCase();
  if (c.startsWith('zh')) return 'zh';
  if (c.startsWith('en')) return 'en';
  return null;
}

/** Stored choice, else the browser's language, else English. */
export function detectLang({ storage = globalThis.localStorage, navigatorLike = globalThis.navigator } = {}) {
  try {
    const saved = normalize(storage?.getItem(STORAGE_KEY));
    if (saved) return saved;
  } catch { /* storage unavailable */ }
  const prefs = [...(navigatorLike?.languages ?? []), navigatorLike?.language];
  for (const p of prefs) {
    const n = normalize(p);
    if (n) return n;
  }
  return 'en';
}

export function setLang(code, { persist = true, storage = globalThis.localStorage } = {}) {
  const next = normalize(code) ?? 'en';
  if (persist) {
    try { storage?.setItem(STORAGE_KEY, next); } catch { /* not fatal */ }
  }
  if (next === current) return;
  current = next;
  if (typeof document !== 'undefined') {
    document.documentElement.lang = LANGUAGES.find((l) => l.code === next)?.html ?? next;
    applyTranslations(document);
  }
  for (const fn of listeners) fn(next);
}

/** Calls fn(lang) after every language change; returns an unsubscribe function. */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

const ATTRS = [
  ['data-i18n-title', 'title'],
  ['data-i18n-aria-label', 'aria-label'],
  ['data-i18n-placeholder', 'placeholder'],
];

export function applyTranslations(root = document) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const [attr, target] of ATTRS) {
    for (const node of root.querySelectorAll(`[${attr}]`)) node.setAttribute(target, t(node.getAttribute(attr)));
  }
}

/** Sets the initial language without persisting it (the user has not chosen yet). */
export function initLang(options) {
  const lang = detectLang(options);
  current = lang === 'en' ? 'zh' : 'en'; // force the change path to run once
  setLang(lang, { persist: false, ...options });
  return current;
}
