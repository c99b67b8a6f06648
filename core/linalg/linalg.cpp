// linalg: see linalg.hpp. Products reduce to the batched matmul kernel
// (kernels/matmul); decompositions run on contiguous float64 / complex128
// copies, one matrix of a stack at a time.
#include "core/linalg/linalg.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>

#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/ops/copy.hpp"
#include "core/kernels/matmul.hpp"
#include "core/ops/reduce.hpp"
#include "core/linalg/lapack.hpp"
#include "core/linalg/lu.hpp"
#include "core/model/strides.hpp"
#include "core/ops/views.hpp"

namespace sl {

namespace {

[[noreturn]] void linalg_error(const std::string& msg) { raise("LinAlgError", msg); }

Flavor result_flavor(const Array& a) { return a.is_torch() ? Flavor::Torch : Flavor::NumPy; }

// `a` as dtype dt (a copy only when the dtype differs). Layout is kept
// (strided kernels take any layout).
ArrayPtr as_dtype(const ArrayPtr& a, DType dt) {
  if (a->dtype == dt) return a;
  return copy_as(*a, dt, 'C');
}

// A C-contiguous array of dtype dt with a's values (a itself when it already is one).
ArrayPtr contiguous(const ArrayPtr& a, DType dt) {
  if (a->dtype == dt && a->c_contiguous()) return a;
  return copy_as(*a, dt, 'C');
}

// An Array descriptor over `a`'s storage with another shape/strides (kernel
// operands only; never handed to the user).
Array relayout(const Array& a, Shape shape, Strides strides) {
  Array r = a;
  r.shape = std::move(shape);
  r.strides = std::move(strides);
  return r;
}

// NumPy's convert_shape_to_string: negative entries print as "newaxis" and
// leading ones are dropped.
std::string remapped_shape(const std::vector<int64_t>& dims, const char* ending) {
  size_t i = 0;
  while (i < dims.size() && dims[i] < 0) ++i;
  if (i == dims.size()) return std::string("()") + ending;
  std::string s = "(" + std::to_string(dims[i]);
  for (size_t k = i + 1; k < dims.size(); ++k) s += dims[k] < 0 ? ",newaxis" : "," + std::to_string(dims[k]);
  if (i + 1 == dims.size()) s += ",";
  return s + ")" + ending;
}

std::string remap_error(const std::vector<std::pair<Shape, std::vector<int64_t>>>& ops) {
  std::string msg = "operands could not be broadcast together with remapped shapes [original->remapped]: ";
  for (auto& [orig, rem] : ops) msg += remapped_shape(orig, "->") + remapped_shape(rem, " ");
  return msg;
}

// ---------------------------------------------------------------- elementwise helpers

// a*b with NumPy's multiply semantics for one dtype (wrapping integers, AND for
// bool, float16 through float, complex by the plain formula).
template <class T>
T mul(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a && b;
  else if constexpr (std::is_same_v<T, half>) return half(float(a) * float(b));
  else if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return T(U(U(a) * U(b)));
  } else if constexpr (is_complex_t<T>::value) {
    return T(a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real());
  } else {
    return a * b;
  }
}

template <class T>
T add(T a, T b) {
  if constexpr (std::is_same_v<T, bool>) return a || b;
  else if constexpr (std::is_same_v<T, half>) return half(float(a) + float(b));
  else if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return T(U(U(a) + U(b)));
  } else {
    return a + b;
  }
}

// add.reduce of n elements as NumPy does it along a contiguous inner axis: the
// first element seeds the accumulator, the rest are pairwise-summed (floats);
// other types add in order.
template <class T>
T reduce_sum(const char* a, int64_t n, int64_t stride) {
  if (n == 0) return T{};
  if constexpr (std::is_floating_point_v<T>) {
    // Note [Pairwise summation] in kernels/reduce.cpp: the reduction kernel's sum.
    if constexpr (std::is_same_v<T, float>) return load<T>(a) + pairwise_sum_f32(a + stride, n - 1, stride);
    else return load<T>(a) + pairwise_sum_f64(a + stride, n - 1, stride);
  } else if constexpr (is_complex_t<T>::value) {
    using R = typename T::value_type;
    // complex pairwise sums real and imaginary parts as interleaved pairs;
    // an in-order sum is within rounding of it.
    R re = 0, im = 0;
    for (int64_t i = 0; i < n; ++i) {
      T x = load<T>(a + i * stride);
      re += x.real();
      im += x.imag();
    }
    return T(re, im);
  } else if constexpr (std::is_same_v<T, half>) {
    float s = 0;
    for (int64_t i = 0; i < n; ++i) s = float(half(s + float(load<half>(a + i * stride))));
    return half(s);
  } else {
    T s = load<T>(a);
    for (int64_t i = 1; i < n; ++i) s = add(s, load<T>(a + i * stride));
    return s;
  }
}

// Sums `x` over the axes flagged in `reduce` (kept axes keep their order).
ArrayPtr sum_axes(const ArrayPtr& x, const std::vector<bool>& reduce, DType out_dt) {
  std::vector<int64_t> perm;
  Shape kept, red;
  for (int d = 0; d < x->ndim(); ++d)
    if (!reduce[size_t(d)]) perm.push_back(d), kept.push_back(x->shape[size_t(d)]);
  for (int d = 0; d < x->ndim(); ++d)
    if (reduce[size_t(d)]) perm.push_back(d), red.push_back(x->shape[size_t(d)]);
  ArrayPtr t = contiguous(transpose(x, perm), out_dt);
  ArrayPtr out = make_array(out_dt, kept, 'C', result_flavor(*x));
  const int64_t P = shape_size(kept), R = shape_size(red);
  visit_dtype(out_dt, [&](auto tag) {
    using T = decltype(tag);
    for (int64_t p = 0; p < P; ++p) {
      T s = reduce_sum<T>(t->data() + p * R * int64_t(sizeof(T)), R, int64_t(sizeof(T)));
      store<T>(out->data() + p * int64_t(sizeof(T)), s);
    }
  });
  return out;
}

}  // namespace

// ---------------------------------------------------------------- matmul

ArrayPtr matmul(const ArrayPtr& a, const ArrayPtr& b) {
  // mirrors the matmul gufunc (n?,k),(k,m?)->(n?,m?): a 1-d first operand is a
  // row (n missing), a 1-d second operand a column (m missing); batch axes
  // broadcast.
  static const char* sig = "(n?,k),(k,m?)->(n?,m?)";
  for (int i = 0; i < 2; ++i) {
    const Array& x = i == 0 ? *a : *b;
    if (x.ndim() == 0)
      value_error("matmul: Input operand " + std::to_string(i) +
                  " does not have enough dimensions (has 0, gufunc core with signature " + sig + " requires 1)");
  }
  const bool a1 = a->ndim() == 1, b1 = b->ndim() == 1;
  Shape as = a->shape, bs = b->shape;
  Strides ast = a->strides, bst = b->strides;
  if (a1) as.insert(as.begin(), 1), ast.insert(ast.begin(), 0);
  if (b1) bs.push_back(1), bst.push_back(0);
  const int64_t M = as[as.size() - 2], K = as.back(), N = bs.back();
  if (bs[bs.size() - 2] != K)
    value_error("matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature " + std::string(sig) +
                " (size " + std::to_string(bs[bs.size() - 2]) + " is different from " + std::to_string(K) + ")");
  Shape ba(as.begin(), as.end() - 2), bb(bs.begin(), bs.end() - 2), batch;
  if (!try_broadcast_shapes({ba, bb}, batch)) {
    size_t nb = std::max(ba.size(), bb.size());
    std::vector<std::pair<Shape, std::vector<int64_t>>> ops;
    std::vector<int64_t> core;
    if (!a1) core.push_back(-1);
    if (!b1) core.push_back(-1);
    for (int i = 0; i < 2; ++i) {
      const Shape& bx = i == 0 ? ba : bb;
      std::vector<int64_t> rem(nb - bx.size(), -1);
      rem.insert(rem.end(), bx.begin(), bx.end());
      rem.insert(rem.end(), core.begin(), core.end());
      ops.push_back({i == 0 ? a->shape : b->shape, rem});
    }
    std::vector<int64_t> req(nb, -1);
    if (!a1) req.push_back(M);
    if (!b1) req.push_back(N);
    value_error(remap_error(ops) + " and requested shape " + remapped_shape(req, ""));
  }
  const DType dt = promote(a->dtype, b->dtype);
  ArrayPtr ac = as_dtype(a, dt), bc = as_dtype(b, dt);
  if (ac != a) {  // the cast copy is C-contiguous: recompute the 2-d view strides
    ast = ac->strides;
    if (a1) ast.insert(ast.begin(), 0);
  }
  if (bc != b) {
    bst = bc->strides;
    if (b1) bst.push_back(0);
  }
  Shape full = batch;
  full.push_back(M);
  full.push_back(N);
  Shape oshape = batch;
  if (!a1) oshape.push_back(M);
  if (!b1) oshape.push_back(N);
  ArrayPtr out = make_array(dt, oshape, 'C', result_flavor(*a));
  Strides ost = out->strides;
  if (a1) ost.insert(ost.end() - (b1 ? 0 : 1), 0);
  if (b1) ost.push_back(0);
  Shape afull = batch, bfull = batch;
  afull.push_back(M), afull.push_back(K);
  bfull.push_back(K), bfull.push_back(N);
  Array av = relayout(*ac, afull, broadcast_strides(as, ast, afull));
  Array bv = relayout(*bc, bfull, broadcast_strides(bs, bst, bfull));
  Array ov = relayout(*out, full, ost);
  matmul_kernel(av, bv, ov);
  return out;
}

// ---------------------------------------------------------------- dot family

