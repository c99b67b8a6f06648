// Exceptions, f-strings and formatting, str/list/dict/tuple/set methods, builtins.
// Generated from a differential corpus: every expected text below is what
// CPython 3.11 (NumPy 1.24, PyTorch 1.13) printed for the same program. Errors
// end the text with '!' and either the last traceback line (mode 1) or the
// whole traceback with CPython's ^~ position lines dropped (mode 2), file "prog.py".
#include "tests/core/program_cases.hpp"

using program_cases::Case;
using program_cases::check_all;
using program_cases::run_case;

const Case k_exceptions[] = {
    {"try except else finally order", 0,
     R"~(def t(x):
    try:
        print('try', 1 / x)
    except ZeroDivisionError as e:
        print('except', e)
    else:
        print('else')
    finally:
        print('finally')
t(1)
t(0)
)~",
     R"~(try 1.0
else
finally
except division by zero
finally
)~"},
    {"match by base class", 0,
     R"~(for exc in (KeyError('k'), IndexError('i'), ZeroDivisionError('z'), ValueError('v'), TypeError('t')):
    try:
        raise exc
    except LookupError as e:
        print('lookup', type(e).__name__, repr(e))
    except ArithmeticError as e:
        print('arith', e)
    except Exception as e:
        print('other', type(e).__name__, e)
)~",
     R"~(lookup KeyError KeyError('k')
lookup IndexError IndexError('i')
arith z
other ValueError v
other TypeError t
)~"},
    {"except tuple", 0,
     R"~(try:
    int('x')
except (TypeError, ValueError) as e:
    print(type(e).__name__, e)
)~",
     R"~(ValueError invalid literal for int() with base 10: 'x'
)~"},
    {"bare except and reraise", 0,
     R"~(def f():
    try:
        [][1]
    except:
        print('handling')
        raise
try:
    f()
except IndexError as e:
    print('outer', e)
)~",
     R"~(handling
outer list index out of range
)~"},
    {"reraise uncaught", 2,
     R"~(try:
    {}['missing']
except KeyError:
    print('saw it')
    raise
)~",
     R"~(saw it
!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    {}['missing']
KeyError: 'missing'
)~"},
    {"raise from", 0,
     R"~(try:
    try:
        1 / 0
    except ZeroDivisionError as e:
        raise ValueError('bad value') from e
except ValueError as e:
    print(e, type(e.__cause__).__name__, e.__cause__)
)~",
     R"~(bad value ZeroDivisionError division by zero
)~"},
    {"raise from uncaught traceback", 2,
     R"~(def g():
    try:
        int('z')
    except ValueError as e:
        raise RuntimeError('wrapped') from e
g()
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 3, in g
    int('z')
ValueError: invalid literal for int() with base 10: 'z'

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "prog.py", line 6, in <module>
    g()
  File "prog.py", line 5, in g
    raise RuntimeError('wrapped') from e
RuntimeError: wrapped
)~"},
    {"exception during except uncaught", 2,
     R"~(try:
    1 / 0
except ZeroDivisionError:
    undefined_thing
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    1 / 0
ZeroDivisionError: division by zero

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "prog.py", line 4, in <module>
    undefined_thing
NameError: name 'undefined_thing' is not defined
)~"},
    {"raise from none", 0,
     R"~(try:
    try:
        {}[1]
    except KeyError:
        raise TypeError('clean') from None
except TypeError as e:
    print(e, e.__cause__, e.__suppress_context__)
)~",
     R"~(clean None True
)~"},
    {"exception args and str", 0,
     R"~(e = ValueError('a', 2)
print(e.args, str(e), repr(e), str(ValueError()), repr(ValueError()), repr(KeyError('x')), str(KeyError('x')), str(KeyError()))
print(repr(Exception('msg')), str(IndexError(3)), repr(TypeError('q', 'r')))
)~",
     R"~(('a', 2) ('a', 2) ValueError('a', 2)  ValueError() KeyError('x') 'x' 
Exception('msg') 3 TypeError('q', 'r')
)~"},
    {"exception variable cleared after except", 2,
     R"~(try:
    raise ValueError('x')
except ValueError as err:
    pass
print(err)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 5, in <module>
    print(err)
NameError: name 'err' is not defined
)~"},
    {"raise class not instance", 0,
     R"~(try:
    raise ValueError
except ValueError as e:
    print(repr(e), e.args)
)~",
     R"~(ValueError() ()
)~"},
    {"raise non exception", 2,
     R"~(raise 5
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    raise 5
TypeError: exceptions must derive from BaseException
)~"},
    {"custom message uncaught", 2,
     R"~(raise ValueError('custom failure')
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    raise ValueError('custom failure')
ValueError: custom failure
)~"},
    {"raise uncaught no message", 2,
     R"~(raise KeyError
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    raise KeyError
KeyError
)~"},
    {"raise key error with tuple", 2,
     R"~(raise KeyError('a', 'b')
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    raise KeyError('a', 'b')
KeyError: ('a', 'b')
)~"},
    {"nested try finally order", 0,
     R"~(def f():
    try:
        try:
            raise IndexError('inner')
        finally:
            print('inner finally')
    except IndexError as e:
        print('caught', e)
    finally:
        print('outer finally')
f()
)~",
     R"~(inner finally
