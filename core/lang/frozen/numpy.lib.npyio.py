# numpy.lib.npyio: np.save, np.load, np.savez, np.savez_compressed and
# NpzFile, as numpy/lib/_npyio_impl.py has them, with their messages. Files
# are the session's (open(), Note [Session file system]). An .npz is a zip
# of .npy members, written and read by _zipio (its header says which bytes).
import io
import os
import numpy
from numpy.lib import format

__all__ = ['save', 'load', 'savez', 'savez_compressed', 'savetxt', 'loadtxt', 'genfromtxt', 'NpzFile', 'BagObj']


from _zipio import BadZipFile, ZipWriter as _ZipWriter, ZipReader as _ZipReader


class BagObj:
    def __init__(self, obj):
        self._obj = obj

    def __getattr__(self, key):
        try:
            return self._obj[key]
        except KeyError:
            raise AttributeError(key) from None

    def __dir__(self):
        return list(self._obj.keys())


class _View:
    def __init__(self, mapping):
        self._mapping = mapping

    def __len__(self):
        return len(self._mapping)

    def __repr__(self):
        return '%s(%r)' % (type(self).__name__, self._mapping)


class KeysView(_View):
    def __iter__(self):
        return iter(self._mapping)

    def __contains__(self, key):
        return key in self._mapping


class ValuesView(_View):
    def __iter__(self):
        for key in self._mapping:
            yield self._mapping[key]


class ItemsView(_View):
    def __iter__(self):
        for key in self._mapping:
            yield (key, self._mapping[key])


class NpzFile:
    zip = None
    fid = None
    _MAX_REPR_ARRAY_COUNT = 5

    def __init__(self, fid, own_fid=False, allow_pickle=False, pickle_kwargs=None, *,
                 max_header_size=format._MAX_HEADER_SIZE):
        _zip = _ZipReader(fid)
        self._files = _zip.namelist()
        self.files = [x[:-4] if x.endswith('.npy') else x for x in self._files]
        self.allow_pickle = allow_pickle
        self.max_header_size = max_header_size
        self.pickle_kwargs = pickle_kwargs
        self.zip = _zip
        self.f = BagObj(self)
        if own_fid:
            self.fid = fid

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()

    def close(self):
        if self.zip is not None:
            self.zip.close()
            self.zip = None
        if self.fid is not None:
            self.fid.close()
            self.fid = None
        self.f = None

    def __iter__(self):
        return iter(self.files)

    def __len__(self):
        return len(self.files)

    def __getitem__(self, key):
        member = False
        if key in self._files:
            member = True
        elif key in self.files:
            member = True
            key += '.npy'
        if member:
            data = self.zip.read(key)
            if data[:len(format.MAGIC_PREFIX)] == format.MAGIC_PREFIX:
                return format.read_array(io.BytesIO(data), allow_pickle=self.allow_pickle,
                                         pickle_kwargs=self.pickle_kwargs, max_header_size=self.max_header_size)
            return data
        raise KeyError(f"{key} is not a file in the archive")

    def __contains__(self, key):
        return key in self._files or key in self.files

    def __repr__(self):
        filename = self.fid if isinstance(self.fid, str) else getattr(self.fid, "name", "object")
        array_names = ', '.join(self.files[:self._MAX_REPR_ARRAY_COUNT])
        if len(self.files) > self._MAX_REPR_ARRAY_COUNT:
            array_names += "..."
        return f"NpzFile {filename!r} with keys: {array_names}"

    def get(self, key, default=None, /):
        try:
            return self[key]
        except KeyError:
            return default

    def items(self):
        return ItemsView(self)

    def keys(self):
        return KeysView(self)

    def values(self):
        return ValuesView(self)


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding='ASCII', *,
         max_header_size=format._MAX_HEADER_SIZE):
    if encoding not in ('ASCII', 'latin1', 'bytes'):
        raise ValueError("encoding must be 'ASCII', 'latin1', or 'bytes'")
    pickle_kwargs = dict(encoding=encoding, fix_imports=fix_imports)
    if hasattr(file, 'read'):
        fid, own_fid = file, False
    else:
        fid, own_fid = open(os.fspath(file), "rb"), True
    try:
        N = len(format.MAGIC_PREFIX)
        magic = fid.read(N)
        if not magic:
            raise EOFError("No data left in file")
        fid.seek(-min(N, len(magic)), 1)
        if magic.startswith((b'PK\x03\x04', b'PK\x05\x06')):
            ret = NpzFile(fid, own_fid=own_fid, allow_pickle=allow_pickle, pickle_kwargs=pickle_kwargs,
                          max_header_size=max_header_size)
            own_fid = False  # NpzFile closes it
            return ret
        elif magic == format.MAGIC_PREFIX:
            if mmap_mode:
                return format.open_memmap(file, mode=mmap_mode, max_header_size=max_header_size)
            return format.read_array(fid, allow_pickle=allow_pickle, pickle_kwargs=pickle_kwargs,
                                     max_header_size=max_header_size)
        else:
            if not allow_pickle:
                raise ValueError(
                    "This file contains pickled (object) data. If you trust "
                    "the file you can load it unsafely using the "
                    "`allow_pickle=` keyword argument or `pickle.load()`.")
            import pickle
            try:
                return pickle.load(fid, **pickle_kwargs)
            except Exception as e:
                raise pickle.UnpicklingError(f"Failed to interpret file {file!r} as a pickle") from e
    finally:
        if own_fid:
            fid.close()


