// numpy/strings: the NumPy front end of flexible dtypes (Note [Flexible dtypes]):
// np.str_ / np.bytes_ / np.void scalar types, the attributes of text and record
// dtypes (fields, names, descr, isalignedstruct, ...), the np.char and
// np.strings functions, and np.rec.array / recarray.
//
// Invariant: this file converts arguments and formats results; layouts come
// from core/model/descr (itemsize, offsets, field views) and core/ops/strings (text
// loops), never from here. The np.char functions work on UTF-8 text and treat
// case (upper, lower, title, ...) by ASCII rules; other characters keep their case.
#include <algorithm>
#include <cstring>

#include "core/lang/objects/bytes.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"
#include "core/ops/copy.hpp"
#include "core/lang/numpy/ufuncs.hpp"
#include "core/text/numfmt.hpp"
#include "core/model/strides.hpp"
#include "core/ops/strings.hpp"
#include "core/ops/views.hpp"
#include "core/text/utf8.hpp"
#include "core/text/flexible.hpp"

namespace sl::lang {

namespace {

Value type_obj_value(TypeObj* t) { return Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), t)); }

// ---------------------------------------------------------------- dtype attributes

Value descr_list(Interp& in, const DTypeFull& t);

// One entry of dtype.descr for a field type: '<f4', [(...)] for a nested record,
// and the subarray shape as a third item.
std::vector<Value> descr_entry(Interp& in, const std::string& name, const DTypeFull& t) {
  if (t.descr && t.descr->base)
    return {make_str(name), descr_entry(in, "", *t.descr->base)[1], make_tuple([&] {
              std::vector<Value> s;
              for (int64_t n : t.descr->sub_shape) s.push_back(Value::integer(n));
              return s;
            }())};
  if (t.descr && t.descr->structured()) return {make_str(name), descr_list(in, t)};
  return {make_str(name), make_str(dtype_str(t))};
}

// dtype.descr (numpy's arraydescr_protocol_descr_get): the fields in offset
// order with ('', '|Vn') entries for the gaps.
Value descr_list(Interp& in, const DTypeFull& t) {
  std::vector<Value> items;
  if (!t.descr || !t.descr->structured()) {
    items.push_back(make_tuple({make_str(""), make_str(dtype_str(t))}));
    return make_list(std::move(items));
  }
  std::vector<const Field*> fs;
  for (const Field& f : t.descr->fields) fs.push_back(&f);
  std::stable_sort(fs.begin(), fs.end(), [](const Field* a, const Field* b) { return a->offset < b->offset; });
  int64_t pos = 0;
  for (const Field* f : fs) {
    if (f->offset > pos) items.push_back(make_tuple({make_str(""), make_str("|V" + std::to_string(f->offset - pos))}));
    items.push_back(make_tuple(descr_entry(in, f->name, f->type)));
    pos = std::max(pos, f->offset + f->type.itemsize());
  }
  if (t.descr->itemsize > pos) items.push_back(make_tuple({make_str(""), make_str("|V" + std::to_string(t.descr->itemsize - pos))}));
  return make_list(std::move(items));
}

}  // namespace

// dtype attributes that depend on a descriptor (numpy/_core/src/multiarray/descriptor.c getters).
Value flexible_dtype_getattr(Interp& in, const Value& v, const std::string& attr, bool& found) {
  found = true;
  auto* d = v.as<DTypeObj>();
  const DTypeFull t{d->dt, d->descr};
  if (attr == "descr") return descr_list(in, t);
  if (attr == "isalignedstruct") return Value::boolean(t.descr && t.descr->aligned);
  if (!t.descr) {
    found = false;
    return Value();
  }
  const Descr& ds = *t.descr;
  if (attr == "itemsize") return Value::integer(ds.itemsize);
  if (attr == "kind" || attr == "char") return make_str(std::string(1, info(t.dt).kind));
  if (attr == "name") return make_str(dtype_name(t));
  if (attr == "str") return make_str(dtype_str(t));
  if (attr == "byteorder") return make_str(t.dt == DType::Str ? "=" : "|");
  if (attr == "alignment") return Value::integer(ds.alignment);
  if (attr == "type") return type_obj_value(in.t.np_scalar[int(t.dt)]);
  if (attr == "num") return Value::integer(t.dt == DType::Str ? 19 : t.dt == DType::Bytes ? 18 : 20);
  if (attr == "isnative") return Value::boolean(true);
  if (attr == "hasobject") return Value::boolean(false);
  if (attr == "isbuiltin") return Value::integer(0);
  if (attr == "metadata") return Value();
  if (attr == "names") {
    if (!ds.structured()) return Value();
    std::vector<Value> names;
    for (const Field& f : ds.fields) names.push_back(make_str(f.name));
    return make_tuple(std::move(names));
  }
  if (attr == "fields") {
    if (!ds.structured()) return Value();
    Value dict = in.call(in.builtins["dict"], std::vector<Value>{});
    for (const Field& f : ds.fields)
      in.setitem(dict, make_str(f.name), make_tuple({dtype_value(in, f.type), Value::integer(f.offset)}));
    return dict;
  }
  if (attr == "subdtype") {
    if (!ds.base) return Value();
    std::vector<Value> shp;
    for (int64_t n : ds.sub_shape) shp.push_back(Value::integer(n));
    return make_tuple({dtype_value(in, *ds.base), make_tuple(std::move(shp))});
  }
  if (attr == "shape") {
    std::vector<Value> shp;
    for (int64_t n : ds.sub_shape) shp.push_back(Value::integer(n));
    return make_tuple(std::move(shp));
  }
  if (attr == "ndim") return Value::integer(int64_t(ds.sub_shape.size()));
  if (attr == "base") return ds.base ? dtype_value(in, *ds.base) : v;
  found = false;
  return Value();
}

