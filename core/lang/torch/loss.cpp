// torch/loss: the losses of torch.nn.functional (mse_loss, l1_loss,
// smooth_l1_loss, huber_loss, nll_loss, cross_entropy, binary_cross_entropy,
// binary_cross_entropy_with_logits, kl_div), which torch.nn's loss modules
// call (core/lang/frozen/torch.nn.py).
//
// Note [Losses: nodes and composites]: PyTorch 2.6 gives some losses a node
// of their own (MseLossBackward0, SmoothL1LossBackward0, HuberLossBackward0,
// NllLossBackward0, BinaryCrossEntropy(WithLogits)Backward0) and builds the
// others from tensor ops, whose nodes then make the graph (l1_loss is
// (x - t).abs().mean(); kl_div is t * (t.log() - x) or t.exp() * (t - x)
// reduced; cross_entropy is log_softmax then nll_loss, or for class
// probabilities and label smoothing the sums LossNLL.cpp writes). Here the
// first kind runs its kernel (core/torch/loss.hpp) inside one recorded call
// whose node the loss fills itself (record_loss: the saved tensors and
// arguments its formula in core/torch/derivatives_loss.cpp reads); the second
// kind calls the tensor methods, which record as they always do. The checks
// and their messages are those of torch/nn/functional.py and the ATen
// functions, in their order.
#include <cmath>
#include <cstring>

#include "core/kernels/activation.hpp"
#include "core/model/strides.hpp"
#include "core/ops/copy.hpp"
#include "core/torch/autograd.hpp"
#include "core/torch/loss.hpp"
#include "core/torch/views.hpp"

#include "core/lang/objects/classes.hpp"
#include "core/lang/torch/autograd.hpp"
#include "core/lang/torch/convert.hpp"

