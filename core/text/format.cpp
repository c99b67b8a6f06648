// format: see format.hpp (NumPy arrayprint: array2string, array_repr, array_str).
#include "core/text/format.hpp"

#include "core/text/flexible.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <vector>

#include "core/model/descr.hpp"
#include "core/model/element.hpp"
#include "core/text/numfmt.hpp"
#include "core/model/strides.hpp"
#include "core/model/session_state.hpp"

namespace sl {

PrintOptions& print_options() { return session_state<PrintOptions>(); }

namespace {

std::string exp_text(int e, int min_digits) {
  std::string d = std::to_string(std::abs(e));
  while (int(d.size()) < std::max(min_digits, 2)) d = "0" + d;
  return std::string("e") + (e < 0 ? "-" : "+") + d;
}

// Dragon4 positional (numpy.format_float_positional) on digits.
// unique: shortest digits for dt, rounded to `precision` fractional digits if
// longer (precision < 0: no limit). trim: 'k' keep, '.' trim zeros keep point,
// '0' trim zeros but keep one zero, '-' trim zeros and point.
std::string positional(double x, DType dt, bool unique, int precision, int min_digits, char trim, bool sign_plus,
                       int pad_left, int pad_right) {
  Digits d;
  if (unique) {
    d = shortest_digits(x, dt);
    int frac = std::max(0, int(d.digits.size()) - d.exp10);
    if (precision >= 0 && frac > precision) d = fixed_digits(x, precision);
    // Dragon4 keeps producing exact digits up to min_digits rather than
    // padding zeros (visible for float16/float32 values).
    else if (min_digits > frac) d = fixed_digits(x, min_digits);
  } else {
    d = fixed_digits(x, precision < 0 ? 0 : precision);
  }
  bool neg = std::signbit(x);
  std::string ip, fp;
  if (d.digits == "0") {
    ip = "0";
  } else if (d.exp10 <= 0) {
    ip = "0";
    fp = std::string(-d.exp10, '0') + d.digits;
  } else if (int(d.digits.size()) <= d.exp10) {
    ip = d.digits + std::string(d.exp10 - d.digits.size(), '0');
  } else {
    ip = d.digits.substr(0, d.exp10);
    fp = d.digits.substr(d.exp10);
  }
  if (!unique && precision > int(fp.size())) fp += std::string(precision - fp.size(), '0');
  if (min_digits > int(fp.size())) fp += std::string(min_digits - fp.size(), '0');
  std::string s = ip + ".";
  if (trim == '.' || trim == 'k') {
    s += fp;
  } else if (trim == '0') {
    s += fp.empty() ? "0" : fp;
  } else {  // '-'
    if (fp.empty()) s.pop_back();
    else s += fp;
  }
  std::string sign = neg ? "-" : sign_plus ? "+" : "";
  std::string left = sign + s.substr(0, s.find('.'));
  std::string right = s.substr(s.find('.'));  // includes '.'
  if (int(left.size()) < pad_left) left = std::string(pad_left - left.size(), ' ') + left;
  if (int(right.size()) - 1 < pad_right) right += std::string(pad_right - (right.size() - 1), ' ');
  return left + right;
}

// Dragon4 scientific (numpy.format_float_scientific).
std::string scientific(double x, DType dt, bool unique, int precision, int min_digits, char trim, bool sign_plus,
                       int pad_left, int exp_digits) {
  Digits d;
  if (x == 0) {
    d.digits = "0";
    d.exp10 = 1;
  } else if (unique) {
    d = shortest_digits(x, dt);
    if (precision >= 0 && int(d.digits.size()) - 1 > precision) d = rounded_digits(x, precision + 1);
    else if (min_digits > int(d.digits.size()) - 1) d = rounded_digits(x, min_digits + 1);  // exact digits, as above
  } else {
    d = rounded_digits(x, (precision < 0 ? 0 : precision) + 1);
  }
  bool neg = std::signbit(x);
  std::string mant = d.digits.substr(0, 1);
  std::string frac = d.digits.size() > 1 ? d.digits.substr(1) : "";
  while (!frac.empty() && frac.back() == '0') frac.pop_back();
  if (!unique && precision > int(frac.size())) frac += std::string(precision - frac.size(), '0');
  if (min_digits > int(frac.size())) frac += std::string(min_digits - frac.size(), '0');
  std::string s = mant + ".";
  if (trim == '-' && frac.empty()) s.pop_back();
  else if (trim == '0' && frac.empty()) s += "0";
  else s += frac;
  int e = x == 0 ? 0 : d.exp10 - 1;
  std::string sign = neg ? "-" : sign_plus ? "+" : "";
  std::string left = sign + mant;
  std::string body = s.substr(1);
  if (int(left.size()) < pad_left) left = std::string(pad_left - left.size(), ' ') + left;
  return left + body + exp_text(e, exp_digits);
}

struct FloatFormat {
  DType dt;
  bool exp_format = false;
  int precision;
  int min_digits = 0;
  bool unique = true;
  char trim = '.';
  int pad_left = 0, pad_right = 0, exp_size = -1;
  char sign;
  const PrintOptions& o;

