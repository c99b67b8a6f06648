// strings: text ufuncs and text element access (see strings.hpp).
#include "core/ops/strings.hpp"

#include <algorithm>

#include "core/kernels/elementwise.hpp"
#include "core/text/numfmt.hpp"
#include "core/model/strides.hpp"
#include "core/ops/views.hpp"
#include "core/text/utf8.hpp"
#include "core/text/flexible.hpp"

namespace sl {

namespace {

// The byte offset of flat element `i` (C order) of a.
int64_t element_offset(const Array& a, int64_t i) {
  int64_t off = a.offset;
  for (int d = a.ndim() - 1; d >= 0; --d) {
    const int64_t n = a.shape[size_t(d)];
    off += (i % n) * a.strides[size_t(d)];
    i /= n;
  }
  return off;
}

std::string dtype_repr_of(const Array& a) { return dtype_repr(DTypeFull{a.dtype, a.descr}); }

[[noreturn]] void raise_no_text_loop(Ufunc op, const std::vector<UfuncOperand>& ops) {
  if (ops.size() == 1) {
    const DType k = ops[0].array->dtype;
    std::string cls = k == DType::Str ? "StrDType" : k == DType::Bytes ? "BytesDType" : "VoidDType";
    raise("_UFuncNoLoopError", std::string("ufunc '") + ufunc_name(op) +
                                "' did not contain a loop with signature matching types <class 'numpy.dtypes." + cls +
                                "'> -> None");
  }
  std::string types = "(";
  for (size_t k = 0; k < ops.size(); ++k) types += (k ? ", " : "") + dtype_repr_of(*ops[k].array);
  raise("_UFuncNoLoopError", std::string("ufunc '") + ufunc_name(op) + "' did not contain a loop with signature matching types " +
                              types + ") -> None");
}

bool is_text(const Array& a) { return a.descr && a.descr->kind != DType::Void; }

int compare_op_result(Ufunc op, int c) {
  switch (op) {
    case Ufunc::equal: return c == 0;
    case Ufunc::not_equal: return c != 0;
    case Ufunc::less: return c < 0;
    case Ufunc::less_equal: return c <= 0;
    case Ufunc::greater: return c > 0;
    default: return c >= 0;
  }
}

bool is_comparison(Ufunc op) {
  return op == Ufunc::equal || op == Ufunc::not_equal || op == Ufunc::less || op == Ufunc::less_equal ||
         op == Ufunc::greater || op == Ufunc::greater_equal;
}

}  // namespace

bool any_flexible(const std::vector<UfuncOperand>& ops) {
  for (const UfuncOperand& o : ops)
    if (o.array->descr) return true;
  return false;
}

void raise_flexible_reduce(const char* name, const Array& a) {
  const std::string d = dtype_repr_of(a);
  if (std::string(name) == "add" && is_text(a)) {
    const std::string out = dtype_repr(DTypeFull{a.dtype, flexible_descr(a.dtype, 2 * flexible_length(*a.descr))});
    type_error("the resolved dtypes are not compatible with add.reduce. Resolved (" + d + ", " + d + ", " + out + ")");
  }
  raise("_UFuncNoLoopError", std::string("ufunc '") + name + "' did not contain a loop with signature matching types (" +
                                 d + ", " + d + ") -> None");
}

int64_t text_length(const std::string& s) { return int64_t(utf8_len(s)); }

std::vector<std::string> texts_of(const Array& a) {
  std::vector<std::string> out;
  const int64_t n = a.size();
  out.reserve(size_t(n));
  for (int64_t i = 0; i < n; ++i) out.push_back(read_str(*a.descr, a.storage->data() + element_offset(a, i)));
  return out;
}

ArrayPtr text_array(DType kind, const Shape& shape, const std::vector<std::string>& texts, int64_t width) {
  if (width < 0) {
    width = 1;
    for (const std::string& t : texts) width = std::max(width, kind == DType::Str ? text_length(t) : int64_t(t.size()));
  }
  ArrayPtr out = make_array(kind, flexible_descr(kind, width), shape);
  const int64_t isz = out->itemsize();
  for (size_t i = 0; i < texts.size(); ++i) write_str(*out->descr, out->data() + int64_t(i) * isz, texts[i]);
  return out;
}

// Comparisons: elementwise over the broadcast shape, code point order (NumPy's
// string_comparison_loop); text against a different kind has no loop, which
// NumPy 2 answers for == / != with a constant array. add: concatenation, the
// result as wide as both operands together (NumPy 2's string add).
ArrayPtr text_ufunc(Ufunc op, const std::vector<UfuncOperand>& ops, const UfuncOptions& opt) {
  if (ops.size() != 2 || opt.out) raise_no_text_loop(op, ops);
  const Array &a = *ops[0].array, &b = *ops[1].array;
  Shape shape;
  const bool same_kind = is_text(a) && is_text(b) && a.dtype == b.dtype;
  if (!try_broadcast_shapes({a.shape, b.shape}, shape)) {
    value_error("operands could not be broadcast together with shapes " + shape_compact(a.shape) + " " +
                shape_compact(b.shape));
  }
  const Array x = broadcast_layout(a, shape), y = broadcast_layout(b, shape);
  const int64_t n = shape_size(shape);
  if (is_comparison(op)) {
    ArrayPtr out = make_array(DType::Bool, shape);
    if (!same_kind) {
      if (op != Ufunc::equal && op != Ufunc::not_equal) {
        if (is_text(a) && is_text(b))
          raise("_UFuncBinaryResolutionError", std::string("ufunc '") + ufunc_name(op) + "' cannot use operands with types " +
                                      dtype_repr_of(a) + " and " + dtype_repr_of(b));
        raise_no_text_loop(op, ops);
      }
      const bool v = op == Ufunc::not_equal;
      for (int64_t i = 0; i < n; ++i) out->data()[i] = v;
      return out;
    }
    for (int64_t i = 0; i < n; ++i) {
      int c = compare_str(*x.descr, x.storage->data() + element_offset(x, i), *y.descr,
                          y.storage->data() + element_offset(y, i));
      out->data()[i] = char(compare_op_result(op, c));
    }
    return out;
  }
  if (op == Ufunc::add && same_kind) {
    std::vector<std::string> sx = texts_of(x), sy = texts_of(y);
    for (size_t i = 0; i < sx.size(); ++i) sx[i] += sy[i];
    return text_array(a.dtype, shape, sx, flexible_length(*a.descr) + flexible_length(*b.descr));
  }
  if (op == Ufunc::add && is_text(a) && is_text(b))
    raise("_UFuncBinaryResolutionError", std::string("ufunc 'add' cannot use operands with types ") + dtype_repr_of(a) + " and " +
                                dtype_repr_of(b));
  raise_no_text_loop(op, ops);
}

}  // namespace sl
