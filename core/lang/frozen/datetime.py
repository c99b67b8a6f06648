# datetime: dates, times and durations (CPython 3.13's datetime interface, written here in
# Python as CPython's Lib/_pydatetime.py is; learnt from its behaviour, not copied).
#
# The calendar is the proleptic Gregorian one. A date is its ordinal n >= 1 (1 = 0001-01-01):
#   n(y, m, d) = 365*(y-1) + (y-1)//4 - (y-1)//100 + (y-1)//400 + days_before_month(y, m) + d
# and the inverse splits n-1 into 400-, 100-, 4- and 1-year cycles (146097, 36524, 1461 and
# 365 days), the last cycle of each kind being one day longer (mirrors _ord2ymd).
# A timedelta is one integer, its microseconds; days/seconds/microseconds are the floor
# division of it (so -1 us is days=-1, seconds=86399, microseconds=999999). Float
# arguments are summed exactly (as_integer_ratio) and rounded once, half to even.
# An aware datetime compares and subtracts as its UTC value (self - utcoffset()); a naive
# and an aware one never compare except for ==/!= (unequal). strftime hands the format to
# time.strftime (the C library's, as CPython does) after replacing %f, %z, %:z and %Z.
# The session's local time zone is UTC (a browser session has no TZ of its own).
import time as _time
import math as _math
import sys

MINYEAR = 1
MAXYEAR = 9999
_MAXORDINAL = 3652059
_DIM = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
_DBM = [0, 0]
for _n in _DIM[1:-1]:
    _DBM.append(_DBM[-1] + _n)
del _n
_DAYS = ('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday')
_MONTHS = ('January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
           'November', 'December')


def _isleap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def _dim(y, m):
    return 29 if m == 2 and _isleap(y) else _DIM[m]


def _ymd2ord(y, m, d):
    p = y - 1
    return p * 365 + p // 4 - p // 100 + p // 400 + _DBM[m] + (m > 2 and _isleap(y)) + d


def _ord2ymd(n):
    n -= 1
    n400, n = divmod(n, 146097)
    y = n400 * 400 + 1
    n100, n = divmod(n, 36524)
    n4, n = divmod(n, 1461)
    n1, n = divmod(n, 365)
    y += n100 * 100 + n4 * 4 + n1
    if n1 == 4 or n100 == 4:
        return y - 1, 12, 31
    leap = n1 == 3 and (n4 != 24 or n100 == 3)
    m = (n + 50) >> 5
    before = _DBM[m] + (m > 2 and leap)
    if before > n:
        m -= 1
        before -= _DIM[m] + (m == 2 and leap)
    return y, m, n - before + 1


def _index(v):
    if isinstance(v, float):
        raise TypeError("'float' object cannot be interpreted as an integer")
    if not isinstance(v, int):
        try:
            v = v.__index__()
        except AttributeError:
            raise TypeError("'%s' object cannot be interpreted as an integer" % type(v).__name__) from None
    return int(v)


def _check_date(y, m, d):
    y, m, d = _index(y), _index(m), _index(d)
    if not MINYEAR <= y <= MAXYEAR:
        raise ValueError('year %d is out of range' % y)
    if not 1 <= m <= 12:
        raise ValueError('month must be in 1..12')
    if not 1 <= d <= _dim(y, m):
        raise ValueError('day is out of range for month')
    return y, m, d


def _check_time(h, mi, s, us, fold):
    h, mi, s, us = _index(h), _index(mi), _index(s), _index(us)
    if not 0 <= h <= 23:
        raise ValueError('hour must be in 0..23')
    if not 0 <= mi <= 59:
        raise ValueError('minute must be in 0..59')
    if not 0 <= s <= 59:
        raise ValueError('second must be in 0..59')
    if not 0 <= us <= 999999:
        raise ValueError('microsecond must be in 0..999999')
    if fold not in (0, 1):
        raise ValueError('fold must be either 0 or 1')
    return h, mi, s, us


def _check_tz(tz):
    if tz is not None and not isinstance(tz, tzinfo):
        raise TypeError("tzinfo argument must be None or of a tzinfo subclass, not type '%s'" % type(tz).__name__)


def _tpname(obj):
    # the class name a C type's repr uses (tp_name): module.Name for ours, the bare name for a subclass
    cls = type(obj)
    return 'datetime.' + cls.__name__ if cls in _C_TYPES else cls.__name__


def _round_div(a, b):
    # a / b rounded to the nearest integer, ties to even
    q, r = divmod(a, b)
    r2 = 2 * r
    if r2 > b if b > 0 else r2 < b:
        q += 1
    elif r2 == b and q % 2:
        q += 1
    return q


