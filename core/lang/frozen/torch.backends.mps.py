# torch.backends.mps: Apple's Metal backend, absent from an x86-64 Linux build.
import torch


def is_built():
    return False


def is_available():
    return False


def is_macos_or_newer(major, minor):
    raise RuntimeError("Cannot execute isOnMacOSorNewer() without MPS backend.")


def is_macos13_or_newer(minor=0):
    return is_macos_or_newer(13, minor)
