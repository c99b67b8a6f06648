# _io: the io stack of CPython's Modules/_io (iobase.c, fileio.c, bufferedio.c,
# textio.c, bytesio.c, stringio.c, _iomodule.c), written in Python over the
# posix module's descriptors, so it reaches only the session's file system
# (Note [Session file system], core/lang/modules/memfs.hpp).
#
# Layers, as in CPython: FileIO moves bytes to and from a descriptor;
# BufferedReader / BufferedWriter / BufferedRandom hold a FileIO (`raw`) and
# keep written bytes until flush(), close(), a seek, a read or a full buffer
# (so a second handle sees them only then, as on the reference);
# TextIOWrapper holds a buffer, decodes and encodes through the codecs, and
# translates newlines; BytesIO and StringIO are in-memory files. open() parses
# the mode as _io_open_impl does and stacks the layers.
#
# Note [Text file positions]
# CPython's TextIOWrapper.tell() returns an opaque cookie: the byte position
# of a decoder snapshot plus the characters decoded since. For the stateless
# codecs a session uses (UTF-8, ASCII, Latin-1, UTF-16/32 after their BOM),
# that cookie is the byte offset of the next character, which is what tell()
# computes here: the wrapper decodes the rest of the file at its first read
# (`_dec`, starting at byte `_dec_base`) and tell() is `_dec_base` plus the
# length of the encoded characters consumed. A write, seek or truncate first
# moves the buffer back to that offset and drops the decoded text.
import posix

__all__ = ['DEFAULT_BUFFER_SIZE', 'BlockingIOError', 'SEEK_SET', 'SEEK_CUR', 'SEEK_END', 'UnsupportedOperation', 'open', 'open_code',
           'FileIO', 'BytesIO', 'StringIO', 'BufferedReader', 'BufferedWriter', 'BufferedRandom', 'BufferedRWPair',
           'TextIOWrapper', 'IncrementalNewlineDecoder', 'text_encoding', '_IOBase', '_RawIOBase', '_BufferedIOBase',
           '_TextIOBase']

DEFAULT_BUFFER_SIZE = 8192
BlockingIOError = BlockingIOError
SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2


class UnsupportedOperation(OSError, ValueError):
    __module__ = 'io'


def _fspath(file):
    if isinstance(file, (str, bytes)):
        return file
    fspath = getattr(type(file), '__fspath__', None)
    if fspath is None:
        raise TypeError('expected str, bytes or os.PathLike object, not ' + type(file).__name__)
    path = fspath(file)
    if not isinstance(path, (str, bytes)):
        raise TypeError('expected ' + type(file).__name__ + '.__fspath__() to return str or bytes, not ' + type(path).__name__)
    return path


def _is_index(x):
    return isinstance(x, int) or hasattr(type(x), '__index__')


def _index(x):
    return x if isinstance(x, int) else x.__index__()


def _bytes_of(b):
    # the bytes of a bytes-like object (TypeError for anything else)
    if isinstance(b, (bytes, bytearray)):
        return bytes(b)
    try:
        m = memoryview(b)
    except TypeError:
        raise TypeError("a bytes-like object is required, not '" + type(b).__name__ + "'") from None
    return m.cast('B').tobytes()


def _check_size(size):
    if size is None:
        return -1
    if not _is_index(size):
        raise TypeError("argument should be integer or None, not '" + type(size).__name__ + "'")
    return _index(size)


class _IOBase:
    _closed = False

    def __enter__(self):
        self._checkClosed()
        return self

    def __exit__(self, *args):
        self.close()

    def __iter__(self):
        self._checkClosed()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    @property
    def closed(self):
        return self._closed

    def _checkClosed(self, msg=None):
        if self.closed:
            raise ValueError('I/O operation on closed file.' if msg is None else msg)

    def close(self):
        if not self._closed:
            try:
                self.flush()
            finally:
                self._closed = True

    def flush(self):
        self._checkClosed()

    def readable(self):
        return False

    def writable(self):
        return False

    def seekable(self):
        return False

    def isatty(self):
        self._checkClosed()
        return False

    def _unsupported(self, name):
        raise UnsupportedOperation(name)

    def fileno(self):
        self._unsupported('fileno')

    def seek(self, pos, whence=0):
        self._unsupported('seek')

    def tell(self):
        return self.seek(0, 1)

    def truncate(self, pos=None):
        self._unsupported('truncate')

    def readline(self, size=-1):
        size = _check_size(size)
        out = bytearray()
        while size < 0 or len(out) < size:
            b = self.read(1)
            if not b:
                break
            out += b
            if b == b'\n':
                break
        return bytes(out)

    def readlines(self, hint=-1):
        hint = _check_size(hint)
        lines = []
        total = 0
        for line in self:
            lines.append(line)
            total += len(line)
            if 0 < hint <= total:
                break
        return lines

    def writelines(self, lines):
        self._checkClosed()
        for line in lines:
            self.write(line)


