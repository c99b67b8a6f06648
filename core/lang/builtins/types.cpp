// types: the builtin exception hierarchy, the builtin types as callables
// (int("12", 2), dict(a=1), range(3), complex("1+2j"), ...) and the few
// methods of the numeric types. Exception classes are TypeObjs whose bases
// give except-clause matching its order (CPython's hierarchy).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "core/lang/objects/bytes.hpp"
#include "core/lang/objects/array_hooks.hpp"
#include "core/lang/builtins/builtins.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/lang/objects/pyint.hpp"
#include "core/model/element.hpp"

namespace sl::lang {

namespace {

Value type_value(TypeObj* ty) { return Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), ty)); }

// (name, bases) in creation order: CPython 3.13's builtin hierarchy (the
// "Exception hierarchy" of the library reference); a base is a name created
// earlier, or "BaseException" / "Exception" (the Interp's own). Left out:
// BaseExceptionGroup and ExceptionGroup (their constructors split and wrap
// exceptions; `except*` is not parsed either). NumPy's classes are not builtins
// (numpy/exceptions.cpp).
struct ExcDef {
  const char* name;
  const char* base;
};
const ExcDef kExceptions[] = {
    {"SystemExit", "BaseException"},
    {"KeyboardInterrupt", "BaseException"},
    {"GeneratorExit", "BaseException"},
    {"ArithmeticError", "Exception"},
    {"ZeroDivisionError", "ArithmeticError"},
    {"OverflowError", "ArithmeticError"},
    {"FloatingPointError", "ArithmeticError"},
    {"AssertionError", "Exception"},
    {"AttributeError", "Exception"},
    {"BufferError", "Exception"},
    {"EOFError", "Exception"},
    {"ImportError", "Exception"},
    {"ModuleNotFoundError", "ImportError"},
    {"LookupError", "Exception"},
    {"IndexError", "LookupError"},
    {"KeyError", "LookupError"},
    {"MemoryError", "Exception"},
    {"NameError", "Exception"},
    {"UnboundLocalError", "NameError"},
    {"OSError", "Exception"},
    {"BlockingIOError", "OSError"},
    {"ChildProcessError", "OSError"},
    {"ConnectionError", "OSError"},
    {"BrokenPipeError", "ConnectionError"},
    {"ConnectionAbortedError", "ConnectionError"},
    {"ConnectionRefusedError", "ConnectionError"},
    {"ConnectionResetError", "ConnectionError"},
    {"FileExistsError", "OSError"},
    {"FileNotFoundError", "OSError"},
    {"InterruptedError", "OSError"},
    {"IsADirectoryError", "OSError"},
    {"NotADirectoryError", "OSError"},
    {"PermissionError", "OSError"},
    {"ProcessLookupError", "OSError"},
    {"TimeoutError", "OSError"},
    {"ReferenceError", "Exception"},
    {"RuntimeError", "Exception"},
    {"NotImplementedError", "RuntimeError"},
    {"PythonFinalizationError", "RuntimeError"},
    {"RecursionError", "RuntimeError"},
    {"StopAsyncIteration", "Exception"},
    {"StopIteration", "Exception"},
    {"SyntaxError", "Exception"},
    {"IndentationError", "SyntaxError"},
    {"TabError", "IndentationError"},
    {"SystemError", "Exception"},
    {"TypeError", "Exception"},
    {"ValueError", "Exception"},
    {"UnicodeError", "ValueError"},
    {"UnicodeDecodeError", "UnicodeError"},
    {"UnicodeEncodeError", "UnicodeError"},
    {"UnicodeTranslateError", "UnicodeError"},
    {"Warning", "Exception"},
    {"BytesWarning", "Warning"},
    {"DeprecationWarning", "Warning"},
    {"EncodingWarning", "Warning"},
    {"FutureWarning", "Warning"},
    {"ImportWarning", "Warning"},
    {"PendingDeprecationWarning", "Warning"},
    {"ResourceWarning", "Warning"},
    {"RuntimeWarning", "Warning"},
    {"SyntaxWarning", "Warning"},
    {"UnicodeWarning", "Warning"},
    {"UserWarning", "Warning"},
};

