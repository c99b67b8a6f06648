// torch/norm: torch.nn.functional's batch_norm, group_norm and instance_norm
// over the kernels of core/torch/norm.hpp, which torch.nn's BatchNorm,
// GroupNorm and InstanceNorm modules call (core/lang/frozen/torch.nn.modules.
// batchnorm.py, .normalization.py, .instancenorm.py).
//
// batch_norm and group_norm are one recorded op each (NativeBatchNormBackward0,
// NativeGroupNormBackward0; state in core/torch/derivatives_conv.cpp), as
// ATen's native_batch_norm / native_group_norm; instance_norm is ATen's
// composite: the input viewed as (1, N * C, *), batch_norm with the affine
// parameters and running statistics repeated N times, the running statistics
// then set to the mean over N of the updated copies, the result viewed back
// (ViewBackward0). The checks and their messages are functional.py's and
// ATen's, in their order.
#include <string>

#include "core/torch/autograd.hpp"
#include "core/torch/norm.hpp"

#include "core/lang/objects/classes.hpp"
#include "core/lang/torch/autograd.hpp"
#include "core/lang/torch/convert.hpp"

namespace sl::lang {

namespace {

Value method(Interp& in, const Value& self, const char* name, std::vector<Value> pos) {
  return in.call(in.getattr(self, name), std::move(pos));
}

std::string size_repr(const Shape& s) {
  std::string r = "torch.Size([";
  for (size_t k = 0; k < s.size(); ++k) r += (k ? ", " : "") + std::to_string(s[k]);
  return r + "])";
}

ArrayPtr optional_tensor(Interp& in, const Value& v, const char* fname, const char* name, int pos) {
  return v.is_none() ? nullptr : tensor_arg(in, v, fname, name, pos);
}

void check_float(Interp& in, const Array& x, const char* fname) {
  if (x.dtype != DType::F32 && x.dtype != DType::F64)
    in.raise_exc("NotImplementedError", std::string("stridelab's ") + fname + " takes float32 and float64 tensors, not " + torch_type_name(x.dtype));
}

// functional.py _verify_batch_size: more than one value per channel when training.
// as_list: group_norm passes a list, batch_norm the input's torch.Size.
void verify_batch_size(Interp& in, const Shape& s, bool as_list = false) {
  int64_t per = s[0];
  for (size_t k = 2; k < s.size(); ++k) per *= s[k];
  if (per != 1) return;
  std::string shown = size_repr(s);
  if (as_list) shown = shown.substr(11, shown.size() - 12);  // "torch.Size([1, 2])" -> "[1, 2]"
  in.raise_exc("ValueError", "Expected more than 1 value per channel when training, got input size " + shown);
}

// The per-channel tensors' checks (ATen's batch_norm_cpu_update_stats / batch_norm's).
void check_channels(Interp& in, const ArrayPtr& t, const char* name, int64_t C, DType dt) {
  if (!t) return;
  if (t->size() != C)
    in.raise_exc("RuntimeError", std::string(name) + " should contain " + std::to_string(C) + " elements not " + std::to_string(t->size()));
  if (t->dtype != dt)
    in.raise_exc("RuntimeError", std::string("expected scalar type ") + torch_type_name(dt) + " but found " + torch_type_name(t->dtype));
}

ArrayPtr batch_norm_op(Interp& in, const ArrayPtr& x, const ArrayPtr& w, const ArrayPtr& b, const ArrayPtr& rm, const ArrayPtr& rv,
                       bool training, double momentum, double eps) {
  check_float(in, *x, "batch_norm");
  const int64_t C = x->ndim() > 1 ? x->shape[1] : 1;
  check_channels(in, w, "weight", C, x->dtype);
  check_channels(in, b, "bias", C, x->dtype);
  check_channels(in, rm, "running_mean", C, x->dtype);
  check_channels(in, rv, "running_var", C, x->dtype);
  if (!training && !rm) in.raise_exc("RuntimeError", "running_mean must be defined in evaluation mode");
  if (!training && !rv) in.raise_exc("RuntimeError", "running_var must be defined in evaluation mode");
  BatchNormResult r;
  ArrayPtr out = record_kernel(
      in, "NativeBatchNormBackward0", {x, w, b},
      [&] {
        r = batch_norm_forward(x, w, b, rm, rv, training, momentum, eps);
        // the kernel's writes into the running statistics are not autograd-visible
        // in-place ops: their version stays (a second forward leaves the first graph usable)
        return r.output;
      },
      [&](GradNode& n, const ArrayPtr&) {
        save_tensor(n, 0, x, false);
        if (w) save_tensor(n, 1, w, false);
        if (rm) save_tensor(n, 2, rm, false);
        if (rv) save_tensor(n, 3, rv, false);
        save_tensor(n, 4, r.save_mean, true);
        save_tensor(n, 5, r.save_invstd, true);
        n.ints = {training};
        n.scalars = {eps};
      });
  return out;
}

// F.batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-05)
Value batch_norm_fn(Interp& in, Args& a) {
  ArrayPtr x = tensor_arg(in, a.required(0, "input"), "batch_norm", "input", 1);
  ArrayPtr rm = optional_tensor(in, a.required(1, "running_mean"), "batch_norm", "running_mean", 2);
  ArrayPtr rv = optional_tensor(in, a.required(2, "running_var"), "batch_norm", "running_var", 3);
  ArrayPtr w = optional_tensor(in, a.optional(3, "weight"), "batch_norm", "weight", 4);
  ArrayPtr b = optional_tensor(in, a.optional(4, "bias"), "batch_norm", "bias", 5);
  const bool training = in.truthy(a.optional(5, "training", Value::boolean(false)));
  Value mv = a.optional(6, "momentum", Value::floating(0.1));
  const double momentum = mv.is_none() ? 0.0 : in.float_value(mv);
  const double eps = in.float_value(a.optional(7, "eps", Value::floating(1e-5)));
  a.finish(8);
  if (training) verify_batch_size(in, x->shape);
  return Value(batch_norm_op(in, x, w, b, rm, rv, training, momentum, eps));
}

// F.group_norm(input, num_groups, weight=None, bias=None, eps=1e-05)
Value group_norm_fn(Interp& in, Args& a) {
  ArrayPtr x = tensor_arg(in, a.required(0, "input"), "group_norm", "input", 1);
  const int64_t G = in.index_value(a.required(1, "num_groups"));
  ArrayPtr w = optional_tensor(in, a.optional(2, "weight"), "group_norm", "weight", 3);
  ArrayPtr b = optional_tensor(in, a.optional(3, "bias"), "group_norm", "bias", 4);
  const double eps = in.float_value(a.optional(4, "eps", Value::floating(1e-5)));
  a.finish(5);
  if (x->ndim() < 2)
    in.raise_exc("RuntimeError", "Expected at least 2 dimensions for input tensor but received " + std::to_string(x->ndim()));
  const int64_t N = x->shape[0], C = x->shape[1];
  Shape vs{G ? N * C / G : 0, G};
  for (size_t k = 2; k < x->shape.size(); ++k) vs.push_back(x->shape[k]);
  verify_batch_size(in, vs, true);
  if (G <= 0 || C % G != 0) {
    std::string dims;
    for (size_t k = 0; k < x->shape.size(); ++k) dims += (k ? ", " : "") + std::to_string(x->shape[k]);
    in.raise_exc("RuntimeError", "Expected number of channels in input to be divisible by num_groups, but got input of shape [" + dims +
                                     "] and num_groups=" + std::to_string(G));
  }
  auto check = [&](const ArrayPtr& t, const char* what) {
    if (t && (t->ndim() != 1 || t->size() != C))
      in.raise_exc("RuntimeError", std::string("Expected ") + what + " to be a vector of size equal to the number of channels in input, but got " +
                                       what + " of shape [" + std::to_string(t->size()) + "] and input of shape [" + std::to_string(N) + ", " +
                                       std::to_string(C) + "]");
  };
  check(w, "weight");
  check(b, "bias");
  check_float(in, *x, "group_norm");
  GroupNormResult r;
  return Value(record_kernel(
      in, "NativeGroupNormBackward0", {x, w, b},
      [&] {
        r = group_norm_forward(x, w, b, G, eps);
        return r.output;
      },
      [&](GradNode& n, const ArrayPtr&) {
        save_tensor(n, 0, x, false);
        save_tensor(n, 1, r.mean, true);
        save_tensor(n, 2, r.rstd, true);
        if (w) save_tensor(n, 3, w, false);
        n.ints = {G};
      }));
}

// F.instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None,
//                 use_input_stats=True, momentum=0.1, eps=1e-05)
Value instance_norm_fn(Interp& in, Args& a) {
  Value xv = a.required(0, "input");
  ArrayPtr x = tensor_arg(in, xv, "instance_norm", "input", 1);
  Value rmv = a.optional(1, "running_mean"), rvv = a.optional(2, "running_var");
  Value wv = a.optional(3, "weight"), bv = a.optional(4, "bias");
  const bool use_stats = in.truthy(a.optional(5, "use_input_stats", Value::boolean(true)));
  const double momentum = in.float_value(a.optional(6, "momentum", Value::floating(0.1)));
  const double eps = in.float_value(a.optional(7, "eps", Value::floating(1e-5)));
  a.finish(8);
  if (use_stats) {  // functional.py _verify_spatial_size
    int64_t spatial = 1;
    for (size_t k = 2; k < x->shape.size(); ++k) spatial *= x->shape[k];
    if (spatial == 1) in.raise_exc("ValueError", "Expected more than 1 spatial element when training, got input size " + size_repr(x->shape));
  }
  if (x->ndim() < 2) in.raise_exc("IndexError", "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
  const int64_t N = x->shape[0], C = x->shape[1];
  Shape flat{1, N * C};
  for (size_t k = 2; k < x->shape.size(); ++k) flat.push_back(x->shape[k]);
  Value xr = method(in, method(in, xv, "contiguous", {}), "view", {torch_size_value(in, flat)});
  auto repeated = [&](const Value& v) -> ArrayPtr {
    return v.is_none() ? nullptr : method(in, v, "repeat", {Value::integer(N)}).array();
  };
  ArrayPtr rm = repeated(rmv), rv = repeated(rvv);
  ArrayPtr out = batch_norm_op(in, xr.array(), repeated(wv), repeated(bv), rm, rv, use_stats, momentum, eps);
  auto copy_back = [&](const Value& dst, const ArrayPtr& src) {
    if (dst.is_none()) return;
    Value m = method(in, method(in, Value(src), "view", {Value::integer(N), Value::integer(C)}), "mean", {Value::integer(0)});
    method(in, dst, "copy_", {m});
  };
  copy_back(rmv, rm);
  copy_back(rvv, rv);
  return method(in, Value(out), "view", {torch_size_value(in, x->shape)});
}

}  // namespace

const std::vector<std::pair<const char*, NativeFn>>& norm_functions() {
  static const std::vector<std::pair<const char*, NativeFn>> m = {
      {"batch_norm", batch_norm_fn},
      {"group_norm", group_norm_fn},
      {"instance_norm", instance_norm_fn},
  };
  return m;
}

}  // namespace sl::lang
