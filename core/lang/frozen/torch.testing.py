# torch.testing: assert_close and make_tensor (torch/testing/_comparison.py and
# _creation.py): the pair of inputs compared by kind (tensor-likes, numbers,
# sequences, mappings), each tensor pair checked for shape, dtype and values
# with torch.isclose, and the mismatch described in PyTorch's words.
import torch

_TOLS = {torch.float16: (1e-3, 1e-5), torch.float32: (1.3e-6, 1e-5), torch.float64: (1e-7, 1e-7),
         torch.complex64: (1.3e-6, 1e-5), torch.complex128: (1e-7, 1e-7)}


class _Mismatch(Exception):
    def __init__(self, kind, msg):
        self.kind = kind
        self.msg = msg


def _tols(*dtypes):
    rtols, atols = zip(*[_TOLS.get(d, (0.0, 0.0)) for d in dtypes])
    return max(rtols), max(atols)


def _diff_msg(kind, diff, idx, tol, equality):
    msg = f"{kind.title()} difference: {diff}" if idx is None else f"Greatest {kind} difference: {diff} at index {idx}"
    return msg + ("" if equality else f" (up to {tol} allowed)") + "\n"


def _mismatch_msg(identifier, extra, abs_diff, abs_idx, atol, rel_diff, rel_idx, rtol):
    equality = rtol == 0 and atol == 0
    msg = f"{identifier} are not {'equal' if equality else 'close'}!\n\n{extra.strip()}\n"
    msg += _diff_msg("absolute", abs_diff, abs_idx, atol, equality)
    msg += _diff_msg("relative", rel_diff, rel_idx, rtol, equality)
    return msg.strip()


def _unravel(i, shape):
    idx = []
    for size in reversed(shape):
        idx.append(i % size)
        i //= size
    return tuple(reversed(idx))


def _tensor_msg(actual, expected, matches, rtol, atol):
    n = matches.numel()
    bad = n - int(torch.sum(matches))
    extra = f"Mismatched elements: {bad} / {n} ({bad / n:.1%})"
    a, e, m = actual.flatten(), expected.flatten(), matches.flatten()
    if not a.dtype.is_floating_point and not a.dtype.is_complex:
        a, e = a.to(torch.int64), e.to(torch.int64)
    abs_diff = torch.abs(a - e)
    abs_diff[m] = 0
    max_abs, abs_i = torch.max(abs_diff, 0)
    rel_diff = abs_diff / torch.abs(e)
    rel_diff[m] = 0
    max_rel, rel_i = torch.max(rel_diff, 0)
    return _mismatch_msg("Tensor-likes", extra, max_abs.item(), _unravel(int(abs_i), actual.shape), atol,
                         max_rel.item(), _unravel(int(rel_i), actual.shape), rtol)


def _scalar_msg(actual, expected, rtol, atol):
    abs_diff = abs(actual - expected)
    rel_diff = float("inf") if expected == 0 else abs_diff / abs(expected)
    return _mismatch_msg("Scalars", f"Expected {expected} but got {actual}.", abs_diff, None, atol, rel_diff, None, rtol)


def _values(actual, expected, rtol, atol, equal_nan):
    if actual.dtype == torch.bool:  # isclose of bool tensors is equality (ATen's isclose)
        matches = actual == expected
    else:
        matches = torch.isclose(actual, expected, rtol=rtol, atol=atol, equal_nan=equal_nan)
    if torch.all(matches):
        return
    if actual.shape == torch.Size([]):
        raise _Mismatch(AssertionError, _scalar_msg(actual.item(), expected.item(), rtol, atol))
    raise _Mismatch(AssertionError, _tensor_msg(actual, expected, matches, rtol, atol))


def _attr(name, a, e):
    raise _Mismatch(AssertionError, f"The values for attribute '{name}' do not match: {a} != {e}.")


def _tensor_pair(actual, expected, rtol, atol, equal_nan, check_dtype, check_stride):
    import numpy
    actual = torch.as_tensor(actual) if isinstance(actual, numpy.ndarray) else actual
    expected = torch.as_tensor(expected) if isinstance(expected, numpy.ndarray) else expected
    if actual.shape != expected.shape:
        _attr("shape", actual.shape, expected.shape)
    if check_dtype and actual.dtype != expected.dtype:
        _attr("dtype", actual.dtype, expected.dtype)
    if check_stride and actual.stride() != expected.stride():
        _attr("stride()", actual.stride(), expected.stride())
    if rtol is None:
        rtol, atol = _tols(actual.dtype, expected.dtype)
    if actual.dtype != expected.dtype:
        dtype = torch.promote_types(actual.dtype, expected.dtype) if hasattr(torch, "promote_types") else (
            actual.dtype if actual.dtype.itemsize >= expected.dtype.itemsize else expected.dtype)
        actual, expected = actual.to(dtype), expected.to(dtype)
    _values(actual, expected, rtol, atol, equal_nan)


