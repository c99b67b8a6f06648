# torch.cuda as a CPU-only PyTorch 2.6 build answers it.
#
# Such a build has the whole torch.cuda namespace, and each name answers from what
# the build lacks: queries that need no device say so (is_available() is False,
# device_count() is 0, the memory counters are 0), calls that need the CUDA runtime
# fail in its lazy initialisation (AssertionError "Torch not compiled with CUDA
# enabled", torch/cuda/__init__.py's _lazy_init), seeding is queued for a device that
# never comes (manual_seed returns None), and the bindings a CPU build never
# compiled are missing from torch._C (AttributeError, word for word). The CUDA
# types exist so that code naming them imports; constructing one fails as it does
# there (torch.cuda.FloatTensor(2): TypeError; Stream(): a dummy base class).
import torch
from collections import OrderedDict

_NOT_COMPILED = "Torch not compiled with CUDA enabled"

has_half = True
has_magma = False
default_generators = ()


def _lazy_init():
    raise AssertionError(_NOT_COMPILED)


def _missing_binding(name):
    raise AttributeError(f"module 'torch._C' has no attribute '{name}'")


def _no_pynvml():
    raise ModuleNotFoundError("pynvml does not seem to be installed or it can't be imported.")


def _device_index(d, optional=False):
    """torch.cuda._utils._get_device_index: an int, 'cuda:i' or a cuda torch.device."""
    if isinstance(d, str):
        d = torch.device(d)
    if isinstance(d, torch.device):
        if d.type != "cuda":
            raise ValueError(f"Expected a cuda device, but got: {d}")
        return d.index
    if isinstance(d, device):
        return d.idx
    if d is None:
        return None  # the current device of no available device type
    return int(d)


# ---- availability

def is_available():
    return False


def device_count():
    return 0


def is_initialized():
    return False


def is_bf16_supported(including_emulation=True):
    return False


def init():
    _lazy_init()


def get_arch_list():
    return []


def get_gencode_flags():
    return ""


def current_device():
    _lazy_init()


def get_device_name(device=None):
    _lazy_init()


def get_device_capability(device=None):
    _lazy_init()


def get_device_properties(device=None):
    _lazy_init()


def can_device_access_peer(device, peer_device):
    _lazy_init()


def synchronize(device=None):
    _lazy_init()


def ipc_collect():
    _lazy_init()


def cudart():
    _lazy_init()


def current_blas_handle():
    _lazy_init()


def get_sync_debug_mode():
    _lazy_init()


def set_sync_debug_mode(debug_mode):
    _lazy_init()


def set_device(device):
    if _device_index(device) >= 0:
        _missing_binding("_cuda_setDevice")


def check_error(res):
    raise AttributeError("'NoneType' object has no attribute 'cudaError'")


def utilization(device=None):
    _no_pynvml()


def temperature(device=None):
    _no_pynvml()


def power_draw(device=None):
    _no_pynvml()


def clock_rate(device=None):
    _no_pynvml()


def memory_usage(device=None):
    _no_pynvml()


def device_memory_used(device=None):
    _no_pynvml()


def list_gpu_processes(device=None):
    return "pynvml module not found, please install pynvml"


# ---- seeding: queued until a CUDA device initialises, i.e. never

def manual_seed(seed):
    int(seed)


def manual_seed_all(seed):
    int(seed)


def seed():
    return None


def seed_all():
    return None


def initial_seed():
    _lazy_init()


def get_rng_state(device="cuda"):
    _lazy_init()


def get_rng_state_all():
    return []


def set_rng_state(new_state, device="cuda"):
    return None


def set_rng_state_all(new_states):
    for state in new_states:
        set_rng_state(state)


# ---- memory: nothing is ever allocated

def memory_allocated(device=None):
    return 0


max_memory_allocated = memory_reserved = max_memory_reserved = memory_allocated
memory_cached = max_memory_cached = memory_allocated


def memory_stats(device=None):
    return OrderedDict()


def memory_stats_as_nested_dict(device=None):
    return {}


def memory_summary(device=None, abbreviated=False):
    raise KeyError("allocated_bytes.all.current")


def memory_snapshot():
    _missing_binding("_cuda_memorySnapshot")


def mem_get_info(device=None):
    _lazy_init()


def empty_cache():
    return None


def caching_allocator_enable(value=True):
    return None


def caching_allocator_alloc(size, device=None, stream=None):
    _lazy_init()


def caching_allocator_delete(mem_ptr):
    _missing_binding("_cuda_cudaCachingAllocator_raw_delete")


def get_allocator_backend():
    _missing_binding("_cuda_getAllocatorBackend")


def change_current_allocator(allocator):
    _missing_binding("_cuda_changeCurrentAllocator")


def get_per_process_memory_fraction(device=None):
    _lazy_init()


def set_per_process_memory_fraction(fraction, device=None):
    _lazy_init()


