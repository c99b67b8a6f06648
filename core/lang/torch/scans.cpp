// torch/scans: the Tensor methods and torch functions with a node of their
// own that torch/scans.hpp computes or that combine a product with an
// addition -- index_add(_), scatter_add(_), cummax, cummin, logcumsumexp,
// addmv(_), addr(_), baddbmm(_), addbmm(_), std_mean, var_mean, gcd(_),
// lcm(_) -- with PyTorch 2.6's argument checks and messages, recorded as
// PyTorch records them (IndexAddBackward0, ..., the formulas in
// core/torch/derivatives_more.cpp; Note [Composite methods]).
//
// Invariant: every check runs before anything is written; an in-place form
// computes the out-of-place result, then writes it into self, bumps self's
// version and makes the op self's grad_fn (core/torch/autograd.hpp record_inplace).
#include <cmath>
#include <numeric>

#include "core/linalg/linalg.hpp"
#include "core/lang/torch/autograd.hpp"
#include "core/lang/torch/composite_method.hpp"
#include "core/lang/torch/convert.hpp"
#include "core/model/strides.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/reduce.hpp"
#include "core/ops/views.hpp"
#include "core/torch/autograd.hpp"
#include "core/torch/promotion.hpp"
#include "core/torch/scans.hpp"
#include "core/torch/sum.hpp"
#include "core/torch/views.hpp"

