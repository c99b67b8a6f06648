// "View or copy?" mode, the DOM side: the question card before a run and the verdict
// card after it. All text is built from t() strings and engine data as text nodes;
// `backticks` in a string become <code> elements.

import { t, hasMessage } from './i18n.js';
import { el } from './output.js';
import { predictionCorrect, describeStep } from './viewcopy.js';

/** Appends `text` to `parent`, with `code` spans as <code> text nodes. */
export function appendRich(parent, text) {
  const parts = String(text).split('`');
  parts.forEach((part, i) => {
    if (!part) return;
    if (i % 2 === 1) parent.append(el('code', null, part));
    else parent.append(part);
  });
  return parent;
}

function rich(tag, className, text) {
  return appendRich(el(tag, className), text);
}

export function formatBytes(n) {
  if (!Number.isFinite(n)) return '?';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10240 ? 1 : 0)} KiB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  return `${(n / 1024 ** 3).toFixed(2)} GiB`;
}

function tuple(xs) {
  return Array.isArray(xs) ? `(${xs.join(', ')}${xs.length === 1 ? ',' : ''})` : '?';
}

/**
 * The question: predict view or copy.
 * @param {{ analysis: object, onAnswer: (choice: 'view'|'copy'|null) => void }} options
 */
export function questionCard({ analysis, onAnswer }) {
  const card = el('div', 'vc-card vc-question');
  card.dataset.vc = 'question';
  card.append(el('div', 'vc-kicker', t('vc.kicker')));
  const stmt = el('pre', 'vc-code vc-statement', analysis.code.trim());
  card.append(stmt);
  card.append(rich('p', 'vc-prompt', t('vc.question', { a: analysis.source, b: analysis.target })));
  card.append(el('p', 'vc-hint', t('vc.hint')));
  const choices = el('div', 'vc-choices');
  const view = el('button', 'btn vc-choice', t('vc.view'));
  view.type = 'button';
  view.dataset.choice = 'view';
  const copy = el('button', 'btn vc-choice', t('vc.copy'));
  copy.type = 'button';
  copy.dataset.choice = 'copy';
  const skip = el('button', 'btn vc-skip', t('vc.skip'));
  skip.type = 'button';
  skip.dataset.choice = 'skip';
  let answered = false;
  const answer = (choice) => {
    if (answered) return;
    answered = true;
    for (const b of [view, copy, skip]) b.disabled = true;
    onAnswer(choice);
  };
  view.addEventListener('click', () => answer('view'));
  copy.addEventListener('click', () => answer('copy'));
  skip.addEventListener('click', () => answer(null));
  choices.append(view, copy, skip);
  card.append(choices);
  return card;
}

function baseChainText(v, snapshot, sourceName) {
  const chain = Array.isArray(v?.baseChain) ? v.baseChain : [];
  if (!chain.length) return t('vc.evidence.none');
  const objects = new Map((snapshot?.objects ?? []).map((o) => [o.id, o]));
  const source = (snapshot?.variables ?? []).find((x) => x.name === sourceName && x.topLevel !== false);
  const sourceBases = new Set(source?.baseChain ?? []);
  return chain.map((id) => {
    const names = objects.get(id)?.names ?? [];
    if (names.length) return names.join(' = ');
    // NumPy collapses bases to the owner: name it through the variable it serves.
    return sourceBases.has(id) ? t('vc.evidence.baseOf', { a: sourceName }) : t('vc.evidence.anonymous');
  }).join(' → ');
}

function sharesWith(after, a, b) {
  return (after?.shareGroups ?? []).some((g) => g.includes(a) && g.includes(b));
}

/**
 * The verdict, shown above the program's output.
 * @param {{ analysis: object, verdict: object, prediction: 'view'|'copy'|null, after: object, score: {right:number,total:number} }} o
 */
export function verdictCard({ analysis, verdict, prediction, after, score }) {
  const { outcome, targetVar } = verdict;
  const card = el('div', 'vc-card vc-verdict');
  card.dataset.vc = 'verdict';
  card.dataset.outcome = outcome;
  const correct = prediction ? predictionCorrect(prediction, outcome) : null;
  if (correct != null) card.dataset.correct = String(correct);

  const head = el('div', 'vc-head');
  if (correct != null) head.append(el('span', 'vc-mark', correct ? `\u2713 ${t('vc.right')}` : `\u2717 ${t('vc.wrong')}`));
  if (prediction) head.append(el('span', 'vc-said', t(`vc.youSaid.${prediction}`)));
  const pill = el('span', 'vc-pill', t(`vc.pill.${outcome}`));
  pill.dataset.outcome = outcome;
  head.append(pill);
  card.append(head);

  const names = { a: analysis.source, b: analysis.target };
  const outcomeVars = {
    ...names,
    storage: targetVar?.storage ?? '?',
    bytes: formatBytes(targetVar?.storageBytes),
    type: targetVar?.type ?? '?',
  };
  card.append(rich('p', 'vc-answer', t(`vc.outcome.${outcome}`, outcomeVars)));

  if (targetVar && Array.isArray(targetVar.shape)) {
    const list = el('ul', 'vc-evidence');
    const tensor = targetVar.kind === 'tensor' && Array.isArray(targetVar.elementStrides);
    list.append(rich('li', null, t('vc.evidence.layout', {
      b: analysis.target,
      shape: tuple(targetVar.shape),
      strides: tuple(tensor ? targetVar.elementStrides : targetVar.strides),
      offset: tensor ? String(targetVar.offset / (targetVar.itemsize || 1)) : `${targetVar.offset} B`,
    })));
    if (verdict.sourceAfter && outcome !== 'same') {
      const yes = sharesWith(after, analysis.source, analysis.target);
      list.append(rich('li', null, t('vc.evidence.shares', { a: analysis.source, value: t(yes ? 'vc.yes' : 'vc.no') })));
    }
    if (targetVar.kind === 'ndarray') {
      list.append(rich('li', null, t('vc.evidence.base', { b: analysis.target, chain: baseChainText(targetVar, after, analysis.source) })));
    }
    if (targetVar.flags) {
      list.append(rich('li', null, t('vc.evidence.owndata', {
        value: t(targetVar.flags.OWNDATA ? 'vc.yes' : 'vc.no'),
        contiguous: t(targetVar.flags.C_CONTIGUOUS ? 'vc.yes' : 'vc.no'),
      })));
    }
    card.append(list);
  }

  const details = verdict.details.filter((d, i, all) => d.rule !== 'unknown' || all.length === 1);
  if (details.length) {
    card.append(el('div', 'vc-kicker vc-rules-title', t(details.length > 1 ? 'vc.rulesSteps' : 'vc.rules')));
    for (const d of details) {
      const block = el('div', 'vc-rule');
      block.dataset.rule = d.rule;
      const title = el('div', 'vc-rule-title');
      if (details.length > 1 && d.vars.op) title.append(el('code', 'vc-rule-step', d.vars.op));
      title.append(el('span', null, t(`vc.rule.${d.rule}.title`)));
      block.append(title);
      block.append(rich('p', null, t(`vc.rule.${d.rule}.text`, { ...d.vars, op: d.vars.op ?? describeStep(null) })));
      if (d.note) {
        const key = hasMessage(`vc.note.${d.rule}.${d.note}`) ? `vc.note.${d.rule}.${d.note}` : `vc.note.${d.note}`;
        if (hasMessage(key)) block.append(rich('p', 'vc-this', t(key, { ...d.vars, ...d.noteVars })));
      }
      card.append(block);
    }
  }
  if (score?.total) card.append(el('p', 'vc-score', t('vc.score', score)));
  return card;
}
