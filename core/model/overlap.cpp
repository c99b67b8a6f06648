// overlap: exact memory-overlap decisions, a port of NumPy's mem_overlap.c
// (numpy/core/src/common/mem_overlap.c), written from its mathematics.
//
// ---------------------------------------------------------------------------
// The problem
//
// An array with data pointer p, itemsize s, dims n_i and byte strides t_i
// touches the bytes  p + sum_i t_i x_i + y,  0 <= x_i < n_i, 0 <= y < s.
// Two arrays share memory iff some byte of one equals some byte of the other.
// Writing every stride as |t_i| (a negative stride just walks the same set of
// addresses from the other end, which is where offset_bounds_from_strides puts
// the array's `start`) and moving everything to one side gives
//
//     start1 + sum |t_i| x_i  ==  end2 - 1 - sum |u_j| y_j
//
// i.e. one bounded linear Diophantine equation with positive coefficients
//
//     sum_k a_k x_k = b,    0 <= x_k <= ub_k,    a_k > 0,                  (*)
//
// with one term per axis (a = |stride|, ub = dim - 1), one term a = 1,
// ub = itemsize - 1 per array, and b = end2 - 1 - start1 (or the mirrored
// equation with b = end1 - 1 - start2; the smaller right-hand side is used).
// Deciding (*) is NP-hard in general (it contains subset sum), but the
// instances arrays produce are small and very structured.
//
// ---------------------------------------------------------------------------
// The algorithm (solve_diophantine)
//
// n = 0 and n = 1 are decided directly. Otherwise fold the terms together with
// Euclid: for two terms, with g = gcd(a_1, a_2) and Bezout coefficients
// gamma a_1 + epsilon a_2 = g, every integer solution of a_1 x_1 + a_2 x_2 = b
// (which exists iff g | b) is
//
//     x_1 = gamma c + (a_2/g) t,   x_2 = epsilon c - (a_1/g) t,   c = b/g,  t in Z,
//
// and the bounds 0 <= x_1 <= ub_1, 0 <= x_2 <= ub_2 cut t down to an interval
// [t_l, t_u]. For n terms the chain is repeated: the first j terms behave like
// one term with coefficient A_j = gcd(a_1..a_j) and bound
// U_j = sum_{i<=j} (a_i / A_j) ub_i (precomputed by diophantine_precompute;
// the bound is an over-estimate, so it only prunes). The search
// (diophantine_dfs) starts from the last variable: for every admissible t it
// fixes x_v, moves a_v x_v to the right-hand side and recurses on the first
// v terms, until two terms remain (the base case, decided in O(1)).
//
// Cost: the number of candidates visited is counted exactly as NumPy counts
// it (one unit per dead end and per exhausted loop); once `count` reaches
// `max_work` the answer is TOO_HARD. All intermediate products are formed in
// 128 bits; if a value needed in 64 bits does not fit, the answer is OVERFLOW.
//
// Internal overlap (an array overlapping itself) asks for two *different*
// index vectors reaching the same byte. Substituting x' = ub - x for the
// second vector turns this into (*) with every bound doubled and
// b = sum a_k ub_k, which always has the trivial solution x = ub/2; any
// other solution is an overlap (require_ub_nontrivial).
// ---------------------------------------------------------------------------
#include "core/model/overlap.hpp"

#include "core/model/error.hpp"

#include <algorithm>
#include <numeric>

namespace sl {

namespace {

using i128 = __int128;

// safe_add / safe_mul / safe_sub of mem_overlap.c: 64-bit arithmetic that
// raises a sticky overflow flag instead of wrapping.
int64_t safe_add(int64_t a, int64_t b, bool& overflow) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) overflow = true;
  return r;
}
int64_t safe_sub(int64_t a, int64_t b, bool& overflow) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r)) overflow = true;
  return r;
}
int64_t safe_mul(int64_t a, int64_t b, bool& overflow) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) overflow = true;
  return r;
}
int64_t to_64(i128 v, bool& overflow) {
  if (v > i128(INT64_MAX) || v < i128(INT64_MIN)) overflow = true;
  return int64_t(v);
}
// Division rounding toward -inf / +inf (b > 0), in T = int64_t or i128.
template <class T>
T floordiv(T a, int64_t b) {
  T q = a / b;
  if ((a % b) != 0 && a < 0) --q;
  return q;
}
template <class T>
T ceildiv(T a, int64_t b) {
  T q = a / b;
  if ((a % b) != 0 && a > 0) ++q;
  return q;
}

