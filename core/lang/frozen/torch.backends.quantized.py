# torch.backends.quantized: the quantized engine an x86-64 build selects, and the
# engines it was built with.
import torch

engine = "onednn"
supported_engines = ["qnnpack", "none", "onednn"]
