# torch.nn.modules.rnn: RNN, LSTM, GRU and their cells (PyTorch 2.6's torch/nn/modules/rnn.py).
#
# Parameters per layer k and direction (suffix _l{k}, then _reverse), registered in PyTorch's
# order weight_ih (G*H, in), weight_hh (G*H, H or proj), bias_ih, bias_hh (G*H), weight_hr (proj, H),
# each drawn U(-1/sqrt(H), 1/sqrt(H)) in that order. The layers compute as ATen's CPU path does
# (aten/src/ATen/native/RNN.cpp): a layer projects its whole input first, xw = x W_ih^T + b_ih,
# then steps its cell over time (the reverse direction from the last step):
#   RNN:  h' = act(h W_hh^T + b_hh + xw_t)
#   LSTM: i, f, g, o = chunk(h W_hh^T + b_hh + xw_t, 4); c' = sig(f) c + sig(i) tanh(g);
#         h' = sig(o) tanh(c') (times W_hr^T with proj_size)
#   GRU:  r, z, n from chunk(xw_t, 3) and chunk(h W_hh^T + b_hh, 3): r = sig(hr + xr),
#         z = sig(hz + xz), n = tanh(xn + r hn); h' = (h - n) z + n
# The steps' outputs are stacked, the two directions concatenated on the features, dropout
# applied between layers while training; h_n (c_n) stacks every layer's last state. A float32
# LSTM layer is one node per direction, as oneDNN's kernel records it (MkldnnRnnLayerBackward0,
# Note [Fused nodes] in core/lang/torch/fused_node.cpp). A PackedSequence runs ATen's
# PackedLayer: the batch shrinks as sequences end, each one's last state kept where it ended.
import math
import numbers
import warnings
import torch
import torch.backends.mkldnn
from torch.nn.modules.module import Module
from torch.nn.parameter import Parameter
import torch.nn.init as init
import torch.nn.functional as F

__all__ = ["RNNBase", "RNN", "LSTM", "GRU", "RNNCellBase", "RNNCell", "LSTMCell", "GRUCell"]

_GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}


def _packed_type():
    from torch.nn.utils.rnn import PackedSequence
    return PackedSequence


# ---------------------------------------------------------------- cells (ATen's *Cell structs)


def _step(mode, xw, h, c, w_hh, b_hh, w_hr):
    if mode == "LSTM":
        i, f, g, o = (F.linear(h, w_hh, b_hh) + xw).chunk(4, 1)
        c = f.sigmoid() * c + i.sigmoid() * g.tanh()
        h = o.sigmoid() * c.tanh()
        if w_hr is not None:
            h = h.matmul(w_hr.t())
        return h, c
    if mode == "GRU":
        xr, xz, xn = xw.chunk(3, 1)
        hr, hz, hn = F.linear(h, w_hh, b_hh).chunk(3, 1)
        r = (hr + xr).sigmoid()
        z = (hz + xz).sigmoid()
        n = (xn + hn * r).tanh()
        return (h - n) * z + n, None
    pre = F.linear(h, w_hh, b_hh) + xw
    return (pre.tanh() if mode == "RNN_TANH" else pre.relu()), None


def _cell(mode, x, h, c, w_ih, w_hh, b_ih, b_hh):
    if mode == "GRU":
        xw = F.linear(x, w_ih, b_ih)
        return _step(mode, xw, h, c, w_hh, b_hh, None)
    hh = F.linear(h, w_hh, b_hh)
    pre = hh + F.linear(x, w_ih, b_ih)
    if mode == "LSTM":
        i, f, g, o = pre.chunk(4, 1)
        c = f.sigmoid() * c + i.sigmoid() * g.tanh()
        return o.sigmoid() * c.tanh(), c
    return (pre.tanh() if mode == "RNN_TANH" else pre.relu()), None


# ---------------------------------------------------------------- layers (FullLayer, PackedLayer)


