// torch/pointwise: Tensor.addcmul/addcdiv/lerp (and their in-place and torch.X
// forms) and add/sub with alpha, over the fused kernels of core/torch/pointwise
// (Note [Pointwise update kernels]). Float32 and float64 computations take the
// fused kernel; other dtypes compose the ufuncs (exact for integers).
#include <cstring>

#include "core/lang/torch/autograd.hpp"
#include "core/lang/torch/convert.hpp"
#include "core/model/overlap.hpp"
#include "core/model/strides.hpp"
#include "core/ops/copy.hpp"
#include "core/torch/pointwise.hpp"
#include "core/torch/promotion.hpp"

namespace sl::lang {

namespace {

bool is_real_number(const Value& v) { return v.is_int() || v.is_float() || v.is_bool(); }

ArrayPtr number_tensor(double v) {
  ArrayPtr s = make_array(DType::F64, {}, 'C', Flavor::Torch);
  std::memcpy(s->data(), &v, sizeof v);
  return s;
}

// A Scalar argument (value=, alpha=, a lerp weight) as a double.
double scalar_of(Interp& in, const Value& v, const char* fname, const char* argname) {
  if (v.is_float()) return v.as_float();
  if (v.is_int() || v.is_bool()) return double(v.as_int());
  if (is_tensor(v) && v.arr().size() == 1) {
    ArrayPtr d = copy_as(v.arr(), DType::F64);
    double x;
    std::memcpy(&x, d->data(), sizeof x);
    return x;
  }
  in.raise_exc("TypeError", std::string(fname) + "(): argument '" + argname + "' must be Number, not " +
                                in.type_of(v)->name);
}

// A dtype as caffe2::TypeMeta prints it (the C++ type's name), as ATen's
// dtype checks word it.
const char* type_meta_name(DType dt) {
  switch (dt) {
    case DType::F32: return "float";
    case DType::F64: return "double";
    case DType::F16: return "c10::Half";
    case DType::I64: return "long int";
    case DType::I32: return "int";
    case DType::I16: return "short int";
    case DType::I8: return "signed char";
    case DType::U8: return "unsigned char";
    case DType::Bool: return "bool";
    case DType::C64: return "c10::complex<float>";
    case DType::C128: return "c10::complex<double>";
    default: return info(dt).torch_name;
  }
}

DType result_dtype(const std::vector<UfuncOperand>& ops) { return torch_result_type(ops); }

// The in-place form writes r into self: PyTorch's output checks first.
Value into_self(Interp& in, const ArrayPtr& self, const ArrayPtr& r) {
  if (!torch_can_cast(r->dtype, self->dtype))
    in.raise_exc("RuntimeError", std::string("result type ") + torch_type_name(r->dtype) +
                                     " can't be cast to the desired output type " + torch_type_name(self->dtype));
  if (r->shape != self->shape)
    in.raise_exc("RuntimeError", "output with shape " + list_repr(self->shape) +
                                     " doesn't match the broadcast shape " + list_repr(r->shape));
  copy_into(*self, *r);
  return Value(self);
}

// self + value * t1 * t2 (addcmul) or self + value * t1 / t2 (addcdiv).
Value addc(Interp& in, const ArrayPtr& self, Args& a, bool div, bool inplace) {
  const char* name = div ? (inplace ? "addcdiv_" : "addcdiv") : (inplace ? "addcmul_" : "addcmul");
  ArrayPtr t1 = tensor_arg(in, a.required(0, "tensor1"), name, "tensor1", 1);
  ArrayPtr t2 = tensor_arg(in, a.required(1, "tensor2"), name, "tensor2", 2);
  Value vv = a.optional(2, "value", Value::integer(1));
  a.finish(2);
  const double value = scalar_of(in, vv, name, "value");
  if (inplace) torch_assert_no_internal_overlap(*self);
  if (div && !is_float(t1->dtype) && !is_complex(t1->dtype) && !is_float(t2->dtype) && !is_complex(t2->dtype))
    in.raise_exc("RuntimeError",
                 "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will "
                 "perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be implemented "
                 "as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as "
                 "(input + value * tensor1 / tensor2) for float inputs. The future addcdiv behavior is just the "
                 "latter implementation: (input + value * tensor1 / tensor2), for all dtypes.");
  const DType dt = result_dtype({{self}, {t1}, {t2}});
  if (pointwise_dtype(dt)) {
    ArrayPtr r = torch_pointwise(div ? PointwiseOp::Addcdiv : PointwiseOp::Addcmul, self, t1, t2, value, dt);
    return inplace ? into_self(in, self, r) : Value(r);
  }
  Value term = in.binop(div ? "/" : "*", in.binop("*", Value(t1), vv), Value(t2));
  if (inplace) return in.inplace_binop("+", Value(self), term);
  return in.binop("+", Value(self), term);
}

Value lerp_impl(Interp& in, const ArrayPtr& self, Args& a, bool inplace) {
  const char* name = inplace ? "lerp_" : "lerp";
  ArrayPtr end = tensor_arg(in, a.required(0, "end"), name, "end", 1);
  Value w = a.required(1, "weight");
  a.finish(2);
  if (inplace) torch_assert_no_internal_overlap(*self);
  ArrayPtr wt = is_tensor(w) ? w.array() : nullptr;
  if (end->dtype != self->dtype)
    in.raise_exc("RuntimeError", std::string("expected dtype ") + type_meta_name(self->dtype) +
                                     " for `end` but got dtype " + type_meta_name(end->dtype));
  if (wt && wt->dtype != self->dtype)
    in.raise_exc("RuntimeError", std::string("expected dtype ") + type_meta_name(self->dtype) +
                                     " for `weight` but got dtype " + type_meta_name(wt->dtype));
  const double weight = wt ? 0.0 : scalar_of(in, w, name, "weight");
  if (!pointwise_dtype(self->dtype))
    in.raise_exc("RuntimeError", std::string("\"") + (wt ? "lerp_kernel_tensor" : "lerp_kernel_scalar") +
                                     "\" not implemented for '" + torch_type_name(self->dtype) + "'");
  ArrayPtr r = torch_pointwise(PointwiseOp::Lerp, self, end, wt, weight, self->dtype);
  return inplace ? into_self(in, self, r) : Value(r);
}

// Tensor.pow(exponent): the ** operator's arithmetic (pow_tensor_scalar's own
// cases for a Python-number exponent, torch_pow_special).
Value pow_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value e = a.required(0, "exponent");
  a.finish(1);
  const bool number = e.is_int() || e.is_float() || e.is_bool() || e.as<ComplexObj>();
  if (!number && !is_tensor(e)) tensor_arg(in, e, "pow", "exponent", 1);  // the Tensor overload's TypeError
  return in.binop("**", Value(t), e);
}

Value addcmul_method(Interp& in, const ArrayPtr& t, Args& a) { return addc(in, t, a, false, false); }
Value addcmul_inplace(Interp& in, const ArrayPtr& t, Args& a) { return addc(in, t, a, false, true); }
Value addcdiv_method(Interp& in, const ArrayPtr& t, Args& a) { return addc(in, t, a, true, false); }
Value addcdiv_inplace(Interp& in, const ArrayPtr& t, Args& a) { return addc(in, t, a, true, true); }
Value lerp_method(Interp& in, const ArrayPtr& t, Args& a) { return lerp_impl(in, t, a, false); }
Value lerp_inplace(Interp& in, const ArrayPtr& t, Args& a) { return lerp_impl(in, t, a, true); }

}  // namespace

