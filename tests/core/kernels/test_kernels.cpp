// The kernels against scalar references over random layouts: random shapes
// (every tail and tile-edge remainder), strides (negative, zero, non-unit,
// several axes), dtypes and item sizes 1/2/4/8/16. The same sources run natively
// (SSE2 batches) and under Node (WASM SIMD batches), so both kernel builds are
// checked against the same element-by-element references.
//   - copies (copy_into, copy_as): the plain strided loop and the blocked
//     transpose path (Note [Blocked transpose copy]), casts included;
//   - elementwise ufuncs through ufunc_call: the contiguous fast path, the
//     broadcast (stride 0) batch path and the strided fallback of the shared
//     iterator, in any memory order;
//   - reductions whose result does not depend on the order (integer sums wrap
//     exactly; max/min propagate NaN) over every layout, and float32 sums of
//     contiguous and strided runs against a transcription of NumPy's pairwise_sum.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "core/model/element.hpp"
#include "core/model/iter.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/reduce.hpp"
#include "core/kernels/simd.hpp"
#include "core/model/strides.hpp"
#include "core/ops/ufunc.hpp"
#include "core/ops/views.hpp"

using namespace sl;

namespace {

std::mt19937& rng() {
  static std::mt19937 g(6061);
  return g;
}
int64_t pick(int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng()); }

// A view of a fresh storage with the given shape and strides in elements
// (negative and zero allowed), its bytes random; `finite` fills float dtypes
// with small finite values instead (for casts and arithmetic).
ArrayPtr strided(DType dt, const Shape& shape, const std::vector<int64_t>& el_strides, bool finite = false) {
  const int64_t isz = itemsize(dt);
  int64_t lo = 0, hi = 0;
  for (size_t k = 0; k < shape.size(); ++k) {
    const int64_t span = (shape[k] - 1) * el_strides[k];
    if (span < 0) lo += span; else hi += span;
  }
  const int64_t n = hi - lo + 1;
  ArrayPtr raw = make_array(DType::U8, {n * isz});
  // random bytes, 8 per step (splitmix64 seeded from the test's generator):
  // the storage of a spread-out layout runs to tens of megabytes
  uint64_t state = rng()();
  for (int64_t i = 0; i < n * isz; i += 8) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    std::memcpy(raw->data() + i, &z, size_t(std::min<int64_t>(8, n * isz - i)));
  }
  if (dt == DType::Bool)  // only 0 and 1 are bools (anything else is UB to load)
    for (int64_t i = 0; i < n; ++i) raw->data()[i] &= 1;
  if (finite)
    for (int64_t i = 0; i < n; ++i) store_as(dt, raw->data() + i * isz, double(pick(-300, 300)) / 8.0);
  Strides st;
  for (int64_t s : el_strides) st.push_back(s * isz);
  return make_view(raw, dt, shape, st, -lo * isz);
}

const char* elem(const Array& a, const std::vector<int64_t>& idx) { return a.storage->data() + flat_offset(a, idx); }

// Calls f(index) for every index of shape in C order.
template <class F>
void for_each_index(const Shape& shape, F&& f) {
  if (shape_size(shape) == 0) return;
  std::vector<int64_t> idx(shape.size(), 0);
  for (;;) {
    f(idx);
    int d = int(shape.size()) - 1;
    for (; d >= 0; --d) {
      if (++idx[size_t(d)] < shape[size_t(d)]) break;
      idx[size_t(d)] = 0;
    }
    if (d < 0) return;
  }
}

// Every element of dst equals src's, cast element by element with cast_value.
void check_copy(const Array& dst, const Array& src) {
  REQUIRE(dst.shape == src.shape);
  for_each_index(dst.shape, [&](const std::vector<int64_t>& idx) {
    visit_dtype(dst.dtype, [&](auto dt) {
      using To = decltype(dt);
      visit_dtype(src.dtype, [&](auto sdt) {
        using From = decltype(sdt);
        char want[16];
        store(want, cast_value<To>(load<From>(elem(src, idx))));
        INFO("dtype " << name(src.dtype) << " -> " << name(dst.dtype) << " shape " << shape_repr(dst.shape)
                      << " src strides " << shape_repr(src.strides) << " dst strides " << shape_repr(dst.strides));
        REQUIRE(std::memcmp(elem(dst, idx), want, sizeof(To)) == 0);
      });
    });
  });
}