ArrayPtr dot(const ArrayPtr& a, const ArrayPtr& b) {
  // mirrors PyArray_MatrixProduct2: sum over the last axis of a and the
  // second-to-last of b (the only axis of a 1-d b);
  // result shape a.shape[:-1] + b.shape[:-2] + b.shape[-1:].
  const int b_axis = b->ndim() == 1 ? 0 : b->ndim() - 2;
  const int64_t K = a->shape.back();
  if (b->shape[size_t(b_axis)] != K)
    value_error("shapes " + shape_compact(a->shape) + " and " + shape_compact(b->shape) + " not aligned: " +
                std::to_string(K) + " (dim " + std::to_string(a->ndim() - 1) + ") != " +
                std::to_string(b->shape[size_t(b_axis)]) + " (dim " + std::to_string(b_axis) + ")");
  const DType dt = promote(a->dtype, b->dtype);
  Shape oshape(a->shape.begin(), a->shape.end() - 1);
  for (int d = 0; d < b->ndim(); ++d)
    if (d != b_axis) oshape.push_back(b->shape[size_t(d)]);
  ArrayPtr out = make_array(dt, oshape, 'C', result_flavor(*a));
  if (out->size() == 0) return out;
  // A as (P, K): a 2-d a is used in place, otherwise a contiguous copy.
  ArrayPtr ac = a->ndim() <= 2 ? as_dtype(a, dt) : contiguous(a, dt);
  const int64_t P = shape_size(Shape(a->shape.begin(), a->shape.end() - 1));
  Array av = a->ndim() == 1 ? relayout(*ac, {1, K}, {0, ac->strides[0]})
             : a->ndim() == 2 ? relayout(*ac, {P, K}, ac->strides)
                              : relayout(*ac, {P, K}, {K * ac->itemsize(), ac->itemsize()});
  // B as (K, Q*N): 1-d and 2-d used in place; otherwise axis b_axis moved to
  // the front and made contiguous.
  Array bv;
  ArrayPtr bc;
  if (b->ndim() <= 2) {
    bc = as_dtype(b, dt);
    bv = b->ndim() == 1 ? relayout(*bc, {K, 1}, {bc->strides[0], 0}) : relayout(*bc, bc->shape, bc->strides);
  } else {
    std::vector<int64_t> perm{b_axis};
    for (int d = 0; d < b->ndim(); ++d)
      if (d != b_axis) perm.push_back(d);
    bc = contiguous(transpose(b, perm), dt);
    const int64_t QN = shape_size(Shape(bc->shape.begin() + 1, bc->shape.end()));
    bv = relayout(*bc, {K, QN}, {QN * bc->itemsize(), bc->itemsize()});
  }
  const int64_t QN = bv.shape[1];
  Array ov = relayout(*out, {P, QN}, {QN * out->itemsize(), out->itemsize()});
  matmul_kernel(av, bv, ov);
  return out;
}

ArrayPtr inner(const ArrayPtr& a, const ArrayPtr& b) {
  // np.inner(a, b) == dot(a, swapaxes(b, -1, -2)) (b 2-d or more), which is
  // also how NumPy words its shape error.
  if (b->ndim() < 2) return dot(a, b);
  std::vector<int64_t> perm(static_cast<size_t>(b->ndim()));
  std::iota(perm.begin(), perm.end(), 0);
  std::swap(perm[perm.size() - 1], perm[perm.size() - 2]);
  return dot(a, transpose(b, perm));
}

ArrayPtr outer(const ArrayPtr& a, const ArrayPtr& b) {
  // out[i, j] = a.ravel()[i] * b.ravel()[j] (np.multiply.outer of the ravels)
  const DType dt = promote(a->dtype, b->dtype);
  ArrayPtr ac = contiguous(a, dt), bc = contiguous(b, dt);
  const int64_t P = ac->size(), Q = bc->size();
  ArrayPtr out = make_array(dt, {P, Q});
  visit_dtype(dt, [&](auto tag) {
    using T = decltype(tag);
    const char* pa = ac->data();
    const char* pb = bc->data();
    char* o = out->data();
    for (int64_t i = 0; i < P; ++i) {
      T x = load<T>(pa + i * int64_t(sizeof(T)));
      for (int64_t j = 0; j < Q; ++j) store<T>(o + (i * Q + j) * int64_t(sizeof(T)), mul<T>(x, load<T>(pb + j * int64_t(sizeof(T)))));
    }
  });
  return out;
}

ArrayPtr vdot(const ArrayPtr& a, const ArrayPtr& b) {
  // sum(conj(a.ravel()) * b.ravel()), summed in order
  if (a->size() != b->size())
    value_error("cannot reshape array of size " + std::to_string(b->size()) + " into shape (" + std::to_string(a->size()) + ",)");
  const DType dt = promote(a->dtype, b->dtype);
  ArrayPtr ac = contiguous(a, dt), bc = contiguous(b, dt);
  ArrayPtr out = make_array(dt, {});
  visit_dtype(dt, [&](auto tag) {
    using T = decltype(tag);
    T s{};
    if constexpr (std::is_same_v<T, half>) {
      float f = 0;
      for (int64_t i = 0; i < ac->size(); ++i)
        f += float(load<half>(ac->data() + 2 * i)) * float(load<half>(bc->data() + 2 * i));
      s = half(f);
    } else {
      for (int64_t i = 0; i < ac->size(); ++i) {
        T x = load<T>(ac->data() + i * int64_t(sizeof(T)));
        if constexpr (is_complex_t<T>::value) x = std::conj(x);
        s = add<T>(s, mul<T>(x, load<T>(bc->data() + i * int64_t(sizeof(T)))));
      }
    }
    store<T>(out->data(), s);
  });
  return out;
}

ArrayPtr tensordot(const ArrayPtr& a, const ArrayPtr& b, std::vector<int64_t> axes_a, std::vector<int64_t> axes_b) {
  // mirrors numpy.tensordot: move the summed axes of a last and of b first,
  // reshape both to matrices, multiply with dot, reshape back.
  const int nda = a->ndim(), ndb = b->ndim();
  bool equal = axes_a.size() == axes_b.size();
  if (equal) {
    for (size_t k = 0; k < axes_a.size(); ++k) {
      auto dim = [](const Shape& s, int64_t ax) {
        int64_t i = ax < 0 ? ax + int64_t(s.size()) : ax;
        if (i < 0 || i >= int64_t(s.size())) index_error("tuple index out of range");
        return s[size_t(i)];
      };
      if (dim(a->shape, axes_a[k]) != dim(b->shape, axes_b[k])) {
        equal = false;
        break;
      }
      if (axes_a[k] < 0) axes_a[k] += nda;
      if (axes_b[k] < 0) axes_b[k] += ndb;
    }
  }
  if (!equal) value_error("shape-mismatch for sum");
  std::vector<int64_t> notin_a, notin_b;
  for (int k = 0; k < nda; ++k)
    if (std::find(axes_a.begin(), axes_a.end(), k) == axes_a.end()) notin_a.push_back(k);
  for (int k = 0; k < ndb; ++k)
    if (std::find(axes_b.begin(), axes_b.end(), k) == axes_b.end()) notin_b.push_back(k);
  int64_t N2 = 1;
  for (int64_t ax : axes_a) N2 *= a->shape[size_t(ax)];
  Shape olda, oldb;
  int64_t pa = 1, pb = 1;
  for (int64_t ax : notin_a) olda.push_back(a->shape[size_t(ax)]), pa *= a->shape[size_t(ax)];
  for (int64_t ax : notin_b) oldb.push_back(b->shape[size_t(ax)]), pb *= b->shape[size_t(ax)];
  std::vector<int64_t> perm_a = notin_a, perm_b = axes_b;
  perm_a.insert(perm_a.end(), axes_a.begin(), axes_a.end());
  perm_b.insert(perm_b.end(), notin_b.begin(), notin_b.end());
  ArrayPtr at = reshape(transpose(a, perm_a), {pa, N2});
  ArrayPtr bt = reshape(transpose(b, perm_b), {N2, pb});
  ArrayPtr r = dot(at, bt);
  Shape oshape = olda;
  oshape.insert(oshape.end(), oldb.begin(), oldb.end());
  return reshape(r, oshape);
}

// ---------------------------------------------------------------- einsum

namespace {

constexpr int kEllipsisBase = 1000;  // label of broadcast (ellipsis) dim j: 1000 + j

struct Term {
  std::vector<int> labels;  // letters as char codes; '...' expanded later
  bool ellipsis = false;
  size_t ellipsis_at = 0;   // position of '...' among the labels
};

Term parse_term(const std::string& s, int iop, bool output) {
  Term t;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '.') {
      if (t.ellipsis || i + 2 >= s.size() + 0 || s.compare(i, 3, "...") != 0) {
        if (output) value_error("einstein sum subscripts string contains a '.' that is not part of an ellipsis ('...') in the output");
        value_error("einstein sum subscripts string contains a '.' that is not part of an ellipsis ('...') in operand " +
                    std::to_string(iop));
      }
      t.ellipsis = true;
      t.ellipsis_at = t.labels.size();
      i += 2;
    } else if (std::isalpha(static_cast<unsigned char>(c))) {
      t.labels.push_back(c);
    } else if (c != ' ') {
      value_error(std::string("invalid subscript '") + c + "' in einstein sum subscripts string, subscripts must be letters");
    }
  }
  return t;
}

// One operand in "label space": distinct labels, each with its size and stride.
struct Labeled {
  ArrayPtr arr;              // a view whose axes are `labels`
  std::vector<int> labels;
};

// Sums the axes of x whose labels are not in `keep`.
Labeled reduce_labels(const Labeled& x, const std::vector<int>& keep, DType dt) {
  std::vector<bool> red;
  bool any = false;
  Labeled out;
  for (size_t k = 0; k < x.labels.size(); ++k) {
    bool r = std::find(keep.begin(), keep.end(), x.labels[k]) == keep.end();
    red.push_back(r);
    any |= r;
    if (!r) out.labels.push_back(x.labels[k]);
  }
  if (!any) return x;
  out.arr = sum_axes(x.arr, red, dt);
  return out;
}

