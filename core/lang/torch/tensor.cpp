// torch/tensor: torch.Tensor as a Python object -- attributes (shape, dtype,
// device, _base, T, ...), methods (view/reshape/transpose/.../masked_fill_/
// copy_), basic indexing with PyTorch's rules and messages, and
// tensor.storage(). Element strides are shown in elements (Note [Strides are
// bytes] in core/model/array.hpp); the algebra is core/torch/views.
//
// Invariant: methods() is the one table of torch.Tensor's methods, each name
// pointing at a named function (or a named maker such as cast_method); a
// method converts arguments and calls core/torch/views, never lays out memory.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>

#include "core/model/element.hpp"
#include "core/model/explain.hpp"
#include "core/torch/format.hpp"
#include "core/torch/pointwise.hpp"
#include "core/torch/derivatives.hpp"
#include "core/lang/objects/bytes.hpp"
#include "core/lang/frontend/index.hpp"
#include "core/lang/objects/array_hooks.hpp"
#include "core/ops/copy.hpp"
#include "core/lang/torch/autograd.hpp"
#include "core/lang/torch/convert.hpp"
#include "core/model/overlap.hpp"
#include "core/model/strides.hpp"
#include "core/torch/views.hpp"
#include "core/ops/ufunc.hpp"

namespace sl::lang {

bool fused_add_alpha(Interp& in, const ArrayPtr& self, const Value& other, const Value& alpha, bool subtract,
                     bool inplace, Value& out);  // torch/pointwise.cpp


namespace {

// PyTorch 2.6's in-place Tensor methods (the public names of dir(torch.Tensor)
// ending in one '_', listed from the reference): t.op_ exists only for these,
// where the generic in-place form below would give every op one.
bool torch_inplace_method(const std::string& name) {
  static const std::set<std::string> names = {
      "abs_", "absolute_", "acos_", "acosh_", "add_", "addbmm_", "addcdiv_", "addcmul_", "addmm_", "addmv_",
      "addr_", "apply_", "arccos_", "arccosh_", "arcsin_", "arcsinh_", "arctan2_", "arctan_", "arctanh_",
      "as_strided_", "asin_", "asinh_", "atan2_", "atan_", "atanh_", "baddbmm_", "bernoulli_", "bitwise_and_",
      "bitwise_left_shift_", "bitwise_not_", "bitwise_or_", "bitwise_right_shift_", "bitwise_xor_", "cauchy_",
      "ceil_", "clamp_", "clamp_max_", "clamp_min_", "clip_", "conj_physical_", "copy_", "copysign_", "cos_",
      "cosh_", "cumprod_", "cumsum_", "deg2rad_", "detach_", "digamma_", "div_", "divide_", "eq_", "erf_",
      "erfc_", "erfinv_", "exp2_", "exp_", "expm1_", "exponential_", "fill_", "fill_diagonal_", "fix_",
      "float_power_", "floor_", "floor_divide_", "fmod_", "frac_", "gcd_", "ge_", "geometric_", "greater_",
      "greater_equal_", "gt_", "heaviside_", "hypot_", "i0_", "igamma_", "igammac_", "index_add_",
      "index_copy_", "index_fill_", "index_put_", "index_reduce_", "lcm_", "ldexp_", "le_", "lerp_", "less_",
      "less_equal_", "lgamma_", "log10_", "log1p_", "log2_", "log_", "log_normal_", "logical_and_",
      "logical_not_", "logical_or_", "logical_xor_", "logit_", "lt_", "map2_", "map_", "masked_fill_",
      "masked_scatter_", "mul_", "multiply_", "mvlgamma_", "nan_to_num_", "ne_", "neg_", "negative_",
      "nextafter_", "normal_", "not_equal_", "polygamma_", "pow_", "put_", "rad2deg_", "random_", "reciprocal_",
      "relu_", "remainder_", "rename_", "renorm_", "requires_grad_", "resize_", "resize_as_",
      "resize_as_sparse_", "round_", "rsqrt_", "scatter_", "scatter_add_", "scatter_reduce_", "set_", "sgn_",
      "share_memory_", "sigmoid_", "sign_", "sin_", "sinc_", "sinh_", "sparse_resize_",
      "sparse_resize_and_clear_", "sqrt_", "square_", "squeeze_", "sub_", "subtract_", "swapaxes_", "swapdims_",
      "t_", "tan_", "tanh_", "transpose_", "tril_", "triu_", "true_divide_", "trunc_", "uniform_", "unsqueeze_",
      "xlogy_", "zero_",
  };
  return names.count(name) != 0;
}


ModuleObj& torch_mod(Interp& in) { return *in.modules.at("torch"); }

// torch.float32 & co. are singletons: t.dtype is torch.float32.
Value dtype_obj(Interp& in, DType dt) {
  auto& attrs = torch_mod(in).attrs;
  auto it = attrs.find(info(dt).torch_name);
  if (it != attrs.end()) return it->second;
  return dtype_value(in, dt, true);
}

// Tensor.type("torch.FloatTensor"): the dtypes PyTorch 1.13 has.
bool parse_type_string(const std::string& s, DType& out) {
  for (DType dt : {DType::Bool, DType::U8, DType::I8, DType::I16, DType::I32, DType::I64, DType::F16, DType::F32,
                   DType::F64, DType::C64, DType::C128})
    if (torch_tensor_type_string(dt) == s) {
      out = dt;
      return true;
    }
  return false;
}

// A Python number for the element at p (item(), tolist(), storage[i]).
Value py_number(DType dt, const char* p) {
  if (dt == DType::Bool) return Value::boolean(load<bool>(p));
  if (is_integer(dt)) return Value::integer(load_as<int64_t>(dt, p));
  if (is_float(dt)) return Value::floating(load_as<double>(dt, p));
  c128 c = load_as<c128>(dt, p);
  return make_complex(c.real(), c.imag());
}

Value tolist(const Array& a, int axis, int64_t off) {
  if (axis == a.ndim()) return py_number(a.dtype, a.storage->data() + off);
  std::vector<Value> items;
  for (int64_t i = 0; i < a.shape[size_t(axis)]; ++i)
    items.push_back(tolist(a, axis + 1, off + i * a.strides[size_t(axis)]));
  return make_list(std::move(items));
}

// dims given as varargs or one sequence: permute(1, 0) / permute((1, 0)).
std::vector<int64_t> dims_args(Interp& in, Args& a, const std::string& fname, const char* kw) {
  return size_args(in, a, 0, fname, kw);
}

int64_t opt_int(Interp& in, Args& a, size_t i, const char* name, int64_t dflt, const std::string& fname) {
  Value v = a.optional(i, name);
  return v.is_none() ? dflt : int_arg(in, v, fname, name);
}

bool is_dtype_arg(const Value& v) { return v.as<DTypeObj>() != nullptr; }

ArrayPtr to_dtype_copy(const ArrayPtr& t, DType dt, bool copy) {
  if (dt == t->dtype && !copy) return t;
  return torch_clone(*t, dt);
}

// masked_fill_ (TensorAdvancedIndexing.cpp masked_fill__cpu): a bool (or
// deprecated uint8) mask broadcast to self's shape, a number or 0-dim value
// tensor, no partial overlap between self and mask.
void masked_fill_inplace(Interp& in, const ArrayPtr& self, const ArrayPtr& mask, const Value& value) {
  if (mask->dtype != DType::Bool && mask->dtype != DType::U8)
    in.raise_exc("RuntimeError", std::string("masked_fill_ only supports boolean masks, but got mask with dtype ") +
                                     info(mask->dtype).torch_name);
  if (is_tensor(value) && value.arr().ndim() != 0)
    in.raise_exc("RuntimeError", "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with " +
                                     std::to_string(value.arr().ndim()) + " dimension(s).");
  Shape b = torch_broadcast_shapes(self->shape, mask->shape);
  if (b != self->shape)
    in.raise_exc("RuntimeError", "output with shape " + list_repr(self->shape) + " doesn't match the broadcast shape " +
                                     list_repr(b));
  torch_assert_no_partial_overlap(*self, *mask);
  alignas(16) char buf[16] = {};
  torch_scalar_to_bytes(in, value, self->dtype, buf);
  Array m = torch_broadcast_to(*mask, self->shape);
  // Walk self and the mask together; write where the mask is set.
  const int nd = self->ndim();
  std::vector<int64_t> idx(size_t(nd), 0);
  if (self->size() == 0) return;
  const int isz = self->itemsize();
  for (;;) {
    int64_t so = self->offset, mo = m.offset;
    for (int k = 0; k < nd; ++k) {
      so += idx[size_t(k)] * self->strides[size_t(k)];
      mo += idx[size_t(k)] * m.strides[size_t(k)];
    }
    if (m.storage->data()[mo] != 0) std::memcpy(self->storage->data() + so, buf, size_t(isz));
    int k = nd - 1;
    for (; k >= 0; --k) {
      if (++idx[size_t(k)] < self->shape[size_t(k)]) break;
      idx[size_t(k)] = 0;
    }
    if (k < 0) break;
  }
}

// Tensor.copy_(src) (Copy.cpp copy_impl): the same tensor is a no-op; src
// broadcasts to self; the written tensor may not overlap itself and may not
// partially overlap src.
void copy_tensor(Interp& in, const ArrayPtr& self, const ArrayPtr& src) {
  if (self == src) return;
  Shape b = torch_broadcast_shapes(self->shape, src->shape);
  if (b != self->shape)
    in.raise_exc("RuntimeError", "output with shape " + list_repr(self->shape) + " doesn't match the broadcast shape " +
                                     list_repr(b));
  torch_assert_no_internal_overlap(*self);
  torch_assert_no_partial_overlap(*self, *src);
  Array s = torch_broadcast_to(*src, self->shape);
  copy_into(*self, s);
}

void fill_inplace(Interp& in, const ArrayPtr& self, const Value& value) {
  if (is_tensor(value) && value.arr().ndim() != 0)
    in.raise_exc("RuntimeError", "fill_ only supports 0-dimension value tensor but got tensor with " +
                                     std::to_string(value.arr().ndim()) + " dimensions.");
  alignas(16) char buf[16] = {};
  torch_scalar_to_bytes(in, value, self->dtype, buf);
  fill(*self, self->dtype, buf);
}

ArrayPtr mask_arg(Interp& in, const Value& v, const char* fname) {
  if (!is_tensor(v))
    in.raise_exc("TypeError", std::string(fname) + "(): argument 'mask' (position 1) must be Tensor, not " + in.type_of(v)->name);
  return v.array();
}

void check_value_arg(Interp& in, const Value& v, const char* fname) {
  if (!(v.is_bool() || v.is_int() || v.is_float() || v.as<ComplexObj>() || is_tensor(v)))
    in.raise_exc("TypeError", std::string(fname) + "(): argument 'value' must be Number or Tensor, not " + in.type_of(v)->name);
}

// torch.storage.TypedStorage over the tensor's whole storage, in its dtype.
// Tensor.storage() (TypedStorage: elements of the tensor's dtype) and
// Tensor.untyped_storage() (UntypedStorage: the bytes), over the whole storage.
Value storage_object(Interp& in, const ArrayPtr& t, bool untyped = false) {
  TypeObj* ty = torch_mod(in).attrs.at(untyped ? "_UntypedStorage" : "_TypedStorage").as<TypeObj>();
  auto g = std::make_shared<GenericObj>(ty);
  const DType dt = untyped ? DType::U8 : t->dtype;
  const int64_t isz = itemsize(dt);
  const int64_t n = t->storage->nbytes() / isz;
  StoragePtr st = t->storage;
  auto at = [st, dt, isz, n](Interp& in, const Value& i) -> Value {
    int64_t k = in.index_value(i);
    if (k < 0) k += n;
    if (k < 0 || k >= n) in.raise_exc("IndexError", "index " + std::to_string(in.index_value(i)) + " out of range for storage of size " + std::to_string(n));
    return py_number(dt, st->data() + k * isz);
  };
  g->attrs["dtype"] = dtype_obj(in, dt);
  g->attrs["device"] = torch_mod(in).attrs.at("_cpu_device");
  g->attrs["__getitem__"] = in.builtin("__getitem__", [at](Interp& in, Args& a) -> Value { return at(in, a.pos.at(0)); });
  g->attrs["__len__"] = in.builtin("__len__", [n](Interp&, Args&) -> Value { return Value::integer(n); });
  g->attrs["size"] = in.builtin("size", [n](Interp&, Args&) -> Value { return Value::integer(n); });
  g->attrs["element_size"] = in.builtin("element_size", [isz](Interp&, Args&) -> Value { return Value::integer(isz); });
  g->attrs["nbytes"] = in.builtin("nbytes", [st](Interp&, Args&) -> Value { return Value::integer(st->nbytes()); });
  g->attrs["data_ptr"] = in.builtin("data_ptr", [st](Interp&, Args&) -> Value { return Value::integer(int64_t(uintptr_t(st->data()))); });
  g->attrs["tolist"] = in.builtin("tolist", [st, dt, isz, n](Interp&, Args&) -> Value {
    std::vector<Value> items;
    for (int64_t k = 0; k < n; ++k) items.push_back(py_number(dt, st->data() + k * isz));
    return make_list(std::move(items));
  });
  g->attrs["__iter__"] = g->attrs["tolist"];
  // TypedStorage.__str__: one element per line, then the type line.
  auto text = [st, dt, isz, n, untyped](Interp& in, Args&) -> Value {
    std::string s = " ";
    for (int64_t k = 0; k < n; ++k) {
      if (k) s += "\n ";
      s += in.str(py_number(dt, st->data() + k * isz));
    }
    if (untyped) s += "\n[torch.storage.UntypedStorage(device=cpu) of size " + std::to_string(n) + "]";
    else s += "\n[torch.storage.TypedStorage(dtype=" + format_torch_dtype(dt) + ", device=cpu) of size " + std::to_string(n) + "]";
    return make_str(s);
  };
  g->attrs["__repr__"] = in.builtin("__repr__", text);
  g->attrs["__str__"] = in.builtin("__str__", text);
  return Value(std::static_pointer_cast<Obj>(g));
}

using Method = ArrayMethod;

Value view_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value dt;
  if (a.pos.size() == 1 && is_dtype_arg(a.pos[0])) {
    a.finish(1);
    return Value(torch_view_dtype(t, to_dtype(in, a.pos[0])));
  }
  if (a.pos.empty() && a.take(0, "dtype", dt)) {
    a.finish(0);
    return Value(torch_view_dtype(t, to_dtype(in, dt)));
  }
  if (a.pos.empty() && a.kw.empty()) invalid_combination(in, "view", a, {"torch.dtype dtype", "tuple of SymInts size"});
  if (a.pos.size() == 1 && a.kw.empty()) {  // one argument that is neither a dtype nor a size
    const Value& x = a.pos[0];
    if (!in.is_int_like(x) && !x.as<ListObj>() && !x.as<TupleObj>()) {
      const std::string why = "some of the arguments have invalid types: (!" + in.type_name(x) + "!)";
      invalid_combination(in, "view", a, {"torch.dtype dtype", "tuple of ints size"}, {why, why});
    }
  }
  Shape s = size_args(in, a, 0, "view");
  a.finish(1000);
  return Value(torch_view(t, s));
}

// Tensor.to's overloads (python_arg_parser): (device=None, dtype=None,
// non_blocking=False, copy=False), (dtype, non_blocking=False, copy=False),
// (Tensor other, non_blocking=False, copy=False); the first positional picks
// one, and any argument of another type matches none (TypeError).
Value to_method(Interp& in, const ArrayPtr& t, Args& a) {
  std::optional<DType> dt;
  bool copy = false;
  auto mismatch = [&]() {
    std::string got;
    for (const Value& x : a.pos) got += (got.empty() ? "" : ", ") + in.type_of(x)->qualname();
    in.raise_exc("TypeError", "to() received an invalid combination of arguments - got (" + got +
                                  "), but expected one of:\n * (torch.device device = None, torch.dtype dtype = None, "
                                  "bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = "
                                  "None)\n * (torch.dtype dtype, bool non_blocking = False, bool copy = False, *, "
                                  "torch.memory_format memory_format = None)\n * (Tensor tensor, bool non_blocking = "
                                  "False, bool copy = False, *, torch.memory_format memory_format = None)\n");
  };
  auto device = [&](const Value& x) {
    if (x.is_int()) {
      if (x.as_int() < 0) in.raise_exc("RuntimeError", "Device index must not be negative");
      in.raise_exc("RuntimeError", "Cannot access accelerator device when none is available.");
    }
    if (!x.as<StrObj>() && !x.as<GenericObj>()) mismatch();
    check_device(in, x);
  };
  size_t flags_from = 1;  // where (non_blocking, copy) start
  if (!a.pos.empty()) {
    const Value& x = a.pos[0];
    if (is_dtype_arg(x)) dt = to_dtype(in, x);
    else if (is_tensor(x)) dt = x.arr().dtype;
    else if (x.is_none()) flags_from = 2;
    else {
      device(x);
      flags_from = 2;
    }
    if (flags_from == 2 && a.pos.size() > 1 && !a.pos[1].is_none()) {
      if (!is_dtype_arg(a.pos[1])) mismatch();
      dt = to_dtype(in, a.pos[1]);
    }
  }
  if (a.pos.size() > flags_from + 2) mismatch();
  for (size_t k = flags_from; k < a.pos.size(); ++k) {
    if (!a.pos[k].is_bool()) mismatch();
    if (k == flags_from + 1) copy = a.pos[k].as_bool();
  }
  Value v;
  if (a.take(999, "dtype", v) && !v.is_none()) dt = to_dtype(in, v);
  if (a.take(999, "device", v) && !v.is_none()) device(v);
  if (a.take(999, "copy", v)) copy = in.truthy(v);
  a.take(999, "non_blocking", v);
  a.take(999, "memory_format", v);
  a.finish(1000);
  return Value(to_dtype_copy(t, dt ? *dt : t->dtype, copy));
}

Value type_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value d = a.optional(0, "dtype");
  Value nb = a.optional(1, "non_blocking");
  a.finish(2);
  if (d.is_none()) return make_str(torch_tensor_type_string(t->dtype));
  DType dt;
  if (auto* s = d.as<StrObj>()) {
    if (!parse_type_string(s->s, dt)) in.raise_exc("ValueError", "invalid type: '" + s->s + "'");
  } else {
    dt = to_dtype(in, d);
  }
  return Value(to_dtype_copy(t, dt, false));
}

