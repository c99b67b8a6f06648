// The evaluator: operators, assignment and unpacking, control flow, functions, comprehensions, slicing.
// Generated from a differential corpus: every expected text below is what
// CPython 3.11 (NumPy 1.24, PyTorch 1.13) printed for the same program. Errors
// end the text with '!' and either the last traceback line (mode 1) or the
// whole traceback with CPython's ^~ position lines dropped (mode 2), file "prog.py".
#include "tests/core/program_cases.hpp"

using program_cases::Case;
using program_cases::check_all;
using program_cases::run_case;

const Case k_operators[] = {
    {"int floor div and mod signs", 0,
     R"~(for a in (7, -7, 0, 1, -1, 13):
    for b in (2, -2, 3, -3, 5):
        print(a, b, a // b, a % b, divmod(a, b))
)~",
     R"~(7 2 3 1 (3, 1)
7 -2 -4 -1 (-4, -1)
7 3 2 1 (2, 1)
7 -3 -3 -2 (-3, -2)
7 5 1 2 (1, 2)
-7 2 -4 1 (-4, 1)
-7 -2 3 -1 (3, -1)
-7 3 -3 2 (-3, 2)
-7 -3 2 -1 (2, -1)
-7 5 -2 3 (-2, 3)
0 2 0 0 (0, 0)
0 -2 0 0 (0, 0)
0 3 0 0 (0, 0)
0 -3 0 0 (0, 0)
0 5 0 0 (0, 0)
1 2 0 1 (0, 1)
1 -2 -1 -1 (-1, -1)
1 3 0 1 (0, 1)
1 -3 -1 -2 (-1, -2)
1 5 0 1 (0, 1)
-1 2 -1 1 (-1, 1)
-1 -2 0 -1 (0, -1)
-1 3 -1 2 (-1, 2)
-1 -3 0 -1 (0, -1)
-1 5 -1 4 (-1, 4)
13 2 6 1 (6, 1)
13 -2 -7 -1 (-7, -1)
13 3 4 1 (4, 1)
13 -3 -5 -2 (-5, -2)
13 5 2 3 (2, 3)
)~"},
    {"float floor div and mod signs", 0,
     R"~(for a in (7.5, -7.5, 0.0, -0.0, 1e-300):
    for b in (2.0, -2.0, 0.5):
        print(a, b, a // b, a % b, divmod(a, b))
)~",
     R"~(7.5 2.0 3.0 1.5 (3.0, 1.5)
7.5 -2.0 -4.0 -0.5 (-4.0, -0.5)
7.5 0.5 15.0 0.0 (15.0, 0.0)
-7.5 2.0 -4.0 0.5 (-4.0, 0.5)
-7.5 -2.0 3.0 -1.5 (3.0, -1.5)
-7.5 0.5 -15.0 0.0 (-15.0, 0.0)
0.0 2.0 0.0 0.0 (0.0, 0.0)
0.0 -2.0 -0.0 -0.0 (-0.0, -0.0)
0.0 0.5 0.0 0.0 (0.0, 0.0)
-0.0 2.0 -0.0 0.0 (-0.0, 0.0)
-0.0 -2.0 0.0 -0.0 (0.0, -0.0)
-0.0 0.5 -0.0 0.0 (-0.0, 0.0)
1e-300 2.0 0.0 1e-300 (0.0, 1e-300)
1e-300 -2.0 -1.0 -2.0 (-1.0, -2.0)
1e-300 0.5 0.0 1e-300 (0.0, 1e-300)
)~"},
    {"mixed int float", 0,
     R"~(print(7 // 2.0, -7 % 2.5, 3 * 1.5, 1 + True, True + True, 2 ** -1, (-8) ** (1/3) if False else 0)
)~",
     R"~(3.0 0.5 4.5 2 2 0.5 0
)~"},
    {"precedence", 0,
     R"~(print(2 + 3 * 4, (2 + 3) * 4, 2 ** 3 ** 2, -2 ** 2, (-2) ** 2, not 1 == 2, 1 + 2 << 3, 1 | 2 ^ 3 & 4)
print(- - 3, ~5, ~-1, +-+4, 10 - 2 - 3, 100 / 10 / 5, 2 * 3 % 4, 7 % 4 * 2)
print(not True or True, not (True or True), 1 < 2 == 2, 3 > 2 > 1, 1 < 3 < 2, 1 if 0 else 2 if 0 else 3)
)~",
     R"~(14 20 512 -4 4 True 24 3
3 -6 0 -4 5 2.0 2 6
True False True True False 3
)~"},
    {"comparison chaining evaluation order", 0,
     R"~(def f(x):
    print('f', x)
    return x
print(f(1) < f(2) < f(0) < f(5))
print(f(3) == f(3) != f(4))
)~",
     R"~(f 1
