// numpy/linalg: np.matmul / dot / vdot / inner / outer / tensordot / einsum /
// trace, the `@` operator on arrays (matmul_operator), ndarray.dot/.trace,
// and the numpy.linalg module, as bindings of core/linalg/linalg.
//
// Results that are 0-d come back as NumPy scalars, as NumPy's gufuncs and
// c_einsum return them (np.dot(v, v) is np.int64(5), not array(5)).
#include <cmath>
#include <cstring>

#include "core/model/element.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"
#include "core/ops/copy.hpp"
#include "core/lang/numpy/ufuncs.hpp"
#include "core/linalg/linalg.hpp"
#include "core/model/overlap.hpp"
#include "core/model/strides.hpp"
#include "core/ops/views.hpp"

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
  // c_einsum's argument checks come before the keywords are read
  if (a.pos.empty())
    in.raise_exc("ValueError", "must specify the einstein sum subscripts string and at least one operand, or at "
                               "least one operand and its corresponding subscripts list");
  if (a.pos[0].as<StrObj>() && a.pos.size() < 2)
    in.raise_exc("ValueError", "must specify the einstein sum subscripts string and at least one operand");
  if (!a.pos[0].as<StrObj>() && a.pos.size() < 2)
    in.raise_exc("ValueError", "must provide at least an operand and a subscripts list to einsum");
  Value out = a.optional(99, "out");
  Value dt = a.optional(99, "dtype");
  a.optional(99, "order");
  a.optional(99, "casting");
  a.optional(99, "optimize");
  a.finish(1000);
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
  int64_t offset = c_int_arg(in, a.optional(first, "offset", Value::integer(0)), CIntReader::NpyParse);
  int64_t ax1 = c_int_arg(in, a.optional(first + 1, "axis1", Value::integer(0)), CIntReader::NpyParse);
  int64_t ax2 = c_int_arg(in, a.optional(first + 2, "axis2", Value::integer(1)), CIntReader::NpyParse);
  Value dt = a.optional(first + 3, "dtype");
  Value out = a.optional(first + 4, "out");
  a.finish(first + 5);
  return with_out(in, trace(x, offset, ax1, ax2, opt_dtype(in, dt)), out);
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

namespace {

// ---- the functions install_numpy_linalg registers


Value np_trace(Interp& in, Args& a) {
  ArrayPtr x = to_array_dims_first(in, a.required(0, "a"));
  return trace_call(in, x, a, 1);
}

Value ndarray_dot(Interp& in, const ArrayPtr& self, Args& a) {
  Value y = a.required(0, "b");
  Value out = a.optional(1, "out");
  a.finish(2);
  return dot_out(in, dot_values(in, wrap(self), y), out);
}

Value ndarray_trace(Interp& in, const ArrayPtr& self, Args& a) { return trace_call(in, self, a, 0); }

Value np_la_inv(Interp& in, Args& a) {
  ArrayPtr x = to_array_dims_first(in, a.required(0, "a"));
  a.finish(1);
  return wrap(linalg::inv(x));
}

Value np_la_solve(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a")), y = to_array(in, a.required(1, "b"));
  a.finish(2);
  return wrap(linalg::solve(x, y));
}

Value np_la_det(Interp& in, Args& a) {
  ArrayPtr x = to_array_dims_first(in, a.required(0, "a"));
  a.finish(1);
  return lin_result(linalg::det(x));
}

Value np_la_slogdet(Interp& in, Args& a) {
  ArrayPtr x = to_array_dims_first(in, a.required(0, "a"));
  a.finish(1);
  auto [s, l] = linalg::slogdet(x);
  return make_tuple({lin_result(s), lin_result(l)});
}

Value np_la_cholesky(Interp& in, Args& a) {
  ArrayPtr x = to_array_dims_first(in, a.required(0, "a"));
  a.finish(1);
  return wrap(linalg::cholesky(x));
}

Value np_la_svd(Interp& in, Args& a) {
  ArrayPtr x = to_array_dims_first(in, a.required(0, "a"));
  bool full = in.truthy(a.optional(1, "full_matrices", Value::boolean(true)));
  bool uv = in.truthy(a.optional(2, "compute_uv", Value::boolean(true)));
  a.optional(3, "hermitian");
  a.finish(4);
  linalg::SVD r = linalg::svd(x, full, uv);
  if (!uv) return wrap(r.s);
  return make_tuple({wrap(r.u), wrap(r.s), wrap(r.vh)});
}

Value np_la_qr(Interp& in, Args& a) {
  ArrayPtr x = to_array_dims_first(in, a.required(0, "a"));
  Value mode = a.optional(1, "mode", make_str("reduced"));
  a.finish(2);
  auto [q, r] = linalg::qr(x, in.str(mode));
  if (!q) return wrap(r);
  return make_tuple({wrap(q), wrap(r)});
}

Value np_la_eig(Interp& in, Args& a) {
  ArrayPtr x = to_array_dims_first(in, a.required(0, "a"));
  a.finish(1);
  auto [w, v] = linalg::eig(x, true);
  return make_tuple({wrap(w), wrap(v)});
}

Value np_la_eigvals(Interp& in, Args& a) {
  ArrayPtr x = to_array_dims_first(in, a.required(0, "a"));
  a.finish(1);
  return wrap(linalg::eig(x, false).first);
}

Value np_la_matrix_rank(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "A"));
  Value tol = a.optional(1, "tol");
  a.optional(2, "hermitian");
  a.finish(3);
  return lin_result(linalg::matrix_rank(x, tol.is_none() ? std::nullopt : std::optional<double>(in.float_value(tol))));
}

