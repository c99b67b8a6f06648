#!/usr/bin/env python3
"""Measures stridelab against NumPy's own user guide (issue 15, item 6).

    python3 tests/tools/docs_measure.py [--rev v2.2.4] [--bin build/native/stridelab_py] [-v]

The pages are not committed: they are read from a git mirror of github.com/numpy/numpy
(the `fetch github:numpy/numpy` tool's /work/.mirror/numpy+numpy/repo, or --numpy-git DIR)
at --rev (default v2.2.4, the reference's NumPy). For each page the `>>>`/`...` examples are
extracted in order and the page is run as ONE REPL session (after `import numpy as np`, as
NumPy's doctest namespace provides) twice: through the reference (../shared/oracle/refpy,
each input compiled in 'single' mode as the interactive interpreter does) and through
`stridelab_py --session` (each input in echo mode in one Interp). An example matches when
both print the same text (an exception counts as "!" + the traceback's last line). As in
NumPy's doctests: blank and comment-only examples and `# doctest: +SKIP` ones are not run; an expected output marked
`# may vary` or `# random` is not compared (the example matches when both runs succeed);
an expected output containing `...` (ELLIPSIS) also matches when both outputs fit it;
`+IGNORE_EXCEPTION_DETAIL` compares the exception's type only.
Prints per page and in total how many examples match.
"""
import argparse, doctest, json, os, pathlib, re, subprocess, sys, tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
REFPY = ROOT.parent / "shared" / "oracle" / "refpy"
PAGES = ["quickstart", "absolute_beginners", "basics.indexing", "basics.copies",
         "basics.broadcasting", "basics.creation", "basics.types", "basics.ufuncs"]
SEP = "\x1e"
PROMPT = re.compile(r'^(\s*)>>> ?(.*)$')

# Runs in the reference: argv[1] = JSON list of inputs, argv[2] = output JSON list.
REF_SESSION = r'''
import io, json, sys, traceback
inputs = json.load(open(sys.argv[1]))
ns = {"__name__": "__main__"}
out = []
real = sys.stdout
for src in inputs:
    buf = io.StringIO()
    sys.stdout = buf
    try:
        exec(compile(src, "<stdin>", "single"), ns)
    except BaseException as e:
        lines = [l for l in traceback.format_exception_only(type(e), e) if l.strip()]
        buf.write("!" + lines[-1].rstrip("\n") + "\n")
    finally:
        sys.stdout = real
    out.append(buf.getvalue())
json.dump(out, open(sys.argv[2], "w"))
'''


def extract(text):
    """The page's examples in order: dicts of source, the documented output, and flags."""
    examples = []
    lines = text.split('\n')
    i = 0
    while i < len(lines):
        m = PROMPT.match(lines[i])
        if not m:
            i += 1
            continue
        indent = len(m.group(1))
        src = [m.group(2)]
        i += 1
        while i < len(lines) and lines[i][indent:indent + 3] == '...' and lines[i][:indent].strip() == '' \
                and (len(lines[i]) == indent + 3 or lines[i][indent + 3] == ' '):
            src.append(lines[i][indent + 4:])
            i += 1
        want = []
        while i < len(lines) and lines[i].strip() and not PROMPT.match(lines[i]):
            want.append(lines[i][indent:])
            i += 1
        code = '\n'.join(src)
        if re.match(r'^\s*(#.*)?$', code):  # doctest ignores blank and comment-only examples
            continue
        wtext = '\n'.join(want) + ('\n' if want else '')
        examples.append({
            'source': code + '\n',
            'want': wtext,
            'skip': bool(re.search(r'doctest:.*\+SKIP', code)),
            'vary': bool(re.search(r'#\s*(may vary|random)', wtext + code)),
            'ignore_detail': bool(re.search(r'doctest:.*\+IGNORE_EXCEPTION_DETAIL', code)),
        })
    return examples


def run_reference(inputs, work):
    (work / "inputs.json").write_text(json.dumps(inputs))
    (work / "ref_session.py").write_text(REF_SESSION)
    subprocess.run([str(REFPY), "ref_session.py", "inputs.json", "out.json"], check=True, cwd=work,
                   stdout=subprocess.DEVNULL)
    return json.loads((work / "out.json").read_text())


def run_ours(binary, inputs, work):
    path = work / "session.txt"
    path.write_text(''.join(src + SEP + '\n' for src in inputs))
    r = subprocess.run([os.path.abspath(binary), "--session", str(path)], capture_output=True, text=True, timeout=600, cwd=work)
    outs = r.stdout.split(SEP + '\n')
    if len(outs) - 1 < len(inputs):  # the runner died: the rest did not run
        outs = outs[:-1] + ['!CRASH: ' + r.stderr.strip()[-200:] + '\n'] * (len(inputs) - len(outs) + 1)
    return outs[:len(inputs)]


def fits(want, got):
    checker = doctest.OutputChecker()
    return checker.check_output(want, got, doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)


def matches(ex, ref, ours):
    if ours == ref:
        return True
    if ex['ignore_detail'] and ours.startswith('!') and ref.startswith('!'):
        return ours.split(':')[0] == ref.split(':')[0]  # the exception's type only
    if ex['vary']:
        return not ours.startswith('!') and not ref.startswith('!')
    if '...' in ex['want'] and not ref.startswith('!'):
        return fits(ex['want'], ref) and fits(ex['want'], ours)
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--rev', default='v2.2.4')
    ap.add_argument('--numpy-git', default='/work/.mirror/numpy+numpy/repo')
    ap.add_argument('--bin', default=str(ROOT / 'build/native/stridelab_py'))
    ap.add_argument('-v', '--verbose', action='store_true', help='print every mismatch')
    ap.add_argument('pages', nargs='*', default=PAGES)
    args = ap.parse_args()
    (ROOT / 'build').mkdir(exist_ok=True)
    total = good = 0
    for page in args.pages:
        text = subprocess.run(['git', '--git-dir=' + args.numpy_git, 'show',
                               '%s:doc/source/user/%s.rst' % (args.rev, page)],
                              check=True, capture_output=True, text=True).stdout
        examples = [e for e in extract(text) if not e['skip']]
        inputs = ['import numpy as np\n'] + [e['source'] for e in examples]
        work = pathlib.Path(tempfile.mkdtemp(dir=ROOT / 'build'))
        ref = run_reference(inputs, work)[1:]
        ours = run_ours(args.bin, inputs, work)[1:]
        n = sum(matches(e, r, o) for e, r, o in zip(examples, ref, ours))
        if args.verbose:
            for k, (e, r, o) in enumerate(zip(examples, ref, ours)):
                if not matches(e, r, o):
                    print('--- %s #%d\n>>> %s--- reference:\n%s--- stridelab:\n%s' % (page, k, e['source'], r, o))
        print('%-20s %4d / %4d' % (page, n, len(examples)))
        total += len(examples)
        good += n
    print('%-20s %4d / %4d  (%.1f%%)' % ('total', good, total, 100.0 * good / max(total, 1)))


main()
