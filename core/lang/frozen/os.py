# os: CPython's Lib/os.py over the posix module (core/lang/modules/
# posix_module.cpp), which reaches only the session's file system and
# environment (Note [Session file system]): the posix primitives, stat_result,
# makedirs/removedirs, walk, scandir, environ (a mapping over the session's
# own variables), fspath and the constants of a Linux host. What a browser
# session cannot have (processes, users, signals, terminals) is absent.
import posix
from posix import (open, close, read, write, lseek, ftruncate, listdir, mkdir, rmdir, unlink, remove, rename,
                   replace, getcwd, chdir, strerror, O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_TRUNC, O_APPEND,
                   O_ACCMODE, SEEK_SET, SEEK_CUR, SEEK_END)

__all__ = ['open', 'close', 'read', 'write', 'lseek', 'ftruncate', 'listdir', 'mkdir', 'rmdir', 'unlink', 'remove',
           'rename', 'replace', 'getcwd', 'getcwdb', 'chdir', 'strerror', 'O_RDONLY', 'O_WRONLY', 'O_RDWR', 'O_CREAT',
           'O_EXCL', 'O_TRUNC', 'O_APPEND', 'O_ACCMODE', 'SEEK_SET', 'SEEK_CUR', 'SEEK_END', 'stat', 'lstat', 'fstat',
           'stat_result', 'makedirs', 'removedirs', 'renames', 'walk', 'scandir', 'DirEntry', 'environ', 'getenv',
           'putenv', 'unsetenv', 'fspath', 'fsencode', 'fsdecode', 'PathLike', 'name', 'sep', 'altsep', 'extsep',
           'pathsep', 'linesep', 'curdir', 'pardir', 'defpath', 'devnull', 'path', 'error', 'truncate', 'getpid',
           'cpu_count', 'urandom', 'get_terminal_size', 'sys', 'F_OK', 'R_OK', 'W_OK', 'X_OK', 'access', 'utime',
           'chmod', 'umask', 'supports_follow_symlinks', 'sysconf', 'statvfs', 'statvfs_result', 'terminal_size']
__all__ += ['EX_CANTCREAT', 'EX_CONFIG', 'EX_DATAERR', 'EX_IOERR', 'EX_NOHOST', 'EX_NOINPUT', 'EX_NOPERM', 'EX_NOUSER', 'EX_OK', 'EX_OSERR', 'EX_OSFILE', 'EX_PROTOCOL', 'EX_SOFTWARE', 'EX_TEMPFAIL', 'EX_UNAVAILABLE', 'EX_USAGE', 'GRND_NONBLOCK', 'GRND_RANDOM', 'NGROUPS_MAX', 'O_ASYNC', 'O_CLOEXEC', 'O_DIRECT', 'O_DIRECTORY', 'O_DSYNC', 'O_FSYNC', 'O_LARGEFILE', 'O_NDELAY', 'O_NOATIME', 'O_NOCTTY', 'O_NOFOLLOW', 'O_NONBLOCK', 'O_PATH', 'O_RSYNC', 'O_SYNC', 'O_TMPFILE', 'ST_APPEND', 'ST_MANDLOCK', 'ST_NOATIME', 'ST_NODEV', 'ST_NODIRATIME', 'ST_NOEXEC', 'ST_NOSUID', 'ST_RDONLY', 'ST_RELATIME', 'ST_SYNCHRONOUS', 'ST_WRITE', 'TMP_MAX', 'fsync', 'fdatasync', 'sync', 'isatty', 'device_encoding', 'get_blocking', 'set_blocking', 'get_inheritable', 'set_inheritable', 'pread', 'pwrite', 'readv', 'writev', 'fdopen', 'closerange', 'getuid', 'geteuid', 'getgid', 'getegid', 'getgroups', 'getlogin', 'getppid', 'getpgrp', 'getpgid', 'getsid', 'getresuid', 'getresgid', 'uname', 'uname_result', 'times', 'times_result', 'major', 'minor', 'makedev', 'process_cpu_count', 'getrandom', 'fchmod', 'fstatvfs', 'get_exec_path', 'waitstatus_to_exitcode', 'WCOREDUMP', 'WEXITSTATUS', 'WIFCONTINUED', 'WIFEXITED', 'WIFSIGNALED', 'WIFSTOPPED', 'WSTOPSIG', 'WTERMSIG', 'supports_dir_fd', 'supports_effective_ids', 'supports_fd', 'st', 'abc', 'GenericAlias', 'SEEK_DATA', 'SEEK_HOLE', 'environb', 'getenvb', 'supports_bytes_environ']

