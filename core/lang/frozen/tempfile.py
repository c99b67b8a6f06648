# tempfile: CPython 3.13's Lib/tempfile.py API, written here over os and io,
# in the session's own file system (Note [Session file system], memfs.hpp):
# the default folder is $TMPDIR, else /tmp, which every session starts with.
# Names are tmp + 8 random characters of CPython's alphabet; a file is made
# with O_CREAT | O_EXCL, so an existing name is skipped as CPython skips it.
# TemporaryFile is an unnamed file (made, opened, unlinked: an unlinked open
# file stays readable), as on Linux.
import os as _os
import io as _io
import shutil as _shutil
import random as _random
from os import O_RDWR as _RDWR, O_CREAT as _CREAT, O_EXCL as _EXCL

TMP_MAX = 238328
template = 'tmp'
tempdir = None
_rng = _random.Random()


def _names():
    chars = 'abcdefghijklmnopqrstuvwxyz0123456789_'
    while True:
        yield ''.join(_rng.choices(chars, k=8))


def _candidates():
    out = [_os.getenv(k) for k in ('TMPDIR', 'TEMP', 'TMP')]
    return [d for d in out if d] + ['/tmp', '/var/tmp', '/usr/tmp', _os.getcwd()]


def gettempdir():
    import tempfile as me  # the module's tempdir, which a program may set
    if me.tempdir is None:
        for d in _candidates():
            if _os.path.isdir(d):
                me.tempdir = _os.path.abspath(d)
                break
        else:
            raise FileNotFoundError(2, 'No usable temporary directory found in %s' % _candidates())
    return _os.fsdecode(me.tempdir)


def gettempdirb():
    return _os.fsencode(gettempdir())


def gettempprefix():
    return _os.fsdecode(template)


def gettempprefixb():
    return _os.fsencode(template)


def _sanitize(prefix, suffix, dir):
    # mirrors _sanitize_params: one type (str or bytes) for all three
    kinds = {type(x) for x in (prefix, suffix, dir) if x is not None}
    if len(kinds) > 1:
        raise TypeError("Can't mix bytes and non-bytes in path components.")
    b = bytes in kinds
    if suffix is None:
        suffix = b'' if b else ''
    if prefix is None:
        prefix = gettempprefixb() if b else template
    if dir is None:
        dir = gettempdirb() if b else gettempdir()
    return prefix, suffix, dir, b


def _make(dir, prefix, suffix, b, make):
    names = _names()
    for _ in range(TMP_MAX):
        name = next(names)
        path = _os.path.join(dir, prefix + (name.encode() if b else name) + suffix)
        try:
            r = make(path)
        except FileExistsError:
            continue
        return r, _os.path.abspath(path)
    raise FileExistsError(17, 'No usable temporary file name found')


def mkstemp(suffix=None, prefix=None, dir=None, text=False):
    prefix, suffix, dir, b = _sanitize(prefix, suffix, dir)
    return _make(dir, prefix, suffix, b, lambda p: _os.open(p, _RDWR | _CREAT | _EXCL, 0o600))


def mkdtemp(suffix=None, prefix=None, dir=None):
    prefix, suffix, dir, b = _sanitize(prefix, suffix, dir)
    return _make(dir, prefix, suffix, b, lambda p: _os.mkdir(p, 0o700))[1]


def mktemp(suffix='', prefix='tmp', dir=None):
    if dir is None:
        dir = gettempdir()
    for name in _names():
        path = _os.path.join(dir, prefix + name + suffix)
        if not _os.path.exists(path):
            return path


class _TemporaryFileWrapper:
    # mirrors tempfile._TemporaryFileWrapper: the file's methods, deleting it on close
    def __init__(self, file, name, delete=True, delete_on_close=True):
        self.file, self.name, self.delete, self._doc = file, name, delete, delete_on_close

    def _remove(self):
        try:
            _os.unlink(self.name)
        except FileNotFoundError:
            pass

    def __getattr__(self, name):
        return getattr(self.__dict__['file'], name)

    def __enter__(self):
        self.file.__enter__()
        return self

    def __exit__(self, exc, value, tb):
        self.file.__exit__(exc, value, tb)
        if self.delete:
            self._remove()
        return False

    def close(self):
        closed = self.file.closed
        self.file.close()
        if self.delete and self._doc and not closed:
            self._remove()

    def __iter__(self):
        return iter(self.file)


