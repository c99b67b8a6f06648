// torch/composite_method: Tensor methods that PyTorch implements as
// CompositeImplicitAutograd (built from other ATen ops, with no node of their
// own) or that record their own node (a kernel with record_kernel).
//
// Note [Composite methods]: call_tensor_method (torch/autograd.cpp) runs every
// other method below the autograd boundary and records one node named after
// the method. A method registered here runs above it instead: the ops it calls
// record their nodes (t.take_along_dim(i) is gather's GatherBackward0, t.mH a
// transpose's TransposeBackward0), as in PyTorch. An in-place one checks,
// bumps the version and records itself.
// Invariant: registering a name here changes only where its nodes come from.
#pragma once
#include <string>
#include <vector>

#include "core/lang/frontend/registry.hpp"

namespace sl::lang {

void def_composite_tensor_method(const std::string& name, ArrayMethod fn, Params params = {});
bool is_composite_tensor_method(const std::string& name);

// torch.meshgrid(*tensors, indexing="ij") of 1-d tensors, built from the ops
// functional.py uses, so each result records ViewBackward0 / ExpandBackward0
// (cartesian_prod and combinations; torch/composite_more.cpp).
std::vector<Value> meshgrid_ij(Interp& in, const std::vector<Value>& ts);

}  // namespace sl::lang
