// SyntaxError / IndentationError positions and messages, runtime tracebacks.
// Generated from a differential corpus: every expected text below is what
// CPython 3.11 (NumPy 1.24, PyTorch 1.13) printed for the same program. Errors
// end the text with '!' and either the last traceback line (mode 1) or the
// whole traceback with CPython's ^~ position lines dropped (mode 2), file "prog.py".
#include "tests/core/program_cases.hpp"

using program_cases::Case;
using program_cases::check_all;
using program_cases::run_case;

const Case k_syntax[] = {
    {"paren never closed", 2,
     R"~(print(1
x = 2
)~",
     R"~(!  File "prog.py", line 1
    print(1
         ^
SyntaxError: '(' was never closed
)~"},
    {"bracket never closed at eof", 2,
     R"~(a = [1, 2,
)~",
     R"~(!  File "prog.py", line 1
    a = [1, 2,
        ^
SyntaxError: '[' was never closed
)~"},
    {"brace never closed", 2,
     R"~(d = {'a': 1
)~",
     R"~(!  File "prog.py", line 1
    d = {'a': 1
        ^
SyntaxError: '{' was never closed
)~"},
    {"missing colon if", 2,
     R"~(if True
    pass
)~",
     R"~(!  File "prog.py", line 1
    if True
           ^
SyntaxError: expected ':'
)~"},
    {"missing colon def", 2,
     R"~(def f()
    return 1
)~",
     R"~(!  File "prog.py", line 1
    def f()
           ^
SyntaxError: expected ':'
)~"},
    {"missing colon for", 2,
     R"~(for i in range(3)
    print(i)
)~",
     R"~(!  File "prog.py", line 1
    for i in range(3)
                     ^
SyntaxError: expected ':'
)~"},
    {"missing colon while", 2,
     R"~(while x
    pass
)~",
     R"~(!  File "prog.py", line 1
    while x
           ^
SyntaxError: expected ':'
)~"},
    {"missing colon else", 2,
     R"~(if x:
    pass
else
    pass
)~",
     R"~(!  File "prog.py", line 3
    else
        ^
SyntaxError: expected ':'
)~"},
    {"unindent mismatch", 2,
     R"~(if True:
        x = 1
    y = 2
)~",
     R"~(!  File "prog.py", line 3
    y = 2
         ^
IndentationError: unindent does not match any outer indentation level
)~"},
    {"unexpected indent", 2,
     R"~(x = 1
    y = 2
)~",
     R"~(!  File "prog.py", line 2
    y = 2
IndentationError: unexpected indent
)~"},
    {"expected indented block", 2,
     R"~(if True:
x = 1
)~",
     R"~(!  File "prog.py", line 2
    x = 1
    ^
IndentationError: expected an indented block after 'if' statement on line 1
)~"},
    {"expected indented block def", 2,
     R"~(def f():
return 1
)~",
     R"~(!  File "prog.py", line 2
    return 1
    ^
IndentationError: expected an indented block after function definition on line 1
)~"},
    {"expected indented block for at eof", 2,
     R"~(for i in range(3):
)~",
     R"~(!  File "prog.py", line 1
    for i in range(3):
IndentationError: expected an indented block after 'for' statement on line 1
)~"},
    {"invalid syntax generic", 2,
     R"~(x = = 1
)~",
     R"~(!  File "prog.py", line 1
    x = = 1
        ^
SyntaxError: invalid syntax
)~"},
    {"perhaps forgot a comma", 2,
     R"~(print(1 2)
)~",
     R"~(!  File "prog.py", line 1
    print(1 2)
          ^^^
SyntaxError: invalid syntax. Perhaps you forgot a comma?
)~"},
    {"perhaps forgot a comma list", 2,
     R"~(x = [1, 2 3]
)~",
     R"~(!  File "prog.py", line 1
    x = [1, 2 3]
            ^^^
SyntaxError: invalid syntax. Perhaps you forgot a comma?
)~"},
    {"perhaps forgot comma names", 2,
     R"~(print(a b)
)~",
     R"~(!  File "prog.py", line 1
    print(a b)
          ^^^
SyntaxError: invalid syntax. Perhaps you forgot a comma?
)~"},
    {"unmatched paren", 2,
     R"~(x = 1)
)~",
     R"~(!  File "prog.py", line 1
    x = 1)
         ^
SyntaxError: unmatched ')'
)~"},
    {"unmatched bracket", 2,
     R"~(print([1, 2]])
)~",
     R"~(!  File "prog.py", line 1
    print([1, 2]])
                ^
