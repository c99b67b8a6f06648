// torch/special: the torch.special module, and the Tensor methods and torch.X
// functions of the same kernels (lgamma, digamma, polygamma, erfc, i0, sinc,
// mvlgamma, igamma, igammac). The kernels are core/kernels/special; the names
// that torch.special only aliases (expit is sigmoid, gammaln is lgamma, psi is
// digamma, ...) call the Tensor method, so they record the node PyTorch's alias
// records. ndtr is ATen's composite (1 + erf(x / sqrt 2)) * 0.5.
//
// Invariant: argument conversion and dtype choice only (integers compute in the
// default float dtype; complex is refused with the CPU dispatch's message).
#include <cmath>

#include "core/kernels/special.hpp"
#include "core/lang/torch/autograd.hpp"
#include "core/lang/torch/convert.hpp"
#include "core/model/strides.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/views.hpp"
#include "core/torch/promotion.hpp"

namespace sl::lang {

namespace {

Value method(Interp& in, const Value& self, const char* name, std::vector<Value> pos = {}, std::vector<std::pair<std::string, Value>> kw = {}) {
  Args a;
  a.pos = std::move(pos);
  a.kw = std::move(kw);
  return in.call(in.getattr(self, name), a);
}

[[noreturn]] void not_implemented(Interp& in, const char* kernel, DType dt) {
  in.raise_exc("RuntimeError", std::string("\"") + kernel + "\" not implemented for '" + torch_type_name(dt) + "'");
}

DType float_dtype(Interp& in, DType dt, const char* kernel) {
  if (is_complex(dt)) not_implemented(in, kernel, dt);
  return is_float(dt) ? dt : torch_default_dtype();
}

ArrayPtr cast_to(const ArrayPtr& t, DType dt) { return t->dtype == dt ? t : copy_as(*t, dt, 'C'); }

ArrayPtr unary(Interp& in, const ArrayPtr& t, Special1 op, const char* kernel) {
  const DType dt = float_dtype(in, t->dtype, kernel);
  ArrayPtr src = cast_to(t, dt);
  ArrayPtr r = make_array(dt, t->shape, 'C', Flavor::Torch);
  apply_special1(op, *r, *src);
  return r;
}

// A Tensor or Python number operand, as the 0-d "wrapped number" tensor PyTorch makes of a number.
UfuncOperand operand(Interp& in, const Value& v, const std::string& fname, const char* argname, int pos) {
  if (is_tensor(v)) return {v.array(), false};
  if (v.is_int() || v.is_float() || v.is_bool()) return {to_array(in, v), true};
  tensor_arg(in, v, fname, argname, pos);  // raises the parser's TypeError
  return {};
}

// f(a, b) elementwise with torch's promotion and broadcasting, in a float dtype.
ArrayPtr binary(Interp& in, const Value& x, const Value& y, Special2 op, const std::string& fname, const char* kernel,
                const char* n0 = "input", const char* n1 = "other") {
  UfuncOperand a = operand(in, x, fname, n0, 1), b = operand(in, y, fname, n1, 2);
  if (a.python_scalar && b.python_scalar) tensor_arg(in, x, fname, n0, 1);
  const DType dt = float_dtype(in, torch_result_type({a, b}), kernel);
  const Shape shape = torch_broadcast_shapes(a.array->shape, b.array->shape);
  ArrayPtr ca = broadcast_to(cast_to(a.array, dt), shape), cb = broadcast_to(cast_to(b.array, dt), shape);
  ArrayPtr r = make_array(dt, shape, 'C', Flavor::Torch);
  apply_special2(op, *r, *ca, *cb);
  return r;
}

// ---- Tensor methods

template <Special1 Op>
Value unary_method(Interp& in, const ArrayPtr& t, Args& a, const char* kernel) {
  a.finish(0);
  return Value(unary(in, t, Op, kernel));
}
Value lgamma_method(Interp& in, const ArrayPtr& t, Args& a) { return unary_method<Special1::lgamma>(in, t, a, "lgamma_vml_cpu"); }
Value digamma_method(Interp& in, const ArrayPtr& t, Args& a) { return unary_method<Special1::digamma>(in, t, a, "digamma"); }
Value erfc_method(Interp& in, const ArrayPtr& t, Args& a) { return unary_method<Special1::erfc>(in, t, a, "erfc_vml_cpu"); }
Value i0_method(Interp& in, const ArrayPtr& t, Args& a) { return unary_method<Special1::i0>(in, t, a, "i0_vml_cpu"); }
Value sinc_method(Interp& in, const ArrayPtr& t, Args& a) { return unary_method<Special1::sinc>(in, t, a, "sinc_cpu"); }

// polygamma(n): n >= 0 (digamma, trigamma, then (-1)^(n+1) n! zeta(n + 1, x)).
Value polygamma_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value nv = a.required(0, "n");
  a.finish(1);
  const int64_t n = int_arg(in, nv, "polygamma", "n");
  if (n < 0) in.raise_exc("RuntimeError", "polygamma(n, x) does not support negative n.");
  const DType dt = float_dtype(in, t->dtype, "polygamma");
  ArrayPtr src = cast_to(t, dt);
  ArrayPtr r = make_array(dt, t->shape, 'C', Flavor::Torch);
  apply_polygamma(n, *r, *src);
  return Value(r);
}

// mvlgamma(p) = sum_{i<p} lgamma(x - i/2) + p (p - 1) / 4 log(pi) (ATen's mvlgamma:
// lgamma of x + arange(-p/2 + 1/2, 1/2, 1/2), summed over the new last dim).
Value mvlgamma_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value pv = a.required(0, "p");
  a.finish(1);
  const int64_t p = int_arg(in, pv, "mvlgamma", "p");
  if (p < 1) in.raise_exc("RuntimeError", "p has to be greater than or equal to 1");
  Value x(t);
  if (!is_float(t->dtype)) x = method(in, x, "to", {dtype_value(in, torch_default_dtype(), true)});
  Args ar;
  ar.pos = {Value::floating(-double(p) / 2 + 0.5), Value::floating(0.5), Value::floating(0.5)};
  ar.kw = {{"dtype", in.getattr(x, "dtype")}};
  Value args = in.call(in.modules.at("torch")->attrs.at("arange"), ar);
  args = method(in, args, "add", {method(in, x, "unsqueeze", {Value::integer(-1)})});
  Value s = method(in, method(in, args, "lgamma"), "sum", {Value::integer(-1)});
  return method(in, s, "add", {Value::floating(double(p) * double(p - 1) * std::log(M_PI) / 4)});
}

