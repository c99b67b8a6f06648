// torch/reduce: Tensor.sum / mean / max / min / argmax / argmin, matmul,
// softmax and sort with PyTorch's dims, dtypes, messages and return types,
// over the engine's reduction kernels (core/kernels/reduce.hpp) and the `@`
// operator, and sigmoid / relu / sign / nan_to_num over the activation
// kernels (core/kernels/activation.hpp). A method another front-end file
// already registered on torch.Tensor is left alone (sign excepted).
//
// Invariant: reductions run on the engine's kernels in PyTorch's dtypes; the
// results are new C-order torch tensors, never views of the input.
#include <cmath>
#include <cstring>

#include "core/model/element.hpp"
#include "core/kernels/activation.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/reduce.hpp"
#include "core/lang/torch/convert.hpp"
#include "core/ops/sort.hpp"
#include "core/model/strides.hpp"
#include "core/torch/sum.hpp"
#include "core/torch/views.hpp"
#include "core/ops/ufunc.hpp"

namespace sl::lang {

namespace {

using Method = ArrayMethod;

// The dims argument of a reduction: None (all), an int, or a sequence;
// wrapped with maybe_wrap_dim; "dim 0 appears multiple times in the list of dims".
std::vector<bool> reduce_dims(Interp& in, const Value& dim, int ndim, const std::string& fname) {
  std::vector<bool> axes(size_t(ndim), dim.is_none());
  if (dim.is_none()) return axes;
  check_dim_name(in, dim, ndim, false);
  std::vector<Value> items;
  if (dim.as<TupleObj>() || dim.as<ListObj>()) items = in.to_vector(dim);
  else items.push_back(dim);
  if (items.empty()) return std::vector<bool>(size_t(ndim), true);
  for (auto& v : items) {
    int64_t d = torch_wrap_dim(int_arg(in, v, fname, "dim"), ndim);
    if (ndim == 0) continue;
    if (axes[size_t(d)]) in.raise_exc("RuntimeError", "dim " + std::to_string(d) + " appears multiple times in the list of dims");
    axes[size_t(d)] = true;
  }
  return axes;
}

std::optional<DType> opt_dtype(Interp& in, Args& a, size_t pos) {
  Value v;
  if (a.take(pos, "dtype", v) && !v.is_none()) return to_dtype(in, v);
  return std::nullopt;
}

// torch.return_types.max(values=..., indices=...): a pair that unpacks,
// indexes, and prints as PyTorch's structseq.
}  // namespace

Value return_pair(Interp& in, const std::string& name, const ArrayPtr& values, const ArrayPtr& indices) {
  TypeObj* ty = in.modules.at("torch")->attrs.at("_return_" + name).as<TypeObj>();
  auto g = std::make_shared<GenericObj>(ty);
  Value v(values), i(indices);
  g->attrs["values"] = v;
  g->attrs["indices"] = i;
  Value items = make_tuple({v, i});
  g->attrs["__iter__"] = in.builtin("__iter__", [items](Interp&, Args&) -> Value { return items; });
  g->attrs["__len__"] = in.builtin("__len__", [](Interp&, Args&) -> Value { return Value::integer(2); });
  g->attrs["__getitem__"] = in.builtin("__getitem__", [items](Interp& in, Args& a) -> Value { return in.getitem(items, a.pos.at(0)); });
  g->attrs["__repr__"] = in.builtin("__repr__", [name, v, i](Interp& in, Args&) -> Value {
    return make_str("torch.return_types." + name + "(\nvalues=" + in.repr(v) + ",\nindices=" + in.repr(i) + ")");
  });
  return Value(std::static_pointer_cast<Obj>(g));
}

namespace {

Value sum_method(Interp& in, const ArrayPtr& t, Args& a) {
  for (const auto& kv : a.kw)  // a keyword none of the overloads has (Note [Overload lists], module.cpp)
    if (kv.first != "dim" && kv.first != "keepdim" && kv.first != "dtype")
      invalid_combination(in, "sum", a,
                          {"*, torch.dtype dtype = None", "tuple of ints dim, bool keepdim = False, *, torch.dtype dtype = None",
                           "tuple of names dim, bool keepdim = False, *, torch.dtype dtype = None"});
  Value dim = a.optional(0, "dim");
  bool keep = bool_arg(in, a.optional(1, "keepdim", Value::boolean(false)), "sum", "keepdim");
  std::optional<DType> dt = opt_dtype(in, a, 2);
  a.finish(2);
  std::vector<bool> axes = reduce_dims(in, dim, t->ndim(), "sum");
  // Integral and bool inputs sum in int64 (at::native::sum: promote_integers).
  DType acc = dt ? *dt : (is_integer(t->dtype) || t->dtype == DType::Bool) ? DType::I64 : t->dtype;
  if (ArrayPtr r = torch_ordered_sum(*t, axes, acc, keep)) return Value(r);
  return Value(reduce(ReduceOp::sum, *t, axes, acc, keep, Flavor::Torch));
}

// mean = sum(dtype) / count, divided in the result dtype (at::native::mean_out).
Value mean_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value dim = a.optional(0, "dim");
  bool keep = bool_arg(in, a.optional(1, "keepdim", Value::boolean(false)), "mean", "keepdim");
  std::optional<DType> dt = opt_dtype(in, a, 2);
  a.finish(2);
  DType out = dt ? *dt : t->dtype;
  if (!is_inexact(out))
    in.raise_exc("RuntimeError", std::string("mean(): could not infer output dtype. ") +
                                     (dt ? "Optional dtype" : "Input dtype") +
                                     " must be either a floating point or complex dtype. Got: " + torch_type_name(out));
  std::vector<bool> axes = reduce_dims(in, dim, t->ndim(), "mean");
  int64_t count = 1;
  for (int k = 0; k < t->ndim(); ++k)
    if (axes[size_t(k)]) count *= t->shape[size_t(k)];
  ArrayPtr r = torch_ordered_sum(*t, axes, out, keep);
  if (!r) r = reduce(ReduceOp::sum, *t, axes, out, keep, Flavor::Torch);
  const int64_t n = r->size(), isz = r->itemsize();
  visit_dtype(out, [&](auto x) {
    using T = decltype(x);
    if constexpr (is_complex_t<T>::value) {
      for (int64_t k = 0; k < n; ++k) store(r->data() + k * isz, T(load<T>(r->data() + k * isz) / typename T::value_type(count)));
    } else if constexpr (std::is_same_v<T, half>) {
      for (int64_t k = 0; k < n; ++k) store(r->data() + k * isz, half(float(load<T>(r->data() + k * isz)) / float(count)));
    } else if constexpr (std::is_floating_point_v<T>) {
      for (int64_t k = 0; k < n; ++k) store(r->data() + k * isz, T(load<T>(r->data() + k * isz) / T(count)));
    }
  });
  return Value(r);
}

// max()/min(): the extreme as a 0-d tensor; max(dim, keepdim): (values, indices);
// max(other): the elementwise maximum.
Method extreme(bool is_max) {
  return [is_max](Interp& in, const ArrayPtr& t, Args& a) -> Value {
    const std::string fname = is_max ? "max" : "min";
    Value dim;
    const bool given = a.take(0, "dim", dim);
    bool keep = bool_arg(in, a.optional(1, "keepdim", Value::boolean(false)), fname, "keepdim");
    a.finish(2);
    if (given) check_dim_name(in, dim, t->ndim());
    if (is_tensor(dim)) {
      Value np = Value(std::static_pointer_cast<Obj>(in.modules.at("numpy")));
      return in.call(in.getattr(np, is_max ? "maximum" : "minimum"), std::vector<Value>{Value(t), dim});
    }
    if (dim.is_none()) {
      if (t->size() == 0)
        in.raise_exc("RuntimeError", fname + "(): Expected reduction dim to be specified for input.numel() == 0. "
                                             "Specify the reduction dim with the 'dim' argument.");
      return Value(reduce(is_max ? ReduceOp::max : ReduceOp::min, *t, std::vector<bool>(size_t(t->ndim()), true),
                          t->dtype, false, Flavor::Torch));
    }
    int64_t d = torch_wrap_dim(int_arg(in, dim, fname, "dim"), t->ndim());
    if (t->ndim() == 0) {
      ArrayPtr idx = make_array(DType::I64, {}, 'C', Flavor::Torch);
      return return_pair(in, fname, torch_clone(*t), idx);
    }
    if (t->shape[size_t(d)] == 0)
      in.raise_exc("IndexError", fname + "(): Expected reduction dim " + std::to_string(d) + " to have non-zero size.");
    std::vector<bool> axes(size_t(t->ndim()), false);
    axes[size_t(d)] = true;
    ArrayPtr vals = reduce(is_max ? ReduceOp::max : ReduceOp::min, *t, axes, t->dtype, keep, Flavor::Torch);
    ArrayPtr idx = arg_reduce(is_max, *t, int(d), keep, Flavor::Torch);
    return return_pair(in, fname, vals, idx);
  };
}

Method arg_extreme(bool is_max) {
  return [is_max](Interp& in, const ArrayPtr& t, Args& a) -> Value {
    const std::string fname = is_max ? "argmax" : "argmin";
    Value dim = a.optional(0, "dim");
    bool keep = in.truthy(a.optional(1, "keepdim", Value::boolean(false)));
    a.finish(2);
    if (dim.is_none()) {
      if (t->size() == 0)
        in.raise_exc("RuntimeError", fname + "(): Expected reduction dim to be specified for input.numel() == 0.");
      ArrayPtr flat = torch_reshape(t, {-1});
      ArrayPtr r = arg_reduce(is_max, *flat, 0, false, Flavor::Torch);
      if (keep) r = torch_reshape(r, Shape(size_t(t->ndim()), 1));
      return Value(r);
    }
    int64_t d = torch_wrap_dim(int_arg(in, dim, fname, "dim"), t->ndim());
    if (t->ndim() == 0) return Value(make_array(DType::I64, {}, 'C', Flavor::Torch));
    return Value(arg_reduce(is_max, *t, int(d), keep, Flavor::Torch));
  };
}

Value matmul_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value other = a.required(0, "other");
  a.finish(1);
  if (!is_tensor(other))
    in.raise_exc("TypeError", "matmul(): argument 'other' (position 1) must be Tensor, not " + in.type_of(other)->name);
  return in.binop("@", Value(t), other);
}

