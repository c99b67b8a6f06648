// numpy.linalg against values printed by real NumPy 1.24 on reference
// LAPACK 3.11. LU (inv/solve/det), QR, Cholesky and eig are ports of the
// LAPACK routines and are compared exactly (signs and -0.0 included); svd,
// eigh, pinv and lstsq use other algorithms and are compared to rounding, with
// singular / eigen vectors checked by their defining identities.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "core/element.hpp"
#include "core/lang/interp.hpp"
#include "core/linalg.hpp"
#include "core/strides.hpp"

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

std::string run(const std::string& code) {
  sl::lang::Interp in;
  auto r = in.run("import numpy as np\n" + code);
  if (!r.ok) return r.out + "!" + r.error_type + ": " + r.error_msg;
  return r.out;
}

}  // namespace

TEST_CASE("inv, solve, det on NumPy's values", "[linalg]") {
  ArrayPtr a = mat({2, 2}, {4, 7, 2, 6});
  CHECK(values(linalg::inv(a)) == std::vector<double>{0.6000000000000001, -0.7000000000000001, -0.2, 0.4});
  CHECK(values(linalg::solve(a, mat({2}, {1, 2}))) == std::vector<double>{-0.8, 0.6});
  // NumPy computes det as sign * exp(sum log|u_ii|), hence not exactly 10
  CHECK(values(linalg::det(a))[0] == 10.000000000000002);
  auto [sign, logdet] = linalg::slogdet(mat({2, 2}, {1, 2, 3, 4}));
  CHECK(values(sign)[0] == -1.0);
  close(values(logdet), {0.6931471805599455});
  CHECK(values(linalg::det(mat({2, 2}, {1, 2, 2, 4})))[0] == 0.0);
  CHECK_THROWS_WITH(linalg::inv(mat({2, 2}, {0, 0, 0, 0})), "Singular matrix");
  CHECK_THROWS_WITH(linalg::inv(mat({3}, {1, 2, 3})), "1-dimensional array given. Array must be at least two-dimensional");
  CHECK_THROWS_WITH(linalg::inv(mat({2, 3}, {1, 2, 3, 4, 5, 6})), "Last 2 dimensions of the array must be square");
  CHECK_THROWS_WITH(linalg::solve(mat({2, 2}, {1, 0, 0, 1}), mat({3}, {1, 1, 1})),
                    "solve1: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (m,m),(m)->(m) "
                    "(size 3 is different from 2)");
  // a stack of matrices
  ArrayPtr st = mat({2, 2, 2}, {1, 2, 3, 4, 2, 0, 0, 2});
  close(values(linalg::inv(st)), {-2, 1, 1.5, -0.5, 0.5, 0, 0, 0.5});
  close(values(linalg::det(st)), {-2, 4});
}

TEST_CASE("qr and cholesky are LAPACK's bit for bit; eigh", "[linalg]") {
  auto [q, r] = linalg::qr(mat({3, 2}, {1, 2, 3, 4, 5, 6}), "reduced");
  CHECK(values(r) == std::vector<double>{-5.916079783099616, -7.437357441610946, 0.0, 0.828078671210825});
  CHECK(values(q) == std::vector<double>{-0.16903085094570325, 0.8970852271450607, -0.50709255283711,
                                         0.27602622373694136, -0.8451542547285166, -0.34503277967117696});
  // dorg2r leaves -0.0 below the diagonal of a column whose reflector is the identity
  auto [q2, r2] = linalg::qr(mat({2, 2}, {1, 2, 0, 3}), "reduced");
  std::vector<double> qv = values(q2);
  CHECK(qv == std::vector<double>{1, 0, 0, 1});
  CHECK(std::signbit(qv[2]));
  CHECK(values(linalg::cholesky(mat({3, 3}, {4, 2, 1, 2, 5, 3, 1, 3, 6}))) ==
        std::vector<double>{2, 0, 0, 1, 2, 0, 0.5, 1.25, 2.0463381929681126});
  CHECK_THROWS_WITH(linalg::cholesky(mat({2, 2}, {-1, 0, 0, -1})), "Matrix is not positive definite");
  ArrayPtr m = mat({3, 3}, {2, -1, 0, -1, 2, -1, 0, -1, 2});
  auto [w, v] = linalg::eigh(m, 'L', true);
  close(values(w), {0.585786437626905, 1.9999999999999998, 3.414213562373095}, 1e-14);
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
  CHECK(values(w) == std::vector<double>{-0.3722813232690143, 5.372281323269014});
  CHECK(values(v) == std::vector<double>{-0.8245648401323938, -0.4159735579192842, 0.5657674649689923, -0.9093767091321241});
  auto [wt, vt] = linalg::eig(mat({3, 3}, {1, 2, 3, 0, 4, 5, 0, 0, 6}), true);
  CHECK(values(wt) == std::vector<double>{1, 4, 6});
  CHECK(values(vt) == std::vector<double>{1.0, 0.5547001962252291, 0.5108406854512808, 0.0, 0.8320502943378437,
                                          0.7981885710176261, 0.0, 0.0, 0.3192754284070505});
  // a rotation: complex pair, vectors (0.707, -0.707i) and its conjugate
  auto [wc, vc] = linalg::eig(mat({2, 2}, {0, -1, 1, 0}), true);
  REQUIRE(wc->dtype == DType::C128);
  CHECK(load<c128>(wc->data()) == c128(0, 1));
  CHECK(load<c128>(wc->data() + 16) == c128(0, -1));
  CHECK(load<c128>(vc->data()) == c128(0.7071067811865475, 0));
  CHECK(load<c128>(vc->data() + 32) == c128(0, -0.7071067811865475));
  // dgebal's permutations decide the order for triangular input
  CHECK(values(linalg::eig(mat({3, 3}, {2, 0, 0, 1, 3, 0, 4, 5, 6}), false).first) == std::vector<double>{6, 3, 2});
}

