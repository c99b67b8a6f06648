// torch/module: the `torch` module -- dtypes, torch.Size, torch.device,
// tensor creation (tensor, from_numpy, zeros/ones/empty/full, *_like, arange,
// linspace, eye), joining (cat, stack), triu/tril, equal, printing options,
// and torch.X(t, ...) forwarders for tensor methods. Tensor attributes and
// methods live in torch/tensor.cpp; the view algebra in core/torch/views.
//
// Invariant: install_torch registers names from tables that point at named
// functions (module_functions, install_dtypes, ...); a function converts its
// arguments and calls core/, it holds no layout rule.
#include <algorithm>
#include <map>
#include <cmath>
#include <cstring>
#include <functional>

#include "core/torch/autograd.hpp"
#include "core/model/element.hpp"
#include "core/torch/format.hpp"
#include "core/lang/objects/pyint.hpp"
#include "core/ops/copy.hpp"
#include "core/lang/torch/autograd.hpp"
#include "core/lang/torch/backward.hpp"
#include "core/lang/torch/convert.hpp"
#include "core/model/strides.hpp"
#include "core/torch/promotion.hpp"
#include "core/torch/views.hpp"
#include "core/model/session_state.hpp"

namespace sl::lang {

void install_tensor_methods(Interp& in);  // torch/tensor.cpp
void install_torch_random(Interp& in, ModuleObj& tm);  // torch/random.cpp
void install_torch_functional(Interp& in);             // torch/functional.cpp
void install_torch_products(Interp& in);               // torch/products.cpp
void install_torch_gather(Interp& in);                 // torch/gather.cpp
void install_torch_pointwise(Interp& in);              // torch/pointwise.cpp
void install_torch_function(Interp& in);               // torch/function.cpp
void install_torch_linalg(Interp& in, ModuleObj& tm);  // torch/linalg.cpp
void install_torch_inplace_views(Interp& in);          // torch/inplace_views.cpp
void install_torch_composite(Interp& in);              // torch/composite.cpp
void install_torch_special(Interp& in, ModuleObj& tm);  // torch/special.cpp
void install_torch_fft(Interp& in, ModuleObj& tm);      // torch/fft.cpp
void install_torch_view_copies(Interp& in, ModuleObj& tm);  // torch/view_copies.cpp
void install_torch_dtype_info(Interp& in, ModuleObj& tm);   // torch/dtype_info.cpp
void install_torch_scans(Interp& in, ModuleObj& tm);        // torch/scans.cpp
void install_torch_composite_more(Interp& in, ModuleObj& tm);  // torch/composite_more.cpp
void install_torch_more_ops(Interp& in, ModuleObj& tm);     // torch/more_ops.cpp

// Parameter.__repr__ puts "Parameter containing:" on a line of its own before the tensor's repr.
std::string tensor_repr(Interp& in, const Value& a) {
  check_torch_print_options(in, a.arr());
  std::string r = format_tensor(a.arr(), torch_default_dtype());
  return is_parameter(a.arr()) ? "Parameter containing:\n" + r : r;
}

namespace {
struct TorchDefaultDType {  // torch.set_default_dtype; a session slot (Note [Session state])
  DType dtype = DType::F32;
};
}  // namespace
DType& torch_default_dtype() { return session_state<TorchDefaultDType>().dtype; }

namespace {

Value type_value(TypeObj* t) { return Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), t)); }

TypeObj* size_type(Interp& in) { return in.modules.at("torch")->attrs.at("Size").as<TypeObj>(); }

DType default_complex() { return torch_default_dtype() == DType::F64 ? DType::C128 : DType::C64; }

// The dtypes stridelab tensors hold: every numeric one (PyTorch 2.3+ has uint16/32/64
// too, as "limited support" dtypes; stridelab runs every op on them).
bool torch_has_dtype(DType dt) { return !is_flexible(dt); }

// c10's type names in checked_convert messages ("uint8_t", "int", "at::Half").
const char* checked_name(DType dt) {
  switch (dt) {
    case DType::U8: return "uint8_t";
    case DType::I8: return "int8_t";
    case DType::I16: return "int16_t";
    case DType::I32: return "int";
    case DType::I64: return "int64_t";
    case DType::F16: return "at::Half";
    case DType::F32: return "float";
    case DType::F64: return "double";
    case DType::C64: return "c10::complex<float>";
    case DType::C128: return "c10::complex<double>";
    default: return name(dt);
  }
}

// Range of an integer dtype, as doubles and as integers.
void int_range(DType dt, int64_t& lo, uint64_t& hi) {
  int bits = 8 * itemsize(dt);
  if (is_unsigned_int(dt)) {
    lo = 0;
    hi = bits == 64 ? UINT64_MAX : (uint64_t(1) << bits) - 1;
  } else {
    lo = bits == 64 ? INT64_MIN : -(int64_t(1) << (bits - 1));
    hi = bits == 64 ? uint64_t(INT64_MAX) : (uint64_t(1) << (bits - 1)) - 1;
  }
}

// One number read out of a Python value or a one-element tensor.
struct Number {
  enum Kind { Bool, Int, Float, Complex } kind = Int;
  int64_t i = 0;
  double re = 0, im = 0;
};

Number number_of(Interp& in, const Value& v) {
  Number n;
  if (v.is_bool()) {
    n.kind = Number::Bool;
    n.i = v.as_bool();
  } else if (v.is_int() || is_bigint(v)) {
    n.i = int_to_int64(in, v, "RuntimeError", "Overflow when unpacking long");  // THPUtils_unpackLong
  } else if (v.is_float()) {
    n.kind = Number::Float;
    n.re = v.as_float();
  } else if (auto* c = v.as<ComplexObj>()) {
    n.kind = Number::Complex;
    n.re = c->re;
    n.im = c->im;
  } else if (v.is_array() && v.arr().size() == 1) {
    const Array& a = v.arr();
    std::vector<int64_t> zero(size_t(a.ndim()), 0);
    const char* p = a.storage->data() + flat_offset(a, zero);
    if (a.dtype == DType::Bool) {
      n.kind = Number::Bool;
      n.i = load<bool>(p);
    } else if (is_integer(a.dtype)) {
      n.i = load_as<int64_t>(a.dtype, p);
    } else if (is_float(a.dtype)) {
      n.kind = Number::Float;
      n.re = load_as<double>(a.dtype, p);
    } else {
      n.kind = Number::Complex;
      c128 c = load_as<c128>(a.dtype, p);
      n.re = c.real();
      n.im = c.imag();
    }
  } else if (v.is_array()) {
    in.raise_exc("RuntimeError", "a Tensor with " + std::to_string(v.arr().size()) + " elements cannot be converted to Scalar");
  } else {
    in.raise_exc("TypeError", "must be real number, not " + in.type_of(v)->name);
  }
  return n;
}

// c10::overflows<To, From> (c10/util/TypeCast.h, Half.h).
bool overflows(const Number& n, DType dt) {
  if (dt == DType::Bool) return false;
  if (n.kind == Number::Bool) return false;
  if (n.kind == Number::Complex && !is_complex(dt) && n.im != 0) return true;
  if (is_integer(dt)) {
    int64_t lo;
    uint64_t hi;
    int_range(dt, lo, hi);
    if (n.kind == Number::Int) {
      if (is_unsigned_int(dt))  // negative values may wrap (two's complement), down to -max
        return (n.i > 0 && uint64_t(n.i) > hi) || (n.i < 0 && uint64_t(-(n.i + 1)) + 1 > hi);
      return n.i < lo || (n.i > 0 && uint64_t(n.i) > hi);
    }
    double f = n.re;
    if (std::isnan(f)) return true;
    return f < double(lo) || f > double(hi);
  }
  // floating / complex targets: infinities and NaN fit; finite values must be in range
  double mx = (dt == DType::F16) ? 65504.0 : (dt == DType::F32 || dt == DType::C64) ? 3.4028234663852886e38 : INFINITY;
  auto out = [&](double f) { return std::isfinite(f) && (f < -mx || f > mx); };
  if (n.kind == Number::Int) return out(double(n.i));
  return out(n.re) || (is_complex(dt) && out(n.im));
}

void store_number(const Number& n, DType dt, char* out) {
  switch (n.kind) {
    case Number::Bool: store_as(dt, out, bool(n.i)); break;
    case Number::Int: store_as(dt, out, n.i); break;
    case Number::Float: store_as(dt, out, n.re); break;
    case Number::Complex: store_as(dt, out, c128(n.re, n.im)); break;
  }
}

}  // namespace

void torch_scalar_to_bytes(Interp& in, const Value& v, DType dt, char* out, bool tensor_data) {
  if (v.as<StrObj>() || v.is_none() || v.as<ListObj>() || v.as<TupleObj>())
    in.raise_exc("TypeError", "must be real number, not " + in.type_of(v)->name);
  Number n = number_of(in, v);
  if (tensor_data) {
    // tensor_new.cpp store_scalar: integers are range-checked (named by the
    // dtype), floats are plain casts, complex into a real dtype is a TypeError.
    if (n.kind == Number::Complex && !is_complex(dt)) in.raise_exc("TypeError", "must be real number, not complex");
    if (is_integer(dt) && overflows(n, dt))
      in.raise_exc("RuntimeError", std::string("value cannot be converted to type ") + info(dt).torch_name + " without overflow");
  } else if (overflows(n, dt)) {
    in.raise_exc("RuntimeError", std::string("value cannot be converted to type ") + checked_name(dt) + " without overflow");
  }
  store_number(n, dt, out);
}

DType torch_scalar_dtype(Interp& in, const Value& v) {
  if (v.is_bool()) return DType::Bool;
  if (v.is_int()) return DType::I64;
  if (is_bigint(v)) in.raise_exc("RuntimeError", "Overflow when unpacking long");
  if (v.is_float()) return torch_default_dtype();
  if (v.as<ComplexObj>()) return default_complex();
  if (v.is_array()) return v.arr().dtype;
  in.raise_exc("TypeError", "must be real number, not " + in.type_of(v)->name);
}