  FloatFormat(const std::vector<double>& data, DType dtype, const PrintOptions& opt, char sgn)
      : dt(dtype), precision(opt.precision), sign(sgn), o(opt) {
    std::string fm = opt.floatmode;
    if (fm == "unique") precision = -1;
    std::vector<double> finite;
    for (double v : data)
      if (std::isfinite(v)) finite.push_back(v);
    double maxv = 0, minv = INFINITY;
    bool any_nz = false;
    for (double v : finite)
      if (v != 0) {
        any_nz = true;
        maxv = std::max(maxv, std::fabs(v));
        minv = std::min(minv, std::fabs(v));
      }
    if (any_nz && (maxv >= 1e8 || (!opt.suppress && (minv < 0.0001 || maxv / minv > 1000.)))) exp_format = true;
    if (finite.empty()) {
      pad_left = 0;
      pad_right = 0;
      trim = '.';
      exp_size = -1;
      unique = true;
      min_digits = 0;
    } else if (exp_format) {
      bool u = !(fm == "fixed");
      char tr = u ? '.' : 'k';
      int maxfrac = 0, maxint = 0, maxexp = 0;
      for (double v : finite) {
        std::string s = scientific(v, dt, u, precision, 0, tr, sign == '+', 0, -1);
        size_t e = s.find('e'), p = s.find('.');
        maxint = std::max(maxint, int(p));
        maxfrac = std::max(maxfrac, int(e - p - 1));
        maxexp = std::max(maxexp, int(s.size() - e - 1));
      }
      exp_size = maxexp - 1;
      trim = 'k';
      precision = maxfrac;
      min_digits = maxfrac;
      unique = u;
      pad_left = maxint;
      pad_right = exp_size + 2 + precision;
    } else {
      bool u = !(fm == "fixed");
      char tr = u ? '.' : 'k';
      int maxint = 0, maxfrac = 0;
      for (double v : finite) {
        std::string s = positional(v, dt, u, precision, 0, tr, sign == '+', 0, 0);
        size_t p = s.find('.');
        maxint = std::max(maxint, int(p));
        maxfrac = std::max(maxfrac, int(s.size() - p - 1));
      }
      pad_left = maxint;
      pad_right = maxfrac;
      exp_size = -1;
      unique = u;
      if (fm == "fixed" || fm == "maxprec_equal") {
        precision = min_digits = pad_right;
        trim = 'k';
      } else {
        trim = '.';
        min_digits = 0;
      }
    }
    if (sign == ' ') {
      bool any_neg = false;
      for (double v : finite) any_neg |= std::signbit(v);
      if (!any_neg) pad_left += 1;
    }
    if (finite.size() != data.size()) {
      bool neginf = sign != '-';
      for (double v : data)
        if (std::isinf(v) && v < 0) neginf = true;
      int offset = pad_right + 1;
      pad_left = std::max({pad_left, int(opt.nanstr.size()) - offset, int(opt.infstr.size()) + int(neginf) - offset});
    }
  }

