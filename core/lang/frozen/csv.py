# csv: comma-separated values (CPython 3.13's csv interface, its C part _csv included,
# written here in Python; learnt from its behaviour, not copied).
#
# Reading is a state machine over the characters of each line, as _csv.c's parse_process_char
# is: a record is a list of fields; a field starts unquoted or quoted (quotechar); inside
# quotes the delimiter and newlines are data and a doubled quotechar is one (doublequote);
# escapechar makes the next character data; a line that ends inside quotes continues the
# field on the next line. Every line ends with an end-of-line event; a record is complete
# when the machine is back at the start of a record. A line with no quotechar or escapechar
# takes a shortcut (a split on the delimiter). Writing quotes a field as the quoting mode
# says (MINIMAL: only when it holds the delimiter, quotechar, escapechar, \r, \n or a
# character of lineterminator) and escapes what must be escaped.
import re
import types
from io import StringIO

__version__ = '1.0'
__c_types__ = ('Error', 'reader', 'writer', '_Dialect')
QUOTE_MINIMAL, QUOTE_ALL, QUOTE_NONNUMERIC, QUOTE_NONE, QUOTE_STRINGS, QUOTE_NOTNULL = range(6)
_dialects = {}
_limit = [131072]


class Error(Exception):
    __module__ = '_csv'
_ATTRS = ('delimiter', 'doublequote', 'escapechar', 'lineterminator', 'quotechar', 'quoting', 'skipinitialspace',
          'strict')


def _char(name, v, default, allow_none):
    if v is None and allow_none:
        return None
    if v is _MISSING:
        return default
    if not isinstance(v, str):
        raise TypeError('"%s" must be string%s, not %s' % (name, ' or None' if allow_none else '', type(v).__name__))
    if len(v) != 1:
        raise TypeError('"%s" must be a 1-character string' % name)
    return v


_MISSING = object()


class _Dialect:
    __module__ = '_csv'
    # the validated parameters (_csv.Dialect): from a dialect (name, class or instance) and keywords
    def __init__(self, dialect=None, **kw):
        for k in kw:
            if k not in _ATTRS:
                raise TypeError("this function got an unexpected keyword argument '%s'" % k)
        if isinstance(dialect, str):
            dialect = get_dialect(dialect)
        get = lambda name: kw[name] if name in kw else getattr(dialect, name, _MISSING)
        self.delimiter = _char('delimiter', get('delimiter'), ',', False)
        q = get('quoting')
        if q is _MISSING:
            q = QUOTE_MINIMAL
        if type(q) is not int:
            raise TypeError('"quoting" must be an integer')
        if q not in range(6):
            raise TypeError('bad "quoting" value')
        self.quoting = q
        qc = get('quotechar')
        self.quotechar = _char('quotechar', qc, '"', True)
        self.escapechar = _char('escapechar', get('escapechar'), None, True)
        lt = get('lineterminator')
        if lt is _MISSING:
            lt = '\r\n'
        elif not isinstance(lt, str):
            raise TypeError('"lineterminator" must be a string')
        self.lineterminator = lt
        for name, default in (('doublequote', True), ('skipinitialspace', False), ('strict', False)):
            v = get(name)
            setattr(self, name, default if v is _MISSING else bool(v))
        if 'quotechar' in kw and kw['quotechar'] is None and 'quoting' not in kw:
            self.quoting = QUOTE_NONE
        if self.quotechar is None and self.quoting != QUOTE_NONE:
            raise TypeError('quotechar must be set if quoting enabled')
        if self.delimiter in ('\n', '\r'):
            raise ValueError('bad delimiter value')
        if self.delimiter == self.quotechar or self.delimiter == self.escapechar:
            raise ValueError('bad delimiter or quotechar value' if self.delimiter == self.quotechar else
                             'bad delimiter or escapechar value')
        if self.escapechar is not None and self.escapechar == self.quotechar:
            raise ValueError('bad escapechar or quotechar value')


_Dialect.__name__ = _Dialect.__qualname__ = 'Dialect'


