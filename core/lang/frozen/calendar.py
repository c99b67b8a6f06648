# calendar: month and year calendars as lists and as text or HTML (CPython 3.13's calendar
# interface, written here in Python as CPython's Lib/calendar.py is; learnt from its
# behaviour, not copied). The C locale only (Locale*Calendar use it too).
#
# A month is laid out in weeks of seven cells starting at firstweekday (0 = Monday): the
# first cell is the month's first day minus ((weekday(1st) - firstweekday) mod 7) days, and
# weeks follow until one ends on or after the last day; cells outside the month are day 0.
# Text: each cell is the day right-aligned in 2 columns and centred in w, cells joined by
# one space; a year puts m months side by side, c spaces apart, each (w + 1) * 7 - 1 wide.
import sys
import datetime
from enum import IntEnum, global_enum
from itertools import repeat


error = ValueError


class IllegalMonthError(ValueError, IndexError):
    def __init__(self, month):
        self.month = month

    def __str__(self):
        return 'bad month number %r; must be 1-12' % self.month


class IllegalWeekdayError(ValueError):
    def __init__(self, weekday):
        self.weekday = weekday

    def __str__(self):
        return 'bad weekday number %r; must be 0 (Monday) to 6 (Sunday)' % self.weekday


@global_enum
class Month(IntEnum):
    JANUARY = 1
    FEBRUARY = 2
    MARCH = 3
    APRIL = 4
    MAY = 5
    JUNE = 6
    JULY = 7
    AUGUST = 8
    SEPTEMBER = 9
    OCTOBER = 10
    NOVEMBER = 11
    DECEMBER = 12


@global_enum
class Day(IntEnum):
    MONDAY = 0
    TUESDAY = 1
    WEDNESDAY = 2
    THURSDAY = 3
    FRIDAY = 4
    SATURDAY = 5
    SUNDAY = 6


JANUARY, FEBRUARY, MARCH, APRIL, MAY, JUNE, JULY, AUGUST, SEPTEMBER, OCTOBER, NOVEMBER, DECEMBER = Month
MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY, SUNDAY = Day
mdays = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
EPOCH = 1970
_EPOCH_ORD = datetime.date(EPOCH, 1, 1).toordinal()
_DAYS = ('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday')
_MONTHS = ('', 'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
           'November', 'December')


class _localized_month:
    def __init__(self, format):
        self.format = format

    def __getitem__(self, i):
        names = [n if self.format == '%B' else n[:3] for n in _MONTHS]
        return names[i]

    def __len__(self):
        return 13


class _localized_day:
    def __init__(self, format):
        self.format = format

    def __getitem__(self, i):
        names = [n if self.format == '%A' else n[:3] for n in _DAYS]
        return names[i]

    def __len__(self):
        return 7


day_name = _localized_day('%A')
day_abbr = _localized_day('%a')
month_name = _localized_month('%B')
month_abbr = _localized_month('%b')


