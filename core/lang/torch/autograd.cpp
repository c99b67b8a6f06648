// torch/autograd: the front end of core/torch/autograd -- recording around every
// tensor-producing call, the names PyTorch 2.6 gives each op's node, the
// autograd attributes of tensors (requires_grad, is_leaf, grad_fn, grad,
// data), grad-mode switches, and torch.nn.Parameter.
//
// Note [Recording at the boundary]: PyTorch records in its Autograd dispatch
// key, once per user-visible op, and runs the op's implementation below that
// key (AutoDispatchBelowADInplaceOrView), so the ops a composite is built from
// are not recorded. stridelab mirrors that: every tensor method, torch.* and
// torch.nn.functional function and operator goes through record_call, which
// runs the implementation inside a BelowAutograd scope (nested calls record
// nothing) and then gives each new floating result the node the op's
// user-visible name maps to (node_name). In-place ops are checked before the
// write and recorded after it (core/torch/autograd.hpp).
//
// Invariant: with grad mode off or no input requiring grad, record_call is
// one scan of the arguments and a direct call.
#include "core/lang/torch/autograd.hpp"

#include <cctype>
#include <cstdio>
#include <map>
#include <set>

#include "core/torch/autograd.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/lang/torch/composite_method.hpp"
#include "core/lang/torch/convert.hpp"
#include "core/model/strides.hpp"
#include "core/torch/views.hpp"

