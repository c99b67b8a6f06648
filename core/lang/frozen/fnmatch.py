# fnmatch: shell-style wildcards (CPython 3.13's Lib/fnmatch.py API), written
# here over re: * ? [seq] [!seq]; on POSIX, names are compared as they are.
# translate() gives an equivalent pattern; for two or more * CPython's text
# differs (it uses atomic groups), its matches do not.
import re
import functools

__all__ = ['filter', 'fnmatch', 'fnmatchcase', 'translate']


def fnmatch(name, pat):
    return fnmatchcase(name, pat)


@functools.lru_cache(maxsize=32768)
def _compile(pat):
    if isinstance(pat, bytes):
        return re.compile(translate(str(pat, 'ISO-8859-1')).encode('ISO-8859-1')).match
    return re.compile(translate(pat)).match


def filter(names, pat):
    match = _compile(pat)
    return [n for n in names if match(n)]


def fnmatchcase(name, pat):
    return _compile(pat)(name) is not None


def translate(pat):
    out, i, n = [], 0, len(pat)
    while i < n:
        c = pat[i]
        i += 1
        if c == '*':
            if not out or out[-1] != '.*':
                out.append('.*')
        elif c == '?':
            out.append('.')
        elif c == '[':
            j = i
            if j < n and pat[j] == '!':
                j += 1
            if j < n and pat[j] == ']':
                j += 1
            while j < n and pat[j] != ']':
                j += 1
            if j >= n:
                out.append('\\[')
            else:
                body = pat[i:j].replace('\\', '\\\\')
                i = j + 1
                if not body:
                    out.append('(?!)')
                elif body == '!':
                    out.append('.')
                else:
                    if body[0] == '!':
                        body = '^' + body[1:]
                    elif body[0] in '^[':
                        body = '\\' + body
                    out.append('[' + re.sub(r'([&~|])', r'\\\1', body) + ']')
        else:
            out.append(re.escape(c))
    return '(?s:%s)\\Z' % ''.join(out)