caught inner
outer finally
)~"},
    {"finally runs on return and exception", 0,
     R"~(def f(x):
    try:
        if x:
            raise ValueError(x)
        return 'ok'
    finally:
        print('cleanup', x)
print(f(0))
try:
    f(1)
except ValueError as e:
    print('got', e)
)~",
     R"~(cleanup 0
ok
cleanup 1
got 1
)~"},
    {"exception in else propagates", 0,
     R"~(try:
    try:
        pass
    except Exception:
        print('no')
    else:
        raise KeyError('from else')
except KeyError as e:
    print('outer caught', e)
)~",
     R"~(outer caught 'from else'
)~"},
    {"isinstance of exceptions", 0,
     R"~(e = ZeroDivisionError('z')
print(isinstance(e, ArithmeticError), isinstance(e, Exception), isinstance(e, BaseException), isinstance(e, LookupError))
print(issubclass(KeyError, LookupError), issubclass(ValueError, KeyError), issubclass(bool, int))
)~",
     R"~(True True True False
True False True
)~"},
    {"stop iteration from next", 2,
     R"~(it = iter([1])
print(next(it), next(it, 'default'))
next(it)
)~",
     R"~(1 default
!Traceback (most recent call last):
  File "prog.py", line 3, in <module>
    next(it)
StopIteration
)~"},
    {"assert", 2,
     R"~(x = 5
assert x == 5
assert x > 1, 'fine'
try:
    assert x < 0, 'x must be negative'
except AssertionError as e:
    print('assert', e)
assert False
)~",
     R"~(assert x must be negative
!Traceback (most recent call last):
  File "prog.py", line 8, in <module>
    assert False
AssertionError
)~"},
    {"assert with message uncaught", 2,
     R"~(assert 1 == 2, f'values differ: {1} vs {2}'
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    assert 1 == 2, f'values differ: {1} vs {2}'
AssertionError: values differ: 1 vs 2
)~"},
    {"errstate", 0,
     R"~(import numpy as np
with np.errstate(divide='ignore', invalid='ignore'):
    r = np.array([1.0, 0.0, -1.0]) / 0.0
print(r)
with np.errstate(all='ignore'):
    print(np.log(np.array([0.0, -1.0])))
print(np.geterr()['divide'])
)~",
     R"~([ inf  nan -inf]
[-inf  nan]
warn
)~"},
    {"with statement restores on exception", 0,
     R"~(import numpy as np
try:
    with np.errstate(divide='raise'):
        raise KeyError('inside')
except KeyError as e:
    print('caught', e)
print(np.geterr()['divide'])
)~",
     R"~(caught 'inside'
warn
)~"},
    {"exception type name in message", 0,
     R"~(try:
    [1, 2, 3].index(7)
except ValueError as e:
    print(e)
try:
    'abc'.index('z')
except ValueError as e:
    print(e)
try:
    {'a': 1}['b']
except KeyError as e:
    print(repr(e), e)
)~",
     R"~(7 is not in list
substring not found
KeyError('b') 'b'
)~"},
    {"except order first match wins", 0,
     R"~(try:
    raise KeyError('k')
except Exception:
    print('Exception first')
except KeyError:
    print('never')
)~",
     R"~(Exception first
)~"},
};

TEST_CASE("try/except/else/finally, matching by base class, raise from, errstate (27 programs)", "[lang]") { check_all(k_exceptions, sizeof(k_exceptions) / sizeof(Case)); }

const Case k_fstrings[] = {
    {"basic fstrings", 0,
     R"~(name = 'world'
n = 42
print(f'hello {name}!', f'{n}', f'{n + 1}', f'{{literal}}', f'{name!r}', f'{name!s}', f'{"quoted"}', f"{'x' * 3}")
)~",
     R"~(hello world! 42 43 {literal} 'world' world quoted xxx
)~"},
    {"format specs numbers", 0,
     R"~(x = 3.14159265
n = 1234567
print(f'{x:.2f}|{x:10.3f}|{x:<10.2f}|{x:^10.1f}|{x:+.1f}|{-x: .2f}|{x:e}|{x:.3e}|{x:g}|{x:%}|{0.25:.1%}')
print(f'{n:,}|{n:_}|{n:>12,}|{n:012d}|{-n:012,}|{n:x}|{n:X}|{n:o}|{n:b}|{n:#x}|{n:#o}|{255:#b}|{n:e}')
)~",
     R"~(3.14|     3.142|3.14      |   3.1    |+3.1|-3.14|3.141593e+00|3.142e+00|3.14159|314.159265%|25.0%
