// torch/composite_more: functions PyTorch builds from other ops
// (CompositeImplicitAutograd in native_functions.yaml, or Python in
// torch/nn/functional.py and torch/functional.py), built here from the same
// ops in the same order, so each records the nodes PyTorch records (Note
// [Composite methods], composite_method.hpp): F.normalize,
// F.cosine_similarity, F.pairwise_distance, take_along_dim, repeat_interleave,
// ldexp, cartesian_prod, the conj family on real tensors, logspace, the window
// functions, torch.nn.functional's in-place activations and the torch.* names
// of torch.nn.functional's functions.
//
// Invariant: no kernel here; every number comes from an op a user could call.
#include <cmath>

#include "core/lang/torch/autograd.hpp"
#include "core/lang/torch/composite_method.hpp"
#include "core/lang/torch/convert.hpp"
#include "core/model/strides.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/views.hpp"
#include "core/torch/autograd.hpp"
#include "core/torch/promotion.hpp"
#include "core/torch/views.hpp"

namespace sl::lang {

namespace {

ArrayPtr as_torch(ArrayPtr a) {
  a->flavor = Flavor::Torch;
  return a;
}

using Kw = std::vector<std::pair<std::string, Value>>;

Value call(Interp& in, const Value& f, std::vector<Value> pos, Kw kw = {}) {
  Args a;
  a.pos = std::move(pos);
  a.kw = std::move(kw);
  return in.call(f, a);
}
Value method(Interp& in, const Value& self, const char* name, std::vector<Value> pos = {}, Kw kw = {}) {
  return call(in, in.getattr(self, name), std::move(pos), std::move(kw));
}

}  // namespace

// composite_method.hpp. torch.meshgrid(*tensors, indexing="ij") as functional.py computes it: each 1-d
// tensor viewed along its own dim and expanded (ViewBackward0, ExpandBackward0).
std::vector<Value> meshgrid_ij(Interp& in, const std::vector<Value>& ts) {
  std::vector<Value> sizes;
  for (const Value& t : ts) sizes.push_back(Value::integer(t.arr().size()));
  std::vector<Value> out;
  for (size_t i = 0; i < ts.size(); ++i) {
    std::vector<Value> vs(ts.size(), Value::integer(1));
    vs[i] = Value::integer(-1);
    out.push_back(method(in, method(in, ts[i], "view", vs), "expand", sizes));
  }
  return out;
}

namespace {
Value torch_attr(Interp& in, const char* name) { return in.modules.at("torch")->attrs.at(name); }
Value fn_attr(Interp& in, const char* name) { return in.modules.at("torch.nn.functional")->attrs.at(name); }

// torch.no_grad for the statements PyTorch runs under at::NoGradGuard.
struct NoGrad {
  GradMode prev = grad_mode();
  NoGrad() { grad_mode().enabled = false; }
  ~NoGrad() { grad_mode() = prev; }
};

Value num(double v) { return Value::floating(v); }

// ---- torch.nn.functional

// F.normalize(input, p=2.0, dim=1, eps=1e-12, out=None) (torch/nn/functional.py):
// input / input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
Value normalize_fn(Interp& in, Args& a) {
  Value x = a.required(0, "input");
  Value p = a.optional(1, "p", num(2.0)), dim = a.optional(2, "dim", Value::integer(1));
  Value eps = a.optional(3, "eps", num(1e-12)), out = a.optional(4, "out");
  a.finish(5);
  Value norm = method(in, x, "norm", {p, dim}, {{"keepdim", Value::boolean(true)}});
  Value denom = method(in, method(in, norm, "clamp_min", {eps}), "expand_as", {x});
  if (out.is_none()) return in.binop(BinOp::TrueDiv, x, denom);
  return call(in, torch_attr(in, "div"), {x, denom}, {{"out", out}});
}

// at::cosine_similarity (aten/src/ATen/native/Distance.cpp, 2.x): each input
// divided by its 2-norm along dim (the norms cloned and clamped to eps without
// grad), then the product summed over dim.
Value cosine_similarity_fn(Interp& in, Args& a) {
  ArrayPtr x1 = tensor_arg(in, a.required(0, "x1"), "cosine_similarity", "x1", 1);
  ArrayPtr x2 = tensor_arg(in, a.required(1, "x2"), "cosine_similarity", "x2", 2);
  const int64_t dim = int_arg(in, a.optional(2, "dim", Value::integer(1)), "cosine_similarity", "dim");
  const double eps = in.float_value(a.optional(3, "eps", num(1e-8)));
  a.finish(4);
  const DType common = torch_result_type({{x1, false}, {x2, false}});
  if (!is_float(common))
    in.raise_exc("RuntimeError", std::string("expected common dtype to be floating point, yet common dtype is ") + torch_type_name(common));
  Value v1(x1), v2(x2);
  if (x1->dtype != common) v1 = method(in, v1, "to", {dtype_value(in, common, true)});
  if (x2->dtype != common) v2 = method(in, v2, "to", {dtype_value(in, common, true)});
  Value both = call(in, torch_attr(in, "broadcast_tensors"), {v1, v2});
  v1 = in.getitem(both, Value::integer(0));
  v2 = in.getitem(both, Value::integer(1));
  Value vnorm = in.modules.at("torch.linalg")->attrs.at("vector_norm");
  auto unit = [&](const Value& v) {
    Value n = method(in, call(in, vnorm, {v, num(2.0), Value::integer(dim)}, {{"keepdim", Value::boolean(true)}}), "clone");
    {
      NoGrad ng;
      method(in, n, "clamp_min_", {num(eps)});
    }
    return in.binop(BinOp::TrueDiv, v, n);
  };
  Value u1 = unit(v1), u2 = unit(v2);
  return method(in, in.binop(BinOp::Mul, u1, u2), "sum", {Value::integer(dim)});
}

// at::pairwise_distance: norm(x1 - x2 + eps, p, innermost dim, keepdim), the
// innermost dim of the broadcast rank (a 0-d result for two 1-d inputs is dim 0).
Value pairwise_distance_fn(Interp& in, Args& a) {
  ArrayPtr x1 = tensor_arg(in, a.required(0, "x1"), "pairwise_distance", "x1", 1);
  ArrayPtr x2 = tensor_arg(in, a.required(1, "x2"), "pairwise_distance", "x2", 2);
  const double p = in.float_value(a.optional(2, "p", num(2.0)));
  const double eps = in.float_value(a.optional(3, "eps", num(1e-6)));
  const bool keepdim = bool_arg(in, a.optional(4, "keepdim", Value::boolean(false)), "pairwise_distance", "keepdim");
  a.finish(5);
  const int64_t rank = std::max(x1->ndim(), x2->ndim());
  const int64_t inner = rank == 0 ? 0 : rank - 1;  // innermost_dim
  Value d = in.binop(BinOp::Add, in.binop(BinOp::Sub, Value(x1), Value(x2)), num(eps));
  Value r = call(in, in.modules.at("torch.linalg")->attrs.at("vector_norm"), {d, num(p), Value::integer(inner)},
                 {{"keepdim", Value::boolean(keepdim)}});
  // at::norm(Tensor, Scalar p, int[] dim, bool keepdim): its node is NormBackward1 (the formula is linalg_vector_norm's)
  if (r.is_array() && r.arr().autograd && r.arr().autograd->grad_fn && r.arr().autograd->grad_fn->name == "LinalgVectorNormBackward0")
    r.arr().autograd->grad_fn->name = "NormBackward1";
  return r;
}

// F.<act>_(input, ...): the in-place form, which torch.nn.functional binds to
// the native in-place op: the same as F.<act>(input, ..., inplace=True).
NativeFn inplace_activation(const char* fname, const char* base, size_t nparams) {
  return [fname, base, nparams](Interp& in, Args& a) -> Value {
    ArrayPtr x = tensor_arg(in, a.required(0, "input"), fname, "input", 1);
    (void)x;
    if (a.pos.size() > nparams) in.raise_exc("TypeError", std::string(fname) + "() takes at most " + std::to_string(nparams) +
                                                             " arguments (" + std::to_string(a.pos.size()) + " given)");
    Args b = a;
    b.kw.emplace_back("inplace", Value::boolean(true));
    return in.call(fn_attr(in, base), b);
  };
}

// torch.embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
// F.embedding's native op, its operands the other way round (-1: no padding index).
Value torch_embedding_fn(Interp& in, Args& a) {
  Value w = a.required(0, "weight"), idx = a.required(1, "indices");
  Value pad = a.optional(2, "padding_idx", Value::integer(-1));
  Value scale = a.optional(3, "scale_grad_by_freq", Value::boolean(false)), sparse = a.optional(4, "sparse", Value::boolean(false));
  a.finish(5);
  tensor_arg(in, w, "embedding", "weight", 1);
  tensor_arg(in, idx, "embedding", "indices", 2);
  const int64_t p = int_arg(in, pad, "embedding", "padding_idx");
  return call(in, fn_attr(in, "embedding"), {idx, w},
              {{"padding_idx", p >= 0 ? Value::integer(p) : Value()}, {"scale_grad_by_freq", scale}, {"sparse", sparse}});
}

// torch.dropout(input, p, train): F.dropout(input, p, training=train).
Value torch_dropout_fn(Interp& in, Args& a) {
  Value x = a.required(0, "input"), p = a.required(1, "p"), train = a.required(2, "train");
  a.finish(3);
  tensor_arg(in, x, "dropout", "input", 1);
  return call(in, fn_attr(in, "dropout"), {x, p}, {{"training", Value::boolean(bool_arg(in, train, "dropout", "train"))}});
}

// torch.batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps, cudnn_enabled)
Value torch_batch_norm_fn(Interp& in, Args& a) {
  Value x = a.required(0, "input"), w = a.required(1, "weight"), b = a.required(2, "bias");
  Value rm = a.required(3, "running_mean"), rv = a.required(4, "running_var"), tr = a.required(5, "training");
  Value mom = a.required(6, "momentum"), eps = a.required(7, "eps"), cud = a.required(8, "cudnn_enabled");
  a.finish(9);
  (void)cud;
  return call(in, fn_attr(in, "batch_norm"), {x, rm, rv, w, b, tr, mom, eps});
}

// torch.instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps, cudnn_enabled)
Value torch_instance_norm_fn(Interp& in, Args& a) {
  Value x = a.required(0, "input"), w = a.required(1, "weight"), b = a.required(2, "bias");
  Value rm = a.required(3, "running_mean"), rv = a.required(4, "running_var"), us = a.required(5, "use_input_stats");
  Value mom = a.required(6, "momentum"), eps = a.required(7, "eps"), cud = a.required(8, "cudnn_enabled");
  a.finish(9);
  (void)cud;
  return call(in, fn_attr(in, "instance_norm"), {x, rm, rv, w, b, us, mom, eps});
}

// torch.layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05, cudnn_enable=True)
// and torch.group_norm(input, num_groups, weight=None, bias=None, eps=1e-05, cudnn_enabled=True):
// the functional form with the trailing cudnn flag dropped.
NativeFn drop_cudnn_flag(const char* fname, const char* flag) {
  return [fname, flag](Interp& in, Args& a) -> Value {
    Args b = a;
    if (b.pos.size() > 5) b.pos.resize(5);
    for (auto it = b.kw.begin(); it != b.kw.end();)
      it = it->first == flag ? b.kw.erase(it) : it + 1;
    return in.call(fn_attr(in, fname), b);
  };
}

// A torch.X that is F.X itself (the same parameters), with the native parser's
// checks first: the input a Tensor, at most `most` positional arguments.
NativeFn same_as_functional(const char* fname, size_t least, size_t most) {
  return [fname, least, most](Interp& in, Args& a) -> Value {
    if (!a.pos.empty()) tensor_arg(in, a.pos[0], fname, "input", 1);
    if (a.pos.size() > most) {
      const std::string n = std::to_string(a.pos.size());
      in.raise_exc("TypeError", std::string(fname) + "() takes " +
                                    (least == most ? std::to_string(most) + " positional argument" + (most == 1 ? "" : "s")
                                                   : "from " + std::to_string(least) + " to " + std::to_string(most) + " positional arguments") +
                                    " but " + n + " were given");
    }
    return in.call(fn_attr(in, fname), a);
  };
}

// The torch.X of a torch.nn.functional function written in Python here
// (core/lang/frozen/torch.nn._functional.py, installed when torch.nn loads):
// loads torch.nn on first use, then calls F.X with the native parser's checks.
NativeFn via_torch_nn(const char* fname, size_t least, size_t most, bool with_indices = false) {
  NativeFn inner = same_as_functional(fname, least, most);
  return [inner, with_indices](Interp& in, Args& a) -> Value {
    in.import("torch.nn");
    Args b = a;
    // torch.adaptive_max_pool1d / max_pool1d_with_indices return (values, indices)
    if (with_indices) b.kw.emplace_back("return_indices", Value::boolean(true));
    return inner(in, b);
  };
}

// The losses' native forms take reduction as an int (at::Reduction: 0 none, 1 mean, 2 sum);
// called from Python without one, PyTorch 2.6's binding reduces nothing (measured: 0).
Value reduction_name(Interp& in, const Value& v, const char* fname) {
  const int64_t r = int_arg(in, v, fname, "reduction");
  return make_str(r == 0 ? "none" : r == 2 ? "sum" : "mean");
}
// torch.kl_div(input, target, reduction, *, log_target=False)
Value torch_kl_div_fn(Interp& in, Args& a) {
  Value x = a.required(0, "input"), t = a.required(1, "target"), r = a.optional(2, "reduction", Value::integer(0));
  Value lt = a.optional(99, "log_target", Value::boolean(false));
  if (a.pos.size() > 3) in.raise_exc("TypeError", "kl_div() takes from 2 to 3 positional arguments but " + std::to_string(a.pos.size()) + " were given");
  a.finish(3);
  tensor_arg(in, x, "kl_div", "input", 1);
  tensor_arg(in, t, "kl_div", "target", 2);
  return call(in, fn_attr(in, "kl_div"), {x, t}, {{"reduction", reduction_name(in, r, "kl_div")}, {"log_target", lt}});
}
// torch.binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None, reduction)
Value torch_bce_logits_fn(Interp& in, Args& a) {
  Value x = a.required(0, "input"), t = a.required(1, "target"), w = a.optional(2, "weight"), pw = a.optional(3, "pos_weight");
  Value r = a.optional(4, "reduction", Value::integer(0));
  a.finish(5);
  tensor_arg(in, x, "binary_cross_entropy_with_logits", "input", 1);
  tensor_arg(in, t, "binary_cross_entropy_with_logits", "target", 2);
  return call(in, fn_attr(in, "binary_cross_entropy_with_logits"), {x, t},
              {{"weight", w}, {"pos_weight", pw}, {"reduction", reduction_name(in, r, "binary_cross_entropy_with_logits")}});
}

// ---- Tensor methods and torch functions

// take_along_dim(input, indices, dim=None) (TensorAdvancedIndexing.cpp):
// with a dim, both broadcast against each other apart from dim, then gather;
// without, the flattened input gathered at the flattened indices.
Value take_along_dim_impl(Interp& in, const ArrayPtr& t, const Value& iv, const Value& dimv) {
  ArrayPtr idx = tensor_arg(in, iv, "take_along_dim", "indices", 2);
  if (idx->dtype != DType::I64 && !dimv.is_none())
    in.raise_exc("RuntimeError", std::string("torch.take_along_dim(): dtype of indices should be Long but got ") +
                                     torch_type_name(idx->dtype));
  Value self(t), index(idx);
  if (dimv.is_none())
    return method(in, method(in, self, "view", {Value::integer(-1)}), "gather", {Value::integer(0), method(in, index, "view", {Value::integer(-1)})});
  const int64_t d0 = int_arg(in, dimv, "take_along_dim", "dim");
  if (t->ndim() != idx->ndim())
    in.raise_exc("RuntimeError", "torch.take_along_dim(): input and indices should have the same number of dimensions, but got " +
                                     std::to_string(t->ndim()) + " dimensions for input, and " + std::to_string(idx->ndim()) +
                                     " dimensions for indices");
  const int64_t dim = torch_wrap_dim(d0, t->ndim());
  Shape ss = t->shape, is = idx->shape;
  if (!ss.empty()) ss[size_t(dim)] = idx->shape[size_t(dim)];
  if (!is.empty()) is[size_t(dim)] = t->shape[size_t(dim)];
  Shape ib, sb;
  try {
    ib = torch_broadcast_shapes(ss, idx->shape);
    sb = torch_broadcast_shapes(is, t->shape);
  } catch (const PyError& e) {
    in.raise_exc(e.type, e.msg);
  }
  Value ie = method(in, index, "broadcast_to", {torch_size_value(in, ib)});
  Value se = method(in, self, "broadcast_to", {torch_size_value(in, sb)});
  return method(in, se, "gather", {Value::integer(dim), ie});
}
Value take_along_dim_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value iv = a.required(0, "indices"), dv = a.optional(1, "dim");
  a.finish(2);
  return take_along_dim_impl(in, t, iv, dv);
}
Value take_along_dim_fn(Interp& in, Args& a) {
  ArrayPtr t = tensor_arg(in, a.required(0, "input"), "take_along_dim", "input", 1);
  Value iv = a.required(1, "indices"), dv = a.optional(2, "dim");
  a.finish(3);
  return take_along_dim_impl(in, t, iv, dv);
}

// torch.repeat_interleave(repeats): index k repeated repeats[k] times (Repeat.cpp: repeat_interleave_cpu).
ArrayPtr repeat_indices(Interp& in, const ArrayPtr& rep) {
  if (rep->ndim() != 1) in.raise_exc("RuntimeError", "repeat_interleave only accept 1D vector as repeat");
  if (rep->dtype != DType::I64 && rep->dtype != DType::I32)
    in.raise_exc("RuntimeError", std::string("\"repeat_interleave_cpu\" not implemented for '") + torch_type_name(rep->dtype) + "'");
  ArrayPtr r = copy_as(*rep, DType::I64, 'C');
  const int64_t* v = reinterpret_cast<const int64_t*>(r->data());
  int64_t total = 0;
  for (int64_t k = 0; k < r->size(); ++k) {
    if (v[k] < 0) in.raise_exc("RuntimeError", "repeats can not be negative");
    total += v[k];
  }
  ArrayPtr out = make_array(DType::I64, {total}, 'C', Flavor::Torch);
  int64_t* o = reinterpret_cast<int64_t*>(out->data());
  for (int64_t k = 0, j = 0; k < r->size(); ++k)
    for (int64_t n = 0; n < v[k]; ++n) o[j++] = k;
  return out;
}

// repeat_interleave(self, repeats, dim=None, *, output_size=None) (Repeat.cpp):
// an int repeats is unsqueeze(dim + 1).expand(...).clone().flatten(dim, dim + 1)
// of the (flattened, without dim) input; a tensor repeats selects its indices.
Value repeat_interleave_impl(Interp& in, const ArrayPtr& t, const Value& rv, const Value& dimv) {
  if (!is_tensor(rv) && !rv.is_int() && !(rv.is_array() && rv.arr().ndim() == 0 && is_integer(rv.arr().dtype)))
    in.raise_exc("TypeError", "repeat_interleave() received an invalid combination of arguments - got (" + in.type_of(rv)->name +
                                  "), but expected one of:\n * (Tensor repeats, int dim = None, *, int output_size = None)\n"
                                  " * (int repeats, int dim = None, *, int output_size = None)\n");
  if (is_tensor(rv) && rv.arr().ndim() > 1) in.raise_exc("RuntimeError", "repeats must be 0-dim or 1-dim tensor");
  Value input = dimv.is_none() ? method(in, Value(t), "flatten") : Value(t);
  const int64_t dim = torch_wrap_dim(dimv.is_none() ? 0 : int_arg(in, dimv, "repeat_interleave", "dim"), t->ndim());
  if (is_tensor(rv)) {
    ArrayPtr rep = rv.array();
    const int64_t n = input.arr().ndim() ? input.arr().shape[size_t(dim)] : 1;
    if (rep->ndim() == 0 || (rep->ndim() == 1 && rep->size() == 1 && n != 1))
      rep = as_torch(broadcast_to(rep->ndim() ? rep : as_torch(reshape(rep, {1})), {n}));
    else if (rep->ndim() == 1 && rep->size() != n)
      in.raise_exc("RuntimeError", "repeats must have the same size as input along dim, but got repeats.size(0) = " +
                                       std::to_string(rep->size()) + " and input.size(" + std::to_string(dim) + ") = " + std::to_string(n));
    return method(in, input, "index_select", {Value::integer(dim), Value(repeat_indices(in, rep))});
  }
  const int64_t reps = int_arg(in, rv, "repeat_interleave", "repeats", IntParam::SymInt);
  if (reps < 0) in.raise_exc("RuntimeError", "Repeats must be non-negative");
  const Array& x = input.arr();
  Value u = method(in, input, "unsqueeze", {Value::integer(dim + 1)});
  Shape s = u.arr().shape;
  s[size_t(dim + 1)] = reps;
  Value e = method(in, method(in, u, "expand", {torch_size_value(in, s)}), "clone");
  (void)x;
  return method(in, e, "flatten", {Value::integer(dim), Value::integer(dim + 1)});
}
Value repeat_interleave_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value rv = a.required(0, "repeats"), dv = a.optional(1, "dim"), os;
  a.take(2, "output_size", os);
  a.finish(2);
  return repeat_interleave_impl(in, t, rv, dv);
}
Value repeat_interleave_fn(Interp& in, Args& a) {
  ArrayPtr t = tensor_arg(in, a.required(0, "input"), "repeat_interleave", "input", 1);
  Value rv = a.optional(1, "repeats"), dv = a.optional(2, "dim"), os;
  a.take(3, "output_size", os);
  a.finish(3);
  if (rv.is_none() && dv.is_none()) return Value(repeat_indices(in, t));  // repeat_interleave(repeats)
  if (rv.is_none())
    in.raise_exc("TypeError", "repeat_interleave() received an invalid combination of arguments - got (Tensor, dim=" +
                                  in.type_of(dv)->name + "), but expected one of:\n"
                                  " * (Tensor input, Tensor repeats, int dim = None, *, int output_size = None)\n"
                                  " * (Tensor repeats, *, int output_size = None)\n"
                                  " * (Tensor input, int repeats, int dim = None, *, int output_size = None)\n");
  return repeat_interleave_impl(in, t, rv, dv);
}

