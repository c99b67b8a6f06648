// torch/random: the torch module's random functions and the Tensor's in-place
// samplers -- torch.manual_seed/initial_seed/seed, torch.Generator, rand, randn,
// randint, randperm, the *_like forms, normal (its four overloads), bernoulli,
// multinomial; Tensor.uniform_/normal_/random_/bernoulli_/exponential_.
//
// Invariant: every draw goes through core/random/torch_generator (the CPU generator and
// ATen's kernels); this file only converts arguments, picks the generator
// (generator= or the default one) and composes kernels the way ATen's
// native functions do (e.g. normal(mean_tensor, std) = normal_(0, std) + mean).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "core/model/element.hpp"
#include "core/lang/torch/autograd.hpp"
#include "core/lang/objects/pyint.hpp"
#include "core/lang/torch/convert.hpp"
#include "core/random/torch_generator.hpp"
#include "core/model/strides.hpp"
#include "core/torch/views.hpp"
#include "core/ops/ufunc.hpp"

namespace sl::lang {

namespace {

ModuleObj& torch_module(Interp& in) { return *in.modules.at("torch"); }

// A double as C++'s ostream prints it in c10's messages (%g, 6 digits).
std::string format_repr_double(double v) {
  // ostream's default is printf's %g (6 significant digits); snprintf avoids
  // linking libc++'s locale facets (about 60 KB of wasm).
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// A `float` parameter of PyTorch's argument parser: Python ints, floats and bools.
double double_arg(Interp& in, const Value& v, const char* fname, const char* argname, int position) {
  if (v.is_float() || v.is_int() || v.is_bool()) return in.float_value(v);
  in.raise_exc("TypeError", std::string(fname) + "(): argument '" + argname + "' (position " + std::to_string(position) +
                                ") must be float, not " + in.type_of(v)->name);
}

Value torch_arith(Interp& in, const Value& a, const char* op, const Value& b) { return in.binop(op, a, b); }

TypeObj* generator_type(Interp& in) { return torch_module(in).attrs.at("Generator").as<TypeObj>(); }

// The default generator object (torch.default_generator) wraps the process' one.
Value default_generator_value(Interp& in) { return torch_module(in).attrs.at("default_generator"); }

TorchGenerator& generator_of(Interp& in, const Value& v) {
  auto* g = v.as<GenericObj>();
  if (!g || !g->type->is_subclass_of(generator_type(in)) || !g->native)
    in.raise_exc("TypeError", "expected a torch.Generator, got " + in.type_of(v)->name);
  return *static_cast<TorchGenerator*>(g->native.get());
}

// generator= (None: the default generator).
// The keyword is removed from `a`, so `v` may hold the generator's last
// reference (torch.rand(3, generator=torch.Generator())): its state is kept
// alive past this call, until the next generator= call replaces it (was a
// heap-use-after-free).
TorchGenerator& take_generator(Interp& in, Args& a) {
  static std::shared_ptr<void> last_taken;
  Value v;
  if (a.take(999, "generator", v) && !v.is_none()) {
    TorchGenerator& g = generator_of(in, v);
    last_taken = v.as<GenericObj>()->native;
    return g;
  }
  return torch_default_generator();
}

struct Factory {
  std::optional<DType> dtype;
  bool requires_grad = false;
};

Factory take_factory(Interp& in, Args& a) {
  Factory f;
  Value v;
  if (a.take(999, "dtype", v) && !v.is_none()) f.dtype = to_dtype(in, v);
  Value dev;
  a.take(999, "device", dev);
  check_factory_device(in, dev);
  if (a.take(999, "requires_grad", v)) f.requires_grad = in.truthy(v);
  a.take(999, "layout", v);
  if (a.take(999, "pin_memory", v) && in.truthy(v))
    in.raise_exc("RuntimeError", "Need to provide pin_memory allocator to use pin memory.");
  a.take(999, "memory_format", v);
  if (a.take(999, "out", v) && !v.is_none())
    in.raise_exc("NotImplementedError", "stridelab does not support out= for torch random functions");
  return f;
}

void check_sizes(Interp& in, const Shape& s) {
  for (int64_t d : s)
    if (d < 0) in.raise_exc("RuntimeError", "Trying to create tensor with negative dimension " + std::to_string(d) + ": " + list_repr(s));
}

// The engine's PyErrors become Python exceptions of the same type.
template <class F>
auto engine(Interp& in, F f) -> decltype(f()) {
  try {
    return f();
  } catch (const PyError& e) {
    in.raise_exc(e.type, e.msg);
  }
}

// requires_grad=True marks the new tensor a leaf that requires grad.
Value finish_factory(Interp& in, const ArrayPtr& t, const Factory& f) {
  if (f.requires_grad)
    set_requires_grad(in, t, true, "Only Tensors of floating point and complex dtype can require gradients");
  return Value(t);
}

uint64_t seed_value(Interp& in, const Value& v) {
  // torch.manual_seed takes int(seed); THPGenerator_manualSeed unpacks it as a
  // uint64, or as an int64 reinterpreted when negative: [-2**63, 2**64).
  Value i = v.is_float() ? int_from_double(in, v.as_float()) : v;
  if (auto* b = i.as<BigIntObj>()) {
    if (b->v.sign() < 0 || b->v.bit_length() > 64) in.raise_exc("RuntimeError", "Overflow when unpacking long");
    return uint64_t(b->v.mag[0]) | (b->v.mag.size() > 1 ? uint64_t(b->v.mag[1]) << 32 : 0);
  }
  return uint64_t(in.index_value(i));
}

uint64_t fresh_seed() {
  return uint64_t(std::chrono::high_resolution_clock::now().time_since_epoch().count()) * 0x9E3779B97F4A7C15ull;
}

// ---- torch.Generator

Value generator_new(Interp& in, Args& a) {
  Value d = a.optional(0, "device");
  a.finish(1);
  if (d.is_int()) {
    if (d.as_int() < 0) in.raise_exc("RuntimeError", "Device index must not be negative");
    in.raise_exc("RuntimeError", "stridelab runs tensors on the CPU only (got device index " + std::to_string(d.as_int()) + ")");
  }
  if (!d.is_none()) {
    if (!d.as<StrObj>() && !(d.as<GenericObj>() && d.as<GenericObj>()->type->name == "device"))
      in.raise_exc("TypeError", "Generator(): argument 'device' (position 1) must be torch.device, not " + in.type_of(d)->name);
    const std::string type = in.str(d).substr(0, in.str(d).find(':'));
    if (type == "cuda") in.raise_exc("RuntimeError", "Device type CUDA is not supported for torch.Generator() api.");
    check_device(in, d);
  }
  auto g = std::make_shared<GenericObj>(generator_type(in));
  g->native = std::make_shared<TorchGenerator>();
  return Value(std::static_pointer_cast<Obj>(g));
}

Value generator_manual_seed(Interp& in, Args& a) {
  Value self = a.pos.at(0);
  a.pos.erase(a.pos.begin());
  Value s = a.required(0, "seed");
  a.finish(1);
  generator_of(in, self).manual_seed(seed_value(in, s));
  return self;
}

Value generator_initial_seed(Interp& in, Args& a) {
  TorchGenerator& g = generator_of(in, a.pos.at(0));
  return make_int(BigInt::from_u64(g.initial_seed()));
}

Value generator_seed(Interp& in, Args& a) {
  TorchGenerator& g = generator_of(in, a.pos.at(0));
  uint64_t s = fresh_seed() >> 1;
  g.manual_seed(s);
  return Value::integer(int64_t(s));
}

Value generator_repr(Interp& in, Args& a) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "<torch._C.Generator object at %p>", static_cast<void*>(a.pos.at(0).obj()));
  return make_str(buf);
}

// ---- seeding functions

Value manual_seed_fn(Interp& in, Args& a) {
  Value s = a.required(0, "seed");
  a.finish(1);
  torch_default_generator().manual_seed(seed_value(in, s));
  return default_generator_value(in);
}

Value initial_seed_fn(Interp&, Args& a) {
  a.finish(0);
  return make_int(BigInt::from_u64(torch_default_generator().initial_seed()));
}

Value seed_fn(Interp&, Args& a) {
  a.finish(0);
  uint64_t s = fresh_seed() >> 1;
  torch_default_generator().manual_seed(s);
  return Value::integer(int64_t(s));
}

// ---- factories

DType float_dtype(Interp& in, const Factory& f, const char* fname) {
  DType dt = f.dtype ? *f.dtype : torch_default_dtype();
  if (!is_float(dt))
    in.raise_exc("RuntimeError", std::string("\"") + fname + "\" not implemented for '" +
                                     torch_type_name(dt) + "'");
  return dt;
}

NativeFn sized_float_factory(const char* fname, bool normal) {
  return [fname, normal](Interp& in, Args& a) -> Value {
    check_factory_call(in, a, fname);
    TorchGenerator& g = take_generator(in, a);
    Factory f = take_factory(in, a);
    Shape s = size_args(in, a, 0, fname);
    check_sizes(in, s);
    DType dt = f.dtype ? *f.dtype : torch_default_dtype();
    if (!is_float(dt))
      in.raise_exc("RuntimeError", std::string(normal ? "\"normal_kernel_cpu\"" : "\"check_uniform_bounds\"") +
                                       " not implemented for '" + torch_type_name(dt) + "'");
    ArrayPtr t = make_array(dt, s, 'C', Flavor::Torch, false);
    engine(in, [&] { normal ? torch_normal_(*t, 0.0, 1.0, g) : torch_uniform_(*t, 0.0, 1.0, g); });
    return finish_factory(in, t, f);
  };
}

NativeFn like_float_factory(const char* fname, bool normal) {
  return [fname, normal](Interp& in, Args& a) -> Value {
    ArrayPtr proto = tensor_arg(in, a.required(0, "input"), fname, "input", 1);
    TorchGenerator& g = take_generator(in, a);
    Factory f = take_factory(in, a);
    a.finish(1);
    DType dt = f.dtype ? *f.dtype : proto->dtype;
    if (!is_float(dt))
      in.raise_exc("RuntimeError", std::string(normal ? "\"normal_kernel_cpu\"" : "\"check_uniform_bounds\"") +
                                       " not implemented for '" + torch_type_name(dt) + "'");
    ArrayPtr t = torch_empty_like(*proto, dt);
    engine(in, [&] { normal ? torch_normal_(*t, 0.0, 1.0, g) : torch_uniform_(*t, 0.0, 1.0, g); });
    return finish_factory(in, t, f);
  };
}

void check_from_to(Interp& in, int64_t lo, int64_t hi) {
  if (lo >= hi)
    in.raise_exc("RuntimeError", "random_ expects 'from' to be less than 'to', but got from=" + std::to_string(lo) +
                                     " >= to=" + std::to_string(hi));
}

// randint(high, size) / randint(low, high, size), keywords low/high/size.
Value randint_fn(Interp& in, Args& a) {
  TorchGenerator& g = take_generator(in, a);
  Factory f = take_factory(in, a);
  Value low = Value::integer(0), high, size;
  if (a.pos.size() >= 3) {
    low = a.pos[0], high = a.pos[1], size = a.pos[2];
    a.finish(3);
  } else if (a.pos.size() == 2) {
    high = a.pos[0], size = a.pos[1];
    Value v;
    if (a.take(999, "low", v)) in.raise_exc("TypeError", "randint() received an invalid combination of arguments");
    a.finish(2);
  } else {
    Value v;
    if (a.pos.size() == 1) high = a.pos[0];
    if (a.take(999, "low", v)) low = v;
    if (a.take(999, "high", v)) high = v;
    if (!a.take(999, "size", size) || high.is_none())
      in.raise_exc("TypeError", "randint() received an invalid combination of arguments - got (" +
                                    std::string(a.pos.empty() ? "" : in.type_of(a.pos[0])->name) + "), but expected one of:\n"
                                    " * (int high, tuple of ints size, *, torch.Generator generator = None, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n"
                                    " * (int low, int high, tuple of ints size, *, torch.Generator generator = None, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)\n");
    a.finish(1);
  }
  Args sa;
  sa.pos = {size};
  Shape s = size_args(in, sa, 0, "randint");
  check_sizes(in, s);
  int64_t lo = int_arg(in, low, "randint", "low"), hi = int_arg(in, high, "randint", "high");
  check_from_to(in, lo, hi);
  ArrayPtr t = make_array(f.dtype ? *f.dtype : DType::I64, s, 'C', Flavor::Torch, false);
  engine(in, [&] { torch_random_from_to_(*t, uint64_t(hi) - uint64_t(lo), lo, g); });
  return finish_factory(in, t, f);
}

Value randint_like_fn(Interp& in, Args& a) {
  ArrayPtr proto = tensor_arg(in, a.required(0, "input"), "randint_like", "input", 1);
  TorchGenerator& g = take_generator(in, a);
  Factory f = take_factory(in, a);
  Value low = Value::integer(0), high;
  if (a.pos.size() >= 3) low = a.pos[1], high = a.pos[2];
  else if (a.pos.size() == 2) high = a.pos[1];
  Value v;
  if (a.take(999, "low", v)) low = v;
  if (a.take(999, "high", v)) high = v;
  a.finish(3);
  if (high.is_none()) in.raise_exc("TypeError", "randint_like() missing required argument 'high'");
  int64_t lo = int_arg(in, low, "randint_like", "low"), hi = int_arg(in, high, "randint_like", "high");
  check_from_to(in, lo, hi);
  ArrayPtr t = torch_empty_like(*proto, f.dtype ? *f.dtype : proto->dtype);
  engine(in, [&] { torch_random_from_to_(*t, uint64_t(hi) - uint64_t(lo), lo, g); });
  return finish_factory(in, t, f);
}

Value randperm_fn(Interp& in, Args& a) {
  TorchGenerator& g = take_generator(in, a);
  Factory f = take_factory(in, a);
  int64_t n = int_arg(in, a.required(0, "n"), "randperm", "n", IntParam::SymInt);
  a.finish(1);
  check_sizes(in, {n});
  ArrayPtr t = engine(in, [&] { return torch_randperm(n, f.dtype ? *f.dtype : DType::I64, g); });
  return finish_factory(in, t, f);
}

// torch.normal's overloads (Distributions.cpp normal / normal_out_impl):
// (Tensor, Tensor): normal_(0, 1) * std + mean; (Tensor, float): normal_(0, std) + mean;
// (float, Tensor): normal_(0, 1) * std + mean; (float, float, size): normal_(mean, std).
void check_std(Interp& in, double s) {
  if (!(s >= 0.0)) in.raise_exc("RuntimeError", "normal expects std >= 0.0, but found std " + format_repr_double(s));
}

// torch.normal's four overloads (Note [Overload lists], module.cpp): which
// binds depends on which of mean and std are tensors and whether a size follows.
void check_normal_call(Interp& in, const Args& a) {
  static const std::vector<std::string> sigs = {
      "Tensor mean, Tensor std, *, torch.Generator generator = None, Tensor out = None",
      "Tensor mean, float std = 1, *, torch.Generator generator = None, Tensor out = None",
      "float mean, Tensor std, *, torch.Generator generator = None, Tensor out = None",
      "float mean, float std, tuple of ints size, *, torch.Generator generator = None, Tensor out = None, torch.dtype "
      "dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False"};
  auto kind = [](const Value& v) {
    if (is_tensor(v)) return 'T';
    if (v.is_int() || v.is_float() || v.is_bool() || (v.is_array() && v.arr().flavor == Flavor::Scalar)) return 'F';
    return 'X';
  };
  std::vector<Value> pos = a.pos;
  for (const auto& kv : a.kw) {
    if (kv.first == "mean" && pos.empty()) pos.push_back(kv.second);
    else if (kv.first == "std" && pos.size() == 1) pos.push_back(kv.second);
  }
  for (const auto& kv : a.kw)
    if (kv.first == "size" && pos.size() == 2) pos.push_back(kv.second);
  if (pos.empty()) invalid_combination(in, "normal", a, sigs);
  if (pos.size() == 1) {  // only (Tensor mean, float std = 1) takes one argument
    if (kind(pos[0]) != 'T')
      in.raise_exc("TypeError", "normal(): argument 'mean' (position 1) must be Tensor, not " + in.type_name(pos[0]));
    return;
  }
  const char m = kind(pos[0]), sd = kind(pos[1]);
  const bool ok = pos.size() == 2 ? (m == 'T' && sd != 'X') || (m == 'F' && sd == 'T') : m == 'F' && sd == 'F';
  if (!ok) invalid_combination(in, "normal", a, sigs);
}

Value normal_fn(Interp& in, Args& a) {
  check_normal_call(in, a);
  TorchGenerator& g = take_generator(in, a);
  Value mean = a.optional(0, "mean", Value::floating(0.0));
  Value std = a.optional(1, "std", Value::floating(1.0));
  bool mt = is_tensor(mean), st = is_tensor(std);
  if (!mt && !st) {
    Factory f = take_factory(in, a);
    Shape s = size_args(in, a, 2, "normal");
    check_sizes(in, s);
    double sd = in.float_value(std);
    check_std(in, sd);
    ArrayPtr t = make_array(float_dtype(in, f, "normal_kernel_cpu"), s, 'C', Flavor::Torch, false);
    torch_normal_(*t, in.float_value(mean), sd, g);
    return finish_factory(in, t, f);
  }
  a.finish(2);
  if (mt && !st) {
    ArrayPtr m = mean.array();
    double sd = in.float_value(std);
    check_std(in, sd);
    ArrayPtr t = torch_empty_like(*m, m->dtype);
    engine(in, [&] { torch_normal_(*t, 0.0, sd, g); });
    return torch_arith(in, Value(t), "+", mean);
  }
  if (st) {
    const Array& sa = std.arr();
    DType dt = mt ? torch_promote_types(mean.arr().dtype, sa.dtype) : sa.dtype;
    Shape shape = sa.shape;
    if (mt) shape = torch_broadcast_shapes(mean.arr().shape, sa.shape);
    ArrayPtr t = make_array(dt, shape, 'C', Flavor::Torch, false);
    engine(in, [&] { torch_normal_(*t, 0.0, 1.0, g); });
    return torch_arith(in, torch_arith(in, Value(t), "*", std), "+", mean);
  }
  return Value();
}

Value bernoulli_fn(Interp& in, Args& a) {
  ArrayPtr x = tensor_arg(in, a.required(0, "input"), "bernoulli", "input", 1);
  TorchGenerator& g = take_generator(in, a);
  Value p = a.optional(1, "p");
  a.finish(2);
  ArrayPtr t = torch_empty_like(*x, x->dtype);
  if (!p.is_none()) {
    double pv = double_arg(in, p, "bernoulli", "p", 2);
    if (!(pv >= 0 && pv <= 1)) in.raise_exc("RuntimeError", "bernoulli_ expects p to be in [0, 1], but got p=" + format_repr_double(pv));
    torch_bernoulli_scalar_(*t, pv, g);
  } else {
    if (!is_float(x->dtype))
      in.raise_exc("RuntimeError", std::string("\"bernoulli_tensor_cpu_p_\" not implemented for '") + torch_type_name(x->dtype) + "'");
    engine(in, [&] { torch_bernoulli_tensor_(*t, *x, g); });
  }
  return Value(t);
}

// torch.multinomial (Distributions.cpp multinomial): without replacement (or one
// sample) the exponential trick, argmax/topk of p / q with q ~ Exp(1) drawn by
// exponential_; with replacement the cdf search of MultinomialKernel.cpp.
Value multinomial_tensor(Interp& in, const ArrayPtr& x, int64_t n, bool replacement, TorchGenerator& g) {
  if (x->ndim() < 1 || x->ndim() > 2) in.raise_exc("RuntimeError", "prob_dist must be 1 or 2 dim");
  if (!is_float(x->dtype))
    in.raise_exc("RuntimeError", std::string("multinomial only supports floating-point dtypes for input, got: ") + torch_type_name(x->dtype));
  if (n <= 0) in.raise_exc("RuntimeError", "cannot sample n_sample <= 0 samples");
  const int64_t ncat = x->shape.back();
  if (!replacement && n > ncat) in.raise_exc("RuntimeError", "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  if (replacement && n > 1) return Value(engine(in, [&] { return torch_multinomial_replacement(*x, n, g); }));
  const int64_t rows = x->ndim() == 2 ? x->shape[0] : 1;
  const int64_t s0 = x->ndim() == 2 ? x->strides[0] : 0, s1 = x->strides.back();
  for (int64_t r = 0; r < rows; ++r) {
    double sum = 0;
    for (int64_t j = 0; j < ncat; ++j) {
      double v = load_as<double>(x->dtype, x->data() + r * s0 + j * s1);
      if (!(v >= 0 && v < INFINITY)) in.raise_exc("RuntimeError", "probability tensor contains either `inf`, `nan` or element < 0");
      sum += v;
    }
    if (sum == 0) in.raise_exc("RuntimeError", "invalid multinomial distribution (sum of probabilities <= 0)");
  }
  ArrayPtr q = torch_empty_like(*x, x->dtype);
  torch_exponential_(*q, 1.0, g);
  Shape os = x->shape;
  os.back() = n;
  ArrayPtr out = make_array(DType::I64, os, 'C', Flavor::Torch);
  auto* o = reinterpret_cast<int64_t*>(out->data());
  const int64_t q0 = x->ndim() == 2 ? q->strides[0] : 0, q1 = q->strides.back();
  std::vector<std::pair<double, int64_t>> key(static_cast<size_t>(ncat));
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t j = 0; j < ncat; ++j) {
      // p / q in the tensor's dtype
      double p = load_as<double>(x->dtype, x->data() + r * s0 + j * s1);
      double e = load_as<double>(q->dtype, q->data() + r * q0 + j * q1);
      double v = x->dtype == DType::F64 ? p / e : double(float(p) / float(e));
      key[size_t(j)] = {v, j};
    }
    std::stable_sort(key.begin(), key.end(), [](auto& l, auto& rr) { return l.first > rr.first; });
    for (int64_t k = 0; k < n; ++k) o[r * n + k] = key[size_t(k)].second;
  }
  return Value(out);
}