// Contracts two labeled operands over their shared labels not in `keep`
// (batch = shared and kept, M = only in a, N = only in b): one batched matmul
// (batch..., M, K) @ (batch..., K, N).
Labeled contract_pair(const Labeled& a, const Labeled& b, const std::vector<int>& keep, DType dt) {
  auto has = [](const std::vector<int>& v, int l) { return std::find(v.begin(), v.end(), l) != v.end(); };
  std::vector<int> batch, ml, nl, kl;
  for (int l : a.labels) {
    if (has(b.labels, l)) (has(keep, l) ? batch : kl).push_back(l);
    else ml.push_back(l);
  }
  for (int l : b.labels)
    if (!has(a.labels, l)) nl.push_back(l);
  auto pos = [](const std::vector<int>& v, int l) { return int64_t(std::find(v.begin(), v.end(), l) - v.begin()); };
  auto arrange = [&](const Labeled& x, const std::vector<int>& g1, const std::vector<int>& g2, int64_t& n1, int64_t& n2) {
    std::vector<int64_t> perm;
    Shape shape;
    n1 = n2 = 1;
    for (int l : batch) perm.push_back(pos(x.labels, l)), shape.push_back(x.arr->shape[size_t(perm.back())]);
    for (int l : g1) perm.push_back(pos(x.labels, l)), n1 *= x.arr->shape[size_t(perm.back())];
    for (int l : g2) perm.push_back(pos(x.labels, l)), n2 *= x.arr->shape[size_t(perm.back())];
    shape.push_back(n1);
    shape.push_back(n2);
    return reshape(transpose(x.arr, perm), shape);
  };
  int64_t M, K, K2, N;
  ArrayPtr av = arrange(a, ml, kl, M, K);
  ArrayPtr bv = arrange(b, kl, nl, K2, N);
  Shape bshape(av->shape.begin(), av->shape.end() - 2);
  Shape full = bshape;
  full.push_back(M), full.push_back(N);
  ArrayPtr out = make_array(dt, full);
  matmul_kernel(*av, *bv, *out);
  Shape rshape = bshape;
  Labeled r;
  r.labels = batch;
  for (int l : ml) r.labels.push_back(l), rshape.push_back(a.arr->shape[size_t(pos(a.labels, l))]);
  for (int l : nl) r.labels.push_back(l), rshape.push_back(b.arr->shape[size_t(pos(b.labels, l))]);
  r.arr = reshape(out, rshape);
  return r;
}

}  // namespace

namespace {

// The operand terms of the subscripts' left-hand side, split at commas.
std::vector<std::string> split_terms(const std::string& lhs) {
  std::vector<std::string> out;
  size_t s = 0;
  for (;;) {
    size_t c = lhs.find(',', s);
    out.push_back(lhs.substr(s, c == std::string::npos ? std::string::npos : c - s));
    if (c == std::string::npos) break;
    s = c + 1;
  }
  return out;
}

// Parses each operand's term and expands '...' to labels kEllipsisBase + j,
// right-aligned over the widest ellipsis (max_ell axes).
std::vector<Term> parse_operand_terms(const std::vector<std::string>& text, const std::vector<ArrayPtr>& ops,
                                      int& max_ell) {
  const int nop = int(ops.size());
  std::vector<Term> terms;
  max_ell = 0;
  for (int i = 0; i < nop; ++i) {
    Term t = parse_term(text[size_t(i)], i, false);
    const int nd = ops[size_t(i)]->ndim(), nl = int(t.labels.size());
    if (nl > nd) value_error("einstein sum subscripts string contains too many subscripts for operand " + std::to_string(i));
    if (!t.ellipsis && nl < nd)
      value_error("operand has more dimensions than subscripts given in einstein sum, but no '...' ellipsis provided to broadcast the extra dimensions.");
    if (t.ellipsis) max_ell = std::max(max_ell, nd - nl);
    terms.push_back(t);
  }
  for (int i = 0; i < nop; ++i) {
    Term& t = terms[size_t(i)];
    if (!t.ellipsis) continue;
    const int e = ops[size_t(i)]->ndim() - int(t.labels.size());
    std::vector<int> ell;
    for (int j = 0; j < e; ++j) ell.push_back(kEllipsisBase + (max_ell - e + j));
    t.labels.insert(t.labels.begin() + long(t.ellipsis_at), ell.begin(), ell.end());
  }
  return terms;
}

// How often a label appears over the inputs (a label repeated in one operand counts per use).
int label_count(const std::vector<Term>& terms, int l) {
  int c = 0;
  for (auto& t : terms) c += int(std::count(t.labels.begin(), t.labels.end(), l));
  return c;
}

// The output labels: the explicit right-hand side, or (implicit mode) the
// broadcast axes followed by the letters used once, in alphabetical order.
std::vector<int> output_labels(const std::vector<Term>& terms, const std::string* rhs, int max_ell) {
  std::vector<int> out;
  if (!rhs) {
    for (int j = 0; j < max_ell; ++j) out.push_back(kEllipsisBase + j);
    for (int l = 'A'; l <= 'z'; ++l)
      if (std::isalpha(l) && label_count(terms, l) == 1) out.push_back(l);
    return out;
  }
  Term o = parse_term(*rhs, -1, true);
  for (size_t k = 0; k < o.labels.size(); ++k) {
    int l = o.labels[k];
    if (std::count(o.labels.begin(), o.labels.end(), l) > 1)
      value_error(std::string("einstein sum subscripts string includes output subscript '") + char(l) + "' multiple times");
    if (label_count(terms, l) == 0)
      value_error(std::string("einstein sum subscripts string included output subscript '") + char(l) +
                  "' which never appeared in an input");
  }
  if (!o.ellipsis && max_ell > 0)
    value_error("output has more dimensions than subscripts given in einstein sum, but no '...' ellipsis provided to broadcast the extra dimensions.");
  for (size_t k = 0; k <= o.labels.size(); ++k) {
    if (o.ellipsis && k == o.ellipsis_at)
      for (int j = 0; j < max_ell; ++j) out.push_back(kEllipsisBase + j);
    if (k < o.labels.size()) out.push_back(o.labels[k]);
  }
  return out;
}

// get_combined_dims_view: repeated labels within one operand collapse into a
// diagonal view (their strides add; their extents must agree).
Labeled combined_dims_view(const ArrayPtr& op, const Term& t, int iop) {
  Labeled r;
  Shape shape;
  Strides strides;
  for (size_t k = 0; k < t.labels.size(); ++k) {
    int l = t.labels[k];
    auto it = std::find(r.labels.begin(), r.labels.end(), l);
    if (it == r.labels.end()) {
      r.labels.push_back(l);
      shape.push_back(op->shape[k]);
      strides.push_back(op->strides[k]);
    } else {
      size_t j = size_t(it - r.labels.begin());
      if (shape[j] != op->shape[k])
        value_error("dimensions in operand " + std::to_string(iop) + " for collapsing index '" + char(l) +
                    "' don't match (" + std::to_string(shape[j]) + " != " + std::to_string(op->shape[k]) + ")");
      strides[j] += op->strides[k];
    }
  }
  r.arr = r.labels.size() == t.labels.size() ? op : make_view(op, op->dtype, shape, strides, op->offset);
  return r;
}

// The extent of each iteration label, broadcasting extents of 1 as nditer
// does; a mismatch raises nditer's remapped-shapes error.
std::vector<int64_t> label_sizes(const std::vector<Labeled>& L, const std::vector<int>& iter_labels) {
  std::vector<int64_t> sizes;
  for (int l : iter_labels) {
    int64_t size = 1;
    bool bad = false;
    for (auto& x : L) {
      auto it = std::find(x.labels.begin(), x.labels.end(), l);
      if (it == x.labels.end()) continue;
      int64_t d = x.arr->shape[size_t(it - x.labels.begin())];
      if (d == 1) continue;
      if (size == 1) size = d;
      else if (size != d) bad = true;
    }
    if (bad) {
      std::vector<std::pair<Shape, std::vector<int64_t>>> rem;
      for (auto& x : L) {
        std::vector<int64_t> r;
        for (int m : iter_labels) {
          auto it = std::find(x.labels.begin(), x.labels.end(), m);
          r.push_back(it == x.labels.end() ? -1 : x.arr->shape[size_t(it - x.labels.begin())]);
        }
        rem.push_back({x.arr->shape, r});
      }
      value_error(remap_error(rem));
    }
    sizes.push_back(size);
  }
  return sizes;
}

// Pairwise, left to right: each step keeps the labels the output or a later
// operand needs, then the result is transposed to the output order (a copy).
ArrayPtr contract_left_to_right(const std::vector<Labeled>& L, const std::vector<int>& out_labels, DType dt) {
  const int nop = int(L.size());
  Labeled cur = L[0];
  for (int i = 1; i <= nop; ++i) {
    std::vector<int> keep = out_labels;
    for (int j = i; j < nop; ++j) keep.insert(keep.end(), L[size_t(j)].labels.begin(), L[size_t(j)].labels.end());
    if (i == nop) {
      cur = reduce_labels(cur, keep, dt);
      break;
    }
    const Labeled& nxt = L[size_t(i)];
    std::vector<int> keep_a = keep, keep_b = keep;
    keep_a.insert(keep_a.end(), nxt.labels.begin(), nxt.labels.end());
    keep_b.insert(keep_b.end(), cur.labels.begin(), cur.labels.end());
    Labeled a = reduce_labels(cur, keep_a, dt);
    Labeled b = reduce_labels(nxt, keep_b, dt);
    cur = contract_pair(a, b, keep, dt);
  }
  std::vector<int64_t> perm;
  for (int l : out_labels) perm.push_back(int64_t(std::find(cur.labels.begin(), cur.labels.end(), l) - cur.labels.begin()));
  return copy_as(*transpose(cur.arr, perm), dt, 'C');
}

}  // namespace