def save(file, arr, allow_pickle=True, fix_imports=None):
    if hasattr(file, 'write'):
        fid, own = file, False
    else:
        file = os.fspath(file)
        if not file.endswith('.npy'):
            file = file + '.npy'
        fid, own = open(file, "wb"), True
    try:
        format.write_array(fid, numpy.asarray(arr), allow_pickle=allow_pickle)
    finally:
        if own:
            fid.close()


class _Chunks:
    # the file object write_array writes a member through: it keeps the chunks
    def __init__(self):
        self.chunks = []

    def write(self, data):
        self.chunks.append(bytes(data))
        return len(data)


def _savez(file, args, kwds, compress, allow_pickle=True, pickle_kwargs=None):
    if not hasattr(file, 'write'):
        file = os.fspath(file)
        if not file.endswith('.npz'):
            file = file + '.npz'
    namedict = kwds
    for i, val in enumerate(args):
        key = 'arr_%d' % i
        if key in namedict.keys():
            raise ValueError("Cannot use un-named variables and keyword %s" % key)
        namedict[key] = val
    fid = open(file, 'wb') if isinstance(file, str) else file
    zipf = _ZipWriter(fid, compress)
    try:
        for key, val in namedict.items():
            sink = _Chunks()
            format.write_array(sink, numpy.asarray(val), allow_pickle=allow_pickle, pickle_kwargs=pickle_kwargs)
            zipf.add(key + '.npy', sink.chunks)
    finally:
        zipf.close()
        if fid is not file:
            fid.close()


def savez(file, *args, allow_pickle=True, **kwds):
    _savez(file, args, kwds, False, allow_pickle=allow_pickle)


def savez_compressed(file, *args, allow_pickle=True, **kwds):
    _savez(file, args, kwds, True, allow_pickle=allow_pickle)


# ---- text files (numpy/lib/_npyio_impl.py: savetxt, loadtxt, genfromtxt; the common arguments)

