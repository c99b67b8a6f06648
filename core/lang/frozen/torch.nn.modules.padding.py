# torch.nn.modules.padding: the constant and zero padding layers (PyTorch 2.6's
# torch/nn/modules/padding.py); each expands its padding to (left, right, top,
# bottom, front, back) for its rank and calls F.pad(input, padding, 'constant', value).
import torch.nn.functional as F
from torch.nn.modules.module import Module
from torch.nn.modules.utils import _ntuple, _pair, _quadruple


class _ConstantPadNd(Module):
    __constants__ = ["padding", "value"]

    def __init__(self, value):
        super().__init__()
        self.value = value

    def forward(self, input):
        return F.pad(input, self.padding, "constant", self.value)

    def extra_repr(self):
        return f"padding={self.padding}, value={self.value}"


class ConstantPad1d(_ConstantPadNd):
    def __init__(self, padding, value):
        super().__init__(value)
        self.padding = _pair(padding)


class ConstantPad2d(_ConstantPadNd):
    def __init__(self, padding, value):
        super().__init__(value)
        self.padding = _quadruple(padding)


class ConstantPad3d(_ConstantPadNd):
    def __init__(self, padding, value):
        super().__init__(value)
        self.padding = _ntuple(6)(padding)


class ZeroPad1d(ConstantPad1d):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f"{self.padding}"


class ZeroPad2d(ConstantPad2d):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f"{self.padding}"


class ZeroPad3d(ConstantPad3d):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f"{self.padding}"
