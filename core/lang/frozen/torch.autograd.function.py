# torch.autograd.function: user-defined differentiable operations (PyTorch 2.6's
# torch/autograd/function.py). A subclass of Function writes forward(ctx, *args)
# (or forward(*args) with setup_context(ctx, inputs, output)) and
# backward(ctx, *grad_outputs); Function.apply runs forward with grad mode off
# and, when an input requires grad, records a node "<ClassName>Backward" whose
# backward calls the class's (the natives: core/lang/torch/function.cpp). The
# ctx is an instance of that node's class, so y.grad_fn is the ctx itself,
# with saved_tensors, needs_input_grad and the rest.
import functools
import torch
from torch._C import _fn_record, _fn_saved, _fn_next_functions, _fn_address


class FunctionCtx:
    def save_for_backward(self, *tensors):
        self.to_save = tensors

    def save_for_forward(self, *tensors):
        self.saved_for_forward = tensors

    def mark_dirty(self, *args):
        self.dirty_tensors = args

    def mark_non_differentiable(self, *args):
        self.non_differentiable = args

    def set_materialize_grads(self, value):
        self.materialize_grads = value


class BackwardCFunction(FunctionCtx):
    """The ctx of one apply, which is also the grad_fn of its outputs."""

    @property
    def saved_tensors(self):
        node = self.__dict__.get("_sl_node")
        if node is None:
            return tuple(self.__dict__.get("to_save", ()))
        return _fn_saved(node)

    @property
    def next_functions(self):
        return _fn_next_functions(self._sl_node)

    @property
    def metadata(self):
        return self.__dict__.setdefault("_sl_metadata", {})

    def name(self):
        return type(self).__name__

    def apply(self, *args):
        return self._forward_cls.backward(self, *args)

    def _do_backward(self, grad):
        # one gradient per forward output: the differentiable one's, and zeros
        # (materialize_grads) or None for the others
        grads = []
        materialize = self.__dict__.get("materialize_grads", True)
        for kind, like in self._sl_outputs:
            if kind == "grad":
                grads.append(grad)
            elif kind == "tensor" and materialize:
                grads.append(torch.zeros(like[0], dtype=like[1]))
            else:
                grads.append(None)
        return self._forward_cls.backward(self, *grads)

    def __repr__(self):
        node = self.__dict__.get("_sl_node")
        where = _fn_address(node) if node is not None else hex(id(self))
        return f"<{type(self).__module__}.{type(self).__qualname__} object at {where}>"


def _backward_class(cls):
    bw = cls.__dict__.get("_sl_backward_cls")
    if bw is None:
        bw = type(cls.__name__ + "Backward", (BackwardCFunction,), {"_forward_cls": cls})
        cls._sl_backward_cls = bw
    return bw


class Function:
    def __init__(self, *args, **kwargs):
        pass

    def __call__(self, *args, **kwargs):
        raise RuntimeError(
            "Legacy autograd function with non-static forward method is deprecated. Please use new-style autograd "
            "function with static forward method. (Example: https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)"
        )

    @staticmethod
    def forward(*args, **kwargs):
        raise NotImplementedError(
            "You must implement the forward function for custom autograd.Function."
        )

    @staticmethod
    def setup_context(ctx, inputs, output):
        raise NotImplementedError("setup_context is not implemented.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError(
            "You must implement either the backward or vjp method for your custom autograd.Function to use it with "
            "backward mode AD."
        )

    vjp = backward

    @staticmethod
    def jvp(ctx, *grad_inputs):
        raise NotImplementedError(
            "You must implement the jvp function for custom autograd.Function to use it with forward mode AD."
        )

    @classmethod
    def apply(cls, *args, **kwargs):
        ctx = _backward_class(cls)()
        ctx.needs_input_grad = tuple(isinstance(a, torch.Tensor) and a.requires_grad for a in args)
        recording = torch.is_grad_enabled() and any(ctx.needs_input_grad)
        with torch.no_grad():
            if cls.setup_context is Function.setup_context:
                output = cls.forward(ctx, *args, **kwargs)
            else:
                output = cls.forward(*args, **kwargs)
                cls.setup_context(ctx, args, output)
        if not recording:
            return output
        outputs = output if isinstance(output, tuple) else (output,)
        non_diff = ctx.__dict__.get("non_differentiable", ())
        kinds = []
        for o in outputs:
            if not isinstance(o, torch.Tensor):
                kinds.append((None, None))
            elif any(o is n for n in non_diff) or not (o.is_floating_point() or o.is_complex()):
                kinds.append(("tensor", o))
            else:
                kinds.append(("grad", o))
        ctx._sl_outputs = [(k, None if k is None else (o.shape, o.dtype)) for k, o in kinds]
        outputs = _fn_record(
            ctx.name(), ctx, args, outputs, tuple(ctx.__dict__.get("to_save", ())),
            tuple(ctx.__dict__.get("non_differentiable", ())), tuple(ctx.__dict__.get("dirty_tensors", ())),
            ctx._do_backward,
        )
        return outputs if isinstance(output, tuple) else outputs[0]


class InplaceFunction(Function):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace


def once_differentiable(fn):
    """backward computed with grad mode off: its result has no graph of its own."""

    @functools.wraps(fn)
    def wrapper(ctx, *args):
        with torch.no_grad():
            return fn(ctx, *args)

    return wrapper


torch.autograd.Function = Function

__all__ = ["Function", "FunctionCtx", "BackwardCFunction", "InplaceFunction", "once_differentiable"]
