# Regenerates tests/data/files/ref.* and read_files.expected with the reference:
#     ../shared/oracle/refpy tests/tools/gen_file_interop.py
# It runs write_files.py in tests/data/files (the reference's own files, which
# test_file_interop.cpp requires stridelab to write byte for byte), then
# read_files.py on them (the text stridelab must print reading them), and,
# when given a folder of files stridelab wrote (the same names), reads those
# with the reference too: `refpy tests/tools/gen_file_interop.py --check DIR`.
import os, pathlib, subprocess, sys
HERE = pathlib.Path(__file__).resolve().parents[1] / 'data' / 'files'
def run(prog, cwd):
    r = subprocess.run([sys.executable, str(HERE / prog)], cwd=cwd, capture_output=True, text=True)
    if r.returncode:
        sys.exit(r.stderr)
    return r.stdout
if len(sys.argv) == 3 and sys.argv[1] == '--check':
    out = run('read_files.py', sys.argv[2])
    expected = (HERE / 'read_files.expected').read_text()
    print('same as the reference reading its own files' if out == expected else 'DIFFERENT:\n' + out)
    sys.exit(out != expected)
run('write_files.py', HERE)
(HERE / 'read_files.expected').write_text(run('read_files.py', HERE))
print('wrote', sorted(p.name for p in HERE.iterdir()))