// mm / bmm / mv: matmul restricted to the ranks each one takes (ATen's checks).
Value ranked_matmul(Interp& in, const ArrayPtr& t, Args& a, const char* fname, int r1, int r2) {
  Value other = a.required(0, fname[1] == 'v' ? "vec" : "mat2");
  a.finish(1);
  if (!is_tensor(other))
    in.raise_exc("TypeError", std::string(fname) + "(): argument '" + (fname[1] == 'v' ? "vec" : "mat2") +
                                  "' (position 1) must be Tensor, not " + in.type_of(other)->name);
  const int d1 = t->ndim(), d2 = other.arr().ndim();
  if (d1 != r1) in.raise_exc("RuntimeError", std::string(r1 == 3 ? "batch1" : "self") + " must be a " + (r1 == 3 ? "3D" : "matrix") + " tensor");
  if (d2 != r2) in.raise_exc("RuntimeError", std::string(r2 == 3 ? "batch2" : r2 == 1 ? "vec" : "mat2") + " must be a " + (r2 == 3 ? "3D tensor" : r2 == 1 ? "1-D tensor" : "matrix"));
  return in.binop("@", Value(t), other);
}
Value mm_method(Interp& in, const ArrayPtr& t, Args& a) { return ranked_matmul(in, t, a, "mm", 2, 2); }
Value bmm_method(Interp& in, const ArrayPtr& t, Args& a) { return ranked_matmul(in, t, a, "bmm", 3, 3); }
Value mv_method(Interp& in, const ArrayPtr& t, Args& a) { return ranked_matmul(in, t, a, "mv", 2, 1); }

