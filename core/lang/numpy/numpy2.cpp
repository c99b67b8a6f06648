// numpy/numpy2: what NumPy 2.x changed in the module's surface, in one place.
//
// Owns: the version stridelab mirrors (numpy.__version__); the 2.0 removals,
// raised with NumPy's own messages through the module's __getattr__ (PEP 562,
// as numpy/__init__.py does it); the names 2.x added for the array API standard
// (np.concat, np.permute_dims, np.astype, np.unstack, np.matrix_transpose, the
// acos/atan2/pow/... aliases); np.bool as the boolean scalar type's name with
// np.True_/np.False_; numpy.lib.array_utils (byte_bounds moved there); iinfo and
// finfo objects that print as NumPy prints them; ndarray.__array_interface__.
// Invariant: an alias is the very object of the name it aliases (np.concat is
// np.concatenate), never a second implementation.
#include <cinttypes>
#include <cstdio>
#include <utility>

#include "core/model/element.hpp"
#include "core/text/format.hpp"
#include "core/lang/objects/bytes.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"
#include "core/text/numfmt.hpp"
#include "core/model/overlap.hpp"

namespace sl::lang {

namespace {

// ---- the 2.0 removals (NEP 52): name -> the advice NumPy's __getattr__ gives
struct Removal {
  const char* name;
  const char* advice;
};
constexpr Removal kRemovals[] = {
    {"float_", "Use `np.float64` instead."},
    {"complex_", "Use `np.complex128` instead."},
    {"string_", "Use `np.bytes_` instead."},
    {"unicode_", "Use `np.str_` instead."},
    {"Inf", "Use `np.inf` instead."},
    {"Infinity", "Use `np.inf` instead."},
    {"infty", "Use `np.inf` instead."},
    {"PINF", "Use `np.inf` instead."},
    {"NINF", "Use `-np.inf` instead."},
    {"NaN", "Use `np.nan` instead."},
    {"NZERO", "Use `-0.0` instead."},
    {"PZERO", "Use `0.0` instead."},
    {"byte_bounds", "Now it's available under `np.lib.array_utils.byte_bounds`"},
    {"cast", "Use `np.asarray(arr, dtype=dtype)` instead."},
    {"round_", "Use `np.round` instead."},
    {"sometrue", "Use `np.any` instead."},
    {"alltrue", "Use `np.all` instead."},
    {"asfarray", "Use `np.asarray` with a proper dtype instead."},
    {"mat", "Use `np.asmatrix` instead."},
    {"longfloat", "Use `np.longdouble` instead."},
    {"singlecomplex", "Use `np.complex64` instead."},
    {"cfloat", "Use `np.complex128` instead."},
    {"longcomplex", "Use `np.clongdouble` instead."},
    {"clongfloat", "Use `np.clongdouble` instead."},
    {"issubclass_", "Use `issubclass` builtin instead."},
    {"issubsctype", "Use `np.issubdtype` instead."},
    {"deprecate", "Emit `DeprecationWarning` with `warnings.warn` directly, or use `typing.deprecated`."},
    {"safe_eval", "Use `ast.literal_eval` instead."},
    {"set_string_function",
     "Use `np.set_printoptions` instead with a formatter for custom printing of NumPy objects."},
    {"who", "Use an IDE variable explorer or `locals()` instead."},
    {"source", "Use `inspect.getsource` instead."},
    {"lookfor", "Search NumPy's documentation directly."},
    {"disp", "Use your own printing function instead."},
    {"geterrobj", "Use the np.errstate context manager instead."},
    {"seterrobj", "Use the np.errstate context manager instead."},
    {"find_common_type",
     "Use `numpy.promote_types` or `numpy.result_type` instead. To achieve semantics for the `scalar_types` "
     "argument, use `numpy.result_type` and pass the Python values `0`, `0.0`, or `0j`."},
    {"compat", "There's no replacement, as Python 2 is no longer supported."},
    {"recfromcsv", "Use `np.genfromtxt` with comma delimiter instead."},
    {"add_newdoc_ufunc", "It's an internal function and doesn't have a replacement."},
    {"tracemalloc_domain", "It's now available from `np.lib`."},
};

Value module_getattr(Interp& in, Args& a) {
  Value n = a.required(0, "name");
  a.finish(1);
  const std::string name = in.str(n);
  for (const Removal& r : kRemovals)
    if (name == r.name)
      in.raise_exc("AttributeError",
                   "`np." + name + "` was removed in the NumPy 2.0 release. " + r.advice);
  // CPython (>= 3.12) attaches the module and the name to an AttributeError
  // that a module's __getattr__ raises, so "Did you mean" still follows.
  in.raise_attribute_error(Value(std::static_pointer_cast<Obj>(in.modules["numpy"])), name,
                           "module 'numpy' has no attribute '" + name + "'");
}

// ---- iinfo / finfo
// A float in NumPy's finfo style: "%.{p}e" of the value rounded to the dtype,
// p = 5, 7, 16 for float16, float32, float64 (the digits each needs).
std::string finfo_num(DType dt, double v) {
  const int p = dt == DType::F16 ? 5 : dt == DType::F32 ? 7 : 16;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*e", p, v);
  return buf;
}

struct FloatFacts {
  int precision, machep, negep, minexp, maxexp, nexp, nmant;
  double eps, epsneg, tiny, max, smallest_subnormal, resolution;
};

FloatFacts float_facts(DType dt) {
  switch (dt) {
    case DType::F16:
      return {3, -10, -11, -14, 16, 5, 10, 0x1p-10, 0x1p-11, 0x1p-14, 65504.0, 0x1p-24, 0.0010004};
    case DType::F32:
      return {6,  -23, -24, -126, 128, 8, 23, 0x1p-23, 0x1p-24, 0x1p-126, 3.4028234663852886e+38, 0x1p-149,
              double(1e-6f)};
    default:
      return {15, -52, -53, -1022, 1024, 11, 52, 0x1p-52, 0x1p-53, 0x1p-1022, 1.7976931348623157e+308,
              0x1p-1074, 1e-15};
  }
}

Value scalar_of(DType dt, double x) {
  alignas(16) char buf[16] = {};
  store_as(dt, buf, x);
  return make_scalar(dt, buf);
}

std::string rule() { return "---------------------------------------------------------------\n"; }

Value finfo_object(Interp& in, DType dt, TypeObj* type) {
  auto g = std::make_shared<GenericObj>(type);
  const FloatFacts f = float_facts(dt);
  g->attrs["dtype"] = dtype_value(in, dt);
  g->attrs["bits"] = Value::integer(8 * itemsize(dt));
  g->attrs["eps"] = scalar_of(dt, f.eps);
  g->attrs["epsneg"] = scalar_of(dt, f.epsneg);
  g->attrs["max"] = scalar_of(dt, f.max);
  g->attrs["min"] = scalar_of(dt, -f.max);
  g->attrs["tiny"] = scalar_of(dt, f.tiny);
  g->attrs["smallest_normal"] = scalar_of(dt, f.tiny);
  g->attrs["smallest_subnormal"] = scalar_of(dt, f.smallest_subnormal);
  g->attrs["resolution"] = scalar_of(dt, f.resolution);
  g->attrs["precision"] = Value::integer(f.precision);
  g->attrs["machep"] = Value::integer(f.machep);
  g->attrs["negep"] = Value::integer(f.negep);
  g->attrs["minexp"] = Value::integer(f.minexp);
  g->attrs["maxexp"] = Value::integer(f.maxexp);
  g->attrs["nexp"] = Value::integer(f.nexp);
  g->attrs["nmant"] = Value::integer(f.nmant);
  g->attrs["iexp"] = Value::integer(f.nexp);
  const std::string nm = name(dt);
  g->attrs["__repr__"] = in.builtin("__repr__", [dt, f, nm](Interp& in, Args&) -> Value {
    alignas(16) char buf[16] = {};
    store_as(dt, buf, f.resolution);
    return make_str("finfo(resolution=" + scalar_str(dt, buf) + ", min=" + finfo_num(dt, -f.max) +
                    ", max=" + finfo_num(dt, f.max) + ", dtype=" + nm + ")");
  });
  g->attrs["__str__"] = in.builtin("__str__", [dt, f, nm](Interp& in, Args&) -> Value {
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "precision = %3d   resolution = %s\n"
                  "machep = %6d   eps =        %s\n"
                  "negep =  %6d   epsneg =     %s\n"
                  "minexp = %6d   tiny =       %s\n"
                  "maxexp = %6d   max =        %s\n"
                  "nexp =   %6d   min =        -max\n"
                  "smallest_normal = %s   smallest_subnormal = %s\n",
                  f.precision, finfo_num(dt, f.resolution).c_str(), f.machep, finfo_num(dt, f.eps).c_str(), f.negep,
                  finfo_num(dt, f.epsneg).c_str(), f.minexp, finfo_num(dt, f.tiny).c_str(), f.maxexp,
                  finfo_num(dt, f.max).c_str(), f.nexp, finfo_num(dt, f.tiny).c_str(),
                  finfo_num(dt, f.smallest_subnormal).c_str());
    return make_str("Machine parameters for " + nm + "\n" + rule() + buf + rule());
  });
  return Value(std::static_pointer_cast<Obj>(g));
}

Value iinfo_object(Interp& in, DType dt, TypeObj* type) {
  auto g = std::make_shared<GenericObj>(type);
  const int bits = 8 * int(itemsize(dt));
  g->attrs["dtype"] = dtype_value(in, dt);
  g->attrs["bits"] = Value::integer(bits);
  g->attrs["kind"] = make_str(std::string(1, info(dt).kind));
  std::string lo, hi;
  if (dt == DType::U64) {
    uint64_t mx = UINT64_MAX;
    g->attrs["min"] = Value::integer(0);
    g->attrs["max"] = make_scalar(DType::U64, &mx);  // above int64: a uint64 scalar carries it
    lo = "0";
    hi = std::to_string(mx);
  } else {
    g->attrs["min"] = Value::integer(int_min_of(dt));
    g->attrs["max"] = Value::integer(int_max_of(dt));
    lo = std::to_string(int_min_of(dt));
    hi = std::to_string(int_max_of(dt));
  }
  const std::string nm = name(dt);
  g->attrs["__repr__"] = in.builtin("__repr__", [lo, hi, nm](Interp& in, Args&) -> Value {
    return make_str("iinfo(min=" + lo + ", max=" + hi + ", dtype=" + nm + ")");
  });
  g->attrs["__str__"] = in.builtin("__str__", [lo, hi, nm](Interp& in, Args&) -> Value {
    return make_str("Machine parameters for " + nm + "\n" + rule() + "min = " + lo + "\nmax = " + hi + "\n" + rule());
  });
  return Value(std::static_pointer_cast<Obj>(g));
}

// ---- numpy.lib.array_utils.byte_bounds: the first and one-past-the-last byte
// address an array can touch: [data + sum over axes of min(0, (n-1)*s),
// data + sum of max(0, (n-1)*s) + itemsize), the data pointer being the one
// __array_interface__ reports (mirrors numpy/lib/_array_utils_impl.py;
// Note [Addresses] in core/model/overlap.hpp).
Value byte_bounds(Interp& in, Args& a) {
  Value v = a.required(0, "a");
  a.finish(1);
  // it reads a.__array_interface__, which only NumPy's arrays and scalars have
  if (!v.is_array() || v.arr().is_torch() || v.arr().flavor == Flavor::DummyBase)
    in.raise_exc("AttributeError", "'" + in.type_name(v) + "' object has no attribute '__array_interface__'");
  ArrayPtr x = v.array();
  const ByteExtent e = address_extent(*x);
  return make_tuple({Value::integer(e.lo), Value::integer(e.hi)});
}

// Array API names (NumPy 2.0) and the names they alias.
constexpr std::pair<const char*, const char*> kAliases[] = {
    {"concat", "concatenate"},   {"permute_dims", "transpose"},       {"acos", "arccos"},
    {"acosh", "arccosh"},        {"asin", "arcsin"},                  {"asinh", "arcsinh"},
    {"atan", "arctan"},          {"atanh", "arctanh"},                {"atan2", "arctan2"},
    {"pow", "power"},            {"bitwise_invert", "invert"},        {"bitwise_left_shift", "left_shift"},
    {"bitwise_right_shift", "right_shift"},
};

void alias(ModuleObj& np, const char* name, const char* of) {
  auto it = np.attrs.find(of);
  if (it != np.attrs.end()) np.attrs[name] = it->second;
}

}  // namespace

