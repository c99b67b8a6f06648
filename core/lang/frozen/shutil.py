# shutil: CPython 3.13's Lib/shutil.py API, written here over os, in the
# session's own file system (Note [Session file system], memfs.hpp), which has
# no links, owners or special files: copies are byte copies, copystat copies
# the times os.utime keeps, move is a rename (a copy and delete across folders
# is the same tree). disk_usage answers os.statvfs: the session's files
# against the 4 GiB a wasm module can hold. which() searches PATH in the
# session's files, which hold no programs until a program writes them.
# make_archive writes zip (zipfile's bytes, through _zipio) and tar is absent:
# there is no tarfile module here.
import os
import sys
import stat
import errno
import fnmatch
import collections

posix = sys.modules.get('posix')
nt = None
COPY_BUFSIZE = 64 * 1024

__all__ = ['copyfileobj', 'copyfile', 'copymode', 'copystat', 'copy', 'copy2', 'copytree', 'move', 'rmtree', 'Error',
           'SpecialFileError', 'ExecError', 'make_archive', 'get_archive_formats', 'register_archive_format',
           'unregister_archive_format', 'get_unpack_formats', 'register_unpack_format', 'unregister_unpack_format',
           'unpack_archive', 'ignore_patterns', 'chown', 'which', 'get_terminal_size', 'SameFileError', 'disk_usage',
           'ReadError', 'RegistryError', 'COPY_BUFSIZE', 'os', 'sys', 'stat', 'errno', 'fnmatch', 'collections',
           'posix', 'nt']


class Error(OSError):
    pass


class SameFileError(Error):
    pass


class SpecialFileError(OSError):
    pass


class ExecError(OSError):
    pass


class ReadError(OSError):
    pass


class RegistryError(Exception):
    pass


def copyfileobj(fsrc, fdst, length=0):
    if not length:
        length = COPY_BUFSIZE
    while True:
        buf = fsrc.read(length)
        if not buf:
            break
        fdst.write(buf)


def _samefile(src, dst):
    try:
        return os.path.samefile(src, dst)
    except OSError:
        return False


def copyfile(src, dst, *, follow_symlinks=True):
    if _samefile(src, dst):
        raise SameFileError('{!r} and {!r} are the same file'.format(src, dst))
    with open(src, 'rb') as fsrc:
        try:
            with open(dst, 'wb') as fdst:
                copyfileobj(fsrc, fdst)
        except IsADirectoryError as e:
            if not os.path.exists(dst):
                raise FileNotFoundError(f'Directory does not exist: {dst}') from e
            raise
    return dst


def copymode(src, dst, *, follow_symlinks=True):
    os.chmod(dst, stat.S_IMODE(os.stat(src).st_mode))


def copystat(src, dst, *, follow_symlinks=True):
    st = os.stat(src)
    os.utime(dst, ns=(st.st_atime_ns, st.st_mtime_ns))
    os.chmod(dst, stat.S_IMODE(st.st_mode))


def _target(src, dst):
    return os.path.join(dst, os.path.basename(src)) if os.path.isdir(dst) else dst


def copy(src, dst, *, follow_symlinks=True):
    dst = _target(src, dst)
    copyfile(src, dst)
    copymode(src, dst)
    return dst


def copy2(src, dst, *, follow_symlinks=True):
    dst = _target(src, dst)
    copyfile(src, dst)
    copystat(src, dst)
    return dst


def ignore_patterns(*patterns):
    def _ignore_patterns(path, names):
        out = []
        for p in patterns:
            out.extend(fnmatch.filter(names, p))
        return set(out)
    return _ignore_patterns


