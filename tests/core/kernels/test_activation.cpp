// kernels/activation (torch's sigmoid, relu, sign, nan_to_num, gelu, silu) against scalar
// references written independently of the kernel's functors, on contiguous,
// strided, negative-stride, broadcast (stride 0), 0-d and empty inputs, and in
// place, with NaN, +-inf, +-0.0, subnormals and integer extremes in the data.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "core/model/element.hpp"
#include "core/kernels/activation.hpp"
#include "core/ops/copy.hpp"

using namespace sl;

namespace {

// Values every float input cycles through (as double; cast to the dtype).
std::vector<double> float_pool() {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  return {0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.0, -7.25, 20.0, -20.0, 88.5, -88.5, 1000.0, -1000.0, 1e-40,
          -1e-40, 5e-324, -5e-324, 1e-8, -1e-8, inf, -inf, nan, -nan, 65504.0, -65504.0, 1e300, -1e300};
}
std::vector<double> int_pool() { return {0, 1, -1, 2, -3, 100, -100, 127, -128, 255, 32767, -32768}; }

// A view over a fresh storage of pool values with the given shape, strides
// in elements (negative and zero allowed).
ArrayPtr layout(DType dt, const Shape& shape, const std::vector<int64_t>& el_strides) {
  const int64_t isz = itemsize(dt);
  int64_t lo = 0, hi = 0, n = 1;
  for (size_t k = 0; k < shape.size(); ++k) {
    n *= shape[k];
    const int64_t span = shape[k] == 0 ? 0 : (shape[k] - 1) * el_strides[k];
    if (span < 0) lo += span; else hi += span;
  }
  const int64_t len = n == 0 ? 1 : hi - lo + 1;
  ArrayPtr raw = make_array(DType::U8, {len * isz});
  const std::vector<double> pool = is_inexact(dt) ? float_pool() : int_pool();
  for (int64_t i = 0; i < len; ++i) {
    double v = pool[size_t(i) % pool.size()];
    if (dt == DType::Bool) v = double(i % 2);
    if (is_unsigned_int(dt)) v = std::fabs(v);
    store_as(dt, raw->data() + i * isz, v);
  }
  Strides st;
  for (int64_t s : el_strides) st.push_back(s * isz);
  return make_view(raw, dt, shape, st, -lo * isz);
}

struct Layout {
  const char* name;
  Shape shape;
  std::vector<int64_t> strides;
};
std::vector<Layout> layouts() {
  return {
      {"contiguous", {57}, {1}},           {"2-d contiguous", {4, 15}, {15, 1}}, {"strided", {9, 7}, {16, 2}},
      {"negative stride", {31}, {-1}},     {"negative 2-d", {5, 6}, {-7, -1}},   {"transposed", {6, 8}, {1, 6}},
      {"broadcast", {4, 5}, {0, 1}},       {"0-d", {}, {}},                      {"empty", {0}, {1}},
      {"empty 2-d", {3, 0}, {4, 1}},
  };
}

// The reference of one op on one value computed in double (float16 and
// float32 round through their own type first, as the kernels compute in float).
template <class C>
C reference(Activation op, C x, const NanToNumValues& nv) {
  switch (op) {
    case Activation::sigmoid: return C(1) / (C(1) + std::exp(-x));
    case Activation::relu:
      if constexpr (std::is_floating_point_v<C>) {
        // NaN, +-0 and positives pass. `volatile` keeps LLVM from folding this
        // into a wasm f32.max, which would turn -0.0 into +0.0.
        volatile C zero = 0;
        return (std::isnan(x) || !std::signbit(x) || x == zero) ? x : C(0);
      }
      else return x > 0 ? x : C(0);
    case Activation::sign:
      if constexpr (std::is_same_v<C, bool>) return x;
      else return x > 0 ? C(1) : x < 0 ? C(-1) : C(0);
    case Activation::gelu:
      if constexpr (std::is_floating_point_v<C>) return x * C(0.5) * (C(1) + std::erf(x * C(0.70710678118654752440)));
      break;
    case Activation::gelu_tanh:
      if constexpr (std::is_floating_point_v<C>) {
        const C inner = C(0.79788456080286535588) * (x + C(0.044715) * x * x * x);
        return C(0.5) * x * (C(1) + std::tanh(inner));
      }
      break;
    case Activation::silu:
      if constexpr (std::is_floating_point_v<C>) return x / (C(1) + std::exp(-x));
      break;
    // PyTorch's own exp/erf/erfinv loops have no independent closed form: their
    // bits are checked against the reference (corpus topic torch_numerics).
    case Activation::exp:
    case Activation::erf:
    case Activation::erfinv:
    case Activation::nan_to_num: break;
  }
  if constexpr (std::is_floating_point_v<C>) {
    if (std::isnan(x)) return C(nv.nan);
    if (std::isinf(x)) return x > 0 ? C(nv.posinf) : C(nv.neginf);
  }
  return x;
}

// dst must hold op(src) element by element: the same bits, or NaN for NaN.
void check(Activation op, const Array& src, const Array& dst, const NanToNumValues& nv, const std::string& what) {
  ArrayPtr in = copy_as(src, src.dtype, 'C'), out = copy_as(dst, dst.dtype, 'C');
  REQUIRE(out->size() == in->size());
  visit_dtype(src.dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (!is_complex_t<T>::value) {
      using C = std::conditional_t<std::is_same_v<T, half>, float, T>;
      for (int64_t i = 0; i < in->size(); ++i) {
        const C x = C(load<T>(in->data() + i * int64_t(sizeof(T))));
        const T want = T(reference<C>(op, x, nv));
        const T got = load<T>(out->data() + i * int64_t(sizeof(T)));
        INFO(what << " element " << i << " input " << double(x));
        if constexpr (std::is_same_v<C, float> || std::is_same_v<C, double>) {
          if (std::isnan(C(want))) {
            CHECK(std::isnan(C(got)));
            continue;
          }
        }
        CHECK(std::memcmp(&want, &got, sizeof(T)) == 0);
      }
    }
  });
}