void install_exceptions(Interp& in) {
  in.builtins["BaseException"] = type_value(in.t.base_exception);
  in.builtins["Exception"] = type_value(in.t.exception);
  for (const auto& e : kExceptions)
    in.builtins[e.name] = type_value(in.new_type(e.name, "builtins", {in.builtins.at(e.base).as<TypeObj>()}));
  // the OSError aliases CPython keeps for old code
  in.builtins["EnvironmentError"] = in.builtins["IOError"] = in.builtins["OSError"];
}

// type(x) is x's class; type(name, bases, namespace) creates one.
Value construct_type(Interp& in, Args& a) {
  if (a.size() == 1 && a.kw.empty()) return type_ref(in.type_of(a.pos[0]));
  if (a.size() != 3) in.raise_exc("TypeError", "type() takes 1 or 3 arguments");
  auto* name = a.pos[0].as<StrObj>();
  auto* bases = a.pos[1].as<TupleObj>();
  auto* ns = a.pos[2].as<DictObj>();
  if (!name) type_error("type.__new__() argument 1 must be str, not " + in.type_of(a.pos[0])->name);
  if (!bases) type_error("type.__new__() argument 2 must be tuple, not " + in.type_of(a.pos[1])->name);
  if (!ns) type_error("type.__new__() argument 3 must be dict, not " + in.type_of(a.pos[2])->name);
  std::vector<std::pair<std::string, Value>> items{{"__module__", make_str("__main__")}};
  for (size_t i = 0; i < ns->t.entries.size(); ++i) {
    if (!ns->t.alive[i]) continue;
    items.push_back({as_str(in, ns->t.entries[i].first, "type() namespace keys"), ns->t.entries[i].second});
  }
  return type_new(in, winning_metaclass(in, nullptr, bases->items), name->s, bases->items, items, {});
}

// The builtin value an int/float/str subclass instance carries, unless its
// class defines the conversion itself (int(x) then calls x.__int__).
Value subclass_value(const Value& x, const char* conversion) {
  auto* inst = x.as<InstanceObj>();
  Value f;
  if (!inst || inst->builtin_base.is_none() || find_special(x, conversion, f)) return x;
  return inst->builtin_base;
}

Value construct_int(Interp& in, Args& a) {
  Value x = subclass_value(a.optional(0, "x", Value::integer(0)), "__int__");
  Value base = a.optional(1, "base");
  a.finish(2);
  if (auto* s = x.as<StrObj>()) {
    int64_t b = base.is_none() ? 10 : is_bigint(base) ? -1 : in.index_value(base);
    if (b != 0 && (b < 2 || b > 36)) in.raise_exc("ValueError", "int() base must be >= 2 and <= 36, or 0");
    return int_from_string(in, s->s, int(b));
  }
  if (auto* b = x.as<BytesObj>()) {  // int(b'42'): the bytes' ASCII text, named by its repr in errors
    int64_t bs = base.is_none() ? 10 : is_bigint(base) ? -1 : in.index_value(base);
    if (bs != 0 && (bs < 2 || bs > 36)) in.raise_exc("ValueError", "int() base must be >= 2 and <= 36, or 0");
    std::string text;
    for (unsigned char c : b->s) text += c < 0x80 ? char(c) : '\x01';
    try {
      return int_from_string(in, text, int(bs));
    } catch (const PyError& e) {
      if (e.type != "ValueError") throw;
      in.raise_exc("ValueError", "invalid literal for int() with base " + std::to_string(bs) + ": " + in.repr(x));
    }
  }
  if (!base.is_none()) in.raise_exc("TypeError", "int() can't convert non-string with explicit base");
  if (x.is_int() || is_bigint(x)) return x;
  if (x.is_bool()) return Value::integer(x.as_int());
  if (x.is_array()) {
    int64_t v;
    if (array_to_int(in, x, v, false)) return Value::integer(v);
  }
  if (x.is_float()) return int_from_double(in, x.as_float());
  // mirrors PyNumber_Long: __int__, then __index__, then __trunc__ of a user class
  for (const char* dunder : {"__int__", "__index__", "__trunc__"}) {
    Value r;
    if (!call_special(in, x, dunder, {}, r)) continue;
    if (!is_pyint(r) && !r.is_bool()) type_error(std::string(dunder) + " returned non-int (type " + in.type_of(r)->name + ")");
    return r.is_bool() ? Value::integer(r.as_int()) : r;
  }
  in.raise_exc("TypeError", "int() argument must be a string, a bytes-like object or a real number, not '" + in.type_of(x)->name + "'");
}

