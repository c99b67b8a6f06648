"""Native NumPy side of `npm run bench`: reads [{id, code}] (JSON) on stdin, runs each
program (the same Python text stridelab runs) in a fresh namespace, and writes
{id: [seconds...] | {"error": ...}} as JSON on stdout. Run with Debian's /usr/bin/python3
and OPENBLAS_NUM_THREADS=1 (single thread, like the wasm engines)."""
import ast
import contextlib
import io
import json
import sys

import numpy  # noqa: F401  (fail early when python3-numpy is missing)


def main():
    benches = json.load(sys.stdin)
    out = {"numpy": numpy.__version__, "python": sys.version.split()[0], "results": {}}
    for b in benches:
        buf = io.StringIO()
        try:
            with contextlib.redirect_stdout(buf):
                exec(compile(b["code"], "<bench " + b["id"] + ">", "exec"), {"__name__": "__bench__"})
            out["results"][b["id"]] = ast.literal_eval(buf.getvalue().strip().splitlines()[-1])
        except Exception as e:  # report, keep going
            out["results"][b["id"]] = {"error": "%s: %s" % (type(e).__name__, e)}
        print("  numpy   %-12s done" % b["id"], file=sys.stderr, flush=True)
    try:  # which BLAS numpy.matmul really uses (Debian: reference BLAS unless OpenBLAS is installed)
        with open("/proc/self/maps") as f:
            libs = sorted({l.split()[-1].rsplit("/", 1)[-1] for l in f if "blas" in l.lower() or "lapack" in l.lower()})
        out["blas"] = ", ".join(libs) or "unknown"
    except OSError:
        out["blas"] = "unknown"
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