class _RawIOBase(_IOBase):
    def read(self, size=-1):
        size = _check_size(size)
        if size < 0:
            return self.readall()
        b = bytearray(size)
        n = self.readinto(b)
        return bytes(b[:n])


class _BufferedIOBase(_IOBase):
    def readinto(self, b):
        data = self.read(len(b))
        n = len(data)
        memoryview(b).cast('B')[:n] = data
        return n


class _TextIOBase(_IOBase):
    pass


def _mode_flags(mode):
    # mirrors _io_FileIO___init___impl's parse of the mode characters
    rwa = False
    plus = False
    flags = 0
    created = readable = writable = appending = False
    for c in mode:
        if c in 'xrwa':
            if rwa:
                raise ValueError('Must have exactly one of create/read/write/append mode and at most one plus')
            rwa = True
            if c == 'x':
                created = writable = True
                flags |= posix.O_EXCL | posix.O_CREAT
            elif c == 'r':
                readable = True
            elif c == 'w':
                writable = True
                flags |= posix.O_CREAT | posix.O_TRUNC
            else:
                writable = appending = True
                flags |= posix.O_APPEND | posix.O_CREAT
        elif c == 'b':
            pass
        elif c == '+':
            if plus:
                raise ValueError('Must have exactly one of create/read/write/append mode and at most one plus')
            readable = writable = plus = True
        else:
            raise ValueError('invalid mode: %s' % mode)
    if not rwa:
        raise ValueError('Must have exactly one of create/read/write/append mode and at most one plus')
    if readable and writable:
        flags |= posix.O_RDWR
    elif readable:
        flags |= posix.O_RDONLY
    else:
        flags |= posix.O_WRONLY
    return flags, created, readable, writable, appending


class FileIO(_RawIOBase):
    def __init__(self, file, mode='r', closefd=True, opener=None):
        if isinstance(file, float):
            raise TypeError('integer argument expected, got float')
        if not isinstance(mode, str):
            raise TypeError("FileIO() argument 'mode' must be str, not " + type(mode).__name__)
        flags, self._created, self._readable, self._writable, self._appending = _mode_flags(mode)
        self._closefd = closefd
        self.name = file
        if isinstance(file, int) and not isinstance(file, bool):
            if file < 0:
                raise ValueError('negative file descriptor')
            self._fd = file
        else:
            if not closefd:
                raise ValueError('Cannot use closefd=False with file name')
            path = _fspath(file)
            if opener is None:
                self._fd = posix.open(path, flags, 0o666)
            else:
                self._fd = opener(path, flags)
                if not isinstance(self._fd, int):
                    raise TypeError('expected integer from opener')
                if self._fd < 0:
                    raise ValueError('opener returned %d' % self._fd)
        if self._appending:
            posix.lseek(self._fd, 0, 2)

    @property
    def mode(self):
        # mirrors mode_string in fileio.c
        if self._created:
            return 'xb+' if self._readable else 'xb'
        if self._appending:
            return 'ab+' if self._readable else 'ab'
        if self._readable:
            return 'rb+' if self._writable else 'rb'
        return 'wb'

    @property
    def closefd(self):
        return self._closefd

    def __repr__(self):
        if self._closed:
            return '<_io.FileIO [closed]>'
        return '<_io.FileIO name=%r mode=%r closefd=%r>' % (self.name, self.mode, self._closefd)

    def _check_readable(self):
        self._checkClosed()
        if not self._readable:
            raise UnsupportedOperation('File not open for reading')

    def _check_writable(self):
        self._checkClosed()
        if not self._writable:
            raise UnsupportedOperation('File not open for writing')

    def readable(self):
        self._checkClosed()
        return self._readable

    def writable(self):
        self._checkClosed()
        return self._writable

    def seekable(self):
        self._checkClosed()
        return True

    def fileno(self):
        self._checkClosed()
        return self._fd

    def read(self, size=-1):
        self._check_readable()
        size = _check_size(size)
        if size < 0:
            return posix._readall(self._fd)
        return posix.read(self._fd, size)

    def readall(self):
        self._check_readable()
        return posix._readall(self._fd)

    def readinto(self, b):
        self._check_readable()
        m = memoryview(b).cast('B')
        data = posix.read(self._fd, len(m))
        m[:len(data)] = data
        return len(data)

    def write(self, b):
        self._check_writable()
        return posix.write(self._fd, b)

    def seek(self, pos, whence=0):
        self._checkClosed()
        if isinstance(pos, float):
            raise TypeError('an integer is required')
        return posix.lseek(self._fd, pos, whence)

    def tell(self):
        self._checkClosed()
        return posix.lseek(self._fd, 0, 1)

    def truncate(self, size=None):
        self._check_writable()
        if size is None:
            size = self.tell()
        posix.ftruncate(self._fd, size)
        return size

    def flush(self):
        self._checkClosed()

    def close(self):
        if not self._closed:
            self._closed = True
            if self._closefd:
                posix.close(self._fd)


