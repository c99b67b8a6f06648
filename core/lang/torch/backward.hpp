// torch/backward: the Python surface of the reverse pass (core/torch/backward.hpp)
// and what each recorded node saves for it.
//
// Owns: save_for_backward (declared in torch/autograd.hpp, whose record_call
// calls it once a node is recorded: the tensors, scalars and sizes the node's
// formula in core/torch/derivatives.cpp reads), Tensor.backward,
// Tensor.retain_grad and torch.autograd.backward / grad.
// Invariant: a node gets has_state only when everything its formula reads was
// saved here; any other node refuses backward rather than compute a wrong gradient.
#pragma once
#include <vector>

#include "core/lang/torch/autograd.hpp"

namespace sl::lang {

// Tensor.backward, Tensor.retain_grad, torch.autograd.backward and torch.autograd.grad.
void install_torch_backward(Interp& in, ModuleObj& torch);

}  // namespace sl::lang
