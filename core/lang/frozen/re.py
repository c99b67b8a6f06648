# re: regular expressions, CPython 3.13's module surface (Lib/re/__init__.py)
# written for stridelab over the native engine _sre (core/lang/modules/
# sre_module.cpp, core/text/regex.cpp). Written here, not taken from CPython:
# Pattern and Match are plain classes over the spans _sre reports; sub's
# templates are parsed as Lib/re/_parser.py parse_template does, with its
# messages. Invariant: every position is a code point index (str) or a byte
# index (bytes), as in CPython.
import _sre

__all__ = ["match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer", "compile",
           "purge", "escape", "error", "PatternError", "Pattern", "Match", "A", "I", "L", "M", "S", "X", "U",
           "ASCII", "IGNORECASE", "LOCALE", "MULTILINE", "DOTALL", "VERBOSE", "UNICODE", "NOFLAG", "RegexFlag"]

_FLAG_NAMES = [("IGNORECASE", 2), ("LOCALE", 4), ("MULTILINE", 8), ("DOTALL", 16), ("UNICODE", 32),
               ("VERBOSE", 64), ("DEBUG", 128), ("ASCII", 256)]


def _int(f):
    if isinstance(f, RegexFlag):
        return f._value_
    return f


class RegexFlag:
    # An int-valued flag (CPython's is an enum.IntFlag; stridelab's ints take no subclasses yet).
    def __init__(self, value=0):
        self._value_ = _int(value)

    @property
    def value(self):
        return self._value_

    def __int__(self):
        return self._value_

    def __index__(self):
        return self._value_

    def __hash__(self):
        return hash(self._value_)

    def __eq__(self, other):
        if isinstance(other, RegexFlag):
            return self._value_ == other._value_
        if isinstance(other, int):
            return self._value_ == other
        return NotImplemented

    def __bool__(self):
        return self._value_ != 0

    def __repr__(self):
        v = self._value_
        if v == 0:
            return "re.NOFLAG"
        parts = []
        for name, bit in _FLAG_NAMES:
            if v & bit:
                parts.append("re." + name)
                v &= ~bit
        if v:
            parts.append(hex(v))
        return "|".join(parts)

    __str__ = __repr__

    def __or__(self, other):
        if isinstance(other, (int, RegexFlag)):
            return RegexFlag(self._value_ | _int(other))
        return NotImplemented

    __ror__ = __or__

    def __and__(self, other):
        if isinstance(other, (int, RegexFlag)):
            return RegexFlag(self._value_ & _int(other))
        return NotImplemented

    __rand__ = __and__

    def __invert__(self):
        return RegexFlag(~self._value_ & 511)


NOFLAG = RegexFlag(0)
I = IGNORECASE = RegexFlag(2)
L = LOCALE = RegexFlag(4)
M = MULTILINE = RegexFlag(8)
S = DOTALL = RegexFlag(16)
U = UNICODE = RegexFlag(32)
X = VERBOSE = RegexFlag(64)
DEBUG = RegexFlag(128)
A = ASCII = RegexFlag(256)


class PatternError(Exception):
    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        if pattern is not None and pos is not None:
            msg = "%s at position %d" % (msg, pos)
            newline = "\n" if isinstance(pattern, str) else b"\n"
            self.lineno = pattern.count(newline, 0, pos) + 1
            self.colno = pos - pattern.rfind(newline, 0, pos)
            if newline in pattern:
                msg = "%s (line %d, column %d)" % (msg, self.lineno, self.colno)
        else:
            self.lineno = self.colno = None
        Exception.__init__(self, msg)


PatternError.__module__ = "re"
error = PatternError


def _compile_native(pattern, flags):
    r = _sre.compile(pattern, flags)
    if r[0] == "ok":
        return r
    kind, msg, pos = r[1], r[2], r[3]
    if kind == "ValueError":
        raise ValueError(msg)
    if kind == "OverflowError":
        raise OverflowError(msg)
    raise PatternError(msg, pattern, pos)


def _flags_repr(flags, is_str):
    if is_str:
        flags = flags & ~32
    if not flags:
        return None
    return repr(RegexFlag(flags))