// ldexp(input, other) = input * 2 ** other (BinaryOps.cpp: at::mul(self, at::pow(2.0, other))).
Value ldexp_impl(Interp& in, const ArrayPtr& t, const Value& other, bool inplace) {
  ArrayPtr o = tensor_arg(in, other, "ldexp", "other", 2);
  Value p = call(in, torch_attr(in, "pow"), {num(2.0), Value(o)});
  return method(in, Value(t), inplace ? "mul_" : "mul", {p});
}
Value ldexp_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value o = a.required(0, "other");
  a.finish(1);
  return ldexp_impl(in, t, o, false);
}
Value ldexp_inplace(Interp& in, const ArrayPtr& t, Args& a) {
  Value o = a.required(0, "other");
  a.finish(1);
  return ldexp_impl(in, t, o, true);
}
Value ldexp_fn(Interp& in, Args& a) {
  ArrayPtr t = tensor_arg(in, a.required(0, "input"), "ldexp", "input", 1);
  Value o = a.required(1, "other"), out = a.optional(2, "out");
  a.finish(3);
  if (out.is_none()) return ldexp_impl(in, t, o, false);
  Value p = call(in, torch_attr(in, "pow"), {num(2.0), Value(tensor_arg(in, o, "ldexp", "other", 2))});
  return call(in, torch_attr(in, "mul"), {Value(t), p}, {{"out", out}});
}

