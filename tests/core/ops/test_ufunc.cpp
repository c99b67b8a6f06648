// Ufuncs: the xsimd batch loops against independent scalar references on
// random data (NaN, inf, -0.0, ties, odd lengths for the tails, strided and
// broadcast operands), NumPy 2.2's type resolution (NEP 50), and ufunc_call's
// broadcasting / output / overlap rules. Expected dtypes and messages of the
// resolution are pins (tests/core/pins.hpp) recorded through refpy from the
// programs of tests/tools/lang/corpus/pins_ufunc.txt; the integer and float
// loop identities below are C's and IEEE 754's (floor division, modulo, wrap).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "tests/core/pins.hpp"

#include "core/model/element.hpp"
#include "core/ops/copy.hpp"
#include "core/kernels/elementwise.hpp"
#include "core/kernels/simd.hpp"
#include "core/ops/ufunc.hpp"
#include "core/ops/views.hpp"
#include "core/torch/promotion.hpp"

using namespace sl;

namespace {

// Random values of T with the special cases NumPy's loops must get right.
template <class T>
std::vector<T> random_values(std::mt19937& rng, size_t n) {
  std::vector<T> v(n);
  if constexpr (std::is_floating_point_v<T>) {
    std::uniform_real_distribution<T> u(-100, 100);
    const T specials[] = {std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::infinity(),
                          -std::numeric_limits<T>::infinity(), T(0), T(-0.0), T(1), T(-1)};
    for (auto& x : v) {
      int r = int(rng() % 8);
      x = r == 0 ? specials[rng() % 7] : u(rng);
    }
  } else {
    std::uniform_int_distribution<int64_t> u(-1000, 1000);
    for (auto& x : v) {
      int r = int(rng() % 8);
      x = r == 0 ? std::numeric_limits<T>::min() : r == 1 ? std::numeric_limits<T>::max() : T(u(rng));
    }
  }
  return v;
}

template <class T>
bool same_bits(T x, T y) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(x) && std::isnan(y)) return true;
  }
  return std::memcmp(&x, &y, sizeof(T)) == 0;
}

// Independent references for the batch-capable ops (NumPy's definitions).
template <class T>
T ref_wrap_add(T a, T b) {
  using U = std::make_unsigned_t<T>;
  return T(U(U(a) + U(b)));
}
template <class T>
T ref_max(T a, T b) {
  if constexpr (std::is_floating_point_v<T>)
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) ? a : b;
  return a > b ? a : b;  // ties give the second operand
}
template <class T>
T ref_min(T a, T b) {
  if constexpr (std::is_floating_point_v<T>)
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) ? a : b;
  return a < b ? a : b;
}

// Runs `op` through run_ufunc_run with the given strides (in elements; 0
// broadcasts) and checks every element against ref(a_i, b_i).
template <class T, class O, class Ref>
void check_binary(Ufunc op, Ref ref, int64_t n, int64_t sa, int64_t sb, int64_t so, std::mt19937& rng) {
  const DType dt = dtype_of<T>::value;
  auto a = random_values<T>(rng, size_t(std::max<int64_t>(1, n * std::max<int64_t>(sa, 1))));
  auto b = random_values<T>(rng, size_t(std::max<int64_t>(1, n * std::max<int64_t>(sb, 1))));
  // some exact ties
  for (size_t k = 0; k < std::min(a.size(), b.size()); k += 5) b[k] = a[k];
  using S = std::conditional_t<std::is_same_v<O, bool>, uint8_t, O>;  // no std::vector<bool>
  std::vector<S> out(size_t(std::max<int64_t>(1, n * so)));
  run_ufunc_run(op, dt, reinterpret_cast<char*>(out.data()), so * int64_t(sizeof(O)), reinterpret_cast<const char*>(a.data()),
                sa * int64_t(sizeof(T)), reinterpret_cast<const char*>(b.data()), sb * int64_t(sizeof(T)), n);
  for (int64_t i = 0; i < n; ++i) {
    O want = ref(a[size_t(i * sa)], b[size_t(i * sb)]);
    O got = O(out[size_t(i * so)]);
    INFO(ufunc_name(op) << " " << name(dt) << " n=" << n << " i=" << i << " strides " << sa << "," << sb << "," << so);
    REQUIRE(same_bits(got, want));
  }
}

