"""Differential harness, reference side: records NumPy's results on many
inputs per function, dtype and category, for tests/tools/transcendental_diff.cpp
to compare stridelab's kernels against bit for bit.

Runs in the reference (Python 3.13, NumPy 2.2 on an AVX2+FMA CPU), from the
repository root:

  ../shared/oracle/refpy tests/tools/transcendental_diff.py --out build/numerics-ref \
      [--funcs power,exp] [--dtypes f64,f32] [--n 1000000] [--seed 1] [--exhaustive exp,log]
  build/numerics-tools/diff build/numerics-ref [--summary]

--exhaustive FUNCS also records, for each listed float32 unary function, a
checksum of NumPy's results over every float32 bit pattern per 2^24 inputs
(the tool recomputes them; a differing chunk names the inputs to look at).
"""
import argparse, os
import numpy as np

UNARY = ['exp', 'log', 'exp2', 'log2', 'log10', 'expm1', 'log1p', 'sqrt', 'cbrt', 'sin', 'cos', 'tan',
         'arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'tanh', 'arcsinh', 'arccosh', 'arctanh']
BINARY = ['power', 'arctan2']
UINT = {np.float64: np.uint64, np.float32: np.uint32}


def random_bits(rng, n, dt):
    u = rng.integers(0, np.iinfo(UINT[dt]).max, n, dtype=UINT[dt], endpoint=True)
    return u.view(dt)


def log_uniform(rng, n, dt, lo, hi, signed=False):
    v = np.exp2(rng.uniform(lo, hi, n)).astype(dt)
    if signed:
        v *= rng.choice([-1, 1], n).astype(dt)
    return v


def specials(dt):
    fi = np.finfo(dt)
    s = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 3.0, -3.0, 10.0,
         fi.max, -fi.max, fi.tiny, -fi.tiny, fi.tiny * fi.eps, fi.eps, 1 + fi.eps, 1 - fi.epsneg]
    return np.array(s, dtype=dt)


def unary_inputs(fn, dt, rng, n):
    fi = np.finfo(dt)
    maxexp = 1024 if dt == np.float64 else 128
    cats = {
        'random bits': random_bits(rng, n, dt),
        'log-uniform +-': log_uniform(rng, n, dt, -60, 60, signed=True),
        'unit range': rng.uniform(-1, 1, n).astype(dt),
        'small [-20,20]': rng.uniform(-20, 20, n).astype(dt),
        'integers': rng.integers(-1000, 1000, n).astype(dt),
        'halves': (rng.integers(-2000, 2000, n) / 2).astype(dt),
        'subnormal': (rng.uniform(-1, 1, n) * float(fi.tiny)).astype(dt),
        'specials': specials(dt),
    }
    if fn in ('exp', 'exp2', 'expm1', 'sinh', 'cosh'):
        lim = maxexp * (np.log(2) if fn != 'exp2' else 1)
        cats['near overflow/underflow'] = rng.uniform(-lim * 1.05, lim * 1.02, n).astype(dt)
    if fn in ('log', 'log2', 'log10', 'log1p', 'sqrt', 'cbrt', 'arccosh'):
        cats['positive bits'] = np.abs(random_bits(rng, n, dt))
        cats['near 1'] = (1 + rng.uniform(-1e-3, 1e-3, n)).astype(dt)
    if fn in ('sin', 'cos', 'tan'):
        cats['large args'] = log_uniform(rng, n, dt, 0, 60, signed=True)
        cats['multiples of pi/4'] = (rng.integers(-1000, 1000, n) * (np.pi / 4)).astype(dt)
    if fn in ('tanh', 'arctanh', 'arcsin', 'arccos'):
        cats['(-1,1) fine'] = rng.uniform(-1, 1, n).astype(dt) ** 3
    if fn == 'tanh':
        cats['saturation and huge'] = log_uniform(rng, n, dt, -10, maxexp + 0.5, signed=True)
    if fn == 'exp':
        cats['subnormal results'] = rng.uniform(-0.75 * lim, -0.68 * lim, n).astype(dt)
    if fn in ('sin', 'cos'):
        cats['Cody-Waite limit'] = log_uniform(rng, n, dt, 15.5, 17.5, signed=True)
    return cats


