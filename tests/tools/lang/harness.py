#!/usr/bin/python3
"""Differential harness: runs corpus programs through CPython and stridelab_py."""
import pathlib
HERE = pathlib.Path(__file__).resolve().parent
import os, re, sys, json, subprocess, tempfile, glob

CARET = re.compile(r'^\s*[\^~]+\s*$')

def parse_corpus(paths):
    cases = []
    for p in paths:
        topic = os.path.splitext(os.path.basename(p))[0]
        cur = None
        for line in open(p).read().split('\n'):
            if line.startswith('## '):
                topic = line[3:].strip(); continue
            if line.startswith('###'):
                if cur is not None: cases.append(cur)
                name = line[3:].strip()
                cur = {'topic': topic, 'name': name, 'lines': []}
                continue
            if cur is not None: cur['lines'].append(line)
        if cur is not None: cases.append(cur)
    for c in cases:
        ls = c.pop('lines')
        while ls and ls[-1] == '': ls.pop()
        c['code'] = '\n'.join(ls) + '\n'
    return cases

def norm_tb(err, path, keep_carets):
    err = err.replace('"' + path + '"', '"prog.py"').replace('"<stdin>"', '"prog.py"')
    out = []
    for l in err.split('\n'):
        if not keep_carets and CARET.match(l): continue
        out.append(l)
    return '\n'.join(out)

def run(cmd, path, cwd):
    try:
        r = subprocess.run(cmd + [path], capture_output=True, text=True, timeout=30, cwd=cwd,
                           env=dict(os.environ, PYTHONHASHSEED='0'))
        return r.stdout, r.stderr, r.returncode
    except subprocess.TimeoutExpired:
        return '', 'TIMEOUT\n', -9

def last_line(err):
    ls = [l for l in err.split('\n') if l.strip()]
    return ls[-1] if ls else ''

def main():
    binp = sys.argv[1]
    files = sys.argv[2:] or sorted(glob.glob(str(HERE / 'corpus' / '*.txt')))
    cases = parse_corpus(files)
    tmp = tempfile.mkdtemp()
    path = os.path.join(tmp, 'prog.py')
    res = []
    nbad = 0
    for c in cases:
        open(path, 'w').write(c['code'])
        so, se, rc = run(['/usr/bin/python3'], path, tmp)
        oo, oe, orc = run([binp], path, tmp)
        syn = bool(re.match(r'(SyntaxError|IndentationError|TabError)', last_line(se))) and 'Traceback' not in se
        ex_tb = norm_tb(se, path, syn) if rc else ''
        our_tb = norm_tb(oe, path, syn) if orc else ''
        c.update(stdout=so, error=last_line(se) if rc else None, tb=ex_tb, syntax=syn)
        ok_out = so == oo
        ok_err = (last_line(se) if rc else None) == (last_line(oe) if orc else None)
        ok_tb = ex_tb == our_tb
        c['ok'] = ok_out and ok_err
        c['ok_tb'] = ok_tb
        if not (ok_out and ok_err and ok_tb):
            nbad += 1
            print('=== MISMATCH %s/%s (out=%s err=%s tb=%s)' % (c['topic'], c['name'], ok_out, ok_err, ok_tb))
            print(c['code'].rstrip())
            if not ok_out:
                print('--- cpython stdout:\n' + so + '--- ours:\n' + oo, end='')
            if not (ok_err and ok_tb):
                print('--- cpython stderr:\n' + ex_tb + '--- ours:\n' + our_tb)
        res.append(c)
    json.dump(res, open(HERE / 'results.json', 'w'), indent=1)
    print('%d cases, %d mismatches' % (len(cases), nbad))

main()
