// torch/backward: saved state per node and the Python surface of the pass (backward.hpp).
#include "core/lang/torch/backward.hpp"

#include <cstring>

#include "core/lang/objects/classes.hpp"
#include "core/lang/torch/convert.hpp"
#include "core/model/strides.hpp"
#include "core/ops/views.hpp"
#include "core/ops/copy.hpp"
#include "core/torch/activation_nn.hpp"
#include "core/torch/backward.hpp"
#include "core/torch/derivatives.hpp"
#include "core/torch/views.hpp"

namespace sl::lang {

// torch/special.cpp: the state of the special functions' nodes (-1: not one of them).
int save_special_state(GradNode& n, const ArrayPtr& self, const Value& arg0, const ArrayPtr& result, bool inplace);
int save_norm_state(GradNode& n, const OpCall& c, const ArrayPtr& self, const ArrayPtr& result, bool inplace);  // torch/backward_more.cpp

namespace {

// The argument after self at `i` (self is c.self, or pos[0] for a torch.* function), or kw `name`.
Value arg(const OpCall& c, size_t i, const char* name) {
  const size_t at = c.self ? i : i + 1;
  if (c.pos.size() > at) return c.pos[at];
  for (auto& [k, v] : c.kw)
    if (k == name) return v;
  return Value();
}
ArrayPtr self_of(const OpCall& c) {
  if (c.self) return c.self;
  return !c.pos.empty() && c.pos[0].is_array() ? c.pos[0].array() : nullptr;
}
bool is_number(const Value& v) { return v.is_int() || v.is_float() || v.is_bool(); }
double number(const Value& v, double dflt) {
  if (v.is_float()) return v.as_float();
  if (v.is_int() || v.is_bool()) return double(v.as_int());
  return dflt;
}
// A Python number as the 0-d double tensor PyTorch wraps it into.
ArrayPtr wrapped(double v) {
  ArrayPtr s = make_array(DType::F64, {}, 'C', Flavor::Torch);
  std::memcpy(s->data(), &v, sizeof v);
  return s;
}
bool in(const std::string& op, std::initializer_list<const char*> names) {
  for (const char* n : names)
    if (op == n) return true;
  return false;
}
// dim=int | tuple | list (None: every dim)
bool dims_of(const Value& v, std::vector<int64_t>& out) {
  if (v.is_int()) {
    out.push_back(v.as_int());
    return true;
  }
  const std::vector<Value>* items = nullptr;
  if (auto* t = v.as<TupleObj>()) items = &t->items;
  if (auto* l = v.as<ListObj>()) items = &l->items;
  if (!items) return false;
  for (auto& x : *items) {
    if (!x.is_int()) return false;
    out.push_back(x.as_int());
  }
  return true;
}

// The binary ops whose other operand may be a Python number (mul, div) and
// the ones with alpha (add, sub, rsub).
bool save_binary(GradNode& n, const OpCall& c, const ArrayPtr& self, bool inplace) {
  const std::string& name = n.name;
  const Value other = arg(c, 0, "other");
  if (name == "AddBackward0" || name == "SubBackward0" || name == "RsubBackward0" || name == "RsubBackward1") {
    if (!in(c.op, {"add", "sub", "subtract", "rsub"})) return false;
    n.scalars = {number(arg(c, 1, "alpha"), 1.0)};
    return true;
  }
  const bool mul = name == "MulBackward0" && in(c.op, {"mul", "multiply"});
  const bool div = name == "DivBackward0" && in(c.op, {"div", "divide", "true_divide"}) && arg(c, 1, "rounding_mode").is_none();
  if (!mul && !div) return false;
  const bool other_grad = other.is_array() && requires_grad(other.arr());
  if (inplace && other_grad) return false;  // the formula would need self before the write (original_self)
  // each operand is saved only for the other's gradient, as the codegen saves them
  if (other_grad) save_tensor(n, 0, self, false);
  if (other.is_array()) {
    if (div || requires_grad(*self)) save_tensor(n, 1, other.array(), false);  // div's both gradients read other
  }
  else if (is_number(other)) {
    save_tensor(n, 1, wrapped(number(other, 0)), false, false);
    n.wrapped_other = true;
  } else return false;
  return true;
}

// F.linear(input, weight, bias) on a matrix: addmm(bias, input, weight.t()) or
// mm(input, weight.t()); the node's weight edge is a TBackward0 node
// (record_call), which gets its metadata here.
bool save_linear(GradNode& n, const OpCall& c) {
  const ArrayPtr input = self_of(c);
  const Value weight = arg(c, 0, "weight");
  if (!input || !weight.is_array() || input->ndim() != 2 || weight.arr().ndim() != 2) return false;
  ArrayPtr wt = transpose(weight.array(), {1, 0});  // weight.t(): a view, so a write into weight is seen
  if (requires_grad(*wt) || requires_grad(weight.arr())) save_tensor(n, 0, input, false);  // for mat2's gradient
  if (requires_grad(*input)) save_tensor(n, 1, wt, false);                                  // for mat1's gradient
  n.ints = {is_column_major(*input), is_column_major(*wt)};
  n.scalars = {1.0, 1.0};  // beta, alpha
  GradNodePtr t_node = n.next.back();
  if (t_node && t_node->name == "TBackward0") {
    t_node->in_shape = wt->shape;
    t_node->in_dtype = wt->dtype;
    t_node->has_state = true;
  }
  return true;
}

// stack(tensors, dim) / cat(tensors, dim): the dim (wrapped to the result's
// rank for stack, the inputs' for cat) and, for cat, each input's shape;
// one next edge per tensor of the list.
bool save_sequence(GradNode& n, const OpCall& c, const ArrayPtr& t) {
  const bool stack = n.name == "StackBackward0";
  if (stack ? c.op != "stack" : !in(c.op, {"cat", "concat", "concatenate"})) return false;
  if (c.pos.empty() || c.self) return false;
  const std::vector<Value>* items = nullptr;
  if (auto* l = c.pos[0].as<ListObj>()) items = &l->items;
  if (auto* tu = c.pos[0].as<TupleObj>()) items = &tu->items;
  if (!items) return false;
  Value d = c.pos.size() > 1 ? c.pos[1] : Value::integer(0);
  for (auto& [k, v] : c.kw)
    if (k == "dim" || k == "axis") d = v;
  if (!d.is_int()) return false;
  n.ints = {torch_wrap_dim(d.as_int(), t->ndim())};
  for (auto& x : *items) {
    if (!x.is_array()) return false;
    n.sizes.push_back(x.arr().shape);
  }
  return n.sizes.size() == n.next.size();
}

// A view along one dim of self (select, narrow, chunk, split, unbind): where
// the result lies, as basic indexing records it (record_index_geometry), so
// select_backward / slice_backward / split_backward write the gradient into
// zeros of self's shape. The start is read off the result's offset.
bool save_dim_view(GradNode& n, const OpCall& c, const ArrayPtr& self, const ArrayPtr& t) {
  const std::string& op = c.op;
  const bool select = op == "select" || op == "unbind";
  size_t dim_at = in(op, {"select", "narrow", "unbind"}) ? 0 : 1;
  if (!in(op, {"select", "narrow", "unbind", "chunk", "split"})) return false;
  const Value dv = arg(c, dim_at, "dim");
  const int64_t dim = torch_wrap_dim(dv.is_none() ? 0 : int64_t(number(dv, 0)), self->ndim());
  const int64_t stride = self->strides[size_t(dim)];
  int64_t start = 0;
  if (stride != 0) start = (t->offset - self->offset) / stride;
  else if (self->shape[size_t(dim)] > 1)
    return false;  // an expanded dim: the offset does not say where the part starts
  IndexItem all;
  all.kind = IndexItem::Slice;
  std::vector<IndexItem> idx(size_t(dim), all);
  IndexItem it;
  if (select) {
    it.kind = IndexItem::Int;
    it.i = start;
  } else {
    it.kind = IndexItem::Slice;
    it.start = start;
    it.stop = start + t->shape[size_t(dim)];
  }
  idx.push_back(it);
  record_index_geometry(n, self->shape, idx);
  return true;
}

// The nodes of the layers (embedding, layer_norm, the activations with parameters,
// index_select): 1 saved, 0 refused, -1 when the node is none of them.
int save_layer_state(GradNode& n, const OpCall& c, const ArrayPtr& self) {
  const std::string& name = n.name;
  const std::string& op = c.op;
  if (name == "EmbeddingBackward0") {  // F.embedding(input, weight, padding_idx, max_norm, norm_type, scale_grad_by_freq)
    const Value weight = arg(c, 0, "weight"), pad = arg(c, 1, "padding_idx"), freq = arg(c, 4, "scale_grad_by_freq");
    if (op != "embedding" || !weight.is_array() || weight.arr().ndim() != 2 || !arg(c, 2, "max_norm").is_none()) return 0;
    const int64_t rows = weight.arr().shape[0];
    int64_t p = pad.is_int() ? pad.as_int() : -1;
    if (pad.is_int() && p < 0) p += rows;
    n.ints = {rows, p, freq.is_bool() && freq.as_bool() ? 1 : 0};
    save_tensor(n, 0, self, false);
    return (n.next.size() == 2) ? 1 : 0;
  }
  if (name == "NativeLayerNormBackward0") {  // F.layer_norm(input, normalized_shape, weight, bias, eps)
    const Value ns = arg(c, 0, "normalized_shape"), w = arg(c, 1, "weight"), b = arg(c, 2, "bias"), eps = arg(c, 3, "eps");
    if (op != "layer_norm" || (!w.is_none() && !w.is_array()) || (!b.is_none() && !b.is_array())) return 0;
    std::vector<int64_t> dims;
    if (!dims_of(ns, dims)) return 0;
    int64_t cols = 1;
    for (int64_t d : dims) cols *= d;
    save_tensor(n, 0, self, false);
    if (w.is_array()) save_tensor(n, 1, w.array(), false);
    n.ints = {cols, w.is_array(), b.is_array()};
    n.scalars = {number(eps, 1e-5)};
    n.sizes = {b.is_array() ? b.arr().shape : Shape{}};
    return (n.next.size() == size_t(1 + w.is_array() + b.is_array())) ? 1 : 0;
  }
  if (in(name, {"GeluBackward0", "SiluBackward0", "LeakyReluBackward0"})) {  // the activation of self, its parameters
    if (!in(op, {"gelu", "silu", "leaky_relu"})) return 0;
    NnActivation act = NnActivation::silu;
    double slope = 0;
    if (op == "gelu") {
      const Value ap = arg(c, 0, "approximate");
      act = ap.as<StrObj>() && ap.as<StrObj>()->s == "tanh" ? NnActivation::gelu_tanh : NnActivation::gelu;
    } else if (op == "leaky_relu") {
      act = NnActivation::leaky_relu;
      slope = number(arg(c, 0, "negative_slope"), 0.01);
    }
    save_tensor(n, 0, self, false);
    n.ints = {int64_t(act)};
    n.scalars = {slope, 0, 0};
    return 1;
  }
  if (name == "IndexSelectBackward0") {  // index_select(dim, index): the dim, self's sizes and the index
    const Value d = arg(c, 0, "dim"), index = arg(c, 1, "index");
    if (op != "index_select" || !d.is_int() || !index.is_array()) return 0;
    n.ints = {torch_wrap_dim(d.as_int(), self->ndim())};
    n.sizes = {self->shape};
    save_tensor(n, 0, index.array(), false);
    return 1;
  }
  return -1;
}

// clamp / clamp_min / clamp_max (derivatives_clamp.cpp's node state): self, and
// the bounds as tensors (slots 1, 2) or numbers (scalars, with ints saying
// which are given). In place, the formula would need self before the write.
bool save_clamp(GradNode& n, const OpCall& c, const ArrayPtr& self, bool inplace) {
  if (inplace) return false;
  const std::string& op = c.op;
  const bool one = op == "clamp_min" || op == "clamp_max";
  Value lo = one ? (op == "clamp_min" ? arg(c, 0, "min") : Value()) : arg(c, 0, "min");
  Value hi = one ? (op == "clamp_max" ? arg(c, 0, "max") : Value()) : arg(c, 1, "max");
  save_tensor(n, 0, self, false);
  const bool tensors = n.name == "ClampBackward0" || n.name == "ClampMinBackward1" || n.name == "ClampMaxBackward1";
  if (tensors) {
    if (lo.is_array()) save_tensor(n, 1, lo.array(), false);
    if (hi.is_array()) save_tensor(n, 2, hi.array(), false);
    return lo.is_array() || hi.is_array();
  }
  if (!(lo.is_none() || is_number(lo)) || !(hi.is_none() || is_number(hi))) return false;
  n.scalars = {lo.is_none() ? 0.0 : number(lo, 0.0), hi.is_none() ? 0.0 : number(hi, 0.0)};
  n.ints = {!lo.is_none(), !hi.is_none()};
  return true;
}

bool save_state(GradNode& n, const OpCall& c, const ArrayPtr& t, bool inplace) {
  const std::string& name = n.name;
  const std::string& op = c.op;
  if (name == "StackBackward0" || name == "CatBackward0") return save_sequence(n, c, t);
  ArrayPtr self = self_of(c);
  if (!self) return false;
  if (const int s = save_special_state(n, self, arg(c, 0, "other"), t, inplace); s >= 0) return s == 1;
  if (const int s = save_norm_state(n, c, self, t, inplace); s >= 0) return s == 1;
  if (!inplace && in(name, {"SelectBackward0", "SliceBackward0", "SplitBackward0", "SplitWithSizesBackward0", "UnbindBackward0"}))
    return save_dim_view(n, c, self, t);
  if (save_binary(n, c, self, inplace)) return true;
  if (in(name, {"ClampBackward0", "ClampBackward1", "ClampMinBackward0", "ClampMinBackward1", "ClampMaxBackward0", "ClampMaxBackward1"}))
    return in(op, {"clamp", "clip", "clamp_min", "clamp_max"}) && save_clamp(n, c, self, inplace);
  if (name == "NegBackward0") return in(op, {"neg", "negative"});
  if (name == "DivBackward2") return in(op, {"div", "divide", "div_", "divide_"});  // zeros: nothing to save
  if (name == "MulBackward1" || name == "DivBackward1") {  // mul.Scalar / div.Scalar: the number
    if (!in(op, {"mul.Scalar", "div.Scalar"}) || !is_number(arg(c, 0, "other"))) return false;
    n.scalars = {number(arg(c, 0, "other"), 1.0)};
    return true;
  }
  if (name == "MaskedFillBackward0") {  // masked_fill.Scalar: the mask
    const Value mask = arg(c, 0, "mask");
    if (op != "masked_fill" || !mask.is_array()) return false;
    save_tensor(n, 0, mask.array(), false);
    return true;
  }
  if (name == "ZeroBackward0") return op == "zero";
  if (name == "torch::autograd::CopyBackwards") return op == "copy";  // copy_(src): src's gradient is grad (no state)
  if (name == "ConstantPadNdBackward0") {  // F.pad(input, pad, 'constant'): the pads and the input's shape
    const ArrayPtr self = self_of(c);
    if (op != "pad" || !self || !dims_of(arg(c, 0, "pad"), n.ints)) return false;
    n.sizes = {self->shape};
    return true;
  }
  if (in(name, {"ExpBackward0", "TanhBackward0", "SigmoidBackward0", "ReluBackward0", "SqrtBackward0", "RsqrtBackward0"})) {
    if (!in(op, {"exp", "tanh", "sigmoid", "relu", "sqrt", "rsqrt"})) return false;
    save_tensor(n, 0, t, true);
    return true;
  }
  if (inplace) return false;  // the formulas below read self as it was before the op
  if (in(name, {"LogBackward0", "SinBackward0", "CosBackward0", "AbsBackward0"})) {
    if (!in(op, {"log", "sin", "cos", "abs", "absolute"})) return false;
    save_tensor(n, 0, self, false);
    return true;
  }
  if (name == "PowBackward0") {
    const Value e = op == "square" ? Value::integer(2) : arg(c, 0, "exponent");
    if (!is_number(e) || !in(op, {"pow", "square"})) return false;
    n.scalars = {number(e, 0)};
    save_tensor(n, 0, self, false);
    return true;
  }
  if (in(name, {"SumBackward0", "SumBackward1", "MeanBackward0", "MeanBackward1"})) {
    if (!in(op, {"sum", "mean"}) || !arg(c, 2, "dtype").is_none()) return false;
    n.sizes = {self->shape};
    if (name.back() == '1') {
      if (!dims_of(arg(c, 0, "dim"), n.ints)) return false;
      const Value k = arg(c, 1, "keepdim");
      n.keepdim = k.is_bool() && k.as_bool();
    }
    return true;
  }
  if (op == "linear" && (name == "AddmmBackward0" || name == "MmBackward0")) return save_linear(n, c);
  if (in(name, {"MmBackward0", "MvBackward0", "DotBackward0"})) {
    const Value other = arg(c, 0, name == "MvBackward0" ? "vec" : name == "DotBackward0" ? "tensor" : "mat2");
    if (!in(op, {"matmul", "mm", "mv", "dot"}) || !other.is_array()) return false;
    if (requires_grad(other.arr())) save_tensor(n, 0, self, false);
    if (requires_grad(*self)) save_tensor(n, 1, other.array(), false);
    n.ints = {is_column_major(*self), is_column_major(other.arr())};
    return true;
  }
  if (op == "matmul" && in(name, {"UnsafeViewBackward0", "CloneBackward0", "TransposeBackward0"})) {
    // a >= 3-d operand: the node stands for the folded mm / bmm subgraph (Note [Matmul of batches])
    const Value other = arg(c, 0, "other");
    if (!other.is_array() || (self->ndim() < 3 && other.arr().ndim() < 3)) return false;
    save_tensor(n, 0, self, false);
    save_tensor(n, 1, other.array(), false);
    GradNode* node = &n;  // the node owns its formula
    n.custom = [node](const ArrayPtr& g) { return matmul_backward(*node, g); };
    return true;
  }
  if (name == "SqueezeBackward4") {  // matmul(vector, matrix): mm(self.unsqueeze(0), other).squeeze_(0)
    const Value other = arg(c, 0, "other");
    if (op != "matmul" || self->ndim() != 1 || !other.is_array() || other.arr().ndim() != 2) return false;
    ArrayPtr row = expand_dims(self, {0});  // a view: a later write into self is seen by the version check
    if (requires_grad(other.arr())) save_tensor(n, 0, row, false);
    if (requires_grad(*self)) save_tensor(n, 1, other.array(), false);
    n.ints = {is_column_major(*row), is_column_major(other.arr())};
    return true;
  }
  if (name == "TBackward0") return op == "t";
  if (name == "TransposeBackward0") {
    if (op == "mT") n.ints = {-2, -1};
    else if (in(op, {"transpose", "swapaxes", "swapdims"})) n.ints = {int64_t(number(arg(c, 0, "dim0"), 0)), int64_t(number(arg(c, 1, "dim1"), 1))};
    else return false;
    for (auto& d : n.ints) d = torch_wrap_dim(d, self->ndim());
    return true;
  }
  if (name == "PermuteBackward0") {
    if (op == "T") {
      for (int i = self->ndim() - 1; i >= 0; --i) n.ints.push_back(i);
      return true;
    }
    if (op != "permute") return false;
    const size_t first = c.self ? 0 : 1;
    if (c.pos.size() == first + 1 && !c.pos[first].is_int()) return dims_of(c.pos[first], n.ints);
    for (size_t i = first; i < c.pos.size(); ++i)
      if (!dims_of(c.pos[i], n.ints)) return false;
    return !n.ints.empty() || self->ndim() == 0;
  }
  if (in(name, {"ViewBackward0", "ReshapeAliasBackward0", "UnsafeViewBackward0", "ExpandBackward0"})) {
    if (!in(op, {"view", "view_as", "reshape", "reshape_as", "flatten", "unflatten", "ravel", "expand", "expand_as",
                 "broadcast_to"}))
      return false;
    n.sizes = {self->shape};
    return true;
  }
  if (in(name, {"UnsqueezeBackward0", "SqueezeBackward0", "SqueezeBackward1", "SqueezeBackward2"})) {
    if (!in(op, {"unsqueeze", "squeeze"})) return false;
    n.sizes = {self->shape};
    return true;
  }
  if (in(name, {"LogSoftmaxBackward0", "SoftmaxBackward0"})) {
    // (log_)softmax(dim, dtype=None): the output and the wrapped dim (dim=None:
    // torch.nn.functional._get_softmax_dim, 0 for 0-, 1- and 3-d inputs, else 1)
    if (!in(op, {"log_softmax", "softmax"}) || !arg(c, 2, "dtype").is_none()) return false;
    const Value d = arg(c, 0, "dim");
    const int nd = self->ndim();
    const int64_t dim = d.is_none() ? (nd == 0 || nd == 1 || nd == 3 ? 0 : 1) : d.is_int() ? d.as_int() : INT64_MIN;
    if (dim == INT64_MIN || t->dtype != self->dtype) return false;
    save_tensor(n, 0, t, true);
    n.ints = {nd == 0 ? 0 : torch_wrap_dim(dim, nd)};
    return true;
  }
  if (const int s = save_layer_state(n, c, self); s >= 0) return s == 1;
  if (name == "CloneBackward0") return in(op, {"clone", "contiguous"});
  if (name == "ToCopyBackward0") {
    n.dtypes = {self->dtype};
    return true;
  }
  return false;
}

}  // namespace

void save_for_backward(const OpCall& c, const std::vector<ArrayPtr>& inputs, const ArrayPtr& t, bool inplace) {
  (void)inputs;
  if (c.no_formula || !t->autograd || !t->autograd->grad_fn) return;
  GradNode* node = t->autograd->grad_fn.get();
  // an in-place op on a view: its node is the one CopySlices wraps
  if (inplace && node->name == "AsStridedBackward0" && node->next[0] && node->next[0]->wrapped) node = node->next[0]->wrapped.get();
  GradNode& n = *node;
  if (!has_formula(n.name)) return;
  try {
    n.has_state = save_state(n, c, t, inplace);
  } catch (const PyError&) {
    n.has_state = false;  // an argument this code does not parse: backward refuses rather than guess
  }
}

namespace {

// `(t,) if isinstance(t, torch.Tensor) else tuple(t)` (a TypeError for a
// non-iterable, as tuple() raises); every argument is converted so before
// _make_grads asserts that each item is a tensor (tensors_of).
std::vector<Value> seq(Interp& in, const Value& v) {
  if (is_tensor(v)) return {v};
  return in.to_vector(v);
}
std::vector<ArrayPtr> tensors_of(Interp& in, const std::vector<Value>& items) {
  std::vector<ArrayPtr> out;
  for (auto& x : items) {
    if (!is_tensor(x)) in.raise_exc("AssertionError", "");
    out.push_back(x.array());
  }
  return out;
}

// torch/autograd/__init__.py _make_grads: a given gradient must match its
// output's shape; a missing one is ones for a scalar output that requires grad.
std::vector<ArrayPtr> make_grads(Interp& in, const std::vector<ArrayPtr>& outputs, const Value& given) {
  std::vector<Value> gs;
  if (given.is_none()) gs.assign(outputs.size(), Value());
  else if (is_tensor(given)) gs = {given};
  else gs = in.to_vector(given);  // tuple(grad_tensors)
  // zip(outputs, grads) in Python, then the engine's count check
  for (auto& g : gs)
    if (!g.is_none() && !is_tensor(g)) in.raise_exc("TypeError", "gradients can be either Tensors or None, but got " + in.type_of(g)->name);
  if (gs.size() < outputs.size())
    in.raise_exc("RuntimeError", "got " + std::to_string(outputs.size()) + " tensors and " + std::to_string(gs.size()) + " gradients");
  std::vector<ArrayPtr> out;
  for (size_t i = 0; i < outputs.size(); ++i) {
    const Array& o = *outputs[i];
    if (is_tensor(gs[i])) {
      const Array& g = gs[i].arr();
      if (g.shape != o.shape)
        in.raise_exc("RuntimeError", "Mismatch in shape: grad_output[" + std::to_string(i) + "] has a shape of torch.Size(" +
                                         list_repr(g.shape) + ") and output[" + std::to_string(i) + "] has a shape of torch.Size(" +
                                         list_repr(o.shape) + ").");
      out.push_back(gs[i].array());
    } else {
      if (!requires_grad(o)) {
        out.push_back(nullptr);
        continue;
      }
      if (o.size() != 1) in.raise_exc("RuntimeError", "grad can be implicitly created only for scalar outputs");
      ArrayPtr one = make_array(o.dtype, o.shape, 'C', Flavor::Torch);
      const double v = 1.0;
      ArrayPtr src = make_array(DType::F64, {}, 'C', Flavor::Torch);
      std::memcpy(src->data(), &v, sizeof v);
      copy_into(*one, *src);
      out.push_back(one);
    }
  }
  return out;
}

// THPEngine_run_backward's checks on the roots and the inputs.
void check_roots(Interp& in, const std::vector<ArrayPtr>& outputs) {
  for (size_t i = 0; i < outputs.size(); ++i)
    if (!requires_grad(*outputs[i]))
      in.raise_exc("RuntimeError", "element " + std::to_string(i) + " of tensors does not require grad and does not have a grad_fn");
}
void check_inputs(Interp& in, const std::vector<ArrayPtr>& inputs) {
  for (auto& x : inputs)
    if (!requires_grad(*x)) in.raise_exc("RuntimeError", "One of the differentiated Tensors does not require grad");
}

bool keep_graph(Interp& in, const Value& retain_graph, bool create_graph) {
  return retain_graph.is_none() ? create_graph : in.truthy(retain_graph);
}

std::vector<ArrayPtr> run(Interp& in, const std::vector<ArrayPtr>& outputs, const std::vector<ArrayPtr>& grads,
                          const std::vector<ArrayPtr>& inputs, const BackwardOptions& opt) {
  try {
    return run_backward(outputs, grads, inputs, opt);
  } catch (const PyError& e) {
    in.raise_exc(e.type, e.msg);
  }
}

// torch.autograd.backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None, inputs=None)
Value backward_impl(Interp& in, const Value& tensors, const Value& gradient, const Value& retain_graph, const Value& create_graph,
                    const Value& inputs_v) {
  std::vector<Value> outs = seq(in, tensors);
  if (!gradient.is_none() && !is_tensor(gradient)) in.to_vector(gradient);  // tuple(grad_tensors)
  std::vector<Value> ins;
  if (!inputs_v.is_none()) {
    ins = seq(in, inputs_v);
    if (ins.empty()) in.raise_exc("RuntimeError", "`inputs` argument to `backward()` cannot be empty.");
  }
  std::vector<ArrayPtr> outputs = tensors_of(in, outs), inputs = tensors_of(in, ins);
  std::vector<ArrayPtr> grads = make_grads(in, outputs, gradient);
  BackwardOptions opt;
  opt.create_graph = in.truthy(create_graph);
  opt.keep_graph = keep_graph(in, retain_graph, opt.create_graph);
  check_roots(in, outputs);
  check_inputs(in, inputs);
  if (!outputs.empty()) run(in, outputs, grads, inputs, opt);
  return Value();
}

// Tensor.backward(gradient=None, retain_graph=None, create_graph=False, inputs=None)
Value backward_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value gradient = a.optional(0, "gradient");
  Value retain_graph = a.optional(1, "retain_graph");
  Value create_graph = a.optional(2, "create_graph", Value::boolean(false));
  Value inputs = a.optional(3, "inputs");
  a.finish(4);
  return backward_impl(in, Value(t), gradient, retain_graph, create_graph, inputs);
}

Value autograd_backward_fn(Interp& in, Args& a) {
  Value tensors = a.required(0, "tensors");
  Value grads = a.optional(1, "grad_tensors");
  Value retain_graph = a.optional(2, "retain_graph");
  Value create_graph = a.optional(3, "create_graph", Value::boolean(false));
  Value grad_variables = a.optional(4, "grad_variables");
  Value inputs = a.optional(5, "inputs");
  a.finish(6);
  if (!grad_variables.is_none()) {
    if (!grads.is_none())
      in.raise_exc("RuntimeError", "'grad_tensors' and 'grad_variables' (deprecated) arguments both passed to backward(). Please only use 'grad_tensors'.");
    grads = grad_variables;
  }
  return backward_impl(in, tensors, grads, retain_graph, create_graph, inputs);
}

// torch.autograd.grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True, allow_unused=None, ...)
Value autograd_grad_fn(Interp& in, Args& a) {
  Value outputs_v = a.required(0, "outputs");
  Value inputs_v = a.required(1, "inputs");
  Value grad_outputs = a.optional(2, "grad_outputs");
  Value retain_graph = a.optional(3, "retain_graph");
  Value create_graph = a.optional(4, "create_graph", Value::boolean(false));
  Value only_inputs = a.optional(5, "only_inputs", Value::boolean(true));
  Value allow_unused = a.optional(6, "allow_unused");
  Value batched = a.optional(7, "is_grads_batched", Value::boolean(false));
  Value materialize = a.optional(8, "materialize_grads", Value::boolean(false));
  a.finish(9);
  if (in.truthy(batched)) in.raise_exc("NotImplementedError", "stridelab: torch.autograd.grad(is_grads_batched=True) is not supported yet (issue 30)");
  const bool mat = in.truthy(materialize);
  const bool unused_ok = allow_unused.is_none() ? mat : in.truthy(allow_unused);
  if (!unused_ok && mat) in.raise_exc("ValueError", "Expected allow_unused to be True or not passed when materialize_grads=True, but got: allow_unused=False.");
  std::vector<Value> outs = seq(in, outputs_v), ins = seq(in, inputs_v);
  if (!grad_outputs.is_none() && !is_tensor(grad_outputs)) in.to_vector(grad_outputs);
  if (ins.empty()) in.raise_exc("RuntimeError", "grad requires non-empty inputs.");
  std::vector<ArrayPtr> outputs = tensors_of(in, outs), inputs = tensors_of(in, ins);
  std::vector<ArrayPtr> grads = make_grads(in, outputs, grad_outputs);
  BackwardOptions opt;
  opt.create_graph = in.truthy(create_graph);
  opt.keep_graph = keep_graph(in, retain_graph, opt.create_graph);
  opt.accumulate_grad = false;
  check_roots(in, outputs);
  check_inputs(in, inputs);
  std::vector<ArrayPtr> res = run(in, outputs, grads, inputs, opt);
  std::vector<Value> items;
  for (size_t i = 0; i < res.size(); ++i) {
    if (!res[i] && !unused_ok)
      in.raise_exc("RuntimeError", "One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True if this is the desired behavior.");
    if (!res[i] && mat) {  // torch.zeros_like(input, requires_grad=True)
      res[i] = make_array(inputs[i]->dtype, inputs[i]->shape, 'C', Flavor::Torch);
      autograd_meta(*res[i]).requires_grad = true;
    }
    items.push_back(res[i] ? Value(res[i]) : Value());
  }
  return make_tuple(std::move(items));
}

// Tensor.retain_grad(): a non-leaf keeps the gradient that reaches it (a leaf already does).
Value retain_grad_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  if (!requires_grad(*t)) in.raise_exc("RuntimeError", "can't retain_grad on Tensor that has requires_grad=False");
  if (!is_leaf(*t)) t->autograd->grad_fn->retains_grad = t;
  return Value();
}

