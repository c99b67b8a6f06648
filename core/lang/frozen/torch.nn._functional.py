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
#   conv_transpose: the gradient of a convolution with respect to its input, written as a convolution
#   of the stride-spread, padded input with the flipped kernel (ConvolutionBackward0, as PyTorch records it)
#   rms_norm(x) = x * rsqrt(mean(x^2 over the normalized dims) + eps) (* weight); eps: the dtype's epsilon
#   interpolate nearest: out[i] = x[min(floor(i * s), n - 1)]; bilinear: src = s (i + 1/2) - 1/2 (>= 0),
#   or i (n - 1) / (m - 1) with align_corners; out = sum of the two neighbours weighted by 1 - f and f,
#   s = 1 / scale_factor when given, else n / m; index arithmetic in the input's float type, as ATen's
import warnings
import torch

import torch.nn.functional as _F
_constant_pad = _F.pad

__all__ = ["conv_transpose1d", "conv_transpose2d", "glu", "prelu", "pixel_shuffle", "pixel_unshuffle", "pad", "dropout1d", "dropout2d", "rms_norm", "interpolate",
           "upsample", "upsample_nearest", "upsample_bilinear", "_conv_transpose_nd", "_feature_dropout", "_type_name"]


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
    if not ((k == 1 and nd in (2, 3)) or (k == 2 and nd in (3, 4)) or (k == 3 and nd in (4, 5))):
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
    name = ("ReflectionPad" if mode == "reflect" else "ReplicationPad") + f"{k}DBackward0"
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


def rms_norm(input, normalized_shape, weight=None, eps=None):
    ns = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
    k = len(ns)
    if k < 1 or input.dim() < k or tuple(input.shape[input.dim() - k:]) != ns:
        want = "[*" + "".join(f", {d}" for d in ns) + "]"
        raise RuntimeError(f"Given normalized_shape={list(ns)}, expected input with shape {want}, but got input of size"
                           f"{list(input.shape)}")
    if weight is not None and tuple(weight.shape) != ns:
        raise RuntimeError(f"Expected weight to be of same shape as normalized_shape, but got weight of shape "
                           f"{list(weight.shape)} and normalized_shape = {list(ns)}")
    if eps is None:  # torch.finfo(dtype).eps: 2^-(mantissa bits)
        eps = 2.0 ** -52 if input.dtype == torch.float64 else (2.0 ** -10 if input.dtype == torch.float16 else 2.0 ** -23)
    dims = [input.dim() - i - 1 for i in range(k)]
    r = input.pow(2).mean(dims, keepdim=True).add(eps).rsqrt()
    result = input.mul(r)
    return result if weight is None else result.mul(weight)


def _nearest_index(n, m, scale):
    # nearest_idx: identity, halving, or floor(i * s) in float, at most n - 1
    if m == n:
        return torch.arange(m)
    if m == 2 * n:
        return torch.arange(m) // 2
    s = torch.tensor(1.0 / scale if scale else n / m, dtype=torch.float32)
    return (torch.arange(m, dtype=torch.float32) * s).floor().long().clamp(max=n - 1)


def _linear_weights(n, m, scale, align_corners, dtype):
    # compute_source_index_and_lambda: (i0, i1, lambda0, lambda1) per output index
    if m == n:
        i = torch.arange(m)
        return i, i, torch.ones(m, dtype=dtype), torch.zeros(m, dtype=dtype)
    if align_corners:
        s = torch.tensor((n - 1) / (m - 1) if m > 1 else 0.0, dtype=dtype)
        src = s * torch.arange(m, dtype=dtype)
    else:
        s = torch.tensor(1.0 / scale if scale else n / m, dtype=dtype)
        src = (s * (torch.arange(m, dtype=dtype) + 0.5) - 0.5).clamp(min=0)
    i0 = src.floor().long().clamp(max=n - 1)
    lam1 = (src - i0.to(dtype)).clamp(0, 1)
    i1 = i0 + (i0 < n - 1).long()
    return i0, i1, 1 - lam1, lam1