Value construct_float(Interp& in, Args& a) {
  Value x = subclass_value(a.optional(0, "x", Value::floating(0.0)), "__float__");
  a.finish(1);
  if (x.is_float()) return x;  // float(f) is f itself
  if (auto* b = x.as<BytesObj>()) {
    std::string text;
    for (unsigned char c : b->s) text += c < 0x80 ? char(c) : '\x01';
    try {
      return Value::new_float(in.float_value(S(text)));
    } catch (const PyError& e) {
      if (e.type != "ValueError") throw;
      in.raise_exc("ValueError", "could not convert string to float: " + in.repr(x));
    }
  }
  return Value::new_float(in.float_value(x));
}

Value construct_bool(Interp& in, Args& a) {
  Value x = a.optional(0, "x", Value::boolean(false));
  a.finish(1);
  return Value::boolean(in.truthy(x));
}

Value construct_str(Interp& in, Args& a) {
  Value x = a.optional(0, "object", S(""));
  Value enc = a.optional(1, "encoding"), err = a.optional(2, "errors");
  a.finish(3);
  if (!enc.is_none() || !err.is_none()) return str_from_encoded(in, x, enc, err);
  return S(in.str(x));
}

Value construct_list(Interp& in, Args& a) {
  Value x = a.optional(0, "iterable");
  a.finish(1);
  if (x.is_none() && a.pos.empty()) return make_list();
  return make_list(in.to_vector(x));
}

Value construct_tuple(Interp& in, Args& a) {
  Value x = a.optional(0, "iterable");
  a.finish(1);
  if (x.is_none() && a.pos.empty()) return make_tuple({});
  if (x.as<TupleObj>() && !x.as<TupleObj>()->type) return x;  // a tuple subclass (torch.Size) gives a plain tuple
  return make_tuple(in.to_vector(x));
}

Value construct_set(Interp& in, Args& a) {
  Value x = a.optional(0, "iterable");
  a.finish(1);
  if (x.is_none() && a.pos.empty()) return new_set(in, {});
  if (auto* src = x.as<SetObj>()) {  // set(s) merges s's table, as CPython's set_update_internal
    Value r = new_set(in, {});
    table_merge_set(in, r.as<SetObj>()->t, src->t);
    return r;
  }
  return new_set(in, in.to_vector(x));
}

Value construct_frozenset(Interp& in, Args& a) {
  Value x = a.optional(0, "iterable");
  a.finish(1);
  if (auto* src = x.as<SetObj>(); src && src->frozen) return x;  // immutable: frozenset(fs) is fs
  Value r = new_set(in, {});
  if (auto* src = x.as<SetObj>()) table_merge_set(in, r.as<SetObj>()->t, src->t);
  else if (!x.is_none() || !a.pos.empty())
    for (auto& v : in.to_vector(x)) table_set(in, r.as<SetObj>()->t, v, Value());
  r.as<SetObj>()->frozen = true;
  return r;
}

Value construct_dict(Interp& in, Args& a) {
  if (a.pos.size() > 1)
    in.raise_exc("TypeError", "dict expected at most 1 argument, got " + std::to_string(a.pos.size()));
  auto d = std::make_shared<DictObj>();
  Value dv(std::static_pointer_cast<Obj>(d));
  if (!a.pos.empty()) {
    Value src = a.pos[0];
    // a dict subclass's items are its builtin part
    if (auto* inst = src.as<InstanceObj>(); inst && inst->builtin_base.as<DictObj>()) src = inst->builtin_base;
    if (auto* sd = src.as<DictObj>()) {
      for (size_t i = 0; i < sd->t.entries.size(); ++i)
        if (sd->t.alive[i]) table_set(in, d->t, sd->t.entries[i].first, sd->t.entries[i].second);
    } else {
      for (auto& kv : in.to_vector(src)) {
        auto items = in.to_vector(kv);
        if (items.size() != 2)
          in.raise_exc("ValueError", "dictionary update sequence element has length " + std::to_string(items.size()) + "; 2 is required");
        table_set(in, d->t, items[0], items[1]);
      }
    }
  }
  for (auto& [k, v] : a.kw) table_set(in, d->t, S(k), v);
  return dv;
}