// Sizes around the tile (16) and vector (4, 2) edges.
int64_t edge_size() {
  static const int64_t sizes[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 23, 31, 32, 33, 40, 47, 48, 63, 64, 65};
  return sizes[pick(0, int64_t(std::size(sizes)) - 1)];
}

}  // namespace

TEST_CASE("transposing copies equal the element loop: every item size and tile edge", "[kernels][copy]") {
  INFO("kernel arch: " << simd::arch_name());
  const DType dtypes[] = {DType::U8, DType::I16, DType::F16, DType::F32, DType::I32, DType::F64, DType::I64,
                          DType::C64, DType::C128, DType::Bool};
  for (DType dt : dtypes)
    for (int rep = 0; rep < 60; ++rep) {
      const int64_t R = edge_size(), C = edge_size();
      // src[i, c] walks memory along i (column stride +-1 or +-2 elements),
      // rows far apart (the transpose the blocked path is for), optionally
      // under an outer axis.
      const int64_t si = (rep % 4 == 3 ? 2 : 1) * (rep % 3 == 1 ? -1 : 1);
      const int64_t sc = (rep % 5 == 2 ? -1 : 1) * (R * std::abs(si) + pick(0, 3));
      Shape shape{R, C};
      std::vector<int64_t> st{si, sc};
      if (rep % 6 == 5) {
        shape.insert(shape.begin(), pick(2, 3));
        st.insert(st.begin(), (rep % 4 == 1 ? -1 : 1) * (std::abs(sc) * C + pick(0, 2)));
      }
      ArrayPtr src = strided(dt, shape, st);
      ArrayPtr c = copy_as(*src, dt, 'C');
      check_copy(*c, *src);
      // into an existing strided destination with a negative row stride
      ArrayPtr d = strided(dt, shape, rep % 2 ? std::vector<int64_t>(st.size(), 0) : st);
      if (rep % 2) {
        std::vector<int64_t> ds(shape.size());
        int64_t s = 1;
        for (size_t k = shape.size(); k-- > 0;) ds[k] = s, s *= shape[k];
        ds[shape.size() - 2] = -ds[shape.size() - 2];
        d = strided(dt, shape, ds);
      }
      copy_into(*d, *src);
      check_copy(*d, *src);
    }
}

TEST_CASE("transposing casts (astype of a transposed view)", "[kernels][copy]") {
  const std::pair<DType, DType> casts[] = {{DType::F64, DType::F32}, {DType::F32, DType::F64}, {DType::I32, DType::F32},
                                           {DType::F32, DType::I64}, {DType::U8, DType::F32}, {DType::F32, DType::F16},
                                           {DType::I16, DType::Bool}, {DType::F64, DType::C128}};
  for (auto [from, to] : casts)
    for (int rep = 0; rep < 20; ++rep) {
      const int64_t R = edge_size(), C = edge_size();
      ArrayPtr src = strided(from, {R, C}, {rep % 3 == 0 ? -1 : 1, R + pick(0, 2)}, true);
      check_copy(*copy_as(*src, to, 'C'), *src);
      check_copy(*copy_as(*src, to, 'F'), *src);
    }
}

// The blocked copy walks its tiles in panels of 512 columns (Note [Blocked
// transpose copy]): planes wider than a panel, with their last panel cut at a
// tile or vector edge, and casts through the same walk.
TEST_CASE("transposing copies across panel edges", "[kernels][copy]") {
  const std::pair<DType, DType> pairs[] = {{DType::F32, DType::F32}, {DType::F64, DType::F64}, {DType::U8, DType::U8},
                                           {DType::C128, DType::C128}, {DType::F32, DType::F64}};
  for (auto [from, to] : pairs)
    for (int64_t C : {511, 512, 513, 1024 + 18, 1536 + 3})
      for (int64_t R : {16, 37}) {
        ArrayPtr src = strided(from, {R, C}, {1, R + 1}, from != to);
        check_copy(*copy_as(*src, to, 'C'), *src);
      }
}