namespace {

// ---------------------------------------------------------------- scalar types

Value make_flexible_scalar(DType kind, const std::string& bytes_or_text) {
  const int64_t n = kind == DType::Str ? text_length(bytes_or_text) : int64_t(bytes_or_text.size());
  ArrayPtr a = make_array(kind, flexible_descr(kind, n), {}, 'C', Flavor::Scalar);
  write_str(*a->descr, a->data(), bytes_or_text);
  a->writeable = false;
  return Value(a);
}

Value np_str_new(Interp& in, Args& a) {
  Value x = a.optional(0, "value", make_str(""));
  a.finish(1);
  if (x.is_array() && x.arr().dtype == DType::Str && x.arr().size() == 1) return make_flexible_scalar(DType::Str, texts_of(x.arr())[0]);
  return make_flexible_scalar(DType::Str, in.str(x));
}

Value np_bytes_new(Interp& in, Args& a) {
  Value x = a.optional(0, "value", make_bytes(""));
  a.finish(1);
  if (auto* s = x.as<StrObj>()) {
    require_ascii(s->s);
    return make_flexible_scalar(DType::Bytes, s->s);
  }
  if (is_bytes(x)) return make_flexible_scalar(DType::Bytes, x.as<BytesObj>()->s);
  if (x.is_array() && x.arr().dtype == DType::Bytes && x.arr().size() == 1) return make_flexible_scalar(DType::Bytes, texts_of(x.arr())[0]);
  return make_flexible_scalar(DType::Bytes, in.str(x));
}

Value np_void_new(Interp& in, Args& a) {
  Value x = a.required(0, "value");
  Value dt = a.optional(1, "dtype");
  a.finish(2);
  if (!dt.is_none()) {
    const DTypeFull t = to_dtype_full(in, dt);
    if (!t.descr || t.dt != DType::Void) in.raise_exc("TypeError", "void: descr must be a `void` dtype, got " + in.repr(dt));
    ArrayPtr r = make_array(t.dt, t.descr, {}, 'C', Flavor::Scalar);
    store_element(in, x, *r, r->data());
    r->writeable = false;
    return Value(r);
  }
  if (x.is_int()) {
    // NumPy's itemsize is a C int (PyArray_DescrNew): np.void(n) checks the size first.
    if (!flexible_size_ok(DType::Void, x.as_int()))
      in.raise_exc("OverflowError", "size must be non-negative and not greater than 2147483647");
    // void_arrtype_new makes np.void(0) one zero byte: there is no 'V0' scalar.
    return make_flexible_scalar(DType::Void, std::string(size_t(std::max<int64_t>(x.as_int(), 1)), '\0'));
  }
  if (auto* s = x.as<BytesObj>()) return make_flexible_scalar(DType::Void, s->s);
  in.raise_exc("TypeError", "void() argument must be an integer or bytes-like object");
}

// ---------------------------------------------------------------- np.char / np.strings

// The arguments of an elementwise text function, broadcast together: text
// arguments as their texts, number arguments as int64 (widths, counts).
struct TextCall {
  Shape shape;
  DType kind = DType::Str;          // of the first text argument
  int64_t width = 0;                // characters of the first text argument's dtype
  std::vector<std::vector<std::string>> texts;
  std::vector<std::vector<int64_t>> ints;
};

// The NumPy 2 dtype class of a numeric dtype ("Int64DType"), for no-loop messages.
std::string dtype_class_name(DType dt) {
  static const char* names[kNumDTypes] = {"Bool", "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16",
                                          "UInt32", "UInt64", "Float16", "Float32", "Float64", "Complex64",
                                          "Complex128"};
  return std::string(is_flexible(dt) ? "Void" : names[int(dt)]) + "DType";
}

// The DType class NumPy 2's type resolution sees for an operand: an array's
// (StrDType, Float64DType, ...), or for a Python object its abstract DType
// (_PyLongDType, _PyFloatDType, _PyComplexDType) or the one it converts to.
std::string operand_dtype_class(Interp& in, const Value& v) {
  if (v.is_bool()) return "BoolDType";
  if (v.is_int() || v.as<BigIntObj>()) return "_PyLongDType";
  if (v.is_float()) return "_PyFloatDType";
  if (v.as<ComplexObj>()) return "_PyComplexDType";
  ArrayPtr x;
  try {
    x = to_array(in, v);
  } catch (const PyError& e) {
    if (e.type != "TypeError") throw;  // a ragged list is asarray's ValueError
    return "ObjectDType";  // None, a dict, a function: an object array
  }
  if (x->descr) return x->descr->kind == DType::Str ? "StrDType" : x->descr->kind == DType::Bytes ? "BytesDType" : "VoidDType";
  return dtype_class_name(x->dtype);
}

// Note [String ufunc loops]
// NumPy 2's np.strings functions are ufuncs (count, find, startswith,
// _strip_chars, str_len, ...) whose loops take text (all str or all bytes)
// where text goes and int64 where positions go. Resolution fails first when a
// text operand is no text: "ufunc 'count' did not contain a loop with
// signature matching types (<class 'numpy.dtypes.Float64DType'>, <class
// 'numpy.dtypes._PyLongDType'>, ...) -> None", one class per operand, defaults
// included. Otherwise a position that does not cast to int64 is the input
// casting error "Cannot cast ufunc 'count' input 2 from dtype('<U1') to
// dtype('int64') with casting rule 'same_kind'".
void check_string_ufunc_operands(Interp& in, const char* ufunc, const std::vector<Value>& vals,
                                 const std::vector<bool>& is_text_arg) {
  std::vector<std::string> cls;
  bool loop = true;
  std::string text_kind;
  for (size_t k = 0; k < vals.size(); ++k) {
    cls.push_back(operand_dtype_class(in, vals[k]));
    if (!is_text_arg[k]) continue;
    if (cls[k] != "StrDType" && cls[k] != "BytesDType") loop = false;
    else if (text_kind.empty()) text_kind = cls[k];
    else if (cls[k] != text_kind) loop = false;
  }
  // Python numbers stay abstract only beside an operand with a dtype of its
  // own; alone they are their default dtypes (NEP 50)
  if (std::all_of(cls.begin(), cls.end(), [](const std::string& c) { return c.rfind("_Py", 0) == 0; }))
    for (auto& c : cls) c = c == "_PyLongDType" ? "Int64DType" : c == "_PyFloatDType" ? "Float64DType" : "Complex128DType";
  if (!loop) {
    std::string types;
    for (size_t k = 0; k < cls.size(); ++k) types += (k ? ", " : "") + ("<class 'numpy.dtypes." + cls[k] + "'>");
    in.raise_exc("_UFuncNoLoopError", std::string("ufunc '") + ufunc + "' did not contain a loop with signature matching types " +
                                          (cls.size() == 1 ? types : "(" + types + ")") + " -> None");
  }
  for (size_t k = 0; k < vals.size(); ++k) {
    if (is_text_arg[k] || cls[k] == "_PyLongDType" || cls[k] == "BoolDType" || cls[k].find("Int") != std::string::npos)
      continue;
    ArrayPtr x = to_array(in, vals[k]);
    in.raise_exc("_UFuncInputCastingError", std::string("Cannot cast ufunc '") + ufunc + "' input " + std::to_string(k) +
                                                " from " + dtype_repr(DTypeFull{x->dtype, x->descr}) +
                                                " to dtype('int64') with casting rule 'same_kind'");
  }
}

// np.strings' integer operands (zfill's and the justifiers' width,
// multiply's i) are checked before anything else: "unsupported type <U1 for operand 'width'".
void check_int_operand(Interp& in, const Value& v, const char* name) {
  ArrayPtr x = to_array(in, v);
  if (!is_integer(x->dtype) || x->descr)
    in.raise_exc("TypeError", "unsupported type " + dtype_text(DTypeFull{x->dtype, x->descr}) + " for operand '" + name + "'");
}

// The text operand of zfill / multiply, whose first ufunc is str_len(a).
void check_str_len_operand(Interp& in, const Value& x) {
  check_string_ufunc_operands(in, "str_len", {x}, {true});
}

// ufunc: the name of the NumPy 2 ufunc behind the function (its errors:
// Note [String ufunc loops]), null for the functions NumPy runs through
// _vec_string (TypeError "string operation on non-string array").
TextCall broadcast_args(Interp& in, const std::vector<Value>& vals, const std::vector<bool>& is_text_arg,
                        const char* ufunc = nullptr) {
  if (ufunc) check_string_ufunc_operands(in, ufunc, vals, is_text_arg);
  TextCall c;
  std::vector<ArrayPtr> arrs;
  std::vector<Shape> shapes;
  bool kind_set = false;
  for (size_t k = 0; k < vals.size(); ++k) {
    ArrayPtr x;
    try {
      x = to_array(in, vals[k]);
    } catch (const PyError& e) {
      // None, a dict, a function: NumPy makes an object array, for which the
      // ufunc has no loop (and _vec_string refuses it)
      if (!is_text_arg[k] || e.type != "TypeError") throw;
      if (!ufunc || vals.size() != 1) in.raise_exc("TypeError", "string operation on non-string array");
      in.raise_exc("_UFuncNoLoopError", std::string("ufunc '") + ufunc +
                                            "' did not contain a loop with signature matching types <class "
                                            "'numpy.dtypes.ObjectDType'> -> None");
    }
    if (is_text_arg[k]) {
      if (!x->descr || x->descr->kind == DType::Void) {
        if (!ufunc || vals.size() != 1) in.raise_exc("TypeError", "string operation on non-string array");
        in.raise_exc("_UFuncNoLoopError", std::string("ufunc '") + ufunc +
                                              "' did not contain a loop with signature matching types <class 'numpy.dtypes." +
                                              dtype_class_name(x->dtype) + "'> -> None");
      }
      if (!kind_set) {
        c.kind = x->dtype;
        c.width = flexible_length(*x->descr);
        kind_set = true;
      }
    } else if (!is_integer(x->dtype) && x->dtype != DType::Bool) {
      in.raise_exc("TypeError", "an integer is required");
    }
    arrs.push_back(x);
    shapes.push_back(x->shape);
  }
  if (!try_broadcast_shapes(shapes, c.shape)) {
    std::string s;
    for (auto& sh : shapes) s += " " + shape_compact(sh);
    in.raise_exc("ValueError", "operands could not be broadcast together with shapes" + s);
  }
  c.texts.resize(vals.size());
  c.ints.resize(vals.size());
  for (size_t k = 0; k < vals.size(); ++k) {
    ArrayPtr b = copy_array(broadcast_layout(*arrs[k], c.shape), 'C');
    if (is_text_arg[k]) {
      c.texts[k] = texts_of(*b);
    } else {
      ArrayPtr i64 = copy_as(*b, DType::I64);
      const int64_t* p = reinterpret_cast<const int64_t*>(i64->data());
      c.ints[k].assign(p, p + i64->size());
    }
  }
  return c;
}

bool is_space(unsigned char ch) { return ch == ' ' || (ch >= '\t' && ch <= '\r') || ch == 0x1c || ch == 0x1d || ch == 0x1e || ch == 0x1f; }

std::string ascii_map(const std::string& s, int (*f)(int)) {
  std::string r = s;
  for (char& ch : r)
    if ((unsigned char)ch < 0x80) ch = char(f((unsigned char)ch));
  return r;
}

// Python's str.strip(chars) family: which = 'l', 'r' or 'b'.
std::string strip_text(const std::string& s, const std::string* chars, char which) {
  auto drop = [&](unsigned char ch) { return chars ? chars->find(char(ch)) != std::string::npos : is_space(ch); };
  size_t b = 0, e = s.size();
  if (which != 'r')
    while (b < e && drop((unsigned char)s[b])) ++b;
  if (which != 'l')
    while (e > b && drop((unsigned char)s[e - 1])) --e;
  return s.substr(b, e - b);
}

// Code-point index of a byte offset in UTF-8 text.
int64_t cp_index(const std::string& s, size_t byte) { return int64_t(utf8_len(s.substr(0, byte))); }

std::string pad_text(const std::string& s, int64_t width, const std::string& fill, char how) {
  const int64_t len = text_length(s);
  if (width <= len) return s;
  const int64_t total = width - len;
  int64_t left = how == 'l' ? 0 : how == 'r' ? total : total / 2 + (total & width & 1);
  auto rep = [&](int64_t n) {
    std::string r;
    for (int64_t k = 0; k < n; ++k) r += fill;
    return r;
  };
  return rep(left) + s + rep(total - left);
}

Value text_result(const TextCall& c, const std::vector<std::string>& out, int64_t width = -1) {
  return wrap(text_array(c.kind, c.shape, out, width));
}

template <class T>
Value number_result(const TextCall& c, const std::vector<T>& out) {
  ArrayPtr r = make_array(std::is_same_v<T, bool> ? DType::Bool : DType::I64, c.shape);
  for (size_t i = 0; i < out.size(); ++i) {
    if constexpr (std::is_same_v<T, bool>) r->data()[i] = out[i];
    else std::memcpy(r->data() + i * 8, &out[i], 8);
  }
  return wrap(r);
}

// The functions that keep the input's width and map each text alone.
Value map_same_width(Interp& in, Args& a, std::string (*f)(const std::string&)) {
  Value x = a.required(0, "a");
  a.finish(1);
  TextCall c = broadcast_args(in, {x}, {true});
  std::vector<std::string> out;
  for (auto& s : c.texts[0]) out.push_back(f(s));
  return text_result(c, out, c.width);
}

std::string to_upper(const std::string& s) { return ascii_map(s, ::toupper); }
std::string to_lower(const std::string& s) { return ascii_map(s, ::tolower); }
std::string swap_case(const std::string& s) {
  std::string r = s;
  for (char& ch : r) ch = std::isupper((unsigned char)ch) ? char(std::tolower((unsigned char)ch)) : char(std::toupper((unsigned char)ch));
  return r;
}
std::string capitalize(const std::string& s) {
  std::string r = to_lower(s);
  if (!r.empty() && (unsigned char)r[0] < 0x80) r[0] = char(std::toupper((unsigned char)r[0]));
  return r;
}
std::string title_case(const std::string& s) {
  std::string r = s;
  bool prev_cased = false;
  for (char& ch : r) {
    unsigned char u = (unsigned char)ch;
    if (std::isalpha(u)) {
      ch = char(prev_cased ? std::tolower(u) : std::toupper(u));
      prev_cased = true;
    } else {
      prev_cased = false;
    }
  }
  return r;
}

Value ch_upper(Interp& in, Args& a) { return map_same_width(in, a, to_upper); }
Value ch_lower(Interp& in, Args& a) { return map_same_width(in, a, to_lower); }
Value ch_swapcase(Interp& in, Args& a) { return map_same_width(in, a, swap_case); }
Value ch_capitalize(Interp& in, Args& a) { return map_same_width(in, a, capitalize); }
Value ch_title(Interp& in, Args& a) { return map_same_width(in, a, title_case); }

Value strip_common(Interp& in, Args& a, char which) {
  Value x = a.required(0, "a"), chars = a.optional(1, "chars");
  a.finish(2);
  const char* prefix = which == 'l' ? "_lstrip" : which == 'r' ? "_rstrip" : "_strip";
  if (chars.is_none()) {
    TextCall c = broadcast_args(in, {x}, {true}, (std::string(prefix) + "_whitespace").c_str());
    std::vector<std::string> out;
    for (auto& s : c.texts[0]) out.push_back(strip_text(s, nullptr, which));
    return text_result(c, out, c.width);
  }
  TextCall c = broadcast_args(in, {x, chars}, {true, true}, (std::string(prefix) + "_chars").c_str());
  std::vector<std::string> out;
  for (size_t i = 0; i < c.texts[0].size(); ++i) out.push_back(strip_text(c.texts[0][i], &c.texts[1][i], which));
  return text_result(c, out, c.width);
}
Value ch_strip(Interp& in, Args& a) { return strip_common(in, a, 'b'); }
Value ch_lstrip(Interp& in, Args& a) { return strip_common(in, a, 'l'); }
Value ch_rstrip(Interp& in, Args& a) { return strip_common(in, a, 'r'); }

Value ch_add(Interp& in, Args& a) {
  Value x = a.required(0, "x1"), y = a.required(1, "x2");
  a.finish(2);
  ArrayPtr p = to_array(in, x), q = to_array(in, y);
  if (!p->descr && !q->descr) return in.call(in.modules.at("numpy")->attrs.at("add"), std::vector<Value>{x, y});  // it is np.add
  return wrap(text_ufunc(Ufunc::add, {UfuncOperand{p}, UfuncOperand{q}}, {}));
}

// np.strings.multiply; np.char.multiply turns any TypeError of it into
// ValueError "Can only multiply by integers".
Value strings_multiply(Interp& in, Args& a) {
  Value x = a.required(0, "a"), n = a.required(1, "i");
  a.finish(2);
  check_int_operand(in, n, "i");
  check_str_len_operand(in, x);
  TextCall c = broadcast_args(in, {x, n}, {true, false});
  std::vector<std::string> out;
  for (size_t i = 0; i < c.texts[0].size(); ++i) {
    std::string r;
    for (int64_t k = 0; k < c.ints[1][i]; ++k) r += c.texts[0][i];
    out.push_back(r);
  }
  return text_result(c, out);
}

// out= of a unary string ufunc (the positional after the input, or the
// keyword): NumPy checks it before it looks for a loop, so a read-only out is
// the first error ("output array is read-only"). The result is written into it.
ArrayPtr text_out(Interp& in, Args& a, size_t pos) {
  Value v;
  const bool positional = a.pos.size() > pos;
  if (!a.take(pos, "out", v)) return nullptr;
  // a positional out is one array; only the keyword takes a 1-tuple
  if (positional && v.as<TupleObj>()) in.raise_exc("TypeError", "return arrays must be of ArrayType");
  ArrayPtr o = out_arg(in, v);
  if (o && !o->writeable) in.raise_exc("ValueError", "output array is read-only");
  return o;
}
Value into_out(Interp& in, const ArrayPtr& o, const Value& r) {
  if (!o) return r;
  ArrayPtr rr = to_array(in, r);
  copy_into(*o, *(rr->shape == o->shape ? rr : broadcast_to(rr, o->shape)));
  return wrap(o);
}

Value char_multiply(Interp& in, Args& a) {
  try {
    return strings_multiply(in, a);
  } catch (const PyError& e) {
    if (e.type != "TypeError" && e.type != "_UFuncNoLoopError" && e.type != "_UFuncInputCastingError") throw;
  }
  in.raise_exc("ValueError", "Can only multiply by integers");
}

Value ch_str_len(Interp& in, Args& a) {
  Value x = a.required(0, "a");
  ArrayPtr o = text_out(in, a, 1);
  a.finish(2);
  TextCall c = broadcast_args(in, {x}, {true}, "str_len");
  std::vector<int64_t> out;
  for (auto& s : c.texts[0]) out.push_back(c.kind == DType::Str ? text_length(s) : int64_t(s.size()));
  return into_out(in, o, number_result(c, out));
}

Value ch_replace(Interp& in, Args& a) {
  Value x = a.required(0, "a"), old = a.required(1, "old"), neu = a.required(2, "new"), cnt = a.optional(3, "count", Value::integer(-1));
  a.finish(4);
  TextCall c = broadcast_args(in, {x, old, neu, cnt}, {true, true, true, false});
  std::vector<std::string> out;
  for (size_t i = 0; i < c.texts[0].size(); ++i) {
    const std::string &s = c.texts[0][i], &o = c.texts[1][i], &r = c.texts[2][i];
    int64_t left = c.ints[3][i];
    std::string res;
    size_t pos = 0;
    if (o.empty()) {  // Python inserts the replacement between every character
      res = s;
    } else {
      for (;;) {
        size_t f = left == 0 ? std::string::npos : s.find(o, pos);
        if (f == std::string::npos) break;
        res += s.substr(pos, f - pos) + r;
        pos = f + o.size();
        if (left > 0) --left;
      }
      res += s.substr(pos);
    }
    out.push_back(res);
  }
  return text_result(c, out);
}

Value justify(Interp& in, Args& a, char how) {
  Value x = a.required(0, "a"), w = a.required(1, "width"), fill = a.optional(2, "fillchar", make_str(" "));
  a.finish(3);
  check_int_operand(in, w, "width");
  // the fill character becomes an array of a's dtype (np.asarray(fillchar, dtype=a.dtype))
  if (ArrayPtr xa = to_array(in, x); !xa->descr && fill.as<StrObj>()) {
    const std::string f = in.repr(fill);
    if (is_inexact(xa->dtype)) in.raise_exc("ValueError", "could not convert string to float: np.str_(" + f + ")");
    if (is_integer(xa->dtype)) in.raise_exc("ValueError", "invalid literal for int() with base 10: np.str_(" + f + ")");
  }
  TextCall c = broadcast_args(in, {x, w, fill}, {true, false, true});
  std::vector<std::string> out;
  for (size_t i = 0; i < c.texts[0].size(); ++i) {
    if (text_length(c.texts[2][i]) != 1) in.raise_exc("TypeError", "The fill character must be exactly one character long");
    out.push_back(pad_text(c.texts[0][i], c.ints[1][i], c.texts[2][i], how));
  }
  return text_result(c, out);
}
Value ch_center(Interp& in, Args& a) { return justify(in, a, 'c'); }
Value ch_ljust(Interp& in, Args& a) { return justify(in, a, 'l'); }
Value ch_rjust(Interp& in, Args& a) { return justify(in, a, 'r'); }

Value ch_zfill(Interp& in, Args& a) {
  Value x = a.required(0, "a"), w = a.required(1, "width");
  a.finish(2);
  check_int_operand(in, w, "width");
  check_str_len_operand(in, x);
  TextCall c = broadcast_args(in, {x, w}, {true, false});
  std::vector<std::string> out;
  for (size_t i = 0; i < c.texts[0].size(); ++i) {
    const std::string& s = c.texts[0][i];
    const int64_t len = text_length(s), width = c.ints[1][i];
    if (width <= len) {
      out.push_back(s);
      continue;
    }
    const bool sign = !s.empty() && (s[0] == '+' || s[0] == '-');
    std::string zeros(size_t(width - len), '0');
    out.push_back(sign ? s.substr(0, 1) + zeros + s.substr(1) : zeros + s);
  }
  return text_result(c, out);
}

Value ch_join(Interp& in, Args& a) {
  Value sep = a.required(0, "sep"), seq = a.required(1, "seq");
  a.finish(2);
  TextCall c = broadcast_args(in, {sep, seq}, {true, true});
  std::vector<std::string> out;
  for (size_t i = 0; i < c.texts[0].size(); ++i) {
    const std::string& s = c.texts[1][i];
    std::string r;
    for (size_t k = 0; k < s.size();) {  // between code points
      size_t n = 1;
      while (k + n < s.size() && ((unsigned char)s[k + n] & 0xc0) == 0x80) ++n;
      if (k) r += c.texts[0][i];
      r += s.substr(k, n);
      k += n;
    }
    out.push_back(r);
  }
  return text_result(c, out);
}

// startswith / endswith / find / rfind / count with Python's start, end slicing.
template <class R>
Value search_common(Interp& in, Args& a, const char* what, R (*f)(const std::string&, const std::string&),
                    const char* ufunc) {
  Value x = a.required(0, "a"), sub = a.required(1, what), start = a.optional(2, "start", Value::integer(0)),
        end = a.optional(3, "end");
  a.finish(4);
  if (end.is_none()) end = Value::integer(INT64_MAX);
  TextCall c = broadcast_args(in, {x, sub, start, end}, {true, true, false, false}, ufunc);
  std::vector<R> out;
  for (size_t i = 0; i < c.texts[0].size(); ++i) {
    const std::string& s = c.texts[0][i];
    const int64_t len = text_length(s);
    int64_t b = c.ints[2][i], e = c.ints[3][i];
    if (b < 0) b = std::max<int64_t>(0, b + len);
    if (e < 0) e = std::max<int64_t>(0, e + len);
    e = std::min(e, len);
    // byte range of code points [b, e)
    auto byte_of = [&](int64_t cp) {
      size_t k = 0;
      for (int64_t n = 0; n < cp && k < s.size(); ++n) {
        ++k;
        while (k < s.size() && ((unsigned char)s[k] & 0xc0) == 0x80) ++k;
      }
      return k;
    };
    if (b > e) {
      out.push_back(std::is_same_v<R, bool> ? R(false) : std::is_same_v<R, int64_t> && std::string(what) == "sub" ? R(-1) : R(0));
      continue;
    }
    const size_t bb = byte_of(b), eb = byte_of(e);
    R r = f(s.substr(bb, eb - bb), c.texts[1][i]);
    if constexpr (std::is_same_v<R, int64_t>) {
      if (std::string(what) == "sub" && r >= 0) r = cp_index(s.substr(bb, eb - bb), size_t(r)) + b;
    }
    out.push_back(r);
  }
  return number_result(c, out);
}

bool starts(const std::string& s, const std::string& p) { return s.compare(0, p.size(), p) == 0 && s.size() >= p.size(); }
bool ends(const std::string& s, const std::string& p) { return s.size() >= p.size() && s.compare(s.size() - p.size(), p.size(), p) == 0; }
int64_t find_first(const std::string& s, const std::string& p) { size_t f = s.find(p); return f == std::string::npos ? -1 : int64_t(f); }
int64_t find_last(const std::string& s, const std::string& p) { size_t f = s.rfind(p); return f == std::string::npos ? -1 : int64_t(f); }
int64_t count_of(const std::string& s, const std::string& p) {
  if (p.empty()) return text_length(s) + 1;
  int64_t n = 0;
  for (size_t f = s.find(p); f != std::string::npos; f = s.find(p, f + p.size())) ++n;
  return n;
}

Value ch_startswith(Interp& in, Args& a) { return search_common<bool>(in, a, "prefix", starts, "startswith"); }
Value ch_endswith(Interp& in, Args& a) { return search_common<bool>(in, a, "suffix", ends, "endswith"); }
Value ch_find(Interp& in, Args& a) { return search_common<int64_t>(in, a, "sub", find_first, "find"); }
Value ch_rfind(Interp& in, Args& a) { return search_common<int64_t>(in, a, "sub", find_last, "rfind"); }
Value ch_count(Interp& in, Args& a) { return search_common<int64_t>(in, a, "sub_count", count_of, "count"); }

// Python's str.isdigit() and friends on ASCII text (empty text is False).
Value predicate(Interp& in, Args& a, const char* name, bool (*f)(const std::string&)) {
  Value x = a.required(0, "a");
  ArrayPtr o = text_out(in, a, 1);
  a.finish(2);
  TextCall c = broadcast_args(in, {x}, {true}, name);
  std::vector<bool> out;
  for (auto& s : c.texts[0]) out.push_back(!s.empty() && f(s));
  return into_out(in, o, number_result(c, out));
}
template <int (*F)(int)>
bool all_of_text(const std::string& s) {
  return std::all_of(s.begin(), s.end(), [](char ch) { return F((unsigned char)ch) != 0; });
}
bool cased_upper(const std::string& s) {
  bool any = false;
  for (unsigned char ch : s) {
    if (std::islower(ch)) return false;
    any |= bool(std::isupper(ch));
  }
  return any;
}
bool cased_lower(const std::string& s) {
  bool any = false;
  for (unsigned char ch : s) {
    if (std::isupper(ch)) return false;
    any |= bool(std::islower(ch));
  }
  return any;
}
Value ch_isdigit(Interp& in, Args& a) { return predicate(in, a, "isdigit", all_of_text<::isdigit>); }
Value ch_isalpha(Interp& in, Args& a) { return predicate(in, a, "isalpha", all_of_text<::isalpha>); }
Value ch_isalnum(Interp& in, Args& a) { return predicate(in, a, "isalnum", all_of_text<::isalnum>); }
Value ch_isspace(Interp& in, Args& a) { return predicate(in, a, "isspace", all_of_text<::isspace>); }
Value ch_isupper(Interp& in, Args& a) { return predicate(in, a, "isupper", cased_upper); }
Value ch_islower(Interp& in, Args& a) { return predicate(in, a, "islower", cased_lower); }

// np.strings.equal & co. are the comparison ufuncs themselves (numbers
// compare as numbers); np.char's are compare_chararrays(x1, x2, op, rstrip=True):
// text only ("comparison of non-string arrays"), trailing whitespace ignored.
template <bool legacy_char>
Value compare_fn(Interp& in, Args& a, Ufunc op) {
  Value x = a.required(0, "x1"), y = a.required(1, "x2");
  a.finish(2);
  ArrayPtr p = to_array(in, x), q = to_array(in, y);
  const bool text = p->descr && q->descr && p->descr->kind != DType::Void && q->descr->kind != DType::Void;
  if (legacy_char && !text) in.raise_exc("TypeError", "comparison of non-string arrays");
  if (!p->descr && !q->descr) return wrap(ufunc_call(op, {UfuncOperand{p}, UfuncOperand{q}}, {}));
  if (legacy_char) {  // rstrip=True
    auto stripped = [&](const ArrayPtr& t) {
      std::vector<std::string> v = texts_of(*t);
      for (auto& s : v) s = strip_text(s, nullptr, 'r');
      return text_array(t->dtype, t->shape, v, flexible_length(*t->descr));
    };
    p = stripped(p);
    q = stripped(q);
  }
  return wrap(text_ufunc(op, {UfuncOperand{p}, UfuncOperand{q}}, {}));
}
template <bool C> Value ch_equal(Interp& in, Args& a) { return compare_fn<C>(in, a, Ufunc::equal); }
template <bool C> Value ch_not_equal(Interp& in, Args& a) { return compare_fn<C>(in, a, Ufunc::not_equal); }
template <bool C> Value ch_less(Interp& in, Args& a) { return compare_fn<C>(in, a, Ufunc::less); }
template <bool C> Value ch_less_equal(Interp& in, Args& a) { return compare_fn<C>(in, a, Ufunc::less_equal); }
template <bool C> Value ch_greater(Interp& in, Args& a) { return compare_fn<C>(in, a, Ufunc::greater); }
template <bool C> Value ch_greater_equal(Interp& in, Args& a) { return compare_fn<C>(in, a, Ufunc::greater_equal); }

// np.char and np.strings share these (np.char.split needs object arrays,
// which stridelab does not have, so it is absent).
const FnEntry kTextFns[] = {
    {"upper", ch_upper, {"upper(a)"}}, {"lower", ch_lower, {"lower(a)"}}, {"swapcase", ch_swapcase, {"swapcase(a)"}},
    {"capitalize", ch_capitalize, {"capitalize(a)"}}, {"title", ch_title, {"title(a)"}},
    {"strip", ch_strip, {"strip(a, chars=)"}}, {"lstrip", ch_lstrip, {"lstrip(a, chars=)"}},
    {"rstrip", ch_rstrip, {"rstrip(a, chars=)"}}, {"add", ch_add}, {"multiply", strings_multiply, {"multiply(a, i)"}},
    {"str_len", ch_str_len}, {"replace", ch_replace, {"replace(a, old, new, count=)"}},
    {"center", ch_center, {"center(a, width, fillchar=)"}}, {"ljust", ch_ljust, {"ljust(a, width, fillchar=)"}},
    {"rjust", ch_rjust, {"rjust(a, width, fillchar=)"}}, {"zfill", ch_zfill, {"zfill(a, width)"}},
    {"join", ch_join, {"join(sep, seq)"}}, {"startswith", ch_startswith, {"startswith(a, prefix, start=, end=)"}},
    {"endswith", ch_endswith, {"endswith(a, suffix, start=, end=)"}},
    {"find", ch_find, {"find(a, sub, start=, end=)"}}, {"rfind", ch_rfind, {"rfind(a, sub, start=, end=)"}},
    {"count", ch_count, {"count(a, sub, start=, end=)"}}, {"isdigit", ch_isdigit}, {"isalpha", ch_isalpha},
    {"isalnum", ch_isalnum}, {"isspace", ch_isspace}, {"isupper", ch_isupper}, {"islower", ch_islower},
    {"equal", ch_equal<false>}, {"not_equal", ch_not_equal<false>}, {"less", ch_less<false>},
    {"less_equal", ch_less_equal<false>}, {"greater", ch_greater<false>}, {"greater_equal", ch_greater_equal<false>},
};
// np.char's own versions (defchararray.py) of some of them.
const FnEntry kCharFns[] = {
    {"multiply", char_multiply, {"multiply(a, i)"}}, {"equal", ch_equal<true>, {"equal(x1, x2)"}},
    {"not_equal", ch_not_equal<true>, {"not_equal(x1, x2)"}}, {"less", ch_less<true>, {"less(x1, x2)"}},
    {"less_equal", ch_less_equal<true>, {"less_equal(x1, x2)"}}, {"greater", ch_greater<true>, {"greater(x1, x2)"}},
    {"greater_equal", ch_greater_equal<true>, {"greater_equal(x1, x2)"}},
};

// ---------------------------------------------------------------- np.rec

// The record dtype of a recarray: the same layout with numpy.record as its scalar type.
DTypeFull record_dtype(const DTypeFull& t) {
  auto d = std::make_shared<Descr>(*t.descr);
  d->record = true;
  return {t.dt, d};
}

Value rec_array(Interp& in, Args& a) {
  Value obj = a.required(0, "obj");
  Value dt = a.optional(1, "dtype");
  a.finish(2);
  std::optional<DTypeFull> t;
  if (!dt.is_none()) t = to_dtype_full(in, dt);
  // numpy.rec.array's dispatch on the input's kind (records/_core/records.py)
  if ((obj.is_none() || obj.as<StrObj>()) && !t)
    in.raise_exc("ValueError", "Must define formats (or dtype) if object is None, string, or an open file");
  if (!obj.is_array() && !obj.as<ListObj>() && !obj.as<TupleObj>() && !obj.as<StrObj>() && !obj.is_none())
    in.raise_exc("ValueError", "Unknown input type");
  ArrayPtr r = to_array_full(in, obj, t, true);
  if (!r->descr || !r->descr->structured()) in.raise_exc("ValueError", "np.rec.array needs a structured dtype");
  const DTypeFull rt = record_dtype(array_dtype(*r));
  r->descr = rt.descr;
  return wrap(r);
}

}  // namespace

