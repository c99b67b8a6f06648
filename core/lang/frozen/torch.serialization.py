# torch.serialization: torch.save and torch.load in PyTorch 2.6's zip format
# (torch/serialization.py: _save, _load, and torch/_weights_only_unpickler.py),
# in the session's files (open(), Note [Session file system]).
# A file is a zip (_zipio.write_torch) of records under an archive name (the
# file's base name up to its first dot, or 'archive' for a buffer):
# data.pkl (the object, pickle protocol 2), byteorder ('little'), data/<key>
# (each storage's bytes, once however many tensors view it), version ('3\n')
# and .data/serialization_id (40 digits made of the names and CRCs). In data.pkl a tensor is
# torch._utils._rebuild_tensor_v2(storage, offset, size, stride, requires_grad,
# OrderedDict()) and the storage is a persistent id ('storage', torch.FloatStorage,
# key, 'cpu', numel): the whole storage is saved, so a view saves all of its base.
import io
import os
import pickle
import numpy as _np
import torch
import torch._utils
from collections import OrderedDict, Counter
from _zipio import ZipReader, write_torch

__all__ = ['save', 'load', 'add_safe_globals', 'get_safe_globals', 'clear_safe_globals', 'safe_globals']

DEFAULT_PROTOCOL = 2
_NAMES = ['Double', 'Float', 'Half', 'Long', 'Int', 'Short', 'Char', 'Byte', 'Bool', 'BFloat16', 'ComplexDouble',
          'ComplexFloat']
_DTYPES = ['float64', 'float32', 'float16', 'int64', 'int32', 'int16', 'int8', 'uint8', 'bool', 'bfloat16',
           'complex128', 'complex64']
_STORAGE_OF = {}
for _n, _d in zip(_NAMES, _DTYPES):
    if hasattr(torch, _d):
        _cls = type(_n + 'Storage', (), {'__module__': 'torch', 'dtype': getattr(torch, _d)})
        setattr(torch, _n + 'Storage', _cls)
        _STORAGE_OF[getattr(torch, _d)] = _cls
_CPU, _STORAGE = 'cpu', 'storage'


