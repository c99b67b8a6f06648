# torch.optim.adamw: Adam with decoupled weight decay (Loshchilov & Hutter; PyTorch
# 2.6's torch/optim/adamw.py). Its single-tensor step is Adam's with the decay moved:
# p <- p * (1 - lr * wd) first (param.mul_), and the gradient left undecayed; the
# rest of the update is torch.optim.adam.adam's, op for op.
import torch
from torch.optim.optimizer import _use_grad_for_differentiable
from torch.optim.adam import Adam, adam, _check_adam_args
from torch.optim.optimizer import Optimizer, _check_foreach_fused



class AdamW(Optimizer):  # a class of its own in 2.6, not an Adam subclass
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False, foreach=None, capturable=False, differentiable=False, fused=None):
        _check_adam_args(lr, betas, eps, weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                        foreach=foreach, maximize=maximize, capturable=capturable,
                        differentiable=differentiable, fused=fused)
        super().__init__(params, defaults)
        _check_foreach_fused(foreach, fused)

    __setstate__ = Adam.__setstate__
    _init_group = Adam._init_group

    @_use_grad_for_differentiable
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            params_with_grad = []
            grads = []
            exp_avgs = []
            exp_avg_sqs = []
            max_exp_avg_sqs = []
            state_steps = []
            beta1, beta2 = group["betas"]
            self._init_group(group, params_with_grad, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps)
            adamw(params_with_grad, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps,
                  amsgrad=group["amsgrad"], beta1=beta1, beta2=beta2, lr=group["lr"],
                  weight_decay=group["weight_decay"], eps=group["eps"], maximize=group["maximize"])
        return loss


def adamw(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, foreach=None, capturable=False,
          differentiable=False, fused=None, grad_scale=None, found_inf=None, has_complex=False, *,
          amsgrad, beta1, beta2, lr, weight_decay, eps, maximize):
    adam(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, amsgrad=amsgrad, beta1=beta1,
         beta2=beta2, lr=lr, weight_decay=weight_decay, eps=eps, maximize=maximize, decoupled=True)
