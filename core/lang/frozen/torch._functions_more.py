# torch._functions_more: torch.* functions that ATen writes as composites of other ops
# (CompositeImplicitAutograd), here the same composites of recorded ops; torch.nn installs
# them into torch when it loads. Where PyTorch records one node the composite runs under it
# (torch._C._sl_fused_node, Note [Fused nodes]):
#   float_power: both operands in float64 (complex128), then pow
#   heaviside(x, v) = 0 for x < 0 (and NaN), v for x == 0, 1 for x > 0
#   vander: columns x^0 .. x^(N-1) as a cumulative product of x (ATen's vander), flipped unless increasing
#   trapezoid: with spacing dx, (sum(y) - (y_0 + y_last) / 2) dx; with x, sum((x_{i+1} - x_i)(y_i + y_{i+1})) / 2
#   cov: avg = sum(w x) / sum(w), c = (x - avg)(w (x - avg))^T / (sum(w) - correction)  (Correlation.cpp)
#   corrcoef: cov / (std_i std_j), clipped to [-1, 1]
#   cdist: ||x1_i - x2_j||_p (CdistBackward0); p = 2 with more than 25 rows goes through
#     |a|^2 - 2 a.b + |b|^2 clamped at 1e-30 and square-rooted, as _euclidean_dist
#   the *_scatter ops: a copy of input with src written into the view (DiagonalScatterBackward0, ...)
import torch
import torch.nn.functional as _F
import torch.nn._functional as _tf


def _float_power(a, b):
    return a.pow(b)


def float_power(input, exponent):
    def up(v):
        if isinstance(v, torch.Tensor):
            return v.to(torch.complex128 if v.is_complex() else torch.float64)
        return complex(v) if isinstance(v, complex) else float(v)
    if not isinstance(input, torch.Tensor):
        return torch.pow(up(input), up(exponent))
    return up(input).pow(up(exponent))


def heaviside(input, values):
    if input.is_complex() or values.is_complex():
        raise RuntimeError("heaviside is not yet implemented for complex tensors.")
    if input.dtype != values.dtype:
        raise RuntimeError("heaviside is not yet implemented for tensors with different dtypes.")
    with torch.no_grad():
        return torch.where(input == 0, values, (input > 0).to(input.dtype))


def diagflat(input, offset=0):
    return torch.diag(input.reshape(-1), offset)


def vander(x, N=None, increasing=False):
    if x.dim() != 1:
        raise RuntimeError("x must be a one-dimensional tensor.")
    n = x.size(0) if N is None else N
    if n < 0:
        raise RuntimeError("N must be non-negative.")
    dtype = torch.promote_types(x.dtype, torch.int64)
    result = torch.ones(x.size(0), n, dtype=dtype)
    if n > 1:
        result[:, 1:] = x.unsqueeze(1).to(dtype)
        result[:, 1:] = result[:, 1:].cumprod(1)
    return result if increasing else result.flip(1)


def trapezoid(y, x=None, *, dx=None, dim=-1):
    if x is not None and not isinstance(x, torch.Tensor):
        dx, x = x, None
    if x is None:
        dx = 1 if dx is None else dx
        if y.size(dim) == 0:
            return y.sum(dim)
        return (y.sum(dim) - (y.select(dim, 0) + y.select(dim, -1)) * 0.5) * dx
    if y.size(dim) == 0:
        return y.sum(dim)
    n = y.size(dim)
    xd = x.diff(dim=dim if x.dim() == y.dim() else -1) if x.dim() == 1 or x.dim() == y.dim() else None
    if x.dim() == 1 and y.dim() > 1:
        shape = [1] * y.dim()
        shape[dim] = n - 1
        xd = xd.view(shape)
    return (xd * (y.narrow(dim, 1, n - 1) + y.narrow(dim, 0, n - 1))).sum(dim) / 2.0


def trapz(y, x=None, *, dx=None, dim=-1):
    return trapezoid(y, x, dx=dx, dim=dim)


