// numpy.linalg against the reference (NumPy 2.2 with its bundled LAPACK, via
// ../shared/oracle/refpy): every expected value is a pin recorded from the
// programs of tests/tools/lang/corpus/pins_linalg.txt (tests/core/pins.hpp).
// LU (inv/solve/det), QR, Cholesky and eig are ports of the LAPACK routines
// and are compared exactly (signs and -0.0 included); svd, eigh, pinv and
// lstsq use other algorithms and are compared to rounding (their pins are
// printed to 13 significant digits), with singular /
// eigen vectors checked by their defining identities. The front end's
// printing is corpus programs (corpus/np_linalg.txt).
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "core/model/element.hpp"
#include "core/linalg/linalg.hpp"
#include "core/model/strides.hpp"
#include "tests/core/pins.hpp"

using namespace sl;

namespace {

ArrayPtr mat(const Shape& shape, std::vector<double> v) {
  ArrayPtr a = make_array(DType::F64, shape);
  for (size_t i = 0; i < v.size(); ++i) store<double>(a->data() + 8 * int64_t(i), v[i]);
  return a;
}

std::vector<double> values(const ArrayPtr& a) {
  std::vector<double> v;
  for (int64_t i = 0; i < a->size(); ++i) v.push_back(load_as<double>(a->dtype, a->data() + i * a->itemsize()));
  return v;
}

void close(const std::vector<double>& got, const std::vector<double>& want, double tol = 1e-14) {
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    INFO("element " << i << ": " << got[i] << " vs " << want[i]);
    CHECK(std::fabs(got[i] - want[i]) <= tol * (1 + std::fabs(want[i])));
  }
}

std::vector<double> pin(const char* name) { return pins::doubles("pins_linalg", name); }
std::string message(const char* name) {
  std::string t = pins::text("pins_linalg", name);
  if (!t.empty() && t.back() == '\n') t.pop_back();
  return t;
}
std::vector<double> part(const std::vector<double>& v, size_t from, size_t n) {
  REQUIRE(from + n <= v.size());
  return {v.begin() + int64_t(from), v.begin() + int64_t(from + n)};
}

}  // namespace

TEST_CASE("inv, solve, det on NumPy's values", "[linalg]") {
  ArrayPtr a = mat({2, 2}, {4, 7, 2, 6});
  CHECK(values(linalg::inv(a)) == pin("inv 4 7 2 6"));
  CHECK(values(linalg::solve(a, mat({2}, {1, 2}))) == pin("solve 4 7 2 6 by 1 2"));
  // NumPy computes det as sign * exp(sum log|u_ii|), hence not exactly 10
  CHECK(values(linalg::det(a)) == pin("det 4 7 2 6"));
  auto [sign, logdet] = linalg::slogdet(mat({2, 2}, {1, 2, 3, 4}));
  auto sl = pin("slogdet 1 2 3 4");
  REQUIRE(sl.size() == 2);
  CHECK(values(sign)[0] == sl[0]);
  close(values(logdet), {sl[1]});
  CHECK(values(linalg::det(mat({2, 2}, {1, 2, 2, 4}))) == pin("det of singular 1 2 2 4"));
  CHECK_THROWS_WITH(linalg::inv(mat({2, 2}, {0, 0, 0, 0})), message("inv of zeros message"));
  CHECK_THROWS_WITH(linalg::inv(mat({3}, {1, 2, 3})), message("inv of 1-d message"));
  CHECK_THROWS_WITH(linalg::inv(mat({2, 3}, {1, 2, 3, 4, 5, 6})), message("inv of 2x3 message"));
  CHECK_THROWS_WITH(linalg::solve(mat({2, 2}, {1, 0, 0, 1}), mat({3}, {1, 1, 1})),
                    message("solve core dimension mismatch message"));
  // a stack of matrices
  ArrayPtr st = mat({2, 2, 2}, {1, 2, 3, 4, 2, 0, 0, 2});
  auto sp = pin("inv and det of a stack");
  close(values(linalg::inv(st)), part(sp, 0, 8));
  close(values(linalg::det(st)), part(sp, 8, 2));
}

