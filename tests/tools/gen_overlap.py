#!/usr/bin/env python3
"""Records NumPy's own answers for the overlap solver's tests (tests/core/model/test_overlap.cpp):
tests/data/overlap_diophantine.jsonl (numpy._core._multiarray_tests.solve_diophantine on
random bounded Diophantine problems: the answer and, when there is one, the solution NumPy's
search finds first) and tests/data/overlap_internal.jsonl (internal_overlap on random
as_strided layouts). The problems come from Python's random with a fixed seed; the answers
from ../shared/oracle/refpy (NumPy 2.2), which runs this same file with --in-reference.

    python3 tests/tools/gen_overlap.py

Records are flat JSON (program_cases.hpp): integer lists are space-separated text.
"""
import json, pathlib, random, subprocess, sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
REFPY = ROOT.parent / "shared" / "oracle" / "refpy"
DATA = ROOT / "tests" / "data"


def problems(rng, n):
    out = []
    for _ in range(n):
        k = rng.choice([0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 6])
        if rng.random() < 0.06:  # huge coefficients: the 128-bit overflow path
            A = [rng.randrange(1, 2**62) for _ in range(k)]
            U = [rng.randrange(0, 2**62) for _ in range(k)]
            b = rng.randrange(0, 2**62)
        else:
            A = [rng.choice([rng.randrange(1, 21), rng.randrange(1, 100)]) for _ in range(k)]
            U = [rng.choice([rng.randrange(0, 11), rng.randrange(0, 50)]) for _ in range(k)]
            b = rng.choice([rng.randrange(-5, 30), rng.randrange(0, 200), rng.randrange(0, 2000)])
        # simplify merges terms using b, while require_ub_nontrivial replaces b by
        # half the bound sum: the engine's tests use one or the other, never both
        simplify = rng.random() < 0.3
        out.append({"A": A, "U": U, "b": b, "max_work": rng.choice([-1, 1, 2, 5, 20]),
                    "simplify": simplify, "nontrivial": not simplify and rng.random() < 0.4})
    return out


def layouts(rng, n):
    out = []
    for _ in range(n):
        nd = rng.randrange(0, 5)
        itemsize = rng.choice([1, 2, 4, 8])
        shape = [rng.randrange(0, 7) for _ in range(nd)]
        strides = [rng.choice([rng.randrange(-itemsize * 4, itemsize * 8), itemsize * rng.randrange(-8, 9)]) for _ in range(nd)]
        out.append({"itemsize": itemsize, "shape": shape, "strides": strides})
    return out


def in_reference(src, dst):
    import numpy as np
    from numpy._core._multiarray_tests import solve_diophantine, internal_overlap
    spec = json.loads(pathlib.Path(src).read_text())
    dio, internal = [], []
    for p in spec["problems"]:
        x = []
        try:
            r = solve_diophantine(tuple(p["A"]), tuple(p["U"]), p["b"], max_work=p["max_work"],
                                  simplify=int(p["simplify"]), require_ub_nontrivial=int(p["nontrivial"]))
            result, x = (0, []) if r is None else (1, list(r))
        except RuntimeError:
            result = 2  # "Too much work done"
        except OverflowError:
            result = 3
        except ValueError:  # NumPy's own input checks refuse it: not a solver case
            continue
        dio.append(dict(p, result=result, x=x))
    for l in spec["layouts"]:
        base = np.zeros(4096, dtype=np.int8)
        lo = sum((s - 1) * st for s, st in zip(l["shape"], l["strides"]) if st < 0)
        dt = {1: np.int8, 2: np.int16, 4: np.int32, 8: np.int64}[l["itemsize"]]
        a = np.ndarray(tuple(l["shape"]), dtype=dt, buffer=base, offset=0 if 0 in l["shape"] else -lo,
                       strides=tuple(l["strides"]))
        internal.append(dict(l, overlap=bool(internal_overlap(a))))
    pathlib.Path(dst).write_text(json.dumps({"dio": dio, "internal": internal}))


def text(v):
    return " ".join(str(int(x)) for x in v)


def main():
    rng = random.Random(20261125)
    build = ROOT / "build"
    build.mkdir(exist_ok=True)
    src, dst = build / "overlap_spec.json", build / "overlap_answers.json"
    src.write_text(json.dumps({"problems": problems(rng, 300), "layouts": layouts(rng, 200)}))
    subprocess.run([str(REFPY), str(pathlib.Path(__file__).resolve()), "--in-reference", str(src), str(dst)],
                   check=True, cwd=ROOT)
    ans = json.loads(dst.read_text())
    with open(DATA / "overlap_diophantine.jsonl", "w") as f:
        for d in ans["dio"]:
            f.write(json.dumps({"A": text(d["A"]), "U": text(d["U"]), "b": str(d["b"]), "max_work": d["max_work"],
                                "simplify": int(d["simplify"]), "nontrivial": int(d["nontrivial"]),
                                "result": d["result"], "x": text(d["x"])}) + "\n")
    with open(DATA / "overlap_internal.jsonl", "w") as f:
        for d in ans["internal"]:
            f.write(json.dumps({"itemsize": d["itemsize"], "shape": text(d["shape"]), "strides": text(d["strides"]),
                                "overlap": int(d["overlap"])}) + "\n")
    counts = {}
    for d in ans["dio"]:
        counts[d["result"]] = counts.get(d["result"], 0) + 1
    print("diophantine answers by kind (0 no, 1 yes, 2 too hard, 3 overflow):", dict(sorted(counts.items())),
          "; internal overlaps:", sum(d["overlap"] for d in ans["internal"]), "of", len(ans["internal"]))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--in-reference":
        in_reference(sys.argv[2], sys.argv[3])
    else:
        main()
