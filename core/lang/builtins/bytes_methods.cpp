// bytes_methods: the constructors and methods of bytes and bytearray
// (CPython 3.13's Objects/bytesobject.c, bytearrayobject.c and the shared
// Objects/bytes_methods.c), and memoryview's methods (Objects/memoryobject.c).
// Every method reads its operands through the buffer view (objects/bytes.hpp:
// bytes_like), so bytes, bytearray and memoryview mix as CPython lets them; a
// bytearray method returns a bytearray where CPython's does. The character
// classes are ASCII's, as for CPython's bytes (Py_ISSPACE & co).
#include <algorithm>
#include <cstring>

#include "core/lang/builtins/builtins.hpp"
#include "core/lang/objects/bytes.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/lang/objects/pyint.hpp"
#include "core/text/utf8.hpp"

namespace sl::lang {

Value make_memoryview(Interp& in, const Value& x);                 // objects/bytes.cpp
Value memoryview_method(Interp& in, const std::string& name, Args& a);  // objects/bytes.cpp
Value str_encode_method(Interp& in, Args& a);                      // builtins/codecs.cpp
Value bytes_decode_method(Interp& in, Args& a);                    // builtins/codecs.cpp
std::string encode_str(Interp& in, const std::string& s, const Value& encoding, const Value& errors, const char* fname);

namespace {

bool is_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
bool is_lower(unsigned char c) { return c >= 'a' && c <= 'z'; }
bool is_upper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
bool is_alpha(unsigned char c) { return is_lower(c) || is_upper(c); }
bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
char to_lower(unsigned char c) { return is_upper(c) ? char(c + 32) : char(c); }
char to_upper(unsigned char c) { return is_lower(c) ? char(c - 32) : char(c); }

BytesObj* self_obj(Args& a) { return a.pos[0].as<BytesObj>(); }
std::string_view self_view(Args& a) { return self_obj(a)->s; }
// A result of self's type: bytearray methods make bytearrays.
Value like(Args& a, std::string s) { return self_obj(a)->mut ? make_bytearray(std::move(s)) : make_bytes(std::move(s)); }
const char* tname(Args& a) { return self_obj(a)->mut ? "bytearray" : "bytes"; }

int64_t byte_of(Interp& in, const Value& x) {
  if (!in.is_int_like(x)) in.raise_exc("TypeError", "'" + in.type_name(x) + "' object cannot be interpreted as an integer");
  if (is_bigint(x)) in.raise_exc("ValueError", "byte must be in range(0, 256)");
  const int64_t v = in.index_value(x);
  if (v < 0 || v > 255) in.raise_exc("ValueError", "byte must be in range(0, 256)");
  return v;
}

// find/count/index's `sub`: a bytes-like object or an int naming one byte.
std::string sub_arg(Interp& in, const Value& v) {
  std::string_view s;
  if (bytes_like(v, s)) return std::string(s);
  if (in.is_int_like(v)) return std::string(1, char(byte_of(in, v)));
  in.raise_exc("TypeError", "argument should be integer or bytes-like object, not '" + in.type_name(v) + "'");
}

// start/end as str.find takes them (None = absent), clamped into [0, n].
void bounds(Interp& in, Args& a, size_t first, int64_t n, int64_t& start, int64_t& end) {
  auto idx = [&](size_t i, int64_t dflt) {
    if (i >= a.pos.size() || a.pos[i].is_none()) return dflt;
    if (!in.is_int_like(a.pos[i])) in.raise_exc("TypeError", "slice indices must be integers or None or have an __index__ method");
    if (is_bigint(a.pos[i])) return to_bigint(a.pos[i]).neg ? -n - 1 : n + 1;
    return in.index_value(a.pos[i]);
  };
  start = idx(first, 0);
  end = idx(first + 1, n);
  if (end > n) end = n;
  else if (end < 0) end = std::max<int64_t>(0, end + n);
  if (start < 0) start = std::max<int64_t>(0, start + n);
}

void max_args(Interp& in, Args& a, const char* name, size_t lo, size_t hi) {
  const size_t n = a.pos.size() - 1;
  if (!a.kw.empty()) in.raise_exc("TypeError", std::string(name) + "() takes no keyword arguments");
  if (n < lo || n > hi) {
    if (lo == hi)  // Argument Clinic's METH_O message names the type
      in.raise_exc("TypeError", std::string(tname(a)) + "." + name + "() takes exactly one argument (" + std::to_string(n) + " given)");
    in.raise_exc("TypeError", n < lo ? std::string(name) + " expected at least " + std::to_string(lo) + " argument" + (lo == 1 ? "" : "s") + ", got " + std::to_string(n)
                                     : std::string(name) + " expected at most " + std::to_string(hi) + " argument" + (hi == 1 ? "" : "s") + ", got " + std::to_string(n));
  }
}

template <bool Reverse, bool Raise>
Value b_find(Interp& in, Args& a) {
  max_args(in, a, Reverse ? (Raise ? "rindex" : "rfind") : (Raise ? "index" : "find"), 1, 3);
  std::string_view s = self_view(a);
  const std::string sub = sub_arg(in, a.pos[1]);
  int64_t st, en;
  bounds(in, a, 2, int64_t(s.size()), st, en);
  int64_t r = -1;
  if (st <= int64_t(s.size()) && en - st >= int64_t(sub.size())) {
    std::string_view w = s.substr(size_t(st), size_t(en - st));
    size_t p = Reverse ? w.rfind(sub) : w.find(sub);
    if (p != std::string_view::npos) r = st + int64_t(p);
  }
  if (Raise && r < 0) in.raise_exc("ValueError", "subsection not found");
  return Value::integer(r);
}

Value b_count(Interp& in, Args& a) {
  max_args(in, a, "count", 1, 3);
  std::string_view s = self_view(a);
  const std::string sub = sub_arg(in, a.pos[1]);
  int64_t st, en;
  bounds(in, a, 2, int64_t(s.size()), st, en);
  if (st > int64_t(s.size()) || en < st) return Value::integer(0);
  if (sub.empty()) return Value::integer(en - st + 1);
  int64_t n = 0;
  for (size_t p = size_t(st); p + sub.size() <= size_t(en);) {
    size_t f = s.substr(0, size_t(en)).find(sub, p);
    if (f == std::string_view::npos) break;
    ++n;
    p = f + sub.size();
  }
  return Value::integer(n);
}

template <bool Start>
Value b_affix(Interp& in, Args& a) {
  const char* name = Start ? "startswith" : "endswith";
  max_args(in, a, name, 1, 3);
  std::string_view s = self_view(a);
  int64_t st, en;
  bounds(in, a, 2, int64_t(s.size()), st, en);
  auto test = [&](std::string_view p) {
    if (st > int64_t(s.size())) return false;
    if (en - st < int64_t(p.size())) return false;
    return Start ? s.substr(size_t(st), p.size()) == p : s.substr(size_t(en) - p.size(), p.size()) == p;
  };
  const Value& x = a.pos[1];
  if (auto* t = x.as<TupleObj>()) {
    for (const Value& e : t->items)
      if (test(need_bytes_like(in, e))) return Value::boolean(true);
    return Value::boolean(false);
  }
  std::string_view p;
  if (!bytes_like(x, p))
    in.raise_exc("TypeError", std::string(name) + " first arg must be bytes or a tuple of bytes, not " + in.type_name(x));
  return Value::boolean(test(p));
}

// split / rsplit (Objects/stringlib/split.h): sep None splits on runs of
// ASCII whitespace and drops empty ends.
std::vector<std::string> split_bytes(Interp& in, std::string_view s, const Value& sepv, int64_t maxsplit, bool right) {
  std::vector<std::string> out;
  if (maxsplit < 0) maxsplit = INT64_MAX;
  if (sepv.is_none()) {
    if (!right) {
      size_t i = 0, n = s.size();
      while (true) {
        while (i < n && is_space(s[i])) ++i;
        if (i >= n) break;
        if (int64_t(out.size()) == maxsplit) {
          out.emplace_back(s.substr(i));  // the rest keeps its trailing whitespace
          break;
        }
        size_t j = i;
        while (j < n && !is_space(s[j])) ++j;
        out.emplace_back(s.substr(i, j - i));
        i = j;
      }
      return out;
    }
    size_t j = s.size();
    while (true) {
      while (j > 0 && is_space(s[j - 1])) --j;
      if (j == 0) break;
      if (int64_t(out.size()) == maxsplit) {
        out.emplace_back(s.substr(0, j));
        break;
      }
      size_t i = j;
      while (i > 0 && !is_space(s[i - 1])) --i;
      out.emplace_back(s.substr(i, j - i));
      j = i;
    }
    std::reverse(out.begin(), out.end());
    return out;
  }
  const std::string_view sep = need_bytes_like(in, sepv);
  if (sep.empty()) in.raise_exc("ValueError", "empty separator");
  if (!right) {
    size_t i = 0;
    while (int64_t(out.size()) < maxsplit) {
      size_t f = s.find(sep, i);
      if (f == std::string_view::npos) break;
      out.emplace_back(s.substr(i, f - i));
      i = f + sep.size();
    }
    out.emplace_back(s.substr(i));
    return out;
  }
  size_t j = s.size();
  int64_t made = 0;
  std::vector<std::string> rev;
  while (made < maxsplit && j >= sep.size()) {
    size_t f = s.substr(0, j).rfind(sep);
    if (f == std::string_view::npos) break;
    rev.emplace_back(s.substr(f + sep.size(), j - f - sep.size()));
    j = f;
    ++made;
  }
  rev.emplace_back(s.substr(0, j));
  std::reverse(rev.begin(), rev.end());
  return rev;
}

template <bool Right>
Value b_split(Interp& in, Args& a) {
  a.fname = Right ? "rsplit" : "split";
  Value sep = a.optional(1, "sep");
  Value ms = a.optional(2, "maxsplit", Value::integer(-1));
  a.finish(3);
  int64_t maxsplit = in.index_value(ms);
  std::vector<Value> out;
  for (auto& p : split_bytes(in, self_view(a), sep, maxsplit, Right)) out.push_back(like(a, std::move(p)));
  return make_list(std::move(out));
}

Value b_splitlines(Interp& in, Args& a) {
  a.fname = "splitlines";
  const bool keep = in.truthy(a.optional(1, "keepends", Value::boolean(false)));
  a.finish(2);
  std::string_view s = self_view(a);
  std::vector<Value> out;
  size_t i = 0;
  while (i < s.size()) {
    size_t j = i;
    while (j < s.size() && s[j] != '\n' && s[j] != '\r') ++j;
    size_t eol = j;
    if (j < s.size()) j += (s[j] == '\r' && j + 1 < s.size() && s[j + 1] == '\n') ? 2 : 1;
    out.push_back(like(a, std::string(s.substr(i, (keep ? j : eol) - i))));
    i = j;
  }
  return make_list(std::move(out));
}

Value b_join(Interp& in, Args& a) {
  max_args(in, a, "join", 1, 1);
  const Value& it = a.pos[1];
  std::vector<Value> items;
  try {
    items = in.to_vector(it);
  } catch (const PyError& e) {
    if (e.type == "TypeError" && !in.hasattr(it, "__iter__")) in.raise_exc("TypeError", "can only join an iterable");
    throw;
  }
  std::string_view sep = self_view(a);
  std::string out;
  for (size_t k = 0; k < items.size(); ++k) {
    std::string_view p;
    if (!bytes_like(items[k], p))
      in.raise_exc("TypeError", "sequence item " + std::to_string(k) + ": expected a bytes-like object, " + in.type_name(items[k]) + " found");
    if (k) out.append(sep);
    out.append(p);
  }
  return like(a, std::move(out));
}

Value b_replace(Interp& in, Args& a) {
  a.fname = "replace";
  if (a.pos.size() > 4) in.raise_exc("TypeError", "replace expected at most 3 arguments, got " + std::to_string(a.pos.size() - 1));
  if (a.pos.size() < 3 && a.kw.empty()) in.raise_exc("TypeError", "replace expected at least 2 arguments, got " + std::to_string(a.pos.size() - 1));
  const std::string oldb(need_bytes_like(in, a.required(1, "old")));
  const std::string newb(need_bytes_like(in, a.required(2, "new")));
  int64_t count = in.index_value(a.optional(3, "count", Value::integer(-1)));
  a.finish(4);
  std::string_view s = self_view(a);
  if (count < 0) count = INT64_MAX;
  std::string out;
  if (oldb.empty()) {
    int64_t done = 0;
    for (size_t i = 0; i <= s.size(); ++i) {
      if (done < count) {
        out += newb;
        ++done;
      }
      if (i < s.size()) out += s[i];
    }
    return like(a, std::move(out));
  }
  size_t i = 0;
  for (int64_t done = 0; done < count; ++done) {
    size_t f = s.find(oldb, i);
    if (f == std::string_view::npos) break;
    out.append(s.substr(i, f - i));
    out += newb;
    i = f + oldb.size();
  }
  out.append(s.substr(i));
  return like(a, std::move(out));
}

template <bool Left, bool Right>
Value b_strip(Interp& in, Args& a) {
  max_args(in, a, Left && Right ? "strip" : Left ? "lstrip" : "rstrip", 0, 1);
  std::string_view s = self_view(a);
  std::string chars;
  const bool ws = a.pos.size() < 2 || a.pos[1].is_none();
  if (!ws) chars = std::string(need_bytes_like(in, a.pos[1]));
  auto strip = [&](unsigned char c) { return ws ? is_space(c) : chars.find(char(c)) != std::string::npos; };
  size_t i = 0, j = s.size();
  if (Left)
    while (i < j && strip(s[i])) ++i;
  if (Right)
    while (j > i && strip(s[j - 1])) --j;
  return like(a, std::string(s.substr(i, j - i)));
}

template <bool Right>
Value b_partition(Interp& in, Args& a) {
  max_args(in, a, Right ? "rpartition" : "partition", 1, 1);
  std::string_view s = self_view(a);
  const std::string sep(need_bytes_like(in, a.pos[1]));
  if (sep.empty()) in.raise_exc("ValueError", "empty separator");
  size_t f = Right ? s.rfind(sep) : s.find(sep);
  if (f == std::string_view::npos) {
    if (Right) return make_tuple({like(a, ""), like(a, ""), like(a, std::string(s))});
    return make_tuple({like(a, std::string(s)), like(a, ""), like(a, "")});
  }
  return make_tuple({like(a, std::string(s.substr(0, f))), like(a, sep), like(a, std::string(s.substr(f + sep.size())))});
}

template <bool Prefix>
Value b_remove_affix(Interp& in, Args& a) {
  max_args(in, a, Prefix ? "removeprefix" : "removesuffix", 1, 1);
  std::string_view s = self_view(a);
  std::string_view p = need_bytes_like(in, a.pos[1]);
  if (Prefix && s.substr(0, p.size()) == p) s.remove_prefix(p.size());
  if (!Prefix && s.size() >= p.size() && s.substr(s.size() - p.size()) == p) s.remove_suffix(p.size());
  return like(a, std::string(s));
}

template <int Kind>  // 0 lower, 1 upper, 2 swapcase, 3 capitalize, 4 title
Value b_case(Interp& in, Args& a) {
  static const char* kNames[] = {"lower", "upper", "swapcase", "capitalize", "title"};
  max_args(in, a, kNames[Kind], 0, 0);
  std::string s(self_view(a));
  bool prev = false;
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = s[i];
    switch (Kind) {
      case 0: s[i] = to_lower(c); break;
      case 1: s[i] = to_upper(c); break;
      case 2: s[i] = is_lower(c) ? to_upper(c) : to_lower(c); break;
      case 3: s[i] = i == 0 ? to_upper(c) : to_lower(c); break;
      default:
        s[i] = is_alpha(c) ? (prev ? to_lower(c) : to_upper(c)) : char(c);
        prev = is_alpha(c);
    }
  }
  return like(a, std::move(s));
}

template <int Kind>  // 0 alnum, 1 alpha, 2 digit, 3 space, 4 ascii, 5 lower, 6 upper, 7 title
Value b_pred(Interp& in, Args& a) {
  static const char* kNames[] = {"isalnum", "isalpha", "isdigit", "isspace", "isascii", "islower", "isupper", "istitle"};
  max_args(in, a, kNames[Kind], 0, 0);
  std::string_view s = self_view(a);
  if (Kind == 4) return Value::boolean(std::all_of(s.begin(), s.end(), [](char c) { return (unsigned char)c < 0x80; }));
  if (s.empty()) return Value::boolean(false);
  if (Kind == 5 || Kind == 6) {
    bool cased = false;
    for (unsigned char c : s) {
      if (Kind == 5 ? is_upper(c) : is_lower(c)) return Value::boolean(false);
      cased |= Kind == 5 ? is_lower(c) : is_upper(c);
    }
    return Value::boolean(cased);
  }
  if (Kind == 7) {
    bool cased = false, prev = false;
    for (unsigned char c : s) {
      if (is_upper(c)) {
        if (prev) return Value::boolean(false);
        prev = cased = true;
      } else if (is_lower(c)) {
        if (!prev) return Value::boolean(false);
        prev = cased = true;
      } else {
        prev = false;
      }
    }
    return Value::boolean(cased);
  }
  for (unsigned char c : s) {
    const bool ok = Kind == 0 ? is_alpha(c) || is_digit(c) : Kind == 1 ? is_alpha(c) : Kind == 2 ? is_digit(c) : is_space(c);
    if (!ok) return Value::boolean(false);
  }
  return Value::boolean(true);
}

template <char Align>
Value b_justify(Interp& in, Args& a) {
  const char* name = Align == '^' ? "center" : Align == '<' ? "ljust" : "rjust";
  if (!a.kw.empty()) in.raise_exc("TypeError", std::string(name) + "() takes no keyword arguments");
  if (a.pos.size() < 2 || a.pos.size() > 3)
    in.raise_exc("TypeError", std::string(name) + " expected " + (a.pos.size() < 2 ? "at least 1 argument, got 0" : "at most 2 arguments, got " + std::to_string(a.pos.size() - 1)));
  const int64_t width = in.index_value(a.pos[1]);
  char fill = ' ';
  if (a.pos.size() == 3) {
    std::string_view f;
    const Value& fv = a.pos[2];
    if (!(fv.as<BytesObj>() && bytes_like(fv, f) && f.size() == 1))
      in.raise_exc("TypeError", std::string(name) + "() argument 2 must be a byte string of length 1, not " +
                                    (fv.as<BytesObj>() ? std::string(tname(a)) : in.type_name(fv)));
    fill = f[0];
  }
  std::string s(self_view(a));
  const int64_t n = int64_t(s.size());
  if (width <= n) return like(a, std::move(s));
  const int64_t pad = width - n;
  int64_t left = Align == '<' ? 0 : Align == '>' ? pad : pad / 2 + (pad & width & 1);
  return like(a, std::string(size_t(left), fill) + s + std::string(size_t(pad - left), fill));
}

Value b_zfill(Interp& in, Args& a) {
  max_args(in, a, "zfill", 1, 1);
  const int64_t width = in.index_value(a.pos[1]);
  std::string s(self_view(a));
  if (width <= int64_t(s.size())) return like(a, std::move(s));
  const size_t pad = size_t(width) - s.size();
  std::string out = std::string(pad, '0') + s;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    out[0] = s[0];
    out[pad] = '0';
  }
  return like(a, std::move(out));
}

