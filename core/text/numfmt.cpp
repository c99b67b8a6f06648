// numfmt: see numfmt.hpp (CPython float repr, format specs; digits by printf + read-back).
#include "core/text/numfmt.hpp"

#include "core/text/utf8.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/model/error.hpp"

namespace sl {

namespace {

// printf's sign: sets d.negative and returns the text after a '-'.
const char* take_sign(const char* p, Digits& d) {
  d.negative = *p == '-';
  return d.negative ? p + 1 : p;
}

// Zero (of either sign) as Digits: "0" with Python's decpt 1.
Digits zero_digits(Digits d) {
  d.digits = "0";
  d.exp10 = 1;
  return d;
}

// Parses "%.Ne" output ("-1.2345e+05") into Digits.
Digits from_e_format(const char* buf) {
  Digits d;
  const char* p = take_sign(buf, d);
  std::string ds;
  while (*p && *p != 'e') {
    if (*p != '.') ds += *p;
    ++p;
  }
  int e = *p == 'e' ? std::atoi(p + 1) : 0;
  // strip trailing zeros
  while (ds.size() > 1 && ds.back() == '0') ds.pop_back();
  if (ds == "0") return zero_digits(d);
  d.digits = ds;
  d.exp10 = e + 1;
  return d;
}

bool round_trips(const char* buf, double v, DType dt) {
  if (dt == DType::F32) return std::strtof(buf, nullptr) == float(v);
  if (dt == DType::F16) return half(std::strtod(buf, nullptr)).bits == half(v).bits;
  return std::strtod(buf, nullptr) == v;
}

}  // namespace

Digits shortest_digits(double v, DType dt) {
  char buf[64];
  int maxp = dt == DType::F64 ? 17 : dt == DType::F32 ? 9 : 5;
  for (int prec = 0; prec < maxp; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*e", prec, v);
    if (round_trips(buf, v, dt)) return from_e_format(buf);
  }
  std::snprintf(buf, sizeof buf, "%.*e", maxp - 1, v);
  return from_e_format(buf);
}

Digits rounded_digits(double v, int ndigits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*e", ndigits - 1, v);
  return from_e_format(buf);
}

Digits fixed_digits(double v, int frac) {
  static char buf[512];  // scratch, read before this returns (Note [Session state])
  std::snprintf(buf, sizeof buf, "%.*f", frac, v);
  Digits d;
  const char* p = take_sign(buf, d);
  std::string ip, fp;
  while (*p && *p != '.') ip += *p++;
  if (*p == '.') fp = p + 1;
  std::string all = ip + fp;
  size_t nz = all.find_first_not_of('0');
  if (nz == std::string::npos) return zero_digits(d);
  d.exp10 = int(ip.size()) - int(nz);
  all = all.substr(nz);
  while (all.size() > 1 && all.back() == '0') all.pop_back();
  d.digits = all;
  return d;
}

std::string py_float_repr(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  Digits d = shortest_digits(v);
  std::string out = d.negative ? "-" : "";
  if (v == 0) return out + "0.0";
  int decpt = d.exp10;
  const std::string& ds = d.digits;
  if (decpt <= -4 || decpt > 16) {
    out += ds[0];
    if (ds.size() > 1) out += "." + ds.substr(1);
    int e = decpt - 1;
    char eb[16];
    std::snprintf(eb, sizeof eb, "e%c%02d", e < 0 ? '-' : '+', std::abs(e));
    return out + eb;
  }
  if (decpt <= 0) return out + "0." + std::string(-decpt, '0') + ds;
  if (int(ds.size()) <= decpt) return out + ds + std::string(decpt - ds.size(), '0') + ".0";
  return out + ds.substr(0, decpt) + "." + ds.substr(decpt);
}

std::string py_complex_repr(double re, double im) {
  auto part = [](double x) {
    std::string s = py_float_repr(x);
    if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
    return s;
  };
  if (re == 0 && !std::signbit(re)) return part(im) + "j";
  std::string r = part(re), i = part(im);
  if (i[0] != '-' && !(std::isnan(im) && false)) i = "+" + i;
  return "(" + r + i + "j)";
}

namespace {

struct Spec {
  char fill = ' ';
  char align = 0;  // '<' '>' '^' '='
  char sign = '-';
  bool alt = false;
  bool zero = false;
  int width = -1;
  char grouping = 0;  // ',' or '_'
  int precision = -1;
  char type = 0;
};

Spec parse_spec(const std::string& s) {
  Spec sp;
  size_t i = 0;
  auto is_align = [](char c) { return c == '<' || c == '>' || c == '^' || c == '='; };
  if (s.size() >= 2 && is_align(s[1])) {
    sp.fill = s[0];
    sp.align = s[1];
    i = 2;
  } else if (!s.empty() && is_align(s[0])) {
    sp.align = s[0];
    i = 1;
  }
  if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) sp.sign = s[i++];
  if (i < s.size() && s[i] == '#') {
    sp.alt = true;
    ++i;
  }
  if (i < s.size() && s[i] == '0') {
    sp.zero = true;
    ++i;
  }
  if (i < s.size() && isdigit((unsigned char)s[i])) {
    sp.width = 0;
    while (i < s.size() && isdigit((unsigned char)s[i])) sp.width = sp.width * 10 + (s[i++] - '0');
  }
  if (i < s.size() && (s[i] == ',' || s[i] == '_')) sp.grouping = s[i++];
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (i >= s.size() || !isdigit((unsigned char)s[i])) value_error("Format specifier missing precision");
    sp.precision = 0;
    while (i < s.size() && isdigit((unsigned char)s[i])) sp.precision = sp.precision * 10 + (s[i++] - '0');
  }
  if (i < s.size()) sp.type = s[i++];
  if (i != s.size()) value_error("Invalid format specifier '" + s + "'");
  if (sp.zero && !sp.align) {
    sp.fill = '0';
    sp.align = '=';
  }
  return sp;
}