  std::string operator()(double x) const {
    if (!std::isfinite(x)) {
      std::string r;
      if (std::isnan(x)) r = std::string(sign == '+' ? "+" : "") + o.nanstr;
      else r = std::string(x < 0 ? "-" : sign == '+' ? "+" : "") + o.infstr;
      int w = pad_left + pad_right + 1 - int(r.size());
      return std::string(std::max(0, w), ' ') + r;
    }
    if (exp_format) return scientific(x, dt, unique, precision, min_digits, trim, sign == '+', pad_left, exp_size);
    return positional(x, dt, unique, precision, min_digits, trim, sign == '+', pad_left, pad_right);
  }
};

// The elements that will be printed: everything, or the edge items of each
// axis when the array is summarised (numpy _leading_trailing).
void collect_shown(const Array& a, bool summary, int edge, std::vector<int64_t>& offsets) {
  std::function<void(int, int64_t)> rec = [&](int axis, int64_t off) {
    if (axis == a.ndim()) {
      offsets.push_back(off);
      return;
    }
    int64_t n = a.shape[axis];
    if (summary && n > 2 * edge) {
      for (int64_t i = 0; i < edge; ++i) rec(axis + 1, off + i * a.strides[axis]);
      for (int64_t i = n - edge; i < n; ++i) rec(axis + 1, off + i * a.strides[axis]);
    } else {
      for (int64_t i = 0; i < n; ++i) rec(axis + 1, off + i * a.strides[axis]);
    }
  };
  rec(0, a.offset);
}

using ElemFmt = std::function<std::string(const char*)>;

ElemFmt make_formatter(const Array& a, const std::vector<int64_t>& shown, const PrintOptions& o);

// The offsets of every element of a subarray field, for each record offset.
std::vector<int64_t> subarray_offsets(const std::vector<int64_t>& shown, int64_t field_offset, const Descr& sub) {
  int64_t n = 1;
  for (int64_t x : sub.sub_shape) n *= x;
  const int64_t isz = sub.base->itemsize();
  std::vector<int64_t> out;
  for (int64_t off : shown)
    for (int64_t k = 0; k < n; ++k) out.push_back(off + field_offset + k * isz);
  return out;
}

// One subarray field as NumPy's SubArrayFormat prints it: nested "[a, b]" lists.
std::string subarray_text(const char* p, const Descr& sub, const ElemFmt& elem) {
  const int64_t isz = sub.base->itemsize();
  std::function<std::string(size_t, const char*)> rec = [&](size_t axis, const char* q) -> std::string {
    if (axis == sub.sub_shape.size()) return elem(q);
    int64_t inner = isz;
    for (size_t k = axis + 1; k < sub.sub_shape.size(); ++k) inner *= sub.sub_shape[k];
    std::string r = "[";
    for (int64_t i = 0; i < sub.sub_shape[axis]; ++i) r += (i ? ", " : "") + rec(axis + 1, q + i * inner);
    return r + "]";
  };
  return rec(0, p);
}

// A record as NumPy's StructuredVoidFormat prints it: each field formatted by
// the formatter NumPy would pick for that field's column of shown values.
ElemFmt record_formatter(const Array& a, const std::vector<int64_t>& shown, const PrintOptions& o) {
  struct Col { int64_t offset; DescrPtr sub; ElemFmt fmt; };
  std::vector<Col> cols;
  for (const Field& f : a.descr->fields) {
    Array fa = a;
    const DescrPtr sub = f.type.descr && f.type.descr->base ? f.type.descr : nullptr;
    const DTypeFull& t = sub ? *sub->base : f.type;
    fa.dtype = t.dt;
    fa.descr = t.descr;
    std::vector<int64_t> offs;
    if (sub) offs = subarray_offsets(shown, f.offset, *sub);
    else
      for (int64_t off : shown) offs.push_back(off + f.offset);
    cols.push_back({f.offset, sub, make_formatter(fa, offs, o)});
  }
  return [cols](const char* p) {
    std::string r = "(";
    for (size_t k = 0; k < cols.size(); ++k) {
      const char* q = p + cols[k].offset;
      r += (k ? ", " : "") + (cols[k].sub ? subarray_text(q, *cols[k].sub, cols[k].fmt) : cols[k].fmt(q));
    }
    return r + (cols.size() == 1 ? ",)" : ")");
  };
}

// The formatter= callable for a's elements, if the options hold one.
ElementFormatterPtr user_formatter(const Array& a, const PrintOptions& o) {
  if (o.formatter.empty()) return nullptr;
  const DType dt = a.dtype;
  const char* key = a.descr ? (a.descr->structured() ? nullptr : dt == DType::Void ? "void" : "numpystr")
                    : dt == DType::Bool ? "bool" : is_integer(dt) ? "int" : is_float(dt) ? "float" : "complexfloat";
  if (!key) return nullptr;  // records: each field finds its own
  const std::string k = key;
  const char* group = k == "int" ? "int_kind" : k == "float" ? "float_kind" : k == "complexfloat" ? "complex_kind"
                      : k == "numpystr" ? "str_kind" : nullptr;
  for (const char* name : {key, group, "all"}) {
    if (!name) continue;
    auto it = o.formatter.find(name);
    if (it != o.formatter.end()) return it->second;
  }
  return nullptr;
}

ElemFmt make_formatter(const Array& a, const std::vector<int64_t>& shown, const PrintOptions& o) {
  const char* base = a.storage->data();
  DType dt = a.dtype;
  if (ElementFormatterPtr fn = user_formatter(a, o)) {
    Array view = a;  // the element's dtype (and text length) for the callable
    return [fn, view](const char* p) { return fn->format(view, p); };
  }
  if (a.descr && a.descr->structured()) return record_formatter(a, shown, o);
  if (a.descr) {
    DescrPtr d = a.descr;
    return [d](const char* p) { return flexible_text_repr(*d, p); };
  }
  if (dt == DType::Bool) {
    std::string t = a.ndim() == 0 ? "True" : " True";
    return [t](const char* p) { return *p ? t : std::string("False"); };
  }
  if (is_integer(dt)) {
    size_t w = 0;
    bool uns = is_unsigned_int(dt);
    char sign = o.sign;
    if (!shown.empty()) {
      // numpy IntegerFormat: width of str(max) and str(min); sign '+' or ' '
      // marks the non-negative values (' ' turns to '-' when any is negative)
      auto width = [&](auto tag) {  // in the dtype's signedness, so uint64 values stay exact
        using I = decltype(tag);
        I mx = std::numeric_limits<I>::min(), mn = std::numeric_limits<I>::max();
        for (int64_t off : shown) {
          const I v = load_as<I>(dt, base + off);
          mx = std::max(mx, v);
          mn = std::min(mn, v);
        }
        if (sign == ' ' && mn < I(0)) sign = '-';
        return std::max(std::to_string(mx).size() + (mx >= I(0) && sign != '-'), std::to_string(mn).size());
      };
      w = uns ? width(uint64_t{}) : width(int64_t{});
    }
    return [dt, w, uns, sign](const char* p) {
      std::string s = uns ? std::to_string(load_as<uint64_t>(dt, p)) : std::to_string(load_as<int64_t>(dt, p));
      if (sign != '-' && s[0] != '-') s = sign + s;
      if (s.size() < w) s = std::string(w - s.size(), ' ') + s;
      return s;
    };
  }
  if (is_float(dt)) {
    std::vector<double> vals;
    vals.reserve(shown.size());
    for (int64_t off : shown) vals.push_back(load_as<double>(dt, base + off));
    auto ff = std::make_shared<FloatFormat>(vals, dt, o, o.sign);
    return [ff, dt](const char* p) { return (*ff)(load_as<double>(dt, p)); };
  }
  // complex
  DType part = real_part(dt);
  std::vector<double> re, im;
  for (int64_t off : shown) {
    c128 v = load_as<c128>(dt, base + off);
    re.push_back(v.real());
    im.push_back(v.imag());
  }
  auto fr = std::make_shared<FloatFormat>(re, part, o, o.sign);
  auto fi = std::make_shared<FloatFormat>(im, part, o, '+');
  return [fr, fi, dt](const char* p) {
    c128 v = load_as<c128>(dt, p);
    std::string r = (*fr)(v.real());
    std::string i = (*fi)(v.imag());
    size_t sp = i.find_last_not_of(' ') + 1;
    return r + i.substr(0, sp) + "j" + i.substr(sp);
  };
}

void extend_line(std::string& s, std::string& line, const std::string& word, int line_width,
                 const std::string& next_prefix) {
  bool needs_wrap = int(line.size() + word.size()) > line_width;
  if (line.size() <= next_prefix.size()) needs_wrap = false;
  if (needs_wrap) {
    size_t e = line.find_last_not_of(' ');
    s += (e == std::string::npos ? std::string() : line.substr(0, e + 1)) + "\n";
    line = next_prefix;
  }
  line += word;
}

void extend_line_pretty(std::string& s, std::string& line, const std::string& word, int line_width,
                        const std::string& next_prefix) {
  if (word.find('\n') == std::string::npos) return extend_line(s, line, word, line_width, next_prefix);
  // multi-line words (nested object arrays) do not occur for numeric dtypes
  extend_line(s, line, word, line_width, next_prefix);
}

std::string rstrip(const std::string& x) {
  size_t e = x.find_last_not_of(' ');
  return e == std::string::npos ? "" : x.substr(0, e + 1);
}

std::string format_array(const Array& a, const ElemFmt& fmt, int line_width, const std::string& next_line_prefix,
                         const std::string& separator, int edge_items, bool summary) {
  const char* base = a.storage->data();
  std::function<std::string(int, int64_t, const std::string&, int)> rec =
      [&](int axis, int64_t off, const std::string& hanging, int curr_width) -> std::string {
    int axes_left = a.ndim() - axis;
    if (axes_left == 0) return fmt(base + off);
    std::string next_hanging = hanging + " ";
    int next_width = curr_width - 1;
    int64_t n = a.shape[axis];
    bool show_summary = summary && 2 * int64_t(edge_items) < n;
    int64_t leading = show_summary ? edge_items : 0;
    int64_t trailing = show_summary ? edge_items : n;
    int64_t st = a.strides[axis];
    std::string s;
    if (axes_left == 1) {
      std::string sep_r = rstrip(separator);
      int elem_width = curr_width - std::max(int(sep_r.size()), 1);
      std::string line = hanging;
      for (int64_t i = 0; i < leading; ++i) {
        extend_line_pretty(s, line, rec(axis + 1, off + i * st, next_hanging, next_width), elem_width, hanging);
        line += separator;
      }
      if (show_summary) {
        extend_line(s, line, "...", elem_width, hanging);
        line += separator;
      }
      for (int64_t i = trailing; i > 1; --i) {
        extend_line_pretty(s, line, rec(axis + 1, off + (n - i) * st, next_hanging, next_width), elem_width, hanging);
        line += separator;
      }
      extend_line_pretty(s, line, rec(axis + 1, off + (n - 1) * st, next_hanging, next_width), elem_width, hanging);
      s += line;
    } else {
      std::string line_sep = rstrip(separator) + std::string(size_t(axes_left - 1), '\n');
      for (int64_t i = 0; i < leading; ++i)
        s += hanging + rec(axis + 1, off + i * st, next_hanging, next_width) + line_sep;
      if (show_summary) s += hanging + "..." + line_sep;
      for (int64_t i = trailing; i > 1; --i)
        s += hanging + rec(axis + 1, off + (n - i) * st, next_hanging, next_width) + line_sep;
      s += hanging + rec(axis + 1, off + (n - 1) * st, next_hanging, next_width);
    }
    return "[" + s.substr(hanging.size()) + "]";
  };
  return rec(0, a.offset, next_line_prefix, line_width);
}

bool dtype_is_implied(DType dt) {
  return dt == DType::F64 || dt == DType::I64 || dt == DType::C128 || dt == DType::Bool;
}

}  // namespace

std::string array2string(const Array& a, const std::string& separator, const std::string& prefix,
                         const std::string& suffix, const PrintOptions* opt) {
  const PrintOptions& o = opt ? *opt : print_options();
  if (a.size() == 0) return "[]";
  bool summary = a.size() > o.threshold;
  std::vector<int64_t> shown;
  collect_shown(a, summary, o.edgeitems, shown);
  ElemFmt fmt = make_formatter(a, shown, o);
  if (a.ndim() == 0) return fmt(a.data());
  std::string next_prefix = " " + std::string(prefix.size(), ' ');
  return format_array(a, fmt, o.linewidth - int(suffix.size()), next_prefix, separator, o.edgeitems, summary);
}

std::string array_str(const Array& a, const PrintOptions* opt) {
  if (a.ndim() == 0) return scalar_str(a);
  return array2string(a, " ", "", "", opt);
}

// mirrors _array_repr_implementation: the extras NumPy adds when the text
// cannot imply them, shape= (an empty array of shape other than (0,), or a
// summarised one) and dtype= (not float64/int64/complex128/bool, or empty),
// on the last line or, when they would pass the line width, on a new one.
std::string array_repr(const Array& a, const PrintOptions* opt) {
  const PrintOptions& o = opt ? *opt : print_options();
  const std::string prefix = "array(";
  const std::string lst = array2string(a, ", ", prefix, ")", &o);
  std::vector<std::string> extras;
  if ((a.size() == 0 && !(a.ndim() == 1 && a.shape[0] == 0)) || a.size() > o.threshold)
    extras.push_back("shape=" + shape_repr(a.shape));
  if (a.descr || !dtype_is_implied(a.dtype) || a.size() == 0) {
    // NumPy's dtype_short_repr: records as str(dtype), text quoted, numbers by name.
    const DTypeFull t{a.dtype, a.descr};
    extras.push_back("dtype=" + (!a.descr ? std::string(name(a.dtype)) : a.descr->structured() ? dtype_text(t) : "'" + dtype_text(t) + "'"));
  }
  if (extras.empty()) return prefix + lst + ")";
  const std::string s = prefix + lst + ",";
  std::string extra = extras[0];
  for (size_t k = 1; k < extras.size(); ++k) extra += ", " + extras[k];
  extra += ")";
  size_t nl = s.rfind('\n');
  size_t last_len = s.size() - (nl == std::string::npos ? 0 : nl + 1);
  std::string spacer = " ";
  if (int(last_len + extra.size() + 1) > o.linewidth) spacer = "\n" + std::string(prefix.size(), ' ');
  return s + spacer + extra;
}

std::string float_scalar_str(double v, DType dt) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (dt == DType::F64) return py_float_repr(v);
  double av = std::fabs(v);
  // NumPy scalar printing: positional when 1e-4 <= |x| < 1e16, else scientific.
  if (v == 0 || (av >= 1e-4 && av < 1e16)) return positional(v, dt, true, -1, 0, '0', false, 0, 0);
  return scientific(v, dt, true, -1, 0, '-', false, 0, -1);
}