template <class T, class Ref>
void check_unary(Ufunc op, Ref ref, int64_t n, int64_t sa, int64_t so, std::mt19937& rng) {
  const DType dt = dtype_of<T>::value;
  auto a = random_values<T>(rng, size_t(std::max<int64_t>(1, n * std::max<int64_t>(sa, 1))));
  std::vector<T> out(size_t(std::max<int64_t>(1, n * so)));
  run_ufunc_run(op, dt, reinterpret_cast<char*>(out.data()), so * int64_t(sizeof(T)), reinterpret_cast<const char*>(a.data()),
                sa * int64_t(sizeof(T)), nullptr, 0, n);
  for (int64_t i = 0; i < n; ++i) {
    INFO(ufunc_name(op) << " " << name(dt) << " n=" << n << " i=" << i);
    REQUIRE(same_bits(out[size_t(i * so)], T(ref(a[size_t(i * sa)]))));
  }
}

// Every layout the loops distinguish: contiguous (batch path), one operand
// broadcast (batch path with a splat), strided (scalar path), for lengths
// covering empty runs and every tail length.
template <class T>
void check_all_binary(std::mt19937& rng) {
  const int64_t layouts[][3] = {{1, 1, 1}, {1, 0, 1}, {0, 1, 1}, {2, 1, 1}, {1, 1, 3}, {3, 0, 2}};
  for (int64_t n = 0; n <= 70; ++n)
    for (auto& L : layouts) {
      if constexpr (std::is_floating_point_v<T>) {
        check_binary<T, T>(Ufunc::add, [](T x, T y) { return x + y; }, n, L[0], L[1], L[2], rng);
        check_binary<T, T>(Ufunc::subtract, [](T x, T y) { return x - y; }, n, L[0], L[1], L[2], rng);
        check_binary<T, T>(Ufunc::multiply, [](T x, T y) { return x * y; }, n, L[0], L[1], L[2], rng);
        check_binary<T, T>(Ufunc::divide, [](T x, T y) { return x / y; }, n, L[0], L[1], L[2], rng);
      } else {
        check_binary<T, T>(Ufunc::add, ref_wrap_add<T>, n, L[0], L[1], L[2], rng);
        check_binary<T, T>(Ufunc::bitwise_and, [](T x, T y) { return T(x & y); }, n, L[0], L[1], L[2], rng);
        check_binary<T, T>(Ufunc::bitwise_xor, [](T x, T y) { return T(x ^ y); }, n, L[0], L[1], L[2], rng);
      }
      check_binary<T, T>(Ufunc::maximum, ref_max<T>, n, L[0], L[1], L[2], rng);
      check_binary<T, T>(Ufunc::minimum, ref_min<T>, n, L[0], L[1], L[2], rng);
      check_binary<T, bool>(Ufunc::equal, [](T x, T y) { return x == y; }, n, L[0], L[1], L[2], rng);
      check_binary<T, bool>(Ufunc::not_equal, [](T x, T y) { return x != y; }, n, L[0], L[1], L[2], rng);
      check_binary<T, bool>(Ufunc::less, [](T x, T y) { return x < y; }, n, L[0], L[1], L[2], rng);
      check_binary<T, bool>(Ufunc::greater_equal, [](T x, T y) { return x >= y; }, n, L[0], L[1], L[2], rng);
    }
}

ArrayPtr f64_array(const std::vector<double>& v, Shape shape = {}) {
  if (shape.empty()) shape = {int64_t(v.size())};
  ArrayPtr a = make_array(DType::F64, shape);
  std::memcpy(a->data(), v.data(), v.size() * 8);
  return a;
}
ArrayPtr arange(int64_t n, DType dt = DType::I64) {
  ArrayPtr a = make_array(dt, {n});
  for (int64_t k = 0; k < n; ++k) store_as(dt, a->data() + k * a->itemsize(), k);
  return a;
}
// A 0-d operand: a Python scalar when py is true, else a NumPy scalar.
template <class V>
UfuncOperand scalar(DType dt, V v, bool py = true) {
  ArrayPtr a = make_array(dt, {}, 'C', py ? Flavor::NumPy : Flavor::Scalar);
  store_as(dt, a->data(), v);
  return UfuncOperand{a, py};
}
UfuncOperand arr(DType dt, int64_t n = 3) { return UfuncOperand{arange(n, dt)}; }
UfuncOperand tensor(DType dt, Shape shape) { return UfuncOperand{make_array(dt, shape, 'C', Flavor::Torch)}; }

