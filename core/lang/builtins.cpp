// builtins: Python's builtin functions, exception classes, and the methods of
// str, list, tuple, dict and set that tutorial code uses.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/lang/interp.hpp"
#include "core/lang/array_hooks.hpp"
#include "core/element.hpp"
#include "core/numfmt.hpp"

namespace sl::lang {

std::string py_str_repr(const std::string& s);
long table_lookup(Interp& in, HashTable& t, const Value& key);
void table_set(Interp& in, HashTable& t, const Value& key, const Value& val);
bool table_erase(Interp& in, HashTable& t, const Value& key);

namespace {

Value S(std::string s) { return make_str(std::move(s)); }
const std::string& as_str(Interp& in, const Value& v, const char* what) {
  auto* s = v.as<StrObj>();
  if (!s) in.raise_exc("TypeError", std::string(what) + " must be str, not " + in.type_of(v)->name);
  return s->s;
}

Value new_set(Interp& in, const std::vector<Value>& items) {
  auto s = std::make_shared<SetObj>();
  for (auto& x : items) table_set(in, s->t, x, Value());
  return Value(std::static_pointer_cast<Obj>(s));
}

std::vector<Value> table_keys(const HashTable& t) {
  std::vector<Value> out;
  for (size_t i = 0; i < t.entries.size(); ++i)
    if (t.alive[i]) out.push_back(t.entries[i].first);
  return out;
}

// Stable sort with Python's "<" (and key / reverse).
void sort_values(Interp& in, std::vector<Value>& v, const Value& key, bool reverse) {
  std::vector<Value> keys;
  keys.reserve(v.size());
  for (auto& x : v) keys.push_back(key.is_none() ? x : in.call(key, std::vector<Value>{x}));
  std::vector<size_t> idx(v.size());
  for (size_t i = 0; i < idx.size(); ++i) idx[i] = i;
  std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) {
    return reverse ? in.truthy(in.compare("<", keys[b], keys[a])) : in.truthy(in.compare("<", keys[a], keys[b]));
  });
  std::vector<Value> out;
  out.reserve(v.size());
  for (size_t i : idx) out.push_back(v[i]);
  v = std::move(out);
}

std::vector<std::string> split_ws(const std::string& s, int64_t maxsplit) {
  std::vector<std::string> out;
  size_t i = 0, n = s.size();
  while (i < n) {
    while (i < n && isspace((unsigned char)s[i])) ++i;
    if (i >= n) break;
    if (maxsplit >= 0 && int64_t(out.size()) == maxsplit) {
      size_t e = n;
      while (e > i && isspace((unsigned char)s[e - 1])) --e;
      out.push_back(s.substr(i, e - i));
      return out;
    }
    size_t j = i;
    while (j < n && !isspace((unsigned char)s[j])) ++j;
    out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::string strip_chars(const std::string& s, const std::string& chars, bool left, bool right) {
  size_t a = 0, b = s.size();
  auto in_set = [&](char c) { return chars.empty() ? isspace((unsigned char)c) != 0 : chars.find(c) != std::string::npos; };
  if (left)
    while (a < b && in_set(s[a])) ++a;
  if (right)
    while (b > a && in_set(s[b - 1])) --b;
  return s.substr(a, b - a);
}

// str.format: positional {} / {0} / {name}, conversions and specs.
std::string str_format(Interp& in, const std::string& fmt, Args& a) {
  std::string out;
  size_t auto_idx = 1;  // pos[0] is self
  for (size_t i = 0; i < fmt.size(); ++i) {
    char c = fmt[i];
    if (c == '{') {
      if (i + 1 < fmt.size() && fmt[i + 1] == '{') {
        out += '{';
        ++i;
        continue;
      }
      size_t j = fmt.find('}', i);
      if (j == std::string::npos) in.raise_exc("ValueError", "Single '{' encountered in format string");
      std::string field = fmt.substr(i + 1, j - i - 1);
      std::string spec, conv;
      size_t colon = field.find(':');
      if (colon != std::string::npos) {
        spec = field.substr(colon + 1);
        field = field.substr(0, colon);
      }
      size_t bang = field.find('!');
      if (bang != std::string::npos) {
        conv = field.substr(bang + 1);
        field = field.substr(0, bang);
      }
      Value v;
      std::string attr;
      size_t dot = field.find_first_of(".[");
      std::string head = dot == std::string::npos ? field : field.substr(0, dot);
      if (dot != std::string::npos) attr = field.substr(dot);
      if (head.empty()) {
        if (auto_idx >= a.pos.size()) in.raise_exc("IndexError", "Replacement index " + std::to_string(auto_idx - 1) + " out of range for positional args tuple");
        v = a.pos[auto_idx++];
      } else if (isdigit((unsigned char)head[0])) {
        size_t k = size_t(std::stoul(head)) + 1;
        if (k >= a.pos.size()) in.raise_exc("IndexError", "Replacement index " + head + " out of range for positional args tuple");
        v = a.pos[k];
      } else {
        bool found = false;
        for (auto& [k, val] : a.kw)
          if (k == head) {
            v = val;
            found = true;
          }
        if (!found) {
          Value exc = in.make_exception(in.exception_type("KeyError"), {S(head)});
          throw PyException("KeyError", "'" + head + "'", exc);
        }
      }
      while (!attr.empty()) {
        if (attr[0] == '.') {
          size_t e = attr.find_first_of(".[", 1);
          v = in.getattr(v, attr.substr(1, e == std::string::npos ? std::string::npos : e - 1));
          attr = e == std::string::npos ? "" : attr.substr(e);
        } else {
          size_t e = attr.find(']');
          std::string k = attr.substr(1, e - 1);
          Value key = !k.empty() && isdigit((unsigned char)k[0]) ? Value::integer(std::stoll(k)) : S(k);
          v = in.getitem(v, key);
          attr = attr.substr(e + 1);
        }
      }
      if (conv == "r") v = S(in.repr(v));
      else if (conv == "s") v = S(in.str(v));
      Value f = in.call(in.builtins["format"], std::vector<Value>{v, S(spec)});
      out += f.as<StrObj>()->s;
      i = j;
    } else if (c == '}') {
      if (i + 1 < fmt.size() && fmt[i + 1] == '}') ++i;
      else in.raise_exc("ValueError", "Single '}' encountered in format string");
      out += '}';
    } else {
      out += c;
    }
  }
  return out;
}

// printf-style "%d %s %.2f" % args
std::string percent_format(Interp& in, const std::string& fmt, const Value& arg) {
  std::vector<Value> args;
  if (auto* t = arg.as<TupleObj>()) args = t->items;
  else args.push_back(arg);
  size_t ai = 0;
  std::string out;
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%') {
      out += fmt[i];
      continue;
    }
    size_t j = i + 1;
    if (j < fmt.size() && fmt[j] == '%') {
      out += '%';
      i = j;
      continue;
    }
    std::string flags;
    while (j < fmt.size() && strchr("-+ #0", fmt[j])) flags += fmt[j++];
    std::string width;
    while (j < fmt.size() && isdigit((unsigned char)fmt[j])) width += fmt[j++];
    std::string prec;
    if (j < fmt.size() && fmt[j] == '.') {
      ++j;
      prec = ".";
      while (j < fmt.size() && isdigit((unsigned char)fmt[j])) prec += fmt[j++];
    }
    if (j >= fmt.size()) in.raise_exc("ValueError", "incomplete format");
    char conv = fmt[j];
    if (ai >= args.size()) in.raise_exc("TypeError", "not enough arguments for format string");
    Value v = args[ai++];
    std::string align = flags.find('-') != std::string::npos ? "<" : "";
    std::string sign = flags.find('+') != std::string::npos ? "+" : flags.find(' ') != std::string::npos ? " " : "";
    std::string zero = flags.find('0') != std::string::npos && align.empty() ? "0" : "";
    std::string alt = flags.find('#') != std::string::npos ? "#" : "";
    std::string spec = align + sign + alt + zero + width;
    if (conv == 's') out += format_str_spec(in.str(v), align + width + prec);
    else if (conv == 'r') out += format_str_spec(in.repr(v), align + width + prec);
    else if (conv == 'd' || conv == 'i') out += format_int_spec(int64_t(in.float_value(v)), spec + "d");
    else if (strchr("xXob", conv)) out += format_int_spec(in.index_value(v), spec + conv);
    else if (strchr("eEfFgG", conv)) out += format_float_spec(in.float_value(v), spec + prec + conv);
    else in.raise_exc("ValueError", std::string("unsupported format character '") + conv + "'");
    i = j;
  }
  if (ai < args.size()) in.raise_exc("TypeError", "not all arguments converted during string formatting");
  return out;
}

