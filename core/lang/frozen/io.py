# io: the public face of the _io stack (CPython's Lib/io.py): the classes and
# open() of _io (frozen _io.py), and the abstract bases IOBase, RawIOBase,
# BufferedIOBase and TextIOBase, which every file object here derives from.
from _io import (DEFAULT_BUFFER_SIZE, BlockingIOError, UnsupportedOperation, open, open_code, FileIO, BytesIO,
                 StringIO, BufferedReader, BufferedWriter, BufferedRWPair, BufferedRandom, IncrementalNewlineDecoder,
                 text_encoding, TextIOWrapper, _IOBase, _RawIOBase, _BufferedIOBase, _TextIOBase)

__all__ = ["BlockingIOError", "open", "open_code", "IOBase", "RawIOBase", "FileIO", "BytesIO", "StringIO",
           "BufferedIOBase", "BufferedReader", "BufferedWriter", "BufferedRWPair", "BufferedRandom", "TextIOBase",
           "TextIOWrapper", "UnsupportedOperation", "SEEK_SET", "SEEK_CUR", "SEEK_END", "DEFAULT_BUFFER_SIZE",
           "text_encoding", "IncrementalNewlineDecoder"]

SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2

IOBase = _IOBase
RawIOBase = _RawIOBase
BufferedIOBase = _BufferedIOBase
TextIOBase = _TextIOBase
