# timeit: timing small pieces of code (CPython 3.13's timeit interface, written here in
# Python as CPython's Lib/timeit.py is).
# Timer(stmt, setup) runs setup once, then stmt `number` times in a loop, and returns the
# seconds the loop took by default_timer (time.perf_counter). stmt and setup are strings
# (run by exec in a namespace of their own, globals when given) or callables. repeat() is
# that measurement `repeat` times; autorange() grows number through 1, 2, 5, 10, 20, ...
# until one measurement takes at least 0.2 s. The timings are the host's, so they differ
# from run to run as CPython's do.
import gc
import itertools
import sys
import time

dummy_src_name = "<timeit-src>"
default_number = 1000000
default_repeat = 5
default_timer = time.perf_counter

template = """
def inner(_it, _timer{init}):
    {setup}
    _t0 = _timer()
    for _i in _it:
        {stmt}
        pass
    _t1 = _timer()
    return _t1 - _t0
"""


def reindent(src, indent):
    """Helper to reindent a multi-line statement."""
    return src.replace("\n", "\n" + " " * indent)


class Timer:
    """Class for timing execution speed of small code snippets."""

    def __init__(self, stmt="pass", setup="pass", timer=default_timer, globals=None):
        self.timer = timer
        self._globals = {} if globals is None else globals
        self._setup = setup
        self._stmt = stmt
        if isinstance(stmt, str):
            if _has_compile():
                compile(stmt, dummy_src_name, "exec")  # a SyntaxError now, as CPython's Timer
        elif not callable(stmt):
            raise ValueError("stmt is neither a string nor callable")
        if not isinstance(setup, str) and not callable(setup):
            raise ValueError("setup is neither a string nor callable")

    def _run(self, number):
        ns = dict(self._globals) if self._globals is not None else {}
        # a string is run by exec ("pass", the default, is nothing to run)
        if isinstance(self._setup, str):
            if self._setup.strip() != "pass":
                exec(self._setup, ns)
        else:
            self._setup()
        timer = self.timer
        it = itertools.repeat(None, number)
        if isinstance(self._stmt, str) and self._stmt.strip() == "pass":
            t0 = timer()
            for _ in it:
                pass
            t1 = timer()
        elif isinstance(self._stmt, str):
            src = self._stmt
            t0 = timer()
            for _ in it:
                exec(src, ns)
            t1 = timer()
        else:
            f = self._stmt
            t0 = timer()
            for _ in it:
                f()
            t1 = timer()
        return t1 - t0

    def print_exc(self, file=None):
        import traceback
        traceback.print_exc(file=file)

    def timeit(self, number=default_number):
        gcold = gc.isenabled()
        gc.disable()
        try:
            timing = self._run(number)
        finally:
            if gcold:
                gc.enable()
        return timing

    def repeat(self, repeat=default_repeat, number=default_number):
        r = []
        for i in range(repeat):
            r.append(self.timeit(number))
        return r

    def autorange(self, callback=None):
        i = 1
        while True:
            for j in 1, 2, 5:
                number = i * j
                time_taken = self.timeit(number)
                if callback:
                    callback(number, time_taken)
                if time_taken >= 0.2:
                    return (number, time_taken)
            i *= 10


def _has_compile():
    try:
        compile
    except NameError:
        return False
    return True


def timeit(stmt="pass", setup="pass", timer=default_timer, number=default_number, globals=None):
    """Convenience function to create Timer object and call timeit method."""
    return Timer(stmt, setup, timer, globals).timeit(number)


def repeat(stmt="pass", setup="pass", timer=default_timer, repeat=default_repeat, number=default_number,
           globals=None):
    """Convenience function to create Timer object and call repeat method."""
    return Timer(stmt, setup, timer, globals).repeat(repeat, number)


def main(args=None, *, _wrap_timer=None):
    """The command line interface: a session has no command line; args is the list to parse."""
    if args is None:
        args = sys.argv[1:]
    number = 0
    repeat_n = default_repeat
    setup = []
    stmts = []
    it = iter(args)
    for a in it:
        if a in ("-n", "--number"):
            number = int(next(it))
        elif a in ("-r", "--repeat"):
            repeat_n = max(1, int(next(it)))
        elif a in ("-s", "--setup"):
            setup.append(next(it))
        else:
            stmts.append(a)
    t = Timer("\n".join(stmts) or "pass", "\n".join(setup) or "pass", default_timer)
    if number == 0:
        number, _ = t.autorange()
    raw = t.repeat(repeat_n, number)
    best = min(raw) / number
    units = [("nsec", 1e-9), ("usec", 1e-6), ("msec", 1e-3), ("sec", 1.0)]
    for unit, scale in reversed(units):
        if best >= scale:
            break
    print("%d loop%s, best of %d: %.3g %s per loop" % (number, "s" if number != 1 else "", repeat_n,
                                                          best / scale, unit))
    return None
