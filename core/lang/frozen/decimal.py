# decimal: the General Decimal Arithmetic Specification as CPython 3.13's
# decimal module (libmpdec) exposes it, written here in Python over the
# engine's big ints. A number is (sign, coefficient, exponent) or a special
# (Infinity, NaN, sNaN); every operation computes exactly and rounds once to
# the context's precision with its rounding mode (the spec's "finalize"),
# raising the signals the context traps, with the C module's messages
# ("[<class 'decimal.DivisionByZero'>]").
# Here: construction (str, int, float exactly, tuple), + - * / // % divmod,
# integral powers, sqrt, quantize, the rounding modes, comparisons with int
# and float, hash equal to the equal int's or float's, format(), contexts
# (getcontext/setcontext/localcontext, flags and traps). Not here: exp, ln,
# log10 and non-integral powers (they raise NotImplementedError).
import math
import numbers
from collections import namedtuple as _nt

__c_types__ = ('Decimal', 'Context')
__version__ = '1.70'
__libmpdec_version__ = '2.5.1'
MAX_PREC = MAX_EMAX = 999999999999999999
MIN_EMIN = -999999999999999999
MIN_ETINY = MIN_EMIN - (MAX_PREC - 1)
HAVE_THREADS = HAVE_CONTEXTVAR = True
ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING = 'ROUND_DOWN', 'ROUND_HALF_UP', 'ROUND_HALF_EVEN', 'ROUND_CEILING'
ROUND_FLOOR, ROUND_UP, ROUND_HALF_DOWN, ROUND_05UP = 'ROUND_FLOOR', 'ROUND_UP', 'ROUND_HALF_DOWN', 'ROUND_05UP'
_ROUNDINGS = (ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_HALF_DOWN, ROUND_05UP)
DecimalTuple = _nt('DecimalTuple', 'sign digits exponent', module='decimal')


class DecimalException(ArithmeticError):
    pass


class Clamped(DecimalException):
    pass


class InvalidOperation(DecimalException):
    pass


class ConversionSyntax(InvalidOperation):
    pass


class DivisionByZero(DecimalException, ZeroDivisionError):
    pass


class DivisionImpossible(InvalidOperation):
    pass


class DivisionUndefined(InvalidOperation, ZeroDivisionError):
    pass


class Inexact(DecimalException):
    pass


class InvalidContext(InvalidOperation):
    pass


class Rounded(DecimalException):
    pass


class Subnormal(DecimalException):
    pass


class Overflow(Inexact, Rounded):
    pass


class Underflow(Inexact, Rounded, Subnormal):
    pass


class FloatOperation(DecimalException, TypeError):
    pass


_SIGNALS = [InvalidOperation, FloatOperation, DivisionByZero, Overflow, Underflow, Subnormal, Inexact, Rounded, Clamped]
_REPR_ORDER = [Clamped, InvalidOperation, DivisionByZero, Inexact, Overflow, Rounded, Subnormal, Underflow, FloatOperation]