Value b_expandtabs(Interp& in, Args& a) {
  a.fname = "expandtabs";
  const int64_t tab = in.index_value(a.optional(1, "tabsize", Value::integer(8)));
  a.finish(2);
  std::string out;
  int64_t col = 0;
  for (char c : self_view(a)) {
    if (c == '\t') {
      if (tab > 0) {
        const int64_t n = tab - col % tab;
        out.append(size_t(n), ' ');
        col += n;
      }
    } else {
      out += c;
      col = (c == '\n' || c == '\r') ? 0 : col + 1;
    }
  }
  return like(a, std::move(out));
}

Value b_translate(Interp& in, Args& a) {
  a.fname = "translate";
  if (a.pos.size() < 2) in.raise_exc("TypeError", "translate() takes at least 1 argument (0 given)");
  Value table = a.pos[1];
  Value del = a.optional(2, "delete");
  if (a.pos.size() > 3) in.raise_exc("TypeError", "translate() takes at most 2 arguments (" + std::to_string(a.pos.size() - 1) + " given)");
  a.finish(3);
  std::string_view t;
  if (!table.is_none()) {
    t = need_bytes_like(in, table);
    if (t.size() != 256) in.raise_exc("ValueError", "translation table must be 256 characters long");
  }
  std::string d;
  if (!del.is_none()) d = std::string(need_bytes_like(in, del));
  std::string out;
  for (unsigned char c : self_view(a)) {
    if (d.find(char(c)) != std::string::npos) continue;
    out += table.is_none() ? char(c) : t[c];
  }
  return like(a, std::move(out));
}