def _full_layer(mode, x, h, c, w_ih, w_hh, b_ih, b_hh, w_hr, reverse):
    if x.size(0) == 0:
        raise RuntimeError("Expected sequence length to be larger than 0 in RNN")
    xw = F.linear(x, w_ih, b_ih)
    outs = []
    steps = range(x.size(0) - 1, -1, -1) if reverse else range(x.size(0))
    for t in steps:
        h, c = _step(mode, xw[t], h, c, w_hh, b_hh, w_hr)
        outs.append(h)
    if reverse:
        outs.reverse()
    return torch.stack(outs, 0), h, c


def _lstm_layer(x, w_ih, w_hh, b_ih, b_hh, h, c, reverse):
    # oneDNN's layer adds one bias, b_ih + b_hh, to the input projection (so both biases
    # receive the same gradient, as in PyTorch)
    bias = None if b_ih is None else b_ih + b_hh
    return _full_layer("LSTM", x, h, c, w_ih, w_hh, bias, None, None, reverse)


def _packed_layer(mode, data, sizes, h, c, w_ih, w_hh, b_ih, b_hh, w_hr, reverse):
    xw = F.linear(data, w_ih, b_ih)
    lstm = mode == "LSTM"
    outs = []
    if not reverse:
        ended_h, ended_c = [], []
        offset, last = 0, sizes[0]
        for b in sizes:
            dec = last - b
            if dec > 0:
                ended_h.append(h.narrow(0, b, dec))
                h = h.narrow(0, 0, b)
                if lstm:
                    ended_c.append(c.narrow(0, b, dec))
                    c = c.narrow(0, 0, b)
            h, c = _step(mode, xw.narrow(0, offset, b), h, c, w_hh, b_hh, w_hr)
            offset += b
            last = b
            outs.append(h)
        ended_h.append(h)
        ended_h.reverse()
        h = torch.cat(ended_h, 0)
        if lstm:
            ended_c.append(c)
            ended_c.reverse()
            c = torch.cat(ended_c, 0)
        return torch.cat(outs, 0), h, c
    h_all, c_all = h, c
    offset, last = data.size(0), sizes[-1]
    h = h_all.narrow(0, 0, last)
    c = c_all.narrow(0, 0, last) if lstm else None
    for b in reversed(sizes):
        if b > last:
            h = torch.cat([h, h_all.narrow(0, last, b - last)], 0)
            if lstm:
                c = torch.cat([c, c_all.narrow(0, last, b - last)], 0)
        h, c = _step(mode, xw.narrow(0, offset - b, b), h, c, w_hh, b_hh, w_hr)
        offset -= b
        last = b
        outs.append(h)
    outs.reverse()
    return torch.cat(outs, 0), h, c


# ---------------------------------------------------------------- modules