// Euclid's algorithm with Bezout coefficients (mem_overlap.c: euclid):
// gamma a1 + epsilon a2 = gcd(a1, a2), |gamma| < a2/gcd, |epsilon| < a1/gcd.
// The iterates stay bounded by a1, a2, so nothing overflows.
void euclid(int64_t a1, int64_t a2, int64_t& a_gcd, int64_t& gamma, int64_t& epsilon) {
  int64_t gamma1 = 1, gamma2 = 0, epsilon1 = 0, epsilon2 = 1, r;
  for (;;) {
    if (a2 > 0) {
      r = a1 / a2;
      a1 -= r * a2;
      gamma1 -= r * gamma2;
      epsilon1 -= r * epsilon2;
    } else {
      a_gcd = a1;
      gamma = gamma1;
      epsilon = epsilon1;
      return;
    }
    if (a1 > 0) {
      r = a2 / a1;
      a2 -= r * a1;
      gamma2 -= r * gamma1;
      epsilon2 -= r * epsilon1;
    } else {
      a_gcd = a2;
      gamma = gamma2;
      epsilon = epsilon2;
      return;
    }
  }
}

struct Chain {
  const std::vector<DiophantineTerm>& E;
  DiophantineTerm* Ep;  // Ep[j] = the first j+2 terms folded into one
  int64_t *Gamma, *Epsilon;
  int64_t max_work;
  bool require_ub_nontrivial;
  std::vector<int64_t>& x;
  int64_t count = 0;
};

// diophantine_precompute: A_j = gcd(A_{j-1}, a_j) with its Bezout pair, and
// the folded bound U_j = (A_{j-1}/A_j) U_{j-1} + (a_j/A_j) ub_j. Returns false
// on overflow.
bool diophantine_precompute(Chain& ch) {
  const auto& E = ch.E;
  size_t n = E.size();
  bool overflow = false;
  int64_t a_gcd, gamma, epsilon;
  euclid(E[0].a, E[1].a, a_gcd, gamma, epsilon);
  ch.Ep[0].a = a_gcd;
  ch.Gamma[0] = gamma;
  ch.Epsilon[0] = epsilon;
  if (n > 2) {
    int64_t c1 = E[0].a / a_gcd, c2 = E[1].a / a_gcd;
    ch.Ep[0].ub = safe_add(safe_mul(E[0].ub, c1, overflow), safe_mul(E[1].ub, c2, overflow), overflow);
    if (overflow) return false;
  }
  for (size_t j = 2; j < n; ++j) {
    euclid(ch.Ep[j - 2].a, E[j].a, a_gcd, gamma, epsilon);
    ch.Ep[j - 1].a = a_gcd;
    ch.Gamma[j - 1] = gamma;
    ch.Epsilon[j - 1] = epsilon;
    if (j < n - 1) {
      int64_t c1 = ch.Ep[j - 2].a / a_gcd, c2 = E[j].a / a_gcd;
      ch.Ep[j - 1].ub = safe_add(safe_mul(c1, ch.Ep[j - 2].ub, overflow), safe_mul(c2, E[j].ub, overflow), overflow);
      if (overflow) return false;
    }
  }
  return true;
}

