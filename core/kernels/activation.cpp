#include "core/kernels/activation.hpp"

#include <cassert>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <limits>
#include <type_traits>

#include "core/model/element.hpp"
#include "core/model/iter.hpp"
#include "core/kernels/npy_umath.hpp"

namespace sl {

namespace {

// The type an element of storage type T is computed in: float for float16
// (PyTorch upcasts Half to float inside its CPU kernels), T otherwise.
template <class T> using compute_of = std::conditional_t<std::is_same_v<T, half>, float, T>;
template <class T> inline constexpr bool is_float_elem = std::is_floating_point_v<T> || std::is_same_v<T, half>;
template <class T> inline constexpr bool is_real_elem = !is_complex_t<T>::value;

// ---- one functor per op: `ok<T>` says which storage types it has a loop for,
// f(C) computes one element in its compute type C.

// Note [Vectorized and scalar loops]: a PyTorch CPU kernel written with
// cpu_kernel_vec runs its Vectorized form on blocks of two vectors (16
// floats) of a contiguous run and its scalar form on the rest (Loops.h
// vectorized_loop) and on strided runs. Where the two forms round
// differently -- Sleef's exp in the vector, libm's in the scalar -- a functor
// here has both: operator() is the scalar form, vec() the vector form for
// float32, and run() picks by the element's position as PyTorch's loop does.

// at::native sigmoid_kernel (UnaryOpsKernel.cpp): 1 / (1 + exp(-x)) with
// libm's exp; the vector form (float32) 1 / (exp(0 - x) + 1) with Sleef's.
struct sigmoid_fn {
  template <class T> static constexpr bool ok = is_float_elem<T>;
  template <class C> C operator()(C x) const { return C(1) / (C(1) + std::exp(-x)); }
  float vec(float x) const { return 1.0f / (sleef_expf_u10(-x) + 1.0f); }
};

// at::native relu = clamp_min(x, 0): NaN and -0.0 pass through. Floats are
// tested on their bit pattern (negative, nonzero, not NaN: above the sign bit
// alone and at most -inf's pattern), never with a float comparison: LLVM folds
// `signbit(x) && x != 0 && x == x ? 0 : x` into `x < 0 ? 0 : x` and lowers that
// to wasm's f32.max, which makes max(-0.0, 0) = +0.0 (toolchain.md, pitfalls).
// Integers clamp at 0 (unsigned ones are unchanged).
template <class C>
bool negative_nonzero_number(C x) {
  using U = std::conditional_t<sizeof(C) == 4, uint32_t, uint64_t>;
  constexpr U sign = U(1) << (8 * sizeof(C) - 1);
  const C ninf = -std::numeric_limits<C>::infinity();
  U neg_inf, b;  // std::bit_cast is missing from Emscripten 3.1.6's libc++
  std::memcpy(&neg_inf, &ninf, sizeof(U));
  std::memcpy(&b, &x, sizeof(U));
  return b > sign && b <= neg_inf;
}

struct relu_fn {
  template <class T> static constexpr bool ok = is_real_elem<T> && !std::is_same_v<T, bool>;
  template <class C> C operator()(C x) const {
    if constexpr (std::is_floating_point_v<C>) return negative_nonzero_number(x) ? C(0) : x;
    else if constexpr (std::is_signed_v<C>) return x < C(0) ? C(0) : x;
    else return x;
  }
};

// at::native sign_kernel: (0 < x) - (x < 0), so NaN, -0.0 and +0.0 give 0
// (NumPy's sign keeps NaN); bool maps to itself.
struct sign_fn {
  template <class T> static constexpr bool ok = is_real_elem<T>;
  template <class C> C operator()(C x) const {
    if constexpr (std::is_same_v<C, bool>) return x;
    else return C(int(C(0) < x) - int(x < C(0)));
  }
};

// at::native nan_to_num: NaN, +inf and -inf replaced by the given values,
// each rounded to the compute type first; every other value unchanged.
struct nan_to_num_fn {
  NanToNumValues v;
  template <class T> static constexpr bool ok = is_float_elem<T>;
  template <class C> C operator()(C x) const {
    if (std::isnan(x)) return C(v.nan);
    if (x == std::numeric_limits<C>::infinity()) return C(v.posinf);
    if (x == -std::numeric_limits<C>::infinity()) return C(v.neginf);
    return x;
  }
};

// at::native GeluKernelImpl (GeluType::None): x * 0.5 * (1 + erf(x * M_SQRT1_2)).
// (The reference's contiguous float32 GELU matches neither this formula with
// glibc 2.41's erff nor ATen's vectorised erf -- probably oneDNN's
// eltwise_gelu_erf; 1 + erf cancels near x = -3, so a last printed digit can
// differ there: corpus torch_nn "GELU exact and tanh", pending.)
struct gelu_fn {
  template <class T> static constexpr bool ok = is_float_elem<T>;
  template <class C> C operator()(C x) const { return x * C(0.5) * (C(1) + std::erf(x * C(0.70710678118654752440))); }
};

// GeluType::Tanh: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
struct gelu_tanh_fn {
  template <class T> static constexpr bool ok = is_float_elem<T>;
  template <class C> C operator()(C x) const {
    const C inner = C(0.79788456080286535588) * (x + C(0.044715) * x * x * x);
    return C(0.5) * x * (C(1) + std::tanh(inner));
  }
};

// at::native silu_kernel: x / (1 + exp(-x)); the vector form x / (1 + exp(-x)) with Sleef's exp.
struct silu_fn {
  template <class T> static constexpr bool ok = is_float_elem<T>;
  template <class C> C operator()(C x) const { return x / (C(1) + std::exp(-x)); }
  float vec(float x) const { return x / (1.0f + sleef_expf_u10(-x)); }
};

}  // namespace

// PyTorch's exp for float (UnaryOpsKernel.cpp IMPLEMENT_FLOAT_KERNEL -> vml
// vexp -> Vectorized<float>::exp -> Sleef_expf8_u10 on AVX2; vec::map pads
// the tail into a vector too, so every element takes this path). The
// algorithm: q = rint(x / ln 2); s = x - q ln 2 with ln 2 split in two
// (Cody-Waite, fused); e^s = 1 + s + s^2 P(s), P of degree 5; scaled by 2^q
// in two steps so 2^q never overflows early. Every multiply-add is fused, as
// Sleef's AVX2 build has it (exact FMA on every target: npyk::prim::fma).
// Checked bit for bit against the reference on 4e5 inputs in [-103, 88].
float sleef_expf_u10(float d) {
  using npyk::prim::fma;
  const float r_ln2 = 1.442695040888963407359924681001892137426645954152985934135449406931f;
  const float l2u = 0.693145751953125f, l2l = 1.428606765330187045e-06f;
  const float qf = std::nearbyint(d * r_ln2);
  if (!(qf > -1000.f && qf < 1000.f)) {  // NaN and far outside the finite range
    if (std::isnan(d)) return d;
    return d < 0 ? 0.f : INFINITY;
  }
  const int q = int(qf);
  float s = fma(qf, -l2u, d);
  s = fma(qf, -l2l, s);
  float u = 0.000198527617612853646278381f;
  u = fma(u, s, 0.00139304355252534151077271f);
  u = fma(u, s, 0.00833336077630519866943359f);
  u = fma(u, s, 0.0416664853692054748535156f);
  u = fma(u, s, 0.166666671633720397949219f);
  u = fma(u, s, 0.5f);
  u = 1.0f + fma(s * s, u, s);
  auto pow2i = [](int e) {
    const uint32_t b = uint32_t(e + 0x7f) << 23;
    float f;
    std::memcpy(&f, &b, 4);
    return f;
  };
  u = u * pow2i(q >> 1) * pow2i(q - (q >> 1));
  if (d < -104.f) u = 0.f;
  if (d > 100.f) u = INFINITY;
  return u;
}

namespace {

// PyTorch's float sin and cos (UnaryOpsKernel.cpp -> vml vsin/vcos ->
// Vectorized<float>::sin/cos -> Sleef_sinf8_u35 / Sleef_cosf8_u35 on AVX2,
// Sleef 3.6's xsinf / xcosf: the 3.5-ulp kernels, not the u10 ones; vec::map
// pads the tail into a vector, so every element takes this path). The
// argument is reduced by q = rint(x / pi) (cos: the odd multiple of pi/2
// nearest x, 2 rint(x / pi - 1/2) + 1) with pi split in three parts for
// |x| < 125 (TRIGRANGEMAX2f) and four below 39000 (TRIGRANGEMAXf), each
// subtraction one fused multiply-add; then, with s = d^2,
// sin d = d + s (d P(s)) for P of degree 3 in Horner form (fused), the last
// two operations separate roundings (Sleef is built without contraction);
// the sign flips with the parity of q. Checked bit for bit against the
// reference on 6,000 inputs in (-120, 120). Not ported: Sleef picks the
// reduction for a whole 8-lane vector (all lanes below 125, else all below
// 39000, else Payne-Hanek, rempif), so a small element sharing a vector with
// a large one may differ in the last bit; beyond 39000 this computes
// glibc-like sin in double rounded to float.
namespace sleef_trig {

using npyk::prim::fma;
constexpr float kPiA2 = 3.1414794921875f, kPiB2 = 0.00011315941810607910156f, kPiC2 = 1.9841872589410058936e-09f;
constexpr float kPiA = 3.140625f, kPiB = 0.0009670257568359375f, kPiC = 6.2771141529083251953e-07f,
                kPiD = 1.2154201256553420762e-10f;
constexpr float kOneOverPi = float(0.318309886183790671537767526745028724);

// d reduced by u multiples of pi * scale (scale 1 for sin, 1/2 for cos).
float reduce(float d, float u, float scale) {
  if (std::fabs(d) < 125.0f) {
    d = fma(u, -kPiA2 * scale, d);
    d = fma(u, -kPiB2 * scale, d);
    return fma(u, -kPiC2 * scale, d);
  }
  d = fma(u, -kPiA * scale, d);
  d = fma(u, -kPiB * scale, d);
  d = fma(u, -kPiC * scale, d);
  return fma(u, -kPiD * scale, d);
}

// sin of the reduced argument d (s = d * d, computed before d's sign flip).
float poly(float d, float s) {
  float u = 2.6083159809786593541503e-06f;
  u = fma(u, s, -0.0001981069071916863322258f);
  u = fma(u, s, 0.00833307858556509017944336f);
  u = fma(u, s, -0.166666597127914428710938f);
  return s * (u * d) + d;
}

}  // namespace sleef_trig

float sleef_sinf_u35(float r) {
  using namespace sleef_trig;
  if (!(std::fabs(r) < 39000.0f)) return float(std::sin(double(r)));  // rempif not ported (above)
  const int q = int(std::nearbyint(r * kOneOverPi));
  float d = reduce(r, float(q), 1.0f);
  const float s = d * d;
  if (q & 1) d = -d;
  const float u = poly(d, s);
  return r == 0.0f && std::signbit(r) ? r : u;  // -0.0 stays -0.0
}

float sleef_cosf_u35(float r) {
  using namespace sleef_trig;
  if (!(std::fabs(r) < 39000.0f)) return float(std::cos(double(r)));  // rempif not ported (above)
  int q = int(std::nearbyint(r * kOneOverPi - 0.5f));
  q = q + q + 1;
  float d = reduce(r, float(q), 0.5f);
  const float s = d * d;
  if ((q & 2) == 0) d = -d;
  return poly(d, s);
}

struct sin_fn {
  template <class T> static constexpr bool ok = std::is_same_v<T, float>;
  float operator()(float x) const { return sleef_sinf_u35(x); }
};
struct cos_fn {
  template <class T> static constexpr bool ok = std::is_same_v<T, float>;
  float operator()(float x) const { return sleef_cosf_u35(x); }
};

// Vectorized<float>::erf on AVX2 (vec256_float.h): Abramowitz & Stegun
// 7.1.26, erf|x| = 1 - t (p1 + t (p2 + t (p3 + t (p4 + t p5)))) e^{-x^2} with
// t = 1 / (1 + p |x|), fused multiply-adds, Sleef's expf; the sign restored.
float vec_erff(float x) {
  using npyk::prim::fma;
  const float a = std::fabs(x);
  const float t = 1.0f / fma(0.3275911f, a, 1.0f);
  const float r = fma(fma(fma(fma(1.061405429f, t, -1.453152027f), t, 1.421413741f), t, -0.284496736f), t, 0.254829592f);
  const float e = -sleef_expf_u10(-(x * x));
  const float v = fma(e * t, r, 1.0f);
  return std::signbit(x) ? -v : v;  // the sign bit of x, xor'ed in
}

struct erf_fn {
  template <class T> static constexpr bool ok = is_float_elem<T>;
  float operator()(float x) const { return vec_erff(x); }
  double operator()(double x) const { return std::erf(x); }
};

struct exp_fn {
  template <class T> static constexpr bool ok = std::is_same_v<T, float> || std::is_same_v<T, half>;
  float operator()(float x) const { return sleef_expf_u10(x); }
};

// PyTorch's tanh for float (Vectorized<float>::tanh -> Sleef_tanhf8_u10; vec::map
// covers the tail too): tanh |x| = (e - 1/e) / (e + 1/e) with e = exp |x| carried
// as a double-float (hi + lo), the sign put back, 1 beyond |x| > 8.664339742.
// Double-float arithmetic as Sleef's AVX2 build runs it (every fused step an FMA):
// a sum keeps its rounding error in lo ("two-sum"), a product the error fma(a, b, -ab).
struct df32 {
  float hi, lo;
};
df32 df_add2(df32 x, float y) {  // |x| and |y| in any order
  const float s = x.hi + y, v = s - x.hi;
  return {s, ((x.hi - (s - v)) + (y - v)) + x.lo};
}
df32 df_add2(df32 x, df32 y) {
  const float s = x.hi + y.hi, v = s - x.hi;
  return {s, ((x.hi - (s - v)) + (y.hi - v)) + (x.lo + y.lo)};
}
df32 df_add(float x, df32 y) {  // |x| >= |y|
  const float s = x + y.hi;
  return {s, ((x - s) + y.hi) + y.lo};
}
df32 df_add(df32 x, df32 y) {  // |x| >= |y|
  const float s = x.hi + y.hi;
  return {s, (((x.hi - s) + y.hi) + x.lo) + y.lo};
}
df32 df_mul(df32 x, float y) {
  using npyk::prim::fma;
  const float s = x.hi * y;
  return {s, fma(x.lo, y, fma(x.hi, y, -s))};
}
df32 df_mul(df32 x, df32 y) {
  using npyk::prim::fma;
  const float s = x.hi * y.hi;
  return {s, fma(x.hi, y.lo, fma(x.lo, y.hi, fma(x.hi, y.hi, -s)))};
}
df32 df_square(df32 x) {
  using npyk::prim::fma;
  const float s = x.hi * x.hi;
  return {s, fma(x.hi + x.hi, x.lo, fma(x.hi, x.hi, -s))};
}
df32 df_reciprocal(df32 d) {
  using npyk::prim::fma;
  const float s = 1.0f / d.hi;
  return {s, s * fma(-d.lo, s, fma(-d.hi, s, 1.0f))};
}
df32 df_div(df32 n, df32 d) {
  using npyk::prim::fma;
  const float t = 1.0f / d.hi, s = n.hi * t;
  const float u = fma(t, n.hi, -s), v = fma(-d.lo, t, fma(-d.hi, t, 1.0f));
  return {s, fma(s, v, fma(n.lo, t, u))};
}

// e^y for y >= 0 as a double-float (Sleef's expk2f): q = rint(y / ln 2);
// s = y - q ln 2 (ln 2 in two parts, each step a two-sum); e^s = 1 + s + s^2 (1/2 +
// s (1/6 + s P(s))) with P of degree 3, the outer steps in double-float; times 2^q.
df32 expk2f(float y) {
  using npyk::prim::fma;
  const float r_ln2 = 1.442695040888963407359924681001892137426645954152985934135449406931f;
  const float l2u = 0.693145751953125f, l2l = 1.428606765330187045e-06f;
  const int q = int(std::nearbyint(y * r_ln2));
  df32 s = df_add2(df32{y, 0.0f}, float(q) * -l2u);
  s = df_add2(s, float(q) * -l2l);
  float u = 0.1980960224e-3f;
  u = fma(u, s.hi, 0.1394256484e-2f);
  u = fma(u, s.hi, 0.8333456703e-2f);
  u = fma(u, s.hi, 0.4166637361e-1f);
  df32 t = df_add2(df_mul(s, u), 0.166666659414234244790680580464e+0f);
  t = df_add2(df_mul(s, t), 0.5f);
  t = df_add2(s, df_mul(df_square(s), t));
  t = df_add(1.0f, t);
  return {std::ldexp(std::ldexp(t.hi, q >> 1), q - (q >> 1)), std::ldexp(std::ldexp(t.lo, q >> 1), q - (q >> 1))};
}

}  // namespace

// PyTorch's float log (Vectorized<float>::log -> Sleef_logf8_u10): d = m 2^e
// with m in [0.75, 1.5); x = (m - 1) / (m + 1) as a double-float; log d =
// e ln 2 + 2x + x^3 P(x^2) (P of degree 2), ln 2 and the sums in double-float.
float sleef_logf_u10(float d) {
  using npyk::prim::fma;
  if (std::isnan(d) || d < 0) return std::numeric_limits<float>::quiet_NaN();
  if (d == 0) return -std::numeric_limits<float>::infinity();
  if (std::isinf(d)) return d;
  const bool tiny = d < std::numeric_limits<float>::min();
  if (tiny) d *= 18446744073709551616.0f;  // 2^64
  auto bits = [](float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; };
  int e = int((bits(d * (1.0f / 0.75f)) >> 23) & 0xff) - 0x7f;
  uint32_t mb = bits(d) + (uint32_t(-e) << 23);  // d 2^-e, through the exponent field
  float m;
  std::memcpy(&m, &mb, 4);
  if (tiny) e -= 64;
  df32 s = df_mul(df32{0.69314718246459960938f, -1.904654323148236017e-09f}, float(e));
  const float nm = -1.0f + m, nv = nm - -1.0f;
  const float pm = 1.0f + m, pv = pm - 1.0f;
  const df32 num{nm, (-1.0f - (nm - nv)) + (m - nv)}, den{pm, (1.0f - (pm - pv)) + (m - pv)};
  const df32 x = df_div(num, den);
  const float x2 = x.hi * x.hi;
  float t = 0.3027294874e+0f;
  t = fma(t, x2, 0.3996108174e+0f);
  t = fma(t, x2, 0.6666694880e+0f);
  s = df_add(s, df32{x.hi * 2, x.lo * 2});
  const float tail = (x2 * x.hi) * t, sum = s.hi + tail;
  s = {sum, ((s.hi - sum) + tail) + s.lo};
  return s.hi + s.lo;
}

namespace {

// log |d| as a double-float (Sleef's logkf): the reduction of sleef_logf_u10
// with a longer polynomial, its last coefficient and the sums in double-float.
df32 logkf(float d) {
  using npyk::prim::fma;
  const bool tiny = d < std::numeric_limits<float>::min();
  if (tiny) d *= 18446744073709551616.0f;  // 2^64
  auto bits = [](float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; };
  int e = int((bits(d * (1.0f / 0.75f)) >> 23) & 0xff) - 0x7f;
  uint32_t mb = bits(d) + (uint32_t(-e) << 23);
  float m;
  std::memcpy(&m, &mb, 4);
  if (tiny) e -= 64;
  const float nm = -1.0f + m, nv = nm - -1.0f;
  const float pm = 1.0f + m, pv = pm - 1.0f;
  const df32 x = df_div(df32{nm, (-1.0f - (nm - nv)) + (m - nv)}, df32{pm, (1.0f - (pm - pv)) + (m - pv)});
  const df32 x2 = df_square(x);
  float t = 0.240320354700088500976562f;
  t = fma(t, x2.hi, 0.285112679004669189453125f);
  t = fma(t, x2.hi, 0.400007992982864379882812f);
  const df32 c{0.66666662693023681640625f, 3.69183861259614332084311e-09f};
  df32 s = df_mul(df32{0.69314718246459960938f, -1.904654323148236017e-09f}, float(e));
  s = df_add(s, df32{x.hi * 2, x.lo * 2});
  return df_add(s, df_mul(df_mul(x2, x), df_add2(df_mul(x2, t), c)));
}

// e^d for a double-float d (Sleef's expkf), rounded to float.
float expkf(df32 d) {
  using npyk::prim::fma;
  const float r_ln2 = 1.442695040888963407359924681001892137426645954152985934135449406931f;
  const float l2u = 0.693145751953125f, l2l = 1.428606765330187045e-06f;
  const int q = int(std::nearbyint((d.hi + d.lo) * r_ln2));
  df32 s = df_add2(d, float(q) * -l2u);
  s = df_add2(s, float(q) * -l2l);
  const float sh = s.hi + s.lo;  // normalize
  s = {sh, (s.hi - sh) + s.lo};
  float u = 0.00136324646882712841033936f;
  u = fma(u, s.hi, 0.00836596917361021041870117f);
  u = fma(u, s.hi, 0.0416710823774337768554688f);
  u = fma(u, s.hi, 0.166665524244308471679688f);
  u = fma(u, s.hi, 0.499999850988388061523438f);
  df32 t = df_add(s, df_mul(df_square(s), u));
  t = df_add(1.0f, t);
  float r = std::ldexp(t.hi + t.lo, q);
  if (d.hi < -104) r = 0;
  return r;
}

}  // namespace

// PyTorch's float pow with a scalar exponent (Vectorized<float>::pow ->
// Sleef_powf8_u10): |x|^y = exp(y log |x|) in double-float, then the sign
// for an odd integer y and IEEE's special cases.
float sleef_powf_u10(float x, float y) {
  const bool yint = std::trunc(y) == y || std::fabs(y) > float(1 << 24);
  const bool yodd = yint && std::fabs(y) < float(1 << 24) && (int64_t(std::trunc(y)) & 1) == 1;
  const df32 l = logkf(std::fabs(x));
  float r = expkf(df_mul(l, y));
  if (std::isnan(r)) r = std::numeric_limits<float>::infinity();
  r *= x > 0 ? 1.0f : yint ? (yodd ? -1.0f : 1.0f) : std::numeric_limits<float>::quiet_NaN();
  const float efx = std::signbit(y) ? -(std::fabs(x) - 1) : std::fabs(x) - 1;  // times y's sign
  if (std::isinf(y)) r = efx < 0 ? 0.0f : efx == 0 ? 1.0f : std::numeric_limits<float>::infinity();
  if (std::isinf(x) || x == 0) {
    const float mag = (std::signbit(y) != (x == 0)) ? 0.0f : std::numeric_limits<float>::infinity();
    r = std::copysign(mag, yodd ? x : 1.0f);
  }
  if (std::isnan(x) || std::isnan(y)) r = std::numeric_limits<float>::quiet_NaN();
  if (y == 0 || x == 1) r = 1.0f;
  return r;
}

float sleef_tanhf_u10(float x) {
  if (std::isnan(x)) return x;
  const float y = std::abs(x);
  // past 8.66 (and at inf) the result is +-1 whatever e^y is: decided before
  // expk2f, whose rint(y / ln 2) would not fit an int
  if (y > 8.664339742f) return std::copysign(1.0f, x);
  df32 d = expk2f(y);
  const df32 e = df_reciprocal(d);
  d = df_div(df_add(d, df32{-e.hi, -e.lo}), df_add(d, e));
  float r = d.hi + d.lo;
  if (std::isnan(r)) r = 1.0f;
  return std::copysign(r, x);
}

namespace {

struct tanh_fn {
  template <class T> static constexpr bool ok = std::is_same_v<T, float> || std::is_same_v<T, half>;
  float operator()(float x) const { return sleef_tanhf_u10(x); }
};

// PyTorch's erfinv (c10 calc_erfinv, from the public Matlab erfinv by G.
// Pavlis): a rational first guess -- y P(y^2)/Q(y^2) for |y| <= 0.7, else
// sign(y) R(z)/S(z) with z = sqrt(-log((1 - |y|) / 2)) -- then two Newton
// steps x -= (erf(x) - y) / (2/sqrt(pi) exp(-x^2)), all in T. As the
// reference is built: GCC contracts each polynomial step into an FMA, and
// glibc 2.41's erff is correctly rounded (CORE-MATH), which erf in double
// rounded to float reproduces. Bit-exact with the reference on 2e5 float32
// inputs in (-1, 1).
template <class T>
T calc_erfinv(T y) {
  using npyk::prim::fma;
  const T a[4] = {T(0.886226899), T(-1.645349621), T(0.914624893), T(-0.140543331)};
  const T b[4] = {T(-2.118377725), T(1.442710462), T(-0.329097515), T(0.012229801)};
  const T c[4] = {T(-1.970840454), T(-1.624906493), T(3.429567803), T(1.641345311)};
  const T d[2] = {T(3.543889200), T(1.637067800)};
  const T y_abs = std::abs(y);
  if (y_abs > T(1)) return std::numeric_limits<T>::quiet_NaN();
  if (y_abs == T(1)) return std::copysign(std::numeric_limits<T>::infinity(), y);
  T x, z, num, dem;
  if (y_abs <= T(0.7)) {
    z = y * y;
    num = fma(fma(fma(a[3], z, a[2]), z, a[1]), z, a[0]);
    dem = fma(fma(fma(fma(b[3], z, b[2]), z, b[1]), z, b[0]), z, T(1));
    x = y * num / dem;
  } else {
    z = std::sqrt(-std::log((T(1) - y_abs) / T(2)));
    num = fma(fma(fma(c[3], z, c[2]), z, c[1]), z, c[0]);
    dem = fma(fma(d[1], z, d[0]), z, T(1));
    x = std::copysign(num, y) / dem;
  }
  const T k = T(2) / T(std::sqrt(3.14159265358979323846));
  for (int step = 0; step < 2; ++step) x = x - (T(std::erf(double(x))) - y) / (k * std::exp(-x * x));
  return x;
}

struct erfinv_fn {
  template <class T> static constexpr bool ok = is_float_elem<T>;
  template <class C> C operator()(C x) const { return calc_erfinv(x); }
};

// One 1-D run of n elements: a typed loop when both sides are contiguous,
// the byte-stride loop otherwise. Both evaluate the same expression.
template <class F, class T, class = void>
struct has_vec : std::false_type {};
template <class F>
struct has_vec<F, float, std::void_t<decltype(std::declval<const F&>().vec(0.0f))>> : std::true_type {};

template <class T, class F>
void run(const F& f, char* o, int64_t so, const char* a, int64_t sa, int64_t n) {
  using C = compute_of<T>;
  constexpr int64_t w = int64_t(sizeof(T));
  if (so == w && sa == w) {
    T* po = reinterpret_cast<T*>(o);
    const T* pa = reinterpret_cast<const T*>(a);
    int64_t i = 0;
    if constexpr (has_vec<F, T>::value)  // Note [Vectorized and scalar loops]
      for (const int64_t end = n - n % 16; i < end; ++i) po[i] = f.vec(pa[i]);
    for (; i < n; ++i) po[i] = T(f(C(pa[i])));
    return;
  }
  for (int64_t i = 0; i < n; ++i, o += so, a += sa) store<T>(o, T(f(C(load<T>(a)))));
}

// The one dtype switch: F's loop for dst's element type, over every run the
// shared iterator hands out (dimensions coalesced where both layouts allow).
// The walk is compiled once and calls the (F, T) loop through a pointer per
// run, instead of being instantiated for every (F, T) pair.
using RunFn = void (*)(const void* f, char* o, int64_t so, const char* a, int64_t sa, int64_t n);

template <class F, class T>
void run_of(const void* f, char* o, int64_t so, const char* a, int64_t sa, int64_t n) {
  run<T>(*static_cast<const F*>(f), o, so, a, sa, n);
}

void walk(RunFn r, const void* f, const Array& dst, const Array& src) {
  std::array<char*, 2> base = {dst.data(), src.data()};
  std::array<const Strides*, 2> strides = {&dst.strides, &src.strides};
  for_each_strided<2>(dst.shape, base, strides, [&](std::array<char*, 2>& p, const std::array<int64_t, 2>& s, int64_t n) {
    r(f, p[0], s[0], p[1], s[1], n);
  });
}

template <class F>
void apply(const F& f, const Array& dst, const Array& src) {
  const RunFn r = visit_dtype(dst.dtype, [&](auto tag) -> RunFn {
    using T = decltype(tag);
    if constexpr (F::template ok<T>) return &run_of<F, T>;
    else return nullptr;
  });
  if (r) walk(r, &f, dst, src);
}

template <class F>
bool supports(DType dt) {
  return visit_dtype(dt, [](auto tag) { return F::template ok<decltype(tag)>; });
}

// The largest of a slice of n elements `st` bytes apart, NaN winning (softmax's m).
template <class T>
compute_of<T> slice_max(const char* p, int64_t st, int64_t n) {
  using C = compute_of<T>;
  C mx = -std::numeric_limits<C>::infinity();
  for (int64_t k = 0; k < n; ++k) {
    const C x = C(load<T>(p + k * st));
    mx = (std::isnan(x) || x > mx) ? x : mx;
  }
  return mx;
}

// One softmax slice of n elements, `st` bytes apart (see activation.hpp).
template <class T>
void softmax_slice(char* p, int64_t st, int64_t n) {
  using C = compute_of<T>;
  const C mx = slice_max<T>(p, st, n);
  C sum = 0;
  for (int64_t k = 0; k < n; ++k) {
    const T e = T(std::exp(C(load<T>(p + k * st)) - mx));
    store<T>(p + k * st, e);
    sum += C(e);
  }
  const C inv = C(1) / sum;
  for (int64_t k = 0; k < n; ++k) store<T>(p + k * st, T(C(load<T>(p + k * st)) * inv));
}

// Note [log_softmax's order]: PyTorch's log_softmax kernels
// (SoftMaxKernel.cpp _vec_log_softmax_lastdim, _vec_logsoftmax) compute in
// the element type: e_k = exp(x_k - m) with the vectorized exp (Sleef's for
// float, as sleef_expf_u10), s summed -- along the last dim of a contiguous
// slice (st == itemsize) of n >= one vector as vec::map_reduce_all does:
// vectors of W = 32 / itemsize lanes accumulated, the ragged tail blended in
// lane by lane, the lanes folded halves, pairs, neighbours; otherwise in
// order --, then y_k = (x_k - m) - log s (Sleef's log for float).
template <class T>
compute_of<T> softmax_exp(compute_of<T> x) {
  if constexpr (std::is_same_v<compute_of<T>, float>) return sleef_expf_u10(x);
  else return std::exp(x);
}
template <class T>
compute_of<T> softmax_log(compute_of<T> x) {
  if constexpr (std::is_same_v<compute_of<T>, float>) return sleef_logf_u10(x);
  else return std::log(x);
}

template <class T>
void log_softmax_slice(char* p, int64_t st, int64_t n) {
  using C = compute_of<T>;
  const C mx = slice_max<T>(p, st, n);
  constexpr int64_t W = int64_t(32 / sizeof(C));
  auto e = [&](int64_t k) { return softmax_exp<T>(C(load<T>(p + k * st)) - mx); };
  C sum = 0;
  if (st == int64_t(sizeof(T)) && n >= W) {
    C v[W];
    for (int64_t l = 0; l < W; ++l) v[l] = e(l);
    int64_t d = W;
    for (; d < n - (n % W); d += W)
      for (int64_t l = 0; l < W; ++l) v[l] += e(d + l);
    for (int64_t l = 0; d + l < n; ++l) v[l] += e(d + l);
    for (int64_t width = W / 2; width >= 1; width /= 2)
      for (int64_t l = 0; l < width; ++l) v[l] += v[l + width];
    sum = v[0];
  } else {
    for (int64_t k = 0; k < n; ++k) sum += e(k);
  }
  const C ls = softmax_log<T>(sum);
  for (int64_t k = 0; k < n; ++k) store<T>(p + k * st, T(C(load<T>(p + k * st)) - mx - ls));
}

template <class T, class Slice>
void for_each_slice_along(const Array& x, int dim, Slice slice) {
  if (x.ndim() == 0) return slice(x.data(), 0, 1);
  const int64_t n = x.shape[size_t(dim)], st = x.strides[size_t(dim)];
  Shape outer = x.shape;
  Strides outer_strides = x.strides;
  outer.erase(outer.begin() + dim);
  outer_strides.erase(outer_strides.begin() + dim);
  for_each_strided<1>(outer, {x.data()}, {&outer_strides},
                      [&](std::array<char*, 1>& p, const std::array<int64_t, 1>& s, int64_t m) {
                        for (int64_t j = 0; j < m; ++j) slice(p[0] + j * s[0], st, n);
                      });
}

}  // namespace

void log_softmax_inplace(const Array& x, int dim) {
  visit_dtype(x.dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (is_float_elem<T>) for_each_slice_along<T>(x, dim, log_softmax_slice<T>);
  });
}