class Dialect:
    _name = ''
    _valid = False
    delimiter = None
    quotechar = None
    escapechar = None
    doublequote = None
    skipinitialspace = None
    lineterminator = None
    quoting = None

    def __init__(self):
        if self.__class__ != Dialect:
            self._valid = True
        self._validate()

    def _validate(self):
        try:
            _Dialect(self)
        except TypeError as e:
            raise Error(str(e)) from None


class excel(Dialect):
    delimiter = ','
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = '\r\n'
    quoting = QUOTE_MINIMAL


class excel_tab(excel):
    delimiter = '\t'


class unix_dialect(Dialect):
    delimiter = ','
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = '\n'
    quoting = QUOTE_ALL


def register_dialect(name, dialect=None, **fmtparams):
    if not isinstance(name, str):
        raise TypeError('dialect name must be a string')
    _dialects[name] = _Dialect(dialect, **fmtparams)


def unregister_dialect(name):
    if name not in _dialects:
        raise Error('unknown dialect')
    del _dialects[name]


def get_dialect(name):
    try:
        return _dialects[name]
    except (KeyError, TypeError):
        raise Error('unknown dialect') from None


def list_dialects():
    return list(_dialects)


def field_size_limit(*args, **kw):
    if kw:
        raise TypeError('field_size_limit() takes no keyword arguments')
    if len(args) > 1:
        raise TypeError('field_size_limit expected at most 1 argument, got %d' % len(args))
    old = _limit[0]
    if args:
        if not isinstance(args[0], int):
            raise TypeError('limit must be an integer')
        _limit[0] = args[0]
    return old


register_dialect('excel', excel)
register_dialect('excel-tab', excel_tab)
register_dialect('unix', unix_dialect)

_START_RECORD, _START_FIELD, _ESCAPED_CHAR, _IN_FIELD, _IN_QUOTED_FIELD, _ESCAPE_IN_QUOTED, _QUOTE_IN_QUOTED, \
    _EAT_CRNL, _AFTER_ESCAPED_CRNL = range(9)


