// functions: Python's builtin functions (print, len, isinstance, sorted,
// min/max, round, format, ...). Iterator-returning builtins (enumerate, zip,
// map, filter) are lazy, as in Python: each holds the iterators of its
// arguments and advances them on demand.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

#include "core/lang/objects/bytes.hpp"
#include "core/lang/objects/array_hooks.hpp"
#include "core/lang/builtins/builtins.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/lang/eval/generator.hpp"
#include "core/lang/objects/pyint.hpp"
#include "core/text/numfmt.hpp"
#include "core/text/utf8.hpp"

namespace sl::lang {

namespace {

// The checks Argument Clinic generates for a builtin with positional-or-keyword
// (or positional-only) parameters, before the body converts anything:
// "round() takes at most 2 arguments (3 given)", "sum() takes at least 1
// positional argument (0 given)", "sum() got an unexpected keyword argument 'x'".
void check_clinic(const Args& a, const std::string& name, size_t min_pos, size_t max_pos,
                  std::initializer_list<const char*> keywords) {
  const size_t n = a.pos.size() + a.kw.size();
  if (n > max_pos)
    type_error(name + "() takes at most " + std::to_string(max_pos) + " argument" + (max_pos == 1 ? "" : "s") + " (" +
               std::to_string(n) + " given)");
  for (const auto& kv : a.kw) {
    bool known = false;
    for (const char* k : keywords) known = known || kv.first == k;
    if (!known) type_error(name + "() got an unexpected keyword argument '" + kv.first + "'");
  }
  if (a.pos.size() < min_pos)
    type_error(name + "() takes at least " + std::to_string(min_pos) + " positional argument" + (min_pos == 1 ? "" : "s") +
               " (" + std::to_string(a.pos.size()) + " given)");
}

Value round_value(Interp& in, const Value& x, const Value& nd) {
  // round() asks the type for __round__: NumPy scalars have one; ndarray
  // (0-d too), Tensor, str, complex, containers and None do not; a user
  // class's (Fraction's) answers first.
  if (Value r; call_special(in, x, "__round__", nd.is_none() ? std::vector<Value>{} : std::vector<Value>{nd}, r)) return r;
  const bool scalar = x.is_array() && x.arr().flavor == Flavor::Scalar;
  if ((x.is_array() && !scalar) || x.is_none() || x.as<StrObj>() || x.as<ComplexObj>() || x.as<ListObj>() ||
      x.as<TupleObj>() || x.as<DictObj>()) {
    const std::string type = x.is_array() && !x.arr().is_torch() ? "numpy.ndarray" : in.type_of(x)->name;
    in.raise_exc("TypeError", "type " + type + " doesn't define __round__ method");
  }
  if (x.is_array()) {
    Value f = in.getattr(x, "round");
    return nd.is_none() ? in.call(f, std::vector<Value>{}) : in.call(f, std::vector<Value>{nd});
  }
  if (is_pyint(x)) {  // to a multiple of 10**-nd, ties to even
    if (nd.is_none() || in.index_value(nd) >= 0) return make_int(to_bigint(x));
    int64_t digits = -in.index_value(nd);
    if (digits > 100000) return Value::integer(0);
    BigInt p = pow(BigInt(10), uint64_t(digits)), q, r;
    floor_divmod(to_bigint(x), p, q, r);
    int c = compare(r + r, p);
    if (c > 0 || (c == 0 && !q.is_zero() && (q.mag[0] & 1))) q = q + BigInt(1);
    return make_int(q * p);
  }
  double v = in.float_value(x);
  if (nd.is_none()) {
    if (std::isnan(v)) in.raise_exc("ValueError", "cannot convert float NaN to integer");
    if (std::isinf(v)) in.raise_exc("OverflowError", "cannot convert float infinity to integer");
    return int_from_double(in, std::nearbyint(v));
  }
  int64_t n = in.index_value(nd);
  if (std::isnan(v) || std::isinf(v) || n > 308) return Value::floating(v);
  if (n < -308) return Value::floating(0.0 * v);
  char buf[512];
  if (n >= 0) {
    std::snprintf(buf, sizeof buf, "%.*f", int(n), v);
    return Value::floating(std::strtod(buf, nullptr));
  }
  double p = std::pow(10.0, double(-n));
  double y = std::nearbyint(v / p) * p;
  return Value::floating(y);
}

Value builtin_print(Interp& in, Args& a) {
  std::string sep = " ", end = "\n";
  Value file;
  for (auto it = a.kw.begin(); it != a.kw.end();) {
    if (it->first == "sep") {
      if (!it->second.is_none()) sep = as_str(in, it->second, "sep");
    } else if (it->first == "end") {
      if (!it->second.is_none()) end = as_str(in, it->second, "end");
    } else if (it->first == "file") {
      file = it->second;
    } else if (it->first != "flush") {
      in.raise_exc("TypeError", "'" + it->first + "' is an invalid keyword argument for print()");
    }
    it = a.kw.erase(it);
  }
  std::string s;
  // stdout is UTF-8: a piece holding a lone surrogate fails as it is written, after the pieces before it
  auto piece = [&](const std::string& p) {
    try {
      require_utf8_text(in, p);
    } catch (const PyError&) {
      in.print_text(s);
      throw;
    }
    s += p;
  };
  for (size_t k = 0; k < a.pos.size(); ++k) {
    if (k) piece(sep);
    piece(in.str(a.pos[k]));
  }
  piece(end);
  // file=: its write(), as print_file_and_flush does (sys.stderr's prints to stderr)
  if (file.is_none()) file = in.redirected_stdout();
  if (!file.is_none()) in.call(in.getattr(file, "write"), std::vector<Value>{S(s)});
  else in.print_text(s);
  return Value();
}

Value builtin_repr(Interp& in, Args& a) {
  return S(in.repr(a.required(0, "obj")));
}

// ascii(x): repr(x) with every non-ASCII code point escaped (\xhh, \uhhhh, \Uhhhhhhhh).
Value builtin_ascii(Interp& in, Args& a) {
  std::string out;
  for (uint32_t c : decode_utf8(in.repr(a.required(0, "obj")))) {
    if (c < 0x80) {
      out += char(c);
      continue;
    }
    char buf[16];
    std::snprintf(buf, sizeof buf, c < 0x100 ? "\\x%02x" : c < 0x10000 ? "\\u%04x" : "\\U%08x", c);
    out += buf;
  }
  return S(out);
}

Value builtin_len(Interp& in, Args& a) {
  if (a.pos.size() != 1) in.raise_exc("TypeError", "len() takes exactly one argument (" + std::to_string(a.pos.size()) + " given)");
  return Value::integer(in.len(a.pos[0]));
}

Value builtin_abs(Interp& in, Args& a) {
  Value x = a.required(0, "x");
  if (is_pyint(x)) return to_bigint(x).neg ? in.unaryop(UnaryOp::Neg, x) : in.unaryop(UnaryOp::Pos, x);
  if (x.is_float()) return Value::floating(std::fabs(x.as_float()));
  if (auto* c = x.as<ComplexObj>()) return Value::floating(std::hypot(c->re, c->im));
  if (x.is_array()) return in.call(in.getattr(x, "__abs__"), std::vector<Value>{});
  if (Value r; call_special(in, x, "__abs__", {}, r)) return r;
  in.raise_exc("TypeError", "bad operand type for abs(): '" + in.type_of(x)->name + "'");
}

Value builtin_id(Interp& in, Args& a) {
  Value x = a.required(0, "obj");
  if (x.is_obj() || x.is_array()) return Value::integer(int64_t(uintptr_t(x.identity())));
  return Value::integer(int64_t(in.hash(x) & 0x7fffffffffffull));
}

Value builtin_hash(Interp& in, Args& a) {
  return Value::integer(int64_t(in.hash(a.required(0, "obj"))));
}

Value builtin_isinstance(Interp& in, Args& a) {
  Value x = a.required(0, "obj"), spec = a.required(1, "class_or_tuple");
  std::function<bool(const Value&)> m = [&](const Value& s) -> bool {
    if (auto* ty = s.as<TypeObj>()) {
      // mirrors PyObject_IsInstance: an exact match first, then a metaclass's __instancecheck__
      if (in.type_of(x) == ty) return true;
      if (Value r; ty->meta && call_special(in, s, "__instancecheck__", {x}, r)) return in.truthy(r);
      return in.isinstance(x, ty);
    }
    if (auto* tu = s.as<TupleObj>()) {
      for (auto& y : tu->items)
        if (m(y)) return true;
      return false;
    }
    // not a class: its own type's __instancecheck__ (types.UnionType's, typing's aliases')
    if (Value r; !s.as<DTypeObj>() && call_special(in, s, "__instancecheck__", {x}, r)) return in.truthy(r);
    in.raise_exc("TypeError", "isinstance() arg 2 must be a type, a tuple of types, or a union");
  };
  return Value::boolean(m(spec));
}

Value builtin_issubclass(Interp& in, Args& a) {
  auto* x = a.required(0, "cls").as<TypeObj>();
  Value spec = a.required(1, "class_or_tuple");
  if (!x) in.raise_exc("TypeError", "issubclass() arg 1 must be a class");
  std::function<bool(const Value&)> m = [&](const Value& s) -> bool {
    if (auto* ty = s.as<TypeObj>()) {
      if (Value r; ty->meta && call_special(in, s, "__subclasscheck__", {a.pos[0]}, r)) return in.truthy(r);
      return x->is_subclass_of(ty);
    }
    if (auto* tu = s.as<TupleObj>()) {
      for (auto& y : tu->items)
        if (m(y)) return true;
      return false;
    }
    if (Value r; call_special(in, s, "__subclasscheck__", {a.pos[0]}, r)) return in.truthy(r);
    in.raise_exc("TypeError", "issubclass() arg 2 must be a class, a tuple of classes, or a union");
  };
  return Value::boolean(m(spec));
}

Value builtin_callable(Interp& in, Args& a) {
  Value x = a.required(0, "obj");
  auto* o = x.is_obj() ? x.obj() : nullptr;
  Value call;
  return Value::boolean(o && (o->kind == ObjKind::Function || o->kind == ObjKind::Builtin ||
                              o->kind == ObjKind::BoundMethod || o->kind == ObjKind::Type ||
                              (find_special(x, "__call__", call) && !call.is_none()) ||
                              (o->kind == ObjKind::Generic && static_cast<GenericObj*>(o)->attrs.count("__call__"))));
}

Value builtin_hasattr(Interp& in, Args& a) {
  return Value::boolean(in.hasattr(a.required(0, "obj"), as_str(in, a.required(1, "name"), "attribute name")));
}

Value builtin_getattr(Interp& in, Args& a) {
  Value x = a.required(0, "obj");
  const std::string& n = as_str(in, a.required(1, "name"), "attribute name");
  if (a.pos.size() > 2) {
    try {
      return in.getattr(x, n);
    } catch (const PyError& e) {
      if (e.type != "AttributeError") throw;
      return a.pos[2];
    }
  }
  return in.getattr(x, n);
}

Value builtin_setattr(Interp& in, Args& a) {
  in.setattr(a.required(0, "obj"), as_str(in, a.required(1, "name"), "attribute name"), a.required(2, "value"));
  return Value();
}

// iter(object) or iter(callable, sentinel): call until the result == sentinel.
Value builtin_iter(Interp& in, Args& a) {
  if (a.pos.size() < 2) return in.iter(a.required(0, "object"));
  Value f = a.pos[0], sentinel = a.pos[1];
  Args probe;
  probe.pos = {f};
  if (!builtin_callable(in, probe).as_bool()) in.raise_exc("TypeError", "iter(v, w): v must be callable");
  Interp* ip = &in;
  auto done = std::make_shared<bool>(false);
  return Value(std::static_pointer_cast<Obj>(std::make_shared<IteratorObj>("callable_iterator", [ip, f, sentinel, done](Value& out) {
    if (*done) return false;
    out = ip->call(f, std::vector<Value>{});
    if (ip->eq(out, sentinel)) *done = true;
    return !*done;
  })));
}

Value builtin_next(Interp& in, Args& a) {
  Value it = a.required(0, "iterator");
  Value out;
  if (in.next(it, out)) return out;
  if (a.pos.size() > 1) return a.pos[1];
  // a generator's return value travels in StopIteration.value
  raise_stop_iteration(in, it.as<GeneratorObj>() ? out : Value());
}

Value builtin_enumerate(Interp& in, Args& a) {
  Value it = in.iter(a.required(0, "iterable"));
  int64_t start = in.index_value(a.optional(1, "start", Value::integer(0)));
  a.finish(2);
  auto i = std::make_shared<int64_t>(start);
  Interp* ip = &in;
  return Value(std::static_pointer_cast<Obj>(std::make_shared<IteratorObj>("enumerate", [ip, it, i](Value& out) {
    Value x;
    if (!ip->next(it, x)) return false;
    out = make_tuple({Value::integer((*i)++), x});
    return true;
  })));
}

Value builtin_zip(Interp& in, Args& a) {
  for (const auto& kv : a.kw)
    if (kv.first != "strict") type_error("zip() got an unexpected keyword argument '" + kv.first + "'");
  std::vector<Value> its;
  for (auto& v : a.pos) its.push_back(in.iter(v));
  a.kw.clear();
  Interp* ip = &in;
  return Value(std::static_pointer_cast<Obj>(std::make_shared<IteratorObj>("zip", [ip, its](Value& out) {
    if (its.empty()) return false;
    std::vector<Value> row;
    for (auto& it : its) {
      Value x;
      if (!ip->next(it, x)) return false;
      row.push_back(x);
    }
    out = make_tuple(std::move(row));
    return true;
  })));
}

Value builtin_map(Interp& in, Args& a) {
  if (!a.kw.empty()) in.raise_exc("TypeError", "map() takes no keyword arguments");
  if (a.pos.size() < 2) in.raise_exc("TypeError", "map() must have at least two arguments.");
  Value f = a.pos[0];
  std::vector<Value> its;
  for (size_t k = 1; k < a.pos.size(); ++k) its.push_back(in.iter(a.pos[k]));
  Interp* ip = &in;
  return Value(std::static_pointer_cast<Obj>(std::make_shared<IteratorObj>("map", [ip, f, its](Value& out) {
    std::vector<Value> row;
    for (auto& it : its) {
      Value x;
      if (!ip->next(it, x)) return false;
      row.push_back(x);
    }
    out = ip->call(f, row);
    return true;
  })));
}

Value builtin_filter(Interp& in, Args& a) {
  Value f = a.required(0, "function");
  Value it = in.iter(a.required(1, "iterable"));
  Interp* ip = &in;
  return Value(std::static_pointer_cast<Obj>(std::make_shared<IteratorObj>("filter", [ip, f, it](Value& out) {
    Value x;
    while (ip->next(it, x)) {
      bool keep = f.is_none() ? ip->truthy(x) : ip->truthy(ip->call(f, std::vector<Value>{x}));
      if (keep) {
        out = x;
        return true;
      }
    }
    return false;
  })));
}

Value builtin_reversed(Interp& in, Args& a) {
  std::vector<Value> v = in.to_vector(a.required(0, "sequence"));
  std::reverse(v.begin(), v.end());
  return in.iter(make_list(std::move(v)));
}

Value builtin_sorted(Interp& in, Args& a) {
  std::vector<Value> v = in.to_vector(a.required(0, "iterable"));
  Value key = a.optional(99, "key");
  bool rev = in.truthy(a.optional(99, "reverse", Value::boolean(false)));
  a.finish(1);
  sort_values(in, v, key, rev);
  return make_list(std::move(v));
}

Value builtin_sum(Interp& in, Args& a) {
  check_clinic(a, "sum", 1, 2, {"start"});
  Value it = in.iter(a.required(0, "iterable"));
  Value acc = a.optional(1, "start", Value::integer(0));
  if (acc.as<StrObj>()) in.raise_exc("TypeError", "sum() can't sum strings [use ''.join(seq) instead]");
  // Python 3.12's sum: once the running total is a float, floats and small
  // ints are added with Neumaier's compensation (builtin_sum_impl's cs_add),
  // so sum([0.1] * 10) == 1.0; any other item ends the compensated run.
  Value x;
  while (in.next(it, x)) {
    if (!acc.is_float()) {
      acc = in.binop(BinOp::Add, acc, x);
      continue;
    }
    double hi = acc.as_float(), lo = 0;
    bool more = true, pending = true;
    do {
      if (!x.is_float() && !x.is_int() && !x.is_bool()) break;
      double v = x.is_float() ? x.as_float() : double(x.as_int());
      double t = hi + v;
      lo += std::fabs(hi) >= std::fabs(v) ? (hi - t) + v : (v - t) + hi;
      hi = t;
      pending = false;
    } while ((more = in.next(it, x)) && (pending = true));
    if (lo != 0 && std::isfinite(lo)) hi += lo;
    acc = Value::floating(hi);
    if (!more) break;
    if (pending) acc = in.binop(BinOp::Add, acc, x);  // the item that ended the run
  }
  return acc;
}

template <bool is_max>
Value builtin_minmax(Interp& in, Args& a) {
  Value key = a.optional(99, "key");
  Value dflt;
  bool has_default = false;
  for (auto it = a.kw.begin(); it != a.kw.end(); ++it)
    if (it->first == "default") {
      dflt = it->second;
      has_default = true;
      a.kw.erase(it);
      break;
    }
  a.finish(1000);
  const char* nm = is_max ? "max" : "min";
  if (a.pos.empty()) in.raise_exc("TypeError", std::string(nm) + " expected at least 1 argument, got 0");
  // One argument is iterated as CPython's min_max iterates it (an iterator, so that items a
  // key function appends to a list are seen); several are the candidates themselves.
  bool one = a.pos.size() == 1;
  Value it = one ? in.iter(a.pos[0]) : Value();
  size_t k = 0;
  auto next_item = [&](Value& x) {
    if (one) return in.next(it, x);
    if (k >= a.pos.size()) return false;
    x = a.pos[k++];
    return true;
  };
  Value best, x;
  if (!next_item(best)) {
    if (has_default) return dflt;
    in.raise_exc("ValueError", std::string(nm) + "() iterable argument is empty");
  }
  Value bk = key.is_none() ? best : in.call(key, std::vector<Value>{best});
  while (next_item(x)) {
    Value kk = key.is_none() ? x : in.call(key, std::vector<Value>{x});
    if (in.truthy(in.compare(is_max ? CmpOp::Gt : CmpOp::Lt, kk, bk))) {
      best = x;
      bk = kk;
    }
  }
  return best;
}

Value builtin_any(Interp& in, Args& a) {
  Value it = in.iter(a.required(0, "iterable"));
  Value x;
  while (in.next(it, x))
    if (in.truthy(x)) return Value::boolean(true);
  return Value::boolean(false);
}

Value builtin_all(Interp& in, Args& a) {
  Value it = in.iter(a.required(0, "iterable"));
  Value x;
  while (in.next(it, x))
    if (!in.truthy(x)) return Value::boolean(false);
  return Value::boolean(true);
}

Value builtin_round(Interp& in, Args& a) {
  check_clinic(a, "round", 1, 2, {"number", "ndigits"});
  Value x = a.required(0, "number");
  Value nd = a.optional(1, "ndigits");
  a.finish(2);
  return round_value(in, x, nd);
}

Value builtin_divmod(Interp& in, Args& a) {
  Value x = a.required(0, "x"), y = a.required(1, "y");
  return make_tuple({in.binop(BinOp::FloorDiv, x, y), in.binop(BinOp::Mod, x, y)});
}

Value builtin_pow(Interp& in, Args& a) {
  Value x = a.required(0, "base"), y = a.required(1, "exp");
  Value m = a.optional(2, "mod");
  if (!m.is_none()) {
    if (is_pyint(x) && is_pyint(y) && is_pyint(m)) return int_pow_mod(in, x, y, m);
    type_error("unsupported operand type(s) for ** or pow(): '" + in.type_of(x)->name + "', '" + in.type_of(y)->name + "', '" +
               in.type_of(m)->name + "'");
  }
  return in.binop(BinOp::Pow, x, y);
}

// hex/oct/bin: any int, or an object with __index__.
std::string radix_repr(Interp& in, const Value& x, const char* spec) {
  return int_format(in, is_pyint(x) ? x : Value::integer(in.index_value(x)), spec);
}

Value builtin_hex(Interp& in, Args& a) {
  return S(radix_repr(in, a.required(0, "number"), "#x"));
}

Value builtin_oct(Interp& in, Args& a) {
  return S(radix_repr(in, a.required(0, "number"), "#o"));
}

Value builtin_bin(Interp& in, Args& a) {
  return S(radix_repr(in, a.required(0, "number"), "#b"));
}

Value builtin_chr(Interp& in, Args& a) {
  int64_t c = in.index_value(a.required(0, "i"));
  if (c < 0 || c > 0x10ffff) in.raise_exc("ValueError", "chr() arg not in range(0x110000)");
  std::string s;
  uint32_t cp = uint32_t(c);
  if (cp < 0x80) s += char(cp);
  else if (cp < 0x800) { s += char(0xc0 | (cp >> 6)); s += char(0x80 | (cp & 0x3f)); }
  else if (cp < 0x10000) { s += char(0xe0 | (cp >> 12)); s += char(0x80 | ((cp >> 6) & 0x3f)); s += char(0x80 | (cp & 0x3f)); }
  else { s += char(0xf0 | (cp >> 18)); s += char(0x80 | ((cp >> 12) & 0x3f)); s += char(0x80 | ((cp >> 6) & 0x3f)); s += char(0x80 | (cp & 0x3f)); }
  return S(s);
}

Value builtin_ord(Interp& in, Args& a) {
  const std::string& s = as_str(in, a.required(0, "c"), "ord() argument");
  if (utf8_len(s) != 1) in.raise_exc("TypeError", "ord() expected a character, but string of length " + std::to_string(utf8_len(s)) + " found");
  unsigned char c0 = s[0];
  uint32_t cp = c0;
  if (c0 >= 0xf0) cp = ((c0 & 7u) << 18) | ((s[1] & 0x3fu) << 12) | ((s[2] & 0x3fu) << 6) | (s[3] & 0x3fu);
  else if (c0 >= 0xe0) cp = ((c0 & 15u) << 12) | ((s[1] & 0x3fu) << 6) | (s[2] & 0x3fu);
  else if (c0 >= 0xc0) cp = ((c0 & 31u) << 6) | (s[1] & 0x3fu);
  return Value::integer(cp);
}

Value builtin_format(Interp& in, Args& a) {
  Value x = a.required(0, "value");
  Value spec = a.optional(1, "format_spec", S(""));
  std::string sp = as_str(in, spec, "format_spec");
  if (Value r; call_special(in, x, "__format__", {S(sp)}, r)) return r;
  if (auto* s = x.as<StrObj>()) return S(sp.empty() ? s->s : format_str_spec(s->s, sp));
  if (x.is_bool() && sp.empty()) return S(x.as_bool() ? "True" : "False");
  if (is_pyint(x)) return S(int_format(in, x, sp));
  if (x.is_float()) return S(sp.empty() ? py_float_repr(x.as_float()) : format_float_spec(x.as_float(), sp));
  if (x.is_array()) return S(array_format(in, x, sp));
  if (sp.empty()) return S(in.str(x));
  in.raise_exc("TypeError", "unsupported format string passed to " + in.type_of(x)->name + ".__format__");
}

// dir(): the sorted names of the running frame's scope; dir(x): of x's
// attributes (its type's plus its own: ObjectProtocol::attribute_names).
Value builtin_dir(Interp& in, Args& a) {
  a.finish(1);
  std::vector<std::string> names;
  if (a.pos.empty()) {
    in.frame_env().for_each([&](const std::string& k, const Value&) { names.push_back(k); });
  } else {
    names = in.attribute_names(a.pos[0]);
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  std::vector<Value> out;
  for (auto& n : names) out.push_back(make_str(n));
  return make_list(std::move(out));
}

Value builtin_input(Interp& in, Args&) {
  in.raise_exc("OSError", "stridelab has no standard input");
}

// open() is io.open (CPython's builtins module holds _io.open itself): the
// frozen _io module, imported at the first call, over the session's file
// system (Note [Session file system], modules/memfs.hpp).
Value builtin_open(Interp& in, Args& a) {
  Value io = in.import("_io");
  return in.call(in.getattr(io, "open"), a);
}

const NativeDef kBuiltinFunctions[] = {
    {"print", builtin_print},
    {"repr", builtin_repr},
    {"ascii", builtin_ascii},
    {"len", builtin_len},
    {"abs", builtin_abs},
    {"id", builtin_id},
    {"hash", builtin_hash},
    {"isinstance", builtin_isinstance},
    {"issubclass", builtin_issubclass},
    {"callable", builtin_callable},
    {"hasattr", builtin_hasattr},
    {"getattr", builtin_getattr},
    {"setattr", builtin_setattr},
    {"iter", builtin_iter},
    {"next", builtin_next},
    {"enumerate", builtin_enumerate},
    {"zip", builtin_zip},
    {"map", builtin_map},
    {"filter", builtin_filter},
    {"reversed", builtin_reversed},
    {"sorted", builtin_sorted},
    {"sum", builtin_sum},
    {"max", builtin_minmax<true>},
    {"min", builtin_minmax<false>},
    {"any", builtin_any},
    {"all", builtin_all},
    {"round", builtin_round},
    {"divmod", builtin_divmod},
    {"pow", builtin_pow},
    {"hex", builtin_hex},
    {"oct", builtin_oct},
    {"bin", builtin_bin},
    {"chr", builtin_chr},
    {"ord", builtin_ord},
    {"format", builtin_format},
    {"dir", builtin_dir},
    {"input", builtin_input},
    {"open", builtin_open}
};

}  // namespace

// The builtins whose parameters are positional-only, checked before the body
// runs with CPython's words: METH_O functions ("len() takes exactly one
// argument (2 given)") and METH_VARARGS ones that unpack a tuple ("iter
// expected at most 2 arguments, got 3"); neither takes keywords.
struct PositionalOnly {
  const char* name;
  int min_pos, max_pos;  // METH_O: 1, 1
  bool meth_o;
};
const PositionalOnly kPositionalOnly[] = {
    {"repr", 1, 1, true},     {"ascii", 1, 1, true},    {"len", 1, 1, true},     {"abs", 1, 1, true},
    {"id", 1, 1, true},       {"hash", 1, 1, true},     {"callable", 1, 1, true}, {"any", 1, 1, true},
    {"all", 1, 1, true},      {"hex", 1, 1, true},      {"oct", 1, 1, true},     {"bin", 1, 1, true},
    {"chr", 1, 1, true},      {"ord", 1, 1, true},      {"iter", 1, 2, false},   {"reversed", 1, 1, false},
    {"format", 1, 2, false},  {"divmod", 2, 2, false},  {"setattr", 3, 3, false},  {"filter", 2, 2, false},
};

NativeFn checked_positional(const PositionalOnly& p, NativeFn fn) {
  return [p, fn](Interp& in, Args& a) -> Value {
    const std::string name = p.name;
    if (!a.kw.empty()) in.raise_exc("TypeError", name + "() takes no keyword arguments");
    const int n = int(a.pos.size());
    if (p.meth_o && n != 1)
      in.raise_exc("TypeError", name + "() takes exactly one argument (" + std::to_string(n) + " given)");
    if (n < p.min_pos || n > p.max_pos) {
      const int bound = n < p.min_pos ? p.min_pos : p.max_pos;
      const char* how = p.min_pos == p.max_pos ? "" : n < p.min_pos ? "at least " : "at most ";
      in.raise_exc("TypeError", name + " expected " + how + std::to_string(bound) + " argument" +
                                    (bound == 1 ? "" : "s") + ", got " + std::to_string(n));
    }
    return fn(in, a);
  };
}

void raise_system_exit(Interp& in, std::vector<Value> args) {
  Value exc = in.make_exception(in.exception_type("SystemExit"), args);
  throw PyException("SystemExit", in.exception_str(exc), exc);
}

namespace {

// exit and quit as site.py installs them (Lib/_sitebuiltins.py's Quitter): the
// repr tells an interactive user how to leave; a call raises SystemExit(code),
// code None when none is given.
void install_quitters(Interp& in) {
  TypeObj* t = in.new_type("Quitter", "_sitebuiltins", {in.t.object});
  for (const std::string name : {"exit", "quit"}) {
    auto q = std::make_shared<GenericObj>(t);
    const std::string repr = "Use " + name + "() or Ctrl-D (i.e. EOF) to exit";
    q->attrs["__repr__"] = in.builtin("__repr__", [repr](Interp&, Args&) { return make_str(repr); });
    q->attrs["__call__"] = in.builtin("__call__", [](Interp& in, Args& a) -> Value {
      if (a.pos.size() > 1)
        in.raise_exc("TypeError", "Quitter.__call__() takes from 1 to 2 positional arguments but " +
                                      std::to_string(a.pos.size() + 1) + " were given");
      raise_system_exit(in, {a.optional(0, "code")});
    });
    in.builtins[name] = Value(std::static_pointer_cast<Obj>(q));
  }
}

// copyright, credits, license and help as site.py installs them
// (Lib/_sitebuiltins.py's _Printer and _Helper): the repr is the text (or how
// to see it), a call prints it. copyright's text is sys.copyright; license()
// prints what CPython prints when the LICENSE file is not there (the session
// has none); help(object) is the frozen _sitebuiltins' short pydoc text.
void install_printers(Interp& in) {
  TypeObj* pt = in.new_type("_Printer", "_sitebuiltins", {in.t.object});
  struct Printer { const char* name; const char* repr; const char* text; };
  static const Printer printers[] = {
      {"copyright", nullptr, nullptr},
      {"credits",
       "    Thanks to CWI, CNRI, BeOpen, Zope Corporation, the Python Software\n"
       "    Foundation, and a cast of thousands for supporting Python\n"
       "    development.  See www.python.org for more information.", nullptr},
      {"license", "Type license() to see the full license text", "See https://www.python.org/psf/license/"},
  };
  for (const Printer& p : printers) {
    auto o = std::make_shared<GenericObj>(pt);
    auto text = [p](Interp& in, bool call) -> std::string {
      if (!p.repr) return in.str(in.getattr(in.import("sys"), "copyright"));
      return call && p.text ? p.text : p.repr;
    };
    o->attrs["__repr__"] = in.builtin("__repr__", [text](Interp& in, Args&) { return make_str(text(in, false)); });
    o->attrs["__call__"] = in.builtin("__call__", [text](Interp& in, Args& a) -> Value {
      a.finish(0);
      in.print_text(text(in, true) + "\n");
      return Value();
    });
    in.builtins[p.name] = Value(std::static_pointer_cast<Obj>(o));
  }
  TypeObj* ht = in.new_type("_Helper", "_sitebuiltins", {in.t.object});
  auto h = std::make_shared<GenericObj>(ht);
  h->attrs["__repr__"] = in.builtin("__repr__", [](Interp&, Args&) {
    return make_str("Type help() for interactive help, or help(object) for help about object.");
  });
  h->attrs["__call__"] = in.builtin("__call__", [](Interp& in, Args& a) -> Value {
    return in.call(in.getattr(in.import("_sitebuiltins"), "help"), a);
  });
  in.builtins["help"] = Value(std::static_pointer_cast<Obj>(h));
}

}  // namespace

void install_builtin_functions(Interp& in) {
  for (const auto& d : kBuiltinFunctions) {
    NativeFn fn = d.fn;
    for (const auto& p : kPositionalOnly)
      if (std::string(p.name) == d.name) fn = checked_positional(p, fn);
    in.builtins[d.name] = in.builtin(d.name, fn);
  }
  install_quitters(in);
  install_printers(in);
  install_exec_builtins(in);
  in.builtins["__name__"] = S("builtins");  // the builtins module's own names
  in.builtins["__package__"] = S("");
}

}  // namespace sl::lang