// Field access by attribute on a recarray or a record (r.a, r[0].a).
bool record_getattr(Interp& in, const ArrayPtr& a, const std::string& name, Value& out) {
  if (!a->descr || !a->descr->record || !a->descr->field(name)) return false;
  ArrayPtr f = field_view(a, name);
  if (a->flavor == Flavor::Scalar && f->ndim() == 0) out = element_value(in, *f, f->data());
  else out = wrap(f);
  return true;
}

void install_numpy_strings(Interp& in, ModuleObj& np) {
  Types& t = in.t;
  TypeObj* flexible = in.new_type("flexible", "numpy", {t.np_generic});
  TypeObj* character = in.new_type("character", "numpy", {flexible});
  np.attrs["flexible"] = type_obj_value(flexible);
  np.attrs["character"] = type_obj_value(character);
  struct ScalarType {
    DType dt;
    const char* name;
    std::vector<TypeObj*> bases;
    NativeFn make;
  };
  const ScalarType scalars[] = {
      {DType::Str, "str_", {t.str, character}, np_str_new},
      {DType::Bytes, "bytes_", {character}, np_bytes_new},
      {DType::Void, "void", {flexible}, np_void_new},
  };
  for (const ScalarType& s : scalars) {
    TypeObj* ty = in.new_type(s.name, "numpy", s.bases);
    ty->call = s.make;
    t.np_scalar[int(s.dt)] = ty;
    np.attrs[s.name] = type_obj_value(ty);
  }
  ModuleObj& ch = submodule(in, "numpy.char");
  ModuleObj& st = submodule(in, "numpy.strings");
  def_fns(in, ch, kTextFns);
  def_fns(in, ch, kCharFns);
  def_fns(in, st, kTextFns);
  st.attrs.erase("join");  // NumPy 2.2's np.strings has no join (np.char.join does)

  ModuleObj& rec = submodule(in, "numpy.rec");
  def_fn(in, rec, "array", rec_array,
         {"array(obj, dtype=, shape=, offset=, strides=, formats=, names=, titles=, aligned=, byteorder=, copy=)"});
  t.np_recarray = in.new_type("recarray", "numpy", {t.ndarray});
  t.np_record = in.new_type("record", "numpy", {t.np_scalar[int(DType::Void)]});
  np.attrs["recarray"] = type_obj_value(t.np_recarray);
  np.attrs["record"] = type_obj_value(t.np_record);
  // np.recarray(shape, dtype=None, ..., formats=None, ...): the record layout
  // comes from dtype or from formats/names (format_parser); neither is an error
  // before the shape is looked at. The new array's elements are zero.
  t.np_recarray->call = [](Interp& in, Args& a) -> Value {
    Value shape = a.required(0, "shape"), dt = a.optional(1, "dtype"), formats;
    a.take(5, "formats", formats);
    if (dt.is_none() && formats.is_none()) in.raise_exc("ValueError", "Need formats argument");
    if (dt.is_none()) in.raise_exc("NotImplementedError", "np.recarray(formats=...) is not supported in stridelab; pass dtype=");
    Value zeros = in.call(in.modules.at("numpy")->attrs.at("zeros"), std::vector<Value>{shape, dt});
    Args b;
    b.pos = {zeros};
    return rec_array(in, b);
  };
  // np.record(x) is np.void(x) (its base): bytes, a size, an array's memory
  t.np_record->call = np_void_new;
}

}  // namespace sl::lang