Value b_maketrans(Interp& in, Args& a) {
  if (a.pos.size() != 2) in.raise_exc("TypeError", "maketrans expected 2 arguments, got " + std::to_string(a.pos.size()));
  std::string_view f = need_bytes_like(in, a.pos[0]), t = need_bytes_like(in, a.pos[1]);
  if (f.size() != t.size()) in.raise_exc("ValueError", "maketrans arguments must have same length");
  std::string table(256, '\0');
  for (int k = 0; k < 256; ++k) table[size_t(k)] = char(k);
  for (size_t k = 0; k < f.size(); ++k) table[(unsigned char)f[k]] = t[k];
  return make_bytes(std::move(table));
}

}  // namespace

// hex(sep, bytes_per_sep) (Python/pystrhex.c): groups of bytes_per_sep bytes
// counted from the right (from the left when negative), joined by sep.
std::string bytes_hex(Interp& in, std::string_view s, Args& a, size_t first) {
  a.fname = "hex";
  Value sepv = a.optional(first, "sep");
  Value per = a.optional(first + 1, "bytes_per_sep", Value::integer(1));
  a.finish(first + 2);
  static const char* kDigits = "0123456789abcdef";
  std::string sep;
  if (!sepv.is_none()) {
    if (auto* ss = sepv.as<StrObj>()) sep = ss->s;
    else if (std::string_view b; bytes_like(sepv, b)) sep = std::string(b);
    else in.raise_exc("TypeError", "sep must be str or bytes.");
    if (utf8_len(sep) != 1) in.raise_exc("ValueError", "sep must be length 1.");
    if ((unsigned char)sep[0] >= 0x80) in.raise_exc("ValueError", "sep must be ASCII.");
  }
  const int64_t group = in.index_value(per);
  std::string out;
  const size_t n = s.size();
  const size_t g = group == 0 || sep.empty() ? 0 : size_t(group < 0 ? -group : group);
  for (size_t i = 0; i < n; ++i) {
    if (g && i > 0) {
      const bool cut = group > 0 ? (n - i) % g == 0 : i % g == 0;
      if (cut) out += sep;
    }
    out += kDigits[(unsigned char)s[i] >> 4];
    out += kDigits[(unsigned char)s[i] & 15];
  }
  return out;
}