// The in-place arithmetic methods (add_, ...): PyTorch refuses a written
// tensor that overlaps itself or partially overlaps the other operand, then
// the ufunc engine does the arithmetic.
// `other` of add / sub / mul / div binds to the Tensor overload or the Scalar
// one: a tensor, a Python number or a NumPy scalar; anything else (a list, a
// tuple, an ndarray, even 0-d) is the Tensor overload's TypeError.
void check_tensor_or_scalar(Interp& in, const Value& v, const char* fname) {
  const bool scalar = v.is_int() || v.is_float() || v.is_bool() || v.as<ComplexObj>() || v.as<BigIntObj>() ||
                      (v.is_array() && (v.arr().is_torch() || v.arr().flavor == Flavor::Scalar));
  if (!scalar) tensor_arg(in, v, fname, "other", 1);
}

Method inplace_arith(const char* name, const char* op) {
  return [name, op](Interp& in, const ArrayPtr& t, Args& a) -> Value {
    Value other = a.required(0, "other");
    check_tensor_or_scalar(in, other, name);
    Value alpha = a.optional(1, "alpha");
    a.finish(1);
    torch_assert_no_internal_overlap(*t);
    if (is_tensor(other)) torch_assert_no_partial_overlap(*t, other.arr());
    const bool additive = op[0] == '+' || op[0] == '-';
    Value fused;  // Note [Pointwise update kernels]: self + alpha * other is one fused multiply-add
    if (additive && fused_add_alpha(in, t, other, alpha, op[0] == '-', true, fused)) return fused;
    if (!alpha.is_none()) other = in.binop("*", other, alpha);
    in.inplace_binop(op, Value(t), other);
    return Value(t);
  };
}

