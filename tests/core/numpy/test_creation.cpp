// Creation (core/numpy/creation): eye, tri, tril/triu, diag and linspace against
// their definitions, element by element; every result owns fresh memory
// (never a view of an input), except diag of a 2-d input, which is the
// read-only diagonal view, checked against the parent's bytes.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/numpy/creation.hpp"
#include "core/model/error.hpp"
#include "core/model/overlap.hpp"
#include "tests/core/brute.hpp"

using namespace sl;

namespace {

bool shares(const Array& a, const Array& b) { return solve_may_share_memory(a, b, -1) == MemOverlap::Yes; }

}  // namespace

TEST_CASE("eye and tri put ones exactly where j - i meets k", "[creation]") {
  for (int64_t n : {0, 1, 3, 5})
    for (int64_t m : {0, 2, 5})
      for (int64_t k : {-6, -1, 0, 2, 7})
        for (char order : {'C', 'F'}) {
          INFO(n << "x" << m << " k=" << k << " order " << order);
          ArrayPtr e = eye(n, m, k, DType::F64, order);
          ArrayPtr t = tri(n, m, k, DType::I64);
          REQUIRE(e->shape == Shape{n, m});
          REQUIRE(t->shape == Shape{n, m});
          CHECK(e->owndata);
          CHECK((order == 'C' ? e->c_contiguous() : e->f_contiguous()));
          brute::for_each_index({n, m}, [&](const std::vector<int64_t>& i) {
            CHECK(brute::at(*e, i) == (i[1] - i[0] == k ? 1.0 : 0.0));
            CHECK(brute::at(*t, i) == (i[1] - i[0] <= k ? 1.0 : 0.0));
          });
        }
}

TEST_CASE("tril and triu keep one side of diagonal k of every matrix, in a copy", "[creation]") {
  ArrayPtr m = brute::iota({2, 3, 4}, [](int64_t i) { return 1.0 + double(i); });
  for (int64_t k : {-3, -1, 0, 1, 4})
    for (bool upper : {false, true}) {
      INFO("k=" << k << (upper ? " triu" : " tril"));
      ArrayPtr r = tri_mask(m, k, upper);
      REQUIRE(r->shape == m->shape);
      CHECK_FALSE(shares(*r, *m));
      brute::for_each_index(m->shape, [&](const std::vector<int64_t>& i) {
        const int64_t d = i[2] - i[1];
        const bool keep = upper ? d >= k : d <= k;
        CHECK(brute::at(*r, i) == (keep ? brute::at(*m, i) : 0.0));
      });
    }
}

TEST_CASE("diag: a 1-d input becomes a new matrix, a 2-d input gives its diagonal as a view", "[creation]") {
  ArrayPtr v = brute::iota({3}, [](int64_t i) { return 10.0 + double(i); });
  for (int64_t k : {-2, 0, 1}) {
    ArrayPtr d = diag(v, k);
    const int64_t n = 3 + (k < 0 ? -k : k);
    REQUIRE(d->shape == Shape{n, n});
    CHECK_FALSE(shares(*d, *v));
    brute::for_each_index(d->shape, [&](const std::vector<int64_t>& i) {
      const bool on = i[1] - i[0] == k;
      const int64_t at = k >= 0 ? i[0] : i[1];
      CHECK(brute::at(*d, i) == (on ? brute::at(*v, {at}) : 0.0));
    });
  }
  ArrayPtr m = brute::iota({3, 4});
  for (int64_t k : {-2, -1, 0, 1, 3, 5}) {
    INFO("k=" << k);
    ArrayPtr d = diag(m, k);
    const int64_t len = std::max<int64_t>(0, k >= 0 ? std::min<int64_t>(3, 4 - k) : std::min<int64_t>(3 + k, 4));
    REQUIRE(d->shape == Shape{len});
    CHECK(d->storage == m->storage);  // a view of m's bytes
    CHECK_FALSE(d->writeable);
    for (int64_t j = 0; j < len; ++j) {
      std::vector<int64_t> at = k >= 0 ? std::vector<int64_t>{j, j + k} : std::vector<int64_t>{j - k, j};
      CHECK(brute::at(*d, {j}) == brute::at(*m, at));
    }
  }
}

TEST_CASE("linspace: start + i * step, the last sample exactly stop with endpoint", "[creation]") {
  auto scalar = [](double x) {
    ArrayPtr a = make_array(DType::F64, {});
    store<double>(a->data(), x);
    return a;
  };
  for (int64_t num : {0, 1, 2, 5, 50})
    for (bool endpoint : {true, false}) {
      INFO("num=" << num << " endpoint=" << endpoint);
      Linspace l = linspace(scalar(-3.0), scalar(11.0), num, endpoint, std::nullopt, 0);
      REQUIRE(l.samples->shape == Shape{num});
      const int64_t div = endpoint ? num - 1 : num;
      const double step = div > 0 ? 14.0 / double(div) : NAN;
      for (int64_t i = 0; i < num; ++i) {
        const double want = endpoint && i == num - 1 && num > 1 ? 11.0 : -3.0 + double(i) * step;
        CHECK(brute::at(*l.samples, {i}) == Approx(num == 1 ? -3.0 : want).margin(1e-12));
      }
      if (num > 1) {
        CHECK(l.samples->storage->nbytes() >= num * 8);
        CHECK_FALSE(l.step_is_nan);
      }
    }
  CHECK_THROWS_AS(linspace(scalar(0.0), scalar(1.0), -1, true, std::nullopt, 0), PyError);
}
