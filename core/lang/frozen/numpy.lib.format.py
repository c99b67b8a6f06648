# numpy.lib.format: the .npy format (NEP 1), as numpy/lib/_format_impl.py
# writes and reads it: magic b'\x93NUMPY', the version bytes, the header
# length (uint16 LE for 1.0, uint32 for 2.0/3.0), then the repr of a dict
# {'descr', 'fortran_order', 'shape'} padded with spaces (and 21 spare for the
# growth axis) to a multiple of 64 bytes ending in '\n', then the raw bytes in
# C order, or F order when the array is F- and not C-contiguous. The header's
# literal is read by the native _literal_eval (core/lang/numpy/npyio.cpp).
# Written here, in Python as NumPy's is, so that every message is NumPy's.
import struct
import warnings
import numpy

_literal_eval = numpy.lib.format._literal_eval  # the native half (npyio.cpp)
MAGIC_PREFIX = b'\x93NUMPY'
MAGIC_LEN = len(MAGIC_PREFIX) + 2
ARRAY_ALIGN = 64
BUFFER_SIZE = 2 ** 18
GROWTH_AXIS_MAX_DIGITS = 21
EXPECTED_KEYS = {'descr', 'fortran_order', 'shape'}
_MAX_HEADER_SIZE = 10000
_header_size_info = {(1, 0): ('<H', 'latin1'), (2, 0): ('<I', 'latin1'), (3, 0): ('<I', 'utf8')}


def magic(major, minor):
    if major < 0 or major > 255:
        raise ValueError("major version must be 0 <= major < 256")
    if minor < 0 or minor > 255:
        raise ValueError("minor version must be 0 <= minor < 256")
    return MAGIC_PREFIX + bytes([major, minor])


def read_magic(fp):
    magic_str = _read_bytes(fp, MAGIC_LEN, "magic string")
    if magic_str[:-2] != MAGIC_PREFIX:
        msg = "the magic string is not correct; expected %r, got %r"
        raise ValueError(msg % (MAGIC_PREFIX, magic_str[:-2]))
    major, minor = magic_str[-2:]
    return major, minor


def _check_version(version):
    if version not in [(1, 0), (2, 0), (3, 0), None]:
        msg = "we only support format version (1,0), (2,0), and (3,0), not %s"
        raise ValueError(msg % (version,))


def dtype_to_descr(dtype):
    if dtype.names is not None:
        return dtype.descr
    return dtype.str


def descr_to_dtype(descr):
    if isinstance(descr, str):
        return numpy.dtype(descr)
    elif isinstance(descr, tuple):
        return numpy.dtype((descr_to_dtype(descr[0]), descr[1]))
    names, formats, offsets, offset = [], [], [], 0
    for field in descr:
        if len(field) == 2:
            name, descr_str = field
            dt = descr_to_dtype(descr_str)
        else:
            name, descr_str, shape = field
            dt = numpy.dtype((descr_to_dtype(descr_str), shape))
        if not (name == '' and dt.kind == 'V' and dt.names is None):  # padding bytes
            names.append(name)
            formats.append(dt)
            offsets.append(offset)
        offset += dt.itemsize
    return numpy.dtype({'names': names, 'formats': formats, 'offsets': offsets, 'itemsize': offset})


def header_data_from_array_1_0(array):
    d = {'shape': array.shape}
    d['fortran_order'] = not array.flags.c_contiguous and array.flags.f_contiguous
    d['descr'] = dtype_to_descr(array.dtype)
    return d


def _wrap_header(header, version):
    fmt, encoding = _header_size_info[version]
    header = header.encode(encoding)
    hlen = len(header) + 1
    padlen = ARRAY_ALIGN - ((MAGIC_LEN + struct.calcsize(fmt) + hlen) % ARRAY_ALIGN)
    try:
        header_prefix = magic(*version) + struct.pack(fmt, hlen + padlen)
    except struct.error:
        raise ValueError("Header length {} too big for version={}".format(hlen, version)) from None
    return header_prefix + header + b' ' * padlen + b'\n'


def _wrap_header_guess_version(header):
    try:
        return _wrap_header(header, (1, 0))
    except ValueError:
        pass
    try:
        ret = _wrap_header(header, (2, 0))
    except UnicodeEncodeError:
        pass
    else:
        warnings.warn("Stored array in format 2.0. It can only be"
                      "read by NumPy >= 1.9", UserWarning, stacklevel=2)
        return ret
    header = _wrap_header(header, (3, 0))
    warnings.warn("Stored array in format 3.0. It can only be "
                  "read by NumPy >= 1.17", UserWarning, stacklevel=2)
    return header


