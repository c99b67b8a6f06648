# pathlib: object-oriented paths (CPython 3.13's Lib/pathlib/_local.py and
# _abc.py) on POSIX: PurePath / PurePosixPath hold a normalised path and
# answer the lexical questions (name, stem, suffix, parent, parts, /,
# relative_to, with_suffix, match); Path / PosixPath add the file system's
# (exists, is_file, mkdir, read_text, iterdir, glob, ...) through os and open,
# so they reach only the session's file system (Note [Session file system]).
# Normalisation, as PurePath's parser: repeated and trailing '/' and '.'
# components go, '..' stays, exactly two leading slashes are kept, '' is '.'.
import os
import io

__all__ = ['PurePath', 'PurePosixPath', 'PureWindowsPath', 'Path', 'PosixPath', 'WindowsPath', 'UnsupportedOperation']

UnsupportedOperation = io.UnsupportedOperation


def _parse(raw):
    if raw == '':
        return '', []
    root = ''
    if raw.startswith('/'):
        root = '//' if raw.startswith('//') and not raw.startswith('///') else '/'
    parts = [p for p in raw.split('/') if p and p != '.']
    return root, parts


def _fnmatch(name, pat):
    # shell-style matching of one name: * ? [seq] [!seq] (mirrors fnmatch.translate's meaning)
    def match(i, j):
        while j < len(pat):
            c = pat[j]
            if c == '*':
                while j < len(pat) and pat[j] == '*':
                    j += 1
                if j == len(pat):
                    return True
                for k in range(i, len(name) + 1):
                    if match(k, j):
                        return True
                return False
            if i >= len(name):
                return False
            if c == '?':
                i += 1
                j += 1
                continue
            if c == '[':
                end = pat.find(']', j + 2 if pat[j + 1:j + 2] in ('!', ']') else j + 1)
                if end < 0:
                    if name[i] != '[':
                        return False
                    i += 1
                    j += 1
                    continue
                body = pat[j + 1:end]
                neg = body.startswith('!')
                if neg:
                    body = body[1:]
                hit = False
                k = 0
                while k < len(body):
                    if k + 2 < len(body) and body[k + 1] == '-':
                        if body[k] <= name[i] <= body[k + 2]:
                            hit = True
                        k += 3
                    else:
                        if body[k] == name[i]:
                            hit = True
                        k += 1
                if hit == neg:
                    return False
                i += 1
                j = end + 1
                continue
            if name[i] != c:
                return False
            i += 1
            j += 1
        return i == len(name)
    return match(0, 0)