Method arith(const char* name, const char* op) {
  return [name, op](Interp& in, const ArrayPtr& t, Args& a) -> Value {
    Value other = a.required(0, "other");
    check_tensor_or_scalar(in, other, name);
    Value alpha = a.optional(1, "alpha");
    a.finish(1);
    Value fused;  // Note [Pointwise update kernels]
    if ((op[0] == '+' || op[0] == '-') && fused_add_alpha(in, t, other, alpha, op[0] == '-', false, fused)) return fused;
    if (!alpha.is_none()) other = in.binop("*", other, alpha);
    return in.binop(op, Value(t), other);
  };
}

// Tensor.div(other, *, rounding_mode=None) and div_: true division, or its
// quotient rounded (div_floor / div_trunc in BinaryOps.cpp): 'floor' is
// floor_divide's floor(a / b); 'trunc' rounds toward zero: trunc(a / b) for
// floating results, sign(a) * sign(b) * (|a| // |b|) for integers (exact
// where a float quotient is not). Bool has no trunc kernel.
Method div_method(const char* name, bool inplace) {
  return [name, inplace](Interp& in, const ArrayPtr& t, Args& a) -> Value {
    Value other = a.required(0, "other");
    check_tensor_or_scalar(in, other, name);
    Value mode;
    for (auto it = a.kw.begin(); it != a.kw.end(); ++it)
      if (it->first == "rounding_mode") {
        mode = it->second;
        a.kw.erase(it);
        break;
      }
    a.finish(1);
    if (inplace) {
      torch_assert_no_internal_overlap(*t);
      if (is_tensor(other)) torch_assert_no_partial_overlap(*t, other.arr());
    }
    if (mode.is_none()) {
      if (!inplace) return in.binop("/", Value(t), other);
      in.inplace_binop("/", Value(t), other);
      return Value(t);
    }
    const std::string m = mode.as<StrObj>() ? in.str(mode) : in.repr(mode);
    if (m != "floor" && m != "trunc")
      in.raise_exc("RuntimeError", "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '" + m + "'");
    Value self(t), r;
    if (m == "floor") {
      if (inplace) {
        in.inplace_binop("//", self, other);
        return self;
      }
      return in.binop("//", self, other);
    }
    const DType ot = is_tensor(other) ? other.arr().dtype : other.is_float() ? DType::F64 : other.is_bool() ? DType::Bool : DType::I64;
    const bool integral = !is_float(t->dtype) && !is_complex(t->dtype) && !is_float(ot) && !is_complex(ot);
    if (integral && t->dtype == DType::Bool && ot == DType::Bool)
      in.raise_exc("RuntimeError", "\"div_trunc_cpu\" not implemented for 'Bool'");
    if (integral) {
      auto m1 = [&](const Value& v, const char* f) { return in.call(in.getattr(v, f), std::vector<Value>{}); };
      Value mag, sgn;  // |other| and sign(other), a tensor's or a number's
      if (is_tensor(other)) {
        mag = m1(other, "abs"), sgn = m1(other, "sign");
      } else {
        const int64_t n = other.is_bool() ? int64_t(other.as_bool()) : other.as_int();
        mag = Value::integer(n < 0 ? -n : n), sgn = Value::integer((n > 0) - (n < 0));
      }
      r = in.binop("*", in.binop("*", in.binop("//", m1(self, "abs"), mag), m1(self, "sign")), sgn);
    } else {
      r = in.call(in.getattr(in.binop("/", self, other), "trunc"), std::vector<Value>{});
    }
    if (!inplace) return r;
    in.call(in.getattr(self, "copy_"), std::vector<Value>{r});
    return self;
  };
}

// Tensor.eq / ne / lt / le / gt / ge(other): the comparison operators.
Method compare_method(const char* name, const char* op) {
  return [name, op](Interp& in, const ArrayPtr& t, Args& a) -> Value {
    Value other = a.required(0, "other");
    a.finish(1);
    check_tensor_or_scalar(in, other, name);
    const std::string o = op;
    if (o != "==" && o != "!=") {  // no ordering of complex numbers: the kernel is missing
      DType dt = t->dtype;
      if (is_tensor(other)) dt = torch_promote(dt, other.arr().dtype);
      else if (other.as<ComplexObj>() && !is_complex(dt)) dt = dt == DType::F64 ? DType::C128 : DType::C64;
      if (is_complex(dt))
        in.raise_exc("RuntimeError", std::string("\"") + name + "_cpu\" not implemented for '" + torch_type_name(dt) + "'");
    }
    return in.compare(op, Value(t), other);
  };
}

Method cast_method(DType dt) {
  return [dt](Interp& in, const ArrayPtr& t, Args& a) -> Value {
    Value mf;
    a.take(0, "memory_format", mf);
    a.finish(0);
    return Value(to_dtype_copy(t, dt, false));
  };
}

Method new_filled(const char* what) {
  return [what](Interp& in, const ArrayPtr& t, Args& a) -> Value {
    bool full = std::strcmp(what, "full") == 0;
    Value fv;
    Value dtv, dev, rg;
    a.take(999, "dtype", dtv);
    a.take(999, "device", dev);
    a.take(999, "requires_grad", rg);
    Shape s;
    if (full) {
      Value sz = a.required(0, "size");
      fv = a.required(1, "fill_value");
      a.finish(2);
      s = to_shape(in, sz);
    } else {
      require_sizes(in, a, std::string("new_") + what, "size");
      s = size_args(in, a, 0, std::string("new_") + what);
    }
    ArrayPtr out = make_array(dtv.is_none() ? t->dtype : to_dtype(in, dtv), s, 'C', Flavor::Torch);
    if (std::strcmp(what, "ones") == 0) fill_inplace(in, out, Value::integer(1));
    else if (full) fill_inplace(in, out, fv);
    return Value(out);
  };
}

