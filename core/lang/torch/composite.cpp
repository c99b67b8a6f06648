// torch/composite: Tensor methods that ATen defines as compositions of other
// ops (CompositeImplicitAutograd, or a pointwise kernel equal to its
// composition): nonzero, where(condition, other), rsqrt, frac, fix, sgn,
// xlogy, logit, isposinf / isneginf / isreal, aminmax, msort, and the
// predicates is_nonzero, is_same_size, is_conj, is_neg, is_inference,
// nbytes and itemsize. Their torch.X forms come from torch_function_methods().
//
// Invariant: each is built from the methods the front end already has, so
// its dtype and broadcasting follow theirs and autograd records the parts;
// the messages are PyTorch's.
#include <cmath>

#include "core/lang/torch/convert.hpp"

namespace sl::lang {

namespace {

Value call(Interp& in, const Value& self, const char* name, std::vector<Value> pos = {}) {
  return in.call(in.getattr(self, name), std::move(pos));
}
Value torch_call(Interp& in, const char* name, std::vector<Value> pos) {
  return in.call(in.modules.at("torch")->attrs.at(name), std::move(pos));
}

// nonzero(*, as_tuple=False): the (n, ndim) indices of the nonzero elements
// (argwhere), or one index tensor per dim.
Value nonzero_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value as_tuple = a.optional(99, "as_tuple", Value::boolean(false));
  a.finish(0);
  Value idx = torch_call(in, "argwhere", {Value(t)});
  if (!bool_arg(in, as_tuple, "nonzero", "as_tuple")) return idx;
  if (t->ndim() == 0) return make_tuple({call(in, idx, "reshape", {Value::integer(-1)})});
  std::vector<Value> cols;
  for (int64_t d = 0; d < t->ndim(); ++d) cols.push_back(call(in, idx, "select", {Value::integer(1), Value::integer(d)}));
  return make_tuple(std::move(cols));
}

// Tensor.where(condition, y): torch.where(condition, self, y).
Value where_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value cond = a.required(0, "condition"), other = a.required(1, "other");
  a.finish(2);
  return torch_call(in, "where", {cond, Value(t), other});
}

// rsqrt: 1 / sqrt(x), each rounded (the CPU kernel's 1 / std::sqrt).
Value rsqrt_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return call(in, call(in, Value(t), "sqrt"), "reciprocal");
}
// frac: x - trunc(x) (frac_kernel).
Value frac_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  if (!is_float(t->dtype))
    in.raise_exc("RuntimeError", std::string("\"frac_cpu\" not implemented for '") + torch_type_name(t->dtype) + "'");
  return in.binop("-", Value(t), call(in, Value(t), "trunc"));
}
// fix is trunc's alias; sgn is sign for real tensors.
Value fix_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return call(in, Value(t), "trunc");
}
Value sgn_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  if (is_complex(t->dtype)) in.raise_exc("NotImplementedError", "sgn of a complex tensor");
  return call(in, Value(t), "sign");
}

// xlogy(x, y) = x * log(y), 0 where x == 0, nan where y is nan (xlogy_kernel).
Value xlogy_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value y = a.required(0, "other");
  a.finish(1);
  Value x(t);
  const bool number = y.is_int() || y.is_float() || y.is_bool();
  if (!number) tensor_arg(in, y, "xlogy", "other", 1);
  Value yt = is_tensor(y) ? y : torch_call(in, "tensor", {y});
  Value r = in.binop("*", x, call(in, yt, "log"));
  Value zero = call(in, r, "new_zeros", {make_tuple({})});
  r = torch_call(in, "where", {call(in, x, "eq", {Value::integer(0)}), zero, r});
  Value nan = call(in, zero, "add", {Value::new_float(NAN)});
  return torch_call(in, "where", {call(in, yt, "isnan"), nan, r});
}

// logit(eps=None): log(z / (1 - z)), z = x clamped to [eps, 1 - eps] when eps is given.
Value logit_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value eps = a.optional(0, "eps");
  a.finish(1);
  Value z(t);
  if (!is_float(t->dtype)) z = call(in, z, "float");
  if (!eps.is_none() && !eps.is_float() && !eps.is_int())
    in.raise_exc("TypeError", "logit(): argument 'eps' (position 1) must be float, not " + in.type_of(eps)->name);
  if (!eps.is_none()) {
    const double e = in.float_value(eps);
    z = call(in, z, "clamp", {Value::floating(e), Value::floating(1.0 - e)});
  }
  return call(in, in.binop("/", z, in.binop("-", Value::integer(1), z)), "log");
}

Value isposinf_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return call(in, Value(t), "eq", {Value::floating(INFINITY)});
}
Value isneginf_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return call(in, Value(t), "eq", {Value::floating(-INFINITY)});
}
// isreal: imag == 0 (every element of a real tensor).
Value isreal_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  if (is_complex(t->dtype)) return call(in, in.getattr(Value(t), "imag"), "eq", {Value::integer(0)});
  Args o;
  o.pos = {Value(t)};
  o.kw = {{"dtype", dtype_value(in, DType::Bool, true)}};
  return in.call(in.modules.at("torch")->attrs.at("ones_like"), o);
}

