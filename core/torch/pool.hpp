// pool: the CPU kernels of 2-d pooling and their backward (aten/src/ATen/native/
// cpu/MaxPoolKernel.cpp cpu_max_pool, AvgPoolKernel.cpp cpu_avg_pool,
// AdaptiveAvgPoolKernel.cpp cpu_adaptive_avg_pool, AdaptiveMaxPoolKernel.cpp
// cpu_adaptive_max_pool, for contiguous inputs). The 1-d forms are these over
// an unsqueezed input (ATen's max_pool1d_with_indices, avg_pool1d,
// adaptive_*_pool1d do the same), and the front end makes that view.
//
// Over each plane x (H, W) of a (C, H, W) or (N, C, H, W) input:
// - max pool: y[i, j] = max over h = i s - p + a d, w = j s - p + b d inside
//   the plane (a < kH, b < kW) with the first maximum's flat index h W + w
//   (a NaN wins: `val > max || isnan(val)`); backward adds dy into dx at the index.
// - avg pool: the window [i s - p, i s - p + k) clipped to [0, H + p) gives
//   pool_size, then to [0, H); y = (sum of the clipped window) / divisor, the
//   divisor being divisor_override, else pool_size (count_include_pad) or the
//   clipped window's size; an empty window is 0. Backward adds dy / divisor to
//   every element of the clipped window.
// - adaptive avg pool: window [floor(i H / OH), ceil((i + 1) H / OH)),
//   y = sum / kh / kw (two divisions, as ATen); backward adds dy / kh / kw.
// - adaptive max pool: the max over the same windows with its index.
// The output size of max/avg pooling is pooling_output_shape's:
//   floor((H + 2p - d (k - 1) - 1 + (ceil ? s - 1 : 0)) / s) + 1, less one
//   when ceil_mode makes the last window start in the right padding.
// Sums run in window order in the element type (ATen's acc_type is the
// element type for float and double on the CPU).
//
// Invariant: inputs are float32 or float64 and 3-d or 4-d (the front end
// checks and words the errors); results are new contiguous torch tensors.
#pragma once
#include <array>

#include "core/model/array.hpp"

namespace sl {

struct PoolGeometry {
  std::array<int64_t, 2> kernel{1, 1}, stride{1, 1}, pad{0, 0}, dilation{1, 1};
  bool ceil_mode = false;
};

int64_t pooling_output_size(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dilation, bool ceil_mode);

struct PoolResult {
  ArrayPtr output, indices;  // indices int64, of output's shape (max pools)
};
PoolResult max_pool2d(const ArrayPtr& x, const PoolGeometry& g);
PoolResult adaptive_max_pool2d(const ArrayPtr& x, int64_t oh, int64_t ow);
// max_pool2d_with_indices_backward / adaptive_max_pool2d_backward: zeros of
// x's shape with grad added at the indices.
ArrayPtr max_pool2d_backward(const ArrayPtr& grad, const ArrayPtr& x, const ArrayPtr& indices);

// divisor_override 0 means none.
ArrayPtr avg_pool2d(const ArrayPtr& x, const PoolGeometry& g, bool count_include_pad, int64_t divisor_override);
ArrayPtr avg_pool2d_backward(const ArrayPtr& grad, const ArrayPtr& x, const PoolGeometry& g, bool count_include_pad,
                             int64_t divisor_override);

ArrayPtr adaptive_avg_pool2d(const ArrayPtr& x, int64_t oh, int64_t ow);
ArrayPtr adaptive_avg_pool2d_backward(const ArrayPtr& grad, const ArrayPtr& x);

}  // namespace sl
