# N queens by brute force over permutations: a placement (one queen per row and
# column, queen r in column q[r]) is a solution when the sums r + q[r] and the
# differences r - q[r] are all distinct, the test pyperformance's bm_nqueens
# applies to every permutation of range(8). Written here.
from itertools import permutations


def solutions(n):
    cols = range(n)
    found = []
    for q in permutations(cols):
        if n == len(set(q[r] + r for r in cols)) == len(set(q[r] - r for r in cols)):
            found.append(q)
    return found


def bench():
    s = solutions(8)
    return '%d %s' % (len(s), s[0])