Value multinomial_fn(Interp& in, Args& a) {
  ArrayPtr x = tensor_arg(in, a.required(0, "input"), "multinomial", "input", 1);
  TorchGenerator& g = take_generator(in, a);
  int64_t n = int_arg(in, a.required(1, "num_samples"), "multinomial", "num_samples");
  bool rep = in.truthy(a.optional(2, "replacement", Value::boolean(false)));
  a.finish(3);
  return multinomial_tensor(in, x, n, rep, g);
}

// ---- Tensor methods

Value uniform_method(Interp& in, const ArrayPtr& t, Args& a) {
  TorchGenerator& g = take_generator(in, a);
  double from = double_arg(in, a.optional(0, "from", Value::floating(0.0)), "uniform_", "from", 1);
  double to = double_arg(in, a.optional(1, "to", Value::floating(1.0)), "uniform_", "to", 2);
  a.finish(2);
  if (!(from <= to))
    in.raise_exc("RuntimeError", "uniform_ expects to return a [from, to) range, but found from=" + format_repr_double(from) +
                                     " > to=" + format_repr_double(to));
  if (!is_float(t->dtype))
    in.raise_exc("RuntimeError", std::string("\"check_uniform_bounds\" not implemented for '") + torch_type_name(t->dtype) + "'");
  torch_uniform_(*t, from, to, g);
  return Value(t);
}

