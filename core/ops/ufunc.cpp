// ufunc: type resolution, broadcasting, output allocation and the kernel loop (see ufunc.hpp).
#include "core/ops/ufunc.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "core/model/element.hpp"
#include "core/model/iter.hpp"
#include "core/ops/copy.hpp"
#include "core/model/overlap.hpp"
#include "core/model/strides.hpp"
#include "core/ops/strings.hpp"
#include "core/ops/views.hpp"
#include "core/model/session_state.hpp"

namespace sl {

namespace {

// NumPy's casting "kind" order for same_kind (dtype_kind_to_ordering).
int kind_order(DType dt) {
  switch (info(dt).kind) {
    case 'b': return 0;
    case 'u': return 1;
    case 'i': return 2;
    case 'f': return 4;
    default: return 5;
  }
}

// should_use_min_scalar's simplified kinds: bool, integer, inexact.
int simple_kind(DType dt) {
  char k = info(dt).kind;
  return k == 'b' ? 0 : (k == 'i' || k == 'u') ? 1 : 2;
}

DType min_unsigned(uint64_t v, bool& small) {
  if (v <= 255) {
    small = v <= 127;
    return DType::U8;
  }
  if (v <= 65535) {
    small = v <= 32767;
    return DType::U16;
  }
  if (v <= 4294967295ull) {
    small = v <= 2147483647ull;
    return DType::U32;
  }
  small = v <= uint64_t(INT64_MAX);
  return DType::U64;
}

DType min_signed(int64_t v, DType own, bool& small) {
  if (v >= 0) return min_unsigned(uint64_t(v), small);
  if (v >= -128) return DType::I8;
  if (v >= -32768 || own == DType::I16) return DType::I16;
  if (v >= INT32_MIN || own == DType::I32) return DType::I32;
  return DType::I64;
}

// The ordered loop list of NumPy's ufuncs ('?bBhHiIlLefdFD'): the linear
// type search walks the kernel's loops in this order.
constexpr DType kLoopOrder[] = {DType::Bool, DType::I8,  DType::U8,  DType::I16, DType::U16,
                                DType::I32,  DType::U32, DType::I64, DType::U64, DType::F16,
                                DType::F32,  DType::F64, DType::C64, DType::C128};

std::string np_dtype_repr(DType dt) { return std::string("dtype('") + name(dt) + "')"; }
// NumPy 2's DType classes: numpy.dtypes.Float64DType, UInt8DType, BoolDType.
std::string np_dtype_class(DType dt) {
  std::string n = name(dt);
  std::string cls = n.rfind("uint", 0) == 0 ? "UInt" + n.substr(4) : std::string(1, char(n[0] - 'a' + 'A')) + n.substr(1);
  return "<class 'numpy.dtypes." + cls + "DType'>";
}


bool any_torch(const std::vector<UfuncOperand>& ops, const UfuncOptions& opt) {
  for (auto& o : ops)
    if (o.array->is_torch()) return true;
  return opt.out && opt.out->is_torch();
}

// Does `in`, read with `strides` over `shape`, visit exactly the elements the
// output writes, in the same order? (Then it may alias the output.)
bool same_elements(const Array& out, const Array& in, const Strides& in_strides) {
  if (out.storage != in.storage || out.offset != in.offset || out.dtype != in.dtype) return false;
  for (size_t k = 0; k < out.shape.size(); ++k)
    if (out.shape[k] != 1 && out.strides[k] != in_strides[k]) return false;
  return true;
}

// A Python int, float or complex operand is of NumPy's abstract DType (_PyLongDType, ...).
std::string operand_class(const UfuncOperand& o) {
  const DType dt = o.array->dtype;
  if (o.python_scalar && dt != DType::Bool)
    return std::string("<class 'numpy.dtypes._Py") + (is_complex(dt) ? "Complex" : is_float(dt) ? "Float" : "Long") + "DType'>";
  return np_dtype_class(dt);
}

[[noreturn]] void raise_no_loop(Ufunc op, const std::vector<UfuncOperand>& ops) {
  std::string types;
  if (ops.size() == 1) {
    types = operand_class(ops[0]);
  } else {
    types = "(";
    for (size_t k = 0; k < ops.size(); ++k) types += (k ? ", " : "") + operand_class(ops[k]);
    types += ")";
  }
  raise("_UFuncNoLoopError", std::string("ufunc '") + ufunc_name(op) + "' did not contain a loop with signature matching types " + types + " -> None");
}

UfuncLoop resolve_numpy(Ufunc op, const std::vector<UfuncOperand>& ops, const UfuncOptions& opt) {
  const std::string nm = ufunc_name(op);
  bool all_bool = true, all_intlike = true;
  for (auto& o : ops) {
    all_bool = all_bool && o.array->dtype == DType::Bool;
    all_intlike = all_intlike && (is_integer(o.array->dtype) || o.array->dtype == DType::Bool);
  }
  // The special type resolvers (ufunc_type_resolution.c).
  if (op == Ufunc::subtract && all_bool)
    type_error("numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.");
  if (op == Ufunc::negative && all_bool)
    type_error("The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead.");
  const uint32_t loops = ufunc_loops(op);
  if (opt.dtype) {
    // dtype= fixes the loop: the one whose output is that dtype.
    DType d = *opt.dtype;
    std::optional<DType> found;
    if ((loops >> int(d) & 1) && ufunc_loop_output(op, d) == d) found = d;
    for (DType l : kLoopOrder)
      if (!found && (loops >> int(l) & 1) && ufunc_loop_output(op, l) == d && ufunc_loop_output(op, l) != l) found = l;
    if (!found) type_error("No loop matching the specified signature and casting was found for ufunc " + nm);
    for (size_t k = 0; k < ops.size(); ++k)
      if (!can_cast(ops[k].array->dtype, *found, opt.casting))
        raise("_UFuncInputCastingError", "Cannot cast ufunc '" + nm + "' input " + std::to_string(k) + " from " +
                                    np_dtype_repr(ops[k].array->dtype) + " to " + np_dtype_repr(*found) +
                                    " with casting rule '" + casting_name(opt.casting) + "'");
    return {*found, ufunc_loop_output(op, *found)};
  }
  DType t = result_type(ops);
  if (op == Ufunc::divide && all_intlike) t = DType::F64;  // PyUFunc_TrueDivisionTypeResolver
  if (op == Ufunc::sign || op == Ufunc::positive || op == Ufunc::gcd || op == Ufunc::lcm) {  // uniform resolvers: the exact loop or nothing
    if (!(loops >> int(t) & 1)) raise_no_loop(op, ops);
    return {t, ufunc_loop_output(op, t)};
  }
  for (DType l : kLoopOrder)
    if ((loops >> int(l) & 1) && can_cast(t, l, Casting::Safe)) return {l, ufunc_loop_output(op, l)};
  type_error("ufunc '" + nm + "' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''");
}




}  // namespace

// Note [Flavor rules]: the table the front ends fill (see ufunc.hpp).
namespace {
FlavorRules g_flavor_rules[3];
}

void set_flavor_rules(Flavor flavor, const FlavorRules& rules) { g_flavor_rules[int(flavor)] = rules; }

const FlavorRules& flavor_rules(Flavor flavor) {
  const FlavorRules& r = g_flavor_rules[int(flavor)];
  if (!r.resolve_loop) runtime_error("internal error: no ufunc rules installed for this array flavor");
  return r;
}

bool can_cast(DType from, DType to, Casting casting) {
  switch (casting) {
    case Casting::No:
    case Casting::Equiv: return from == to;
    case Casting::Safe: return can_cast_safe(from, to);
    case Casting::SameKind: return can_cast_safe(from, to) || kind_order(from) <= kind_order(to);
    case Casting::Unsafe: return true;
  }
  return false;
}

const char* casting_name(Casting c) {
  switch (c) {
    case Casting::No: return "no";
    case Casting::Equiv: return "equiv";
    case Casting::Safe: return "safe";
    case Casting::SameKind: return "same_kind";
    case Casting::Unsafe: return "unsafe";
  }
  return "";
}


DType min_scalar_type(const Array& a, bool& small_unsigned) {
  small_unsigned = false;
  std::vector<int64_t> zero(a.ndim(), 0);
  const char* p = a.storage->data() + flat_offset(a, zero);
  switch (a.dtype) {
    case DType::Bool: return DType::Bool;
    case DType::U8: case DType::U16: case DType::U32: case DType::U64:
      return min_unsigned(load_as<uint64_t>(a.dtype, p), small_unsigned);
    case DType::I8: case DType::I16: case DType::I32: case DType::I64:
      return min_signed(load_as<int64_t>(a.dtype, p), a.dtype, small_unsigned);
    case DType::F16: return DType::F16;
    case DType::F32: {
      float v = load<float>(p);
      if ((v > -65000 && v < 65000) || !std::isfinite(v)) return DType::F16;
      return DType::F32;
    }
    case DType::F64: {
      double v = load<double>(p);
      if ((v > -65000 && v < 65000) || !std::isfinite(v)) return DType::F16;
      if (v > -3.4e38 && v < 3.4e38) return DType::F32;
      return DType::F64;
    }
    case DType::C64: return DType::C64;
    case DType::C128: {
      c128 v = load<c128>(p);
      if (v.real() > -3.4e38 && v.real() < 3.4e38 && v.imag() > -3.4e38 && v.imag() < 3.4e38) return DType::C64;
      return DType::C128;
    }
    case DType::Str: case DType::Bytes: case DType::Void: break;  // text keeps its dtype (text_ufunc)
  }
  return a.dtype;
}

namespace {

// The dtype a weak Python scalar of kind `weak` (0 bool, 1 int, 2 float,
// 3 complex) gives when it meets strongly typed operands of dtype `strong`
// (NEP 50; NumPy's abstract PyLongDType / PyFloatDType / PyComplexDType and
// their __common_dtype__). A weak scalar never raises the precision: it only
// lifts the kind, to the default dtype of that kind, except that a Python
// complex meeting float16/float32 keeps single precision (complex64).
DType promote_weak(DType strong, int weak) {
  const int ks = simple_kind(strong) == 2 && is_complex(strong) ? 3 : simple_kind(strong);
  if (weak <= ks) return strong;
  switch (weak) {
    case 1: return DType::I64;
    case 2: return DType::F64;
    default: return strong == DType::F16 || strong == DType::F32 ? DType::C64 : DType::C128;
  }
}

int weak_kind(DType dt) {
  const char k = info(dt).kind;
  return k == 'b' ? 0 : (k == 'i' || k == 'u') ? 1 : k == 'f' ? 2 : 3;
}

// An integer loop dtype's range holds v.
bool int_fits(int64_t v, DType dt) { return v >= int_min_of(dt) && v <= int_max_of(dt); }

void check_weak_ints_fit(const std::vector<UfuncOperand>& ops, DType loop) {
  if (!is_integer(loop)) return;
  for (auto& o : ops) {
    if (!o.python_scalar || o.array->dtype != DType::I64) continue;
    const int64_t v = load<int64_t>(o.array->data());
    if (!int_fits(v, loop))
      throw PyError("OverflowError", "Python integer " + std::to_string(v) + " out of bounds for " + info(loop).name);
  }
}

}  // namespace

DType result_type(const std::vector<UfuncOperand>& ops) {
  std::optional<DType> strong;
  int weak = -1;
  for (auto& o : ops) {
    if (o.python_scalar) weak = std::max(weak, weak_kind(o.array->dtype));
    else strong = strong ? promote(*strong, o.array->dtype) : o.array->dtype;
  }
  if (!strong) {  // only Python scalars: their default dtypes promote as usual
    DType t = ops[0].array->dtype;
    for (auto& o : ops) t = promote(t, o.array->dtype);
    return t;
  }
  return weak < 0 ? *strong : promote_weak(*strong, weak);
}



ArrayPtr make_array_in_order(DType dt, const Shape& shape, const std::vector<int>& perm, Flavor flavor, bool zeroed) {
  bool identity = true;
  for (size_t k = 0; k < perm.size(); ++k) identity = identity && perm[k] == int(k);
  ArrayPtr a = make_array(dt, shape, 'C', flavor, zeroed);
  if (identity) return a;
  Strides st(shape.size(), 0);
  int64_t s = itemsize(dt);
  for (size_t k = perm.size(); k-- > 0;) {
    st[perm[k]] = s;
    s *= std::max<int64_t>(shape[perm[k]], 1);
  }
  a->strides = st;
  return a;
}

bool is_comparison(Ufunc op) {
  return op == Ufunc::equal || op == Ufunc::not_equal || op == Ufunc::less || op == Ufunc::less_equal ||
         op == Ufunc::greater || op == Ufunc::greater_equal;
}

// NEP 50 after the loop is chosen: a Python int must fit the integer loop it
// is cast to (OverflowError otherwise, as NumPy 2 raises), except in a
// comparison, where NumPy 2 compares the exact values (uint8_array == -1 is
// all False): there the int takes part as a strong int64 instead, which holds
// every value stridelab's ints can have.
UfuncLoop resolve_loop(Ufunc op, const std::vector<UfuncOperand>& ops, const UfuncOptions& opt) {
  if (any_torch(ops, opt)) return flavor_rules(Flavor::Torch).resolve_loop(op, ops, opt);
  UfuncLoop loop = resolve_numpy(op, ops, opt);
  if (opt.dtype || !is_integer(loop.in)) return loop;
  bool fits = true;
  for (auto& o : ops)
    if (o.python_scalar && o.array->dtype == DType::I64) fits = fits && int_fits(load<int64_t>(o.array->data()), loop.in);
  if (fits) return loop;
  if (!is_comparison(op)) check_weak_ints_fit(ops, loop.in);
  std::vector<UfuncOperand> strong = ops;
  for (auto& o : strong)
    if (o.python_scalar && o.array->dtype == DType::I64) o.python_scalar = false;
  return resolve_numpy(op, strong, opt);
}

// Note [Floating-point errors]
// NumPy reads the FPU's status flags after each loop (npy_get_floatstatus_barrier)
// and acts on each raised flag by its np.errstate mode, in the order divide,
// over, under, invalid (_error_handler in ufunc_object.c): 'ignore', 'warn' (a
// RuntimeWarning on stderr, which the engine does not show) or 'raise'
// (FloatingPointError: "divide by zero encountered in divide"). WebAssembly has
// no status flags, so the engine infers them from the operands and the results,
// and only when some mode is 'raise' (fp_raise_mask):
//   divide    an infinite result of finite operands at a pole of the function
//             (x / 0, x // 0, log(0), log1p(-1), arctanh(+-1), reciprocal(0),
//             power(0, -1)); an integer x // 0 or x % 0;
//   overflow  any other infinite result of finite operands (exp(1000), 1e300 *
//             1e300); an integer + - * of NumPy scalars past the dtype's range
//             (scalar math checks it, the array loops do not);
//   underflow a zero or subnormal result of a multiply, divide, square, power
//             or exponential whose operands are finite and non-zero;
//   invalid   a NaN result of operands that hold no NaN (0 / 0, inf - inf,
//             sqrt(-1), log(-1), x % 0.0).
namespace {
struct FpRaiseMask {  // a session slot (Note [Session state])
  unsigned bits = 0;
};
}  // namespace
unsigned& fp_raise_mask() { return session_state<FpRaiseMask>().bits; }

namespace {

double min_normal(DType dt) {
  switch (dt) {
    case DType::F16: return 6.103515625e-05;
    case DType::F32: case DType::C64: return 1.1754943508222875e-38;
    default: return 2.2250738585072014e-308;
  }
}

unsigned scalar_int_overflow(Ufunc op, DType dt, const Array& x, const Array& y) {
  if (op != Ufunc::add && op != Ufunc::subtract && op != Ufunc::multiply) return 0;
  __int128 a, b;
  if (is_unsigned_int(dt)) {
    a = __int128(load_as<uint64_t>(x.dtype, x.data()));
    b = __int128(load_as<uint64_t>(y.dtype, y.data()));
  } else {
    a = load_as<int64_t>(x.dtype, x.data());
    b = load_as<int64_t>(y.dtype, y.data());
  }
  // |a|, |b| < 2^64, so a product fits 128 bits
  const __int128 r = op == Ufunc::add ? a + b : op == Ufunc::subtract ? a - b : a * b;
  const int bits = 8 * itemsize(dt);
  const __int128 lo = is_unsigned_int(dt) ? 0 : -(__int128(1) << (bits - 1));
  const __int128 hi = is_unsigned_int(dt) ? (__int128(1) << bits) - 1 : (__int128(1) << (bits - 1)) - 1;
  return r < lo || r > hi ? unsigned(kFpOverflow) : 0u;
}

// The categories of Note [Floating-point errors] that a finished loop raised.
unsigned fp_errors(Ufunc op, const UfuncLoop& loop, const std::vector<ArrayPtr>& src, const std::vector<Strides>& bstrides,
                   const Array& res, const Shape& bshape, bool scalar_math) {
  const size_t nin = src.size();
  if (is_integer(loop.in) || is_bool(loop.in)) {
    unsigned f = 0;
    if (nin == 2 && (op == Ufunc::floor_divide || op == Ufunc::remainder || op == Ufunc::fmod)) {
      const Array& d = *src[1];
      std::array<char*, 1> base{d.data()};
      std::array<const Strides*, 1> st{&bstrides[1]};
      for_each_strided<1>(bshape, base, st, [&](std::array<char*, 1>& p, const std::array<int64_t, 1>& s, int64_t n) {
        for (int64_t i = 0; i < n; ++i)
          if (load_as<int64_t>(d.dtype, p[0] + i * s[0]) == 0) f |= kFpDivide;
      });
    }
    if (scalar_math && nin == 2 && is_integer(loop.out) && src[0]->ndim() == 0 && src[1]->ndim() == 0)
      f |= scalar_int_overflow(op, loop.out, *src[0], *src[1]);
    return f;
  }
  if (!is_inexact(loop.out)) return 0;
  const double tiny = min_normal(loop.out);
  const bool may_underflow = op == Ufunc::multiply || op == Ufunc::divide || op == Ufunc::square || op == Ufunc::power ||
                             op == Ufunc::exp || op == Ufunc::exp2;
  unsigned f = 0;
  std::array<char*, 3> base{res.data(), src[0]->data(), nin > 1 ? src[1]->data() : src[0]->data()};
  std::array<const Strides*, 3> st{&res.strides, &bstrides[0], nin > 1 ? &bstrides[1] : &bstrides[0]};
  const DType rt = res.dtype, xt = src[0]->dtype, yt = nin > 1 ? src[1]->dtype : xt;
  for_each_strided<3>(bshape, base, st, [&](std::array<char*, 3>& p, const std::array<int64_t, 3>& s, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
      const c128 r = load_as<c128>(rt, p[0] + i * s[0]);
      const c128 x = load_as<c128>(xt, p[1] + i * s[1]);
      const c128 y = nin > 1 ? load_as<c128>(yt, p[2] + i * s[2]) : c128(0);
      auto nan = [](c128 v) { return std::isnan(v.real()) || std::isnan(v.imag()); };
      auto finite = [](c128 v) { return std::isfinite(v.real()) && std::isfinite(v.imag()); };
      auto zero = [](c128 v) { return v.real() == 0 && v.imag() == 0; };
      const bool ins_finite = finite(x) && (nin < 2 || finite(y));
      const bool r_inf = std::isinf(r.real()) || std::isinf(r.imag());  // (a complex x / 0 is inf+nanj: a division by zero)
      if (nan(r) && !(r_inf && ins_finite)) {
        if (!nan(x) && (nin < 2 || !nan(y))) f |= kFpInvalid;
      } else if (r_inf) {
        if (!ins_finite) continue;
        const double ax = std::abs(x.real());
        bool pole = false;
        switch (op) {
          case Ufunc::divide: case Ufunc::floor_divide: pole = zero(y); break;
          case Ufunc::power: pole = zero(x); break;
          case Ufunc::reciprocal: case Ufunc::log: case Ufunc::log2: case Ufunc::log10: pole = zero(x); break;
          case Ufunc::log1p: pole = x == c128(-1); break;
          case Ufunc::arctanh: pole = ax == 1 && x.imag() == 0; break;
          default: break;
        }
        f |= pole ? kFpDivide : kFpOverflow;
      } else if (may_underflow && ins_finite && !zero(x) && (nin < 2 || !zero(y))) {
        const double re = std::abs(r.real()), im = std::abs(r.imag());
        if ((re < tiny && (re != 0 || zero(r))) || (im != 0 && im < tiny)) f |= kFpUnderflow;
      }
    }
  });
  return f;
}

}  // namespace

