# Containers: dict and list comprehensions, sorting floats and tuples, set
# algebra and string joins over them, the builtin-container paths the issue's
# per-statement measurements single out (a 100-item dict comprehension,
# sorted() of 1,000 floats). Written here.
def bench():
    acc = 0
    for r in range(300):
        d = {i: i * i for i in range(100)}
        acc += sum(d.values()) + len([k for k in d if k % 3 == 0])
        xs = sorted([((i * 7919 + r) % 1000) / 7.0 for i in range(1000)])
        acc += int(xs[500])
        pairs = sorted([(i % 10, -i) for i in range(200)])
        acc += pairs[0][1]
        s = set(range(0, 300, 2)) & set(range(0, 300, 3))
        acc += len(s) + len(','.join(str(i) for i in sorted(s)))
    return str(acc)
