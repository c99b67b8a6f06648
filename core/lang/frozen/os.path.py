# os.path: POSIX path names (CPython's Lib/posixpath.py, which os.path is on
# Linux): the lexical operations on '/'-separated names, and the queries
# (exists, isfile, isdir, getsize, ...) over os.stat, which reach the
# session's own file system (Note [Session file system]).
import posix
import os

__all__ = ["normcase", "isabs", "join", "splitdrive", "splitroot", "split", "splitext", "basename", "dirname",
           "commonprefix", "getsize", "getmtime", "getatime", "getctime", "islink", "exists", "lexists", "isdir",
           "isfile", "ismount", "expanduser", "expandvars", "normpath", "abspath", "samefile", "sameopenfile",
           "samestat", "curdir", "pardir", "sep", "pathsep", "defpath", "altsep", "extsep", "devnull", "realpath",
           "supports_unicode_filenames", "relpath", "commonpath", "isjunction", "isdevdrive"]

curdir = '.'
pardir = '..'
extsep = '.'
sep = '/'
pathsep = ':'
defpath = '/bin:/usr/bin'
altsep = None
devnull = '/dev/null'
supports_unicode_filenames = False


def _sep(p):
    return b'/' if isinstance(p, bytes) else '/'


def _check_arg_types(funcname, *args):
    has_str = has_bytes = False
    for s in args:
        if isinstance(s, str):
            has_str = True
        elif isinstance(s, bytes):
            has_bytes = True
        else:
            raise TypeError(funcname + '() argument must be str, bytes, or os.PathLike object, not ' + repr(type(s).__name__)) from None
    if has_str and has_bytes:
        raise TypeError("Can't mix strings and bytes in path components") from None


def normcase(s):
    return os.fspath(s)


def isabs(s):
    s = os.fspath(s)
    return s.startswith(_sep(s))


def join(a, *p):
    try:
        a = os.fspath(a)
        parts = [os.fspath(b) for b in p]
        _check_arg_types('join', a, *parts)
    except TypeError:
        _check_arg_types('join', a, *p)
        raise
    sp = _sep(a)
    path = a
    for b in parts:
        if b.startswith(sp):
            path = b
        elif not path or path.endswith(sp):
            path += b
        else:
            path += sp + b
    return path


def split(p):
    p = os.fspath(p)
    sp = _sep(p)
    i = p.rfind(sp) + 1
    head, tail = p[:i], p[i:]
    if head and head != sp * len(head):
        head = head.rstrip(sp)
    return head, tail


def splitext(p):
    p = os.fspath(p)
    sp = _sep(p)
    dot = b'.' if isinstance(p, bytes) else '.'
    sep_index = p.rfind(sp)
    dot_index = p.rfind(dot)
    if dot_index > sep_index:
        # a leading run of dots is part of the name, not an extension
        filename_index = sep_index + 1
        while filename_index < dot_index:
            if p[filename_index:filename_index + 1] != dot:
                return p[:dot_index], p[dot_index:]
            filename_index += 1
    return p, p[:0]


def splitdrive(p):
    p = os.fspath(p)
    return p[:0], p


def splitroot(p):
    p = os.fspath(p)
    sp = _sep(p)
    empty = p[:0]
    if p[:1] != sp:
        return empty, empty, p
    if p[1:2] != sp or p[2:3] == sp:
        return empty, sp, p[1:]
    return empty, p[:2], p[2:]


def basename(p):
    p = os.fspath(p)
    return p[p.rfind(_sep(p)) + 1:]


def dirname(p):
    p = os.fspath(p)
    sp = _sep(p)
    head = p[:p.rfind(sp) + 1]
    if head and head != sp * len(head):
        head = head.rstrip(sp)
    return head


def commonprefix(m):
    if not m:
        return ''
    if not isinstance(m[0], (list, tuple)):
        m = tuple(map(os.fspath, m))
    s1 = min(m)
    s2 = max(m)
    for i, c in enumerate(s1):
        if c != s2[i]:
            return s1[:i]
    return s1


def normpath(path):
    path = os.fspath(path)
    if isinstance(path, bytes):
        sp, dot, dotdot, empty = b'/', b'.', b'..', b''
    else:
        sp, dot, dotdot, empty = '/', '.', '..', ''
    if path == empty:
        return dot
    # POSIX keeps exactly two leading slashes, and folds three or more to one
    initial = 0
    if path.startswith(sp):
        initial = 2 if path.startswith(sp * 2) and not path.startswith(sp * 3) else 1
    comps = []
    for comp in path.split(sp):
        if comp in (empty, dot):
            continue
        if comp != dotdot or (not initial and not comps) or (comps and comps[-1] == dotdot):
            comps.append(comp)
        elif comps:
            comps.pop()
    path = sp * initial + sp.join(comps)
    return path or dot


