// ops/copy: see copy.hpp.
#include "core/ops/copy.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "core/model/descr.hpp"
#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/model/overlap.hpp"
#include "core/text/flexible.hpp"
#include "core/text/format.hpp"

namespace sl {

// ---------------------------------------------------------------- flexible casts

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

namespace {

// Note [Flexible dtypes]: text and records convert element by element; numbers
// go through the kernels' cast loops.
void copy_any(const Array& dst, const Array& src) {
  if (dst.descr || src.descr) return flexible_copy(dst, src);
  copy_raw(dst, src);
}

}  // namespace

// ---------------------------------------------------------------- copies

void copy_into(const Array& dst, const Array& src) {
  if (dst.storage == src.storage && solve_may_share_memory(dst, src, 1) != MemOverlap::No) {
    ArrayPtr tmp = copy_array(src, 'C');
    copy_any(dst, *tmp);
    return;
  }
  copy_any(dst, src);
}

ArrayPtr copy_array(const Array& src, char order) { return copy_as(src, src.dtype, src.descr, order); }

ArrayPtr copy_as(const Array& src, DType dtype, const DescrPtr& descr, char order) {
  if (!descr) return copy_as(src, dtype, order);
  if (order == 'A' || order == 'K') order = src.f_contiguous() && !src.c_contiguous() ? 'F' : 'C';
  ArrayPtr out = make_array(dtype, descr, src.shape, order, src.flavor == Flavor::Torch ? Flavor::Torch : Flavor::NumPy);
  copy_any(*out, src);
  return out;
}

ArrayPtr copy_as(const Array& src, DType dtype, char order) {
  if (order == 'A') order = src.f_contiguous() && !src.c_contiguous() ? 'F' : 'C';
  if (order == 'K') order = src.f_contiguous() && !src.c_contiguous() ? 'F' : 'C';
  ArrayPtr out = make_array(dtype, src.shape, order, src.flavor == Flavor::Torch ? Flavor::Torch : Flavor::NumPy, false);
  copy_any(*out, src);
  return out;
}

}  // namespace sl
