// torch/linalg: the torch.linalg module, its torch.* and Tensor forms
// (torch.det, torch.inverse, torch.svd, Tensor.slogdet, ...) and
// torch.linalg.LinAlgError (torch._C._LinAlgError, a RuntimeError).
//
// The LU family (det, slogdet, inv, solve, lu_factor, lu, lu_solve) runs
// core/linalg/torch_lu in the tensor's own precision with PyTorch's layout
// choices, so its digits are PyTorch's. The others (cholesky, qr, svd, eigh,
// eig, lstsq, pinv, matrix_rank, norms) are numpy.linalg's ports of the same
// LAPACK routines (core/linalg/linalg), computed in double and returned in the
// tensor's dtype: float32 results can differ from PyTorch's in the last bit
// (not at the printed precision), and singular / eigen vectors may differ in
// sign (LAPACK's Householder vs the ports' Jacobi sweeps).
//
// Invariant: argument checks come first, in ATen's order and words
// (LinearAlgebraUtils.h checkIsMatrix / squareCheckInputs /
// checkFloatingOrComplex, BatchLinearAlgebra.cpp's messages); this file holds
// no arithmetic, only conversions and calls into core/linalg.
#include <cmath>
#include <cstring>

#include "core/lang/torch/autograd.hpp"
#include "core/lang/torch/convert.hpp"
#include "core/linalg/linalg.hpp"
#include "core/linalg/torch_lu.hpp"
#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/model/strides.hpp"
#include "core/ops/copy.hpp"
#include "core/torch/views.hpp"

namespace sl::lang {

namespace {

ModuleObj& torch_module(Interp& in) { return *in.modules.at("torch"); }

// ---- argument checks (LinearAlgebraUtils.h)

ArrayPtr la_tensor(Interp& in, const Value& v, const std::string& fn, const char* arg, int pos) {
  return tensor_arg(in, v, "linalg_" + fn, arg, pos);
}
void check_matrix(Interp& in, const Array& a, const std::string& fn, const char* arg = "A") {
  if (a.ndim() < 2)
    in.raise_exc("RuntimeError", "linalg." + fn + ": The input tensor " + arg + " must have at least 2 dimensions.");
}
void check_square(Interp& in, const Array& a, const std::string& fn, const char* arg = "A") {
  check_matrix(in, a, fn, arg);
  const int64_t m = a.shape[size_t(a.ndim() - 2)], n = a.shape.back();
  if (m != n)
    in.raise_exc("RuntimeError", "linalg." + fn + ": " + arg + " must be batches of square matrices, but they are " +
                                     std::to_string(m) + " by " + std::to_string(n) + " matrices");
}
void check_floating(Interp& in, const Array& a, const std::string& fn, const char* what = "") {
  if (!is_float(a.dtype) && !is_complex(a.dtype))
    in.raise_exc("RuntimeError", "linalg." + fn + ": Expected a floating point or complex tensor as input. Got " +
                                     torch_type_name(a.dtype) + what);
}
// LAPACK has no half precision: ATen's dispatch stub names the kernel.
void check_lapack_dtype(Interp& in, const Array& a, const char* kernel) {
  if (a.dtype == DType::F16)
    in.raise_exc("RuntimeError", std::string("\"") + kernel + "\" not implemented for '" + torch_type_name(a.dtype) + "'");
}
ArrayPtr square_input(Interp& in, const Value& v, const std::string& fn, const char* kernel = "lu_cpu") {
  ArrayPtr a = la_tensor(in, v, fn, "A", 1);
  check_matrix(in, *a, fn);
  check_floating(in, *a, fn);
  check_square(in, *a, fn);
  check_lapack_dtype(in, *a, kernel);
  return a;
}

// A numpy.linalg result as a tensor of dtype dt.
ArrayPtr as_tensor(const ArrayPtr& r, DType dt) {
  ArrayPtr t = r->dtype == dt && !r->base ? r : copy_as(*r, dt, 'C');
  t->flavor = Flavor::Torch;
  return t;
}
DType real_of(DType dt) { return dt == DType::C64 ? DType::F32 : dt == DType::C128 ? DType::F64 : dt; }

// Runs a numpy.linalg port; its LinAlgError becomes `message` as torch's.
template <class F>
auto numpy_port(Interp& in, F&& f, const std::string& message) {
  try {
    return f();
  } catch (const PyError& e) {
    if (e.type != "LinAlgError") throw;
    in.raise_exc("_LinAlgError", message);
  }
}

// torch.return_types.<name>: a structseq (a tuple with named fields) printed
// as PyTorch prints it, "torch.return_types.name(\nfield=...,\nfield=...)".
Value structseq(Interp& in, const std::string& name, const std::vector<const char*>& fields, std::vector<Value> vals) {
  ModuleObj& tm = torch_module(in);
  const std::string key = "_return_" + name;
  if (!tm.attrs.count(key))
    tm.attrs[key] = Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), in.new_type(name, "torch.return_types", {in.t.object})));
  auto g = std::make_shared<GenericObj>(tm.attrs.at(key).as<TypeObj>());
  for (size_t i = 0; i < fields.size(); ++i) g->attrs[fields[i]] = vals[i];
  Value items = make_tuple(vals);
  const int64_t n = int64_t(vals.size());
  g->attrs["__iter__"] = in.builtin("__iter__", [items](Interp&, Args&) -> Value { return items; });
  g->attrs["__len__"] = in.builtin("__len__", [n](Interp&, Args&) -> Value { return Value::integer(n); });
  g->attrs["__getitem__"] = in.builtin("__getitem__", [items](Interp& in, Args& a) -> Value { return in.getitem(items, a.pos.at(0)); });
  std::vector<std::string> names(fields.begin(), fields.end());
  g->attrs["__repr__"] = in.builtin("__repr__", [name, names, vals](Interp& in, Args&) -> Value {
    std::string r = "torch.return_types." + name + "(";
    for (size_t i = 0; i < names.size(); ++i) r += (i ? ",\n" : "\n") + names[i] + "=" + in.repr(vals[i]);
    return make_str(r + ")");
  });
  return Value(std::static_pointer_cast<Obj>(g));
}

Value int32_scalar_tensor(int64_t v) {
  ArrayPtr t = make_array(DType::I32, {}, 'C', Flavor::Torch);
  store<int32_t>(t->data(), int32_t(v));
  return Value(t);
}
Value info_tensor(const std::vector<int64_t>& info, const Shape& batch) {
  ArrayPtr t = make_array(DType::I32, batch, 'C', Flavor::Torch);
  for (size_t i = 0; i < info.size(); ++i) store<int32_t>(t->data() + int64_t(i) * 4, int32_t(info[i]));
  return Value(t);
}
Shape batch_of(const Array& a) { return Shape(a.shape.begin(), a.shape.end() - 2); }
int64_t first_error(const std::vector<int64_t>& info) {
  for (int64_t x : info)
    if (x) return x;
  return 0;
}

// ---- the LU family (core/linalg/torch_lu)

Value la_det(Interp& in, Args& a) {
  ArrayPtr A = square_input(in, a.required(0, "A"), "det");
  a.finish(1);
  return Value(linalg::torch_det(linalg::torch_lu_factor(A, true)));
}

Value slogdet_pair(Interp& in, const std::string& name, Args& a) {
  ArrayPtr A = square_input(in, a.required(0, "A"), "slogdet");
  a.finish(1);
  auto [sign, logabs] = linalg::torch_slogdet(linalg::torch_lu_factor(A, true));
  return structseq(in, name, {"sign", "logabsdet"}, {Value(sign), Value(logabs)});
}
Value la_slogdet(Interp& in, Args& a) { return slogdet_pair(in, "linalg_slogdet", a); }
Value torch_slogdet_fn(Interp& in, Args& a) { return slogdet_pair(in, "slogdet", a); }