namespace {

Value b_hex(Interp& in, Args& a) { return S(bytes_hex(in, self_view(a), a, 1)); }

// bytes.fromhex(string): pairs of hex digits, ASCII whitespace allowed between pairs.
std::string from_hex(Interp& in, const Value& v) {
  std::string_view s;
  if (auto* ss = v.as<StrObj>()) s = ss->s;
  else if (!bytes_like(v, s)) in.raise_exc("TypeError", "fromhex() argument must be str or bytes-like, not " + in.type_name(v));
  auto hex = [](unsigned char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1; };
  std::string out;
  size_t pos = 0;  // in code points, for the message
  for (size_t i = 0; i < s.size();) {
    if (is_space(s[i])) {
      ++i, ++pos;
      continue;
    }
    const int hi = hex(s[i]);
    if (hi < 0) in.raise_exc("ValueError", "non-hexadecimal number found in fromhex() arg at position " + std::to_string(pos));
    if (i + 1 >= s.size() || hex(s[i + 1]) < 0)
      in.raise_exc("ValueError", "non-hexadecimal number found in fromhex() arg at position " + std::to_string(pos + 1));
    out += char(hi * 16 + hex(s[i + 1]));
    i += 2, pos += 2;
  }
  return out;
}

// bytes(source, encoding, errors) / bytearray(...): the bytes a constructor starts with.
std::string initial_bytes(Interp& in, Args& a, const char* type) {
  a.fname = type;
  Value src = a.optional(0, "source");
  Value enc = a.optional(1, "encoding");
  Value err = a.optional(2, "errors");
  if (a.pos.size() > 3)
    in.raise_exc("TypeError", std::string(type) + "() takes at most 3 arguments (" + std::to_string(a.pos.size()) + " given)");
  a.finish(3);
  const bool has_src = a.pos.size() > 0 || !src.is_none();
  if (!enc.is_none() || !err.is_none()) {
    if (!src.as<StrObj>())
      in.raise_exc("TypeError", !has_src ? (enc.is_none() ? "errors without a string argument" : "encoding without a string argument")
                                         : (enc.is_none() ? "errors without a string argument" : "encoding without a string argument"));
    return encode_str(in, src.as<StrObj>()->s, enc.is_none() ? S("utf-8") : enc, err, type);
  }
  if (!has_src) return "";
  if (src.as<StrObj>()) in.raise_exc("TypeError", "string argument without an encoding");
  if (src.as<MemoryViewObj>()) {
    Args ta;
    ta.pos = {src};
    return memoryview_method(in, "tobytes", ta).as<BytesObj>()->s;
  }
  std::string_view view;
  if (bytes_like(src, view)) return std::string(view);
  if (src.is_array() && src.arr().flavor == Flavor::NumPy) return in.call(in.getattr(src, "tobytes"), std::vector<Value>{}).as<BytesObj>()->s;
  Value special;
  if (std::string(type) == "bytes" && find_special(src, "__bytes__", special)) {
    Value r = in.call(special, std::vector<Value>{src});
    if (!is_bytes(r)) in.raise_exc("TypeError", "__bytes__ returned non-bytes (type " + in.type_name(r) + ")");
    return r.as<BytesObj>()->s;
  }
  if (in.is_int_like(src) && !src.is_array()) {
    if (is_bigint(src)) in.raise_exc("OverflowError", "cannot fit 'int' into an index-sized integer");
    const int64_t n = in.index_value(src);
    if (n < 0) in.raise_exc("ValueError", "negative count");
    if (n > (int64_t(1) << 31)) in.raise_exc("MemoryError", "");
    return std::string(size_t(n), '\0');
  }
  Value it;
  try {
    it = in.iter(src);
  } catch (const PyError& e) {
    if (e.type != "TypeError") throw;
    in.raise_exc("TypeError", "cannot convert '" + in.type_name(src) + "' object to " + type);
  }
  std::string out;
  Value x;
  while (in.next(it, x)) {
    if (!in.is_int_like(x)) in.raise_exc("TypeError", "'" + in.type_name(x) + "' object cannot be interpreted as an integer");
    const int64_t b = is_bigint(x) ? -1 : in.index_value(x);
    if (b < 0 || b > 255) in.raise_exc("ValueError", std::string(type == std::string("bytes") ? "bytes" : "byte") + " must be in range(0, 256)");
    out += char(b);
  }
  return out;
}

Value construct_bytes(Interp& in, Args& a) { return make_bytes(initial_bytes(in, a, "bytes")); }
Value construct_bytearray(Interp& in, Args& a) { return make_bytearray(initial_bytes(in, a, "bytearray")); }
Value construct_memoryview(Interp& in, Args& a) {
  a.fname = "memoryview";
  Value x = a.required(0, "object");
  a.finish(1);
  return make_memoryview(in, x);
}

// ---- printf-style formatting of bytes (PEP 461)
std::string percent_bytes(Interp& in, std::string_view fmt, const Value& arg) {
  std::vector<Value> args;
  const bool mapping = arg.as<DictObj>() != nullptr;
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
    Value v;
    bool have = false;
    if (j < fmt.size() && fmt[j] == '(') {
      size_t e = fmt.find(')', j);
      if (e == std::string_view::npos) in.raise_exc("ValueError", "incomplete format key");
      if (!mapping) in.raise_exc("TypeError", "format requires a mapping");
      v = in.getitem(arg, make_bytes(std::string(fmt.substr(j + 1, e - j - 1))));
      have = true;
      j = e + 1;
    }
    const size_t spec_start = j;
    while (j < fmt.size() && strchr("-+ #0123456789.", fmt[j])) ++j;
    if (j >= fmt.size()) in.raise_exc("ValueError", "incomplete format");
    const char conv = fmt[j];
    if (conv == '%') {
      out += '%';
      i = j;
      continue;
    }
    if (!have) {
      if (ai >= args.size()) in.raise_exc("TypeError", "not enough arguments for format string");
      v = args[ai++];
    }
    const std::string spec(fmt.substr(spec_start, j - spec_start));
    std::string piece;
    if (conv == 's' || conv == 'b') {
      std::string_view b;
      Value special;
      if (bytes_like(v, b)) piece = std::string(b);
      else if (find_special(v, "__bytes__", special)) piece = in.call(special, std::vector<Value>{v}).as<BytesObj>()->s;
      else
        in.raise_exc("TypeError", std::string("%b requires a bytes-like object, or an object that implements __bytes__, not '") +
                                      in.type_name(v) + "'");
      // width and precision act on the bytes as on a str of latin-1 text
      std::string text;
      for (unsigned char c : piece) append_utf8(text, c);
      text = percent_format(in, "%" + spec + "s", make_str(text));
      piece.clear();
      for (uint32_t c : decode_utf8(text)) piece += char(c);
    } else if (conv == 'r' || conv == 'a') {
      piece = percent_format(in, "%" + spec + "s", in.call(in.builtins["ascii"], std::vector<Value>{v}));
    } else if (conv == 'c') {
      int64_t c = -1;
      std::string_view b;
      if (is_pyint(v)) {
        c = is_bigint(v) ? -1 : v.as_int();
        if (c < 0 || c > 255) in.raise_exc("OverflowError", "%c arg not in range(256)");
      } else if (v.as<BytesObj>() && bytes_like(v, b) && b.size() == 1) {
        c = (unsigned char)b[0];
      } else {
        in.raise_exc("TypeError", "%c requires an integer in range(256) or a single byte, not " + in.type_name(v));
      }
      piece = std::string(1, char(c));
    } else if (strchr("diouxXeEfFgG", conv)) {
      if (conv != 'd' && conv != 'i' && conv != 'u' && strchr("oxX", conv) == nullptr && !is_pyint(v) && !v.is_float() &&
          !v.is_array())
        in.raise_exc("TypeError", "must be real number, not " + in.type_name(v));
      if ((conv == 'd' || conv == 'i' || conv == 'u') && !is_pyint(v) && !v.is_float() && !v.is_array())
        in.raise_exc("TypeError", std::string("%") + conv + " format: a real number is required, not " + in.type_name(v));
      piece = percent_format(in, "%" + spec + (conv == 'u' ? 'd' : conv), v);
    } else {
      char buf[80];
      std::snprintf(buf, sizeof buf, "unsupported format character '%c' (0x%x) at index %zu", conv, (unsigned char)conv, j);
      in.raise_exc("ValueError", buf);
    }
    out += piece;
    i = j;
  }
  if (ai < args.size() && !mapping) in.raise_exc("TypeError", "not all arguments converted during bytes formatting");
  return out;
}

