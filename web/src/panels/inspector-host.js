// Hosts the memory inspector (web/src/inspector/, built separately) in its pane.
//
// Contract: web/src/inspector/index.js exports createInspector(root, { t }) returning
// { update(snapshot, previousSnapshot), clear(), destroy() }; web/src/inspector/i18n.js
// carries its EN / ZH strings, merged into the page's dictionaries.
//
// 'stridelab:inspector' is a virtual module made by scripts/build-web.mjs: when the
// inspector's files exist it imports them lazily (a separate chunk), otherwise it says
// so, and the page simply shows no inspector. The build never breaks either way, and a
// failing inspector never breaks a run: every call into it is guarded.

import * as bundled from 'stridelab:inspector';
import { addMessagesFromModule, t, onLangChange } from '../i18n/i18n.js';

export class InspectorHost {
  /** @param {{ root: Element, onState?: (state: 'ready'|'missing'|'failed', err?: Error) => void }} options */
  constructor({ root, onState = () => {} }) {
    this.root = root;
    this.onState = onState;
    this.inspector = null;
    this.latest = null;   // [snapshot, previous] last given, re-rendered after a language change
    this.pending = null;
    this.ready = this.#load();
    onLangChange(() => {
      if (this.latest) this.#call('update', ...this.latest);
    });
  }

  async #load() {
    if (!bundled.available) {
      this.onState('missing');
      return null;
    }
    try {
      if (bundled.css) linkStylesheet(bundled.css);
      const [mod, messages] = await Promise.all([bundled.load(), bundled.loadMessages?.().catch(() => null)]);
      if (messages) addMessagesFromModule(messages);
      if (typeof mod?.createInspector !== 'function') throw new Error('createInspector is not exported');
      this.inspector = mod.createInspector(this.root, { t });
      this.onState('ready');
      if (this.pending) {
        const [s, p, st] = this.pending;
        this.pending = null;
        this.update(s, p, st);
      }
      return this.inspector;
    } catch (err) {
      console.warn('[stridelab] memory inspector unavailable:', err);
      this.onState('failed', err);
      return null;
    }
  }

  #call(method, ...args) {
    const fn = this.inspector?.[method];
    if (typeof fn !== 'function') return;
    try {
      fn.apply(this.inspector, args);
    } catch (err) {
      console.warn(`[stridelab] inspector.${method} failed:`, err);
    }
  }

  /**
   * Draws `snapshot`; `previous` (or null) lets the inspector highlight what changed;
   * `step` (a timeline step, or null) marks the bytes its statement changed.
   */
  update(snapshot, previous, step = null) {
    if (!snapshot) return;
    this.latest = [snapshot, previous ?? null, step];
    if (!this.inspector) {
      this.pending = this.latest;
      return;
    }
    this.#call('update', snapshot, previous ?? null, step);
  }

  clear() {
    this.latest = null;
    this.pending = null;
    this.#call('clear');
  }
}

function linkStylesheet(href) {
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.append(link);
}