// torch.utils.hooks.RemovableHandle: remove() takes the hook with this id out of `list`.
Value removable_handle(Interp& in, std::function<std::vector<HookEntry>*()> list, int64_t id) {
  ModuleObj& hm = submodule(in, "torch.utils.hooks");
  if (!hm.attrs.count("RemovableHandle")) hm.attrs["RemovableHandle"] = type_ref(in.new_type("RemovableHandle", "torch.utils.hooks", {in.t.object}));
  auto h = std::make_shared<GenericObj>(hm.attrs.at("RemovableHandle").as<TypeObj>());
  h->attrs["id"] = Value::integer(id);
  h->attrs["remove"] = in.builtin("remove", [list, id](Interp&, Args& a) -> Value {
    a.finish(0);
    if (std::vector<HookEntry>* l = list())
      for (auto it = l->begin(); it != l->end(); ++it)
        if (it->id == id) {
          l->erase(it);
          break;
        }
    return Value();
  });
  return Value(std::static_pointer_cast<Obj>(h));
}

int64_t next_hook_id() {
  static int64_t id = 0;  // process-wide: ids only need to differ
  return id++;
}

// Tensor.register_hook(hook): hook(grad) -> Tensor or None, on the gradient
// with respect to this tensor each time one is computed (torch/_tensor.py).
Value register_hook_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value hook = a.required(0, "hook");
  a.finish(1);
  if (!requires_grad(*t)) in.raise_exc("RuntimeError", "cannot register a hook on a tensor that doesn't require gradient");
  const int64_t id = next_hook_id();
  GradHook fn = [&in, hook](const ArrayPtr& g) -> ArrayPtr {
    Value r = in.call(hook, std::vector<Value>{Value(g)});
    if (r.is_none()) return nullptr;
    if (!is_tensor(r)) in.raise_exc("TypeError", "expected Tensor or None (got " + in.type_of(r)->name + ")");
    return r.array();
  };
  if (is_leaf(*t)) {
    autograd_meta(*t).hooks.push_back({id, fn});
    std::weak_ptr<Array> w = t;
    return removable_handle(in, [w]() -> std::vector<HookEntry>* { auto s = w.lock(); return s && s->autograd ? &s->autograd->hooks : nullptr; }, id);
  }
  GradNodePtr node = t->autograd->grad_fn;
  node->pre_hooks.push_back({id, fn});
  std::weak_ptr<GradNode> wn = node;
  return removable_handle(in, [wn]() -> std::vector<HookEntry>* { auto s = wn.lock(); return s ? &s->pre_hooks : nullptr; }, id);
}