// ---- metadata

Value size_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value d = a.optional(0, "dim");
  a.finish(1);
  if (d.is_none()) return torch_size_value(in, t->shape);
  check_dim_name(in, d, t->ndim());
  return Value::integer(t->shape[size_t(torch_wrap_dim(int_arg(in, d, "size", "dim"), t->ndim(), false))]);
}

Value stride_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value d = a.optional(0, "dim");
  a.finish(1);
  std::vector<int64_t> st = torch_strides(*t);
  if (d.is_none()) return tuple_of(st);
  check_dim_name(in, d, t->ndim());
  return Value::integer(st[size_t(torch_wrap_dim(int_arg(in, d, "stride", "dim"), t->ndim(), false))]);
}

Value storage_offset_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return Value::integer(torch_storage_offset(*t));
}

Value dim_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return Value::integer(t->ndim());
}

Value numel_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return Value::integer(t->size());
}

Value element_size_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return Value::integer(t->itemsize());
}

Value data_ptr_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return Value::integer(data_address(*t));  // Note [Addresses] (core/model/overlap.hpp)
}

// The keyword-only memory_format= of contiguous/is_contiguous/clone
// (python_arg_parser: "(*, MemoryFormat memory_format=...)"): a
// torch.memory_format, None when absent.
Value memory_format_arg(Interp& in, Args& a, const std::string& fn) {
  Value mf;
  bool given = a.take(99, "memory_format", mf);
  if (!a.pos.empty())
    in.raise_exc("TypeError", fn + "() takes 0 positional arguments but " + std::to_string(a.pos.size()) +
                                  (a.pos.size() == 1 ? " was" : " were") + " given");
  a.finish(0);
  auto* g = mf.as<GenericObj>();
  if (given && !(g && g->type->name == "memory_format"))
    in.raise_exc("TypeError", fn + "(): argument 'memory_format' must be torch.memory_format, not " + in.type_of(mf)->name);
  return mf;
}

Value is_contiguous_method(Interp& in, const ArrayPtr& t, Args& a) {
  memory_format_arg(in, a, "is_contiguous");
  return Value::boolean(torch_is_contiguous(*t));
}

Value is_floating_point_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return Value::boolean(is_float(t->dtype));
}

Value is_complex_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return Value::boolean(is_complex(t->dtype));
}

Value is_signed_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return Value::boolean(is_signed_int(t->dtype) || is_inexact(t->dtype));
}

// ---- devices: every tensor is on the CPU (Note in torch/device.cpp)
Value cpu_method(Interp& in, const ArrayPtr& t, Args& a) {
  if (!a.pos.empty())
    in.raise_exc("TypeError", "cpu() takes 0 positional arguments but " + std::to_string(a.pos.size()) + " was given");
  Value v;
  a.take(999, "memory_format", v);
  a.finish(0);
  return Value(t);  // already there: the tensor itself
}

// cuda(device=None, non_blocking=False, memory_format=...): the arguments are
// parsed first, then the missing CUDA runtime is the error.
Value cuda_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value device = a.optional(0, "device"), non_blocking = a.optional(1, "non_blocking"), v;
  a.take(999, "memory_format", v);
  a.finish(2);
  if (!non_blocking.is_none() && !non_blocking.is_bool())
    in.raise_exc("TypeError", "cuda(): argument 'non_blocking' (position 2) must be bool, not " +
                                  in.type_of(non_blocking)->name);
  device_arg(in, device, "cuda", 1);
  in.raise_exc("AssertionError", "Torch not compiled with CUDA enabled");
}

Value pin_memory_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value device = a.optional(0, "device");
  a.finish(1);
  if (device_arg(in, device, "pin_memory", 1) == std::optional<std::string>("cpu"))
    in.raise_exc("RuntimeError", "CPU device type not an accelerator.");
  in.raise_exc("RuntimeError", "Cannot access accelerator device when none is available.");
}

Value is_pinned_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value device = a.optional(0, "device");
  a.finish(1);
  device_arg(in, device, "is_pinned", 1);
  return Value::boolean(false);
}

Value get_device_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return Value::integer(-1);
}

Value is_view_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return Value::boolean(t->base != nullptr);
}

Value storage_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return storage_object(in, t);
}

Value untyped_storage_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return storage_object(in, t, true);
}

// ---- views

// view_as / reshape_as / expand_as: the op with the other tensor's shape.
Method with_shape_of(const char* fname, ArrayPtr (*op)(const ArrayPtr&, const Shape&)) {
  return [fname, op](Interp& in, const ArrayPtr& t, Args& a) -> Value {
    ArrayPtr o = tensor_arg(in, a.required(0, "other"), fname, "other", 1);
    a.finish(1);
    return Value(op(t, o->shape));
  };
}

// reshape(*shape) / expand(*size): sizes as varargs or one sequence, at least one.
Method with_sizes(const char* fname, const char* argname, ArrayPtr (*op)(const ArrayPtr&, const Shape&)) {
  return [fname, argname, op](Interp& in, const ArrayPtr& t, Args& a) -> Value {
    if (a.pos.empty() && a.kw.empty())
      in.raise_exc("TypeError", std::string(fname) + "() missing 1 required positional arguments: \"" + argname + "\"");
    Shape s = size_args(in, a, 0, fname, argname);
    a.finish(1000);
    return Value(op(t, s));
  };
}

Value t_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return Value(torch_t(t));
}

Value transpose_method(Interp& in, const ArrayPtr& t, Args& a) {
  int64_t d0 = int_arg(in, a.required(0, "dim0"), "transpose", "dim0");
  int64_t d1 = int_arg(in, a.required(1, "dim1"), "transpose", "dim1");
  a.finish(2);
  return Value(torch_transpose(t, d0, d1));
}

Value permute_method(Interp& in, const ArrayPtr& t, Args& a) {
  require_sizes(in, a, "permute", "dims");
  std::vector<int64_t> dims = dims_args(in, a, "permute", "dims");
  a.finish(1000);
  return Value(torch_permute(t, dims));
}

Value movedim_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value s = a.required(0, "source"), d = a.required(1, "destination");
  a.finish(2);
  return Value(torch_movedim(t, to_shape(in, s), to_shape(in, d)));
}

Value unsqueeze_method(Interp& in, const ArrayPtr& t, Args& a) {
  int64_t d = int_arg(in, a.required(0, "dim"), "unsqueeze", "dim");
  a.finish(1);
  return Value(torch_unsqueeze(t, d));
}

Value squeeze_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value d;
  const bool given = a.take(0, "dim", d);
  a.finish(1);
  if (given) check_dim_name(in, d, t->ndim());
  if (d.is_none()) return Value(torch_squeeze(t));
  if (d.as<TupleObj>() || d.as<ListObj>()) {  // squeeze.dims: each named dim of size 1, highest first
    std::vector<int64_t> dims;
    for (auto& x : in.to_vector(d)) dims.push_back(torch_wrap_dim(int_arg(in, x, "squeeze", "dim", IntParam::SymInt), t->ndim()));
    std::sort(dims.rbegin(), dims.rend());
    dims.erase(std::unique(dims.begin(), dims.end()), dims.end());
    ArrayPtr r = t;
    for (int64_t k : dims) r = torch_squeeze_dim(r, k);
    return Value(r == t ? torch_view(t, t->shape) : r);
  }
  return Value(torch_squeeze_dim(t, int_arg(in, d, "squeeze", "dim", IntParam::SymInt)));  // the int[] overload takes __index__
}

Value flatten_method(Interp& in, const ArrayPtr& t, Args& a) {
  int64_t s = opt_int(in, a, 0, "start_dim", 0, "flatten");
  int64_t e = opt_int(in, a, 1, "end_dim", -1, "flatten");
  a.finish(2);
  return Value(torch_flatten(t, s, e));
}

Value unflatten_method(Interp& in, const ArrayPtr& t, Args& a) {
  int64_t d = int_arg(in, a.required(0, "dim"), "unflatten", "dim");
  Value s = a.required(1, "sizes");
  a.finish(2);
  return Value(torch_unflatten(t, d, to_shape(in, s)));
}

Value ravel_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return Value(torch_view(torch_contiguous(t), {-1}));
}