f 2
f 0
False
f 3
f 3
f 4
True
)~"},
    {"boolean operators return operands", 0,
     R"~(print(0 or 'x', '' or [] or 0, 1 and 2, 0 and 1/0, None or None, [] and 5, 'a' and 'b' or 'c')
)~",
     R"~(x 0 2 0 None [] b
)~"},
    {"bitwise", 0,
     R"~(print(6 & 3, 6 | 3, 6 ^ 3, 1 << 10, 1024 >> 3, -17 >> 2, -1 << 4, ~0, 5 & -2, True & False, True | False, True ^ True)
)~",
     R"~(2 7 5 1024 128 -5 -16 -1 4 False True False
)~"},
    {"power", 0,
     R"~(print(2 ** 10, 2 ** 0, 0 ** 0, (-2) ** 3, 2 ** -2, 2.0 ** 0.5, 4 ** 0.5, (-8) ** 2, 10 ** 18, pow(2, 10), pow(3, 4, 5), pow(2, -1, 7))
)~",
     R"~(1024 1 1 -8 0.25 1.4142135623730951 2.0 64 1000000000000000000 1024 1 4
)~"},
    {"float repr", 0,
     R"~(print(0.1, 0.2, 0.1 + 0.2, 1/3, 2/3, 1e16, 1e15, 123456789012345678.0, 1.5e-7, 0.0001, 0.00001, 1e22, 1e21, 1.0, -0.0, 100.0)
print(repr(1e-5), str(2.5e-10), 3.0e100, 1.7976931348623157e308, 5e-324, float('inf'), float('-inf'), float('nan'))
print(1e300 * 1e10, -1e300 * 1e10, 0.1 * 3, 9007199254740993.0, 2.0 ** 53 + 1, 1.1 * 1.1)
)~",
     R"~(0.1 0.2 0.30000000000000004 0.3333333333333333 0.6666666666666666 1e+16 1000000000000000.0 1.2345678901234568e+17 1.5e-07 0.0001 1e-05 1e+22 1e+21 1.0 -0.0 100.0
1e-05 2.5e-10 3e+100 1.7976931348623157e+308 5e-324 inf -inf nan
inf -inf 0.30000000000000004 9007199254740992.0 9007199254740992.0 1.2100000000000002
)~"},
    {"int repr and big values", 0,
     R"~(print(2 ** 62, 2 ** 62 + (2 ** 62 - 1), -2 ** 62 * 2, 9223372036854775807, -9223372036854775807 - 1, 10 ** 18 * 9)
)~",
     R"~(4611686018427387904 9223372036854775807 -9223372036854775808 9223372036854775807 -9223372036854775808 9000000000000000000
)~"},
    {"true division", 0,
     R"~(print(1 / 2, 4 / 2, -1 / 3, 10 / 4, 1 / 7, 2 ** 0.5, 7 / -7, 0 / 5, 0 / -5)
)~",
     R"~(0.5 2.0 -0.3333333333333333 2.5 0.14285714285714285 1.4142135623730951 -1.0 0.0 -0.0
)~"},
    {"division by zero int", 2,
     R"~(print(1 // 0)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    print(1 // 0)
ZeroDivisionError: integer division or modulo by zero
)~"},
    {"division by zero float", 2,
     R"~(print(1.0 / 0)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    print(1.0 / 0)
ZeroDivisionError: float division by zero
)~"},
    {"modulo by zero", 2,
     R"~(print(5 % 0)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    print(5 % 0)
ZeroDivisionError: integer modulo by zero
)~"},
    {"float mod by zero", 2,
     R"~(print(5.0 % 0.0)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    print(5.0 % 0.0)
ZeroDivisionError: float modulo
)~"},
    {"divmod by zero", 2,
     R"~(print(divmod(3, 0))
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    print(divmod(3, 0))
ZeroDivisionError: integer division or modulo by zero
)~"},
    {"zero to negative power", 2,
     R"~(print(0 ** -1)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    print(0 ** -1)
ZeroDivisionError: 0.0 cannot be raised to a negative power
)~"},
    {"comparison of mixed types", 0,
     R"~(print(1 == 1.0, 1 == True, 0 == False, 'a' < 'b', 'abc' < 'abd', 'Z' < 'a', [1, 2] < [1, 3], (1, 2) < (1, 2, 0), [] == [], () == (), None == None, 1 != 1.0)
)~",
     R"~(True True True True True True True True True True True False
)~"},
    {"comparison unorderable", 2,
     R"~(print(1 < 'a')
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    print(1 < 'a')
TypeError: '<' not supported between instances of 'int' and 'str'
)~"},
    {"comparison list vs int", 2,
     R"~(print([1] < 2)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    print([1] < 2)
TypeError: '<' not supported between instances of 'list' and 'int'
)~"},
    {"is and in", 0,
     R"~(a = [1, 2]
b = a
c = [1, 2]
print(a is b, a is c, a == c, a is not c, 1 in a, 3 not in a, 'b' in 'abc', 'bc' in 'abc', 'x' in {'x': 1}, 2 in (1, 2), 2 in {2, 3})
)~",
     R"~(True False True True True True True True True True True
)~"},
    {"string operators", 0,
     R"~(print('ab' + 'cd', 'ab' * 3, 3 * 'x', 'ab' * 0, 'ab' * -1, [1] * 3, (1, 2) * 2, [0] * 0)
)~",
     R"~(abcd ababab xxx   [1, 1, 1] (1, 2, 1, 2) []
)~"},
    {"string plus int error", 2,
     R"~(print('a' + 1)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    print('a' + 1)
TypeError: can only concatenate str (not "int") to str
)~"},
    {"int plus str error", 2,
     R"~(print(1 + 'a')
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    print(1 + 'a')
TypeError: unsupported operand type(s) for +: 'int' and 'str'
)~"},
    {"list plus tuple error", 2,
     R"~(print([1] + (2,))
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    print([1] + (2,))
TypeError: can only concatenate list (not "tuple") to list
)~"},
    {"unary on str", 2,
     R"~(print(-'a')
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    print(-'a')
TypeError: bad operand type for unary -: 'str'
)~"},
    {"float special comparisons", 0,
     R"~(nan = float('nan')
print(nan == nan, nan != nan, nan < 1, nan > 1, float('inf') > 1e308, -float('inf') < -1e308)
)~",
     R"~(False True False False True True
)~"},
    {"int float conversions", 0,
     R"~(print(int(3.9), int(-3.9), int('42'), int(' -7 '), int('0x1f', 16), int('ff', 16), int('101', 2), int(True), float('1.5'), float(' -2 '), float(3), float('1e3'))
)~",
     R"~(3 -3 42 -7 31 255 5 1 1.5 -2.0 3.0 1000.0
)~"},
    {"round", 0,
     R"~(print(round(2.5), round(3.5), round(-2.5), round(0.5), round(1.5), round(2.675, 2), round(1234, -2), round(1250, -2), round(1.23456, 3), round(-0.5), round(7), round(2.5, 0))
)~",
     R"~(2 4 -2 0 2 2.67 1200 1200 1.235 0 7 2.0
)~"},
    {"abs", 0,
     R"~(print(abs(-3), abs(3.5), abs(-0.0), abs(True), abs(-2 ** 62))
)~",
     R"~(3 3.5 0.0 1 4611686018427387904
)~"},
    {"augmented operators", 0,
     R"~(x = 10
x += 5; print(x)
x -= 3; print(x)
x *= 2; print(x)
x //= 5; print(x)
x %= 3; print(x)
x **= 3; print(x)
x <<= 2; print(x)
x >>= 1; print(x)
x |= 5; print(x)
x &= 6; print(x)
x ^= 3; print(x)
x /= 2; print(x)
)~",
     R"~(15
