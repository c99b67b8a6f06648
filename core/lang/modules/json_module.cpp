// json_module: `json` -- dumps (indent, sort_keys, separators, ensure_ascii,
// default, allow_nan) and loads, as CPython 3.13's json package: the same
// text out, the same values in, json.JSONDecodeError's messages with their
// line / column / char positions.
// Invariant: dumps writes floats with Python's repr (NaN, Infinity,
// -Infinity when allowed), dict keys as strings (True -> "true"), tuples as
// arrays; loads makes ints of numbers without fraction or exponent, floats
// otherwise, and positions count code points.
#include <cmath>
#include <cstring>

#include "core/lang/builtins/builtins.hpp"
#include "core/lang/modules/modules.hpp"
#include "core/lang/objects/bytes.hpp"

namespace sl::lang {

namespace {

struct DumpOptions {
  bool sort_keys = false, ensure_ascii = true, allow_nan = true, skipkeys = false;
  bool has_indent = false;
  std::string indent, item_sep = ", ", key_sep = ": ";
  Value dflt;
};

// A JSON string literal (py_encode_basestring[_ascii]).
std::string quote(const std::string& s, bool ascii) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default:
          if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
          } else {
            out += char(c);
          }
      }
      continue;
    }
    int len = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    if (!ascii) {
      out += s.substr(i, size_t(len));
      i += size_t(len);
      continue;
    }
    uint32_t cp = c & (0x3f >> (len - 1));
    for (int k = 1; k < len && i + size_t(k) < s.size(); ++k) cp = cp << 6 | (static_cast<unsigned char>(s[i + size_t(k)]) & 0x3f);
    i += size_t(len);
    char buf[16];
    if (cp >= 0x10000) {
      cp -= 0x10000;
      std::snprintf(buf, sizeof buf, "\\u%04x\\u%04x", 0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
    } else {
      std::snprintf(buf, sizeof buf, "\\u%04x", cp);
    }
    out += buf;
  }
  return out + "\"";
}

struct Encoder {
  Interp& in;
  const DumpOptions& o;
  std::vector<const void*> stack;  // containers being written (circular reference check)

  std::string floatstr(double x) {
    if (std::isfinite(x)) return in.repr(Value::floating(x));
    if (!o.allow_nan) in.raise_exc("ValueError", "Out of range float values are not JSON compliant: " + in.repr(Value::floating(x)));
    return std::isnan(x) ? "NaN" : x > 0 ? "Infinity" : "-Infinity";
  }
  // A dict key as JSON text, or "" with skip = true for a key skipkeys drops.
  std::string key(const Value& k, bool& skip) {
    skip = false;
    if (auto* s = k.as<StrObj>()) return quote(s->s, o.ensure_ascii);
    if (k.is_float()) return "\"" + floatstr(k.as_float()) + "\"";
    if (k.is_bool()) return k.as_bool() ? "\"true\"" : "\"false\"";
    if (k.is_none()) return "\"null\"";
    if (k.is_int()) return "\"" + std::to_string(k.as_int()) + "\"";
    if (o.skipkeys) {
      skip = true;
      return "";
    }
    in.raise_exc("TypeError", "keys must be str, int, float, bool or None, not " + in.type_of(k)->name);
  }
  std::string newline(int depth) {
    std::string s = "\n";
    for (int d = 0; d < depth; ++d) s += o.indent;
    return s;
  }
  void enter(const Value& v) {
    for (auto* p : stack)
      if (p == v.identity()) in.raise_exc("ValueError", "Circular reference detected");
    stack.push_back(v.identity());
  }
  std::string encode(const Value& v, int depth) {
    if (v.is_none()) return "null";
    if (v.is_bool()) return v.as_bool() ? "true" : "false";
    if (v.is_int()) return std::to_string(v.as_int());
    if (v.is_float()) return floatstr(v.as_float());
    if (auto* s = v.as<StrObj>()) return quote(s->s, o.ensure_ascii);
    if (v.as<ListObj>() || v.as<TupleObj>()) {
      const auto& items = v.as<ListObj>() ? v.as<ListObj>()->items : v.as<TupleObj>()->items;
      if (items.empty()) return "[]";
      Interp::CRecursion level(in, " while encoding a JSON object");
      enter(v);
      std::string s = "[";
      for (size_t k = 0; k < items.size(); ++k) {
        if (k) s += o.item_sep;
        if (o.has_indent) s += newline(depth + 1);
        s += encode(items[k], depth + 1);
      }
      if (o.has_indent) s += newline(depth);
      stack.pop_back();
      return s + "]";
    }
    if (auto* d = v.as<DictObj>()) {
      if (d->t.count == 0) return "{}";
      Interp::CRecursion level(in, " while encoding a JSON object");
      enter(v);
      std::vector<std::pair<Value, Value>> items;
      for (size_t i = 0; i < d->t.entries.size(); ++i)
        if (d->t.alive[i]) items.push_back(d->t.entries[i]);
      if (o.sort_keys) {
        std::vector<Value> keys;
        for (auto& kv : items) keys.push_back(kv.first);
        sort_values(in, keys, Value(), false);
        std::vector<std::pair<Value, Value>> sorted;
        for (auto& k : keys) sorted.emplace_back(k, d->t.entries[size_t(table_lookup(in, d->t, k))].second);
        items = std::move(sorted);
      }
      std::string s = "{";
      bool first = true;
      for (auto& [k, x] : items) {
        bool skip;
        std::string ks = key(k, skip);
        if (skip) continue;
        if (!first) s += o.item_sep;
        first = false;
        if (o.has_indent) s += newline(depth + 1);
        s += ks + o.key_sep + encode(x, depth + 1);
      }
      if (o.has_indent) s += newline(depth);
      stack.pop_back();
      return s + "}";
    }
    if (!o.dflt.is_none()) {
      enter(v);
      std::string s = encode(in.call(o.dflt, std::vector<Value>{v}), depth);
      stack.pop_back();
      return s;
    }
    in.raise_exc("TypeError", "Object of type " + in.type_of(v)->name + " is not JSON serializable");
  }
};

