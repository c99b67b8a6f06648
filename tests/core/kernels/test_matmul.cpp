// The packed matmul kernel against the naive triple loop: random shapes with
// odd sizes (edge tiles), strided / transposed / negative-stride operands,
// batch broadcasting, and the generic loops of the other dtypes.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <random>
#include <vector>

#include "core/model/element.hpp"
#include "core/ops/copy.hpp"
#include "core/kernels/matmul.hpp"
#include "core/kernels/simd.hpp"
#include "core/linalg/linalg.hpp"
#include "core/model/strides.hpp"
#include "core/ops/views.hpp"

using namespace sl;

namespace {

std::mt19937& rng() {
  static std::mt19937 g(20240611);
  return g;
}

// A random array; integer-valued when `integral` so any summation order is exact.
ArrayPtr random_array(DType dt, const Shape& shape, bool integral) {
  ArrayPtr a = make_array(dt, shape);
  std::uniform_real_distribution<double> u(-1, 1);
  std::uniform_int_distribution<int> k(-4, 4);
  for (int64_t i = 0; i < a->size(); ++i) {
    double v = integral ? double(k(rng())) : u(rng());
    store_as(dt, a->data() + i * a->itemsize(), v);
  }
  return a;
}

template <class T>
T at(const Array& a, std::vector<int64_t> idx) {
  return load<T>(a.storage->data() + flat_offset(a, idx));
}

// Naive C[b..., i, j] = sum_k A[.., i, k] B[.., k, j] over broadcast batches,
// summed in order from 0 in type T.
template <class T>
void check_against_naive(const ArrayPtr& a, const ArrayPtr& b, const ArrayPtr& c, double tol) {
  const int nd = c->ndim();
  const int64_t M = c->shape[size_t(nd - 2)], N = c->shape[size_t(nd - 1)], K = a->shape.back();
  Shape batch(c->shape.begin(), c->shape.end() - 2);
  const int64_t nb = shape_size(batch);
  for (int64_t bi = 0; bi < nb; ++bi) {
    std::vector<int64_t> bidx(batch.size());
    for (int64_t r = bi, d = int64_t(batch.size()) - 1; d >= 0; --d) bidx[size_t(d)] = r % batch[size_t(d)], r /= batch[size_t(d)];
    auto sub = [&](const Array& x) {
      std::vector<int64_t> idx;
      size_t off = batch.size() - (x.shape.size() - 2);
      for (size_t d = 0; d + 2 < x.shape.size(); ++d) idx.push_back(x.shape[d] == 1 ? 0 : bidx[off + d]);
      return idx;
    };
    // the (0, 0) element of this batch's matrices, then byte strides along i, k and j
    auto origin = [&](const Array& x, std::vector<int64_t> idx) {
      idx.push_back(0), idx.push_back(0);
      return x.storage->data() + flat_offset(x, idx);
    };
    const char* a0 = origin(*a, sub(*a));
    const char* b0 = origin(*b, sub(*b));
    const char* c0 = origin(*c, bidx);
    const int64_t sai = a->strides[size_t(a->ndim() - 2)], sak = a->strides.back();
    const int64_t sbk = b->strides[size_t(b->ndim() - 2)], sbj = b->strides.back();
    const int64_t sci = c->strides[size_t(nd - 2)], scj = c->strides.back();
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < N; ++j) {
        T s = 0;
        for (int64_t k = 0; k < K; ++k) s += load<T>(a0 + i * sai + k * sak) * load<T>(b0 + k * sbk + j * sbj);
        T got = load<T>(c0 + i * sci + j * scj);
        if (tol == 0) REQUIRE(got == s);
        else REQUIRE(std::fabs(double(got) - double(s)) <= tol * (1 + std::fabs(double(s))));
      }
  }
}

}  // namespace

// NumPy (reference BLAS on the oracle's machines) sums every element over k in
// order from zero, with no FMA; so must gemm, bit for bit, at any size.
TEST_CASE("gemm equals the naive loop bit for bit", "[matmul]") {
  INFO("kernel arch: " << simd::arch_name());
  std::uniform_int_distribution<int> dim(1, 70);
  for (int rep = 0; rep < 40; ++rep) {
    const int64_t M = dim(rng()), N = dim(rng()), K = dim(rng()) * 3;  // K <= 210 < KC
    for (DType dt : {DType::F32, DType::F64}) {
      ArrayPtr a = random_array(dt, {M, K}, false), b = random_array(dt, {K, N}, false);
      ArrayPtr c = matmul(a, b);
      if (dt == DType::F32) check_against_naive<float>(a, b, c, 0);
      else check_against_naive<double>(a, b, c, 0);
    }
  }
}