void layer_norm_rows(const Array& y, const Array& x, int64_t n, const Array* w, const Array* b, double eps) {
  visit_dtype(x.dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (is_float_elem<T>) {
      using C = compute_of<T>;
      const int64_t rows = n == 0 ? 0 : x.size() / n;
      const T* px = reinterpret_cast<const T*>(x.data());
      T* py = reinterpret_cast<T*>(y.data());
      for (int64_t r = 0; r < rows; ++r) {
        const T* row = px + r * n;
        double sum = 0;
        for (int64_t k = 0; k < n; ++k) sum += double(C(row[k]));
        const C mean = C(sum / double(n));
        double ss = 0;
        for (int64_t k = 0; k < n; ++k) {
          const double d = double(C(row[k])) - double(mean);
          ss += d * d;
        }
        const C var = C(ss / double(n));
        const C rstd = C(1) / std::sqrt(var + C(eps));
        for (int64_t k = 0; k < n; ++k) {
          C v = (C(row[k]) - mean) * rstd;
          if (w) v = v * C(reinterpret_cast<const T*>(w->data())[k]);
          if (b) v = v + C(reinterpret_cast<const T*>(b->data())[k]);
          py[r * n + k] = T(v);
        }
      }
    }
  });
}

bool softmax_supports(DType dt) {
  return visit_dtype(dt, [](auto tag) { return is_float_elem<decltype(tag)>; });
}