ArrayPtr einsum(const std::string& subscripts, const std::vector<ArrayPtr>& ops, std::optional<DType> dtype) {
  // mirrors c_einsum (NumPy's default, optimize=False) for parsing, errors,
  // the implicit output and the single-operand view; the arithmetic is
  // lowered onto reductions and batched matmuls, pairwise left to right.
  std::string lhs = subscripts, rhs;
  size_t arrow = subscripts.find("->");
  if (arrow != std::string::npos) {
    lhs = subscripts.substr(0, arrow);
    rhs = subscripts.substr(arrow + 2);
  }
  std::vector<std::string> term_text = split_terms(lhs);
  const int nop = int(ops.size());
  if (int(term_text.size()) > nop) value_error("more operands provided to einstein sum function than specified in the subscripts string");
  if (int(term_text.size()) < nop) value_error("fewer operands provided to einstein sum function than specified in the subscripts string");
  int max_ell = 0;
  std::vector<Term> terms = parse_operand_terms(term_text, ops, max_ell);
  std::vector<int> out_labels = output_labels(terms, arrow != std::string::npos ? &rhs : nullptr, max_ell);
  std::vector<Labeled> L;
  for (int i = 0; i < nop; ++i) L.push_back(combined_dims_view(ops[size_t(i)], terms[size_t(i)], i));

  // Iteration labels: output first, then summed letters in code order.
  std::vector<int> iter_labels = out_labels;
  for (int l = 'A'; l <= 'z'; ++l)
    if (std::isalpha(l) && label_count(terms, l) > 0 && std::find(out_labels.begin(), out_labels.end(), l) == out_labels.end())
      iter_labels.push_back(l);
  std::vector<int64_t> sizes = label_sizes(L, iter_labels);
  auto size_of = [&](int l) { return sizes[size_t(std::find(iter_labels.begin(), iter_labels.end(), l) - iter_labels.begin())]; };

  DType dt = ops.empty() ? DType::F64 : ops[0]->dtype;
  for (auto& op : ops) dt = promote(dt, op->dtype);
  if (dtype) dt = *dtype;

  // One operand whose every label is in the output: a view (get_single_op_view).
  if (nop == 1 && dt == ops[0]->dtype) {
    const Labeled& x = L[0];
    bool all_out = true;
    for (int l : x.labels)
      if (std::find(out_labels.begin(), out_labels.end(), l) == out_labels.end()) all_out = false;
    if (all_out) {
      Shape shape;
      Strides strides;
      for (int l : out_labels) {
        auto it = std::find(x.labels.begin(), x.labels.end(), l);
        shape.push_back(size_of(l));
        strides.push_back(x.arr->strides[size_t(it - x.labels.begin())]);
      }
      return make_view(ops[0], ops[0]->dtype, shape, strides, x.arr->offset);
    }
  }

  // Broadcast every operand to the common label sizes and cast it.
  for (auto& x : L) {
    Shape shape;
    Strides strides;
    for (size_t k = 0; k < x.labels.size(); ++k) {
      int64_t s = size_of(x.labels[k]);
      shape.push_back(s);
      strides.push_back(x.arr->shape[k] == s ? x.arr->strides[k] : 0);
    }
    ArrayPtr v = make_view(x.arr, x.arr->dtype, shape, strides, x.arr->offset);
    x.arr = v->dtype == dt ? v : copy_as(*v, dt);
  }
  return contract_left_to_right(L, out_labels, dt);
}

// ---------------------------------------------------------------- trace

ArrayPtr trace(const ArrayPtr& a, int64_t offset, int64_t axis1, int64_t axis2, std::optional<DType> dtype) {
  // np.trace == a.diagonal(offset, axis1, axis2).sum(-1): the one diagonal view.
  ArrayPtr diag = diagonal(a, offset, axis1, axis2);
  DType dt = a->dtype;
  if (dtype) dt = *dtype;
  else if (dt == DType::Bool || (is_signed_int(dt) && itemsize(dt) < 8)) dt = DType::I64;
  else if (is_unsigned_int(dt) && itemsize(dt) < 8) dt = DType::U64;
  ArrayPtr d = copy_as(*diag, dt, 'C');
  std::vector<bool> red(size_t(diag->ndim()), false);
  red.back() = true;
  return sum_axes(d, red, dt);
}

// ---------------------------------------------------------------- numpy.linalg

namespace linalg {

namespace {

// The dtype numpy.linalg computes in (_commonType): complex stays complex,
// float32 results come back as float32, everything else is float64.
DType result_real(DType dt) {
  if (dt == DType::F16) type_error("array type float16 is unsupported in linalg");
  return dt == DType::F32 || dt == DType::C64 ? DType::F32 : DType::F64;
}
DType result_type(DType dt) {
  if (is_complex(dt)) return dt;
  return result_real(dt);
}
DType compute_type(DType dt) { return is_complex(dt) ? DType::C128 : DType::F64; }

void assert_stacked_2d(const Array& a) {
  if (a.ndim() < 2)
    linalg_error(std::to_string(a.ndim()) + "-dimensional array given. Array must be at least two-dimensional");
}
void assert_stacked_square(const Array& a) {
  if (a.shape[size_t(a.ndim() - 1)] != a.shape[size_t(a.ndim() - 2)])
    linalg_error("Last 2 dimensions of the array must be square");
}

// A stack of matrices as contiguous float64/complex128: data, count, rows, cols.
struct Stack {
  ArrayPtr arr;
  int64_t count, m, n;
  template <class T> T* mat(int64_t i) { return reinterpret_cast<T*>(arr->data()) + i * m * n; }
};
Stack stack_of(const ArrayPtr& a, DType ct) {
  Stack s;
  s.arr = copy_as(*a, ct, 'C');
  s.m = a->shape[size_t(a->ndim() - 2)];
  s.n = a->shape[size_t(a->ndim() - 1)];
  s.count = s.m * s.n == 0 ? shape_size(Shape(a->shape.begin(), a->shape.end() - 2)) : a->size() / (s.m * s.n);
  return s;
}

ArrayPtr finish(const ArrayPtr& r, DType dt) { return r->dtype == dt ? r : copy_as(*r, dt, 'C'); }

template <class F>
void visit_compute(DType ct, F&& f) {
  if (ct == DType::C128) f(c128{});
  else f(double{});
}

// sign and log|det| of a factored matrix (slogdet_from_factored_diagonal).
template <class T>
void slogdet_factored(const T* LU, int64_t n, const std::vector<int64_t>& piv, bool ok, T& sign, double& logdet) {
  if (!ok) {
    sign = T(0);
    logdet = -std::numeric_limits<double>::infinity();
    return;
  }
  int swaps = 0;
  for (int64_t j = 0; j < n; ++j) swaps += piv[size_t(j)] != j;
  sign = swaps % 2 ? T(-1) : T(1);
  logdet = 0;
  for (int64_t i = 0; i < n; ++i) {
    T d = LU[i * n + i];
    double ad = absval(d);
    sign *= d / T(ad);
    logdet += std::log(ad);
  }
}

}  // namespace

ArrayPtr inv(const ArrayPtr& a) {
  // gesv(A, I)
  assert_stacked_2d(*a);
  assert_stacked_square(*a);
  const DType rt = result_type(a->dtype), ct = compute_type(a->dtype);
  Stack s = stack_of(a, ct);
  ArrayPtr out = make_array(ct, a->shape);
  visit_compute(ct, [&](auto tag) {
    using T = decltype(tag);
    const int64_t n = s.n;
    std::vector<int64_t> piv;
    for (int64_t b = 0; b < s.count; ++b) {
      T* A = s.mat<T>(b);
      if (!lu(A, n, piv)) linalg_error("Singular matrix");
      T* X = reinterpret_cast<T*>(out->data()) + b * n * n;
      for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < n; ++j) X[i * n + j] = T(i == j ? 1 : 0);
      lu_solve(A, n, piv, X, n);
    }
  });
  return finish(out, rt);
}

ArrayPtr solve(const ArrayPtr& a, const ArrayPtr& b) {
  // gesv: b is a vector (..., M) when b.ndim == 1 or b.ndim == a.ndim - 1,
  // else a stack of matrices (..., M, K); stacks broadcast.
  assert_stacked_2d(*a);
  assert_stacked_square(*a);
  const DType rt = result_type(promote(a->dtype, b->dtype)), ct = compute_type(promote(a->dtype, b->dtype));
  const int64_t n = a->shape.back();
  const bool vec = b->ndim() == 1 || b->ndim() == a->ndim() - 1;
  const char* name = vec ? "solve1" : "solve";
  const char* sig = vec ? "(m,m),(m)->(m)" : "(m,m),(m,n)->(m,n)";
  if (b->ndim() < (vec ? 1 : 2))
    value_error(std::string(name) + ": Input operand 1 does not have enough dimensions (has " + std::to_string(b->ndim()) +
                ", gufunc core with signature " + sig + " requires " + (vec ? "1" : "2") + ")");
  const int64_t bm = vec ? b->shape.back() : b->shape[size_t(b->ndim() - 2)];
  if (bm != n)
    value_error(std::string(name) + ": Input operand 1 has a mismatch in its core dimension 0, with gufunc signature " + sig +
                " (size " + std::to_string(bm) + " is different from " + std::to_string(n) + ")");
  const int64_t nrhs = vec ? 1 : b->shape.back();
  Shape abatch(a->shape.begin(), a->shape.end() - 2);
  Shape bbatch(b->shape.begin(), b->shape.end() - (vec ? 1 : 2));
  Shape batch = broadcast_shapes({abatch, bbatch});
  Shape afull = batch, bfull = batch;
  afull.push_back(n), afull.push_back(n);
  bfull.push_back(n);
  if (!vec) bfull.push_back(nrhs);
  Array av = relayout(*a, afull, broadcast_strides(a->shape, a->strides, afull));
  Array bv = relayout(*b, bfull, broadcast_strides(b->shape, b->strides, bfull));
  ArrayPtr A = copy_as(av, ct, 'C');
  ArrayPtr X = copy_as(bv, ct, 'C');
  const int64_t count = shape_size(batch);
  visit_compute(ct, [&](auto tag) {
    using T = decltype(tag);
    std::vector<int64_t> piv;
    for (int64_t i = 0; i < count; ++i) {
      T* Am = reinterpret_cast<T*>(A->data()) + i * n * n;
      if (!lu(Am, n, piv)) linalg_error("Singular matrix");
      lu_solve(Am, n, piv, reinterpret_cast<T*>(X->data()) + i * n * nrhs, nrhs);
    }
  });
  return finish(X, rt);
}

