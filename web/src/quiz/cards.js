// "View or copy?" mode: the question card before a run and the verdict card after it.
//
// The page decides nothing about layouts. Whether the result is a view, a copy or the
// same object is read from the snapshot (storage ids and object ids); WHY is the
// engine's explanation record for the variable (snapshot variable `explain`, or the
// run's `explainError` when a view was refused), which this module only words, from
// the i18n tables in ../explain/messages.js. All text is built from t() strings and
// engine data as text nodes; `backticks` in a string become <code> elements. The
// wording of a record is shared with the memory inspector (../explain/render.js).

import { t, hasMessage } from '../i18n/i18n.js';
import { el } from '../panels/output.js';
import { appendRich, richNode, tuple, stepVars as sharedStepVars, ruleBlock as sharedRuleBlock, stepsInOrder } from '../explain/render.js';

export { appendRich };

function rich(tag, className, text) {
  return richNode(tag, className, text);
}

export function formatBytes(n) {
  if (!Number.isFinite(n)) return '?';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10240 ? 1 : 0)} KiB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  return `${(n / 1024 ** 3).toFixed(2)} GiB`;
}

function isArrayVar(v) {
  return v && (v.kind === 'ndarray' || v.kind === 'tensor') && Array.isArray(v.shape);
}

function variablesByName(snapshot) {
  const map = new Map();
  for (const v of snapshot?.variables ?? []) if (v.topLevel !== false) map.set(v.name, v);
  return map;
}

/**
 * Whether to ask before running: a one-line assignment `name = <expression>` whose
 * expression names an existing array variable (the first one named is the source).
 * Only the statement's form is looked at; what the expression does is the engine's
 * business, answered after the run.
 * @returns {null | { code: string, target: string, source: string }}
 */