Value normal_method(Interp& in, const ArrayPtr& t, Args& a) {
  TorchGenerator& g = take_generator(in, a);
  double mean = double_arg(in, a.optional(0, "mean", Value::floating(0.0)), "normal_", "mean", 1);
  double sd = double_arg(in, a.optional(1, "std", Value::floating(1.0)), "normal_", "std", 2);
  a.finish(2);
  if (!(sd >= 0.0)) in.raise_exc("RuntimeError", "normal expects std >= 0.0, but found std " + format_repr_double(sd));
  if (!is_float(t->dtype))
    in.raise_exc("RuntimeError", std::string("\"normal_kernel_cpu\" not implemented for '") + torch_type_name(t->dtype) + "'");
  torch_normal_(*t, mean, sd, g);
  return Value(t);
}

// random_() / random_(to) / random_(from, to): ints only (PyTorch's three overloads).
Value random_method(Interp& in, const ArrayPtr& t, Args& a) {
  TorchGenerator& g = take_generator(in, a);
  Value from, to;
  const bool has_from = a.take(0, "from", from), has_to = a.take(1, "to", to);
  a.finish(2);
  for (const Value* v : {&from, &to})
    if (((v == &from && has_from) || (v == &to && has_to)) && !(v->is_int() || v->is_bool()) &&
        !(v == &to && v->is_none()))
      in.raise_exc("TypeError", "random_() received an invalid combination of arguments - got (" + in.type_of(*v)->name +
                                    "), but expected one of:\n * (*, torch.Generator generator = None)\n * (int from, "
                                    "int to, *, torch.Generator generator = None)\n * (int to, *, torch.Generator "
                                    "generator = None)\n");
  if (!has_from) {
    engine(in, [&] { torch_random_(*t, g); });
    return Value(t);
  }
  int64_t lo = 0, hi;
  if (!has_to || to.is_none()) hi = from.as_int();
  else lo = from.as_int(), hi = to.as_int();
  check_from_to(in, lo, hi);
  engine(in, [&] { torch_random_from_to_(*t, uint64_t(hi) - uint64_t(lo), lo, g); });
  return Value(t);
}

