// kernels/activation: PyTorch's elementwise functions that have no NumPy
// ufunc -- sigmoid, relu, sign (PyTorch's flavour: NaN -> 0) and nan_to_num --
// and softmax along a dim,
// as kernels: one functor per op templated on the element type, a contiguous
// loop, a strided fallback through the shared iterator (core/model/iter.hpp), and
// one dtype switch (activation.cpp).
//
// Invariant: dst and src have the same shape and the same dtype; the kernel
// reads src and writes dst only through their shapes and byte strides, so
// src may be any view (strided, negative strides, empty) and dst may be src
// itself (each element is read before it is written). Every element is
// computed by the same scalar expression on every path, so the contiguous and
// strided loops produce the same bits. float16 is computed in float, as
// PyTorch's CPU kernels do.
#pragma once
#include <cstdint>

#include "core/model/array.hpp"

namespace sl {

enum class Activation : uint8_t {
  sigmoid,     // 1 / (1 + exp(-x))              float dtypes
  relu,        // x < 0 ? 0 : x, -0.0 and NaN kept  every real dtype but bool
  sign,        // (0 < x) - (x < 0), NaN -> 0    every real dtype (bool: itself)
  nan_to_num,  // NaN, +inf, -inf -> given values  float dtypes
  gelu,        // x/2 (1 + erf(x / sqrt 2))       float dtypes
  gelu_tanh,   // x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))  float dtypes
  silu,        // x / (1 + exp(-x))               float dtypes
  exp,         // PyTorch's float exp (Sleef_expf8_u10)  float32, float16
  tanh,        // PyTorch's float tanh (Sleef_tanhf8_u10)  float32, float16
  erfinv,      // PyTorch's calc_erfinv                  float dtypes
  erf,         // PyTorch's Vectorized<float>::erf (A&S 7.1.26); float64: libm  float dtypes
  sin,         // PyTorch's float sin (Sleef_sinf8_u35)  float32
  cos,         // PyTorch's float cos (Sleef_cosf8_u35)  float32
};

// PyTorch's float exp (Sleef_expf8_u10), one element (activation.cpp).
float sleef_expf_u10(float x);
// PyTorch's float log (Sleef_logf8_u10), one element.
float sleef_logf_u10(float x);
// PyTorch's float pow with a scalar exponent (Sleef_powf8_u10), one element.
float sleef_powf_u10(float x, float y);
// PyTorch's float tanh (Sleef_tanhf8_u10), one element.
float sleef_tanhf_u10(float x);
// Vectorized<float>::erf on AVX2, one element (activation.cpp).
float vectorized_erff(float x);

// The replacement values of nan_to_num (unused by the other ops).
struct NanToNumValues {
  double nan = 0.0, posinf = 0.0, neginf = 0.0;
};

// True when `op` has a loop for `dt` (the front end raises PyTorch's message
// otherwise, or casts first).
bool activation_supports(Activation op, DType dt);

// dst[i] = op(src[i]) for every index, in dst's dtype (== src's). The caller
// checks activation_supports(op, dst.dtype) and that dst is writeable.
void apply_activation(Activation op, const Array& dst, const Array& src, const NanToNumValues& nv = {});

// softmax along one dim, in place (at::native softmax_kernel /
// softmax_lastdim_kernel, SoftMaxKernel.cpp): for each slice x_0..x_{n-1},
// m = max x_k (NaN wins), e_k = exp(x_k - m) rounded to the dtype and stored,
// s = sum e_k in order, y_k = e_k * (1 / s). float16 computes in float. x may
// have any layout; a 0-d x is one slice of one element. Float dtypes only
// (softmax_supports); other dtypes are left as they are.
bool softmax_supports(DType dt);
void softmax_inplace(const Array& x, int dim);
// log_softmax along one dim, in place (log_softmax_lastdim_kernel): per slice
// m = max x_k, s = sum exp(x_k - m) in the compute type, y_k = x_k - m - log s.
void log_softmax_inplace(const Array& x, int dim);

// Layer normalisation of the rows of a C-contiguous float array (at::native
// LayerNormKernelImpl): each run of n consecutive elements is one row;
// mean = sum x / n, var = sum (x - mean)^2 / n (population), rstd = 1 /
// sqrt(var + eps); y = (x - mean) * rstd * w + b (w, b: C-contiguous, n
// elements each, or null for 1 and 0; y: C-contiguous like x). Moments accumulate in double and round to the compute
// type, which gives the float reference's printed digits.
void layer_norm_rows(const Array& y, const Array& x, int64_t n, const Array* w, const Array* b, double eps);

}  // namespace sl
