# torch.optim: the optimizers and their learning-rate schedulers (PyTorch 2.6's
# torch/optim/__init__.py). Each algorithm lives in its submodule, as upstream.
import torch.optim.optimizer as optimizer
import torch.optim.sgd as sgd
import torch.optim.adam as adam
import torch.optim.adamw as adamw
import torch.optim.rmsprop as rmsprop
import torch.optim.adagrad as adagrad
import torch.optim.lr_scheduler as lr_scheduler
from torch.optim.optimizer import Optimizer
from torch.optim.sgd import SGD
from torch.optim.adam import Adam
from torch.optim.adamw import AdamW
from torch.optim.rmsprop import RMSprop
from torch.optim.adagrad import Adagrad

__all__ = ["Adagrad", "Adam", "AdamW", "Optimizer", "RMSprop", "SGD", "lr_scheduler", "optimizer", "sgd",
           "adam", "adamw", "rmsprop", "adagrad"]
