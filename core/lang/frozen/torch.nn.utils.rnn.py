# torch.nn.utils.rnn: PackedSequence and the functions that pack and pad variable-length
# batches (PyTorch 2.6's torch/nn/utils/rnn.py and aten/src/ATen/native/PackedSequence.cpp).
#
# A batch of B sequences with lengths l_0 >= l_1 >= ... packs time-major: step t holds the
# rows of the batch_sizes[t] = #{b : l_b > t} sequences still running, so data is
# (sum(l), *features) and a recurrent layer shrinks its batch as sequences end.
# enforce_sorted=False sorts the batch by decreasing length first and keeps the
# permutation (sorted_indices) and its inverse (unsorted_indices) to undo it.
import torch

__all__ = ["PackedSequence", "invert_permutation", "pack_padded_sequence", "pad_packed_sequence", "pad_sequence",
           "unpad_sequence", "pack_sequence", "unpack_sequence"]

# PyTorch's PackedSequence subclasses the namedtuple PackedSequence_; the interpreter has no
# tuple subclasses yet, so this class is the four-field record with a tuple's protocol
# (unpacking, indexing, len, ==) and the namedtuple's repr.
class PackedSequence:
    _fields = ("data", "batch_sizes", "sorted_indices", "unsorted_indices")

    def __init__(self, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        if unsorted_indices is None:
            unsorted_indices = invert_permutation(sorted_indices)
        if batch_sizes is None:
            data, batch_sizes = data
        self.data = data
        self.batch_sizes = batch_sizes
        self.sorted_indices = sorted_indices
        self.unsorted_indices = unsorted_indices

    def _astuple(self):
        return (self.data, self.batch_sizes, self.sorted_indices, self.unsorted_indices)

    def __iter__(self):
        return iter(self._astuple())

    def __len__(self):
        return 4

    def __getitem__(self, i):
        return self._astuple()[i]

    def __eq__(self, other):
        return self._astuple() == (other._astuple() if isinstance(other, PackedSequence) else other)

    def __hash__(self):
        return hash(self._astuple())

    def __repr__(self):
        return (f"PackedSequence(data={self.data!r}, batch_sizes={self.batch_sizes!r}, "
                f"sorted_indices={self.sorted_indices!r}, unsorted_indices={self.unsorted_indices!r})")

    def _replace(self, **kwargs):
        fields = dict(zip(self._fields, self._astuple()))
        fields.update(kwargs)
        return PackedSequence(**fields)

    def to(self, *args, **kwargs):
        data = self.data.to(*args, **kwargs)
        if data is self.data:
            return self
        return PackedSequence(data, self.batch_sizes, self.sorted_indices, self.unsorted_indices)

    def cpu(self, *args, **kwargs):
        return self

    def double(self):
        return self.to(dtype=torch.double)

    def float(self):
        return self.to(dtype=torch.float)

    def half(self):
        return self.to(dtype=torch.half)

    @property
    def is_cuda(self):
        return self.data.is_cuda

    def is_pinned(self):
        return self.data.is_pinned()


def invert_permutation(permutation):
    if permutation is None:
        return None
    output = torch.empty_like(permutation)
    output[permutation] = torch.arange(0, permutation.numel(), device=permutation.device)
    return output


def _pack(input, lengths, batch_first):
    # _pack_padded_sequence: the blocks of steps [prev_l, l) over the sequences still running
    if batch_first:
        input = input.transpose(0, 1)
    batch_size = input.size(1)
    steps = []
    prev_l = 0
    for i in range(batch_size):
        l = lengths[batch_size - 1 - i]
        if l > prev_l:
            block = input[prev_l:l, :batch_size - i].contiguous()
            steps.append(block.view(-1, *input.shape[2:]))
            prev_l = l
    return torch.cat(steps)


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    if not isinstance(lengths, torch.Tensor):
        lengths = torch.as_tensor(lengths, dtype=torch.int64, device="cpu")
    else:
        lengths = lengths.to(dtype=torch.int64)
    if enforce_sorted:
        sorted_indices = None
    else:
        lengths, sorted_indices = torch.sort(lengths, descending=True)
        batch_dim = 0 if batch_first else 1
        input = input.index_select(batch_dim, sorted_indices)
    batch_size = input.size(0 if batch_first else 1)
    if input.numel() == 0:
        raise RuntimeError("Cannot pack empty tensors.")
    if lengths.size(0) != batch_size:
        raise RuntimeError(f"Expected `len(lengths)` to be equal to batch_size, but got {lengths.size(0)} "
                           f"(batch_size={batch_size})")
    ls = lengths.tolist()
    if ls[-1] <= 0:
        raise RuntimeError("Length of all samples has to be greater than 0, but found an element in 'lengths' that "
                           "is <= 0")
    for i in range(batch_size - 1):
        if ls[i + 1] > ls[i]:
            raise RuntimeError("`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. You "
                               "can pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to "
                               "sidestep this requirement if you do not need ONNX exportability.")
    batch_sizes = torch.tensor([sum(1 for l in ls if l > t) for t in range(ls[0])], dtype=torch.int64)
    data = torch._C._sl_fused_node("PackPaddedSequenceBackward0", _pack, [input], ls, batch_first)
    return PackedSequence(data, batch_sizes, sorted_indices, None)


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    data, batch_sizes = sequence.data, sequence.batch_sizes
    sizes = batch_sizes.tolist()
    max_seq_length = len(sizes)
    if total_length is not None:
        if total_length < max_seq_length:
            raise ValueError("Expected total_length to be at least the length of the longest sequence in input, but got "
                             f"total_length={total_length} and max sequence length being {max_seq_length}")
        max_seq_length = total_length
    max_batch = sizes[0]
    output = torch.full((max_seq_length, max_batch, *data.shape[1:]), padding_value, dtype=data.dtype)
    lengths = [0] * max_batch
    offset = prev_i = 0
    prev_b = max_batch
    # _pad_packed_sequence: each run of equal batch sizes is one block copied in
    for i in range(len(sizes) + 1):
        b = sizes[i] if i < len(sizes) else 0
        if b != prev_b:
            n = prev_b * (i - prev_i)
            output[prev_i:i, :prev_b] = data[offset:offset + n].view(i - prev_i, prev_b, *data.shape[1:])
            offset += n
            prev_i = i
        for j in range(b, prev_b):
            lengths[j] = i
        prev_b = b
    lengths = torch.tensor(lengths, dtype=torch.int64)
    if batch_first:
        output = output.transpose(0, 1)
    unsorted_indices = sequence.unsorted_indices
    if unsorted_indices is not None:
        batch_dim = 0 if batch_first else 1
        return output.index_select(batch_dim, unsorted_indices), lengths[unsorted_indices.cpu()]
    return output, lengths


def pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side="right"):
    try:
        sequences = tuple(sequences)
    except TypeError:
        raise RuntimeError("pad_sequence: Expected iterable for input sequences, but got arg of type: "
                           f"{type(sequences)}") from None
    if len(sequences) == 0:
        raise RuntimeError("received an empty list of sequences")
    if padding_side not in ("left", "right"):
        raise ValueError(f"Expected padding_side to be one of left or right, but got {padding_side}.")
    max_len = max(s.size(0) for s in sequences)
    trailing = tuple(sequences[0].shape[1:])
    n = len(sequences)
    dims = (n, max_len) + trailing if batch_first else (max_len, n) + trailing
    out = torch.full(dims, padding_value, dtype=sequences[0].dtype)
    for i, seq in enumerate(sequences):
        length = seq.size(0)
        start = max_len - length if padding_side == "left" else 0
        if batch_first:
            out[i, start:start + length] = seq
        else:
            out[start:start + length, i] = seq
    return out


def unpad_sequence(padded_sequences, lengths, batch_first=False):
    unpadded_sequences = []
    if not batch_first:
        padded_sequences = padded_sequences.transpose(0, 1)
    max_length = padded_sequences.shape[1]
    idx = torch.arange(max_length, device=lengths.device)
    for seq, length in zip(padded_sequences, lengths):
        mask = idx < length
        unpadded_sequences.append(seq[mask])
    return unpadded_sequences


def pack_sequence(sequences, enforce_sorted=True):
    lengths = torch.as_tensor([v.size(0) for v in sequences])
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpack_sequence(packed_sequences):
    padded_sequences, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded_sequences, lengths, batch_first=True)
