// derivatives_conv: the backward formulas of convolution, pooling and the
// batch and group normalizations (tools/autograd/derivatives.yaml), over the
// kernels of conv.hpp, pool.hpp and norm.hpp.
//
// The nodes keep (what the front end, core/lang/torch/conv.cpp, saves):
// - ConvolutionBackward0: saved[0] input, saved[1] weight; ints = stride (2),
//   padding before (2), padding after (2), dilation (2), groups; next edges
//   input, weight, bias.
// - MaxPool2DWithIndicesBackward0, AdaptiveMaxPool2DBackward0: saved[0] self,
//   saved[1] the indices (result1).
// - AvgPool2DBackward0: saved[0] self; ints = kernel (2), stride (2), padding
//   (2), ceil_mode, count_include_pad, divisor_override (0: none).
// - AdaptiveAvgPool2DBackward0: saved[0] self.
// - NativeBatchNormBackward0: saved[0] input, [1] weight, [2] running_mean,
//   [3] running_var (each optional but the input), [4] result1 (save_mean),
//   [5] result2 (save_invstd); ints[0] training, scalars[0] eps; next edges
//   input, weight, bias.
// - NativeGroupNormBackward0: saved[0] input, [1] result1 (mean), [2]
//   result2 (rstd), [3] weight (optional); ints[0] the number of groups.
// - ConstantPadNdBackward0: ints the pads (last dim first, before then
//   after), sizes[0] the input's shape.
// - the activations of activation_nn.hpp (HardtanhBackward0, SoftplusBackward0,
//   ...): saved[0] self; ints[0] the NnActivation, scalars its parameters.
#include <cstring>
#include <functional>
#include <map>
#include <string>

#include "core/model/strides.hpp"
#include "core/ops/copy.hpp"
#include "core/torch/activation_nn.hpp"
#include "core/torch/conv.hpp"
#include "core/torch/derivatives.hpp"
#include "core/torch/norm.hpp"
#include "core/torch/pool.hpp"