Value b_mod(Interp& in, Args& a) { return like(a, percent_bytes(in, self_view(a), a.pos[1])); }

// ---- bytearray's mutators (Note [Buffer exports]: a size change is refused while exported)
BytesObj* mut_self(Interp& in, Args& a) {
  BytesObj* b = self_obj(a);
  (void)in;
  return b;
}

Value ba_append(Interp& in, Args& a) {
  max_args(in, a, "append", 1, 1);
  BytesObj* b = mut_self(in, a);
  const char c = char(byte_of(in, a.pos[1]));
  bytearray_check_resize(in, *b);
  b->s += c;
  return Value();
}

Value ba_extend(Interp& in, Args& a) {
  max_args(in, a, "extend", 1, 1);
  BytesObj* b = mut_self(in, a);
  const Value& x = a.pos[1];
  std::string more;
  std::string_view v;
  if (bytes_like(x, v)) more = std::string(v);
  else if (x.as<StrObj>()) in.raise_exc("TypeError", "expected iterable of integers; got: 'str'");
  else {
    Value it;
    try {
      it = in.iter(x);
    } catch (const PyError& e) {
      if (e.type != "TypeError") throw;
      in.raise_exc("TypeError", "can't extend bytearray with " + in.type_name(x));
    }
    Value e;
    while (in.next(it, e)) more += char(byte_of(in, e));
  }
  if (!more.empty()) bytearray_check_resize(in, *b);
  b->s += more;
  return Value();
}