class PurePath:
    _flavour_sep = '/'

    def __new__(cls, *args):
        if cls is PurePath:
            cls = PurePosixPath
        self = object.__new__(cls)
        return self

    def __init__(self, *args):
        raws = []
        for a in args:
            if isinstance(a, PurePath):
                raws.append(a._raw)
            else:
                try:
                    p = os.fspath(a)
                except TypeError:
                    raise TypeError("argument should be a str or an os.PathLike object where __fspath__ returns a str, not " + repr(type(a).__name__)) from None
                if not isinstance(p, str):
                    raise TypeError("argument should be a str or an os.PathLike object where __fspath__ returns a str, not " + repr(type(p).__name__))
                raws.append(p)
        raw = ''
        for r in raws:
            if r.startswith('/'):
                raw = r
            elif raw == '' or raw.endswith('/'):
                raw += r
            else:
                raw += '/' + r
        self._raw = raw
        self._root, self._tail = _parse(raw)

    def with_segments(self, *args):
        return type(self)(*args)

    def _from_parts(self, root, tail):
        p = object.__new__(type(self))
        p._root = root
        p._tail = list(tail)
        p._raw = root + '/'.join(tail)
        return p

    def __str__(self):
        s = self._root + '/'.join(self._tail)
        return s or '.'

    def __fspath__(self):
        return str(self)

    def as_posix(self):
        return str(self)

    def __repr__(self):
        return '%s(%r)' % (type(self).__name__, self.as_posix())

    def __bytes__(self):
        return os.fsencode(str(self))

    def __hash__(self):
        return hash(str(self))

    def __eq__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return str(self) == str(other)

    def __lt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self.parts < other.parts

    def __le__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self.parts <= other.parts

    def __gt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self.parts > other.parts

    def __ge__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self.parts >= other.parts

    def __truediv__(self, key):
        try:
            return self.with_segments(self, key)
        except TypeError:
            return NotImplemented

    def __rtruediv__(self, key):
        try:
            return self.with_segments(key, self)
        except TypeError:
            return NotImplemented

    def joinpath(self, *pathsegments):
        return self.with_segments(self, *pathsegments)

    @property
    def drive(self):
        return ''

    @property
    def root(self):
        return self._root

    @property
    def anchor(self):
        return self._root

    @property
    def parts(self):
        if self._root:
            return (self._root,) + tuple(self._tail)
        return tuple(self._tail)

    @property
    def name(self):
        return self._tail[-1] if self._tail else ''

    @property
    def suffix(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[i:]
        return ''

    @property
    def suffixes(self):
        name = self.name
        if name.endswith('.'):
            return []
        name = name.lstrip('.')
        return ['.' + s for s in name.split('.')[1:]]

    @property
    def stem(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[:i]
        return name

    @property
    def parent(self):
        if not self._tail:
            return self
        return self._from_parts(self._root, self._tail[:-1])

    @property
    def parents(self):
        out = []
        tail = self._tail
        while tail:
            tail = tail[:-1]
            out.append(self._from_parts(self._root, tail))
        return tuple(out)

    def with_name(self, name):
        if not self.name:
            raise ValueError('%r has an empty name' % (self,))
        if not name or '/' in name or name == '.':
            raise ValueError('Invalid name %r' % (name,))
        return self._from_parts(self._root, self._tail[:-1] + [name])

    def with_stem(self, stem):
        suffix = self.suffix
        if not suffix:
            return self.with_name(stem)
        if not stem:
            raise ValueError('%r has a non-empty suffix' % (self,))
        return self.with_name(stem + suffix)

    def with_suffix(self, suffix):
        stem = self.stem
        if not stem:
            raise ValueError('%r has an empty name' % (self,))
        if suffix and (not suffix.startswith('.') or suffix == '.' or '/' in suffix):
            raise ValueError('Invalid suffix %r' % (suffix,))
        return self.with_name(stem + suffix)

    def is_absolute(self):
        return bool(self._root)

    def is_relative_to(self, other):
        other = self.with_segments(other)
        return other == self or other in self.parents

    def relative_to(self, other, *, walk_up=False):
        other = self.with_segments(other)
        for step, path in enumerate([other] + list(other.parents)):
            if path == self or path in self.parents:
                break
            if not walk_up:
                raise ValueError('%r is not in the subpath of %r' % (str(self), str(other)))
            if path.name == '..':
                raise ValueError("'..' segment in %r cannot be walked" % (str(other),))
        else:
            raise ValueError('%r and %r have different anchors' % (str(self), str(other)))
        parts = ['..'] * step + self._tail[len(path._tail):]
        return self._from_parts('', parts)

    def match(self, path_pattern, *, case_sensitive=None):
        pat = self.with_segments(path_pattern)
        if not pat.parts:
            raise ValueError('empty pattern')
        pparts = pat.parts
        sparts = self.parts
        if pat._root:
            if len(pparts) != len(sparts):
                return False
        elif len(pparts) > len(sparts):
            return False
        for s, p in zip(reversed(sparts), reversed(pparts)):
            if not _fnmatch(s, p):
                return False
        return True

    def full_match(self, pattern, *, case_sensitive=None):
        pat = self.with_segments(pattern)
        if len(pat.parts) != len(self.parts):
            return False
        return all(_fnmatch(s, p) for s, p in zip(self.parts, pat.parts))


class PurePosixPath(PurePath):
    pass


class PureWindowsPath(PurePath):
    pass


class Path(PurePath):
    def __new__(cls, *args, **kwargs):
        if cls is Path:
            cls = PosixPath
        return object.__new__(cls)

    @classmethod
    def cwd(cls):
        return cls(os.getcwd())

    @classmethod
    def home(cls):
        return cls(os.path.expanduser('~'))

    def stat(self, *, follow_symlinks=True):
        return os.stat(self)

    def lstat(self):
        return os.stat(self)

    def exists(self, *, follow_symlinks=True):
        return os.path.exists(self)

    def is_file(self, *, follow_symlinks=True):
        return os.path.isfile(self)

    def is_dir(self, *, follow_symlinks=True):
        return os.path.isdir(self)

    def is_symlink(self):
        return False

    def is_mount(self):
        return os.path.ismount(self)

    def is_junction(self):
        return False

    def samefile(self, other_path):
        return os.path.samefile(self, other_path)

    def open(self, mode='r', buffering=-1, encoding=None, errors=None, newline=None):
        return io.open(self, mode, buffering, encoding, errors, newline)

    def read_bytes(self):
        with self.open(mode='rb') as f:
            return f.read()

    def read_text(self, encoding=None, errors=None, newline=None):
        with self.open(mode='r', encoding=encoding, errors=errors, newline=newline) as f:
            return f.read()

    def write_bytes(self, data):
        view = memoryview(data)
        with self.open(mode='wb') as f:
            return f.write(view)

    def write_text(self, data, encoding=None, errors=None, newline=None):
        if not isinstance(data, str):
            raise TypeError('data must be str, not %s' % type(data).__name__)
        with self.open(mode='w', encoding=encoding, errors=errors, newline=newline) as f:
            return f.write(data)

    def iterdir(self):
        root = str(self)
        for name in os.listdir(root):
            yield self._from_parts(self._root, self._tail + [name]) if root != '.' else self.with_segments(name)

    def _child(self, name):
        return self._from_parts(self._root, self._tail + [name])

    def _glob(self, parts):
        if not parts:
            yield self
            return
        head = parts[0]
        rest = parts[1:]
        if head == '**':
            # this directory and every directory below it, top-down
            for d in self._walk_dirs():
                for p in d._glob(rest):
                    yield p
            return
        if head in ('.', '..') or not any(c in head for c in '*?['):
            child = self._child(head)
            if rest:
                if child.is_dir():
                    for p in child._glob(rest):
                        yield p
            elif child.exists():
                yield child
            return
        try:
            names = sorted(os.listdir(str(self)))
        except OSError:
            return
        for name in names:
            if name.startswith('.') and not head.startswith('.'):
                if not _fnmatch(name, head) or head[:1] in '*?[':
                    continue
            if _fnmatch(name, head):
                child = self._child(name)
                if rest:
                    if child.is_dir():
                        for p in child._glob(rest):
                            yield p
                else:
                    yield child

    def _walk_dirs(self):
        yield self
        try:
            names = sorted(os.listdir(str(self)))
        except OSError:
            return
        for name in names:
            child = self._child(name)
            if child.is_dir():
                for d in child._walk_dirs():
                    yield d

    def glob(self, pattern, *, case_sensitive=None, recurse_symlinks=False):
        pattern = os.fspath(pattern)
        if not pattern:
            raise ValueError('Unacceptable pattern: %r' % (pattern,))
        if pattern.startswith('/'):
            raise NotImplementedError('Non-relative patterns are unsupported')
        parts = [p for p in pattern.split('/') if p and p != '.']
        if pattern.endswith('/'):
            return (p for p in self._glob(parts) if p.is_dir())
        if parts and parts[-1] == '**':
            return (p for p in self._glob(parts) if p != self or True)
        return self._glob(parts)

    def rglob(self, pattern, *, case_sensitive=None, recurse_symlinks=False):
        return self.glob('**/' + os.fspath(pattern))

    def walk(self, top_down=True, on_error=None, follow_symlinks=False):
        for root, dirs, files in os.walk(str(self), top_down, on_error):
            yield self.with_segments(root), dirs, files

    def absolute(self):
        if self._root:
            return self
        return self.with_segments(os.getcwd(), self)

    def resolve(self, strict=False):
        return self.with_segments(os.path.abspath(str(self)))

    def expanduser(self):
        return self.with_segments(os.path.expanduser(str(self)))

    def touch(self, mode=0o666, exist_ok=True):
        if self.exists():
            if not exist_ok:
                raise FileExistsError(17, 'File exists', str(self))
            return
        with self.open('a'):
            pass

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        try:
            os.mkdir(self, mode)
        except FileNotFoundError:
            if not parents or self.parent == self:
                raise
            self.parent.mkdir(parents=True, exist_ok=True)
            self.mkdir(mode, parents=False, exist_ok=exist_ok)
        except OSError:
            if not exist_ok or not self.is_dir():
                raise

    def unlink(self, missing_ok=False):
        try:
            os.unlink(self)
        except FileNotFoundError:
            if not missing_ok:
                raise

    def rmdir(self):
        os.rmdir(self)

    def rename(self, target):
        os.rename(self, target)
        return self.with_segments(target)

    def replace(self, target):
        os.replace(self, target)
        return self.with_segments(target)

    def chmod(self, mode, *, follow_symlinks=True):
        os.chmod(self, mode)


class PosixPath(Path, PurePosixPath):
    pass


class WindowsPath(Path, PureWindowsPath):
    def __new__(cls, *args, **kwargs):
        raise UnsupportedOperation('cannot instantiate %r on your system' % (cls.__name__,))
