# torch.autograd.gradcheck: gradcheck and gradgradcheck in PyTorch 2.6's slow
# mode (torch/autograd/gradcheck.py, _slow_gradcheck).
#
# The problem: for f: R^n -> R^m (each differentiable input flattened, each
# differentiable output flattened), compare two n x m Jacobians entry by entry
# with allclose(analytical, numerical, rtol, atol):
#   numerical[i, j]  = (f_j(x + eps e_i) - f_j(x - eps e_i)) / (2 eps), perturbing
#                      the input's own element in place (x - eps first, then x + eps);
#   analytical[:, j] = the gradient autograd gives for grad_output = e_j.
# gradgradcheck checks the second derivative the same way, on the function
# (inputs, grad_outputs) -> autograd.grad(f(inputs), inputs, grad_outputs,
# create_graph=True), with grad_outputs drawn as torch.testing.make_tensor draws
# them (uniform in [-1, 1]). Not kept from PyTorch's: fast_mode, the complex
# (real/imaginary) split, the batched and forward-mode checks, and the
# reentrancy and undefined-gradient checks (this engine's backward is
# deterministic and always materialises gradients).
import warnings
import torch


class GradcheckError(RuntimeError):
    pass


def _as_tuple(x):
    return tuple(x) if isinstance(x, (tuple, list)) else (x,)


def _diff_inputs(inputs):
    return [t for t in inputs if isinstance(t, torch.Tensor) and t.requires_grad]


def _diff_outputs(outputs):
    return [o for o in outputs if isinstance(o, torch.Tensor) and o.requires_grad]


def _index_tuples(t):
    shape = tuple(t.shape)
    total = 1
    for s in shape:
        total *= s
    for flat in range(total):
        idx, rest = [], flat
        for s in reversed(shape):
            idx.append(rest % s)
            rest //= s
        yield tuple(reversed(idx))


def _numerical(func, inputs, outputs, keep, eps):
    # keep: the positions of the differentiable outputs among func's outputs
    # (under no_grad none of them requires grad)
    # func runs in grad mode (gradgradcheck's function calls autograd.grad); the
    # perturbation writes through .data, which autograd does not see
    def flat_outputs():
        outs = _as_tuple(func(*inputs))
        return [outs[k].detach().clone().reshape(-1) for k in keep]

    jacobians = []
    for x in _diff_inputs(inputs):
        cols = [torch.zeros(x.numel(), o.numel(), dtype=x.dtype) for o in outputs]
        data = x.data
        for row, idx in enumerate(_index_tuples(x)):
            orig = data[idx].item()
            data[idx] = orig - eps
            lo = flat_outputs()
            data[idx] = orig + eps
            hi = flat_outputs()
            data[idx] = orig
            for k in range(len(outputs)):
                cols[k][row] = (hi[k] - lo[k]) / (2 * eps)
        jacobians.append(cols)
    return jacobians


def _analytical(inputs, outputs):
    diff = _diff_inputs(inputs)
    jacobians = [[torch.zeros(x.numel(), o.numel(), dtype=x.dtype) for o in outputs] for x in diff]
    for k, out in enumerate(outputs):
        flat = out.reshape(-1)
        for j in range(flat.numel()):
            grad_out = torch.zeros_like(flat)
            grad_out[j] = 1
            grads = torch.autograd.grad(out, diff, grad_out.reshape(out.shape), retain_graph=True, allow_unused=True)
            for i, g in enumerate(grads):
                if g is not None:
                    jacobians[i][k][:, j] = g.reshape(-1)
    return jacobians


def _check(func, inputs, eps, atol, rtol):
    tupled = _as_tuple(inputs)
    diff = _diff_inputs(tupled)
    if not diff:
        raise ValueError("gradcheck expects at least one input tensor to require gradient, "
                         "but none of the them have requires_grad=True.")
    for i, t in enumerate(tupled):
        if isinstance(t, torch.Tensor) and t.requires_grad and t.dtype not in (torch.float64, torch.complex128):
            warnings.warn(f"Input #{i} requires gradient and is not a double precision floating point or complex. "
                          "This check will likely fail if all the inputs are not of double precision floating point or complex. ")
        if isinstance(t, torch.Tensor) and t.requires_grad and t.is_complex():
            raise NotImplementedError("stridelab's gradcheck compares real Jacobians only (complex inputs: issue 30)")
    all_outputs = _as_tuple(func(*tupled))
    keep = [k for k, o in enumerate(all_outputs) if isinstance(o, torch.Tensor) and o.requires_grad]
    outputs = [all_outputs[k] for k in keep]
    numerical = _numerical(func, tupled, outputs, keep, eps)
    analytical = _analytical(tupled, outputs)
    for i in range(len(diff)):
        for j in range(len(outputs)):
            a, n = analytical[i][j], numerical[i][j]
            if not torch.allclose(a, n, rtol, atol):
                raise GradcheckError(f"Jacobian mismatch for output {j} with respect to input {i},\n"
                                     f"numerical:{n}\nanalytical:{a}\n")
    return True


def gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True, nondet_tol=0.0,
              check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
              check_batched_forward_grad=False, check_forward_ad=False, check_backward_ad=True,
              fast_mode=False, masked=None):
    try:
        return _check(func, inputs, eps, atol, rtol)
    except GradcheckError:
        if raise_exception:
            raise
        return False


def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-6, atol=1e-5, rtol=1e-3,
                  gen_non_contig_grad_outputs=False, raise_exception=True, nondet_tol=0.0,
                  check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
                  check_fwd_over_rev=False, check_rev_over_rev=True, fast_mode=False, masked=False):
    tupled = _as_tuple(inputs)
    if grad_outputs is None:
        outputs = _diff_outputs(_as_tuple(func(*tupled)))
        grad_outputs = tuple(torch.testing.make_tensor(o.shape, dtype=o.dtype, device=o.device, low=-1, high=1,
                                                       requires_grad=True) for o in outputs)
    else:
        grad_outputs = _as_tuple(grad_outputs)
    n_inputs = len(tupled)

    def new_func(*args):
        ins = args[:n_inputs]
        outs = _diff_outputs(_as_tuple(func(*ins)))
        diff = _diff_inputs(ins)
        grads = torch.autograd.grad(outs, diff, args[n_inputs:], create_graph=True, allow_unused=True)
        return tuple(g for g in grads if g is not None)

    return gradcheck(new_func, tupled + tuple(grad_outputs), eps=eps, atol=atol, rtol=rtol,
                     raise_exception=raise_exception)


torch.autograd.gradcheck = gradcheck
torch.autograd.gradgradcheck = gradgradcheck

__all__ = ["gradcheck", "gradgradcheck", "GradcheckError"]
