// descr: flexible dtype descriptors, their text, and element-level conversions
// (see descr.hpp for the invariant).
#include "core/model/descr.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

#include "core/model/element.hpp"
#include "core/model/explain.hpp"
#include "core/text/format.hpp"
#include "core/model/iter.hpp"
#include "core/kernels/copy.hpp"
#include "core/text/numfmt.hpp"

namespace sl {

int64_t descr_itemsize(const Descr& d) { return d.itemsize; }

std::string py_text_repr(const std::string& s, bool bytes);

void raise_flexible(DType dt) {
  raise("TypeError", std::string("this operation does not support the flexible dtype '") + name(dt) + "'");
}

int64_t DTypeFull::itemsize() const { return descr ? descr->itemsize : sl::itemsize(dt); }

const Field* Descr::field(const std::string& n) const {
  for (const Field& f : fields)
    if (f.name == n) return &f;
  return nullptr;
}

DescrPtr flexible_descr(DType kind, int64_t n) {
  auto d = std::make_shared<Descr>();
  d->kind = kind;
  d->itemsize = kind == DType::Str ? 4 * n : n;
  d->alignment = kind == DType::Str ? 4 : 1;
  return d;
}

bool flexible_size_ok(DType kind, int64_t n) { return n >= 0 && n <= (kind == DType::Str ? INT32_MAX / 4 : INT32_MAX); }

int64_t flexible_length(const Descr& d) { return d.kind == DType::Str ? d.itemsize / 4 : d.itemsize; }

bool parse_flexible(std::string_view s, DTypeFull& out) {
  if (s == "str" || s == "str_" || s == "unicode") s = "U";
  else if (s == "bytes" || s == "bytes_") s = "S";
  else if (s == "void") s = "V";
  if (!s.empty() && (s[0] == '<' || s[0] == '>' || s[0] == '|' || s[0] == '=')) {
    if (s[0] == '>') return false;  // big-endian text is not supported: fall through to "not understood"
    s.remove_prefix(1);
  }
  if (s.empty()) return false;
  char k = s[0];
  DType kind;
  if (k == 'U') kind = DType::Str;
  else if (k == 'S' || k == 'a') kind = DType::Bytes;
  else if (k == 'V') kind = DType::Void;
  else return false;
  s.remove_prefix(1);
  int64_t n = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    n = n * 10 + (c - '0');
    if (n > INT32_MAX) return false;
  }
  if (!flexible_size_ok(kind, n)) return false;
  out = {kind, flexible_descr(kind, n)};
  return true;
}

bool parse_dtype_full(std::string_view s, DTypeFull& out) {
  DType d;
  if (parse_dtype(s, d)) {
    out = {d, nullptr};
    return true;
  }
  if (parse_flexible(s, out)) return true;
  if (s.find(',') == std::string_view::npos) return false;
  // 'i4,f8': fields f0, f1, ... packed (NumPy's _convert_from_commastring)
  std::vector<FieldSpec> specs;
  size_t start = 0;
  while (start <= s.size()) {
    size_t e = s.find(',', start);
    std::string_view part = s.substr(start, e == std::string_view::npos ? std::string_view::npos : e - start);
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
    if (!part.empty()) {
      DTypeFull t;
      if (!parse_dtype_full(part, t)) return false;
      specs.push_back({"f" + std::to_string(specs.size()), t});
    }
    if (e == std::string_view::npos) break;
    start = e + 1;
  }
  out = {DType::Void, make_struct(specs, false)};
  return true;
}

int64_t dtype_alignment(const DTypeFull& t) {
  if (t.descr) return t.descr->alignment;
  return is_complex(t.dt) ? itemsize(t.dt) / 2 : itemsize(t.dt);
}

namespace {
int64_t round_up(int64_t x, int64_t a) { return (x + a - 1) / a * a; }
}  // namespace

