// torch/functional: the module torch.nn.functional (import torch.nn.functional
// as F) with the functions that need no nn.Module: softmax, relu, dropout and
// scaled_dot_product_attention.
//
// Invariant: each function is the composition ATen's CompositeImplicit
// definition makes of tensor operations (torch/nn/functional.py,
// aten/src/ATen/native/Dropout.cpp, transformers/attention.cpp
// _scaled_dot_product_attention_math), calling the tensor methods the front end
// already registers, so dtypes, messages and kernels are those of the methods;
// random draws go through the CPU generator (core/torch_random).
#include <cmath>

#include "core/lang/torch/convert.hpp"
#include "core/torch_random.hpp"
#include "core/torch_views.hpp"

namespace sl::lang {

namespace {

Value method(Interp& in, const Value& self, const char* name, std::vector<Value> pos) {
  return in.call(in.getattr(self, name), std::move(pos));
}

Value method_kw(Interp& in, const Value& self, const char* name, std::vector<Value> pos,
                std::vector<std::pair<std::string, Value>> kw) {
  Args a;
  a.pos = std::move(pos);
  a.kw = std::move(kw);
  return in.call(in.getattr(self, name), a);
}

Value torch_fn(Interp& in, const char* name, std::vector<Value> pos) {
  return in.call(in.modules.at("torch")->attrs.at(name), std::move(pos));
}

// F.softmax(input, dim=None, _stacklevel=3, dtype=None): Tensor.softmax.
Value softmax_fn(Interp& in, Args& a) {
  Value x = Value(tensor_arg(in, a.required(0, "input"), "softmax", "input", 1));
  Value dim = a.optional(1, "dim");
  Value ignored;
  a.take(2, "_stacklevel", ignored);
  Value dt = a.optional(3, "dtype");
  a.finish(4);
  if (dim.is_none()) {
    // _get_softmax_dim: 0 for 0-, 1- and 3-d inputs, 1 otherwise (PyTorch warns on stderr)
    const int nd = x.arr().ndim();
    dim = Value::integer(nd == 0 || nd == 1 || nd == 3 ? 0 : 1);
  }
  return method_kw(in, x, "softmax", {dim}, {{"dtype", dt}});
}

Value relu_fn(Interp& in, Args& a) {
  Value x = Value(tensor_arg(in, a.required(0, "input"), "relu", "input", 1));
  bool inplace = in.truthy(a.optional(1, "inplace", Value::boolean(false)));
  a.finish(2);
  Value r = method(in, x, "relu", {});
  if (inplace) return method(in, x, "copy_", {r});
  return r;
}

// Dropout.cpp _dropout<false>: noise = bernoulli_(1 - p) in the input's dtype,
// noise /= (1 - p), input * noise; p == 1 multiplies by zeros; not training or
// p == 0 returns the input itself.
Value dropout_tensor(Interp& in, const Value& x, double p, bool training, bool inplace) {
  if (p < 0.0 || p > 1.0)
    in.raise_exc("ValueError", "dropout probability has to be between 0 and 1, but got " + in.repr(Value::floating(p)));
  if (!training || p == 0.0 || x.arr().size() == 0) return x;
  const char* mul = inplace ? "mul_" : "mul";
  if (p == 1.0) return method(in, x, mul, {Value(make_array(x.arr().dtype, {}, 'C', Flavor::Torch))});
  ArrayPtr noise = torch_empty_like(x.arr(), x.arr().dtype);
  if (!is_float(noise->dtype))
    in.raise_exc("RuntimeError", "result type Float can't be cast to the desired output type " + std::string(name(noise->dtype)));
  torch_bernoulli_scalar_(*noise, 1.0 - p, torch_default_generator());
  Value nv = method(in, Value(noise), "div_", {Value::floating(1.0 - p)});
  return method(in, x, mul, {nv});
}

Value dropout_fn(Interp& in, Args& a) {
  Value x = Value(tensor_arg(in, a.required(0, "input"), "dropout", "input", 1));
  double p = in.float_value(a.optional(1, "p", Value::floating(0.5)));
  bool training = in.truthy(a.optional(2, "training", Value::boolean(true)));
  bool inplace = in.truthy(a.optional(3, "inplace", Value::boolean(false)));
  a.finish(4);
  return dropout_tensor(in, x, p, training, inplace);
}

// _scaled_dot_product_attention_math: scale = 1/sqrt(E) unless given;
// attn = softmax(q k^T * scale + mask) with a causal or boolean mask as -inf,
// a float mask added; dropout on attn; attn @ v.
Value sdpa_fn(Interp& in, Args& a) {
  Value q = Value(tensor_arg(in, a.required(0, "query"), "scaled_dot_product_attention", "query", 1));
  Value k = Value(tensor_arg(in, a.required(1, "key"), "scaled_dot_product_attention", "key", 2));
  Value v = Value(tensor_arg(in, a.required(2, "value"), "scaled_dot_product_attention", "value", 3));
  Value mask = a.optional(3, "attn_mask");
  double dropout_p = in.float_value(a.optional(4, "dropout_p", Value::floating(0.0)));
  bool causal = in.truthy(a.optional(5, "is_causal", Value::boolean(false)));
  Value scale = a.optional(6, "scale");
  Value gqa;
  a.take(7, "enable_gqa", gqa);
  a.finish(8);
  const Array& qa = q.arr();
  const Array& ka = k.arr();
  if (qa.ndim() < 2 || ka.ndim() < 2 || v.arr().ndim() < 2)
    in.raise_exc("RuntimeError", "scaled_dot_product_attention: query, key and value must be at least 2-dimensional");
  if (causal && !mask.is_none())
    in.raise_exc("RuntimeError", "_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True");
  const int64_t L = qa.shape[size_t(qa.ndim() - 2)], S = ka.shape[size_t(ka.ndim() - 2)];
  const double sc = scale.is_none() ? 1.0 / std::sqrt(double(qa.shape.back())) : in.float_value(scale);
  Value kt = method(in, k, "transpose", {Value::integer(-2), Value::integer(-1)});
  Value attn = method(in, method(in, q, "matmul", {kt}), "mul", {Value::floating(sc)});
  if (causal) {
    Value ones = torch_fn(in, "ones", {Value::integer(L), Value::integer(S)});
    Value keep = method(in, torch_fn(in, "tril", {ones}), "bool", {});
    mask = keep;
  }
  if (!mask.is_none()) {
    if (!is_tensor(mask))
      in.raise_exc("TypeError", "scaled_dot_product_attention(): argument 'attn_mask' must be Tensor, not " + in.type_of(mask)->name);
    if (mask.arr().dtype == DType::Bool) {
      Value drop = method(in, mask, "logical_not", {});
      attn = method(in, attn, "masked_fill", {drop, Value::floating(-INFINITY)});
    } else {
      attn = method(in, attn, "add", {mask});
    }
  }
  attn = method(in, attn, "softmax", {Value::integer(-1)});
  if (dropout_p > 0.0) attn = dropout_tensor(in, attn, dropout_p, true, false);
  return method(in, attn, "matmul", {v});
}

const std::vector<std::pair<const char*, NativeFn>>& functional_functions() {
  static const std::vector<std::pair<const char*, NativeFn>> m = {
      {"softmax", softmax_fn},
      {"relu", relu_fn},
      {"dropout", dropout_fn},
      {"scaled_dot_product_attention", sdpa_fn},
  };
  return m;
}

}  // namespace

void install_torch_functional(Interp& in) {
  ModuleObj& f = submodule(in, "torch.nn.functional");
  for (auto& [name, fn] : functional_functions()) def_fn(in, f, name, fn);
}

}  // namespace sl::lang