std::pair<ArrayPtr, ArrayPtr> slogdet(const ArrayPtr& a) {
  assert_stacked_2d(*a);
  assert_stacked_square(*a);
  const DType rt = result_type(a->dtype), ct = compute_type(a->dtype);
  Stack s = stack_of(a, ct);
  Shape batch(a->shape.begin(), a->shape.end() - 2);
  ArrayPtr sign = make_array(ct, batch), logdet = make_array(DType::F64, batch);
  visit_compute(ct, [&](auto tag) {
    using T = decltype(tag);
    std::vector<int64_t> piv;
    for (int64_t b = 0; b < s.count; ++b) {
      bool ok = lu(s.mat<T>(b), s.n, piv);
      T sg;
      double ld;
      slogdet_factored(s.mat<T>(b), s.n, piv, ok, sg, ld);
      store<T>(sign->data() + b * int64_t(sizeof(T)), sg);
      store<double>(logdet->data() + b * 8, ld);
    }
  });
  return {finish(sign, rt), finish(logdet, result_real(a->dtype))};
}

ArrayPtr det(const ArrayPtr& a) {
  // mirrors umath_linalg det: sign * exp(log|det|) from the LU diagonal
  // (det_from_slogdet), which is why det([[4,7],[2,6]]) is 10.000000000000002.
  auto [sign, logdet] = slogdet(a);
  const DType ct = compute_type(a->dtype);
  ArrayPtr s = copy_as(*sign, ct), l = copy_as(*logdet, DType::F64);
  ArrayPtr out = make_array(ct, sign->shape);
  visit_compute(ct, [&](auto tag) {
    using T = decltype(tag);
    for (int64_t i = 0; i < out->size(); ++i)
      store<T>(out->data() + i * int64_t(sizeof(T)),
               load<T>(s->data() + i * int64_t(sizeof(T))) * T(std::exp(load<double>(l->data() + 8 * i))));
  });
  return finish(out, result_type(a->dtype));
}

ArrayPtr cholesky(const ArrayPtr& a) {
  // potrf('L') (in double, as numpy.linalg always computes): L[j][j] = sqrt(A[j][j] - sum_k L[j][k]^2)
  // and L[i][j] = (1 / L[j][j]) * (A[i][j] - sum_k L[i][k] L[j][k]), k ascending --
  // the order and the reciprocal of the recursive potrf2 / trsm / syrk on the
  // reference BLAS, so the factor matches NumPy's bit for bit.
  assert_stacked_2d(*a);
  assert_stacked_square(*a);
  if (is_complex(a->dtype)) type_error("stridelab's cholesky supports real matrices only");
  const DType rt = result_type(a->dtype);
  Stack s = stack_of(a, DType::F64);  // numpy.linalg computes in double (_commonType)
  const int64_t n = s.n;
  visit_dtype(DType::F64, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) {
      for (int64_t b = 0; b < s.count; ++b) {
        T* A = s.mat<T>(b);
        for (int64_t j = 0; j < n; ++j) {
          T d = A[j * n + j];
          for (int64_t k = 0; k < j; ++k) d -= A[j * n + k] * A[j * n + k];
          if (!(d > 0)) linalg_error("Matrix is not positive definite");
          d = std::sqrt(d);
          A[j * n + j] = d;
          const T r = T(1) / d;
          for (int64_t i = j + 1; i < n; ++i) {
            T v = A[i * n + j];
            for (int64_t k = 0; k < j; ++k) v -= A[j * n + k] * A[i * n + k];
            A[i * n + j] = r * v;
          }
          for (int64_t k = j + 1; k < n; ++k) A[j * n + k] = 0;
        }
      }
    }
  });
  return finish(s.arr, rt);
}

namespace {

// Completes the orthonormal columns Q[:, 0:k] flagged good in `have` (m rows,
// row-major with `ld` columns) to an orthonormal set of `cols` columns by
// Gram-Schmidt (twice) against the standard basis vector with the largest
// remainder.
void complete_basis(double* Q, int64_t m, int64_t ld, int64_t cols, std::vector<bool> have) {
  for (int64_t c = 0; c < cols; ++c) {
    if (have[size_t(c)]) continue;
    std::vector<double> best;
    double best_norm = -1;
    for (int64_t e = 0; e < m; ++e) {
      std::vector<double> v(size_t(m), 0.0);
      v[size_t(e)] = 1.0;
      for (int pass = 0; pass < 2; ++pass)
        for (int64_t j = 0; j < cols; ++j) {
          if (!have[size_t(j)]) continue;
          double d = 0;
          for (int64_t i = 0; i < m; ++i) d += Q[i * ld + j] * v[size_t(i)];
          for (int64_t i = 0; i < m; ++i) v[size_t(i)] -= d * Q[i * ld + j];
        }
      double nv = 0;
      for (double x : v) nv += x * x;
      if (nv > best_norm) best_norm = nv, best = v;
    }
    double nv = std::sqrt(best_norm);
    for (int64_t i = 0; i < m; ++i) Q[i * ld + c] = best[size_t(i)] / nv;
    have[size_t(c)] = true;
  }
}

// One-sided Jacobi SVD (Hestenes) of a row-major m x n matrix with m >= n:
// rotate column pairs (p, q) of W = A V until every pair is orthogonal to
// working precision; then sigma_j = |W[:, j]|, U[:, j] = W[:, j] / sigma_j.
// Outputs sorted by decreasing sigma: U (m x ucols), s (n), V (n x n).
void jacobi_svd(const double* A, int64_t m, int64_t n, bool want_uv, int64_t ucols, double* U, double* s, double* V) {
  std::vector<double> W(A, A + m * n), Vw(size_t(n * n), 0.0);
  for (int64_t i = 0; i < n; ++i) Vw[size_t(i * n + i)] = 1.0;
  const double eps = std::numeric_limits<double>::epsilon();
  for (int sweep = 0; sweep < 80; ++sweep) {
    bool rotated = false;
    for (int64_t p = 0; p < n - 1; ++p)
      for (int64_t q = p + 1; q < n; ++q) {
        double alpha = 0, beta = 0, gamma = 0;
        for (int64_t i = 0; i < m; ++i) {
          double wp = W[size_t(i * n + p)], wq = W[size_t(i * n + q)];
          alpha += wp * wp;
          beta += wq * wq;
          gamma += wp * wq;
        }
        if (gamma == 0 || std::fabs(gamma) <= eps * std::sqrt(alpha * beta)) continue;
        rotated = true;
        double zeta = (beta - alpha) / (2 * gamma);
        double t = (zeta >= 0 ? 1.0 : -1.0) / (std::fabs(zeta) + std::sqrt(1 + zeta * zeta));
        double c = 1 / std::sqrt(1 + t * t), sn = c * t;
        for (int64_t i = 0; i < m; ++i) {
          double wp = W[size_t(i * n + p)], wq = W[size_t(i * n + q)];
          W[size_t(i * n + p)] = c * wp - sn * wq;
          W[size_t(i * n + q)] = sn * wp + c * wq;
        }
        for (int64_t i = 0; i < n; ++i) {
          double vp = Vw[size_t(i * n + p)], vq = Vw[size_t(i * n + q)];
          Vw[size_t(i * n + p)] = c * vp - sn * vq;
          Vw[size_t(i * n + q)] = sn * vp + c * vq;
        }
      }
    if (!rotated) break;
  }
  std::vector<double> sig(static_cast<size_t>(n));
  for (int64_t j = 0; j < n; ++j) {
    double nrm = 0;
    for (int64_t i = 0; i < m; ++i) nrm += W[size_t(i * n + j)] * W[size_t(i * n + j)];
    sig[size_t(j)] = std::sqrt(nrm);
  }
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int64_t x, int64_t y) { return sig[size_t(x)] > sig[size_t(y)]; });
  for (int64_t j = 0; j < n; ++j) s[j] = sig[size_t(order[size_t(j)])];
  if (!want_uv) return;
  const double tiny = (s[0] > 0 ? s[0] : 1.0) * eps * double(std::max(m, n));
  std::vector<bool> have(size_t(ucols), false);
  for (int64_t j = 0; j < ucols; ++j) {
    for (int64_t i = 0; i < m; ++i) U[i * ucols + j] = 0;
    if (j >= n) continue;
    int64_t src = order[size_t(j)];
    double sj = sig[size_t(src)];
    if (sj > tiny) {
      for (int64_t i = 0; i < m; ++i) U[i * ucols + j] = W[size_t(i * n + src)] / sj;
      have[size_t(j)] = true;
    }
  }
  complete_basis(U, m, ucols, ucols, have);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) V[i * n + j] = Vw[size_t(i * n + order[size_t(j)])];
}

}  // namespace