Value torch_size_value(Interp& in, const Shape& s) {
  std::vector<Value> items;
  for (int64_t d : s) items.push_back(Value::integer(d));
  Value v = make_tuple(std::move(items));
  v.as<TupleObj>()->type = size_type(in);
  return v;
}

Value tensor_tuple(const std::vector<ArrayPtr>& ts) {
  std::vector<Value> items;
  for (auto& t : ts) items.push_back(Value(t));
  return make_tuple(std::move(items));
}


ArrayPtr python_tensor_arg(Interp& in, const Value& v, const char* first_attr, const std::string& fname) {
  if (!is_tensor(v)) in.getattr(v, first_attr);
  return tensor_arg(in, v, fname, "input", 1);
}

namespace {
// The type name PyTorch's argument parser prints (tp_name): NumPy's types
// are qualified ("numpy.ndarray", "numpy.float64"), builtins are not.
std::string parser_type_name(Interp& in, const Value& v) {
  if (v.is_array() && !v.arr().is_torch()) return "numpy." + in.type_of(v)->name;
  return in.type_of(v)->name;
}
}  // namespace

ArrayPtr tensor_arg(Interp& in, const Value& v, const std::string& fname, const std::string& argname, int position) {
  if (is_tensor(v)) return v.array();
  in.raise_exc("TypeError", fname + "(): argument '" + argname + "' (position " + std::to_string(position) +
                                ") must be Tensor, not " + parser_type_name(in, v));
}

void check_dim_name(Interp& in, const Value& v, int64_t ndim, bool none_is_name) {
  if (auto* s = v.as<StrObj>()) {
    std::string names;
    for (int64_t k = 0; k < ndim; ++k) names += k ? ", None" : "None";
    in.raise_exc("RuntimeError", "Name '" + s->s + "' not found in Tensor[" + names + "].");
  }
  if (v.is_none() && none_is_name) in.raise_exc("RuntimeError", "Please look up dimensions by name, got: name = None.");
}

// Note [Overload lists]
// PyTorch's argument parser (PythonArgParser) tries each signature of an
// overloaded function; when none binds it raises TypeError "<f>() received an
// invalid combination of arguments - got (<types>), but expected one of:" and
// each signature on a line of its own, in the parser's words (format_invalid_args
// in torch/csrc/utils/invalid_arguments.cpp). The factories' signature lists are
// below; a call without a size, with a dtype= that is no torch.dtype, or with a
// keyword none of them has binds to none of them.
const std::vector<std::string>& factory_overloads(const std::string& fname) {
  static const std::string tail = "torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
                                  "bool pin_memory = False, bool requires_grad = False";
  static const std::map<std::string, std::vector<std::string>> table = {
      {"ones", {"tuple of ints size, *, tuple of names names, " + tail, "tuple of ints size, *, Tensor out = None, " + tail}},
      {"zeros", {"tuple of ints size, *, tuple of names names, " + tail, "tuple of ints size, *, Tensor out = None, " + tail}},
      {"empty",
       {"tuple of ints size, *, tuple of names names, torch.memory_format memory_format = None, " + tail,
        "tuple of ints size, *, torch.memory_format memory_format = None, Tensor out = None, " + tail}},
      {"full",
       {"tuple of ints size, Number fill_value, *, tuple of names names, " + tail,
        "tuple of ints size, Number fill_value, *, Tensor out = None, " + tail}},
      {"rand",
       {"tuple of ints size, *, torch.Generator generator, tuple of names names, " + tail,
        "tuple of ints size, *, torch.Generator generator, Tensor out = None, " + tail,
        "tuple of ints size, *, Tensor out = None, " + tail, "tuple of ints size, *, tuple of names names, " + tail}},
  };
  auto it = table.find(fname == "randn" ? "rand" : fname);
  static const std::vector<std::string> none;
  return it == table.end() ? none : it->second;
}

[[noreturn]] void invalid_combination(Interp& in, const std::string& fname, const Args& a,
                                      const std::vector<std::string>& signatures, const std::vector<std::string>& why) {
  std::string got;
  for (const Value& v : a.pos) got += (got.empty() ? "" : ", ") + parser_type_name(in, v);
  std::string kws;  // the parser lists the keywords last to first
  for (auto it = a.kw.rbegin(); it != a.kw.rend(); ++it) kws += (kws.empty() ? "" : ", ") + it->first + "=" + parser_type_name(in, it->second);
  if (!kws.empty()) got += got.empty() ? kws + ", " : ", " + kws;
  std::string msg = fname + "() received an invalid combination of arguments - got (" + got + "), but expected one of:\n";
  for (size_t k = 0; k < signatures.size(); ++k) {
    msg += " * (" + signatures[k] + ")\n";
    if (k < why.size() && !why[k].empty()) msg += "      didn't match because " + why[k] + "\n";
  }
  in.raise_exc("TypeError", msg);
}

void check_factory_call(Interp& in, const Args& a, const std::string& fname) {
  const auto& sigs = factory_overloads(fname);
  if (sigs.empty()) return;
  const bool full = fname == "full", random = fname == "rand" || fname == "randn";
  bool size = !a.pos.empty(), fill = a.pos.size() > 1, bad = false;
  for (const auto& [k, v] : a.kw) {
    if (k == "size") size = true;
    else if (k == "fill_value" && full) fill = true;
    else if (k == "dtype") bad |= !v.is_none() && !(v.as<DTypeObj>() && v.as<DTypeObj>()->torch);
    else if (k == "generator") bad |= !random;
    else if (k == "memory_format") bad |= fname != "empty";
    else if (k != "device" && k != "layout" && k != "pin_memory" && k != "requires_grad" && k != "out" && k != "names")
      bad = true;
  }
  if (!size || (full && !fill) || bad) invalid_combination(in, fname, a, sigs);
}

void require_sizes(Interp& in, const Args& a, const std::string& fname, const std::string& argname) {
  if (!a.pos.empty()) return;
  for (const auto& kv : a.kw)
    if (kv.first == argname) return;
  in.raise_exc("TypeError", fname + "() missing 1 required positional arguments: \"" + argname + "\"");
}

bool bool_arg(Interp& in, const Value& v, const std::string& fname, const std::string& argname) {
  if (!v.is_bool())
    in.raise_exc("TypeError", fname + "(): argument '" + argname + "' must be bool, not " + parser_type_name(in, v));
  return v.as_bool();
}

int64_t int_arg(Interp& in, const Value& v, const std::string& fname, const std::string& argname, IntParam kind) {
  if (v.is_int() || v.is_bool()) return v.as_int();
  const bool ndarray = v.is_array() && !v.arr().is_torch() && v.arr().flavor != Flavor::Scalar;
  if (v.is_array() && !(ndarray && kind == IntParam::Int) && v.arr().size() == 1 &&
      (is_integer(v.arr().dtype) || v.arr().dtype == DType::Bool))
    return in.index_value(v);
  in.raise_exc("TypeError", fname + "(): argument '" + argname + "' must be int, not " + parser_type_name(in, v));
}

Shape size_args(Interp& in, Args& a, size_t first, const std::string& fname, const std::string& argname) {
  std::vector<Value> items;
  Value kw;
  if (a.pos.size() <= first && a.take(first, argname.c_str(), kw)) {
    items = in.to_vector(kw);
  } else if (a.pos.size() == first + 1 && (a.pos[first].as<TupleObj>() || a.pos[first].as<ListObj>())) {
    items = in.to_vector(a.pos[first]);
  } else {
    items.assign(a.pos.begin() + long(std::min(first, a.pos.size())), a.pos.end());
  }
  Shape s;
  for (size_t k = 0; k < items.size(); ++k) {
    const Value& x = items[k];
    // PyTorch 2.x's two messages: a bad first element, or a bad later one
    if (!(x.is_int() || (x.is_array() && x.arr().size() == 1 && is_integer(x.arr().dtype)))) {
      if (k == 0)
        in.raise_exc("TypeError", fname + "(): argument '" + argname + "' (position " + std::to_string(first + 1) +
                                      ") must be tuple of ints, but found element of type " + in.type_of(x)->name +
                                      " at pos 0");
      in.raise_exc("TypeError", fname + "(): argument '" + argname + "' failed to unpack the object at pos " +
                                    std::to_string(k + 1) + " with error \"type must be tuple of ints,but got " +
                                    in.type_of(x)->name + "\"");
    }
    s.push_back(in.index_value(x));
  }
  return s;
}

// ---------------------------------------------------------------- torch.tensor