SyntaxError: closing parenthesis ']' does not match opening parenthesis '('
)~"},
    {"closing mismatch", 2,
     R"~(x = (1, 2]
)~",
     R"~(!  File "prog.py", line 1
    x = (1, 2]
             ^
SyntaxError: closing parenthesis ']' does not match opening parenthesis '('
)~"},
    {"invalid syntax keyword", 2,
     R"~(x = 1 if
)~",
     R"~(!  File "prog.py", line 1
    x = 1 if
            ^
SyntaxError: invalid syntax
)~"},
    {"cannot assign to literal", 2,
     R"~(1 = x
)~",
     R"~(!  File "prog.py", line 1
    1 = x
    ^
SyntaxError: cannot assign to literal here. Maybe you meant '==' instead of '='?
)~"},
    {"cannot assign to function call", 2,
     R"~(f() = 1
)~",
     R"~(!  File "prog.py", line 1
    f() = 1
    ^^^
SyntaxError: cannot assign to function call here. Maybe you meant '==' instead of '='?
)~"},
    {"cannot assign to expression", 2,
     R"~(a + b = 1
)~",
     R"~(!  File "prog.py", line 1
    a + b = 1
    ^^^^^
SyntaxError: cannot assign to expression here. Maybe you meant '==' instead of '='?
)~"},
    {"augmented illegal target", 2,
     R"~([a, b] += 1
)~",
     R"~(!  File "prog.py", line 1
    [a, b] += 1
    ^^^^^^
SyntaxError: 'list' is an illegal expression for augmented assignment
)~"},
    {"unterminated string", 2,
     R"~(s = 'abc
)~",
     R"~(!  File "prog.py", line 1
    s = 'abc
        ^
