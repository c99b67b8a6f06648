# json.scanner: make_scanner (CPython 3.13's Lib/json/scanner.py API): a
# scan_once(string, idx) -> (value, end) over the context's JSONDecoder.
import json

__all__ = ['make_scanner']


def make_scanner(context):
    def scan_once(string, idx):
        if idx < 0 or idx >= len(string):
            raise StopIteration(idx)
        try:
            return context.raw_decode(string, idx)
        except json.JSONDecodeError as e:
            if e.pos == idx:
                raise StopIteration(idx) from None
            raise
    return scan_once
