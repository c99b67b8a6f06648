# torch.nn.modules.channelshuffle: ChannelShuffle (PyTorch 2.6), F.channel_shuffle's layer.
import torch.nn.functional as F
from torch.nn.modules.module import Module


class ChannelShuffle(Module):
    __constants__ = ["groups"]

    def __init__(self, groups):
        super().__init__()
        self.groups = groups

    def forward(self, input):
        return F.channel_shuffle(input, self.groups)

    def extra_repr(self):
        return f"groups={self.groups}"