// diophantine_dfs: decides  A_{v-1} X + a_v x_v = b  where X stands for the
// first v terms (one folded term with bound U), enumerating x_v over the
// admissible t and recursing on the first v terms.
MemOverlap diophantine_dfs(Chain& ch, size_t v, int64_t b) {
  const auto& E = ch.E;
  if (ch.max_work >= 0 && ch.count >= ch.max_work) return MemOverlap::TooHard;

  int64_t a1, u1;
  if (v == 1) {
    a1 = E[0].a;
    u1 = E[0].ub;
  } else {
    a1 = ch.Ep[v - 2].a;
    u1 = ch.Ep[v - 2].ub;
  }
  int64_t a2 = E[v].a, u2 = E[v].ub;
  int64_t a_gcd = ch.Ep[v - 1].a, gamma = ch.Gamma[v - 1], epsilon = ch.Epsilon[v - 1];

  // Solvable at all iff gcd | b.
  int64_t c = b / a_gcd, r = b % a_gcd;
  if (r != 0) {
    ++ch.count;
    return MemOverlap::No;
  }
  int64_t c1 = a2 / a_gcd, c2 = a1 / a_gcd;

  // x1 = gamma c + c1 t, x2 = epsilon c - c2 t; 0 <= x1 <= u1, 0 <= x2 <= u2
  // give  t >= ceil(-x10 / c1), t >= ceil((x20 - u2) / c2),
  //       t <= floor((u1 - x10) / c1), t <= floor(x20 / c2).
  bool overflow = false;
  i128 x10 = i128(gamma) * c, x20 = i128(epsilon) * c;
  i128 t_l1, t_l2, t_u1, t_u2;
  // In 64-bit divisions when every numerator fits (the usual case; a 128-bit
  // division is a library call), else in 128-bit: the same exact integers.
  int64_t p, q, qu, up;
  if (!__builtin_mul_overflow(gamma, c, &p) && !__builtin_mul_overflow(epsilon, c, &q) && p != INT64_MIN &&
      !__builtin_sub_overflow(q, u2, &qu) && !__builtin_sub_overflow(u1, p, &up)) {
    t_l1 = ceildiv<int64_t>(-p, c1);
    t_l2 = ceildiv<int64_t>(qu, c2);
    t_u1 = floordiv<int64_t>(up, c1);
    t_u2 = floordiv<int64_t>(q, c2);
  } else {
    t_l1 = ceildiv<i128>(-x10, c1);
    t_l2 = ceildiv<i128>(x20 - u2, c2);
    t_u1 = floordiv<i128>(i128(u1) - x10, c1);
    t_u2 = floordiv<i128>(x20, c2);
  }
  if (t_l2 > t_l1) t_l1 = t_l2;
  if (t_u1 > t_u2) t_u1 = t_u2;
  if (t_l1 > t_u1) {
    ++ch.count;
    return MemOverlap::No;
  }
  int64_t t_l = to_64(t_l1, overflow);
  int64_t t_u = to_64(t_u1, overflow);
  // Shift t so that the admissible range is [0, t_u - t_l].
  x10 = x10 + i128(c1) * t_l;
  x20 = x20 - i128(c2) * t_l;
  t_u = safe_sub(t_u, t_l, overflow);
  t_l = 0;
  int64_t x1 = to_64(x10, overflow);
  int64_t x2 = to_64(x20, overflow);
  if (overflow) return MemOverlap::Overflow;

  if (v == 1) {
    // Base case: two terms, the first admissible t is a solution.
    if (t_u >= t_l) {
      ch.x[0] = x1 + c1 * t_l;
      ch.x[1] = x2 - c2 * t_l;
      if (ch.require_ub_nontrivial) {
        bool trivial = true;
        for (size_t j = 0; j < E.size(); ++j) {
          if (ch.x[j] != E[j].ub / 2) {
            trivial = false;
            break;
          }
        }
        if (trivial) {  // ignore the trivial solution (as NumPy does)
          ++ch.count;
          return MemOverlap::No;
        }
      }
      return MemOverlap::Yes;
    }
    ++ch.count;
    return MemOverlap::No;
  }
  for (int64_t t = t_l; t <= t_u; ++t) {
    ch.x[v] = x2 - c2 * t;
    int64_t b2 = safe_sub(b, safe_mul(a2, ch.x[v], overflow), overflow);
    if (overflow) return MemOverlap::Overflow;
    MemOverlap res = diophantine_dfs(ch, v - 1, b2);
    if (res != MemOverlap::No) return res;
  }
  ++ch.count;
  return MemOverlap::No;
}