// The slices are the positions of every dim but `dim`, visited by the shared
// iterator; each is walked with x's stride along `dim`.
void softmax_inplace(const Array& x, int dim) {
  visit_dtype(x.dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (is_float_elem<T>) for_each_slice_along<T>(x, dim, softmax_slice<T>);
  });
}

bool activation_supports(Activation op, DType dt) {
  switch (op) {
    case Activation::sigmoid: return supports<sigmoid_fn>(dt);
    case Activation::relu: return supports<relu_fn>(dt);
    case Activation::sign: return supports<sign_fn>(dt);
    case Activation::gelu: return supports<gelu_fn>(dt);
    case Activation::gelu_tanh: return supports<gelu_tanh_fn>(dt);
    case Activation::silu: return supports<silu_fn>(dt);
    case Activation::exp: return supports<exp_fn>(dt);
    case Activation::tanh: return supports<tanh_fn>(dt);
    case Activation::erfinv: return supports<erfinv_fn>(dt);
    case Activation::erf: return supports<erf_fn>(dt);
    case Activation::sin: return supports<sin_fn>(dt);
    case Activation::cos: return supports<cos_fn>(dt);
    case Activation::nan_to_num: break;
  }
  return supports<nan_to_num_fn>(dt);
}

void apply_activation(Activation op, const Array& dst, const Array& src, const NanToNumValues& nv) {
  // Preconditions, not user errors (the front end checks the dtype first).
  assert(activation_supports(op, dst.dtype) && dst.dtype == src.dtype && dst.shape == src.shape);
  switch (op) {
    case Activation::sigmoid: return apply(sigmoid_fn{}, dst, src);
    case Activation::relu: return apply(relu_fn{}, dst, src);
    case Activation::sign: return apply(sign_fn{}, dst, src);
    case Activation::gelu: return apply(gelu_fn{}, dst, src);
    case Activation::gelu_tanh: return apply(gelu_tanh_fn{}, dst, src);
    case Activation::silu: return apply(silu_fn{}, dst, src);
    case Activation::exp: return apply(exp_fn{}, dst, src);
    case Activation::tanh: return apply(tanh_fn{}, dst, src);
    case Activation::erfinv: return apply(erfinv_fn{}, dst, src);
    case Activation::erf: return apply(erf_fn{}, dst, src);
    case Activation::sin: return apply(sin_fn{}, dst, src);
    case Activation::cos: return apply(cos_fn{}, dst, src);
    case Activation::nan_to_num: break;
  }
  apply(nan_to_num_fn{nv}, dst, src);
}

float vectorized_erff(float x) { return vec_erff(x); }

}  // namespace sl