def _storage_bytes(t):
    # the whole storage's bytes, as uint8 lanes over offset 0
    n = t.untyped_storage().nbytes()
    flat = t.detach().as_strided((n // t.element_size(),), (1,), 0)
    return flat.contiguous().view(torch.uint8).numpy().tobytes()


def _is_path(f):  # serialization.py: _is_path (str or os.PathLike)
    return isinstance(f, str) or hasattr(type(f), '__fspath__')


def _archive_name(f):
    if _is_path(f):
        base = os.fspath(f).replace('\\', '/').rsplit('/', 1)[-1]  # inline_container.cc: basename
        return base.rsplit('.', 1)[0] if '.' in base else base
    return 'archive'


def save(obj, f, pickle_module=pickle, pickle_protocol=DEFAULT_PROTOCOL, _use_new_zipfile_serialization=True,
         _disable_byteorder_record=False):
    keys, storages = {}, []  # storage address -> key, [(key, tensor)]
    dtypes = {}

    def persistent_id(o):
        if type(o) is not _StorageRef:
            return None
        t = o.t
        ptr = t.untyped_storage().data_ptr()
        if ptr in dtypes and dtypes[ptr] != t.dtype:
            raise RuntimeError("Cannot save multiple tensors or storages that view the same data as different types")
        if ptr not in keys:
            keys[ptr] = str(len(keys))
            dtypes[ptr] = t.dtype
            storages.append((keys[ptr], t))
        if t.dtype not in _STORAGE_OF:
            raise pickle.PicklingError("stridelab cannot save a storage of dtype %s" % t.dtype)
        return (_STORAGE, _STORAGE_OF[t.dtype], keys[ptr], _CPU, t.untyped_storage().nbytes() // t.element_size())

    def reducer_override(o):
        if isinstance(o, torch.Tensor):
            if isinstance(o, torch.nn.Parameter):
                return (torch._utils._rebuild_parameter, (o.detach(), o.requires_grad, OrderedDict()))
            return (torch._utils._rebuild_tensor_v2, (_StorageRef(o), o.storage_offset(), tuple(o.size()), o.stride(),
                                                      o.requires_grad, OrderedDict()))
        return NotImplemented

    data = pickle._dumps_hooked(obj, pickle_protocol, persistent_id, reducer_override, True)  # keys: str(int)
    records = [('data.pkl', data), ('byteorder', b'little')]
    for key, t in sorted(storages):
        records.append(('data/' + key, _storage_bytes(t)))
    if _is_path(f):
        with open(f, 'wb') as fp:
            write_torch(fp, _archive_name(f), records)
    else:
        write_torch(f, 'archive', records)


class _StorageRef:
    __slots__ = ('t',)

    def __init__(self, t):
        self.t = t


_user_globals = {}


def add_safe_globals(safe_globals):
    for g in safe_globals:
        _user_globals['%s.%s' % (g.__module__, g.__name__)] = g


def get_safe_globals():
    return list(_user_globals.values())


def clear_safe_globals():
    _user_globals.clear()


class safe_globals:
    def __init__(self, safe_globals):
        self.safe_globals = safe_globals

    def __enter__(self):
        self.saved = dict(_user_globals)
        add_safe_globals(self.safe_globals)

    def __exit__(self, *exc):
        _user_globals.clear()
        _user_globals.update(self.saved)


def _allowed():
    # torch/_weights_only_unpickler.py: _get_allowed_globals (what stridelab has of it)
    rc = {'collections.OrderedDict': OrderedDict, 'collections.Counter': Counter, 'torch.Size': torch.Size,
          'torch.nn.parameter.Parameter': torch.nn.Parameter, 'torch.Tensor': torch.Tensor,
          'torch.device': torch.device, '_codecs.encode': _codecs_encode, 'builtins.bytearray': bytearray,
          'builtins.set': set, 'builtins.complex': complex}
    for d, cls in _STORAGE_OF.items():
        rc[str(d)] = d
        rc['torch.' + cls.__name__] = cls
    for f in ('_rebuild_tensor', '_rebuild_tensor_v2', '_rebuild_parameter'):
        rc['torch._utils.' + f] = getattr(torch._utils, f)
    return rc


def _codecs_encode(s, encoding):
    return s.encode(encoding)


_WO = ("Weights only load failed. This file can still be loaded, to do so you have two options, \x1b[1mdo those steps "
       "only if you trust the source of the checkpoint\x1b[0m. \n\t(1) In PyTorch 2.6, we changed the default value of "
       "the `weights_only` argument in `torch.load` from `False` to `True`. Re-running `torch.load` with "
       "`weights_only` set to `False` will likely succeed, but it can result in arbitrary code execution. Do it only if "
       "you got the file from a trusted source.\n\t(2) Alternatively, to load with `weights_only=True` please check "
       "the recommended steps in the following error message.\n\tWeightsUnpickler error: %s\n\nCheck the "
       "documentation of torch.load to learn more about types accepted by default with weights_only "
       "https://pytorch.org/docs/stable/generated/torch.load.html.")


def _weights_only_find_class(module, name):
    full = module + '.' + name
    allowed = _allowed()
    if full in allowed:
        return allowed[full]
    if full in _user_globals:
        return _user_globals[full]
    raise pickle.UnpicklingError(
        "Unsupported global: GLOBAL %s was not an allowed global by default. Please use "
        "`torch.serialization.add_safe_globals([%s])` or the `torch.serialization.safe_globals([%s])` context "
        "manager to allowlist this global if you trust this class/function." % (full, name, name))


def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None, **pickle_load_args):
    if weights_only is None:
        weights_only = pickle_module is None
    if _is_path(f):
        with open(f, 'rb') as fp:
            raw = fp.read()
    else:
        raw = f.read()
    buf = io.BytesIO(raw)
    if raw[:4] != b'PK\x03\x04':
        raise RuntimeError("stridelab reads torch.save's zip format only (not the legacy format before PyTorch 1.6)")
    z = ZipReader(buf)
    prefix = z.namelist()[0].split('/', 1)[0] + '/'
    loaded = {}
    little = prefix + 'byteorder' not in z.info or z.read(prefix + 'byteorder') == b'little'

    def persistent_load(saved_id):
        typename, storage_type, key, location, numel = saved_id
        if typename != 'storage':
            raise RuntimeError('Unknown typename for persistent_load, expected "storage" but got "%s"' % typename)
        dtype = storage_type.dtype
        if key not in loaded:
            data = bytearray(z.read(prefix + 'data/' + key))
            u8 = torch.from_numpy(_np.frombuffer(data, dtype=_np.uint8)) if data else torch.empty(0, dtype=torch.uint8)
            flat = u8.view(dtype)
            if not little and flat.element_size() > 1:
                flat = torch.from_numpy(flat.numpy().byteswap())
            loaded[key] = flat
        return loaded[key]

    find = _weights_only_find_class if weights_only else None
    try:
        return pickle._loads_hooked(z.read(prefix + 'data.pkl'), persistent_load, find)
    except pickle.UnpicklingError as e:
        if weights_only:
            raise pickle.UnpicklingError(_WO % e) from None
        raise


torch.save = save
torch.load = load
