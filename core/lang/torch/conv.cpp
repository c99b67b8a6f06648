// torch/conv: torch.nn.functional's convolutions and poolings (conv1d,
// conv2d, max_pool1d/2d, avg_pool1d/2d, adaptive_avg_pool1d/2d,
// adaptive_max_pool1d/2d), which torch.nn's Conv and pooling modules call
// (core/lang/frozen/torch.nn.modules.conv.py, .pooling.py).
//
// Note [Convolution and pooling nodes]: as ATen does, a 2-d kernel runs as one
// recorded op with a node of its own (ConvolutionBackward0,
// MaxPool2DWithIndicesBackward0, AvgPool2DBackward0, AdaptiveAvgPool2DBackward0,
// AdaptiveMaxPool2DBackward0; state in core/torch/derivatives_conv.cpp), and
// what ATen builds from views is built here from the recorded tensor methods:
// an unbatched input is unsqueeze(0) ... squeeze(0), the 1-d poolings are the
// 2-d ones over unsqueeze(-2) then squeeze(-2) (max_pool1d_with_indices,
// avg_pool1d, adaptive_*_pool1d), and adaptive_avg_pool2d to 1x1 is
// mean((-1, -2), keepdim=True). conv1d keeps its 3-d tensors (convolution
// takes any rank). The checks and their messages are ATen's, in its order.
#include <algorithm>
#include <string>

#include "core/torch/autograd.hpp"
#include "core/torch/conv.hpp"
#include "core/torch/pool.hpp"

#include "core/lang/objects/classes.hpp"
#include "core/lang/torch/autograd.hpp"
#include "core/lang/torch/convert.hpp"

