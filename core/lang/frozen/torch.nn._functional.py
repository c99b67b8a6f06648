# torch.nn._functional: the torch.nn.functional functions written in Python here (the rest of
# the module is native, core/lang/torch/functional.cpp); torch.nn installs them into
# torch.nn.functional when it loads.
#
# Each is the composite ATen computes; where PyTorch records one node for it (glu, prelu,
# pixel_shuffle, the reflection and replication pads), the composite runs under that node
# (torch._C._sl_fused_node, Note [Fused nodes]), so grad_fn and the gradients are PyTorch's:
#   glu(x, dim) = a * sigmoid(b), (a, b) the halves of x along dim
#   prelu(x, w) = relu(x) + w (x - relu(x)), w viewed to (1, C, 1, ...)
#   pixel_shuffle: (*, C r^2, H, W) -> (*, C, H r, W r): out[c, h r + i, w r + j] = x[c r^2 + i r + j, h, w]
#   reflect pad: index j outside [0, n) reads |j| or 2 (n - 1) - j; replicate reads clamp(j, 0, n - 1);
#   circular reads j mod n (copied in from the output's own far end, as ATen does)
#   dropout1d/2d: one Bernoulli(1 - p) draw per (sample, channel), scaled by 1 / (1 - p)
import warnings
import torch

import torch.nn.functional as _F
_constant_pad = _F.pad

__all__ = ["glu", "prelu", "pixel_shuffle", "pixel_unshuffle", "pad", "dropout1d", "dropout2d"]


def _glu(x, dim):
    a, b = x.chunk(2, dim)
    return a * b.sigmoid()


def glu(input, dim=-1):
    if input.dim() == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    d = dim + input.dim() if dim < 0 else dim
    if input.size(dim) % 2 != 0:
        raise RuntimeError(f"Halving dimension must be even, but dimension {d} is size {input.size(dim)}")
    return torch._C._sl_fused_node("GluBackward0", _glu, [input], dim)


def _prelu(x, w):
    r = x.relu()
    return r + w * (x - r)


def prelu(input, weight):
    if input.dtype != weight.dtype:
        raise RuntimeError(f"prelu: Type promoting not supported. Got {_type_name(input.dtype)} and {_type_name(weight.dtype)}")
    nd = input.dim()
    if weight.numel() != 1:
        if nd == 0:
            raise RuntimeError("Not allow zero-dim input tensor.")
        channels = input.size(1) if nd > 1 else 1
        if channels != weight.numel():
            raise RuntimeError(f"Mismatch of parameter numbers and input channel size. Found parameter numbers = "
                               f"{weight.numel()} and channel size = {channels}.")
    if weight.dim() > 1:
        raise RuntimeError(f"prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = {weight.dim()}")
    w = weight
    if nd != weight.dim():
        shape = [1] * nd
        if nd > 1:
            shape[1] = weight.numel()
        w = weight.reshape(shape)
    return torch._C._sl_fused_node("PreluKernelBackward0", _prelu, [input, w])


def _type_name(dt):
    # c10's ScalarType name: torch.float32 -> Float, torch.int64 -> Long (Tensor.type()'s "torch.FloatTensor")
    return torch.empty(0, dtype=dt).type()[len("torch."):-len("Tensor")]


def _shuffle(x, r):
    *lead, c, h, w = x.shape
    oc = c // (r * r)
    n = len(lead)
    y = x.reshape(*lead, oc, r, r, h, w)
    y = y.permute(*range(n), n, n + 3, n + 1, n + 4, n + 2)
    return y.reshape(*lead, oc, h * r, w * r)