// Tensor.register_post_accumulate_grad_hook(hook): hook(tensor) after a leaf's .grad is accumulated.
Value register_post_accumulate_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value hook = a.required(0, "hook");
  a.finish(1);
  if (!requires_grad(*t)) in.raise_exc("RuntimeError", "cannot register a hook on a tensor that doesn't require gradient");
  if (!is_leaf(*t)) in.raise_exc("RuntimeError", "post accumulate grad hooks cannot be registered on non-leaf tensors");
  const int64_t id = next_hook_id();
  autograd_meta(*t).post_accumulate_hooks.push_back({id, [&in, hook](const ArrayPtr& v) -> ArrayPtr {
    in.call(hook, std::vector<Value>{Value(v)});
    return nullptr;
  }});
  std::weak_ptr<Array> w = t;
  return removable_handle(in, [w]() -> std::vector<HookEntry>* { auto s = w.lock(); return s && s->autograd ? &s->autograd->post_accumulate_hooks : nullptr; }, id);
}

// torch._C._autograd._push_saved_tensors_default_hooks(pack_hook, unpack_hook)
Value push_saved_hooks_fn(Interp& in, Args& a) {
  Value pack = a.required(0, "pack_hook"), unpack = a.required(1, "unpack_hook");
  a.finish(2);
  SavedTensorHooks h;
  h.pack = [&in, pack](const ArrayPtr& t) -> std::shared_ptr<void> {
    return std::make_shared<Value>(in.call(pack, std::vector<Value>{Value(t)}));
  };
  h.unpack = [&in, unpack](const std::shared_ptr<void>& packed) -> ArrayPtr {
    Value r = in.call(unpack, std::vector<Value>{*static_cast<const Value*>(packed.get())});
    if (!is_tensor(r))
      in.raise_exc("TypeError", "Output of saved tensor unpack_hook expected to be a Tensor but got result of type " + in.type_of(r)->name);
    return r.array();
  };
  saved_tensor_hooks().push_back(std::move(h));
  return Value();
}