def _fmt_time(h, m, s, us, spec):
    if spec == 'auto':
        spec = 'microseconds' if us else 'seconds'
    if spec == 'hours':
        return '%02d' % h
    if spec == 'minutes':
        return '%02d:%02d' % (h, m)
    if spec == 'seconds':
        return '%02d:%02d:%02d' % (h, m, s)
    if spec == 'milliseconds':
        return '%02d:%02d:%02d.%03d' % (h, m, s, us // 1000)
    if spec == 'microseconds':
        return '%02d:%02d:%02d.%06d' % (h, m, s, us)
    raise ValueError('Unknown timespec value')


def _fmt_offset(off, sep=':'):
    if off is None:
        return ''
    sign = '+'
    if off._us < 0:
        sign, off = '-', -off
    h, rest = divmod(off._us, 3600000000)
    m, rest = divmod(rest, 60000000)
    s, us = divmod(rest, 1000000)
    r = '%s%02d%s%02d' % (sign, h, sep, m)
    if s or us:
        r += '%s%02d' % (sep, s)
        if us:
            r += '.%06d' % us
    return r


def _check_offset(name, off):
    if off is None:
        return None
    if not isinstance(off, timedelta):
        raise TypeError("tzinfo.%s() must return None or timedelta, not '%s'" % (name, type(off).__name__))
    if not -timedelta(1) < off < timedelta(1):
        raise ValueError("offset must be a timedelta strictly between -timedelta(hours=24) and "
                         "timedelta(hours=24), not %r." % off)
    return off


def _strftime(obj, fmt, tt):
    # %f, %z, %:z and %Z are Python's; the rest is the C library's (time.strftime)
    if not isinstance(fmt, str):
        raise TypeError("strftime() argument 1 must be str, not %s" % type(fmt).__name__)
    out = []
    i, n = 0, len(fmt)
    while i < n:
        c = fmt[i]
        i += 1
        if c != '%' or i >= n:
            out.append(c)
            continue
        c = fmt[i]
        i += 1
        if c == 'f':
            out.append('%06d' % getattr(obj, 'microsecond', 0))
        elif c == 'z' or (c == ':' and i < n and fmt[i] == 'z'):
            if c == ':':
                i += 1
            off = obj.utcoffset() if hasattr(obj, 'utcoffset') else None
            out.append(_fmt_offset(off, ':' if c == ':' else '').replace('%', '%%'))
        elif c == 'Z':
            name = obj.tzname() if hasattr(obj, 'tzname') else None
            out.append('' if name is None else name.replace('%', '%%'))
        else:
            out.append('%' + c)
    return _time.strftime(''.join(out), tt)


class timedelta:
    __slots__ = ('_us', '_hashcode')

    def __new__(cls, days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0, hours=0, weeks=0):
        num, den = 0, 1
        for v, scale, name in ((days, 86400000000, 'days'), (seconds, 1000000, 'seconds'),
                               (microseconds, 1, 'microseconds'), (milliseconds, 1000, 'milliseconds'),
                               (minutes, 60000000, 'minutes'), (hours, 3600000000, 'hours'),
                               (weeks, 604800000000, 'weeks')):
            if isinstance(v, int):
                num += v * scale * den
            elif isinstance(v, float):
                if v != v or v in (_math.inf, -_math.inf):
                    raise (ValueError if v != v else OverflowError)('cannot convert float %s to integer' %
                                                                    ('NaN' if v != v else 'infinity'))
                a, b = v.as_integer_ratio()
                num = num * b + a * scale * den
                den *= b
            else:
                raise TypeError('unsupported type for timedelta %s component: %s' % (name, type(v).__name__))
        return cls._make(_round_div(num, den) if den != 1 else num, cls)

    @staticmethod
    def _make(us, cls=None):
        d = us // 86400000000
        if not -999999999 <= d <= 999999999:
            raise OverflowError('days=%d; must have magnitude <= 999999999' % d)
        self = object.__new__(cls or timedelta)
        self._us = us
        self._hashcode = -1
        return self

    @property
    def days(self):
        return self._us // 86400000000

    @property
    def seconds(self):
        return self._us // 1000000 % 86400

    @property
    def microseconds(self):
        return self._us % 1000000

    def total_seconds(self):
        return self._us / 10 ** 6

    def __repr__(self):
        args = []
        if self.days:
            args.append('days=%d' % self.days)
        if self.seconds:
            args.append('seconds=%d' % self.seconds)
        if self.microseconds:
            args.append('microseconds=%d' % self.microseconds)
        return '%s(%s)' % (_tpname(self), ', '.join(args) or '0')

    def __str__(self):
        mm, ss = divmod(self.seconds, 60)
        hh, mm = divmod(mm, 60)
        s = '%d:%02d:%02d' % (hh, mm, ss)
        if self.days:
            s = '%d day%s, ' % (self.days, '' if abs(self.days) == 1 else 's') + s
        if self.microseconds:
            s += '.%06d' % self.microseconds
        return s

    def __add__(self, other):
        if isinstance(other, timedelta):
            return timedelta._make(self._us + other._us)
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return timedelta._make(self._us - other._us)
        return NotImplemented

    def __rsub__(self, other):
        if isinstance(other, timedelta):
            return -self + other
        return NotImplemented

    def __neg__(self):
        return timedelta._make(-self._us)

    def __pos__(self):
        return self

    def __abs__(self):
        return -self if self._us < 0 else self

    def __mul__(self, other):
        if isinstance(other, int):
            return timedelta._make(self._us * other)
        if isinstance(other, float):
            a, b = other.as_integer_ratio()
            return timedelta._make(_round_div(self._us * a, b))
        return NotImplemented

    __rmul__ = __mul__

    def __floordiv__(self, other):
        if isinstance(other, timedelta):
            return self._us // other._us
        if isinstance(other, int):
            return timedelta._make(self._us // other)
        return NotImplemented

    def __truediv__(self, other):
        if isinstance(other, timedelta):
            return self._us / other._us
        if isinstance(other, int):
            return timedelta._make(_round_div(self._us, other))
        if isinstance(other, float):
            a, b = other.as_integer_ratio()
            return timedelta._make(_round_div(b * self._us, a))
        return NotImplemented

    def __mod__(self, other):
        if isinstance(other, timedelta):
            return timedelta._make(self._us % other._us)
        return NotImplemented

    def __divmod__(self, other):
        if isinstance(other, timedelta):
            q, r = divmod(self._us, other._us)
            return q, timedelta._make(r)
        return NotImplemented

    def __eq__(self, other):
        return self._us == other._us if isinstance(other, timedelta) else NotImplemented

    def __ne__(self, other):
        return self._us != other._us if isinstance(other, timedelta) else NotImplemented

    def __lt__(self, other):
        return self._us < other._us if isinstance(other, timedelta) else NotImplemented

    def __le__(self, other):
        return self._us <= other._us if isinstance(other, timedelta) else NotImplemented

    def __gt__(self, other):
        return self._us > other._us if isinstance(other, timedelta) else NotImplemented

    def __ge__(self, other):
        return self._us >= other._us if isinstance(other, timedelta) else NotImplemented

    def __hash__(self):
        if self._hashcode == -1:
            self._hashcode = hash((self.days, self.seconds, self.microseconds))
        return self._hashcode

    def __bool__(self):
        return self._us != 0

    def __reduce__(self):
        return type(self), (self.days, self.seconds, self.microseconds)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


timedelta.min = timedelta(-999999999)
timedelta.max = timedelta(days=999999999, hours=23, minutes=59, seconds=59, microseconds=999999)
timedelta.resolution = timedelta(microseconds=1)


class _IsoCalendarDate(tuple):
    def __new__(cls, year, week, weekday):
        return super().__new__(cls, (year, week, weekday))

    year = property(lambda self: self[0])
    week = property(lambda self: self[1])
    weekday = property(lambda self: self[2])

    def __repr__(self):
        return 'datetime.IsoCalendarDate(year=%d, week=%d, weekday=%d)' % (self[0], self[1], self[2])

    def __reduce__(self):
        return tuple, (tuple(self),)


_IsoCalendarDate.__name__ = _IsoCalendarDate.__qualname__ = 'IsoCalendarDate'


def _iso_week1_monday(year):
    first = _ymd2ord(year, 1, 1)
    wd = (first + 6) % 7
    monday = first - wd
    if wd > 3:
        monday += 7
    return monday


def _parse_isodate(s):
    # YYYY-MM-DD, YYYYMMDD, YYYY-Www[-D], YYYYWww[D]; returns ((y, m, d), characters used)
    def digits(i, k):
        part = s[i:i + k]
        if len(part) != k or not part.isascii() or not part.isdigit():
            raise ValueError
        return int(part)
    y = digits(0, 4)
    i = 4
    dash = s[4:5] == '-'
    i += dash
    if s[i:i + 1] == 'W':
        w = digits(i + 1, 2)
        i += 3
        wd = 1
        if (dash and s[i:i + 1] == '-') or (not dash and s[i:i + 1].isdigit()):
            i += dash
            wd = digits(i, 1)
            i += 1
        return _isocal_to_ymd(y, w, wd), i
    m = digits(i, 2)
    i += 2
    if dash:
        if s[i:i + 1] != '-':
            raise ValueError
        i += 1
    d = digits(i, 2)
    return (y, m, d), i + 2


def _isocal_to_ymd(year, week, day):
    if not MINYEAR <= year <= MAXYEAR:
        raise ValueError('Year is out of range: %d' % year)
    if not 0 < week < 53:
        first_wd = _ymd2ord(year, 1, 1) % 7
        if not (week == 53 and (first_wd == 4 or (first_wd == 3 and _isleap(year)))):
            raise ValueError('Invalid week: %d' % week)
    if not 0 < day < 8:
        raise ValueError('Invalid day: %d (range is [1, 7])' % day)
    return _ord2ymd(_iso_week1_monday(year) + (week - 1) * 7 + day - 1)


def _parse_isotime(s):
    # HH[:MM[:SS[.f+]]] or HH[MM[SS[.f+]]], then an optional offset (Z or +-HH[:MM[:SS[.f+]]])
    tz = None
    for j, c in enumerate(s):
        if c in '+-Z':
            tz = s[j:]
            s = s[:j]
            break
    fields = _parse_hms(s)
    off = None
    if tz is not None:
        if tz == 'Z':
            off = timezone.utc
        else:
            h, m, sec, us = _parse_hms(tz[1:])
            td = timedelta(hours=h, minutes=m, seconds=sec, microseconds=us)
            if tz[0] == '-':
                td = -td
            off = timezone.utc if not td else timezone(td)
    return fields, off


def _parse_hms(s):
    vals = [0, 0, 0, 0]
    i = k = 0
    colon = len(s) > 2 and s[2] == ':'
    while k < 3:
        part = s[i:i + 2]
        if len(part) != 2 or not part.isascii() or not part.isdigit():
            raise ValueError
        vals[k] = int(part)
        i += 2
        k += 1
        if i >= len(s) or s[i] in '.,':
            break
        if colon:
            if s[i] != ':':
                raise ValueError
            i += 1
    if i < len(s):
        if s[i] not in '.,' or k != 3:
            raise ValueError
        frac = s[i + 1:]
        if not frac or not frac.isascii() or not frac.isdigit():
            raise ValueError
        frac = frac[:6]
        vals[3] = int(frac) * 10 ** (6 - len(frac))
    return vals


class date:
    __slots__ = ('_year', '_month', '_day', '_hashcode')

    def __new__(cls, year, month=None, day=None):
        if month is None and isinstance(year, bytes) and len(year) == 4 and 1 <= year[2] <= 12:
            year, month, day = year[0] * 256 + year[1], year[2], year[3]  # the pickled state
        y, m, d = _check_date(year, month, day)
        self = object.__new__(cls)
        self._year, self._month, self._day = y, m, d
        self._hashcode = -1
        return self

    @classmethod
    def fromtimestamp(cls, t):
        y, m, d = _time.localtime(t)[:3]
        return cls(y, m, d)

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def fromordinal(cls, n):
        n = _index(n)
        if not 1 <= n <= _MAXORDINAL:
            raise ValueError('ordinal must be >= 1')
        return cls(*_ord2ymd(n))

    @classmethod
    def fromisoformat(cls, s):
        if not isinstance(s, str):
            raise TypeError('fromisoformat: argument must be str')
        try:
            ymd, used = _parse_isodate(s)
            if used != len(s):
                raise ValueError
            return cls(*ymd)
        except ValueError:
            raise ValueError('Invalid isoformat string: %r' % s) from None

    @classmethod
    def fromisocalendar(cls, year, week, day):
        return cls(*_isocal_to_ymd(year, week, day))

    year = property(lambda self: self._year)
    month = property(lambda self: self._month)
    day = property(lambda self: self._day)

    def __repr__(self):
        return '%s(%d, %d, %d)' % (_tpname(self), self._year, self._month, self._day)

    def isoformat(self):
        return '%04d-%02d-%02d' % (self._year, self._month, self._day)

    __str__ = isoformat

    def ctime(self):
        wd = self.toordinal() % 7 or 7
        return '%s %s %2d 00:00:00 %04d' % (_DAYS[wd - 1][:3], _MONTHS[self._month - 1][:3], self._day,
                                            self._year)

    def strftime(self, fmt):
        return _strftime(self, fmt, self.timetuple())

    def __format__(self, fmt):
        if not isinstance(fmt, str):
            raise TypeError('must be str, not %s' % type(fmt).__name__)
        return self.strftime(fmt) if fmt else str(self)

    def timetuple(self):
        return _time.struct_time((self._year, self._month, self._day, 0, 0, 0, self.weekday(),
                                  _DBM[self._month] + (self._month > 2 and _isleap(self._year)) + self._day, -1))

    def toordinal(self):
        return _ymd2ord(self._year, self._month, self._day)

    def replace(self, year=None, month=None, day=None):
        return type(self)(self._year if year is None else year, self._month if month is None else month,
                          self._day if day is None else day)

    __replace__ = replace

    def weekday(self):
        return (self.toordinal() + 6) % 7

    def isoweekday(self):
        return self.toordinal() % 7 or 7

    def isocalendar(self):
        y = self._year
        n = self.toordinal()
        monday = _iso_week1_monday(y)
        if n < monday:
            y -= 1
            monday = _iso_week1_monday(y)
        elif y < MAXYEAR and n >= _iso_week1_monday(y + 1):
            y += 1
            monday = _iso_week1_monday(y)
        w, d = divmod(n - monday, 7)
        return _IsoCalendarDate(y, w + 1, d + 1)

    def _key(self):
        return self._year, self._month, self._day

    def _cmpable(self, other):
        return isinstance(other, date) and not isinstance(other, datetime) and not isinstance(self, datetime)

    def __eq__(self, other):
        if isinstance(other, date) and not isinstance(other, datetime):
            return self._key() == other._key()
        return NotImplemented

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __lt__(self, other):
        return self._key() < other._key() if self._cmpable(other) else NotImplemented

    def __le__(self, other):
        return self._key() <= other._key() if self._cmpable(other) else NotImplemented

    def __gt__(self, other):
        return self._key() > other._key() if self._cmpable(other) else NotImplemented

    def __ge__(self, other):
        return self._key() >= other._key() if self._cmpable(other) else NotImplemented

    def __hash__(self):
        if self._hashcode == -1:
            self._hashcode = hash(self._key())
        return self._hashcode

    def __add__(self, other):
        if isinstance(other, timedelta):
            n = self.toordinal() + other.days
            if 0 < n <= _MAXORDINAL:
                return type(self).fromordinal(n)
            raise OverflowError('date value out of range')
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + timedelta(-other.days)
        if isinstance(other, date) and not isinstance(other, datetime):
            return timedelta(self.toordinal() - other.toordinal())
        return NotImplemented

    def __reduce__(self):
        # the state CPython pickles: year (2 bytes, big-endian), month, day
        return type(self), (bytes([self._year >> 8, self._year & 255, self._month, self._day]),)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


date.min = date(1, 1, 1)
date.max = date(9999, 12, 31)
date.resolution = timedelta(days=1)


class tzinfo:
    __slots__ = ()

    def tzname(self, dt):
        raise NotImplementedError('a tzinfo subclass must implement tzname()')

    def utcoffset(self, dt):
        raise NotImplementedError('a tzinfo subclass must implement utcoffset()')

    def dst(self, dt):
        raise NotImplementedError('a tzinfo subclass must implement dst()')

    def fromutc(self, dt):
        if not isinstance(dt, datetime):
            raise TypeError('fromutc() requires a datetime argument')
        if dt.tzinfo is not self:
            raise ValueError('dt.tzinfo is not self')
        off = dt.utcoffset()
        if off is None:
            raise ValueError('fromutc() requires a non-None utcoffset() result')
        d = dt.dst()
        if d is None:
            raise ValueError('fromutc() requires a non-None dst() result')
        dt += off - d
        d = dt.dst()
        if d is None:
            raise ValueError('fromutc(): dt.dst gave inconsistent results; cannot convert')
        return dt + d

    def __reduce__(self):
        getinitargs = getattr(self, '__getinitargs__', None)
        args = getinitargs() if getinitargs else ()
        return type(self), args, getattr(self, '__dict__', None) or None


class time:
    __slots__ = ('_hour', '_minute', '_second', '_microsecond', '_tzinfo', '_fold', '_hashcode')

    def __new__(cls, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *, fold=0):
        if isinstance(hour, bytes) and len(hour) == 6 and hour[0] & 127 < 24:
            b = hour
            tzinfo = minute if minute != 0 else None
            hour, minute, second, microsecond, fold = b[0] & 127, b[1], b[2], (b[3] << 16) | (b[4] << 8) | b[5], b[0] >> 7
        h, mi, s, us = _check_time(hour, minute, second, microsecond, fold)
        _check_tz(tzinfo)
        self = object.__new__(cls)
        self._hour, self._minute, self._second, self._microsecond = h, mi, s, us
        self._tzinfo, self._fold = tzinfo, fold
        self._hashcode = -1
        return self

    hour = property(lambda self: self._hour)
    minute = property(lambda self: self._minute)
    second = property(lambda self: self._second)
    microsecond = property(lambda self: self._microsecond)
    tzinfo = property(lambda self: self._tzinfo)
    fold = property(lambda self: self._fold)

    @classmethod
    def fromisoformat(cls, s):
        if not isinstance(s, str):
            raise TypeError('fromisoformat: argument must be str')
        try:
            (h, m, sec, us), tz = _parse_isotime(s[1:] if s[:1] == 'T' else s)
            return cls(h, m, sec, us, tz)
        except ValueError:
            raise ValueError('Invalid isoformat string: %r' % s) from None

    @classmethod
    def strptime(cls, s, fmt):
        tt, us, tz = _strptime(s, fmt)
        return cls(tt[3], tt[4], tt[5], us, tz)

    def utcoffset(self):
        return None if self._tzinfo is None else _check_offset('utcoffset', self._tzinfo.utcoffset(None))

    def dst(self):
        return None if self._tzinfo is None else _check_offset('dst', self._tzinfo.dst(None))

    def tzname(self):
        return None if self._tzinfo is None else self._tzinfo.tzname(None)

    def __repr__(self):
        s = '%d, %d' % (self._hour, self._minute)
        if self._second or self._microsecond:
            s += ', %d' % self._second
        if self._microsecond:
            s += ', %d' % self._microsecond
        s = '%s(%s' % (_tpname(self), s)
        if self._tzinfo is not None:
            s += ', tzinfo=%r' % self._tzinfo
        if self._fold:
            s += ', fold=1'
        return s + ')'

    def isoformat(self, timespec='auto'):
        return _fmt_time(self._hour, self._minute, self._second, self._microsecond, timespec) + \
            _fmt_offset(self.utcoffset())

    __str__ = isoformat

    def strftime(self, fmt):
        return _strftime(self, fmt, _time.struct_time((1900, 1, 1, self._hour, self._minute, self._second, 0, 1, -1)))

    __format__ = date.__format__

    def replace(self, hour=None, minute=None, second=None, microsecond=None, tzinfo=True, *, fold=None):
        return type(self)(self._hour if hour is None else hour, self._minute if minute is None else minute,
                          self._second if second is None else second,
                          self._microsecond if microsecond is None else microsecond,
                          self._tzinfo if tzinfo is True else tzinfo, fold=self._fold if fold is None else fold)

    __replace__ = replace

    def _key(self, other):
        a, b = self.utcoffset(), other.utcoffset()
        if (a is None) != (b is None):
            return None
        ka = self._hour * 3600 + self._minute * 60 + self._second - (a._us // 10 ** 6 if a else 0)
        kb = other._hour * 3600 + other._minute * 60 + other._second - (b._us // 10 ** 6 if b else 0)
        return (ka, self._microsecond), (kb, other._microsecond)

    def _compare(self, other, op):
        if not isinstance(other, time):
            return NotImplemented
        k = self._key(other)
        if k is None:
            if op in ('==', '!='):
                return op == '!='
            raise TypeError("can't compare offset-naive and offset-aware times")
        return _OPS[op](*k)

    __eq__ = lambda self, other: self._compare(other, '==')
    __ne__ = lambda self, other: self._compare(other, '!=')
    __lt__ = lambda self, other: self._compare(other, '<')
    __le__ = lambda self, other: self._compare(other, '<=')
    __gt__ = lambda self, other: self._compare(other, '>')
    __ge__ = lambda self, other: self._compare(other, '>=')

    def __hash__(self):
        if self._hashcode == -1:
            off = self.utcoffset()
            if not off:
                self._hashcode = hash((self._hour, self._minute, self._second, self._microsecond))
            else:
                self._hashcode = hash((self._hour * 3600 + self._minute * 60 + self._second - off._us // 10 ** 6,
                                       self._microsecond))
        return self._hashcode

    def __bool__(self):
        return True

    def __reduce_ex__(self, protocol):
        # the pickled state: hour (its top bit the fold, from protocol 4), minute, second, microsecond (3 bytes)
        us, fold = self._microsecond, self._fold if protocol > 3 else 0
        b = bytes([self._hour | (fold << 7), self._minute, self._second, us >> 16, (us >> 8) & 255, us & 255])
        return type(self), (b,) + ((self._tzinfo,) if self._tzinfo is not None else ())

    def __reduce__(self):
        return self.__reduce_ex__(2)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


_OPS = {'==': lambda a, b: a == b, '!=': lambda a, b: a != b, '<': lambda a, b: a < b,
        '<=': lambda a, b: a <= b, '>': lambda a, b: a > b, '>=': lambda a, b: a >= b}
time.min = time(0, 0, 0)
time.max = time(23, 59, 59, 999999)
time.resolution = timedelta(microseconds=1)


class datetime(date):
    __slots__ = ('_hour', '_minute', '_second', '_microsecond', '_tzinfo', '_fold')

    def __new__(cls, year, month=None, day=None, hour=0, minute=0, second=0, microsecond=0, tzinfo=None, *,
                fold=0):
        if isinstance(year, bytes) and len(year) == 10 and 1 <= year[2] & 127 <= 12:
            b = year
            tzinfo = month
            year, month, day, hour, minute, second = b[0] * 256 + b[1], b[2] & 127, b[3], b[4], b[5], b[6]
            microsecond, fold = (b[7] << 16) | (b[8] << 8) | b[9], b[2] >> 7
        y, m, d = _check_date(year, month, day)
        h, mi, s, us = _check_time(hour, minute, second, microsecond, fold)
        _check_tz(tzinfo)
        self = object.__new__(cls)
        self._year, self._month, self._day = y, m, d
        self._hour, self._minute, self._second, self._microsecond = h, mi, s, us
        self._tzinfo, self._fold = tzinfo, fold
        self._hashcode = -1
        return self

    hour = time.hour
    minute = time.minute
    second = time.second
    microsecond = time.microsecond
    tzinfo = time.tzinfo
    fold = time.fold

    @classmethod
    def _from_us(cls, us, tz):
        # us: microseconds since 0001-01-01 00:00 (naive or local wall time)
        days, rest = divmod(us, 86400000000)
        if not 0 <= days < _MAXORDINAL:
            raise OverflowError('date value out of range')
        y, m, d = _ord2ymd(days + 1)
        h, rest = divmod(rest, 3600000000)
        mi, rest = divmod(rest, 60000000)
        s, u = divmod(rest, 1000000)
        return cls(y, m, d, h, mi, s, u, tz)

    def _to_us(self):
        return (((self.toordinal() - 1) * 24 + self._hour) * 60 + self._minute) * 60000000 + \
            self._second * 1000000 + self._microsecond

    @classmethod
    def fromtimestamp(cls, t, tz=None):
        _check_tz(tz)
        if not isinstance(t, (int, float)):
            raise TypeError("'%s' object cannot be interpreted as an integer" % type(t).__name__)
        if isinstance(t, float):
            if t != t:
                raise ValueError('Invalid value NaN (not a number)')
            if t in (_math.inf, -_math.inf):
                raise OverflowError('cannot convert float infinity to integer')
            a, b = t.as_integer_ratio()
            us = _round_div(a * 10 ** 6, b)
        else:
            us = t * 10 ** 6
        dt = cls._from_us(us + _EPOCH_US, None)
        if tz is not None:
            dt = tz.fromutc(dt.replace(tzinfo=tz))
        return dt

    @classmethod
    def utcfromtimestamp(cls, t):
        import warnings
        warnings.warn('datetime.datetime.utcfromtimestamp() is deprecated and scheduled for removal in a future '
                      'version. Use timezone-aware objects to represent datetimes in UTC: '
                      'datetime.datetime.fromtimestamp(timestamp, datetime.UTC).', DeprecationWarning, stacklevel=2)
        return cls.fromtimestamp(t)

    @classmethod
    def now(cls, tz=None):
        return cls.fromtimestamp(_time.time(), tz)

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time.time())

    @classmethod
    def utcnow(cls):
        import warnings
        warnings.warn('datetime.datetime.utcnow() is deprecated and scheduled for removal in a future version. Use '
                      'timezone-aware objects to represent datetimes in UTC: datetime.datetime.now(datetime.UTC).',
                      DeprecationWarning, stacklevel=2)
        return cls.fromtimestamp(_time.time())

    @classmethod
    def fromordinal(cls, n):
        d = date.fromordinal(n)
        return cls(d._year, d._month, d._day)

    @classmethod
    def combine(cls, date, time, tzinfo=True):
        if not isinstance(date, _date_class):
            raise TypeError("combine() argument 1 must be datetime.date, not %s" % type(date).__name__)
        if not isinstance(time, _time_class):
            raise TypeError("combine() argument 2 must be datetime.time, not %s" % type(time).__name__)
        if tzinfo is True:
            tzinfo = time.tzinfo
        return cls(date.year, date.month, date.day, time.hour, time.minute, time.second, time.microsecond, tzinfo,
                   fold=time.fold)

    @classmethod
    def fromisoformat(cls, s):
        if not isinstance(s, str):
            raise TypeError('fromisoformat: argument must be str')
        try:
            ymd, used = _parse_isodate(s)
            if used == len(s):
                return cls(*ymd)
            if len(s) - used < 2:
                raise ValueError
            (h, m, sec, us), tz = _parse_isotime(s[used + 1:])
        except ValueError:
            raise ValueError('Invalid isoformat string: %r' % s) from None
        return cls(*ymd, h, m, sec, us, tz)

    @classmethod
    def fromisocalendar(cls, year, week, day):
        return cls(*_isocal_to_ymd(year, week, day))

    @classmethod
    def strptime(cls, s, fmt):
        tt, us, tz = _strptime(s, fmt)
        return cls(*tt[:6], us, tz)

    def timetuple(self):
        d = self.dst()
        dst = -1 if d is None else int(bool(d))
        return _time.struct_time((self._year, self._month, self._day, self._hour, self._minute, self._second,
                                  self.weekday(), self.toordinal() - _ymd2ord(self._year, 1, 1) + 1, dst))

    def utctimetuple(self):
        off = self.utcoffset()
        dt = self - off if off else self
        return _time.struct_time(tuple(dt.replace(tzinfo=None).timetuple())[:8] + (0,))

    def timestamp(self):
        if self._tzinfo is None:
            return (self._to_us() - _EPOCH_US) / 10 ** 6
        return (self - _EPOCH).total_seconds()

    def date(self):
        return date(self._year, self._month, self._day)

    def time(self):
        return time(self._hour, self._minute, self._second, self._microsecond, fold=self._fold)

    def timetz(self):
        return time(self._hour, self._minute, self._second, self._microsecond, self._tzinfo, fold=self._fold)

    def replace(self, year=None, month=None, day=None, hour=None, minute=None, second=None, microsecond=None,
                tzinfo=True, *, fold=None):
        g = lambda v, a: getattr(self, a) if v is None else v
        return type(self)(g(year, '_year'), g(month, '_month'), g(day, '_day'), g(hour, '_hour'),
                          g(minute, '_minute'), g(second, '_second'), g(microsecond, '_microsecond'),
                          self._tzinfo if tzinfo is True else tzinfo, fold=g(fold, '_fold'))

    __replace__ = replace

    def astimezone(self, tz=None):
        if tz is None:
            tz = timezone(timedelta(0), 'UTC')
        elif not isinstance(tz, tzinfo):
            raise TypeError("tzinfo argument must be None or of a tzinfo subclass, not type '%s'" % type(tz).__name__)
        off = self.utcoffset()
        if off is None:
            utc = self
        else:
            if self._tzinfo is tz:
                return self
            utc = self - off
        return tz.fromutc(utc.replace(tzinfo=tz))

    def ctime(self):
        return '%s %02d:%02d:%02d %04d' % (date.ctime(self)[:10], self._hour, self._minute, self._second,
                                           self._year)

    def isoformat(self, sep='T', timespec='auto'):
        if not isinstance(sep, str) or len(sep) != 1:
            raise TypeError('isoformat() argument 1 must be a unicode character, not %s' % type(sep).__name__)
        return '%04d-%02d-%02d%s' % (self._year, self._month, self._day, sep) + \
            _fmt_time(self._hour, self._minute, self._second, self._microsecond, timespec) + \
            _fmt_offset(self.utcoffset())

    def __str__(self):
        return self.isoformat(' ')

    def __repr__(self):
        args = [self._year, self._month, self._day, self._hour, self._minute, self._second, self._microsecond]
        while len(args) > 5 and args[-1] == 0:
            args.pop()
        s = '%s(%s' % (_tpname(self), ', '.join(map(str, args)))
        if self._tzinfo is not None:
            s += ', tzinfo=%r' % self._tzinfo
        if self._fold:
            s += ', fold=1'
        return s + ')'

    def utcoffset(self):
        return None if self._tzinfo is None else _check_offset('utcoffset', self._tzinfo.utcoffset(self))

    def dst(self):
        return None if self._tzinfo is None else _check_offset('dst', self._tzinfo.dst(self))

    def tzname(self):
        if self._tzinfo is None:
            return None
        name = self._tzinfo.tzname(self)
        if name is not None and not isinstance(name, str):
            raise TypeError("tzinfo.tzname() must return None or a string, not '%s'" % type(name).__name__)
        return name

    def _compare(self, other, op):
        if not isinstance(other, datetime):
            return NotImplemented
        a, b = self.utcoffset(), other.utcoffset()
        if self._tzinfo is other._tzinfo:
            a = b = None
        elif (a is None) != (b is None):
            if op in ('==', '!='):
                return op == '!='
            raise TypeError("can't compare offset-naive and offset-aware datetimes")
        ka = self._to_us() - (a._us if a else 0)
        kb = other._to_us() - (b._us if b else 0)
        return _OPS[op](ka, kb)

    __eq__ = lambda self, other: self._compare(other, '==')
    __ne__ = lambda self, other: self._compare(other, '!=')
    __lt__ = lambda self, other: self._compare(other, '<')
    __le__ = lambda self, other: self._compare(other, '<=')
    __gt__ = lambda self, other: self._compare(other, '>')
    __ge__ = lambda self, other: self._compare(other, '>=')

    def __hash__(self):
        if self._hashcode == -1:
            off = self.utcoffset()
            self._hashcode = hash(self._to_us() - (off._us if off else 0))
        return self._hashcode

    def __add__(self, other):
        if not isinstance(other, timedelta):
            return NotImplemented
        us = self._to_us() + other._us
        if not 0 <= us < _MAXORDINAL * 86400000000:
            raise OverflowError('date value out of range')
        return type(self)._from_us(us, self._tzinfo)

    __radd__ = __add__

    def __sub__(self, other):
        if isinstance(other, timedelta):
            return self + -other
        if not isinstance(other, datetime):
            return NotImplemented
        a, b = self.utcoffset(), other.utcoffset()
        if self._tzinfo is other._tzinfo:
            a = b = None
        elif (a is None) != (b is None):
            raise TypeError("can't subtract offset-naive and offset-aware datetimes")
        return timedelta._make(self._to_us() - (a._us if a else 0) - other._to_us() + (b._us if b else 0))

    def __reduce_ex__(self, protocol):
        us, fold = self._microsecond, self._fold if protocol > 3 else 0
        b = bytes([self._year >> 8, self._year & 255, self._month | (fold << 7), self._day, self._hour,
                   self._minute, self._second, us >> 16, (us >> 8) & 255, us & 255])
        return type(self), (b,) + ((self._tzinfo,) if self._tzinfo is not None else ())

    def __reduce__(self):
        return self.__reduce_ex__(2)


_date_class = date
_time_class = time
datetime.min = datetime(1, 1, 1)
datetime.max = datetime(9999, 12, 31, 23, 59, 59, 999999)
datetime.resolution = timedelta(microseconds=1)
_EPOCH_US = (_ymd2ord(1970, 1, 1) - 1) * 86400000000


class timezone(tzinfo):
    __slots__ = ('_offset', '_name')
    _Omitted = object()

    def __new__(cls, offset, name=_Omitted):
        if not isinstance(offset, timedelta):
            raise TypeError("timezone() argument 1 must be datetime.timedelta, not %s" % type(offset).__name__)
        if name is cls._Omitted:
            if not offset:
                return cls.utc
            name = None
        elif not isinstance(name, str):
            raise TypeError("timezone() argument 2 must be str, not %s" % type(name).__name__)
        if not -timedelta(1) < offset < timedelta(1):
            raise ValueError("offset must be a timedelta strictly between -timedelta(hours=24) and "
                             "timedelta(hours=24), not %r." % offset)
        return cls._create(offset, name)

    @classmethod
    def _create(cls, offset, name=None):
        self = tzinfo.__new__(cls)
        self._offset = offset
        self._name = name
        return self

    def __getinitargs__(self):
        return (self._offset,) if self._name is None else (self._offset, self._name)

    def __eq__(self, other):
        return self._offset == other._offset if isinstance(other, timezone) else NotImplemented

    def __hash__(self):
        return hash(self._offset)

    def __repr__(self):
        if self is self.utc:
            return 'datetime.timezone.utc'
        mod = _tpname(self)
        if self._name is None:
            return '%s(%r)' % (mod, self._offset)
        return '%s(%r, %r)' % (mod, self._offset, self._name)

    def __str__(self):
        return self.tzname(None)

    def _arg(self, dt, what):
        if not (dt is None or isinstance(dt, datetime)):
            raise TypeError('%s(dt) argument must be a datetime instance or None, not %s' % (what,
                                                                                           type(dt).__name__))

    def utcoffset(self, dt):
        self._arg(dt, 'utcoffset')
        return self._offset

    def tzname(self, dt):
        self._arg(dt, 'tzname')
        if self._name is not None:
            return self._name
        if not self._offset:
            return 'UTC'
        return 'UTC' + _fmt_offset(self._offset)

    def dst(self, dt):
        self._arg(dt, 'dst')
        return None

    def fromutc(self, dt):
        if not isinstance(dt, datetime):
            raise TypeError('fromutc() argument must be a datetime instance or None')
        if dt.tzinfo is not self:
            raise ValueError('fromutc: dt.tzinfo is not self')
        return dt + self._offset

    def __reduce__(self):
        return type(self), self.__getinitargs__()


timezone.utc = timezone._create(timedelta(0))
timezone.min = timezone._create(-timedelta(hours=23, minutes=59))
timezone.max = timezone._create(timedelta(hours=23, minutes=59))
UTC = timezone.utc
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


# ---- strptime: the format becomes a regular expression, one named group per directive
# (mirrors Lib/_strptime.py's TimeRE for the C locale), matched case-insensitively.
def _alt(names):
    return '(' + '|'.join(sorted(names, key=len, reverse=True)) + ')'


_RE_PARTS = {
    'd': r'(3[01]|[12]\d|0[1-9]|[1-9]| [1-9])', 'f': r'([0-9]{1,6})', 'H': r'(2[0-3]|[0-1]\d|\d)',
    'I': r'(1[0-2]|0[1-9]|[1-9]| [1-9])', 'G': r'(\d\d\d\d)',
    'j': r'(36[0-6]|3[0-5]\d|[12]\d\d|0[1-9]\d|00[1-9]|[1-9]\d|0[1-9]|[1-9])', 'm': r'(1[0-2]|0[1-9]|[1-9])',
    'M': r'([0-5]\d|\d)', 'S': r'(6[0-1]|[0-5]\d|\d)', 'U': r'(5[0-3]|[0-4]\d|\d)', 'W': r'(5[0-3]|[0-4]\d|\d)',
    'w': r'([0-6])', 'u': r'([1-7])', 'V': r'(5[0-3]|0[1-9]|[1-4]\d|\d)', 'y': r'(\d\d)', 'Y': r'(\d\d\d\d)',
    'z': r'([+-]\d\d:?[0-5]\d(?::?[0-5]\d(?:\.\d{1,6})?)?|(?-i:Z))',
    'A': _alt([d.lower() for d in _DAYS]), 'a': _alt([d[:3].lower() for d in _DAYS]),
    'B': _alt([m.lower() for m in _MONTHS]), 'b': _alt([m[:3].lower() for m in _MONTHS]),
    'p': '(am|pm)', 'Z': '(utc|gmt)', '%': '%',
}
_RE_COMPOSED = {'c': '%a %b %d %H:%M:%S %Y', 'x': '%m/%d/%y', 'X': '%H:%M:%S'}
_re_cache = {}


class _BadDirective(Exception):
    pass


def _strptime_regex(fmt):
    import re
    out, keys = [], []
    i, n = 0, len(fmt)
    while i < n:
        c = fmt[i]
        if c != '%':
            out.append(r'\s+' if c.isspace() else re.escape(c))
            i += 1
            continue
        if i + 1 >= n:
            raise ValueError("stray %% in format '%s'" % fmt)
        d = fmt[i + 1]
        i += 2
        if d in _RE_COMPOSED:
            sub, sk = _strptime_regex(_RE_COMPOSED[d])
            out.append(sub)
            keys += sk
        elif d == ':' and fmt[i:i + 1] == 'z':
            i += 1
            out.append(_RE_PARTS['z'])
            keys.append('z')
        elif d in _RE_PARTS:
            out.append(_RE_PARTS[d])
            if d != '%':
                keys.append(d)
        else:
            raise _BadDirective(d)
    return ''.join(out), keys


def _strptime(data, fmt):
    import re
    for arg, what in ((data, 1), (fmt, 2)):
        if not isinstance(arg, str):
            raise TypeError('strptime() argument %d must be str, not %s' % (what, type(arg).__name__))
    entry = _re_cache.get(fmt)
    if entry is None:
        try:
            pat, keys = _strptime_regex(fmt)
        except _BadDirective as e:
            raise ValueError("'%s' is a bad directive in format '%s'" % (e.args[0], fmt)) from None
        entry = _re_cache[fmt] = (re.compile(pat, re.IGNORECASE), keys)
    rx, keys = entry
    m = rx.match(data)
    if not m:
        raise ValueError('time data %r does not match format %r' % (data, fmt))
    if m.end() != len(data):
        raise ValueError('unconverted data remains: %s' % data[m.end():])
    v = dict(zip(keys, m.groups()))
    year = month = day = None
    hour = minute = second = us = 0
    tz = None
    wd = yday = week = None
    iso_y = iso_w = None
    if 'y' in v:
        year = int(v['y'])
        year += 2000 if year <= 68 else 1900
    if 'Y' in v:
        year = int(v['Y'])
    if 'G' in v:
        iso_y = int(v['G'])
    if 'm' in v:
        month = int(v['m'])
    for k, names in (('B', _MONTHS), ('b', [x[:3] for x in _MONTHS])):
        if k in v:
            month = [x.lower() for x in names].index(v[k].lower()) + 1
    if 'd' in v:
        day = int(v['d'])
    if 'H' in v:
        hour = int(v['H'])
    if 'I' in v:
        hour = int(v['I'])
        ampm = v.get('p', '').lower()
        if ampm == 'pm':
            hour = hour % 12 + 12
        elif ampm == 'am' and hour == 12:
            hour = 0
    if 'M' in v:
        minute = int(v['M'])
    if 'S' in v:
        second = int(v['S'])
    if 'f' in v:
        us = int(v['f'] + '0' * (6 - len(v['f'])))
    for k, names in (('A', _DAYS), ('a', [x[:3] for x in _DAYS])):
        if k in v:
            wd = [x.lower() for x in names].index(v[k].lower())
    if 'w' in v:
        wd = (int(v['w']) - 1) % 7
    if 'u' in v:
        wd = int(v['u']) - 1
    if 'j' in v:
        yday = int(v['j'])
    if 'U' in v or 'W' in v:
        week = (int(v['U']), 6) if 'U' in v else (int(v['W']), 0)
    if 'V' in v:
        iso_w = int(v['V'])
    if 'z' in v:
        z = v['z']
        if z == 'Z':
            off = 0
        else:
            sign = -1 if z[0] == '-' else 1
            z = z[1:].replace(':', '')
            off = int(z[:2]) * 3600 + int(z[2:4]) * 60 + (int(z[4:6]) if len(z) > 4 else 0)
            frac = z[7:] if len(z) > 6 else ''
            off = timedelta(seconds=sign * off, microseconds=sign * int(frac.ljust(6, '0') or 0))
            tz = timezone(off)
            off = None
        if off == 0:
            tz = timezone.utc
    if iso_y is not None and iso_w is not None and wd is not None and year is None:
        year, month, day = _isocal_to_ymd(iso_y, iso_w, wd + 1)
    elif iso_y is not None or (iso_w is not None and year is None):
        raise ValueError("ISO year directive '%G' must be used with the ISO week directive '%V' and a weekday "
                         "directive ('%A', '%a', '%w', or '%u').")
    if year is None:
        year = 1900
    if yday is None and week is not None and wd is not None:
        # day 1 + the days of week 0 (before the year's first week-start day) + whole weeks + the weekday
        first_wd = (_ymd2ord(year, 1, 1) + 6) % 7
        if week[1] == 6:
            first_wd, wd = (first_wd + 1) % 7, (wd + 1) % 7
        if week[0] == 0:
            yday = 1 + wd - first_wd
        else:
            yday = 1 + (7 - first_wd) % 7 + 7 * (week[0] - 1) + wd
    if yday is not None:
        y, month, day = _ord2ymd(_ymd2ord(year, 1, 1) + yday - 1)
        year = y
    if month is None:
        month = 1
    if day is None:
        day = 1
    return (year, month, day, hour, minute, second), us, tz


_C_TYPES = (date, time, datetime, timedelta, timezone, tzinfo)
__c_types__ = ('date', 'time', 'datetime', 'timedelta', 'timezone', 'tzinfo')
__all__ = ('date', 'datetime', 'time', 'timedelta', 'timezone', 'tzinfo', 'MINYEAR', 'MAXYEAR', 'UTC')
