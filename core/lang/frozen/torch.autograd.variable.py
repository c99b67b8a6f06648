# torch.autograd.variable: the pre-0.4 Variable wrapper old tutorials still use
# (PyTorch 2.6's torch/autograd/variable.py and THPVariable_pynew). Variable is
# Tensor now: Variable(t) is t.detach() with requires_grad set (the same bytes
# and version counter, no history), and isinstance(x, Variable) is
# isinstance(x, torch.Tensor). The torch.autograd.variable(...) function itself
# is the deprecated one that raises; it carries the class as PyTorch's does.
import warnings
import torch


class VariableMeta(type):
    def __instancecheck__(cls, other):
        return isinstance(other, torch.Tensor)


class Variable(metaclass=VariableMeta):
    def __new__(cls, data=None, requires_grad=False, volatile=False):
        if volatile:
            warnings.warn("volatile was removed and now has no effect. Use `with torch.no_grad():` instead.",
                          UserWarning, stacklevel=2)
        if data is None:
            data = torch.empty(0)
        elif not isinstance(data, torch.Tensor):
            raise TypeError(f"Variable data has to be a tensor, but got {type(data).__name__}")
        var = data.detach()
        if requires_grad and not (var.is_floating_point() or var.is_complex()):
            raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
        var.requires_grad = bool(requires_grad)
        return var


def variable(*args, **kwargs):
    raise RuntimeError("torch.autograd.variable(...) is deprecated, use torch.tensor(...) instead")


variable.Variable = Variable
variable.VariableMeta = VariableMeta
variable.__module__ = "torch.autograd"
torch.autograd.Variable = Variable
torch.autograd.variable = variable

__all__ = ["Variable", "VariableMeta"]