Value ba_insert(Interp& in, Args& a) {
  if (a.pos.size() != 3) in.raise_exc("TypeError", "insert expected 2 arguments, got " + std::to_string(a.pos.size() - 1));
  BytesObj* b = mut_self(in, a);
  int64_t i = in.index_value(a.pos[1]);
  const char c = char(byte_of(in, a.pos[2]));
  bytearray_check_resize(in, *b);
  const int64_t n = int64_t(b->s.size());
  if (i < 0) i = std::max<int64_t>(0, i + n);
  if (i > n) i = n;
  b->s.insert(size_t(i), 1, c);
  return Value();
}

Value ba_pop(Interp& in, Args& a) {
  max_args(in, a, "pop", 0, 1);
  BytesObj* b = mut_self(in, a);
  int64_t i = a.pos.size() > 1 ? in.index_value(a.pos[1]) : -1;
  const int64_t n = int64_t(b->s.size());
  if (n == 0) in.raise_exc("IndexError", "pop from empty bytearray");
  if (i < 0) i += n;
  if (i < 0 || i >= n) in.raise_exc("IndexError", "pop index out of range");
  bytearray_check_resize(in, *b);
  const int64_t c = (unsigned char)b->s[size_t(i)];
  b->s.erase(size_t(i), 1);
  return Value::integer(c);
}