def cumulative_trapezoid(y, x=None, *, dx=None, dim=-1):
    if x is not None and not isinstance(x, torch.Tensor):
        dx, x = x, None
    n = y.size(dim)
    mid = (y.narrow(dim, 1, n - 1) + y.narrow(dim, 0, n - 1)) / 2.0
    if x is None:
        return (mid * (1 if dx is None else dx)).cumsum(dim)
    xd = x.diff(dim=-1 if x.dim() == 1 else dim)
    if x.dim() == 1 and y.dim() > 1:
        shape = [1] * y.dim()
        shape[dim] = n - 1
        xd = xd.view(shape)
    return (xd * mid).cumsum(dim)


def cov(input, *, correction=1, fweights=None, aweights=None):
    if input.dim() > 2:
        raise RuntimeError(f"cov(): expected input to have two or fewer dimensions but got an input with {input.dim()} dimensions")
    x = input.view(1, -1) if input.dim() < 2 else input
    n = x.size(1)
    w = None
    if fweights is not None:
        w = fweights
    if aweights is not None:
        w = aweights if w is None else w * aweights
    if x.dtype in (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8, torch.bool):
        x = x.to(torch.get_default_dtype())
    if w is None:
        w_sum = torch.tensor(n, dtype=torch.int64)
        avg = x.sum(1) / w_sum
        norm = w_sum - correction
    else:
        w_sum = w.sum()
        avg = (x * w).sum(1) / w_sum
        norm = w_sum - correction if aweights is None else w_sum - correction * (w * aweights).sum() / w_sum
    if bool(norm <= 0):
        norm = norm.zero_() if isinstance(norm, torch.Tensor) else 0
    xc = x - avg.unsqueeze(1)
    c = xc.mm((xc if w is None else xc * w).t().conj())
    return torch.true_divide(c, norm).squeeze()


def corrcoef(input):
    c = cov(input)
    if c.dim() == 0:
        return c / c
    d = c.diagonal()
    std = (d.real if d.is_complex() else d).sqrt()
    c = c / std.view(-1, 1)
    c = c / std.view(1, -1)
    return c.clip(-1, 1)


def bucketize(input, boundaries, *, out_int32=False, right=False):
    if boundaries.dim() != 1:
        raise RuntimeError(f"boundaries tensor must be 1 dimension, but got dim({boundaries.dim()})")
    if not isinstance(input, torch.Tensor):
        input = torch.tensor(input)
    out = torch.searchsorted(boundaries, input, side="right" if right else "left")
    return out.to(torch.int32) if out_int32 else out


def _cdist(a, b, p):
    return (a.unsqueeze(-2) - b.unsqueeze(-3)).norm(p, -1)


def _euclidean(a, b):
    an = a.pow(2).sum(-1, keepdim=True)
    bn = b.pow(2).sum(-1, keepdim=True)
    a_pad = torch.cat([a.mul(-2), an, torch.ones_like(an)], -1)
    b_pad = torch.cat([b, torch.ones_like(bn), bn], -1)
    return a_pad.matmul(b_pad.mT).clamp_min(0).sqrt()


def cdist(x1, x2, p=2.0, compute_mode=None):
    if x1.dim() < 2 or x2.dim() < 2:
        raise RuntimeError(f"cdist only supports at least 2D tensors, X{1 if x1.dim() < 2 else 2} got: "
                           f"{(x1 if x1.dim() < 2 else x2).dim()}D")
    if x1.size(-1) != x2.size(-1):
        raise RuntimeError(f"X1 and X2 must have the same number of columns. X1: {x1.size(-1)} X2: {x2.size(-1)}")
    if p < 0:
        raise RuntimeError("cdist only supports non-negative p values")
    modes = {None: 0, "use_mm_for_euclid_dist_if_necessary": 0, "use_mm_for_euclid_dist": 1,
             "donot_use_mm_for_euclid_dist": 2}
    if compute_mode not in modes:
        raise ValueError(f"{compute_mode} is not a valid value for compute_mode")
    mode = modes[compute_mode]
    if p == 2 and (mode == 1 or (mode == 0 and (x1.size(-2) > 25 or x2.size(-2) > 25))):
        return torch._C._sl_fused_node("EuclideanDistBackward0", _euclidean, [x1, x2])
    return torch._C._sl_fused_node("CdistBackward0", _cdist, [x1, x2], p)


def _scatter_into(x, src, view):
    out = x.clone()
    view(out).copy_(src)
    return out


def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    return torch._C._sl_fused_node("DiagonalScatterBackward0", _scatter_into, [input, src],
                                   lambda t: t.diagonal(offset, dim1, dim2))


