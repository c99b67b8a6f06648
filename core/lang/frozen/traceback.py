# traceback: extracting, formatting and printing stack traces (CPython 3.13's traceback
# interface, written here in Python as CPython's Lib/traceback.py is).
#
# A traceback is read from exc.__traceback__ (a tb_next chain of frame snapshots, Note
# [Frame snapshots], classes.hpp) into FrameSummary entries (file, line number, function
# name, source line from linecache) and printed as the interpreter prints an uncaught
# exception: the cause (or else the context, unless suppressed) first with its separator
# line, then "Traceback (most recent call last):", a "  File ..., line N, in f" entry per
# frame with its stripped source line, and the last line "Type: message" (the type named by
# module and qualified name unless it is builtin or __main__), then any __notes__.
# stridelab does not compute CPython's position carets (~~^~~) under a source line.
import sys
import linecache
import itertools
import collections
import textwrap
import warnings
from contextlib import suppress

BUILTIN_EXCEPTION_LIMIT = object()
_cause_message = "\nThe above exception was the direct cause of the following exception:\n\n"
_context_message = "\nDuring handling of the above exception, another exception occurred:\n\n"
_sentinel = object()


class ANSIColors:
    RESET = "\x1b[0m"
    BOLD_GREEN = "\x1b[1;32m"
    BOLD_MAGENTA = "\x1b[1;35m"
    BOLD_RED = "\x1b[1;31m"
    GREEN = "\x1b[32m"
    GREY = "\x1b[90m"
    MAGENTA = "\x1b[35m"
    RED = "\x1b[31m"
    YELLOW = "\x1b[33m"


class FrameSummary:
    """Information about a single frame from a traceback."""
    __slots__ = ("filename", "lineno", "end_lineno", "colno", "end_colno", "name", "_line", "locals")

    def __init__(self, filename, lineno, name, *, lookup_line=True, locals=None, line=None,
                 end_lineno=None, colno=None, end_colno=None):
        self.filename = filename
        self.lineno = lineno
        self.end_lineno = lineno if end_lineno is None else end_lineno
        self.colno = colno
        self.end_colno = end_colno
        self.name = name
        self._line = line
        if lookup_line:
            self.line
        self.locals = {k: repr(v) for k, v in locals.items()} if locals else None

    def __eq__(self, other):
        if isinstance(other, FrameSummary):
            return (self.filename == other.filename and self.lineno == other.lineno and
                    self.name == other.name and self.locals == other.locals)
        if isinstance(other, tuple):
            return (self.filename, self.lineno, self.name, self.line) == other
        return NotImplemented

    def __getitem__(self, pos):
        return (self.filename, self.lineno, self.name, self.line)[pos]

    def __iter__(self):
        return iter([self.filename, self.lineno, self.name, self.line])

    def __repr__(self):
        return "<FrameSummary file {filename}, line {lineno} in {name}>".format(
            filename=self.filename, lineno=self.lineno, name=self.name)

    def __len__(self):
        return 4

    @property
    def _original_line(self):
        self.line
        return self._line

    @property
    def line(self):
        if self._line is None:
            if self.lineno is None:
                return None
            self._line = linecache.getline(self.filename, self.lineno)
        return self._line.strip()


def walk_stack(f):
    """Walk a stack yielding the frame and line number for each frame."""
    if f is None:
        try:
            f = sys._getframe(2)
        except ValueError:
            f = None
    while f is not None:
        yield f, f.f_lineno
        f = f.f_back


def walk_tb(tb):
    """Walk a traceback yielding the frame and line number for each frame."""
    while tb is not None:
        yield tb.tb_frame, tb.tb_lineno
        tb = tb.tb_next


