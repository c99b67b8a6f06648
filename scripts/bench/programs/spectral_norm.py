# Spectral norm: the largest singular value of the infinite matrix
# A[i][j] = 1 / ((i + j)(i + j + 1) / 2 + i + 1), truncated to n x n, by power
# iteration on A^T A (ten rounds of u <- A^T A u), as the Benchmarks Game's
# spectral-norm and pyperformance's bm_spectral_norm compute it. Written here.
def eval_a(i, j):
    return 1.0 / ((i + j) * (i + j + 1) // 2 + i + 1)


def times_a(u):
    n = len(u)
    return [sum(eval_a(i, j) * u[j] for j in range(n)) for i in range(n)]


def times_at(u):
    n = len(u)
    return [sum(eval_a(j, i) * u[j] for j in range(n)) for i in range(n)]


def times_ata(u):
    return times_at(times_a(u))


def bench(n=130):
    u = [1.0] * n
    for _ in range(10):
        v = times_ata(u)
        u = times_ata(v)
    vbv = vv = 0.0
    for ue, ve in zip(u, v):
        vbv += ue * ve
        vv += ve * ve
    return '%.9f' % ((vbv / vv) ** 0.5)
