# torch.accelerator (new in PyTorch 2.6): the device-generic API over whichever
# accelerator a build has. A CPU-only build has none: is_available() is False,
# device_count() 0, and everything that needs a current accelerator raises
# c10's "Cannot access accelerator device when none is available."
import torch


def _none_available():
    raise RuntimeError("Cannot access accelerator device when none is available.")


def is_available():
    return False


def device_count():
    return 0


def current_accelerator():
    _none_available()


def current_device_index():
    _none_available()


def set_device_index(device):
    _none_available()


def current_stream(device=None):
    _none_available()


def set_stream(stream):
    _none_available()


def synchronize(device=None):
    _none_available()


current_device_idx = current_device_index
set_device_idx = set_device_index
