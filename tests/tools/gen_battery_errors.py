#!/usr/bin/env python3
"""Records the reference's outcome of every bad call of the battery
(tests/core/programs/test_battery.cpp: every public callable of numpy, torch, math and the
builtins, every ndarray and Tensor method, with wrong types and arity).

    cmake --build build/native --target stridelab_tests
    python3 tests/tools/gen_battery_errors.py [--all] [build/native/stridelab_tests]

1. asks the Catch2 binary for its call list (the hidden test [battery-calls]),
   with stridelab's own outcome of each call;
2. runs every call through the reference, ../shared/oracle/refpy
   (tests/tools/battery_errors_ref.py: Python 3.13, NumPy 2.2, PyTorch 2.6);
3. writes tests/data/battery_errors.jsonl ({"call", "error"}: the exception type the
   reference raised, "" when the call returned, "<crash>" when it killed the reference
   process: stridelab must raise some Python error there; a call already recorded
   keeps its recorded outcome, since the reference does not change, so only new calls
   run through it; --all runs every call again) and
   tests/data/battery_errors_pending.jsonl: the calls (and programs) where stridelab's
   outcome differs, each with the issue that owns it (a program: 14;
   a missing name or method: 14 for Python, 15 for NumPy, 16 for PyTorch; any other
   difference: 13, the NumPy 2 / Python 3.13 reference). Pending entries already in
   the file keep their issue; run from the repository root.
"""
import json, os, pathlib, subprocess, sys, tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
REFPY = ROOT.parent / "shared" / "oracle" / "refpy"
DATA = ROOT / "tests" / "data"


def owning_issue(call, got):
    # torch.nn, autograd and grad mode: the PyTorch issue
    if call.startswith(("torch.nn.", "torch.autograd.", "torch.no_grad", "torch.enable_grad", "torch.inference_mode",
                        "torch.set_grad_enabled", "t.backward", "t.requires_grad_", "t.retain_grad")):
        return "16"
    if got in ("AttributeError", "NameError", "NotImplementedError", "ModuleNotFoundError"):
        if call.startswith(("np.", "a.")):
            return "15"
        if call.startswith(("torch.", "t.")):
            return "16"
        return "14"
    return "13"


def main():
    args = sys.argv[1:]
    rerun_all = "--all" in args
    args = [a for a in args if a != "--all"]
    binary = args[0] if args else str(ROOT / "build/native/stridelab_tests")
    work = pathlib.Path(tempfile.mkdtemp(dir=ROOT / "build"))
    calls_file, ref_file = work / "calls.jsonl", work / "ref.jsonl"
    subprocess.run([binary, "[battery-calls]"], check=True, stdout=subprocess.DEVNULL,
                   env=dict(os.environ, STRIDELAB_BATTERY_CALLS=str(calls_file)))
    key = lambda r: ("call", r["call"]) if "call" in r else ("program", r["program"])
    text = lambda p: p.read_text(encoding="utf-8", errors="surrogateescape")
    ours = {key(r): r["got"] for r in map(json.loads, text(calls_file).splitlines()[1:])}
    recorded = {}
    if not rerun_all and (DATA / "battery_errors.jsonl").exists():
        for r in map(json.loads, text(DATA / "battery_errors.jsonl").splitlines()):
            recorded[key(r)] = r
    calls = [c for c in ours if c not in recorded]
    print(f"{len(ours)} calls, {len(calls)} not recorded yet: running those through the reference", file=sys.stderr)
    new_calls_file = work / "new_calls.jsonl"
    header = text(calls_file).splitlines()[0]
    with open(new_calls_file, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(header + "\n")
        for kind, what in calls:
            f.write(json.dumps({kind: what, "got": ours[(kind, what)]}) + "\n")
    calls_file = new_calls_file
    ref_file.write_text("")
    # A call that kills the reference process (NumPy and PyTorch have such
    # inputs) is recorded as "<crash>"; the run goes on from the next call.
    while True:
        done = len(ref_file.read_text().splitlines())
        if done == len(calls):
            break
        r = subprocess.run([str(REFPY), str(pathlib.Path(__file__).resolve().parent / "battery_errors_ref.py"),
                            str(calls_file), str(ref_file), str(done)], cwd=ROOT, stderr=subprocess.PIPE, text=True)
        done = len(ref_file.read_text().splitlines())
        if r.returncode != 0 and done < len(calls):
            print(f"the reference died at {calls[done][1]!r}: {r.stderr.strip().splitlines()[-1:]} ", file=sys.stderr)
            with open(ref_file, "a") as f:
                f.write(json.dumps({calls[done][0]: calls[done][1], "error": "<crash>"}) + "\n")
    fresh = [json.loads(l) for l in text(ref_file).splitlines()]
    assert [key(r) for r in fresh] == calls, "the reference run did not answer every call"
    by_key = dict(recorded)
    by_key.update({key(r): r for r in fresh})
    ref = [by_key[c] for c in ours]  # the battery's order; calls it no longer makes are dropped
    old_issue = {}
    pending_file = DATA / "battery_errors_pending.jsonl"
    if pending_file.exists():
        for p in map(json.loads, text(pending_file).splitlines()):
            old_issue[key(p)] = p["issue"]
    with open(DATA / "battery_errors.jsonl", "w") as f:
        for r in ref:
            f.write(json.dumps(r) + "\n")
    pending = []
    for r in ref:
        kind, what = key(r)
        got = ours[(kind, what)]
        if got != r["error"] and not (r["error"] == "<crash>" and got):
            issue = old_issue.get((kind, what)) or ("14" if kind == "program" else owning_issue(what, got))
            pending.append({"issue": issue, kind: what, "reference": r["error"], "stridelab": got})
    pending.sort(key=lambda p: (p["issue"], key(p)))
    with open(pending_file, "w") as f:
        for p in pending:
            f.write(json.dumps(p) + "\n")
    counts = {}
    for p in pending:
        counts[p["issue"]] = counts.get(p["issue"], 0) + 1
    print(f"{len(ref)} calls recorded; {len(pending)} pending: " + ", ".join(f"issue {k}: {v}" for k, v in sorted(counts.items())))


main()