int64_t to_int_from_str(Interp& in, const std::string& s0, int base) {
  std::string s = strip_chars(s0, "", true, true);
  std::string clean;
  for (char c : s)
    if (c != '_') clean += c;
  bool neg = false;
  size_t i = 0;
  if (i < clean.size() && (clean[i] == '+' || clean[i] == '-')) neg = clean[i++] == '-';
  if (base == 0 || base == 16 || base == 8 || base == 2) {
    if (clean.size() > i + 1 && clean[i] == '0') {
      char p = char(tolower(clean[i + 1]));
      int b = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
      if (b && (base == 0 || base == b)) {
        base = b;
        i += 2;
      }
    }
    if (base == 0) base = 10;
  }
  if (i >= clean.size()) goto bad;
  {
    unsigned __int128 v = 0;
    for (; i < clean.size(); ++i) {
      char c = char(tolower(clean[i]));
      int d = isdigit((unsigned char)c) ? c - '0' : (c >= 'a' && c <= 'z') ? c - 'a' + 10 : 99;
      if (d >= base) goto bad;
      v = v * base + d;
      if (v > (unsigned __int128)INT64_MAX + 1) in.raise_exc("OverflowError", "integer too large for stridelab's 64-bit ints");
    }
    if (!neg && v > (unsigned __int128)INT64_MAX) in.raise_exc("OverflowError", "integer too large for stridelab's 64-bit ints");
    return neg ? int64_t(0 - (uint64_t)v) : int64_t(v);
  }
bad:
  in.raise_exc("ValueError", "invalid literal for int() with base " + std::to_string(base) + ": " + py_str_repr(s0));
}