1,234,567|1_234_567|   1,234,567|000001234567|-001,234,567|12d687|12D687|4553207|100101101011010000111|0x12d687|0o4553207|0b11111111|1.234567e+06
)~"},
    {"format specs strings", 0,
     R"~(s = 'abc'
print(f'[{s:>6}][{s:<6}][{s:^7}][{s:*^9}][{s:.2}][{s:6.1}][{s!r:>8}]')
)~",
     R"~([   abc][abc   ][  abc  ][***abc***][ab][a     ][   'abc']
)~"},
    {"nested format spec", 0,
     R"~(w, p = 10, 3
v = 2.718281828
print(f'[{v:{w}.{p}f}] [{v:>{w}}] [{"x":{"-"}^{w}}]')
)~",
     R"~([     2.718] [2.718281828] [----x-----]
)~"},
    {"self documenting", 0,
     R"~(x = 5
items = [1, 2]
print(f'{x=}', f'{x = }', f'{x*2=}', f'{items=}', f'{x=:>4}', f'{x=!s}', f"{'a'=}")
)~",
     R"~(x=5 x = 5 x*2=10 items=[1, 2] x=   5 x=5 'a'='a'
)~"},
    {"format general g", 0,
     R"~(for v in (0.0001, 0.00001, 123456.0, 1234567.0, 1e16, 0.5, 100.0, 1.0, float('inf'), float('nan'), -0.0):
    print(f'{v:g} {v:.3g} {v:10.4g} {v}')
)~",
     R"~(0.0001 0.0001     0.0001 0.0001
1e-05 1e-05      1e-05 1e-05
123456 1.23e+05  1.235e+05 123456.0
1.23457e+06 1.23e+06  1.235e+06 1234567.0
1e+16 1e+16      1e+16 1e+16
0.5 0.5        0.5 0.5
100 100        100 100.0
1 1          1 1.0
inf inf        inf inf
nan nan        nan nan
-0 -0         -0 -0.0
)~"},
    {"format int with float spec", 0,
     R"~(print(f'{5:.2f} {5:e} {True:d} {True} {7:5} {7:<5}| {-7:>+5} {7:=+5}')
)~",
     R"~(5.00 5.000000e+00 1 True     7 7    |    -7 +   7
)~"},
    {"format function", 0,
     R"~(print(format(3.5, '.3f'), format(10, 'b'), format('x', '>3'), format(1e-7), format(123, ''), format(0.1, '.20f'))
)~",
     R"~(3.500 1010   x 1e-07 123 0.10000000000000000555
)~"},
    {"str.format", 0,
     R"~(print('{} and {}'.format(1, 2), '{1}{0}'.format('a', 'b'), '{x}-{y}'.format(x=1, y=2), '{0:.2f}'.format(1 / 3), '{:>5}|'.format('ab'), '{!r}'.format('s'))
print('{0[1]} {1[k]}'.format([5, 6], {'k': 'v'}), '{:,.2f}'.format(1234567.891), '{{}}'.format())
)~",
     R"~(1 and 2 ba 1-2 0.33    ab| 's'
6 v 1,234,567.89 {}
)~"},
    {"percent formatting", 0,
     R"~(print('%d items' % 5, '%s=%r' % ('k', 'v'), '%.3f' % 3.14159, '%5d|%-5d|' % (3, 4), '%x %o %e' % (255, 8, 1234.5), '%%', '%05.1f' % 2.25, '%s' % [1, 2])
)~",
     R"~(5 items k='v' 3.142     3|4    | ff 10 1.234500e+03 %% 002.2 [1, 2]
)~"},
    {"float format rounding", 0,
     R"~(print(f'{0.125:.2f} {0.375:.2f} {2.5:.0f} {3.5:.0f} {1.005:.2f} {1e22:f} {1/3:.17f}')
)~",
     R"~(0.12 0.38 2 4 1.00 10000000000000000000000.000000 0.33333333333333331
)~"},
    {"format numpy values", 0,
     R"~(import numpy as np
a = np.float32(1.1)
b = np.int64(7)
print(f'{a} {a:.3f} {b} {b:>4} {np.float64(2.5):e} {np.arange(3)}')
)~",
     R"~(1.100000023841858 1.100 7    7 2.500000e+00 [0 1 2]
)~"},
    {"fstring with array", 0,
     R"~(import numpy as np
x = np.linspace(0, 1, 3)
print(f'x = {x}', f'{x!r}', f'{x.sum():.2f}', f'{x.shape}')
)~",
     R"~(x = [0.  0.5 1. ] array([0. , 0.5, 1. ]) 1.50 (3,)
)~"},
    {"bad format spec", 2,
     R"~(print(f'{"abc":d}')
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    print(f'{"abc":d}')
ValueError: Unknown format code 'd' for object of type 'str'
)~"},
    {"bad format spec for int", 2,
     R"~(print(format(5, 's'))
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    print(format(5, 's'))
ValueError: Unknown format code 's' for object of type 'int'
)~"},
    {"fstring multiline expression parts", 0,
     R"~(data = {'a': 1}
print(f"{data['a']} {len(data)} {', '.join(['p', 'q'])} {[i for i in range(3)]}")
)~",
     R"~(1 1 p, q [0, 1, 2]
)~"},
    {"format complex and none", 0,
     R"~(print(f'{1+2j} {None} {None!r} {True!r} {[1, "a"]} {(1,)}')
)~",
     R"~((1+2j) None None True [1, 'a'] (1,)
)~"},
    {"width from variable and sign", 0,
     R"~(for v in (-1.5, 0.0, 2.25):
    print(f'{v:+8.3f}|{v: 8.2f}|{v:<+8.1f}|')
)~",
     R"~(  -1.500|   -1.50|-1.5    |
  +0.000|    0.00|+0.0    |
  +2.250|    2.25|+2.2    |
)~"},
};

