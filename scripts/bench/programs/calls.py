# Calls: a recursive function (fib), methods on a small class and keyword
# arguments, the per-call cost pyperformance's call_simple / call_method /
# call_method_slots measure. Written here.
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


class Counter:
    def __init__(self):
        self.total = 0

    def add(self, k, step=1):
        self.total += k * step
        return self


def keywords(a, b=2, *, c=3):
    return a + b * c


def bench():
    c = Counter()
    for i in range(60000):
        c.add(i).add(1, step=2)
    s = 0
    for i in range(60000):
        s += keywords(i, c=i & 7)
    return '%d %d %d' % (fib(22), c.total, s)