12
24
4
1
1
4
2
7
6
5
2.5
)~"},
    {"augmented on lists is in place", 0,
     R"~(a = [1, 2]
b = a
a += [3]
print(a, b, a is b)
t = (1, 2)
u = t
t += (3,)
print(t, u, t is u)
s = 'ab'
s *= 2
print(s)
)~",
     R"~([1, 2, 3] [1, 2, 3] True
(1, 2, 3) (1, 2) False
abab
)~"},
    {"hex oct bin", 0,
     R"~(print(hex(255), hex(-255), hex(0), oct(8), bin(5), bin(-5), 0x1F, 0o17, 0b101, 1_000_000, 0xdead_beef)
)~",
     R"~(0xff -0xff 0x0 0o10 0b101 -0b101 31 15 5 1000000 3735928559
)~"},
    {"float literals", 0,
     R"~(print(1_000.5, .5, 5., 1e3, 1E-3, 0e0, 1.5j, 2j * 2j, (1+2j) * (3-1j), abs(3+4j), complex(1, 2))
)~",
     R"~(1000.5 0.5 5.0 1000.0 0.001 0.0 1.5j (-4+0j) (5+5j) 5.0 (1+2j)
)~"},
    {"complex repr", 0,
     R"~(print(1j, -1j, 1+0j, 0j, -0j, (1.5-2j), 1e20j, (1+1j) / 2)
)~",
     R"~(1j (-0-1j) (1+0j) 0j (-0-0j) (1.5-2j) 1e+20j (0.5+0.5j)
)~"},
    {"walrus", 0,
     R"~(if (n := 5) > 3:
    print(n)
print([y for x in range(4) if (y := x * 2) > 2], y)
)~",
     R"~(5
[4, 6] 6
)~"},
};

TEST_CASE("operators, precedence, int/float division signs, float repr (36 programs)", "[lang]") { check_all(k_operators, sizeof(k_operators) / sizeof(Case)); }

const Case k_assignment[] = {
    {"tuple unpacking", 0,
     R"~(a, b = 1, 2
a, b = b, a
print(a, b)
(c, d), e = [3, 4], 5
print(c, d, e)
[f, g] = 'xy'
print(f, g)
)~",
     R"~(2 1
3 4 5
x y
)~"},
    {"starred unpacking", 0,
     R"~(a, *b = 1, 2, 3
print(a, b)
*a, b = 1, 2, 3
print(a, b)
a, *b, c = range(5)
print(a, b, c)
a, *b, c = 1, 2
print(a, b, c)
*a, = 'abc'
print(a)
first, *_, last = 'hello'
print(first, _, last)
)~",
     R"~(1 [2, 3]
[1, 2] 3
0 [1, 2, 3] 4
1 [] 2
['a', 'b', 'c']
h ['e', 'l', 'l'] o
)~"},
    {"unpack too many", 2,
     R"~(a, b = 1, 2, 3
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    a, b = 1, 2, 3
ValueError: too many values to unpack (expected 2)
)~"},
    {"unpack too few", 2,
     R"~(a, b, c = 1, 2
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    a, b, c = 1, 2
ValueError: not enough values to unpack (expected 3, got 2)
)~"},
    {"unpack starred too few", 2,
     R"~(a, b, *c, d = 1, 2
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    a, b, *c, d = 1, 2
ValueError: not enough values to unpack (expected at least 3, got 2)
)~"},
    {"unpack non iterable", 2,
     R"~(a, b = 5
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    a, b = 5
TypeError: cannot unpack non-iterable int object
)~"},
    {"chained assignment", 0,
     R"~(a = b = c = []
a.append(1)
print(a, b, c, a is c)
x = y = 5
x += 1
print(x, y)
)~",
     R"~([1] [1] [1] True
