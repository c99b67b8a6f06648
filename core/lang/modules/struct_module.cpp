// struct_module: `struct` -- bytes from and to Python values by a format
// string (CPython's Modules/_struct.c): pack, unpack, calcsize, iter_unpack,
// pack_into, unpack_from and the Struct class, with _struct.c's messages.
// Written here: it is a table of codes and a loop, and its sizes and byte
// orders are the reference's (64-bit Linux), not the build's (wasm32 has
// 4-byte longs and pointers, which a program must not see).
//
// The layout, as math (mirrors prepare_s and the native/std tables): a format
// is an optional byte-order character and a sequence of items (count, code).
// Under '@' (the default) each code has its platform size s_c and alignment
// a_c, and an item starts at the first multiple of a_c at or after the end of
// the one before: offset_k = ceil(end_{k-1} / a_c) * a_c, end_k = offset_k +
// count * s_c ('s' and 'p' are one field of `count` bytes, 'x' is `count` pad
// bytes). Under '=', '<', '>' and '!' every code has its standard size (l, L:
// 4; q, Q: 8; e: 2; f: 4; d: 8) and no alignment, and n, N, P do not exist.
// No padding follows the last item (a trailing '0l' aligns the end).
// calcsize is end_n. Integers are stored in two's complement in the chosen
// byte order; e, f and d are IEEE 754 binary16/32/64 (e rounds to nearest
// even, mirroring PyFloat_Pack2).
#include <cmath>
#include <cstring>

#include "core/lang/builtins/builtins.hpp"
#include "core/lang/modules/modules.hpp"
#include "core/lang/objects/bytes.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/lang/objects/pyint.hpp"