class Pattern:
    def __init__(self, pattern, flags):
        flags = _int(flags)
        r = _compile_native(pattern, flags)
        self.pattern = pattern
        self._scan = r[1]
        self.flags = r[2]
        self.groups = r[3]
        self.groupindex = dict(r[4])
        self._names = {}
        for k, v in r[4]:
            self._names[v] = k

    def __repr__(self):
        text = repr(self.pattern)
        if len(text) > 200:
            text = text[:200]
        f = _flags_repr(self.flags, isinstance(self.pattern, str))
        if f is None:
            return "re.compile(%s)" % text
        return "re.compile(%s, %s)" % (text, f)

    def __eq__(self, other):
        if not isinstance(other, Pattern):
            return NotImplemented
        return self.pattern == other.pattern and self.flags == other.flags

    def __hash__(self):
        return hash((self.pattern, self.flags))

    def _bounds(self, string, pos, endpos):
        n = len(string)
        if pos < 0:
            pos = 0
        if endpos is None or endpos > n:
            endpos = n
        if endpos < 0:
            endpos = 0
        return pos, endpos

    def _run(self, string, pos, endpos, mode, must_advance=False):
        pos, endpos = self._bounds(string, pos, endpos)
        r = self._scan(string, pos, endpos, mode, must_advance)
        if r is None:
            return None
        return Match(self, string, pos, endpos, r[0], r[1])

    def match(self, string, pos=0, endpos=None):
        return self._run(string, pos, endpos, 0)

    def fullmatch(self, string, pos=0, endpos=None):
        return self._run(string, pos, endpos, 1)

    def search(self, string, pos=0, endpos=None):
        return self._run(string, pos, endpos, 2)

    def _iter(self, string, pos=0, endpos=None):
        pos, endpos = self._bounds(string, pos, endpos)
        must_advance = False
        while pos <= endpos:
            r = self._scan(string, pos, endpos, 2, must_advance)
            if r is None:
                return
            m = Match(self, string, pos, endpos, r[0], r[1])
            yield m
            s, e = r[0][0], r[0][1]
            must_advance = s == e
            pos = e

    def finditer(self, string, pos=0, endpos=None):
        return self._iter(string, pos, endpos)

    def findall(self, string, pos=0, endpos=None):
        out = []
        for m in self._iter(string, pos, endpos):
            if self.groups == 0:
                out.append(m.group(0))
            elif self.groups == 1:
                out.append(m._text(1, string[:0]))
            else:
                out.append(tuple(m._text(g, string[:0]) for g in range(1, self.groups + 1)))
        return out

    def split(self, string, maxsplit=0):
        out = []
        last = 0
        count = 0
        for m in self._iter(string):
            if maxsplit and count >= maxsplit:
                break
            s, e = m.span()
            out.append(string[last:s])
            for g in range(1, self.groups + 1):
                out.append(m.group(g))
            last = e
            count += 1
        out.append(string[last:])
        return out

    def subn(self, repl, string, count=0):
        if callable(repl):
            fn = repl
        else:
            template = _parse_template(repl, self)
            if len(template) == 1 and isinstance(template[0], (str, bytes)):
                literal = template[0]
                fn = lambda m: literal
            else:
                fn = lambda m: _expand(template, m)
        out = []
        last = 0
        n = 0
        for m in self._iter(string):
            if count and n >= count:
                break
            s, e = m.span()
            out.append(string[last:s])
            piece = fn(m)
            if piece is not None:
                out.append(piece)
            last = e
            n += 1
        out.append(string[last:])
        return string[:0].join(out), n

    def sub(self, repl, string, count=0):
        return self.subn(repl, string, count)[0]

    def scanner(self, string, pos=0, endpos=None):
        raise NotImplementedError("Pattern.scanner")

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


Pattern.__module__ = "re"


class Match:
    def __init__(self, pattern, string, pos, endpos, marks, lastindex):
        self.re = pattern
        self.string = string
        self.pos = pos
        self.endpos = endpos
        self._marks = marks
        self.lastindex = None if lastindex < 0 else lastindex
        self.lastgroup = None if lastindex < 0 else pattern._names.get(lastindex)

    def _index(self, g):
        if isinstance(g, str):
            if g in self.re.groupindex:
                return self.re.groupindex[g]
            raise IndexError("no such group")
        if isinstance(g, bool) or not isinstance(g, int):
            try:
                g = g.__index__()
            except Exception:
                raise IndexError("no such group")
        if 0 <= g <= self.re.groups:
            return g
        raise IndexError("no such group")

    def _text(self, i, default=None):
        s, e = self._marks[2 * i], self._marks[2 * i + 1]
        if s < 0 or e < 0:
            return default
        return self.string[s:e]

    def group(self, *groups):
        if not groups:
            return self._text(0)
        if len(groups) == 1:
            return self._text(self._index(groups[0]))
        return tuple(self._text(self._index(g)) for g in groups)

    def __getitem__(self, g):
        return self._text(self._index(g))

    def groups(self, default=None):
        return tuple(self._text(i, default) for i in range(1, self.re.groups + 1))

    def groupdict(self, default=None):
        d = {}
        for name, i in self.re.groupindex.items():
            d[name] = self._text(i, default)
        return d

    def span(self, group=0):
        i = self._index(group)
        return (self._marks[2 * i], self._marks[2 * i + 1])

    def start(self, group=0):
        return self.span(group)[0]

    def end(self, group=0):
        return self.span(group)[1]

    @property
    def regs(self):
        return tuple((self._marks[2 * i], self._marks[2 * i + 1]) for i in range(self.re.groups + 1))

    def expand(self, template):
        return _expand(_parse_template(template, self.re), self)

    def __repr__(self):
        # CPython prints at most 50 characters of the match's repr (%.50R).
        return "<re.Match object; span=(%d, %d), match=%s>" % (self._marks[0], self._marks[1], repr(self.group(0))[:50])

    def __bool__(self):
        return True

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


Match.__module__ = "re"

_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\"}
_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _template_error(msg, repl, pos):
    return PatternError(msg, repl, pos)