6 5
)~"},
    {"subscript assignment", 0,
     R"~(d = {}
d['a'] = 1
d['b'] = d['a'] + 1
l = [0] * 4
l[1] = 'x'
l[-1] = 'z'
print(d, l)
)~",
     R"~({'a': 1, 'b': 2} [0, 'x', 0, 'z']
)~"},
    {"slice assignment", 0,
     R"~(l = list(range(8))
l[2:4] = ['a', 'b', 'c']
print(l)
l[::2] = [0] * 5
print(l)
l[1:3] = []
print(l)
del l[::3]
print(l)
l[:] = 'xy'
print(l)
)~",
     R"~([0, 1, 'a', 'b', 'c', 4, 5, 6, 7]
[0, 1, 0, 'b', 0, 4, 0, 6, 0]
[0, 'b', 0, 4, 0, 6, 0]
['b', 0, 0, 6]
['x', 'y']
)~"},
    {"extended slice assignment wrong size", 2,
     R"~(l = list(range(6))
l[::2] = [1, 2]
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    l[::2] = [1, 2]
ValueError: attempt to assign sequence of size 2 to extended slice of size 3
)~"},
    {"augmented assignment to subscripts", 0,
     R"~(d = {'a': 1}
d['a'] += 10
l = [[1, 2], [3, 4]]
l[1][0] *= 5
l[-1] += [9]
print(d, l)
)~",
     R"~({'a': 11} [[1, 2], [15, 4, 9]]
)~"},
    {"augmented subscript evaluates index once", 0,
     R"~(def k():
    print('k called')
    return 0
l = [5]
l[k()] += 1
print(l)
)~",
     R"~(k called
[6]
)~"},
    {"del statements", 0,
     R"~(a = 1
b = [1, 2, 3, 4]
d = {'x': 1, 'y': 2}
del a
del b[0], d['x']
del b[-1]
print(b, d)
print('a' in globals() if False else 'ok')
)~",
     R"~([2, 3] {'y': 2}
ok
)~"},
    {"del name then use", 2,
     R"~(x = 1
del x
print(x)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 3, in <module>
    print(x)
NameError: name 'x' is not defined
)~"},
    {"del missing key", 2,
     R"~(d = {}
del d['k']
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    del d['k']
KeyError: 'k'
)~"},
    {"del list index out of range", 2,
     R"~(l = [1]
del l[3]
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    del l[3]
IndexError: list assignment index out of range
)~"},
    {"global and swap via list", 0,
     R"~(v = [1, 2, 3]
v[0], v[2] = v[2], v[0]
print(v)
i = 0
l = [10, 20]
i, l[i] = 1, 99
print(i, l)
)~",
     R"~([3, 2, 1]
1 [10, 99]
)~"},
    {"assignment order of targets", 0,
     R"~(l = [0, 0, 0]
i = 0
i = l[i] = 2
print(i, l)
)~",
     R"~(2 [0, 0, 2]
)~"},
    {"augmented assignment failing leaves value", 0,
     R"~(x = 5
try:
    x += 'a'
except TypeError as e:
    print(e)
print(x)
)~",
     R"~(unsupported operand type(s) for +=: 'int' and 'str'
5
)~"},
    {"atomicity tuple rhs fails", 0,
     R"~(a, b = 1, 2
try:
    a, b = b, 1/0
except ZeroDivisionError:
    pass
print(a, b)
)~",
     R"~(1 2
)~"},
    {"atomicity call raises", 0,
     R"~(def f():
    raise ValueError('nope')
x = 'before'
try:
    x = f()
except ValueError as e:
    print('caught', e)
print(x)
)~",
     R"~(caught nope
before
)~"},
    {"atomicity augmented subscript", 0,
     R"~(d = {'n': 1}
try:
    d['n'] += None
except TypeError as e:
    print(e)
print(d)
)~",
     R"~(unsupported operand type(s) for +=: 'int' and 'NoneType'
{'n': 1}
)~"},
    {"atomicity unpack mismatch", 0,
     R"~(a, b = 1, 2
try:
    a, b = [7, 8, 9]
except ValueError as e:
    print(e)
print(a, b)
)~",
     R"~(too many values to unpack (expected 2)
1 2
)~"},
    {"atomicity list comprehension fails", 0,
     R"~(xs = [1, 2]
try:
    xs = [1 / (n - 2) for n in range(4)]
except ZeroDivisionError as e:
    print(e)
print(xs)
)~",
     R"~(division by zero
[1, 2]
)~"},
    {"atomicity numpy reshape fails", 0,
     R"~(import numpy as np
a = np.arange(6)
try:
    a = a.reshape(4, 4)
except ValueError as e:
    print(e)
print(a)
)~",
     R"~(cannot reshape array of size 6 into shape (4,4)