Value igamma_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value o = a.required(0, "other");
  a.finish(1);
  tensor_arg(in, o, "igamma", "other", 1);
  return Value(binary(in, Value(t), o, Special2::igamma, "igamma", "igamma_cpu"));
}
Value igammac_method(Interp& in, const ArrayPtr& t, Args& a) {
  Value o = a.required(0, "other");
  a.finish(1);
  tensor_arg(in, o, "igammac", "other", 1);
  return Value(binary(in, Value(t), o, Special2::igammac, "igammac", "igammac_cpu"));
}

// ---- torch.special

// torch.special.<alias>(input, ...): input.<method>(...), after the parser's check of input.
Value forward_method(Interp& in, Args& a, const std::string& fname, const char* method_name, size_t npos = 1) {
  Value x = a.required(0, "input");
  tensor_arg(in, x, fname, "input", 1);
  Args b;
  b.pos.assign(a.pos.begin() + 1, a.pos.end());
  b.kw = a.kw;
  (void)npos;
  return in.call(in.getattr(x, method_name), b);
}

#define SPECIAL_ALIAS(fn, name, meth) \
  Value fn(Interp& in, Args& a) { return forward_method(in, a, "special_" name, meth); }
SPECIAL_ALIAS(sp_erf, "erf", "erf")
SPECIAL_ALIAS(sp_erfc, "erfc", "erfc")
SPECIAL_ALIAS(sp_erfinv, "erfinv", "erfinv")
SPECIAL_ALIAS(sp_expit, "expit", "sigmoid")
SPECIAL_ALIAS(sp_exp2, "exp2", "exp2")
SPECIAL_ALIAS(sp_expm1, "expm1", "expm1")
SPECIAL_ALIAS(sp_log1p, "log1p", "log1p")
SPECIAL_ALIAS(sp_gammaln, "gammaln", "lgamma")
SPECIAL_ALIAS(sp_digamma, "digamma", "digamma")
SPECIAL_ALIAS(sp_psi, "psi", "digamma")
SPECIAL_ALIAS(sp_i0, "i0", "i0")
SPECIAL_ALIAS(sp_sinc, "sinc", "sinc")
SPECIAL_ALIAS(sp_round, "round", "round")
SPECIAL_ALIAS(sp_logit, "logit", "logit")
SPECIAL_ALIAS(sp_logsumexp, "logsumexp", "logsumexp")
SPECIAL_ALIAS(sp_softmax, "softmax", "softmax")
SPECIAL_ALIAS(sp_log_softmax, "log_softmax", "log_softmax")
SPECIAL_ALIAS(sp_multigammaln, "multigammaln", "mvlgamma")
#undef SPECIAL_ALIAS

