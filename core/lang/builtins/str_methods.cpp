// str_methods: the methods of str, str.format's replacement fields and
// printf-style `%` formatting. Strings are UTF-8; methods that count
// (find, count, zfill, the width of center) count code points, the case
// methods act on ASCII letters only.
#include <algorithm>
#include <cctype>
#include <cstring>

#include "core/lang/builtins/builtins.hpp"
#include "core/lang/objects/pyint.hpp"
#include "core/text/numfmt.hpp"
#include "core/text/unicode_db.hpp"
#include "core/text/utf8.hpp"

namespace sl::lang {

std::string strip_chars(const std::string& s, const std::string& chars, bool left, bool right) {
  size_t a = 0, b = s.size();
  auto in_set = [&](char c) { return chars.empty() ? isspace((unsigned char)c) != 0 : chars.find(c) != std::string::npos; };
  if (left)
    while (a < b && in_set(s[a])) ++a;
  if (right)
    while (b > a && in_set(s[b - 1])) --b;
  return s.substr(a, b - a);
}

// mirrors PyUnicode_Format: arguments from a tuple, or the one argument; a
// right operand with __getitem__ that is not a tuple or str is a mapping for
// %(key)s (and the single argument of the other conversions); '*' takes a
// width or precision from the arguments.
std::string percent_format(Interp& in, const std::string& fmt, const Value& arg) {
  std::vector<Value> args;
  if (auto* t = arg.as<TupleObj>()) args = t->items;
  else args.push_back(arg);
  const bool mapping = !arg.as<TupleObj>() && !arg.as<StrObj>() && (arg.as<DictObj>() || in.hasattr(arg, "__getitem__"));
  size_t ai = 0;
  auto next_arg = [&]() -> Value {
    if (ai >= args.size()) in.raise_exc("TypeError", "not enough arguments for format string");
    return args[ai++];
  };
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
    Value keyed;
    bool has_key = false;
    if (j < fmt.size() && fmt[j] == '(') {
      if (!mapping) in.raise_exc("TypeError", "format requires a mapping");
      size_t depth = 1, k = j + 1;
      for (; k < fmt.size() && depth; ++k) depth += fmt[k] == '(' ? 1 : fmt[k] == ')' ? -1 : 0;
      if (depth) in.raise_exc("ValueError", "incomplete format key");
      keyed = in.getitem(arg, make_str(fmt.substr(j + 1, k - j - 2)));
      has_key = true;
      j = k;
    }
    std::string flags;
    while (j < fmt.size() && strchr("-+ #0", fmt[j])) flags += fmt[j++];
    std::string width;
    if (j < fmt.size() && fmt[j] == '*') {
      Value w = next_arg();
      if (!is_pyint(w)) in.raise_exc("TypeError", "* wants int");
      int64_t n = in.index_value(w);
      if (n < 0) {
        flags += '-';
        n = -n;
      }
      width = std::to_string(n);
      ++j;
    }
    while (j < fmt.size() && isdigit((unsigned char)fmt[j])) width += fmt[j++];
    std::string prec;
    if (j < fmt.size() && fmt[j] == '.') {
      ++j;
      prec = ".";
      if (j < fmt.size() && fmt[j] == '*') {
        Value p = next_arg();
        if (!is_pyint(p)) in.raise_exc("TypeError", "* wants int");
        prec += std::to_string(std::max<int64_t>(0, in.index_value(p)));
        ++j;
      }
      while (j < fmt.size() && isdigit((unsigned char)fmt[j])) prec += fmt[j++];
    }
    if (j >= fmt.size()) in.raise_exc("ValueError", "incomplete format");
    char conv = fmt[j];
    Value v = has_key ? keyed : next_arg();
    std::string align = flags.find('-') != std::string::npos ? "<" : "";
    std::string sign = flags.find('+') != std::string::npos ? "+" : flags.find(' ') != std::string::npos ? " " : "";
    std::string zero = flags.find('0') != std::string::npos && align.empty() ? "0" : "";
    std::string alt = flags.find('#') != std::string::npos ? "#" : "";
    std::string spec = align + sign + alt + zero + width;
    // %5s pads on the left, %-5s on the right (a format spec's default for text is the reverse)
    const std::string text_align = align.empty() ? ">" : align;
    if (conv == 's') out += format_str_spec(in.str(v), text_align + width + prec);
    else if (conv == 'r') out += format_str_spec(in.repr(v), text_align + width + prec);
    else if (conv == 'a') out += format_str_spec(in.str(in.call(in.builtins["ascii"], std::vector<Value>{v})), text_align + width + prec);
    else if (conv == 'c') {
      std::string ch;
      if (auto* sv = v.as<StrObj>()) {
        if (utf8_len(sv->s) != 1) in.raise_exc("TypeError", "%c requires int or char");
        ch = sv->s;
      } else if (is_pyint(v)) {
        int64_t cp = in.index_value(v);
        if (cp < 0 || cp > 0x10ffff) in.raise_exc("OverflowError", "%c arg not in range(0x110000)");
        ch = in.str(in.call(in.builtins["chr"], std::vector<Value>{v}));
      } else {
        in.raise_exc("TypeError", "%c requires int or char");
      }
      out += format_str_spec(ch, text_align + width);
    }
    else if (conv == 'd' || conv == 'i' || conv == 'u') out += int_format(in, is_pyint(v) ? v : int_from_double(in, in.float_value(v)), spec + "d");
    else if (strchr("xXob", conv) && conv != 'b') {
      if (!is_pyint(v)) in.index_value(v);  // the TypeError of a non-integer
      out += int_format(in, is_pyint(v) ? v : Value::integer(in.index_value(v)), spec + conv);
    }
    else if (strchr("eEfFgG", conv)) out += format_float_spec(in.float_value(v), spec + prec + conv);
    else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%x", unsigned(uint8_t(conv)));
      in.raise_exc("ValueError", std::string("unsupported format character '") + conv + "' (" + hex + ") at index " + std::to_string(j));
    }
    i = j;
  }
  if (ai < args.size() && !mapping) in.raise_exc("TypeError", "not all arguments converted during string formatting");
  return out;
}