import sys
import os.path
path = os.path

name = 'posix'
sep = '/'
altsep = None
extsep = '.'
pathsep = ':'
linesep = '\n'
curdir = '.'
pardir = '..'
defpath = '/bin:/usr/bin'
devnull = '/dev/null'
error = OSError
F_OK = 0
R_OK = 4
W_OK = 2
X_OK = 1
supports_follow_symlinks = set()


def getcwdb():
    return getcwd().encode()


class PathLike:
    # the os.PathLike protocol: an object with __fspath__
    def __fspath__(self):
        raise NotImplementedError

    @classmethod
    def __subclasshook__(cls, subclass):
        return hasattr(subclass, '__fspath__')


def fspath(path):
    # mirrors PyOS_FSPath
    if isinstance(path, (str, bytes)):
        return path
    path_type = type(path)
    try:
        path_repr = path_type.__fspath__(path)
    except AttributeError:
        if hasattr(path_type, '__fspath__'):
            raise
        raise TypeError('expected str, bytes or os.PathLike object, not ' + path_type.__name__)
    if isinstance(path_repr, (str, bytes)):
        return path_repr
    raise TypeError('expected ' + path_type.__name__ + '.__fspath__() to return str or bytes, not ' + type(path_repr).__name__)


def fsencode(filename):
    filename = fspath(filename)
    return filename.encode('utf-8', 'surrogateescape') if isinstance(filename, str) else filename


def fsdecode(filename):
    filename = fspath(filename)
    return filename.decode('utf-8', 'surrogateescape') if isinstance(filename, bytes) else filename


class stat_result:
    # os.stat_result: a 10-tuple of the integer fields (the times truncated)
    # with the float times as attributes, as posixmodule.c's structseq is
    n_sequence_fields = 10
    n_fields = 19
    n_unnamed_fields = 3
    _names = ('st_mode', 'st_ino', 'st_dev', 'st_nlink', 'st_uid', 'st_gid', 'st_size', 'st_atime', 'st_mtime', 'st_ctime')

    def __init__(self, raw):
        mode, ino, dev, nlink, uid, gid, size, atime, mtime, ctime = raw
        self.st_mode = mode
        self.st_ino = ino
        self.st_dev = dev
        self.st_nlink = nlink
        self.st_uid = uid
        self.st_gid = gid
        self.st_size = size
        self.st_atime = atime
        self.st_mtime = mtime
        self.st_ctime = ctime
        self.st_atime_ns = int(atime * 1e9)
        self.st_mtime_ns = int(mtime * 1e9)
        self.st_ctime_ns = int(ctime * 1e9)
        self.st_blksize = 4096
        self.st_blocks = (size + 511) // 512
        self.st_rdev = 0
        self._t = (mode, ino, dev, nlink, uid, gid, size, int(atime), int(mtime), int(ctime))

    def __getitem__(self, i):
        return self._t[i]

    def __len__(self):
        return 10

    def __iter__(self):
        return iter(self._t)

    def __eq__(self, other):
        if isinstance(other, stat_result):
            return self._t == other._t
        return self._t == other

    def __hash__(self):
        return hash(self._t)

    def __repr__(self):
        return 'os.stat_result(' + ', '.join('%s=%r' % (n, v) for n, v in zip(self._names, self._t)) + ')'


def stat(path, *, dir_fd=None, follow_symlinks=True):
    return stat_result(posix._stat(path))


def lstat(path, *, dir_fd=None):
    return stat_result(posix._stat(path))


def fstat(fd):
    return stat_result(posix._fstat(fd))


def truncate(path, length):
    fd = open(path, O_WRONLY)
    try:
        ftruncate(fd, length)
    finally:
        close(fd)


def access(path, mode, *, dir_fd=None, effective_ids=False, follow_symlinks=True):
    try:
        posix._stat(path)
    except OSError:
        return False
    return True


def utime(path, times=None, *, ns=None, dir_fd=None, follow_symlinks=True):
    posix._stat(path)


def chmod(path, mode, *, dir_fd=None, follow_symlinks=True):
    posix._stat(path)


def umask(mask):
    return 0o022


def makedirs(name, mode=0o777, exist_ok=False):
    # mirrors Lib/os.py makedirs: the missing parents first, then name
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    if head and tail and not path.exists(head):
        try:
            makedirs(head, exist_ok=exist_ok)
        except FileExistsError:
            pass
        cdir = curdir
        if isinstance(tail, bytes):
            cdir = bytes(curdir, 'ASCII')
        if tail == cdir:
            return
    try:
        mkdir(name, mode)
    except OSError:
        if not exist_ok or not path.isdir(name):
            raise