Value as_strided_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value sz = a.required(0, "size"), st = a.required(1, "stride");
  Value off = a.optional(2, "storage_offset");
  a.finish(3);
  int64_t o = off.is_none() ? torch_storage_offset(*t) : int_arg(in, off, "as_strided", "storage_offset");
  return Value(torch_as_strided(t, to_shape(in, sz), to_shape(in, st), o));
}

Value unfold_method(Interp& in, const ArrayPtr& t, Args& a) {
  int64_t d = int_arg(in, a.required(0, "dimension"), "unfold", "dimension");
  int64_t s = int_arg(in, a.required(1, "size"), "unfold", "size");
  int64_t st = int_arg(in, a.required(2, "step"), "unfold", "step");
  a.finish(3);
  return Value(torch_unfold(t, d, s, st));
}

Value narrow_method(Interp& in, const ArrayPtr& t, Args& a) {
  int64_t d = int_arg(in, a.required(0, "dim"), "narrow", "dim");
  int64_t s = int_arg(in, a.required(1, "start"), "narrow", "start");
  int64_t l = int_arg(in, a.required(2, "length"), "narrow", "length");
  a.finish(3);
  return Value(torch_narrow(t, d, s, l));
}

Value select_method(Interp& in, const ArrayPtr& t, Args& a) {
  int64_t d = int_arg(in, a.required(0, "dim"), "select", "dim");
  int64_t i = int_arg(in, a.required(1, "index"), "select", "index");
  a.finish(2);
  return Value(torch_select(t, d, i));
}

Value diagonal_method(Interp& in, const ArrayPtr& t, Args& a) {
  int64_t o = opt_int(in, a, 0, "offset", 0, "diagonal");
  int64_t d1 = opt_int(in, a, 1, "dim1", 0, "diagonal");
  int64_t d2 = opt_int(in, a, 2, "dim2", 1, "diagonal");
  a.finish(3);
  return Value(torch_diagonal(t, o, d1, d2));
}

Value chunk_method(Interp& in, const ArrayPtr& t, Args& a) {
  int64_t c = int_arg(in, a.required(0, "chunks"), "chunk", "chunks");
  int64_t d = opt_int(in, a, 1, "dim", 0, "chunk");
  a.finish(2);
  return tensor_tuple(torch_chunk(t, c, d));
}

Value split_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value s = a.required(0, "split_size");
  int64_t d = opt_int(in, a, 1, "dim", 0, "split");
  a.finish(2);
  if (s.as<ListObj>() || s.as<TupleObj>()) return tensor_tuple(torch_split_with_sizes(t, to_shape(in, s), d));
  return tensor_tuple(torch_split(t, int_arg(in, s, "split", "split_size"), d));
}

Value unbind_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value dv;
  const bool given = a.take(0, "dim", dv);
  a.finish(1);
  if (given) check_dim_name(in, dv, t->ndim());  // after binding: extra arguments are a TypeError first
  const int64_t d = dv.is_none() ? 0 : int_arg(in, dv, "unbind", "dim");
  return tensor_tuple(torch_unbind(t, d));
}

Value detach_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return Value(torch_alias_root(t));
}

Value detach_inplace_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  if (t->base)  // VariableHooks::detach_: a view shares its base's autograd history
    in.raise_exc("RuntimeError",
                 "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel (DDP) for "
                 "training, and gradient_as_bucket_view is set as True, gradients are views of DDP buckets, and hence "
                 "detach_() cannot be called on these gradients. To fix this error, please refer to the "
                 "Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution.");
  return Value(t);
}

// ---- copies and conversions

Value contiguous_method(Interp& in, const ArrayPtr& t, Args& a) {
  memory_format_arg(in, a, "contiguous");
  return Value(torch_contiguous(t));
}

Value clone_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value mf = memory_format_arg(in, a, "clone");
  if (auto* g = mf.as<GenericObj>(); g && g->attrs.count("contiguous"))
    return Value(explained(torch_contiguous_copy(*t, t->dtype), *t, "copy", Verdict::Copy,
                           {fact("order", std::string("C"))}));
  return Value(explained(torch_clone(*t), *t, "copy", Verdict::Copy, {fact("order", std::string("K"))}));
}

Value numpy_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value force;
  a.take(0, "force", force);
  a.finish(0);
  if (requires_grad(*t) && grad_mode().enabled && !(force.is_bool() && force.as_bool()))
    in.raise_exc("RuntimeError", "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.");
  return Value(numpy_from_tensor(t));
}

Value tolist_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  return tolist(*t, 0, t->offset);
}

Value item_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  if (t->size() != 1)
    in.raise_exc("RuntimeError", "a Tensor with " + std::to_string(t->size()) + " elements cannot be converted to Scalar");
  std::vector<int64_t> zero(size_t(t->ndim()), 0);
  return py_number(t->dtype, t->storage->data() + flat_offset(*t, zero));
}

Value type_as_method(Interp& in, const ArrayPtr& t, Args& a) {
  ArrayPtr o = tensor_arg(in, a.required(0, "other"), "type_as", "other", 1);
  a.finish(1);
  return Value(to_dtype_copy(t, o->dtype, false));
}

Value new_tensor_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value data = a.required(0, "data");
  Value dt;
  a.take(1, "dtype", dt);
  a.finish(1);
  return Value(torch_tensor_from_data(in, data, dt.is_none() ? t->dtype : to_dtype(in, dt)));
}

// ---- writes

Value masked_fill_method(Interp& in, const ArrayPtr& t, Args& a) {
  ArrayPtr mask = mask_arg(in, a.required(0, "mask"), "masked_fill");
  Value v = a.required(1, "value");
  a.finish(2);
  check_value_arg(in, v, "masked_fill");
  // expand_outplace(mask, self), clone(contiguous), masked_fill_
  Shape b = torch_broadcast_shapes(mask->shape, t->shape);
  Array src = torch_broadcast_to(*t, b);
  ArrayPtr out = torch_contiguous_copy(src, t->dtype);
  masked_fill_inplace(in, out, mask, v);
  return Value(out);
}

Value masked_fill_inplace_method(Interp& in, const ArrayPtr& t, Args& a) {
  ArrayPtr mask = mask_arg(in, a.required(0, "mask"), "masked_fill_");
  Value v = a.required(1, "value");
  a.finish(2);
  check_value_arg(in, v, "masked_fill_");
  masked_fill_inplace(in, t, mask, v);
  return Value(t);
}

Value fill_inplace_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value v = a.required(0, "value");
  a.finish(1);
  if (!(v.is_bool() || v.is_int() || v.is_float() || v.as<ComplexObj>() || is_tensor(v)))
    in.raise_exc("TypeError", "fill_(): argument 'value' must be Number or Tensor, not " + in.type_of(v)->name);
  fill_inplace(in, t, v);
  return Value(t);
}

Value zero_inplace_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  fill_inplace(in, t, Value::integer(0));
  return Value(t);
}

Value copy_inplace_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value s = a.required(0, "src");
  Value nb;
  a.take(1, "non_blocking", nb);
  a.finish(2);
  // a Python number fills the tensor (a complex one's real part: Copy.cpp warns and discards the rest)
  if (s.is_int() || s.is_float() || s.is_bool() || s.as<ComplexObj>() || s.as<BigIntObj>()) {
    Value x = s.as<ComplexObj>() ? Value::floating(s.as<ComplexObj>()->re) : s;
    in.call(in.getattr(Value(t), "fill_"), std::vector<Value>{x});
    return Value(t);
  }
  if (!is_tensor(s))
    in.raise_exc("TypeError", "copy_(): argument 'other' (position 1) must be Tensor, not " + in.type_of(s)->name);
  copy_tensor(in, t, s.array());
  return Value(t);
}

Value equal_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value o = a.required(0, "other");
  a.finish(1);
  return in.call(in.getattr(Value(std::static_pointer_cast<Obj>(in.modules.at("torch"))), "equal"),
                 std::vector<Value>{Value(t), o});
}

