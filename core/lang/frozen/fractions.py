# fractions: exact rational numbers (CPython 3.13's fractions interface, written here in
# Python as CPython's Lib/fractions.py is; learnt from its behaviour, not copied).
#
# A Fraction is a pair of ints (numerator, denominator) in lowest terms with
# denominator > 0, so equal values have equal pairs. Arithmetic on two rationals is exact:
# a/b + c/d = (a*d + c*b) / (b*d), reduced by gcd; with a float or complex operand the
# result is that float/complex (the fraction converted first). hash(a/b) is CPython's
# numeric hash: a * inverse(b) mod P with P = 2**61 - 1 (sys.hash_info.modulus), so a
# Fraction equal to an int or float hashes as it does. limit_denominator(m) is the closest
# fraction with denominator <= m, from the continued-fraction convergents of the value and
# the best semiconvergent (the classical best-rational-approximation theorem).
import math
import numbers
import operator
import re
import sys
import functools
from decimal import Decimal


_PyHASH_MODULUS = (1 << 61) - 1
_PyHASH_INF = 314159


def _parse(s):
    # [sign] digits [/ digits] | [sign] decimal [exponent], underscores between digits
    m = re.fullmatch(r"\s*(?P<sign>[-+]?)(?=\d|\.\d)(?P<num>\d*|\d+(_\d+)*)"
                     r"(?:(?:/(?P<denom>\d+(_\d+)*))?|(?:\.(?P<decimal>\d*|\d+(_\d+)*))?"
                     r"(?:[eE](?P<exp>[-+]?\d+(_\d+)*))?)\s*", s)
    if m is None:
        raise ValueError("Invalid literal for Fraction: %r" % s)
    numerator = int(m.group("num") or "0")
    denom = m.group("denom")
    if denom:
        denominator = int(denom)
    else:
        denominator = 1
        decimal = m.group("decimal")
        if decimal:
            decimal = decimal.replace("_", "")
            scale = 10 ** len(decimal)
            numerator = numerator * scale + int(decimal)
            denominator *= scale
        exp = m.group("exp")
        if exp:
            exp = int(exp)
            if exp >= 0:
                numerator *= 10 ** exp
            else:
                denominator *= 10 ** -exp
    if m.group("sign") == "-":
        numerator = -numerator
    return numerator, denominator


