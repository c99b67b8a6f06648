# torch.backends.nnpack: NNPACK, absent from an x86-64 build; its flag still toggles.
import torch
from torch.backends import contextmanager
from torch.backends import ContextProp, PropModule

_enabled = True


def is_available():
    return False


def set_flags(_enabled_value):
    global _enabled
    orig_flags = (_enabled,)
    _enabled = _enabled_value
    return orig_flags


@contextmanager
def flags(enabled=False):
    orig_flags = set_flags(enabled)
    try:
        yield
    finally:
        set_flags(orig_flags[0])