// torch.Tensor's methods: name -> implementation.
const std::vector<MethodRow>& methods() {
  static const std::vector<MethodRow> m = {
      // ---- metadata
      {"size", size_method},
      {"stride", stride_method},
      {"storage_offset", storage_offset_method},
      {"dim", dim_method},
      {"ndimension", dim_method},
      {"numel", numel_method},
      {"nelement", numel_method},
      {"element_size", element_size_method},
      {"data_ptr", data_ptr_method},
      {"is_contiguous", is_contiguous_method},
      {"is_floating_point", is_floating_point_method},
      {"is_complex", is_complex_method},
      {"is_signed", is_signed_method},
      {"_is_view", is_view_method},
      {"storage", storage_method, {"storage()"}},
      {"untyped_storage", untyped_storage_method},
      // ---- views
      {"view", view_method},
      {"view_as", with_shape_of("view_as", torch_view)},
      {"reshape", with_sizes("reshape", "shape", torch_reshape)},
      {"reshape_as", with_shape_of("reshape_as", torch_reshape)},
      {"t", t_method},
      {"transpose", transpose_method},
      {"permute", permute_method},
      {"movedim", movedim_method},
      {"unsqueeze", unsqueeze_method},
      {"squeeze", squeeze_method},
      {"expand", with_sizes("expand", "size", torch_expand)},
      {"expand_as", with_shape_of("expand_as", torch_expand)},
      {"flatten", flatten_method},
      {"unflatten", unflatten_method, {"unflatten(dim, sizes)"}},
      {"ravel", ravel_method},
      {"as_strided", as_strided_method},
      {"unfold", unfold_method},
      {"narrow", narrow_method},
      {"select", select_method},
      {"diagonal", diagonal_method},
      {"chunk", chunk_method},
      {"split", split_method, {"split(split_size, dim=)"}},
      {"unbind", unbind_method},
      {"detach", detach_method},
      {"detach_", detach_inplace_method},
      // ---- copies and conversions
      {"contiguous", contiguous_method},
      {"clone", clone_method},
      {"numpy", numpy_method},
      {"tolist", tolist_method},
      {"item", item_method},
      {"to", to_method},
      {"cpu", cpu_method},
      {"cuda", cuda_method},
      {"pin_memory", pin_memory_method},
      {"is_pinned", is_pinned_method},
      {"get_device", get_device_method},
      {"type", type_method},
      {"type_as", type_as_method},
      {"float", cast_method(DType::F32)},
      {"double", cast_method(DType::F64)},
      {"half", cast_method(DType::F16)},
      {"long", cast_method(DType::I64)},
      {"int", cast_method(DType::I32)},
      {"short", cast_method(DType::I16)},
      {"char", cast_method(DType::I8)},
      {"byte", cast_method(DType::U8)},
      {"bool", cast_method(DType::Bool)},
      {"cfloat", cast_method(DType::C64)},
      {"cdouble", cast_method(DType::C128)},
      {"new_zeros", new_filled("zeros")},
      {"new_ones", new_filled("ones")},
      {"new_empty", new_filled("empty")},
      {"new_full", new_filled("full")},
      {"new_tensor", new_tensor_method},
      // ---- writes
      {"masked_fill", masked_fill_method},
      {"masked_fill_", masked_fill_inplace_method},
      {"fill_", fill_inplace_method},
      {"zero_", zero_inplace_method},
      {"copy_", copy_inplace_method},
      {"equal", equal_method},
      // ---- arithmetic through the ufunc engine
      {"eq", compare_method("eq", "==")},
      {"ne", compare_method("ne", "!=")},
      {"lt", compare_method("lt", "<")},
      {"le", compare_method("le", "<=")},
      {"gt", compare_method("gt", ">")},
      {"ge", compare_method("ge", ">=")},
      {"add", arith("add", "+")},
      {"sub", arith("sub", "-")},
      {"mul", arith("mul", "*")},
      {"div", div_method("div", false)},
      {"divide", div_method("divide", false)},
      {"subtract", arith("subtract", "-")},
      {"multiply", arith("multiply", "*")},
      {"add_", inplace_arith("add_", "+")},
      {"sub_", inplace_arith("sub_", "-")},
      {"mul_", inplace_arith("mul_", "*")},
      {"div_", div_method("div_", true)},
      {"divide_", div_method("divide_", true)},
      {"subtract_", inplace_arith("subtract_", "-")},
      {"multiply_", inplace_arith("multiply_", "*")},
  };
  return m;
}

// ---------------------------------------------------------------- indexing

// PyTorch's basic indexing (python_variable_indexing.cpp / TensorIndexing.h):
// integers (and 0-dim integer tensors) select, slices need a positive step,
// None and ... as in NumPy. Returns false for advanced indices.
bool parse_torch_index(Interp& in, const ArrayPtr& a, const Value& key, std::vector<IndexItem>& out) {
  std::vector<Value> items;
  if (auto* t = key.as<TupleObj>()) items = t->items;
  else items.push_back(key);
  int consumed = 0;
  for (auto& k : items) {
    if (k.is_bool()) return false;
    // a str is taken for a sequence of data (indexing's conversion through torch's new());
    // anything else that is no index is refused by its type name
    if (k.as<StrObj>() || is_bytes(k)) in.raise_exc("TypeError", std::string("new(): invalid data type '") + (k.as<StrObj>() ? "str" : "bytes") + "'");
    if (k.is_float() || !(k.is_int() || k.is_array() || k.is_none() || k.as<SliceObj>() || k.as<EllipsisObj>() ||
                          k.as<ListObj>() || k.as<TupleObj>() || k.as<RangeObj>() || in.is_int_like(k)))
      in.raise_exc("IndexError", "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are "
                                 "valid indices (got " + in.type_name(k) + ")");
    if (k.is_array() && !(k.arr().ndim() == 0 && is_integer(k.arr().dtype) && k.arr().dtype != DType::U8)) return false;
    if (k.as<ListObj>()) return false;
    if (k.is_int() || k.is_array() || k.as<SliceObj>()) ++consumed;
  }
  if (!parse_basic_index(in, key, out)) return false;
  if (a->ndim() == 0 && consumed > 0)
    in.raise_exc("IndexError", "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` "
                               "in C++ to convert a 0-dim tensor to a number");
  if (consumed > a->ndim())
    in.raise_exc("IndexError", "too many indices for tensor of dimension " + std::to_string(a->ndim()));
  // Walk the dims like basic_index to give PyTorch's messages first.
  int ellipsis_fill = a->ndim() - consumed;
  int dim = 0;
  for (const auto& it : out) {
    if (it.kind == IndexItem::Ellipsis) {
      dim += ellipsis_fill;
    } else if (it.kind == IndexItem::Int) {
      int64_t n = a->shape[size_t(dim)];
      if (it.i < -n || it.i >= n)
        in.raise_exc("IndexError", "index " + std::to_string(it.i) + " is out of bounds for dimension " +
                                       std::to_string(dim) + " with size " + std::to_string(n));
      ++dim;
    } else if (it.kind == IndexItem::Slice) {
      if (it.step && *it.step <= 0) in.raise_exc("ValueError", "step must be greater than zero");
      ++dim;
    }
  }
  return true;
}

ArrayPtr as_tensor_result(ArrayPtr r) {
  if (r->is_torch()) return r;
  auto t = std::make_shared<Array>(*r);
  t->flavor = Flavor::Torch;
  return t;
}

}  // namespace

namespace {

// The node of t[key] (python_variable_indexing.cpp applySlicing): the last
// view op basic indexing applies names it -- select for an integer, slice
// for any slice, unsqueeze for None, alias for a lone ...; an advanced index
// anywhere is index (IndexBackward0).
std::string getitem_node(const std::vector<IndexItem>& idx, bool basic) {
  if (!basic) return "IndexBackward0";
  std::string last = "AliasBackward0";
  for (auto& it : idx) {
    if (it.kind == IndexItem::Int) last = "SelectBackward0";
    else if (it.kind == IndexItem::Slice) last = "SliceBackward0";  // even a whole-dim ':' applies slice
    else if (it.kind == IndexItem::NewAxis) last = "UnsqueezeBackward0";
  }
  return last;
}

}  // namespace

Value tensor_getitem(Interp& in, const ArrayPtr& a, const Value& key) {
  std::vector<IndexItem> idx;
  const bool basic = parse_torch_index(in, a, key, idx);
  auto compute = [&]() -> Value {
    if (basic) return Value(basic_index(a, idx));
    Value r = advanced_getitem(in, a, key);
    if (r.is_array()) return Value(as_tensor_result(r.array()));
    return r;
  };
  if (!autograd_wanted(a, {key}, {})) return compute();
  Value r = compute();
  if (r.is_array() && r.array() != a && record_op(getitem_node(idx, basic), {a}, *r.array()) && basic)
    record_index_geometry(*r.array()->autograd->grad_fn, a->shape, idx);
  return r;
}

// Tensor.__setitem__ (python_variable_indexing.cpp THPVariable_setitem +
// copy_to): numbers fill with checked conversion; tensors are copied after
// dropping leading 1s and expanding to the target (expand's messages); lists
// and ndarrays are refused.
void tensor_setitem_data(Interp& in, const ArrayPtr& a, const Value& key, const Value& x);