[0 1 2 3 4 5]
)~"},
    {"atomicity chained assignment", 0,
     R"~(a = b = 0
try:
    a = b = int('x')
except ValueError as e:
    print(e)
print(a, b)
)~",
     R"~(invalid literal for int() with base 10: 'x'
0 0
)~"},
    {"atomicity for loop partial", 0,
     R"~(total = 0
try:
    for v in [1, 2, 'x', 4]:
        total += v
except TypeError as e:
    print(e)
print(total, v)
)~",
     R"~(unsupported operand type(s) for +=: 'int' and 'str'
3 x
)~"},
    {"annotated assignment", 0,
     R"~(x: int = 5
y: list = []
print(x, y)
)~",
     R"~(5 []
)~"},
};

TEST_CASE("assignment, unpacking, augmented assignment, del, statement atomicity (28 programs)", "[lang]") { check_all(k_assignment, sizeof(k_assignment) / sizeof(Case)); }

const Case k_control[] = {
    {"if elif else", 0,
     R"~(for x in (-1, 0, 1, 5):
    if x < 0:
        print('neg')
    elif x == 0:
        print('zero')
    elif x < 3:
        print('small')
    else:
        print('big')
)~",
     R"~(neg
zero
small
big
)~"},
    {"while else break continue", 0,
     R"~(i = 0
while i < 10:
    i += 1
    if i % 2:
        continue
    if i > 6:
        break
    print(i)
else:
    print('no break')
print('i', i)
n = 0
while n < 3:
    n += 1
else:
    print('while else', n)
)~",
     R"~(2
4
6
i 8
while else 3
)~"},
    {"for else", 0,
     R"~(for x in range(3):
    pass
else:
    print('for else', x)
for x in range(5):
    if x == 2:
        break
else:
    print('unreached')
print(x)
)~",
     R"~(for else 2
2
)~"},
    {"nested loops break", 0,
     R"~(for i in range(3):
    for j in range(3):
        if j == i:
            break
        print(i, j)
    else:
        print('inner done', i)
)~",
     R"~(1 0
2 0
2 1
)~"},
    {"for over dict str tuple set", 0,
     R"~(for k in {'a': 1, 'b': 2}:
    print(k)
for ch in 'hi':
    print(ch)
for a, b in [(1, 2), (3, 4)]:
    print(a + b)
for i, (a, b) in enumerate(zip('xy', [5, 6])):
    print(i, a, b)
)~",
     R"~(a
b
h
i
3
7
0 x 5
1 y 6
)~"},
    {"loop variable leaks", 0,
     R"~(for q in range(4):
    pass
print(q)
for q in []:
    pass
print(q)
)~",
     R"~(3
3
)~"},
    {"pass and empty bodies", 0,
     R"~(def f():
    pass
if True:
    pass
print(f())
)~",
     R"~(None
)~"},
    {"range variants", 0,
     R"~(print(list(range(5)), list(range(2, 8, 2)), list(range(10, 0, -3)), list(range(0)), list(range(5, 2)), range(3), range(1, 5, 2), len(range(0, 100, 7)), range(10)[2:5], range(10)[-1], 5 in range(10))
)~",
     R"~([0, 1, 2, 3, 4] [2, 4, 6] [10, 7, 4, 1] [] [] range(0, 3) range(1, 5, 2) 15 range(2, 5) 9 True
)~"},
    {"range step zero", 2,
     R"~(range(1, 5, 0)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    range(1, 5, 0)
ValueError: range() arg 3 must not be zero
)~"},
    {"while true with return", 0,
     R"~(def find(xs, t):
    i = 0
    while True:
        if xs[i] == t:
            return i
        i += 1
print(find([4, 5, 6], 6))
)~",
     R"~(2
)~"},
    {"continue in try finally", 0,
     R"~(for i in range(3):
    try:
        if i == 1:
            continue
        print('body', i)
    finally:
        print('finally', i)
)~",
     R"~(body 0
finally 0
finally 1
body 2
finally 2
)~"},
    {"break in try finally", 0,
     R"~(for i in range(3):
    try:
        break
    finally:
        print('fin')
print(i)
)~",
     R"~(fin
0
)~"},
    {"return in finally overrides", 0,
     R"~(def f():
    try:
        return 1
    finally:
        print('cleanup')
print(f())
)~",
     R"~(cleanup
1
)~"},
    {"conditional expression", 0,
     R"~(x = 5
print('big' if x > 3 else 'small', [i if i % 2 else -i for i in range(5)])
)~",
     R"~(big [0, 1, -2, 3, -4]
)~"},
    {"match absence ok", 0,
     R"~(x = [1, 2, 3]
if x:
    print('non-empty')
if not []:
    print('empty')
if {} or () or '' or 0 or 0.0 or None:
    print('never')
else:
    print('all falsy')
)~",
     R"~(non-empty
empty
all falsy
)~"},
};

TEST_CASE("if/while/for with else, break, continue, finally (15 programs)", "[lang]") { check_all(k_control, sizeof(k_control) / sizeof(Case)); }