TEST_CASE("copies with zero strides, 1-d runs and many axes", "[kernels][copy]") {
  for (DType dt : {DType::U8, DType::F32, DType::F64, DType::C128})
    for (int rep = 0; rep < 40; ++rep) {
      const int nd = int(pick(1, 4));
      Shape shape;
      std::vector<int64_t> st;
      for (int k = 0; k < nd; ++k) {
        shape.push_back(pick(1, 19));
        const int64_t r = pick(0, 5);
        st.push_back(r == 0 ? 0 : r == 1 ? -1 : r == 2 ? 3 : r == 3 ? -7 : 1);
      }
      // scale each non-zero stride past the span of the axes inside it, so no
      // two indices share an element (a valid array)
      int64_t span = 1;
      for (int k = nd; k-- > 0;)
        if (st[size_t(k)] != 0) {
          st[size_t(k)] *= span;
          span += std::abs(st[size_t(k)]) * (shape[size_t(k)] - 1);
        }
      ArrayPtr src = strided(dt, shape, st);
      check_copy(*copy_as(*src, dt, 'C'), *src);
      check_copy(*copy_as(*src, dt, 'F'), *src);
    }
}

TEST_CASE("the iterator visits each index once, in C order, after coalescing", "[kernels][iter]") {
  for (int rep = 0; rep < 200; ++rep) {
    const int nd = int(pick(0, 5));
    Shape shape;
    Strides s0, s1;
    for (int k = 0; k < nd; ++k) {
      shape.push_back(pick(0, 4) == 0 ? 1 : pick(1, 6));
      s0.push_back(pick(-40, 40));
      s1.push_back(pick(-40, 40));
    }
    // contiguous pairs that coalesce, some of the time
    if (nd >= 2 && rep % 2) s0[size_t(nd - 2)] = s0[size_t(nd - 1)] * shape[size_t(nd - 1)];
    // real pointers (arithmetic on null is UB): offsets from the middle of a buffer
    static char buf[1 << 16];
    char* mid = buf + (1 << 15);
    std::vector<std::array<int64_t, 2>> got;
    for_each_strided<2>(shape, {mid, mid}, {&s0, &s1}, [&](std::array<char*, 2>& p, const std::array<int64_t, 2>& s, int64_t n) {
      for (int64_t j = 0; j < n; ++j) got.push_back({int64_t(p[0] - mid) + j * s[0], int64_t(p[1] - mid) + j * s[1]});
    });
    std::vector<std::array<int64_t, 2>> want;
    for_each_index(shape, [&](const std::vector<int64_t>& idx) {
      int64_t o0 = 0, o1 = 0;
      for (int k = 0; k < nd; ++k) o0 += idx[size_t(k)] * s0[size_t(k)], o1 += idx[size_t(k)] * s1[size_t(k)];
      want.push_back({o0, o1});
    });
    REQUIRE(got == want);
  }
}

namespace {

template <class T>
T ref_binary(Ufunc op, T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    switch (op) {
      case Ufunc::add: return a + b;
      case Ufunc::subtract: return a - b;
      case Ufunc::multiply: return a * b;
      case Ufunc::maximum: return (std::isnan(a) || std::isnan(b)) ? (std::isnan(a) ? a : b) : a > b ? a : b;
      default: return (std::isnan(a) || std::isnan(b)) ? (std::isnan(a) ? a : b) : a < b ? a : b;
    }
  } else {
    using U = std::make_unsigned_t<T>;
    switch (op) {
      case Ufunc::add: return T(U(U(a) + U(b)));
      case Ufunc::subtract: return T(U(U(a) - U(b)));
      case Ufunc::multiply: return T(U(uint64_t(U(a)) * uint64_t(U(b))));
      case Ufunc::maximum: return a > b ? a : b;
      default: return a < b ? a : b;
    }
  }
}