namespace {

const std::string& self_s(Interp&, Args& a) { return a.pos[0].as<StrObj>()->s; }

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

// str.format: positional {} / {0} / {name}, conversions and specs.
std::string format_fields(Interp& in, const std::string& fmt, Args& a) {
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

// Note [Case mapping]
// str's case methods map code points with the full mappings of the Unicode table
// (core/text/unicode_db: SpecialCasing, so 'ß'.upper() is 'SS' and 'İ'.lower() has two
// code points), as CPython's do_upper / do_lower / do_title / do_capitalize /
// do_swapcase / do_casefold. A capital sigma lowers to final 'ς' when a cased letter
// precedes it and none follows, case-ignorable characters skipped both ways
// (handle_capital_sigma, Unicode 15.1 section 3.13's Final_Sigma condition).
namespace {

enum class CaseOp { Lower, Upper, Title, Capitalize, Swap, Fold };

bool final_sigma(const std::vector<uint32_t>& t, size_t i) {
  size_t j = i;
  while (j > 0 && unicode::is_case_ignorable(t[j - 1])) --j;
  if (j == 0 || !unicode::is_cased(t[j - 1])) return false;
  j = i + 1;
  while (j < t.size() && unicode::is_case_ignorable(t[j])) ++j;
  return j == t.size() || !unicode::is_cased(t[j]);
}

void append_mapped(std::string& out, const std::vector<uint32_t>& t, size_t i, unicode::Case which) {
  if (which == unicode::Case::Lower && t[i] == 0x3a3) {
    append_utf8(out, final_sigma(t, i) ? 0x3c2 : 0x3c3);
    return;
  }
  uint32_t m[3];
  const int n = unicode::case_map(t[i], which, m);
  for (int k = 0; k < n; ++k) append_utf8(out, m[k]);
}

std::string map_case(const std::string& s, CaseOp op) {
  const std::vector<uint32_t> t = decode_utf8(s);
  std::string out;
  out.reserve(s.size());
  bool prev_cased = false;
  for (size_t i = 0; i < t.size(); ++i) {
    const uint32_t c = t[i];
    unicode::Case which = unicode::Case::Lower;
    switch (op) {
      case CaseOp::Lower: break;
      case CaseOp::Upper: which = unicode::Case::Upper; break;
      case CaseOp::Fold: which = unicode::Case::Fold; break;
      case CaseOp::Capitalize: which = i == 0 ? unicode::Case::Title : unicode::Case::Lower; break;
      case CaseOp::Title:
        which = prev_cased ? unicode::Case::Lower : unicode::Case::Title;
        prev_cased = unicode::is_cased(c);
        break;
      case CaseOp::Swap:
        if (!unicode::is_upper(c) && !unicode::is_lower(c)) {
          append_utf8(out, c);
          continue;
        }
        which = unicode::is_upper(c) ? unicode::Case::Lower : unicode::Case::Upper;
        break;
    }
    append_mapped(out, t, i, which);
  }
  return out;
}

template <CaseOp op>
Value str_case(Interp& in, Args& a) {
  return S(map_case(self_s(in, a), op));
}

}  // namespace

Value str_split(Interp& in, Args& a) {
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
}

Value str_rsplit(Interp& in, Args& a) {
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
}

Value str_splitlines(Interp& in, Args& a) {
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
}

Value str_join(Interp& in, Args& a) {
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
}

Value str_replace(Interp& in, Args& a) {
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
}

template <bool l, bool r>
Value str_strip(Interp& in, Args& a) {
  Value chars = a.optional(1, "chars");
  return S(strip_chars(self_s(in, a), chars.is_none() ? "" : as_str(in, chars, "chars"), l, r));
}

// str.removeprefix(p) / removesuffix(p) (3.9): the string without p when it
// starts (ends) with p, else the string itself.
template <bool prefix>
Value str_remove_affix(Interp& in, Args& a) {
  a.fname = prefix ? "removeprefix" : "removesuffix";
  const std::string& s = self_s(in, a);
  Value pv = a.required(1, prefix ? "prefix" : "suffix");
  a.finish(2);
  auto* p = pv.as<StrObj>();
  if (!p) in.raise_exc("TypeError", std::string(a.fname) + "() argument must be str, not " + in.type_of(pv)->name);
  const std::string& x = p->s;
  if (x.size() <= s.size() && (prefix ? s.compare(0, x.size(), x) == 0 : s.compare(s.size() - x.size(), x.size(), x) == 0))
    return S(prefix ? s.substr(x.size()) : s.substr(0, s.size() - x.size()));
  return a.pos[0];
}

template <bool start>
Value str_affix(Interp& in, Args& a) {
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
}

template <bool rev, bool raise>
Value str_finder(Interp& in, Args& a) {
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
}

Value str_count(Interp& in, Args& a) {
  const std::string& s = self_s(in, a);
  const std::string& x = as_str(in, a.required(1, "sub"), "must be str");
  if (x.empty()) return Value::integer(int64_t(utf8_len(s)) + 1);
  int64_t n = 0;
  for (size_t i = s.find(x); i != std::string::npos; i = s.find(x, i + x.size())) ++n;
  return Value::integer(n);
}

Value str_format(Interp& in, Args& a) {
  return S(format_fields(in, a.pos[0].as<StrObj>()->s, a));
}

// The character-class predicates over the Unicode table, as CPython's unicode_isalpha
// and its siblings: false for an empty string (isprintable: true).
bool is_alnum_cp(uint32_t c) {
  return unicode::is_alpha(c) || unicode::is_decimal(c) || unicode::is_digit(c) || unicode::is_numeric(c);
}
bool is_ascii_cp(uint32_t c) { return c < 0x80; }

template <bool (*f)(uint32_t), bool empty = false>
Value str_pred(Interp& in, Args& a) {
  const std::string& s = self_s(in, a);
  if (s.empty()) return Value::boolean(empty);
  for (uint32_t c : decode_utf8(s))
    if (!f(c)) return Value::boolean(false);
  return Value::boolean(true);
}

// PEP 3131: XID_Start or '_' first, XID_Continue after (the lexer's rule too).
Value str_isidentifier(Interp& in, Args& a) {
  const std::vector<uint32_t> t = decode_utf8(self_s(in, a));
  if (t.empty() || !(t[0] == '_' || unicode::is_xid_start(t[0]))) return Value::boolean(false);
  for (size_t k = 1; k < t.size(); ++k)
    if (!unicode::is_xid_continue(t[k])) return Value::boolean(false);
  return Value::boolean(true);
}

// isupper / islower (unicode_isupper, unicode_islower): no character of the other case
// or titlecase, and at least one of this case.
template <bool upper>
Value str_iscase(Interp& in, Args& a) {
  bool any = false;
  for (uint32_t c : decode_utf8(self_s(in, a))) {
    if ((upper ? unicode::is_lower(c) : unicode::is_upper(c)) || unicode::is_title(c)) return Value::boolean(false);
    any |= upper ? unicode::is_upper(c) : unicode::is_lower(c);
  }
  return Value::boolean(any);
}

template <char align>
Value str_justify(Interp& in, Args& a) {
  int64_t w = in.index_value(a.required(1, "width"));
  Value fill = a.optional(2, "fillchar", S(" "));
  std::string spec = as_str(in, fill, "fillchar") + std::string(1, align) + std::to_string(std::max<int64_t>(w, 0));
  const std::string& s = self_s(in, a);
  const int64_t pad = w - int64_t(utf8_len(s));
  if (align == '^' && pad > 0 && (pad & w & 1)) {
    // str.center puts the odd pad on the left when the width is odd (mirrors pad() in
    // unicodeobject.c: left = pad / 2 + (pad & width & 1)); format's '^' puts it on the right
    spec = as_str(in, fill, "fillchar") + ">" + std::to_string(int64_t(utf8_len(s)) + pad / 2 + 1);
    return S(format_str_spec(format_str_spec(s, spec), as_str(in, fill, "fillchar") + "<" + std::to_string(w)));
  }
  return S(format_str_spec(s, spec));
}

Value str_zfill(Interp& in, Args& a) {
  std::string s = self_s(in, a);
  int64_t w = in.index_value(a.required(1, "width"));
  size_t sign = !s.empty() && (s[0] == '-' || s[0] == '+') ? 1 : 0;
  while (int64_t(utf8_len(s)) < w) s.insert(sign, "0");
  return S(s);
}

Value str_partition(Interp& in, Args& a) {
  const std::string& s = self_s(in, a);
  const std::string& d = as_str(in, a.required(1, "sep"), "sep");
  size_t j = s.find(d);
  if (j == std::string::npos) return make_tuple({S(s), S(""), S("")});
  return make_tuple({S(s.substr(0, j)), S(d), S(s.substr(j + d.size()))});
}

Value str_rpartition(Interp& in, Args& a) {
  const std::string& s = self_s(in, a);
  const std::string& d = as_str(in, a.required(1, "sep"), "sep");
  size_t j = s.rfind(d);
  if (j == std::string::npos) return make_tuple({S(""), S(""), S(s)});
  return make_tuple({S(s.substr(0, j)), S(d), S(s.substr(j + d.size()))});
}

// istitle (unicode_istitle): uppercase and titlecase characters only after uncased
// ones, lowercase only after cased ones, and at least one cased character.
Value str_istitle(Interp& in, Args& a) {
  bool prev_cased = false, any = false;
  for (uint32_t c : decode_utf8(self_s(in, a))) {
    if (unicode::is_upper(c) || unicode::is_title(c)) {
      if (prev_cased) return Value::boolean(false);
      prev_cased = any = true;
    } else if (unicode::is_lower(c)) {
      if (!prev_cased) return Value::boolean(false);
      prev_cased = any = true;
    } else {
      prev_cased = false;
    }
  }
  return Value::boolean(any);
}

Value str_expandtabs(Interp& in, Args& a) {
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
}

const NativeDef kStrMethods[] = {
    {"lower", str_case<CaseOp::Lower>},
    {"upper", str_case<CaseOp::Upper>},
    {"title", str_case<CaseOp::Title>},
    {"capitalize", str_case<CaseOp::Capitalize>},
    {"split", str_split},
    {"rsplit", str_rsplit},
    {"splitlines", str_splitlines},
    {"join", str_join},
    {"replace", str_replace},
    {"strip", str_strip<true, true>},
    {"lstrip", str_strip<true, false>},
    {"rstrip", str_strip<false, true>},
    {"startswith", str_affix<true>},
    {"removeprefix", str_remove_affix<true>},
    {"removesuffix", str_remove_affix<false>},
    {"endswith", str_affix<false>},
    {"find", str_finder<false, false>},
    {"rfind", str_finder<true, false>},
    {"index", str_finder<false, true>},
    {"rindex", str_finder<true, true>},
    {"count", str_count},
    {"format", str_format},
    {"isdigit", str_pred<unicode::is_digit>},
    {"isnumeric", str_pred<unicode::is_numeric>},
    {"isdecimal", str_pred<unicode::is_decimal>},
    {"isalpha", str_pred<unicode::is_alpha>},
    {"isalnum", str_pred<is_alnum_cp>},
    {"isspace", str_pred<unicode::is_space>},
    {"isprintable", str_pred<unicode::is_printable, true>},
    {"isascii", str_pred<is_ascii_cp, true>},
    {"isidentifier", str_isidentifier},
    {"isupper", str_iscase<true>},
    {"islower", str_iscase<false>},
    {"center", str_justify<'^'>},
    {"ljust", str_justify<'<'>},
    {"rjust", str_justify<'>'>},
    {"zfill", str_zfill},
    {"partition", str_partition},
    {"rpartition", str_rpartition},
    {"swapcase", str_case<CaseOp::Swap>},
    {"casefold", str_case<CaseOp::Fold>},
    {"istitle", str_istitle},
    {"expandtabs", str_expandtabs}
};

}  // namespace

void install_str_methods(Interp& in) { def_methods(in, in.t.str, kStrMethods); }

}  // namespace sl::lang
