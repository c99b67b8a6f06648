// numpy/linalg: np.matmul / dot / vdot / inner / outer / tensordot / einsum /
// trace, the `@` operator on arrays (matmul_operator), ndarray.dot/.trace,
// and the numpy.linalg module, as bindings of core/linalg.
//
// Results that are 0-d come back as NumPy scalars, as NumPy's gufuncs and
// c_einsum return them (np.dot(v, v) is np.int64(5), not array(5)).
#include <cmath>
#include <cstring>

#include "core/element.hpp"
#include "core/kernels/copy.hpp"
#include "core/lang/interp.hpp"
#include "core/lang/numpy/convert.hpp"
#include "core/linalg.hpp"
#include "core/overlap.hpp"
#include "core/strides.hpp"
#include "core/torch_views.hpp"
#include "core/views.hpp"

namespace sl::lang {

namespace {

// 0-d numpy results become scalars; tensors stay 0-d tensors.
Value result(const ArrayPtr& r) {
  if (r && r->ndim() == 0 && r->flavor == Flavor::NumPy) return make_scalar(r->dtype, r->data());
  return wrap(r);
}

// out= : copies the result into the given array (cast as a ufunc's out= is).
Value with_out(Interp& in, const ArrayPtr& r, const Value& out) {
  if (out.is_none()) return result(r);
  if (!out.is_array()) in.raise_exc("TypeError", "return arrays must be of ArrayType");
  ArrayPtr o = out.array();
  if (o->shape != r->shape)
    in.raise_exc("ValueError", "non-broadcastable output operand with shape " + shape_compact(o->shape) +
                                   " doesn't match the broadcast shape " + shape_compact(r->shape));
  if (!o->writeable) in.raise_exc("ValueError", "output array is read-only");
  copy_into(*o, *r);
  return out;
}

// np.dot's out= must be exactly the result's type and shape, C-contiguous.
Value dot_out(Interp& in, const Value& r, const Value& out) {
  if (out.is_none()) return r;
  ArrayPtr res = to_array(in, r);
  if (!out.is_array() || out.arr().dtype != res->dtype || out.arr().shape != res->shape || !out.arr().c_contiguous())
    in.raise_exc("ValueError", "output array is not acceptable (must have the right datatype, number of dimensions, and be a C-Array)");
  copy_into(out.arr(), *res);
  return out;
}

std::optional<DType> opt_dtype(Interp& in, const Value& v) {
  if (v.is_none()) return std::nullopt;
  return to_dtype(in, v);
}

Value np_matmul(Interp& in, Args& a) {
  Value x = a.required(0, "x1"), y = a.required(1, "x2");
  Value out = a.optional(2, "out");
  Value dt = a.optional(99, "dtype");
  a.optional(99, "casting");
  a.optional(99, "order");
  a.finish(3);
  ArrayPtr A = to_array(in, x), B = to_array(in, y);
  if (auto d = opt_dtype(in, dt)) A = copy_as(*A, *d), B = copy_as(*B, *d);
  return with_out(in, matmul(A, B), out);
}

Value dot_values(Interp& in, const Value& x, const Value& y) {
  ArrayPtr A = to_array(in, x), B = to_array(in, y);
  if (A->ndim() == 0 || B->ndim() == 0) return in.binop("*", wrap(A), wrap(B));  // PyArray_MatrixProduct2: multiply
  return result(dot(A, B));
}

Value np_dot(Interp& in, Args& a) {
  Value x = a.required(0, "a"), y = a.required(1, "b");
  Value out = a.optional(2, "out");
  a.finish(3);
  return dot_out(in, dot_values(in, x, y), out);
}

Value np_inner(Interp& in, Args& a) {
  Value x = a.required(0, "a"), y = a.required(1, "b");
  a.finish(2);
  ArrayPtr A = to_array(in, x), B = to_array(in, y);
  if (A->ndim() == 0 || B->ndim() == 0) return in.binop("*", wrap(A), wrap(B));
  return result(inner(A, B));
}

Value np_outer(Interp& in, Args& a) {
  Value x = a.required(0, "a"), y = a.required(1, "b");
  Value out = a.optional(2, "out");
  a.finish(3);
  return with_out(in, outer(to_array(in, x), to_array(in, y)), out);
}

Value np_vdot(Interp& in, Args& a) {
  Value x = a.required(0, "a"), y = a.required(1, "b");
  a.finish(2);
  return result(vdot(to_array(in, x), to_array(in, y)));
}

Value np_tensordot(Interp& in, Args& a) {
  Value x = a.required(0, "a"), y = a.required(1, "b");
  Value axes = a.optional(2, "axes", Value::integer(2));
  a.finish(3);
  ArrayPtr A = to_array(in, x), B = to_array(in, y);
  std::vector<int64_t> aa, bb;
  if (in.is_int_like(axes)) {
    // axes = N: the last N of a with the first N of b
    int64_t n = in.index_value(axes);  // (a negative N gives two empty lists, as range() does)
    for (int64_t k = -n; k < 0; ++k) aa.push_back(k);
    for (int64_t k = 0; k < n; ++k) bb.push_back(k);
  } else {
    std::vector<Value> pair = in.to_vector(axes);
    if (pair.size() != 2) in.raise_exc("ValueError", "too many values to unpack (expected 2)");
    auto ax = [&](const Value& v) {
      std::vector<int64_t> r;
      if (in.is_int_like(v)) r.push_back(in.index_value(v));
      else
        for (auto& e : in.to_vector(v)) r.push_back(in.index_value(e));
      return r;
    };
    aa = ax(pair[0]);
    bb = ax(pair[1]);
  }
  return result(tensordot(A, B, aa, bb));
}

Value np_einsum(Interp& in, Args& a) {
  Value out = a.optional(99, "out");
  Value dt = a.optional(99, "dtype");
  a.optional(99, "order");
  a.optional(99, "casting");
  a.optional(99, "optimize");
  a.finish(1000);
  if (a.pos.empty()) in.raise_exc("TypeError", "einsum() missing required argument 'subscripts' (pos 0)");
  std::string subs;
  std::vector<ArrayPtr> ops;
  if (auto* s = a.pos[0].as<StrObj>()) {
    subs = s->s;
    for (size_t k = 1; k < a.pos.size(); ++k) ops.push_back(to_array(in, a.pos[k]));
  } else {
    // interleaved form: einsum(op0, sublist0, op1, sublist1, ..., [sublistout]);
    // integer labels 0..51 stand for the letters a-z, A-Z.
    auto letters = [&](const Value& v) {
      std::string t;
      for (auto& e : in.to_vector(v)) {
        if (e.as<EllipsisObj>()) {
          t += "...";
          continue;
        }
        int64_t k = in.index_value(e);
        if (k < 0 || k >= 52) in.raise_exc("ValueError", "subscript is not within the valid range [0, 52)");
        t += char(k < 26 ? 'a' + k : 'A' + (k - 26));
      }
      return t;
    };
    size_t k = 0;
    for (; k + 1 < a.pos.size(); k += 2) {
      ops.push_back(to_array(in, a.pos[k]));
      subs += (k ? "," : "") + letters(a.pos[k + 1]);
    }
    if (k < a.pos.size()) subs += "->" + letters(a.pos[k]);
  }
  ArrayPtr r = einsum(subs, ops, opt_dtype(in, dt));
  return with_out(in, r, out);
}

Value trace_call(Interp& in, const ArrayPtr& x, Args& a, size_t first) {
  int64_t offset = in.index_value(a.optional(first, "offset", Value::integer(0)));
  int64_t ax1 = in.index_value(a.optional(first + 1, "axis1", Value::integer(0)));
  int64_t ax2 = in.index_value(a.optional(first + 2, "axis2", Value::integer(1)));
  Value dt = a.optional(first + 3, "dtype");
  Value out = a.optional(first + 4, "out");
  a.finish(first + 5);
  return with_out(in, trace(x, offset, ax1, ax2, opt_dtype(in, dt)), out);
}

// ---- np.diag / np.diagonal / np.tril / np.triu (registered only when the
// views front end has not provided them)

ArrayPtr diagonal_view(const ArrayPtr& x, int64_t offset, int ax1, int ax2) {
  // a.diagonal(): a read-only view, the two axes replaced by one trailing axis
  // of stride s1 + s2 (NumPy >= 1.9)
  const int64_t n1 = x->shape[size_t(ax1)], n2 = x->shape[size_t(ax2)];
  const int64_t s1 = x->strides[size_t(ax1)], s2 = x->strides[size_t(ax2)];
  int64_t len, off = x->offset;
  if (offset >= 0) {
    len = std::max<int64_t>(0, std::min(n1, n2 - offset));
    if (len > 0) off += offset * s2;
  } else {
    len = std::max<int64_t>(0, std::min(n1 + offset, n2));
    if (len > 0) off -= offset * s1;
  }
  Shape shape;
  Strides strides;
  for (int d = 0; d < x->ndim(); ++d)
    if (d != ax1 && d != ax2) shape.push_back(x->shape[size_t(d)]), strides.push_back(x->strides[size_t(d)]);
  shape.push_back(len);
  strides.push_back(s1 + s2);
  ArrayPtr v = make_view(x, x->dtype, shape, strides, off);
  v->writeable = false;
  return v;
}

Value np_diagonal(Interp& in, const ArrayPtr& x, Args& a, size_t first) {
  int64_t offset = in.index_value(a.optional(first, "offset", Value::integer(0)));
  int64_t ax1 = in.index_value(a.optional(first + 1, "axis1", Value::integer(0)));
  int64_t ax2 = in.index_value(a.optional(first + 2, "axis2", Value::integer(1)));
  a.finish(first + 3);
  if (x->ndim() < 2) in.raise_exc("ValueError", "diag requires an array of at least two dimensions");
  int d1 = normalize_axis(ax1, x->ndim()), d2 = normalize_axis(ax2, x->ndim());
  if (d1 == d2) in.raise_exc("ValueError", "axis1 and axis2 cannot be the same");
  return wrap(diagonal_view(x, offset, d1, d2));
}

Value np_diag(Interp& in, Args& a) {
  // mirrors numpy.diag: 1-d -> a new square matrix with v on diagonal k;
  // 2-d -> the k-th diagonal (a read-only view, as a.diagonal(k))
  ArrayPtr v = to_array(in, a.required(0, "v"));
  int64_t k = in.index_value(a.optional(1, "k", Value::integer(0)));
  a.finish(2);
  if (v->ndim() == 1) {
    const int64_t n = v->shape[0], res = n + (k < 0 ? -k : k);
    ArrayPtr out = make_array(v->dtype, {res, res});
    const int64_t isz = v->itemsize();
    for (int64_t i = 0; i < n; ++i) {
      int64_t r = k >= 0 ? i : i - k, c = k >= 0 ? i + k : i;
      std::memcpy(out->data() + (r * res + c) * isz, v->data() + i * v->strides[0], size_t(isz));
    }
    return wrap(out);
  }
  if (v->ndim() == 2) return wrap(diagonal_view(v, k, 0, 1));
  in.raise_exc("ValueError", "Input must be 1- or 2-d.");
}

Value np_tri_mask(Interp& in, Args& a, bool upper) {
  // tril/triu: a copy with the elements above (below) diagonal k zeroed; the
  // mask applies to the last two axes (a 1-d input is first broadcast to (n, n)).
  ArrayPtr m = to_array(in, a.required(0, "m"));
  int64_t k = in.index_value(a.optional(1, "k", Value::integer(0)));
  a.finish(2);
  ArrayPtr x = m;
  if (x->ndim() == 0) in.raise_exc("ValueError", "input array must be at least 1-d");
  if (x->ndim() == 1) {
    Array b = *x;
    b.shape = {x->shape[0], x->shape[0]};
    b.strides = {0, x->strides[0]};
    x = copy_array(b);
  } else {
    x = copy_array(*x);
  }
  const int nd = x->ndim();
  const int64_t R = x->shape[size_t(nd - 2)], C = x->shape[size_t(nd - 1)], isz = x->itemsize();
  const int64_t cnt = R * C != 0 ? x->size() / (R * C) : 0;
  for (int64_t b = 0; b < cnt; ++b)
    for (int64_t i = 0; i < R; ++i)
      for (int64_t j = 0; j < C; ++j)
        if (upper ? j - i < k : j - i > k) std::memset(x->data() + ((b * R + i) * C + j) * isz, 0, size_t(isz));
  return wrap(x);
}

// ---- numpy.linalg

Value lin_result(const ArrayPtr& r) { return result(r); }

linalg::NormOrd norm_ord(Interp& in, const Value& v) {
  linalg::NormOrd o;
  if (v.is_none()) return o;
  if (auto* s = v.as<StrObj>()) {
    o.text = s->s;
    o.kind = s->s == "fro" || s->s == "f" ? linalg::NormOrd::Fro : s->s == "nuc" ? linalg::NormOrd::Nuc : linalg::NormOrd::Other;
    return o;
  }
  o.kind = linalg::NormOrd::Number;
  o.p = in.float_value(v);
  return o;
}

}  // namespace

// The `@` operator on arrays (x @ y and the reflected y.__rmatmul__):
// np.matmul of the operands as arrays. Lists are converted; Python scalars
// give NumPy's "does not have enough dimensions" error.
Value matmul_operator(Interp& in, const Value& a, const Value& b) {
  ArrayPtr A = to_array(in, a), B = to_array(in, b);
  if (A->is_torch() || B->is_torch()) torch_check_matmul(A->shape, B->shape);  // PyTorch's messages
  return result(matmul(A, B));
}

void install_numpy_linalg(Interp& in, ModuleObj& np) {
  def_fn(in, np, "matmul", np_matmul);
  def_fn(in, np, "dot", np_dot);
  def_fn(in, np, "inner", np_inner);
  def_fn(in, np, "outer", np_outer);
  def_fn(in, np, "vdot", np_vdot);
  def_fn(in, np, "tensordot", np_tensordot);
  def_fn(in, np, "einsum", np_einsum);
  def_fn(in, np, "trace", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    return trace_call(in, x, a, 1);
  });
  if (!np.attrs.count("diag")) def_fn(in, np, "diag", np_diag);
  if (!np.attrs.count("diagonal"))
    def_fn(in, np, "diagonal", [](Interp& in, Args& a) -> Value {
      ArrayPtr x = to_array(in, a.required(0, "a"));
      return np_diagonal(in, x, a, 1);
    });
  if (!np.attrs.count("tril")) def_fn(in, np, "tril", [](Interp& in, Args& a) { return np_tri_mask(in, a, false); });
  if (!np.attrs.count("triu")) def_fn(in, np, "triu", [](Interp& in, Args& a) { return np_tri_mask(in, a, true); });

