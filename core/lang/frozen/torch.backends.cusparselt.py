# torch.backends.cusparselt: NVIDIA's structured-sparsity library, absent here.
import torch


def is_available():
    return False


def version():
    return None


def get_max_alg_id():
    return None