namespace sl::lang {

namespace {

// True while an op's implementation runs (Note [Recording at the boundary]).
// Process-wide, not a session's (Note [Session state]): it counts native
// frames on the stack, and is back to 0 when each boundary call returns.
int& below_depth() {
  static int d = 0;
  return d;
}
struct BelowAutograd {
  BelowAutograd() { ++below_depth(); }
  ~BelowAutograd() { --below_depth(); }
};

bool recording() { return grad_mode().enabled && !grad_mode().inference && below_depth() == 0; }

}  // namespace

bool outside_recorded_op() { return below_depth() == 0; }

namespace {

void collect_tensors(const Value& v, std::vector<ArrayPtr>& out, int depth = 0) {
  if (v.is_array()) {
    if (v.arr().is_torch()) out.push_back(v.array());
    return;
  }
  if (depth > 0) return;  // one level of list/tuple (torch.cat([a, b]), torch.stack((a, b)))
  if (auto* l = v.as<ListObj>())
    for (auto& x : l->items) collect_tensors(x, out, depth + 1);
  else if (auto* t = v.as<TupleObj>())
    for (auto& x : t->items) collect_tensors(x, out, depth + 1);
}

bool any_requires_grad(const std::vector<ArrayPtr>& xs) {
  for (auto& x : xs)
    if (requires_grad(*x)) return true;
  return false;
}

std::string camel(const std::string& op) {
  std::string out;
  bool up = true;
  for (char c : op) {
    if (c == '_') {
      up = true;
      continue;
    }
    out += up ? char(std::toupper((unsigned char)c)) : c;
    up = std::isdigit((unsigned char)c) != 0;  // log1p -> Log1P, nll_loss2d -> NllLoss2D
  }
  return out;
}

bool has_arg(const OpCall& c, size_t pos, const char* kw) {
  if (c.pos.size() > pos && !c.pos[pos].is_none()) return true;
  for (auto& [k, v] : c.kw)
    if (k == kw && !v.is_none()) return true;
  return false;
}

int tensor_rank(const Value& v) { return v.is_array() ? v.arr().ndim() : -1; }

// matmul's node by the operands' ranks (aten/src/ATen/native/LinearAlgebra.cpp
// _matmul_impl): dot, mv, the squeezed mm of a vector, mm, and the folded or
// batched cases that end in _unsafe_view.
std::string matmul_node(int r1, int r2) {
  if (r1 == 1 && r2 == 1) return "DotBackward0";
  if (r1 == 2 && r2 == 1) return "MvBackward0";
  if (r1 == 1 && r2 == 2) return "SqueezeBackward4";
  if (r1 == 2 && r2 == 2) return "MmBackward0";
  if (r1 >= 3 && (r2 == 1 || r2 == 2)) return "UnsafeViewBackward0";
  return "UnsafeViewBackward0";
}

}  // namespace

// The node name PyTorch 2.6 prints for an op (the ATen overload the Python
// call dispatches to, autograd's codegen names: <Op>Backward<overload index>).
// The ATen name an alias binds to (torch/_torch_docs.py, native_functions.yaml's aliases).
const std::string& canonical_op(const std::string& op) {
  static const std::map<std::string, std::string> aliases = {
      {"true_divide", "div"}, {"divide", "div"}, {"multiply", "mul"}, {"subtract", "sub"}};
  auto it = aliases.find(op);
  return it == aliases.end() ? op : it->second;
}

std::string node_name(const OpCall& c) {
  const std::string& op = canonical_op(c.op);
  const Value arg0 = c.pos.empty() ? Value() : c.pos[0];
  // an overload named as ATen names it (mul.Scalar): the second overload's node
  if (op.size() > 7 && op.compare(op.size() - 7, 7, ".Scalar") == 0) return camel(op.substr(0, op.size() - 7)) + "Backward1";
  // div.Tensor_mode: a rounding mode, whatever the divisor (a number is wrapped, Note [Wrapped numbers])
  if (op == "div")
    for (auto& [k, v] : c.kw)
      if (k == "rounding_mode" && !v.is_none()) return "DivBackward2";
  if (op == "add" || op == "sub" || op == "mul" || op == "div" || op == "neg" || op == "abs") return camel(op) + "Backward0";
  if (op == "xlogy") {  // xlogy.Tensor (0), xlogy.Scalar_Self (1: a number first), xlogy.Scalar_Other (2)
    if (!c.self) return c.pos.size() > 1 && !c.pos[0].is_array() ? "XlogyBackward1" : c.pos.size() > 1 && !c.pos[1].is_array() ? "XlogyBackward2" : "XlogyBackward0";
    return arg0.is_array() ? "XlogyBackward0" : "XlogyBackward2";
  }
  if (op == "rsub") {  // rsub.Tensor (0) or rsub.Scalar (1), by the operand subtracted from
    const Value other = c.self ? arg0 : (c.pos.size() > 1 ? c.pos[1] : Value());
    return other.is_array() ? "RsubBackward0" : "RsubBackward1";
  }
  if (op == "pow") {
    // pow.Tensor_Scalar (0), pow.Tensor_Tensor (1), pow.Scalar (2: a number to a tensor power)
    if (!c.self) return "PowBackward2";
    return arg0.is_array() ? "PowBackward1" : "PowBackward0";
  }
  if (op == "square") return "PowBackward0";
  if (op == "matmul") {
    const Value rhs = c.self ? arg0 : (c.pos.size() > 1 ? c.pos[1] : Value());
    const int r1 = c.self ? c.self->ndim() : tensor_rank(arg0), r2 = tensor_rank(rhs);
    if (r1 == 2 && r2 >= 3) {
      // computed as (b^T a^T)^T: the transpose is the result when it is
      // already contiguous (one row or one column), else a contiguous clone
      const Shape& s1 = c.self ? c.self->shape : arg0.arr().shape;
      const Shape& s2 = rhs.arr().shape;
      return s1[0] == 1 || s2.back() == 1 ? "TransposeBackward0" : "CloneBackward0";
    }
    return matmul_node(r1, r2);
  }
  if (op == "sum" || op == "mean" || op == "prod" || op == "nansum")
    return camel(op) + (has_arg(c, 0, "dim") ? "Backward1" : "Backward0");
  if (op == "max" || op == "min") {
    if (arg0.is_array()) return op == "max" ? "MaximumBackward0" : "MinimumBackward0";
    return camel(op) + (has_arg(c, 0, "dim") ? "Backward0" : "Backward1");
  }
  if (op == "squeeze") return has_arg(c, 0, "dim") ? (arg0.as<TupleObj>() || arg0.as<ListObj>() ? "SqueezeBackward2" : "SqueezeBackward1") : "SqueezeBackward0";
  if (op == "t") return "TBackward0";
  if (op == "T" || op == "movedim" || op == "moveaxis" || op == "permute") return "PermuteBackward0";
  if (op == "mT" || op == "transpose" || op == "swapaxes" || op == "swapdims") return "TransposeBackward0";
  if (op == "view" || op == "view_as" || op == "unflatten" || op == "ravel") return "ViewBackward0";
  if (op == "flatten" || op == "reshape" || op == "reshape_as") {
    // a contiguous input is viewed; another one is aliased with new strides
    // when they exist (_reshape_alias), else copied and _unsafe_view'ed
    if (c.self && (c.self->ndim() == 0 || torch_is_contiguous(*c.self))) return "ViewBackward0";
    return c.result_is_view ? "ReshapeAliasBackward0" : "UnsafeViewBackward0";
  }
  if (op == "expand" || op == "expand_as" || op == "broadcast_to") return "ExpandBackward0";
  if (op == "contiguous" || op == "clone") return "CloneBackward0";
  if (op == "float" || op == "double" || op == "half" || op == "to" || op == "type" || op == "type_as" ||
      op == "cfloat" || op == "cdouble")
    return "ToCopyBackward0";
  if (op == "narrow") return "SliceBackward0";
  if (op == "chunk" || op == "split") {
    const Value& s = arg0;
    return s.as<ListObj>() || s.as<TupleObj>() ? "SplitWithSizesBackward0" : "SplitBackward0";
  }
  if (op == "cat" || op == "concat" || op == "concatenate" || op == "vstack" || op == "hstack" || op == "row_stack")
    return "CatBackward0";
  if (op == "reciprocal") return "ReciprocalBackward0";
  if (op == "masked_fill") return c.pos.size() > 1 && c.pos[1].is_array() ? "MaskedFillBackward1" : "MaskedFillBackward0";
  if (op == "remainder" || op == "fmod") return camel(op) + (arg0.is_array() ? "Backward1" : "Backward0");
  if (op == "fill") return "FillBackward2";
  if (op == "copy") return "torch::autograd::CopyBackwards";
  if (op == "pad") return "ConstantPadNdBackward0";
  if (op == "floor_divide") return "torch::autograd::NotImplemented";
  if (op == "clamp" || op == "clip") {
    bool tensor_bound = false;
    for (auto& v : c.pos) tensor_bound |= v.is_array();
    for (auto& [k, v] : c.kw) tensor_bound |= v.is_array();
    return tensor_bound ? "ClampBackward0" : "ClampBackward1";
  }
  if (op == "clamp_min" || op == "clamp_max") return camel(op) + (arg0.is_array() ? "Backward1" : "Backward0");
  if (op == "negative") return "NegBackward0";
  if (op == "outer" || op == "ger") return "MulBackward0";
  if (op == "where") return "WhereBackward0";
  if (op == "norm") return "LinalgVectorNormBackward0";
  if (op == "std" || op == "var") return camel(op) + "Backward0";
  if (op == "linear") {
    // at::linear: addmm for a matrix with a bias; a contiguous input of another
    // rank is flattened to a matrix, addmm'd and viewed back; otherwise matmul
    // with the transposed weight (and an in-place add of the bias).
    bool bias = c.pos.size() > 2 && !c.pos[2].is_none();
    for (auto& [k, v] : c.kw) bias |= k == "bias" && !v.is_none();
    const int r = tensor_rank(arg0);
    if (bias) {
      if (r == 2) return "AddmmBackward0";
      if (arg0.is_array() && torch_is_contiguous(arg0.arr())) return "ViewBackward0";
      return "AddBackward0";
    }
    return matmul_node(r, 2);
  }
  if (op == "layer_norm") return "NativeLayerNormBackward0";
  if (op == "embedding") return "EmbeddingBackward0";
  if (op == "silu") return "SiluBackward0";
  if (op == "leaky_relu") return "LeakyReluBackward0";
  if (op == "index") return "IndexBackward0";
  return camel(op) + "Backward0";
}

// Ops whose trailing underscore does not mean an in-place write on data.
bool is_inplace_op(const std::string& op) {
  if (op.size() < 2 || op.back() != '_' || op[op.size() - 2] == '_') return false;
  return op != "requires_grad_" && op != "detach_" && op != "retain_grad_" && op != "share_memory_";
}

// Methods whose tensor results are outside the graph: aliases that drop the
// history, factories that make new leaves.
bool never_recorded(const std::string& op) {
  // (the in-place view ops record their own node: Note [In-place view ops], torch/inplace_views.cpp)
  static const char* const names[] = {"detach", "detach_", "requires_grad_", "new_zeros", "new_ones", "new_empty",
                                      "new_full", "new_tensor", "numpy", "storage", "untyped_storage",
                                      "transpose_", "swapaxes_", "swapdims_", "t_"};
  for (const char* n : names)
    if (op == n) return true;
  return false;
}

bool autograd_wanted(const ArrayPtr& self, const std::vector<Value>& pos,
                     const std::vector<std::pair<std::string, Value>>& kw) {
  if (!recording()) return false;
  if (self && requires_grad(*self)) return true;
  std::vector<ArrayPtr> ts;
  for (auto& v : pos) collect_tensors(v, ts);
  for (auto& [k, v] : kw) collect_tensors(v, ts);
  return any_requires_grad(ts);
}

// Note [Wrapped numbers]
// PyTorch's Python bindings have no Scalar overload of add, sub, mul and div
// (tools/autograd/gen_python_functions.py skips add.Scalar, sub.Scalar,
// mul.Scalar, div.Scalar, div.Scalar_mode and their in-place forms), so a
// Python number given to them -- as an operator's operand or a method's or
// function's argument, under any alias -- binds to the Tensor overload as a
// wrapped 0-d tensor: an input without grad, a None edge in next_functions.
// With every other op a number picks the Scalar overload and is no input.
bool wraps_numbers(const std::string& op) {
  std::string base = op;
  if (base.size() > 1 && base.back() == '_') base.pop_back();
  const std::string& canon = canonical_op(base);
  return canon == "add" || canon == "sub" || canon == "mul" || canon == "div";
}

Value record_call(Interp& in, OpCall c, const std::function<Value()>& compute) {
  std::vector<ArrayPtr> inputs;
  if (c.self) inputs.push_back(c.self);
  const bool wraps = wraps_numbers(c.op);
  for (auto& v : c.pos) {
    if (wraps && !v.is_array() && (v.is_int() || v.is_float() || v.is_bool())) inputs.push_back(nullptr);
    else collect_tensors(v, inputs);
  }
  for (auto& [k, v] : c.kw) collect_tensors(v, inputs);
  const bool inplace = c.inplace || (c.self && is_inplace_op(c.op));
  try {
    if (inplace) check_inplace(*c.self);
  } catch (const PyError& e) {
    in.raise_exc(e.type, e.msg);
  }
  Value r;
  {
    BelowAutograd below;
    r = compute();
  }
  if (inplace && below_depth() == 0) bump_version(c.self, c.op);
  if (inplace && r.is_array() && r.array() == c.self) {
    std::vector<ArrayPtr> others(inputs.begin() + 1, inputs.end());
    std::string op = c.op;
    if (!c.inplace) op.pop_back();  // add_ records as add
    c.op = op;
    record_inplace(node_name(c), c.self, others);
    save_for_backward(c, inputs, c.self, true);
    return r;
  }
  auto record_one = [&](const Value& v) {
    if (!v.is_array() || !v.arr().is_torch()) return;
    const ArrayPtr& t = v.array();
    for (auto& x : inputs)
      if (x && x == t) return;  // the op returned an input (contiguous() of a contiguous tensor)
    c.result_is_view = t->base != nullptr;
    const std::string name = node_name(c);
    if (c.op == "linear" && (name == "AddmmBackward0" || name == "MmBackward0") && inputs.size() >= 2) {
      // at::linear calls addmm(bias, input, weight.t()) / mm(input, weight.t()):
      // the node's edges are the bias, the input and a TBackward0 of the weight
      GradNodePtr wt = gradient_edge(inputs[1]) ? make_grad_node("TBackward0", {gradient_edge(inputs[1])}) : nullptr;
      std::vector<GradNodePtr> edges;
      if (name == "AddmmBackward0") edges.push_back(inputs.size() > 2 ? gradient_edge(inputs[2]) : nullptr);
      edges.push_back(gradient_edge(inputs[0]));
      edges.push_back(wt);
      if (record_op_edges(name, inputs, std::move(edges), *t)) save_for_backward(c, inputs, t, false);
      return;
    }
    if (record_op(name, inputs, *t)) save_for_backward(c, inputs, t, false);
  };
  if (auto* tup = r.as<TupleObj>()) {
    for (auto& x : tup->items) record_one(x);
  } else if (auto* g = r.as<GenericObj>()) {  // torch.return_types (values, indices)
    for (auto& [k, x] : g->attrs) record_one(x);
  } else {
    record_one(r);
  }
  return r;
}

Value call_tensor_method(Interp& in, const std::string& name, const ArrayMethod& fn, const ArrayPtr& self, Args& a) {
  check_dim_given(in, name, a, false);
  TensorMethodScope scope;
  check_dimname_overload(in, name, *self, a, [&](Args& p) { fn(in, self, p); });
  if (is_composite_tensor_method(name)) return fn(in, self, a);  // Note [Composite methods]
  if (never_recorded(name) || !autograd_wanted(self, a.pos, a.kw)) {
    if (is_inplace_op(name) && recording()) {
      try {
        check_inplace(*self);
      } catch (const PyError& e) {
        in.raise_exc(e.type, e.msg);
      }
    }
    if (!is_inplace_op(name) || never_recorded(name)) return fn(in, self, a);
    // one bump per user-visible write: the writes the method is built from do not count
    const bool outermost = below_depth() == 0;
    Value r;
    {
      BelowAutograd below;
      r = fn(in, self, a);
    }
    if (outermost) bump_version(self, name);
    return r;
  }
  OpCall c{name, self, a.pos, a.kw};
  return record_call(in, std::move(c), [&] { return fn(in, self, a); });
}

namespace {
std::set<std::string>& composite_methods() {
  static std::set<std::string> names;
  return names;
}
}  // namespace

void def_composite_tensor_method(const std::string& name, ArrayMethod fn, Params params) {
  composite_methods().insert(name);
  def_tensor_method(name, std::move(fn), std::move(params));
}
bool is_composite_tensor_method(const std::string& name) { return composite_methods().count(name) != 0; }

NativeFn recorded_function(const std::string& name, NativeFn fn) {
  return [name, fn](Interp& in, Args& a) -> Value {
    if (!autograd_wanted(nullptr, a.pos, a.kw)) return fn(in, a);
    OpCall c{name, nullptr, a.pos, a.kw};
    return record_call(in, std::move(c), [&] { return fn(in, a); });
  };
}

// The op a Python operator on tensors dispatches to (torch/_tensor.py and
// python_variable_methods.cpp): the tensor it is called on and the ATen name.
// A number on the left flips the call (2 - t is t.rsub(2), 2 / t is
// t.reciprocal() * 2, 2 ** t is torch.pow(2, t)).
Value record_operator(Interp& in, BinOp op, const Value& a, const Value& b, bool inplace,
                      const std::function<Value()>& compute) {
  const bool left = a.is_array() && a.arr().is_torch();
  OpCall c;
  c.self = left ? a.array() : b.array();
  c.pos = {left ? b : a};
  c.inplace = inplace;
  switch (op) {
    case BinOp::Add: c.op = "add"; break;
    case BinOp::Sub: c.op = left ? "sub" : "rsub"; break;
    case BinOp::Mul: c.op = "mul"; break;
    case BinOp::TrueDiv: c.op = "div"; break;  // a number over a tensor is reciprocal() * number (tensor_binop)
    case BinOp::FloorDiv: c.op = "floor_divide"; break;
    case BinOp::Mod: c.op = left ? "remainder" : "floor_divide"; break;  // 2 % t has no derivative either
    case BinOp::Pow:
      c.op = "pow";
      if (!left) {  // pow.Scalar: the tensor is the exponent
        c.self = nullptr;
        c.pos = {a, b};
      }
      break;
    case BinOp::MatMul:
      c.op = "matmul";
      if (!left) {
        c.self = nullptr;
        c.pos = {a, b};
      }
      break;
    default: c.op = kBinOps[size_t(op)].dunder + 2; c.op.resize(c.op.size() - 2); break;
  }
  return record_call(in, std::move(c), compute);
}

Value record_unary(Interp& in, UnaryOp op, const Value& a, const std::function<Value()>& compute) {
  OpCall c;
  c.self = a.array();
  c.op = op == UnaryOp::Neg ? "neg" : op == UnaryOp::Pos ? "positive" : "bitwise_not";
  return record_call(in, std::move(c), compute);
}

NativeFn factory_function(NativeFn fn) {
  return [fn](Interp& in, Args& a) -> Value {
    Value rg;
    const bool want = a.take(999, "requires_grad", rg) && in.truthy(rg);
    Value r = fn(in, a);
    if (want && is_tensor(r))
      set_requires_grad(in, r.array(), true, "Only Tensors of floating point and complex dtype can require gradients");
    return r;
  };
}

// ---------------------------------------------------------------- tensor attributes

namespace {

Value node_getattr(Interp& in, Args& a);

// One class per node name, as PyTorch has (type(y.grad_fn).__name__ is
// "AddmmBackward0"), made on first use and kept in torch._C._functions.
// The class name of a node: its name without the C++ namespace
// (torch::autograd::AccumulateGrad prints as <AccumulateGrad object at ...>).
std::string node_class_name(const std::string& name) {
  const size_t k = name.rfind("::");
  return k == std::string::npos ? name : name.substr(k + 2);
}

TypeObj* node_type(Interp& in, const std::string& full) {
  const std::string name = node_class_name(full);
  ModuleObj& reg = submodule(in, "torch._C._functions");
  auto it = reg.attrs.find(name);
  if (it != reg.attrs.end()) return it->second.as<TypeObj>();
  TypeObj* ty = in.new_type(name, "builtins", {in.modules.at("torch")->attrs.at("_grad_fn_base").as<TypeObj>()});
  in.def_method(ty, "__getattr__", node_getattr);
  reg.attrs[name] = type_ref(ty);
  return ty;
}

const GradNodePtr& node_of(Interp& in, const Value& v) {
  auto* g = v.as<GenericObj>();
  if (!g || !g->native) in.raise_exc("TypeError", "expected an autograd Node");
  return *static_cast<GradNodePtr*>(g->native.get());
}

}  // namespace

Value grad_fn_value(Interp& in, const GradNodePtr& n) {
  if (!n) return Value();
  if (n->owner) return *static_cast<const Value*>(n->owner.get());  // a Function's ctx (torch/function.cpp)
  auto g = std::make_shared<GenericObj>(node_type(in, n->name));
  g->native = std::make_shared<GradNodePtr>(n);
  g->attrs["name"] = in.builtin("name", [n](Interp& in, Args& a) -> Value {
    a.finish(0);
    return make_str(n->name);
  });
  g->attrs["__repr__"] = in.builtin("__repr__", [n](Interp&, Args&) -> Value {
    char buf[64];
    std::snprintf(buf, sizeof buf, " object at %p>", static_cast<void*>(n.get()));
    return make_str("<" + node_class_name(n->name) + buf);
  });
  return Value(std::static_pointer_cast<Obj>(g));
}

void set_requires_grad(Interp& in, const ArrayPtr& t, bool flag, const char* dtype_message) {
  if (!is_leaf(*t)) {
    if (flag) in.raise_exc("RuntimeError", "you can only change requires_grad flags of leaf variables.");
    in.raise_exc("RuntimeError",
                 "you can only change requires_grad flags of leaf variables. If you want to use a computed variable in a "
                 "subgraph that doesn't require differentiation use var_no_grad = var.detach().");
  }
  if (flag && !differentiable_dtype(t->dtype)) in.raise_exc("RuntimeError", dtype_message);
  if (!flag && !t->autograd) return;
  autograd_meta(*t).requires_grad = flag;
}

bool tensor_autograd_getattr(Interp& in, const ArrayPtr& t, const std::string& name, Value& out) {
  if (name == "requires_grad") out = Value::boolean(requires_grad(*t));
  else if (name == "is_leaf") out = Value::boolean(is_leaf(*t));
  else if (name == "grad_fn") out = t->autograd ? grad_fn_value(in, t->autograd->grad_fn) : Value();
  else if (name == "grad") out = t->autograd && t->autograd->grad ? Value(t->autograd->grad) : Value();
  else if (name == "data") {  // Note [Version counter]: the same bytes, a counter of its own from 0
    ArrayPtr d = torch_alias_root(t);
    d->own_version = std::make_shared<uint32_t>(0);
    out = Value(d);
  }
  else if (name == "_version") out = Value::integer(t->version());
  else if (name == "retains_grad")  // a non-leaf whose retain_grad() was called (its node points back at it)
    out = Value::boolean(!is_leaf(*t) && t->autograd && t->autograd->grad_fn &&
                         t->autograd->grad_fn->retains_grad.lock() == t);
  else return false;
  return true;
}

bool tensor_autograd_setattr(Interp& in, const ArrayPtr& t, const std::string& name, const Value& x) {
  if (name == "requires_grad") {
    if (!x.is_bool()) in.raise_exc("TypeError", "requires_grad must be a bool");
    set_requires_grad(in, t, x.as_bool(), "only Tensors of floating point and complex dtype can require gradients");
    return true;
  }
  if (name == "grad") {
    if (x.is_none()) {
      if (t->autograd) t->autograd->grad = nullptr;
      return true;
    }
    if (!is_tensor(x)) in.raise_exc("TypeError", "assigned grad expected to be a Tensor or None but got grad of type " + in.type_of(x)->name);
    const Array& g = x.arr();
    if (g.dtype != t->dtype) in.raise_exc("RuntimeError", "assigned grad has data of a different type");
    if (g.shape != t->shape)
      in.raise_exc("RuntimeError", "attempting to assign a gradient of size '" + list_repr(g.shape) + "' to a tensor of size '" +
                                       list_repr(t->shape) + "'. Please ensure that the gradient and the tensor are the same size");
    autograd_meta(*t).grad = x.array();
    return true;
  }
  if (name == "data") {
    // Tensor.data = x (variable_data setter): t takes x's storage and layout, keeps its autograd record.
    if (!is_tensor(x)) in.raise_exc("TypeError", "Variable data has to be a tensor, but got " + in.type_of(x)->name);
    const Array& s = x.arr();
    t->dtype = s.dtype;
    t->descr = s.descr;
    t->shape = s.shape;
    t->strides = s.strides;
    t->offset = s.offset;
    t->storage = s.storage;
    t->base = s.base;
    t->owndata = s.owndata;
    return true;
  }
  return false;
}

// ---------------------------------------------------------------- module functions

namespace {

Value is_grad_enabled_fn(Interp& in, Args& a) {
  a.finish(0);
  return Value::boolean(grad_mode().enabled && !grad_mode().inference);
}

// torch.is_anomaly_enabled() / torch.is_anomaly_check_nan_enabled()
Value is_anomaly_enabled_fn(Interp& in, Args& a) {
  a.finish(0);
  return Value::boolean(anomaly_mode().enabled);
}
Value is_anomaly_check_nan_enabled_fn(Interp& in, Args& a) {
  a.finish(0);
  return Value::boolean(anomaly_mode().check_nan);
}

// torch._C._set_anomaly_enabled(enabled, check_nan=True): what detect_anomaly and
// set_detect_anomaly switch (core/lang/frozen/torch.autograd.anomaly_mode.py).
Value set_anomaly_enabled_fn(Interp& in, Args& a) {
  Value on = a.required(0, "enabled");
  Value nan = a.optional(1, "check_nan", Value::boolean(true));
  a.finish(2);
  anomaly_mode().enabled = in.truthy(on);
  anomaly_mode().check_nan = in.truthy(nan);
  return Value();
}

// torch._C._set_grad_enabled(mode): what no_grad / enable_grad / set_grad_enabled switch.
Value set_grad_enabled_fn(Interp& in, Args& a) {
  Value m = a.required(0, "mode");
  a.finish(1);
  if (!m.is_bool()) in.raise_exc("TypeError", "enabled must be a bool (got " + in.type_of(m)->name + ")");
  grad_mode().enabled = m.as_bool();
  return Value();
}

Value is_inference_mode_enabled_fn(Interp& in, Args& a) {
  a.finish(0);
  return Value::boolean(grad_mode().inference);
}

Value set_inference_mode_fn(Interp& in, Args& a) {
  Value m = a.required(0, "mode");
  a.finish(1);
  grad_mode().inference = in.truthy(m);
  return Value();
}

// Tensor.requires_grad_(requires_grad=True): returns the tensor.
Value requires_grad_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value f = a.optional(0, "requires_grad", Value::boolean(true));
  a.finish(1);
  if (!f.is_bool())
    in.raise_exc("TypeError", "requires_grad_(): argument 'requires_grad' (position 1) must be bool, not " + in.type_of(f)->name);
  if (!is_leaf(*t) && f.as_bool()) return Value(t);  // a non-leaf already requires grad: nothing to change
  set_requires_grad(in, t, f.as_bool(), "only Tensors of floating point dtype can require gradients");
  return Value(t);
}

// torch.nn.Parameter(data=None, requires_grad=True): an alias of data (same
// storage and layout, no base: Parameter detaches), marked a parameter.
Value parameter_new(Interp& in, Args& a) {
  Value data = a.optional(0, "data");
  Value rg = a.optional(1, "requires_grad", Value::boolean(true));
  a.finish(2);
  ArrayPtr src;
  if (data.is_none()) src = make_array(torch_default_dtype(), {0}, 'C', Flavor::Torch);
  else src = tensor_arg(in, data, "Parameter", "data", 1);
  ArrayPtr p = torch_alias_root(src);
  const bool flag = in.truthy(rg);
  if (flag && !differentiable_dtype(p->dtype))
    in.raise_exc("RuntimeError", "Only Tensors of floating point and complex dtype can require gradients");
  AutogradMeta& m = autograd_meta(*p);
  m.is_parameter = true;
  m.requires_grad = flag;
  return Value(p);
}

Value node_getattr(Interp& in, Args& a) {
  const GradNodePtr& n = node_of(in, a.pos.at(0));
  std::string attr = in.str(a.pos.at(1));
  if (attr == "next_functions") {
    std::vector<Value> items;
    for (auto& e : n->next) items.push_back(make_tuple({grad_fn_value(in, e), Value::integer(0)}));
    return make_tuple(std::move(items));
  }
  if (attr == "variable" && n->name == "torch::autograd::AccumulateGrad") {
    if (auto v = n->variable.lock()) return Value(v);
  }
  if (attr == "metadata") return Value(std::make_shared<DictObj>());
  in.raise_exc("AttributeError", "'" + n->name + "' object has no attribute '" + attr + "'");
}

}  // namespace

