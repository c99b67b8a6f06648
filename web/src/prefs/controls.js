// The header's language and theme buttons: each press switches (English <-> 简体中文;
// system -> light -> dark), persisted in `storage`, and render() words both buttons
// and the document's title in the current language.

import { t, setLang, getLang } from '../i18n/i18n.js';
import { cycleTheme, resolvedTheme, themeChoice } from './theme.js';

/**
 * @param {{ doc: Document, langButton: Element, themeButton: Element, themeLabel: Element,
 *           storage: Storage|null }} options  themeLabel: the theme button's visible text.
 */
export function createPrefControls({ doc, langButton, themeButton, themeLabel, storage }) {
  function render() {
    doc.title = t('app.title');
    langButton.querySelector('.btn-lang-label').textContent = t('prefs.languageShort');
    langButton.title = t('prefs.language');
    langButton.setAttribute('aria-label', t('prefs.language'));
    const label = t('prefs.theme', {
      choice: t(`prefs.theme.${themeChoice()}`, { resolved: t(`prefs.theme.${resolvedTheme()}`) }),
    });
    themeButton.title = label;
    themeButton.setAttribute('aria-label', label);
    themeLabel.textContent = label;
  }

  langButton.addEventListener('click', () => setLang(getLang() === 'en' ? 'zh' : 'en', { storage }));
  themeButton.addEventListener('click', () => cycleTheme({ storage }));
  return { render };
}