// Descending coefficient order (diophantine_sort_A). glibc's qsort is a merge
// sort, so equal coefficients keep their order: a stable sort reproduces it.
// The usual problem has a handful of terms (two arrays' axes plus the item
// bytes): an insertion sort, stable and without the merge buffer that
// std::stable_sort allocates, up to 32 of them.
void sort_terms(std::vector<DiophantineTerm>& terms) {
  auto before = [](const DiophantineTerm& x, const DiophantineTerm& y) { return x.a > y.a; };
  if (terms.size() > 32) {
    std::stable_sort(terms.begin(), terms.end(), before);
    return;
  }
  for (size_t i = 1; i < terms.size(); ++i) {
    const DiophantineTerm t = terms[i];
    size_t j = i;
    for (; j > 0 && before(t, terms[j - 1]); --j) terms[j] = terms[j - 1];
    terms[j] = t;
  }
}

// strides_to_terms: one term per axis, a = |stride|, ub = dim - 1; with
// skip_empty, axes of length <= 1 and zero strides contribute nothing.
bool strides_to_terms(const Array& arr, std::vector<DiophantineTerm>& terms, bool skip_empty) {
  for (int i = 0; i < arr.ndim(); ++i) {
    if (skip_empty && (arr.shape[i] <= 1 || arr.strides[i] == 0)) continue;
    int64_t s = arr.strides[i];
    if (s == INT64_MIN) return false;  // |s| does not fit
    terms.push_back({s < 0 ? -s : s, arr.shape[i] - 1});
  }
  return true;
}

}  // namespace

bool diophantine_simplify(std::vector<DiophantineTerm>& E, int64_t b) {
  // Obviously infeasible problems are left alone (the solver says No).
  for (const auto& t : E)
    if (t.ub < 0) return true;
  if (b < 0) return true;
  sort_terms(E);
  bool overflow = false;
  // Combine identical coefficients: a x + a y = a (x + y), bounds add (in
  // place: E[0, m) holds the merged terms).
  size_t m = 0;
  for (size_t i = 0; i < E.size(); ++i) {
    if (m > 0 && E[m - 1].a == E[i].a) E[m - 1].ub = safe_add(E[m - 1].ub, E[i].ub, overflow);
    else E[m++] = E[i];
  }
  // Trim bounds (a x <= b) and drop variables that must be 0.
  size_t kept = 0;
  for (size_t i = 0; i < m; ++i) {
    DiophantineTerm t = E[i];
    t.ub = std::min(t.ub, b / t.a);
    if (t.ub != 0) E[kept++] = t;
  }
  E.resize(kept);
  return !overflow;
}

MemOverlap solve_diophantine(const std::vector<DiophantineTerm>& E, int64_t b, int64_t max_work,
                             bool require_ub_nontrivial, std::vector<int64_t>& x) {
  size_t n = E.size();
  x.assign(n, 0);
  for (const auto& t : E) {
    if (t.a <= 0) return MemOverlap::Overflow;  // invalid input (MEM_OVERLAP_ERROR); callers never build it
    if (t.ub < 0) return MemOverlap::No;
  }
  if (require_ub_nontrivial) {
    bool overflow = false;
    int64_t ub_sum = 0;
    for (const auto& t : E) {
      if (t.ub % 2 != 0) return MemOverlap::Overflow;  // MEM_OVERLAP_ERROR
      ub_sum = safe_add(ub_sum, safe_mul(t.a, t.ub / 2, overflow), overflow);
    }
    if (overflow) return MemOverlap::Overflow;
    b = ub_sum;
  }
  if (b < 0) return MemOverlap::No;
  if (n == 0) {
    if (require_ub_nontrivial) return MemOverlap::No;  // only the trivial solution
    return b == 0 ? MemOverlap::Yes : MemOverlap::No;
  }
  if (n == 1) {
    if (require_ub_nontrivial) return MemOverlap::No;
    if (b % E[0].a == 0) {
      x[0] = b / E[0].a;
      if (x[0] >= 0 && x[0] <= E[0].ub) return MemOverlap::Yes;
    }
    return MemOverlap::No;
  }
  // The chain's tables: on the stack for the usual few terms (one pair of
  // arrays), on the heap past that.
  constexpr size_t kInline = 16;
  DiophantineTerm ep_inline[kInline]{};
  int64_t ge_inline[2 * kInline]{};
  std::vector<DiophantineTerm> ep_heap;
  std::vector<int64_t> ge_heap;
  DiophantineTerm* ep = ep_inline;
  int64_t* ge = ge_inline;
  if (n > kInline) {
    ep_heap.resize(n);
    ge_heap.resize(2 * n);
    ep = ep_heap.data();
    ge = ge_heap.data();
  }
  Chain ch{E, ep, ge, ge + n, max_work, require_ub_nontrivial, x};
  if (!diophantine_precompute(ch)) return MemOverlap::Overflow;
  return diophantine_dfs(ch, n - 1, b);
}

