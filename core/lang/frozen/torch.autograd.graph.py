# torch.autograd.graph: saved_tensors_hooks (PyTorch 2.6's torch/autograd/graph.py).
# While one is active, every tensor an op saves for backward goes through
# pack_hook and only its result is kept; backward hands that to unpack_hook for
# the tensor back. The stack of installed pairs is native
# (torch._C._autograd._push/_pop_saved_tensors_default_hooks,
# core/torch/autograd.hpp's saved_tensor_hooks).
import torch
from torch._C._autograd import _push_saved_tensors_default_hooks, _pop_saved_tensors_default_hooks


class saved_tensors_hooks:
    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self):
        _push_saved_tensors_default_hooks(self.pack_hook, self.unpack_hook)

    def __exit__(self, *args):
        _pop_saved_tensors_default_hooks()


class save_on_cpu(saved_tensors_hooks):
    def __init__(self, pin_memory=False, device_type="cuda"):
        def pack_to_cpu(tensor):
            return (tensor.device, tensor.cpu())

        def unpack_from_cpu(packed):
            device, tensor = packed
            return tensor.to(device, non_blocking=pin_memory)

        super().__init__(pack_to_cpu, unpack_from_cpu)


__all__ = ["saved_tensors_hooks", "save_on_cpu"]
