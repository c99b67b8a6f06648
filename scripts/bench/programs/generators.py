# Generators: a pipeline of generator functions and generator expressions
# (yield, yield from, send), the suspension and resumption cost pyperformance's
# generators and coroutines benchmarks measure. Written here.
def numbers(n):
    i = 0
    while i < n:
        yield i
        i += 1


def evens(it):
    for x in it:
        if x % 2 == 0:
            yield x


def chained(n):
    yield from evens(numbers(n))
    yield from (x * x for x in range(10))


def accumulator():
    total = 0
    while True:
        x = yield total
        total += x


def bench():
    s = sum(chained(400000))
    acc = accumulator()
    next(acc)
    for i in range(100000):
        t = acc.send(i)
    return '%d %d' % (s, t)