class _Buffered(_BufferedIOBase):
    # BufferedReader, BufferedWriter and BufferedRandom: a raw stream and a
    # write buffer (bufferedio.c); reads go to the raw stream after a flush.
    def __init__(self, raw, buffer_size=DEFAULT_BUFFER_SIZE):
        if buffer_size <= 0:
            raise ValueError('buffer size must be strictly positive')
        self.raw = raw
        self.buffer_size = buffer_size
        self._wbuf = bytearray()

    @property
    def closed(self):
        return self.raw.closed

    @property
    def name(self):
        return self.raw.name

    @property
    def mode(self):
        return self.raw.mode

    def __repr__(self):
        cls = type(self).__name__
        try:
            name = self.name
        except AttributeError:
            return '<_io.%s>' % cls
        return '<_io.%s name=%r>' % (cls, name)

    def _check(self, what):
        if self.raw.closed:
            raise ValueError(what + ' of closed file')

    def readable(self):
        return self.raw.readable()

    def writable(self):
        return self.raw.writable()

    def seekable(self):
        return self.raw.seekable()

    def fileno(self):
        return self.raw.fileno()

    def isatty(self):
        return self.raw.isatty()

    def _flush_writes(self):
        if self._wbuf:
            data = bytes(self._wbuf)
            self._wbuf = bytearray()
            self.raw.write(data)

    def flush(self):
        self._check('flush')
        self._flush_writes()

    def _check_readable(self, what):
        self._check(what)
        if not self.raw.readable():
            raise UnsupportedOperation(what)

    def read(self, size=-1):
        self._check_readable('read')
        size = _check_size(size)
        if size < -1:
            raise ValueError('read length must be non-negative or -1')
        self._flush_writes()
        return self.raw.read(size)

    def read1(self, size=-1):
        self._check_readable('read')
        size = _check_size(size)
        self._flush_writes()
        return self.raw.read(size)

    def peek(self, size=0):
        self._check_readable('peek')
        self._flush_writes()
        pos = self.raw.tell()
        data = self.raw.read(max(size, self.buffer_size))
        self.raw.seek(pos)
        return data

    def readline(self, size=-1):
        self._check_readable('readline')
        size = _check_size(size)
        self._flush_writes()
        pos = self.raw.tell()
        rest = self.raw.read()
        end = rest.find(b'\n')
        end = len(rest) if end < 0 else end + 1
        if 0 <= size < end:
            end = size
        self.raw.seek(pos + end)
        return rest[:end]

    def readinto(self, b):
        self._check_readable('readinto')
        self._flush_writes()
        return self.raw.readinto(b)

    def write(self, b):
        if self.raw.closed:
            raise ValueError('write to closed file')
        if not self.raw.writable():
            raise UnsupportedOperation('write')
        data = _bytes_of(b)
        self._wbuf += data
        if len(self._wbuf) > self.buffer_size:
            self._flush_writes()
        return len(data)

    def seek(self, pos, whence=0):
        if not _is_index(pos):
            raise TypeError("'" + type(pos).__name__ + "' object cannot be interpreted as an integer")
        self._check('seek')
        if whence not in (0, 1, 2):
            raise ValueError('whence value %d unsupported' % whence)
        self._flush_writes()
        return self.raw.seek(pos, whence)

    def tell(self):
        if self.raw.closed:
            raise ValueError('I/O operation on closed file')
        pos = self.raw.tell()
        return pos + len(self._wbuf)

    def truncate(self, pos=None):
        self._check('truncate')
        if not self.raw.writable():
            raise UnsupportedOperation('truncate')
        self._flush_writes()
        if pos is None:
            pos = self.raw.tell()
        return self.raw.truncate(pos)

    def close(self):
        if self.raw.closed:
            return
        try:
            self.flush()
        finally:
            self.raw.close()

    def detach(self):
        self.flush()
        raw = self.raw
        self.raw = None
        return raw