def removedirs(name):
    rmdir(name)
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    while head and tail:
        try:
            rmdir(head)
        except OSError:
            break
        head, tail = path.split(head)


def renames(old, new):
    head, tail = path.split(new)
    if head and tail and not path.exists(head):
        makedirs(head)
    rename(old, new)
    head, tail = path.split(old)
    if head and tail:
        try:
            removedirs(head)
        except OSError:
            pass


class DirEntry:
    def __init__(self, dirpath, name):
        self.name = name
        self.path = path.join(dirpath, name)

    def __fspath__(self):
        return self.path

    def __repr__(self):
        return '<DirEntry %r>' % (self.name,)

    def is_dir(self, *, follow_symlinks=True):
        return path.isdir(self.path)

    def is_file(self, *, follow_symlinks=True):
        return path.isfile(self.path)

    def is_symlink(self):
        return False

    def is_junction(self):
        return False

    def stat(self, *, follow_symlinks=True):
        return stat(self.path)

    def inode(self):
        return stat(self.path).st_ino


class _ScandirIterator:
    def __init__(self, dirpath, names):
        self._it = iter([DirEntry(dirpath, n) for n in names])

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._it)

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self._it = iter(())

    def close(self):
        self._it = iter(())


def scandir(path='.'):
    names = listdir(path)
    return _ScandirIterator(fspath(path) if path != '.' else '.', names)


def walk(top, topdown=True, onerror=None, followlinks=False):
    # mirrors Lib/os.py walk: each directory's (dirpath, dirnames, filenames),
    # top-down unless told, the dirnames list editable in place to prune
    top = fspath(top)
    stack = [top]
    while stack:
        top = stack.pop()
        if isinstance(top, tuple):
            yield top
            continue
        dirs = []
        nondirs = []
        try:
            names = listdir(top)
        except OSError as error:
            if onerror is not None:
                onerror(error)
            continue
        for n in names:
            if path.isdir(path.join(top, n)):
                dirs.append(n)
            else:
                nondirs.append(n)
        if topdown:
            yield top, dirs, nondirs
            for d in reversed(dirs):
                stack.append(path.join(top, d))
        else:
            stack.append((top, dirs, nondirs))
            for d in reversed(dirs):
                stack.append(path.join(top, d))


class _Environ:
    # os.environ: the session's variables (posix.environ), str to str
    def __init__(self, data):
        self._data = data

    def __getitem__(self, key):
        if not isinstance(key, str):
            raise TypeError('str expected, not ' + type(key).__name__)
        try:
            return self._data[key]
        except KeyError:
            raise KeyError(key) from None

    def __setitem__(self, key, value):
        if not isinstance(key, str):
            raise TypeError('str expected, not ' + type(key).__name__)
        if not isinstance(value, str):
            raise TypeError('str expected, not ' + type(value).__name__)
        self._data[key] = value

    def __delitem__(self, key):
        try:
            del self._data[key]
        except KeyError:
            raise KeyError(key) from None

    def __contains__(self, key):
        return key in self._data

    def __iter__(self):
        return iter(list(self._data))

    def __len__(self):
        return len(self._data)

    def __repr__(self):
        return 'environ({' + ', '.join('%r: %r' % (k, v) for k, v in self._data.items()) + '})'

    def get(self, key, default=None):
        return self._data.get(key, default)

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def copy(self):
        return dict(self._data)

    def setdefault(self, key, value):
        if key not in self._data:
            self[key] = value
        return self._data[key]

    def pop(self, key, *default):
        return self._data.pop(key, *default)

    def update(self, *args, **kwargs):
        for k, v in dict(*args, **kwargs).items():
            self[k] = v

    def clear(self):
        self._data.clear()

    def __eq__(self, other):
        if isinstance(other, _Environ):
            return self._data == other._data
        return self._data == other

    def __or__(self, other):
        d = dict(self._data)
        d.update(other)
        return d


environ = _Environ(posix.environ)


def getenv(key, default=None):
    return environ.get(key, default)


def putenv(key, value):
    environ[key] = value


def unsetenv(key):
    environ.pop(key, None)


def getpid():
    return 1


def cpu_count():
    return 1


def sysconf(name):
    raise ValueError('unrecognized configuration name')


def urandom(size):
    import random
    return bytes(random.getrandbits(8) for _ in range(size))


def get_terminal_size(fd=1):
    raise OSError(25, 'Inappropriate ioctl for device')