const Case k_functions[] = {
    {"defaults and keywords", 0,
     R"~(def f(a, b=2, c=3):
    return a, b, c
print(f(1), f(1, 5), f(1, c=9), f(c=0, b=1, a=2))
)~",
     R"~((1, 2, 3) (1, 5, 3) (1, 2, 9) (2, 1, 0)
)~"},
    {"mutable default shared", 0,
     R"~(def app(x, acc=[]):
    acc.append(x)
    return acc
print(app(1), app(2))
)~",
     R"~([1, 2] [1, 2]
)~"},
    {"args kwargs", 0,
     R"~(def g(*args, **kwargs):
    return args, kwargs
print(g(), g(1, 2), g(a=1), g(1, b=2, c=3))
print(g(*[1, 2], *(3,), **{'x': 1}, **{'y': 2}))
)~",
     R"~(((), {}) ((1, 2), {}) ((), {'a': 1}) ((1,), {'b': 2, 'c': 3})
((1, 2, 3), {'x': 1, 'y': 2})
)~"},
    {"keyword only", 0,
     R"~(def h(a, *, key=None, other):
    return a, key, other
print(h(1, other=2), h(1, key='k', other=3))
def h2(a, *rest, flag=False):
    return a, rest, flag
print(h2(1, 2, 3, flag=True))
)~",
     R"~((1, None, 2) (1, 'k', 3)
(1, (2, 3), True)
)~"},
    {"keyword only missing", 2,
     R"~(def h(a, *, k):
    return a
h(1)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 3, in <module>
    h(1)
TypeError: h() missing 1 required keyword-only argument: 'k'
)~"},
    {"missing positional", 2,
     R"~(def f(a, b):
    return a + b
f(1)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 3, in <module>
    f(1)
TypeError: f() missing 1 required positional argument: 'b'
)~"},
    {"missing two positional", 2,
     R"~(def f(a, b, c):
    return a
f()
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 3, in <module>
    f()
TypeError: f() missing 3 required positional arguments: 'a', 'b', and 'c'
)~"},
    {"too many positional", 2,
     R"~(def f(a, b=1):
    return a
f(1, 2, 3)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 3, in <module>
    f(1, 2, 3)
TypeError: f() takes from 1 to 2 positional arguments but 3 were given
)~"},
    {"unexpected keyword", 2,
     R"~(def f(a):
    return a
f(a=1, b=2)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 3, in <module>
    f(a=1, b=2)
TypeError: f() got an unexpected keyword argument 'b'
)~"},
    {"multiple values for argument", 2,
     R"~(def f(a, b):
    return a
f(1, a=2)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 3, in <module>
    f(1, a=2)
TypeError: f() got multiple values for argument 'a'
)~"},
    {"closures", 0,
     R"~(def make_adders():
    return [lambda x, n=n: x + n for n in range(3)]
print([f(10) for f in make_adders()])
def late():
    return [lambda x: x + n for n in range(3)]
print([f(10) for f in late()])
)~",
     R"~([10, 11, 12]
[12, 12, 12]
)~"},
    {"nonlocal counter", 0,
     R"~(def counter():
    c = 0
    def inc(step=1):
        nonlocal c
        c += step
        return c
    return inc
a = counter()
b = counter()
a(); a(5)
print(a(), b())
)~",
     R"~(7 1
)~"},
    {"global statement", 0,
     R"~(total = 0
def add(n):
    global total
    total += n
add(3); add(4)
print(total)
)~",
     R"~(7
)~"},
    {"global declared inside creates", 0,
     R"~(def mk():
    global newvar
    newvar = 'made'
mk()
print(newvar)
)~",
     R"~(made
)~"},
    {"unbound local error", 2,
     R"~(x = 1
def f():
    print(x)
    x = 2
f()
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 5, in <module>
    f()
  File "prog.py", line 3, in f
    print(x)
UnboundLocalError: cannot access local variable 'x' where it is not associated with a value
)~"},
    {"lambda", 0,
     R"~(sq = lambda x: x * x
add = lambda a, b=10: a + b
print(sq(5), add(1), add(1, 2), (lambda: 'no args')(), (lambda *a, **k: (a, k))(1, z=2))
print(sorted(['bb', 'a', 'ccc'], key=lambda s: -len(s)))
)~",
     R"~(25 11 3 no args ((1,), {'z': 2})