class Context:
    def __init__(self, prec=None, rounding=None, Emin=None, Emax=None, capitals=None, clamp=None, flags=None, traps=None):
        d = DefaultContext if 'DefaultContext' in globals() else None
        self.prec = prec if prec is not None else d.prec if d else 28
        self.rounding = rounding if rounding is not None else d.rounding if d else ROUND_HALF_EVEN
        self.Emin = Emin if Emin is not None else d.Emin if d else -999999
        self.Emax = Emax if Emax is not None else d.Emax if d else 999999
        self.capitals = capitals if capitals is not None else 1
        self.clamp = clamp if clamp is not None else 0
        self.flags = self._signals(flags, {})
        self.traps = self._signals(traps, dict(d.traps) if d else {InvalidOperation: True, DivisionByZero: True, Overflow: True})

    @staticmethod
    def _signals(given, dflt):
        out = {s: False for s in _SIGNALS}
        if given is None:
            given = dflt
        if isinstance(given, dict):
            out.update({k: bool(v) for k, v in given.items()})
        else:
            out.update({k: True for k in given})
        return out

    def __setattr__(self, name, value):
        if name == 'prec' and not (isinstance(value, int) and 1 <= value <= MAX_PREC):
            raise ValueError('valid range for prec is [1, MAX_PREC]')
        if name == 'rounding' and value not in _ROUNDINGS:
            raise TypeError('valid values for rounding are:\n  [ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_DOWN,\n'
                            '   ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN,\n   ROUND_05UP]')
        if name == 'Emax' and not (isinstance(value, int) and 0 <= value <= MAX_EMAX):
            raise ValueError('valid range for Emax is [0, MAX_EMAX]')
        if name == 'Emin' and not (isinstance(value, int) and MIN_EMIN <= value <= 0):
            raise ValueError('valid range for Emin is [MIN_EMIN, 0]')
        object.__setattr__(self, name, value)

    def __repr__(self):
        names = lambda d: ', '.join(s.__name__ for s in _REPR_ORDER if d[s])
        return ('Context(prec=%d, rounding=%s, Emin=%d, Emax=%d, capitals=%d, clamp=%d, flags=[%s], traps=[%s])' %
                (self.prec, self.rounding, self.Emin, self.Emax, self.capitals, self.clamp, names(self.flags),
                 names(self.traps)))

    def copy(self):
        return Context(self.prec, self.rounding, self.Emin, self.Emax, self.capitals, self.clamp, dict(self.flags),
                       dict(self.traps))

    __copy__ = copy

    def clear_flags(self):
        for k in self.flags:
            self.flags[k] = False

    def clear_traps(self):
        for k in self.traps:
            self.traps[k] = False

    def Etiny(self):
        return self.Emin - self.prec + 1

    def Etop(self):
        return self.Emax - self.prec + 1

    def create_decimal(self, num='0'):
        d = Decimal(num, self)
        return d._fix(self)

    def create_decimal_from_float(self, f):
        return Decimal.from_float(f)._fix(self)

    def _raise(self, cond, flag=None):
        flag = flag or cond
        self.flags[flag] = True
        if self.traps[flag]:
            raise flag([cond])

    def _binary(name):
        def op(self, a, b):
            return getattr(_convert(a, True), name)(_convert(b, True), context=self)
        op.__name__ = name.strip('_')
        return op

    add, subtract, multiply, divide = _binary('_add'), _binary('_sub'), _binary('_mul'), _binary('_div')
    del _binary

    def sqrt(self, a):
        return _convert(a, True).sqrt(self)

    def quantize(self, a, b):
        return _convert(a, True).quantize(b, context=self)


def _convert(x, strict=False):
    if isinstance(x, Decimal):
        return x
    if isinstance(x, int):
        return Decimal(x)
    if strict:
        raise TypeError('conversion from %s to Decimal is not supported' % type(x).__name__)
    return NotImplemented


def _round_coef(c, drop, mode, sign):
    # c's last `drop` digits removed, rounded by `mode`: (new coefficient, whether anything nonzero was dropped)
    q, r = divmod(c, 10 ** drop)
    half = 5 * 10 ** (drop - 1)
    up = {ROUND_DOWN: False, ROUND_UP: r != 0, ROUND_CEILING: r != 0 and not sign, ROUND_FLOOR: r != 0 and sign,
          ROUND_HALF_UP: r >= half, ROUND_HALF_DOWN: r > half, ROUND_HALF_EVEN: r > half or (r == half and q & 1),
          ROUND_05UP: r != 0 and q % 5 == 0}[mode]
    return q + up, r != 0