// polygamma(n, input) is input.polygamma(n).
Value sp_polygamma(Interp& in, Args& a) {
  Value n = a.required(0, "n"), x = a.required(1, "input");
  a.finish(2);
  tensor_arg(in, x, "special_polygamma", "input", 2);
  return method(in, x, "polygamma", {n});
}
Value torch_polygamma(Interp& in, Args& a) {
  Value n = a.required(0, "n"), x = a.required(1, "input");
  a.finish(2);
  tensor_arg(in, x, "polygamma", "input", 2);
  return method(in, x, "polygamma", {n});
}
// xlogy(input, other) with a number on either side.
Value sp_xlogy(Interp& in, Args& a) {
  Value x = a.required(0, "input"), y = a.required(1, "other");
  a.finish(2);
  if (!is_tensor(x)) {
    tensor_arg(in, y, "special_xlogy", "other", 2);
    x = method(in, y, "new_full", {make_tuple({}), x});
  }
  return method(in, x, "xlogy", {y});
}

// ndtr(x) = (1 + erf(x * sqrt(1/2))) * 0.5, ATen's composite (its nodes: MulBackward1, ErfBackward0, AddBackward0).
Value scalar_op(Interp& in, const char* overload, const Value& t, double v) {
  OpCall c;
  c.op = overload;
  c.self = t.array();
  c.pos = {Value::floating(v)};
  const std::string base = std::string(overload).substr(0, std::string(overload).find('.'));
  if (!autograd_wanted(c.self, c.pos, c.kw)) return method(in, t, base.c_str(), {Value::floating(v)});
  return record_call(in, std::move(c), [&] { return method(in, t, base.c_str(), {Value::floating(v)}); });
}
Value sp_ndtr(Interp& in, Args& a) {
  Value x = a.required(0, "input");
  a.finish(1);
  ArrayPtr t = tensor_arg(in, x, "special_ndtr", "input", 1);
  if (is_complex(t->dtype)) not_implemented(in, "erf_vml_cpu", t->dtype);
  Value e = method(in, scalar_op(in, "mul.Scalar", x, M_SQRT1_2), "erf");
  return scalar_op(in, "mul.Scalar", method(in, e, "add", {Value::integer(1)}), 0.5);
}

template <Special1 Op>
Value special_unary_fn(Interp& in, Args& a, const char* fname, const char* kernel) {
  Value x = a.required(0, "input");
  a.finish(1);
  return Value(unary(in, tensor_arg(in, x, fname, "input", 1), Op, kernel));
}
#define SPECIAL_UNARY(fn, op, name)                                                             \
  Value fn(Interp& in, Args& a) {                                                              \
    return special_unary_fn<Special1::op>(in, a, "special_" name, name "_cpu");                \
  }
SPECIAL_UNARY(sp_erfcx, erfcx, "erfcx")
SPECIAL_UNARY(sp_ndtri, ndtri, "ndtri")
SPECIAL_UNARY(sp_log_ndtr, log_ndtr, "log_ndtr")
SPECIAL_UNARY(sp_i0e, i0e, "i0e")
SPECIAL_UNARY(sp_i1, i1, "i1")
SPECIAL_UNARY(sp_i1e, i1e, "i1e")
SPECIAL_UNARY(sp_entr, entr, "entr")
SPECIAL_UNARY(sp_bessel_j0, bessel_j0, "bessel_j0")
SPECIAL_UNARY(sp_bessel_j1, bessel_j1, "bessel_j1")
SPECIAL_UNARY(sp_bessel_y0, bessel_y0, "bessel_y0")
SPECIAL_UNARY(sp_bessel_y1, bessel_y1, "bessel_y1")
SPECIAL_UNARY(sp_mod_i0, modified_bessel_i0, "modified_bessel_i0")
SPECIAL_UNARY(sp_mod_i1, modified_bessel_i1, "modified_bessel_i1")
SPECIAL_UNARY(sp_mod_k0, modified_bessel_k0, "modified_bessel_k0")
SPECIAL_UNARY(sp_mod_k1, modified_bessel_k1, "modified_bessel_k1")
SPECIAL_UNARY(sp_scaled_k0, scaled_modified_bessel_k0, "scaled_modified_bessel_k0")
SPECIAL_UNARY(sp_scaled_k1, scaled_modified_bessel_k1, "scaled_modified_bessel_k1")
SPECIAL_UNARY(sp_spherical_j0, spherical_bessel_j0, "spherical_bessel_j0")
SPECIAL_UNARY(sp_airy_ai, airy_ai, "airy_ai")
#undef SPECIAL_UNARY

