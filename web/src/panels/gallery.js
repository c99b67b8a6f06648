// The examples gallery: a drawer (a modal <dialog>) listing web/examples/examples.json
// by topic. Picking an example hands its code to the page (which loads it into the
// editor, and runs it when "Run after loading" is ticked).

import { t, getLang, onLangChange } from '../i18n/i18n.js';
import { el } from './output.js';

export const EXAMPLES_URL = 'examples/examples.json';  // relative to the page

function pick(titles, lang) {
  if (!titles || typeof titles !== 'object') return '';
  return String(titles[lang] ?? titles.en ?? '');
}

// The line that shows what an example is about: the first one that is not an import,
// a comment, a definition or plain setup (creating the input arrays).
const SETUP = /^\s*[\w, ]+=\s*(?:np|numpy|torch)\.(?:arange|array|tensor|zeros|ones|empty|full|random\.\w+|linspace)\(/;
export function keyLine(code) {
  const lines = code.split('\n').map((l) => l.replace(/\s+#[^'"]*$/, '').trim()).filter((l) => l && !l.startsWith('#'));
  const body = lines.filter((l) => !/^(import|from)\s/.test(l));
  const boring = (l) => SETUP.test(l) || /^["']{3}/.test(l) || /^['"][\w.]+['"]\s*:/.test(l)
    || /^[)\]}]+,?$/.test(l) || /^(def|return|class|for|if|else|elif|while)\b/.test(l) || /^[\w, ]+=\s*[\d(\[{'"]/.test(l)
    || /^(?:np|numpy|torch)\.(?:random\.)?(?:manual_)?seed\(/.test(l) || /^[\w, ]+=\s*[\w ]+(?:[-+*\/]+[\w ]+)*$/.test(l);
  const pickLine = body.find((l) => !boring(l) && !/^print\(/.test(l))
    ?? body.find((l) => !boring(l)) ?? body[0] ?? lines[0] ?? '';
  return pickLine;
}

// One example in the list: its title in both languages, its key line, its source.
function exampleButton(ex, source, lang, onClick) {
  const button = el('button', 'gallery-item');
  button.type = 'button';
  button.dataset.example = String(ex.id);
  const title = pick(ex.title, lang);
  button.append(el('span', 'gallery-item-title', title));
  const other = pick(ex.title, lang === 'zh' ? 'en' : 'zh');
  if (other && other !== title) button.append(el('span', 'gallery-item-alt', other));
  button.append(el('span', 'gallery-item-code', keyLine(ex.code)));
  if (source) button.title = t('gallery.source', { source: pick(source, lang) });
  button.addEventListener('click', onClick);
  return button;
}

/**
 * @param {{ dialog: HTMLDialogElement, list: Element, openButton: Element, closeButton: Element,
 *           autorun: HTMLInputElement, onPick: (example: object, run: boolean) => void,
 *           fetchImpl?: typeof fetch }} options
 */
export function createGallery({ dialog, list, openButton, closeButton, autorun, onPick, fetchImpl = fetch }) {
  let data = null;
  let loading = null;
  let picked = false;

  async function load() {
    loading ??= (async () => {
      const res = await fetchImpl(EXAMPLES_URL, { credentials: 'same-origin' });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const json = await res.json();
      if (!json || !Array.isArray(json.examples) || !Array.isArray(json.groups)) throw new Error('bad examples file');
      data = json;
      return json;
    })();
    try {
      return await loading;
    } catch (err) {
      loading = null;
      throw err;
    }
  }

  function render() {
    if (!data) return;
    const lang = getLang();
    const nodes = [];
    for (const group of data.groups) {
      const items = data.examples.filter((x) => x.group === group.id && typeof x.code === 'string');
      if (!items.length) continue;
      const section = el('section', 'gallery-group');
      section.dataset.group = group.id;
      section.append(el('h3', 'gallery-group-title', pick(group.title, lang)));
      for (const ex of items) {
        section.append(exampleButton(ex, data.sources?.[ex.source], lang, () => {
          picked = true;
          dialog.close();
          onPick(ex, autorun.checked);
        }));
      }
      nodes.push(section);
    }
    list.replaceChildren(...nodes);
  }

  async function open() {
    picked = false;
    if (!dialog.open) dialog.showModal();
    if (!data) {
      list.replaceChildren(el('p', 'gallery-status', t('gallery.loading')));
      try {
        await load();
      } catch {
        list.replaceChildren(el('p', 'gallery-status', t('gallery.failed')));
        return;
      }
    }
    render();
    list.querySelector('.gallery-item')?.focus();
  }

  openButton.addEventListener('click', () => open());
  closeButton.addEventListener('click', () => dialog.close());
  // A click on the backdrop (outside the drawer's box) closes it.
  dialog.addEventListener('click', (event) => {
    if (event.target !== dialog) return;
    const r = dialog.getBoundingClientRect();
    const inside = event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom;
    if (!inside) dialog.close();
  });
  // Back to the button, unless an example was picked (then the editor has the focus).
  dialog.addEventListener('close', () => { if (!picked) openButton.focus({ preventScroll: true }); });
  onLangChange(() => {
    if (data) render();
    else if (dialog.open) list.replaceChildren(el('p', 'gallery-status', t('gallery.loading')));
  });

  return { open, load, get data() { return data; } };
}