// conj / resolve_conj / resolve_neg of a real tensor are the tensor itself;
// conj_physical of a real tensor too. A complex tensor's conjugate is a copy
// here (the engine keeps no lazy conjugate bit: is_conj() stays False).
Value conjugate(Interp& in, const ArrayPtr& t) {
  (void)in;
  if (!is_complex(t->dtype)) return Value(t);
  ArrayPtr r = as_torch(copy_as(*t, t->dtype, 'C'));
  for (int64_t i = 0; i < r->size(); ++i) {
    if (t->dtype == DType::C64) reinterpret_cast<float*>(r->data())[2 * i + 1] *= -1.0f;
    else reinterpret_cast<double*>(r->data())[2 * i + 1] *= -1.0;
  }
  return Value(r);
}
Value conj_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return conjugate(in, t);
}
Value self_method(Interp&, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return Value(t);
}
NativeFn unary_fn(const char* fname, Value (*m)(Interp&, const ArrayPtr&, Args&)) {
  return [fname, m](Interp& in, Args& a) -> Value {
    ArrayPtr t = tensor_arg(in, a.required(0, "input"), fname, "input", 1);
    a.finish(1);
    Args none;
    return m(in, t, none);
  };
}

// torch.cartesian_prod(*tensors) (TensorShape/Itertools.cpp): meshgrid(indexing="ij"), each flattened, stacked as columns.
Value cartesian_prod_fn(Interp& in, Args& a) {
  a.finish(a.pos.size());
  for (size_t i = 0; i < a.pos.size(); ++i)
    if (!is_tensor(a.pos[i]))
      in.raise_exc("TypeError", "expected Tensor as element " + std::to_string(i) + " in argument 0, but got " + in.type_of(a.pos[i])->name);
  for (const Value& t : a.pos)
    if (t.arr().ndim() != 1)
      in.raise_exc("RuntimeError", "Expect a 1D vector, but got shape " + list_repr(t.arr().shape));
  if (a.pos.size() == 1) return a.pos[0];
  std::vector<Value> cols;
  for (const Value& g : meshgrid_ij(in, a.pos)) cols.push_back(method(in, g, "flatten"));
  return call(in, torch_attr(in, "stack"), {make_list(cols), Value::integer(1)});
}