// dumps(obj, cls=C, **kw) is C(**kw).encode(obj), as Lib/json/__init__.py
// has it; json.JSONEncoder (frozen json._classes.py) calls back here without cls.
bool take_kw(Args& a, const char* name, Value& out) {
  for (size_t i = 0; i < a.kw.size(); ++i)
    if (a.kw[i].first == name) {
      out = a.kw[i].second;
      a.kw.erase(a.kw.begin() + long(i));
      return true;
    }
  return false;
}

Value json_dumps(Interp& in, Args& a) {
  if (Value cls; take_kw(a, "cls", cls) && !cls.is_none()) {
    Args ca;
    ca.kw = std::move(a.kw);
    Value enc = in.call(cls, ca);
    return in.call(in.getattr(enc, "encode"), std::vector<Value>{a.required(0, "obj")});
  }
  Value obj = a.required(0, "obj");
  DumpOptions o;
  Value indent = a.optional(99, "indent");
  Value seps = a.optional(99, "separators");
  o.sort_keys = in.truthy(a.optional(99, "sort_keys", Value::boolean(false)));
  o.ensure_ascii = in.truthy(a.optional(99, "ensure_ascii", Value::boolean(true)));
  o.allow_nan = in.truthy(a.optional(99, "allow_nan", Value::boolean(true)));
  o.skipkeys = in.truthy(a.optional(99, "skipkeys", Value::boolean(false)));
  o.dflt = a.optional(99, "default");
  a.finish(1);
  if (!indent.is_none()) {
    o.has_indent = true;
    if (auto* s = indent.as<StrObj>()) o.indent = s->s;
    else o.indent = std::string(size_t(std::max<int64_t>(0, in.index_value(indent))), ' ');
    o.item_sep = ",";
  }
  if (!seps.is_none()) {
    auto parts = in.to_vector(seps);
    if (parts.size() != 2) in.raise_exc("ValueError", "too many values to unpack (expected 2)");
    o.item_sep = in.str(parts[0]);
    o.key_sep = in.str(parts[1]);
  }
  Encoder e{in, o, {}};
  return make_str(e.encode(obj, 0));
}

// ---------------------------------------------------------------- loads
struct Decoder {
  Interp& in;
  TypeObj* error_t;
  const std::string& s;
  size_t i = 0;