def reset_peak_memory_stats(device=None):
    _missing_binding("_cuda_resetPeakMemoryStats")


reset_max_memory_allocated = reset_max_memory_cached = reset_peak_memory_stats


def reset_accumulated_memory_stats(device=None):
    _missing_binding("_cuda_resetAccumulatedMemoryStats")


# ---- device context managers

class device:
    def __init__(self, device):
        self.idx = _device_index(device, optional=True)
        self.prev_idx = -1

    def __enter__(self):
        # torch.cuda._exchange_device: a negative index selects nothing (device(None) fails
        # comparing None with 0, as there)
        if self.idx < 0:
            self.prev_idx = -1
            return
        raise RuntimeError("PyTorch was compiled without CUDA support")

    def __exit__(self, type, value, traceback):
        return False


class device_of(device):
    def __init__(self, obj):
        idx = obj.get_device() if isinstance(obj, torch.Tensor) else -1
        super().__init__(idx)


# ---- streams, events, graphs, pools: dummy bases in a CPU build

class _DummyBase:
    def __new__(cls, *args, **kwargs):
        raise RuntimeError(f"Tried to instantiate dummy base class {cls.__name__}")


class Stream(_DummyBase):
    pass


class Event(_DummyBase):
    pass


class CUDAGraph(_DummyBase):
    pass


class MemPool(_DummyBase):
    pass


class MemPoolContext(_DummyBase):
    pass


class ExternalStream(Stream):
    pass


class StreamContext:
    def __init__(self, stream):
        self.stream = stream

    def __enter__(self):
        if self.stream is not None:
            _lazy_init()

    def __exit__(self, type, value, traceback):
        return False


def stream(stream):
    return StreamContext(stream)


def set_stream(stream):
    if stream is not None:
        _lazy_init()


def current_stream(device=None):
    _lazy_init()


def default_stream(device=None):
    _lazy_init()


def graph_pool_handle():
    raise RuntimeError("Tried to instantiate dummy base class _graph_pool_handle")


def is_current_stream_capturing():
    raise RuntimeError("Tried to instantiate dummy base class _cuda_isCurrentStreamCapturing")


class CUDAPluggableAllocator:
    """An allocator loaded from a shared library (ctypes.CDLL); there are no shared libraries here."""

    def __init__(self, path_to_so_file, alloc_fn_name, free_fn_name):
        raise OSError(f"{path_to_so_file}: cannot open shared object file: No such file or directory")


# ---- errors

class CudaError(RuntimeError):
    def __init__(self, code):
        raise AttributeError("'NoneType' object has no attribute 'cudaGetErrorString'")


class DeferredCudaCallError(Exception):
    pass


class OutOfMemoryError(RuntimeError):
    pass


OutOfMemoryError.__module__ = "torch"
torch.OutOfMemoryError = OutOfMemoryError


class cudaStatus:
    SUCCESS = 0
    ERROR_NOT_READY = 34


# ---- the CUDA tensor and storage types: named, never constructed

def _cuda_tensor_type(name):
    def __new__(cls, *args, **kwargs):
        raise TypeError(f"type torch.cuda.{name} not available. {_NOT_COMPILED}.")
    return type(name, (), {"__new__": __new__, "__module__": "torch.cuda"})


def _cuda_storage_type(name):
    def __init__(self, *args, wrap_storage=None, dtype=None, device=None, _internal=False):
        _lazy_init()
    return type(name, (), {"__init__": __init__, "__module__": "torch.cuda"})


BFloat16Tensor = _cuda_tensor_type("BFloat16Tensor")
BoolTensor = _cuda_tensor_type("BoolTensor")
ByteTensor = _cuda_tensor_type("ByteTensor")
CharTensor = _cuda_tensor_type("CharTensor")
DoubleTensor = _cuda_tensor_type("DoubleTensor")
FloatTensor = _cuda_tensor_type("FloatTensor")
HalfTensor = _cuda_tensor_type("HalfTensor")
IntTensor = _cuda_tensor_type("IntTensor")
LongTensor = _cuda_tensor_type("LongTensor")
ShortTensor = _cuda_tensor_type("ShortTensor")
BFloat16Storage = _cuda_storage_type("BFloat16Storage")
BoolStorage = _cuda_storage_type("BoolStorage")
ByteStorage = _cuda_storage_type("ByteStorage")
CharStorage = _cuda_storage_type("CharStorage")
ComplexDoubleStorage = _cuda_storage_type("ComplexDoubleStorage")
ComplexFloatStorage = _cuda_storage_type("ComplexFloatStorage")
DoubleStorage = _cuda_storage_type("DoubleStorage")
FloatStorage = _cuda_storage_type("FloatStorage")
HalfStorage = _cuda_storage_type("HalfStorage")
IntStorage = _cuda_storage_type("IntStorage")
LongStorage = _cuda_storage_type("LongStorage")
ShortStorage = _cuda_storage_type("ShortStorage")
