# torch._utils: the functions a torch.save pickle names to rebuild tensors
# (torch/_utils.py: _rebuild_tensor, _rebuild_tensor_v2, _rebuild_parameter).
# A storage here is the flat tensor torch.load makes of a data/<key> record;
# each tensor is its lanes at (offset, size, stride), so tensors saved from one
# storage share one storage again.
import torch


def _rebuild_tensor(storage, storage_offset, size, stride):
    return storage.as_strided(tuple(size), tuple(stride), storage_offset).detach()


def _rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad, backward_hooks, metadata=None):
    t = _rebuild_tensor(storage, storage_offset, size, stride)
    t.requires_grad = requires_grad
    return t


def _rebuild_parameter(data, requires_grad, backward_hooks):
    return torch.nn.Parameter(data, requires_grad)
