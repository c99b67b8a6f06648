// torch/functional: the module torch.nn.functional (import torch.nn.functional
// as F): softmax, log_softmax, relu, gelu, silu, leaky_relu, sigmoid, tanh,
// dropout, linear, layer_norm, embedding, one_hot, pad and
// scaled_dot_product_attention (the losses: torch/loss.cpp; convolution,
// pooling, normalization and the activations with a node of their own:
// torch/conv.cpp, pool.cpp, norm.cpp, activation.cpp). torch.nn's layers
// (core/lang/frozen/torch.nn*.py) call these.
//
// Invariant: each function is the composition ATen's CompositeImplicit
// definition makes of tensor operations (torch/nn/functional.py,
// aten/src/ATen/native/Dropout.cpp, transformers/attention.cpp
// _scaled_dot_product_attention_math), calling the tensor methods the front end
// already registers, so dtypes, messages and kernels are those of the methods;
// random draws go through the CPU generator (core/random/torch_generator).
#include <cmath>
#include <cstring>

#include "core/kernels/activation.hpp"
#include "core/ops/copy.hpp"
#include "core/model/strides.hpp"
#include "core/ops/ufunc.hpp"

#include "core/lang/torch/autograd.hpp"
#include "core/lang/torch/convert.hpp"
#include "core/random/torch_generator.hpp"
#include "core/torch/views.hpp"

namespace sl::lang {

// torch/fused_node.cpp (Note [Fused nodes])
Value fused_node(Interp& in, const std::string& name, const Value& fn, const std::vector<Value>& inputs,
                 const std::vector<Value>& extra);

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
  Value xv = a.required(0, "input");
  Value dim = a.optional(1, "dim");
  Value x = Value(python_tensor_arg(in, xv, dim.is_none() ? "dim" : "softmax", "softmax"));
  Value level;
  a.take(2, "_stacklevel", level);
  Value dt = a.optional(3, "dtype");
  a.finish(4);
  if (dim.is_none()) dim = Value::integer(implicit_softmax_dim(in, "softmax", x.arr().ndim(), level));
  return method_kw(in, x, "softmax", {dim}, {{"dtype", dt}});
}

Value relu_fn(Interp& in, Args& a) {
  Value x = Value(tensor_arg(in, a.required(0, "input"), "relu", "input", 1));
  (void)a.optional(1, "inplace");
  a.finish(2);
  return method(in, x, "relu", {});
}