// A C compiler places each member at the next multiple of its alignment and
// rounds the struct's size up to the largest member alignment; NumPy's
// align=True does the same (descriptor.c: _convert_from_list with align, and
// NPY_NEXT_ALIGNED_OFFSET). Packed: each member follows the last.
DescrPtr make_struct(const std::vector<FieldSpec>& fields, bool align) {
  std::vector<int64_t> offsets;
  int64_t off = 0, max_align = 1;
  for (const FieldSpec& f : fields) {
    if (align) {
      int64_t a = dtype_alignment(f.type);
      off = round_up(off, a);
      max_align = std::max(max_align, a);
    }
    offsets.push_back(off);
    off += f.type.itemsize();
  }
  if (align) off = round_up(off, max_align);
  return make_struct_offsets(fields, offsets, off, align);
}

DescrPtr make_struct_offsets(const std::vector<FieldSpec>& fields, const std::vector<int64_t>& offsets,
                             int64_t itemsize, bool align) {
  auto d = std::make_shared<Descr>();
  d->kind = DType::Void;
  d->aligned = align;
  int64_t max_align = 1, end = 0;
  for (size_t k = 0; k < fields.size(); ++k) {
    for (size_t j = 0; j < k; ++j)
      if (fields[j].name == fields[k].name) value_error("field '" + fields[k].name + "' occurs more than once");
    if (offsets[k] < 0) value_error("offset " + std::to_string(offsets[k]) + " is negative");
    d->fields.push_back({fields[k].name, fields[k].type, offsets[k]});
    max_align = std::max(max_align, dtype_alignment(fields[k].type));
    end = std::max(end, offsets[k] + fields[k].type.itemsize());
  }
  if (itemsize < end) {
    value_error("NumPy dtype descriptor requires " + std::to_string(end) +
                " bytes, cannot override to smaller itemsize of " + std::to_string(itemsize));
  }
  d->itemsize = align ? round_up(itemsize, max_align) : itemsize;
  d->alignment = align ? int(max_align) : 1;
  return d;
}

DTypeFull make_subarray(const DTypeFull& base, const Shape& shape) {
  auto d = std::make_shared<Descr>();
  d->kind = DType::Void;
  d->base = std::make_shared<const DTypeFull>(base);
  d->sub_shape = shape;
  // NumPy's _convert_from_tuple: every dimension a C int, the whole item too.
  const char* what = "invalid shape in fixed-type tuple: ";
  for (int64_t x : shape) {
    if (x < 0) value_error(std::string(what) + "dimension smaller then zero.");
    if (x > INT32_MAX) value_error(std::string(what) + "dimension does not fit into a C int.");
  }
  int64_t n = base.itemsize();
  for (int64_t x : shape)
    if (x == 0 || n == 0) n = 0;
    else if (n > INT32_MAX / x) value_error(std::string(what) + "dtype size in bytes must fit into a C int.");
    else n *= x;
  d->itemsize = n;
  d->alignment = int(dtype_alignment(base));
  return {DType::Void, d};
}

// ---------------------------------------------------------------- text

