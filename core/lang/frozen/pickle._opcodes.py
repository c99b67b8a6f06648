# pickle._opcodes: the rest of pickle's public names (CPython 3.13's
# Lib/pickle.py): the opcodes as bytes, the format versions, encode_long /
# decode_long, whichmodule and PickleBuffer, attached to pickle (C++,
# core/lang/modules/pickle_module.cpp) at its first missing name.
import io
import re
import sys
import types
import pickle
from functools import partial
from itertools import islice
from struct import pack, unpack

_ops = {'ADDITEMS': b'\x90', 'APPEND': b'a', 'APPENDS': b'e', 'BINBYTES': b'B', 'BINBYTES8': b'\x8e', 'BINFLOAT': b'G',
        'BINGET': b'h', 'BININT': b'J', 'BININT1': b'K', 'BININT2': b'M', 'BINPERSID': b'Q', 'BINPUT': b'q',
        'BINSTRING': b'T', 'BINUNICODE': b'X', 'BINUNICODE8': b'\x8d', 'BUILD': b'b', 'BYTEARRAY8': b'\x96', 'DICT':
        b'd', 'DUP': b'2', 'EMPTY_DICT': b'}', 'EMPTY_LIST': b']', 'EMPTY_SET': b'\x8f', 'EMPTY_TUPLE': b')', 'EXT1':
        b'\x82', 'EXT2': b'\x83', 'EXT4': b'\x84', 'FALSE': b'I00\n', 'FLOAT': b'F', 'FRAME': b'\x95', 'FROZENSET':
        b'\x91', 'GET': b'g', 'GLOBAL': b'c', 'INST': b'i', 'INT': b'I', 'LIST': b'l', 'LONG': b'L', 'LONG1': b'\x8a',
        'LONG4': b'\x8b', 'LONG_BINGET': b'j', 'LONG_BINPUT': b'r', 'MARK': b'(', 'MEMOIZE': b'\x94', 'NEWFALSE':
        b'\x89', 'NEWOBJ': b'\x81', 'NEWOBJ_EX': b'\x92', 'NEWTRUE': b'\x88', 'NEXT_BUFFER': b'\x97', 'NONE': b'N',
        'OBJ': b'o', 'PERSID': b'P', 'POP': b'0', 'POP_MARK': b'1', 'PROTO': b'\x80', 'PUT': b'p', 'READONLY_BUFFER':
        b'\x98', 'REDUCE': b'R', 'SETITEM': b's', 'SETITEMS': b'u', 'SHORT_BINBYTES': b'C', 'SHORT_BINSTRING': b'U',
        'SHORT_BINUNICODE': b'\x8c', 'STACK_GLOBAL': b'\x93', 'STOP': b'.', 'STRING': b'S', 'TRUE': b'I01\n', 'TUPLE':
        b't', 'TUPLE1': b'\x85', 'TUPLE2': b'\x86', 'TUPLE3': b'\x87', 'UNICODE': b'V'}
for _k, _v in _ops.items():
    setattr(pickle, _k, _v)


def encode_long(x):
    # mirrors pickle.encode_long: little-endian two's complement, as few bytes as hold x
    if x == 0:
        return b''
    n = (x.bit_length() >> 3) + 1
    v = x % (1 << (8 * n))
    out = bytes((v >> (8 * i)) & 0xff for i in range(n))
    if x < 0 and n > 1 and out[-1] == 0xff and out[-2] & 0x80:
        out = out[:-1]
    return out


def decode_long(data):
    v = 0
    for i, b in enumerate(data):
        v |= b << (8 * i)
    if data and data[-1] & 0x80:
        v -= 1 << (8 * len(data))
    return v


def whichmodule(obj, name):
    # mirrors pickle.whichmodule: the object's __module__, else the module that holds it
    module_name = getattr(obj, '__module__', None)
    if module_name is not None:
        return module_name
    import builtins
    for module_name, module in sorted(sys.modules.items()):
        if module_name != '__main__' and getattr(module, name, None) is obj:
            return module_name
    return '__main__'


class PickleBuffer:
    # pickle.PickleBuffer: a buffer handed to protocol 5 out of band
    __module__ = 'pickle'

    def __init__(self, buffer):
        self._view = memoryview(buffer)

    def raw(self):
        if self._view is None:
            raise ValueError('operation forbidden on released PickleBuffer object')
        if not self._view.c_contiguous:
            raise BufferError('cannot extract raw buffer from non-contiguous buffer')
        return self._view.cast('B')

    def release(self):
        if self._view is not None:
            self._view.release()
        self._view = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.release()


for _k, _v in (('encode_long', encode_long), ('decode_long', decode_long), ('whichmodule', whichmodule),
               ('PickleBuffer', PickleBuffer), ('io', io), ('re', re), ('sys', sys), ('partial', partial),
               ('islice', islice), ('pack', pack), ('unpack', unpack), ('FunctionType', types.FunctionType),
               ('maxsize', sys.maxsize), ('bytes_types', (bytes, bytearray)), ('format_version', '4.0'),
               ('compatible_formats', ['1.0', '1.1', '1.2', '1.3', '2.0', '3.0', '4.0', '5.0'])):
    setattr(pickle, _k, _v)