template <Special2 Op>
Value special_binary_fn(Interp& in, Args& a, const char* fname, const char* kernel, const char* n0, const char* n1) {
  Value x = a.required(0, n0), y = a.required(1, n1);
  a.finish(2);
  return Value(binary(in, x, y, Op, fname, kernel, n0, n1));
}
#define SPECIAL_BINARY(fn, op, name, kernel, n0, n1) \
  Value fn(Interp& in, Args& a) { return special_binary_fn<Special2::op>(in, a, "special_" name, kernel, n0, n1); }
SPECIAL_BINARY(sp_zeta, zeta, "zeta", "zeta_cpu", "input", "other")
SPECIAL_BINARY(sp_xlog1py, xlog1py, "xlog1py", "xlog1py_cpu", "input", "other")
SPECIAL_BINARY(sp_gammainc, igamma, "gammainc", "igamma_cpu", "input", "other")
SPECIAL_BINARY(sp_gammaincc, igammac, "gammaincc", "igammac_cpu", "input", "other")
SPECIAL_BINARY(sp_cheb_t, chebyshev_t, "chebyshev_polynomial_t", "chebyshev_polynomial_t_cpu", "input", "n")
SPECIAL_BINARY(sp_cheb_u, chebyshev_u, "chebyshev_polynomial_u", "chebyshev_polynomial_u_cpu", "input", "n")
SPECIAL_BINARY(sp_cheb_v, chebyshev_v, "chebyshev_polynomial_v", "chebyshev_polynomial_v_cpu", "input", "n")
SPECIAL_BINARY(sp_cheb_w, chebyshev_w, "chebyshev_polynomial_w", "chebyshev_polynomial_w_cpu", "input", "n")
SPECIAL_BINARY(sp_scheb_t, shifted_chebyshev_t, "shifted_chebyshev_polynomial_t", "shifted_chebyshev_polynomial_t_cpu", "input", "n")
SPECIAL_BINARY(sp_scheb_u, shifted_chebyshev_u, "shifted_chebyshev_polynomial_u", "shifted_chebyshev_polynomial_u_cpu", "input", "n")
SPECIAL_BINARY(sp_scheb_v, shifted_chebyshev_v, "shifted_chebyshev_polynomial_v", "shifted_chebyshev_polynomial_v_cpu", "input", "n")
SPECIAL_BINARY(sp_scheb_w, shifted_chebyshev_w, "shifted_chebyshev_polynomial_w", "shifted_chebyshev_polynomial_w_cpu", "input", "n")
SPECIAL_BINARY(sp_hermite_h, hermite_h, "hermite_polynomial_h", "hermite_polynomial_h_cpu", "input", "n")
SPECIAL_BINARY(sp_hermite_he, hermite_he, "hermite_polynomial_he", "hermite_polynomial_he_cpu", "input", "n")
SPECIAL_BINARY(sp_laguerre, laguerre_l, "laguerre_polynomial_l", "laguerre_polynomial_l_cpu", "input", "n")
SPECIAL_BINARY(sp_legendre, legendre_p, "legendre_polynomial_p", "legendre_polynomial_p_cpu", "input", "n")
#undef SPECIAL_BINARY

// torch.igamma / torch.igammac (input, other).
Value torch_igamma(Interp& in, Args& a) {
  Value x = a.required(0, "input"), y = a.required(1, "other");
  a.finish(2);
  return method(in, Value(tensor_arg(in, x, "igamma", "input", 1)), "igamma", {y});
}
Value torch_igammac(Interp& in, Args& a) {
  Value x = a.required(0, "input"), y = a.required(1, "other");
  a.finish(2);
  return method(in, Value(tensor_arg(in, x, "igammac", "input", 1)), "igammac", {y});
}

}  // namespace