Value np_la_lstsq(Interp& in, Args& a) {
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
}

Value np_la_pinv(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  Value rcond = a.optional(1, "rcond", Value::floating(1e-15));
  a.optional(2, "hermitian");
  a.finish(3);
  return wrap(linalg::pinv(x, in.float_value(rcond)));
}

Value np_la_matrix_power(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  Value n = a.required(1, "n");
  a.finish(2);
  if (!in.is_int_like(n)) in.raise_exc("TypeError", "exponent must be an integer");
  return wrap(linalg::matrix_power(x, in.index_value(n)));
}

Value np_la_norm(Interp& in, Args& a) {
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
}

Value np_la_multi_dot(Interp& in, Args& a) {
  Value arrays = a.required(0, "arrays");
  a.finish(1);
  std::vector<Value> xs = in.to_vector(arrays);
  if (xs.size() < 2) in.raise_exc("ValueError", "Expecting at least two arrays.");
  Value r = xs[0];
  for (size_t k = 1; k < xs.size(); ++k) r = dot_values(in, r, xs[k]);
  return r;
}

const FnEntry kLinalgFns[] = {
    {"matmul", np_matmul},
    {"dot", np_dot, {"dot(a, b, out=)"}},
    {"inner", np_inner, {"inner(a, b)"}},
    {"outer", np_outer, {"outer(a, b, out=)"}},
    {"vdot", np_vdot, {"vdot(a, b)"}},
    {"tensordot", np_tensordot, {"tensordot(a, b, axes=)"}},
    {"einsum", np_einsum, {"einsum(*operands, out=, optimize=, **kwargs)"}},
    {"trace", np_trace, {"trace(a, offset=, axis1=, axis2=, dtype=, out=)"}},
};

char uplo_arg(Interp& in, const Value& v) {
  std::string u = in.str(v);
  if (u != "L" && u != "U") in.raise_exc("ValueError", "UPLO argument must be 'L' or 'U'");
  return u[0];
}
Value np_la_eigh(Interp& in, Args& a) {
  ArrayPtr x = to_array_dims_first(in, a.required(0, "a"));
  char u = uplo_arg(in, a.optional(1, "UPLO", make_str("L")));
  a.finish(2);
  auto [w, v] = linalg::eigh(x, u, true);
  return make_tuple({wrap(w), wrap(v)});
}
Value np_la_eigvalsh(Interp& in, Args& a) {
  ArrayPtr x = to_array_dims_first(in, a.required(0, "a"));
  char u = uplo_arg(in, a.optional(1, "UPLO", make_str("L")));
  a.finish(2);
  return wrap(linalg::eigh(x, u, false).first);
}

const FnEntry kLinalgLaFns[] = {
    {"inv", np_la_inv, {"inv(a)"}},
    {"solve", np_la_solve, {"solve(a, b)"}},
    {"det", np_la_det, {"det(a)"}},
    {"slogdet", np_la_slogdet, {"slogdet(a)"}},
    {"cholesky", np_la_cholesky, {"cholesky(a, /, *, upper=)"}},
    {"svd", np_la_svd, {"svd(a, full_matrices=, compute_uv=, hermitian=)"}},
    {"qr", np_la_qr, {"qr(a, mode=)"}},
    {"eig", np_la_eig, {"eig(a)"}},
    {"eigvals", np_la_eigvals, {"eigvals(a)"}},
    {"matrix_rank", np_la_matrix_rank, {"matrix_rank(A, tol=, hermitian=, *, rtol=)"}},
    {"lstsq", np_la_lstsq, {"lstsq(a, b, rcond=)"}},
    {"pinv", np_la_pinv, {"pinv(a, rcond=, hermitian=, *, rtol=)"}},
    {"matrix_power", np_la_matrix_power, {"matrix_power(a, n)"}},
    {"norm", np_la_norm, {"norm(x, ord=, axis=, keepdims=)"}},
    {"multi_dot", np_la_multi_dot, {"multi_dot(arrays, *, out=)"}},
    {"eigh", np_la_eigh, {"eigh(a, UPLO=)"}},
    {"eigvalsh", np_la_eigvalsh, {"eigvalsh(a, UPLO=)"}},
};

const MethodEntry kLinalgMethods[] = {
    {"dot", ndarray_dot},
    {"trace", ndarray_trace},
};

}  // namespace

void install_numpy_linalg(Interp& in, ModuleObj& np) {
  def_fns(in, np, kLinalgFns);
  def_ndarray_methods(kLinalgMethods);

  def_fns(in, submodule(in, "numpy.linalg"), kLinalgLaFns);  // LinAlgError: numpy/exceptions.cpp
}

}  // namespace sl::lang