SVD svd(const ArrayPtr& a, bool full_matrices, bool compute_uv) {
  assert_stacked_2d(*a);
  if (is_complex(a->dtype)) type_error("stridelab's svd supports real matrices only");
  const DType rt = result_type(a->dtype);
  Stack st = stack_of(a, DType::F64);
  const int64_t m = st.m, n = st.n, k = std::min(m, n);
  Shape batch(a->shape.begin(), a->shape.end() - 2);
  const int64_t ucols = full_matrices ? m : k, vrows = full_matrices ? n : k;
  Shape sshape = batch, ushape = batch, vshape = batch;
  sshape.push_back(k);
  ushape.push_back(m), ushape.push_back(ucols);
  vshape.push_back(vrows), vshape.push_back(n);
  ArrayPtr S = make_array(DType::F64, sshape), U, Vh;
  if (compute_uv) U = make_array(DType::F64, ushape), Vh = make_array(DType::F64, vshape);
  for (int64_t b = 0; b < st.count; ++b) {
    const double* A = st.mat<double>(b);
    double* s = reinterpret_cast<double*>(S->data()) + b * k;
    if (k == 0) {
      if (compute_uv) {
        // identities of the full sizes
        double* u = reinterpret_cast<double*>(U->data()) + b * m * ucols;
        double* v = reinterpret_cast<double*>(Vh->data()) + b * vrows * n;
        for (int64_t i = 0; i < std::min(m, ucols); ++i) u[i * ucols + i] = 1;
        for (int64_t i = 0; i < std::min(vrows, n); ++i) v[i * n + i] = 1;
      }
      continue;
    }
    // Work on A (m >= n) or A^T (m < n): A = U S V^T  <=>  A^T = V S U^T.
    const bool tr = m < n;
    const int64_t mm = tr ? n : m, nn = tr ? m : n;
    std::vector<double> work(static_cast<size_t>(mm * nn));
    for (int64_t i = 0; i < mm; ++i)
      for (int64_t j = 0; j < nn; ++j) work[size_t(i * nn + j)] = tr ? A[j * n + i] : A[i * n + j];
    const int64_t wu = tr ? vrows : ucols;  // columns wanted of the tall side's U
    std::vector<double> Ut(static_cast<size_t>(mm * wu)), Vt(static_cast<size_t>(nn * nn));
    jacobi_svd(work.data(), mm, nn, compute_uv, wu, Ut.data(), s, Vt.data());
    if (!compute_uv) continue;
    double* u = reinterpret_cast<double*>(U->data()) + b * m * ucols;
    double* vh = reinterpret_cast<double*>(Vh->data()) + b * vrows * n;
    if (!tr) {
      std::copy(Ut.begin(), Ut.end(), u);
      for (int64_t i = 0; i < vrows; ++i)
        for (int64_t j = 0; j < n; ++j) vh[i * n + j] = Vt[size_t(j * n + i)];  // Vh = V^T
    } else {
      // A^T = Ut S Vt^T: U = Vt (m x m), Vh = Ut^T (vrows x n)
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < ucols; ++j) u[i * ucols + j] = Vt[size_t(i * m + j)];
      for (int64_t i = 0; i < vrows; ++i)
        for (int64_t j = 0; j < n; ++j) vh[i * n + j] = Ut[size_t(j * wu + i)];
    }
  }
  SVD r;
  r.s = finish(S, result_real(a->dtype));
  if (compute_uv) r.u = finish(U, rt), r.vh = finish(Vh, rt);
  return r;
}

std::pair<ArrayPtr, ArrayPtr> qr(const ArrayPtr& a, const std::string& mode) {
  // mirrors numpy.linalg.qr: geqrf (geqr2) then orgqr (org2r) for Q and the
  // upper triangle for R, computed in double (numpy.linalg's _commonType) and
  // returned in the input's precision.
  assert_stacked_2d(*a);
  if (is_complex(a->dtype)) type_error("stridelab's qr supports real matrices only");
  if (mode != "reduced" && mode != "complete" && mode != "r")
    value_error("Unrecognized mode '" + mode + "'");
  const DType rt = result_type(a->dtype);
  Stack st = stack_of(a, DType::F64);
  const int64_t m = st.m, n = st.n, k = std::min(m, n);
  const int64_t qcols = mode == "complete" ? m : k, rrows = mode == "complete" ? m : k;
  Shape batch(a->shape.begin(), a->shape.end() - 2);
  Shape qshape = batch, rshape = batch;
  qshape.push_back(m), qshape.push_back(qcols);
  rshape.push_back(rrows), rshape.push_back(n);
  ArrayPtr Q = make_array(DType::F64, qshape), R = make_array(DType::F64, rshape);
  visit_dtype(DType::F64, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) {
      for (int64_t b = 0; b < st.count; ++b) {
        T* A = st.mat<T>(b);
        std::vector<T> tau(static_cast<size_t>(k), T(0));
        lapack::geqr2<T>(m, n, A, n, tau.data());
        T* r = reinterpret_cast<T*>(R->data()) + b * rrows * n;
        for (int64_t i = 0; i < rrows; ++i)
          for (int64_t j = 0; j < n; ++j) r[i * n + j] = (i <= j && i < m) ? A[i * n + j] : T(0);
        if (mode == "r") continue;
        T* q = reinterpret_cast<T*>(Q->data()) + b * m * qcols;
        for (int64_t i = 0; i < m; ++i)
          for (int64_t j = 0; j < qcols; ++j) q[i * qcols + j] = j < k ? A[i * n + j] : T(0);
        lapack::org2r<T>(m, qcols, k, q, qcols, tau.data());
      }
    }
  });
  if (mode == "r") return {nullptr, finish(R, rt)};
  return {finish(Q, rt), finish(R, rt)};
}

std::pair<ArrayPtr, ArrayPtr> eigh(const ArrayPtr& a, char uplo, bool compute_v) {
  // Cyclic Jacobi: rotate away each off-diagonal (p, q) of the symmetric
  // matrix (built from the `uplo` triangle) until all vanish to working
  // precision; eigenvalues ascending, eigenvectors as columns.
  assert_stacked_2d(*a);
  assert_stacked_square(*a);
  if (is_complex(a->dtype)) type_error("stridelab's eigh supports real matrices only");
  Stack st = stack_of(a, DType::F64);
  const int64_t n = st.n;
  Shape batch(a->shape.begin(), a->shape.end() - 2);
  Shape wshape = batch, vshape = batch;
  wshape.push_back(n);
  vshape.push_back(n), vshape.push_back(n);
  ArrayPtr Wv = make_array(DType::F64, wshape), Vv = make_array(DType::F64, vshape);
  const double eps = std::numeric_limits<double>::epsilon();
  for (int64_t b = 0; b < st.count; ++b) {
    double* A = st.mat<double>(b);
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) {
        bool lower = i > j;
        if ((uplo == 'L' && !lower && i != j) || (uplo == 'U' && lower)) A[i * n + j] = A[j * n + i];
      }
    std::vector<double> V(size_t(n * n), 0.0);
    for (int64_t i = 0; i < n; ++i) V[size_t(i * n + i)] = 1;
    bool converged = n < 2;
    for (int sweep = 0; sweep < 100 && !converged; ++sweep) {
      double off = 0, tot = 0;
      for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < n; ++j) (i == j ? tot : off) += A[i * n + j] * A[i * n + j];
      if (off <= eps * eps * (tot + off) || off == 0) {
        converged = true;
        break;
      }
      for (int64_t p = 0; p < n - 1; ++p)
        for (int64_t q = p + 1; q < n; ++q) {
          double apq = A[p * n + q];
          if (apq == 0) continue;
          double theta = (A[q * n + q] - A[p * n + p]) / (2 * apq);
          double t = (theta >= 0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1));
          double c = 1 / std::sqrt(t * t + 1), s = t * c;
          for (int64_t k = 0; k < n; ++k) {  // A = J^T A J
            double akp = A[k * n + p], akq = A[k * n + q];
            A[k * n + p] = c * akp - s * akq;
            A[k * n + q] = s * akp + c * akq;
          }
          for (int64_t k = 0; k < n; ++k) {
            double apk = A[p * n + k], aqk = A[q * n + k];
            A[p * n + k] = c * apk - s * aqk;
            A[q * n + k] = s * apk + c * aqk;
          }
          for (int64_t k = 0; k < n; ++k) {
            double vkp = V[size_t(k * n + p)], vkq = V[size_t(k * n + q)];
            V[size_t(k * n + p)] = c * vkp - s * vkq;
            V[size_t(k * n + q)] = s * vkp + c * vkq;
          }
        }
    }
    if (!converged) linalg_error("Eigenvalues did not converge");
    std::vector<int64_t> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int64_t x, int64_t y) { return A[x * n + x] < A[y * n + y]; });
    double* w = reinterpret_cast<double*>(Wv->data()) + b * n;
    double* v = reinterpret_cast<double*>(Vv->data()) + b * n * n;
    for (int64_t j = 0; j < n; ++j) {
      int64_t src = order[size_t(j)];
      w[j] = A[src * n + src];
      for (int64_t i = 0; i < n; ++i) v[i * n + j] = V[size_t(i * n + src)];
    }
  }
  const DType rr = result_real(a->dtype);
  return {finish(Wv, rr), compute_v ? finish(Vv, result_type(a->dtype)) : nullptr};
}

