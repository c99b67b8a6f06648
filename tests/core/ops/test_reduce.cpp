// Reductions: NumPy's pairwise float summation (the SIMD accumulators against
// a scalar transcription of pairwise_sum, NaN/inf included), the 8192-element
// runs of NumPy's buffered reduction over every layout, and the results the
// reference gives: pins (tests/core/pins.hpp) recorded through refpy from the
// programs of tests/tools/lang/corpus/pins_reduce.txt, floats as float.hex().
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <vector>

#include "core/model/element.hpp"
#include "core/ops/reduce.hpp"
#include "core/ops/ufunc.hpp"
#include "core/ops/views.hpp"
#include "tests/core/pins.hpp"

using namespace sl;

namespace {

// numpy/core/src/umath/loops_utils.h.src: pairwise_sum, transcribed.
template <class T>
T ref_pairwise(const T* a, int64_t n, int64_t s) {
  if (n < 8) {
    T res = 0;
    for (int64_t i = 0; i < n; ++i) res += a[i * s];
    return res;
  }
  if (n <= 128) {
    T r[8];
    for (int j = 0; j < 8; ++j) r[j] = a[j * s];
    int64_t i;
    for (i = 8; i < n - (n % 8); i += 8)
      for (int j = 0; j < 8; ++j) r[j] += a[(i + j) * s];
    T res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) res += a[i * s];
    return res;
  }
  int64_t n2 = n / 2;
  n2 -= n2 % 8;
  return ref_pairwise(a, n2, s) + ref_pairwise(a + n2 * s, n - n2, s);
}

template <class T>
bool same_bits(T x, T y) {
  if (std::isnan(x) && std::isnan(y)) return true;
  return std::memcmp(&x, &y, sizeof(T)) == 0;
}

ArrayPtr f32_div7(int64_t n) {  // (np.arange(n, dtype=np.float32) / np.float32(7))
  ArrayPtr a = make_array(DType::F32, {n});
  for (int64_t k = 0; k < n; ++k) store<float>(a->data() + 4 * k, float(k) / 7.0f);
  return a;
}

IndexItem sl_(std::optional<int64_t> b, std::optional<int64_t> e, std::optional<int64_t> s = std::nullopt) {
  IndexItem it;
  it.kind = IndexItem::Slice;
  it.start = b;
  it.stop = e;
  it.step = s;
  return it;
}

float f32_of(const Array& a, int64_t i = 0) { return load<float>(a.data() + i * (a.ndim() ? a.strides[0] : 0)); }
double hexf(const std::string& s) { return std::strtod(s.c_str(), nullptr); }
// The float.hex() tokens of pin `name`.
std::vector<std::string> hex_pin(const char* name) { return pins::tokens("pins_reduce", name); }
std::string message_pin(const char* name) {
  std::string t = pins::text("pins_reduce", name);
  if (!t.empty() && t.back() == '\n') t.pop_back();
  return t;
}

std::vector<bool> all_axes(int nd) { return std::vector<bool>(nd, true); }

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const PyError& e) {
    return e.type + ": " + e.msg;
  }
  return "no error";
}

}  // namespace

TEST_CASE("pairwise sums: SIMD accumulators equal the scalar algorithm", "[reduce][simd]") {
  std::mt19937 rng(99);
  std::uniform_real_distribution<double> u(-1e3, 1e3);
  for (int64_t n = 0; n <= 700; n += (n < 140 ? 1 : 37)) {
    for (int64_t s : {1, 3}) {
      std::vector<float> f(size_t(std::max<int64_t>(1, n * s)));
      std::vector<double> d(f.size());
      for (size_t k = 0; k < f.size(); ++k) {
        d[k] = u(rng);
        if (rng() % 50 == 0) d[k] = (rng() % 2) ? INFINITY : -0.0;
        f[k] = float(d[k]);
      }
      INFO("n=" << n << " stride=" << s);
      CHECK(same_bits(pairwise_sum_f32(reinterpret_cast<const char*>(f.data()), n, 4 * s), ref_pairwise(f.data(), n, s)));
      CHECK(same_bits(pairwise_sum_f64(reinterpret_cast<const char*>(d.data()), n, 8 * s), ref_pairwise(d.data(), n, s)));
    }
  }
  // NaN anywhere propagates
  std::vector<float> v(300, 1.0f);
  v[211] = NAN;
  CHECK(std::isnan(pairwise_sum_f32(reinterpret_cast<const char*>(v.data()), 300, 4)));
}