Value construct_range(Interp& in, Args& a) {
  if (!a.kw.empty()) in.raise_exc("TypeError", "range() takes no keyword arguments");
  if (a.pos.empty()) in.raise_exc("TypeError", "range expected at least 1 argument, got 0");
  if (a.pos.size() > 3) in.raise_exc("TypeError", "range expected at most 3 arguments, got " + std::to_string(a.pos.size()));
  for (auto& v : a.pos)
    if (!in.is_int_like(v)) in.raise_exc("TypeError", "'" + in.type_of(v)->name + "' object cannot be interpreted as an integer");
  int64_t start = 0, stop, step = 1;
  if (a.pos.size() == 1) stop = in.index_value(a.pos[0]);
  else {
    start = in.index_value(a.pos[0]);
    stop = in.index_value(a.pos[1]);
    if (a.pos.size() == 3) step = in.index_value(a.pos[2]);
  }
  if (step == 0) in.raise_exc("ValueError", "range() arg 3 must not be zero");
  return Value(std::static_pointer_cast<Obj>(std::make_shared<RangeObj>(start, stop, step)));
}

Value construct_slice(Interp& in, Args& a) {
  if (!a.kw.empty()) in.raise_exc("TypeError", "slice() takes no keyword arguments");
  if (a.pos.empty() || a.pos.size() > 3)
    in.raise_exc("TypeError", std::string("slice expected ") + (a.pos.empty() ? "at least 1 argument" : "at most 3 arguments") +
                                  ", got " + std::to_string(a.pos.size()));
  Value x = a.optional(0, "start"), y = a.optional(1, "stop"), z = a.optional(2, "step");
  if (a.pos.size() == 1) return Value(std::static_pointer_cast<Obj>(std::make_shared<SliceObj>(Value(), x, Value())));
  return Value(std::static_pointer_cast<Obj>(std::make_shared<SliceObj>(x, y, z)));
}

Value construct_complex(Interp& in, Args& a) {
  Value re = a.optional(0, "real", Value::integer(0));
  Value im = Value::integer(0);
  const bool have_im = a.take(1, "imag", im);
  a.finish(2);
  double r1, i1, r2, i2;
  if (auto* s = re.as<StrObj>()) {
    std::string x = strip_chars(s->s, "", true, true);
    if (!x.empty() && x.front() == '(' && x.back() == ')') x = x.substr(1, x.size() - 2);
    char* end = nullptr;
    double v1 = std::strtod(x.c_str(), &end);
    if (end == x.c_str() && (x == "j" || x == "+j" || x == "-j")) return make_complex(0, x == "-j" ? -1 : 1);
    if (*end == 'j' && end[1] == 0) return make_complex(0, v1);
    if (*end == 0) return make_complex(v1, 0);
    char* end2 = nullptr;
    double v2 = std::strtod(end, &end2);
    if (end2 != end && *end2 == 'j' && end2[1] == 0) return make_complex(v1, v2);
    if ((std::string(end) == "+j" || std::string(end) == "-j")) return make_complex(v1, *end == '-' ? -1 : 1);
    in.raise_exc("ValueError", "complex() arg is a malformed string");
  }
  if (re.is_array()) {
    const Array& x = re.arr();
    if (x.size() != 1) in.raise_exc("TypeError", "only length-1 arrays can be converted to Python scalars");
    std::vector<int64_t> zero(x.ndim(), 0);
    c128 v = load_as<c128>(x.dtype, x.storage->data() + flat_offset(x, zero));
    r1 = v.real();
    i1 = v.imag();
  } else if (!complex_parts(re, r1, i1)) {
    in.raise_exc("TypeError", "complex() first argument must be a string or a number, not '" + in.type_of(re)->name + "'");
  }
  if (!complex_parts(im, r2, i2)) in.raise_exc("TypeError", "complex() second argument must be a number, not '" + in.type_of(im)->name + "'");
  // CPython's complex_new adds the other part only for complex arguments, so
  // complex(1.0, -0.0) keeps its -0.0 imaginary part.
  auto is_cplx = [](const Value& v) {
    return v.as<ComplexObj>() || (v.is_array() && is_complex(v.arr().dtype));
  };
  if (!have_im) return make_complex(r1, i1);
  return make_complex(is_cplx(im) ? r1 - i2 : r1, is_cplx(re) ? i1 + r2 : r2);
}