TEST_CASE("f-strings, format specs, str.format and % formatting (18 programs)", "[lang]") { check_all(k_fstrings, sizeof(k_fstrings) / sizeof(Case)); }

const Case k_methods[] = {
    {"str methods case", 0,
     R"~(s = 'Hello, World'
print(s.upper(), s.lower(), s.title(), s.swapcase(), s.capitalize(), 'hELLO wORLD'.capitalize(), s.casefold())
)~",
     R"~(HELLO, WORLD hello, world Hello, World hELLO, wORLD Hello, world Hello world hello, world
)~"},
    {"str methods search", 0,
     R"~(s = 'banana'
print(s.find('an'), s.find('an', 2), s.rfind('an'), s.find('x'), s.index('n'), s.rindex('a'), s.count('a'), s.count('an'), s.count(''), s.startswith('ba'), s.endswith(('x', 'na')), s.startswith('an', 1))
)~",
     R"~(1 3 3 -1 2 5 3 2 7 True True True
)~"},
    {"str methods split join", 0,
     R"~(print('a,b,,c'.split(','), 'a b  c '.split(), ' x '.split(' '), 'a-b-c'.split('-', 1), 'a-b-c'.rsplit('-', 1), 'l1\nl2\r\nl3'.splitlines(), '-'.join(['x', 'y', 'z']), ''.join('abc'), 'a.b.c'.partition('.'), 'a.b.c'.rpartition('.'), 'abc'.partition('x'))
)~",
     R"~(['a', 'b', '', 'c'] ['a', 'b', 'c'] ['', 'x', ''] ['a', 'b-c'] ['a-b', 'c'] ['l1', 'l2', 'l3'] x-y-z abc ('a', '.', 'b.c') ('a.b', '.', 'c') ('abc', '', '')
)~"},
    {"str methods strip pad", 0,
     R"~(s = '  padded\t\n'
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()), 'xxaxx'.strip('x'), 'ab'.center(6, '*'), 'ab'.ljust(5, '.'), 'ab'.rjust(5), '42'.zfill(5), '-42'.zfill(6), 'abc'.center(2), 'a'.center(4))
)~",
     R"~('padded' 'padded\t\n' '  padded' a **ab** ab...    ab 00042 -00042 abc  a  
)~"},
    {"str methods replace predicates", 0,
     R"~(print('aaa'.replace('a', 'b'), 'aaa'.replace('a', 'b', 2), 'abc'.replace('', '-'), '123'.isdigit(), 'abc'.isalpha(), 'ab1'.isalnum(), '  '.isspace(), 'Ab'.isupper(), 'ab'.islower(), ''.isdigit(), 'Hello World'.istitle(), 'x_1'.isidentifier(), '1.5'.isdecimal(), '12'.isnumeric())
)~",
     R"~(bbb bba -a-b-c- True True True True False True False True True False True
)~"},
    {"str indexing and misc", 0,
     R"~(s = 'python'
print(s[0], s[-1], s[1:4], s[::-1], s[::2], len(s), s * 2, sorted(s), list(s), s.encode() if False else '', 'a\tb'.expandtabs(4), 'x'.join('123'), str(12).isdigit())
)~",
     R"~(p n yth nohtyp pto 6 pythonpython ['h', 'n', 'o', 'p', 't', 'y'] ['p', 'y', 't', 'h', 'o', 'n']  a   b 1x2x3 True
)~"},
    {"str index out of range", 2,
     R"~('abc'[5]
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    'abc'[5]
IndexError: string index out of range
)~"},
    {"str immutable", 2,
     R"~(s = 'abc'
s[0] = 'x'
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    s[0] = 'x'
TypeError: 'str' object does not support item assignment
)~"},
    {"str index not found", 2,
     R"~('abc'.index('z')
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    'abc'.index('z')
ValueError: substring not found
)~"},
    {"str escapes repr", 0,
     R"~(print(repr('it\'s'), repr("say \"hi\""), repr('both \' and "'), repr('tab\there'), repr('nl\n'), repr('\\'), repr('\x00\x7f'), repr('é中'), 'a\\b', len('\n'), repr('\u00e9'))
)~",
     R"~("it's" 'say "hi"' 'both \' and "' 'tab\there' 'nl\n' '\\' '\x00\x7f' 'é中' a\b 1 'é'
)~"},
    {"list methods", 0,
     R"~(l = [3, 1, 2]
l.append(4); l.extend([5, 6]); l.insert(0, 0); l.insert(-1, 'x'); l.insert(100, 'end')
print(l)
print(l.pop(), l.pop(0), l.pop(-2), l)
l.remove('x') if 'x' in l else None
print(l, l.index(2), l.count(1), l.copy() == l, l.copy() is l)
l.reverse(); print(l)
l.sort(); print(l)
l.sort(reverse=True); print(l)
l.sort(key=lambda v: (v % 2, v)); print(l)
l.clear(); print(l)
)~",
     R"~([0, 3, 1, 2, 4, 5, 'x', 6, 'end']