TEST_CASE("float32 sums match NumPy digit for digit", "[reduce]") {
  auto sums = hex_pin("float32 sums of arange and of 0.1");
  REQUIRE(sums.size() == 2);
  // np.arange(100000, dtype=np.float32).sum(): runs of 8192
  ArrayPtr a = make_array(DType::F32, {100000});
  for (int64_t k = 0; k < 100000; ++k) store<float>(a->data() + 4 * k, float(k));
  CHECK(f32_of(*reduce(ReduceOp::sum, *a, all_axes(1), DType::F32, false)) == float(hexf(sums[0])));
  // np.full(1000, 0.1, dtype=np.float32).sum()
  ArrayPtr t = make_array(DType::F32, {1000});
  for (int64_t k = 0; k < 1000; ++k) store<float>(t->data() + 4 * k, 0.1f);
  CHECK(f32_of(*reduce(ReduceOp::sum, *t, all_axes(1), DType::F32, false)) == float(hexf(sums[1])));

  ArrayPtr g = f32_div7(100000);
  auto full = [](const ArrayPtr& x) { return f32_of(*reduce(ReduceOp::sum, *x, all_axes(x->ndim()), DType::F32, false)); };
  auto lay = hex_pin("float32 sums of arange div 7 over layouts");
  REQUIRE(lay.size() == 5);
  CHECK(full(g) == float(hexf(lay[0])));
  CHECK(full(basic_index(g, {sl_(std::nullopt, std::nullopt, 2)})) == float(hexf(lay[1])));   // g[::2]
  CHECK(full(basic_index(g, {sl_(std::nullopt, std::nullopt, -3)})) == float(hexf(lay[2])));  // g[::-3]
  CHECK(full(transpose(reshape(g, {1000, 100}), {})) == float(hexf(lay[3])));               // memory order
  ArrayPtr cube = reshape(g, {10, 100, 100});
  CHECK(full(basic_index(cube, {sl_(std::nullopt, std::nullopt), sl_(std::nullopt, std::nullopt), sl_(std::nullopt, 50)})) ==
        float(hexf(lay[4])));  // runs of 8192 across rows
  // reduce the last axis: runs of 8192 inside each row
  ArrayPtr rows = reduce(ReduceOp::sum, *reshape(g, {5, 20000}), {false, true}, DType::F32, false);
  auto want_rows = hex_pin("float32 row sums of arange div 7 as 5x20000");
  REQUIRE(want_rows.size() == 5);
  for (int k = 0; k < 5; ++k) CHECK(f32_of(*rows, k) == float(hexf(want_rows[k])));
  // reduce the first axis: sequential per column
  ArrayPtr cols = reduce(ReduceOp::sum, *reshape(g, {100, 1000}), {true, false}, DType::F32, false);
  auto want_cols = hex_pin("float32 column sums of arange div 7 as 100x1000 first 3");
  REQUIRE(want_cols.size() == 3);
  for (int k = 0; k < 3; ++k) CHECK(f32_of(*cols, k) == float(hexf(want_cols[k])));
  // sum(dtype=float64) casts in runs as NumPy's buffer does
  ArrayPtr d = reduce(ReduceOp::sum, *g, all_axes(1), DType::F64, false);
  CHECK(load<double>(d->data()) == hexf(hex_pin("float32 arange div 7 summed as float64").at(0)));
  // two non-adjacent reduced axes
  ArrayPtr x = make_array(DType::F32, {2, 3, 4});
  for (int64_t k = 0; k < 24; ++k) store<float>(x->data() + 4 * k, float(k) / 3.0f);
  ArrayPtr m = reduce(ReduceOp::sum, *x, {true, false, true}, DType::F32, false);
  auto want_m = hex_pin("float32 sum over axes 0 and 2");
  REQUIRE(want_m.size() == 3);
  for (int k = 0; k < 3; ++k) CHECK(f32_of(*m, k) == float(hexf(want_m[k])));
}

TEST_CASE("float16 sums accumulate in float32 per run", "[reduce]") {
  auto hp = hex_pin("float16 sums");
  REQUIRE(hp.size() == 4);
  ArrayPtr h = make_array(DType::F16, {200});
  for (int64_t k = 0; k < 200; ++k) store(h->data() + 2 * k, half(float(half(float(k))) / float(half(7.0f))));
  ArrayPtr s = reduce(ReduceOp::sum, *h, all_axes(1), DType::F16, false);
  CHECK(float(load<half>(s->data())) == float(hexf(hp[0])));
  ArrayPtr rows = reduce(ReduceOp::sum, *reshape(h, {10, 20}), {false, true}, DType::F16, false);
  CHECK(float(load<half>(rows->data())) == float(hexf(hp[1])));
  CHECK(float(load<half>(rows->data() + 4)) == float(hexf(hp[2])));
  ArrayPtr cols = reduce(ReduceOp::sum, *reshape(h, {10, 20}), {true, false}, DType::F16, false);
  CHECK(float(load<half>(cols->data() + 2)) == float(hexf(hp[3])));
}