// "Type: message" as type(e).__name__ shows it: the engine raises NumPy's
// private ufunc error classes by their own names, which numpy/exceptions.cpp
// displays as their base, UFuncTypeError (NumPy's _display_as_base).
std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const PyError& e) {
    const bool ufunc_error = e.type.rfind("_UFunc", 0) == 0;
    return (ufunc_error ? std::string("UFuncTypeError") : e.type) + ": " + e.msg;
  }
  return "no error";
}

int64_t at_i64(const Array& a, int64_t i) { return load<int64_t>(a.data() + i * a.strides[0]); }

}  // namespace

TEST_CASE("the kernels are built with SIMD natively", "[ufunc][simd]") {
#if defined(__SSE2__) || defined(__wasm_simd128__)
  CHECK(SL_SIMD == 1);
#endif
  INFO("arch " << simd::arch_name());
  CHECK(std::string(simd::arch_name()).size() > 0);
}

TEST_CASE("batch and scalar loops agree with the reference on every layout", "[ufunc][simd]") {
  std::mt19937 rng(12345);
  SECTION("float32") { check_all_binary<float>(rng); }
  SECTION("float64") { check_all_binary<double>(rng); }
  SECTION("int8") { check_all_binary<int8_t>(rng); }
  SECTION("int16") { check_all_binary<int16_t>(rng); }
  SECTION("int32") { check_all_binary<int32_t>(rng); }
  SECTION("int64") { check_all_binary<int64_t>(rng); }
  SECTION("uint8") { check_all_binary<uint8_t>(rng); }
  SECTION("uint64") { check_all_binary<uint64_t>(rng); }
}

TEST_CASE("unary batch loops agree with the reference", "[ufunc][simd]") {
  std::mt19937 rng(7);
  for (int64_t n = 0; n <= 40; ++n)
    for (int64_t s : {1, 2}) {
      check_unary<float>(Ufunc::negative, [](float x) { return -x; }, n, s, 1, rng);
      check_unary<double>(Ufunc::absolute, [](double x) { return std::fabs(x); }, n, s, 1, rng);
      check_unary<float>(Ufunc::sqrt, [](float x) { return std::sqrt(x); }, n, s, 1, rng);
      check_unary<double>(Ufunc::square, [](double x) { return x * x; }, n, s, 1, rng);
      check_unary<int32_t>(Ufunc::negative, [](int32_t x) { return int32_t(0u - uint32_t(x)); }, n, s, 1, rng);
      check_unary<int16_t>(Ufunc::absolute, [](int16_t x) { return int16_t(x < 0 ? -x : x); }, n, s, 1, rng);
      check_unary<int64_t>(Ufunc::square, [](int64_t x) { return int64_t(uint64_t(x) * uint64_t(x)); }, n, s, 1, rng);
    }
}