def isleap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def leapdays(y1, y2):
    # leap years in [y1, y2): the multiples of 4, less those of 100, plus those of 400
    a, b = y1 - 1, y2 - 1
    return (b // 4 - a // 4) - (b // 100 - a // 100) + (b // 400 - a // 400)


def weekday(year, month, day):
    if not datetime.MINYEAR <= year <= datetime.MAXYEAR:
        year = 2000 + year % 400
    return Day(datetime.date(year, month, day).weekday())


def _monthlen(year, month):
    return mdays[month] + (month == FEBRUARY and isleap(year))


def monthrange(year, month):
    if not 1 <= month <= 12:
        raise IllegalMonthError(month)
    return weekday(year, month, 1), _monthlen(year, month)


def _prevmonth(year, month):
    return (year - 1, 12) if month == 1 else (year, month - 1)


def _nextmonth(year, month):
    return (year + 1, 1) if month == 12 else (year, month + 1)


class Calendar(object):
    def __init__(self, firstweekday=0):
        self.firstweekday = firstweekday

    def getfirstweekday(self):
        return self._firstweekday % 7

    def setfirstweekday(self, firstweekday):
        self._firstweekday = firstweekday

    firstweekday = property(getfirstweekday, setfirstweekday)

    def iterweekdays(self):
        for i in range(self.firstweekday, self.firstweekday + 7):
            yield i % 7

    def itermonthdates(self, year, month):
        for y, m, d in self.itermonthdays3(year, month):
            yield datetime.date(y, m, d)

    def itermonthdays(self, year, month):
        day1, ndays = monthrange(year, month)
        before = (day1 - self.firstweekday) % 7
        yield from repeat(0, before)
        yield from range(1, ndays + 1)
        yield from repeat(0, (self.firstweekday - day1 - ndays) % 7)

    def itermonthdays2(self, year, month):
        for i, d in enumerate(self.itermonthdays(year, month), self.firstweekday):
            yield d, i % 7

    def itermonthdays3(self, year, month):
        day1, ndays = monthrange(year, month)
        before = (day1 - self.firstweekday) % 7
        after = (self.firstweekday - day1 - ndays) % 7
        y, m = _prevmonth(year, month)
        end = _monthlen(y, m) + 1
        for d in range(end - before, end):
            yield y, m, d
        for d in range(1, ndays + 1):
            yield year, month, d
        y, m = _nextmonth(year, month)
        for d in range(1, after + 1):
            yield y, m, d

    def itermonthdays4(self, year, month):
        for i, (y, m, d) in enumerate(self.itermonthdays3(year, month)):
            yield y, m, d, (self.firstweekday + i) % 7

    def monthdatescalendar(self, year, month):
        dates = list(self.itermonthdates(year, month))
        return [dates[i:i + 7] for i in range(0, len(dates), 7)]

    def monthdays2calendar(self, year, month):
        days = list(self.itermonthdays2(year, month))
        return [days[i:i + 7] for i in range(0, len(days), 7)]

    def monthdayscalendar(self, year, month):
        days = list(self.itermonthdays(year, month))
        return [days[i:i + 7] for i in range(0, len(days), 7)]

    def yeardatescalendar(self, year, width=3):
        months = [self.monthdatescalendar(year, m) for m in range(1, 13)]
        return [months[i:i + width] for i in range(0, 12, width)]

    def yeardays2calendar(self, year, width=3):
        months = [self.monthdays2calendar(year, m) for m in range(1, 13)]
        return [months[i:i + width] for i in range(0, 12, width)]

    def yeardayscalendar(self, year, width=3):
        months = [self.monthdayscalendar(year, m) for m in range(1, 13)]
        return [months[i:i + width] for i in range(0, 12, width)]


class TextCalendar(Calendar):
    def prweek(self, theweek, width):
        print(self.formatweek(theweek, width), end='')

    def formatday(self, day, weekday, width):
        return ('' if day == 0 else '%2i' % day).center(width)

    def formatweek(self, theweek, width):
        return ' '.join(self.formatday(d, wd, width) for d, wd in theweek)

    def formatweekday(self, day, width):
        names = day_name if width >= 9 else day_abbr
        return names[day][:width].center(width)

    def formatweekheader(self, width):
        return ' '.join(self.formatweekday(i, width) for i in self.iterweekdays())

    def formatmonthname(self, theyear, themonth, width, withyear=True):
        s = month_name[themonth]
        if withyear:
            s = '%s %r' % (s, theyear)
        return s.center(width)

    def prmonth(self, theyear, themonth, w=0, l=0):
        print(self.formatmonth(theyear, themonth, w, l), end='')

    def formatmonth(self, theyear, themonth, w=0, l=0):
        w, l = max(2, w), max(1, l)
        nl = '\n' * l
        s = self.formatmonthname(theyear, themonth, 7 * (w + 1) - 1).rstrip() + nl
        s += self.formatweekheader(w).rstrip() + nl
        for week in self.monthdays2calendar(theyear, themonth):
            s += self.formatweek(week, w).rstrip() + nl
        return s

    def formatyear(self, theyear, w=2, l=1, c=6, m=3):
        w, l, c = max(2, w), max(1, l), max(2, c)
        colwidth = (w + 1) * 7 - 1
        nl = '\n' * l
        out = [repr(theyear).center(colwidth * m + c * (m - 1)).rstrip(), nl]
        header = self.formatweekheader(w)
        for i, row in enumerate(self.yeardays2calendar(theyear, m)):
            months = range(m * i + 1, min(m * (i + 1) + 1, 13))
            out.append(nl)
            out.append(formatstring((self.formatmonthname(theyear, k, colwidth, False) for k in months),
                                    colwidth, c).rstrip())
            out.append(nl)
            out.append(formatstring((header for k in months), colwidth, c).rstrip())
            out.append(nl)
            for j in range(max(len(cal) for cal in row)):
                weeks = [self.formatweek(cal[j], w) if j < len(cal) else '' for cal in row]
                out.append(formatstring(weeks, colwidth, c).rstrip())
                out.append(nl)
        return ''.join(out)

    def pryear(self, theyear, w=0, l=0, c=6, m=3):
        print(self.formatyear(theyear, w, l, c, m), end='')


class HTMLCalendar(Calendar):
    cssclasses = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']
    cssclasses_weekday_head = cssclasses
    cssclass_noday = 'noday'
    cssclass_month_head = 'month'
    cssclass_month = 'month'
    cssclass_year_head = 'year'
    cssclass_year = 'year'

    def formatday(self, day, weekday):
        if day == 0:
            return '<td class="%s">&nbsp;</td>' % self.cssclass_noday
        return '<td class="%s">%d</td>' % (self.cssclasses[weekday], day)

    def formatweek(self, theweek):
        return '<tr>%s</tr>' % ''.join(self.formatday(d, wd) for d, wd in theweek)

    def formatweekday(self, day):
        return '<th class="%s">%s</th>' % (self.cssclasses_weekday_head[day], day_abbr[day])

    def formatweekheader(self):
        return '<tr>%s</tr>' % ''.join(self.formatweekday(i) for i in self.iterweekdays())

    def formatmonthname(self, theyear, themonth, withyear=True):
        s = '%s %s' % (month_name[themonth], theyear) if withyear else '%s' % month_name[themonth]
        return '<tr><th colspan="7" class="%s">%s</th></tr>' % (self.cssclass_month_head, s)

    def formatmonth(self, theyear, themonth, withyear=True):
        v = ['<table border="0" cellpadding="0" cellspacing="0" class="%s">' % self.cssclass_month, '\n',
             self.formatmonthname(theyear, themonth, withyear=withyear), '\n', self.formatweekheader(), '\n']
        for week in self.monthdays2calendar(theyear, themonth):
            v += [self.formatweek(week), '\n']
        v += ['</table>', '\n']
        return ''.join(v)

    def formatyear(self, theyear, width=3):
        width = max(width, 1)
        v = ['<table border="0" cellpadding="0" cellspacing="0" class="%s">' % self.cssclass_year, '\n',
             '<tr><th colspan="%d" class="%s">%s</th></tr>' % (width, self.cssclass_year_head, theyear)]
        for i in range(1, 13, width):
            v.append('<tr>')
            for m in range(i, min(i + width, 13)):
                v += ['<td>', self.formatmonth(theyear, m, withyear=False), '</td>']
            v.append('</tr>')
        v += ['</table>']
        return ''.join(v)

    def formatyearpage(self, theyear, width=3, css='calendar.css', encoding=None):
        if encoding is None:
            encoding = 'utf-8'
        v = ['<?xml version="1.0" encoding="%s"?>\n' % encoding,
             '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" '
             '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">\n',
             '<html>\n', '<head>\n',
             '<meta http-equiv="Content-Type" content="text/html; charset=%s" />\n' % encoding]
        if css is not None:
            v.append('<link rel="stylesheet" type="text/css" href="%s" />\n' % css)
        v += ['<title>Calendar for %d</title>\n' % theyear, '</head>\n', '<body>\n', self.formatyear(theyear, width),
              '</body>\n', '</html>\n']
        return ''.join(v).encode(encoding, 'xmlcharrefreplace')


class different_locale:
    def __init__(self, locale):
        self.locale = locale

    def __enter__(self):
        return self

    def __exit__(self, *args):
        pass


class LocaleTextCalendar(TextCalendar):
    def __init__(self, firstweekday=0, locale=None):
        TextCalendar.__init__(self, firstweekday)
        self.locale = locale


class LocaleHTMLCalendar(HTMLCalendar):
    def __init__(self, firstweekday=0, locale=None):
        HTMLCalendar.__init__(self, firstweekday)
        self.locale = locale


c = TextCalendar()
firstweekday = c.getfirstweekday


def setfirstweekday(firstweekday):
    if not MONDAY <= firstweekday <= SUNDAY:
        raise IllegalWeekdayError(firstweekday)
    c.firstweekday = firstweekday


def monthcalendar(year, month):
    return c.monthdayscalendar(year, month)


def prweek(theweek, width):
    c.prweek(theweek, width)


def week(theweek, width):
    return c.formatweek(theweek, width)


def weekheader(width):
    return c.formatweekheader(width)


def prmonth(theyear, themonth, w=0, l=0):
    c.prmonth(theyear, themonth, w, l)


def month(theyear, themonth, w=0, l=0):
    return c.formatmonth(theyear, themonth, w, l)


def calendar(theyear, w=2, l=1, c=6, m=3):
    return _c.formatyear(theyear, w, l, c, m)


def prcal(theyear, w=0, l=0, c=6, m=3):
    _c.pryear(theyear, w, l, c, m)


_c = c
_colwidth = 7 * 3 - 1
_spacing = 6


def format(cols, colwidth=_colwidth, spacing=_spacing):
    print(formatstring(cols, colwidth, spacing))


def formatstring(cols, colwidth=_colwidth, spacing=_spacing):
    return (' ' * spacing).join(col.center(colwidth) for col in cols)


def timegm(tuple):
    year, month, day, hour, minute, second = tuple[:6]
    days = datetime.date(year, month, 1).toordinal() - _EPOCH_ORD + day - 1
    return ((days * 24 + hour) * 60 + minute) * 60 + second


def main(args=None):
    import argparse
    parser = argparse.ArgumentParser()
    parser.add_argument('-w', '--width', type=int, default=2, help='width of date column (default 2)')
    parser.add_argument('-l', '--lines', type=int, default=1, help='number of lines for each week (default 1)')
    parser.add_argument('-s', '--spacing', type=int, default=6, help='spacing between months (default 6)')
    parser.add_argument('-m', '--months', type=int, default=3, help='months per row (default 3)')
    parser.add_argument('year', nargs='?', type=int, help='year number')
    parser.add_argument('month', nargs='?', type=int, help='month number (1-12, text only)')
    options = parser.parse_args(args)
    cal = TextCalendar()
    year = options.year if options.year is not None else datetime.date.today().year
    if options.month is None:
        print(cal.formatyear(year, options.width, options.lines, options.spacing, options.months), end='')
    else:
        print(cal.formatmonth(year, options.month, options.width, options.lines), end='')