// ---- factories

DType float_dtype_arg(Interp& in, const Value& v, const char* fname) {
  if (v.is_none()) return torch_default_dtype();
  (void)fname;
  return to_dtype(in, v);
}

// torch.logspace(start, end, steps, base=10.0, *, dtype=None, ...) (RangeFactories.cpp
// logspace_out): element i is base ** (start + step * i) for the first half
// and base ** (end - step * (steps - 1 - i)) for the rest, in double, then cast.
Value logspace_fn(Interp& in, Args& a) {
  Value sv = a.required(0, "start"), ev = a.required(1, "end"), nv = a.required(2, "steps");
  Value bv = a.optional(3, "base", num(10.0)), out = a.optional(4, "out");
  Value dt, ig, rg;
  a.take(99, "dtype", dt);
  for (const char* k : {"layout", "device", "pin_memory"}) a.take(99, k, ig);
  a.take(99, "requires_grad", rg);
  a.finish(5);
  const int64_t steps = int_arg(in, nv, "logspace", "steps", IntParam::SymInt);
  if (steps < 0) in.raise_exc("RuntimeError", "number of steps must be non-negative");
  const DType d = float_dtype_arg(in, dt, "logspace");
  const double base = in.float_value(bv);
  auto scalar_in = [&](const Value& v) {  // start/end as the dtype holds them
    double x = is_tensor(v) ? in.float_value(method(in, v, "item")) : in.float_value(v);
    if (d == DType::F32) return double(float(x));
    if (is_integer(d)) return std::trunc(x);
    return x;
  };
  const double s = scalar_in(sv), e = scalar_in(ev);
  ArrayPtr r = make_array(DType::F64, {steps}, 'C', Flavor::Torch);
  double* p = reinterpret_cast<double*>(r->data());
  if (steps == 1) p[0] = std::pow(base, s);
  const double step = steps > 1 ? (e - s) / double(steps - 1) : 0.0;
  const int64_t half = steps / 2;
  for (int64_t i = 0; steps > 1 && i < steps; ++i)
    p[i] = i < half ? std::pow(base, s + step * double(i)) : std::pow(base, e - step * double(steps - i - 1));
  Value res(as_torch(copy_as(*r, d, 'C')));
  if (!rg.is_none() && in.truthy(rg)) method(in, res, "requires_grad_");
  if (!out.is_none()) return method(in, out, "copy_", {res});
  return res;
}