TEST_CASE("integer and float element semantics are NumPy's", "[ufunc]") {
  auto bin = [](Ufunc op, DType dt, auto a, auto b) {
    alignas(16) char x[16], y[16], r[16];
    store_as(dt, x, a);
    store_as(dt, y, b);
    run_ufunc_run(op, dt, r, 0, x, 0, y, 0, 1);
    return load_as<double>(ufunc_loop_output(op, dt), r);
  };
  // Python's floor division and modulo signs; division by zero gives 0
  CHECK(bin(Ufunc::floor_divide, DType::I64, -7, 2) == -4);
  CHECK(bin(Ufunc::remainder, DType::I64, -7, 2) == 1);
  CHECK(bin(Ufunc::remainder, DType::I64, 7, -2) == -1);
  CHECK(bin(Ufunc::floor_divide, DType::I64, 5, 0) == 0);
  CHECK(bin(Ufunc::remainder, DType::I64, 5, 0) == 0);
  CHECK(bin(Ufunc::floor_divide, DType::I8, -128, -1) == -128);
  CHECK(bin(Ufunc::fmod, DType::I64, -5, 3) == -2);
  CHECK(bin(Ufunc::floor_divide, DType::F64, 7.5, -2.0) == -4);
  CHECK(bin(Ufunc::remainder, DType::F64, -7.5, -2.0) == -1.5);
  CHECK(std::isnan(bin(Ufunc::remainder, DType::F64, 5.0, 0.0)));
  CHECK(bin(Ufunc::floor_divide, DType::F64, -5.0, 0.0) == -INFINITY);
  // wrap-around
  CHECK(bin(Ufunc::add, DType::I8, 127, 1) == -128);
  CHECK(bin(Ufunc::multiply, DType::U8, 250, 2) == 244);
  CHECK(bin(Ufunc::power, DType::I8, 2, 7) == -128);
  // shifts past the width
  CHECK(bin(Ufunc::left_shift, DType::I64, 1, 64) == 0);
  CHECK(bin(Ufunc::right_shift, DType::I64, -8, 70) == -1);
  CHECK(bin(Ufunc::left_shift, DType::I8, 1, 7) == -128);
  // maximum: NaN from either side, fmax ignores NaN
  CHECK(std::isnan(bin(Ufunc::maximum, DType::F64, 1.0, NAN)));
  CHECK(std::isnan(bin(Ufunc::maximum, DType::F64, NAN, 1.0)));
  CHECK(bin(Ufunc::fmax, DType::F64, NAN, 1.0) == 1.0);
  CHECK(bin(Ufunc::fmin, DType::F64, 1.0, NAN) == 1.0);
  // integer power with a negative exponent stops
  CHECK(error_of([&] { bin(Ufunc::power, DType::I64, 2, -1); }) == pins::line("pins_ufunc", "loop selection", 4));
}

// Expected dtypes: np.result_type and the ufunc loops of the reference, each
// line of the pin one group of checks below, in order.
static std::string names(const std::vector<DType>& v) {
  std::string out;
  for (DType d : v) out += (out.empty() ? "" : " ") + std::string(name(d));
  return out;
}

TEST_CASE("NEP 50 type resolution matches NumPy 2.2", "[ufunc][promotion]") {
  auto rt = [](std::vector<UfuncOperand> ops) { return result_type(ops); };
  auto pin = [](size_t k) { return pins::line("pins_ufunc", "NEP 50 result types", k); };
  // weak Python scalars never raise the precision, only the kind (300 does
  // not fit int8: the loop raises, not result_type)
  CHECK(names({rt({arr(DType::I8), scalar(DType::I64, 100)}), rt({arr(DType::I8), scalar(DType::I64, 300)}),
               rt({arr(DType::U8), scalar(DType::I64, 300)}), rt({arr(DType::I8), scalar(DType::F64, 1.5)}),
               rt({arr(DType::I8), scalar(DType::C128, c128(0, 1))}), rt({arr(DType::F16), scalar(DType::F64, 1e5)}),
               rt({arr(DType::F32), scalar(DType::C128, c128(0, 1))}), rt({arr(DType::F16), scalar(DType::C128, c128(0, 1))}),
               rt({arr(DType::Bool), scalar(DType::I64, 1)}), rt({arr(DType::Bool), scalar(DType::Bool, true)})}) == pin(0));
  // NumPy scalars and 0-d arrays are strong; only Python scalars: their default dtypes
  CHECK(names({rt({arr(DType::F32), scalar(DType::F64, 2.0, false)}), rt({arr(DType::I8), scalar(DType::U64, uint64_t(1) << 63, false)}),
               rt({scalar(DType::F32, 3.0, false), scalar(DType::F64, 2.0)}), rt({scalar(DType::I8, 3, false), scalar(DType::I64, 1)}),
               rt({scalar(DType::I64, 3), scalar(DType::F64, 2.0)})}) == pin(1));
  // arrays with arrays
  CHECK(names({rt({arr(DType::U8), arr(DType::I8)}), rt({arr(DType::U64), arr(DType::I64)}), rt({arr(DType::F16), arr(DType::I16)})}) ==
        pin(2));
  // the loop: a Python int must fit it, except in comparisons
  CHECK(error_of([&] { ufunc_call(Ufunc::add, {arr(DType::I8), scalar(DType::I64, 300)}); }) == pin(3));
  CHECK(error_of([&] { ufunc_call(Ufunc::add, {arr(DType::U8), scalar(DType::I64, -1)}); }) == pin(4));
  CHECK(pin(5) == "bool False");
  CHECK(ufunc_call(Ufunc::less, {arr(DType::U8), scalar(DType::I64, 300)})->dtype == DType::Bool);
  CHECK(load<bool>(ufunc_call(Ufunc::equal, {arr(DType::U8), scalar(DType::I64, -1)})->data()) == false);
}