namespace {

std::string shape_tuple(const Shape& s) {
  std::string r = "(";
  for (size_t k = 0; k < s.size(); ++k) r += (k ? ", " : "") + std::to_string(s[k]);
  return r + (s.size() == 1 ? ",)" : ")");
}

std::string quoted(const std::string& s) { return "'" + s + "'"; }

// NumPy's _construction_repr(short=...) (numpy/_core/_dtype.py).
std::string construction(const DTypeFull& t, bool short_form, bool include_align);

std::string scalar_construction(const DTypeFull& t, bool short_form) {
  if (!t.descr) {
    if (t.dt == DType::Bool) return short_form ? "'?'" : "'bool'";
    if (!short_form) return quoted(name(t.dt));
    std::string order = itemsize(t.dt) == 1 ? "" : "<";
    return quoted(order + info(t.dt).kind + std::to_string(itemsize(t.dt)));
  }
  const Descr& d = *t.descr;
  int64_t n = flexible_length(d);
  if (d.kind == DType::Str) return quoted("<U" + (n ? std::to_string(n) : std::string()));
  if (d.kind == DType::Bytes) return quoted("S" + (n ? std::to_string(n) : std::string()));
  return quoted("V" + (n ? std::to_string(n) : std::string()));
}

bool is_packed(const Descr& d) {
  int64_t total = 0, max_align = 1;
  for (const Field& f : d.fields) {
    if (d.aligned) {
      int64_t a = dtype_alignment(f.type);
      total = round_up(total, a);
      max_align = std::max(max_align, a);
    }
    if (f.offset != total) return false;
    total += f.type.itemsize();
  }
  if (d.aligned) total = round_up(total, max_align);
  return total == d.itemsize;
}

std::string field_type_text(const DTypeFull& t) {
  if (t.descr && t.descr->base) return construction(*t.descr->base, true, false) + ", " + shape_tuple(t.descr->sub_shape);
  return construction(t, true, false);
}

std::string struct_text(const Descr& d, bool include_align) {
  if (!(include_align && d.aligned) && is_packed(d)) {
    std::string r = "[";
    for (size_t k = 0; k < d.fields.size(); ++k)
      r += (k ? ", " : "") + std::string("(") + quoted(d.fields[k].name) + ", " + field_type_text(d.fields[k].type) + ")";
    return r + "]";
  }
  std::string names, formats, offsets;
  for (size_t k = 0; k < d.fields.size(); ++k) {
    const char* sep = k ? ", " : "";
    names += sep + quoted(d.fields[k].name);
    formats += sep + construction(d.fields[k].type, true, false);
    offsets += sep + std::to_string(d.fields[k].offset);
  }
  std::string r = "{'names': [" + names + "], 'formats': [" + formats + "], 'offsets': [" + offsets +
                  "], 'itemsize': " + std::to_string(d.itemsize);
  return r + (include_align && d.aligned ? ", 'aligned': True}" : "}");
}

std::string construction(const DTypeFull& t, bool short_form, bool include_align) {
  if (t.descr && t.descr->structured()) return struct_text(*t.descr, include_align);
  if (t.descr && t.descr->base) return "(" + construction(*t.descr->base, true, false) + ", " + shape_tuple(t.descr->sub_shape) + ")";
  return scalar_construction(t, short_form);
}

}  // namespace

std::string dtype_str(const DTypeFull& t) {
  if (!t.descr) {
    std::string order = itemsize(t.dt) == 1 ? "|" : "<";
    return order + info(t.dt).kind + std::to_string(itemsize(t.dt));
  }
  const Descr& d = *t.descr;
  if (d.kind == DType::Str) return "<U" + std::to_string(flexible_length(d));
  if (d.kind == DType::Bytes) return "|S" + std::to_string(d.itemsize);
  return "|V" + std::to_string(d.itemsize);
}

std::string dtype_repr(const DTypeFull& t) {
  std::string r = "dtype(" + construction(t, false, false);
  if (t.descr && t.descr->structured() && t.descr->aligned) r += ", align=True";
  return r + ")";
}

std::string dtype_text(const DTypeFull& t) {
  if (!t.descr) return name(t.dt);
  if (t.descr->structured()) return struct_text(*t.descr, true);
  if (t.descr->base) return "(" + construction(*t.descr->base, true, false) + ", " + shape_tuple(t.descr->sub_shape) + ")";
  return dtype_str(t);
}

std::string dtype_name(const DTypeFull& t) {
  if (!t.descr) return name(t.dt);
  const Descr& d = *t.descr;
  std::string stem = d.kind == DType::Str ? "str" : d.kind == DType::Bytes ? "bytes" : "void";
  if (d.itemsize == 0 && !d.structured()) return stem;
  return stem + std::to_string(d.itemsize * 8);
}

std::string dtype_label(const Array& a) { return dtype_text(DTypeFull{a.dtype, a.descr}); }

bool dtype_equal(const DTypeFull& a, const DTypeFull& b) {
  if (a.dt != b.dt) return false;
  if (!a.descr || !b.descr) return !a.descr && !b.descr;
  const Descr &x = *a.descr, &y = *b.descr;
  if (x.itemsize != y.itemsize || x.fields.size() != y.fields.size() || bool(x.base) != bool(y.base)) return false;
  for (size_t k = 0; k < x.fields.size(); ++k)
    if (x.fields[k].name != y.fields[k].name || x.fields[k].offset != y.fields[k].offset ||
        !dtype_equal(x.fields[k].type, y.fields[k].type))
      return false;
  if (x.base) return x.sub_shape == y.sub_shape && dtype_equal(*x.base, *y.base);
  return true;
}