// aminmax(*, dim=None, keepdim=False): torch.return_types.aminmax(min=, max=).
Value aminmax_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value dim = a.optional(99, "dim"), keep = a.optional(99, "keepdim", Value::boolean(false));
  a.finish(0);
  Args r;
  if (!dim.is_none()) r.kw = {{"dim", dim}, {"keepdim", keep}};
  Args r2 = r;
  Value mn = in.call(in.getattr(Value(t), "amin"), r), mx = in.call(in.getattr(Value(t), "amax"), r2);
  TypeObj* ty = in.modules.at("torch")->attrs.at("_return_aminmax").as<TypeObj>();
  auto g = std::make_shared<GenericObj>(ty);
  g->attrs["min"] = mn;
  g->attrs["max"] = mx;
  Value items = make_tuple({mn, mx});
  g->attrs["__iter__"] = in.builtin("__iter__", [items](Interp&, Args&) -> Value { return items; });
  g->attrs["__len__"] = in.builtin("__len__", [](Interp&, Args&) -> Value { return Value::integer(2); });
  g->attrs["__getitem__"] = in.builtin("__getitem__", [items](Interp& in, Args& a) -> Value { return in.getitem(items, a.pos.at(0)); });
  g->attrs["__repr__"] = in.builtin("__repr__", [mn, mx](Interp& in, Args&) -> Value {
    return make_str("torch.return_types.aminmax(\nmin=" + in.repr(mn) + ",\nmax=" + in.repr(mx) + ")");
  });
  return Value(std::static_pointer_cast<Obj>(g));
}

// msort: sort along dim 0, the values.
Value msort_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return in.getitem(call(in, Value(t), "sort", {Value::integer(0)}), Value::integer(0));
}

// is_nonzero: the truth of a one-element tensor.
Value is_nonzero_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  if (t->size() == 0) in.raise_exc("RuntimeError", "Boolean value of Tensor with no values is ambiguous");
  if (t->size() > 1) in.raise_exc("RuntimeError", "Boolean value of Tensor with more than one value is ambiguous");
  return Value::boolean(in.truthy(Value(t)));
}
Value is_same_size_method(Interp& in, const ArrayPtr& t, Args& a) {
  ArrayPtr o = tensor_arg(in, a.required(0, "other"), "is_same_size", "other", 1);
  a.finish(1);
  return Value::boolean(o->shape == t->shape);
}
// dist(other, p=2): the p-norm of self - other (broadcast), as torch.norm computes it.
Value dist_method(Interp& in, const ArrayPtr& t, Args& a) {
  ArrayPtr o = tensor_arg(in, a.required(0, "other"), "dist", "other", 1);
  Value p = a.optional(1, "p", Value::integer(2));
  a.finish(2);
  if (!p.is_int() && !p.is_float())
    in.raise_exc("TypeError", "dist(): argument 'p' (position 2) must be Number, not " + in.type_of(p)->name);
  Value d = in.binop("-", Value(t), Value(o));
  return in.call(in.modules.at("torch.linalg")->attrs.at("vector_norm"), std::vector<Value>{d, p});
}

// A tensor here is never a lazily conjugated or negated view, nor an inference tensor.
Value false_method(Interp&, const ArrayPtr&, Args& a) {
  a.finish(0);
  return Value::boolean(false);
}

}  // namespace

void install_torch_composite(Interp& in) {
  static const MethodEntry methods[] = {
      {"nonzero", nonzero_method, {"nonzero(*, as_tuple=)"}},
      {"where", where_method, {"where(condition, other)"}},
      {"rsqrt", rsqrt_method, {"rsqrt()"}},
      {"frac", frac_method, {"frac()"}},
      {"fix", fix_method, {"fix()"}},
      {"sgn", sgn_method, {"sgn()"}},
      {"xlogy", xlogy_method, {"xlogy(other)"}},
      {"logit", logit_method, {"logit(eps=)"}},
      {"isposinf", isposinf_method, {"isposinf()"}},
      {"isneginf", isneginf_method, {"isneginf()"}},
      {"isreal", isreal_method, {"isreal()"}},
      {"aminmax", aminmax_method, {"aminmax(*, dim=, keepdim=)"}},
      {"msort", msort_method, {"msort()"}},
      {"is_nonzero", is_nonzero_method, {"is_nonzero()"}},
      {"is_same_size", is_same_size_method, {"is_same_size(other)"}},
      {"dist", dist_method, {"dist(other, p=)"}},
      {"is_conj", false_method, {"is_conj()"}},
      {"is_neg", false_method, {"is_neg()"}},
      {"is_inference", false_method, {"is_inference()"}},
  };
  for (const MethodEntry& e : methods) def_tensor_method(e.name, e.fn, e.params);
  ModuleObj& tm = *in.modules.at("torch");
  tm.attrs["_return_aminmax"] =
      Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), in.new_type("aminmax", "torch.return_types", {in.t.object})));
}

}  // namespace sl::lang