// torch.logdet: log(det) for real input -- nan for a negative determinant
// (sign * exp(logabsdet) has no real log), -inf for a singular one.
Value torch_logdet(Interp& in, Args& a) {
  ArrayPtr A = square_input(in, a.required(0, "input"), "logdet");
  a.finish(1);
  auto [sign, logabs] = linalg::torch_slogdet(linalg::torch_lu_factor(A, true));
  if (is_complex(A->dtype)) return in.binop("+", Value(logabs), in.call(in.getattr(Value(sign), "log"), std::vector<Value>{}));
  Value neg = in.call(in.getattr(Value(sign), "lt"), std::vector<Value>{Value::integer(0)});
  return in.call(in.getattr(Value(logabs), "masked_fill"), std::vector<Value>{neg, Value::new_float(NAN)});
}

// The inverse as solve(A, I): the identity in A's dtype and batch.
ArrayPtr inverse_of(const ArrayPtr& A, std::vector<int64_t>& info) {
  linalg::TorchFactor f = linalg::torch_lu_factor(A, true);
  info = f.info;
  const int64_t n = A->shape.back();
  ArrayPtr eye = make_array(A->dtype, {n, n}, 'C', Flavor::Torch);
  for (int64_t i = 0; i < n; ++i) {
    const double one = 1.0;
    ArrayPtr src = make_array(DType::F64, {}, 'C');
    std::memcpy(src->data(), &one, 8);
    copy_into(*make_view(eye, eye->dtype, {}, {}, (i * n + i) * eye->itemsize()), *src);
  }
  return linalg::torch_lu_solve(f, eye);
}

Value inv_impl(Interp& in, const ArrayPtr& A, const std::string& who) {
  std::vector<int64_t> info;
  ArrayPtr r = inverse_of(A, info);
  if (int64_t e = first_error(info))
    in.raise_exc("_LinAlgError", who + ": The diagonal element " + std::to_string(e) +
                                     " is zero, the inversion could not be completed because the input matrix is singular.");
  return Value(r);
}
Value la_inv(Interp& in, Args& a) {
  ArrayPtr A = square_input(in, a.required(0, "A"), "inv");
  a.finish(1);
  return inv_impl(in, A, "linalg.inv");
}
Value torch_inverse(Interp& in, Args& a) {
  ArrayPtr A = square_input(in, a.required(0, "input"), "inv");
  a.finish(1);
  return inv_impl(in, A, "linalg.inv");
}
Value la_inv_ex(Interp& in, Args& a) {
  ArrayPtr A = square_input(in, a.required(0, "A"), "inv");
  Value check = a.optional(1, "check_errors", Value::boolean(false));
  a.finish(2);
  std::vector<int64_t> info;
  ArrayPtr r = inverse_of(A, info);
  if (in.truthy(check) && first_error(info)) return inv_impl(in, A, "linalg.inv_ex");
  return structseq(in, "linalg_inv_ex", {"inverse", "info"}, {Value(r), info_tensor(info, batch_of(*A))});
}

// linalg.solve(A, B, left=True): B is a batch of vectors when B.ndim == 1 or
// B's shape is A's batch followed by n (linalg_solve_is_vector_rhs).
ArrayPtr solve_impl(Interp& in, const ArrayPtr& A, const ArrayPtr& B, std::vector<int64_t>& info) {
  const bool vec = B->ndim() == 1 || (B->ndim() == A->ndim() - 1 && Shape(B->shape.begin(), B->shape.end() - 1) == batch_of(*A));
  ArrayPtr b = vec ? torch_unsqueeze(B, -1) : B;
  const int64_t n = A->shape.back();
  if (b->ndim() < 2 || b->shape[size_t(b->ndim() - 2)] != n)
    in.raise_exc("RuntimeError", "linalg.solve: Incompatible shapes of A and B for the equation AX = B (" + std::to_string(n) +
                                     "x" + std::to_string(n) + " and " + std::to_string(b->shape[size_t(b->ndim() - 2)]) +
                                     "x" + std::to_string(b->shape.back()) + ")");
  linalg::TorchFactor f = linalg::torch_lu_factor(A, true);
  info = f.info;
  ArrayPtr X = linalg::torch_lu_solve(f, b);
  return vec ? torch_reshape(X, Shape(X->shape.begin(), X->shape.end() - 1)) : X;
}
std::pair<ArrayPtr, ArrayPtr> solve_args(Interp& in, Args& a) {
  ArrayPtr A = square_input(in, a.required(0, "A"), "solve");
  ArrayPtr B = la_tensor(in, a.required(1, "B"), "solve", "B", 2);
  if (!in.truthy(a.optional(99, "left", Value::boolean(true)))) in.raise_exc("NotImplementedError", "linalg.solve(left=False)");
  if (B->dtype != A->dtype)
    in.raise_exc("RuntimeError", std::string("linalg.solve: Expected A and B to have the same dtype, but found A of type ") +
                                     torch_type_name(A->dtype) + " and B of type " + torch_type_name(B->dtype) + " instead");
  return {A, B};
}
Value la_solve(Interp& in, Args& a) {
  auto [A, B] = solve_args(in, a);
  a.finish(2);
  std::vector<int64_t> info;
  ArrayPtr X = solve_impl(in, A, B, info);
  if (first_error(info)) in.raise_exc("_LinAlgError", "torch.linalg.solve: The solver failed because the input matrix is singular.");
  return Value(X);
}
Value la_solve_ex(Interp& in, Args& a) {
  auto [A, B] = solve_args(in, a);
  Value check = a.optional(99, "check_errors", Value::boolean(false));
  a.finish(2);
  std::vector<int64_t> info;
  ArrayPtr X = solve_impl(in, A, B, info);
  if (in.truthy(check) && first_error(info))
    in.raise_exc("_LinAlgError", "torch.linalg.solve_ex: The solver failed because the input matrix is singular.");
  return structseq(in, "linalg_solve_ex", {"result", "info"}, {Value(X), info_tensor(info, batch_of(*A))});
}

Value lu_factor_impl(Interp& in, Args& a, bool ex) {
  ArrayPtr A = la_tensor(in, a.required(0, "A"), "lu_factor", "A", 1);
  a.optional(99, "pivot");
  Value check = a.optional(99, "check_errors", Value::boolean(false));
  a.finish(1);
  check_matrix(in, *A, "lu_factor");
  check_floating(in, *A, "lu_factor");
  check_square(in, *A, "lu_factor");  // stridelab's LU is square-only
  check_lapack_dtype(in, *A, "lu_cpu");
  linalg::TorchFactor f = linalg::torch_lu_factor(A, false);
  if ((!ex || in.truthy(check)) && first_error(f.info) && ex)
    in.raise_exc("_LinAlgError", "torch.linalg.lu_factor_ex: U[" + std::to_string(first_error(f.info)) + "," +
                                     std::to_string(first_error(f.info)) + "] is zero and using it on lu_solve would result in a division by zero. If you still want to perform the factorization, consider calling linalg.lu(A, pivot) or linalg.lu_factor_ex(A, pivot)");
  if (!ex) return structseq(in, "linalg_lu_factor", {"LU", "pivots"}, {Value(f.lu), Value(f.pivots)});
  return structseq(in, "linalg_lu_factor_ex", {"LU", "pivots", "info"},
                   {Value(f.lu), Value(f.pivots), info_tensor(f.info, batch_of(*A))});
}
Value la_lu_factor(Interp& in, Args& a) { return lu_factor_impl(in, a, false); }
Value la_lu_factor_ex(Interp& in, Args& a) { return lu_factor_impl(in, a, true); }