// The state the special functions' formulas read (core/torch/derivatives_special.cpp):
// saved[0] self, saved[1] the result (unary) or the other operand (binary),
// ints[0] polygamma's n / mvlgamma's p. -1 for a node that is not one of them.
int save_special_state(GradNode& n, const ArrayPtr& self, const Value& arg0, const ArrayPtr& result, bool inplace) {
  static const char* const unary_nodes[] = {
      "DigammaBackward0",      "LgammaBackward0",       "ErfBackward0",          "ErfcBackward0",
      "ErfinvBackward0",       "Log1PBackward0",        "Expm1Backward0",        "Exp2Backward0",
      "I0Backward0",           "SpecialI0EBackward0",   "SpecialI1Backward0",    "SpecialI1EBackward0",
      "SincBackward0",         "SpecialEntrBackward0",  "SpecialErfcxBackward0", "SpecialLogNdtrBackward0",
      "SpecialNdtriBackward0"};
  static const char* const binary_nodes[] = {"SpecialXlog1PyBackward0", "XlogyBackward0", "SpecialZetaBackward0",
                                             "IgammaBackward0", "IgammacBackward0"};
  const std::string& name = n.name;
  for (const char* u : unary_nodes)
    if (name == u) {
      if (inplace) return 0;  // the formulas read self as it was before the write
      save_tensor(n, 0, self, false);
      save_tensor(n, 1, result, true);
      return 1;
    }
  for (const char* b : binary_nodes)
    if (name == b) {
      if (inplace || !arg0.is_array()) return 0;
      save_tensor(n, 0, self, false);
      save_tensor(n, 1, arg0.array(), false);
      return 1;
    }
  if (name == "XlogyBackward2") {  // xlogy.Scalar_Other: self and the number
    if (inplace || !(arg0.is_int() || arg0.is_float() || arg0.is_bool())) return 0;
    save_tensor(n, 0, self, false);
    n.scalars = {arg0.is_float() ? arg0.as_float() : double(arg0.as_int())};
    return 1;
  }
  if (name == "PolygammaBackward0" || name == "MvlgammaBackward0") {
    if (inplace || !arg0.is_int()) return 0;
    save_tensor(n, 0, self, false);
    n.ints = {arg0.as_int()};
    return 1;
  }
  return -1;
}

