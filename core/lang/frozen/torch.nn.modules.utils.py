# torch.nn.modules.utils: the helpers the layers use to turn an int or a
# sequence into an n-tuple (PyTorch 2.6's torch/nn/modules/utils.py).
def _ntuple(n, name="parse"):
    def parse(x):
        # collections.abc.Iterable's test: anything iter() accepts
        try:
            iter(x)
        except TypeError:
            return tuple([x] * n)
        return tuple(x)

    parse.__name__ = name
    return parse


_single = _ntuple(1, "_single")
_pair = _ntuple(2, "_pair")
_triple = _ntuple(3, "_triple")
_quadruple = _ntuple(4, "_quadruple")


def _reverse_repeat_tuple(t, n):
    # (a, b) -> (b, b, a, a) for n = 2: F.pad's order, last dim first
    return tuple(x for x in reversed(t) for _ in range(n))