namespace {
const char* dtype_class(const DTypeFull& t) {
  switch (t.dt) {
    case DType::Str: return "StrDType";
    case DType::Bytes: return "BytesDType";
    case DType::Void: return "VoidDType";
    case DType::Bool: return "BoolDType";
    case DType::I8: return "Int8DType";
    case DType::I16: return "Int16DType";
    case DType::I32: return "Int32DType";
    case DType::I64: return "Int64DType";
    case DType::U8: return "UInt8DType";
    case DType::U16: return "UInt16DType";
    case DType::U32: return "UInt32DType";
    case DType::U64: return "UInt64DType";
    case DType::F16: return "Float16DType";
    case DType::F32: return "Float32DType";
    case DType::F64: return "Float64DType";
    case DType::C64: return "Complex64DType";
    default: return "Complex128DType";
  }
}
}  // namespace

DTypeFull promote_full(const DTypeFull& a, const DTypeFull& b) {
  if (!a.descr && !b.descr) return {promote(a.dt, b.dt), nullptr};
  const bool ta = a.descr && a.descr->kind != DType::Void, tb = b.descr && b.descr->kind != DType::Void;
  if (ta && tb) {
    const DType kind = a.dt == DType::Str || b.dt == DType::Str ? DType::Str : DType::Bytes;
    return {kind, flexible_descr(kind, std::max(flexible_length(*a.descr), flexible_length(*b.descr)))};
  }
  if ((ta && !b.descr) || (tb && !a.descr)) {  // text with numbers: text wide enough for the numbers' text
    const DTypeFull& t = ta ? a : b;
    const DType n = ta ? b.dt : a.dt;
    return {t.dt, flexible_descr(t.dt, std::max(flexible_length(*t.descr), text_width_of(n)))};
  }
  if (a.dt == DType::Void && b.dt == DType::Void && dtype_equal(a, b)) return a;
  if (a.dt == DType::Void && b.dt == DType::Void && !a.descr->structured() && !b.descr->structured() &&
      a.descr->itemsize == b.descr->itemsize)
    return a;
  if (a.dt == DType::Void && b.dt == DType::Void && a.descr->structured() && b.descr->structured())
    raise("DTypePromotionError", "field names `" + std::string(a.descr->fields.size() ? a.descr->fields[0].name : "") +
                                     "` and `" + (b.descr->fields.size() ? b.descr->fields[0].name : "") + "` mismatch.");
  raise("DTypePromotionError", std::string("The DType <class 'numpy.dtypes.") + dtype_class(a) +
                                   "'> could not be promoted by <class 'numpy.dtypes." + dtype_class(b) +
                                   "'>. This means that no common DType exists for the given inputs. For example "
                                   "they cannot be stored in a single array unless the dtype is `object`. The full "
                                   "list of DTypes is: (<class 'numpy.dtypes." + dtype_class(a) +
                                   "'>, <class 'numpy.dtypes." + dtype_class(b) + "'>)");
}

// ---------------------------------------------------------------- elements

namespace {

void append_utf8(std::string& out, uint32_t c) {
  if (c < 0x80) {
    out += char(c);
  } else if (c < 0x800) {
    out += char(0xc0 | (c >> 6));
    out += char(0x80 | (c & 0x3f));
  } else if (c < 0x10000) {
    out += char(0xe0 | (c >> 12));
    out += char(0x80 | ((c >> 6) & 0x3f));
    out += char(0x80 | (c & 0x3f));
  } else {
    out += char(0xf0 | (c >> 18));
    out += char(0x80 | ((c >> 12) & 0x3f));
    out += char(0x80 | ((c >> 6) & 0x3f));
    out += char(0x80 | (c & 0x3f));
  }
}


}  // namespace

std::vector<uint32_t> decode_utf8(const std::string& s) {
  std::vector<uint32_t> cps;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = s[i];
    int n = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    uint32_t v = n == 1 ? c : n == 2 ? c & 0x1f : n == 3 ? c & 0x0f : c & 0x07;
    for (int k = 1; k < n && i + k < s.size(); ++k) v = v << 6 | (uint8_t(s[i + k]) & 0x3f);
    cps.push_back(v);
    i += n;
  }
  return cps;
}