  // JSONDecodeError(msg, doc, pos): "msg: line L column C (char P)", positions in code points.
  [[noreturn]] void fail(const std::string& msg, size_t pos) {
    int64_t line = 1, col = 1, chr = 0;
    for (size_t k = 0; k < pos && k < s.size(); ++k) {
      if ((static_cast<unsigned char>(s[k]) & 0xc0) == 0x80) continue;
      ++chr;
      if (s[k] == '\n') ++line, col = 1;
      else ++col;
    }
    std::string text = msg + ": line " + std::to_string(line) + " column " + std::to_string(col) + " (char " + std::to_string(chr) + ")";
    Value exc = in.make_exception(error_t, {make_str(text)});
    // JSONDecodeError's fields (Lib/json/decoder.py): msg, doc, pos, lineno, colno
    in.setattr(exc, "msg", make_str(msg));
    in.setattr(exc, "doc", make_str(s));
    in.setattr(exc, "pos", Value::integer(chr));
    in.setattr(exc, "lineno", Value::integer(line));
    in.setattr(exc, "colno", Value::integer(col));
    throw PyException(error_t->name, text, exc);
  }
  void ws() {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
  }
  bool lit(const char* word) {
    size_t n = std::strlen(word);
    if (s.compare(i, n, word) != 0) return false;
    i += n;
    return true;
  }
  static void utf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) out += char(cp);
    else if (cp < 0x800) out += char(0xc0 | cp >> 6), out += char(0x80 | (cp & 0x3f));
    else if (cp < 0x10000) out += char(0xe0 | cp >> 12), out += char(0x80 | ((cp >> 6) & 0x3f)), out += char(0x80 | (cp & 0x3f));
    else out += char(0xf0 | cp >> 18), out += char(0x80 | ((cp >> 12) & 0x3f)), out += char(0x80 | ((cp >> 6) & 0x3f)), out += char(0x80 | (cp & 0x3f));
  }
  int hex4(size_t at) {
    if (at + 4 > s.size()) return -1;
    int v = 0;
    for (size_t k = at; k < at + 4; ++k) {
      char c = s[k];
      int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (d < 0) return -1;
      v = v * 16 + d;
    }
    return v;
  }
  // A string whose opening quote is at i - 1 (py_scanstring).
  std::string str() {
    size_t start = i - 1;
    std::string out;
    for (;;) {
      if (i >= s.size()) fail("Unterminated string starting at", start);
      char c = s[i];
      if (c == '"') {
        ++i;
        return out;
      }
      if (static_cast<unsigned char>(c) < 0x20) fail("Invalid control character at", i);
      if (c != '\\') {
        out += c;
        ++i;
        continue;
      }
      if (i + 1 >= s.size()) fail("Unterminated string starting at", start);
      char e = s[i + 1];
      static const char* kSimple = "\"\\/bfnrt";
      static const char* kValue = "\"\\/\b\f\n\r\t";
      if (const char* p = std::strchr(kSimple, e); p && e) {
        out += kValue[p - kSimple];
        i += 2;
        continue;
      }
      if (e != 'u') fail("Invalid \\escape", i);
      int cp = hex4(i + 2);
      if (cp < 0) fail("Invalid \\uXXXX escape", i + 1);
      i += 6;
      if (cp >= 0xd800 && cp < 0xdc00 && i + 1 < s.size() && s[i] == '\\' && s[i + 1] == 'u') {
        int lo = hex4(i + 2);
        if (lo < 0) fail("Invalid \\uXXXX escape", i + 1);
        if (lo >= 0xdc00 && lo < 0xe000) {
          cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
          i += 6;
        }
      }
      utf8(out, uint32_t(cp));
    }
  }
  Value number() {
    size_t start = i;
    if (s[i] == '-') ++i;
    if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i]))) {
      i = start;
      fail("Expecting value", start);
    }
    if (s[i] == '0') ++i;
    else while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    bool is_float = false;
    if (i + 1 < s.size() && s[i] == '.' && std::isdigit(static_cast<unsigned char>(s[i + 1]))) {
      is_float = true;
      i += 2;
      while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
      size_t save = i++;
      if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
      if (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
        is_float = true;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
      } else {
        i = save;
      }
    }
    std::string text = s.substr(start, i - start);
    if (is_float) return Value::floating(std::strtod(text.c_str(), nullptr));
    return in.call(in.builtins["int"], std::vector<Value>{make_str(text)});
  }
  Value value() {
    if (i >= s.size()) fail("Expecting value", i);
    char c = s[i];
    if (c == '"') {
      ++i;
      return make_str(str());
    }
    if (c == '{') {
      Interp::CRecursion level(in, " while decoding a JSON object from a unicode string");
      return object();
    }
    if (c == '[') {
      Interp::CRecursion level(in, " while decoding a JSON array from a unicode string");
      return array();
    }
    if (lit("null")) return Value();
    if (lit("true")) return Value::boolean(true);
    if (lit("false")) return Value::boolean(false);
    if (lit("NaN")) return Value::new_float(NAN);
    if (lit("Infinity")) return Value::floating(INFINITY);
    if (lit("-Infinity")) return Value::floating(-INFINITY);
    if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) return number();
    fail("Expecting value", i);
  }
  Value array() {
    ++i;
    Value out = make_list();
    ws();
    if (i < s.size() && s[i] == ']') {
      ++i;
      return out;
    }
    for (;;) {
      ws();
      out.as<ListObj>()->items.push_back(value());
      ws();
      if (i < s.size() && s[i] == ']') {
        ++i;
        return out;
      }
      if (i >= s.size() || s[i] != ',') fail("Expecting ',' delimiter", i);
      size_t comma = i++;
      ws();
      if (i < s.size() && s[i] == ']') fail("Illegal trailing comma before end of array", comma);
    }
  }
  Value object() {
    ++i;
    auto d = std::make_shared<DictObj>();
    Value out(std::static_pointer_cast<Obj>(d));
    ws();
    if (i < s.size() && s[i] == '}') {
      ++i;
      return out;
    }
    for (;;) {
      if (i >= s.size() || s[i] != '"') fail("Expecting property name enclosed in double quotes", i);
      ++i;
      Value k = make_str(str());
      ws();
      if (i >= s.size() || s[i] != ':') fail("Expecting ':' delimiter", i);
      ++i;
      ws();
      Value v = value();
      table_set(in, d->t, k, v);
      ws();
      if (i < s.size() && s[i] == '}') {
        ++i;
        return out;
      }
      if (i >= s.size() || s[i] != ',') fail("Expecting ',' delimiter", i);
      size_t comma = i++;
      ws();
      if (i < s.size() && s[i] == '}') fail("Illegal trailing comma before end of object", comma);
    }
  }
};

}  // namespace

