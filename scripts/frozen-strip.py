#!/usr/bin/env python3
"""The frozen modules as the engine embeds them: each core/lang/frozen/*.py with
its comment-only lines emptied (the newline kept, so every line number, and the
text linecache shows for a line that runs, is the file's own). Comments are
found by Python's tokenizer, so a '#' inside a string or docstring stays.
About 25 KB of the shipped engine (gzip), README "Download size".

    frozen-strip.py OUTDIR SOURCE.py...   writes OUTDIR/<name>.py when it differs
"""
import io
import pathlib
import sys
import tokenize


def stripped(text):
    lines = text.splitlines(keepends=True)
    drop = set()
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT:
            row, col = tok.start
            if lines[row - 1][:col].strip() == "":
                drop.add(row - 1)
    return "".join("\n" if i in drop else line for i, line in enumerate(lines))


def main():
    out = pathlib.Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for src in map(pathlib.Path, sys.argv[2:]):
        text = stripped(src.read_text(encoding="utf-8"))
        dst = out / src.name
        if not dst.exists() or dst.read_text(encoding="utf-8") != text:
            dst.write_text(text, encoding="utf-8")


main()