std::string scalar_str(DType dt, const char* p) {
  if (dt == DType::Bool) return *p ? "True" : "False";
  if (is_unsigned_int(dt)) return std::to_string(load_as<uint64_t>(dt, p));
  if (is_integer(dt)) return std::to_string(load_as<int64_t>(dt, p));
  if (is_float(dt)) return float_scalar_str(load_as<double>(dt, p), dt);
  c128 v = load_as<c128>(dt, p);
  DType part = real_part(dt);
  auto fmt = [&](double x) {
    std::string s = float_scalar_str(x, part);
    if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
    return s;
  };
  if (v.real() == 0 && !std::signbit(v.real())) return fmt(v.imag()) + "j";
  std::string im = fmt(v.imag());
  if (im[0] != '-') im = "+" + im;
  return "(" + fmt(v.real()) + im + "j)";
}

std::string scalar_repr_np2(DType dt, const char* p) {
  if (dt == DType::Bool) return *p ? "np.True_" : "np.False_";
  std::string s = scalar_str(dt, p);
  if (is_complex(dt) && s.front() == '(') s = s.substr(1, s.size() - 2);  // np.complex128(1+2j)
  return std::string("np.") + name(dt) + "(" + s + ")";
}

std::string scalar_str(const Array& a) {
  if (a.descr) return flexible_scalar_str(a, a.data());
  return scalar_str(a.dtype, a.data());
}