end 0 x [3, 1, 2, 4, 5, 6]
[3, 1, 2, 4, 5, 6] 2 1 True False
[6, 5, 4, 2, 1, 3]
[1, 2, 3, 4, 5, 6]
[6, 5, 4, 3, 2, 1]
[2, 4, 6, 1, 3, 5]
[]
)~"},
    {"list pop empty", 2,
     R"~([].pop()
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    [].pop()
IndexError: pop from empty list
)~"},
    {"list remove missing", 2,
     R"~([1, 2].remove(3)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    [1, 2].remove(3)
ValueError: list.remove(x): x not in list
)~"},
    {"list index errors", 2,
     R"~(l = [1, 2]
l[5]
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    l[5]
IndexError: list index out of range
)~"},
    {"list assignment index error", 2,
     R"~(l = [1, 2]
l[2] = 0
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    l[2] = 0
IndexError: list assignment index out of range
)~"},
    {"list index with float", 2,
     R"~(l = [1, 2]
l[1.0]
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    l[1.0]
TypeError: list indices must be integers or slices, not float
)~"},
    {"list sort mixed types", 2,
     R"~([3, 'a', 1].sort()
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    [3, 'a', 1].sort()
TypeError: '<' not supported between instances of 'str' and 'int'
)~"},
    {"list equality and nesting", 0,
     R"~(a = [1, [2, 3], (4, 5), {'k': [6]}]
b = [1, [2, 3], (4, 5), {'k': [6]}]
print(a == b, a is b, a[1] is b[1], a[3]['k'][0], len(a), a.index((4, 5)))
print(str(a), repr(a), list('ab') + [None, True, 1.5])
)~",
     R"~(True False False 6 4 2
[1, [2, 3], (4, 5), {'k': [6]}] [1, [2, 3], (4, 5), {'k': [6]}] ['a', 'b', None, True, 1.5]
)~"},
    {"list self reference repr", 0,
     R"~(a = [1, 2]
a.append(a)
print(a)
d = {'k': 1}
d['self'] = d
print(d)
)~",
     R"~([1, 2, [...]]
{'k': 1, 'self': {...}}
)~"},
    {"dict methods", 0,
     R"~(d = {'b': 2, 'a': 1}
d['c'] = 3
print(d, list(d), list(d.keys()), list(d.values()), list(d.items()), d.get('a'), d.get('z'), d.get('z', 0), 'a' in d, len(d))
print(d.pop('b'), d.pop('zz', 'dflt'), d.setdefault('a', 100), d.setdefault('n', []), d)
d.update({'x': 9}, y=8); d.update([('z', 7)])
print(d, d.popitem(), d)
print(dict(a=1, b=2), dict([('k', 'v')]), dict(zip('ab', [1, 2])), {**d, 'new': 1} == d, d.copy() == d)
)~",
     R"~({'b': 2, 'a': 1, 'c': 3} ['b', 'a', 'c'] ['b', 'a', 'c'] [2, 1, 3] [('b', 2), ('a', 1), ('c', 3)] 1 None 0 True 3
