# torch.nn._functional_more: the 3-d convolution and pooling, the margin and embedding losses,
# the dropout variants, fold/unfold and the smaller layers' functions, written as the composite
# ATen or torch/nn/functional.py computes; torch.nn installs them into torch.nn.functional.
# Where PyTorch records one node for an op, the composite runs under that node
# (torch._C._sl_fused_node, Note [Fused nodes]), so grad_fn and the gradients are PyTorch's:
#   conv3d: per output depth od, the KD input planes it reads stacked along the channels,
#     one conv2d with the weight's (C/g, KD) folded into its input channels (ConvolutionBackward0)
#   max/avg_pool3d: the padded input's windows gathered with index_select along each spatial dim
#     into (..., OD, OH, OW, KD*KH*KW); max(-1) picks the first maximum in (kd, kh, kw) order as
#     ATen's loop does, the index is (d H + h) W + w; avg divides the window's sum by
#     pooling's divisor (pool_size with count_include_pad, else the clipped window's size)
#   adaptive pools: window [floor(i L / O), ceil((i + 1) L / O)) per dim, sum / kd / kh / kw
#   unfold (im2col): out[n, c kh kw + i kw + j, l] = x_pad[n, c, oh s + i d, ow s + j d];
#     fold (col2im) adds each column back at the same place (index_add), then crops the padding
#   cosine_embedding: cos = <a, b> / sqrt((|a|^2 + 1e-12)(|b|^2 + 1e-12)); 1 - cos where y = 1,
#     max(0, cos - margin) where y = -1 (Loss.cpp)
#   soft_margin: log1p(exp(-y x)); multi_margin: sum_{i != y} max(0, margin - x[y] + x[i])^p w[y] / C;
#   multilabel_margin: sum over targets j and non-targets i of max(0, 1 - (x[j] - x[i])) / C
#   alpha dropout: keep with 1 - p; kept x a + b, dropped -alpha' a + b, a = 1/sqrt((alpha'^2 p + 1)(1 - p))
#   rrelu: slope (lower + upper) / 2 in eval; in training one U(lower, upper) double draw per
#     element <= 0, in order (_rrelu_with_noise_train)
import math
import typing
import warnings
import numpy
import torch

import torch.nn.functional as _F
import torch.nn._functional as _tf

_pad = _F.pad


def _ntuple(v, n):
    return tuple(v) if isinstance(v, (list, tuple)) else (v,) * n


def _reduce(loss, reduction):
    reduction = ("none", "mean", "sum")[reduction] if isinstance(reduction, int) else reduction  # torch.*'s at::Reduction
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    if reduction == "none":
        return loss
    raise ValueError(f"{reduction} is not a valid value for reduction")


def _legacy(size_average, reduce, reduction):
    if size_average is None and reduce is None:
        return reduction
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    return ("mean" if size_average else "sum") if reduce else "none"


# ---------------------------------------------------------------- 3-d convolution