class RNNBase(Module):
    __constants__ = ["mode", "input_size", "hidden_size", "num_layers", "bias", "batch_first", "dropout",
                     "bidirectional", "proj_size"]

    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, proj_size=0, device=None, dtype=None):
        super().__init__()
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout) if isinstance(dropout, numbers.Number) and not isinstance(dropout, bool) else dropout
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        num_directions = 2 if bidirectional else 1
        if not isinstance(dropout, numbers.Number) or not 0 <= dropout <= 1 or isinstance(dropout, bool):
            raise ValueError("dropout should be a number in range [0, 1] representing the probability of an element "
                             "being zeroed")
        if dropout > 0 and num_layers == 1:
            warnings.warn("dropout option adds dropout after all but last recurrent layer, so non-zero dropout expects "
                          f"num_layers greater than 1, but got dropout={dropout} and num_layers={num_layers}")
        if not isinstance(hidden_size, int):
            raise TypeError(f"hidden_size should be of type int, got: {type(hidden_size).__name__}")
        if hidden_size <= 0:
            raise ValueError("hidden_size must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        if proj_size < 0:
            raise ValueError("proj_size should be a positive integer or zero to disable projections")
        if proj_size >= hidden_size:
            raise ValueError("proj_size has to be smaller than hidden_size")
        if mode not in _GATES:
            raise ValueError("Unrecognized RNN mode: " + mode)
        gate_size = _GATES[mode] * hidden_size
        real_hidden_size = proj_size if proj_size > 0 else hidden_size
        self._flat_weights_names = []
        self._all_weights = []
        for layer in range(num_layers):
            for direction in range(num_directions):
                layer_input_size = input_size if layer == 0 else real_hidden_size * num_directions
                suffix = "_reverse" if direction == 1 else ""
                names = [f"weight_ih_l{layer}{suffix}", f"weight_hh_l{layer}{suffix}"]
                shapes = [(gate_size, layer_input_size), (gate_size, real_hidden_size)]
                if bias:
                    names += [f"bias_ih_l{layer}{suffix}", f"bias_hh_l{layer}{suffix}"]
                    shapes += [(gate_size,), (gate_size,)]
                if proj_size > 0:
                    names.append(f"weight_hr_l{layer}{suffix}")
                    shapes.append((proj_size, hidden_size))
                for name, shape in zip(names, shapes):
                    setattr(self, name, Parameter(torch.empty(shape, device=device, dtype=dtype)))
                self._flat_weights_names.extend(names)
                self._all_weights.append(names)
        self.reset_parameters()

    @property
    def _flat_weights(self):
        return [getattr(self, name) for name in self._flat_weights_names]

    @property
    def all_weights(self):
        return [[getattr(self, name) for name in names] for names in self._all_weights]

    def flatten_parameters(self):
        # cuDNN's one weight buffer; PyTorch returns at once on the CPU
        return None

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def check_input(self, input, batch_sizes):
        if input.dtype != self._flat_weights[0].dtype:
            raise ValueError(f"input must have the type {self._flat_weights[0].dtype}, got type {input.dtype}")
        expected_input_dim = 2 if batch_sizes is not None else 3
        if input.dim() != expected_input_dim:
            raise RuntimeError(f"input must have {expected_input_dim} dimensions, got {input.dim()}")
        if self.input_size != input.size(-1):
            raise RuntimeError(f"input.size(-1) must be equal to input_size. Expected {self.input_size}, got {input.size(-1)}")

    def get_expected_hidden_size(self, input, batch_sizes):
        if batch_sizes is not None:
            mini_batch = int(batch_sizes[0])
        else:
            mini_batch = input.size(0) if self.batch_first else input.size(1)
        num_directions = 2 if self.bidirectional else 1
        size = self.proj_size if self.proj_size > 0 else self.hidden_size
        return (self.num_layers * num_directions, mini_batch, size)

    def check_hidden_size(self, hx, expected_hidden_size, msg="Expected hidden size {}, got {}"):
        if tuple(hx.size()) != tuple(expected_hidden_size):
            raise RuntimeError(msg.format(expected_hidden_size, list(hx.size())))

    def check_forward_args(self, input, hidden, batch_sizes):
        self.check_input(input, batch_sizes)
        self.check_hidden_size(hidden, self.get_expected_hidden_size(input, batch_sizes))

    def permute_hidden(self, hx, permutation):
        if permutation is None:
            return hx
        return hx.index_select(1, permutation)

    def extra_repr(self):
        s = "{input_size}, {hidden_size}"
        if self.proj_size != 0:
            s += ", proj_size={proj_size}"
        if self.num_layers != 1:
            s += ", num_layers={num_layers}"
        if self.bias is not True:
            s += ", bias={bias}"
        if self.batch_first is not False:
            s += ", batch_first={batch_first}"
        if self.dropout != 0:
            s += ", dropout={dropout}"
        if self.bidirectional is not False:
            s += ", bidirectional={bidirectional}"
        return s.format(**self.__dict__)

    def _layer_weights(self, layer, direction):
        suffix = "_reverse" if direction == 1 else ""
        get = lambda n: getattr(self, f"{n}_l{layer}{suffix}") if hasattr(self, f"{n}_l{layer}{suffix}") else None
        return get("weight_ih"), get("weight_hh"), get("bias_ih"), get("bias_hh"), get("weight_hr")

    # _rnn_impl / _lstm_impl: the layer stack over time-major input (or a packed one)
    def _run(self, x, batch_sizes, hx, cx):
        lstm = self.mode == "LSTM"
        dirs = 2 if self.bidirectional else 1
        fused = (lstm and batch_sizes is None and self.proj_size == 0 and x.dtype == torch.float32
                 and torch.backends.mkldnn.enabled and x.numel() != 0)
        sizes = batch_sizes.tolist() if batch_sizes is not None else None
        hs, cs = [], []
        layer_in = x
        for layer in range(self.num_layers):
            outs = []
            for d in range(dirs):
                k = layer * dirs + d
                w_ih, w_hh, b_ih, b_hh, w_hr = self._layer_weights(layer, d)
                h0 = hx[k]
                c0 = cx[k] if lstm else None
                if fused:
                    out, h, c = torch._C._sl_fused_node("MkldnnRnnLayerBackward0", _lstm_layer,
                                                        [layer_in, w_ih, w_hh, b_ih, b_hh, h0, c0], d == 1)
                elif sizes is not None:
                    out, h, c = _packed_layer(self.mode, layer_in, sizes, h0, c0, w_ih, w_hh, b_ih, b_hh, w_hr, d == 1)
                else:
                    out, h, c = _full_layer(self.mode, layer_in, h0, c0, w_ih, w_hh, b_ih, b_hh, w_hr, d == 1)
                outs.append(out)
                hs.append(h)
                cs.append(c)
            layer_in = outs[0] if dirs == 1 else torch.cat(outs, outs[0].dim() - 1)
            if self.dropout != 0 and self.training and layer < self.num_layers - 1:
                layer_in = F.dropout(layer_in, self.dropout, True)
        return layer_in, torch.stack(hs, 0), (torch.stack(cs, 0) if lstm else None)

    def _forward(self, input, hx, name):
        PackedSequence = _packed_type()
        lstm = self.mode == "LSTM"
        orig_input = input
        batch_sizes = None
        dirs = 2 if self.bidirectional else 1
        real_hidden_size = self.proj_size if self.proj_size > 0 else self.hidden_size
        is_batched = True
        if isinstance(orig_input, PackedSequence):
            input, batch_sizes, sorted_indices, unsorted_indices = input
            max_batch_size = int(batch_sizes[0])
        else:
            if input.dim() not in (2, 3):
                tail = " tensor instead" if name == "RNN" else " instead"
                raise ValueError(f"{name}: Expected input to be 2D or 3D, got {input.dim()}D{tail}")
            is_batched = input.dim() == 3
            batch_dim = 0 if self.batch_first else 1
            if not is_batched:
                input = input.unsqueeze(batch_dim)
            max_batch_size = input.size(0) if self.batch_first else input.size(1)
            sorted_indices = None
            unsorted_indices = None
            if hx is not None:
                if lstm:
                    want = 3 if is_batched else 2
                    if hx[0].dim() != want or hx[1].dim() != want:
                        kind = "batched 3-D input, hx and cx should also be 3-D" if is_batched else \
                            "unbatched 2-D input, hx and cx should also be 2-D"
                        raise RuntimeError(f"For {kind} but got ({hx[0].dim()}-D, {hx[1].dim()}-D) tensors")
                    if not is_batched:
                        hx = (hx[0].unsqueeze(1), hx[1].unsqueeze(1))
                elif is_batched:
                    if hx.dim() != 3:
                        raise RuntimeError(f"For batched 3-D input, hx should also be 3-D but got {hx.dim()}-D tensor")
                else:
                    if hx.dim() != 2:
                        raise RuntimeError(f"For unbatched 2-D input, hx should also be 2-D but got {hx.dim()}-D tensor")
                    hx = hx.unsqueeze(1)
        if hx is None:
            h_zeros = torch.zeros(self.num_layers * dirs, max_batch_size, real_hidden_size, dtype=input.dtype,
                                  device=input.device)
            if lstm:
                c_zeros = torch.zeros(self.num_layers * dirs, max_batch_size, self.hidden_size, dtype=input.dtype,
                                      device=input.device)
                hx = (h_zeros, c_zeros)
            else:
                hx = h_zeros
            self.check_forward_args(input, hx, batch_sizes)
        else:
            self.check_forward_args(input, hx, batch_sizes)
            hx = self.permute_hidden(hx, sorted_indices)
        h0, c0 = hx if lstm else (hx, None)
        x = input.transpose(0, 1) if self.batch_first and batch_sizes is None else input
        output, h_n, c_n = self._run(x, batch_sizes, h0, c0)
        if self.batch_first and batch_sizes is None:
            if lstm:
                output = output.transpose(0, 1)
            else:
                output.transpose_(0, 1)
        hidden = (h_n, c_n) if lstm else h_n
        if isinstance(orig_input, PackedSequence):
            return PackedSequence(output, batch_sizes, sorted_indices, unsorted_indices), \
                self.permute_hidden(hidden, unsorted_indices)
        if not is_batched:
            output = output.squeeze(batch_dim)
            hidden = (hidden[0].squeeze(1), hidden[1].squeeze(1)) if lstm else hidden.squeeze(1)
        return output, self.permute_hidden(hidden, unsorted_indices)


class RNN(RNNBase):
    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        if len(args) > 3:
            self.nonlinearity = args[3]
            args = args[:3] + args[4:]
        else:
            self.nonlinearity = kwargs.pop("nonlinearity", "tanh")
        if self.nonlinearity == "tanh":
            mode = "RNN_TANH"
        elif self.nonlinearity == "relu":
            mode = "RNN_RELU"
        else:
            raise ValueError(f"Unknown nonlinearity '{self.nonlinearity}'. Select from 'tanh' or 'relu'.")
        super().__init__(mode, *args, **kwargs)

    def forward(self, input, hx=None):
        return self._forward(input, hx, "RNN")


class LSTM(RNNBase):
    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)

    def get_expected_cell_size(self, input, batch_sizes):
        if batch_sizes is not None:
            mini_batch = int(batch_sizes[0])
        else:
            mini_batch = input.size(0) if self.batch_first else input.size(1)
        num_directions = 2 if self.bidirectional else 1
        return (self.num_layers * num_directions, mini_batch, self.hidden_size)

    def check_forward_args(self, input, hidden, batch_sizes):
        self.check_input(input, batch_sizes)
        self.check_hidden_size(hidden[0], self.get_expected_hidden_size(input, batch_sizes), "Expected hidden[0] size {}, got {}")
        self.check_hidden_size(hidden[1], self.get_expected_cell_size(input, batch_sizes), "Expected hidden[1] size {}, got {}")

    def permute_hidden(self, hx, permutation):
        if permutation is None:
            return hx
        return hx[0].index_select(1, permutation), hx[1].index_select(1, permutation)

    def forward(self, input, hx=None):
        return self._forward(input, hx, "LSTM")


