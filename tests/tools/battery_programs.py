# Programs of the bad-input battery (issue 8) whose expected output comes from
# the reference (../shared/oracle/refpy): NaN and inf through every kernel, empty
# and 0-d arrays through every op. `python3 tests/tools/gen_battery.py` runs them
# and writes tests/data/battery_oracle.jsonl (its header says how).

UNARY = ["negative", "positive", "absolute", "sign", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p",
         "sqrt", "cbrt", "square", "reciprocal", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh",
         "tanh", "arcsinh", "arccosh", "arctanh", "floor", "ceil", "trunc", "rint", "isnan", "isinf", "isfinite",
         "signbit", "logical_not", "degrees", "radians", "fabs", "deg2rad", "rad2deg"]
BINARY = ["add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "remainder", "fmod", "power",
          "maximum", "minimum", "fmax", "fmin", "arctan2", "hypot", "copysign", "logaddexp", "logaddexp2", "equal", "not_equal",
          "less", "less_equal", "greater", "greater_equal", "logical_and", "logical_or", "logical_xor"]
REDUCE = ["sum", "prod", "max", "min", "argmax", "argmin", "mean", "std", "var", "cumsum", "cumprod", "any",
          "all", "nanmax", "nanmin", "nansum", "median", "ptp"]

HEADER = "import numpy as np\nnp.seterr(all='ignore')\n"

def guarded(expr):
    return (f"try:\n    print({expr!r}, '->', {expr})\n"
            f"except Exception as e:\n    print({expr!r}, '->', type(e).__name__, e)\n")

def nan_inf_unary():
    out = [HEADER]
    for dt in ["float16", "float32", "float64", "complex128"]:
        out.append(f"x_{dt} = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 0.5], dtype=np.{dt})\n")
        for u in UNARY:
            out.append(guarded(f"np.{u}(x_{dt})"))
    return "".join(out)

def nan_inf_binary():
    out = [HEADER, "s = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -2.5])\n",
           "x = s[:, None]\ny = s[None, :]\n"]
    for b in BINARY:
        out.append(guarded(f"np.{b}(x, y)"))
    out.append("xi = np.array([[-7], [0], [7], [-128]], dtype=np.int8)\nyi = np.array([[0, 3, -3, -1]], dtype=np.int8)\n")
    for b in ["floor_divide", "remainder", "fmod", "add", "multiply", "subtract"]:
        out.append(guarded(f"np.{b}(xi, yi)"))
    return "".join(out)

def nan_inf_reduce():
    out = [HEADER]
    for dt in ["float32", "float64"]:
        out.append(f"x = np.array([[1.0, np.nan, 3.0], [np.inf, -np.inf, 2.0], [0.0, -0.0, 5.0]], dtype=np.{dt})\n")
        for r in REDUCE:
            out.append(guarded(f"np.{r}(x)"))
            out.append(guarded(f"np.{r}(x, axis=0)"))
            out.append(guarded(f"np.{r}(x, axis=1)"))
    return "".join(out)

def empty_and_0d():
    out = [HEADER]
    inputs = {"e1": "np.zeros((0,))", "e2": "np.zeros((2, 0))", "e3": "np.zeros((0, 3), dtype=np.int32)",
              "z": "np.array(2.5)", "zi": "np.array(7, dtype=np.int16)"}
    for k, v in inputs.items():
        out.append(f"{k} = {v}\n")
    for k in inputs:
        for u in ["negative", "exp", "sqrt", "isnan", "square"]:
            out.append(guarded(f"np.{u}({k})"))
        for b in ["add", "multiply", "maximum", "equal", "floor_divide"]:
            out.append(guarded(f"np.{b}({k}, {k})"))
        for r in REDUCE:
            out.append(guarded(f"np.{r}({k})"))
        for r in ["sum", "max", "argmax", "mean", "any"]:
            out.append(guarded(f"np.{r}({k}, axis=0)"))
            out.append(guarded(f"np.{r}({k}, axis=-1, keepdims=True)"))
        for e in ["{k}.T", "{k}.reshape(-1)", "{k}.ravel()", "{k}.flatten()", "{k}.copy()", "{k}[...]",
                  "{k}[None]", "{k}.astype(np.int8)", "{k}.view(np.uint8)", "np.sort({k})", "np.argsort({k})",
                  "np.unique({k})", "np.nonzero({k})", "np.where({k} > 0)", "np.concatenate([{k}, {k}])",
                  "np.stack([{k}, {k}])", "np.transpose({k})", "np.squeeze({k})", "np.expand_dims({k}, 0)",
                  "np.broadcast_to({k}, (2,) + {k}.shape)", "np.cumsum({k})", "np.diff({k})", "np.clip({k}, 0, 1)",
                  "np.around({k})", "np.flip({k})", "np.tile({k}, 2)", "np.repeat({k}, 2)", "np.dot({k}, {k})",
                  "np.matmul({k}, {k})", "np.outer({k}, {k})", "np.shares_memory({k}, {k})",
                  "np.may_share_memory({k}, {k}[...])", "{k}.tolist()", "{k}.item()", "len({k})", "{k}.size",
                  "{k}.strides", "{k}.flags.c_contiguous", "{k}.nbytes", "{k}[0]", "{k}[:0]", "{k}[::-1]",
                  "{k}[{k} > 0]", "{k}.sum(axis=())", "np.split({k}, 1)", "np.array_split({k}, 3)",
                  "np.percentile({k}, 50)", "np.linalg.norm({k})", "np.allclose({k}, {k})",
                  "np.array_equal({k}, {k})", "np.argwhere({k})", "np.take({k}, [])", "np.resize({k}, 3)"]:
            out.append(guarded(e.format(k=k)))
    return "".join(out)

