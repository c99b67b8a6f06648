# keyword: Python 3.13's keywords and soft keywords (the lists CPython's
# Lib/keyword.py is generated with from its grammar; the words are facts of
# the language, the module is written here).
__all__ = ["iskeyword", "issoftkeyword", "kwlist", "softkwlist"]

kwlist = ['False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue',
          'def', 'del', 'elif', 'else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in',
          'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield']

softkwlist = ['_', 'case', 'match', 'type']

_kw = frozenset(kwlist)
_soft = frozenset(softkwlist)


def iskeyword(s):
    return s in _kw


def issoftkeyword(s):
    return s in _soft