class StackSummary(list):
    """A list of FrameSummary objects, representing a stack of frames."""

    @classmethod
    def extract(klass, frame_gen, *, limit=None, lookup_lines=True, capture_locals=False):
        def extended_frame_gen():
            for f, lineno in frame_gen:
                yield f, (lineno, None, None, None)
        return klass._extract_from_extended_frame_gen(extended_frame_gen(), limit=limit,
                                                      lookup_lines=lookup_lines, capture_locals=capture_locals)

    @classmethod
    def _extract_from_extended_frame_gen(klass, frame_gen, *, limit=None, lookup_lines=True,
                                         capture_locals=False):
        if limit is None:
            limit = getattr(sys, "tracebacklimit", None)
            if limit is not None and limit < 0:
                limit = 0
        if limit is not None:
            if limit >= 0:
                frame_gen = itertools.islice(frame_gen, limit)
            else:
                frame_gen = collections.deque(frame_gen, maxlen=-limit)
        result = klass()
        for f, (lineno, end_lineno, colno, end_colno) in frame_gen:
            co = f.f_code
            result.append(FrameSummary(co.co_filename, lineno, co.co_name, lookup_line=False,
                                       end_lineno=end_lineno, colno=colno, end_colno=end_colno))
        if lookup_lines:
            for f in result:
                f.line
        return result

    @classmethod
    def from_list(klass, a_list):
        result = StackSummary()
        for frame in a_list:
            if isinstance(frame, FrameSummary):
                result.append(frame)
            else:
                filename, lineno, name, line = frame
                result.append(FrameSummary(filename, lineno, name, line=line))
        return result

    def format_frame_summary(self, frame_summary, **kwargs):
        row = ['  File "{}", line {}, in {}\n'.format(frame_summary.filename, frame_summary.lineno,
                                                      frame_summary.name)]
        if frame_summary.line:
            row.append("    {}\n".format(frame_summary.line))
        if frame_summary.locals:
            for name, value in sorted(frame_summary.locals.items()):
                row.append("    {name} = {value}\n".format(name=name, value=value))
        return "".join(row)

    def format(self, **kwargs):
        # CPython folds a run of identical entries after three
        result = []
        last = None
        count = 0
        for fs in self:
            key = (fs.filename, fs.lineno, fs.name)
            if last is None or last != key:
                if count > 3:
                    count -= 3
                    result.append("  [Previous line repeated %d more time%s]\n" % (count, "s" if count > 1 else ""))
                last = key
                count = 0
            count += 1
            if count > 3:
                continue
            result.append(self.format_frame_summary(fs))
        if count > 3:
            count -= 3
            result.append("  [Previous line repeated %d more time%s]\n" % (count, "s" if count > 1 else ""))
        return result


def extract_tb(tb, limit=None):
    return StackSummary.extract(walk_tb(tb), limit=limit)


def extract_stack(f=None, limit=None):
    if f is None:
        f = sys._getframe().f_back
    stack = StackSummary.extract(walk_stack(f), limit=limit)
    stack.reverse()
    return stack


def format_list(extracted_list):
    return StackSummary.from_list(extracted_list).format()


def format_tb(tb, limit=None):
    return extract_tb(tb, limit=limit).format()


def format_stack(f=None, limit=None):
    if f is None:
        f = sys._getframe().f_back
    return format_list(extract_stack(f, limit=limit))


def print_list(extracted_list, file=None):
    if file is None:
        file = sys.stderr
    for item in StackSummary.from_list(extracted_list).format():
        print(item, file=file, end="")


def print_tb(tb, limit=None, file=None):
    print_list(extract_tb(tb, limit=limit), file=file)


def print_stack(f=None, limit=None, file=None):
    if f is None:
        f = sys._getframe().f_back
    print_list(extract_stack(f, limit=limit), file=file)


def clear_frames(tb):
    """Clear all references to local variables in the frames of a traceback (none are held)."""
    while tb is not None:
        tb = tb.tb_next


def _parse_value_tb(exc, value, tb):
    if (value is _sentinel) != (tb is _sentinel):
        raise ValueError("Both or neither of value and tb must be given")
    if value is tb is _sentinel:
        if exc is not None:
            if isinstance(exc, BaseException):
                return exc, exc.__traceback__
            raise TypeError(f"Exception expected for value, {type(exc).__name__} found")
        return None, None
    return value, tb


def _type_name(etype):
    stype = etype.__qualname__
    smod = etype.__module__
    if smod not in ("__main__", "builtins"):
        if not isinstance(smod, str):
            smod = "<unknown>"
        stype = smod + "." + stype
    return stype


def _safe_string(value, what, func=str):
    try:
        return func(value)
    except BaseException:
        return f"<{what} {func.__name__}() failed>"


