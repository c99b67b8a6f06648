# NumPy (the speed anchor /usr/bin/python3) float32 exp/log/tanh/sin/cos on the inputs of
# `npm run bench`, 2^24 elements, CPU time (time.process_time), best of 7 after a warm-up:
#   /usr/bin/python3 tests/tools/transcendental_numpy_cpu.py
import numpy as np, time
N = 1 << 24
a = (np.arange(N) % 1000).astype(np.float32) * np.float32(0.004) - np.float32(2.0)
p = (np.arange(N) % 1000).astype(np.float32) * np.float32(0.004) + np.float32(0.002)
c = np.empty_like(a)
for name, f, x in [('exp', np.exp, a), ('log', np.log, p), ('tanh', np.tanh, a), ('sin', np.sin, a), ('cos', np.cos, a)]:
    best = 1e9
    for r in range(8):
        t = time.process_time(); f(x, out=c); s = time.process_time() - t
        if r and s < best: best = s
    print(name, '%.1f Melem/s (CPU time)' % (N / best / 1e6))
print(np.__version__)