def savetxt(fname, X, fmt='%.18e', delimiter=' ', newline='\n', header='', footer='', comments='# ', encoding=None):
    if isinstance(fmt, bytes):
        fmt = fmt.decode('latin1')
    if hasattr(fname, '__fspath__'):
        fname = os.fspath(fname)
    if isinstance(fname, str):
        fh, own = open(fname, 'wt', encoding=encoding), True
    elif hasattr(fname, 'write'):
        fh, own = fname, False
    else:
        raise ValueError('fname must be a string or file handle')
    try:
        X = numpy.asarray(X)
        if X.ndim == 0 or X.ndim > 2:
            raise ValueError("Expected 1D or 2D array, got %dD array instead" % X.ndim)
        elif X.ndim == 1:
            if X.dtype.names is None:
                X = numpy.atleast_2d(X).T
                ncol = 1
            else:
                ncol = len(X.dtype.names)
        else:
            ncol = X.shape[1]
        iscomplex_X = X.dtype.kind == 'c'
        if type(fmt) in (list, tuple):
            if len(fmt) != ncol:
                raise AttributeError('fmt has wrong shape.  %s' % str(fmt))
            format = delimiter.join(fmt)
        elif isinstance(fmt, str):
            n_fmt_chars = fmt.count('%')
            error = ValueError('fmt has wrong number of %% formats:  %s' % fmt)
            if n_fmt_chars == 1:
                fmt = [' (%s+%sj)' % (fmt, fmt)] * ncol if iscomplex_X else [fmt] * ncol
                format = delimiter.join(fmt)
            elif iscomplex_X and n_fmt_chars != (2 * ncol):
                raise error
            elif (not iscomplex_X) and n_fmt_chars != ncol:
                raise error
            else:
                format = fmt
        else:
            raise ValueError('invalid fmt: %r' % (fmt,))
        if len(header) > 0:
            fh.write(comments + header.replace('\n', '\n' + comments) + newline)
        for row in X:
            if iscomplex_X:
                parts = []
                for number in row:
                    parts += [number.real, number.imag]
                fh.write((format % tuple(parts) + newline).replace('+-', '-'))
            else:
                try:
                    v = format % tuple(row) + newline
                except TypeError as e:
                    raise TypeError("Mismatch between array dtype ('%s') and format specifier ('%s')"
                                    % (str(X.dtype), format)) from e
                fh.write(v)
        if len(footer) > 0:
            fh.write(comments + footer.replace('\n', '\n' + comments) + newline)
    finally:
        if own:
            fh.close()


def _text_lines(fname, encoding):
    if hasattr(fname, '__fspath__'):
        fname = os.fspath(fname)
    if isinstance(fname, str):
        if not os.path.exists(fname):  # numpy's DataSource words
            raise FileNotFoundError(f"{fname} not found.")
        with open(fname, 'rt', encoding=encoding) as f:
            return f.read().splitlines(), fname
    if hasattr(fname, 'read'):
        text = fname.read()
        if isinstance(text, bytes):
            text = text.decode(encoding or 'latin1')
        return text.splitlines(), fname
    return [x.decode('latin1') if isinstance(x, bytes) else x for x in fname], fname


def _strip_comment(line, comments):
    for c in comments:
        at = line.find(c)
        if at >= 0:
            line = line[:at]
    return line


def _finish_table(rows, dtype, ndmin, unpack, ncols):
    arr = numpy.array(rows, dtype=dtype) if rows else numpy.array([], dtype=dtype)
    if rows:
        arr = arr.reshape(len(rows), ncols)
    if arr.ndim > ndmin:
        arr = numpy.squeeze(arr)
    if arr.ndim < ndmin:
        arr = numpy.atleast_2d(arr).T if ndmin == 2 and arr.ndim == 1 and len(rows) > 1 else arr.reshape((1,) * (ndmin - arr.ndim) + arr.shape)
    if unpack:
        return arr.T
    return arr