SyntaxError: unterminated string literal (detected at line 1)
)~"},
    {"unterminated triple quoted", 2,
     R"~(s = """abc
more
)~",
     R"~(!  File "prog.py", line 1
    s = """abc
        ^
SyntaxError: unterminated triple-quoted string literal (detected at line 2)
)~"},
    {"invalid decimal literal", 2,
     R"~(x = 1abc
)~",
     R"~(!  File "prog.py", line 1
    x = 1abc
        ^
SyntaxError: invalid decimal literal
)~"},
    {"leading zeros", 2,
     R"~(x = 012
)~",
     R"~(!  File "prog.py", line 1
    x = 012
        ^
SyntaxError: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers
)~"},
    {"invalid character", 2,
     R"~(x = 1 € 2
)~",
     R"~(!  File "prog.py", line 1
    x = 1 € 2
          ^
SyntaxError: invalid character '€' (U+20AC)
)~"},
    {"invalid syntax dollar", 2,
     R"~(x = $y
)~",
     R"~(!  File "prog.py", line 1
    x = $y
        ^
SyntaxError: invalid syntax
)~"},
    {"missing parens print", 2,
     R"~(print "hello"
)~",
     R"~(!  File "prog.py", line 1
    print "hello"
    ^^^^^^^^^^^^^
SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)?
)~"},
    {"else without if", 2,
     R"~(else:
    pass
)~",
     R"~(!  File "prog.py", line 1
    else:
    ^^^^
SyntaxError: invalid syntax
)~"},
    {"return outside function", 2,
     R"~(return 5
)~",
     R"~(!  File "prog.py", line 1
    return 5
    ^^^^^^^^
SyntaxError: 'return' outside function
)~"},
    {"break outside loop", 2,
     R"~(break
)~",
     R"~(!  File "prog.py", line 1
    break
    ^^^^^
SyntaxError: 'break' outside loop
)~"},
    {"continue outside loop", 2,
     R"~(continue
)~",
     R"~(!  File "prog.py", line 1
    continue
    ^^^^^^^^
SyntaxError: 'continue' not properly in loop
)~"},
    {"assign to keyword", 2,
     R"~(True = 1
)~",
     R"~(!  File "prog.py", line 1
    True = 1
    ^^^^
SyntaxError: cannot assign to True
)~"},
    {"lambda default order", 2,
     R"~(def f(a=1, b):
    pass
)~",
     R"~(!  File "prog.py", line 1
    def f(a=1, b):
               ^
SyntaxError: non-default argument follows default argument
)~"},
    {"duplicate argument", 2,
     R"~(def f(a, a):
    pass
)~",
     R"~(!  File "prog.py", line 1
    def f(a, a):
             ^
SyntaxError: duplicate argument 'a' in function definition
)~"},
    {"star expression alone", 2,
     R"~(*a = 1
)~",
     R"~(!  File "prog.py", line 1
    *a = 1
    ^^
SyntaxError: starred assignment target must be in a list or tuple
)~"},
    {"invalid target in for", 2,
     R"~(for 1 in x:
    pass
)~",
     R"~(!  File "prog.py", line 1
    for 1 in x:
        ^
SyntaxError: cannot assign to literal
)~"},
    {"fstring empty expression", 2,
     R"~(x = f'{}'
)~",
     R"~(!  File "prog.py", line 1
    x = f'{}'
             ^
SyntaxError: f-string: empty expression not allowed
)~"},
    {"fstring single brace", 2,
     R"~(x = f'a } b'
)~",
     R"~(!  File "prog.py", line 1
    x = f'a } b'
                ^
SyntaxError: f-string: single '}' is not allowed
)~"},
    {"nonlocal at module level", 2,
     R"~(nonlocal x
)~",
     R"~(!  File "prog.py", line 1
    nonlocal x
    ^^^^^^^^^^
SyntaxError: nonlocal declaration not allowed at module level
)~"},
    {"dict missing value", 2,
     R"~(d = {'a': }
)~",
     R"~(!  File "prog.py", line 1
    d = {'a': }
            ^
SyntaxError: expression expected after dictionary key and ':'
)~"},
    {"unclosed call args multi line", 2,
     R"~(result = max(1,
             2,
)~",
     R"~(!  File "prog.py", line 1
    result = max(1,
                ^
SyntaxError: '(' was never closed
)~"},
    {"error on later line after good code", 2,
     R"~(print('ok')
x = [1, 2
y = 3
)~",
     R"~(!  File "prog.py", line 2
    x = [1, 2
        ^
SyntaxError: '[' was never closed
)~"},
    {"invalid syntax in middle of expression", 2,
     R"~(x = 5 * * 2
)~",
     R"~(!  File "prog.py", line 1
    x = 5 * * 2
            ^
SyntaxError: invalid syntax
)~"},
    {"colon in wrong place", 2,
     R"~(x = 1:
)~",
     R"~(!  File "prog.py", line 1
    x = 1:
         ^
SyntaxError: invalid syntax
)~"},
    {"keyword argument repeated", 2,
     R"~(f(a=1, a=2)
)~",
     R"~(!  File "prog.py", line 1
    f(a=1, a=2)
           ^^^
SyntaxError: keyword argument repeated: a
)~"},
    {"positional after keyword", 2,
     R"~(f(a=1, 2)
)~",
     R"~(!  File "prog.py", line 1
    f(a=1, 2)
            ^
SyntaxError: positional argument follows keyword argument
)~"},
    {"generator needs parens", 2,
     R"~(f(x for x in y, 1)
)~",
     R"~(!  File "prog.py", line 1
    f(x for x in y, 1)
      ^^^^^^^^^^^^
SyntaxError: Generator expression must be parenthesized
)~"},
    {"walrus at statement level", 2,
     R"~(x := 5
)~",
     R"~(!  File "prog.py", line 1
    x := 5
      ^^
SyntaxError: invalid syntax
)~"},
    {"tab error", 2,
     R"~(if True:
	x = 1
        y = 2
)~",
     R"~(!  File "prog.py", line 3
    y = 2
TabError: inconsistent use of tabs and spaces in indentation
)~"},
    {"mixed indent continues", 2,
     R"~(if True:
    if False:
        pass
  z = 1
)~",
     R"~(!  File "prog.py", line 4
    z = 1
         ^
IndentationError: unindent does not match any outer indentation level
)~"},
    {"trailing operator", 2,
     R"~(x = 1 +
)~",
     R"~(!  File "prog.py", line 1
    x = 1 +
           ^
SyntaxError: invalid syntax
)~"},
    {"missing expression after equals", 2,
     R"~(x =
)~",
     R"~(!  File "prog.py", line 1
    x =
       ^
SyntaxError: invalid syntax
)~"},
    {"del literal", 2,
     R"~(del 5
)~",
     R"~(!  File "prog.py", line 1
    del 5
        ^
SyntaxError: cannot delete literal
)~"},
    {"def missing parens", 2,
     R"~(def f:
    pass
)~",
     R"~(!  File "prog.py", line 1
    def f:
         ^
SyntaxError: expected '('
)~"},
    {"import syntax", 2,
     R"~(import
)~",
     R"~(!  File "prog.py", line 1
    import
          ^
SyntaxError: invalid syntax
)~"},
    {"try without except", 2,
     R"~(try:
    pass
x = 1
)~",
     R"~(!  File "prog.py", line 3
    x = 1
    ^
SyntaxError: expected 'except' or 'finally' block
)~"},
    {"indentation after comment lines", 2,
     R"~(def f():
    # comment
    x = 1
   # odd comment
      y = 2
)~",
     R"~(!  File "prog.py", line 5
    y = 2
IndentationError: unexpected indent
)~"},
};

TEST_CASE("SyntaxError and IndentationError: message, line and caret (62 programs)", "[lang][syntax]") { check_all(k_syntax, sizeof(k_syntax) / sizeof(Case)); }

const Case k_tracebacks[] = {
    {"traceback through functions", 2,
     R"~(def inner(x):
    return 10 / x
def middle(x):
    y = x - 1
    return inner(y)
def outer():
    return middle(1)
print('start')
outer()
)~",
     R"~(start
!Traceback (most recent call last):
  File "prog.py", line 9, in <module>
    outer()
  File "prog.py", line 7, in outer
    return middle(1)
  File "prog.py", line 5, in middle
    return inner(y)
  File "prog.py", line 2, in inner
    return 10 / x
ZeroDivisionError: division by zero
)~"},
    {"traceback in lambda", 2,
     R"~(f = lambda v: v['key']
print(f({'key': 1}))
f({})
)~",
     R"~(1
!Traceback (most recent call last):
  File "prog.py", line 3, in <module>
    f({})
  File "prog.py", line 1, in <lambda>
    f = lambda v: v['key']
KeyError: 'key'
)~"},
    {"traceback in comprehension", 2,
     R"~(def g(xs):
    return [1 / x for x in xs]
g([1, 0])
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 3, in <module>
    g([1, 0])
  File "prog.py", line 2, in g
    return [1 / x for x in xs]
  File "prog.py", line 2, in <listcomp>
    return [1 / x for x in xs]
ZeroDivisionError: division by zero
)~"},
    {"traceback name error in function", 2,
     R"~(def h():
    return undefined_var + 1
h()
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 3, in <module>
    h()
  File "prog.py", line 2, in h
    return undefined_var + 1
NameError: name 'undefined_var' is not defined
)~"},
    {"name error suggestion", 2,
     R"~(number = 5
print(numbr)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    print(numbr)
NameError: name 'numbr' is not defined. Did you mean: 'number'?
)~"},
    {"name error builtin suggestion", 2,
     R"~(prnt('x')
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    prnt('x')
NameError: name 'prnt' is not defined. Did you mean: 'print'?
)~"},
    {"name error local suggestion", 2,
     R"~(def f():
    value = 3
    return valeu
f()
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 4, in <module>
    f()
  File "prog.py", line 3, in f
    return valeu
NameError: name 'valeu' is not defined. Did you mean: 'value'?
)~"},
    {"attribute error suggestion list", 2,
     R"~(xs = [1, 2]
xs.apend(3)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    xs.apend(3)
AttributeError: 'list' object has no attribute 'apend'. Did you mean: 'append'?
)~"},
    {"attribute error suggestion str", 2,
     R"~('abc'.uper()
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    'abc'.uper()
AttributeError: 'str' object has no attribute 'uper'. Did you mean: 'upper'?
)~"},
    {"attribute error suggestion numpy", 1,
     R"~(import numpy as np
np.zeroes(3)
)~",
     R"~(!AttributeError: module 'numpy' has no attribute 'zeroes'. Did you mean: 'zeros'?)~"},
    {"attribute error suggestion ndarray", 2,
     R"~(import numpy as np
a = np.ones(3)
a.resahpe(3, 1)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 3, in <module>
    a.resahpe(3, 1)
AttributeError: 'numpy.ndarray' object has no attribute 'resahpe'. Did you mean: 'reshape'?
)~"},
    {"attribute error no suggestion", 2,
     R"~(import numpy as np
np.arange(3).no_such_attr
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    np.arange(3).no_such_attr
AttributeError: 'numpy.ndarray' object has no attribute 'no_such_attr'
)~"},
    {"name error no suggestion", 2,
     R"~(qqqqqqqqq
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    qqqqqqqqq
NameError: name 'qqqqqqqqq' is not defined
)~"},
    {"error inside nested call argument", 2,
     R"~(def f(a, b):
    return a + b
print(f(1,
        f(2, 'x')))
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 4, in <module>
    f(2, 'x')))
  File "prog.py", line 2, in f
    return a + b
TypeError: unsupported operand type(s) for +: 'int' and 'str'
)~"},
    {"error in multiline statement", 2,
     R"~(x = [1,
     2,
     3 / 0]
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 3, in <module>
    3 / 0]
ZeroDivisionError: division by zero
)~"},
    {"error in for loop body line", 2,
     R"~(total = 0
for i in range(3):
    total += i
    if i == 2:
        total += None
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 5, in <module>
    total += None
TypeError: unsupported operand type(s) for +=: 'int' and 'NoneType'
)~"},
    {"error in if condition", 2,
     R"~(x = None
if x > 1:
    pass
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    if x > 1:
TypeError: '>' not supported between instances of 'NoneType' and 'int'
)~"},
    {"error in while condition", 2,
     R"~(i = 0
while i < 'a':
    i += 1
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    while i < 'a':
TypeError: '<' not supported between instances of 'int' and 'str'
)~"},
    {"error inside with", 2,
     R"~(import numpy as np
with np.errstate(all='ignore'):
    y = 1
    z = y + 'a'
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 4, in <module>
    z = y + 'a'
TypeError: unsupported operand type(s) for +: 'int' and 'str'
)~"},
    {"error after output", 2,
     R"~(print('line one')
print('line two')
[1][2]
)~",
     R"~(line one
line two
!Traceback (most recent call last):
  File "prog.py", line 3, in <module>
    [1][2]
IndexError: list index out of range
)~"},
    {"error in except handler traceback", 2,
     R"~(try:
    {}['a']
except KeyError:
    print('handler')
    1 / 0
)~",
     R"~(handler
!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    {}['a']
KeyError: 'a'

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "prog.py", line 5, in <module>
    1 / 0
ZeroDivisionError: division by zero
)~"},
    {"recursion depth traceback line", 2,
     R"~(def rec(n):
    if n == 0:
        return missing
    return rec(n - 1)
rec(3)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 5, in <module>
    rec(3)
  File "prog.py", line 4, in rec
    return rec(n - 1)
  File "prog.py", line 4, in rec
    return rec(n - 1)
  File "prog.py", line 4, in rec
    return rec(n - 1)
  File "prog.py", line 3, in rec
    return missing
NameError: name 'missing' is not defined
)~"},
    {"numpy error in function", 2,
     R"~(import numpy as np
def shape_it(a):
    return a.reshape(5, 5)
shape_it(np.arange(6))
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 4, in <module>
    shape_it(np.arange(6))
  File "prog.py", line 3, in shape_it
    return a.reshape(5, 5)
ValueError: cannot reshape array of size 6 into shape (5,5)
)~"},
    {"type error calling builtin wrongly", 2,
     R"~(sorted(1)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    sorted(1)
TypeError: 'int' object is not iterable
)~"},
    {"type error in method call", 2,
     R"~('abc'.split(1)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    'abc'.split(1)
TypeError: must be str or None, not int
)~"},
    {"key error tuple", 2,
     R"~(d = {}
d[(1, 2)]
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    d[(1, 2)]
KeyError: (1, 2)
)~"},
    {"key error string repr", 2,
     R"~(d = {}
d["it's"]
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    d["it's"]
KeyError: "it's"
)~"},
    {"index error message tuple", 2,
     R"~((1, 2)[5]
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    (1, 2)[5]
IndexError: tuple index out of range
)~"},
    {"index error str", 2,
     R"~(''[0]
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    ''[0]
IndexError: string index out of range
)~"},
    {"type error subscripting int", 2,
     R"~(x = 5
x[0]
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    x[0]
TypeError: 'int' object is not subscriptable
)~"},
    {"type error not subscriptable none", 2,
     R"~(x = None
x[0]
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    x[0]
TypeError: 'NoneType' object is not subscriptable
)~"},
    {"type error unhashable set", 2,
     R"~(s = {[1]}
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    s = {[1]}
TypeError: unhashable type: 'list'
)~"},
    {"type error int not iterable", 2,
     R"~(for x in 5:
    pass
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    for x in 5:
TypeError: 'int' object is not iterable
)~"},
    {"type error unpack none", 2,
     R"~(a, b = None
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    a, b = None
TypeError: cannot unpack non-iterable NoneType object
)~"},
    {"type error unsupported operand types", 2,
     R"~([1] - [1]
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    [1] - [1]
TypeError: unsupported operand type(s) for -: 'list' and 'list'
)~"},
    {"type error multiply sequence", 2,
     R"~('a' * 1.5
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    'a' * 1.5
TypeError: can't multiply sequence by non-int of type 'float'
)~"},
    {"type error bad operand unary", 2,
     R"~(~1.5
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    ~1.5
TypeError: bad operand type for unary ~: 'float'
)~"},
    {"type error object not callable str", 2,
     R"~(s = 'abc'
s()
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    s()
TypeError: 'str' object is not callable
)~"},
    {"value error math domain", 2,
     R"~(import math
math.sqrt(-1)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 2, in <module>
    math.sqrt(-1)
ValueError: math domain error
)~"},
    {"overflow error float", 2,
     R"~(print(2.0 ** 10000)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    print(2.0 ** 10000)
OverflowError: (34, 'Numerical result out of range')
)~"},
    {"zero division float modulo", 2,
     R"~(print(1 % 0.0)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    print(1 % 0.0)
ZeroDivisionError: float modulo
)~"},
    {"zero division floor", 2,
     R"~(print(5 // 0.0)
)~",
     R"~(!Traceback (most recent call last):
  File "prog.py", line 1, in <module>
    print(5 // 0.0)
ZeroDivisionError: float floor division by zero
)~"},
};

TEST_CASE("runtime errors: messages and the traceback lines (42 programs)", "[lang][errors]") { check_all(k_tracebacks, sizeof(k_tracebacks) / sizeof(Case)); }

// Statement atomicity across REPL runs: a run that fails leaves every variable
// as it was before the failing statement (the same values CPython keeps, as the
// try/except versions of these programs in k_assignment show).
TEST_CASE("a failing statement leaves variables as they were (REPL runs)", "[lang][errors][atomicity]") {
  struct Step {
    const char* setup;
    const char* failing;
    const char* error;  // last traceback line
    const char* check;
    const char* expected;
  };
  const Step steps[] = {
      {"a, b = 1, 2", "a, b = b, 1/0", "ZeroDivisionError: division by zero", "print(a, b)", "1 2\n"},
      {"def f():\n    raise ValueError('nope')\nx = 'before'", "x = f()", "ValueError: nope", "print(x)", "before\n"},
      {"d = {'n': 1}", "d['n'] += None", "TypeError: unsupported operand type(s) for +=: 'int' and 'NoneType'",
       "print(d)", "{'n': 1}\n"},
      {"x = 5", "x += 'a'", "TypeError: unsupported operand type(s) for +=: 'int' and 'str'", "print(x)", "5\n"},
      {"a, b = 1, 2", "a, b = [7, 8, 9]", "ValueError: too many values to unpack (expected 2)", "print(a, b)", "1 2\n"},
      {"xs = [1, 2]", "xs = [1 / (n - 2) for n in range(4)]", "ZeroDivisionError: division by zero", "print(xs)", "[1, 2]\n"},
      {"a = b = 0", "a = b = int('x')", "ValueError: invalid literal for int() with base 10: 'x'", "print(a, b)", "0 0\n"},
      {"x = 1", "x = 2\ny = (", "SyntaxError: '(' was never closed", "print(x)", "1\n"},
      {"import numpy as np\na = np.arange(6)", "a = a.reshape(4, 4)",
       "ValueError: cannot reshape array of size 6 into shape (4,4)", "print(a)", "[0 1 2 3 4 5]\n"},
  };
  for (const Step& st : steps) {
    INFO(st.failing);
    sl::lang::Interp in;
    REQUIRE(in.run(st.setup).ok);
    auto r = in.run(st.failing);
    REQUIRE_FALSE(r.ok);
    std::string tb = r.traceback;
    while (!tb.empty() && tb.back() == '\n') tb.pop_back();
    CHECK(tb.substr(tb.rfind('\n') + 1) == st.error);
    CHECK(in.run(st.check).out == st.expected);
  }
}

TEST_CASE("SyntaxError reports CPython's line and 1-based column", "[lang][syntax]") {
  sl::lang::Interp in;
  auto r = in.run("x = 1\nprint(x 2)\n");
  CHECK(r.error_type == "SyntaxError");
  CHECK(r.error_msg == "invalid syntax. Perhaps you forgot a comma?");
  CHECK(r.line == 2);
  CHECK(r.col == 7);
  r = in.run("if True:\n        x = 1\n    y = 2\n");
  CHECK(r.error_type == "IndentationError");
  CHECK(r.line == 3);
  CHECK(r.col == 10);
}