namespace sl::lang {

namespace {

[[noreturn]] void struct_error(Interp& in, const std::string& msg) {
  TypeObj* ty = in.modules.at("struct")->attrs.at("error").as<TypeObj>();
  throw PyException(ty->name, msg, in.make_exception(ty, {make_str(msg)}));
}

struct Item {
  char code;
  int64_t count;   // repeat count ('s'/'p': the byte length)
  int64_t offset;  // of the first byte
  int size;        // of one value
};

struct Layout {
  std::string format;  // as given (str)
  bool little = true;  // byte order of the values
  bool native = true;  // '@': platform sizes and alignment
  std::vector<Item> items;
  int64_t size = 0;
  int64_t nvalues = 0;  // values pack takes / unpack returns
};

// Size and alignment of a code: the native table (x86-64 Linux) or the standard one.
bool code_size(char c, bool native, int& size, int& align) {
  switch (c) {
    case 'x': case 'c': case 'b': case 'B': case '?': case 's': case 'p': size = 1; break;
    case 'h': case 'H': case 'e': size = 2; break;
    case 'i': case 'I': case 'f': size = 4; break;
    case 'l': case 'L': size = native ? 8 : 4; break;
    case 'q': case 'Q': case 'd': size = 8; break;
    case 'n': case 'N': case 'P':
      if (!native) return false;
      size = 8;
      break;
    default: return false;
  }
  align = native ? size : 1;
  return true;
}

Layout parse_format(Interp& in, const Value& fmt) {
  Layout L;
  if (auto* s = fmt.as<StrObj>()) L.format = s->s;
  else if (is_bytes(fmt)) L.format = fmt.as<BytesObj>()->s;
  else in.raise_exc("TypeError", "Struct() argument 1 must be a str or bytes object, not " + in.type_name(fmt));
  const std::string& f = L.format;
  size_t i = 0;
  if (!f.empty()) {
    switch (f[0]) {
      case '@': i = 1; break;
      case '=': L.native = false; i = 1; break;
      case '<': L.native = false; i = 1; break;
      case '>': case '!': L.native = false; L.little = false; i = 1; break;
      default: break;
    }
  }
  int64_t size = 0;
  const int64_t kMax = INT64_MAX / 2;
  while (i < f.size()) {
    char c = f[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    int64_t num = 1;
    if (c >= '0' && c <= '9') {
      num = 0;
      while (i < f.size() && f[i] >= '0' && f[i] <= '9') {
        if (num > (kMax - (f[i] - '0')) / 10) struct_error(in, "total struct size too long");
        num = num * 10 + (f[i] - '0');
        ++i;
      }
      if (i >= f.size()) struct_error(in, "repeat count given without format specifier");
      c = f[i];
    }
    int sz = 0, al = 1;
    if (!code_size(c, L.native, sz, al)) struct_error(in, "bad char in struct format");
    if (al > 1 && size > 0) size = (size + al - 1) / al * al;
    Item it{c, num, size, sz};
    if (c == 's' || c == 'p') {
      L.nvalues += 1;
      if (num > kMax - size) struct_error(in, "total struct size too long");
      size += num;
    } else {
      if (c != 'x') L.nvalues += num;
      if (num > (kMax - size) / sz) struct_error(in, "total struct size too long");
      size += num * sz;
    }
    L.items.push_back(it);
    ++i;
  }
  L.size = size;
  return L;
}

void put_uint(uint8_t* p, uint64_t v, int n, bool little) {
  for (int k = 0; k < n; ++k) p[little ? k : n - 1 - k] = uint8_t(v >> (8 * k));
}
uint64_t get_uint(const uint8_t* p, int n, bool little) {
  uint64_t v = 0;
  for (int k = 0; k < n; ++k) v |= uint64_t(p[little ? k : n - 1 - k]) << (8 * k);
  return v;
}

// binary16 from a double, rounding to nearest even (mirrors PyFloat_Pack2);
// false when the magnitude rounds past the largest half (65504).
bool half_bits(double x, uint16_t& out) {
  uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  double a = std::fabs(x);
  if (std::isnan(x)) {
    out = sign | 0x7e00;
    return true;
  }
  if (std::isinf(x)) {
    out = sign | 0x7c00;
    return true;
  }
  if (a == 0) {
    out = sign;
    return true;
  }
  int e;
  double m = std::frexp(a, &e);  // a = m * 2^e, 0.5 <= m < 1
  // normal halves: 2^-14 <= a; the 10 fraction bits after the leading one
  int64_t bits;
  int exp_field;
  if (e - 1 >= -14) {
    double scaled = std::ldexp(m, 11);  // in [1024, 2048)
    double r = std::nearbyint(scaled);  // round half even (default mode)
    int64_t q = int64_t(r);
    int ee = e - 1;
    if (q == 2048) {
      q = 1024;
      ++ee;
    }
    if (ee > 15) return false;
    exp_field = ee + 15;
    bits = q - 1024;
  } else {
    // subnormal: a / 2^-24 rounded
    double r = std::nearbyint(std::ldexp(a, 24));
    int64_t q = int64_t(r);
    if (q >= 1024) {
      exp_field = 1;
      bits = q - 1024;
    } else {
      exp_field = 0;
      bits = q;
    }
  }
  out = uint16_t(sign | (exp_field << 10) | bits);
  return true;
}

double half_value(uint16_t h) {
  const int e = (h >> 10) & 0x1f, f = h & 0x3ff;
  double v;
  if (e == 0) v = std::ldexp(double(f), -24);
  else if (e == 31) v = f ? std::nan("") : INFINITY;
  else v = std::ldexp(double(f + 1024), e - 25);
  return (h & 0x8000) ? -v : v;
}

// An integer argument's two's-complement bits after the range check of
// np_/lp_/bp_ pack functions; `code` names the format in the message.
uint64_t int_bits(Interp& in, const Value& v0, char code, int size, bool is_signed) {
  Value v = v0;
  if (!is_pyint(v)) {
    Value r;
    if (!call_special(in, v, "__index__", {}, r) || !is_pyint(r)) struct_error(in, "required argument is not an integer");
    v = r;
  }
  const int bits = size * 8;
  // [lo, hi] as Python ints
  Value one = Value::integer(1);
  Value lo, hi;
  Value top;
  int_binop(in, BinOp::LShift, one, Value::integer(is_signed ? bits - 1 : bits), top);
  int_binop(in, BinOp::Sub, top, one, hi);
  if (is_signed) int_binop(in, BinOp::Sub, Value::integer(0), top, lo);
  else lo = Value::integer(0);
  // native 'P' takes any value a void* holds (negative ints wrap, as PyLong_AsVoidPtr does)
  if (code == 'P') {
    Value slo;
    int_binop(in, BinOp::Sub, Value::integer(0), top, slo);
    lo = slo;
  }
  if (int_compare(v, lo) < 0 || int_compare(v, hi) > 0)
    struct_error(in, std::string("'") + code + "' format requires " + int_to_decimal(in, lo) + " <= number <= " +
                         int_to_decimal(in, hi));
  if (v.is_int() || v.is_bool()) return uint64_t(in.index_value(v));
  // a big int in [2^63, 2^64): v - 2^64 fits an int64 with the same bits
  Value two64, w;
  int_binop(in, BinOp::LShift, one, Value::integer(64), two64);
  int_binop(in, BinOp::Sub, v, two64, w);
  return uint64_t(in.index_value(w));
}

double float_arg(Interp& in, const Value& v) {
  if (v.is_float()) return v.as_float();
  if (is_pyint(v)) {
    try {
      return int_to_double(in, v);
    } catch (const PyError&) {
      struct_error(in, "required argument is not a float");
    }
  }
  Value r;
  if (call_special(in, v, "__float__", {}, r) && r.is_float()) return r.as_float();
  if (call_special(in, v, "__index__", {}, r) && is_pyint(r)) return int_to_double(in, r);
  struct_error(in, "required argument is not a float");
}

void pack_values(Interp& in, const Layout& L, uint8_t* out, const std::vector<Value>& args, size_t first, const char* what) {
  if (int64_t(args.size() - first) != L.nvalues)
    struct_error(in, std::string(what) + " expected " + std::to_string(L.nvalues) + " items for packing (got " +
                         std::to_string(args.size() - first) + ")");
  size_t k = first;
  for (const Item& it : L.items) {
    uint8_t* p = out + it.offset;
    if (it.code == 'x') {
      std::memset(p, 0, size_t(it.count));
      continue;
    }
    if (it.code == 's' || it.code == 'p') {
      const Value& v = args[k++];
      std::string_view b;
      if (!(is_bytes(v) || v.as<BytesObj>()) || !bytes_like(v, b))
        struct_error(in, std::string("argument for '") + it.code + "' must be a bytes object");
      std::memset(p, 0, size_t(it.count));
      if (it.code == 's') {
        std::memcpy(p, b.data(), std::min<size_t>(b.size(), size_t(it.count)));
      } else if (it.count > 0) {
        size_t n = std::min<size_t>(b.size(), size_t(it.count - 1));
        n = std::min<size_t>(n, 255);
        std::memcpy(p + 1, b.data(), n);
        p[0] = uint8_t(n);
      }
      continue;
    }
    for (int64_t r = 0; r < it.count; ++r, p += it.size) {
      const Value& v = args[k++];
      switch (it.code) {
        case 'c': {
          std::string_view b;
          if (!v.as<BytesObj>() || !bytes_like(v, b) || b.size() != 1)
            struct_error(in, "char format requires a bytes object of length 1");
          p[0] = uint8_t(b[0]);
          break;
        }
        case '?': p[0] = in.truthy(v) ? 1 : 0; break;
        case 'e': {
          uint16_t h;
          if (!half_bits(float_arg(in, v), h)) in.raise_exc("OverflowError", "float too large to pack with e format");
          put_uint(p, h, 2, L.little);
          break;
        }
        case 'f': {
          float x = float(float_arg(in, v));
          uint32_t u;
          std::memcpy(&u, &x, 4);
          put_uint(p, u, 4, L.little);
          break;
        }
        case 'd': {
          double x = float_arg(in, v);
          uint64_t u;
          std::memcpy(&u, &x, 8);
          put_uint(p, u, 8, L.little);
          break;
        }
        default: {
          const bool sgn = it.code == 'b' || it.code == 'h' || it.code == 'i' || it.code == 'l' || it.code == 'q' || it.code == 'n';
          put_uint(p, int_bits(in, v, it.code, it.size, sgn), it.size, L.little);
        }
      }
    }
  }
}

Value unpack_values(Interp& in, const Layout& L, const uint8_t* p0) {
  std::vector<Value> out;
  for (const Item& it : L.items) {
    const uint8_t* p = p0 + it.offset;
    if (it.code == 'x') continue;
    if (it.code == 's') {
      out.push_back(make_bytes(std::string(reinterpret_cast<const char*>(p), size_t(it.count))));
      continue;
    }
    if (it.code == 'p') {
      size_t n = it.count > 0 ? std::min<size_t>(p[0], size_t(it.count - 1)) : 0;
      out.push_back(make_bytes(std::string(reinterpret_cast<const char*>(p + 1), n)));
      continue;
    }
    for (int64_t r = 0; r < it.count; ++r, p += it.size) {
      const uint64_t u = get_uint(p, it.size, L.little);
      switch (it.code) {
        case 'c': out.push_back(make_bytes(std::string(1, char(p[0])))); break;
        case '?': out.push_back(Value::boolean(p[0] != 0)); break;
        case 'e': out.push_back(Value::floating(half_value(uint16_t(u)))); break;
        case 'f': {
          uint32_t w = uint32_t(u);
          float x;
          std::memcpy(&x, &w, 4);
          out.push_back(Value::floating(double(x)));
          break;
        }
        case 'd': {
          double x;
          std::memcpy(&x, &u, 8);
          out.push_back(Value::floating(x));
          break;
        }
        case 'b': case 'h': case 'i': case 'l': case 'q': case 'n': {
          const int sh = 64 - it.size * 8;
          out.push_back(Value::integer(sh ? int64_t(u << sh) >> sh : int64_t(u)));
          break;
        }
        default: {  // unsigned
          if (u <= uint64_t(INT64_MAX)) {
            out.push_back(Value::integer(int64_t(u)));
          } else {
            Value two64, v;
            int_binop(in, BinOp::LShift, Value::integer(1), Value::integer(64), two64);
            int_binop(in, BinOp::Add, Value::integer(int64_t(u)), two64, v);
            out.push_back(v);
          }
        }
      }
    }
  }
  return make_tuple(std::move(out));
}

// A Struct object's parsed layout (its GenericObj's native payload).
Layout& layout_of(Interp& in, const Value& self) {
  auto* g = self.as<GenericObj>();
  if (!g || !g->native || g->type->name != "Struct") in.raise_exc("TypeError", "descriptor requires a 'Struct' object");
  return *static_cast<Layout*>(g->native.get());
}

Value pack_bytes(Interp& in, const Layout& L, const std::vector<Value>& args, size_t first) {
  std::string out(size_t(L.size), '\0');
  pack_values(in, L, reinterpret_cast<uint8_t*>(out.data()), args, first, "pack");
  return make_bytes(std::move(out));
}

Value unpack_buffer(Interp& in, const Layout& L, const Value& buf) {
  std::string_view b = need_bytes_like(in, buf);
  if (int64_t(b.size()) != L.size) struct_error(in, "unpack requires a buffer of " + std::to_string(L.size) + " bytes");
  return unpack_values(in, L, reinterpret_cast<const uint8_t*>(b.data()));
}

Value unpack_from_buffer(Interp& in, const Layout& L, const Value& buf, int64_t offset) {
  std::string_view b = need_bytes_like(in, buf);
  const int64_t n = int64_t(b.size());
  if (offset < 0) {
    if (offset + n < 0) struct_error(in, "offset " + std::to_string(offset) + " out of range for " + std::to_string(n) + "-byte buffer");
    offset += n;
  }
  if (n - offset < L.size)
    struct_error(in, "unpack_from requires a buffer of at least " + std::to_string(L.size + offset) + " bytes for unpacking " +
                         std::to_string(L.size) + " bytes at offset " + std::to_string(offset) + " (actual buffer size is " +
                         std::to_string(n) + ")");
  return unpack_values(in, L, reinterpret_cast<const uint8_t*>(b.data()) + offset);
}

// The writable bytes of pack_into's buffer (a bytearray or a writable memoryview / array).
uint8_t* writable_buffer(Interp& in, const Value& buf, int64_t& n) {
  if (auto* b = buf.as<BytesObj>(); b && b->mut) {
    n = int64_t(b->s.size());
    return reinterpret_cast<uint8_t*>(b->s.data());
  }
  if (auto* m = buf.as<MemoryViewObj>(); m && !m->readonly) {
    std::string_view v;
    if (bytes_like(buf, v)) {
      n = int64_t(v.size());
      return memoryview_data(in, *m);
    }
  }
  std::string_view v;
  if (buf.is_array() && bytes_like(buf, v) && buf.arr().writeable) {
    n = int64_t(v.size());
    return reinterpret_cast<uint8_t*>(const_cast<char*>(v.data()));
  }
  in.raise_exc("TypeError", "argument must be read-write bytes-like object, not " + in.type_name(buf));
}

Value pack_into_buffer(Interp& in, const Layout& L, Args& a, size_t first) {
  if (a.pos.size() < first + 2) {
    if (a.pos.size() < first + 1) in.raise_exc("TypeError", "pack_into expected buffer argument");
    in.raise_exc("TypeError", "pack_into expected offset argument");
  }
  int64_t n = 0;
  uint8_t* p = writable_buffer(in, a.pos[first], n);
  int64_t offset = in.index_value(a.pos[first + 1]);
  if (offset < 0) {
    if (offset + L.size > 0) struct_error(in, "no space to pack " + std::to_string(L.size) + " bytes at offset " + std::to_string(offset));
    if (offset + n < 0) struct_error(in, "offset " + std::to_string(offset) + " out of range for " + std::to_string(n) + "-byte buffer");
    offset += n;
  }
  if (n - offset < L.size)
    struct_error(in, "pack_into requires a buffer of at least " + std::to_string(L.size + offset) + " bytes for packing " +
                         std::to_string(L.size) + " bytes at offset " + std::to_string(offset) + " (actual buffer size is " +
                         std::to_string(n) + ")");
  std::string tmp(size_t(L.size), '\0');  // packed apart first: a bad value leaves the buffer as it was
  pack_values(in, L, reinterpret_cast<uint8_t*>(tmp.data()), a.pos, first + 2, "pack_into");
  std::memcpy(p + offset, tmp.data(), tmp.size());
  return Value();
}

Value iter_unpack_buffer(Interp& in, const Layout& L, const Value& buf) {
  std::string_view b = need_bytes_like(in, buf);
  if (L.size == 0) struct_error(in, "cannot iteratively unpack with a struct of length 0");
  if (int64_t(b.size()) % L.size != 0)
    struct_error(in, "iterative unpacking requires a buffer of a multiple of " + std::to_string(L.size) + " bytes");
  std::vector<Value> rows;
  for (size_t off = 0; off < b.size(); off += size_t(L.size))
    rows.push_back(unpack_values(in, L, reinterpret_cast<const uint8_t*>(b.data()) + off));
  return in.iter(make_list(std::move(rows)));
}

// The module's functions take the format first and parse it at each call.
Layout format_arg(Interp& in, Args& a) {
  if (a.pos.empty()) in.raise_exc("TypeError", "missing format argument");
  return parse_format(in, a.pos[0]);
}

Value struct_pack(Interp& in, Args& a) {
  Layout L = format_arg(in, a);
  return pack_bytes(in, L, a.pos, 1);
}
Value struct_unpack(Interp& in, Args& a) {
  Layout L = format_arg(in, a);
  if (a.pos.size() != 2) in.raise_exc("TypeError", "unpack expected 2 arguments, got " + std::to_string(a.pos.size()));
  return unpack_buffer(in, L, a.pos[1]);
}
Value struct_calcsize(Interp& in, Args& a) {
  Value f = a.required(0, "format");
  a.finish(1);
  return Value::integer(parse_format(in, f).size);
}
Value struct_unpack_from(Interp& in, Args& a) {
  Value f = a.required(0, "format");
  Value buf = a.required(1, "buffer");
  Value off = a.optional(2, "offset", Value::integer(0));
  a.finish(3);
  Layout L = parse_format(in, f);
  return unpack_from_buffer(in, L, buf, in.index_value(off));
}
Value struct_pack_into(Interp& in, Args& a) {
  Layout L = format_arg(in, a);
  return pack_into_buffer(in, L, a, 1);
}
Value struct_iter_unpack(Interp& in, Args& a) {
  Value f = a.required(0, "format");
  Value buf = a.required(1, "buffer");
  a.finish(2);
  Layout L = parse_format(in, f);
  return iter_unpack_buffer(in, L, buf);
}

const ModuleFnDef kStructFunctions[] = {
    {"pack", struct_pack},           {"unpack", struct_unpack},         {"calcsize", struct_calcsize},
    {"unpack_from", struct_unpack_from}, {"pack_into", struct_pack_into}, {"iter_unpack", struct_iter_unpack},
};

}  // namespace

void install_struct_module(Interp& in) {
  ModuleObj& m = new_module(in, "struct");
  def_functions(in, m, kStructFunctions);
  TypeObj* err = in.define_exception("error", "struct", {in.t.exception});
  m.attrs["error"] = type_ref(err);
  // Struct(format): the layout parsed once; its methods are the module's
  // functions with that layout (as Struct's methods are s_pack & co.).
  TypeObj* st = in.new_type("Struct", "_struct", {in.t.object});
  m.attrs["Struct"] = type_ref(st);
  st->call = [st](Interp& in, Args& a) -> Value {
    Value f = a.required(0, "format");
    a.finish(1);
    auto layout = std::make_shared<Layout>(parse_format(in, f));
    auto self = std::make_shared<GenericObj>(st);
    self->native = layout;
    self->attrs["format"] = make_str(layout->format);
    self->attrs["size"] = Value::integer(layout->size);
    const std::string repr = "Struct(" + py_str_repr(layout->format) + ")";
    self->attrs["__repr__"] = in.builtin("__repr__", [repr](Interp&, Args&) { return make_str(repr); });
    return Value(std::static_pointer_cast<Obj>(self));
  };
  in.def_method(st, "pack", [](Interp& in, Args& a) { return pack_bytes(in, layout_of(in, a.pos[0]), a.pos, 1); });
  in.def_method(st, "unpack", [](Interp& in, Args& a) {
    Value buf = a.required(1, "buffer");
    a.finish(2);
    return unpack_buffer(in, layout_of(in, a.pos[0]), buf);
  });
  in.def_method(st, "unpack_from", [](Interp& in, Args& a) {
    Value buf = a.required(1, "buffer");
    Value off = a.optional(2, "offset", Value::integer(0));
    a.finish(3);
    return unpack_from_buffer(in, layout_of(in, a.pos[0]), buf, in.index_value(off));
  });
  in.def_method(st, "pack_into", [](Interp& in, Args& a) { return pack_into_buffer(in, layout_of(in, a.pos[0]), a, 1); });
  in.def_method(st, "iter_unpack", [](Interp& in, Args& a) {
    Value buf = a.required(1, "buffer");
    a.finish(2);
    return iter_unpack_buffer(in, layout_of(in, a.pos[0]), buf);
  });
}

}  // namespace sl::lang