std::string read_str(const Descr& d, const char* p) {
  std::string out;
  if (d.kind == DType::Str) {
    int64_t n = d.itemsize / 4;
    while (n > 0 && load<uint32_t>(p + 4 * (n - 1)) == 0) --n;
    for (int64_t k = 0; k < n; ++k) append_utf8(out, load<uint32_t>(p + 4 * k));
    return out;
  }
  int64_t n = d.itemsize;
  if (d.kind == DType::Bytes)
    while (n > 0 && p[n - 1] == 0) --n;
  return std::string(p, size_t(n));
}

void write_str(const Descr& d, char* p, const std::string& s) {
  std::memset(p, 0, size_t(d.itemsize));
  if (d.kind == DType::Str) {
    std::vector<uint32_t> cps = decode_utf8(s);
    int64_t n = std::min<int64_t>(int64_t(cps.size()), d.itemsize / 4);
    for (int64_t k = 0; k < n; ++k) store(p + 4 * k, cps[size_t(k)]);
    return;
  }
  std::memcpy(p, s.data(), size_t(std::min<int64_t>(int64_t(s.size()), d.itemsize)));
}

void require_ascii(const std::string& text) {
  std::vector<uint32_t> cps = decode_utf8(text);
  for (size_t k = 0; k < cps.size(); ++k) {
    if (cps[k] < 0x80) continue;
    char buf[16];
    const uint32_t c = cps[k];
    std::snprintf(buf, sizeof buf, c < 0x100 ? "\\x%02x" : c < 0x10000 ? "\\u%04x" : "\\U%08x", unsigned(c));
    raise("UnicodeEncodeError", std::string("'ascii' codec can't encode character '") + buf + "' in position " +
                                    std::to_string(k) + ": ordinal not in range(128)");
  }
}