void tensor_setitem(Interp& in, const ArrayPtr& a, const Value& key, const Value& x) {
  if (autograd_wanted(a, {x}, {})) {
    // the write goes into a view of a: the leaf checks apply to that view, then a is rebased
    Array probe = *a;
    probe.base = view_base(a);
    try {
      check_inplace(probe);
    } catch (const PyError& e) {
      in.raise_exc(e.type, e.msg);
    }
    tensor_setitem_data(in, a, key, x);
    if (outside_recorded_op()) bump_version(a, "__setitem__");  // Note [Version counter]
    record_setitem(a, is_tensor(x) ? std::vector<ArrayPtr>{x.array()} : std::vector<ArrayPtr>{});
    // a basic index: where the written view lies, for CopySlices' formula (and the value's shape)
    std::vector<IndexItem> idx;
    if (a->autograd && a->autograd->grad_fn && parse_torch_index(in, a, key, idx)) {
      GradNode& n = *a->autograd->grad_fn;
      record_index_geometry(n, a->shape, idx);
      if (is_tensor(x)) n.sizes.push_back(x.arr().shape);
    }
    return;
  }
  tensor_setitem_data(in, a, key, x);
  if (outside_recorded_op()) bump_version(a, "__setitem__");
}

void tensor_setitem_data(Interp& in, const ArrayPtr& a, const Value& key, const Value& x) {
  if (!(x.is_bool() || x.is_int() || x.is_float() || x.as<ComplexObj>() || is_tensor(x)))
    in.raise_exc("TypeError", "can't assign a " + in.type_name(x) + " to a " + torch_tensor_type_string(a->dtype));
  std::vector<IndexItem> idx;
  if (!parse_torch_index(in, a, key, idx)) return advanced_setitem(in, a, key, x);
  ArrayPtr dst = basic_index(a, idx);
  if (!is_tensor(x)) {
    fill_inplace(in, dst, x);
    return;
  }
  ArrayPtr src = x.array();
  if (dst->shape == src->shape) return copy_tensor(in, dst, src);
  if (src->ndim() == 0) return fill_inplace(in, dst, x);
  // slicePrefix1sSize: drop leading 1s of the value
  Shape s = src->shape;
  Strides st = src->strides;
  while (!s.empty() && s[0] == 1) {
    s.erase(s.begin());
    st.erase(st.begin());
  }
  ArrayPtr sv = make_view(src, src->dtype, s, st, src->offset);
  ArrayPtr ex = torch_expand(sv, dst->shape);
  copy_tensor(in, dst, ex);
}

// Tensor.__format__ (torch/_tensor.py): a 0-dim tensor formats its item()
// (f"{t}" gives "2.5", not "tensor(2.5000)"); others only with an empty spec.
std::string tensor_format(Interp& in, const Value& v, const std::string& spec) {
  const Array& t = v.arr();
  if (t.ndim() == 0) {
    Value item = py_number(t.dtype, t.data());
    Value r = in.call(in.builtins.at("format"), std::vector<Value>{item, make_str(spec)});
    return in.str(r);
  }
  if (!spec.empty()) in.raise_exc("TypeError", "unsupported format string passed to Tensor.__format__");
  check_torch_print_options(in, t);
  return format_tensor(t, torch_default_dtype());
}

Value tensor_getattr(Interp& in, const Value& v, const std::string& name, bool& found) {
  found = true;
  ArrayPtr t = v.array();
  if (name == "shape") return torch_size_value(in, t->shape);
  if (name == "__dict__") return in.call(in.builtins.at("dict"), std::vector<Value>{});  // no Python attributes set
  if (name == "dtype") return dtype_obj(in, t->dtype);
  if (name == "device") return torch_mod(in).attrs.at("_cpu_device");
  if (name == "ndim") return Value::integer(t->ndim());
  if (name == "T" || name == "mT") {
    auto compute = [&]() -> Value {
      if (name == "T") return Value(torch_reverse_dims(t));
      // mT: the last two dims swapped; a 0-d tensor passes through
      if (t->ndim() == 0) return Value(torch_reverse_dims(t));
      if (t->ndim() == 1)
        in.raise_exc("RuntimeError", "tensor.mT is only supported on matrices or batches of matrices. Got " +
                                         std::to_string(t->ndim()) + "-D tensor.");
      return Value(torch_transpose(t, -2, -1));
    };
    if (!autograd_wanted(t, {}, {})) return compute();
    return record_call(in, OpCall{name, t, {}, {}}, compute);
  }
  if (name == "mH" || name == "H") {
    // the conjugate transpose: mT (or H's matrix transpose) and conj (a copy here: no lazy conjugation)
    const int nd = t->ndim();
    if (name == "H" && nd != 0 && nd != 2)
      in.raise_exc("RuntimeError", "tensor.H is only supported on matrices (2-D tensors). Got " + std::to_string(nd) + "-D tensor." +
                                       (nd > 2 ? " For batches of matrices, consider using tensor.mH" : ""));
    if (name == "mH" && nd == 1)
      in.raise_exc("RuntimeError", "tensor.mH is only supported on matrices or batches of matrices. Got 1-D tensor.");
    Value r = in.getattr(v, "mT");
    return is_complex(t->dtype) ? in.call(in.getattr(r, "conj"), std::vector<Value>{}) : r;
  }
  if (name == "_base") return t->base ? Value(t->base) : Value();
  if (Value r; tensor_autograd_getattr(in, t, name, r)) return r;
  if (name == "names") return Value();
  if (name == "is_cuda" || name == "is_sparse" || name == "is_quantized" || name == "is_meta" || name == "is_mps")
    return Value::boolean(false);
  if (name == "is_cpu") return Value::boolean(true);
  if (name == "layout") return torch_mod(in).attrs.at("strided");
  if (name == "real") {
    if (!is_complex(t->dtype)) return v;
    return Value(make_view(t, real_part(t->dtype), t->shape, t->strides, t->offset));
  }
  if (name == "imag") {
    if (!is_complex(t->dtype)) in.raise_exc("RuntimeError", "imag is not implemented for tensors with non-complex dtypes.");
    return Value(make_view(t, real_part(t->dtype), t->shape, t->strides, t->offset + t->itemsize() / 2));
  }
  Value out;
  if (bind_array_method(in, t, name, out)) return out;
  if (name != "where" && !function_only_namesake(name) && numpy_namesake(in, name, out)) {  // t.exp() is numpy.exp(t)
    Value self = v;
    return in.builtin(name, [out, self, name](Interp& in, Args& a) -> Value {
      ArrayPtr st = self.array();
      check_dim_given(in, name, a, false);
      check_dimname_overload(in, name, *st, a, [&](Args& p) {  // Note [Dimname overloads] (module.cpp)
        p.pos.insert(p.pos.begin(), self);
        TensorMethodScope scope;
        in.call(out, p);
      });
      auto compute = [&]() -> Value {
        a.pos.insert(a.pos.begin(), self);
        TensorMethodScope scope;
        return in.call(out, a);
      };
      if (!autograd_wanted(st, a.pos, a.kw)) return compute();
      return record_call(in, OpCall{name, st, a.pos, a.kw}, compute);
    });
  }
  if (name.size() > 4 && name.compare(0, 2, "__") == 0 && name.compare(name.size() - 2, 2, "__") == 0) {
    found = false;  // dunder names: the interpreter's generic lookup (__class__, ...)
    return Value();
  }
  if (name.size() > 1 && name.back() == '_' && name[name.size() - 2] != '_' && torch_inplace_method(name)) {
    // t.op_(...): the in-place form of any out-of-place op -- computed, then
    // written back into t, whose dtype must hold the result (ATen's canCast).
    const std::string base = name.substr(0, name.size() - 1);
    Value op;
    if (bind_array_method(in, t, base, op) || (!function_only_namesake(base) && numpy_namesake(in, base, op))) {
      const bool method = !op.as<BuiltinObj>() || bind_array_method(in, t, base, op);
      return in.builtin(name, [t, op, name, method](Interp& in, Args& a) -> Value {
        auto compute = [&]() -> Value {
          torch_assert_no_internal_overlap(*t);
          Args b = a;
          if (!method) b.pos.insert(b.pos.begin(), Value(t));
          Value r = in.call(op, b);
          if (!is_tensor(r)) in.raise_exc("RuntimeError", name + "() has no in-place form for this result");
          const DType from = r.arr().dtype, to = t->dtype;
          if (!torch_can_cast(from, to))
            in.raise_exc("RuntimeError", std::string("result type ") + torch_type_name(from) +
                                             " can't be cast to the desired output type " + torch_type_name(to));
          copy_tensor(in, t, torch_expand(r.array(), t->shape));
          return Value(t);
        };
        if (!autograd_wanted(t, a.pos, a.kw)) return compute();
        return record_call(in, OpCall{name, t, a.pos, a.kw}, compute);
      });
    }
  }
  in.raise_attribute_error(v, name, "'Tensor' object has no attribute '" + name + "'");
}

