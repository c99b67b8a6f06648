// math_module: the `math` functions tutorials use, on float64 (libm's
// results); a NaN from a non-NaN argument is ValueError("math domain error"),
// as in CPython.
#include <cmath>

#include "core/lang/modules/modules.hpp"

namespace sl::lang {

namespace {

// One-argument libm functions: float(x) in, float out.
struct UnaryMathDef {
  const char* name;
  double (*fn)(double);
};
const UnaryMathDef kUnaryMath[] = {
    {"sqrt", std::sqrt}, {"exp", std::exp}, {"log", std::log},   {"log2", std::log2},
    {"log10", std::log10}, {"sin", std::sin}, {"cos", std::cos}, {"tan", std::tan},
    {"tanh", std::tanh}, {"atan", std::atan}, {"fabs", std::fabs}, {"erf", std::erf},
};

Value math_floor(Interp& in, Args& a) { return Value::integer(int64_t(std::floor(in.float_value(a.required(0, "x"))))); }
Value math_ceil(Interp& in, Args& a) { return Value::integer(int64_t(std::ceil(in.float_value(a.required(0, "x"))))); }
Value math_isnan(Interp& in, Args& a) { return Value::boolean(std::isnan(in.float_value(a.required(0, "x")))); }
Value math_isinf(Interp& in, Args& a) { return Value::boolean(std::isinf(in.float_value(a.required(0, "x")))); }
Value math_prod(Interp& in, Args& a) {
  Value acc = Value::integer(1);
  for (auto& x : in.to_vector(a.required(0, "iterable"))) acc = in.binop(BinOp::Mul, acc, x);
  return acc;
}

const ModuleFnDef kMath[] = {
    {"floor", math_floor}, {"ceil", math_ceil}, {"isnan", math_isnan}, {"isinf", math_isinf}, {"prod", math_prod},
};

}  // namespace

void install_math_module(Interp& in) {
  ModuleObj& math = new_module(in, "math");
  def_functions(in, math, kMath);
  for (const auto& d : kUnaryMath) {
    math.attrs[d.name] = in.builtin(d.name, [fn = d.fn](Interp& in, Args& a) -> Value {
      double x = in.float_value(a.required(0, "x"));
      double r = fn(x);
      if (std::isnan(r) && !std::isnan(x)) in.raise_exc("ValueError", "math domain error");
      return Value::floating(r);
    });
  }
  math.attrs["pi"] = Value::floating(M_PI);
  math.attrs["e"] = Value::floating(M_E);
  math.attrs["inf"] = Value::floating(INFINITY);
  math.attrs["nan"] = Value::floating(NAN);
}

}  // namespace sl::lang