void install_torch_autograd(Interp& in, ModuleObj& tm) {
  TypeObj* node = in.new_type("Node", "torch.autograd.graph", {in.t.object});
  tm.attrs["_grad_fn_base"] = type_ref(node);

  def_fn(in, tm, "is_grad_enabled", is_grad_enabled_fn);
  def_fn(in, tm, "is_inference_mode_enabled", is_inference_mode_enabled_fn);
  submodule(in, "torch.autograd");  // grad_mode's classes join it (core/lang/frozen/torch.autograd.grad_mode.py)
  ModuleObj& c = submodule(in, "torch._C");
  def_fn(in, c, "_set_grad_enabled", set_grad_enabled_fn);
  def_fn(in, c, "_set_inference_mode", set_inference_mode_fn);
  def_fn(in, tm, "is_anomaly_enabled", is_anomaly_enabled_fn);
  def_fn(in, tm, "is_anomaly_check_nan_enabled", is_anomaly_check_nan_enabled_fn);
  def_fn(in, c, "_set_anomaly_enabled", set_anomaly_enabled_fn);

  def_tensor_method("requires_grad_", requires_grad_method);
  def_tensor_method("__abs__", [](Interp& in, const ArrayPtr& t, Args& a) -> Value {
    a.finish(0);
    return in.call(in.getattr(Value(t), "abs"), std::vector<Value>{});
  });

  // torch.nn.Parameter: a Tensor subclass whose instances are tensors marked is_parameter.
  TypeObj* param = in.new_type("Parameter", "torch.nn.parameter", {in.t.tensor});
  in.t.parameter = param;
  param->call = [](Interp& in, Args& a) -> Value { return parameter_new(in, a); };
  submodule(in, "torch.nn.parameter").attrs["Parameter"] = type_ref(param);
}

}  // namespace sl::lang