def select_scatter(input, src, dim, index):
    return torch._C._sl_fused_node("SelectScatterBackward0", _scatter_into, [input, src], lambda t: t.select(dim, index))


def slice_scatter(input, src, dim=0, start=None, end=None, step=1):
    def view(t):
        idx = [slice(None)] * t.dim()
        idx[dim] = slice(start, end, step)
        return t[tuple(idx)]
    return torch._C._sl_fused_node("SliceScatterBackward0", _scatter_into, [input, src], view)


def tril_indices(row, col, offset=0, *, dtype=torch.int64, device=None, layout=None):
    pairs = [(i, j) for i in range(row) for j in range(col) if j - i <= offset]
    return torch.tensor([[i for i, _ in pairs], [j for _, j in pairs]], dtype=dtype).reshape(2, len(pairs))


def triu_indices(row, col, offset=0, *, dtype=torch.int64, device=None, layout=None):
    pairs = [(i, j) for i in range(row) for j in range(col) if j - i >= offset]
    return torch.tensor([[i for i, _ in pairs], [j for _, j in pairs]], dtype=dtype).reshape(2, len(pairs))


def unravel_index(indices, shape):
    if indices.is_complex() or indices.is_floating_point() or indices.dtype == torch.bool:
        raise TypeError(f"expected 'indices' to be integer dtype, but got {indices.dtype}")
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    rem = indices
    out = []
    for s in reversed(shape):
        out.append(rem % s)
        rem = rem // s
    return tuple(reversed(out))


def split_with_sizes(input, split_sizes, dim=0):
    return torch.split(input, list(split_sizes), dim)


def constant_pad_nd(input, pad, value=0):
    return _F.pad(input, pad, "constant", value)


def scalar_tensor(s, *, dtype=None, layout=None, device=None, pin_memory=None, requires_grad=False):
    return torch.tensor(s, dtype=torch.get_default_dtype() if dtype is None else dtype, requires_grad=requires_grad)


def empty_strided(size, stride, *, dtype=None, layout=None, device=None, requires_grad=False, pin_memory=False):
    size, stride = tuple(size), tuple(stride)
    need = 1 + sum((n - 1) * s for n, s in zip(size, stride)) if all(n > 0 for n in size) else 0
    out = torch.empty(need, dtype=dtype).as_strided(size, stride)
    return out.requires_grad_() if requires_grad else out


def typename(obj):
    if isinstance(obj, torch.Tensor):
        return obj.type()
    module = getattr(obj, "__module__", "") or ""
    qualname = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", None) or type(obj).__qualname__
    if module in ("", "builtins") and not hasattr(obj, "__qualname__"):
        module, qualname = type(obj).__module__, type(obj).__qualname__
    return qualname if module in ("", "builtins") else f"{module}.{qualname}"


def get_device(input):
    return input.get_device()


def feature_dropout(input, p, train):
    return _tf._feature_dropout(input, p, train, False, True)


def feature_dropout_(input, p, train):
    return _tf._feature_dropout(input, p, train, True, True)


def dropout_(input, p, train):
    return _F.dropout(input, p, train, True)


def alpha_dropout_(input, p, train):
    return input.copy_(_F.alpha_dropout(input, p, train)) if train and p > 0 else input


def feature_alpha_dropout_(input, p, train):
    return input.copy_(_F.feature_alpha_dropout(input, p, train)) if train and p > 0 else input


for _fn in (float_power, heaviside, diagflat, vander, trapezoid, trapz, cumulative_trapezoid, cov, corrcoef, bucketize, cdist,
            diagonal_scatter, select_scatter, slice_scatter, tril_indices, triu_indices, unravel_index, split_with_sizes,
            constant_pad_nd, scalar_tensor, empty_strided, typename, get_device, feature_dropout, feature_dropout_,
            dropout_, alpha_dropout_, feature_alpha_dropout_):
    setattr(torch, _fn.__name__, _fn)
for _name in ("detach_", "gcd_", "lcm_", "ldexp_", "as_strided_", "addmv_", "conj_physical_"):
    setattr(torch, _name, (lambda n: lambda input, *args, **kwargs: getattr(input, n)(*args, **kwargs))(_name))
torch.newaxis = None
