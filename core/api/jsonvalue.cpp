#include "core/api/jsonvalue.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <set>

#include "core/model/descr.hpp"
#include "core/api/json_writer.hpp"
#include "core/model/element.hpp"
#include "core/lang/eval/interp.hpp"

namespace sl {

namespace {

using lang::Value;

struct Reader {
  lang::Interp& in;
  const std::string& s;
  size_t i = 0;
  int depth = 0;

  [[noreturn]] void fail(const std::string& what) {
    value_error("invalid JSON: " + what + " at offset " + std::to_string(i));
  }
  void ws() {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
  }
  bool lit(const char* w) {
    size_t n = std::char_traits<char>::length(w);
    if (s.compare(i, n, w) == 0) {
      i += n;
      return true;
    }
    return false;
  }
  Value parse() {
    if (++depth > 200) fail("nesting too deep");
    ws();
    if (i >= s.size()) fail("unexpected end");
    Value v;
    char c = s[i];
    if (c == '{') {
      ++i;
      auto d = std::make_shared<lang::DictObj>();
      Value dv(std::static_pointer_cast<lang::Obj>(d));
      ws();
      if (i < s.size() && s[i] == '}') {
        ++i;
      } else {
        for (;;) {
          ws();
          if (i >= s.size() || s[i] != '"') fail("expected a string key");
          Value k = lang::make_str(str());
          ws();
          if (i >= s.size() || s[i] != ':') fail("expected ':'");
          ++i;
          Value x = parse();
          in.setitem(dv, k, x);
          ws();
          if (i < s.size() && s[i] == ',') {
            ++i;
            continue;
          }
          if (i < s.size() && s[i] == '}') {
            ++i;
            break;
          }
          fail("expected ',' or '}'");
        }
      }
      v = dv;
    } else if (c == '[') {
      ++i;
      std::vector<Value> items;
      ws();
      if (i < s.size() && s[i] == ']') {
        ++i;
      } else {
        for (;;) {
          items.push_back(parse());
          ws();
          if (i < s.size() && s[i] == ',') {
            ++i;
            continue;
          }
          if (i < s.size() && s[i] == ']') {
            ++i;
            break;
          }
          fail("expected ',' or ']'");
        }
      }
      v = lang::make_list(std::move(items));
    } else if (c == '"') {
      v = lang::make_str(str());
    } else if (lit("true")) {
      v = Value::boolean(true);
    } else if (lit("false")) {
      v = Value::boolean(false);
    } else if (lit("null")) {
      v = Value();
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      size_t st = i;
      if (s[i] == '-') ++i;
      bool is_float = false;
      while (i < s.size() && (isdigit((unsigned char)s[i]) || s[i] == '.' || s[i] == 'e' || s[i] == 'E' ||
                              ((s[i] == '+' || s[i] == '-') && (s[i - 1] == 'e' || s[i - 1] == 'E')))) {
        if (s[i] == '.' || s[i] == 'e' || s[i] == 'E') is_float = true;
        ++i;
      }
      std::string num = s.substr(st, i - st);
      if (!is_float) {
        errno = 0;
        long long x = std::strtoll(num.c_str(), nullptr, 10);
        if (errno != ERANGE) {
          v = Value::integer(x);
          --depth;
          return v;
        }
      }
      char* end = nullptr;
      double d = std::strtod(num.c_str(), &end);
      if (end == num.c_str()) fail("bad number");
      v = Value::floating(d);
    } else {
      fail("unexpected character");
    }
    --depth;
    return v;
  }
  std::string str() {
    ++i;  // opening quote
    std::string out;
    while (i < s.size() && s[i] != '"') {
      char c = s[i++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i >= s.size()) fail("bad escape");
      char e = s[i++];
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case '/': out += '/'; break;
        case '\\': out += '\\'; break;
        case '"': out += '"'; break;
        case 'u': {
          auto hex4 = [&]() {
            if (i + 4 > s.size()) fail("bad \\u escape");
            uint32_t v = uint32_t(std::strtoul(s.substr(i, 4).c_str(), nullptr, 16));
            i += 4;
            return v;
          };
          uint32_t cp = hex4();
          if (cp >= 0xd800 && cp < 0xdc00 && s.compare(i, 2, "\\u") == 0) {
            i += 2;
            uint32_t lo = hex4();
            cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
          }
          if (cp < 0x80) out += char(cp);
          else if (cp < 0x800) { out += char(0xc0 | (cp >> 6)); out += char(0x80 | (cp & 0x3f)); }
          else if (cp < 0x10000) { out += char(0xe0 | (cp >> 12)); out += char(0x80 | ((cp >> 6) & 0x3f)); out += char(0x80 | (cp & 0x3f)); }
          else { out += char(0xf0 | (cp >> 18)); out += char(0x80 | ((cp >> 12) & 0x3f)); out += char(0x80 | ((cp >> 6) & 0x3f)); out += char(0x80 | (cp & 0x3f)); }
          break;
        }
        default: fail("bad escape");
      }
    }
    if (i >= s.size()) fail("unterminated string");
    ++i;
    return out;
  }
};

void number_json(JsonWriter& w, double d) {
  if (std::isnan(d) || std::isinf(d)) {
    w.begin_object().field("$float", std::isnan(d) ? "nan" : d > 0 ? "inf" : "-inf").end_object();
    return;
  }
  w.value(d);
}

void repr_json(JsonWriter& w, const std::string& text) { w.begin_object().field("$repr", text).end_object(); }

void complex_json(JsonWriter& w, double re, double im) {
  w.begin_object().key("$complex").begin_array();
  number_json(w, re);
  number_json(w, im);
  w.end_array().end_object();
}

// NumPy scalars as their Python value; arrays as their layout.
void array_json(JsonWriter& w, const Array& a) {
  if (a.flavor != Flavor::Scalar) {
    w.begin_object().key("$array").begin_object();
    array_layout_fields(w, a);
    w.end_object().end_object();
  } else if (a.dtype == DType::Bool) {
    w.value(*a.data() != 0);
  } else if (is_unsigned_int(a.dtype)) {
    w.value(load_as<uint64_t>(a.dtype, a.data()));
  } else if (is_integer(a.dtype)) {
    w.value(load_as<int64_t>(a.dtype, a.data()));
  } else if (is_float(a.dtype)) {
    number_json(w, load_as<double>(a.dtype, a.data()));
  } else {
    c128 c = load_as<c128>(a.dtype, a.data());
    complex_json(w, c.real(), c.imag());
  }
}

bool all_str_keys(const lang::DictObj& d) {
  for (size_t k = 0; k < d.t.entries.size(); ++k)
    if (d.t.alive[k] && !d.t.entries[k].first.as<lang::StrObj>()) return false;
  return true;
}

void to_json(JsonWriter& w, lang::Interp& in, const Value& v, std::set<const void*>& active, int depth) {
  if (depth > 100) return repr_json(w, "...");
  switch (v.tag()) {
    case lang::Tag::None: w.null(); return;
    case lang::Tag::Bool: w.value(v.as_bool()); return;
    case lang::Tag::Int: w.value(int64_t(v.as_int())); return;
    case lang::Tag::Float: number_json(w, v.as_float()); return;
    case lang::Tag::Array: array_json(w, v.arr()); return;
    case lang::Tag::Obj: break;
  }
  if (auto* s = v.as<lang::StrObj>()) {
    w.value(s->s);
    return;
  }
  if (auto* c = v.as<lang::ComplexObj>()) return complex_json(w, c->re, c->im);
  const std::vector<Value>* items = nullptr;
  if (auto* l = v.as<lang::ListObj>()) items = &l->items;
  if (auto* t = v.as<lang::TupleObj>()) items = &t->items;
  auto* d = v.as<lang::DictObj>();
  if (!items && !(d && all_str_keys(*d))) return repr_json(w, in.repr(v));
  // A container inside itself is written as its repr marker, not followed.
  if (!active.insert(v.identity()).second) return repr_json(w, items ? "[...]" : "{...}");
  if (items) {
    w.begin_array();
    for (const Value& x : *items) to_json(w, in, x, active, depth + 1);
    w.end_array();
  } else {
    w.begin_object();
    for (size_t k = 0; k < d->t.entries.size(); ++k) {
      if (!d->t.alive[k]) continue;
      w.key(d->t.entries[k].first.as<lang::StrObj>()->s);
      to_json(w, in, d->t.entries[k].second, active, depth + 1);
    }
    w.end_object();
  }
  active.erase(v.identity());
}

}  // namespace

void array_layout_fields(JsonWriter& w, const Array& a) {
  w.field("kind", a.is_torch() ? "tensor" : "ndarray").field("dtype", dtype_label(a)).key("shape").ints(a.shape);
  w.key("strides").ints(a.strides).field("offset", a.offset).field("nbytes", a.nbytes());
  w.field("contiguous", a.c_contiguous());
}

lang::Value json_to_value(lang::Interp& in, const std::string& json) {
  Reader r{in, json};
  Value v = r.parse();
  r.ws();
  if (r.i != json.size()) r.fail("trailing characters");
  return v;
}

std::string value_to_json(lang::Interp& in, const lang::Value& v) {
  std::set<const void*> active;
  JsonWriter w;
  to_json(w, in, v, active, 0);
  return w.take();
}

}  // namespace sl