TEST_CASE("max, min, argmax and any follow NumPy on NaN and empties", "[reduce]") {
  ArrayPtr a = make_array(DType::F64, {2, 2});
  const double v[] = {NAN, 1, 2, 3};
  std::memcpy(a->data(), v, sizeof v);
  ArrayPtr mx = reduce(ReduceOp::max, *a, {false, true}, DType::F64, false);
  CHECK(std::isnan(load<double>(mx->data())));
  CHECK(load<double>(mx->data() + 8) == 3);
  ArrayPtr fm = reduce(ReduceOp::fmax, *a, {false, true}, DType::F64, false);
  CHECK(load<double>(fm->data()) == 1);
  ArrayPtr am = arg_reduce(true, *a, 1, false);
  CHECK(load<int64_t>(am->data()) == 0);  // the first NaN
  CHECK(load<int64_t>(am->data() + 8) == 1);
  ArrayPtr empty = make_array(DType::F64, {0, 3});
  CHECK(error_of([&] { reduce(ReduceOp::max, *empty, {true, false}, DType::F64, false); }) ==
        message_pin("max of empty axis message"));
  CHECK(reduce(ReduceOp::max, *empty, {false, true}, DType::F64, false)->shape == Shape{0});
  CHECK(error_of([&] { arg_reduce(false, *make_array(DType::F64, {0}), std::nullopt, false); }) ==
        message_pin("argmin of empty message"));
  ArrayPtr z = make_array(DType::F64, {3});
  store<double>(z->data() + 8, NAN);
  CHECK(load<bool>(reduce(ReduceOp::any, *z, all_axes(1), DType::Bool, false)->data()));
  CHECK(!load<bool>(reduce(ReduceOp::all, *z, all_axes(1), DType::Bool, false)->data()));
  // int32 sums accumulate in the caller's int64
  ArrayPtr i = make_array(DType::I32, {3});
  for (int k = 0; k < 3; ++k) store<int32_t>(i->data() + 4 * k, INT32_MAX);
  CHECK(load<int64_t>(reduce(ReduceOp::sum, *i, all_axes(1), DType::I64, false)->data()) == 3ll * INT32_MAX);
  // keepdims and the result layout follows the input's memory order
  ArrayPtr f = make_array(DType::F64, {2, 3, 4}, 'F');
  ArrayPtr r = reduce(ReduceOp::sum, *f, {false, true, false}, DType::F64, false);
  CHECK(r->shape == Shape{2, 4});
  CHECK(r->strides == Strides{8, 16});
  CHECK(reduce(ReduceOp::sum, *f, {false, true, false}, DType::F64, true)->shape == Shape{2, 1, 4});
}

TEST_CASE("accumulate, median and percentile", "[reduce]") {
  ArrayPtr a = make_array(DType::F32, {10});
  for (int k = 0; k < 10; ++k) store<float>(a->data() + 4 * k, float(k) / 3.0f);
  ArrayPtr c = accumulate(Ufunc::add, *a, std::nullopt, DType::F32);
  auto cs = hex_pin("float32 cumsum of arange div 3 last two");
  REQUIRE(cs.size() == 2);
  CHECK(load<float>(c->data() + 32) == float(hexf(cs[0])));
  CHECK(load<float>(c->data() + 36) == float(hexf(cs[1])));
  ArrayPtr m = make_array(DType::I64, {4, 3});
  for (int k = 0; k < 12; ++k) store<int64_t>(m->data() + 8 * k, (k * 7) % 12);
  ArrayPtr mx = accumulate(Ufunc::maximum, *m, 0, DType::I64);
  CHECK(load<int64_t>(mx->data() + 8 * 9) == 9);  // column 0: 0, 9, 6, 3 -> running max 9
  auto mp = pins::doubles("pins_reduce", "median of arange 12 by columns and percentile 33");
  REQUIRE(mp.size() == 5);
  ArrayPtr r = reshape(make_array(DType::I64, {12}), {3, 4});
  for (int k = 0; k < 12; ++k) store<int64_t>(r->data() + 8 * k, k);
  ArrayPtr md = median(*r, 0, false);
  CHECK(md->dtype == DType::F64);
  CHECK(load<double>(md->data() + 8) == mp[1]);
  // np.percentile(np.arange(10), 33); with NaN the answer is NaN
  ArrayPtr t = make_array(DType::I64, {10});
  for (int k = 0; k < 10; ++k) store<int64_t>(t->data() + 8 * k, k);
  CHECK(load<double>(quantile(*t, {0.33}, {}, std::nullopt, false)->data()) == mp[4]);
  ArrayPtr n = make_array(DType::F64, {3});
  store<double>(n->data() + 8, NAN);
  CHECK(std::isnan(load<double>(quantile(*n, {0.5}, {}, std::nullopt, false)->data())));
  CHECK(std::isnan(load<double>(median(*n, std::nullopt, false)->data())));
}