class Decimal:
    __slots__ = ('_sign', '_int', '_exp')

    def __new__(cls, value='0', context=None):
        self = object.__new__(cls)
        if isinstance(value, Decimal):
            self._sign, self._int, self._exp = value._sign, value._int, value._exp
        elif isinstance(value, bool) or isinstance(value, int):
            self._sign, self._int, self._exp = int(value < 0), abs(int(value)), 0
        elif isinstance(value, float):
            d = Decimal.from_float(value)
            self._sign, self._int, self._exp = d._sign, d._int, d._exp
        elif isinstance(value, str):
            self._parse(value.strip().replace('_', '') if '__' not in value else value, context)
        elif isinstance(value, (tuple, list)):
            self._from_tuple(value)
        else:
            raise TypeError('conversion from %s to Decimal is not supported' % type(value).__name__)
        return self

    def _parse(self, s, context):
        import re
        m = re.fullmatch(r'([-+])?(?:(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?|(inf|infinity)|(s?nan)(\d*))', s, re.I)
        if not m or m.group(2) == '' and not m.group(3) and not m.group(5) and not m.group(6):
            (context or getcontext())._raise(ConversionSyntax, InvalidOperation)
            self._sign, self._int, self._exp = 0, 0, 'n'
            return
        self._sign = int(m.group(1) == '-')
        if m.group(5):
            self._int, self._exp = 0, 'F'
        elif m.group(6):
            self._int, self._exp = int(m.group(7) or 0), 'N' if m.group(6).lower() == 'snan' else 'n'
        else:
            frac = m.group(3) or ''
            self._int = int((m.group(2) or '') + frac or '0')
            self._exp = int(m.group(4) or 0) - len(frac)

    def _from_tuple(self, t):
        if len(t) != 3:
            raise ValueError('argument must be a sequence of length 3')
        sign, digits, exp = t
        if sign not in (0, 1):
            raise ValueError('sign must be an integer with the value 0 or 1')
        self._sign = sign
        if exp in ('F', 'n', 'N'):
            self._int, self._exp = int(''.join(map(str, digits)) or 0) if exp != 'F' else 0, exp
            return
        if not isinstance(exp, int):
            raise ValueError('exponent must be an integer')
        if any(not isinstance(d, int) or not 0 <= d <= 9 for d in digits):
            raise ValueError('coefficient must be a tuple of digits')
        self._int, self._exp = int(''.join(map(str, digits)) or 0), exp

    @classmethod
    def from_float(cls, f):
        if isinstance(f, int):
            return cls(f)
        if not isinstance(f, float):
            raise TypeError('argument must be int or float')
        if math.isinf(f) or math.isnan(f):
            return cls(repr(f).replace('inf', 'Infinity'))
        sign = int(math.copysign(1.0, f) < 0)
        n, d = abs(f).as_integer_ratio()
        k = d.bit_length() - 1
        return _dec(sign, n * 5 ** k, -k, cls)

    @classmethod
    def from_number(cls, number):
        return cls(number)

    # ---- properties and queries
    def _special(self):
        return self._exp in ('F', 'n', 'N')

    def is_nan(self):
        return self._exp in ('n', 'N')

    def is_snan(self):
        return self._exp == 'N'

    def is_qnan(self):
        return self._exp == 'n'

    def is_infinite(self):
        return self._exp == 'F'

    def is_finite(self):
        return not self._special()

    def is_zero(self):
        return not self._special() and self._int == 0

    def is_signed(self):
        return bool(self._sign)

    def is_normal(self, context=None):
        return self.is_finite() and self._int != 0 and self.adjusted() >= (context or getcontext()).Emin

    def adjusted(self):
        return 0 if self._special() else self._exp + len(str(self._int)) - 1

    def as_tuple(self):
        digits = tuple(map(int, str(self._int))) if self._exp != 'F' else (0,)
        if self.is_nan() and self._int == 0:
            digits = ()
        return DecimalTuple(self._sign, digits, self._exp)

    def as_integer_ratio(self):
        if self._special():
            raise (ValueError('cannot convert NaN to integer ratio') if self.is_nan() else
                   OverflowError('cannot convert Infinity to integer ratio'))
        n, d = self._int, 1
        if self._exp >= 0:
            n *= 10 ** self._exp
        else:
            d = 10 ** -self._exp
        g = math.gcd(n, d)
        return (-n if self._sign else n) // g, d // g

    def copy_abs(self):
        return _dec(0, self._int, self._exp)

    def copy_negate(self):
        return _dec(1 - self._sign, self._int, self._exp)

    def copy_sign(self, other, context=None):
        return _dec(_convert(other, True)._sign, self._int, self._exp)

    def canonical(self):
        return self

    def conjugate(self):
        return self

    real = property(lambda self: self)
    imag = property(lambda self: Decimal(0))

    # ---- text
    def __str__(self, eng=False, context=None):
        sign = '-' if self._sign else ''
        if self._exp == 'F':
            return sign + 'Infinity'
        if self.is_nan():
            return sign + ('sNaN' if self._exp == 'N' else 'NaN') + (str(self._int) if self._int else '')
        digits = str(self._int)
        left = self._exp + len(digits)
        if self._exp <= 0 and left > -6:
            dot = left
        elif not eng:
            dot = 1
        elif self._int == 0:
            dot = (left + 1) % 3 - 1
        else:
            dot = (left - 1) % 3 + 1
        if dot <= 0:
            intpart, frac = '0', '.' + '0' * -dot + digits
        elif dot >= len(digits):
            intpart, frac = digits + '0' * (dot - len(digits)), ''
        else:
            intpart, frac = digits[:dot], '.' + digits[dot:]
        exp = '' if left == dot else ('E' if (context or getcontext()).capitals else 'e') + '%+d' % (left - dot)
        return sign + intpart + frac + exp

    def to_eng_string(self, context=None):
        return self.__str__(eng=True, context=context)

    def __repr__(self):
        return "Decimal('%s')" % self

    def __format__(self, spec):
        import re
        m = re.fullmatch(r'(?:(.)?([<>=^]))?([-+ ])?(z)?(#)?(0)?(\d+)?(,)?(?:\.(\d+))?([eEfFgGn%])?', spec)
        if not m:
            raise ValueError('invalid format string')
        fill, align, sgn, _, alt, zero, width, group, prec, typ = m.groups()
        prec = None if prec is None else int(prec)
        if self._special():
            body = str(self.copy_abs())
        elif typ in ('f', 'F', '%'):
            v = self if typ != '%' else _dec(self._sign, self._int, self._exp + 2)
            if prec is not None:
                v = v.quantize(_dec(0, 1, -prec), rounding=ROUND_HALF_EVEN)
            body = _fixed(v) + ('.' if alt and v._exp >= 0 else '') + ('%' if typ == '%' else '')
        elif typ in ('e', 'E'):
            digits = str(self._int)
            if prec is not None and len(digits) > prec + 1:
                c, _ = _round_coef(self._int, len(digits) - prec - 1, ROUND_HALF_EVEN, self._sign)
                v = _dec(0, c, self._exp + len(digits) - prec - 1)
            else:
                v = _dec(0, self._int * 10 ** ((prec + 1 - len(digits)) if prec is not None else 0),
                         self._exp - ((prec + 1 - len(digits)) if prec is not None else 0))
            d = str(v._int)
            exp = v._exp + len(d) - 1
            body = d[0] + ('.' + d[1:] if len(d) > 1 else '') + typ + '%+d' % exp
        elif typ in ('g', 'G', 'n') or (typ is None and prec is not None):
            v = self
            if prec is not None and len(str(self._int)) > max(prec, 1):
                v = Context(prec=max(prec, 1), rounding=ROUND_HALF_EVEN, traps=[]).create_decimal(self)
            body = str(v.copy_abs())
            if typ == 'g':
                body = body.replace('E', 'e')
        else:
            body = str(self.copy_abs())
        if group and 'E' not in body and 'e' not in body:
            i, _, f = body.partition('.')
            num = ''.join(c for c in i if c.isdigit())
            rest = i[len(num):]
            i = format(int(num), ',').replace(',', group) + rest if num else i
            body = i + ('.' + f if f else '')
        signch = '-' if self._sign else ('+' if sgn == '+' else ' ' if sgn == ' ' else '')
        if zero and not align:
            fill, align = '0', '='
        width = int(width or 0)
        align = align or '>'
        fill = fill or ' '
        pad = max(0, width - len(signch) - len(body))
        if align == '=':
            return signch + fill * pad + body
        text = signch + body
        if align == '<':
            return text + fill * pad
        if align == '^':
            return fill * (pad // 2) + text + fill * (pad - pad // 2)
        return fill * pad + text

    # ---- finalize: round to the context (the spec's rounding and exponent limits)
    def _fix(self, context):
        if self._special():
            return self
        c, e, sign = self._int, self._exp, self._sign
        prec = context.prec
        etiny = context.Emin - prec + 1
        n = len(str(c))
        drop = max(n - prec, etiny - e)
        if drop > 0:
            c, lost = _round_coef(c, drop, context.rounding, sign)
            e += drop
            if len(str(c)) > prec:
                c //= 10
                e += 1
            context._raise(Rounded)
            if lost:
                context._raise(Inexact)
            if e + len(str(c)) - 1 < context.Emin:
                context._raise(Subnormal)
                if lost:
                    context._raise(Underflow)
        if c and e + len(str(c)) - 1 > context.Emax:
            context._raise(Inexact)
            context._raise(Rounded)
            context._raise(Overflow)
            return _dec(sign, 0, 'F')
        return _dec(sign, c, e)

    def _nan(self, other, context):
        for x in (self, other):
            if x is not None and x._exp == 'N':
                context._raise(InvalidOperation)
                return _dec(x._sign, x._int, 'n')
        for x in (self, other):
            if x is not None and x._exp == 'n':
                return x
        return None

    # ---- arithmetic
    def _add(self, other, context=None, negate=False):
        context = context or getcontext()
        n = self._nan(other, context)
        if n is not None:
            return n
        osign = other._sign ^ negate
        if self._exp == 'F' or other._exp == 'F':
            if self._exp == 'F' and other._exp == 'F' and self._sign != osign:
                context._raise(InvalidOperation)
                return _dec(0, 0, 'n')
            return self if self._exp == 'F' else _dec(osign, 0, 'F')
        e = min(self._exp, other._exp)
        a = self._int * 10 ** (self._exp - e) * (-1 if self._sign else 1)
        b = other._int * 10 ** (other._exp - e) * (-1 if osign else 1)
        s = a + b
        if s == 0:
            sign = int(self._sign and osign) if context.rounding != ROUND_FLOOR else int(self._sign or osign)
        else:
            sign = int(s < 0)
        return _dec(sign, abs(s), e)._fix(context)

    def _sub(self, other, context=None):
        return self._add(other, context, True)

    def _mul(self, other, context=None):
        context = context or getcontext()
        n = self._nan(other, context)
        if n is not None:
            return n
        sign = self._sign ^ other._sign
        if self._exp == 'F' or other._exp == 'F':
            if self.is_zero() or other.is_zero():
                context._raise(InvalidOperation)
                return _dec(0, 0, 'n')
            return _dec(sign, 0, 'F')
        return _dec(sign, self._int * other._int, self._exp + other._exp)._fix(context)

    def _div(self, other, context=None):
        context = context or getcontext()
        n = self._nan(other, context)
        if n is not None:
            return n
        sign = self._sign ^ other._sign
        if self._exp == 'F' or other._exp == 'F':
            if self._exp == other._exp:
                context._raise(InvalidOperation)
                return _dec(0, 0, 'n')
            return _dec(sign, 0, 'F') if self._exp == 'F' else _dec(sign, 0, context.Etiny())
        if other._int == 0:
            if self._int == 0:
                context._raise(DivisionUndefined, InvalidOperation)
                return _dec(0, 0, 'n')
            context._raise(DivisionByZero)
            return _dec(sign, 0, 'F')
        ideal = self._exp - other._exp
        if self._int == 0:
            return _dec(sign, 0, ideal)._fix(context)
        shift = len(str(other._int)) - len(str(self._int)) + context.prec + 1
        if shift >= 0:
            q, r = divmod(self._int * 10 ** shift, other._int)
        else:
            q, r = divmod(self._int, other._int * 10 ** -shift)
        e = ideal - shift
        if r:
            if q % 5 == 0:
                q += 1
        else:
            while e < ideal and q % 10 == 0:
                q //= 10
                e += 1
        return _dec(sign, q, e)._fix(context)

    def _divmod(self, other, context=None):
        context = context or getcontext()
        n = self._nan(other, context)
        if n is not None:
            return n, n
        sign = self._sign ^ other._sign
        if self._exp == 'F' or other._exp == 'F' or other._int == 0:
            if other._exp != 'F' and other._int == 0 and self._exp != 'F':
                if self._int == 0:
                    context._raise(DivisionUndefined, InvalidOperation)
                    return _dec(0, 0, 'n'), _dec(0, 0, 'n')
                context._raise(DivisionByZero)
                context._raise(InvalidOperation)
                return _dec(sign, 0, 'F'), _dec(0, 0, 'n')
            if self._exp == 'F' and other._exp == 'F' or self._exp == 'F':
                context._raise(InvalidOperation)
                return _dec(0, 0, 'n'), _dec(0, 0, 'n')
            return _dec(sign, 0, 0), self._fix(context)
        e = min(self._exp, other._exp)
        q, r = divmod(self._int * 10 ** (self._exp - e), other._int * 10 ** (other._exp - e))
        if len(str(q)) > context.prec:
            context._raise(DivisionImpossible, InvalidOperation)
            return _dec(0, 0, 'n'), _dec(0, 0, 'n')
        return _dec(sign, q, 0), _dec(self._sign, r, e)._fix(context)

    def _pow(self, other, context=None):
        context = context or getcontext()
        n = self._nan(other, context)
        if n is not None:
            return n
        if other._special() or other._exp < 0 and other._int % 10 ** -other._exp:
            raise NotImplementedError("stridelab's decimal computes integral powers only")
        k = other._int * 10 ** max(other._exp, 0) * (-1 if other._sign else 1)
        if self._exp == 'F':
            return _dec(self._sign and k & 1, 0, 'F') if k > 0 else _dec(0, 1, 0) if k == 0 else _dec(0, 0, 0)
        if k == 0:
            if self._int == 0:
                context._raise(InvalidOperation)
                return _dec(0, 0, 'n')
            return _dec(0, 1, 0)
        sign = self._sign if k & 1 else 0
        exact = _dec(sign, self._int ** abs(k), self._exp * abs(k))
        if k > 0:
            return exact._fix(context)
        return _dec(0, 1, 0)._div(exact, context)

    def sqrt(self, context=None):
        context = context or getcontext()
        n = self._nan(None, context)
        if n is not None:
            return n
        if self._sign and not self.is_zero():
            context._raise(InvalidOperation)
            return _dec(0, 0, 'n')
        if self._exp == 'F':
            return self
        ideal = self._exp // 2
        if self._int == 0:
            return _dec(self._sign, 0, ideal)._fix(context)
        c, e = self._int, self._exp
        if e & 1:
            c, e = c * 10, e - 1
        shift = context.prec + 1 - (len(str(c)) + 1) // 2
        if shift >= 0:
            c2, lost = c * 100 ** shift, False
        else:
            c2, rem = divmod(c, 100 ** -shift)
            lost = rem != 0
        r = _isqrt(c2)
        e = e // 2 - shift
        if lost or r * r != c2:
            if r % 5 == 0:
                r += 1
        else:
            while e < ideal and r % 10 == 0:
                r //= 10
                e += 1
        ctx = context.copy()
        ctx.rounding = ROUND_HALF_EVEN
        out = _dec(0, r, e)._fix(ctx)
        for s in (Inexact, Rounded):
            if ctx.flags[s]:
                context._raise(s)
        return out

    def quantize(self, exp, rounding=None, context=None):
        context = context or getcontext()
        exp = _convert(exp, True)
        n = self._nan(exp, context)
        if n is not None:
            return n
        if self._exp == 'F' or exp._exp == 'F':
            if self._exp == exp._exp:
                return self
            context._raise(InvalidOperation)
            return _dec(0, 0, 'n')
        return self._rescale(exp._exp, rounding or context.rounding, context)

    def _rescale(self, e, rounding, context, exact=True):
        c = self._int
        if e < self._exp:
            c *= 10 ** (self._exp - e)
            lost = False
        elif e > self._exp:
            c, lost = _round_coef(c, e - self._exp, rounding, self._sign)
        else:
            lost = False
        if len(str(c)) > context.prec and exact:
            context._raise(InvalidOperation)
            return _dec(0, 0, 'n')
        if exact and e > self._exp:
            context._raise(Rounded)
            if lost:
                context._raise(Inexact)
        return _dec(self._sign, c, e)

    def to_integral_value(self, rounding=None, context=None):
        context = context or getcontext()
        if self._special() or self._exp >= 0:
            return self
        return self._rescale(0, rounding or context.rounding, context, exact=False)

    to_integral = to_integral_value

    def to_integral_exact(self, rounding=None, context=None):
        context = context or getcontext()
        if self._special() or self._exp >= 0:
            return self
        return self._rescale(0, rounding or context.rounding, context)

    def normalize(self, context=None):
        context = context or getcontext()
        if self._special():
            return self
        d = self._fix(context)
        if d._special() or d._int == 0:
            return _dec(d._sign, 0, 0) if not d._special() else d
        c, e = d._int, d._exp
        while c % 10 == 0 and e < context.Emax - context.prec + 1 + (context.prec - len(str(c))):
            c //= 10
            e += 1
        return _dec(d._sign, c, e)

    def compare(self, other, context=None):
        other = _convert(other, True)
        if self.is_nan() or other.is_nan():
            return self._nan(other, context or getcontext())
        return Decimal(self._cmp(other))

    def max(self, other, context=None):
        other = _convert(other, True)
        return (self if self._cmp(other) >= 0 else other)._fix(context or getcontext())

    def min(self, other, context=None):
        other = _convert(other, True)
        return (self if self._cmp(other) <= 0 else other)._fix(context or getcontext())

    def fma(self, other, third, context=None):
        context = context or getcontext()
        big = Context(prec=MAX_PREC, traps=[])
        return self._mul(_convert(other, True), big)._add(_convert(third, True), context)

    def exp(self, context=None):
        raise NotImplementedError("stridelab's decimal has no exp()")

    def ln(self, context=None):
        raise NotImplementedError("stridelab's decimal has no ln()")

    def log10(self, context=None):
        raise NotImplementedError("stridelab's decimal has no log10()")

    # ---- comparison and hashing
    def _cmp(self, other):
        if self._exp == 'F' or other._exp == 'F':
            a = 0 if self._exp != 'F' else (-1 if self._sign else 1)
            b = 0 if other._exp != 'F' else (-1 if other._sign else 1)
            if a or b:
                return (a > b) - (a < b)
        if self._int == 0 and other._int == 0:
            return 0
        sa, sb = (-1 if self._sign else 1) * (self._int != 0), (-1 if other._sign else 1) * (other._int != 0)
        if sa != sb:
            return (sa > sb) - (sa < sb)
        e = min(self._exp, other._exp)
        a, b = self._int * 10 ** (self._exp - e), other._int * 10 ** (other._exp - e)
        return ((a > b) - (a < b)) * sa

    def _other(self, other, order):
        if isinstance(other, float):
            ctx = getcontext()
            ctx.flags[FloatOperation] = True
            if order and ctx.traps[FloatOperation]:
                raise FloatOperation([FloatOperation])
            return Decimal.from_float(other)
        if isinstance(other, numbers.Rational) and not isinstance(other, int):
            return None
        return _convert(other)

    def __eq__(self, other):
        o = self._other(other, False)
        if o is NotImplemented or o is None:
            if o is None:
                return self.as_integer_ratio() == (other.numerator, other.denominator) if self.is_finite() else False
            return o
        if self.is_nan() or o.is_nan():
            return False
        return self._cmp(o) == 0

    def _order(op):
        def f(self, other):
            o = self._other(other, True)
            if o is NotImplemented or o is None:
                return NotImplemented
            if self.is_nan() or o.is_nan():
                getcontext()._raise(InvalidOperation)
                return False
            return op(self._cmp(o))
        return f

    __lt__ = _order(lambda c: c < 0)
    __le__ = _order(lambda c: c <= 0)
    __gt__ = _order(lambda c: c > 0)
    __ge__ = _order(lambda c: c >= 0)
    del _order

    def __hash__(self):
        # mirrors Decimal.__hash__: the hash of the equal rational, mod 2**61 - 1
        if self._special():
            if self.is_snan():
                raise TypeError('Cannot hash a signaling NaN value.')
            if self.is_nan():
                return object.__hash__(self)
            return -314159 if self._sign else 314159
        m = 2 ** 61 - 1
        e = pow(10, self._exp, m) if self._exp >= 0 else pow(pow(10, m - 2, m), -self._exp, m)
        h = self._int * e % m
        h = -h if self._sign else h
        return -2 if h == -1 else h

    def __bool__(self):
        return self._special() or self._int != 0

    # ---- conversions
    def __int__(self):
        if self._special():
            raise ValueError('cannot convert NaN to integer') if self.is_nan() else OverflowError(
                'cannot convert Infinity to integer')
        v = self._int * 10 ** self._exp if self._exp >= 0 else self._int // 10 ** -self._exp
        return -v if self._sign else v

    __trunc__ = __int__

    def __float__(self):
        if self.is_nan():
            if self.is_snan():
                raise ValueError('cannot convert signaling NaN to float')
            return float('-nan' if self._sign else 'nan')
        return float(str(self))

    def __complex__(self):
        return complex(float(self))

    def __round__(self, n=None):
        if n is not None:
            if not isinstance(n, int):
                raise TypeError('optional arg must be an integer')
            return self.quantize(_dec(0, 1, -n))
        if self._special():
            raise ValueError('cannot round a NaN') if self.is_nan() else OverflowError('cannot round an infinity')
        return int(self._rescale(0, ROUND_HALF_EVEN, getcontext(), exact=False))

    def __floor__(self):
        return int(self._rescale(0, ROUND_FLOOR, getcontext(), exact=False)) if self._exp < 0 else int(self)

    def __ceil__(self):
        return int(self._rescale(0, ROUND_CEILING, getcontext(), exact=False)) if self._exp < 0 else int(self)

    # ---- operators
    def __neg__(self):
        return _dec(1 - self._sign if (self._int or self._special()) else 0, self._int, self._exp)._fix(getcontext())

    def __pos__(self):
        return _dec(self._sign if (self._int or self._special()) else 0, self._int, self._exp)._fix(getcontext())

    def __abs__(self):
        return _dec(0, self._int, self._exp)._fix(getcontext())

    def _op(name, swap=False):
        def f(self, other):
            o = _convert(other)
            if o is NotImplemented:
                return o
            return getattr(o, name)(self) if swap else getattr(self, name)(o)
        return f

    __add__, __radd__ = _op('_add'), _op('_add', True)
    __sub__, __rsub__ = _op('_sub'), _op('_sub', True)
    __mul__, __rmul__ = _op('_mul'), _op('_mul', True)
    __truediv__, __rtruediv__ = _op('_div'), _op('_div', True)
    __divmod__, __rdivmod__ = _op('_divmod'), _op('_divmod', True)
    __pow__, __rpow__ = _op('_pow'), _op('_pow', True)
    del _op

    def __floordiv__(self, other):
        r = self.__divmod__(other)
        return r if r is NotImplemented else r[0]

    def __rfloordiv__(self, other):
        r = self.__rdivmod__(other)
        return r if r is NotImplemented else r[0]

    def __mod__(self, other):
        r = self.__divmod__(other)
        return r if r is NotImplemented else r[1]

    def __rmod__(self, other):
        r = self.__rdivmod__(other)
        return r if r is NotImplemented else r[1]

    def __reduce__(self):
        return (self.__class__, (str(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def _isqrt(n):
    # floor(sqrt(n)) for ints of any size (Newton's iteration from above); math.isqrt
    # here takes only 64-bit ints. statistics uses it too.
    if n < (1 << 62):
        return math.isqrt(n)
    x = 1 << ((n.bit_length() + 1) // 2)
    while True:
        y = (x + n // x) // 2
        if y >= x:
            return x
        x = y


def _dec(sign, coef, exp, cls=Decimal):
    d = object.__new__(cls)
    d._sign, d._int, d._exp = sign, coef, exp
    return d


def _fixed(d):
    # the plain notation of a finite Decimal (format's 'f')
    digits = str(d._int)
    if d._exp >= 0:
        return digits + '0' * d._exp
    digits = digits.rjust(-d._exp + 1, '0')
    return digits[:d._exp] + '.' + digits[d._exp:]


DefaultContext = Context(prec=28, rounding=ROUND_HALF_EVEN, Emin=-999999, Emax=999999, capitals=1, clamp=0,
                         traps=[DivisionByZero, Overflow, InvalidOperation])
BasicContext = Context(prec=9, rounding=ROUND_HALF_UP, traps=[DivisionByZero, Overflow, InvalidOperation, Clamped,
                                                                 Underflow])
ExtendedContext = Context(prec=9, rounding=ROUND_HALF_EVEN, traps=[])
_current = [DefaultContext.copy()]


def getcontext():
    return _current[0]


def setcontext(context):
    if not isinstance(context, Context):
        raise TypeError('argument must be a context')
    if context in (DefaultContext, BasicContext, ExtendedContext):
        context = context.copy()
        context.clear_flags()
    _current[0] = context


class _ContextManager:
    def __init__(self, ctx):
        self.new_context = ctx

    def __enter__(self):
        self.saved_context = getcontext()
        setcontext(self.new_context)
        return self.new_context

    def __exit__(self, t, v, tb):
        setcontext(self.saved_context)


def localcontext(ctx=None, **kwargs):
    ctx = (ctx or getcontext()).copy()
    for k, v in kwargs.items():
        if k not in ('prec', 'rounding', 'Emin', 'Emax', 'capitals', 'clamp', 'flags', 'traps'):
            raise TypeError("'%s' is an invalid keyword argument for this function" % k)
        setattr(ctx, k, Context._signals(v, {}) if k in ('flags', 'traps') else v)
    return _ContextManager(ctx)

numbers.Number.register(Decimal)