// linalg.lu: P, L, U with A = P L U, unpacked from the factors (lu_unpack).
Value la_lu(Interp& in, Args& a) {
  ArrayPtr A = la_tensor(in, a.required(0, "A"), "lu", "A", 1);
  a.optional(99, "pivot");
  a.finish(1);
  check_matrix(in, *A, "lu");
  check_floating(in, *A, "lu");
  check_square(in, *A, "lu");
  linalg::TorchFactor f = linalg::torch_lu_factor(A, false);
  Value LU(f.lu);
  Value L = in.call(torch_module(in).attrs.at("tril"), std::vector<Value>{LU, Value::integer(-1)});
  const int64_t n = A->shape.back();
  Value eye = in.call(torch_module(in).attrs.at("eye"), std::vector<Value>{Value::integer(n)});
  eye = in.call(in.getattr(eye, "to"), std::vector<Value>{in.getattr(Value(A), "dtype")});
  L = in.binop("+", L, eye);
  Value U = in.call(torch_module(in).attrs.at("triu"), std::vector<Value>{LU});
  // P: the identity's rows permuted by the pivots' swaps, applied in order; A = P L U
  std::vector<Value> mats;
  const int64_t count = f.lu->size() / std::max<int64_t>(n * n, 1);
  ArrayPtr P = make_array(A->dtype, A->shape, 'C', Flavor::Torch);
  for (int64_t b = 0; b < count; ++b) {
    std::vector<int64_t> perm(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) perm[size_t(i)] = i;
    for (int64_t j = 0; j < n; ++j) std::swap(perm[size_t(j)], perm[size_t(load<int32_t>(f.pivots->data() + (b * n + j) * 4) - 1)]);
    // row perm[i] of A is row i of L U: P[perm[i]][i] = 1
    for (int64_t i = 0; i < n; ++i) {
      ArrayPtr one = make_array(DType::F64, {}, 'C');
      store<double>(one->data(), 1.0);
      copy_into(*make_view(P, P->dtype, {}, {}, ((b * n + perm[size_t(i)]) * n + i) * P->itemsize()), *one);
    }
  }
  return structseq(in, "linalg_lu", {"P", "L", "U"}, {Value(P), L, U});
}

// linalg.lu_solve(LU, pivots, B): the factors of lu_factor, solved as getrs.
Value la_lu_solve(Interp& in, Args& a) {
  linalg::TorchFactor f;
  f.lu = la_tensor(in, a.required(0, "LU"), "lu_solve", "LU", 1);
  f.pivots = la_tensor(in, a.required(1, "pivots"), "lu_solve", "pivots", 2);
  ArrayPtr B = la_tensor(in, a.required(2, "B"), "lu_solve", "B", 3);
  a.optional(99, "left");
  a.optional(99, "adjoint");
  a.finish(3);
  check_square(in, *f.lu, "lu_solve", "LU");
  f.lu = copy_as(*f.lu, f.lu->dtype, 'C');
  f.pivots = copy_as(*f.pivots, DType::I32, 'C');
  return Value(linalg::torch_lu_solve(f, B));
}

// linalg.solve_triangular(A, B, *, upper, left=True, unitriangular=False):
// the batches broadcast; left=False solves X A = B as A^T X^T = B^T.
Value la_solve_triangular(Interp& in, Args& a) {
  ArrayPtr A = la_tensor(in, a.required(0, "A"), "solve_triangular", "A", 1);
  ArrayPtr B = la_tensor(in, a.required(1, "B"), "solve_triangular", "B", 2);
  Value up;
  if (!a.take(99, "upper", up))
    in.raise_exc("TypeError", "linalg_solve_triangular() missing 1 required positional arguments: \"upper\"");
  bool upper = bool_arg(in, up, "linalg_solve_triangular", "upper");
  const bool left = bool_arg(in, a.optional(99, "left", Value::boolean(true)), "linalg_solve_triangular", "left");
  const bool unit = bool_arg(in, a.optional(99, "unitriangular", Value::boolean(false)), "linalg_solve_triangular", "unitriangular");
  a.finish(2);
  check_matrix(in, *A, "solve_triangular");
  check_floating(in, *A, "solve_triangular");
  check_square(in, *A, "solve_triangular");
  if (B->ndim() < 2)
    in.raise_exc("RuntimeError", "linalg.solve_triangular: The input tensor B must have at least 2 dimensions.");
  if (A->dtype != B->dtype)
    in.raise_exc("RuntimeError", std::string("linalg.solve_triangular: Expected A and B to have the same dtype, but found A of type ") +
                                     torch_type_name(A->dtype) + " and B of type " + torch_type_name(B->dtype) + " instead");
  if (!left) {
    A = torch_transpose(A, -2, -1), B = torch_transpose(B, -2, -1);
    upper = !upper;
  }
  const int64_t n = A->shape.back();
  if (B->shape[size_t(B->ndim() - 2)] != n)
    in.raise_exc("RuntimeError", "linalg.solve_triangular: Incompatible shapes of A and B for the equation " +
                                     std::string(left ? "AX = B" : "XA = B") + " (" + std::to_string(n) + "x" + std::to_string(n) +
                                     " and " + std::to_string(B->shape[size_t(B->ndim() - 2)]) + "x" + std::to_string(B->shape.back()) + ")");
  Shape batch = broadcast_shapes({batch_of(*A), batch_of(*B)});
  Shape as = batch, bs = batch;
  as.push_back(n), as.push_back(n), bs.push_back(n), bs.push_back(B->shape.back());
  ArrayPtr X = linalg::torch_solve_triangular(torch_expand(A, as), torch_expand(B, bs), upper, unit);
  return left ? Value(X) : Value(torch_clone(*torch_transpose(X, -2, -1)));
}

// linalg.tensorinv(A, ind=2): inv of A as a (prod(shape[:ind]), prod(shape[ind:])) matrix,
// reshaped to shape[ind:] + shape[:ind].
Value la_tensorinv(Interp& in, Args& a) {
  ArrayPtr A = la_tensor(in, a.required(0, "A"), "tensorinv", "A", 1);
  const int64_t ind = int_arg(in, a.optional(1, "ind", Value::integer(2)), "linalg_tensorinv", "ind");
  a.finish(2);
  if (ind <= 0) in.raise_exc("RuntimeError", "Expected a strictly positive integer for 'ind', but got " + std::to_string(ind));
  Shape out(A->shape.begin() + std::min<int64_t>(ind, A->ndim()), A->shape.end());
  int64_t rows = 1;
  for (int64_t k = 0; k < std::min<int64_t>(ind, A->ndim()); ++k) rows *= A->shape[size_t(k)], out.push_back(A->shape[size_t(k)]);
  const int64_t cols = A->size() / std::max<int64_t>(rows, 1);
  if (rows != cols)
    in.raise_exc("RuntimeError", "Expected self to satisfy the requirement prod(self.shape[ind:]) == prod(self.shape[:ind]), but got " +
                                     std::to_string(cols) + " != " + std::to_string(rows));
  ArrayPtr M = square_input(in, Value(torch_reshape(A, {rows, cols})), "inv");
  return Value(torch_reshape(inv_impl(in, M, "linalg.inv").array(), out));
}

// linalg.tensorsolve(A, B): X with tensordot(A, X, X.ndim) = B, through
// solve(A as a (B.numel(), rest) matrix, B flattened).
Value la_tensorsolve(Interp& in, Args& a) {
  ArrayPtr A = la_tensor(in, a.required(0, "A"), "tensorsolve", "A", 1);
  ArrayPtr B = la_tensor(in, a.required(1, "B"), "tensorsolve", "B", 2);
  Value dims = a.optional(2, "dims");
  a.finish(3);
  if (!dims.is_none()) in.raise_exc("NotImplementedError", "linalg.tensorsolve(dims=...)");
  Shape xs(A->shape.begin() + std::min<int64_t>(B->ndim(), A->ndim()), A->shape.end());
  const int64_t rows = B->size(), cols = shape_size(xs);
  if (rows != cols || A->size() != rows * cols)
    in.raise_exc("RuntimeError", "Expected self to satisfy the requirement prod(self.shape[other.ndim:]) == prod(self.shape[:other.ndim]), but got " +
                                     std::to_string(cols) + " != " + std::to_string(A->size() / std::max<int64_t>(cols, 1)));
  ArrayPtr M = square_input(in, Value(torch_reshape(A, {rows, cols})), "solve");
  std::vector<int64_t> info;
  ArrayPtr X = solve_impl(in, M, torch_reshape(B, {rows}), info);
  if (first_error(info)) in.raise_exc("_LinAlgError", "torch.linalg.solve: The solver failed because the input matrix is singular.");
  return Value(torch_reshape(X, xs));
}