namespace {

// Mirrors torch/csrc/utils/tensor_new.cpp: infer_scalar_type (promoting over
// a sequence), compute_sizes (following first elements), recursive_store.
bool is_sequence(const Value& v) {
  return v.as<ListObj>() || v.as<TupleObj>() || v.as<RangeObj>() ||
         (v.is_array() && v.arr().flavor == Flavor::NumPy && v.arr().ndim() > 0);
}

std::vector<Value> seq_items(Interp& in, const Value& v) { return in.to_vector(v); }

DType infer_scalar_type(Interp& in, const Value& v) {
  if (v.is_float()) return torch_default_dtype();
  if (v.is_bool()) return DType::Bool;
  if (v.is_int()) return DType::I64;
  if (is_bigint(v)) in.raise_exc("RuntimeError", "Overflow when unpacking long");
  if (v.as<ComplexObj>()) return default_complex();
  if (v.is_array()) {
    const Array& a = v.arr();
    if (!torch_has_dtype(a.dtype))
      in.raise_exc("TypeError", std::string("can't convert np.ndarray of type numpy.") + name(a.dtype) +
                                    ". The only supported types are: float64, float32, float16, complex64, complex128, "
                                    "int64, int32, int16, int8, uint8, and bool.");
    return a.dtype;
  }
  if (v.as<ListObj>() || v.as<TupleObj>() || v.as<RangeObj>()) {
    // A list that holds itself further down recurses without end in PyTorch (its
    // stack overflows); here it ends as CPython ends C recursion, in RecursionError.
    Interp::CRecursion level(in, " while inferring the dtype of nested sequences");
    std::optional<DType> out;
    for (auto& x : seq_items(in, v)) {
      if (x.is_obj() && x.identity() == v.identity()) in.raise_exc("TypeError", "new(): self-referential lists are incompatible");
      DType d = infer_scalar_type(in, x);
      out = out ? torch_promote_types(*out, d) : d;
    }
    return out ? *out : torch_default_dtype();
  }
  if (v.is_none()) in.raise_exc("RuntimeError", "Could not infer dtype of NoneType");
  in.raise_exc("TypeError", "new(): invalid data type '" + in.type_of(v)->name + "'");
}

constexpr size_t kMaxDims = 128;  // tensor_new.cpp's MAX_DIMS

Shape compute_sizes(Interp& in, const Value& data) {
  Shape sizes;
  Value cur = data;
  for (;;) {
    if (!is_sequence(cur)) break;  // tensors inside a list are scalars (item())
    std::vector<Value> items = seq_items(in, cur);
    sizes.push_back(int64_t(items.size()));
    if (sizes.size() > kMaxDims) in.raise_exc("ValueError", "too many dimensions '" + in.type_of(cur)->name + "'");
    if (items.empty()) break;
    cur = items[0];
  }
  return sizes;
}

void recursive_store(Interp& in, char* p, const Shape& sizes, const Strides& strides, size_t dim, DType dt,
                     const Value& obj) {
  if (dim == sizes.size()) {
    if (is_tensor(obj) && obj.arr().size() != 1)
      in.raise_exc("ValueError", "only one element tensors can be converted to Python scalars");
    // store_scalar's unpacking: a float or complex element is read as a double (PyFloat_AsDouble), others as an integer
    if (is_sequence(obj))
      in.raise_exc("TypeError", is_inexact(dt)
                                    ? "must be real number, not " + in.type_of(obj)->name
                                    : "'" + in.type_of(obj)->name + "' object cannot be interpreted as an integer");
    torch_scalar_to_bytes(in, obj, dt, p, true);
    return;
  }
  if (!is_sequence(obj)) in.raise_exc("TypeError", "not a sequence");
  std::vector<Value> items = seq_items(in, obj);
  if (int64_t(items.size()) != sizes[dim])
    in.raise_exc("ValueError", "expected sequence of length " + std::to_string(sizes[dim]) + " at dim " +
                                   std::to_string(dim) + " (got " + std::to_string(items.size()) + ")");
  for (size_t k = 0; k < items.size(); ++k)
    recursive_store(in, p + int64_t(k) * strides[dim], sizes, strides, dim + 1, dt, items[k]);
}

}  // namespace

ArrayPtr torch_tensor_from_data(Interp& in, const Value& data, std::optional<DType> dt) {
  if (dt && !torch_has_dtype(*dt)) in.raise_exc("TypeError", std::string("torch has no dtype ") + name(*dt));
  if (data.is_array() && data.arr().flavor != Flavor::Scalar) {
    // A tensor or an ndarray: tensor.to(dtype, copy=True) keeps the memory format.
    ArrayPtr src = is_tensor(data) ? data.array() : tensor_from_numpy(in, data);
    return torch_clone(*src, dt ? *dt : src->dtype);
  }
  Shape sizes = compute_sizes(in, data);  // before the dtype, as internal_new_from_data
  DType out_dt = dt ? *dt : infer_scalar_type(in, data);
  ArrayPtr out = make_array(out_dt, sizes, 'C', Flavor::Torch);
  if (out->size() == 0) return out;
  recursive_store(in, out->data(), sizes, out->strides, 0, out_dt, data);
  return out;
}

// torch.from_numpy (torch/csrc/utils/tensor_numpy.cpp): the same bytes,
// strides and dtype; negative or unaligned strides and dtypes torch lacks are refused.
ArrayPtr tensor_from_numpy(Interp& in, const Value& v) {
  if (!v.is_array() || v.arr().flavor != Flavor::NumPy)
    in.raise_exc("TypeError", "expected np.ndarray (got " + in.type_name(v) + ")");
  ArrayPtr a = v.array();
  for (int64_t s : a->strides) {
    if (s < 0)
      in.raise_exc("ValueError",
                   "At least one stride in the given numpy array is negative, and tensors with negative strides are "
                   "not currently supported. (You can probably work around this by making a copy of your array  with "
                   "array.copy().) ");
    if (s % a->itemsize() != 0)
      in.raise_exc("ValueError", "given numpy array strides not a multiple of the element byte size. Copy the numpy "
                                 "array to reallocate the memory.");
  }
  if (!torch_has_dtype(a->dtype))
    in.raise_exc("TypeError", std::string("can't convert np.ndarray of type numpy.") + name(a->dtype) +
                                  ". The only supported types are: float64, float32, float16, complex64, complex128, "
                                  "int64, int32, int16, int8, uint8, and bool.");
  ArrayPtr t = alias_array(*a, Flavor::Torch, nullptr);  // not a view: torch.from_numpy(a)._base is None
  t->writeable = true;
  t->warn_on_write = false;
  return t;
}

// Tensor.numpy() (tensor_numpy.cpp tensor_to_numpy): an ndarray over the same
// bytes whose .base is tensor.detach() -- an alias of the tensor, not itself.
ArrayPtr numpy_from_tensor(const ArrayPtr& t) {
  ArrayPtr a = alias_array(*t, Flavor::NumPy, torch_alias_root(t));
  a->writeable = true;
  return a;
}

// ---------------------------------------------------------------- module functions

