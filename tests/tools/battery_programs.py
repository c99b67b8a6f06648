# Programs of the bad-input battery (issue 8) whose expected output comes from
# real NumPy 1.24 / PyTorch 1.13: NaN and inf through every kernel, empty and
# 0-d arrays through every op. `python3 tests/tools/gen_battery.py` runs them
# with /usr/bin/python3 and writes tests/core/test_battery_oracle.cpp.

UNARY = ["negative", "positive", "absolute", "sign", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p",
         "sqrt", "cbrt", "square", "reciprocal", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh",
         "tanh", "arcsinh", "arccosh", "arctanh", "floor", "ceil", "trunc", "rint", "isnan", "isinf", "isfinite",
         "signbit", "logical_not", "degrees", "radians", "fabs"]
BINARY = ["add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "remainder", "fmod", "power",
          "maximum", "minimum", "fmax", "fmin", "arctan2", "hypot", "copysign", "logaddexp", "equal", "not_equal",
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
        out.append(f"x = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 0.5], dtype=np.{dt})\n")
        for u in UNARY:
            out.append(guarded(f"np.{u}(x)"))
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

PROGRAMS = {
    "NaN and inf through every unary ufunc (float16/32/64, complex128)": nan_inf_unary,
    "NaN and inf through every binary ufunc; integer division by zero and overflow": nan_inf_binary,
    "NaN and inf through every reduction, each axis": nan_inf_reduce,
    "empty and 0-d arrays through every op": empty_and_0d,
    "torch: NaN/inf through kernels; empty and 0-d tensors through every op": torch_specials,
}