TEST_CASE("qr and cholesky are LAPACK's bit for bit; eigh", "[linalg]") {
  auto [q, r] = linalg::qr(mat({3, 2}, {1, 2, 3, 4, 5, 6}), "reduced");
  auto qr = pin("qr reduced 3x2");
  CHECK(values(r) == part(qr, 0, 4));
  CHECK(values(q) == part(qr, 4, 6));
  // dorg2r leaves -0.0 below the diagonal of a column whose reflector is the identity
  auto [q2, r2] = linalg::qr(mat({2, 2}, {1, 2, 0, 3}), "reduced");
  std::vector<double> qv = values(q2);
  auto qt = pin("qr of upper triangular 1 2 0 3");
  CHECK(qv == qt);
  REQUIRE(qt.size() == 4);
  CHECK(std::signbit(qv[2]) == std::signbit(qt[2]));
  CHECK(values(linalg::cholesky(mat({3, 3}, {4, 2, 1, 2, 5, 3, 1, 3, 6}))) ==
        pin("cholesky 3x3"));
  CHECK_THROWS_WITH(linalg::cholesky(mat({2, 2}, {-1, 0, 0, -1})), message("cholesky not positive definite message"));
  ArrayPtr m = mat({3, 3}, {2, -1, 0, -1, 2, -1, 0, -1, 2});
  auto [w, v] = linalg::eigh(m, 'L', true);
  close(values(w), pin("eigvalsh of the second difference matrix"), 1e-12);
  // A v_j = w_j v_j and V orthonormal
  std::vector<double> V = values(v), W = values(w), M = values(m);
  for (int j = 0; j < 3; ++j) {
    double nrm = 0;
    for (int i = 0; i < 3; ++i) {
      double av = 0;
      for (int k = 0; k < 3; ++k) av += M[size_t(i * 3 + k)] * V[size_t(k * 3 + j)];
      CHECK(std::fabs(av - W[size_t(j)] * V[size_t(i * 3 + j)]) < 1e-13);
      nrm += V[size_t(i * 3 + j)] * V[size_t(i * 3 + j)];
    }
    CHECK(std::fabs(nrm - 1) < 1e-14);
  }
}

TEST_CASE("eig: dgeev's eigenvalue order and eigenvector signs", "[linalg]") {
  auto [w, v] = linalg::eig(mat({2, 2}, {1, 2, 3, 4}), true);
  CHECK(w->dtype == DType::F64);
  CHECK(pins::tokens("pins_linalg", "eig 1 2 3 4")[0] == "float64");
  auto e = pins::tokens("pins_linalg", "eig 1 2 3 4");
  std::vector<double> ev;
  for (size_t i = 1; i < e.size(); ++i) ev.push_back(std::strtod(e[i].c_str(), nullptr));
  CHECK(values(w) == part(ev, 0, 2));
  CHECK(values(v) == part(ev, 2, 4));
  auto [wt, vt] = linalg::eig(mat({3, 3}, {1, 2, 3, 0, 4, 5, 0, 0, 6}), true);
  auto et = pin("eig upper triangular");
  CHECK(values(wt) == part(et, 0, 3));
  CHECK(values(vt) == part(et, 3, 9));
  // a rotation: complex pair, vectors (0.707, -0.707i) and its conjugate
  auto [wc, vc] = linalg::eig(mat({2, 2}, {0, -1, 1, 0}), true);
  REQUIRE(wc->dtype == DType::C128);
  auto rot = pins::tokens("pins_linalg", "eig of a rotation");
  REQUIRE(rot.size() == 9);
  CHECK(rot[0] == "complex128");
  auto num = [&](size_t i) { return std::strtod(rot[i].c_str(), nullptr); };
  CHECK(load<c128>(wc->data()) == c128(num(1), num(2)));
  CHECK(load<c128>(wc->data() + 16) == c128(num(3), num(4)));
  CHECK(load<c128>(vc->data()) == c128(num(5), num(6)));
  CHECK(load<c128>(vc->data() + 32) == c128(num(7), num(8)));
  // dgebal's permutations decide the order for triangular input
  CHECK(values(linalg::eig(mat({3, 3}, {2, 0, 0, 1, 3, 0, 4, 5, 6}), false).first) == pin("eigvals of lower triangular"));
}

