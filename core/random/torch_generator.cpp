// torch_random: PyTorch's CPU generator and sampling kernels (see the header).
#include "core/random/torch_generator.hpp"

#include <cmath>
#include <cstring>

#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/model/iter.hpp"
#include "core/kernels/libm/glibc_exp_log.hpp"
#include "core/model/session_state.hpp"

namespace sl {

void TorchGenerator::manual_seed(uint64_t seed) {
  seed_ = seed;
  mt_.seed(uint32_t(seed & 0xffffffffu));
  next_normal_.reset();
}

double TorchGenerator::standard_normal() {
  if (next_normal_) {
    double r = *next_normal_;
    next_normal_.reset();
    return r;
  }
  const double u1 = uniform_double();
  const double u2 = uniform_double();
  const double r = std::sqrt(-2.0 * std::log1p(-u2));
  const double theta = 2.0 * M_PI * u1;
  next_normal_ = r * libm::sin(theta);
  return r * libm::cos(theta);
}

TorchGenerator& torch_default_generator() { return session_state<TorchGenerator>(); }

namespace {

// Calls put(p) for every element pointer of t in memory order.
template <class Put>
void for_each_element(Array& t, Put put) {
  const int64_t isz = t.itemsize();
  std::array<const Strides*, 1> st{&t.strides};
  for_each_strided_any_order<1>(t.shape, {t.data()}, st, isz,
                                [&](std::array<char*, 1>& p, const std::array<int64_t, 1>& s, int64_t n) {
                                  char* q = p[0];
                                  for (int64_t i = 0; i < n; ++i, q += s[0]) put(q);
                                });
}

// ---- avx_mathfun (Pommier's cephes-based log256_ps and sincos256_ps), one lane.
// PyTorch's AVX2 build is GCC with -mfma and -ffp-contract=fast, which fuses a
// product into the addition that is its only use; the std::fma calls below are
// exactly the fusions GCC makes there (read off GCC's widening_mul dump and
// checked bit for bit on 480000 draws), every other operation is one rounded
// float operation in the source's order. One lane here equals one AVX2 lane.

float bits_to_float(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
uint32_t float_to_bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

// log(x) for x in (0, 1]: x = m 2^e with m in [sqrt(1/2), sqrt(2)), the cephes
// polynomial in (m - 1), plus e ln 2 in two parts (q2 + q1).
float avx_log(float x) {
  const float min_norm = bits_to_float(0x00800000u);
  x = x > min_norm ? x : min_norm;  // _mm256_max_ps(x, min_norm)
  uint32_t b = float_to_bits(x);
  int32_t imm0 = int32_t(b >> 23) - 0x7f;
  x = bits_to_float((b & ~0x7f800000u) | float_to_bits(0.5f));
  float e = float(imm0);
  e = e + 1.0f;
  const bool small = x < 0.707106781186547524f;
  float tmp = small ? x : 0.0f;
  x = x - 1.0f;
  e = e - (small ? 1.0f : 0.0f);
  x = x + tmp;
  const float z = x * x;
  static const float p[9] = {7.0376836292E-2f,  -1.1514610310E-1f, 1.1676998740E-1f,
                             -1.2420140846E-1f, +1.4249322787E-1f, -1.6668057665E-1f,
                             +2.0000714765E-1f, -2.4999993993E-1f, +3.3333331174E-1f};
  float y = p[0];
  for (int k = 1; k < 9; ++k) y = std::fma(y, x, p[k]);
  y = y * x;
  y = std::fma(y, z, e * -2.12194440e-4f);
  y = y - z * 0.5f;
  x = x + y;
  x = x + e * 0.693359375f;
  return x;
}

// sin and cos of x >= 0: j = the even integer nearest x 4/pi (rounding up odd
// truncations), x - j pi/4 in three parts (DP1..DP3), then the cephes
// polynomials, chosen and signed by the octant bits of j.
void avx_sincos(float x, float& s, float& c) {
  const uint32_t sign_in = float_to_bits(x) & 0x80000000u;
  x = bits_to_float(float_to_bits(x) & 0x7fffffffu);
  float y = x * 1.27323954473516f;
  int32_t j = int32_t(y);  // cvttps: truncation
  j = (j + 1) & ~1;
  y = float(j);
  const uint32_t swap_sin = uint32_t(j & 4) << 29;
  const bool poly2 = (j & 2) == 0;
  x = std::fma(y, -0.78515625f, x);
  x = std::fma(y, -2.4187564849853515625e-4f, x);
  x = std::fma(y, -3.77489497744594108e-8f, x);
  const uint32_t sign_cos = uint32_t(~(j - 2) & 4) << 29;
  const uint32_t sign_sin = sign_in ^ swap_sin;
  const float z = x * x;
  float yc = std::fma(z, 2.443315711809948E-005f, -1.388731625493765E-003f);
  yc = std::fma(z, yc, 4.166664568298827E-002f);
  yc = z * yc;
  yc = std::fma(z, yc, -(z * 0.5f));
  yc = yc + 1.0f;
  float ys = std::fma(z, -1.9515295891E-4f, 8.3321608736E-3f);
  ys = std::fma(z, ys, -1.6666654611E-1f);
  ys = z * ys;
  ys = std::fma(x, ys, x);
  const float ysin2 = poly2 ? ys : 0.0f;
  const float ysin1 = poly2 ? 0.0f : yc;
  ys = ys - ysin2;
  yc = yc - ysin1;
  s = bits_to_float(float_to_bits(ysin1 + ysin2) ^ sign_sin);
  c = bits_to_float(float_to_bits(yc + ys) ^ sign_cos);
}

// normal_fill_16_AVX2: lanes j and j + 8 are one Box-Muller pair,
// u1 = 1 - d[j], u2 = d[j + 8], radius = sqrt(-2 log u1), theta = 2 pi u2.
void normal_fill_16_avx2(float* d, float mean, float std) {
  const float two_pi = float(2.0f * M_PI);
  for (int j = 0; j < 8; ++j) {
    const float u1 = 1.0f - d[j];
    const float u2 = d[j + 8];
    const float radius = std::sqrt(-2.0f * avx_log(u1));
    const float theta = two_pi * u2;
    float s, c;
    avx_sincos(theta, s, c);
    d[j] = std::fma(radius * c, std, mean);
    d[j + 8] = std::fma(radius * s, std, mean);
  }
}

// normal_fill_16<double>: the same pairs in double with the C library's log/cos/sin.
void normal_fill_16_double(double* d, double mean, double std) {
  for (int j = 0; j < 8; ++j) {
    const double u1 = 1 - d[j];
    const double u2 = d[j + 8];
    const double radius = std::sqrt(-2 * libm::log(u1));
    const double theta = 2.0 * M_PI * u2;
    d[j] = std::fma(radius * libm::cos(theta), std, mean);
    d[j + 8] = std::fma(radius * libm::sin(theta), std, mean);
  }
}

// normal_fill: uniforms for every element, Box-Muller on each block of 16;
// when n % 16 != 0 the last 16 elements are drawn again and transformed again.
template <class T, class Uniform, class Fill16>
void normal_fill(T* d, int64_t n, Uniform uniform, Fill16 fill16) {
  for (int64_t i = 0; i < n; ++i) d[i] = uniform();
  for (int64_t i = 0; i + 16 <= n; i += 16) fill16(d + i);
  if (n % 16 != 0) {
    T* tail = d + n - 16;
    for (int k = 0; k < 16; ++k) tail[k] = uniform();
    fill16(tail);
  }
}

void require_floating(const Array& t, const char* what) {
  if (!is_float(t.dtype)) type_error(std::string(what) + " expects a floating point tensor, got " + name(t.dtype));
}

}  // namespace

void torch_uniform_(Array& t, double from, double to, TorchGenerator& g) {
  require_floating(t, "uniform_");
  if (t.dtype == DType::F64) {
    for_each_element(t, [&](char* p) { store<double>(p, std::fma(g.uniform_double(), to - from, from)); });
  } else if (t.dtype == DType::F32) {
    const float f = float(from), tt = float(to);
    for_each_element(t, [&](char* p) { store<float>(p, std::fma(g.uniform_float(), tt - f, f)); });
  } else {  // half: 11 bits, computed in float
    const float f = float(half(from)), tt = float(half(to));
    for_each_element(t, [&](char* p) {
      const float x = float(g.random() & ((1u << 11) - 1)) * (1.0f / 2048.0f);
      store<half>(p, half(double(std::fma(x, tt - f, f))));
    });
  }
}

// normal_kernel: a contiguous float tensor of >= 16 elements takes the AVX2
// normal_fill (float math, avx_mathfun); other contiguous tensors of >= 16
// elements the scalar normal_fill in their dtype; everything else one
// normal_distribution<double> sample per element (cached pairs), cast.
void torch_normal_(Array& t, double mean, double std, TorchGenerator& g) {
  require_floating(t, "normal_");
  const int64_t n = t.size();
  const bool contiguous = t.c_contiguous();
  if (n >= 16 && contiguous && t.dtype == DType::F32) {
    const float m = float(mean), s = float(std);
    normal_fill(reinterpret_cast<float*>(t.data()), n, [&] { return g.uniform_float(); },
                [&](float* d) { normal_fill_16_avx2(d, m, s); });
  } else if (n >= 16 && contiguous && t.dtype == DType::F64) {
    normal_fill(reinterpret_cast<double*>(t.data()), n, [&] { return g.uniform_double(); },
                [&](double* d) { normal_fill_16_double(d, mean, std); });
  } else {
    for_each_element(t, [&](char* p) { store_as(t.dtype, p, std::fma(g.standard_normal(), std, mean)); });
  }
}

void torch_random_from_to_(Array& t, uint64_t range, int64_t base, TorchGenerator& g) {
  const bool wide = range >= (uint64_t(1) << 32) &&
                    (t.dtype == DType::I64 || t.dtype == DType::F64 || t.dtype == DType::F32);
  for_each_element(t, [&](char* p) {
    const uint64_t v = wide ? g.random64() : g.random();
    store_as(t.dtype, p, int64_t(v % range + uint64_t(base)));
  });
}

void torch_random_(Array& t, TorchGenerator& g) {
  const DType dt = t.dtype;
  for_each_element(t, [&](char* p) {
    switch (dt) {
      case DType::Bool: store<bool>(p, (g.random() & 1) != 0); break;
      case DType::F64: store<double>(p, double(g.random64() % ((uint64_t(1) << 53) + 1))); break;
      case DType::F32: store<float>(p, float(g.random() % ((uint64_t(1) << 24) + 1))); break;
      case DType::F16: store<half>(p, half(double(g.random() % ((uint64_t(1) << 11) + 1)))); break;
      case DType::I64: store<int64_t>(p, int64_t(g.random64() % (uint64_t(INT64_MAX) + 1))); break;
      case DType::I32: store<int32_t>(p, int32_t(g.random() % (uint64_t(INT32_MAX) + 1))); break;
      case DType::I16: store<int16_t>(p, int16_t(g.random() % (uint64_t(INT16_MAX) + 1))); break;
      case DType::I8: store<int8_t>(p, int8_t(g.random() % (uint64_t(INT8_MAX) + 1))); break;
      case DType::U8: store<uint8_t>(p, uint8_t(g.random() % 256)); break;
      default: type_error("random_kernel_cpu handles only integral, floating-point and boolean types");
    }
  });
}

void torch_bernoulli_scalar_(Array& t, double p, TorchGenerator& g) {
  for_each_element(t, [&](char* q) { store_as(t.dtype, q, g.uniform_double() < p); });
}

void torch_bernoulli_tensor_(Array& t, const Array& p, TorchGenerator& g) {
  // t and p walk together in t's memory order
  const int64_t isz = t.itemsize();
  std::array<const Strides*, 2> st{&t.strides, &p.strides};
  const bool dbl = p.dtype == DType::F64;
  const DType pdt = p.dtype, tdt = t.dtype;
  for_each_strided_any_order<2>(t.shape, {t.data(), p.data()}, st, isz,
                                [&](std::array<char*, 2>& ptr, const std::array<int64_t, 2>& s, int64_t n) {
                                  char* a = ptr[0];
                                  const char* b = ptr[1];
                                  for (int64_t i = 0; i < n; ++i, a += s[0], b += s[1]) {
                                    const double pv = load_as<double>(pdt, b);
                                    if (!(pv >= 0 && pv <= 1))
                                      runtime_error("Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could "
                                                    "this error message be improved?  If so, please report an "
                                                    "enhancement request to PyTorch.)");
                                    bool v = dbl ? g.uniform_double() < load<double>(b)
                                                 : g.uniform_float() < load_as<float>(pdt, b);
                                    store_as(tdt, a, v);
                                  }
                                });
}

void torch_exponential_(Array& t, double lambd, TorchGenerator& g) {
  require_floating(t, "exponential_");
  for_each_element(t, [&](char* p) { store_as(t.dtype, p, -1.0 / lambd * libm::log(1.0 - g.uniform_double())); });
}

ArrayPtr torch_randperm(int64_t n, DType dt, TorchGenerator& g) {
  if (n < 0) value_error("n must be non-negative, got" + std::to_string(n));
  ArrayPtr out = make_array(dt, {n}, 'C', Flavor::Torch);
  std::vector<int64_t> r(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) r[size_t(i)] = i;
  if (n < int64_t(UINT32_MAX / 20)) {
    for (int64_t i = 0; i < n - 1; ++i) {
      const int64_t z = int64_t(g.random() % uint64_t(n - i));
      std::swap(r[size_t(i)], r[size_t(z + i)]);
    }
  } else {  // randperm_cpu for large n: Durstenfeld with 64-bit draws, from the end
    for (int64_t i = n - 1; i > 0; --i) {
      const int64_t z = int64_t(g.random64() % uint64_t(i + 1));
      std::swap(r[size_t(i)], r[size_t(z)]);
    }
  }
  char* o = out->data();
  for (int64_t i = 0; i < n; ++i) store_as(dt, o + i * out->itemsize(), r[size_t(i)]);
  return out;
}

namespace {

template <class T>
void multinomial_rows(const Array& probs, int64_t n_sample, TorchGenerator& g, int64_t* out) {
  const int64_t ncat = probs.shape.back();
  const int64_t ndist = probs.ndim() > 1 ? probs.shape[0] : 1;
  const int64_t s1 = probs.strides.back();
  const int64_t s0 = probs.ndim() > 1 ? probs.strides[0] : 0;
  std::vector<T> cdf(static_cast<size_t>(ncat));
  for (int64_t i = 0; i < ndist; ++i) {
    T sum = 0;
    for (int64_t j = 0; j < ncat; ++j) {
      const T v = T(load_as<double>(probs.dtype, probs.data() + i * s0 + j * s1));
      if (!(v >= 0)) {
        if (std::isnan(v)) runtime_error("invalid multinomial distribution (encountering probability entry = infinity or NaN)");
        runtime_error("invalid multinomial distribution (encountering probability entry < 0)");
      }
      if (!std::isfinite(v))
        runtime_error("invalid multinomial distribution (encountering probability entry = infinity or NaN)");
      sum += v;
      cdf[size_t(j)] = sum;
    }
    if (!(sum > 0)) runtime_error("invalid multinomial distribution (sum of probabilities <= 0)");
    for (auto& c : cdf) c /= sum;
    cdf[size_t(ncat - 1)] = 1;
    for (int64_t k = 0; k < n_sample; ++k) {
      const double u = g.uniform_double();
      int64_t lo = 0, hi = ncat;
      while (hi - lo > 0) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (cdf[size_t(mid)] < u) lo = mid + 1;
        else hi = mid;
      }
      out[i * n_sample + k] = lo;
    }
  }
}

}  // namespace

ArrayPtr torch_multinomial_replacement(const Array& probs, int64_t n, TorchGenerator& g) {
  Shape s = probs.shape;
  s.back() = n;
  ArrayPtr out = make_array(DType::I64, s, 'C', Flavor::Torch);
  auto* o = reinterpret_cast<int64_t*>(out->data());
  if (probs.dtype == DType::F64) multinomial_rows<double>(probs, n, g, o);
  else multinomial_rows<float>(probs, n, g, o);
  return out;
}

}  // namespace sl
