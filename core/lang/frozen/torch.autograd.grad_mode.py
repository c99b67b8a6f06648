# torch.autograd.grad_mode: the context managers and decorators that switch grad
# mode (no_grad, enable_grad, set_grad_enabled, inference_mode), published on
# torch as PyTorch does. The switch itself is native (torch._C._set_grad_enabled,
# core/torch/autograd.hpp's GradMode); this file is the Python protocol around it.
import functools
import torch
from torch._C import _set_grad_enabled, _set_inference_mode


class _DecoratorContextManager:
    """Usable as `with cm:` and as `@cm` on a function (each call runs inside a fresh copy)."""

    def __call__(self, func):
        manager = self

        @functools.wraps(func)
        def decorated(*args, **kwargs):
            with manager.clone():
                return func(*args, **kwargs)

        return decorated

    def clone(self):
        return self.__class__()


class _NoParamDecoratorContextManager(_DecoratorContextManager):
    """Also usable without parentheses: @torch.no_grad."""

    def __new__(cls, orig_func=None):
        if orig_func is None:
            return super().__new__(cls)
        return cls()(orig_func)


class _GradSwitch(_NoParamDecoratorContextManager):
    """Sets grad mode to _mode on entry, restores the previous mode on exit."""

    _mode = False

    def __init__(self):
        self.prev = False

    def __enter__(self):
        self.prev = torch.is_grad_enabled()
        _set_grad_enabled(self._mode)

    def __exit__(self, exc_type, exc_value, traceback):
        _set_grad_enabled(self.prev)


class no_grad(_GradSwitch):
    _mode = False


class enable_grad(_GradSwitch):
    _mode = True


class set_grad_enabled(_DecoratorContextManager):
    """Switches grad mode as soon as it is made; as a context manager, restores it on exit."""

    def __init__(self, mode):
        self.prev = torch.is_grad_enabled()
        self.mode = mode
        _set_grad_enabled(mode)

    def __call__(self, orig_func):
        _set_grad_enabled(self.prev)
        return super().__call__(orig_func)

    def __enter__(self):
        _set_grad_enabled(self.mode)

    def __exit__(self, exc_type, exc_value, traceback):
        _set_grad_enabled(self.prev)

    def clone(self):
        return self.__class__(self.mode)


class inference_mode(_DecoratorContextManager):
    def __new__(cls, mode=True):
        if isinstance(mode, bool):
            return super().__new__(cls)
        return cls()(mode)

    def __init__(self, mode=True):
        self.mode = mode

    def __enter__(self):
        self.prev = torch.is_inference_mode_enabled()
        _set_inference_mode(self.mode)

    def __exit__(self, exc_type, exc_value, traceback):
        _set_inference_mode(self.prev)

    def clone(self):
        return self.__class__(self.mode)


torch.no_grad = no_grad
torch.enable_grad = enable_grad
torch.set_grad_enabled = set_grad_enabled
torch.inference_mode = inference_mode
torch.autograd.no_grad = no_grad
torch.autograd.enable_grad = enable_grad
torch.autograd.set_grad_enabled = set_grad_enabled
torch.autograd.inference_mode = inference_mode

__all__ = ["no_grad", "enable_grad", "set_grad_enabled", "inference_mode"]
