// torch/pointwise: the fused elementwise kernels an optimizer step is made of --
// add with alpha, addcmul, addcdiv, lerp -- with the rounding PyTorch's CPU
// kernels give them.
//
// Note [Pointwise update kernels]: ATen writes these loops as one expression per
// element (ufunc/add.h, PointwiseOpsKernel.cpp, Lerp.h), and the reference's
// build (GCC, AVX2 + FMA, contraction on) fuses the multiply-add in both the
// vector loop and the scalar tail. Measured against PyTorch 2.6 on 1,003 random
// float32 elements (every element agrees with the form below, while the unfused
// composition of two ufuncs differs on 2-12% of them):
//   add(self, other, alpha)          fma(other, alpha, self)
//   addcmul(self, t1, t2, value)     fma(value * t1, t2, self)
//   addcdiv(self, t1, t2, value)     self + (value * t1) / t2      (a division: no fusion)
//   lerp(self, end, w), |w| < 0.5    fma(w, end - self, self)
//   lerp(self, end, w), otherwise    fma(w - 1, end - self, end)
// Scalars enter in the op's dtype (value.to<scalar_t>()), as TensorIterator's
// kernels take them, so a float32 op multiplies by the float32 rounding of lr.
// sub(self, other, alpha) is add(self, other, -alpha) (sub_kernel). An unfused
// composition of ufuncs would round twice; these kernels round once where
// PyTorch does.
//
// Invariant: operands broadcast to one shape and are read in the computing dtype
// (float32 or float64: the integer and half forms are the ufunc compositions the
// caller makes); the result is a new contiguous tensor of that shape.
#pragma once
#include "core/model/array.hpp"

namespace sl {

enum class PointwiseOp { AddAlpha, Addcmul, Addcdiv, Lerp };

// op over self, a and b (b: t2 of addcmul/addcdiv, the weight tensor of lerp,
// null for add and a scalar-weight lerp), with the Scalar `s` (alpha, value or
// weight), computed in dt (F32 or F64).
ArrayPtr torch_pointwise(PointwiseOp op, const ArrayPtr& self, const ArrayPtr& a, const ArrayPtr& b, double s,
                         DType dt);

// Whether torch_pointwise computes in dt.
bool pointwise_dtype(DType dt);

// self ** e for a Scalar e, as pow_tensor_scalar_kernel computes it where its
// order is its own (PowKernel.cpp): a float32/float64 self raised to 2 is
// x * x, to 3 is (x * x) * x, to -2 is 1 / (x * x), to 0.5 sqrt(x), to -0.5
// 1 / sqrt(x), to -1 1 / x -- each a vector expression, rounded per operation.
// Null for other exponents and dtypes (the power ufunc then computes it).
ArrayPtr torch_pow_special(const ArrayPtr& self, double e);

}  // namespace sl