def torch_specials():
    out = ["import torch\n"]
    out.append("x = torch.tensor([float('nan'), float('inf'), -float('inf'), 0.0, -0.0, 1.0, -1.0])\n")
    for e in ["torch.exp(x)", "torch.log(x)", "torch.sqrt(x)", "torch.tanh(x)", "torch.sigmoid(x)",
              "torch.relu(x)", "torch.abs(x)", "torch.sign(x)", "torch.floor(x)", "x.sum()", "x.max()",
              "x.min()", "x.mean()", "x.argmax()", "x.softmax(0)", "torch.clamp(x, -1, 1)", "x / 0",
              "x * 0", "torch.isnan(x)", "torch.isinf(x)", "torch.nan_to_num(x)", "x.sort()", "x.cumsum(0)"]:
        out.append(guarded(e))
    out.append("e = torch.zeros(0, 3)\nz = torch.tensor(2.5)\n")
    for k in ["e", "z"]:
        for e in ["{k}.sum()", "{k}.sum(0)", "{k}.mean()", "{k}.max()", "{k}.view(-1)", "{k}.reshape(-1)",
                  "{k}.t()", "{k}.T", "{k}.contiguous()", "{k}.unsqueeze(0)", "{k}.flatten()", "{k}.expand(2, *{k}.shape)",
                  "{k}.stride()", "{k}.is_contiguous()", "{k}.numel()", "{k}.tolist()", "{k}.item()",
                  "{k}.clone()", "{k}.exp()", "{k} + {k}", "{k} @ {k}", "{k}.argmax()", "torch.cat([{k}, {k}])",
                  "torch.stack([{k}, {k}])", "{k}.chunk(2)", "{k}.split(1)", "{k}.squeeze()", "{k}.numpy()"]:
            out.append(guarded(e.format(k=k)))
    return "".join(out)

CPLX_UNARY = ["negative", "positive", "absolute", "sign", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p",
              "sqrt", "square", "reciprocal", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh",
              "arcsinh", "arccosh", "arctanh", "rint", "isnan", "isinf", "isfinite"]

def complex_specials():
    # every (re, im) pair of special parts, as Python complex numbers (npy_c* rules)
    out = [HEADER, "v = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -2.0]\n",
           "z = np.array([complex(a, b) for a in v for b in v])\n"]
    for u in CPLX_UNARY:
        out.append(guarded(f"np.{u}(z).tolist()"))
    return "".join(out)

def integer_edges():
    # wrap-around at each integer type's limits, bool inputs, integer division by zero
    out = [HEADER]
    for dt in ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64"]:  # uint64: ints are 64-bit here
        out.append(f"i = np.array([np.iinfo(np.{dt}).min, np.iinfo(np.{dt}).min + 1, np.iinfo(np.{dt}).max // 2, 0, 1, "
                   f"np.iinfo(np.{dt}).max - 1, np.iinfo(np.{dt}).max], dtype=np.{dt})\n")
        for e in ["i + i", "i - i[::-1]", "i * i", "-i", "np.abs(i)", "np.square(i)", "i // i[::-1]", "i % i[::-1]",
                  "np.fmod(i, i[::-1])", "i ** 2", "i << 1", "i >> 1", "i.sum()", "i.prod()", "np.cumsum(i)", "i.max() + i.min()",
                  "np.diff(i)", "np.negative(i).astype(np.int8)", "i.astype(np.float32)"]:
            out.append(guarded(e))
    out.append("b = np.array([True, False, True])\n")
    for e in ["b + b", "b * b", "b - b", "-b", "np.sum(b)", "np.mean(b)", "np.diff(b)", "b // b", "b ** b", "np.sqrt(b)",
              "np.fabs(b)", "np.degrees(b)", "np.logaddexp(b, b)", "np.fmin.reduce(b)", "np.nanmax(b)"]:
        out.append(guarded(e))
    return "".join(out)