2 dflt 1 [] {'a': 1, 'c': 3, 'n': []}
{'a': 1, 'c': 3, 'n': [], 'x': 9, 'y': 8} ('z', 7) {'a': 1, 'c': 3, 'n': [], 'x': 9, 'y': 8}
{'a': 1, 'b': 2} {'k': 'v'} {'a': 1, 'b': 2} False True
)~"},
    {"dict key error", 2,
     R"~(d = {'a': 1}
d['b']
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    d['b']
KeyError: 'b'
)~"},
    {"dict key error int key", 2,
     R"~(d = {}
d[3]
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    d[3]
KeyError: 3
)~"},
    {"dict pop missing", 2,
     R"~({}.pop('k')
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    {}.pop('k')
KeyError: 'k'
)~"},
    {"dict unhashable key", 2,
     R"~(d = {}
d[[1, 2]] = 3
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    d[[1, 2]] = 3
TypeError: unhashable type: 'list'
)~"},
    {"dict order and update keeps position", 0,
     R"~(d = {'x': 1, 'y': 2, 'z': 3}
d['x'] = 10
del d['y']
d['y'] = 20
print(d, {1: 'a', True: 'b', 1.0: 'c'}, {(1, 2): 'tuple key'}, {None: 0})
)~",
     R"~({'x': 10, 'z': 3, 'y': 20} {1: 'c'} {(1, 2): 'tuple key'} {None: 0}
)~"},
    {"dict iteration with items sorted", 0,
     R"~(scores = {'bob': 3, 'amy': 5, 'cid': 1}
for name, s in sorted(scores.items(), key=lambda kv: kv[1], reverse=True):
    print(name, s)
print(max(scores, key=scores.get), min(scores.values()), sum(scores.values()), sorted(scores))
)~",
     R"~(amy 5
bob 3
cid 1
amy 1 9 ['amy', 'bob', 'cid']
)~"},
    {"tuple methods", 0,
     R"~(t = (1, 2, 2, 3)
print(t.count(2), t.index(3), t + (4,), t * 2, t[1:], t[::-1], len(t), (1,), (), tuple('ab'), tuple([1, 2]), 2 in t, min(t), max(t), sum(t))
)~",
     R"~(2 3 (1, 2, 2, 3, 4) (1, 2, 2, 3, 1, 2, 2, 3) (2, 2, 3) (3, 2, 2, 1) 4 (1,) () ('a', 'b') (1, 2) True 1 3 8
)~"},
    {"tuple immutable", 2,
     R"~(t = (1, 2)
t[0] = 5
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    t[0] = 5
TypeError: 'tuple' object does not support item assignment
)~"},
    {"tuple single element repr", 0,
     R"~(print((1,), ((1,),), (None,), ('a',), tuple(), ((), ()), (1, (2, (3,))))
)~",
     R"~((1,) ((1,),) (None,) ('a',) () ((), ()) (1, (2, (3,)))
)~"},
    {"set remove missing", 2,
     R"~(s = {1}
s.remove(5)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    s.remove(5)
KeyError: 5
)~"},
    {"string comparison and ord chr", 0,
     R"~(print(ord('a'), ord('€'), chr(97), chr(8364), chr(0x4e2d), sorted(['b', 'A', 'a', 'B']), max('hello'), min('hello'))
)~",
     R"~(97 8364 a € 中 ['A', 'B', 'a', 'b'] o e
)~"},
    {"str join non string", 2,
     R"~(','.join([1, 2])
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    ','.join([1, 2])
TypeError: sequence item 0: expected str instance, int found
)~"},
    {"attribute error on int", 2,
     R"~((5).foo
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    (5).foo
AttributeError: 'int' object has no attribute 'foo'
)~"},
    {"attribute error on list", 2,
     R"~([].push(1)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    [].push(1)
AttributeError: 'list' object has no attribute 'push'
)~"},
    {"attribute error on str", 2,
     R"~('abc'.foo()
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    'abc'.foo()
AttributeError: 'str' object has no attribute 'foo'
)~"},
    {"attribute error on module", 1,
     R"~(import numpy as np
np.arnge(5)
)~",
     R"~(!AttributeError: module 'numpy' has no attribute 'arnge'. Did you mean: 'arange'?)~"},
};

TEST_CASE("str/list/dict/tuple/set methods (36 programs)", "[lang]") { check_all(k_methods, sizeof(k_methods) / sizeof(Case)); }

const Case k_builtins[] = {
    {"print sep end", 0,
     R"~(print(1, 2, 3, sep='-')
print('a', 'b', sep='', end='|\n')
print()
print('x', end='')
print('y')
print(*[1, 2, 3])
print(*'abc', sep=', ')
print(None, True, 1.0, 'str', [1, 'a'], (1,), {'k': 'v'}, sep=' / ')
print('no newline', end=' END\n')
print(1, 2, sep=None, end=None)
)~",
     R"~(1-2-3
ab|

xy
1 2 3
a, b, c
None / True / 1.0 / str / [1, 'a'] / (1,) / {'k': 'v'}
no newline END
1 2
)~"},
    {"len", 0,
     R"~(print(len('abc'), len([1, 2]), len((1,)), len({}), len({1, 2}), len(range(10)), len(''), len({'a': 1, 'b': 2}))
)~",
     R"~(3 2 1 0 2 10 0 2
)~"},
    {"len of int", 2,
     R"~(len(5)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    len(5)
TypeError: object of type 'int' has no len()
)~"},
    {"len of none", 2,
     R"~(len(None)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    len(None)
TypeError: object of type 'NoneType' has no len()
)~"},
    {"range enumerate zip", 0,
     R"~(print(list(enumerate('ab')), list(enumerate('ab', 1)), list(enumerate('xy', start=10)), list(zip([1, 2, 3], 'ab')), list(zip()), list(zip([1], [2], [3])))
print(dict(enumerate('ab')), [i * c for i, c in enumerate('abc')])
)~",
     R"~([(0, 'a'), (1, 'b')] [(1, 'a'), (2, 'b')] [(10, 'x'), (11, 'y')] [(1, 'a'), (2, 'b')] [] [(1, 2, 3)]
{0: 'a', 1: 'b'} ['', 'b', 'cc']
)~"},
    {"sum min max", 0,
     R"~(print(sum([1, 2, 3]), sum([0.1] * 10), sum([], 5), sum([[1], [2]], []), sum(range(101)), sum([1.5, 2]), sum([True, True, False]))
print(min(3, 1, 2), max([4, 9, 2]), min('b', 'a'), max([1, 5], [1, 6]), min([], default='empty'), max([3, -5], key=abs), min(['aa', 'b'], key=len), max(1, 2.5), min(2, 2.0), max(2.0, 2))
)~",
     R"~(6 0.9999999999999999 5 [1, 2] 5050 3.5 2