namespace {

struct Factory {
  std::optional<DType> dtype;
};

// The keyword arguments every factory accepts: dtype, device ('cpu'),
// layout, pin_memory, out (unsupported); requires_grad is factory_function's.
// A *_like factory (like = true) follows its input's device, not the default one.
Factory factory_kwargs(Interp& in, Args& a, bool like = false) {
  Factory f;
  Value v;
  if (a.take(999, "dtype", v) && !v.is_none()) f.dtype = to_dtype(in, v);
  Value dev;
  a.take(999, "device", dev);
  if (like && dev.is_none()) dev = make_str("cpu");
  check_factory_device(in, dev);
  a.take(999, "layout", v);
  if (a.take(999, "pin_memory", v) && in.truthy(v))
    in.raise_exc("RuntimeError", "Need to provide pin_memory allocator to use pin memory.");
  a.take(999, "memory_format", v);
  if (a.take(999, "out", v) && !v.is_none())
    in.raise_exc("NotImplementedError", "stridelab does not support out= for torch factories");
  if (f.dtype && !torch_has_dtype(*f.dtype)) in.raise_exc("TypeError", std::string("torch has no dtype ") + name(*f.dtype));
  return f;
}

void fill_value(Interp& in, const ArrayPtr& t, const Value& v) {
  alignas(16) char buf[16] = {};
  torch_scalar_to_bytes(in, v, t->dtype, buf);
  fill(*t, t->dtype, buf);
}

Value filled(Interp& in, Args& a, const char* what) {
  check_factory_call(in, a, what);  // Note [Overload lists]
  bool full = std::strcmp(what, "full") == 0;
  Value fv;
  Factory f;
  Shape shape;
  if (full) {
    fv = a.required(1, "fill_value");
    f = factory_kwargs(in, a);
    Value sz = a.required(0, "size");
    a.finish(2);
    if (!sz.as<TupleObj>() && !sz.as<ListObj>())
      in.raise_exc("TypeError", "full(): argument 'size' must be tuple of ints, not " + in.type_of(sz)->name);
    Args tmp;
    tmp.pos = {sz};
    shape = size_args(in, tmp, 0, "full");
  } else {
    f = factory_kwargs(in, a);
    shape = size_args(in, a, 0, what);
  }
  for (int64_t d : shape)
    if (d < 0) in.raise_exc("RuntimeError", "Trying to create tensor with negative dimension " + std::to_string(d) + ": " + list_repr(shape));
  DType dt = f.dtype ? *f.dtype : full ? torch_scalar_dtype(in, fv) : torch_default_dtype();
  ArrayPtr out = make_array(dt, shape, 'C', Flavor::Torch);
  if (std::strcmp(what, "ones") == 0) fill_value(in, out, Value::integer(1));
  else if (full) fill_value(in, out, fv);
  return Value(out);
}

Value filled_like(Interp& in, Args& a, const char* what) {
  bool full = std::strcmp(what, "full") == 0;
  ArrayPtr proto = tensor_arg(in, a.required(0, "input"), std::string(what) + "_like", "input", 1);
  Value fv;
  if (full) fv = a.required(1, "fill_value");
  Factory f = factory_kwargs(in, a, true);
  a.finish(full ? 2 : 1);
  ArrayPtr out = torch_empty_like(*proto, f.dtype ? *f.dtype : proto->dtype);
  if (std::strcmp(what, "ones") == 0) fill_value(in, out, Value::integer(1));
  else if (full) fill_value(in, out, fv);
  return Value(out);
}

bool is_float_number(const Value& v) {
  return v.is_float() || (v.is_array() && is_inexact(v.arr().dtype));
}

// The vectorised loop of ATen's CPU range kernels (RangeFactoriesKernel.cpp,
// AVX2 build): blocks of V = 32 / itemsize lanes, two blocks per step; lane k
// of a block is put(blk + k, lane(b, k)) from the block's base b = first(blk);
// the elements after the last pair of blocks are put(i, tail(i)).
template <class First, class Lane, class Tail, class Put>
void fill_range_blocks(int64_t n, int64_t V, First first, Lane lane, Tail tail, Put put) {
  int64_t i = 0;
  for (; i + 2 * V <= n; i += 2 * V)
    for (int64_t blk = i; blk < i + 2 * V; blk += V) {
      const auto b = first(blk);
      for (int64_t k = 0; k < V; ++k) put(blk + k, lane(b, k));
    }
  for (; i < n; ++i) put(i, tail(i));
}

// torch.arange (RangeFactories.cpp arange_out + RangeFactoriesKernel.cpp).
// Length ceil((end - start) / step) in double. Integer results are start + i*step
// exactly. Floating results follow the CPU kernel (AVX2 build): values are
// computed in double (float/half) or the dtype, as fma(step, i, start) rounded to
// the dtype; inside each vectorised block of V = 32 / itemsize elements (processed
// in pairs) lane k is base + k*step from the block's rounded base.
Value torch_arange(Interp& in, Args& a) {
  Factory f = factory_kwargs(in, a);
  std::vector<Value> p;
  Value v;
  if (a.pos.empty()) {  // keywords only: arange(start=..., end=..., step=...)
    if (a.take(0, "start", v)) p.push_back(v);
    if (a.take(1, "end", v)) p.push_back(v);
    else in.raise_exc("TypeError", "arange() missing required argument 'end'");
    if (a.take(2, "step", v)) p.push_back(v);
  } else {
    p = a.pos;
    if (p.size() == 1 && a.take(1, "end", v)) in.raise_exc("TypeError", "arange() received an invalid combination of arguments");
    if (p.size() == 2 && a.take(2, "step", v)) p.push_back(v);
  }
  a.finish(3);
  if (p.empty() || p.size() > 3) in.raise_exc("TypeError", "arange() received an invalid combination of arguments");
  // each bound is a Number: a Python number, a NumPy scalar or a 0-dim tensor
  auto number = [](const Value& v) {
    return v.is_int() || v.is_float() || v.is_bool() || v.as<BigIntObj>() || v.as<ComplexObj>() ||
           (v.is_array() && (v.arr().flavor == Flavor::Scalar || (v.arr().is_torch() && v.arr().ndim() == 0)));
  };
  for (const Value& x : p) {
    if (number(x)) continue;
    if (p.size() == 1)
      in.raise_exc("TypeError", "arange(): argument 'end' (position 1) must be Number, not " + parser_type_name(in, x));
    static const std::string tail = "torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
                                    "bool pin_memory = False, bool requires_grad = False";
    Args got;
    got.pos = p;
    invalid_combination(in, "arange", got,
                        {"Number end, *, Tensor out = None, " + tail, "Number start, Number end, *, " + tail,
                         "Number start, Number end, Number step = 1, *, Tensor out = None, " + tail});
  }
  for (const Value& x : p)
    if (x.as<ComplexObj>()) in.raise_exc("RuntimeError", "value cannot be converted to type double without overflow");
  Value start = Value::integer(0), end, step = Value::integer(1);
  if (p.size() == 1) end = p[0];
  else {
    start = p[0];
    end = p[1];
    if (p.size() == 3) step = p[2];
  }
  bool any_float = is_float_number(start) || is_float_number(end) || is_float_number(step);
  DType dt = f.dtype ? *f.dtype : any_float ? torch_default_dtype() : DType::I64;
  double ds = in.float_value(start), de = in.float_value(end), dst = in.float_value(step);
  // the bounds and step are first cast to the dtype's accumulate type
  if (dst == 0 || (is_integer(dt) && int64_t(dst) == 0)) in.raise_exc("RuntimeError", "step must be nonzero");
  if (!std::isfinite(ds) || !std::isfinite(de)) in.raise_exc("RuntimeError", "unsupported range: " + in.repr(start) + " -> " + in.repr(end));
  if (!((dst > 0 && de >= ds) || (dst < 0 && de <= ds)))
    in.raise_exc("RuntimeError", "upper bound and larger bound inconsistent with step sign");
  double size_d;
  bool int_math = dt == DType::I64 && !any_float;
  if (int_math) size_d = std::ceil(double(in.index_value(end) - in.index_value(start)) / double(in.index_value(step)));
  else size_d = std::ceil((de - ds) / dst);
  if (!(size_d >= 0 && size_d <= double(INT64_MAX)))
    in.raise_exc("RuntimeError", "invalid size, possible overflow?");
  int64_t n = int64_t(size_d);
  ArrayPtr out = make_array(dt, {n}, 'C', Flavor::Torch);
  char* o = out->data();
  const int isz = out->itemsize();
  if (is_integer(dt) || dt == DType::Bool) {
    int64_t s0 = any_float ? int64_t(ds) : in.index_value(start), st = any_float ? int64_t(dst) : in.index_value(step);
    for (int64_t i = 0; i < n; ++i) store_as(dt, o + i * isz, s0 + i * st);
    return Value(out);
  }
  const int64_t V = 32 / isz;
  auto scalar = [&](int64_t i) { return std::fma(dst, double(i), ds); };
  visit_dtype(dt, [&](auto t) {
    using T = decltype(t);
    auto put = [&](int64_t i, T v) { store(o + i * isz, v); };
    auto tail = [&](int64_t i) { return cast_value<T>(scalar(i)); };
    if constexpr (is_complex_t<T>::value) {
      for (int64_t i = 0; i < n; ++i) put(i, tail(i));
    } else {
      auto lane = [&](T base, int64_t k) { return k ? cast_value<T>(std::fma(double(k), dst, double(cast_value<double>(base)))) : base; };
      fill_range_blocks(n, V, tail, lane, tail, put);
    }
  });
  return Value(out);
}

// torch.linspace (RangeFactoriesKernel.cpp linspace_kernel, PyTorch 2.x):
// step = (end - start) / (steps - 1) in the dtype (double for integer dtypes);
// element i is start + step*i for i < steps/2 and end - step*(steps - i - 1)
// after: for float, double, complex parts and (in double, then truncated)
// integers one fused multiply-add rounded once
// (PyTorch 1.13 rounded a base per vector block and added k*step to it, which
// differs in the last bit); for half every operation rounds to half.
Value torch_linspace(Interp& in, Args& a) {
  Factory f = factory_kwargs(in, a);
  Value start = a.required(0, "start"), end = a.required(1, "end");
  Value stepsv;
  if (!a.take(2, "steps", stepsv)) in.raise_exc("TypeError", "linspace() missing 1 required positional arguments: \"steps\"");
  a.finish(3);
  int64_t steps = int_arg(in, stepsv, "linspace", "steps");
  if (steps < 0) in.raise_exc("RuntimeError", "number of steps must be non-negative");
  // complex bounds give the default complex dtype (linspace_logspace_infer_options)
  const bool cplx = start.as<ComplexObj>() || end.as<ComplexObj>();
  DType dt = f.dtype ? *f.dtype : cplx ? default_complex() : torch_default_dtype();
  ArrayPtr out = make_array(dt, {steps}, 'C', Flavor::Torch);
  char* o = out->data();
  const int isz = out->itemsize();
  const Number ns = number_of(in, start), ne = number_of(in, end);
  if (!is_complex(dt) && cplx) in.raise_exc("TypeError", "must be real number, not complex");
  auto real_of = [](const Number& n) { return n.kind == Number::Float || n.kind == Number::Complex ? n.re : double(n.i); };
  double s = real_of(ns), e = real_of(ne);
  if (steps == 0) return Value(out);
  if (steps == 1 && !is_complex(dt)) {
    store_as(dt, o, s);
    return Value(out);
  }
  const int64_t half = steps / 2;
  visit_dtype(dt, [&](auto t) {
    using T = decltype(t);
    if constexpr (is_complex_t<T>::value) {  // the same halves, each part one fma
      using R = typename T::value_type;
      const T s0(R(s), R(ns.im)), e0(R(e), R(ne.im)), st = steps > 1 ? (e0 - s0) / R(steps - 1) : T(0);
      auto fma = [](T step, R k, T base) { return T(std::fma(step.real(), k, base.real()), std::fma(step.imag(), k, base.imag())); };
      for (int64_t i = 0; i < steps; ++i) store(o + i * isz, i < half || steps == 1 ? fma(st, R(i), s0) : fma(-st, R(steps - i - 1), e0));
    } else if constexpr (std::is_integral_v<T>) {
      double st = (double(cast_value<T>(e)) - double(cast_value<T>(s))) / double(steps - 1);
      double s0 = double(cast_value<T>(s)), e0 = double(cast_value<T>(e));
      for (int64_t i = 0; i < steps; ++i)
        store(o + i * isz, cast_value<T>(i < half ? std::fma(st, double(i), s0) : std::fma(-st, double(steps - i - 1), e0)));
    } else {
      using A = std::conditional_t<std::is_same_v<T, double>, double, float>;
      auto put = [&](int64_t i, T v) { store(o + i * isz, v); };
      if constexpr (std::is_same_v<T, A>) {
        const A s0 = A(s), e0 = A(e), st = (e0 - s0) / A(steps - 1);
        for (int64_t i = 0; i < steps; ++i) put(i, i < half ? std::fma(st, A(i), s0) : std::fma(-st, A(steps - i - 1), e0));
      } else {
        // c10::Half rounds the result of every operation, operands included
        auto rnd = [](A x) { return A(cast_value<double>(cast_value<T>(x))); };
        const A s0 = rnd(A(s)), e0 = rnd(A(e)), st = rnd(rnd(e0 - s0) / rnd(A(steps - 1)));
        for (int64_t i = 0; i < steps; ++i)
          put(i, cast_value<T>(i < half ? s0 + rnd(st * rnd(A(i))) : e0 - rnd(st * rnd(A(steps - i - 1)))));
      }
    }
  });
  return Value(out);
}

Value torch_eye(Interp& in, Args& a) {
  Factory f = factory_kwargs(in, a);
  int64_t n = int_arg(in, a.required(0, "n"), "eye", "n", IntParam::SymInt);
  Value mv = a.optional(1, "m");
  a.finish(2);
  int64_t m = mv.is_none() ? n : int_arg(in, mv, "eye", "m", IntParam::SymInt);
  if (n < 0) in.raise_exc("RuntimeError", "n must be greater or equal to 0, got " + std::to_string(n));
  if (m < 0) in.raise_exc("RuntimeError", "m must be greater or equal to 0, got " + std::to_string(m));
  ArrayPtr out = make_array(f.dtype ? *f.dtype : torch_default_dtype(), {n, m}, 'C', Flavor::Torch);
  for (int64_t i = 0; i < std::min(n, m); ++i) store_as(out->dtype, out->data() + i * (out->strides[0] + out->strides[1]), int64_t(1));
  return Value(out);
}

std::vector<ArrayPtr> tensor_list(Interp& in, const Value& v, const std::string& fname) {
  if (!v.as<ListObj>() && !v.as<TupleObj>())
    in.raise_exc("TypeError", fname + "(): argument 'tensors' (position 1) must be tuple of Tensors, not " + in.type_of(v)->name);
  std::vector<ArrayPtr> out;
  for (auto& x : in.to_vector(v)) {
    if (!is_tensor(x))
      in.raise_exc("TypeError", "expected Tensor as element " + std::to_string(out.size()) + " in argument 0, but got " +
                                    in.type_of(x)->name);
    out.push_back(x.array());
  }
  return out;
}

}  // namespace