def _write_array_header(fp, d, version=None):
    header = "{" + "".join("'%s': %s, " % (key, repr(value)) for key, value in sorted(d.items())) + "}"
    shape = d['shape']
    if len(shape) > 0:
        header += " " * (GROWTH_AXIS_MAX_DIGITS - len(repr(shape[-1 if d['fortran_order'] else 0])))
    fp.write(_wrap_header_guess_version(header) if version is None else _wrap_header(header, version))


def write_array(fp, array, version=None, allow_pickle=True, pickle_kwargs=None):
    _check_version(version)
    _write_array_header(fp, header_data_from_array_1_0(array), version)
    if array.itemsize == 0:
        return
    # the data in chunks of 16 MiB, as NumPy's buffered nditer hands them to fp.write
    step = max(16 * 1024 ** 2 // array.itemsize, 1) * array.itemsize
    fortran = array.flags.f_contiguous and not array.flags.c_contiguous
    data = array.T.tobytes() if fortran else array.tobytes()
    for i in range(0, len(data), step):
        fp.write(data[i:i + step])


def _read_bytes(fp, size, error_template="ran out of data"):
    data = bytes()
    while True:
        r = fp.read(size - len(data))
        data += r
        if len(r) == 0 or len(data) == size:
            break
    if len(data) != size:
        msg = "EOF: reading %s, expected %d bytes got %d"
        raise ValueError(msg % (error_template, size, len(data)))
    return data


def _read_array_header(fp, version, max_header_size=_MAX_HEADER_SIZE):
    hinfo = _header_size_info.get(version)
    if hinfo is None:
        raise ValueError("Invalid version {!r}".format(version))
    hlength_type, encoding = hinfo
    hlength_str = _read_bytes(fp, struct.calcsize(hlength_type), "array header length")
    header_length = struct.unpack(hlength_type, hlength_str)[0]
    header = _read_bytes(fp, header_length, "array header")
    header = header.decode(encoding)
    if len(header) > max_header_size:
        raise ValueError(
            f"Header info length ({len(header)}) is large and may not be safe "
            "to load securely.\n"
            "To allow loading, adjust `max_header_size` or fully trust "
            "the `.npy` file using `allow_pickle=True`.\n"
            "For safety against large resource use or crashes, sandboxing "
            "may be necessary.")
    try:
        d = _literal_eval(header)
    except SyntaxError as e:
        raise ValueError("Cannot parse header: {!r}".format(header)) from e
    if not isinstance(d, dict):
        raise ValueError("Header is not a dictionary: {!r}".format(d))
    if EXPECTED_KEYS != set(d):
        raise ValueError("Header does not contain the correct keys: {!r}".format(sorted(d.keys())))
    if not isinstance(d['shape'], tuple) or not all(isinstance(x, int) for x in d['shape']):
        raise ValueError("shape is not valid: {!r}".format(d['shape']))
    if not isinstance(d['fortran_order'], bool):
        raise ValueError("fortran_order is not a valid bool: {!r}".format(d['fortran_order']))
    if d['descr'] in ('|O', 'O', '<O', '>O'):
        return d['shape'], d['fortran_order'], None  # object data: a pickle follows (no object arrays here)
    try:
        dtype = descr_to_dtype(d['descr'])
    except TypeError as e:
        raise ValueError("descr is not a valid dtype descriptor: {!r}".format(d['descr'])) from e
    return d['shape'], d['fortran_order'], dtype


def read_array(fp, allow_pickle=False, pickle_kwargs=None, *, max_header_size=_MAX_HEADER_SIZE):
    if allow_pickle:
        max_header_size = 2 ** 64
    version = read_magic(fp)
    _check_version(version)
    shape, fortran_order, dtype = _read_array_header(fp, version, max_header_size=max_header_size)
    count = 1
    for n in shape:
        count *= n
    if dtype is None:
        if not allow_pickle:
            raise ValueError("Object arrays cannot be loaded when allow_pickle=False")
        raise ValueError("stridelab has no object arrays: this .npy holds pickled Python objects")
    data = _read_bytes(fp, count * dtype.itemsize, "array data")
    array = numpy.frombuffer(data, dtype=dtype, count=count).copy()
    if fortran_order:
        array.shape = shape[::-1]
        array = array.transpose()
    else:
        array.shape = shape
    return array


def open_memmap(filename, mode='r+', dtype=None, shape=None, fortran_order=False, version=None, *,
                max_header_size=_MAX_HEADER_SIZE):
    if hasattr(filename, 'read') or hasattr(filename, 'write'):
        raise ValueError("Filename must be a string or a path-like object."
                         "  Memmap cannot use existing file handles.")
    # Note [Session file system] (core/lang/modules/memfs.hpp): a session's files are
    # bytes in its memory, not pages the host could map
    raise ValueError("mmap_mode: stridelab's files live in the session's memory and cannot be memory-mapped")
