// torch/backward_more: the state of MaxBackward0 / MinBackward0 (max.dim), SignBackward0,
// LinalgVectorNormBackward0 (Tensor.norm,
// torch.norm, torch.linalg.vector_norm / norm of a vector) and GatherBackward0
// (clamp_min's is backward.cpp's save_clamp), read from the call as the user
// made it (Note [Recording at the boundary], torch/autograd.cpp); the formulas
// are in core/torch/derivatives_more.cpp.
//
// Invariant: a call whose arguments this code does not read with certainty
// (a dtype=, a str ord, a matrix norm) saves nothing, so its backward refuses
// rather than give a wrong gradient.
#include "core/lang/torch/autograd.hpp"
#include "core/torch/autograd.hpp"
#include "core/ops/reduce.hpp"
#include "core/torch/views.hpp"

namespace sl::lang {

namespace {

Value arg(const OpCall& c, size_t i, std::initializer_list<const char*> names) {
  const size_t at = c.self ? i : i + 1;
  if (c.pos.size() > at) return c.pos[at];
  for (auto& [k, v] : c.kw)
    for (const char* n : names)
      if (k == n) return v;
  return Value();
}

bool number(const Value& v, double& out) {
  if (v.is_float()) out = v.as_float();
  else if (v.is_int() || v.is_bool()) out = double(v.as_int());
  else return false;
  return true;
}

}  // namespace

// -1: not one of these nodes; 0: refused; 1: saved.
int save_norm_state(GradNode& n, const OpCall& c, const ArrayPtr& self, const ArrayPtr& result, bool inplace) {
  if (n.name == "SignBackward0") return !inplace && c.op == "sign";
  if (n.name == "MaximumBackward0" || n.name == "MinimumBackward0") {  // maximum(other) / max(other)
    const Value other = arg(c, 0, {"other"});
    if (inplace || !other.is_array()) return 0;
    save_tensor(n, 0, self, false);
    save_tensor(n, 1, other.array(), false);
    return 1;
  }
  if (n.name == "MaxBackward0" || n.name == "MinBackward0") {  // max(dim, keepdim=False): the indices max.dim returns
    const Value dim = arg(c, 0, {"dim"}), keep = arg(c, 1, {"keepdim"});
    if (inplace || (c.op != "max" && c.op != "min") || !dim.is_int()) return 0;
    const int nd = self->ndim();
    n.keepdim = keep.is_bool() && keep.as_bool();
    n.ints = {nd ? torch_wrap_dim(dim.as_int(), nd) : 0};
    n.sizes = {self->shape};
    if (nd) save_tensor(n, 0, arg_reduce(c.op == "max", *self, int(n.ints[0]), n.keepdim, Flavor::Torch), false);
    return 1;
  }
  if (n.name == "GatherBackward0") {  // gather(dim, index, *, sparse_grad=False)
    const Value dim = arg(c, 0, {"dim"}), index = arg(c, 1, {"index"});
    if (inplace || c.op != "gather" || !dim.is_int() || !index.is_array()) return 0;
    save_tensor(n, 0, index.array(), false);
    n.ints = {torch_wrap_dim(dim.as_int(), self->ndim())};
    n.sizes = {self->shape};
    return 1;
  }
  if (n.name != "LinalgVectorNormBackward0") return -1;
  if (inplace || c.op != "norm" || !arg(c, 3, {"dtype"}).is_none()) return 0;
  const Value p = arg(c, 0, {"p", "ord"}), dim = arg(c, 1, {"dim"}), keep = arg(c, 2, {"keepdim"});
  double ord = 2.0;
  if (!p.is_none() && !number(p, ord)) return 0;
  // a function call may be torch.linalg.norm of a matrix (a matrix norm): only a vector's norm,
  // a norm over given dims of at most one axis, or the default 2-norm (Frobenius over everything)
  std::vector<int64_t> dims;
  if (dim.is_int()) dims.push_back(torch_wrap_dim(dim.as_int(), self->ndim()));
  else if (auto* t = dim.as<TupleObj>()) {
    for (auto& d : t->items)
      if (d.is_int()) dims.push_back(torch_wrap_dim(d.as_int(), self->ndim()));
      else return 0;
  } else if (auto* l = dim.as<ListObj>()) {
    for (auto& d : l->items)
      if (d.is_int()) dims.push_back(torch_wrap_dim(d.as_int(), self->ndim()));
      else return 0;
  } else if (!dim.is_none()) {
    return 0;
  }
  if (!c.self && self->ndim() > 1 && dims.size() != 1 && !p.is_none() && ord != 2.0) return 0;
  if (!c.self && dims.size() > 1) return 0;
  save_tensor(n, 0, self, false);
  save_tensor(n, 1, result, true);
  n.scalars = {ord};
  n.ints = dims;
  n.keepdim = keep.is_bool() && keep.as_bool();
  return 1;
}

}  // namespace sl::lang
