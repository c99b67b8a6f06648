// Words the engine's view/copy explanation records (snapshot variable `explain`,
// core/model/explain.hpp, docs/api.md "Explanations"), for both places that show them: the
// "View or copy?" verdict card (quiz/cards.js) and the memory inspector's explanation panel
// (inspector/explain.js). One wording: the rule texts live in messages.js, the
// placeholders are filled here from the record's facts, and nothing here decides a
// layout question.
//
// Callers pass their translator `t(key, vars)` (a missing key comes back as the key
// itself). Everything becomes text nodes; `backticks` in a string become <code>.

function node(tag, className, text) {
  const n = document.createElement(tag);
  if (className) n.className = className;
  if (text != null) n.textContent = String(text);
  return n;
}

/** Appends `text` to `parent`, with `code` spans as <code> text nodes. */
export function appendRich(parent, text) {
  const parts = String(text).split('`');
  parts.forEach((part, i) => {
    if (!part) return;
    if (i % 2 === 1) parent.append(node('code', null, part));
    else parent.append(part);
  });
  return parent;
}

export function richNode(tag, className, text) {
  return appendRich(node(tag, className), text);
}

/** Python tuple text: [3, 4] -> "(3, 4)", [5] -> "(5,)". */
export function tuple(xs) {
  return Array.isArray(xs) ? `(${xs.join(', ')}${xs.length === 1 ? ',' : ''})` : '?';
}

const known = (t) => (key) => t(key) !== key;

/** The placeholders of a rule text: the record's facts and layouts, formatted. */
export function stepVars(step, names, t) {
  const f = step.facts ?? {};
  const vars = { ...names, u: t(`vc.unit.${step.unit === 'elements' ? 'elements' : 'bytes'}`) };
  for (const [k, v] of Object.entries(f)) vars[k] = Array.isArray(v) ? tuple(v) : String(v);
  for (const k of ['inShape', 'inStrides', 'outShape', 'outStrides']) if (Array.isArray(step[k])) vars[k] = tuple(step[k]);
  if (Number.isInteger(f.at) && Array.isArray(f.axes)) {
    // the pair of axes where the engine found the strides stop nesting
    Object.assign(vars, { axisAt: f.axes[f.at], strideAt: f.strides[f.at], dimNext: f.dims[f.at + 1], strideNext: f.strides[f.at + 1] });
  }
  if (typeof f.components === 'string') vars.components = f.components.split(',').map((c) => t(`vc.component.${c}`)).join(', ');
  if (typeof f.componentKind === 'string') vars.componentKind = t(`vc.kind.${f.componentKind}`);
  if (typeof f.from === 'string') vars.from = `\`${f.from}\``;
  if (typeof f.to === 'string') vars.to = `\`${f.to}\``;
  return vars;
}

/** basic-index: one line per output axis, the engine's step × parent stride. */
export function strideArithmetic(step, t) {
  const f = step.facts ?? {};
  if (!Array.isArray(f.steps) || !Array.isArray(f.parentStrides) || !Array.isArray(step.outStrides)) return null;
  const u = t(`vc.unit.${step.unit === 'elements' ? 'elements' : 'bytes'}`);
  const list = node('ul', 'vc-arith');
  f.steps.forEach((s, k) => {
    const out = `${step.outStrides[k]}${u}`;
    list.append(node('li', null, s === 0 ? t('vc.arithNew', { k, out }) : t('vc.arith', { k, out, step: s, parent: `${f.parentStrides[k]}${u}` })));
  });
  return list;
}

/** One record: its title, its text with the facts filled in, and the stride arithmetic. */
export function ruleBlock(step, names, index, count, t, has = known(t)) {
  const block = node('div', 'vc-rule');
  block.dataset.rule = step.rule;
  block.dataset.verdict = step.verdict ?? '';
  const title = node('div', 'vc-rule-title');
  if (count > 1) title.append(node('span', 'vc-rule-step', t('vc.step', { n: index + 1 })));
  const key = `vc.rule.${step.rule}`;
  title.append(node('span', null, has(`${key}.title`) ? t(`${key}.title`) : step.rule));
  block.append(title);
  // The statement that made it, quoted from the run's program by the engine (source).
  if (typeof step.source === 'string' && step.source && Number.isInteger(step.line)) {
    const where = node('div', 'vc-where');
    const multi = Number.isInteger(step.endLine) && step.endLine > step.line;
    where.append(node('span', 'vc-where-label', t(multi ? 'vc.whereLines' : 'vc.where', { line: step.line, end: step.endLine })), ' ',
      node('code', 'vc-where-code', step.source));
    block.append(where);
  }
  if (has(`${key}.text`)) block.append(richNode('p', 'vc-this', t(`${key}.text`, stepVars(step, names, t))));
  const arith = step.rule === 'basic-index' ? strideArithmetic(step, t) : null;
  if (arith) block.append(arith);
  return block;
}

/** The records of an explanation in the order they happened (first operation first). */
export function stepsInOrder(explanation) {
  return Array.isArray(explanation?.steps) ? [...explanation.steps].reverse() : [];
}

/** All rule blocks of an explanation, in order. */
export function ruleBlocks(explanation, names, t, has = known(t)) {
  const steps = stepsInOrder(explanation);
  return steps.map((step, i) => ruleBlock(step, names, i, steps.length, t, has));
}