// std / var (dim=None, unbiased=True, keepdim=False, *, correction=None):
// NumPy's with ddof = the correction (1 unless unbiased=False).
Value moment_method(Interp& in, const ArrayPtr& t, Args& a, const char* fname) {
  Value dim = a.optional(0, "dim");
  Value unbiased;
  if (dim.is_bool()) {  // t.std(False): the unbiased flag
    unbiased = dim;
    dim = Value();
  } else {
    a.take(1, "unbiased", unbiased);
  }
  if (!unbiased.is_none()) bool_arg(in, unbiased, fname, "unbiased");
  bool keep = bool_arg(in, a.optional(2, "keepdim", Value::boolean(false)), fname, "keepdim");
  Value corr;
  a.take(999, "correction", corr);
  a.finish(3);
  if (!is_inexact(t->dtype))
    in.raise_exc("RuntimeError", std::string(fname) + "(): input dtype should be either floating point or complex. Got " + torch_type_name(t->dtype) + " instead.");
  double ddof = 1;
  if (!corr.is_none()) ddof = in.float_value(corr);
  else if (!unbiased.is_none() && !in.truthy(unbiased)) ddof = 0;
  Args b;
  b.pos = {Value(t)};
  if (!dim.is_none()) b.kw.emplace_back("axis", dim);
  b.kw.emplace_back("ddof", Value::floating(ddof));
  b.kw.emplace_back("keepdims", Value::boolean(keep));
  Value r = in.call(in.modules.at("numpy")->attrs.at(fname), b);
  if (r.is_array() && !r.arr().is_torch()) {  // a full reduction gives a NumPy scalar: a 0-d tensor here
    ArrayPtr c = copy_as(r.arr(), r.arr().dtype, 'C');
    c->flavor = Flavor::Torch;
    c->writeable = true;
    return Value(c);
  }
  return r;
}
Value std_method(Interp& in, const ArrayPtr& t, Args& a) { return moment_method(in, t, a, "std"); }
Value var_method(Interp& in, const ArrayPtr& t, Args& a) { return moment_method(in, t, a, "var"); }