Value ba_remove(Interp& in, Args& a) {
  max_args(in, a, "remove", 1, 1);
  BytesObj* b = mut_self(in, a);
  const char c = char(byte_of(in, a.pos[1]));
  const size_t f = b->s.find(c);
  if (f == std::string::npos) in.raise_exc("ValueError", "value not found in bytearray");
  bytearray_check_resize(in, *b);
  b->s.erase(f, 1);
  return Value();
}

Value ba_reverse(Interp& in, Args& a) {
  max_args(in, a, "reverse", 0, 0);
  std::reverse(self_obj(a)->s.begin(), self_obj(a)->s.end());
  return Value();
}

Value ba_clear(Interp& in, Args& a) {
  max_args(in, a, "clear", 0, 0);
  BytesObj* b = mut_self(in, a);
  if (!b->s.empty()) bytearray_check_resize(in, *b);
  b->s.clear();
  return Value();
}

Value ba_copy(Interp& in, Args& a) {
  max_args(in, a, "copy", 0, 0);
  return make_bytearray(self_obj(a)->s);
}

const NativeDef kBytesMethods[] = {
    {"find", b_find<false, false>}, {"rfind", b_find<true, false>}, {"index", b_find<false, true>},
    {"rindex", b_find<true, true>}, {"count", b_count}, {"startswith", b_affix<true>}, {"endswith", b_affix<false>},
    {"split", b_split<false>}, {"rsplit", b_split<true>}, {"splitlines", b_splitlines}, {"join", b_join},
    {"replace", b_replace}, {"strip", b_strip<true, true>}, {"lstrip", b_strip<true, false>},
    {"rstrip", b_strip<false, true>}, {"partition", b_partition<false>}, {"rpartition", b_partition<true>},
    {"removeprefix", b_remove_affix<true>}, {"removesuffix", b_remove_affix<false>}, {"lower", b_case<0>},
    {"upper", b_case<1>}, {"swapcase", b_case<2>}, {"capitalize", b_case<3>}, {"title", b_case<4>},
    {"isalnum", b_pred<0>}, {"isalpha", b_pred<1>}, {"isdigit", b_pred<2>}, {"isspace", b_pred<3>},
    {"isascii", b_pred<4>}, {"islower", b_pred<5>}, {"isupper", b_pred<6>}, {"istitle", b_pred<7>},
    {"center", b_justify<'^'>}, {"ljust", b_justify<'<'>}, {"rjust", b_justify<'>'>}, {"zfill", b_zfill},
    {"expandtabs", b_expandtabs}, {"translate", b_translate}, {"hex", b_hex}, {"decode", bytes_decode_method},
    {"__mod__", b_mod},
};
const NativeDef kBytearrayMethods[] = {
    {"append", ba_append}, {"extend", ba_extend}, {"insert", ba_insert}, {"pop", ba_pop}, {"remove", ba_remove},
    {"reverse", ba_reverse}, {"clear", ba_clear}, {"copy", ba_copy},
};