// F.relu(input, inplace=False): inplace is Tensor.relu_ (recorded as the
// in-place op it is: the write rebases the input's history), else relu.
Value relu_entry(Interp& in, Args& a) {
  static const NativeFn out_of_place = recorded_function("relu", relu_fn);
  Args p = a;
  Value x = p.required(0, "input");
  Value flag = p.optional(1, "inplace", Value::boolean(false));
  p.finish(2);
  const bool inplace = in.truthy(flag);
  if (!inplace) return out_of_place(in, a);
  return method(in, Value(tensor_arg(in, x, "relu", "input", 1)), "relu_", {});
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
Value sdpa_math(Interp& in, const Value& q, const Value& k, const Value& v, Value mask, double dropout_p, bool causal,
                const Value& scale) {
  const Array& qa = q.arr();
  const Array& ka = k.arr();
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

// F.scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
// is_causal=False, scale=None, enable_gqa=False). The CPU picks the flash
// kernel for 4-d inputs without dropout (sdp_utils_cpp: one node,
// ScaledDotProductFlashAttentionForCpuBackward0, edges query, key, value:
// Note [Fused nodes]); otherwise the math composite, recorded op by op.
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
  if (q.arr().ndim() < 2 || k.arr().ndim() < 2 || v.arr().ndim() < 2)
    in.raise_exc("RuntimeError", "scaled_dot_product_attention: query, key and value must be at least 2-dimensional");
  if (causal && !mask.is_none())
    in.raise_exc("RuntimeError", "_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True");
  if (!mask.is_none() && !is_tensor(mask))
    in.raise_exc("TypeError", "scaled_dot_product_attention(): argument 'attn_mask' must be Tensor, not " + in.type_of(mask)->name);
  const bool flash = q.arr().ndim() == 4 && dropout_p == 0.0;
  if (!flash || !autograd_wanted(nullptr, {q, k, v}, {})) return sdpa_math(in, q, k, v, mask, dropout_p, causal, scale);
  Value math = in.builtin("_sdpa_math", [mask, causal, scale](Interp& in2, Args& b) -> Value {
    return sdpa_math(in2, b.pos.at(0), b.pos.at(1), b.pos.at(2), mask, 0.0, causal, scale);
  });
  return fused_node(in, "ScaledDotProductFlashAttentionForCpuBackward0", math, {q, k, v}, {});
}

// ---- the layers' functions

ArrayPtr float_result_like(Interp& in, const ArrayPtr& x, const char* kernel) {
  if (!softmax_supports(x->dtype))
    in.raise_exc("RuntimeError", std::string("\"") + kernel + "\" not implemented for '" + torch_type_name(x->dtype) + "'");
  ArrayPtr r = copy_as(*x, x->dtype, 'C');
  r->flavor = Flavor::Torch;
  return r;
}

// at::linear's checks: the message addmm / matmul give for the flattened input.
void check_linear(Interp& in, const Array& xa, const Array& wa) {
  if (xa.ndim() == 0 || wa.ndim() == 0 || xa.shape.back() != wa.shape.back() || wa.ndim() > 2) {
    Shape flat = xa.shape;
    int64_t rows = 1;
    for (size_t k = 0; k + 1 < flat.size(); ++k) rows *= flat[k];
    in.raise_exc("RuntimeError", "mat1 and mat2 shapes cannot be multiplied (" + std::to_string(rows) + "x" +
                                     std::to_string(xa.ndim() ? xa.shape.back() : 1) + " and " +
                                     std::to_string(wa.ndim() > 1 ? wa.shape[1] : 1) + "x" +
                                     std::to_string(wa.ndim() ? wa.shape[0] : 1) + ")");
  }
  if (xa.dtype != wa.dtype)
    in.raise_exc("RuntimeError", std::string("mat1 and mat2 must have the same dtype, but got ") + torch_type_name(xa.dtype) + " and " +
                                     torch_type_name(wa.dtype));
}

// F.linear(input, weight, bias=None) on a matrix = input @ weight.T (+ bias),
// recorded as addmm / mm (record_call gives the weight edge its TBackward0).
Value linear_fn(Interp& in, Args& a) {
  Value x = Value(tensor_arg(in, a.required(0, "input"), "linear", "input", 1));
  Value w = Value(tensor_arg(in, a.required(1, "weight"), "linear", "weight", 2));
  Value b = a.optional(2, "bias");
  a.finish(3);
  check_linear(in, x.arr(), w.arr());
  Value r = method(in, x, "matmul", {method(in, w, "t", {})});
  if (!b.is_none()) r = method(in, r, "add", {Value(tensor_arg(in, b, "linear", "bias", 3))});
  return r;
}

// F.linear on an input of another rank is the composite at::linear makes
// (aten/src/ATen/native/Linear.cpp): with a 1-d bias, a contiguous input is
// flattened to rows, addmm'd and viewed back (_flatten_nd_linear: ViewBackward0
// over AddmmBackward0); otherwise input @ weight.t(), then the bias added.
Value linear_entry(Interp& in, Args& a) {
  static const NativeFn matrix = recorded_function("linear", linear_fn);
  Args p = a;
  Value xv = p.required(0, "input"), wv = p.required(1, "weight"), bv = p.optional(2, "bias");
  p.finish(3);
  if (!is_tensor(xv) || !is_tensor(wv) || xv.arr().ndim() == 2) return matrix(in, a);
  ArrayPtr x = tensor_arg(in, xv, "linear", "input", 1), w = tensor_arg(in, wv, "linear", "weight", 2);
  ArrayPtr b = bv.is_none() ? nullptr : tensor_arg(in, bv, "linear", "bias", 3);
  check_linear(in, *x, *w);
  if (b && b->ndim() == 1 && w->ndim() == 2 && torch_is_contiguous(*x)) {
    Shape out(x->shape.begin(), x->shape.end() - 1);
    int64_t rows = 1;
    for (int64_t d : out) rows *= d;
    out.push_back(w->shape[0]);
    Value flat = method(in, Value(x), "reshape", {Value::integer(rows), Value::integer(x->shape.back())});
    Args m;
    m.pos = {flat, Value(w), Value(b)};
    return method(in, matrix(in, m), "view", {torch_size_value(in, out)});
  }
  Value r = method(in, Value(x), "matmul", {method(in, Value(w), "t", {})});
  return b ? method(in, r, "add", {Value(b)}) : r;
}

// F.layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05):
// normalises over the trailing dims normalized_shape names.
Value layer_norm_fn(Interp& in, Args& a) {
  ArrayPtr x = tensor_arg(in, a.required(0, "input"), "layer_norm", "input", 1);
  Value ns = a.required(1, "normalized_shape");
  Value w = a.optional(2, "weight"), b = a.optional(3, "bias");
  double eps = in.float_value(a.optional(4, "eps", Value::floating(1e-5)));
  a.finish(5);
  Shape norm = ns.is_int() ? Shape{in.index_value(ns)} : to_shape(in, ns);
  const int nd = x->ndim(), k = int(norm.size());
  bool ok = k >= 1 && k <= nd;
  for (int i = 0; ok && i < k; ++i) ok = x->shape[size_t(nd - k + i)] == norm[size_t(i)];
  if (!ok) {
    std::string want = "[*";
    for (int64_t d : norm) want += ", " + std::to_string(d);
    in.raise_exc("RuntimeError", "Given normalized_shape=" + list_repr(norm) + ", expected input with shape " + want +
                                     "], but got input of size" + list_repr(x->shape));
  }
  int64_t n = 1;
  for (int64_t d : norm) n *= d;
  ArrayPtr xc = float_result_like(in, x, "LayerNormKernelImpl");
  ArrayPtr y = make_array(x->dtype, x->shape, 'C', Flavor::Torch, false);
  auto affine = [&](const Value& v, const char* what) -> ArrayPtr {
    if (v.is_none()) return nullptr;
    ArrayPtr p = tensor_arg(in, v, "layer_norm", what, 3);
    if (p->shape != norm) in.raise_exc("RuntimeError", std::string("Expected ") + what + " to be of same shape as normalized_shape, but got " + what + " of shape " + list_repr(p->shape) + " and normalized_shape = " + list_repr(norm));
    return copy_as(*p, x->dtype, 'C');
  };
  ArrayPtr wc = affine(w, "weight"), bc = affine(b, "bias");
  layer_norm_rows(*y, *xc, n, wc.get(), bc.get(), eps);
  return Value(y);
}

Value activation(Interp& in, Args& a, const char* fname, Activation op, const char* kernel) {
  ArrayPtr x = tensor_arg(in, a.required(0, "input"), fname, "input", 1);
  if (!activation_supports(op, x->dtype))
    in.raise_exc("RuntimeError", std::string("\"") + kernel + "\" not implemented for '" + torch_type_name(x->dtype) + "'");
  ArrayPtr r = make_array(x->dtype, x->shape, 'C', Flavor::Torch, false);
  apply_activation(op, *r, *x);
  return Value(r);
}

// F.gelu(input, approximate='none')
Value gelu_fn(Interp& in, Args& a) {
  Value approx = a.optional(1, "approximate", make_str("none"));
  std::string mode = in.str(approx);
  if (mode != "none" && mode != "tanh") in.raise_exc("RuntimeError", "approximate argument must be either none or tanh.");
  Args b;
  b.pos = {a.required(0, "input")};
  a.finish(2);
  return activation(in, b, "gelu", mode == "none" ? Activation::gelu : Activation::gelu_tanh, "GeluKernelImpl");
}

// F.silu(input, inplace=False)
Value silu_fn(Interp& in, Args& a) {
  bool inplace = in.truthy(a.optional(1, "inplace", Value::boolean(false)));
  Args b;
  b.pos = {a.required(0, "input")};
  a.finish(2);
  Value r = activation(in, b, "silu", Activation::silu, "silu");
  return inplace ? method(in, b.pos[0], "copy_", {r}) : r;
}

// F.leaky_relu(input, negative_slope=0.01, inplace=False) = relu(x) - slope * relu(-x)
Value leaky_relu_fn(Interp& in, Args& a) {
  Value x = Value(tensor_arg(in, a.required(0, "input"), "leaky_relu", "input", 1));
  Value slope = a.optional(1, "negative_slope", Value::floating(0.01));
  bool inplace = in.truthy(a.optional(2, "inplace", Value::boolean(false)));
  a.finish(3);
  Value pos = method(in, x, "relu", {});
  Value neg = method(in, in.unaryop("-", x), "relu", {});
  Value r = method(in, pos, "sub", {method(in, neg, "mul", {slope})});
  return inplace ? method(in, x, "copy_", {r}) : r;
}

Value forward_to_torch(Interp& in, Args& a, const char* name) {
  Value x = Value(tensor_arg(in, a.required(0, "input"), name, "input", 1));
  a.finish(1);
  return torch_fn(in, name, {x});
}
Value sigmoid_fn(Interp& in, Args& a) { return forward_to_torch(in, a, "sigmoid"); }
Value tanh_fn(Interp& in, Args& a) { return forward_to_torch(in, a, "tanh"); }

int softmax_dim(Interp& in, const ArrayPtr& x, const Value& dim, const char* fname) {
  const int nd = x->ndim();
  return nd == 0 ? (torch_wrap_dim(int_arg(in, dim, fname, "dim"), 1), 0) : int(torch_wrap_dim(int_arg(in, dim, fname, "dim"), nd));
}

// F.log_softmax(input, dim=None, _stacklevel=3, dtype=None)
Value log_softmax_fn(Interp& in, Args& a) {
  Value xv = a.required(0, "input");
  Value dim = a.optional(1, "dim");
  ArrayPtr x = python_tensor_arg(in, xv, dim.is_none() ? "dim" : "log_softmax", "log_softmax");
  Value level;
  a.take(2, "_stacklevel", level);
  Value dt = a.optional(3, "dtype");
  a.finish(4);
  const int d = dim.is_none() ? int(implicit_softmax_dim(in, "log_softmax", x->ndim(), level)) : softmax_dim(in, x, dim, "log_softmax");
  ArrayPtr src = dt.is_none() ? x : copy_as(*x, to_dtype(in, dt), 'C');
  ArrayPtr r = float_result_like(in, src, d == std::max(src->ndim(), 1) - 1 ? "log_softmax_lastdim_kernel_impl" : "log_softmax_kernel_impl");
  log_softmax_inplace(*r, d);
  return Value(r);
}

// F.embedding(input, weight, padding_idx=None, max_norm=None, ...): rows of weight.
Value embedding_fn(Interp& in, Args& a) {
  ArrayPtr idx = tensor_arg(in, a.required(0, "input"), "embedding", "indices", 1);
  ArrayPtr w = tensor_arg(in, a.required(1, "weight"), "embedding", "weight", 2);
  for (const char* k : {"padding_idx", "max_norm", "norm_type", "scale_grad_by_freq", "sparse"}) {
    Value v;
    (void)a.take(999, k, v);
  }
  if (a.pos.size() > 7) a.finish(7);
  if (idx->dtype != DType::I64 && idx->dtype != DType::I32)
    in.raise_exc("RuntimeError", "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, "
                                 "Int; but got " + torch_tensor_type_string(idx->dtype) + " instead (while checking arguments for embedding)");
  if (w->ndim() != 2) in.raise_exc("RuntimeError", "'weight' must be 2-D");
  ArrayPtr flat = copy_as(*idx, DType::I64, 'C');
  const int64_t rows = w->shape[0];
  const int64_t* p = reinterpret_cast<const int64_t*>(flat->data());
  for (int64_t i = 0; i < flat->size(); ++i)
    if (p[i] < 0 || p[i] >= rows) in.raise_exc("IndexError", "index out of range in self");
  return in.getitem(Value(w), Value(idx));  // advanced indexing: a new tensor
}

// F.one_hot(tensor, num_classes=-1): int64, one more trailing dim.
Value one_hot_fn(Interp& in, Args& a) {
  ArrayPtr t = tensor_arg(in, a.required(0, "tensor"), "one_hot", "tensor", 1);
  int64_t n = in.index_value(a.optional(1, "num_classes", Value::integer(-1)));
  a.finish(2);
  if (t->dtype != DType::I64) in.raise_exc("RuntimeError", "one_hot is only applicable to index tensor of type LongTensor.");
  ArrayPtr c = copy_as(*t, DType::I64, 'C');
  const int64_t* p = reinterpret_cast<const int64_t*>(c->data());
  int64_t mx = -1;
  for (int64_t i = 0; i < c->size(); ++i) {
    if (p[i] < 0) in.raise_exc("RuntimeError", "Class values must be non-negative.");
    mx = std::max(mx, p[i]);
  }
  if (n == -1) {
    if (c->size() == 0) in.raise_exc("RuntimeError", "Can not infer total number of classes from empty tensor.");
    n = mx + 1;
  } else if (mx >= n) {
    in.raise_exc("RuntimeError", "Class values must be smaller than num_classes.");
  }
  Shape s = t->shape;
  s.push_back(n);
  ArrayPtr r = make_array(DType::I64, s, 'C', Flavor::Torch);
  int64_t* q = reinterpret_cast<int64_t*>(r->data());
  for (int64_t i = 0; i < c->size(); ++i) q[i * n + p[i]] = 1;
  return Value(r);
}

// F.pad(input, pad, mode='constant', value=None): pad = (last_lo, last_hi,
// prev_lo, prev_hi, ...); a negative amount crops.
Value pad_fn(Interp& in, Args& a) {
  Value x = Value(tensor_arg(in, a.required(0, "input"), "pad", "input", 1));
  std::vector<Value> pads = in.to_vector(a.required(1, "pad"));
  std::string mode = in.str(a.optional(2, "mode", make_str("constant")));
  Value value = a.optional(3, "value");
  a.finish(4);
  const Array& xa = x.arr();
  if (pads.size() % 2) in.raise_exc("RuntimeError", "Padding length must be divisible by 2");
  if (int(pads.size() / 2) > xa.ndim()) in.raise_exc("RuntimeError", "Padding length should be less than or equal to two times the input dimension but got padding length " + std::to_string(pads.size()) + " and input of dimension " + std::to_string(xa.ndim()));
  if (mode != "constant") in.raise_exc("NotImplementedError", "stridelab's F.pad supports mode='constant' only, not '" + mode + "'");
  Shape out = xa.shape;
  std::vector<int64_t> lo(size_t(xa.ndim()), 0);
  for (size_t k = 0; k < pads.size() / 2; ++k) {
    size_t d = size_t(xa.ndim()) - 1 - k;
    int64_t l = in.index_value(pads[2 * k]), h = in.index_value(pads[2 * k + 1]);
    out[d] += l + h;
    lo[d] = l;
    if (out[d] < 0) in.raise_exc("RuntimeError", "The input size " + std::to_string(xa.shape[d]) + ", plus negative padding " + std::to_string(l) + " and " + std::to_string(h) + " resulted in a negative output size, which is invalid. Check dimension " + std::to_string(d) + " of your input.");
  }
  Value r = torch_fn(in, "full", {torch_size_value(in, out), value.is_none() ? Value::integer(0) : value});
  r = method(in, r, "to", {Value(std::make_shared<DTypeObj>(xa.dtype, true))});
  Value dst = r, src = x;
  for (int d = 0; d < xa.ndim(); ++d) {
    int64_t l = lo[size_t(d)], h = out[size_t(d)] - xa.shape[size_t(d)] - l;
    int64_t s_lo = std::max<int64_t>(0, -l), s_len = xa.shape[size_t(d)] - s_lo - std::max<int64_t>(0, -h);
    src = method(in, src, "narrow", {Value::integer(d), Value::integer(s_lo), Value::integer(std::max<int64_t>(0, s_len))});
    dst = method(in, dst, "narrow", {Value::integer(d), Value::integer(std::max<int64_t>(0, l)), Value::integer(std::max<int64_t>(0, s_len))});
  }
  method(in, dst, "copy_", {src});
  return r;
}

const std::vector<std::pair<const char*, NativeFn>>& functional_functions() {
  static const std::vector<std::pair<const char*, NativeFn>> m = {
      {"softmax", softmax_fn},
      {"log_softmax", log_softmax_fn},
      {"gelu", gelu_fn},
      {"silu", silu_fn},
      {"leaky_relu", leaky_relu_fn},
      {"sigmoid", sigmoid_fn},
      {"tanh", tanh_fn},
      {"layer_norm", layer_norm_fn},
      {"embedding", embedding_fn},
      {"one_hot", one_hot_fn},
      {"pad", pad_fn},
  };
  return m;
}

}  // namespace

const std::vector<std::pair<const char*, NativeFn>>& loss_functions();  // torch/loss.cpp
const std::vector<std::pair<const char*, NativeFn>>& conv_functions();  // torch/conv.cpp, torch/pool.cpp

void install_fused_node(Interp& in);  // torch/fused_node.cpp

void install_torch_functional(Interp& in) {
  install_fused_node(in);
  ModuleObj& f = submodule(in, "torch.nn.functional");
  for (auto& [name, fn] : functional_functions()) def_fn(in, f, name, recorded_function(name, fn));
  // a composite, as ATen's _dropout: its input * noise records MulBackward0 and
  // saves the noise the gradient needs
  def_fn(in, f, "dropout", dropout_fn);
  def_fn(in, f, "linear", linear_entry);
  def_fn(in, f, "relu", relu_entry);
  def_fn(in, f, "scaled_dot_product_attention", sdpa_fn);
  // the losses record their own nodes or are composites (Note [Losses: nodes and composites])
  for (auto& [name, fn] : loss_functions()) def_fn(in, f, name, fn);
  // convolution and pooling record their own nodes (Note [Convolution and pooling nodes])
  for (auto& [name, fn] : conv_functions()) def_fn(in, f, name, fn);
}

}  // namespace sl::lang