std::string group(const std::string& intpart, char sep, int every) {
  std::string out;
  int n = int(intpart.size());
  for (int k = 0; k < n; ++k) {
    out += intpart[k];
    int left = n - 1 - k;
    if (left > 0 && left % every == 0) out += sep;
  }
  return out;
}

// Applies sign, width, fill, alignment to a formatted magnitude.
std::string finish(const Spec& sp, bool neg, std::string body, char default_align, const std::string& prefix = "") {
  std::string sign;
  if (neg) sign = "-";
  else if (sp.sign == '+') sign = "+";
  else if (sp.sign == ' ') sign = " ";
  sign += prefix;
  char align = sp.align ? sp.align : default_align;
  int len = int(utf8_len(sign + body));
  if (sp.width <= len) return sign + body;
  int pad = sp.width - len;
  std::string f(1, sp.fill);
  auto rep = [&](int n) {
    std::string r;
    for (int k = 0; k < n; ++k) r += f;
    return r;
  };
  switch (align) {
    case '<': return sign + body + rep(pad);
    case '^': return rep(pad / 2) + sign + body + rep(pad - pad / 2);
    case '=': return sign + rep(pad) + body;
    default: return rep(pad) + sign + body;
  }
}

}  // namespace


std::string format_int_spec(int64_t v, const std::string& spec) {
  bool neg = v < 0;
  uint64_t mag = neg ? uint64_t(0) - uint64_t(v) : uint64_t(v);
  auto digits = [mag](int base) {
    std::string body;
    uint64_t m = mag;
    do {
      body.insert(body.begin(), "0123456789abcdef"[m % base]);
      m /= base;
    } while (m);
    return body;
  };
  return format_int_spec(neg, digits, [v] { return double(v); }, spec);
}