template <int K>
Value mv_method(Interp& in, Args& a) {
  static const char* kNames[] = {"tobytes", "tolist", "release", "cast", "toreadonly", "__enter__", "__exit__"};
  if (K == 0) {  // tobytes(order=None)
    a.fname = "tobytes";
    a.optional(1, "order");
    a.finish(2);
    a.pos.resize(1);
  }
  return memoryview_method(in, kNames[K], a);
}

Value mv_hex(Interp& in, Args& a) {
  Args t;
  t.pos = {a.pos[0]};
  Value b = memoryview_method(in, "tobytes", t);
  return S(bytes_hex(in, b.as<BytesObj>()->s, a, 1));
}

const NativeDef kMemoryviewMethods[] = {
    {"tobytes", mv_method<0>}, {"tolist", mv_method<1>}, {"release", mv_method<2>}, {"cast", mv_method<3>},
    {"toreadonly", mv_method<4>}, {"__enter__", mv_method<5>}, {"__exit__", mv_method<6>}, {"hex", mv_hex},
};

// int.to_bytes(length=1, byteorder='big', *, signed=False) (Objects/longobject.c
// int_to_bytes_impl): the two's-complement (signed) or plain binary digits of
// the value in `length` bytes.
Value int_to_bytes(Interp& in, Args& a) {
  a.fname = "to_bytes";
  Value len = a.optional(1, "length", Value::integer(1));
  Value order = a.optional(2, "byteorder", S("big"));
  Value sgn;
  for (auto it = a.kw.begin(); it != a.kw.end(); ++it)
    if (it->first == "signed") {
      sgn = it->second;
      a.kw.erase(it);
      break;
    }
  a.finish(3);
  auto* os = order.as<StrObj>();
  if (!os) in.raise_exc("TypeError", "to_bytes() argument 'byteorder' must be str, not " + in.type_name(order));
  const int64_t n = in.index_value(len);
  if (n < 0) in.raise_exc("ValueError", "length argument must be non-negative");
  if (os->s != "big" && os->s != "little") in.raise_exc("ValueError", "byteorder must be either 'little' or 'big'");
  const bool is_signed = !sgn.is_none() && in.truthy(sgn);
  BigInt v = to_bigint(a.pos[0]);
  if (v.neg && !is_signed) in.raise_exc("OverflowError", "can't convert negative int to unsigned");
  const uint64_t bits = uint64_t(n) * 8;
  // the value must lie in [-2**(bits-1), 2**(bits-1)) when signed, [0, 2**bits) when not
  const BigInt limit = shift_left(BigInt(1), is_signed && bits ? bits - 1 : bits);
  const bool fits = is_signed ? (bits == 0 ? v.is_zero() : compare(v, limit) < 0 && compare(v, -limit) >= 0) : compare(v, limit) < 0;
  if (!fits) in.raise_exc("OverflowError", "int too big to convert");
  if (v.neg) v = v + shift_left(BigInt(1), bits);
  std::string out(size_t(n), '\0');
  for (int64_t k = 0; k < n; ++k) {
    const uint32_t word = size_t(k / 4) < v.mag.size() ? v.mag[size_t(k / 4)] : 0;
    out[size_t(os->s == "big" ? n - 1 - k : k)] = char((word >> (8 * (k % 4))) & 0xff);
  }
  return make_bytes(std::move(out));
}

}  // namespace

void install_bytes_types(Interp& in) {
  in.def_method(in.t.int_, "to_bytes", int_to_bytes);
  in.t.bytes = in.new_type("bytes", "builtins", {in.t.object});
  in.t.bytearray = in.new_type("bytearray", "builtins", {in.t.object});
  in.t.memoryview = in.new_type("memoryview", "builtins", {in.t.object});
  in.t.bytes->call = construct_bytes;
  in.t.bytearray->call = construct_bytearray;
  in.t.memoryview->call = construct_memoryview;
  for (TypeObj* t : {in.t.bytes, in.t.bytearray, in.t.memoryview}) in.builtins[t->name] = type_ref(t);
  def_methods(in, in.t.bytes, kBytesMethods);
  def_methods(in, in.t.bytearray, kBytesMethods);
  def_methods(in, in.t.bytearray, kBytearrayMethods);
  def_methods(in, in.t.memoryview, kMemoryviewMethods);
  in.def_method(in.t.str, "encode", str_encode_method);
  in.t.bytes->attrs["fromhex"] = in.builtin("fromhex", [](Interp& in, Args& a) -> Value {
    if (a.pos.size() != 1) in.raise_exc("TypeError", "fromhex() takes exactly one argument (" + std::to_string(a.pos.size()) + " given)");
    return make_bytes(from_hex(in, a.pos[0]));
  });
  in.t.bytearray->attrs["fromhex"] = in.builtin("fromhex", [](Interp& in, Args& a) -> Value {
    if (a.pos.size() != 1) in.raise_exc("TypeError", "fromhex() takes exactly one argument (" + std::to_string(a.pos.size()) + " given)");
    return make_bytearray(from_hex(in, a.pos[0]));
  });
  for (TypeObj* t : {in.t.bytes, in.t.bytearray}) t->attrs["maketrans"] = in.builtin("maketrans", b_maketrans);
}

}  // namespace sl::lang
