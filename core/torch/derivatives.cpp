// derivatives: PyTorch's backward formulas over the engine's ops (derivatives.hpp).
#include "core/torch/derivatives.hpp"

#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <set>

#include "core/kernels/activation.hpp"
#include "core/linalg/linalg.hpp"
#include "core/model/error.hpp"
#include "core/torch/promotion.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/reduce.hpp"
#include "core/ops/ufunc.hpp"
#include "core/ops/views.hpp"
#include "core/torch/pointwise.hpp"
#include "core/torch/sum.hpp"
#include "core/torch/views.hpp"

namespace sl {

namespace {

ArrayPtr as_torch(ArrayPtr a) {
  a->flavor = Flavor::Torch;
  return a;
}

// A 0-d tensor of dtype dt holding v: how a Scalar enters a CPU kernel (cast
// to the op's dtype first, as TensorIterator does with a wrapped number).
ArrayPtr scalar_like(double v, DType dt) {
  ArrayPtr s = make_array(DType::F64, {}, 'C', Flavor::Torch);
  std::memcpy(s->data(), &v, sizeof v);
  return dt == DType::F64 ? s : t_cast(s, dt);
}

// Note [Double backward]
// With create_graph=True the pass runs its formulas with grad mode on, and
// PyTorch's formulas are themselves differentiable ATen ops: the gradient a
// formula returns has a grad_fn, so it can be differentiated again
// (d/dx of 3x^2 through MulBackward0 and PowBackward0). Here the formulas
// compute on raw kernels; while a create_graph pass runs (g_create_graph),
// each helper below also records the node the ATen op it stands for would
// record -- its name and the state its own formula reads -- so the result
// joins a graph the engine can run. A node whose formula does not go through
// these helpers is listed nowhere in differentiable_formula() and refuses a
// create_graph pass before anything runs, rather than return a gradient that
// silently lacks its graph.
bool g_create_graph = false;

[[noreturn]] void refuse_create_graph(const std::string& name) {
  raise("NotImplementedError", "stridelab cannot record the backward of " + name + " yet (create_graph=True, issue 30)");
}

// Records `out` = name(inputs) during a create_graph pass; `setup` fills the
// node's state. A result that is one of the inputs (a no-op view) is not recorded.
template <class Setup>
ArrayPtr rec(const char* name, const std::vector<ArrayPtr>& inputs, ArrayPtr out, Setup setup) {
  if (!g_create_graph) return out;
  for (auto& x : inputs)
    if (x == out) return out;
  if (record_op(name, inputs, *out)) {
    setup(*out->autograd->grad_fn);
    out->autograd->grad_fn->has_state = true;
  }
  return out;
}
ArrayPtr rec(const char* name, const std::vector<ArrayPtr>& inputs, ArrayPtr out) {
  return rec(name, inputs, std::move(out), [](GradNode&) {});
}

// add/sub/mul/div.Tensor with the state save_binary (lang/torch/backward.cpp) gives them.
ArrayPtr bin(Ufunc op, const ArrayPtr& a, const ArrayPtr& b) {
  ArrayPtr r = as_torch(ufunc_call2(op, a, b));
  if (op == Ufunc::add || op == Ufunc::subtract)
    return rec(op == Ufunc::add ? "AddBackward0" : "SubBackward0", {a, b}, r, [](GradNode& n) { n.scalars = {1.0}; });
  if (op != Ufunc::multiply && op != Ufunc::divide) return r;
  return rec(op == Ufunc::multiply ? "MulBackward0" : "DivBackward0", {a, b}, r, [&](GradNode& n) {
    if (requires_grad(*b)) save_tensor(n, 0, a, false);
    if (op == Ufunc::divide || requires_grad(*a)) save_tensor(n, 1, b, false);
  });
}
ArrayPtr un(Ufunc op, const ArrayPtr& a) {
  ArrayPtr r = as_torch(ufunc_call1(op, a));
  return op == Ufunc::negative ? rec("NegBackward0", {a}, r) : r;
}
// mul.Scalar / div.Scalar
ArrayPtr mul_scalar(const ArrayPtr& a, double s) {
  ArrayPtr r = as_torch(ufunc_call2(Ufunc::multiply, a, scalar_like(s, a->dtype)));
  return rec("MulBackward1", {a}, r, [&](GradNode& n) { n.scalars = {s}; });
}
ArrayPtr div_scalar(const ArrayPtr& a, double s) {
  ArrayPtr r = as_torch(ufunc_call2(Ufunc::divide, a, scalar_like(s, a->dtype)));
  return rec("DivBackward1", {a}, r, [&](GradNode& n) { n.scalars = {s}; });
}
// maybe_multiply (FunctionsManual.cpp): the tensor itself when the scalar is 1.
ArrayPtr maybe_multiply(const ArrayPtr& a, double s) { return s == 1.0 ? a : mul_scalar(a, s); }
ArrayPtr expand_to(const ArrayPtr& g, const Shape& shape) {
  return rec("ExpandBackward0", {g}, as_torch(broadcast_to(g, shape)), [&](GradNode& n) { n.sizes = {g->shape}; });
}
ArrayPtr t2(const ArrayPtr& a) { return a->ndim() < 2 ? a : rec("TBackward0", {a}, as_torch(transpose(a, {1, 0}))); }
// mm (mv for a vector right operand), saved as the forward saves them
ArrayPtr mm(const ArrayPtr& a, const ArrayPtr& b) {
  return rec(b->ndim() == 1 ? "MvBackward0" : "MmBackward0", {a, b}, as_torch(matmul(a, b)), [&](GradNode& n) {
    if (requires_grad(*b)) save_tensor(n, 0, a, false);
    if (requires_grad(*a)) save_tensor(n, 1, b, false);
    n.ints = {is_column_major(*a), is_column_major(*b)};
  });
}
ArrayPtr view_as_shape(const ArrayPtr& g, const Shape& shape) {
  return rec("ViewBackward0", {g}, as_torch(reshape(g, shape)), [&](GradNode& n) { n.sizes = {g->shape}; });
}
ArrayPtr unsqueeze(const ArrayPtr& g, const std::vector<int64_t>& dims) {
  return rec("UnsqueezeBackward0", {g}, as_torch(expand_dims(g, dims)), [&](GradNode& n) { n.sizes = {g->shape}; });
}

// self.pow(e) for a Scalar e, as the forward pow runs it (the power ufunc with
// a Python number, so the kernel's cases for 2, 0.5, -1, ... are the forward's).
ArrayPtr torch_pow_scalar(const ArrayPtr& self, double e) {
  if (e == 1.0) return self;
  ArrayPtr r = torch_pow_special(self, e);  // pow_tensor_scalar_kernel's own cases
  if (!r) {
    ArrayPtr s = make_array(DType::F64, {}, 'C', Flavor::Scalar);
    std::memcpy(s->data(), &e, sizeof e);
    r = as_torch(ufunc_call(Ufunc::power, {UfuncOperand{self, false}, UfuncOperand{s, true}}));
  }
  return rec("PowBackward0", {self}, r, [&](GradNode& n) {
    n.scalars = {e};
    save_tensor(n, 0, self, false);
  });
}

// self.sin() / self.cos() as the forward computes them: float32 through
// PyTorch's own (Sleef) loops, other dtypes through the ufuncs.
ArrayPtr torch_trig(Activation op, const ArrayPtr& x) {
  ArrayPtr r;
  if (!activation_supports(op, x->dtype)) {
    r = un(op == Activation::sin ? Ufunc::sin : Ufunc::cos, x);
  } else {
    r = make_array(x->dtype, x->shape, 'C', Flavor::Torch);
    apply_activation(op, *r, *x);
  }
  return rec(op == Activation::sin ? "SinBackward0" : "CosBackward0", {x}, r, [&](GradNode& n) { save_tensor(n, 0, x, false); });
}

// Note [Fused backward kernels]: tanh_backward is one CPU kernel,
// a * (1 - b * b), and the reference's build (GCC, AVX2 + FMA) contracts
// 1 - b * b into one fused multiply-add in both its vector and scalar loops:
// one rounding where three separate ops would round twice. Near |b| = 1 the
// difference shows in the printed digits, so the kernel is written here with
// std::fma; an unfused composition of ufuncs would not match.
ArrayPtr tanh_backward(const ArrayPtr& a, const ArrayPtr& b) {
  const DType dt = a->dtype;
  if ((dt != DType::F32 && dt != DType::F64) || b->dtype != dt)
    return bin(Ufunc::multiply, a, bin(Ufunc::subtract, scalar_like(1, b->dtype), bin(Ufunc::multiply, b, b)));
  const Shape shape = broadcast_shapes_np({a->shape, b->shape});
  ArrayPtr ac = t_clone(as_torch(broadcast_to(a, shape))), bc = t_clone(as_torch(broadcast_to(b, shape)));
  const int64_t n = ac->size();
  if (dt == DType::F32) {
    auto* pa = reinterpret_cast<float*>(ac->data());
    const auto* pb = reinterpret_cast<const float*>(bc->data());
    for (int64_t i = 0; i < n; ++i) pa[i] = pa[i] * std::fma(-pb[i], pb[i], 1.0f);
  } else {
    auto* pa = reinterpret_cast<double*>(ac->data());
    const auto* pb = reinterpret_cast<const double*>(bc->data());
    for (int64_t i = 0; i < n; ++i) pa[i] = pa[i] * std::fma(-pb[i], pb[i], 1.0);
  }
  return ac;
}

bool needs(const GradNode& n, size_t i);

// sigmoid_backward's CPU kernel: a * (1 - b) * b
ArrayPtr sigmoid_backward(const ArrayPtr& a, const ArrayPtr& b) {
  ArrayPtr one_minus = as_torch(ufunc_call2(Ufunc::subtract, scalar_like(1, b->dtype), b));
  return as_torch(ufunc_call2(Ufunc::multiply, as_torch(ufunc_call2(Ufunc::multiply, a, one_minus)), b));
}
// threshold_backward(grad, self, 0): self <= 0 ? 0 : grad
ArrayPtr threshold_backward(const ArrayPtr& g, const ArrayPtr& self) {
  ArrayPtr keep = as_torch(ufunc_call2(Ufunc::greater, self, scalar_like(0, self->dtype)));
  return as_torch(ufunc_call2(Ufunc::multiply, g, t_cast(keep, g->dtype)));
}
ArrayPtr add_scalar(const ArrayPtr& a, double s) {
  ArrayPtr r = as_torch(ufunc_call2(Ufunc::add, a, scalar_like(s, a->dtype)));
  return rec("AddBackward1", {a}, r);
}
// A backward that is one ATen op with a formula of its own (tanh_backward,
// sigmoid_backward, threshold_backward): computed by its kernel, recorded as
// that op's node over (grad_output, the tensor the first formula saved).
template <class Kernel>
ArrayPtr fused_backward(const char* name, const ArrayPtr& grad_output, const ArrayPtr& saved, Kernel kernel) {
  return rec(name, {grad_output, saved}, kernel(), [&](GradNode& n) {
    save_tensor(n, 0, grad_output, false);
    save_tensor(n, 1, saved, false);
  });
}

// mm_mat1_backward / mm_mat2_backward for the two matrix edges from `first`
// (saved slots 0 and 1: mat1, mat2; ints: whether each was column-major;
// scalars.back(): alpha). A column-major operand gets its gradient as the
// transpose of a product, as PyTorch computes it for efficiency.
std::vector<ArrayPtr> mm_grads(const GradNode& n, const ArrayPtr& g, size_t first) {
  const double alpha = n.scalars.empty() ? 1.0 : n.scalars.back();
  ArrayPtr g1, g2;
  if (needs(n, first)) {
    ArrayPtr m2 = unpack(n, 1);
    g1 = maybe_multiply(n.ints.at(0) ? t2(mm(m2, t2(g))) : mm(g, t2(m2)), alpha);
  }
  if (needs(n, first + 1)) {
    ArrayPtr m1 = unpack(n, 0);
    g2 = maybe_multiply(n.ints.at(1) ? t2(mm(t2(g), m1)) : mm(t2(m1), g), alpha);
  }
  return {g1, g2};
}

using Formula = std::function<std::vector<ArrayPtr>(GradNode&, const ArrayPtr&)>;
bool needs(const GradNode& n, size_t i) { return i < n.next.size() && n.next[i] != nullptr; }

ArrayPtr other_of(const GradNode& n, const ArrayPtr& grad) {
  ArrayPtr o = unpack(n, 1);
  return n.wrapped_other ? t_cast(o, grad->dtype) : o;
}

// sum_backward (FunctionsManual.cpp): the reduced dims put back as 1s, then expanded.
ArrayPtr sum_backward(const ArrayPtr& grad, const Shape& sizes, const std::vector<int64_t>& dims, bool keepdim) {
  if (keepdim || sizes.empty()) return expand_to(grad, sizes);
  std::vector<int64_t> wrapped;
  for (int64_t d : dims) wrapped.push_back(torch_wrap_dim(d, int64_t(sizes.size())));
  if (dims.empty())  // sum over every dim (dim=[]): the gradient is 0-d
    return expand_to(grad, sizes);
  return expand_to(unsqueeze(grad, wrapped), sizes);
}

int64_t numel_of(const Shape& s) {
  int64_t n = 1;
  for (int64_t d : s) n *= d;
  return n;
}

// Binary arithmetic, neg, pow and zero_.
void add_arithmetic(std::map<std::string, Formula>& f) {
  // add.Tensor: self: handle_r_to_c(self.scalar_type(), grad); other: handle_r_to_c(other.scalar_type(), maybe_multiply(grad, alpha.conj()))
  f["AddBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {g, needs(n, 1) ? maybe_multiply(g, n.scalars.at(0)) : nullptr};
  };
  // sub.Tensor: self: handle_r_to_c(self.scalar_type(), grad); other: handle_r_to_c(other.scalar_type(), maybe_multiply(-grad, alpha.conj()))
  f["SubBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {g, needs(n, 1) ? maybe_multiply(un(Ufunc::negative, g), n.scalars.at(0)) : nullptr};
  };
  // rsub.Tensor / rsub.Scalar: self: handle_r_to_c(self.scalar_type(), maybe_multiply(-grad, alpha.conj())); other: grad
  f["RsubBackward0"] = f["RsubBackward1"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {maybe_multiply(un(Ufunc::negative, g), n.scalars.at(0)), needs(n, 1) ? g : nullptr};
  };
  // mul.Tensor: self: mul_tensor_backward(grad, other, self.scalar_type()); other: mul_tensor_backward(grad, self, other.scalar_type())
  f["MulBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr gs = needs(n, 0) ? bin(Ufunc::multiply, g, other_of(n, g)) : nullptr;
    ArrayPtr go = needs(n, 1) ? bin(Ufunc::multiply, g, unpack(n, 0)) : nullptr;
    return {gs, go};
  };
  // div.Tensor: self: div_tensor_self_backward(grad, other, self.scalar_type()) = grad / other
  //             other: div_tensor_other_backward(grad, self, other) = -grad * ((self / other) / other)
  f["DivBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr other = other_of(n, g);
    ArrayPtr gs = needs(n, 0) ? bin(Ufunc::divide, g, other) : nullptr;
    ArrayPtr go;
    if (needs(n, 1)) {
      ArrayPtr q = bin(Ufunc::divide, bin(Ufunc::divide, unpack(n, 0), other), other);
      go = bin(Ufunc::multiply, un(Ufunc::negative, g), q);
    }
    return {gs, go};
  };
  // div.Tensor_mode: self: rounding_mode.has_value() ? grad * 0 : ...; other: the same
  //   (floor and trunc are piecewise constant)
  f["DivBackward2"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    auto zeros = [&] { return as_torch(make_array(g->dtype, g->shape, 'C', Flavor::Torch)); };
    return {needs(n, 0) ? zeros() : nullptr, needs(n, 1) ? zeros() : nullptr};
  };
  // add.Scalar: self: grad (the double backward's own 1 - 2 * output)
  f["AddBackward1"] = [](GradNode&, const ArrayPtr& g) -> std::vector<ArrayPtr> { return {g}; };
  // mul.Scalar: self: mul_tensor_backward(grad, other, self.scalar_type()) -- grad * other
  f["MulBackward1"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {bin(Ufunc::multiply, g, scalar_like(n.scalars.at(0), g->dtype))};
  };
  // div.Scalar: self: div_tensor_self_backward(grad, other, self.scalar_type()) -- grad / other
  f["DivBackward1"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {bin(Ufunc::divide, g, scalar_like(n.scalars.at(0), g->dtype))};
  };
  // masked_fill.Scalar: self: grad.masked_fill(mask, 0)
  f["MaskedFillBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr r = as_torch(copy_as(*g, g->dtype, 'C'));
    ArrayPtr mask = copy_as(*broadcast_to(unpack(n, 0), g->shape), DType::Bool, 'C');
    const int64_t e = r->itemsize();
    const auto* m = reinterpret_cast<const uint8_t*>(mask->data());
    for (int64_t i = 0; i < r->size(); ++i)
      if (m[i]) std::memset(r->data() + i * e, 0, size_t(e));  // +0.0 (and 0 + 0i) is all zero bytes
    return {r};
  };
  // zero_: self: zeros_like(grad)
  f["ZeroBackward0"] = [](GradNode&, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {as_torch(make_array(g->dtype, g->shape, 'C', Flavor::Torch))};
  };
  // neg: self: grad.neg()
  f["NegBackward0"] = [](GradNode&, const ArrayPtr& g) -> std::vector<ArrayPtr> { return {un(Ufunc::negative, g)}; };
  // pow.Tensor_Scalar: self: pow_backward(grad, self, exponent)
  //   = exponent == 0 ? zeros_like(self) : grad * (exponent * self.pow(exponent - 1))
  f["PowBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    const double e = n.scalars.at(0);
    ArrayPtr self = unpack(n, 0);
    if (e == 0.0) return {as_torch(make_array(self->dtype, self->shape, 'C', Flavor::Torch))};
    return {bin(Ufunc::multiply, g, mul_scalar(torch_pow_scalar(self, e - 1), e))};
  };
}

// Elementwise functions of self or of the result.
void add_unary(std::map<std::string, Formula>& f) {
  // exp: self: grad * result.conj()
  f["ExpBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {bin(Ufunc::multiply, g, unpack(n, 0))};
  };
  // log: self: grad.div(self.conj())
  f["LogBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {bin(Ufunc::divide, g, unpack(n, 0))};
  };
  // sqrt: self: grad / (2 * result.conj())
  f["SqrtBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr r = unpack(n, 0);
    return {bin(Ufunc::divide, g, bin(Ufunc::multiply, scalar_like(2, r->dtype), r))};
  };
  // rsqrt: self: -0.5 * grad * result.pow(3).conj()
  f["RsqrtBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr r = unpack(n, 0);
    return {bin(Ufunc::multiply, mul_scalar(g, -0.5), torch_pow_scalar(r, 3.0))};
  };
  // sin: self: grad * self.cos().conj()
  f["SinBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {bin(Ufunc::multiply, g, torch_trig(Activation::cos, unpack(n, 0)))};
  };
  // cos: self: grad * -self.sin().conj()
  f["CosBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {bin(Ufunc::multiply, g, un(Ufunc::negative, torch_trig(Activation::sin, unpack(n, 0))))};
  };
  // tanh: self: tanh_backward(grad, result) -- the CPU kernel's a * (1 - b * b)
  f["TanhBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr r = unpack(n, 0);
    return {fused_backward("TanhBackwardBackward0", g, r, [&] { return tanh_backward(g, r); })};
  };
  // sigmoid: self: sigmoid_backward(grad, result) -- the CPU kernel's a * (1 - b) * b
  f["SigmoidBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr r = unpack(n, 0);
    return {fused_backward("SigmoidBackwardBackward0", g, r, [&] { return sigmoid_backward(g, r); })};
  };
  // tanh_backward(grad_output, output): grad_output: tanh_backward(grad, output.conj());
  //   output: grad.conj() * (-2 * output.conj() * grad_output).conj()
  f["TanhBackwardBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr go = unpack(n, 0), out = unpack(n, 1);
    ArrayPtr d_go = needs(n, 0) ? fused_backward("TanhBackwardBackward0", g, out, [&] { return tanh_backward(g, out); }) : nullptr;
    ArrayPtr d_out = needs(n, 1) ? bin(Ufunc::multiply, g, bin(Ufunc::multiply, mul_scalar(out, -2), go)) : nullptr;
    return {d_go, d_out};
  };
  // sigmoid_backward(grad_output, output): grad_output: sigmoid_backward(grad, output.conj());
  //   output: grad.conj() * grad_output * (-2 * output.conj() + 1)
  f["SigmoidBackwardBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr go = unpack(n, 0), out = unpack(n, 1);
    ArrayPtr d_go = needs(n, 0) ? fused_backward("SigmoidBackwardBackward0", g, out, [&] { return sigmoid_backward(g, out); }) : nullptr;
    ArrayPtr d_out;
    if (needs(n, 1)) d_out = bin(Ufunc::multiply, bin(Ufunc::multiply, g, go), add_scalar(mul_scalar(out, -2), 1));
    return {d_go, d_out};
  };
  // abs: self: grad * self.sgn() (sgn of a real tensor is sign: -1, 0, 1)
  f["AbsBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr self = unpack(n, 0);
    ArrayPtr sg = make_array(self->dtype, self->shape, 'C', Flavor::Torch);
    apply_activation(Activation::sign, *sg, *self);
    return {bin(Ufunc::multiply, g, sg)};
  };
  // relu: self: threshold_backward(grad, result, 0) -- result <= 0 ? 0 : grad
  f["ReluBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr r = unpack(n, 0);
    return {fused_backward("ThresholdBackwardBackward0", g, r, [&] { return threshold_backward(g, r); })};
  };
  // threshold_backward(grad_output, self, threshold): grad_output: threshold_backward(grad, self, threshold);
  //   self: zeros_like(grad)
  f["ThresholdBackwardBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr self = unpack(n, 1);
    ArrayPtr d_go = needs(n, 0) ? fused_backward("ThresholdBackwardBackward0", g, self, [&] { return threshold_backward(g, self); }) : nullptr;
    ArrayPtr d_self = needs(n, 1) ? as_torch(make_array(g->dtype, g->shape, 'C', Flavor::Torch)) : nullptr;
    return {d_go, d_self};
  };
}

// sum, mean, mm, mv, dot.
void add_reductions_and_products(std::map<std::string, Formula>& f) {
  // mse_loss: self: mse_loss_backward(grad, self, target, reduction); target: mse_loss_backward(grad, target, self, reduction)
  //   the CPU kernel's alpha * (a - b) * grad with alpha = 2 / numel for 'mean', 2 otherwise (ints[0]: 1 = mean);
  //   its iterator (grad_input = zeros_like(a), a, b, grad) does not promote: a Long target is an error here
  f["MseLossBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr self = unpack(n, 0), target = unpack(n, 1);
    const int64_t count = numel_of(broadcast_shapes_np({self->shape, target->shape}));
    const double norm = n.ints.at(0) == 1 ? 2.0 / double(count) : 2.0;
    auto side = [&](const ArrayPtr& a, const ArrayPtr& b) {
      check_all_same_dtype({a.get(), a.get(), b.get(), g.get()});
      return bin(Ufunc::multiply, bin(Ufunc::multiply, scalar_like(norm, a->dtype), bin(Ufunc::subtract, a, b)), g);
    };
    return {needs(n, 0) ? side(self, target) : nullptr, needs(n, 1) ? side(target, self) : nullptr};
  };
  // sum: self: grad.expand_symint(self.sym_sizes())
  f["SumBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> { return {expand_to(g, n.sizes.at(0))}; };
  // sum.dim_IntList: self: sum_backward(grad, self.sym_sizes(), dim, keepdim)
  f["SumBackward1"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {sum_backward(g, n.sizes.at(0), n.ints, n.keepdim)};
  };
  // mean: self: grad.expand_symint(self.sym_sizes()) / self.sym_numel()
  f["MeanBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    const Shape& s = n.sizes.at(0);
    return {div_scalar(expand_to(g, s), double(numel_of(s)))};
  };
  // mean.dim: self: mean_backward(grad, self.sym_sizes(), dim, self.sym_numel(), keepdim)
  //   = sum_backward(grad, sizes, dim, keepdim) / (the product of the reduced sizes)
  f["MeanBackward1"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    const Shape& s = n.sizes.at(0);
    int64_t count = n.ints.empty() ? numel_of(s) : 1;
    for (int64_t d : n.ints) count *= s.empty() ? 1 : s[size_t(torch_wrap_dim(d, int64_t(s.size())))];
    return {div_scalar(sum_backward(g, s, n.ints, n.keepdim), double(count))};
  };
  // mm: self: mm_mat1_backward(grad, mat2, ...) = grad.mm(mat2.t()) (mat2.mm(grad.t()).t() for a column-major self)
  //     mat2: mm_mat2_backward(grad, self, ...) = self.t().mm(grad) (grad.t().mm(self).t() for a column-major mat2)
  f["MmBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> { return mm_grads(n, g, 0); };
  // addmm: self: maybe_multiply(grad, beta.conj()); mat1: mm_mat1_backward(grad, mat2, ..., alpha);
  //        mat2: mm_mat2_backward(grad, mat1, ..., alpha) (nn.Linear: addmm(bias, input, weight.t()))
  f["AddmmBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    std::vector<ArrayPtr> m = mm_grads(n, g, 1);
    return {needs(n, 0) ? maybe_multiply(g, n.scalars.at(0)) : nullptr, m[0], m[1]};
  };
  // matmul of a vector and a matrix: mm(self.unsqueeze(0), mat2).squeeze_(0), whose
  // node is the squeeze's (squeeze_.dim: SqueezeBackward4): grad.unsqueeze(0), then
  // mm's two formulas (saved: the unsqueezed self and mat2), the first squeezed back
  f["SqueezeBackward4"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    std::vector<ArrayPtr> m = mm_grads(n, unsqueeze(g, {0}), 0);
    if (m[0]) m[0] = view_as_shape(m[0], {m[0]->shape[1]});
    return m;
  };
  // mv: self: grad.ger(vec.conj()); vec: self.conj().t().mv(grad)
  f["MvBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr g1, g2;
    if (needs(n, 0)) {
      ArrayPtr v = unpack(n, 1);
      g1 = bin(Ufunc::multiply, unsqueeze(g, {1}), unsqueeze(v, {0}));
    }
    if (needs(n, 1)) g2 = mm(t2(unpack(n, 0)), g);
    return {g1, g2};
  };
  // dot: self: grad * tensor.conj(); tensor: grad * self.conj()
  f["DotBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr g1 = needs(n, 0) ? bin(Ufunc::multiply, g, unpack(n, 1)) : nullptr;
    ArrayPtr g2 = needs(n, 1) ? bin(Ufunc::multiply, g, unpack(n, 0)) : nullptr;
    return {g1, g2};
  };
}

// View ops, indexing, copies and CopySlices.
void add_views(std::map<std::string, Formula>& f) {
  // t: self: grad.t()
  f["TBackward0"] = [](GradNode&, const ArrayPtr& g) -> std::vector<ArrayPtr> { return {as_torch(t2(g))}; };
  // t_ / transpose_ (TBackward1, TransposeBackward1): the same formulas as t / transpose.int
  f["TBackward1"] = f["TBackward0"];
  // transpose.int: self: grad.transpose(dim0, dim1)
  f["TransposeBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    const int64_t d0 = n.ints.at(0), d1 = n.ints.at(1);
    return {rec("TransposeBackward0", {g}, as_torch(swapaxes(g, d0, d1)), [&](GradNode& m) { m.ints = {d0, d1}; })};
  };
  f["TransposeBackward1"] = f["TransposeBackward0"];
  // permute: self: permute_backwards(grad, dims) -- the inverse permutation
  f["PermuteBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    std::vector<int64_t> inv(n.ints.size());
    for (size_t i = 0; i < n.ints.size(); ++i) inv[size_t(torch_wrap_dim(n.ints[i], int64_t(n.ints.size())))] = int64_t(i);
    return {rec("PermuteBackward0", {g}, as_torch(transpose(g, inv)), [&](GradNode& m) { m.ints = inv; })};
  };
  // view / _reshape_alias / _unsafe_view: self: grad.reshape_symint(self.sym_sizes())
  f["ViewBackward0"] = f["ReshapeAliasBackward0"] = f["UnsafeViewBackward0"] =
      [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> { return {view_as_shape(g, n.sizes.at(0))}; };
  // expand: self: at::sum_to(grad, self.sym_sizes())
  f["ExpandBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> { return {sum_to(g, n.sizes.at(0))}; };
  // copy_: self: zeros_like(grad); src: grad (the engine's CopyBackwards: self is a fresh tensor, so no edge)
  f["torch::autograd::CopyBackwards"] = [](GradNode&, const ArrayPtr& g) -> std::vector<ArrayPtr> { return {nullptr, g}; };
  // clone: self: grad
  f["CloneBackward0"] = [](GradNode&, const ArrayPtr& g) -> std::vector<ArrayPtr> { return {g}; };
  // _to_copy: self: _to_copy_backward(grad, self.options()) -- grad.to(self's dtype)
  f["ToCopyBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    return {g->dtype == n.dtypes.at(0) ? g : grad_cast(g, n.dtypes.at(0))};
  };
  // select.int / slice.Tensor / unsqueeze / alias / squeeze through basic indexing:
  //   select_backward / slice_backward (zeros of the input's sizes, grad copied into the view);
  //   unsqueeze, squeeze and alias alone: grad.squeeze(dim) / grad.unsqueeze(dim) / grad, i.e. a reshape
  // split.Tensor / split_with_sizes / unbind.int, one node per output here (the engine gives a node one
  // gradient): split_backward / unbind_backward put each output's gradient into zeros of self's sizes
  // at the output's place, as select_backward and slice_backward do
  f["SelectBackward0"] = f["SliceBackward0"] = f["UnsqueezeBackward0"] = f["AliasBackward0"] = f["SqueezeBackward0"] =
      f["SqueezeBackward1"] = f["SqueezeBackward2"] = f["SplitBackward0"] = f["SplitWithSizesBackward0"] =
          f["UnbindBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
        if (n.sizes.size() < 2) return {view_as_shape(g, n.sizes.at(0))};
        if (g_create_graph) refuse_create_graph(n.name);
        ArrayPtr z = make_array(g->dtype, n.sizes[0], 'C', Flavor::Torch);
        const int64_t e = z->itemsize();
        Strides st;
        for (size_t i = 1; i < n.ints.size(); ++i) st.push_back(n.ints[i] * e);
        ArrayPtr v = make_view(z, g->dtype, n.sizes[1], st, n.ints[0] * e);
        copy_into(*v, *g);
        return {z};
      };
  // stack: tensors: stack_tensors_backward(grad, dim, to_args_scalartypes(tensors)) -- grad.select(dim, i)
  // cat: tensors: cat_tensors_backward(grad, sizes, scalartypes, dim) -- grad.narrow(dim, offset_i, size_i)
  // (each part in its input's dtype; a legacy empty 1-d input gets no gradient)
  f["StackBackward0"] = f["CatBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    if (g_create_graph) refuse_create_graph(n.name);
    const bool stack = n.name == "StackBackward0";
    const int64_t dim = n.ints.at(0);
    std::vector<ArrayPtr> out;
    int64_t offset = 0;
    for (size_t i = 0; i < n.sizes.size(); ++i) {
      const Shape& s = n.sizes[i];
      const bool legacy_empty = !stack && s.size() == 1 && s[0] == 0;
      const int64_t len = stack || legacy_empty ? 1 : s[size_t(dim)];
      ArrayPtr part;
      if (needs(n, i) && !legacy_empty) part = stack ? torch_select(g, dim, int64_t(i)) : torch_narrow(g, dim, offset, len);
      if (!legacy_empty) offset += len;
      out.push_back(part);
    }
    return out;
  };
  // index_select: self: index_select_backward_symint(grad, self.sym_sizes(), dim, index) --
  // zeros(self's sizes).index_add_(dim, index, grad): each selected slice's gradient added at its
  // index, in the index's order (a repeated index sums)
  f["IndexSelectBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    if (g_create_graph) refuse_create_graph(n.name);
    const int64_t dim = n.ints.at(0);
    ArrayPtr idx = copy_as(*unpack(n, 0), DType::I64, 'C');
    ArrayPtr r = make_array(g->dtype, n.sizes.at(0), 'C', Flavor::Torch);
    const int64_t* p = reinterpret_cast<const int64_t*>(idx->data());
    for (int64_t k = 0; k < idx->size(); ++k) {
      ArrayPtr dst = torch_select(r, dim, p[k]);
      ArrayPtr src = g->ndim() == r->ndim() ? torch_select(g, dim, k) : g;
      copy_into(*dst, *t_add(dst, src));
    }
    return {r};
  };
  // embedding: weight: embedding_backward_symint(grad, indices, weight.sym_size(0), padding_idx,
  // scale_grad_by_freq, sparse) -- embedding_dense_backward_cpu: zeros (num_weights, D), then for each
  // index in order (not padding_idx) grad_weight[index] += grad[i] (divided by the index's count with
  // scale_grad_by_freq). saved[0] indices; ints: num_weights, padding_idx (-1: none), scale_grad_by_freq;
  // edges: indices (none), weight.
  f["EmbeddingBackward0"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    if (g_create_graph) refuse_create_graph(n.name);
    ArrayPtr idx = copy_as(*unpack(n, 0), DType::I64, 'C');
    const int64_t rows = n.ints.at(0), pad = n.ints.at(1), count = idx->size();
    const bool scale = n.ints.at(2) != 0;
    const int64_t dim = g->ndim() ? g->shape.back() : 1;
    ArrayPtr r = make_array(g->dtype, {rows, dim}, 'C', Flavor::Torch);
    const int64_t* p = reinterpret_cast<const int64_t*>(idx->data());
    std::vector<int64_t> freq(size_t(rows), 0);
    for (int64_t i = 0; i < count; ++i) ++freq[size_t(p[i])];
    ArrayPtr gs = copy_as(*g, g->dtype, 'C');
    for (int64_t i = 0; i < count; ++i) {
      if (p[i] == pad) continue;
      ArrayPtr dst = torch_select(r, 0, p[i]);
      ArrayPtr src = as_torch(reshape(torch_narrow(as_torch(reshape(gs, {count, dim})), 0, i, 1), {dim}));
      if (scale) src = div_scalar(src, double(freq[size_t(p[i])]));
      copy_into(*dst, *t_add(dst, src));
    }
    return {nullptr, r};
  };
  // CopySlices::apply (torch/csrc/autograd/functions/tensor.cpp): the base's
  // gradient with the view's part replaced by what the in-place op gives its
  // input; the op's other inputs get the op's gradients.
  // Tensor.__setitem__ with a basic index is copy_ into that view (no wrapped node): the base's
  // gradient with the view's part zeroed, the value's the view's part (summed to its shape by the engine).
  f["torch::autograd::CopySlices"] = [](GradNode& n, const ArrayPtr& g) -> std::vector<ArrayPtr> {
    ArrayPtr result = as_torch(copy_as(*g, g->dtype, 'C'));  // the geometry is of a contiguous tensor
    const int64_t e = result->itemsize();
    Strides st;
    for (size_t i = 1; i < n.ints.size(); ++i) st.push_back(n.ints[i] * e);
    ArrayPtr slice = make_view(result, result->dtype, n.sizes.at(1), st, n.ints.at(0) * e);
    if (!n.wrapped) {
      ArrayPtr value_grad = as_torch(copy_as(*slice, slice->dtype, 'C'));
      ArrayPtr zeros = make_array(slice->dtype, slice->shape, 'C', Flavor::Torch);
      copy_into(*slice, *zeros);
      if (n.next.size() < 2) return {result};
      return {result, n.sizes.size() > 2 ? sum_to(value_grad, n.sizes[2]) : value_grad};
    }
    std::vector<ArrayPtr> res = apply_formula(*n.wrapped, t_clone(slice));
    if (res[0]) copy_into(*slice, *res[0]);
    else copy_into(*slice, *make_array(slice->dtype, slice->shape, 'C', Flavor::Torch));  // zeros of the view's shape
    res[0] = result;
    return res;
  };
}

}  // namespace

void add_loss_formulas(std::map<std::string, std::function<std::vector<ArrayPtr>(GradNode&, const ArrayPtr&)>>& f);  // derivatives_loss.cpp
void add_conv_formulas(std::map<std::string, std::function<std::vector<ArrayPtr>(GradNode&, const ArrayPtr&)>>& f);  // derivatives_conv.cpp
void add_special_formulas(std::map<std::string, std::function<std::vector<ArrayPtr>(GradNode&, const ArrayPtr&)>>& f);  // derivatives_special.cpp
void add_clamp_formulas(std::map<std::string, std::function<std::vector<ArrayPtr>(GradNode&, const ArrayPtr&)>>& f);  // derivatives_clamp.cpp
void add_more_formulas(std::map<std::string, std::function<std::vector<ArrayPtr>(GradNode&, const ArrayPtr&)>>& f);  // derivatives_more.cpp

namespace {

std::map<std::string, Formula> make_formulas() {
  std::map<std::string, Formula> f;
  add_loss_formulas(f);
  add_conv_formulas(f);
  add_special_formulas(f);
  add_clamp_formulas(f);
  add_more_formulas(f);
  add_arithmetic(f);
  add_unary(f);
  add_reductions_and_products(f);
  add_views(f);
  return f;
}

const std::map<std::string, Formula>& formulas() {
  static const std::map<std::string, Formula> f = make_formulas();
  return f;
}

}  // namespace

ArrayPtr t_mul(const ArrayPtr& a, const ArrayPtr& b) { return as_torch(ufunc_call2(Ufunc::multiply, a, b)); }
ArrayPtr t_add(const ArrayPtr& a, const ArrayPtr& b) { return as_torch(ufunc_call2(Ufunc::add, a, b)); }

// Engine::thread_main runs every node under AutoGradMode(create_graph): without
// create_graph a custom Function's backward and the hooks record nothing.
CreateGraphScope::CreateGraphScope(bool on) : prev_(g_create_graph), prev_mode_(grad_mode()) {
  g_create_graph = on;
  grad_mode().enabled = on;
  if (on) grad_mode().inference = false;
}
CreateGraphScope::~CreateGraphScope() {
  g_create_graph = prev_;
  grad_mode() = prev_mode_;
}
bool creating_graph() { return g_create_graph; }

ArrayPtr grad_add(const ArrayPtr& a, const ArrayPtr& b) { return bin(Ufunc::add, a, b); }
ArrayPtr grad_cast(const ArrayPtr& a, DType dt) {
  const DType from = a->dtype;
  return rec("ToCopyBackward0", {a}, t_cast(a, dt), [&](GradNode& n) { n.dtypes = {from}; });
}
// clone_obey_contract (accumulate_grad.h): new_empty_strided(...).copy_(new_grad), so the
// clone's node is copy_'s, CopyBackwards, whose first edge (the empty tensor) is none
ArrayPtr grad_clone(const ArrayPtr& a, bool as_copy) {
  if (!as_copy) return rec("CloneBackward0", {a}, t_clone(a));
  ArrayPtr r = t_clone(a);
  if (g_create_graph && record_op_edges("torch::autograd::CopyBackwards", {a}, {nullptr, gradient_edge(a)}, *r)) r->autograd->grad_fn->has_state = true;
  return r;
}

bool differentiable_formula(const std::string& name) {
  static const std::set<std::string> names = {
      "AddBackward0", "SubBackward0", "RsubBackward0", "RsubBackward1", "MulBackward0", "MulBackward1", "DivBackward0",
      "DivBackward1", "NegBackward0", "PowBackward0", "LogBackward0", "SinBackward0", "CosBackward0", "SumBackward0",
      "SumBackward1", "MeanBackward0", "MeanBackward1", "MmBackward0", "AddmmBackward0", "MvBackward0", "DotBackward0",
      "TBackward0", "TransposeBackward0", "PermuteBackward0", "ViewBackward0", "ReshapeAliasBackward0",
      "UnsafeViewBackward0", "ExpandBackward0", "CloneBackward0", "ToCopyBackward0", "UnsqueezeBackward0", "torch::autograd::CopyBackwards",
      "ExpBackward0", "SqrtBackward0", "TanhBackward0", "SigmoidBackward0", "ReluBackward0", "TanhBackwardBackward0",
      "SigmoidBackwardBackward0", "ThresholdBackwardBackward0", "AddBackward1", "SqueezeBackward4"};
  return names.count(name) != 0;
}
ArrayPtr t_cast(const ArrayPtr& a, DType dt) { return as_torch(copy_as(*a, dt)); }
ArrayPtr t_clone(const ArrayPtr& a) { return as_torch(copy_array(*a)); }

void record_index_geometry(GradNode& node, const Shape& in_shape, const std::vector<IndexItem>& idx) {
  ArrayPtr probe = make_array(DType::F64, in_shape, 'C', Flavor::Torch, false);
  ArrayPtr v = basic_index(probe, idx);
  const int64_t e = probe->itemsize();
  node.sizes = {in_shape, v->shape};
  node.ints = {(v->offset - probe->offset) / e};
  for (int64_t s : v->strides) node.ints.push_back(s / e);
  node.has_state = true;
}

bool is_column_major(const Array& m) {
  const int64_t e = m.itemsize();
  return m.ndim() == 2 && m.strides[0] == e && m.strides[1] == m.shape[0] * e;
}

// Note [Matmul of batches]: at::matmul (LinearAlgebra.cpp _matmul_impl) of a
// >= 3-d operand with a matrix or vector folds the batch into rows -- mm or
// mv on (prod(batch) * n, k) -- when a gradient is wanted, else broadcasts
// both to one batch and calls bmm; its node (UnsafeViewBackward0, or the
// transpose of a folded 2-d @ 3-d) sits over those ops. Here the one node
// computes what that subgraph's formulas give (mm_mat1/mm_mat2_backward,
// bmm's grad.bmm(mat2^T) and mat1^T.bmm(grad), sum_to over the broadcast
// batch), with the folded matrices where ATen folds, so a weight's gradient
// is one product over every row as in PyTorch. A 1-d operand is a row
// (left) or column (right) vector, squeezed back. saved: self, other.
std::vector<ArrayPtr> matmul_backward(const GradNode& n, const ArrayPtr& grad) {
  if (g_create_graph) refuse_create_graph(n.name);
  const bool need_a = needs(n, 0), need_b = needs(n, 1);
  ArrayPtr A = unpack(n, 0), B = unpack(n, 1);
  const bool a_vec = A->ndim() == 1, b_vec = B->ndim() == 1;
  ArrayPtr a = a_vec ? as_torch(expand_dims(A, {0})) : A;
  ArrayPtr b = b_vec ? as_torch(expand_dims(B, {1})) : B;
  ArrayPtr g = grad;
  if (a_vec) g = as_torch(expand_dims(g, {g->ndim() - (b_vec ? 0 : 1)}));
  if (b_vec) g = as_torch(expand_dims(g, {g->ndim()}));
  auto mT = [](const ArrayPtr& x) { return as_torch(swapaxes(x, -2, -1)); };
  auto rows = [](const ArrayPtr& x) {  // fold every dim but the last into rows
    return as_torch(reshape(x, {x->size() / std::max<int64_t>(x->shape.back(), 1), x->shape.back()}));
  };
  ArrayPtr ga, gb;
  if (a->ndim() >= 3 && b->ndim() == 2) {  // folded: a (.., n, k) -> (N, k)
    if (need_a) ga = as_torch(reshape(as_torch(matmul(rows(g), mT(b))), a->shape));
    if (need_b) gb = as_torch(matmul(mT(rows(a)), rows(g)));
  } else if (a->ndim() == 2 && b->ndim() >= 3) {  // folded through the transposes: b^T (.., p, k) -> (N, k)
    if (need_a) ga = as_torch(matmul(mT(rows(mT(g))), rows(mT(b))));
    if (need_b) gb = mT(as_torch(reshape(as_torch(matmul(rows(mT(g)), a)), mT(b)->shape)));
  } else {
    if (need_a) ga = sum_to(as_torch(matmul(g, mT(b))), a->shape);
    if (need_b) gb = sum_to(as_torch(matmul(mT(a), g)), b->shape);
  }
  if (ga && a_vec) ga = as_torch(reshape(ga, A->shape));
  if (gb && b_vec) gb = as_torch(reshape(gb, B->shape));
  return {ga, gb};
}

bool has_formula(const std::string& name) { return formulas().count(name) != 0; }

std::vector<ArrayPtr> apply_formula(GradNode& node, const ArrayPtr& grad) {
  auto it = formulas().find(node.name);
  if (it == formulas().end() || !node.has_state)
    raise("NotImplementedError", "stridelab has no backward formula for " + node.name + " yet (issue 30)");
  std::vector<ArrayPtr> out = it->second(node, grad);
  out.resize(node.next.size());
  return out;
}

ArrayPtr unpack(const GradNode& node, size_t slot) {
  if (node.released)
    raise("RuntimeError",
          "Trying to backward through the graph a second time (or directly access saved tensors after they have already "
          "been freed). Saved intermediate values of the graph are freed when you call .backward() or autograd.grad(). "
          "Specify retain_graph=True if you need to backward through the graph a second time or if you need to access "
          "saved tensors after calling backward.");
  if (slot < node.saved.size() && node.saved[slot].packed)  // saved_tensors_hooks: unpack_hook's tensor, no version check
    return node.saved[slot].unpack_hook(node.saved[slot].packed);
  if (slot >= node.saved.size() || !node.saved[slot].data) raise("RuntimeError", "internal: " + node.name + " saved no tensor " + std::to_string(slot));
  const SavedTensor& s = node.saved[slot];
  const uint32_t now = s.data->version();
  if (now != s.version) {
    record_version_failure(node, slot);  // Note [Write log]: the inspector explains it
    std::string shape;
    for (size_t i = 0; i < s.data->shape.size(); ++i) shape += (i ? ", " : "") + std::to_string(s.data->shape[i]);
    std::string msg = "one of the variables needed for gradient computation has been modified by an inplace operation: [" +
                      torch_tensor_type_string(s.data->dtype) + " [" + shape + "]]";
    // an output names the node that saved it; an input its grad_fn as it is now
    std::string fn = s.is_output ? node.name : (s.data->autograd && s.data->autograd->grad_fn ? s.data->autograd->grad_fn->name : "");
    if (!fn.empty()) msg += ", which is output 0 of " + fn + ",";
    msg += " is at version " + std::to_string(now) + "; expected version " + std::to_string(s.version) +
           " instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with "
           "torch.autograd.set_detect_anomaly(True).";
    raise("RuntimeError", msg);
  }
  // Note [Double backward]: the node's output rejoins its graph (SavedVariable::unpack
  // gives a saved output the grad_fn it had), so d(result) flows back through this node
  if (s.is_output && g_create_graph && differentiable_dtype(s.data->dtype)) {
    ArrayPtr r = std::make_shared<Array>(*s.data);
    autograd_meta(*r).grad_fn = std::const_pointer_cast<GradNode>(node.shared_from_this());
    return r;
  }
  return s.data;
}

ArrayPtr sum_to(const ArrayPtr& g, const Shape& shape) {
  if (g->shape == shape) return g;
  const size_t lead = g->shape.size() - shape.size();
  std::vector<bool> axes(g->shape.size(), false);
  bool any = false;
  for (size_t i = 0; i < g->shape.size(); ++i) {
    axes[i] = i < lead || (shape[i - lead] == 1 && g->shape[i] != 1);
    any |= axes[i];
  }
  ArrayPtr r = g;
  if (any) {  // at::sum_to is sum(dims, keepdim=True): PyTorch's summation order where it is fixed
    r = torch_ordered_sum(*g, axes, g->dtype, true);
    if (!r) r = as_torch(reduce(ReduceOp::sum, *g, axes, g->dtype, true, Flavor::Torch));
    r = rec("SumBackward1", {g}, r, [&](GradNode& n) {
      n.sizes = {g->shape};
      n.keepdim = true;
      for (size_t i = 0; i < axes.size(); ++i)
        if (axes[i]) n.ints.push_back(int64_t(i));
    });
  }
  return lead ? view_as_shape(r, shape) : r;
}

}  // namespace sl
