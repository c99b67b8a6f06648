# torch.backends.cpu: the SIMD level ATen dispatches to on the reference CPU (AVX2).
import torch


def get_cpu_capability():
    return "AVX2"
