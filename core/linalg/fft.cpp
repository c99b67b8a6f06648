// fft: see fft.hpp.
#include "core/linalg/fft.hpp"

#include <cmath>
#include <complex>
#include <cstring>
#include <vector>

#include "core/model/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/views.hpp"

namespace sl {

namespace {

using cd = std::complex<double>;

// exp(sign * 2 pi i e / n) for 0 <= e < n, exact at the quarter turns.
cd twiddle(int64_t e, int64_t n, int sign) {
  e %= n;
  if (e == 0) return {1, 0};
  if (4 * e == n) return {0, double(sign)};
  if (2 * e == n) return {-1, 0};
  if (4 * e == 3 * n) return {0, -double(sign)};
  // in long double, then rounded: cos(2 pi / 3) is exactly -0.5, as pocketfft's are
  const long double ang = 2.0L * 3.141592653589793238462643383279502884L * (long double)e / (long double)n;
  return {double(std::cos(ang)), sign * double(std::sin(ang))};
}

int64_t smallest_factor(int64_t n) {
  if (n % 4 == 0) return 4;
  for (int64_t p = 2; p * p <= n; ++p)
    if (n % p == 0) return p;
  return n;
}

// out[k] = sum_j in[j * stride] w^(jk), w = exp(sign 2 pi i / n), for k < n.
void dft(const cd* in, int64_t stride, int64_t n, cd* out, int sign) {
  if (n == 1) {
    out[0] = in[0];
    return;
  }
  if (n == 2) {
    out[0] = in[0] + in[stride];
    out[1] = in[0] - in[stride];
    return;
  }
  const int64_t p = smallest_factor(n), m = n / p;
  if (p == n && p != 4) {  // odd prime length: the direct sum over symmetric pairs (pocketfft's passg)
    // X_k = x_0 + sum_j cos(2 pi jk/n) (x_j + x_{n-j}) + i sign sin(2 pi jk/n) (x_j - x_{n-j}),
    // and X_{n-k} the same with the sine term negated: exact zeros stay exact.
    cd sum = in[0];
    for (int64_t j = 1; j < n; ++j) sum += in[j * stride];
    out[0] = sum;
    for (int64_t k = 1; 2 * k < n + 1; ++k) {
      cd c = in[0], sn = 0;
      for (int64_t j = 1; 2 * j < n + 1; ++j) {
        const cd w = twiddle(j * k % n, n, 1);
        c += w.real() * (in[j * stride] + in[(n - j) * stride]);
        sn += w.imag() * (in[j * stride] - in[(n - j) * stride]);
      }
      const cd rot = cd(-sn.imag(), sn.real()) * double(sign);  // i * sign * sn
      out[k] = c + rot;
      out[n - k] = c - rot;
    }
    return;
  }
  // p interleaved sub-transforms of length m, then the radix-p butterflies
  std::vector<cd> sub(static_cast<size_t>(n));
  for (int64_t r = 0; r < p; ++r) dft(in + r * stride, stride * p, m, sub.data() + r * m, sign);
  std::vector<cd> t(static_cast<size_t>(p));
  for (int64_t k = 0; k < m; ++k) {
    for (int64_t r = 0; r < p; ++r) t[size_t(r)] = sub[size_t(r * m + k)] * twiddle(r * k, n, sign);
    for (int64_t q = 0; q < p; ++q) {
      cd s = t[0];
      for (int64_t r = 1; r < p; ++r) s += t[size_t(r)] * twiddle(r * q * m % n, n, sign);
      out[k + q * m] = s;
    }
  }
}

bool single_precision(DType dt) { return dt == DType::F32 || dt == DType::C64 || dt == DType::F16; }

// The input's lanes along axis as complex128 rows of length n (cut or zero-padded).
struct Lanes {
  Shape outer;  // the other axes, in order, with the transformed axis last
  int64_t count = 0, len = 0;
  std::vector<cd> data;
};
Lanes lanes_of(const ArrayPtr& a, int64_t n, int axis) {
  ArrayPtr moved = copy_as(*moveaxis(a, {axis}, {-1}), DType::C128);
  Shape target = moved->shape;
  target.back() = n;
  (void)make_array(DType::C128, target, 'C', Flavor::NumPy, false);  // too large raises NumPy's MemoryError
  Lanes l;
  l.outer = moved->shape;
  const int64_t have = moved->shape.back();
  l.len = n;
  l.count = have ? moved->size() / have : shape_size(Shape(moved->shape.begin(), moved->shape.end() - 1));
  l.data.assign(size_t(l.count * n), cd(0, 0));
  const cd* src = reinterpret_cast<const cd*>(moved->data());
  for (int64_t i = 0; i < l.count; ++i)
    for (int64_t j = 0; j < std::min(n, have); ++j) l.data[size_t(i * n + j)] = src[i * have + j];
  return l;
}

// Rows of length len back into an array with the transformed axis at `axis`.
ArrayPtr assemble(const Lanes& l, const std::vector<double>& flat, bool complex_out, bool single, int64_t len, int axis) {
  Shape s = l.outer;
  s.back() = len;
  ArrayPtr r = make_array(complex_out ? DType::C128 : DType::F64, s);
  if (!flat.empty()) std::memcpy(r->data(), flat.data(), flat.size() * sizeof(double));  // empty: no buffer to copy from
  ArrayPtr back = moveaxis(r, {-1}, {axis});
  DType dt = complex_out ? (single ? DType::C64 : DType::C128) : (single ? DType::F32 : DType::F64);
  return copy_as(*back, dt);
}

void check_n(int64_t n) {
  if (n < 1) value_error("Invalid number of FFT data points (" + std::to_string(n) + ") specified.");
}

}  // namespace

double fft_scale(const std::string& norm, int64_t n, bool inverse) {
  if (norm == "backward") return inverse ? 1.0 / double(n) : 1.0;
  if (norm == "ortho") return 1.0 / std::sqrt(double(n));
  if (norm == "forward") return inverse ? 1.0 : 1.0 / double(n);
  value_error("Invalid norm value " + norm + "; should be \"backward\",\"ortho\" or \"forward\".");
}

ArrayPtr fft_c2c(const ArrayPtr& a, int64_t n, int axis, bool inverse, const std::string& norm) {
  check_n(n);
  const double scale = fft_scale(norm, n, inverse);
  Lanes l = lanes_of(a, n, axis);
  std::vector<double> flat(size_t(2 * l.count * n));
  std::vector<cd> out(static_cast<size_t>(n));
  for (int64_t i = 0; i < l.count; ++i) {
    dft(l.data.data() + i * n, 1, n, out.data(), inverse ? 1 : -1);
    for (int64_t k = 0; k < n; ++k) {
      flat[size_t(2 * (i * n + k))] = out[size_t(k)].real() * scale;
      flat[size_t(2 * (i * n + k) + 1)] = out[size_t(k)].imag() * scale;
    }
  }
  return assemble(l, flat, true, single_precision(a->dtype), n, axis);
}

ArrayPtr fft_r2c(const ArrayPtr& a, int64_t n, int axis, const std::string& norm) {
  check_n(n);
  if (is_complex(a->dtype)) type_error("ufunc 'rfft_n_even' did not contain a loop with signature matching types");
  const double scale = fft_scale(norm, n, false);
  Lanes l = lanes_of(a, n, axis);
  const int64_t h = n / 2 + 1;
  std::vector<double> flat(size_t(2 * l.count * h));
  std::vector<cd> out(static_cast<size_t>(n));
  for (int64_t i = 0; i < l.count; ++i) {
    dft(l.data.data() + i * n, 1, n, out.data(), -1);
    for (int64_t k = 0; k < h; ++k) {
      flat[size_t(2 * (i * h + k))] = out[size_t(k)].real() * scale;
      flat[size_t(2 * (i * h + k) + 1)] = out[size_t(k)].imag() * scale;
    }
  }
  return assemble(l, flat, true, single_precision(a->dtype), h, axis);
}

ArrayPtr fft_c2r(const ArrayPtr& a, int64_t n, int axis, const std::string& norm) {
  check_n(n);
  const double scale = fft_scale(norm, n, true);
  const int64_t h = n / 2 + 1;
  Lanes l = lanes_of(a, h, axis);
  std::vector<double> flat(static_cast<size_t>(l.count * n));
  std::vector<cd> full(static_cast<size_t>(n)), out(static_cast<size_t>(n));
  for (int64_t i = 0; i < l.count; ++i) {
    const cd* x = l.data.data() + i * h;
    full[0] = cd(x[0].real(), 0);
    for (int64_t k = 1; k < h; ++k) {
      full[size_t(k)] = x[k];
      full[size_t(n - k)] = std::conj(x[k]);
    }
    if (n % 2 == 0) full[size_t(n / 2)] = cd(x[n / 2].real(), 0);
    dft(full.data(), 1, n, out.data(), 1);
    for (int64_t k = 0; k < n; ++k) flat[size_t(i * n + k)] = out[size_t(k)].real() * scale;
  }
  return assemble(l, flat, false, single_precision(a->dtype), n, axis);
}

}  // namespace sl
