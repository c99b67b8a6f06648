// derivatives_special: the backward formulas of the special functions (torch.special,
// lgamma, digamma, polygamma, erf, erfc, erfinv, i0, sinc, mvlgamma, igamma, log1p,
// expm1, exp2), each as tools/autograd/derivatives.yaml states it (the helper of
// FunctionsManual.cpp named where it has one), evaluated element by element in the
// gradient's precision, one rounding per ATen op.
//
// Node state (lang/torch/special.cpp's save_special_state): saved[0] self,
// saved[1] the result or the other operand, ints[0] polygamma's n or mvlgamma's p.
#include <cmath>
#include <functional>
#include <limits>
#include <map>

#include "core/kernels/activation.hpp"
#include "core/kernels/special.hpp"
#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/views.hpp"
#include "core/torch/derivatives.hpp"

namespace sl {

namespace {

using Formula = std::function<std::vector<ArrayPtr>(GradNode&, const ArrayPtr&)>;

bool needs(const GradNode& n, size_t i) { return i < n.next.size() && n.next[i] != nullptr; }

// out[i] = f(xs[0][i], xs[1][i], ...) in the gradient's dtype and shape (the
// inputs broadcast to it and cast), computed in T (float for float16).
template <class T, class F>
void zip_as(const ArrayPtr& out, const std::vector<ArrayPtr>& xs, F f) {
  const int64_t n = out->size();
  T* o = reinterpret_cast<T*>(out->data());
  std::vector<const T*> p;
  for (auto& x : xs) p.push_back(reinterpret_cast<const T*>(x->data()));
  for (int64_t i = 0; i < n; ++i) {
    T v[4] = {};
    for (size_t k = 0; k < p.size(); ++k) v[k] = p[k][i];
    o[i] = f(v[0], v[1], v[2], v[3]);
  }
}
template <class F>
ArrayPtr zip(const ArrayPtr& g, std::vector<ArrayPtr> xs, F f) {
  const DType dt = g->dtype == DType::F64 ? DType::F64 : DType::F32;
  std::vector<ArrayPtr> cs;
  for (auto& x : xs) cs.push_back(copy_as(*broadcast_to(x, g->shape), dt, 'C'));
  ArrayPtr r = make_array(dt, g->shape, 'C', Flavor::Torch);
  if (dt == DType::F64) zip_as<double>(r, cs, [&](double a, double b, double c, double d) { return f(a, b, c, d); });
  else zip_as<float>(r, cs, [&](float a, float b, float c, float d) { return f(a, b, c, d); });
  if (g->dtype != dt) r = copy_as(*r, g->dtype, 'C');
  r->flavor = Flavor::Torch;
  return r;
}

template <class T> T sgn(T x) { return T((T(0) < x) - (x < T(0))); }

// A unary formula grad -> f(grad, self, result).
template <class F>
Formula unary(F f) {
  return [f](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr self = unpack(n, 0), result = unpack(n, 1);
    return {zip(g, {g, self, result}, [&](auto gv, auto x, auto r, auto) { return f(gv, x, r); })};
  };
}

// The derivative of the regularized incomplete gamma functions in x: x^(a-1) e^-x / Gamma(a).
template <class T> T igamma_dx(T a, T x) { return std::exp((a - T(1)) * std::log(x) - x - std::lgamma(a)); }

}  // namespace

void add_special_formulas(std::map<std::string, Formula>& f) {
  constexpr double kPi = 3.14159265358979323846;
  // digamma: self: grad * polygamma(1, self)
  f["DigammaBackward0"] = unary([](auto g, auto x, auto) { return g * special1(Special1::trigamma, x); });
  // lgamma: self: grad * digamma(self)
  f["LgammaBackward0"] = unary([](auto g, auto x, auto) { return g * special1(Special1::digamma, x); });
  // polygamma: self: grad * polygamma(n + 1, self)
  f["PolygammaBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    const int64_t k = n.ints.at(0) + 1;
    return {zip(g, {g, unpack(n, 0)}, [k](auto gv, auto x, auto, auto) { return gv * polygamma_of(k, x); })};
  };
  // erf: self: 2.0 / sqrt(M_PI) * exp(-(self.pow(2))) * grad; erfc: -2.0 / sqrt(M_PI) * ...
  f["ErfBackward0"] = unary([](auto g, auto x, auto) {
    using T = decltype(x);
    return T(2.0 / std::sqrt(kPi)) * std::exp(-(x * x)) * g;
  });
  f["ErfcBackward0"] = unary([](auto g, auto x, auto) {
    using T = decltype(x);
    return T(-2.0 / std::sqrt(kPi)) * std::exp(-(x * x)) * g;
  });
  // erfinv: self: 0.5 * sqrt(M_PI) * exp(self.erfinv().pow(2)) * grad (self.erfinv() is the result)
  f["ErfinvBackward0"] = unary([](auto g, auto, auto r) {
    using T = decltype(r);
    return T(0.5 * std::sqrt(kPi)) * std::exp(r * r) * g;
  });
  // log1p: self: log1p_backward(grad, self) = grad / (self + 1)
  f["Log1PBackward0"] = unary([](auto g, auto x, auto) { return g / (x + decltype(x)(1)); });
  // expm1: self: grad * (result.conj() + 1); exp2: self: grad * result.conj() * M_LN2
  f["Expm1Backward0"] = unary([](auto g, auto, auto r) { return g * (r + decltype(r)(1)); });
  f["Exp2Backward0"] = unary([](auto g, auto, auto r) { return g * r * decltype(r)(M_LN2); });
  // i0: self: grad * at::special_i1(self); special_i0e: grad * (at::special_i1e(self) - self.sgn() * result)
  f["I0Backward0"] = unary([](auto g, auto x, auto) { return g * special1(Special1::i1, x); });
  f["SpecialI0EBackward0"] = unary([](auto g, auto x, auto r) { return g * (special1(Special1::i1e, x) - sgn(x) * r); });
  // special_i1: i1_backward(grad, self, result); special_i1e: i1e_backward(grad, self, result):
  // with safe = |self| > eps ? self : eps, grad * (i0(safe) - result / safe) (i1e: i0e(safe) -
  // result * (sgn(safe) + 1 / safe)), and grad * 0.5 where |self| <= eps
  f["SpecialI1Backward0"] = unary([](auto g, auto x, auto r) {
    using T = decltype(x);
    const T eps = std::numeric_limits<T>::epsilon();
    const bool big = std::abs(x) > eps;
    const T safe = big ? x : eps;
    return g * (big ? special1(Special1::i0, safe) - r * (T(1) / safe) : T(0.5));
  });
  f["SpecialI1EBackward0"] = unary([](auto g, auto x, auto r) {
    using T = decltype(x);
    const T eps = std::numeric_limits<T>::epsilon();
    const bool big = std::abs(x) > eps;
    const T safe = big ? x : eps;
    return g * (big ? special1(Special1::i0e, safe) - r * (sgn(safe) + T(1) / safe) : T(0.5));
  });
  // sinc: sinc_backward(grad, self): grad * ((pi x) cos(pi x) - sin(pi x)) / (pi x^2), 0 where pi x^2 == 0
  f["SincBackward0"] = unary([](auto g, auto x, auto) {
    using T = decltype(x);
    const T p = x * T(kPi), sq = x * x * T(kPi);
    if (sq == 0) return T(0);
    return g * (p * std::cos(p) - std::sin(p)) / sq;
  });
  // special_entr: self: grad * (-(1 + self.log()))
  f["SpecialEntrBackward0"] = unary([](auto g, auto x, auto) { return g * -(decltype(x)(1) + std::log(x)); });
  // special_erfcx: self: (2.0 * self * result - 2.0 / sqrt(M_PI)) * grad
  f["SpecialErfcxBackward0"] = unary([](auto g, auto x, auto r) {
    using T = decltype(x);
    return (T(2) * x * r - T(2.0 / std::sqrt(kPi))) * g;
  });
  // special_log_ndtr: self: grad / std::sqrt(2 * M_PI) * (result + self.pow(2) / 2).neg().exp()
  f["SpecialLogNdtrBackward0"] = unary([](auto g, auto x, auto r) {
    using T = decltype(x);
    return g / T(std::sqrt(2 * kPi)) * std::exp(-(r + x * x / T(2)));
  });
  // special_ndtri: self: grad * std::sqrt(2 * M_PI) * (result.square() / 2).exp()
  f["SpecialNdtriBackward0"] = unary([](auto g, auto, auto r) {
    using T = decltype(r);
    return g * T(std::sqrt(2 * kPi)) * std::exp(r * r / T(2));
  });
  // mvlgamma: self: mvlgamma_backward(grad, self, p) = grad * sum_i digamma(self + (-p/2 + 1/2 + i/2))
  f["MvlgammaBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    const int64_t p = n.ints.at(0);
    return {zip(g, {g, unpack(n, 0)}, [p](auto gv, auto x, auto, auto) {
      using T = decltype(x);
      T s = 0;
      for (int64_t i = 0; i < p; ++i) s += special1(Special1::digamma, x + T(-double(p) / 2 + 0.5 + 0.5 * double(i)));
      return gv * s;
    })};
  };
  // special_xlog1py: self: grad * at::xlog1py((self != 0), other); other: grad * self / (other + 1)
  f["SpecialXlog1PyBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr self = unpack(n, 0), other = unpack(n, 1);
    ArrayPtr ds, dother;
    if (needs(n, 0))
      ds = zip(g, {g, self, other}, [](auto gv, auto x, auto y, auto) {
        using T = decltype(x);
        return gv * special2(Special2::xlog1py, T(x != 0), y);
      });
    if (needs(n, 1)) dother = zip(g, {g, self, other}, [](auto gv, auto x, auto y, auto) { return gv * x / (y + decltype(y)(1)); });
    return {ds, dother};
  };
  // xlogy.Tensor: self: grad * at::xlogy((self != 0), other); other: grad * self / other
  // (xlogy(0, y) is 0 unless y is nan, as the forward kernel has it)
  f["XlogyBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr self = unpack(n, 0), other = unpack(n, 1);
    ArrayPtr ds, dother;
    if (needs(n, 0))
      ds = zip(g, {g, self, other}, [](auto gv, auto x, auto y, auto) {
        using T = decltype(x);
        return gv * (x != T(0) ? std::log(y) : std::isnan(y) ? y : T(0));
      });
    if (needs(n, 1)) dother = zip(g, {g, self, other}, [](auto gv, auto x, auto y, auto) { return gv * x / y; });
    return {ds, dother};
  };
  // xlogy.Scalar_Other: self: other > 0 ? grad * log(other) : grad * at::xlogy((self != 0), other)
  // (a positive number: log(other) everywhere, at self == 0 too)
  f["XlogyBackward2"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    const double y = n.scalars.at(0);
    return {zip(g, {g, unpack(n, 0)}, [y](auto gv, auto x, auto, auto) {
      using T = decltype(x);
      const T yt = T(y);
      if (y > 0) return gv * std::log(yt);
      return gv * (x != T(0) ? std::log(yt) : std::isnan(yt) ? yt : T(0));
    })};
  };
  // special_zeta: self: not_implemented("zeta"); other: grad * -self * special_zeta(self + 1., other)
  f["SpecialZetaBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    if (needs(n, 0)) raise("NotImplementedError", "the derivative for 'zeta' is not implemented.");
    ArrayPtr self = unpack(n, 0), other = unpack(n, 1);
    return {nullptr, zip(g, {g, self, other}, [](auto gv, auto x, auto q, auto) {
              return gv * -x * special2(Special2::zeta, x + decltype(x)(1), q);
            })};
  };
  // igamma: self: not_implemented("igamma: input"); other: grad * exp((self - 1) * log(other) - other - lgamma(self))
  // igammac: other: -grad * exp(...)
  for (const char* name : {"IgammaBackward0", "IgammacBackward0"}) {
    const bool upper = std::string(name) == "IgammacBackward0";
    f[name] = [upper](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
      if (needs(n, 0)) raise("NotImplementedError", upper ? "the derivative for 'igammac: input' is not implemented."
                                                          : "the derivative for 'igamma: input' is not implemented.");
      ArrayPtr self = unpack(n, 0), other = unpack(n, 1);
      return {nullptr, zip(g, {g, self, other}, [upper](auto gv, auto a, auto x, auto) {
                return (upper ? -gv : gv) * igamma_dx(a, x);
              })};
    };
  }
}

}  // namespace sl