def new_ops():
    # the ops issue 8 found missing or wrong: diff, copyto, 0-d axes, fmin/fmax ties, empty percentiles
    out = [HEADER, "a = np.zeros(3)\nb = np.zeros((2, 3), dtype=np.int64)\nr = np.zeros(3)\nr.flags.writeable = False\n",
           "z = np.array(2.5)\nm = np.array([[0.0, -0.0], [-0.0, 0.0]])\n"]
    for e in ["np.diff(np.array([1, 4, 9, 16]), n=2)", "np.diff(np.array([[1, 3, 6], [2, 2, 9]]), axis=0)",
              "np.diff(np.array([1, 4, 9]), prepend=0, append=[20, 30])", "np.diff(np.array([1, 2]), n=-1)",
              "np.diff(np.array([1, 2, 4], dtype=np.int8), prepend=1000)", "np.diff(np.array([1, 2]), n=5)",
              "np.copyto(a, [1, 2, 3])", "a", "np.copyto(b, 2.5)", "np.copyto(b, [1.5, 2, 3], casting='unsafe')", "b",
              "np.copyto(b, [1, 2])", "np.copyto([1, 2], a)", "np.copyto(r, a)", "np.copyto(a, 9, where=[True, False, True])",
              "a", "np.copyto(a, [1, 2, 3], where=[True, False])", "np.copyto(a, [1, 2, 3], casting='no')",
              "np.copyto(np.zeros(2, dtype=np.int8), 300)", "np.copyto(a, 1+2j)",
              "np.sum(z, axis=(0,))", "np.sum(z, axis=1)", "np.add.reduce(z, axis=0)", "np.argmax(z, axis=1)",
              "np.mean(z, axis=0)", "np.count_nonzero(z, axis=0)", "np.std(z, ddof=1)", "np.var(z, keepdims=True)",
              "np.fmin.reduce(np.array([0.0, -0.0]))", "np.fmin(0.0, -0.0)", "np.fmin.reduce(m, axis=0)",
              "np.fmin.reduce(m, axis=1)", "np.fmax.reduce(m.T, axis=0)", "np.nanmin(m, axis=1)",
              "np.fmin.reduce(np.array([0.0, -0.0] * 20))", "np.fmax.reduce(np.array([-0.0, 0.0] * 9, dtype=np.float32))",
              "np.minimum.reduce(np.array([0.0, -0.0], dtype=np.float16))", "np.maximum(np.float16(0), np.float16(-0.0))",
              "np.percentile(np.zeros((2, 0)), 50, axis=1)", "np.percentile(np.zeros((2, 0)), 50, axis=0)",
              "np.quantile(np.zeros(0), [0.5, 0.2])", "np.nanmax(np.zeros((0, 3), dtype=np.int8), axis=1)",
              "np.logaddexp.accumulate(np.array([1.0, 2.0, 3.0]))", "np.degrees(np.array([1, 2], dtype=np.int8))",
              "np.fabs(np.array([-1, 2], dtype=np.int16))", "np.fabs(np.array([1+1j]))", "np.radians(180)"]:
        out.append(guarded(e))
    return "".join(out)

def torch_more():
    out = ["import torch\n", "m = torch.tensor([[1.0, float('nan'), -2.0], [0.5, -0.0, float('inf')]])\n",
           "i = torch.tensor([[3, -1, 2], [-5, 0, 7]])\n"]
    for e in ["m.softmax(1)", "torch.softmax(m, dim=0)", "torch.sigmoid(i)", "i.relu()", "torch.relu(m)", "i.sign()",
              "torch.sign(m)", "m.sort(dim=0)", "m.sort(descending=True)", "torch.sort(i, 1, True)", "i.sort()",
              "torch.nan_to_num(m, nan=1.5, posinf=9.0)", "m.nan_to_num(neginf=-7.0)", "i.nan_to_num()",
              "torch.tensor(2.0) @ torch.ones(3)", "torch.ones(3) @ torch.tensor(2.0)", "i.softmax(0)",
              "torch.tensor(3.0).sort()", "torch.relu(torch.tensor([True]))", "m.sigmoid()"]:
        out.append(guarded(e))
    return "".join(out)

PROGRAMS = {
    "NaN and inf through every unary ufunc (float16/32/64, complex128)": nan_inf_unary,
    "NaN and inf through every binary ufunc; integer division by zero and overflow": nan_inf_binary,
    "NaN and inf through every reduction, each axis": nan_inf_reduce,
    "empty and 0-d arrays through every op": empty_and_0d,
    "torch: NaN/inf through kernels; empty and 0-d tensors through every op": torch_specials,
    "complex NaN/inf parts through every complex unary ufunc": complex_specials,
    "integer wrap-around at every integer type's limits; bool inputs": integer_edges,
    "diff, copyto, 0-d reduction axes, fmin/fmax ties, empty quantiles": new_ops,
    "torch: softmax, sigmoid, relu, sign, sort, nan_to_num, 0-d matmul": torch_more,
}