namespace sl::lang {

// record_kernel (autograd.hpp): runs a kernel as the one recorded op `name` with edges for `inputs` (null
// inputs give None edges, as PyTorch's optional bias), then lets `save` fill
// the node (Note [Convolution and pooling nodes]).
ArrayPtr record_kernel(Interp& in, const char* name, const std::vector<ArrayPtr>& inputs, const std::function<ArrayPtr()>& compute,
                       const std::function<void(GradNode&, const ArrayPtr&)>& save) {
  ArrayPtr out;
  try {
    out = compute();
  } catch (const PyError& e) {
    in.raise_exc(e.type, e.msg);
  }
  bool any = false;
  for (auto& x : inputs) any |= x && requires_grad(*x);
  if (!outside_recorded_op() || !any) return out;
  std::vector<GradNodePtr> edges;
  std::vector<ArrayPtr> present;
  for (auto& x : inputs) {
    edges.push_back(x ? gradient_edge(x) : nullptr);
    if (x) present.push_back(x);
  }
  if (record_op_edges(name, present, std::move(edges), *out)) {
    GradNode& n = *out->autograd->grad_fn;
    save(n, out);
    n.has_state = true;
  }
  return out;
}

namespace {

Value method(Interp& in, const Value& self, const char* name, std::vector<Value> pos) {
  return in.call(in.getattr(self, name), std::move(pos));
}

std::string sizes_text(const Shape& s, const char* sep = ", ") {
  std::string r;
  for (size_t k = 0; k < s.size(); ++k) r += (k ? sep : "") + std::to_string(s[k]);
  return r;
}

// An int or a sequence of `n` ints (ATen's expand_param_if_needed):
// "expected stride to be a single integer value or a list of 2 values to
// match the convolution dimensions, but got stride=[1, 2, 3]".
std::vector<int64_t> int_tuple(Interp& in, const Value& v, size_t n, const char* name, const char* what = "convolution") {
  if (v.is_int() || v.is_bool()) return std::vector<int64_t>(n, in.index_value(v));
  std::vector<int64_t> r;
  for (auto& x : in.to_vector(v)) r.push_back(in.index_value(x));
  if (r.size() == 1 && n > 1) r.assign(n, r[0]);
  if (r.size() != n) {
    std::string got;
    for (size_t k = 0; k < r.size(); ++k) got += (k ? ", " : "") + std::to_string(r[k]);
    in.raise_exc("RuntimeError", std::string("expected ") + name + " to be a single integer value or a list of " + std::to_string(n) +
                                     " values to match the " + what + " dimensions, but got " + name + "=[" + got + "]");
  }
  return r;
}

// ---- convolution ----

struct ConvArgs {
  ArrayPtr input, weight, bias;
  ConvGeometry g;
};

// conv{1,2}d's padding: ints, or 'valid' (none) / 'same' (dilation (k - 1)
// split with the smaller half before: _convolution_mode's conv_padding_same).
void conv_padding(Interp& in, const Value& pad, const ConvArgs& c, size_t rank, const std::vector<int64_t>& stride,
                  const std::vector<int64_t>& dil, ConvGeometry& g) {
  const size_t off = 2 - rank;
  if (auto* s = pad.as<StrObj>()) {
    if (s->s != "same" && s->s != "valid") in.raise_exc("RuntimeError", "Invalid padding string: '" + s->s + "'");
    if (s->s == "valid") return;
    for (int64_t st : stride)
      if (st != 1) in.raise_exc("RuntimeError", "padding='same' is not supported for strided convolutions");
    for (size_t k = 0; k < rank; ++k) {
      const int64_t total = dil[k] * (c.weight->shape[2 + k] - 1);
      g.pad_lo[off + k] = total / 2;
      g.pad_hi[off + k] = total - total / 2;
    }
    return;
  }
  std::vector<int64_t> p = int_tuple(in, pad, rank, "padding");
  for (size_t k = 0; k < rank; ++k) {
    if (p[k] < 0) in.raise_exc("RuntimeError", "negative padding is not supported");
    g.pad_lo[off + k] = g.pad_hi[off + k] = p[k];
  }
}

void check_conv(Interp& in, const ConvArgs& c, size_t rank) {
  const Array& x = *c.input;
  const Array& w = *c.weight;
  const int64_t groups = c.g.groups;
  if (groups <= 0) in.raise_exc("RuntimeError", "non-positive groups is not supported");
  if (x.dtype != w.dtype)
    in.raise_exc("RuntimeError", std::string("expected scalar type ") + torch_type_name(x.dtype) + " but found " + torch_type_name(w.dtype));
  if (x.dtype != DType::F32 && x.dtype != DType::F64)
    in.raise_exc("NotImplementedError", std::string("stridelab's convolution takes float32 and float64 tensors, not ") + torch_type_name(x.dtype));
  if (w.shape[0] % groups != 0) in.raise_exc("RuntimeError", "Given groups=" + std::to_string(groups) + ", expected weight to be divisible by " + std::to_string(groups) + " at dimension 0, but got weight of size [[" + sizes_text(w.shape) + "]] instead");
  if (x.shape[1] != w.shape[1] * groups)
    in.raise_exc("RuntimeError", "Given groups=" + std::to_string(groups) + ", weight of size [" + sizes_text(w.shape) + "], expected input[" +
                                     sizes_text(x.shape) + "] to have " + std::to_string(w.shape[1] * groups) +
                                     " channels, but got " + std::to_string(x.shape[1]) + " channels instead");
  if (c.bias && (c.bias->ndim() != 1 || c.bias->shape[0] != w.shape[0]))
    in.raise_exc("RuntimeError", "Given weight of size [" + sizes_text(w.shape) + "], expected bias to be 1-dimensional with " +
                                     std::to_string(w.shape[0]) + " elements, but got bias of size [" + sizes_text(c.bias->shape) + "] instead");
  const size_t off = 2 - rank;
  Shape padded, kernel;
  bool small = false;
  for (size_t k = 0; k < rank; ++k) {
    padded.push_back(x.shape[2 + k] + c.g.pad_lo[off + k] + c.g.pad_hi[off + k]);
    kernel.push_back(c.g.dilation[off + k] * (w.shape[2 + k] - 1) + 1);
    small |= padded.back() < kernel.back();
  }
  if (small)
    in.raise_exc("RuntimeError", "Calculated padded input size per channel: (" + sizes_text(padded, " x ") +
                                     "). Kernel size: (" + sizes_text(kernel, " x ") + "). Kernel size can't be greater than actual input size");
}

// F.conv1d / F.conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1).
Value conv_nd(Interp& in, Args& a, size_t rank) {
  const std::string fname = "conv" + std::to_string(rank) + "d";
  ConvArgs c;
  Value xv = a.required(0, "input");
  c.input = tensor_arg(in, xv, fname, "input", 1);
  c.weight = tensor_arg(in, a.required(1, "weight"), fname, "weight", 2);
  Value bv = a.optional(2, "bias");
  c.bias = bv.is_none() ? nullptr : tensor_arg(in, bv, fname, "bias", 3);
  std::vector<int64_t> stride = int_tuple(in, a.optional(3, "stride", Value::integer(1)), rank, "stride");
  Value pad = a.optional(4, "padding", Value::integer(0));
  std::vector<int64_t> dil = int_tuple(in, a.optional(5, "dilation", Value::integer(1)), rank, "dilation");
  c.g.groups = in.index_value(a.optional(6, "groups", Value::integer(1)));
  a.finish(7);
  const int nd = c.input->ndim();
  if (nd != int(rank) + 1 && nd != int(rank) + 2)
    in.raise_exc("RuntimeError", "Expected " + std::to_string(rank + 1) + "D (unbatched) or " + std::to_string(rank + 2) +
                                     "D (batched) input to " + fname + ", but got input of size: [" + sizes_text(c.input->shape) + "]");
  if (c.weight->ndim() != int(rank) + 2)  // ATen's expand_param_if_needed against the weight's spatial rank
    in.raise_exc("RuntimeError", "expected stride to be a single integer value or a list of " + std::to_string(std::max(0, c.weight->ndim() - 2)) +
                                     " values to match the convolution dimensions, but got stride=[" + sizes_text(Shape(stride.begin(), stride.end())) + "]");
  for (size_t k = 0; k < rank; ++k) {
    if (stride[k] <= 0) in.raise_exc("RuntimeError", "non-positive stride is not supported");
    if (dil[k] <= 0) in.raise_exc("RuntimeError", "dilation should be greater than zero, but got [" + sizes_text(Shape(dil.begin(), dil.end())) + "]");
  }
  for (size_t k = 0; k < rank; ++k) {
    c.g.stride[2 - rank + k] = stride[k];
    c.g.dilation[2 - rank + k] = dil[k];
  }
  conv_padding(in, pad, c, rank, stride, dil, c.g);
  const bool batched = nd == int(rank) + 2;
  Value x = batched ? xv : method(in, xv, "unsqueeze", {Value::integer(0)});
  c.input = x.array();
  check_conv(in, c, rank);
  ArrayPtr out = record_kernel(
      in, "ConvolutionBackward0", {c.input, c.weight, c.bias}, [&] { return conv_forward(c.input, c.weight, c.bias, c.g); },
      [&](GradNode& n, const ArrayPtr&) {
        save_tensor(n, 0, c.input, false);
        save_tensor(n, 1, c.weight, false);
        const ConvGeometry& g = c.g;
        n.ints = {g.stride[0], g.stride[1], g.pad_lo[0], g.pad_lo[1], g.pad_hi[0], g.pad_hi[1], g.dilation[0], g.dilation[1], g.groups};
      });
  return batched ? Value(out) : method(in, Value(out), "squeeze", {Value::integer(0)});
}

Value conv1d_fn(Interp& in, Args& a) { return conv_nd(in, a, 1); }
Value conv2d_fn(Interp& in, Args& a) { return conv_nd(in, a, 2); }

}  // namespace

// The poolings are in torch/pool.cpp, the normalizations in torch/norm.cpp.
const std::vector<std::pair<const char*, NativeFn>>& pool_functions();
const std::vector<std::pair<const char*, NativeFn>>& norm_functions();
const std::vector<std::pair<const char*, NativeFn>>& activation_functions();  // torch/activation.cpp

const std::vector<std::pair<const char*, NativeFn>>& conv_functions() {
  static const std::vector<std::pair<const char*, NativeFn>> m = [] {
    std::vector<std::pair<const char*, NativeFn>> r = {{"conv1d", conv1d_fn}, {"conv2d", conv2d_fn}};
    for (auto& p : pool_functions()) r.push_back(p);
    for (auto& p : norm_functions()) r.push_back(p);
    for (auto& p : activation_functions()) r.push_back(p);
    return r;
  }();
  return m;
}

}  // namespace sl::lang