Value bernoulli_inplace_method(Interp& in, const ArrayPtr& t, Args& a) {
  TorchGenerator& g = take_generator(in, a);
  Value p = a.optional(0, "p", Value::floating(0.5));
  a.finish(1);
  if (is_tensor(p)) {
    ArrayPtr pe = torch_expand(p.array(), t->shape);
    engine(in, [&] { torch_bernoulli_tensor_(*t, *pe, g); });
    return Value(t);
  }
  double pv = double_arg(in, p, "bernoulli_", "p", 1);
  if (!(pv >= 0 && pv <= 1)) in.raise_exc("RuntimeError", "bernoulli_ expects p to be in [0, 1], but got p=" + format_repr_double(pv));
  torch_bernoulli_scalar_(*t, pv, g);
  return Value(t);
}

Value exponential_method(Interp& in, const ArrayPtr& t, Args& a) {
  TorchGenerator& g = take_generator(in, a);
  double l = double_arg(in, a.optional(0, "lambd", Value::floating(1.0)), "exponential_", "lambd", 1);
  a.finish(1);
  if (!(l > 0.0))
    in.raise_exc("RuntimeError", "exponential_ expects lambda > 0.0, but found lambda=" + format_repr_double(l));
  engine(in, [&] { torch_exponential_(*t, l, g); });
  return Value(t);
}