namespace sl::lang {

namespace {

ArrayPtr as_torch(ArrayPtr a) {
  a->flavor = Flavor::Torch;
  return a;
}

using Save = std::function<void(GradNode&, const ArrayPtr&)>;

Value method(Interp& in, const Value& self, const char* name, std::vector<Value> pos = {},
             std::vector<std::pair<std::string, Value>> kw = {}) {
  Args a;
  a.pos = std::move(pos);
  a.kw = std::move(kw);
  return in.call(in.getattr(self, name), a);
}

struct NoGrad {
  GradMode prev = grad_mode();
  NoGrad() { grad_mode().enabled = false; }
  ~NoGrad() { grad_mode() = prev; }
};

// The in-place form of an op whose out-of-place result `compute` gives:
// self's checks (a leaf requiring grad refuses), the write, the version bump
// and the node (on a view, CopySlices wraps it), then `save` fills the node.
Value write_inplace(Interp& in, const char* node, const ArrayPtr& self, const std::vector<ArrayPtr>& others,
                    const std::function<ArrayPtr()>& compute, const Save& save, const char* op) {
  try {
    check_inplace(*self);
  } catch (const PyError& e) {
    in.raise_exc(e.type, e.msg);
  }
  ArrayPtr r;
  {
    NoGrad ng;
    r = compute();
  }
  if (r->dtype != self->dtype) r = copy_as(*r, self->dtype, 'C');
  copy_into(*self, *r);
  if (!outside_recorded_op()) return Value(self);
  bump_version(self, op);
  record_inplace(node, self, others);
  if (self->autograd && self->autograd->grad_fn) {
    GradNode* n = self->autograd->grad_fn.get();
    if (n->name == "AsStridedBackward0" && n->next[0] && n->next[0]->wrapped) n = n->next[0]->wrapped.get();
    if (n->name == node) {
      save(*n, self);
      n->has_state = true;
    }
  }
  return Value(self);
}

// The out-of-place op's kernel run without recording, then recorded as `node`.
ArrayPtr kernel(Interp& in, const char* node, const std::vector<ArrayPtr>& inputs, const std::function<ArrayPtr()>& compute,
                const Save& save) {
  return record_kernel(
      in, node, inputs,
      [&] {
        NoGrad ng;
        return compute();
      },
      save);
}

int64_t dim_arg(Interp& in, const Value& v, const char* fname, int64_t ndim) {
  return torch_wrap_dim(int_arg(in, v, fname, "dim"), ndim);
}

// ---- index_add

struct IndexAdd {
  int64_t dim;
  ArrayPtr index, source;
  double alpha;
};

// index_add_'s checks (TensorAdvancedIndexing.cpp index_add_cpu_ and its meta function).
IndexAdd index_add_args(Interp& in, const ArrayPtr& t, Args& a, const char* fname) {
  static const std::vector<std::string> sigs = {"int dim, Tensor index, Tensor source, *, Number alpha = 1",
                                                "name dim, Tensor index, Tensor source, *, Number alpha = 1"};
  Value dv = a.required(0, "dim"), iv = a.required(1, "index"), sv = a.required(2, "source");
  Value al = a.optional(99, "alpha", Value::integer(1));
  a.finish(3);
  if (!is_tensor(iv) || !is_tensor(sv) || !(dv.is_int() || dv.as<StrObj>())) {
    Args shown;
    shown.pos = {dv, iv, sv};
    invalid_combination(in, fname, shown, sigs);
  }
  IndexAdd r{dim_arg(in, dv, fname, t->ndim()), iv.array(), sv.array(), in.float_value(al)};
  const Array& idx = *r.index;
  if (idx.ndim() > 1)
    in.raise_exc("IndexError", "index_add_(): Index is supposed to be a vector, but got dim: " + std::to_string(idx.ndim()) +
                                   " with type: " + torch_type_name(idx.dtype) + " and size: " + list_repr(idx.shape));
  if (idx.dtype != DType::I64 && idx.dtype != DType::I32)
    in.raise_exc("RuntimeError", std::string("index_add_(): Expected dtype int32/int64 for index but got: ") + torch_type_name(idx.dtype));
  if (r.source->dtype != t->dtype)
    in.raise_exc("RuntimeError", std::string("index_add_(): self (") + torch_type_name(t->dtype) + ") and source (" +
                                     torch_type_name(r.source->dtype) + ") must have the same scalar type");
  const Array& src = *r.source;
  const int64_t n_src = src.ndim() ? src.shape[size_t(r.dim)] : 1;
  if (idx.size() != n_src)
    in.raise_exc("RuntimeError", "index_add_(): Number of indices (" + std::to_string(idx.size()) +
                                     ") should be equal to source.size(dim): (" + std::to_string(n_src) + "), for dim: " +
                                     std::to_string(r.dim));
  bool same = src.ndim() == t->ndim() || (src.ndim() <= 1 && t->ndim() <= 1);
  for (int k = 0; same && k < src.ndim() && k < t->ndim(); ++k) same = k == r.dim || src.shape[size_t(k)] == t->shape[size_t(k)];
  if (!same || (t->ndim() > 0 && src.ndim() == 0))
    in.raise_exc("RuntimeError", "source tensor shape must match self tensor shape, excluding the specified dimension. Got self.shape = " +
                                     list_repr(t->shape) + " source.shape = " + list_repr(src.shape));
  ArrayPtr ci = copy_as(idx, DType::I64, 'C');
  const int64_t lim = t->ndim() ? t->shape[size_t(r.dim)] : 1;
  for (int64_t k = 0; k < ci->size(); ++k) {
    const int64_t v = reinterpret_cast<const int64_t*>(ci->data())[k];
    if (v < 0 || v >= lim)
      in.raise_exc("RuntimeError", "index " + std::to_string(v) + " is out of bounds for dimension " + std::to_string(r.dim) +
                                       " with size " + std::to_string(lim));
  }
  r.index = as_torch(ci);
  return r;
}
Save index_add_save(const IndexAdd& r) {
  return [r](GradNode& n, const ArrayPtr&) {
    save_tensor(n, 0, r.index, false);
    n.ints = {r.dim};
    n.scalars = {r.alpha};
    n.sizes = {r.source->shape};
  };
}
Value index_add_method(Interp& in, const ArrayPtr& t, Args& a) {
  IndexAdd r = index_add_args(in, t, a, "index_add");
  return Value(kernel(in, "IndexAddBackward0", {t, r.source}, [&] { return index_add_kernel(*t, r.dim, *r.index, *r.source, r.alpha); },
                      index_add_save(r)));
}
Value index_add_inplace(Interp& in, const ArrayPtr& t, Args& a) {
  IndexAdd r = index_add_args(in, t, a, "index_add_");
  return write_inplace(in, "IndexAddBackward0", t, {r.source}, [&] { return index_add_kernel(*t, r.dim, *r.index, *r.source, r.alpha); },
                       index_add_save(r), "index_add_");
}

// ---- scatter_add

struct ScatterAdd {
  int64_t dim;
  ArrayPtr index, src;
};
// scatter_add's checks (ScatterGatherChecks.h: scatter_gather_dtype_check, scatter_shape_check).
ScatterAdd scatter_add_args(Interp& in, const ArrayPtr& t, Args& a, const char* fname) {
  Value dv = a.required(0, "dim"), iv = a.required(1, "index"), sv = a.required(2, "src");
  a.finish(3);
  ArrayPtr index_t = tensor_arg(in, iv, fname, "index", 2), src_t = tensor_arg(in, sv, fname, "src", 3);
  ScatterAdd r{dim_arg(in, dv, fname, t->ndim()), index_t, src_t};
  const Array &idx = *r.index, &src = *r.src;
  if (idx.dtype != DType::I64) in.raise_exc("RuntimeError", "scatter(): Expected dtype int64 for index");
  if (src.dtype != t->dtype) in.raise_exc("RuntimeError", "scatter(): Expected self.dtype to be equal to src.dtype");
  const int nd = std::max(t->ndim(), 1);
  if (std::max(idx.ndim(), 1) != nd || std::max(src.ndim(), 1) != nd)
    in.raise_exc("RuntimeError", "Index tensor must have the same number of dimensions as self tensor");
  auto size = [](const Array& x, int k) { return x.ndim() ? x.shape[size_t(k)] : 1; };
  for (int k = 0; k < nd; ++k)
    if ((k != r.dim && size(idx, k) > size(*t, k)) || size(idx, k) > size(src, k))
      in.raise_exc("RuntimeError", "Expected index " + list_repr(idx.shape) + " to be no larger than self " + list_repr(t->shape) +
                                       " apart from dimension " + std::to_string(r.dim) + " and to be no larger size than src " +
                                       list_repr(src.shape));
  ArrayPtr ci = copy_as(idx, DType::I64, 'C');
  const int64_t lim = size(*t, int(r.dim));
  for (int64_t k = 0; k < ci->size(); ++k) {
    const int64_t v = reinterpret_cast<const int64_t*>(ci->data())[k];
    if (v < -lim || v >= lim)
      in.raise_exc("RuntimeError", "index " + std::to_string(v) + " is out of bounds for dimension " + std::to_string(r.dim) +
                                       " with size " + std::to_string(lim));
  }
  return r;
}
Save scatter_add_save(const ScatterAdd& r) {
  return [r](GradNode& n, const ArrayPtr&) {
    save_tensor(n, 0, r.index, false);
    n.ints = {r.dim};
  };
}
Value scatter_add_method(Interp& in, const ArrayPtr& t, Args& a) {
  ScatterAdd r = scatter_add_args(in, t, a, "scatter_add");
  return Value(kernel(in, "ScatterAddBackward0", {t, r.src}, [&] { return scatter_add_kernel(*t, r.dim, *r.index, *r.src); },
                      scatter_add_save(r)));
}
Value scatter_add_inplace(Interp& in, const ArrayPtr& t, Args& a) {
  ScatterAdd r = scatter_add_args(in, t, a, "scatter_add_");
  return write_inplace(in, "ScatterAddBackward0", t, {r.src}, [&] { return scatter_add_kernel(*t, r.dim, *r.index, *r.src); },
                       scatter_add_save(r), "scatter_add_");
}

// ---- scatter_reduce(dim, index, src, reduce, *, include_self=True); the backward
// of "sum" and "mean" (ScatterReduceBackward0, derivatives_more.cpp; the others refuse)
struct ScatterReduce {
  ScatterAdd w;
  std::string op;
  bool include_self;
};
ScatterReduce scatter_reduce_args(Interp& in, const ArrayPtr& t, Args& a, const char* fname) {
  Value red;
  if (!a.take(3, "reduce", red)) in.raise_exc("TypeError", std::string(fname) + "() missing 1 required positional arguments: \"reduce\"");
  const bool inc = bool_arg(in, a.optional(99, "include_self", Value::boolean(true)), fname, "include_self");
  if (a.pos.size() == 4) a.pos.pop_back();  // reduce, taken
  ScatterAdd w = scatter_add_args(in, t, a, fname);
  const std::string op = in.str(red);
  if (op != "sum" && op != "prod" && op != "mean" && op != "amax" && op != "amin")
    in.raise_exc("RuntimeError", "reduce argument must be either sum, prod, mean, amax or amin, got " + op);
  return {w, op, inc};
}
// ints: dim, the reduction (0 sum, 1 mean, 2 another: no formula here), include_self; saved[0] index
Save scatter_reduce_save(const ScatterReduce& r) {
  return [r](GradNode& n, const ArrayPtr&) {
    save_tensor(n, 0, r.w.index, false);
    n.ints = {r.w.dim, r.op == "sum" ? 0 : r.op == "mean" ? 1 : 2, r.include_self};
    n.sizes = {r.w.src->shape};
  };
}
Value scatter_reduce_method(Interp& in, const ArrayPtr& t, Args& a) {
  ScatterReduce r = scatter_reduce_args(in, t, a, "scatter_reduce");
  return Value(kernel(in, "ScatterReduceBackward0", {t, r.w.src},
                      [&] { return scatter_reduce_kernel(*t, r.w.dim, *r.w.index, *r.w.src, r.op, r.include_self); },
                      scatter_reduce_save(r)));
}
Value scatter_reduce_inplace(Interp& in, const ArrayPtr& t, Args& a) {
  ScatterReduce r = scatter_reduce_args(in, t, a, "scatter_reduce_");
  return write_inplace(in, "ScatterReduceBackward0", t, {r.w.src},
                       [&] { return scatter_reduce_kernel(*t, r.w.dim, *r.w.index, *r.w.src, r.op, r.include_self); },
                       scatter_reduce_save(r), "scatter_reduce_");
}

// ---- scans

Value cum_min_max(Interp& in, const ArrayPtr& t, Args& a, bool max) {
  const char* name = max ? "cummax" : "cummin";
  const int64_t dim = dim_arg(in, a.required(0, "dim"), name, t->ndim());
  a.finish(1);
  if (is_complex(t->dtype)) in.raise_exc("RuntimeError", std::string("\"") + name + "_cpu\" not implemented for '" + torch_type_name(t->dtype) + "'");
  CumMinMax r;
  ArrayPtr values = kernel(
      in, max ? "CummaxBackward0" : "CumminBackward0", {t},
      [&] {
        r = cum_min_max_kernel(*t, t->ndim() ? dim : 0, max);
        return r.values;
      },
      [&](GradNode& n, const ArrayPtr&) {
        save_tensor(n, 0, r.indices, true);
        n.ints = {t->ndim() ? dim : 0};
        n.sizes = {t->shape};
      });
  return return_pair(in, name, values, r.indices);
}
Value cummax_method(Interp& in, const ArrayPtr& t, Args& a) { return cum_min_max(in, t, a, true); }
Value cummin_method(Interp& in, const ArrayPtr& t, Args& a) { return cum_min_max(in, t, a, false); }

Value logcumsumexp_method(Interp& in, const ArrayPtr& t, Args& a) {
  const int64_t dim = dim_arg(in, a.required(0, "dim"), "logcumsumexp", t->ndim());
  a.finish(1);
  if (!is_float(t->dtype) || t->dtype == DType::F16)
    in.raise_exc("RuntimeError", std::string("\"logcumsumexp_out_cpu\" not implemented for '") + torch_type_name(t->dtype) + "'");
  return Value(kernel(
      in, "LogcumsumexpBackward0", {t}, [&] { return logcumsumexp_kernel(*t, t->ndim() ? dim : 0); },
      [&](GradNode& n, const ArrayPtr& out) {
        save_tensor(n, 0, t, false);
        save_tensor(n, 1, out, true);
        n.ints = {t->ndim() ? dim : 0};
      }));
}

// ---- products plus an addition: beta * self + alpha * (a @ b)

struct AddProduct {
  const char* name;   // "addmv"
  const char* node;   // "AddmvBackward0"
  const char* a_name; // "mat"
  const char* b_name; // "vec"
};
const AddProduct kAddmv{"addmv", "AddmvBackward0", "mat", "vec"};
const AddProduct kAddr{"addr", "AddrBackward0", "vec1", "vec2"};
const AddProduct kBaddbmm{"baddbmm", "BaddbmmBackward0", "batch1", "batch2"};
const AddProduct kAddbmm{"addbmm", "AddbmmBackward0", "batch1", "batch2"};

// The product part, checked as the ATen op checks its operands.
ArrayPtr product(Interp& in, const AddProduct& p, const ArrayPtr& x, const ArrayPtr& y, const ArrayPtr& self = nullptr) {
  const std::string n = p.name;
  auto need = [&](const ArrayPtr& t, int nd, const char* what) {
    if (t->ndim() != nd) in.raise_exc("RuntimeError", std::string(what) + " must be a " + std::to_string(nd) + "D tensor");
  };
  if (n == "addmv") {
    if (x->ndim() != 2 || y->ndim() != 1)
      in.raise_exc("RuntimeError", "vector + matrix @ vector expected, got 1, " + std::to_string(x->ndim()) + ", " + std::to_string(y->ndim()));
    if (x->shape[1] != y->shape[0])
      in.raise_exc("RuntimeError", "size mismatch, got input (" + std::to_string(x->shape[0]) + "), mat (" + std::to_string(x->shape[0]) +
                                       "x" + std::to_string(x->shape[1]) + "), vec (" + std::to_string(y->shape[0]) + ")");
    return as_torch(matmul(x, y));
  }
  if (n == "addr") {
    if (x->ndim() != 1) in.raise_exc("RuntimeError", "addr: Expected 1-D argument vec1, but got " + std::to_string(x->ndim()) + "-D");
    if (y->ndim() != 1) in.raise_exc("RuntimeError", "addr: Expected 1-D argument vec2, but got " + std::to_string(y->ndim()) + "-D");
    return as_torch(matmul(as_torch(reshape(x, {x->size(), 1})), as_torch(reshape(y, {1, y->size()}))));
  }
  if (n == "baddbmm" && self && x->ndim() >= 2 && y->ndim() >= 3)  // self is expanded to the result's sizes first
    method(in, Value(self), "expand", {torch_size_value(in, {x->shape[0], x->shape[1], y->shape[2]})});
  need(x, 3, "batch1");
  need(y, 3, "batch2");
  if (x->shape[0] != y->shape[0])
    in.raise_exc("RuntimeError", "batch1 and batch2 must have same number of batches, got " + std::to_string(x->shape[0]) + " and " +
                                     std::to_string(y->shape[0]));
  if (x->shape[2] != y->shape[1])
    in.raise_exc("RuntimeError", "Incompatible matrix sizes for bmm (" + std::to_string(x->shape[1]) + "x" + std::to_string(x->shape[2]) +
                                     " and " + std::to_string(y->shape[1]) + "x" + std::to_string(y->shape[2]) + ")");
  ArrayPtr r = as_torch(matmul(x, y));
  if (n == "addbmm") {  // the batch's products summed
    std::vector<bool> ax = {true, false, false};
    ArrayPtr s = torch_ordered_sum(*r, ax, r->dtype, false);
    return s ? as_torch(s) : as_torch(reduce(ReduceOp::sum, *r, ax, r->dtype, false, Flavor::Torch));
  }
  return r;
}

// beta * self + alpha * prod, as the BLAS call computes it (beta == 0 ignores self, NaN included)
ArrayPtr add_product(Interp& in, const ArrayPtr& self, const ArrayPtr& prod, double beta, double alpha) {
  Value pv(prod);
  if (alpha != 1.0) pv = in.binop(BinOp::Mul, pv, Value::floating(alpha));
  if (beta == 0.0) return as_torch(copy_as(*broadcast_to(pv.array(), torch_broadcast_shapes(self->shape, prod->shape)), prod->dtype, 'C'));
  Value sv(self);
  if (beta != 1.0) sv = in.binop(BinOp::Mul, sv, Value::floating(beta));
  return in.binop(BinOp::Add, sv, pv).array();
}

struct AddProductArgs {
  ArrayPtr self, x, y;
  double beta, alpha;
};
AddProductArgs add_product_args(Interp& in, const AddProduct& p, const ArrayPtr& t, Args& a, bool fn) {
  AddProductArgs r;
  size_t k = 0;
  const std::string fname = p.name;
  r.self = fn ? tensor_arg(in, a.required(k++, "input"), fname, "input", 1) : t;
  r.x = tensor_arg(in, a.required(k, p.a_name), fname, p.a_name, int(k + 1));
  ++k;
  r.y = tensor_arg(in, a.required(k, p.b_name), fname, p.b_name, int(k + 1));
  ++k;
  r.beta = in.float_value(a.optional(99, "beta", Value::integer(1)));
  r.alpha = in.float_value(a.optional(99, "alpha", Value::integer(1)));
  Value out;
  if (fn) a.take(99, "out", out);
  a.finish(k);
  if (r.x->dtype != r.y->dtype || r.x->dtype != r.self->dtype)
    in.raise_exc("RuntimeError", std::string("expected m1 and m2 to have the same dtype, but got: ") + torch_type_name(r.x->dtype) +
                                     " != " + torch_type_name(r.y->dtype));
  return r;
}
Save add_product_save(const AddProductArgs& r) {
  return [r](GradNode& n, const ArrayPtr&) {
    save_tensor(n, 0, r.x, false);
    save_tensor(n, 1, r.y, false);
    n.scalars = {r.beta, r.alpha};
  };
}
template <const AddProduct& P>
Value add_product_method(Interp& in, const ArrayPtr& t, Args& a) {
  AddProductArgs r = add_product_args(in, P, t, a, false);
  return Value(kernel(in, P.node, {r.self, r.x, r.y}, [&] { return add_product(in, r.self, product(in, P, r.x, r.y, r.self), r.beta, r.alpha); },
                      add_product_save(r)));
}
template <const AddProduct& P>
Value add_product_inplace(Interp& in, const ArrayPtr& t, Args& a) {
  AddProductArgs r = add_product_args(in, P, t, a, false);
  return write_inplace(
      in, P.node, t, {r.x, r.y},
      [&] {
        ArrayPtr v = add_product(in, r.self, product(in, P, r.x, r.y, r.self), r.beta, r.alpha);
        if (v->shape != t->shape)
          in.raise_exc("RuntimeError", "The size of tensor a (" + list_repr(t->shape) + ") must match the result's size " + list_repr(v->shape));
        return v;
      },
      add_product_save(r), (std::string(P.name) + "_").c_str());
}
template <const AddProduct& P>
Value add_product_fn(Interp& in, Args& a) {
  AddProductArgs r = add_product_args(in, P, nullptr, a, true);
  return Value(kernel(in, P.node, {r.self, r.x, r.y}, [&] { return add_product(in, r.self, product(in, P, r.x, r.y, r.self), r.beta, r.alpha); },
                      add_product_save(r)));
}

// ---- std_mean / var_mean (torch.std_mean(input, dim=None, *, correction=1, keepdim=False))

Value moments_fn(Interp& in, Args& a, bool is_std) {
  const char* fname = is_std ? "std_mean" : "var_mean";
  ArrayPtr t = tensor_arg(in, a.required(0, "input"), fname, "input", 1);
  Value dim = a.optional(1, "dim");
  Value unbiased, corr, keep;
  // the (input, dim, unbiased, keepdim) overload takes a bool third
  Value third = a.optional(2, "unbiased");
  a.take(99, "correction", corr);
  keep = a.optional(3, "keepdim", Value::boolean(false));
  a.finish(4);
  if (dim.is_bool()) {  // std_mean(input, unbiased)
    third = dim;
    dim = Value();
  }
  double correction = 1.0;
  if (!corr.is_none()) correction = in.float_value(corr);
  else if (third.is_bool()) correction = third.as_bool() ? 1.0 : 0.0;
  const bool keepdim = bool_arg(in, keep, fname, "keepdim");
  std::vector<std::pair<std::string, Value>> kw = {{"correction", Value::floating(correction)}, {"keepdim", Value::boolean(keepdim)}};
  std::vector<Value> pos;
  if (!dim.is_none()) pos.push_back(dim);
  else if (keepdim) {  // every dim, kept
    std::vector<Value> all;
    for (int k = 0; k < t->ndim(); ++k) all.push_back(Value::integer(k));
    pos.push_back(make_tuple(all));
  }
  Value sv, mv;
  {
    NoGrad ng;
    sv = method(in, Value(t), is_std ? "std" : "var", pos, kw);
    mv = pos.empty() ? method(in, Value(t), "mean") : method(in, Value(t), "mean", pos, {{"keepdim", Value::boolean(keepdim)}});
  }
  std::vector<int64_t> dims;
  if (!dim.is_none()) {
    std::vector<Value> ds = dim.as<TupleObj>() || dim.as<ListObj>() ? in.to_vector(dim) : std::vector<Value>{dim};
    for (const Value& d : ds) dims.push_back(torch_wrap_dim(int_arg(in, d, fname, "dim"), t->ndim()));
  }
  const char* node = is_std ? "StdMeanBackward0" : "VarMeanBackward0";
  auto attach = [&](const Value& out, int which) {
    return record_kernel(
        in, node, {t}, [&] { return out.array(); },
        [&](GradNode& n, const ArrayPtr& r) {
          save_tensor(n, 0, t, false);
          if (which == 0) save_tensor(n, 1, r, true);
          n.ints = {which};
          n.ints.insert(n.ints.end(), dims.begin(), dims.end());
          n.scalars = {correction};
          n.keepdim = keepdim;
        });
  };
  ArrayPtr s = attach(sv, is_std ? 0 : 2), m = attach(mv, 1);
  return make_tuple({Value(s), Value(m)});
}
Value std_mean_fn(Interp& in, Args& a) { return moments_fn(in, a, true); }
Value var_mean_fn(Interp& in, Args& a) { return moments_fn(in, a, false); }

// ---- gcd / lcm (integers only; the result of the promoted integer type)

ArrayPtr gcd_lcm(Interp& in, const ArrayPtr& x, const Value& ov, bool lcm, const char* fname) {
  ArrayPtr o = tensor_arg(in, ov, fname, "other", 2);
  const DType dt = torch_result_type({{x, false}, {o, false}});
  if (!is_integer(dt) || dt == DType::Bool)
    in.raise_exc("RuntimeError", std::string("\"") + (lcm ? "lcm" : "gcd") + "_cpu\" not implemented for '" + torch_type_name(dt) + "'");
  Shape s;
  try {
    s = torch_broadcast_shapes(x->shape, o->shape);
  } catch (const PyError& e) {
    in.raise_exc(e.type, e.msg);
  }
  ArrayPtr a = copy_as(*broadcast_to(x, s), DType::I64, 'C'), b = copy_as(*broadcast_to(o, s), DType::I64, 'C');
  ArrayPtr r = make_array(DType::I64, s, 'C', Flavor::Torch);
  const int64_t *pa = reinterpret_cast<const int64_t*>(a->data()), *pb = reinterpret_cast<const int64_t*>(b->data());
  int64_t* pr = reinterpret_cast<int64_t*>(r->data());
  for (int64_t i = 0; i < r->size(); ++i) {
    const int64_t g = std::gcd(pa[i], pb[i]);
    pr[i] = lcm ? (g == 0 ? 0 : std::abs(pa[i] / g * pb[i])) : g;
  }
  return as_torch(copy_as(*r, dt, 'C'));
}
template <bool Lcm>
Value gcd_lcm_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value o = a.required(0, "other");
  a.finish(1);
  return Value(gcd_lcm(in, t, o, Lcm, Lcm ? "lcm" : "gcd"));
}
template <bool Lcm>
Value gcd_lcm_inplace(Interp& in, const ArrayPtr& t, Args& a) {
  Value o = a.required(0, "other");
  a.finish(1);
  ArrayPtr r = gcd_lcm(in, t, o, Lcm, Lcm ? "lcm_" : "gcd_");
  if (r->dtype != t->dtype)
    in.raise_exc("RuntimeError", std::string("result type ") + torch_type_name(r->dtype) + " can't be cast to the desired output type " +
                                     torch_type_name(t->dtype));
  copy_into(*t, *broadcast_to(r, t->shape));
  bump_version(t, Lcm ? "lcm_" : "gcd_");
  return Value(t);
}
template <bool Lcm>
Value gcd_lcm_fn(Interp& in, Args& a) {
  ArrayPtr t = tensor_arg(in, a.required(0, "input"), Lcm ? "lcm" : "gcd", "input", 1);
  Value o = a.required(1, "other"), out = a.optional(2, "out");
  a.finish(3);
  Value r(gcd_lcm(in, t, o, Lcm, Lcm ? "lcm" : "gcd"));
  if (!out.is_none()) return method(in, out, "copy_", {r});
  return r;
}

// torch.X(input, ...) for a method of this file.
template <Value (*M)(Interp&, const ArrayPtr&, Args&)>
Value as_function(Interp& in, Args& a, const char* fname) {
  check_dim_given(in, fname, a, true);
  ArrayPtr t = tensor_arg(in, a.required(0, "input"), fname, "input", 1);
  Args rest = a;
  rest.pos.erase(rest.pos.begin());
  for (auto it = rest.kw.begin(); it != rest.kw.end(); ++it)
    if (it->first == "input") {
      rest.kw.erase(it);
      break;
    }
  return M(in, t, rest);
}
#define SL_AS_FN(fname, M) [](Interp& in, Args& a) -> Value { return as_function<M>(in, a, fname); }

}  // namespace

