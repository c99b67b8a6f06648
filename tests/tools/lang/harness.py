#!/usr/bin/env python3
"""The language and printing corpus: records the reference's output for every program
of tests/tools/lang/corpus/*.txt and writes tests/data/lang/<topic>.jsonl, which
tests/core/programs/test_corpus.cpp runs through the engine.

    cmake --build build/native --target stridelab_py
    python3 tests/tools/lang/harness.py [build/native/stridelab_py] [--topics a,b]

--topics re-records only those topics (the others' files and pending entries stay).
--issue N gives new pending entries issue N instead of 13 (a topic that an open issue owns).
--pending-only keeps every recorded expectation and recomputes pending.txt from the
engine alone (after an engine change; no refpy run).

The expected text is what ../shared/oracle/refpy (Python 3.13, NumPy 2.2, PyTorch 2.6)
printed for the program run as a file prog.py (ref_runner.py). Errors end the text with
'!' and the traceback's last line (mode 1) or, for the syntax and tracebacks topics, the
whole traceback with CPython's ^~ position lines dropped (mode 2; kept for syntax errors).
The same programs run through the native runner; the ones whose text differs are listed in
tests/data/lang/pending.txt with the issue that owns them (entries already there keep
theirs; new ones get 13, the move to the new reference), and the test reports them.
"""
import json, os, pathlib, re, subprocess, sys, tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
REFPY = ROOT.parent / "shared" / "oracle" / "refpy"
OUT = ROOT / "tests" / "data" / "lang"
CARET = re.compile(r'^\s*[\^~]+\s*$')
WHOLE_TRACEBACK = ("syntax", "tracebacks")


def parse_corpus(paths):
    cases = []
    for p in paths:
        topic = os.path.splitext(os.path.basename(p))[0]
        cur = None
        for line in open(p).read().split('\n'):
            if line.startswith('## '):
                topic = line[3:].strip()
                continue
            if line.startswith('###'):
                if cur is not None:
                    cases.append(cur)
                cur = {'topic': topic, 'name': line[3:].strip(), 'lines': []}
                continue
            if cur is not None:
                cur['lines'].append(line)
        if cur is not None:
            cases.append(cur)
    for c in cases:
        ls = c.pop('lines')
        while ls and ls[-1] == '':
            ls.pop()
        c['code'] = '\n'.join(ls) + '\n'
    return cases


def is_syntax(err):
    lines = [l for l in err.split('\n') if l.strip()]
    return bool(lines) and bool(re.match(r'(SyntaxError|IndentationError|TabError)', lines[-1])) and 'Traceback' not in err


def text(topic, stdout, stderr, rc):
    """The corpus's form of a run (tests/core/program_cases.hpp): stdout, then '!' and the error."""
    if rc == 0:
        return stdout, 0
    err = stderr.replace('"<stdin>"', '"prog.py"')
    if topic in WHOLE_TRACEBACK:
        keep = is_syntax(err)
        tb = '\n'.join(l for l in err.split('\n') if keep or not CARET.match(l))
        return stdout + '!' + tb.rstrip('\n') + '\n', 2
    lines = [l for l in err.split('\n') if l.strip()]
    return stdout + '!' + (lines[-1] if lines else ''), 1


def run_reference(cases):
    work = pathlib.Path(tempfile.mkdtemp(dir=ROOT / "build"))
    (work / "cases.json").write_text(json.dumps([{"code": c["code"]} for c in cases]))
    subprocess.run([str(REFPY), str(HERE / "ref_runner.py"), str(work / "cases.json"), str(work / "out.json")],
                   check=True, cwd=ROOT)
    return json.loads((work / "out.json").read_text())


def run_ours(binary, code):
    tmp = tempfile.mkdtemp()
    path = os.path.join(tmp, 'prog.py')
    open(path, 'w').write(code)
    r = subprocess.run([binary, path], capture_output=True, text=True, timeout=60, cwd=tmp)
    return r.stdout, r.stderr.replace('"' + path + '"', '"prog.py"'), r.returncode


def main():
    args = sys.argv[1:]
    only = None
    if '--topics' in args:
        i = args.index('--topics')
        only = set(args[i + 1].split(','))
        del args[i:i + 2]
    new_issue = '13'
    if '--issue' in args:
        i = args.index('--issue')
        new_issue = args[i + 1]
        del args[i:i + 2]
    pending_only = '--pending-only' in args
    if pending_only:
        args.remove('--pending-only')
    binary = os.path.abspath(args[0]) if args else str(ROOT / "build/native/stridelab_py")
    cases = parse_corpus(sorted((HERE / 'corpus').glob('*.txt')))
    if only is not None:
        unknown = only - {c['topic'] for c in cases}
        if unknown:
            sys.exit('no such topic: ' + ', '.join(sorted(unknown)))
        cases = [c for c in cases if c['topic'] in only]
    if pending_only:
        recorded = {}
        for f in OUT.glob('*.jsonl'):
            for line in f.read_text().splitlines():
                r = json.loads(line)
                recorded[(f.stem, r['name'])] = r
        cases = [c for c in cases if (c['topic'], c['name']) in recorded]
        ref = None
    else:
        ref = run_reference(cases)
    old = {}
    pending_file = OUT / "pending.txt"
    if pending_file.exists():
        for line in pending_file.read_text().splitlines():
            if line and not line.startswith('#'):
                issue, case_id = line.split('\t')[:2]
                old[case_id] = issue
    by_topic = {}
    # entries of topics not re-recorded now are kept as they are
    pending = [(issue, cid) for cid, issue in old.items() if only is not None and cid.split('/')[0] not in only]
    for i, c in enumerate(cases):
        if ref is None:
            rec = recorded[(c['topic'], c['name'])]
            exp, mode = rec['expected'], rec['mode']
        else:
            r = ref[i]
            exp, mode = text(c['topic'], r['stdout'], r['stderr'], r['rc'])
        by_topic.setdefault(c['topic'], []).append({'name': c['name'], 'mode': mode, 'code': c['code'], 'expected': exp})
        ours = run_ours(binary, c['code'])
        got, _ = text(c['topic'], *ours)
        if mode == 1 and ours[2] != 0:  # the engine's traceback: compare its last line only
            got = ours[0] + '!' + ([l for l in ours[1].split('\n') if l.strip()] or [''])[-1]
        if got != exp:
            case_id = c['topic'] + '/' + c['name']
            pending.append((old.get(case_id, new_issue), case_id))
    OUT.mkdir(parents=True, exist_ok=True)
    if not pending_only:  # the recorded expectations stay as they are
        for f in OUT.glob('*.jsonl'):
            if only is None or f.stem in only:
                f.unlink()
        for topic, cs in by_topic.items():
            with open(OUT / (topic + '.jsonl'), 'w') as f:
                for c in cs:
                    f.write(json.dumps(c, ensure_ascii=False) + '\n')
    with open(pending_file, 'w') as f:
        f.write("# Corpus programs whose output differs from the reference's (tests/data/lang/*.jsonl):\n"
                "# issue<TAB>topic/name. Written by tests/tools/lang/harness.py; test_corpus.cpp reports\n"
                "# them per issue, and reports XPASS for an entry that passes (remove it then).\n")
        for issue, case_id in sorted(pending):
            f.write(issue + '\t' + case_id + '\n')
    print('%d programs, %d pending' % (len(cases), len(pending)))


main()