def _interp(x, sizes, scales, mode, align_corners):
    nd = len(sizes)
    if mode == "nearest":
        for k in range(nd):
            d = x.dim() - nd + k
            x = x.index_select(d, _nearest_index(x.size(d), sizes[k], scales[k]))
        return x
    d_h, d_w = x.dim() - 2, x.dim() - 1
    hi0, hi1, hl0, hl1 = _linear_weights(x.size(d_h), sizes[0], scales[0], align_corners, x.dtype)
    wi0, wi1, wl0, wl1 = _linear_weights(x.size(d_w), sizes[1], scales[1], align_corners, x.dtype)
    def row(h):
        r = x.index_select(d_h, h)
        return r.index_select(d_w, wi0) * wl0 + r.index_select(d_w, wi1) * wl1
    return row(hi0) * hl0.view(-1, 1) + row(hi1) * hl1.view(-1, 1)


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None,
                antialias=False):
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise ValueError("align_corners option can only be set with the interpolating modes: linear | bilinear | "
                             "bicubic | trilinear")
    elif align_corners is None:
        align_corners = False
    dim = input.dim() - 2
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    if size is not None:
        sizes = list(size) if isinstance(size, (list, tuple)) else [size] * dim
        if len(sizes) != dim:
            raise ValueError(f"Input and output must have the same number of spatial dimensions, but got input with "
                             f"spatial dimensions of {list(input.shape[2:])} and output size of {size}. Please provide "
                             "input tensor in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) format.")
        scales = [None] * dim
    elif scale_factor is not None:
        scales = list(scale_factor) if isinstance(scale_factor, (list, tuple)) else [scale_factor] * dim
        if len(scales) != dim:
            raise ValueError(f"Input and scale_factor must have the same number of spatial dimensions, but got input "
                             f"with spatial dimensions of {list(input.shape[2:])} and scale_factor of shape "
                             f"{scale_factor}. Please provide input tensor in (N, C, d1, d2, ...,dK) format and "
                             "scale_factor in (s1, s2, ...,sK) format.")
        sizes = [int(input.size(i + 2) * scales[i]) for i in range(dim)]
        if recompute_scale_factor:
            scales = [None] * dim
    else:
        raise ValueError("either size or scale_factor should be defined")
    if mode == "nearest" and dim in (1, 2):
        name = f"UpsampleNearest{dim}DBackward0"
    elif (mode, dim) in (("linear", 1), ("bilinear", 2)):
        name = f"Upsample{'Linear1D' if dim == 1 else 'Bilinear2D'}Backward0"
    elif mode in ("linear", "bilinear") and dim != (1 if mode == "linear" else 2):
        raise NotImplementedError(f"Got {input.dim()}D input, but {mode} mode needs {3 if mode == 'linear' else 4}D input")
    else:
        raise NotImplementedError(f"stridelab's interpolate supports mode='nearest' (1-d, 2-d), 'linear' and "
                                  f"'bilinear', not '{mode}' on {input.dim()}-d input")
    if mode == "linear":
        x = input.unsqueeze(-2)
        out = torch._C._sl_fused_node(name, _interp, [x], [1] + sizes, [None] + scales, "bilinear", align_corners)
        return out.squeeze(-2)
    return torch._C._sl_fused_node(name, _interp, [input], sizes, scales, mode, align_corners)


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input, size=None, scale_factor=None):
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input, size=None, scale_factor=None):
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)


def _tuple(v, n):
    return tuple(v) if isinstance(v, (list, tuple)) else (v,) * n


def _conv_transpose(x, w, b, stride, padding, output_padding, groups, dilation):
    # the input spread out by the stride (zeros between), padded by d (k - 1) - p before and that
    # plus output_padding after, then a stride-1 convolution with the kernel flipped and its two
    # channel dims swapped per group
    n = len(stride)
    if any(s > 1 for s in stride):
        shape = list(x.shape[:2]) + [(x.size(2 + i) - 1) * stride[i] + 1 for i in range(n)]
        up = torch.zeros(shape, dtype=x.dtype)
        up[(slice(None), slice(None)) + tuple(slice(None, None, s) for s in stride)] = x
        x = up
    pads = []
    for i in reversed(range(n)):
        k = w.size(2 + i)
        lo = dilation[i] * (k - 1) - padding[i]
        pads += [lo, lo + output_padding[i]]
    if any(p != 0 for p in pads):
        x = _constant_pad(x, pads)
    for i in range(n):
        d = 2 + i
        w = w.index_select(d, torch.arange(w.size(d) - 1, -1, -1))
    cin, cout_g = w.size(0), w.size(1)
    w = w.reshape(groups, cin // groups, cout_g, *w.shape[2:]).transpose(1, 2).reshape(groups * cout_g, cin // groups, *w.shape[2:])
    conv = (_F.conv1d, _F.conv2d, _F.conv3d)[n - 1]
    return conv(x, w, b, 1, 0, dilation, groups)


def _conv_transpose_nd(n, input, weight, bias, stride, padding, output_padding, groups, dilation):
    name = f"conv_transpose{n}d"
    if input.dim() not in (n + 1, n + 2):
        raise RuntimeError(f"Expected {n + 1}D (unbatched) or {n + 2}D (batched) input to {name}, but got input of size: "
                           f"{list(input.shape)}")
    stride, padding, output_padding, dilation = (_tuple(v, n) for v in (stride, padding, output_padding, dilation))
    if any(output_padding[i] >= stride[i] and output_padding[i] >= dilation[i] for i in range(n)):
        names = ("depth", "height", "width")[3 - n:]
        got = lambda what, v: " ".join(f"{what}_{nm}: {v[i]}" for i, nm in enumerate(names))
        raise RuntimeError("output padding must be smaller than either stride or dilation, but got "
                           f"{got('output_padding', output_padding)} {got('stride', stride)} {got('dilation', dilation)}")
    batched = input.dim() == n + 2
    x = input if batched else input.unsqueeze(0)
    if x.size(1) != weight.size(0):
        raise RuntimeError(f"Given transposed=1, weight of size {list(weight.shape)}, expected input{list(x.shape)} to have "
                           f"{weight.size(0)} channels, but got {x.size(1)} channels instead")
    out = torch._C._sl_fused_node("ConvolutionBackward0", _conv_transpose, [x, weight, bias], stride, padding,
                                  output_padding, groups, dilation)
    return out if batched else out.squeeze(0)


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose_nd(1, input, weight, bias, stride, padding, output_padding, groups, dilation)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose_nd(2, input, weight, bias, stride, padding, output_padding, groups, dilation)


for _name, _fn in (("conv_transpose1d", conv_transpose1d), ("conv_transpose2d", conv_transpose2d), ("rms_norm", rms_norm), ("interpolate", interpolate), ("upsample", upsample),
                   ("upsample_nearest", upsample_nearest), ("upsample_bilinear", upsample_bilinear),
                   ("glu", glu), ("prelu", prelu), ("pixel_shuffle", pixel_shuffle), ("pixel_unshuffle", pixel_unshuffle),
                   ("pad", pad), ("dropout1d", dropout1d), ("dropout2d", dropout2d)):
    setattr(_F, _name, _fn)
