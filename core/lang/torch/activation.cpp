// torch/activation: torch.nn.functional's activations with a node of their
// own (hardtanh, relu6, softplus, mish, hardswish, hardsigmoid, elu, selu,
// celu, threshold, logsigmoid, hardshrink, softshrink) over the kernels of
// core/torch/activation_nn.hpp, one recorded op each (the node keeps self and
// the parameters: core/torch/derivatives_conv.cpp), and the composites
// functional.py writes (softsign = x / (|x| + 1), tanhshrink = x - tanh(x),
// softmin = softmax(-x)), built from the recorded tensor methods.
//
// inplace=True computes the result out of place and copies it into the
// input (PyTorch's in-place kernels write directly; the values are the same,
// the graph then ends in CopyBackwards).
#include <cstdio>
#include <string>

#include "core/torch/activation_nn.hpp"
#include "core/torch/autograd.hpp"

#include "core/lang/objects/classes.hpp"
#include "core/lang/torch/autograd.hpp"
#include "core/lang/torch/convert.hpp"

namespace sl::lang {

namespace {

Value method(Interp& in, const Value& self, const char* name, std::vector<Value> pos) {
  return in.call(in.getattr(self, name), std::move(pos));
}

// The op over `xv` as the node `node` (or written back into xv when inplace).
Value activation_op(Interp& in, const Value& xv, const char* fname, const char* node, NnActivation op, const ActParams& p, bool inplace) {
  ArrayPtr x = tensor_arg(in, xv, fname, "input", 1);
  if (x->dtype != DType::F32 && x->dtype != DType::F64)
    in.raise_exc("NotImplementedError", std::string("stridelab's ") + fname + " takes float32 and float64 tensors, not " + torch_type_name(x->dtype));
  ArrayPtr out = record_kernel(
      in, node, {x}, [&] { return nn_activation(op, x, p); },
      [&](GradNode& n, const ArrayPtr&) {
        save_tensor(n, 0, x, false);
        n.ints = {int64_t(op)};
        n.scalars = {p[0], p[1], p[2]};
      });
  if (!inplace) return Value(out);
  method(in, xv, "copy_", {Value(out)});
  return xv;
}

double num(Interp& in, Args& a, size_t pos, const char* name, double dflt) {
  return in.float_value(a.optional(pos, name, Value::floating(dflt)));
}
bool flag(Interp& in, Args& a, size_t pos, const char* name) { return in.truthy(a.optional(pos, name, Value::boolean(false))); }

// F.hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False)
Value hardtanh_fn(Interp& in, Args& a) {
  Value x = a.required(0, "input");
  const double lo = num(in, a, 1, "min_val", -1.0), hi = num(in, a, 2, "max_val", 1.0);
  const bool ip = flag(in, a, 3, "inplace");
  a.finish(4);
  if (lo > hi) in.raise_exc("ValueError", "min_val cannot be greater than max_val");
  return activation_op(in, x, "hardtanh", "HardtanhBackward0", NnActivation::hardtanh, {lo, hi, 0}, ip);
}
// F.relu6(input, inplace=False) = hardtanh(input, 0, 6)
Value relu6_fn(Interp& in, Args& a) {
  Value x = a.required(0, "input");
  const bool ip = flag(in, a, 1, "inplace");
  a.finish(2);
  return activation_op(in, x, "relu6", "HardtanhBackward0", NnActivation::hardtanh, {0, 6, 0}, ip);
}
// F.softplus(input, beta=1, threshold=20)
Value softplus_fn(Interp& in, Args& a) {
  Value x = a.required(0, "input");
  const double beta = num(in, a, 1, "beta", 1.0), t = num(in, a, 2, "threshold", 20.0);
  a.finish(3);
  return activation_op(in, x, "softplus", "SoftplusBackward0", NnActivation::softplus, {beta, t, 0}, false);
}
// F.mish / F.hardswish / F.hardsigmoid(input, inplace=False)
template <NnActivation Op>
Value plain_fn(Interp& in, Args& a) {
  static const char* names[] = {"", "", "mish", "hardswish", "hardsigmoid"};
  static const char* nodes[] = {"", "", "MishBackward0", "HardswishBackward0", "HardsigmoidBackward0"};
  Value x = a.required(0, "input");
  const bool ip = flag(in, a, 1, "inplace");
  a.finish(2);
  return activation_op(in, x, names[int(Op)], nodes[int(Op)], Op, {0, 0, 0}, ip);
}
// F.elu(input, alpha=1.0, inplace=False)
Value elu_fn(Interp& in, Args& a) {
  Value x = a.required(0, "input");
  const double alpha = num(in, a, 1, "alpha", 1.0);
  const bool ip = flag(in, a, 2, "inplace");
  a.finish(3);
  return activation_op(in, x, "elu", "EluBackward0", NnActivation::elu, {alpha, 1, 1}, ip);
}
// F.selu(input, inplace=False): elu with SELU's alpha and scale
Value selu_fn(Interp& in, Args& a) {
  Value x = a.required(0, "input");
  const bool ip = flag(in, a, 1, "inplace");
  a.finish(2);
  return activation_op(in, x, "selu", "EluBackward0", NnActivation::elu, {1.6732632423543772848170429916717, 1.0507009873554804934193349852946, 1},
                       ip);
}
// F.celu(input, alpha=1.0, inplace=False): elu(alpha, 1, 1 / alpha)
Value celu_fn(Interp& in, Args& a) {
  Value x = a.required(0, "input");
  const double alpha = num(in, a, 1, "alpha", 1.0);
  const bool ip = flag(in, a, 2, "inplace");
  a.finish(3);
  if (alpha == 0) in.raise_exc("RuntimeError", "ZeroDivisionError");
  return activation_op(in, x, "celu", "CeluBackward0", NnActivation::elu, {alpha, 1, 1.0 / alpha}, ip);
}
// F.threshold(input, threshold, value, inplace=False)
Value threshold_fn(Interp& in, Args& a) {
  Value x = a.required(0, "input");
  const double t = in.float_value(a.required(1, "threshold")), v = in.float_value(a.required(2, "value"));
  const bool ip = flag(in, a, 3, "inplace");
  a.finish(4);
  return activation_op(in, x, "threshold", "ThresholdBackward0", NnActivation::threshold, {t, v, 0}, ip);
}
// F.logsigmoid(input)
Value logsigmoid_fn(Interp& in, Args& a) {
  Value x = a.required(0, "input");
  a.finish(1);
  return activation_op(in, x, "log_sigmoid", "LogSigmoidBackward0", NnActivation::log_sigmoid, {0, 0, 0}, false);
}
// F.hardshrink / F.softshrink(input, lambd=0.5)
Value hardshrink_fn(Interp& in, Args& a) {
  Value x = a.required(0, "input");
  const double l = num(in, a, 1, "lambd", 0.5);
  a.finish(2);
  return activation_op(in, x, "hardshrink", "HardshrinkBackward0", NnActivation::hardshrink, {l, 0, 0}, false);
}
Value softshrink_fn(Interp& in, Args& a) {
  Value x = a.required(0, "input");
  const double l = num(in, a, 1, "lambd", 0.5);
  a.finish(2);
  if (l < 0)
  {
    // c10's str of a double: ostream's default format, printf's %g; snprintf, since an
    // ostringstream links libc++'s locale facets (the engine's only stream: 65,906 bytes
    // of wasm code in 320 functions, scripts/wasm-size.mjs on a --profiling-funcs build)
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", l);
    in.raise_exc("RuntimeError", std::string("lambda must be greater or equal to 0, but found to be ") + buf + ".");
  }
  return activation_op(in, x, "softshrink", "SoftshrinkBackward0", NnActivation::softshrink, {l, 0, 0}, false);
}
// F.softsign(input) = input / (input.abs() + 1)
Value softsign_fn(Interp& in, Args& a) {
  Value x = Value(tensor_arg(in, a.required(0, "input"), "softsign", "input", 1));
  a.finish(1);
  Value d = in.binop(BinOp::Add, method(in, x, "abs", {}), Value::integer(1));
  return in.binop(BinOp::TrueDiv, x, d);
}
// F.tanhshrink(input) = input - input.tanh()
Value tanhshrink_fn(Interp& in, Args& a) {
  Value x = Value(tensor_arg(in, a.required(0, "input"), "tanhshrink", "input", 1));
  a.finish(1);
  return in.binop(BinOp::Sub, x, method(in, x, "tanh", {}));
}
// F.softmin(input, dim=None, _stacklevel=3, dtype=None) = (-input).softmax(dim, dtype=dtype)
Value softmin_fn(Interp& in, Args& a) {
  Value x = Value(tensor_arg(in, a.required(0, "input"), "softmin", "input", 1));
  Value dim = a.optional(1, "dim");
  Value level;
  a.take(2, "_stacklevel", level);
  Value dt = a.optional(3, "dtype");
  a.finish(4);
  if (dim.is_none()) dim = Value::integer(implicit_softmax_dim(in, "softmin", x.arr().ndim(), level));
  Args s;
  s.pos = {dim};
  s.kw = {{"dtype", dt}};
  return in.call(in.getattr(in.unaryop("-", x), "softmax"), s);
}

}  // namespace

const std::vector<std::pair<const char*, NativeFn>>& activation_functions() {
  static const std::vector<std::pair<const char*, NativeFn>> m = {
      {"hardtanh", hardtanh_fn},
      {"relu6", relu6_fn},
      {"softplus", softplus_fn},
      {"mish", plain_fn<NnActivation::mish>},
      {"hardswish", plain_fn<NnActivation::hardswish>},
      {"hardsigmoid", plain_fn<NnActivation::hardsigmoid>},
      {"elu", elu_fn},
      {"selu", selu_fn},
      {"celu", celu_fn},
      {"threshold", threshold_fn},
      {"logsigmoid", logsigmoid_fn},
      {"hardshrink", hardshrink_fn},
      {"softshrink", softshrink_fn},
      {"softsign", softsign_fn},
      {"tanhshrink", tanhshrink_fn},
      {"softmin", softmin_fn},
  };
  return m;
}

}  // namespace sl::lang