// torch functions whose NumPy namesake (reached through the ufunc engine,
// which keeps tensors tensors with PyTorch's dtype rules) computes the same
// thing: torch name -> numpy name. Only for names no tensor method provides.
const std::unordered_map<std::string, std::string>& numpy_namesakes() {
  static const std::unordered_map<std::string, std::string> m = {
      {"abs", "abs"},       {"exp", "exp"},         {"log", "log"},           {"log2", "log2"},
      {"log10", "log10"},   {"sqrt", "sqrt"},       {"sin", "sin"},           {"cos", "cos"},
      {"tan", "tan"},       {"tanh", "tanh"},       {"floor", "floor"},       {"ceil", "ceil"},
      {"round", "round"},   {"square", "square"},     {"isnan", "isnan"},
      {"isinf", "isinf"},   {"isfinite", "isfinite"}, {"logical_not", "logical_not"},
      {"logical_and", "logical_and"}, {"logical_or", "logical_or"}, {"cumsum", "cumsum"},
      {"cumprod", "cumprod"}, {"prod", "prod"},     {"all", "all"},           {"any", "any"},
      {"neg", "negative"},  {"negative", "negative"}, {"maximum", "maximum"}, {"minimum", "minimum"},
      {"where", "where"},   {"allclose", "allclose"}, {"clamp", "clip"},      {"clip", "clip"},
      {"pow", "power"},     {"amax", "amax"},         {"amin", "amin"},         {"log1p", "log1p"},
      {"expm1", "expm1"},   {"exp2", "exp2"},         {"trunc", "trunc"},       {"sinh", "sinh"},
      {"cosh", "cosh"},     {"asin", "arcsin"},       {"acos", "arccos"},       {"atan", "arctan"},
      {"atan2", "arctan2"}, {"fmod", "fmod"},         {"remainder", "remainder"}, {"floor_divide", "floor_divide"},
      {"clamp_min", "maximum"}, {"clamp_max", "minimum"},
      // issue 31: the bitwise ops, the arc functions under both names, the comparison
      // and arithmetic aliases, and the routines whose torch form is NumPy's with dim for axis
      {"bitwise_and", "bitwise_and"}, {"bitwise_or", "bitwise_or"}, {"bitwise_xor", "bitwise_xor"},
      {"bitwise_not", "bitwise_not"}, {"bitwise_left_shift", "left_shift"}, {"bitwise_right_shift", "right_shift"},
      {"absolute", "absolute"}, {"arccos", "arccos"}, {"arcsin", "arcsin"}, {"arctan", "arctan"},
      {"arctan2", "arctan2"}, {"arccosh", "arccosh"}, {"arcsinh", "arcsinh"}, {"arctanh", "arctanh"},
      {"acosh", "arccosh"}, {"asinh", "arcsinh"}, {"atanh", "arctanh"}, {"copysign", "copysign"},
      {"deg2rad", "deg2rad"}, {"rad2deg", "rad2deg"}, {"fmax", "fmax"}, {"fmin", "fmin"}, {"hypot", "hypot"},
      {"logaddexp", "logaddexp"}, {"logaddexp2", "logaddexp2"}, {"logical_xor", "logical_xor"},
      {"true_divide", "true_divide"},
      {"greater", "greater"}, {"greater_equal", "greater_equal"}, {"less", "less"}, {"less_equal", "less_equal"},
      {"not_equal", "not_equal"}, {"signbit", "signbit"}, {"nansum", "nansum"}, {"nanmean", "nanmean"},
      {"kron", "kron"}, {"inner", "inner"}, {"diff", "diff"}, {"fliplr", "fliplr"}, {"flipud", "flipud"},
      {"argwhere", "argwhere"}, {"count_nonzero", "count_nonzero"}, {"take", "take"}, {"isin", "isin"},
      {"bincount", "bincount"}, {"tril", "tril"}, {"triu", "triu"}, {"tile", "tile"},
      {"unique", "unique"}, {"vsplit", "vsplit"}, {"hsplit", "hsplit"}, {"dsplit", "dsplit"}, {"rot90", "rot90"},
      {"positive", "positive"}, {"atleast_1d", "atleast_1d"}, {"atleast_2d", "atleast_2d"},
      {"atleast_3d", "atleast_3d"}, {"column_stack", "column_stack"}, {"dstack", "dstack"},
      {"tensordot", "tensordot"}, {"searchsorted", "searchsorted"}, {"vdot", "vdot"}, {"ravel", "ravel"},
  };
  return m;
}

// The namesakes whose NumPy function is written in Python over np.asarray
// (kron, tril, argwhere, isin, nanmean, ...): an ndarray or a NumPy scalar
// comes back, which the torch form returns as a tensor -- a 0-d one for a
// scalar, in the scalar's dtype (a Python float in the input's floating dtype).
bool tensor_result_namesake(const std::string& n) {
  static const char* const names[] = {"kron",   "argwhere", "count_nonzero", "isin",       "bincount",   "tril",
                                      "triu",   "nanmean",  "nansum",        "diff",       "tile",       "take",
                                      "fliplr", "flipud",   "inner",         "unique",     "vsplit",     "hsplit",
                                      "dsplit", "rot90",    "atleast_1d",    "atleast_2d", "atleast_3d", "column_stack",
                                      "dstack", "tensordot", "searchsorted", "vdot",       "ravel",
                                      "round"};
  for (const char* x : names)
    if (n == x) return true;
  return false;
}
Value namesake_as_tensor(Interp& in, const Value& r, const ArrayPtr& input) {
  if (is_tensor(r)) return r;
  if (r.as<TupleObj>() || r.as<ListObj>()) {  // split pieces, unique's (values, inverse, counts): a tuple of tensors
    std::vector<Value> parts;
    for (const Value& x : in.to_vector(r)) parts.push_back(namesake_as_tensor(in, x, input));
    return make_tuple(std::move(parts));
  }
  if (r.is_array()) {
    ArrayPtr t = copy_as(r.arr(), r.arr().dtype, 'C');
    t->flavor = Flavor::Torch;
    return Value(t);
  }
  DType dt = r.is_bool() ? DType::Bool : r.is_int() ? DType::I64 : DType::F64;
  if (r.is_float() && input) dt = is_float(input->dtype) ? input->dtype : torch_default_dtype();
  ArrayPtr a = to_array(in, r);
  if (!r.is_bool() && !r.is_int() && !r.is_float()) dt = a->dtype;
  ArrayPtr t = copy_as(*a, dt, 'C');
  t->flavor = Flavor::Torch;
  return Value(t);
}

bool function_only_namesake(const std::string& n) {
  static const char* const names[] = {"isin",         "atleast_1d", "atleast_2d", "atleast_3d",
                                      "column_stack", "dstack",     "tensordot",  "searchsorted"};
  for (const char* x : names)
    if (n == x) return true;
  return false;
}

bool numpy_namesake(Interp& in, const std::string& torch_name, Value& out) {
  auto it = numpy_namesakes().find(torch_name);
  if (it == numpy_namesakes().end()) return false;
  ModuleObj& np = *in.modules.at("numpy");
  auto f = np.attrs.find(it->second);
  if (f == np.attrs.end()) return false;
  Value fn = f->second;
  // PyTorch's keyword names -> NumPy's.
  out = in.builtin(torch_name, [fn, torch_name](Interp& in, Args& a) -> Value {
    // PyTorch's parser first: the leading argument must be a Tensor (a
    // Python number only where an overload takes `Number self`: pow,
    // remainder, floor_divide); NumPy would take a list, a number or None as
    // an array-like.
    if (!a.pos.empty()) {
      const Value& x = a.pos[0];
      const bool number = x.is_int() || x.is_float() || x.is_bool() || x.as<ComplexObj>();
      const bool scalar_self = torch_name == "pow" || torch_name == "remainder" || torch_name == "floor_divide";
      const bool sequence_first = torch_name == "column_stack" || torch_name == "dstack";  // (tensors) as one tuple
      if (sequence_first) {
        if (!x.as<TupleObj>() && !x.as<ListObj>())
          in.raise_exc("TypeError", torch_name + "(): argument 'tensors' (position 1) must be tuple of Tensors, not " + in.type_of(x)->name);
        for (const Value& e : in.to_vector(x)) tensor_arg(in, e, torch_name, "tensors", 1);
      } else if (!(number && scalar_self)) {
        tensor_arg(in, x, torch_name, torch_name == "where" ? "condition" : "input", 1);
      }
    }
    Args b;
    b.pos = a.pos;
    for (auto& [k, v] : a.kw) {
      if (k == "sorted" && torch_name == "unique") continue;  // torch's CPU unique sorts either way
      std::string nk = k == "dim" ? "axis" : k == "keepdim" ? "keepdims" : k == "min" ? "a_min" : k == "max" ? "a_max" : k;
      if (k == "dims" && (torch_name == "tensordot" || torch_name == "rot90")) nk = "axes";
      b.kw.emplace_back(nk, v);
    }
    Value r = in.call(fn, b);
    if (!tensor_result_namesake(torch_name)) return r;
    return namesake_as_tensor(in, r, a.pos.empty() || !is_tensor(a.pos[0]) ? nullptr : a.pos[0].array());
  });
  return true;
}

