// torch/promotion: PyTorch's type promotion for elementwise ops and the loop a
// tensor op runs (see promotion.hpp).
#include "core/torch/promotion.hpp"

#include <optional>
#include <string>

#include "core/model/error.hpp"

namespace sl {

namespace {

bool is_torch_unary_float(Ufunc op) {
  switch (op) {
    case Ufunc::sqrt: case Ufunc::cbrt: case Ufunc::exp: case Ufunc::exp2: case Ufunc::expm1:
    case Ufunc::log: case Ufunc::log2: case Ufunc::log10: case Ufunc::log1p: case Ufunc::sin:
    case Ufunc::cos: case Ufunc::tan: case Ufunc::arcsin: case Ufunc::arccos: case Ufunc::arctan:
    case Ufunc::sinh: case Ufunc::cosh: case Ufunc::tanh: case Ufunc::arcsinh: case Ufunc::arccosh:
    case Ufunc::arctanh: case Ufunc::deg2rad: case Ufunc::rad2deg: case Ufunc::reciprocal:
    case Ufunc::arctan2: case Ufunc::hypot: case Ufunc::degrees: case Ufunc::radians:
    case Ufunc::logaddexp: case Ufunc::logaddexp2:
      return true;
    default:
      return false;
  }
}

std::string torch_kernel_name(Ufunc op) {
  switch (op) {
    case Ufunc::bitwise_and: return "bitwise_and_cpu";
    case Ufunc::bitwise_or: return "bitwise_or_cpu";
    case Ufunc::bitwise_xor: return "bitwise_xor_cpu";
    case Ufunc::left_shift: return "lshift_cpu";
    case Ufunc::right_shift: return "rshift_cpu";
    case Ufunc::absolute: return "abs_cpu";
    case Ufunc::floor_divide: return "div_floor_cpu";
    case Ufunc::remainder: return "remainder_cpu";
    default: return std::string(ufunc_name(op)) + "_cpu";
  }
}

}  // namespace

DType torch_result_type(const std::vector<UfuncOperand>& ops) {
  std::optional<DType> dim, zero, wrapped;
  auto upd = [](std::optional<DType>& s, DType d) { s = s ? torch_promote(*s, d) : d; };
  for (auto& o : ops) {
    const Array& a = *o.array;
    if (o.python_scalar || a.flavor == Flavor::Scalar) {
      DType d = a.dtype;
      if (is_complex(d)) d = DType::C64;        // default complex dtype
      else if (is_float(d)) d = DType::F32;     // default dtype
      else if (is_integer(d)) d = DType::I64;
      upd(wrapped, d);
    } else if (a.ndim() == 0) {
      upd(zero, a.dtype);
    } else {
      upd(dim, a.dtype);
    }
  }
  // combine_categories(higher, lower)
  auto combine = [](std::optional<DType> hi, std::optional<DType> lo) -> std::optional<DType> {
    if (!hi) return lo;
    if (!lo) return hi;
    if (is_complex(*hi)) return hi;
    if (is_complex(*lo)) {
      if (is_float(*hi)) return *hi == DType::F64 ? DType::C128 : DType::C64;  // toComplexType(higher)
      return lo;
    }
    if (is_float(*hi)) return hi;
    if (*hi == DType::Bool || is_float(*lo)) return torch_promote(*hi, *lo);
    return hi;
  };
  auto r = combine(dim, combine(zero, wrapped));
  return r ? *r : DType::F32;
}

UfuncLoop torch_resolve_loop(Ufunc op, const std::vector<UfuncOperand>& ops, const UfuncOptions& opt) {
  bool any_bool = false, all_bool = true;
  for (auto& o : ops) {
    any_bool = any_bool || o.array->dtype == DType::Bool;
    all_bool = all_bool && o.array->dtype == DType::Bool;
  }
  if (op == Ufunc::subtract && any_bool) {
    if (all_bool)
      runtime_error("Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead.");
    runtime_error("Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.");
  }
  if (op == Ufunc::negative && all_bool)
    runtime_error("Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.");
  DType t = opt.dtype ? *opt.dtype : torch_result_type(ops);
  if (op == Ufunc::invert && !(is_integer(t) || t == DType::Bool))
    type_error("~ (operator.invert) is only implemented on integer and Boolean-type tensors");
  if ((op == Ufunc::divide || is_torch_unary_float(op)) && (is_integer(t) || t == DType::Bool)) t = DType::F32;
  const uint32_t loops = ufunc_loops(op);
  bool ok = loops >> int(t) & 1;
  if (op == Ufunc::absolute && t == DType::Bool) ok = false;
  if (op == Ufunc::power && t == DType::Bool) ok = false;
  if (!ok)
    runtime_error("\"" + torch_kernel_name(op) + "\" not implemented for '" + torch_type_name(t) + "'");
  return {t, ufunc_loop_output(op, t)};
}

void install_torch_rules() { set_flavor_rules(Flavor::Torch, FlavorRules{torch_resolve_loop, torch_result_type}); }

void check_all_same_dtype(const std::vector<const Array*>& operands) {
  for (const Array* a : operands)
    if (a->dtype != operands.front()->dtype)
      raise("RuntimeError", std::string("Found dtype ") + torch_type_name(a->dtype) + " but expected " +
                                torch_type_name(operands.front()->dtype));
}

}  // namespace sl
