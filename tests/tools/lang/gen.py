#!/usr/bin/python3
"""Writes tests/data/lang/<topic>.jsonl from tests/tools/lang/results.json (expected text = CPython's),
the corpus tests/core/test_corpus.cpp runs."""
import pathlib
HERE = pathlib.Path(__file__).resolve().parent
import json, sys, collections

res = json.load(open(HERE / 'results.json'))
def expected(c):
    if c['error'] is None:
        return c['stdout'], 0
    if c['ok_tb']:
        return c['stdout'] + '!' + c['tb'].rstrip('\n') + '\n', 2
    return c['stdout'] + '!' + c['error'], 1

def main():
    out_dir = HERE.parents[1] / 'data' / 'lang'
    by_topic = collections.defaultdict(list)
    skipped = []
    for c in res:
        if c['ok'] and (c['ok_tb'] or c['error'] is None or c['topic'] not in ('syntax',)):
            by_topic[c['topic']].append(c)
        else:
            skipped.append(c['topic'] + '/' + c['name'])
    for topic, cs in sorted(by_topic.items()):
        with open(out_dir / (topic + '.jsonl'), 'w') as f:
            for c in cs:
                exp, mode = expected(c)
                f.write(json.dumps({'name': c['name'], 'mode': mode, 'code': c['code'], 'expected': exp}, ensure_ascii=False) + '\n')
        print(topic, len(cs), 'programs')
    print('skipped', len(skipped))
    open(HERE / 'skipped.txt', 'w').write('\n'.join(skipped) + '\n')

main()
