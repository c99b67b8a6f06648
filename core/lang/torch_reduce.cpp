// torch_reduce: Tensor.sum / mean / max / min / argmax / argmin and matmul
// with PyTorch's dims, dtypes, messages and return types, over the engine's
// reduction kernels (core/kernels/reduce.hpp) and the `@` operator. A method
// another front-end file already registered on torch.Tensor is left alone.
#include <cmath>
#include <cstring>

#include "core/element.hpp"
#include "core/kernels/reduce.hpp"
#include "core/lang/torch_util.hpp"
#include "core/strides.hpp"
#include "core/torch_views.hpp"

namespace sl::lang {

namespace {

using Method = ArrayMethod;

// The dims argument of a reduction: None (all), an int, or a sequence;
// wrapped with maybe_wrap_dim; "dim 0 appears multiple times in the list of dims".
std::vector<bool> reduce_dims(Interp& in, const Value& dim, int ndim, const std::string& fname) {
  std::vector<bool> axes(size_t(ndim), dim.is_none());
  if (dim.is_none()) return axes;
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

Value sum_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value dim = a.optional(0, "dim");
  bool keep = in.truthy(a.optional(1, "keepdim", Value::boolean(false)));
  std::optional<DType> dt = opt_dtype(in, a, 2);
  a.finish(2);
  std::vector<bool> axes = reduce_dims(in, dim, t->ndim(), "sum");
  // Integral and bool inputs sum in int64 (at::native::sum: promote_integers).
  DType acc = dt ? *dt : (is_integer(t->dtype) || t->dtype == DType::Bool) ? DType::I64 : t->dtype;
  return Value(reduce(ReduceOp::sum, *t, axes, acc, keep, Flavor::Torch));
}

// mean = sum(dtype) / count, divided in the result dtype (at::native::mean_out).
Value mean_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value dim = a.optional(0, "dim");
  bool keep = in.truthy(a.optional(1, "keepdim", Value::boolean(false)));
  std::optional<DType> dt = opt_dtype(in, a, 2);
  a.finish(2);
  DType out = dt ? *dt : t->dtype;
  if (!is_inexact(out))
    in.raise_exc("RuntimeError", std::string("mean(): could not infer output dtype. ") +
                                     (dt ? "Optional dtype" : "Input dtype") +
                                     " must be either a floating point or complex dtype. Got: " +
                                     (out == DType::I64 ? "Long" : out == DType::I32 ? "Int" : out == DType::I16 ? "Short"
                                      : out == DType::I8 ? "Char" : out == DType::U8 ? "Byte" : "Bool"));
  std::vector<bool> axes = reduce_dims(in, dim, t->ndim(), "mean");
  int64_t count = 1;
  for (int k = 0; k < t->ndim(); ++k)
    if (axes[size_t(k)]) count *= t->shape[size_t(k)];
  ArrayPtr r = reduce(ReduceOp::sum, *t, axes, out, keep, Flavor::Torch);
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
    Value dim = a.optional(0, "dim");
    bool keep = in.truthy(a.optional(1, "keepdim", Value::boolean(false)));
    a.finish(2);
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

}  // namespace

void install_tensor_reductions(Interp& in) {
  ArrayPtr probe = make_array(DType::F32, {}, 'C', Flavor::Torch);
  auto def_if_absent = [&](const char* name, ArrayMethod fn) {
    Value existing;
    if (!bind_array_method(in, probe, name, existing)) def_tensor_method(name, std::move(fn));
  };
  def_if_absent("sum", sum_method);
  def_if_absent("mean", mean_method);
  def_if_absent("max", extreme(true));
  def_if_absent("min", extreme(false));
  def_if_absent("argmax", arg_extreme(true));
  def_if_absent("argmin", arg_extreme(false));
  def_if_absent("matmul", matmul_method);
}

}  // namespace sl::lang