export function questionFor(code, snapshot) {
  const lines = String(code ?? '').split('\n').filter((l) => l.trim() && !/^\s*#/.test(l));
  if (lines.length !== 1 || /^\s/.test(lines[0])) return null;
  const m = /^([A-Za-z_]\w*)\s*=(?!=)\s*(.+)$/.exec(lines[0]);
  if (!m || m[2].includes(';')) return null;
  const arrays = variablesByName(snapshot);
  for (const [, name] of m[2].matchAll(/(?<![\w.'"])([A-Za-z_]\w*)/g)) {
    if (isArrayVar(arrays.get(name))) return { code: String(code), target: m[1], source: name };
  }
  return null;
}

/**
 * What happened, from the snapshot after the run, and the engine's explanation.
 * @returns {{ outcome: 'view'|'same'|'copy'|'error'|'scalar'|'missing', targetVar?: object,
 *   explanation: null | { thisRun: boolean, steps: object[] } }}
 */
export function verdictOf(question, result, before, after) {
  const afterVars = variablesByName(after);
  const sourceBefore = variablesByName(before).get(question.source);
  const targetVar = afterVars.get(question.target);
  const sourceAfter = question.target === question.source ? null : afterVars.get(question.source);
  let outcome;
  if (result?.error) outcome = 'error';
  else if (!targetVar) outcome = 'missing';
  else if (!isArrayVar(targetVar)) outcome = 'scalar';
  else if (sourceAfter && targetVar.object != null && targetVar.object === sourceAfter.object) outcome = 'same';
  else if (sourceBefore && targetVar.storage === sourceBefore.storage) outcome = 'view';
  else outcome = 'copy';
  const explanation = outcome === 'error' ? result?.explainError ?? null : targetVar?.explain ?? null;
  return { outcome, targetVar, sourceAfter, explanation };
}

/** Was the prediction right? 'same' counts as "view" (no bytes were copied). */
export function predictionCorrect(prediction, outcome) {
  if (outcome === 'view' || outcome === 'same') return prediction === 'view';
  if (outcome === 'copy') return prediction === 'copy';
  return null;
}

/**
 * The question: predict view or copy.
 * @param {{ question: object, onAnswer: (choice: 'view'|'copy'|null) => void }} options
 */
export function questionCard({ question, onAnswer }) {
  const card = el('div', 'vc-card vc-question');
  card.dataset.vc = 'question';
  card.append(el('div', 'vc-kicker', t('vc.kicker')));
  card.append(el('pre', 'vc-code vc-statement', question.code.trim()));
  card.append(rich('p', 'vc-prompt', t('vc.question', { a: question.source, b: question.target })));
  card.append(el('p', 'vc-hint', t('vc.hint')));
  const choices = el('div', 'vc-choices');
  const buttons = [['view', 'btn vc-choice', 'vc.view'], ['copy', 'btn vc-choice', 'vc.copy'], ['skip', 'btn vc-skip', 'vc.skip']]
    .map(([choice, cls, key]) => {
      const b = el('button', cls, t(key));
      b.type = 'button';
      b.dataset.choice = choice;
      return b;
    });
  let answered = false;
  for (const b of buttons) {
    b.addEventListener('click', () => {
      if (answered) return;
      answered = true;
      for (const x of buttons) x.disabled = true;
      onAnswer(b.dataset.choice === 'skip' ? null : b.dataset.choice);
    });
  }
  choices.append(...buttons);
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
    // The base is an unnamed array: name it through the variable it serves.
    return sourceBases.has(id) ? t('vc.evidence.baseOf', { a: sourceName }) : t('vc.evidence.anonymous');
  }).join(' → ');
}

function sharesWith(after, a, b) {
  return (after?.shareGroups ?? []).some((g) => g.includes(a) && g.includes(b));
}

/** The placeholders of a rule text (shared with the inspector: ../explain/render.js). */
export function stepVars(step, names) {
  return sharedStepVars(step, names, t);
}

function ruleBlock(step, names, index, count) {
  return sharedRuleBlock(step, names, index, count, t, hasMessage);
}

function explanationBlocks(card, verdict, names) {
  const { outcome, explanation } = verdict;
  // `b = a` (or any statement that returned an existing object without deciding):
  // no record of this run names the target.
  if (outcome === 'same' && !explanation?.thisRun) {
    card.append(el('div', 'vc-kicker vc-rules-title', t('vc.rules')));
    const block = rich('p', 'vc-rule vc-this', t('vc.alias', names));
    block.dataset.rule = 'alias';
    card.append(block);
    return;
  }
  const steps = stepsInOrder(explanation);
  if (!steps.length) {
    if (outcome !== 'scalar' && outcome !== 'missing') card.append(rich('p', 'vc-this', t('vc.noRecord')));
    return;
  }
  card.append(el('div', 'vc-kicker vc-rules-title', t(steps.length > 1 ? 'vc.rulesSteps' : 'vc.rules')));
  steps.forEach((step, i) => card.append(ruleBlock(step, names, i, steps.length)));
}

/**
 * The verdict, shown above the program's output.
 * @param {{ question: object, verdict: object, prediction: 'view'|'copy'|null, after: object, score: {right:number,total:number} }} o
 */
export function verdictCard({ question, verdict, prediction, after, score }) {
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

  const names = { a: question.source, b: question.target };
  card.append(rich('p', 'vc-answer', t(`vc.outcome.${outcome}`, {
    ...names,
    storage: targetVar?.storage ?? '?',
    bytes: formatBytes(targetVar?.storageBytes),
    type: targetVar?.type ?? '?',
  })));

  if (isArrayVar(targetVar)) {
    const list = el('ul', 'vc-evidence');
    const tensor = targetVar.kind === 'tensor' && Array.isArray(targetVar.elementStrides);
    list.append(rich('li', null, t('vc.evidence.layout', {
      b: question.target,
      shape: tuple(targetVar.shape),
      strides: tuple(tensor ? targetVar.elementStrides : targetVar.strides),
      offset: tensor ? String(targetVar.offset / (targetVar.itemsize || 1)) : `${targetVar.offset} B`,
    })));
    if (verdict.sourceAfter && outcome !== 'same') {
      const yes = sharesWith(after, question.source, question.target);
      list.append(rich('li', null, t('vc.evidence.shares', { a: question.source, value: t(yes ? 'vc.yes' : 'vc.no') })));
    }
    if (targetVar.kind === 'ndarray') {
      list.append(rich('li', null, t('vc.evidence.base', { b: question.target, chain: baseChainText(targetVar, after, question.source) })));
    }
    if (targetVar.flags) {
      list.append(rich('li', null, t('vc.evidence.owndata', {
        value: t(targetVar.flags.OWNDATA ? 'vc.yes' : 'vc.no'),
        contiguous: t(targetVar.flags.C_CONTIGUOUS ? 'vc.yes' : 'vc.no'),
      })));
    }
    card.append(list);
  }
  explanationBlocks(card, verdict, names);
  if (score?.total) card.append(el('p', 'vc-score', t('vc.score', score)));
  return card;
}
