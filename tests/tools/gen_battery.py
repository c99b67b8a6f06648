#!/usr/bin/env python3
"""The bad-input battery's reference half: writes tests/data/battery_oracle.jsonl (run by
tests/core/programs/test_corpus.cpp) from the programs of tests/tools/battery_programs.py.

    cmake --build build/native --target stridelab_py
    python3 tests/tools/gen_battery.py [build/native/stridelab_py]

Each program prints one entry per expression ("EXPR -> RESULT"); the expected text is
what ../shared/oracle/refpy (Python 3.13, NumPy 2.2, PyTorch 2.6, AVX2 dispatch) printed.
The same programs run through the native runner; the entries whose text differs are
listed in tests/data/battery_oracle_pending.txt ("issue<TAB>program/EXPR"; entries
already there keep their issue, new ones get 13, the move to the new reference), and
the test reports them. tests/data/battery_wasm_pending.txt (hand-kept) lists the
entries that glibc's libm gives natively and musl does not under wasm.
"""
import json, os, pathlib, subprocess, sys, tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from battery_programs import PROGRAMS

ROOT = HERE.parents[1]
REFPY = ROOT.parent / "shared" / "oracle" / "refpy"
DATA = ROOT / "tests" / "data"


def entries(text):
    """{EXPR: entry text}, as test_corpus.cpp splits a program's output."""
    out, cur = {}, None
    for line in text.split("\n")[:-1] if text.endswith("\n") else text.split("\n"):
        arrow = line.find(" -> ")
        if line and line[0] != " " and arrow >= 0:
            cur = line[:arrow]
            out[cur] = line + "\n"
        elif cur is None:
            cur = ""
            out[cur] = line + "\n"
        else:
            out[cur] += line + "\n"
    return out


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "build/native/stridelab_py")
    work = pathlib.Path(tempfile.mkdtemp(dir=ROOT / "build"))
    old = {}
    pending_file = DATA / "battery_oracle_pending.txt"
    if pending_file.exists():
        for line in pending_file.read_text().splitlines():
            if line and not line.startswith("#"):
                issue, key = line.split("\t")[:2]
                old[key] = issue
    records, pending = [], []
    for name, make in PROGRAMS.items():
        code = make()
        (work / "prog.py").write_text(code)
        ref = subprocess.run([str(REFPY), str(work / "prog.py")], capture_output=True, text=True, cwd=work)
        if ref.returncode != 0:
            sys.exit(f"{name}: the reference failed: {ref.stderr}")
        records.append({"name": name, "code": code, "expected": ref.stdout})
        ours = subprocess.run([binary, str(work / "prog.py")], capture_output=True, text=True, cwd=work)
        got = ours.stdout
        if ours.returncode != 0:
            got += "!" + [l for l in ours.stderr.split("\n") if l.strip()][-1]
        want, have = entries(ref.stdout), entries(got)
        for expr in want.keys() | have.keys():
            if want.get(expr) != have.get(expr):
                key = name + "/" + expr
                pending.append((old.get(key, "13"), key))
    with open(DATA / "battery_oracle.jsonl", "w") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(pending_file, "w") as f:
        f.write("# Battery entries whose text differs from the reference's (tests/data/battery_oracle.jsonl):\n"
                "# issue<TAB>program/EXPR. Written by tests/tools/gen_battery.py; test_corpus.cpp reports\n"
                "# them per issue, and reports XPASS for an entry that passes (remove it then).\n")
        for issue, key in sorted(pending):
            f.write(issue + "\t" + key + "\n")
    print(f"wrote {len(records)} programs; {len(pending)} entries pending")


main()
