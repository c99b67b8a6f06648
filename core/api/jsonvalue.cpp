#include "core/api/jsonvalue.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <set>

#include "core/api/session.hpp"
#include "core/element.hpp"
#include "core/lang/interp.hpp"

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

std::string number_json(double d) {
  if (std::isnan(d)) return "{\"$float\":\"nan\"}";
  if (std::isinf(d)) return d > 0 ? "{\"$float\":\"inf\"}" : "{\"$float\":\"-inf\"}";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", d);
  return buf;
}

std::string ints(const std::vector<int64_t>& v) {
  std::string s = "[";
  for (size_t k = 0; k < v.size(); ++k) s += (k ? "," : "") + std::to_string(v[k]);
  return s + "]";
}

std::string to_json(lang::Interp& in, const Value& v, std::set<const void*>& active, int depth) {
  if (depth > 100) return "{\"$repr\":\"...\"}";
  switch (v.tag()) {
    case lang::Tag::None: return "null";
    case lang::Tag::Bool: return v.as_bool() ? "true" : "false";
    case lang::Tag::Int: return std::to_string(v.as_int());
    case lang::Tag::Float: return number_json(v.as_float());
    case lang::Tag::Array: {
      const Array& a = v.arr();
      if (a.flavor == Flavor::Scalar) {
        if (a.dtype == DType::Bool) return *a.data() ? "true" : "false";
        if (is_unsigned_int(a.dtype)) return std::to_string(load_as<uint64_t>(a.dtype, a.data()));
        if (is_integer(a.dtype)) return std::to_string(load_as<int64_t>(a.dtype, a.data()));
        if (is_float(a.dtype)) return number_json(load_as<double>(a.dtype, a.data()));
        c128 c = load_as<c128>(a.dtype, a.data());
        return "{\"$complex\":[" + number_json(c.real()) + "," + number_json(c.imag()) + "]}";
      }
      return "{\"$array\":" + array_layout_json(a) + "}";
    }
    case lang::Tag::Obj: break;
  }
  if (auto* s = v.as<lang::StrObj>()) return json_string(s->s);
  if (auto* c = v.as<lang::ComplexObj>()) return "{\"$complex\":[" + number_json(c->re) + "," + number_json(c->im) + "]}";
  const std::vector<Value>* items = nullptr;
  if (auto* l = v.as<lang::ListObj>()) items = &l->items;
  if (auto* t = v.as<lang::TupleObj>()) items = &t->items;
  if (items) {
    if (!active.insert(v.identity()).second) return "{\"$repr\":\"[...]\"}";
    std::string out = "[";
    for (size_t k = 0; k < items->size(); ++k) out += (k ? "," : "") + to_json(in, (*items)[k], active, depth + 1);
    active.erase(v.identity());
    return out + "]";
  }
  if (auto* d = v.as<lang::DictObj>()) {
    bool str_keys = true;
    for (size_t k = 0; k < d->t.entries.size(); ++k)
      if (d->t.alive[k] && !d->t.entries[k].first.as<lang::StrObj>()) str_keys = false;
    if (str_keys) {
      if (!active.insert(v.identity()).second) return "{\"$repr\":\"{...}\"}";
      std::string out = "{";
      bool first = true;
      for (size_t k = 0; k < d->t.entries.size(); ++k) {
        if (!d->t.alive[k]) continue;
        out += std::string(first ? "" : ",") + json_string(d->t.entries[k].first.as<lang::StrObj>()->s) + ":" +
               to_json(in, d->t.entries[k].second, active, depth + 1);
        first = false;
      }
      active.erase(v.identity());
      return out + "}";
    }
  }
  return "{\"$repr\":" + json_string(in.repr(v)) + "}";
}

}  // namespace

std::string array_layout_json(const Array& a) {
  return std::string("{\"kind\":") + (a.is_torch() ? "\"tensor\"" : "\"ndarray\"") + ",\"dtype\":" +
         json_string(name(a.dtype)) + ",\"shape\":" + ints(a.shape) + ",\"strides\":" + ints(a.strides) +
         ",\"offset\":" + std::to_string(a.offset) + ",\"nbytes\":" + std::to_string(a.nbytes()) +
         ",\"contiguous\":" + (a.c_contiguous() ? "true" : "false") + "}";
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
  return to_json(in, v, active, 0);
}

}  // namespace sl