TEST_CASE("gemm over several K, M and N blocks", "[matmul]") {
  // 600 > 2 KC (three K blocks continue one running sum), 131 > MC, N past NC with a ragged edge
  ArrayPtr a = random_array(DType::F64, {131, 600}, false), b = random_array(DType::F64, {600, 2053}, false);
  check_against_naive<double>(a, b, matmul(a, b), 0);
  ArrayPtr af = random_array(DType::F32, {67, 520}, false), bf = random_array(DType::F32, {520, 45}, false);
  check_against_naive<float>(af, bf, matmul(af, bf), 0);
}

TEST_CASE("strided, transposed and reversed operands", "[matmul]") {
  ArrayPtr base = random_array(DType::F64, {40, 50}, false);
  ArrayPtr t = transpose(base, {});                                  // (50, 40), F-ordered
  IndexItem step2{IndexItem::Slice}, rev{IndexItem::Slice};
  step2.step = 2;
  rev.step = -1;
  ArrayPtr s = basic_index(base, {step2, rev});                       // (20, 50) with a negative column stride
  ArrayPtr b = random_array(DType::F64, {50, 33}, false);
  check_against_naive<double>(s, b, matmul(s, b), 0);
  check_against_naive<double>(s, t, matmul(s, t), 0);
  ArrayPtr bt = transpose(random_array(DType::F64, {33, 40}, false), {});
  check_against_naive<double>(t, bt, matmul(t, bt), 0);
  // misaligned float32 storage: a view offset by 2 bytes through as-strided layout
  ArrayPtr raw = make_array(DType::U8, {4 * 12 * 12 + 2});
  ArrayPtr f = make_view(raw, DType::F32, {12, 12}, {48, 4}, 2);
  ArrayPtr src = random_array(DType::F32, {12, 12}, false);
  copy_into(*f, *src);
  check_against_naive<float>(f, f, matmul(f, f), 0);
}