Value pop_saved_hooks_fn(Interp& in, Args& a) {
  a.finish(0);
  if (!saved_tensor_hooks().empty()) saved_tensor_hooks().pop_back();
  return Value();
}

}  // namespace

void install_torch_backward(Interp& in, ModuleObj& tm) {
  (void)tm;
  def_tensor_method("backward", backward_method, {"backward(gradient=, retain_graph=, create_graph=, inputs=)"});
  def_tensor_method("retain_grad", retain_grad_method, {"retain_grad()"});
  def_tensor_method("register_hook", register_hook_method, {"register_hook(hook)"});
  def_tensor_method("register_post_accumulate_grad_hook", register_post_accumulate_method,
                    {"register_post_accumulate_grad_hook(hook)"});
  ModuleObj& cag = submodule(in, "torch._C._autograd");
  def_fn(in, cag, "_push_saved_tensors_default_hooks", push_saved_hooks_fn, {"_push_saved_tensors_default_hooks(pack_hook, unpack_hook)"});
  def_fn(in, cag, "_pop_saved_tensors_default_hooks", pop_saved_hooks_fn, {"_pop_saved_tensors_default_hooks()"});
  ModuleObj& ag = submodule(in, "torch.autograd");
  def_fn(in, ag, "backward", autograd_backward_fn,
         {"backward(tensors, grad_tensors=, retain_graph=, create_graph=, grad_variables=, inputs=)"});
  def_fn(in, ag, "grad", autograd_grad_fn,
         {"grad(outputs, inputs, grad_outputs=, retain_graph=, create_graph=, only_inputs=, allow_unused=, "
          "is_grads_batched=, materialize_grads=)"});
}

}  // namespace sl::lang
