# json.encoder: JSONEncoder (CPython 3.13's Lib/json/encoder.py API), written
# here over the C++ dumps (core/lang/modules/json_module.cpp), which calls it
# for dumps(cls=...); attached to json at its first missing name.
import json


class JSONEncoder:
    item_separator = ', '
    key_separator = ': '

    def __init__(self, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, sort_keys=False,
                 indent=None, separators=None, default=None):
        self.skipkeys, self.ensure_ascii, self.check_circular = skipkeys, ensure_ascii, check_circular
        self.allow_nan, self.sort_keys, self.indent = allow_nan, sort_keys, indent
        if separators is not None:
            self.item_separator, self.key_separator = separators
        elif indent is not None:
            self.item_separator = ','
        if default is not None:
            self.default = default

    def default(self, o):
        raise TypeError(f'Object of type {o.__class__.__name__} is not JSON serializable')

    def encode(self, o):
        return json.dumps(o, skipkeys=self.skipkeys, ensure_ascii=self.ensure_ascii, allow_nan=self.allow_nan,
                          sort_keys=self.sort_keys, indent=self.indent,
                          separators=(self.item_separator, self.key_separator), default=self.default)

    def iterencode(self, o, _one_shot=False):
        return iter([self.encode(o)])


json.JSONEncoder = JSONEncoder