// The window functions (TensorFactories.cpp), computed by the same in-place
// ops on arange(N) in the window's dtype; periodic windows are the first N of N + 1.
struct WindowArgs {
  int64_t n = 0;
  bool periodic = true;
  DType dt = DType::F32;
  bool requires_grad = false;
};
WindowArgs window_args(Interp& in, Args& a, const char* fname, size_t extra, std::vector<Value>* extras) {
  WindowArgs w;
  w.n = int_arg(in, a.required(0, "window_length"), fname, "window_length");
  w.periodic = bool_arg(in, a.optional(1, "periodic", Value::boolean(true)), fname, "periodic");
  static const char* const names[] = {"alpha", "beta"};
  for (size_t k = 0; k < extra; ++k) extras->push_back(a.optional(2 + k, k < 2 && std::string(fname) == "hamming_window" ? names[k] : "beta"));
  Value dt, ig, rg;
  a.take(99, "dtype", dt);
  for (const char* k : {"layout", "device", "pin_memory"}) a.take(99, k, ig);
  a.take(99, "requires_grad", rg);
  a.finish(2 + extra);
  w.dt = float_dtype_arg(in, dt, fname);
  w.requires_grad = !rg.is_none() && in.truthy(rg);
  if (w.n < 0) in.raise_exc("RuntimeError", std::string(fname) + " requires non-negative window_length, got window_length=" + std::to_string(w.n));
  if (is_complex(w.dt)) in.raise_exc("RuntimeError", std::string("\"arange_cpu\" not implemented for '") + torch_type_name(w.dt) + "'");
  if (!is_float(w.dt)) {
    // window_function_checks prints the TensorOptions, whose dtype is the C++ type's name
    const char* cname = w.dt == DType::I64 ? "long int" : w.dt == DType::I32 ? "int" : w.dt == DType::I16 ? "short int"
                        : w.dt == DType::I8 ? "signed char" : w.dt == DType::U8 ? "unsigned char" : w.dt == DType::Bool ? "bool"
                        : torch_type_name(w.dt);
    in.raise_exc("RuntimeError", std::string(fname) + " expects floating point dtypes, got: TensorOptions(dtype=" + cname +
                                     ", device=cpu, layout=Strided (default), requires_grad=false (default), pinned_memory=false, "
                                     "memory_format=(nullopt))");
  }
  return w;
}
Value arange_of(Interp& in, int64_t n, DType dt) {
  return call(in, torch_attr(in, "arange"), {Value::integer(n)}, {{"dtype", dtype_value(in, dt, true)}});
}
Value finish_window(Interp& in, Value w, const WindowArgs& a, int64_t len) {
  if (a.periodic) w = method(in, w, "narrow", {Value::integer(0), Value::integer(0), Value::integer(len - 1)});
  if (a.requires_grad) method(in, w, "requires_grad_");
  return w;
}
// A window of length 0 is empty, of length 1 a one.
bool trivial_window(Interp& in, const WindowArgs& w, Value& out) {
  if (w.n > 1) return false;
  out = call(in, torch_attr(in, w.n == 0 ? "empty" : "ones"), {Value::integer(w.n)}, {{"dtype", dtype_value(in, w.dt, true)}});
  if (w.requires_grad) method(in, out, "requires_grad_");
  return true;
}
// hamming: alpha - beta cos(2 pi k / (N - 1))
Value hamming_core(Interp& in, const WindowArgs& w, double alpha, double beta) {
  Value out;
  if (trivial_window(in, w, out)) return out;
  const int64_t len = w.n + (w.periodic ? 1 : 0);
  NoGrad ng;
  Value x = arange_of(in, len, w.dt);
  method(in, x, "mul_", {num(M_PI * 2.0 / double(len - 1))});
  method(in, x, "cos_");
  method(in, x, "mul_", {num(-beta)});
  method(in, x, "add_", {num(alpha)});
  return finish_window(in, x, w, len);
}
Value hann_window_fn(Interp& in, Args& a) {
  std::vector<Value> ex;
  WindowArgs w = window_args(in, a, "hann_window", 0, &ex);
  return hamming_core(in, w, 0.5, 0.5);
}
Value hamming_window_fn(Interp& in, Args& a) {
  std::vector<Value> ex;
  WindowArgs w = window_args(in, a, "hamming_window", 2, &ex);
  const double alpha = ex[0].is_none() ? 0.54 : in.float_value(ex[0]);
  const double beta = ex[1].is_none() ? 0.46 : in.float_value(ex[1]);
  return hamming_core(in, w, alpha, beta);
}
// blackman: 0.42 - 0.5 cos(2 pi k / (N - 1)) + 0.08 cos(4 pi k / (N - 1))
Value blackman_window_fn(Interp& in, Args& a) {
  std::vector<Value> ex;
  WindowArgs w = window_args(in, a, "blackman_window", 0, &ex);
  Value out;
  if (trivial_window(in, w, out)) return out;
  const int64_t len = w.n + (w.periodic ? 1 : 0);
  NoGrad ng;
  Value x = arange_of(in, len, w.dt);
  method(in, x, "mul_", {num(M_PI / double(len - 1))});
  Value c4 = method(in, method(in, method(in, x, "mul", {Value::integer(4)}), "cos_"), "mul_", {num(0.08)});
  Value c2 = method(in, method(in, method(in, x, "mul", {Value::integer(2)}), "cos_"), "mul_", {num(0.5)});
  Value r = in.binop(BinOp::Add, in.binop(BinOp::Sub, c4, c2), num(0.42));
  return finish_window(in, r, w, len);
}
// bartlett: 2k / (N - 1) rising, then 2 - 2k / (N - 1)
Value bartlett_window_fn(Interp& in, Args& a) {
  std::vector<Value> ex;
  WindowArgs w = window_args(in, a, "bartlett_window", 0, &ex);
  Value out;
  if (trivial_window(in, w, out)) return out;
  const int64_t len = w.n + (w.periodic ? 1 : 0);
  NoGrad ng;
  Value x = arange_of(in, len, w.dt);
  method(in, x, "mul_", {num(2.0 / double(len - 1))});
  const int64_t first = ((len - 1) >> 1) + 1;
  Value tail = method(in, x, "narrow", {Value::integer(0), Value::integer(first), Value::integer(len - first)});
  method(in, method(in, tail, "mul_", {Value::integer(-1)}), "add_", {Value::integer(2)});
  return finish_window(in, x, w, len);
}
// kaiser: i0(beta sqrt(1 - ((k - a) / a)^2)) / i0(beta), a = (N - 1) / 2
Value kaiser_window_fn(Interp& in, Args& a) {
  std::vector<Value> ex;
  WindowArgs w = window_args(in, a, "kaiser_window", 1, &ex);
  const double beta = ex[0].is_none() ? 12.0 : in.float_value(ex[0]);
  Value out;
  if (trivial_window(in, w, out)) return out;
  const int64_t len = w.n + (w.periodic ? 1 : 0);
  NoGrad ng;
  const double alpha = double(len - 1) / 2.0;
  Value x = arange_of(in, len, w.dt);
  Value t = in.binop(BinOp::TrueDiv, in.binop(BinOp::Sub, x, num(alpha)), num(alpha));
  Value r = method(in, method(in, in.binop(BinOp::Sub, Value::integer(1), method(in, t, "pow", {num(2.0)})), "abs"), "sqrt");
  Value num_ = method(in, in.binop(BinOp::Mul, r, num(beta)), "i0");
  Value den = method(in, call(in, torch_attr(in, "tensor"), {num(beta)}, {{"dtype", dtype_value(in, w.dt, true)}}), "i0");
  return finish_window(in, in.binop(BinOp::TrueDiv, num_, den), w, len);
}

}  // namespace