class Fraction(numbers.Rational):
    """This class implements rational numbers."""

    __slots__ = ("_numerator", "_denominator")

    def __new__(cls, numerator=0, denominator=None):
        self = object.__new__(cls)
        if denominator is None:
            if type(numerator) is int or isinstance(numerator, int):
                self._numerator = int(numerator)
                self._denominator = 1
                return self
            if isinstance(numerator, Fraction):
                self._numerator = numerator._numerator
                self._denominator = numerator._denominator
                return self
            if isinstance(numerator, numbers.Rational):
                n, d = numerator.numerator, numerator.denominator
            elif isinstance(numerator, float):
                n, d = numerator.as_integer_ratio()
            elif isinstance(numerator, str):
                n, d = _parse(numerator)
            elif hasattr(numerator, "as_integer_ratio") and not isinstance(numerator, (complex,)):
                n, d = numerator.as_integer_ratio()
            else:
                raise TypeError("argument should be a string or a Rational instance")
            numerator, denominator = n, d
        elif type(numerator) is int and type(denominator) is int:
            pass
        elif isinstance(numerator, numbers.Rational) and isinstance(denominator, numbers.Rational):
            numerator, denominator = (numerator.numerator * denominator.denominator,
                                      denominator.numerator * numerator.denominator)
        else:
            raise TypeError("both arguments should be Rational instances")
        if denominator == 0:
            raise ZeroDivisionError("Fraction(%s, 0)" % numerator)
        g = math.gcd(numerator, denominator)
        if denominator < 0:
            g = -g
        self._numerator = numerator // g
        self._denominator = denominator // g
        return self

    @classmethod
    def from_float(cls, f):
        if isinstance(f, numbers.Integral):
            return cls(f)
        if not isinstance(f, float):
            raise TypeError("%s.from_float() only takes floats, not %r (%s)" % (cls.__name__, f, type(f).__name__))
        return cls._from_coprime_ints(*f.as_integer_ratio())

    @classmethod
    def from_decimal(cls, dec):
        if isinstance(dec, numbers.Integral):
            return cls(int(dec))
        if not hasattr(dec, "as_integer_ratio"):
            raise TypeError("%s.from_decimal() only takes Decimals, not %r (%s)"
                            % (cls.__name__, dec, type(dec).__name__))
        return cls._from_coprime_ints(*dec.as_integer_ratio())

    @classmethod
    def _from_coprime_ints(cls, numerator, denominator, /):
        obj = object.__new__(cls)
        obj._numerator = numerator
        obj._denominator = denominator
        return obj

    def is_integer(self):
        return self._denominator == 1

    def as_integer_ratio(self):
        return (self._numerator, self._denominator)

    def limit_denominator(self, max_denominator=1000000):
        if max_denominator < 1:
            raise ValueError("max_denominator should be at least 1")
        if self._denominator <= max_denominator:
            return Fraction(self)
        p0, q0, p1, q1 = 0, 1, 1, 0
        n, d = self._numerator, self._denominator
        while True:
            a = n // d
            q2 = q0 + a * q1
            if q2 > max_denominator:
                break
            p0, q0, p1, q1 = p1, q1, p0 + a * p1, q2
            n, d = d, n - a * d
        k = (max_denominator - q0) // q1
        if 2 * d * (q0 + k * q1) <= self._denominator:
            return Fraction._from_coprime_ints(p1, q1)
        return Fraction._from_coprime_ints(p0 + k * p1, q0 + k * q1)

    @property
    def numerator(a):
        return a._numerator

    @property
    def denominator(a):
        return a._denominator

    def __repr__(self):
        return "%s(%s, %s)" % (self.__class__.__name__, self._numerator, self._denominator)

    def __str__(self):
        if self._denominator == 1:
            return str(self._numerator)
        return "%s/%s" % (self._numerator, self._denominator)

    def __format__(self, format_spec, /):
        if not format_spec:
            return str(self)
        m = re.fullmatch(r"(?:(?P<fill>.)?(?P<align>[<>=^]))?(?P<sign>[-+ ]?)(?P<alt>#)?(?P<zero>0)?"
                         r"(?P<width>\d+)?(?P<thousands>[,_])?", format_spec)
        if m is not None:
            fill = m.group("fill") or " "
            align = m.group("align") or ">"
            sign = m.group("sign")
            body = str(abs(self)) if not m.group("alt") else "%d/%d" % (abs(self._numerator), self._denominator)
            pre = "-" if self._numerator < 0 else ("" if sign in ("", "-") else sign)
            text = pre + body
            return format(text, fill + align + (m.group("width") or ""))
        return format(float(self), format_spec)

    def _operands(self, other):
        if isinstance(other, Fraction):
            return other
        if isinstance(other, int):
            return Fraction._from_coprime_ints(int(other), 1)
        if isinstance(other, numbers.Rational):
            return Fraction(other.numerator, other.denominator)
        return None

    def __add__(a, b):
        r = a._operands(b)
        if r is not None:
            return Fraction(a._numerator * r._denominator + r._numerator * a._denominator,
                            a._denominator * r._denominator)
        if isinstance(b, float):
            return float(a) + b
        if isinstance(b, complex):
            return complex(a) + b
        return NotImplemented

    def __radd__(b, a):
        r = b._operands(a)
        if r is not None:
            return r + b
        if isinstance(a, numbers.Real):
            return float(a) + float(b)
        if isinstance(a, numbers.Complex):
            return complex(a) + complex(b)
        return NotImplemented

    def __sub__(a, b):
        r = a._operands(b)
        if r is not None:
            return Fraction(a._numerator * r._denominator - r._numerator * a._denominator,
                            a._denominator * r._denominator)
        if isinstance(b, float):
            return float(a) - b
        if isinstance(b, complex):
            return complex(a) - b
        return NotImplemented

    def __rsub__(b, a):
        r = b._operands(a)
        if r is not None:
            return r - b
        if isinstance(a, numbers.Real):
            return float(a) - float(b)
        if isinstance(a, numbers.Complex):
            return complex(a) - complex(b)
        return NotImplemented

    def __mul__(a, b):
        r = a._operands(b)
        if r is not None:
            return Fraction(a._numerator * r._numerator, a._denominator * r._denominator)
        if isinstance(b, float):
            return float(a) * b
        if isinstance(b, complex):
            return complex(a) * b
        return NotImplemented

    def __rmul__(b, a):
        r = b._operands(a)
        if r is not None:
            return r * b
        if isinstance(a, numbers.Real):
            return float(a) * float(b)
        if isinstance(a, numbers.Complex):
            return complex(a) * complex(b)
        return NotImplemented

    def __truediv__(a, b):
        r = a._operands(b)
        if r is not None:
            if r._numerator == 0:
                raise ZeroDivisionError("Fraction(%s, 0)" % (a._numerator * r._denominator))
            return Fraction(a._numerator * r._denominator, a._denominator * r._numerator)
        if isinstance(b, float):
            return float(a) / b
        if isinstance(b, complex):
            return complex(a) / b
        return NotImplemented

    def __rtruediv__(b, a):
        r = b._operands(a)
        if r is not None:
            return r / b
        if isinstance(a, numbers.Real):
            return float(a) / float(b)
        if isinstance(a, numbers.Complex):
            return complex(a) / complex(b)
        return NotImplemented

    def __floordiv__(a, b):
        r = a._operands(b)
        if r is not None:
            return (a._numerator * r._denominator) // (a._denominator * r._numerator)
        if isinstance(b, float):
            return float(a) // b
        return NotImplemented

    def __rfloordiv__(b, a):
        r = b._operands(a)
        if r is not None:
            return r // b
        if isinstance(a, numbers.Real):
            return float(a) // float(b)
        return NotImplemented

    def __divmod__(a, b):
        r = a._operands(b)
        if r is not None:
            da, db = a._denominator, r._denominator
            div, n_mod = divmod(a._numerator * db, da * r._numerator)
            return div, Fraction(n_mod, da * db)
        if isinstance(b, float):
            return divmod(float(a), b)
        return NotImplemented

    def __rdivmod__(b, a):
        r = b._operands(a)
        if r is not None:
            return divmod(r, b)
        if isinstance(a, numbers.Real):
            return divmod(float(a), float(b))
        return NotImplemented

    def __mod__(a, b):
        r = a._operands(b)
        if r is not None:
            da, db = a._denominator, r._denominator
            return Fraction((a._numerator * db) % (r._numerator * da), da * db)
        if isinstance(b, float):
            return float(a) % b
        return NotImplemented

    def __rmod__(b, a):
        r = b._operands(a)
        if r is not None:
            return r % b
        if isinstance(a, numbers.Real):
            return float(a) % float(b)
        return NotImplemented

    def __pow__(a, b, modulo=None):
        if modulo is not None:
            return NotImplemented
        r = a._operands(b)
        if r is not None:
            if r._denominator == 1:
                power = r._numerator
                if power >= 0:
                    return Fraction._from_coprime_ints(a._numerator ** power, a._denominator ** power)
                if a._numerator == 0:
                    raise ZeroDivisionError("Fraction(%s, 0)" % (a._denominator ** -power))
                if a._numerator > 0:
                    return Fraction._from_coprime_ints(a._denominator ** -power, a._numerator ** -power)
                return Fraction._from_coprime_ints((-a._denominator) ** -power, (-a._numerator) ** -power)
            return float(a) ** float(r)
        if isinstance(b, (float, complex)):
            return float(a) ** b
        return NotImplemented

    def __rpow__(b, a, modulo=None):
        if modulo is not None:
            return NotImplemented
        if b._denominator == 1 and b._numerator >= 0:
            return a ** b._numerator
        if isinstance(a, numbers.Rational):
            return Fraction(a.numerator, a.denominator) ** b
        if b._denominator == 1:
            return a ** b._numerator
        return a ** float(b)

    def __pos__(a):
        return Fraction._from_coprime_ints(a._numerator, a._denominator)

    def __neg__(a):
        return Fraction._from_coprime_ints(-a._numerator, a._denominator)

    def __abs__(a):
        return Fraction._from_coprime_ints(abs(a._numerator), a._denominator)

    def __int__(a):
        if a._numerator < 0:
            return -(-a._numerator // a._denominator)
        return a._numerator // a._denominator

    def __trunc__(a):
        return a.__int__()

    def __floor__(a):
        return a._numerator // a._denominator

    def __ceil__(a):
        return -(-a._numerator // a._denominator)

    def __round__(self, ndigits=None):
        if ndigits is None:
            d = self._denominator
            floor, remainder = divmod(self._numerator, d)
            if remainder * 2 < d:
                return floor
            if remainder * 2 > d:
                return floor + 1
            return floor if floor % 2 == 0 else floor + 1
        shift = 10 ** abs(ndigits)
        if ndigits > 0:
            return Fraction(round(self * shift), shift)
        return Fraction(round(self / shift) * shift)

    def __float__(a):
        return a._numerator / a._denominator

    def __complex__(a):
        return complex(float(a))

    def __hash__(self):
        try:
            dinv = pow(self._denominator, -1, _PyHASH_MODULUS)
        except ValueError:
            hash_ = _PyHASH_INF
        else:
            hash_ = hash(hash(abs(self._numerator)) * dinv)
        result = hash_ if self._numerator >= 0 else -hash_
        return -2 if result == -1 else result

    def __eq__(a, b):
        if type(b) is int or isinstance(b, int):
            return a._numerator == b and a._denominator == 1
        if isinstance(b, numbers.Rational):
            return a._numerator == b.numerator and a._denominator == b.denominator
        if isinstance(b, complex) and b.imag == 0:
            b = b.real
        if isinstance(b, float):
            if math.isnan(b) or math.isinf(b):
                return 0.0 == b
            return a == a.from_float(b)
        return NotImplemented

    def _richcmp(self, other, op):
        if isinstance(other, numbers.Rational):
            return op(self._numerator * other.denominator, self._denominator * other.numerator)
        if isinstance(other, float):
            if math.isnan(other) or math.isinf(other):
                return op(0.0, other)
            return op(self, self.from_float(other))
        return NotImplemented

    def __lt__(a, b):
        return a._richcmp(b, operator.lt)

    def __gt__(a, b):
        return a._richcmp(b, operator.gt)

    def __le__(a, b):
        return a._richcmp(b, operator.le)

    def __ge__(a, b):
        return a._richcmp(b, operator.ge)

    def __bool__(a):
        return bool(a._numerator)

    def __reduce__(self):
        return (self.__class__, (self._numerator, self._denominator))

    def __copy__(self):
        if type(self) == Fraction:
            return self
        return self.__class__(self._numerator, self._denominator)

    def __deepcopy__(self, memo):
        if type(self) == Fraction:
            return self
        return self.__class__(self._numerator, self._denominator)