void check_every_layout(Activation op, DType dt, const NanToNumValues& nv = {}) {
  for (const Layout& l : layouts()) {
    ArrayPtr src = layout(dt, l.shape, l.strides);
    ArrayPtr dst = make_array(dt, l.shape);
    apply_activation(op, *dst, *src, nv);
    check(op, *src, *dst, nv, std::string(l.name) + " " + name(dt));
    // A strided destination (every other element of a larger buffer).
    if (!l.shape.empty() && l.shape[0] > 0) {
      ArrayPtr big = make_array(dt, {l.shape[0] * 2, src->size() / l.shape[0]});
      Strides st = {big->strides[0] * 2, big->strides[1]};
      if (l.shape.size() == 2) {
        ArrayPtr sdst = make_view(big, dt, l.shape, st, 0);
        apply_activation(op, *sdst, *src, nv);
        check(op, *src, *sdst, nv, std::string(l.name) + " into a strided destination");
      }
    }
    // In place: dst is src (the broadcast layout aliases, so it is skipped).
    if (std::string(l.name) != "broadcast") {
      ArrayPtr before = copy_as(*src, dt, 'C');
      apply_activation(op, *src, *src, nv);
      check(op, *before, *src, nv, std::string(l.name) + " in place");
    }
  }
}

}  // namespace

TEST_CASE("activation kernels: which dtypes have loops", "[kernels][activation]") {
  for (DType dt : {DType::F16, DType::F32, DType::F64}) {
    CHECK(activation_supports(Activation::sigmoid, dt));
    CHECK(activation_supports(Activation::nan_to_num, dt));
  }
  for (DType dt : {DType::Bool, DType::I8, DType::U8, DType::I64, DType::C64, DType::C128}) {
    CHECK_FALSE(activation_supports(Activation::sigmoid, dt));
    CHECK_FALSE(activation_supports(Activation::nan_to_num, dt));
  }
  CHECK_FALSE(activation_supports(Activation::relu, DType::Bool));
  CHECK(activation_supports(Activation::sign, DType::Bool));
  CHECK_FALSE(activation_supports(Activation::relu, DType::C64));
  CHECK_FALSE(activation_supports(Activation::sign, DType::C128));
}

TEST_CASE("activation kernels equal the scalar reference on every layout", "[kernels][activation]") {
  for (DType dt : {DType::F16, DType::F32, DType::F64}) {
    check_every_layout(Activation::sigmoid, dt);
    check_every_layout(Activation::relu, dt);
    check_every_layout(Activation::sign, dt);
    check_every_layout(Activation::nan_to_num, dt, NanToNumValues{0.0, 3.5, -2.25});
    check_every_layout(Activation::nan_to_num, dt, NanToNumValues{-1.0, 1e10, -1e10});
    check_every_layout(Activation::gelu, dt);
    check_every_layout(Activation::gelu_tanh, dt);
    check_every_layout(Activation::silu, dt);
  }
  for (DType dt : {DType::I8, DType::I16, DType::I32, DType::I64, DType::U8, DType::U16}) {
    check_every_layout(Activation::relu, dt);
    check_every_layout(Activation::sign, dt);
  }
  check_every_layout(Activation::sign, DType::Bool);
}