// linalg.householder_product(A, tau) / Tensor.orgqr(tau): core/linalg/torch_lu.
Value householder_impl(Interp& in, Args& a, const char* first) {
  ArrayPtr A = la_tensor(in, a.required(0, first), "householder_product", first, 1);
  ArrayPtr tau = la_tensor(in, a.required(1, "tau"), "householder_product", "tau", 2);
  a.finish(2);
  check_matrix(in, *A, "householder_product");
  check_floating(in, *A, "householder_product");
  const int64_t m = A->shape[size_t(A->ndim() - 2)], n = A->shape.back();
  if (m < n)
    in.raise_exc("RuntimeError", "torch.linalg.householder_product: input.shape[-2] must be greater than or equal to input.shape[-1]");
  if (tau->ndim() != A->ndim() - 1)
    in.raise_exc("RuntimeError", "torch.linalg.householder_product: Expected tau to have one dimension less than input, but got tau.ndim equal to " +
                                     std::to_string(tau->ndim()) + " and input.ndim is equal to " + std::to_string(A->ndim()));
  if (tau->shape.back() > n)
    in.raise_exc("RuntimeError", "torch.linalg.householder_product: input.shape[-1] must be greater than or equal to tau.shape[-1]");
  if (tau->dtype != A->dtype)
    in.raise_exc("RuntimeError", std::string("torch.linalg.householder_product: tau dtype ") + torch_type_name(tau->dtype) +
                                     " does not match input dtype " + torch_type_name(A->dtype));
  return Value(linalg::torch_householder_product(A, tau));
}
Value la_householder_product(Interp& in, Args& a) { return householder_impl(in, a, "input"); }

// ---- the numpy.linalg ports, in double, returned in the tensor's dtype

Value la_cholesky_impl(Interp& in, const ArrayPtr& A, bool upper, const std::string& who, std::vector<int64_t>* info) {
  auto run = [&](const ArrayPtr& m) { return linalg::cholesky(m); };
  ArrayPtr L;
  try {
    L = run(A);
    if (info) info->assign(size_t(shape_size(batch_of(*A))), 0);
  } catch (const PyError& e) {
    if (e.type != "LinAlgError") throw;
    // the order of the first leading minor that is not positive-definite (potrf's info)
    int64_t k = 1;
    for (const int64_t n = A->shape.back(); k < n; ++k) {
      Array lead = *A;
      lead.shape[size_t(lead.ndim() - 1)] = lead.shape[size_t(lead.ndim() - 2)] = k;
      try {
        run(copy_as(lead, A->dtype, 'C'));
      } catch (const PyError&) {
        break;
      }
    }
    if (info) {
      info->assign(size_t(shape_size(batch_of(*A))), k);
      return Value();
    }
    in.raise_exc("_LinAlgError", who + ": The factorization could not be completed because the input is not positive-definite (the leading minor of order " +
                                     std::to_string(k) + " is not positive-definite).");
  }
  ArrayPtr r = as_tensor(L, A->dtype);
  return upper ? Value(torch_clone(*torch_transpose(r, -2, -1))) : Value(r);
}
Value la_cholesky(Interp& in, Args& a) {
  Value av = a.required(0, "A");
  bool upper = bool_arg(in, a.optional(99, "upper", Value::boolean(false)), "linalg_cholesky", "upper");
  a.finish(1);
  ArrayPtr A = square_input(in, av, "cholesky", "cholesky_cpu");
  return la_cholesky_impl(in, A, upper, "linalg.cholesky", nullptr);
}
Value torch_cholesky(Interp& in, Args& a) {
  Value av = a.required(0, "input");
  bool upper = bool_arg(in, a.optional(1, "upper", Value::boolean(false)), "cholesky", "upper");
  a.finish(2);
  ArrayPtr A = square_input(in, av, "cholesky", "cholesky_cpu");
  return la_cholesky_impl(in, A, upper, "linalg.cholesky", nullptr);
}
Value la_cholesky_ex(Interp& in, Args& a) {
  Value av = a.required(0, "A");
  bool upper = bool_arg(in, a.optional(99, "upper", Value::boolean(false)), "linalg_cholesky_ex", "upper");
  a.optional(99, "check_errors");
  a.finish(1);
  ArrayPtr A = square_input(in, av, "cholesky", "cholesky_cpu");
  std::vector<int64_t> info;
  Value L = la_cholesky_impl(in, A, upper, "linalg.cholesky_ex", &info);
  if (L.is_none()) L = in.call(torch_module(in).attrs.at("zeros_like"), std::vector<Value>{Value(A)});
  return structseq(in, "linalg_cholesky_ex", {"L", "info"}, {L, info_tensor(info, batch_of(*A))});
}

Value la_qr(Interp& in, Args& a) {
  ArrayPtr A = la_tensor(in, a.required(0, "A"), "qr", "A", 1);
  Value mode = a.optional(1, "mode", make_str("reduced"));
  a.finish(2);
  if (!mode.as<StrObj>()) in.raise_exc("TypeError", "linalg_qr(): argument 'mode' (position 2) must be str, not " + in.type_of(mode)->name);
  check_matrix(in, *A, "qr");
  check_floating(in, *A, "qr");
  const std::string m = in.str(mode);
  if (m != "reduced" && m != "complete" && m != "r")
    in.raise_exc("RuntimeError", "qr received unrecognized mode '" + m + "' but expected one of 'reduced' (default), 'r', or 'complete'");
  auto [q, r] = linalg::qr(A, m);
  Value Q = q ? Value(as_tensor(q, A->dtype)) : Value(make_array(A->dtype, {0}, 'C', Flavor::Torch));
  return structseq(in, "linalg_qr", {"Q", "R"}, {Q, Value(as_tensor(r, A->dtype))});
}
// torch.qr(input, some=True): reduced unless some=False.
Value torch_qr(Interp& in, Args& a) {
  ArrayPtr A = la_tensor(in, a.required(0, "input"), "qr", "A", 1);
  const bool some = bool_arg(in, a.optional(1, "some", Value::boolean(true)), "qr", "some");
  a.finish(2);
  check_matrix(in, *A, "qr");
  auto [q, r] = linalg::qr(A, some ? "reduced" : "complete");
  return structseq(in, "qr", {"Q", "R"}, {Value(as_tensor(q, A->dtype)), Value(as_tensor(r, A->dtype))});
}