// ---- elementwise functions (kernels/activation), softmax, sort

// The float dtype an op computes in (integers and bool: the default float32).
DType float_result(DType dt) { return is_inexact(dt) && !is_complex(dt) ? dt : DType::F32; }

// A new C-order tensor of dtype dt holding op(t), computed by the kernel on
// t itself (any strides) or, when t has another dtype, on its cast.
ArrayPtr activation(Activation op, const ArrayPtr& t, DType dt, const NanToNumValues& nv = {}) {
  ArrayPtr src = t->dtype == dt ? t : copy_as(*t, dt, 'C');
  ArrayPtr r = make_array(dt, t->shape, 'C', Flavor::Torch);
  apply_activation(op, *r, *src, nv);
  return r;
}

// torch.sigmoid: integers and bool compute in the default float32.
Value sigmoid_method(Interp&, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return Value(activation(Activation::sigmoid, t, float_result(t->dtype)));
}

// torch.relu: every dtype keeps its own, bool is refused.
Value relu_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  if (t->dtype == DType::Bool) in.raise_exc("RuntimeError", "Boolean inputs not supported for relu");
  return Value(activation(Activation::relu, t, t->dtype));
}

// torch.exp: float32 and float16 (and integers, in the default float32)
// through PyTorch's own exp loop (Activation::exp); float64 and complex
// through the ufunc engine (numpy.exp: glibc's exp, what ATen's scalar
// fallback computes too).
// The float functions PyTorch computes with its own loops where they have
// one (Activation::exp, sin, cos for float32), else NumPy's namesake.
Value own_float_loop(Interp& in, const ArrayPtr& t, Args& a, Activation op, const char* name) {
  const DType dt = float_result(t->dtype);
  if (is_complex(t->dtype) || !activation_supports(op, dt)) {
    Value np_fn;
    numpy_namesake(in, name, np_fn);
    a.pos.insert(a.pos.begin(), Value(t));
    return in.call(np_fn, a);
  }
  a.finish(0);
  return Value(activation(op, t, dt));
}
Value exp_method(Interp& in, const ArrayPtr& t, Args& a) { return own_float_loop(in, t, a, Activation::exp, "exp"); }
// torch.sin / cos on float32: Sleef's u10 kernels (kernels/activation.cpp).
Value sin_method(Interp& in, const ArrayPtr& t, Args& a) { return own_float_loop(in, t, a, Activation::sin, "sin"); }
Value cos_method(Interp& in, const ArrayPtr& t, Args& a) { return own_float_loop(in, t, a, Activation::cos, "cos"); }
// torch.tanh on float32: Sleef's u10 kernel.
Value tanh_method(Interp& in, const ArrayPtr& t, Args& a) { return own_float_loop(in, t, a, Activation::tanh, "tanh"); }