class BufferedReader(_Buffered):
    def write(self, b):
        self._check('write')
        raise UnsupportedOperation('write')


class BufferedWriter(_Buffered):
    pass


class BufferedRandom(_Buffered):
    pass


class BufferedRWPair(_BufferedIOBase):
    def __init__(self, reader, writer, buffer_size=DEFAULT_BUFFER_SIZE):
        self.reader = BufferedReader(reader, buffer_size)
        self.writer = BufferedWriter(writer, buffer_size)

    def read(self, size=-1):
        return self.reader.read(size)

    def write(self, b):
        return self.writer.write(b)

    def flush(self):
        return self.writer.flush()

    def readable(self):
        return True

    def writable(self):
        return True

    @property
    def closed(self):
        return self.writer.closed

    def close(self):
        try:
            self.writer.close()
        finally:
            self.reader.close()


class BytesIO(_BufferedIOBase):
    def __init__(self, initial_bytes=b''):
        self._buf = bytearray(initial_bytes if initial_bytes is not None else b'')
        self._pos = 0
        self._exports = 0

    def __repr__(self):
        return '<_io.BytesIO object at 0x%x>' % id(self)

    def _checkClosed(self, msg=None):
        if self._closed:
            raise ValueError('I/O operation on closed file.')

    def readable(self):
        self._checkClosed()
        return True

    def writable(self):
        self._checkClosed()
        return True

    def seekable(self):
        self._checkClosed()
        return True

    def getvalue(self):
        self._checkClosed()
        return bytes(self._buf)

    def getbuffer(self):
        self._checkClosed()
        return memoryview(self._buf)

    def read(self, size=-1):
        self._checkClosed()
        size = _check_size(size)
        end = len(self._buf) if size < 0 else min(len(self._buf), self._pos + size)
        out = bytes(self._buf[self._pos:end]) if self._pos < end else b''
        self._pos = max(self._pos, end)
        return out

    read1 = read

    def readline(self, size=-1):
        self._checkClosed()
        size = _check_size(size)
        end = self._buf.find(b'\n', self._pos)
        end = len(self._buf) if end < 0 else end + 1
        if size >= 0:
            end = min(end, self._pos + size)
        out = bytes(self._buf[self._pos:end]) if self._pos < end else b''
        self._pos = max(self._pos, end)
        return out

    def readinto(self, b):
        m = memoryview(b).cast('B')
        data = self.read(len(m))
        m[:len(data)] = data
        return len(data)

    def write(self, b):
        self._checkClosed()
        data = _bytes_of(b)
        n = len(data)
        if n == 0:
            return 0
        if self._pos > len(self._buf):
            self._buf += bytes(self._pos - len(self._buf))
        self._buf[self._pos:self._pos + n] = data
        self._pos += n
        return n

    def seek(self, pos, whence=0):
        self._checkClosed()
        if not _is_index(pos):
            raise TypeError("'" + type(pos).__name__ + "' object cannot be interpreted as an integer")
        pos = _index(pos)
        if whence == 0:
            if pos < 0:
                raise ValueError('negative seek value %d' % pos)
            self._pos = pos
        elif whence == 1:
            self._pos = max(0, self._pos + pos)
        elif whence == 2:
            self._pos = max(0, len(self._buf) + pos)
        else:
            raise ValueError('invalid whence (%d, should be 0, 1 or 2)' % whence)
        return self._pos

    def tell(self):
        self._checkClosed()
        return self._pos

    def truncate(self, size=None):
        self._checkClosed()
        size = self._pos if size is None else _check_size(size)
        if size < 0:
            raise ValueError('negative size value %d' % size)
        del self._buf[size:]
        return size

    def flush(self):
        self._checkClosed()

    def close(self):
        # a buffer exported by getbuffer() pins the bytes (BufferError while it lives)
        self._buf.append(0)
        self._buf.pop()
        self._closed = True


# codecs in which '\n' and '\r' are one byte each and never part of another character
_ASCII_COMPATIBLE = {'utf-8', 'utf8', 'ascii', 'us-ascii', 'latin-1', 'latin1', 'iso-8859-1', 'iso8859-1', 'cp1252',
                     'windows-1252'}


def _translate_newlines(s):
    return s.replace('\r\n', '\n').replace('\r', '\n')