def _parse_template(repl, pattern):
    # Lib/re/_parser.py parse_template's rules: literals, \g<name>, \g<n>, \n, \nn, octal escapes.
    is_bytes = isinstance(repl, bytes)
    if is_bytes:
        s = repl.decode("latin-1")
    elif isinstance(repl, str):
        s = repl
    else:
        raise TypeError("expected str or bytes-like object, got '%s'" % type(repl).__name__)
    parts = []
    lit = []
    i = 0
    n = len(s)
    while i < n:
        c = s[i]
        if c != "\\":
            lit.append(c)
            i += 1
            continue
        if i + 1 >= n:
            raise _template_error("bad escape (end of pattern)", repl, i)
        d = s[i + 1]
        if d == "g":
            j = i + 2
            if j >= n or s[j] != "<":
                if j >= n:
                    raise _template_error("missing <", repl, j)
                raise _template_error("missing <", repl, j)
            k = s.find(">", j + 1)
            if k < 0:
                name = s[j + 1:]
                if not name:
                    raise _template_error("missing group name", repl, j + 1)
                raise _template_error("missing >, unterminated name", repl, j + 1)
            name = s[j + 1:k]
            if not name:
                raise _template_error("missing group name", repl, j + 1)
            if name and all(c in "0123456789" for c in name):
                index = int(name)
                if index > pattern.groups:
                    raise _template_error("invalid group reference %d" % index, repl, j + 1)
            else:
                if not name.isidentifier() or (is_bytes and not all(ord(c) < 128 for c in name)):
                    raise _template_error("bad character in group name %r" % name, repl, j + 1)
                if name not in pattern.groupindex:
                    raise IndexError("unknown group name %r" % name)
                index = pattern.groupindex[name]
            parts.append("".join(lit))
            lit = []
            parts.append(index)
            i = k + 1
            continue
        if d == "0":
            j = i + 2
            v = 0
            while j < n and j < i + 4 and s[j] in "01234567":
                v = v * 8 + int(s[j])
                j += 1
            lit.append(chr(v))
            i = j
            continue
        if d in "123456789":
            j = i + 2
            if j < n and s[j] in "0123456789":
                if d in "01234567" and s[j] in "01234567" and j + 1 < n and s[j + 1] in "01234567":
                    v = int(s[i + 1:j + 2], 8)
                    if v > 0o377:
                        raise _template_error("octal escape value \\%s outside of range 0-0o377" % s[i + 1:j + 2], repl, i)
                    lit.append(chr(v))
                    i = j + 2
                    continue
                j += 1
            index = int(s[i + 1:j])
            if index > pattern.groups:
                raise _template_error("invalid group reference %d" % index, repl, i + 1)
            parts.append("".join(lit))
            lit = []
            parts.append(index)
            i = j
            continue
        if d in _ESCAPES:
            lit.append(_ESCAPES[d])
            i += 2
            continue
        if d in _LETTERS:
            raise _template_error("bad escape \\%s" % d, repl, i)
        lit.append("\\" + d)
        i += 2
    parts.append("".join(lit))
    out = []
    for p in parts:
        if isinstance(p, str):
            if not p:
                continue
            out.append(p.encode("latin-1") if is_bytes else p)
        else:
            out.append(p)
    if not out:
        out.append(b"" if is_bytes else "")
    return out


def _expand(template, m):
    empty = m.string[:0]
    pieces = []
    for p in template:
        if isinstance(p, int):
            t = m._text(p)
            if t is not None:
                pieces.append(t)
        else:
            pieces.append(p)
    return empty.join(pieces)


_cache = {}


def _compile(pattern, flags):
    flags = _int(flags)
    if isinstance(pattern, Pattern):
        if flags:
            raise ValueError("cannot process flags argument with a compiled pattern")
        return pattern
    if not isinstance(pattern, (str, bytes)):
        raise TypeError("first argument must be string or compiled pattern")
    key = (type(pattern), pattern, flags)
    p = _cache.get(key)
    if p is None:
        p = Pattern(pattern, flags)
        if len(_cache) >= 512:
            _cache.clear()
        _cache[key] = p
    return p


def compile(pattern, flags=0):
    return _compile(pattern, flags)


def match(pattern, string, flags=0):
    return _compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return _compile(pattern, flags).fullmatch(string)


def search(pattern, string, flags=0):
    return _compile(pattern, flags).search(string)


def findall(pattern, string, flags=0):
    return _compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    return _compile(pattern, flags).finditer(string)


def split(pattern, string, maxsplit=0, flags=0):
    return _compile(pattern, flags).split(string, maxsplit)


def sub(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).subn(repl, string, count)


def purge():
    _cache.clear()


_SPECIAL = "()[]{}?*+-|^$\\.&~# \t\n\r\v\f"


def escape(pattern):
    if isinstance(pattern, str):
        return "".join("\\" + c if c in _SPECIAL else c for c in pattern)
    if isinstance(pattern, (bytes, bytearray)):
        s = bytes(pattern).decode("latin-1")
        return "".join("\\" + c if c in _SPECIAL else c for c in s).encode("latin-1")
    raise TypeError("expected str or bytes-like object")
