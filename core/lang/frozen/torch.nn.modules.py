# torch.nn.modules: the package of torch.nn's layers (PyTorch 2.6's
# torch/nn/modules/__init__.py), each family in its submodule so a layer's
# type(m).__module__ is PyTorch's (torch.nn.modules.conv, .pooling).
# torch.nn re-exports them.
from torch.nn.modules.module import Module
from torch.nn.modules.conv import Conv1d, Conv2d
from torch.nn.modules.pooling import (MaxPool1d, MaxPool2d, AvgPool1d, AvgPool2d, AdaptiveAvgPool1d, AdaptiveAvgPool2d,
                                      AdaptiveMaxPool1d, AdaptiveMaxPool2d)
from torch.nn.modules.batchnorm import BatchNorm1d, BatchNorm2d
from torch.nn.modules.instancenorm import InstanceNorm1d, InstanceNorm2d
from torch.nn.modules.normalization import GroupNorm
from torch.nn.modules.activation import (ReLU, GELU, SiLU, LeakyReLU, ELU, Sigmoid, Tanh, Softmax, LogSoftmax, Hardtanh, ReLU6, Softplus,
                                         Mish, Hardswish, Hardsigmoid, SELU, CELU, Softsign, Tanhshrink, LogSigmoid, Threshold, Softmin, Hardshrink, Softshrink)
from torch.nn.modules.padding import ConstantPad1d, ConstantPad2d, ConstantPad3d, ZeroPad1d, ZeroPad2d, ZeroPad3d
from torch.nn.modules.rnn import RNNBase, RNN, LSTM, GRU, RNNCellBase, RNNCell, LSTMCell, GRUCell
