# torch.backends.cudnn: cuDNN's flags as a CPU build keeps them. The library is
# absent (is_available() False, version() None), the flags are plain values a program
# may set (torch.backends.cudnn.benchmark = True is common tutorial boilerplate),
# and set_flags()/flags() swap them and hand back the old ones, in PyTorch's order
# (enabled, benchmark, benchmark_limit, deterministic, allow_tf32).
import torch
from torch.backends import contextmanager

enabled = True
benchmark = False
benchmark_limit = None
deterministic = False
allow_tf32 = True


def is_available():
    return False


def version():
    return None


def is_acceptable(tensor):
    return False


def set_flags(_enabled=None, _benchmark=None, _benchmark_limit=None, _deterministic=None, _allow_tf32=None):
    m = torch.backends.cudnn  # the flags are the module's attributes, which programs assign
    orig_flags = (m.enabled, m.benchmark, m.benchmark_limit, m.deterministic, m.allow_tf32)
    if _enabled is not None:
        m.enabled = _enabled
    if _benchmark is not None:
        m.benchmark = _benchmark
    if _deterministic is not None:
        m.deterministic = _deterministic
    if _allow_tf32 is not None:
        m.allow_tf32 = _allow_tf32
    return orig_flags


@contextmanager
def flags(enabled=False, benchmark=False, benchmark_limit=10, deterministic=False, allow_tf32=True):
    orig_flags = set_flags(enabled, benchmark, benchmark_limit, deterministic, allow_tf32)
    try:
        yield
    finally:
        set_flags(*orig_flags)
