// descr: flexible dtype descriptors, their text, and element-level conversions
// (see descr.hpp for the invariant).
#include "core/model/descr.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

#include "core/model/element.hpp"

namespace sl {

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

}  // namespace sl
