# torch.backends.mkldnn: oneDNN, which Debian's x86-64 build has; its flags, and the
# set_flags()/flags() pair that swaps them and hands back the old ones.
import torch
from torch.backends import contextmanager

VERBOSE_OFF = 0
VERBOSE_ON = 1
VERBOSE_ON_CREATION = 2

enabled = True
deterministic = False


def is_available():
    return True


class verbose:
    """Context manager for oneDNN's verbose log (level VERBOSE_OFF/ON/ON_CREATION)."""

    def __init__(self, level):
        self.level = level

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        return False


def set_flags(_enabled=None, _deterministic=None):
    m = torch.backends.mkldnn  # the flags are the module's attributes, which programs assign
    orig_flags = (m.enabled, m.deterministic)
    if _enabled is not None:
        m.enabled = _enabled
    if _deterministic is not None:
        m.deterministic = _deterministic
    return orig_flags


@contextmanager
def flags(enabled=False, deterministic=False):
    orig_flags = set_flags(enabled, deterministic)
    try:
        yield
    finally:
        set_flags(*orig_flags)