void install_torch_composite_more(Interp& in, ModuleObj& tm) {
  ModuleObj& f = submodule(in, "torch.nn.functional");
  def_fn(in, f, "normalize", normalize_fn);
  def_fn(in, f, "cosine_similarity", cosine_similarity_fn);
  def_fn(in, f, "pairwise_distance", pairwise_distance_fn);
  def_fn(in, tm, "cosine_similarity", cosine_similarity_fn);
  def_fn(in, tm, "pairwise_distance", pairwise_distance_fn);
  struct Inplace {
    const char* name;
    const char* base;
    size_t nparams;
  };
  static const Inplace inplace[] = {{"relu_", "relu", 1},          {"elu_", "elu", 2},       {"leaky_relu_", "leaky_relu", 2},
                                    {"hardtanh_", "hardtanh", 3},  {"threshold_", "threshold", 3}, {"celu_", "celu", 2},
                                    {"selu_", "selu", 1}};
  for (const Inplace& e : inplace)
    if (f.attrs.count(e.base)) def_fn(in, f, e.name, inplace_activation(e.name, e.base, e.nparams));
  for (const char* n : {"celu_", "selu_", "threshold_", "relu_"})
    if (!tm.attrs.count(n) && f.attrs.count(n)) tm.attrs[n] = f.attrs.at(n);
  // torch.X of the functional ops whose native signature is F.X's
  struct Same {
    const char* name;
    size_t least, most;  // positional arguments of the native signature
  };
  static const Same same[] = {{"conv1d", 2, 7},     {"conv2d", 2, 7},          {"avg_pool1d", 2, 6},
                              {"max_pool1d", 2, 6}, {"max_pool2d", 2, 6},      {"adaptive_avg_pool1d", 2, 2},
                              {"celu", 1, 2},       {"selu", 1, 1},            {"threshold", 3, 3},
                              {"hardshrink", 1, 2}, {"pixel_shuffle", 2, 2},   {"pixel_unshuffle", 2, 2},
                              {"prelu", 2, 2},      {"rms_norm", 2, 4}};
  for (const Same& e : same)
    if (!tm.attrs.count(e.name) && f.attrs.count(e.name)) def_fn(in, tm, e.name, same_as_functional(e.name, e.least, e.most));
  struct ViaNn {
    const char* name;
    size_t least, most;
    bool with_indices;
  };
  static const ViaNn via_nn[] = {{"pixel_shuffle", 2, 2, false},     {"pixel_unshuffle", 2, 2, false},
                                 {"prelu", 2, 2, false},             {"rms_norm", 2, 4, false},
                                 {"conv_transpose1d", 2, 8, false},  {"conv_transpose2d", 2, 8, false},
                                 {"adaptive_max_pool1d", 2, 2, true}, {"max_pool1d_with_indices", 2, 6, false}};
  for (const ViaNn& e : via_nn)
    if (!tm.attrs.count(e.name)) def_fn(in, tm, e.name, via_torch_nn(e.name, e.least, e.most, e.with_indices));
  def_fn(in, tm, "kl_div", torch_kl_div_fn);
  def_fn(in, tm, "binary_cross_entropy_with_logits", torch_bce_logits_fn);
  if (f.attrs.count("layer_norm")) def_fn(in, tm, "layer_norm", drop_cudnn_flag("layer_norm", "cudnn_enable"));
  if (f.attrs.count("group_norm")) def_fn(in, tm, "group_norm", drop_cudnn_flag("group_norm", "cudnn_enabled"));
  if (f.attrs.count("batch_norm")) def_fn(in, tm, "batch_norm", torch_batch_norm_fn);
  if (f.attrs.count("instance_norm")) def_fn(in, tm, "instance_norm", torch_instance_norm_fn);
  def_fn(in, tm, "embedding", torch_embedding_fn);
  def_fn(in, tm, "dropout", torch_dropout_fn);

  static const MethodEntry methods[] = {
      {"take_along_dim", take_along_dim_method, {"take_along_dim(indices, dim=)"}},
      {"repeat_interleave", repeat_interleave_method, {"repeat_interleave(repeats, dim=, *, output_size=)"}},
      {"ldexp", ldexp_method, {"ldexp(other)"}},
      {"ldexp_", ldexp_inplace, {"ldexp_(other)"}},
      {"conj", conj_method, {"conj()"}},
      {"conj_physical", conj_method, {"conj_physical()"}},
      {"resolve_conj", self_method, {"resolve_conj()"}},
      {"resolve_neg", self_method, {"resolve_neg()"}},
  };
  for (const MethodEntry& e : methods) def_composite_tensor_method(e.name, e.fn, e.params);
  def_fn(in, tm, "take_along_dim", take_along_dim_fn);
  def_fn(in, tm, "repeat_interleave", repeat_interleave_fn);
  def_fn(in, tm, "ldexp", ldexp_fn);
  def_fn(in, tm, "conj", unary_fn("conj", conj_method));
  def_fn(in, tm, "conj_physical", unary_fn("conj_physical", conj_method));
  def_fn(in, tm, "resolve_conj", unary_fn("resolve_conj", self_method));
  def_fn(in, tm, "resolve_neg", unary_fn("resolve_neg", self_method));
  def_fn(in, tm, "cartesian_prod", cartesian_prod_fn);
  def_fn(in, tm, "logspace", logspace_fn);
  def_fn(in, tm, "hann_window", hann_window_fn);
  def_fn(in, tm, "hamming_window", hamming_window_fn);
  def_fn(in, tm, "blackman_window", blackman_window_fn);
  def_fn(in, tm, "bartlett_window", bartlett_window_fn);
  def_fn(in, tm, "kaiser_window", kaiser_window_fn);
}

}  // namespace sl::lang
