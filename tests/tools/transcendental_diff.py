#!/usr/bin/python3
"""Differential harness: stridelab's elementwise kernels vs the local NumPy.

Run with Debian's /usr/bin/python3 (NumPy 1.24 on this AVX-512 machine, the
oracle's configuration). Generates inputs per function and category, runs
NumPy's ufunc on contiguous arrays (the SIMD/SVML loops) and the native tool
tests/tools/transcendental_diff.cpp on the same bytes, and counts results
whose bits differ (all NaNs count as equal: NumPy prints every NaN as nan).

  /usr/bin/python3 tests/tools/transcendental_diff.py --bin build/numerics-tools/diff \
      [--funcs power,exp] [--dtypes f64,f32] [--n 1000000] [--seed 1] [--show 3]
"""
import argparse, os, subprocess, sys, tempfile
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


def compare(ref, got):
    dt = ref.dtype.type
    same = (ref.view(UINT[dt]) == got.view(UINT[dt])) | (np.isnan(ref) & np.isnan(got))
    return ~same


def run_tool(tool, fn, dt, ins, tmp):
    paths = []
    for k, a in enumerate(ins):
        p = os.path.join(tmp, f'in{k}.bin')
        np.ascontiguousarray(a).tofile(p)
        paths.append(p)
    out = os.path.join(tmp, 'out.bin')
    tag = 'f64' if dt == np.float64 else 'f32'
    r = subprocess.run([tool, fn, tag, out] + paths, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f'tool failed: {r.stderr}')
    return np.fromfile(out, dtype=dt), r.stderr.strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--bin', required=True)
    ap.add_argument('--funcs', default=','.join(BINARY[:1] + UNARY))
    ap.add_argument('--dtypes', default='f64,f32')
    ap.add_argument('--n', type=int, default=1_000_000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--show', type=int, default=3)
    ap.add_argument('--summary', action='store_true', help='one line per function and dtype')
    a = ap.parse_args()
    rng = np.random.default_rng(a.seed)
    np.seterr(all='ignore')
    with tempfile.TemporaryDirectory() as tmp:
        for fn in a.funcs.split(','):
            for tag in a.dtypes.split(','):
                dt = np.float64 if tag == 'f64' else np.float32
                cats = power_inputs(dt, rng, a.n) if fn == 'power' else \
                    ({k: (v, rng.permutation(v)) for k, v in unary_inputs(fn, dt, rng, a.n).items()}
                     if fn == 'arctan2' else {k: (v,) for k, v in unary_inputs(fn, dt, rng, a.n).items()})
                tot_bad = tot = 0
                for cat, ins in cats.items():
                    ref = getattr(np, fn)(*ins)
                    got, timing = run_tool(a.bin, fn, dt, ins, tmp)
                    bad = compare(ref, got)
                    nb = int(bad.sum())
                    tot_bad += nb
                    tot += len(ref)
                    if not a.summary:
                        print(f'{fn:8s} {tag} {cat:38s} {nb:8d} / {len(ref):8d}  ({timing.split(": ")[-1]})')
                        for i in np.nonzero(bad)[0][:a.show]:
                            args = ' '.join(float(v[i]).hex() for v in ins)
                            print(f'      {args} -> numpy {float(ref[i]).hex()} ours {float(got[i]).hex()}')
                print(f'TOTAL {fn:8s} {tag} mismatches {tot_bad} / {tot} = {tot_bad / max(tot, 1):.3%}', flush=True)


if __name__ == '__main__':
    main()
