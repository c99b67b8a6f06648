# Fannkuch-redux: over all permutations of 1..n, generated in the order of the
# Benchmarks Game's counting scheme, flip the prefix whose length is the first
# element until a 1 comes first; report the largest flip count and the
# checksum (alternating sum of flip counts), as pyperformance's bm_fannkuch
# (n = 9 there, 8 here to keep the suite short). Written here.
def fannkuch(n):
    perm1 = list(range(n))
    count = [0] * n
    max_flips = checksum = 0
    sign = 1
    r = n
    while True:
        while r != 1:
            count[r - 1] = r
            r -= 1
        k = perm1[0]
        if k:
            perm = perm1[:]
            flips = 0
            while k:
                perm[:k + 1] = perm[k::-1]
                flips += 1
                k = perm[0]
            if flips > max_flips:
                max_flips = flips
            checksum += sign * flips
        # next permutation: rotate the first r + 1 elements while counts run out
        while True:
            if r == n:
                return max_flips, checksum
            first = perm1[0]
            perm1[:r] = perm1[1:r + 1]
            perm1[r] = first
            count[r] -= 1
            if count[r] > 0:
                break
            r += 1
        sign = -sign


def bench():
    return '%d %d' % fannkuch(8)