class _TextReader:
    # The reading half shared by TextIOWrapper and StringIO: `_dec` is text
    # not yet returned from `_dec_pos` on, untranslated; `_readnl` is the
    # newline= argument (None: universal with translation, '': universal
    # without, else the one line end).
    def _line_end(self, s, start):
        # The index just past the first line end in s[start:], or -1.
        nl = self._readnl
        b = isinstance(s, bytes)
        if nl is None or nl == '':
            lf = s.find(b'\n' if b else '\n', start)
            cr = s.find(b'\r' if b else '\r', start, len(s) if lf < 0 else lf)
            if cr < 0:
                return -1 if lf < 0 else lf + 1
            return cr + 2 if cr + 1 == lf else cr + 1
        if b:
            nl = nl.encode('ascii')
        k = s.find(nl, start)
        return -1 if k < 0 else k + len(nl)

    def _note_newlines(self, s):
        if self._readnl is not None and self._readnl != '':
            return
        kinds = self._seen
        if '\r\n' in s:
            kinds |= 4
        t = s.replace('\r\n', '')
        if '\r' in t:
            kinds |= 1
        if '\n' in t:
            kinds |= 2
        self._seen = kinds

    def _out(self, s):
        self._note_newlines(s)
        if self._readnl is None:
            return _translate_newlines(s)
        return s

    def _take_chars(self, n):
        # n characters after translation ('\r\n' counts as one when translated)
        s = self._dec
        start = self._dec_pos
        if self._readnl is not None or s.find('\r', start, start + n) < 0:
            end = min(len(s), start + n)
        else:
            end = start
            count = 0
            size = len(s)
            while count < n and end < size:
                if s[end] == '\r' and end + 1 < size and s[end + 1] == '\n':
                    end += 2
                else:
                    end += 1
                count += 1
        self._dec_pos = end
        return self._out(s[start:end])

    @property
    def newlines(self):
        k = self._seen
        names = []
        if k & 1:
            names.append('\r')
        if k & 2:
            names.append('\n')
        if k & 4:
            names.append('\r\n')
        if not names:
            return None
        if len(names) == 1:
            return names[0]
        return tuple(names)


def _check_newline(newline):
    if newline is not None and not isinstance(newline, str):
        raise TypeError('readline argument must be str or None, not ' + type(newline).__name__)
    if newline not in (None, '', '\n', '\r', '\r\n'):
        raise ValueError('illegal newline value: %s' % newline)


