# torch.backends.mkl: Debian's PyTorch is built without Intel's MKL.
import torch

VERBOSE_OFF = 0
VERBOSE_ON = 1


def is_available():
    return False


class verbose:
    """Context manager for MKL's verbose log; without MKL it only checks its argument."""

    def __init__(self, enable):
        self.enable = enable

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        return False