def copytree(src, dst, symlinks=False, ignore=None, copy_function=copy2, ignore_dangling_symlinks=False,
             dirs_exist_ok=False):
    # mirrors shutil._copytree: errors are gathered and raised as one Error
    with os.scandir(src) as it:
        entries = list(it)
    ignored = ignore(os.fspath(src), [e.name for e in entries]) if ignore is not None else set()
    os.makedirs(dst, exist_ok=dirs_exist_ok)
    errors = []
    for e in entries:
        if e.name in ignored:
            continue
        s, d = os.path.join(src, e.name), os.path.join(dst, e.name)
        try:
            if e.is_dir():
                copytree(s, d, symlinks, ignore, copy_function, ignore_dangling_symlinks, dirs_exist_ok)
            else:
                copy_function(s, d)
        except Error as err:
            errors.extend(err.args[0])
        except OSError as why:
            errors.append((s, d, str(why)))
    try:
        copystat(src, dst)
    except OSError as why:
        errors.append((src, dst, str(why)))
    if errors:
        raise Error(errors)
    return dst


def rmtree(path, ignore_errors=False, onerror=None, *, onexc=None, dir_fd=None):
    # mirrors shutil.rmtree: onexc(func, path, exc), or the older onerror(func, path, exc_info)
    if ignore_errors:
        def onexc(*args):
            pass
    elif onexc is None:
        if onerror is None:
            def onexc(*args):
                raise
        else:
            def onexc(func, path, exc):
                return onerror(func, path, (type(exc), exc, exc.__traceback__))
    try:
        os.lstat(path)
    except OSError as e:
        onexc(os.lstat, path, e)
        return
    try:
        if not os.path.isdir(path):
            raise NotADirectoryError(20, 'Not a directory', path)
        entries = list(os.scandir(path))
    except OSError as e:
        onexc(os.scandir if not isinstance(e, NotADirectoryError) else os.rmdir, path, e)
        return
    for e in entries:
        full = os.path.join(path, e.name)
        if e.is_dir():
            rmtree(full, onexc=onexc)
        else:
            try:
                os.unlink(full)
            except OSError as err:
                onexc(os.unlink, full, err)
    try:
        os.rmdir(path)
    except OSError as err:
        onexc(os.rmdir, path, err)


rmtree.avoids_symlink_attacks = False


def _destinsrc(src, dst):
    src, dst = os.path.abspath(src), os.path.abspath(dst)
    if not src.endswith(os.path.sep):
        src += os.path.sep
    if not dst.endswith(os.path.sep):
        dst += os.path.sep
    return dst.startswith(src)


def move(src, dst, copy_function=copy2):
    real_dst = dst
    if os.path.isdir(dst):
        if _samefile(src, dst):
            os.rename(src, dst)
            return
        real_dst = os.path.join(dst, os.path.basename(os.fspath(src).rstrip(os.sep)))
        if os.path.exists(real_dst):
            raise Error("Destination path '%s' already exists" % real_dst)
    if os.path.isdir(src) and _destinsrc(src, dst):
        raise Error("Cannot move a directory '%s' into itself '%s'." % (src, dst))
    try:
        os.rename(src, real_dst)
    except OSError:
        if os.path.isdir(src):
            copytree(src, real_dst, copy_function=copy_function)
            rmtree(src)
        else:
            copy_function(src, real_dst)
            os.unlink(src)
    return real_dst


_ntuple_diskusage = collections.namedtuple('usage', 'total used free')


def disk_usage(path):
    st = os.statvfs(path)
    free = st.f_bavail * st.f_frsize
    total = st.f_blocks * st.f_frsize
    used = (st.f_blocks - st.f_bfree) * st.f_frsize
    return _ntuple_diskusage(total, used, free)


def chown(path, user=None, group=None, *, dir_fd=None, follow_symlinks=True):
    if user is None and group is None:
        raise ValueError('user and/or group must be set')
    raise LookupError('no such user: {!r}'.format(user) if user is not None else 'no such group: {!r}'.format(group))


def get_terminal_size(fallback=(80, 24)):
    try:
        columns = int(os.environ['COLUMNS'])
    except (KeyError, ValueError):
        columns = 0
    try:
        lines = int(os.environ['LINES'])
    except (KeyError, ValueError):
        lines = 0
    if columns <= 0 or lines <= 0:
        try:
            size = os.get_terminal_size(sys.__stdout__.fileno())
        except (AttributeError, ValueError, OSError):
            size = os.terminal_size(fallback)
        columns = columns if columns > 0 else size.columns or fallback[0]
        lines = lines if lines > 0 else size.lines or fallback[1]
    return os.terminal_size((columns, lines))