class reader:
    __module__ = '_csv'
    def __init__(self, lines, dialect='excel', **kw):
        self._it = iter(lines)
        self.dialect = _Dialect(dialect, **kw)
        self.line_num = 0

    def __iter__(self):
        return self

    def _save(self):
        f = ''.join(self._field)
        self._field = []
        q = self.dialect.quoting
        if not self._quoted:
            if q == QUOTE_NONNUMERIC:
                if f:
                    f = float(f)
            elif q in (QUOTE_STRINGS, QUOTE_NOTNULL) and not f:
                f = None
            elif q == QUOTE_STRINGS:
                f = float(f)
        self._fields.append(f)
        self._quoted = False

    def __next__(self):
        d = self.dialect
        self._fields, self._field, self._quoted = [], [], False
        self._state = _START_RECORD
        while True:
            try:
                line = next(self._it)
            except StopIteration:
                if self._field or self._state == _IN_QUOTED_FIELD:
                    if d.strict:
                        raise Error('unexpected end of data')
                    self._save()
                    break
                raise
            if not isinstance(line, str):
                if isinstance(line, (bytes, bytearray)):
                    raise Error('iterator should return strings, not bytes (the file should be opened in text mode)')
                raise Error('iterator should return strings, not %s (the file should be opened in text mode)'
                            % type(line).__name__)
            self.line_num += 1
            if (self._state == _START_RECORD and not d.skipinitialspace and d.quoting in (QUOTE_MINIMAL, QUOTE_ALL, QUOTE_NONE) and
                    (d.quotechar is None or d.quotechar not in line) and
                    (d.escapechar is None or d.escapechar not in line)):
                # no quotes, no escapes: the record is the line split at the delimiter
                body = line[:-2] if line.endswith('\r\n') else line[:-1] if line[-1:] in ('\r', '\n') else line
                if '\r' not in body and '\n' not in body:
                    fields = body.split(d.delimiter) if body else []
                    if any(len(f) > _limit[0] for f in fields):
                        raise Error('field larger than field limit (%d)' % _limit[0])
                    return fields
            for c in line:
                self._step(c)
            self._step(None)
            if self._state == _START_RECORD:
                break
        return self._fields

    def _add(self, c):
        if len(self._field) >= _limit[0]:
            raise Error('field larger than field limit (%d)' % _limit[0])
        self._field.append(c)

    def _step(self, c):
        # c is one character, or None at the end of a line
        d = self.dialect
        s = self._state
        if s == _START_RECORD:
            if c is None:
                return
            if c in '\n\r':
                self._state = _EAT_CRNL
                return
            s = self._state = _START_FIELD
        if s == _START_FIELD:
            if c is None or c in '\n\r':
                self._save()
                self._state = _START_RECORD if c is None else _EAT_CRNL
            elif c == d.quotechar and d.quoting != QUOTE_NONE:
                self._quoted = True
                self._state = _IN_QUOTED_FIELD
            elif c == d.escapechar:
                self._state = _ESCAPED_CHAR
            elif c == ' ' and d.skipinitialspace:
                pass
            elif c == d.delimiter:
                self._save()
            else:
                self._add(c)
                self._state = _IN_FIELD
        elif s == _ESCAPED_CHAR:
            if c is not None and c in '\n\r':
                self._add(c)
                self._state = _AFTER_ESCAPED_CRNL
                return
            self._add('\n' if c is None else c)
            self._state = _IN_FIELD
        elif s == _AFTER_ESCAPED_CRNL:
            if c is not None:
                self._state = _IN_FIELD
                self._step(c)
        elif s == _IN_FIELD:
            if c is None or c in '\n\r':
                self._save()
                self._state = _START_RECORD if c is None else _EAT_CRNL
            elif c == d.escapechar:
                self._state = _ESCAPED_CHAR
            elif c == d.delimiter:
                self._save()
                self._state = _START_FIELD
            else:
                self._add(c)
        elif s == _IN_QUOTED_FIELD:
            if c is None:
                pass
            elif c == d.escapechar:
                self._state = _ESCAPE_IN_QUOTED
            elif c == d.quotechar and d.quoting != QUOTE_NONE:
                self._state = _QUOTE_IN_QUOTED if d.doublequote else _IN_FIELD
            else:
                self._add(c)
        elif s == _ESCAPE_IN_QUOTED:
            self._add('\n' if c is None else c)
            self._state = _IN_QUOTED_FIELD
        elif s == _QUOTE_IN_QUOTED:
            if d.quoting != QUOTE_NONE and c == d.quotechar:
                self._add(c)
                self._state = _IN_QUOTED_FIELD
            elif c == d.delimiter:
                self._save()
                self._state = _START_FIELD
            elif c is None or c in '\n\r':
                self._save()
                self._state = _START_RECORD if c is None else _EAT_CRNL
            elif not d.strict:
                self._add(c)
                self._state = _IN_FIELD
            else:
                raise Error("'%s' expected after '%s'" % (d.delimiter, d.quotechar))
        elif s == _EAT_CRNL:
            if c is None:
                self._state = _START_RECORD
            elif c not in '\n\r':
                raise Error("new-line character seen in unquoted field - do you need to open the file with "
                            "newline=''?")