namespace sl {

namespace {

using Formula = std::function<std::vector<ArrayPtr>(GradNode&, const ArrayPtr&)>;

ArrayPtr optional(const GradNode& n, size_t slot) {
  return slot < n.saved.size() && n.saved[slot].was_saved ? unpack(n, slot) : nullptr;
}

bool edge(const GradNode& n, size_t i) { return i < n.next.size() && n.next[i] != nullptr; }

ConvGeometry conv_geometry(const GradNode& n) {
  const std::vector<int64_t>& v = n.ints;
  ConvGeometry g;
  g.stride = {v.at(0), v.at(1)};
  g.pad_lo = {v.at(2), v.at(3)};
  g.pad_hi = {v.at(4), v.at(5)};
  g.dilation = {v.at(6), v.at(7)};
  g.groups = v.at(8);
  return g;
}

PoolGeometry pool_geometry(const GradNode& n) {
  const std::vector<int64_t>& v = n.ints;
  PoolGeometry g;
  g.kernel = {v.at(0), v.at(1)};
  g.stride = {v.at(2), v.at(3)};
  g.pad = {v.at(4), v.at(5)};
  g.ceil_mode = v.at(6) != 0;
  return g;
}

// constant_pad_nd_backward(grad, pad): each input element's gradient is the
// padded gradient at its index shifted by the pads before it (zero where a
// negative pad cropped it away).
ArrayPtr constant_pad_backward(const ArrayPtr& grad, const std::vector<int64_t>& pads, const Shape& in_shape) {
  ArrayPtr g = copy_as(*grad, grad->dtype, 'C');
  ArrayPtr r = make_array(grad->dtype, in_shape, 'C', Flavor::Torch);
  const size_t item = size_t(itemsize(grad->dtype));
  std::memset(r->data(), 0, size_t(r->size()) * item);
  const int nd = int(in_shape.size());
  std::vector<int64_t> lo(size_t(nd), 0), idx(size_t(nd), 0);
  for (size_t k = 0; 2 * k < pads.size() && int(k) < nd; ++k) lo[size_t(nd - 1) - k] = pads[2 * k];
  for (int64_t e = 0; e < r->size(); ++e) {
    int64_t rest = e, off = 0;
    bool inside = true;
    for (int d = nd - 1; d >= 0; --d) {
      idx[size_t(d)] = rest % in_shape[size_t(d)];
      rest /= in_shape[size_t(d)];
    }
    for (int d = 0; d < nd; ++d) {
      const int64_t j = idx[size_t(d)] + lo[size_t(d)];
      inside &= j >= 0 && j < g->shape[size_t(d)];
      off = off * g->shape[size_t(d)] + j;
    }
    if (inside) std::memcpy(r->data() + size_t(e) * item, g->data() + size_t(off) * item, item);
  }
  return r;
}

// t as (rows, cols, 1) / any shape, contiguous torch tensors.
ArrayPtr reshape_to(const ArrayPtr& t, const Shape& s) {
  ArrayPtr c = copy_as(*t, t->dtype, 'C');
  c->shape = s;
  c->strides = default_strides(s, c->itemsize());
  c->flavor = Flavor::Torch;
  return c;
}
ArrayPtr as_torch_rows(const ArrayPtr& t, int64_t rows, int64_t cols) { return reshape_to(t, {rows, cols, 1}); }

}  // namespace

void add_conv_formulas(std::map<std::string, Formula>& f) {
  // convolution: input, weight, bias: "grad.defined() ? convolution_backward_symint(grad, input, weight,
  //   bias->sym_sizes(), stride, padding, dilation, transposed, output_padding, groups, grad_input_mask)"
  f["ConvolutionBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ConvGrads r = conv_backward(g, unpack(n, 0), unpack(n, 1), conv_geometry(n), {edge(n, 0), edge(n, 1), edge(n, 2)});
    return {r.input, r.weight, r.bias};
  };
  // max_pool2d_with_indices: self: max_pool2d_with_indices_backward(grad, self, ..., result1)
  // adaptive_max_pool2d: self: adaptive_max_pool2d_backward(grad, self, result1)
  f["MaxPool2DWithIndicesBackward0"] = f["AdaptiveMaxPool2DBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {max_pool2d_backward(g, unpack(n, 0), unpack(n, 1))};
  };
  // avg_pool2d: self: avg_pool2d_backward(grad, self, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)
  f["AvgPool2DBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {avg_pool2d_backward(g, unpack(n, 0), pool_geometry(n), n.ints.at(7) != 0, n.ints.at(8))};
  };
  // _adaptive_avg_pool2d: self: _adaptive_avg_pool2d_backward(grad, self)
  f["AdaptiveAvgPool2DBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {adaptive_avg_pool2d_backward(g, unpack(n, 0))};
  };
  // native_batch_norm: input, weight, bias: "grad.defined() ? native_batch_norm_backward(grad, input, weight,
  //   running_mean, running_var, result1, result2, training, eps, grad_input_mask)"
  f["NativeBatchNormBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    NormGrads r = batch_norm_backward(g, unpack(n, 0), optional(n, 1), optional(n, 2), optional(n, 3), unpack(n, 4), unpack(n, 5),
                                      n.ints.at(0) != 0, n.scalars.at(0), {edge(n, 0), edge(n, 1), edge(n, 2)});
    return {r.input, r.weight, r.bias};
  };
  // hardtanh: hardtanh_backward(grad, self, min_val, max_val); softplus: softplus_backward(grad, self, beta,
  // threshold); mish: mish_backward(grad, self); hardswish / hardsigmoid: *_backward(grad, self); elu:
  // elu_backward(grad, alpha, scale, input_scale, false, self); celu: elu_backward(grad, alpha, 1, 1.0/alpha,
  // false, self); threshold: threshold_backward(grad, self, threshold); log_sigmoid_forward:
  // log_sigmoid_backward(grad, self, buffer); hardshrink / softshrink: *_backward(grad, self, lambd)
  // gelu: gelu_backward(grad, self, approximate); silu: silu_backward(grad, self);
  // leaky_relu: leaky_relu_backward(grad, self, negative_slope, false)
  for (const char* name : {"HardtanhBackward0", "SoftplusBackward0", "MishBackward0", "HardswishBackward0", "HardsigmoidBackward0",
                           "EluBackward0", "CeluBackward0", "ThresholdBackward0", "LogSigmoidBackward0", "HardshrinkBackward0",
                           "SoftshrinkBackward0", "GeluBackward0", "SiluBackward0", "LeakyReluBackward0"})
    f[name] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
      const ActParams p{n.scalars.at(0), n.scalars.at(1), n.scalars.at(2)};
      return {nn_activation_backward(NnActivation(n.ints.at(0)), g, unpack(n, 0), p)};
    };
  // constant_pad_nd: self: constant_pad_nd_backward(grad, pad)
  f["ConstantPadNdBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {constant_pad_backward(g, n.ints, n.sizes.at(0))};
  };
  // native_layer_norm: input, weight, bias: "grad.defined() ? native_layer_norm_backward_symint(grad, input,
  //   normalized_shape, result1, result2, weight, bias, grad_input_mask)" -- each row of the
  //   normalized_shape's n elements is a group of n channels of one value each, so this is
  //   native_group_norm_backward over (rows, n, 1) with one group (same dx, dw, db formulas);
  //   mean and rstd (result1, result2) are recomputed from the saved input.
  //   saved[0] input, [1] weight (optional); ints: n, has weight, has bias; scalars[0] eps.
  f["NativeLayerNormBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr x = unpack(n, 0), w = optional(n, 1);
    const int64_t cols = n.ints.at(0), rows = cols ? x->size() / cols : 0;
    const bool has_w = n.ints.at(1) != 0, has_b = n.ints.at(2) != 0;
    ArrayPtr x3 = as_torch_rows(x, rows, cols), g3 = as_torch_rows(g, rows, cols);
    GroupNormResult st = group_norm_forward(x3, nullptr, nullptr, 1, n.scalars.at(0));
    ArrayPtr w1 = w ? as_torch_rows(w, 1, cols) : nullptr;
    if (w1) w1 = reshape_to(w1, {cols});
    const size_t wi = 1, bi = has_w ? 2 : 1;
    NormGrads r = group_norm_backward(g3, x3, st.mean, st.rstd, w1, 1, {edge(n, 0), has_w && edge(n, wi), has_b && edge(n, bi)});
    std::vector<ArrayPtr> out = {r.input ? reshape_to(r.input, x->shape) : nullptr};
    if (has_w) out.push_back(r.weight ? reshape_to(r.weight, w->shape) : nullptr);
    if (has_b) out.push_back(r.bias ? reshape_to(r.bias, n.sizes.at(0)) : nullptr);
    return out;
  };
  // native_group_norm: input, weight, bias: "GradMode::is_enabled() || grad.defined() ? native_group_norm_backward(
  //   grad.contiguous(), input.contiguous(), result1, result2, weight, N, C, HxW, group, grad_input_mask)"
  f["NativeGroupNormBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    NormGrads r = group_norm_backward(g, unpack(n, 0), unpack(n, 1), unpack(n, 2), optional(n, 3), n.ints.at(0),
                                      {edge(n, 0), edge(n, 1), edge(n, 2)});
    return {r.input, r.weight, r.bias};
  };
}

}  // namespace sl