// A random layout of `shape`: per axis a stride of +-1..3 times the extent
// below it (non-overlapping), or 0 (broadcast) when `zeros`, axes permuted.
std::vector<int64_t> random_strides(const Shape& shape, bool zeros) {
  const int nd = int(shape.size());
  std::vector<int> perm(static_cast<size_t>(nd));
  for (int k = 0; k < nd; ++k) perm[size_t(k)] = k;
  std::shuffle(perm.begin(), perm.end(), rng());
  std::vector<int64_t> st(static_cast<size_t>(nd));
  int64_t m = 1;
  for (int k = nd; k-- > 0;) {
    const int ax = perm[size_t(k)];
    const int64_t step = pick(0, 2) == 0 ? pick(2, 3) : 1;
    st[size_t(ax)] = (pick(0, 3) == 0 ? -1 : 1) * step * m;
    if (zeros && pick(0, 5) == 0) st[size_t(ax)] = 0;
    m *= shape[size_t(ax)] * step;
  }
  return st;
}

template <class T>
void check_ufunc_layouts(Ufunc op) {
  const DType dt = dtype_of<T>::value;
  for (int rep = 0; rep < 40; ++rep) {
    const int nd = int(pick(1, 4));
    Shape shape;
    for (int k = 0; k < nd; ++k) shape.push_back(k == nd - 1 ? pick(1, 37) : pick(1, 6));
    const bool contiguous = rep % 4 == 0;
    ArrayPtr a = contiguous ? make_array(dt, shape) : strided(dt, shape, random_strides(shape, true), true);
    ArrayPtr b = contiguous ? make_array(dt, shape) : strided(dt, shape, random_strides(shape, true), true);
    if (contiguous)
      for (int64_t i = 0; i < a->size(); ++i) {
        store_as(dt, a->data() + i * a->itemsize(), double(pick(-300, 300)) / 8.0);
        store_as(dt, b->data() + i * b->itemsize(), double(pick(-300, 300)) / 8.0);
      }
    if constexpr (std::is_floating_point_v<T>)
      if (rep % 3 == 0) store<T>(a->data(), T(NAN));
    ArrayPtr c = ufunc_call2(op, a, b);
    REQUIRE(c->dtype == dt);
    for_each_index(shape, [&](const std::vector<int64_t>& idx) {
      T want = ref_binary<T>(op, load<T>(elem(*a, idx)), load<T>(elem(*b, idx)));
      T got = load<T>(elem(*c, idx));
      INFO(ufunc_name(op) << " " << name(dt) << " shape " << shape_repr(shape) << " a strides " << shape_repr(a->strides)
                          << " b strides " << shape_repr(b->strides));
      if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(want)) {
          REQUIRE(std::isnan(got));
          return;
        }
      }
      REQUIRE(std::memcmp(&got, &want, sizeof(T)) == 0);
    });
    // into a strided out= of the same layout family
    ArrayPtr o = strided(dt, shape, random_strides(shape, false));
    UfuncOptions opt;
    opt.out = o;
    ufunc_call(op, {UfuncOperand{a}, UfuncOperand{b}}, opt);
    check_copy(*o, *c);
  }
}

}  // namespace

TEST_CASE("elementwise kernels equal the scalar reference on random layouts", "[kernels][ufunc]") {
  INFO("kernel arch: " << simd::arch_name());
  for (Ufunc op : {Ufunc::add, Ufunc::subtract, Ufunc::multiply, Ufunc::maximum, Ufunc::minimum}) {
    check_ufunc_layouts<float>(op);
    check_ufunc_layouts<double>(op);
    check_ufunc_layouts<int8_t>(op);
    check_ufunc_layouts<int16_t>(op);
    check_ufunc_layouts<int32_t>(op);
    check_ufunc_layouts<int64_t>(op);
    check_ufunc_layouts<uint8_t>(op);
    check_ufunc_layouts<uint16_t>(op);
    check_ufunc_layouts<uint32_t>(op);
    check_ufunc_layouts<uint64_t>(op);
  }
}

namespace {

// numpy/core/src/umath/loops_utils.h.src: pairwise_sum, transcribed (float).
float ref_pairwise(const char* a, int64_t n, int64_t s) {
  auto at = [&](int64_t i) { return load<float>(a + i * s); };
  if (n < 8) {
    float res = 0;
    for (int64_t i = 0; i < n; ++i) res += at(i);
    return res;
  }
  if (n <= 128) {
    float r[8];
    for (int j = 0; j < 8; ++j) r[j] = at(j);
    int64_t i;
    for (i = 8; i < n - (n % 8); i += 8)
      for (int j = 0; j < 8; ++j) r[j] += at(i + j);
    float res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) res += at(i);
    return res;
  }
  int64_t n2 = n / 2;
  n2 -= n2 % 8;
  return ref_pairwise(a, n2, s) + ref_pairwise(a + n2 * s, n - n2, s);
}

}  // namespace