class TextIOWrapper(_TextReader, _TextIOBase):
    def __init__(self, buffer, encoding=None, errors=None, newline=None, line_buffering=False, write_through=False):
        if newline is not None and not isinstance(newline, str):
            raise TypeError("TextIOWrapper() argument 'newline' must be str or None, not " + type(newline).__name__)
        _check_newline(newline)
        if encoding is None or encoding == 'locale':
            encoding = 'UTF-8'
        elif not isinstance(encoding, str):
            raise TypeError("TextIOWrapper() argument 'encoding' must be str or None, not " + type(encoding).__name__)
        ''.encode(encoding)  # LookupError: unknown encoding: x
        if errors is None:
            errors = 'strict'
        elif not isinstance(errors, str):
            raise TypeError("TextIOWrapper() argument 'errors' must be str or None, not " + type(errors).__name__)
        self._buffer = buffer
        self._encoding = encoding
        self._errors = errors
        self._readnl = newline
        self._writenl = newline if newline else '\n'
        self._line_buffering = line_buffering
        self._write_through = write_through
        self._dec = None
        self._dec_base = 0
        self._dec_pos = 0
        self._raw = None
        self._raw_base = 0
        self._raw_pos = 0
        self._seen = 0
        self._ascii_lines = encoding.lower().replace('_', '-') in _ASCII_COMPATIBLE

    @property
    def buffer(self):
        return self._buffer

    @property
    def encoding(self):
        return self._encoding

    @property
    def errors(self):
        return self._errors

    @property
    def line_buffering(self):
        return self._line_buffering

    @property
    def write_through(self):
        return self._write_through

    @property
    def closed(self):
        return self._buffer.closed

    @property
    def name(self):
        return self._buffer.name

    def __repr__(self):
        out = '<_io.TextIOWrapper'
        try:
            out += ' name=%r' % (self.name,)
        except AttributeError:
            pass
        m = getattr(self, 'mode', None)
        if m is not None:
            out += ' mode=%r' % (m,)
        return out + ' encoding=%r>' % (self._encoding,)

    def _checkClosed(self, msg=None):
        if self._buffer.closed:
            raise ValueError('I/O operation on closed file.')

    def readable(self):
        return self._buffer.readable()

    def writable(self):
        return self._buffer.writable()

    def seekable(self):
        return self._buffer.seekable()

    def fileno(self):
        return self._buffer.fileno()

    def isatty(self):
        return self._buffer.isatty()

    def _fill(self):
        # decode the rest of the buffer (Note [Text file positions])
        self._from_raw()
        if self._dec is None:
            self._dec_base = self._buffer.tell()
            data = self._buffer.read()
            self._dec = data.decode(self._encoding, self._errors)
            self._dec_pos = 0

    def _fill_raw(self):
        # readline's state for an ASCII-compatible codec: the rest of the file
        # as bytes, cut at line ends ('\n' and '\r' are never part of another
        # character there) and decoded a line at a time, so reading a file line
        # by line costs its length once
        if self._raw is None and self._dec is None:
            self._raw_base = self._buffer.tell()
            self._raw = self._buffer.read()
            self._raw_pos = 0

    def _from_raw(self):
        if self._raw is not None:
            self._dec_base = self._raw_base + self._raw_pos
            self._dec = self._raw[self._raw_pos:].decode(self._encoding, self._errors)
            self._dec_pos = 0
            self._raw = None

    def _drop(self):
        # move the buffer back to the next character and forget the decoded text
        if self._dec is not None or self._raw is not None:
            pos = self._position()
            self._dec = None
            self._raw = None
            self._buffer.seek(pos)

    def _position(self):
        if self._raw is not None:
            return self._raw_base + self._raw_pos
        if self._dec is None:
            return self._buffer.tell()
        return self._dec_base + len(self._dec[:self._dec_pos].encode(self._encoding, self._errors))

    def _check_readable(self):
        self._checkClosed()
        if not self._buffer.readable():
            raise UnsupportedOperation('not readable')

    def read(self, size=-1):
        self._check_readable()
        if size is not None and not _is_index(size):
            raise TypeError("argument should be integer or None, not '" + type(size).__name__ + "'")
        size = -1 if size is None else _index(size)
        self._fill()
        if size < 0:
            s = self._dec[self._dec_pos:]
            self._dec_pos = len(self._dec)
            return self._out(s)
        return self._take_chars(size)

    def readline(self, size=-1):
        self._checkClosed()
        if size is not None and not _is_index(size):
            raise TypeError("'" + type(size).__name__ + "' object cannot be interpreted as an integer")
        size = -1 if size is None else _index(size)
        self._check_readable()
        if size < 0 and self._ascii_lines and self._dec is None:
            self._fill_raw()
            b = self._raw
            end = self._line_end(b, self._raw_pos)
            if end < 0:
                end = len(b)
            line = b[self._raw_pos:end].decode(self._encoding, self._errors)
            self._raw_pos = end
            return self._out(line)
        self._fill()
        s = self._dec
        end = self._line_end(s, self._dec_pos)
        if end < 0:
            end = len(s)
        if size >= 0 and end - self._dec_pos > size:
            return self._take_chars(size)
        line = s[self._dec_pos:end]
        self._dec_pos = end
        return self._out(line)

    def write(self, s):
        self._checkClosed()
        if not isinstance(s, str):
            raise TypeError('write() argument must be str, not ' + type(s).__name__)
        if not self._buffer.writable():
            raise UnsupportedOperation('not writable')
        # the decoded text is dropped and the buffer stays where reading left
        # it (textio.c's write resets the decoder and does not seek back)
        if self._raw is not None:
            self._raw = None
            self._buffer.seek(self._raw_base + self._raw_pos)
        self._dec = None
        text = s
        if self._writenl != '\n':
            text = text.replace('\n', self._writenl)
        self._buffer.write(text.encode(self._encoding, self._errors))
        if self._line_buffering and ('\n' in s or '\r' in s):
            self._buffer.flush()
        return len(s)

    def tell(self):
        self._checkClosed()
        if not self._buffer.seekable():
            raise UnsupportedOperation('underlying stream is not seekable')
        self._buffer.flush()
        return self._position()

    def seek(self, cookie, whence=0):
        self._checkClosed()
        if not self._buffer.seekable():
            raise UnsupportedOperation('underlying stream is not seekable')
        if whence == 1:
            if cookie != 0:
                raise UnsupportedOperation("can't do nonzero cur-relative seeks")
            cookie = self.tell()
            whence = 0
        elif whence == 2:
            if cookie != 0:
                raise UnsupportedOperation("can't do nonzero end-relative seeks")
            self._dec = None
            self._raw = None
            self._buffer.flush()
            return self._buffer.seek(0, 2)
        elif whence != 0:
            raise ValueError('invalid whence (%d, should be 0, 1 or 2)' % whence)
        if not _is_index(cookie):
            raise TypeError("an integer is required")
        if cookie < 0:
            raise ValueError('negative seek position %d' % cookie)
        self._dec = None
        self._raw = None
        self._buffer.flush()
        self._buffer.seek(cookie)
        return cookie

    def truncate(self, pos=None):
        self._checkClosed()
        self.flush()
        if pos is None:
            pos = self.tell()
        self._drop()
        return self._buffer.truncate(pos)

    def flush(self):
        self._checkClosed()
        self._buffer.flush()

    def close(self):
        if not self._buffer.closed:
            try:
                self.flush()
            finally:
                self._buffer.close()

    def detach(self):
        self.flush()
        b = self._buffer
        self._buffer = None
        return b

    def reconfigure(self, *, encoding=None, errors=None, newline=Ellipsis, line_buffering=None, write_through=None):
        if encoding is not None:
            ''.encode(encoding)
            self._drop()
            self._encoding = encoding
            self._ascii_lines = encoding.lower().replace('_', '-') in _ASCII_COMPATIBLE
            if errors is None:
                errors = 'strict'
        if errors is not None:
            self._errors = errors
        if newline is not Ellipsis:
            _check_newline(newline)
            self._readnl = newline
            self._writenl = newline if newline else '\n'
        if line_buffering is not None:
            self._line_buffering = line_buffering
        if write_through is not None:
            self._write_through = write_through