linalg::SVD svd_of(Interp& in, const ArrayPtr& A, bool full, bool uv, const char* fn) {
  check_matrix(in, *A, fn);
  check_floating(in, *A, fn);
  return linalg::svd(A, full, uv);
}
Value la_svd(Interp& in, Args& a) {
  ArrayPtr A = la_tensor(in, a.required(0, "A"), "svd", "A", 1);
  const bool full = bool_arg(in, a.optional(1, "full_matrices", Value::boolean(true)), "linalg_svd", "full_matrices");
  a.optional(99, "driver");
  a.finish(2);
  linalg::SVD s = svd_of(in, A, full, true, "svd");
  return structseq(in, "linalg_svd", {"U", "S", "Vh"},
                   {Value(as_tensor(s.u, A->dtype)), Value(as_tensor(s.s, real_of(A->dtype))), Value(as_tensor(s.vh, A->dtype))});
}
Value la_svdvals(Interp& in, Args& a) {
  ArrayPtr A = la_tensor(in, a.required(0, "A"), "svdvals", "A", 1);
  a.optional(99, "driver");
  a.finish(1);
  return Value(as_tensor(svd_of(in, A, false, false, "svdvals").s, real_of(A->dtype)));
}
// torch.svd(input, some=True, compute_uv=True): U, S and V = Vh^H; without
// compute_uv, U and V are zero matrices of the full shapes.
Value torch_svd(Interp& in, Args& a) {
  ArrayPtr A = la_tensor(in, a.required(0, "input"), "svd", "A", 1);
  const bool some = bool_arg(in, a.optional(1, "some", Value::boolean(true)), "svd", "some");
  const bool uv = bool_arg(in, a.optional(2, "compute_uv", Value::boolean(true)), "svd", "compute_uv");
  a.finish(3);
  linalg::SVD s = svd_of(in, A, !some, uv, "svd");
  Value S(as_tensor(s.s, real_of(A->dtype)));
  if (!uv) {
    const int64_t m = A->shape[size_t(A->ndim() - 2)], n = A->shape.back();
    Shape us = batch_of(*A), vs = batch_of(*A);
    us.push_back(m), us.push_back(m), vs.push_back(n), vs.push_back(n);
    return structseq(in, "svd", {"U", "S", "V"},
                     {Value(make_array(A->dtype, us, 'C', Flavor::Torch)), S, Value(make_array(A->dtype, vs, 'C', Flavor::Torch))});
  }
  Value V(torch_transpose(as_tensor(s.vh, A->dtype), -2, -1));
  if (is_complex(A->dtype)) in.raise_exc("NotImplementedError", "torch.svd of a complex tensor (stridelab has no conj)");
  return structseq(in, "svd", {"U", "S", "V"}, {Value(as_tensor(s.u, A->dtype)), S, V});
}

Value eigh_impl(Interp& in, Args& a, bool vectors) {
  const char* fn = vectors ? "eigh" : "eigvalsh";
  ArrayPtr A = square_input(in, a.required(0, "A"), fn, "linalg_eigh_cpu");
  Value uplo = a.optional(1, "UPLO", make_str("L"));
  a.finish(2);
  const std::string u = in.str(uplo);
  if (u != "L" && u != "U" && u != "l" && u != "u")
    in.raise_exc("RuntimeError", "Expected UPLO argument to be 'L' or 'U', but got " + u);
  auto [w, v] = linalg::eigh(A, char(std::toupper(u[0])), vectors);
  Value W(as_tensor(w, real_of(A->dtype)));
  if (!vectors) return W;
  return structseq(in, "linalg_eigh", {"eigenvalues", "eigenvectors"}, {W, Value(as_tensor(v, A->dtype))});
}
Value la_eigh(Interp& in, Args& a) { return eigh_impl(in, a, true); }
Value la_eigvalsh(Interp& in, Args& a) { return eigh_impl(in, a, false); }

// linalg.eig / eigvals: always complex (PyTorch does not return real
// eigenvalues for a real matrix, as NumPy does when they all are).
DType complex_of(DType dt) { return dt == DType::F32 || dt == DType::C64 ? DType::C64 : DType::C128; }
Value eig_impl(Interp& in, Args& a, bool vectors) {
  const char* fn = vectors ? "eig" : "eigvals";
  ArrayPtr A = square_input(in, a.required(0, "A"), fn, "linalg_eig_cpu");
  a.finish(1);
  auto [w, v] = numpy_port(in, [&] { return linalg::eig(A, vectors); }, std::string("linalg.") + fn + ": The algorithm failed to converge.");
  Value W(as_tensor(w, complex_of(A->dtype)));
  if (!vectors) return W;
  return structseq(in, "linalg_eig", {"eigenvalues", "eigenvectors"}, {W, Value(as_tensor(v, complex_of(A->dtype)))});
}
Value la_eig(Interp& in, Args& a) { return eig_impl(in, a, true); }
Value la_eigvals(Interp& in, Args& a) { return eig_impl(in, a, false); }

Value la_matrix_power(Interp& in, Args& a) {
  ArrayPtr A = la_tensor(in, a.required(0, "A"), "matrix_power", "A", 1);
  int64_t n = int_arg(in, a.required(1, "n"), "linalg_matrix_power", "n");
  a.finish(2);
  check_square(in, *A, "matrix_power");
  if (n < 0) {
    ArrayPtr inv = square_input(in, Value(A), "inv");
    std::vector<int64_t> info;
    A = inverse_of(inv, info);
    if (int64_t e = first_error(info))
      in.raise_exc("_LinAlgError", "linalg.inv: The diagonal element " + std::to_string(e) +
                                       " is zero, the inversion could not be completed because the input matrix is singular.");
    n = -n;
  }
  // repeated squaring in matmul (at::linalg_matrix_power's order: z = z @ a as the bits are read)
  const int64_t m = A->shape.back();
  Value result;
  Value z;
  if (n == 0) {
    Value eye = in.call(torch_module(in).attrs.at("eye"), std::vector<Value>{Value::integer(m)});
    eye = in.call(in.getattr(eye, "to"), std::vector<Value>{in.getattr(Value(A), "dtype")});
    return in.call(in.getattr(eye, "expand_as"), std::vector<Value>{Value(A)});
  }
  Value base(A);
  while (n > 0) {
    const bool bit = n & 1;
    n >>= 1;
    z = z.is_none() ? base : in.binop("@", z, z);
    if (bit) result = result.is_none() ? in.call(in.getattr(z, "clone"), std::vector<Value>{}) : in.binop("@", result, z);
  }
  return result;
}

Value la_matrix_rank(Interp& in, Args& a) {
  ArrayPtr A = la_tensor(in, a.required(0, "A"), "matrix_rank", "A", 1);
  Value atol = a.optional(99, "atol"), rtol = a.optional(99, "rtol"), tol = a.optional(99, "tol");
  a.optional(99, "hermitian");
  a.finish(1);
  check_matrix(in, *A, "matrix_rank");
  check_floating(in, *A, "matrix_rank");
  std::optional<double> t;
  if (!tol.is_none()) t = in.float_value(tol);
  else if (!atol.is_none() && rtol.is_none()) t = in.float_value(atol);
  ArrayPtr r = linalg::matrix_rank(A, t);
  return Value(as_tensor(r, DType::I64));
}

Value la_pinv(Interp& in, Args& a) {
  ArrayPtr A = la_tensor(in, a.required(0, "A"), "pinv", "A", 1);
  Value rcond = a.optional(99, "rcond"), atol = a.optional(99, "atol"), rtol = a.optional(99, "rtol");
  a.optional(99, "hermitian");
  a.finish(1);
  check_matrix(in, *A, "pinv");
  check_floating(in, *A, "pinv");
  // rtol defaults to eps(dtype) * max(m, n) (linalg_pinv's default)
  const int64_t m = A->shape[size_t(A->ndim() - 2)], n = A->shape.back();
  const double eps = real_of(A->dtype) == DType::F32 ? 1.1920928955078125e-07 : 2.220446049250313e-16;
  double rc = eps * double(std::max(m, n));
  if (!rcond.is_none()) rc = in.float_value(rcond);
  if (!rtol.is_none()) rc = in.float_value(rtol);
  else if (!atol.is_none()) rc = 0;
  return Value(as_tensor(linalg::pinv(A, rc), A->dtype));
}
// torch.pinverse(input, rcond=1e-15)
Value torch_pinverse(Interp& in, Args& a) {
  ArrayPtr A = la_tensor(in, a.required(0, "input"), "pinv", "A", 1);
  Value rcond = a.optional(1, "rcond", Value::floating(1e-15));
  a.finish(2);
  if (!rcond.is_float() && !rcond.is_int())
    in.raise_exc("TypeError", "pinverse(): argument 'rcond' (position 2) must be float, not " + in.type_of(rcond)->name);
  check_matrix(in, *A, "pinv");
  return Value(as_tensor(linalg::pinv(A, in.float_value(rcond)), A->dtype));
}