std::pair<ArrayPtr, ArrayPtr> eig(const ArrayPtr& a, bool compute_v) {
  // numpy.linalg.eig: dgeev per matrix (core/linalg/lapack.cpp), then complex
  // results, collapsed to real ones when every imaginary part is zero.
  assert_stacked_2d(*a);
  assert_stacked_square(*a);
  if (is_complex(a->dtype)) type_error("stridelab's eig supports real matrices only");
  Stack st = stack_of(a, DType::F64);
  for (int64_t i = 0; i < st.arr->size(); ++i)
    if (!std::isfinite(st.mat<double>(0)[i])) linalg_error("Array must not contain infs or NaNs");
  const int64_t n = st.n;
  Shape batch(a->shape.begin(), a->shape.end() - 2), wshape = batch, vshape = batch;
  wshape.push_back(n);
  vshape.push_back(n), vshape.push_back(n);
  ArrayPtr W = make_array(DType::C128, wshape), V = make_array(DType::C128, vshape);
  bool all_real = true;
  std::vector<double> wr(static_cast<size_t>(n)), wi(static_cast<size_t>(n)), vr(static_cast<size_t>(n * n));
  for (int64_t b = 0; b < st.count; ++b) {
    if (!lapack::geev(n, st.mat<double>(b), wr.data(), wi.data(), compute_v ? vr.data() : nullptr))
      linalg_error("Eigenvalues did not converge");
    c128* w = reinterpret_cast<c128*>(W->data()) + b * n;
    c128* v = reinterpret_cast<c128*>(V->data()) + b * n * n;
    for (int64_t j = 0; j < n; ++j) {
      w[j] = c128(wr[size_t(j)], wi[size_t(j)]);
      all_real &= wi[size_t(j)] == 0;
    }
    if (!compute_v) continue;
    for (int64_t j = 0; j < n; ++j) {
      if (wi[size_t(j)] == 0) {
        for (int64_t i = 0; i < n; ++i) v[i * n + j] = c128(vr[size_t(i * n + j)], 0);
      } else if (wi[size_t(j)] > 0 && j + 1 < n) {  // the pair: re +- i im (mk_DD_eigenvectors)
        for (int64_t i = 0; i < n; ++i) {
          const double re = vr[size_t(i * n + j)], im = vr[size_t(i * n + j + 1)];
          v[i * n + j] = c128(re, im);
          v[i * n + j + 1] = c128(re, -im);
        }
      }
    }
  }
  const bool single = a->dtype == DType::F32;
  const DType out = all_real ? (single ? DType::F32 : DType::F64) : (single ? DType::C64 : DType::C128);
  return {copy_as(*W, out), compute_v ? copy_as(*V, out) : nullptr};
}

Lstsq lstsq(const ArrayPtr& a, const ArrayPtr& b0, double rcond) {
  // x = sum_{s_i > rcond s_0} v_i (u_i . b) / s_i for each column of b;
  // residuals |b - A x|^2 per column, reported only when rank == N < M.
  if (a->ndim() != 2) linalg_error(std::to_string(a->ndim()) + "-dimensional array given. Array must be two-dimensional");
  const bool is_1d = b0->ndim() == 1;
  if (!is_1d && b0->ndim() != 2)
    linalg_error(std::to_string(b0->ndim()) + "-dimensional array given. Array must be two-dimensional");
  if (is_complex(a->dtype) || is_complex(b0->dtype)) type_error("stridelab's lstsq supports real matrices only");
  const int64_t m = a->shape[0], n = a->shape[1];
  if (b0->shape[0] != m) linalg_error("Incompatible dimensions");
  const int64_t k = is_1d ? 1 : b0->shape[1], mn = std::min(m, n);
  const DType rt = result_type(promote(a->dtype, b0->dtype));
  ArrayPtr A = copy_as(*a, DType::F64, 'C'), B = copy_as(*b0, DType::F64, 'C');
  const double* Av = reinterpret_cast<const double*>(A->data());
  const double* Bv = reinterpret_cast<const double*>(B->data());
  SVD d = svd(A, false, true);
  const double* U = reinterpret_cast<const double*>(d.u->data());   // m x mn
  const double* S = reinterpret_cast<const double*>(d.s->data());   // mn
  const double* Vh = reinterpret_cast<const double*>(d.vh->data()); // mn x n
  const double eps = rt == DType::F32 ? 1.1920928955078125e-07 : std::numeric_limits<double>::epsilon();
  const double cut = (rcond < 0 ? eps : rcond) * (mn ? S[0] : 0.0);
  Lstsq r;
  for (int64_t i = 0; i < mn; ++i) r.rank += S[i] > cut;
  ArrayPtr X = make_array(DType::F64, is_1d ? Shape{n} : Shape{n, k});
  double* x = reinterpret_cast<double*>(X->data());
  for (int64_t c = 0; c < k; ++c)
    for (int64_t i = 0; i < mn; ++i) {
      if (!(S[i] > cut)) continue;
      double ub = 0;
      for (int64_t row = 0; row < m; ++row) ub += U[row * mn + i] * Bv[row * k + c];
      ub /= S[i];
      for (int64_t j = 0; j < n; ++j) x[j * k + c] += Vh[i * n + j] * ub;
    }
  const bool resid = r.rank == n && m > n;
  ArrayPtr R = make_array(DType::F64, {resid ? k : 0});
  if (resid)
    for (int64_t c = 0; c < k; ++c) {
      double s = 0;
      for (int64_t row = 0; row < m; ++row) {
        double e = Bv[row * k + c];
        for (int64_t j = 0; j < n; ++j) e -= Av[row * n + j] * x[j * k + c];
        s += e * e;
      }
      store<double>(R->data() + 8 * c, s);
    }
  r.x = finish(X, rt);
  r.residuals = finish(R, result_real(rt));
  r.s = finish(d.s, result_real(rt));
  return r;
}

ArrayPtr matrix_rank(const ArrayPtr& a, std::optional<double> tol) {
  // rank = count(S > tol), tol = S.max() * max(M, N) * eps by default
  ArrayPtr out;
  if (a->ndim() < 2) {
    bool any = false;
    ArrayPtr c = copy_as(*a, DType::C128);
    for (int64_t i = 0; i < c->size(); ++i) any |= load<c128>(c->data() + 16 * i) != c128(0);
    out = make_array(DType::I64, {});
    store<int64_t>(out->data(), any ? 1 : 0);
    return out;
  }
  SVD r = svd(a, false, false);
  ArrayPtr s = copy_as(*r.s, DType::F64);
  const int64_t k = s->shape.back(), cnt = k ? s->size() / k : shape_size(Shape(s->shape.begin(), s->shape.end() - 1));
  const double eps = r.s->dtype == DType::F32 ? 1.1920928955078125e-07 : 2.220446049250313e-16;
  const int64_t M = a->shape[size_t(a->ndim() - 2)], N = a->shape.back();
  out = make_array(DType::I64, Shape(s->shape.begin(), s->shape.end() - 1));
  for (int64_t b = 0; b < cnt; ++b) {
    const double* sv = reinterpret_cast<const double*>(s->data()) + b * k;
    double t = tol ? *tol : (k ? *std::max_element(sv, sv + k) : 0.0) * double(std::max(M, N)) * eps;
    int64_t rank = 0;
    for (int64_t i = 0; i < k; ++i) rank += sv[i] > t;
    store<int64_t>(out->data() + 8 * b, rank);
  }
  return out;
}

ArrayPtr pinv(const ArrayPtr& a, double rcond) {
  // V diag(1/s for s > rcond * max(s), else 0) U^T
  SVD r = svd(a, false, true);
  ArrayPtr u = copy_as(*r.u, DType::F64), s = copy_as(*r.s, DType::F64), vh = copy_as(*r.vh, DType::F64);
  const int64_t m = a->shape[size_t(a->ndim() - 2)], n = a->shape.back(), k = std::min(m, n);
  Shape shape(a->shape.begin(), a->shape.end() - 2);
  const int64_t cnt = shape_size(shape);
  shape.push_back(n), shape.push_back(m);
  ArrayPtr out = make_array(DType::F64, shape);
  for (int64_t b = 0; b < cnt; ++b) {
    const double* U = reinterpret_cast<const double*>(u->data()) + b * m * k;
    const double* S = reinterpret_cast<const double*>(s->data()) + b * k;
    const double* Vh = reinterpret_cast<const double*>(vh->data()) + b * k * n;
    double* o = reinterpret_cast<double*>(out->data()) + b * n * m;
    double cutoff = rcond * (k ? *std::max_element(S, S + k) : 0.0);
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < m; ++j) {
        double acc = 0;
        for (int64_t l = 0; l < k; ++l)
          if (S[l] > cutoff) acc += Vh[l * n + i] * (1 / S[l] * U[j * k + l]);
        o[i * m + j] = acc;
      }
  }
  return finish(out, result_type(a->dtype));
}

ArrayPtr matrix_power(const ArrayPtr& a, int64_t n) {
  // mirrors numpy.linalg.matrix_power: identity, inverse, then binary powering
  assert_stacked_2d(*a);
  assert_stacked_square(*a);
  ArrayPtr x = a;
  if (n == 0) {
    ArrayPtr out = make_array(a->dtype, a->shape);
    const int64_t m = a->shape.back(), cnt = m ? a->size() / (m * m) : 0;
    visit_dtype(a->dtype, [&](auto tag) {
      using T = decltype(tag);
      for (int64_t b = 0; b < cnt; ++b)
        for (int64_t i = 0; i < m; ++i) store<T>(out->data() + ((b * m + i) * m + i) * int64_t(sizeof(T)), cast_value<T>(1));
    });
    return out;
  }
  if (n < 0) {
    x = inv(a);
    n = -n;
  }
  if (n == 1) return x;
  if (n == 2) return matmul(x, x);
  if (n == 3) return matmul(matmul(x, x), x);
  ArrayPtr z, result;
  while (n > 0) {
    z = z ? matmul(z, z) : x;
    int64_t bit = n % 2;
    n /= 2;
    if (bit) result = result ? matmul(result, z) : z;
  }
  return result;
}

// ---------------------------------------------------------------- norm

namespace {

// |x| in the real dtype of x (complex -> hypot), as a new array.
ArrayPtr abs_real(const ArrayPtr& x) {
  const DType rt = is_complex(x->dtype) ? real_part(x->dtype) : x->dtype;
  ArrayPtr c = contiguous(x, x->dtype);
  ArrayPtr out = make_array(rt, x->shape);
  visit_dtype(x->dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T> || is_complex_t<T>::value) {
      using R = decltype(std::abs(T{}));
      for (int64_t i = 0; i < c->size(); ++i) store<R>(out->data() + i * int64_t(sizeof(R)), R(std::abs(load<T>(c->data() + i * int64_t(sizeof(T))))));
    }
  });
  return out;
}

// Applies f elementwise to a real float array in place.
template <class F>
void map_real(const ArrayPtr& x, F f) {
  visit_dtype(x->dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>)
      for (int64_t i = 0; i < x->size(); ++i) {
        char* p = x->data() + i * int64_t(sizeof(T));
        store<T>(p, T(f(double(load<T>(p)))));
      }
  });
}