void install_torch_special(Interp& in, ModuleObj& tm) {
  static const MethodEntry methods[] = {
      {"lgamma", lgamma_method, {"lgamma()"}},
      {"digamma", digamma_method, {"digamma()"}},
      {"polygamma", polygamma_method, {"polygamma(n)"}},
      {"erfc", erfc_method, {"erfc()"}},
      {"i0", i0_method, {"i0()"}},
      {"sinc", sinc_method, {"sinc()"}},
      {"mvlgamma", mvlgamma_method, {"mvlgamma(p)"}},
      {"igamma", igamma_method, {"igamma(other)"}},
      {"igammac", igammac_method, {"igammac(other)"}},
  };
  for (const MethodEntry& e : methods) def_tensor_method(e.name, e.fn, e.params);

  ModuleObj& sp = submodule(in, "torch.special");
  sp.attrs["torch"] = Value(std::static_pointer_cast<Obj>(in.modules.at("torch")));  // torch/special/__init__.py's `import torch`
  sp.attrs["Tensor"] = tm.attrs.at("Tensor");
  // the aliases call the Tensor method (which records); the kernels of their own record under special_<name>
  static const FnEntry aliases[] = {
      {"erf", sp_erf, {"erf(input)"}},
      {"erfc", sp_erfc, {"erfc(input)"}},
      {"erfinv", sp_erfinv, {"erfinv(input)"}},
      {"expit", sp_expit, {"expit(input)"}},
      {"exp2", sp_exp2, {"exp2(input)"}},
      {"expm1", sp_expm1, {"expm1(input)"}},
      {"log1p", sp_log1p, {"log1p(input)"}},
      {"gammaln", sp_gammaln, {"gammaln(input)"}},
      {"digamma", sp_digamma, {"digamma(input)"}},
      {"psi", sp_psi, {"psi(input)"}},
      {"i0", sp_i0, {"i0(input)"}},
      {"sinc", sp_sinc, {"sinc(input)"}},
      {"round", sp_round, {"round(input, *, decimals=)"}},
      {"logit", sp_logit, {"logit(input, eps=)"}},
      {"logsumexp", sp_logsumexp, {"logsumexp(input, dim, keepdim=)"}},
      {"softmax", sp_softmax, {"softmax(input, dim, *, dtype=)"}},
      {"log_softmax", sp_log_softmax, {"log_softmax(input, dim, *, dtype=)"}},
      {"multigammaln", sp_multigammaln, {"multigammaln(input, p)"}},
      {"polygamma", sp_polygamma, {"polygamma(n, input)"}},
      {"xlogy", sp_xlogy, {"xlogy(input, other)"}},
      {"ndtr", sp_ndtr, {"ndtr(input)"}},
      // not differentiable in PyTorch (no derivatives.yaml entry): no node
      {"bessel_j0", sp_bessel_j0, {"bessel_j0(input)"}},
      {"bessel_j1", sp_bessel_j1, {"bessel_j1(input)"}},
      {"bessel_y0", sp_bessel_y0, {"bessel_y0(input)"}},
      {"bessel_y1", sp_bessel_y1, {"bessel_y1(input)"}},
      {"modified_bessel_i0", sp_mod_i0, {"modified_bessel_i0(input)"}},
      {"modified_bessel_i1", sp_mod_i1, {"modified_bessel_i1(input)"}},
      {"modified_bessel_k0", sp_mod_k0, {"modified_bessel_k0(input)"}},
      {"modified_bessel_k1", sp_mod_k1, {"modified_bessel_k1(input)"}},
      {"scaled_modified_bessel_k0", sp_scaled_k0, {"scaled_modified_bessel_k0(input)"}},
      {"scaled_modified_bessel_k1", sp_scaled_k1, {"scaled_modified_bessel_k1(input)"}},
      {"spherical_bessel_j0", sp_spherical_j0, {"spherical_bessel_j0(input)"}},
      {"airy_ai", sp_airy_ai, {"airy_ai(input)"}},
      {"chebyshev_polynomial_t", sp_cheb_t, {"chebyshev_polynomial_t(input, n)"}},
      {"chebyshev_polynomial_u", sp_cheb_u, {"chebyshev_polynomial_u(input, n)"}},
      {"chebyshev_polynomial_v", sp_cheb_v, {"chebyshev_polynomial_v(input, n)"}},
      {"chebyshev_polynomial_w", sp_cheb_w, {"chebyshev_polynomial_w(input, n)"}},
      {"shifted_chebyshev_polynomial_t", sp_scheb_t, {"shifted_chebyshev_polynomial_t(input, n)"}},
      {"shifted_chebyshev_polynomial_u", sp_scheb_u, {"shifted_chebyshev_polynomial_u(input, n)"}},
      {"shifted_chebyshev_polynomial_v", sp_scheb_v, {"shifted_chebyshev_polynomial_v(input, n)"}},
      {"shifted_chebyshev_polynomial_w", sp_scheb_w, {"shifted_chebyshev_polynomial_w(input, n)"}},
      {"hermite_polynomial_h", sp_hermite_h, {"hermite_polynomial_h(input, n)"}},
      {"hermite_polynomial_he", sp_hermite_he, {"hermite_polynomial_he(input, n)"}},
      {"laguerre_polynomial_l", sp_laguerre, {"laguerre_polynomial_l(input, n)"}},
      {"legendre_polynomial_p", sp_legendre, {"legendre_polynomial_p(input, n)"}},
  };
  for (const FnEntry& e : aliases) def_fn(in, sp, e.name, e.fn, e.params);
  static const FnEntry recorded[] = {
      {"erfcx", sp_erfcx, {"erfcx(input)"}},
      {"ndtri", sp_ndtri, {"ndtri(input)"}},
      {"log_ndtr", sp_log_ndtr, {"log_ndtr(input)"}},
      {"i0e", sp_i0e, {"i0e(input)"}},
      {"i1", sp_i1, {"i1(input)"}},
      {"i1e", sp_i1e, {"i1e(input)"}},
      {"entr", sp_entr, {"entr(input)"}},
      {"zeta", sp_zeta, {"zeta(input, other)"}},
      {"xlog1py", sp_xlog1py, {"xlog1py(input, other)"}},
  };
  for (const FnEntry& e : recorded) def_fn(in, sp, e.name, recorded_function(std::string("special_") + e.name, e.fn), e.params);
  def_fn(in, sp, "gammainc", recorded_function("igamma", sp_gammainc), {"gammainc(input, other)"});
  def_fn(in, sp, "gammaincc", recorded_function("igammac", sp_gammaincc), {"gammaincc(input, other)"});

  // torch.X forms of the new Tensor methods (torch.lgamma(t) is t.lgamma(), ...)
  def_fn(in, tm, "polygamma", torch_polygamma, {"polygamma(n, input)"});
  def_fn(in, tm, "igamma", torch_igamma, {"igamma(input, other)"});
  def_fn(in, tm, "igammac", torch_igammac, {"igammac(input, other)"});
}

}  // namespace sl::lang