std::string format_int_spec(bool neg, const std::function<std::string(int)>& digits,
                            const std::function<double()>& as_double, const std::string& spec) {
  Spec sp = parse_spec(spec);
  char t = sp.type ? sp.type : 'd';
  if (t == 'e' || t == 'E' || t == 'f' || t == 'F' || t == 'g' || t == 'G' || t == '%')
    return format_float_spec(as_double(), spec);
  if (sp.precision >= 0) value_error("Precision not allowed in integer format specifier");
  std::string body, prefix;
  if (t == 'd' || t == 'n') {
    body = digits(10);
    if (sp.grouping) body = group(body, sp.grouping, 3);
  } else if (t == 'x' || t == 'X' || t == 'o' || t == 'b') {
    body = digits(t == 'o' ? 8 : t == 'b' ? 2 : 16);
    if (t == 'X')
      for (auto& c : body) c = char(toupper((unsigned char)c));
    if (sp.grouping == '_') body = group(body, '_', 4);
    if (sp.alt) prefix = t == 'o' ? "0o" : t == 'b' ? "0b" : t == 'X' ? "0X" : "0x";
  } else if (t == 'c') {
    std::string d = digits(10);
    if (neg || d.size() > 7 || std::stol(d) > 0x10ffff) raise("OverflowError", "%c arg not in range(0x110000)");
    std::string s;
    s += char(std::stol(d));
    return finish(sp, false, s, '<');
  } else {
    value_error(std::string("Unknown format code '") + t + "' for object of type 'int'");
  }
  return finish(sp, neg, body, '>', prefix);
}

std::string format_float_spec(double v, const std::string& spec) {
  Spec sp = parse_spec(spec);
  bool neg = std::signbit(v) && !std::isnan(v);
  double a = std::fabs(v);
  std::string body;
  char t = sp.type;
  if (std::isnan(v) || std::isinf(v)) {
    body = std::isnan(v) ? "nan" : "inf";
    if (t == 'E' || t == 'F' || t == 'G') body = std::isnan(v) ? "NAN" : "INF";
    if (t == '%') body += "%";
    Spec s2 = sp;
    if (s2.fill == '0' && s2.align == '=' && sp.zero) { s2.fill = ' '; s2.align = '>'; }
    return finish(s2, neg, body, '>');
  }
  int prec = sp.precision < 0 ? 6 : sp.precision;
  char buf[512];
  if (t == 0) {
    if (sp.precision < 0) {
      body = py_float_repr(a);
    } else {
      // like 'g' but always at least one digit after the point when using fixed notation
      std::snprintf(buf, sizeof buf, "%.*g", prec == 0 ? 1 : prec, a);
      body = buf;
      if (body.find_first_of(".e") == std::string::npos && body != "inf") body += ".0";
    }
  } else if (t == 'f' || t == 'F') {
    std::snprintf(buf, sizeof buf, "%.*f", prec, a);
    body = buf;
    if (sp.alt && prec == 0) body += ".";
  } else if (t == 'e' || t == 'E') {
    std::snprintf(buf, sizeof buf, t == 'e' ? "%.*e" : "%.*E", prec, a);
    body = buf;
  } else if (t == 'g' || t == 'G') {
    std::snprintf(buf, sizeof buf, sp.alt ? (t == 'g' ? "%#.*g" : "%#.*G") : (t == 'g' ? "%.*g" : "%.*G"), prec == 0 ? 1 : prec, a);
    body = buf;
  } else if (t == '%') {
    std::snprintf(buf, sizeof buf, "%.*f", prec, a * 100);
    body = std::string(buf) + "%";
  } else {
    value_error(std::string("Unknown format code '") + t + "' for object of type 'float'");
  }
  if (sp.grouping) {
    size_t end = body.find_first_of(".e%");
    std::string ip = body.substr(0, end), rest = end == std::string::npos ? "" : body.substr(end);
    body = group(ip, sp.grouping, 3) + rest;
  }
  return finish(sp, neg, body, '>');
}

std::string format_str_spec(const std::string& s, const std::string& spec) {
  Spec sp = parse_spec(spec);
  if (sp.type && sp.type != 's') value_error(std::string("Unknown format code '") + sp.type + "' for object of type 'str'");
  if (sp.sign != '-') value_error("Sign not allowed in string format specifier");
  if (sp.align == '=') value_error("'=' alignment not allowed in string format specifier");
  std::string body = s;
  if (sp.precision >= 0) {
    // truncate to precision code points
    size_t n = 0, k = 0;
    for (; k < body.size(); ++k) {
      if (((unsigned char)body[k] & 0xc0) != 0x80) {
        if (n == size_t(sp.precision)) break;
        ++n;
      }
    }
    body.resize(k);
  }
  return finish(sp, false, body, '<');
}

}  // namespace sl