def _conv3d(x, w, b, stride, padding, dilation, groups):
    kd = w.size(2)
    if any(padding):
        x = _pad(x, (padding[2], padding[2], padding[1], padding[1], padding[0], padding[0]))
    n, c, d = x.size(0), x.size(1), x.size(2)
    od = (d - dilation[0] * (kd - 1) - 1) // stride[0] + 1
    idx = torch.tensor([o * stride[0] + p * dilation[0] for o in range(od) for p in range(kd)], dtype=torch.int64)
    xs = x.index_select(2, idx).reshape(n, c, od, kd, x.size(3), x.size(4)).permute(0, 2, 1, 3, 4, 5)
    xs = xs.reshape(n * od, c * kd, x.size(3), x.size(4))
    w2 = w.reshape(w.size(0), w.size(1) * kd, w.size(3), w.size(4))
    y = _F.conv2d(xs, w2, b, stride[1:], 0, dilation[1:], groups)
    return y.reshape(n, od, y.size(1), y.size(2), y.size(3)).permute(0, 2, 1, 3, 4).contiguous()


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    if input.dim() not in (4, 5):
        raise RuntimeError(f"Expected 4D (unbatched) or 5D (batched) input to conv3d, but got input of size: "
                           f"{list(input.shape)}")
    stride, dilation = _ntuple(stride, 3), _ntuple(dilation, 3)
    if isinstance(padding, str):
        if padding == "valid":
            padding = (0, 0, 0)
        elif padding == "same":
            if any(s != 1 for s in stride):
                raise RuntimeError("padding='same' is not supported for strided convolutions")
            tot = [dilation[i] * (weight.size(2 + i) - 1) for i in range(3)]
            if any(t % 2 for t in tot):
                pads = []
                for i in reversed(range(3)):
                    pads += [tot[i] // 2, tot[i] - tot[i] // 2]
                return conv3d(_pad(input, pads), weight, bias, stride, 0, dilation, groups)
            padding = tuple(t // 2 for t in tot)
        else:
            raise RuntimeError(f"Invalid padding string: '{padding}'")
    padding = _ntuple(padding, 3)
    batched = input.dim() == 5
    x = input if batched else input.unsqueeze(0)
    if x.size(1) != weight.size(1) * groups:
        raise RuntimeError(f"Given groups={groups}, weight of size {list(weight.shape)}, expected input{list(x.shape)} "
                           f"to have {weight.size(1) * groups} channels, but got {x.size(1)} channels instead")
    out = torch._C._sl_fused_node("ConvolutionBackward0", _conv3d, [x, weight, bias], stride, padding, dilation, groups)
    return out if batched else out.squeeze(0)


def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _tf._conv_transpose_nd(3, input, weight, bias, stride, padding, output_padding, groups, dilation)


# ---------------------------------------------------------------- 3-d pooling


def _pool_out(n, k, s, p, d, ceil_mode):
    num = n + 2 * p - d * (k - 1) - 1 + (s - 1 if ceil_mode else 0)
    o = num // s + 1
    if ceil_mode and (o - 1) * s >= n + p:
        o -= 1
    return o


def _windows(x, geo, fill):
    # x (N, C, D, H, W) -> (N, C, OD, OH, OW, KD*KH*KW) over the input padded with `fill`
    pads, idxs = [], []
    for n, k, s, p, d, o in geo:
        hi = max((o - 1) * s + d * (k - 1) + 1 - n - p, 0)
        pads = [p, hi] + pads
        idxs.append(torch.tensor([j * s + a * d for j in range(o) for a in range(k)], dtype=torch.int64))
    if any(pads):
        x = _pad(x, pads, value=fill)
    for i in range(3):
        x = x.index_select(2 + i, idxs[i])
    (_, kd, _, _, _, od), (_, kh, _, _, _, oh), (_, kw, _, _, _, ow) = geo
    x = x.reshape(x.size(0), x.size(1), od, kd, oh, kh, ow, kw).permute(0, 1, 2, 4, 6, 3, 5, 7)
    return x.reshape(x.size(0), x.size(1), od, oh, ow, kd * kh * kw)


def _geometry3(x, kernel_size, stride, padding, dilation, ceil_mode, name):
    k = _ntuple(kernel_size, 3)
    s = _ntuple(stride if (stride is not None and stride != []) else kernel_size, 3)
    p, d = _ntuple(padding, 3), _ntuple(dilation, 3)
    for i in range(3):
        if p[i] * 2 > (k[i] - 1) * d[i] + 1:
            raise RuntimeError(f"pad should be at most half of effective kernel size, but got pad={p[i]}, "
                               f"kernel_size={k[i]} and dilation={d[i]}")
    geo = [(x.size(2 + i), k[i], s[i], p[i], d[i], _pool_out(x.size(2 + i), k[i], s[i], p[i], d[i], ceil_mode))
           for i in range(3)]
    if any(g[5] < 1 for g in geo):
        size = "x".join(str(v) for v in x.shape[1:])
        if name == "avg_pool3d":
            raise RuntimeError(f"input image (T: {x.size(2)} H: {x.size(3)} W: {x.size(4)}) smaller than kernel size "
                               f"(kT: {k[0]} kH: {k[1]} kW: {k[2]})")
        raise RuntimeError(f"Given input size: ({size}). Calculated output size: ({x.size(1)}x"
                           f"{'x'.join(str(max(g[5], 0)) for g in geo)}). Output size is too small")
    return geo


def _max_pool3d(x, geo):
    return _windows(x, geo, -math.inf).max(-1)[0]


def _batched5(input, name):
    if input.dim() not in (4, 5):
        raise RuntimeError(f"{name}: Expected 4D or 5D tensor for input, but got: {list(input.shape)}")
    return input if input.dim() == 5 else input.unsqueeze(0)


def max_pool3d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=True):
    x = _batched5(input, "max_pool3d")
    geo = _geometry3(x, kernel_size, stride, padding, dilation, ceil_mode, "max_pool3d")
    out = torch._C._sl_fused_node("MaxPool3DWithIndicesBackward0", _max_pool3d, [x], geo)
    with torch.no_grad():
        arg = _windows(x, geo, -math.inf).max(-1)[1]
        (n_d, kd, sd, pd, dd, od), (n_h, kh, sh, ph, dh, oh), (n_w, kw, sw, pw, dw, ow) = geo
        pos_d = torch.arange(od).view(od, 1, 1) * sd - pd + (arg // (kh * kw)) * dd
        pos_h = torch.arange(oh).view(oh, 1) * sh - ph + (arg // kw % kh) * dh
        pos_w = torch.arange(ow) * sw - pw + (arg % kw) * dw
        idx = (pos_d * n_h + pos_h) * n_w + pos_w
    if input.dim() == 4:
        out, idx = out.squeeze(0), idx.squeeze(0)
    return out, idx


def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    out, idx = max_pool3d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    return (out, idx) if return_indices else out


def _divisors(geo, count_include_pad):
    per = []
    for n, k, s, p, d, o in geo:
        v = []
        for j in range(o):
            lo = j * s - p
            hi = min(lo + k, n + p)
            size = hi - lo
            lo, hi = max(lo, 0), min(hi, n)
            v.append(size if count_include_pad else hi - lo)
        per.append(torch.tensor(v, dtype=torch.float64))
    return per[0].view(-1, 1, 1) * per[1].view(-1, 1) * per[2]


def _avg_pool3d(x, geo, divisor):
    return _windows(x, geo, 0.0).sum(-1) / divisor


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None):
    x = _batched5(input, "avg_pool3d")
    geo = _geometry3(x, kernel_size, stride, padding, 1, ceil_mode, "avg_pool3d")
    divisor = divisor_override if divisor_override else _divisors(geo, count_include_pad).to(x.dtype)
    out = torch._C._sl_fused_node("AvgPool3DBackward0", _avg_pool3d, [x], geo, divisor)
    return out if input.dim() == 5 else out.squeeze(0)


def _adaptive_ranges(n, o):
    return [(i * n // o, -((-(i + 1) * n) // o)) for i in range(o)]


def _adaptive_avg3d(x, size):
    r = [_adaptive_ranges(x.size(2 + i), size[i]) for i in range(3)]
    cells = []
    for d0, d1 in r[0]:
        for h0, h1 in r[1]:
            for w0, w1 in r[2]:
                cells.append(x[:, :, d0:d1, h0:h1, w0:w1].sum((2, 3, 4)) / (d1 - d0) / (h1 - h0) / (w1 - w0))
    return torch.stack(cells, -1).reshape(x.size(0), x.size(1), *size)


def _adaptive_size3(x, output_size):
    size = list(_ntuple(output_size, 3))
    return [x.size(2 + i) if size[i] is None else size[i] for i in range(3)]


def adaptive_avg_pool3d(input, output_size):
    x = _batched5(input, "adaptive_avg_pool3d")
    out = torch._C._sl_fused_node("AdaptiveAvgPool3DBackward0", _adaptive_avg3d, [x], _adaptive_size3(x, output_size))
    return out if input.dim() == 5 else out.squeeze(0)


def _adaptive_max3d(x, size, want_index):
    r = [_adaptive_ranges(x.size(2 + i), size[i]) for i in range(3)]
    vals, idxs = [], []
    for d0, d1 in r[0]:
        for h0, h1 in r[1]:
            for w0, w1 in r[2]:
                v, a = x[:, :, d0:d1, h0:h1, w0:w1].flatten(2).max(-1)
                vals.append(v)
                hh, ww = h1 - h0, w1 - w0
                idxs.append(((d0 + a // (hh * ww)) * x.size(3) + h0 + a // ww % hh) * x.size(4) + w0 + a % ww)
    shape = (x.size(0), x.size(1), *size)
    if want_index:
        return torch.stack(idxs, -1).reshape(shape)
    return torch.stack(vals, -1).reshape(shape)


def adaptive_max_pool3d_with_indices(input, output_size, return_indices=False):
    x = _batched5(input, "adaptive_max_pool3d")
    size = _adaptive_size3(x, output_size)
    out = torch._C._sl_fused_node("AdaptiveMaxPool3DBackward0", _adaptive_max3d, [x], size, False)
    with torch.no_grad():
        idx = _adaptive_max3d(x, size, True)
    if input.dim() == 4:
        out, idx = out.squeeze(0), idx.squeeze(0)
    return out, idx


def adaptive_max_pool3d(input, output_size, return_indices=False):
    out, idx = adaptive_max_pool3d_with_indices(input, output_size)
    return (out, idx) if return_indices else out


def lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    if stride is not None:
        out = _F.avg_pool1d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = _F.avg_pool1d(input.pow(norm_type), kernel_size, padding=0, ceil_mode=ceil_mode)
    return (torch.sign(out) * _F.relu(torch.abs(out))).mul(kernel_size).pow(1.0 / norm_type)


def lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    kw, kh = _ntuple(kernel_size, 2)
    if stride is not None:
        out = _F.avg_pool2d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = _F.avg_pool2d(input.pow(norm_type), kernel_size, padding=0, ceil_mode=ceil_mode)
    return (torch.sign(out) * _F.relu(torch.abs(out))).mul(kw * kh).pow(1.0 / norm_type)


def lp_pool3d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    kd, kw, kh = _ntuple(kernel_size, 3)
    if stride is not None:
        out = avg_pool3d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = avg_pool3d(input.pow(norm_type), kernel_size, padding=0, ceil_mode=ceil_mode)
    return (torch.sign(out) * _F.relu(torch.abs(out))).mul(kd * kw * kh).pow(1.0 / norm_type)


def _unpool(x, idx, size):
    n, c = x.size(0), x.size(1)
    plane = 1
    for s in size:
        plane *= s
    flat = idx.reshape(n * c, -1) + torch.arange(n * c).view(-1, 1) * plane
    out = torch.zeros(n * c * plane, dtype=x.dtype).index_add(0, flat.reshape(-1), x.reshape(-1))
    return out.reshape(n, c, *size)


def _max_unpool_nd(nd, input, indices, kernel_size, stride, padding, output_size):
    k, p = _ntuple(kernel_size, nd), _ntuple(padding, nd)
    s = _ntuple(stride if stride is not None else kernel_size, nd)
    if output_size is None:
        size = [(input.size(i - nd) - 1) * s[i] - 2 * p[i] + k[i] for i in range(nd)]
    else:
        size = list(output_size)[-nd:]
    batched = input.dim() == nd + 2
    x, ix = (input, indices) if batched else (input.unsqueeze(0), indices.unsqueeze(0))
    plane = 1
    for v in size:
        plane *= v
    bad = ((ix < 0) | (ix >= plane)).flatten()
    if bool(bad.any()):
        raise RuntimeError(f"Found an invalid max index: {int(ix.flatten()[bad.nonzero()[0, 0]])} (output volumes are of "
                           f"size {'x'.join(str(v) for v in size)}")
    out = torch._C._sl_fused_node(f"MaxUnpool{nd}DBackward0", _unpool, [x], ix, size)
    return out if batched else out.squeeze(0)


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool_nd(2, input, indices, kernel_size, stride, padding, output_size)


def max_unpool3d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool_nd(3, input, indices, kernel_size, stride, padding, output_size)


def max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    k, p = _ntuple(kernel_size, 1)[0], _ntuple(padding, 1)[0]
    s = _ntuple(stride if stride is not None else kernel_size, 1)[0]
    size = [(input.size(-1) - 1) * s - 2 * p + k] if output_size is None else list(output_size)[-1:]
    return max_unpool2d(input.unsqueeze(-1), indices.unsqueeze(-1), (k, 1), (s, 1), (p, 0), size + [1]).squeeze(-1)


# ---------------------------------------------------------------- fold / unfold


def _im2col_index(h, w, k, d, p, s):
    hp, wp = h + 2 * p[0], w + 2 * p[1]
    oh = (hp - d[0] * (k[0] - 1) - 1) // s[0] + 1
    ow = (wp - d[1] * (k[1] - 1) - 1) // s[1] + 1
    idx = [(i * s[0] + a * d[0]) * wp + j * s[1] + b * d[1]
           for a in range(k[0]) for b in range(k[1]) for i in range(oh) for j in range(ow)]
    return torch.tensor(idx, dtype=torch.int64), oh * ow, hp, wp


def _im2col(x, k, d, p, s):
    n, c, h, w = x.shape
    idx, L, hp, wp = _im2col_index(h, w, k, d, p, s)
    if any(p):
        x = _pad(x, (p[1], p[1], p[0], p[0]))
    return x.reshape(n, c, hp * wp).index_select(2, idx).reshape(n, c * k[0] * k[1], L)


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    if input.dim() not in (3, 4):
        raise RuntimeError(f"Expected 3D or 4D (batch mode) tensor for input with possibly 0 batch size and non-zero "
                           f"dimensions for input, but got: {list(input.shape)}")
    k, d, p, s = (_ntuple(v, 2) for v in (kernel_size, dilation, padding, stride))
    x = input if input.dim() == 4 else input.unsqueeze(0)
    out = torch._C._sl_fused_node("Im2ColBackward0", _im2col, [x], k, d, p, s)
    return out if input.dim() == 4 else out.squeeze(0)


def _col2im(x, size, k, d, p, s):
    n = x.size(0)
    c = x.size(1) // (k[0] * k[1])
    idx, L, hp, wp = _im2col_index(size[0], size[1], k, d, p, s)
    out = torch.zeros(n, c, hp * wp, dtype=x.dtype).index_add(2, idx, x.reshape(n, c, k[0] * k[1] * L))
    return out.reshape(n, c, hp, wp)[:, :, p[0]:p[0] + size[0], p[1]:p[1] + size[1]]


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    if input.dim() not in (2, 3):
        raise RuntimeError(f"Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and non-zero "
                           f"dimensions for input, but got: {list(input.shape)}")
    size, k, d, p, s = (_ntuple(v, 2) for v in (output_size, kernel_size, dilation, padding, stride))
    x = input if input.dim() == 3 else input.unsqueeze(0)
    if x.size(1) % (k[0] * k[1]) != 0:
        raise RuntimeError(f"Expected size of input's dimension 1 to be divisible by the product of kernel_size, but got "
                           f"input.size(1)={x.size(1)} and kernel_size=({k[0]}, {k[1]}).")
    L = _im2col_index(size[0], size[1], k, d, p, s)[1]
    if x.size(2) != L:
        blocks = [(size[i] + 2 * p[i] - d[i] * (k[i] - 1) - 1) // s[i] + 1 for i in range(2)]
        raise RuntimeError(f"Given output_size=({size[0]}, {size[1]}), kernel_size=({k[0]}, {k[1]}), dilation=({d[0]}, "
                           f"{d[1]}), padding=({p[0]}, {p[1]}), stride=({s[0]}, {s[1]}), expected size of input's "
                           f"dimension 2 to match the calculated number of sliding blocks {blocks[0]} * {blocks[1]} = "
                           f"{L}, but got input.size(2)={x.size(2)}.")
    out = torch._C._sl_fused_node("Col2ImBackward0", _col2im, [x], size, k, d, p, s)
    return out if input.dim() == 3 else out.squeeze(0)


# ---------------------------------------------------------------- losses


def cosine_embedding_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction="mean"):
    reduction = _legacy(size_average, reduce, reduction)
    td = target.dim()
    if td not in (0, 1):
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if td == 1 and (input1.dim() != 2 or input2.dim() != 2):
        raise RuntimeError(f"1D target tensor expects 2D input tensors, but found inputs with sizes "
                           f"{list(input1.shape)} and {list(input2.shape)}.")
    if td == 0 and (input1.dim() != 1 or input2.dim() != 1):
        raise RuntimeError(f"0D target tensor expects 1D input tensors, but found inputs with sizes "
                           f"{list(input1.shape)} and {list(input2.shape)}.")
    prod_sum = (input1 * input2).sum(td)
    mag1 = (input1 * input1).sum(td) + 1e-12
    mag2 = (input2 * input2).sum(td) + 1e-12
    cos = prod_sum / (mag1 * mag2).sqrt()
    pos = (1 - cos).masked_fill(target != 1, 0)
    neg = (cos - margin).clamp_min(0).masked_fill(target != -1, 0)
    return _reduce(pos + neg, reduction)


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None, reduction="mean"):
    reduction = _legacy(size_average, reduce, reduction)
    margin_clamp = (margin - input).clamp_min(0).masked_fill(target == 1, 0)
    output_self = input.masked_fill(target == -1, 0)
    return _reduce(margin_clamp + output_self, reduction)


def margin_ranking_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction="mean"):
    reduction = _legacy(size_average, reduce, reduction)
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError(f"margin_ranking_loss : All input tensors should have same dimension but got sizes: "
                           f"input1: {input1.size()}, input2: {input2.size()}, target: {target.size()} ")
    return _reduce((-target * (input1 - input2) + margin).clamp_min(0), reduction)


def _soft_margin(x, y, reduction):
    return _reduce((-x * y).exp().log1p(), reduction)


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = _legacy(size_average, reduce, reduction)
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return torch._C._sl_fused_node("SoftMarginLossBackward0", _soft_margin, [input, target], reduction)


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    reduction = _legacy(size_average, reduce, reduction)
    loss = -(target * _F.logsigmoid(input) + (1 - target) * _F.logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    loss = loss.sum(dim=class_dim) / input.size(class_dim)
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not valid")
    return _reduce(loss, reduction)


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-8, reduce=None,
                     reduction="mean"):
    reduction = _legacy(size_average, reduce, reduction)
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not a valid value for reduction")
    loss = input.exp() - target * input if log_input else input - target * (input + eps).log()
    if full:
        stirling = target * target.log() - target + 0.5 * (2 * math.pi * target).log()
        loss = loss + stirling.masked_fill(target <= 1, 0)
    return _reduce(loss, reduction)


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    if isinstance(var, float):
        if var < 0:
            raise ValueError("var has negative entry/entries")
        var = var * torch.ones_like(input)
    elif torch.any(var < 0):
        raise ValueError("var has negative entry/entries")
    if var.size() != input.size():
        if input.size()[:-1] == var.size():
            var = torch.unsqueeze(var, -1)
        elif not (input.size()[:-1] == var.size()[:-1] and var.size(-1) == 1):
            raise ValueError("var is of incorrect size")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not valid")
    var = var.clone()
    with torch.no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (torch.log(var) + (input - target) ** 2 / var)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _reduce(loss, reduction)


def _check_triplet(a, p, n):
    if not (a.dim() == p.dim() == n.dim()):
        raise RuntimeError(f"The anchor, positive, and negative tensors are expected to have the same number of "
                           f"dimensions, but got: anchor {a.dim()}D, positive {p.dim()}D, and negative {n.dim()}D inputs")


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False, size_average=None,
                        reduce=None, reduction="mean"):
    reduction = _legacy(size_average, reduce, reduction)
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    _check_triplet(anchor, positive, negative)
    dist_pos = torch.pairwise_distance(anchor, positive, p, eps)
    dist_neg = torch.pairwise_distance(anchor, negative, p, eps)
    if swap:
        dist_neg = torch.minimum(dist_neg, torch.pairwise_distance(positive, negative, p, eps))
    return _reduce(torch.clamp_min(margin + dist_pos - dist_neg, 0), reduction)


def triplet_margin_with_distance_loss(anchor, positive, negative, *, distance_function=None, margin=1.0, swap=False,
                                      reduction="mean"):
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    _check_triplet(anchor, positive, negative)
    dist = distance_function if distance_function is not None else torch.pairwise_distance
    dist_pos = dist(anchor, positive)
    dist_neg = dist(anchor, negative)
    if swap:
        dist_neg = torch.minimum(dist_neg, dist(positive, negative))
    return _reduce(torch.clamp_min(margin + dist_pos - dist_neg, 0), reduction)


def _multi_margin(x, y, p, margin, weight, reduction):
    xy = x.gather(1, y.unsqueeze(1))
    z = _F.relu(margin - xy + x)
    if p == 2:
        z = z * z
    if weight is not None:
        z = z * weight.index_select(0, y).unsqueeze(1)
    loss = z.masked_fill(torch.arange(x.size(1)) == y.unsqueeze(1), 0).sum(1) / x.size(1)
    return _reduce(loss, reduction)


def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None, reduce=None, reduction="mean"):
    reduction = _legacy(size_average, reduce, reduction)
    if p not in (1, 2):
        raise ValueError("only p == 1 and p == 2 supported")
    x = input if input.dim() == 2 else input.reshape(1, -1)
    y = target.reshape(-1)
    if x.size(0) != y.numel():
        raise RuntimeError(f"inconsistent target size, expected {x.size(0)} but got {list(target.shape)}")
    out = torch._C._sl_fused_node("MultiMarginLossBackward0", _multi_margin, [x], y, p, margin, weight, reduction)
    return out.reshape(target.shape) if reduction == "none" and input.dim() < 2 else out


def _multilabel_margin(x, y, valid, is_target, reduction):
    xt = x.gather(1, y.clamp(min=0))
    z = _F.relu(1 - xt.unsqueeze(2) + x.unsqueeze(1))
    keep = valid.unsqueeze(2) & ~is_target.unsqueeze(1)
    loss = z.masked_fill(~keep, 0).sum((1, 2)) / x.size(1)
    return _reduce(loss, reduction)


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = _legacy(size_average, reduce, reduction)
    x = input if input.dim() == 2 else input.reshape(1, -1)
    y = target if target.dim() == 2 else target.reshape(1, -1)
    if tuple(x.shape) != tuple(y.shape):
        raise RuntimeError(f"inconsistent target size: {list(target.shape)} for input of size: {list(input.shape)}")
    rows = y.tolist()
    valid, is_target = [], []
    for row in rows:
        v, t, on = [], [False] * len(row), True
        for j in row:
            on = on and j >= 0
            v.append(on)
            if on:
                t[j] = True
        valid.append(v)
        is_target.append(t)
    valid, is_target = torch.tensor(valid, dtype=torch.bool), torch.tensor(is_target, dtype=torch.bool)
    out = torch._C._sl_fused_node("MultilabelMarginLossBackward0", _multilabel_margin, [x], y, valid, is_target,
                                  reduction)
    return out.reshape(()) if reduction == "none" and input.dim() < 2 else out


# ---------------------------------------------------------------- distances, bilinear


def _pdist(x, p):
    n = x.size(0)
    i = torch.tensor([a for a in range(n) for b in range(a + 1, n)], dtype=torch.int64)
    j = torch.tensor([b for a in range(n) for b in range(a + 1, n)], dtype=torch.int64)
    return (x.index_select(0, i) - x.index_select(0, j)).norm(p, 1)


def pdist(input, p=2):
    if input.dim() != 2:
        raise RuntimeError(f"pdist only supports 2D tensors, got: {input.dim()}D")
    if p < 0:
        raise RuntimeError("pdist only supports non-negative p values")
    return torch._C._sl_fused_node("PdistBackward0", _pdist, [input], p)


def _trilinear(a, w, b):
    o, i, j = w.shape
    t = a.mm(w.permute(1, 0, 2).reshape(i, o * j)).reshape(a.size(0), o, j)
    return (t * b.unsqueeze(1)).sum(-1)


def bilinear(input1, input2, weight, bias=None):
    if input1.dim() != input2.dim():
        raise RuntimeError(f"bilinear(): input dimensions do not match: got {input1.dim()} and {input2.dim()}")
    if input1.size(-1) != weight.size(1):
        raise RuntimeError(f"bilinear(): input1 size does not match weight size: got {input1.size(-1)} but expected "
                           f"{weight.size(1)}")
    if input2.size(-1) != weight.size(2):
        raise RuntimeError(f"bilinear(): input2 size does not match weight size: got {input2.size(-1)} but expected "
                           f"{weight.size(2)}")
    if not (input1.dtype == input2.dtype == weight.dtype) or (bias is not None and bias.dtype != input1.dtype):
        names = f"input1: {_tf._type_name(input1.dtype)}, input2: {_tf._type_name(input2.dtype)}, weight: {_tf._type_name(weight.dtype)}"
        raise RuntimeError("All tensors must have the same dtype, got " + names.lower() +
                           ("" if bias is None else f", bias: {_tf._type_name(bias.dtype).lower()}"))
    shape = list(input1.shape[:-1]) + [weight.size(0)]
    a, b = input1.reshape(-1, input1.size(-1)), input2.reshape(-1, input2.size(-1))
    out = torch._C._sl_fused_node("TrilinearBackward0", _trilinear, [a, weight, b]).reshape(shape)
    return out if bias is None else out + bias


# ---------------------------------------------------------------- dropout variants, rrelu, channel shuffle


def _alpha_dropout(input, p, train, feature):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if p == 0 or not train or input.numel() == 0:
        return input
    if p == 1:
        return input.mul(torch.zeros((), dtype=input.dtype))
    if feature:
        if input.dim() < 2:
            raise RuntimeError("Feature dropout requires at least 2 dimensions in the input")
        noise = torch.empty(tuple(input.shape[:2]) + (1,) * (input.dim() - 2), dtype=input.dtype)
    else:
        noise = torch.empty_like(input)
    noise.bernoulli_(1 - p)
    alpha = 1.7580993408473766
    a = 1.0 / math.sqrt((alpha * alpha * p + 1) * (1 - p))
    b = noise.add(-1).mul_(alpha * a).add_(alpha * a * p)
    noise.mul_(a)
    return input.mul(noise).add_(b)


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    return _alpha_dropout(input, p, training, False)


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    return _alpha_dropout(input, p, training, True)


def dropout3d(input, p=0.5, training=True, inplace=False):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if input.dim() not in (4, 5):
        warnings.warn(f"dropout3d: Received a {input.dim()}-D input to dropout3d, which is deprecated and will result in "
                      "an error in a future release. To retain the behavior and silence this warning, please use dropout "
                      "instead. Note that dropout3d exists to provide channel-wise dropout on inputs with 3 spatial "
                      "dimensions, a channel dimension, and an optional batch dimension (i.e. 4D or 5D inputs).")
    return _tf._feature_dropout(input, p, training, inplace, input.dim() == 5)


def _scaled(x, noise):
    return x * noise


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    if not training:
        noise = (lower + upper) / 2
        noise = torch.where(input > 0, torch.ones((), dtype=input.dtype), torch.tensor(noise, dtype=torch.float64).to(input.dtype))
    else:
        with torch.no_grad():
            neg = input <= 0
            draws = torch.empty(int(neg.sum()), dtype=torch.float64).uniform_(lower, upper).to(input.dtype)
            noise = torch.ones_like(input)
            noise[neg] = draws
    if inplace:
        with torch.no_grad():
            return input.mul_(noise)
    return torch._C._sl_fused_node("RreluWithNoiseBackward0", _scaled, [input], noise)


def rrelu_(input, lower=1.0 / 8, upper=1.0 / 3, training=False):
    return rrelu(input, lower, upper, training, True)


def _shuffle_channels(x, g):
    n, c = x.size(0), x.size(1)
    rest = tuple(x.shape[2:])
    return x.reshape(n, g, c // g, *rest).transpose(1, 2).reshape(n, c, *rest)


def channel_shuffle(input, groups):
    if groups <= 0:
        raise RuntimeError(f"Number of groups to divide channels in must be positive. Value of groups:{groups}")
    if input.dim() <= 2:
        raise RuntimeError(f"channel_shuffle expects input to have at least 3 dimensions, but got input with "
                           f"{input.dim()} dimension(s)")
    if input.size(1) % groups != 0:
        raise RuntimeError(f"Number of channels must be divisible by groups. Got {input.size(1)} channels and {groups} "
                           "groups.")
    return torch._C._sl_fused_node("ChannelShuffleBackward0", _shuffle_channels, [input], groups)


# ---------------------------------------------------------------- local response norm, gumbel softmax


def local_response_norm(input, size, alpha=1e-4, beta=0.75, k=1.0):
    dim = input.dim()
    if dim < 3:
        raise ValueError(f"Expected 3D or higher dimensionality                          input (got {dim} dimensions)")
    if input.numel() == 0:
        return input
    div = input.mul(input)
    if dim == 3:
        div = div.unsqueeze(1)
        div = _pad(div, (0, 0, size // 2, (size - 1) // 2))
        div = _F.avg_pool2d(div, (size, 1), stride=1).squeeze(1)
    else:
        sizes = input.size()
        div = div.view(sizes[0], 1, sizes[1], sizes[2], -1)
        div = _pad(div, (0, 0, 0, 0, size // 2, (size - 1) // 2))
        div = avg_pool3d(div, (size, 1, 1), stride=1).squeeze(1)
        div = div.view(sizes)
    div = div.mul(alpha).add(k).pow(beta)
    return input / div


def gumbel_softmax(logits, tau=1, hard=False, eps=1e-10, dim=-1):
    if eps != 1e-10:
        warnings.warn("`eps` parameter is deprecated and has no effect.")
    gumbels = -torch.empty_like(logits).exponential_().log()
    y_soft = ((logits + gumbels) / tau).softmax(dim)
    if hard:
        index = y_soft.max(dim, keepdim=True)[1]
        y_hard = torch.zeros_like(logits).scatter_(dim, index, 1.0)
        return y_hard - y_soft.detach() + y_soft
    return y_soft


# ---------------------------------------------------------------- embedding_bag


def _bags(w, psw, idx, bag, nbags, mode, counts):
    rows = w.index_select(0, idx)
    if psw is not None:
        rows = rows * psw.unsqueeze(1)
    if mode == 2:
        out = []
        for b in range(nbags):
            sel = (bag == b).nonzero().flatten()
            out.append(rows.index_select(0, sel).max(0)[0] if sel.numel() else torch.zeros(w.size(1), dtype=w.dtype))
        return torch.stack(out) if out else torch.zeros(0, w.size(1), dtype=w.dtype)
    out = torch.zeros(nbags, w.size(1), dtype=w.dtype).index_add(0, bag, rows)
    return out / counts.clamp(min=1).to(w.dtype).unsqueeze(1) if mode == 1 else out


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False, mode="mean",
                  sparse=False, per_sample_weights=None, include_last_offset=False, padding_idx=None):
    if weight.dtype == torch.long and input.is_floating_point():
        input, weight = weight, input
    if input.dim() == 2:
        if offsets is not None:
            raise ValueError(f"if input is 2D, then offsets has to be None, as input is treated is a mini-batch of fixed "
                             f"length sequences. However, found offsets of type {type(offsets).__name__}")
        offsets = torch.arange(0, input.numel(), input.size(1))
        input = input.reshape(-1)
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        if offsets.dim() != 1:
            raise ValueError("offsets has to be a 1D Tensor")
    else:
        raise ValueError(f"input has to be 1D or 2D Tensor, but got Tensor of dimension {input.dim()}")
    codes = {"sum": 0, "mean": 1, "max": 2}
    if mode not in codes:
        raise ValueError("mode has to be one of sum, mean or max")
    if per_sample_weights is not None and mode != "sum":
        raise NotImplementedError(f"embedding_bag: per_sample_weights was not None. per_sample_weights is only supported "
                                  f"for mode='sum' (got mode='{mode}'). Please open a feature request on GitHub.")
    if max_norm is not None:
        with torch.no_grad():
            _F.embedding(input, weight, None, max_norm, norm_type)
    starts = offsets.tolist()
    ends = starts[1:] + [input.numel()]
    if include_last_offset:
        starts, ends = starts[:-1], ends[:-1]
    if padding_idx is not None and padding_idx < 0:
        padding_idx += weight.size(0)
    ids = input.tolist()
    bag, keep = [], []
    for b, (lo, hi) in enumerate(zip(starts, ends)):
        for j in range(lo, hi):
            if ids[j] != padding_idx:
                bag.append(b)
                keep.append(j)
    keep = torch.tensor(keep, dtype=torch.int64)
    bag = torch.tensor(bag, dtype=torch.int64)
    counts = torch.zeros(len(starts), dtype=torch.int64).index_add(0, bag, torch.ones(len(keep), dtype=torch.int64))
    psw = None if per_sample_weights is None else per_sample_weights.index_select(0, keep)
    return torch._C._sl_fused_node("EmbeddingBagBackward0", _bags, [weight, psw], input.index_select(0, keep), bag,
                                   len(starts), codes[mode], counts)


# ---------------------------------------------------------------- __torch_function__ helpers, affine_grid


def _overloaded(args):
    return [a for a in args if not isinstance(a, torch.Tensor) and hasattr(type(a), "__torch_function__")]


def has_torch_function(args):
    return bool(_overloaded(args))


def has_torch_function_unary(arg):
    return bool(_overloaded((arg,)))


def has_torch_function_variadic(*args):
    return bool(_overloaded(args))


def handle_torch_function(public_api, relevant_args, *args, **kwargs):
    # torch.overrides.handle_torch_function: each overloading type's __torch_function__ in turn, the first
    # answer that is not NotImplemented wins
    overloaded = _overloaded(relevant_args)
    types = tuple(type(a) for a in overloaded)
    for a in overloaded:
        result = type(a).__torch_function__(public_api, types, args, kwargs)
        if result is not NotImplemented:
            return result
    name = f"{public_api.__module__}.{public_api.__name__}"
    raise TypeError(f"no implementation found for '{name}' on types that implement __torch_function__: "
                    f"{[type(a) for a in overloaded]}")


def boolean_dispatch(arg_name, arg_index, default, if_true, if_false, module_name, func_name):
    def fn(*args, **kwargs):
        flag = kwargs[arg_name] if arg_name in kwargs else (args[arg_index] if arg_index < len(args) else default)
        return if_true(*args, **kwargs) if flag else if_false(*args, **kwargs)
    if module_name is not None:
        fn.__module__ = module_name
    if func_name is not None:
        fn.__name__ = func_name
    return fn


def assert_int_or_pair(arg, arg_name, message):
    assert isinstance(arg, int) or len(arg) == 2, message.format(arg_name)


def _base_coords(n, align_corners, dtype):
    if n <= 1:
        return torch.zeros(max(n, 0), dtype=dtype)
    r = torch.linspace(-1, 1, n, dtype=dtype)
    return r if align_corners else r * (n - 1) / n


def _affine_grid(theta, size, align_corners):
    # base[..., :] = (x, y[, z], 1) over the output's spatial grid (x fastest), times theta^T
    spatial = list(size[2:])
    k = len(spatial)
    cols = []
    for i in range(k):  # x over the last dim, y the one before, z the first
        d = k - 1 - i
        shape = [1] * k
        shape[d] = spatial[d]
        cols.append(_base_coords(spatial[d], align_corners, theta.dtype).view(shape).expand(spatial))
    base = torch.stack(cols + [torch.ones(spatial, dtype=theta.dtype)], -1)
    cells = 1
    for v in spatial:
        cells *= v
    return base.view(1, cells, k + 1).matmul(theta.transpose(1, 2)).view(size[0], *spatial, k)


def affine_grid(theta, size, align_corners=None):
    if align_corners is None:
        warnings.warn("Default grid_sample and affine_grid behavior has changed to align_corners=False since 1.3.0. "
                      "Please specify align_corners=True if the old behavior is desired. See the documentation of "
                      "grid_sample for details.")
        align_corners = False
    if not theta.is_floating_point():
        raise ValueError(f"Expected theta to have floating point type, but got {theta.dtype}")
    size = tuple(size)
    if len(size) == 4:
        if theta.dim() != 3 or theta.shape[-2] != 2 or theta.shape[-1] != 3:
            raise ValueError(f"Expected a batch of 2D affine matrices of shape Nx2x3 for size {size}. Got {theta.shape}.")
    elif len(size) == 5:
        if theta.dim() != 3 or theta.shape[-2] != 3 or theta.shape[-1] != 4:
            raise ValueError(f"Expected a batch of 3D affine matrices of shape Nx3x4 for size {size}. Got {theta.shape}.")
    else:
        raise NotImplementedError(f"affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, "
                                  f"respectively. Got size {size}.")
    if min(size) <= 0:
        raise ValueError(f"Expected non-zero, positive output size. Got {size}")
    return torch._C._sl_fused_node("AffineGridGeneratorBackward0", _affine_grid, [theta], size, align_corners)


def _unnormalize(c, size, align_corners, padding_mode):
    c = (c + 1) / 2 * (size - 1) if align_corners else ((c + 1) * size - 1) / 2
    if padding_mode != "border":
        return c
    # clip_coordinates_set_grad: the derivative is 1 strictly inside (0, size - 1), else a multiplier of 0
    inside = ((c > 0) & (c < size - 1)).to(c.dtype)
    return c * inside + torch.minimum(c.detach().clamp(min=0), size - 1) * (1 - inside)


def _grid_sample(x, grid, mode, padding_mode, align_corners):
    # grid_sampler_2d: out[n, c, i, j] = sum over the corners (nw, ne, sw, se) inside the input of
    # x[n, c, y, x] * the corner's bilinear weight; nearest reads the corner at round-half-even
    n, c, h, w = x.shape
    ho, wo = grid.size(1), grid.size(2)
    # both coordinates at once, split by unbind, so each grid element's gradient is one product (no +0 summed in)
    ix, iy = _unnormalize(grid, torch.tensor([w, h], dtype=grid.dtype), align_corners, padding_mode).unbind(-1)
    flat = x.reshape(n, c, h * w)

    def read(cx, cy):
        valid = ((cx >= 0) & (cx < w) & (cy >= 0) & (cy < h)).reshape(n, 1, ho * wo)
        idx = (cy.clamp(0, h - 1) * w + cx.clamp(0, w - 1)).long().reshape(n, 1, ho * wo).expand(n, c, ho * wo)
        return flat.gather(2, idx), valid

    if mode == "nearest":
        v, valid = read(ix.detach().round(), iy.detach().round())
        # nearest: the grid's derivative is zero (a path of derivative 0 keeps grid in the graph)
        zero = (ix + iy).sum().masked_fill(torch.ones((), dtype=torch.bool), 0)
        return (v.masked_fill(~valid, 0) + zero).reshape(n, c, ho, wo)
    x0, y0 = ix.detach().floor(), iy.detach().floor()
    x1, y1 = x0 + 1, y0 + 1
    out = None
    for cx, cy, wt in ((x0, y0, (x1 - ix) * (y1 - iy)), (x1, y0, (ix - x0) * (y1 - iy)),
                       (x0, y1, (x1 - ix) * (iy - y0)), (x1, y1, (ix - x0) * (iy - y0))):
        v, valid = read(cx, cy)
        term = (v * wt.reshape(n, 1, ho * wo)).masked_fill(~valid, 0)
        out = term if out is None else out + term
    return out.reshape(n, c, ho, wo)


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    if mode not in ("bilinear", "nearest", "bicubic"):
        raise ValueError(f"nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', but got: "
                         f"'{mode}'")
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError(f"nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or 'reflection', "
                         f"but got: '{padding_mode}'")
    if align_corners is None:
        warnings.warn("Default grid_sample and affine_grid behavior has changed to align_corners=False since 1.3.0. "
                      "Please specify align_corners=True if the old behavior is desired. See the documentation of "
                      "grid_sample for details.")
        align_corners = False
    if input.dim() != 4 or mode == "bicubic" or padding_mode == "reflection":
        raise NotImplementedError(f"stridelab's grid_sample covers 4-D input with mode 'bilinear' or 'nearest' and "
                                  f"padding_mode 'zeros' or 'border', not {input.dim()}-D input, mode '{mode}', "
                                  f"padding_mode '{padding_mode}'")
    if grid.dim() != 4 or grid.size(0) != input.size(0) or grid.size(-1) != 2:
        raise RuntimeError(f"grid_sampler(): expected grid to have size 2 in last dimension, but got grid with sizes "
                           f"{list(grid.shape)}")
    return torch._C._sl_fused_node("GridSampler2DBackward0", _grid_sample, [input, grid], mode, padding_mode,
                                   align_corners)


for _fn in (conv3d, conv_transpose3d, max_pool3d, max_pool3d_with_indices, avg_pool3d, adaptive_avg_pool3d,
            adaptive_max_pool3d, adaptive_max_pool3d_with_indices, lp_pool1d, lp_pool2d, max_unpool1d, max_unpool2d,
            unfold, fold, cosine_embedding_loss, hinge_embedding_loss, margin_ranking_loss, soft_margin_loss,
            multilabel_soft_margin_loss, poisson_nll_loss, gaussian_nll_loss, triplet_margin_loss,
            triplet_margin_with_distance_loss, multi_margin_loss, multilabel_margin_loss, pdist, bilinear, alpha_dropout,
            feature_alpha_dropout, dropout3d, rrelu, rrelu_, channel_shuffle, local_response_norm, gumbel_softmax,
            embedding_bag, lp_pool3d, max_unpool3d, has_torch_function, has_torch_function_unary,
            has_torch_function_variadic, handle_torch_function, boolean_dispatch, assert_int_or_pair, affine_grid,
            grid_sample):
    setattr(_F, _fn.__name__, _fn)
for _fn in (conv3d, conv_transpose3d, max_pool3d, pdist, bilinear, alpha_dropout, feature_alpha_dropout, rrelu, rrelu_,
            channel_shuffle, cosine_embedding_loss, hinge_embedding_loss, margin_ranking_loss, poisson_nll_loss,
            triplet_margin_loss):
    setattr(torch, _fn.__name__, _fn)
# the names torch/nn/functional.py imports, the same objects as the reference's module holds
for _name, _obj in (("Tensor", torch.Tensor), ("Optional", typing.Optional), ("List", typing.List), ("Tuple", typing.Tuple),
                    ("Union", typing.Union), ("Callable", typing.Callable), ("TYPE_CHECKING", False), ("math", math),
                    ("np", numpy), ("torch", torch), ("warnings", warnings),
                    ("GRID_SAMPLE_INTERPOLATION_MODES", {"bilinear": 0, "nearest": 1, "bicubic": 2}),
                    ("GRID_SAMPLE_PADDING_MODES", {"zeros": 0, "border": 1, "reflection": 2})):
    setattr(_F, _name, _obj)