void install_json_module(Interp& in) {
  ModuleObj& m = new_module(in, "json");
  TypeObj* error_t = in.new_type("JSONDecodeError", "json.decoder", {in.exception_type("ValueError")});
  m.attrs["JSONDecodeError"] = Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), error_t));
  m.attrs["dumps"] = in.builtin("dumps", json_dumps);
  m.attrs["loads"] = in.builtin("loads", [error_t](Interp& in, Args& a) -> Value {
    Value sv = a.required(0, "s");
    // loads(s, cls=C, **kw) with hooks is C(**kw).decode(s) (Lib/json/__init__.py);
    // json.JSONDecoder (frozen json._classes.py) parses here without them
    Value cls;
    take_kw(a, "cls", cls);
    if (!a.kw.empty() || !cls.is_none()) {
      if (cls.is_none()) cls = in.getattr(Value(std::static_pointer_cast<Obj>(in.modules.at("json"))), "JSONDecoder");
      Args ca;
      ca.kw = std::move(a.kw);
      Value dec = in.call(cls, ca);
      return in.call(in.getattr(dec, "decode"), std::vector<Value>{sv});
    }
    if (sv.as<BytesObj>()) {  // bytes or bytearray: decoded as detect_encoding says
      Value json = Value(std::static_pointer_cast<Obj>(in.modules.at("json")));
      Value enc = in.call(in.getattr(json, "detect_encoding"), std::vector<Value>{sv});
      if (in.str(enc) == "utf-8-sig") {  // the utf-8-sig codec: utf-8 after its 3-byte BOM
        enc = make_str("utf-8");
        sv = make_bytes(sv.as<BytesObj>()->s.substr(3));
      }
      sv = in.call(in.getattr(sv, "decode"), std::vector<Value>{enc, make_str("surrogatepass")});
    }
    auto* str = sv.as<StrObj>();
    if (!str) in.raise_exc("TypeError", "the JSON object must be str, bytes or bytearray, not " + in.type_of(sv)->name);
    Decoder d{in, error_t, str->s};
    d.ws();
    Value v = d.value();
    d.ws();
    if (d.i != str->s.size()) d.fail("Extra data", d.i);
    return v;
  });
  // load(fp) is loads(fp.read()) and dump(obj, fp) is fp.write(dumps(obj)), as
  // Lib/json/__init__.py has them (its dump writes iterencode's chunks, whose
  // concatenation is dumps' text); the keywords go to loads / dumps.
  m.attrs["load"] = in.builtin("load", [](Interp& in, Args& a) -> Value {
    Value fp = a.required(0, "fp");
    Args la;
    la.pos = {in.call(in.getattr(fp, "read"), std::vector<Value>{})};
    la.kw = std::move(a.kw);
    a.finish(1);
    return in.call(in.modules.at("json")->attrs.at("loads"), la);
  });
  m.attrs["dump"] = in.builtin("dump", [](Interp& in, Args& a) -> Value {
    Value obj = a.required(0, "obj");
    Value fp = a.required(1, "fp");
    Args da;
    da.pos = {obj};
    da.kw = std::move(a.kw);
    a.finish(2);
    Value text = json_dumps(in, da);
    in.call(in.getattr(fp, "write"), std::vector<Value>{text});
    return Value();
  });
}

}  // namespace sl::lang