TEST_CASE("loop selection picks NumPy's first safe loop", "[ufunc][promotion]") {
  auto loop = [](Ufunc op, std::vector<UfuncOperand> ops) { return resolve_loop(op, ops, UfuncOptions{}); };
  auto pin = [](size_t k) { return pins::line("pins_ufunc", "loop selection", k); };
  CHECK(names({loop(Ufunc::sqrt, {arr(DType::I8)}).out, loop(Ufunc::sqrt, {arr(DType::I16)}).out, loop(Ufunc::sqrt, {arr(DType::Bool)}).out,
               loop(Ufunc::divide, {arr(DType::I8), arr(DType::I8)}).out, loop(Ufunc::floor, {arr(DType::I8)}).out,
               loop(Ufunc::square, {arr(DType::Bool)}).out, loop(Ufunc::power, {arr(DType::Bool), arr(DType::Bool)}).out,
               loop(Ufunc::less, {arr(DType::I8), scalar(DType::F64, 1.5)}).out, loop(Ufunc::absolute, {arr(DType::C64)}).out}) == pin(0));
  CHECK(error_of([&] { loop(Ufunc::sign, {arr(DType::Bool)}); }) == pin(1));
  CHECK(error_of([&] { loop(Ufunc::subtract, {arr(DType::Bool), arr(DType::Bool)}); }) == pin(2));
  CHECK(error_of([&] { loop(Ufunc::bitwise_and, {arr(DType::F64), scalar(DType::I64, 1)}); }) == pin(3));
}

TEST_CASE("torch.result_type priorities", "[ufunc][promotion][torch]") {
  auto rt = [](std::vector<UfuncOperand> ops) { return torch_result_type(ops); };
  CHECK(rt({tensor(DType::I64, {3}), scalar(DType::F64, 1.5)}) == DType::F32);
  CHECK(rt({tensor(DType::U8, {1}), scalar(DType::I64, 10)}) == DType::U8);
  CHECK(rt({tensor(DType::U8, {1}), tensor(DType::I8, {1})}) == DType::I16);
  CHECK(rt({tensor(DType::I8, {1}), tensor(DType::I64, {})}) == DType::I8);
  CHECK(rt({tensor(DType::I8, {1}), tensor(DType::F32, {})}) == DType::F32);
  CHECK(rt({tensor(DType::F32, {3}), tensor(DType::F64, {})}) == DType::F32);
  CHECK(rt({tensor(DType::I64, {3}), tensor(DType::F64, {})}) == DType::F64);
  CHECK(rt({tensor(DType::Bool, {3}), scalar(DType::I64, 1)}) == DType::I64);
  CHECK(rt({tensor(DType::I64, {3}), tensor(DType::F16, {3})}) == DType::F16);
}