class GRU(RNNBase):
    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        super().__init__("GRU", *args, **kwargs)

    def forward(self, input, hx=None):
        return self._forward(input, hx, "GRU")


# ---------------------------------------------------------------- cells


class RNNCellBase(Module):
    __constants__ = ["input_size", "hidden_size", "bias"]

    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.weight_ih = Parameter(torch.empty((num_chunks * hidden_size, input_size), device=device, dtype=dtype))
        self.weight_hh = Parameter(torch.empty((num_chunks * hidden_size, hidden_size), device=device, dtype=dtype))
        if bias:
            self.bias_ih = Parameter(torch.empty(num_chunks * hidden_size, device=device, dtype=dtype))
            self.bias_hh = Parameter(torch.empty(num_chunks * hidden_size, device=device, dtype=dtype))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        self.reset_parameters()

    def extra_repr(self):
        s = "{input_size}, {hidden_size}"
        if "bias" in self.__dict__ and self.bias is not True:
            s += ", bias={bias}"
        if "nonlinearity" in self.__dict__ and self.nonlinearity != "tanh":
            s += ", nonlinearity={nonlinearity}"
        return s.format(**self.__dict__)

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    # check_rnn_cell_forward_input / check_rnn_cell_forward_hidden (RNN.cpp)
    def _check(self, input, hiddens):
        if input.size(1) != self.weight_ih.size(1):
            raise RuntimeError(f"input has inconsistent input_size: got {input.size(1)} expected {self.weight_ih.size(1)}")
        for label, hx in enumerate(hiddens):
            if input.size(0) != hx.size(0):
                raise RuntimeError(f"Input batch size {input.size(0)} doesn't match hidden{label} batch size {hx.size(0)}")
            if hx.size(1) != self.weight_hh.size(1):
                raise RuntimeError(f"hidden{label} has inconsistent hidden_size: got {hx.size(1)}, expected "
                                   f"{self.weight_hh.size(1)}")

    def _batched(self, name, input, hx, what):
        if input.dim() not in (1, 2):
            raise ValueError(f"{name}: Expected input to be 1D or 2D, got {input.dim()}D instead")
        if hx is not None and hx.dim() not in (1, 2):
            raise ValueError(f"{name}: Expected {what} to be 1D or 2D, got {hx.dim()}D instead")
        return input.dim() == 2


