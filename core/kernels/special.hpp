// kernels/special: the special functions of torch.special (and the Tensor methods
// lgamma, digamma, polygamma, erfc, i0, sinc, igamma, igammac, mvlgamma's terms)
// as elementwise kernels, each element computed in its own precision the way
// ATen's CPU kernels compute it (aten/src/ATen/native/Math.h: float inputs in
// float arithmetic with the float forms of the coefficients, double in double),
// so float32 results print PyTorch's digits.
//
// Invariant: dst and every source have the same shape and dtype (float16,
// float32 or float64; float16 is computed in float); sources may be any view,
// broadcast ones included (zero strides); dst may alias a source.
#pragma once
#include <cstdint>

#include "core/model/array.hpp"

namespace sl {

// One-argument functions: dst[i] = f(src[i]).
enum class Special1 : uint8_t {
  lgamma, digamma, trigamma, erfc, erfcx, ndtri, log_ndtr,
  i0, i0e, i1, i1e,
  bessel_j0, bessel_j1, bessel_y0, bessel_y1,
  modified_bessel_i0, modified_bessel_i1, modified_bessel_k0, modified_bessel_k1,
  scaled_modified_bessel_k0, scaled_modified_bessel_k1, spherical_bessel_j0, airy_ai,
  entr, sinc,
};
// Two-argument functions: dst[i] = f(a[i], b[i]).
enum class Special2 : uint8_t {
  zeta, igamma, igammac, xlog1py,
  chebyshev_t, chebyshev_u, chebyshev_v, chebyshev_w,
  shifted_chebyshev_t, shifted_chebyshev_u, shifted_chebyshev_v, shifted_chebyshev_w,
  hermite_h, hermite_he, laguerre_l, legendre_p,
};

// float16, float32 and float64 have loops.
bool special_supports(DType dt);
void apply_special1(Special1 op, const Array& dst, const Array& src);
void apply_special2(Special2 op, const Array& dst, const Array& a, const Array& b);
// polygamma(n, x) for n >= 2: (-1)^(n+1) n! zeta(n + 1, x) (calc_polygamma); n 0 and 1
// are digamma and trigamma.
void apply_polygamma(int64_t n, const Array& dst, const Array& src);
// One element of the above (float and double), for the backward formulas.
template <class T> T special1(Special1 op, T x);
template <class T> T special2(Special2 op, T a, T b);
template <class T> T polygamma_of(int64_t n, T x);

}  // namespace sl