def loadtxt(fname, dtype=float, comments='#', delimiter=None, converters=None, skiprows=0, usecols=None,
            unpack=False, ndmin=0, encoding=None, max_rows=None, *, quotechar=None, like=None):
    if ndmin not in [0, 1, 2]:
        raise ValueError(f"Illegal value of ndmin keyword: {ndmin}")
    dtype = numpy.dtype(dtype)
    comments = [] if comments is None else [comments] if isinstance(comments, str) else list(comments)
    if isinstance(usecols, int):
        usecols = [usecols]
    lines, src = _text_lines(fname, encoding)
    convert = int if dtype.kind in 'iub' else complex if dtype.kind == 'c' else str if dtype.kind in 'US' else float
    rows, ncols = [], None
    for lineno in range(skiprows, len(lines)):
        if max_rows is not None and len(rows) >= max_rows:
            break
        line = _strip_comment(lines[lineno], comments)
        fields = line.split(delimiter) if delimiter is not None else line.split()
        if delimiter is not None and not line.strip():
            fields = []
        if not fields:
            continue
        if usecols is not None:
            fields = [fields[i] for i in usecols]
        if ncols is None:
            ncols = len(fields)
        elif len(fields) != ncols:
            raise ValueError(f"the number of columns changed from {ncols} to {len(fields)} at row {lineno + 1}; "
                             "use `usecols` to select a subset and avoid this error")
        row = []
        for col, text in enumerate(fields):
            conv = converters.get(usecols[col] if usecols is not None else col) if isinstance(converters, dict) else converters
            try:
                row.append(conv(text) if conv else convert(text.strip()))
            except ValueError:
                raise ValueError(f"could not convert string {text.strip()!r} to {dtype.name} at row {lineno}, "
                                 f"column {col + 1}.") from None
        rows.append(row)
    if not rows:
        import warnings
        warnings.warn(f'loadtxt: input contained no data: "{src}"', category=UserWarning, stacklevel=2)
    return _finish_table(rows, dtype, ndmin, unpack, ncols or 0)


def genfromtxt(fname, dtype=float, comments='#', delimiter=None, skip_header=0, skip_footer=0, converters=None,
               missing_values=None, filling_values=None, usecols=None, names=None, excludelist=None,
               deletechars=''.join(sorted(set("~!@#$%^&*()-=+~\\|]}[{';: /?.>,<"))), replace_space='_',
               autostrip=False, case_sensitive=True, defaultfmt="f%i", unpack=None, usemask=False, loose=True,
               invalid_raise=True, max_rows=None, encoding=None, *, ndmin=0, like=None):
    if names is not None:
        raise NotImplementedError("stridelab's genfromtxt reads plain tables (names= is not implemented)")
    dtype = numpy.dtype(dtype)
    comments = [] if comments is None else [comments]
    if isinstance(usecols, int):
        usecols = [usecols]
    lines, src = _text_lines(fname, encoding)
    lines = lines[skip_header:len(lines) - skip_footer if skip_footer else None]
    fill = numpy.nan if filling_values is None and dtype.kind in 'fc' else (-1 if filling_values is None else filling_values)
    convert = int if dtype.kind in 'iub' else float
    rows, errors, ncols = [], [], None
    for i, raw in enumerate(lines):
        if max_rows is not None and len(rows) >= max_rows:
            break
        line = _strip_comment(raw, comments)
        if not line.strip():
            continue
        fields = line.split(delimiter) if delimiter is not None else line.split()
        if usecols is not None:
            fields = [fields[k] for k in usecols]
        if ncols is None:
            ncols = len(fields)
        elif len(fields) != ncols:
            errors.append("    Line #%i (got %i columns instead of %i)" % (i + 1 + skip_header, len(fields), ncols))
            continue
        row = []
        for text in fields:
            text = text.strip()
            if text == '' or (missing_values is not None and text in (missing_values if isinstance(missing_values, (list, tuple)) else [missing_values])):
                row.append(fill)
            else:
                try:
                    row.append(convert(text))
                except ValueError:
                    row.append(fill if dtype.kind in 'fc' else -1)
        rows.append(row)
    if errors and invalid_raise:
        raise ValueError("Some errors were detected !\n" + "\n".join(errors))
    return _finish_table(rows, dtype, ndmin, bool(unpack), ncols or 0)


for _f in (save, load, savez, savez_compressed, savetxt, loadtxt, genfromtxt):
    _f.__module__ = 'numpy'
    setattr(numpy, _f.__name__, _f)
NpzFile.__module__ = 'numpy.lib.npyio'
