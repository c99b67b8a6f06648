#include "core/overlap.hpp"

#include <algorithm>
#include <functional>
#include <numeric>
#include <vector>

namespace sl {

// Problem (NumPy mem_overlap.c): arrays A and B share memory iff there are
// indices with  start_A + sum_i s_i x_i + p = start_B + sum_j t_j y_j + q,
// 0 <= x_i < n_i, 0 <= p < itemsize_A (same for B). Moving terms with negative
// strides to the other side and folding the two sides together gives one
// bounded Diophantine equation
//      sum_k a_k z_k = b,   0 <= z_k <= u_k,   a_k > 0
// where b is the distance between the extents' ends. We simplify (sort
// descending, merge equal coefficients, clip u_k to b / a_k, drop zero
// bounds) and search depth-first, pruning a branch when the remainder is
// outside [0, sum a_k u_k] of the remaining terms or not a multiple of their
// gcd. `max_work` bounds the number of search nodes; exceeding it is TooHard.
namespace {

struct Term {
  int64_t a, ub;
};

struct Solver {
  std::vector<Term> t;
  std::vector<int64_t> suffix_gcd;
  std::vector<__int128> suffix_max;
  int64_t work = 0, max_work;
  bool too_hard = false;

  bool dfs(size_t k, int64_t b) {
    if (b == 0) return true;
    if (k == t.size()) return false;
    if (b < 0 || __int128(b) > suffix_max[k]) return false;
    if (b % suffix_gcd[k] != 0) return false;
    if (max_work >= 0 && ++work > max_work) {
      too_hard = true;
      return false;
    }
    const Term& tk = t[k];
    int64_t hi = std::min(tk.ub, b / tk.a);
    for (int64_t z = hi; z >= 0; --z) {
      if (dfs(k + 1, b - z * tk.a)) return true;
      if (too_hard) return false;
    }
    return false;
  }
};

MemOverlap solve(std::vector<Term> terms, int64_t b, int64_t max_work) {
  // simplify
  std::sort(terms.begin(), terms.end(), [](const Term& x, const Term& y) { return x.a > y.a; });
  std::vector<Term> merged;
  for (auto& x : terms) {
    if (x.ub <= 0 || x.a <= 0) continue;
    if (!merged.empty() && merged.back().a == x.a) {
      if (merged.back().ub > INT64_MAX - x.ub) return MemOverlap::Overflow;
      merged.back().ub += x.ub;
    } else {
      merged.push_back(x);
    }
  }
  for (auto& x : merged) x.ub = std::min(x.ub, b / x.a);
  merged.erase(std::remove_if(merged.begin(), merged.end(), [](const Term& x) { return x.ub <= 0; }), merged.end());
  if (b == 0) return MemOverlap::Yes;
  if (merged.empty()) return MemOverlap::No;
  Solver s;
  s.t = merged;
  s.max_work = max_work;
  size_t n = merged.size();
  s.suffix_gcd.assign(n + 1, 0);
  s.suffix_max.assign(n + 1, 0);
  for (size_t k = n; k-- > 0;) {
    s.suffix_gcd[k] = std::gcd(s.suffix_gcd[k + 1], merged[k].a);
    s.suffix_max[k] = s.suffix_max[k + 1] + __int128(merged[k].a) * merged[k].ub;
  }
  bool found = s.dfs(0, b);
  if (found) return MemOverlap::Yes;
  return s.too_hard ? MemOverlap::TooHard : MemOverlap::No;
}

// Adds the terms of one array's strides: a = |stride|, ub = dim - 1.
void add_terms(const Array& a, std::vector<Term>& terms) {
  for (int k = 0; k < a.ndim(); ++k) {
    if (a.shape[k] <= 1 || a.strides[k] == 0) continue;
    int64_t s = a.strides[k] < 0 ? -a.strides[k] : a.strides[k];
    terms.push_back({s, a.shape[k] - 1});
  }
  if (a.itemsize() > 1) terms.push_back({1, a.itemsize() - 1});
}

}  // namespace

MemOverlap solve_may_share_memory(const Array& a, const Array& b, int64_t max_work) {
  if (a.storage != b.storage) return MemOverlap::No;
  ByteExtent ea = byte_extent(a), eb = byte_extent(b);
  if (ea.lo == ea.hi || eb.lo == eb.hi) return MemOverlap::No;
  if (ea.hi <= eb.lo || eb.hi <= ea.lo) return MemOverlap::No;
  if (max_work == 0) return MemOverlap::TooHard;
  // With both arrays written relative to their lowest byte, the equation is
  // sum(a_i x_i) - sum(b_j y_j) = eb.lo - ea.lo; NumPy folds it into one
  // all-positive equation with right-hand side min(end2-1-start1, end1-1-start2).
  std::vector<Term> terms;
  add_terms(a, terms);
  add_terms(b, terms);
  int64_t rhs = std::min(eb.hi - 1 - ea.lo, ea.hi - 1 - eb.lo);
  return solve(std::move(terms), rhs, max_work);
}

MemOverlap solve_may_have_internal_overlap(const Array& a, int64_t max_work) {
  if (a.c_contiguous() || a.f_contiguous()) return MemOverlap::No;
  std::vector<Term> terms;
  for (int k = 0; k < a.ndim(); ++k) {
    if (a.shape[k] <= 1) continue;
    if (a.strides[k] == 0) return MemOverlap::Yes;
    int64_t s = a.strides[k] < 0 ? -a.strides[k] : a.strides[k];
    terms.push_back({s, a.shape[k] - 1});
  }
  if (terms.empty()) return MemOverlap::No;
  // An array overlaps itself iff two distinct index vectors x != y hit
  // overlapping items: sum s_k (x_k - y_k) = d with |d| < itemsize. Doubling
  // each bound (z = x - y + ub in [0, 2 ub]) and shifting gives a bounded
  // equation that has the trivial solution z = ub; NumPy's trick is to look
  // for a solution of sum s_k w_k = d' in [-ub, ub] other than zero, which we
  // do by brute DFS over nonzero difference vectors.
  int64_t isz = a.itemsize();
  size_t n = terms.size();
  int64_t work = 0;
  bool too_hard = false;
  std::vector<int64_t> w(n, 0);
  std::function<bool(size_t, int64_t, bool)> rec = [&](size_t k, int64_t acc, bool nonzero) -> bool {
    if (k == n) return nonzero && acc > -isz && acc < isz;
    if (max_work >= 0 && ++work > max_work) {
      too_hard = true;
      return false;
    }
    // remaining reach
    __int128 reach = 0;
    for (size_t j = k; j < n; ++j) reach += __int128(terms[j].a) * terms[j].ub;
    if (__int128(acc) - reach >= isz || __int128(acc) + reach <= -isz) return false;
    for (int64_t d = -terms[k].ub; d <= terms[k].ub; ++d) {
      // canonical sign: the first nonzero difference is positive
      if (!nonzero && d < 0) continue;
      if (rec(k + 1, acc + d * terms[k].a, nonzero || d != 0)) return true;
      if (too_hard) return false;
    }
    return false;
  };
  bool hit = rec(0, 0, false);
  if (hit) return MemOverlap::Yes;
  return too_hard ? MemOverlap::TooHard : MemOverlap::No;
}

}  // namespace sl