// add/sub(other, alpha=): the fused kernel when it applies (float32/float64,
// a tensor or a real number as other); false leaves the call to the ufuncs.
bool fused_add_alpha(Interp& in, const ArrayPtr& self, const Value& other, const Value& alpha, bool subtract,
                     bool inplace, Value& out) {
  if (alpha.is_none() || !is_real_number(alpha)) return false;
  UfuncOperand o;
  if (is_tensor(other)) o = {other.array(), false};
  else if (other.is_int() || other.is_float()) o = {number_tensor(other.is_float() ? other.as_float() : double(other.as_int())), true};
  else return false;
  const DType dt = result_dtype({{self, false}, o});
  if (!pointwise_dtype(dt)) return false;
  const double s = scalar_of(in, alpha, subtract ? "sub" : "add", "alpha");
  ArrayPtr r = torch_pointwise(PointwiseOp::AddAlpha, self, o.array, nullptr, subtract ? -s : s, dt);
  out = inplace ? into_self(in, self, r) : Value(r);
  return true;
}

void install_torch_pointwise(Interp&) {
  static const MethodEntry methods[] = {
      {"addcmul", addcmul_method, {"addcmul(tensor1, tensor2, *, value=)"}},
      {"addcmul_", addcmul_inplace, {"addcmul_(tensor1, tensor2, *, value=)"}},
      {"addcdiv", addcdiv_method, {"addcdiv(tensor1, tensor2, *, value=)"}},
      {"addcdiv_", addcdiv_inplace, {"addcdiv_(tensor1, tensor2, *, value=)"}},
      {"lerp", lerp_method, {"lerp(end, weight)"}},
      {"lerp_", lerp_inplace, {"lerp_(end, weight)"}},
      {"pow", pow_method, {"pow(exponent)"}},
  };
  for (const MethodEntry& e : methods) def_tensor_method(e.name, e.fn, e.params);
}

}  // namespace sl::lang