Value round_value(Interp& in, const Value& x, const Value& nd) {
  if (x.is_array()) {
    Value f = in.getattr(x, "round");
    return nd.is_none() ? in.call(f, std::vector<Value>{}) : in.call(f, std::vector<Value>{nd});
  }
  if (x.is_int() || x.is_bool()) {
    if (nd.is_none() || in.index_value(nd) >= 0) return Value::integer(x.as_int());
    int64_t p = 1;
    for (int64_t k = 0; k < -in.index_value(nd) && p < INT64_MAX / 10; ++k) p *= 10;
    int64_t v = x.as_int(), q = v / p, r = v % p;
    if (r < 0) { r += p; --q; }
    if (2 * r > p || (2 * r == p && (q & 1))) ++q;
    return Value::integer(q * p);
  }
  double v = in.float_value(x);
  if (nd.is_none()) {
    if (std::isnan(v)) in.raise_exc("ValueError", "cannot convert float NaN to integer");
    if (std::isinf(v)) in.raise_exc("OverflowError", "cannot convert float infinity to integer");
    double r = std::nearbyint(v);
    if (std::fabs(r) >= 9.2233720368547758e18) in.raise_exc("OverflowError", "integer too large for stridelab's 64-bit ints");
    return Value::integer(int64_t(r));
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

}  // namespace

void install_builtins(Interp& in) {
  auto& B = in.builtins;
  auto def = [&](const std::string& name, NativeFn fn) { B[name] = in.builtin(name, std::move(fn)); };
  auto T = [&](TypeObj* ty) { return Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), ty)); };

  // ---- exception hierarchy
  TypeObj* exc = in.t.exception;
  B["BaseException"] = T(in.t.base_exception);
  B["Exception"] = T(exc);
  auto ex = [&](const std::string& name, std::vector<TypeObj*> bases) {
    TypeObj* ty = in.new_type(name, "builtins", std::move(bases));
    B[name] = T(ty);
    return ty;
  };
  TypeObj* arith = ex("ArithmeticError", {exc});
  ex("ZeroDivisionError", {arith});
  ex("OverflowError", {arith});
  ex("FloatingPointError", {arith});
  TypeObj* lookup = ex("LookupError", {exc});
  TypeObj* index_err = ex("IndexError", {lookup});
  ex("KeyError", {lookup});
  TypeObj* value_err = ex("ValueError", {exc});
  ex("UnicodeError", {value_err});
  ex("TypeError", {exc});
  TypeObj* name_err = ex("NameError", {exc});
  ex("UnboundLocalError", {name_err});
  ex("AttributeError", {exc});
  TypeObj* rt = ex("RuntimeError", {exc});
  ex("RecursionError", {rt});
  ex("NotImplementedError", {rt});
  ex("AssertionError", {exc});
  ex("StopIteration", {exc});
  TypeObj* mem = ex("MemoryError", {exc});
  ex("_ArrayMemoryError", {mem});
  TypeObj* imp = ex("ImportError", {exc});
  ex("ModuleNotFoundError", {imp});
  ex("SyntaxError", {exc});
  TypeObj* oserr = ex("OSError", {exc});
  ex("TimeoutError", {oserr});
  ex("KeyboardInterrupt", {in.t.base_exception});
  ex("Warning", {exc});
  // NumPy's exception classes (their __name__ is what tracebacks end with)
  ex("AxisError", {value_err, index_err});
  ex("TooHardError", {rt});
  ex("ComplexWarning", {exc});

  // ---- types usable as constructors
  B["object"] = T(in.t.object);
  B["type"] = T(in.t.type);
  in.t.type->call = [](Interp& in, Args& a) -> Value {
    if (a.size() != 1) in.raise_exc("TypeError", "type() takes 1 argument (stridelab does not create classes)");
    return Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), in.type_of(a.pos[0])));
  };
  B["int"] = T(in.t.int_);
  in.t.int_->call = [](Interp& in, Args& a) -> Value {
    Value x = a.optional(0, "x", Value::integer(0));
    Value base = a.optional(1, "base");
    a.finish(2);
    if (auto* s = x.as<StrObj>()) return Value::integer(to_int_from_str(in, s->s, base.is_none() ? 10 : int(in.index_value(base))));
    if (!base.is_none()) in.raise_exc("TypeError", "int() can't convert non-string with explicit base");
    if (x.is_int()) return x;
    if (x.is_bool()) return Value::integer(x.as_int());
    if (x.is_array()) {
      int64_t v;
      if (array_to_int(in, x, v, false)) return Value::integer(v);
    }
    if (x.is_float()) {
      double d = x.as_float();
      if (std::isnan(d)) in.raise_exc("ValueError", "cannot convert float NaN to integer");
      if (std::isinf(d)) in.raise_exc("OverflowError", "cannot convert float infinity to integer");
      if (std::fabs(d) >= 9.2233720368547758e18) in.raise_exc("OverflowError", "integer too large for stridelab's 64-bit ints");
      return Value::integer(int64_t(d));
    }
    in.raise_exc("TypeError", "int() argument must be a string, a bytes-like object or a real number, not '" + in.type_of(x)->name + "'");
  };
  B["float"] = T(in.t.float_);
  in.t.float_->call = [](Interp& in, Args& a) -> Value {
    Value x = a.optional(0, "x", Value::floating(0.0));
    a.finish(1);
    return Value::floating(in.float_value(x));
  };
  B["bool"] = T(in.t.bool_);
  in.t.bool_->call = [](Interp& in, Args& a) -> Value {
    Value x = a.optional(0, "x", Value::boolean(false));
    a.finish(1);
    return Value::boolean(in.truthy(x));
  };
  B["str"] = T(in.t.str);
  in.t.str->call = [](Interp& in, Args& a) -> Value {
    Value x = a.optional(0, "object", S(""));
    a.finish(1);
    return S(in.str(x));
  };
  B["list"] = T(in.t.list);
  in.t.list->call = [](Interp& in, Args& a) -> Value {
    Value x = a.optional(0, "iterable");
    a.finish(1);
    if (x.is_none() && a.pos.empty()) return make_list();
    return make_list(in.to_vector(x));
  };
  B["tuple"] = T(in.t.tuple);
  in.t.tuple->call = [](Interp& in, Args& a) -> Value {
    Value x = a.optional(0, "iterable");
    a.finish(1);
    if (x.is_none() && a.pos.empty()) return make_tuple({});
    if (x.as<TupleObj>() && !x.as<TupleObj>()->type) return x;  // a tuple subclass (torch.Size) gives a plain tuple
    return make_tuple(in.to_vector(x));
  };
  B["set"] = T(in.t.set);
  in.t.set->call = [](Interp& in, Args& a) -> Value {
    Value x = a.optional(0, "iterable");
    a.finish(1);
    if (x.is_none() && a.pos.empty()) return new_set(in, {});
    return new_set(in, in.to_vector(x));
  };
  B["dict"] = T(in.t.dict);
  in.t.dict->call = [](Interp& in, Args& a) -> Value {
    auto d = std::make_shared<DictObj>();
    Value dv(std::static_pointer_cast<Obj>(d));
    if (!a.pos.empty()) {
      Value src = a.pos[0];
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
  };
  B["range"] = T(in.t.range);
  in.t.range->call = [](Interp& in, Args& a) -> Value {
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
  };
  B["slice"] = T(in.t.slice);
  in.t.slice->call = [](Interp& in, Args& a) -> Value {
    Value x = a.optional(0, "start"), y = a.optional(1, "stop"), z = a.optional(2, "step");
    if (a.pos.size() == 1) return Value(std::static_pointer_cast<Obj>(std::make_shared<SliceObj>(Value(), x, Value())));
    return Value(std::static_pointer_cast<Obj>(std::make_shared<SliceObj>(x, y, z)));
  };
  B["complex"] = T(in.t.complex_);
  in.t.complex_->call = [](Interp& in, Args& a) -> Value {
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
  };
  in.def_method(in.t.complex_, "conjugate", [](Interp&, Args& a) -> Value {
    auto* c = a.pos[0].as<ComplexObj>();
    return make_complex(c->re, -c->im);
  });
  B["None"] = Value();
  B["Ellipsis"] = Value(std::static_pointer_cast<Obj>(std::make_shared<EllipsisObj>()));
  B["NotImplemented"] = S("NotImplemented");

  // ---- functions
  def("print", [](Interp& in, Args& a) -> Value {
    std::string sep = " ", end = "\n";
    for (auto it = a.kw.begin(); it != a.kw.end();) {
      if (it->first == "sep") {
        if (!it->second.is_none()) sep = as_str(in, it->second, "sep");
      } else if (it->first == "end") {
        if (!it->second.is_none()) end = as_str(in, it->second, "end");
      } else if (it->first != "flush" && it->first != "file") {
        in.raise_exc("TypeError", "'" + it->first + "' is an invalid keyword argument for print()");
      }
      it = a.kw.erase(it);
    }
    std::string s;
    for (size_t k = 0; k < a.pos.size(); ++k) {
      if (k) s += sep;
      s += in.str(a.pos[k]);
    }
    in.print_text(s + end);
    return Value();
  });
  def("repr", [](Interp& in, Args& a) -> Value { return S(in.repr(a.required(0, "obj"))); });
  def("ascii", [](Interp& in, Args& a) -> Value { return S(in.repr(a.required(0, "obj"))); });
  def("len", [](Interp& in, Args& a) -> Value {
    if (a.pos.size() != 1) in.raise_exc("TypeError", "len() takes exactly one argument (" + std::to_string(a.pos.size()) + " given)");
    return Value::integer(in.len(a.pos[0]));
  });
  def("abs", [](Interp& in, Args& a) -> Value {
    Value x = a.required(0, "x");
    if (x.is_int() || x.is_bool()) {
      if (x.as_int() == INT64_MIN) in.raise_exc("OverflowError", "integer too large for stridelab's 64-bit ints");
      return Value::integer(std::llabs(x.as_int()));
    }
    if (x.is_float()) return Value::floating(std::fabs(x.as_float()));
    if (auto* c = x.as<ComplexObj>()) return Value::floating(std::hypot(c->re, c->im));
    if (x.is_array()) return in.call(in.getattr(x, "__abs__"), std::vector<Value>{});
    in.raise_exc("TypeError", "bad operand type for abs(): '" + in.type_of(x)->name + "'");
  });
  def("id", [](Interp& in, Args& a) -> Value {
    Value x = a.required(0, "obj");
    if (x.is_obj() || x.is_array()) return Value::integer(int64_t(uintptr_t(x.identity())));
    return Value::integer(int64_t(in.hash(x) & 0x7fffffffffffull));
  });
  def("hash", [](Interp& in, Args& a) -> Value { return Value::integer(int64_t(in.hash(a.required(0, "obj")) >> 2)); });
  def("isinstance", [](Interp& in, Args& a) -> Value {
    Value x = a.required(0, "obj"), spec = a.required(1, "class_or_tuple");
    std::function<bool(const Value&)> m = [&](const Value& s) -> bool {
      if (auto* ty = s.as<TypeObj>()) return in.isinstance(x, ty);
      if (auto* tu = s.as<TupleObj>()) {
        for (auto& y : tu->items)
          if (m(y)) return true;
        return false;
      }
      if (auto* d = s.as<DTypeObj>()) {
        (void)d;
        in.raise_exc("TypeError", "isinstance() arg 2 must be a type, a tuple of types, or a union");
      }
      in.raise_exc("TypeError", "isinstance() arg 2 must be a type, a tuple of types, or a union");
    };
    return Value::boolean(m(spec));
  });
  def("issubclass", [](Interp& in, Args& a) -> Value {
    auto* x = a.required(0, "cls").as<TypeObj>();
    auto* y = a.required(1, "class_or_tuple").as<TypeObj>();
    if (!x || !y) in.raise_exc("TypeError", "issubclass() arg 1 must be a class");
    return Value::boolean(x->is_subclass_of(y));
  });
  def("callable", [](Interp& in, Args& a) -> Value {
    Value x = a.required(0, "obj");
    auto* o = x.is_obj() ? x.obj() : nullptr;
    return Value::boolean(o && (o->kind == ObjKind::Function || o->kind == ObjKind::Builtin ||
                                o->kind == ObjKind::BoundMethod || o->kind == ObjKind::Type));
  });
  def("hasattr", [](Interp& in, Args& a) -> Value {
    return Value::boolean(in.hasattr(a.required(0, "obj"), as_str(in, a.required(1, "name"), "attribute name")));
  });
  def("getattr", [](Interp& in, Args& a) -> Value {
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
  });
  def("setattr", [](Interp& in, Args& a) -> Value {
    in.setattr(a.required(0, "obj"), as_str(in, a.required(1, "name"), "attribute name"), a.required(2, "value"));
    return Value();
  });
  def("iter", [](Interp& in, Args& a) -> Value { return in.iter(a.required(0, "object")); });
  def("next", [](Interp& in, Args& a) -> Value {
    Value it = a.required(0, "iterator");
    Value out;
    if (in.next(it, out)) return out;
    if (a.pos.size() > 1) return a.pos[1];
    in.raise_exc("StopIteration", "");
  });
  def("enumerate", [](Interp& in, Args& a) -> Value {
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
  });
  def("zip", [](Interp& in, Args& a) -> Value {
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
  });
  def("map", [](Interp& in, Args& a) -> Value {
    Value f = a.required(0, "func");
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
  });
  def("filter", [](Interp& in, Args& a) -> Value {
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
  });
  def("reversed", [](Interp& in, Args& a) -> Value {
    std::vector<Value> v = in.to_vector(a.required(0, "sequence"));
    std::reverse(v.begin(), v.end());
    return in.iter(make_list(std::move(v)));
  });
  def("sorted", [](Interp& in, Args& a) -> Value {
    std::vector<Value> v = in.to_vector(a.required(0, "iterable"));
    Value key = a.optional(99, "key");
    bool rev = in.truthy(a.optional(99, "reverse", Value::boolean(false)));
    a.finish(1);
    sort_values(in, v, key, rev);
    return make_list(std::move(v));
  });
  def("sum", [](Interp& in, Args& a) -> Value {
    Value it = in.iter(a.required(0, "iterable"));
    Value acc = a.optional(1, "start", Value::integer(0));
    if (acc.as<StrObj>()) in.raise_exc("TypeError", "sum() can't sum strings [use ''.join(seq) instead]");
    Value x;
    while (in.next(it, x)) acc = in.binop("+", acc, x);
    return acc;
  });
  auto minmax = [](bool is_max) {
    return [is_max](Interp& in, Args& a) -> Value {
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
      std::vector<Value> items = a.pos.size() == 1 ? in.to_vector(a.pos[0]) : a.pos;
      const char* nm = is_max ? "max" : "min";
      if (a.pos.empty()) in.raise_exc("TypeError", std::string(nm) + " expected at least 1 argument, got 0");
      if (items.empty()) {
        if (has_default) return dflt;
        in.raise_exc("ValueError", std::string(nm) + "() arg is an empty sequence");
      }
      Value best = items[0];
      Value bk = key.is_none() ? best : in.call(key, std::vector<Value>{best});
      for (size_t k = 1; k < items.size(); ++k) {
        Value kk = key.is_none() ? items[k] : in.call(key, std::vector<Value>{items[k]});
        if (in.truthy(in.compare(is_max ? ">" : "<", kk, bk))) {
          best = items[k];
          bk = kk;
        }
      }
      return best;
    };
  };
  def("max", minmax(true));
  def("min", minmax(false));
  def("any", [](Interp& in, Args& a) -> Value {
    Value it = in.iter(a.required(0, "iterable"));
    Value x;
    while (in.next(it, x))
      if (in.truthy(x)) return Value::boolean(true);
    return Value::boolean(false);
  });
  def("all", [](Interp& in, Args& a) -> Value {
    Value it = in.iter(a.required(0, "iterable"));
    Value x;
    while (in.next(it, x))
      if (!in.truthy(x)) return Value::boolean(false);
    return Value::boolean(true);
  });
  def("round", [](Interp& in, Args& a) -> Value {
    Value x = a.required(0, "number");
    Value nd = a.optional(1, "ndigits");
    a.finish(2);
    return round_value(in, x, nd);
  });
  def("divmod", [](Interp& in, Args& a) -> Value {
    Value x = a.required(0, "x"), y = a.required(1, "y");
    return make_tuple({in.binop("//", x, y), in.binop("%", x, y)});
  });
  def("pow", [](Interp& in, Args& a) -> Value {
    Value x = a.required(0, "base"), y = a.required(1, "exp");
    Value m = a.optional(2, "mod");
    if (!m.is_none()) {
      int64_t b = in.index_value(x), e = in.index_value(y), md = in.index_value(m);
      if (md == 0) in.raise_exc("ValueError", "pow() 3rd argument cannot be 0");
      __int128 am = md < 0 ? -__int128(md) : md;
      __int128 bb = ((b % am) + am) % am;
      if (e < 0) {  // base**-1 mod m by extended Euclid, as long_pow does
        __int128 r0 = am, r1 = bb, t0 = 0, t1 = 1;
        while (r1 != 0) {
          __int128 q = r0 / r1, tmp = r0 - q * r1;
          r0 = r1;
          r1 = tmp;
          tmp = t0 - q * t1;
          t0 = t1;
          t1 = tmp;
        }
        if (r0 != 1) in.raise_exc("ValueError", "base is not invertible for the given modulus");
        bb = ((t0 % am) + am) % am;
        e = -e;
      }
      __int128 r = 1 % am;
      while (e > 0) {
        if (e & 1) r = r * bb % am;
        bb = bb * bb % am;
        e >>= 1;
      }
      if (md < 0 && r != 0) r -= am;
      return Value::integer(int64_t(r));
    }
    return in.binop("**", x, y);
  });
  def("hex", [](Interp& in, Args& a) -> Value { return S(format_int_spec(in.index_value(a.required(0, "number")), "#x")); });
  def("oct", [](Interp& in, Args& a) -> Value { return S(format_int_spec(in.index_value(a.required(0, "number")), "#o")); });
  def("bin", [](Interp& in, Args& a) -> Value { return S(format_int_spec(in.index_value(a.required(0, "number")), "#b")); });
  def("chr", [](Interp& in, Args& a) -> Value {
    int64_t c = in.index_value(a.required(0, "i"));
    if (c < 0 || c > 0x10ffff) in.raise_exc("ValueError", "chr() arg not in range(0x110000)");
    std::string s;
    uint32_t cp = uint32_t(c);
    if (cp < 0x80) s += char(cp);
    else if (cp < 0x800) { s += char(0xc0 | (cp >> 6)); s += char(0x80 | (cp & 0x3f)); }
    else if (cp < 0x10000) { s += char(0xe0 | (cp >> 12)); s += char(0x80 | ((cp >> 6) & 0x3f)); s += char(0x80 | (cp & 0x3f)); }
    else { s += char(0xf0 | (cp >> 18)); s += char(0x80 | ((cp >> 12) & 0x3f)); s += char(0x80 | ((cp >> 6) & 0x3f)); s += char(0x80 | (cp & 0x3f)); }
    return S(s);
  });
  def("ord", [](Interp& in, Args& a) -> Value {
    const std::string& s = as_str(in, a.required(0, "c"), "ord() argument");
    if (utf8_len(s) != 1) in.raise_exc("TypeError", "ord() expected a character, but string of length " + std::to_string(utf8_len(s)) + " found");
    unsigned char c0 = s[0];
    uint32_t cp = c0;
    if (c0 >= 0xf0) cp = ((c0 & 7u) << 18) | ((s[1] & 0x3fu) << 12) | ((s[2] & 0x3fu) << 6) | (s[3] & 0x3fu);
    else if (c0 >= 0xe0) cp = ((c0 & 15u) << 12) | ((s[1] & 0x3fu) << 6) | (s[2] & 0x3fu);
    else if (c0 >= 0xc0) cp = ((c0 & 31u) << 6) | (s[1] & 0x3fu);
    return Value::integer(cp);
  });
  def("format", [](Interp& in, Args& a) -> Value {
    Value x = a.required(0, "value");
    Value spec = a.optional(1, "format_spec", S(""));
    std::string sp = as_str(in, spec, "format_spec");
    if (auto* s = x.as<StrObj>()) return S(sp.empty() ? s->s : format_str_spec(s->s, sp));
    if (x.is_bool() && sp.empty()) return S(x.as_bool() ? "True" : "False");
    if (x.is_int() || x.is_bool()) return S(sp.empty() ? std::to_string(x.as_int()) : format_int_spec(x.as_int(), sp));
    if (x.is_float()) return S(sp.empty() ? py_float_repr(x.as_float()) : format_float_spec(x.as_float(), sp));
    if (x.is_array()) return S(array_format(in, x, sp));
    if (sp.empty()) return S(in.str(x));
    in.raise_exc("TypeError", "unsupported format string passed to " + in.type_of(x)->name + ".__format__");
  });
  def("__percent_format__", [](Interp& in, Args& a) -> Value {
    return S(percent_format(in, a.pos[0].as<StrObj>()->s, a.pos[1]));
  });
  def("__set_op__", [](Interp& in, Args& a) -> Value {
    const std::string& op = a.pos[0].as<StrObj>()->s;
    auto* x = a.pos[1].as<SetObj>();
    auto* y = a.pos[2].as<SetObj>();
    std::vector<Value> out;
    auto kx = table_keys(x->t), ky = table_keys(y->t);
    if (op == "|") {
      out = kx;
      out.insert(out.end(), ky.begin(), ky.end());
    } else if (op == "&") {
      for (auto& k : kx)
        if (table_lookup(in, y->t, k) >= 0) out.push_back(k);
    } else if (op == "-") {
      for (auto& k : kx)
        if (table_lookup(in, y->t, k) < 0) out.push_back(k);
    } else {
      for (auto& k : kx)
        if (table_lookup(in, y->t, k) < 0) out.push_back(k);
      for (auto& k : ky)
        if (table_lookup(in, x->t, k) < 0) out.push_back(k);
    }
    return new_set(in, out);
  });
  def("globals", [](Interp& in, Args&) -> Value {
    auto d = std::make_shared<DictObj>();
    for (auto& [k, v] : in.globals->vars) table_set(in, d->t, S(k), v);
    return Value(std::static_pointer_cast<Obj>(d));
  });
  def("input", [](Interp& in, Args&) -> Value { in.raise_exc("OSError", "stridelab has no standard input"); });
  def("open", [](Interp& in, Args&) -> Value { in.raise_exc("OSError", "stridelab has no file system: open() is not available"); });
  def("exec", [](Interp& in, Args&) -> Value { in.raise_exc("NotImplementedError", "exec() is not available in stridelab"); });
  def("eval", [](Interp& in, Args&) -> Value { in.raise_exc("NotImplementedError", "eval() is not available in stridelab"); });

  // ---- str methods
  TypeObj* st = in.t.str;
  auto self_s = [](Interp& in, Args& a) -> const std::string& { return a.pos[0].as<StrObj>()->s; };
  in.def_method(st, "lower", [self_s](Interp& in, Args& a) -> Value {
    std::string s = self_s(in, a);
    for (auto& c : s) c = char(tolower((unsigned char)c));
    return S(s);
  });
  in.def_method(st, "upper", [self_s](Interp& in, Args& a) -> Value {
    std::string s = self_s(in, a);
    for (auto& c : s) c = char(toupper((unsigned char)c));
    return S(s);
  });
  in.def_method(st, "title", [self_s](Interp& in, Args& a) -> Value {
    std::string s = self_s(in, a);
    bool prev = false;
    for (auto& c : s) {
      bool alpha = isalpha((unsigned char)c) != 0;
      c = alpha ? char(prev ? tolower((unsigned char)c) : toupper((unsigned char)c)) : c;
      prev = alpha;
    }
    return S(s);
  });
  in.def_method(st, "capitalize", [self_s](Interp& in, Args& a) -> Value {
    std::string s = self_s(in, a);
    for (size_t k = 0; k < s.size(); ++k) s[k] = char(k ? tolower((unsigned char)s[k]) : toupper((unsigned char)s[k]));
    return S(s);
  });
  in.def_method(st, "split", [self_s](Interp& in, Args& a) -> Value {
    std::string s = self_s(in, a);
    Value sep = a.optional(1, "sep");
    int64_t maxsplit = in.index_value(a.optional(2, "maxsplit", Value::integer(-1)));
    std::vector<Value> out;
    if (sep.is_none()) {
      for (auto& p : split_ws(s, maxsplit)) out.push_back(S(p));
      return make_list(out);
    }
    if (!sep.as<StrObj>()) in.raise_exc("TypeError", "must be str or None, not " + in.type_of(sep)->name);
    const std::string& d = as_str(in, sep, "sep");
    if (d.empty()) in.raise_exc("ValueError", "empty separator");
    size_t i = 0;
    while (true) {
      size_t j = s.find(d, i);
      if (j == std::string::npos || (maxsplit >= 0 && int64_t(out.size()) == maxsplit)) {
        out.push_back(S(s.substr(i)));
        break;
      }
      out.push_back(S(s.substr(i, j - i)));
      i = j + d.size();
    }
    return make_list(out);
  });
  in.def_method(st, "rsplit", [self_s](Interp& in, Args& a) -> Value {
    std::string s = self_s(in, a);
    Value sep = a.optional(1, "sep");
    int64_t maxsplit = in.index_value(a.optional(2, "maxsplit", Value::integer(-1)));
    if (sep.is_none() || maxsplit < 0) {
      Value m = in.getattr(a.pos[0], "split");
      return in.call(m, sep.is_none() ? std::vector<Value>{} : std::vector<Value>{sep});
    }
    if (!sep.as<StrObj>()) in.raise_exc("TypeError", "must be str or None, not " + in.type_of(sep)->name);
    const std::string& d = as_str(in, sep, "sep");
    std::vector<Value> out;
    size_t end = s.size();
    while (int64_t(out.size()) < maxsplit) {
      size_t j = s.rfind(d, end - std::min(end, d.size()));
      if (j == std::string::npos || end < d.size()) break;
      out.insert(out.begin(), S(s.substr(j + d.size(), end - j - d.size())));
      end = j;
    }
    out.insert(out.begin(), S(s.substr(0, end)));
    return make_list(out);
  });
  in.def_method(st, "splitlines", [self_s](Interp& in, Args& a) -> Value {
    std::string s = self_s(in, a);
    std::vector<Value> out;
    size_t i = 0;
    bool keep = in.truthy(a.optional(1, "keepends", Value::boolean(false)));
    while (i < s.size()) {
      size_t j = s.find_first_of("\n\r\v\f", i);  // ASCII line boundaries (\r\n is one)
      if (j == std::string::npos) {
        out.push_back(S(s.substr(i)));
        break;
      }
      size_t e = j + (s[j] == '\r' && j + 1 < s.size() && s[j + 1] == '\n' ? 2 : 1);
      out.push_back(S(s.substr(i, (keep ? e : j) - i)));
      i = e;
    }
    return make_list(out);
  });
  in.def_method(st, "join", [self_s](Interp& in, Args& a) -> Value {
    std::string sep = self_s(in, a);
    std::string out;
    auto items = in.to_vector(a.required(1, "iterable"));
    for (size_t k = 0; k < items.size(); ++k) {
      auto* s = items[k].as<StrObj>();
      if (!s) in.raise_exc("TypeError", "sequence item " + std::to_string(k) + ": expected str instance, " + in.type_of(items[k])->name + " found");
      if (k) out += sep;
      out += s->s;
    }
    return S(out);
  });
  in.def_method(st, "replace", [self_s](Interp& in, Args& a) -> Value {
    std::string s = self_s(in, a);
    std::string from = as_str(in, a.required(1, "old"), "replace() argument 1");
    std::string to = as_str(in, a.required(2, "new"), "replace() argument 2");
    int64_t count = in.index_value(a.optional(3, "count", Value::integer(-1)));
    std::string out;
    size_t i = 0;
    int64_t n = 0;
    if (from.empty()) {
      for (size_t k = 0; k <= s.size(); ++k) {
        if (count < 0 || n < count) { out += to; ++n; }
        if (k < s.size()) out += s[k];
      }
      return S(out);
    }
    while (true) {
      size_t j = s.find(from, i);
      if (j == std::string::npos || (count >= 0 && n >= count)) {
        out += s.substr(i);
        break;
      }
      out += s.substr(i, j - i) + to;
      i = j + from.size();
      ++n;
    }
    return S(out);
  });
  auto strip = [self_s](bool l, bool r) {
    return [self_s, l, r](Interp& in, Args& a) -> Value {
      Value chars = a.optional(1, "chars");
      return S(strip_chars(self_s(in, a), chars.is_none() ? "" : as_str(in, chars, "chars"), l, r));
    };
  };
  in.def_method(st, "strip", strip(true, true));
  in.def_method(st, "lstrip", strip(true, false));
  in.def_method(st, "rstrip", strip(false, true));
  auto affix = [self_s](bool start) {
    return [self_s, start](Interp& in, Args& a) -> Value {
      const std::string& s = self_s(in, a);
      Value p = a.required(1, "prefix");
      std::vector<Value> options = p.as<TupleObj>() ? p.as<TupleObj>()->items : std::vector<Value>{p};
      // optional start/end (ASCII offsets), clamped like slice indices
      int64_t n = int64_t(s.size());
      auto clamp = [n](int64_t v) { return v < 0 ? std::max<int64_t>(v + n, 0) : std::min(v, n); };
      Value vs = a.optional(2, "start"), ve = a.optional(3, "end");
      int64_t lo = vs.is_none() ? 0 : clamp(in.index_value(vs)), hi = ve.is_none() ? n : clamp(in.index_value(ve));
      std::string part = lo <= hi ? s.substr(size_t(lo), size_t(hi - lo)) : std::string();
      for (auto& o : options) {
        const std::string& x = as_str(in, o, start ? "startswith first arg" : "endswith first arg");
        if (lo > hi) continue;
        if (x.size() <= part.size() &&
            (start ? part.compare(0, x.size(), x) == 0 : part.compare(part.size() - x.size(), x.size(), x) == 0))
          return Value::boolean(true);
      }
      return Value::boolean(false);
    };
  };
  in.def_method(st, "startswith", affix(true));
  in.def_method(st, "endswith", affix(false));
  auto finder = [self_s](bool rev, bool raise) {
    return [self_s, rev, raise](Interp& in, Args& a) -> Value {
      const std::string& s = self_s(in, a);
      const std::string& x = as_str(in, a.required(1, "sub"), "must be str");
      // optional start/end in code points, clamped like slice indices
      int64_t n = int64_t(utf8_len(s));
      auto clamp = [n](int64_t v) { return v < 0 ? std::max<int64_t>(v + n, 0) : std::min(v, n); };
      Value vs = a.optional(2, "start"), ve = a.optional(3, "end");
      int64_t lo = vs.is_none() ? 0 : clamp(in.index_value(vs));
      int64_t hi = ve.is_none() ? n : clamp(in.index_value(ve));
      auto byte_at = [&s](int64_t cp) {
        size_t b = 0;
        for (int64_t k = 0; k < cp && b < s.size(); ++k) {
          ++b;
          while (b < s.size() && ((unsigned char)s[b] & 0xc0) == 0x80) ++b;
        }
        return b;
      };
      size_t blo = byte_at(lo), bhi = byte_at(hi);
      size_t j = std::string::npos;
      if (lo <= hi && bhi - blo >= x.size()) {
        std::string part = s.substr(blo, bhi - blo);
        size_t r = rev ? part.rfind(x) : part.find(x);
        if (r != std::string::npos) j = blo + r;
      }
      if (j == std::string::npos) {
        if (raise) in.raise_exc("ValueError", "substring not found");
        return Value::integer(-1);
      }
      return Value::integer(int64_t(utf8_len(s.substr(0, j))));
    };
  };
  in.def_method(st, "find", finder(false, false));
  in.def_method(st, "rfind", finder(true, false));
  in.def_method(st, "index", finder(false, true));
  in.def_method(st, "rindex", finder(true, true));
  in.def_method(st, "count", [self_s](Interp& in, Args& a) -> Value {
    const std::string& s = self_s(in, a);
    const std::string& x = as_str(in, a.required(1, "sub"), "must be str");
    if (x.empty()) return Value::integer(int64_t(utf8_len(s)) + 1);
    int64_t n = 0;
    for (size_t i = s.find(x); i != std::string::npos; i = s.find(x, i + x.size())) ++n;
    return Value::integer(n);
  });
  in.def_method(st, "format", [](Interp& in, Args& a) -> Value { return S(str_format(in, a.pos[0].as<StrObj>()->s, a)); });
  auto pred = [self_s](int (*f)(int)) {
    return [self_s, f](Interp& in, Args& a) -> Value {
      const std::string& s = self_s(in, a);
      if (s.empty()) return Value::boolean(false);
      for (unsigned char c : s)
        if (!f(c)) return Value::boolean(false);
      return Value::boolean(true);
    };
  };
  in.def_method(st, "isdigit", pred(isdigit));
  in.def_method(st, "isnumeric", pred(isdigit));
  in.def_method(st, "isdecimal", pred(isdigit));
  in.def_method(st, "isalpha", pred(isalpha));
  in.def_method(st, "isalnum", pred(isalnum));
  in.def_method(st, "isspace", pred(isspace));
  in.def_method(st, "isidentifier", [self_s](Interp& in, Args& a) -> Value {
    const std::string& s = self_s(in, a);
    if (s.empty() || isdigit((unsigned char)s[0])) return Value::boolean(false);
    for (unsigned char c : s)
      if (!(isalnum(c) || c == '_' || c >= 0x80)) return Value::boolean(false);
    return Value::boolean(true);
  });
  in.def_method(st, "isupper", [self_s](Interp& in, Args& a) -> Value {
    const std::string& s = self_s(in, a);
    bool any = false;
    for (unsigned char c : s) {
      if (islower(c)) return Value::boolean(false);
      any |= isupper(c) != 0;
    }
    return Value::boolean(any);
  });
  in.def_method(st, "islower", [self_s](Interp& in, Args& a) -> Value {
    const std::string& s = self_s(in, a);
    bool any = false;
    for (unsigned char c : s) {
      if (isupper(c)) return Value::boolean(false);
      any |= islower(c) != 0;
    }
    return Value::boolean(any);
  });
  auto justify = [self_s](char align) {
    return [self_s, align](Interp& in, Args& a) -> Value {
      int64_t w = in.index_value(a.required(1, "width"));
      Value fill = a.optional(2, "fillchar", S(" "));
      std::string spec = as_str(in, fill, "fillchar") + std::string(1, align) + std::to_string(std::max<int64_t>(w, 0));
      return S(format_str_spec(self_s(in, a), spec));
    };
  };
  in.def_method(st, "center", justify('^'));
  in.def_method(st, "ljust", justify('<'));
  in.def_method(st, "rjust", justify('>'));
  in.def_method(st, "zfill", [self_s](Interp& in, Args& a) -> Value {
    std::string s = self_s(in, a);
    int64_t w = in.index_value(a.required(1, "width"));
    size_t sign = !s.empty() && (s[0] == '-' || s[0] == '+') ? 1 : 0;
    while (int64_t(utf8_len(s)) < w) s.insert(sign, "0");
    return S(s);
  });
  in.def_method(st, "partition", [self_s](Interp& in, Args& a) -> Value {
    const std::string& s = self_s(in, a);
    const std::string& d = as_str(in, a.required(1, "sep"), "sep");
    size_t j = s.find(d);
    if (j == std::string::npos) return make_tuple({S(s), S(""), S("")});
    return make_tuple({S(s.substr(0, j)), S(d), S(s.substr(j + d.size()))});
  });
  in.def_method(st, "encode", [self_s](Interp& in, Args& a) -> Value { return S(self_s(in, a)); });
  in.def_method(st, "rpartition", [self_s](Interp& in, Args& a) -> Value {
    const std::string& s = self_s(in, a);
    const std::string& d = as_str(in, a.required(1, "sep"), "sep");
    size_t j = s.rfind(d);
    if (j == std::string::npos) return make_tuple({S(""), S(""), S(s)});
    return make_tuple({S(s.substr(0, j)), S(d), S(s.substr(j + d.size()))});
  });
  in.def_method(st, "swapcase", [self_s](Interp& in, Args& a) -> Value {
    std::string s = self_s(in, a);
    for (char& c : s) c = isupper((unsigned char)c) ? char(tolower((unsigned char)c)) : char(toupper((unsigned char)c));
    return S(s);
  });
  in.def_method(st, "casefold", [self_s](Interp& in, Args& a) -> Value {
    std::string s = self_s(in, a);
    for (char& c : s) c = char(tolower((unsigned char)c));
    return S(s);
  });
  in.def_method(st, "istitle", [self_s](Interp& in, Args& a) -> Value {
    // cased characters: uppercase only after uncased ones, lowercase only after cased ones
    const std::string& s = self_s(in, a);
    bool prev_cased = false, any = false;
    for (unsigned char c : s) {
      if (isupper(c)) {
        if (prev_cased) return Value::boolean(false);
        prev_cased = any = true;
      } else if (islower(c)) {
        if (!prev_cased) return Value::boolean(false);
        prev_cased = any = true;
      } else {
        prev_cased = false;
      }
    }
    return Value::boolean(any);
  });
  in.def_method(st, "expandtabs", [self_s](Interp& in, Args& a) -> Value {
    const std::string& s = self_s(in, a);
    int64_t ts = in.index_value(a.optional(1, "tabsize", Value::integer(8)));
    std::string out;
    int64_t col = 0;
    for (char c : s) {
      if (c == '\t') {
        if (ts > 0) {
          int64_t nsp = ts - col % ts;
          out.append(size_t(nsp), ' ');
          col += nsp;
        }
      } else {
        out += c;
        col = (c == '\n' || c == '\r') ? 0 : col + ((((unsigned char)c) & 0xc0) == 0x80 ? 0 : 1);
      }
    }
    return S(out);
  });

  // ---- list methods
  TypeObj* lt = in.t.list;
  auto self_l = [](Args& a) -> std::vector<Value>& { return a.pos[0].as<ListObj>()->items; };
  in.def_method(lt, "append", [self_l](Interp& in, Args& a) -> Value {
    if (a.pos.size() != 2) in.raise_exc("TypeError", "list.append() takes exactly one argument (" + std::to_string(a.pos.size() - 1) + " given)");
    self_l(a).push_back(a.pos[1]);
    return Value();
  });
  in.def_method(lt, "extend", [self_l](Interp& in, Args& a) -> Value {
    auto more = in.to_vector(a.required(1, "iterable"));
    auto& v = self_l(a);
    v.insert(v.end(), more.begin(), more.end());
    return Value();
  });
  in.def_method(lt, "insert", [self_l](Interp& in, Args& a) -> Value {
    auto& v = self_l(a);
    int64_t i = in.index_value(a.required(1, "index")), n = int64_t(v.size());
    if (i < 0) i = std::max<int64_t>(0, i + n);
    if (i > n) i = n;
    v.insert(v.begin() + i, a.required(2, "object"));
    return Value();
  });
  in.def_method(lt, "pop", [self_l](Interp& in, Args& a) -> Value {
    auto& v = self_l(a);
    if (v.empty()) in.raise_exc("IndexError", "pop from empty list");
    int64_t i = in.index_value(a.optional(1, "index", Value::integer(-1))), n = int64_t(v.size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) in.raise_exc("IndexError", "pop index out of range");
    Value x = v[size_t(i)];
    v.erase(v.begin() + i);
    return x;
  });
  in.def_method(lt, "remove", [self_l](Interp& in, Args& a) -> Value {
    auto& v = self_l(a);
    Value x = a.required(1, "value");
    for (size_t k = 0; k < v.size(); ++k)
      if (in.eq(v[k], x)) {
        v.erase(v.begin() + long(k));
        return Value();
      }
    in.raise_exc("ValueError", "list.remove(x): x not in list");
  });
  auto seq_index = [](bool list) {
    return [list](Interp& in, Args& a) -> Value {
      const auto& v = list ? a.pos[0].as<ListObj>()->items : a.pos[0].as<TupleObj>()->items;
      Value x = a.required(1, "value");
      for (size_t k = 0; k < v.size(); ++k)
        if (in.eq(v[k], x)) return Value::integer(int64_t(k));
      in.raise_exc("ValueError", list ? in.repr(x) + " is not in list" : "tuple.index(x): x not in tuple");
    };
  };
  auto seq_count = [](bool list) {
    return [list](Interp& in, Args& a) -> Value {
      const auto& v = list ? a.pos[0].as<ListObj>()->items : a.pos[0].as<TupleObj>()->items;
      Value x = a.required(1, "value");
      int64_t n = 0;
      for (auto& y : v) n += in.eq(y, x);
      return Value::integer(n);
    };
  };
  in.def_method(lt, "index", seq_index(true));
  in.def_method(lt, "count", seq_count(true));
  in.def_method(in.t.tuple, "index", seq_index(false));
  in.def_method(in.t.tuple, "count", seq_count(false));
  in.def_method(lt, "sort", [self_l](Interp& in, Args& a) -> Value {
    Value key = a.optional(99, "key");
    bool rev = in.truthy(a.optional(99, "reverse", Value::boolean(false)));
    a.finish(1);
    sort_values(in, self_l(a), key, rev);
    return Value();
  });
  in.def_method(lt, "reverse", [self_l](Interp&, Args& a) -> Value {
    std::reverse(self_l(a).begin(), self_l(a).end());
    return Value();
  });
  in.def_method(lt, "copy", [self_l](Interp&, Args& a) -> Value { return make_list(self_l(a)); });
  in.def_method(lt, "clear", [self_l](Interp&, Args& a) -> Value {
    self_l(a).clear();
    return Value();
  });

  // ---- dict methods
  TypeObj* dt = in.t.dict;
  auto self_d = [](Args& a) -> HashTable& { return a.pos[0].as<DictObj>()->t; };
  in.def_method(dt, "keys", [self_d](Interp&, Args& a) -> Value { return make_list(table_keys(self_d(a))); });
  in.def_method(dt, "values", [self_d](Interp&, Args& a) -> Value {
    std::vector<Value> out;
    auto& t = self_d(a);
    for (size_t i = 0; i < t.entries.size(); ++i)
      if (t.alive[i]) out.push_back(t.entries[i].second);
    return make_list(out);
  });
  in.def_method(dt, "items", [self_d](Interp&, Args& a) -> Value {
    std::vector<Value> out;
    auto& t = self_d(a);
    for (size_t i = 0; i < t.entries.size(); ++i)
      if (t.alive[i]) out.push_back(make_tuple({t.entries[i].first, t.entries[i].second}));
    return make_list(out);
  });
  in.def_method(dt, "get", [self_d](Interp& in, Args& a) -> Value {
    long i = table_lookup(in, self_d(a), a.required(1, "key"));
    return i >= 0 ? self_d(a).entries[size_t(i)].second : a.optional(2, "default");
  });
  in.def_method(dt, "pop", [self_d](Interp& in, Args& a) -> Value {
    Value k = a.required(1, "key");
    long i = table_lookup(in, self_d(a), k);
    if (i < 0) {
      if (a.pos.size() > 2) return a.pos[2];
      Value exc = in.make_exception(in.exception_type("KeyError"), {k});
      throw PyException("KeyError", in.repr(k), exc);
    }
    Value v = self_d(a).entries[size_t(i)].second;
    table_erase(in, self_d(a), k);
    return v;
  });
  in.def_method(dt, "popitem", [self_d](Interp& in, Args& a) -> Value {
    auto& t = self_d(a);
    for (size_t i = t.entries.size(); i-- > 0;) {
      if (!t.alive[i]) continue;
      Value k = t.entries[i].first, v = t.entries[i].second;
      table_erase(in, t, k);
      return make_tuple({k, v});
    }
    Value exc = in.make_exception(in.exception_type("KeyError"), {S("popitem(): dictionary is empty")});
    throw PyException("KeyError", "'popitem(): dictionary is empty'", exc);
  });
  in.def_method(dt, "setdefault", [self_d](Interp& in, Args& a) -> Value {
    Value k = a.required(1, "key");
    long i = table_lookup(in, self_d(a), k);
    if (i >= 0) return self_d(a).entries[size_t(i)].second;
    Value d = a.optional(2, "default");
    table_set(in, self_d(a), k, d);
    return d;
  });
  in.def_method(dt, "update", [self_d](Interp& in, Args& a) -> Value {
    if (a.pos.size() > 1) {
      Value src = a.pos[1];
      if (auto* sd = src.as<DictObj>()) {
        for (size_t i = 0; i < sd->t.entries.size(); ++i)
          if (sd->t.alive[i]) table_set(in, self_d(a), sd->t.entries[i].first, sd->t.entries[i].second);
      } else {
        for (auto& kv : in.to_vector(src)) {
          auto items = in.to_vector(kv);
          table_set(in, self_d(a), items.at(0), items.at(1));
        }
      }
    }
    for (auto& [k, v] : a.kw) table_set(in, self_d(a), S(k), v);
    return Value();
  });
  in.def_method(dt, "copy", [](Interp& in, Args& a) -> Value { return in.call(in.builtins["dict"], std::vector<Value>{a.pos[0]}); });
  in.def_method(dt, "clear", [self_d](Interp&, Args& a) -> Value {
    self_d(a) = HashTable();
    return Value();
  });

  // ---- set methods
  TypeObj* stt = in.t.set;
  auto self_set = [](Args& a) -> HashTable& { return a.pos[0].as<SetObj>()->t; };
  in.def_method(stt, "add", [self_set](Interp& in, Args& a) -> Value {
    table_set(in, self_set(a), a.required(1, "elem"), Value());
    return Value();
  });
  in.def_method(stt, "discard", [self_set](Interp& in, Args& a) -> Value {
    table_erase(in, self_set(a), a.required(1, "elem"));
    return Value();
  });
  in.def_method(stt, "remove", [self_set](Interp& in, Args& a) -> Value {
    Value k = a.required(1, "elem");
    if (!table_erase(in, self_set(a), k)) {
      Value exc = in.make_exception(in.exception_type("KeyError"), {k});
      throw PyException("KeyError", in.repr(k), exc);
    }
    return Value();
  });
  auto setop = [](const char* op) {
    return [op](Interp& in, Args& a) -> Value {
      Value other = a.required(1, "other");
      if (!other.as<SetObj>()) other = new_set(in, in.to_vector(other));
      return in.call(in.builtins["__set_op__"], std::vector<Value>{S(op), a.pos[0], other});
    };
  };
  in.def_method(stt, "union", setop("|"));
  in.def_method(stt, "intersection", setop("&"));
  in.def_method(stt, "difference", setop("-"));
  in.def_method(stt, "symmetric_difference", setop("^"));
  in.def_method(stt, "update", [self_set](Interp& in, Args& a) -> Value {
    for (auto& x : in.to_vector(a.required(1, "other"))) table_set(in, self_set(a), x, Value());
    return Value();
  });
  in.def_method(stt, "copy", [](Interp& in, Args& a) -> Value { return new_set(in, table_keys(a.pos[0].as<SetObj>()->t)); });
  in.def_method(stt, "issubset", [self_set](Interp& in, Args& a) -> Value {
    Value other = a.required(1, "other");
    for (auto& k : table_keys(self_set(a)))
      if (!in.truthy(in.compare("in", k, other))) return Value::boolean(false);
    return Value::boolean(true);
  });
  in.def_method(in.t.float_, "is_integer", [](Interp&, Args& a) -> Value {
    double d = a.pos[0].as_float();
    return Value::boolean(std::isfinite(d) && std::floor(d) == d);
  });
  in.def_method(in.t.int_, "bit_length", [](Interp&, Args& a) -> Value {
    uint64_t v = uint64_t(std::llabs(a.pos[0].as_int()));
    int n = 0;
    while (v) { ++n; v >>= 1; }
    return Value::integer(n);
  });
}

}  // namespace sl::lang
