#!/usr/bin/env python3
"""Refreshes the expected text of the upstream ports, tests/data/upstream.jsonl (run by
tests/core/programs/test_upstream.cpp): each case's program is the data (edit it there); its
"expected" is what ../shared/oracle/refpy (Python 3.13, NumPy 2.2, PyTorch 2.6) prints.

    cmake --build build/native --target stridelab_py
    python3 tests/tools/gen_upstream.py [build/native/stridelab_py]

Cases whose engine output differs are listed in tests/data/upstream_pending.txt
("issue<TAB>name"; entries already there keep their issue, new ones get 13).
"""
import json, pathlib, subprocess, sys, tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
REFPY = ROOT.parent / "shared" / "oracle" / "refpy"
DATA = ROOT / "tests" / "data"


def as_case_text(stdout, stderr, rc):
    """Mode 1 of tests/core/program_cases.hpp: stdout, then '!' and the traceback's last line."""
    if rc == 0:
        return stdout
    return stdout + "!" + [l for l in stderr.split("\n") if l.strip()][-1]


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "build/native/stridelab_py")
    cases = [json.loads(l) for l in (DATA / "upstream.jsonl").read_text().splitlines() if l]
    pending_file = DATA / "upstream_pending.txt"
    old = {}
    if pending_file.exists():
        for line in pending_file.read_text().splitlines():
            if line and not line.startswith("#"):
                issue, name = line.split("\t")[:2]
                old[name] = issue
    work = pathlib.Path(tempfile.mkdtemp(dir=ROOT / "build"))
    pending = []
    for c in cases:
        (work / "prog.py").write_text(c["code"])
        ref = subprocess.run([str(REFPY), str(work / "prog.py")], capture_output=True, text=True, cwd=work)
        c["mode"] = 1
        c["expected"] = as_case_text(ref.stdout, ref.stderr, ref.returncode)
        ours = subprocess.run([binary, str(work / "prog.py")], capture_output=True, text=True, cwd=work)
        if as_case_text(ours.stdout, ours.stderr, ours.returncode) != c["expected"]:
            pending.append((old.get(c["name"], "13"), c["name"]))
    with open(DATA / "upstream.jsonl", "w") as f:
        for c in cases:
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
    with open(pending_file, "w") as f:
        f.write("# Upstream ports whose output differs from the reference's (tests/data/upstream.jsonl):\n"
                "# issue<TAB>name. Written by tests/tools/gen_upstream.py.\n")
        for issue, name in sorted(pending):
            f.write(issue + "\t" + name + "\n")
    print(f"{len(cases)} cases; {len(pending)} pending")


main()