TEST_CASE("activation kernels keep the values PyTorch gives", "[kernels][activation]") {
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  ArrayPtr x = make_array(DType::F32, {6});
  const float xs[] = {-0.0f, nan, -inf, inf, -3.0f, 0.0f};
  std::memcpy(x->data(), xs, sizeof xs);
  ArrayPtr r = make_array(DType::F32, {6});
  auto at = [&](int i) { return load<float>(r->data() + i * 4); };

  apply_activation(Activation::relu, *r, *x);
  CHECK(std::signbit(at(0)));  // relu(-0.0) is -0.0, not a max(x, 0)
  CHECK(std::isnan(at(1)));
  CHECK(at(2) == 0.0f);
  CHECK(at(3) == inf);

  apply_activation(Activation::sign, *r, *x);
  CHECK(at(1) == 0.0f);  // sign(NaN) is 0 in PyTorch
  CHECK(at(4) == -1.0f);

  apply_activation(Activation::sigmoid, *r, *x);
  CHECK(at(0) == 0.5f);
  CHECK(at(2) == 0.0f);
  CHECK(at(3) == 1.0f);
  CHECK(std::isnan(at(1)));
}

namespace {

// softmax of one slice written out plainly: the max (NaN wins), the exps
// rounded to T, their sum in order, each exp times the reciprocal.
template <class T>
std::vector<T> softmax_reference(const std::vector<T>& xs) {
  using C = std::conditional_t<std::is_same_v<T, half>, float, T>;
  C mx = -std::numeric_limits<C>::infinity();
  bool any_nan = false;
  for (T v : xs) {
    any_nan = any_nan || std::isnan(C(v));
    mx = std::max(mx, C(v));
  }
  if (any_nan) mx = std::numeric_limits<C>::quiet_NaN();
  std::vector<T> es;
  C sum = 0;
  for (T v : xs) {
    es.push_back(T(std::exp(C(v) - mx)));
    sum += C(es.back());
  }
  for (T& e : es) e = T(C(e) * (C(1) / sum));
  return es;
}

// Applies softmax_inplace to x (any layout) and compares every slice along
// dim with the reference on the slice's values before.
template <class T>
void check_softmax(const Array& x, int dim, const std::string& what) {
  ArrayPtr before = copy_as(x, x.dtype, 'C');
  softmax_inplace(x, dim);
  ArrayPtr after = copy_as(x, x.dtype, 'C');
  const Shape& sh = before->shape;
  const int nd = int(sh.size());
  const int64_t n = nd == 0 ? 1 : sh[size_t(dim)];
  int64_t inner = 1, outer = 1;
  for (int k = 0; k < nd; ++k) {
    if (k < dim) outer *= sh[size_t(k)];
    if (k > dim) inner *= sh[size_t(k)];
  }
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      std::vector<T> xs;
      for (int64_t k = 0; k < n; ++k) xs.push_back(load<T>(before->data() + ((o * n + k) * inner + i) * int64_t(sizeof(T))));
      const std::vector<T> want = softmax_reference(xs);
      for (int64_t k = 0; k < n; ++k) {
        const T got = load<T>(after->data() + ((o * n + k) * inner + i) * int64_t(sizeof(T)));
        INFO(what << " dim " << dim << " slice " << o << "," << i << " element " << k);
        if (std::isnan(double(want[size_t(k)]))) CHECK(std::isnan(double(got)));
        else CHECK(std::memcmp(&want[size_t(k)], &got, sizeof(T)) == 0);
      }
    }
}

}  // namespace

TEST_CASE("softmax kernel equals the slice reference on every layout and dim", "[kernels][activation]") {
  for (DType dt : {DType::F16, DType::F32, DType::F64}) {
    CHECK(softmax_supports(dt));
    for (const Layout& l : layouts()) {
      if (std::string(l.name) == "broadcast") continue;  // aliasing elements: not a writeable layout
      for (int dim = 0; dim < std::max<int>(int(l.shape.size()), 1); ++dim)
        visit_dtype(dt, [&](auto tag) {
          ArrayPtr src = layout(dt, l.shape, l.strides);
          using T = decltype(tag);
          if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, half>)
            check_softmax<T>(*src, dim, std::string(l.name) + " " + name(dt));
        });
    }
  }
  // Finite inputs: each slice sums to 1 within rounding.
  ArrayPtr x = layout(DType::F64, {3, 4}, {4, 1});
  for (int64_t i = 0; i < 12; ++i) store<double>(x->data() + i * 8, double(i % 5) - 2.0);
  softmax_inplace(*x, 1);
  for (int r = 0; r < 3; ++r) {
    double s = 0;
    for (int c = 0; c < 4; ++c) s += load<double>(x->data() + (r * 4 + c) * 8);
    CHECK(s == Approx(1.0));
  }
  CHECK_FALSE(softmax_supports(DType::I64));
  CHECK_FALSE(softmax_supports(DType::C64));
}