std::string tensor_repr(Interp& in, const Value& a);  // torch/module.cpp

namespace {

// The Tensor row of the front-end table (Note [Front-end table]): the NumPy
// row (copied at install) with a tensor's own entries, which hand what they
// do not decide to the NumPy row.
const ArrayHooks& ndarray_row() { return array_hooks_row(Flavor::NumPy); }

TypeObj* tensor_type(Interp& in, const Value& v) {
  return is_parameter(v.arr()) && in.t.parameter ? in.t.parameter : in.t.tensor;
}
std::vector<std::string> tensor_attribute_names(Interp&, const Value&) {
  std::vector<std::string> out = array_method_names(true);
  for (const char* n : {"shape", "dtype", "device", "T", "data", "grad", "requires_grad", "is_leaf", "layout", "real",
                        "imag", "ndim", "mT", "mH", "H"})
    out.push_back(n);
  return out;
}
Value tensor_row_getattr(Interp& in, const Value& v, const std::string& name, bool& found) {
  Value r = tensor_getattr(in, v, name, found);
  if (found) return r;
  return ndarray_row().getattr(in, v, name, found);
}
void tensor_row_setattr(Interp& in, const Value& v, const std::string& name, const Value& x) {
  if (tensor_autograd_setattr(in, v.array(), name, x)) return;
  ndarray_row().setattr(in, v, name, x);
}
Value tensor_row_getitem(Interp& in, const Value& v, const Value& key) { return tensor_getitem(in, v.array(), key); }
void tensor_row_setitem(Interp& in, const Value& v, const Value& key, const Value& x) {
  tensor_setitem(in, v.array(), key, x);
}
// The arithmetic of an operator on tensors: the ufuncs (the NumPy row), but a
// float tensor to a Python-number power goes through pow_tensor_scalar's own
// cases (torch_pow_special, core/torch/pointwise.hpp).
Value torch_arith(Interp& in, BinOp op, const Value& a, const Value& b, bool inplace) {
  if (op == BinOp::Pow && is_tensor(a) && (b.is_int() || b.is_float())) {
    if (ArrayPtr r = torch_pow_special(a.array(), b.is_float() ? b.as_float() : double(b.as_int()))) {
      if (!inplace) return Value(r);
      copy_into(*a.array(), *r);
      return a;
    }
  }
  return ndarray_row().binop(in, op, a, b, inplace);
}

// A tensor operand records the operator when something requires grad.
// A Python number over a tensor is two ops, as torch/_tensor.py's __rdiv__
// has it: self.reciprocal() * other (two roundings; a ReciprocalBackward0
// under the MulBackward0).
Value tensor_binop(Interp& in, BinOp op, const Value& a, const Value& b, bool inplace) {
  if (op == BinOp::TrueDiv && !inplace && is_tensor(b) && (a.is_int() || a.is_float() || a.is_bool() || a.as<ComplexObj>())) {
    auto reciprocal = [&] { return torch_arith(in, BinOp::TrueDiv, Value::integer(1), b, false); };
    Value rec = autograd_wanted(b.array(), {}, {}) ? record_call(in, OpCall{"reciprocal", b.array(), {}, {}}, reciprocal)
                                                   : reciprocal();
    return tensor_binop(in, BinOp::Mul, rec, a, false);
  }
  if (autograd_wanted(nullptr, {a, b}, {}))
    return record_operator(in, op, a, b, inplace, [&] { return torch_arith(in, op, a, b, inplace); });
  Value r = torch_arith(in, op, a, b, inplace);
  if (inplace && is_tensor(a) && r.is_array() && r.array() == a.array() && outside_recorded_op())
    bump_version(a.array(), std::string(op_symbol(op)) + "=");  // Note [Version counter]
  return r;
}
Value tensor_unaryop(Interp& in, UnaryOp op, const Value& a) {
  if (op == UnaryOp::Pos) {  // Tensor.__pos__ is positive(): the tensor itself
    if (a.arr().dtype == DType::Bool)
      in.raise_exc("RuntimeError", "The `+` operator, on a bool tensor is not supported.");
    return a;
  }
  const ArrayHooks& base = ndarray_row();
  if (autograd_wanted(a.array(), {}, {})) return record_unary(in, op, a, [&] { return base.unaryop(in, op, a); });
  return base.unaryop(in, op, a);
}
Value tensor_iter(Interp& in, const Value& v) {
  ArrayPtr a = v.array();
  if (a->ndim() != 0 && autograd_wanted(a, {}, {})) {  // Tensor.__iter__ is unbind(0)
    Value parts = in.call(in.getattr(v, "unbind"), std::vector<Value>{});
    return in.iter(parts);
  }
  return ndarray_row().iter(in, v);
}
TypeObj* torch_dtype_type(Interp& in, const Value&) { return in.t.torch_dtype; }
std::string torch_dtype_text(Interp&, const Value& v) {
  return std::string("torch.") + info(v.as<DTypeObj>()->dt).torch_name;
}

void install_tensor_hooks() {
  ArrayHooks row = ndarray_row();
  row.priority = 1;
  row.type_of = tensor_type;
  row.attribute_names = tensor_attribute_names;
  row.getattr = tensor_row_getattr;
  row.setattr = tensor_row_setattr;
  row.getitem = tensor_row_getitem;
  row.setitem = tensor_row_setitem;
  row.binop = tensor_binop;
  row.unaryop = tensor_unaryop;
  row.user_operand = nullptr;  // a tensor defers to a user class's reflected method
  row.repr = tensor_repr;
  row.str = tensor_repr;
  row.format = tensor_format;
  row.iter = tensor_iter;
  row.dtype_type = torch_dtype_type;
  row.dtype_repr = torch_dtype_text;
  row.dtype_str = torch_dtype_text;
  set_array_hooks(Flavor::Torch, row);
  set_tensor_method_boundary(call_tensor_method);  // Note [Tensor method boundary]
}

}  // namespace

void install_tensor_reductions(Interp& in);  // torch/reduce.cpp

void install_tensor_methods(Interp& in) {
  install_tensor_hooks();  // Note [Front-end table]
  for (const MethodRow& r : methods()) def_tensor_method(r.name, r.fn, r.params);
  install_tensor_reductions(in);
  for (auto [alias, target] : {std::pair{"swapaxes", "transpose"}, {"swapdims", "transpose"}, {"moveaxis", "movedim"},
                               {"broadcast_to", "expand"}}) {
    for (const MethodRow& r : methods())
      if (std::string(r.name) == target) def_tensor_method(alias, r.fn);
  }
  ModuleObj& tm = torch_mod(in);
  // memory formats and the strided layout, as objects with PyTorch's reprs
  TypeObj* mf_t = in.new_type("memory_format", "torch", {in.t.object});
  for (const char* n : {"contiguous_format", "preserve_format", "channels_last"}) {
    auto g = std::make_shared<GenericObj>(mf_t);
    std::string r = std::string("torch.") + n;
    g->attrs["__repr__"] = in.builtin("__repr__", [r](Interp&, Args&) -> Value { return make_str(r); });
    if (std::string(n) == "contiguous_format") g->attrs["contiguous"] = Value::boolean(true);
    tm.attrs[n] = Value(std::static_pointer_cast<Obj>(g));
  }
  // Types whose instances this file and torch/reduce.cpp make (kept per interpreter).
  tm.attrs["_TypedStorage"] = Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), in.new_type("TypedStorage", "torch.storage", {in.t.object})));
  tm.attrs["_UntypedStorage"] = Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), in.new_type("UntypedStorage", "torch", {in.t.object})));
  for (const char* n : {"max", "min", "sort", "topk", "kthvalue", "median"})
    tm.attrs[std::string("_return_") + n] =
        Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), in.new_type(n, "torch.return_types", {in.t.object})));
  TypeObj* layout_t = in.new_type("layout", "torch", {in.t.object});
  auto strided = std::make_shared<GenericObj>(layout_t);
  strided->attrs["__repr__"] = in.builtin("__repr__", [](Interp&, Args&) -> Value { return make_str("torch.strided"); });
  tm.attrs["strided"] = Value(std::static_pointer_cast<Obj>(strided));
}

}  // namespace sl::lang