class writer:
    __module__ = '_csv'
    def __init__(self, fileobj, dialect='excel', **kw):
        self._write = getattr(fileobj, 'write', None)
        if self._write is None:
            raise TypeError('argument 1 must have a "write" method')
        self.dialect = _Dialect(dialect, **kw)

    def _field(self, v, alone):
        d = self.dialect
        q = d.quoting
        if q == QUOTE_NONNUMERIC:
            quoted = not isinstance(v, (int, float, complex)) and not hasattr(type(v), '__float__')
        elif q == QUOTE_STRINGS:
            quoted = isinstance(v, str)
        elif q == QUOTE_NOTNULL:
            quoted = v is not None
        else:
            quoted = q == QUOTE_ALL
        s = '' if v is None else v if isinstance(v, str) else str(v)
        special = (d.delimiter, d.escapechar, d.quotechar, '\n', '\r')
        out = []
        for c in s:
            if c in special or c in d.lineterminator:
                escape = False
                if q == QUOTE_NONE:
                    escape = True
                elif c == d.quotechar:
                    if d.doublequote:
                        out.append(c)
                    else:
                        escape = True
                elif c == d.escapechar:
                    escape = True
                if not escape:
                    quoted = True
                elif d.escapechar is None:
                    raise Error('need to escape, but no escapechar set')
                else:
                    out.append(d.escapechar)
            out.append(c)
        if not s and alone:
            if q == QUOTE_NONE:
                raise Error('single empty field record must be quoted')
            quoted = True
        s = ''.join(out)
        return d.quotechar + s + d.quotechar if quoted and d.quotechar is not None else s

    def writerow(self, row):
        try:
            items = list(row)
        except TypeError:
            raise Error('iterable expected, not %s' % type(row).__name__) from None
        line = self.dialect.delimiter.join(self._field(v, len(items) == 1) for v in items)
        return self._write(line + self.dialect.lineterminator)

    def writerows(self, rows):
        for row in rows:
            self.writerow(row)




class DictReader:
    def __init__(self, f, fieldnames=None, restkey=None, restval=None, dialect='excel', *args, **kwds):
        if fieldnames is not None and iter(fieldnames) is fieldnames:
            fieldnames = list(fieldnames)
        self._fieldnames = fieldnames
        self.restkey = restkey
        self.restval = restval
        self.reader = reader(f, dialect, *args, **kwds)
        self.dialect = dialect
        self.line_num = 0

    def __iter__(self):
        return self

    @property
    def fieldnames(self):
        if self._fieldnames is None:
            try:
                self._fieldnames = next(self.reader)
            except StopIteration:
                pass
        self.line_num = self.reader.line_num
        return self._fieldnames

    @fieldnames.setter
    def fieldnames(self, value):
        self._fieldnames = value

    def __next__(self):
        if self.line_num == 0:
            self.fieldnames
        row = next(self.reader)
        self.line_num = self.reader.line_num
        while row == []:
            row = next(self.reader)
        d = dict(zip(self.fieldnames, row))
        lf, lr = len(self.fieldnames), len(row)
        if lf < lr:
            d[self.restkey] = row[lf:]
        elif lf > lr:
            for key in self.fieldnames[lr:]:
                d[key] = self.restval
        return d

    __class_getitem__ = classmethod(types.GenericAlias)


class DictWriter:
    def __init__(self, f, fieldnames, restval='', extrasaction='raise', dialect='excel', *args, **kwds):
        if fieldnames is not None and iter(fieldnames) is fieldnames:
            fieldnames = list(fieldnames)
        self.fieldnames = fieldnames
        self.restval = restval
        if extrasaction.lower() not in ('raise', 'ignore'):
            raise ValueError("extrasaction (%s) must be 'raise' or 'ignore'" % extrasaction)
        self.extrasaction = extrasaction
        self.writer = writer(f, dialect, *args, **kwds)

    def writeheader(self):
        header = dict(zip(self.fieldnames, self.fieldnames))
        return self.writerow(header)

    def _dict_to_list(self, rowdict):
        if self.extrasaction == 'raise':
            wrong = [k for k in rowdict if k not in self.fieldnames]
            if wrong:
                raise ValueError('dict contains fields not in fieldnames: ' + ', '.join([repr(x) for x in wrong]))
        return (rowdict.get(key, self.restval) for key in self.fieldnames)

    def writerow(self, rowdict):
        return self.writer.writerow(self._dict_to_list(rowdict))

    def writerows(self, rowdicts):
        return self.writer.writerows(map(self._dict_to_list, rowdicts))

    __class_getitem__ = classmethod(types.GenericAlias)


