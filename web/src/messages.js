// The page's UI strings, English and Simplified Chinese. Keys are grouped by area;
// `{name}` is filled by t(key, { name }). The view-or-copy rule texts are in
// explain-messages.js; the inspector brings its own (web/src/inspector/i18n.js).

import { EXPLAIN_MESSAGES } from './explain-messages.js';

const en = {
  'app.title': 'stridelab playground',
  'app.tagline': 'NumPy & PyTorch memory, made visible',

  'prefs.language': 'Language: English (switch to 中文)',
  'prefs.languageShort': '中文',
  'prefs.theme': 'Theme: {choice}',
  'prefs.theme.system': 'follow the system ({resolved})',
  'prefs.theme.light': 'light',
  'prefs.theme.dark': 'dark',

  'status.loading': 'loading engine…',
  'status.ready': 'ready',
  'status.running': 'running…',
  'status.error': 'error',

  'toolbar.examples': 'Examples',
  'toolbar.examplesTitle': 'Examples from the articles',
  'toolbar.viewCopy': 'View or copy?',
  'toolbar.viewCopyTitle': 'Quiz mode: predict whether a statement makes a view or a copy, then see the rule',
  'toolbar.share': 'Share',
  'toolbar.shareTitle': 'Copy a link to this program',
  'toolbar.reset': 'Reset',
  'toolbar.resetTitle': 'Start a fresh session (clears all variables)',
  'toolbar.run': 'Run',
  'toolbar.runTitle': 'Run the program (Shift+Enter)',
  'toolbar.stop': 'Stop',
  'toolbar.stopTitle': 'Stop the program (restarts the engine; variables are cleared)',

  'editor.meta': 'Python · NumPy · PyTorch',
  'editor.label': 'Python program. Shift+Enter runs it; Up and Down on the first or last line walk through the programs you ran.',

  'output.title': 'Output',
  'output.intro1': 'Press {shift}+{enter} or {run} to execute the program.',
  'output.intro2': 'Variables persist between runs, like a REPL. Reset starts a fresh session.',
  'output.intro3': 'Up and Down on the first or last line of the editor bring back programs you ran.',
  'output.noOutput': 'Ran without output.',
  'output.line': 'line {line}',
  'output.goToLine': 'Go to line {line}',
  'output.traceback': 'Traceback',
  'output.clipped': '… {count} more characters not shown.',
  'output.errorMeta': 'error',
  'output.engineErrorMeta': 'engine error',
  'output.lessThan1ms': '<1 ms',
  'output.ms': '{ms} ms',
  'output.s': '{s} s',

  'memory.title': 'Memory',
  'memory.meta': '{count} arrays · {bytes} live',
  'memory.metaOne': '1 array · {bytes} live',
  'memory.failed': 'The memory inspector could not be shown: {message}',

  'engine.failedToLoad': 'Engine failed to load',
  'engine.failedToLoadNote': 'Press Reset to try again, or reload the page.',
  'engine.crashed': 'The engine crashed',
  'engine.restartedNote': 'The engine was restarted, so variables were cleared.',
  'engine.resetFailed': 'Reset failed',
  'engine.restarted': 'Engine restarted.',
  'run.stopped': 'Stopped: the session was restarted; variables were cleared.',
  'run.reset': 'Session reset. All variables were cleared.',

  'share.copied': 'Link copied to the clipboard.',
  'share.inAddressBar': 'Link ready: copy it from the address bar.',
  'share.tooLong': 'This program is too long to share as a link.',
  'share.failed': 'Could not make a link for this program.',
  'share.loaded': 'Loaded the program from the link. Press Run to execute it.',
  'share.invalid': 'The link does not contain a readable program (it may have been cut off). Your own code was kept.',
  'share.tooLarge': 'The program in the link is too large to open. Your own code was kept.',
  'share.unsupported': 'This browser cannot unpack the program in the link (no DecompressionStream). Your own code was kept.',

  'embed.open': 'Open in stridelab',
  'embed.openTitle': 'Open this program in the stridelab playground',

  'gallery.title': 'Examples',
  'gallery.intro': 'Code from five articles on NumPy and PyTorch memory, cleaned up so that it runs here.',
  'gallery.autorun': 'Run after loading',
  'gallery.close': 'Close',
  'gallery.loading': 'Loading examples…',
  'gallery.failed': 'The examples could not be loaded.',
  'gallery.loaded': 'Loaded example: {title}',
  'gallery.source': 'From: {source}',

  'vc.banner': 'View-or-copy mode: run one statement such as b = a[:, ::2] and predict the answer first.',
  'vc.on': 'View-or-copy mode is on.',
  'vc.off': 'View-or-copy mode is off.',
};