Value la_lstsq(Interp& in, Args& a) {
  ArrayPtr A = la_tensor(in, a.required(0, "A"), "lstsq", "A", 1);
  ArrayPtr B = la_tensor(in, a.required(1, "B"), "lstsq", "B", 2);
  Value rcond = a.optional(2, "rcond");
  Value driver = a.optional(99, "driver");
  a.finish(3);
  check_matrix(in, *A, "lstsq");
  check_floating(in, *A, "lstsq");
  const bool vec = B->ndim() == A->ndim() - 1;
  ArrayPtr b = vec ? torch_unsqueeze(B, -1) : B;
  linalg::Lstsq r = linalg::lstsq(A, b, rcond.is_none() ? -1.0 : in.float_value(rcond));
  ArrayPtr x = as_tensor(r.x, A->dtype);
  if (vec) x = torch_reshape(x, Shape(x->shape.begin(), x->shape.end() - 1));
  // driver 'gelsy' (the CPU default): residuals only for full-rank tall A, no singular values
  const std::string drv = driver.is_none() ? "gelsy" : in.str(driver);
  const int64_t m = A->shape[size_t(A->ndim() - 2)], n = A->shape.back();
  Value res(make_array(real_of(A->dtype), {0}, 'C', Flavor::Torch));
  if (m > n && r.rank == n && drv != "gelsy") res = Value(as_tensor(r.residuals, real_of(A->dtype)));
  ArrayPtr rank = make_array(DType::I64, {}, 'C', Flavor::Torch);
  store<int64_t>(rank->data(), r.rank);
  Value sv(make_array(real_of(A->dtype), {0}, 'C', Flavor::Torch));
  if (drv == "gelsd" || drv == "gelss") sv = Value(as_tensor(r.s, real_of(A->dtype)));
  return structseq(in, "linalg_lstsq", {"solution", "residuals", "rank", "singular_values"}, {Value(x), res, Value(rank), sv});
}

// ---- norms

std::optional<std::vector<int64_t>> dims_value(Interp& in, const Value& v, const char* fn, int64_t ndim) {
  if (v.is_none()) return std::nullopt;
  std::vector<int64_t> d;
  if (in.is_int_like(v)) d.push_back(int_arg(in, v, fn, "dim"));
  else
    for (const Value& x : in.to_vector(v)) d.push_back(int_arg(in, x, fn, "dim"));
  for (int64_t& k : d) k = torch_wrap_dim(k, ndim);  // IndexError "Dimension out of range ..."
  return d;
}
linalg::NormOrd ord_value(Interp& in, const Value& v) {
  linalg::NormOrd o;
  if (v.is_none()) return o;
  if (auto* s = v.as<StrObj>()) {
    o.text = s->s;
    o.kind = s->s == "fro" ? linalg::NormOrd::Fro : s->s == "nuc" ? linalg::NormOrd::Nuc : linalg::NormOrd::Other;
    return o;
  }
  o.kind = linalg::NormOrd::Number;
  o.p = in.float_value(v);
  return o;
}
ArrayPtr with_dtype(Interp& in, const ArrayPtr& x, const Value& dtype) {
  return dtype.is_none() ? x : copy_as(*x, to_dtype(in, dtype), 'C');
}

// vector_norm(x, ord=2, dim=None, keepdim=False, dtype=None): x flattened when dim is None.
Value vector_norm_impl(Interp& in, const ArrayPtr& x0, const linalg::NormOrd& ord, std::optional<std::vector<int64_t>> dims,
                       bool keep, const Value& dtype) {
  ArrayPtr x = with_dtype(in, x0, dtype);
  linalg::NormOrd o = ord;
  if (o.kind == linalg::NormOrd::None) o.kind = linalg::NormOrd::Number, o.p = 2;
  if (!dims) {
    ArrayPtr flat = torch_reshape(x, {-1});
    ArrayPtr r = linalg::norm(flat, o, std::vector<int64_t>{0}, false);
    if (keep) r = torch_reshape(as_tensor(r, real_of(x->dtype)), Shape(size_t(x->ndim()), 1));
    return Value(as_tensor(r, real_of(x->dtype)));
  }
  ArrayPtr r = x;
  if (dims->size() == 1) r = linalg::norm(x, o, dims, keep);
  else {  // several dims: the vector norm over them together -- moved last, flattened into one
    std::vector<int64_t> order, d;
    std::vector<bool> reduced(size_t(x->ndim()), false);
    for (int64_t k : *dims) reduced[size_t(torch_wrap_dim(k, x->ndim()))] = true;
    Shape kept, ks = x->shape;
    for (int64_t k = 0; k < x->ndim(); ++k)
      if (!reduced[size_t(k)]) order.push_back(k), kept.push_back(x->shape[size_t(k)]);
      else ks[size_t(k)] = 1;
    for (int64_t k = 0; k < x->ndim(); ++k)
      if (reduced[size_t(k)]) order.push_back(k);
    kept.push_back(-1);
    ArrayPtr flat = torch_reshape(torch_clone(*torch_permute(x, order)), kept);
    r = linalg::norm(flat, o, std::vector<int64_t>{-1}, false);
    if (keep) r = torch_reshape(as_tensor(r, real_of(x->dtype)), ks);
  }
  return Value(as_tensor(r, real_of(x->dtype)));
}
Value la_vector_norm(Interp& in, Args& a) {
  ArrayPtr x = la_tensor(in, a.required(0, "x"), "vector_norm", "x", 1);
  Value ord = a.optional(1, "ord", Value::integer(2)), dim = a.optional(2, "dim");
  bool keep = bool_arg(in, a.optional(3, "keepdim", Value::boolean(false)), "linalg_vector_norm", "keepdim");
  Value dtype = a.optional(99, "dtype");
  a.finish(4);
  if (dtype.is_none()) check_floating(in, *x, "vector_norm");
  if (ord.as<StrObj>()) in.raise_exc("TypeError", "linalg_vector_norm(): argument 'ord' must be Number, not str");
  return vector_norm_impl(in, x, ord_value(in, ord), dims_value(in, dim, "linalg_vector_norm", x->ndim()), keep, dtype);
}
Value la_matrix_norm(Interp& in, Args& a) {
  ArrayPtr A = la_tensor(in, a.required(0, "A"), "matrix_norm", "A", 1);
  Value ord = a.optional(1, "ord", make_str("fro")), dim = a.optional(2, "dim");
  bool keep = bool_arg(in, a.optional(3, "keepdim", Value::boolean(false)), "linalg_matrix_norm", "keepdim");
  Value dtype = a.optional(99, "dtype");
  a.finish(4);
  check_matrix(in, *A, "matrix_norm");
  if (dtype.is_none()) check_floating(in, *A, "matrix_norm");
  ArrayPtr x = with_dtype(in, A, dtype);
  if (!dim.is_none() && (in.is_int_like(dim) || in.to_vector(dim).size() != 2))
    in.raise_exc("TypeError", "linalg_matrix_norm(): argument 'dim' must be tuple of ints of length 2");
  std::vector<int64_t> d = dim.is_none() ? std::vector<int64_t>{-2, -1} : *dims_value(in, dim, "linalg_matrix_norm", A->ndim());
  return Value(as_tensor(linalg::norm(x, ord_value(in, ord), d, keep), real_of(x->dtype)));
}
// linalg.norm(A, ord=None, dim=None): the vector 2-norm of everything when
// both are None; else a vector norm (one dim, or a 1-D input) or a matrix norm.
Value la_norm(Interp& in, Args& a) {
  ArrayPtr A = la_tensor(in, a.required(0, "A"), "norm", "A", 1);
  Value ord = a.optional(1, "ord"), dim = a.optional(2, "dim");
  bool keep = bool_arg(in, a.optional(3, "keepdim", Value::boolean(false)), "linalg_norm", "keepdim");
  Value dtype = a.optional(99, "dtype");
  a.finish(4);
  if (dtype.is_none()) check_floating(in, *A, "norm");
  auto d = dims_value(in, dim, "linalg_norm", A->ndim());
  const bool matrix = d ? d->size() == 2 : (!ord.is_none() && A->ndim() == 2);
  if (!ord.is_none() && !d && A->ndim() != 1 && A->ndim() != 2)
    in.raise_exc("RuntimeError", "linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got " +
                                     std::to_string(A->ndim()) + "D.");
  if (matrix) {
    ArrayPtr x = with_dtype(in, A, dtype);
    linalg::NormOrd o = ord.is_none() ? linalg::NormOrd{linalg::NormOrd::Fro, 0, "fro"} : ord_value(in, ord);
    return Value(as_tensor(linalg::norm(x, o, d ? *d : std::vector<int64_t>{-2, -1}, keep), real_of(x->dtype)));
  }
  return vector_norm_impl(in, A, ord_value(in, ord), d, keep, dtype);
}