['ccc', 'bb', 'a']
)~"},
    {"recursion", 0,
     R"~(def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fact(20), [fib(i) for i in range(15)])
)~",
     R"~(2432902008176640000 [0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377]
)~"},
    {"docstring and name", 0,
     R"~(def documented(x):
    """Return x doubled."""
    return 2 * x
print(documented.__doc__, documented.__name__, documented(4))
)~",
     R"~(Return x doubled. documented 8
)~"},
    {"function repr type", 0,
     R"~(def f(): pass
print(type(f), callable(f), callable(3), f.__name__)
)~",
     R"~(<class 'function'> True False f
)~"},
    {"return none implicit", 0,
     R"~(def f():
    x = 1
def g():
    return
print(f(), g())
)~",
     R"~(None None
)~"},
    {"return multiple", 0,
     R"~(def mm(xs):
    return min(xs), max(xs)
lo, hi = mm([3, 1, 4, 1, 5])
print(lo, hi, mm([2]))
)~",
     R"~(1 5 (2, 2)
)~"},
    {"nested functions and scopes", 0,
     R"~(def outer():
    x = 'outer'
    def inner():
        return x
    x = 'changed'
    return inner()
print(outer())
)~",
     R"~(changed
)~"},
    {"closure over loop variable in nested def", 0,
     R"~(def f():
    fs = []
    for i in range(3):
        def g(i=i):
            return i * i
        fs.append(g)
    return [h() for h in fs]
print(f())
)~",
     R"~([0, 1, 4]
)~"},
    {"call non callable", 2,
     R"~(x = 5
x()
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    x()
TypeError: 'int' object is not callable
)~"},
    {"call with star non iterable", 2,
     R"~(def f(*a): return a
f(*5)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    f(*5)
TypeError: __main__.f() argument after * must be an iterable, not int
)~"},
    {"kwargs unpack non mapping", 2,
     R"~(def f(**k): return k
f(**[1])
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    f(**[1])
TypeError: __main__.f() argument after ** must be a mapping, not list
)~"},
    {"default evaluated once", 0,
     R"~(import numpy as np
def f(a=np.zeros(2)):
    a += 1
    return a
print(f(), f())
)~",
     R"~([2. 2.] [2. 2.]
)~"},
    {"higher order", 0,
     R"~(def compose(f, g):
    return lambda x: f(g(x))
inc = lambda x: x + 1
dbl = lambda x: x * 2
print(compose(inc, dbl)(5), compose(dbl, inc)(5), list(map(inc, [1, 2])), list(filter(lambda v: v % 2, range(6))))
)~",
     R"~(11 12 [2, 3] [1, 3, 5]
)~"},
    {"map filter multiple", 0,
     R"~(print(list(map(lambda a, b: a * b, [1, 2, 3], [4, 5, 6])), list(map(str, range(3))), list(filter(None, [0, 1, '', 'a', None])))
)~",
     R"~([4, 10, 18] ['0', '1', '2'] [1, 'a']
)~"},
};

TEST_CASE("functions: defaults, *args, **kwargs, keyword-only, closures, nonlocal, global, lambda (29 programs)", "[lang]") { check_all(k_functions, sizeof(k_functions) / sizeof(Case)); }

const Case k_comprehensions[] = {
    {"list comprehension basic", 0,
     R"~(print([x * 2 for x in range(5)], [x for x in 'abc'], [c.upper() for c in 'hey' if c != 'e'])
)~",
     R"~([0, 2, 4, 6, 8] ['a', 'b', 'c'] ['H', 'Y']
)~"},
    {"nested comprehension", 0,
     R"~(print([(i, j) for i in range(3) for j in range(i)], [[i * j for j in range(3)] for i in range(3)])
print([x for row in [[1, 2], [3], []] for x in row if x != 2])
)~",
     R"~([(1, 0), (2, 0), (2, 1)] [[0, 0, 0], [0, 1, 2], [0, 2, 4]]
[1, 3]
)~"},
    {"dict comprehension", 0,
     R"~(print({k: v * 2 for k, v in {'a': 1, 'b': 2}.items()}, {i: i ** 2 for i in range(4) if i}, {c: i for i, c in enumerate('abca')})
)~",
     R"~({'a': 2, 'b': 4} {1: 1, 2: 4, 3: 9} {'a': 3, 'b': 1, 'c': 2}
)~"},
    {"set comprehension", 0,
     R"~(print({x % 3 for x in range(10)}, {len(w) for w in ['a', 'bb', 'cc']}, sorted({-x for x in range(4)}))
)~",
     R"~({0, 1, 2} {1, 2} [-3, -2, -1, 0]
)~"},
    {"generator expression", 0,
     R"~(g = (x * x for x in range(4))
print(sum(g), sum(x for x in range(10) if x % 3 == 0), max(len(s) for s in ['a', 'abc']), list(x for x in 'ab'))
print(any(x > 3 for x in [1, 5]), all(x > 0 for x in []), min((x for x in [3, 1, 2]), default=None))
)~",
     R"~(14 18 3 ['a', 'b']
True True 1
)~"},
    {"generator consumed once", 0,
     R"~(g = (i for i in range(3))
print(list(g), list(g))
)~",
     R"~([0, 1, 2] []
)~"},
    {"comprehension scoping", 0,
     R"~(x = 'outer'
r = [x for x in range(3)]
print(x, r)
y = 10
print([y * i for i in range(3)])
)~",
     R"~(outer [0, 1, 2]
