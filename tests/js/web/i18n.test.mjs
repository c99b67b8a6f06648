// web/src/i18n/: the merged dictionaries, the fallbacks, the language a visitor gets,
// and every English string's Chinese twin with the same placeholders.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const mod = (p) => import(pathToFileURL(path.join(ROOT, p)).href);
import { MemoryStorage } from '../lib/memory-storage.mjs';

test('i18n: merged dictionaries (tags like zh-CN), fallback to English, then the key', async () => {
  const i18n = await mod('web/src/i18n/i18n.js');
  i18n.addMessagesFromModule({ messages: { en: { 'x.hello': 'Hello {name}' }, 'zh-CN': { 'x.hello': '你好 {name}' } } });
  i18n.setLang('en', { persist: false });
  assert.deepEqual(i18n.t('x.hello', { name: 'a' }), 'Hello a', 'en');
  i18n.setLang('zh', { persist: false });
  assert.deepEqual(i18n.t('x.hello', { name: 'a' }), '你好 a', 'zh');
  assert.deepEqual(i18n.t('toolbar.run'), '运行', 'page key in zh');
  i18n.addMessages({ en: { 'x.onlyEn': 'only English' } });
  assert.deepEqual(i18n.t('x.onlyEn'), 'only English', 'fallback to English');
  assert.deepEqual(i18n.t('x.missing'), 'x.missing', 'fallback to the key');
  const storage = new MemoryStorage();
  assert.deepEqual(i18n.detectLang({ storage, navigatorLike: { languages: ['zh-TW', 'en'] } }), 'zh', 'navigator zh');
  assert.deepEqual(i18n.detectLang({ storage, navigatorLike: { languages: ['fr-FR'] } }), 'en', 'other -> en');
  storage.setItem('stridelab.lang', 'zh');
  assert.deepEqual(i18n.detectLang({ storage, navigatorLike: { languages: ['en'] } }), 'zh', 'stored choice wins');
  i18n.setLang('en', { persist: false });
});

test('i18n: every EN key has a ZH translation and the same placeholders', async () => {
  const { MESSAGES } = await mod('web/src/i18n/messages.js');
  const problems = [];
  const vars = (s) => [...String(s).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');
  for (const [k, v] of Object.entries(MESSAGES.en)) {
    if (!(k in MESSAGES.zh)) problems.push(`missing zh: ${k}`);
    else if (vars(v) !== vars(MESSAGES.zh[k])) problems.push(`placeholders differ: ${k}`);
  }
  for (const k of Object.keys(MESSAGES.zh)) if (!(k in MESSAGES.en)) problems.push(`missing en: ${k}`);
  if (problems.length) throw new Error(problems.join('\n'));
});