// torch.erf: integers compute in the default float32.
Value erf_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  if (is_complex(t->dtype)) in.raise_exc("RuntimeError", "\"erf_vml_cpu\" not implemented for 'ComplexFloat'");
  return Value(activation(Activation::erf, t, float_result(t->dtype)));
}

// torch.erfinv: integers compute in the default float32.
Value erfinv_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  if (is_complex(t->dtype)) in.raise_exc("RuntimeError", "\"erfinv_vml_cpu\" not implemented for 'ComplexFloat'");
  return Value(activation(Activation::erfinv, t, float_result(t->dtype)));
}

// torch.sign: NaN -> 0 (unlike np.sign); complex is refused.
Value sign_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  if (is_complex(t->dtype)) in.raise_exc("RuntimeError", "Unlike NumPy, torch.sign is not intended to support complex numbers. Please use torch.sgn instead.");
  return Value(activation(Activation::sign, t, t->dtype));
}

// torch.nan_to_num(nan=0.0, posinf=None, neginf=None): infinities become the
// dtype's largest finite values unless given; other dtypes are copied.
Value nan_to_num_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value nanv = a.optional(0, "nan", Value::floating(0.0)), pv = a.optional(1, "posinf"), nv = a.optional(2, "neginf");
  a.finish(3);
  if (!activation_supports(Activation::nan_to_num, t->dtype)) {
    ArrayPtr r = copy_as(*t, t->dtype, 'C');
    r->flavor = Flavor::Torch;
    return Value(r);
  }
  const double big = t->dtype == DType::F64 ? std::numeric_limits<double>::max()
                     : t->dtype == DType::F32 ? double(std::numeric_limits<float>::max()) : 65504.0;
  NanToNumValues v;
  v.nan = nanv.is_none() ? 0.0 : in.float_value(nanv);
  v.posinf = pv.is_none() ? big : in.float_value(pv);
  v.neginf = nv.is_none() ? -big : in.float_value(nv);
  return Value(activation(Activation::nan_to_num, t, t->dtype, v));
}

// Calls f(base offset of a slice, element stride) for each 1-D slice of a
// C-contiguous array of `shape` along `dim`.
template <class F>
void for_each_slice(const Shape& shape, int dim, F&& f) {
  int64_t outer = 1, inner = 1;
  for (int k = 0; k < dim; ++k) outer *= shape[size_t(k)];
  for (size_t k = size_t(dim) + 1; k < shape.size(); ++k) inner *= shape[k];
  const int64_t n = shape.empty() ? 1 : shape[size_t(dim)];
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) f(o * n * inner + i, inner, n);
}

// softmax(dim, dtype=None): the input cast to dtype, then ATen's CPU kernel
// (kernels/activation softmax_inplace).
Value softmax_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value dimv = a.required(0, "dim");
  std::optional<DType> odt = opt_dtype(in, a, 1);
  a.finish(2);
  check_dim_name(in, dimv, t->ndim());
  const DType dt = odt ? *odt : t->dtype;
  const int dim = t->ndim() == 0 ? 0 : int(torch_wrap_dim(int_arg(in, dimv, "softmax", "dim"), t->ndim()));
  if (t->ndim() == 0) torch_wrap_dim(int_arg(in, dimv, "softmax", "dim"), 1);
  if (!odt && !is_inexact(t->dtype))  // the kernel for the last dim, or the general one
    in.raise_exc("RuntimeError", std::string(dim == std::max(t->ndim(), 1) - 1 ? "\"softmax_lastdim_kernel_impl\"" : "\"softmax_kernel_impl\"") +
                                     " not implemented for '" + torch_type_name(t->dtype) + "'");
  ArrayPtr r = copy_as(*t, dt, 'C');
  r->flavor = Flavor::Torch;
  softmax_inplace(*r, dim);  // a complex dtype= is copied as it is
  return Value(r);
}