[0, 10, 20]
)~"},
    {"comprehension in function sees locals", 0,
     R"~(def f(n):
    k = 3
    return [k * i for i in range(n)], {i: k for i in range(2)}
print(f(3))
)~",
     R"~(([0, 3, 6], {0: 3, 1: 3})
)~"},
    {"comprehension iterable evaluated in enclosing scope", 0,
     R"~(def f():
    xs = [1, 2, 3]
    return [x + len(xs) for x in xs]
print(f())
)~",
     R"~([4, 5, 6]
)~"},
    {"comprehension variable not leaked", 2,
     R"~([zz for zz in range(3)]
print(zz)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    print(zz)
NameError: name 'zz' is not defined
)~"},
    {"nested comprehension references outer loop var", 0,
     R"~(print([[row * 10 + c for c in range(row)] for row in range(4)])
)~",
     R"~([[], [10], [20, 21], [30, 31, 32]]
)~"},
    {"comprehension with multiple conditions", 0,
     R"~(print([x for x in range(30) if x % 2 if x % 3 == 0], [(a, b) for a in range(3) if a for b in range(3) if b > a])
)~",
     R"~([3, 9, 15, 21, 27] [(1, 2)]
)~"},
    {"conditional expression in comprehension", 0,
     R"~(print(['even' if n % 2 == 0 else 'odd' for n in range(4)])
)~",
     R"~(['even', 'odd', 'even', 'odd']
)~"},
    {"dict comprehension duplicate keys", 0,
     R"~(print({x % 2: x for x in range(5)})
)~",
     R"~({0: 4, 1: 3}
)~"},
    {"generator passed as sole argument", 0,
     R"~(print(sorted(x % 5 for x in range(12)), tuple(i for i in range(3)), set(c for c in 'aab') == {'a', 'b'})
)~",
     R"~([0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 4] (0, 1, 2) True
)~"},
    {"comprehension error inside", 2,
     R"~(print([1 / x for x in [1, 0]])
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    print([1 / x for x in [1, 0]])
  File "prog.py", line 1, in <listcomp>
    print([1 / x for x in [1, 0]])
ZeroDivisionError: division by zero
)~"},
    {"unpacking in comprehension", 0,
     R"~(pairs = [(1, 'a'), (2, 'b')]
print([n for n, _ in pairs], {s: n for n, s in pairs}, [a + b for a, (b, c) in [(1, (2, 3))]])
)~",
     R"~([1, 2] {'a': 1, 'b': 2} [3]
)~"},
};

TEST_CASE("comprehensions and generator expressions, scoping (17 programs)", "[lang]") { check_all(k_comprehensions, sizeof(k_comprehensions) / sizeof(Case)); }

const Case k_slicing[] = {
    {"str slices", 0,
     R"~(s = 'abcdefgh'
print(s[2:5], s[:3], s[5:], s[-3:], s[:-3], s[::2], s[1::3], s[::-1], s[::-2], s[6:2:-1], s[-1:-4:-1], s[10:], s[-100:2], s[5:2], s[2:2])
)~",
     R"~(cde abc fgh fgh abcde aceg beh hgfedcba hfdb gfed hgf  ab  
)~"},
    {"list slices negative steps", 0,
     R"~(l = list(range(10))
print(l[::-1], l[8:2:-2], l[-2::-3], l[:-11:-1], l[3::-1], l[:3:-1], l[-1:0:-1], l[0:-1:-1], l[100::-1], l[::-100])
)~",
     R"~([9, 8, 7, 6, 5, 4, 3, 2, 1, 0] [8, 6, 4] [8, 5, 2] [9, 8, 7, 6, 5, 4, 3, 2, 1, 0] [3, 2, 1, 0] [9, 8, 7, 6, 5, 4] [9, 8, 7, 6, 5, 4, 3, 2, 1] [] [9, 8, 7, 6, 5, 4, 3, 2, 1, 0] [9]
)~"},
    {"tuple slices", 0,
     R"~(t = tuple(range(6))
print(t[1:4], t[::-1], t[::3], t[-2:], t[:0], type(t[1:2]))
)~",
     R"~((1, 2, 3) (5, 4, 3, 2, 1, 0) (0, 3) (4, 5) () <class 'tuple'>
)~"},
    {"slice with None parts", 0,
     R"~(l = [1, 2, 3, 4]
print(l[None:2], l[1:None], l[None:None:-1], l[slice(None, None, 2)])
)~",
     R"~([1, 2] [2, 3, 4] [4, 3, 2, 1] [1, 3]
)~"},
    {"slice step zero", 2,
     R"~([1, 2, 3][::0]
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    [1, 2, 3][::0]
ValueError: slice step cannot be zero
)~"},
    {"slice with float index", 2,
     R"~([1, 2, 3][1.5:]
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    [1, 2, 3][1.5:]
TypeError: slice indices must be integers or None or have an __index__ method
)~"},
    {"str index negative", 2,
     R"~(s = 'xyz'
print(s[-1], s[-3], s[0])
print(s[-4])
)~",
     R"~(z x x
!Traceback (most recent call last):
  File "prog.py", line 3, in <module>
    print(s[-4])
IndexError: string index out of range
)~"},
    {"slice copy is new list", 0,
     R"~(a = [1, 2, 3]
b = a[:]
b[0] = 99
print(a, b, a[:] == a, a[:] is a)
)~",
     R"~([1, 2, 3] [99, 2, 3] True False
)~"},
    {"slice assignment to str error", 2,
     R"~(s = 'abc'
s[0:1] = 'x'
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    s[0:1] = 'x'
TypeError: 'str' object does not support item assignment
)~"},
    {"range slicing", 0,
     R"~(r = range(0, 20, 3)
print(r[2:5], r[::-1], r[-2], list(r[1::2]), r[::-2])
)~",
     R"~(range(6, 15, 3) range(18, -3, -3) 15 [3, 9, 15] range(18, -3, -6)
)~"},
    {"nested index", 0,
     R"~(m = [[1, 2, 3], [4, 5, 6]]
print(m[1][2], m[-1][-1], [row[1] for row in m], m[0][::-1], m[::-1][0])
)~",
     R"~(6 6 [2, 5] [3, 2, 1] [4, 5, 6]
)~"},
};

TEST_CASE("slicing of str/list/tuple/range incl. negative steps (11 programs)", "[lang]") { check_all(k_slicing, sizeof(k_slicing) / sizeof(Case)); }