class RNNCell(RNNCellBase):
    __constants__ = ["input_size", "hidden_size", "bias", "nonlinearity"]

    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=1, device=device, dtype=dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        is_batched = self._batched("RNNCell", input, hx, "hidden")
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            hx = torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype, device=input.device)
        elif not is_batched:
            hx = hx.unsqueeze(0)
        if self.nonlinearity not in ("tanh", "relu"):
            raise RuntimeError(f"Unknown nonlinearity: {self.nonlinearity}")
        self._check(input, [hx])
        mode = "RNN_TANH" if self.nonlinearity == "tanh" else "RNN_RELU"
        ret, _ = _cell(mode, input, hx, None, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        return ret if is_batched else ret.squeeze(0)


class LSTMCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=4, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        if input.dim() not in (1, 2):
            raise ValueError(f"LSTMCell: Expected input to be 1D or 2D, got {input.dim()}D instead")
        if hx is not None:
            for idx, value in enumerate(hx):
                if value.dim() not in (1, 2):
                    raise ValueError(f"LSTMCell: Expected hx[{idx}] to be 1D or 2D, got {value.dim()}D instead")
        is_batched = input.dim() == 2
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            zeros = torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype, device=input.device)
            hx = (zeros, zeros)
        elif not is_batched:
            hx = (hx[0].unsqueeze(0), hx[1].unsqueeze(0))
        self._check(input, [hx[0], hx[1]])
        h, c = _cell("LSTM", input, hx[0], hx[1], self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        return (h, c) if is_batched else (h.squeeze(0), c.squeeze(0))


class GRUCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=3, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        is_batched = self._batched("GRUCell", input, hx, "hidden")
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            hx = torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype, device=input.device)
        elif not is_batched:
            hx = hx.unsqueeze(0)
        self._check(input, [hx])
        ret, _ = _cell("GRU", input, hx, None, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        return ret if is_batched else ret.squeeze(0)
