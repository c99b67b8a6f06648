// torch/pool: the poolings of torch.nn.functional (max_pool1d/2d,
// avg_pool1d/2d, adaptive_avg_pool1d/2d, adaptive_max_pool1d/2d) over the
// kernels of core/torch/pool.hpp, recorded as Note [Convolution and pooling
// nodes] (torch/conv.cpp) says: the 2-d kernel is one node, the 1-d forms are
// unsqueeze(-2), the 2-d op, squeeze(-2), as ATen composes them.
#include <string>

#include "core/torch/autograd.hpp"
#include "core/torch/pool.hpp"

#include "core/lang/objects/classes.hpp"
#include "core/lang/torch/autograd.hpp"
#include "core/lang/torch/convert.hpp"

namespace sl::lang {

namespace {

Value method(Interp& in, const Value& self, const char* name, std::vector<Value> pos) {
  return in.call(in.getattr(self, name), std::move(pos));
}

std::string dims_text(const Shape& s) {
  std::string r;
  for (size_t k = 0; k < s.size(); ++k) r += (k ? ", " : "") + std::to_string(s[k]);
  return r;
}

// An int or a tuple of `n` ints (or one): ATen's pooling messages otherwise
// ("max_pool2d: kernel_size must either be a single int, or a tuple of two ints").
std::vector<int64_t> pool_ints(Interp& in, const Value& v, size_t n, const std::string& fname, const char* name, bool may_omit = false) {
  if (v.is_int() || v.is_bool()) return std::vector<int64_t>(n, in.index_value(v));
  std::vector<int64_t> r;
  for (auto& x : in.to_vector(v)) r.push_back(in.index_value(x));
  if (r.size() == 1) r.assign(n, r[0]);
  if (r.size() != n) {
    const std::string count = n == 1 ? "one int" : "two ints";
    in.raise_exc("RuntimeError", fname + ": " + name + " must either be " + (may_omit ? "omitted, " : "") + "a single int, or a tuple of " +
                                     (n == 1 ? "a single int" : count));
  }
  return r;
}

void check_float(Interp& in, const Array& x, const char* fname) {
  if (x.dtype != DType::F32 && x.dtype != DType::F64)
    in.raise_exc("NotImplementedError", std::string("stridelab's ") + fname + " takes float32 and float64 tensors, not " + torch_type_name(x.dtype));
}

// The arguments max_pool2d and avg_pool2d share, expanded and checked (pool2d_shape_check).
struct Pool2dArgs {
  ArrayPtr x;
  PoolGeometry g;
};
Pool2dArgs pool2d_args(Interp& in, const Value& xv, const Value& kernel, const Value& stride, const Value& pad, const Value& dil,
                       bool ceil, const std::string& fname) {
  Pool2dArgs p;
  p.x = tensor_arg(in, xv, fname, "input", 1);
  std::vector<int64_t> k = pool_ints(in, kernel, 2, fname, "kernel_size");
  const bool omitted = stride.is_none() || (!stride.is_int() && in.to_vector(stride).empty());
  std::vector<int64_t> s = omitted ? k : pool_ints(in, stride, 2, fname, "stride", true);
  std::vector<int64_t> pd = pool_ints(in, pad, 2, fname, "padding");
  std::vector<int64_t> d = pool_ints(in, dil, 2, fname, "dilation");
  for (int j = 0; j < 2; ++j) {
    p.g.kernel[size_t(j)] = k[size_t(j)];
    p.g.stride[size_t(j)] = s[size_t(j)];
    p.g.pad[size_t(j)] = pd[size_t(j)];
    p.g.dilation[size_t(j)] = d[size_t(j)];
  }
  p.g.ceil_mode = ceil;
  const Array& x = *p.x;
  if (s[0] == 0 || s[1] == 0) in.raise_exc("RuntimeError", "stride should not be zero");
  if (k[0] <= 0 || k[1] <= 0)
    in.raise_exc("RuntimeError", "kernel size should be greater than zero, but got kH: " + std::to_string(k[0]) + " kW: " + std::to_string(k[1]));
  if (d[0] <= 0 || d[1] <= 0)
    in.raise_exc("RuntimeError", "dilation should be greater than zero, but got dilationH: " + std::to_string(d[0]) + " dilationW: " + std::to_string(d[1]));
  if ((x.ndim() != 3 && x.ndim() != 4) || x.size() == 0) in.raise_exc("RuntimeError", "non-empty 3D or 4D (batch mode) tensor expected for input");
  for (int j = 0; j < 2; ++j)
    if (pd[size_t(j)] > ((k[size_t(j)] - 1) * d[size_t(j)] + 1) / 2)
      in.raise_exc("RuntimeError", "pad should be at most half of effective kernel size, but got pad=" + std::to_string(pd[size_t(j)]) +
                                       ", kernel_size=" + std::to_string(k[size_t(j)]) + " and dilation=" + std::to_string(d[size_t(j)]));
  const int nd = x.ndim();
  const int64_t C = x.shape[size_t(nd - 3)], H = x.shape[size_t(nd - 2)], W = x.shape[size_t(nd - 1)];
  const int64_t OH = pooling_output_size(H, k[0], pd[0], s[0], d[0], ceil), OW = pooling_output_size(W, k[1], pd[1], s[1], d[1], ceil);
  if (OH < 1 || OW < 1)
    in.raise_exc("RuntimeError", "Given input size: (" + std::to_string(C) + "x" + std::to_string(H) + "x" + std::to_string(W) +
                                     "). Calculated output size: (" + std::to_string(C) + "x" + std::to_string(OH) + "x" + std::to_string(OW) +
                                     "). Output size is too small");
  check_float(in, x, fname.c_str());
  return p;
}

Value max_pool2d_run(Interp& in, const Pool2dArgs& p, bool return_indices) {
  ArrayPtr indices;
  ArrayPtr out = record_kernel(
      in, "MaxPool2DWithIndicesBackward0", {p.x},
      [&] {
        PoolResult r = max_pool2d(p.x, p.g);
        indices = r.indices;
        return r.output;
      },
      [&](GradNode& n, const ArrayPtr&) {
        save_tensor(n, 0, p.x, false);
        save_tensor(n, 1, indices, true);
      });
  return return_indices ? tensor_tuple({out, indices}) : Value(out);
}

// F.max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False)
Value max_pool2d_fn(Interp& in, Args& a) {
  Value xv = a.required(0, "input"), k = a.required(1, "kernel_size"), s = a.optional(2, "stride");
  Value pd = a.optional(3, "padding", Value::integer(0)), d = a.optional(4, "dilation", Value::integer(1));
  const bool ceil = in.truthy(a.optional(5, "ceil_mode", Value::boolean(false)));
  const bool ri = in.truthy(a.optional(6, "return_indices", Value::boolean(false)));
  a.finish(7);
  return max_pool2d_run(in, pool2d_args(in, xv, k, s, pd, d, ceil, "max_pool2d"), ri);
}

// The 1-d form's input: (C, L) or (N, C, L), then viewed as (.., 1, L).
Value as_2d(Interp& in, const Value& xv, const std::string& fname, const std::string& message) {
  ArrayPtr x = tensor_arg(in, xv, fname, "input", 1);
  if (x->ndim() != 2 && x->ndim() != 3) in.raise_exc("RuntimeError", message + dims_text(x->shape) + "]");
  return method(in, xv, "unsqueeze", {Value::integer(-2)});
}
Value from_2d(Interp& in, const Value& r) {
  if (auto* t = r.as<TupleObj>())
    return tensor_tuple({method(in, t->items[0], "squeeze", {Value::integer(-2)}).array(),
                         method(in, t->items[1], "squeeze", {Value::integer(-2)}).array()});
  return method(in, r, "squeeze", {Value::integer(-2)});
}
// A 1-d pooling parameter as the 2-d one (1, v).
Value pair_with_one(Interp& in, const Value& v, int64_t one, const std::string& fname, const char* name) {
  if (v.is_none()) return v;
  if (!v.is_int() && in.to_vector(v).empty()) return Value();
  std::vector<int64_t> x = pool_ints(in, v, 1, fname, name);
  return torch_size_value(in, Shape{one, x[0]});
}

// F.max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False)
Value max_pool1d_fn(Interp& in, Args& a) {
  Value xv = a.required(0, "input"), k = a.required(1, "kernel_size"), s = a.optional(2, "stride");
  Value pd = a.optional(3, "padding", Value::integer(0)), d = a.optional(4, "dilation", Value::integer(1));
  const bool ceil = in.truthy(a.optional(5, "ceil_mode", Value::boolean(false)));
  const bool ri = in.truthy(a.optional(6, "return_indices", Value::boolean(false)));
  a.finish(7);
  const std::string f = "max_pool1d";
  Value x = as_2d(in, xv, f, "max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for input, but got:[");
  Pool2dArgs p = pool2d_args(in, x, pair_with_one(in, k, 1, f, "kernel_size"), pair_with_one(in, s, 1, f, "stride"),
                             pair_with_one(in, pd, 0, f, "padding"), pair_with_one(in, d, 1, f, "dilation"), ceil, f);
  return from_2d(in, max_pool2d_run(in, p, ri));
}

Value avg_pool2d_run(Interp& in, const Pool2dArgs& p, bool cip, int64_t div) {
  return Value(record_kernel(
      in, "AvgPool2DBackward0", {p.x}, [&] { return avg_pool2d(p.x, p.g, cip, div); },
      [&](GradNode& n, const ArrayPtr&) {
        save_tensor(n, 0, p.x, false);
        const PoolGeometry& g = p.g;
        n.ints = {g.kernel[0], g.kernel[1], g.stride[0], g.stride[1], g.pad[0], g.pad[1], g.ceil_mode, cip, div};
      }));
}

int64_t divisor_arg(Interp& in, const Value& v) {
  if (v.is_none()) return 0;
  const int64_t d = in.index_value(v);
  if (d == 0) in.raise_exc("RuntimeError", "divisor must be not zero");
  return d;
}

// F.avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None)
Value avg_pool2d_fn(Interp& in, Args& a) {
  Value xv = a.required(0, "input"), k = a.required(1, "kernel_size"), s = a.optional(2, "stride");
  Value pd = a.optional(3, "padding", Value::integer(0));
  const bool ceil = in.truthy(a.optional(4, "ceil_mode", Value::boolean(false)));
  const bool cip = in.truthy(a.optional(5, "count_include_pad", Value::boolean(true)));
  const int64_t div = divisor_arg(in, a.optional(6, "divisor_override"));
  a.finish(7);
  return avg_pool2d_run(in, pool2d_args(in, xv, k, s, pd, Value::integer(1), ceil, "avg_pool2d"), cip, div);
}

// F.avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True)
Value avg_pool1d_fn(Interp& in, Args& a) {
  Value xv = a.required(0, "input"), k = a.required(1, "kernel_size"), s = a.optional(2, "stride");
  Value pd = a.optional(3, "padding", Value::integer(0));
  const bool ceil = in.truthy(a.optional(4, "ceil_mode", Value::boolean(false)));
  const bool cip = in.truthy(a.optional(5, "count_include_pad", Value::boolean(true)));
  a.finish(6);
  const std::string f = "avg_pool1d";
  Value x = as_2d(in, xv, f, "avg_pool1d() Expected 2D or 3D input tensor, but got [");
  Pool2dArgs p = pool2d_args(in, x, pair_with_one(in, k, 1, f, "kernel_size"), pair_with_one(in, s, 1, f, "stride"),
                             pair_with_one(in, pd, 0, f, "padding"), Value::integer(1), ceil, f);
  return from_2d(in, avg_pool2d_run(in, p, cip, 0));
}

// output_size: an int or a pair whose None entries take the input's size
// (functional.py _list_with_default).
std::array<int64_t, 2> adaptive_size(Interp& in, const Value& v, const Array& x, const std::string& fname) {
  std::vector<Value> items = v.is_int() ? std::vector<Value>{v, v} : in.to_vector(v);
  if (items.size() == 1) items.push_back(items[0]);
  if (items.size() != 2) in.raise_exc("RuntimeError", fname + ": output_size must be 2");
  std::array<int64_t, 2> r{};
  for (size_t j = 0; j < 2; ++j) r[j] = items[j].is_none() ? x.shape[x.shape.size() - 2 + j] : in.index_value(items[j]);
  return r;
}

ArrayPtr adaptive_input(Interp& in, const Value& xv, const std::string& fname, const char* sep) {
  ArrayPtr x = tensor_arg(in, xv, fname, "input", 1);
  if (x->ndim() != 3 && x->ndim() != 4)
    in.raise_exc("RuntimeError", fname + "(): Expected 3D or 4D tensor, but got" + sep + "[" + dims_text(x->shape) + "]");
  check_float(in, *x, fname.c_str());
  return x;
}

Value adaptive_avg2d(Interp& in, const Value& xv, const Value& size) {
  ArrayPtr x = adaptive_input(in, xv, "adaptive_avg_pool2d", " ");
  const std::array<int64_t, 2> o = adaptive_size(in, size, *x, "adaptive_avg_pool2d");
  if (o[0] == 1 && o[1] == 1) {  // ATen: input.mean({-1, -2}, keepdim=true)
    Args m;
    m.pos = {Value(torch_size_value(in, Shape{-1, -2}))};
    m.kw = {{"keepdim", Value::boolean(true)}};
    return in.call(in.getattr(xv, "mean"), m);
  }
  return Value(record_kernel(
      in, "AdaptiveAvgPool2DBackward0", {x}, [&] { return adaptive_avg_pool2d(x, o[0], o[1]); },
      [&](GradNode& n, const ArrayPtr&) { save_tensor(n, 0, x, false); }));
}

Value adaptive_max2d(Interp& in, const Value& xv, const Value& size, bool ri) {
  ArrayPtr x = adaptive_input(in, xv, "adaptive_max_pool2d", ": ");
  const std::array<int64_t, 2> o = adaptive_size(in, size, *x, "adaptive_max_pool2d");
  ArrayPtr indices;
  ArrayPtr out = record_kernel(
      in, "AdaptiveMaxPool2DBackward0", {x},
      [&] {
        PoolResult r = adaptive_max_pool2d(x, o[0], o[1]);
        indices = r.indices;
        return r.output;
      },
      [&](GradNode& n, const ArrayPtr&) {
        save_tensor(n, 0, x, false);
        save_tensor(n, 1, indices, true);
      });
  return ri ? tensor_tuple({out, indices}) : Value(out);
}

// F.adaptive_avg_pool2d(input, output_size)
Value adaptive_avg_pool2d_fn(Interp& in, Args& a) {
  Value xv = a.required(0, "input"), size = a.required(1, "output_size");
  a.finish(2);
  return adaptive_avg2d(in, xv, size);
}
// F.adaptive_max_pool2d(input, output_size, return_indices=False)
Value adaptive_max_pool2d_fn(Interp& in, Args& a) {
  Value xv = a.required(0, "input"), size = a.required(1, "output_size");
  const bool ri = in.truthy(a.optional(2, "return_indices", Value::boolean(false)));
  a.finish(3);
  return adaptive_max2d(in, xv, size, ri);
}

Value size_1d(Interp& in, const Value& v, const char* fname) {
  std::vector<int64_t> s = pool_ints(in, v, 1, fname, "output_size");
  return torch_size_value(in, Shape{1, s[0]});
}
// F.adaptive_avg_pool1d(input, output_size)
Value adaptive_avg_pool1d_fn(Interp& in, Args& a) {
  Value xv = a.required(0, "input"), size = a.required(1, "output_size");
  a.finish(2);
  Value x = as_2d(in, xv, "adaptive_avg_pool1d", "adaptive_avg_pool1d(): Expected 2D or 3D tensor, but got [");
  return from_2d(in, adaptive_avg2d(in, x, size_1d(in, size, "adaptive_avg_pool1d")));
}
// F.adaptive_max_pool1d(input, output_size, return_indices=False)
Value adaptive_max_pool1d_fn(Interp& in, Args& a) {
  Value xv = a.required(0, "input"), size = a.required(1, "output_size");
  const bool ri = in.truthy(a.optional(2, "return_indices", Value::boolean(false)));
  a.finish(3);
  Value x = as_2d(in, xv, "adaptive_max_pool1d", "adaptive_max_pool1d(): Expected 2D or 3D tensor, but got: [");
  return from_2d(in, adaptive_max2d(in, x, size_1d(in, size, "adaptive_max_pool1d"), ri));
}

// F.max_pool{1,2}d_with_indices, F.adaptive_max_pool{1,2}d_with_indices:
// the pooling with return_indices forced on (functional.py's *_with_indices).
template <Value (*Fn)(Interp&, Args&), size_t IndicesPos>
Value with_indices(Interp& in, Args& a) {
  Value ignored;
  a.take(IndicesPos, "return_indices", ignored);
  if (a.pos.size() > IndicesPos) a.pos.resize(IndicesPos);
  a.kw.emplace_back("return_indices", Value::boolean(true));
  return Fn(in, a);
}

}  // namespace

const std::vector<std::pair<const char*, NativeFn>>& pool_functions() {
  static const std::vector<std::pair<const char*, NativeFn>> m = {
      {"max_pool1d", max_pool1d_fn},
      {"max_pool2d", max_pool2d_fn},
      {"avg_pool1d", avg_pool1d_fn},
      {"avg_pool2d", avg_pool2d_fn},
      {"adaptive_avg_pool1d", adaptive_avg_pool1d_fn},
      {"adaptive_avg_pool2d", adaptive_avg_pool2d_fn},
      {"adaptive_max_pool1d", adaptive_max_pool1d_fn},
      {"adaptive_max_pool2d", adaptive_max_pool2d_fn},
      {"max_pool1d_with_indices", with_indices<max_pool1d_fn, 6>},
      {"max_pool2d_with_indices", with_indices<max_pool2d_fn, 6>},
      {"adaptive_max_pool1d_with_indices", with_indices<adaptive_max_pool1d_fn, 2>},
      {"adaptive_max_pool2d_with_indices", with_indices<adaptive_max_pool2d_fn, 2>},
  };
  return m;
}

}  // namespace sl::lang