// Tensor.sort(dim=-1, descending=False, stable=False): a stable sort with NaN
// the largest value, returned as torch.return_types.sort(values, indices).
Value sort_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value dimv = a.optional(0, "dim", Value::integer(-1));
  const bool desc = bool_arg(in, a.optional(1, "descending", Value::boolean(false)), "sort", "descending");
  a.optional(2, "stable");
  a.finish(3);
  const int nd = std::max(t->ndim(), 1);
  const int dim = t->ndim() == 0 ? (torch_wrap_dim(int_arg(in, dimv, "sort", "dim"), 1), 0)
                                 : int(torch_wrap_dim(int_arg(in, dimv, "sort", "dim"), nd));
  ArrayPtr vals = copy_as(*t, t->dtype, 'C');
  vals->flavor = Flavor::Torch;
  ArrayPtr idx = make_array(DType::I64, t->shape, 'C', Flavor::Torch);
  ArrayPtr src = copy_as(*t, t->dtype, 'C');
  const int64_t isz = t->itemsize();
  if (t->ndim() == 0) {
    store<int64_t>(idx->data(), 0);
  } else if (!is_complex(t->dtype)) {
    // Ascending, torch's stable sort with NaN the largest is NumPy's stable
    // argsort (core/ops/sort.hpp, the same Less). Descending is the ascending order
    // of the lane read backwards, itself read backwards: equal values then keep
    // their first-come order and NaNs come first, as torch's descending sort has.
    Array lanes = *src;
    if (desc) {
      lanes.offset += (lanes.shape[size_t(dim)] - 1) * lanes.strides[size_t(dim)];
      lanes.strides[size_t(dim)] = -lanes.strides[size_t(dim)];
    }
    ArrayPtr order = argsort(lanes, dim, SortKind::Stable);
    const char* ord = order->data();
    for_each_slice(t->shape, dim, [&](int64_t base, int64_t st, int64_t n) {
      for (int64_t k = 0; k < n; ++k) {
        const int64_t from = desc ? n - 1 - load<int64_t>(ord + (base + (n - 1 - k) * st) * 8)
                                  : load<int64_t>(ord + (base + k * st) * 8);
        std::memcpy(vals->data() + (base + k * st) * isz, src->data() + (base + from * st) * isz, size_t(isz));
        store<int64_t>(idx->data() + (base + k * st) * 8, from);
      }
    });
  }
  return return_pair(in, "sort", vals, idx);
}

// Tensor.argsort(dim=-1, descending=False, stable=False): sort(...).indices.
Value argsort_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value r = sort_method(in, t, a);
  return in.getitem(r, Value::integer(1));
}

// Tensor.is_shared(): whether the storage is in shared memory (never, here).
Value is_shared_method(Interp&, const ArrayPtr&, Args& a) {
  a.finish(0);
  return Value::boolean(false);
}

// The methods this file provides, each unless another file registered it first.
const std::vector<std::pair<const char*, ArrayMethod>>& reduction_methods() {
  static const std::vector<std::pair<const char*, ArrayMethod>> m = {
      {"sum", sum_method},         {"mean", mean_method},           {"max", extreme(true)},
      {"min", extreme(false)},     {"argmax", arg_extreme(true)},   {"argmin", arg_extreme(false)},
      {"matmul", matmul_method},   {"sigmoid", sigmoid_method},     {"relu", relu_method},
      {"softmax", softmax_method}, {"nan_to_num", nan_to_num_method}, {"sort", sort_method},
      {"mm", mm_method},           {"bmm", bmm_method},             {"mv", mv_method},
      {"std", std_method},         {"var", var_method},             {"argsort", argsort_method},
      {"is_shared", is_shared_method},
  };
  return m;
}

}  // namespace

void install_tensor_reductions(Interp& in) {
  ArrayPtr probe = make_array(DType::F32, {}, 'C', Flavor::Torch);
  for (auto& [name, fn] : reduction_methods()) {
    Value existing;
    if (!bind_array_method(in, probe, name, existing)) def_tensor_method(name, fn);
  }
  def_tensor_method("sign", sign_method);  // always: NaN -> 0, unlike np.sign
  def_tensor_method("exp", exp_method);    // PyTorch's float exp loop, not NumPy's
  def_tensor_method("sin", sin_method);    // and its float sin / cos (Sleef)
  def_tensor_method("cos", cos_method);
  def_tensor_method("tanh", tanh_method);
  def_tensor_method("erfinv", erfinv_method);
  def_tensor_method("erf", erf_method);
}

}  // namespace sl::lang
