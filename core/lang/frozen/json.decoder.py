# json.decoder: JSONDecoder and detect_encoding (CPython 3.13's
# Lib/json/decoder.py and __init__.py API), written here over the C++ loads
# (core/lang/modules/json_module.cpp), which calls it for loads with hooks or
# cls=; attached to json at its first missing name. The hooks run on the
# parsed values: parse_int gets the integer's digits exactly, parse_float the
# float's repr (the parser has already made a float of the text).
import json
from json import JSONDecodeError


class JSONDecoder:
    def __init__(self, *, object_hook=None, parse_float=None, parse_int=None, parse_constant=None, strict=True,
                 object_pairs_hook=None):
        self.object_hook, self.parse_float, self.parse_int = object_hook, parse_float, parse_int
        self.parse_constant, self.strict, self.object_pairs_hook = parse_constant, strict, object_pairs_hook

    def _hook(self, v):
        if isinstance(v, dict):
            pairs = [(k, self._hook(x)) for k, x in v.items()]
            if self.object_pairs_hook is not None:
                return self.object_pairs_hook(pairs)
            d = dict(pairs)
            return self.object_hook(d) if self.object_hook is not None else d
        if isinstance(v, list):
            return [self._hook(x) for x in v]
        if isinstance(v, bool) or v is None:
            return v
        if isinstance(v, int):
            return self.parse_int(str(v)) if self.parse_int is not None else v
        if isinstance(v, float):
            if v != v or v in (float('inf'), float('-inf')):
                text = 'NaN' if v != v else 'Infinity' if v > 0 else '-Infinity'
                return self.parse_constant(text) if self.parse_constant is not None else v
            return self.parse_float(repr(v)) if self.parse_float is not None else v
        return v

    def decode(self, s):
        return self._hook(json.loads(s))

    def raw_decode(self, s, idx=0):
        try:
            return self._hook(json.loads(s[idx:])), len(s)
        except JSONDecodeError as e:
            if e.msg != 'Extra data':
                raise JSONDecodeError(e.msg, s, e.pos + idx) from None
            end = idx + e.pos
            while end > idx and s[end - 1] in ' \t\n\r':
                end -= 1
            return self._hook(json.loads(s[idx:end])), end





def detect_encoding(b):
    # mirrors json.detect_encoding: a BOM, else the pattern of zero bytes
    if b.startswith((b'\x00\x00\xfe\xff', b'\xff\xfe\x00\x00')):
        return 'utf-32'
    if b.startswith((b'\xfe\xff', b'\xff\xfe')):
        return 'utf-16'
    if b.startswith(b'\xef\xbb\xbf'):
        return 'utf-8-sig'
    if len(b) >= 4:
        if not b[0]:
            return 'utf-16-be' if b[1] else 'utf-32-be'
        if not b[1]:
            return 'utf-16-le' if b[2] or b[3] else 'utf-32-le'
    elif len(b) == 2:
        if not b[0]:
            return 'utf-16-be'
        if not b[1]:
            return 'utf-16-le'
    return 'utf-8'


json.JSONDecoder, json.detect_encoding = JSONDecoder, detect_encoding