ArrayPtr ufunc_call(Ufunc op, const std::vector<UfuncOperand>& ops, const UfuncOptions& opt) {
  if (any_flexible(ops)) return text_ufunc(op, ops, opt);  // Note [Flexible dtypes]: text loops live in strings.cpp
  const bool torch = any_torch(ops, opt);
  const size_t nin = ops.size();
  const std::string nm = ufunc_name(op);
  UfuncLoop loop = resolve_loop(op, ops, opt);
  const ArrayPtr& out = opt.out;

  // ---- broadcast inputs and out together
  std::vector<Shape> shapes;
  for (auto& o : ops) shapes.push_back(o.array->shape);
  if (out) shapes.push_back(out->shape);
  Shape bshape;
  if (!try_broadcast_shapes(shapes, bshape)) {
    if (torch) {
      // at::infer_size, pairwise from the trailing dimension
      Shape acc = shapes[0];
      for (size_t k = 1; k < shapes.size(); ++k) {
        const Shape& b = shapes[k];
        size_t nd = std::max(acc.size(), b.size());
        Shape r(nd);
        for (size_t i = nd; i-- > 0;) {
          size_t off = nd - 1 - i;
          int64_t sa = off < acc.size() ? acc[acc.size() - 1 - off] : 1;
          int64_t sb = off < b.size() ? b[b.size() - 1 - off] : 1;
          if (sa != sb && sa != 1 && sb != 1) {
            if (out && k == shapes.size() - 1) break;
            runtime_error("The size of tensor a (" + std::to_string(sa) + ") must match the size of tensor b (" +
                          std::to_string(sb) + ") at non-singleton dimension " + std::to_string(i));
          }
          r[i] = sa == 1 ? sb : sa;
        }
        acc = r;
      }
      runtime_error("output with shape " + list_repr(out->shape) + " doesn't match the broadcast shape " + list_repr(acc));
    }
    std::string msg = "operands could not be broadcast together with shapes ";
    for (auto& s : shapes) msg += shape_compact(s) + " ";
    value_error(msg);
  }
  if (out && bshape != out->shape) {
    if (torch) runtime_error("output with shape " + list_repr(out->shape) + " doesn't match the broadcast shape " + list_repr(bshape));
    value_error("non-broadcastable output operand with shape " + shape_compact(out->shape) +
                " doesn't match the broadcast shape " + shape_compact(bshape));
  }

  // ---- output checks
  if (out) {
    if (!out->writeable) value_error("output array is read-only");
    bool castable = torch ? torch_can_cast(loop.out, out->dtype) : can_cast(loop.out, out->dtype, opt.casting);
    if (!castable) {
      if (torch)
        runtime_error(std::string("result type ") + torch_type_name(loop.out) + " can't be cast to the desired output type " +
                      torch_type_name(out->dtype));
      raise("_UFuncOutputCastingError", "Cannot cast ufunc '" + nm + "' output from " + np_dtype_repr(loop.out) + " to " +
                                  np_dtype_repr(out->dtype) + " with casting rule '" + casting_name(opt.casting) + "'");
    }
  }

  // ---- inputs in the loop dtype, copied when they may overlap the output
  std::vector<ArrayPtr> src(nin);
  std::vector<Strides> bstrides(nin);
  for (size_t k = 0; k < nin; ++k) {
    src[k] = ops[k].array->dtype == loop.in ? ops[k].array : copy_as(*ops[k].array, loop.in);
    bstrides[k] = broadcast_strides(src[k]->shape, src[k]->strides, bshape);
  }
  bool out_internal_overlap = false;
  if (out) {
    if (torch) torch_assert_no_internal_overlap(*out);  // PyTorch's rule (MemoryOverlap.cpp), not NumPy's solver
    out_internal_overlap = solve_may_have_internal_overlap(*out, 1) != MemOverlap::No;
    for (size_t k = 0; k < nin; ++k) {
      const Array& s = *src[k];
      if (s.storage != out->storage || s.size() == 0 || out->size() == 0) continue;
      if (same_elements(*out, s, bstrides[k])) continue;
      if (torch) torch_assert_no_partial_overlap(*out, s);
      if (solve_may_share_memory(*out, s, 1) != MemOverlap::No) {
        src[k] = copy_array(s, 'C');
        bstrides[k] = broadcast_strides(src[k]->shape, src[k]->strides, bshape);
      }
    }
  }

  // torch raises on integer division by zero instead of producing 0
  if (torch && (op == Ufunc::floor_divide || op == Ufunc::remainder || op == Ufunc::fmod) && is_integer(loop.in) && nin == 2) {
    const Array& d = *src[1];
    bool zero = false;
    std::array<char*, 1> base{d.data()};
    std::array<const Strides*, 1> st{&d.strides};
    int isz = d.itemsize();
    for_each_strided<1>(d.shape, base, st, [&](std::array<char*, 1>& p, const std::array<int64_t, 1>& s, int64_t n) {
      static const char zeros[8] = {};
      for (int64_t i = 0; i < n && !zero; ++i) zero = std::memcmp(p[0] + i * s[0], zeros, size_t(isz)) == 0;
    });
    if (zero) runtime_error("ZeroDivisionError");
  }

  // ---- the result: `out` itself, or a new array in the inputs' memory order
  ArrayPtr res;
  if (out && out->dtype == loop.out && !out_internal_overlap) {
    res = out;
  } else {
    std::vector<const Strides*> order_strides;
    for (auto& s : bstrides) order_strides.push_back(&s);
    // the loop writes every element (Note [Uninitialised results] in kernels/copy.cpp)
    res = make_array_in_order(loop.out, bshape, nditer_axis_order(bshape, order_strides),
                              torch ? Flavor::Torch : Flavor::NumPy, false);
  }

  std::array<char*, 3> ptrs{res->data(), src[0]->data(), nin > 1 ? src[1]->data() : nullptr};
  std::array<const Strides*, 3> strides{&res->strides, &bstrides[0], nin > 1 ? &bstrides[1] : nullptr};
  try {
    run_ufunc_loop(op, loop.in, bshape, ptrs, strides);
  } catch (const PyError& e) {
    if (torch) runtime_error(e.msg);  // torch reports kernel errors as RuntimeError
    throw;
  }
  if (const unsigned mask = torch ? 0u : fp_raise_mask()) {
    const unsigned f = fp_errors(op, loop, src, bstrides, *res, bshape, opt.scalar_math) & mask;
    if (f) {
      const char* what = f & kFpDivide ? "divide by zero" : f & kFpOverflow ? "overflow" : f & kFpUnderflow ? "underflow" : "invalid value";
      raise("FloatingPointError", std::string(what) + " encountered in " + (opt.scalar_math ? "scalar " : "") + nm);
    }
  }

  if (out) {
    if (res != out) copy_into(*out, *res);
    return out;
  }
  if (!torch && res->ndim() == 0) {
    res->flavor = Flavor::Scalar;
    res->writeable = false;
  }
  return res;
}

ArrayPtr ufunc_call2(Ufunc op, const ArrayPtr& a, const ArrayPtr& b, ArrayPtr out) {
  UfuncOptions opt;
  opt.out = std::move(out);
  return ufunc_call(op, {UfuncOperand{a}, UfuncOperand{b}}, opt);
}

ArrayPtr ufunc_call1(Ufunc op, const ArrayPtr& a, ArrayPtr out) {
  UfuncOptions opt;
  opt.out = std::move(out);
  return ufunc_call(op, {UfuncOperand{a}}, opt);
}

}  // namespace sl
