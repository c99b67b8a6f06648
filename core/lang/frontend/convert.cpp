// frontend/convert: Python values <-> engine arrays, dtypes, shapes and
// indices (see convert.hpp).
#include "core/lang/objects/bytes.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/objects/pyint.hpp"

#include <cmath>
#include <cctype>
#include <cstring>

#include "core/model/element.hpp"
#include "core/text/numfmt.hpp"
#include "core/ops/copy.hpp"
#include "core/model/strides.hpp"
#include "core/text/utf8.hpp"
#include "core/text/flexible.hpp"

namespace sl::lang {

Value wrap(ArrayPtr a) { return Value(std::move(a)); }

bool is_tensor(const Value& v) { return v.is_array() && v.arr().is_torch(); }

Value dtype_value(Interp& in, DType dt, bool torch) {
  return Value(std::static_pointer_cast<Obj>(std::make_shared<DTypeObj>(dt, torch)));
}

Value dtype_value(Interp& in, const DTypeFull& t) {
  return Value(std::static_pointer_cast<Obj>(std::make_shared<DTypeObj>(t.dt, false, t.descr)));
}

DTypeFull array_dtype(const Array& a) { return {a.dtype, a.descr}; }

bool is_dtype_like(Interp& in, const Value& v) {
  if (v.as<DTypeObj>()) return true;
  if (auto* ty = v.as<TypeObj>()) {
    for (int k = 0; k < kNumDTypes + 3; ++k)
      if (in.t.np_scalar[k] == ty) return true;
    return ty == in.t.int_ || ty == in.t.float_ || ty == in.t.bool_ || ty == in.t.complex_;
  }
  if (auto* s = v.as<StrObj>()) {
    DTypeFull d;
    return parse_dtype_full(s->s, d);
  }
  return false;
}

DType to_dtype(Interp& in, const Value& v) {
  if (auto* d = v.as<DTypeObj>()) return d->dt;
  if (auto* ty = v.as<TypeObj>()) {
    for (int k = 0; k < kNumDTypes + 3; ++k)
      if (in.t.np_scalar[k] == ty) return DType(k);
    if (ty == in.t.int_) return DType::I64;
    if (ty == in.t.float_) return DType::F64;
    if (ty == in.t.bool_) return DType::Bool;
    if (ty == in.t.complex_) return DType::C128;
    in.raise_exc("TypeError", "Cannot interpret '" + in.repr(v) + "' as a data type");
  }
  if (auto* s = v.as<StrObj>()) {
    DType d;
    if (parse_dtype(s->s, d)) return d;
    DTypeFull f;
    if (parse_dtype_full(s->s, f)) return f.dt;  // flexible: callers without a descriptor raise
    in.raise_exc("TypeError", "data type '" + s->s + "' not understood");
  }
  if (v.is_none()) return DType::F64;
  if (v.as<ListObj>() || v.as<DictObj>()) return DType::Void;
  in.raise_exc("TypeError", "Cannot interpret '" + in.repr(v) + "' as a data type");
}

Shape to_shape(Interp& in, const Value& v) {
  // CPython names the type by its tp_name: NumPy's are qualified
  auto tp_name = [&](const Value& x) { return (x.is_array() && !x.arr().is_torch() ? "numpy." : "") + in.type_of(x)->name; };
  Shape s;
  if (v.as<TupleObj>() || v.as<ListObj>() || (v.is_obj() && v.as<GenericObj>())) {
    for (auto& x : in.to_vector(v)) {
      if (!in.is_int_like(x))
        in.raise_exc("TypeError", "'" + tp_name(x) + "' object cannot be interpreted as an integer");
      s.push_back(in.index_value(x));
    }
    return s;
  }
  if (!in.is_int_like(v))
    in.raise_exc("TypeError", "'" + tp_name(v) + "' object cannot be interpreted as an integer");
  s.push_back(in.index_value(v));
  return s;
}

Shape intp_shape(Interp& in, const Value& v) {
  if (v.is_none()) return {};
  if (v.is_array() && v.arr().flavor == Flavor::NumPy && v.arr().ndim() > 0) return to_shape(in, make_list(in.to_vector(v)));
  return to_shape(in, v);
}

Shape shape_from_args(Interp& in, Args& a, size_t first) {
  if (a.pos.size() == first + 1) return to_shape(in, a.pos[first]);
  Shape s;
  for (size_t k = first; k < a.pos.size(); ++k) {
    if (!in.is_int_like(a.pos[k]))
      in.raise_exc("TypeError", "'" + in.type_of(a.pos[k])->name + "' object cannot be interpreted as an integer");
    s.push_back(in.index_value(a.pos[k]));
  }
  return s;
}

Value make_scalar(DType dt, const void* p) {
  auto a = make_array(dt, {}, 'C', Flavor::Scalar);
  std::memcpy(a->data(), p, size_t(itemsize(dt)));
  a->writeable = false;
  return Value(a);
}

Value element_value(Interp& in, const Array& a, const char* p) {
  if (a.descr) {  // np.str_ / np.bytes_ / np.void: a 0-d read-only copy of the element
    auto s = make_array(a.dtype, a.descr, {}, 'C', Flavor::Scalar);
    std::memcpy(s->data(), p, size_t(a.itemsize()));
    s->writeable = false;
    return Value(s);
  }
  if (a.is_torch()) {
    auto t = make_array(a.dtype, {}, 'C', Flavor::Torch);
    std::memcpy(t->data(), p, size_t(a.itemsize()));
    return Value(t);
  }
  return make_scalar(a.dtype, p);
}

DType infer_dtype(Interp& in, const Value& v) {
  if (v.is_bool()) return DType::Bool;
  if (v.is_int() || is_bigint(v)) return DType::I64;
  if (v.is_float()) return DType::F64;
  if (v.as<ComplexObj>()) return DType::C128;
  if (v.is_array()) return v.arr().dtype;
  in.raise_exc("TypeError", "cannot infer a dtype for " + in.type_name(v));
}

namespace {

// Nested sequence discovery: the shape and the kinds of element of nested lists
// and tuples. Mirrors NumPy's PyArray_DiscoverDTypeAndShape_Recursive and
// update_shape (numpy/_core/src/multiarray/array_coercion.c).
//
// The problem: find the longest shape (s_0, ..., s_{n-1}), n <= 64 (NPY_MAXDIMS),
// such that every element reached through n levels of sequences is a leaf (a
// number, a string, an array contributing its own dimensions) and every sequence
// at level k has length s_k. The walk is depth first, left to right: `max_dims`
// starts at 64 and shrinks to the depth of the first leaf (a leaf fixes the shape's
// length); a sequence found at depth max_dims stands where a leaf belongs, and a
// length that disagrees with the one recorded marks the input ragged and cuts
// max_dims to the depth where it disagreed. The walk never descends below
// max_dims, so a list that contains itself ends at depth 64 at the latest.
// Ragged input is NumPy's ValueError: "would exceed the maximum number of
// dimension of 64" when the cut never happened, else "inhomogeneous shape after
// n dimensions" with the n dimensions that held.
struct Discovery {
  static constexpr int kMaxDims = sl::kMaxDims;  // NPY_MAXDIMS
  int64_t shape[kMaxDims] = {};
  int max_dims = kMaxDims;
  bool max_dims_reached = false;  // a leaf (or an empty sequence) fixed the shape's length
  bool ragged = false;
  bool tuples_as_elements = false;  // a structured result: each tuple is one record
  bool any_bool = false, any_int = false, any_float = false, any_complex = false;
  std::optional<DType> arr_dtype;
  // text items (Note [Flexible dtypes]): str / bytes values and text arrays
  bool any_str = false, any_bytes = false;
  int64_t text_len = 0;  // longest item in characters (str) or bytes
};

// Records n dimensions found at depth `curr` (a sequence's one length, or a leaf's
// own shape); false when they disagree with what was recorded (NumPy's update_shape).
bool update_shape(Discovery& d, int curr, int n, const int64_t* dims, bool sequence) {
  bool ok = true;
  const bool reached = d.max_dims_reached;
  if (curr + n > d.max_dims) {
    ok = false;
    n = d.max_dims - curr;
  } else if (!sequence && d.max_dims != curr + n) {
    d.max_dims = curr + n;
    if (reached) ok = false;
  }
  for (int i = 0; i < n; ++i) {
    if (!reached) {
      d.shape[curr + i] = dims[i];
    } else if (dims[i] != d.shape[curr + i]) {
      ok = false;
      d.max_dims = sequence ? curr : d.max_dims - (n - i);
      break;
    }
  }
  if (!sequence) d.max_dims_reached = true;
  return ok;
}

// A leaf: its kind and its dimensions (an array's own; none for a scalar).
void discover_leaf(Interp& in, const Value& v, int curr, Discovery& d) {
  const Array* a = v.is_array() ? &v.arr() : nullptr;
  if (a && a->descr && a->descr->kind != DType::Void) {
    (a->dtype == DType::Str ? d.any_str : d.any_bytes) = true;
    d.text_len = std::max(d.text_len, flexible_length(*a->descr));
  } else if (a) {
    if (!(d.tuples_as_elements && a->descr)) d.arr_dtype = d.arr_dtype ? promote(*d.arr_dtype, a->dtype) : a->dtype;
  } else if (auto* s = v.as<StrObj>()) {
    d.any_str = true;
    d.text_len = std::max(d.text_len, int64_t(utf8_len(s->s)));
  } else if (is_bytes(v)) {
    d.any_bytes = true;
    d.text_len = std::max(d.text_len, int64_t(v.as<BytesObj>()->s.size()));
  } else if (v.is_bool()) {
    d.any_bool = true;
  } else if (v.is_int() || is_bigint(v)) {  // a big int fails at the store, with NumPy's OverflowError
    d.any_int = true;
  } else if (v.is_float()) {
    d.any_float = true;
  } else if (v.as<ComplexObj>()) {
    d.any_complex = true;
  } else if (!d.tuples_as_elements) {  // a record's fields are converted when it is stored
    in.raise_exc("TypeError", "stridelab arrays hold numbers, text and records only; cannot convert " + in.type_name(v));
  }
  // a record (a tuple, or a structured array's element) is one element of a structured result
  const bool own_dims = a && !(d.tuples_as_elements && a->descr);
  if (!update_shape(d, curr, own_dims ? a->ndim() : 0, own_dims ? a->shape.data() : nullptr, false)) d.ragged = true;
}

void discover(Interp& in, const Value& v, int curr, Discovery& d) {
  const std::vector<Value>* items = nullptr;
  if (auto* l = v.as<ListObj>()) items = &l->items;
  else if (auto* t = v.as<TupleObj>(); t && !d.tuples_as_elements) items = &t->items;
  if (!items) return discover_leaf(in, v, curr, d);
  in.checkpoint();  // Note [Checkpoints]: NumPy checks for signals per sequence
  if (curr == d.max_dims) {  // a sequence where a leaf belongs, or 64 levels deep
    update_shape(d, curr, 0, nullptr, false);
    d.ragged = true;
    return;
  }
  const int64_t size = int64_t(items->size());
  if (!update_shape(d, curr, 1, &size, true)) {
    d.ragged = true;
    return;
  }
  if (size == 0) {  // an empty sequence is the last dimension
    d.max_dims_reached = true;
    d.max_dims = curr + 1;
    return;
  }
  for (size_t k = 0; k < items->size(); ++k) discover(in, (*items)[k], curr + 1, d);
}

// The discovered shape, or NumPy's error for ragged input.
Shape discovered_shape(Interp& in, const Discovery& d) {
  Shape shape(d.shape, d.shape + d.max_dims);
  if (!d.ragged) return shape;
  if (d.max_dims == Discovery::kMaxDims)
    in.raise_exc("ValueError", "setting an array element with a sequence. The requested array would exceed the maximum number of "
                               "dimension of " + std::to_string(Discovery::kMaxDims) + ".");
  std::string detected = "(";
  for (size_t k = 0; k < shape.size(); ++k) detected += std::to_string(shape[k]) + (shape.size() == 1 ? "," : (k + 1 < shape.size() ? ", " : ""));
  detected += ")";
  in.raise_exc("ValueError", "setting an array element with a sequence. The requested array has an inhomogeneous shape after " +
                                 std::to_string(shape.size()) + " dimensions. The detected shape was " + detected +
                                 " + inhomogeneous part.");
}

// An array over `out`'s storage at p with out's dtype and the given shape
// (C-contiguous): the destination of one nested item.
ArrayPtr block_at(const Array& out, char* p, const Shape& shp, DType dt, const DescrPtr& descr) {
  ArrayPtr dst = std::make_shared<Array>();
  dst->dtype = dt;
  dst->descr = descr;
  dst->shape = shp;
  dst->strides = default_strides(shp, dst->itemsize(), 'C');
  dst->storage = out.storage;
  dst->offset = p - out.storage->data();
  return dst;
}

// tuples_are_records: a structured destination takes each tuple as one record.
void fill_from(Interp& in, const Value& v, const Array& out, char*& p, bool tuples_are_records) {
  if (auto* l = v.as<ListObj>()) {
    for (auto& x : l->items) fill_from(in, x, out, p, tuples_are_records);
    return;
  }
  if (auto* t = v.as<TupleObj>(); t && !tuples_are_records) {
    for (auto& x : t->items) fill_from(in, x, out, p, tuples_are_records);
    return;
  }
  if (v.is_array() && !(tuples_are_records && v.arr().descr)) {
    const Array& a = v.arr();
    copy_into(*block_at(out, p, a.shape, out.dtype, out.descr), a);
    p += a.size() * out.itemsize();
    return;
  }
  store_element(in, v, out, p);
  p += out.itemsize();
}

}  // namespace

ArrayPtr make_view_of_bytes(DType dt, const char* p) {
  ArrayPtr a = make_array(dt, {});
  std::memcpy(a->data(), p, size_t(itemsize(dt)));
  return a;
}

// A flexible dtype of size 0 ('U', np.str_, 'S') takes its size from the data:
// the longest text, or the text width of the numbers it is made from.
DTypeFull sized_for(const DTypeFull& t, const DTypeFull& src) {
  if (!t.descr || t.descr->itemsize != 0 || t.descr->structured()) return t;
  if (t.dt == DType::Void) return {t.dt, flexible_descr(DType::Void, src.itemsize())};
  int64_t n = src.descr ? (src.descr->kind == DType::Void ? src.descr->itemsize : flexible_length(*src.descr))
                        : text_width_of(src.dt);
  return {t.dt, flexible_descr(t.dt, n)};
}

bool makes_object_scalar(const Value& v) {
  if (v.is_none()) return true;
  if (!v.is_obj()) return false;
  switch (v.obj()->kind) {
    case ObjKind::Dict: case ObjKind::Set: case ObjKind::Function: case ObjKind::Builtin:
    case ObjKind::BoundMethod: case ObjKind::Module: case ObjKind::Type:
      return true;
    default:
      return false;
  }
}

ArrayPtr to_array_dims_first(Interp& in, const Value& v) {
  return makes_object_scalar(v) ? make_array(DType::F64, {}) : to_array(in, v);
}

void value_to_bytes(Interp& in, const Value& v, DType dt, char* out) {
  if (auto* b = v.as<BigIntObj>()) {  // past int64: only uint64 and the inexact kinds take it
    if (is_integer(dt)) {
      if (dt != DType::U64 || b->v.neg || b->v.bit_length() > 64)
        in.raise_exc("OverflowError", "Python int too large to convert to C long");
      uint64_t u = uint64_t(b->v.mag[0]) | (b->v.mag.size() > 1 ? uint64_t(b->v.mag[1]) << 32 : 0);
      store_as(dt, out, u);
      return;
    }
    double x = int_to_double(in, v);
    if (is_complex(dt)) store_as(dt, out, c128(x, 0));
    else store_as(dt, out, x);
    return;
  }
  if (v.is_bool() || v.is_int()) {
    int64_t x = v.as_int();
    if (is_integer(dt) && !v.is_bool()) {
      // NumPy 1.24 deprecates out-of-bound Python ints but still wraps; NumPy 2 raises.
      bool ok = is_unsigned_int(dt) ? x >= 0 && (itemsize(dt) == 8 || uint64_t(x) < (uint64_t(1) << (8 * itemsize(dt))))
                                    : itemsize(dt) == 8 || (x >= -(int64_t(1) << (8 * itemsize(dt) - 1)) && x < (int64_t(1) << (8 * itemsize(dt) - 1)));
      if (!ok)
        in.raise_exc("OverflowError", "Python integer " + std::to_string(x) + " out of bounds for " + name(dt));
    }
    store_as(dt, out, x);
    return;
  }
  if (v.is_float()) {
    double x = v.as_float();
    if (is_integer(dt)) {
      // NumPy 2 stores a Python float in an integer dtype as the Python int it
      // truncates to (int(x)), under the Python int rules above: it must fit
      // a C long (uint64 takes up to 2**64 - 1), then the dtype's bounds.
      if (!std::isfinite(x))
        in.raise_exc(std::isnan(x) ? "ValueError" : "OverflowError",
                     std::isnan(x) ? "cannot convert float NaN to integer" : "cannot convert float infinity to integer");
      const double t = std::trunc(x);
      if (dt == DType::U64 && t >= 9223372036854775808.0 && t < 18446744073709551616.0) {
        store_as(dt, out, uint64_t(t));
        return;
      }
      if (!(t >= -9223372036854775808.0 && t < 9223372036854775808.0))
        in.raise_exc("OverflowError", "Python int too large to convert to C long");
      value_to_bytes(in, Value::integer(int64_t(t)), dt, out);
      return;
    }
    store_as(dt, out, x);
    return;
  }
  if (v.is_array()) {
    const Array& a = v.arr();
    if (a.size() != 1) in.raise_exc("ValueError", "setting an array element with a sequence.");
    visit_dtype(a.dtype, [&](auto t) {
      using T = decltype(t);
      std::vector<int64_t> zero(a.ndim(), 0);
      T x = load<T>(a.storage->data() + flat_offset(a, zero));
      store_as(dt, out, x);
    });
    return;
  }
  if (auto* c = v.as<ComplexObj>()) {
    if (!is_complex(dt)) in.raise_exc("TypeError", std::string(is_float(dt) ? "float" : "int") + "() argument must be a string or a real number, not 'complex'");
    store_as(dt, out, c128(c->re, c->im));
    return;
  }
  if (v.as<ListObj>() || v.as<TupleObj>()) in.raise_exc("ValueError", "setting an array element with a sequence.");
  if (auto* s = v.as<StrObj>()) {
    double x = in.float_value(v);
    (void)s;
    store_as(dt, out, x);
    return;
  }
  in.raise_exc("TypeError", std::string(is_float(dt) ? "float" : "int") + "() argument must be a string or a real number, not '" + in.type_of(v)->name + "'");
}

void store_element(Interp& in, const Value& v, const Array& a, char* p) {
  if (!a.descr) {
    if (v.is_array() && v.arr().descr) {  // text -> number: NumPy parses it
      const Array& src = v.arr();
      if (src.size() != 1) in.raise_exc("ValueError", "setting an array element with a sequence.");
      copy_into(*block_at(a, p, {}, a.dtype, nullptr), *block_at(src, src.data(), {}, src.dtype, src.descr));
      return;
    }
    value_to_bytes(in, v, a.dtype, p);
    return;
  }
  const Descr& d = *a.descr;
  if (d.structured()) {
    const TupleObj* t = v.as<TupleObj>();
    if (v.is_array() && v.arr().descr && v.arr().descr->structured() && v.arr().size() == 1) {
      const Array& src = v.arr();
      copy_into(*block_at(a, p, {}, a.dtype, a.descr), *block_at(src, src.data(), {}, src.dtype, src.descr));
      return;
    }
    if (t && t->items.size() != d.fields.size())
      in.raise_exc("ValueError", "could not assign tuple of length " + std::to_string(t->items.size()) +
                                     " to structure with " + std::to_string(d.fields.size()) + " fields.");
    for (size_t k = 0; k < d.fields.size(); ++k) {
      const Field& f = d.fields[k];
      const Value& x = t ? t->items[k] : v;
      char* q = p + f.offset;
      if (f.type.descr && f.type.descr->base) {  // subarray field: broadcast a value or copy a nested list
        const DTypeFull& b = *f.type.descr->base;
        ArrayPtr blk = block_at(a, q, f.type.descr->sub_shape, b.dt, b.descr);
        ArrayPtr src = to_array_full(in, x, std::nullopt);
        copy_into(*blk, *broadcast_to(src, blk->shape));
        continue;
      }
      store_element(in, x, *block_at(a, q, {}, f.type.dt, f.type.descr), q);
    }
    return;
  }
  if (auto* s = v.as<StrObj>()) {
    if (d.kind == DType::Bytes) require_ascii(s->s);
    write_str(d, p, s->s);
    return;
  }
  if (is_bytes(v)) {
    write_str(d, p, v.as<BytesObj>()->s);
    return;
  }
  if (v.is_array()) {
    const Array& src = v.arr();
    if (src.size() != 1) in.raise_exc("ValueError", "setting an array element with a sequence.");
    std::vector<int64_t> zero(size_t(src.ndim()), 0);
    char* sp = src.storage->data() + flat_offset(src, zero);
    copy_into(*block_at(a, p, {}, a.dtype, a.descr), *block_at(src, sp, {}, src.dtype, src.descr));
    return;
  }
  if (d.kind == DType::Void) in.raise_exc("TypeError", "a bytes-like object is required, not '" + in.type_of(v)->name + "'");
  write_str(d, p, in.str(v));
}

ArrayPtr to_array(Interp& in, const Value& v, std::optional<DType> dt, bool copy) {
  std::optional<DTypeFull> full;
  if (dt) full = DTypeFull{*dt, is_flexible(*dt) ? flexible_descr(*dt, 0) : nullptr};
  return to_array_full(in, v, full, copy);
}

DTypeFull to_dtype_full(Interp& in, const Value& v, bool align) {
  if (auto* d = v.as<DTypeObj>()) return {d->dt, d->descr};
  if (auto* ty = v.as<TypeObj>()) {
    if (ty == in.t.str) return {DType::Str, flexible_descr(DType::Str, 0)};
    for (int k = kNumDTypes; k < kNumDTypes + 3; ++k)
      if (in.t.np_scalar[k] == ty) return {DType(k), flexible_descr(DType(k), 0)};
    return {to_dtype(in, v), nullptr};
  }
  if (auto* s = v.as<StrObj>()) {
    DTypeFull f;
    if (parse_dtype_full(s->s, f)) return f;
    in.raise_exc("TypeError", "data type '" + s->s + "' not understood");
  }
  auto field_specs = [&](const std::vector<Value>& names, const std::vector<Value>& formats) {
    std::vector<FieldSpec> specs;
    for (size_t k = 0; k < names.size(); ++k) {
      auto* n = names[k].as<StrObj>();
      if (!n) in.raise_exc("ValueError", "field names must be strings");
      specs.push_back({n->s, to_dtype_full(in, formats[k], align)});
    }
    return specs;
  };
  if (auto* l = v.as<ListObj>()) {  // [('x', 'f4'), ('pos', 'f4', (3,)), ...]
    std::vector<Value> names, formats;
    std::vector<FieldSpec> specs;
    for (auto& item : l->items) {
      auto* t = item.as<TupleObj>();
      if (!t || t->items.size() < 2 || t->items.size() > 3) in.raise_exc("TypeError", "data type not understood");
      auto* n = t->items[0].as<StrObj>();
      if (!n) in.raise_exc("TypeError", "First element of field tuple is neither a tuple nor str");
      DTypeFull ft = to_dtype_full(in, t->items[1], align);
      if (t->items.size() == 3) ft = make_subarray(ft, to_shape(in, t->items[2]));
      specs.push_back({n->s.empty() ? "f" + std::to_string(specs.size()) : n->s, ft});
    }
    return {DType::Void, make_struct(specs, align)};
  }
  if (auto* dict = v.as<DictObj>()) {  // {'names': [...], 'formats': [...], 'offsets': [...], 'itemsize': n}
    auto get = [&](const char* key) -> std::optional<Value> {
      Value k = make_str(key);
      if (!in.contains(v, k)) return std::nullopt;
      return in.getitem(v, k);
    };
    (void)dict;
    auto names = get("names"), formats = get("formats"), offsets = get("offsets"), size = get("itemsize"),
         aligned = get("aligned");
    if (!names || !formats) in.raise_exc("TypeError", "Cannot interpret '" + in.repr(v) + "' as a data type");
    if (aligned && in.truthy(*aligned)) align = true;
    std::vector<Value> nv = in.to_vector(*names), fv = in.to_vector(*formats);
    if (nv.size() != fv.size()) in.raise_exc("ValueError", "all items in the dictionary must have the same length.");
    std::vector<FieldSpec> specs = field_specs(nv, fv);
    if (!offsets) {
      DescrPtr d = make_struct(specs, align);
      if (size) d = make_struct_offsets(specs, [&] {
                      std::vector<int64_t> o;
                      for (auto& f : d->fields) o.push_back(f.offset);
                      return o;
                    }(), in.index_value(*size), align);
      return {DType::Void, d};
    }
    std::vector<int64_t> offs;
    for (auto& o : in.to_vector(*offsets)) offs.push_back(in.index_value(o));
    int64_t end = 0;
    for (size_t k = 0; k < specs.size() && k < offs.size(); ++k) end = std::max(end, offs[k] + specs[k].type.itemsize());
    return {DType::Void, make_struct_offsets(specs, offs, size ? in.index_value(*size) : end, align)};
  }
  if (auto* t = v.as<TupleObj>(); t && t->items.size() == 2) {  // (base, shape): a subarray dtype
    if (t->items[1].is_int() && t->items[0].as<StrObj>()) {
      DTypeFull base = to_dtype_full(in, t->items[0]);
      if (base.descr && base.descr->itemsize == 0) {
        if (!flexible_size_ok(base.dt, t->items[1].as_int())) in.raise_exc("ValueError", "invalid itemsize in generic type tuple");
        return {base.dt, flexible_descr(base.dt, t->items[1].as_int())};
      }
    }
    return make_subarray(to_dtype_full(in, t->items[0], align), to_shape(in, t->items[1]));
  }
  return {to_dtype(in, v), nullptr};
}

ArrayPtr to_array_full(Interp& in, const Value& v, const std::optional<DTypeFull>& dt, bool copy) {
  if (v.as<RangeObj>()) return to_array_full(in, make_list(in.to_vector(v)), dt, copy);  // a range converts as its list
  if (v.is_array()) {
    const ArrayPtr a = v.array();
    if (!dt) {
      if (!copy && a->flavor != Flavor::Scalar) return a;
      return copy_as(*a, a->dtype, a->descr, 'C');
    }
    DTypeFull t = sized_for(*dt, array_dtype(*a));
    if (!copy && a->flavor != Flavor::Scalar && sl::dtype_equal(t, array_dtype(*a))) return a;
    return copy_as(*a, t.dt, t.descr, 'C');
  }
  if (dt && dt->descr && dt->descr->structured()) {
    Discovery d;
    d.tuples_as_elements = true;
    discover(in, v, 0, d);
    ArrayPtr out = make_array(dt->dt, dt->descr, discovered_shape(in, d));
    char* p = out->data();
    fill_from(in, v, *out, p, true);
    return out;
  }
  Discovery d;
  discover(in, v, 0, d);
  const Shape shape = discovered_shape(in, d);
  DTypeFull out;
  DType& out_dt = out.dt;
  if (dt) {
    out = *dt;
    if (out.descr && out.descr->itemsize == 0 && out.dt != DType::Void) {
      // the longest text item, or the widest number's text
      int64_t n = d.text_len;
      if (d.any_complex) n = std::max(n, text_width_of(DType::C128));
      else if (d.any_float) n = std::max(n, text_width_of(DType::F64));
      else if (d.any_int) n = std::max(n, text_width_of(DType::I64));
      else if (d.any_bool) n = std::max(n, text_width_of(DType::Bool));
      if (d.arr_dtype) n = std::max(n, text_width_of(*d.arr_dtype));
      out.descr = flexible_descr(out.dt, std::max<int64_t>(n, 1));  // NumPy's text arrays hold at least one character
    }
  } else if (d.any_str || d.any_bytes) {
    DType kind = d.any_str ? DType::Str : DType::Bytes;
    return to_array_full(in, v, DTypeFull{kind, flexible_descr(kind, 0)}, copy);
  } else {
    // Python scalars promote by kind (bool < int < float < complex); arrays by promotion.
    std::optional<DType> py;
    if (d.any_complex) py = DType::C128;
    else if (d.any_float) py = DType::F64;
    else if (d.any_int) py = DType::I64;
    else if (d.any_bool) py = DType::Bool;
    if (d.arr_dtype && py) out_dt = promote(*d.arr_dtype, *py);
    else if (d.arr_dtype) out_dt = *d.arr_dtype;
    else out_dt = py ? *py : DType::F64;
  }
  ArrayPtr arr = make_array(out.dt, out.descr, shape);
  char* p = arr->data();
  fill_from(in, v, *arr, p, false);
  return arr;
}

ArrayPtr arg_array(Interp& in, const Value& v, const char* what) { return to_array(in, v); }

namespace {
void fill_slice_item(Interp& in, const SliceObj& s, IndexItem& it) {
  auto conv = [&](const Value& x) -> std::optional<int64_t> {
    if (x.is_none()) return std::nullopt;
    if (!in.is_int_like(x)) in.raise_exc("TypeError", "slice indices must be integers or None or have an __index__ method");
    return in.index_value(x);
  };
  it.kind = IndexItem::Slice;
  it.start = conv(s.start);
  it.stop = conv(s.stop);
  it.step = conv(s.step);
}
}  // namespace

IndexItem slice_item(Interp& in, const SliceObj& s) {
  IndexItem it;
  fill_slice_item(in, s, it);
  return it;
}

bool parse_basic_index(Interp& in, const Value& key, std::vector<IndexItem>& out) {
  // the tuple's items are read in place (no copy of the vector per subscript)
  const TupleObj* tup = key.as<TupleObj>();
  const Value* first = tup ? tup->items.data() : &key;
  const size_t n = tup ? tup->items.size() : 1;
  out.reserve(n);
  for (size_t j = 0; j < n; ++j) {
    const Value& k = first[j];
    // Each item is written once, in place: a local item copied into the
    // vector reads back the optionals' just-stored flag bytes as wider words
    // (a store-forwarding stall per item, the largest cost of this function in
    // a native profile of `v = x[:, ::2]`).
    IndexItem& it = out.emplace_back();
    if (k.is_int() || (k.is_array() && k.arr().ndim() == 0 && is_integer(k.arr().dtype))) {
      it.kind = IndexItem::Int;
      it.i = in.index_value(k);
    } else if (auto* s = k.as<SliceObj>()) {
      fill_slice_item(in, *s, it);
    } else if (k.is_none()) {
      it.kind = IndexItem::NewAxis;
    } else if (k.as<EllipsisObj>()) {
      it.kind = IndexItem::Ellipsis;
    } else if (k.is_bool()) {
      out.pop_back();
      return false;  // NumPy treats a bare bool as a 0-d boolean index (advanced)
    } else if (k.is_array() || k.as<ListObj>() || k.as<TupleObj>() || k.as<RangeObj>()) {
      out.pop_back();
      return false;  // array-likes (a tuple inside an index is a sequence index; a range is a sequence)
    } else if (k.is_float()) {
      in.raise_exc("IndexError", "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices");
    } else {
      in.raise_exc("IndexError", "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices");
    }
  }
  return true;
}

Value tuple_of(const std::vector<int64_t>& v) {
  std::vector<Value> items;
  for (int64_t x : v) items.push_back(Value::integer(x));
  return make_tuple(std::move(items));
}

char order_arg(Interp& in, const Value& v, char dflt, OrderUse use) {
  char o = dflt;
  if (!v.is_none()) {
    const std::string* s = v.as<StrObj>() ? &v.as<StrObj>()->s : is_bytes(v) ? &v.as<BytesObj>()->s : nullptr;  // str or bytes
    if (!s) in.raise_exc("TypeError", "order must be str, not " + in.type_of(v)->name);
    o = s->size() == 1 ? char(std::toupper((unsigned char)(*s)[0])) : '?';
    if (o == 0 || !std::strchr("CFAK", o))
      in.raise_exc("ValueError", "order must be one of 'C', 'F', 'A', or 'K' (got '" + *s + "')");
  }
  if (use == OrderUse::Reshape && o == 'K') in.raise_exc("ValueError", "order 'K' is not permitted for reshaping");
  if (use == OrderUse::Create && o != 'C' && o != 'F') in.raise_exc("ValueError", "only 'C' or 'F' order is permitted");
  return o;
}

}  // namespace sl::lang
