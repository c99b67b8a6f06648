// The cells' labels in English and Simplified Chinese; the page's <html lang> (or the
// script's data-lang) picks one. `{name}` placeholders are filled from `vars`; the
// result is only ever inserted as text.

const STRINGS = {
  en: {
    run: 'Run', stop: 'Stop', reset: 'Reset',
    runTitle: 'Run this code (Shift+Enter in the code); cells above it that have not run run first',
    runTitleIsolated: 'Run this code in a session of its own (Shift+Enter in the code)',
    resetTitle: 'Clear the variables of every cell on this page',
    idle: 'Python · NumPy · PyTorch', loading: 'loading engine…', running: 'running…', ready: 'ready',
    failed: 'The engine could not be loaded.', queued: 'waiting for the cells above…',
    shared: 'shared session', isolated: 'own session',
    code: 'Python code (editable)', output: 'Output', noOutput: 'Ran without output.',
    stopped: 'Stopped: the page’s sessions were restarted; variables were cleared.',
    resetDone: 'The page was reset: every cell starts again from an empty session.',
    ranAbove: 'Ran {n} cell(s) above first.', ms: '{ms} ms', line: 'line {line}',
    inspector: 'Memory inspector', inspectorNote: 'variables, bytes and sharing after this cell',
    inspectorFailed: 'The memory inspector could not be loaded.',
    match: 'Matches the output printed on the page.',
    matchMany: 'All {n} examples match the output printed on the page.',
    mismatch: '{n} of {total} example(s) differ from the output printed on the page:',
    edited: 'Edited: not compared with the output printed on the page.',
    onPage: 'on the page', ran: 'ran',
  },
  zh: {
    run: '运行', stop: '停止', reset: '重置',
    runTitle: '运行这段代码(在代码中按 Shift+Enter);上方尚未运行的代码块会先运行',
    runTitleIsolated: '在独立会话中运行这段代码(在代码中按 Shift+Enter)',
    resetTitle: '清除本页所有代码块的变量',
    idle: 'Python · NumPy · PyTorch', loading: '正在加载引擎…', running: '运行中…', ready: '就绪',
    failed: '无法加载引擎。', queued: '等待上方代码块…',
    shared: '共享会话', isolated: '独立会话',
    code: 'Python 代码(可编辑)', output: '输出', noOutput: '运行完成,没有输出。',
    stopped: '已停止:本页的会话已重启,变量已清除。',
    resetDone: '本页已重置:每个代码块都从空会话重新开始。',
    ranAbove: '已先运行上方 {n} 个代码块。', ms: '{ms} 毫秒', line: '第 {line} 行',
    inspector: '内存检查器', inspectorNote: '本代码块运行后的变量、字节与共享',
    inspectorFailed: '无法加载内存检查器。',
    match: '与页面上打印的输出一致。',
    matchMany: '全部 {n} 个示例与页面上打印的输出一致。',
    mismatch: '{total} 个示例中有 {n} 个与页面上打印的输出不同：',
    edited: '代码已修改:不与页面上打印的输出比较。',
    onPage: '页面', ran: '运行',
  },
};

/** 'zh' for any Chinese tag, else 'en'. */
export function pickLang(tag) {
  return String(tag ?? '').toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** A translator for one language: t(key, vars). */
export function translator(lang) {
  const dict = STRINGS[pickLang(lang)];
  return (key, vars) => {
    const text = dict[key] ?? STRINGS.en[key] ?? key;
    return vars ? text.replace(/\{(\w+)\}/g, (m, k) => (Object.hasOwn(vars, k) ? String(vars[k]) : m)) : text;
  };
}