const std::vector<std::string>& torch_function_methods() {
  static const std::vector<std::string> names = {
      "reshape", "transpose", "t", "permute", "squeeze", "unsqueeze", "flatten", "unflatten", "narrow", "select",
      "chunk", "split", "unbind", "as_strided", "clone", "movedim", "moveaxis", "diagonal", "masked_fill",
      "swapaxes", "swapdims", "numel", "is_floating_point", "is_complex", "detach", "tensor_split",
      "sum", "mean", "max", "min", "add", "sub", "mul", "div", "divide", "subtract", "multiply", "matmul", "abs", "exp", "log", "sqrt", "argmax",
      "argmin", "prod", "std", "var", "all", "any", "maximum", "minimum", "dot", "mm", "bmm", "neg", "sin",
      "cos", "tanh", "sigmoid", "relu", "softmax", "pow", "square", "round", "floor", "ceil", "clamp", "cumsum",
      "allclose", "isclose", "eq", "ne", "lt", "le", "gt", "ge", "logical_not", "sort", "argsort", "flip", "roll",
      "nan_to_num", "sign", "broadcast_to", "outer", "ger", "trace", "erfinv", "erf", "mv", "gather", "scatter", "index_select", "masked_select", "diag", "logsumexp", "topk",
      "log_softmax", "norm", "addmm", "flip", "roll", "reciprocal", "kthvalue", "median",
      "addcmul", "addcdiv", "lerp",
      // the module-level in-place forms (torch.sin_(t) is t.sin_())
      "abs_", "acos_", "asin_", "atan_", "ceil_", "clamp_", "clip_", "cos_", "cosh_", "erf_", "exp_", "exp2_",
      "expm1_", "floor_", "log_", "log10_", "log1p_", "log2_", "neg_", "negative_", "reciprocal_", "relu_",
      "round_", "sigmoid_", "sin_", "sinh_", "sqrt_", "square_", "tan_", "tanh_", "trunc_", "clamp_max_",
      "clamp_min_", "nan_to_num_", "deg2rad_", "rad2deg_", "arccos_", "arcsin_", "arctan_", "arccosh_",
      "arcsinh_", "arctanh_", "acosh_", "asinh_", "atanh_", "fill_", "zero_",
      // torch/composite.cpp's methods
      "nonzero", "rsqrt", "frac", "fix", "sgn", "xlogy", "logit", "isposinf", "isneginf", "isreal", "aminmax", "msort",
      "is_nonzero", "is_same_size", "is_conj", "is_neg", "is_inference", "rsqrt_", "frac_", "fix_", "xlogy_", "logit_",
      "dist", "is_signed",
      // torch/special.cpp's methods
      "lgamma", "digamma", "erfc", "i0", "sinc", "mvlgamma", "erfc_", "i0_", "sinc_",
  };
  return names;
}

namespace {

// ---- torch.Size: a tuple subclass printed as torch.Size([3, 4])

Value size_repr(Interp& in, Args& a) {
  Shape s;
  for (auto& x : in.to_vector(a.pos.at(0))) s.push_back(in.index_value(x));
  return make_str(format_torch_size(s));
}

Value size_new(Interp& in, Args& a) {
  Value src = a.optional(0, "sizes");
  a.finish(1);
  Shape s;
  if (!src.is_none())
    for (auto& x : in.to_vector(src)) {
      if (!in.is_int_like(x))
        in.raise_exc("TypeError", "torch.Size() takes an iterable of 'int' (item 0 is '" + in.type_of(x)->name + "')");
      s.push_back(in.index_value(x));
    }
  return torch_size_value(in, s);
}

Value size_numel(Interp& in, Args& a) {
  int64_t n = 1;
  for (auto& x : in.to_vector(a.pos.at(0))) n *= in.index_value(x);
  return Value::integer(n);
}

void install_size(Interp& in, ModuleObj& tm) {
  TypeObj* size_t_ = in.new_type("Size", "torch", {in.t.tuple});
  tm.attrs["Size"] = type_value(size_t_);
  size_t_->attrs["__repr__"] = in.builtin("__repr__", size_repr);
  size_t_->call = size_new;
  in.def_method(size_t_, "numel", size_numel);
}

// ---- dtypes (torch.float32 is torch.float, ...) and the constants

void install_dtypes(Interp& in, ModuleObj& tm) {
  static const std::pair<const char*, DType> dtypes[] = {
      {"float32", DType::F32}, {"float", DType::F32},      {"float64", DType::F64},  {"double", DType::F64},
      {"float16", DType::F16}, {"half", DType::F16},       {"int8", DType::I8},      {"int16", DType::I16},
      {"short", DType::I16},   {"int32", DType::I32},      {"int", DType::I32},      {"int64", DType::I64},
      {"long", DType::I64},    {"uint8", DType::U8},       {"bool", DType::Bool},    {"complex64", DType::C64},
      {"cfloat", DType::C64},  {"complex128", DType::C128}, {"cdouble", DType::C128}, {"uint16", DType::U16},
      {"uint32", DType::U32},  {"uint64", DType::U64},
  };
  std::vector<Value> dtype_objs(kNumDTypes);
  for (auto& [n, dt] : dtypes) {
    if (dtype_objs[size_t(dt)].is_none()) dtype_objs[size_t(dt)] = dtype_value(in, dt, true);
    tm.attrs[n] = dtype_objs[size_t(dt)];
  }
  tm.attrs["inf"] = Value::floating(INFINITY);
  tm.attrs["nan"] = Value::new_float(NAN);
  tm.attrs["pi"] = Value::floating(M_PI);
  tm.attrs["e"] = Value::floating(M_E);
}

// ---- torch.Tensor(...) and the legacy typed constructors: data, or sizes of
// an uninitialised tensor, in a fixed dtype or the default one.

// c10's C++ name of a dtype, as TensorOptions prints it.
const char* cpp_type_name(DType dt) {
  switch (dt) {
    case DType::Bool: return "bool";
    case DType::U8: return "unsigned char";
    case DType::I8: return "signed char";
    case DType::I16: return "short int";
    case DType::I32: return "int";
    case DType::I64: return "long int";
    case DType::F16: return "c10::Half";
    case DType::F32: return "float";
    case DType::F64: return "double";
    case DType::C64: return "c10::complex<float>";
    case DType::C128: return "c10::complex<double>";
    default: return "unknown";
  }
}

std::string tensor_options(DType dt) {
  return std::string("TensorOptions(dtype=") + cpp_type_name(dt) +
         ", device=cpu, layout=Strided, requires_grad=false (default), pinned_memory=false (default), "
         "memory_format=(nullopt))";
}

// torch.Tensor(...) / torch.FloatTensor(...) bind to one of legacy_tensor_new's
// overloads; the only keyword any of them takes is device=.
void check_legacy_args(Interp& in, const Args& a, std::optional<DType> fixed) {
  for (const auto& kv : a.kw) {
    if (kv.first == "device") continue;
    std::string got;
    for (const Value& v : a.pos) got += (got.empty() ? "" : ", ") + parser_type_name(in, v);
    for (const auto& k2 : a.kw) got += (got.empty() ? "" : ", ") + k2.first + "=" + parser_type_name(in, k2.second);
    in.raise_exc("TypeError", "new() received an invalid combination of arguments - got (" + got +
                                  "), but expected one of:\n * (*, torch.device device = None)\n      didn't match "
                                  "because some of the keywords were incorrect: " + kv.first +
                                  "\n * (torch.Storage storage)\n * (Tensor other)\n * (tuple of ints size, *, "
                                  "torch.device device = None)\n * (object data, *, torch.device device = None)\n");
  }
  // The Tensor overload shares the tensor, so its dtype must be the type's.
  if (fixed && a.pos.size() == 1 && is_tensor(a.pos[0]) && a.pos[0].arr().dtype != *fixed)
    in.raise_exc("TypeError", "expected " + tensor_options(*fixed) + " (got " + tensor_options(a.pos[0].arr().dtype) + ")");
}

NativeFn legacy_constructor(std::optional<DType> fixed) {
  return [fixed](Interp& in, Args& a) -> Value {
    check_legacy_args(in, a, fixed);
    DType dt = fixed ? *fixed : torch_default_dtype();
    if (a.pos.size() == 1 && (a.pos[0].as<ListObj>() || a.pos[0].as<TupleObj>() || a.pos[0].is_array()))
      return Value(torch_tensor_from_data(in, a.pos[0], dt));
    Shape s = size_args(in, a, 0, "Tensor");
    return Value(make_array(dt, s, 'C', Flavor::Torch));
  };
}

void install_legacy_constructors(Interp& in, ModuleObj& tm) {
  in.t.tensor->call = legacy_constructor(std::nullopt);
  static const std::pair<const char*, DType> legacy_types[] = {
      {"FloatTensor", DType::F32}, {"DoubleTensor", DType::F64}, {"HalfTensor", DType::F16},
      {"LongTensor", DType::I64},  {"IntTensor", DType::I32},    {"ShortTensor", DType::I16},
      {"CharTensor", DType::I8},   {"ByteTensor", DType::U8},    {"BoolTensor", DType::Bool},
  };
  for (auto& [n, dt] : legacy_types) def_fn(in, tm, n, legacy_constructor(dt));
}

// ---- creation

Value tensor_fn(Interp& in, Args& a) {
  Value data = a.required(0, "data");
  Factory f = factory_kwargs(in, a);
  a.finish(1);
  return Value(torch_tensor_from_data(in, data, f.dtype));
}

// Shares memory with a tensor or ndarray of the requested dtype; copies otherwise.
Value as_tensor_fn(Interp& in, Args& a) {
  Value data = a.required(0, "data");
  Factory f = factory_kwargs(in, a);
  a.finish(1);
  if (data.is_array() && data.arr().flavor != Flavor::Scalar && (!f.dtype || *f.dtype == data.arr().dtype))
    return Value(is_tensor(data) ? data.array() : tensor_from_numpy(in, data));
  return Value(torch_tensor_from_data(in, data, f.dtype));
}

Value from_numpy_fn(Interp& in, Args& a) {
  Value x = a.required(0, "ndarray");
  a.finish(1);
  return Value(tensor_from_numpy(in, x));
}

NativeFn filled_fn(const char* what) {
  return [what](Interp& in, Args& a) { return filled(in, a, what); };
}
NativeFn filled_like_fn(const char* what) {
  return [what](Interp& in, Args& a) { return filled_like(in, a, what); };
}

// ---- joining, triangles, comparison

Value cat_fn(Interp& in, Args& a) {
  Value ts = a.required(0, "tensors");
  Value d = a.optional(1, "dim", Value::integer(0));
  a.finish(2);
  return Value(torch_cat(tensor_list(in, ts, "cat"), int_arg(in, d, "cat", "dim")));
}

Value stack_fn(Interp& in, Args& a) {
  Value tv = a.required(0, "tensors");
  Value d = a.optional(1, "dim", Value::integer(0));
  a.finish(2);
  return Value(torch_stack(tensor_list(in, tv, "stack"), int_arg(in, d, "stack", "dim")));
}

NativeFn tri_fn(bool upper) {
  return [upper](Interp& in, Args& a) -> Value {
    ArrayPtr x = tensor_arg(in, a.required(0, "input"), upper ? "triu" : "tril", "input", 1);
    Value d = a.optional(1, "diagonal", Value::integer(0));
    a.finish(2);
    return Value(torch_tri(x, int_arg(in, d, upper ? "triu" : "tril", "diagonal"), upper));
  };
}

Value equal_fn(Interp& in, Args& a) {
  ArrayPtr x = tensor_arg(in, a.required(0, "input"), "equal", "input", 1);
  ArrayPtr y = tensor_arg(in, a.required(1, "other"), "equal", "other", 2);
  a.finish(2);
  return Value::boolean(torch_equal(*x, *y));
}

Value is_tensor_fn(Interp& in, Args& a) {
  Value x = a.required(0, "obj");
  a.finish(1);
  return Value::boolean(is_tensor(x));
}

Value is_storage_fn(Interp&, Args&) { return Value::boolean(false); }

// ---- defaults and printing

Value get_default_dtype_fn(Interp& in, Args& a) {
  a.finish(0);
  return dtype_value(in, torch_default_dtype(), true);
}

Value set_default_dtype_fn(Interp& in, Args& a) {
  Value d = a.required(0, "d");
  a.finish(1);
  DType dt = to_dtype(in, d);
  if (dt != DType::F32 && dt != DType::F64)
    in.raise_exc("TypeError", "only floating-point types are supported as the default type");
  torch_default_dtype() = dt;
  return Value();
}

// Note [Unchecked torch print options]
// torch.set_printoptions stores whatever it is given (PRINT_OPTS); a value
// the printer cannot use fails when a tensor prints, where torch/_tensor_str.py
// first uses it: the threshold in `numel() > threshold`, the precision in the
// format "{:.<precision>f}" of a floating tensor's values, the line width in
// `linewidth - indent`. The error each one will raise is kept here per option
// and raised by check_torch_print_options; a usable value clears it.
struct PrintOptionError {
  std::string type, msg;
};
// Part of the session's print options, as PRINT_OPTS holds the values
// themselves (Note [Session state]).
struct TorchPrintOptionErrors {
  std::optional<PrintOptionError> bad[3];  // 0 threshold, 1 precision, 2 linewidth
};
std::optional<PrintOptionError>& bad_print_option(int k) { return session_state<TorchPrintOptionErrors>().bad[k]; }

}  // namespace

