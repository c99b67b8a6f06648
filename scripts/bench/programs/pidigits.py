# Pi digits by Gibbons' unbounded spigot (the linear fractional transformation
# state q, r, t and k, one digit extracted when floor((3q + r) / t) equals
# floor((4q + r) / t)), the big-integer workload of pyperformance's
# bm_pidigits (2,000 digits). Written here.
def pi_digits(count):
    q, r, t, k = 1, 0, 1, 1
    digits = []
    while len(digits) < count:
        d = (3 * q + r) // t
        if d == (4 * q + r) // t:
            digits.append(d)
            q, r = 10 * q, 10 * (r - d * t)
        else:
            q, r, t, k = q * k, (2 * q + r) * (2 * k + 1), t * (2 * k + 1), k + 1
    return digits


def bench(n=2000):
    d = pi_digits(n)
    return ''.join(map(str, d[:20])) + ' ' + str(sum(d))