def _structseq(name, fields, n, module='os'):
    # a posixmodule.c struct sequence: its first n fields are the tuple
    import collections

    def __new__(cls, seq):
        return base.__new__(cls, *seq)

    def __repr__(self):
        return '%s.%s(%s)' % (module, name, ', '.join('%s=%r' % kv for kv in zip(self._fields, self)))
    base = collections.namedtuple(name, fields[:n])
    return type(name, (base,), {'__slots__': (), '__new__': __new__, '__repr__': __repr__, '__module__': module,
                                'n_sequence_fields': n, 'n_fields': len(fields)})


statvfs_result = _structseq('statvfs_result', ('f_bsize', 'f_frsize', 'f_blocks', 'f_bfree', 'f_bavail', 'f_files',
                                               'f_ffree', 'f_favail', 'f_flag', 'f_namemax', 'f_fsid'), 10)
terminal_size = _structseq('terminal_size', ('columns', 'lines'), 2)


def statvfs(path):
    raw = posix._statvfs(path)
    return statvfs_result(raw[:10])


# Linux's values of the open(2), sysexits.h, statvfs and getrandom constants:
# open's extra flags change nothing in the session's memory.
EX_CANTCREAT, EX_CONFIG, EX_DATAERR, EX_IOERR, EX_NOHOST, EX_NOINPUT, EX_NOPERM, EX_NOUSER = 73, 78, 65, 74, 68, 66, 77, 67
EX_OK, EX_OSERR, EX_OSFILE, EX_PROTOCOL, EX_SOFTWARE, EX_TEMPFAIL, EX_UNAVAILABLE, EX_USAGE = 0, 71, 72, 76, 70, 75, 69, 64
GRND_NONBLOCK, GRND_RANDOM, NGROUPS_MAX, O_ASYNC, O_CLOEXEC, O_DIRECT, O_DIRECTORY, O_DSYNC = 1, 2, 65536, 8192, 524288, 16384, 65536, 4096
O_FSYNC, O_LARGEFILE, O_NDELAY, O_NOATIME, O_NOCTTY, O_NOFOLLOW, O_NONBLOCK, O_PATH = 1052672, 0, 2048, 262144, 256, 131072, 2048, 2097152
O_RSYNC, O_SYNC, O_TMPFILE, ST_APPEND, ST_MANDLOCK, ST_NOATIME, ST_NODEV, ST_NODIRATIME = 1052672, 1052672, 4259840, 256, 64, 1024, 4, 2048
ST_NOEXEC, ST_NOSUID, ST_RDONLY, ST_RELATIME, ST_SYNCHRONOUS, ST_WRITE, TMP_MAX = 8, 2, 1, 4096, 16, 128, 238328
supports_dir_fd, supports_effective_ids, supports_fd = set(), set(), set()
import stat as st
import abc
from types import GenericAlias


def _fd_ok(fd):
    posix._fstat(fd)  # EBADF for a descriptor that is not open


def fsync(fd):
    # the session's files live in memory: nothing waits to be written
    _fd_ok(fd if isinstance(fd, int) else fd.fileno())


fdatasync = fsync


def sync():
    pass


def isatty(fd):
    try:
        _fd_ok(fd)
    except OSError:
        return False
    return False


def device_encoding(fd):
    return None


_nonblocking, _inheritable = set(), set()


def get_blocking(fd):
    _fd_ok(fd)
    return fd not in _nonblocking


def set_blocking(fd, blocking):
    _fd_ok(fd)
    (_nonblocking.discard if blocking else _nonblocking.add)(fd)


def get_inheritable(fd):
    _fd_ok(fd)
    return fd in _inheritable


def set_inheritable(fd, inheritable):
    _fd_ok(fd)
    (_inheritable.add if inheritable else _inheritable.discard)(fd)


def _at(fd, offset, op, arg):
    # op(fd, arg) at offset, the file's own offset left where it was
    here = lseek(fd, 0, SEEK_CUR)
    try:
        lseek(fd, offset, SEEK_SET)
        return op(fd, arg)
    finally:
        lseek(fd, here, SEEK_SET)


def pread(fd, n, offset):
    return _at(fd, offset, read, n)


def pwrite(fd, data, offset):
    return _at(fd, offset, write, data)


def readv(fd, buffers):
    total = 0
    for b in buffers:
        data = read(fd, len(b))
        b[:len(data)] = data
        total += len(data)
        if len(data) < len(b):
            break
    return total


def writev(fd, buffers):
    return sum(write(fd, bytes(b)) for b in buffers)


