# torch.autograd.anomaly_mode (PyTorch 2.6's torch/autograd/anomaly_mode.py):
# detect_anomaly and set_detect_anomaly switch the session's anomaly mode
# (torch._C._set_anomaly_enabled; core/torch/autograd.hpp's AnomalyMode). With
# check_nan the engine stops a backward pass at the first node whose gradient
# holds a NaN, naming the node (core/torch/backward.cpp, check_nan_outputs).
# Not kept: PyTorch also records each op's forward traceback while the mode is
# on and prints it as a warning when that op's backward fails.
import warnings
import torch
from torch._C import _set_anomaly_enabled


class detect_anomaly:
    def __init__(self, check_nan=True):
        self.prev = torch.is_anomaly_enabled()
        self.check_nan = check_nan
        self.prev_check_nan = torch.is_anomaly_check_nan_enabled()
        warnings.warn("Anomaly Detection has been enabled. This mode will increase the runtime "
                      "and should only be enabled for debugging.", stacklevel=2)

    def __enter__(self):
        _set_anomaly_enabled(True, self.check_nan)

    def __exit__(self, *args):
        _set_anomaly_enabled(self.prev, self.prev_check_nan)


class set_detect_anomaly:
    def __init__(self, mode, check_nan=True):
        self.prev = torch.is_anomaly_enabled()
        self.prev_check_nan = torch.is_anomaly_check_nan_enabled()
        _set_anomaly_enabled(mode, check_nan)

    def __enter__(self):
        pass

    def __exit__(self, *args):
        _set_anomaly_enabled(self.prev, self.prev_check_nan)


torch.set_anomaly_enabled = _set_anomaly_enabled
torch.autograd.detect_anomaly = detect_anomaly
torch.autograd.set_detect_anomaly = set_detect_anomaly

__all__ = ["detect_anomaly", "set_detect_anomaly"]