// ndarray.__array_interface__ (version 3): data is (address, read-only),
// strides None for a C-contiguous array.
Value array_interface(Interp& in, const Array& a) {
  auto d = std::make_shared<DictObj>();
  Value dv(std::static_pointer_cast<Obj>(d));
  const std::string typestr = std::string(itemsize(a.dtype) == 1 ? "|" : "<") + info(a.dtype).kind +
                              std::to_string(itemsize(a.dtype));
  std::vector<Value> shape, strides;
  for (int64_t s : a.shape) shape.push_back(Value::integer(s));
  for (int64_t s : a.strides) strides.push_back(Value::integer(s));
  in.setitem(dv, make_str("data"), make_tuple({Value::integer(data_address(a)),
                                              Value::boolean(!a.writeable)}));
  in.setitem(dv, make_str("strides"), a.c_contiguous() ? Value() : make_tuple(std::move(strides)));
  in.setitem(dv, make_str("descr"), make_list({make_tuple({make_str(""), make_str(typestr)})}));
  in.setitem(dv, make_str("typestr"), make_str(typestr));
  in.setitem(dv, make_str("shape"), make_tuple(std::move(shape)));
  in.setitem(dv, make_str("version"), Value::integer(3));
  return dv;
}

// ndarray.ctypes (numpy._core._internal._ctypes): the data address and the
// shape and strides (as tuples here; NumPy gives ctypes arrays of c_long).
Value ctypes_object(Interp& in, const Array& a) {
  ModuleObj& internal = submodule(in, "numpy._core._internal");
  auto it = internal.attrs.find("_ctypes");
  TypeObj* t;
  if (it == internal.attrs.end()) {
    t = in.new_type("_ctypes", "numpy._core._internal", {in.t.object});
    internal.attrs["_ctypes"] = Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), t));
  } else {
    t = static_cast<TypeObj*>(it->second.obj());
  }
  auto g = std::make_shared<GenericObj>(t);
  std::vector<Value> shape, strides;
  for (int64_t s : a.shape) shape.push_back(Value::integer(s));
  for (int64_t s : a.strides) strides.push_back(Value::integer(s));
  g->attrs["data"] = Value::integer(data_address(a));
  g->attrs["shape"] = make_tuple(std::move(shape));
  g->attrs["strides"] = make_tuple(std::move(strides));
  return Value(std::static_pointer_cast<Obj>(g));
}

