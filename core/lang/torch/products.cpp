// torch/products: torch.dot / Tensor.dot, torch.outer / Tensor.outer and
// torch.trace / Tensor.trace, composed from the tensor methods the front end
// already registers (matmul, reshape, mul, diagonal, sum).
//
// Invariant: argument checks and messages are ATen's (Blas.cpp dot_check,
// LinearAlgebra.cpp outer, ReduceOps.cpp trace_cpu); the arithmetic is the
// composed methods', so dtypes follow their promotion rules.
#include "core/lang/torch/convert.hpp"
#include "core/ops/ufunc.hpp"

namespace sl::lang {

namespace {

Value call_method(Interp& in, const Value& self, const char* name, std::vector<Value> pos) {
  return in.call(in.getattr(self, name), std::move(pos));
}


// dot_check: two 1-D tensors of one dtype and one length; the product is matmul's.
Value dot_method(Interp& in, const ArrayPtr& t, Args& a) {
  ArrayPtr o = tensor_arg(in, a.required(0, "tensor"), "dot", "tensor", 1);
  a.finish(1);
  if (t->ndim() != 1 || o->ndim() != 1)
    in.raise_exc("RuntimeError", "1D tensors expected, but got " + std::to_string(t->ndim()) + "D and " +
                                     std::to_string(o->ndim()) + "D tensors");
  if (t->dtype != o->dtype)
    in.raise_exc("RuntimeError", std::string("dot : expected both vectors to have same dtype, but found ") + torch_type_name(t->dtype) +
                                     " and " + torch_type_name(o->dtype));
  if (t->shape[0] != o->shape[0])
    in.raise_exc("RuntimeError", "inconsistent tensor size, expected tensor [" + std::to_string(t->shape[0]) +
                                     "] and src [" + std::to_string(o->shape[0]) +
                                     "] to have the same number of elements, but got " + std::to_string(t->shape[0]) +
                                     " and " + std::to_string(o->shape[0]) + " elements respectively");
  return call_method(in, Value(t), "matmul", {Value(o)});
}

// outer(self, vec2) = self.reshape(-1, 1) * vec2, both 1-D.
Value outer_method(Interp& in, const ArrayPtr& t, Args& a) {
  ArrayPtr o = tensor_arg(in, a.required(0, "vec2"), "outer", "vec2", 1);
  a.finish(1);
  if (t->ndim() != 1) in.raise_exc("RuntimeError", "outer: Expected 1-D argument self, but got " + std::to_string(t->ndim()) + "-D");
  if (o->ndim() != 1) in.raise_exc("RuntimeError", "outer: Expected 1-D argument vec2, but got " + std::to_string(o->ndim()) + "-D");
  Value col = call_method(in, Value(t), "reshape", {Value::integer(-1), Value::integer(1)});
  return call_method(in, col, "mul", {Value(o)});
}

// trace of a matrix: the sum of its main diagonal (integers sum to int64).
Value trace_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.finish(0);
  if (t->ndim() != 2)
    in.raise_exc("RuntimeError", "trace: expected a matrix, but got tensor with dim " + std::to_string(t->ndim()));
  return call_method(in, call_method(in, Value(t), "diagonal", {}), "sum", {});
}

const std::vector<std::pair<const char*, ArrayMethod>>& product_methods() {
  static const std::vector<std::pair<const char*, ArrayMethod>> m = {
      {"dot", dot_method}, {"outer", outer_method}, {"ger", outer_method}, {"trace", trace_method}};
  return m;
}

}  // namespace

// Registers the methods; torch.X(t, ...) forwarders come from torch_function_methods().
void install_torch_products(Interp&) {
  for (auto& [name, fn] : product_methods()) def_tensor_method(name, fn);
}

}  // namespace sl::lang