class Sniffer:
    # guesses a dialect: a quoted field between delimiters first, else the character whose
    # count per line is the most consistent (mirrors Lib/csv.py's two passes)
    def __init__(self):
        self.preferred = [',', '\t', ';', ' ', ':']

    def sniff(self, sample, delimiters=None):
        quotechar, doublequote, delimiter, skipinitialspace = self._guess_quote_and_delimiter(sample, delimiters)
        if not delimiter:
            delimiter, skipinitialspace = self._guess_delimiter(sample, delimiters)
        if not delimiter:
            raise Error('Could not determine delimiter')

        class dialect(Dialect):
            _name = 'sniffed'
            lineterminator = '\r\n'
            quoting = QUOTE_MINIMAL
        dialect.doublequote = doublequote
        dialect.delimiter = delimiter
        dialect.quotechar = quotechar or '"'
        dialect.skipinitialspace = skipinitialspace
        return dialect

    def _guess_quote_and_delimiter(self, data, delimiters):
        matches = []
        for pat in (r'(?P<delim>[^\w\n"\'])(?P<space> ?)(?P<quote>["\']).*?(?P=quote)(?P=delim)',
                    r'(?:^|\n)(?P<quote>["\']).*?(?P=quote)(?P<delim>[^\w\n"\'])(?P<space> ?)',
                    r'(?P<delim>[^\w\n"\'])(?P<space> ?)(?P<quote>["\']).*?(?P=quote)(?:$|\n)',
                    r'(?:^|\n)(?P<quote>["\']).*?(?P=quote)(?:$|\n)'):
            matches = list(re.finditer(pat, data, re.DOTALL | re.MULTILINE))
            if matches:
                break
        if not matches:
            return '', False, None, 0
        quotes, delims, spaces = {}, {}, 0
        for m in matches:
            g = m.groupdict()
            q = g.get('quote')
            if q:
                quotes[q] = quotes.get(q, 0) + 1
            dl = g.get('delim')
            if dl and (delimiters is None or dl in delimiters):
                delims[dl] = delims.get(dl, 0) + 1
            if g.get('space'):
                spaces += 1
        quotechar = max(quotes, key=quotes.get)
        if delims:
            delim = max(delims, key=delims.get)
            skipinitialspace = delims[delim] == spaces
            if delim == '\n':
                delim = ''
        else:
            delim, skipinitialspace = '', 0
        dq = re.compile(r'((%(delim)s)|^)\W*%(quote)s[^%(delim)s\n]*%(quote)s[^%(delim)s\n]*%(quote)s\W*((%(delim)s)|$)'
                        % {'delim': re.escape(delim), 'quote': quotechar}, re.MULTILINE)
        return quotechar, bool(dq.search(data)), delim, skipinitialspace

    def _guess_delimiter(self, data, delimiters):
        lines = [x for x in data.split('\n')]
        chars = [chr(c) for c in range(127)]
        best = None
        for c in (delimiters or chars):
            counts = [line.count(c) for line in lines if line]
            if not counts or not counts[0]:
                continue
            freq = max(set(counts), key=counts.count)
            consistency = counts.count(freq) / len(counts)
            score = (consistency, c in self.preferred, -self.preferred.index(c) if c in self.preferred else -99)
            if best is None or score > best[0]:
                best = (score, c)
        if best is None or best[0][0] < 0.9 and best[1] not in self.preferred:
            return '', 0
        delim = best[1]
        skip = data.split('\n')[0].count(delim) == data.split('\n')[0].count(delim + ' ')
        return delim, skip

    def has_header(self, sample):
        rdr = reader(StringIO(sample), self.sniff(sample))
        header = next(rdr)
        columns = len(header)
        types_ = dict.fromkeys(range(columns))
        checked = 0
        for row in rdr:
            if checked > 20:
                break
            checked += 1
            if len(row) != columns:
                continue
            for col in list(types_):
                thistype = str
                for t in (int, float, complex):
                    try:
                        t(row[col])
                        thistype = t
                        break
                    except (ValueError, OverflowError):
                        pass
                if thistype is str:
                    thistype = len(row[col])
                if thistype != types_[col]:
                    if types_[col] is None:
                        types_[col] = thistype
                    else:
                        del types_[col]
        vote = 0
        for col, t in types_.items():
            if isinstance(t, int):
                vote += 1 if len(header[col]) != t else -1
            else:
                try:
                    t(header[col])
                except (ValueError, TypeError):
                    vote += 1
                else:
                    vote -= 1
        return vote > 0