std::string scalar_repr_np2(const Array& a) {
  if (a.descr) return flexible_scalar_repr(a, a.data());
  return scalar_repr_np2(a.dtype, a.data());
}

namespace {
// One field of a record scalar: NumPy's _void_scalar_to_string formats floats
// with str() and everything else as the array printer would for one value.
std::string record_field_text(const DTypeFull& t, const char* p) {
  if (t.descr && t.descr->structured()) {
    std::string r = "(";
    for (size_t k = 0; k < t.descr->fields.size(); ++k)
      r += (k ? ", " : "") + record_field_text(t.descr->fields[k].type, p + t.descr->fields[k].offset);
    return r + (t.descr->fields.size() == 1 ? ",)" : ")");
  }
  if (t.descr && t.descr->base) {
    const Descr& sub = *t.descr;
    const DTypeFull base = *sub.base;
    return subarray_text(p, sub, [base](const char* q) { return record_field_text(base, q); });
  }
  if (t.descr) return flexible_text_repr(*t.descr, p);
  return scalar_str(t.dt, p);
}
}  // namespace

std::string record_scalar_str(const Array& a, const char* p) {
  return record_field_text(DTypeFull{a.dtype, a.descr}, p);
}

// ---------------------------------------------------------------- flexible scalars

std::string flexible_scalar_str(const Array& a, const char* p) {
  const Descr& d = *a.descr;
  if (d.kind == DType::Str) return read_str(d, p);
  if (d.kind == DType::Bytes) return py_text_repr(read_str(d, p), true);
  return record_scalar_str(a, p);
}

std::string flexible_scalar_repr(const Array& a, const char* p) {
  const Descr& d = *a.descr;
  if (d.kind == DType::Str) return "np.str_(" + py_text_repr(read_str(d, p), false) + ")";
  if (d.kind == DType::Bytes) return "np.bytes_(" + py_text_repr(read_str(d, p), true) + ")";
  if (d.structured())
    return std::string(d.record ? "np.record(" : "np.void(") + record_scalar_str(a, p) + ", dtype=" +
           dtype_text(DTypeFull{a.dtype, a.descr}) + ")";
  return "np.void(" + flexible_text_repr(d, p) + ")";
}

}  // namespace sl