int compare_str(const Descr& da, const char* a, const Descr& db, const char* b) {
  // Code points (or unsigned bytes) in order; a missing position counts as 0,
  // so trailing NULs never decide (NumPy's string comparison loops).
  bool wide_a = da.kind == DType::Str, wide_b = db.kind == DType::Str;
  int64_t na = wide_a ? da.itemsize / 4 : da.itemsize, nb = wide_b ? db.itemsize / 4 : db.itemsize;
  for (int64_t k = 0; k < std::max(na, nb); ++k) {
    uint32_t x = k < na ? (wide_a ? load<uint32_t>(a + 4 * k) : uint8_t(a[k])) : 0;
    uint32_t y = k < nb ? (wide_b ? load<uint32_t>(b + 4 * k) : uint8_t(b[k])) : 0;
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

int64_t text_width_of(DType dt) {
  // np.dtype(str) widths NumPy picks when casting numbers to text:
  // bool 5, ints by their longest decimal, floats 32, complex 64.
  switch (dt) {
    case DType::Bool: return 5;
    case DType::I8: case DType::U8: return 4;
    case DType::I16: case DType::U16: return 6;
    case DType::I32: case DType::U32: return 11;
    case DType::I64: return 21;
    case DType::U64: return 20;
    case DType::F16: case DType::F32: case DType::F64: return 32;
    case DType::C64: case DType::C128: return 64;
    default: return 0;
  }
}

namespace {

// Python's float() / int() of text, as NumPy's string -> number casts call them.
void parse_number(const std::string& text, bool bytes, DType dt, char* out) {
  // NumPy parses with Python's int() / float() of the scalar, whose repr the message shows.
  const std::string shown = std::string(bytes ? "np.bytes_(" : "np.str_(") + py_text_repr(text, bytes) + ")";
  std::string t = text;
  while (!t.empty() && std::isspace((unsigned char)t.back())) t.pop_back();
  size_t b = 0;
  while (b < t.size() && std::isspace((unsigned char)t[b])) ++b;
  t = t.substr(b);
  if (is_integer(dt) || dt == DType::Bool) {
    if (dt == DType::Bool) {
      store(out, !text.empty());
      return;
    }
    errno = 0;
    char* end = nullptr;
    long long v = std::strtoll(t.c_str(), &end, 10);
    if (t.empty() || *end || errno) {
      value_error("invalid literal for int() with base 10: " + shown);
    }
    store_as(dt, out, int64_t(v));
    return;
  }
  char* end = nullptr;
  double v = std::strtod(t.c_str(), &end);
  if (t.empty() || *end) value_error("could not convert string to float: " + shown);
  if (is_complex(dt)) store_as(dt, out, c128(v, 0));
  else store_as(dt, out, v);
}

void copy_field_by_field(char* d, const Descr& dd, const char* s, const Descr& sd) {
  if (dd.fields.size() != sd.fields.size())
    value_error("structures must have the same size");
  for (size_t k = 0; k < dd.fields.size(); ++k) {
    const Field &df = dd.fields[k], &sf = sd.fields[k];
    Array da, sa;
    da.dtype = df.type.dt;
    da.descr = df.type.descr;
    sa.dtype = sf.type.dt;
    sa.descr = sf.type.descr;
    // one element each, on a borrowed byte range (no storage needed for the cast itself)
    char* dp = d + df.offset;
    const char* sp = s + sf.offset;
    if (!df.type.descr && !sf.type.descr) {
      visit_dtype(sf.type.dt, [&](auto t) { store_as(df.type.dt, dp, load<decltype(t)>(sp)); });
    } else if (df.type.descr && sf.type.descr && df.type.descr->kind != DType::Void &&
               sf.type.descr->kind != DType::Void) {
      write_str(*df.type.descr, dp, read_str(*sf.type.descr, sp));
    } else if (df.type.itemsize() == sf.type.itemsize()) {
      std::memcpy(dp, sp, size_t(df.type.itemsize()));
    } else {
      type_error("Cannot cast between these structured field types");
    }
  }
}

}  // namespace

// One element of any dtype into one element of a flexible one (or back):
// the cast NumPy's string and void cast loops perform.
static void flexible_cast_one(char* d, DType ddt, const Descr* dd, const char* s, DType sdt, const Descr* sd) {
  if (dd && sd) {
    if (dd->kind != DType::Void && sd->kind != DType::Void) {
      if (dd->kind == DType::Bytes && sd->kind == DType::Str) {
        std::string text = read_str(*sd, s);
        require_ascii(text);
        write_str(*dd, d, text);
        return;
      }
      write_str(*dd, d, read_str(*sd, s));
      return;
    }
    if (dd->structured() && sd->structured()) return copy_field_by_field(d, *dd, s, *sd);
    if (dd->itemsize == sd->itemsize && !dd->structured() && !sd->structured()) {
      std::memcpy(d, s, size_t(dd->itemsize));
      return;
    }
    type_error("Cannot cast array data from dtype('" + std::string(name(sdt)) + "') to dtype('" + name(ddt) + "')");
  }
  if (dd) {  // number -> text
    if (dd->kind == DType::Void) {
      if (dd->structured()) {  // a number into every field
        for (const Field& f : dd->fields) {
          if (f.type.descr) flexible_cast_one(d + f.offset, f.type.dt, f.type.descr.get(), s, sdt, nullptr);
          else visit_dtype(sdt, [&](auto t) { store_as(f.type.dt, d + f.offset, load<decltype(t)>(s)); });
        }
        return;
      }
      type_error("Cannot cast array data from dtype('" + std::string(name(sdt)) + "') to dtype('V" +
                 std::to_string(dd->itemsize) + "') according to the rule 'unsafe'");
    }
    write_str(*dd, d, scalar_str(sdt, s));
    return;
  }
  if (sd->kind == DType::Void) {
    if (sd->structured() && sd->fields.size() == 1 && !sd->fields[0].type.descr) {
      visit_dtype(sd->fields[0].type.dt, [&](auto t) { store_as(ddt, d, load<decltype(t)>(s + sd->fields[0].offset)); });
      return;
    }
    type_error("Cannot cast array data from dtype('V" + std::to_string(sd->itemsize) + "') to dtype('" + name(ddt) + "')");
  }
  parse_number(read_str(*sd, s), sd->kind == DType::Bytes, ddt, d);
}

void flexible_copy(const Array& dst, const Array& src) {
  // Elementwise in C order of the shape; a temporary when they share memory
  // is the caller's (copy_into) job.
  const int n = dst.ndim();
  std::vector<int64_t> idx(size_t(n), 0);
  const int64_t total = dst.size();
  for (int64_t e = 0; e < total; ++e) {
    int64_t od = dst.offset, os = src.offset;
    for (int k = 0; k < n; ++k) {
      od += idx[size_t(k)] * dst.strides[size_t(k)];
      os += idx[size_t(k)] * src.strides[size_t(k)];
    }
    flexible_cast_one(dst.storage->data() + od, dst.dtype, dst.descr.get(), src.storage->data() + os, src.dtype,
                      src.descr.get());
    for (int k = n - 1; k >= 0; --k) {
      if (++idx[size_t(k)] < dst.shape[size_t(k)]) break;
      idx[size_t(k)] = 0;
    }
  }
}

// ---------------------------------------------------------------- scalars

// Python's repr of str / bytes text (the quote choice and escapes of unicode_repr / bytes_repr).
std::string py_text_repr(const std::string& s, bool bytes) {
  bool has_sq = s.find('\'') != std::string::npos, has_dq = s.find('"') != std::string::npos;
  char q = has_sq && !has_dq ? '"' : '\'';
  std::string out = bytes ? "b" : "";
  out += q;
  for (unsigned char c : s) {
    if (c == q || c == '\\') {
      out += '\\';
      out += char(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c == 0x7f || (bytes && c >= 0x80)) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += char(c);
    }
  }
  return out + q;
}

std::string flexible_text_repr(const Descr& d, const char* p) {
  if (d.kind == DType::Void) {  // NumPy writes every byte as an uppercase \xHH escape
    std::string r = "b'";
    for (int64_t k = 0; k < d.itemsize; ++k) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", uint8_t(p[k]));
      r += buf;
    }
    return r + "'";
  }
  return py_text_repr(read_str(d, p), d.kind == DType::Bytes);
}

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

// ---------------------------------------------------------------- record views

namespace {
std::string names_list(const Descr& d) {
  std::string r;
  for (const Field& f : d.fields) r += (r.empty() ? "" : ", ") + f.name;
  return r;
}
}  // namespace

ArrayPtr field_view(const ArrayPtr& a, const std::string& fname) {
  const Field* f = a->descr && a->descr->structured() ? a->descr->field(fname) : nullptr;
  if (!f) value_error("no field of name " + fname);
  DTypeFull t = f->type;
  Shape shape = a->shape;
  Strides strides = a->strides;
  if (t.descr && t.descr->base) {  // subarray field: its axes follow the array's, C-contiguous inside the record
    const Descr& sub = *t.descr;
    t = *sub.base;
    int64_t st = t.itemsize() * shape_size(sub.sub_shape);
    for (int64_t n : sub.sub_shape) {
      st /= n ? n : 1;
      shape.push_back(n);
      strides.push_back(st);
    }
  }
  ArrayPtr v = make_view(a, t.dt, std::move(shape), std::move(strides), a->offset + f->offset, t.descr);
  return explained(v, *a, "field-view", Verdict::View,
                   {fact("field", fname), byte_fact("fieldOffset", f->offset), byte_fact("recordSize", a->itemsize()),
                    fact("dtype", dtype_str(t))});
}

ArrayPtr fields_view(const ArrayPtr& a, const std::vector<std::string>& names) {
  if (!a->descr || !a->descr->structured()) index_error("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices");
  std::vector<FieldSpec> specs;
  std::vector<int64_t> offsets;
  for (const std::string& n : names) {
    const Field* f = a->descr->field(n);
    if (!f) raise("KeyError", "'" + n + "'");
    for (const FieldSpec& s : specs)
      if (s.name == n) value_error("duplicate field of name '" + n + "'");
    specs.push_back({n, f->type});
    offsets.push_back(f->offset);
  }
  auto d = std::make_shared<Descr>(*make_struct_offsets(specs, offsets, a->descr->itemsize, false));
  d->aligned = a->descr->aligned;
  d->alignment = a->descr->alignment;
  d->itemsize = a->descr->itemsize;
  ArrayPtr v = make_view(a, DType::Void, a->shape, a->strides, a->offset, d);
  return explained(v, *a, "fields-view", Verdict::View,
                   {fact("fields", names_list(*d)), byte_fact("recordSize", a->itemsize())});
}

}  // namespace sl