TEST_CASE("lstsq", "[linalg]") {
  linalg::Lstsq r = linalg::lstsq(mat({4, 2}, {1, 1, 1, 2, 1, 3, 1, 4}), mat({4}, {6, 5, 7, 10}), -1);
  close(values(r.x), {3.5, 1.4}, 1e-14);
  close(values(r.residuals), {4.2}, 1e-14);
  CHECK(r.rank == 2);
  close(values(r.s), {5.779378813233887, 0.773809106397227}, 1e-14);
  CHECK_THROWS_WITH(linalg::lstsq(mat({4, 2}, {1, 1, 1, 2, 1, 3, 1, 4}), mat({3}, {1, 1, 1}), -1), "Incompatible dimensions");
}

TEST_CASE("svd: singular values to rounding, U S Vh == A", "[linalg]") {
  ArrayPtr a = mat({3, 4}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  linalg::SVD s = linalg::svd(a, true, true);
  CHECK(s.u->shape == Shape{3, 3});
  CHECK(s.vh->shape == Shape{4, 4});
  std::vector<double> sv = values(s.s);
  close({sv[0], sv[1]}, {22.409298163270435, 1.9553403360142754}, 1e-14);
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
  close(values(r.s), {3.4641016151377553, 3.1622776601683795}, 1e-15);
}

TEST_CASE("norm, pinv, matrix_rank, trace", "[linalg]") {
  ArrayPtr x = mat({3, 4}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  using O = linalg::NormOrd;
  CHECK(values(linalg::norm(x, O{}, std::nullopt, false))[0] == 22.494443758403985);
  CHECK(values(linalg::norm(x, O{O::Number, 1}, std::nullopt, false))[0] == 21.0);
  CHECK(values(linalg::norm(x, O{O::Number, INFINITY}, std::nullopt, false))[0] == 38.0);
  close(values(linalg::norm(x, O{O::Nuc, 0, "nuc"}, std::nullopt, false)), {24.36463849928471});
  close(values(linalg::norm(x, O{}, std::vector<int64_t>{1}, false)), {3.7416573867739413, 11.224972160321824, 19.131126469708992});
  CHECK_THROWS_WITH(linalg::norm(x, O{O::Number, 3}, std::nullopt, false), "Invalid norm order for matrices.");
  close(values(linalg::pinv(mat({3, 2}, {1, 2, 3, 4, 5, 6}), 1e-15)),
        {-1.3333333333333337, -0.3333333333333329, 0.6666666666666665, 1.0833333333333337, 0.333333333333333, -0.4166666666666665},
        1e-13);
  CHECK(values(linalg::matrix_rank(mat({2, 2}, {1, 2, 2, 4}), std::nullopt))[0] == 1);
  ArrayPtr t = make_array(DType::I64, {2, 3, 4});
  for (int64_t i = 0; i < 24; ++i) store<int64_t>(t->data() + 8 * i, i);
  CHECK(values(trace(t, 0, 0, 1, std::nullopt)) == std::vector<double>{16, 18, 20, 22});
}

TEST_CASE("np.linalg front end", "[linalg][lang]") {
  CHECK(run("a = np.array([[4.0, 7.0], [2.0, 6.0]])\nprint(np.linalg.norm(a), np.linalg.norm(np.array([3.0, 4.0])))\n"
            "print(np.linalg.solve(a, np.array([1.0, 2.0])))\nprint(np.linalg.det(a))") ==
        "10.246950765959598 5.0\n[-0.8  0.6]\n10.000000000000002\n");
  CHECK(run("np.linalg.inv(np.zeros((2, 2)))") == "!LinAlgError: Singular matrix");
  CHECK(run("try:\n    np.linalg.inv(np.zeros((2, 2)))\nexcept np.linalg.LinAlgError as e:\n    print('caught', e)") ==
        "caught Singular matrix\n");
  CHECK(run("m = np.arange(6).reshape(2, 3)\nv = np.arange(3)\nprint(m @ v, v @ v, np.dot(v, v))") == "[ 5 14] 5 5\n");
  CHECK(run("np.ones((2, 3)) @ np.ones((2, 3))") ==
        "!ValueError: matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
        "(n?,k),(k,m?)->(n?,m?) (size 2 is different from 3)");
  CHECK(run("print(np.einsum('ii->i', np.arange(9).reshape(3, 3)), np.einsum('i,i->', np.arange(4), np.arange(4)))") ==
        "[0 4 8] 14\n");
  CHECK(run("print(np.trace(np.arange(9).reshape(3, 3)), np.arange(9).reshape(3, 3).trace(1))") == "12 6\n");
}
