// conv: the CPU kernels of convolution over one or two spatial dims and of
// its backward (aten/src/ATen/native/Convolution.cpp at::convolution, its slow
// path slow_conv2d_forward_cpu / slow_conv2d_backward_cpu, ConvolutionMM2d.cpp).
//
// With x (N, C, H, W), w (O, C/g, KH, KW), groups g, stride s, dilation d and
// padding lo/hi per side, the output is (N, O, OH, OW), OH = (H + lo + hi -
// d (KH - 1) - 1) / s + 1, and
//   y[n, o, i, j] = b[o] + sum_{c, p, q} w[o, c, p, q] x[n, G c', i s - lo + p d, j s - lo + q d]
// where c' = (o / (O/g)) (C/g) + c and x is zero outside its extent. The 1-d
// form is the 2-d one with H = KH = 1 (what ATen's slow path does: view1d_as_2d).
// The backward (derivatives.yaml convolution: convolution_backward):
//   dx[n, c', h, w] = sum over the taps that read it of w * dy,
//   dw[o, c, p, q]  = sum_{n, i, j} dy[n, o, i, j] x[n, c', ...],
//   db[o]           = sum_{n, i, j} dy[n, o, i, j].
// Sums run in the element type in the slow path's order (im2col + gemm,
// col2im for the input's gradient: conv.cpp); the reference's BLAS and
// oneDNN kernels (oneDNN for float32 with groups, batches, or kernels over
// 3x3) block the sums, so the last bit of a float32 result may differ.
//
// Invariant: inputs are float32 or float64 of one dtype with the shapes
// checked by the front end (core/lang/torch/conv.cpp); results are new
// contiguous torch tensors of that dtype.
#pragma once
#include <array>

#include "core/model/array.hpp"

namespace sl {

// Per spatial dim (index 0: H, 1: W; a 1-d convolution uses index 1 only).
struct ConvGeometry {
  std::array<int64_t, 2> stride{1, 1}, pad_lo{0, 0}, pad_hi{0, 0}, dilation{1, 1};
  int64_t groups = 1;
};

// The output length of one spatial dim (may be < 1: the front end refuses that).
int64_t conv_output_size(int64_t in, int64_t k, int64_t stride, int64_t lo, int64_t hi, int64_t dilation);

// x (N, C, L) or (N, C, H, W); w of the same rank; bias (O) or null.
ArrayPtr conv_forward(const ArrayPtr& x, const ArrayPtr& w, const ArrayPtr& bias, const ConvGeometry& g);

struct ConvGrads {
  ArrayPtr input, weight, bias;
};
// The gradients selected by mask (input, weight, bias); the others stay null.
ConvGrads conv_backward(const ArrayPtr& grad, const ArrayPtr& x, const ArrayPtr& w, const ConvGeometry& g,
                        std::array<bool, 3> mask);

}  // namespace sl
