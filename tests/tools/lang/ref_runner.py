# Runs in the reference interpreter (../shared/oracle/refpy), driven by harness.py:
# each program of CASES (a JSON list of {"code"}) as its own file prog.py in a fresh
# process of the reference's python3; writes OUT, a JSON list of {stdout, stderr, rc}.
# Each program runs in a fresh, empty working directory (prog.py sits beside it), as a
# stridelab session starts in an empty folder of its own file system
# (Note [Session file system], core/lang/modules/memfs.hpp): what one program writes
# is never seen by the next, and os.listdir() starts empty.
import json, os, subprocess, sys, tempfile

cases = json.load(open(sys.argv[1]))
tmp = tempfile.mkdtemp()
path = os.path.join(tmp, "prog.py")
out = []
for c in cases:
    with open(path, "w") as f:
        f.write(c["code"])
    cwd = tempfile.mkdtemp(dir=tmp)
    try:
        r = subprocess.run([sys.executable, path], capture_output=True, text=True, timeout=60, cwd=cwd,
                           env=dict(os.environ, PYTHONHASHSEED="0"))
        # Python 3.13 names __main__'s file by its absolute path in tracebacks.
        out.append({"stdout": r.stdout, "stderr": r.stderr.replace('"' + path + '"', '"prog.py"'), "rc": r.returncode})
    except subprocess.TimeoutExpired:
        out.append({"stdout": "", "stderr": "TIMEOUT\n", "rc": -9})
json.dump(out, open(sys.argv[2], "w"))