Value la_cond(Interp& in, Args& a) {
  ArrayPtr A = la_tensor(in, a.required(0, "A"), "cond", "A", 1);
  Value p = a.optional(1, "p");
  a.finish(2);
  check_matrix(in, *A, "cond");
  check_floating(in, *A, "cond");
  if (p.is_none() || (!p.as<StrObj>() && std::fabs(in.float_value(p)) == 2)) {
    linalg::SVD s = linalg::svd(A, false, false);
    ArrayPtr sv = as_tensor(s.s, real_of(A->dtype));
    Value mx = in.call(in.getattr(Value(sv), "amax"), std::vector<Value>{Value::integer(-1)});
    Value mn = in.call(in.getattr(Value(sv), "amin"), std::vector<Value>{Value::integer(-1)});
    const bool inverse = !p.is_none() && in.float_value(p) < 0;
    return inverse ? in.binop("/", mn, mx) : in.binop("/", mx, mn);
  }
  Args na;
  na.pos = {Value(A), p};
  Value n1 = la_matrix_norm(in, na);
  std::vector<int64_t> info;
  ArrayPtr inv = inverse_of(A, info);
  Args nb;
  nb.pos = {Value(inv), p};
  return in.binop("*", n1, la_matrix_norm(in, nb));
}

// ---- products and the rest

// linalg.cross(input, other, dim=-1): both broadcast, that dim of length 3.
Value cross_impl(Interp& in, const ArrayPtr& x, const ArrayPtr& y, int64_t dim, const std::string& who) {
  const int64_t nd = int64_t(broadcast_shapes({x->shape, y->shape}).size());
  const int64_t d = torch_wrap_dim(dim, nd);
  const int64_t nx = x->shape[size_t(torch_wrap_dim(dim, x->ndim()))], ny = y->shape[size_t(torch_wrap_dim(dim, y->ndim()))];
  if (nx != 3 || ny != 3)
    in.raise_exc("RuntimeError", who + ": inputs dimension " + std::to_string(dim) + " must have length 3. Got " +
                                     std::to_string(nx) + " and " + std::to_string(ny));
  auto comp = [&](const ArrayPtr& t, int64_t i) {
    return in.call(in.getattr(Value(t), "select"), std::vector<Value>{Value::integer(d), Value::integer(i)});
  };
  auto term = [&](int64_t i, int64_t j) {
    return in.binop("-", in.binop("*", comp(x, i), comp(y, j)), in.binop("*", comp(x, j), comp(y, i)));
  };
  Value parts = make_list({term(1, 2), term(2, 0), term(0, 1)});
  return in.call(torch_module(in).attrs.at("stack"), std::vector<Value>{parts, Value::integer(d)});
}
Value la_cross(Interp& in, Args& a) {
  ArrayPtr x = la_tensor(in, a.required(0, "input"), "cross", "input", 1);
  ArrayPtr y = la_tensor(in, a.required(1, "other"), "cross", "other", 2);
  int64_t dim = int_arg(in, a.optional(2, "dim", Value::integer(-1)), "linalg_cross", "dim");
  a.finish(3);
  if (x->ndim() != y->ndim())
    in.raise_exc("RuntimeError", "linalg.cross: inputs must have the same number of dimensions.");
  return cross_impl(in, x, y, dim, "linalg.cross");
}
// torch.cross(input, other, dim=None): dim None is the first dim of length 3
// (with PyTorch's deprecation warning).
Value torch_cross(Interp& in, Args& a) {
  ArrayPtr x = tensor_arg(in, a.required(0, "input"), "cross", "input", 1);
  ArrayPtr y = tensor_arg(in, a.required(1, "other"), "cross", "other", 2);
  Value dv = a.optional(2, "dim");
  a.finish(3);
  int64_t dim = -1;
  if (dv.is_none()) {
    // (PyTorch also warns that a missing dim is deprecated; stridelab prints no warnings)
    Shape s = broadcast_shapes({x->shape, y->shape});
    for (size_t i = 0; i < s.size(); ++i)
      if (s[i] == 3) {
        dim = int64_t(i);
        break;
      }
  } else {
    dim = int_arg(in, dv, "cross", "dim");
  }
  return cross_impl(in, x, y, dim, "linalg.cross");
}

Value la_multi_dot(Interp& in, Args& a) {
  Value ts = a.required(0, "tensors");
  a.finish(1);
  if (!ts.as<ListObj>() && !ts.as<TupleObj>())
    in.raise_exc("TypeError", "linalg_multi_dot(): argument 'tensors' (position 1) must be tuple of Tensors, not " + in.type_of(ts)->name);
  std::vector<Value> xs = in.to_vector(ts);
  for (const Value& x : xs) tensor_arg(in, x, "linalg_multi_dot", "tensors", 1);
  if (xs.size() < 2) in.raise_exc("RuntimeError", "multi_dot(): expected at least 2 tensors but got " + std::to_string(xs.size()));
  Value r = xs[0];
  for (size_t k = 1; k < xs.size(); ++k) r = in.binop("@", r, xs[k]);
  return r;
}
// torch.chain_matmul(*matrices): multi_dot of 2-D matrices.
Value torch_chain_matmul(Interp& in, Args& a) {
  if (!a.kw.empty()) in.raise_exc("TypeError", "chain_matmul() got an unexpected keyword argument '" + a.kw[0].first + "'");
  for (size_t k = 0; k < a.pos.size(); ++k) tensor_arg(in, a.pos[k], "chain_matmul", "matrices", int(k) + 1);
  if (a.pos.empty()) in.raise_exc("RuntimeError", "chain_matmul(): Expected one or more matrices");
  if (a.pos.size() == 1) return a.pos[0];
  Value r = a.pos.at(0);
  for (size_t k = 1; k < a.pos.size(); ++k) r = in.binop("@", r, a.pos[k]);
  return r;
}