class StringIO(_TextReader, _TextIOBase):
    def __init__(self, initial_value='', newline='\n'):
        if newline is not None and not isinstance(newline, str):
            raise TypeError('newline must be str or None, not ' + type(newline).__name__)
        _check_newline(newline)
        if initial_value is not None and not isinstance(initial_value, str):
            raise TypeError('initial_value must be str or None, not ' + type(initial_value).__name__)
        self._readnl = newline
        self._writenl = newline if newline else '\n'
        self._seen = 0
        self._dec = ''
        self._dec_pos = 0
        if initial_value:
            self.write(initial_value)
            self._dec_pos = 0

    def __repr__(self):
        return '<_io.StringIO object at 0x%x>' % id(self)

    def _checkClosed(self, msg=None):
        if self._closed:
            raise ValueError('I/O operation on closed file')

    def readable(self):
        self._checkClosed()
        return True

    def writable(self):
        self._checkClosed()
        return True

    def seekable(self):
        self._checkClosed()
        return True

    @property
    def line_buffering(self):
        return False

    @property
    def encoding(self):
        return None

    @property
    def errors(self):
        return None

    def getvalue(self):
        self._checkClosed()
        return self._dec

    def read(self, size=-1):
        self._checkClosed()
        size = _check_size(size)
        if size < 0:
            s = self._dec[self._dec_pos:]
            self._dec_pos = max(self._dec_pos, len(self._dec))
            return s
        s = self._dec[self._dec_pos:self._dec_pos + size]
        self._dec_pos = max(self._dec_pos, min(len(self._dec), self._dec_pos + size))
        return s

    def readline(self, size=-1):
        self._checkClosed()
        size = _check_size(size)
        s = self._dec
        if self._dec_pos >= len(s):
            return ''
        end = self._line_end(s, self._dec_pos)
        if end < 0:
            end = len(s)
        if 0 <= size < end - self._dec_pos:
            end = self._dec_pos + size
        line = s[self._dec_pos:end]
        self._dec_pos = end
        return line

    def write(self, s):
        self._checkClosed()
        if not isinstance(s, str):
            raise TypeError('string argument expected, got ' + repr(type(s).__name__))
        n = len(s)
        text = s
        if self._readnl is None:
            self._note_newlines(text)
            text = _translate_newlines(text)
        elif self._writenl != '\n':
            text = text.replace('\n', self._writenl)
        pos = self._dec_pos
        buf = self._dec
        if pos > len(buf):
            buf = buf + '\0' * (pos - len(buf))
        self._dec = buf[:pos] + text + buf[pos + len(text):]
        self._dec_pos = pos + len(text)
        return n

    def seek(self, pos, whence=0):
        self._checkClosed()
        if not _is_index(pos):
            raise TypeError("'" + type(pos).__name__ + "' object cannot be interpreted as an integer")
        pos = _index(pos)
        if whence not in (0, 1, 2):
            raise ValueError('Invalid whence (%d, should be 0, 1 or 2)' % whence)
        if pos < 0 and whence == 0:
            raise ValueError('Negative seek position %d' % pos)
        if whence != 0 and pos != 0:
            raise OSError("Can't do nonzero cur-relative seeks")
        if whence == 1:
            pos = self._dec_pos
        elif whence == 2:
            pos = len(self._dec)
        self._dec_pos = pos
        return pos

    def tell(self):
        self._checkClosed()
        return self._dec_pos

    def truncate(self, size=None):
        self._checkClosed()
        size = self._dec_pos if size is None else _check_size(size)
        if size < 0:
            raise ValueError('Negative size value %d' % size)
        self._dec = self._dec[:size]
        return size

    def flush(self):
        self._checkClosed()

    def close(self):
        self._closed = True

    def __getstate__(self):
        return (self.getvalue(), self._readnl, self.tell(), None)