Value bernoulli_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.pos.insert(a.pos.begin(), Value(t));
  return bernoulli_fn(in, a);
}

Value multinomial_method(Interp& in, const ArrayPtr& t, Args& a) {
  a.pos.insert(a.pos.begin(), Value(t));
  return multinomial_fn(in, a);
}

const std::vector<NativeRow>& random_functions() {
  static const std::vector<NativeRow> m = {
      {"manual_seed", manual_seed_fn, {"manual_seed(seed)"}},
      {"initial_seed", initial_seed_fn, {"initial_seed()"}},
      {"seed", seed_fn, {"seed()"}},
      {"rand", sized_float_factory("rand", false)},
      {"randn", sized_float_factory("randn", true)},
      {"rand_like", like_float_factory("rand_like", false)},
      {"randn_like", like_float_factory("randn_like", true)},
      {"randint", randint_fn},
      {"randint_like", randint_like_fn},
      {"randperm", randperm_fn},
      {"normal", normal_fn},
      {"bernoulli", bernoulli_fn},
      {"multinomial", multinomial_fn},
  };
  return m;
}

const std::vector<std::pair<const char*, ArrayMethod>>& random_methods() {
  static const std::vector<std::pair<const char*, ArrayMethod>> m = {
      {"uniform_", uniform_method},         {"normal_", normal_method},       {"random_", random_method},
      {"bernoulli_", bernoulli_inplace_method}, {"exponential_", exponential_method}, {"bernoulli", bernoulli_method},
      {"multinomial", multinomial_method},
  };
  return m;
}

}  // namespace

void install_torch_random(Interp& in, ModuleObj& tm) {
  TypeObj* gen_t = in.new_type("Generator", "torch._C", {in.t.object});
  tm.attrs["Generator"] = Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), gen_t));
  gen_t->call = generator_new;
  gen_t->attrs["__repr__"] = in.builtin("__repr__", generator_repr);
  in.def_method(gen_t, "manual_seed", generator_manual_seed);
  in.def_method(gen_t, "initial_seed", generator_initial_seed);
  in.def_method(gen_t, "seed", generator_seed);
  // torch.default_generator: the session's generator (Note [Session state]),
  // not owned by the object
  auto dg = std::make_shared<GenericObj>(gen_t);
  dg->native = std::shared_ptr<void>(std::shared_ptr<void>(), &torch_default_generator());
  tm.attrs["default_generator"] = Value(std::static_pointer_cast<Obj>(dg));
  // getDefaultCPUGenerator: seeded from a non-deterministic source at start-up
  torch_default_generator().manual_seed(fresh_seed() >> 1);
  for (const NativeRow& r : random_functions()) def_fn(in, tm, r.name, r.fn, r.params);
  for (auto& [name, fn] : random_methods()) def_tensor_method(name, fn);
}

}  // namespace sl::lang