Value la_vecdot(Interp& in, Args& a) {
  Value x = a.required(0, "x"), y = a.required(1, "y");
  Value dim = a.optional(2, "dim", Value::integer(-1));
  a.finish(2);
  ArrayPtr xt = tensor_arg(in, x, "linalg_vecdot", "x", 1);
  tensor_arg(in, y, "linalg_vecdot", "y", 2);
  if (is_complex(xt->dtype)) in.raise_exc("NotImplementedError", "linalg.vecdot of complex tensors (stridelab has no conj)");
  Value prod = in.binop("*", x, y);
  return in.call(in.getattr(prod, "sum"), std::vector<Value>{dim});
}
Value la_matmul(Interp& in, Args& a) {
  Value x = a.required(0, "input"), y = a.required(1, "other");
  a.finish(2);
  tensor_arg(in, x, "linalg_matmul", "input", 1);
  tensor_arg(in, y, "linalg_matmul", "other", 2);
  return in.binop("@", x, y);
}
Value la_diagonal(Interp& in, Args& a) {
  Value x(la_tensor(in, a.required(0, "A"), "diagonal", "A", 1));
  Value off = a.optional(99, "offset", Value::integer(0)), d1 = a.optional(99, "dim1", Value::integer(-2)),
        d2 = a.optional(99, "dim2", Value::integer(-1));
  a.finish(1);
  return in.call(in.getattr(x, "diagonal"), std::vector<Value>{off, d1, d2});
}
// linalg.vander(x, N=None): the powers x^0 .. x^(N-1) along a new last dim.
Value la_vander(Interp& in, Args& a) {
  ArrayPtr x = la_tensor(in, a.required(0, "x"), "vander", "x", 1);
  Value N = a.optional(99, "N");
  a.finish(1);
  if (x->ndim() < 1) in.raise_exc("RuntimeError", "linalg.vander: x must have at least one dimension.");
  const int64_t n = N.is_none() ? x->shape.back() : int_arg(in, N, "linalg_vander", "N");
  if (n <= 1 && !N.is_none() && n < 2) in.raise_exc("RuntimeError", "N must be greater than 1.");
  Value xv = in.call(in.getattr(Value(x), "unsqueeze"), std::vector<Value>{Value::integer(-1)});
  Value ones = in.call(torch_module(in).attrs.at("ones_like"), std::vector<Value>{xv});
  std::vector<Value> cols = {ones};
  for (int64_t k = 1; k < n; ++k) cols.push_back(in.binop("*", cols.back(), xv));
  return in.call(torch_module(in).attrs.at("cat"), std::vector<Value>{make_list(cols), Value::integer(-1)});
}

// ---- registration

Value method_as_function(Interp& in, const char* fn, const ArrayPtr& t, Args& a) {
  a.pos.insert(a.pos.begin(), Value(t));
  return in.call(torch_module(in).attrs.at(fn), a);
}

}  // namespace

void install_torch_linalg(Interp& in, ModuleObj& tm) {
  TypeObj* err = in.define_exception("_LinAlgError", "torch._C", {in.exception_type("RuntimeError")});
  Value err_v(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), err));
  ModuleObj& la = submodule(in, "torch.linalg");
  la.attrs["LinAlgError"] = err_v;
  la.attrs["Tensor"] = tm.attrs.at("Tensor");
  la.attrs["torch"] = Value(std::static_pointer_cast<Obj>(in.modules.at("torch")));  // torch/linalg/__init__.py's own `import torch`
  static const FnEntry linalg_fns[] = {
      {"det", la_det, {"det(A, *, out=)"}},
      {"slogdet", la_slogdet, {"slogdet(A, *, out=)"}},
      {"inv", la_inv, {"inv(A, *, out=)"}},
      {"inv_ex", la_inv_ex, {"inv_ex(A, *, check_errors=, out=)"}},
      {"solve", la_solve, {"solve(A, B, *, left=, out=)"}},
      {"solve_ex", la_solve_ex, {"solve_ex(A, B, *, left=, check_errors=, out=)"}},
      {"lu_factor", la_lu_factor, {"lu_factor(A, *, pivot=, out=)"}},
      {"lu_factor_ex", la_lu_factor_ex, {"lu_factor_ex(A, *, pivot=, check_errors=, out=)"}},
      {"lu", la_lu, {"lu(A, *, pivot=, out=)"}},
      {"lu_solve", la_lu_solve, {"lu_solve(LU, pivots, B, *, left=, adjoint=, out=)"}},
      {"cholesky", la_cholesky, {"cholesky(A, *, upper=, out=)"}},
      {"cholesky_ex", la_cholesky_ex, {"cholesky_ex(A, *, upper=, check_errors=, out=)"}},
      {"qr", la_qr, {"qr(A, mode=, *, out=)"}},
      {"svd", la_svd, {"svd(A, full_matrices=, *, driver=, out=)"}},
      {"svdvals", la_svdvals, {"svdvals(A, *, driver=, out=)"}},
      {"eigh", la_eigh, {"eigh(A, UPLO=, *, out=)"}},
      {"eigvalsh", la_eigvalsh, {"eigvalsh(A, UPLO=, *, out=)"}},
      {"eig", la_eig, {"eig(A, *, out=)"}},
      {"eigvals", la_eigvals, {"eigvals(A, *, out=)"}},
      {"matrix_power", la_matrix_power, {"matrix_power(A, n, *, out=)"}},
      {"matrix_rank", la_matrix_rank, {"matrix_rank(A, *, atol=, rtol=, hermitian=, tol=, out=)"}},
      {"pinv", la_pinv, {"pinv(A, *, atol=, rtol=, hermitian=, rcond=, out=)"}},
      {"lstsq", la_lstsq, {"lstsq(A, B, rcond=, *, driver=)"}},
      {"vector_norm", la_vector_norm, {"vector_norm(x, ord=, dim=, keepdim=, *, dtype=, out=)"}},
      {"matrix_norm", la_matrix_norm, {"matrix_norm(A, ord=, dim=, keepdim=, *, dtype=, out=)"}},
      {"norm", la_norm, {"norm(A, ord=, dim=, keepdim=, *, dtype=, out=)"}},
      {"cond", la_cond, {"cond(A, p=, *, out=)"}},
      {"cross", la_cross, {"cross(input, other, *, dim=, out=)"}},
      {"multi_dot", la_multi_dot, {"multi_dot(tensors, *, out=)"}},
      {"vecdot", la_vecdot, {"vecdot(x, y, *, dim=, out=)"}},
      {"matmul", la_matmul, {"matmul(input, other, *, out=)"}},
      {"diagonal", la_diagonal, {"diagonal(A, *, offset=, dim1=, dim2=)"}},
      {"vander", la_vander, {"vander(x, *, N=)"}},
      {"solve_triangular", la_solve_triangular, {"solve_triangular(A, B, *, upper=, left=, unitriangular=, out=)"}},
      {"tensorinv", la_tensorinv, {"tensorinv(A, ind=, *, out=)"}},
      {"householder_product", la_householder_product, {"householder_product(input, tau, *, out=)"}},
      {"tensorsolve", la_tensorsolve, {"tensorsolve(A, B, dims=, *, out=)"}},
  };
  for (const FnEntry& e : linalg_fns) {
    // the norms record as Tensor.norm does (LinalgVectorNormBackward0 and its formula)
    const std::string n = e.name;
    const bool norm = n == "norm" || n == "vector_norm" || n == "matrix_norm";
    def_fn(in, la, e.name, norm ? recorded_function("norm", e.fn) : NativeFn(e.fn), e.params);
  }
  static const FnEntry torch_fns[] = {
      {"det", la_det, {"det(A)"}},
      {"slogdet", torch_slogdet_fn, {"slogdet(A)"}},
      {"logdet", torch_logdet, {"logdet(input)"}},
      {"inverse", torch_inverse, {"inverse(input, *, out=)"}},
      {"cholesky", torch_cholesky, {"cholesky(input, upper=, *, out=)"}},
      {"qr", torch_qr, {"qr(input, some=, *, out=)"}},
      {"svd", torch_svd, {"svd(input, some=, compute_uv=, *, out=)"}},
      {"pinverse", torch_pinverse, {"pinverse(input, rcond=)"}},
      {"matrix_power", la_matrix_power, {"matrix_power(A, n)"}},
      {"cross", torch_cross, {"cross(input, other, dim=, *, out=)"}},
      {"chain_matmul", torch_chain_matmul},
      {"lu_solve", la_lu_solve, {"lu_solve(LU, pivots, B)"}},
      {"orgqr", la_householder_product, {"orgqr(input, tau)"}},
  };
  for (const FnEntry& e : torch_fns) def_fn(in, tm, e.name, recorded_function(e.name, e.fn), e.params);
  // Tensor.det() is torch.det(t), ...
  static const char* const methods[] = {"det", "slogdet", "logdet", "inverse", "cholesky", "qr", "svd", "pinverse",
                                        "matrix_power", "cross", "orgqr"};
  for (const char* m : methods)
    def_tensor_method(m, [m](Interp& in, const ArrayPtr& t, Args& a) { return method_as_function(in, m, t, a); });
}

}  // namespace sl::lang