class TracebackException:
    """An exception ready for rendering: its type, message, stack, cause and context."""

    def __init__(self, exc_type, exc_value, exc_traceback, *, limit=None, lookup_lines=True,
                 capture_locals=False, compact=False, max_group_width=15, max_group_depth=10,
                 _seen=None):
        if _seen is None:
            _seen = set()
        _seen.add(id(exc_value))
        self.stack = StackSummary._extract_from_extended_frame_gen(
            ((f, (ln, None, None, None)) for f, ln in walk_tb(exc_traceback)), limit=limit,
            lookup_lines=lookup_lines, capture_locals=capture_locals)
        self.exc_type = exc_type
        self._exc_type = exc_type
        self._str = _safe_string(exc_value, "exception")
        try:
            self.__notes__ = getattr(exc_value, "__notes__", None)
        except Exception:
            self.__notes__ = None
        self._is_syntax_error = False
        if exc_type and issubclass(exc_type, SyntaxError):
            self.filename = exc_value.filename
            lno = exc_value.lineno
            self.lineno = str(lno) if lno is not None else None
            self.text = exc_value.text
            self.offset = exc_value.offset
            self.msg = exc_value.msg
            self._is_syntax_error = True
        self.__cause__ = None
        self.__context__ = None
        self.__suppress_context__ = bool(exc_value.__suppress_context__) if exc_value is not None else False
        self.exceptions = None
        if exc_value is not None:
            cause = exc_value.__cause__
            if cause is not None and id(cause) not in _seen:
                self.__cause__ = TracebackException(type(cause), cause, cause.__traceback__, limit=limit,
                                                    lookup_lines=lookup_lines, capture_locals=capture_locals,
                                                    _seen=_seen)
            context = exc_value.__context__
            if context is not None and id(context) not in _seen and not (compact and (self.__cause__ is not None or self.__suppress_context__)):
                self.__context__ = TracebackException(type(context), context, context.__traceback__,
                                                      limit=limit, lookup_lines=lookup_lines,
                                                      capture_locals=capture_locals, _seen=_seen)

    @classmethod
    def from_exception(cls, exc, *args, **kwargs):
        return cls(type(exc), exc, exc.__traceback__, *args, **kwargs)

    def __eq__(self, other):
        if isinstance(other, TracebackException):
            return self.__dict__ == other.__dict__
        return NotImplemented

    def __str__(self):
        return self._str

    def format_exception_only(self, *, show_group=False, _depth=0):
        indent = 3 * _depth * " "
        if self._exc_type is None:
            yield indent + _format_final_exc_line(None, self._str)
            return
        stype = _type_name(self._exc_type)
        if not self._is_syntax_error:
            yield indent + _format_final_exc_line(stype, self._str)
        else:
            yield from [indent + l for l in self._format_syntax_error(stype)]
        if isinstance(self.__notes__, (list, tuple)):
            for note in self.__notes__:
                note = _safe_string(note, "note")
                yield indent + "{}\n".format(note)
        elif self.__notes__ is not None:
            yield indent + "{}\n".format(_safe_string(self.__notes__, "__notes__", func=repr))

    def _format_syntax_error(self, stype):
        filename_suffix = ""
        if self.lineno is not None:
            yield '  File "{}", line {}\n'.format(self.filename or "<string>", self.lineno)
        elif self.filename is not None:
            filename_suffix = " ({})".format(self.filename)
        text = self.text
        if text is not None:
            rtext = text.rstrip("\n")
            ltext = rtext.lstrip(" \n\f")
            spaces = len(rtext) - len(ltext)
            yield "    {}\n".format(ltext)
            if self.offset is not None:
                offset = self.offset
                caret = max(offset - 1 - spaces, 0)
                yield "    {}^\n".format(" " * caret)
        msg = self.msg or "<no detail available>"
        yield "{}: {}{}\n".format(stype, msg, filename_suffix)

    def format(self, *, chain=True, _ctx=None):
        output = []
        exc = self
        if chain:
            while exc:
                if exc.__cause__ is not None:
                    chained_msg = _cause_message
                    chained_exc = exc.__cause__
                elif exc.__context__ is not None and not exc.__suppress_context__:
                    chained_msg = _context_message
                    chained_exc = exc.__context__
                else:
                    chained_msg = None
                    chained_exc = None
                output.append((chained_msg, exc))
                exc = chained_exc
        else:
            output.append((None, exc))
        for msg, exc in reversed(output):
            if msg is not None:
                yield msg
            if exc.stack:
                yield "Traceback (most recent call last):\n"
                yield from exc.stack.format()
            yield from exc.format_exception_only()

    def print(self, *, file=None, chain=True):
        if file is None:
            file = sys.stderr
        for line in self.format(chain=chain):
            print(line, file=file, end="")


def _format_final_exc_line(etype, value):
    valuestr = _safe_string(value, "exception")
    if value is None or not valuestr:
        return "%s\n" % etype
    return "%s: %s\n" % (etype, valuestr)


def format_exception_only(exc, /, value=_sentinel, *, show_group=False):
    if value is _sentinel:
        value = exc
    te = TracebackException(type(value), value, None, compact=True)
    return list(te.format_exception_only(show_group=show_group))


def format_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, chain=True):
    value, tb = _parse_value_tb(exc, value, tb)
    te = TracebackException(type(value), value, tb, limit=limit, compact=True)
    return list(te.format(chain=chain))


def print_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, file=None, chain=True):
    value, tb = _parse_value_tb(exc, value, tb)
    te = TracebackException(type(value), value, tb, limit=limit, compact=True)
    te.print(file=file, chain=chain)


def format_exc(limit=None, chain=True):
    """Like print_exc() but return a string."""
    return "".join(format_exception(sys.exception(), limit=limit, chain=chain))


def print_exc(limit=None, file=None, chain=True):
    """Shorthand for 'print_exception(sys.exception(), limit, file, chain)'."""
    print_exception(sys.exception(), limit=limit, file=file, chain=chain)


def print_last(limit=None, file=None, chain=True):
    """Print the last uncaught exception (sys.last_exc); a program here has none yet."""
    if not hasattr(sys, "last_exc") and not hasattr(sys, "last_type"):
        raise ValueError("no last exception")
    if hasattr(sys, "last_exc"):
        print_exception(sys.last_exc, limit=limit, file=file, chain=chain)
    else:
        print_exception(sys.last_type, sys.last_value, sys.last_traceback, limit=limit, file=file, chain=chain)