void check_torch_print_options(Interp& in, const Array& t) {
  for (int k = 0; k < 3; ++k) {
    if (k == 1 && !is_inexact(t.dtype)) continue;
    if (auto& e = bad_print_option(k)) in.raise_exc(e->type, e->msg);
  }
}

namespace {

// torch.set_printoptions: a profile first, then the options given override it.
Value set_printoptions_fn(Interp& in, Args& a) {
  TorchPrintOptions& o = torch_print_options();
  Value v;
  Value profile = a.optional(4, "profile");
  if (profile.as<StrObj>()) {
    std::string p = in.str(profile);
    if (p == "default") o.precision = 4, o.threshold = 1000, o.edgeitems = 3, o.linewidth = 80;
    else if (p == "short") o.precision = 2, o.threshold = 1000, o.edgeitems = 2, o.linewidth = 80;
    else if (p == "full") o.precision = 4, o.threshold = INFINITY, o.edgeitems = 3, o.linewidth = 80;
    if (p == "default" || p == "short" || p == "full")
      for (int k = 0; k < 3; ++k) bad_print_option(k).reset();
  }
  auto number = [&](const Value& x) { return !x.is_bool() && (in.is_int_like(x) || x.is_float() || (x.is_array() && x.arr().size() == 1)); };
  if (a.take(0, "precision", v) && !v.is_none()) {
    auto* s = v.as<StrObj>();
    if (!v.is_bool() && in.is_int_like(v)) {
      o.precision = int(in.index_value(v));
      bad_print_option(1).reset();
    } else if (s && !s->s.empty() && s->s.find_first_not_of("0123456789") == std::string::npos) {
      o.precision = std::stoi(s->s);  // "{:.3f}": the text is the format's
      bad_print_option(1).reset();
    } else if (s && (s->s.empty() || !isdigit((unsigned char)s->s[0]))) {
      bad_print_option(1) = PrintOptionError{"ValueError", "Format specifier missing precision"};
    } else {
      bad_print_option(1) = PrintOptionError{"ValueError", "Invalid format specifier '." + in.str(v) + "f' for object of type 'float'"};
    }
  }
  if (a.take(1, "threshold", v) && !v.is_none()) {
    if (number(v)) {
      o.threshold = in.float_value(v);
      bad_print_option(0).reset();
    } else {
      bad_print_option(0) = PrintOptionError{"TypeError", "'>' not supported between instances of 'int' and '" + in.type_name(v) + "'"};
    }
  }
  if (a.take(2, "edgeitems", v) && !v.is_none() && !v.is_bool() && in.is_int_like(v)) o.edgeitems = int(in.index_value(v));
  if (a.take(3, "linewidth", v) && !v.is_none()) {
    if (number(v)) {
      o.linewidth = int(in.float_value(v));
      bad_print_option(2).reset();
    } else {
      bad_print_option(2) = PrintOptionError{"TypeError", "unsupported operand type(s) for -: '" + in.type_name(v) + "' and 'int'"};
    }
  }
  o.sci_mode.reset();
  if (a.take(5, "sci_mode", v) && !v.is_none()) o.sci_mode = in.truthy(v);
  a.finish(6);
  return Value();
}

// The torch module's own functions: name -> implementation.
const std::vector<NativeRow>& module_functions() {
  static const std::vector<NativeRow> m = {
      {"tensor", tensor_fn},
      {"as_tensor", as_tensor_fn},
      {"from_numpy", from_numpy_fn},
      {"zeros", filled_fn("zeros")},
      {"ones", filled_fn("ones")},
      {"empty", filled_fn("empty")},
      {"full", filled_fn("full")},
      {"zeros_like", filled_like_fn("zeros")},
      {"ones_like", filled_like_fn("ones")},
      {"empty_like", filled_like_fn("empty")},
      {"full_like", filled_like_fn("full")},
      {"arange", torch_arange},
      {"linspace", torch_linspace},
      {"eye", torch_eye},
      {"cat", cat_fn},
      {"stack", stack_fn},
      {"triu", tri_fn(true)},
      {"tril", tri_fn(false)},
      {"equal", equal_fn},
      {"is_tensor", is_tensor_fn, {"is_tensor(obj, /)"}},
      {"is_storage", is_storage_fn, {"is_storage(obj, /)"}},
      {"get_default_dtype", get_default_dtype_fn},
      {"set_default_dtype", set_default_dtype_fn, {"set_default_dtype(d, /)"}},
      {"set_printoptions", set_printoptions_fn,
       {"set_printoptions(precision=, threshold=, edgeitems=, linewidth=, profile=, sci_mode=)"}},
  };
  return m;
}

// torch.X(t, ...) -> t.X(...): the input comes first, positionally or as
// `input=`, and must be a tensor.
// Whether a torch.X(t, ...) forwarder is running the method for the function.
// Process-wide, as below_depth (torch/autograd.cpp) is: native frames on the stack.
int& forwarding_depth() {
  static int depth = 0;
  return depth;
}

// The forwarders PyTorch writes in Python bind to their own parameter lists
// (Note [One row per callable]); the others bind as the method does.
Params forwarder_params(const std::string& n) {
  if (n == "norm") return {"norm(input, p=, dim=, keepdim=, out=, dtype=)"};
  if (n == "split") return {"split(tensor, split_size_or_sections, dim=)"};
  return {};
}

NativeFn method_forwarder(const std::string& n) {
  return [n](Interp& in, Args& a) -> Value {
    // torch.norm is Python in PyTorch: its body reads input.layout first
    if (n == "norm" && !a.pos.empty()) python_tensor_arg(in, a.pos[0], "layout", n);
    // torch.split is Python too: tensor.split(split_size_or_sections, dim), on whatever it is given
    if (n == "split" && !a.pos.empty() && !is_tensor(a.pos[0])) {
      Args rest;
      rest.pos.assign(a.pos.begin() + 1, a.pos.end());
      rest.kw = a.kw;
      return in.call(in.getattr(a.pos[0], "split"), rest);
    }
    if (a.pos.empty() || !is_tensor(a.pos[0])) {
      Value x;
      if (!a.take(0, "input", x))
        in.raise_exc("TypeError", n + "() missing 1 required positional arguments: \"input\"");
      a.pos.insert(a.pos.begin(), x);
      if (!is_tensor(x))
        in.raise_exc("TypeError", n + "(): argument 'input' (position 1) must be Tensor, not " + in.type_of(x)->name);
    }
    check_dim_given(in, n, a, true);
    Value self = a.pos[0];
    Args rest;
    rest.pos.assign(a.pos.begin() + 1, a.pos.end());
    rest.kw = a.kw;
    Value m = in.getattr(self, n);
    ++forwarding_depth();
    try {
      Value r = in.call(m, rest);
      --forwarding_depth();
      return r;
    } catch (...) {
      --forwarding_depth();
      throw;
    }
  };
}

// Note [Dimname overloads]
// Many ATen ops have a second overload whose dim is a name (named tensors,
// `Dimname`); PyTorch's argument parser picks it for a str (and, for some, for
// None), and the op then fails at run time with a RuntimeError, not the
// TypeError of a wrong type: "Name 'x' not found in Tensor[None, None]." (a
// tensor without names; None: "Please look up dimensions by name, got: name =
// None."), or, for the ops whose Dimname overload is a stub, "sort: You passed a
// dimname (string) to this op in place of a dimension index but it does not yet
// support this behavior. ...". The table: the method, where its dim is (the
// position after self, the keyword), whether None selects the Dimname overload,
// and whether that overload is a stub.
struct DimnameOverload {
  const char* method;
  size_t pos;
  const char* kw;
  bool none_is_name, stub;
};
const DimnameOverload kDimnameOverloads[] = {
    {"median", 0, "dim", true, false},     {"kthvalue", 1, "dim", true, false},  {"std", 0, "dim", false, false},
    {"var", 0, "dim", false, false},       {"logsumexp", 0, "dim", false, false}, {"log_softmax", 0, "dim", true, false},
    {"softmax", 0, "dim", true, false},    {"cumsum", 0, "dim", true, false},    {"cumprod", 0, "dim", true, false},
    {"logcumsumexp", 0, "dim", true, false}, {"sum", 0, "dim", false, false},    {"mean", 0, "dim", false, false},
    {"prod", 0, "dim", false, false},      {"max", 0, "dim", false, false},      {"min", 0, "dim", false, false},
    {"unbind", 0, "dim", false, false},    {"squeeze", 0, "dim", false, false},  {"size", 0, "dim", false, false},
    {"select", 0, "dim", false, false},    {"sort", 0, "dim", true, true},       {"argsort", 0, "dim", true, true},
    {"all", 0, "dim", false, true},        {"any", 0, "dim", false, true},       {"index_select", 0, "dim", false, true},
    {"gather", 0, "dim", false, true},     {"cummax", 0, "dim", true, false},    {"cummin", 0, "dim", true, false},
    {"index_add", 0, "dim", false, false}, {"scatter_add", 0, "dim", false, true}, {"nanmedian", 0, "dim", true, false},
};

}  // namespace