TEST_CASE("float32 sum of one run: pairwise order over every tail length and stride", "[kernels][reduce]") {
  for (int64_t n : {0, 1, 7, 8, 9, 15, 16, 17, 127, 128, 129, 255, 256, 257, 1000, 8191, 8192, 8193, 20000, 100003})
    for (int64_t s : {1, 2, -1, -3}) {
      ArrayPtr a = strided(DType::F32, {n}, {s}, false);
      for (int64_t i = 0; i < n; ++i) store<float>(const_cast<char*>(elem(*a, {i})), float(pick(-1000000, 1000000)) / 7.0f);
      ArrayPtr r = reduce(ReduceOp::sum, *a, {true}, DType::F32, false);
      // NumPy walks the run with its own stride (never negated), in runs of
      // at most 8192 elements added to the running result in order.
      const int64_t bs = s * 4;
      float want = 0;
      for (int64_t c = 0; c < n; c += 8192) want += ref_pairwise(a->data() + c * bs, std::min<int64_t>(8192, n - c), bs);
      float got = load<float>(r->data());
      INFO("n " << n << " stride " << s);
      REQUIRE(std::memcmp(&got, &want, 4) == 0);
    }
}

TEST_CASE("order-free reductions equal the reference on random layouts", "[kernels][reduce]") {
  for (int rep = 0; rep < 120; ++rep) {
    const int nd = int(pick(1, 3));
    Shape shape;
    for (int k = 0; k < nd; ++k) shape.push_back(k == nd - 1 ? pick(1, 70) : pick(1, 7));
    std::vector<bool> axes(static_cast<size_t>(nd));
    bool any = false;
    for (int k = 0; k < nd; ++k) any = any || (axes[size_t(k)] = pick(0, 1) == 1);
    if (!any) axes[size_t(pick(0, nd - 1))] = true;
    const DType dt = rep % 3 == 0 ? DType::I32 : rep % 3 == 1 ? DType::F32 : DType::I8;
    ArrayPtr a = strided(dt, shape, random_strides(shape, true), true);
    if (dt == DType::F32 && rep % 2 && a->size() > 2) store<float>(const_cast<char*>(elem(*a, std::vector<int64_t>(size_t(nd), 0))), NAN);
    const ReduceOp op = dt == DType::F32 ? (rep % 4 < 2 ? ReduceOp::max : ReduceOp::min) : ReduceOp::sum;
    ArrayPtr r = reduce(op, *a, axes, dt, true);
    // reference: fold over the reduced axes for each kept index
    for_each_index(r->shape, [&](const std::vector<int64_t>& oidx) {
      Shape sub;
      for (int k = 0; k < nd; ++k) sub.push_back(axes[size_t(k)] ? shape[size_t(k)] : 1);
      int64_t isum = 0;
      float fm = 0;
      bool first = true, nan = false;
      for_each_index(sub, [&](const std::vector<int64_t>& j) {
        std::vector<int64_t> idx(static_cast<size_t>(nd));
        for (int k = 0; k < nd; ++k) idx[size_t(k)] = axes[size_t(k)] ? j[size_t(k)] : oidx[size_t(k)];
        if (dt == DType::F32) {
          float v = load<float>(elem(*a, idx));
          nan = nan || std::isnan(v);
          if (first || (op == ReduceOp::max ? v > fm : v < fm)) fm = v;
        } else {
          isum += load_as<int64_t>(dt, elem(*a, idx));
        }
        first = false;
      });
      INFO("shape " << shape_repr(shape) << " strides " << shape_repr(a->strides));
      if (dt == DType::F32) {
        float got = load<float>(elem(*r, oidx));
        if (nan) REQUIRE(std::isnan(got));
        else REQUIRE(got == fm);
      } else {
        char want[8];
        store_as(dt, want, isum);  // wraps like the kernel
        REQUIRE(load_as<int64_t>(dt, elem(*r, oidx)) == load_as<int64_t>(dt, want));
      }
    });
  }
}