TEST_CASE("ufunc_call: overlap, broadcasting, outputs", "[ufunc]") {
  SECTION("a[1:] += a[:-1] sees the original values (NumPy >= 1.13)") {
    ArrayPtr a = arange(6);
    IndexItem tail;
    tail.kind = IndexItem::Slice;
    tail.start = 1;
    IndexItem head;
    head.kind = IndexItem::Slice;
    head.stop = -1;
    ArrayPtr t = basic_index(a, {tail}), h = basic_index(a, {head});
    ufunc_call2(Ufunc::add, t, h, t);
    const int64_t want[] = {0, 1, 3, 5, 7, 9};
    for (int k = 0; k < 6; ++k) CHECK(at_i64(*a, k) == want[k]);
  }
  SECTION("x += x.T stays symmetric") {
    ArrayPtr x = reshape(arange(9, DType::F64), {3, 3});
    ArrayPtr xt = transpose(x, {});
    ufunc_call2(Ufunc::add, x, xt, x);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        CHECK(load<double>(x->data() + 24 * i + 8 * j) == double(3 * i + j + 3 * j + i));
  }
  SECTION("results keep the inputs' memory order (K)") {
    ArrayPtr ones = make_array(DType::F64, {2, 3});
    ArrayPtr r = ufunc_call(Ufunc::add, {UfuncOperand{transpose(ones, {})}, scalar(DType::I64, 1)});
    CHECK(r->strides == Strides{8, 24});
    ArrayPtr f = make_array(DType::F64, {2, 3}, 'F');
    ArrayPtr r2 = ufunc_call2(Ufunc::add, f, ones);
    CHECK(r2->strides == Strides{24, 8});  // C order wins a conflict
  }
  SECTION("errors are NumPy's") {
    CHECK(error_of([] { ufunc_call2(Ufunc::add, make_array(DType::F64, {3, 4}), make_array(DType::F64, {3})); }) ==
          "ValueError: operands could not be broadcast together with shapes (3,4) (3,) ");
    CHECK(error_of([] { ufunc_call2(Ufunc::add, make_array(DType::F64, {2, 3}), make_array(DType::F64, {3}), make_array(DType::F64, {3})); }) ==
          "ValueError: non-broadcastable output operand with shape (3,) doesn't match the broadcast shape (2,3)");
    CHECK(error_of([] { ufunc_call2(Ufunc::add, arange(3), make_array(DType::F64, {3}), arange(3)); }) ==
          "UFuncTypeError: Cannot cast ufunc 'add' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'");
    CHECK(error_of([] { ufunc_call2(Ufunc::divide, arange(3), arange(3), arange(3)); }) ==
          "UFuncTypeError: Cannot cast ufunc 'divide' output from dtype('float64') to dtype('int64') with casting rule 'same_kind'");
    ArrayPtr ro = arange(3);
    ro->writeable = false;
    CHECK(error_of([&] { ufunc_call2(Ufunc::add, ro, ro, ro); }) == "ValueError: output array is read-only");
  }
  SECTION("0-d inputs give a NumPy scalar; out= is returned as is") {
    ArrayPtr r = ufunc_call(Ufunc::add, {scalar(DType::I64, 3, false), scalar(DType::I64, 4)});
    CHECK(r->flavor == Flavor::Scalar);
    CHECK(r->dtype == DType::I64);
    CHECK(load<int64_t>(r->data()) == 7);
    ArrayPtr out = make_array(DType::F32, {3});
    CHECK(ufunc_call2(Ufunc::add, arange(3), arange(3), out) == out);
    CHECK(load<float>(out->data() + 8) == 4.0f);
  }
  SECTION("float16 is computed in float32 and rounded once") {
    ArrayPtr a = make_array(DType::F16, {1}), b = make_array(DType::F16, {1});
    store(a->data(), half(1.0f));
    store(b->data(), half(0.1f));
    ArrayPtr r = ufunc_call2(Ufunc::add, a, b);
    CHECK(load<half>(r->data()).bits == half(float(half(1.0f)) + float(half(0.1f))).bits);
  }
  SECTION("torch refuses partial overlap and casts by its own rule") {
    ArrayPtr t = make_array(DType::I64, {6}, 'C', Flavor::Torch);
    IndexItem tail;
    tail.kind = IndexItem::Slice;
    tail.start = 1;
    IndexItem head;
    head.kind = IndexItem::Slice;
    head.stop = -1;
    ArrayPtr x = basic_index(t, {tail}), y = basic_index(t, {head});
    CHECK(error_of([&] { ufunc_call2(Ufunc::add, x, y, x); }) ==
          "RuntimeError: unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
          "single memory location. Please clone() the tensor before performing the operation.");
    UfuncOptions o;
    o.out = t;
    CHECK(error_of([&] { ufunc_call(Ufunc::add, {UfuncOperand{t}, scalar(DType::F64, 1.5)}, o); }) ==
          "RuntimeError: result type Float can't be cast to the desired output type Long");
    ArrayPtr q = ufunc_call(Ufunc::divide, {UfuncOperand{t}, scalar(DType::I64, 2)});
    CHECK(q->dtype == DType::F32);
    CHECK(q->is_torch());
  }
}