  def_ndarray_method("dot", [](Interp& in, const ArrayPtr& self, Args& a) -> Value {
    Value y = a.required(0, "b");
    Value out = a.optional(1, "out");
    a.finish(2);
    return dot_out(in, dot_values(in, wrap(self), y), out);
  });
  def_ndarray_method("trace", [](Interp& in, const ArrayPtr& self, Args& a) -> Value { return trace_call(in, self, a, 0); });
  Value dummy;
  if (!bind_array_method(in, make_array(DType::F64, {1, 1}), "diagonal", dummy))
    def_ndarray_method("diagonal", [](Interp& in, const ArrayPtr& self, Args& a) -> Value { return np_diagonal(in, self, a, 0); });

  ModuleObj& la = submodule(in, "numpy.linalg");
  TypeObj* err = in.exception_type("LinAlgError");
  err->module = "numpy.linalg";
  la.attrs["LinAlgError"] = Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), err));

  def_fn(in, la, "inv", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    a.finish(1);
    return wrap(linalg::inv(x));
  });
  def_fn(in, la, "solve", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a")), y = to_array(in, a.required(1, "b"));
    a.finish(2);
    return wrap(linalg::solve(x, y));
  });
  def_fn(in, la, "det", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    a.finish(1);
    return lin_result(linalg::det(x));
  });
  def_fn(in, la, "slogdet", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    a.finish(1);
    auto [s, l] = linalg::slogdet(x);
    return make_tuple({lin_result(s), lin_result(l)});
  });
  def_fn(in, la, "cholesky", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    a.finish(1);
    return wrap(linalg::cholesky(x));
  });
  def_fn(in, la, "svd", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    bool full = in.truthy(a.optional(1, "full_matrices", Value::boolean(true)));
    bool uv = in.truthy(a.optional(2, "compute_uv", Value::boolean(true)));
    a.optional(3, "hermitian");
    a.finish(4);
    linalg::SVD r = linalg::svd(x, full, uv);
    if (!uv) return wrap(r.s);
    return make_tuple({wrap(r.u), wrap(r.s), wrap(r.vh)});
  });
  def_fn(in, la, "qr", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    Value mode = a.optional(1, "mode", make_str("reduced"));
    a.finish(2);
    auto [q, r] = linalg::qr(x, in.str(mode));
    if (!q) return wrap(r);
    return make_tuple({wrap(q), wrap(r)});
  });
  auto uplo_arg = [](Interp& in, const Value& v) {
    std::string u = in.str(v);
    if (u != "L" && u != "U") in.raise_exc("ValueError", "UPLO argument must be 'L' or 'U'");
    return u[0];
  };
  def_fn(in, la, "eigh", [uplo_arg](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    char u = uplo_arg(in, a.optional(1, "UPLO", make_str("L")));
    a.finish(2);
    auto [w, v] = linalg::eigh(x, u, true);
    return make_tuple({wrap(w), wrap(v)});
  });
  def_fn(in, la, "eigvalsh", [uplo_arg](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    char u = uplo_arg(in, a.optional(1, "UPLO", make_str("L")));
    a.finish(2);
    return wrap(linalg::eigh(x, u, false).first);
  });
  def_fn(in, la, "eig", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    a.finish(1);
    auto [w, v] = linalg::eig(x, true);
    return make_tuple({wrap(w), wrap(v)});
  });
  def_fn(in, la, "eigvals", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    a.finish(1);
    return wrap(linalg::eig(x, false).first);
  });
  def_fn(in, la, "matrix_rank", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "A"));
    Value tol = a.optional(1, "tol");
    a.optional(2, "hermitian");
    a.finish(3);
    return lin_result(linalg::matrix_rank(x, tol.is_none() ? std::nullopt : std::optional<double>(in.float_value(tol))));
  });
  def_fn(in, la, "lstsq", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a")), y = to_array(in, a.required(1, "b"));
    Value rc;
    // rcond: None -> eps * max(M, N); not given -> NumPy 1.24's legacy -1
    // (machine precision; NumPy also warns FutureWarning on stderr)
    bool given = a.take(2, "rcond", rc);
    a.finish(3);
    double rcond = -1;
    if (given && rc.is_none()) {
      const double eps = x->dtype == DType::F32 ? 1.1920928955078125e-07 : 2.220446049250313e-16;
      rcond = eps * double(std::max(x->ndim() == 2 ? x->shape[0] : 0, x->ndim() == 2 ? x->shape[1] : 0));
    } else if (given) {
      rcond = in.float_value(rc);
    }
    linalg::Lstsq r = linalg::lstsq(x, y, rcond);
    return make_tuple({wrap(r.x), wrap(r.residuals), Value::integer(r.rank), wrap(r.s)});
  });
  def_fn(in, la, "pinv", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    Value rcond = a.optional(1, "rcond", Value::floating(1e-15));
    a.optional(2, "hermitian");
    a.finish(3);
    return wrap(linalg::pinv(x, in.float_value(rcond)));
  });
  def_fn(in, la, "matrix_power", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "a"));
    Value n = a.required(1, "n");
    a.finish(2);
    if (!in.is_int_like(n)) in.raise_exc("TypeError", "exponent must be an integer");
    return wrap(linalg::matrix_power(x, in.index_value(n)));
  });
  def_fn(in, la, "norm", [](Interp& in, Args& a) -> Value {
    ArrayPtr x = to_array(in, a.required(0, "x"));
    Value ord = a.optional(1, "ord");
    Value axis = a.optional(2, "axis");
    bool keepdims = in.truthy(a.optional(3, "keepdims", Value::boolean(false)));
    a.finish(4);
    std::optional<std::vector<int64_t>> ax;
    if (!axis.is_none()) {
      ax = std::vector<int64_t>();
      if (auto* t = axis.as<TupleObj>()) {
        for (auto& e : t->items) ax->push_back(in.index_value(e));
      } else {
        if (!in.is_int_like(axis)) in.raise_exc("TypeError", "'axis' must be None, an integer or a tuple of integers");
        ax->push_back(in.index_value(axis));
      }
    }
    return lin_result(linalg::norm(x, norm_ord(in, ord), ax, keepdims));
  });
  def_fn(in, la, "multi_dot", [](Interp& in, Args& a) -> Value {
    Value arrays = a.required(0, "arrays");
    a.finish(1);
    std::vector<Value> xs = in.to_vector(arrays);
    if (xs.size() < 2) in.raise_exc("ValueError", "Expecting at least two arrays.");
    Value r = xs[0];
    for (size_t k = 1; k < xs.size(); ++k) r = dot_values(in, r, xs[k]);
    return r;
  });
}

}  // namespace sl::lang
