# bisect: binary search on a sorted sequence (CPython 3.13's bisect interface,
# written here; CPython's is the C accelerator Modules/_bisectmodule.c).
# bisect_left returns the least i in [lo, hi] with not a[i] < x for all later
# elements (every a[j], j < i, is < x); bisect_right the least i with x < a[i].
__all__ = ["bisect_left", "bisect_right", "insort_left", "insort_right", "bisect", "insort"]


def _bounds(a, lo, hi):
    if lo < 0:
        raise ValueError("lo must be non-negative")
    if hi is None:
        hi = len(a)
    return lo, hi


def bisect_left(a, x, lo=0, hi=None, *, key=None):
    lo, hi = _bounds(a, lo, hi)
    while lo < hi:
        mid = (lo + hi) // 2
        v = a[mid] if key is None else key(a[mid])
        if v < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


def bisect_right(a, x, lo=0, hi=None, *, key=None):
    lo, hi = _bounds(a, lo, hi)
    while lo < hi:
        mid = (lo + hi) // 2
        v = a[mid] if key is None else key(a[mid])
        if x < v:
            hi = mid
        else:
            lo = mid + 1
    return lo


def insort_left(a, x, lo=0, hi=None, *, key=None):
    i = bisect_left(a, x if key is None else key(x), lo, hi, key=key)
    a.insert(i, x)


def insort_right(a, x, lo=0, hi=None, *, key=None):
    i = bisect_right(a, x if key is None else key(x), lo, hi, key=key)
    a.insert(i, x)


bisect = bisect_right
insort = insort_right
