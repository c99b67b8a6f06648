// fft: the discrete Fourier transforms of numpy.fft along one axis.
//
// X_k = sum_j x_j exp(-+2 pi i j k / n), computed by mixed-radix decimation in
// time (the smallest prime factor first, a direct sum for a prime length), with
// twiddles exp(2 pi i e / n) evaluated per reduced exponent e mod n so the
// quarter-turn values are exactly 0 and +-1 -- as pocketfft's (NumPy's backend)
// are, which keeps exact zeros exact (fft(ones(8)) prints 0.j, not 1e-16j).
//
// Invariant: results are new C-contiguous arrays; complex128 results, or
// complex64 / float32 when the input is single precision (NumPy 2's pocketfft
// keeps the precision).
#pragma once
#include <string>

#include "core/model/array.hpp"

namespace sl {

// norm: "backward" (1/n on the inverse), "ortho" (1/sqrt(n) both ways), "forward" (1/n on the forward).
// ValueError 'Invalid norm value x; should be "backward","ortho" or "forward".'
double fft_scale(const std::string& norm, int64_t n, bool inverse);

// fft / ifft (numpy.fft.fft(a, n, axis, norm)): the input cut or zero-padded to n along axis.
ArrayPtr fft_c2c(const ArrayPtr& a, int64_t n, int axis, bool inverse, const std::string& norm);
// rfft: the n//2 + 1 non-negative frequency terms of a real input.
ArrayPtr fft_r2c(const ArrayPtr& a, int64_t n, int axis, const std::string& norm);
// irfft: the real length-n signal whose spectrum's first n//2 + 1 terms are a's
// (Hermitian symmetry supplies the rest; the imaginary parts of the zero and
// Nyquist terms are ignored).
ArrayPtr fft_c2r(const ArrayPtr& a, int64_t n, int axis, const std::string& norm);

}  // namespace sl
