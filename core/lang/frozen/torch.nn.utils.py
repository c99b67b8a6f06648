# torch.nn.utils: gradient clipping and the flat-vector view of parameters
# (PyTorch 2.6's torch/nn/utils/clip_grad.py and convert_parameters.py).
#
# clip_grad_norm_: with g_i the gradients, N = ||(||g_1||_p, ..., ||g_k||_p)||_p (each
# norm a vector_norm, as the CPU foreach fallback computes them one tensor at a
# time), every g_i is scaled in place by min(max_norm / (N + 1e-6), 1), all as
# float tensor ops so the coefficient carries the gradients' dtype.
import torch
from torch.optim.optimizer import _typename

__all__ = ["clip_grad_norm_", "clip_grad_norm", "clip_grad_value_", "get_total_norm", "clip_grads_with_norm_",
           "parameters_to_vector", "vector_to_parameters"]


def _as_list(tensors):
    if isinstance(tensors, torch.Tensor):
        return [tensors]
    return list(tensors)


def get_total_norm(tensors, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    with torch.no_grad():
        tensors = _as_list(tensors)
        norm_type = float(norm_type)
        if len(tensors) == 0:
            return torch.tensor(0.0)
        norms = [torch.linalg.vector_norm(g, norm_type) for g in tensors]
        total_norm = torch.linalg.vector_norm(torch.stack(norms), norm_type)
        if error_if_nonfinite and torch.logical_or(total_norm.isnan(), total_norm.isinf()):
            raise RuntimeError(
                f"The total norm of order {norm_type} for gradients from `parameters` is non-finite, so it cannot "
                "be clipped. To disable this error and scale the gradients by the non-finite norm anyway, set "
                "`error_if_nonfinite=False`"
            )
        return total_norm


def clip_grads_with_norm_(parameters, max_norm, total_norm, foreach=None):
    with torch.no_grad():
        parameters = _as_list(parameters)
        grads = [p.grad for p in parameters if p.grad is not None]
        max_norm = float(max_norm)
        if len(grads) == 0:
            return
        clip_coef = max_norm / (total_norm + 1e-6)
        clip_coef_clamped = torch.clamp(clip_coef, max=1.0)
        for g in grads:
            g.mul_(clip_coef_clamped)


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    with torch.no_grad():
        parameters = _as_list(parameters)
        grads = [p.grad for p in parameters if p.grad is not None]
        total_norm = get_total_norm(grads, norm_type, error_if_nonfinite, foreach)
        clip_grads_with_norm_(parameters, max_norm, total_norm, foreach)
        return total_norm


def clip_grad_norm(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    return clip_grad_norm_(parameters, max_norm, norm_type, error_if_nonfinite, foreach)


def clip_grad_value_(parameters, clip_value, foreach=None):
    with torch.no_grad():
        parameters = _as_list(parameters)
        clip_value = float(clip_value)
        for p in parameters:
            if p.grad is not None:
                p.grad.clamp_(min=-clip_value, max=clip_value)


def parameters_to_vector(parameters):
    vec = []
    for param in parameters:
        vec.append(param.view(-1))
    return torch.cat(vec)


def vector_to_parameters(vec, parameters):
    if not isinstance(vec, torch.Tensor):
        raise TypeError(f"expected torch.Tensor, but got: {_typename(vec)}")
    pointer = 0
    for param in parameters:
        num_param = param.numel()
        param.data = vec[pointer:pointer + num_param].view_as(param).data
        pointer += num_param


from torch.nn.utils import rnn  # noqa: E402  (torch.nn.utils.rnn, as PyTorch's package imports it)