def abspath(path):
    path = os.fspath(path)
    if not isabs(path):
        cwd = os.getcwdb() if isinstance(path, bytes) else os.getcwd()
        path = join(cwd, path)
    return normpath(path)


def realpath(filename, *, strict=False):
    return abspath(filename)


def relpath(path, start=None):
    path = os.fspath(path)
    if not path:
        raise ValueError('no path specified')
    if isinstance(path, bytes):
        curdir_, sep_, pardir_ = b'.', b'/', b'..'
    else:
        curdir_, sep_, pardir_ = '.', '/', '..'
    start = curdir_ if start is None else os.fspath(start)
    _check_arg_types('relpath', path, start)
    start_list = [x for x in abspath(start).split(sep_) if x]
    path_list = [x for x in abspath(path).split(sep_) if x]
    i = len(commonprefix([start_list, path_list]))
    rel_list = [pardir_] * (len(start_list) - i) + path_list[i:]
    if not rel_list:
        return curdir_
    return sep_.join(rel_list)


def commonpath(paths):
    paths = tuple(map(os.fspath, paths))
    if not paths:
        raise ValueError('commonpath() arg is an empty sequence')
    sp = _sep(paths[0])
    curdir_ = b'.' if isinstance(paths[0], bytes) else '.'
    _check_arg_types('commonpath', *paths)
    split_paths = [path.split(sp) for path in paths]
    isabs_ = set(p[:1] == sp for p in paths)
    if len(isabs_) != 1:
        raise ValueError("Can't mix absolute and relative paths")
    split_paths = [[c for c in s if c and c != curdir_] for s in split_paths]
    s1 = min(split_paths)
    s2 = max(split_paths)
    common = s1
    for i, c in enumerate(s1):
        if c != s2[i]:
            common = s1[:i]
            break
    prefix = sp if paths[0][:1] == sp else sp[:0]
    return prefix + sp.join(common)


def expanduser(path):
    path = os.fspath(path)
    tilde = b'~' if isinstance(path, bytes) else '~'
    if not path.startswith(tilde):
        return path
    sp = _sep(path)
    i = path.find(sp, 1)
    if i < 0:
        i = len(path)
    if i != 1:
        return path
    home = os.environ.get('HOME', '/')
    if isinstance(path, bytes):
        home = home.encode()
    home = home.rstrip(sp)
    return (home + path[i:]) or sp


def expandvars(path):
    path = os.fspath(path)
    if isinstance(path, bytes) or '$' not in path:
        return path
    out = ''
    i = 0
    n = len(path)
    while i < n:
        c = path[i]
        if c == '$' and i + 1 < n:
            if path[i + 1] == '{':
                j = path.find('}', i + 2)
                if j > 0:
                    name = path[i + 2:j]
                    if name in os.environ:
                        out += os.environ[name]
                    else:
                        out += path[i:j + 1]
                    i = j + 1
                    continue
            else:
                j = i + 1
                while j < n and (path[j].isalnum() or path[j] == '_'):
                    j += 1
                name = path[i + 1:j]
                if name and name in os.environ:
                    out += os.environ[name]
                    i = j
                    continue
                if name:
                    out += path[i:j]
                    i = j
                    continue
        out += c
        i += 1
    return out


def exists(path):
    try:
        os.stat(path)
    except (OSError, ValueError):
        return False
    return True


lexists = exists


def isdir(s):
    try:
        st = os.stat(s)
    except (OSError, ValueError):
        return False
    return st.st_mode & 0o170000 == 0o040000


def isfile(path):
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return False
    return st.st_mode & 0o170000 == 0o100000


def islink(path):
    return False


def isjunction(path):
    return False


def isdevdrive(path):
    return False


def ismount(path):
    return abspath(path) == '/'


def getsize(filename):
    return os.stat(filename).st_size


def getmtime(filename):
    return os.stat(filename).st_mtime


def getatime(filename):
    return os.stat(filename).st_atime


def getctime(filename):
    return os.stat(filename).st_ctime


def samestat(s1, s2):
    return s1.st_ino == s2.st_ino and s1.st_dev == s2.st_dev


def samefile(f1, f2):
    return samestat(os.stat(f1), os.stat(f2))


def sameopenfile(fp1, fp2):
    return samestat(os.fstat(fp1), os.fstat(fp2))