def power_inputs(dt, rng, n):
    fi = np.finfo(dt)
    big = 1000 if dt == np.float64 else 120
    x = log_uniform(rng, n, dt, -40, 40)
    t = rng.uniform(-big * 1.08, big * 1.02, n)
    cats = {
        'random bits': (random_bits(rng, n, dt), random_bits(rng, n, dt)),
        'x>0 log-uniform, y*log2(x) in range': (x, (t / np.log2(x.astype(np.float64))).astype(dt)),
        'x>0 (0,100), y (-5,5)': (rng.uniform(0, 100, n).astype(dt), rng.uniform(-5, 5, n).astype(dt)),
        'integers ** k/2': (rng.integers(0, 10000, n).astype(dt), (rng.integers(-8, 9, n) / 2).astype(dt)),
        'integers ** integers': (rng.integers(0, 100, n).astype(dt), rng.integers(-20, 21, n).astype(dt)),
        'negative ** integers': (-rng.uniform(0, 10, n).astype(dt), rng.integers(-60, 61, n).astype(dt)),
        'negative ** non-integers': (-rng.uniform(0, 10, n).astype(dt), rng.uniform(-5, 5, n).astype(dt)),
        'near 1 ** huge': ((1 + rng.uniform(-1e-6, 1e-6, n)).astype(dt), log_uniform(rng, n, dt, 0, 40, True)),
        'subnormal ** y': ((rng.uniform(0, 1, n) * float(fi.tiny)).astype(dt), rng.uniform(-1, 1.05, n).astype(dt)),
        'y = 1/3, 1.5, 2.5': (log_uniform(rng, n, dt, -30, 30), rng.choice([1 / 3, 1.5, 2.5, 0.25], n).astype(dt)),
    }
    s = specials(dt)
    X, Y = np.meshgrid(s, s)
    cats['specials grid'] = (X.ravel().copy(), Y.ravel().copy())
    return cats


def checksums(fn, chunk=1 << 24):
    """sum of bits(result) * (2 i + 1) mod 2^64 per chunk, NaN as all-ones."""
    out = []
    idx = (2 * np.arange(chunk, dtype=np.uint64) + 1)
    for c in range((1 << 32) // chunk):
        x = (np.arange(chunk, dtype=np.uint64) + np.uint64(c * chunk)).astype(np.uint32).view(np.float32)
        r = getattr(np, fn)(x)
        b = r.view(np.uint32).astype(np.uint64)
        b[np.isnan(r)] = np.uint64(0xFFFFFFFFFFFFFFFF)
        out.append(int(np.sum(b * idx, dtype=np.uint64)))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--out', required=True)
    ap.add_argument('--funcs', default=','.join(BINARY[:1] + UNARY))
    ap.add_argument('--dtypes', default='f64,f32')
    ap.add_argument('--n', type=int, default=1_000_000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--exhaustive', default='', help='float32 unary functions to checksum over all 2^32 inputs')
    a = ap.parse_args()
    assert np.__version__.startswith('2.2'), 'run this in the reference (refpy): NumPy ' + np.__version__
    rng = np.random.default_rng(a.seed)
    np.seterr(all='ignore')
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, 'cases.tsv'), 'w') as index:
        for fn in [f for f in a.funcs.split(',') if f]:
            for tag in a.dtypes.split(','):
                dt = np.float64 if tag == 'f64' else np.float32
                cats = power_inputs(dt, rng, a.n) if fn == 'power' else \
                    ({k: (v, rng.permutation(v)) for k, v in unary_inputs(fn, dt, rng, a.n).items()}
                     if fn == 'arctan2' else {k: (v,) for k, v in unary_inputs(fn, dt, rng, a.n).items()})
                for k, (cat, ins) in enumerate(cats.items()):
                    stem = f'{fn}.{tag}.{k}'
                    for name, arr in zip('xy', ins):
                        np.ascontiguousarray(arr).tofile(os.path.join(a.out, f'{stem}.{name}.bin'))
                    getattr(np, fn)(*ins).tofile(os.path.join(a.out, f'{stem}.ref.bin'))
                    index.write(f'{fn}\t{tag}\t{cat}\t{stem}\t{len(ins)}\n')
                print('recorded', fn, tag, flush=True)
    with open(os.path.join(a.out, 'exhaustive.tsv'), 'w') as ex:
        for fn in [f for f in a.exhaustive.split(',') if f]:
            ex.write(fn + '\t' + ','.join(str(v) for v in checksums(fn)) + '\n')
            print('checksummed', fn, flush=True)


if __name__ == '__main__':
    main()