Value complex_conjugate(Interp&, Args& a) {
  auto* c = a.pos[0].as<ComplexObj>();
  return make_complex(c->re, -c->im);
}

Value float_is_integer(Interp&, Args& a) {
  double d = a.pos[0].as_float();
  return Value::boolean(std::isfinite(d) && std::floor(d) == d);
}

// float.as_integer_ratio(): x = m * 2**e exactly (frexp), m scaled to an odd
// integer; the pair (m << e, 1) or (m, 1 << -e) is then in lowest terms
// (mirrors float_as_integer_ratio_impl).
Value float_as_integer_ratio(Interp& in, Args& a) {
  double d = a.pos[0].as_float();
  if (std::isnan(d)) in.raise_exc("ValueError", "cannot convert NaN to integer ratio");
  if (std::isinf(d)) in.raise_exc("OverflowError", "cannot convert Infinity to integer ratio");
  int e = 0;
  double m = std::frexp(d, &e);
  for (int i = 0; i < 300 && m != std::floor(m); ++i) {
    m *= 2.0;
    --e;
  }
  Value num = int_from_double(in, m);
  Value den = Value::integer(1);
  if (e > 0) num = in.binop(BinOp::LShift, num, Value::integer(e));
  else den = in.binop(BinOp::LShift, den, Value::integer(-e));
  return make_tuple({num, den});
}

// float.hex(): x = d.ddddddddddddd (16) * 2**e with one leading hex digit
// (1 for normal numbers, 0 for subnormals, whose exponent stays -1022) and
// the 52 fraction bits as 13 hex digits; nan and inf as their names.
Value float_hex(Interp&, Args& a) {
  double d = a.pos[0].as_float();
  if (std::isnan(d)) return make_str("nan");
  if (std::isinf(d)) return make_str(d < 0 ? "-inf" : "inf");
  std::string out = std::signbit(d) ? "-0x" : "0x";
  if (d == 0) return make_str(out + "0.0p+0");
  int e = 0;
  double m = std::frexp(std::fabs(d), &e);  // m in [0.5, 1)
  int shift = 1 - std::max(-1021 - e, 0);   // DBL_MIN_EXP is -1021
  m = std::ldexp(m, shift);
  e -= shift;
  static const char digits[] = "0123456789abcdef";
  out += digits[int(m)];
  m -= int(m);
  out += '.';
  for (int i = 0; i < 13; ++i) {
    m *= 16;
    out += digits[int(m)];
    m -= int(m);
  }
  return make_str(out + "p" + (e < 0 ? "-" : "+") + std::to_string(std::abs(e)));
}

Value int_bit_length(Interp&, Args& a) { return Value::integer(int64_t(to_bigint(a.pos[0]).bit_length())); }
Value int_bit_count(Interp&, Args& a) { return Value::integer(int64_t(to_bigint(a.pos[0]).bit_count())); }
Value int_is_integer(Interp&, Args&) { return Value::boolean(true); }

// int.from_bytes(iterable of byte values, byteorder='big', *, signed=False).
Value int_from_bytes(Interp& in, Args& a) {
  a.fname = "from_bytes";
  Value bytes = a.required(0, "bytes");
  Value order = a.optional(1, "byteorder", S("big"));
  Value sgn = a.optional(2, "signed", Value::boolean(false));
  a.finish(2);
  auto* os = order.as<StrObj>();
  if (!os) type_error("from_bytes() argument 'byteorder' must be str, not " + in.type_of(order)->name);
  if (os->s != "big" && os->s != "little") in.raise_exc("ValueError", "byteorder must be either 'little' or 'big'");
  std::vector<Value> items = in.to_vector(bytes);
  if (os->s == "little") std::reverse(items.begin(), items.end());
  BigInt r;
  for (const Value& x : items) {
    if (!is_pyint(x)) type_error("'" + in.type_of(x)->name + "' object cannot be interpreted as an integer");
    int64_t b = int_to_int64(in, x, "ValueError", "bytes must be in range(0, 256)");
    if (b < 0 || b > 255) in.raise_exc("ValueError", "bytes must be in range(0, 256)");
    r = shift_left(r, 8) + BigInt(b);
  }
  if (in.truthy(sgn) && !items.empty() && in.index_value(items[0]) >= 128)
    r = r - shift_left(BigInt(1), 8 * items.size());
  return make_int(std::move(r));
}