def _unshuffle(x, r):
    *lead, c, h, w = x.shape
    n = len(lead)
    y = x.reshape(*lead, c, h // r, r, w // r, r)
    y = y.permute(*range(n), n, n + 2, n + 4, n + 1, n + 3)
    return y.reshape(*lead, c * r * r, h // r, w // r)


def pixel_shuffle(input, upscale_factor):
    r = upscale_factor
    if input.dim() < 3:
        raise RuntimeError(f"pixel_shuffle expects input to have at least 3 dimensions, but got input with {input.dim()} "
                           "dimension(s)")
    if r <= 0:
        raise RuntimeError(f"pixel_shuffle expects a positive upscale_factor, but got {r}")
    if input.size(-3) % (r * r) != 0:
        raise RuntimeError("pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of "
                           f"upscale_factor, but input.size(-3)={input.size(-3)} is not divisible by {r * r}")
    return torch._C._sl_fused_node("PixelShuffleBackward0", _shuffle, [input], r)


def pixel_unshuffle(input, downscale_factor):
    r = downscale_factor
    if input.dim() < 3:
        raise RuntimeError(f"pixel_unshuffle expects input to have at least 3 dimensions, but got input with "
                           f"{input.dim()} dimension(s)")
    if r <= 0:
        raise RuntimeError(f"pixel_unshuffle expects a positive downscale_factor, but got {r}")
    if input.size(-2) % r != 0:
        raise RuntimeError("pixel_unshuffle expects height to be divisible by downscale_factor, but "
                           f"input.size(-2)={input.size(-2)} is not divisible by {r}")
    if input.size(-1) % r != 0:
        raise RuntimeError("pixel_unshuffle expects width to be divisible by downscale_factor, but "
                           f"input.size(-1)={input.size(-1)} is not divisible by {r}")
    return torch._C._sl_fused_node("PixelUnshuffleBackward0", _unshuffle, [input], r)


def _pad_index(n, lo, hi, mode):
    out = []
    for j in range(-lo, n + hi):
        if mode == "reflect":
            out.append(-j if j < 0 else (2 * (n - 1) - j if j >= n else j))
        else:
            out.append(min(max(j, 0), n - 1))
    return torch.tensor(out, dtype=torch.int64)


def _pad_gather(x, pads, mode):
    # last dim first, as F.pad's pads: (left, right, top, bottom)
    for k in range(len(pads) // 2):
        d = x.dim() - 1 - k
        x = x.index_select(d, _pad_index(x.size(d), pads[2 * k], pads[2 * k + 1], mode))
    return x


def _pad_circular(x, pads):
    # ATen's _pad_circular: the input copied into the middle of a new tensor, then per padded
    # dim (outermost first) its left pad from the far end and its right pad from the near end,
    # each a copy_ into a narrow of the output (so the graph is CopySlices over slices)
    k = len(pads) // 2
    nd = x.dim()
    shape = list(x.shape)
    for i in range(k):
        shape[nd - 1 - i] += pads[2 * i] + pads[2 * i + 1]
    out = torch.empty(shape, dtype=x.dtype)
    center = out
    for i in range(k):
        d = nd - 1 - i
        center = center.narrow(d, pads[2 * i], x.size(d))
    center.copy_(x)
    for i in range(k):
        d = nd - k + i
        lo, hi = pads[(k - i - 1) * 2], pads[(k - i - 1) * 2 + 1]
        if lo > 0:
            out.narrow(d, 0, lo).copy_(out.narrow(d, shape[d] - lo - max(hi, 0), lo))
        if hi > 0:
            out.narrow(d, shape[d] - hi, hi).copy_(out.narrow(d, max(lo, 0), hi))
    return out


def pad(input, pad, mode="constant", value=None):
    if mode == "constant":
        return _constant_pad(input, pad, mode, value)
    if mode not in ("reflect", "replicate", "circular"):
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    pads = [int(p) for p in pad]
    nd = input.dim()
    if len(pads) % 2:
        raise RuntimeError("Padding length must be divisible by 2")
    if len(pads) > nd * 2:
        raise RuntimeError(f"Padding length should be less than or equal to two times the input dimension but got "
                           f"padding length {len(pads)} and input of dimension {nd}")
    if value is not None and value != 0:
        raise RuntimeError(f"Padding mode \"{mode}\" doesn't take in value argument")
    k = len(pads) // 2
    if not ((k == 1 and nd in (2, 3)) or (k == 2 and nd in (3, 4))):
        raise NotImplementedError("Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now")
    for i in range(k):
        d = nd - 1 - i
        n, lo, hi = input.size(d), pads[2 * i], pads[2 * i + 1]
        if mode == "reflect" and (lo >= n or hi >= n):
            raise RuntimeError(f"Argument #4: Padding size should be less than the corresponding input dimension, but "
                               f"got: padding ({lo}, {hi}) at dimension {d} of input {list(input.shape)}")
        if mode == "circular" and (lo > n or hi > n):
            raise RuntimeError("Padding value causes wrapping around more than once.")
        if n + lo + hi <= 0 or (mode == "replicate" and n == 0):
            raise RuntimeError(f"input (H: {n}) is too small. Calculated output H: {n + lo + hi}")
    if mode == "circular":
        return _pad_circular(input, pads)
    name = ("ReflectionPad" if mode == "reflect" else "ReplicationPad") + ("1D" if k == 1 else "2D") + "Backward0"
    return torch._C._sl_fused_node(name, _pad_gather, [input], pads, mode)


def _feature_dropout(input, p, training, inplace, is_batched):
    if not is_batched:
        input = input.unsqueeze_(0) if inplace else input.unsqueeze(0)
    if p == 0 or not training or input.numel() == 0:
        result = input
    elif p == 1:
        result = input.mul_(torch.zeros((), dtype=input.dtype)) if inplace else input.mul(torch.zeros((), dtype=input.dtype))
    else:
        noise = torch.empty(tuple(input.shape[:2]) + (1,) * (input.dim() - 2), dtype=input.dtype)
        noise.bernoulli_(1 - p)
        noise.div_(1 - p)
        result = input.mul_(noise) if inplace else input.mul(noise)
    if not is_batched:
        result = result.squeeze_(0) if inplace else result.squeeze(0)
    return result


def dropout1d(input, p=0.5, training=True, inplace=False):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if input.dim() not in (2, 3):
        raise RuntimeError(f"dropout1d: Expected 2D or 3D input, but received a {input.dim()}D input. Note that dropout1d "
                           "exists to provide channel-wise dropout on inputs with 1 spatial dimension, a channel "
                           "dimension, and an optional batch dimension (i.e. 2D or 3D inputs).")
    return _feature_dropout(input, p, training, inplace, input.dim() == 3)


def dropout2d(input, p=0.5, training=True, inplace=False):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if input.dim() not in (3, 4):
        warnings.warn(f"dropout2d: Received a {input.dim()}-D input to dropout2d, which is deprecated and will result in "
                      "an error in a future release. To retain the behavior and silence this warning, please use dropout "
                      "instead. Note that dropout2d exists to provide channel-wise dropout on inputs with 2 spatial "
                      "dimensions, a channel dimension, and an optional batch dimension (i.e. 3D or 4D inputs).")
    return _feature_dropout(input, p, training, inplace, input.dim() == 4)


for _name, _fn in (("glu", glu), ("prelu", prelu), ("pixel_shuffle", pixel_shuffle), ("pixel_unshuffle", pixel_unshuffle),
                   ("pad", pad), ("dropout1d", dropout1d), ("dropout2d", dropout2d)):
    setattr(_F, _name, _fn)