void install_numpy2(Interp& in, ModuleObj& np) {
  np.attrs["__version__"] = make_str("2.2.4");
  np.attrs["__getattr__"] = in.builtin("__getattr__", module_getattr);
  for (const Removal& r : kRemovals) np.attrs.erase(r.name);
  np.attrs.erase("bool8");  // removed in 2.0 without a message of its own

  // np.bool is the boolean scalar type (numpy.bool); np.bool_ the old alias.
  np.attrs["bool_"] = np.attrs["bool"];
  const char t = 1, f = 0;
  np.attrs["True_"] = make_scalar(DType::Bool, &t);
  np.attrs["False_"] = make_scalar(DType::Bool, &f);

  // Array API names (NumPy 2.0): the same objects as the names they alias.
  for (const auto& [name, of] : kAliases) alias(np, name, of);
  def_fn(in, np, "astype", [](Interp& in, Args& a) -> Value {
    Value x = a.required(0, "x"), dt = a.required(1, "dtype");
    Value copy = a.optional(2, "copy", Value::boolean(true));
    a.finish(3);
    // NumPy 2.2: an ndarray or anything np.isscalar accepts (a Python
    // number or str then fails on x.astype)
    const bool py_scalar = x.is_int() || x.is_float() || x.is_bool() || x.as<ComplexObj>() || x.as<StrObj>();
    if (!x.is_array() && !py_scalar)
      in.raise_exc("TypeError", "Input should be a NumPy array or scalar. It is a " +
                                    in.repr(Value(in.type_of(x)->shared_from_this())) + " instead.");
    Args m;
    m.pos = {dt};
    m.kw = {{"copy", copy}};
    return in.call(in.getattr(x, "astype"), m);
  }, {"astype(x, dtype, /, *, copy=, device=)"});
  def_fn(in, np, "matrix_transpose", [](Interp& in, Args& a) -> Value {
    Value x = a.required(0, "x");
    a.finish(1);
    ArrayPtr arr = to_array_dims_first(in, x);
    if (arr->ndim() < 2)
      in.raise_exc("ValueError", "Input array must be at least 2-dimensional, but it is " +
                                     std::to_string(arr->ndim()));
    return in.call(in.modules["numpy"]->attrs["swapaxes"], std::vector<Value>{x, Value::integer(-1), Value::integer(-2)});
  }, {"matrix_transpose(x, /)"});
  def_fn(in, np, "unstack", [](Interp& in, Args& a) -> Value {
    // unstack(x, /, *, axis=0) reads x.ndim without converting x first
    if (a.pos.size() != 1)
      in.raise_exc("TypeError", a.pos.empty() ? "unstack() missing 1 required positional argument: 'x'"
                                              : "unstack() takes 1 positional argument but " +
                                                    std::to_string(a.pos.size()) + " were given");
    Value x = a.pos[0];
    a.pos.clear();
    Value axis = a.optional(99, "axis", Value::integer(0));
    a.finish(0);
    if (!x.is_array()) in.getattr(x, "ndim");  // AttributeError: 'list' object has no attribute 'ndim'
    ArrayPtr arr = to_array(in, x);
    if (arr->ndim() == 0) in.raise_exc("ValueError", "Input array must be at least 1-d.");
    // unstack(x, axis) is the tuple of x's slices along axis: views, as moveaxis then [k]
    Value moved = in.call(in.modules["numpy"]->attrs["moveaxis"], std::vector<Value>{wrap(arr), axis, Value::integer(0)});
    std::vector<Value> items;
    for (int64_t k = 0, n = in.len(moved); k < n; ++k) items.push_back(in.getitem(moved, Value::integer(k)));
    return make_tuple(std::move(items));
  }, {"unstack(x, /, *, axis=)"});

  // iinfo / finfo print as NumPy 2 prints them. Their argument becomes a dtype
  // as theirs does: np.dtype(x), or when that is a TypeError np.dtype(type(x))
  // -- so a Python number is its default dtype, a str that names no dtype is
  // str_, and an array, a tuple, a function are object (kind 'O'), which is
  // neither inexact nor an integer.
  struct InfoType {
    std::optional<DType> dt;  // empty: a dtype stridelab has no arrays of (object_, str_)
    char kind;
    std::string scalar;  // "str_", "object_"
  };
  auto info_type = [](Interp& in, const Value& x) -> InfoType {
    if (x.is_bool()) return {DType::Bool, 'b', "bool"};
    if (x.is_int() || x.as<BigIntObj>()) return {DType::I64, 'i', "int64"};
    if (x.is_float()) return {DType::F64, 'f', "float64"};
    if (x.as<ComplexObj>()) return {DType::C128, 'c', "complex128"};
    if (x.is_array() && x.arr().flavor == Flavor::Scalar && !x.arr().descr) {
      const DType d = x.arr().dtype;
      return {d, info(d).kind, name(d)};
    }
    if (!x.is_array()) {
      try {
        const DType d = to_dtype(in, x);
        return {d, info(d).kind, name(d)};
      } catch (const PyError& e) {
        if (e.type != "TypeError") throw;
      }
      if (x.as<StrObj>()) return {std::nullopt, 'U', "str_"};
      if (is_bytes(x)) return {std::nullopt, 'S', "bytes_"};
    }
    return {std::nullopt, 'O', "object_"};
  };
  TypeObj* finfo_t = in.new_type("finfo", "numpy", {in.t.object});
  TypeObj* iinfo_t = in.new_type("iinfo", "numpy", {in.t.object});
  def_fn(in, np, "finfo", [finfo_t, info_type](Interp& in, Args& a) -> Value {
    Value x = a.required(0, "dtype");
    a.finish(1);
    const InfoType t = info_type(in, x);
    if (!t.dt || !is_inexact(*t.dt)) in.raise_exc("ValueError", "data type <class 'numpy." + t.scalar + "'> not inexact");
    return finfo_object(in, real_part(*t.dt), finfo_t);
  });
  def_fn(in, np, "iinfo", [iinfo_t, info_type](Interp& in, Args& a) -> Value {
    Value x = a.required(0, "int_type");
    a.finish(1);
    const InfoType t = info_type(in, x);
    if (!t.dt || !is_integer(*t.dt)) in.raise_exc("ValueError", std::string("Invalid integer data type '") + t.kind + "'.");
    return iinfo_object(in, *t.dt, iinfo_t);
  });

  // numpy.lib.array_utils (NumPy 2.0): byte_bounds moved here from the top level.
  ModuleObj& au = submodule(in, "numpy.lib.array_utils");
  def_fn(in, au, "byte_bounds", byte_bounds, {"byte_bounds(a)"});
  np.attrs.erase("byte_bounds");
}

}  // namespace sl::lang