def _number_pair(actual, expected, rtol, atol, equal_nan, check_dtype):
    if check_dtype and type(actual) is not type(expected):
        _attr("type", type(actual), type(expected))
    if rtol is None:
        kinds = {bool: torch.bool, int: torch.int64, float: torch.float64, complex: torch.complex128}
        rtol, atol = _tols(kinds[type(actual)], kinds[type(expected)])
    if actual == expected or (equal_nan and actual != actual and expected != expected):
        return
    if isinstance(actual, complex) or isinstance(expected, complex):
        close = abs(actual - expected) <= atol + rtol * abs(expected)
    else:
        close = abs(actual - expected) <= atol + rtol * abs(expected)
    if not close:
        raise _Mismatch(AssertionError, _scalar_msg(actual, expected, rtol, atol))


def _compare(actual, expected, rtol, atol, equal_nan, check_dtype, check_stride, path):
    import numpy
    tensorish = (torch.Tensor, numpy.ndarray)
    numbers = (bool, int, float, complex)
    try:
        if isinstance(actual, tensorish) and isinstance(expected, tensorish):
            return _tensor_pair(actual, expected, rtol, atol, equal_nan, check_dtype, check_stride)
        if isinstance(actual, numbers) and isinstance(expected, numbers):
            return _number_pair(actual, expected, rtol, atol, equal_nan, check_dtype)
    except _Mismatch as m:
        if path:
            m.msg += "\n\nThe failure occurred for item " + "".join(f"[{p!r}]" for p in path)
        raise
    if isinstance(actual, (list, tuple)) and isinstance(expected, (list, tuple)):
        if len(actual) != len(expected):
            raise _Mismatch(AssertionError, f"The length of the sequences mismatch: {len(actual)} != {len(expected)}")
        for i, (a, e) in enumerate(zip(actual, expected)):
            _compare(a, e, rtol, atol, equal_nan, check_dtype, check_stride, path + [i])
        return
    if isinstance(actual, dict) and isinstance(expected, dict):
        if set(actual) != set(expected):
            missing = sorted(set(expected) - set(actual), key=repr)
            extra = sorted(set(actual) - set(expected), key=repr)
            raise _Mismatch(AssertionError, f"The keys of the mappings do not match:\n"
                            f"Missing keys in the actual mapping: {missing}\nExtra keys in the actual mapping: {extra}")
        for k in expected:
            _compare(actual[k], expected[k], rtol, atol, equal_nan, check_dtype, check_stride, path + [k])
        return
    raise _Mismatch(TypeError, f"No comparison pair was able to handle inputs of type {type(actual)} and {type(expected)}.")


def assert_close(actual, expected, *, allow_subclasses=True, rtol=None, atol=None, equal_nan=False,
                 check_device=True, check_dtype=True, check_layout=True, check_stride=False, msg=None):
    if (rtol is None) != (atol is None):
        raise ValueError(f"Both 'rtol' and 'atol' must be either specified or omitted, "
                         f"but got no {'rtol' if rtol is None else 'atol'}.")
    try:
        _compare(actual, expected, rtol, atol, equal_nan, check_dtype, check_stride, [])
    except _Mismatch as m:
        text = m.msg
        if msg is not None:
            text = msg(text) if callable(msg) else msg
        raise m.kind(text) from None


def make_tensor(*shape, dtype, device, low=None, high=None, requires_grad=False, noncontiguous=False,
                exclude_zero=False, memory_format=None):
    if len(shape) == 1 and isinstance(shape[0], (list, tuple, torch.Size)):
        shape = tuple(shape[0])
    if dtype is torch.bool:
        low, high = 0, 2
        result = torch.randint(low, high, shape, device=device, dtype=dtype)
    elif dtype.is_floating_point or dtype.is_complex:
        low = -9 if low is None else low
        high = 9 if high is None else high
        result = torch.empty(shape, device=device, dtype=dtype)
        view = torch.view_as_real(result) if dtype.is_complex else result
        view.uniform_(low, high)
    else:
        low = -9 if low is None else int(low)
        high = 10 if high is None else int(high)
        result = torch.randint(low, high, shape, device=device, dtype=dtype)
    if exclude_zero:
        result[result == 0] = 1 if not (dtype.is_floating_point or dtype.is_complex) else torch.finfo(dtype).tiny
    if dtype.is_floating_point or dtype.is_complex:
        result.requires_grad = requires_grad
    return result