def NamedTemporaryFile(mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None, prefix=None, dir=None,
                       delete=True, *, errors=None, delete_on_close=True):
    fd, name = mkstemp(suffix, prefix, dir)
    try:
        f = _io.open(name, mode, buffering=buffering, newline=newline, encoding=encoding, errors=errors,
                     opener=lambda path, flags: fd)
    except BaseException:
        _os.unlink(name)
        _os.close(fd)
        raise
    return _TemporaryFileWrapper(f, name, delete, delete_on_close)


def TemporaryFile(mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None, prefix=None, dir=None, *,
                  errors=None):
    fd, name = mkstemp(suffix, prefix, dir)
    _os.unlink(name)
    return _io.open(fd, mode, buffering=buffering, newline=newline, encoding=encoding, errors=errors)


class SpooledTemporaryFile(_io.IOBase):
    # mirrors tempfile.SpooledTemporaryFile: in memory until max_size, then a TemporaryFile
    _rolled = False

    def __init__(self, max_size=0, mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None, prefix=None,
                 dir=None, *, errors=None):
        self._file = _io.BytesIO() if 'b' in mode else _io.TextIOWrapper(_io.BytesIO(), encoding=_io.text_encoding(encoding),
                                                                          errors=errors, newline=newline)
        self._max_size = max_size
        self._args = dict(mode=mode, buffering=buffering, suffix=suffix, prefix=prefix, encoding=encoding,
                          newline=newline, dir=dir, errors=errors)

    def _check(self, file):
        if self._max_size and not self._rolled and file.tell() > self._max_size:
            self.rollover()

    def rollover(self):
        if self._rolled:
            return
        file = self._file
        new = self._file = TemporaryFile(**self._args)
        if 'b' in self._args['mode']:
            new.write(file.getvalue())
        else:
            new.buffer.write(file.detach().getvalue())
        new.seek(file.tell() if 'b' in self._args['mode'] else new.tell(), 0)
        self._rolled = True

    def __enter__(self):
        if self._file.closed:
            raise ValueError('Cannot enter context with closed file')
        return self

    def __exit__(self, exc, value, tb):
        self._file.close()

    def __iter__(self):
        return self._file.__iter__()

    def close(self):
        self._file.close()

    @property
    def closed(self):
        return self._file.closed

    @property
    def mode(self):
        try:
            return self._file.mode
        except AttributeError:
            return self._args['mode']

    @property
    def name(self):
        try:
            return self._file.name
        except AttributeError:
            return None

    def fileno(self):
        self.rollover()
        return self._file.fileno()

    def flush(self):
        self._file.flush()

    def read(self, *args):
        return self._file.read(*args)

    def readline(self, *args):
        return self._file.readline(*args)

    def readlines(self, *args):
        return self._file.readlines(*args)

    def seek(self, *args):
        return self._file.seek(*args)

    def tell(self):
        return self._file.tell()

    def truncate(self, size=None):
        if size is None:
            return self._file.truncate()
        if size > self._max_size:
            self.rollover()
        return self._file.truncate(size)

    def write(self, s):
        r = self._file.write(s)
        self._check(self._file)
        return r

    def writelines(self, lines):
        r = self._file.writelines(lines)
        self._check(self._file)
        return r

    def readable(self):
        return self._file.readable()

    def seekable(self):
        return self._file.seekable()

    def writable(self):
        return self._file.writable()


class TemporaryDirectory:
    # mirrors tempfile.TemporaryDirectory: a folder removed by cleanup() or the with block's end
    def __init__(self, suffix=None, prefix=None, dir=None, ignore_cleanup_errors=False, *, delete=True):
        self.name = mkdtemp(suffix, prefix, dir)
        self._ignore = ignore_cleanup_errors
        self._delete = delete
        self._done = False

    def __repr__(self):
        return '<%s %r>' % (self.__class__.__name__, self.name)

    def __enter__(self):
        return self.name

    def __exit__(self, exc, value, tb):
        if self._delete:
            self.cleanup()

    def cleanup(self):
        if not self._done and _os.path.exists(self.name):
            _shutil.rmtree(self.name, ignore_errors=self._ignore)
        self._done = True
