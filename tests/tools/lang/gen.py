#!/usr/bin/python3
"""Emits Catch2 table-driven tests from tests/tools/lang/results.json (expected text = CPython's)."""
import pathlib
HERE = pathlib.Path(__file__).resolve().parent
import json, sys, collections

res = json.load(open(HERE / 'results.json'))
FILES = {
    'test_lang_python.cpp': (['operators', 'assignment', 'control', 'functions', 'comprehensions', 'slicing'], '[lang]',
        'The evaluator: operators, assignment and unpacking, control flow, functions, comprehensions, slicing.'),
    'test_lang_library.cpp': (['exceptions', 'fstrings', 'methods', 'builtins'], '[lang]',
        'Exceptions, f-strings and formatting, str/list/dict/tuple/set methods, builtins.'),
    'test_lang_errors.cpp': (['syntax', 'tracebacks'], '[lang][errors]',
        'SyntaxError / IndentationError positions and messages, runtime tracebacks.'),
    'test_format_numpy.cpp': (['np_print'], '[format][numpy]', 'NumPy array printing edge cases beyond the oracle.'),
    'test_format_torch.cpp': (['torch_print'], '[format][torch]', 'PyTorch tensor printing edge cases beyond the oracle.'),
}
TAGS = {'syntax': '[lang][syntax]', 'tracebacks': '[lang][errors]'}
TITLES = {
 'operators': 'operators, precedence, int/float division signs, float repr',
 'assignment': 'assignment, unpacking, augmented assignment, del, statement atomicity',
 'control': 'if/while/for with else, break, continue, finally',
 'functions': 'functions: defaults, *args, **kwargs, keyword-only, closures, nonlocal, global, lambda',
 'comprehensions': 'comprehensions and generator expressions, scoping',
 'slicing': 'slicing of str/list/tuple/range incl. negative steps',
 'exceptions': 'try/except/else/finally, matching by base class, raise from, errstate',
 'fstrings': 'f-strings, format specs, str.format and % formatting',
 'methods': 'str/list/dict/tuple/set methods',
 'builtins': 'builtins',
 'syntax': 'SyntaxError and IndentationError: message, line and caret',
 'tracebacks': 'runtime errors: messages and the traceback lines',
 'np_print': 'NumPy printing',
 'torch_print': 'PyTorch printing',
}

def raw(s):
    for d in ('~', 'PY', 'X1', 'X2'):
        if ')' + d + '"' not in s:
            return 'R"' + d + '(' + s + ')' + d + '"'
    raise SystemExit('no delimiter')

def expected(c):
    if c['error'] is None:
        return c['stdout'], 0
    if c['ok_tb']:
        return c['stdout'] + '!' + c['tb'].rstrip('\n') + '\n', 2
    return c['stdout'] + '!' + c['error'], 1

HEADER = '''// {desc}
// Generated from a differential corpus: every expected text below is what
// CPython 3.11 (NumPy 1.24, PyTorch 1.13) printed for the same program. Errors
// end the text with '!' and either the last traceback line (mode 1) or the
// whole traceback with CPython's ^~ position lines dropped (mode 2), file "prog.py".
#include "tests/core/program_cases.hpp"

using program_cases::Case;
using program_cases::check_all;
using program_cases::run_case;
'''

def main():
    out_dir = sys.argv[1]
    by_topic = collections.defaultdict(list)
    skipped = []
    for c in res:
        if c['ok'] and (c['ok_tb'] or c['error'] is None or c['topic'] not in ('syntax',)):
            by_topic[c['topic']].append(c)
        else:
            skipped.append(c['topic'] + '/' + c['name'])
    for fname, (topics, tag, desc) in FILES.items():
        body = [HEADER.format(desc=desc)]
        total = 0
        for t in topics:
            cs = by_topic.get(t, [])
            if not cs: continue
            ident = 'k_' + t
            body.append('\nconst Case %s[] = {\n' % ident)
            for c in cs:
                exp, mode = expected(c)
                body.append('    {%s, %d,\n     %s,\n     %s},\n' % (json.dumps(c['name']), mode, raw(c['code']), raw(exp)))
            body.append('};\n')
            body.append('\nTEST_CASE("%s (%d programs)", "%s") { check_all(%s, sizeof(%s) / sizeof(Case)); }\n'
                        % (TITLES[t], len(cs), TAGS.get(t, tag), ident, ident))
            total += len(cs)
        if fname == 'test_lang_errors.cpp':
            body.append(open(HERE / 'extra_errors.cpp').read())
        open(out_dir + '/' + fname, 'w').write(''.join(body))
        print(fname, total, 'programs', sum(s.count('\n') for s in body), 'lines')
    print('skipped', len(skipped))
    open(HERE / 'skipped.txt', 'w').write('\n'.join(skipped) + '\n')

main()
