// web/src/embed/: the parts that need no browser -- reading `>>>` blocks and comparing
// their printed output with what ran (prompts.js, doctest's rules), the script's
// settings (index.js readSettings), the labels (strings.js), the theme's luminance
// rule (theme.js) and the cross-origin worker shim (page.js). The browser suite
// (tests/browser/embed.mjs) covers the cells on real pages.
import test from 'node:test';
import assert from 'node:assert/strict';
import { hasPrompts, parsePrompts, shownOutput, outputMatches, lineDiff } from '../../../web/src/embed/prompts.js';
import { translator, pickLang } from '../../../web/src/embed/strings.js';
import { luminance } from '../../../web/src/embed/theme.js';
import { workerUrlFor } from '../../../web/src/embed/page.js';

test('prompts: a block is a session when its first code line has a prompt', () => {
  assert.equal(hasPrompts('\n>>> 1 + 1\n2'), true);
  assert.equal(hasPrompts('x = 1\n>>> 1'), false);
  assert.equal(hasPrompts('>>>x'), false, 'a prompt is followed by a space or the end of the line');
  assert.equal(hasPrompts('>>>'), true);
});

test('prompts: examples, continuation lines, expected output, prose and <BLANKLINE>', () => {
  const block = [
    'Some prose before.',
    '>>> for i in range(2):',
    '...     print(i)',
    '0',
    '1',
    '>>> x = 3',
    '>>> print("a\\n\\nb")',
    'a',
    '<BLANKLINE>',
    'b',
    '',
    'Prose after a blank line.',
    '>>> x',
    '3',
  ].join('\n');
  const { code, examples } = parsePrompts(block);
  assert.equal(code, 'for i in range(2):\n    print(i)\nx = 3\nprint("a\\n\\nb")\nx');
  assert.deepEqual(examples, [
    { source: 'for i in range(2):\n    print(i)', want: '0\n1\n' },
    { source: 'x = 3', want: '' },
    { source: 'print("a\\n\\nb")', want: 'a\n\nb\n' },
    { source: 'x', want: '3\n' },
  ]);
});

test('prompts: an indented session; output lines that start with ... are output', () => {
  const { examples } = parsePrompts('    >>> print("...")\n    ...\n    >>> 1');
  assert.deepEqual(examples, [{ source: 'print("...")', want: '' }, { source: '1', want: '' }], 'a bare ... line ends the source');
  const out = parsePrompts('>>> print("x")\n...ok');
  assert.deepEqual(out.examples, [{ source: 'print("x")', want: '...ok\n' }]);
});

test('prompts: what an example shows, and the comparison', () => {
  assert.equal(shownOutput({ stdout: 'hi\n', repr: null }), 'hi\n');
  assert.equal(shownOutput({ stdout: '', repr: '(3, 4)' }), '(3, 4)\n');
  assert.equal(shownOutput({ stdout: '', error: 'ValueError: bad', traceback: null }), 'Traceback (most recent call last):\nValueError: bad\n');
  assert.ok(outputMatches('(3, 4)\n', '(3, 4)  \n\n'), 'trailing spaces and blank lines do not count');
  assert.ok(!outputMatches('(4, 3)\n', '(3, 4)\n'));
  assert.ok(!outputMatches('', '1\n'), 'an unexpected output differs');
  const tb = 'Traceback (most recent call last):\n  File "<stdin>", line 1, in <module>\nValueError: bad\n';
  assert.ok(outputMatches('Traceback (most recent call last):\n  ...\nValueError: bad\n', tb), 'a traceback matches on its last line');
  assert.ok(!outputMatches('Traceback (most recent call last):\n  ...\nValueError: other\n', tb));
  assert.ok(!outputMatches('Traceback (most recent call last):\nValueError: bad\n', 'ValueError: bad\n'), 'an output without a traceback');
});

test('prompts: the line diff puts the page\'s lines before the ones that ran', () => {
  assert.deepEqual(lineDiff('(4, 3)\n', '(3, 4)\n'), [{ op: '-', text: '(4, 3)' }, { op: '+', text: '(3, 4)' }]);
  assert.deepEqual(lineDiff('a\nb\nc\n', 'a\nx\nc\n').map((d) => `${d.op}${d.text}`), [' a', '-b', '+x', ' c']);
});

test('strings: the page\'s language picks the labels; unknown keys read as themselves', () => {
  assert.equal(pickLang('zh-CN'), 'zh');
  assert.equal(pickLang('de'), 'en');
  assert.equal(translator('zh-Hans')('run'), '运行');
  assert.equal(translator('en')('ranAbove', { n: 3 }), 'Ran 3 cell(s) above first.');
  assert.equal(translator('en')('nope'), 'nope');
});

test('theme: luminance picks dark for dark backgrounds', () => {
  assert.ok(luminance({ r: 255, g: 255, b: 255 }) > 0.99);
  assert.ok(luminance({ r: 30, g: 33, b: 41 }) < 0.2);
});

test('page: a worker on another origin starts through a same-origin module shim', () => {
  assert.equal(workerUrlFor('https://a.example/x/worker.js', 'https://a.example'), 'https://a.example/x/worker.js');
  const shim = workerUrlFor('https://cdn.example/x/worker.js', 'https://a.example');
  assert.ok(shim.startsWith('blob:'), shim);
  URL.revokeObjectURL(shim);
});
