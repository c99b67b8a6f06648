# torch.backends.cuda: the CUDA backend's switches in a build without CUDA. The
# scaled-dot-product-attention kernels' switches and the cuBLAS matmul flags are
# plain state a program may read and set; what needs the runtime (the cuFFT plan
# cache's size) fails in CUDA's lazy initialisation.
import torch
from torch.backends import contextmanager


def is_built():
    return False


class _Enum:
    """A member of one of c10's C++ enums as pybind11 prints it: <Name.MEMBER: value>."""

    def __init__(self, enum, name, value):
        self.enum = enum
        self.name = name
        self.value = value

    def __repr__(self):
        return f"<{self.enum}.{self.name}: {self.value}>"

    def __str__(self):
        return f"{self.enum}.{self.name}"

    def __eq__(self, other):
        return isinstance(other, _Enum) and self.enum == other.enum and self.value == other.value

    def __hash__(self):
        return hash((self.enum, self.value))


class SDPBackend:
    pass


SDPBackend.__members__ = {}
for _i, _n in enumerate(("ERROR", "MATH", "FLASH_ATTENTION", "EFFICIENT_ATTENTION", "CUDNN_ATTENTION", "OVERRIDEABLE")):
    _member = _Enum("SDPBackend", _n, _i - 1)
    setattr(SDPBackend, _n, _member)
    SDPBackend.__members__[_n] = _member


class cuBLASModule:
    """torch.backends.cuda.matmul: cuBLAS's precision flags."""

    def __init__(self):
        object.__setattr__(self, "_flags", {"allow_tf32": False, "allow_fp16_reduced_precision_reduction": True,
                                            "allow_bf16_reduced_precision_reduction": True})

    def __getattr__(self, name):
        flags = object.__getattribute__(self, "_flags")
        if name in flags:
            return flags[name]
        raise AttributeError("Unknown attribute " + name)

    def __setattr__(self, name, value):
        flags = object.__getattribute__(self, "_flags")
        if name not in flags:
            raise AttributeError("Unknown attribute " + name)
        flags[name] = value


class cuFFTPlanCacheManager:
    """torch.backends.cuda.cufft_plan_cache: per-device cuFFT plan caches."""

    def __getattr__(self, name):
        raise AssertionError("Torch not compiled with CUDA enabled")

    def __getitem__(self, device):
        raise AssertionError("Torch not compiled with CUDA enabled")


matmul = cuBLASModule()
cufft_plan_cache = cuFFTPlanCacheManager()

_sdp = {"flash": True, "mem_efficient": True, "math": True, "cudnn": True, "fp16_bf16_reduction_math": False}


def flash_sdp_enabled():
    return _sdp["flash"]


def enable_flash_sdp(enabled):
    _sdp["flash"] = enabled


def mem_efficient_sdp_enabled():
    return _sdp["mem_efficient"]


def enable_mem_efficient_sdp(enabled):
    _sdp["mem_efficient"] = enabled


def math_sdp_enabled():
    return _sdp["math"]


def enable_math_sdp(enabled):
    _sdp["math"] = enabled


def cudnn_sdp_enabled():
    return _sdp["cudnn"]


def enable_cudnn_sdp(enabled):
    _sdp["cudnn"] = enabled


def fp16_bf16_reduction_math_sdp_allowed():
    return _sdp["fp16_bf16_reduction_math"]


def allow_fp16_bf16_reduction_math_sdp(enabled):
    _sdp["fp16_bf16_reduction_math"] = enabled


def is_flash_attention_available():
    return False


def can_use_flash_attention(params, debug=False):
    return False


def can_use_efficient_attention(params, debug=False):
    return False


def can_use_cudnn_attention(params, debug=False):
    return False


@contextmanager
def sdp_kernel(enable_flash=True, enable_math=True, enable_mem_efficient=True, enable_cudnn=True):
    saved = dict(_sdp)
    _sdp.update(flash=enable_flash, math=enable_math, mem_efficient=enable_mem_efficient, cudnn=enable_cudnn)
    try:
        yield {}
    finally:
        _sdp.update(saved)


_linalg_library = _Enum("_LinalgBackend", "Default", 0)
_blas_library = _Enum("_BlasBackend", "Cublas", 0)


def preferred_linalg_library(backend=None):
    return _linalg_library


def preferred_blas_library(backend=None):
    return _blas_library