def fdopen(fd, mode='r', buffering=-1, encoding=None, *args, **kwargs):
    if not isinstance(fd, int):
        raise TypeError('invalid fd type (%s, expected integer)' % type(fd))
    import io
    return io.open(fd, mode, buffering, encoding, *args, **kwargs)


def closerange(fd_low, fd_high):
    for fd in range(fd_low, fd_high):
        try:
            close(fd)
        except OSError:
            pass


# the session's one user, as its files' st_uid / st_gid and $USER say
def getuid():
    return 1000


geteuid = getgid = getegid = getuid


def getgroups():
    return [1000]


def getresuid():
    return (1000, 1000, 1000)


getresgid = getresuid


def getlogin():
    return environ.get('USER', 'stridelab')


def getppid():
    return 0


def getpgrp():
    return getpid()


def getpgid(pid):
    return getpid()


getsid = getpgid
uname_result = _structseq('uname_result', ('sysname', 'nodename', 'release', 'version', 'machine'), 5, 'posix')
times_result = _structseq('times_result', ('user', 'system', 'children_user', 'children_system', 'elapsed'), 5, 'posix')


def uname():
    return uname_result(('Linux', 'stridelab', '6.1.0', '#1 SMP', 'x86_64'))


def times():
    import time
    return times_result((time.process_time(), 0.0, 0.0, 0.0, time.monotonic()))


def major(device):
    # glibc's gnu_dev_major / minor / makedev
    return ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)


def minor(device):
    return (device & 0xff) | ((device >> 12) & ~0xff)


def makedev(major, minor):
    return ((major & 0xfff) << 8) | ((major & ~0xfff) << 32) | (minor & 0xff) | ((minor & ~0xff) << 12)


def process_cpu_count():
    return cpu_count()


def getrandom(size, flags=0):
    if size < 0:
        raise ValueError('negative argument not allowed')
    return urandom(size)


def fchmod(fd, mode):
    _fd_ok(fd)


def fstatvfs(fd):
    _fd_ok(fd)
    return statvfs('/')


def get_exec_path(env=None):
    path = (environ if env is None else env).get('PATH', defpath)
    return path.split(pathsep)


# the wait(2) status macros, pure arithmetic on a status word
def WIFEXITED(status):
    return (status & 0x7f) == 0


def WEXITSTATUS(status):
    return (status >> 8) & 0xff


def WIFSIGNALED(status):
    return ((status & 0x7f) + 1) >> 1 > 0 and (status & 0x7f) != 0x7f and (status & 0x7f) != 0


def WTERMSIG(status):
    return status & 0x7f


def WIFSTOPPED(status):
    return (status & 0xff) == 0x7f


def WSTOPSIG(status):
    return WEXITSTATUS(status)


def WIFCONTINUED(status):
    return status == 0xffff


def WCOREDUMP(status):
    return bool(status & 0x80)


def waitstatus_to_exitcode(status):
    if WIFEXITED(status):
        return WEXITSTATUS(status)
    if WIFSIGNALED(status):
        return -WTERMSIG(status)
    raise ValueError('invalid wait status: %i' % status)


SEEK_DATA, SEEK_HOLE = 3, 4
supports_bytes_environ = True


def lseek(fd, position, whence, /):
    # SEEK_DATA / SEEK_HOLE as Linux answers them for a file without holes
    if whence in (SEEK_DATA, SEEK_HOLE):
        size = posix._fstat(fd)[6]
        if position >= size or position < 0:
            raise OSError(6, strerror(6))
        return posix.lseek(fd, position if whence == SEEK_DATA else size, SEEK_SET)
    return posix.lseek(fd, position, whence)


class _EnvironB:
    # os.environb: os.environ with bytes keys and values (fsencode / fsdecode)
    def __getitem__(self, key):
        return fsencode(environ[fsdecode(key)])

    def __setitem__(self, key, value):
        environ[fsdecode(key)] = fsdecode(value)

    def __delitem__(self, key):
        del environ[fsdecode(key)]

    def __iter__(self):
        return (fsencode(k) for k in list(environ))

    def __len__(self):
        return len(environ)

    def __contains__(self, key):
        return isinstance(key, bytes) and fsdecode(key) in environ

    def get(self, key, default=None):
        return self[key] if key in self else default

    def keys(self):
        return list(self)

    def items(self):
        return [(k, self[k]) for k in self]

    def values(self):
        return [self[k] for k in self]

    def copy(self):
        return dict(self.items())

    def __repr__(self):
        return 'environ({%s})' % ', '.join('%r: %r' % kv for kv in self.items())


environb = _EnvironB()


def getenvb(key, default=None):
    return environb.get(key, default)