// The builtin types that are also constructors: name, the Types slot, the call.
struct CtorDef {
  const char* name;
  TypeObj* Types::*type;
  Value (*fn)(Interp&, Args&);
};
const CtorDef kConstructors[] = {
    {"type", &Types::type, construct_type},
    {"int", &Types::int_, construct_int},
    {"float", &Types::float_, construct_float},
    {"bool", &Types::bool_, construct_bool},
    {"str", &Types::str, construct_str},
    {"list", &Types::list, construct_list},
    {"tuple", &Types::tuple, construct_tuple},
    {"set", &Types::set, construct_set},
    {"frozenset", &Types::frozenset, construct_frozenset},
    {"dict", &Types::dict, construct_dict},
    {"range", &Types::range, construct_range},
    {"slice", &Types::slice, construct_slice},
    {"complex", &Types::complex_, construct_complex}
};

const NativeDef kComplexMethods[] = {{"conjugate", complex_conjugate}};
Value number_conjugate(Interp&, Args& a) { return a.pos[0].is_bool() ? Value::integer(a.pos[0].as_int()) : a.pos[0]; }

const NativeDef kFloatMethods[] = {{"is_integer", float_is_integer}, {"hex", float_hex}, {"conjugate", number_conjugate},
                                   {"as_integer_ratio", float_as_integer_ratio}};
const NativeDef kIntMethods[] = {
    {"bit_length", int_bit_length}, {"bit_count", int_bit_count}, {"is_integer", int_is_integer},
    {"conjugate", number_conjugate}};

}  // namespace

void check_exception_args(Interp& in, TypeObj* ty, const std::vector<Value>& args) {
  auto derives = [&](const char* n) { return ty->is_subclass_of(in.builtins.at(n).as<TypeObj>()); };
  // 's' str, 'b' bytes, 'i' an index
  const char* fields = derives("UnicodeEncodeError")    ? "ssiis"
                       : derives("UnicodeDecodeError")    ? "sbiis"
                       : derives("UnicodeTranslateError") ? "siis"
                                                          : nullptr;
  if (fields) {
    const size_t n = std::strlen(fields);
    if (args.size() != n)
      in.raise_exc("TypeError", "function takes exactly " + std::to_string(n) + " arguments (" +
                                    std::to_string(args.size()) + " given)");
    for (size_t k = 0; k < n; ++k) {
      const Value& v = args[k];
      if (fields[k] == 's' && !v.as<StrObj>())
        in.raise_exc("TypeError", "argument " + std::to_string(k + 1) + " must be str, not " + in.type_of(v)->name);
      if (fields[k] == 'b') need_bytes_like(in, v);
      if (fields[k] == 'i') in.index_value(v);
    }
    return;
  }
  if (derives("SyntaxError") && args.size() == 2) {
    const size_t n = in.to_vector(args[1]).size();  // 'int' object is not iterable
    if (n < 4) in.raise_exc("TypeError", "function takes at least 4 arguments (" + std::to_string(n) + " given)");
    if (n > 6) in.raise_exc("TypeError", "function takes at most 6 arguments (" + std::to_string(n) + " given)");
    if (n == 5) in.raise_exc("TypeError", "end_offset must be provided when end_lineno is provided");
  }
  // NumPy's exceptions with an __init__ of their own: UFuncTypeError(ufunc),
  // AxisError(axis, ndim=None, msg_prefix=None)
  auto arity = [&](const char* name, const char* first, size_t lo, size_t hi) {
    if (ty != in.exception_type(name)) return;
    const std::string f = std::string(name) + ".__init__() ";
    if (args.size() < lo) in.raise_exc("TypeError", f + "missing 1 required positional argument: '" + first + "'");
    if (args.size() > hi)
      in.raise_exc("TypeError", f + "takes " + (lo == hi ? std::to_string(hi + 1) : "from " + std::to_string(lo + 1) + " to " + std::to_string(hi + 1)) +
                                    " positional arguments but " + std::to_string(args.size() + 1) + " were given");
  };
  arity("UFuncTypeError", "ufunc", 1, 1);
  arity("AxisError", "axis", 1, 3);
}

