// Explanation panel: why the selected array is a view or a copy. The answer is the
// engine's: the variable's `explain` records (core/model/explain.hpp) worded by the same
// module the "View or copy?" card uses (../explain/render.js, texts in
// ../explain/messages.js), and its base chain for whose bytes it reads. Nothing here
// decides a layout question. Engine strings go in as text.

import { el } from './dom.js';
import { isArrayVar } from './model.js';
import { richNode, ruleBlocks, stepsInOrder } from '../explain/render.js';

/** Who owns the bytes `v` reads: a variable name, or a description. */
function ownerText(model, v, t) {
  const d = model.describeObject(model.ownerId(v));
  if (d.kind === 'named') return `\`${d.names[0]}\``;
  return t(`inspector.owner.${d.kind}`);
}

/** The nearest named array on v's base chain, other than v itself (e.g. `alpha` for beta = alpha[::2]). */
function nearestNamedBase(model, v) {
  for (const { id } of model.chain(v)) {
    const d = model.describeObject(id);
    if (d.kind === 'named') return d.names.find((n) => n !== v.name) ?? null;
  }
  return null;
}

export function renderExplain({ container, model, selected, t }) {
  const v = model?.byName.get(selected);
  if (!isArrayVar(v)) {
    container.append(el('p', 'sl-empty', t('inspector.explain.none')));
    return;
  }
  const wrap = el('div', { class: 'sl-explain', dataset: { name: v.name } });
  const chain = v.baseChain ?? [];
  const alias = model.aliasOf(v);
  let verdict;
  let head;
  if (chain.length) {
    verdict = 'view';
    const base = nearestNamedBase(model, v);
    const owner = ownerText(model, v, t);
    // Views of views collapse to the owner (Note: base collapses to the owner);
    // a named view in between (a sibling) is mentioned by the chain panel.
    head = base
      ? t('inspector.explain.viewOf', { name: v.name, base })
      : t('inspector.explain.viewOfOwner', { name: v.name, owner });
  } else {
    verdict = 'owner';
    head = t('inspector.explain.owns', { name: v.name });
  }
  wrap.dataset.verdict = verdict;
  const pill = el('span', { class: 'sl-explain-pill', dataset: { verdict } }, t(`inspector.explain.pill.${verdict}`));
  const headP = richNode('p', 'sl-explain-head', head);
  headP.prepend(pill, ' ');
  wrap.append(headP);
  if (alias) wrap.append(richNode('p', 'sl-explain-note', t('inspector.explain.alias', { name: v.name, other: alias })));

  const explanation = v.explain;
  const steps = stepsInOrder(explanation);
  if (steps.length) {
    wrap.append(el('div', 'sl-explain-because', t(steps.length > 1 ? 'inspector.explain.becauseSteps' : 'inspector.explain.because')));
    const rules = el('div', 'sl-explain-rules vc-rules');
    rules.append(...ruleBlocks(explanation, { a: nearestNamedBase(model, v) ?? '?', b: v.name }, t));
    wrap.append(rules);
    if (explanation.thisRun === false && steps[0].rule !== 'owner' && steps[0].rule !== 'view-of-base') {
      wrap.append(el('p', 'sl-explain-note', t('inspector.explain.earlier')));
    }
  } else {
    wrap.append(el('p', 'sl-explain-note', t('inspector.explain.noRecord')));
  }
  container.append(wrap);
}