// max / min of |x| over one axis.
ArrayPtr extreme_axis(const ArrayPtr& x, int axis, bool want_max) {
  std::vector<int64_t> perm;
  for (int d = 0; d < x->ndim(); ++d)
    if (d != axis) perm.push_back(d);
  perm.push_back(axis);
  ArrayPtr t = contiguous(transpose(x, perm), x->dtype);
  const int64_t R = x->shape[size_t(axis)];
  if (R == 0)
    value_error(std::string("zero-size array to reduction operation ") + (want_max ? "maximum" : "minimum") + " which has no identity");
  Shape kept(t->shape.begin(), t->shape.end() - 1);
  ArrayPtr out = make_array(x->dtype, kept);
  visit_dtype(x->dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>)
      for (int64_t p = 0; p < out->size(); ++p) {
        const char* row = t->data() + p * R * int64_t(sizeof(T));
        T best = load<T>(row);
        for (int64_t r = 1; r < R; ++r) {
          T v = load<T>(row + r * int64_t(sizeof(T)));
          if (std::isnan(v) || std::isnan(best)) best = std::numeric_limits<T>::quiet_NaN();
          else if (want_max ? v > best : v < best) best = v;
        }
        store<T>(out->data() + p * int64_t(sizeof(T)), best);
      }
  });
  return out;
}

ArrayPtr sum_over(const ArrayPtr& x, std::vector<int> axes) {
  std::vector<bool> red(size_t(x->ndim()), false);
  for (int a : axes) red[size_t(a)] = true;
  return sum_axes(x, red, x->dtype);
}

// The singular values of the (row_axis, col_axis) matrices, reduced by op.
ArrayPtr svd_norm(const ArrayPtr& x, int row, int col, int op /*0 max, 1 min, 2 sum*/) {
  std::vector<int64_t> perm;
  for (int d = 0; d < x->ndim(); ++d)
    if (d != row && d != col) perm.push_back(d);
  perm.push_back(row);
  perm.push_back(col);
  SVD r = svd(transpose(x, perm), false, false);
  const int last = r.s->ndim() - 1;
  if (op == 2) return sum_over(r.s, {last});
  return extreme_axis(r.s, last, op == 0);
}

}  // namespace

ArrayPtr norm(const ArrayPtr& x0, NormOrd ord, std::optional<std::vector<int64_t>> axis, bool keepdims) {
  // mirrors numpy.linalg.norm
  ArrayPtr x = x0;
  if (!is_inexact(x->dtype)) x = copy_as(*x, DType::F64);
  if (x->dtype == DType::F16) x = copy_as(*x, DType::F32);  // float16: computed in float32, returned as float16 below
  const DType rt = is_complex(x->dtype) ? real_part(x->dtype) : x->dtype;
  const int nd = x->ndim();
  auto keep = [&](ArrayPtr r, const std::vector<int>& axes) {
    if (!keepdims) return r;
    Shape s = x->shape;
    for (int a : axes) s[size_t(a)] = 1;
    return reshape(r, s);
  };
  if (!axis) {
    const bool simple = ord.kind == NormOrd::None || (ord.kind == NormOrd::Fro && nd == 2) ||
                        (ord.kind == NormOrd::Number && ord.p == 2 && nd == 1);
    if (simple) {
      // sqrt(x.dot(x)) over the ravel (real and imaginary parts separately)
      ArrayPtr c = contiguous(x, x->dtype);
      ArrayPtr out = make_array(rt, {});
      visit_dtype(rt, [&](auto tag) {
        using R = decltype(tag);
        if constexpr (std::is_floating_point_v<R>) {
          R s = 0, si = 0;
          if (is_complex(x->dtype)) {
            for (int64_t i = 0; i < c->size(); ++i) {
              R re = load<R>(c->data() + 2 * i * int64_t(sizeof(R))), im = load<R>(c->data() + (2 * i + 1) * int64_t(sizeof(R)));
              s += re * re;
              si += im * im;
            }
            s += si;
          } else {
            for (int64_t i = 0; i < c->size(); ++i) {
              R v = load<R>(c->data() + i * int64_t(sizeof(R)));
              s += v * v;
            }
          }
          store<R>(out->data(), std::sqrt(s));
        }
      });
      if (keepdims) return reshape(out, Shape(size_t(nd), 1));
      return out;
    }
    axis = std::vector<int64_t>();
    for (int d = 0; d < nd; ++d) axis->push_back(d);
  }
  std::vector<int> axes;
  for (int64_t a : *axis) axes.push_back(normalize_axis(a, nd));
  if (axes.size() == 1) {
    const int ax = axes[0];
    if (ord.kind == NormOrd::Fro || ord.kind == NormOrd::Nuc || ord.kind == NormOrd::Other)
      value_error("Invalid norm order '" + ord.text + "' for vectors");
    if (ord.kind == NormOrd::Number && std::isinf(ord.p)) return keep(extreme_axis(abs_real(x), ax, ord.p > 0), axes);
    if (ord.kind == NormOrd::Number && ord.p == 0) {
      ArrayPtr nz = abs_real(x);
      map_real(nz, [](double v) { return v != 0 ? 1.0 : 0.0; });
      return keep(sum_over(nz, {ax}), axes);
    }
    if (ord.kind == NormOrd::Number && ord.p == 1) return keep(sum_over(abs_real(x), {ax}), axes);
    if (ord.kind == NormOrd::None || ord.p == 2) {
      ArrayPtr s = abs_real(x);
      map_real(s, [](double v) { return v * v; });
      ArrayPtr r = sum_over(s, {ax});
      map_real(r, [](double v) { return std::sqrt(v); });
      return keep(r, axes);
    }
    const double p = ord.p;
    ArrayPtr s = abs_real(x);
    map_real(s, [p](double v) { return std::pow(v, p); });
    ArrayPtr r = sum_over(s, {ax});
    const double inv_p = rt == DType::F32 ? double(1.0f / float(p)) : 1.0 / p;
    map_real(r, [inv_p](double v) { return std::pow(v, inv_p); });
    return keep(r, axes);
  }
  if (axes.size() == 2) {
    int row = axes[0], col = axes[1];
    if (row == col) value_error("Duplicate axes given.");
    ArrayPtr r;
    if (ord.kind == NormOrd::Number && ord.p == 2) r = svd_norm(x, row, col, 0);
    else if (ord.kind == NormOrd::Number && ord.p == -2) r = svd_norm(x, row, col, 1);
    else if (ord.kind == NormOrd::Number && std::fabs(ord.p) == 1) {
      int c = col > row ? col - 1 : col;
      r = extreme_axis(sum_over(abs_real(x), {row}), c, ord.p > 0);
    } else if (ord.kind == NormOrd::Number && std::isinf(ord.p)) {
      int rw = row > col ? row - 1 : row;
      r = extreme_axis(sum_over(abs_real(x), {col}), rw, ord.p > 0);
    } else if (ord.kind == NormOrd::None || ord.kind == NormOrd::Fro) {
      ArrayPtr s = abs_real(x);
      map_real(s, [](double v) { return v * v; });
      r = sum_over(s, {row, col});
      map_real(r, [](double v) { return std::sqrt(v); });
    } else if (ord.kind == NormOrd::Nuc) {
      r = svd_norm(x, row, col, 2);
    } else {
      value_error("Invalid norm order for matrices.");
    }
    return keep(r, axes);
  }
  value_error("Improper number of dimensions to norm.");
}

}  // namespace linalg

// ---------------------------------------------------------------- PyTorch's checks

void torch_check_matmul(const Shape& a, const Shape& b) {
  const size_t da = a.size(), db = b.size();
  if (da == 0 || db == 0)
    runtime_error("both arguments to matmul need to be at least 1D, but they are " + std::to_string(int64_t(da)) + "D and " +
                  std::to_string(int64_t(db)) + "D");
  auto mm = [](int64_t r1, int64_t c1, int64_t r2, int64_t c2) {
    if (c1 != r2)
      runtime_error("mat1 and mat2 shapes cannot be multiplied (" + std::to_string(r1) + "x" + std::to_string(c1) + " and " + std::to_string(r2) + "x" +
                    std::to_string(c2) + ")");
  };
  const int64_t k = a[da - 1];
  int64_t rows = 1;  // a's leading dims folded into one
  for (size_t d = 0; d + 1 < da; ++d) rows *= a[d];
  if (da == 1 && db == 1) {
    if (k != b[0])
      runtime_error("inconsistent tensor size, expected tensor [" + std::to_string(k) + "] and src [" + std::to_string(b[0]) +
                    "] to have the same number of elements, but got " + std::to_string(k) + " and " + std::to_string(b[0]) +
                    " elements respectively");
  } else if (da >= 2 && db == 1) {
    if (k != b[0])
      runtime_error("size mismatch, got input (" + std::to_string(rows) + "), mat (" + std::to_string(rows) + "x" + std::to_string(k) + "), vec (" +
                    std::to_string(b[0]) + ")");
  } else if (da <= 2 && db == 2) {
    mm(da == 1 ? 1 : a[0], k, b[0], b[1]);
  } else if (da >= 3 && db == 2) {
    mm(rows, k, b[0], b[1]);
  } else {  // bmm over the broadcast batch dims; b's rows must equal a's columns
    Shape ba(a.begin(), a.end() - (da >= 2 ? 2 : 1)), bb(b.begin(), b.end() - 2);
    int64_t batch = 1;
    for (int64_t n : torch_broadcast_shapes(ba, bb)) batch *= n;
    if (b[db - 2] != k)
      runtime_error("Expected size for first two dimensions of batch2 tensor to be: [" + std::to_string(batch) + ", " + std::to_string(k) +
                    "] but got: [" + std::to_string(batch) + ", " + std::to_string(b[db - 2]) + "].");
  }
}

}  // namespace sl