void offset_bounds_from_strides(int itemsize, const Shape& shape, const Strides& strides, int64_t& lower,
                                int64_t& upper) {
  int64_t lo = 0, hi = 0;
  // Empty first: an empty array may carry any strides (check_in_storage lets
  // them through), and stride * (dim - 1) of the other axes can overflow.
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == 0) {
      lower = upper = 0;
      return;
    }
  }
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t span = strides[i] * (shape[i] - 1);
    if (span > 0) hi += span;
    else lo += span;
  }
  lower = lo;
  upper = hi + itemsize;
}

MemOverlap solve_may_share_memory(const Array& a, const Array& b, int64_t max_work) {
  // Different storages never share bytes (NumPy compares raw addresses; here
  // every array's bytes belong to exactly one storage).
  if (a.storage != b.storage) return MemOverlap::No;
  int64_t lo, hi;
  offset_bounds_from_strides(a.itemsize(), a.shape, a.strides, lo, hi);
  int64_t start1 = a.offset + lo, end1 = a.offset + hi;
  offset_bounds_from_strides(b.itemsize(), b.shape, b.strides, lo, hi);
  int64_t start2 = b.offset + lo, end2 = b.offset + hi;
  if (!(start1 < end2 && start2 < end1 && start1 < end1 && start2 < end2)) return MemOverlap::No;
  if (max_work == 0) return MemOverlap::TooHard;  // extents overlap; no more work allowed

  // The two all-positive forms of the equation (see the header comment);
  // both right-hand sides are >= 0 after the extent test, take the smaller.
  int64_t rhs = std::min(end2 - 1 - start1, end1 - 1 - start2);
  std::vector<DiophantineTerm> terms;
  terms.reserve(size_t(a.ndim() + b.ndim() + 2));
  if (!strides_to_terms(a, terms, true) || !strides_to_terms(b, terms, true)) return MemOverlap::Overflow;
  if (a.itemsize() > 1) terms.push_back({1, a.itemsize() - 1});
  if (b.itemsize() > 1) terms.push_back({1, b.itemsize() - 1});
  if (!diophantine_simplify(terms, rhs)) return MemOverlap::Overflow;
  std::vector<int64_t> x;
  return solve_diophantine(terms, rhs, max_work, false, x);
}

MemOverlap solve_may_have_internal_overlap(const Array& a, int64_t max_work) {
  if (a.c_contiguous()) return MemOverlap::No;  // PyArray_ISCONTIGUOUS: the quick case
  std::vector<DiophantineTerm> terms;
  if (!strides_to_terms(a, terms, false)) return MemOverlap::Overflow;
  if (a.itemsize() > 1) terms.push_back({1, a.itemsize() - 1});
  // Drop empty terms; a zero stride on an axis longer than 1 is an overlap.
  std::vector<DiophantineTerm> kept;
  for (const auto& t : terms) {
    if (t.ub == 0) continue;
    if (t.ub < 0) return MemOverlap::No;  // size-0 array
    if (t.a == 0) return MemOverlap::Yes;
    kept.push_back(t);
  }
  // Doubled bounds: sum a (x0 - x1) = 0 becomes sum a x' = sum a ub with
  // 0 <= x' <= 2 ub, whose trivial solution x' = ub is excluded.
  for (auto& t : kept) t.ub *= 2;
  // Sorted but not simplified: merging terms could create new "trivial"
  // solutions and change the answer.
  sort_terms(kept);
  std::vector<int64_t> x;
  return solve_diophantine(kept, -1, max_work, true, x);
}