1 9 a [1, 6] empty -5 b 2.5 2 2.0
)~"},
    {"min of empty", 2,
     R"~(min([])
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    min([])
ValueError: min() arg is an empty sequence
)~"},
    {"max of nothing", 2,
     R"~(max()
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    max()
TypeError: max expected at least 1 argument, got 0
)~"},
    {"sum of strings", 2,
     R"~(sum(['a', 'b'], '')
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    sum(['a', 'b'], '')
TypeError: sum() can't sum strings [use ''.join(seq) instead]
)~"},
    {"sorted reversed", 0,
     R"~(print(sorted([3, 1, 2]), sorted([3, 1, 2], reverse=True), sorted('cba'), sorted({'b': 1, 'a': 2}), sorted([(2, 'a'), (1, 'b'), (1, 'a')]), sorted(['B', 'a', 'C'], key=str.lower))
print(list(reversed([1, 2, 3])), list(reversed('ab')), list(reversed(range(4))), ''.join(reversed('abc')), list(reversed((1, 2))))
)~",
     R"~([1, 2, 3] [3, 2, 1] ['a', 'b', 'c'] ['a', 'b'] [(1, 'a'), (1, 'b'), (2, 'a')] ['a', 'B', 'C']
[3, 2, 1] ['b', 'a'] [3, 2, 1, 0] cba [2, 1]
)~"},
    {"sorted stable with key", 0,
     R"~(data = [('a', 2), ('b', 1), ('c', 2), ('d', 1)]
print(sorted(data, key=lambda p: p[1]), sorted(data, key=lambda p: p[1], reverse=True))
)~",
     R"~([('b', 1), ('d', 1), ('a', 2), ('c', 2)] [('a', 2), ('c', 2), ('b', 1), ('d', 1)]
)~"},
    {"any all", 0,
     R"~(print(any([]), all([]), any([0, '', None]), any([0, 1]), all([1, 'a', [0]]), all([1, 0]), any('ab'), all(x for x in range(1, 4)))
)~",
     R"~(False True False True True False True True
)~"},
    {"isinstance type", 0,
     R"~(print(isinstance(1, int), isinstance(True, int), isinstance(1.0, int), isinstance(1, (str, float, int)), isinstance('a', str), isinstance([], list), isinstance({}, dict), isinstance(None, type(None)), isinstance((), tuple), isinstance(1.5, float))
print(type(1), type(1.0), type('a'), type([]), type(()), type({}), type(set()), type(None), type(True), type(1j), type(range(1)), type(len), type(int))
print(type(1) is int, type(True) == bool, type(type(1)), int.__name__, type('').__name__)
)~",
     R"~(True True False True True True True True True True