void install_torch_scans(Interp& in, ModuleObj& tm) {
  static const MethodEntry methods[] = {
      {"index_add", index_add_method, {"index_add(dim, index, source, *, alpha=)"}},
      {"index_add_", index_add_inplace, {"index_add_(dim, index, source, *, alpha=)"}},
      {"scatter_add", scatter_add_method, {"scatter_add(dim, index, src)"}},
      {"scatter_add_", scatter_add_inplace, {"scatter_add_(dim, index, src)"}},
      {"scatter_reduce", scatter_reduce_method, {"scatter_reduce(dim, index, src, reduce=, *, include_self=)"}},
      {"scatter_reduce_", scatter_reduce_inplace, {"scatter_reduce_(dim, index, src, reduce=, *, include_self=)"}},
      {"cummax", cummax_method, {"cummax(dim)"}},
      {"cummin", cummin_method, {"cummin(dim)"}},
      {"logcumsumexp", logcumsumexp_method, {"logcumsumexp(dim)"}},
      {"addmv", add_product_method<kAddmv>, {"addmv(mat, vec, *, beta=, alpha=)"}},
      {"addmv_", add_product_inplace<kAddmv>, {"addmv_(mat, vec, *, beta=, alpha=)"}},
      {"addr", add_product_method<kAddr>, {"addr(vec1, vec2, *, beta=, alpha=)"}},
      {"addr_", add_product_inplace<kAddr>, {"addr_(vec1, vec2, *, beta=, alpha=)"}},
      {"baddbmm", add_product_method<kBaddbmm>, {"baddbmm(batch1, batch2, *, beta=, alpha=)"}},
      {"baddbmm_", add_product_inplace<kBaddbmm>, {"baddbmm_(batch1, batch2, *, beta=, alpha=)"}},
      {"addbmm", add_product_method<kAddbmm>, {"addbmm(batch1, batch2, *, beta=, alpha=)"}},
      {"addbmm_", add_product_inplace<kAddbmm>, {"addbmm_(batch1, batch2, *, beta=, alpha=)"}},
      {"gcd", gcd_lcm_method<false>, {"gcd(other)"}},
      {"gcd_", gcd_lcm_inplace<false>, {"gcd_(other)"}},
      {"lcm", gcd_lcm_method<true>, {"lcm(other)"}},
      {"lcm_", gcd_lcm_inplace<true>, {"lcm_(other)"}},
  };
  for (const MethodEntry& e : methods) def_composite_tensor_method(e.name, e.fn, e.params);
  for (const char* n : {"cummax", "cummin"})
    tm.attrs[std::string("_return_") + n] =
        Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), in.new_type(n, "torch.return_types", {in.t.object})));
  static const FnEntry fns[] = {
      {"index_add", SL_AS_FN("index_add", index_add_method)},
      {"scatter_add", SL_AS_FN("scatter_add", scatter_add_method)},
      {"scatter_reduce", SL_AS_FN("scatter_reduce", scatter_reduce_method)},
      {"cummax", SL_AS_FN("cummax", cummax_method)},
      {"cummin", SL_AS_FN("cummin", cummin_method)},
      {"logcumsumexp", SL_AS_FN("logcumsumexp", logcumsumexp_method)},
      {"addmv", add_product_fn<kAddmv>},
      {"addr", add_product_fn<kAddr>},
      {"baddbmm", add_product_fn<kBaddbmm>},
      {"addbmm", add_product_fn<kAddbmm>},
      {"std_mean", std_mean_fn},
      {"var_mean", var_mean_fn},
      {"gcd", gcd_lcm_fn<false>},
      {"lcm", gcd_lcm_fn<true>},
  };
  def_fns(in, tm, fns);
}

}  // namespace sl::lang