TEST_CASE("lstsq", "[linalg]") {
  linalg::Lstsq r = linalg::lstsq(mat({4, 2}, {1, 1, 1, 2, 1, 3, 1, 4}), mat({4}, {6, 5, 7, 10}), -1);
  auto ls = pin("lstsq line fit");
  REQUIRE(ls.size() == 6);
  close(values(r.x), part(ls, 0, 2), 1e-12);
  close(values(r.residuals), part(ls, 2, 1), 1e-12);
  CHECK(r.rank == int64_t(ls[3]));
  close(values(r.s), part(ls, 4, 2), 1e-12);
  CHECK_THROWS_WITH(linalg::lstsq(mat({4, 2}, {1, 1, 1, 2, 1, 3, 1, 4}), mat({3}, {1, 1, 1}), -1), message("lstsq incompatible message"));
}

TEST_CASE("svd: singular values to rounding, U S Vh == A", "[linalg]") {
  ArrayPtr a = mat({3, 4}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  linalg::SVD s = linalg::svd(a, true, true);
  CHECK(s.u->shape == Shape{3, 3});
  CHECK(s.vh->shape == Shape{4, 4});
  std::vector<double> sv = values(s.s);
  close({sv[0], sv[1]}, pin("svd singular values 3x4"), 1e-12);
  CHECK(sv[2] < 1e-14);
  std::vector<double> U = values(s.u), Vh = values(s.vh), A = values(a);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j) {
      double x = 0;
      for (int k = 0; k < 3; ++k) x += U[size_t(i * 3 + k)] * sv[size_t(k)] * Vh[size_t(k * 4 + j)];
      CHECK(std::fabs(x - A[size_t(i * 4 + j)]) < 1e-13);
    }
  for (int i = 0; i < 4; ++i)  // Vh orthonormal (completed rows included)
    for (int j = 0; j < 4; ++j) {
      double d = 0;
      for (int k = 0; k < 4; ++k) d += Vh[size_t(i * 4 + k)] * Vh[size_t(j * 4 + k)];
      CHECK(std::fabs(d - (i == j ? 1 : 0)) < 1e-13);
    }
  linalg::SVD r = linalg::svd(mat({2, 3}, {3, 1, 1, -1, 3, 1}), false, true);
  CHECK(r.u->shape == Shape{2, 2});
  CHECK(r.vh->shape == Shape{2, 3});
  close(values(r.s), pin("svd singular values 2x3"), 1e-12);
}

TEST_CASE("norm, pinv, matrix_rank, trace", "[linalg]") {
  ArrayPtr x = mat({3, 4}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  using O = linalg::NormOrd;
  auto nm = pin("norms of arange 12 as 3x4");
  REQUIRE(nm.size() == 7);
  CHECK(values(linalg::norm(x, O{}, std::nullopt, false))[0] == nm[0]);
  CHECK(values(linalg::norm(x, O{O::Number, 1}, std::nullopt, false))[0] == nm[1]);
  CHECK(values(linalg::norm(x, O{O::Number, INFINITY}, std::nullopt, false))[0] == nm[2]);
  close(values(linalg::norm(x, O{O::Nuc, 0, "nuc"}, std::nullopt, false)), {nm[3]}, 1e-12);
  close(values(linalg::norm(x, O{}, std::vector<int64_t>{1}, false)), part(nm, 4, 3));
  CHECK_THROWS_WITH(linalg::norm(x, O{O::Number, 3}, std::nullopt, false), message("norm order 3 message"));
  close(values(linalg::pinv(mat({3, 2}, {1, 2, 3, 4, 5, 6}), 1e-15)), pin("pinv 3x2"), 1e-12);
  auto rt = pin("matrix_rank and trace of a stack");
  REQUIRE(rt.size() == 5);
  CHECK(values(linalg::matrix_rank(mat({2, 2}, {1, 2, 2, 4}), std::nullopt))[0] == rt[0]);
  ArrayPtr t = make_array(DType::I64, {2, 3, 4});
  for (int64_t i = 0; i < 24; ++i) store<int64_t>(t->data() + 8 * i, i);
  CHECK(values(trace(t, 0, 0, 1, std::nullopt)) == part(rt, 1, 4));
}