namespace sl::lang {

namespace {

Value method(Interp& in, const Value& self, const char* name, std::vector<Value> pos) {
  return in.call(in.getattr(self, name), std::move(pos));
}
Value fn(Interp& in, const char* module, const char* name, std::vector<Value> pos, std::vector<std::pair<std::string, Value>> kw = {}) {
  Args a;
  a.pos = std::move(pos);
  a.kw = std::move(kw);
  return in.call(in.modules.at(module)->attrs.at(name), a);
}

// Runs `compute` as the one recorded op `op` over the differentiable inputs
// (Note [Losses: nodes and composites]); `save` fills the node and answers
// whether the formula has what it needs.
Value record_loss(Interp& in, const char* op, const std::vector<ArrayPtr>& inputs, const std::function<ArrayPtr()>& compute,
                  const std::function<bool(GradNode&, const ArrayPtr&)>& save) {
  bool wanted = outside_recorded_op() && grad_mode().enabled && !grad_mode().inference;
  bool any = false;
  for (auto& x : inputs) any |= x && requires_grad(*x);
  auto run = [&]() -> ArrayPtr {
    try {
      return compute();
    } catch (const PyError& e) {
      in.raise_exc(e.type, e.msg);
    }
  };
  if (!wanted || !any) return Value(run());
  OpCall c;
  c.op = op;
  for (auto& x : inputs) c.pos.push_back(x ? Value(x) : Value());
  c.no_formula = true;  // the state is the loss's own (save)
  Value r = record_call(in, std::move(c), [&] { return Value(run()); });
  if (r.is_array() && r.arr().autograd && r.arr().autograd->grad_fn) {
    GradNode& n = *r.arr().autograd->grad_fn;
    n.has_state = save(n, r.array());
  }
  return r;
}

// tensor * scalar / tensor / scalar as ATen's C++ composites call them
// (mul.Scalar, div.Scalar: MulBackward1, DivBackward1), not as Python's
// operators, which wrap the number into a tensor (MulBackward0).
Value scalar_op(Interp& in, const char* overload, const Value& t, const Value& v) {
  OpCall c;
  c.op = overload;
  c.self = t.array();
  c.pos = {v};
  const std::string base = std::string(overload).substr(0, std::string(overload).find('.'));
  return record_call(in, std::move(c), [&] { return method(in, t, base.c_str(), {v}); });
}

// _Reduction.legacy_get_string, then get_enum's check.
LossReduction reduction_arg(Interp& in, const Value& size_average, const Value& reduce, const Value& reduction) {
  std::string r;
  if (!size_average.is_none() || !reduce.is_none()) {
    const bool sa = size_average.is_none() || in.truthy(size_average);
    const bool rd = reduce.is_none() || in.truthy(reduce);
    r = sa && rd ? "mean" : rd ? "sum" : "none";
  } else {
    r = in.str(reduction);
  }
  if (r == "none") return LossReduction::none;
  if (r == "mean") return LossReduction::mean;
  if (r == "sum") return LossReduction::sum;
  in.raise_exc("ValueError", r + " is not a valid value for reduction");
}

// apply_loss_reduction on an unreduced loss (below autograd: the loss's node stands for it)
ArrayPtr reduce_unreduced(Interp& in, const ArrayPtr& loss, LossReduction r) {
  if (r == LossReduction::none) return loss;
  return method(in, Value(loss), r == LossReduction::mean ? "mean" : "sum", {}).array();
}

// The common dtype of a binary loss kernel (TensorIterator's promotion of two
// tensors); an integer one has no kernel: "mse_cpu" not implemented for 'Long'.
DType binary_loss_dtype(Interp& in, const ArrayPtr& a, const ArrayPtr& b, const char* kernel) {
  DType dt = a->dtype;
  if (is_float(a->dtype) && is_float(b->dtype)) dt = itemsize(a->dtype) >= itemsize(b->dtype) ? a->dtype : b->dtype;
  else if (is_float(b->dtype)) dt = b->dtype;
  if (dt != DType::F32 && dt != DType::F64)
    in.raise_exc("RuntimeError", std::string("\"") + kernel + "\" not implemented for '" + torch_type_name(dt) + "'");
  return dt;
}

ArrayPtr as_dtype(const ArrayPtr& a, DType dt) {
  if (a->dtype == dt) return a;
  ArrayPtr r = copy_as(*a, dt, 'C');
  r->flavor = Flavor::Torch;
  return r;
}

// torch.broadcast_tensors' shape check, in its words.
Shape broadcast_pair(Interp& in, const Shape& a, const Shape& b) {
  const size_t n = std::max(a.size(), b.size());
  Shape out(n);
  for (size_t i = 0; i < n; ++i) {
    const int64_t da = i < n - a.size() ? 1 : a[i - (n - a.size())], db = i < n - b.size() ? 1 : b[i - (n - b.size())];
    if (da != db && da != 1 && db != 1)
      in.raise_exc("RuntimeError", "The size of tensor a (" + std::to_string(da) + ") must match the size of tensor b (" +
                                       std::to_string(db) + ") at non-singleton dimension " + std::to_string(i));
    out[i] = da == 1 ? db : da;
  }
  return out;
}

// The body of torch/nn/functional.py's pair losses reads target.size() and
// then input.size() once every argument is bound: a missing argument is the
// call's TypeError, a non-tensor the AttributeError of that read.
struct PairArgs {
  Value input_v, target_v, size_average, reduce, reduction_v;
  ArrayPtr input, target;
  LossReduction reduction = LossReduction::mean;
};
// (input, target, size_average=None, reduce=None, reduction='mean'); finish() is the caller's.
PairArgs pair_args(Interp& in, Args& a) {
  PairArgs p;
  p.input_v = a.required(0, "input");
  p.target_v = a.required(1, "target");
  p.size_average = a.optional(2, "size_average");
  p.reduce = a.optional(3, "reduce");
  p.reduction_v = a.optional(4, "reduction", make_str("mean"));
  return p;
}
// then the reduction (legacy_get_string, get_enum) as the body reads it after the sizes
void convert_pair(Interp& in, PairArgs& p, const char* fname) {
  p.target = python_tensor_arg(in, p.target_v, "size", fname);
  p.input = python_tensor_arg(in, p.input_v, "size", fname);
  p.reduction = reduction_arg(in, p.size_average, p.reduce, p.reduction_v);
}

// mse_loss / smooth_l1_loss / huber_loss: the kernel over the broadcast operands.
Value pointwise_loss(Interp& in, const char* op, PointLoss kind, const ArrayPtr& x, const ArrayPtr& t, LossReduction r,
                     double param, const char* kernel) {
  const Shape shape = broadcast_pair(in, x->shape, t->shape);
  const DType dt = binary_loss_dtype(in, x, t, kernel);
  ArrayPtr xb = x->shape == shape ? x : broadcast_to(x, shape), tb = t->shape == shape ? t : broadcast_to(t, shape);
  // huber_loss writes into empty_like(input), so its elements are the input's dtype
  // (computed in the common one); smooth_l1_loss's result is the common dtype
  const DType out = kind == PointLoss::huber ? x->dtype : dt;
  if (!torch_can_cast(dt, out))
    in.raise_exc("RuntimeError", std::string("result type ") + torch_type_name(dt) + " can't be cast to the desired output type " +
                                     torch_type_name(out));
  return record_loss(
      in, op, {x, t}, [&] { return reduce_unreduced(in, as_dtype(point_loss(kind, as_dtype(xb, dt), as_dtype(tb, dt), param), out), r); },
      [&](GradNode& n, const ArrayPtr&) {
        save_tensor(n, 0, xb, false);
        save_tensor(n, 1, tb, false);
        n.ints = {int64_t(r)};
        n.scalars = {param};
        return true;
      });
}

// F.mse_loss(input, target, size_average=None, reduce=None, reduction='mean')
Value mse_loss_fn(Interp& in, Args& a) {
  PairArgs p = pair_args(in, a);
  a.finish(5);
  convert_pair(in, p, "mse_loss");
  const Shape shape = broadcast_pair(in, p.input->shape, p.target->shape);
  const DType dt = binary_loss_dtype(in, p.input, p.target, "mse_cpu");
  // F.mse_loss saves the broadcast operands in their own dtypes (its backward refuses a mix)
  ArrayPtr xb = p.input->shape == shape ? p.input : broadcast_to(p.input, shape);
  ArrayPtr tb = p.target->shape == shape ? p.target : broadcast_to(p.target, shape);
  const LossReduction r = p.reduction;
  return record_loss(
      in, "mse_loss", {p.input, p.target},
      [&] {
        Value d = method(in, Value(as_dtype(xb, dt)), "sub", {Value(as_dtype(tb, dt))});
        return reduce_unreduced(in, method(in, d, "mul", {d}).array(), r);
      },
      [&](GradNode& n, const ArrayPtr&) {
        save_tensor(n, 0, xb, false);
        save_tensor(n, 1, tb, false);
        n.ints = {int64_t(r)};
        return true;
      });
}

// l1_loss: apply_loss_reduction((input - target).abs(), reduction), recorded op by op.
Value l1_composite(Interp& in, const ArrayPtr& x, const ArrayPtr& t, LossReduction r) {
  broadcast_pair(in, x->shape, t->shape);
  Value v = method(in, method(in, Value(x), "sub", {Value(t)}), "abs", {});
  if (r == LossReduction::none) return v;
  return method(in, v, r == LossReduction::mean ? "mean" : "sum", {});
}

Value l1_loss_fn(Interp& in, Args& a) {
  PairArgs p = pair_args(in, a);
  a.finish(5);
  convert_pair(in, p, "l1_loss");
  return l1_composite(in, p.input, p.target, p.reduction);
}

// F.smooth_l1_loss(input, target, size_average=None, reduce=None, reduction='mean', beta=1.0): beta 0 is l1_loss.
Value smooth_l1_loss_fn(Interp& in, Args& a) {
  PairArgs p = pair_args(in, a);
  Value beta_v = a.optional(5, "beta", Value::floating(1.0));
  a.finish(6);
  convert_pair(in, p, "smooth_l1_loss");
  const double beta = in.float_value(beta_v);
  if (beta == 0.0) return l1_composite(in, p.input, p.target, p.reduction);
  if (beta < 0) in.raise_exc("RuntimeError", "smooth_l1_loss does not support negative values for beta.");
  return pointwise_loss(in, "smooth_l1_loss", PointLoss::smooth_l1, p.input, p.target, p.reduction, beta, "smooth_l1_cpu");
}

// F.huber_loss(input, target, reduction='mean', delta=1.0, weight=None)
Value huber_loss_fn(Interp& in, Args& a) {
  PairArgs p;
  p.input_v = a.required(0, "input");
  p.target_v = a.required(1, "target");
  p.reduction_v = a.optional(2, "reduction", make_str("mean"));
  Value delta_v = a.optional(3, "delta", Value::floating(1.0));
  Value weight = a.optional(4, "weight");
  a.finish(5);
  if (weight.is_none()) {
    convert_pair(in, p, "huber_loss");
    const double delta = in.float_value(delta_v);
    if (delta <= 0) in.raise_exc("RuntimeError", "huber_loss does not support non-positive values for delta.");
    return pointwise_loss(in, "huber_loss", PointLoss::huber, p.input, p.target, p.reduction, delta, "huber_cpu");
  }
  // With a weight, torch/nn/functional.py computes the unweighted loss
  // (reduction 'none'), multiplies it by the weight and reduces in Python:
  // the reduction string is checked there, after the loss.
  const Value reduction_v = p.reduction_v;
  p.reduction_v = make_str("none");
  convert_pair(in, p, "huber_loss");
  const Value wsize = in.call(in.getattr(weight, "size"), std::vector<Value>{});
  if (!in.truthy(in.compare("==", wsize, in.call(in.getattr(p.input_v, "size"), std::vector<Value>{}))))
    in.raise_exc("ValueError", "Weights and input must have the same size.");
  const double delta = in.float_value(delta_v);
  if (delta <= 0) in.raise_exc("RuntimeError", "huber_loss does not support non-positive values for delta.");
  Value weighted = in.binop("*", pointwise_loss(in, "huber_loss", PointLoss::huber, p.input, p.target, LossReduction::none, delta, "huber_cpu"), weight);
  const std::string red = reduction_v.as<StrObj>() ? in.str(reduction_v) : in.repr(reduction_v);
  if (red == "none") return weighted;
  if (red == "sum") return method(in, weighted, "sum", {});
  if (red == "mean") return method(in, weighted, "mean", {});
  in.raise_exc("ValueError", "Invalid reduction mode: " + in.str(reduction_v) + ". Expected one of 'none', 'mean', 'sum'.");
}

// ---- the class losses

Value nll_record(Interp& in, const char* op, const ArrayPtr& lp, const ArrayPtr& target, const ArrayPtr& weight, int64_t ignore,
                 LossReduction r);

// The checks of both class losses' kernels on the weight and the dtypes.
void check_nll_operands(Interp& in, const ArrayPtr& lp, const ArrayPtr& target, const ArrayPtr& weight, int64_t C) {
  if (weight && (weight->ndim() != 1 || weight->size() != C))
    in.raise_exc("RuntimeError", "weight tensor should be defined either for all " + std::to_string(C) +
                                     " classes or no classes but got weight tensor of shape: " + list_repr(weight->shape));
  if (target->dtype != DType::I64 && target->dtype != DType::U8)
    in.raise_exc("RuntimeError", std::string("expected scalar type Long but found ") + torch_type_name(target->dtype));
  if (lp->dtype != DType::F32 && lp->dtype != DType::F64)
    in.raise_exc("RuntimeError", std::string("\"nll_loss_out_frame\" not implemented for '") + torch_type_name(lp->dtype) + "'");
}

// nll_loss_nd for 3 or more dims: a 4-D input goes to nll_loss2d as it is;
// others are viewed as (N, C, 1, -1) with the target as (N, 1, -1), and a
// 'none' result viewed back to (N, d...), each view a recorded op.
Value nll_spatial(Interp& in, const ArrayPtr& lp, const ArrayPtr& target, const ArrayPtr& weight, int64_t ignore, LossReduction r) {
  const int64_t N = lp->shape[0], C = lp->shape[1];
  Shape out_size{N};
  for (int k = 2; k < lp->ndim(); ++k) out_size.push_back(lp->shape[size_t(k)]);
  if (lp->ndim() == 4) {
    if (target->ndim() != 3)
      in.raise_exc("RuntimeError", "only batches of spatial targets supported (3D tensors) but got targets of dimension: " +
                                       std::to_string(target->ndim()));
    if (target->shape != out_size)
      in.raise_exc("RuntimeError", "size mismatch (got input: " + list_repr(lp->shape) + " , target: " + list_repr(target->shape));
    check_nll_operands(in, lp, target, weight, C);
    return nll_record(in, "nll_loss2d", lp, target, weight, ignore, r);
  }
  Shape tail(target->shape.begin() + (target->ndim() ? 1 : 0), target->shape.end());
  if (tail != Shape(lp->shape.begin() + 2, lp->shape.end()))
    in.raise_exc("RuntimeError", "Expected target size " + list_repr(out_size) + ", got " + list_repr(target->shape));
  check_nll_operands(in, lp, target, weight, C);
  const bool empty = lp->size() == 0;
  Value x = method(in, Value(lp), "contiguous", {});
  x = method(in, x, "view", {Value::integer(N), Value::integer(C), Value::integer(empty ? 0 : 1), Value::integer(empty ? 0 : -1)});
  Value t = method(in, method(in, Value(target), "contiguous", {}), "view",
                   {Value::integer(N), Value::integer(empty ? 0 : 1), Value::integer(empty ? 0 : -1)});
  Value out = nll_record(in, "nll_loss2d", x.array(), t.array(), weight, ignore, r);
  if (r != LossReduction::none) return out;
  std::vector<Value> dims;
  for (int64_t d : out_size) dims.push_back(Value::integer(d));
  return method(in, out, "view", dims);
}

// nll_loss_nd's and nll_loss's checks, then the kernel (1-D or 2-D input; more: nll_spatial).
Value nll(Interp& in, const ArrayPtr& lp, const ArrayPtr& target, const ArrayPtr& weight, int64_t ignore, LossReduction r) {
  if (lp->ndim() < 1) in.raise_exc("ValueError", "Expected 1 or more dimensions (got " + std::to_string(lp->ndim()) + ")");
  if (lp->ndim() != 1 && (target->ndim() == 0 || lp->shape[0] != target->shape[0]))
    in.raise_exc("ValueError", "Expected input batch_size (" + std::to_string(lp->shape[0]) + ") to match target batch_size (" +
                                   std::to_string(target->ndim() ? target->shape[0] : 1) + ").");
  if (lp->ndim() > 2) return nll_spatial(in, lp, target, weight, ignore, r);
  if (target->ndim() > 1) in.raise_exc("RuntimeError", "0D or 1D target tensor expected, multi-target not supported");
  const bool no_batch = lp->ndim() == 1 && target->ndim() == 0;
  if (!no_batch && lp->shape[0] != target->shape[0])
    in.raise_exc("RuntimeError", "size mismatch (got input: " + list_repr(lp->shape) + ", target: " + list_repr(target->shape) + ")");
  check_nll_operands(in, lp, target, weight, lp->shape.back());
  return nll_record(in, "nll_loss", lp, target, weight, ignore, r);
}

// The kernel as one recorded op (nll_loss or nll_loss2d) with its node's state.
Value nll_record(Interp& in, const char* op, const ArrayPtr& lp, const ArrayPtr& target, const ArrayPtr& weight, int64_t ignore,
                 LossReduction r) {
  ArrayPtr w = weight ? as_dtype(weight, lp->dtype) : nullptr;
  ArrayPtr total;
  return record_loss(
      in, op, {lp},
      [&] {
        NllForward f = nll_loss_forward(lp, target, w, r, ignore);
        total = f.total_weight;
        return f.output;
      },
      [&](GradNode& n, const ArrayPtr&) {
        save_tensor(n, 0, lp, false);
        save_tensor(n, 1, target, false);
        if (w) save_tensor(n, 2, w, false);
        save_tensor(n, 3, total, true);
        n.ints = {int64_t(r), ignore};
        return true;
      });
}

// The arguments nll_loss and cross_entropy share: (input, target, weight=None,
// size_average=None, ignore_index=-100, reduce=None, reduction='mean').
struct ClassLossArgs {
  ArrayPtr input, target, weight;
  int64_t ignore = -100;
  LossReduction reduction = LossReduction::mean;
};
ClassLossArgs class_loss_args(Interp& in, Args& a, const char* fname) {
  ClassLossArgs r;
  r.input = tensor_arg(in, a.required(0, "input"), fname, "input", 1);
  r.target = tensor_arg(in, a.required(1, "target"), fname, "target", 2);
  Value w = a.optional(2, "weight");
  if (!w.is_none()) r.weight = tensor_arg(in, w, fname, "weight", 3);
  Value sa = a.optional(3, "size_average");
  r.ignore = in.index_value(a.optional(4, "ignore_index", Value::integer(-100)));
  Value rd = a.optional(5, "reduce");
  r.reduction = reduction_arg(in, sa, rd, a.optional(6, "reduction", make_str("mean")));
  return r;
}

Value nll_loss_fn(Interp& in, Args& a) {
  ClassLossArgs c = class_loss_args(in, a, "nll_loss");
  a.finish(7);
  return nll(in, c.input, c.target, c.weight, c.ignore, c.reduction);
}

// weight viewed as (1, C, 1, ...) against an input of nd dims (class dim 1), or as it is for a 1-D input.
Value class_weight_view(Interp& in, const ArrayPtr& w, int nd) {
  if (nd <= 1) return Value(w);
  std::vector<Value> shape(size_t(nd), Value::integer(1));
  shape[1] = Value::integer(w->shape[0]);
  return method(in, Value(w), "view", shape);
}

// F.cross_entropy(input, target, weight=None, size_average=None,
// ignore_index=-100, reduce=None, reduction='mean', label_smoothing=0.0):
// cross_entropy_loss (LossNLL.cpp): class probabilities when the shapes are
// equal, else class indices with or without label smoothing.
Value cross_entropy_fn(Interp& in, Args& a) {
  ClassLossArgs c = class_loss_args(in, a, "cross_entropy");
  const double smoothing = in.float_value(a.optional(7, "label_smoothing", Value::floating(0.0)));
  a.finish(8);
  const ArrayPtr& x = c.input;
  const int class_dim = x->ndim() == 1 ? 0 : 1;
  auto log_softmax = [&] {
    return fn(in, "torch.nn.functional", "log_softmax", {Value(x), Value::integer(class_dim)});
  };
  auto neg_sum = [&](const Value& v, bool per_sample) {
    Value s = per_sample ? method(in, v, "sum", {Value::integer(class_dim)}) : method(in, v, "sum", {});
    return method(in, s, "neg", {});
  };
  if (x->shape == c.target->shape) {  // class probabilities
    if (!is_float(c.target->dtype))
      in.raise_exc("RuntimeError", std::string("Expected floating point type for target with class probabilities, got ") +
                                       torch_type_name(c.target->dtype));
    if (c.ignore >= 0) in.raise_exc("RuntimeError", "ignore_index is not supported for floating point target");
    const int64_t C = x->ndim() ? x->shape[size_t(class_dim)] : 1;
    if (c.weight && (c.weight->ndim() != 1 || c.weight->size() != C))
      in.raise_exc("RuntimeError", "cross_entropy: weight tensor should be defined either for all " + std::to_string(C) +
                                       " classes or no classes but got weight tensor of shape: " + list_repr(c.weight->shape));
    Value lsm = log_softmax();
    Value target(c.target);
    if (smoothing > 0.0) {
      if (smoothing > 1.0) in.raise_exc("RuntimeError", "label_smoothing must be between 0.0 and 1.0. Got: " + in.repr(Value::floating(smoothing)));
      target = method(in, method(in, target, "mul", {Value::floating(1 - smoothing)}), "add", {Value::floating(smoothing / double(C))});  // target_ is no input that requires grad
    }
    Value prod = method(in, lsm, "mul", {target});
    if (c.weight) prod = method(in, prod, "mul", {class_weight_view(in, c.weight, x->ndim())});
    if (c.reduction == LossReduction::none) return neg_sum(prod, true);
    Value total = neg_sum(prod, false);
    if (c.reduction == LossReduction::sum) return total;
    if (x->size() == 0) return method(in, total, "fill_", {Value::floating(NAN)});
    return scalar_op(in, "div.Scalar", total, Value::integer(x->size() / C));
  }
  if (smoothing > 0.0) {
    if (smoothing > 1.0) in.raise_exc("RuntimeError", "label_smoothing must be between 0.0 and 1.0. Got: " + in.repr(Value::floating(smoothing)));
    // cross_entropy_loss_label_smoothing: (1 - s) * nll + s / C * (the smoothing term reduced)
    Value lsm = log_softmax();
    Value nl = nll(in, lsm.array(), c.target, c.weight, c.ignore, c.reduction);
    const int64_t C = x->shape[size_t(class_dim)];
    Value smooth = c.weight ? neg_sum(method(in, lsm, "mul", {class_weight_view(in, c.weight, x->ndim())}), true) : neg_sum(lsm, true);
    Value ignore_mask = method(in, Value(c.target), "eq", {Value::integer(c.ignore)});
    method(in, smooth, "masked_fill_", {ignore_mask, Value::floating(0.0)});
    Value ret = smooth;
    if (c.reduction == LossReduction::sum) ret = method(in, smooth, "sum", {});
    else if (c.reduction == LossReduction::mean) {
      Value keep = method(in, ignore_mask, "logical_not", {});
      Value denom = c.weight ? method(in, method(in, Value(c.weight), "gather", {Value::integer(0), method(in, method(in, Value(c.target), "masked_select", {keep}), "flatten", {})}), "sum", {})
                             : method(in, keep, "sum", {});
      ret = method(in, method(in, smooth, "sum", {}), "div", {denom});
    }
    Value left = scalar_op(in, "mul.Scalar", nl, Value::floating(1 - smoothing));
    return method(in, left, "add", {scalar_op(in, "mul.Scalar", ret, Value::floating(smoothing / double(C)))});
  }
  Value lsm = log_softmax();
  return nll(in, lsm.array(), c.target, c.weight, c.ignore, c.reduction);
}

// F.binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction='mean')
Value bce_fn(Interp& in, Args& a) {
  Value xv = a.required(0, "input"), tv = a.required(1, "target");
  Value wv = a.optional(2, "weight");
  Value sa = a.optional(3, "size_average"), rd = a.optional(4, "reduce");
  Value red = a.optional(5, "reduction", make_str("mean"));
  a.finish(6);
  ArrayPtr t = python_tensor_arg(in, tv, "size", "binary_cross_entropy");
  ArrayPtr x = python_tensor_arg(in, xv, "size", "binary_cross_entropy");
  const LossReduction r = reduction_arg(in, sa, rd, red);
  if (t->shape != x->shape)
    in.raise_exc("ValueError", "Using a target size (torch.Size(" + list_repr(t->shape) + ")) that is different to the input size (torch.Size(" +
                                   list_repr(x->shape) + ")) is deprecated. Please ensure they have the same size.");
  ArrayPtr w;
  if (!wv.is_none()) {
    w = tensor_arg(in, wv, "binary_cross_entropy", "weight", 3);
    w = broadcast_to(w, broadcast_pair(in, t->shape, w->shape));  // _infer_size(target.size(), weight.size())
  }
  if (x->dtype != DType::F32 && x->dtype != DType::F64)
    in.raise_exc("RuntimeError", std::string("\"binary_cross_entropy\" not implemented for '") + torch_type_name(x->dtype) + "'");
  if (t->dtype != x->dtype)
    in.raise_exc("RuntimeError", std::string("Found dtype ") + torch_type_name(t->dtype) + " but expected " + torch_type_name(x->dtype));
  ArrayPtr wd = w ? as_dtype(w, x->dtype) : nullptr;
  return record_loss(
      in, "binary_cross_entropy", {x, t},
      [&] {
        ArrayPtr loss = point_loss(PointLoss::bce, x, t, 0.0);
        if (wd) loss = method(in, Value(loss), "mul", {Value(wd)}).array();
        return reduce_unreduced(in, loss, r);
      },
      [&](GradNode& n, const ArrayPtr&) {
        save_tensor(n, 0, x, false);
        save_tensor(n, 1, t, false);
        if (wd) save_tensor(n, 2, wd, false);
        n.ints = {int64_t(r)};
        return true;
      });
}

// F.binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None, reduction='mean', pos_weight=None)
Value bce_logits_fn(Interp& in, Args& a) {
  Value xv = a.required(0, "input"), tv = a.required(1, "target");
  Value wv = a.optional(2, "weight");
  Value sa = a.optional(3, "size_average"), rd = a.optional(4, "reduce");
  Value red = a.optional(5, "reduction", make_str("mean"));
  Value pv = a.optional(6, "pos_weight");
  a.finish(7);
  ArrayPtr t = python_tensor_arg(in, tv, "size", "binary_cross_entropy_with_logits");
  ArrayPtr x = python_tensor_arg(in, xv, "size", "binary_cross_entropy_with_logits");
  const LossReduction r = reduction_arg(in, sa, rd, red);
  if (t->shape != x->shape)
    in.raise_exc("ValueError", "Target size (torch.Size(" + list_repr(t->shape) + ")) must be the same as input size (torch.Size(" +
                                   list_repr(x->shape) + "))");
  const DType dt = binary_loss_dtype(in, x, t, "binary_cross_entropy_with_logits");
  if (!is_float(t->dtype))
    in.raise_exc("RuntimeError", std::string("result type Float can't be cast to the desired output type ") + torch_type_name(t->dtype));
  ArrayPtr pw, w;
  if (!pv.is_none()) {
    pw = tensor_arg(in, pv, "binary_cross_entropy_with_logits", "pos_weight", 7);
    broadcast_pair(in, pw->shape, t->shape);
    pw = as_dtype(broadcast_to(pw, x->shape), dt);
  }
  if (!wv.is_none()) {
    w = tensor_arg(in, wv, "binary_cross_entropy_with_logits", "weight", 3);
    broadcast_pair(in, x->shape, w->shape);
    w = as_dtype(broadcast_to(w, x->shape), dt);
  }
  ArrayPtr xe = as_dtype(x, dt), te = as_dtype(t, dt);
  return record_loss(
      in, "binary_cross_entropy_with_logits", {x, t}, [&] { return reduce_unreduced(in, bce_with_logits(xe, te, w, pw), r); },
      [&](GradNode& n, const ArrayPtr&) {
        save_tensor(n, 0, xe, false);
        save_tensor(n, 1, te, false);
        if (w) save_tensor(n, 2, w, false);
        if (pw) save_tensor(n, 3, pw, false);
        n.ints = {int64_t(r)};
        return true;
      });
}

// F.kl_div(input, target, size_average=None, reduce=None, reduction='mean', log_target=False):
// torch.kl_div (Loss.cpp): exp(t) * (t - x) for log targets, else
// xlogy(t, t) - t * x, reduced; 'batchmean' is the sum divided by the batch size.
Value kl_div_fn(Interp& in, Args& a) {
  Value xv0 = a.required(0, "input"), tv0 = a.required(1, "target");
  Value sa = a.optional(2, "size_average"), rd = a.optional(3, "reduce");
  Value red = a.optional(4, "reduction", make_str("mean"));
  Value lt = a.optional(5, "log_target", Value::boolean(false));
  a.finish(6);
  const bool log_target = in.truthy(lt);
  // torch.kl_div's argument parser
  ArrayPtr x = tensor_arg(in, xv0, "kl_div", "input", 1);
  ArrayPtr t = tensor_arg(in, tv0, "kl_div", "target", 2);
  bool batchmean = false;
  LossReduction r;
  if (sa.is_none() && rd.is_none() && in.str(red) == "batchmean") {
    batchmean = true;
    r = LossReduction::sum;
  } else {
    r = reduction_arg(in, sa, rd, red);
  }
  Value xv(x), tv(t);
  Value out;
  if (log_target) {
    out = method(in, method(in, tv, "exp", {}), "mul", {method(in, tv, "sub", {xv})});
  } else {
    out = method(in, method(in, tv, "xlogy", {tv}), "sub", {method(in, tv, "mul", {xv})});
  }
  if (r == LossReduction::mean) out = method(in, out, "mean", {});
  else if (r == LossReduction::sum) out = method(in, out, "sum", {});
  if (batchmean && x->ndim() != 0) out = method(in, out, "div", {Value::integer(x->shape[0])});
  return out;
}

}  // namespace

const std::vector<std::pair<const char*, NativeFn>>& loss_functions() {
  static const std::vector<std::pair<const char*, NativeFn>> m = {
      {"mse_loss", mse_loss_fn},
      {"l1_loss", l1_loss_fn},
      {"smooth_l1_loss", smooth_l1_loss_fn},
      {"huber_loss", huber_loss_fn},
      {"nll_loss", nll_loss_fn},
      {"cross_entropy", cross_entropy_fn},
      {"binary_cross_entropy", bce_fn},
      {"binary_cross_entropy_with_logits", bce_logits_fn},
      {"kl_div", kl_div_fn},
  };
  return m;
}

}  // namespace sl::lang