const zh = {
  'app.title': 'stridelab 练习场',
  'app.tagline': '让 NumPy 与 PyTorch 的内存一目了然',

  'prefs.language': '语言:简体中文(切换到 English)',
  'prefs.languageShort': 'EN',
  'prefs.theme': '主题:{choice}',
  'prefs.theme.system': '跟随系统({resolved})',
  'prefs.theme.light': '浅色',
  'prefs.theme.dark': '深色',

  'status.loading': '正在加载引擎…',
  'status.ready': '就绪',
  'status.running': '运行中…',
  'status.error': '出错',

  'toolbar.examples': '示例',
  'toolbar.examplesTitle': '来自文章的示例代码',
  'toolbar.viewCopy': '视图还是副本?',
  'toolbar.viewCopyTitle': '测验模式:先预测一条语句得到的是视图还是副本,再看规则',
  'toolbar.share': '分享',
  'toolbar.shareTitle': '复制指向此程序的链接',
  'toolbar.reset': '重置',
  'toolbar.resetTitle': '开始新的会话(清除所有变量)',
  'toolbar.run': '运行',
  'toolbar.runTitle': '运行程序(Shift+Enter)',
  'toolbar.stop': '停止',
  'toolbar.stopTitle': '停止程序(会重启引擎并清除变量)',

  'editor.meta': 'Python · NumPy · PyTorch',
  'editor.label': 'Python 程序。Shift+Enter 运行;在第一行或最后一行按上、下方向键可以翻阅运行过的程序。',

  'output.title': '输出',
  'output.intro1': '按 {shift}+{enter} 或点击 {run} 执行程序。',
  'output.intro2': '变量在多次运行之间保留,就像 REPL 一样。“重置”会开始新的会话。',
  'output.intro3': '在编辑器第一行或最后一行按上、下方向键,可以找回运行过的程序。',
  'output.noOutput': '运行完成,没有输出。',
  'output.line': '第 {line} 行',
  'output.goToLine': '跳到第 {line} 行',
  'output.traceback': '调用栈',
  'output.clipped': '… 还有 {count} 个字符未显示。',
  'output.errorMeta': '出错',
  'output.engineErrorMeta': '引擎错误',
  'output.lessThan1ms': '<1 毫秒',
  'output.ms': '{ms} 毫秒',
  'output.s': '{s} 秒',

  'memory.title': '内存',
  'memory.meta': '{count} 个数组 · 占用 {bytes}',
  'memory.metaOne': '1 个数组 · 占用 {bytes}',
  'memory.failed': '无法显示内存检查器:{message}',

  'engine.failedToLoad': '引擎加载失败',
  'engine.failedToLoadNote': '点击“重置”重试,或刷新页面。',
  'engine.crashed': '引擎崩溃了',
  'engine.restartedNote': '引擎已重启,变量已清除。',
  'engine.resetFailed': '重置失败',
  'engine.restarted': '引擎已重启。',
  'run.stopped': '已停止:会话已重启,变量已清除。',
  'run.reset': '会话已重置,所有变量已清除。',

  'share.copied': '链接已复制到剪贴板。',
  'share.inAddressBar': '链接已生成:请从地址栏复制。',
  'share.tooLong': '程序太长,无法生成分享链接。',
  'share.failed': '无法为此程序生成链接。',
  'share.loaded': '已从链接载入程序。点击“运行”执行。',
  'share.invalid': '链接中没有可读取的程序(可能被截断了)。已保留你自己的代码。',
  'share.tooLarge': '链接中的程序太大,无法打开。已保留你自己的代码。',
  'share.unsupported': '此浏览器无法解压链接中的程序(不支持 DecompressionStream)。已保留你自己的代码。',

  'embed.open': '在 stridelab 中打开',
  'embed.openTitle': '在 stridelab 练习场中打开此程序',

  'gallery.title': '示例',
  'gallery.intro': '五篇关于 NumPy 与 PyTorch 内存的文章中的代码,已整理为可在此直接运行的版本。',
  'gallery.autorun': '载入后立即运行',
  'gallery.close': '关闭',
  'gallery.loading': '正在加载示例…',
  'gallery.failed': '示例加载失败。',
  'gallery.loaded': '已载入示例:{title}',
  'gallery.source': '出自:{source}',

  'vc.banner': '视图/副本模式:运行一条语句(例如 b = a[:, ::2]),先预测结果。',
  'vc.on': '已开启视图/副本模式。',
  'vc.off': '已关闭视图/副本模式。',
};

export const MESSAGES = {
  en: { ...en, ...EXPLAIN_MESSAGES.en },
  zh: { ...zh, ...EXPLAIN_MESSAGES.zh },
};