def which(cmd, mode=os.F_OK | os.X_OK, path=None):
    if os.path.dirname(cmd):
        return cmd if os.path.exists(cmd) and os.access(cmd, mode) and not os.path.isdir(cmd) else None
    if path is None:
        path = os.environ.get('PATH', os.defpath)
    if not path:
        return None
    for d in os.fsdecode(path).split(os.pathsep):
        name = os.path.join(d, cmd)
        if os.path.exists(name) and os.access(name, mode) and not os.path.isdir(name):
            return name
    return None


def _make_zipfile(base_name, base_dir, verbose=0, dry_run=0, logger=None, owner=None, group=None, root_dir=None):
    import _zipio
    name = base_name + '.zip'
    members = []
    top = os.path.join(root_dir or os.curdir, base_dir)
    for dirpath, dirnames, filenames in os.walk(top):
        rel = os.path.normpath(os.path.relpath(dirpath, root_dir or os.curdir))
        for f in sorted(filenames):
            with open(os.path.join(dirpath, f), 'rb') as fh:
                members.append((os.path.join(rel, f) if rel != os.curdir else f, fh.read()))
    if not dry_run:
        with open(name, 'wb') as out:
            w = _zipio.ZipWriter(out, True)
            for arc, data in members:
                w.add(arc, [data])
            w.close()
    return name


_ARCHIVE_FORMATS = {'zip': (_make_zipfile, [], 'ZIP file')}
_UNPACK_FORMATS = {'zip': (['.zip'], None, [], 'ZIP file')}


def get_archive_formats():
    return sorted((k, v[2]) for k, v in _ARCHIVE_FORMATS.items())


def register_archive_format(name, function, extra_args=None, description=''):
    if not callable(function):
        raise TypeError('The %s object is not callable' % function)
    _ARCHIVE_FORMATS[name] = (function, list(extra_args or []), description)


def unregister_archive_format(name):
    del _ARCHIVE_FORMATS[name]


def make_archive(base_name, format, root_dir=None, base_dir=None, verbose=0, dry_run=0, owner=None, group=None,
                 logger=None):
    try:
        func, extra, _ = _ARCHIVE_FORMATS[format]
    except KeyError:
        raise ValueError("unknown archive format '%s'" % format) from None
    base_name = os.fspath(base_name)
    if root_dir is not None:
        base_name = os.path.abspath(base_name)
    return func(base_name, base_dir or os.curdir, root_dir=root_dir, dry_run=dry_run, **dict(extra))


def get_unpack_formats():
    return sorted((k, v[0], v[3]) for k, v in _UNPACK_FORMATS.items())


def register_unpack_format(name, extensions, function, extra_args=None, description=''):
    _UNPACK_FORMATS[name] = (extensions, function, list(extra_args or []), description)


def unregister_unpack_format(name):
    del _UNPACK_FORMATS[name]


def _unpack_zipfile(filename, extract_dir):
    import _zipio
    with open(filename, 'rb') as f:
        z = _zipio.ZipReader(f)
        for name in z.namelist():
            target = os.path.join(extract_dir, name)
            if name.endswith('/'):
                os.makedirs(target, exist_ok=True)
                continue
            os.makedirs(os.path.dirname(target) or '.', exist_ok=True)
            with open(target, 'wb') as out:
                out.write(z.read(name))


def unpack_archive(filename, extract_dir=None, format=None, *, filter=None):
    extract_dir = os.getcwd() if extract_dir is None else os.fspath(extract_dir)
    filename = os.fspath(filename)
    if format is None:
        for name, info in _UNPACK_FORMATS.items():
            if any(filename.endswith(e) for e in info[0]):
                format = name
                break
        else:
            raise ReadError("Unknown archive format '{0}'".format(filename))
    try:
        exts, func, extra, _ = _UNPACK_FORMATS[format]
    except KeyError:
        raise ValueError("Unknown unpack format '{0}'".format(format)) from None
    (func or _unpack_zipfile)(filename, extract_dir, **dict(extra))