int64_t data_address(const Array& a) { return int64_t(reinterpret_cast<uintptr_t>(a.storage->data())) + a.offset; }

ByteExtent address_extent(const Array& a) {
  const int64_t base = int64_t(reinterpret_cast<uintptr_t>(a.storage->data()));
  ByteExtent e = byte_extent(a);
  return {base + e.lo, base + e.hi};
}

// ---------------------------------------------------------------- torch's checks

// Mirrors TensorImpl::compute_non_overlapping_and_dense: sort the dims by
// stride (size-1 dims last); the strides must then be 1, s_0, s_0*s_1, ...
bool torch_is_non_overlapping_and_dense(const Array& t) {
  const int nd = t.ndim();
  std::vector<int64_t> st(t.strides.size());  // in elements, as torch counts them
  for (size_t k = 0; k < st.size(); ++k) st[k] = t.strides[k] / t.itemsize();
  if (nd == 1) return t.shape[0] < 2 || st[0] == 1;
  std::vector<int> perm(static_cast<size_t>(nd));
  std::iota(perm.begin(), perm.end(), 0);
  std::stable_sort(perm.begin(), perm.end(), [&](int a, int b) {
    if (t.shape[size_t(a)] < 2) return false;
    if (t.shape[size_t(b)] < 2) return true;
    return st[size_t(a)] < st[size_t(b)];
  });
  int64_t require = 1;
  for (int k : perm) {
    int64_t size = t.shape[size_t(k)];
    if (size < 2) return true;
    if (st[size_t(k)] != require) return false;
    require *= size;
  }
  return true;
}

// Mirrors at::has_internal_overlap (MemoryOverlap.cpp).
TorchOverlap torch_has_internal_overlap(const Array& t) {
  if (torch_is_non_overlapping_and_dense(t)) return TorchOverlap::No;
  for (int k = 0; k < t.ndim(); ++k)
    if (t.strides[size_t(k)] == 0 && t.shape[size_t(k)] > 1) return TorchOverlap::Yes;
  return TorchOverlap::TooHard;
}

// Mirrors at::get_overlap_status: only dense tensors are compared, by their
// byte ranges; the same range with the same strides is a full overlap.
TorchOverlapStatus torch_get_overlap_status(const Array& a, const Array& b) {
  if (&a == &b) return TorchOverlapStatus::Full;
  if (a.size() == 0 || b.size() == 0) return TorchOverlapStatus::No;
  if (!torch_is_non_overlapping_and_dense(a) || !torch_is_non_overlapping_and_dense(b)) return TorchOverlapStatus::TooHard;
  if (a.storage == b.storage) {
    const char* ab = a.data();
    const char* ae = ab + a.size() * a.itemsize();
    const char* bb = b.data();
    const char* be = bb + b.size() * b.itemsize();
    if (ab == bb && ae == be) return a.strides == b.strides ? TorchOverlapStatus::Full : TorchOverlapStatus::Partial;
    if (ab < be && bb < ae) return TorchOverlapStatus::Partial;
  }
  return TorchOverlapStatus::No;
}

void torch_assert_no_internal_overlap(const Array& t) {
  if (torch_has_internal_overlap(t) == TorchOverlap::Yes)
    runtime_error(
        "unsupported operation: more than one element of the written-to tensor refers to a single memory location. "
        "Please clone() the tensor before performing the operation.");
}

void torch_assert_no_partial_overlap(const Array& a, const Array& b) {
  if (torch_get_overlap_status(a, b) == TorchOverlapStatus::Partial)
    runtime_error(
        "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory "
        "location. Please clone() the tensor before performing the operation.");
}

}  // namespace sl