TEST_CASE("matmul: 1-d promotion and batch broadcasting", "[matmul]") {
  ArrayPtr a = random_array(DType::F64, {3, 1, 5, 7}, false), b = random_array(DType::F64, {4, 7, 6}, false);
  ArrayPtr c = matmul(a, b);
  CHECK(c->shape == Shape{3, 4, 5, 6});
  check_against_naive<double>(a, b, c, 0);
  ArrayPtr x = random_array(DType::F32, {2, 9, 8}, false), w = random_array(DType::F32, {8, 5}, false);
  ArrayPtr y = matmul(x, w);  // the shared-W path: one (18, 8) @ (8, 5)
  check_against_naive<float>(x, w, y, 0);
  ArrayPtr v = random_array(DType::F64, {7}, true);
  CHECK(matmul(v, b)->shape == Shape{4, 6});
  CHECK(matmul(b, random_array(DType::F64, {6}, true))->shape == Shape{4, 7});
  CHECK(matmul(v, v)->ndim() == 0);
  CHECK_THROWS_WITH(matmul(make_array(DType::F64, {2, 3}), make_array(DType::F64, {2, 3})),
                    "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                    "(n?,k),(k,m?)->(n?,m?) (size 2 is different from 3)");
  CHECK_THROWS_WITH(matmul(make_array(DType::F64, {2, 3, 4}), make_array(DType::F64, {5, 4, 3})),
                    "operands could not be broadcast together with remapped shapes [original->remapped]: "
                    "(2,3,4)->(2,newaxis,newaxis) (5,4,3)->(5,newaxis,newaxis)  and requested shape (3,3)");
  CHECK(matmul(make_array(DType::F32, {3, 0}), make_array(DType::F32, {0, 2}))->shape == Shape{3, 2});
}

TEST_CASE("matmul of the other dtypes: NumPy's generic loops", "[matmul]") {
  // int8 wraps: [[0,1,2],[3,4,5]] @ (50 * [[0,1],[2,3],[4,5]]) as NumPy prints it
  ArrayPtr a = make_array(DType::I8, {2, 3}), b = make_array(DType::I8, {3, 2});
  for (int i = 0; i < 6; ++i) store<int8_t>(a->data() + i, int8_t(i)), store<int8_t>(b->data() + i, int8_t(50 * i));
  ArrayPtr c = matmul(a, b);
  CHECK(c->dtype == DType::I8);
  CHECK(load<int8_t>(c->data() + 0) == -12);
  CHECK(load<int8_t>(c->data() + 1) == -118);
  CHECK(load<int8_t>(c->data() + 2) == 120);
  CHECK(load<int8_t>(c->data() + 3) == -48);
  // float16 accumulates in float32: 0.333 (as half) * 1 + 0.333 * 1 -> 0.666015625
  ArrayPtr h = make_array(DType::F16, {2, 2}), o = make_array(DType::F16, {2, 2});
  for (int i = 0; i < 4; ++i) store<half>(h->data() + 2 * i, half(0.333)), store<half>(o->data() + 2 * i, half(1.0f));
  CHECK(float(load<half>(matmul(h, o)->data())) == 0.666015625f);
  // bool: OR of ANDs; int64 @ float32 promotes to float64
  ArrayPtr t = make_array(DType::Bool, {1, 2}), u = make_array(DType::Bool, {2, 1});
  store<bool>(t->data() + 1, true), store<bool>(u->data() + 1, true);
  CHECK(load<bool>(matmul(t, u)->data()));
  CHECK(matmul(make_array(DType::I64, {2, 2}), make_array(DType::F32, {2, 2}))->dtype == DType::F64);
  // complex: (1+2j)*1j + 2*3 = 4+1j
  ArrayPtr p = make_array(DType::C128, {1, 2}), q = make_array(DType::C128, {2, 1});
  store<c128>(p->data(), c128(1, 2)), store<c128>(p->data() + 16, c128(2, 0));
  store<c128>(q->data(), c128(0, 1)), store<c128>(q->data() + 16, c128(3, 0));
  CHECK(load<c128>(matmul(p, q)->data()) == c128(4, 1));
}

TEST_CASE("dot / inner / tensordot / einsum reduce to the same products", "[matmul][einsum]") {
  ArrayPtr a = random_array(DType::I64, {2, 3, 4}, true), b = random_array(DType::I64, {5, 4, 6}, true);
  ArrayPtr d = dot(a, b);  // (2, 3, 5, 6): sum over a's last and b's second-to-last axis
  REQUIRE(d->shape == Shape{2, 3, 5, 6});
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 3; ++j)
      for (int64_t k = 0; k < 5; ++k)
        for (int64_t m = 0; m < 6; ++m) {
          int64_t s = 0;
          for (int64_t l = 0; l < 4; ++l) s += at<int64_t>(*a, {i, j, l}) * at<int64_t>(*b, {k, l, m});
          REQUIRE(at<int64_t>(*d, {i, j, k, m}) == s);
        }
  ArrayPtr e = einsum("ijl,klm->ijkm", {a, b});
  REQUIRE(e->shape == d->shape);
  for (int64_t i = 0; i < d->size(); ++i) REQUIRE(load<int64_t>(e->data() + 8 * i) == load<int64_t>(d->data() + 8 * i));
  ArrayPtr td = tensordot(a, b, {2}, {1});
  REQUIRE(td->shape == d->shape);
  for (int64_t i = 0; i < d->size(); ++i) REQUIRE(load<int64_t>(td->data() + 8 * i) == load<int64_t>(d->data() + 8 * i));
  // einsum of one operand without summation is a view (NumPy returns views too)
  ArrayPtr m = random_array(DType::I64, {3, 3}, true);
  ArrayPtr diag = einsum("ii->i", {m});
  CHECK(diag->storage == m->storage);
  CHECK(diag->strides == Strides{32});
  CHECK(einsum("ij->ji", {m})->strides == Strides{8, 24});
  CHECK_THROWS_WITH(einsum("ij,jk", {make_array(DType::F64, {2, 3}), make_array(DType::F64, {4, 5})}),
                    "operands could not be broadcast together with remapped shapes [original->remapped]: "
                    "(2,3)->(2,newaxis,3) (4,5)->(5,4) ");
  CHECK_THROWS_WITH(dot(make_array(DType::F64, {2, 3}), make_array(DType::F64, {2, 3})),
                    "shapes (2,3) and (2,3) not aligned: 3 (dim 1) != 2 (dim 0)");
}

TEST_CASE("benchmark: gemm GFLOP/s", "[.bench][matmul]") {
  for (int64_t n : {256, 1024}) {
    for (DType dt : {DType::F32, DType::F64}) {
      ArrayPtr a = random_array(dt, {n, n}, false), b = random_array(dt, {n, n}, false);
      matmul(a, b);
      auto t0 = std::chrono::steady_clock::now();
      const int reps = n <= 256 ? 20 : 2;
      for (int r = 0; r < reps; ++r) matmul(a, b);
      double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / reps;
      WARN(simd::arch_name() << " " << name(dt) << " n=" << n << ": " << 2.0 * double(n * n * n) / sec / 1e9 << " GFLOP/s");
    }
  }
}