int64_t implicit_softmax_dim(Interp& in, const char* name, int ndim, const Value& stacklevel) {
  const int64_t level = stacklevel.is_none() ? 3 : int_arg(in, stacklevel, name, "_stacklevel");
  Args w;
  w.pos = {make_str(std::string("Implicit dimension choice for ") + name +
                    " has been deprecated. Change the call to include dim=X as an argument.")};
  w.kw = {{"stacklevel", Value::integer(std::max<int64_t>(1, level - 2))}};
  in.call(in.getattr(in.import("warnings"), "warn"), w);
  return ndim == 0 || ndim == 1 || ndim == 3 ? 0 : 1;
}

void check_dim_given(Interp& in, const std::string& name, const Args& a, bool function_form) {
  if (!function_form && forwarding_depth() == 0)
    for (const auto& kv : a.kw)  // no Tensor method has an out= (the torch.* functions do)
      if (kv.first == "out") in.raise_exc("TypeError", name + "() got an unexpected keyword argument 'out'");
  // the ops whose dim has no default: each overload needs it, so a call without
  // one binds to none (Note [Overload lists]); method and function forms differ
  struct Row {
    const char* name;
    const char *method_int, *method_name, *fn_int, *fn_name;
  };
  static const Row rows[] = {
      {"cumsum", "int dim, *, torch.dtype dtype = None", "name dim, *, torch.dtype dtype = None",
       "Tensor input, int dim, *, torch.dtype dtype = None, Tensor out = None",
       "Tensor input, name dim, *, torch.dtype dtype = None, Tensor out = None"},
      {"cumprod", "int dim, *, torch.dtype dtype = None", "name dim, *, torch.dtype dtype = None",
       "Tensor input, int dim, *, torch.dtype dtype = None, Tensor out = None",
       "Tensor input, name dim, *, torch.dtype dtype = None, Tensor out = None"},
      {"log_softmax", "int dim, torch.dtype dtype = None", "name dim, *, torch.dtype dtype = None",
       "Tensor input, int dim, torch.dtype dtype = None, *, Tensor out = None", "Tensor input, name dim, *, torch.dtype dtype = None"},
      {"softmax", "int dim, torch.dtype dtype = None", "name dim, *, torch.dtype dtype = None",
       "Tensor input, int dim, torch.dtype dtype = None, *, Tensor out = None", "Tensor input, name dim, *, torch.dtype dtype = None"},
      {"logcumsumexp", "int dim", "name dim", "Tensor input, int dim, *, Tensor out = None", "Tensor input, name dim, *, Tensor out = None"},
      {"cummax", "int dim", "name dim", "Tensor input, int dim, *, tuple of Tensors out = None",
       "Tensor input, name dim, *, tuple of Tensors out = None"},
      {"cummin", "int dim", "name dim", "Tensor input, int dim, *, tuple of Tensors out = None",
       "Tensor input, name dim, *, tuple of Tensors out = None"},
  };
  for (const Row& r : rows) {
    if (name != r.name) continue;
    if (a.pos.size() > (function_form ? 1u : 0u)) return;
    for (const auto& kv : a.kw)
      if (kv.first == "dim") return;
    if (function_form) invalid_combination(in, name, a, {r.fn_int, r.fn_name});
    invalid_combination(in, name, a, {r.method_int, r.method_name});
  }
}

void check_dimname_overload(Interp& in, const std::string& method, const Array& self, const Args& a,
                            const std::function<void(Args&)>& bind) {
  static const auto* table = [] {
    auto* t = new std::unordered_map<std::string, const DimnameOverload*>();
    for (const DimnameOverload& d : kDimnameOverloads) (*t)[d.method] = &d;
    return t;
  }();
  auto it = table->find(method);
  if (it == table->end()) return;
  const DimnameOverload& d = *it->second;
  const Value* dim = a.pos.size() > d.pos ? &a.pos[d.pos] : nullptr;
  for (auto& kv : a.kw)
    if (kv.first == d.kw) dim = &kv.second;
  if (!dim || !(dim->as<StrObj>() || (dim->is_none() && d.none_is_name))) return;
  // The parser binds the whole call before the Dimname overload runs: a call
  // that binds to none (a missing or mistyped other argument) is its TypeError.
  // So the call is made with the dim as an index first.
  Args probe = a;
  for (auto& kv : probe.kw)
    if (kv.first == d.kw) kv.second = Value::integer(0);
  if (probe.pos.size() > d.pos && a.pos[d.pos].is_same(*dim)) probe.pos[d.pos] = Value::integer(0);
  try {
    bind(probe);
  } catch (const PyError& e) {
    if (e.type == "TypeError") throw;
  }
  if (d.stub)
    in.raise_exc("RuntimeError", method + ": You passed a dimname (string) to this op in place of a dimension index but "
                                          "it does not yet support this behavior. Please pass a dimension index to work "
                                          "around this.");
  check_dim_name(in, *dim, self.ndim(), d.none_is_name);
}

namespace {

// torch.X(t, ...) for tensor methods, resolved when called (so methods other
// front-end files register on torch.Tensor are reachable too), and the NumPy
// namesakes. Names another file already put in the module are left alone.
void install_method_forwarders(Interp& in, ModuleObj& tm) {
  std::vector<std::string> names = torch_function_methods();
  for (auto& [n, np_name] : numpy_namesakes()) names.push_back(n);
  for (const std::string& n : names) {
    if (tm.attrs.count(n)) continue;
    // torch.where(condition, x, y): the condition comes first; the stacks take
    // one sequence; the function-only namesakes have no method to forward to.
    if (n == "where" || function_only_namesake(n)) {
      Value fn;
      if (numpy_namesake(in, n, fn)) tm.attrs[n] = in.builtin(n, recorded_function(n, [fn](Interp& in, Args& a) { return in.call(fn, a); }));
      continue;
    }
    def_fn(in, tm, n, method_forwarder(n), forwarder_params(n));
  }
}

}  // namespace

void install_torch(Interp& in) {
  install_torch_rules();  // Note [Flavor rules] (core/ops/ufunc.hpp): tensors resolve their loops by torch's table

  ModuleObj& tm = submodule(in, "torch");
  auto& t = in.t;
  t.tensor = in.new_type("Tensor", "torch", {t.object});
  t.torch_dtype = in.new_type("dtype", "torch", {t.object});
  tm.attrs["Tensor"] = type_value(t.tensor);
  tm.attrs["dtype"] = type_value(t.torch_dtype);
  tm.attrs["__version__"] = make_str("2.6.0");  // the PyTorch stridelab mirrors

  install_dtypes(in, tm);
  install_size(in, tm);
  install_torch_device(in, tm);
  install_legacy_constructors(in, tm);
  install_torch_autograd(in, tm);
  install_torch_backward(in, tm);
  // Factories take requires_grad=; the others record their results (torch/autograd.hpp).
  static const char* const factories[] = {"tensor", "zeros", "ones", "empty", "full", "zeros_like", "ones_like",
                                          "empty_like", "full_like", "arange", "linspace", "eye"};
  for (const NativeRow& r : module_functions()) {
    bool factory = false;
    for (const char* f : factories) factory |= std::strcmp(f, r.name) == 0;
    def_fn(in, tm, r.name, factory ? factory_function(r.fn) : recorded_function(r.name, r.fn), r.params);
  }
  // PyTorch 2.x binds its aliases as separate functions: torch.concat is not torch.cat
  def_fn(in, tm, "concat", recorded_function("concat", cat_fn));
  def_fn(in, tm, "concatenate", recorded_function("concatenate", cat_fn));
  install_tensor_methods(in);
  install_torch_random(in, tm);
  install_torch_functional(in);
  install_torch_products(in);
  install_torch_gather(in);
  install_torch_pointwise(in);
  install_torch_function(in);
  install_torch_linalg(in, tm);
  install_torch_inplace_views(in);
  install_torch_composite(in);
  install_torch_special(in, tm);
  install_torch_fft(in, tm);
  install_torch_view_copies(in, tm);
  install_torch_dtype_info(in, tm);
  install_torch_scans(in, tm);
  install_torch_composite_more(in, tm);
  install_torch_more_ops(in, tm);
  install_method_forwarders(in, tm);
}

}  // namespace sl::lang