class IncrementalNewlineDecoder:
    def __init__(self, decoder, translate, errors='strict'):
        self.decoder = decoder
        self.translate = translate
        self.errors = errors
        self._pendingcr = False

    def decode(self, input, final=False):
        s = input if self.decoder is None else self.decoder.decode(input, final)
        if self._pendingcr:
            s = '\r' + s
            self._pendingcr = False
        if s.endswith('\r') and not final:
            s = s[:-1]
            self._pendingcr = True
        if self.translate:
            s = _translate_newlines(s)
        return s

    def reset(self):
        self._pendingcr = False


def text_encoding(encoding, stacklevel=2):
    return 'locale' if encoding is None else encoding


def open(file, mode='r', buffering=-1, encoding=None, errors=None, newline=None, closefd=True, opener=None):
    # mirrors _io_open_impl (Modules/_io/_iomodule.c): a path-like file is its fspath from here on
    if not isinstance(file, int):
        file = _fspath(file)
    if not isinstance(mode, str):
        raise TypeError("open() argument 'mode' must be str, not " + type(mode).__name__)
    if not isinstance(buffering, int):
        raise TypeError("'" + type(buffering).__name__ + "' object cannot be interpreted as an integer")
    if encoding is not None and not isinstance(encoding, str):
        raise TypeError("open() argument 'encoding' must be str or None, not " + type(encoding).__name__)
    if errors is not None and not isinstance(errors, str):
        raise TypeError("open() argument 'errors' must be str or None, not " + type(errors).__name__)
    if newline is not None and not isinstance(newline, str):
        raise TypeError("open() argument 'newline' must be str or None, not " + type(newline).__name__)
    seen = set()
    creating = reading = writing = appending = updating = text = binary = False
    for c in mode:
        if c not in 'xrwa+tb' or c in seen:
            raise ValueError('invalid mode: %r' % mode)
        seen.add(c)
        if c == 'x':
            creating = True
        elif c == 'r':
            reading = True
        elif c == 'w':
            writing = True
        elif c == 'a':
            appending = True
        elif c == '+':
            updating = True
        elif c == 't':
            text = True
        else:
            binary = True
    rawmode = ''
    if creating:
        rawmode += 'x'
    if reading:
        rawmode += 'r'
    if writing:
        rawmode += 'w'
    if appending:
        rawmode += 'a'
    if updating:
        rawmode += '+'
    if text and binary:
        raise ValueError("can't have text and binary mode at once")
    if creating + reading + writing + appending > 1:
        raise ValueError('must have exactly one of create/read/write/append mode')
    if binary and encoding is not None:
        raise ValueError("binary mode doesn't take an encoding argument")
    if binary and errors is not None:
        raise ValueError("binary mode doesn't take an errors argument")
    if binary and newline is not None:
        raise ValueError("binary mode doesn't take a newline argument")
    if binary and buffering == 1:
        import warnings
        warnings.warn("line buffering (buffering=1) isn't supported in binary mode, the default buffer size will be used",
                      RuntimeWarning, 2)
    raw = FileIO(file, rawmode, closefd, opener=opener)
    result = raw
    try:
        line_buffering = False
        if buffering == 1 or (buffering < 0 and raw.isatty()):
            buffering = -1
            line_buffering = True
        if buffering < 0:
            buffering = DEFAULT_BUFFER_SIZE
        if buffering == 0:
            if binary:
                return result
            raise ValueError("can't have unbuffered text I/O")
        if updating:
            buffer = BufferedRandom(raw, buffering)
        elif creating or writing or appending:
            buffer = BufferedWriter(raw, buffering)
        else:
            buffer = BufferedReader(raw, buffering)
        result = buffer
        if binary:
            return result
        text = TextIOWrapper(buffer, encoding, errors, newline, line_buffering)
        result = text
        text.mode = mode
        return result
    except BaseException:
        result.close()
        raise


def open_code(path):
    return open(path, 'rb')
