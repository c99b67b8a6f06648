// Strings of the memory inspector, English and Simplified Chinese.
//
// The page passes its own `t(key, vars)` in createInspector's options; any key it
// does not know (it returns undefined, null or the key itself) falls back to these
// dictionaries, so the inspector is always readable. Placeholders are `{name}`.
// Every key lives under `inspector.` so the page can merge `messages` into its own.

export const messages = {
  en: {
    'inspector.empty': 'Run a program to inspect its arrays.',
    'inspector.noArrays': 'No arrays yet. Create one, e.g. a = np.arange(12).reshape(3, 4).',

    'inspector.vars.title': 'Variables',
    'inspector.vars.count': '{vars} · {arrays}',
    'inspector.vars.nVars': '{n} variables',
    'inspector.vars.oneVar': '1 variable',
    'inspector.vars.nArrays': '{n} arrays',
    'inspector.vars.oneArray': '1 array',
    'inspector.vars.legendChanged': 'changed by the last run',
    'inspector.vars.col.name': 'name',
    'inspector.vars.col.kind': 'kind',
    'inspector.vars.col.dtype': 'dtype',
    'inspector.vars.col.shape': 'shape',
    'inspector.vars.col.strides': 'strides',
    'inspector.vars.col.offset': 'offset',
    'inspector.vars.col.flags': 'flags',
    'inspector.vars.col.nbytes': 'nbytes',
    'inspector.vars.col.data': 'data',
    'inspector.vars.unitBytes': 'B',
    'inspector.vars.unitElems': 'el',
    'inspector.vars.unitBytesTitle': 'in bytes (NumPy)',
    'inspector.vars.unitElemsTitle': 'in elements (PyTorch)',
    'inspector.vars.owns': 'owns its data',
    'inspector.vars.viewOf': 'view of {owner}',
    'inspector.vars.aliasOf': 'same object as {name}',
    'inspector.vars.changed': 'changed',
    'inspector.vars.changedTitle': 'Its values changed in the last run',
    'inspector.vars.select': 'Inspect {name}',

    'inspector.kind.ndarray': 'ndarray',
    'inspector.kind.tensor': 'tensor',
    'inspector.kind.scalar': 'scalar',
    'inspector.kind.function': 'function',
    'inspector.kind.other': 'other',

    'inspector.owner.hidden': 'an unnamed array',
    'inspector.owner.dummy': 'as_strided base',
    'inspector.owner.unknown': 'unknown base',

    'inspector.flag.C': 'C-contiguous: rows are laid out one after another',
    'inspector.flag.F': 'F-contiguous: columns are laid out one after another',
    'inspector.flag.OWN': 'OWNDATA: this array allocated its bytes',
    'inspector.flag.RO': 'read-only (WRITEABLE is False)',
    'inspector.flag.UA': 'not aligned to its itemsize',
    'inspector.flag.WB': 'WRITEBACKIFCOPY',

    'inspector.chain.title': 'Base chain',
    'inspector.chain.none': 'Select an array to see its base chain.',
    'inspector.chain.owns': '{name} owns its data. No variable is a view of it.',
    'inspector.chain.ownsViews': '{name} owns its data; {n} views point at it.',
    'inspector.chain.viewOf': '{name} is a view: its bytes belong to {owner}.',
    'inspector.chain.hidden': '(unnamed array)',
    'inspector.chain.hiddenTitle': 'An array no variable names (a temporary such as the result of arange(), a fancy-index copy, …), kept alive by its views',
    'inspector.chain.dummy': 'DummyArray (as_strided)',
    'inspector.chain.unknown': '(unknown)',
    'inspector.chain.ownsData': 'owns {bytes}',
    'inspector.chain.view': 'view',
    'inspector.chain.more': '+{n} more',
    'inspector.chain.siblings': 'Other views of the same owner: {names}',

    'inspector.share.title': 'Sharing',
    'inspector.share.none': 'No two variables share bytes.',
    'inspector.share.group': 'Group {n}',
    'inspector.share.groupMeta': '{n} variables · storage #{storage}',
    'inspector.share.may': 'may share (solver gave up)',
    'inspector.share.yes': 'share bytes',
    'inspector.share.no': 'same buffer, no common bytes',
    'inspector.share.maybe': 'may share',
    'inspector.share.pairs': 'Pairs',
    'inspector.share.selected': '{name} shares bytes with {names}.',
    'inspector.share.selectedNone': '{name} shares bytes with no other variable.',
    'inspector.share.disjoint': 'Same buffer, but no common bytes: {names}.',
    'inspector.share.selectedMaybe': 'May share with {names} (the solver gave up).',

    'inspector.strip.title': 'Bytes',
    'inspector.strip.none': 'Select an array to see which bytes it touches.',
    'inspector.strip.of': 'storage #{storage} · {bytes}',
    'inspector.strip.bytes': 'bytes',
    'inspector.strip.elements': 'elements',
    'inspector.strip.unit': 'Cells',
    'inspector.strip.zoomIn': 'Zoom in',
    'inspector.strip.zoomOut': 'Zoom out',
    'inspector.strip.fit': 'Fit',
    'inspector.strip.compare': 'Compare with',
    'inspector.strip.compareNone': 'nothing',
    'inspector.strip.cellIs': '1 cell = {n} {unit}',
    'inspector.strip.capped': 'showing first {n} of {total} elements',
    'inspector.strip.fold': '{n} {unit} not touched by {name}',
    'inspector.strip.foldCapped': '{n} {unit} not used by the first {count} elements',
    'inspector.strip.before': '▲ {n} more {unit} before',
    'inspector.strip.after': '▼ {n} more {unit} after',
    'inspector.strip.legendLit': '{name}, in logical order',
    'inspector.strip.legendOverlap': 'byte used by several elements',
    'inspector.strip.legendCompare': '{name} ({dtype}) elements',
    'inspector.strip.empty': '{name} has no elements (size 0).',
    'inspector.strip.tipByte': 'byte {b}',
    'inspector.strip.tipBytes': 'bytes {lo}–{hi}',
    'inspector.strip.tipElem': 'element cell {c} (bytes {lo}–{hi})',
    'inspector.strip.tipUntouched': 'not used by {name}',
    'inspector.strip.tipUntouchedCapped': 'not used by the first {count} elements of {name}',
    'inspector.strip.tipHits': 'used {n}× by {name}',
    'inspector.strip.tipCoverage': '{pct}% of these bytes used by {name}',
    'inspector.strip.tipMore': '+{n} more',
    'inspector.strip.tipFlat': 'flat {i}',
    'inspector.strip.tipCompare': '{name}{index} covers this byte',
    'inspector.strip.addr': 'byte',
    'inspector.strip.hint': 'Hover a cell for its index and address. Ctrl+wheel or pinch to zoom.',

    'inspector.mem.title': 'Memory',
    'inspector.mem.live': 'live heap',
    'inspector.mem.named': 'owned by a variable',
    'inspector.mem.viewOnly': 'kept alive only through views',
    'inspector.mem.other': 'not reachable from variables',
    'inspector.mem.peak': 'peak {bytes}',
    'inspector.mem.storages': '{n} storages',
    'inspector.mem.keptBy': 'storage #{id} · {bytes} kept alive by {names}',
    'inspector.mem.keptBySmall': '{name} uses {used} of it',
    'inspector.mem.noViewOnly': 'Every live buffer is owned by a named variable.',

    'inspector.unit.bytes': 'bytes',
    'inspector.unit.elements': 'elements',
    'inspector.unit.byte': 'byte',
    'inspector.unit.element': 'element',
  },

  'zh-CN': {
    'inspector.empty': '运行程序后,在这里查看它的数组。',
    'inspector.noArrays': '还没有数组。试试 a = np.arange(12).reshape(3, 4)。',

    'inspector.vars.title': '变量',
    'inspector.vars.count': '{vars} · {arrays}',
    'inspector.vars.nVars': '{n} 个变量',
    'inspector.vars.oneVar': '1 个变量',
    'inspector.vars.nArrays': '{n} 个数组',
    'inspector.vars.oneArray': '1 个数组',
    'inspector.vars.legendChanged': '上次运行改变了值',
    'inspector.vars.col.name': '名称',
    'inspector.vars.col.kind': '类型',
    'inspector.vars.col.dtype': 'dtype',
    'inspector.vars.col.shape': '形状',
    'inspector.vars.col.strides': '步长',
    'inspector.vars.col.offset': '偏移',
    'inspector.vars.col.flags': '标志',
    'inspector.vars.col.nbytes': '字节数',
    'inspector.vars.col.data': '数据',
    'inspector.vars.unitBytes': 'B',
    'inspector.vars.unitElems': '元素',
    'inspector.vars.unitBytesTitle': '以字节计(NumPy)',
    'inspector.vars.unitElemsTitle': '以元素计(PyTorch)',
    'inspector.vars.owns': '拥有自己的数据',
    'inspector.vars.viewOf': '{owner} 的视图',
    'inspector.vars.aliasOf': '与 {name} 是同一个对象',
    'inspector.vars.changed': '已改变',
    'inspector.vars.changedTitle': '上次运行改变了它的值',
    'inspector.vars.select': '查看 {name}',

    'inspector.kind.ndarray': 'ndarray',
    'inspector.kind.tensor': 'tensor',
    'inspector.kind.scalar': '标量',
    'inspector.kind.function': '函数',
    'inspector.kind.other': '其他',

    'inspector.owner.hidden': '未命名的数组',
    'inspector.owner.dummy': 'as_strided 基对象',
    'inspector.owner.unknown': '未知的 base',

    'inspector.flag.C': 'C 连续:各行依次排列',
    'inspector.flag.F': 'F 连续:各列依次排列',
    'inspector.flag.OWN': 'OWNDATA:这个数组自己分配了内存',
    'inspector.flag.RO': '只读(WRITEABLE 为 False)',
    'inspector.flag.UA': '未按元素大小对齐',
    'inspector.flag.WB': 'WRITEBACKIFCOPY',

    'inspector.chain.title': 'base 链',
    'inspector.chain.none': '选择一个数组,查看它的 base 链。',
    'inspector.chain.owns': '{name} 拥有自己的数据,没有变量是它的视图。',
    'inspector.chain.ownsViews': '{name} 拥有自己的数据;有 {n} 个视图指向它。',
    'inspector.chain.viewOf': '{name} 是视图:它的字节属于 {owner}。',
    'inspector.chain.hidden': '(未命名的数组)',
    'inspector.chain.hiddenTitle': '没有变量名的数组(例如 arange() 的结果、花式索引产生的副本……),由它的视图保持存活',
    'inspector.chain.dummy': 'DummyArray(as_strided)',
    'inspector.chain.unknown': '(未知)',
    'inspector.chain.ownsData': '拥有 {bytes}',
    'inspector.chain.view': '视图',
    'inspector.chain.more': '另外 {n} 个',
    'inspector.chain.siblings': '同一所有者的其他视图:{names}',

    'inspector.share.title': '内存共享',
    'inspector.share.none': '没有变量之间共享字节。',
    'inspector.share.group': '第 {n} 组',
    'inspector.share.groupMeta': '{n} 个变量 · 存储 #{storage}',
    'inspector.share.may': '可能共享(求解器放弃了)',
    'inspector.share.yes': '共享字节',
    'inspector.share.no': '同一缓冲区,但没有共同字节',
    'inspector.share.maybe': '可能共享',
    'inspector.share.pairs': '两两关系',
    'inspector.share.selected': '{name} 与 {names} 共享字节。',
    'inspector.share.selectedNone': '{name} 不与其他变量共享字节。',
    'inspector.share.disjoint': '同一缓冲区,但没有共同字节:{names}。',
    'inspector.share.selectedMaybe': '可能与 {names} 共享(求解器放弃了)。',

    'inspector.strip.title': '字节',
    'inspector.strip.none': '选择一个数组,查看它用到了哪些字节。',
    'inspector.strip.of': '存储 #{storage} · {bytes}',
    'inspector.strip.bytes': '字节',
    'inspector.strip.elements': '元素',
    'inspector.strip.unit': '格子',
    'inspector.strip.zoomIn': '放大',
    'inspector.strip.zoomOut': '缩小',
    'inspector.strip.fit': '适应',
    'inspector.strip.compare': '对比',
    'inspector.strip.compareNone': '无',
    'inspector.strip.cellIs': '1 格 = {n} {unit}',
    'inspector.strip.capped': '只显示前 {n} 个元素(共 {total} 个)',
    'inspector.strip.fold': '{n} {unit} 未被 {name} 使用',
    'inspector.strip.foldCapped': '{n} {unit} 未被前 {count} 个元素使用',
    'inspector.strip.before': '▲ 前面还有 {n} {unit}',
    'inspector.strip.after': '▼ 后面还有 {n} {unit}',
    'inspector.strip.legendLit': '{name},按逻辑顺序',
    'inspector.strip.legendOverlap': '被多个元素使用的字节',
    'inspector.strip.legendCompare': '{name}({dtype})的元素',
    'inspector.strip.empty': '{name} 没有元素(size 为 0)。',
    'inspector.strip.tipByte': '第 {b} 字节',
    'inspector.strip.tipBytes': '第 {lo}–{hi} 字节',
    'inspector.strip.tipElem': '元素格 {c}(第 {lo}–{hi} 字节)',
    'inspector.strip.tipUntouched': '{name} 没有用到',
    'inspector.strip.tipUntouchedCapped': '{name} 的前 {count} 个元素没有用到',
    'inspector.strip.tipHits': '被 {name} 使用 {n} 次',
    'inspector.strip.tipCoverage': '其中 {pct}% 的字节被 {name} 使用',
    'inspector.strip.tipMore': '另外 {n} 个',
    'inspector.strip.tipFlat': '扁平序号 {i}',
    'inspector.strip.tipCompare': '{name}{index} 覆盖这个字节',
    'inspector.strip.addr': '字节',
    'inspector.strip.hint': '悬停格子查看索引与地址。Ctrl+滚轮或双指缩放。',

    'inspector.mem.title': '内存',
    'inspector.mem.live': '存活堆内存',
    'inspector.mem.named': '由变量拥有',
    'inspector.mem.viewOnly': '仅靠视图保持存活',
    'inspector.mem.other': '变量无法访问',
    'inspector.mem.peak': '峰值 {bytes}',
    'inspector.mem.storages': '{n} 个存储',
    'inspector.mem.keptBy': '存储 #{id} · {bytes} 由 {names} 保持存活',
    'inspector.mem.keptBySmall': '{name} 只用到其中 {used}',
    'inspector.mem.noViewOnly': '每个存活的缓冲区都由有名字的变量拥有。',

    'inspector.unit.bytes': '字节',
    'inspector.unit.elements': '个元素',
    'inspector.unit.byte': '字节',
    'inspector.unit.element': '个元素',
  },
};

/** Picks the dictionary for a BCP 47 tag ('zh', 'zh-Hans-CN', 'en-GB', ...). */
export function resolveLang(lang) {
  const tag = String(lang ?? 'en').toLowerCase();
  return tag.startsWith('zh') ? 'zh-CN' : 'en';
}

function interpolate(template, vars) {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (m, k) => (Object.hasOwn(vars, k) ? String(vars[k]) : m));
}

/** A standalone translator over the dictionaries above. */
export function createTranslator(lang = 'en') {
  const dict = messages[resolveLang(lang)];
  return (key, vars) => interpolate(dict[key] ?? messages.en[key] ?? key, vars);
}

/**
 * Wraps the page's translator: the page's answer wins; unknown keys fall back to
 * the inspector's own dictionary in `lang`.
 */
export function wrapTranslator(pageT, lang) {
  // `lang` may be a function, read on every call (the page can switch language).
  const own = (key, vars) => createTranslator(typeof lang === 'function' ? lang() : lang)(key, vars);
  if (typeof pageT !== 'function') return own;
  return (key, vars) => {
    let s;
    try { s = pageT(key, vars); } catch { s = undefined; }
    return typeof s === 'string' && s !== key && s !== '' ? s : own(key, vars);
  };
}
