# torch.utils: the package of PyTorch's Python utilities; stridelab has its data
# loading (torch.utils.data).
import torch