bool is_syntax_error(Interp& in, const Value& exc) {
  auto* e = exc.as<ExceptionObj>();
  return e && e->type->is_subclass_of(in.exception_type("SyntaxError"));
}

bool syntax_error_attr(Interp& in, const Value& exc, const std::string& name, Value& out) {
  static const char* kFields[] = {"filename", "lineno", "offset", "text", "end_lineno", "end_offset"};
  if (!is_syntax_error(in, exc)) return false;
  const auto& args = exc.as<ExceptionObj>()->args;
  if (name == "msg") {
    out = args.empty() ? Value() : args[0];
    return true;
  }
  if (name == "print_file_and_line") {
    out = Value();
    return true;
  }
  for (size_t k = 0; k < 6; ++k) {
    if (name != kFields[k]) continue;
    out = Value();
    if (args.size() == 2) {
      std::vector<Value> info = in.to_vector(args[1]);
      if (k < info.size()) out = info[k];
    }
    return true;
  }
  return false;
}

bool syntax_error_str(Interp& in, const Value& exc, std::string& out) {
  if (!is_syntax_error(in, exc)) return false;
  const std::string msg = in.str(in.getattr(exc, "msg"));
  Value file = in.getattr(exc, "filename"), line = in.getattr(exc, "lineno");
  std::string base;
  if (auto* s = file.as<StrObj>()) base = s->s.substr(s->s.rfind('/') == std::string::npos ? 0 : s->s.rfind('/') + 1);
  const bool has_file = file.as<StrObj>() != nullptr, has_line = line.is_int();
  if (has_file && has_line) out = msg + " (" + base + ", line " + std::to_string(line.as_int()) + ")";
  else if (has_file) out = msg + " (" + base + ")";
  else if (has_line) out = msg + " (line " + std::to_string(line.as_int()) + ")";
  else out = msg;
  return true;
}

void install_builtin_types(Interp& in) {
  install_exceptions(in);
  in.builtins["object"] = type_value(in.t.object);
  // object(): a bare instance (a sentinel), equal and hashed by identity
  in.t.object->call = [](Interp& in, Args& a) -> Value {
    if (!a.pos.empty() || !a.kw.empty()) in.raise_exc("TypeError", "object() takes no arguments");
    return Value(std::static_pointer_cast<Obj>(std::make_shared<GenericObj>(in.t.object)));
  };
  for (const auto& c : kConstructors) {
    TypeObj* ty = in.t.*c.type;
    in.builtins[c.name] = type_value(ty);
    ty->call = c.fn;
  }
  // types.MethodType(func, obj): a bound method (method_new, Objects/classobject.c);
  // the type has no builtin name
  in.t.method->call = [](Interp& in, Args& a) -> Value {
    a.fname = "method";
    Value fn = a.required(0, "function"), self = a.required(1, "instance");
    a.finish(2);
    if (!in.truthy(in.call(in.builtins["callable"], std::vector<Value>{fn})))
      in.raise_exc("TypeError", "first argument must be callable");
    if (self.is_none()) in.raise_exc("TypeError", "instance must not be None");
    return Value(std::static_pointer_cast<Obj>(std::make_shared<BoundMethodObj>(self, fn)));
  };
  def_methods(in, in.t.complex_, kComplexMethods);
  def_methods(in, in.t.float_, kFloatMethods);
  def_methods(in, in.t.int_, kIntMethods);
  in.t.int_->attrs["from_bytes"] = in.builtin("from_bytes", int_from_bytes);
  in.builtins["None"] = Value();
  in.builtins["Ellipsis"] = ellipsis_value();
  in.builtins["NotImplemented"] = S("NotImplemented");
}

}  // namespace sl::lang