<class 'int'> <class 'float'> <class 'str'> <class 'list'> <class 'tuple'> <class 'dict'> <class 'set'> <class 'NoneType'> <class 'bool'> <class 'complex'> <class 'range'> <class 'builtin_function_or_method'> <class 'type'>
True True <class 'type'> int str
)~"},
    {"int float bool str repr conversions", 0,
     R"~(print(int(), float(), bool(), str(), int('  12  '), int('-0'), float('-inf'), float('NaN'), bool(0), bool([]), bool([0]), bool('False'), str(1.0), str([1, 'a']), repr('a'), str(None), repr(None), str(1e100))
)~",
     R"~(0 0.0 False  12 0 -inf nan False False True True 1.0 [1, 'a'] 'a' None None 1e+100
)~"},
    {"int invalid literal", 2,
     R"~(int('12a')
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    int('12a')
ValueError: invalid literal for int() with base 10: '12a'
)~"},
    {"int from float string", 2,
     R"~(int('1.5')
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    int('1.5')
ValueError: invalid literal for int() with base 10: '1.5'
)~"},
    {"float invalid", 2,
     R"~(float('abc')
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    float('abc')
ValueError: could not convert string to float: 'abc'
)~"},
    {"int of none", 2,
     R"~(int(None)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    int(None)
TypeError: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'
)~"},
    {"list tuple dict set constructors", 0,
     R"~(print(list(), list('ab'), list((1, 2)), list({'a': 1}), list(range(3)), tuple([1]), tuple('xy'), dict([(1, 2), (3, 4)]), list(map(int, '123')))
)~",
     R"~([] ['a', 'b'] [1, 2] ['a'] [0, 1, 2] (1,) ('x', 'y') {1: 2, 3: 4} [1, 2, 3]
)~"},
    {"list of int error", 2,
     R"~(list(5)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    list(5)
TypeError: 'int' object is not iterable
)~"},
    {"hex chr ord divmod id", 0,
     R"~(print(hex(16), hex(0), chr(65), ord('A'), divmod(17, 5), divmod(-17, 5), divmod(17.5, 5), divmod(-1, 3), id(1) == id(1), isinstance(id([]), int))
)~",
     R"~(0x10 0x0 A 65 (3, 2) (-4, 3) (3.0, 2.5) (-1, 2) True True
)~"},
    {"chr out of range", 2,
     R"~(chr(-1)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    chr(-1)
ValueError: chr() arg not in range(0x110000)
)~"},
    {"ord of long string", 2,
     R"~(ord('ab')
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    ord('ab')
TypeError: ord() expected a character, but string of length 2 found
)~"},
    {"abs of string", 2,
     R"~(abs('x')
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    abs('x')
TypeError: bad operand type for abs(): 'str'
)~"},
    {"iter next", 0,
     R"~(it = iter([10, 20, 30])
print(next(it), next(it), list(it), next(it, None))
d_it = iter({'a': 1})
print(next(d_it))
)~",
     R"~(10 20 [30] None
a
)~"},
    {"callable hasattr getattr", 0,
     R"~(import numpy as np
print(callable(print), callable(np.sum), hasattr([], 'append'), hasattr(5, 'nope'), getattr([1], 'count')(1), getattr(5, 'x', 'dflt'))
)~",
     R"~(True True True False 1 dflt
)~"},
    {"round with ndigits negative and float", 0,
     R"~(print(round(3.14159, 2), round(-3.14159, 3), round(1e15 + 0.5), round(0.1 + 0.2, 15), round(12345.6789, -3), round(5, 1), type(round(5.5)), type(round(5.5, 1)))
)~",
     R"~(3.14 -3.142 1000000000000000 0.3 12000.0 5 <class 'int'> <class 'float'>
)~"},
    {"pow builtin", 0,
     R"~(print(pow(2, 3), pow(2.0, 3), pow(2, -2), pow(-2, 0.5) if False else 0, pow(10, 2, 7))
)~",
     R"~(8 8.0 0.25 0 2
)~"},
    {"input free builtins misc", 0,
     R"~(print(max(range(5)), min('zyx'), sorted(set('mississippi')), len(set('mississippi')), list(zip(*[(1, 'a'), (2, 'b')])), [list(p) for p in zip(*[[1, 2], [3, 4]])])
)~",
     R"~(4 x ['i', 'm', 'p', 's'] 4 [(1, 2), ('a', 'b')] [[1, 3], [2, 4]]
)~"},
    {"str of nested containers", 0,
     R"~(print(str({'a': [1, (2, 3)], 'b': {'c': None}}), repr([1.0, -0.0, 1e-10, 'q"', "q'"]), [[]], [()], {(): []})
)~",
     R"~({'a': [1, (2, 3)], 'b': {'c': None}} [1.0, -0.0, 1e-10, 'q"', "q'"] [[]] [()] {(): []}
)~"},
    {"type name error messages", 0,
     R"~(print(type(int('5')).__name__, type([].append).__name__ if False else 'skip')
)~",
     R"~(int skip
)~"},
    {"slice objects", 0,
     R"~(s = slice(1, 5, 2)
print(s, s.start, s.stop, s.step, list(range(10))[s], slice(3), 'abcdef'[slice(None, None, -2)])
)~",
     R"~(slice(1, 5, 2) 1 5 2 [1, 3] slice(None, 3, None) fdb
)~"},
    {"bool arithmetic", 0,
     R"~(print(True + 1, True * 3, -True, ~True, True / 2, True // 1, False ** 0, int(True), str(True), True == 1.0, sum([True] * 5))
)~",
     R"~(2 3 -1 -2 0.5 1 1 1 True True 5
)~"},
    {"id of same object", 0,
     R"~(a = []
b = a
print(id(a) == id(b), id(a) == id([]) and False)
)~",
     R"~(True False
)~"},
};

TEST_CASE("builtins (34 programs)", "[lang]") { check_all(k_builtins, sizeof(k_builtins) / sizeof(Case)); }
